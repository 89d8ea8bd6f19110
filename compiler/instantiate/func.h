/*
 * func.h - internal API of the user-defined functions (functions.c, funcall.c, funcallee.c, funcdiff.c,
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
    const mo_expr *end_of;    /* function context, inside subscripts: the array 'end' measures ... */
    int end_dim;              /* ... along this dimension (1-based) */
    bool eo_binding;          /* function context: the binding of a protected external object is resolved
                               * (12.9.7), whose constructor call (the first call met) may make the object */
    mo_map *recs;             /* function context: record variable name -> its mo_frecvar */
} mo_fctx;

/* A record variable of a function body: its fields are the slots first .. first + count - 1 (layout
 * order); an array of records has nd dimensions, which come first in each field slot's (a structure of
 * arrays, as in the model: aval.h). */
typedef struct mo_frecvar {
    mo_class *rec;            /* the record class (long form) */
    int first, count, nd;
} mo_frecvar;

/* A record value in a function body: nd > 0 for an array of records; one expression over the slots per
 * field of rec (layout order), of the field's dimensions after the nd of the array. */
typedef struct mo_frec {
    mo_class *rec;
    int nd;
    mo_expr **fields;
} mo_frec;

/* functions.c */
/* The flat function of a function class, flattened on first use and added to fr->flat->funcs; NULL
 * after an error (reported at the class, use is the call that needed it). */
mo_func *mo_func_of(mo_front *fr, mo_class *cls, mo_loc use);
/* The same for the function cls named through written, a short class with modifiers that give its
 * components values (function f2 = f(x = 3)): a function of its own, named as written. */
mo_func *mo_func_of_written(mo_front *fr, mo_class *cls, mo_class *written, mo_loc use);
/* The same reached through package via (mo_func.via; NULL: none): a function of its own, named
 * via.name, whose body reads the constants of cls's package as via gives them. */
mo_func *mo_func_of_via(mo_front *fr, mo_class *cls, mo_class *written, mo_class *via, mo_loc use);
/* What a call gives a functional input (12.4.2): a function (cls named through written), and the names
 * of the inputs that a partial application (function g(a = 1)) binds; or what it gives an input that is
 * a vector of Strings: nstrs literals strs (actual NULL). */
typedef struct mo_fnbind {
    const char *input;        /* the functional input */
    mo_class *actual, *written, *via;   /* via: as mo_func.via */
    int nbound;
    const char **bound;
    int nstrs;
    mo_expr *const *strs;
    /* the functions a partial application gives actual's own functional inputs (function g(h = f),
     * 12.4.2.1): actual is made for them; each binds no inputs */
    int nsub;
    const struct mo_fnbind *sub;
} mo_fnbind;
/* The function cls (named through written) made for a call that gives its functional inputs the
 * functions binds says (one function per distinct set of them, memoized). */
mo_func *mo_func_spec(mo_front *fr, mo_class *cls, mo_class *written, mo_class *via, int nbinds,
                      const mo_fnbind *binds, mo_loc use);
/* Do short classes on the way from written to the function cls it names carry modifiers (function
 * f2 = f(x = 3))? Without, written is another name of cls (function heatCapacity_cp =
 * specificHeatCapacityCp). */
bool mo_func_written_modified(mo_class *cls, mo_class *written);
/* A new slot of f (for-loop and reduction iterators); returns its number. */
int mo_func_add_slot(mo_func *f, const char *name, mo_loc loc, mo_fvar_kind kind, int type);

/* fnprops.c: the order of initialization (false after reporting a cycle), whether calls inline, the
 * derivative annotation (errors reported at it) and the inlining annotations (mo_func.inline_late). */
bool mo_func_init_order(mo_func *f);
bool mo_func_inlinable(const mo_func *f);
bool mo_func_assign_chain(const mo_func *f);
void mo_func_read_derivative(mo_front *fr, mo_func *f, mo_class *cls);

/* fnext.c: f's C call (mo_func.ext) from the external clause of cls, whose slots are declared (false
 * after an error); is name a library of the Modelica Standard Library built from its C sources? */
bool mo_func_external(mo_fctx *c, mo_func *f, mo_class *cls);
bool mo_func_msl_library(const char *name);
/* modelica://A.B/rest, modelica:/A.B/rest, file:///path or a plain path, as a file system path; NULL
 * after an error (reported at loc). fn (or NULL) is where the URI is written: its top-level package is
 * found without a lookup. */
const char *mo_func_resolve_uri(const char *uri, const mo_class *fn, mo_loc loc);
/* The absolute path of an existing file or directory, or NULL. */
const char *mo_func_existing_path(const char *path);

/* fnknown.c: functions of the MSL whose calls with arguments known when the model is compiled are
 * evaluated then (loadResource, Strings.substring, Strings.length): true with *out the value (NULL
 * after an error reported), false when cls is none of them or an argument is not known (e stays a call
 * of the function). */
bool mo_func_known_call(mo_fctx *c, const mo_expr *e, const mo_class *cls, mo_expr **out);

/* fnexpr.c */
/* Resolve an expression in a context (a model: flatten.c; a function: its slots). NULL after errors. */
mo_expr *mo_fctx_expr(mo_fctx *c, const mo_expr *e);
/* For fnbuiltin.c: an expression of a function body resolved (mo_fctx_expr's in a function); a copy of
 * e with its operands resolved (NULL after an error); is the rank of resolved a in [lo, hi] (else an
 * error naming the `what` of fn); "a scalar", "a vector", "a matrix", "an array of r dimensions". */
mo_expr *mo_fctx_body_expr(mo_fctx *c, const mo_expr *e);
mo_expr *mo_fctx_resolved_copy(mo_fctx *c, const mo_expr *e);
bool mo_fctx_want_rank(mo_fctx *c, const mo_expr *a, int lo, int hi, const char *fn, const char *what);
const char *mo_func_rank_text(int r);

/* The n subscripts subs of base (a resolved array) resolved, 'end' measuring base: an MO_EX_INDEX. */
mo_expr *mo_fctx_index(mo_fctx *c, mo_expr *base, mo_expr *const *subs, int n, mo_loc loc);
/* Element `at` (an AST subscript, resolved in c) of the vector v of String literals (a constant's, read by
 * the model flattener, or an input's given by the call), chosen at run time: if at == 1 then v[1] elseif
 * ... else v[n] (functions have no array slots of Strings). checked: the subscript goes through
 * {1, ..., n}[at], out of bounds an error when the function runs; unchecked where the same subscript
 * indexes the other fields of a record. NULL after an error. */
mo_expr *mo_fctx_string_choice(mo_fctx *c, const struct mo_aval *v, const mo_expr *at, bool checked);

/* fnbuiltin.c */
/* The iterators of a reduction or comprehension e made slots and visible while its body is resolved:
 * the resolved node without its body (a[0]), NULL after an error; then mo_fctx_iter_end. */
mo_expr *mo_fctx_iter_begin(mo_fctx *c, const mo_expr *e, void ***saved);
void mo_fctx_iter_end(mo_fctx *c, const mo_expr *e, void **saved);
/* A reduction or comprehension e with its iterators and body resolved; a call of a built-in function
 * (no user function) resolved and checked. NULL after an error. */
mo_expr *mo_fctx_iterated(mo_fctx *c, const mo_expr *e);
mo_expr *mo_fctx_builtin_call(mo_fctx *c, const mo_expr *e);

/* fnrecord.c: record values in function bodies. */
/* The value of e as a record (or an array of records): 1 with *out, 0 when e is no expression whose value
 * a record can be (nothing reported), -1 after an error. Record variables and their elements, record
 * constructors, calls of functions whose first output is a record, operators of operator records (14),
 * if-expressions, {a, b} and constants of record types. */
int mo_fctx_record(mo_fctx *c, const mo_expr *e, mo_frec *out);
/* Could e's value be a record (a record variable, a record constructor, a function with a record output,
 * or an operator, if-expression or array over one)? Nothing is reported. */
bool mo_fctx_maybe_record(mo_fctx *c, const mo_expr *e);
/* An operator applied to operands of which one may be a record (mo_fctx_maybe_record), or String(r) of an
 * operator record: the call of the operator function, whose value is a scalar (an error when it is a
 * record). NULL after an error. */
mo_expr *mo_fctx_record_op(mo_fctx *c, const mo_expr *e);
/* The argument slots of input p of f from the record value v (fields matched by name, ranks checked);
 * false after an error reported at loc. */
bool mo_fctx_record_arg(mo_fctx *c, const mo_func *f, const mo_fparam *p, const mo_frec *v, mo_loc loc,
                        mo_expr **args);
/* (mo_func_expr_rank: flat.h) */
/* funcall.c: the argument slots of the record input p of f from the expression arg, in a function body
 * or in a model; false after an error. */
bool mo_fctx_record_input(mo_fctx *c, const mo_func *f, const mo_fparam *p, const mo_expr *arg, mo_expr **args);

/* funcallee.c: what the name fn of a call finds (from the context; a.f through the component a):
 * MO_CAL_NONE for a name that finds no class (a built-in or unknown: the caller decides). */
typedef enum { MO_CAL_NONE, MO_CAL_USER, MO_CAL_BUILTIN, MO_CAL_RECORD, MO_CAL_ERROR } mo_callee_kind;

typedef struct mo_callee {
    mo_callee_kind kind;
    mo_class *cls;            /* MO_CAL_USER, MO_CAL_RECORD (the long class) */
    mo_class *written;        /* MO_CAL_RECORD: the class the name finds (a short class keeps its modifiers) */
    const char *builtin;      /* MO_CAL_BUILTIN: the built-in's name */
    mo_class *via;            /* MO_CAL_USER: the package that inherits cls from cls->parent and that the name
                               * reached it through (mo_func.via), or NULL */
} mo_callee;

mo_callee mo_fctx_find_callee(mo_fctx *c, const mo_expr *fn);
/* The callee the class cls, found for the call name fn, is; key: where to cache the answer (NULL:
 * nowhere). */
mo_callee mo_fctx_class_callee(mo_fctx *c, const mo_expr *fn, mo_class *cls, const char *key);
/* The component a call c.f(x) or c.P.g(x) is made through (5.3.2): its instance, and in *ncomp how many
 * leading identifiers of fn name it; NULL after an error. */
mo_inst *mo_fctx_call_component(mo_fctx *c, const mo_expr *fn, int *ncomp_out);
/* The function made from the generic f (cls named through written) for the functions that call gives its
 * functional inputs; NULL after an error. */
mo_func *mo_fctx_specialize(mo_fctx *c, const mo_expr *call, mo_func *f, mo_class *cls, mo_class *written);
/* The argument given for functional input p of f: the values of the inputs its function binds, into
 * p's slots of args; false after an error. */
bool mo_fctx_functional_arg(mo_fctx *c, mo_func *f, const mo_fparam *p, const mo_expr *given, mo_expr **args);

/* funcall.c */
/* The argument given for input slot s of f, resolved and checked against the slot; NULL after an
 * error. */
mo_expr *mo_fctx_slot_arg(mo_fctx *c, const mo_func *f, int s, const mo_expr *given);
/* Resolve a call in a context: a user function (normalised: one positional argument per input slot),
 * a function class declared external "builtin" (a built-in call), or not a class at all (returns false:
 * the caller handles built-ins). True with *out NULL after an error. */
bool mo_fctx_call(mo_fctx *c, const mo_expr *e, mo_expr **out);
/* The same up to a user function: true with *user the function (arguments not resolved yet), or with
 * *user NULL and *out as mo_fctx_call's (NULL after an error); false when no class is found. */
bool mo_fctx_call_or_user(mo_fctx *c, const mo_expr *e, mo_expr **out, mo_func **user);
/* funcallee.c: the user function a call names (looked up from the context), or NULL when it names none (no error
 * reported for "not a class"; errors for classes that are not functions). *err set after an error. */
mo_func *mo_fctx_callee(mo_fctx *c, const mo_expr *call, bool *err);
/* The arguments of a call of f as one expression per input slot (named arguments, defaults and record
 * arguments resolved); NULL after an error. In three steps, for callers that resolve the arguments
 * themselves (funcall_model.c): the argument written for each declared input (NULL where none is),
 * an argument's type against its slot's, and the defaults and the checks of what is missing. */
mo_expr **mo_fctx_args(mo_fctx *c, const mo_expr *call, mo_func *f);
/* a, the flattened String argument of f given at loc in a model: one built when the call runs (literals,
 * String parameters, String() conversions, + and if-expressions of them; the conversions' arguments are
 * checked)? Else an error, and false. */
bool mo_func_string_arg(mo_fctx *c, const mo_func *f, const mo_expr *a, mo_loc loc);
const mo_expr **mo_fctx_bind(const mo_expr *call, const mo_func *f);
bool mo_fctx_check_arg(mo_fctx *c, const mo_func *f, int slot, const mo_expr *arg, mo_loc loc);
bool mo_fctx_complete(mo_fctx *c, const mo_expr *call, const mo_func *f, mo_expr **args);
/* funcallee.c: a record constructor call R(...) in a function body: 1 with R's long class in *rec and the value
 * of each of its fields (layout order) in *fields; 0 when call is no record constructor; -1 after an
 * error. An operator record's 'constructor' functions come first (spec 14.2). */
int mo_fctx_record_ctor(mo_fctx *c, const mo_expr *call, mo_class **rec, mo_expr ***fields);
/* funcallee.c: the record class the value of a call is: a record constructor's (*user NULL), or that of the first
 * output of the user function it calls (*user); NULL when it is no record (nothing reported) or after an
 * error (*err). */
mo_class *mo_fctx_call_record(mo_fctx *c, const mo_expr *call, mo_func **user, bool *err);
/* funcallee.c: a call of f with slot arguments args whose value is output slot k (element el of it in the flat model,
 * 0 for a scalar). */
mo_expr *mo_func_call_expr(mo_loc loc, const mo_func *f, mo_expr **args, int k, int el);
/* funcallee.c: the fields of the record output o of f called with args: a call per field, all sharing one argument
 * array (the generated C calls f once for them: codegen_farr.c). */
mo_expr **mo_func_record_calls(mo_loc loc, const mo_func *f, const mo_fparam *o, mo_expr **args);
/* funcall.c: the reference rec.field to a field of the record that the reference rec names (a copy of rec with one
 * more part, located at rec). */
mo_expr *mo_ref_field(const mo_expr *rec, const char *field);

/* funcallee.c: the functional input (12.4.2) of fn that the one-identifier reference ref names, or NULL. */
const mo_fparam *mo_func_functional(const mo_func *fn, const mo_expr *ref);
/* A call e of the functional input fp inside a function made for a call: the call of the function its
 * argument gave, its arguments by name (the type's order), the bound inputs from fp's slots. */
mo_expr *mo_fctx_call_functional(mo_fctx *c, const mo_expr *e, const mo_fparam *fp);

/* funcall_model.c: calls in a model (mo_fctx without fn). The argument of array input slot as the array
 * of its elements; the default of input slot with the arguments args put in; the declared sizes of the
 * array inputs against the arguments' (where known at compile time). NULL / false after an error. */
mo_expr *mo_func_model_array_arg(mo_fctx *c, const mo_func *f, int slot, const mo_expr *arg);
/* An array value (at least one dimension) as an argument: the nested array of its elements. */
struct mo_aval;
mo_expr *mo_func_model_nested(const struct mo_aval *v, mo_loc loc);
/* A function's expression with the arguments of a call put in (mo_expr_subst), with what now has
 * known values folded: size(A, k) and A[i, j] of arrays of elements at literal subscripts. */
mo_expr *mo_func_fold(const mo_expr *e);
mo_expr *mo_func_model_default(mo_fctx *c, const mo_func *f, int slot, mo_expr **args);
bool mo_func_model_check_args(mo_fctx *c, const mo_func *f, mo_expr **args, mo_loc use);
/* The value of the call e of f in a model: its first output (a record field by field), element by
 * element when it is an array, or applied element by element when arguments have more dimensions than
 * their inputs, or arrays of records are given to record inputs (12.4.6; an array of records when the
 * output is a record). */
bool mo_func_model_call(mo_fctx *c, const mo_expr *e, mo_func *f, struct mo_aval *out);
/* The value of the first output of f called with args in a model: a scalar, an array or a record (its
 * fields the values of the output's slots). */
bool mo_func_model_result(mo_fctx *c, const mo_func *f, mo_expr **args, mo_loc use, struct mo_aval *out);
/* funcall.c: the arguments of the slots of record input p from the record value v (a model's: scalar
 * fields, array fields as nested arrays); false after reporting a value that is no such record. */
bool mo_func_record_arg(const mo_func *f, const mo_fparam *p, const struct mo_aval *v, mo_loc loc, mo_expr **args);
/* The value of output slot k of f called with args: a scalar call, or an array of one call per element
 * whose size the declaration and the arguments give at compile time (false after reporting why not). */
struct mo_aval;
bool mo_func_model_output(mo_fctx *c, const mo_func *f, int k, mo_expr **args, mo_loc use, struct mo_aval *out);

/* (mo_func_expr_type, mo_func_type_name: flat.h) */
/* Is name a built-in function that flattening keeps as a call? */
bool mo_func_is_builtin(const char *name);

/* funcall.c: the value of a call of the function class fn with the n values vals (scalars or records),
 * positional ones first, named ones with their names in names[i] (names NULL: all positional); the
 * other inputs take their defaults: a scalar or a record. */
struct mo_aval;
bool mo_func_apply(mo_front *fr, mo_class *fn, mo_loc loc, int n, const struct mo_aval *vals,
                   const char *const *names, struct mo_aval *out);

/* operators.c: operator records (spec 14). The kind of an argument or input: a record class, or a
 * predefined type (MO_T_*, -1 when unknown), and its number of dimensions; the name of a named
 * argument (after the positional ones). */
typedef struct mo_argty { mo_class *rec; int type; int nd; const char *name; /* a named argument's */ } mo_argty;
mo_argty mo_argty_of_class(mo_class *c, int nd);
struct mo_aval;
mo_argty mo_argty_of_value(const mo_flat *flat, const struct mo_aval *v);
const char *mo_argty_list(int n, const mo_argty *a);          /* "Complex, Real" for messages */
/* The functions of rec.op (op quoted: "'+'", "'constructor'"): an operator function, or the functions
 * of an operator; at most max into out. */
int mo_op_functions(mo_class *rec, const char *op, mo_class **out, int max);
/* The 'constructor' function of operator record rec that arguments a match: NULL when rec has none
 * (*err false), or after an error (no match, several, *err true). */
mo_class *mo_op_constructor(mo_class *rec, int n, const mo_argty *a, mo_loc loc, bool *err);
/* The function an operator applied to arguments a calls (14.3, 14.4): a unique direct match, else for
 * two arguments a unique match after converting argument *conv_arg with the constructor *conv (14.5).
 * NULL when nothing matches (*err false: the caller may apply it element by element) or after an error
 * (several matches, *err true). */
/* fn, chosen for String(r): one output, a String (14.3)? Else an error at its output, a note at use. */
bool mo_op_string_ok(const mo_func *fn, mo_loc use);
mo_class *mo_op_resolve(const char *op, int n, const mo_argty *a, mo_loc loc, mo_class **conv, int *conv_arg,
                        bool *err);
/* The name of op's function in an operator record (14.1): "'+'"; NULL for unary +, which has none. */
const char *mo_op_overload_name(mo_op op);
/* Is op an element-wise operator (.+ .- .* ./ .^)? Over arrays it applies its operator to each element
 * and never calls an overload that takes arrays (14.3). */
bool mo_op_elementwise(mo_op op);

#endif
