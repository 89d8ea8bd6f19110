/*
 * statemachines.c - state machines (specification chapter 17) turned into clocked equations, the pass
 * before the clocks are lowered (clocks.c).
 *
 * Input: the flat model after mo_flat_unshare, with the transitions and initial states that
 * flatten_sm.c kept (mo_flat.transitions: states named by instance paths) and the calls activeState("p"),
 * ticksInState(), timeInState() in its equations. Output: the same model without them, where
 *   - the states coupled by transitions form one state machine each (one initialState each, distinct
 *     priorities among the transitions leaving a state), and each machine gets the variables and
 *     equations of the semantics model of 17.3.5 (StateMachineSemantics: selectedState, immediate,
 *     delayed, fired, activeState, activeReset, nextState, nextReset, activeResetStates[:],
 *     nextResetStates[:]), written with previous(), so that clock inference puts them in the partition of
 *     the states' equations. A top-level machine is active always and reset at its first tick
 *     (firstTick()); a machine inside a state P (17.3.7: all its states lie in P) is active while P is and
 *     reset when P is; a synchronize transition leaving P waits until every machine in P is in a final
 *     state (one no transition leaves);
 *   - each state s (an instance named in a transition) gets the Boolean $active(s) (its machine is active
 *     and its activeState is s's number) and $reset(s) (it is active and being reset: a reset transition,
 *     or its first activation after its machine was reset);
 *   - each equation of a state (one whose instance path is s or inside it, s the innermost such state) is
 *     solved for the variable matched to it (the state's own variables first, then outer ones: 17.3.5,
 *     "all equations for the variables defined in the state must be inside the state"), and the equations
 *     of one variable v in states s1, s2, ... (which no two can be active at once: in different states of
 *     one machine) become one (17.3.6):
 *         v = if $active(s1) then e1 elseif $active(s2) then e2 ... else previous(v)
 *     (a state's variables keep their values while it is inactive), and previous(x) of a variable x
 *     declared in state s, read in s or in a state inside s, is the start value of x while $reset(s)
 *     (17.3.4); an inner outer variable declared in a state is the variable of its outer part (17.3.7's
 *     example: the merged definitions of v at every level are one); outputs of states in one connection
 *     set are one signal, which the set's other members take from the active state (17.3.6);
 *   - der(x) in an equation of a state stands for a variable $der(x), solved and merged as the others,
 *     with der(x) = $der(x) added; x is integrated by clocks_lower.c (the partition's solverMethod, 16.8)
 *     only while a state that integrates it is active, from its start value at its own state's reset
 *     (flat->sm_integrated);
 *   - ticksInState() is the number of ticks since the state of the machine became active (1 at that
 *     tick), timeInState() the time since then; in the condition of an immediate transition both are
 *     those of the state the machine is in before the transition fires at this tick.
 * Not yet (located "not supported yet"): an equation of a state that is no explicit v = e and not linear in
 * a Real v, der() of an expression in a state, a when-equation in a state, the operators in initial
 * equations and asserts (and algorithm sections: flatten_sm.c); activeState(s) in a when-clause reads
 * $active(s).
 */
#include "daeutil.h"
#include "events.h"
#include "graph.h"
#include "sym.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct smstate {
    const char *path;         /* interned instance path */
    mo_loc loc;               /* where it is first named */
    int machine;
    int parent;               /* the state it lies in (a machine inside a state: 17.3.7), or -1 */
    int index;                /* its number in its machine, from 1 (the initial state) */
    int act, rst;             /* $active(s), $reset(s) */
} smstate;

enum { V_RESET, V_SEL, V_SELRESET, V_IMM, V_DEL, V_FIRED, V_ACT, V_ACTRESET, V_NEXT, V_NEXTRESET, V_TICKS,
       V_ENTERED, NV };

typedef struct machine {
    MO_VEC(int) states;       /* by number - 1 */
    MO_VEC(int) trans;        /* its transitions (flat->transitions), by priority descending: the
                               * transition of highest priority has the highest number (17.3.1) */
    int initial;              /* its initialState (flat->transitions), or -1 */
    int parent;               /* the state it lies in, or -1 (a top-level machine) */
    int v[NV];                /* its variables (V_ENTERED: -1 until timeInState needs it) */
    int *rs, *nrs;            /* activeResetStates, nextResetStates per state number - 1 */
} machine;

typedef struct integ { int x, state; } integ;   /* der(x) in an equation of the state */

typedef struct sm {
    mo_flat *flat;
    int nv0;                  /* variables before this pass */
    mo_map by_path;           /* interned path -> state + 1 */
    MO_VEC(smstate) states;
    MO_VEC(machine) machines;
    int *alias;               /* per variable before this pass: the inner part of an inner outer variable
                               * in a state -> its outer part (17.3.7), else -1; NULL when none */
    /* per variable x before this pass: the variable standing for der(x) in the equations of the states
     * x is integrated in, or -1; NULL when no state has der() */
    int *dof;
    MO_VEC(integ) integ;      /* der(x) in an equation of the state */
    unsigned char *is_d;      /* per variable (all of them, once the equations are rewritten): one of dof */
    int errors;
} sm;

static void err(sm *s, mo_loc loc, const char *msg)
{
    mo_error(loc, "%s", msg);
    s->errors++;
}

static int state_of(const sm *s, const char *path)
{
    return (int)(intptr_t)mo_map_get(&s->by_path, mo_intern_cstr(path)) - 1;
}

/* The innermost state that name (an instance path or a variable's name) is (unless proper) or lies in, or
 * -1. (Prefixes are interned: only models with state machines ask.) */
static int innermost(const sm *s, const char *name, bool proper)
{
    if (!s->states.n)
        return -1;
    size_t n = strlen(name);
    int depth = 0;   /* (a '.' inside subscripts cuts nothing) */
    if (!proper && n) {
        int k = (int)(intptr_t)mo_map_get(&s->by_path, mo_intern(name, n)) - 1;
        if (k >= 0)
            return k;
    }
    for (size_t i = n; i > 0; i--) {
        char ch = name[i - 1];
        depth += ch == ']' ? 1 : ch == '[' ? -1 : 0;
        if (ch != '.' || depth)
            continue;
        int k = (int)(intptr_t)mo_map_get(&s->by_path, mo_intern(name, i - 1)) - 1;
        if (k >= 0)
            return k;
    }
    return -1;
}

/* Is state st the state anc or inside it? */
static bool within(const sm *s, int st, int anc)
{
    for (; st >= 0; st = s->states.v[st].parent)
        if (st == anc)
            return true;
    return false;
}

/* Can states a and b be active at once? Not when they lie in two different states of one machine. */
static bool exclusive(const sm *s, int a, int b)
{
    for (int x = a; x >= 0; x = s->states.v[x].parent)
        for (int y = b; y >= 0; y = s->states.v[y].parent)
            if (x != y && s->states.v[x].machine == s->states.v[y].machine)
                return true;
    return false;
}

static mo_expr *var(int v) { return mo_expr_var((mo_loc){0}, v); }
static mo_expr *num(long long v) { return mo_expr_int((mo_loc){0}, v); }
static mo_expr *bin(mo_op op, mo_expr *a, mo_expr *b) { return mo_expr_binary((mo_loc){0}, op, a, b); }
static mo_expr *prev(mo_expr *a) { return mo_expr_call((mo_loc){0}, "previous", 1, &a); }
static mo_expr *ifx(mo_expr *c, mo_expr *t, mo_expr *e) { return mo_sym_if((mo_loc){0}, c, t, e); }

static void add_eq(sm *s, int v, mo_expr *rhs, mo_loc loc)
{
    mo_feq q = {loc, "", MO_ORIGIN_EQUATION, 0, var(v), rhs, NULL};
    MO_PUSH(s->flat->eqs, q);
}

static int new_var(sm *s, const char *name, mo_basetype type, mo_loc loc, long long start)
{
    mo_expr *st = type == MO_T_BOOLEAN ? mo_expr_bool(loc, start != 0) : type == MO_T_REAL ? mo_expr_real(loc, 0)
                                                                                            : num(start);
    return mo_flat_add_discrete(s->flat, name, type, loc, NULL, st);
}

/* ---- states and machines ---- */

static int add_state(sm *s, const char *path, mo_loc loc, int *uf)
{
    const char *key = mo_intern_cstr(path);
    int k = (int)(intptr_t)mo_map_get(&s->by_path, key) - 1;
    if (k >= 0)
        return k;
    smstate st = {key, loc, -1, -1, 0, -1, -1};
    MO_PUSH(s->states, st);
    uf[s->states.n - 1] = s->states.n - 1;
    mo_map_put(&s->by_path, key, (void *)(intptr_t)s->states.n);
    return s->states.n - 1;
}

static int uf_find(int *uf, int v)
{
    while (uf[v] != v)
        v = uf[v] = uf[uf[v]];
    return v;
}

static const mo_ftrans *tr(const sm *s, int t) { return &s->flat->transitions.v[t]; }

static bool build_machines(sm *s)
{
    mo_flat *flat = s->flat;
    int *uf = MO_NEWN(int, 2 * flat->transitions.n + 1);
    for (int i = 0; i < flat->transitions.n; i++) {
        const mo_ftrans *t = tr(s, i);
        int a = add_state(s, t->from, t->from_loc, uf);
        if (t->to) {
            int b = add_state(s, t->to, t->to_loc, uf);
            uf[uf_find(uf, a)] = uf_find(uf, b);
        }
    }
    int *mof = MO_NEWN(int, s->states.n);   /* per union-find root: machine + 1 */
    memset(mof, 0, sizeof(int) * (size_t)s->states.n);
    for (int i = 0; i < s->states.n; i++) {
        int r = uf_find(uf, i);
        if (!mof[r]) {
            machine m = {.initial = -1, .parent = -1};
            MO_PUSH(s->machines, m);
            mof[r] = s->machines.n;
        }
        s->states.v[i].machine = mof[r] - 1;
    }
    for (int i = 0; i < flat->transitions.n; i++) {
        const mo_ftrans *t = tr(s, i);
        machine *m = &s->machines.v[s->states.v[state_of(s, t->from)].machine];
        if (t->to) {
            MO_PUSH(m->trans, i);
        } else if (m->initial >= 0) {
            err(s, t->loc, mo_sprintf("a second initialState in the state machine of '%s' (spec 17.1: one and "
                                      "only one)", t->from));
            mo_note(tr(s, m->initial)->loc, "the first is here");
        } else
            m->initial = i;
    }
    for (int k = 0; k < s->machines.n; k++) {
        machine *m = &s->machines.v[k];
        if (m->initial < 0) {
            const mo_ftrans *t = tr(s, m->trans.v[0]);
            err(s, t->loc, mo_sprintf("the state machine of '%s' has no initialState (spec 17.1)", t->from));
            continue;
        }
        int init = state_of(s, tr(s, m->initial)->from);   /* the initial state is number 1 */
        MO_PUSH(m->states, init);
        for (int i = 0; i < s->states.n; i++)
            if (s->states.v[i].machine == k && i != init)
                MO_PUSH(m->states, i);
        for (int i = 0; i < m->states.n; i++)
            s->states.v[m->states.v[i]].index = i + 1;
        /* priority descending, in source order among equals (insertion: machines are small) */
        for (int i = 1; i < m->trans.n; i++)
            for (int j = i; j > 0 && tr(s, m->trans.v[j - 1])->priority < tr(s, m->trans.v[j])->priority; j--) {
                int x = m->trans.v[j];
                m->trans.v[j] = m->trans.v[j - 1];
                m->trans.v[j - 1] = x;
            }
        for (int i = 0; i < m->trans.n; i++)
            for (int j = i + 1; j < m->trans.n; j++) {
                const mo_ftrans *a = tr(s, m->trans.v[i]), *b = tr(s, m->trans.v[j]);
                if (a->priority == b->priority && a->from == b->from) {
                    err(s, b->loc, mo_sprintf("two transitions from '%s' have the priority %d (spec 17.1: the "
                                              "transitions leaving a state have different priorities)",
                                              b->from, b->priority));
                    mo_note(a->loc, "the other is here");
                }
            }
    }
    for (int i = 0; i < s->states.n; i++) {   /* a machine inside a state: all its states in that one */
        smstate *st = &s->states.v[i];
        machine *m = &s->machines.v[st->machine];
        st->parent = innermost(s, st->path, true);
        if (m->states.n && i == m->states.v[0])
            m->parent = st->parent;
    }
    for (int i = 0; i < s->states.n; i++) {
        const smstate *st = &s->states.v[i];
        const machine *m = &s->machines.v[st->machine];
        if (m->states.n && st->parent != m->parent) {
            err(s, st->loc, mo_sprintf("the state '%s' lies in %s%s%s but the initial state of its state machine "
                                       "in %s%s%s (spec 17.3.7: a state machine is inside one state)", st->path,
                                       st->parent < 0 ? "no state" : "'", st->parent < 0 ? "" : s->states.v[st->parent].path,
                                       st->parent < 0 ? "" : "'", m->parent < 0 ? "no state" : "'",
                                       m->parent < 0 ? "" : s->states.v[m->parent].path, m->parent < 0 ? "" : "'"));
            return false;
        }
    }
    return !s->errors;
}

/* The variables of machine m and of its states. */
static void machine_vars(sm *s, int k)
{
    machine *m = &s->machines.v[k];
    static const char *const names[NV] = {"reset", "selectedState", "selectedReset", "immediate", "delayed",
                                          "fired", "activeState", "activeReset", "nextState", "nextReset",
                                          "ticksInState", "enteredAt"};
    static const unsigned char types[NV] = {MO_T_BOOLEAN, MO_T_INTEGER, MO_T_BOOLEAN, MO_T_INTEGER,
                                            MO_T_INTEGER, MO_T_INTEGER, MO_T_INTEGER, MO_T_BOOLEAN,
                                            MO_T_INTEGER, MO_T_BOOLEAN, MO_T_INTEGER, MO_T_REAL};
    const mo_ftrans *init = tr(s, m->initial);
    for (int i = 0; i < V_ENTERED; i++)
        m->v[i] = new_var(s, mo_sprintf("$sm(%s).%s", init->from, names[i]), types[i], init->loc,
                          i == V_SEL || i == V_NEXT);
    m->v[V_ENTERED] = -1;
    m->rs = MO_NEWN(int, m->states.n);
    m->nrs = MO_NEWN(int, m->states.n);
    for (int i = 0; i < m->states.n; i++) {
        smstate *st = &s->states.v[m->states.v[i]];
        m->rs[i] = new_var(s, mo_sprintf("$sm(%s).activeResetStates[%d]", init->from, i + 1), MO_T_BOOLEAN,
                           init->loc, 0);
        m->nrs[i] = new_var(s, mo_sprintf("$sm(%s).nextResetStates[%d]", init->from, i + 1), MO_T_BOOLEAN,
                            init->loc, 0);
        st->act = new_var(s, mo_sprintf("$active(%s)", st->path), MO_T_BOOLEAN, st->loc, 0);
        st->rst = new_var(s, mo_sprintf("$reset(%s)", st->path), MO_T_BOOLEAN, st->loc, 0);
    }
}

/* ---- the operators in expressions ---- */

typedef struct qctx {
    int state;                /* the innermost state of the equation, or -1 */
    int machine;              /* the machine of ticksInState(), timeInState(), or -1 */
    bool selected;            /* a condition of an immediate transition: of the state selected before it */
    const char *where;        /* not NULL: no operator is allowed here (the place, for the message) */
} qctx;

static mo_expr *sample_time(void)
{
    mo_expr *t = mo_expr_new(MO_EX_TIME, (mo_loc){0});
    return mo_expr_call((mo_loc){0}, "sample", 1, &t);
}

static mo_expr *ticks_or_time(sm *s, const qctx *c, const mo_expr *e, bool time)
{
    machine *m = &s->machines.v[c->machine];
    const int *v = m->v;
    if (time && v[V_ENTERED] < 0)
        m->v[V_ENTERED] = new_var(s, mo_sprintf("$sm(%s).enteredAt", tr(s, m->initial)->from), MO_T_REAL, e->loc, 0);
    if (!c->selected)
        return time ? bin(MO_OP_SUB, sample_time(), var(v[V_ENTERED])) : var(v[V_TICKS]);
    /* before this tick's transition: the selected state's count with this tick, or time since its entry;
     * an inner machine whose enclosing state is entered again (its count was 0 while it was inactive)
     * starts both again, as the equations of V_TICKS and V_ENTERED do after the transition */
    mo_expr *again = var(v[V_RESET]);
    if (m->parent >= 0)
        again = bin(MO_OP_OR, again, bin(MO_OP_EQ, prev(var(v[V_TICKS])), num(0)));
    return ifx(again, time ? mo_expr_real(e->loc, 0) : num(1),
               time ? bin(MO_OP_SUB, sample_time(), prev(var(v[V_ENTERED])))
                    : bin(MO_OP_ADD, prev(var(v[V_TICKS])), num(1)));
}

/* e with the operators replaced (copied where something changes); NULL after an error. Recursion over
 * one expression's depth. */
typedef struct rw_ctx { sm *s; const qctx *c; } rw_ctx;
static mo_expr *rewrite_operand(void *ctx, const mo_expr *x);

/* v, or the outer part that stands for it (an inner outer variable's inner part in a state) */
static int unalias(const sm *s, int v)
{
    return s->alias && v >= 0 && v < s->nv0 && s->alias[v] >= 0 ? s->alias[v] : v;
}

/* der(x) in an equation of a state: a variable that stands for it, $der(x), which the equations of the
 * states that integrate x are solved for (merged as any variable's, 17.3.6); x itself is integrated by
 * clocks_lower.c, guarded by those states (add_ders). */
static mo_expr *der_in_state(sm *s, const qctx *c, const mo_expr *e)
{
    const mo_expr *a = e->a[0];
    if (a->kind != MO_EX_VAR || a->var < 0 || a->var >= s->nv0 || s->flat->vars.v[a->var].type != MO_T_REAL) {
        err(s, e->loc, "not supported yet: der() of an expression in a state of a state machine (der(x) of a "
                       "variable x is)");
        return NULL;
    }
    int x = unalias(s, a->var);
    if (!s->dof) {
        s->dof = MO_NEWN(int, s->nv0);
        for (int v = 0; v < s->nv0; v++)
            s->dof[v] = -1;
    }
    if (s->dof[x] < 0)
        s->dof[x] = new_var(s, mo_sprintf("$der(%s)", s->flat->vars.v[x].name), MO_T_REAL, e->loc, 0);
    bool known = false;   /* (a variable is integrated in few states) */
    for (int i = 0; i < s->integ.n && !known; i++)
        known = s->integ.v[i].x == x && s->integ.v[i].state == c->state;
    if (!known) {
        integ p = {x, c->state};
        MO_PUSH(s->integ, p);
    }
    return var(s->dof[x]);
}

/* The equations der(x) = $der(x) of the variables integrated in states, unguarded (the guard is on the
 * integration: mo_sm_integ). */
static void add_ders(sm *s)
{
    for (int i = 0; i < s->integ.n; i++) {
        int x = s->integ.v[i].x, st = s->integ.v[i].state;
        if (s->dof[x] < 0)
            continue;
        mo_expr *active = var(s->states.v[st].act);
        for (int j = i + 1; j < s->integ.n; j++)
            if (s->integ.v[j].x == x)
                active = bin(MO_OP_OR, active, var(s->states.v[s->integ.v[j].state].act));
        int home = innermost(s, s->flat->vars.v[x].name, true);
        mo_sm_integ g = {x, active, home >= 0 && within(s, st, home) ? s->states.v[home].rst : -1};
        MO_PUSH(s->flat->sm_integrated, g);
        mo_loc loc = s->flat->vars.v[s->dof[x]].attr->loc;   /* (the first der(x) in a state) */
        mo_expr *d = mo_expr_new(MO_EX_DER, loc);
        d->n = 1;
        d->a = MO_NEWN(mo_expr *, 1);
        d->a[0] = var(x);
        mo_feq q = {loc, "", MO_ORIGIN_EQUATION, 0, d, var(s->dof[x]), NULL};
        MO_PUSH(s->flat->eqs, q);
        s->dof[x] = -1;   /* (done) */
    }
}

static mo_expr *rewrite(sm *s, const qctx *c, mo_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == MO_EX_VAR)
        return unalias(s, e->var) == e->var ? e : var(unalias(s, e->var));
    const char *f = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    bool active = f && !strcmp(f, MO_SM_ACTIVE), ticks = f && !strcmp(f, MO_SM_TICKS), time = f && !strcmp(f, MO_SM_TIME);
    if (active || ticks || time) {
        if (c->where) {
            err(s, e->loc, mo_sprintf("not supported yet: %s in %s (state machines, spec chapter 17)", f, c->where));
            return NULL;
        }
        if (active) {
            int k = state_of(s, e->a[0]->str);
            if (k < 0) {
                err(s, e->loc, mo_sprintf("'%s' is no state of a state machine: the argument of activeState must "
                                          "be one (spec 17.1)", e->a[0]->str));
                return NULL;
            }
            return var(s->states.v[k].act);
        }
        if (c->machine < 0) {
            err(s, e->loc, mo_sprintf("%s can only be used in a state of a state machine or in the condition of a "
                                      "transition (spec 17.1)", f));
            return NULL;
        }
        return ticks_or_time(s, c, e, time);
    }
    if (f && !strcmp(f, "previous") && e->n == 1 && e->a[0]->kind == MO_EX_VAR && e->a[0]->var < s->nv0) {
        /* a variable of this state (or of one it lies in), read in it: its start value at a reset */
        int xv = unalias(s, e->a[0]->var);
        if (xv != e->a[0]->var)
            e = prev(var(xv));
        if (c->state < 0)
            return e;
        const mo_var *x = &s->flat->vars.v[xv];
        int home = innermost(s, x->name, true);
        if (home >= 0 && within(s, c->state, home)) {
            mo_expr *start = x->attr->start ? x->attr->start
                             : x->type == MO_T_BOOLEAN ? mo_expr_bool(e->loc, false)
                             : x->type == MO_T_REAL ? mo_expr_real(e->loc, 0) : num(x->type == MO_T_ENUM);
            return ifx(var(s->states.v[home].rst), start, e);
        }
        return e;
    }
    if (e->kind == MO_EX_DER && c->state >= 0)
        return der_in_state(s, c, e);
    rw_ctx rc = {s, c};
    return mo_dae_map_operands(e, rewrite_operand, &rc);
}

static mo_expr *rewrite_operand(void *ctx, const mo_expr *x)
{
    rw_ctx *rc = ctx;
    return rewrite(rc->s, rc->c, (mo_expr *)x);
}

/* The operators outside the model's equations: in a when-clause (not clocked: one in a clocked when-clause
 * is an equation), activeState(s) reads $active(s); a when-clause in a state is not done (its equations
 * would go on while the state is suspended), nor an algorithm section (its when-statements and
 * assignments alike); the operators are refused in initial equations and asserts. */
static void operators_elsewhere(sm *s)
{
    mo_flat *flat = s->flat;
    qctx no = {-1, -1, false, "an initial equation"}, top = {-1, -1, false, NULL};
    for (int i = 0; i < flat->initial_eqs.n; i++)
        if (!rewrite(s, &no, flat->initial_eqs.v[i].lhs) || !rewrite(s, &no, flat->initial_eqs.v[i].rhs))
            return;
    for (int i = 0; i < flat->whens.n; i++) {
        mo_fwhen *w = &flat->whens.v[i];
        int st = innermost(s, w->instance, false);
        if (st >= 0) {
            err(s, w->loc, mo_sprintf("not supported yet: a when-equation in the state '%s' of a state machine (use a "
                                      "clocked equation there, spec 17.1)", s->states.v[st].path));
            return;
        }
        for (int k = 0; k < w->nbranches; k++) {
            mo_wbranch *br = &w->branches[k];
            if (!(br->cond = rewrite(s, &top, br->cond)))
                return;
            for (int j = 0; j < br->body.n; j++) {
                mo_wstmt *x = &br->body.v[j];
                if ((x->lhs && !(x->lhs = rewrite(s, &top, x->lhs))) || (x->rhs && !(x->rhs = rewrite(s, &top, x->rhs))))
                    return;
            }
        }
    }
    /* algorithm sections are not part of the states (they would run regardless); an initial one runs once */
    for (int i = 0; i < flat->algs.n; i++) {
        int st = flat->algs.v[i].initial ? -1 : innermost(s, flat->algs.v[i].instance, false);
        if (st >= 0) {
            err(s, flat->algs.v[i].loc, mo_sprintf("not supported yet: an algorithm section in the state '%s' of a "
                                                   "state machine (it would run while the state is inactive; use "
                                                   "clocked equations there, spec 17.1)", s->states.v[st].path));
            return;
        }
    }
    no.where = "an assert";
    for (int i = 0; i < flat->asserts.n; i++)
        if (!rewrite(s, &no, flat->asserts.v[i].rhs))
            return;
}

/* ---- the equations of the states ---- */

/* Could equation side e determine variable v of state st? Not through previous(), not a parameter or a
 * clock, not an input of the state itself (its context gives it). */
static void candidates(const sm *s, const mo_expr *e, int st, mo_int_vec *out)
{
    if (!e)
        return;
    if (e->kind == MO_EX_VAR) {
        if (e->var < 0 || (e->var >= s->nv0 && !(s->is_d && s->is_d[e->var])) ||
            (e->var < s->nv0 && s->dof && s->dof[e->var] >= 0))   /* (x integrated: its der(x) instead) */
            return;
        const mo_var *x = &s->flat->vars.v[e->var];
        if (x->variability <= MO_VAR_PARAMETER || (x->flags & MO_FV_CLOCK))
            return;
        size_t n = strlen(s->states.v[st].path);
        if ((x->flags & MO_PF_INPUT) && !strncmp(x->name, s->states.v[st].path, n) && x->name[n] == '.' &&
            !strchr(x->name + n + 1, '.'))
            return;
        for (int i = 0; i < out->n; i++)
            if (out->v[i] == e->var)
                return;
        MO_PUSH(*out, e->var);
        return;
    }
    const char *f = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    if (f && !strcmp(f, "previous"))
        return;
    for (int i = 0; i < e->n; i++)
        candidates(s, e->a[i], st, out);
}

typedef struct seq {          /* an equation of a state */
    int eq, state;
    int var;                  /* the variable it is solved for */
    mo_expr *sol;
} seq;

static int cmp_seq(const void *pa, const void *pb)
{
    const seq *a = pa, *b = pb;
    return a->var != b->var ? (a->var > b->var) - (a->var < b->var) : (a->eq > b->eq) - (a->eq < b->eq);
}

/* Does e read v at this tick (not through previous())? */
static bool reads_now(const mo_expr *e, int v)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_VAR)
        return e->var == v;
    const char *f = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    if (f && !strcmp(f, "previous"))
        return false;
    for (int i = 0; i < e->n; i++)
        if (reads_now(e->a[i], v))
            return true;
    return false;
}

/* e with previous(v) replaced by the variable p (copied where something changes) */
typedef struct prev_ctx { int v, p; } prev_ctx;

static mo_expr *prev_as(void *ctx, const mo_expr *e)
{
    const prev_ctx *pc = ctx;
    const char *f = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    if (f && !strcmp(f, "previous") && e->n == 1 && e->a[0]->kind == MO_EX_VAR && e->a[0]->var == pc->v)
        return var(pc->p);
    return mo_dae_map_operands(e, prev_as, ctx);
}

/* Equation f solved for the Real v when it is linear in v (previous(v) a known value), or NULL. */
static mo_expr *solve(sm *s, const mo_feq *f, int v)
{
    prev_ctx pc = {v, s->flat->vars.n};   /* (p: a number no variable has) */
    int p = pc.p;
    mo_expr *sol = mo_solve_for(prev_as(&pc, f->lhs), prev_as(&pc, f->rhs), v);
    if (!sol)
        return NULL;
    mo_expr **sub = MO_NEWN(mo_expr *, p + 1);
    memset(sub, 0, sizeof(mo_expr *) * (size_t)(p + 1));
    sub[p] = prev(var(v));
    return mo_expr_subst(sol, sub);
}

/* Match the equations q[0 .. nq) of one state to variables: the state's own variables first (phase 0),
 * then any; then solve each for its variable. */
static void match_state(sm *s, seq *q, int nq, int *local)
{
    mo_int_vec ee = {0}, ev = {0}, cand = {0}, vars = {0};
    int st = q[0].state;
    for (int i = 0; i < nq; i++) {   /* the candidates, numbered locally (local[v]: -1 outside this call) */
        const mo_feq *f = &s->flat->eqs.v[q[i].eq];
        cand.n = 0;
        candidates(s, f->lhs, st, &cand);
        candidates(s, f->rhs, st, &cand);
        for (int j = 0; j < cand.n; j++) {
            int v = cand.v[j];
            if (local[v] < 0) {
                local[v] = vars.n;
                MO_PUSH(vars, v);
            }
            MO_PUSH(ee, i);
            MO_PUSH(ev, local[v]);
        }
    }
    int *var_of_eq = MO_NEWN(int, nq + 1), *eq_of_var = MO_NEWN(int, vars.n + 1);
    for (int i = 0; i < nq; i++)
        var_of_eq[i] = -1;
    for (int v = 0; v < vars.n; v++)
        eq_of_var[v] = -1;
    mo_int_vec pe = {0}, pv = {0};   /* phase 0: the edges to the state's own variables */
    for (int j = 0; j < ee.n; j++)   /* ($der(x) is the own variable of each state that integrates x) */
        if (innermost(s, s->flat->vars.v[vars.v[ev.v[j]]].name, true) == st || (s->is_d && s->is_d[vars.v[ev.v[j]]])) {
            MO_PUSH(pe, ee.v[j]);
            MO_PUSH(pv, ev.v[j]);
        }
    mo_graph g0 = mo_graph_build(nq, vars.n, pe.v, pv.v, pe.n);
    mo_match(&g0, NULL, var_of_eq, eq_of_var, 0);
    mo_graph g = mo_graph_build(nq, vars.n, ee.v, ev.v, ee.n);
    mo_match(&g, NULL, var_of_eq, eq_of_var, 1);
    for (int i = 0; i < vars.n; i++)
        local[vars.v[i]] = -1;
    for (int i = 0; i < nq; i++) {
        const mo_feq *f = &s->flat->eqs.v[q[i].eq];
        int v = q[i].var = var_of_eq[i] < 0 ? -1 : vars.v[var_of_eq[i]];
        if (v < 0) {
            err(s, f->loc, mo_sprintf("this equation of the state '%s' determines no variable of its own (spec "
                                      "17.1: the equations of a state are those of its variables)",
                                      s->states.v[st].path));
            continue;
        }
        mo_expr *sol = f->lhs->kind == MO_EX_VAR && f->lhs->var == v ? f->rhs
                       : f->rhs->kind == MO_EX_VAR && f->rhs->var == v ? f->lhs
                       : s->flat->vars.v[v].type == MO_T_REAL ? solve(s, f, v) : NULL;
        if (!sol || reads_now(sol, v)) {
            err(s, f->loc, mo_sprintf("not supported yet: an equation of the state '%s' that is not solved for "
                                      "'%s' (write it as %s = expression)", s->states.v[st].path,
                                      s->flat->vars.v[v].name, s->flat->vars.v[v].name));
            continue;
        }
        q[i].sol = sol;
    }
}

static int cmp_state(const void *pa, const void *pb)
{
    const seq *a = pa, *b = pb;
    return a->state != b->state ? (a->state > b->state) - (a->state < b->state) : (a->eq > b->eq) - (a->eq < b->eq);
}

static bool match_states(sm *s, seq *q, int nq)
{
    mo_qsort(q, (size_t)nq, sizeof *q, cmp_state);
    int nv = s->flat->vars.n, *local = MO_NEWN(int, nv + 1);
    for (int v = 0; v < nv; v++)
        local[v] = -1;
    for (int i = 0, j; i < nq; i = j) {
        for (j = i + 1; j < nq && q[j].state == q[i].state; j++)
            ;
        match_state(s, q + i, j - i, local);
    }
    return !s->errors;
}

typedef MO_VEC(mo_feq) feq_vec;

/* Outputs of several states in one connection set (17.3.6, "merging connections to outputs"): instead of
 * the equalities between the set's members, its other members take the output of the active state,
 *     u1 = if $active(s1) then y1 elseif $active(s2) then y2 ... else previous(u1);  u2 = u1; ...
 * (the states' outputs y1, y2 keep their own guarded equations). owner[v]: the state whose output v is,
 * or -1. The connects are those written outside the states (inside false) or inside them (true: the
 * states of a machine inside a state, whose outputs are connected there). The equalities are marked in
 * drop, the new equations appended to *add. */
static bool merge_outputs(sm *s, const int *owner, bool inside, unsigned char *drop, feq_vec *add)
{
    mo_flat *flat = s->flat;
    int nv = flat->vars.n, *uf = MO_NEWN(int, nv), *nown = MO_NEWN(int, nv);
    unsigned char *inset = MO_NEWN(unsigned char, nv), *cand = MO_NEWN(unsigned char, flat->eqs.n);
    for (int v = 0; v < nv; v++) {
        uf[v] = v;
        nown[v] = inset[v] = 0;
    }
    bool any = false;
    for (int i = 0; i < flat->eqs.n; i++) {
        const mo_feq *f = &flat->eqs.v[i];
        cand[i] = f->origin == MO_ORIGIN_CONNECT_EQUAL && f->lhs->kind == MO_EX_VAR && f->rhs->kind == MO_EX_VAR &&
                  f->lhs->var < nv && f->rhs->var < nv && (innermost(s, f->instance, false) >= 0) == inside;
        if (!cand[i])
            continue;
        inset[f->lhs->var] = inset[f->rhs->var] = 1;
        uf[uf_find(uf, f->lhs->var)] = uf_find(uf, f->rhs->var);
        any = true;
    }
    if (!any)
        return true;
    for (int v = 0; v < nv; v++)
        if (inset[v] && owner[v] >= 0)
            nown[uf_find(uf, v)]++;
    for (int i = 0; i < flat->eqs.n; i++)
        if (cand[i] && nown[uf_find(uf, flat->eqs.v[i].lhs->var)] >= 2)
            drop[i] = 1;
    for (int r = 0; r < nv; r++) {
        if (nown[r] < 2 || uf_find(uf, r) != r)
            continue;
        mo_int_vec outs = {0}, others = {0};
        for (int v = 0; v < nv; v++)
            if (inset[v] && uf_find(uf, v) == r)
                MO_PUSH(*(owner[v] >= 0 ? &outs : &others), v);
        mo_loc loc = flat->vars.v[outs.v[0]].attr->loc;
        for (int a = 0; a < outs.n; a++)
            for (int b = a + 1; b < outs.n; b++)
                if (!exclusive(s, owner[outs.v[a]], owner[outs.v[b]])) {
                    err(s, loc, mo_sprintf("the outputs '%s' and '%s' are connected, and their states can be active "
                                           "at the same time (spec 17.3.6)", flat->vars.v[outs.v[a]].name,
                                           flat->vars.v[outs.v[b]].name));
                    return false;
                }
        if (!others.n)
            continue;
        int u = others.v[0];
        mo_expr *rhs = prev(var(u));
        for (int k = outs.n - 1; k >= 0; k--)
            rhs = ifx(var(s->states.v[owner[outs.v[k]]].act), var(outs.v[k]), rhs);
        for (int k = 0; k < others.n; k++) {
            mo_feq e = {loc, "", MO_ORIGIN_EQUATION, 0, var(others.v[k]), k ? var(u) : rhs, NULL};
            MO_PUSH(*add, e);
        }
    }
    return true;
}

/* The equations of the states, one per variable, guarded by the states' activity (17.3.6). */
/* Per variable: the state of which it is an output, by its declaration (an output declared in state s or
 * in a component of s), when s lies in another state (a machine inside a state: 17.3.7), else -1. */
static int *inner_outputs(const sm *s)
{
    int nv = s->flat->vars.n, *owner = MO_NEWN(int, nv);
    for (int v = 0; v < nv; v++) {
        const mo_var *x = &s->flat->vars.v[v];
        int st = v < s->nv0 && (x->flags & MO_PF_OUTPUT) ? innermost(s, x->name, true) : -1;
        owner[v] = st >= 0 && s->states.v[st].parent >= 0 ? st : -1;
    }
    return owner;
}

static bool guard_states(sm *s)
{
    mo_flat *flat = s->flat;
    MO_VEC(seq) q = {0};
    unsigned char *drop = MO_NEWN(unsigned char, flat->eqs.n);
    memset(drop, 0, (size_t)flat->eqs.n);
    feq_vec add = {0};
    /* outputs of the states of a machine inside a state connected there: merged, their connects no
     * equations of the state around them */
    if (s->machines.n > 1 && !merge_outputs(s, inner_outputs(s), true, drop, &add))
        return false;
    for (int i = 0; i < flat->eqs.n; i++) {
        const mo_feq *f = &flat->eqs.v[i];
        int st = innermost(s, f->instance, false);
        /* the binding of an input of the state itself (S a(u = 3)) gives the state its input from outside,
         * as an equation a.u = 3 beside the machine would: not one of the state's equations */
        if (st >= 0 && f->origin == MO_ORIGIN_BINDING && f->lhs && f->lhs->kind == MO_EX_VAR &&
            (flat->vars.v[f->lhs->var].flags & MO_PF_INPUT) && !strcmp(f->instance, s->states.v[st].path))
            st = -1;
        if (st >= 0 && !drop[i]) {
            seq x = {i, st, -1, NULL};
            MO_PUSH(q, x);
        }
    }
    if (s->dof) {   /* the variables that stand for der(x) are the states' own */
        s->is_d = MO_NEWN(unsigned char, flat->vars.n);
        memset(s->is_d, 0, (size_t)flat->vars.n);
        for (int x = 0; x < s->nv0; x++)
            if (s->dof[x] >= 0)
                s->is_d[s->dof[x]] = 1;
    }
    if (q.n && !match_states(s, q.v, q.n))
        return false;
    mo_qsort(q.v, (size_t)q.n, sizeof *q.v, cmp_seq);
    for (int i = 0, j; i < q.n; i = j) {
        int v = q.v[i].var;
        for (j = i + 1; j < q.n && q.v[j].var == v; j++) {
            int a = q.v[i].state, b = q.v[j].state;
            if (!exclusive(s, a, b)) {
                err(s, flat->eqs.v[q.v[j].eq].loc,
                    mo_sprintf("'%s' is defined in the states '%s' and '%s', which can be active at the same time "
                               "(spec 17: one definition of a variable at a tick)", flat->vars.v[v].name,
                               s->states.v[a].path, s->states.v[b].path));
                return false;
            }
        }
        /* v = if $active(s1) then e1 elseif ... else previous(v), built from the last branch */
        mo_expr *p = prev(var(v));
        int home = innermost(s, flat->vars.v[v].name, true);
        qctx c = {home, -1, false, NULL};
        mo_expr *rhs = home >= 0 ? rewrite(s, &c, p) : p;
        for (int k = j - 1; k >= i; k--)
            rhs = ifx(var(s->states.v[q.v[k].state].act), q.v[k].sol, rhs);
        mo_feq *f = &flat->eqs.v[q.v[i].eq];
        f->lhs = var(v);
        f->rhs = rhs;
        for (int k = i + 1; k < j; k++)
            drop[q.v[k].eq] = 1;
    }
    int *owner = MO_NEWN(int, flat->vars.n);   /* the state whose equation defines each variable */
    for (int v = 0; v < flat->vars.n; v++)
        owner[v] = -1;
    for (int i = 0; i < q.n; i++)
        if (owner[q.v[i].var] < 0)
            owner[q.v[i].var] = q.v[i].state;
    if (!merge_outputs(s, owner, false, drop, &add))
        return false;
    int n = 0;
    for (int i = 0; i < flat->eqs.n; i++)
        if (!drop[i])
            flat->eqs.v[n++] = flat->eqs.v[i];
    flat->eqs.n = n;
    for (int i = 0; i < add.n; i++)
        MO_PUSH(flat->eqs, add.v[i]);
    return true;
}

/* ---- the semantics model of 17.3.5 for one machine ---- */

/* Is machine k in a final state (one no transition leaves)? */
static mo_expr *in_final(sm *s, int k)
{
    const machine *m = &s->machines.v[k];
    mo_expr *e = mo_expr_bool((mo_loc){0}, false);
    for (int i = 0; i < m->states.n; i++) {
        bool leaves = false;
        for (int j = 0; j < m->trans.n && !leaves; j++)
            leaves = state_of(s, tr(s, m->trans.v[j])->from) == m->states.v[i];
        if (!leaves)
            e = bin(MO_OP_OR, e, bin(MO_OP_EQ, var(m->v[V_ACT]), num(i + 1)));
    }
    return e;
}

static void machine_eqs(sm *s, int k)
{
    machine *m = &s->machines.v[k];
    const int *v = m->v;
    mo_loc loc = tr(s, m->initial)->loc;
    /* a top-level machine is always active and reset at its first tick; one inside a state P while P is
     * active, and reset with P */
    bool top = m->parent < 0;
    mo_expr *active = top ? mo_expr_bool(loc, true) : var(s->states.v[m->parent].act);
    add_eq(s, v[V_RESET], top ? mo_expr_call(loc, "firstTick", 0, NULL) : var(s->states.v[m->parent].rst), loc);
    add_eq(s, v[V_SEL], ifx(var(v[V_RESET]), num(1), prev(var(v[V_NEXT]))), loc);
    add_eq(s, v[V_SELRESET], bin(MO_OP_OR, var(v[V_RESET]), prev(var(v[V_NEXTRESET]))), loc);
    /* the conditions, with the queries of ticks and time of the state they leave */
    mo_expr *imm = num(0), *del = num(0), *to = var(v[V_SEL]), *rst = var(v[V_SELRESET]);
    for (int i = 0; i < m->trans.n; i++) {   /* ascending priority: the last test made is the first */
        const mo_ftrans *t = tr(s, m->trans.v[i]);
        qctx c = {-1, k, t->immediate, NULL};
        mo_expr *cond = rewrite(s, &c, t->cond);
        if (!cond)
            return;
        if (t->synchronize)   /* once every machine inside the state left is in a final state (17.1) */
            for (int j = 0; j < s->machines.n; j++)
                if (s->machines.v[j].parent == state_of(s, t->from))
                    cond = bin(MO_OP_AND, cond, in_final(s, j));
        int from = s->states.v[state_of(s, t->from)].index;
        mo_expr *fire = bin(MO_OP_AND, bin(MO_OP_EQ, var(v[t->immediate ? V_SEL : V_NEXT]), num(from)), cond);
        if (t->immediate)
            imm = ifx(fire, num(i + 1), imm);
        else
            del = ifx(fire, num(i + 1), del);
        mo_expr *is = bin(MO_OP_EQ, var(v[V_FIRED]), num(i + 1));
        to = ifx(is, num(s->states.v[state_of(s, t->to)].index), to);
        rst = ifx(is, mo_expr_bool(t->loc, t->reset), rst);
    }
    add_eq(s, v[V_IMM], imm, loc);
    add_eq(s, v[V_DEL], del, loc);
    mo_expr *mx[2] = {prev(var(v[V_DEL])), var(v[V_IMM])};
    add_eq(s, v[V_FIRED], mo_expr_call(loc, "max", 2, mx), loc);
    add_eq(s, v[V_ACT], ifx(var(v[V_RESET]), num(1), to), loc);
    add_eq(s, v[V_ACTRESET], bin(MO_OP_OR, var(v[V_RESET]), rst), loc);
    add_eq(s, v[V_NEXT], ifx(active, var(v[V_ACT]), prev(var(v[V_NEXT]))), loc);
    add_eq(s, v[V_NEXTRESET], bin(MO_OP_AND, mo_expr_unary(loc, MO_OP_NOT, active), prev(var(v[V_NEXTRESET]))), loc);
    for (int i = 0; i < m->states.n; i++) {
        const smstate *st = &s->states.v[m->states.v[i]];
        add_eq(s, m->rs[i], bin(MO_OP_OR, var(v[V_RESET]), prev(var(m->nrs[i]))), loc);
        add_eq(s, m->nrs[i], ifx(active, bin(MO_OP_AND, bin(MO_OP_NE, var(v[V_ACT]), num(i + 1)), var(m->rs[i])),
                                 prev(var(m->nrs[i]))), loc);
        add_eq(s, st->act, bin(MO_OP_AND, active, bin(MO_OP_EQ, var(v[V_ACT]), num(i + 1))), loc);
        add_eq(s, st->rst, bin(MO_OP_AND, var(st->act), bin(MO_OP_OR, var(v[V_ACTRESET]), var(m->rs[i]))), loc);
    }
    /* a state entered (a transition fired, the machine reset, its enclosing state entered again) counts
     * from 1 and times from now; an inactive machine counts 0 */
    mo_expr *entered = bin(MO_OP_OR, var(v[V_RESET]), bin(MO_OP_GT, var(v[V_FIRED]), num(0)));
    if (!top)
        entered = bin(MO_OP_OR, entered, bin(MO_OP_EQ, prev(var(v[V_TICKS])), num(0)));
    mo_expr *ticks = ifx(entered, num(1), bin(MO_OP_ADD, prev(var(v[V_TICKS])), num(1)));
    add_eq(s, v[V_TICKS], top ? ticks : ifx(active, ticks, num(0)), loc);
    if (v[V_ENTERED] >= 0)
        add_eq(s, v[V_ENTERED], ifx(top ? entered : bin(MO_OP_AND, active, entered), sample_time(),
                                    prev(var(v[V_ENTERED]))), loc);
}

bool mo_state_machines(mo_flat *flat)
{
    if (!flat->clocked)
        return true;
    sm s = {.flat = flat, .nv0 = flat->vars.n};
    if (flat->transitions.n && !build_machines(&s))
        return false;
    for (int k = 0; k < s.machines.n; k++)
        machine_vars(&s, k);
    operators_elsewhere(&s);
    if (s.errors)
        return false;
    for (int i = 0; i < flat->sm_inner_outer.n; i++) {   /* inner outer variables in states: one (17.3.7) */
        const mo_io_pair *p = &flat->sm_inner_outer.v[i];
        if (innermost(&s, flat->vars.v[p->inner].name, true) < 0)
            continue;
        if (!s.alias) {
            s.alias = MO_NEWN(int, s.nv0);
            for (int v = 0; v < s.nv0; v++)
                s.alias[v] = -1;
        }
        s.alias[p->inner] = p->outer;
    }
    for (int v = 0; s.alias && v < s.nv0; v++)   /* (through several levels: bounded by the pairs) */
        for (int k = 0; k < flat->sm_inner_outer.n && s.alias[v] >= 0 && s.alias[s.alias[v]] >= 0; k++)
            s.alias[v] = s.alias[s.alias[v]];

    int neq = flat->eqs.n;
    for (int i = 0; i < neq; i++) {   /* the queries; previous() of a state's variables at its reset */
        mo_feq *q = &flat->eqs.v[i];
        int st = innermost(&s, q->instance, false);
        qctx c = {st, st >= 0 ? s.states.v[st].machine : -1, false, NULL};
        mo_expr *l = rewrite(&s, &c, q->lhs), *r = l ? rewrite(&s, &c, q->rhs) : NULL;
        if (!l || !r)
            return false;
        q->lhs = l;
        q->rhs = r;
    }
    for (int v = 0; s.alias && v < s.nv0; v++)
        if (s.alias[v] >= 0)   /* the inner part keeps the value of the one variable */
            add_eq(&s, v, var(s.alias[v]), flat->vars.v[v].attr->loc);
    if (!guard_states(&s))
        return false;
    add_ders(&s);
    for (int k = 0; k < s.machines.n && !s.errors; k++)
        machine_eqs(&s, k);
    flat->transitions.n = 0;
    return !s.errors;
}
