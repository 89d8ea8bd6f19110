/*
 * algebra.c - what generated code calls while it evaluates equations: failure reporting and the solvers
 * of algebraic loops (the checked math, division, sqrt, log, asin, acos, pow, is in mathfn.c).
 *
 * Input: values and the `where` text of the equation (its source location and text, for messages).
 * Output: results, or a failure recorded in d->error (the runtime stops the run and prints it with the
 * time of the evaluation).
 * Preconditions: d comes from mo2c_data_alloc (d->solver may be NULL for a bare mo2c_data built by hand;
 * the solvers then allocate their scratch for the call and free it again).
 *
 */
#include "rt_internal.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_multiroots.h>
#include <gsl/gsl_permute_vector.h>

int mo2c_fail(mo2c_data *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->error, sizeof d->error, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- linear systems ---- */

/* Dense LU with partial pivoting (GSL). A pivot below n * eps * max|A| counts as singular: in floating
 * point an exactly singular matrix rarely produces an exact zero pivot, and the "solution" it gives
 * instead is garbage of huge magnitude. */
int mo2c_solve_linear(mo2c_data *d, int n, double *A, double *b, const char *where)
{
    if (n <= 0)
        return 0;
    /* NaN or Inf among the inputs is no singularity: say so (an integrator's trial state that overflowed
     * made IMC_YDarc's mechanical loop report "singular linear system" with a matrix of constants) */
    for (int i = 0; i < n * n; i++)
        if (!isfinite(A[i]))
            return mo2c_fail(d, "linear system in %s: a coefficient is %g (a value it reads is not finite)",
                             mo2c_rt_where(where), A[i]);
    for (int i = 0; i < n; i++)
        if (!isfinite(b[i]))
            return mo2c_fail(d, "linear system in %s: its right-hand side is %g (a value it reads is not finite)",
                             mo2c_rt_where(where), b[i]);
    double amax = 0.0;
    for (int i = 0; i < n * n; i++) {
        double v = fabs(A[i]);
        if (v > amax)
            amax = v;
    }
    if (n == 1) { /* the common case of one unknown: no permutation, no call */
        if (!(fabs(A[0]) > 0.0) || !isfinite(A[0]))
            return mo2c_fail(d, "singular linear system in %s", mo2c_rt_where(where));
        b[0] /= A[0];
        if (!isfinite(b[0]))
            return mo2c_fail(d, "singular linear system in %s", mo2c_rt_where(where));
        return 0;
    }
    mo2c_rt_state *s = d->solver;
    size_t *perm = NULL, *tmp = NULL;
    if (s) {
        if (s->perm_n < n) {
            size_t *np = realloc(s->perm, (size_t)n * sizeof *np);
            if (!np)
                return mo2c_fail(d, "out of memory solving the linear system in %s", mo2c_rt_where(where));
            s->perm = np;
            s->perm_n = n;
        }
        perm = s->perm;
    } else {
        perm = tmp = malloc((size_t)n * sizeof *tmp);
        if (!tmp)
            return mo2c_fail(d, "out of memory solving the linear system in %s", mo2c_rt_where(where));
    }
    gsl_permutation p = {(size_t)n, perm};
    gsl_matrix_view Av = gsl_matrix_view_array(A, (size_t)n, (size_t)n);
    gsl_vector_view bv = gsl_vector_view_array(b, (size_t)n);
    int signum, rc = 0;
    if (!isfinite(amax) || gsl_linalg_LU_decomp(&Av.matrix, &p, &signum) != GSL_SUCCESS) {
        rc = -1;
    } else {
        double tiny = (double)n * DBL_EPSILON * amax;
        for (int i = 0; i < n && rc == 0; i++)
            if (!(fabs(A[i * n + i]) > tiny))
                rc = -1;
        if (rc == 0 && gsl_linalg_LU_svx(&Av.matrix, &p, &bv.vector) != GSL_SUCCESS)
            rc = -1;
        for (int i = 0; i < n && rc == 0; i++)
            if (!isfinite(b[i]))
                rc = -1;
    }
    free(tmp);
    if (rc)
        return mo2c_fail(d, "singular linear system in %s", mo2c_rt_where(where));
    return 0;
}

/* ---- nonlinear systems ---- */

/* GSL's hybridsj (Powell's hybrid method with the analytic Jacobian, scaled) is kept per system size:
 * an algebraic loop is solved at every right-hand-side evaluation, and allocating the solver each time
 * would cost more than the few iterations from the previous solution. */
struct mo2c_rt_nlsolver {
    int n;
    gsl_multiroot_fdfsolver *s;
    double *work;              /* 3n scratch for a finite-difference Jacobian */
    double *newton;            /* n*n + 6n scratch for the Newton steps tried first (newton_first) */
    mo2c_rt_nlsolver *next;
};

typedef struct nl_call {
    mo2c_data *d;
    mo2c_residual_fn f;
    mo2c_jacobian_fn jac;
    int n;
    double *work;
    int failed;                /* the model's residual or Jacobian reported a failure (in d->error) */
    int singular;              /* newton_first converged where the Jacobian is singular (see there) */
} nl_call;

static int nl_f(const gsl_vector *z, void *params, gsl_vector *F)
{
    nl_call *c = params;
    if (c->f(c->d, z->data, F->data) != 0) {
        c->failed = 1;
        return GSL_EBADFUNC;
    }
    return GSL_SUCCESS;
}

/* Forward differences when the generated code has no Jacobian for this loop. */
static int nl_df(const gsl_vector *z, void *params, gsl_matrix *J)
{
    nl_call *c = params;
    int n = c->n;
    if (c->jac) {
        if (c->jac(c->d, z->data, J->data) != 0) {
            c->failed = 1;
            return GSL_EBADFUNC;
        }
        return GSL_SUCCESS;
    }
    double *f0 = c->work, *zz = c->work + n, *col = c->work + 2 * n;
    if (c->f(c->d, z->data, f0) != 0) {
        c->failed = 1;
        return GSL_EBADFUNC;
    }
    for (int j = 0; j < n; j++)
        zz[j] = z->data[j];
    for (int j = 0; j < n; j++) {
        double keep = zz[j];
        /* A column that the step leaves exactly 0 is tried again with steps 1e3 and 1e6 times longer:
         * a slope below the rounding of the residual at sqrt(eps) is no slope of 0. Spice3's Nand starts
         * with its output at 0 V, where the PMOS pull-ups are saturated and the node's current moves
         * with its voltage through gmin = 1e-12 S alone: 1.5e-20 A for the step of 1.5e-8 V, under
         * one ulp of the 3.75e-4 A of the residual, so the column was 0, the step singular, and the
         * output never moved towards its 5 V. The Newton step is then long (gmin's slope), and the
         * clipping and line search of newton_first bring it back. */
        int zero = 1;
        for (int k = 0; k < 3 && zero; k++) {
            double h = sqrt(DBL_EPSILON) * (k == 0 ? 1.0 : k == 1 ? 1e3 : 1e6) * fmax(fabs(keep), 1.0);
            zz[j] = keep + h;
            h = zz[j] - keep; /* the step actually taken, exactly representable */
            char keep_error[sizeof c->d->error];
            if (k > 0)
                memcpy(keep_error, c->d->error, sizeof keep_error);
            int rc = c->f(c->d, zz, col);
            zz[j] = keep;
            if (rc != 0 && k > 0)
                memcpy(c->d->error, keep_error, sizeof keep_error);
            if (rc != 0 && k == 0) {
                c->failed = 1;
                return GSL_EBADFUNC;
            }
            if (rc != 0)
                break; /* the longer step leaves the residual's domain: the column stays 0 */
            for (int i = 0; i < n; i++) {
                double v = (col[i] - f0[i]) / h;
                J->data[(size_t)i * J->tda + (size_t)j] = v;
                zero &= v == 0.0;
            }
        }
    }
    return GSL_SUCCESS;
}

static int nl_fdf(const gsl_vector *z, void *params, gsl_vector *F, gsl_matrix *J)
{
    int st = nl_f(z, params, F);
    return st ? st : nl_df(z, params, J);
}

/* A nonlinear loop's start (mo2c_loop_start): its last solution, and its solution at the last accepted
 * point, the start of its first solve after the integrator rejected a try. */
struct mo2c_rt_loopmem {
    int n;
    int has_current, has_accepted;
    int rejected;                 /* the integrator rejected a try since the loop was last solved */
    double *current, *accepted;   /* one allocation of 2n: current first */
};

static void nl_free_one(mo2c_rt_nlsolver *e)
{
    if (!e)
        return;
    if (e->s)
        gsl_multiroot_fdfsolver_free(e->s);
    free(e->work);
    free(e->newton);
    free(e);
}

static mo2c_rt_nlsolver *nl_new(int n)
{
    mo2c_rt_nlsolver *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->n = n;
    e->s = gsl_multiroot_fdfsolver_alloc(gsl_multiroot_fdfsolver_hybridsj, (size_t)n);
    e->work = malloc(3 * (size_t)n * sizeof(double));
    e->newton = malloc(((size_t)n * (size_t)n + 6 * (size_t)n) * sizeof(double));
    if (!e->s || !e->work || !e->newton) {
        nl_free_one(e);
        return NULL;
    }
    return e;
}

void mo2c_rt_algebra_free(mo2c_rt_state *s)
{
    for (int i = 0; i < s->nloops; i++)
        free(s->loops[i].current);
    free(s->loops);
    s->loops = NULL;
    s->nloops = 0;
    while (s->nl) {
        mo2c_rt_nlsolver *next = s->nl->next;
        nl_free_one(s->nl);
        s->nl = next;
    }
    free(s->perm);
    s->perm = NULL;
    s->perm_n = 0;
    free(s->loop_z);
    s->loop_z = NULL;
    s->loop_z_n = 0;
}

static double max_abs(const gsl_vector *v)
{
    double m = 0.0;
    for (size_t i = 0; i < v->size; i++) {
        double a = fabs(gsl_vector_get(v, i));
        if (!(a <= m))
            m = a; /* also propagates NaN */
    }
    return m;
}

/* Convergence: the last step changed every unknown by less than 1e-10 relative (1e-12 absolute near
 * zero) - far below any integration tolerance, so the loop's solution adds no visible noise to the
 * error control - and the residual has dropped to 1e-6 of its start (which rejects a step that is only
 * small because the trust region collapsed), and is within 1e-6 or at the rounding of its terms
 * (res_small: a start far away makes the first test lax). A residual of exactly zero is converged at once. */
#define NL_MAX_ITER 100
#define NL_STEP_ABS 1e-12
#define NL_STEP_REL 1e-10
#define NL_RES_DROP 1e-6
/* more iterations than this make a warning of LOG_NLS (shown with -lv=LOG_NLS or -w) */
#define NL_SLOW_ITER 20

#define NL_NEWTON_ITER 60      /* damped Newton steps before the hybrid method is tried */
#define NL_ARMIJO 1e-4          /* sufficient decrease of the merit function */
#define NL_LAMBDA_MIN 1e-10     /* the shortest fraction of a Newton step tried */
#define NL_RES_FLOOR 1e-12      /* a residual this small (res_small) may be rounding (newton_first) */
#define NL_FLOOR_STEP 100.0     /* a step this many times the step test's bound may be rounding (newton_first) */
#define NL_CLIP_GROW 10.0       /* a clipped Newton step changes an unknown by at most this times (|z| + 1) */
#define NL_ROUNDING_ULPS 1e3    /* a residual within this many ulps of its terms is rounding (newton_first) */

static double max_abs_n(const double *v, int n)
{
    gsl_vector_const_view w = gsl_vector_const_view_array(v, (size_t)n);
    return max_abs(&w.vector);
}

/* What each row's linear terms weigh at z: t_i = sum_j |J_ij z_j| (J row-major, n x n). The rounding
 * of an equation's evaluation is a few ulps of its terms, not of its residual. */
static void row_terms(const double *J, const double *z, int n, double *t)
{
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int j = 0; j < n; j++)
            s += fabs(J[(size_t)i * (size_t)n + (size_t)j] * z[j]);
        t[i] = s;
    }
}

/* Is every row's residual small enough for a root? "Dropped to tol of the start's residual r0" alone
 * is no root test when the loop started far away: a parameter starting at 1e6 in an equation with the
 * coefficient 1e9 has r0 = 1e15, and a residual of 2 at a jump of the residual then passed as 1e-6 of
 * it, "solved" (review 01); the least-squares point of an inconsistent loop started at 1e9 passed with
 * 5e-4. So each row must also be within tol absolutely, or at the rounding of its terms at this point
 * (t from row_terms, NL_ROUNDING_ULPS ulps): neither depends on where the loop started, and a loop
 * started near its solution (every solve during a run) is judged as strictly as before. */
static int res_small(const double *F, const double *t, int n, double tol, double r0)
{
    for (int i = 0; i < n; i++) {
        double a = fabs(F[i]);
        if (!(a <= tol * (1.0 + r0) && (a <= tol || a <= NL_ROUNDING_ULPS * DBL_EPSILON * t[i])))
            return 0;
    }
    return 1;
}

/* row_terms at z for a candidate root found without a Jacobian at hand (the hybrid method, the sign
 * change search): J is n*n scratch. A Jacobian that fails leaves t = 0 (only the absolute test then)
 * and no trace: the point's residual was evaluated, the candidate is judged by it. Returns the
 * Jacobian's status. */
static int point_terms(nl_call *c, const double *z, double *J, double *t)
{
    int n = c->n;
    gsl_vector_const_view zv = gsl_vector_const_view_array(z, (size_t)n);
    gsl_matrix_view Jv = gsl_matrix_view_array(J, (size_t)n, (size_t)n);
    char keep[sizeof c->d->error];
    memcpy(keep, c->d->error, sizeof keep);
    int rc = nl_df(&zv.vector, c, &Jv.matrix);
    memcpy(c->d->error, keep, sizeof keep);
    c->failed = 0;
    if (rc == GSL_SUCCESS)
        row_terms(J, z, n, t);
    else
        for (int i = 0; i < n; i++)
            t[i] = 0.0;
    return rc;
}

/* The merit function of the line search: half the squared norm of the residual, each row divided by
 * the largest entry of its row of the Jacobian at the start, so that an equation written in volts and
 * one in microamperes weigh alike (scaling by what each equation's unknowns move it by). */
static double merit(const double *F, const double *w, int n)
{
    double m = 0.0;
    for (int i = 0; i < n; i++)
        m += 0.5 * (F[i] * w[i]) * (F[i] * w[i]);
    return m;
}

/* A least-squares solution of J dz = r when J is singular (the basic one: QR with column pivoting,
 * the unknowns beyond the numerical rank set to 0), for Newton's step: the Gauss-Newton direction,
 * which lowers the residual's norm where the Newton step does not exist. Two friction elements stuck
 * against each other (LossyGearDemo2: a bearing and a gear, both locked) share one torque balance for
 * two friction torques: every solution of the loop is as good as another, and the step reaches one.
 * J and r are overwritten (r by the step). Returns -1 when J is zero or memory runs out. */
static int solve_singular(int n, double *J, double *r)
{
    gsl_matrix_view Jv = gsl_matrix_view_array(J, (size_t)n, (size_t)n);
    gsl_vector_view rv = gsl_vector_view_array(r, (size_t)n);
    gsl_vector *tau = gsl_vector_alloc((size_t)n), *norm = gsl_vector_alloc((size_t)n);
    gsl_permutation *p = gsl_permutation_alloc((size_t)n);
    int signum, rc = -1;
    if (tau && norm && p && gsl_linalg_QRPT_decomp(&Jv.matrix, tau, p, &signum, norm) == GSL_SUCCESS &&
        gsl_linalg_QR_QTvec(&Jv.matrix, tau, &rv.vector) == GSL_SUCCESS) {
        double r00 = fabs(J[0]);
        int rank = 0;
        while (rank < n && fabs(J[(size_t)rank * (size_t)n + (size_t)rank]) > 1e-12 * r00)
            rank++;
        rc = rank > 0 ? 0 : -1;
        for (int i = rank - 1; i >= 0 && rc == 0; i--) {   /* R11 z1 = (Q^T r)_1, z2 = 0 */
            double v = r[i];
            for (int j = i + 1; j < rank; j++)
                v -= J[(size_t)i * (size_t)n + (size_t)j] * r[j];
            r[i] = v / J[(size_t)i * (size_t)n + (size_t)i];
        }
        for (int i = rank; i < n; i++)
            r[i] = 0.0;
        if (rc == 0)
            gsl_permute_vector_inverse(p, &rv.vector);
        for (int i = 0; i < n && rc == 0; i++)
            if (!isfinite(r[i]))
                rc = -1;
    }
    gsl_vector_free(tau);
    gsl_vector_free(norm);
    gsl_permutation_free(p);
    return rc;
}

/* Damped Newton from z, tried before the hybrid method: the full step when it lowers the merit
 * function enough (Armijo), else halved steps down to NL_LAMBDA_MIN of it. The halving is what makes
 * piecewise-linear residuals solve: an ideal op amp's limiter has slope 0 in saturation and V0 = 1e5
 * in between, so the full step from one saturation jumps over the narrow linear band into the other
 * and back; the halved steps walk into the band, where the next step is exact. A trial point at which
 * the residual fails (a sqrt or log out of its domain) counts as too long a step. hybridsj alone
 * scales its first trust region by |z|, so from z near 0 (a friction element's sa as it crosses zero)
 * it spends its iterations growing the region and gives up even on a linear residual.
 * Returns 1 when converged by the test of the hybrid method (below; z is the solution, *iters the
 * steps), 0 otherwise (z unchanged: the hybrid method starts where Newton did; a message Newton met in
 * d->error is overwritten by the hybrid's). */
static int newton_first(nl_call *c, double *z, double *scratch, int *iters)
{
    int n = c->n;
    double *J = scratch, *F = J + (size_t)n * (size_t)n, *zn = F + n, *Fn = zn + n, *dz = Fn + n, *w = dz + n;
    double *t = w + n;
    gsl_matrix_view Jv = gsl_matrix_view_array(J, (size_t)n, (size_t)n);
    if (c->f(c->d, z, F) != 0)
        return 0;
    double r0 = max_abs_n(F, n);
    c->singular = 0;
    if (r0 == 0.0) {
        *iters = 0;
        mo2c_rt_state *st = c->d->solver;
        if (st && st->loop_rank_wanted) {   /* a mixed loop's mode is judged (mixed.c): is it regular here? */
            gsl_vector_view zv = gsl_vector_view_array(z, (size_t)n);
            char keep[sizeof c->d->error];
            memcpy(keep, c->d->error, sizeof keep);
            if (nl_df(&zv.vector, c, &Jv.matrix) == GSL_SUCCESS) {
                for (int i = 0; i < n; i++)
                    dz[i] = 0.0;
                c->singular = mo2c_solve_linear(c->d, n, J, dz, NULL) != 0;
            }
            c->failed = 0;
            memcpy(c->d->error, keep, sizeof keep);
        }
        return 1;
    }
    memcpy(zn, z, (size_t)n * sizeof *zn);
    double phi = 0.0;
    for (int it = 1; it <= NL_NEWTON_ITER; it++) {
        gsl_vector_view zv = gsl_vector_view_array(zn, (size_t)n);
        if (nl_df(&zv.vector, c, &Jv.matrix) != GSL_SUCCESS) {
            c->failed = 0;
            return 0;
        }
        if (it == 1) {
            for (int i = 0; i < n; i++) {
                double m = 0.0;
                for (int j = 0; j < n; j++)
                    m = fmax(m, fabs(J[(size_t)i * (size_t)n + (size_t)j]));
                w[i] = m > 0.0 && isfinite(m) ? 1.0 / m : 1.0;
            }
            phi = merit(F, w, n);
        }
        /* Is the residual at the rounding of its terms? Each row's against what its linear terms weigh,
         * sum_j |J_ij z_j|: a few hundred of its ulps at most (see the rounding floor below). And has
         * it dropped as the tests below require (res_small)? Before the solve, which overwrites J. */
        row_terms(J, zn, n, t);
        int rounding = 1;
        for (int i = 0; i < n && rounding; i++)
            rounding = fabs(F[i]) <= NL_ROUNDING_ULPS * DBL_EPSILON * t[i];
        int dropped = res_small(F, t, n, NL_RES_DROP, r0), at_floor = res_small(F, t, n, NL_RES_FLOOR, r0);
        for (int i = 0; i < n; i++)
            dz[i] = -F[i];
        char keep[sizeof c->d->error];
        memcpy(keep, c->d->error, sizeof keep);
        c->singular = mo2c_solve_linear(c->d, n, J, dz, NULL) != 0;
        if (c->singular) {
            /* singular here: the least-squares step (the line search below still has to accept it) */
            for (int i = 0; i < n; i++)
                dz[i] = -F[i];
            if (nl_df(&zv.vector, c, &Jv.matrix) != GSL_SUCCESS || solve_singular(n, J, dz) != 0) {
                c->failed = 0;
                return 0;
            }
            memcpy(c->d->error, keep, sizeof keep);
        }
        /* converged when the Newton step from here is below the tolerance: near the root the residual
         * is rounding noise (+-1e-17 about a term of 0.5), which no step lowers any more. The point
         * itself is the answer, not one a step further: its residual is the one evaluated (a relation
         * on the loop's unknowns, such as a switch's |i| <= Goff |v| in the mode i = Goff v, sees the
         * equality that Newton reached, where an untried step may round the other way) */
        int small = 1;
        for (int i = 0; i < n; i++)
            small &= fabs(dz[i]) < NL_STEP_ABS + NL_STEP_REL * fabs(zn[i]);
        if (small && dropped) {
            memcpy(z, zn, (size_t)n * sizeof *z);
            *iters = it - 1;
            return 1;
        }
        int near = 1;
        for (int i = 0; i < n; i++)
            near &= fabs(dz[i]) < NL_FLOOR_STEP * (NL_STEP_ABS + NL_STEP_REL * fabs(zn[i]));
        double lambda = 1.0, phin = 0.0;
        int accepted = 0, clipped = 0;
    search:
        for (lambda = 1.0; lambda >= NL_LAMBDA_MIN; lambda *= 0.5) {
            for (int i = 0; i < n; i++)
                Fn[i] = zn[i] + lambda * dz[i];
            if (c->f(c->d, Fn, F) != 0)
                continue; /* out of the residual's domain: shorter */
            phin = merit(F, w, n);
            if (isfinite(phin) && (phin <= (1.0 - 2.0 * NL_ARMIJO * lambda) * phi || phin == 0.0)) {
                accepted = 1;
                break;
            }
            /* The rounding floor: the full step from a point whose residual is tiny lowers it by no
             * quarter (Newton's full step would, were the residual more than the rounding of the
             * equations' terms). The step is then rounding noise magnified by an ill-conditioned
             * Jacobian: a diode bridge with an ideal diode off (its s has the coefficient Goff = 1e-5)
             * had 6e-15 of residual, from terms of 40 A, and steps of 3e-10 in a current of 1e-3 that
             * the step test refuses; the halved steps crept by 1e-16 until the iterations ran out. The
             * floor of a residual with large terms is above NL_RES_FLOOR: SMEE_LoadDump's arc switches
             * at t = 0.334 leave 2.8e-11, one ulp of terms of 1.25e5, and a step of 1.8e-12 in a current
             * of 3e-3 (the test allows 1.3e-12), unchanged for 90 iterations. So a step within
             * NL_FLOOR_STEP of the test (1e-8 relative) that the residual does not follow is one too,
             * provided the residual has dropped as the step test's companion requires (NL_RES_DROP), or
             * the step is within the step test itself and each row's residual within NL_ROUNDING_ULPS
             * ulps of its terms (rounding, above): Fluid's pipes stop at 2.4e-6 Pa of residual, steps of
             * 1e-11 relative in pressures of 1e5 Pa (AST_BatchPlant's tanks with emptying pipes), 0.23
             * ulps of their terms, 4.9e10. The step test alone is no proof: a step of 1e-9 in x = 100
             * across a jump of the residual (a noEvent if-expression switching at the root's place,
             * |F| = 1 on both sides, tests/models/NlFloorJump.mo) passes it, and is no root (|F| is
             * 4.5e4 ulps of 1e9 * 100 there). */
            if (lambda == 1.0 && isfinite(phin) && phin > 0.25 * phi &&
                (at_floor || (near && ((small && rounding) || dropped)))) {
                memcpy(z, zn, (size_t)n * sizeof *z);
                *iters = it - 1;
                return 1;
            }
        }
        /* No fraction of the Newton step lowers the merit function: where an unknown's column of the
         * Jacobian is nearly 0 at this point, the step in it is enormous, and every fraction of the
         * step either moves the others by nothing or that one by far too much. A quadratic pressure
         * loss at zero flow, dp = k m_flow |m_flow| regularized to a slope of 1e-4 (Fluid's
         * MomentumBalanceFittings starts with m_flow = 0 and its pressures at 5e6 beside boundaries at
         * 1e5: the step in m_flow was 6e10 kg/s, refused down to lambda = 1e-10). The step is then
         * clipped component by component to NL_CLIP_GROW times the unknown's size (1 for one near 0),
         * the other components kept, and the line search tried once more; the next Newton steps grow
         * that unknown by a factor at a time while the others settle. Only where the plain step failed,
         * so that a loop solved before follows the same path to the same root. */
        if (!accepted && !clipped) {
            for (int i = 0; i < n; i++) {
                double b = NL_CLIP_GROW * (fabs(zn[i]) + 1.0);
                if (fabs(dz[i]) > b) {
                    dz[i] = copysign(b, dz[i]);
                    clipped = 1;
                }
            }
            if (clipped)
                goto search;
        }
        if (!accepted)
            return 0;
        memcpy(zn, Fn, (size_t)n * sizeof *zn);
        phi = phin;
        if (max_abs_n(F, n) == 0.0) {
            memcpy(z, zn, (size_t)n * sizeof *z);
            *iters = it;
            return 1;
        }
    }
    return 0;
}

/* One unknown, F(z) evaluated; a failure of the residual gives NaN (and no message: the search goes on). */
static double f1(nl_call *c, double z)
{
    double F;
    char keep[sizeof c->d->error];
    memcpy(keep, c->d->error, sizeof keep);
    int rc = c->f(c->d, &z, &F);
    memcpy(c->d->error, keep, sizeof keep);
    return rc == 0 ? F : NAN;
}

#define NL_BRACKET_GROW 80     /* doublings of the search interval: from 1e-6 past 1e17 */
#define NL_BRACKET_ITER 200

/* One unknown whose damped Newton stalled at a local minimum of |F| that is no root: the switch of a
 * Schmitt trigger, where the op amp's saturated branch has vanished and the other one lies across
 * the narrow linear band, in which F climbs steeply the wrong way. A sign change is searched for on
 * both sides of z at doubling distances, then closed in on by regula falsi (the Illinois variant:
 * superlinear, never leaves the bracket). The residual is continuous in a torn loop of smooth(0, ..)
 * terms, so a sign change holds a root; where it jumps instead, the residual at the end is not small
 * and the search fails. Returns 1 with *z the root, 0 otherwise (*z unchanged). */
static int bracket_1d(nl_call *c, double *z, double r0, double *scratch, int *iters)
{
    double z0 = *z, F0 = f1(c, z0);
    if (!isfinite(F0))
        return 0;
    if (F0 == 0.0) {
        *iters = 0;
        return 1;
    }
    double a = z0, Fa = F0, b = NAN, Fb = NAN;
    double h = 1e-6 * (1.0 + fabs(z0));
    int live[2] = {1, 1}, evals = 0;
    for (int k = 0; k < NL_BRACKET_GROW && isnan(b) && (live[0] || live[1]); k++, h *= 2.0) {
        for (int side = 0; side < 2 && isnan(b); side++) {
            if (!live[side])
                continue;
            double zt = side ? z0 - h : z0 + h, Ft = f1(c, zt);
            evals++;
            if (!isfinite(Ft)) {
                live[side] = 0; /* out of the residual's domain on this side */
                continue;
            }
            if ((Ft > 0.0) != (F0 > 0.0) || Ft == 0.0)
                b = zt, Fb = Ft;
        }
    }
    if (isnan(b))
        return 0;
    int side = 0; /* which end was kept twice in a row (Illinois: halve its value) */
    for (int it = 0; it < NL_BRACKET_ITER && Fb != 0.0; it++) {
        double zm = (a * Fb - b * Fa) / (Fb - Fa);
        if (!(zm > fmin(a, b) && zm < fmax(a, b)))
            zm = 0.5 * (a + b);
        double Fm = f1(c, zm);
        evals++;
        if (!isfinite(Fm))
            return 0;
        if ((Fm > 0.0) == (Fb > 0.0)) {
            b = zm, Fb = Fm;
            if (side == -1)
                Fa *= 0.5;
            side = -1;
        } else {
            a = b, Fa = Fb;
            b = zm, Fb = Fm;
            side = 1;
        }
        if (fabs(b - a) < NL_STEP_ABS + NL_STEP_REL * fabs(b))
            break;
    }
    double *J = scratch, *t = scratch + 1;
    int jrc = point_terms(c, &b, J, t);
    if (!res_small(&Fb, t, 1, NL_RES_DROP, r0))
        return 0; /* a jump, not a root */
    /* A "root" where the residual's derivative is exactly 0 is no isolated root but a flat stretch: a
     * singular loop (y = 1 + x/2, x = 2 y + time has no solution, yet far out the residual rounds to
     * 0 and the search stops there). Not solved: the caller reports it. (The model's own derivative
     * only: a difference quotient of 0 may be a slope below the residual's rounding.) */
    if (c->jac && jrc == GSL_SUCCESS && *J == 0.0)
        return 0;
    *z = b;
    *iters = evals;
    return 1;
}

static int solve_plain(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                       const char *where)
{
    mo2c_rt_state *st = d->solver;
    mo2c_rt_nlsolver *e = NULL, *own = NULL;
    if (st) {
        for (e = st->nl; e && e->n != n; e = e->next) {}
        if (!e) {
            e = nl_new(n);
            if (e) {
                e->next = st->nl;
                st->nl = e;
            }
        }
    } else {
        e = own = nl_new(n);
    }
    if (!e)
        return mo2c_fail(d, "out of memory solving the nonlinear system in %s", mo2c_rt_where(where));

    nl_call call = {d, f, jac, n, e->work, 0, 0};
    int newton_iters = 0;
    if (st)
        st->loop_singular = 0;
    if (newton_first(&call, z, e->newton, &newton_iters)) {
        if (st)
            st->loop_singular = call.singular;
        double now = st ? st->now : d->time;
        mo2c_rt_log(d, MO2C_RT_LOG_NLS, "at time %.16g: nonlinear system of %d unknowns in %s: solved in %d "
                    "Newton step%s", now, n, mo2c_rt_where(where), newton_iters, newton_iters == 1 ? "" : "s");
        nl_free_one(own);
        return 0;
    }
    if (n == 1) {
        double r0 = fabs(f1(&call, z[0]));
        if (bracket_1d(&call, z, isfinite(r0) ? r0 : 0.0, e->newton, &newton_iters)) {
            double now = st ? st->now : d->time;
            mo2c_rt_log(d, MO2C_RT_LOG_NLS, "at time %.16g: nonlinear system of 1 unknown in %s: solved by a "
                        "sign change search in %d evaluations", now, mo2c_rt_where(where), newton_iters);
            nl_free_one(own);
            return 0;
        }
    }
    gsl_multiroot_function_fdf fdf = {nl_f, nl_df, nl_fdf, (size_t)n, &call};
    gsl_vector_view zv = gsl_vector_view_array(z, (size_t)n);
    int rc = 0, status = gsl_multiroot_fdfsolver_set(e->s, &fdf, &zv.vector);
    int iter = 0, converged = 0;
    if (call.failed) {
        rc = -1; /* the residual's own message is in d->error */
        goto done;
    }
    double r0 = status == GSL_SUCCESS ? max_abs(e->s->f) : NAN;
    if (status == GSL_SUCCESS && r0 == 0.0)
        converged = 1;
    while (!converged && status == GSL_SUCCESS && iter < NL_MAX_ITER && isfinite(r0)) {
        iter++;
        status = gsl_multiroot_fdfsolver_iterate(e->s);
        if (call.failed) {
            rc = -1;
            goto done;
        }
        if (status != GSL_SUCCESS)
            break;
        /* the residual's test at the point's own Jacobian (the method's is a secant update), and only
         * once the step test holds: a Jacobian at each iteration that passes it (at most NL_MAX_ITER) */
        double r = max_abs(e->s->f), *Jt = e->newton, *t = Jt + (size_t)n * (size_t)n;
        if (r == 0.0)
            converged = 1;
        else if (gsl_multiroot_test_delta(e->s->dx, e->s->x, NL_STEP_ABS, NL_STEP_REL) == GSL_SUCCESS &&
                 r <= NL_RES_DROP * (1.0 + r0)) {
            point_terms(&call, e->s->x->data, Jt, t);
            converged = res_small(e->s->f->data, t, n, NL_RES_DROP, r0);
        }
    }
    double now = st ? st->now : d->time;   /* the time of the evaluation under way */
    if (converged) {
        for (int i = 0; i < n; i++)
            z[i] = gsl_vector_get(e->s->x, (size_t)i);
        mo2c_rt_log(d, MO2C_RT_LOG_NLS, "at time %.16g: nonlinear system of %d unknowns in %s: solved in %d "
                    "iteration%s, largest residual %.3g (at the start %.3g)", now, n,
                    mo2c_rt_where(where), iter, iter == 1 ? "" : "s", max_abs(e->s->f), r0);
        if (iter > NL_SLOW_ITER)
            mo2c_rt_warn(d, MO2C_RT_LOG_NLS, "at time %.16g: the nonlinear system in %s needed %d Newton "
                         "iterations", now, mo2c_rt_where(where), iter);
    } else {
        mo2c_rt_log(d, MO2C_RT_LOG_NLS, "at time %.16g: nonlinear system of %d unknowns in %s: not solved "
                    "after %d iterations", now, n, mo2c_rt_where(where), iter);
        double norm = status == GSL_SUCCESS || iter > 0 ? gsl_blas_dnrm2(e->s->f) : NAN;
        rc = mo2c_fail(d, "nonlinear system in %s not solved: residual norm %.6g after %d iterations%s%s",
                       mo2c_rt_where(where), norm, iter, status != GSL_SUCCESS ? ": " : "",
                       status != GSL_SUCCESS ? gsl_strerror(status) : "");
    }
done:
    nl_free_one(own);
    return rc;
}

/* ---- where a loop starts ---- */

void mo2c_loop_start(mo2c_data *d, int id, int n, double *z)
{
    mo2c_rt_state *s = d->solver;
    if (!s || d->initializing || id < 0 || id >= s->nloops)
        return;
    mo2c_rt_loopmem *l = &s->loops[id];
    if (l->rejected && l->has_accepted && l->n == n)
        memcpy(z, l->accepted, (size_t)n * sizeof *z);
}

/* Out of memory here costs only the better start: the loop then starts from its variables. */
void mo2c_loop_solved(mo2c_data *d, int id, int n, const double *z)
{
    mo2c_rt_state *s = d->solver;
    if (!s || d->initializing || id < 0 || n <= 0)
        return;
    if (id >= s->nloops) {
        int nn = id + 1 > 2 * s->nloops ? id + 1 : 2 * s->nloops;
        mo2c_rt_loopmem *nl = realloc(s->loops, (size_t)nn * sizeof *nl);
        if (!nl)
            return;
        memset(nl + s->nloops, 0, (size_t)(nn - s->nloops) * sizeof *nl);
        s->loops = nl;
        s->nloops = nn;
    }
    mo2c_rt_loopmem *l = &s->loops[id];
    if (!l->current) {
        if (!(l->current = malloc(2 * (size_t)n * sizeof *l->current)))
            return;
        l->accepted = l->current + n;
        l->n = n;
    }
    if (l->n != n)
        return;
    memcpy(l->current, z, (size_t)n * sizeof *z);
    l->has_current = 1;
    l->rejected = 0;
}

void mo2c_rt_loops_accept(mo2c_rt_state *s)
{
    for (int i = 0; i < s->nloops; i++) {
        mo2c_rt_loopmem *l = &s->loops[i];
        if (l->has_current) {
            memcpy(l->accepted, l->current, (size_t)l->n * sizeof *l->accepted);
            l->has_accepted = 1;
        }
    }
}

void mo2c_rt_loops_reject(mo2c_rt_state *s)
{
    for (int i = 0; i < s->nloops; i++)
        s->loops[i].rejected = 1;
}

/* ---- homotopy at the start (3.7.4.4) ---- */

#define HOM_FIRST_STEP 0.1     /* of the homotopy parameter; grown by half after a success */
#define HOM_MAX_STEP 0.25
#define HOM_MIN_STEP 1e-4      /* quartered after a failure, down to this */

/* Does the residual at z change with homotopy_s (the loop holds a homotopy call)? */
static int uses_homotopy(mo2c_data *d, int n, const double *z, mo2c_residual_fn f, double *F0, double *F1)
{
    char keep[sizeof d->error];
    memcpy(keep, d->error, sizeof keep);
    d->homotopy_s = 1.0;
    int r1 = f(d, z, F1);
    d->homotopy_s = 0.0;
    int r0 = f(d, z, F0);
    memcpy(d->error, keep, sizeof keep);
    if (r0 != 0 || r1 != 0)
        return r0 != r1;
    for (int i = 0; i < n; i++)
        if (F0[i] != F1[i] && !(isnan(F0[i]) && isnan(F1[i])))
            return 1;
    return 0;
}

/* Follow the loop from its simplified form (homotopy_s = 1, where the modeller's simpler equation picks
 * the solution: an op amp's output at its lower limit) to the actual one (homotopy_s = 0) in steps,
 * each solved from the last; finite differences while homotopy_s > 0 (the symbolic Jacobian is the
 * actual model's). Returns 0 with z the solution of the actual loop, -1 otherwise (z unchanged). */
static int follow_homotopy(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                           const char *where, int *steps)
{
    double *zt = malloc(2 * (size_t)n * sizeof *zt), *zs = zt + n;
    if (!zt)
        return -1;
    memcpy(zs, z, (size_t)n * sizeof *zs);
    double s = 1.0, ds = HOM_FIRST_STEP;
    d->homotopy_s = 1.0;
    int rc = solve_plain(d, n, zs, f, NULL, where);
    *steps = 1;
    while (rc == 0 && s > 0.0) {
        double sn = fmax(0.0, s - ds);
        d->homotopy_s = sn;
        memcpy(zt, zs, (size_t)n * sizeof *zt);
        (*steps)++;
        if (solve_plain(d, n, zt, f, sn == 0.0 ? jac : NULL, where) == 0) {
            memcpy(zs, zt, (size_t)n * sizeof *zs);
            s = sn;
            ds = fmin(HOM_MAX_STEP, 1.5 * ds);
        } else if ((ds *= 0.25) < HOM_MIN_STEP) {
            rc = -1;
        }
    }
    d->homotopy_s = 0.0;
    if (rc == 0)
        memcpy(z, zs, (size_t)n * sizeof *z);
    free(zt);
    return rc;
}

/* A loop is solved plainly from z; at the start (d->initializing), when that fails and the loop holds
 * homotopy(), it is followed from its simplified form instead (the first failure's message is kept
 * when that fails too). */
static int solve_nonlinear(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                           const char *where);

/* While mixed.c judges the modes of a loop (loop_rank_wanted), each solution is kept in s->loop_z, and
 * s->loop_seed, when set, is where the solver starts: a mode solved by least squares, one solution of
 * many, is solved again from the solution it had (the one a Newton step from a root is: newton_first
 * answers the point itself), not from where the modes tried since have left the loop. */
int mo2c_solve_nonlinear(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                         const char *where)
{
    mo2c_rt_state *s = d->solver;
    if (!s || !s->loop_rank_wanted)
        return solve_nonlinear(d, n, z, f, jac, where);
    if (s->loop_seed && s->loop_seed_n == n)
        memcpy(z, s->loop_seed, (size_t)n * sizeof *z);
    int rc = solve_nonlinear(d, n, z, f, jac, where);
    s->loop_z_n = 0;
    if (rc == 0 && n > 0) {
        double *kz = realloc(s->loop_z, (size_t)n * sizeof *kz);
        if (kz) {   /* out of memory: no solution kept, and mixed.c keeps the mode as it was found */
            s->loop_z = kz;
            memcpy(kz, z, (size_t)n * sizeof *kz);
            s->loop_z_n = n;
        }
    }
    return rc;
}

static int solve_nonlinear(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                           const char *where)
{
    if (n <= 0)
        return 0;
    if (!d->initializing || d->homotopy_s != 0.0)
        return solve_plain(d, n, z, f, jac, where);
    double *F = malloc(3 * (size_t)n * sizeof *F), *z0 = F + 2 * n;
    if (!F)
        return mo2c_fail(d, "out of memory solving the nonlinear system in %s", mo2c_rt_where(where));
    memcpy(z0, z, (size_t)n * sizeof *z0);
    int rc = solve_plain(d, n, z, f, jac, where), steps = 0;
    if (rc != 0 && uses_homotopy(d, n, z0, f, F, F + n)) {
        char first[sizeof d->error];
        memcpy(first, d->error, sizeof first);
        if (follow_homotopy(d, n, z0, f, jac, where, &steps) == 0) {
            memcpy(z, z0, (size_t)n * sizeof *z);
            mo2c_rt_state *st = d->solver;
            mo2c_rt_log(d, MO2C_RT_LOG_NLS, "at time %.16g: nonlinear system of %d unknowns in %s: followed "
                        "from its simplified form (homotopy) in %d steps", st ? st->now : d->time, n,
                        mo2c_rt_where(where), steps);
            rc = 0;
        } else {
            memcpy(d->error, first, sizeof first);
        }
    }
    free(F);
    return rc;
}

/* The modes of a mixed loop are tried as the event iteration asks (mixed.c), and some have no unique
 * solution: IMC_InverterDrive's diode bridge at its first event, where every diode starts on against
 * the DC link's capacitor. There the LU step, singular, gives way to the nonlinear solver, whose
 * least-squares step settles such a mode as it did before the loop was known to be affine. */
int mo2c_solve_affine(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                      const char *where)
{
    if (n <= 0)
        return 0;
    double *A = malloc(((size_t)n * (size_t)n + (size_t)n) * sizeof *A), *F = A + (size_t)n * (size_t)n;
    if (!A)
        return mo2c_fail(d, "out of memory solving the linear system in %s", mo2c_rt_where(where));
    int rc = f(d, z, F) != 0 || jac(d, z, A) != 0 ? -1 : 0;
    if (rc == 0) {
        for (int i = 0; i < n; i++)
            F[i] = -F[i];
        if (mo2c_solve_linear(d, n, A, F, where) == 0)
            for (int i = 0; i < n; i++)
                z[i] += F[i];
        else
            rc = mo2c_solve_nonlinear(d, n, z, f, jac, where);
    }
    free(A);
    return rc;
}
