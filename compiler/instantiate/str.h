/*
 * str.h - String values: String parameters and constants, string concatenation and comparison, and the
 * String(x) conversion in the messages of assert and terminate (flatten_str.c, codegen_str.c).
 *
 * The model: a String value is known when the model is compiled. String parameters and constants are
 * evaluated by the front end (their bindings become literals), + of strings and comparisons of strings
 * are folded while flattening. Strings whose values are known only when the model runs (String(x) of a
 * variable, a user function's String result, joins and choices of them: mo_str_runtime) are built then,
 * where they are used: as String arguments of calls in a model (kept as expressions, printed by
 * mo_cg_string_arg), in relations (mo_str_rt_relation: == <> < <= > >=, strcmp in C: no events), and in
 * messages; a String variable given such a value by its equation is its expression (strvars.c). The
 * message of assert() and terminate() is a list of parts (mo_wstmt.msg), each of which is
 *   - an MO_EX_STRING literal (String parameters and constants already folded into it);
 *   - a conversion String(v, ...): an MO_EX_CALL named "String" whose a[0] is the value (Real, Integer,
 *     Boolean or enumeration) and whose named arguments are among significantDigits, minimumLength,
 *     leftJustified (numeric expressions) and format (folded into an MO_EX_STRING, already checked);
 *   - an if-expression whose branches are such literals (chosen at run time);
 *   - any other String built at run time (mo_str_runtime), printed as "%s".
 * String parameters are not result columns and cannot be overridden: their names are listed in the model
 * description (mo2c_model.string_params) so that -override can refuse them by name.
 */
#ifndef MO2C_STR_H
#define MO2C_STR_H

#include "aval.h"
#include "codegen.h"

/* flatten_str.c */

/* Hook of flatten_expr.c for a binary operator whose operands are flattened: 0 when neither operand is
 * a String (nothing done), 1 when folded into *out (+ concatenates, relations compare), -1 after an
 * error. */
int mo_str_binary(mo_front *fr, const mo_expr *e, const mo_aval *a, const mo_aval *b, mo_aval *out);
/* The value of relation op (==, <>, <, <=, >, >=) between Strings s and t (byte order, as strcmp). */
bool mo_str_compare(mo_op op, const char *s, const char *t);
/* The message of assert or terminate (fn names it in errors): the AST expression e flattened into
 * parts, appended to s->msg. false after an error. */
bool mo_str_message(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_wstmt *s, const char *fn);
/* After flattening: String parameters and constants get literal bindings, the comparisons and joins
 * mo_str_binary left for later are folded, and String values left in equations are reported. false
 * after an error. */
bool mo_str_finish(mo_front *fr);
/* The binding a String parameter or constant has while its binding is flattened (make_var): not known
 * yet, as opposed to no binding at all (""). */
mo_expr *mo_str_pending(void);
/* The value of a String expression known when the model is compiled (a literal, a String parameter or
 * constant, their concatenation, a choice by parameters), or NULL. */
const char *mo_str_value(const mo_flat *flat, const mo_expr *e);
/* Does e hold a String variable (not a parameter or constant)? */
bool mo_str_has_var(const mo_flat *flat, const mo_expr *e);
/* Can e be built when the model runs, as a String argument of a call in a model: known values,
 * String(v, ...) conversions (whose arguments it checks: an error said, and false), their concatenations
 * and choices by if-expressions (codegen_fn.c)? The
 * recursion follows + only, whose depth the front end bounds (STR_MAX_DEPTH). */
bool mo_str_runtime(const mo_flat *flat, const mo_expr *e);
/* Is e a relation (== <> < <= > >=) of two Strings? Those that reach the back end are built when the model
 * runs (mo_str_runtime: a function's String result, String(x) of a variable) and compared by
 * mo_cg_string_relation. */
bool mo_str_rt_relation(const mo_flat *flat, const mo_expr *e);
/* --flat: the parts of a message joined by " + ". */
void mo_str_print_message(mo_buf *b, const mo_flat *flat, const mo_wstmt *s);

/* The printf conversion of a String() call (without width and precision when they are run-time values):
 * computed and checked by flatten_str.c, used by codegen_str.c. */
typedef struct mo_str_conv {
    int type;                 /* MO_T_REAL, MO_T_INTEGER, MO_T_BOOLEAN or MO_T_ENUM (of the value) */
    const mo_class *enum_cls; /* MO_T_ENUM: the enumeration whose literal names are printed, or NULL
                               * when the value is a literal (then literal holds its name) */
    const char *literal;      /* the value's text when it is known (an enumeration literal), or NULL */
    const char *fixed;        /* the whole conversion when every argument is a literal: "%-12.3g" */
    const mo_expr *digits;    /* otherwise: significantDigits (Real) or NULL for the default */
    const mo_expr *width;     /*   minimumLength, or NULL for 0 */
    const mo_expr *left;      /*   leftJustified, or NULL for true */
} mo_str_conv;
/* format = "[%][flags][width][.precision]conversion" of String(x, format = f) for a value of type
 * (MO_T_REAL or MO_T_INTEGER): the C conversion rebuilt from its checked pieces, or NULL when it is not
 * one we accept (flags among "-+ 0#", width and precision at most two digits each). */
const char *mo_str_parse_format(const char *f, int type);
/* The conversion of a String() part of a message (precondition: made by mo_str_message). */
mo_str_conv mo_str_conv_of(const mo_flat *flat, const mo_expr *call);

/* codegen_str.c */

/* The arguments of mo2c_assert / mo2c_terminate for a message: a printf format (model text only ever in
 * it with % doubled, escaped by mo_cg_c_string), then the values of the conversions. */
void mo_cg_message(mo_cg *cg, mo_buf *o, const mo_wstmt *s);
/* A String argument of a call in the model (mo_str_runtime accepted it): a C string literal when it is
 * known, else built when the call runs. */
void mo_cg_string_arg(mo_cg *cg, const mo_expr *a);

/* The start of a generated function of the model (not of a part or a loop's function, which run inside
 * one): the Strings that the last evaluation built for calls are released, when the model builds any. */
void mo_cg_sreset(const mo_dae *dae, mo_buf *o);
/* The names of the String parameters and constants: a static array in defs, the model's fields in
 * fields (nothing when there are none). */
void mo_cg_string_params(const mo_dae *dae, mo_buf *defs, mo_buf *fields);

#endif
