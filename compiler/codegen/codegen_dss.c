/*
 * codegen_dss.c - the run-time guard of a static state choice that would need dynamic state selection.
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
 * not yet, so the run stops with a located error before the choice degenerates.
 *
 * What is watched: every choice index reduction made (dae->dsets: at each level of the dummy derivative
 * method, each connected set of differentiated equations and the candidates they fix), whatever loop,
 * linear system or explicit assignment computes its dummies afterwards, except the choices whose
 * Jacobian is the same throughout the run (entries of parameters and constants only: a linear
 * constraint with constant coefficients never degenerates). At the end of rhs (every derivative of the
 * evaluation computed) the guard evaluates the Jacobian of the set's equations against its candidates
 * (symbolic partial derivatives) and the candidates' values, which are the rates of the variables whose
 * being states the choice decides (the candidate der(x) is the rate of x), and the runtime's
 * mo2c_dss_check (runtime/dss.c) eliminates the dummies against each other and stops the run when, in
 * one of the combinations, the partial derivative against its dummy falls below 1/100 of the largest
 * against another candidate, and below 1/100 of the dummy's own at the start values, while the dummy
 * moves (a dummy that only sits at its singular point while
 * the others move across it is left alone: a body in planar motion keeps a quaternion component at 0
 * throughout, and so is its derivative; the Cartesian pendulum's x at the bottom of its swing moves at
 * 4.4 m/s where der(y) = 0 and is stopped). One differentiated equation with one dummy is the test of a
 * single constraint: dF/dz small beside dF/dx while z moves. A failure at a trial point only shortens
 * the integrator's step (runtime/solver.c); the run stops when an accepted point fails.
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
 * the set is watched on its nd < nr dummies that are derivatives, which its rows must keep at full rank
 * (mo2c_dss_check_rect); a choice that needed one more column would be another choice of states.
 *
 * Needs: a solved DAE (dae->dsets from index.c, dae->ode's blocks). mo_cg_dss_plan differentiates once;
 * codegen_need.c puts the blocks computing what the guards read in rhs. Guarantees: the message names
 * the equation that was differentiated (its where string) and the dummy state (an escaped literal,
 * never a format). A set of nr equations costs O(nr^2 nc) per evaluation, so sets of more than
 * DSS_MAX_ROWS equations are not watched yet (a gap the README states).
 */
#include "codegen.h"
#include "../analysis/daeutil.h"

#include <math.h>
#include <string.h>

typedef struct gset {
    const mo_dset *s;
    int nd;                    /* the dummies that are derivatives (cols[0 .. nd)); nd < s->nr: see above */
    int *cols;                 /* s->cols, those dummies first, then the others and the rest of s's dummies */
    mo_expr **jac;             /* nr x nc, row-major; NULL: the entry is 0 */
    double *ref;               /* per dummy: its largest partial derivative at the start values, or
                                * DSS_NO_REF (not known, or 0: the choice was not made by size) */
} gset;

/* Sets of more equations than this are not watched: the test is dense, O(nr^2 nc) per evaluation (a
 * MultiBody loop's top-level set of 344 equations made PlanarLoops_analytic 100 times slower). */
#define DSS_MAX_ROWS 64
#define DSS_NO_REF 1e300

struct mo_cg_dss {
    MO_VEC(gset) sets;
    MO_VEC(const mo_expr *) reads;   /* what the guards read: Jacobian entries, candidates */
};

/* Does e change during the run (a variable that is no parameter or constant, or time)? Recursion over
 * one expression only. */
static bool varies(const mo_dae *dae, const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_TIME)
        return true;
    if (e->kind == MO_EX_VAR && e->var >= 0 && e->var < dae->vars.n) {
        const mo_expr *value = NULL;
        int v = mo_dae_resolve(dae, e->var, NULL, &value, NULL);
        if (!value && v >= 0 && dae->vars.v[v].kind != MO_DV_PARAMETER && dae->vars.v[v].kind != MO_DV_CONSTANT)
            return true;
    }
    for (int i = 0; i < e->n; i++)
        if (varies(dae, e->a[i]))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (varies(dae, e->named[i].value))
            return true;
    return false;
}

/* The pattern of the rows' partial derivatives against the dummies (pat[i * n + j]): absent or 0, a
 * nonzero constant, varying (or a parameter expression 0 at the start), or not available (the partial
 * derivative of a medium's derivative function against its own derivative inputs). */
enum { PAT_ZERO, PAT_CONST, PAT_OTHER, PAT_NA };

/* Is the block triangular, under some order of rows and columns, with available entries on its
 * diagonal? Its pivots are then those entries, whatever the others (entries against dummies that are
 * not available are left out of the guard: they change no pivot; one against a state would, see
 * mo_cg_dss_plan). 0: no; 1: yes, and the diagonal is nonzero constants (the
 * determinant is constant: the choice can never degenerate); 2: yes, some pivot varies. A Fluid
 * medium's choice is so: der(d) = rho_ph_der(p, h, der(p), der(h)) has 1 against its dummy der(d),
 * and der(T) = der(waterBaseProp_ph)(p2, ..., der(p2), ...) reads another dummy der(p2) only through
 * the derivative function, with 1 against der(T). Peels a row with one remaining dummy at a time:
 * O(n^3) for n <= DSS_MAX_ROWS. */
static int triangular(const unsigned char *pat, int n)
{
    int result = 1;
    unsigned char *rowdone = MO_NEWN(unsigned char, n + 1), *coldone = MO_NEWN(unsigned char, n + 1);
    for (int peeled = 0; peeled < n;) {
        bool progress = false;
        for (int i = 0; i < n; i++) {
            if (rowdone[i])
                continue;
            int cnt = 0, last = -1;
            for (int j = 0; j < n && cnt < 2; j++)
                if (!coldone[j] && pat[(size_t)i * (size_t)n + (size_t)j] != PAT_ZERO) {
                    cnt++;
                    last = j;
                }
            unsigned char piv = cnt == 1 ? pat[(size_t)i * (size_t)n + (size_t)last] : PAT_NA;
            if (piv == PAT_CONST || piv == PAT_OTHER) {
                result = piv == PAT_OTHER ? 2 : result;
                rowdone[i] = coldone[last] = 1;
                peeled++;
                progress = true;
            }
        }
        if (!progress)
            return 0;
    }
    return result;
}

/* The equation that row r is a derivative of, down to the one the model wrote. */
static int root_eq(const mo_dae *dae, int r)
{
    while (dae->eqs.v[r].diff_of >= 0)
        r = dae->eqs.v[r].diff_of;
    return r;
}

mo_cg_dss *mo_cg_dss_plan(const mo_dae *dae)
{
    mo_cg_dss *P = MO_NEW(mo_cg_dss);
    int *colpos = MO_NEWN(int, dae->vars.n + 1);
    unsigned char *seen = MO_NEWN(unsigned char, dae->vars.n + 1);
    mo_int_vec vs = {0};
    double *start = NULL;
    for (int k = 0; k < dae->dsets.n; k++) {
        const mo_dset *s = &dae->dsets.v[k];
        if (s->nr > DSS_MAX_ROWS)
            continue;
        int *cols = MO_NEWN(int, s->nc), nd = 0, nfake = s->nr;   /* the derivative dummies first */
        for (int j = 0; j < s->nc; j++) {
            if (j >= s->nr)
                cols[j] = s->cols[j];
            else if (dae->vars.v[s->cols[j]].der_of >= 0)
                cols[nd++] = s->cols[j];
            else
                cols[--nfake] = s->cols[j];
        }
        if (nd == 0)
            continue;   /* no state is chosen here */
        mo_expr **jac = MO_NEWN(mo_expr *, (size_t)s->nr * (size_t)s->nc);
        for (int j = 0; j < s->nc; j++)
            colpos[cols[j]] = j + 1;
        /* vary: some partial derivative changes during the run; dvary, dfail: one against a dummy
         * (cols[0 .. nd)) does, or is not available; sfail: one against another candidate (cols[nd ..),
         * which the pivots are compared with) is not available */
        bool vary = false, ok = true, dvary = false, dfail = false, sfail = false;
        unsigned char *pat = MO_NEWN(unsigned char, (size_t)s->nr * (size_t)s->nr);   /* see unit_triangular */
        for (int i = 0; i < s->nr; i++) {
            const mo_deq *q = &dae->eqs.v[s->rows[i]];
            mo_expr *res = mo_sym_sub(q->lhs, q->rhs);
            vs.n = 0;
            mo_dae_eq_unknowns(dae, q, seen, &vs);
            for (int t = 0; t < vs.n; t++) {
                int j = colpos[vs.v[t]] - 1;
                if (j < 0)
                    continue;
                mo_expr *dj = mo_diff_var_pure(res, vs.v[t]);
                double c;
                unsigned char kind = PAT_OTHER;
                if (!dj) {
                    kind = PAT_NA;
                    ok = false;   /* reported below */
                    dfail |= j < nd;
                    sfail |= j >= nd;
                } else if (!(mo_sym_is_num(dj, &c) && c == 0)) {
                    jac[(size_t)i * (size_t)s->nc + (size_t)j] = dj;
                    bool v = varies(dae, dj);
                    vary |= v;
                    dvary |= v && j < nd;
                    if (!v && j < nd) {   /* parameters only: nonzero at the start, nonzero throughout */
                        if (!start)
                            start = mo_dae_start_values(dae);
                        bool fine = true;
                        double cv = mo_eval(dj, start, &fine);
                        kind = fine && isfinite(cv) && cv != 0 ? PAT_CONST : PAT_OTHER;
                    }
                } else {
                    kind = PAT_ZERO;
                }
                if (j < nd && nd == s->nr)
                    pat[(size_t)i * (size_t)nd + (size_t)j] = kind;
            }
        }
        for (int j = 0; j < s->nc; j++)
            colpos[cols[j]] = 0;
        /* The rows' partial derivatives against the dummies are constant (a medium's d = density_ph(p,
         * h) differentiated: 1 against der(d), whatever those against der(p) and der(h), which the
         * derivative function's own derivative would give): the block regular at the start values
         * stays so, and the guard, which gives a dummy up only below 1/100 of its start value, could
         * never fire. Nothing to watch, whether or not the other partial derivatives exist. */
        int tri = nd == s->nr ? triangular(pat, nd) : 0;   /* a rectangular block is no triangle */
        if ((!dfail && !dvary) || tri == 1)
            continue;
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
            const mo_deq *q = &dae->eqs.v[root_eq(dae, s->rows[0])];
            mo_warning(q->loc, "the states chosen for this equation are not watched during the run (a partial "
                       "derivative of its time derivative is not available): without dynamic state selection, "
                       "should the choice stop fitting it the results could be wrong without an error");
            continue;
        }
        if (!vary)
            continue;
        /* the size of each dummy's partial derivatives when the choice was made: a dummy is given up
         * only when its own partial derivative has fallen, not when another candidate's has grown (a
         * rotor's angular acceleration beside the derivative of an angle, whose coefficient in the
         * differentiated constraint is an angular velocity: 100 rad/s in BevelGear1D) */
        if (!start)
            start = mo_dae_start_values(dae);
        double *ref = MO_NEWN(double, nd);
        for (int j = 0; j < nd; j++) {
            double big = 0;
            bool fine = true;
            for (int i = 0; i < s->nr; i++) {
                const mo_expr *e = jac[(size_t)i * (size_t)s->nc + (size_t)j];
                double v = e ? mo_eval(e, start, &fine) : 0;
                if (isfinite(v))
                    big = fmax(big, fabs(v));
            }
            ref[j] = fine && big > 0 && big < DSS_NO_REF ? big : DSS_NO_REF;
        }
        gset g = {s, nd, cols, jac, ref};
        MO_PUSH(P->sets, g);
        for (size_t e = 0; e < (size_t)s->nr * (size_t)s->nc; e++)
            if (jac[e])
                MO_PUSH(P->reads, jac[e]);
        mo_loc none = {0};
        for (int j = 0; j < s->nc; j++)
            MO_PUSH(P->reads, mo_sym_var(none, cols[j]));
    }
    return P;
}

const mo_expr *const *mo_cg_dss_reads(const mo_cg_dss *P, int *n)
{
    *n = P->reads.n;
    return P->reads.v;
}

/* The guard of set g, at indent. */
static void guard(mo_cg *cg, mo_buf *o, const gset *g, const char *indent)
{
    const mo_dae *dae = cg->dae;
    const mo_dset *s = g->s;
    int nr = s->nr, nd = g->nd, nc = s->nc;
    int w0 = root_eq(dae, s->rows[0]);
    cg->out = o;
    mo_buf_printf(o, "%s{   /* the states chosen for ", indent);
    mo_cg_comment(o, mo_dae_eq_text(dae, &dae->eqs.v[w0]), 80);
    mo_buf_printf(o, "%s: do they still fit? (codegen_dss.c) */\n", nr > 1 ? " and the others" : "");
    mo_buf_printf(o, "%s    double J_[%d], r_[%d], v_[%d];\n%s    int w_[%d], i_ = 0, j_ = 0;\n", indent, nr * nc,
                  nc, 3 + nr, indent, 3 * nr);
    mo_buf_printf(o, "%s    for (int k_ = 0; k_ < %d; k_++)\n%s        J_[k_] = 0.0;\n", indent, nr * nc, indent);
    for (int i = 0; i < nr; i++) {
        cg->where_id = root_eq(dae, s->rows[i]);
        for (int j = 0; j < nc; j++) {
            const mo_expr *e = g->jac[(size_t)i * (size_t)nc + (size_t)j];
            if (!e)
                continue;
            mo_buf_printf(o, "%s    J_[%d] = ", indent, i * nc + j);
            mo_cg_expr(cg, e);
            mo_buf_puts(o, ";\n");
        }
    }
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
        mo_buf_printf(o, "%s    if (mo2c_dss_check_rect(%d, %d, %d, J_, r_, f_, w_, &i_, &j_, v_)) {\n", indent, nr, nd, nc);
    else
        mo_buf_printf(o, "%s    if (mo2c_dss_check(%d, %d, J_, r_, f_, w_, &i_, &j_, v_)) {\n", indent, nr, nc);
    mo_buf_printf(o, "%s        const char *e_[%d] = {", indent, nr);
    for (int i = 0; i < nr; i++) {
        int w = root_eq(dae, s->rows[i]);
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
    mo_buf_printf(o, ": its partial derivative against the dummy state '%%s' is %%g, against a state %%g, and it "
                     "moves at %%g; dynamic state selection (switching the states during the run) is not "
                     "supported yet\", e_[i_], z_[j_], v_[0], v_[1], v_[2]);\n%s    }\n%s}\n", indent, indent);
}

void mo_cg_dss_guards(mo_cg *cg, mo_buf *o, const mo_cg_dss *P, const char *indent)
{
    /* the lowest level first: there the candidates are the rates of the dummy states themselves, so a
     * choice that degenerates is reported for the variables and equations the model wrote */
    for (int k = P->sets.n - 1; k >= 0; k--)
        guard(cg, o, &P->sets.v[k], indent);
}
