/*
 * codegen_dss.c - the run-time guard of a static state choice that would need dynamic state selection,
 * and the switch of a state set (the default; --no-state-sets: none) that does it.
 *
 * Index reduction (analysis/index.c) chooses the states once, at the start values: of the variables that
 * differentiated constraints tie together, some stay states and the others become dummy states,
 * computed from the constraints. That choice is good while the constraints' Jacobian against the
 * dummies is regular, and not near singular beside their Jacobian against the states they could have
 * chosen instead. MultiBody's free bodies are the common case: four quaternion components under
 * Q*Q = 1, three of them states; the fourth, computed from the constraint, has two roots
 * +-sqrt(1 - others^2), and where it passes through 0 the solver stays on the root of the sign it had
 * (its Jacobian 2 Q[k] vanishes there): the run would go on with the mirrored rotation, a wrong answer
 * that looks right. Tools switch to another choice of states there (dynamic state selection); mo2c does
 * for the choices it makes state sets (below); every other choice is watched, and the run stops with a
 * located error before it degenerates.
 *
 * What is watched: every choice index reduction made (dae->dsets: at each level of the dummy derivative
 * method, each connected set of differentiated equations and the candidates they fix), whatever loop,
 * linear system or explicit assignment computes its dummies afterwards; one of more than DSS_MAX_ROWS
 * equations one diagonal block at a time: the rows' block lower triangular form against the dummies
 * (matching and Tarjan, graph.h) splits a choice into blocks whose determinants multiply to the
 * dummies' Jacobian's, so that it is singular exactly where a block is. MultiBody's top-level choices
 * (FullRobot 243 equations, PlanarLoops_analytic 344) are all blocks of one equation with a constant
 * coefficient. (A smaller choice is tested whole: see plan_set.) A block whose pivots cannot change
 * (parameters and constants only, or triangular with nonzero constants on its diagonal) never
 * degenerates and is not watched. At the integrator's accepted points and its events (runtime/solver.c)
 * the generated dss_watch evaluates the Jacobian of each block's equations against its candidates (its
 * dummies, then every other variable its rows fix: states, and in a choice tested whole the dummies
 * that index reduction took from no derivative; a block of a larger choice leaves out the other
 * blocks' dummies, see plan_block) by symbolic partial derivatives, and the candidates' values, which are the rates of
 * the variables whose being states the choice decides (the candidate der(x) is the rate of x); the
 * runtime's mo2c_dss_check (runtime/dss.c) eliminates the dummies against each other and stops the run
 * when, in one of the combinations, the partial derivative against its dummy falls below 1/100 of the
 * largest against another candidate, and below 1/100 of the dummy's own at the start values, while the
 * dummy moves (a dummy that only sits at its singular point while the others move across it is left
 * alone: a body in planar motion keeps a quaternion component at 0 throughout, and so is its
 * derivative; the Cartesian pendulum's x at the bottom of its swing moves at 4.4 m/s where der(y) = 0
 * and is stopped). One differentiated equation with one dummy is the test of a single constraint: dF/dz
 * small beside dF/dx while z moves. A block within ten times those thresholds at an accepted point is
 * near, and rhs tests it at every evaluation until an accepted point finds it no longer near: there a
 * failure at a trial point shortens the integrator's step (runtime/solver.c), so that the steps close
 * in on the crossing instead of striding over it; the run stops when an accepted point fails.
 *
 * A dummy that is no derivative decides no state. Index reduction can take, for the rows its derivative
 * candidates leave without a pivot, a variable that a derivative annotation brought in (MultiBody's
 * frames: Frames.resolve1 differentiates to the frame's angular velocity R.w, a derivative of nothing);
 * choosing it integrates nothing or not, and equations that were never differentiated compute it (R.w
 * = R_rel.w + ..., w = der(phi)), so this set's rows do not have to determine it (index.c's
 * demote_states then sets the count of states right). Judged as a dummy, its column's pivot says
 * nothing about the states: in PlanarFourbar the crank's body1.frame_a.R.w[3], which is the state
 * revolute1.w, has -0.4 sin(phi) in the velocity form of the loop, 0 wherever the crank is horizontal,
 * while the crank stays a good state throughout (the coupler and the rocker, whose angles it fixes,
 * are never closer than 0.74 in the sine of their angle over its 5 s). Such columns join the others:
 * a block is watched on its nd < nb dummies that are derivatives, which its rows must keep at full rank
 * (mo2c_dss_check_rect; blocks of a block triangular form each of full rank in those give the whole
 * choice full rank); a choice that needed one more column would be another choice of states.
 *
 * State sets (by default; --no-state-sets: none; analysis/stateset.c): a choice that can degenerate, of
 * at most 8 candidates, is made a set instead, and in a larger choice each diagonal block that can (of
 * at most 32 candidates: its dummies and the kept candidates its rows hold), the rest staying a static
 * choice, watched; in a set every candidate is a dummy and nk set states copy the integrals of the
 * candidates their selectors name (dae.h, mo_dset.nk). Such a set is not watched but switched
 * (plan_switch, switch_code): at every evaluation its rows' Jacobian against all its candidates, and
 * mo2c_dss_switch (runtime/dss.c); at an accepted point, when the kept choice's determinant (rows
 * scaled) is below 1/10 of that of the columns
 * complete pivoting takes, the selectors take those columns, each set state is set from its new
 * candidate's integral (the same point: the candidates were computed with the old selectors, so the
 * values are consistent; the hand-written form in tests/models/DynamicStateSelection.mo's
 * CartesianPendulumStateSet had to read pre() of them in its when-equation for that reason) and
 * dss_watch returns 2: the integrator restarts as after an event (runtime/solver.c). At a trial point
 * below 1/100 (of the best determinant at the last accepted point) the evaluation fails, which shortens the step: an accepted point then falls inside the
 * band where the switch is made, before the candidates could cross their singular point on the root of
 * the old sign. The set's equations read the selector in if-expressions, so the loops holding them are
 * nonlinear and solved by Newton at each evaluation with the selectors' current values; nothing folds
 * or factorizes them once. Candidates whose integrals are declared StateSelect.never are taken among the
 * dummies first (n_, mo2c_dss_switch). The Cartesian pendulum, the rotated one and the bead run through
 * the points where the guard above stops them (tests/sim/dynamic_state_select.sh), and so do MultiBody's
 * GyroscopicEffects, PointGravityWithPointMasses2, RevoluteConstraint and UniversalConstraint, each by
 * sets of diagonal blocks of 4 to 23 equations (tests/sim/multibody_state_sets.sh). What is left: the
 * cost of the if-expressions. The loops holding a set's equations are nonlinear even where the static
 * choice had explicit assignments or a linear system (MultiBody's DoublePendulum, as a set of 3 states
 * among 54 candidates, ran in 0.47 s of CPU, 0.02 s with --no-state-sets: sets are kept to 8 candidates
 * whole and 32 per block for that reason); written as linear systems whose matrix is refactored at each
 * switch (never once for the run: the selectors change outside events) they would cost about what the
 * static choice costs. The four MultiBody examples above run in 0.07 to 0.3 s of CPU with their sets,
 * so nothing measured asks for it yet. Also left: a block of more than 32 candidates stays static, watched
 * (EngineV6's blocks of 20 equations have 55; none of them has been seen to degenerate).
 *
 * Needs: a solved DAE (dae->dsets from index.c, dae->ode's blocks). mo_cg_dss_plan differentiates once;
 * codegen_need.c puts the blocks computing what the guards read in rhs. Guarantees: the message names
 * the equation that was differentiated (its where string) and the dummy state (an escaped literal,
 * never a format). A block (or a whole choice) of nb equations and nc candidates costs O(nb^2 nc) per
 * test, so blocks of more than DSS_MAX_ROWS equations are not watched, with a warning at their first
 * equation; the plan is linear in the choices' partial derivatives (and n log n in a block's size).
 */
#include "codegen.h"
#include "../analysis/daeutil.h"
#include "graph.h"

#include <math.h>
#include <string.h>

typedef struct gset {
    int nr, nd, nc;            /* rows (equations), dummies that are derivatives (nd <= nr, see above) and
                                * columns (candidates, those nd dummies first, then the block's others) */
    const int *rows, *cols;    /* into dae->eqs and dae->vars */
    mo_expr **jac;             /* nr x nc, row-major; NULL: the entry is 0 */
    double *ref;               /* per derivative dummy: its largest partial derivative at the start values, or
                                * DSS_NO_REF (not known, or 0: the choice was not made by size) */
    const mo_dset *set;        /* a state set (mo_dset.nk > 0): switched, not watched; nd = nr, cols and jac
                                * are the set's own; else NULL */
} gset;

/* Diagonal blocks of more equations than this are not watched: the test is dense in a block, O(nr^2 nc)
 * per evaluation (a MultiBody loop's top-level choice of 344 equations tested whole made
 * PlanarLoops_analytic 100 times slower; its diagonal blocks are small). */
#define DSS_MAX_ROWS 64
#define DSS_NO_REF 1e300

struct mo_cg_dss {
    MO_VEC(gset) sets;
    MO_VEC(const mo_expr *) reads;   /* what the guards read: Jacobian entries, candidates */
};

/* The pattern kinds of partial derivatives (daeutil.h, mo_dae_triangular) under the plan's names. */
enum { PAT_ZERO = MO_PAT_ZERO, PAT_CONST = MO_PAT_CONST, PAT_OTHER = MO_PAT_OTHER, PAT_NA = MO_PAT_NA,
       PAT_PARAM0 = MO_PAT_PARAM0 };

/* The equation that row r is a derivative of, down to the one the model wrote. */
static int root_eq(const mo_dae *dae, int r)
{
    while (dae->eqs.v[r].diff_of >= 0)
        r = dae->eqs.v[r].diff_of;
    return r;
}

/* One partial derivative of a choice's row (daeutil.h: column j of the set, its pattern kind, the
 * expression, NULL when not available). */
typedef mo_dae_pent dent;

/* Work arrays of the plan, sized by the model's variables (col: a set's column + 1 per variable) or by
 * the largest set (stamp: a block's column + 1 per set column). */
typedef struct plan_ws {
    int *colpos, *stamp;
    unsigned char *seen;
    mo_int_vec vs;
    double *start;             /* the start values, evaluated on first need */
} plan_ws;

static const double *start_values(const mo_dae *dae, plan_ws *w)
{
    if (!w->start)
        w->start = mo_dae_start_values(dae);
    return w->start;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Watch one diagonal block of set s: its rows brow[0 .. nb) (indices into s->rows) and its dummies
 * bdum[0 .. nb) (indices into s->cols, < s->nr); ents: every row's partial derivatives. Adds the
 * block's guard to P unless it cannot degenerate; warns when it cannot be watched. */
static void plan_block(mo_cg_dss *P, const mo_dae *dae, const mo_dset *s, const int *brow, const int *bdum, int nb,
                       const dent *ents, const int *rstart, plan_ws *w)
{
    /* the block's columns: its dummies that are derivatives, then its others (see the file comment),
     * then every other candidate its rows hold (states, and, in a choice tested whole, dummies of other
     * blocks, whose values come from the states too) */
    MO_VEC(int) lc = {0};
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < nb; k++)
            if ((dae->vars.v[s->cols[bdum[k]]].der_of >= 0) == (pass == 0)) {
                MO_PUSH(lc, bdum[k]);
                w->stamp[bdum[k]] = lc.n;
            }
    int nd = 0;
    while (nd < nb && dae->vars.v[s->cols[lc.v[nd]]].der_of >= 0)
        nd++;
    if (nd == 0) {   /* no state is chosen here */
        for (int k = 0; k < nb; k++)
            w->stamp[bdum[k]] = 0;
        return;
    }
    /* A block of a larger choice leaves out the other blocks' dummies: compared with their entries, its
     * pivots fell under the ratio where the choice was fine (PlanarFourbar's 20-equation block of the
     * positions at t = 0.00031: 0.00083 against revolute2.phi beside 7.05 against another block's
     * dummy). Those dummies follow from the states through their own blocks, watched on their own; the
     * pivots here are judged against the entries of the states the rows hold. */
    bool whole = nb == s->nr;
    for (int k = 0; k < nb; k++)
        for (int t = rstart[brow[k]]; t < rstart[brow[k] + 1]; t++)
            if (!w->stamp[ents[t].j] && (whole || ents[t].j >= s->nr)) {
                MO_PUSH(lc, ents[t].j);
                w->stamp[ents[t].j] = lc.n;
            }
    int nc = lc.n;
    mo_expr **jac = MO_NEWN(mo_expr *, (size_t)nb * (size_t)nc);
    /* the pattern of a square block (see mo_dae_triangular, daeutil.h; a rectangular one is no triangle) */
    unsigned char *pat = nd == nb ? MO_NEWN(unsigned char, (size_t)nb * (size_t)nb) : NULL;
    /* vary: some partial derivative changes during the run; dvary, dfail: one against a dummy (lc[0 ..
     * nd)) does, or is not available; sfail: one against another candidate (lc[nd ..), which the pivots
     * are compared with) is not available */
    bool vary = false, ok = true, dvary = false, dfail = false, sfail = false;
    for (int k = 0; k < nb; k++)
        for (int t = rstart[brow[k]]; t < rstart[brow[k] + 1]; t++) {
            int j = w->stamp[ents[t].j] - 1;
            unsigned char kind = ents[t].kind;
            if (j < 0)
                continue;   /* another block's dummy (above) */
            if (kind == PAT_NA) {
                ok = false;
                dfail |= j < nd;
                sfail |= j >= nd;
            } else {
                jac[(size_t)k * (size_t)nc + (size_t)j] = ents[t].d;
                vary |= kind == PAT_OTHER;
                dvary |= kind == PAT_OTHER && j < nd;
            }
            if (j < nb && nd == nb)
                pat[(size_t)k * (size_t)nb + (size_t)j] = kind == PAT_PARAM0 ? PAT_OTHER : kind;
        }
    for (int j = 0; j < nc; j++)
        w->stamp[lc.v[j]] = 0;
    /* The rows' partial derivatives against the dummies are constant (a medium's d = density_ph(p,
     * h) differentiated: 1 against der(d), whatever those against der(p) and der(h), which the
     * derivative function's own derivative would give): the block regular at the start values
     * stays so, and the guard, which gives a dummy up only below 1/100 of its start value, could
     * never fire. Nothing to watch, whether or not the other partial derivatives exist. */
    int tri = nd == nb ? mo_dae_triangular(pat, nb) : 0;   /* a rectangular block is no triangle */
    if ((!dfail && !dvary) || tri == 1)
        return;
    /* Not watched, and said so: refusing such a model would refuse models that ran right before
     * the watch existed (a pendulum whose constraint is a user function without a derivative of its
     * own derivative, tests/sim/functions.sh), and the choice is as good as it was then; the warning
     * says what is not checked. (Forming these partial derivatives, or differences of the
     * constraint's residual, is what is left to do.) An entry against a state cannot be left out
     * as one against a dummy off the diagonal can: the runtime compares each pivot with the row's
     * entries against the states, and with those taken as 0 the guard could never fire (a
     * pendulum's x^2 + h(y) = L^2 whose h has a derivative computed in a loop ran past the bottom of
     * its swing on the wrong root, "successfully"). */
    if (!ok && (tri == 0 || sfail)) {
        const mo_deq *q = &dae->eqs.v[root_eq(dae, s->rows[brow[0]])];
        mo_warning(q->loc, "the states chosen for this equation are not watched during the run (a partial "
                   "derivative of its time derivative is not available): without dynamic state selection, "
                   "should the choice stop fitting it the results could be wrong without an error");
        return;
    }
    if (!vary)
        return;
    /* the size of each dummy's partial derivatives when the choice was made: a dummy is given up
     * only when its own partial derivative has fallen, not when another candidate's has grown (a
     * rotor's angular acceleration beside the derivative of an angle, whose coefficient in the
     * differentiated constraint is an angular velocity: 100 rad/s in BevelGear1D) */
    const double *start = start_values(dae, w);
    double *ref = MO_NEWN(double, nd);
    for (int j = 0; j < nd; j++) {
        double big = 0;
        bool fine = true;
        for (int i = 0; i < nb; i++) {
            const mo_expr *e = jac[(size_t)i * (size_t)nc + (size_t)j];
            double v = e ? mo_eval(e, start, &fine) : 0;
            if (isfinite(v))
                big = fmax(big, fabs(v));
        }
        ref[j] = fine && big > 0 && big < DSS_NO_REF ? big : DSS_NO_REF;
    }
    int *rows = MO_NEWN(int, nb), *cols = MO_NEWN(int, nc);
    for (int k = 0; k < nb; k++)
        rows[k] = s->rows[brow[k]];
    for (int j = 0; j < nc; j++)
        cols[j] = s->cols[lc.v[j]];
    gset g = {nb, nd, nc, rows, cols, jac, ref, NULL};
    MO_PUSH(P->sets, g);
    for (size_t e = 0; e < (size_t)nb * (size_t)nc; e++)
        if (jac[e])
            MO_PUSH(P->reads, jac[e]);
    mo_loc none = {0};
    for (int j = 0; j < nc; j++)
        MO_PUSH(P->reads, mo_sym_var(none, cols[j]));
}

/* The nonzero partial derivatives of set s's rows against its candidates, row by row (row i's in
 * ents[rstart[i] .. rstart[i + 1])), each with its pattern kind (PAT_NA: not available). */
typedef mo_dae_pent_vec dent_vec;
static void set_entries(const mo_dae *dae, const mo_dset *s, plan_ws *w, dent_vec *ents, int *rstart)
{
    for (int j = 0; j < s->nc; j++)
        w->colpos[s->cols[j]] = j + 1;
    mo_dae_row_partials(dae, s->rows, s->nr, w->colpos, start_values(dae, w), w->seen, &w->vs, ents, rstart);
    for (int j = 0; j < s->nc; j++)
        w->colpos[s->cols[j]] = 0;
}

/* Watch one choice of index reduction: its rows' partial derivatives against its candidates, then its
 * block lower triangular form against the dummies (graph.h: matching, Tarjan). The dummies' Jacobian is
 * singular exactly where one of its diagonal blocks is (its determinant is their product), so each
 * block of a choice of more than DSS_MAX_ROWS equations is tested on its own, at a cost of the block's
 * size squared times its columns: linear in the choice's size while the blocks stay small (MultiBody's
 * top-level choices: hundreds of equations, all blocks single ones with a constant coefficient, which
 * are not watched at all). A smaller choice is one block, tested whole (below). */
static void plan_set(mo_cg_dss *P, const mo_dae *dae, const mo_dset *s, plan_ws *w)
{
    int nr = s->nr;
    dent_vec ents = {0};
    int *rstart = MO_NEWN(int, nr + 1);
    set_entries(dae, s, w, &ents, rstart);
    int *var_of_eq = MO_NEWN(int, nr);
    int *order = MO_NEWN(int, nr), *bstart = MO_NEWN(int, nr + 1), *bdum = MO_NEWN(int, nr);
    int nblocks = 0;
    /* A choice of up to DSS_MAX_ROWS is tested whole: a block's test reads the entries of the other
     * blocks' dummies as if they were states' (the whole choice's elimination turns them into the
     * states' own), and so stopped MultiBody's Engine1a and Engine1b, whose 11 loop equations the whole
     * test lets run: a coefficient 1 against b2.frame_b.r_0[2] beside 322 against another block's dummy
     * fell under the ratio. Blocks only where the whole test would cost too much (FullRobot, 243): the
     * rows against the dummies, a perfect matching (index reduction chose the dummies so that their
     * Jacobian is regular at the start), then the blocks. */
    if (nr > DSS_MAX_ROWS) {
        MO_VEC(int) ee = {0};
        MO_VEC(int) ev = {0};
        for (int i = 0; i < nr; i++)
            for (int t = rstart[i]; t < rstart[i + 1]; t++)
                if (ents.v[t].j < nr) {
                    MO_PUSH(ee, i);
                    MO_PUSH(ev, ents.v[t].j);
                }
        mo_graph g = mo_graph_build(nr, nr, ee.v, ev.v, ee.n);
        int *eq_of_var = MO_NEWN(int, nr);
        for (int i = 0; i < nr; i++)
            var_of_eq[i] = eq_of_var[i] = -1;
        if (mo_match(&g, NULL, var_of_eq, eq_of_var, 0) == nr)
            nblocks = mo_blt(&g, var_of_eq, eq_of_var, order, bstart);
    }
    if (!nblocks) {   /* one block, the dummies in their order */
        nblocks = 1;
        bstart[0] = 0;
        bstart[1] = nr;
        for (int i = 0; i < nr; i++)
            order[i] = var_of_eq[i] = i;
    }
    for (int b = 0; b < nblocks; b++) {
        int nb = bstart[b + 1] - bstart[b];
        int *brow = order + bstart[b];
        if (nb > DSS_MAX_ROWS) {
            /* too large to test at every accepted point: said so where some pivot may vary */
            bool dvary = false;
            for (int k = 0; k < nb && !dvary; k++)
                for (int t = rstart[brow[k]]; t < rstart[brow[k] + 1]; t++)
                    dvary |= ents.v[t].j < nr && (ents.v[t].kind == PAT_OTHER || ents.v[t].kind == PAT_NA);
            if (dvary)
                mo_warning(dae->eqs.v[root_eq(dae, s->rows[brow[0]])].loc, "the states chosen for this equation "
                           "and %d others that fix their dummy states together are not watched during the run "
                           "(more than %d): without dynamic state selection, should the choice stop fitting them "
                           "the results could be wrong without an error", nb - 1, DSS_MAX_ROWS);
            continue;
        }
        for (int k = 0; k < nb; k++)
            bdum[k] = var_of_eq[brow[k]];
        /* rows and dummies in the choice's order, as a choice of one block was tested before: the
         * elimination's pivots, and so the equation a message names, do not depend on the matching */
        mo_qsort(brow, (size_t)nb, sizeof *brow, cmp_int);
        mo_qsort(bdum, (size_t)nb, sizeof *bdum, cmp_int);
        plan_block(P, dae, s, brow, bdum, nb, ents.v, rstart, w);
    }
}

/* The switch of state set s: its rows' partial derivatives against all its candidates (index.c made it
 * a set only when every one is available), and what the switch reads: those, and the candidates'
 * integrals, which the set states are set from. */
static void plan_switch(mo_cg_dss *P, const mo_dae *dae, const mo_dset *s, plan_ws *w)
{
    int nr = s->nr, nc = s->nc;
    mo_expr **jac = MO_NEWN(mo_expr *, (size_t)nr * (size_t)nc);
    dent_vec ents = {0};
    int *rstart = MO_NEWN(int, nr + 1);
    set_entries(dae, s, w, &ents, rstart);
    for (int i = 0; i < nr; i++)
        for (int t = rstart[i]; t < rstart[i + 1]; t++) {
            if (ents.v[t].kind == PAT_NA)
                mo_unreachable("state set: a partial derivative index reduction found is not available");
            jac[(size_t)i * (size_t)nc + (size_t)ents.v[t].j] = ents.v[t].d;
            MO_PUSH(P->reads, ents.v[t].d);
        }
    mo_loc none = {0};
    for (int j = 0; j < nc; j++)
        MO_PUSH(P->reads, mo_sym_var(none, dae->vars.v[s->cols[j]].der_of));
    gset g = {nr, nr, nc, s->rows, s->cols, jac, NULL, s};
    MO_PUSH(P->sets, g);
}

mo_cg_dss *mo_cg_dss_plan(const mo_dae *dae)
{
    mo_cg_dss *P = MO_NEW(mo_cg_dss);
    plan_ws w = {0};
    int most = 0;
    for (int k = 0; k < dae->dsets.n; k++)
        most = most > dae->dsets.v[k].nc ? most : dae->dsets.v[k].nc;
    w.colpos = MO_NEWN(int, dae->vars.n + 1);
    w.stamp = MO_NEWN(int, most + 1);
    w.seen = MO_NEWN(unsigned char, dae->vars.n + 1);
    for (int k = 0; k < dae->dsets.n; k++) {
        if (dae->dsets.v[k].nk)
            plan_switch(P, dae, &dae->dsets.v[k], &w);
        else
            plan_set(P, dae, &dae->dsets.v[k], &w);
    }
    return P;
}

const mo_expr *const *mo_cg_dss_reads(const mo_cg_dss *P, int *n)
{
    *n = P->reads.n;
    return P->reads.v;
}

/* The Jacobian J_ of set g (nr x nc, row-major) filled at indent + 4: zeros, then its entries. */
static void jac_code(mo_cg *cg, mo_buf *o, const gset *g, const char *indent)
{
    const mo_dae *dae = cg->dae;
    int nr = g->nr, nc = g->nc;
    const char *inner = mo_sprintf("%s    ", indent);
    mo_buf_printf(o, "%s    for (int k_ = 0; k_ < %d; k_++)\n%s        J_[k_] = 0.0;\n", indent, nr * nc, indent);
    for (int i = 0; i < nr; i++) {
        cg->where_id = root_eq(dae, g->rows[i]);
        for (int j = 0; j < nc; j++) {
            const mo_expr *e = g->jac[(size_t)i * (size_t)nc + (size_t)j];
            if (!e)
                continue;
            /* (an entry is a partial derivative, a DAG: its shared nodes as locals, codegen_temps.c) */
            mo_cg_temps_prepare(cg, o, e, inner);
            mo_buf_printf(o, "%sJ_[%d] = ", inner, i * nc + j);
            mo_cg_expr(cg, e);
            mo_buf_puts(o, ";\n");
            mo_cg_temps_end(cg);
        }
    }
}

/* The switch of state set g (the k-th, g->set), at an accepted point (mo2c_dss_switch): when it takes
 * other candidates, the selectors change and each set state is set from its new candidate's integral,
 * at the same point (consistent: the candidates were computed with the old selectors), and dss_watch
 * returns 2, so that the integrator restarts as after an event. */
static void switch_code(mo_cg *cg, mo_buf *o, const gset *g, int k)
{
    const mo_dae *dae = cg->dae;
    const mo_dset *s = g->set;
    int nr = g->nr, nc = g->nc, nk = s->nk;
    cg->out = o;
    mo_buf_puts(o, "    {   /* the state set of ");
    mo_cg_comment(o, mo_dae_eq_text(dae, &dae->eqs.v[root_eq(dae, g->rows[0])]), 80);
    mo_buf_printf(o, "%s: better candidates? (codegen_dss.c) */\n", nr > 1 ? " and the others" : "");
    mo_buf_printf(o, "        double J_[%d], W_[%d];\n        int s_[%d], w_[%d], c_;\n", nr * nc, nr * nr, nk, 2 * nc + nr);
    jac_code(cg, o, g, "    ");
    mo_loc none = {0};
    for (int i = 0; i < nk; i++) {
        mo_buf_printf(o, "        s_[%d] = (int)(", i);
        mo_cg_expr(cg, mo_sym_var(none, s->ksel[i]));
        mo_buf_puts(o, ") - 1;\n");
    }
    mo_buf_puts(o, "        if (!ok)\n            return -1;\n");
    /* the candidates whose integrals are declared StateSelect.never, which the switch keeps dummies */
    bool never = false;
    for (int j = 0; j < nc; j++)
        never |= dae->vars.v[dae->vars.v[s->cols[j]].der_of].state_select == MO_SS_NEVER;
    if (never) {
        mo_buf_printf(o, "        static const unsigned char n_[%d] = {", nc);
        for (int j = 0; j < nc; j++)
            mo_buf_printf(o, "%s%d", j ? ", " : "",
                          dae->vars.v[dae->vars.v[s->cols[j]].der_of].state_select == MO_SS_NEVER);
        mo_buf_puts(o, "};\n");
    }
    mo_buf_printf(o, "        c_ = mo2c_dss_switch(d, t, %d, %d, %d, J_, s_, %s, W_, w_, accepted);\n", k, nr, nc,
                  never ? "n_" : "NULL");
    mo_buf_puts(o, "        if (c_ < 0)\n            return -1;\n        if (c_ == 1) {\n");
    for (int i = 0; i < nk; i++) {
        /* the slot written is the set state's in x (demote.c never makes one algebraic, whose slot would
         * index y: the switch would overwrite an unrelated state) */
        if (dae->vars.v[s->sset[i]].kind != MO_DV_STATE)
            mo_unreachable("a state set's state is no state");
        mo_buf_printf(o, "            y[%d] = s_[%d] + 1;\n            switch (s_[%d]) {\n", dae->vars.v[s->ksel[i]].slot,
                      i, i);
        for (int j = 0; j < nc; j++) {
            mo_buf_printf(o, "            case %d: d->x[%d] = ", j, dae->vars.v[s->sset[i]].slot);
            mo_cg_expr(cg, mo_sym_var(none, dae->vars.v[s->cols[j]].der_of));
            mo_buf_puts(o, "; break;\n");
        }
        mo_buf_puts(o, "            default: break;\n            }\n");
    }
    mo_buf_puts(o, "            switched = 2;\n        }\n    }\n");
}

/* The guard of set g (the k-th), at indent: at an accepted point always, inside rhs when the last
 * accepted point found it near degenerate. */
static void guard(mo_cg *cg, mo_buf *o, const gset *g, int k, const char *indent)
{
    const mo_dae *dae = cg->dae;
    int nr = g->nr, nd = g->nd, nc = g->nc;
    int w0 = root_eq(dae, g->rows[0]);
    cg->out = o;
    mo_buf_printf(o, "%sif (accepted || d->dss_near[%d]) {   /* the states chosen for ", indent, k);
    mo_cg_comment(o, mo_dae_eq_text(dae, &dae->eqs.v[w0]), 80);
    mo_buf_printf(o, "%s: do they still fit? (codegen_dss.c) */\n", nr > 1 ? " and the others" : "");
    mo_buf_printf(o, "%s    double J_[%d], r_[%d], v_[%d];\n%s    int w_[%d], i_ = 0, j_ = 0, c_;\n", indent,
                  nr * nc, nc, 3 + nr, indent, 3 * nr);
    jac_code(cg, o, g, indent);
    for (int j = 0; j < nc; j++) {
        mo_buf_printf(o, "%s    r_[%d] = ", indent, j);
        mo_cg_expr(cg, mo_sym_var(dae->eqs.v[w0].loc, g->cols[j]));
        mo_buf_puts(o, ";\n");
    }
    mo_buf_printf(o, "%s    static const double f_[%d] = {", indent, nd);
    for (int j = 0; j < nd; j++)
        mo_buf_printf(o, "%s%.17g", j ? ", " : "", g->ref[j]);
    mo_buf_printf(o, "};\n%s    if (!ok)\n%s        return -1;\n", indent, indent);
    if (nd < nr)
        mo_buf_printf(o, "%s    c_ = mo2c_dss_check_rect(%d, %d, %d, J_, r_, f_, w_, &i_, &j_, v_);\n", indent, nr, nd, nc);
    else
        mo_buf_printf(o, "%s    c_ = mo2c_dss_check(%d, %d, J_, r_, f_, w_, &i_, &j_, v_);\n", indent, nr, nc);
    mo_buf_printf(o, "%s    if (accepted)\n%s        mo2c_dss_near(d, %d, c_ == 2);\n", indent, indent, k);
    mo_buf_printf(o, "%s    if (c_ == 1) {\n", indent);
    mo_buf_printf(o, "%s        const char *e_[%d] = {", indent, nr);
    for (int i = 0; i < nr; i++) {
        int w = root_eq(dae, g->rows[i]);
        cg->where_used[w] = 1;
        mo_buf_printf(o, "%s%s", i ? ", " : "", mo_cg_where_name(cg, w));
    }
    mo_buf_printf(o, "};\n%s        static const char *const z_[%d] = {", indent, nd);
    for (int j = 0; j < nd; j++) {
        int c = g->cols[j], z = dae->vars.v[c].der_of >= 0 ? dae->vars.v[c].der_of : c;
        mo_buf_printf(o, "%s\"", j ? ", " : "");
        mo_cg_c_string(o, dae->vars.v[z].name);
        mo_buf_puts(o, "\"");
    }
    mo_buf_printf(o, "};\n%s        return mo2c_fail(d, \"the states chosen at compile time no longer fit the constraint %%s",
                  indent);
    if (nr > 1)
        mo_buf_printf(o, " (one of %d that fix %d dummy states together; eliminated against the other dummies)", nr,
                      nd);
    mo_buf_printf(o, ": its partial derivative against the dummy state '%%s' is %%g, the largest against another of its variables %%g, and it "
                     "moves at %%g; dynamic state selection (switching the states during the run) is not "
                     "supported yet\", e_[i_], z_[j_], v_[0], v_[1], v_[2]);\n%s    }\n%s}\n", indent, indent);
}

int mo_cg_dss_count(const mo_cg_dss *P)
{
    return P->sets.n;
}

bool mo_cg_dss_switches(const mo_cg_dss *P)
{
    for (int k = 0; k < P->sets.n; k++)
        if (P->sets.v[k].set)
            return true;
    return false;
}

void mo_cg_dss_watch(mo_cg *cg, mo_buf *o, const mo_cg_dss *P)
{
    if (P->sets.n == 0)
        return;
    mo_buf_puts(o, "/* The watch of the state choices of index reduction (codegen_dss.c), at (t, x) with y and dx of\n"
                   " * rhs there: every choice at an accepted point (accepted = 1), the near ones inside rhs. */\n"
                   "static int dss_watch(mo2c_data *d, double t, const double *x, double *dx, int accepted)\n{\n"
                   "    double *y = d->y;\n    const double *p = d->p;\n    int ok = 1;\n"
                   "    (void)t; (void)x; (void)dx; (void)y; (void)p; (void)ok;\n");
    bool sets = mo_cg_dss_switches(P);
    if (sets)   /* 2 when a state set switched (runtime/solver.c restarts the integrator) */
        mo_buf_puts(o, "    int switched = 0;\n");
    /* a C function of its own: the calls that rhs's statements ran once (codegen_sites.c) are not
     * declared here, so none is readable */
    mo_cg_sites_scope(cg->sites, P, -2);
    /* the lowest level first: there the candidates are the rates of the dummy states themselves, so a
     * choice that degenerates is reported for the variables and equations the model wrote */
    for (int k = P->sets.n - 1; k >= 0; k--) {
        if (P->sets.v[k].set)
            switch_code(cg, o, &P->sets.v[k], k);
        else
            guard(cg, o, &P->sets.v[k], k, "    ");
    }
    mo_cg_sites_scope(cg->sites, NULL, -1);
    mo_buf_printf(o, "    return %s;\n}\n\n", sets ? "switched" : "0");
}
