/*
 * types.c - the types of the flat model's expressions where flattening leaves them unchecked (issue 15,
 * item 1; specification 10.6 for the operators, 3.7 for the built-ins): Boolean operands of arithmetic,
 * numbers where a Boolean is needed (conditions, and, or, not, edge), a Real value given to an Integer or
 * Boolean variable, a Boolean given to a number, in bindings, equations and when-statements; an
 * enumeration literal given to a number or compared with one, a number or a literal of another
 * enumeration type given to a variable of an enumeration type (4.9.5).
 *
 * Input: the flat model, packed or not (a packed record stands for copies of equations that are in the
 * list themselves, with the same types, so it is skipped). Output: errors at the expression's location;
 * returns their number.
 * What is sure: a type is only ever asserted when it is certain (a literal, a variable, an operator over
 * sure operands, the few built-ins whose result type does not depend on anything else); everything else
 * (user functions, most built-ins, arrays) is unknown and passes. So the check refuses broken models
 * without ever refusing a good one on a guess.
 * Cost: one visit per expression node; recursion follows the expression trees up to MAX_DEPTH levels.
 */
#include "checks.h"
#include "dae.h"
#include "lookup.h"
#include "sym.h"
#include "inst.h"

#include <string.h>

#define MAX_DEPTH 2000

typedef enum ty { TY_UNKNOWN, TY_REAL, TY_INTEGER, TY_BOOLEAN, TY_STRING, TY_ENUM } ty;

typedef struct tctx {
    const mo_flat *flat;
    int shift;                /* the equation's var_shift */
    int errors;
    int depth;
    int branches;             /* values of if-expressions being typed: a branch may never be evaluated
                               * (if useLog then log10(m) else m, m = 0), so no domain errors there */
    bool enum_vars;           /* a variable of an enumeration type is TY_ENUM (else unknown, below) */
} tctx;

static const char *ty_name(ty t)
{
    static const char *const names[] = {"?", "Real", "Integer", "Boolean", "String", "an enumeration"};
    return names[t];
}

/* Enumerations (4.9.5). A literal is an Integer literal whose text is its full name (flatten_expr.c);
 * Integer(e) of a variable e is e itself in the flat model, so a variable of an enumeration type counts
 * as one only where no conversion can have been written: the variable an equation or binding gives a
 * value to. Two enumeration types agree when they have the same literals in the same order. */
static bool enum_literal(const mo_expr *e)
{
    return e->kind == MO_EX_INT && e->text && !(e->text[0] >= '0' && e->text[0] <= '9');
}

static const mo_class *enum_class(const tctx *c, const mo_expr *e)
{
    if (e->kind == MO_EX_IF)
        return enum_class(c, e->a[e->n - 1]);
    if (enum_literal(e))
        return mo_enum_literal_class(e);
    if (e->kind == MO_EX_VAR && e->var + c->shift >= 0 && e->var + c->shift < c->flat->vars.n)
        return c->flat->vars.v[e->var + c->shift].attr->enum_type;
    return NULL;
}

static bool same_enum(const mo_class *a, const mo_class *b)
{
    if (!a || !b || a == b)
        return true;   /* (unknown: no judgement) */
    if (a->nliterals != b->nliterals)
        return false;
    for (int i = 0; i < a->nliterals; i++)
        if (a->literals[i].name != b->literals[i].name)
            return false;
    return true;
}

static bool numeric(ty t) { return t == TY_REAL || t == TY_INTEGER; }

static ty var_type(const tctx *c, int v)
{
    v += c->shift;
    if (v < 0 || v >= c->flat->vars.n)
        return TY_UNKNOWN;
    switch ((mo_basetype)c->flat->vars.v[v].type) {
    case MO_T_REAL: return TY_REAL;
    case MO_T_INTEGER: return TY_INTEGER;
    case MO_T_BOOLEAN: return TY_BOOLEAN;
    case MO_T_STRING: return TY_STRING;
    case MO_T_ENUM: return c->enum_vars ? TY_ENUM : TY_UNKNOWN;
    default: return TY_UNKNOWN;
    }
}

static void error(tctx *c, mo_loc loc, const char *msg)
{
    c->errors++;
    mo_error(loc, "%s", msg);
}

static ty type_of(tctx *c, const mo_expr *e);

/* e must be Boolean where `what` needs it */
static void need_boolean(tctx *c, const mo_expr *e, const char *what)
{
    ty t = type_of(c, e);
    if (t != TY_UNKNOWN && t != TY_BOOLEAN)
        error(c, e->loc, mo_sprintf("%s must be Boolean, not %s", what, ty_name(t)));
}

static ty binary(tctx *c, const mo_expr *e)
{
    mo_op op = (mo_op)e->op;
    if (op == MO_OP_AND || op == MO_OP_OR) {
        need_boolean(c, e->a[0], op == MO_OP_AND ? "an operand of 'and'" : "an operand of 'or'");
        need_boolean(c, e->a[1], op == MO_OP_AND ? "an operand of 'and'" : "an operand of 'or'");
        return TY_BOOLEAN;
    }
    ty a = type_of(c, e->a[0]), b = type_of(c, e->a[1]);
    switch (op) {
    case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE:
        if ((a == TY_BOOLEAN && numeric(b)) || (b == TY_BOOLEAN && numeric(a)) ||
            (a == TY_ENUM && numeric(b)) || (b == TY_ENUM && numeric(a)))
            error(c, e->loc, mo_sprintf("a relation compares %s with %s%s", ty_name(a), ty_name(b),
                                        a == TY_ENUM || b == TY_ENUM ? " (Integer(e) converts an enumeration "
                                                                       "value, specification 4.9.5.2)" : ""));
        else if (a == TY_ENUM && b == TY_ENUM && !same_enum(enum_class(c, e->a[0]), enum_class(c, e->a[1])))
            error(c, e->loc, "a relation compares values of two different enumeration types");
        return TY_BOOLEAN;
    default:
        break;
    }
    static const char *const sym[] = {"+", "-", "*", "/", "^", ".+", ".-", ".*", "./", ".^"};
    const char *s = op <= MO_OP_EPOW ? sym[op] : "?";
    if (a == TY_BOOLEAN || b == TY_BOOLEAN) {
        error(c, e->loc, mo_sprintf("an operand of '%s' is Boolean; arithmetic needs numbers (Integer(b) or "
                                    "if b then 1 else 0 converts)", s));
        return TY_UNKNOWN;
    }
    if (a == TY_STRING || b == TY_STRING)
        return a == b && (op == MO_OP_ADD || op == MO_OP_EADD) ? TY_STRING : TY_UNKNOWN;
    if (!numeric(a) || !numeric(b))
        return a == TY_REAL || b == TY_REAL ? TY_REAL : TY_UNKNOWN;
    if (op == MO_OP_DIV || op == MO_OP_EDIV || op == MO_OP_POW || op == MO_OP_EPOW)
        return TY_REAL;       /* 10.6.4, 10.6.7: / and ^ give Real even for Integers */
    return a == TY_INTEGER && b == TY_INTEGER ? TY_INTEGER : TY_REAL;
}

/* The value of e when it is a literal, a negated one, or a parameter or constant bound to one. */
static bool known_value(const tctx *c, const mo_expr *e, double *v, int hops)
{
    if (hops > 8)
        return false;   /* parameters bound through others: left to run time */
    if (e->kind == MO_EX_UNARY && e->op == MO_OP_NEG && known_value(c, e->a[0], v, hops + 1)) {
        *v = -*v;
        return true;
    }
    if (e->kind == MO_EX_INT || e->kind == MO_EX_REAL) {
        *v = e->kind == MO_EX_INT ? (double)e->ival : e->real;
        return true;
    }
    if (e->kind == MO_EX_VAR) {
        int k = e->var + c->shift;
        if (k < 0 || k >= c->flat->vars.n)
            return false;
        const mo_var *var = &c->flat->vars.v[k];
        const mo_expr *b = var->binding;
        if (var->variability > MO_VAR_PARAMETER || !b || b->kind == MO_EX_VAR)
            return false;     /* (a parameter bound to another is left to run time: no chains followed) */
        tctx at = *c;
        at.shift = 0;         /* a binding's variables are numbered plainly */
        return known_value(&at, b, v, hops + 1);
    }
    return false;
}

/* The built-ins of one numeric argument (3.7.1, 3.7.3). */
static bool numeric_builtin(const char *f)
{
    static const char *const names[] = {"abs", "sign", "sqrt", "ceil", "floor", "integer", "sin", "cos", "tan",
                                        "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "log", "log10"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(f, names[i]))
            return true;
    return false;
}

/* Is e a clock expression (16.3; flatten_sync.c's mo_flat_is_clock, with the equation's var_shift)? */
static bool clock_expr(const tctx *c, const mo_expr *e)
{
    if (e->kind == MO_EX_VAR) {
        int k = e->var + c->shift;
        return k >= 0 && k < c->flat->vars.n && (c->flat->vars.v[k].flags & MO_FV_CLOCK);
    }
    const char *f = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    if (e->kind == MO_EX_IF && e->n >= 2)
        return clock_expr(c, e->a[1]);
    return f && (!strcmp(f, "Clock") || ((!strcmp(f, "subSample") || !strcmp(f, "superSample") ||
                                          !strcmp(f, "shiftSample") || !strcmp(f, "backSample")) &&
                                         e->n >= 1 && clock_expr(c, e->a[0])));
}

static ty call(tctx *c, const mo_expr *e)
{
    const char *f = mo_sym_fn_name(e);
    if (f && c->flat->clocked && mo_sync_op(f)) {   /* chapter 16: clocks are Booleans in the flat model */
        if (strcmp(f, "sample") != 0 || e->n != 2 || clock_expr(c, e->a[1])) {   /* (else 3.7.5's sample) */
            ty first = e->n ? type_of(c, e->a[0]) : TY_UNKNOWN;
            for (int i = 1; i < e->n; i++)
                type_of(c, e->a[i]);
            return !strcmp(f, "Clock") || !strcmp(f, "firstTick") ? TY_BOOLEAN
                   : !strcmp(f, "interval") ? TY_REAL : first;
        }
    }
    if (f && (!strcmp(f, MO_SM_ACTIVE) || !strcmp(f, MO_SM_TICKS) || !strcmp(f, MO_SM_TIME)))   /* chapter 17 */
        return !strcmp(f, MO_SM_ACTIVE) ? TY_BOOLEAN : !strcmp(f, MO_SM_TICKS) ? TY_INTEGER : TY_REAL;
    if (f && !e->nnamed && e->n == 1 && !strcmp(f, "edge")) {
        need_boolean(c, e->a[0], "the argument of edge");
        return TY_BOOLEAN;
    }
    ty first = TY_UNKNOWN;
    for (int i = 0; i < e->n; i++) {
        ty t = type_of(c, e->a[i]);
        if (i == 0)
            first = t;
    }
    if (!f)
        return TY_UNKNOWN;
    double iv;
    if (e->n == 1 && !e->nnamed && first == TY_BOOLEAN && numeric_builtin(f))
        error(c, e->a[0]->loc, mo_sprintf("the argument of %s must be a number, not Boolean", f));
    if (e->n == 1 && !e->nnamed && !c->branches && known_value(c, e->a[0], &iv, 0)) {
        const char *bad = NULL;
        if ((!strcmp(f, "acos") || !strcmp(f, "asin")) && !(iv >= -1 && iv <= 1))
            bad = "outside [-1, 1]";
        else if ((!strcmp(f, "log") || !strcmp(f, "log10")) && !(iv > 0))
            bad = "not positive";
        else if (!strcmp(f, "sqrt") && !(iv >= 0))
            bad = "negative";
        if (bad)
            error(c, e->a[0]->loc, mo_sprintf("the argument of %s is %g, %s (specification 3.7.1)", f, iv, bad));
    }
    if (!strcmp(f, "sample") && e->n == 2 && !e->nnamed && known_value(c, e->a[1], &iv, 0) && !(iv > 0))
        error(c, e->a[1]->loc, mo_sprintf("the interval of sample must be positive, not %g", iv));
    if (!strcmp(f, "initial") || !strcmp(f, "terminal") || !strcmp(f, "sample") || !strcmp(f, "change") ||
        !strcmp(f, "edge"))
        return TY_BOOLEAN;
    if (!strcmp(f, "sin") || !strcmp(f, "cos") || !strcmp(f, "tan") || !strcmp(f, "exp") || !strcmp(f, "log") ||
        !strcmp(f, "sqrt") || !strcmp(f, "floor") || !strcmp(f, "ceil") || !strcmp(f, "asin") ||
        !strcmp(f, "acos") || !strcmp(f, "atan") || !strcmp(f, "atan2") || !strcmp(f, "log10"))
        return TY_REAL;
    if (!strcmp(f, "integer"))
        return TY_INTEGER;
    return TY_UNKNOWN;
}

static ty type_of(tctx *c, const mo_expr *e)
{
    if (!e || c->depth >= MAX_DEPTH)
        return TY_UNKNOWN;
    c->depth++;
    ty r = TY_UNKNOWN;
    switch ((mo_expr_kind)e->kind) {
    case MO_EX_REAL: case MO_EX_TIME: case MO_EX_DER:
        r = TY_REAL;
        break;
    case MO_EX_INT:
        r = enum_literal(e) ? TY_ENUM : TY_INTEGER;
        break;
    case MO_EX_BOOL:
        r = TY_BOOLEAN;
        break;
    case MO_EX_STRING:
        r = TY_STRING;
        break;
    case MO_EX_VAR:
        r = var_type(c, e->var);
        break;
    case MO_EX_UNARY:
        if (e->op == MO_OP_NOT) {
            need_boolean(c, e->a[0], "the operand of 'not'");
            r = TY_BOOLEAN;
        } else {
            r = type_of(c, e->a[0]);
            if (r == TY_BOOLEAN) {
                error(c, e->loc, "the operand of a sign is Boolean; it needs a number");
                r = TY_UNKNOWN;
            }
        }
        break;
    case MO_EX_BINARY:
        r = binary(c, e);
        break;
    case MO_EX_IF: {
        /* a = {c1, e1, c2, e2, ..., else}: the conditions Boolean; the type of the values when they agree */
        for (int i = 0; i + 1 < e->n; i += 2)
            need_boolean(c, e->a[i], "the condition of an if-expression");
        c->branches++;
        r = type_of(c, e->a[e->n - 1]);
        for (int i = 1; i < e->n; i += 2) {
            ty b = type_of(c, e->a[i]);
            if (r != b)
                r = numeric(r) && numeric(b) ? TY_REAL : TY_UNKNOWN;
        }
        c->branches--;
        break;
    }
    case MO_EX_CALL:
        r = call(c, e);
        break;
    case MO_EX_INDEX:   /* (its elements are alike: flat.h) */
        (void)type_of(c, e->a[1]);
        (void)type_of(c, mo_choice_sample(e));
        break;
    default:
        for (int i = 0; i < e->n; i++)
            (void)type_of(c, e->a[i]);
        break;
    }
    c->depth--;
    return r;
}

/* lhs = rhs, or a binding (lhs a variable): a Boolean and a number never meet; a variable of type
 * Integer takes no Real value (Real to Integer needs integer(), 10.6.13 has no implicit conversion). */
static void check_pair(tctx *c, const mo_expr *lhs, const mo_expr *rhs, bool assigned)
{
    c->depth = 0;
    c->enum_vars = lhs->kind == MO_EX_VAR;
    ty l = type_of(c, lhs);
    c->enum_vars = false;
    ty r = type_of(c, rhs);
    const char *name = lhs->kind == MO_EX_VAR ? mo_flat_var_name((void *)c->flat, lhs->var + c->shift) : NULL;
    if (l == TY_ENUM && r == TY_ENUM && name) {
        const mo_class *a = enum_class(c, lhs), *b = enum_class(c, rhs);
        if (!same_enum(a, b))
            error(c, rhs->loc, mo_sprintf("'%s' is of enumeration type '%s' but %s of enumeration type '%s' "
                                          "(specification 4.9.5)", name, mo_class_full_name(a),
                                          assigned ? "the value given to it is" : "its equation's other side is",
                                          mo_class_full_name(b)));
        return;
    }
    if (l == TY_UNKNOWN || r == TY_UNKNOWN || l == r)
        return;
    if ((l == TY_ENUM && numeric(r)) || (r == TY_ENUM && numeric(l))) {
        error(c, rhs->loc, name ? mo_sprintf("'%s' is %s but %s %s (Integer(e) and E(i) are no implicit "
                                             "conversions, specification 4.9.5.2)", name,
                                             l == TY_ENUM ? "of an enumeration type" : ty_name(l),
                                             assigned ? "the value given to it is" : "its equation's other side is",
                                             r == TY_ENUM ? "an enumeration literal" : ty_name(r))
                                : mo_sprintf("the two sides of this equation are %s and %s", ty_name(l), ty_name(r)));
        return;
    }
    if ((l == TY_BOOLEAN) != (r == TY_BOOLEAN) || l == TY_STRING || r == TY_STRING)
        error(c, rhs->loc, name ? mo_sprintf("'%s' is %s but %s %s", name, ty_name(l),
                                             assigned ? "the value given to it is" : "its equation's other side is",
                                             ty_name(r))
                                : mo_sprintf("the two sides of this equation are %s and %s", ty_name(l), ty_name(r)));
    else if (l == TY_INTEGER && r == TY_REAL && name)
        error(c, rhs->loc, mo_sprintf("'%s' is Integer but %s Real (Real to Integer needs integer())", name,
                                      assigned ? "the value given to it is" : "its equation's other side is"));
}

static void check_eqs(tctx *c, const mo_feq *v, int n)
{
    for (int i = 0; i < n; i++) {
        const mo_feq *q = &v[i];
        if (mo_feq_packed(q))
            continue;
        c->shift = q->var_shift;
        check_pair(c, q->lhs, q->rhs, q->origin == MO_ORIGIN_BINDING);
    }
    c->shift = 0;
}

static void check_wstmt(tctx *c, const mo_wstmt *s)
{
    c->depth = 0;
    if (s->kind == MO_WS_ASSIGN)
        check_pair(c, s->lhs, s->rhs, true);
    else if (s->kind == MO_WS_ASSERT)
        need_boolean(c, s->rhs, "the condition of assert");
    else if (s->rhs)
        (void)type_of(c, s->rhs);
}

/* One statement of an algorithm section (a mo_astmt_walk callback: the walk visits nested bodies). */
static void check_astmt(void *ctx, const mo_astmt *s, bool in_when)
{
    tctx *c = ctx;
    (void)in_when;
    switch (s->kind) {
    case MO_AS_ASSIGN:
        for (int k = 0; k < s->n; k++) {
            mo_expr lhs = {0};
            lhs.kind = MO_EX_VAR;
            lhs.var = s->targets[k];
            check_pair(c, &lhs, s->values[k], true);
        }
        break;
    case MO_AS_EVENT:
        check_wstmt(c, s->event);
        break;
    default:
        for (int k = 0; k < s->ncond; k++) {
            c->depth = 0;
            if (s->kind == MO_AS_WHEN)
                (void)type_of(c, s->conds[k]);
            else
                need_boolean(c, s->conds[k], s->kind == MO_AS_WHILE ? "the condition of a while-statement"
                                                                    : "the condition of an if-statement");
        }
        break;
    }
}

int mo_check_types(const mo_flat *flat)
{
    tctx c = {.flat = flat};
    const mo_var_attr *last = NULL;
    for (int v = 0; v < flat->vars.n; v++) {
        const mo_var *var = &flat->vars.v[v];
        if (var->binding) {
            mo_expr lhs = {0};
            lhs.kind = MO_EX_VAR;
            lhs.var = v;
            check_pair(&c, &lhs, var->binding, true);
        }
        if (var->attr == last)
            continue;
        last = var->attr;
        if (var->attr->fixed) {
            c.depth = 0;
            need_boolean(&c, var->attr->fixed, "the fixed attribute");
        }
    }
    check_eqs(&c, flat->eqs.v, flat->eqs.n);
    check_eqs(&c, flat->initial_eqs.v, flat->initial_eqs.n);
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++) {
            const mo_wbranch *b = &flat->whens.v[i].branches[k];
            c.depth = 0;
            (void)type_of(&c, b->cond);
            for (int j = 0; j < b->body.n; j++)
                check_wstmt(&c, &b->body.v[j]);
        }
    for (int i = 0; i < flat->asserts.n; i++)
        check_wstmt(&c, &flat->asserts.v[i]);
    for (int i = 0; i < flat->algs.n; i++)
        mo_astmt_walk(&flat->algs.v[i].body, check_astmt, &c, false);
    return c.errors;
}
