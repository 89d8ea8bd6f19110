/*
 * flatten_str.c - String values in the front end: folding + and comparisons of strings, the String(v, ...)
 * conversion, the messages of assert and terminate, and the check that no String is left in an equation.
 *
 * Input: flattened expressions (hooks of flatten_expr.c and flatten_when.c), then the whole flat model
 * (mo_str_finish, called at the end of mo_flatten). Output: literals in place of String expressions that
 * are known when the model is compiled (String parameters and constants, their concatenations and
 * comparisons), and messages as lists of parts (str.h).
 * Why at compile time: String parameters only ever serve as names, labels and switches; evaluating them
 * where the model is flattened makes a comparison of two of them a structural decision (like an array
 * size), and keeps every String out of the equations the back end solves. The price: they cannot be
 * overridden (the runtime says so by name).
 * Safety: a format = "..." argument is parsed here against a whitelist ([flags][width][.precision] and
 * one conversion letter); the C format made from it is ours, never the model's text.
 * Preconditions: expression trees are depth-limited by the parser; chains of parameter bindings are
 * followed to a bounded depth (cycles fail like any unknown value).
 */
#include "str.h"
#include "func.h"
#include "mo2c_rt.h"   /* the clamps of String() arguments, shared with the runtime */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { STR_MAX_DEPTH = 200 };

static const char *call_name(const mo_expr *e)
{
    if (e->kind != MO_EX_CALL || e->func || !e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1)
        return NULL;
    return e->fn->parts[0].id;
}

static bool is_string_call(const mo_expr *e)
{
    const char *n = call_name(e);
    return n && strcmp(n, "String") == 0;
}

/* Is e (a flattened expression) String-valued? */
static bool is_string(const mo_flat *flat, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_STRING:
        return true;
    case MO_EX_VAR:
        return flat && e->var >= 0 && e->var < flat->vars.n && flat->vars.v[e->var].type == MO_T_STRING;
    case MO_EX_CALL:   /* String(x), a user function's String output (e->func, func.h), pre(s), previous(s) */
        if (e->n == 1 && !e->func && call_name(e) &&
            (strcmp(call_name(e), "pre") == 0 || strcmp(call_name(e), "previous") == 0))
            return is_string(flat, e->a[0]);
        return is_string_call(e) || (e->func && e->func_out < e->func->nout &&
                                     e->func->vars.v[e->func->nin + e->func_out].type == MO_T_STRING);
    /* A flattened if-expression or + was type-checked when it was built (mo_str_binary refuses String
     * mixed with numbers), so one operand tells: the first branch, the right operand (a leaf in the
     * left-leaning chains the parser builds). Looking at both would walk whole chains at every node,
     * quadratic in long sums. */
    case MO_EX_IF:
        return is_string(flat, e->a[1]);
    case MO_EX_BINARY:
        return e->op == MO_OP_ADD && is_string(flat, e->a[1]);
    default:
        return false;
    }
}

/* "a Real", "an Integer" ... for messages. */
static const char *type_phrase(const mo_flat *flat, const mo_expr *e)
{
    if (is_string(flat, e))
        return "a String";
    if (e->kind == MO_EX_VAR && flat->vars.v[e->var].type == MO_T_ENUM)
        return "an enumeration value";
    switch (mo_func_expr_type(flat, NULL, e)) {
    case MO_T_REAL: return "a Real";
    case MO_T_INTEGER: return "an Integer";
    case MO_T_BOOLEAN: return "a Boolean";
    default: return "a number";
    }
}

/* ---- the String(v, ...) conversion ---- */

/* The enumeration of a value: a variable of an enumeration type found in it (through if-expressions,
 * pre and noEvent), or the name of an enumeration literal written as the value. */
static void find_enum(const mo_flat *flat, const mo_expr *e, const mo_class **cls, const char **lit)
{
    if (e->kind == MO_EX_VAR && flat->vars.v[e->var].type == MO_T_ENUM) {
        *cls = flat->vars.v[e->var].attr->enum_type;
    } else if (e->kind == MO_EX_INT && e->text && !isdigit((unsigned char)e->text[0])) {
        /* "Pkg.E.lit", the literal possibly a quoted identifier holding dots */
        const char *t = e->text, *end = t + strlen(t), *p = end;
        if (p > t && p[-1] == '\'')
            for (p--; p > t && p[-1] != '\''; p--) {}
        while (p > t && p[-1] != '.')
            p--;
        *lit = p < end ? p : t;
    } else if (e->kind == MO_EX_IF) {
        for (int i = 1; i < e->n && !*cls; i += 2)
            find_enum(flat, e->a[i], cls, lit);
        if (!*cls)
            find_enum(flat, e->a[e->n - 1], cls, lit);
        if (*cls)
            *lit = NULL;
    } else {
        const char *n = call_name(e);
        if (n && e->n >= 1 && (!strcmp(n, "pre") || !strcmp(n, "noEvent")))
            find_enum(flat, e->a[0], cls, lit);
    }
}

static const char *const string_args[] = {"significantDigits", "minimumLength", "leftJustified", "format"};

static bool literal_value(const mo_expr *e, double *v)
{
    if (e->kind == MO_EX_INT || e->kind == MO_EX_REAL) {
        *v = e->kind == MO_EX_INT ? (double)e->ival : e->real;
        return true;
    }
    if (e->kind == MO_EX_BOOL) {
        *v = e->ival ? 1 : 0;
        return true;
    }
    if (e->kind == MO_EX_UNARY && e->op == MO_OP_NEG && literal_value(e->a[0], v)) {
        *v = -*v;
        return true;
    }
    return false;
}

static int clampi(double v, int lo, int hi)
{
    return !(v >= lo) ? lo : v > hi ? hi : (int)v;
}

/* minimumLength w within what a String may hold (MO2C_STR_MAX_WIDTH: clamping it would shorten the value) */
static bool width_ok(mo_loc loc, double w, bool report)
{
    if (!(w > MO2C_STR_MAX_WIDTH))
        return true;
    if (report)
        mo_error(loc, "String(): minimumLength = %.17g is more than the %d characters a String may have", w,
                 (int)MO2C_STR_MAX_WIDTH);
    return false;
}

/* The conversion for known digits, width and justification (clamped as the runtime clamps them: the
 * width is checked first, width_ok; no double has more significant digits than the clamp of digits). */
static const char *conv_text(int type, double digits, double width, double left)
{
    int w = clampi(width, 0, MO2C_STR_MAX_WIDTH), d = clampi(digits, 1, MO2C_STR_MAX_DIGITS);
    const char *flag = left != 0 && w > 0 ? "-" : "";
    char ws[16] = "";
    if (w > 0)
        snprintf(ws, sizeof ws, "%d", w);
    if (type == MO_T_REAL)
        return d == 6 && w == 0 ? "%g" : mo_sprintf("%%%s%s.%dg", flag, ws, d);
    return mo_sprintf("%%%s%s%s", flag, ws, type == MO_T_INTEGER ? "lld" : "s");
}

const char *mo_str_parse_format(const char *f, int type)
{
    const char *p = f;
    if (*p == '%')
        p++;
    const char *flags = p;
    while (*p && strchr("-+ 0#", *p))
        p++;
    size_t nflags = (size_t)(p - flags);
    const char *width = p;
    while (isdigit((unsigned char)*p))
        p++;
    size_t nwidth = (size_t)(p - width);
    const char *prec = p;
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p))
            p++;
    }
    size_t nprec = (size_t)(p - prec);
    char conv = *p;
    if (nflags > 5 || nwidth > 2 || nprec > 3 || !conv || p[1])
        return NULL;
    bool real = strchr("eEfFgG", conv) != NULL, integer = strchr("dioxXu", conv) != NULL;
    if (!(type == MO_T_REAL ? real : type == MO_T_INTEGER && integer))
        return NULL;
    if (memchr(flags, '#', nflags) && strchr("diu", conv))   /* C leaves that combination undefined */
        return NULL;
    return mo_sprintf("%%%.*s%.*s%.*s%s%c", (int)nflags, flags, (int)nwidth, width, (int)nprec, prec,
                      type == MO_T_INTEGER ? "ll" : "", conv);
}

static int fold(const mo_flat *flat, const mo_expr *e, const char **out, int depth);

/* Analyse a String() call: its value's type and its conversion. report: say what is wrong (else the
 * caller knows the call was checked before). */
static bool analyze(const mo_flat *flat, const mo_expr *call, mo_str_conv *c, bool report)
{
    memset(c, 0, sizeof *c);
    if (call->n != 1) {
        if (report)
            mo_error(call->loc, "String() takes one value, and the named arguments significantDigits, "
                                "minimumLength, leftJustified or format");
        return false;
    }
    const mo_expr *v = call->a[0];
    find_enum(flat, v, &c->enum_cls, &c->literal);
    int t = mo_func_expr_type(flat, NULL, v);
    c->type = c->enum_cls || c->literal ? MO_T_ENUM : t == MO_T_INTEGER || t == MO_T_BOOLEAN ? t : MO_T_REAL;
    if (is_string(flat, v)) {
        if (report)
            mo_error(v->loc, "the value of String() must be a number, a Boolean or an enumeration value, "
                             "not a String");
        return false;
    }
    const mo_expr *format = NULL;
    for (int i = 0; i < call->nnamed; i++) {
        const mo_named_arg *a = &call->named[i];
        int k = 0;
        while (k < 4 && strcmp(a->name, string_args[k]) != 0)
            k++;
        if (k == 4) {
            if (report) {
                mo_error(a->loc, "String() has no argument '%s'", a->name);
                const char *best = mo_closest_name(a->name, string_args, 4);
                if (best)
                    mo_note(a->loc, "did you mean '%s'?", best);
            }
            return false;
        }
        const mo_expr **slot = k == 0 ? &c->digits : k == 1 ? &c->width : k == 2 ? &c->left : &format;
        if (*slot) {
            if (report)
                mo_error(a->loc, "String() is given '%s' twice", a->name);
            return false;
        }
        if (k == 0 && c->type != MO_T_REAL) {
            if (report)
                mo_error(a->loc, "significantDigits applies to String() of a Real, not of %s",
                         type_phrase(flat, v));
            return false;
        }
        *slot = a->value;
    }
    if (format) {
        const char *f = NULL;
        if (c->digits || c->width || c->left) {
            if (report)
                mo_error(call->loc, "String(x, format = ...) takes no other named argument");
            return false;
        }
        if (fold(flat, format, &f, 0) != 1) {
            if (report)
                mo_error(format->loc, "the format of String() must be a String known when the model is compiled");
            return false;
        }
        if (!(c->fixed = mo_str_parse_format(f, c->type))) {
            if (report)
                mo_error(format->loc, "unsupported format \"%s\" in String() of %s: expected [flags][width]"
                         "[.precision] and a conversion among %s", f, type_phrase(flat, v),
                         c->type == MO_T_REAL ? "e, E, f, F, g, G" : c->type == MO_T_INTEGER ? "d, i, o, x, X, u"
                                                                   : "none (no format applies)");
            return false;
        }
        return true;
    }
    double d = 6, w = 0, l = 1;
    if (c->width && literal_value(c->width, &w) && !width_ok(c->width->loc, w, report))
        return false;
    if ((!c->digits || literal_value(c->digits, &d)) && (!c->width || literal_value(c->width, &w)) &&
        (!c->left || literal_value(c->left, &l))) {
        c->fixed = conv_text(c->type, d, w, l);
        c->digits = c->width = c->left = NULL;
    }
    return true;
}

mo_str_conv mo_str_conv_of(const mo_flat *flat, const mo_expr *call)
{
    mo_str_conv c;
    if (!analyze(flat, call, &c, false))
        mo_unreachable("String() conversion not checked by the front end");
    return c;
}

/* A Real, Integer or Boolean value v formatted as String(v, ...) would (spec: the conversion as a
 * whitelisted printf conversion, checked by the front end), into an arena string as long as it needs. */
static const char *format_value(double v, int type, const char *conv)
{
    if (type == MO_T_INTEGER)
        return mo_sprintf(conv, (long long)v);
    if (type == MO_T_BOOLEAN)
        return mo_sprintf(conv, v != 0 ? "true" : "false");
    return mo_sprintf(conv, v);
}

/* A String() call whose value and arguments are all known when the model is compiled. */
/* The values of the n expressions given (NULL ones skipped), all or none: the parameters they read are
 * marked as evaluated (eval.c) only when every one is known, so when the conversion is folded. */
static bool eval_all(const mo_flat *flat, int n, const mo_expr *const *e, double *const *v)
{
    for (int i = 0; i < n; i++)
        if (e[i] && !mo_eval_flat_peek(flat, e[i], v[i]))
            return false;
    for (int i = 0; i < n; i++)
        if (e[i])
            mo_eval_flat(flat, e[i], v[i]);
    return true;
}

static int fold_call(const mo_flat *flat, const mo_expr *call, const char **out)
{
    mo_str_conv c;
    if (!analyze(flat, call, &c, true))
        return -1;
    double v = 0, d = 6, w = 0, l = 1;
    if (c.type == MO_T_ENUM && c.literal && !c.enum_cls) {
        /* String(E.a): the literal's name, padded as %s would */
        const char *conv = c.fixed ? c.fixed : NULL;
        if (!conv) {
            if (!eval_all(flat, 2, (const mo_expr *const[]){c.width, c.left}, (double *const[]){&w, &l}))
                return 0;
            if (!width_ok(call->loc, w, true))
                return -1;
            conv = conv_text(MO_T_ENUM, d, w, l);
        }
        *out = mo_sprintf(conv, c.literal);
        return 1;
    }
    const char *conv = c.fixed;
    if (!eval_all(flat, conv ? 1 : 4, (const mo_expr *const[]){call->a[0], c.digits, c.width, c.left},
                  (double *const[]){&v, &d, &w, &l}))
        return 0;
    if (!conv && !width_ok(call->loc, w, true))
        return -1;
    if (!conv)
        conv = conv_text(c.type, d, w, l);
    if (c.type == MO_T_ENUM) {
        int i = v >= 1 && v <= c.enum_cls->nliterals && v == floor(v) ? (int)v : 0;
        *out = mo_sprintf(conv, i ? c.enum_cls->literals[i - 1].name : "?");
        return 1;
    }
    *out = format_value(v, c.type, conv);
    return 1;
}

/* The binding of a String parameter or constant whose binding is being flattened (flatten.c). */
static mo_expr pending = {.kind = MO_EX_STRING};
static bool pending_met;   /* fold() met it since mo_str_binary cleared the flag */

mo_expr *mo_str_pending(void)
{
    return &pending;
}

/* The value of a String expression when it is known at compile time: 1 (*out set), 0 when it is not
 * known (nothing reported), -1 after an error. */
static int fold(const mo_flat *flat, const mo_expr *e, const char **out, int depth)
{
    if (depth > STR_MAX_DEPTH)
        return 0;
    switch (e->kind) {
    case MO_EX_STRING:
        *out = e->str ? e->str : "";
        return 1;
    case MO_EX_VAR: {
        const mo_var *v = &flat->vars.v[e->var];
        mo_eval_note_read();   /* a value read (flatten_clone.c clones no component that read one) */
        pending_met |= v->binding == &pending;
        if (v->type != MO_T_STRING || v->variability > MO_VAR_PARAMETER || v->binding == &pending)
            return 0;
        if (!v->binding) {
            *out = "";   /* the default start value of a String */
            return 1;
        }
        return fold(flat, v->binding, out, depth + 1);
    }
    case MO_EX_BINARY: {
        const char *a, *b;
        int r;
        if (e->op != MO_OP_ADD)
            return 0;
        if ((r = fold(flat, e->a[0], &a, depth + 1)) != 1 || (r = fold(flat, e->a[1], &b, depth + 1)) != 1)
            return r;
        *out = mo_sprintf("%s%s", a, b);
        return 1;
    }
    case MO_EX_IF:
        for (int i = 0; i + 1 < e->n; i += 2) {
            double c;
            if (!mo_eval_flat(flat, e->a[i], &c))
                return 0;
            if (c != 0)
                return fold(flat, e->a[i + 1], out, depth + 1);
        }
        return fold(flat, e->a[e->n - 1], out, depth + 1);
    case MO_EX_CALL:
        return is_string_call(e) ? fold_call(flat, e, out) : 0;
    default:
        return 0;
    }
}

const char *mo_str_value(const mo_flat *flat, const mo_expr *e)
{
    const char *s;
    return fold(flat, e, &s, 0) == 1 ? s : NULL;
}

bool mo_str_runtime(const mo_flat *flat, const mo_expr *e)
{
    /* down the left operands of + and the else branches in a loop (a + b + c is (a + b) + c), the
     * right operands and the other branches by recursion (as deep as the model's parentheses) */
    for (;;) {   /* (nothing evaluated: a parameter read here would be marked, eval.c) */
        if (is_string_call(e)) {   /* its arguments checked here, as folding checks them (codegen relies on it) */
            mo_str_conv c;
            return analyze(flat, e, &c, true);
        }
        if (e->kind == MO_EX_STRING ||
            (e->kind == MO_EX_VAR && flat->vars.v[e->var].type == MO_T_STRING &&
             flat->vars.v[e->var].variability <= MO_VAR_PARAMETER))
            return true;
        if (e->kind == MO_EX_CALL && e->func)   /* a user function's String output (its arguments checked) */
            return is_string(flat, e);
        if (e->kind == MO_EX_BINARY && e->op == MO_OP_ADD) {
            if (!mo_str_runtime(flat, e->a[1]))
                return false;
            e = e->a[0];
            continue;
        }
        if (e->kind != MO_EX_IF)
            return false;
        for (int i = 1; i < e->n; i += 2)
            if (!mo_str_runtime(flat, e->a[i]))
                return false;
        e = e->a[e->n - 1];
    }
}

/* Text known without evaluating a value: a literal, a String parameter or constant, a join of them. */
static bool plain_text(const mo_flat *flat, const mo_expr *e)
{
    for (;;) {
        if (e->kind == MO_EX_STRING)
            return true;
        if (e->kind == MO_EX_VAR)
            return flat->vars.v[e->var].type == MO_T_STRING;
        if (e->kind != MO_EX_BINARY || e->op != MO_OP_ADD || !plain_text(flat, e->a[1]))
            return false;
        e = e->a[0];
    }
}

/* An operand of + in a String argument: a join made before (checked then) or a part mo_str_runtime
 * accepts; a join is not walked again, so that a + b + ... + z costs time linear in its parts. */
static bool runtime_part(const mo_flat *flat, const mo_expr *e)
{
    return (e->kind == MO_EX_BINARY && e->op == MO_OP_ADD) || mo_str_runtime(flat, e);
}

/* ---- + and relations ---- */

bool mo_str_compare(mo_op op, const char *s, const char *t)
{
    int c = strcmp(s, t);
    return op == MO_OP_EQ ? c == 0 : op == MO_OP_NE ? c != 0 : op == MO_OP_LT ? c < 0
         : op == MO_OP_LE ? c <= 0 : op == MO_OP_GT ? c > 0 : c >= 0;
}

/* String(v) == "name" (or <>) with v an enumeration value known only at run time, the other side known:
 * v == the literal of that name (false, or true for <>, when no literal has it). The comparison the run
 * would make, with no String at run time. 1 when e is such a comparison (*out set), else 0. */
static int enum_name_test(const mo_flat *flat, const mo_expr *e, const mo_expr *x, const mo_expr *y, mo_aval *out)
{
    if (e->op != MO_OP_EQ && e->op != MO_OP_NE)
        return 0;
    if (!is_string_call(x)) {
        const mo_expr *t = x;
        x = y;
        y = t;
    }
    mo_str_conv c;
    const char *s;
    if (!is_string_call(x) || x->nnamed || !analyze(flat, x, &c, false) || !c.enum_cls || fold(flat, y, &s, 0) != 1)
        return 0;
    int k = 0;
    while (k < c.enum_cls->nliterals && strcmp(c.enum_cls->literals[k].name, s) != 0)
        k++;
    if (k == c.enum_cls->nliterals) {
        mo_av_scalar(out, mo_expr_bool(e->loc, e->op == MO_OP_NE));
        return 1;
    }
    mo_expr *lit = mo_expr_new(MO_EX_INT, y->loc);   /* as flattening writes a literal (lookup.h) */
    lit->ival = k + 1;
    lit->text = mo_sprintf("%s.%s", mo_class_full_name(c.enum_cls), s);
    mo_av_scalar(out, mo_expr_binary(e->loc, e->op, x->a[0], lit));
    return 1;
}

int mo_str_binary(mo_front *fr, const mo_expr *e, const mo_aval *a, const mo_aval *b, mo_aval *out)
{
    const mo_flat *flat = fr->flat;
    bool sa = false, sb = false;
    for (int i = 0; i < a->n && !sa; i++)
        sa = is_string(flat, mo_av_at(a, i));
    for (int i = 0; i < b->n && !sb; i++)
        sb = is_string(flat, mo_av_at(b, i));
    if (!sa && !sb)
        return 0;
    if (a->nd || b->nd) {
        mo_error(e->loc, "not supported yet: arrays of String values");
        return -1;
    }
    const mo_expr *x = a->one, *y = b->one;
    bool rel = e->op == MO_OP_EQ || e->op == MO_OP_NE || e->op == MO_OP_LT || e->op == MO_OP_LE ||
               e->op == MO_OP_GT || e->op == MO_OP_GE;
    if (e->op != MO_OP_ADD && !rel) {
        mo_error(e->loc, "'%s' is not defined for String values", mo_op_text(e->op));
        return -1;
    }
    if (!sa || !sb) {
        const char *other = type_phrase(flat, sa ? y : x);
        if (rel)
            mo_error(e->loc, "cannot compare a String with %s", other);
        else
            mo_error(e->loc, "cannot add a String and %s: convert the number with String()", other);
        return -1;
    }
    const char *s, *t;
    int r = 0;
    pending_met = false;
    /* in a String argument of a call in a model, String(v) of a parameter is built when the call runs
     * (so that -override of v shows), not folded: only texts and String parameters are joined now */
    if (rel || fr->str_arg == 0 || (plain_text(flat, x) && plain_text(flat, y))) {
        r = fold(flat, x, &s, 0);
        if (r == 1)
            r = fold(flat, y, &t, 0);
        if (r < 0)
            return -1;
    }
    if (r == 0 && !rel && fr->str_arg > 0 && runtime_part(flat, x) && runtime_part(flat, y)) {
        /* a String argument of a call in a model, built when it is called (codegen_str.c) */
        fr->flat->rt_strings = true;
        mo_av_scalar(out, mo_expr_binary(e->loc, e->op, (mo_expr *)x, (mo_expr *)y));
        return 1;
    }
    if (r == 0 && (mo_str_has_var(flat, x) || mo_str_has_var(flat, y))) {
        /* a String variable: its value may be known once its equation is (strvars.c decides) */
        mo_av_scalar(out, mo_expr_binary(e->loc, e->op, (mo_expr *)x, (mo_expr *)y));
        return 1;
    }
    if (r == 0 && pending_met) {
        /* a String parameter read while its own binding is flattened: that binding built a whole instance
         * (C1 = substring(tr.group, 1, 1) builds tr) whose modifiers read a parameter whose binding
         * compares C1 (the MSL's transformer data records). Its value is known once its binding is:
         * mo_str_finish folds this node in place then. */
        mo_expr *later = mo_expr_binary(e->loc, e->op, (mo_expr *)x, (mo_expr *)y);
        MO_VEC_RESERVE(fr->str_later, 1);
        MO_PUSH(fr->str_later, later);
        mo_av_scalar(out, later);
        return 1;
    }
    if (r == 0 && rel && enum_name_test(flat, e, x, y, out))
        return 1;
    if (r == 0 && runtime_part(flat, x) && runtime_part(flat, y)) {
        /* Strings built when the model runs (a function's String result, String(x) of a variable): joined
         * or compared then (codegen_str.c: strcmp, the byte order of 3.4.4); no relation of Strings makes
         * events (its value is read where the equation is computed) */
        fr->flat->rt_strings = true;
        mo_av_scalar(out, mo_expr_binary(e->loc, e->op, (mo_expr *)x, (mo_expr *)y));
        return 1;
    }
    if (r == 0) {
        mo_error(e->loc, rel ? "not supported yet: comparing String values that are not known when the model "
                               "is compiled (String parameters and constants can be compared)"
                             : "not supported yet: joining String values that are not known when the model is "
                               "compiled, outside the messages of assert and terminate");
        return -1;
    }
    if (!rel) {
        mo_av_scalar(out, mo_expr_string(e->loc, mo_sprintf("%s%s", s, t)));
        return 1;
    }
    mo_av_scalar(out, mo_expr_bool(e->loc, mo_str_compare(e->op, s, t)));
    return 1;
}

/* ---- messages ---- */

static void push_part(mo_wstmt *s, mo_expr *e)
{
    s->msg = mo_realloc_arena(s->msg, sizeof(mo_expr *) * (size_t)s->nmsg, sizeof(mo_expr *) * (size_t)(s->nmsg + 1));
    s->msg[s->nmsg++] = e;
}

static bool is_call_of(const mo_expr *e, const char *name)
{
    return e->kind == MO_EX_CALL && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 &&
           strcmp(e->fn->parts[0].id, name) == 0;
}

/* String(v, named...) of a message, flattened and checked. Integer(e) as the value is kept visible as
 * integer(e) (an identity on the ordinal), so that its number is printed rather than the literal's name. */
static bool message_conversion(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_wstmt *s)
{
    mo_expr *c = mo_expr_new(MO_EX_CALL, e->loc);
    *c = *e;
    c->a = MO_NEWN(mo_expr *, e->n + 1);
    for (int i = 0; i < e->n; i++) {
        const mo_expr *arg = e->a[i];
        bool to_int = is_call_of(arg, "Integer") && arg->n == 1 && !arg->nnamed;
        if (!(c->a[i] = mo_flatten_expr(fr, inst, owner, to_int ? arg->a[0] : arg)))
            return false;
        if (to_int) {
            mo_expr *w = mo_expr_new(MO_EX_CALL, arg->loc);
            *w = *arg;
            mo_expr *f = mo_expr_new(MO_EX_REF, arg->fn->loc);
            f->nparts = 1;
            f->parts = MO_NEWN(mo_ref_part, 1);
            f->parts[0].id = mo_intern_cstr("integer");
            mo_ref_part_set_loc(f, 0, arg->fn->loc);
            w->fn = f;
            w->a = MO_NEWN(mo_expr *, 1);
            w->a[0] = c->a[i];
            c->a[i] = w;
        }
    }
    c->named = e->nnamed ? MO_NEWN(mo_named_arg, e->nnamed) : NULL;
    for (int i = 0; i < e->nnamed; i++) {
        c->named[i] = e->named[i];
        if (!(c->named[i].value = mo_flatten_expr(fr, inst, owner, e->named[i].value)))
            return false;
        if (strcmp(e->named[i].name, "format") == 0) {   /* known at compile time: keep the text */
            const char *f;
            if (fold(fr->flat, c->named[i].value, &f, 0) == 1)
                c->named[i].value = mo_expr_string(e->named[i].value->loc, f);
        }
    }
    mo_str_conv conv;
    if (!analyze(fr->flat, c, &conv, true))
        return false;
    push_part(s, c);
    return true;
}

/* Is the value of String(v, ...) a record (an operator record's 'String' gives its text, 14.3)? */
static bool record_arg(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call)
{
    mo_aval v;
    int errors = mo_error_count();
    bool rec = call->n >= 1 && mo_flatten_rv(fr, inst, owner, call->a[0], &v) && v.rec;
    return rec || mo_error_count() > errors;   /* (an error: said once, by the flattening of the call) */
}

bool mo_str_message(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_wstmt *s, const char *fn)
{
    if (e->kind == MO_EX_STRING) {
        push_part(s, (mo_expr *)e);
        return true;
    }
    if (e->kind == MO_EX_BINARY && e->op == MO_OP_ADD)
        return mo_str_message(fr, inst, owner, e->a[0], s, fn) && mo_str_message(fr, inst, owner, e->a[1], s, fn);
    if (is_call_of(e, "String") && !record_arg(fr, inst, owner, e))
        return message_conversion(fr, inst, owner, e, s);
    mo_expr *f = mo_flatten_expr(fr, inst, owner, e);   /* (String(r) of an operator record: its 'String') */
    if (!f)
        return false;
    const mo_flat *flat = fr->flat;
    if (!is_string(flat, f)) {
        mo_error(e->loc, "the message of %s must be a String, not %s (convert a number with String())", fn,
                 type_phrase(flat, f));
        return false;
    }
    const char *t;
    int r = fold(flat, f, &t, 0);
    if (r < 0)
        return false;
    if (r == 1) {   /* a String parameter (kept by name for --flat), a choice, or a folded value */
        push_part(s, f->kind == MO_EX_VAR || f->kind == MO_EX_STRING || f->kind == MO_EX_IF ? f : mo_expr_string(f->loc, t));
        return true;
    }
    if (mo_str_has_var(flat, f) && (f->kind == MO_EX_VAR || (f->kind == MO_EX_BINARY && f->op == MO_OP_ADD))) {
        push_part(s, f);   /* its value may be known once its equation is (strvars.c folds it or says why not) */
        return true;
    }
    if (f->kind == MO_EX_VAR) {
        mo_error(e->loc, "not supported yet: String variable '%s' (only String parameters and constants are)",
                 mo_flat_var_name((void *)flat, f->var));
        return false;
    }
    if (f->kind == MO_EX_IF) {   /* chosen at run time between known texts */
        bool ok = true;
        for (int i = 1; i < f->n && ok; i += 2)
            ok = fold(flat, f->a[i], &t, 0) == 1;
        if (ok && fold(flat, f->a[f->n - 1], &t, 0) == 1) {
            push_part(s, f);
            return true;
        }
    }
    if (mo_str_runtime(flat, f)) {   /* a function's String result, a choice of such: built at run time */
        fr->flat->rt_strings = true;
        push_part(s, f);
        return true;
    }
    mo_error(e->loc, "not supported yet: this message of %s (use string literals, String parameters, + and "
                     "String(x))", fn);
    return false;
}

bool mo_str_rt_relation(const mo_flat *flat, const mo_expr *e)
{
    return e->kind == MO_EX_BINARY && e->op >= MO_OP_LT && e->op <= MO_OP_NE && is_string(flat, e->a[0]);
}

void mo_str_print_message(mo_buf *b, const mo_flat *flat, const mo_wstmt *s)
{
    for (int i = 0; i < s->nmsg; i++) {
        if (i)
            mo_buf_puts(b, " + ");
        const mo_expr *p = s->msg[i];
        bool paren = p->kind == MO_EX_IF;
        if (paren)
            mo_buf_puts(b, "(");
        mo_expr_print(b, p, mo_flat_var_name, (void *)flat);
        if (paren)
            mo_buf_puts(b, ")");
    }
    if (!s->nmsg)
        mo_buf_puts(b, "\"\"");
}

/* ---- after flattening ---- */

/* The first String-valued node of e, or NULL. */
static const mo_expr *find_string(const mo_flat *flat, const mo_expr *e)
{
    if (!e)
        return NULL;
    if (mo_str_rt_relation(flat, e) && mo_str_runtime(flat, e->a[0]) && mo_str_runtime(flat, e->a[1]))
        return NULL;   /* compared when the model runs (codegen_str.c) */
    if (e->kind == MO_EX_STRING || (e->kind == MO_EX_VAR && flat->vars.v[e->var].type == MO_T_STRING) ||
        is_string_call(e))
        return e;
    if (e->kind == MO_EX_INDEX) {   /* (its elements are alike: flat.h) */
        const mo_expr *r = find_string(flat, e->a[1]);
        return r ? r : find_string(flat, mo_choice_sample(e));
    }
    for (int i = 0; i < e->n; i++) {
        /* a String input of a user function: known at compile time (funcall.c checked it), a literal in C */
        if (e->kind == MO_EX_CALL && e->func && i < e->func->nin && e->func->vars.v[i].type == MO_T_STRING)
            continue;
        /* the solverMethod of a clock (16.3), the state of activeState (17.1): read by analysis/clocks.c and
         * statemachines.c, never reach C */
        if (e->kind == MO_EX_CALL && !e->func && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 &&
            ((i == 1 && !strcmp(e->fn->parts[0].id, "Clock")) || (i == 0 && !strcmp(e->fn->parts[0].id, MO_SM_ACTIVE))))
            continue;
        const mo_expr *r = find_string(flat, e->a[i]);
        if (r)
            return r;
    }
    return NULL;
}

bool mo_str_has_var(const mo_flat *flat, const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_VAR)
        return flat->vars.v[e->var].type == MO_T_STRING && flat->vars.v[e->var].variability > MO_VAR_PARAMETER;
    if (e->kind == MO_EX_INDEX)   /* (its elements are alike: flat.h) */
        return mo_str_has_var(flat, e->a[1]) || mo_str_has_var(flat, mo_choice_sample(e));
    for (int i = 0; i < e->n; i++)
        if (mo_str_has_var(flat, e->a[i]))
            return true;
    return false;
}

static bool check_expr(const mo_flat *flat, const mo_expr *e)
{
    const mo_expr *s = find_string(flat, e);
    if (!s || mo_str_has_var(flat, e))   /* (String variables: strvars.c, after mo_flat_unshare) */
        return true;
    if (s->kind == MO_EX_VAR && flat->vars.v[s->var].variability > MO_VAR_PARAMETER) {
        const mo_var *v = &flat->vars.v[s->var];
        mo_error(s->loc, "not supported yet: String variable '%s' in an equation (only String parameters and "
                         "constants are)", mo_flat_var_name((void *)flat, s->var));
        if (v->attr->loc.line != s->loc.line || v->attr->loc.col != s->loc.col)
            mo_note(v->attr->loc, "'%s' is declared here", mo_flat_var_name((void *)flat, s->var));
    } else {
        mo_error(s->loc, "not supported yet: a String value in an equation (String values can be compared, "
                         "and used in parameters and in the messages of assert and terminate)");
    }
    return false;
}

static bool check_eqs(const mo_flat *flat, const mo_feq *eqs, int n)
{
    for (int i = 0; i < n; i++) {   /* a cloned equation (var_shift) has the trees of one checked before it */
        if (eqs[i].var_shift || mo_str_has_var(flat, eqs[i].lhs) || mo_str_has_var(flat, eqs[i].rhs))
            continue;   /* (an equation with a String variable: strvars.c) */
        if (!check_expr(flat, eqs[i].lhs) || !check_expr(flat, eqs[i].rhs))
            return false;
    }
    return true;
}

/* The comparisons and joins mo_str_binary left for later, each made a literal in place (whatever holds
 * the node sees the value); false after an error. */
static bool fold_later(mo_front *fr)
{
    const mo_flat *flat = fr->flat;
    for (int i = 0; i < fr->str_later.n; i++) {
        mo_expr *e = fr->str_later.v[i];
        const char *s, *t;
        int r = fold(flat, e->a[0], &s, 0);
        if (r == 1)
            r = fold(flat, e->a[1], &t, 0);
        if (r < 0)
            return false;
        if (r == 0) {
            mo_error(e->loc, e->op == MO_OP_ADD ? "not supported yet: joining String values that are not known when "
                                                  "the model is compiled, outside the messages of assert and terminate"
                                                : "not supported yet: comparing String values that are not known when "
                                                  "the model is compiled (String parameters and constants can be compared)");
            return false;
        }
        e->n = 0;
        e->a = NULL;
        if (e->op == MO_OP_ADD) {
            e->kind = MO_EX_STRING;
            e->str = mo_sprintf("%s%s", s, t);
        } else {
            e->kind = MO_EX_BOOL;
            e->ival = mo_str_compare(e->op, s, t);
        }
        e->op = 0;
    }
    fr->str_later.n = 0;
    return true;
}

bool mo_str_finish(mo_front *fr)
{
    mo_flat *flat = fr->flat;
    for (int i = 0; i < flat->vars.n; i++) {
        mo_var *v = &flat->vars.v[i];
        if (v->type != MO_T_STRING || v->variability > MO_VAR_PARAMETER || !v->binding ||
            v->binding->kind == MO_EX_STRING)
            continue;
        const char *s;
        int r = fold(flat, v->binding, &s, 0);
        if (r < 0)
            return false;
        if (r == 0) {
            mo_error(v->binding->loc, "the value of String %s '%s' must be known when the model is compiled",
                     v->variability == MO_VAR_CONSTANT ? "constant" : "parameter", mo_flat_var_name(flat, i));
            return false;
        }
        v->binding = mo_expr_string(v->binding->loc, s);
    }
    if (!fold_later(fr))
        return false;
    if (!check_eqs(flat, flat->eqs.v, flat->eqs.n) || !check_eqs(flat, flat->initial_eqs.v, flat->initial_eqs.n))
        return false;
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++) {
            const mo_wbranch *br = &flat->whens.v[i].branches[k];
            if (!check_expr(flat, br->cond))
                return false;
            for (int j = 0; j < br->body.n; j++)
                if (br->body.v[j].kind != MO_WS_TERMINATE && !mo_str_has_var(flat, br->body.v[j].lhs) &&
                    (!check_expr(flat, br->body.v[j].lhs) || !check_expr(flat, br->body.v[j].rhs)))
                    return false;
        }
    for (int i = 0; i < flat->asserts.n; i++)
        if (!check_expr(flat, flat->asserts.v[i].rhs))
            return false;
    return true;
}
