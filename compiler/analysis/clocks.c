/*
 * clocks.c - the synchronous language (specification chapter 16) lowered to when-equations.
 *
 * Input: a flat model after mo_flat_unshare whose equations use clocks (flatten_sync.c: Clock
 * variables marked MO_FV_CLOCK, calls Clock(...), sample(u, c), sample(u), hold, previous, subSample,
 * superSample, shiftSample, backSample, noClock, interval, firstTick). Output: the same model without
 * them, which the rest of the back end handles as it is:
 *   - partitions (16.7): the equations and variables connected by the variables they read form
 *     sub-partitions; the first argument of sample and hold (and an event clock's condition) is outside
 *     its equation's partition (base level), that of the sub-clock operators outside its sub-partition
 *     but inside its base partition. A base partition is clocked when one of its equations uses a
 *     clocked operator or a clock, or one of its variables is held;
 *   - the equations of a clocked when-clause (lhs = $when(rhs, c), flatten_when.c) are clocked equations
 *     with the clock c; those of one clause with an inferred Clock() share one sub-partition;
 *   - clock inference (16.7.4): per base partition, each sub-partition's period and shift relative to
 *     one of them, in exact rational arithmetic (rational.c), from the factors of the sub-clock
 *     operators; the one clock constructor the partition has (through Clock variables and their
 *     connections) gives the time: a periodic clock (rational or Real interval) or an event clock. Parts
 *     joined only by factors left out (superSample(u)) or noClock each take their own rational clock,
 *     and the factors follow (whole numbers, checked);
 *   - each base partition becomes one when-equation whose condition fires at every tick of its fastest
 *     clock (sample(t0, interval): a time event; an event clock: its condition) and whose body holds
 *     every equation of the partition solved for the variable matched to it (a small bipartite matching
 *     per partition); a sub-partition that does not tick at every base tick keeps its values there
 *     (v = if active then e else pre(v)), counted by a hidden tick counter. whenorder.c then sorts the
 *     body. previous(x) becomes pre(x), sample(u) the left limit of u (held clocked variables read as
 *     pre()), hold(x) the (discrete) variable x itself, a sub-clock operator the value of its argument,
 *     interval() the period (an event clock: the time since its last tick), firstTick() a test of the
 *     counter. Clocked variables become discrete. Equations that form a system at the tick are solved
 *     by the continuous-time system instead: a variable $tick(v) per unknown, its equations added to the
 *     model's, and the when-equation assigns v := $tick(v) (clocks_lower.c).
 *   - Clock variables become protected constants (their equations only define clocks).
 *   - a partition whose clock has a solverMethod (16.8) is discretized: der(x) becomes a variable of its
 *     own, x = pre(x) + h * der(x) (ExplicitEuler: pre(der(x)); ImplicitTrapezoid: the mean) its equation.
 * Not yet (located errors "not supported yet"): the other solver methods, index reduction within a
 * clocked partition, clocks whose interval changes while the model runs, inferred factors between clocks that are not rational, interval() of a sub-sampled event
 * clock. Cost: linear in the equations' size plus, per clocked partition, its matching (augmenting paths:
 * quadratic in the partition's size at worst).
 */
#include "clocks.h"
#include "checks.h"
#include "events.h"

#include <stdint.h>
#include <string.h>

static void unite(int *uf, int a, int b)
{
    a = find(uf, a);
    b = find(uf, b);
    if (a != b)
        uf[a < b ? b : a] = a < b ? a : b;
}

static bool unknown_var(const ck *c, const mo_expr *e)
{
    return e->kind == MO_EX_VAR && e->var >= 0 && e->var < c->nv &&
           c->flat->vars.v[e->var].variability > MO_VAR_PARAMETER;
}

/* the first variable of e (unknowns only), or -1 */
int mo_clk_first_var(const ck *c, const mo_expr *e)
{
    if (!e)
        return -1;
    if (unknown_var(c, e))
        return e->var;
    if (e->kind == MO_EX_VAR)
        return -1;
    for (int i = 0; i < e->n; i++) {
        int v = mo_clk_first_var(c, e->a[i]);
        if (v >= 0)
            return v;
    }
    return -1;
}

/* variable v into the partition of c->cur (the first one met becomes it) */
static void join(ck *c, int v)
{
    if (c->cur < 0)
        c->cur = v;
    else
        unite(c->uf, c->cur, v);
}

/* every variable of e into the partition of c->cur (recursion over one expression) */
static void join_all(ck *c, const mo_expr *e)
{
    if (!e)
        return;
    if (unknown_var(c, e)) {
        join(c, e->var);
        return;
    }
    if (e->kind == MO_EX_VAR)
        return;
    for (int i = 0; i < e->n; i++)
        join_all(c, e->a[i]);
}

/* The incidence of an equation's side (16.7.2, 16.7.3): what joins its partition, and the markers. */
static void scan(ck *c, const mo_expr *e)
{
    if (!e)
        return;
    if (unknown_var(c, e)) {
        join(c, e->var);
        if (c->flat->vars.v[e->var].flags & MO_FV_CLOCK)
            c->cur_clocked = true;
        return;
    }
    if (e->kind == MO_EX_VAR)
        return;
    const char *f = fn_name(e);
    if (f && !strcmp(f, MO_CLOCKED_WHEN)) {   /* an equation of a clocked when-clause: its clock inside */
        c->cur_clocked = true;
        scan(c, e->a[0]);
        scan(c, e->a[1]);
        if (is_fn(e->a[1], "Clock")) {
            source s = {-1, e->a[1]};
            MO_PUSH(c->sources, s);
            /* the equations of one when-clause share its clock (16.6), also Clock()'s: one partition */
            mo_loc l = e->a[1]->loc;
            const char *key = mo_intern_cstr(mo_sprintf("%s|%p|%d|%d", c->instance ? c->instance : "",
                                                        (const void *)l.file, l.line, l.col));
            int v = (int)(intptr_t)mo_map_get(&c->when_var, key) - 1;
            if (v >= 0)
                join(c, v);
            else if (c->cur >= 0)
                mo_map_put(&c->when_var, key, (void *)(intptr_t)(c->cur + 1));
        }
        return;
    }
    if (f && clocked_sample(c->flat, e)) {   /* u is outside; the clock inside */
        c->cur_clocked = true;
        if (e->n == 2)
            scan(c, e->a[1]);
        if (e->n == 2 && is_fn(e->a[1], "Clock")) {
            source s = {-1, e->a[1]};
            MO_PUSH(c->sources, s);   /* var: the equation's, set by the caller */
        }
        return;
    }
    if (f && !strcmp(f, "hold")) {   /* a held variable is clocked; the equation is not (by this) */
        int v = mo_clk_first_var(c, e->a[0]);
        if (v >= 0)
            c->mark[v] |= 2;
        return;
    }
    if (f && !strcmp(f, "Clock")) {
        c->cur_clocked = true;
        if (is_event_clock(c->flat, e))
            return;   /* an event clock's condition is unclocked */
        for (int i = 0; i < e->n; i++)
            scan(c, e->a[i]);
        return;
    }
    if (f && sub_op(f)) {   /* u in a sub-partition of its own, related to this one */
        c->cur_clocked = true;
        int v = mo_clk_first_var(c, e->a[0]);
        if (v >= 0) {
            int save = c->cur;
            c->cur = v;
            join_all(c, e->a[0]);
            c->cur = save;
            edge g = {v, -1, e};
            MO_PUSH(c->edges, g);   /* y: the equation's, set by the caller */
        }
        return;
    }
    if (f && (!strcmp(f, "previous") || !strcmp(f, "interval") || !strcmp(f, "firstTick")))
        c->cur_clocked = true;
    for (int i = 0; i < e->n; i++)
        scan(c, e->a[i]);
}

/* ---- the clock of each base partition ---- */

void mo_clk_err(ck *c, mo_loc loc, const char *msg)
{
    mo_error(loc, "%s", msg);
    c->errors++;
}

/* y's (per, off) from u's through op, or u's from y's (inverse); false when op does not say (noClock,
 * factor 0). */
static bool relate(const mo_expr *op, const part *from, part *to, bool inverse)
{
    const char *f = fn_name(op);
    long long k = op->n >= 2 ? op->a[1]->ival : 0, r = op->n >= 3 ? op->a[2]->ival : 1;
    to->per = from->per;
    to->off = from->off;
    if (!strcmp(f, "noClock") || ((!strcmp(f, "subSample") || !strcmp(f, "superSample")) && k == 0))
        return false;
    bool sub = !strcmp(f, "subSample"), super = !strcmp(f, "superSample");
    if (sub || super) {
        mo_rat fac = {k, 1};
        to->per = (sub != inverse) ? mo_rat_mul(from->per, fac) : mo_rat_div(from->per, fac);
        return true;
    }
    mo_rat shift = mo_rat_mul(from->per, mo_rat_make(k, r));   /* in the period of u: the same on both sides */
    bool back = !strcmp(f, "backSample");
    to->off = (back == inverse) ? mo_rat_add(from->off, shift) : mo_rat_sub(from->off, shift);
    return true;
}

mo_expr *mo_clk_num(mo_loc loc, mo_rat r)
{
    mo_expr *n = mo_sym_num(loc, (double)r.n);
    return r.d == 1 ? n : mo_sym_div(n, mo_sym_num(loc, (double)r.d));
}

/* A hidden discrete variable of the clocks. */
int mo_clk_new_var(ck *c, const char *name, mo_basetype type, mo_loc loc, const char *comment, mo_expr *start)
{
    return mo_flat_add_discrete(c->flat, name, type, loc, comment, start);
}

int mo_clk_push_var(ck *c, const char *name, mo_basetype type, mo_variability variability, const mo_var_attr *attr)
{
    return mo_flat_add_var(c->flat, name, type, variability, attr);
}

/* ---- the pass ---- */

/* One side of an equation between clocks: its Clock variable (the return value), or -1 with *ctor a
 * constructor or *op a sub-clock operator over a variable (*opvar). */
static int clock_term(ck *c, const mo_expr *e, const mo_expr **ctor, const mo_expr **op, int *opvar)
{
    *ctor = *op = NULL;
    *opvar = -1;
    if (e->kind == MO_EX_VAR && e->var >= 0 && e->var < c->nv)
        return e->var;
    const mo_expr *whole = e;   /* a constructor with its solverMethod (real_clock unwraps it) */
    while (is_fn(e, "Clock") && is_solver_clock(c->flat, e)) {   /* the clock of a solverMethod (16.8.2) */
        if (e->a[0]->kind == MO_EX_VAR && e->a[0]->var >= 0 && e->a[0]->var < c->nv) {
            c->mark[e->a[0]->var] |= 4;
            source s = {e->a[0]->var, e};
            MO_PUSH(c->solvers, s);
            return e->a[0]->var;
        }
        e = e->a[0];
    }
    if (is_fn(e, "Clock")) {
        *ctor = whole;
        return -1;
    }
    const char *f = fn_name(e);
    if (f && sub_op(f) && strcmp(f, "noClock") && e->n >= 1 && e->a[0]->kind == MO_EX_VAR) {
        *op = e;
        *opvar = e->a[0]->var;
        return -1;
    }
    mo_clk_err(c, e->loc, "not supported yet: this clock expression (a Clock variable, a clock constructor or a "
                          "sub-clock operator applied to a Clock variable are)");
    return -1;
}

static void clock_equation(ck *c, const mo_feq *q)
{
    const mo_expr *ctor[2], *op[2];
    int opvar[2];
    int v[2] = {clock_term(c, q->lhs, &ctor[0], &op[0], &opvar[0]), clock_term(c, q->rhs, &ctor[1], &op[1], &opvar[1])};
    if (v[0] >= 0 && v[1] >= 0) {
        unite(c->uf, v[0], v[1]);
        return;
    }
    for (int s = 0; s < 2; s++) {
        if (v[s] < 0)
            continue;
        if (ctor[1 - s]) {
            source src = {v[s], ctor[1 - s]};
            MO_PUSH(c->sources, src);
        } else if (op[1 - s]) {
            edge g = {opvar[1 - s], v[s], op[1 - s]};
            MO_PUSH(c->edges, g);
        }
        return;
    }
    mo_clk_err(c, q->loc, "not supported yet: an equation between clock expressions without a Clock variable");
}

/* The clock constructor of a source, solver clocks unwrapped; NULL for an inferred one (Clock(),
 * Clock(0, r)). */
static const mo_expr *real_clock(const mo_flat *flat, const mo_expr *k)
{
    while (is_solver_clock(flat, k) && is_fn(k->a[0], "Clock"))
        k = k->a[0];
    if (k->n == 0 || (k->n == 2 && k->a[0]->kind == MO_EX_INT && k->a[1]->kind == MO_EX_INT && k->a[0]->ival == 0))
        return NULL;
    return k;
}

/* Kuhn's augmenting paths, breadth first (no recursion): eq_of[v], var_of[q] over local numbers;
 * cand: CSR of each equation's candidate variables. false when some equation has no variable. */
/* A connected set of sub-partitions whose periods and shifts the sub-clock operators fix relative to each
 * other (parts[].per, off relative to its first); those of one base partition joined only by inferred
 * factors (subSample(u), superSample(u)) or noClock are several. */
typedef struct comp {
    int base;                 /* index into the bases */
    int next;                 /* the next component of the same base, or -1 */
    const mo_expr *src;       /* its clock constructor (solver clocks unwrapped), or NULL */
    int src_root;             /* the sub-partition that src gives its clock */
} comp;

/* The roots (sub-partitions) of each base partition: CSR over the bases. */
typedef struct groups {
    int *first, *roots;
} groups;

/* The clock of base partition b (index k) from the sources of its components; false after an error. */
static bool base_clock(ck *c, part *parts, base *b, int k, comp *comps, int first_comp, const groups *gr)
{
    mo_flat *flat = c->flat;
    const int *roots = gr->roots + gr->first[k], nroots = gr->first[k + 1] - gr->first[k];
    const mo_expr *src = NULL;
    int ncomps = 0, nsrc = 0;
    for (int q = first_comp; q >= 0; q = comps[q].next, ncomps++)
        nsrc += comps[q].src != NULL;
    if (ncomps == 1 && !nsrc) {
        /* 16.3.1: no clock at all (only inferred ones, Clock()): the default clock, associated with the
         * fastest sub-partition; Clock(1.0) as the specification says tools typically choose, with a
         * warning. (As the rational Clock(1, 1): the same ticks, in exact arithmetic.) */
        int fastest = roots[0];
        for (int i = 1; i < nroots; i++)
            if (mo_rat_sub(parts[roots[i]].per, parts[fastest].per).n < 0)
                fastest = roots[i];
        mo_warning(b->loc, "no clock constructor reaches the clocked partition of this equation: it runs on the "
                           "default clock, Clock(1.0) (spec 16.3.1)");
        mo_expr **one = MO_NEWN(mo_expr *, 2);
        one[0] = mo_expr_int(b->loc, 1);
        one[1] = mo_expr_int(b->loc, 1);
        comps[first_comp].src = mo_expr_call(b->loc, "Clock", 2, one);
        comps[first_comp].src_root = fastest;
    } else if (nsrc < ncomps) {
        mo_clk_err(c, b->loc, "not supported yet: a clocked partition whose parts are joined only by inferred "
                              "factors (subSample(u), superSample(u), noClock) and not all reached by a clock "
                              "constructor (spec 16.7.4)");
        return false;
    }
    if (ncomps == 1) {   /* periods relative to the constructor's sub-partition */
        src = comps[first_comp].src;
        b->src_per = parts[comps[first_comp].src_root].per;
        b->src_off = parts[comps[first_comp].src_root].off;
    } else {   /* several: each in seconds, from its own rational clock (16.7.4: the factors between them inferred) */
        for (int q = first_comp; q >= 0; q = comps[q].next)
            if (!is_rational_clock(comps[q].src)) {
                mo_clk_err(c, comps[q].src->loc, "not supported yet: inferred sub-sampling factors (subSample(u), "
                                                 "superSample(u), noClock) between clocks that are not rational "
                                                 "clocks");
                return false;
            }
        for (int i = 0; i < nroots; i++) {
            part *p = &parts[roots[i]];
            const comp *q = &comps[p->comp - 1];
            mo_rat scale = mo_rat_div(mo_rat_make(q->src->a[0]->ival, q->src->a[1]->ival), parts[q->src_root].per);
            p->off = mo_rat_mul(mo_rat_sub(p->off, parts[q->src_root].off), scale);
            p->per = mo_rat_mul(p->per, scale);
        }
        src = comps[first_comp].src;   /* (its location) */
        b->src_per = (mo_rat){1, 1};
        b->src_off = (mo_rat){0, 1};
    }
    b->clock = src;
    mo_rat g = {0, 1};
    for (int i = 0; i < nroots; i++) {
        int v = roots[i];
        mo_rat o = mo_rat_sub(parts[v].off, b->src_off);
        if (o.n < 0) {
            mo_error(flat->vars.v[v].attr->loc, "the clock of '%s' starts before its base clock (spec 16.5.2)",
                     vname(c, v));
            c->errors++;
            return false;
        }
        g = mo_rat_gcd(g, parts[v].per);
        if (o.n)
            g = mo_rat_gcd(g, o);
    }
    if (!mo_rat_valid(g)) {
        mo_clk_err(c, b->loc, "the sub-sampling factors of this clocked partition overflow 64 bits (spec 16.7.4)");
        return false;
    }
    b->g = g;
    mo_loc loc = src->loc;
    mo_rat fine = mo_rat_div(g, b->src_per);   /* base ticks per tick of the constructor's clock */
    if (is_event_clock(flat, src)) {
        if (!(fine.n == 1 && fine.d == 1)) {
            mo_clk_err(c, src->loc, "an event clock cannot be super-sampled (spec 16.5.2)");
            return false;
        }
        b->cond = src->a[0];
        b->fine_interval = NULL;
        b->last = mo_clk_new_var(c, mo_sprintf("$clock%d.last", k + 1), MO_T_REAL, loc,
                          "the time of the last tick of an event clock (clocks.c)", mo_sym_num(loc, 0));
    } else {
        mo_expr *period = ncomps > 1 ? mo_sym_num(loc, 1)
                          : is_rational_clock(src) ? mo_clk_num(loc, mo_rat_make(src->a[0]->ival, src->a[1]->ival))
                          : src->a[0];
        if (!is_rational_clock(src)) {
            unsigned char *none = MO_NEWN(unsigned char, flat->vars.n + 1);   /* (once per Real clock) */
            for (int v = 0; v < flat->vars.n; v++)
                none[v] = flat->vars.v[v].variability > MO_VAR_PARAMETER;
            if (mo_sym_reads_any(period, none)) {
                mo_clk_err(c, src->a[0]->loc, "not supported yet: a clock whose interval changes while the model runs");
                return false;
            }
        }
        b->fine_interval = mo_sym_mul(period, mo_clk_num(loc, fine));
        /* the first tick at the simulation's start (16.3), which -startTime may move at run time */
        mo_expr **args = MO_NEWN(mo_expr *, 2);
        args[0] = mo_sym_call(loc, MO_START_TIME, 0, NULL);
        args[1] = b->fine_interval;
        b->cond = mo_sym_call(loc, "sample", 2, args);
    }
    /* the tick counter: for sub-partitions that skip ticks and firstTick() */
    b->counter = mo_clk_new_var(c, mo_sprintf("$clock%d.tick", k + 1), MO_T_INTEGER, loc,
                         "the ticks of a base clock so far, from 0 (clocks.c)", mo_expr_int(loc, -1));
    return true;
}

/* The inferred factors (subSample(u), superSample(u)) once the periods are known: whole numbers. */
static bool inferred_ok(ck *c, const part *parts)
{
    for (int i = 0; i < c->edges.n; i++) {
        const edge *g = &c->edges.v[i];
        const char *f = fn_name(g->op);
        bool sub = !strcmp(f, "subSample"), super = !strcmp(f, "superSample");
        if (!(sub || super) || g->op->a[1]->ival != 0)
            continue;
        const part *u = &parts[find(c->uf, g->u)], *y = &parts[find(c->uf, g->y)];
        mo_rat r = sub ? mo_rat_div(y->per, u->per) : mo_rat_div(u->per, y->per);
        if (r.d != 1 || r.n < 1 || !mo_rat_eq(u->off, y->off)) {
            mo_clk_err(c, g->op->loc, mo_sprintf("the inferred factor of %s is not a whole number: the clocks on "
                                                 "its two sides tick every %g s and %g s (spec 16.5.2)", f,
                                                 (double)u->per.n / (double)u->per.d,
                                                 (double)y->per.n / (double)y->per.d));
            return false;
        }
    }
    return true;
}

/* Does e use an operator of chapter 16 (sample of a clock included)? */
static bool uses_sync(const mo_flat *flat, const mo_expr *e)
{
    if (!e || e->kind == MO_EX_VAR)
        return e && e->var >= 0 && e->var < flat->vars.n && (flat->vars.v[e->var].flags & MO_FV_CLOCK);
    const char *f = fn_name(e);
    if (f && (clocked_sample(flat, e) || (strcmp(f, "sample") && mo_sync_op(f))))
        return true;
    for (int i = 0; i < e->n; i++)
        if (uses_sync(flat, e->a[i]))
            return true;
    return false;
}

bool mo_clocks_lower(mo_flat *flat)
{
    if (!flat->clocked)
        return true;
    int nv = flat->vars.n, neq = flat->eqs.n;
    ck c = {.flat = flat, .nv = nv};
    c.uf = MO_NEWN(int, nv + 1);
    c.buf = MO_NEWN(int, nv + 1);
    c.mark = MO_NEWN(unsigned char, nv + 1);
    c.eq_var = MO_NEWN(int, neq + 1);
    c.eq_clocked = MO_NEWN(unsigned char, neq + 1);
    c.clock_def = MO_NEWN(unsigned char, neq + 1);
    for (int v = 0; v < nv; v++)
        c.uf[v] = v;
    for (int i = 0; i < flat->initial_eqs.n; i++) {
        const mo_feq *q = &flat->initial_eqs.v[i];
        if (uses_sync(flat, q->lhs) || uses_sync(flat, q->rhs))
            mo_clk_err(&c, q->loc, "clocked variables and operators cannot be used in initial equations (spec 16.9)");
    }
    /* partitions (16.7.2, 16.7.3) */
    for (int i = 0; i < neq; i++) {
        const mo_feq *q = &flat->eqs.v[i];
        c.eq_var[i] = -1;
        if (mo_flat_is_clock(flat, q->lhs) || mo_flat_is_clock(flat, q->rhs)) {
            c.clock_def[i] = 1;
            clock_equation(&c, q);
            continue;
        }
        int s0 = c.sources.n, e0 = c.edges.n;
        c.cur = -1;
        c.cur_clocked = false;
        c.instance = q->instance;
        scan(&c, q->lhs);
        scan(&c, q->rhs);
        c.eq_var[i] = c.cur;
        c.eq_clocked[i] = c.cur_clocked;
        for (int k = s0; k < c.sources.n; k++)
            c.sources.v[k].var = c.cur;
        for (int k = e0; k < c.edges.n; k++)
            c.edges.v[k].y = c.cur;
        if (c.cur_clocked && c.cur < 0)
            mo_clk_err(&c, q->loc, "not supported yet: a clocked equation without unknowns");
    }
    if (c.errors)
        return false;
    for (int i = 0; i < neq; i++)
        if (c.eq_clocked[i])
            c.mark[find(c.uf, c.eq_var[i])] |= 1;
    for (int v = 0; v < nv; v++)
        if ((c.mark[v] & 2) || (flat->vars.v[v].flags & MO_FV_CLOCK))
            c.mark[find(c.uf, v)] |= 1;
    for (int v = 0; v < nv; v++)
        c.buf[v] = find(c.uf, v);
    for (int i = 0; i < c.edges.n; i++)
        unite(c.buf, c.edges.v[i].u, c.edges.v[i].y);
    unsigned char *bclocked = MO_NEWN(unsigned char, nv + 1);
    for (int v = 0; v < nv; v++)
        if (c.uf[v] == v && (c.mark[v] & 1))
            bclocked[find(c.buf, v)] = 1;
    for (int v = 0; v < nv; v++)
        if (c.uf[v] == v && bclocked[find(c.buf, v)])
            c.mark[v] |= 1;
    /* sub-clock inference (16.7.4): per base partition, (period, shift) of each sub-partition relative
     * to its first, along the sub-clock operators in both directions */
    part *parts = MO_NEWN(part, nv + 1);
    int *efirst = MO_NEWN(int, nv + 2), *eadj = MO_NEWN(int, 2 * c.edges.n + 1);
    for (int i = 0; i < c.edges.n; i++) {
        efirst[find(c.uf, c.edges.v[i].u) + 1]++;
        efirst[find(c.uf, c.edges.v[i].y) + 1]++;
    }
    for (int v = 0; v < nv; v++)
        efirst[v + 1] += efirst[v];
    int *fill = MO_NEWN(int, nv + 1);
    for (int i = 0; i < c.edges.n; i++) {
        int a = find(c.uf, c.edges.v[i].u), y = find(c.uf, c.edges.v[i].y);
        eadj[efirst[a] + fill[a]++] = i;
        eadj[efirst[y] + fill[y]++] = i;
    }
    MO_VEC(base) bases = {0};
    MO_VEC(comp) comps = {0};
    int *base_of = MO_NEWN(int, nv + 1);   /* base root -> index + 1 */
    int *queue = MO_NEWN(int, nv + 1);
    for (int r = 0; r < nv; r++) {
        if (c.uf[r] != r || !(c.mark[r] & 1) || parts[r].comp)
            continue;
        int br = find(c.buf, r);
        if (!base_of[br]) {
            base b = {.root = br, .loc = flat->vars.v[r].attr->loc, .last = -1};
            MO_PUSH(bases, b);
            base_of[br] = bases.n;
        }
        comp q = {base_of[br] - 1, -1, NULL, -1};
        MO_PUSH(comps, q);
        int ci = comps.n;
        parts[r] = (part){{1, 1}, {0, 1}, ci};
        int head = 0, tail = 0;
        queue[tail++] = r;
        while (head < tail) {
            int a = queue[head++];
            for (int k = efirst[a]; k < efirst[a + 1]; k++) {
                const edge *g = &c.edges.v[eadj[k]];
                int gu = find(c.uf, g->u), gy = find(c.uf, g->y);
                bool inverse = gy == a;
                int other = inverse ? gu : gy;
                part p;
                if (!relate(g->op, &parts[a], &p, inverse))
                    continue;
                p.comp = ci;
                if (!parts[other].comp) {
                    parts[other] = p;
                    queue[tail++] = other;
                } else if (!mo_rat_eq(parts[other].per, p.per) || !mo_rat_eq(parts[other].off, p.off)) {
                    mo_clk_err(&c, g->op->loc, "the sub-clocks of this partition are inconsistent: no clock satisfies "
                                               "all its sub-sampling factors (spec 16.7.4)");
                    return false;
                }
            }
        }
    }
    int *first_comp = MO_NEWN(int, bases.n + 1);
    for (int k = 0; k < bases.n; k++)
        first_comp[k] = -1;
    for (int q = comps.n - 1; q >= 0; q--) {
        comps.v[q].next = first_comp[comps.v[q].base];
        first_comp[comps.v[q].base] = q;
    }
    /* each component's constructor (consistent ones may repeat: rational clocks of equal periods) */
    for (int i = 0; i < c.sources.n; i++) {
        const source *s = &c.sources.v[i];
        if (s->var < 0)
            continue;
        int r = find(c.uf, s->var);
        comp *q = &comps.v[parts[r].comp - 1];
        if (is_solver_clock(flat, s->clock)) {
            bases.v[q->base].solver = true;
            if (!bases.v[q->base].method)
                bases.v[q->base].method = s->clock;
        }
        const mo_expr *kc = real_clock(flat, s->clock), *src = q->src;
        if (!kc || kc == src)
            continue;
        if (!src) {
            q->src = kc;
            q->src_root = r;
            continue;
        }
        if (is_rational_clock(kc) && is_rational_clock(src)) {   /* consistent periods (16.3.1) */
            mo_rat a = mo_rat_div(mo_rat_make(src->a[0]->ival, src->a[1]->ival), parts[q->src_root].per);
            mo_rat bb = mo_rat_div(mo_rat_make(kc->a[0]->ival, kc->a[1]->ival), parts[r].per);
            if (mo_rat_eq(a, bb) && mo_rat_eq(parts[r].off, parts[q->src_root].off))
                continue;
            mo_error(kc->loc, "this clock is not consistent with the other clock of its base partition (spec 16.3.1)");
        } else {
            mo_error(kc->loc, "a base partition has more than one clock (spec 16.3.1)");
        }
        mo_note(src->loc, "the other clock");
        return false;
    }
    for (int i = 0; i < c.solvers.n; i++) {
        int k = base_of[find(c.buf, c.solvers.v[i].var)] - 1;
        if (k >= 0) {
            bases.v[k].solver = true;
            if (!bases.v[k].method)
                bases.v[k].method = c.solvers.v[i].clock;
        }
    }
    unsigned char *located = MO_NEWN(unsigned char, bases.n + 1);   /* a base's location: its first equation */
    for (int i = 0; i < neq; i++) {
        int k = c.eq_var[i] >= 0 ? base_of[find(c.buf, c.eq_var[i])] - 1 : -1;
        if (k >= 0 && !located[k]) {
            located[k] = 1;
            bases.v[k].loc = flat->eqs.v[i].loc;
        }
    }
    groups gr = {MO_NEWN(int, bases.n + 2), NULL};   /* the roots of each base */
    for (int r = 0; r < nv; r++)
        if (c.uf[r] == r && parts[r].comp)
            gr.first[comps.v[parts[r].comp - 1].base + 1]++;
    for (int k = 0; k < bases.n; k++)
        gr.first[k + 1] += gr.first[k];
    gr.roots = MO_NEWN(int, gr.first[bases.n] + 1);
    int *gfill = MO_NEWN(int, bases.n + 1);
    for (int r = 0; r < nv; r++)
        if (c.uf[r] == r && parts[r].comp) {
            int k = comps.v[parts[r].comp - 1].base;
            gr.roots[gr.first[k] + gfill[k]++] = r;
        }
    for (int k = 0; k < bases.n; k++)
        if (!base_clock(&c, parts, &bases.v[k], k, comps.v, first_comp[k], &gr))
            return false;
    if (!inferred_ok(&c, parts))
        return false;
    if (!mo_clk_discretized(&c, bases.v, base_of))
        return false;
    mo_clk_sampled_ders(&c);
    c.ph = flat->vars.n;
    /* the equations and unknowns of each base partition, lowered */
    mo_int_vec *beqs = MO_NEWN(mo_int_vec, bases.n + 1), *bunk = MO_NEWN(mo_int_vec, bases.n + 1);
    unsigned char *drop = MO_NEWN(unsigned char, neq + 1);
    for (int i = 0; i < neq; i++) {
        if (c.clock_def[i]) {
            drop[i] = 1;
            continue;
        }
        int v = c.eq_var[i];
        if (v < 0 || !(c.mark[find(c.uf, v)] & 1))
            continue;
        drop[i] = 1;
        MO_PUSH(beqs[base_of[find(c.buf, v)] - 1], i);
    }
    for (int v = 0; v < nv; v++) {
        const mo_var *x = &flat->vars.v[v];
        if (!(x->flags & MO_FV_CLOCK) && x->variability > MO_VAR_PARAMETER && (c.mark[find(c.uf, v)] & 1) &&
            base_of[find(c.buf, v)])
            MO_PUSH(bunk[base_of[find(c.buf, v)] - 1], v);
    }
    for (int k = 0; k < bases.n; k++)
        if (beqs[k].n)
            mo_clk_lower_base(&c, parts, &bases.v[k], beqs[k].v, beqs[k].n, bunk[k].v, bunk[k].n);
    if (c.errors)
        return false;
    /* the unclocked equations: hold(x) is x */
    int m = 0;
    for (int i = 0; i < neq; i++) {
        if (drop[i])
            continue;
        mo_feq q = flat->eqs.v[i];
        if (uses_sync(flat, q.lhs) || uses_sync(flat, q.rhs)) {
            q.lhs = mo_clk_unclocked(&c, parts, q.lhs);
            q.rhs = mo_clk_unclocked(&c, parts, q.rhs);
        }
        flat->eqs.v[m++] = q;
    }
    flat->eqs.n = m;
    for (int i = 0; i < c.tick_eqs.n; i++)
        MO_PUSH(flat->eqs, c.tick_eqs.v[i]);
    for (int v = 0; v < nv; v++) {
        mo_var *x = &flat->vars.v[v];
        if (x->flags & MO_FV_CLOCK) {   /* its equations only defined clocks */
            x->variability = MO_VAR_CONSTANT;
            x->binding = mo_expr_bool(x->attr->loc, true);
            x->flags |= MO_PF_PROTECTED;
        }
    }
    return c.errors == 0 && mo_when_order(flat) == 0;
}
