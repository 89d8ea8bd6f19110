/*
 * main.c - mo2c_main: the command line of a generated simulator and the order of a run.
 *
 * Input: the model description and argv, in OpenModelica's conventions (cli.c parses them). Output: the
 * result file, "The simulation finished successfully." on stdout and exit status 0; or "error: ..." on
 * stderr and exit status 1.
 *
 * Run order: options (model's experiment annotation as defaults, then flags in command-line order, the
 * last one winning) -> mo2c_data_alloc -> -override values recorded in p / p_overridden and x_start /
 * x_start_overridden -> init_params -> initialize -> open the result file -> integrate (solver.c) ->
 * close -> mo2c_data_free.
 */
#include "rt_internal.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gsl/gsl_errno.h>

/* ---- applying -override to the model ---- */

static uint64_t hash_name(const char *s)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Is name a String parameter or constant of m? Only asked for a name that is no variable (an error). */
static int is_string_param(const mo2c_model *m, const char *name)
{
    for (int i = 0; i < m->nstring_params; i++)
        if (strcmp(m->string_params[i], name) == 0)
            return 1;
    return 0;
}

/* A hash table of the model's variable names: slots (a power of two of them, at least twice the
 * variables), each 0 or 1 + an index into m->vars. NULL when memory runs out. */
int *mo2c_rt_name_index(const mo2c_model *m)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)m->nvars)
        cap *= 2;
    int *slot = calloc(cap, sizeof *slot);
    if (!slot)
        return NULL;
    for (int i = 0; i < m->nvars; i++) {
        size_t h = (size_t)hash_name(m->vars[i].name) & (cap - 1);
        while (slot[h])
            h = (h + 1) & (cap - 1);
        slot[h] = i + 1;
    }
    return slot;
}

/* The index into m->vars of the variable named name, or -1. */
int mo2c_rt_name_find(const mo2c_model *m, const int *index, const char *name)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)m->nvars)
        cap *= 2;
    size_t h = (size_t)hash_name(name) & (cap - 1);
    while (index[h] && strcmp(m->vars[index[h] - 1].name, name) != 0)
        h = (h + 1) & (cap - 1);
    return index[h] ? index[h] - 1 : -1;
}

static int apply_overrides(mo2c_data *d, const mo2c_rt_opts *o)
{
    if (o->nov == 0)
        return 0;
    const mo2c_model *m = d->model;
    int *slot = mo2c_rt_name_index(m);
    if (!slot) {
        fprintf(stderr, "error: out of memory\n");
        return -1;
    }
    int rc = 0;
    for (int k = 0; k < o->nov && rc == 0; k++) {
        const mo2c_rt_override *ov = &o->ov[k];
        int found = mo2c_rt_name_find(m, slot, ov->name);
        if (found < 0) {
            if (is_string_param(m, ov->name))
                fprintf(stderr, "error: %s: String parameter '%s' cannot be overridden (its value is fixed "
                                "when the model is compiled)\n", ov->origin, ov->name);
            else
                fprintf(stderr, "error: %s: unknown variable '%s'\n", ov->origin, ov->name);
            rc = -1;
            break;
        }
        const mo2c_var_info *v = &m->vars[found];
        double x;
        if (mo2c_rt_parse_value(ov->value, &x) != 0) {
            fprintf(stderr, "error: %s: invalid value '%s' for '%s'\n", ov->origin, ov->value, ov->name);
            rc = -1;
        } else if (v->overridable < 0) {
            fprintf(stderr, "error: %s: parameter '%s' cannot be overridden (its value was used when the model "
                            "was compiled: an array size, a choice of equations, a folded value; compile again with "
                            "the new value)\n", ov->origin, ov->name);
            rc = -1;
        } else if (v->overridable <= 0 || (v->source != MO2C_SRC_PARAM && v->source != MO2C_SRC_STATE) ||
                   v->index < 0 || v->index >= (v->source == MO2C_SRC_PARAM ? m->np : m->nx)) {
            fprintf(stderr, "error: %s: variable '%s' cannot be overridden (only parameters and start "
                            "values of states can)\n", ov->origin, ov->name);
            rc = -1;
        } else if (v->source == MO2C_SRC_PARAM) {
            d->p[v->index] = v->negated ? -x : x;
            d->p_overridden[v->index] = 1;
        } else {
            d->x_start[v->index] = v->negated ? -x : x;
            d->x_start_overridden[v->index] = 1;
        }
    }
    free(slot);
    return rc;
}

/* ---- the run ---- */

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* The result file's name: -r as given; else MODEL_res.FMT, inside -outputPath when given. */
static const char *result_path(mo2c_rt_opts *o, const mo2c_model *m)
{
    if (o->result_file || o->format == MO2C_RT_EMPTY)
        return o->result_file;
    const char *dir = o->output_path;
    size_t len = (dir ? strlen(dir) + 1 : 0) + strlen(m->name) + sizeof "_res.csv";
    char *path = mo2c_rt_own(o, malloc(len));
    if (path)
        snprintf(path, len, "%s%s%s_res.%s", dir ? dir : "", dir ? "/" : "", m->name,
                 o->format == MO2C_RT_MAT ? "mat" : "csv");
    return path;
}

/* LOG_INIT: the parameters, and every state with the value initialization gave it (by its name that
 * -override takes, else its first name). */
static void log_init(const mo2c_data *d, const mo2c_rt_opts *o)
{
    const mo2c_model *m = d->model;
    mo2c_rt_log(d, MO2C_RT_LOG_INIT, "### SOLVING INITIALIZATION at time %.16g (method: %s) ###", o->start,
                o->iim_none ? "none: start values, no initial equations" : "symbolic");
    mo2c_rt_log(d, MO2C_RT_LOG_INIT, "%d states, %d algebraic variables, %d parameters", m->nx, m->ny, m->np);
    unsigned char *seen = calloc((size_t)m->nx + 1, 1);
    for (int pass = 0; pass < 3 && seen; pass++)
        for (int i = 0; i < m->nvars; i++) {
            const mo2c_var_info *v = &m->vars[i];
            if (pass == 0 && v->source == MO2C_SRC_PARAM && !v->negated)
                mo2c_rt_log(d, MO2C_RT_LOG_INIT, "parameter %s = %.16g%s", v->name, d->p[v->index],
                            d->p_overridden[v->index] ? " (-override)" : "");
            if (pass == 0 || v->source != MO2C_SRC_STATE || v->negated || seen[v->index] ||
                (pass == 1 && !v->overridable))
                continue;
            seen[v->index] = 1;
            mo2c_rt_log(d, MO2C_RT_LOG_INIT, "state %s = %.16g%s", v->name, d->x[v->index],
                        d->x_start_overridden[v->index] ? " (start value from -override)" : "");
        }
    free(seen);
}

int mo2c_main(const mo2c_model *model, int argc, char **argv)
{
    /* GSL's default handler aborts; every GSL status is checked where it is returned instead */
    gsl_set_error_handler_off();

    mo2c_rt_opts o;
    memset(&o, 0, sizeof o);
    o.start = model->has_start ? model->start_time : 0.0;
    o.stop = model->has_stop ? model->stop_time : 1.0;
    o.tol = model->has_tolerance && model->tolerance > 0.0 ? model->tolerance : 1e-6;
    if (o.tol < MO2C_RT_MIN_TOL) {   /* the experiment's Tolerance: as -tolerance (cli.c) */
        fprintf(stderr, "error: the experiment's tolerance %g is below what double precision can meet (%g)\n", o.tol,
                MO2C_RT_MIN_TOL);
        return 1;
    }
    o.format = MO2C_RT_CSV;
    const char *prog = argc > 0 ? argv[0] : NULL;

    /* -f's file first: every other flag wins over it */
    int rc = mo2c_rt_read_init(&o, argc, argv);
    if (rc == 0)
        rc = mo2c_rt_parse_args(&o, argc, argv);
    if (rc == 0 && o.help) {
        rc = mo2c_rt_help(&o, prog);
        mo2c_rt_opts_free(&o);
        return rc == 0 ? 0 : 1;
    }
    /* -r=x.mat alone writes MAT, as OpenModelica's simulators do */
    if (rc == 0 && !o.format_given && o.result_file && ends_with(o.result_file, ".mat"))
        o.format = MO2C_RT_MAT;
    /* -l=T: the run ends at T, where the model is linearized */
    if (rc == 0 && o.linearize) {
        if (!(o.lin_time >= o.start)) {
            fprintf(stderr, "error: -l: the time %.16g is before startTime %.16g\n", o.lin_time, o.start);
            rc = -1;
        }
        o.stop = o.lin_time;
    }
    if (rc == 0)
        rc = mo2c_rt_fix_grid(&o, model);
    /* a largest step so small that the run could not end (a fuzzer found -maxStepSize=5e-41) */
    if (rc == 0 && o.max_step > 0.0 && (o.stop - o.start) / o.max_step > MO2C_RT_MAX_STEPS) {
        fprintf(stderr, "error: -maxStepSize=%g would take more than %g steps from %g to %g\n", o.max_step,
                MO2C_RT_MAX_STEPS, o.start, o.stop);
        rc = -1;
    }

    mo2c_data *d = NULL;
    mo2c_rt_writer *w = NULL;
    if (rc == 0 && !(d = mo2c_data_alloc(model))) {
        fprintf(stderr, "error: out of memory\n");
        rc = -1;
    }
    if (rc == 0) {
        mo2c_rt_state *s = d->solver;
        s->log = o.log;
        s->warn_all = o.warn_all;
        d->init_none = o.iim_none;
        rc = apply_overrides(d, &o);
        if (rc == 0)
            rc = mo2c_rt_inputs_load(d, &o);
    }
    if (rc == 0) {
        /* from here on a crash, a stop signal or -alarm still completes the result file and says when */
        mo2c_rt_guard_install(d, o.alarm);
        ((mo2c_rt_state *)d->solver)->now = o.start;
        d->time = o.start;
        d->start_time = o.start;
        d->initializing = 1;
        int irc = model->init_params(d) != 0 || model->initialize(d) != 0;
        d->initializing = 0;
        if (irc) {
            fprintf(stderr, "error: at time %.16g: %s\n", o.start,
                    d->error[0] ? d->error : "the initialization failed");
            rc = -1;
        } else if (o.log & MO2C_RT_LOG_INIT) {
            log_init(d, &o);
        }
        /* the parameters and the states at the start: nothing else checks them (the rows check
         * derivatives and variables), and a NaN parameter read by a relation is simply false (a
         * parameter bound to exp(a) - exp(a) with a = 1000 finished successfully) */
        if (!irc && (mo2c_rt_check_finite(d, o.start, MO2C_SRC_PARAM, d->p, model->np) ||
                     mo2c_rt_check_finite(d, o.start, MO2C_SRC_STATE, d->x, model->nx)))
            rc = -1;
    }
    if (rc == 0) {
        if (!(w = mo2c_rt_writer_open(d, &o, result_path(&o, model))))
            rc = -1;
        mo2c_rt_guard_writer(w);
    }
    if (rc == 0)
        rc = mo2c_rt_simulate(d, &o, w);
    if (rc == 0 && o.linearize)
        rc = mo2c_rt_linearize(d, &o);
    mo2c_rt_guard_writer(NULL);
    if (w && mo2c_rt_writer_close(w) != 0)
        rc = -1;
    mo2c_rt_guard_remove();
    if (rc == 0)
        printf("The simulation finished successfully.\n");
    mo2c_data_free(d);
    mo2c_rt_opts_free(&o);
    fflush(stdout);
    return rc == 0 ? 0 : 1;
}
