/*
 * sort.c - matching and block lower triangular sorting (mo_dae_sort) of the two systems the simulator
 * solves.
 *
 * Input: the DAE after index reduction (index.c: final kinds and slots). Output:
 *   - dae->ode: the blocks that compute every derivative of a state and every algebraic variable from
 *     time, the states and the parameters, in evaluation order. Unknowns: MO_DV_DERIVATIVE and
 *     MO_DV_ALGEBRAIC variables; equations: the index-reduced dae->eqs that are not removed.
 *   - dae->init: the blocks that compute states, derivatives, algebraics, discrete variables, pre()
 *     variables and parameters with fixed = false at the start time (mo_dae_is_init_unknown).
 *     Equations: those of the ODE system, the initial equations (init.c adds those of 8.6: when-equations
 *     at initialization, pre(v) equations, bindings of parameters with fixed = false), and x = start for
 *     every state with a fixed start (added to dae->init_eqs). Equation numbers in init blocks follow
 *     mo_block_eq: below dae->eqs.n they are dae->eqs, above they are dae->init_eqs.
 * Algorithm sections: their pseudo-equations (dae.h) are matched to their outputs only, and sorted
 * with their inputs too (blt_graph), so a section comes after what it reads.
 * Block kinds: 1x1 blocks are MO_BLOCK_EXPLICIT, bigger ones MO_BLOCK_NONLINEAR until solve.c looks at
 * them (it decides linear/nonlinear and may still find a 1x1 block implicit).
 *
 * Completing the initial system: a continuous variable that is not a state (a dummy state among them)
 * with a fixed start gets its v = start equation only when that keeps the system solvable, otherwise a
 * warning; a discrete-time variable whose start is not fixed gets pre(v) = start when pre(v) is
 * otherwise undetermined (silently, as 8.6 allows); when equations are still missing, states whose
 * start is not fixed get x = start in declaration order (marked assumed; OpenModelica does the same
 * silently, --dump=blt shows them), those with a start value of their own first, then algebraic
 * variables with a start value and stateSelect prefer or always (the states OpenModelica would pick),
 * then the other states. Too many initial conditions (those a maximum matching leaves
 * unmatched) are left out with a warning when they are initial equations and every unknown is
 * determined without them (dae->init_checks: the simulator checks they hold, 8.6 removes only
 * consistent ones); otherwise they are an error listing them.
 *
 * The parameter order (param_order) is made by mo_dae_build already (daeutil.c), because alias
 * elimination and state selection evaluate parameters.
 */
#include "stats.h"
#include "daeutil.h"
#include "graph.h"

#include <string.h>

/* A system under construction: equations (numbered as for mo_block_eq) with their unknowns.
 * A choice x[k] (flat.h) is first one node (daeutil.h): an equation is not matched to its elements (a
 * variable chosen at run time), and sorting sees the choice as one equation that depends on them. When
 * the equations cannot be matched so, the elements become edges of every equation that reads them
 * (sys_whole), as any variable's. */
typedef struct sys {
    const mo_dae *dae;
    MO_VEC(int) eqs;          /* local equation -> equation number */
    MO_VEC(int) ee, ev;       /* edges (local equation, variable) */
    unsigned char *unknown;   /* variable -> is an unknown of this system */
    unsigned char *seen;
    mo_int_vec tmp;
    mo_dae_choices ch;        /* the choices the equations read */
    mo_int_vec chs;
    MO_VEC(int) ce, cc;       /* edges (local equation, choice) */
    bool whole;               /* the elements of the choices are edges in ee, ev too */
} sys;

/* Edges from local equation le to the unknowns among the elements of choice c. */
static void choice_edges(sys *s, int le, int c)
{
    int nv;
    const int *vs = mo_dae_choice_vars(&s->ch, c, &nv);
    for (int i = 0; i < nv; i++)
        if (s->unknown[vs[i]]) {
            MO_PUSH(s->ee, le);
            MO_PUSH(s->ev, vs[i]);
        }
}

/* Appends equation q with number eqno (-1: a candidate not numbered yet). */
static void sys_add_deq(sys *s, const mo_deq *q, int eqno)
{
    int le = s->eqs.n;
    MO_PUSH(s->eqs, eqno);
    s->tmp.n = 0;
    s->chs.n = 0;
    /* an algorithm is never solved for its inputs */
    mo_dae_eq_incidence(s->dae, q, 0, s->seen, &s->tmp, &s->ch, &s->chs);
    for (int k = 0; k < s->tmp.n; k++)
        if (s->unknown[s->tmp.v[k]]) {
            MO_PUSH(s->ee, le);
            MO_PUSH(s->ev, s->tmp.v[k]);
        }
    for (int k = 0; k < s->chs.n; k++) {
        MO_PUSH(s->ce, le);
        MO_PUSH(s->cc, s->chs.v[k]);
        if (s->whole)
            choice_edges(s, le, s->chs.v[k]);
    }
}

/* The elements of the choices as edges of the equations that read them, from now on. */
static void sys_whole(sys *s)
{
    if (s->whole)
        return;
    s->whole = true;
    for (int k = 0; k < s->ce.n; k++)
        choice_edges(s, s->ce.v[k], s->cc.v[k]);
}

static void sys_add_eq(sys *s, int eqno)
{
    sys_add_deq(s, mo_dae_eq_at(s->dae, eqno), eqno);
}

static mo_graph sys_graph(const sys *s)
{
    return mo_graph_build(s->eqs.n, s->dae->vars.n, s->ee.v, s->ev.v, s->ee.n);
}

/* A matching array of n entries, all -1 (old's first oldn entries copied). */
static int *grow(const int *old, int oldn, int n)
{
    int *r = MO_NEWN(int, n > 0 ? n : 1);
    for (int i = 0; i < n; i++)
        r[i] = i < oldn ? old[i] : -1;
    return r;
}

/* The graph to sort: the matching graph g; the inputs of algorithm sections, which their
 * pseudo-equations are not matched to but depend on (dae.h); and, unless g holds their elements, the
 * choices: choice c is an equation g->neq + c matched to a variable g->nvar + c of its own, which
 * depends on the unknowns among its elements and on which the equations that read it depend (N + M
 * edges for M references to N elements where the elements themselves are N M). *var_of_eq and
 * *eq_of_var become the matching of the graph returned. */
static mo_graph blt_graph(sys *s, const mo_graph *g, const int **var_of_eq, const int **eq_of_var)
{
    int nc = s->whole ? 0 : s->ch.n;
    if (!s->dae->algs.n && !nc)
        return *g;
    MO_VEC(int) ee = {0};
    MO_VEC(int) ev = {0};
    unsigned char *live = MO_NEWN(unsigned char, nc + 1);   /* choice -> has an unknown (else no edge) */
    for (int c = 0; c < nc; c++) {
        int nv;
        const int *vs = mo_dae_choice_vars(&s->ch, c, &nv);
        for (int i = 0; i < nv; i++)
            if (s->unknown[vs[i]]) {
                live[c] = 1;
                MO_PUSH(ee, g->neq + c);
                MO_PUSH(ev, vs[i]);
            }
    }
    for (int k = 0; k < s->ce.n && nc; k++)
        if (s->ce.v[k] >= 0 && live[s->cc.v[k]]) {
            MO_PUSH(ee, s->ce.v[k]);
            MO_PUSH(ev, g->nvar + s->cc.v[k]);
        }
    if (nc) {
        int *voe = MO_NEWN(int, g->neq + nc), *eov = MO_NEWN(int, g->nvar + nc);
        memcpy(voe, *var_of_eq, sizeof(int) * (size_t)g->neq);
        memcpy(eov, *eq_of_var, sizeof(int) * (size_t)g->nvar);
        for (int c = 0; c < nc; c++) {
            voe[g->neq + c] = g->nvar + c;
            eov[g->nvar + c] = g->neq + c;
        }
        *var_of_eq = voe;
        *eq_of_var = eov;
    }
    for (int e = 0; e < g->neq; e++) {
        for (int k = g->start[e]; k < g->start[e + 1]; k++) {
            MO_PUSH(ee, e);
            MO_PUSH(ev, g->adj[k]);
        }
        const mo_deq *q = mo_dae_eq_at(s->dae, s->eqs.v[e]);
        if (!q->alg_first)
            continue;
        s->tmp.n = 0;
        mo_dae_eq_vars(s->dae, q, true, s->seen, &s->tmp);
        for (int k = 0; k < s->tmp.n; k++)
            if (s->unknown[s->tmp.v[k]]) {
                MO_PUSH(ee, e);
                MO_PUSH(ev, s->tmp.v[k]);
            }
    }
    return mo_graph_build(g->neq + nc, g->nvar + nc, ee.v, ev.v, ee.n);
}

/* Blocks from a complete matching. */
static void make_blocks(sys *s, const mo_graph *gm, const int *var_of_eq, const int *eq_of_var,
                        mo_system *out)
{
    const int *voe = var_of_eq, *eov = eq_of_var;
    mo_graph gb = blt_graph(s, gm, &voe, &eov);
    const mo_graph *g = &gb;
    int n = gm->neq, ng = g->neq;
    int *order = MO_NEWN(int, ng + 1), *bstart = MO_NEWN(int, ng + 2);
    int nb = mo_blt(g, voe, eov, order, bstart);
    /* the choices' own equations (blt_graph) leave their blocks, and blocks of nothing else go */
    int w = 0, nkept = 0, from = 0;
    for (int b = 0; b < nb; b++) {
        int to = bstart[b + 1], begin = w;
        for (int i = from; i < to; i++)
            if (order[i] < n)
                order[w++] = order[i];
        from = to;
        if (w > begin)
            bstart[nkept++] = begin;
    }
    bstart[nkept] = w;
    nb = nkept;
    out->blocks.n = 0;
    if (out->blocks.cap < nb) { /* exactly nb: growing by doubling would leave as much again behind */
        out->blocks.v = MO_NEWN(mo_block, nb);
        out->blocks.cap = nb;
    }
    /* every block's equations and unknowns in two flat arrays (blocks of one equation are nearly all) */
    int *eqs = MO_NEWN(int, n + 1), *vars = MO_NEWN(int, n + 1);
    for (int b = 0; b < nb; b++) {
        mo_block blk;
        memset(&blk, 0, sizeof blk);
        blk.n = bstart[b + 1] - bstart[b];
        blk.kind = blk.n == 1 ? MO_BLOCK_EXPLICIT : MO_BLOCK_NONLINEAR;
        blk.eqs = eqs + bstart[b];
        blk.vars = vars + bstart[b];
        blk.torn = &mo_torn_none;
        for (int i = 0; i < blk.n; i++) {
            int le = order[bstart[b] + i];
            blk.eqs[i] = s->eqs.v[le];
            blk.vars[i] = var_of_eq[le];
        }
        MO_PUSH(out->blocks, blk);
    }
}

static void collect_unmatched(const sys *s, const int *var_of_eq, const int *eq_of_var, mo_int_vec *ueq,
                              mo_int_vec *uvar)
{
    for (int e = 0; e < s->eqs.n; e++)
        if (var_of_eq[e] < 0)
            MO_PUSH(*ueq, s->eqs.v[e]);
    for (int v = 0; v < s->dae->vars.n; v++)
        if (s->unknown[v] && eq_of_var[v] < 0)
            MO_PUSH(*uvar, v);
}

static const char *plural(int n, const char *word)
{
    return mo_sprintf("%d %s%s", n, word, n == 1 ? "" : "s");
}

/* A system over dae's equations (those not removed): its unknowns are the derivatives and algebraic
 * variables, and for the initial system (init) also the states, discrete variables, pre() variables
 * and parameters with fixed = false (mo_dae_is_init_unknown). Returns the number of unknowns. */
static int sys_open(sys *s, mo_dae *dae, bool init)
{
    int nvar = dae->vars.n;
    memset(s, 0, sizeof *s);
    s->dae = dae;
    s->ch.dae = dae;
    s->unknown = MO_NEWN(unsigned char, nvar);
    s->seen = MO_NEWN(unsigned char, nvar);
    int nunk = 0;
    for (int v = 0; v < nvar; v++) {
        mo_dkind k = dae->vars.v[v].kind;
        s->unknown[v] = init ? mo_dae_is_init_unknown(dae, v) : k == MO_DV_DERIVATIVE || k == MO_DV_ALGEBRAIC;
        nunk += s->unknown[v];
    }
    for (int e = 0; e < dae->eqs.n; e++)
        if (!dae->eqs.v[e].removed)
            sys_add_eq(s, e);
    return nunk;
}

static int sort_ode(mo_dae *dae)
{
    int nvar = dae->vars.n;
    sys s;
    int nunk = sys_open(&s, dae, false);
    mo_graph g = sys_graph(&s);
    int *var_of_eq = grow(NULL, 0, g.neq), *eq_of_var = grow(NULL, 0, nvar);
    int m = mo_match(&g, NULL, var_of_eq, eq_of_var, 0);
    if ((m != g.neq || m != nunk) && s.ce.n) {   /* the choices' elements are needed (sys) */
        sys_whole(&s);
        g = sys_graph(&s);
        var_of_eq = grow(NULL, 0, g.neq);
        eq_of_var = grow(NULL, 0, nvar);
        m = mo_match(&g, NULL, var_of_eq, eq_of_var, 0);
    }
    mo_stats_stage("match");
    if (m != g.neq || m != nunk) {
        /* index.c checked the balance and reduced the index, so this is a singular selection */
        mo_int_vec ueq = {0}, uvar = {0};
        collect_unmatched(&s, var_of_eq, eq_of_var, &ueq, &uvar);
        mo_error(mo_dae_model_loc(dae), "the index-reduced system is structurally singular: %s for %s",
                 plural(g.neq, "equation"), plural(nunk, "unknown"));
        mo_dae_note_eqs(dae, ueq.v, ueq.n, "is not matched to any unknown");
        mo_dae_note_vars(dae, uvar.v, uvar.n, "is not matched to any equation");
        return 1;
    }
    make_blocks(&s, &g, var_of_eq, eq_of_var, &dae->ode);
    mo_stats_stage("blt");
    return 0;
}

/* The initial equation v = start (0 when there is no start), not yet added to the DAE. */
static mo_deq start_eq(const mo_dae *dae, int v, bool assumed)
{
    const mo_dvar *d = &dae->vars.v[v];
    mo_deq q;
    memset(&q, 0, sizeof q);
    q.loc = mo_dae_var_loc(dae, v);
    q.lhs = mo_sym_var(q.loc, v);
    q.rhs = d->start ? d->start : mo_sym_num(q.loc, 0);
    q.instance = "";
    q.origin = MO_ORIGIN_BINDING;
    q.diff_of = -1;
    q.initial = true;
    q.assumed = assumed;
    return q;
}

/* Adds an equation to dae->init_eqs; returns its number (mo_block_eq numbering). */
static int add_init_eq(mo_dae *dae, const mo_deq *q)
{
    MO_PUSH(dae->init_eqs, *q);
    return dae->eqs.n + dae->init_eqs.n - 1;
}

/* Takes candidate local equation le into the system: it gets its number in dae->init_eqs now, so the
 * numbering follows the order of acceptance. */
static void accept(mo_dae *dae, sys *s, const mo_deq *q, int le, mo_int_vec *kept)
{
    s->eqs.v[le] = add_init_eq(dae, q);
    MO_PUSH(*kept, le);
}

/* The system of the local equations from[0..n) of graph all (in that order), with its graph and
 * matching carried over. s->eqs becomes its equation list. Equations left out must be unmatched. */
static mo_graph sub_system(sys *s, const mo_graph *all, const int *from, int n, int **var_of_eq,
                           int **eq_of_var)
{
    int nvar = all->nvar, nadj = 0;
    int *to = MO_NEWN(int, all->neq > 0 ? all->neq : 1);
    for (int e = 0; e < all->neq; e++)
        to[e] = -1;
    for (int i = 0; i < n; i++) {
        to[from[i]] = i;
        nadj += all->start[from[i] + 1] - all->start[from[i]];
    }
    int *start = MO_NEWN(int, n + 1), *adj = MO_NEWN(int, nadj > 0 ? nadj : 1);
    int *eqs = MO_NEWN(int, n > 0 ? n : 1), *voe = MO_NEWN(int, n > 0 ? n : 1), *eov = MO_NEWN(int, nvar > 0 ? nvar : 1);
    int k = 0;
    for (int i = 0; i < n; i++) {
        start[i] = k;
        for (int j = all->start[from[i]]; j < all->start[from[i] + 1]; j++)
            adj[k++] = all->adj[j];
        eqs[i] = s->eqs.v[from[i]];
        voe[i] = (*var_of_eq)[from[i]];
    }
    start[n] = k;
    for (int v = 0; v < nvar; v++) {
        int e = (*eq_of_var)[v];
        eov[v] = e >= 0 ? to[e] : -1;
        if (e >= 0 && eov[v] < 0)
            mo_unreachable("sort_init: a variable is matched to a dropped equation");
    }
    s->eqs.v = eqs;
    s->eqs.n = s->eqs.cap = n;
    int w = 0;   /* the choices read by the equations kept, renumbered */
    for (int j = 0; j < s->ce.n; j++)
        if (s->ce.v[j] < all->neq && to[s->ce.v[j]] >= 0) {
            s->ce.v[w] = to[s->ce.v[j]];
            s->cc.v[w++] = s->cc.v[j];
        }
    s->ce.n = s->cc.n = w;
    *var_of_eq = voe;
    *eq_of_var = eov;
    return (mo_graph){n, nvar, start, adj};
}

/* The system of the first n0 local equations and the kept candidates (in the order kept). */
static mo_graph final_system(sys *s, const mo_graph *all, int n0, const mo_int_vec *kept, int **var_of_eq,
                             int **eq_of_var)
{
    int n = n0 + kept->n;
    int *from = MO_NEWN(int, n > 0 ? n : 1);
    for (int i = 0; i < n; i++)
        from[i] = i < n0 ? i : kept->v[i - n0];
    return sub_system(s, all, from, n, var_of_eq, eq_of_var);
}

/* Too many initial equations, but every unknown matched: the surplus equations (those the maximum
 * matching leaves unmatched) add nothing the others do not determine. 8.6 lets a tool remove
 * consistent ones with a diagnostic: each is left out of the system with a warning and kept in
 * dae->init_checks, which the simulator evaluates after initialization (an inconsistent one is an
 * error there, with both sides' values). Only initial equations go so: the matching takes the
 * system's own equations first and never unmatches one, so a surplus equation of the system itself,
 * or an algorithm section's, means a genuinely wrong model (false returned, nothing changed). */
static bool drop_redundant(mo_dae *dae, sys *s, mo_graph *g, int **var_of_eq, int **eq_of_var, int nunk)
{
    int nkeep = 0;
    for (int e = 0; e < g->neq; e++) {
        if ((*var_of_eq)[e] >= 0) {
            nkeep++;
            continue;
        }
        int eq = s->eqs.v[e];
        if (eq < dae->eqs.n || mo_dae_eq_at(dae, eq)->alg)
            return false;
    }
    if (nkeep != nunk)
        return false;
    int *from = MO_NEWN(int, nkeep > 0 ? nkeep : 1), n = 0;
    for (int e = 0; e < g->neq; e++) {
        if ((*var_of_eq)[e] >= 0) {
            from[n++] = e;
            continue;
        }
        int eq = s->eqs.v[e];
        const mo_deq *q = mo_dae_eq_at(dae, eq);
        MO_PUSH(dae->init_checks, eq);
        mo_warning(q->loc, "the initial equation '%s'%s%s%s is redundant (the initialization problem has %s "
                   "for %s): it is left out, and the simulator checks that it holds after initialization",
                   mo_dae_eq_brief(dae, q), q->instance && q->instance[0] ? " in '" : "",
                   q->instance ? q->instance : "", q->instance && q->instance[0] ? "'" : "",
                   plural(g->neq, "equation"), plural(nunk, "unknown"));
    }
    *g = sub_system(s, g, from, n, var_of_eq, eq_of_var);
    return true;
}

/* Takes candidate local equation le, v = start, for v that the matching left alone: it matches v. */
static void take_unmatched(mo_dae *dae, sys *s, const mo_deq *q, int le, int v, mo_int_vec *kept, int *var_of_eq,
                           int *eq_of_var)
{
    accept(dae, s, q, le, kept);
    var_of_eq[le] = v;
    eq_of_var[v] = le;
}

/* Completing the initial system takes one graph with every candidate x = start equation appended after
 * the system's own equations (candidates not taken stay unmatched, and the searches never enter an
 * unmatched equation but their root) and one augmenting-path search per candidate: the graph is built
 * twice in all, whatever the number of candidates. The choices are those of matching the grown system
 * again after each candidate (mo_match_augment gives the same path as mo_match with keep). */
static int sort_init(mo_dae *dae)
{
    int nvar = dae->vars.n;
    sys s;
    int nunk = sys_open(&s, dae, true);
    for (int i = 0; i < dae->init_eqs.n; i++)
        sys_add_eq(&s, dae->eqs.n + i);
    for (int v = 0; v < nvar; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        if (d->kind == MO_DV_STATE && d->fixed) {
            mo_deq q = start_eq(dae, v, false);
            sys_add_eq(&s, add_init_eq(dae, &q));
        }
    }
    int n0 = s.eqs.n;
    if (s.ce.n) {
        /* The choices stay one node each (sys) when the system's own equations are matched to every
         * unknown without their elements: the whole graph then matches them all too, and no candidate
         * below is taken on either. Otherwise the elements are edges from the start. */
        mo_graph g0 = sys_graph(&s);
        int *voe = grow(NULL, 0, g0.neq), *eov = grow(NULL, 0, nvar);
        if (n0 != nunk || mo_match(&g0, NULL, voe, eov, 0) != n0)
            sys_whole(&s);
    }

    /* the candidates, each group in declaration order (cand_var[c] is local equation n0 + c's variable):
     * 0. v = start for the continuous variables with a fixed start that are not states (dummy states,
     *    and derivatives that alias elimination gave a fixed start: a = der(w), a(fixed = true)): kept
     *    when they make the matching grow, else a warning;
     * 1. pre(v) = start for the discrete-time variables whose start is not fixed (8.6: such a missing
     *    initial value may be set to the start value without a word), kept when the matching grows;
     * 2. x = start for the states whose start is not fixed, while equations are missing (assumed);
     * 3. v = start for the algebraic variables with a start value (not fixed) that prefer to be states
     *    (stateSelect prefer or always), while equations are missing (assumed): tried before the states
     *    without a start value of their own. A Fluid tank's states are its mass and energy (no start),
     *    its level and medium temperature have the start values and StateSelect.prefer (the states
     *    OpenModelica picks): m = 0 from the states' default start divided by zero in U = m*u
     *    (AST_BatchPlant's OneTank at time 0). */
    MO_VEC(int) cand_var = {0};
    MO_VEC(mo_deq) cand_eq = {0};
    int ngroup[4] = {0, 0, 0, 0};
    for (int pass = 0; pass < 4; pass++)
        for (int v = 0; v < nvar; v++) {
            const mo_dvar *d = &dae->vars.v[v];
            bool take = pass == 0 ? (d->kind == MO_DV_ALGEBRAIC || d->kind == MO_DV_DERIVATIVE) && d->fixed &&
                                    !mo_dae_discrete_time(dae, v)
                      : pass == 1 ? d->kind == MO_DV_PRE && mo_dae_discrete_time(dae, d->pre_of) &&
                                    !dae->vars.v[d->pre_of].fixed
                      : pass == 2 ? d->kind == MO_DV_STATE && !d->fixed
                      : d->kind == MO_DV_ALGEBRAIC && !d->fixed && d->start && !mo_dae_discrete_time(dae, v) &&
                        (d->state_select == MO_SS_PREFER || d->state_select == MO_SS_ALWAYS);
            if (!take)
                continue;
            mo_deq q = start_eq(dae, v, pass >= 2);
            MO_PUSH(cand_var, v);
            MO_PUSH(cand_eq, q);
            ngroup[pass]++;
            sys_add_deq(&s, &cand_eq.v[cand_eq.n - 1], -1);
        }
    int ndummy = ngroup[0] + ngroup[1];
    mo_graph all = sys_graph(&s);
    mo_graph g = all;
    g.neq = n0;
    int *var_of_eq = MO_NEWN(int, all.neq > 0 ? all.neq : 1), *eq_of_var = MO_NEWN(int, nvar > 0 ? nvar : 1);
    int m = mo_match(&g, NULL, var_of_eq, eq_of_var, 0);
    for (int e = n0; e < all.neq; e++)
        var_of_eq[e] = -1;
    mo_match_ws ws;
    memset(&ws, 0, sizeof ws);
    mo_int_vec kept = {0};

    /* groups 0 and 1: kept only when they make the matching grow */
    int c = 0;
    for (; c < ndummy; c++) {
        int v = cand_var.v[c], le = n0 + c;
        if (m < nunk && mo_match_augment(&all, le, var_of_eq, eq_of_var, &ws)) {
            accept(dae, &s, &cand_eq.v[c], le, &kept);
            m++;
            continue;
        }
        const mo_dvar *d = &dae->vars.v[v];
        if (c < ngroup[0])
            mo_warning(mo_dae_var_loc(dae, v), "the start value of '%s' is fixed, but '%s' is not a state "
                       "and its start value would over-determine the initialization: it is ignored",
                       d->name, d->name);
    }

    /* missing equations: x = start for states not yet determined, in declaration order */
    if (m < nunk) {
        int first = c, pref = first + ngroup[2];
        unsigned char *given = MO_NEWN(unsigned char, cand_var.n - first + 1);
        /* first the states with a start value the matching left alone: each such equation matches its state */
        for (c = first; c < pref && m < nunk; c++) {
            int v = cand_var.v[c], le = n0 + c;
            if (eq_of_var[v] >= 0 || !dae->vars.v[v].start)
                continue;
            take_unmatched(dae, &s, &cand_eq.v[c], le, v, &kept, var_of_eq, eq_of_var);
            given[c - first] = 1;
            m++;
        }
        /* then the variables that prefer to be states, when an augmenting path takes them */
        for (c = pref; c < cand_var.n && m < nunk; c++)
            if (mo_match_augment(&all, n0 + c, var_of_eq, eq_of_var, &ws)) {
                accept(dae, &s, &cand_eq.v[c], n0 + c, &kept);
                m++;
            }
        /* then the other states the matching left alone */
        for (c = first; c < pref && m < nunk; c++) {
            int v = cand_var.v[c], le = n0 + c;
            if (given[c - first] || eq_of_var[v] >= 0)
                continue;
            take_unmatched(dae, &s, &cand_eq.v[c], le, v, &kept, var_of_eq, eq_of_var);
            given[c - first] = 1;
            m++;
        }
        /* then states already matched, when an augmenting path frees them */
        for (c = first; c < pref && m < nunk; c++) {
            if (given[c - first])
                continue;
            if (mo_match_augment(&all, n0 + c, var_of_eq, eq_of_var, &ws)) {
                accept(dae, &s, &cand_eq.v[c], n0 + c, &kept);
                m++;
            }
        }
    }
    g = final_system(&s, &all, n0, &kept, &var_of_eq, &eq_of_var);
    if (g.neq > nunk && m == nunk && drop_redundant(dae, &s, &g, &var_of_eq, &eq_of_var, nunk))
        m = g.neq;
    if (m != g.neq || m != nunk) {
        mo_int_vec ueq = {0}, uvar = {0};
        collect_unmatched(&s, var_of_eq, eq_of_var, &ueq, &uvar);
        mo_loc where = mo_dae_model_loc(dae);
        if (g.neq > nunk)
            mo_error(where, "the initialization problem is over-determined: %s for %s",
                     plural(g.neq, "equation"), plural(nunk, "unknown"));
        else if (g.neq < nunk)
            mo_error(where, "the initialization problem is under-determined: %s for %s",
                     plural(g.neq, "equation"), plural(nunk, "unknown"));
        else
            mo_error(where, "the initialization problem is structurally singular");
        mo_dae_note_eqs(dae, ueq.v, ueq.n, "is not matched to any unknown");
        mo_dae_note_vars(dae, uvar.v, uvar.n, "is not matched to any equation");
        return 1;
    }
    make_blocks(&s, &g, var_of_eq, eq_of_var, &dae->init);
    return 0;
}

int mo_dae_sort(mo_dae *dae)
{
    if (sort_ode(dae))
        return 1;
    return sort_init(dae);
}
