/*
 * dss.c - does the static state choice still hold? The test behind the guard that generated rhs ends
 * with (compiler/codegen/codegen_dss.c writes the call and says when it fires, and why).
 *
 * Input: one state choice of index reduction at the current point: the Jacobian J (nr rows, nc columns,
 * row-major) of nr differentiated equations against their candidate variables, the nr dummies chosen
 * at compile time first, and the candidates' values (rates: each candidate is the derivative of the
 * variable whose being a state the choice decides). Output: whether the choice degenerates, and where.
 *
 * Method. Gauss-Jordan elimination on the dummies' columns with partial pivoting (rows first scaled to
 * their largest entry, so that equations of different units weigh alike) turns the rows into nr
 * combinations, each holding one dummy z (pivot p) and the other candidates x (entries q_x). A combination
 * reads p z' + sum q_x x' = 0 (primes: the rates), as a single constraint does, so the test of a single
 * one applies to each: p small beside the largest |q_x| (the dummies' Jacobian is near singular: the
 * integrator's steps would follow whatever root the solver stays on) and 100 times below the dummy's
 * partial derivatives when the choice was made (ref: a choice stays while only another candidate's
 * coefficient grows, an angular velocity multiplying the derivative of an angle), and z moving (|z'| max|q_x| not
 * small beside max|q_x x'|) while p is not at rounding level (a dummy that sits at its singular point
 * throughout, a quaternion component that stays 0 in a planar motion, is right where it is).
 * O(nr^2 nc) per call at worst, less on sparse rows; the generated code calls it only for the diagonal
 * blocks of a choice whose pivots vary, at accepted points (and inside rhs for those found near, 2).
 *
 * Fewer dummies than equations (mo2c_dss_check_rect, nd < nr): a choice some of whose rows took, at compile
 * time, a column that is no derivative (codegen_dss.c says when). Those columns count among the others,
 * and the rows must keep full rank in the nd dummies; nr - nd combinations are left without one. There
 * the pivots are taken over the whole remaining block (complete pivoting): taken row by row, a row that
 * is to be left over could take a dummy with a small entry that a later row holds large (rows [e, 0],
 * [1, 0], [0, 1]: e taken first is a small pivot of a block whose rank is fine); with complete pivoting
 * a small pivot means that every remaining entry is small, the block near rank nd - 1 indeed. O(nr nd^2)
 * for the searches beside the elimination's O(nd nr nc).
 */
#include "rt_internal.h"

#include <math.h>

/* Below this ratio of |p| to the largest |q_x| the choice is given up: the compile-time choice takes a
 * column within a factor 10 of the largest (index.c), so this is ten times past the point where it
 * would have chosen otherwise. */
#define DSS_RATIO 1e-2
/* z moves when |z'| max|q_x| exceeds this fraction of max|q_x x'|: a dummy that sits at its singular
 * point has z' at rounding level beside them (1e-16 relative), one that passes it is of their order or
 * above (the Cartesian pendulum at the bottom of its swing: |x'| = 4.4 m/s where y' = 0). */
#define DSS_MOVING 1e-3
/* A solver on a double root (the dummy at its singular point, the constraint ~ p^2) stops within about
 * the square root of its tolerance: below this ratio of p to max|q_x| the dummy is at the point, at
 * rounding level (MultiBody's HeatLosses: a quaternion component 1e-10 relative, its derivative noise
 * of the same order), and stays there; the test watches the band between this and DSS_RATIO, which a
 * dummy moving through the point crosses. */
#define DSS_AT 1e-6
/* The test runs at the integrator's accepted points (and events) only: at every evaluation, trial
 * points included, it cost more than the model (ActuatorWithNoise 3.6 s, 1.2 s at accepted points). A choice within this ratio
 * of the test's thresholds at an accepted point (ten times DSS_RATIO: the pendulum's x 0.1 L from the
 * bottom) is near, and is tested at every evaluation until an accepted point finds it no longer near:
 * a trial point in the band fails and shortens the step, so that the steps close in on the crossing and
 * cannot stride over the band to the root of the old sign beyond it (the run would go on, wrong). */
#define DSS_NEAR 1e-1

static int check(int nr, int nd, int nc, double *J, const double *rate, const double *ref, int *work, int *row,
                 int *col, double *val)
{
    int *piv = work, *done = work + nr, *used = work + 2 * nr; /* row -> its pivot column (-1: none);
                                                                  * row done; dummy column taken */
    for (int i = 0; i < nr; i++) {
        piv[i] = -1;
        done[i] = used[i] = 0;
    }
    /* scale each row to its largest entry, kept in val[3..] to report the partial derivatives raw */
    for (int i = 0; i < nr; i++) {
        double s = 0;
        for (int j = 0; j < nc; j++)
            s = fmax(s, fabs(J[i * nc + j]));
        if (!(s > 0) || !isfinite(s)) {
            done[i] = 1;   /* no rate in it (a constraint at rest), or not a number: nothing to judge */
            continue;
        }
        for (int j = 0; j < nc; j++)
            J[i * nc + j] /= s;
        val[3 + i] = s;
    }
    /* each row in turn takes its largest entry among the dummies not taken (partial pivoting: O(nr)
     * per row, where a search of the whole matrix per step made the test O(nr^3) and an SMPM machine's
     * set of 27 equations slowed ActuatorWithNoise 8 times); a dummies' Jacobian near singular leaves a
     * small pivot all the same. With fewer dummies than rows, complete pivoting (file comment). */
    for (int step = 0; step < nr; step++) {
        int bi = step, bj = -1;
        double big = 0;
        if (nd < nr) {   /* the largest entry of the remaining block */
            bi = -1;
            for (int i = 0; i < nr; i++)
                for (int j = 0; j < nd && !done[i]; j++)
                    if (!used[j] && fabs(J[i * nc + j]) > big) {
                        big = fabs(J[i * nc + j]);
                        bi = i;
                        bj = j;
                    }
            if (bi < 0)
                break;   /* every dummy taken, or none left in the rows: the rest is not judged */
        } else {
            if (done[bi])
                continue;
            for (int j = 0; j < nd; j++)
                if (!used[j] && fabs(J[bi * nc + j]) > big) {
                    big = fabs(J[bi * nc + j]);
                    bj = j;
                }
            if (bj < 0)
                continue;   /* no dummy left in it: nothing to judge it by */
        }
        piv[bi] = bj;
        done[bi] = used[bj] = 1;
        double pv = J[bi * nc + bj];
        for (int i = 0; i < nr; i++) {
            if (i == bi || J[i * nc + bj] == 0)
                continue;
            double f = J[i * nc + bj] / pv;
            for (int j = 0; j < nc; j++)
                J[i * nc + j] -= f * J[bi * nc + j];
            J[i * nc + bj] = 0;
        }
    }
    int near = 0;
    for (int i = 0; i < nr; i++) {
        if (piv[i] < 0)
            continue;
        double p = fabs(J[i * nc + piv[i]]), q = 0, vx = 0;
        for (int j = nd; j < nc; j++) {
            q = fmax(q, fabs(J[i * nc + j]));
            vx = fmax(vx, fabs(J[i * nc + j] * rate[j]));
        }
        double vz = fabs(rate[piv[i]]);
        if (!(p > DSS_AT * q && vz * q > DSS_MOVING * vx))
            continue;
        if (p < DSS_RATIO * q && p * val[3 + i] < DSS_RATIO * ref[piv[i]]) {
            *row = i;
            *col = piv[i];
            val[0] = p * val[3 + i];
            val[1] = q * val[3 + i];
            val[2] = vz;
            return 1;
        }
        near |= p < DSS_NEAR * q && p * val[3 + i] < DSS_NEAR * ref[piv[i]];
    }
    return near ? 2 : 0;
}

void mo2c_dss_near(mo2c_data *d, int k, int near)
{
    if (d->dss_near[k] != (near != 0)) {
        d->dss_nnear += near ? 1 : -1;
        d->dss_near[k] = near != 0;
    }
}

int mo2c_dss_check(int nr, int nc, double *J, const double *rate, const double *ref, int *work, int *row,
                   int *col, double *val)
{
    return check(nr, nr, nc, J, rate, ref, work, row, col, val);
}

int mo2c_dss_check_rect(int nr, int nd, int nc, double *J, const double *rate, const double *ref, int *work,
                        int *row, int *col, double *val)
{
    return check(nr, nd, nc, J, rate, ref, work, row, col, val);
}

/* ---- state sets: the switch ----
 *
 * A state set (compiler/analysis/stateset.c, codegen_dss.c): every candidate is computed from the rows
 * and the set states, which copy nk = nc - nr of them (kept); the rest, nr columns, are the dummies, and
 * the rows' Jacobian against them must stay regular. At each accepted point the generated code hands
 * in the Jacobian against all candidates; with the rows scaled to their largest entry, the kept
 * choice's |det| over its dummies' columns is compared with that of the columns complete pivoting takes
 * (the largest remaining entry at each step, as a static choice is made by size). Below DSS_SWITCH of it
 * the set switches to those columns: the pivot of a pendulum's constraint against x, 2x, has fallen
 * below a tenth of the one against y. The margin is the hysteresis: right after a switch the old choice
 * would have to be ten times better to come back, so the set does not chatter at a tie. O(nr^2 nc). */
#define DSS_SWITCH 1e-1
/* An entry of the scaled rows below this is no pivot for a candidate declared StateSelect.never. */
#define DSS_NEGLIGIBLE 1e-8
/* Trial points of the integrator (rhs) test the set too, and fail below DSS_SWITCH^2: a step that
 * would cross the band [DSS_SWITCH^2, DSS_SWITCH] without an accepted point in it is shortened, so that
 * the switch comes before the candidates can pass the singular point on the root of the old sign. */

/* |det| of J's columns cols[0 .. nr) (J: nr x nc, row-major), by elimination with partial pivoting on
 * their copy B (nr x nr). */
static double subdet(int nr, int nc, const double *J, const int *cols, double *B)
{
    for (int i = 0; i < nr; i++)
        for (int k = 0; k < nr; k++)
            B[i * nr + k] = J[i * nc + cols[k]];
    double det = 1;
    for (int k = 0; k < nr; k++) {
        int bi = -1;
        double big = 0;
        for (int i = k; i < nr; i++)
            if (fabs(B[i * nr + k]) > big) {
                big = fabs(B[i * nr + k]);
                bi = i;
            }
        if (bi < 0)
            return 0;
        for (int j = k; j < nr && bi != k; j++) {
            double tmp = B[k * nr + j];
            B[k * nr + j] = B[bi * nr + j];
            B[bi * nr + j] = tmp;
        }
        det *= big;
        for (int i = k + 1; i < nr; i++) {
            double f = B[i * nr + k] / B[k * nr + k];
            for (int j = k; j < nr; j++)
                B[i * nr + j] -= f * B[k * nr + j];
        }
    }
    return det;
}

int mo2c_dss_switch(mo2c_data *d, double t, int set, int nr, int nc, double *J, int *kept, const unsigned char *never,
                    double *work, int *iwork, int accepted)
{
    int nk = nc - nr, *flag = iwork, *cols = iwork + nc, *done = iwork + 2 * nc;
    for (int i = 0; i < nr; i++) {
        double s = 0;
        for (int j = 0; j < nc; j++) {
            if (!isfinite(J[i * nc + j]))
                return 0;   /* not a number (fmax would pass over a NaN): nothing to choose by */
            s = fmax(s, fabs(J[i * nc + j]));
        }
        if (!(s > 0))
            return 0;   /* a row without a rate in it: nothing to choose by */
        for (int j = 0; j < nc; j++)
            J[i * nc + j] /= s;
    }
    for (int j = 0; j < nc; j++)
        flag[j] = 0;
    for (int i = 0; i < nk; i++)
        if (kept[i] >= 0 && kept[i] < nc)
            flag[kept[i]] = 1;
    int n = 0;
    for (int j = 0; j < nc; j++)
        if (!flag[j])
            cols[n++] = j;
    if (n != nr)
        return 0;
    double cur = subdet(nr, nc, J, cols, work);
    if (!accepted) {
        /* a trial point of the integrator: far past the switch, the step strode over the band where an
         * accepted point would have switched (the pendulum's x from 0.1 L to beyond the bottom), and the
         * candidates may be on the root of the old sign; failing the evaluation shortens the step (GSL's
         * steppers; CVODE and IDA take the failure as unrecoverable: the run stops with the message).
         * Any other evaluation is at an accepted point (the start, whose solved initial point can lie past
         * the band of the choice made at the start values; an event; an output point) or within a
         * difference step or an accepted step of one (the stiffness estimate's and a finite-difference
         * Jacobian's points, SUNDIALS' root search): the check of the accepted point that follows it
         * switches there, so failing would stop a run a switch carries on.
         * The best columns' determinant is the one of the last accepted point, a step away: complete
         * pivoting at every evaluation was 58 % of the run's CPU with a set of 22 rows (MultiBody's
         * RevoluteConstraint); before the first accepted point there is nothing to compare with. */
        const mo2c_rt_state *s = d->solver;
        double best = d->dss_best[set];
        if (s && s->trial && cur < DSS_SWITCH * DSS_SWITCH * best)
            return mo2c_fail(d, "state set %d: the states it keeps are near singular within the integrator's step "
                             "(determinant %g, %g with the best candidates at the last accepted point): the step "
                             "must be shorter", set + 1, cur, best);
        return 0;
    }
    /* the best columns, complete pivoting on J itself (flag: the column is a pivot) */
    double best = 1;
    for (int j = 0; j < nc; j++)
        flag[j] = 0;
    for (int i = 0; i < nr; i++)
        done[i] = 0;
    for (int step = 0; step < nr; step++) {
        int bi = -1, bj = -1;
        double big = 0;
        /* the candidates declared StateSelect.never first, while one of them has an entry that is not
         * negligible (as compiler/analysis/index.c chooses by tiers): they stay dummies wherever they can
         * (MultiBody's RevoluteConstraint: the angles of its free motion's initialization) */
        for (int tier = never ? 0 : 1; tier < 2 && bi < 0; tier++)
            for (int i = 0; i < nr; i++)
                for (int j = 0; j < nc && !done[i]; j++) {
                    double a = fabs(J[i * nc + j]);
                    if (!flag[j] && (tier || never[j]) && a > big && (tier || a > DSS_NEGLIGIBLE)) {
                        big = a;
                        bi = i;
                        bj = j;
                    }
                }
        if (bi < 0) {
            d->dss_best[set] = 0;
            return 0;   /* the rows have lost rank in every choice: no switch helps */
        }
        best *= big;
        flag[bj] = done[bi] = 1;
        for (int i = 0; i < nr; i++) {
            if (done[i] || J[i * nc + bj] == 0)
                continue;
            double f = J[i * nc + bj] / J[bi * nc + bj];
            for (int j = 0; j < nc; j++)
                J[i * nc + j] -= f * J[bi * nc + j];
            J[i * nc + bj] = 0;
        }
    }
    d->dss_best[set] = best;
    if (!(cur < DSS_SWITCH * best))
        return 0;
    int k = 0;
    for (int j = 0; j < nc; j++)
        if (!flag[j])
            kept[k++] = j;
    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "at time %.16g: state set %d switches its states to candidate %d%s (the "
                "determinant of the rows against the dummies was %g, %g with the new ones)", t, set + 1, kept[0] + 1,
                nk > 1 ? " and others" : "", cur, best);
    return 1;
}
