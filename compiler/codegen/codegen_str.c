/*
 * codegen_str.c - String values in the generated C: the messages of assert and terminate, and the names
 * of the String parameters in the model description.
 *
 * String arguments of calls in the model (mo_cg_string_arg) are literals when they are known, else built
 * when the call runs, with the runtime's String functions of user functions (fnstring.c): + is
 * mo2c_scat, String(v, ...) the conversions below, if-expressions C conditionals. Those Strings live on
 * the function stack, which every generated function of the model releases when it starts
 * (mo2c_sreset, only in models that build such Strings: mo_flat.rt_strings): no model-level String
 * outlives the evaluation that made it, and a call's wrapper (codegen_fn.c) takes its own mark after
 * its arguments are made.
 *
 * Input: the parts of a message as the front end left them (str.h): texts known at compile time (string
 * literals, String parameters and constants), String(v, ...) conversions, and if-expressions choosing
 * between known texts. Conversions and choices are evaluated at run time even when their operands are
 * parameters, so that a message shows the values -override gave. Output: the arguments of mo2c_assert or
 * mo2c_terminate: one printf format, then its values.
 * Safety: the format is the only place model text reaches, through mo_cg_c_string and with every '%'
 * doubled, so a String parameter holding "%s", quotes, backslashes, comment delimiters or newlines prints
 * as itself and cannot become code or a conversion. The conversions in the format are ours: the
 * front end's whitelisted ones (format = "..." parsed there), or '*' width and precision whose values the
 * runtime clamps (mo2c_str_width, mo2c_str_digits). Texts chosen at run time and enumeration names are
 * passed as "%s" arguments, themselves C string literals made by mo_cg_c_string.
 */
#include "str.h"

static void put_text(mo_buf *fmt, const char *t)
{
    for (const char *c = t; *c; c++)
        mo_buf_puts(fmt, *c == '%' ? "%%" : (char[2]){*c, 0});
}

static void put_literal(mo_buf *o, const char *t)
{
    mo_buf_puts(o, "\"");
    mo_cg_c_string(o, t);
    mo_buf_puts(o, "\"");
}

/* open, e as a C expression (or dflt when there is none), close, appended to o. live: relations compared
 * directly, as at the current event (messages); else as in the rest of the equation (call arguments). */
static void put_value(mo_cg *cg, mo_buf *o, bool live, const char *open, const mo_expr *e, const char *dflt,
                      const char *close)
{
    mo_buf_puts(o, open);
    if (e) {
        bool keep = cg->live;
        cg->out = o;
        cg->live = live || keep;
        mo_cg_expr(cg, e);
        cg->live = keep;
    } else {
        mo_buf_puts(o, dflt);
    }
    mo_buf_puts(o, close);
}

static void put_arg(mo_cg *cg, mo_buf *o, const char *open, const mo_expr *e, const char *dflt, const char *close)
{
    put_value(cg, o, true, open, e, dflt, close);
}

/* One String(v, ...) conversion: its conversion into fmt, its values into args. */
static void conversion(mo_cg *cg, mo_buf *fmt, mo_buf *args, const mo_expr *call)
{
    const mo_flat *flat = cg->dae->flat;
    mo_str_conv c = mo_str_conv_of(flat, call);
    const mo_expr *v = call->a[0];
    if (c.fixed) {
        mo_buf_puts(fmt, c.fixed);
    } else {
        mo_buf_puts(fmt, c.type == MO_T_REAL ? "%*.*g" : c.type == MO_T_INTEGER ? "%*lld" : "%*s");
        put_arg(cg, args, ", mo2c_str_width(", c.width, "0", "");
        put_arg(cg, args, ", ", c.left, "1", ")");
        if (c.type == MO_T_REAL)
            put_arg(cg, args, ", mo2c_str_digits(", c.digits, "6", ")");
    }
    switch (c.type) {
    case MO_T_REAL:
        put_arg(cg, args, ", (double)(", v, "", ")");
        break;
    case MO_T_INTEGER:
        put_arg(cg, args, ", mo2c_str_int(", v, "", ")");
        break;
    case MO_T_BOOLEAN:
        put_arg(cg, args, ", (", v, "", ") != 0 ? \"true\" : \"false\"");
        break;
    default:   /* an enumeration: the name of its literal */
        mo_buf_puts(args, ", ");
        if (!c.enum_cls) {
            put_literal(args, c.literal);
            break;
        }
        mo_buf_puts(args, "((const char *const[]){\"?\"");
        for (int i = 0; i < c.enum_cls->nliterals; i++) {
            mo_buf_puts(args, ", ");
            put_literal(args, c.enum_cls->literals[i].name);
        }
        put_arg(cg, args, "})[mo2c_str_index(", v, "", "");
        mo_buf_printf(args, ", %d)]", c.enum_cls->nliterals);
        break;
    }
}

/* An if-expression whose branches are texts known when the model is compiled (a choice made at run time) */
static bool known_choice(const mo_flat *flat, const mo_expr *e)
{
    if (e->kind != MO_EX_IF)
        return false;
    for (int k = 1; k < e->n; k += 2)
        if (!mo_str_value(flat, e->a[k]))
            return false;
    return mo_str_value(flat, e->a[e->n - 1]) != NULL;
}

void mo_cg_message(mo_cg *cg, mo_buf *o, const mo_wstmt *s)
{
    const mo_flat *flat = cg->dae->flat;
    mo_buf fmt = {0}, args = {0};
    for (int i = 0; i < s->nmsg; i++) {
        const mo_expr *p = s->msg[i];
        if (p->kind == MO_EX_STRING || p->kind == MO_EX_VAR) {   /* a String literal, parameter or constant */
            const char *t = mo_str_value(flat, p);
            if (!t)
                mo_unreachable("a String part unknown at compile time");
            put_text(&fmt, t);
        } else if (p->kind == MO_EX_CALL && !p->func) {   /* numbers: at run time, so that -override shows */
            conversion(cg, &fmt, &args, p);
        } else if (known_choice(flat, p)) {
            /* (c1) ? "a" : (c2) ? "b" : "c" */
            mo_buf_puts(&fmt, "%s");
            mo_buf_puts(&args, ", ");
            for (int k = 0; k + 1 < p->n; k += 2) {
                put_arg(cg, &args, "(", p->a[k], "", ") != 0 ? ");
                put_literal(&args, mo_str_value(flat, p->a[k + 1]));
                mo_buf_puts(&args, " : ");
            }
            put_literal(&args, mo_str_value(flat, p->a[p->n - 1]));
        } else {   /* built at run time (mo_str_runtime: a function's String result, a join of such) */
            mo_buf_puts(&fmt, "%s");
            mo_buf_puts(&args, ", ");
            bool keep = cg->live;
            cg->out = &args;
            cg->live = true;
            mo_cg_string_arg(cg, p);
            cg->live = keep;
        }
    }
    put_literal(o, mo_buf_str(&fmt));
    mo_buf_puts(o, mo_buf_str(&args));
}

void mo_cg_string_params(const mo_dae *dae, mo_buf *defs, mo_buf *fields)
{
    const mo_flat *flat = dae->flat;
    int n = 0;
    for (int i = 0; i < flat->vars.n; i++) {
        const mo_var *v = &flat->vars.v[i];
        if (v->type != MO_T_STRING || v->variability != MO_VAR_PARAMETER)
            continue;
        if (!n++)
            mo_buf_puts(defs, "/* String parameters: their values are fixed when the model is compiled (no result\n"
                              " * columns, -override refuses them). */\nstatic const char *const string_params[] = {\n");
        mo_buf_puts(defs, "    ");
        put_literal(defs, v->name);
        mo_buf_puts(defs, ", /* = ");
        const char *val = v->binding ? mo_str_value(flat, v->binding) : "";
        mo_cg_comment(defs, val ? val : "", 60);
        mo_buf_puts(defs, " */\n");
    }
    if (!n)
        return;
    mo_buf_puts(defs, "};\n\n");
    mo_buf_printf(fields, "    .nstring_params = %d, .string_params = string_params,\n", n);
}

/* ---- String arguments of calls in the model ---- */

/* The names of enumeration ec as a C array with "?" first (mo2c_str_index's 0 for a value out of range) */
static void enum_names(mo_buf *o, const mo_class *ec)
{
    mo_buf_puts(o, "(const char *const[]){\"?\"");
    for (int i = 0; i < ec->nliterals; i++) {
        mo_buf_puts(o, ", ");
        put_literal(o, ec->literals[i].name);
    }
    mo_buf_puts(o, "}");
}

/* String(v, ...) built at run time: through the compiler's conversion when every argument is a literal,
 * else with significantDigits, minimumLength and leftJustified evaluated (the runtime clamps them). */
static void string_conversion(mo_cg *cg, mo_buf *o, const mo_expr *call)
{
    mo_str_conv c = mo_str_conv_of(cg->dae->flat, call);
    const mo_expr *v = call->a[0];
    cg->nchecked++;   /* (out of memory clears ok) */
    if (c.fixed) {
        switch (c.type) {
        case MO_T_REAL: case MO_T_INTEGER:
            put_value(cg, o, false, c.type == MO_T_REAL ? "mo2c_sfmt_real(d, (double)(" : "mo2c_sfmt_int(d, (double)(", v, "", "), ");
            break;
        case MO_T_BOOLEAN:
            put_value(cg, o, false, "mo2c_sfmt_str(d, (", v, "", ") != 0 ? \"true\" : \"false\", ");
            break;
        default:   /* an enumeration */
            mo_buf_puts(o, "mo2c_sfmt_str(d, ");
            if (c.enum_cls) {
                enum_names(o, c.enum_cls);
                put_value(cg, o, false, "[mo2c_str_index(", v, "", "");
                mo_buf_printf(o, ", %d)], ", c.enum_cls->nliterals);
            } else {
                put_literal(o, c.literal);
                mo_buf_puts(o, ", ");
            }
            break;
        }
        put_literal(o, c.fixed);
        mo_buf_puts(o, ", &ok)");
        return;
    }
    switch (c.type) {
    case MO_T_REAL:
        put_value(cg, o, false, "mo2c_sreal(d, (double)(", v, "", "), ");
        put_value(cg, o, false, "", c.digits, "6.0", ", ");
        break;
    case MO_T_INTEGER: case MO_T_BOOLEAN:
        put_value(cg, o, false, c.type == MO_T_INTEGER ? "mo2c_sint(d, (double)(" : "mo2c_sbool(d, (double)(", v, "", "), ");
        break;
    default:
        if (c.enum_cls) {
            put_value(cg, o, false, "mo2c_senum(d, (double)(", v, "", "), ");
            enum_names(o, c.enum_cls);
            mo_buf_printf(o, ", %d, ", c.enum_cls->nliterals);
        } else {
            mo_buf_puts(o, "mo2c_senum(d, 1.0, (const char *const[]){\"?\", ");
            put_literal(o, c.literal);
            mo_buf_puts(o, "}, 1, ");
        }
        break;
    }
    put_value(cg, o, false, "", c.width, "0.0", ", ");
    put_value(cg, o, false, "", c.left, "1.0", ", &ok)");
}

void mo_cg_sreset(const mo_dae *dae, mo_buf *o)
{
    if (dae->flat->rt_strings)
        mo_buf_puts(o, "    mo2c_sreset(d);   /* the Strings built for calls by the last evaluation */\n");
}

void mo_cg_string_arg(mo_cg *cg, const mo_expr *a)
{
    mo_buf *o = cg->out;
    /* literals and String parameters as C literals; conversions, choices and joins are built when the
     * call runs, never folded here (a parameter's value then follows -override) */
    const char *s = a->kind == MO_EX_STRING || a->kind == MO_EX_VAR ? mo_str_value(cg->dae->flat, a) : NULL;
    if (s) {
        put_literal(o, s);
        return;
    }
    switch (a->kind) {
    case MO_EX_IF:   /* only the branch in force is built */
        mo_buf_puts(o, "(");
        for (int i = 0; i + 1 < a->n; i += 2) {
            mo_buf_puts(o, "(");
            cg->out = o;
            mo_cg_expr(cg, a->a[i]);   /* (relations as in the rest of the equation) */
            mo_buf_puts(o, ") != 0 ? ");
            cg->out = o;
            mo_cg_string_arg(cg, a->a[i + 1]);
            mo_buf_puts(o, " : ");
        }
        cg->out = o;
        mo_cg_string_arg(cg, a->a[a->n - 1]);
        mo_buf_puts(o, ")");
        break;
    case MO_EX_BINARY:   /* + (mo_str_runtime accepts no other operator) */
        cg->nchecked++;
        mo_buf_puts(o, "mo2c_scat(d, ");
        mo_cg_string_arg(cg, a->a[0]);
        mo_buf_puts(o, ", ");
        cg->out = o;
        mo_cg_string_arg(cg, a->a[1]);
        mo_buf_puts(o, ", &ok)");
        break;
    case MO_EX_CALL:
        if (a->func)
            mo_cg_fn_string(cg, a);   /* a user function's String output */
        else
            string_conversion(cg, o, a);
        break;
    default:
        mo_unreachable("a String argument that mo_str_runtime did not accept");
    }
    cg->out = o;
}

bool mo_cg_string_relation(mo_cg *cg, const mo_expr *e)
{
    /* in a function's body a variable is one of the function's slots, not of the model (codegen_farr.c
     * compares its Strings itself) */
    if (cg->fn || !mo_str_rt_relation(cg->dae->flat, e))
        return false;
    mo_buf *o = cg->out;
    mo_buf_puts(o, "(strcmp(");
    mo_cg_string_arg(cg, e->a[0]);
    mo_buf_puts(o, ", ");
    cg->out = o;
    mo_cg_string_arg(cg, e->a[1]);
    static const char *const ops[] = {"<", "<=", ">", ">=", "==", "!="};   /* ORDER mo_op: LT .. NE */
    mo_buf_printf(o, ") %s 0)", ops[e->op - MO_OP_LT]);
    cg->out = o;
    return true;
}
