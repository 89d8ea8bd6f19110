/*
 * data.c - allocation of one simulation's storage (mo2c_data) and of the runtime's private state.
 *
 * Input: a model description (its sizes). Output: an mo2c_data whose arrays are zeroed and sized by the
 * model, with d->solver pointing at the runtime's state (rt_internal.h); and the log lines of -lv, which
 * that state switches on. Every mo2c_data_alloc is
 * paired with one mo2c_data_free; nothing lives in globals, so two simulations can run side by side.
 */
#include "rt_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* calloc that never asks for zero bytes, so a model without states still gets valid pointers and a
 * NULL result always means out of memory */
static void *zalloc(size_t n, size_t size)
{
    return calloc(n ? n : 1, size);
}

mo2c_data *mo2c_data_alloc(const mo2c_model *model)
{
    mo2c_data *d = calloc(1, sizeof *d);
    mo2c_rt_state *s = calloc(1, sizeof *s);
    if (!d || !s) {
        free(d);
        free(s);
        return NULL;
    }
    size_t nx = (size_t)model->nx, ny = (size_t)model->ny, np = (size_t)model->np;
    d->model = model;
    d->solver = s;
    d->start_time = d->time = model->has_start ? model->start_time : 0.0;   /* (main.c: -startTime) */
    d->x = zalloc(nx, sizeof(double));
    d->dx = zalloc(nx, sizeof(double));
    d->y = zalloc(ny, sizeof(double));
    d->p = zalloc(np, sizeof(double));
    d->p_overridden = zalloc(np, 1);
    d->x_start_overridden = zalloc(nx, 1);
    d->x_start = zalloc(nx, sizeof(double));
    s->work = zalloc(3 * nx, sizeof(double));
    d->rel = zalloc((size_t)model->nrel, 1);          /* events (events.c) */
    d->rel_tie = zalloc((size_t)model->nrel, 1);
    d->rel_band = zalloc((size_t)model->nrel, sizeof(double));
    d->rel_on = zalloc((size_t)model->nrel, 1);
    if (d->rel_on)
        memset(d->rel_on, 1, (size_t)model->nrel);   /* watched until rel_live says otherwise */
    d->cond = zalloc((size_t)model->ncond, 1);
    d->pre = zalloc(ny, sizeof(double));
    d->pre_x = zalloc(nx, sizeof(double));
    d->pre_dx = zalloc(nx, sizeof(double));
    size_t ns = (size_t)model->nsample;
    d->sample_tick = zalloc(ns, sizeof(double));
    d->sample_time = zalloc(ns, sizeof(double));
    for (size_t i = 0; d->sample_tick && i < ns; i++)
        d->sample_tick[i] = -1;   /* no tick fired yet */
    d->dss_near = zalloc((size_t)model->ndss, 1);
    d->dss_best = zalloc((size_t)model->ndss, sizeof(double));
    if (!d->dss_near || !d->dss_best || !d->sample_tick || !d->sample_time || !d->x || !d->dx || !d->y || !d->p || !d->p_overridden || !d->x_start_overridden || !d->x_start ||
        !s->work || !d->rel || !d->rel_tie || !d->rel_band || !d->rel_on || !d->cond || !d->pre || !d->pre_x || !d->pre_dx) {
        mo2c_data_free(d);
        return NULL;
    }
    return d;
}

void mo2c_data_free(mo2c_data *d)
{
    if (!d)
        return;
    mo2c_rt_extobjs_free(d);
    mo2c_rt_fstack_free(d);
    mo2c_rt_state *s = d->solver;
    if (s) {
        mo2c_rt_algebra_free(s);
        mo2c_rt_inputs_free(s->inputs);
        mo2c_rt_delays_free(s->delays);
        free(s->work);
        free(s);
    }
    free(d->x);
    free(d->dx);
    free(d->y);
    free(d->p);
    free(d->p_overridden);
    free(d->x_start_overridden);
    free(d->x_start);
    free(d->rel);
    free(d->rel_tie);
    free(d->rel_band);
    free(d->rel_on);
    free(d->cond);
    free(d->pre);
    free(d->pre_x);
    free(d->pre_dx);
    free(d->sample_tick);
    free(d->sample_time);
    free(d->dss_near);
    free(d->dss_best);
    free(d);
}

/* ---- logs (-lv) ---- */

/* The names of the streams as OpenModelica prints them (ORDER MO2C_RT_LOG). */
static const char *const stream_names[] = {"LOG_STATS", "LOG_INIT", "LOG_EVENTS", "LOG_NLS", "LOG_SOLVER"};

int mo2c_rt_logging(const mo2c_data *d, unsigned stream)
{
    const mo2c_rt_state *s = d ? d->solver : NULL;
    return s && (s->log & stream) != 0;
}

void mo2c_rt_log(const mo2c_data *d, unsigned stream, const char *fmt, ...)
{
    if (!mo2c_rt_logging(d, stream))
        return;
    int k = 0;
    while ((1u << k) != stream && k < 4)
        k++;
    va_list ap;
    va_start(ap, fmt);
    printf("%s | info | ", stream_names[k]);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

void mo2c_rt_warn(const mo2c_data *d, unsigned stream, const char *fmt, ...)
{
    const mo2c_rt_state *s = d ? d->solver : NULL;
    if (!s || !((s->log & stream) || s->warn_all))
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("warning: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
