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
#include "codegen.h"
#include "daeutil.h"
#include "str.h"

#include <stdlib.h>
#include <string.h>

/* The conditions above one place of a relation: c (negated when neg) and those above it (up). */
typedef struct guard { const mo_expr *c; bool neg; const struct guard *up; } guard;
typedef struct guard_use { const guard *g; int next; } guard_use;   /* a guarded place, chained per relation */
enum { MAX_GUARDS = 8, MAX_GUARD_DEPTH = 8 };

struct mo_cg_events {
    const mo_dae *dae;
    MO_VEC(unsigned char) rel_always; /* relation -> read somewhere without a guard (see the top) */
    MO_VEC(int) rel_guard_head;       /* relation -> its first guarded place in guard_uses, -1: none */
    MO_VEC(int) rel_nguards;
    MO_VEC(guard_use) guard_uses;
    mo_map rel_index;                 /* interned relation text -> index + 1 */
    MO_VEC(const mo_expr *) rels;     /* the first node of each relation */
    MO_VEC(const char *) rel_text;
    MO_VEC(const mo_expr *) rel_T;    /* "time op T" or "T op time": T, else NULL */
    MO_VEC(unsigned char) rel_dir;    /* 1: time on the left (zc = time - T grows), 2: on the right */
    mo_map sample_index;              /* interned text of the call -> index in samples + 1 */
    MO_VEC(const mo_expr *) samples;  /* sample(start, interval) calls, one per distinct text; the index
                                         is the call's memory slot (d->sample_tick) */
    int noevent;                      /* depth inside noEvent() / smooth() while printing */
    int ncond;                        /* condition memory slots (when-branches, warning asserts) */
    bool in_alg;                      /* scanning an algorithm: no guards (see guard_note) */
    bool any;                         /* the model has events: generate the functions */
    bool has_live;                    /* rel_live() written: some relation is guarded */
    MO_VEC(const char *) where;       /* EW<id> strings: the statement each names */
    unsigned char *in_loop;           /* variable -> unknown of the loop being printed (loop_rels) */
    unsigned char *rel_taken;         /* relation -> already listed for that loop */
    mo_map str_refused;               /* the locations of String relations refused (one error each) */
    unsigned char *varies;            /* dae variable -> it changes between events (varies_between) */
};

/* A source file as run-time messages name it (the path as given), and as comments cite it (inside its
 * library tree, the same wherever the library lies). */
static const char *loc_path(mo_loc loc)
{
    return loc.file ? loc.file->path : "<mo2c>";
}

static const char *loc_cite(mo_loc loc)
{
    return loc.file ? mo_cg_lib_path(loc.file->path) : "<mo2c>";
}

static const char *text_of(const mo_dae *dae, const mo_expr *e)
{
    mo_buf b = {0};
    mo_expr_print(&b, e, mo_dae_var_name, (void *)dae);
    return mo_buf_str(&b);
}

static bool is_rel_op(mo_op op)
{
    return op == MO_OP_LT || op == MO_OP_LE || op == MO_OP_GT || op == MO_OP_GE;
}

static bool is_fn(const mo_expr *e, const char *name)
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
    return is_fn(e, "pre") || is_fn(e, "edge") || is_fn(e, "change") || is_fn(e, "initial") ||
           is_fn(e, "terminal") || is_fn(e, "sample");
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
 * condition only. */
static bool guardable(const mo_dae *dae, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL: case MO_EX_STRING:
        return true;
    case MO_EX_VAR: {
        const mo_expr *val;
        const mo_dvar *dv = resolved(dae, e, &val);
        if (!dv)
            return val && guardable(dae, val);
        mo_dkind kind = dv->kind;
        return kind == MO_DV_CONSTANT || kind == MO_DV_PARAMETER || kind == MO_DV_PRE || kind == MO_DV_DISCRETE;
    }
    case MO_EX_CALL:
        return is_fn(e, "pre") || is_fn(e, "initial") || is_fn(e, "terminal");
    case MO_EX_UNARY:
    case MO_EX_BINARY:
    case MO_EX_IF:
        for (int i = 0; i < e->n; i++)
            if (!guardable(dae, e->a[i]))
                return false;
        return true;
    default:
        return false;
    }
}

static const guard *guard_push(const mo_expr *c, bool neg, const guard *up)
{
    guard *g = MO_NEW(guard);
    g->c = c;
    g->neg = neg;
    g->up = up;
    return g;
}

/* A place of relation r under the guards g (NULL: none). In an algorithm a guard's variables may be
 * assigned before and after the relation is read ('k := 1; y := if k == 1 and x > 0.5 ...; k := 0'),
 * so rel_live(), which sees their values after the section, cannot tell: such a relation is always
 * watched (its event was missed). */
static void guard_note(mo_cg_events *ev, int r, const guard *g)
{
    int depth = 0;
    for (const guard *u = g; u; u = u->up)
        depth++;
    if (!g || ev->in_alg || depth > MAX_GUARD_DEPTH || ev->rel_nguards.v[r] >= MAX_GUARDS)
        ev->rel_always.v[r] = 1;
    if (ev->rel_always.v[r])
        return;
    guard_use u = {g, ev->rel_guard_head.v[r]};
    MO_PUSH(ev->guard_uses, u);
    ev->rel_guard_head.v[r] = ev->guard_uses.n - 1;
    ev->rel_nguards.v[r]++;
}

/* Does e change between events: does it read time, a state, a derivative or an unknown that varies
 * (varies[])? A relation outside noEvent() does not (a zero-crossing function stops the integrator where
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
        if ((is_rel_op(e->op) || e->op == MO_OP_EQ || e->op == MO_OP_NE) && !noevent &&
            !mo_str_rt_relation(dae->flat, e))
            return false;
        break;
    case MO_EX_CALL:
        if (holds(e))
            return false;
        if (is_fn(e, "noEvent") || is_fn(e, "smooth"))
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

static int find_rel(mo_cg_events *ev, const mo_expr *e)
{
    const char *key = mo_intern_cstr(text_of(ev->dae, e));
    return (int)(intptr_t)mo_map_get(&ev->rel_index, key) - 1;
}

/* The memory slot of a sample() call: calls with the same text share one (they fire at the same events). */
static int sample_slot(mo_cg_events *ev, const mo_expr *e)
{
    const char *key = mo_intern_cstr(text_of(ev->dae, e));
    int k = (int)(intptr_t)mo_map_get(&ev->sample_index, key) - 1;
    if (k < 0) {
        MO_PUSH(ev->samples, e);
        k = ev->samples.n - 1;
        mo_map_put(&ev->sample_index, key, (void *)(intptr_t)(k + 1));
    }
    return k;
}

static void scan_g(mo_cg_events *ev, const mo_expr *e, int noevent, const guard *g);

/* Register the event relations and sample() calls of e, every place of a relation unguarded. */
static void scan(mo_cg_events *ev, const mo_expr *e, int noevent)
{
    scan_g(ev, e, noevent, NULL);
}

/* The operands of e under the guards g, and those a condition of e that changes only at events adds:
 * the other operand of 'and' (true) and 'or' (false), the branches of an if-expression. */
static void scan_operands(mo_cg_events *ev, const mo_expr *e, int noevent, const guard *g)
{
    const mo_dae *dae = ev->dae;
    if (e->kind == MO_EX_BINARY && (e->op == MO_OP_AND || e->op == MO_OP_OR)) {
        bool neg = e->op == MO_OP_OR;
        for (int i = 0; i < 2; i++) {
            const mo_expr *other = e->a[1 - i];
            scan_g(ev, e->a[i], noevent, guardable(dae, other) ? guard_push(other, neg, g) : g);
        }
        return;
    }
    if (e->kind == MO_EX_IF) {   /* {c1, e1, c2, e2, ..., else}: each part under the conditions before */
        const guard *h = g;
        int i = 0;
        for (; i + 1 < e->n; i += 2) {
            scan_g(ev, e->a[i], noevent, h);
            bool fixed = guardable(dae, e->a[i]);
            scan_g(ev, e->a[i + 1], noevent, fixed ? guard_push(e->a[i], false, h) : h);
            h = fixed ? guard_push(e->a[i], true, h) : h;
        }
        if (i < e->n)
            scan_g(ev, e->a[i], noevent, h);
        return;
    }
    for (int i = 0; i < e->n; i++)
        scan_g(ev, e->a[i], noevent, g);
}

/* scan() of e under the guards g. Recursion over one expression only. */
static void scan_g(mo_cg_events *ev, const mo_expr *e, int noevent, const guard *g)
{
    if (!e)
        return;
    if (e->kind == MO_EX_CALL) {
        if (is_fn(e, "noEvent") || is_fn(e, "smooth"))
            noevent++;
        if (is_fn(e, "pre") || is_fn(e, "edge") || is_fn(e, "change"))
            return;
        if (is_fn(e, "sample") && e->n == 2) {
            sample_slot(ev, e);
            ev->any = true;
        }
        if (is_fn(e, "initial") || is_fn(e, "terminal"))
            ev->any = true;
    }
    /* A relation of Strings is strcmp when the model runs, with no zero-crossing function: one whose
     * operands vary continuously (String(x) of a state, of time) changes between events, where nothing
     * sees it (a when-clause never fired, a Boolean changed between steps: a silent wrong answer). Only
     * those of discrete operands change at events, where the event iteration reads them. */
    if (e->kind == MO_EX_BINARY && (is_rel_op(e->op) || e->op == MO_OP_EQ || e->op == MO_OP_NE) && !noevent &&
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
    if (e->kind == MO_EX_BINARY && is_rel_op(e->op) && !noevent && !mo_str_rt_relation(ev->dae->flat, e) &&
        (continuous(ev->dae, e->a[0]) || continuous(ev->dae, e->a[1]))) {   /* (Strings: no events, strcmp) */
        const char *key = mo_intern_cstr(text_of(ev->dae, e));
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
    scan_operands(ev, e, noevent, g);
}

/* Every registered relation in e always watched (noEvent or not: a place the scan did not register). */
static void mark_always(mo_cg_events *ev, const mo_expr *e)
{
    if (!e)
        return;
    if (e->kind == MO_EX_BINARY && is_rel_op(e->op)) {
        int r = find_rel(ev, e);
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
    if (!ev || cg->fn || cg->live || ev->noevent || e->kind != MO_EX_BINARY || !is_rel_op(e->op))
        return -1;
    return find_rel(ev, e);
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

/* ---- the generated functions ---- */

static void expr(mo_cg *cg, mo_buf *o, const mo_expr *e, bool live)
{
    bool keep = cg->live;
    cg->out = o;
    cg->live = live;
    mo_cg_expr(cg, e);
    cg->live = keep;
}

/* A "where" string EW<id> naming a statement of the model, for checked operations (written only when
 * the code refers to it). */
static const char *where(mo_cg_events *ev, mo_loc loc, const char *what)
{
    mo_buf b = {0};
    mo_buf_printf(&b, "%s:%d: %s", loc_path(loc), loc.line, what);
    const char *w = mo_buf_str(&b);
    if (strlen(w) > 300)
        w = mo_sprintf("%.300s...", w);
    MO_PUSH(ev->where, w);
    return mo_sprintf("EW%d", ev->where.n - 1);
}

/* ---- relations inside algebraic loops ---- */

/* Does e read an unknown of the loop (ev->in_loop), not through pre()? */
static bool reads_loop(const mo_cg_events *ev, const mo_expr *e)
{
    if (!e || is_fn(e, "pre"))
        return false;
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && ev->in_loop[e->var];
    for (int i = 0; i < e->n; i++)
        if (reads_loop(ev, e->a[i]))
            return true;
    return false;
}

/* The event relations of e (outside noEvent/smooth) that read an unknown of the loop, each once. */
static void loop_scan(mo_cg_events *ev, const mo_expr *e, int noevent, mo_int_vec *out)
{
    if (!e || is_fn(e, "pre") || is_fn(e, "edge") || is_fn(e, "change"))
        return;
    if (is_fn(e, "noEvent") || is_fn(e, "smooth"))
        noevent++;
    if (e->kind == MO_EX_BINARY && is_rel_op(e->op) && !noevent) {
        int r = find_rel(ev, e);
        if (r >= 0 && !ev->rel_taken[r] && reads_loop(ev, e)) {
            ev->rel_taken[r] = 1;
            MO_PUSH(*out, r);
        }
    }
    for (int i = 0; i < e->n; i++)
        loop_scan(ev, e->a[i], noevent, out);
}

int mo_cg_events_loop_rels(mo_cg *cg, mo_buf *o, const mo_system *sys, const mo_block *b, mo_int_vec *idx)
{
    mo_cg_events *ev = cg->ev;
    if (!ev || !ev->rels.n || cg->live)
        return 0;
    const mo_dae *dae = cg->dae;
    if (!ev->in_loop) {
        ev->in_loop = MO_NEWN(unsigned char, dae->vars.n + 1);
        ev->rel_taken = MO_NEWN(unsigned char, ev->rels.n + 1);
    }
    for (int i = 0; i < b->n; i++)
        ev->in_loop[b->vars[i]] = 1;
    idx->n = 0;
    for (int m = 0; m < b->torn->ninner; m++)
        loop_scan(ev, b->torn->inner_solutions[m], 0, idx);
    for (int i = 0; i < b->torn->ntear; i++) {
        const mo_deq *q = mo_block_eq(dae, sys, b->torn->res_eqs[i]);
        loop_scan(ev, q->lhs, 0, idx);
        loop_scan(ev, q->rhs, 0, idx);
    }
    for (int i = 0; i < b->n; i++)
        ev->in_loop[b->vars[i]] = 0;
    /* checked operations name the loop's first residual equation (its W string is in use) */
    const char *keep = cg->where_name;
    cg->where_name = NULL;
    cg->where_id = b->torn->res_eqs[0];
    for (int k = 0; k < idx->n; k++) {
        int r = idx->v[k];
        ev->rel_taken[r] = 0;
        mo_buf_puts(o, "    {   /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n        const double a_ = ");
        expr(cg, o, ev->rels.v[r]->a[0], true);
        mo_buf_puts(o, ", b_ = ");
        expr(cg, o, ev->rels.v[r]->a[1], true);
        mo_buf_printf(o, ";\n        r_[%d] = a_ - b_;\n        r_[%d] = fabs(a_) + fabs(b_);\n    }\n", 2 * k, 2 * k + 1);
    }
    cg->where_name = keep;
    return idx->n;
}

static const char *const LOCALS =
    "    const double *p = d->p;\n    double *y = d->y;\n    int ok = 1;\n"
    "    (void)t; (void)x; (void)dx; (void)y; (void)p; (void)ok;\n";

/* mo2c_assert / mo2c_terminate arguments: a printf format and its values (codegen_str.c). */
static void message_args(mo_cg *cg, mo_buf *o, const mo_wstmt *s)
{
    mo_cg_message(cg, o, s);
}

static void emit_assert(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent)
{
    mo_cg_events *ev = cg->ev;
    const mo_flat *flat = cg->dae->flat;
    mo_buf c = {0};
    mo_expr_print(&c, s->rhs, mo_flat_var_name, (void *)flat);
    cg->where_name = where(ev, s->loc, mo_sprintf("assert(%s, ...)", mo_buf_str(&c)));
    mo_buf_printf(o, "%s/* %s:%d: assert(", indent, loc_cite(s->loc), s->loc.line);
    mo_cg_comment(o, mo_buf_str(&c), 200);
    mo_buf_printf(o, ", ...) */\n%sif (mo2c_assert(d, (", indent);
    expr(cg, o, s->rhs, true);
    /* a condition whose evaluation failed (a function's assert, a division by zero: !ok) is no failure
     * of this assert: the first failure's message stands, and the run stops on it below */
    mo_buf_printf(o, ") != 0 || !ok, %d, &d->cond[%d], ", s->level, ev->ncond++);
    message_args(cg, o, s);
    mo_buf_puts(o, ") != 0)\n");
    mo_buf_printf(o, "%s    return -1;\n%sif (!ok)\n%s    return -1;\n", indent, indent, indent);
}

/* An empty call (a user function called as an equation, its value not used): evaluated for its asserts. */
static void emit_call(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent)
{
    mo_buf c = {0};
    mo_expr_print(&c, s->rhs, mo_flat_var_name, (void *)cg->dae->flat);
    cg->where_name = where(cg->ev, s->loc, mo_buf_str(&c));
    mo_buf_printf(o, "%s/* %s:%d: ", indent, loc_cite(s->loc), s->loc.line);
    mo_cg_comment(o, mo_buf_str(&c), 200);
    mo_buf_printf(o, " */\n%s(void)", indent);
    expr(cg, o, s->rhs, true);
    mo_buf_printf(o, ";\n%sif (!ok)\n%s    return -1;\n", indent, indent);
}

/* An assert or an empty call of the asserts outside when-clauses, or of a when-branch. */
void mo_cg_event_check(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent)
{
    if (s->kind == MO_WS_CALL)
        emit_call(cg, o, s, indent);
    else
        emit_assert(cg, o, s, indent);
}

/* The value of a when-statement's right-hand side into v<j>. */
static void emit_value(mo_cg *cg, mo_buf *o, const mo_wstmt *s, int j)
{
    mo_buf c = {0};
    mo_expr_print(&c, s->lhs, mo_flat_var_name, (void *)cg->dae->flat);
    const char *what = mo_sprintf(s->kind == MO_WS_REINIT ? "reinit(%s, ...)" : "%s = ...", mo_buf_str(&c));
    cg->where_name = where(cg->ev, s->loc, what);
    mo_buf_printf(o, "            const double v%d = ", j);
    expr(cg, o, s->rhs, true);
    mo_buf_puts(o, "; /* ");
    mo_cg_comment(o, what, 200);
    mo_buf_puts(o, " */\n");
}

/* A branch that fires: its equations v = e in the order whenorder.c gave them (each after those that
 * assign what it reads), each stored at once, so that y = z + 1; z = 2 gives y = 3 (8.3.5); then the
 * asserts and calls, which see the new values; then reinit, whose values are all computed before any
 * state changes (reinit(x, y); reinit(y, x) swaps them). */
static bool emit_branch(mo_cg *cg, mo_buf *o, const mo_wbranch *br)
{
    const mo_dae *dae = cg->dae;
    const mo_flat *flat = dae->flat;
    for (int pass = 0; pass < 2; pass++) {
        mo_wstmt_kind kind = pass == 0 ? MO_WS_ASSIGN : MO_WS_REINIT;
        for (int j = 0; j < br->body.n; j++) {
            const mo_wstmt *s = &br->body.v[j];
            if (s->kind != kind)
                continue;
            emit_value(cg, o, s, j);
            if (kind == MO_WS_REINIT)
                continue;
            bool neg;
            const mo_expr *val;
            int k = mo_dae_resolve(dae, s->lhs->var, &neg, &val, NULL);
            const mo_dvar *dv = k >= 0 ? &dae->vars.v[k] : NULL;
            if (!dv || dv->kind != MO_DV_DISCRETE || dv->slot < 0)
                mo_unreachable("when-clause assigns a variable without a discrete slot");
            mo_buf_printf(o, "            y[%d] /* ", dv->slot);
            mo_cg_comment(o, dv->name, 120);
            mo_buf_printf(o, " */ = %sv%d;\n", neg ? "-" : "", j);
        }
        if (pass == 0)
            for (int j = 0; j < br->body.n; j++)
                if (br->body.v[j].kind == MO_WS_ASSERT || br->body.v[j].kind == MO_WS_CALL)
                    mo_cg_event_check(cg, o, &br->body.v[j], "            ");
    }
    mo_buf_puts(o, "            if (!ok)\n                return -1;\n");
    for (int j = 0; j < br->body.n; j++) {
        const mo_wstmt *s = &br->body.v[j];
        if (s->kind == MO_WS_TERMINATE) {
            mo_buf_puts(o, "            mo2c_terminate(d, ");
            message_args(cg, o, s);
            mo_buf_puts(o, ");\n");
            continue;
        }
        if (s->kind != MO_WS_REINIT)
            continue;
        bool neg;
        const mo_expr *val;
        int k = mo_dae_resolve(dae, s->lhs->var, &neg, &val, NULL);
        const mo_dvar *dv = k >= 0 ? &dae->vars.v[k] : NULL;
        if (!dv || dv->kind != MO_DV_STATE) {
            mo_error(s->lhs->loc, "reinit(%s, ...): '%s' is not a state of the model", flat->vars.v[s->lhs->var].name,
                     flat->vars.v[s->lhs->var].name);
            return false;
        }
        mo_buf_printf(o, "            x[%d] /* ", dv->slot);
        mo_cg_comment(o, dv->name, 120);
        mo_buf_printf(o, " */ = %sv%d;\n", neg ? "-" : "", j);
    }
    return true;
}

/* The number of conditions of a when-branch: the elements of a vector one ({x < 0.5, time > 2},
 * flatten_when.c), else 1. */
static int when_nconds(const mo_expr *cond)
{
    return cond->kind == MO_EX_ARRAY ? cond->n : 1;
}

static bool emit_update(mo_cg *cg, mo_buf *o)
{
    const mo_flat *flat = cg->dae->flat;
    mo_cg_events *ev = cg->ev;
    mo_buf_puts(o, "/* One pass of event iteration: every when-clause whose condition became true fires (fire = 1);\n"
                   " * fire = 0 only records the conditions (d->cond) as they are now. */\n"
                   "static int update(mo2c_data *d, double t, double *x, int fire)\n{\n"
                   "    double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    if (!flat->whens.n)   /* asserts only: nothing fires */
        mo_buf_puts(o, "    (void)fire;\n");
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        int c0 = ev->ncond;   /* a memory slot per condition, per element of a vector one */
        mo_buf_printf(o, "    {   /* %s:%d:%d", loc_cite(w->loc), w->loc.line, w->loc.col);
        if (w->instance && *w->instance) {
            mo_buf_puts(o, " (");
            mo_cg_comment(o, w->instance, 120);
            mo_buf_puts(o, ")");
        }
        mo_buf_puts(o, ": when ");
        mo_cg_comment(o, text_of(cg->dae, w->branches[0].cond), 200);
        mo_buf_puts(o, " */\n");
        bool only_eqs = false;
        int init_branch = mo_init_when_branch(w, &only_eqs);
        for (int k = 0; k < w->nbranches; k++) {
            const mo_expr *c = w->branches[k].cond;
            cg->where_name = where(ev, w->branches[k].loc, mo_sprintf("when %s", text_of(cg->dae, c)));
            for (int j = 0; j < when_nconds(c); j++) {
                const mo_expr *cj = c->kind == MO_EX_ARRAY ? c->a[j] : c;
                if (k == init_branch && only_eqs && is_fn(cj, "initial") && !cj->n) {
                    /* the initial system solved this branch's equations (init.c): no second firing */
                    mo_buf_printf(o, "        const int c%d = 0; /* initial(): done by the initial system */\n",
                                  ev->ncond + j - c0);
                    continue;
                }
                mo_buf_printf(o, "        const int c%d = (", ev->ncond + j - c0);
                expr(cg, o, cj, false);
                mo_buf_puts(o, ") != 0;\n");
            }
            ev->ncond += when_nconds(c);
        }
        int nc = ev->ncond - c0;   /* (asserts in the branches take slots after these) */
        mo_buf_puts(o, "        if (!ok)\n            return -1;\n");
        for (int k = 0, m = 0; k < w->nbranches; k++) {
            /* a vector condition fires when any of its elements becomes true (spec 8.3.5.1) */
            int n = when_nconds(w->branches[k].cond);
            mo_buf_printf(o, "        %sif (fire && ", k ? "} else " : "");
            if (n == 1)
                mo_buf_printf(o, "c%d && !d->cond[%d]", m, c0 + m);
            for (int j = 0; j < n && n > 1; j++)
                mo_buf_printf(o, "%s(c%d && !d->cond[%d])%s", j ? " || " : "(", m + j, c0 + m + j, j + 1 == n ? ")" : "");
            mo_buf_puts(o, n ? ") {" : "0) {");
            m += n;
            if (k) {
                mo_buf_puts(o, "  /* elsewhen ");
                mo_cg_comment(o, text_of(cg->dae, w->branches[k].cond), 200);
                mo_buf_puts(o, " */");
            }
            mo_buf_puts(o, "\n");
            if (!emit_branch(cg, o, &w->branches[k]))
                return false;
        }
        mo_buf_puts(o, "        }\n");
        for (int m = 0; m < nc; m++)
            mo_buf_printf(o, "        d->cond[%d] = (unsigned char)c%d;\n", c0 + m, m);
        mo_buf_puts(o, "    }\n");
    }
    for (int i = 0; i < cg->dae->algs.n; i++) {
        const mo_dalg *a = &cg->dae->algs.v[i];
        if (!a->src->initial && (a->has_when || a->has_terminate))
            mo_cg_alg(cg, o, i, MO_CG_ALG_EVENT);
    }
    mo_buf_puts(o, "    return 0;\n}\n\n");
    return true;
}

static void emit_check(mo_cg *cg, mo_buf *o)
{
    const mo_flat *flat = cg->dae->flat;
    mo_buf_puts(o, "/* The asserts outside when-clauses, after every accepted step (y and dx of (t, d->x)). */\n"
                   "static int check(mo2c_data *d, double t)\n{\n"
                   "    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    for (int i = 0; i < flat->asserts.n; i++)
        mo_cg_event_check(cg, o, &flat->asserts.v[i], "    ");
    for (int i = 0; i < cg->dae->algs.n; i++) {
        const mo_dalg *a = &cg->dae->algs.v[i];
        if (!a->src->initial && a->has_assert)
            mo_cg_alg(cg, o, i, MO_CG_ALG_CHECK);
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");
}

static void emit_relations(mo_cg *cg, mo_buf *o)
{
    mo_cg_events *ev = cg->ev;
    int n = ev->rels.n;
    /* zero crossings: frozen relations inside the operands stay frozen (live = false) */
    mo_buf_puts(o, "/* zc[r] = a - b for relation r (a op b), from t, x and the y and dx of the rhs call just made. */\n"
                   "static int zero_crossings(mo2c_data *d, double t, const double *x, const double *dx, double *zc)\n{\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    mo_buf_puts(o, "    (void)zc;\n");
    for (int r = 0; r < n; r++) {
        const mo_expr *e = ev->rels.v[r];
        cg->where_name = where(ev, e->loc, mo_sprintf("zero crossing of %s", ev->rel_text.v[r]));
        mo_buf_printf(o, "    zc[%d] = ", r);
        expr(cg, o, mo_sym_sub(e->a[0], e->a[1]), false);
        mo_buf_puts(o, "; /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n");
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");

    /* the relations compared directly, at the end of initialization */
    mo_buf_puts(o, "/* The relations at the start, compared directly (initialization is not frozen). */\n"
                   "static int init_relations(mo2c_data *d)\n{\n"
                   "    const double t = d->time;\n    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    for (int r = 0; r < n; r++) {
        cg->where_name = where(ev, ev->rels.v[r]->loc, ev->rel_text.v[r]);
        mo_buf_printf(o, "    d->rel[%d] = (unsigned char)(", r);
        expr(cg, o, ev->rels.v[r], true);
        mo_buf_puts(o, ");\n");
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");

    /* time events */
    mo_buf_puts(o, "/* The first time event after t: T of the relations \"time op T\", the next sample instants. */\n"
                   "static double next_time_event(mo2c_data *d, double t)\n{\n"
                   "    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    mo_buf_puts(o, "    double T = HUGE_VAL, c;\n    (void)c;\n");
    for (int r = 0; r < n; r++) {
        if (!ev->rel_T.v[r])
            continue;
        cg->where_name = where(ev, ev->rels.v[r]->loc, ev->rel_text.v[r]);
        mo_buf_puts(o, "    c = ");
        expr(cg, o, ev->rel_T.v[r], true);
        mo_buf_puts(o, "; /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n    if (c > t && c < T)\n        T = c;\n");
    }
    for (int i = 0; i < ev->samples.n; i++) {
        const mo_expr *s = ev->samples.v[i];
        cg->where_name = where(ev, s->loc, "sample");
        mo_buf_puts(o, "    c = mo2c_sample_next(t, ");
        expr(cg, o, s->a[0], true);
        mo_buf_puts(o, ", ");
        expr(cg, o, s->a[1], true);
        mo_buf_puts(o, ");\n    if (c < T)\n        T = c;\n");
    }
    mo_buf_puts(o, "    return T;\n}\n\n");

    /* the guarded relations' watch (see the top) */
    bool any = false;
    for (int r = 0; r < n && !any; r++)
        any = !ev->rel_always.v[r];
    if (!any)
        return;
    mo_buf_puts(o, "/* Relations watched between events: those read only under conditions that change at events\n"
                   " * (pre(), parameters) while one of those holds. */\n"
                   "static int rel_live(mo2c_data *d, unsigned char *on)\n{\n"
                   "    const double t = d->time;\n    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    for (int r = 0; r < n; r++) {
        if (ev->rel_always.v[r])
            continue;
        cg->where_name = where(ev, ev->rels.v[r]->loc, mo_sprintf("guard of %s", ev->rel_text.v[r]));
        mo_buf_printf(o, "    on[%d] = (unsigned char)(", r);
        for (int u = ev->rel_guard_head.v[r]; u >= 0; u = ev->guard_uses.v[u].next) {
            mo_buf_puts(o, u == ev->rel_guard_head.v[r] ? "(" : "\n        || (");
            /* outermost first, as the model evaluates them: 'pre(n) <> 0 and (1/pre(n) > 0.1 and
             * x > 0.5)' must not divide before its test (guard_note keeps chains short) */
            const guard *chain[MAX_GUARD_DEPTH];
            int depth = 0;
            for (const guard *g = ev->guard_uses.v[u].g; g; g = g->up)
                chain[depth++] = g;
            for (int k = depth - 1; k >= 0; k--) {
                mo_buf_puts(o, chain[k]->neg ? "!(" : "(");
                expr(cg, o, chain[k]->c, true);
                mo_buf_puts(o, k > 0 ? ") && " : ")");
            }
            mo_buf_puts(o, ")");
        }
        mo_buf_puts(o, "); /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n");
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");
    ev->has_live = true;
}

void mo_cg_events_init_start(mo_cg *cg, mo_buf *o)
{
    bool pre = false;
    for (int v = 0; v < cg->dae->vars.n && !pre; v++)
        pre = cg->dae->vars.v[v].kind == MO_DV_PRE;
    if ((cg->ev && cg->ev->any) || pre)
        mo_buf_puts(o, "    /* the start values as guesses of pre(v), which the initial system computes */\n"
                       "    mo2c_save_pre(d);\n");
}

void mo_cg_events_init_tail(mo_cg *cg, mo_buf *o)
{
    if (cg->ev && cg->ev->any)
        mo_buf_puts(o, "    /* the relations as they are at the start */\n"
                       "    if (init_relations(d) != 0)\n        return -1;\n");
}

int mo_cg_events_emit(mo_cg *cg, mo_buf *protos, mo_buf *funcs, mo_buf *fields)
{
    mo_cg_events *ev = cg->ev;
    if (!ev || !ev->any)
        return 0;
    const char *keep = cg->where_name;
    mo_buf body = {0};
    emit_relations(cg, &body);
    if (!emit_update(cg, &body))
        return 1;
    emit_check(cg, &body);
    cg->where_name = keep;
    int n = ev->rels.n;
    mo_buf_puts(protos, "static int init_relations(mo2c_data *d);\n\n");
    /* the relation table */
    mo_buf_puts(funcs, "/* Event relations: how zc[r] gives the relation (MO2C_REL_*), whether it is a time event, its text. */\n");
    mo_buf_puts(funcs, "static const int rel_op[] = {");
    for (int r = 0; r < n; r++) {
        static const char *const ops[] = {"MO2C_REL_LT", "MO2C_REL_LE", "MO2C_REL_GT", "MO2C_REL_GE"};
        mo_buf_printf(funcs, "%s%s", r ? ", " : "", ops[ev->rels.v[r]->op - MO_OP_LT]);
    }
    mo_buf_puts(funcs, n ? "};\nstatic const unsigned char rel_time[] = {" : "0};\nstatic const unsigned char rel_time[] = {");
    for (int r = 0; r < n; r++)
        mo_buf_printf(funcs, "%s%d", r ? ", " : "", ev->rel_dir.v[r]);
    mo_buf_puts(funcs, n ? "};\nstatic const char *const rel_text[] = {\n" : "0};\nstatic const char *const rel_text[] = {\n");
    for (int r = 0; r < n; r++) {
        mo_buf_puts(funcs, "    \"");
        mo_cg_c_string(funcs, ev->rel_text.v[r]);
        mo_buf_puts(funcs, "\",\n");
    }
    mo_buf_puts(funcs, n ? "};\n" : "    \"\",\n};\n");
    /* the statements the body names (EW<i>, &ok): one scan of the body (a search per statement took
     * time quadratic in the model: 8 s of 8.4 for 10^4 masses, each with its min check) */
    const char *text = mo_buf_str(&body);
    unsigned char *named = MO_NEWN(unsigned char, ev->where.n + 1);
    for (const char *p = strstr(text, "EW"); p; p = strstr(p + 2, "EW")) {
        char *end;
        long i = strtol(p + 2, &end, 10);
        if (end > p + 2 && strncmp(end, ", &ok)", 6) == 0 && i >= 0 && i < ev->where.n)
            named[i] = 1;
    }
    bool any = false;
    for (int i = 0; i < ev->where.n; i++) {
        if (!named[i])
            continue;
        if (!any)
            mo_buf_puts(funcs, "/* The statements named when a checked operation of an event function fails. */\n");
        any = true;
        mo_buf_printf(funcs, "static const char EW%d[] = \"", i);
        mo_cg_c_string(funcs, ev->where.v[i]);
        mo_buf_puts(funcs, "\";\n");
    }
    mo_buf_puts(funcs, "\n");
    mo_buf_puts(funcs, mo_buf_str(&body));
    mo_buf_printf(fields, "    .nrel = %d, .ncond = %d,\n    .rel_op = rel_op, .rel_time = rel_time, .rel_text = rel_text,\n"
                          "    .zero_crossings = zero_crossings, .update = update,\n"
                          "    .next_time_event = next_time_event, .check = check,\n", n, ev->ncond);
    if (ev->samples.n)
        mo_buf_printf(fields, "    .nsample = %d,\n", ev->samples.n);
    if (ev->has_live)
        mo_buf_puts(fields, "    .rel_live = rel_live,\n");
    /* the discrete y slots, which event iteration compares (mo2c_rt.h) */
    const mo_dae *dae = cg->dae;
    int nd = 0;
    mo_buf_puts(funcs, "static const int y_discrete[] = {");
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        if ((dv->kind == MO_DV_ALGEBRAIC || dv->kind == MO_DV_DISCRETE) && dv->slot >= 0 &&
            mo_dae_discrete_time(dae, v)) {
            mo_buf_printf(funcs, "%s%d", nd % 16 ? ", " : nd ? ",\n    " : "\n    ", dv->slot);
            nd++;
        }
    }
    mo_buf_printf(funcs, "%s-1};\n\n", nd ? ",\n    " : "");
    mo_buf_printf(fields, "    .ny_discrete = %d, .y_discrete = y_discrete,\n", nd);
    return 0;
}
