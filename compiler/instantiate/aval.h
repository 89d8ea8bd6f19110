/*
 * aval.h - internal API of array flattening, shared by flatten.c, flatten_expr.c and arrays.c.
 *
 * Flattening evaluates every expression to an array value (mo_aval): its dimensions and its scalar
 * elements in row-major order, each a flat expression. A scalar is an array value with no dimensions.
 * Operators and built-in functions over arrays (arrays.c) work on these values element by element, so
 * the flat model only ever sees scalars (flat.h). Sizes are known at compile time: dimensions come from
 * parameter expressions evaluated while flattening.
 *
 * A component reference denotes a set of instance slots (mo_sref): one slot, or an array of slots when
 * it names an array, a slice (x[2:3], A[:, 1]) or a component of an array of components (a.b).
 */
#ifndef MO2C_AVAL_H
#define MO2C_AVAL_H

#include "inst.h"

enum { MO_MAX_DIMS = 8 };
/* Arrays are scalarised: every element becomes a variable, an expression, a C slot (some 250 bytes in the
 * front end alone), so one array, array value or range has at most this many elements. Above it a few
 * bytes of text (fill(1, 5000, 5000): 25 million elements, 23 s and 6.3 GB) would ask for any amount of
 * time and memory; at it the flattener takes about 1 GB and a few seconds. */
#define MO_MAX_ARRAY_ELEMENTS (1 << 22)

typedef struct mo_rval mo_rval;
typedef struct mo_aval {
    int nd;                   /* number of dimensions, 0 for a scalar */
    int dims[MO_MAX_DIMS];
    int n;                    /* number of elements: the product of dims (1 for a scalar) */
    mo_expr **el;             /* the elements, row-major (arrays only) */
    mo_expr *one;             /* the value of a scalar */
    mo_rval *rec;             /* a record, or an array of records (nd, dims): its fields (records.c); el
                               * and one are then unused. Only mo_flatten_rv returns such values. */
} mo_aval;

/* A record value (records.c): one value per field of the record class, in the order of its layout.
 * The value of an array of records keeps, per field, the field's values over the whole array, the
 * array's dimensions first and then the field's own (a structure of arrays): so r.x of an array r of
 * records is the field itself, and an equation between records is one equation per scalar leaf. */
struct mo_rval {
    mo_class *cls;            /* the record class (long form) */
    mo_layout *lay;           /* its layout: field i is lay->items[i] */
    mo_aval *f;               /* lay->n values (a record field's value has rec set) */
};

/* element i of v (a scalar's only element is i = 0) */
static inline mo_expr *mo_av_at(const mo_aval *v, int i) { return v->nd ? v->el[i] : v->one; }
void mo_av_scalar(mo_aval *v, mo_expr *e);
bool mo_av_alloc(mo_aval *v, int nd, const int *dims, mo_loc loc);  /* false (reported) when too big */
/* pos (nd indices, each below dims[k]) to the next element in row-major order (0s after the last) */
void mo_index_next(int *pos, const int *dims, int nd);
const char *mo_av_size_str(const mo_aval *v);                        /* "[3, 2]" or "scalar" */
bool mo_av_same_size(const mo_aval *a, const mo_aval *b);

/* The slots a component reference denotes: one (nd = 0, in one) or an array of them (row-major). */
typedef struct mo_sref {
    int nd;
    int dims[MO_MAX_DIMS];
    int n;
    mo_slot *slots;           /* n slots, each MO_SK_VAR or MO_SK_INST (arrays only) */
    mo_slot one;
    /* mo_find_slots_dyn: subscripts known only at run time (x[k], k a discrete variable). Each keeps its
     * dimension whole, and dyn[d] (d < nd) is its value, numbering from 1; NULL for the other dimensions.
     * ndyn: how many are not NULL (0 from mo_find_slots). */
    int ndyn;
    mo_expr *dyn[MO_MAX_DIMS];
    int scratch;              /* mo_find_slots_dyn: reused buffers in use before it (mo_sref_done) */
    bool in_place;            /* mo_find_slots_dyn: slots are the elements of an array slot themselves */
} mo_sref;

/* flatten.c: resolve ref written in owner, seen from inst. 1 when found, 0 when its first identifier is
 * no component of inst (nothing reported), -1 after an error. *disabled: through a disabled conditional
 * component. */
int mo_find_slots(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_sref *out,
                  bool *disabled);
/* The same, with subscripts known only at run time allowed when dyn (mo_sref.dyn): for values. The
 * slots of a reference with such subscripts lie in reused buffers: read them, then mo_sref_done(out)
 * (also after an error), before the next such reference at the same level is resolved. */
int mo_find_slots_dyn(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_sref *out,
                      bool *disabled, bool dyn);
void mo_sref_done(const mo_sref *s);
/* The value of a reference with subscripts known only at run time (mo_sref.dyn): v holds every element
 * of their dimensions; the value keeps the others, each element chosen at run time (MO_EX_INDEX). */
bool mo_run_time_subscripts(const mo_sref *s, mo_loc loc, const char *what, mo_aval *v);
/* The same from the reference's slots (each MO_SK_VAR): the array of the elements chosen from is made
 * once per distinct set of variables and shared by the references that choose from it (never modify
 * it: the back end rewrites by copying, expr.c). */
bool mo_run_time_slots(const mo_sref *s, mo_loc loc, const char *what, mo_aval *v);

/* flatten_ref.c: the subscripts of p (written in owner, seen from inst) applied to v, the value of the
 * array named id (a package constant's: P.table[i, j]). Indices known now select elements; one known only
 * at run time keeps its dimension whole, and *s says which (nd, dims and dyn of the value left, for
 * flatten_expr.c's run-time choice; s->ndyn = 0 when there is none). false after an error. */
bool mo_av_subscript(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_ref_part *p, const char *id,
                     mo_aval *v, mo_sref *s);

/* arrays_builtin.c: array(a, b, ...) or array(e for i in r), a call without named arguments, as the
 * array constructor {a, b, ...} or {e for i in r} (spec 10.4.1: the two are the same) */
mo_expr *mo_array_call_constructor(const mo_expr *call);

/* flatten_const.c */
/* The value of a record constant given by its declaration's modifier (constant R r(a = 1), a vector of
 * them with 'each'), as an AST expression written in owner's text; NULL when comp is no such constant. */
const mo_expr *mo_record_modifier_value(mo_front *fr, const mo_element *comp, mo_class *owner);
/* P.r.x[j], P.r[i].x: the field's value (mo_constant_field below) with its subscripts applied. */
bool mo_constant_fields(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int k, mo_aval *out);
/* Elements of the array of records v chosen by the subscripts of part p, known now (what: the
 * reference, for messages): each field subscripted alike. */
bool mo_record_elements(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_ref_part *p, const char *what,
                        mo_aval *v);
/* P.r.x[j], P.r[i].x: the value of the field of the record constant (or array of records) that the
 * first k parts of reference e name (the field of an array of records has the array's dimensions first,
 * aval.h), and the subscripts to apply to it: each part's, after the dimensions of the parts before it,
 * with ':' for those a part leaves whole (in *subs, AST expressions written in owner, *nsubs of them). */
bool mo_constant_field(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int k, mo_aval *out,
                       mo_expr ***subs, int *nsubs);

/* flatten_expr.c */
/* While a function that package via inherits from base is built (mo_func.via), base's constants are
 * read as via gives them (NULL, NULL: as declared); the previous setting into saved (NULL: not kept). */
void mo_flatten_pkg_env(mo_class *base, mo_class *via, mo_class *saved[2]);
mo_class *mo_flatten_pkg_via(void);   /* the package whose environment is in force now, or NULL */
/* mo_flatten_val refuses records (an error); mo_flatten_rv also returns them (out->rec). */
bool mo_flatten_rv(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out);
bool mo_flatten_val(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out);
/* e (a call of the built-in name) with its named arguments put in the positions names[0 .. max) gives
 * them: a new node with positional arguments only, as many as up to the last one given; NULL after an
 * error (too many, unknown, given twice, missing before the last one given). */
const mo_expr *mo_call_positional(const mo_expr *e, const char *name, const char *const *names, int max);
/* A copy of call e with the positional arguments a[0 .. n) and no named ones. */
mo_expr *mo_call_with_args(const mo_expr *e, int n, mo_expr **a);
bool mo_eval_int(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *what,
                 long long *out);
/* flatten_iter.c: the values of a for-iterator or a reduction's iterator: the elements of a parameter
 * range or vector, an enumeration type or Boolean, evaluated (*vals: literals); an iterator without a
 * range takes the range of the subscripts it appears in, in the loop's equations, statements or expression
 * (use).
 * false after an error. mo_range_values: the literals of the range a:b or a:s:b r ("what" for
 * messages). */
typedef struct mo_iter_use {
    const mo_eq_list *eqs;    /* the body of a for-equation, or NULL */
    const mo_expr *expr;      /* the body of a reduction or an array constructor, or NULL */
    const mo_stmt_list *stmts; /* the body of a for-statement of an algorithm section, or NULL */
} mo_iter_use;
bool mo_iter_values(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_iterator *it, const mo_iter_use *use,
                    mo_expr ***vals, int *n);
bool mo_range_values(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *r, const char *what,
                     mo_expr ***vals, int *n);
bool mo_quick_int(const mo_expr *e, long long *out);  /* literals, iterators, end, + - * of them */
void mo_iter_push(const char *name, mo_expr *value);
void mo_iter_pop(void);
/* The iterators in scope, outermost first (copies): n, their names and values. */
int mo_iter_snapshot(const char ***names, mo_expr ***vals);
/* 'end' inside subscripts: the size of the dimension being subscripted (stacked by the caller). */
int mo_end_set(int size);          /* returns the previous value, to restore with mo_end_set */

/* cardinality.c: cardinality(c), a placeholder until mo_cardinality_finish (after the whole model is
 * instantiated, before mo_connect) puts in the counts. */
bool mo_cardinality(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out);
bool mo_cardinality_finish(mo_front *fr);
/* funcall.c: the call e (its arguments written in owner, seen from inst) of the function class fcls,
 * whatever e's name says (connection graphs call R.equalityConstraint of the record or type R):
 * as mo_func_flatten_value, 1 with *user a scalar call, 2 with out an array, -1 after an error. */
int mo_func_flatten_class_call(mo_front *fr, mo_inst *inst, mo_class *owner, mo_class *fcls, const mo_expr *e,
                               mo_expr **user, mo_aval *out);
/* cgraph.c: Connections.isRoot(a.R) and Connections.rooted(a.R) (spec 9.4.1) */
bool mo_cg_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name, mo_aval *out);
/* An if-equation (outside when-equations and time-varying if-equations) whose conditions use
 * cardinality: kept (true) and flattened by mo_cardinality_finish once the counts are known, as one
 * with parameter conditions; false when q is no such equation (or the counts are known already). */
bool mo_cardinality_defer(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);
/* flatten_later.c: an equation kept to be flattened once the rest of the model is instantiated, with
 * the iterators in scope where it was met (make; the component it lies in is then no clone template),
 * and its flattening (false after an error). */
typedef struct mo_later_eq {
    mo_inst *inst;
    mo_class *owner;
    const mo_eq *q;
    bool initial;
    int niters;
    const char **iter_names;
    mo_expr **iter_vals;
} mo_later_eq;
mo_later_eq mo_later_eq_make(mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);
bool mo_later_eq_flatten(mo_front *fr, const mo_later_eq *d);

/* arrays.c: operators, constructors and built-in functions on array values. */
bool mo_av_binary(mo_loc loc, mo_op op, const mo_aval *a, const mo_aval *b, mo_aval *out);
bool mo_av_unary(mo_loc loc, mo_op op, const mo_aval *a, mo_aval *out);
bool mo_av_matrix_power(mo_loc loc, const mo_aval *a, long long n, mo_aval *out);   /* A^n, n >= 0 */
bool mo_av_if(const mo_expr *e, int n, mo_aval *vals, mo_aval *out); /* cond, value, ..., else */
bool mo_av_array(mo_loc loc, int n, mo_aval *elems, mo_aval *out);   /* {a, b, c} */
bool mo_av_matrix(mo_loc loc, int nrows, int *ncols, mo_aval **rows, mo_aval *out); /* [a, b; c, d] */
bool mo_av_cat(mo_loc loc, int dim, int n, mo_aval *parts, mo_aval *out);  /* dim: 1-based */
/* The built-in array functions of the arguments' values alone (transpose, symmetric, skew: 1 argument;
 * cross, outerProduct: 2; 0 for any other name), and their value for args (e: the call, for messages):
 * 1 (out set), -1 after an error. Also used to inline function bodies (funcinline.c). */
int mo_av_builtin_arity(const char *name);
int mo_av_builtin_values(const mo_expr *e, const char *name, const mo_aval *args, mo_aval *out);
/* A built-in array function (size, sum, fill, transpose ...): 1 when handled (out set), 0 when name is
 * no such function, -1 after an error. */
int mo_av_builtin(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                  mo_aval *out);
/* Balanced sum / product of n expressions (depth log n), 0 / 1 when n = 0. */
mo_expr *mo_av_fold(mo_loc loc, mo_op op, mo_expr **v, int n);

/* records.c: record values (struct mo_rval above). */
bool mo_rv_is_record_class(const mo_class *c);
const char *mo_rv_type_name(const mo_aval *v);     /* the full name of a record value's class */
/* The value of the slots s (record components, or anything inside one), located at loc. */
bool mo_rv_of_slots(mo_front *fr, const mo_sref *s, mo_loc loc, mo_aval *out);
/* A call of the record constructor of cls (as the call names it: a short class with its modifiers). */
bool mo_rv_construct(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call, mo_class *cls,
                     mo_aval *out);
/* The value of field name (interned) of record value v, or NULL. */
const mo_aval *mo_rv_field(const mo_aval *v, const char *name);
/* A record of class cls (long form) whose n fields, in layout order, are the scalars fields. */
bool mo_rv_of_scalars(mo_class *cls, int n, mo_expr **fields, mo_aval *out);
/* The same with the fields' values (scalars or arrays) in fields. */
bool mo_rv_of_values(mo_class *cls, int n, const mo_aval *fields, mo_aval *out);
/* The same for an array of records of nd dimensions: those of every field's value come first. */
bool mo_rv_array_of_values(mo_class *cls, int nd, int n, const mo_aval *fields, mo_aval *out);
/* {r1, r2} of records; an if-expression whose branches are records (v: cond, value, ..., else). */
bool mo_rv_array(mo_loc loc, int n, const mo_aval *elems, mo_aval *out);
bool mo_rv_if(const mo_expr *e, int n, const mo_aval *v, mo_aval *out);
/* Element j of v along its lead leading dimensions (count elements there): a scalar, a sub-array or a
 * record. */
void mo_av_part(const mo_aval *v, int lead, int count, int j, mo_aval *out);
/* l = r between records (or arrays of records): emit(ctx, a, b) for each pair of scalar leaves. */
typedef void (*mo_rv_emit)(void *ctx, mo_expr *a, mo_expr *b);
bool mo_rv_equate(mo_loc loc, const mo_aval *l, const mo_aval *r, mo_rv_emit emit, void *ctx);
/* The modifier m of a record component of class cls (ndims dimensions, named name) whose binding is a
 * record value: a copy whose binding is spread over the fields (one binding, an mo_fmod.val, per
 * field; final when m's is, or when the component is declared final: final_value). NULL after an
 * error. */
mo_fmod *mo_rv_spread(mo_front *fr, mo_fmod *m, mo_class *cls, int ndims, const char *name, bool final_value);
/* n values stacked into an array of dims (nd of them, product n), then the values' own dimensions. */
bool mo_av_stack(mo_loc loc, int n, const mo_aval *v, int nd, const int *dims, mo_aval *out);
/* operators.c: e (a binary or unary operator) applied to its n operand values, at least one of them a
 * record: the operator record's function for them (spec 14), element by element over arrays. */
bool mo_rv_operator(mo_front *fr, const mo_expr *e, int n, const mo_aval *v, mo_aval *out);
/* operators.c: a call of the constructor of operator record rec (long form) that has 'constructor'
 * functions: the one the arguments match (14.2). */
bool mo_rv_overloaded_ctor(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call, mo_class *rec,
                           mo_aval *out);
/* operators.c: String(r, ...) of an operator record r in a model (call: the String() call): the value of
 * its 'String' function (14.3); 0 when the first argument is no record (nothing reported), -1 after an
 * error. */
int mo_rv_string(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call, mo_aval *out);
/* Inside a record constructor: e names a field of the record being constructed (owner: the class
 * whose text holds e). 1 with its value, 0 when it names no such field, -1 after an error. */
int mo_rv_frame_ref(mo_class *owner, const mo_expr *e, mo_aval *out);

#endif
