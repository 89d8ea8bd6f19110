/*
 * func.h - internal API of the user-defined functions (functions.c, funcall.c, funcdiff.c,
 * codegen_fn.c). The hooks that shared stages call are declared in their own headers: inst.h
 * (flatten.c), sym.h (diff.c), codegen.h (codegen*.c), flat.h (flatprint.c).
 *
 * Contexts: an expression is resolved either in a model (an instance and the class whose text holds it:
 * flatten.c resolves its names) or in the body of a function (names are the function's slots, then
 * constants and enumeration literals found by lookup from the function class).
 */
#ifndef MO2C_FUNC_H
#define MO2C_FUNC_H

#include "inst.h"
#include "sym.h"

/* Where an expression is resolved. */
typedef struct mo_fctx {
    mo_front *fr;
    mo_inst *inst;            /* model context: the instance (NULL inside a function or a package) */
    mo_class *owner;          /* the class whose text holds the expression (lookup starts there) */
    mo_func *fn;              /* function context: the function whose body is resolved, else NULL */
    mo_map *names;            /* function context: visible name -> (void *)(intptr_t)(slot + 1) */
    int const_depth;          /* nesting of package constants being resolved (cycle guard) */
} mo_fctx;

/* functions.c */
/* The flat function of a function class, flattened on first use and added to fr->flat->funcs; NULL
 * after an error (reported at the class, use is the call that needed it). */
mo_func *mo_func_of(mo_front *fr, mo_class *cls, mo_loc use);
/* Resolve an expression in a context (a model: flatten.c; a function: its slots). NULL after errors. */
mo_expr *mo_fctx_expr(mo_fctx *c, const mo_expr *e);

/* funcall.c */
/* Resolve a call in a context: a user function (normalised: one positional argument per input slot),
 * a function class declared external "builtin" (a built-in call), or not a class at all (returns false:
 * the caller handles built-ins). True with *out NULL after an error. */
bool mo_fctx_call(mo_fctx *c, const mo_expr *e, mo_expr **out);
/* The user function a call names (looked up from the context), or NULL when it names none (no error
 * reported for "not a class"; errors for classes that are not functions). *err set after an error. */
mo_func *mo_fctx_callee(mo_fctx *c, const mo_expr *call, bool *err);
/* The arguments of a call of f as one expression per input slot (named arguments, defaults and record
 * arguments resolved); NULL after an error. */
mo_expr **mo_fctx_args(mo_fctx *c, const mo_expr *call, mo_func *f);
/* A call of f with slot arguments args whose value is scalar output k. */
mo_expr *mo_func_call_expr(mo_loc loc, const mo_func *f, mo_expr **args, int k);
/* The base type of a resolved expression (MO_T_*), -1 when unknown. fn: the function whose slots
 * MO_EX_VAR indexes, NULL for the model's variables (flat). */
int mo_func_expr_type(const mo_flat *flat, const mo_func *fn, const mo_expr *e);
const char *mo_func_type_name(int t);
/* Is name a built-in function that flattening keeps as a call? */
bool mo_func_is_builtin(const char *name);

#endif
