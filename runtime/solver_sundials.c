/*
 * solver_sundials.c - the SUNDIALS integrators: CVODE (BDF or Adams-Moulton, Newton iterations) and
 * IDA (BDF on the residual F(t, x, x') = x' - f(t, x)), taking one step at a time for solver.c's loop.
 *
 * Input: an initialized mo2c_data, the options (-s, -tolerance, -maxStepSize, -initialStepSize,
 * -noRootFinding). Output: accepted steps, each ending at a step's end, at the goal solver.c asked for
 * (an output point or a time event: SUNDIALS' stop time, so no step passes it) or at the first zero of
 * a relation's zero-crossing function inside the step (SUNDIALS' own root finding, on the same
 * functions events.c compares; the relations "time op T" are left out, solver.c stops at them).
 *
 * Names: -s=cvode (BDF), -s=cvode_adams, -s=ida and -s=dassl (IDA, which descends from DASSL).
 * Tolerances as GSL's: relative and absolute both -tolerance.
 *
 * The linear systems of the Newton iterations (I - gamma J for CVODE, cj I - J for IDA, J = d(dx)/dx):
 *   - KLU (SuiteSparse, sparse direct LU) with the generated sparse Jacobian (mo2c_model.jacobian_sparse,
 *     its pattern fixed by the compiler) from SPARSE_MIN states up: a chain of 10^5 states factors in
 *     linear time, where a dense matrix would take 80 GB;
 *   - dense LU below it, with the generated dense Jacobian (or SUNDIALS' difference quotients when the
 *     model has none) up to DENSE_MAX states;
 *   - GMRES without a preconditioner (SUNDIALS' difference-quotient products J v) for a large model
 *     without a sparse Jacobian: no n x n memory, slower on stiff models.
 * -idaLS=klu|dense|spgmr (OpenModelica's flag) chooses one. The choice is logged (LOG_SOLVER). SUNDIALS' own messages are caught and reported in our format.
 *
 * SUNDIALS and KLU are linked statically into libmo2crt.a (Makefile), so simulators need neither
 * installed. Every allocation here is freed by mo2c_rt_sun_free.
 */
#include "rt_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cvode/cvode.h>
#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_spgmr.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

/* sunlinsol_klu.h's one function we call, declared here: the header includes SuiteSparse's klu.h, whose
 * directory differs between systems, and nothing else of it is needed. */
SUNDIALS_EXPORT SUNLinearSolver SUNLinSol_KLU(N_Vector y, SUNMatrix A, SUNContext sunctx);

/* Measured on the stiff chain (bench/gen_stiff_chain.sh, -s=cvode, best of 5): KLU and dense LU take the
 * same time at 6 and 10 states, KLU 1.0 ms against 1.7 ms at 20 states, 3.8 ms against 54 ms at 100 (the
 * dense Jacobian costs a pass per state and the factorization n^3); the compiler writes the sparse
 * Jacobian from the same size (MO_CG_JAC_SPARSE_MIN). Above DENSE_MAX states a dense matrix is memory no
 * one has (and a model without the sparse one gets GMRES). */
enum { SPARSE_MIN = 16, DENSE_MAX = 2000 };

typedef enum { SUN_CVODE_BDF, SUN_CVODE_ADAMS, SUN_IDA } sun_kind;

static const struct {
    const char *name;
    sun_kind kind;
} sun_names[] = {
    {"cvode", SUN_CVODE_BDF}, {"cvode_adams", SUN_CVODE_ADAMS}, {"ida", SUN_IDA}, {"dassl", SUN_IDA},
};

struct mo2c_rt_sun {
    mo2c_data *d;
    const char *name;
    sun_kind kind;
    int n;
    SUNContext ctx;
    void *mem;                /* CVODE's or IDA's */
    N_Vector y, yp;           /* y wraps d->x (the output of every step); yp: IDA's x' */
    SUNMatrix A;
    SUNLinearSolver ls;
    const char *linsol;       /* "KLU", "dense" or "GMRES" (LOG_SOLVER, LOG_STATS) */
    double *work;             /* n * n for the dense Jacobian, or n for dx in IDA's and the roots' calls */
    double *f;                /* n: f(t, x) for IDA's residual and the root functions */
    double *z;                /* nrel zero crossings */
    sunindextype *diag;       /* n: where the diagonal entries sit in the sparse values (IDA) */
    int nroots;               /* root functions given to SUNDIALS (nrel, or 0 with -noRootFinding) */
    int model_failed;         /* a model function failed inside SUNDIALS: its message is in d->error */
    unsigned long steps0, fails0, njac0, nsetups0, nniters0, nroot_evals0;   /* before the last restart */
    char msg[512];            /* SUNDIALS' last error message */
};

int mo2c_rt_sun_known(const char *name)
{
    for (size_t i = 0; i < sizeof sun_names / sizeof sun_names[0]; i++)
        if (strcmp(sun_names[i].name, name) == 0)
            return 1;
    return 0;
}

void mo2c_rt_sun_list(FILE *out)
{
    for (size_t i = 0; i < sizeof sun_names / sizeof sun_names[0]; i++)
        fprintf(out, " %s", sun_names[i].name);
}

/* ---- the functions SUNDIALS calls (a failure of the model is not a step to retry: -1, unrecoverable) ---- */

static int model_fail(mo2c_rt_sun *sv, double t)
{
    ((mo2c_rt_state *)sv->d->solver)->fail_t = t;
    sv->model_failed = 1;
    return -1;
}

/* trial: the solver's own evaluation (cv_rhs, ida_res), not one at a point it accepted (rt_internal.h) */
static int eval_rhs(mo2c_rt_sun *sv, double t, const double *x, double *dx, int trial)
{
    mo2c_rt_state *s = sv->d->solver;
    s->nrhs++;
    s->now = t;
    s->last_x = NULL;
    mo2c_rt_dx_start(sv->d, dx);
    s->trial = trial;
    int rc = sv->d->model->rhs(sv->d, t, x, dx);
    s->trial = 0;
    return rc == 0 ? 0 : model_fail(sv, t);
}

static int cv_rhs(sunrealtype t, N_Vector y, N_Vector ydot, void *user)
{
    return eval_rhs(user, t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot), 1);
}

static int ida_res(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void *user)
{
    mo2c_rt_sun *sv = user;
    const double *xp = N_VGetArrayPointer(yp);
    double *res = N_VGetArrayPointer(r);
    if (eval_rhs(sv, t, N_VGetArrayPointer(y), sv->f, 1) != 0)
        return -1;
    for (int i = 0; i < sv->n; i++)
        res[i] = xp[i] - sv->f[i];
    return 0;
}

/* The relations' zero crossings at (t, x); those of time events are constant 1 (solver.c stops there). */
static int roots(mo2c_rt_sun *sv, double t, const double *x, double *g)
{
    mo2c_data *d = sv->d;
    const mo2c_model *m = d->model;
    if (eval_rhs(sv, t, x, sv->f, 0) != 0)
        return -1;
    if (m->zero_crossings(d, t, x, sv->f, sv->z) != 0)
        return model_fail(sv, t);
    mo2c_rt_rel_hold(d, sv->z);
    for (int r = 0; r < sv->nroots; r++)
        g[r] = m->rel_time[r] || !d->rel_on[r] ? 1.0 : sv->z[r];
    return 0;
}

static int cv_roots(sunrealtype t, N_Vector y, sunrealtype *g, void *user)
{
    return roots(user, t, N_VGetArrayPointer(y), g);
}

static int ida_roots(sunrealtype t, N_Vector y, N_Vector yp, sunrealtype *g, void *user)
{
    (void)yp;
    return roots(user, t, N_VGetArrayPointer(y), g);
}

/* The compiler's CSR pattern into A. */
static void set_pattern(SUNMatrix A, const mo2c_model *m)
{
    sunindextype *rp = SUNSparseMatrix_IndexPointers(A), *ci = SUNSparseMatrix_IndexValues(A);
    for (int i = 0; i <= m->nx; i++)
        rp[i] = m->jac_rowptr[i];
    for (int k = 0; k < m->jac_nnz; k++)
        ci[k] = m->jac_col[k];
}

/* J = d(dx)/dx into A (dense or sparse); then for IDA cj I - J. */
static int jacobian(mo2c_rt_sun *sv, double t, const double *x, SUNMatrix A, double cj)
{
    mo2c_data *d = sv->d;
    const mo2c_model *m = d->model;
    mo2c_rt_state *s = d->solver;
    int n = sv->n, ida = sv->kind == SUN_IDA;
    s->njac++;
    s->now = t;
    s->last_x = NULL;
    if (SUNMatGetID(A) == SUNMATRIX_SPARSE) {
        set_pattern(A, m);   /* SUNDIALS zeroes a sparse matrix, pattern and all, before asking for it */
        double *v = SUNSparseMatrix_Data(A);
        if (m->jacobian_sparse(d, t, x, v) != 0)
            return model_fail(sv, t);
        if (ida) {
            for (int k = 0; k < m->jac_nnz; k++)
                v[k] = -v[k];
            for (int i = 0; i < n; i++)
                v[sv->diag[i]] += cj;
        }
        return 0;
    }
    if (m->jacobian(d, t, x, sv->work) != 0)
        return model_fail(sv, t);
    for (int j = 0; j < n; j++) {
        double *col = SUNDenseMatrix_Column(A, j);
        for (int i = 0; i < n; i++)
            col[i] = ida ? (i == j ? cj : 0.0) - sv->work[(size_t)i * (size_t)n + (size_t)j]
                         : sv->work[(size_t)i * (size_t)n + (size_t)j];
    }
    return 0;
}

static int cv_jac(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix A, void *user, N_Vector t1, N_Vector t2,
                  N_Vector t3)
{
    (void)fy; (void)t1; (void)t2; (void)t3;
    return jacobian(user, t, N_VGetArrayPointer(y), A, 0.0);
}

static int ida_jac(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector r, SUNMatrix A, void *user,
                   N_Vector t1, N_Vector t2, N_Vector t3)
{
    (void)yp; (void)r; (void)t1; (void)t2; (void)t3;
    return jacobian(user, t, N_VGetArrayPointer(y), A, cj);
}

/* SUNDIALS' messages: kept for our own report, never printed. */
static void on_error(int code, const char *module, const char *function, char *msg, void *user)
{
    mo2c_rt_sun *sv = user;
    (void)code; (void)module; (void)function;
    snprintf(sv->msg, sizeof sv->msg, "%s", msg);
}

/* ---- setting up ---- */

static int bad(mo2c_rt_sun *sv, int ok, const char *what)
{
    if (!ok) {
        mo2c_rt_progress_clear(sv->d);
        fprintf(stderr, "error: cannot set up the integrator %s: %s%s%s\n", sv->name, what,
                sv->msg[0] ? ": " : "", sv->msg);
    }
    return !ok;
}

/* The matrix and the linear solver (see the header); 0, or 1 after the message. */
static int linear_solver(mo2c_rt_sun *sv, int choice)
{
    const mo2c_model *m = sv->d->model;
    int n = sv->n;
    if (choice == 1 && bad(sv, m->jacobian_sparse != NULL, "-idaLS=klu: the model has no sparse Jacobian"))
        return 1;
    if (choice == 0)
        choice = m->jacobian_sparse && n >= SPARSE_MIN ? 1 : n <= DENSE_MAX ? 2 : 3;
    if (choice == 1) {
        sv->A = SUNSparseMatrix(n, n, m->jac_nnz, CSR_MAT, sv->ctx);
        if (bad(sv, sv->A != NULL, "out of memory"))
            return 1;
        set_pattern(sv->A, m);
        if (sv->kind == SUN_IDA) {
            sv->diag = malloc((size_t)n * sizeof *sv->diag);
            if (bad(sv, sv->diag != NULL, "out of memory"))
                return 1;
            for (int i = 0; i < n; i++) {
                sv->diag[i] = -1;
                for (int k = m->jac_rowptr[i]; k < m->jac_rowptr[i + 1]; k++)
                    if (m->jac_col[k] == i)
                        sv->diag[i] = k;
                if (bad(sv, sv->diag[i] >= 0, "the sparse Jacobian's pattern has no diagonal entry"))
                    return 1;
            }
        }
        sv->ls = SUNLinSol_KLU(sv->y, sv->A, sv->ctx);
        sv->linsol = "KLU";
    } else if (choice == 2) {
        sv->A = SUNDenseMatrix(n, n, sv->ctx);
        if (m->jacobian) {
            sv->work = malloc((size_t)n * (size_t)n * sizeof *sv->work);
            if (bad(sv, sv->work != NULL, "out of memory"))
                return 1;
        }
        sv->ls = sv->A ? SUNLinSol_Dense(sv->y, sv->A, sv->ctx) : NULL;
        sv->linsol = "dense";
    } else {
        sv->ls = SUNLinSol_SPGMR(sv->y, SUN_PREC_NONE, 0, sv->ctx);
        sv->linsol = "GMRES";
    }
    return bad(sv, sv->ls != NULL, "out of memory");
}

mo2c_rt_sun *mo2c_rt_sun_new(mo2c_data *d, const mo2c_rt_opts *o, const char *name, double t0)
{
    const mo2c_model *m = d->model;
    mo2c_rt_sun *sv = calloc(1, sizeof *sv);
    if (!sv) {
        fprintf(stderr, "error: out of memory\n");
        return NULL;
    }
    sv->d = d;
    mo2c_rt_dx_forget(d->solver);   /* (its vectors are new) */
    sv->name = name;
    for (size_t i = 0; i < sizeof sun_names / sizeof sun_names[0]; i++)
        if (strcmp(sun_names[i].name, name) == 0)
            sv->kind = sun_names[i].kind;
    int n = sv->n = m->nx, ida = sv->kind == SUN_IDA;
    sv->nroots = o->no_root_finding ? 0 : m->nrel;
    sv->f = malloc(((size_t)n + 1) * sizeof *sv->f);
    sv->z = malloc(((size_t)m->nrel + 1) * sizeof *sv->z);
    if (bad(sv, sv->f && sv->z && SUNContext_Create(NULL, &sv->ctx) == 0, "out of memory"))
        goto fail;
    sv->y = N_VMake_Serial(n, d->x, sv->ctx);
    if (bad(sv, sv->y != NULL, "out of memory") || linear_solver(sv, o->sun_ls) != 0)
        goto fail;
    int ok;
    if (ida) {
        sv->yp = N_VNew_Serial(n, sv->ctx);
        sv->mem = IDACreate(sv->ctx);
        if (bad(sv, sv->yp && sv->mem, "out of memory"))
            goto fail;
        IDASetErrHandlerFn(sv->mem, on_error, sv);
        /* consistent x'(t0) = f(t0, x(t0)) */
        if (eval_rhs(sv, t0, d->x, N_VGetArrayPointer(sv->yp), 0) != 0) {
            mo2c_rt_progress_clear(d);
            fprintf(stderr, "error: at time %.16g: %s\n", t0, d->error[0] ? d->error : "the right-hand side failed");
            goto fail;
        }
        ok = IDAInit(sv->mem, ida_res, t0, sv->y, sv->yp) == IDA_SUCCESS &&
             IDASStolerances(sv->mem, o->tol, o->tol) == IDA_SUCCESS &&
             IDASetUserData(sv->mem, sv) == IDA_SUCCESS &&
             IDASetLinearSolver(sv->mem, sv->ls, sv->A) == IDA_SUCCESS &&
             (!sv->A || (SUNMatGetID(sv->A) == SUNMATRIX_DENSE && !m->jacobian) ||
              IDASetJacFn(sv->mem, ida_jac) == IDA_SUCCESS) &&
             (!sv->nroots || IDARootInit(sv->mem, sv->nroots, ida_roots) == IDA_SUCCESS) &&
             (!(o->max_step > 0.0) || IDASetMaxStep(sv->mem, o->max_step) == IDA_SUCCESS) &&
             (!(o->init_step > 0.0) || IDASetInitStep(sv->mem, o->init_step) == IDA_SUCCESS);
    } else {
        sv->mem = CVodeCreate(sv->kind == SUN_CVODE_ADAMS ? CV_ADAMS : CV_BDF, sv->ctx);
        if (bad(sv, sv->mem != NULL, "out of memory"))
            goto fail;
        CVodeSetErrHandlerFn(sv->mem, on_error, sv);
        ok = CVodeInit(sv->mem, cv_rhs, t0, sv->y) == CV_SUCCESS &&
             CVodeSStolerances(sv->mem, o->tol, o->tol) == CV_SUCCESS &&
             CVodeSetUserData(sv->mem, sv) == CV_SUCCESS &&
             CVodeSetLinearSolver(sv->mem, sv->ls, sv->A) == CV_SUCCESS &&
             (!sv->A || (SUNMatGetID(sv->A) == SUNMATRIX_DENSE && !m->jacobian) ||
              CVodeSetJacFn(sv->mem, cv_jac) == CV_SUCCESS) &&
             (!sv->nroots || CVodeRootInit(sv->mem, sv->nroots, cv_roots) == CV_SUCCESS) &&
             (!(o->max_step > 0.0) || CVodeSetMaxStep(sv->mem, o->max_step) == CV_SUCCESS) &&
             (!(o->init_step > 0.0) || CVodeSetInitStep(sv->mem, o->init_step) == CV_SUCCESS);
    }
    if (bad(sv, ok, "SUNDIALS refused the settings"))
        goto fail;
    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "integrator %s: tolerance %g, %d states, linear solver %s%s, root "
                "finding on %d zero-crossing functions", name, o->tol, n, sv->linsol,
                sv->A && SUNMatGetID(sv->A) == SUNMATRIX_SPARSE ? " (generated sparse Jacobian)"
                : sv->work ? " (generated Jacobian)" : " (difference quotients)", sv->nroots);
    return sv;
fail:
    mo2c_rt_sun_free(sv);
    return NULL;
}

void mo2c_rt_sun_free(mo2c_rt_sun *sv)
{
    if (!sv)
        return;
    if (sv->mem) {
        if (sv->kind == SUN_IDA)
            IDAFree(&sv->mem);
        else
            CVodeFree(&sv->mem);
    }
    if (sv->ls)
        SUNLinSolFree(sv->ls);
    if (sv->A)
        SUNMatDestroy(sv->A);
    if (sv->y)
        N_VDestroy(sv->y);
    if (sv->yp)
        N_VDestroy(sv->yp);
    if (sv->ctx)
        SUNContext_Free(&sv->ctx);
    free(sv->work);
    free(sv->f);
    free(sv->z);
    free(sv->diag);
    free(sv);
}

/* ---- stepping ---- */

/* Does a relation (not one of time) have another value at (t, d->x) than its frozen one? -1: failed. */
static int relation_changed(mo2c_rt_sun *sv, double t)
{
    mo2c_data *d = sv->d;
    const mo2c_model *m = d->model;
    if (roots(sv, t, d->x, sv->z) != 0)
        return -1;
    for (int r = 0; r < sv->nroots; r++)
        if (!m->rel_time[r] && d->rel_on[r] && mo2c_rt_rel_value(m->rel_op[r], sv->z[r]) != d->rel[r])
            return 1;
    return 0;
}

/* SUNDIALS returns the first point of its last bracket where a zero-crossing function changed sign or
 * is zero. Exactly zero, a strict relation (y > 0.7) has not changed yet, and events.c would see no event
 * there (nor SUNDIALS again, which has reported the root): the event would wait for the step's end. So
 * move on by 1e-12 * max(1, |t|), four times more each try, inside the step SUNDIALS has taken (its
 * interpolant), until the relation has changed. */
static int past_root(mo2c_rt_sun *sv, sunrealtype *t)
{
    sunrealtype tn = *t;
    if (sv->kind == SUN_IDA)
        IDAGetCurrentTime(sv->mem, &tn);
    else
        CVodeGetCurrentTime(sv->mem, &tn);
    for (double h = 1e-12 * fmax(1.0, fabs(*t));; h *= 4.0) {
        int c = relation_changed(sv, *t);
        if (c != 0 || *t >= tn)
            return c < 0 ? -1 : 0;
        sunrealtype t1 = fmin(*t + h, tn);
        if ((sv->kind == SUN_IDA ? IDAGetDky(sv->mem, t1, 0, sv->y) : CVodeGetDky(sv->mem, t1, 0, sv->y)) < 0)
            return 0;
        *t = t1;
    }
}

int mo2c_rt_sun_step(mo2c_rt_sun *sv, double *t, double goal)
{
    mo2c_data *d = sv->d;
    sunrealtype tr = *t;
    int flag;
    sv->msg[0] = '\0';
    /* a goal within rounding of t (an output point 0.30000000000000004 after a time event at 0.3): the
     * states do not move, and CVODE and IDA refuse to start a step so short ("tout too close to t0") */
    if (goal - *t <= 64 * DBL_EPSILON * fmax(1.0, fabs(goal))) {
        *t = goal;
        return 0;
    }
    if (sv->kind == SUN_IDA) {
        IDASetStopTime(sv->mem, goal);
        flag = IDASolve(sv->mem, goal, &tr, sv->y, sv->yp, IDA_ONE_STEP);
    } else {
        CVodeSetStopTime(sv->mem, goal);
        flag = CVode(sv->mem, goal, sv->y, &tr, CV_ONE_STEP);
    }
    if (flag == CV_ROOT_RETURN && past_root(sv, &tr) != 0)   /* (IDA_ROOT_RETURN is the same 2) */
        flag = -1;
    if (flag >= 0) {   /* CV_SUCCESS, CV_TSTOP_RETURN, CV_ROOT_RETURN and IDA's alike */
        *t = tr;
        return 0;
    }
    mo2c_rt_progress_clear(d);
    if (sv->model_failed) {
        fprintf(stderr, "error: at time %.16g: %s\n", ((mo2c_rt_state *)d->solver)->fail_t,
                d->error[0] ? d->error : "the right-hand side failed");
        return -1;
    }
    fprintf(stderr, "error: at time %.16g: the integrator %s failed (%s) with step size %g\n", (double)tr,
            sv->name, sv->msg[0] ? sv->msg : "error", mo2c_rt_sun_next_step(sv));
    return -1;
}

/* After an event changed x (and relations) at t: start again from there, counters kept. */
int mo2c_rt_sun_restart(mo2c_rt_sun *sv, double t)
{
    mo2c_data *d = sv->d;
    long v[6] = {0};
    if (sv->kind == SUN_IDA) {
        IDAGetNumJacEvals(sv->mem, &v[5]);
        IDAGetNumSteps(sv->mem, &v[0]);
        IDAGetNumErrTestFails(sv->mem, &v[1]);
        IDAGetNumLinSolvSetups(sv->mem, &v[2]);
        IDAGetNumNonlinSolvIters(sv->mem, &v[3]);
        IDAGetNumGEvals(sv->mem, &v[4]);
    } else {
        CVodeGetNumJacEvals(sv->mem, &v[5]);
        CVodeGetNumSteps(sv->mem, &v[0]);
        CVodeGetNumErrTestFails(sv->mem, &v[1]);
        CVodeGetNumLinSolvSetups(sv->mem, &v[2]);
        CVodeGetNumNonlinSolvIters(sv->mem, &v[3]);
        CVodeGetNumGEvals(sv->mem, &v[4]);
    }
    sv->steps0 += (unsigned long)v[0];
    sv->fails0 += (unsigned long)v[1];
    sv->nsetups0 += (unsigned long)v[2];
    sv->nniters0 += (unsigned long)v[3];
    sv->nroot_evals0 += (unsigned long)v[4];
    sv->njac0 += (unsigned long)v[5];
    int ok;
    if (sv->kind == SUN_IDA) {
        if (eval_rhs(sv, t, d->x, N_VGetArrayPointer(sv->yp), 0) != 0) {
            mo2c_rt_progress_clear(d);
            fprintf(stderr, "error: at time %.16g: %s\n", t, d->error[0] ? d->error : "the right-hand side failed");
            return -1;
        }
        ok = IDAReInit(sv->mem, t, sv->y, sv->yp) == IDA_SUCCESS;
    } else {
        ok = CVodeReInit(sv->mem, t, sv->y) == CV_SUCCESS;
    }
    if (!ok) {
        mo2c_rt_progress_clear(d);
        fprintf(stderr, "error: at time %.16g: the integrator %s could not restart after an event (%s)\n", t,
                sv->name, sv->msg);
        return -1;
    }
    return 0;
}

/* The size of the step to try next. */
double mo2c_rt_sun_next_step(const mo2c_rt_sun *sv)
{
    sunrealtype h = 0.0;
    if (sv->kind == SUN_IDA)
        IDAGetCurrentStep(sv->mem, &h);
    else
        CVodeGetCurrentStep(sv->mem, &h);
    return h;
}

/* Accepted and failed (error test) steps and Jacobian evaluations (generated or SUNDIALS' difference
 * quotients) since the start. */
void mo2c_rt_sun_counts(const mo2c_rt_sun *sv, unsigned long *steps, unsigned long *failed, unsigned long *njac)
{
    long ns = 0, nf = 0, nj = 0;
    if (sv->kind == SUN_IDA) {
        IDAGetNumSteps(sv->mem, &ns);
        IDAGetNumErrTestFails(sv->mem, &nf);
        IDAGetNumJacEvals(sv->mem, &nj);
    } else {
        CVodeGetNumSteps(sv->mem, &ns);
        CVodeGetNumErrTestFails(sv->mem, &nf);
        CVodeGetNumJacEvals(sv->mem, &nj);
    }
    *steps = sv->steps0 + (unsigned long)ns;
    *failed = sv->fails0 + (unsigned long)nf;
    *njac = sv->njac0 + (unsigned long)nj;
}

/* LOG_STATS lines of SUNDIALS' own counters. */
void mo2c_rt_sun_stats(const mo2c_rt_sun *sv)
{
    long setups = 0, iters = 0, gevals = 0, conv = 0;
    if (sv->kind == SUN_IDA) {
        IDAGetNumLinSolvSetups(sv->mem, &setups);
        IDAGetNumNonlinSolvIters(sv->mem, &iters);
        IDAGetNumNonlinSolvConvFails(sv->mem, &conv);
        IDAGetNumGEvals(sv->mem, &gevals);
    } else {
        CVodeGetNumLinSolvSetups(sv->mem, &setups);
        CVodeGetNumNonlinSolvIters(sv->mem, &iters);
        CVodeGetNumNonlinSolvConvFails(sv->mem, &conv);
        CVodeGetNumGEvals(sv->mem, &gevals);
    }
    printf("LOG_STATS | info | linear solver: %s, %lu matrix setups\n", sv->linsol,
           sv->nsetups0 + (unsigned long)setups);
    printf("LOG_STATS | info | Newton iterations: %lu (%ld convergence failures since the last event)\n",
           sv->nniters0 + (unsigned long)iters, conv);
    printf("LOG_STATS | info | root-function evaluations: %lu\n", sv->nroot_evals0 + (unsigned long)gevals);
}
