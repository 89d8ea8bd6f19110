/*
 * diff.c - symbolic differentiation: total time derivatives (mo_diff_time, for index reduction) and
 * partial derivatives with respect to one variable (mo_diff_var, for Jacobians and tearing).
 *
 * Input: an expression over DAE variables. Output: a new, simplified expression (the input is not
 * modified). Preconditions: MO_EX_VAR nodes index dae->vars; der(v) has already been replaced by the
 * derivative variable, except that MO_EX_DER over a variable is still understood.
 *
 * Rules: sums, products, quotients, powers (x^n for n free of the differentiation variable, a^b in
 * general), the elementary functions, abs (sign(x)*dx), sign (0), min/max (an if-expression choosing
 * the branch in force), if-expressions (the branches are differentiated, the conditions kept, which is
 * the derivative almost everywhere - the same convention as the specification's for der of if).
 * Relations and Boolean operators have derivative 0. Anything else (user functions, strings) cannot
 * be differentiated: mo_diff_time reports an error at the expression, mo_diff_var just returns NULL.
 *
 * Time derivatives of variables: parameters, constants and discrete variables give 0; an alias gives
 * +-der of the variable it aliases; any other variable v gives the variable vars[v].der, created on
 * demand by mo_dae_new_der (named "der(name)", appended to dae->vars, kind MO_DV_ALGEBRAIC until index
 * reduction decides, der_of = v).
 */
#include "daeutil.h"
#include "func.h"   /* mo_func_add_slot: iterators of the reductions of derivatives in functions */
#include "sym.h"

#include <string.h>

typedef struct diff_ctx {
    mo_dae *dae;              /* time mode: the DAE whose derivative variables are used/created */
    int var;                  /* partial mode (dae == NULL): the variable differentiated for */
    bool report;              /* report errors (time mode) */
    int inlined;              /* nesting of inlined user functions (a recursive one stops at 32) */
    /* function mode (fn != NULL): an expression of the body of fn, whose slot s has the derivative slot
     * dslot[s] (-1: constant, or not Real); arrays stay whole (element-wise operators stay so) */
    const mo_func *fn;
    const int *dslot;
    mo_flat *flat;            /* where derivative functions made from bodies go (funcad.c), or NULL */
    bool pure;                /* partial mode: a call free of the variable is 0 (mo_diff_var_pure) */
    bool memo;                /* the derivatives of nodes done are kept in diff_memo (diff_top) */
} diff_ctx;

/* The derivatives of the nodes done in the current differentiation, by address: an expression that
 * reaches a node by several paths (a DAG: sym.h; a derivative differentiated again, as codegen's
 * Jacobians do with index reduction's derivatives) differentiates it once and shares the result. As a
 * tree, the derivative of a derivative of x1*...*xN walked N^2/2 nodes (and printed them). Only the
 * outermost differentiation uses the table, and not inside inlined function bodies (their recursion
 * guard makes a node's derivative depend on the path) nor in function mode. */
static mo_pmemo diff_memo;
static bool diff_busy;

static mo_expr *diff(diff_ctx *c, const mo_expr *e);

/* Function mode: the rank of e in fn's body, and a product or other binary operation of operands of which
 * one may be an array (element-wise operators stay element-wise; mo_sym_binary would make them scalar). */
static int rank(diff_ctx *c, const mo_expr *e) { return c->fn ? mo_func_expr_rank(c->fn, e) : 0; }

static mo_expr *ew(diff_ctx *c, mo_op op, mo_expr *a, mo_expr *b)
{
    double x;
    bool az = mo_sym_is_num(a, &x) && x == 0, bz = mo_sym_is_num(b, &x) && x == 0;
    if ((op == MO_OP_EMUL || op == MO_OP_MUL || op == MO_OP_EDIV) && (az || (bz && op != MO_OP_EDIV)))
        return mo_sym_num01(0);
    if ((op == MO_OP_EADD || op == MO_OP_ESUB) && bz)
        return a;
    if (op == MO_OP_EADD && az)
        return b;
    if (!c->fn || (!rank(c, a) && !rank(c, b)))
        return mo_sym_binary(a->loc, op, a, b);
    return mo_expr_binary(a->loc, op, a, b);
}

static mo_expr *zero(const mo_expr *e) { (void)e; return mo_sym_num01(0); }
static mo_expr *num(const mo_expr *e, double v) { return v == 0 || v == 1 ? mo_sym_num01(v == 1) : mo_sym_num(e->loc, v); }

/* d/dt of variable v (time mode). */
static mo_expr *diff_time_var(diff_ctx *c, const mo_expr *e, int v)
{
    mo_dae *dae = c->dae;
    bool neg;
    v = mo_dae_resolve(dae, v, &neg, NULL, NULL);
    if (v < 0)   /* an alias of a parameter expression: constant in time */
        return zero(e);
    switch (dae->vars.v[v].kind) {
    case MO_DV_CONSTANT: case MO_DV_PARAMETER: case MO_DV_DISCRETE: case MO_DV_PRE:
        return zero(e);
    default:
        break;
    }
    mo_expr *r = mo_sym_var(e->loc, mo_dae_new_der(dae, v));
    return neg ? mo_sym_neg(r) : r;
}

static mo_expr *fail(diff_ctx *c, const mo_expr *e, const char *what)
{
    if (c->report) {
        if (what)
            mo_error(e->loc, "cannot differentiate a call of '%s'", what);
        else
            mo_error(e->loc, "cannot differentiate this expression");
    }
    return NULL;
}

static mo_expr *sq(mo_expr *a) { return mo_sym_pow(a, mo_sym_num(a->loc, 2)); }

/* Is e free of what c differentiates for: of time (time mode: no variable but parameters, constants and
 * discrete ones, no time, no der), or of the variable (partial mode)? */
static bool invariant(diff_ctx *c, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_VAR:
        if (c->fn)
            return e->var < 0 || c->dslot[e->var] < 0;
        if (!c->dae)
            return e->var != c->var;
        if (e->var < 0)
            return false;
        bool neg;
        int v = mo_dae_resolve(c->dae, e->var, &neg, NULL, NULL);
        if (v < 0)
            return true;
        mo_dkind k = c->dae->vars.v[v].kind;
        return k == MO_DV_CONSTANT || k == MO_DV_PARAMETER || k == MO_DV_DISCRETE || k == MO_DV_PRE;
    case MO_EX_TIME: case MO_EX_DER:
        return !c->dae && !c->fn;
    case MO_EX_CALL:
        if (c->dae && mo_sym_is_input(e))
            return false;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (e->a[i] && !invariant(c, e->a[i]))
            return false;
    return true;
}

/* A call of a user function (funcdiff.c): in time mode 0 when its arguments are (Frames.nullRotation()),
 * else through its derivative annotation, else by differentiating its inlined algorithm; otherwise it
 * cannot be differentiated. */
static mo_expr *diff_user(diff_ctx *c, const mo_expr *e)
{
    const mo_func *f = e->func;
    /* functions are pure (12.3): a call of arguments constant in time is constant. (Only in time mode:
     * in partial mode a Jacobian that differentiates no call falls back to differences, which the
     * friction loops of the MSL's clutches depend on.) */
    if ((c->dae || c->fn || c->pure) && invariant(c, e))
        return zero(e);
    if (f->derivative) {
        mo_expr **d = MO_NEWN(mo_expr *, f->nin + 1);
        bool ok = true;
        for (int s = 0; ok && s < f->nin; s++)
            ok = f->vars.v[s].type != MO_T_REAL || (d[s] = diff(c, e->a[s])) != NULL;
        mo_expr *r = ok ? mo_func_der_call(e, d, !c->dae && !c->fn) : NULL;
        if (r)
            return r;
    }
    if (f->derivative2 && c->dae) {   /* time mode: g_der2(inputs, der(the derivative inputs)) */
        int k = f->derivative2->nin - f->nin;
        mo_expr **d = MO_NEWN(mo_expr *, k + 1);
        bool ok = true;
        for (int j = 0; ok && j < k; j++)
            ok = (d[j] = diff(c, e->a[f->nin - k + j])) != NULL;
        if (ok)
            return mo_func_der2_call(e, d);
    }
    /* (inlined bodies are flat-model expressions: not inside a function's body) */
    mo_expr *inl = c->inlined >= 32 || c->fn ? NULL : f->inline_arrays ? mo_func_inline_arrays(e) : mo_func_inline(e);
    if (inl) {
        c->inlined++;
        mo_expr *r = diff(c, inl);
        c->inlined--;
        return r;
    }
    /* a derivative function made from the body (funcad.c): f's derivative from now on */
    mo_flat *flat = c->flat ? c->flat : c->dae ? (mo_flat *)c->dae->flat : NULL;
    if (!f->derivative && !f->derivative2 && flat && mo_func_auto_der(flat, f))
        return diff_user(c, e);
    if (c->report) {
        mo_error(e->loc, "cannot differentiate a call of '%s'", f->name);
        if (f->has_arrays)
            mo_note(f->loc, "'%s' has no derivative annotation, a function with arrays is inlined only when "
                    "its algorithm is a chain of assignments of whole variables over array operations and "
                    "built-ins that can be expanded element by element, and its algorithm has what no derivative "
                    "is made of yet", f->name);
        else
            mo_note(f->loc, "'%s' has no derivative annotation, its algorithm is not a chain of assignments "
                    "that could be inlined, and it has what no derivative is made of yet", f->name);
    }
    return NULL;
}

/* A node of kind k over a and b: the range a:b, the element a[b] */
static mo_expr *node2(mo_expr_kind k, mo_expr *a, mo_expr *b, mo_loc L)
{
    mo_expr *r = mo_expr_new(k, L);
    r->n = 2;
    r->a = MO_NEWN(mo_expr *, 2);
    r->a[0] = a;
    r->a[1] = b;
    return r;
}

/* Function mode: the reduction fn(body for k in 1:n) over the new iterator slot k (the layout of fnexpr.c);
 * body(ctx, k) builds the body over k's node. */
static mo_expr *reduce_k(diff_ctx *c, const char *fn, mo_expr *n, mo_expr *(*body)(void *, mo_expr *), void *ctx,
                         mo_loc L)
{
    int slot = mo_func_add_slot((mo_func *)c->fn, mo_intern_cstr("ad_k"), L, MO_FV_ITER, MO_T_INTEGER);
    mo_expr *k = mo_sym_var(L, slot);
    mo_expr *r = mo_expr_call(L, fn, 2, (mo_expr *[]){body(ctx, k), k});
    r->niters = 1;
    r->iters = MO_NEWN(mo_iterator, 1);
    r->iters[0] = (mo_iterator){"ad_k", L, node2(MO_EX_RANGE, mo_sym_num(L, 1), n, L)};
    return r;
}

typedef struct extreme { mo_expr *a, *da, *m; bool ones; } extreme;

/* (if a[k] == m then da[k] else 0), or with ones (if a[k] == m then 1 else 0) */
static mo_expr *extreme_term(void *ctx, mo_expr *k)
{
    extreme *x = ctx;
    mo_loc L = x->m->loc;
    return mo_sym_if(L, mo_expr_binary(L, MO_OP_EQ, node2(MO_EX_INDEX, x->a, k, L), x->m),
                     x->ones ? mo_sym_num(L, 1) : node2(MO_EX_INDEX, x->da, k, L), mo_sym_num01(0));
}

/* da[k] * product(a[1:k-1]) * product(a[k+1:n]) */
static mo_expr *product_term(void *ctx, mo_expr *k)
{
    extreme *x = ctx;
    mo_loc L = x->m->loc;
    mo_expr *one = mo_sym_num(L, 1), *n = mo_expr_call(L, "size", 2, (mo_expr *[]){x->a, mo_sym_num(L, 1)});
    mo_expr *lo = node2(MO_EX_RANGE, one, mo_expr_binary(L, MO_OP_SUB, k, one), L);
    mo_expr *hi = node2(MO_EX_RANGE, mo_expr_binary(L, MO_OP_ADD, k, one), n, L);
    mo_expr *before = mo_expr_call(L, "product", 1, (mo_expr *[]){node2(MO_EX_INDEX, x->a, lo, L)});
    mo_expr *after = mo_expr_call(L, "product", 1, (mo_expr *[]){node2(MO_EX_INDEX, x->a, hi, L)});
    return mo_expr_binary(L, MO_OP_MUL, node2(MO_EX_INDEX, x->da, k, L), mo_expr_binary(L, MO_OP_MUL, before, after));
}

/* Function mode: d min(a), d max(a) and d product(a) of a vector a, or of the reduction over a scalar body
 * (the vector {body for i in r}). min and max: the mean of da over the elements equal to the result (da
 * at the extreme almost everywhere; A = {x, x} gives dx); product: the sum of da[k] times the product of
 * the other elements (zeros too). Each costs n^2 for n elements; NULL when a is no vector. */
static mo_expr *diff_extreme(diff_ctx *c, const mo_expr *e, const char *fn)
{
    mo_loc L = e->loc;
    mo_expr *a = e->a[0];
    if (e->niters) {   /* fn(body for i in r) = fn({body for i in r}) */
        if (e->niters != 1 || rank(c, e->a[0]))
            return NULL;
        a = mo_expr_dup(e);
        a->kind = MO_EX_ARRAY;
        a->fn = NULL;
    } else if (e->n != 1 || rank(c, a) != 1) {
        return NULL;
    }
    mo_expr *da = diff(c, a);
    if (!da)
        return NULL;
    mo_expr *n = mo_expr_call(L, "size", 2, (mo_expr *[]){a, mo_sym_num(L, 1)});
    mo_expr *m = mo_expr_call(L, fn, 1, (mo_expr *[]){a});
    extreme x = {a, da, m, false};
    if (!strcmp(fn, "product"))
        return reduce_k(c, "sum", n, product_term, &x, L);
    mo_expr *num = reduce_k(c, "sum", n, extreme_term, &x, L);
    extreme y = {a, da, m, true};
    return mo_expr_binary(L, MO_OP_DIV, num, reduce_k(c, "sum", n, extreme_term, &y, L));
}

/* d f(args) by the chain rule. */
static mo_expr *diff_call(diff_ctx *c, const mo_expr *e)
{
    if (e->func)
        return diff_user(c, e);
    const char *fn = mo_sym_fn_name(e);
    if (c->fn && fn && e->niters && !strcmp(fn, "sum") && e->n >= 1) {   /* sum(x[i] for i in r): of dx[i] */
        mo_expr *r = mo_expr_dup(e);
        r->a = MO_NEWN(mo_expr *, e->n);
        memcpy(r->a, e->a, sizeof(mo_expr *) * (size_t)e->n);
        return (r->a[0] = diff(c, e->a[0])) ? r : NULL;
    }
    if (c->fn && fn && !e->nnamed && (!strcmp(fn, "product") || ((!strcmp(fn, "min") || !strcmp(fn, "max")) &&
                                                               (e->n == 1 || e->niters)))) {
        mo_expr *r = diff_extreme(c, e, fn);
        return r ? r : fail(c, e, fn);
    }
    if (!fn || e->nnamed || e->niters)
        return fail(c, e, fn);
    mo_loc L = e->loc;
    if (mo_sym_is_input(e)) {   /* a top-level input (dae.c): no variable's function; its derivative is unknown */
        if (!c->dae)
            return zero(e);
        if (c->report)
            mo_error(L, "not supported yet: an equation with a top-level input that index reduction "
                        "differentiates (the input's derivative is not known)");
        return NULL;
    }
    if (!strcmp(fn, "delay")) {   /* d/dt delay(x, d) = delay(der(x), d) (1 - der(d)): not yet */
        if (c->report)
            mo_error(L, "not supported yet: delay in an equation that index reduction differentiates");
        return NULL;
    }
    if (c->fn) {   /* array built-ins in a function's body: linear ones apply to the derivatives */
        if (!strcmp(fn, "size") || !strcmp(fn, "ndims") || !strcmp(fn, "zeros") || !strcmp(fn, "ones") ||
            !strcmp(fn, "identity"))
            return zero(e);
        /* (linspace(a, b, n): linear in a and b, n an Integer) */
        int from = !strcmp(fn, "cat") ? 1 : 0;
        int upto = !strcmp(fn, "fill") ? 1 : !strcmp(fn, "linspace") ? 2 : e->n;
        if (!strcmp(fn, "sum") || !strcmp(fn, "cat") || !strcmp(fn, "fill") || !strcmp(fn, "transpose") ||
            !strcmp(fn, "linspace") ||
            !strcmp(fn, "vector") || !strcmp(fn, "matrix") || !strcmp(fn, "scalar") || !strcmp(fn, "diagonal") ||
            !strcmp(fn, "skew")) {
            mo_expr *r = mo_expr_dup(e);
            r->a = MO_NEWN(mo_expr *, e->n > 0 ? e->n : 1);
            for (int i = 0; i < e->n; i++)
                if (!(r->a[i] = i >= from && i < upto ? diff(c, e->a[i]) : e->a[i]))
                    return NULL;
            return r;
        }
        if ((!strcmp(fn, "cross") || !strcmp(fn, "outerProduct")) && e->n == 2) {   /* bilinear */
            mo_expr *da = diff(c, e->a[0]), *db = da ? diff(c, e->a[1]) : NULL;
            if (!db)
                return NULL;
            mo_expr *p = mo_expr_call(L, fn, 2, (mo_expr *[]){da, e->a[1]});
            mo_expr *q = mo_expr_call(L, fn, 2, (mo_expr *[]){e->a[0], db});
            p->fn = q->fn = e->fn;
            return mo_expr_binary(L, MO_OP_ADD, p, q);
        }
    }
    /* functions that are piecewise constant or Boolean */
    if (!strcmp(fn, "sign") || !strcmp(fn, "floor") || !strcmp(fn, "ceil") || !strcmp(fn, "integer") ||
        !strcmp(fn, "div") ||
        !strcmp(fn, "initial") || !strcmp(fn, "terminal"))
        return zero(e);
    if (e->n == 1) {
        mo_expr *a = e->a[0], *da = diff(c, a);
        if (!da)
            return NULL;
        mo_expr *f;  /* f'(a) */
        if (!strcmp(fn, "sin")) f = mo_sym_call1(L, "cos", a);
        else if (!strcmp(fn, "cos")) f = mo_sym_neg(mo_sym_call1(L, "sin", a));
        else if (!strcmp(fn, "tan")) f = mo_sym_div(num(e, 1), sq(mo_sym_call1(L, "cos", a)));
        else if (!strcmp(fn, "asin"))
            f = mo_sym_div(num(e, 1), mo_sym_call1(L, "sqrt", mo_sym_sub(num(e, 1), sq(a))));
        else if (!strcmp(fn, "acos"))
            f = mo_sym_neg(mo_sym_div(num(e, 1), mo_sym_call1(L, "sqrt", mo_sym_sub(num(e, 1), sq(a)))));
        else if (!strcmp(fn, "atan")) f = mo_sym_div(num(e, 1), mo_sym_add(num(e, 1), sq(a)));
        else if (!strcmp(fn, "sinh")) f = mo_sym_call1(L, "cosh", a);
        else if (!strcmp(fn, "cosh")) f = mo_sym_call1(L, "sinh", a);
        else if (!strcmp(fn, "tanh")) f = mo_sym_div(num(e, 1), sq(mo_sym_call1(L, "cosh", a)));
        else if (!strcmp(fn, "asinh"))
            f = mo_sym_div(num(e, 1), mo_sym_call1(L, "sqrt", mo_sym_add(sq(a), num(e, 1))));
        else if (!strcmp(fn, "acosh"))
            f = mo_sym_div(num(e, 1), mo_sym_call1(L, "sqrt", mo_sym_sub(sq(a), num(e, 1))));
        else if (!strcmp(fn, "atanh")) f = mo_sym_div(num(e, 1), mo_sym_sub(num(e, 1), sq(a)));
        else if (!strcmp(fn, "exp")) f = mo_sym_call1(L, "exp", a);
        else if (!strcmp(fn, "log")) f = mo_sym_div(num(e, 1), a);
        else if (!strcmp(fn, "log10")) f = mo_sym_div(num(e, 1), mo_sym_mul(a, mo_sym_call1(L, "log", num(e, 10))));
        else if (!strcmp(fn, "sqrt")) f = mo_sym_div(num(e, 1), mo_sym_mul(num(e, 2), mo_sym_call1(L, "sqrt", a)));
        else if (!strcmp(fn, "abs")) f = mo_sym_call1(L, "sign", a);
        else if (!strcmp(fn, "noEvent") || !strcmp(fn, "der")) {
            if (!strcmp(fn, "der") && c->dae) /* der(v) as a call: d/dt of the derivative variable */
                return a->kind == MO_EX_VAR ? diff(c, diff_time_var(c, a, a->var)) : fail(c, e, fn);
            if (!strcmp(fn, "der"))
                return fail(c, e, fn);
            return da;
        } else
            return fail(c, e, fn);
        return ew(c, rank(c, a) ? MO_OP_EMUL : MO_OP_MUL, f, da);   /* (sin(A): element by element) */
    }
    if (e->n == 2) {
        mo_expr *a = e->a[0], *b = e->a[1];
        if (!strcmp(fn, "smooth"))   /* smooth(order, expr) */
            return diff(c, b);
        if (!strcmp(fn, "homotopy")) /* homotopy(actual, simplified): the actual model is simulated */
            return diff(c, a);
        mo_expr *da = diff(c, a), *db = da ? diff(c, b) : NULL;
        if (!da || !db)
            return NULL;
        if (!strcmp(fn, "atan2")) { /* atan2(y, x)' = (x y' - y x') / (x^2 + y^2) */
            mo_expr *n = mo_sym_sub(mo_sym_mul(b, da), mo_sym_mul(a, db));
            return mo_sym_div(n, mo_sym_add(sq(a), sq(b)));
        }
        if (!strcmp(fn, "min"))
            return mo_sym_if(L, mo_sym_binary(L, MO_OP_LT, a, b), da, db);
        if (!strcmp(fn, "max"))
            return mo_sym_if(L, mo_sym_binary(L, MO_OP_GT, a, b), da, db);
        /* mod(a, b) = a - floor(a/b) b and rem(a, b) = a - div(a, b) b, the quotients piecewise constant */
        if (!strcmp(fn, "mod") || !strcmp(fn, "rem")) {
            mo_expr *args[2] = {a, b};
            mo_expr *q = !strcmp(fn, "mod") ? mo_sym_call1(L, "floor", mo_sym_div(a, b))
                                            : mo_sym_call(L, "div", 2, args);
            return mo_sym_sub(da, mo_sym_mul(q, db));
        }
    }
    if (e->n == 3 && !strcmp(fn, "semiLinear")) { /* if x >= 0 then kp x else kn x */
        mo_expr *x = e->a[0], *dx = diff(c, x), *d1 = dx ? diff(c, e->a[1]) : NULL, *d2 = d1 ? diff(c, e->a[2]) : NULL;
        if (!d2)
            return NULL;
        return mo_sym_if(L, mo_sym_binary(L, MO_OP_GE, x, num(e, 0)),
                         mo_sym_add(mo_sym_mul(d1, x), mo_sym_mul(e->a[1], dx)),
                         mo_sym_add(mo_sym_mul(d2, x), mo_sym_mul(e->a[2], dx)));
    }
    return fail(c, e, fn);
}

static mo_expr *diff_binary(diff_ctx *c, const mo_expr *e)
{
    mo_expr *a = e->a[0], *b = e->a[1];
    switch (e->op) {
    case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE:
    case MO_OP_AND: case MO_OP_OR:
        return zero(e);
    default:
        break;
    }
    mo_expr *da = diff(c, a), *db = da ? diff(c, b) : NULL;
    if (!da || !db)
        return NULL;
    double n;
    if (c->fn && (rank(c, a) || rank(c, b))) {   /* arrays in a function's body */
        mo_op op = e->op;
        switch (op) {
        case MO_OP_ADD: case MO_OP_EADD: case MO_OP_SUB: case MO_OP_ESUB:
            if (op == MO_OP_SUB || op == MO_OP_ESUB)
                return mo_sym_is_num(da, &n) && n == 0 ? mo_expr_unary(e->loc, MO_OP_NEG, db) : ew(c, op, da, db);
            return ew(c, op, da, db);
        case MO_OP_MUL: case MO_OP_EMUL:   /* (a b)' = a' b + a b', matrix products too */
            return ew(c, MO_OP_EADD, ew(c, op, da, b), ew(c, op, a, db));
        case MO_OP_DIV: case MO_OP_EDIV:   /* (a/b)' = a'/b - (a b')/b^2, element by element */
            if (mo_sym_is_num(db, &n) && n == 0)
                return ew(c, op, da, b);
            return ew(c, MO_OP_ESUB, ew(c, op, da, b),
                      ew(c, MO_OP_EDIV, ew(c, MO_OP_EMUL, a, db), ew(c, MO_OP_EMUL, b, b)));
        case MO_OP_EPOW:   /* a.^k with k free of the variable: k a.^(k - 1) a' */
            if (mo_sym_is_num(db, &n) && n == 0 && !rank(c, b))
                return ew(c, MO_OP_EMUL, ew(c, MO_OP_EMUL, b, ew(c, MO_OP_EPOW, a, mo_sym_sub(b, num(e, 1)))), da);
            return fail(c, e, NULL);
        default:
            return fail(c, e, NULL);
        }
    }
    switch (e->op) {
    case MO_OP_ADD: case MO_OP_EADD:
        return mo_sym_add(da, db);
    case MO_OP_SUB: case MO_OP_ESUB:
        return mo_sym_sub(da, db);
    case MO_OP_MUL: case MO_OP_EMUL:
        return mo_sym_add(mo_sym_mul(da, b), mo_sym_mul(a, db));
    case MO_OP_DIV: case MO_OP_EDIV:
        if (mo_sym_is_num(db, &n) && n == 0)
            return mo_sym_div(da, b);
        /* (a/b)' = (a' b - a b') / b^2 */
        return mo_sym_div(mo_sym_sub(mo_sym_mul(da, b), mo_sym_mul(a, db)), sq(b));
    case MO_OP_POW: case MO_OP_EPOW:
        if (mo_sym_is_num(db, &n) && n == 0) {
            /* (a^n)' = n a^(n-1) a' for n free of the differentiation variable */
            mo_expr *pw = mo_sym_pow(a, mo_sym_sub(b, num(e, 1)));
            return mo_sym_mul(mo_sym_mul(b, pw), da);
        }
        /* (a^b)' = a^b (b' log(a) + b a'/a) */
        return mo_sym_mul(mo_sym_pow(a, b),
                          mo_sym_add(mo_sym_mul(db, mo_sym_call1(e->loc, "log", a)),
                                     mo_sym_div(mo_sym_mul(b, da), a)));
    default:
        return fail(c, e, NULL);
    }
}

static mo_expr *diff_node(diff_ctx *c, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL:
        return zero(e);
    case MO_EX_TIME:
        return num(e, c->dae ? 1 : 0);
    case MO_EX_VAR:
        if (c->fn)
            return e->var >= 0 && c->dslot[e->var] >= 0 ? mo_sym_var(e->loc, c->dslot[e->var]) : zero(e);
        if (c->dae)
            return e->var >= 0 ? diff_time_var(c, e, e->var) : fail(c, e, NULL);
        return num(e, e->var == c->var ? 1 : 0);
    case MO_EX_DER:
        if (!c->dae)
            return zero(e);
        if (e->n == 1 && e->a[0]->kind == MO_EX_VAR) {
            mo_expr *dv = diff_time_var(c, e->a[0], e->a[0]->var);
            return diff(c, dv);
        }
        return fail(c, e, NULL);
    case MO_EX_UNARY: {
        if (e->op == MO_OP_NOT)
            return zero(e);
        mo_expr *da = diff(c, e->a[0]);
        if (!da)
            return NULL;
        return e->op == MO_OP_NEG ? mo_sym_neg(da) : da;
    }
    case MO_EX_BINARY:
        return diff_binary(c, e);
    case MO_EX_IF: {
        mo_expr *r = diff(c, e->a[e->n - 1]);
        for (int i = e->n - 3; r && i >= 0; i -= 2) {
            mo_expr *di = diff(c, e->a[i + 1]);
            if (!di)
                return NULL;
            r = mo_sym_if(e->loc, e->a[i], di, r);
        }
        return r;
    }
    case MO_EX_CALL:
        return diff_call(c, e);
    case MO_EX_INDEX: {   /* x[k], k known only at run time (flat.h), or x[i, j] in a function: piecewise constant */
        mo_expr *r = mo_expr_dup(e);
        r->a = MO_NEWN(mo_expr *, e->n);
        for (int i = 1; i < e->n; i++)
            r->a[i] = e->a[i];
        return (r->a[0] = diff(c, e->a[0])) ? r : NULL;
    }
    case MO_EX_ARRAY: case MO_EX_MATRIX: {   /* element by element (a comprehension: of its body, a[0]) */
        mo_expr *r = mo_expr_dup(e);
        r->a = MO_NEWN(mo_expr *, e->n > 0 ? e->n : 1);
        int n = e->kind == MO_EX_ARRAY && e->niters ? 1 : e->n;
        for (int i = 0; i < e->n; i++)
            if (!(r->a[i] = i < n ? diff(c, e->a[i]) : e->a[i]))
                return NULL;
        return r;
    }
    case MO_EX_RANGE:
        return zero(e);
    default:
        return fail(c, e, NULL);
    }
}

/* Function mode: an Integer, Boolean or String value has derivative 0, and the derivative of an array is
 * an array of its sizes (zeros(size(e, 1), ...) where the rules gave the number 0). */
static mo_expr *diff(diff_ctx *c, const mo_expr *e)
{
    /* the rules read e's operands again (d(a*b) = da*b + a*db), and the memo hands out a derivative
     * once for each path to e: both are shared (ast.h, mo_dag) */
    for (int i = 0; i < e->n; i++)
        mo_expr_mark_shared(e->a[i]);
    if (c->memo && !c->inlined && e->n > 0) {
        mo_expr *d = mo_pmemo_get(&diff_memo, e);
        if (d)
            mo_expr_mark_shared(d);
        else if ((d = diff_node(c, e)) != NULL)
            mo_pmemo_put(&diff_memo, e, d);
        return d;
    }
    if (!c->fn)
        return diff_node(c, e);
    int t = mo_func_expr_type(NULL, c->fn, e);
    mo_expr *d = t >= 0 && t != MO_T_REAL ? zero(e) : diff_node(c, e);
    double z;
    int r = d ? rank(c, e) : 0;
    if (!r || !mo_sym_is_num(d, &z) || z != 0)
        return d;
    mo_expr **sizes = MO_NEWN(mo_expr *, r);
    for (int k = 0; k < r; k++) {
        sizes[k] = mo_expr_call(e->loc, "size", 2, (mo_expr *[]){(mo_expr *)e, mo_expr_int(e->loc, k + 1)});
        sizes[k]->var = -1;
    }
    return mo_expr_call(e->loc, "zeros", r, sizes);
}

/* A differentiation outside function mode, with the table when no other one is under way (diff_memo). */
static mo_expr *diff_top(diff_ctx *c, const mo_expr *e)
{
    if (diff_busy)
        return diff(c, e);
    diff_busy = c->memo = true;
    mo_pmemo_begin(&diff_memo);
    mo_expr *d = diff(c, e);
    diff_busy = false;
    return d;
}

mo_expr *mo_diff_time(mo_dae *dae, const mo_expr *e)
{
    diff_ctx c = {dae, -1, true, 0, NULL, NULL, NULL, false, false};
    return diff_top(&c, e);
}

mo_expr *mo_diff_var(const mo_expr *e, int var)
{
    diff_ctx c = {NULL, var, false, 0, NULL, NULL, NULL, false, false};
    return diff_top(&c, e);
}

mo_expr *mo_diff_var_pure(const mo_expr *e, int var)
{
    diff_ctx c = {NULL, var, false, 0, NULL, NULL, NULL, true, false};
    return diff_top(&c, e);
}

mo_expr *mo_diff_fn(mo_flat *flat, const mo_func *fn, const int *dslot, const mo_expr *e)
{
    diff_ctx c = {NULL, -1, false, 0, fn, dslot, flat, false, false};
    return diff(&c, e);
}
