/*
 * daeutil.h - helpers shared by the analysis stages of the back end (dae.c, index.c, sort.c, dump.c,
 * diff.c, codegen*.c): derivative variables, alias resolution, locations and texts for messages, the
 * unknowns of an equation, parameter ordering and the numeric values of variables at the start (for
 * state selection and start checks).
 * Implemented in daeutil.c. Nothing here is part of the contract with the symbolic half (dae.h).
 */
#ifndef MO2C_DAEUTIL_H
#define MO2C_DAEUTIL_H

#include "dae.h"
#include "sym.h"

/* A new variable named name (interned here) of kind, every link -1, appended to dae->vars; its index. */
int mo_dae_add_var(mo_dae *dae, const char *name, mo_dkind kind);

/* e with f(ctx, operand) for each operand (positional and named), copied only when one changed (most
 * of a big model's expressions come back as they are); NULL when f returns NULL for one. A variable or
 * a leaf is returned as it is. */
mo_expr *mo_dae_map_operands(const mo_expr *e, mo_expr *(*f)(void *ctx, const mo_expr *x), void *ctx);

/* funcdiff.c: after index reduction, every call of a function whose annotation asks for inlining
 * (mo_func.inline_late) and whose body mo_func_inline can expand replaced by its value, in the
 * equations and initial equations, so that sorting and the Jacobians see what the value depends on
 * (Blocks.Interfaces.Adaptors.Functions.state1({x, dx}, time) is x). */
void mo_dae_inline(mo_dae *dae);

/* hidden.c: before index reduction, one equation of each pair of linear equations with constant
 * coefficients whose unknowns without a derivative have proportional coefficients replaced by their
 * difference, a constraint on the differentiated unknowns that the structure alone does not show (a
 * zero-sequence inductor in an open star: i0 = 0). Returns how many were replaced. */
int mo_dae_hidden(mo_dae *dae);

/* The variable der(v), appended when missing (named "der(name)", kind MO_DV_ALGEBRAIC, der_of = v);
 * index reduction and symbolic differentiation (diff.c) both make them here. */
int mo_dae_new_der(mo_dae *dae, int v);

/* fold.c: the parameters folded into the equations (annotation Evaluate = true, final bindings of
 * literals), as var -> literal (NULL for the others), or NULL when there are none; each is marked
 * structural. Before the equations are lowered. */
mo_expr **mo_dae_fold_params(mo_dae *dae);
/* fold.c: after alias elimination, derivatives that no equation mentions any more dropped
 * (MO_DV_UNUSED), their variables no longer differentiated. */
void mo_dae_drop_unused_ders(mo_dae *dae);
/* dae.c: the parameters c depends on, through their bindings too, marked structural. */
void mo_dae_mark_structural(mo_dae *dae, const mo_expr *c);

/* dae.c: e with der(v) replaced by the derivative variable (made when missing) and der(expr) expanded;
 * NULL after an error. */
mo_expr *mo_dae_lower_der(mo_dae *dae, const mo_expr *e);

/* init.c: the initial system's own unknowns and equations (pre() as variables, when-equations at
 * initialization, pre(v) equations, parameters with fixed = false), after alias elimination; sub is
 * alias elimination's substitution (flat variable -> its value, or NULL). False after errors. */
bool mo_dae_init_build(mo_dae *dae, mo_expr *const *sub);
/* init.c: the branch of w active at initialization (initial() its condition or an element of it), or
 * -1; *only_eqs: its statements are all assignments and reinits, which the initial system solves (the
 * initial event then does not fire it again: an impure function would be called twice, codegen_events.c) */
int mo_init_when_branch(const mo_fwhen *w, bool *only_eqs);
/* init.c: marks the parameters with fixed = false and those whose bindings use them (unfixed_param)
 * and adds their bindings to the initial equations; before alias elimination, which must not take
 * them for known values. Requires param_order. */
void mo_dae_init_params(mo_dae *dae);
/* init.c: the variable pre(v), made when missing. */
int mo_dae_pre_var(mo_dae *dae, int v);
/* init.c: is v discrete-time (assigned in a when-clause, Boolean, Integer, enumeration or declared
 * discrete)? Its pre() is then given by its start value at initialization, not by v itself. */
bool mo_dae_discrete_time(const mo_dae *dae, int v);
/* Is v an unknown of the initial system: an unknown of the continuous system, a discrete variable, a
 * pre() variable or a parameter with fixed = false (init.c)? */
bool mo_dae_is_init_unknown(const mo_dae *dae, int v);

/* Follows v through its alias (dae.c points each alias at the variable kept, so the chain has one
 * link; longer chains are followed all the same, a cycle is a bug). Returns the variable kept, or -1
 * when the alias is by value. The optional outputs: *negated, whether v = -kept (or -value); *value,
 * the alias_value of an alias by value (else NULL); *last, the last alias on the way (v itself when v
 * is no alias). A v that is no alias (or v < 0) is returned as it is. */
int mo_dae_resolve(const mo_dae *dae, int v, bool *negated, const mo_expr **value, int *last);

/* Is v an unknown of the continuous system (state, derivative or algebraic, not an alias)? */
bool mo_dae_is_unknown(const mo_dae *dae, int v);

/* index.c: how much we want the integral of column variable c of a choice of index reduction to stay a
 * state (its stateSelect, then fixed start values, then declared before made by the compiler): larger
 * is kept first */
int mo_dae_keep_score(const mo_dae *dae, int c);
/* demote.c: the states the dummy derivatives leave over (a level whose rank comes from a variable that
 * is no derivative) made dummies, the least wanted first, never a set's state; dummy grows */
void mo_dae_demote_states(mo_dae *dae, unsigned char *dummy);

/* stateset.c: a choice of index reduction for one component (rows; cols with colpos[cols[j]] = j + 1;
 * chosen[i]: row i's dummy, an index into cols; start: the start values; reinit: mo_dae_reinit_targets's
 * flags) recorded: dummy[] marks its dummies (with every candidate of the state sets made of it),
 * dae->dsets gets what the run watches or switches. seen, vs: workspace (mo_dae_eq_unknowns). */
void mo_dae_record_choice(mo_dae *dae, const int *rows, int nr, const int *cols, int nc, const int *chosen,
                          const int *colpos, const double *start, const unsigned char *reinit, unsigned char *seen,
                          mo_int_vec *vs, unsigned char *dummy);
/* The kinds of a partial derivative of a choice's row against a dummy: absent or 0, a nonzero constant
 * (parameters only, nonzero at the start values), varying, not available (the partial derivative of a
 * medium's derivative function against its own derivative inputs), a parameter expression 0 at the start
 * values (taken as varying in a pattern). */
enum { MO_PAT_ZERO, MO_PAT_CONST, MO_PAT_OTHER, MO_PAT_NA, MO_PAT_PARAM0 };
/* stateset.c: is the n x n pattern pat (row-major, MO_PAT_ kinds) of a choice's rows against its dummies
 * triangular, under some order, with available entries on its diagonal? 0: no; 1: yes, the diagonal
 * nonzero constants (the choice can never degenerate); 2: yes, some pivot varies. */
int mo_dae_triangular(const unsigned char *pat, int n);
/* stateset.c: the partial derivatives of a choice's rows against its candidates, row by row (row i's in ents[rstart[i] .. rstart[i + 1])): the candidate's index in cols, its kind (MO_PAT_*: MO_PAT_NA, not available; those
 * that are 0 are left out), the expression. start: the start values, for parameter expressions. */
typedef struct mo_dae_pent {
    int j;
    unsigned char kind;
    mo_expr *d;
} mo_dae_pent;
typedef MO_VEC(mo_dae_pent) mo_dae_pent_vec;
/* (colpos[v]: v's column + 1, 0 for the others; seen, vs: workspace, mo_dae_eq_unknowns) */
void mo_dae_row_partials(const mo_dae *dae, const int *rows, int nr, const int *colpos, const double *start,
                         unsigned char *seen, mo_int_vec *vs, mo_dae_pent_vec *ents, int *rstart);
/* stateset.c: flags over dae->vars (as they are now): the variable is the target of a reinit in a
 * when-clause (through an alias: the variable kept) */
unsigned char *mo_dae_reinit_targets(const mo_dae *dae);
/* stateset.c: the variables and equations of the sets (dsets with nk > 0) that index.c marked, made after
 * its levels (which size their workspace by the variables then); *dummy (index.c's dummy flags) grows
 * to the new variables, none of them a dummy. */
void mo_dae_make_state_sets(mo_dae *dae, unsigned char **dummy);

/* Does e change during the run (a variable that is no parameter or constant, or time)? */
bool mo_dae_expr_varies(const mo_dae *dae, const mo_expr *e);

/* Where to point at for variable v: its declaration, or for der(x) the declaration of x. */
mo_loc mo_dae_var_loc(const mo_dae *dae, int v);

/* "lhs = rhs" of an equation, for messages and dumps: appended to b (mo_dae_eq_put, which leaves
 * nothing behind when b is reused: code generation prints one per equation; max > 0: it may stop once b
 * holds max bytes, for a text to be cut there, mo_expr_print_max) or as a new string. */
void mo_dae_eq_put(const mo_dae *dae, mo_buf *b, const mo_deq *eq, size_t max);
const char *mo_dae_eq_text(const mo_dae *dae, const mo_deq *eq);
/* The same for a diagnostic: its first MO_DAE_TEXT_CAP bytes, then " ..." when longer (the flow sum of a
 * connection set of 200,000 members is 3 MB of text: one note of it buried the message). */
enum { MO_DAE_TEXT_CAP = 300 };
const char *mo_dae_eq_brief(const mo_dae *dae, const mo_deq *eq);

/* The variables of an equation, each once, appended to *out, with the inputs of an algorithm section
 * on its first pseudo-equation when inputs (dae.h). seen[] is caller workspace of dae->vars.n entries,
 * all 0 on entry and on return. */
void mo_dae_eq_vars(const mo_dae *dae, const mo_deq *eq, bool inputs, unsigned char *seen, mo_int_vec *out);
/* The unknowns (mo_dae_is_unknown) of an equation, each once, appended to *out. seen[] is caller
 * workspace of dae->vars.n entries, all 0 on entry and on return. */
void mo_dae_eq_unknowns(const mo_dae *dae, const mo_deq *eq, unsigned char *seen, mo_int_vec *out);
/* mo_dae_eq_unknowns as index reduction sees them: a call of a function that mo_dae_inline will inline
 * depends on what its body reads, not on every argument (Move's position({phi, w, a}, time) is phi),
 * so that the structure index reduction works on is the one sorting sees after inlining. Alias
 * elimination must see every variable (it substitutes them): it uses mo_dae_eq_unknowns. */
void mo_dae_eq_deps(const mo_dae *dae, const mo_deq *eq, unsigned char *seen, mo_int_vec *out);
/* The same without the inputs of an algorithm section's pseudo-equation: the unknowns the equation may
 * be matched to (an algorithm computes its outputs, it is never solved for its inputs). */
void mo_dae_eq_matchable(const mo_dae *dae, const mo_deq *eq, unsigned char *seen, mo_int_vec *out);

/* Choices as one node. x[k + i] over the N elements of x (flat.h) would give each reference N edges in
 * an incidence graph, N M for M references (quadratic: 800 MB at N = 2000). The graphs of alias
 * elimination, index reduction and sorting instead take each distinct array of elements, which its
 * references share (flatten_ref.c), as one choice whose variables are listed once. A choice is found by
 * the array's address; one mo_dae_choices serves one way of reading (one how, below). Zero it, then set
 * dae. */
typedef struct mo_dae_choices {
    const mo_dae *dae;
    int n;                       /* choices so far, numbered 0 .. n-1 */
    mo_map ids;                  /* the array of elements (its address) -> its number + 1 */
    MO_VEC(int) start;           /* choice -> its first variable in vars (n + 1 entries) */
    mo_int_vec vars;             /* the variables of each choice's elements, each once per choice */
    MO_VEC(unsigned) stamp;      /* choice -> the call of mo_dae_eq_incidence that last listed it */
    unsigned cur;
    bool late;                   /* the elements read as MO_INC_LATE says */
    unsigned char *seen;         /* workspace, seen_n entries */
    int seen_n;
} mo_dae_choices;
/* The number of the choice whose elements are arr (an MO_EX_ARRAY), made on first sight. */
int mo_dae_choice_id(mo_dae_choices *ch, const mo_expr *arr);
/* The variables of choice id's elements (*n of them), unfiltered. */
const int *mo_dae_choice_vars(const mo_dae_choices *ch, int id, int *n);
/* The incidence of an equation, each variable once, appended to *out; how is a set of:
 *   MO_INC_INPUTS    the inputs of an algorithm section on its first pseudo-equation (dae.h);
 *   MO_INC_UNKNOWNS  only the unknowns (mo_dae_is_unknown);
 *   MO_INC_LATE      a call of a function that mo_dae_inline will inline read through its body (not in
 *                    algorithm sections).
 * With ch, each x[k] over an array of elements whose variables are MO_CHOICE_NODE_MIN or more is its
 * choice, appended to *chout once per equation, its index's variables to *out; without ch, and for the
 * smaller choices (a logic table indexed by a signal: the graphs stay as they were, down to the order
 * sorting finds), its elements' variables are variables like any other. seen[] is caller
 * workspace of dae->vars.n entries, all 0 on entry and on return. The four functions above are this
 * function without ch. */
enum { MO_INC_INPUTS = 1, MO_INC_UNKNOWNS = 2, MO_INC_LATE = 4 };
enum { MO_CHOICE_NODE_MIN = 16 };
void mo_dae_eq_incidence(const mo_dae *dae, const mo_deq *eq, unsigned how, unsigned char *seen, mo_int_vec *out,
                         mo_dae_choices *ch, mo_int_vec *chout);

/* Equation number eq in the numbering of dae->init blocks: dae->eqs first, then dae->init_eqs. */
const mo_deq *mo_dae_eq_at(const mo_dae *dae, int eq);

/* Notes for a structural error: one note per equation / variable (at its source location), the first
 * MO_DAE_NOTE_CAP of them, then "and N more". what follows the name, e.g. "is not matched".
 * Equations are numbered as for mo_dae_eq_at. */
enum { MO_DAE_NOTE_CAP = 10 };
void mo_dae_note_eqs(const mo_dae *dae, const int *eqs, int n, const char *what);
void mo_dae_note_vars(const mo_dae *dae, const int *vars, int n, const char *what);

/* Orders parameters and constants so that each binding comes after the ones it uses (Kahn's
 * algorithm, linear); sets dae->param_order. A cycle is an error naming the parameters on it.
 * Returns 0, or 1 after an error. */
int mo_dae_order_params(mo_dae *dae);

/* Values of all variables at the start, for numeric decisions of the compiler (never for the
 * simulation): parameters and constants from their bindings in param_order (else their start),
 * unknowns from their start attributes (0 when absent), aliases from what they alias. NaN where an
 * expression cannot be evaluated at compile time. Requires param_order. */
double *mo_dae_start_values(const mo_dae *dae);
/* startprop.c: mo_dae_start_values, then the unknowns that the equations give explicitly (or linearly)
 * from the parameters and the seed variables (seed[v]: keeps its start value) computed from them, in
 * the order of dependence: a point that fits the equations as far as they can be solved one at a time,
 * for the compiler's numeric decisions (never for the simulation). Linear in the equations' size. */
double *mo_dae_propagated_values(const mo_dae *dae, const unsigned char *seed);

/* The location of the model as a whole (its class), for errors about the model. */
mo_loc mo_dae_model_loc(const mo_dae *dae);

#endif
