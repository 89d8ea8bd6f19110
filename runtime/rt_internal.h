/*
 * rt_internal.h - what the runtime's own files share; not part of the generated-code contract.
 *
 * The runtime is split by concern:
 *   main.c     mo2c_main: the run order, -override applied to the model
 *   cli.c      the command line (OpenModelica's flags), -override and -overrideFile parsed
 *   initxml.c  -f: a model's _init.xml read back
 *   inputs.c   the top-level inputs' values (-csvInput)
 *   linearize.c -l: the linear model around the state at a time
 *   data.c     mo2c_data_alloc/free and the runtime's private state (d->solver)
 *   solver.c   the integration loop on GSL odeiv2, the Jacobian wrapper, LOG_STATS
 *   solver_sundials.c  SUNDIALS' CVODE and IDA as steppers of solver.c's loop (KLU, dense, GMRES)
 *   events.c   state and time events, event iteration (hooks of solver.c's loop), assert/terminate
 *   results.c  the CSV and MAT v4 result writers
 *   guard.c    signal handlers: a run that crashes or is stopped keeps its results and says when
 *   algebra.c  mo2c_fail, linear and nonlinear algebraic solvers
 *   mathfn.c   checked math (division, sqrt, log, asin, acos, pow), mod/rem/div, semiLinear, Integer
 *              arithmetic with overflow checked
 *   mixed.c    mixed discrete/continuous loops; dss.c  the state sets' switch
 *   fnarray.c  arrays inside user functions: their memory and operations
 *   fnstring.c Strings inside user functions
 *   delay.c    the histories of delay()
 *   external.c calls of external C functions and ModelicaUtilities.h
 * Functions shared between these files carry the prefix mo2c_rt_; everything else is static.
 */
#ifndef MO2C_RT_INTERNAL_H
#define MO2C_RT_INTERNAL_H

#include "mo2c_rt.h"

#include <regex.h>
#include <stdint.h>
#include <stdio.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

/* Result file formats (-outputFormat). */
typedef enum mo2c_rt_format { MO2C_RT_CSV, MO2C_RT_MAT, MO2C_RT_EMPTY } mo2c_rt_format;

/* How the output grid was given: the last of -stepSize / numberOfIntervals wins; else the model's
 * Interval; else 500 intervals over [start, stop]. */
typedef enum mo2c_rt_grid { MO2C_RT_GRID_DEFAULT, MO2C_RT_GRID_STEP, MO2C_RT_GRID_INTERVALS } mo2c_rt_grid;

/* One name=value of -override or -overrideFile that names a model variable (not an experiment key). */
typedef struct mo2c_rt_override {
    const char *name;
    const char *value;
    const char *origin;        /* "-override" or "FILE:LINE", for messages */
} mo2c_rt_override;

/* Everything the command line decides. Strings point into argv or into buffers listed in owned. */
/* The smallest tolerance accepted: below it no step of a double-precision integrator meets it, and the
 * run would crawl without end (a fuzzer found -tolerance=1e-86) */
#define MO2C_RT_MIN_TOL 1e-15
/* The most steps -maxStepSize may ask for over the run (more could not end in a lifetime) */
#define MO2C_RT_MAX_STEPS 1e12

typedef struct mo2c_rt_opts {
    double start, stop, tol;   /* experiment, after model defaults and flags */
    mo2c_rt_grid grid;
    double step;               /* the -stepSize given; once the grid is fixed, the output spacing h */
    long intervals;            /* numberOfIntervals given; once fixed, n (output times start + i*h for
                                  i < n, and stop for i = n) */
    const char *solver;        /* -s, NULL = default */
    const char *result_file;   /* -r, NULL = <Model>_res.<fmt> */
    mo2c_rt_format format;
    const char *filter;        /* -variableFilter, NULL = everything */
    regex_t filter_re;         /* "^(" filter ")$" compiled (POSIX ERE), when filter != NULL */
    int filter_compiled;
    unsigned log;              /* -lv: MO2C_RT_LOG_* bits */
    int no_event_emit;         /* -noEventEmit: no extra rows at events */
    int emit_protected;        /* -emit_protected */
    int help;                  /* -help */
    const char *help_flag;     /* -help=FLAG, NULL for the whole list */
    int format_given;          /* -outputFormat given (else a -r name ending in .mat means MAT) */
    double alarm;              /* -alarm: seconds of wall time, 0 = no limit */
    double max_step;           /* -maxStepSize, 0 = no limit */
    double init_step;          /* -initialStepSize, 0 = 1e-3 * the output interval */
    int cpu, steps;            /* -cpu, -steps: the $cpuTime and $solverSteps columns */
    int no_root_finding;       /* -noRootFinding: events at the end of the step that saw them */
    int iim_none;              /* -iim=none: start values only, no initial system */
    int sun_ls;                /* -idaLS: 0 default, 1 klu, 2 dense, 3 spgmr (solver_sundials.c) */
    int warn_all;              /* -w: warnings of log streams that are off too */
    long mat_sync;             /* -mat_sync: patch MAT's header every N rows, 0 = at the end */
    const char *input_path;    /* -inputPath */
    const char *csv_input;     /* -csvInput: the top-level inputs' values */
    int linearize;             /* -l: linearize at lin_time (the run stops there) */
    double lin_time;
    const char *output_path;   /* -outputPath */
    mo2c_rt_override *ov;      /* variable overrides in command-line order (malloc) */
    int nov, cap_ov;
    char **owned;              /* malloc'd buffers the strings above may point into */
    int nowned, cap_owned;
} mo2c_rt_opts;

/* The log streams of -lv (ORDER MO2C_RT_LOG: cli.c's log_names). */
enum {
    MO2C_RT_LOG_STATS = 1, MO2C_RT_LOG_INIT = 2, MO2C_RT_LOG_EVENTS = 4, MO2C_RT_LOG_NLS = 8,
    MO2C_RT_LOG_SOLVER = 16
};

/* cli.c: parse argv into o (defaults set by the caller); 0, or -1 after the message. help prints -help's
 * text (or -help=FLAG's) on stdout; 0, or -1 after the message for an unknown FLAG. fix_grid decides the
 * output grid once the flags are in. own keeps buf (NULL stays NULL) until opts_free. parse_value reads
 * a decimal real, true or false. */
int mo2c_rt_parse_args(mo2c_rt_opts *o, int argc, char **argv);
int mo2c_rt_help(const mo2c_rt_opts *o, const char *prog);
int mo2c_rt_fix_grid(mo2c_rt_opts *o, const mo2c_model *m);
char *mo2c_rt_own(mo2c_rt_opts *o, char *buf);
void mo2c_rt_opts_free(mo2c_rt_opts *o);
int mo2c_rt_parse_value(const char *s, double *v);
/* cli.c: read_init reads -f's file (or -inputPath's DIR/SIMULATOR_init.xml) into o before the other
 * flags are parsed; read_text reads a text file of at most 256 MB into a buffer o owns (NULL after the
 * message, which names flag); set_setting applies an experiment key (startTime, ..., solver,
 * outputFormat, variableFilter: 1, not one: 0, bad value: -1); add_item one NAME=VALUE of -override. */
int mo2c_rt_read_init(mo2c_rt_opts *o, int argc, char **argv);
char *mo2c_rt_read_text(mo2c_rt_opts *o, const char *flag, const char *path);
int mo2c_rt_set_setting(mo2c_rt_opts *o, const char *key, const char *v, const char *origin);
int mo2c_rt_add_item(mo2c_rt_opts *o, char *item, const char *origin);
/* initxml.c: an _init.xml's DefaultExperiment and changeable start values into o */
int mo2c_rt_read_init_xml(mo2c_rt_opts *o, const char *path);

/* Log lines "LOG_X | info | ..." on stdout when the stream is on (state.log); a warning (stderr) that
 * belongs to a stream is printed when that stream is on or -w was given. */
void mo2c_rt_log(const mo2c_data *d, unsigned stream, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int mo2c_rt_logging(const mo2c_data *d, unsigned stream);
void mo2c_rt_warn(const mo2c_data *d, unsigned stream, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* main.c: a hash index of the model's variable names (malloc'd; NULL when out of memory) and a look-up
 * in it (the index into m->vars, or -1). */
int *mo2c_rt_name_index(const mo2c_model *m);
int mo2c_rt_name_find(const mo2c_model *m, const int *index, const char *name);

/* linearize.c: -l: the linear model at d->time into linearized_model.mo; 0, or -1 after the message */
int mo2c_rt_linearize(mo2c_data *d, const mo2c_rt_opts *o);

/* inputs.c: the top-level inputs' values (-csvInput). load reads the file (or warns that each input
 * keeps its start value) into d's state; 0, or -1 after the message. hold(d, u) fixes every input at
 * u[k] (linearization), hold(d, NULL) lets them follow time again. */
typedef struct mo2c_rt_inputs mo2c_rt_inputs;
int mo2c_rt_inputs_load(mo2c_data *d, mo2c_rt_opts *o);
void mo2c_rt_inputs_hold(mo2c_data *d, const double *u);
void mo2c_rt_inputs_free(mo2c_rt_inputs *in);

/* A GSL multiroot solver kept between calls for systems of one size (algebra.c). */
typedef struct mo2c_rt_nlsolver mo2c_rt_nlsolver;
/* A nonlinear loop's last solution and its solution at the last accepted point (algebra.c). */
typedef struct mo2c_rt_loopmem mo2c_rt_loopmem;

/* The runtime's private state, hung on d->solver by mo2c_data_alloc. */
typedef struct mo2c_rt_delays mo2c_rt_delays;   /* delay.c */

enum { MO2C_RT_DX_SEEN = 32 };   /* GSL's steppers fill at most 15 buffers (rk8pd: 13 stages) */

typedef struct mo2c_rt_state {
    /* counters for LOG_STATS */
    unsigned long nrhs, njac;
    unsigned long steps0, failed0;  /* steps of the integrator before its last restart (events) */
    /* the last right-hand-side evaluation the integrator asked for: when it was the end point of the
     * step just accepted, the output point reuses it instead of evaluating again */
    double last_t;
    const double *last_x;
    const double *last_dx;
    /* time of the evaluation that failed (rhs or Jacobian), reported with the message, and whether
     * one failed since the integrator's current step began (solver.c: a failed trial point shortens
     * the step; the failure is the run's only when the step can shrink no further) */
    double fail_t;
    int rhs_failed;
    double step_t0;            /* where the integrator's current step began */
    int trial;                 /* the evaluation under way is one the integrator asked for (gsl_rhs, cv_rhs,
                                * ida_res), at a point it has not accepted: a state set may fail it there
                                * only (dss.c), an evaluation at an accepted point is followed by the set's
                                * switch instead */
    double fail_hmin;          /* a failure closer to step_t0 than this is the model's (solver.c) */
    /* time of the model evaluation under way, for a signal handler's message (guard.c) */
    volatile double now;
    unsigned log;              /* -lv streams (MO2C_RT_LOG_*) */
    int warn_all;              /* -w */
    double steps_taken;        /* accepted integrator steps so far (-steps column, LOG_SOLVER) */
    mo2c_rt_inputs *inputs;    /* the top-level inputs' values (inputs.c), NULL when none */
    double cpu_time;           /* CPU seconds at the last row (-cpu column) */
    int progress;              /* stderr is a terminal: a progress line once the run lasts a second */
    int progress_shown;        /* the line is on the screen (cleared before an error and at the end) */
    double progress_next;      /* wall time of the next update */
    int use_dfdt;              /* bsimp uses df/dt: approximate it by a difference quotient */
    double *work;              /* 3 * nx scratch for the finite-difference Jacobian */
    mo2c_rt_nlsolver *nl;      /* cached nonlinear solvers, one per system size */
    size_t *perm;              /* permutation scratch for mo2c_solve_linear */
    int perm_n;
    mo2c_rt_loopmem *loops;    /* nonlinear loops' starts by loop number (algebra.c) */
    /* mixed.c asks (loop_rank_wanted) whether the mode it tries has one solution: algebra.c sets
     * loop_singular when the nonlinear solver's last Newton step found the Jacobian singular there (a
     * least-squares solution, one of many), also at a start that is a root already (then only when
     * asked: it costs a Jacobian) */
    int loop_rank_wanted;
    int loop_singular;
    /* while loop_rank_wanted: the last solution of mo2c_solve_nonlinear (loop_z_n unknowns, 0 when
     * none), and a start that replaces the loop's own (loop_seed: NULL when none) */
    double *loop_z;
    int loop_z_n;
    const double *loop_seed;
    int loop_seed_n;
    int nloops;
    mo2c_rt_delays *delays;    /* the histories of delay() (delay.c), made on first use */
    /* the integrator's derivative buffers that rhs has filled since the integrator was made
     * (mo2c_rt_dx_start): one not among them holds no derivatives yet */
    double *dx_seen[MO2C_RT_DX_SEEN];
    int ndx_seen;
} mo2c_rt_state;

/* solver.c: dx, a buffer of the integrator's that rhs is about to fill, made fit to be read first. The
 * generated loops start from the values their unknowns have, derivatives among them (MultiBody's Body:
 * the linear loop of der(v_0) starts from dx), and an integrator's buffers hold whatever malloc left there
 * until first written (GSL's dydt_in and stage buffers at the first step: ThreeSprings' loop started from
 * 1e193 and lost every digit, depending on what the result writer had allocated). A buffer rhs has not
 * filled yet gets the last derivatives known (d->dx) first; one it has keeps its values (GSL's stage
 * buffers: the stage's derivatives of the step before). */
void mo2c_rt_dx_start(mo2c_data *d, double *dx);
/* solver.c: the integrator was made again: its buffers are new, none filled yet. */
void mo2c_rt_dx_forget(mo2c_rt_state *s);

/* delay.c: record the delayed expressions' values at an accepted point (t, x) of the integration (one
 * more evaluation of rhs and outputs there); free the histories. */
int mo2c_rt_delay_record(mo2c_data *d, double t, const double *x);
void mo2c_rt_delays_free(mo2c_rt_delays *ds);

/* solver.c: the steppers -s accepts */
int mo2c_rt_solver_known(const char *name);
void mo2c_rt_solver_list(FILE *out);         /* "rk45 rkf45 ..." */

/* solver_sundials.c: the SUNDIALS integrators (cvode, cvode_adams, ida, dassl) as steppers of solver.c's
 * loop, on d->x. known/list: their names. new: set up at (t0, d->x); NULL after the message. step: one
 * accepted step from *t toward goal, never past it, ending early at a zero of a relation's
 * zero-crossing function (then the event is located at *t already); d->x holds the states at *t; 0, or
 * -1 after the message. restart: after an event changed d->x at t. counts: accepted and failed steps
 * and Jacobian evaluations so far; stats: SUNDIALS' own LOG_STATS lines. */
typedef struct mo2c_rt_sun mo2c_rt_sun;
int mo2c_rt_sun_known(const char *name);
void mo2c_rt_sun_list(FILE *out);            /* " cvode cvode_adams ida dassl" */
mo2c_rt_sun *mo2c_rt_sun_new(mo2c_data *d, const mo2c_rt_opts *o, const char *name, double t0);
void mo2c_rt_sun_free(mo2c_rt_sun *sv);
int mo2c_rt_sun_step(mo2c_rt_sun *sv, double *t, double goal);
int mo2c_rt_sun_restart(mo2c_rt_sun *sv, double t);
double mo2c_rt_sun_next_step(const mo2c_rt_sun *sv);
void mo2c_rt_sun_counts(const mo2c_rt_sun *sv, unsigned long *steps, unsigned long *failed, unsigned long *njac);
void mo2c_rt_sun_stats(const mo2c_rt_sun *sv);

/* solver.c: clear the progress line from the terminal before a message (nothing when none is shown) */
void mo2c_rt_progress_clear(const mo2c_data *d);

/* solver.c: report the first NaN or Inf of v[0..n) (values of the source src) naming its variable,
 * "error: at time T: NAME is Inf"; returns 1 */
int mo2c_rt_report_nonfinite(const mo2c_data *d, double t, mo2c_source src, const double *v, int n);

/* The equation a failure message names (the `where` text generated code passes; never empty) */
static inline const char *mo2c_rt_where(const char *where)
{
    return where && *where ? where : "(unknown equation)";
}

/* 0 when every value of v[0..n) is finite, else 1 after reporting the first bad one. It runs after every
 * step and at every output point, so the common case is one pass without branches, inlined: v - v is 0
 * for a finite v and NaN for NaN or Inf, and the sum is NaN as soon as one term is. (Testing the
 * exponent bits as integers was slower: the values were just written as doubles.) */
static inline int mo2c_rt_check_finite(const mo2c_data *d, double t, mo2c_source src, const double *v, int n)
{
    double acc = 0.0;
    for (int i = 0; i < n; i++)
        acc += v[i] - v[i];
    return acc == 0.0 ? 0 : mo2c_rt_report_nonfinite(d, t, src, v, n);
}

/* solver.c: integrate from opts->start to opts->stop writing every output point; 0 on success, else
 * 1 after printing the error. d is initialized (parameters, states at start). */
typedef struct mo2c_rt_writer mo2c_rt_writer;
int mo2c_rt_simulate(mo2c_data *d, const mo2c_rt_opts *o, mo2c_rt_writer *w);

/* results.c: open (writes the header, and MAT's parameter matrix from the current d->p), append one
 * output point (time + current x, dx, y, p), close (patches MAT's column count). open returns NULL
 * after printing an error. salvage completes the file as it stands without changing the writer (the
 * whole rows so far, MAT's column count) and is async-signal-safe: guard.c calls it from a handler.
 * path: the file's name (NULL for -outputFormat=empty); rows: rows written, the time of the last. */
mo2c_rt_writer *mo2c_rt_writer_open(const mo2c_data *d, const mo2c_rt_opts *o, const char *path);
int mo2c_rt_writer_row(mo2c_rt_writer *w, double t);
int mo2c_rt_writer_close(mo2c_rt_writer *w);
int mo2c_rt_writer_salvage(const mo2c_rt_writer *w);
const char *mo2c_rt_writer_path(const mo2c_rt_writer *w);
long mo2c_rt_writer_rows(const mo2c_rt_writer *w, double *last_t);

/* guard.c: from install to remove, the fatal signals (SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGABRT; SIGALRM
 * of the -alarm timer, which install sets when alarm_seconds > 0 and remove cancels) and the
 * stopping ones (SIGINT, SIGTERM, SIGHUP, SIGXCPU) complete the result file of the writer given to
 * mo2c_rt_guard_writer (may be NULL) and print "error: at time T: <what happened>" with the time of the
 * evaluation under way (mo2c_rt_state.now). A fatal signal then ends the process with status 1; a
 * stopping one is raised again with its default action, so the caller sees the signal. */
void mo2c_rt_guard_install(mo2c_data *d, double alarm_seconds);
void mo2c_rt_guard_writer(mo2c_rt_writer *w);
void mo2c_rt_guard_remove(void);

/* fmtreal.c: a real as the shortest decimal that reads back as it, '.' as decimal point; returns the
 * length. format_init makes its tables (once; the writers and guard.c call it before any use: before
 * it, numbers go the slow way through printf). */
int mo2c_rt_format_real(char *buf, double v);
void mo2c_rt_format_init(void);

/* events.c: state and time events inside the integration loop of solver.c (see events.c).
 *   has_events: the model has relations, when-clauses, asserts or time events.
 *   new/free: the event state (NULL when memory runs out); sys and type are the integrator's (sys NULL:
 *     the integrator locates crossings itself, SUNDIALS' root finding).
 *   start: event iteration at the start (initial() true), after initialize; before the first row.
 *   next_time: the first time event after t (HUGE_VAL when none): the loop never steps past it.
 *   step_start: the step about to be taken starts at (t, x).
 *   after_step: after an accepted step to *t (timed: *t is the time event next_time gave): locate a
 *     crossing (unless the integrator does: then a step ends at the crossing it found, or the event is
 *     at the step's end), handle the event (t, x moved to it, rows written).
 *   probe: a model without states (no integrator steps): *t moved towards goal, no farther than a
 *     crossing of a relation could hide (0, or -1 after printing an error).
 *   row_at: event rows were written at exactly t (the output point at t is then not repeated).
 *   flush: write the row just after the last event if it is still held back (before any other row and
 *     at the end; 0, or -1 when writing failed).
 *   end: the last update with terminal() true.
 * start and after_step return 0 (nothing happened), 1 (an event: restart the integrator), 2 (terminate()
 * was called: the run ends successfully), -1 after printing an error. */
typedef struct mo2c_rt_events mo2c_rt_events;
int mo2c_rt_has_events(const mo2c_model *m);
mo2c_rt_events *mo2c_rt_events_new(mo2c_data *d, const mo2c_rt_opts *o, gsl_odeiv2_system *sys,
                                   const gsl_odeiv2_step_type *type);
void mo2c_rt_events_free(mo2c_rt_events *ev);
/* the stepper (and its tolerance) that locates crossings inside a step, when the run changes its own
 * (solver.c: stiff) */
int mo2c_rt_events_stepper(mo2c_rt_events *ev, double tol, gsl_odeiv2_system *sys, const gsl_odeiv2_step_type *type);
int mo2c_rt_events_start(mo2c_rt_events *ev, double t);
double mo2c_rt_events_next_time(mo2c_rt_events *ev, double t);
void mo2c_rt_events_step_start(mo2c_rt_events *ev, double t, const double *x);
int mo2c_rt_events_after_step(mo2c_rt_events *ev, double *t, double *x, int timed, mo2c_rt_writer *w);
int mo2c_rt_events_probe(mo2c_rt_events *ev, double *t, double goal);
int mo2c_rt_events_row_at(const mo2c_rt_events *ev, double t);
int mo2c_rt_events_flush(mo2c_rt_events *ev, mo2c_rt_writer *w);
int mo2c_rt_events_end(mo2c_rt_events *ev, double t);
void mo2c_rt_events_stats(const mo2c_rt_events *ev);

/* fnarray.c: release the function stack of d (mo2c_data_free); n bytes on it (NULL when out of memory) */
void mo2c_rt_fstack_free(mo2c_data *d);
void *mo2c_rt_fstack_bytes(mo2c_data *d, size_t n);
/* The dimensions of a: nd sizes given as values (checked), their product in a->n (fnarray.c). */
int mo2c_rt_set_dims(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where);
/* fnstring.c: heap copies of the n Strings of s (NULL after mo2c_fail naming where); free the n
 * elements of an array of Strings a variable owns, and the block. */
char **mo2c_rt_str_copies(mo2c_data *d, const char *const *s, long n, const char *where);
void mo2c_rt_free_strs(const char **s, long n);
/* external.c: destroy the external objects of d, the last made first (mo2c_data_free) */
void mo2c_rt_extobjs_free(mo2c_data *d);
/* fnarray.c: 1 the first time key is seen in this simulation, then 0 (warnings printed once) */
int mo2c_rt_once(mo2c_data *d, uint64_t key);

/* algebra.c: release the cached solvers of a state */
void mo2c_rt_algebra_free(mo2c_rt_state *s);
/* algebra.c: the integrator has accepted a point (or the start): the nonlinear loops' last solutions
 * are kept as the accepted ones; it has rejected a try (the error test, or a failed evaluation): the
 * loops start again from the accepted ones (mo2c_loop_start). */
void mo2c_rt_loops_accept(mo2c_rt_state *s);
void mo2c_rt_loops_reject(mo2c_rt_state *s);

/* events.c: the value of a relation whose zero-crossing function (a - b) is z, by its MO2C_REL_* op. */
int mo2c_rt_rel_value(int op, double z);
/* events.c: the zero crossings z (d->model->nrel) shifted by the bands of the relations held on their
 * thresholds (d->rel_band): each by its band away from the side its frozen value stands for, so that
 * its sign changes where the relation is to change. */
void mo2c_rt_rel_hold(const mo2c_data *d, double *z);

#endif
