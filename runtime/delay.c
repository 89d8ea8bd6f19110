/*
 * delay.c - delay(expr, delayTime, delayMax) (spec 3.7.2.2): expr(time - delayTime) for
 * time > time.start + delayTime, expr(time.start) before.
 *
 * Each call site k of the model (mo2c_model.ndelay of them, numbered by the compiler) keeps a history of
 * (time, value) points of its expr. Points are recorded only at the accepted points of the integration
 * (mo2c_rt_delay_record: the start, the end of every accepted step, and both sides of every event), by
 * one more evaluation of the model there (rhs, outputs, check) while recording, so that the trial
 * evaluations of a step never enter the history. An evaluation reads the history by linear
 * interpolation; a time after the last recorded point lies between that point and the evaluation's own
 * (t, expr), so a step longer than delayTime still interpolates (the value then depends on the
 * unknowns of the step, which the integrator's iteration resolves). Two points of the same time (the
 * sides of an event) make a jump: at exactly that time the value after the event is read. Points older
 * than the largest delayMax seen by the site (and the one before them) are dropped, so a history holds
 * the points of one delayMax (all points when delayTime grows without a bound given).
 * Guarantees: 0 <= delayTime <= delayMax is checked at every evaluation (a failure names the equation);
 * out of memory is a failure; lookups cost log(points); the histories are freed with the mo2c_data.
 */
#include "rt_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct mo2c_rt_delays {
    int n;
    unsigned long long gen;    /* the last recording pass (each record call counts one) */
    int recording;             /* a recording pass is under way */
    struct hist {
        double *t, *v;
        long head, n, cap;     /* live points: [head, n) */
        unsigned long long gen; /* the pass that recorded the last point: a second evaluation of the same
                                  pass (an algebraic loop's iterations) overwrites it */
        double dmax;           /* the largest delayMax asked of this site */
    } *h;
};

static struct mo2c_rt_delays *delays_of(mo2c_data *d)
{
    mo2c_rt_state *s = d->solver;
    if (!s->delays) {
        s->delays = calloc(1, sizeof *s->delays);
        if (!s->delays)
            return NULL;
        s->delays->n = d->model->ndelay;
        s->delays->h = calloc((size_t)(d->model->ndelay > 0 ? d->model->ndelay : 1), sizeof *s->delays->h);
        if (!s->delays->h) {
            free(s->delays);
            s->delays = NULL;
        }
    }
    return s->delays;
}

void mo2c_rt_delays_free(mo2c_rt_delays *ds)
{
    if (!ds)
        return;
    for (int k = 0; k < ds->n; k++) {
        free(ds->h[k].t);
        free(ds->h[k].v);
    }
    free(ds->h);
    free(ds);
}

/* Append (t, v), or overwrite the last point when it is of the same pass; drop what lies before the
 * window. Non-zero when memory runs out. */
static int push(struct hist *h, unsigned long long gen, double t, double v)
{
    if (h->n > h->head && h->gen == gen) {
        h->t[h->n - 1] = t;
        h->v[h->n - 1] = v;
        return 0;
    }
    if (h->head > 0 && h->head >= h->n / 2) {   /* compact: amortized constant per point */
        memmove(h->t, h->t + h->head, (size_t)(h->n - h->head) * sizeof *h->t);
        memmove(h->v, h->v + h->head, (size_t)(h->n - h->head) * sizeof *h->v);
        h->n -= h->head;
        h->head = 0;
    }
    if (h->n == h->cap) {
        long cap = h->cap ? 2 * h->cap : 64;
        double *nt = realloc(h->t, (size_t)cap * sizeof *nt);
        if (!nt)
            return -1;
        h->t = nt;
        double *nv = realloc(h->v, (size_t)cap * sizeof *nv);
        if (!nv)
            return -1;
        h->v = nv;
        h->cap = cap;
    }
    h->t[h->n] = t;
    h->v[h->n] = v;
    h->n++;
    h->gen = gen;
    /* keep one point at or before t - dmax, for the interpolation there */
    while (h->head + 1 < h->n && h->t[h->head + 1] <= t - h->dmax)
        h->head++;
    return 0;
}

double mo2c_delay(mo2c_data *d, int k, double t, double v, double dt, double dmax, const char *where, int *ok)
{
    if (!(dt >= 0 && dt <= dmax)) {   /* NaN too */
        if (*ok)
            mo2c_fail(d, "%s: delay: the delay time %g is not between 0 and the maximum delay %g", where, dt, dmax);
        *ok = 0;
        return v;
    }
    struct mo2c_rt_delays *ds = delays_of(d);
    if (!ds || k < 0 || k >= ds->n) {
        if (*ok)
            mo2c_fail(d, "%s: delay: out of memory", where);
        *ok = 0;
        return v;
    }
    struct hist *h = &ds->h[k];
    if (dmax > h->dmax)
        h->dmax = dmax;
    if (ds->recording && push(h, ds->gen, t, v) != 0) {
        if (*ok)
            mo2c_fail(d, "%s: delay: out of memory for the history", where);
        *ok = 0;
        return v;
    }
    if (h->n == h->head)   /* nothing recorded yet: initialization, at time.start */
        return v;
    double td = t - dt;
    const double *T = h->t, *V = h->v;
    long lo = h->head, hi = h->n - 1;
    if (td <= T[lo])        /* before the start (or the window: cannot happen with dt <= dmax) */
        return V[lo];
    if (td >= T[hi]) {      /* between the last point and this evaluation */
        if (t <= T[hi])
            return V[hi];
        return V[hi] + (v - V[hi]) * ((td - T[hi]) / (t - T[hi]));
    }
    while (hi - lo > 1) {   /* T[lo] <= td < T[hi] */
        long mid = lo + (hi - lo) / 2;
        if (T[mid] <= td)
            lo = mid;
        else
            hi = mid;
    }
    return V[lo] + (V[hi] - V[lo]) * ((td - T[lo]) / (T[hi] - T[lo]));
}

int mo2c_rt_delay_record(mo2c_data *d, double t, const double *x)
{
    const mo2c_model *m = d->model;
    if (m->ndelay <= 0)
        return 0;
    struct mo2c_rt_delays *ds = delays_of(d);
    if (!ds)
        return mo2c_fail(d, "out of memory for the histories of delay");
    mo2c_rt_state *s = d->solver;
    ds->gen++;
    ds->recording = 1;
    d->time = t;
    s->now = t;
    s->nrhs++;
    s->last_x = NULL;   /* y no longer belongs to the integrator's call */
    int rc = m->rhs(d, t, x, d->dx);
    if (rc == 0 && m->outputs)
        rc = m->outputs(d, t, x);
    if (rc == 0 && m->check)   /* asserts outside when-equations may hold delays too */
        rc = m->check(d, t);
    ds->recording = 0;
    return rc;
}
