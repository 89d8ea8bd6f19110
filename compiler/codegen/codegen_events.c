/*
 * codegen_events.c - the event half of the generated simulator: relations frozen between events, their
 * zero-crossing functions, time events, the when-clauses, pre/edge/change/initial/terminal/sample,
 * assert and terminate (the runtime side is runtime/events.c; the contract is mo2c_rt.h).
 *
 * Input: the DAE after mo_dae_solve and the flat model's when-equations and asserts. Output: C text in
 * three buffers that codegen.c places: prototypes, functions, and the event fields of the model.
 *
 * Relations (specification 8.5). A relation a < b, a <= b, a > b or a >= b outside noEvent() and
 * smooth() whose operands involve time or a continuous variable is an "event relation": it gets an
 * index r, a zero-crossing function zc[r] = a - b, and between events the right-hand side reads the
 * frozen value d->rel[r] instead of comparing. The runtime watches the sign of zc[r] after every
 * accepted step, locates the crossing and flips d->rel[r] at the event. Relations are found by a pass
 * over the ODE blocks and the when-conditions before anything is printed (mo_cg_events_new), keyed by
 * their printed text; relations made later (the Jacobian's derivatives of min/max) and every relation
 * printed in initialization code (cg->live) are compared directly. A relation "time op T" with T free
 * of continuous variables is also a time event: next_time_event() tells the runtime to stop at T.
 *
 * Guarded relations: a relation read only where a condition that changes only at events decides
 * whether its value counts (the B of 'A and B', of 'A or B' and of 'if A then B else C' with A made of
 * pre(), parameters, constants, when-assigned variables, initial() and terminal()) is watched only while
 * that condition lets it count: rel_live() tells the runtime after each event (mo2c_model.rel_live).
 * While 'pre(mode) == Stuck' is false, a lossy gear's 'sa > tauLossMax_p' changes nothing (startForward
 * stays false), yet it made events: four in 5 ms while the gear of MSL's ActuatorWithNoise rolled at
 * 59 rad/s, with rows of their own in the result. Every event compares every relation (events.c), so a
 * relation whose guard becomes true takes its current value then. A relation read anywhere without
 * such a guard (when-conditions, algorithms, or more than MAX_GUARDS guarded places) is always watched.
 *
 * When-clauses run in update(d, t, x, fire): each condition is evaluated, a branch fires when its
 * condition is true and was false at the last evaluation (d->cond[], the condition memory), elsewhen
 * branches in priority order; all right-hand sides of a firing branch are evaluated before any
 * assignment, so reinit(v, -e*v) reads v before the jump. fire = 0 only refreshes the memory.
 */
#include "codegen_events.h"
#include "daeutil.h"
#include "stats.h"
#include "str.h"

#include <stdlib.h>
#include <string.h>

const char *mo_cg_ev_text(const mo_dae *dae, const mo_expr *e)
{
    mo_buf b = {0};
    mo_expr_print(&b, e, mo_dae_var_name, (void *)dae);
    return mo_buf_str(&b);
}

bool mo_cg_ev_is_rel_op(mo_op op)
{
    return op == MO_OP_LT || op == MO_OP_LE || op == MO_OP_GT || op == MO_OP_GE;
}

bool mo_cg_ev_is_fn(const mo_expr *e, const char *name)
{
    const char *fn = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    return fn && !strcmp(fn, name);
}

/* The variable a MO_EX_VAR node stands for after alias elimination; NULL when it is an expression (*val). */
static const mo_dvar *resolved(const mo_dae *dae, const mo_expr *e, const mo_expr **val)
{
    bool neg;
    int k = mo_dae_resolve(dae, e->var, &neg, val, NULL);
    return k < 0 ? NULL : &dae->vars.v[k];
}

/* Is e a call whose value holds between events whatever its operands do (pre, sample, initial ...)? */
static bool holds(const mo_expr *e)
{
    return mo_cg_ev_is_fn(e, "pre") || mo_cg_ev_is_fn(e, "edge") || mo_cg_ev_is_fn(e, "change") ||
           mo_cg_ev_is_fn(e, "initial") || mo_cg_ev_is_fn(e, "terminal") || mo_cg_ev_is_fn(e, "sample");
}

/* Does e change continuously in time (time, or a Real state, derivative or algebraic variable)? */
static bool continuous(const mo_dae *dae, const mo_expr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case MO_EX_TIME:
        return true;
    case MO_EX_DER:
        return true;
    case MO_EX_VAR: {
        const mo_expr *val;
        const mo_dvar *dv = resolved(dae, e, &val);
        if (!dv)
            return continuous(dae, val);
        if (dv->kind != MO_DV_STATE && dv->kind != MO_DV_DERIVATIVE && dv->kind != MO_DV_ALGEBRAIC)
            return false;
        return dv->flat < 0 || dae->flat->vars.v[dv->flat].type == MO_T_REAL;
    }
    case MO_EX_CALL:
        if (holds(e))
            return false;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (continuous(dae, e->a[i]))
            return true;
    return false;
}

/* Does e change only at events, without reading a relation (see the top)? Recursion over one
 * condition only. An operator node is judged once (ev->guardable_memo): scan_operands asks at each
 * 'and' of a chain c1 and c2 and ... and cN about its other operand, the whole chain below, which made
 * the scan quadratic in N (8000 terms: 0.8 s, 16000: 3.5 s; review finding 04). */
static bool guardable(mo_cg_events *ev, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL: case MO_EX_STRING:
        return true;
    case MO_EX_VAR: {
        const mo_expr *val;
        const mo_dvar *dv = resolved(ev->dae, e, &val);
        if (!dv)
            return val && guardable(ev, val);
        mo_dkind kind = dv->kind;
        return kind == MO_DV_CONSTANT || kind == MO_DV_PARAMETER || kind == MO_DV_PRE || kind == MO_DV_DISCRETE;
    }
    case MO_EX_CALL:
        return mo_cg_ev_is_fn(e, "pre") || mo_cg_ev_is_fn(e, "initial") || mo_cg_ev_is_fn(e, "terminal");
    case MO_EX_UNARY:
    case MO_EX_BINARY:
    case MO_EX_IF: {
        ev->guardable_nodes++;
        intptr_t memo = (intptr_t)mo_map_get(&ev->guardable_memo, (const char *)e);   /* 1 yes, 2 no */
        if (memo)
            return memo == 1;
        bool yes = true;
        for (int i = 0; i < e->n && yes; i++)
            yes = guardable(ev, e->a[i]);
        mo_map_put(&ev->guardable_memo, (const char *)e, (void *)(intptr_t)(yes ? 1 : 2));
        return yes;
    }
    default:
        return false;
    }
}

static const mo_cg_guard *guard_push(const mo_expr *c, bool neg, const mo_cg_guard *up)
{
    mo_cg_guard *g = MO_NEW(mo_cg_guard);
    g->c = c;
    g->neg = neg;
    g->up = up;
    g->depth = up ? up->depth + 1 : 1;
    return g;
}

/* A place of relation r under the guards g (NULL: none). In an algorithm a guard's variables may be
 * assigned before and after the relation is read ('k := 1; y := if k == 1 and x > 0.5 ...; k := 0'),
 * so rel_live(), which sees their values after the section, cannot tell: such a relation is always
 * watched (its event was missed). */
static void guard_note(mo_cg_events *ev, int r, const mo_cg_guard *g)
{
    if (!g || ev->in_alg || g->depth > MO_CG_MAX_GUARD_DEPTH || ev->rel_nguards.v[r] >= MO_CG_MAX_GUARDS)
        ev->rel_always.v[r] = 1;
    if (ev->rel_always.v[r])
        return;
    mo_cg_guard_use u = {g, ev->rel_guard_head.v[r]};
    MO_PUSH(ev->guard_uses, u);
    ev->rel_guard_head.v[r] = ev->guard_uses.n - 1;
    ev->rel_nguards.v[r]++;
}

/* Does e change between events: does it read time, a top-level input, a state, a derivative or an
 * unknown that varies (varies[])? A relation outside noEvent() does not (a zero-crossing function stops the integrator where
 * it changes), nor pre(), edge(), change(). Unlike continuous(), an unknown whose equation reads only
 * values that hold between events (y = if b then 10 else 0) does not vary. Recursion over one
 * expression. */
static bool varies_in(const mo_dae *dae, const unsigned char *varies, const mo_expr *e, int noevent)
{
    if (!e)
        return false;
    switch (e->kind) {
    case MO_EX_TIME: case MO_EX_DER:
        return true;
    case MO_EX_VAR: {
        const mo_expr *val;
        const mo_dvar *dv = resolved(dae, e, &val);
        return dv ? varies[dv - dae->vars.v] : varies_in(dae, varies, val, noevent);
    }
    case MO_EX_BINARY:
        if ((mo_cg_ev_is_rel_op(e->op) || e->op == MO_OP_EQ || e->op == MO_OP_NE) && !noevent &&
            !mo_str_rt_relation(dae->flat, e))
            return false;
        break;
    case MO_EX_CALL:
        if (holds(e))
            return false;
        if (mo_sym_is_input(e))   /* a top-level input's value at the time (its argument: a constant) */
            return true;
        if (mo_cg_ev_is_fn(e, "noEvent") || mo_cg_ev_is_fn(e, "smooth"))
            noevent++;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (varies_in(dae, varies, e->a[i], noevent))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (varies_in(dae, varies, e->named[i].value, noevent))
            return true;
    return false;
}

/* ev->varies, made the first time it is asked for (only a model with String relations needs it): states
 * and derivatives vary; the unknowns of the continuous system in its evaluation order, each explicit
 * one by its solution (varies_in over what was decided before it), those of loops and algorithm sections
 * all (they are not looked into); discrete variables and parameters do not. One pass, linear. */
static const unsigned char *varies_between(mo_cg_events *ev)
{
    if (ev->varies)
        return ev->varies;
    const mo_dae *dae = ev->dae;
    ev->varies = MO_NEWN(unsigned char, dae->vars.n + 1);   /* (arena: lives as long as ev) */
    for (int v = 0; v < dae->vars.n; v++) {   /* (an unknown read before its block: taken as varying) */
        const mo_dvar *dv = &dae->vars.v[v];
        mo_dkind k = dv->kind;
        /* Integers, Booleans, enumerations and Strings change at events only (3.8.4), even when an
         * algorithm or a loop computes them: String(k) of an Integer k set in an algorithm is steady */
        bool real = dv->flat < 0 || dae->flat->vars.v[dv->flat].type == MO_T_REAL;
        ev->varies[v] = real && (k == MO_DV_STATE || k == MO_DV_DERIVATIVE || k == MO_DV_ALGEBRAIC);
    }
    for (int b = 0; b < dae->ode.blocks.n; b++) {
        const mo_block *bl = &dae->ode.blocks.v[b];
        if (bl->kind == MO_BLOCK_EXPLICIT && dae->vars.v[bl->vars[0]].kind == MO_DV_ALGEBRAIC)
            ev->varies[bl->vars[0]] = varies_in(dae, ev->varies, bl->solution, 0);
    }
    return ev->varies;
}

int mo_cg_ev_find_rel(mo_cg_events *ev, const mo_expr *e)
{
    const char *key = mo_intern_cstr(mo_cg_ev_text(ev->dae, e));
    return (int)(intptr_t)mo_map_get(&ev->rel_index, key) - 1;
}

/* The memory slot of a sample() call: calls with the same text share one (they fire at the same events). */
static int sample_slot(mo_cg_events *ev, const mo_expr *e)
{
    const char *key = mo_intern_cstr(mo_cg_ev_text(ev->dae, e));
    int k = (int)(intptr_t)mo_map_get(&ev->sample_index, key) - 1;
    if (k < 0) {
        MO_PUSH(ev->samples, e);
        k = ev->samples.n - 1;
        mo_map_put(&ev->sample_index, key, (void *)(intptr_t)(k + 1));
    }
    return k;
}

static void scan_g(mo_cg_events *ev, const mo_expr *e, int noevent, const mo_cg_guard *g, mo_dag *w);

/* Register the event relations and sample() calls of e, every place of a relation unguarded. */
static void scan(mo_cg_events *ev, const mo_expr *e, int noevent)
{
    static mo_dag dag;
    mo_dag *w = mo_dag_begin(&dag);
    scan_g(ev, e, noevent, NULL, w);
    mo_dag_end(w);
}

/* The operands of e under the guards g, and those a condition of e that changes only at events adds:
 * the other operand of 'and' (true) and 'or' (false), the branches of an if-expression. */
static void scan_operands(mo_cg_events *ev, const mo_expr *e, int noevent, const mo_cg_guard *g, mo_dag *w)
{
    if (e->kind == MO_EX_BINARY && (e->op == MO_OP_AND || e->op == MO_OP_OR)) {
        bool neg = e->op == MO_OP_OR;
        for (int i = 0; i < 2; i++) {
            const mo_expr *other = e->a[1 - i];
            scan_g(ev, e->a[i], noevent, guardable(ev, other) ? guard_push(other, neg, g) : g, w);
        }
        return;
    }
    if (e->kind == MO_EX_IF) {   /* {c1, e1, c2, e2, ..., else}: each part under the conditions before */
        const mo_cg_guard *h = g;
        int i = 0;
        for (; i + 1 < e->n; i += 2) {
            scan_g(ev, e->a[i], noevent, h, w);
            bool fixed = guardable(ev, e->a[i]);
            scan_g(ev, e->a[i + 1], noevent, fixed ? guard_push(e->a[i], false, h) : h, w);
            h = fixed ? guard_push(e->a[i], true, h) : h;
        }
        if (i < e->n)
            scan_g(ev, e->a[i], noevent, h, w);
        return;
    }
    for (int i = 0; i < e->n; i++)
        scan_g(ev, e->a[i], noevent, g, w);
}

_Static_assert(_Alignof(mo_cg_guard) >= 4, "a guard's address leaves two bits for scan_g's context");

/* scan() of e under the guards g. Recursion over one expression only; w: the walk, in which a shared
 * node (ast.h, mo_dag) is scanned again only in another context (other guards, or noEvent against not):
 * a relation's places under different guards are all noted */
static void scan_g(mo_cg_events *ev, const mo_expr *e, int noevent, const mo_cg_guard *g, mo_dag *w)
{
    if (!e)
        return;
    mo_dag_nodes++;
    if (w && e->shared) {
        void *here = (void *)((uintptr_t)g | (noevent ? 1u : 0u) | 2u);
        void *first = mo_dag_get(w, e);
        if (first == here)
            return;
        if (!first)
            mo_dag_put(w, e, here);
    }
    if (e->kind == MO_EX_CALL) {
        if (mo_cg_ev_is_fn(e, "noEvent") || mo_cg_ev_is_fn(e, "smooth"))
            noevent++;
        if (mo_cg_ev_is_fn(e, "pre") || mo_cg_ev_is_fn(e, "edge") || mo_cg_ev_is_fn(e, "change"))
            return;
        if (mo_cg_ev_is_fn(e, "sample") && e->n == 2) {
            sample_slot(ev, e);
            ev->any = true;
        }
        if (mo_cg_ev_is_fn(e, "initial") || mo_cg_ev_is_fn(e, "terminal"))
            ev->any = true;
    }
    /* A relation of Strings is strcmp when the model runs, with no zero-crossing function: one whose
     * operands vary continuously (String(x) of a state, of time) changes between events, where nothing
     * sees it (a when-clause never fired, a Boolean changed between steps: a silent wrong answer). Only
     * those of discrete operands change at events, where the event iteration reads them. */
    if (e->kind == MO_EX_BINARY && (mo_cg_ev_is_rel_op(e->op) || e->op == MO_OP_EQ || e->op == MO_OP_NE) && !noevent &&
        mo_str_rt_relation(ev->dae->flat, e) && (varies_in(ev->dae, varies_between(ev), e->a[0], 0) ||
                                                 varies_in(ev->dae, varies_between(ev), e->a[1], 0))) {
        const char *at = mo_intern_cstr(mo_sprintf("%p:%d:%u", (const void *)e->loc.file, e->loc.line,
                                                   (unsigned)e->loc.col));
        if (!mo_map_has(&ev->str_refused, at)) {
            mo_map_put(&ev->str_refused, at, (void *)1);
            mo_error(e->loc, "not supported yet: a relation of Strings that vary continuously in time (String(x) "
                             "of a continuous x or of time): no event finds where its value changes (in "
                             "noEvent() it is read at the steps, as it is)");
        }
    }
    if (e->kind == MO_EX_BINARY && mo_cg_ev_is_rel_op(e->op) && !noevent && !mo_str_rt_relation(ev->dae->flat, e) &&
        (continuous(ev->dae, e->a[0]) || continuous(ev->dae, e->a[1]))) {   /* (Strings: no events, strcmp) */
        const char *key = mo_intern_cstr(mo_cg_ev_text(ev->dae, e));
        if (!mo_map_has(&ev->rel_index, key)) {
            MO_PUSH(ev->rels, e);
            MO_PUSH(ev->rel_text, key);
            const mo_expr *T = NULL;
            unsigned char dir = 0;
            if (e->a[0]->kind == MO_EX_TIME && !continuous(ev->dae, e->a[1])) {
                T = e->a[1];
                dir = 1;
            } else if (e->a[1]->kind == MO_EX_TIME && !continuous(ev->dae, e->a[0])) {
                T = e->a[0];
                dir = 2;
            }
            MO_PUSH(ev->rel_T, T);
            MO_PUSH(ev->rel_dir, dir);
            MO_PUSH(ev->rel_always, 0);
            MO_PUSH(ev->rel_guard_head, -1);
            MO_PUSH(ev->rel_nguards, 0);
            mo_map_put(&ev->rel_index, key, (void *)(intptr_t)ev->rels.n);
        }
        guard_note(ev, (int)(intptr_t)mo_map_get(&ev->rel_index, key) - 1, g);
        ev->any = true;
    }
    scan_operands(ev, e, noevent, g, w);
}

/* Every registered relation in e always watched (noEvent or not: a place the scan did not register). */
static void mark_always(mo_cg_events *ev, const mo_expr *e)
{
    if (!e)
        return;
    if (e->kind == MO_EX_BINARY && mo_cg_ev_is_rel_op(e->op)) {
        int r = mo_cg_ev_find_rel(ev, e);
        if (r >= 0)
            ev->rel_always.v[r] = 1;
    }
    for (int i = 0; i < e->n; i++)
        mark_always(ev, e->a[i]);
}

static void mark_expr(void *ctx, const mo_expr *e)
{
    mark_always(ctx, e);
}

static void mark_stmt(void *ctx, const mo_astmt *s, bool in_when)
{
    (void)in_when;
    mo_astmt_exprs(s, mark_expr, ctx);
}

static void scan_system(mo_cg_events *ev, const mo_system *sys)
{
    const mo_dae *dae = ev->dae;
    for (int k = 0; k < sys->blocks.n; k++) {
        const mo_block *b = &sys->blocks.v[k];
        if (b->kind == MO_BLOCK_EXPLICIT) {
            scan(ev, b->solution, 0);
            continue;
        }
        for (int m = 0; m < b->torn->ninner; m++)
            scan(ev, b->torn->inner_solutions[m], 0);
        for (int i = 0; i < b->torn->ntear; i++) {
            const mo_deq *q = mo_block_eq(dae, sys, b->torn->res_eqs[i]);
            scan(ev, q->lhs, 0);
            scan(ev, q->rhs, 0);
        }
    }
}

typedef struct scan_ctx { mo_cg_events *ev; int noevent; } scan_ctx;

static void scan_expr(void *ctx, const mo_expr *e)
{
    scan_ctx *c = ctx;
    scan(c->ev, e, c->noevent);
}

static void scan_stmt(void *ctx, const mo_astmt *s, bool in_when)
{
    /* an assert's condition makes no events, as outside algorithms (check() tests it after each step) */
    scan_ctx c = {ctx, in_when || s->kind == MO_AS_EVENT};
    mo_astmt_exprs(s, scan_expr, &c);
}

mo_cg_events *mo_cg_events_new(const mo_dae *dae)
{
    mo_cg_events *ev = MO_NEW(mo_cg_events);
    ev->dae = dae;
    scan_system(ev, &dae->ode);
    for (int v = 0; v < dae->vars.n; v++)
        if (dae->vars.v[v].kind == MO_DV_ALIAS && dae->vars.v[v].alias_of < 0)
            scan(ev, dae->vars.v[v].alias_value, 0);
    const mo_flat *flat = dae->flat;
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            scan(ev, flat->whens.v[i].branches[k].cond, 0);
    /* sample() in when bodies still needs its time events */
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            for (int j = 0; j < flat->whens.v[i].branches[k].body.n; j++)
                scan(ev, flat->whens.v[i].branches[k].body.v[j].rhs, 1);
    if (flat->whens.n || flat->asserts.n)
        ev->any = true;
    /* algorithm sections: their relations and samples (when-statement bodies: samples only, like the
     * bodies of when-equations); those with when-statements or terminate run in update, those
     * with asserts outside when-statements in check (codegen_alg.c) */
    for (int i = 0; i < dae->algs.n; i++) {
        const mo_dalg *a = &dae->algs.v[i];
        if (a->src->initial)
            continue;
        ev->in_alg = true;
        mo_astmt_walk(&a->body, scan_stmt, ev, false);
        ev->in_alg = false;
        ev->any |= a->has_when || a->has_assert || a->has_terminate;
    }
    /* an algorithm's asserts are checked after every step (check()) and print a relation of the same
     * text as d->rel[r]: such a relation is always watched */
    for (int i = 0; i < dae->algs.n; i++)
        if (!dae->algs.v[i].src->initial && dae->algs.v[i].has_assert)
            mo_astmt_walk(&dae->algs.v[i].body, mark_stmt, ev, false);
    mo_stats_count("guardable-nodes", ev->guardable_nodes);   /* (tests/sim/long_guards.sh) */
    return ev;
}

/* ---- printing hooks (called from codegen_expr.c) ---- */

static void sub(mo_cg *cg, const mo_expr *e)
{
    mo_buf_puts(cg->out, "(");
    mo_cg_expr(cg, e);
    mo_buf_puts(cg->out, ")");
}

/* The index of the event relation e is printed as (d->rel[r]), or -1 where it is compared. */
static int frozen_rel(mo_cg *cg, const mo_expr *e)
{
    mo_cg_events *ev = cg->ev;
    if (!ev || cg->fn || cg->live || ev->noevent || e->kind != MO_EX_BINARY || !mo_cg_ev_is_rel_op(e->op))
        return -1;
    return mo_cg_ev_find_rel(ev, e);
}

bool mo_cg_event_frozen(mo_cg *cg, const mo_expr *e)
{
    return frozen_rel(cg, e) >= 0;
}

bool mo_cg_event_binary(mo_cg *cg, const mo_expr *e)
{
    mo_cg_events *ev = cg->ev;
    int r = frozen_rel(cg, e);
    if (r < 0)
        return false;
    mo_buf_printf(cg->out, "d->rel[%d]", r);
    if (cg->names) {
        mo_buf_puts(cg->out, " /* ");
        mo_cg_comment(cg->out, ev->rel_text.v[r], 120);
        mo_buf_puts(cg->out, " */");
    }
    return true;
}

/* pre(v): the value of v before the event (d->pre for y slots, d->pre_x for states, d->pre_dx for
 * derivatives: the left limit that sample(der(x)) of a clocked partition reads, clocks_lower.c). */
static bool print_pre(mo_cg *cg, const mo_expr *a)
{
    if (a->kind != MO_EX_VAR)   /* the front end requires a variable (flatten_expr.c) */
        mo_unreachable("pre, edge or change of an expression in code generation");
    const mo_dae *dae = cg->dae;
    bool neg;
    const mo_expr *val;
    int k = mo_dae_resolve(dae, a->var, &neg, &val, NULL);
    if (k < 0) {   /* an alias of a parameter expression: constant in time */
        mo_cg_expr(cg, a);
        return true;
    }
    const mo_dvar *dv = &dae->vars.v[k];
    const char *arr = dv->kind == MO_DV_STATE ? "d->pre_x" : dv->kind == MO_DV_DERIVATIVE ? "d->pre_dx" :
                      (dv->kind == MO_DV_ALGEBRAIC || dv->kind == MO_DV_DISCRETE) ? "d->pre" : NULL;
    if (!arr || dv->slot < 0) {
        if (dv->kind == MO_DV_PARAMETER || dv->kind == MO_DV_CONSTANT) {
            mo_cg_expr(cg, a);
            return true;
        }
        mo_error(a->loc, "not supported yet: pre of '%s'", dv->name);
        mo_buf_puts(cg->out, "0.0");
        return true;
    }
    mo_buf_puts(cg->out, neg ? "-" : "");
    mo_cg_put_slot(cg, cg->out, arr, dv->slot);
    if (cg->names) {
        mo_buf_puts(cg->out, " /* pre(");
        mo_cg_comment(cg->out, dv->name, 120);
        mo_buf_puts(cg->out, ") */");
    }
    return true;
}

bool mo_cg_event_call(mo_cg *cg, const mo_expr *e)
{
    mo_cg_events *ev = cg->ev;
    mo_buf *o = cg->out;
    const char *fn = mo_sym_fn_name(e);
    if (!fn || cg->fn || e->func)
        return false;
    if ((!strcmp(fn, "noEvent") && e->n == 1) || (!strcmp(fn, "smooth") && e->n == 2)) {
        ev->noevent++;
        sub(cg, e->a[e->n - 1]);
        ev->noevent--;
        return true;
    }
    if (!strcmp(fn, "pre") && e->n == 1)
        return print_pre(cg, e->a[0]);
    if ((!strcmp(fn, "edge") || !strcmp(fn, "change")) && e->n == 1) {
        bool edge = !strcmp(fn, "edge");
        mo_buf_puts(o, edge ? "(" : "(");
        sub(cg, e->a[0]);
        mo_buf_puts(o, edge ? " && !(" : " != (");
        print_pre(cg, e->a[0]);
        mo_buf_puts(o, "))");
        return true;
    }
    if (!strcmp(fn, "initial") && e->n == 0) {
        mo_buf_puts(o, "d->initial");
        return true;
    }
    if (!strcmp(fn, MO_START_TIME) && e->n == 0) {
        mo_buf_puts(o, "d->start_time");
        return true;
    }
    if (!strcmp(fn, "terminal") && e->n == 0) {
        mo_buf_puts(o, "d->terminal");
        return true;
    }
    if (!strcmp(fn, "sample") && e->n == 2) {
        mo_buf_printf(o, "mo2c_sample_at(d, %d, t, ", sample_slot(ev, e));
        mo_cg_expr(cg, e->a[0]);
        mo_buf_puts(o, ", ");
        mo_cg_expr(cg, e->a[1]);
        mo_buf_puts(o, ")");
        return true;
    }
    return false;
}

int mo_cg_event_conds(mo_cg *cg, int n)
{
    int first = cg->ev->ncond;
    cg->ev->ncond += n;
    return first;
}
