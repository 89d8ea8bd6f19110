/*
 * events.c - state events, time events and event iteration (hooks of solver.c's integration loop), and
 * the event helpers generated code calls (mo2c_sample_at, mo2c_assert, mo2c_terminate, mo2c_save_pre),
 * and mo2c_init_holds (a redundant initial equation checked after initialization).
 *
 * Input: an initialized mo2c_data of a model with events (mo2c_model.nrel, update, ...: see mo2c_rt.h),
 * the integrator's GSL system, the options (-noEventEmit, -noRootFinding, -lv=LOG_EVENTS). Output: the relations, discrete variables
 * and states after each event, the result rows just before and just after it (same time), LOG_STATS
 * counts.
 *
 * Between events every relation is frozen (d->rel), so the right-hand side is smooth and the integrator
 * steps over a crossing without noticing. After each accepted step [tp, t] the zero-crossing functions
 * are evaluated at t; when a relation would have a different value, the crossing is located inside the
 * step by the Illinois variant of regula falsi on the zero-crossing functions (the earliest estimate of
 * the relations that changed, safeguarded by bisection), to 1e-12 * max(1, |t|) in time. GSL odeiv2 has
 * no dense output for all of its steppers, so each trial time tm is reached by integrating again from
 * the left end of the bracket [tl, tr] with a second driver of the same stepper and tolerance (error
 * controlled, so the located state is as accurate as the steps themselves).
 *
 * With -noRootFinding the crossing is not located: the event happens at the end of the step in which a
 * relation changed (as OpenModelica's flag does), so its time is only as good as the step.
 *
 * Time events (relations "time op T", sample instants) are hit exactly: the loop never integrates past
 * next_time_event(t), and at that time no search is needed.
 *
 * At an event at time te: the point just before (old relations) is kept; the relations take their new
 * values; then event iteration: pre = y, pre_x = x, pre_dx = dx; rhs; update(fire); rhs, the two again in
 * rounds that start from the pass's condition memory and states while a round changes a discrete y or x
 * (one solution of the event's equations with pre() fixed, spec 8.6: a when-condition that reads what
 * another when-clause assigned at this event, change(m) of m = integer(10*time), sees the new value with
 * pre() from before the event; rounds that never settle stop the run); zero crossings - repeated
 * until neither the relations nor any discrete y (mo2c_model.y_discrete) nor x change (at most MAX_PASSES passes, else the event is
 * reported as not converging, naming what kept changing). A relation that a mixed loop found on its
 * threshold to the loop's accuracy and kept (d->rel_tie, runtime/mixed.c) is not compared: its sign
 * there is the loop's rounding, and compared exactly it undid, pass after pass, the mode the loop
 * settled on (an ideal thyristor off beside one on carrying 3e-6 A has a voltage of -3e-15 that comes
 * out +-1e-14 from node voltages of 300 V: PowerConverters' Dimmer_RL, SoftStarter, HBridge_DC_Drive,
 * PolyphaseTwoLevel_RL stopped after 100 passes); one that the loop holds there (d->rel_band) changes
 * after the event only where its difference has left that band (mo2c_rt_rel_hold). Then the condition memory is refreshed
 * outside the event (sample() false again) and the integrator restarts from te. The rows before and
 * after are written (unless -noEventEmit) when the event changed something visible. Events closer
 * together than the accuracy of a located event's time (1e-12 * max(1, |t|)) are one instant in the
 * result: the row before the first and the row after the last are written, not the points between,
 * which last less than their times' error. A relation that an event leaves exactly on its threshold and
 * the integration moves across at once is one: a friction element breaking loose at w_rel = 0.0 exactly
 * is in its startBackward phase until 'w_relfric < 0' is seen, 6e-13 s later, an event of its own that
 * a w_rel of -1e-10 (the reference's) or -8e-22 (Newton's rounding) would have made part of the first
 * (ModelicaTest.Rotational.AllComponents). So the row after an event is held back until the next row.
 *
 * A model without states has no integrator whose steps would look between the output points: a
 * relation of a variable that moves with time (y > 0.5 with y = sin(20*pi*time)) could cross and cross
 * back within one output interval unseen. Its steps are probes (mo2c_rt_events_probe): the zero
 * crossings at the step's middle and end; a step is kept when each crossing function of a relation that
 * is no time event bends little over it (its middle departs from the mean of its ends by at most
 * PROBE_BEND of the three values' size), which no hidden pair of crossings does, else it is halved (down
 * to PROBE_MIN of the output interval, below which a pair of crossings may be missed); a step that bent
 * very little is doubled for the next one. A crossing seen at the middle or the end ends the step there,
 * and after_step locates it as with states.
 *
 * Chattering: a relation that flips back at once (der(x) = if x > 0 then -1 else 1 at x = 0 makes an
 * event every 2.5e-13 s) or a sample() interval far below the output grid would make the run write rows
 * without end and never reach the stop time. CHATTER_EVENTS events in a row within a vanishing window
 * (a thousandth of the output interval, and at most 1e-8 * max(1, |t|)) stop the run with a message
 * naming the window, when it began and what caused the last event (the relation's text, or sample()).
 * A model that switches that fast cannot be shown by its results anyway. The window and the count leave
 * room for a bouncing ball coming to rest (a Zeno sequence, as in the compliance suite's Reinit case):
 * its bounces shrink geometrically until the states settle, and with a coefficient of restitution up to
 * 0.97 fewer than 700 of its events fall in such a window; chattering repeats at the same tiny spacing
 * (2.5e-13 s in the example) and fills it at once. OpenModelica warns of a milder pattern, 100 events
 * within one output interval; so do we, once, as a warning of LOG_EVENTS (-lv=LOG_EVENTS or -w).
 */
#include "rt_internal.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PASSES = 100, MAX_LOCATE = 200, CHATTER_EVENTS = 1000, BUSY_EVENTS = 100, PROBE_FIRST = 16 };
#define PROBE_BEND 0.1    /* a probe's step is kept when it bends at most this much (see the top) */
#define PROBE_MIN 1e-4    /* its shortest step, of the output interval */
#define PROBE_ABS 1e-12   /* an absolute bend always kept (rounding of a crossing function that is 0) */
#define LOCATE_EPS(t) (1e-12 * fmax(1.0, fabs(t)))   /* the accuracy of a located event's time */

struct mo2c_rt_events {
    mo2c_data *d;
    gsl_odeiv2_driver *drv;   /* re-integration inside a step, for locating a crossing (NULL: nx = 0) */
    int emit;                 /* write the rows just before and after each event */
    int no_root;              /* -noRootFinding: an event at the end of the step that saw it */
    int by_integrator;        /* the integrator locates crossings (SUNDIALS): a step ends at one */
    int right_limit;          /* the step ended at a time event: relations of time take their values just after */
    int nrel, nx, ny;
    double tp;                /* start of the step under way, its states and zero crossings */
    double *xp, *zp;
    double *zl, *zr, *zm, *sl, *sr;   /* bracket values (sl, sr: Illinois-scaled copies) */
    double *xl, *xr, *xm;
    unsigned char *newrel;
    double *bx, *bdx, *by;    /* the point just before the event */
    double *ry, *rx;          /* y and x before an update of the event iteration (solve_pass) */
    double *x0;               /* x at the start of a pass (solve_pass: each round starts from it) */
    double *ys0, *ys1;        /* y then dx (ny + nx) at the start of the round before and of this one
                               * (d->round_y) */
    unsigned char *cond0;     /* ncond: the condition memory at the start of a pass (d->cond_pass) */
    unsigned char *held;      /* ny: 1 for the slots when-clauses assign (d->y_held) */
    double *ax, *adx, *ay;    /* the point just after (while the row before is written) */
    double row_t;             /* time of the last event rows written, NAN when none */
    int have_row;
    int pending;              /* the row after the event at row_t (ax, adx, ay) is still to be written */
    double group_t;           /* the time of the first event of the group the pending row ends */
    double grid_h;            /* the output interval (for the chattering window) */
    int probe;                /* no states and some relation that is no time event: probe (see the top) */
    double probe_h;           /* the next probe's step (0: the first after the start or an event) */
    double burst_t0;          /* time of the first event of the current burst, and its events */
    int burst_n;
    double busy_t0;           /* the first event of the current output interval's worth, and the count */
    int busy_n, busy_warned;  /* (a warning of LOG_EVENTS at BUSY_EVENTS, once) */
    unsigned long nevents, nstate, ntime, nlocate;
};

/* ---- helpers for generated code ---- */

int mo2c_sample(const mo2c_data *d, double t, double start, double interval)
{
    if (!d->in_event || !(interval > 0) || t < start)
        return 0;
    double k = floor((t - start) / interval + 0.5);
    return fabs(start + k * interval - t) <= 1e-12 * fmax(1.0, fabs(t));
}

int mo2c_sample_at(mo2c_data *d, int slot, double t, double start, double interval)
{
    if (!mo2c_sample(d, t, start, interval))
        return 0;
    /* the tick near t; it fires at the first event that reaches it and stays true through that event's
     * passes (same time), never at a later event within its tolerance (one ulp after a time event) */
    double k = floor((t - start) / interval + 0.5);
    if (k > d->sample_tick[slot]) {
        d->sample_tick[slot] = k;
        d->sample_time[slot] = t;
        return 1;
    }
    return k == d->sample_tick[slot] && t == d->sample_time[slot];
}

double mo2c_sample_next(double t, double start, double interval)
{
    if (!(interval > 0))
        return HUGE_VAL;
    if (start > t)
        return start;
    double k = floor((t - start) / interval);
    double tk = start + k * interval;
    while (tk <= t) {
        k += 1;
        tk = start + k * interval;
    }
    return tk;
}

void mo2c_save_pre(mo2c_data *d)
{
    memcpy(d->pre, d->y, (size_t)d->model->ny * sizeof *d->pre);
    memcpy(d->pre_x, d->x, (size_t)d->model->nx * sizeof *d->pre_x);
    memcpy(d->pre_dx, d->dx, (size_t)d->model->nx * sizeof *d->pre_dx);
}

/* a message vsnprintf returned n for, cut to its buffer of size bytes: its end says so */
static void mark_cut(char *msg, size_t size, int n)
{
    static const char cut[] = " [...]";
    if (n >= 0 && (size_t)n >= size)
        memcpy(msg + size - sizeof cut, cut, sizeof cut);
}

int mo2c_assert(mo2c_data *d, int holds, int level, unsigned char *warned, const char *fmt, ...)
{
    if (holds) {
        if (warned)
            *warned = 0;
        return 0;
    }
    char msg[900];
    va_list ap;
    va_start(ap, fmt);
    mark_cut(msg, sizeof msg, vsnprintf(msg, sizeof msg, fmt, ap));
    va_end(ap);
    if (level == 2) {
        if (!warned || !*warned)
            fprintf(stderr, "warning: at time %.16g: assertion failed: %s\n", d->time, msg);
        if (warned)
            *warned = 1;
        return 0;
    }
    return mo2c_fail(d, "assertion failed: %s", msg);
}

int mo2c_init_holds(mo2c_data *d, double lhs, double rhs, const char *where)
{
    double scale = fmax(fabs(lhs), fabs(rhs));
    if (fabs(lhs - rhs) <= fmax(1e-6 * scale, 1e-10))
        return 0;
    return mo2c_fail(d, "the initial conditions are inconsistent: the redundant initial equation %s does not "
                     "hold (its left side is %.17g, its right side %.17g)", where && *where ? where : "(unknown)",
                     lhs, rhs);
}

void mo2c_terminate(mo2c_data *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mark_cut(d->terminate_msg, sizeof d->terminate_msg, vsnprintf(d->terminate_msg, sizeof d->terminate_msg, fmt, ap));
    va_end(ap);
    d->terminate = 1;
}

/* ---- setup ---- */

int mo2c_rt_has_events(const mo2c_model *m)
{
    return m->nrel > 0 || m->update || m->check || m->next_time_event;
}

mo2c_rt_events *mo2c_rt_events_new(mo2c_data *d, const mo2c_rt_opts *o, gsl_odeiv2_system *sys,
                                   const gsl_odeiv2_step_type *type)
{
    const mo2c_model *m = d->model;
    mo2c_rt_events *ev = calloc(1, sizeof *ev);
    if (!ev)
        return NULL;
    ev->d = d;
    ev->emit = !o->no_event_emit;
    ev->no_root = o->no_root_finding;
    ev->by_integrator = sys == NULL;
    ev->nrel = m->nrel;
    ev->nx = m->nx;
    ev->ny = m->ny;
    ev->row_t = NAN;
    ev->grid_h = o->step;
    for (int r = 0; r < m->nrel && m->nx == 0; r++)
        ev->probe |= !m->rel_time[r];
    ev->burst_t0 = NAN;
    ev->busy_t0 = NAN;
    size_t nr = (size_t)m->nrel + 1, nx = (size_t)m->nx + 1, ny = (size_t)m->ny + 1;
    double **zs[] = {&ev->zp, &ev->zl, &ev->zr, &ev->zm, &ev->sl, &ev->sr};
    double **xs[] = {&ev->xp, &ev->xl, &ev->xr, &ev->xm, &ev->bx, &ev->bdx, &ev->ax, &ev->adx};
    int ok = 1;
    for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++)
        ok &= (*zs[i] = calloc(nr, sizeof(double))) != NULL;
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
        ok &= (*xs[i] = calloc(nx, sizeof(double))) != NULL;
    ok &= (ev->by = calloc(ny, sizeof(double))) != NULL;
    ok &= (ev->ry = calloc(ny, sizeof(double))) != NULL;
    ok &= (ev->rx = calloc(nx, sizeof(double))) != NULL;
    ok &= (ev->x0 = calloc(nx, sizeof(double))) != NULL;
    ok &= (ev->cond0 = calloc((size_t)m->ncond + 1, 1)) != NULL;
    ok &= (ev->ys0 = calloc(ny + nx, sizeof(double))) != NULL;
    ok &= (ev->ys1 = calloc(ny + nx, sizeof(double))) != NULL;
    ok &= (ev->ay = calloc(ny, sizeof(double))) != NULL;
    ok &= (ev->held = calloc(ny, 1)) != NULL;
    for (int i = 0; ok && m->y_discrete && i < m->ny_held; i++)
        ev->held[m->y_discrete[i]] = 1;
    d->y_held = ev->held;
    ok &= (ev->newrel = calloc(nr, 1)) != NULL;
    if (ok && m->nx > 0 && sys) {
        ok = (ev->drv = gsl_odeiv2_driver_alloc_y_new(sys, type, 1e-6, o->tol, o->tol)) != NULL;
        mo2c_rt_dx_forget(d->solver);
    }
    if (!ok) {
        mo2c_rt_events_free(ev);
        return NULL;
    }
    return ev;
}

int mo2c_rt_events_stepper(mo2c_rt_events *ev, double tol, gsl_odeiv2_system *sys, const gsl_odeiv2_step_type *type)
{
    if (!ev->drv)
        return 0;
    gsl_odeiv2_driver *nd = gsl_odeiv2_driver_alloc_y_new(sys, type, 1e-6, tol, tol);
    if (!nd)
        return -1;
    mo2c_rt_dx_forget(ev->d->solver);
    gsl_odeiv2_driver_free(ev->drv);
    ev->drv = nd;
    return 0;
}

void mo2c_rt_events_free(mo2c_rt_events *ev)
{
    if (!ev)
        return;
    double *arrays[] = {ev->zp, ev->zl, ev->zr, ev->zm, ev->sl, ev->sr, ev->xp, ev->xl, ev->xr, ev->xm,
                        ev->bx, ev->bdx, ev->ax, ev->adx, ev->by, ev->ay, ev->ry, ev->rx, ev->x0, ev->ys0, ev->ys1};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
        free(arrays[i]);
    free(ev->newrel);
    free(ev->cond0);
    if (ev->d->y_held == ev->held)
        ev->d->y_held = NULL;
    free(ev->held);
    if (ev->drv)
        gsl_odeiv2_driver_free(ev->drv);
    free(ev);
}

/* ---- evaluation ---- */

int mo2c_rt_rel_value(int op, double z)
{
    switch (op) {
    case MO2C_REL_LT: return z < 0;
    case MO2C_REL_LE: return z <= 0;
    case MO2C_REL_GT: return z > 0;
    default: return z >= 0;
    }
}

/* A relation that a mixed loop holds on its threshold (mixed.c hold_ties: a bearing that starts to
 * slide forward, sa > tau0_max, held at sa = tau0_max by a locked gear: the difference is 0 or the
 * loop's rounding, 1e-17 either way) would otherwise change at the next step's rounding, and the
 * event there find the same mode again, without end (chattering). Its band is the accuracy the loop
 * is solved to (mixed.c); the relation changes once its difference has left the band on the other
 * side: a hysteresis of that width, as other tools give every relation. */
void mo2c_rt_rel_hold(const mo2c_data *d, double *z)
{
    const mo2c_model *m = d->model;
    for (int r = 0; r < m->nrel; r++)
        if (d->rel_band[r] > 0.0)
            z[r] += d->rel[r] == mo2c_rt_rel_value(m->rel_op[r], 1.0) ? d->rel_band[r] : -d->rel_band[r];
}

static int fail(const mo2c_data *d, double t, const char *fallback)
{
    mo2c_rt_progress_clear(d);
    fprintf(stderr, "error: at time %.16g: %s\n", t, d->error[0] ? d->error : fallback);
    return -1;
}

/* rhs then the zero crossings at (t, x) into z (y and d->dx become those of (t, x)). With full, also
 * the variables only results show (the model's outputs): at events, whose update() may read any y and
 * whose rows are written; after a step and while locating a crossing, rhs computes all that the zero
 * crossings and check() read. */
static int eval_point(mo2c_rt_events *ev, double t, const double *x, double *z, int full)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    d->time = t;
    ((mo2c_rt_state *)d->solver)->now = t;
    ((mo2c_rt_state *)d->solver)->nrhs++;
    ((mo2c_rt_state *)d->solver)->last_x = NULL;   /* y no longer belongs to the integrator's call */
    if (m->rhs(d, t, x, d->dx) != 0)
        return fail(d, t, "the right-hand side failed");
    if (full && m->outputs && m->outputs(d, t, x) != 0)
        return fail(d, t, "computing the outputs failed");
    if (ev->nrel && m->zero_crossings(d, t, x, d->dx, z) != 0)
        return fail(d, t, "a zero-crossing function failed");
    if (ev->nrel)
        mo2c_rt_rel_hold(d, z);
    /* At a time event at T a relation of time and T takes the value it has just after T (time > T true,
     * time <= T false): the integration that follows runs with that value. Compared at T itself, time > T
     * would change right after the event and, the next step ending at the next time event, be seen only
     * there, too late (y = if time > 0.25 then 2 else 10 stayed 10 until a time event at 0.3). */
    for (int r = 0; ev->right_limit && r < ev->nrel; r++)
        if (m->rel_time[r] && z[r] == 0.0)
            z[r] = m->rel_time[r] == 1 ? DBL_MIN : -DBL_MIN;
    return 0;
}

/* Does some relation have another value at z than its frozen one? *only_time: all of them time events. */
static int changed_at(const mo2c_rt_events *ev, const double *z, int *only_time)
{
    const mo2c_model *m = ev->d->model;
    int any = 0;
    if (only_time)
        *only_time = 1;
    for (int r = 0; r < ev->nrel; r++)
        if (ev->d->rel_on[r] && mo2c_rt_rel_value(m->rel_op[r], z[r]) != ev->d->rel[r]) {
            any = 1;
            if (only_time && !m->rel_time[r])
                *only_time = 0;
        }
    return any;
}

/* x1 = the solution at t1 from (t0, x0), with the frozen relations. */
static int integrate(mo2c_rt_events *ev, double t0, const double *x0, double t1, double *x1)
{
    memcpy(x1, x0, (size_t)ev->nx * sizeof *x1);
    if (!ev->drv || !(t1 > t0))
        return 0;
    gsl_odeiv2_driver_reset_hstart(ev->drv, t1 - t0);
    double t = t0;
    mo2c_rt_state *s = ev->d->solver;
    s->rhs_failed = 0;   /* a failed trial point shortens the step (solver.c, trial_failed) */
    int st = gsl_odeiv2_driver_apply(ev->drv, &t, t1, x1);
    if (st == GSL_SUCCESS) {
        if (s->rhs_failed)
            ev->d->error[0] = '\0';
        return 0;
    }
    if (s->rhs_failed)
        return fail(ev->d, s->fail_t, "the right-hand side failed");
    fprintf(stderr, "error: at time %.16g: locating an event: the integrator failed (%s)\n", t, gsl_strerror(st));
    return -1;
}

/* Locate the first crossing inside the step [tp, *t] (x: the states at *t on entry, at the event on
 * return; ev->zr: the zero crossings at *t). */
static int locate(mo2c_rt_events *ev, double *t, double *x)
{
    const mo2c_model *m = ev->d->model;
    size_t nz = (size_t)ev->nrel * sizeof(double), nxs = (size_t)ev->nx * sizeof(double);
    double tl = ev->tp, tr = *t;
    memcpy(ev->xl, ev->xp, nxs);
    memcpy(ev->xr, x, nxs);
    memcpy(ev->zl, ev->zp, nz);
    memcpy(ev->sl, ev->zp, nz);
    memcpy(ev->sr, ev->zr, nz);
    int side = 0;
    for (int it = 0; it < MAX_LOCATE; it++) {
        double w = tr - tl, eps = LOCATE_EPS(tr);
        if (w <= eps)
            break;
        /* the earliest secant estimate among the relations that changed at tr */
        double tm = tr;
        for (int r = 0; r < ev->nrel; r++)
            if (ev->d->rel_on[r] && mo2c_rt_rel_value(m->rel_op[r], ev->zr[r]) != ev->d->rel[r] &&
                ev->sl[r] != ev->sr[r]) {
                double c = tl + w * ev->sl[r] / (ev->sl[r] - ev->sr[r]);
                if (c < tm)
                    tm = c;
            }
        if (!(tm > tl && tm < tr))
            tm = tl + 0.5 * w;
        tm = fmin(fmax(tm, tl + 0.25 * eps), tr - 0.25 * eps);
        ev->nlocate++;
        if (integrate(ev, tl, ev->xl, tm, ev->xm) != 0 || eval_point(ev, tm, ev->xm, ev->zm, 0) != 0)
            return -1;
        double *tmp;
        if (changed_at(ev, ev->zm, NULL)) {   /* the crossing is in [tl, tm] */
            tr = tm;
            tmp = ev->xr; ev->xr = ev->xm; ev->xm = tmp;
            memcpy(ev->zr, ev->zm, nz);
            memcpy(ev->sr, ev->zm, nz);
            if (side == 1)
                for (int r = 0; r < ev->nrel; r++)
                    ev->sl[r] *= 0.5;
            side = 1;
        } else {                              /* in [tm, tr] */
            tl = tm;
            tmp = ev->xl; ev->xl = ev->xm; ev->xm = tmp;
            memcpy(ev->zl, ev->zm, nz);
            memcpy(ev->sl, ev->zm, nz);
            if (side == -1)
                for (int r = 0; r < ev->nrel; r++)
                    ev->sr[r] *= 0.5;
            side = -1;
        }
    }
    *t = tr;
    memcpy(x, ev->xr, nxs);
    return 0;
}

/* Count the event at t in the current burst; -1 after the message when the burst is chattering. cause:
 * the relation whose change made the event, -1 for a time event of sample(). */
static int chatter_check(mo2c_rt_events *ev, double t, int cause)
{
    double window = fmin(1e-3 * ev->grid_h, 1e-8 * fmax(1.0, fabs(t)));
    if (!(t - ev->burst_t0 <= window)) {   /* (NAN before the first event) */
        ev->burst_t0 = t;
        ev->burst_n = 0;
    }
    if (!(t - ev->busy_t0 <= ev->grid_h)) {
        ev->busy_t0 = t;
        ev->busy_n = 0;
    }
    if (++ev->busy_n == BUSY_EVENTS && !ev->busy_warned) {
        ev->busy_warned = 1;
        mo2c_rt_warn(ev->d, MO2C_RT_LOG_EVENTS, "at time %.16g: %d events within one output interval (from "
                     "time %.16g)", t, BUSY_EVENTS, ev->busy_t0);
    }
    if (++ev->burst_n < CHATTER_EVENTS)
        return 0;
    const mo2c_model *m = ev->d->model;
    fprintf(stderr, "error: at time %.16g: chattering: %d events within %.3g s (from time %.16g), the last "
            "one %s%s%s\n", t, CHATTER_EVENTS, t - ev->burst_t0, ev->burst_t0,
            cause >= 0 ? "when '" : "a time event of sample()", cause >= 0 ? m->rel_text[cause] : "",
            cause >= 0 ? "' changed" : "");
    return -1;
}

/* The name of y[i] (src MO2C_SRC_ALG) or x[i] (MO2C_SRC_STATE) for a message (only on failure, so
 * the scan is no loop over the model). */
static const char *var_name(const mo2c_model *m, int src, int i)
{
    for (int k = 0; k < m->nvars; k++)
        if ((int)m->vars[k].source == src && m->vars[k].index == i && !m->vars[k].negated)
            return m->vars[k].name;
    return src == MO2C_SRC_STATE ? "a state" : "a variable";
}

static int same(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

/* a and b equal but for the rounding of a solver that ran again from another guess (the value at a
 * clock tick of a system of equations came out one ulp apart, round after round): rounds compare the
 * values the equations compute with this, passes exactly. Integer, Boolean and enumeration values
 * differ by 1 or more. */
static int near(double a, double b)
{
    return same(a, b) || fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

/* Rounds compare a slot that a when-clause assigns (held) exactly: its value is no solver's, and a change
 * of 1e-13 of itself is a change (a = 1e6 + 1e-7 read by w = a - 1e6 of a clause before it gave w = 0). */
static int round_same(const unsigned char *held, int s, double a, double b)
{
    return held && held[s] ? same(a, b) : near(a, b);
}

int mo2c_reads_changed(const mo2c_data *d, const int *slots, int n)
{
    if (!d->round_y)
        return 0;
    int ny = d->model->ny;
    for (int i = 0; i < n; i++) {
        int s = slots[i];
        if (s < ny ? !round_same(d->y_held, s, d->y[s], d->round_y[s]) : !near(d->dx[s - ny], d->round_y[s]))
            return 1;
    }
    return 0;
}

/* What the last round changed from ry, rx: 1 + i for the discrete y[i] (any y without y_discrete), -1 - k
 * for x[k], 0 for nothing. */
static int round_changed(const mo2c_rt_events *ev, const double *x)
{
    const mo2c_model *m = ev->d->model;
    const double *y = ev->d->y;
    for (int k = 0; k < ev->nx; k++)
        if (!near(x[k], ev->rx[k]))
            return -1 - k;
    if (m->y_discrete) {
        for (int i = 0; i < m->ny_discrete; i++)
            if (!round_same(ev->held, m->y_discrete[i], y[m->y_discrete[i]], ev->ry[m->y_discrete[i]]))
                return 1 + m->y_discrete[i];
        return 0;
    }
    for (int i = 0; i < ev->ny; i++)
        if (!near(y[i], ev->ry[i]))
            return 1 + i;
    return 0;
}

/* One pass of the event iteration: the event's equations solved with pre() fixed (8.6). update()
 * runs the when-clauses in one order, so one whose condition reads what a later one assigns (change(m)
 * before the when-clause of integer(10*time) that m equals) saw the old value, and one whose body reads
 * it (b = a before the clause of a) read the old value; with pre() then made equal to the new one for
 * the next pass it never saw the change. So update and the equations run again, in rounds, while a
 * round changes something. In a round after the first, a clause (or an algorithm section) whose reads
 * changed in the round before runs again as in the first round: against the pass's condition memory
 * (d->cond_pass), with the same pre(), from pre() for a section's outputs (11.1.2), so that an 'if
 * edge(c) then n := n + 100' adds once however many rounds run; one whose reads did not change keeps
 * its values and its calls with effects are not repeated (codegen_reads.c). Each round starts from the
 * pass's states: a reinit that fired is applied again to them, not to its own result (d->x_reset).
 * Rounds that never settle (the clauses assign one another in a cycle) stop the run naming what kept
 * changing. */
static int pass_rounds(mo2c_rt_events *ev, double t, double *x)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    size_t ny = (size_t)ev->ny * sizeof *d->y, nx = (size_t)ev->nx * sizeof *x;
    if (eval_point(ev, t, x, ev->zm, 1) != 0)
        return -1;
    if (!m->update)
        return 0;
    memcpy(ev->x0, x, nx);
    int what = 0;
    for (int round = 0; round < MAX_PASSES; round++) {
        memcpy(ev->ry, d->y, ny);
        memcpy(ev->rx, x, nx);
        d->x_reset = round && memcmp(x, ev->x0, nx) != 0;
        if (d->x_reset) {
            memcpy(x, ev->x0, nx);
            if (eval_point(ev, t, x, ev->zm, 1) != 0)
                return -1;
        }
        double *ys = ev->ys0;   /* ys1: y and dx at this round's start, ys0: at the round before's */
        ev->ys0 = ev->ys1;
        ev->ys1 = ys;
        memcpy(ev->ys1, d->y, ny);
        memcpy(ev->ys1 + ev->ny, d->dx, nx);
        d->round_y = round ? ev->ys0 : NULL;
        int rc = m->update(d, t, x, 1);
        d->round_y = NULL;
        d->x_reset = 0;
        if (rc != 0)
            return fail(d, t, "an event update failed");
        if (eval_point(ev, t, x, ev->zm, 1) != 0)
            return -1;
        if (!(what = round_changed(ev, x)))
            return 0;
    }
    mo2c_rt_progress_clear(d);
    fprintf(stderr, "error: at time %.16g: event iteration did not converge: after %d rounds of the event's "
            "equations with pre() fixed, %s%s' still changes (when-clauses that assign one another's "
            "values in a cycle?)\n", t, MAX_PASSES, what < 0 ? "the state '" : "'",
            what < 0 ? var_name(m, MO2C_SRC_STATE, -1 - what) : var_name(m, MO2C_SRC_ALG, what - 1));
    return -1;
}

/* pass_rounds with d->cond_pass the condition memory at the pass's start throughout the pass: besides
 * update() in its later rounds, the equations read it (an algorithm section that replays its
 * when-statements outside update(), codegen_alg.c when_replay), also before update() has run. */
static void pass_memory_begin(mo2c_rt_events *ev)
{
    mo2c_data *d = ev->d;
    if (d->model->ncond)
        memcpy(ev->cond0, d->cond, (size_t)d->model->ncond);
    d->cond_pass = ev->cond0;
}

static int solve_pass(mo2c_rt_events *ev, double t, double *x)
{
    mo2c_data *d = ev->d;
    pass_memory_begin(ev);
    int rc = pass_rounds(ev, t, x);
    d->cond_pass = NULL;
    return rc;
}

/* Event iteration at (t, x) until nothing changes. */
static int iterate(mo2c_rt_events *ev, double t, double *x)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    for (int pass = 0;; pass++) {
        if (solve_pass(ev, t, x) != 0)
            return -1;
        int r = 0, i = 0, k = 0;
        while (r < ev->nrel && (d->rel_tie[r] || mo2c_rt_rel_value(m->rel_op[r], ev->zm[r]) == d->rel[r]))
            r++;
        if (m->y_discrete) {   /* the discrete slots only (mo2c_model.y_discrete) */
            while (i < m->ny_discrete && same(d->y[m->y_discrete[i]], d->pre[m->y_discrete[i]]))
                i++;
            i = i < m->ny_discrete ? m->y_discrete[i] : ev->ny;
        } else {
            while (i < ev->ny && same(d->y[i], d->pre[i]))
                i++;
        }
        while (k < ev->nx && same(x[k], d->pre_x[k]))
            k++;
        if (r == ev->nrel && i == ev->ny && k == ev->nx) {
            mo2c_rt_log(d, MO2C_RT_LOG_EVENTS, "event iteration at time %.16g: %d pass%s", t, pass + 1,
                        pass ? "es" : "");
            return 0;
        }
        if (pass + 1 == MAX_PASSES) {
            fprintf(stderr, "error: at time %.16g: event iteration did not converge after %d passes: %s%s%s "
                    "keeps changing\n", t, MAX_PASSES, r < ev->nrel ? "the relation '" : "",
                    r < ev->nrel ? m->rel_text[r] : i < ev->ny ? var_name(m, MO2C_SRC_ALG, i) : "a state",
                    r < ev->nrel ? "'" : "");
            return -1;
        }
        for (int q = 0; q < ev->nrel; q++)
            if (!d->rel_tie[q])
                d->rel[q] = (unsigned char)mo2c_rt_rel_value(m->rel_op[q], ev->zm[q]);
        mo2c_save_pre(d);
    }
}

/* After event iteration: condition memory outside the event, the point after, the next step's start. */
static int settle(mo2c_rt_events *ev, double t, double *x)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    d->in_event = 0;
    d->initial = 0;
    if (m->update && m->update(d, t, x, 0) != 0)
        return fail(d, t, "an event update failed");
    if (eval_point(ev, t, x, ev->zp, 1) != 0)
        return -1;
    /* the memory once more from the variables after the event: a condition that reads a variable true
     * only at the event instant (b = sample(...); when b then) must be remembered false, or the next
     * instant would find it true already and not fire (update(fire = 0) changes no variable) */
    if (m->update && m->update(d, t, x, 0) != 0)
        return fail(d, t, "an event update failed");
    if (m->check && m->check(d, t) != 0)
        return fail(d, t, "an assert failed");
    memcpy(d->pre, d->y, (size_t)ev->ny * sizeof *d->pre);
    memcpy(d->pre_x, x, (size_t)ev->nx * sizeof *d->pre_x);
    memcpy(d->pre_dx, d->dx, (size_t)ev->nx * sizeof *d->pre_dx);
    /* the relations to watch until the next event, with pre() as the integration reads it; a guard
     * whose evaluation failed keeps its relation watched and is no failure of the run, so its message
     * in d->error is void */
    if (m->rel_live) {
        char keep[sizeof d->error];
        memcpy(keep, d->error, sizeof keep);
        if (m->rel_live(d, d->rel_on) != 0)
            return fail(d, t, "a relation's guard failed");
        memcpy(d->error, keep, sizeof keep);
    }
    ev->tp = t;
    memcpy(ev->xp, x, (size_t)ev->nx * sizeof *x);
    return 0;
}

static int terminated(mo2c_rt_events *ev, double t)
{
    if (!ev->d->terminate)
        return 0;
    printf("The simulation was terminated at time %.16g: %s\n", t, ev->d->terminate_msg);
    return 1;
}

int mo2c_rt_events_start(mo2c_rt_events *ev, double t)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    double *x = d->x;
    /* the relations initialize() compared, checked against the zero crossings */
    if (eval_point(ev, t, x, ev->zm, 1) != 0)
        return -1;
    for (int r = 0; r < ev->nrel; r++)
        d->rel[r] = (unsigned char)mo2c_rt_rel_value(m->rel_op[r], ev->zm[r]);
    if (eval_point(ev, t, x, ev->zm, 1) != 0)
        return -1;
    mo2c_save_pre(d);
    d->initial = 0;  /* conditions as they were "before" the start: when initial() fires at the start */
    if (m->update && m->update(d, t, x, 0) != 0)
        return fail(d, t, "an event update failed");
    d->initial = 1;
    d->in_event = 1;
    mo2c_rt_log(d, MO2C_RT_LOG_EVENTS, "initial event at time %.16g", t);
    if (iterate(ev, t, x) != 0)
        return -1;
    /* initialization is over: initial() becomes false at the same instant, which is an event of its
     * own (when not initial() fires here) */
    d->initial = 0;
    if (iterate(ev, t, x) != 0 || settle(ev, t, x) != 0)
        return -1;
    return terminated(ev, t) ? 2 : 0;
}

double mo2c_rt_events_next_time(mo2c_rt_events *ev, double t)
{
    const mo2c_model *m = ev->d->model;
    return m->next_time_event ? m->next_time_event(ev->d, t) : HUGE_VAL;
}

void mo2c_rt_events_step_start(mo2c_rt_events *ev, double t, const double *x)
{
    if (t != ev->tp)   /* zp belongs to tp: recomputed when the loop moved on without us */
        ev->tp = t;
    memcpy(ev->xp, x, (size_t)ev->nx * sizeof *x);
}

/* Exchange the current point (d->x, dx, y) with the one just after the last event (ax, adx, ay). */
static void swap_after(mo2c_rt_events *ev)
{
    mo2c_data *d = ev->d;
    double *cur[] = {d->x, d->dx, d->y}, *aft[] = {ev->ax, ev->adx, ev->ay};
    int len[] = {ev->nx, ev->nx, ev->ny};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < len[k]; i++) {
            double v = cur[k][i];
            cur[k][i] = aft[k][i];
            aft[k][i] = v;
        }
}

int mo2c_rt_events_flush(mo2c_rt_events *ev, mo2c_rt_writer *w)
{
    if (!ev || !ev->pending)
        return 0;
    ev->pending = 0;
    swap_after(ev);
    int rc = mo2c_rt_writer_row(w, ev->row_t);
    swap_after(ev);
    return rc ? -1 : 0;
}

/* The rows before and after the event when it changed what the result shows: the one before at once,
 * the one after (ax, adx, ay) when the next row comes (mo2c_rt_events_flush), so that an event within
 * the location accuracy of the first one of a group takes its place (see the top). */
static int emit_rows(mo2c_rt_events *ev, double t, mo2c_rt_writer *w)
{
    mo2c_data *d = ev->d;
    size_t nx = (size_t)ev->nx * sizeof(double), ny = (size_t)ev->ny * sizeof(double);
    if (!ev->emit || !w)
        return 0;
    if (!memcmp(ev->bx, d->x, nx) && !memcmp(ev->by, d->y, ny) && !memcmp(ev->bdx, d->dx, nx))
        return 0;
    int joined = ev->pending && t - ev->group_t <= LOCATE_EPS(t);
    /* the row before: its states were checked after the step, its derivatives and variables not yet */
    if (!joined && (mo2c_rt_check_finite(d, t, MO2C_SRC_DER, ev->bdx, ev->nx) ||
                    mo2c_rt_check_finite(d, t, MO2C_SRC_ALG, ev->by, ev->ny)))
        return -1;
    if (!joined) {
        if (mo2c_rt_events_flush(ev, w) != 0)
            return -1;
        memcpy(ev->ax, d->x, nx);
        memcpy(ev->adx, d->dx, nx);
        memcpy(ev->ay, d->y, ny);
        memcpy(d->x, ev->bx, nx);
        memcpy(d->dx, ev->bdx, nx);
        memcpy(d->y, ev->by, ny);
        int rc = mo2c_rt_writer_row(w, t);
        memcpy(d->x, ev->ax, nx);
        memcpy(d->dx, ev->adx, nx);
        memcpy(d->y, ev->ay, ny);
        if (rc != 0)
            return -1;
        ev->group_t = t;
    } else {   /* the point between the two is not written: the after point is this event's */
        memcpy(ev->ax, d->x, nx);
        memcpy(ev->adx, d->dx, nx);
        memcpy(ev->ay, d->y, ny);
    }
    ev->pending = 1;
    ev->row_t = t;
    ev->have_row = 1;
    return 0;
}

static int after_step(mo2c_rt_events *ev, double *t, double *x, int timed, mo2c_rt_writer *w);

int mo2c_rt_events_after_step(mo2c_rt_events *ev, double *t, double *x, int timed, mo2c_rt_writer *w)
{
    ev->right_limit = timed;
    int rc = after_step(ev, t, x, timed, w);
    ev->right_limit = 0;
    return rc;
}

static int after_step(mo2c_rt_events *ev, double *t, double *x, int timed, mo2c_rt_writer *w)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    if (eval_point(ev, *t, x, ev->zr, 0) != 0)
        return -1;
    int only_time;
    int changed = changed_at(ev, ev->zr, &only_time);
    if (!changed && !timed) {
        /* the asserts hold at every point without an event; a step in which a relation changed ends at
         * its crossing, where settle() checks them after the event: past the crossing the step followed
         * the mode before it (a Fluid tank's level below its port with the port's flow still regular:
         * EmptyTanks stopped on "Fluid level ... is below zero" at the end of the step that emptied it) */
        if (m->check && m->check(d, *t) != 0)
            return fail(d, *t, "an assert failed");
        memcpy(ev->zp, ev->zr, (size_t)ev->nrel * sizeof(double));
        ev->tp = *t;
        return 0;
    }
    double t1 = *t;
    if (changed && !(timed && only_time) && !ev->no_root && !ev->by_integrator) {
        if (locate(ev, t, x) != 0)
            return -1;
    }
    if (*t < t1 || !timed)
        ev->nstate++;
    else
        ev->ntime++;
    ev->nevents++;
    /* the point just before: old relations */
    double te = *t;
    if (mo2c_rt_delay_record(d, te, x) != 0)   /* delay()'s histories: the side before the event */
        return fail(d, te, "recording the delayed values failed");
    if (eval_point(ev, te, x, ev->zm, 1) != 0)
        return -1;
    size_t nx = (size_t)ev->nx * sizeof(double), ny = (size_t)ev->ny * sizeof(double);
    memcpy(ev->bx, x, nx);
    memcpy(ev->bdx, d->dx, nx);
    memcpy(ev->by, d->y, ny);
    int cause = -1;
    for (int r = 0; r < ev->nrel; r++) {
        unsigned char v = (unsigned char)mo2c_rt_rel_value(m->rel_op[r], ev->zm[r]);
        if (v != d->rel[r] && cause < 0 && d->rel_on[r])   /* (an unwatched one caused nothing) */
            cause = r;
        d->rel[r] = v;
    }
    if (mo2c_rt_logging(d, MO2C_RT_LOG_EVENTS)) {
        if (cause >= 0)
            mo2c_rt_log(d, MO2C_RT_LOG_EVENTS, "state event at time %.16g: '%s' became %s%s", te,
                        m->rel_text[cause], d->rel[cause] ? "true" : "false",
                        ev->no_root ? " (at the end of the step: -noRootFinding)" : "");
        else
            mo2c_rt_log(d, MO2C_RT_LOG_EVENTS, "time event at time %.16g", te);
    }
    if (chatter_check(ev, te, cause) != 0)
        return -1;
    mo2c_save_pre(d);
    d->in_event = 1;
    ev->probe_h = 0.0;   /* what the event changed may move faster */
    if (iterate(ev, te, x) != 0 || settle(ev, te, x) != 0)
        return -1;
    /* the point after the event is a row of the result (emit_rows) and where the integration goes on:
     * a NaN or Inf there (a discrete value that overflowed) stops the run at the event's time, before
     * its rows are written; the grid row's check came an interval late, or never when the event was at
     * the stop time ("finished successfully" with 'inf' in the last row) */
    if (mo2c_rt_check_finite(d, te, MO2C_SRC_STATE, x, ev->nx) ||
        mo2c_rt_check_finite(d, te, MO2C_SRC_DER, d->dx, ev->nx) ||
        mo2c_rt_check_finite(d, te, MO2C_SRC_ALG, d->y, ev->ny))
        return -1;
    if (emit_rows(ev, te, w) != 0)
        return -1;
    return terminated(ev, te) ? 2 : 1;
}

/* The largest bend of the crossing functions that are no time events over a probe's step (za, zm, zb:
 * at its start, middle and end), relative to their size (see the top). */
static double bend(const mo2c_rt_events *ev, const double *za, const double *zm, const double *zb)
{
    const mo2c_model *m = ev->d->model;
    double worst = 0.0;
    for (int r = 0; r < ev->nrel; r++) {
        if (m->rel_time[r] || !ev->d->rel_on[r])
            continue;
        double dev = fabs(zm[r] - 0.5 * (za[r] + zb[r]));
        if (dev <= PROBE_ABS)
            continue;
        double b = dev / (fabs(za[r]) + fabs(zm[r]) + fabs(zb[r]));
        if (b > worst)
            worst = b;
    }
    return worst;
}

int mo2c_rt_events_probe(mo2c_rt_events *ev, double *t, double goal)
{
    double t0 = *t, span = goal - t0;
    if (!ev->probe || !(span > 0)) {
        *t = goal;
        return 0;
    }
    double *x = ev->d->x, *zm = ev->sl, *zb = ev->sr;   /* (scratch of locate, which runs after) */
    if (ev->tp != t0 && eval_point(ev, t0, x, ev->zp, 0) != 0)
        return -1;
    ev->tp = t0;
    double grid = ev->grid_h > 0 ? ev->grid_h : span;
    double h = ev->probe_h > 0 ? ev->probe_h : grid / PROBE_FIRST, hmin = PROBE_MIN * grid;
    for (;;) {
        double tb = h < span ? t0 + h : goal, tm = t0 + 0.5 * (tb - t0);
        if (eval_point(ev, tm, x, zm, 0) != 0)
            return -1;
        if (changed_at(ev, zm, NULL)) {   /* after_step locates it in [t0, tm] */
            *t = tm;
            return 0;
        }
        if (eval_point(ev, tb, x, zb, 0) != 0)
            return -1;
        double b = changed_at(ev, zb, NULL) ? 0.0 : bend(ev, ev->zp, zm, zb);
        if (b <= PROBE_BEND || h <= hmin) {
            if (tb < goal || b <= 0.25 * PROBE_BEND)   /* (a step cut short by the goal keeps its size) */
                ev->probe_h = b <= 0.25 * PROBE_BEND ? 2.0 * h : h;
            *t = tb;
            return 0;
        }
        h = fmax(0.5 * (tb - t0), hmin);
    }
}

int mo2c_rt_events_row_at(const mo2c_rt_events *ev, double t)
{
    return ev->have_row && ev->row_t == t;
}

int mo2c_rt_events_end(mo2c_rt_events *ev, double t)
{
    mo2c_data *d = ev->d;
    const mo2c_model *m = d->model;
    if (!m->update)
        return 0;
    d->in_event = 1;
    mo2c_rt_log(d, MO2C_RT_LOG_EVENTS, "terminal event at time %.16g", t);
    if (eval_point(ev, t, d->x, ev->zm, 1) != 0)
        return -1;
    /* the conditions as they are at t before terminal() turns true: a when-clause that an event at this
     * same t fired (a sample at the stop time) must not fire again; only what terminal() changes does */
    if (m->update(d, t, d->x, 0) != 0)
        return fail(d, t, "an event update failed");
    d->terminal = 1;
    pass_memory_begin(ev);   /* (the pass's memory, as solve_pass gives it) */
    int rc = m->update(d, t, d->x, 1) != 0 ? fail(d, t, "an event update failed") : 0;
    /* the asserts once more, with terminal() true (if terminal() then assert(...) end if) */
    if (!rc && m->check && m->check(d, t) != 0)
        rc = fail(d, t, "an assert failed");
    d->cond_pass = NULL;
    d->in_event = 0;
    return rc;
}

void mo2c_rt_events_stats(const mo2c_rt_events *ev)
{
    printf("LOG_STATS | info | events: %lu (state events %lu, time events %lu), %lu location steps\n",
           ev->nevents, ev->nstate, ev->ntime, ev->nlocate);
}
