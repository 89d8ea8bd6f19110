/*
 * flatprint.c - the text of `mo2c --flat`: the flat model as readable, Modelica-like text.
 *
 * Input: a flat model (flat.h). Output on a stream, deterministic (variables and equations in the order
 * of the flat model):
 *   class NAME "description"
 *     parameter Real a.J(quantity = "MomentOfInertia", unit = "kg.m2") = 0.4 "description";
 *     protected Real a.phi_rel(...);
 *   equation
 *     a.phi_rel = a.flange_a.phi - a.flange_b.phi; // path:line:col (a)
 *   end NAME;
 * Each equation ends with the source location it came from, what made it when it is not an equation of
 * the model text (binding, connect, unconnected flow), and the instance in parentheses.
 */
#include "flat.h"

#include <string.h>

/* Big models print millions of lines, so the hot paths append plain runs of text (no printf). */
static void put_string(mo_buf *b, const char *s)
{
    mo_buf_putn(b, "\"", 1);
    for (;;) {
        size_t n = strcspn(s, "\"\\\n");
        mo_buf_putn(b, s, n);
        s += n;
        if (!*s)
            break;
        mo_buf_puts(b, *s == '"' ? "\\\"" : *s == '\\' ? "\\\\" : "\\n");
        s++;
    }
    mo_buf_putn(b, "\"", 1);
}

static void put_int(mo_buf *b, int v)
{
    char tmp[16];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do
        tmp[sizeof tmp - 1 - n++] = (char)('0' + u % 10);
    while ((u /= 10) && n < 15);
    if (v < 0)
        tmp[sizeof tmp - 1 - n++] = '-';
    mo_buf_putn(b, tmp + sizeof tmp - n, (size_t)n);
}

/* The variable names, copied side by side while the declarations print: the equations then read names
 * from a few megabytes in the order the variables were made, instead of from strings scattered over the
 * whole arena of flattening (for millions of variables, those cache misses were most of the printing). */
typedef struct name_table { const mo_flat *flat; const char **names; char *pool; size_t left; } name_table;
static name_table names;

static const char *table_name(void *ctx, int var)
{
    const name_table *t = ctx;
    return var >= 0 && var < t->flat->vars.n && t->names[var] ? t->names[var] : mo_flat_var_name((void *)t->flat, var);
}

static void table_add(int var, const char *name)
{
    size_t n = strlen(name) + 1;
    if (n > names.left) {
        names.left = n > (1u << 20) ? n : 1u << 20;
        names.pool = mo_alloc(names.left);
    }
    memcpy(names.pool, name, n);
    names.names[var] = names.pool;
    names.pool += n;
    names.left -= n;
}

static void put_expr(mo_buf *b, const mo_flat *flat, const mo_expr *e)
{
    if (names.flat == flat)
        mo_expr_print(b, e, table_name, &names);
    else
        mo_expr_print(b, e, mo_flat_var_name, (void *)flat);
}

static const char *type_name(const mo_var *v)
{
    switch (v->type) {
    case MO_T_REAL: return "Real";
    case MO_T_INTEGER: return "Integer";
    case MO_T_BOOLEAN: return "Boolean";
    case MO_T_STRING: return "String";
    case MO_T_ENUM: return v->enum_type ? v->enum_type->name : "enumeration";
    }
    return "?";
}

static void put_var(mo_buf *b, const mo_flat *flat, const mo_var *v)
{
    static const char *const variability[] = {"constant ", "parameter ", "discrete ", ""};
    static const char *const ss[] = {"", "never", "avoid", "default", "prefer", "always"};
    mo_buf_puts(b, "  ");
    if (v->flags & MO_PF_PROTECTED) mo_buf_puts(b, "protected ");
    if (v->flags & MO_PF_FINAL) mo_buf_puts(b, "final ");
    /* Integer and Boolean variables are discrete without saying so */
    if (!(v->variability == MO_VAR_DISCRETE && v->type != MO_T_REAL))
        mo_buf_puts(b, variability[v->variability]);
    if (v->flags & MO_PF_INPUT) mo_buf_puts(b, "input ");
    if (v->flags & MO_PF_OUTPUT) mo_buf_puts(b, "output ");
    if (v->flags & MO_PF_FLOW) mo_buf_puts(b, "flow ");
    mo_buf_puts(b, type_name(v));
    mo_buf_putn(b, " ", 1);
    mo_buf_puts(b, v->name);
    int n = 0;
    const char *sep[] = {"(", ", "};
    const struct { const char *name; const char *s; } strs[] = {
        {"quantity", v->quantity}, {"unit", v->unit}, {"displayUnit", v->display_unit}};
    for (int i = 0; i < 3; i++)
        if (strs[i].s) {
            mo_buf_puts(b, sep[n++ > 0]);
            mo_buf_puts(b, strs[i].name);
            mo_buf_puts(b, " = ");
            put_string(b, strs[i].s);
        }
    const struct { const char *name; const mo_expr *e; } exprs[] = {
        {"min", v->min}, {"max", v->max}, {"start", v->start}, {"fixed", v->fixed}, {"nominal", v->nominal}};
    for (int i = 0; i < 5; i++)
        if (exprs[i].e) {
            mo_buf_puts(b, sep[n++ > 0]);
            mo_buf_puts(b, exprs[i].name);
            mo_buf_puts(b, " = ");
            put_expr(b, flat, exprs[i].e);
        }
    if (v->state_select != MO_SS_DEFAULT && v->state_select >= MO_SS_NEVER && v->state_select <= MO_SS_ALWAYS)
        mo_buf_printf(b, "%sstateSelect = StateSelect.%s", sep[n++ > 0], ss[v->state_select]);
    if (n)
        mo_buf_puts(b, ")");
    if (v->binding) {
        mo_buf_puts(b, " = ");
        put_expr(b, flat, v->binding);
    }
    if (v->comment) {
        mo_buf_puts(b, " ");
        put_string(b, v->comment);
    }
    mo_buf_puts(b, ";\n");
}

static void put_loc(mo_buf *b, mo_loc loc)
{
    if (loc.file)
    {
        /* equations come in runs from one file: its path's length is measured once per run */
        static const mo_file *last;
        static size_t last_len;
        if (loc.file != last) {
            last = loc.file;
            last_len = strlen(loc.file->path);
        }
        mo_buf_putn(b, loc.file->path, last_len);
        mo_buf_putn(b, ":", 1);
        put_int(b, loc.line);
        mo_buf_putn(b, ":", 1);
        put_int(b, loc.col);
    }
    else
        mo_buf_puts(b, "<mo2c>");
}

static void put_eq(mo_buf *b, const mo_flat *flat, const mo_feq *q)
{
    static const char *const origin[] = {"", " binding", " connect", " connect", " unconnected flow"};
    mo_buf_puts(b, "  ");
    put_expr(b, flat, q->lhs);
    mo_buf_puts(b, " = ");
    put_expr(b, flat, q->rhs);
    if (q->comment) {
        mo_buf_puts(b, " ");
        put_string(b, q->comment);
    }
    mo_buf_puts(b, "; // ");
    put_loc(b, q->loc);
    mo_buf_puts(b, origin[q->origin]);
    if (q->instance && *q->instance)
    {
        mo_buf_puts(b, " (");
        mo_buf_puts(b, q->instance);
        mo_buf_putn(b, ")", 1);
    }
    mo_buf_puts(b, "\n");
}

static void flush_buf(mo_buf *b, FILE *out)
{
    fwrite(b->s, 1, b->len, out);
    b->len = 0;
}

void mo_flat_print(FILE *out, const mo_flat *flat)
{
    mo_func_print(out, flat);   /* user-defined functions first (funcprint.c) */
    mo_buf b = {0};
    mo_buf_printf(&b, "class %s", flat->name);
    if (flat->comment) {
        mo_buf_puts(&b, " ");
        put_string(&b, flat->comment);
    }
    mo_buf_puts(&b, "\n");
    fputs(mo_buf_str(&b), out);
    /* one reused buffer, written out whenever it passes FLUSH_AT, keeps memory flat for big models
     * and makes one stdio call per FLUSH_AT bytes rather than one per line */
    enum { FLUSH_AT = 1 << 20 };
    mo_buf l = {0};
    names = (name_table){flat, MO_NEWN(const char *, flat->vars.n ? flat->vars.n : 1), NULL, 0};
    for (int i = 0; i < flat->vars.n; i++) {
        table_add(i, flat->vars.v[i].name);
        put_var(&l, flat, &flat->vars.v[i]);
        if (l.len >= FLUSH_AT)
            flush_buf(&l, out);
    }
    if (flat->initial_eqs.n)
        mo_buf_puts(&l, "initial equation\n");
    for (int i = 0; i < flat->initial_eqs.n; i++) {
        put_eq(&l, flat, &flat->initial_eqs.v[i]);
        if (l.len >= FLUSH_AT)
            flush_buf(&l, out);
    }
    mo_buf_puts(&l, "equation\n");
    for (int i = 0; i < flat->eqs.n; i++) {
        put_eq(&l, flat, &flat->eqs.v[i]);
        if (l.len >= FLUSH_AT)
            flush_buf(&l, out);
    }
    flush_buf(&l, out);
    names.flat = NULL;
    mo_flat_print_events(out, flat);  /* when-equations and asserts (flatprint_when.c) */
    const mo_experiment *x = &flat->experiment;
    if (x->has_start || x->has_stop || x->has_interval || x->has_tolerance) {
        l.len = 0;
        int n = 0;
        mo_buf_puts(&l, "  annotation(experiment(");
        if (x->has_start) mo_buf_printf(&l, "%sStartTime = %.17g", n++ ? ", " : "", x->start);
        if (x->has_stop) mo_buf_printf(&l, "%sStopTime = %.17g", n++ ? ", " : "", x->stop);
        if (x->has_interval) mo_buf_printf(&l, "%sInterval = %.17g", n++ ? ", " : "", x->interval);
        if (x->has_tolerance) mo_buf_printf(&l, "%sTolerance = %.17g", n++ ? ", " : "", x->tolerance);
        mo_buf_puts(&l, "));\n");
        fwrite(l.s, 1, l.len, out);
    }
    fprintf(out, "end %s;\n", flat->name);
}
