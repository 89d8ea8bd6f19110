/*
 * sym.h - the symbolic toolkit shared by the back end's symbolic files (expr.c, exprlin.c, diff.c, solve.c,
 * codegen*.c): simplifying constructors, structural tests and the names of the built-in functions.
 *
 * Expressions are the shared mo_expr trees of ast.h. The constructors never modify their operands and
 * may share them (trees built here are DAGs in memory; nothing mutates a node after building it).
 * Every constructor folds constants and applies the 0/1 identities, so derivatives and solutions stay
 * readable without a separate pass.
 */
#ifndef MO2C_SYM_H
#define MO2C_SYM_H

#include "dae.h"

/* Leaves. */
mo_expr *mo_sym_num(mo_loc loc, double v);
mo_expr *mo_sym_num01(int one);   /* a shared node for 0 (one = 0) or 1, without a location */
mo_expr *mo_sym_var(mo_loc loc, int var);

/* Simplifying constructors (a, b are not modified). */
mo_expr *mo_sym_add(mo_expr *a, mo_expr *b);
mo_expr *mo_sym_sub(mo_expr *a, mo_expr *b);
mo_expr *mo_sym_mul(mo_expr *a, mo_expr *b);
mo_expr *mo_sym_div(mo_expr *a, mo_expr *b);
mo_expr *mo_sym_pow(mo_expr *a, mo_expr *b);
mo_expr *mo_sym_neg(mo_expr *a);
mo_expr *mo_sym_binary(mo_loc loc, mo_op op, mo_expr *a, mo_expr *b); /* any operator */
mo_expr *mo_sym_call(mo_loc loc, const char *fn, int n, mo_expr **args); /* fn: built-in name */
mo_expr *mo_sym_call1(mo_loc loc, const char *fn, mo_expr *a);
mo_expr *mo_sym_if(mo_loc loc, mo_expr *cond, mo_expr *then_, mo_expr *else_);

/* Is e a numeric literal (real, integer or boolean)? Its value in *v. */
bool mo_sym_is_num(const mo_expr *e, double *v);
/* Structural equality (same shape, same variables, same literal values). */
bool mo_expr_equal(const mo_expr *a, const mo_expr *b);
/* The name of the function an MO_EX_CALL calls, with a leading "Modelica.Math." removed so that
 * Modelica.Math.sin and sin are the same built-in; NULL when the callee is not a plain name or is a
 * user-defined function (call->func): those are never folded, compared or treated as built-ins. */
const char *mo_sym_fn_name(const mo_expr *call);
/* The value of top-level input k of the model at the time of the evaluation: the call MO_INPUT_FN(k),
 * which dae.c makes the equation of each top-level input (a name no Modelica text can call); the
 * simulator reads the inputs (codegen: mo2c_input). mo_sym_is_input: is e such a call? */
#define MO_INPUT_FN "$input"
bool mo_sym_is_input(const mo_expr *e);
/* Every variable occurring in e, each once, appended to *out (seen[] is caller workspace of
 * dae->vars.n entries, all 0 on entry and on return). */
typedef MO_VEC(int) mo_int_vec;
void mo_expr_collect_vars(const mo_expr *e, unsigned char *seen, mo_int_vec *out);
/* f(ctx, v) for every variable reference v in e outside pre() (a value from before the event), named
 * arguments included, in no particular order; der(v) of a variable gives f(ctx, MO_READ_DER(v)) (< 0)
 * instead, the value read being the derivative's, not v's. *stack is the caller's workspace (an
 * explicit stack, so no recursion grows with e). What a when-clause reads at its event (events.c; for
 * whenorder.c, codegen_reads.c). */
#define MO_READ_DER(v) (-2 - (v))
typedef MO_VEC(const mo_expr *) mo_expr_stack;
void mo_expr_each_var_now(const mo_expr *e, mo_expr_stack *stack, void (*f)(void *ctx, int v), void *ctx);
/* Variable v appended to *out unless seen[v] (then marked): the leaf step of such collections. */
void mo_expr_note_var(int v, unsigned char *seen, mo_int_vec *out);
/* Replace every MO_EX_VAR v with (sub[v] ? sub[v] : the variable), simplifying. */
mo_expr *mo_expr_subst(const mo_expr *e, mo_expr *const *sub);

/* Linear decomposition: e = coef * var + rest with coef and rest free of var. False when var occurs
 * nonlinearly (then *coef and *rest are unspecified). */
bool mo_sym_linear(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest);
/* What the elements of each array of choices (x[k], flat.h) read, listed once per array for a pass that
 * asks about many variables: mo_sym_linear and mo_expr_has_var walked the N elements at each of M
 * references, and mo_sym_linear copied them, N M (364 MB at N = 2000 in VarSubscripts.Shifted). An
 * array is found by its address, so the expressions must not change under it while it is in use
 * (nothing mutates a node after building it: above). Zero it, then set seen to nvars zeroed bytes (the
 * variables of the DAE; workspace, all 0 again between calls). */
typedef struct mo_sym_arrays {
    mo_map ids;               /* the array of elements (its address) -> its number + 1 */
    MO_VEC(int) start;        /* array -> its first variable in vars (n + 1 entries) */
    mo_int_vec vars;          /* the variables each array's elements read, sorted, each once per array */
    unsigned char *seen;
} mo_sym_arrays;
/* mo_sym_linear and mo_expr_has_var reading the arrays of choices through arrays (NULL: walking them). */
bool mo_sym_linear_in(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *arrays);
bool mo_sym_has_var_in(const mo_expr *e, int var, mo_sym_arrays *arrays);
/* Does an element of arr (the MO_EX_ARRAY of an x[k]) read var? */
bool mo_sym_array_has_var(mo_sym_arrays *arrays, const mo_expr *arr, int var);
/* Variables in which e is not linear for a reason seen at one node (read by a condition, a denominator,
 * a call or a relation), each once, appended to *out (seen[] as for mo_expr_collect_vars): mo_sym_linear
 * is false for each of them, in one walk of e where asking mo_sym_linear about each variable walks e
 * once per variable (N^2 for an if-expression of N branches, each condition reading a variable of its
 * own: a state machine's merged equation). Not every such variable: one in both factors of a product
 * is not listed. */
void mo_sym_nonlinear_vars(const mo_expr *e, unsigned char *seen, mo_int_vec *out);
/* Is e affine in the variables marked in in_set (coefficients free of them)? */
bool mo_sym_affine(const mo_expr *e, const unsigned char *in_set);
/* The nodes mo_sym_affine and mo_sym_reads_any visited so far: --stats reports it after solve, so that a
 * test sees its growth with an expression's length (linear) without timing it. */
long long mo_sym_affine_nodes(void);
/* Does e read a variable v with in_set[v] set? */
bool mo_sym_reads_any(const mo_expr *e, const unsigned char *in_set);

/* funcdiff.c: calls of user-defined functions (mo_expr.func). The call of the derivative annotation
 * with dargs[s] the derivative of argument s (Real input slots; partial: with respect to a variable,
 * else with respect to time), or NULL when there is none usable; the call's value inlined as an
 * expression of its arguments, or NULL when the algorithm is not a chain of single assignments. */
mo_expr *mo_func_der_call(const mo_expr *call, mo_expr *const *dargs, bool partial);
mo_expr *mo_func_inline(const mo_expr *call);
/* The time derivative of a call of f with mo_func.derivative2: dtail[j] the derivative of f's argument
 * nin(f) - k + j (k = nin(g_der2) - nin(f)). */
mo_expr *mo_func_der2_call(const mo_expr *call, mo_expr *const *dtail);
/* funcinline.c: for a function with mo_func.inline_arrays, the call's value (its element func_el)
 * computed through array values from its arguments, or NULL when the body holds what is not done there. */
mo_expr *mo_func_inline_arrays(const mo_expr *call);

#endif
