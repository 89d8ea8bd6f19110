/*
 * evcalls.c - the event-triggering built-ins (specification 3.7.1.1: div, mod, rem, ceil, floor,
 * integer) in the equations of a flat model, made to change only at events (mo_event_calls).
 *
 * Input: a flat model after mo_flat_unshare. Output: the same model where each call whose argument
 * varies continuously (time, a der(), a Real variable no when-clause assigns), in an equation, outside
 * noEvent() and smooth(), reads a discrete variable instead; calls of the same text share one. For
 * floor(e) (integer(e) alike, an Integer) that variable is k, protected, with the when-equation
 *     when {initial(), e < pre(k), e >= pre(k) + 1} then k = floor(e); end when;
 * so k holds between events and the relations give the zero crossings that stop the integrator where
 * e leaves [k, k + 1): the value changes exactly at the event, which the integrator never steps
 * across. ceil(e) the same with e <= pre(k) - 1, e > pre(k). The others are written with these, as the
 * specification defines them: mod(x, y) = x - floor(x / y) * y (its event expression is floor(x / y)),
 * div(x, y) = if x / y >= 0 then floor(x / y) else ceil(x / y) (truncation), rem(x, y) =
 * x - div(x, y) * y. Inside when-clauses, initial equations, asserts and algorithm sections nothing
 * changes (they are evaluated at events, or once).
 *
 * Guarantees: between events every rewritten call keeps the value of the last event; at the event the
 * relation that fired has its new value, so floor(e) computed there is the new one (the runtime sets a
 * relation from its zero-crossing function at the located point: e >= k + 1 holds there).
 */
#include "daeutil.h"
#include "events.h"

#include <string.h>

typedef struct ectx {
    mo_flat *flat;
    unsigned char *assigned;  /* mo_events_assigned of the model as flattened: its nvars variables */
    int nvars;
    mo_map site;              /* interned call text (and guard, held) -> variable index + 1 */
    MO_VEC(mo_expr *) guard;  /* the if-expression conditions (rewritten; negated for a later branch)
                                 that must hold where the expression being rewritten is evaluated */
} ectx;

static bool is_call(const mo_expr *e, const char *name, int n)
{
    const char *fn = e->kind == MO_EX_CALL && !e->func ? mo_sym_fn_name(e) : NULL;
    return fn && !strcmp(fn, name) && e->n == n && !e->nnamed && !e->niters;
}

/* Does e vary continuously in time (time, der(), a Real variable computed by the equations)? */
static bool continuous(const ectx *c, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_TIME: case MO_EX_DER:
        return true;
    case MO_EX_VAR: {   /* (a variable made here: a held value is discrete, an argument continuous) */
        const mo_var *v = &c->flat->vars.v[e->var];
        return v->variability == MO_VAR_CONTINUOUS && v->type == MO_T_REAL && (e->var >= c->nvars || !c->assigned[e->var]);
    }
    case MO_EX_CALL:
        if (is_call(e, "pre", 1) || is_call(e, "edge", 1) || is_call(e, "change", 1) ||
            is_call(e, "initial", 0) || is_call(e, "terminal", 0))
            return false;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (continuous(c, e->a[i]))
            return true;
    return false;
}

static bool has_delay(const mo_expr *e)
{
    if (e->kind == MO_EX_VAR)   /* (VAR nodes may be short: ast.h) */
        return false;
    if (e->kind == MO_EX_CALL && !e->func && mo_sym_fn_name(e) && !strcmp(mo_sym_fn_name(e), "delay"))
        return true;
    for (int i = 0; i < e->n; i++)
        if (has_delay(e->a[i]))
            return true;
    return false;
}

/* arg read through a Real variable of its own, computed by an equation: for an argument holding
 * delay(), whose history the simulator records from the equations it evaluates at accepted points
 * (runtime/delay.c), never from the zero-crossing functions the when-condition below becomes. */
static mo_expr *through_variable(ectx *c, mo_expr *arg, const char *name, mo_loc loc)
{
    int a = c->flat->vars.n;
    mo_var_attr *attr = MO_NEW(mo_var_attr);
    attr->loc = loc;
    attr->comment = "the argument of an event-triggering call that holds delay()";
    mo_var v = {.name = mo_intern_cstr(mo_sprintf("%s.argument", name)), .attr = attr, .flags = MO_PF_PROTECTED,
                .variability = MO_VAR_CONTINUOUS, .type = MO_T_REAL, .state_select = MO_SS_DEFAULT,
                .attr_own = true};
    MO_PUSH(c->flat->vars, v);
    mo_feq q = {.loc = loc, .instance = "", .origin = MO_ORIGIN_EQUATION, .lhs = mo_expr_var(loc, a), .rhs = arg};
    MO_PUSH(c->flat->eqs, q);
    return mo_expr_var(loc, a);
}

/* The conjunction of the conditions in c->guard, outermost first (NULL when there is none). */
static mo_expr *guard_of(const ectx *c, mo_loc loc)
{
    mo_expr *g = NULL;
    for (int i = 0; i < c->guard.n; i++) {
        mo_expr *t = mo_expr_copy(c->guard.v[i]);
        g = g ? mo_sym_binary(loc, MO_OP_AND, g, t) : t;
    }
    return g;
}

/* The discrete variable for fn(arg) (fn floor, ceil or integer), made with its when-equation the first
 * time this text is seen under these guards. A call in a branch of an if-expression is evaluated only
 * where the branch's conditions G hold (specification 3.3), and 1/x of 'if x > 0.1 then integer(1/x)'
 * divides by zero elsewhere: its argument becomes 'if G then arg else pre(k) + 0.5' (ceil: - 0.5),
 * which holds k and crosses none of its relations while G is false, and meets arg at the event where G
 * turns true (G's relations change only at events), where the when-equation takes the new value. */
static mo_expr *held(ectx *c, const char *fn, mo_expr *arg, mo_loc loc)
{
    mo_expr *call = mo_sym_call1(loc, fn, arg);
    mo_buf b = {0};
    mo_expr_print(&b, call, mo_flat_var_name, c->flat);
    mo_expr *g = guard_of(c, loc);
    if (g) {   /* (the guard's text in the name: the same call under another guard is another variable) */
        mo_buf_puts(&b, " if ");
        mo_expr_print(&b, g, mo_flat_var_name, c->flat);
    }
    const char *name = mo_intern_cstr(mo_buf_str(&b));
    int k = (int)(intptr_t)mo_map_get(&c->site, name) - 1;
    if (k >= 0)
        return mo_expr_var(loc, k);
    k = c->flat->vars.n;
    if (has_delay(arg)) {   /* (a guarded one unguarded: the delay's history is recorded at every step) */
        arg = through_variable(c, arg, name, loc);
        k = c->flat->vars.n;
        g = NULL;
    }
    if (g) {
        mo_expr *held_pre = mo_sym_call1(loc, "pre", mo_expr_var(loc, k));
        mo_expr *half = mo_sym_num(loc, 0.5);
        arg = mo_sym_if(loc, g, arg, strcmp(fn, "ceil") ? mo_sym_add(held_pre, half) : mo_sym_sub(held_pre, half));
    }
    if (g || arg != call->a[0])
        call = mo_sym_call1(loc, fn, arg);
    mo_var_attr *attr = MO_NEW(mo_var_attr);
    attr->loc = loc;
    attr->comment = "the value of an event-triggering call, changed at events only (3.7.1.1)";
    mo_var v = {.name = name, .attr = attr, .flags = MO_PF_PROTECTED, .variability = MO_VAR_DISCRETE,
                .type = strcmp(fn, "integer") ? MO_T_REAL : MO_T_INTEGER,
                .state_select = MO_SS_DEFAULT, .attr_own = true};
    MO_PUSH(c->flat->vars, v);
    mo_map_put(&c->site, name, (void *)(intptr_t)(k + 1));

    mo_expr *pre = mo_sym_call1(loc, "pre", mo_expr_var(loc, k));
    mo_expr *one = mo_sym_num(loc, 1);
    mo_expr *cond = mo_expr_new(MO_EX_ARRAY, loc);
    cond->n = 3;
    cond->a = MO_NEWN(mo_expr *, 3);
    cond->a[0] = mo_sym_call(loc, "initial", 0, NULL);
    if (!strcmp(fn, "ceil")) {      /* ceil(e) = k on (k - 1, k] */
        cond->a[1] = mo_sym_binary(loc, MO_OP_LE, arg, mo_sym_sub(pre, one));
        cond->a[2] = mo_sym_binary(loc, MO_OP_GT, arg, pre);
    } else {                        /* floor(e) = k on [k, k + 1) */
        cond->a[1] = mo_sym_binary(loc, MO_OP_LT, arg, pre);
        cond->a[2] = mo_sym_binary(loc, MO_OP_GE, arg, mo_sym_add(pre, one));
    }
    mo_fwhen w = {.loc = loc, .instance = "", .nbranches = 1, .branches = MO_NEW(mo_wbranch)};
    w.branches[0].cond = cond;
    w.branches[0].loc = loc;
    mo_wstmt s = {.kind = MO_WS_ASSIGN, .loc = loc, .lhs = mo_expr_var(loc, k), .rhs = call};
    MO_PUSH(w.branches[0].body, s);
    MO_PUSH(c->flat->whens, w);
    return mo_expr_var(loc, k);
}

static mo_expr *rewrite(void *ctx, const mo_expr *e);

/* e with its event-triggering calls rewritten (e itself when there is none). */
static mo_expr *rewrite(void *ctx, const mo_expr *e)
{
    ectx *c = ctx;
    if (e->kind == MO_EX_CALL && (is_call(e, "noEvent", 1) || is_call(e, "smooth", 2)))
        return (mo_expr *)e;
    if (e->kind == MO_EX_IF) {   /* {c1, e1, c2, e2, ..., else}: each part under the conditions before */
        mo_expr **a = NULL;
        int depth = c->guard.n;
        for (int i = 0; i < e->n; i++) {
            mo_expr *x = rewrite(c, e->a[i]);
            if (x != e->a[i] && !a) {
                a = MO_NEWN(mo_expr *, e->n);
                memcpy(a, e->a, sizeof(mo_expr *) * (size_t)e->n);
            }
            if (a)
                a[i] = x;
            if (i + 1 < e->n && i % 2 == 0)   /* a condition: its branch reads it true */
                MO_PUSH(c->guard, x);
            else if (i + 1 < e->n)            /* a branch: the later parts read its condition false */
                c->guard.v[c->guard.n - 1] = mo_expr_unary(x->loc, MO_OP_NOT, c->guard.v[c->guard.n - 1]);
        }
        c->guard.n = depth;
        if (!a)
            return (mo_expr *)e;
        mo_expr *r = mo_expr_dup(e);
        r->a = a;
        return r;
    }
    if (e->kind == MO_EX_INDEX) {   /* x[k]: the elements hold no call (variables, flat.h), the index may */
        mo_expr *k = rewrite(c, e->a[1]);
        if (k == e->a[1])
            return (mo_expr *)e;
        mo_expr *r = mo_expr_dup(e);
        r->a = MO_NEWN(mo_expr *, 2);
        r->a[0] = e->a[0];
        r->a[1] = k;
        return r;
    }
    mo_expr *r = mo_dae_map_operands(e, rewrite, c);
    if (!r || r->kind != MO_EX_CALL || r->func)
        return r;
    mo_loc loc = r->loc;
    bool one = is_call(r, "floor", 1) || is_call(r, "ceil", 1) || is_call(r, "integer", 1);
    bool two = is_call(r, "div", 2) || is_call(r, "mod", 2) || is_call(r, "rem", 2);
    if (!(one && continuous(c, r->a[0])) && !(two && (continuous(c, r->a[0]) || continuous(c, r->a[1]))))
        return r;
    const char *fn = mo_sym_fn_name(r);
    if (one)
        return held(c, fn, r->a[0], loc);
    mo_expr *x = r->a[0], *y = r->a[1], *q = mo_sym_div(x, y);
    if (!strcmp(fn, "mod"))
        return mo_sym_sub(x, mo_sym_mul(held(c, "floor", q, loc), y));
    mo_expr *trunc = mo_sym_if(loc, mo_sym_binary(loc, MO_OP_GE, q, mo_sym_num(loc, 0)),
                               held(c, "floor", q, loc), held(c, "ceil", q, loc));
    return !strcmp(fn, "div") ? trunc : mo_sym_sub(x, mo_sym_mul(trunc, y));
}

void mo_event_calls(mo_flat *flat)
{
    ectx c = {flat, mo_events_assigned(flat), flat->vars.n, {0}, {0}};
    for (int i = 0; i < flat->eqs.n; i++) {   /* (held may add equations: flat->eqs may move) */
        mo_expr *lhs = rewrite(&c, flat->eqs.v[i].lhs);
        flat->eqs.v[i].lhs = lhs;
        mo_expr *rhs = rewrite(&c, flat->eqs.v[i].rhs);
        flat->eqs.v[i].rhs = rhs;
    }
}
