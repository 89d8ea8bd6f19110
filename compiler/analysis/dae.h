/*
 * dae.h - the equation system of the back end, from the flat model to the sorted, solved blocks that
 * code generation prints.
 *
 * Stages (each a file, called in this order from main.c's pipeline):
 *   dae.c       mo_dae_build      flat model -> DAE: variables classified, der(v) made variables,
 *                                 alias equations removed (a = b, a = -b, a = constant)
 *   index.c     mo_dae_index      Pantelides (graph.h) + dummy derivatives: which variables are states
 *   sort.c      mo_dae_sort       matching + BLT (graph.h) of the ODE system and of the initial system
 *   solve.c     mo_dae_solve      each block solved: explicit assignment, linear or nonlinear loop
 *   codegen.c   mo_codegen        the C file
 *
 * Conventions:
 *   - dae->vars[i] for i < flat->vars.n is flat variable i (same index); variables appended after them
 *     are derivatives made by dae.c (der(x)) or by index reduction (der(der(x)), der(y)).
 *   - In DAE equations every der(v) has been replaced by MO_EX_VAR of the derivative variable
 *     (vars[v].der), so that every unknown is a plain variable; MO_EX_DER no longer occurs.
 *   - An equation is lhs = rhs; its residual is lhs - rhs.
 *   - Analysis results (matching, blocks) are kept beside the equations, not inside them.
 */
#ifndef MO2C_DAE_H
#define MO2C_DAE_H

#include "flat.h"

typedef enum mo_dkind {
    MO_DV_CONSTANT,
    MO_DV_PARAMETER,
    MO_DV_STATE,           /* integrated: a slot in x[] */
    MO_DV_DERIVATIVE,      /* der of a state: the same slot in dx[] */
    MO_DV_ALGEBRAIC,       /* computed by the sorted equations: a slot in y[] (dummy derivatives too) */
    MO_DV_ALIAS,           /* removed: equals +-alias_of, or alias_value */
    MO_DV_DISCRETE,        /* assigned in a when-clause: held between events, a slot in y (events.c) */
    MO_DV_PRE,             /* pre(pre_of) (init.c): known in the continuous system (the runtime's pre or
                            * pre_x slot of pre_of), an unknown of the initial system; no slot of its own */
    MO_DV_UNUSED           /* a derivative no equation mentions after folding (fold.c): no unknown, no
                            * slot, no result column */
} mo_dkind;

typedef struct mo_dvar {   /* (pointers, then ints, then flags: 72 bytes, a model has millions) */
    const char *name;          /* flat name; derivatives are named "der(x)", "der(der(x))" */
    mo_expr *alias_value;      /* kind MO_DV_ALIAS: this = a parameter expression or constant */
    /* attributes, after alias elimination merged onto the variable kept */
    mo_expr *start;            /* NULL = default (0) */
    mo_expr *nominal;
    int flat;                  /* index into flat->vars, or -1 for a derivative variable */
    mo_dkind kind;
    int der;                   /* the variable that is der(this), or -1 */
    int der_of;                /* the variable this is the derivative of, or -1 */
    int alias_of;              /* kind MO_DV_ALIAS: the variable kept, or -1 when alias_value is used */
    mo_state_select state_select;
    /* storage: index into x/dx (states, derivatives), y (algebraics), p (parameters, constants) */
    int slot;
    int pre;                   /* the variable pre(this) (MO_DV_PRE), or -1 */
    int pre_of;                /* MO_DV_PRE: the variable this is pre() of; else -1 */
    bool alias_negated;        /* kind MO_DV_ALIAS: this = -alias_of */
    bool fixed;
    bool unfixed_param;        /* a parameter with fixed = false or whose binding uses one: an unknown of
                                * the initial system (init.c), a known value everywhere else */
    bool structural;           /* a parameter whose value was used when the model was compiled (dae.c:
                                * structural if-expressions; eval.c: MO_VAR_EVALUATED): -override refuses it */
} mo_dvar;

typedef struct mo_deq {
    mo_expr *lhs, *rhs;        /* lhs = rhs over dae->vars */
    mo_loc loc;                /* source equation (or the connect / declaration that made it) */
    const char *instance;      /* instance path of its component */
    mo_eq_origin origin;
    int diff_of;               /* the equation this one is the time derivative of, or -1 */
    bool removed;              /* eliminated as an alias equation */
    bool initial;              /* belongs to the initial system only */
    bool assumed;              /* init_eqs: x = start added by mo2c for a state whose start is not fixed
                                * (the initial system had too few equations; shown by --dump) */
    bool alg_first;            /* the first pseudo-equation of its algorithm section (below) */
    /* An algorithm section with n unknown outputs is n pseudo-equations (alg.c), one per output, so that
     * matching and sorting treat it as one atomic block (11.1): pseudo-equation k is "out_k = out_k+1"
     * (cyclically), and the first also holds the section's inputs (mo_dae_eq_unknowns), so all of them
     * fall into one strongly connected component with n + 2n edges instead of n * n. They are never
     * alias equations, never differentiated, and matched to their outputs only. */
    int alg;                   /* 1 + index in dae->algs of the algorithm, 0 for an equation */
} mo_deq;

typedef enum mo_block_kind {
    MO_BLOCK_EXPLICIT,         /* vars[0] := solution */
    MO_BLOCK_LINEAR,           /* A z = b, solved by LU at run time */
    MO_BLOCK_NONLINEAR,        /* F(z) = 0, solved by Newton at run time */
    MO_BLOCK_ALGORITHM         /* the pseudo-equations of algorithm section alg: its statements, in place */
} mo_block_kind;

/* The torn form of an algebraic loop (solve.c): the tear variables are iterated, the others computed
 * explicitly. */
typedef struct mo_torn {
    int ntear;                 /* number of tear variables (= residual equations); 0 = no tearing */
    int *tear_vars;            /* ntear unknowns iterated by the solver */
    int *res_eqs;              /* ntear residual equations */
    int ninner;                /* explicit assignments inside the loop, in order */
    int *inner_vars;
    mo_expr **inner_solutions;
    int *inner_eqs;            /* the equation each inner assignment solves (solve.c) */
    /* the Jacobian d res / d tear in forward mode (solve.c): assignment k < ninner, and residual r as
     * k = ninner + r, reads the unknowns jac_var[jac_start[k] .. jac_start[k + 1]) (j < ntear: tear
     * variable j, else inner variable j - ntear) with partial derivatives jac_d[..]; column c of the
     * Jacobian is one pass over them in order, seeded with tear variable c, so its size is linear in the
     * loop's (the chain rule written out per entry grows exponentially along a ladder network).
     * jac_start NULL: no symbolic Jacobian (finite differences) */
    int *jac_start, *jac_var;
    mo_expr **jac_d;
    int loop_alg;              /* MO_BLOCK_NONLINEAR through an algorithm section (solve.c): 1 + its
                                * index in dae->algs, run after the tear variables are set; else 0 */
} mo_torn;

/* The torn form of every block that is not a torn loop: all zeros, shared (never written). */
extern mo_torn mo_torn_none;

/* A block is small (48 bytes): a model of 10^6 equations has as many blocks in each of its systems,
 * nearly all explicit, so what only loops need is apart (torn). */
typedef struct mo_block {
    mo_block_kind kind;
    int n;                     /* number of equations = number of unknowns */
    int *eqs;                  /* n equation indices (into dae->eqs) */
    int *vars;                 /* n unknowns (into dae->vars), vars[i] matched to eqs[i] */
    mo_expr *solution;         /* MO_BLOCK_EXPLICIT: the value of vars[0] */
    mo_torn *torn;             /* loops: their torn form; never NULL (&mo_torn_none when not torn) */
    int alg;                   /* MO_BLOCK_ALGORITHM: index in dae->algs */
} mo_block;

/* An algorithm section in the back end (alg.c): the flat section's statements over DAE variables. */
typedef struct mo_dalg {
    const mo_falg *src;        /* the flat section: location, instance, initial, outputs (outs) */
    mo_astmt_list body;        /* its statements, der(v) lowered to the derivative variable, and every
                                * relation that reads an output the section assigns more than once, or
                                * reads before assigning it, inside noEvent() (its value depends on
                                * where in the section it is evaluated, so it cannot be frozen between
                                * events as one value with one zero-crossing function) */
    int nin, *ins;             /* the variables the statements outside when-statements, asserts and
                                * terminate read (not through pre()), outputs left out: what the
                                * section needs computed before it in the continuous system */
    int ninit, *init;          /* outputs that may be read before the section assigns them, or be left
                                * unassigned: set first to their start value (continuous) or pre value
                                * (discrete, at events) (11.1.2) */
    int first, neq;            /* its pseudo-equations: [first, first + neq) of dae->eqs, or of
                                * dae->init_eqs for an initial section; neq = its unknown outputs */
    bool has_when;             /* it holds when-statements */
    bool has_assert;           /* ... asserts outside when-statements */
    bool has_terminate;        /* ... terminate */
    bool params;               /* an initial section computing parameters (fixed = false) from
                                * parameters: it runs at the end of init_params */
} mo_dalg;

typedef struct mo_system {
    MO_VEC(mo_block) blocks;   /* in evaluation order */
} mo_system;

/* A state choice of index reduction (index.c): nr differentiated equations (rows) that fix nr of their
 * nc candidate variables (cols), the highest derivatives at one level of the dummy derivative method.
 * cols[0 .. nr) are the dummies chosen at the start values (their integrals are not states), cols[nr
 * .. nc) the others; the choice stays good while the rows' Jacobian against the dummies is regular
 * (codegen_dss.c watches it during the run). Only components with a choice (nc > nr) are kept. */
typedef struct mo_dset {
    int nr, nc;
    int *rows;                 /* into dae->eqs */
    int *cols;                 /* into dae->vars */
    /* A state set (stateset.c, mo_dae_state_sets): every candidate is a dummy, and nk = nc - nr set states
     * sset[i] (with their derivatives) take the place of the kept ones: sset[i] = q_k, der(sset[i]) =
     * cols[k - 1], q_k the integral of cols[k - 1], k the value of the discrete selector ksel[i] (1 +
     * an index into cols; at the start nr + i + 1, the static choice), which the run switches
     * (codegen_dss.c). nk = 0: a static choice, watched. */
    int nk;
    int *sset, *ksel;          /* nk variables each (NULL while nk = 0) */
} mo_dset;

typedef struct mo_dae {
    const mo_flat *flat;
    MO_VEC(mo_dvar) vars;
    MO_VEC(mo_deq) eqs;        /* the continuous-time equations (index-reduced after mo_dae_index) */
    MO_VEC(mo_deq) init_eqs;   /* initial equations and the equations made from fixed start values */
    int nx, ny, np;            /* slot counts */
    mo_system ode;             /* computes every derivative and algebraic from time, states, parameters */
    mo_system init;            /* computes states, derivatives and algebraics at the start time */
    MO_VEC(int) init_checks;   /* redundant initial equations left out of init (sort.c; mo_block_eq
                                * numbering): the simulator checks after initialization that they hold */
    MO_VEC(mo_dalg) algs;      /* algorithm sections, in the order of flat->algs (alg.c) */
    int *param_order;          /* parameters and constants in dependency order of their bindings */
    int nparam_order;
    MO_VEC(int) inputs;        /* the model's top-level inputs (variables), in declaration order: input k
                                * has the equation v = MO_INPUT_FN(k) (sym.h), its value the simulator's */
    int ndelay;                /* delay() call sites, numbered 1..ndelay in their nodes' func_el (dae.c) */
    double *fold_vals;         /* dae.c: parameter values for folding structural if-expressions, or NULL
                                * until the first one */
    unsigned char *seen;       /* dae.c: mo_expr_collect_vars' workspace (all 0 between uses), seen_cap
                                * entries: one for every call, which each folded parameter and structural
                                * if-expression makes (one array per call was quadratic memory) */
    int seen_cap;
    MO_VEC(mo_dset) dsets;     /* the state choices of index reduction (index.c), level by level */
} mo_dae;

/* ---- stage entry points (each returns NULL / non-zero after reporting errors) ---- */
/* funcdiff.c, right after flattening: the bodies of partial derivatives of functions (f = der(g, u),
 * 12.7.2), g inlined and differentiated; false after an error */
bool mo_func_partials(mo_flat *flat);
mo_dae *mo_dae_build(const mo_flat *flat);                  /* dae.c */
int mo_dae_index(mo_dae *dae);                               /* index.c */
/* stateset.c: make the state choices whose Jacobian varies state sets (mo_dset.nk), switched during the run
 * (on by default), or not (--no-state-sets: static choices, which the run stops on where they degenerate) */
void mo_dae_state_sets(bool on);
int mo_dae_sort(mo_dae *dae);                                /* sort.c */
int mo_dae_solve(mo_dae *dae);                               /* solve.c */
int mo_codegen(FILE *out, const mo_dae *dae);                /* codegen.c */
void mo_codegen_no_loops(void);   /* codegen_loops.c (--no-loops): no loops over repeated equations */
/* codegen_xml.c: <exe>_init.xml and <exe>_info.json (OpenModelica's layouts) written to xml and json;
 * false when a write failed */
bool mo_codegen_info(const mo_dae *dae, FILE *xml, FILE *json);
/* build.c: compile the C file into an executable with $CC (default cc) and the runtime. */
int mo_build_executable(const char *c_file, const char *exe, const char *argv0);
/* build.c: the command (shell words) that compiles c_file of the given size into exe as a whole, with
 * the runtime found from argv0 and $CC; NULL when the runtime is not there. */
const char *mo_build_command_line(const char *argv0, const char *c_file, const char *exe, long long bytes);
/* codegen_write.c: the files mo_codegen writes next are meant for c_file, to be built into exe by mo2c
 * run as argv0: their header shows the real compile line (else a generic one). */
void mo_codegen_target(const char *argv0, const char *c_file, const char *exe);
/* The same, with a line per compilation (wall and CPU time, peak memory) on stderr when stats is set.
 * Uses malloc only: it may run after mo_arena_free_all. */
int mo_build_executable_stats(const char *c_file, const char *exe, const char *argv0, bool stats);

/* check.c: consistency checks between stages (debug builds call it after each stage; a failure is an
 * internal error naming the stage). */
void mo_dae_check(const mo_dae *dae, const char *stage);

/* ---- algorithm sections (alg.c) ---- */
/* Builds dae->algs from the flat sections and appends their pseudo-equations (see mo_deq.alg) to
 * dae->eqs and dae->init_eqs; lower maps an expression of the flat model to the DAE's (der() lowered),
 * NULL after an error. Called by mo_dae_build after classification and lowering. False after errors. */
bool mo_dae_algs(mo_dae *dae, mo_expr *(*lower)(mo_dae *dae, const mo_expr *e));
/* Calls f on every statement of l and of the bodies in it, depth first in program order; in_when says
 * whether the statement is inside a when-statement. */
void mo_astmt_walk(const mo_astmt_list *l, void (*f)(void *ctx, const mo_astmt *s, bool in_when), void *ctx,
                   bool in_when);
/* Calls f on each expression of s itself (values, conditions, an assert's condition and message
 * parts), not on those of the statements in its bodies. */
void mo_astmt_exprs(const mo_astmt *s, void (*f)(void *ctx, const mo_expr *e), void *ctx);

/* ---- dumps behind --dump=dae|match|blt (dump.c) ---- */
void mo_dae_dump(FILE *out, const mo_dae *dae, const char *what);

/* The equation numbered eq in a block of sys (solve.c). Convention for block equation numbers: in
 * dae->ode they index dae->eqs; in dae->init, eq < dae->eqs.n is dae->eqs.v[eq] and eq >= dae->eqs.n is
 * dae->init_eqs.v[eq - dae->eqs.n]. */
const mo_deq *mo_block_eq(const mo_dae *dae, const mo_system *sys, int eq);

/* ---- symbolic helpers (expr.c, diff.c) ---- */
const char *mo_dae_var_name(void *dae, int var);             /* for mo_expr_print */
mo_expr *mo_simplify(mo_expr *e);                            /* constant folding, x*1, x+0, ... */
/* d/dt of e over the DAE: der(v) becomes the variable vars[v].der, created (named "der(v)") when
 * missing; parameters and constants have derivative 0; time has 1. NULL (after an error at e's
 * location) for what cannot be differentiated. */
mo_expr *mo_diff_time(mo_dae *dae, const mo_expr *e);
/* d e / d var (partial), for Jacobians and for solving; NULL when not differentiable. */
mo_expr *mo_diff_var(const mo_expr *e, int var);
/* the same, a user function's call free of var being 0 (mo_diff_var leaves such a Jacobian entry to
 * differences: see diff_user) */
mo_expr *mo_diff_var_pure(const mo_expr *e, int var);
/* d/dt of e, an expression of the body of fn whose slot s has the derivative slot dslot[s] (-1: none,
 * the slot is constant or not Real): arrays whole; NULL when not differentiable (nothing reported).
 * Functions it calls without a derivative get one made from their bodies, added to flat. */
mo_expr *mo_diff_fn(mo_flat *flat, const mo_func *fn, const int *dslot, const mo_expr *e);
/* funcad.c: f's derivative function made from its body, f_der(inputs, derivatives of the Real inputs) =
 * the derivatives of its Real outputs, added to flat and set as f->derivative (the first time; NULL when
 * f's body cannot be differentiated so: an external function, a statement or expression diff.c cannot
 * differentiate). */
const mo_func *mo_func_auto_der(mo_flat *flat, const mo_func *f);
/* Does var occur in e? */
bool mo_expr_has_var(const mo_expr *e, int var);
/* Solve lhs = rhs for var when it occurs linearly (coefficient not depending on var): returns the
 * expression for var, or NULL when var occurs nonlinearly. */
mo_expr *mo_solve_for(const mo_expr *lhs, const mo_expr *rhs, int var);
/* Numeric value of e with MO_EX_VAR v taking values[v] (values may be NULL: then any variable makes
 * *ok false, which evaluates constant expressions only). *ok becomes false for what cannot be
 * evaluated (time, strings, unknown functions); it is never set to true, so one flag can span calls. */
double mo_eval(const mo_expr *e, const double *values, bool *ok);
/* mo_eval that also runs the calls of user-defined functions (fneval.c), for the values of parameters
 * bound by such calls (the MSL's Spice3 models compute their resistances in functions); a variable whose
 * value is NaN (not known at compile time) makes *ok false, so that no condition decides on it. */
double mo_eval_fns(const mo_expr *e, const double *values, bool *ok);
/* mo_eval_fns with time given (solve.c: values at the start time). */
double mo_eval_fns_at(const mo_expr *e, const double *values, double time, bool *ok);

#endif
