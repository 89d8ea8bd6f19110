/*
 * codegen_xml.c - the files OpenModelica writes beside a simulator, for the tools that read them:
 * <exe>_init.xml (the model's variables with causality, variability, start values, and the default
 * experiment) and <exe>_info.json (the variables with their kinds, units and source locations).
 *
 * Input: the solved DAE (its variables, aliases, parameter bindings, experiment annotation). Output:
 * the two texts, which the caller writes once the executable is built. Every string from the model
 * (names, descriptions, units, file names) is escaped for XML or JSON (util: mo_buf_xml, mo_buf_json).
 *
 * The XML follows OpenModelica's layout (an extension of FMI 1.0's modelDescription), so that scripts
 * written for OpenModelica read it unchanged: OMPython's ModelicaSystem reads DefaultExperiment and
 * every ScalarVariable's name, description, variability, causality, isValueChangeable, alias and its
 * type element's start/min/max/unit; other scripts change a start attribute and run the simulator with
 * -f=FILE, which reads it back (runtime/initxml.c). isValueChangeable is true exactly where that works:
 * for parameters whose binding is a constant (the others are "calculatedParameter": computed from other
 * parameters at run time) and for states whose start value is a constant.
 *
 * The JSON also says whether the model has an experiment annotation ("experiment": {"annotation":
 * false}); mo2c regress reads it to run a model without one over its reference's time span.
 */
#include "codegen.h"
#include "daeutil.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shortest %g text of v that reads back as v (compile time: a few snprintf calls are fine). */
static void put_number(mo_buf *b, double v)
{
    char s[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(s, sizeof s, "%.*g", p, v);
        if (strtod(s, NULL) == v)
            break;
    }
    mo_buf_puts(b, s);
}

typedef struct var_desc {
    const char *variability, *causality, *type, *class_type;
    bool has_start, changeable;
    double start;
} var_desc;

/* What the XML says of variable v; values[] holds the parameters' values (NAN where unknown). */
static var_desc describe(const mo_dae *dae, int v, const double *values)
{
    const mo_dvar *dv = &dae->vars.v[v];
    const mo_var *fv = dv->flat >= 0 ? &dae->flat->vars.v[dv->flat] : NULL;
    var_desc d = {"continuous", "local", "Real", "rAlg", false, false, 0};
    int bt = fv ? fv->type : MO_T_REAL;
    d.type = bt == MO_T_BOOLEAN ? "Boolean" : bt == MO_T_INTEGER || bt == MO_T_ENUM ? "Integer" : "Real";
    char tc = bt == MO_T_BOOLEAN ? 'b' : bt == MO_T_REAL ? 'r' : 'i';
    bool ok = true;
    const mo_dvar *kept = dv;
    int k = mo_dae_resolve(dae, v, NULL, NULL, NULL);
    if (k >= 0)
        kept = &dae->vars.v[k];
    switch (kept->kind) {
    case MO_DV_CONSTANT:
    case MO_DV_PARAMETER:
        d.variability = kept->kind == MO_DV_CONSTANT ? "constant" : "parameter";
        d.causality = "parameter";
        d.class_type = kept->kind == MO_DV_CONSTANT ? "rCon" : "rPar";
        if (k >= 0 && isfinite(values[k])) {
            d.has_start = true;
            d.start = values[k];
        }
        if (kept->kind == MO_DV_PARAMETER && k == v) {
            const mo_var *kv = kept->flat >= 0 ? &dae->flat->vars.v[kept->flat] : NULL;
            const mo_expr *b = kv && kv->binding ? kv->binding : kept->start;
            (void)mo_eval(b, NULL, &ok);
            d.changeable = (b == NULL || ok) && !kept->structural;
            if (!(b == NULL || ok))
                d.causality = "calculatedParameter";
        }
        break;
    case MO_DV_STATE:
        d.class_type = "rSta";
        d.changeable = k == v;
        break;
    case MO_DV_DERIVATIVE:
        d.class_type = "rDer";
        break;
    case MO_DV_DISCRETE:
        d.variability = "discrete";
        break;
    default:
        if (fv && fv->variability == MO_VAR_DISCRETE)
            d.variability = "discrete";
        break;
    }
    if (k < 0) {   /* an alias of a value: a constant or a parameter expression */
        d.variability = fv && fv->variability <= MO_VAR_PARAMETER ? "parameter" : d.variability;
        d.class_type = "rAlg";
    }
    if (kept->kind != MO_DV_PARAMETER && kept->kind != MO_DV_CONSTANT) {
        /* the start value of the variable kept (attributes were merged onto it), or the alias's value */
        bool neg = false;
        const mo_expr *aval = NULL;
        (void)mo_dae_resolve(dae, v, &neg, &aval, NULL);
        const mo_expr *st = k >= 0 ? kept->start : aval;
        ok = true;
        double s = st ? mo_eval(st, values, &ok) : 0.0;
        d.has_start = ok && (st || kept->kind == MO_DV_STATE);
        d.start = neg ? -s : s;
        bool constant = true;   /* -f may set it only when the start is no expression of parameters */
        if (st)
            (void)mo_eval(st, NULL, &constant);
        d.changeable = d.changeable && ok && constant;
    }
    if (fv && (fv->flags & MO_PF_INPUT) && mo_flat_top_level(dv->name))
        d.causality = "input";
    else if (fv && (fv->flags & MO_PF_OUTPUT) && mo_flat_top_level(dv->name))
        d.causality = "output";
    if (tc != 'r') {   /* iAlg, bPar, ... */
        char *c = mo_sprintf("%s", d.class_type);
        c[0] = tc;
        d.class_type = c;
    }
    return d;
}

/* The parameters' values in dependency order (NAN where a binding cannot be evaluated). */
static double *parameter_values(const mo_dae *dae)
{
    double *values = MO_NEWN(double, dae->vars.n + 1);
    for (int v = 0; v < dae->vars.n; v++)
        values[v] = NAN;
    int n = dae->param_order ? dae->nparam_order : dae->vars.n;
    for (int i = 0; i < n; i++) {
        int v = dae->param_order ? dae->param_order[i] : i;
        const mo_dvar *dv = &dae->vars.v[v];
        if (dv->kind != MO_DV_PARAMETER && dv->kind != MO_DV_CONSTANT)
            continue;
        const mo_var *fv = dv->flat >= 0 ? &dae->flat->vars.v[dv->flat] : NULL;
        const mo_expr *b = fv && fv->binding ? fv->binding : dv->start;
        bool ok = true;
        double x = b ? mo_eval(b, values, &ok) : 0.0;
        values[v] = ok ? x : NAN;
    }
    return values;
}

/* A stable identifier of this build of the model: FNV-1a of its name and variable names. */
static void put_guid(mo_buf *b, const mo_dae *dae)
{
    uint64_t h = 1469598103934665603u, g = 1099511628211u;
    const char *name = dae->flat->name;
    for (int v = -1; v < dae->vars.n; v++)
        for (const char *p = v < 0 ? name : dae->vars.v[v].name; p && *p; p++) {
            h = (h ^ (unsigned char)*p) * 1099511628211u;
            g = (g ^ (unsigned char)*p) * 14695981039346656037u;
        }
    mo_buf_printf(b, "{%08x-%04x-%04x-%04x-%012llx}", (unsigned)(h >> 32), (unsigned)(h >> 16) & 0xffff,
                  (unsigned)h & 0xffff, (unsigned)(g >> 48), (unsigned long long)(g & 0xffffffffffffull));
}

static void attr(mo_buf *b, const char *name, const char *value)
{
    mo_buf_printf(b, " %s=\"", name);
    mo_buf_xml(b, value ? value : "");
    mo_buf_puts(b, "\"");
}

/* The text so far into f once it passes FLUSH_BYTES (always when all), so that the files of a model of
 * 10^6 variables (870 MB together) never sit in memory: held whole they took 1.6 GB beside the arena. */
enum { FLUSH_BYTES = 1 << 20 };
static void flush_to(mo_buf *b, FILE *f, bool all)
{
    if (b->len && (all || b->len >= FLUSH_BYTES)) {
        fwrite(b->s, 1, b->len, f);
        b->len = 0;
    }
}

bool mo_codegen_info(const mo_dae *dae, FILE *xml, FILE *json)
{
    const mo_flat *flat = dae->flat;
    const mo_experiment *ex = &flat->experiment;
    double *values = parameter_values(dae);
    int nx = 0, nin = 0, nout = 0, npar = 0;
    for (int v = 0; v < dae->vars.n; v++) {
        var_desc d = describe(dae, v, values);
        nx += dae->vars.v[v].kind == MO_DV_STATE;
        nin += strcmp(d.causality, "input") == 0;
        nout += strcmp(d.causality, "output") == 0;
        npar += dae->vars.v[v].kind == MO_DV_PARAMETER;
    }
    mo_buf x = {0};
    mo_buf_puts(&x, "<?xml version = \"1.0\" encoding=\"UTF-8\"?>\n\n"
                    "<!-- description of the model interface, in OpenModelica's layout (an extension of FMI 1.0);\n"
                    "     written by mo2c, read back by the simulator's -f=FILE -->\n"
                    "<fmiModelDescription\n  fmiVersion=\"1.0\"\n ");
    attr(&x, "modelName", flat->name);
    mo_buf_puts(&x, "\n ");
    attr(&x, "modelIdentifier", flat->name);
    mo_buf_puts(&x, "\n  guid=\"");
    put_guid(&x, dae);
    mo_buf_puts(&x, "\"\n ");
    attr(&x, "description", flat->comment);
    mo_buf_puts(&x, "\n  generationTool=\"mo2c " MO2C_GEN_VERSION "\"\n  variableNamingConvention=\"structured\"\n");
    mo_buf_printf(&x, "  numberOfContinuousStates=\"%d\"\n  numberOfInputVariables=\"%d\"\n"
                      "  numberOfOutputVariables=\"%d\"\n  numberOfRealParameters=\"%d\">\n", nx, nin, nout, npar);
    mo_buf_puts(&x, "  <DefaultExperiment startTime=\"");
    put_number(&x, ex->has_start ? ex->start : 0.0);
    mo_buf_puts(&x, "\" stopTime=\"");
    put_number(&x, ex->has_stop ? ex->stop : 1.0);
    double start = ex->has_start ? ex->start : 0.0, stop = ex->has_stop ? ex->stop : 1.0;
    mo_buf_puts(&x, "\" stepSize=\"");
    put_number(&x, ex->has_interval && ex->interval > 0 ? ex->interval : (stop - start) / 500);
    mo_buf_puts(&x, "\" tolerance=\"");
    put_number(&x, ex->has_tolerance && ex->tolerance > 0 ? ex->tolerance : 1e-6);
    mo_buf_puts(&x, "\" solver=\"rkf45\" outputFormat=\"csv\" variableFilter=\".*\"/>\n  <ModelVariables>\n");

    mo_buf j = {0};
    /* "experiment" before anything of unbounded length: mo2c regress reads it from the file's head */
    mo_buf_printf(&j, "{\"format\":\"Transformational debugger info\",\"version\":1,\n"
                      "\"experiment\":{\"annotation\":%s},\n\"info\":{\"name\":\"",
                  ex->has_start || ex->has_stop || ex->has_interval || ex->has_tolerance ? "true" : "false");
    mo_buf_json(&j, flat->name);
    mo_buf_puts(&j, "\",\"description\":\"");
    mo_buf_json(&j, flat->comment ? flat->comment : "");
    mo_buf_puts(&j, "\"},\n\"variables\":{");
    int ref = 1000, first = 1;
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        const mo_var *fv = dv->flat >= 0 ? &flat->vars.v[dv->flat] : NULL;
        if (fv && fv->type == MO_T_STRING)
            continue;
        var_desc d = describe(dae, v, values);
        bool neg = false;
        int k = mo_dae_resolve(dae, v, &neg, NULL, NULL);
        mo_buf_puts(&x, "  <ScalarVariable\n   ");
        attr(&x, "name", dv->name);
        mo_buf_printf(&x, " valueReference=\"%d\"", ref++);
        attr(&x, "description", fv && fv->attr->comment ? fv->attr->comment : "");
        mo_buf_puts(&x, "\n   ");
        attr(&x, "variability", d.variability);
        mo_buf_printf(&x, " isDiscrete=\"%s\"", strcmp(d.variability, "continuous") ? "true" : "false");
        attr(&x, "causality", d.causality);
        mo_buf_printf(&x, " isValueChangeable=\"%s\"\n   ", d.changeable ? "true" : "false");
        if (k >= 0 && k != v) {
            mo_buf_printf(&x, " alias=\"%s\"", neg ? "negatedAlias" : "alias");
            attr(&x, "aliasVariable", dae->vars.v[k].name);
        } else {
            mo_buf_puts(&x, " alias=\"noAlias\"");
        }
        attr(&x, "classType", d.class_type);
        mo_buf_printf(&x, " isProtected=\"%s\"", fv && (fv->flags & MO_PF_PROTECTED) ? "true" : "false");
        if (fv && fv->attr->loc.file) {
            mo_buf_puts(&x, "\n   ");
            attr(&x, "fileName", fv->attr->loc.file->path);
            mo_buf_printf(&x, " startLine=\"%d\" startColumn=\"%d\"", fv->attr->loc.line, fv->attr->loc.col);
        }
        mo_buf_printf(&x, ">\n    <%s", d.type);
        if (d.has_start) {
            mo_buf_puts(&x, " start=\"");
            if (strcmp(d.type, "Boolean") == 0)
                mo_buf_puts(&x, d.start != 0 ? "true" : "false");
            else
                put_number(&x, d.start);
            mo_buf_puts(&x, "\"");
        }
        mo_buf_printf(&x, " fixed=\"%s\"", dv->fixed || strcmp(d.causality, "parameter") == 0 ? "true" : "false");
        if (strcmp(d.type, "Real") == 0) {
            attr(&x, "unit", fv && fv->attr->unit ? fv->attr->unit : "");
            attr(&x, "displayUnit", fv && fv->attr->display_unit ? fv->attr->display_unit : "");
        }
        mo_buf_printf(&x, "/>\n  </ScalarVariable>\n");

        mo_buf_puts(&j, first ? "\n\"" : ",\n\"");
        first = 0;
        mo_buf_json(&j, dv->name);
        mo_buf_puts(&j, "\":{\"comment\":\"");
        mo_buf_json(&j, fv && fv->attr->comment ? fv->attr->comment : "");
        const char *kind = strcmp(d.class_type + 1, "Sta") == 0 ? "state"
                           : strcmp(d.class_type + 1, "Der") == 0 ? "derivative"
                           : strcmp(d.causality, "parameter") == 0 || strcmp(d.causality, "calculatedParameter") == 0
                               ? "parameter" : strcmp(d.variability, "discrete") == 0 ? "discrete" : "variable";
        mo_buf_printf(&j, "\",\"kind\":\"%s\",\"type\":\"%s\",\"unit\":\"", kind, d.type);
        mo_buf_json(&j, fv && fv->attr->unit ? fv->attr->unit : "");
        mo_buf_puts(&j, "\",\"displayUnit\":\"");
        mo_buf_json(&j, fv && fv->attr->display_unit ? fv->attr->display_unit : "");
        mo_buf_puts(&j, "\"");
        if (fv && fv->attr->loc.file) {
            mo_buf_puts(&j, ",\"source\":{\"info\":{\"file\":\"");
            mo_buf_json(&j, fv->attr->loc.file->path);
            mo_buf_printf(&j, "\",\"lineStart\":%d,\"colStart\":%d}}", fv->attr->loc.line, fv->attr->loc.col);
        }
        mo_buf_puts(&j, "}");
        flush_to(&x, xml, false);
        flush_to(&j, json, false);
    }
    mo_buf_puts(&x, "  </ModelVariables>\n</fmiModelDescription>\n");
    mo_buf_puts(&j, "\n},\n\"equations\":[],\n\"functions\":[]\n}\n");
    flush_to(&x, xml, true);
    flush_to(&j, json, true);
    return !ferror(xml) && !ferror(json);
}
