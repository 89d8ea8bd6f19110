/*
 * clocks_lower.c - the equations of each clocked base partition turned into one when-equation (the last
 * step of clocks.c's pass; what it needs and guarantees: clocks.c's opening comment).
 *
 * The equations are rewritten (previous(x) and pre(x) of clocked variables as placeholders x + ph, so
 * that mo_solve_for can solve for x; sample(u) the left limit of u; hold, the sub-clock operators and
 * $when their argument; interval() and firstTick() from the partition's clock and tick counter; der(x) of
 * a discretized partition its own variable, with the integration of x added), matched to their unknowns
 * (augmenting paths, breadth first), checked for systems of equations (Kahn's order), solved, and put in
 * the when-equation's body, guarded for sub-partitions that skip ticks.
 * A partition whose equations cannot be solved one variable at a time in some order (a system at the tick:
 * an implicit solverMethod on der(x) = f(x), a nonlinear equation, equations coupled within the tick) is
 * solved by the continuous-time system instead (tick_system below).
 */
#include "clocks.h"

#include <stdint.h>

typedef struct lower {
    ck *c;
    part *parts;
    base *b;
    int eq_root;              /* the sub-partition of the equation being rewritten */
    bool left_limit;          /* inside sample(u): clocked variables read as pre() */
    bool in_hold;             /* inside hold(x): x is clocked */
} lower;

static mo_expr *active(lower *w, int root, mo_loc loc);

/* e with each argument replaced by fn(ctx, argument): e itself when none changes, else a copy. */
static mo_expr *map_args(const mo_expr *e, mo_expr *(*fn)(void *, const mo_expr *), void *ctx)
{
    mo_expr *r = NULL;
    for (int i = 0; i < e->n; i++) {
        if (!e->a[i])
            continue;
        mo_expr *x = fn(ctx, e->a[i]);
        if (x != e->a[i] && !r) {
            r = mo_expr_new((mo_expr_kind)e->kind, e->loc);
            *r = *e;
            r->a = MO_NEWN(mo_expr *, e->n);
            memcpy(r->a, e->a, sizeof(mo_expr *) * (size_t)e->n);
        }
        if (r)
            r->a[i] = x;
    }
    return r ? r : (mo_expr *)e;
}

static mo_expr *rewrite(lower *w, const mo_expr *e);
static mo_expr *rewrite_cb(void *w, const mo_expr *e)
{
    return rewrite(w, e);
}

/* e rewritten (above); previous(x) and pre(x) of clocked variables become the placeholder variable
 * x + ph, so that the equation can be solved for x (mo_solve_for), and back to pre(x) after. */
static mo_expr *rewrite(lower *w, const mo_expr *e)
{
    ck *c = w->c;
    int nv = c->nv, ph = c->ph;
    if (e->kind == MO_EX_VAR) {
        if (w->left_limit && e->var >= 0 && e->var < nv && (c->mark[find(c->uf, e->var)] & 1)) {
            if (!w->in_hold)   /* (16.5.1: u is unclocked) */
                mo_clk_err(c, e->loc, mo_sprintf("the argument of sample must be unclocked, but '%s' is clocked "
                                                 "(spec 16.5.1)", vname(c, e->var)));
            return mo_sym_var(e->loc, e->var + ph);
        }
        if (w->left_limit && e->var >= 0 && e->var < nv) {   /* 16.5.1: the left limit of unclocked u */
            return mo_sym_call1(e->loc, "pre", (mo_expr *)e);
        }
        return (mo_expr *)e;
    }
    const char *f = fn_name(e);
    if (f && !strcmp(f, "previous") && e->a[0]->kind == MO_EX_VAR)
        return mo_sym_var(e->loc, e->a[0]->var + ph);
    if (f && !strcmp(f, "pre") && e->a[0]->kind == MO_EX_VAR && e->a[0]->var < nv &&
        (c->mark[find(c->uf, e->a[0]->var)] & 1))
        return mo_sym_var(e->loc, e->a[0]->var + ph);
    if (f && clocked_sample(c->flat, e)) {
        bool save = w->left_limit;
        w->left_limit = true;
        mo_expr *r = rewrite(w, e->a[0]);
        w->left_limit = save;
        return r;
    }
    if (f && !strcmp(f, "hold")) {
        bool save = w->in_hold;
        w->in_hold = true;
        mo_expr *r = rewrite(w, e->a[0]);
        w->in_hold = save;
        return r;
    }
    if (f && (sub_op(f) || !strcmp(f, MO_CLOCKED_WHEN)))
        return rewrite(w, e->a[0]);
    if (f && (!strcmp(f, "interval") || !strcmp(f, "firstTick"))) {
        int root = e->n ? mo_clk_first_var(c, e->a[0]) : -1;
        root = root >= 0 ? find(c->uf, root) : w->eq_root;
        if (!strcmp(f, "firstTick")) {
            if (w->b->counter < 0)
                mo_unreachable("firstTick without a tick counter");
            return mo_sym_binary(e->loc, MO_OP_EQ, mo_sym_var(e->loc, w->b->counter),
                                 mo_clk_num(e->loc, mo_rat_div(mo_rat_sub(w->parts[root].off, w->b->src_off),
                                                               w->b->g)));
        }
        if (!w->b->fine_interval) {   /* an event clock: the time since its previous tick (16.10) */
            mo_rat p = mo_rat_div(w->parts[root].per, w->b->g);
            if (p.n != 1 || p.d != 1) {
                mo_clk_err(c, e->loc, "not supported yet: interval() of a sub-sampled event clock");
                return (mo_expr *)e;
            }
            mo_expr *first = mo_sym_binary(e->loc, MO_OP_EQ, mo_sym_var(e->loc, w->b->counter), mo_sym_num(e->loc, 0));
            mo_expr *t = mo_expr_new(MO_EX_TIME, e->loc);
            return mo_sym_if(e->loc, first, w->b->clock->a[1],
                             mo_sym_sub(t, mo_sym_call1(e->loc, "pre", mo_sym_var(e->loc, w->b->last))));
        }
        return mo_sym_mul(w->b->fine_interval, mo_clk_num(e->loc, mo_rat_div(w->parts[root].per, w->b->g)));
    }
    if (e->kind == MO_EX_DER && w->left_limit && c->sder && e->a[0]->kind == MO_EX_VAR && e->a[0]->var < nv &&
        c->sder[e->a[0]->var] >= 0)   /* sample(der(x)): its left limit (mo_clk_sampled_ders) */
        return mo_sym_call1(e->loc, "pre", mo_sym_var(e->loc, c->sder[e->a[0]->var]));
    if (e->kind == MO_EX_DER && w->b) {   /* a discretized partition: the variable of der(x) (16.8.3) */
        if (c->dvar && e->a[0]->kind == MO_EX_VAR && c->dvar[e->a[0]->var] >= 0)
            return mo_sym_var(e->loc, c->dvar[e->a[0]->var]);
        if (!w->b->solver)
            mo_clk_err(c, e->loc, "der() in a clocked partition whose clock has no solverMethod (spec 16.8.2)");
        else if (!c->errors)   /* (the method's own error first) */
            mo_clk_err(c, e->loc, "not supported yet: der() of an expression in a discretized partition (der(x) of a "
                                  "variable x is, spec 16.8)");
        return (mo_expr *)e;
    }
    return map_args(e, rewrite_cb, w);
}

/* placeholders x + ph back to pre(x) */
static mo_expr *unplace(void *ph, const mo_expr *e)
{
    int p = *(const int *)ph;
    if (e->kind == MO_EX_VAR)
        return e->var >= p ? mo_sym_call1(e->loc, "pre", mo_sym_var(e->loc, e->var - p)) : (mo_expr *)e;
    return map_args(e, unplace, ph);
}

/* The condition under which sub-partition root ticks at a tick of its base (NULL: at every one). */
static mo_expr *active(lower *w, int root, mo_loc loc)
{
    base *b = w->b;
    mo_rat p = mo_rat_div(w->parts[root].per, b->g), o = mo_rat_div(mo_rat_sub(w->parts[root].off, b->src_off), b->g);
    if (p.n == 1 && o.n == 0)
        return NULL;
    mo_expr *cnt = mo_sym_var(loc, b->counter);
    mo_expr **args = MO_NEWN(mo_expr *, 2);
    args[0] = mo_sym_sub(cnt, mo_sym_num(loc, (double)o.n));
    args[1] = mo_sym_num(loc, (double)p.n);
    mo_expr *m = mo_sym_call(loc, "mod", 2, args);
    mo_expr *on = mo_sym_binary(loc, MO_OP_EQ, m, mo_sym_num(loc, 0));
    return o.n ? mo_sym_binary(loc, MO_OP_AND, on, mo_sym_binary(loc, MO_OP_GE, cnt, mo_sym_num(loc, (double)o.n)))
               : on;
}

static bool match(int n, const int *cfirst, const int *cand, int *var_of, int *eq_of)
{
    int *prev = MO_NEWN(int, n + 1), *queue = MO_NEWN(int, n + 1), *seen = MO_NEWN(int, n + 1);
    for (int i = 0; i < n; i++)
        var_of[i] = eq_of[i] = -1, seen[i] = -1;
    for (int q0 = 0; q0 < n; q0++) {
        int head = 0, tail = 0, found = -1;
        queue[tail++] = q0;
        while (head < tail && found < 0) {
            int q = queue[head++];
            for (int k = cfirst[q]; k < cfirst[q + 1] && found < 0; k++) {
                int v = cand[k];
                if (seen[v] == q0)
                    continue;
                seen[v] = q0;
                prev[v] = q;
                if (eq_of[v] < 0)
                    found = v;
                else
                    queue[tail++] = eq_of[v];
            }
        }
        if (found < 0)
            return false;
        for (int v = found; v >= 0;) {   /* flip the path */
            int q = prev[v], next = var_of[q];
            var_of[q] = v;
            eq_of[v] = q;
            v = next;
        }
    }
    return true;
}

/* The solver method of a discretized partition (16.8.2), or NULL after an error. */
static const char *method_of(ck *c, const base *b, mo_loc at)
{
    const mo_expr *m = b->method->a[1];
    if (m->kind == MO_EX_VAR && c->flat->vars.v[m->var].variability <= MO_VAR_PARAMETER)
        m = c->flat->vars.v[m->var].binding;
    if (!m || m->kind != MO_EX_STRING) {
        mo_clk_err(c, b->method->a[1]->loc, "not supported yet: a solverMethod that is not known when the model is "
                                            "compiled");
        return NULL;
    }
    if (strcmp(m->str, "ExplicitEuler") && strcmp(m->str, "ImplicitEuler") && strcmp(m->str, "ImplicitTrapezoid")) {
        mo_clk_err(c, at, mo_sprintf("not supported yet: the solverMethod \"%s\" (\"ExplicitEuler\", \"ImplicitEuler\" "
                                     "and \"ImplicitTrapezoid\" are, spec 16.8.2)", m->str));
        return NULL;
    }
    return m->str;
}

/* The integration of x by the partition's solverMethod (16.8.2) from tick to tick, as an equation
 * x = pre(x) + (if firstTick() then 0 else h * D) over placeholders (rewrite), h = interval(): the start
 * value holds at the first tick. D is pre(der(x)) (ExplicitEuler), der(x) (ImplicitEuler), their mean
 * (ImplicitTrapezoid). */
static void integration(lower *w, int x, mo_loc loc, mo_expr **lhs, mo_expr **rhs)
{
    ck *c = w->c;
    const char *m = method_of(c, w->b, loc);
    int dx = c->dvar[x];
    w->eq_root = find(c->uf, x);
    mo_expr *now = mo_sym_var(loc, dx), *before = mo_sym_var(loc, dx + c->ph);
    mo_expr *d = !m || !strcmp(m, "ExplicitEuler") ? before : !strcmp(m, "ImplicitEuler") ? now
                 : mo_sym_mul(mo_sym_num(loc, 0.5), mo_sym_add(now, before));
    mo_expr *h = rewrite(w, mo_sym_call(loc, "interval", 0, NULL));
    mo_expr *first = rewrite(w, mo_sym_call(loc, "firstTick", 0, NULL));
    *lhs = mo_sym_var(loc, x);
    *rhs = mo_sym_add(mo_sym_var(loc, x + c->ph), mo_sym_if(loc, first, mo_sym_num(loc, 0), mo_sym_mul(h, d)));
    if (c->sm_guard && c->sm_guard[x] >= 0) {
        /* in states (17.3.6): x keeps its value while none of them is active, and starts from its start
         * value again when the state it is declared in is reset (as previous(x) there, 17.3.4) */
        const mo_sm_integ *g = &c->flat->sm_integrated.v[c->sm_guard[x]];
        const mo_var *xv = &c->flat->vars.v[x];
        *rhs = mo_sym_if(loc, rewrite(w, g->active), *rhs, mo_sym_var(loc, x + c->ph));
        if (g->rst >= 0)
            *rhs = mo_sym_if(loc, rewrite(w, mo_sym_var(loc, g->rst)),
                             xv->attr->start ? rewrite(w, xv->attr->start) : mo_sym_num(loc, 0), *rhs);
    }
}

/* Can the solved equations v = sol[i] be put in an order where each comes after those that assign what it
 * reads (pre() apart)? Kahn's algorithm; else they form a system within a tick. */
static bool acyclic(ck *c, int ne, mo_expr **sol, const int *var_of, const int *local)
{
    int *indeg = MO_NEWN(int, ne), *queue = MO_NEWN(int, ne);
    mo_int_vec *readers = MO_NEWN(mo_int_vec, ne);
    unsigned char *seen = MO_NEWN(unsigned char, 2 * c->ph + 1);
    mo_int_vec vs = {0};
    int *eq_of = MO_NEWN(int, ne);
    for (int i = 0; i < ne; i++)
        eq_of[var_of[i]] = i;
    for (int i = 0; i < ne; i++) {
        vs.n = 0;
        mo_expr_collect_vars(sol[i], seen, &vs);
        for (int k = 0; k < vs.n; k++) {
            int v = vs.v[k];
            seen[v] = 0;
            if (v < c->ph && local[v]) {
                MO_PUSH(readers[eq_of[local[v] - 1]], i);
                indeg[i]++;
            }
        }
    }
    int head = 0, tail = 0;
    for (int i = 0; i < ne; i++)
        if (!indeg[i])
            queue[tail++] = i;
    while (head < tail) {
        int j = queue[head++];
        for (int k = 0; k < readers[j].n; k++)
            if (!--indeg[readers[j].v[k]])
                queue[tail++] = readers[j].v[k];
    }
    return tail == ne;
}

/* ---- a system of equations at a tick ---- */

typedef struct ticker {
    const lower *w;
    const int *local;         /* variable -> local unknown + 1 */
    const int *tick;          /* local unknown -> its variable $tick(v) */
} ticker;

/* e as the partition's system reads it before the tick's when-equation runs: each unknown v its variable
 * $tick(v), the tick counter and the time of an event clock's tick as that when-equation is about to
 * assign them (pre(counter) + 1, time); what pre() reads stays. */
static mo_expr *at_tick(void *ctx, const mo_expr *e)
{
    const ticker *t = ctx;
    const base *b = t->w->b;
    if (e->kind == MO_EX_VAR) {
        int v = e->var;
        if (v >= 0 && v < t->w->c->ph && t->local[v])
            return mo_sym_var(e->loc, t->tick[t->local[v] - 1]);
        if (v >= 0 && v == b->counter)
            return mo_sym_add(mo_sym_call1(e->loc, "pre", (mo_expr *)e), mo_sym_num(e->loc, 1));
        if (v >= 0 && v == b->last)
            return mo_expr_new(MO_EX_TIME, e->loc);
        return (mo_expr *)e;
    }
    if (is_fn(e, "pre"))
        return (mo_expr *)e;
    return map_args(e, at_tick, ctx);
}

static bool has_relation(const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_BINARY && e->op >= MO_OP_LT && e->op <= MO_OP_NE)
        return true;
    for (int i = 0; i < e->n; i++)
        if (has_relation(e->a[i]))
            return true;
    return false;
}

/* a side of an equation of the system: relations in clocked equations make no events (they are read at
 * the ticks only) */
static mo_expr *tick_side(ticker *t, int ph, const mo_expr *e)
{
    mo_expr *r = at_tick(t, unplace(&ph, e));
    return has_relation(r) ? mo_sym_call1(r->loc, "noEvent", r) : r;
}

/* the variable $tick(v) of unknown v: v's type, start value (the first guess) and nominal */
static int tick_var(ck *c, int v)
{
    const mo_var *x = &c->flat->vars.v[v];
    mo_var_attr *attr = MO_NEW(mo_var_attr);
    attr->loc = x->attr->loc;
    attr->comment = "the value at a clock tick of a variable of a clocked system of equations (clocks_lower.c)";
    attr->start = x->attr->start;
    attr->nominal = x->attr->nominal;
    attr->enum_type = x->attr->enum_type;
    return mo_clk_push_var(c, mo_sprintf("$tick(%s)", x->name), (mo_basetype)x->type,
                           x->type == MO_T_REAL ? MO_VAR_CONTINUOUS : MO_VAR_DISCRETE, attr);
}

/* The equations L[i] = R[i] of a base partition over its unknowns unk[0 .. ne) that form a system at the
 * tick: each unknown v gets a variable $tick(v) of the continuous-time system, whose equations are the
 * partition's over them (previous(v) is pre(v); sample(u) the left limit pre(u)). The continuous-time
 * system solves them with its own BLT, tearing and Newton from the values before each event, so at a tick
 * they hold the tick's solution before its when-equation runs, which assigns v := $tick(v) (br). Between
 * ticks they follow the held values and nothing reads them. An equation of a sub-partition that skips the
 * tick (eq_root[i]: active() false) holds instead the unknown paired with it in its sub-partition
 * (var_of[i]): $tick(v) = pre(v). */
static void tick_system(lower *w, int ne, mo_expr **L, mo_expr **R, const mo_loc *loc, const char *const *inst,
                        const int *unk, const int *eq_root, const int *var_of, const int *local, mo_wbranch *br)
{
    ck *c = w->c;
    int *tick = MO_NEWN(int, ne);
    for (int i = 0; i < ne; i++)
        tick[i] = tick_var(c, unk[i]);
    ticker t = {w, local, tick};
    for (int i = 0; i < ne; i++) {
        mo_feq q = {.loc = loc[i], .instance = inst[i], .origin = MO_ORIGIN_EQUATION,
                    .lhs = tick_side(&t, c->ph, L[i]), .rhs = tick_side(&t, c->ph, R[i])};
        mo_expr *on = active(w, eq_root[i], loc[i]);
        if (on) {
            on = at_tick(&t, on);
            int v = var_of[i];
            q.lhs = mo_sym_if(loc[i], on, q.lhs, mo_sym_var(loc[i], tick[v]));
            q.rhs = mo_sym_if(loc[i], on, q.rhs, mo_sym_call1(loc[i], "pre", mo_sym_var(loc[i], unk[v])));
        }
        MO_PUSH(c->tick_eqs, q);
        mo_wstmt s = {.kind = MO_WS_ASSIGN, .loc = loc[i], .lhs = mo_sym_var(loc[i], unk[i]),
                      .rhs = mo_sym_var(loc[i], tick[i])};
        MO_PUSH(br->body, s);
    }
}

/* Base partition b's equations eqs[0 .. n) into its when-equation, over the unknowns unk[0 .. nu);
 * a discretized partition adds der(x) to the unknowns and the integration of x to the equations. */
void mo_clk_lower_base(ck *c, part *parts, base *b, const int *eqs, int n, const int *unk0, int nu)
{
    mo_flat *flat = c->flat;
    const mo_feq *q0 = &flat->eqs.v[eqs[0]];
    mo_int_vec unk = {0}, states = {0};
    for (int i = 0; i < nu; i++) {
        MO_PUSH(unk, unk0[i]);
        if (c->dvar && c->dvar[unk0[i]] >= 0)
            MO_PUSH(states, unk0[i]);
    }
    for (int i = 0; i < states.n; i++)
        MO_PUSH(unk, c->dvar[states.v[i]]);
    int ne = n + states.n;
    if (n != nu) {
        mo_error(q0->loc, "the clocked partition of this equation has %d equation%s but %d unknown%s", n,
                 n == 1 ? "" : "s", nu, nu == 1 ? "" : "s");
        c->errors++;
        return;
    }
    int *local = MO_NEWN(int, c->ph + 1);   /* variable -> local unknown + 1 */
    for (int i = 0; i < unk.n; i++)
        local[unk.v[i]] = i + 1;
    lower w = {c, parts, b, -1, false, false};
    mo_expr **L = MO_NEWN(mo_expr *, ne), **R = MO_NEWN(mo_expr *, ne);
    mo_loc *loc = MO_NEWN(mo_loc, ne);
    const char **inst = MO_NEWN(const char *, ne);
    MO_VEC(int) cand = {0}, scand = {0};   /* the unknowns each equation can be solved for; those it has */
    int *cfirst = MO_NEWN(int, ne + 1), *sfirst = MO_NEWN(int, ne + 1);
    unsigned char *seen = MO_NEWN(unsigned char, 2 * c->ph + 1), *nonlin = MO_NEWN(unsigned char, 2 * c->ph + 1);
    mo_int_vec vs = {0}, nl = {0};
    /* the sub-partition of each unknown and of each equation (a system pairs them within one) */
    int *root = MO_NEWN(int, ne), *eq_root = MO_NEWN(int, ne);
    for (int j = 0; j < ne; j++)
        root[j] = find(c->uf, j < nu ? unk.v[j] : states.v[j - nu]);
    for (int i = 0; i < ne; i++)
        eq_root[i] = i < n ? find(c->uf, c->eq_var[eqs[i]]) : find(c->uf, states.v[i - n]);
    for (int i = 0; i < ne; i++) {
        if (i < n) {
            const mo_feq *q = &flat->eqs.v[eqs[i]];
            w.eq_root = eq_root[i];
            L[i] = rewrite(&w, q->lhs);
            R[i] = rewrite(&w, q->rhs);
            loc[i] = q->loc;
            inst[i] = q->instance;
        } else {
            loc[i] = flat->vars.v[c->dvar[states.v[i - n]]].attr->loc;
            inst[i] = q0->instance;
            integration(&w, states.v[i - n], loc[i], &L[i], &R[i]);
        }
        cfirst[i] = cand.n;
        sfirst[i] = scand.n;
        vs.n = 0;
        mo_expr_collect_vars(L[i], seen, &vs);
        mo_expr_collect_vars(R[i], seen, &vs);
        /* those it certainly cannot be solved for are found in one walk, not one each */
        nl.n = 0;
        mo_sym_nonlinear_vars(L[i], nonlin, &nl);
        mo_sym_nonlinear_vars(R[i], nonlin, &nl);
        for (int k = 0; k < vs.n; k++) {
            seen[vs.v[k]] = 0;
            if (vs.v[k] < c->ph && local[vs.v[k]]) {
                if (root[local[vs.v[k]] - 1] == eq_root[i])
                    MO_PUSH(scand, local[vs.v[k]] - 1);
                if (!nonlin[vs.v[k]] && mo_solve_for(L[i], R[i], vs.v[k]))
                    MO_PUSH(cand, local[vs.v[k]] - 1);
            }
        }
        for (int k = 0; k < nl.n; k++)
            nonlin[nl.v[k]] = 0;
    }
    cfirst[ne] = cand.n;
    sfirst[ne] = scand.n;
    if (c->errors)
        return;
    int *var_of = MO_NEWN(int, ne), *eq_of = MO_NEWN(int, ne);
    /* each equation solved for a variable of its own in turn, else a system (tick_system), whose
     * equations are paired with unknowns of their own sub-partition (structurally) */
    bool system = !match(ne, cfirst, cand.v, var_of, eq_of);
    mo_expr **sol = MO_NEWN(mo_expr *, ne);
    for (int i = 0; i < ne && !system; i++)
        sol[i] = mo_solve_for(L[i], R[i], unk.v[var_of[i]]);
    system = system || !acyclic(c, ne, sol, var_of, local);
    if (system && !match(ne, sfirst, scand.v, var_of, eq_of)) {
        for (int i = 0; i < ne; i++)
            if (var_of[i] < 0) {
                mo_clk_err(c, loc[i], "not supported yet: the equations of this clocked partition are structurally "
                                      "singular (no variable of its own for this one; index reduction within a "
                                      "clocked partition)");
                return;
            }
    }
    mo_fwhen wh = {.loc = q0->loc, .instance = q0->instance, .nbranches = 1, .branches = MO_NEW(mo_wbranch)};
    mo_wbranch *br = &wh.branches[0];
    br->cond = b->cond;
    br->loc = q0->loc;
    if (b->counter >= 0) {
        mo_expr *cnt = mo_sym_var(q0->loc, b->counter);
        mo_wstmt s = {.kind = MO_WS_ASSIGN, .loc = q0->loc, .lhs = cnt,
                      .rhs = mo_sym_add(mo_sym_call1(q0->loc, "pre", cnt), mo_sym_num(q0->loc, 1))};
        MO_PUSH(br->body, s);
    }
    if (b->last >= 0) {
        mo_wstmt s = {.kind = MO_WS_ASSIGN, .loc = q0->loc, .lhs = mo_sym_var(q0->loc, b->last),
                      .rhs = mo_expr_new(MO_EX_TIME, q0->loc)};
        MO_PUSH(br->body, s);
    }
    if (system) {
        tick_system(&w, ne, L, R, loc, inst, unk.v, eq_root, var_of, local, br);
        ne = 0;
    }
    for (int i = 0; i < ne; i++) {
        int v = unk.v[var_of[i]];
        mo_expr *val = unplace(&c->ph, sol[i]);
        mo_expr *guard = active(&w, root[var_of[i]], loc[i]);
        if (guard)
            val = mo_sym_if(loc[i], guard, val, mo_sym_call1(loc[i], "pre", mo_sym_var(loc[i], v)));
        mo_wstmt s = {.kind = MO_WS_ASSIGN, .loc = loc[i], .lhs = mo_sym_var(loc[i], v), .rhs = val};
        MO_PUSH(br->body, s);
    }
    MO_PUSH(flat->whens, wh);
    for (int i = 0; i < nu; i++)
        if (flat->vars.v[unk0[i]].variability == MO_VAR_CONTINUOUS)
            flat->vars.v[unk0[i]].variability = MO_VAR_DISCRETE;
}

/* der(x) in the equations of a discretized partition (16.8.3): a discrete variable of its own for each
 * x, made before the placeholders of pre() are numbered (c->ph). */
static void find_ders(ck *c, const base *b, const mo_expr *e)
{
    if (!e || e->kind == MO_EX_VAR || clocked_sample(c->flat, e))   /* (sample(der(x)): sampled_ders) */
        return;
    if (e->kind == MO_EX_DER && e->a[0]->kind == MO_EX_VAR) {
        int x = e->a[0]->var;
        if (c->dvar[x] < 0 && method_of(c, b, e->loc))
            c->dvar[x] = mo_clk_new_var(c, mo_sprintf("der(%s)", vname(c, x)), MO_T_REAL, e->loc,
                                 "der(x) of a clocked partition discretized by its solverMethod (clocks.c)",
                                 mo_sym_num(e->loc, 0));
        return;
    }
    for (int i = 0; i < e->n; i++)
        find_ders(c, b, e->a[i]);
}

bool mo_clk_discretized(ck *c, base *bases, const int *base_of)
{
    const mo_flat *flat = c->flat;
    if (flat->sm_integrated.n) {   /* (statemachines.c) */
        c->sm_guard = MO_NEWN(int, c->nv + 1);
        for (int x = 0; x < c->nv; x++)
            c->sm_guard[x] = -1;
        for (int i = 0; i < flat->sm_integrated.n; i++)
            c->sm_guard[flat->sm_integrated.v[i].x] = i;
    }
    for (int i = 0; i < c->flat->eqs.n; i++) {
        int v = c->eq_var[i];
        if (v < 0 || !(c->mark[find(c->uf, v)] & 1))
            continue;
        const base *b = &bases[base_of[find(c->buf, v)] - 1];
        if (!b->solver)
            continue;
        if (!c->dvar) {
            c->dvar = MO_NEWN(int, c->nv + 1);
            for (int x = 0; x < c->nv; x++)
                c->dvar[x] = -1;
        }
        find_ders(c, b, c->flat->eqs.v[i].lhs);
        find_ders(c, b, c->flat->eqs.v[i].rhs);
    }
    return c->errors == 0;
}

/* der(x) inside sample() of a clocked equation: x is a continuous-time variable, whose derivative's left
 * limit the tick reads (16.5.1). A variable $der(x) = der(x) of the continuous-time system for each, so
 * that it can be read as pre($der(x)) (an alias of der(x): the runtime's pre_dx). */
static void sampled_ders(ck *c, const mo_feq *q, const mo_expr *e, bool inside)
{
    if (!e || e->kind == MO_EX_VAR)
        return;
    if (inside && e->kind == MO_EX_DER && e->a[0]->kind == MO_EX_VAR && c->sder[e->a[0]->var] < 0) {
        int x = e->a[0]->var;
        const mo_var *xv = &c->flat->vars.v[x];
        mo_var_attr *attr = MO_NEW(mo_var_attr);
        attr->loc = e->loc;
        attr->comment = "der(x) read by sample() of a clocked equation (clocks_lower.c)";
        c->sder[x] = mo_clk_push_var(c, mo_sprintf("$der(%s)", xv->name), MO_T_REAL, MO_VAR_CONTINUOUS, attr);
        mo_feq d = {.loc = e->loc, .instance = q->instance, .origin = MO_ORIGIN_EQUATION,
                    .lhs = mo_sym_var(e->loc, c->sder[x]), .rhs = (mo_expr *)e};
        MO_PUSH(c->tick_eqs, d);
        return;
    }
    inside = inside || clocked_sample(c->flat, e);
    for (int i = 0; i < e->n; i++)
        sampled_ders(c, q, e->a[i], inside);
}

void mo_clk_sampled_ders(ck *c)
{
    for (int i = 0; i < c->flat->eqs.n; i++) {
        int v = c->eq_var[i];
        if (v < 0 || !(c->mark[find(c->uf, v)] & 1))
            continue;
        const mo_feq *q = &c->flat->eqs.v[i];
        if (!c->sder) {
            c->sder = MO_NEWN(int, c->nv + 1);
            for (int x = 0; x < c->nv; x++)
                c->sder[x] = -1;
        }
        sampled_ders(c, q, q->lhs, false);
        sampled_ders(c, q, q->rhs, false);
    }
}

mo_expr *mo_clk_unclocked(ck *c, part *parts, const mo_expr *e)
{
    lower w = {c, parts, NULL, -1, false, false};
    return rewrite(&w, e);
}
