/*
 * mo2c_rt.h - the contract between a generated simulator and the mo2c runtime library.
 *
 * The generated C file defines one `const mo2c_model` describing the model (names, comments, units,
 * start values, parameter values) and the functions that compute it; its main() is just
 *     int main(int argc, char **argv) { return mo2c_main(&the_model, argc, argv); }
 * The runtime owns everything else: the command line (OpenModelica's flags), the integrator loop
 * (GSL odeiv2), the result files (CSV, MAT v4), error reporting.
 *
 * Storage: all real values of one simulation live in an mo2c_data, in separate arrays:
 *   x[nx]   states                        dx[nx]  their derivatives
 *   y[ny]   algebraic variables (everything continuous that is neither state nor derivative)
 *   p[np]   real parameters (and constants; constants cannot be overridden)
 * Integers and booleans are stored as doubles for now (exact for |v| < 2^53).
 *
 * Every function returns 0 on success, or non-zero after calling mo2c_fail() with a message; the
 * runtime then stops the run, keeps every result point computed so far, and reports the message.
 * The runtime has no hidden globals: everything is in the mo2c_data the caller passes.
 *
 * Run order (mo2c_main): the experiment annotation gives the defaults and flags override them ->
 * mo2c_data_alloc -> -override values are stored in p[] + p_overridden[] and x_start[] +
 * x_start_overridden[] -> d->time = start -> init_params -> initialize -> the result file is opened ->
 * the integration loop. At every output point dx and y must hold the values of that point: the runtime
 * either calls rhs(d, t, d->x, d->dx) or reuses the integrator's last rhs call when it was exactly at
 * that t and x, then calls outputs(d, t, d->x) when the model has one. So rhs must compute from its own
 * t and x arguments (not from d->time or d->x), and leave in y what belongs to that call. rhs computes
 * dx and the y that dx, the zero crossings and check() need; outputs the other y (those only results
 * show), from t, x and what rhs just left in dx and y; the y slots of parameter expressions are set by
 * initialize and never change. The runtime calls outputs before writing a row and during event
 * iteration (update() may read any y). NaN or Inf in x (after each accepted step) or in dx or y (at
 * output points) stops the run with "error: at time T: NAME is NaN".
 */
#ifndef MO2C_RT_H
#define MO2C_RT_H

#include <stddef.h>

typedef struct mo2c_data mo2c_data;

/* The generated code cuts a long function (the rhs of a large model) into parts called in order; the
 * C compiler must keep them apart, or it inlines every part called once back into one huge function
 * whose optimization costs more than linear time. */
#define MO2C_NOINLINE __attribute__((noinline))

/* Where a result column takes its value from. */
typedef enum mo2c_source {
    MO2C_SRC_STATE,       /* x[index] */
    MO2C_SRC_DER,         /* dx[index] */
    MO2C_SRC_ALG,         /* y[index] */
    MO2C_SRC_PARAM,       /* p[index] */
    MO2C_SRC_CONST_VALUE  /* the number in .value (an alias of a constant) */
} mo2c_source;

/* One named variable of the model as the user sees it (result columns, -override, -variableFilter). */
typedef struct mo2c_var_info {
    const char *name;         /* flat name: "inertia1.phi", "der(inertia1.w)" */
    const char *comment;      /* description string ("" when none) */
    const char *unit;         /* "" when none */
    mo2c_source source;
    int index;                /* into the array named by source */
    int negated;              /* 1 when the variable is the negation of its source (a = -b aliases);
                                 the value is -(source) for every kind of source, .value included */
    double value;             /* MO2C_SRC_CONST_VALUE */
    int is_param;             /* parameter or constant (written to MAT data_1, not to CSV) */
    int overridable;          /* 1: -override may set it (parameters, and start values of states); -1: a
                                 parameter whose value was used when the model was compiled (refused, saying
                                 so); 0: not */
    int is_protected;         /* declared in a protected section */
} mo2c_var_info;

typedef struct mo2c_model {
    const char *name;         /* full model name */
    const char *comment;
    int nx, ny, np;
    int nvars;                /* number of entries in vars */
    const mo2c_var_info *vars;/* every variable, parameters included, in the order results list them */
    /* experiment annotation (the has_ flags say whether the model gave the value) */
    int has_start, has_stop, has_interval, has_tolerance;
    double start_time, stop_time, interval, tolerance;

    /* Set p[] to the parameters' values, skipping those in d->p_overridden (set by -override). */
    int (*init_params)(mo2c_data *d);
    /* Compute consistent initial values of x (and y, dx) at d->time from start values, fixed
     * attributes and initial equations. d->x_start_overridden marks states set by -override. */
    int (*initialize)(mo2c_data *d);
    /* Compute dx (and every y) from t and x. Called by the integrator with its own x. */
    int (*rhs)(mo2c_data *d, double t, const double *x, double *dx);
    /* Dense Jacobian d(dx)/d(x), row-major nx * nx, at (t, x); NULL when not generated. */
    int (*jacobian)(mo2c_data *d, double t, const double *x, double *jac);

    /* ---- events (runtime/events.c); all 0 / NULL for a model without them ----
     * Relation r (a < b, a <= b, a > b, a >= b with continuous operands) is frozen between events: rhs
     * reads d->rel[r]. Its zero-crossing function zc[r] = a - b gives its value by rel_op[r]
     * (MO2C_REL_LT: zc < 0, LE: zc <= 0, GT: zc > 0, GE: zc >= 0); when that differs from d->rel[r]
     * after a step, an event happened inside the step: the runtime locates it, and at the event sets
     * d->rel[r] to the new value and iterates update() until nothing changes. */
    int nrel;                 /* relations with a zero-crossing function */
    int ncond;                /* condition memory slots d->cond (when-branches, warning asserts) */
    const int *rel_op;        /* nrel MO2C_REL_* */
    const unsigned char *rel_time; /* nrel: a relation of time and T from next_time_event: 1 for zc[r] =
                                    * time - T, 2 for zc[r] = T - time; 0 for other relations */
    const char *const *rel_text;   /* nrel: the relation as Modelica text, for messages */
    /* zc[0..nrel) at (t, x) with the current frozen relations; y and dx must be those of rhs(d, t, x, dx)
     * just called. */
    int (*zero_crossings)(mo2c_data *d, double t, const double *x, const double *dx, double *zc);
    /* One pass of event iteration at time t (d->rel, d->pre, d->pre_x set by the runtime; y and dx
     * computed by rhs at (t, x)): with fire = 1, every when-branch whose condition is true and was false
     * in d->cond runs (assignments to discrete y slots, reinit of x, assert, terminate); then d->cond
     * records the conditions. fire = 0 records them only. */
    int (*update)(mo2c_data *d, double t, double *x, int fire);
    /* The first time event strictly after t (relations "time op T", sample instants); HUGE_VAL if none. */
    double (*next_time_event)(mo2c_data *d, double t);
    /* The asserts outside when-clauses at (t, d->x), y and dx computed by rhs; non-zero after a failure. */
    int (*check)(mo2c_data *d, double t);
    /* Which relations are watched between events: on[r] = 0 where every place that reads relation r
     * is under a condition that changes only at events (pre(), parameters, initial(): the 'pre(mode) ==
     * Stuck' of 'pre(mode) == Stuck and sa > tau0_max') and that condition is false now, so that no value
     * depends on r until the next event, which compares every relation anyway; writes only those
     * relations (the others stay 1). Called after each event with d->pre as the integration reads it;
     * NULL when no relation is so guarded. A guard whose evaluation fails (it may be one the model
     * evaluates only after the relation) keeps its relation watched and is no failure (its message in d->error is void).
     * Non-zero after a failure. */
    int (*rel_live)(mo2c_data *d, unsigned char *on);

    /* The algebraic variables rhs leaves out (results show them, nothing during integration reads
     * them), at (t, x) right after rhs(d, t, x, d->dx) or its reuse; NULL when rhs computes every y. */
    int (*outputs)(mo2c_data *d, double t, const double *x);

    /* String parameters and constants: their values are fixed when the model is compiled and they are
     * no result columns; their names are listed so that -override refuses them by name. 0 / NULL when
     * the model has none. */
    int nstring_params;
    const char *const *string_params;

    /* sample() call sites (distinct texts): each remembers the last tick it fired (d->sample_tick), so
     * that a second event within the tick's tolerance does not fire it again. 0 when none. */
    int nsample;

    /* Top-level inputs (input Real u in the model itself): their names (-csvInput's columns) and start
     * values (their values when the simulator is given none); generated code reads input k at time t
     * with mo2c_input(d, k, t). Top-level outputs: their names (the outputs of -l's linear model).
     * 0 / NULL when none. */
    int ninputs;
    const char *const *input_names;
    const double *input_start;
    int noutputs;
    const char *const *output_names;

    /* The y slots that hold discrete values (Boolean, Integer, enumeration, assigned in when-clauses):
     * event iteration ends when they, the relations and the states stop changing; the continuous y
     * follow from those (compared too, they would keep it going on the last bits of a loop solved again
     * from other values). y_discrete holds ny_discrete slots followed by -1; NULL (a model made by hand):
     * every y is compared. Its first ny_held are the slots when-clauses assign, which the rounds of a
     * pass compare exactly (the others to the rounding of a solver: events.c). */
    int ny_discrete;
    const int *y_discrete;
    int ny_held;

    /* delay() call sites (numbered by the compiler): each keeps a history of its expression (delay.c).
     * 0 when none. */
    int ndelay;

    /* The Jacobian d(dx)/d(x) as a sparse matrix whose pattern the compiler knows: CSR, row i's entries
     * at jac_col[jac_rowptr[i] .. jac_rowptr[i + 1]) (columns ascending, the diagonal always present);
     * jacobian_sparse writes their values at (t, x) into val[0..jac_nnz). The SUNDIALS integrators
     * (solver_sundials.c) factor it with KLU. 0 / NULL when not generated. */
    int jac_nnz;
    const int *jac_rowptr;
    const int *jac_col;
    int (*jacobian_sparse)(mo2c_data *d, double t, const double *x, double *val);

    /* The watch of the state choices of index reduction (codegen_dss.c): ndss choices, and dss at (t,
     * x), y and dx computed by rhs there; accepted = 1 at an accepted point (every choice is tested, and
     * d->dss_near updated), 0 inside rhs (only the choices marked near). Non-zero when a choice no
     * longer fits (the message in d->error). 0 / NULL when nothing is watched. */
    int ndss;
    int (*dss)(mo2c_data *d, double t, const double *x, double *dx, int accepted);
} mo2c_model;

/* How a zero-crossing function gives its relation (mo2c_model.rel_op). */
enum { MO2C_REL_LT, MO2C_REL_LE, MO2C_REL_GT, MO2C_REL_GE };

struct mo2c_data {
    const mo2c_model *model;
    double time;
    double start_time;                /* the simulation's start (-startTime): the first tick of the clocks */
    double *x, *dx, *y, *p;
    unsigned char *p_overridden;      /* np flags */
    unsigned char *x_start_overridden;/* nx flags: the start value came from -override */
    double *x_start;                  /* nx start values (initialize reads them); the runtime writes
                                         only the overridden entries, the rest stay 0 */
    double cur_t;                     /* time and states of the evaluation under way, for the residual */
    const double *cur_x;              /*   functions of algebraic loops (set by generated code) */
    double *cur_dx;                   /* derivatives being computed by that evaluation (set by generated
                                         code: loops may have derivatives among their unknowns) */
    char error[1024];                 /* message of the failure that stopped the run */
    void *solver;                     /* the runtime's private state */
    /* events (allocated by mo2c_data_alloc from the model's sizes; see mo2c_model.nrel) */
    unsigned char *rel;               /* nrel frozen relation values (1 = true) */
    unsigned char *rel_tie;           /* nrel: 1 when a mixed loop (mixed.c), at its last solution in the
                                         event iteration, found the relation on its threshold to the
                                         loop's accuracy and kept its value (events.c leaves it so) */
    double *rel_band;                 /* nrel: > 0 for a relation that a mixed loop holds on its threshold
                                         (mixed.c, prefer_regular, hold_ties): it changes between
                                         events only when its operands' difference leaves this band on
                                         the other side (mo2c_rt_rel_hold); 0 for the others */
    unsigned char *rel_on;            /* nrel: 1 when relation r is watched between events (see
                                         mo2c_model.rel_live), 0 while its guards are false */
    unsigned char *cond;              /* ncond: when-conditions at their last evaluation, warned asserts */
    /* during a round of an event pass after the first (events.c solve_pass), else NULL and 0: */
    const double *round_y;            /* ny + nx: y then dx at the start of the round before
                                         (mo2c_reads_changed) */
    const unsigned char *cond_pass;   /* ncond: the condition memory at the pass's start; set during
                                         the whole pass (and the terminal event's update and check) */
    const unsigned char *y_held;      /* ny: 1 for the slots when-clauses assign (mo2c_model.ny_held),
                                         which mo2c_reads_changed compares exactly; NULL: none */
    int x_reset;                      /* the states were set back to the pass's start (a reinit fired) */
    double *pre;                      /* ny: y before the current event-iteration pass (pre(v)); between
                                         events equal to y for the discrete variables */
    double *pre_x;                    /* nx: x before the current pass (pre of a state) */
    double *pre_dx;                   /* nx: dx before the current pass (the left limit of a derivative
                                         that a clocked partition samples, 16.5.1) */
    int initial;                      /* initial(): 1 during the event iteration at the start */
    int terminal;                     /* terminal(): 1 in the last update, after the stop time */
    int in_event;                     /* 1 during event iteration (sample() is true only then) */
    int terminate;                    /* set by mo2c_terminate: end the run after this event */
    char terminate_msg[1024];
    double *sample_tick;              /* nsample: index k of the last tick fired, -1 before the first */
    double *sample_time;              /* nsample: the event time at which that tick fired */
    void *fstack;                     /* the runtime's: memory of array temporaries in user functions
                                         (fnarray.c), made on first use, freed by mo2c_data_free */
    void *extobjs;                    /* the runtime's: external objects (external.c), destroyed by
                                         mo2c_data_free */
    int init_none;                    /* -iim=none: initialize sets the start values and the y slots of
                                         parameter expressions, and skips the initial system */
    double homotopy_s;                /* the weight of homotopy's simplified argument (3.7.4.4):
                                         homotopy(a, s) = (1 - homotopy_s) a + homotopy_s s. 0 (the
                                         actual model) except while mo2c_solve_nonlinear follows a loop
                                         of the initialization from its simplified form */
    int initializing;                 /* 1 while model->initialize runs (set by mo2c_main) */
    unsigned char *dss_near;          /* ndss: the state choice was near degenerate at the last accepted
                                         point, so rhs tests it at every evaluation (dss.c) */
    int dss_nnear;                    /* how many are so: rhs calls model->dss only when some are */
    double *dss_best;                 /* ndss: of a state set, the determinant of its best candidates at the
                                         last accepted point, 0 before the first (dss.c) */
};

/* Allocate the storage of one simulation of model (arrays zeroed, d->model set, the runtime's private
 * state in d->solver); NULL when memory runs out. Every mo2c_data_alloc is paired with mo2c_data_free.
 * mo2c_main does both; unit tests and embedders can use them to call the functions below directly. */
mo2c_data *mo2c_data_alloc(const mo2c_model *model);
void mo2c_data_free(mo2c_data *d);

/* Report a failure: formats the message into d->error and returns -1 so code can `return mo2c_fail(...)`. */
int mo2c_fail(mo2c_data *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Checked arithmetic for generated code: on a zero divisor, a negative sqrt argument and the like, they
 * record a failure naming `where` (the source equation, as "file:line: eq text") and set *ok = 0. */
double mo2c_div(mo2c_data *d, double a, double b, const char *where, int *ok);
double mo2c_sqrt(mo2c_data *d, double a, const char *where, int *ok);
double mo2c_log(mo2c_data *d, double a, const char *where, int *ok);
double mo2c_asin(mo2c_data *d, double a, const char *where, int *ok);   /* a outside [-1, 1] fails */
double mo2c_acos(mo2c_data *d, double a, const char *where, int *ok);
double mo2c_pow(mo2c_data *d, double a, double b, const char *where, int *ok);
/* Built-ins (mathfn.c): mod(a, b) = a - floor(a/b)*b, rem(a, b) = a - div(a, b)*b, div(a, b) = a/b
 * truncated towards zero (a zero b fails like mo2c_div), semiLinear(x, k_pos, k_neg). */
double mo2c_mod(mo2c_data *d, double a, double b, const char *where, int *ok);
double mo2c_rem(mo2c_data *d, double a, double b, const char *where, int *ok);
double mo2c_idiv(mo2c_data *d, double a, double b, const char *where, int *ok);
double mo2c_semiLinear(mo2c_data *d, double x, double k_pos, double k_neg, const char *where, int *ok);
/* Integer a op b (op '+', '-' or '*'; 'a': abs(a), 'd': div(a, b) of Integers, 'i': integer(a) of a Real, whose
 * results are checked alike) in 32-bit machine arithmetic, checked with __builtin_*_overflow
 * (mathfn.c): Modelica's Integers are the 32-bit range of spec 4.9.2, which a double holds exactly, so
 * Integer values stay in the model's double slots (events, pre, results unchanged) and only their
 * arithmetic changes; a result (or an operand) outside the range fails naming `where`, *ok = 0. */
double mo2c_iop(mo2c_data *d, double a, double b, int op, const char *where, int *ok);
/* x[k] with k known only at run time (mathfn.c): k - 1 when k is an integer in 1..n; otherwise a failure
 * "index k out of range 1..n for WHAT" (what: the reference and its source location), *ok = 0, and 0. */
int mo2c_index(mo2c_data *d, double k, int n, const char *what, int *ok);
/* delay(v, dt, dmax) of call site k (< model->ndelay) at time t, v being the delayed expression's value
 * at t (delay.c): the history of site k interpolated linearly at t - dt (v before anything is recorded,
 * and the value at the start for t - dt before it); fails unless 0 <= dt <= dmax. The runtime records
 * v at the accepted points of the integration. */
double mo2c_delay(mo2c_data *d, int k, double t, double v, double dt, double dmax, const char *where, int *ok);

/* homotopy(actual, simplified) (3.7.4.4): generated code passes simplified = 0 unevaluated while
 * d->homotopy_s is 0, as it is except during mo2c_solve_nonlinear's continuation at the start, and
 * actual = 0 unevaluated while it is 1. */
static inline double mo2c_homotopy(const mo2c_data *d, double actual, double simplified)
{
    return d->homotopy_s == 0.0 ? actual : (1.0 - d->homotopy_s) * actual + d->homotopy_s * simplified;
}

/* dss.c: does the state choice of index reduction still hold at this point? J: the Jacobian (nr x nc,
 * row-major, overwritten) of its nr differentiated equations against its candidates, the nr dummies
 * first; rate: the candidates' values; ref: each dummy's partial derivatives' size when the choice was
 * made (it is given up only when its own has fallen 100 times below); work: 3 nr ints; val: 3 + nr
 * doubles. 1 when it degenerates:
 * *row is the equation, *col the dummy (0 .. nr), val[0..2] the partial derivative against the dummy,
 * the largest against another candidate, the dummy's rate; 2 when it is near that (within ten times
 * the thresholds); else 0. */
int mo2c_dss_check(int nr, int nc, double *J, const double *rate, const double *ref, int *work, int *row,
                   int *col, double *val);
/* The same for a choice of nd < nr dummies (J's first nd columns; ref: nd entries): the rows must keep
 * rank nd in them, *col is in 0 .. nd. */
int mo2c_dss_check_rect(int nr, int nd, int nc, double *J, const double *rate, const double *ref, int *work,
                        int *row, int *col, double *val);
/* At an accepted point: choice k (< model->ndss) is near degenerate (near = 1) or not (dss.c). */
void mo2c_dss_near(mo2c_data *d, int k, int near);
/* dss.c: the switch of state set `set` at t: J (nr x nc, overwritten) the Jacobian of its rows against
 * its candidates; kept[0 .. nc - nr) the candidates (0-based, ascending) its set states copy. At an
 * accepted point (accepted = 1): 1 when it switched (kept holds the new ones, logged at LOG_SOLVER),
 * else 0; at a trial point: -1 after mo2c_fail when the step went too far past the switch, else 0.
 * never (NULL: none): never[j] != 0, candidate j's integral is declared StateSelect.never: taken among
 * the dummies first. work: nr * nr doubles; iwork: 2 nc + nr ints. */
int mo2c_dss_switch(mo2c_data *d, double t, int set, int nr, int nc, double *J, int *kept, const unsigned char *never,
                    double *work, int *iwork, int accepted);

/* Solve the dense linear system A z = b (n x n, row-major, both overwritten; z returned in b).
 * Non-zero when singular. Used by generated code for linear algebraic loops. */
int mo2c_solve_linear(mo2c_data *d, int n, double *A, double *b, const char *where);

/* Solve F(z) = 0 (n unknowns) by Newton's method with the analytic Jacobian (GSL multiroot),
 * starting from z. f fills F; jac fills the row-major Jacobian. Non-zero when it fails to converge. */
typedef int (*mo2c_residual_fn)(mo2c_data *d, const double *z, double *F);
typedef int (*mo2c_jacobian_fn)(mo2c_data *d, const double *z, double *J);
int mo2c_solve_nonlinear(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                         const char *where);
/* A mixed loop that is affine in z with its relations frozen (A z = b in each mode): one Newton step
 * from z, exact to rounding, with the Jacobian jac; where the mode's matrix is singular, the nonlinear
 * solver from z (its least-squares steps reach a solution if the mode has one). Non-zero on failure. */
int mo2c_solve_affine(mo2c_data *d, int n, double *z, mo2c_residual_fn f, mo2c_jacobian_fn jac,
                      const char *where);
/* Where nonlinear loop number id (n unknowns) starts: generated code fills z from the loop's variables
 * (its last solution, or where a failed solve stopped), then mo2c_loop_start replaces it by the loop's
 * solution at the integrator's last accepted point when the integrator has rejected a try (a step too
 * long, or a failed evaluation) since the loop was last solved; while initializing, z stays. After a
 * solve, mo2c_loop_solved records z. Where a loop has several solutions (an op amp with positive
 * feedback), a rejected trial point that jumped to another one is thus not the start of the shorter
 * step, and a failed trial leaves no garbage as a start; within a try, each solve starts from the last. */
void mo2c_loop_start(mo2c_data *d, int id, int n, double *z);
void mo2c_loop_solved(mo2c_data *d, int id, int n, const double *z);

/* A mixed loop (runtime/mixed.c): solve() solves it with the relations d->rel[rel[0..n)] as they are,
 * rels() gives those relations at the solution: r[2k] = a - b and r[2k + 1] = |a| + |b| for relation
 * rel[k] (a op b, op in model->rel_op). Between events: one solve. At an event
 * (or during initialization): solved again until the relations agree with the solution, trying other
 * combinations of their values when that cycles; non-zero when no combination agrees. */
int mo2c_mixed_loop(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *),
                    int (*rels)(mo2c_data *, double *), const char *where);

/* Events, for generated code (runtime/events.c).
 * mo2c_sample: sample(start, interval), true at the instants start + k*interval during event iteration.
 * mo2c_sample_next: the first such instant strictly after t.
 * mo2c_save_pre: pre = y, pre_x = x and pre_dx = dx (initialization: pre(v) is the start value).
 * mo2c_assert: holds = 0 is a failure (level 1: mo2c_fail with "assertion failed: MESSAGE", returns -1)
 *   or a warning (level 2: "warning: at time T: MESSAGE" printed when *warned was 0, returns 0);
 *   fmt and the arguments are printf's.
 * mo2c_terminate: terminate(MESSAGE): the run ends successfully after the current event. */
int mo2c_sample(const mo2c_data *d, double t, double start, double interval);
/* mo2c_init_holds: a redundant initial equation left out of the initial system (lhs = rhs, `where`
 * names it) holds at its solution: 0, or -1 after mo2c_fail with both values. Equal within 1e-6
 * relative to the larger side, or 1e-10 absolute (the initial system's loops converge far closer). */
int mo2c_init_holds(mo2c_data *d, double lhs, double rhs, const char *where);
/* mo2c_sample_at: sample() of call site slot (< model->nsample): as mo2c_sample, but a tick fires at
 *   one event only (the first within its tolerance); true in every pass of that event. */
int mo2c_sample_at(mo2c_data *d, int slot, double t, double start, double interval);
double mo2c_sample_next(double t, double start, double interval);
void mo2c_save_pre(mo2c_data *d);
int mo2c_assert(mo2c_data *d, int holds, int level, unsigned char *warned, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* mo2c_reads_changed: in a round of an event pass after the first (d->round_y set), did one of the
 * values a when-clause reads change in the round before (at all for a slot a when-clause assigns, beyond
 * the rounding of a solver for the others)? 0 otherwise.
 * slots: y[s] for s < ny, dx[s - ny] (a derivative) for s >= ny. */
int mo2c_reads_changed(const mo2c_data *d, const int *slots, int n);
void mo2c_terminate(mo2c_data *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* String(v, ...) in the messages of assert and terminate (strfmt.c), for generated code that passes the
 * values to a printf format it built: mo2c_str_width gives printf's '*' field width for minimumLength m
 * (clamped to 0..MO2C_STR_MAX_WIDTH, negative when leftJustified is non-zero), mo2c_str_digits the '*'
 * precision for significantDigits (clamped to 1..MO2C_STR_MAX_DIGITS), mo2c_str_int an Integer value as
 * a long long (saturated, NaN as 0), mo2c_str_index an enumeration value as an index 1..n into the
 * names of its literals (0 when it is out of range).
 * The clamps change no value: a String value asking for more than MO2C_STR_MAX_WIDTH characters is an
 * error (at compile time when the width is known then, else when the String is built: fnstring.c; a
 * message, which is cut at its buffer's end anyway, says so with "[...]"), and no double has more than
 * 767 significant decimal digits, so that %g (which drops trailing zeros) prints the same for any
 * precision from 767 on. */
enum { MO2C_STR_MAX_WIDTH = 1 << 24, MO2C_STR_MAX_DIGITS = 800 };
int mo2c_str_width(double min_length, double left_justified);
int mo2c_str_digits(double significant_digits);
long long mo2c_str_int(double v);
int mo2c_str_index(double v, int n);

/* ---- arrays in user functions (fnarray.c) ----
 * An array value inside a generated function: its elements as doubles (Integer and Boolean values too),
 * row-major, and its dimensions. A function's array variables own heap blocks (mo2c_avar, freed with
 * mo2c_afree on every way out of the function); the values of array expressions are temporaries on the
 * function stack: mo2c_fmark before a statement, mo2c_frelease after it, and a function releases its
 * own mark when it returns, after which mo2c_aout copies its array outputs onto the stack for the
 * caller. Functions that make arrays return 0, or -1 after mo2c_fail with a message naming `where`
 * (sizes that are not non-negative integers, arrays above MO2C_MAX_ELEMS elements, out of memory,
 * operands of different sizes, indices out of bounds). v always has room for one element. */
enum { MO2C_MAX_DIMS = 8, MO2C_MAX_ELEMS = 2147483647 };
typedef struct mo2c_arr {
    double *v;                /* (NULL in an array of Strings) */
    int n;                    /* elements: the product of dim[0 .. nd) */
    int nd;
    int dim[MO2C_MAX_DIMS];
    const char **s;           /* an array of Strings: its elements instead of v (fnstring.c), else NULL */
} mo2c_arr;
size_t mo2c_fmark(mo2c_data *d);
void mo2c_frelease(mo2c_data *d, size_t mark);
/* A user function begins (name: for the message) and ends: a recursion that would use more than half
 * the C stack's limit fails with a message instead of overflowing the stack. */
int mo2c_fenter(mo2c_data *d, const char *name);
void mo2c_fleave(mo2c_data *d);
/* A warning assert of function fn failed: "warning: at time T: assertion failed in function fn: msg"
 * on stderr, once per site (the statement's where string) and simulation; the run goes on. */
void mo2c_fwarn(mo2c_data *d, const char *site, const char *fn, const char *msg);
/* a temporary of nd dimensions of the sizes dims (zeroed); one with the sizes of shape */
int mo2c_atmp(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where);
int mo2c_alike(mo2c_data *d, mo2c_arr *a, const mo2c_arr *shape, const char *where);
/* a variable's block (zeroed; frees what a held); mo2c_afree releases it (a may be empty: v NULL) */
int mo2c_avar(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where);
void mo2c_afree(mo2c_arr *a);
/* dst := src (dst a variable): equal sizes, or dst is resized when flexible (declared with ':') */
int mo2c_aassign(mo2c_data *d, mo2c_arr *dst, const mo2c_arr *src, int flexible, const char *where);
/* an output: a copy of src on the stack, for the caller */
int mo2c_aout(mo2c_data *d, mo2c_arr *out, const mo2c_arr *src, const char *where);
/* a and b have equal sizes (what: the operation, for the message) */
int mo2c_asame(mo2c_data *d, const mo2c_arr *a, const mo2c_arr *b, const char *what, const char *where);
/* input `name` has the declared sizes dims */
int mo2c_acheck(mo2c_data *d, const mo2c_arr *a, int nd, const double *dims, const char *name, const char *where);
/* The 0-based index of a 1-based index i into a dimension of size n; on a bad index the failure goes
 * through *ok (the first one only) and the result is 0, which every array has room for. */
long mo2c_ix_fail(mo2c_data *d, double i, int n, const char *where, int *ok);
static inline long mo2c_ix(mo2c_data *d, double i, int n, const char *where, int *ok)
{
    if (i >= 1 && i <= n && i == (double)(long)i)
        return (long)i - 1;
    return mo2c_ix_fail(d, i, n, where, ok);
}
/* size(a, k) for a k known only at run time */
double mo2c_asize(mo2c_data *d, const mo2c_arr *a, double k, const char *where, int *ok);
/* Subscripts of a slice: one index, ':' (also for the dimensions after the last subscript given), or a
 * vector of indices (ranges are made into vectors first). */
enum { MO2C_SUB_ONE, MO2C_SUB_ALL, MO2C_SUB_VEC };
typedef struct mo2c_sub {
    int kind;
    double i;                 /* MO2C_SUB_ONE */
    const mo2c_arr *vec;      /* MO2C_SUB_VEC */
} mo2c_sub;
/* res := a[s...]; a[s...] := val (the sizes of the part and of val must agree) */
int mo2c_aget(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, int ns, const mo2c_sub *s, const char *where);
int mo2c_aset(mo2c_data *d, mo2c_arr *a, int ns, const mo2c_sub *s, const mo2c_arr *val, const char *where);
/* Matrix products (vector * matrix, matrix * vector, matrix * matrix) and the scalar product. */
/* integer: both operands are Integer arrays, whose products and sums must stay in the Integer range
 * (4.9.2; an overflow fails naming where, as mo2c_iop) */
int mo2c_amul(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, const mo2c_arr *b, int integer, const char *where);
double mo2c_adot(mo2c_data *d, const mo2c_arr *a, const mo2c_arr *b, int integer, const char *where, int *ok);
/* sum, product, min, max of the elements (empty: 0, 1, the greatest and the least finite double) */
enum { MO2C_RED_SUM, MO2C_RED_PRODUCT, MO2C_RED_MIN, MO2C_RED_MAX };
double mo2c_areduce(const mo2c_arr *a, int op);
/* The same of an Integer array: sum and product in 32-bit arithmetic, checked as mo2c_iop checks it. */
double mo2c_areduce_int(mo2c_data *d, const mo2c_arr *a, int op, const char *where, int *ok);
/* Constructors: lo:step:hi as a vector; cat(dim, parts...); {parts...} of arrays of equal sizes;
 * promote (trailing dimensions of size 1, in place); fill(s, dims...) of an array s; transpose;
 * identity; diagonal; linspace; outerProduct; cross; skew; symmetric; and vector, matrix, scalar as
 * reshape to rank 1, 2, 0 (in place, with the checks of the specification). */
int mo2c_arange(mo2c_data *d, mo2c_arr *res, double lo, double step, double hi, const char *where);
int mo2c_acat(mo2c_data *d, mo2c_arr *res, double dim, int n, const mo2c_arr *const *parts, const char *where);
int mo2c_astack(mo2c_data *d, mo2c_arr *res, int n, const mo2c_arr *const *parts, const char *where);
void mo2c_apromote(mo2c_arr *a, int nd);
int mo2c_afill(mo2c_data *d, mo2c_arr *res, const mo2c_arr *s, int nd, const double *dims, const char *where);
int mo2c_atranspose(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, const char *where);
int mo2c_aidentity(mo2c_data *d, mo2c_arr *res, double n, const char *where);
int mo2c_adiagonal(mo2c_data *d, mo2c_arr *res, const mo2c_arr *v, const char *where);
int mo2c_alinspace(mo2c_data *d, mo2c_arr *res, double x1, double x2, double n, const char *where);
int mo2c_aouter(mo2c_data *d, mo2c_arr *res, const mo2c_arr *u, const mo2c_arr *v, const char *where);
int mo2c_across(mo2c_data *d, mo2c_arr *res, const mo2c_arr *x, const mo2c_arr *y, const char *where);
int mo2c_askew(mo2c_data *d, mo2c_arr *res, const mo2c_arr *x, const char *where);
int mo2c_asymmetric(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, const char *where);
int mo2c_areshape(mo2c_data *d, mo2c_arr *a, int nd, const char *where);

/* ---- Strings in user functions (fnstring.c) ----
 * String inputs are borrowed; String outputs and locals own a heap copy (mo2c_sset; NULL reads as "",
 * mo2c_str); String expressions are temporaries on the function stack. On failure (out of memory)
 * the functions with *ok clear it and return "", the others return -1 after mo2c_fail. */
static inline const char *mo2c_str(const char *s) { return s ? s : ""; }
const char *mo2c_scat(mo2c_data *d, const char *a, const char *b, int *ok);
int mo2c_sset(mo2c_data *d, char **var, const char *s);
int mo2c_sout(mo2c_data *d, const char **out, const char *s);   /* a copy on the stack for the caller */
/* String(v, significantDigits, minimumLength, leftJustified) of a Real, an Integer, a Boolean, an
 * enumeration value (names[1..n], names[0] for a value out of range); String(v, format = f) with the
 * conversion conv the compiler made from a whitelisted f. */
const char *mo2c_sreal(mo2c_data *d, double v, double digits, double width, double left, int *ok);
const char *mo2c_sint(mo2c_data *d, double v, double width, double left, int *ok);
const char *mo2c_sbool(mo2c_data *d, double v, double width, double left, int *ok);
const char *mo2c_senum(mo2c_data *d, double v, const char *const *names, int n, double width, double left, int *ok);
/* String(v, format = f) with f a String variable, checked when the call runs (fnstring.c) */
const char *mo2c_sfmt_any(mo2c_data *d, double v, const char *f, int real, int *ok);
/* Arrays of Strings: an mo2c_arr whose elements are s[] (a NULL element reads as "": mo2c_str). A
 * variable's elements are heap copies it owns (mo2c_savar makes it, mo2c_afree frees them with it; the
 * assignments mo2c_aassign, mo2c_aset and mo2c_sset_el copy every new value before freeing any old one,
 * so a value read from the variable itself stays valid); a temporary's elements (mo2c_satmp, and the
 * results of the structural operations mo2c_aget, mo2c_acat, mo2c_astack, mo2c_afill, mo2c_atranspose
 * on arrays of Strings) borrow what lives at least as long as the statement; mo2c_aout copies each
 * element onto the stack for the caller. */
int mo2c_satmp(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where);
int mo2c_savar(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where);
int mo2c_sset_el(mo2c_data *d, mo2c_arr *a, long i, const char *s);
/* For an external C function: the elements of a, on the stack and none NULL (NULL after mo2c_fail);
 * after its call, the elements it set in such a block s taken into the variable a (copies). */
const char **mo2c_astrs(mo2c_data *d, const mo2c_arr *a, const char *where);
int mo2c_astrs_back(mo2c_data *d, mo2c_arr *a, const char **s, const char *where);
const char *mo2c_sfmt_real(mo2c_data *d, double v, const char *conv, int *ok);
const char *mo2c_sfmt_int(mo2c_data *d, double v, const char *conv, int *ok);
const char *mo2c_sfmt_str(mo2c_data *d, const char *s, const char *conv, int *ok);   /* Boolean, enumeration */
/* The Strings a model built for the arguments of its calls are released: the generated functions of a
 * model that builds such Strings call this first (nothing happens while a user function runs). */
void mo2c_sreset(mo2c_data *d);

/* The value of top-level input k at time t (inputs.c): interpolated linearly in -csvInput's table (held
 * at its first and last rows), else the input's start value. */
double mo2c_input(mo2c_data *d, int k, double t);

/* ---- external C functions (external.c) ----
 * thunk(args) calls the external function (fn: its Modelica name, for messages); ModelicaError and its
 * kin end the call: -1 with the message in d->error, else 0. */
int mo2c_ext_call(mo2c_data *d, const char *fn, void (*thunk)(void *), void *args);
/* Integer and Boolean values as C ints (saturated; NaN as 0), and Integer arrays as int arrays on the
 * function stack (mo2c_aints; NULL after mo2c_fail) and back (mo2c_aints_back). */
static inline int mo2c_cint(double v)
{
    return v != v ? 0 : v >= 2147483647.0 ? 2147483647 : v <= -2147483648.0 ? -2147483647 - 1 : (int)v;
}
int *mo2c_aints(mo2c_data *d, const mo2c_arr *a, const char *where);
/* External objects (12.9.7): the C object p that a constructor made, kept until the simulation ends
 * (destroy called on it then), as a handle (1, 2, ...; 0 after mo2c_fail: p NULL or out of memory);
 * the object of handle h (NULL after mo2c_fail when h is no handle). */
double mo2c_eo_add(mo2c_data *d, void *p, void (*destroy)(void *), const char *where);
void *mo2c_eo_get(mo2c_data *d, double h, const char *where);
/* The object of handle h destroyed now (a protected variable of a function, on its return): its handle
 * is no handle any more, and the newest handles are reused once they are all dropped. -1 when the
 * destructor failed (ModelicaError: the message in d->error), else 0. */
int mo2c_eo_drop(mo2c_data *d, double h);
void mo2c_aints_back(mo2c_arr *a, const int *v);
/* The elements of a in column-major order, for a "FORTRAN 77" external function (12.9.1.2), on the
 * function stack (NULL after mo2c_fail), and back into a in row-major order (mo2c_acols_back). */
double *mo2c_acols(mo2c_data *d, const mo2c_arr *a, const char *where);
void mo2c_acols_back(mo2c_arr *a, const double *v);
/* A copy of a's elements on the function stack (NULL after mo2c_fail): what an external function gets for
 * a Real array input, so that one that writes into its input (against 12.9.1.3's const) cannot change the
 * caller's array, which may be the model's own storage (codegen_fn.c passes an array variable whole). */
double *mo2c_acopy(mo2c_data *d, const mo2c_arr *a, const char *where);

/* The whole simulator: parse argv (OpenModelica's flags), simulate, write results. Returns the exit code. */
int mo2c_main(const mo2c_model *model, int argc, char **argv);

#endif
