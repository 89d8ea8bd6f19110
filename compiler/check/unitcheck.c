/*
 * unitcheck.c - the unit check of a flat model (specification chapter 19; units.h): every equation,
 * binding, attribute value, when-statement and algorithm assignment is checked for consistent units,
 * and every unit string for its syntax and symbols.
 *
 * Input: a flat model after mo_flat_unshare (no packed equations). Output: findings as warnings (or
 * errors with --units=error) at the source location of the expression that mixes units, once per
 * location: the equations of the cloned instances of one class share their source, so a mistake in a
 * class is told once, with the instance where it was met first.
 *
 * How units are followed: each expression gets a unit, or is a number (a literal or an Integer: it
 * takes the unit its use needs), or is unknown (a Real declared without a unit, a user function's
 * result: nothing is said about it, and a product with it is unknown too). A sum, a relation, the two
 * sides of an equation and the branches of an if-expression must agree where both units are known;
 * a known side lends its unit to an unknown one (x + k with x in m is in m). Products, quotients, der()
 * (per second), sqrt and powers with literal exponents compute units; the arguments of exp, log and the
 * trigonometric functions must be dimensionless, and their results are numbers. So an equation is only
 * ever reported for units that were declared, never for units guessed across equations: no false
 * alarms from Reals that the library leaves without a unit (the signals of Modelica.Blocks).
 * Cost: one visit per expression node; unit strings are read once each (a map by string). Expression
 * trees are walked recursively up to MAX_DEPTH levels (the parser bounds source trees; deeper trees
 * made by flattening, such as a sum of 10^5 terms, are given up as unknown below that depth).
 */
#include "units.h"
#include "dae.h"
#include "sym.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define MAX_DEPTH 2000
#define MAX_SHOWN 50          /* findings printed in one run; the rest are counted */

typedef enum ukind { U_UNKNOWN, U_NUMBER, U_KNOWN } ukind;

typedef struct uval {
    ukind k;
    mo_uom u;                /* U_KNOWN */
    const char *text;         /* U_KNOWN: the unit string as declared when the value is one variable's */
    int var;                  /* the variable, or -1 */
} uval;

typedef struct uinfo {        /* a unit string, read */
    bool ok;
    int index;                /* in uctx.infos */
    mo_uom u;
    const char *text;
} uinfo;

typedef struct uctx {
    const mo_flat *flat;
    mo_units_mode mode;
    mo_map strings;           /* interned unit string -> uinfo */
    int *var_unit;            /* per variable: 0 unknown, 1 number, k + 2 the k-th uinfo; -1 not yet */
    MO_VEC(uinfo *) infos;
    mo_map told;              /* locations already reported */
    int findings, shown;
    mo_loc loc;               /* the statement under check, for nodes without a location */
    const char *instance;
    int depth;
    const char *alg_instance; /* the algorithm section under check: its instance */
    /* where the statement under check is written: [from, to) in the text of file, each found when a
     * literal first needs it (written_here) */
    const mo_file *file;
    bool have_from, have_to;
    size_t from, to;
    mo_map lines;             /* a file's text -> its table of line starts (size_t[lines + 1]) */
    const mo_file *last_file; /* offset_of's last file, its line starts and their number */
    size_t *last_starts, last_nlines;
    const char *last_unit;    /* var_unit's last unit string and what it gave */
    int last_slot;
    mo_map choices;           /* the elements of each x[k] looked at (by address) -> their unit (uval):
                               * references to one x share them (flatten_ref.c), each looked at once,
                               * however the references to several arrays interleave (y[i] = x[k + i],
                               * z[i] = y[k - i] in one for-equation) */
} uctx;

static const uval unknown_val = {U_UNKNOWN, {{0}, 1}, NULL, -1};
static const uval number_val = {U_NUMBER, {{0}, 1}, NULL, -1};

static uval known(mo_uom u)
{
    uval v = {U_KNOWN, u, NULL, -1};
    return v;
}

static uval seconds(void)
{
    mo_uom s = {{0}, 1};
    s.exp[MO_U_S] = MO_U_DEN;
    return known(s);
}

/* ---- findings ---- */

static const char *describe(const uctx *c, const uval *v)
{
    const char *unit = v->text ? mo_sprintf("'%s'", v->text) : mo_sprintf("'%s'", mo_uom_text(&v->u));
    if (v->var >= 0)
        return mo_sprintf("%s (%s)", unit, mo_flat_var_name((void *)c->flat, v->var));
    return unit;
}

static void report(uctx *c, mo_loc loc, const char *msg)
{
    if (!loc.file)
        loc = c->loc;
    const char *key = mo_intern_cstr(mo_sprintf("%p:%d:%u", (const void *)loc.file, loc.line, (unsigned)loc.col));
    if (mo_map_has(&c->told, key))
        return;
    mo_map_put(&c->told, key, (void *)1);
    c->findings++;
    if (c->shown >= MAX_SHOWN)
        return;
    c->shown++;
    const char *where = c->instance && *c->instance ? mo_sprintf(" (in %s)", c->instance) : "";
    if (c->mode == MO_UNITS_ERROR)
        mo_error(loc, "%s%s", msg, where);
    else
        mo_warning(loc, "%s%s [--units]", msg, where);
}

static void mismatch(uctx *c, mo_loc loc, const char *what, const uval *a, const uval *b)
{
    report(c, loc, mo_sprintf("the units of %s do not match: %s and %s", what, describe(c, a), describe(c, b)));
}

/* a and b must agree (a sum, a relation, two sides); the unit of the whole */
static uval agree(uctx *c, mo_loc loc, const char *what, uval a, uval b)
{
    if (a.k == U_KNOWN && b.k == U_KNOWN) {
        if (!mo_uom_equal(&a.u, &b.u))
            mismatch(c, loc, what, &a, &b);
        a.var = -1;
        return a;
    }
    if (a.k == U_KNOWN || b.k == U_KNOWN) {
        uval r = a.k == U_KNOWN ? a : b;
        r.var = -1;
        return r;
    }
    return a.k == U_NUMBER && b.k == U_NUMBER ? number_val : unknown_val;
}

/* ---- where a statement is written ----
 * The front end puts the values of constants into the expressions that use them (Modelica.Constants.mu_0
 * becomes 1.25663706212e-06), so a literal of the flat model is either a number written in the statement
 * or a constant written elsewhere, whose unit the flat model no longer holds. Only the first kind is a
 * number; the second is unknown. A statement runs from its location to the ';' that ends it. */

static size_t offset_of(uctx *c, mo_loc loc)
{
    const mo_file *f = loc.file;
    size_t *starts;
    if (f == c->last_file)
        goto known;
    starts = mo_map_get(&c->lines, f->text);
    if (!starts) {
        size_t n = 1;
        for (size_t i = 0; i < f->len; i++)
            n += f->text[i] == '\n';
        starts = MO_NEWN(size_t, n + 1);
        size_t k = 0;
        starts[k++] = 0;
        for (size_t i = 0; i < f->len; i++)
            if (f->text[i] == '\n')
                starts[k++] = i + 1;
        starts[k] = f->len;   /* a line number past the end (never made by the parser) lands here */
        mo_map_put(&c->lines, f->text, starts);
        mo_map_put(&c->lines, f->text + f->len, (void *)(uintptr_t)(n + 1)); /* the table's length */
    }
    c->last_file = f;
    c->last_starts = starts;
    c->last_nlines = (size_t)(uintptr_t)mo_map_get(&c->lines, f->text + f->len) - 1;
known:;
    size_t nlines = c->last_nlines;
    starts = c->last_starts;
    size_t line = loc.line > 0 ? (size_t)loc.line - 1 : 0;
    if (line > nlines)
        line = nlines;
    size_t off = starts[line] + (loc.col > 0 ? (size_t)loc.col - 1 : 0);
    return off < f->len ? off : f->len;
}

/* The end of the statement that starts at from: past its ';' (strings and comments skipped). */
static size_t statement_end(const mo_file *f, size_t from)
{
    const char *t = f->text;
    size_t i = from;
    while (i < f->len) {
        char ch = t[i];
        if (ch == ';')
            return i + 1;
        if (ch == '"') {
            for (i++; i < f->len && t[i] != '"'; i++)
                if (t[i] == '\\' && i + 1 < f->len)
                    i++;
        } else if (ch == '/' && i + 1 < f->len && t[i + 1] == '/') {
            while (i < f->len && t[i] != '\n')
                i++;
        } else if (ch == '/' && i + 1 < f->len && t[i + 1] == '*') {
            for (i += 2; i + 1 < f->len && !(t[i] == '*' && t[i + 1] == '/'); i++) {}
            i++;
        }
        i++;
    }
    return f->len;
}

/* Is the literal e written in the statement under check (a number), not a constant's value? */
static bool written_here(uctx *c, const mo_expr *e)
{
    if (!e->loc.file || !c->file)
        return true;          /* made by the compiler (the 0 of a flow sum): a number */
    if (e->loc.file != c->file)
        return false;
    if (!c->have_from) {
        c->from = offset_of(c, c->loc);
        c->have_from = true;
    }
    size_t off = offset_of(c, e->loc);
    if (off == c->from)
        return true;          /* a binding's value that is this literal */
    if (off < c->from)
        return false;
    if (!c->have_to) {        /* once per statement visited: its literals are met in one walk */
        c->to = statement_end(c->file, c->from);
        c->have_to = true;
    }
    return off < c->to;
}

/* ---- the units of variables ---- */

static uval var_unit(uctx *c, int v)
{
    int *slot = &c->var_unit[v];
    if (*slot < 0) {
        const mo_var *var = &c->flat->vars.v[v];
        const char *s = var->attr->unit;
        if (var->type != MO_T_REAL)
            *slot = 1;        /* Integers, Booleans and enumerations have no unit: numbers */
        else if (!s || !*s)
            *slot = 0;
        else if (s == c->last_unit)
            *slot = c->last_slot;  /* the variables of one declaration share its string */
        else {
            const char *key = mo_intern_cstr(s);
            uinfo *in = mo_map_get(&c->strings, key);
            if (!in) {
                in = MO_NEW(uinfo);
                const char *why;
                in->ok = mo_uom_parse(s, &in->u, &why);
                in->text = key;
                /* an unknown symbol is told once, at the first declaration that writes it */
                if (!in->ok) {
                    const char *inst = c->instance;
                    c->instance = NULL;   /* a declaration's finding, not the statement's */
                    report(c, var->attr->loc, mo_sprintf("\"%.80s\" is not a unit: %s", s, why));
                    c->instance = inst;
                }
                in->index = c->infos.n;
                mo_map_put(&c->strings, key, in);
                MO_PUSH(c->infos, in);
            }
            *slot = in->ok ? in->index + 2 : 0;
            c->last_unit = s;
            c->last_slot = *slot;
        }
    }
    if (*slot == 0)
        return unknown_val;
    if (*slot == 1)
        return number_val;
    const uinfo *in = c->infos.v[*slot - 2];
    uval r = {U_KNOWN, in->u, in->text, v};
    return r;
}

/* ---- expressions ---- */

static uval unit_of(uctx *c, const mo_expr *e);

static void visit_all(uctx *c, const mo_expr *e)
{
    for (int i = 0; i < e->n; i++)
        if (e->a[i])
            (void)unit_of(c, e->a[i]);
}

/* An exponent written as a number: its value */
static bool literal_value(const mo_expr *e, double *v)
{
    if (e->kind == MO_EX_UNARY && e->op == MO_OP_NEG && literal_value(e->a[0], v)) {
        *v = -*v;
        return true;
    }
    if (e->kind == MO_EX_INT) {
        *v = (double)e->ival;
        return true;
    }
    if (e->kind == MO_EX_REAL) {
        *v = e->real;
        return true;
    }
    return false;
}

static uval power(uctx *c, const mo_expr *e)
{
    uval b = unit_of(c, e->a[0]);
    uval x = unit_of(c, e->a[1]);
    if (x.k == U_KNOWN && !mo_uom_dimensionless(&x.u))
        report(c, e->a[1]->loc, mo_sprintf("an exponent must be dimensionless, not %s", describe(c, &x)));
    if (b.k != U_KNOWN)
        return b.k == U_NUMBER ? number_val : unknown_val;
    double r;
    if (literal_value(e->a[1], &r)) {
        double n = r * MO_U_DEN;
        mo_uom out;
        if (fabs(n - nearbyint(n)) < 1e-9 && mo_uom_pow(b.u, (long)nearbyint(n), MO_U_DEN, &out))
            return known(out);
        return unknown_val;
    }
    return mo_uom_dimensionless(&b.u) && b.u.scale == 1.0 ? known(b.u) : unknown_val;
}

static uval binary(uctx *c, const mo_expr *e)
{
    switch ((mo_op)e->op) {
    case MO_OP_POW: case MO_OP_EPOW:
        return power(c, e);
    default:
        break;
    }
    uval a = unit_of(c, e->a[0]), b = unit_of(c, e->a[1]);
    switch ((mo_op)e->op) {
    case MO_OP_ADD: case MO_OP_SUB: case MO_OP_EADD: case MO_OP_ESUB:
        return agree(c, e->loc, e->op == MO_OP_ADD || e->op == MO_OP_EADD ? "the operands of '+'"
                                                                         : "the operands of '-'", a, b);
    case MO_OP_MUL: case MO_OP_DIV: case MO_OP_EMUL: case MO_OP_EDIV:
        /* a number in a product may stand for a quantity with a unit (0.65^2/VGT with 0.65 in volts,
         * 10000*(i - i0)*v), so its product with a unit is unknown */
        if (a.k == U_NUMBER && b.k == U_NUMBER)
            return number_val;
        if (a.k != U_KNOWN || b.k != U_KNOWN)
            return unknown_val;
        return known(e->op == MO_OP_MUL || e->op == MO_OP_EMUL ? mo_uom_mul(a.u, b.u) : mo_uom_div(a.u, b.u));
    case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE:
        (void)agree(c, e->loc, "the operands of a relation", a, b);
        return number_val;
    default:
        return number_val;    /* and, or */
    }
}

/* The built-ins whose argument must be dimensionless and whose result is a number. */
static bool transcendental(const char *f)
{
    static const char *const names[] = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                                        "tanh", "exp", "log", "log10"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(f, names[i]))
            return true;
    return false;
}

/* The built-ins whose value has the unit of their first argument. */
static bool passes_first(const char *f)
{
    static const char *const names[] = {"pre", "noEvent", "abs", "ceil", "floor", "delay", "previous",
                                        "hold", "inStream", "actualStream"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(f, names[i]))
            return true;
    return false;
}

static uval call(uctx *c, const mo_expr *e)
{
    const char *f = mo_sym_fn_name(e);
    if (!f || e->nnamed) {
        visit_all(c, e);
        return unknown_val;   /* a user function: its result's unit is not known here */
    }
    if (transcendental(f) && e->n == 1) {
        uval a = unit_of(c, e->a[0]);
        if (a.k == U_KNOWN && !mo_uom_dimensionless(&a.u))
            report(c, e->a[0]->loc.file ? e->a[0]->loc : e->loc,
                   mo_sprintf("the argument of %s must be dimensionless, not %s", f, describe(c, &a)));
        return number_val;
    }
    if (!strcmp(f, "sample") && e->n == 2) {   /* sample(start, interval): both times */
        uval s = seconds();
        (void)agree(c, e->loc, "sample's start and the time", unit_of(c, e->a[0]), s);
        (void)agree(c, e->loc, "sample's interval and the time", unit_of(c, e->a[1]), s);
        return number_val;
    }
    if (passes_first(f) && e->n >= 1) {
        uval a = unit_of(c, e->a[0]);
        for (int i = 1; i < e->n; i++)
            (void)unit_of(c, e->a[i]);
        a.var = -1;
        return a;
    }
    if ((!strcmp(f, "min") || !strcmp(f, "max") || !strcmp(f, "homotopy") || !strcmp(f, "mod") ||
         !strcmp(f, "rem") || !strcmp(f, "atan2")) && e->n == 2) {
        uval r = agree(c, e->loc, mo_sprintf("the arguments of %s", f), unit_of(c, e->a[0]), unit_of(c, e->a[1]));
        return !strcmp(f, "atan2") ? number_val : r;
    }
    if (!strcmp(f, "smooth") && e->n == 2) {
        (void)unit_of(c, e->a[0]);
        uval a = unit_of(c, e->a[1]);
        a.var = -1;
        return a;
    }
    if (!strcmp(f, "sqrt") && e->n == 1) {
        uval a = unit_of(c, e->a[0]);
        mo_uom out;
        if (a.k != U_KNOWN)
            return a.k == U_NUMBER ? number_val : unknown_val;
        return mo_uom_pow(a.u, 1, 2, &out) ? known(out) : unknown_val;
    }
    if (!strcmp(f, "semiLinear") && e->n == 3) {   /* x * k */
        uval x = unit_of(c, e->a[0]);
        uval k = agree(c, e->loc, "the slopes of semiLinear", unit_of(c, e->a[1]), unit_of(c, e->a[2]));
        if (x.k == U_UNKNOWN || k.k == U_UNKNOWN)
            return unknown_val;
        if (x.k == U_NUMBER && k.k == U_NUMBER)
            return number_val;
        mo_uom one = {{0}, 1};
        return known(mo_uom_mul(x.k == U_KNOWN ? x.u : one, k.k == U_KNOWN ? k.u : one));
    }
    visit_all(c, e);
    /* sign, integer, div, initial, edge, change, String, cardinality ...: numbers; others unknown */
    if (!strcmp(f, "sign") || !strcmp(f, "integer") || !strcmp(f, "div") || !strcmp(f, "initial") ||
        !strcmp(f, "terminal") || !strcmp(f, "edge") || !strcmp(f, "change") || !strcmp(f, "Integer"))
        return number_val;
    return unknown_val;
}

static uval unit_of(uctx *c, const mo_expr *e)
{
    if (!e)
        return unknown_val;
    if (c->depth >= MAX_DEPTH)
        return unknown_val;
    c->depth++;
    uval r = unknown_val;
    switch ((mo_expr_kind)e->kind) {
    case MO_EX_REAL: case MO_EX_INT:
        r = written_here(c, e) ? number_val : unknown_val;
        break;
    case MO_EX_BOOL: case MO_EX_STRING:
        r = number_val;
        break;
    case MO_EX_VAR:
        r = e->var >= 0 && e->var < c->flat->vars.n ? var_unit(c, e->var) : unknown_val;
        break;
    case MO_EX_TIME:
        r = seconds();
        break;
    case MO_EX_DER: {
        uval a = e->n ? unit_of(c, e->a[0]) : unknown_val;
        if (a.k == U_KNOWN)
            r = known(mo_uom_div(a.u, seconds().u));
        else
            r = a.k == U_NUMBER ? number_val : unknown_val;
        break;
    }
    case MO_EX_UNARY:
        r = unit_of(c, e->a[0]);
        r.var = -1;
        if (e->op == MO_OP_NOT)
            r = number_val;
        break;
    case MO_EX_BINARY:
        r = binary(c, e);
        break;
    case MO_EX_IF: {
        /* a = {c1, e1, c2, e2, ..., else}: the branches agree */
        bool have = false;
        for (int i = 0; i + 1 < e->n; i += 2) {
            (void)unit_of(c, e->a[i]);
            uval b = unit_of(c, e->a[i + 1]);
            r = have ? agree(c, e->loc, "the branches of an if-expression", r, b) : b;
            have = true;
        }
        uval b = unit_of(c, e->a[e->n - 1]);
        r = have ? agree(c, e->loc, "the branches of an if-expression", r, b) : b;
        r.var = -1;
        break;
    }
    case MO_EX_CALL:
        r = call(c, e);
        break;
    case MO_EX_INDEX: {
        /* x[k] known only at run time (flat.h): the elements k chooses from agree */
        (void)unit_of(c, e->a[1]);
        const uval *seen = mo_map_get(&c->choices, (const char *)e->a[0]);
        if (seen) {
            r = *seen;
            break;
        }
        for (int i = 0; i < e->a[0]->n; i++) {
            uval b = unit_of(c, e->a[0]->a[i]);
            r = i ? agree(c, e->loc, "the elements of an array subscripted at run time", r, b) : b;
        }
        r.var = -1;
        uval *keep = MO_NEW(uval);
        *keep = r;
        mo_map_put(&c->choices, (const char *)e->a[0], keep);
        break;
    }
    default:
        visit_all(c, e);      /* arrays, ranges, tuples: their elements are checked, the whole unknown */
        break;
    }
    c->depth--;
    return r;
}

/* ---- statements ---- */

static void at(uctx *c, mo_loc loc, const char *instance)
{
    c->file = loc.file;
    c->have_from = c->have_to = false;
    c->loc = loc;
    c->instance = instance;
    c->depth = 0;
}

static bool is_zero(const mo_expr *e)
{
    return e && e->kind == MO_EX_INT && e->ival == 0;
}

/* 0 = if c1 then r1 else r2: an if-equation whose branches are different equations (flatten_when.c
 * writes each as its residual lhs - rhs); each residual is checked, the branches are not compared. */
static void check_residuals(uctx *c, const mo_expr *e)
{
    if (e->kind == MO_EX_IF) {
        for (int i = 0; i + 1 < e->n; i += 2) {
            (void)unit_of(c, e->a[i]);
            check_residuals(c, e->a[i + 1]);
        }
        check_residuals(c, e->a[e->n - 1]);
    } else if (e->kind == MO_EX_BINARY && e->op == MO_OP_SUB && is_zero(e->a[0]) && e->a[1]->kind == MO_EX_IF) {
        check_residuals(c, e->a[1]);   /* a nested if-equation's residual, as a branch's equation */
    } else {
        (void)unit_of(c, e);
    }
}

static void check_equation(uctx *c, const mo_feq *q)
{
    if (mo_feq_packed(q))
        return;
    at(c, q->loc, q->instance);
    if (is_zero(q->lhs) && q->rhs->kind == MO_EX_IF) {
        check_residuals(c, q->rhs);
        return;
    }
    uval l = unit_of(c, q->lhs), r = unit_of(c, q->rhs);
    (void)agree(c, q->loc, "the two sides of this equation", l, r);
}

static void check_var(uctx *c, int v, const mo_var_attr **last)
{
    const mo_var *var = &c->flat->vars.v[v];
    uval u = var_unit(c, v);
    if (var->binding) {
        at(c, var->binding->loc.file ? var->binding->loc : var->attr->loc, NULL);
        (void)agree(c, c->loc, "a declaration and its value", u, unit_of(c, var->binding));
    }
    if (var->attr == *last)
        return;               /* the attributes of a shared record were checked with its first variable */
    *last = var->attr;
    mo_var_attr *a = (mo_var_attr *)var->attr;
    static const char *const what[] = {"a variable and its start value", NULL,
                                       "a variable and its nominal value", "a variable and its min value",
                                       "a variable and its max value"};
    for (int w = 0; w < 5; w++) {
        mo_expr *x = *mo_var_attr_expr(a, w);
        if (!x || w == 1)
            continue;
        at(c, x->loc.file ? x->loc : var->attr->loc, NULL);
        (void)agree(c, c->loc, what[w], u, unit_of(c, x));
    }
}

static void check_wstmt(uctx *c, const mo_wstmt *s, const char *instance)
{
    at(c, s->loc, instance);
    if (s->kind == MO_WS_ASSIGN || s->kind == MO_WS_REINIT)
        (void)agree(c, s->loc, s->kind == MO_WS_ASSIGN ? "the two sides of this equation"
                                                       : "reinit's variable and its new value",
                    unit_of(c, s->lhs), unit_of(c, s->rhs));
    else if (s->rhs)
        (void)unit_of(c, s->rhs);
}

/* One statement of an algorithm section (a mo_astmt_walk callback: the walk visits nested bodies). */
static void check_astmt(void *ctx, const mo_astmt *s, bool in_when)
{
    uctx *c = ctx;
    (void)in_when;
    const char *instance = c->alg_instance;
    switch (s->kind) {
    case MO_AS_ASSIGN:
        for (int k = 0; k < s->n; k++) {
            at(c, s->loc, instance);
            uval t = var_unit(c, s->targets[k]);
            (void)agree(c, s->loc, "the two sides of this assignment", t, unit_of(c, s->values[k]));
        }
        break;
    case MO_AS_EVENT:
        check_wstmt(c, s->event, instance);
        break;
    default:
        for (int k = 0; k < s->ncond; k++) {
            at(c, s->loc, instance);
            (void)unit_of(c, s->conds[k]);
        }
        break;
    }
}

int mo_units_check(const mo_flat *flat, mo_units_mode mode)
{
    if (mode == MO_UNITS_OFF)
        return 0;
    uctx c = {0};
    c.flat = flat;
    c.mode = mode;
    c.var_unit = MO_NEWN(int, flat->vars.n + 1);
    memset(c.var_unit, -1, sizeof(int) * (size_t)(flat->vars.n + 1));
    const mo_var_attr *last = NULL;
    for (int v = 0; v < flat->vars.n; v++)
        check_var(&c, v, &last);
    for (int i = 0; i < flat->eqs.n; i++)
        check_equation(&c, &flat->eqs.v[i]);
    for (int i = 0; i < flat->initial_eqs.n; i++)
        check_equation(&c, &flat->initial_eqs.v[i]);
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        for (int k = 0; k < w->nbranches; k++) {
            at(&c, w->branches[k].loc, w->instance);
            (void)unit_of(&c, w->branches[k].cond);
            for (int j = 0; j < w->branches[k].body.n; j++)
                check_wstmt(&c, &w->branches[k].body.v[j], w->instance);
        }
    }
    for (int i = 0; i < flat->asserts.n; i++)
        check_wstmt(&c, &flat->asserts.v[i], NULL);
    for (int i = 0; i < flat->algs.n; i++) {
        c.alg_instance = flat->algs.v[i].instance;
        mo_astmt_walk(&flat->algs.v[i].body, check_astmt, &c, false);
    }
    if (c.findings > c.shown)
        mo_note((mo_loc){0}, "%d more unit finding%s not shown", c.findings - c.shown,
                c.findings - c.shown == 1 ? "" : "s");
    return c.findings;
}
