/*
 * solver.c - the integration loop: GSL odeiv2 from start to stop, one result row per output point.
 *
 * Input: an initialized mo2c_data (parameters set, states at start), the options (stepper, tolerance,
 * output grid) and a result writer. Output: the rows, LOG_STATS lines, and 0; or 1 after printing
 * "error: at time T: ..." (the rows computed before the failure stay in the file).
 *
 * The loop is the one a hand-written GSL program uses, so a generated simulator costs what such a
 * program costs (the benchmark compares step counts and wall time):
 *     drv = gsl_odeiv2_driver_alloc_y_new(&sys, stepper, hstart, tol, tol)   (epsabs = epsrel = tol)
 *     for each output time ti: while (t < ti) gsl_odeiv2_evolve_apply(drv->e, drv->c, drv->s, &sys,
 *                                                                     &t, ti, &drv->h, x)
 * which takes exactly the steps of gsl_odeiv2_driver_apply(drv, &t, ti, x) (the driver's hmin = 0,
 * hmax = DBL_MAX and nmax = 0 checks never fire), but lets us look at the states after every accepted
 * step. hstart = 1e-3 * the output interval; GSL grows a step at most fivefold, so a few steps reach the
 * natural size. Output times: start + i * h for i < n, and exactly stop for i = n.
 *
 * Default stepper: rkf45 (Runge-Kutta-Fehlberg 4(5), embedded error estimate, 6 evaluations per step,
 * no Jacobian). Most models are not stiff, and the output grid (500 intervals by default) caps every
 * step at one output interval, so a high-order method such as rk8pd (13 evaluations per step) seldom
 * takes the long steps that would pay for its cost, while 4(5) reaches tolerances of 1e-6..1e-8 within
 * one or a few steps per interval. Stiff models choose -s=msbdf (variable-order BDF) or -s=bsimp; they
 * use the generated Jacobian, or forward differences when the model has none.
 */
#include "rt_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

/* ---- steppers ---- */

typedef struct stepper {
    const char *name;
    const gsl_odeiv2_step_type *const *type;
} stepper;

/* GSL's steppers; OpenModelica's rungekutta is the classical fixed-order RK4, here with error control.
 * cvode, cvode_adams, ida and dassl are SUNDIALS' (solver_sundials.c). */
static const stepper steppers[] = {
    {"rk45", &gsl_odeiv2_step_rkf45},   {"rkf45", &gsl_odeiv2_step_rkf45},
    {"rkck", &gsl_odeiv2_step_rkck},     {"rk8pd", &gsl_odeiv2_step_rk8pd},
    {"rk2", &gsl_odeiv2_step_rk2},       {"rk4", &gsl_odeiv2_step_rk4},
    {"rk1imp", &gsl_odeiv2_step_rk1imp}, {"rk2imp", &gsl_odeiv2_step_rk2imp},
    {"rk4imp", &gsl_odeiv2_step_rk4imp}, {"bsimp", &gsl_odeiv2_step_bsimp},
    {"msadams", &gsl_odeiv2_step_msadams}, {"msbdf", &gsl_odeiv2_step_msbdf},
    {"rungekutta", &gsl_odeiv2_step_rk4},
};
#define DEFAULT_STEPPER "rkf45"

static const stepper *find_stepper(const char *name)
{
    for (size_t i = 0; i < sizeof steppers / sizeof steppers[0]; i++)
        if (strcmp(steppers[i].name, name) == 0)
            return &steppers[i];
    return NULL;
}

int mo2c_rt_solver_known(const char *name)
{
    return find_stepper(name) != NULL || mo2c_rt_sun_known(name);
}

void mo2c_rt_solver_list(FILE *out)
{
    for (size_t i = 0; i < sizeof steppers / sizeof steppers[0]; i++)
        fprintf(out, "%s%s", i ? " " : "", steppers[i].name);
    mo2c_rt_sun_list(out);
}

/* ---- the functions GSL calls ---- */

/* A model evaluation failed (its message is in d->error). GSL_FAILURE, not GSL_EBADFUNC: evolve_apply
 * then retries the step at half the size. A failure at a trial point far from the accepted one (a step
 * too long for a fast transient: the states overshoot, a transistor's exponential explodes and its
 * linear system turns singular, a loop's Newton starts too far away) is the step's fault, as DASSL's
 * and CVODE's recoverable failures are; what the step accepts still passes the error test. A failure
 * within FAIL_HMIN of the span from the step's start (at the accepted point itself, or one that follows
 * it there) is the model's: GSL_EBADFUNC stops evolve_apply at once, and the loop reports the message
 * (s->rhs_failed) at its time, instead of halving the step towards the denormals. */
#define FAIL_HMIN 1e-12

static int trial_failed(mo2c_rt_state *s, double t)
{
    s->rhs_failed = 1;
    mo2c_rt_loops_reject(s);
    if (fabs(t - s->step_t0) <= s->fail_hmin)
        return GSL_EBADFUNC;
    return GSL_FAILURE;
}

/* The step control evolve_apply is given: the driver's own (its hadjust), and a try it rejects (the
 * step shrinks) makes the algebraic loops start again from the accepted point (mo2c_loop_start). */
typedef struct tracked_control {
    gsl_odeiv2_control *inner;
    mo2c_rt_state *s;
} tracked_control;

static int tracked_hadjust(void *state, size_t dim, unsigned int ord, const double y[], const double yerr[],
                           const double yp[], double *h)
{
    tracked_control *tc = state;
    double h_old = *h;
    int r = tc->inner->type->hadjust(tc->inner->state, dim, ord, y, yerr, yp, h);
    if (r == GSL_ODEIV_HADJ_DEC && fabs(*h) < fabs(h_old))
        mo2c_rt_loops_reject(tc->s);
    return r;
}

/* evolve_apply calls nothing of a control but hadjust */
static const gsl_odeiv2_control_type tracked_control_type = {"mo2c-tracked", NULL, NULL, tracked_hadjust, NULL, NULL,
                                                             NULL};

void mo2c_rt_dx_start(mo2c_data *d, double *dx)
{
    mo2c_rt_state *s = d->solver;
    if (dx == d->dx)
        return;
    for (int i = 0; i < s->ndx_seen; i++)
        if (s->dx_seen[i] == dx)
            return;
    memcpy(dx, d->dx, (size_t)d->model->nx * sizeof *dx);
    if (s->ndx_seen < MO2C_RT_DX_SEEN)   /* (past that, filled again at every call) */
        s->dx_seen[s->ndx_seen++] = dx;
}

void mo2c_rt_dx_forget(mo2c_rt_state *s)
{
    s->ndx_seen = 0;
}

static const char *name_of(const mo2c_data *d, mo2c_source src, int i, char *buf, size_t size);

/* d->error: the first derivative of dx that is NaN or Inf, named. Out of line: it runs on a failure only. */
static __attribute__((noinline, cold)) void nonfinite_message(mo2c_data *d, const double *dx)
{
    for (int i = 0; i < d->model->nx; i++) {
        if (isfinite(dx[i]))
            continue;
        char buf[300];
        snprintf(d->error, sizeof d->error, "%s is %s", name_of(d, MO2C_SRC_DER, i, buf, sizeof buf),
                 isnan(dx[i]) ? "NaN" : "Inf");
        return;
    }
}

static int gsl_rhs(double t, const double x[], double dx[], void *params)
{
    mo2c_data *d = params;
    mo2c_rt_state *s = d->solver;
    mo2c_rt_dx_start(d, dx);
    s->nrhs++;
    s->now = t;
    s->last_t = t;
    s->last_x = x;
    s->last_dx = dx;
    s->trial = 1;
    int rc = d->model->rhs(d, t, x, dx);
    s->trial = 0;
    if (rc == 0) {
        /* A derivative that is NaN or Inf (an exponential overflowing at a trial point: inf - inf, 0 * inf)
         * fails the evaluation as a model's error does: GSL's step control takes an error estimate of NaN
         * for a passed one (no comparison with NaN holds), so rkf45 accepted such a step and its states
         * were NaN after it (Spice3's RtlInverter at t = 9.5e-20, a stage at vbe = -2.6e192 whose
         * junction capacitance was NaN; tests/sim/rt_nonfinite_trial.sh). Summed as check_finite does. */
        double acc = 0.0;
        for (int i = 0; i < d->model->nx; i++)
            acc += dx[i] - dx[i];
        if (acc == 0.0)
            return GSL_SUCCESS;
        nonfinite_message(d, dx);
    }
    s->fail_t = s->last_t;   /* this call's t, read back: t need not survive the call in a register */
    return trial_failed(s, s->fail_t);
}

/* The generated Jacobian, or forward differences with steps sqrt(eps) * max(|x_j|, 1). df/dt is only
 * used by bsimp; for it a difference quotient in t, for the others zero. */
static int gsl_jac(double t, const double x[], double *dfdy, double dfdt[], void *params)
{
    mo2c_data *d = params;
    mo2c_rt_state *s = d->solver;
    const mo2c_model *m = d->model;
    int n = m->nx;
    double *f0 = s->work, *xx = s->work + n, *f1 = s->work + 2 * n;
    s->njac++;
    s->now = t;
    int need_f0 = !m->jacobian || s->use_dfdt;
    if (need_f0 && s->use_dfdt && s->last_x == x && s->last_t == t && s->last_dx) {
        /* bsimp asks for the Jacobian right after evolve_apply evaluated f(t, x) into its dydt_in */
        memcpy(f0, s->last_dx, (size_t)n * sizeof *f0);
    } else if (need_f0) {
        s->nrhs++;
        if (m->rhs(d, t, x, f0) != 0)
            goto fail;
    }
    s->last_x = NULL; /* d->y no longer belongs to the integrator's last evaluation */
    if (m->jacobian) {
        if (m->jacobian(d, t, x, dfdy) != 0)
            goto fail;
    } else {
        memcpy(xx, x, (size_t)n * sizeof *xx);
        for (int j = 0; j < n; j++) {
            double keep = xx[j], h = sqrt(DBL_EPSILON) * fmax(fabs(keep), 1.0);
            xx[j] = keep + h;
            h = xx[j] - keep; /* the step actually taken */
            s->nrhs++;
            if (m->rhs(d, t, xx, f1) != 0)
                goto fail;
            xx[j] = keep;
            for (int i = 0; i < n; i++)
                dfdy[(size_t)i * (size_t)n + (size_t)j] = (f1[i] - f0[i]) / h;
        }
    }
    if (s->use_dfdt) {
        double h = sqrt(DBL_EPSILON) * fmax(fabs(t), 1.0), t1 = t + h;
        h = t1 - t;
        s->nrhs++;
        if (m->rhs(d, t1, x, f1) != 0)
            goto fail;
        for (int i = 0; i < n; i++)
            dfdt[i] = (f1[i] - f0[i]) / h;
    } else {
        memset(dfdt, 0, (size_t)n * sizeof *dfdt);
    }
    return GSL_SUCCESS;
fail:
    s->fail_t = t;
    return trial_failed(s, t);
}

/* ---- failures ---- */

static double now_wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- the progress line (stderr a terminal, a run over a second) ---- */

void mo2c_rt_progress_clear(const mo2c_data *d)
{
    mo2c_rt_state *s = d->solver;
    if (s && s->progress_shown) {
        fputs("\r\033[K", stderr);
        s->progress_shown = 0;
    }
}

/* Called after every accepted step: at most four updates a second, from the first second on. */
static void progress(const mo2c_data *d, const mo2c_rt_opts *o, double t, double wall0)
{
    mo2c_rt_state *s = d->solver;
    double now = now_wall();
    if (now < s->progress_next)
        return;
    s->progress_next = now + 0.25;
    double span = o->stop - o->start, frac = span > 0.0 ? (t - o->start) / span : 1.0, el = now - wall0;
    fprintf(stderr, "\rtime %.6g of %.6g (%.0f%%), %.1f s elapsed", t, o->stop, 100.0 * frac, el);
    if (frac > 0.0)
        fprintf(stderr, ", about %.1f s left", el * (1.0 - frac) / frac);
    fputs("\033[K", stderr);
    s->progress_shown = 1;
}

static void report(const mo2c_data *d, double t, const char *fallback)
{
    mo2c_rt_progress_clear(d);
    fprintf(stderr, "error: at time %.16g: %s\n", t, d->error[0] ? d->error : fallback);
}

/* The user's name for x[i] (STATE), dx[i] (DER), y[i] (ALG) or p[i] (PARAM). Only called once, on a failure, so the
 * scan over the variables is not in any loop. */
static const char *name_of(const mo2c_data *d, mo2c_source src, int i, char *buf, size_t size)
{
    const mo2c_model *m = d->model;
    const char *neg = NULL;
    for (int k = 0; k < m->nvars; k++) {
        const mo2c_var_info *v = &m->vars[k];
        if (v->source != src || v->index != i)
            continue;
        if (!v->negated)
            return v->name;
        if (!neg)
            neg = v->name;
    }
    if (neg) {
        snprintf(buf, size, "-%s", neg);
        return buf;
    }
    if (src == MO2C_SRC_DER) {
        char xb[256];
        snprintf(buf, size, "der(%s)", name_of(d, MO2C_SRC_STATE, i, xb, sizeof xb));
        return buf;
    }
    snprintf(buf, size, "%s[%d]", src == MO2C_SRC_STATE ? "x" : src == MO2C_SRC_PARAM ? "p" : "y", i);
    return buf;
}

/* Out of line (rt_internal.h: mo2c_rt_check_finite): it runs once. */
__attribute__((noinline, cold)) int mo2c_rt_report_nonfinite(const mo2c_data *d, double t, mo2c_source src,
                                                            const double *v, int n)
{
    for (int i = 0; i < n; i++) {
        if (isfinite(v[i]))
            continue;
        char buf[300];
        mo2c_rt_progress_clear(d);
        fprintf(stderr, "error: at time %.16g: %s is %s\n", t, name_of(d, src, i, buf, sizeof buf),
                isnan(v[i]) ? "NaN" : "Inf");
        return 1;
    }
    return 1;
}

/* ---- the loop ---- */

/* Fill dx and y at an output point: from the integrator's last evaluation when that was exactly this
 * point (explicit Runge-Kutta steppers end every step with f(t1, x) into the evolve object's dydt_out),
 * else by one more evaluation; then the variables only results show (the model's outputs function). */
/* The derivatives at the accepted point (t, d->x): the integrator's last evaluation when that was exactly
 * this point (its dydt_out, with y of that evaluation), else d->dx after one more evaluation (NULL after
 * reporting its failure). Shared by output_point and dss_accepted. */
static double *point_dx(mo2c_data *d, double t, const gsl_odeiv2_driver *drv, int exact_dydt_out)
{
    mo2c_rt_state *s = d->solver;
    if (drv && exact_dydt_out && s->last_x == d->x && s->last_dx == drv->e->dydt_out && s->last_t == t)
        return drv->e->dydt_out;
    s->nrhs++;
    s->now = t;
    s->last_x = NULL;
    if (d->model->rhs(d, t, d->x, d->dx) != 0) {
        report(d, t, "the right-hand side failed");
        return NULL;
    }
    return d->dx;
}

static int output_point(mo2c_data *d, double t, const gsl_odeiv2_driver *drv, int exact_dydt_out)
{
    mo2c_rt_state *s = d->solver;
    const mo2c_model *m = d->model;
    d->time = t;
    s->now = t;
    double *dx = point_dx(d, t, drv, exact_dydt_out);
    if (!dx)
        return 1;
    if (dx != d->dx)
        memcpy(d->dx, dx, (size_t)m->nx * sizeof *d->dx);
    if (m->outputs && m->outputs(d, t, d->x) != 0) {
        report(d, t, "computing the outputs failed");
        return 1;
    }
    return mo2c_rt_check_finite(d, t, MO2C_SRC_DER, d->dx, m->nx) ||
           mo2c_rt_check_finite(d, t, MO2C_SRC_ALG, d->y, m->ny);
}

/* The watch of the state choices of index reduction (codegen_dss.c, dss.c) at an accepted point (t,
 * d->x), an event's included: y and dx from the last evaluation when that was this point (fresh: the
 * events' look at the step's end, which leaves y and d->dx of (t, d->x); or the integrator's, as
 * output_point reuses it), else from one more evaluation. Trial points are not watched, except for
 * the choices found near degenerate here (rhs tests those itself). Non-zero after reporting a failure:
 * the run stops at this time, the rows before it written. 2: a state set switched its states (x changed,
 * the same point), as after an event. */
static int dss_accepted(mo2c_data *d, double t, const gsl_odeiv2_driver *drv, int exact_dydt_out, int fresh)
{
    const mo2c_model *m = d->model;
    if (!m->dss)
        return 0;
    /* fresh: y and d->dx are those of (t, d->x) */
    double *dx = fresh ? d->dx : point_dx(d, t, drv, exact_dydt_out);
    if (!dx)
        return 1;
    int r = m->dss(d, t, d->x, dx, 1);
    if (r == 2)
        return 2;   /* a state set switched: x changed at this point (the caller restarts the integrator) */
    if (r != 0) {
        report(d, t, "a state choice no longer fits");
        return 1;
    }
    return 0;
}

static void print_stats(const mo2c_rt_opts *o, const char *solver, const mo2c_rt_state *s,
                        const gsl_odeiv2_driver *drv, const mo2c_rt_sun *sun, double cpu, double wall)
{
    unsigned long steps = s->steps0 + (drv ? drv->e->count : 0);
    unsigned long failed = s->failed0 + (drv ? drv->e->failed_steps : 0), njac = s->njac;
    if (sun)
        mo2c_rt_sun_counts(sun, &steps, &failed, &njac);
    printf("LOG_STATS | info | ### STATISTICS ###\n");
    printf("LOG_STATS | info | solver: %s, tolerance %g, %ld output intervals\n", solver, o->tol,
           o->intervals);
    printf("LOG_STATS | info | steps: %lu\n", steps);
    printf("LOG_STATS | info | failed steps: %lu\n", failed);
    printf("LOG_STATS | info | right-hand-side calls: %lu\n", s->nrhs);
    printf("LOG_STATS | info | Jacobian evaluations: %lu\n", njac);
    printf("LOG_STATS | info | CPU time: %.6f s\n", cpu);
    printf("LOG_STATS | info | wall time: %.6f s\n", wall);
    if (sun)
        mo2c_rt_sun_stats(sun);
}

/* Stiffness: the default rkf45 is explicit, so on a stiff model (a transistor's 1e-14 s time constant
 * beside a 1 s run, a switched-capacitor filter) its steps are held at the fast mode's stability limit
 * however smooth the solution: the run takes hours where a BDF method takes a second. When the default
 * stepper (no -s) takes more than STIFF_STEPS accepted steps within one output interval, or shows the
 * second sign below, or the third (its step shrinks to nothing on model evaluations that fail at its
 * trial points, in mo2c_rt_simulate), the run goes on with msbdf (variable-order BDF, what OpenModelica's default dassl
 * is) from the current point and step size, at a tenth of the tolerance (STIFF_BDF_TOL below), and says so in LOG_SOLVER. A model
 * that asks for a stepper keeps it. msbdf factors a dense Jacobian (n^3): above STIFF_MAX_STATES states
 * the run stays with rkf45 and LOG_SOLVER suggests -s=cvode (SUNDIALS, sparse) instead. */
#define STIFF_STEPS 1000
#define STIFF_MAX_STATES 1000
#define STIFF_TEXT(n) STIFF_TEXT_(n)   /* a macro's value as a string, for the messages */
#define STIFF_TEXT_(n) #n

/* The second sign of stiffness: rkf45 held at its stability limit rejects a step in every few. Its
 * controller grows a step that passed by up to fivefold, the longer step leaves the stability region,
 * its error estimate explodes and the step is retried shorter: the step size saws about the limit
 * however smooth the solution, while an accurate rkf45 step is seldom refused. Measured over blocks
 * of STIFF_BLOCK accepted steps (the MSL examples of library_msl_examples.sh, 2026-11-27): the models
 * whose steps rkf45 resolves refuse at most 5 % of the tries of a block (Backlash, the noise examples;
 * one block of NandGate's 8 %), the stiff ones 13 % to 24 % in every block (the op amp circuits, the
 * switches with arcs, Fluid's RoomCO2, 13 %: a 100 m3 room's pressure against a pipe, time constant
 * 0.1 s in a 3600 s run, 33,566 rkf45 steps where msbdf takes 726). Two blocks in a row above
 * STIFF_REJECTED switch, also when the steps are too few per output interval for the first
 * sign (RoomCO2 takes about 70 per interval). */
#define STIFF_BLOCK 200
#define STIFF_REJECTED 0.10   /* the message says 10 % */
/* msbdf is no cure for every stiff model: on the MSL's AmplifierWithOpAmpDetailed (op amps with
 * piecewise limits, no generated Jacobian) it refused 289,039 of its 590,671 tries and its result left
 * MAP-LIB's tube, where rkf45 alone met it in 606,304 steps. A block of STIFF_BLOCK msbdf steps that
 * refuses more than STIFF_BDF_REFUSED of its tries hands the run back to rkf45. Measured on
 * MAP-LIB's models: the stiff ones that msbdf runs into the references' tubes refuse at most 25 % of
 * a block's tries (ThyristorBehaviourTest; SimpleTriacCircuit 24 %, the rectifiers 18 %, CauerLowPassSC
 * 17 %), AmplifierWithOpAmpDetailed 40 % in its fourth block (it then passes, back with rkf45). rkf45
 * handed the run is watched by the first and third signs only, and a switch from there keeps msbdf for good: a
 * stiff run's msbdf may also refuse a third of a block's tries at a switching of diodes (SMEE_Rectifier at
 * t = 0.0156, 2026-11-28), and rkf45 for good then took more than 60 s of CPU to t = 0.34 of 1.1 where
 * the first sign's msbdf (the behaviour before this watch) takes 9 s to the end. */
#define STIFF_BDF_REFUSED (1.0 / 3.0)   /* the message says a third */
/* msbdf's tolerance after a switch, relative to the run's: rkf45 held by stability takes steps far
 * shorter than its tolerance asks for, and its result is far more accurate than the tolerance (on
 * ActuatorWithNoise, 1e-5, rkf45 alone ends within 2e-8 of a tight reference at t = 0.005 in 552,539
 * steps to t = 0.006); msbdf at the same tolerance meets it step by step and its global error grows to
 * 2.2e-4 there (2.4 % of the value, 10 times MAP-LIB's tube), at a tenth 9e-6 (steps 89,722 -> 117,067
 * over the whole run). The answer must not depend on the integrator the run chose by itself beyond what
 * the tolerance lets rkf45 drift. */
#define STIFF_BDF_TOL 0.1
/* ... but not below STIFF_BDF_TOL_MIN, nor above the run's own: near double precision msbdf's steps shrink
 * to nothing (SimpleTriacCircuit, tolerance 1e-12: msbdf at 1e-13 failed at t = 0.000271 with a step of
 * 1e-20; at 1e-12 it runs into MAP-LIB's tube) */
#define STIFF_BDF_TOL_MIN 1e-10

/* The share of refused tries alone is no proof: a step refused because a trial point's loop failed, or a
 * mode resolved near the tolerance, looks alike (MultiBody's HeatLosses and SpringDamperSystem refuse two
 * tries in three, their dampers' Newton failing at trial points, and are not stiff: msbdf's longer steps
 * there ran into the state-choice watch). A block whose share is high counts only when rkf45's step is
 * held by stability: h |lambda| above STIFF_HLAMBDA, with lambda the Jacobian's dominant eigenvalue and
 * h the block's mean step. An accurate rkf45 step keeps h |lambda| well below 1 (its local error
 * ~ (h lambda)^5 / 120 meets a tolerance of 1e-3 up to 0.8, of 1e-6 up to 0.2); its stability region
 * ends near 3 on the negative axis, where a stiff run's steps saw. lambda comes from a few steps of power
 * iteration (J v by a difference of the right-hand side) from the direction of rkf45's last error
 * estimate, which a stability-held step fills with the fast mode (Shampine's stiffness test of RKSUITE):
 * STIFF_POWER + 1 evaluations at a block's end, only when its share was high. */
#define STIFF_HLAMBDA 1.5
#define STIFF_POWER 4
#define STIFF_DELTA 1e-7   /* the perturbation's norm, relative to 1 + |x_i| per state */

typedef struct stiff_block {
    unsigned long steps, failed;   /* the counts at the block's start */
    double t;                      /* the time at the block's start */
    int high;                      /* blocks in a row that rejected more than the share (and were stiff) */
    double hl;                     /* the last estimate of h |lambda| (-1: none) */
    double *work;                  /* 3 nx, for the estimate; NULL: no estimate asked */
} stiff_block;

/* sqrt(sum (v_i / (1 + |x_i|))^2): a difference of states, each on its own scale */
static double stiff_norm(const double *v, const double *x, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        double r = v[i] / (1.0 + fabs(x[i]));
        sum += r * r;
    }
    return sqrt(sum);
}

/* |lambda| of the dominant eigenvalue of the Jacobian at (t, x) by power iteration from dir; -1 when the
 * right-hand side fails at a perturbed point or dir is 0. dx0: the derivatives at (t, x) (rkf45's
 * dydt_out). The model is evaluated at (t, x) again at the end, its loops from the accepted point, so
 * that the step's values are as before. Each buffer rhs fills starts as derivatives at (t, x): a loop
 * whose unknowns are derivatives starts from it (rt_internal.h, mo2c_rt_dx_start), and malloc's
 * garbage or the power iteration's direction there made its Newton fail or land on another root. */
static double stiff_lambda(mo2c_data *d, double t, const double *x, const double *dx0, const double *dir,
                           double *work)
{
    mo2c_rt_state *s = d->solver;
    int n = d->model->nx;
    size_t bytes = (size_t)n * sizeof(double);
    double *f0 = work, *v = work + n, *xp = work + 2 * n, lam = -1.0;
    memcpy(v, dir, bytes);
    memcpy(f0, dx0, bytes);
    s->nrhs++;
    if (d->model->rhs(d, t, x, f0) == 0) {
        for (int k = 0; k < STIFF_POWER; k++) {
            double nv = stiff_norm(v, x, n);
            if (!(nv > 0.0) || !isfinite(nv)) {
                lam = -1.0;
                break;
            }
            double c = STIFF_DELTA / nv;
            for (int i = 0; i < n; i++)
                xp[i] = x[i] + c * v[i];
            memcpy(v, f0, bytes);   /* (xp is near x) */
            s->nrhs++;
            if (d->model->rhs(d, t, xp, v) != 0) {
                lam = -1.0;
                break;
            }
            for (int i = 0; i < n; i++)
                v[i] -= f0[i];   /* J (c v) */
            lam = stiff_norm(v, x, n) / STIFF_DELTA;
        }
    }
    d->error[0] = '\0';   /* a failure at a perturbed point is no failure of the run */
    mo2c_rt_loops_reject(s);
    s->nrhs++;
    if (d->model->rhs(d, t, x, f0) != 0) {
        /* y is then that of a failed evaluation: the next row evaluates the point again (point_dx),
         * and reports the failure if it is the point's */
        s->last_x = NULL;
        d->error[0] = '\0';
    }
    return lam;
}

/* After an accepted step at (t, x): 1 when the last `blocks` blocks in a row refused more than `share` of
 * their tries (and, when b->work is set, rkf45's steps were held by stability, h |lambda| > STIFF_HLAMBDA) */
static int stiff_rejecting(mo2c_data *d, const gsl_odeiv2_driver *drv, stiff_block *b, double share, int blocks,
                           double t, const double *x)
{
    const mo2c_rt_state *s = d->solver;
    unsigned long steps = s->steps0 + drv->e->count, failed = s->failed0 + drv->e->failed_steps;
    if (steps - b->steps < STIFF_BLOCK)
        return 0;
    double tries = (double)(steps - b->steps + failed - b->failed);
    int high = (double)(failed - b->failed) > share * tries;
    if (high && b->work) {
        /* the derivatives at the step's end: rkf45's dydt_out, once it has made a step (else unwritten) */
        const double *dx0 = drv->e->count > 0 ? drv->e->dydt_out : d->dx;
        double h = (t - b->t) / (double)(steps - b->steps), lam = stiff_lambda(d, t, x, dx0, drv->e->yerr, b->work);
        b->hl = lam < 0.0 ? -1.0 : h * lam;
        high = b->hl > STIFF_HLAMBDA;
        mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "at time %.16g: %.0f %% of rkf45's tries refused in a block of "
                    STIFF_TEXT(STIFF_BLOCK) " steps, h |lambda| %g (mean step %g)", t,
                    100.0 * (double)(failed - b->failed) / tries, b->hl, h);
    }
    b->high = high ? b->high + 1 : 0;
    b->steps = steps;
    b->failed = failed;
    b->t = t;
    return b->high >= blocks;
}

/* The run goes on with stepper TYPE at tolerance TOL from t, at the step size reached; the events locate
 * crossings with it too. Returns -1 when out of memory. */
static int switch_stepper(mo2c_data *d, double tol, gsl_odeiv2_system *sys, gsl_odeiv2_driver **drv,
                          tracked_control *tc, mo2c_rt_events *ev, const gsl_odeiv2_step_type *type)
{
    mo2c_rt_state *s = d->solver;
    gsl_odeiv2_driver *nd = gsl_odeiv2_driver_alloc_y_new(sys, type, (*drv)->h, tol, tol);
    mo2c_rt_dx_forget(d->solver);
    if (!nd || (ev && mo2c_rt_events_stepper(ev, tol, sys, type) != 0)) {
        if (nd)
            gsl_odeiv2_driver_free(nd);
        return -1;
    }
    s->steps0 += (*drv)->e->count;
    s->failed0 += (*drv)->e->failed_steps;
    gsl_odeiv2_driver_free(*drv);
    *drv = nd;
    tc->inner = nd->c;
    s->use_dfdt = 0;
    return 0;
}

/* rkf45 watched (*watch 1 or 3) proved stiff at t (why): the run goes on with msbdf, at a tenth of the
 * tolerance; from rkf45 handed back (3) msbdf is kept for good, as with the first sign alone. Returns -1
 * (reported) when out of memory. */
static int to_bdf(mo2c_data *d, const mo2c_rt_opts *o, gsl_odeiv2_system *sys, gsl_odeiv2_driver **drv,
                  tracked_control *tc, mo2c_rt_events *ev, int *watch, stiff_block *blk, const char **sname,
                  int *exact, double t, const char *why)
{
    mo2c_rt_state *s = d->solver;
    double btol = fmin(o->tol, fmax(o->tol * STIFF_BDF_TOL, STIFF_BDF_TOL_MIN));
    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "at time %.16g: %s: stiff, the run goes on with msbdf at tolerance %g "
                "(step size %g)", t, why, btol, (*drv)->h);
    if (switch_stepper(d, btol, sys, drv, tc, ev, gsl_odeiv2_step_msbdf) != 0) {
        report(d, t, "out of memory");
        return -1;
    }
    *watch = *watch == 1 ? 2 : 0;
    *blk = (stiff_block){s->steps0, s->failed0, t, 0, -1.0, NULL};
    *sname = *watch ? "rkf45, then msbdf" : "rkf45, then msbdf, then rkf45, then msbdf";
    *exact = gsl_odeiv2_step_msbdf->gives_exact_dydt_out;
    return 0;
}

int mo2c_rt_simulate(mo2c_data *d, const mo2c_rt_opts *o, mo2c_rt_writer *w)
{
    const mo2c_model *m = d->model;
    mo2c_rt_state *s = d->solver;
    const char *sname = o->solver ? o->solver : DEFAULT_STEPPER;
    int sundials = mo2c_rt_sun_known(sname);
    const stepper *st = find_stepper(sundials ? DEFAULT_STEPPER : sname);
    if (!st)
        st = find_stepper(DEFAULT_STEPPER); /* main.c has rejected unknown names already */
    double wall0 = now_wall();
    clock_t cpu0 = clock();
    long n = o->intervals;
    double h = o->step;

    gsl_odeiv2_system sys = {gsl_rhs, gsl_jac, (size_t)m->nx, d};
    /* With -outputFormat=empty no row is written, so the output points of the grid only bound the
     * steps (as in a hand-written GSL program): dx and the outputs are not computed there, and the
     * NaN/Inf check is the one of the states after every accepted step. The first point, and the last
     * one when terminate() ends the run, are still computed and checked. */
    int rows = o->format != MO2C_RT_EMPTY;
    gsl_odeiv2_driver *drv = NULL;
    mo2c_rt_sun *sun = NULL;
    int exact = 0, rc = 0;
    s->use_dfdt = *st->type == gsl_odeiv2_step_bsimp;
    s->step_t0 = o->start;
    s->fail_hmin = FAIL_HMIN * fmax(o->stop - o->start, fmax(fabs(o->start), fabs(o->stop)));
    if (m->nx > 0 && n > 0 && sundials) {
        if (!(sun = mo2c_rt_sun_new(d, o, sname, o->start)))
            return 1;
    } else if (m->nx > 0 && n > 0) {
        double h0 = o->init_step > 0.0 ? o->init_step : 1e-3 * h;
        if (o->max_step > 0.0 && h0 > o->max_step)
            h0 = o->max_step;
        drv = gsl_odeiv2_driver_alloc_y_new(&sys, *st->type, h0, o->tol, o->tol);
        if (!drv) {
            fprintf(stderr, "error: cannot set up the integrator %s\n", sname);
            return 1;
        }
        exact = (*st->type)->gives_exact_dydt_out;
        mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "integrator %s: tolerance %g, first step %g, largest step %s%g, "
                    "%ld output intervals of %g", sname, o->tol, h0, o->max_step > 0.0 ? "" : "unlimited, ",
                    o->max_step > 0.0 ? o->max_step : h, n, h);
    }
    tracked_control tc = {drv ? drv->c : NULL, s};
    gsl_odeiv2_control control = {&tracked_control_type, &tc};
    int log_steps = mo2c_rt_logging(d, MO2C_RT_LOG_SOLVER);
    s->progress = isatty(STDERR_FILENO);
    s->progress_next = wall0 + 1.0;

    /* events (events.c): the loop never steps past a time event, and after every accepted step looks
     * for crossings; an event moves t (and x) to it and restarts the integrator */
    mo2c_rt_events *ev = NULL;
    int stop = 0;
    if (mo2c_rt_has_events(m) && !(ev = mo2c_rt_events_new(d, o, sun ? NULL : &sys, *st->type))) {
        fprintf(stderr, "error: out of memory\n");
        rc = 1;
    }
    double t = o->start;
    if (ev && !rc) {
        int r = mo2c_rt_events_start(ev, t);
        rc = r < 0;
        stop = r == 2;
    }
    if (!rc && mo2c_rt_delay_record(d, t, d->x) != 0) {   /* the first point of delay()'s histories */
        report(d, t, "recording the delayed values failed");
        rc = 1;
    }
    if (!rc)
        rc = output_point(d, t, NULL, 0);
    if (!rc) {
        /* output_point evaluated the start; a switch there comes before the integrator's first step. It
         * changed x after SUNDIALS copied it (mo2c_rt_sun_new), so the solver restarts from the new x
         * (else CVODE/IDA would integrate the old candidate's value as the new one's: a silent wrong run),
         * and the start row is evaluated again (its derivatives were the old candidates') */
        int r0 = dss_accepted(d, t, NULL, 0, 1);
        rc = r0 == 1;
        if (r0 == 2 && sun)
            rc = mo2c_rt_sun_restart(sun, t) != 0;
        if (r0 == 2 && !rc)
            rc = output_point(d, t, NULL, 0);
    }
    mo2c_rt_loops_accept(s);   /* the start, as output_point solved its loops */
    if (!rc)
        rc = mo2c_rt_writer_row(w, t) != 0;
    double last_row = t;
    /* 1: rkf45 (the default) watched for stiffness, 2: msbdf since, watched for its refusals, 3: rkf45 again
     * (msbdf handed the run back), watched by the first and third signs only, 0: none of them */
    int watch_stiff = !o->solver, interval_steps = 0;
    /* the estimate's work space: rkf45 watched, and states to perturb; without it the share alone decides */
    double *stiff_work = watch_stiff && drv ? malloc(3 * (size_t)m->nx * sizeof *stiff_work) : NULL;
    stiff_block blk = {0, 0, t, 0, -1.0, stiff_work};
    if (watch_stiff && drv && !stiff_work) {
        fprintf(stderr, "error: out of memory\n");
        rc = 1;
    }
    for (long i = 1; i <= n && !rc && !stop; i++) {
        double ti = i == n ? o->stop : o->start + (double)i * h;
        interval_steps = 0;
        while ((drv || sun || ev) && t < ti) {
            double goal = ti;
            int timed = 0;
            if (ev) {
                double te = mo2c_rt_events_next_time(ev, t);
                if (te <= goal) {
                    goal = te;
                    timed = 1;
                }
                mo2c_rt_events_step_start(ev, t, d->x);
            }
            if (sun) {
                double t0 = t;
                if (mo2c_rt_sun_step(sun, &t, goal) != 0) {
                    rc = 1;
                    break;
                }
                unsigned long steps, failed, njac;
                mo2c_rt_sun_counts(sun, &steps, &failed, &njac);
                s->steps_taken = (double)steps;
                if (s->progress)
                    progress(d, o, t, wall0);
                if (log_steps)
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "step %.0f: t = %.16g, step size %.6g (next %.6g)",
                                s->steps_taken, t, t - t0, mo2c_rt_sun_next_step(sun));
                if (mo2c_rt_check_finite(d, t, MO2C_SRC_STATE, d->x, m->nx)) {
                    rc = 1;
                    break;
                }
            } else if (drv) {
                if (o->max_step > 0.0 && drv->h > o->max_step)
                    drv->h = o->max_step;   /* -maxStepSize: GSL grows the step at most fivefold per step */
                double t0 = t;
                s->rhs_failed = 0;
                s->step_t0 = t;
                int status = gsl_odeiv2_evolve_apply(drv->e, &control, drv->s, &sys, &t, goal, &drv->h, d->x);
                if (status != GSL_SUCCESS && s->rhs_failed && (watch_stiff == 1 || watch_stiff == 3) &&
                    m->nx <= STIFF_MAX_STATES) {
                    /* The third sign: rkf45 shrank its step to nothing on model evaluations that fail at its
                     * trial points (an explicit method's stages overshoot on a stiff circuit: Spice3's
                     * Oscillator at t = 5e-4, a bipolar transistor's exponential overflowing into a junction
                     * capacitance of NaN). The run goes on with msbdf from the last accepted point (rkf45
                     * restored it), whose implicit stages stay near the solution. A failure that is the
                     * model's, at the accepted point itself, fails msbdf at once and is reported then. */
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "at time %.16g: rkf45 failed at t = %.16g (%s)", t,
                                s->fail_t, d->error);
                    d->error[0] = '\0';
                    if (to_bdf(d, o, &sys, &drv, &tc, ev, &watch_stiff, &blk, &sname, &exact, t,
                               "rkf45's step shrank to nothing on a failing model evaluation") != 0) {
                        rc = 1;
                        break;
                    }
                    continue;
                }
                if (status != GSL_SUCCESS && s->rhs_failed) {
                    report(d, s->fail_t, "the right-hand side failed");
                    rc = 1;
                    break;
                }
                if (s->rhs_failed)
                    d->error[0] = '\0';   /* a shorter step succeeded: the trial point's message is void */
                if (status != GSL_SUCCESS) {
                    mo2c_rt_progress_clear(d);
                    fprintf(stderr, "error: at time %.16g: the integrator %s failed (%s) with step size %g\n", t,
                            sname, gsl_strerror(status), drv->h);
                    rc = 1;
                    break;
                }
                s->steps_taken = (double)(s->steps0 + drv->e->count);
                if (s->progress)
                    progress(d, o, t, wall0);
                if (log_steps)
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "step %.0f: t = %.16g, step size %.6g (next %.6g)",
                                s->steps_taken, t, t - t0, drv->h);
                const char *why = NULL;
                if ((watch_stiff == 1 || watch_stiff == 3) && ++interval_steps > STIFF_STEPS)
                    why = "more than " STIFF_TEXT(STIFF_STEPS) " steps within an output interval";
                else if (watch_stiff == 1 && stiff_rejecting(d, drv, &blk, STIFF_REJECTED, 2, t, d->x))
                    why = "more than 10 % of rkf45's tries refused in two blocks of " STIFF_TEXT(STIFF_BLOCK)
                          " steps, its steps held by stability";
                if (why && m->nx > STIFF_MAX_STATES) {
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "at time %.16g: %s: stiff; %d states are too many for "
                                "msbdf's dense Jacobian, -s=cvode may be faster", t, why, m->nx);
                    watch_stiff = 0;
                } else if (why) {
                    if (to_bdf(d, o, &sys, &drv, &tc, ev, &watch_stiff, &blk, &sname, &exact, t, why) != 0) {
                        rc = 1;
                        break;
                    }
                } else if (watch_stiff == 2 && stiff_rejecting(d, drv, &blk, STIFF_BDF_REFUSED, 1, t, d->x)) {
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "at time %.16g: msbdf refused more than a third of its tries "
                                "in a block of " STIFF_TEXT(STIFF_BLOCK) " steps: the run goes on with rkf45 (step "
                                "size %g)", t, drv->h);
                    if (switch_stepper(d, o->tol, &sys, &drv, &tc, ev, *st->type) != 0) {
                        report(d, t, "out of memory");
                        rc = 1;
                        break;
                    }
                    watch_stiff = 3;
                    interval_steps = 0;
                    sname = "rkf45, then msbdf, then rkf45";
                    exact = (*st->type)->gives_exact_dydt_out;
                }
                if (mo2c_rt_check_finite(d, t, MO2C_SRC_STATE, d->x, m->nx)) {
                    rc = 1;
                    break;
                }
            } else if (mo2c_rt_events_probe(ev, &t, goal) != 0) {   /* no states: only time moves */
                rc = 1;
                break;
            }
            int evr = -1;   /* what the events found after the step (0: nothing, y and d->dx at its end) */
            if (ev) {
                int r = evr = mo2c_rt_events_after_step(ev, &t, d->x, timed && t == goal, w);
                if (r < 0) {
                    rc = 1;
                    break;
                }
                if (r >= 1 && drv) {
                    s->steps0 += drv->e->count;   /* the reset clears GSL's counters */
                    s->failed0 += drv->e->failed_steps;
                    gsl_odeiv2_driver_reset(drv);
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "integrator restarted at time %.16g after an event "
                                "(step size %g)", t, drv->h);
                } else if (r >= 1 && sun) {
                    if (mo2c_rt_sun_restart(sun, t) != 0) {
                        rc = 1;
                        break;
                    }
                    mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "integrator restarted at time %.16g after an event", t);
                }
                if (r == 2) {
                    stop = 1;
                    break;
                }
            }
            int dr = dss_accepted(d, t, drv, exact, evr == 0);
            if (dr == 1) {
                rc = 1;
                break;
            }
            if (dr == 2)   /* x changed in place: the integrator's last evaluation (dydt_out) is of the old
                            * candidates, and point_dx must not hand it to the row of this point */
                s->last_x = NULL;
            if (dr == 2 && drv) {   /* a state set switched: x changed, as at an event */
                s->steps0 += drv->e->count;
                s->failed0 += drv->e->failed_steps;
                gsl_odeiv2_driver_reset(drv);
                mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "integrator restarted at time %.16g after a state set's switch", t);
            } else if (dr == 2 && sun) {
                if (mo2c_rt_sun_restart(sun, t) != 0) {
                    rc = 1;
                    break;
                }
                mo2c_rt_log(d, MO2C_RT_LOG_SOLVER, "integrator restarted at time %.16g after a state set's switch", t);
            }
            if (mo2c_rt_delay_record(d, t, d->x) != 0) {   /* an accepted point (after its event) */
                report(d, t, "recording the delayed values failed");
                rc = 1;
                break;
            }
            mo2c_rt_loops_accept(s);
        }
        if (rc || stop)
            break;
        t = ti;
        if (!drv && !ev && mo2c_rt_delay_record(d, t, d->x) != 0) {   /* no steps: the output points */
            report(d, t, "recording the delayed values failed");
            rc = 1;
            break;
        }
        if (ev && mo2c_rt_events_row_at(ev, t))
            continue;   /* the rows of an event at exactly this time are written already */
        last_row = t;
        if (!rows) {    /* -outputFormat=empty: no row to fill (the states were checked after the step) */
            d->time = t;
            continue;
        }
        rc = mo2c_rt_events_flush(ev, w) != 0;   /* the row just after the last event comes first */
        if (!rc)
            rc = output_point(d, t, drv, exact);
        if (!rc)
            rc = mo2c_rt_writer_row(w, t) != 0;
    }
    if (mo2c_rt_events_flush(ev, w) != 0)
        rc = 1;
    if (stop && !rc && t != last_row && !mo2c_rt_events_row_at(ev, t)) {
        /* terminate(): the point of the event ends the result */
        rc = output_point(d, t, NULL, 0);
        if (!rc)
            rc = mo2c_rt_writer_row(w, t) != 0;
    }
    if (ev && !rc && !stop && mo2c_rt_events_end(ev, t) != 0)
        rc = 1;

    mo2c_rt_progress_clear(d);
    if (o->log & MO2C_RT_LOG_STATS)
        print_stats(o, sname, s, drv, sun, (double)(clock() - cpu0) / CLOCKS_PER_SEC, now_wall() - wall0);
    if (ev && (o->log & MO2C_RT_LOG_STATS))
        mo2c_rt_events_stats(ev);
    mo2c_rt_events_free(ev);
    if (drv)
        gsl_odeiv2_driver_free(drv);
    free(stiff_work);
    mo2c_rt_sun_free(sun);
    return rc ? 1 : 0;
}
