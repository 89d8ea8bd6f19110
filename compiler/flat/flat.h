/*
 * flat.h - the flat model: what the front end (load, lookup, flatten, connect) hands to the back end.
 *
 * A flat model is a list of scalar variables named by their instance paths (inertia1.flange_a.phi,
 * x[2]) and a list of scalar equations over them. Expressions are mo_expr trees (ast.h) in which every
 * variable reference is an MO_EX_VAR indexing vars, der(v) is MO_EX_DER over an MO_EX_VAR, the built-in
 * variable time is MO_EX_TIME, and calls name built-in or flattened functions by an interned name
 * (the callee's fn is a one-part MO_EX_REF). A subscript known only at run time (x[k], k a discrete
 * variable: specification 10.5) is an MO_EX_INDEX whose a[0] is an MO_EX_ARRAY of the n elements it
 * chooses from and a[1] the index (1 to n; an Integer expression); str is the reference as written.
 * The elements are alike (one array's: variables of one declaration, or choices among them), and the
 * references to one array share its MO_EX_ARRAY (flatten_ref.c): a walk that looks for a kind of node
 * looks at the index and at the first element only (mo_choice_sample), or M references to x[k] over N
 * elements cost it N M.
 *
 * Guarantees after flattening (flatten.c, connect.c):
 *   - arrays are scalarised: each element is its own variable, named x[1], x[2,3], a[1].b;
 *   - connections are expanded into equality and flow-sum equations (origin says which connect made them);
 *   - bindings of discrete and continuous variables have become equations; parameters and constants keep
 *     theirs in mo_var.binding (so that the simulator can recompute them after -override);
 *   - structural parameters (array sizes, conditions of conditional components) are evaluated.
 */
#ifndef MO2C_FLAT_H
#define MO2C_FLAT_H

#include "ast.h"

/* x[k] (MO_EX_INDEX, above): the element that stands for all those it chooses from in a walk, or NULL */
static inline const mo_expr *mo_choice_sample(const mo_expr *e)
{
    return e->a[0]->kind == MO_EX_ARRAY && e->a[0]->n ? e->a[0]->a[0] : e->a[0];
}

typedef enum mo_variability { MO_VAR_CONSTANT, MO_VAR_PARAMETER, MO_VAR_DISCRETE, MO_VAR_CONTINUOUS } mo_variability;
typedef enum mo_basetype { MO_T_REAL, MO_T_INTEGER, MO_T_BOOLEAN, MO_T_STRING, MO_T_ENUM } mo_basetype;

/* StateSelect, in the order of the Modelica enumeration. */
typedef enum mo_state_select {
    MO_SS_NEVER = 1, MO_SS_AVOID, MO_SS_DEFAULT, MO_SS_PREFER, MO_SS_ALWAYS
} mo_state_select;

/* What a declaration gives a variable beyond its name. A big model has millions of variables and most
 * of them repeat the attributes of one declaration, so variables may share one record: the variables of
 * one declaration in the instances that flatten_clone.c clones, and neighbouring elements of an array.
 * Never write through v->attr; use mo_var_attr_mut(v), which copies a shared record first. */
typedef struct mo_var_attr {
    mo_loc loc;               /* the component declaration that made it */
    const char *comment;      /* description string, or NULL */
    /* attributes (NULL when not given; the back end applies the defaults of the specification) */
    mo_expr *start, *fixed, *nominal, *min, *max;
    const char *unit, *display_unit, *quantity;
    const mo_class *enum_type;    /* MO_T_ENUM: the enumeration class */
} mo_var_attr;

/* 32 bytes: what differs between the variables of one declaration, and a pointer to the rest. */
typedef struct mo_var {
    const char *name;         /* instance path: "inertia1.flange_a.phi" (NOT necessarily interned), or
                               * NULL for a clone's variable until mo_flat_unshare (mo_flat.clone_names):
                               * in the front end read names with mo_flat_var_name or mo_flat_name_to */
    const mo_var_attr *attr;  /* never NULL; possibly shared with other variables */
    mo_expr *binding;         /* parameters and constants: their value */
    unsigned flags;           /* MO_PF_INPUT, OUTPUT, FLOW, STREAM, PROTECTED, FINAL; MO_FV_* below */
    unsigned char variability;   /* mo_variability */
    unsigned char type;          /* mo_basetype */
    unsigned char state_select;  /* mo_state_select; MO_SS_DEFAULT when not given */
    bool attr_own;            /* attr belongs to this variable alone, so mo_var_attr_mut may write it in
                               * place. Whoever shares a record clears attr_own in every sharer. */
} mo_var;

/* mo_var.flags beside the MO_PF_* prefixes: a parameter whose value the front end used when it compiled
 * the model (an array size, an if-equation's condition, a String it folded ...: eval.c), so that the
 * simulator's -override must refuse it (analysis/dae.c makes it structural): a new value would not
 * build the model again. */
enum { MO_VAR_EVALUATED = 1u << 30 };

/* Flags of parameters beside the MO_PF_* prefixes (mo_var.flags); the back end folds such parameters
 * into the equations (analysis/fold.c):
 *   MO_FV_EVALUATE     declared with annotation(Evaluate = true) (18.3);
 *   MO_FV_FINAL_VALUE  its binding is final (final declaration or final modifier: C1(final C = 0)). */
enum { MO_FV_EVALUATE = 1u << 28, MO_FV_FINAL_VALUE = 1u << 29 };
/* A variable of the predefined type Clock (16.3): a discrete Boolean in the flat model (mo_var.type),
 * whose equations define clocks (c = Clock(0.1), c2 = subSample(c, 2), connections); analysis/clocks.c
 * reads them and makes the variable a protected constant. */
enum { MO_FV_CLOCK = 1u << 27 };

/* flatvar.c: the attributes of v, writable: copies them first when they are shared (copy on write). */
mo_var_attr *mo_var_attr_mut(mo_var *v);
/* flatvar.c: is name a variable of the model itself, not of one of its components (no '.' outside
 * subscripts)? Its inputs and outputs are the model's (top-level inputs, outputs). */
bool mo_flat_top_level(const char *name);
/* flatvar.c: an empty attribute record (everything NULL, no location) for variables made without a
 * declaration; shared, so attr_own stays false. */
extern const mo_var_attr mo_var_attr_none;

/* The expression attributes of a record by number, in the order of inst.h's MO_ATTR_START ..
 * MO_ATTR_MAX (ORDER MO_ATTR): 0 start, 1 fixed, 2 nominal, 3 min, 4 max. */
static inline mo_expr **mo_var_attr_expr(mo_var_attr *a, int which)
{
    mo_expr **f[5] = {&a->start, &a->fixed, &a->nominal, &a->min, &a->max};
    return f[which];
}

/* An attribute value given to a variable whose record is shared and already holds an equal value (a
 * clone's start = 0 where its template's record says start = 0): the record stays shared, which the
 * printer and flattening only read for the value, and the value given, whose location is the clone's
 * modifier, waits here for the back end (mo_flat_unshare writes it into the variable's own record,
 * as if it had been written at once, unless a later write has replaced the shared value meanwhile). */
typedef struct mo_attr_later {
    int var;
    int which;                /* mo_var_attr_expr's number */
    const mo_expr *shared;    /* the value the shared record holds */
    mo_expr *value;           /* the value given, with its own location */
} mo_attr_later;

/* Where a flat equation came from. */
typedef enum mo_eq_origin {
    MO_ORIGIN_EQUATION,       /* written in an equation section */
    MO_ORIGIN_BINDING,        /* declaration equation Real x = e; */
    MO_ORIGIN_CONNECT_EQUAL,  /* potential variables of a connection set are equal */
    MO_ORIGIN_CONNECT_FLOW,   /* the flows of a connection set sum to zero */
    MO_ORIGIN_UNCONNECTED_FLOW,/* a flow variable in no connection is zero */
    MO_ORIGIN_CLONE,          /* packed only (below): the equations of a cloned component instance */
    MO_ORIGIN_CONNECTIONS     /* packed only (below): connection equations */
} mo_eq_origin;

/* Packed equations. A big model has millions of equations that differ from others only in variable
 * numbers: the equations of the components that flatten_clone.c clones, and the connection equations.
 * Until mo_flat_unshare() they are kept packed, one record standing for many equations, with
 * lhs == rhs == NULL and the origin saying what the record's comment field points at:
 *   - MO_ORIGIN_CLONE: a mo_feq_run, the whole list of equations (or initial equations) of a clone, in
 *     the order of the template's; instance is the clone's path and var_shift the clone's shift. A
 *     template's list may itself hold packed equations (its own cloned components). The mo_feq_run
 *     says nothing about the clone, so all the clones of one template share one (a record per clone
 *     cost 10 MB on a chain of 10^5 units).
 *   - MO_ORIGIN_CONNECTIONS: a mo_conn_eqs, consecutive connection equations (connect.c).
 * Only flatprint.c, flatten_clone.c and connect.c read packed equations; the back end never sees one. */
typedef struct mo_feq_run {
    int first, n;             /* the template's equations: [first, first + n) of the same list */
    int pathlen;              /* the length of the template's path: the clone's path replaces that many
                               * leading bytes of the instance path of each of the template's equations */
} mo_feq_run;

/* One connection equation: a = b (MO_ORIGIN_CONNECT_EQUAL, two members) or the sum of its members is
 * 0.0 (MO_ORIGIN_CONNECT_FLOW, at most 64 members, added left to right). A member is a variable number
 * times 2, plus 1 when it enters the sum negated (an outside connector). 8 bytes and the members,
 * where a record with trees costs 56 bytes and 40 to 88 per node. */
typedef struct mo_conn_eq {
    unsigned conn : 31;       /* the connect: its location is mo_conn_eqs.locs[conn], the instance path
                               * of the class holding it mo_conn_eqs.insts[conn] */
    unsigned flow : 1;        /* a flow sum, else an equality */
    int at;                   /* its members: members[at .. the next equation's at) */
} mo_conn_eq;

typedef struct mo_conn_eqs {
    int n;                    /* equations; eq[n].at ends the members of the last one */
    const mo_loc *locs;       /* the locations of the connect statements */
    const char *const *insts; /* the instance paths of the classes holding them */
    const int *members;
    mo_conn_eq eq[];          /* n + 1 */
} mo_conn_eqs;

typedef struct mo_feq {
    mo_loc loc;               /* the equation, binding or connect statement in the source */
    const char *instance;     /* instance path of the component that holds it ("" for the model itself) */
    mo_eq_origin origin;
    /* The MO_EX_VAR nodes of lhs and rhs denote variable (node->var + var_shift). Not 0 only in the
     * equations of a cloned component instance (flatten_clone.c), which share the trees of the instance
     * they were cloned from: never modify the trees of such an equation. mo_flat_unshare() gives every
     * equation trees of its own with var_shift 0; the back end runs after it. */
    int var_shift;
    mo_expr *lhs, *rhs;       /* lhs = rhs; both NULL in a packed equation (above) */
    /* Description string, or NULL. A packed equation has none: there it points at what the equation
     * is, a mo_feq_run or a mo_conn_eqs (read with mo_feq_run_of, mo_feq_conns_of; made with
     * mo_feq_pack). Not a union, so that records keep their plain positional initializers. */
    const char *comment;
} mo_feq;

/* Is q packed (above)? Then read its contents with these, never its comment. */
static inline bool mo_feq_packed(const mo_feq *q) { return !q->lhs && !q->rhs; }
static inline const mo_feq_run *mo_feq_run_of(const mo_feq *q) { return (const void *)q->comment; }
static inline const mo_conn_eqs *mo_feq_conns_of(const mo_feq *q) { return (const void *)q->comment; }
static inline const char *mo_feq_pack(const void *contents) { return contents; }

typedef struct mo_experiment {
    bool has_start, has_stop, has_interval, has_tolerance;
    double start, stop, interval, tolerance;
} mo_experiment;

/* ---- user-defined functions (functions.c), each flattened once; calls name them by mo_expr.func ----
 * A function's variables are slots, each a scalar or an array (of a size known only when the function
 * runs): the inputs' slots first, then the outputs', then the protected locals and the for-loop
 * iterators. A record input or output covers one slot per field ("r.a", "r.b"). Inside a function's
 * expressions MO_EX_VAR indexes these slots, not the model's variables, and array values appear whole:
 * array slots, MO_EX_INDEX (subscripts, slices), MO_EX_ARRAY, MO_EX_MATRIX, MO_EX_RANGE, array-valued
 * operators and built-in calls (size, sum, fill, cat ...), whose ranks the front end has checked
 * (mo_func_expr_rank). Calls have one positional argument per input slot (named arguments, defaults and
 * record arguments are resolved by flattening). In the flat model, which is scalar, the argument of an
 * array input is the array of its elements (nested MO_EX_ARRAY, one level per dimension), and a call
 * stands for one scalar: element func_el of output slot func_out. */
typedef enum mo_fvar_kind { MO_FV_INPUT, MO_FV_OUTPUT, MO_FV_LOCAL, MO_FV_ITER } mo_fvar_kind;

typedef struct mo_fvar {
    const char *name;         /* "x", or "r.a" for a field of the record variable r */
    mo_loc loc;               /* its declaration */
    mo_fvar_kind kind;
    mo_basetype type;         /* MO_T_REAL, MO_T_INTEGER, MO_T_BOOLEAN or MO_T_STRING (of the elements of
                               * an array; Strings are scalars) */
    mo_expr *binding;         /* default (inputs) or initial value (others) over the slots, or NULL */
    const mo_class *enum_cls; /* a slot of an enumeration type: the enumeration (its values are Integers) */
    int nd;                   /* dimensions: 0 for a scalar */
    mo_expr **dims;           /* nd sizes as expressions over the slots (sizes and values of inputs,
                               * constants); NULL for ':' (an input: the argument's size; an output or
                               * local: flexible, of size 0 until a whole-array assignment resizes it) */
    /* An input's default given by the modifier of a short class declared in a model, which may use the
     * model's components (World's function gravityAcceleration = standardGravityAcceleration(g = g * n)):
     * the expression as written, in inst_owner's text, evaluated at each call from a model in the
     * instance that holds the short class (funcall.c); binding is NULL then. */
    const mo_expr *inst_default;
    struct mo_class *inst_owner;
    const mo_class *extobj;   /* a slot of an external object class (12.9.7): the class; its value is the
                               * runtime's handle of the C object (mo2c_eo_add), an Integer */
} mo_fvar;

/* Is slot v an array whose size an assignment may change (a non-input declared with ':')? */
static inline bool mo_fvar_flexible(const mo_fvar *v)
{
    if (v->kind == MO_FV_INPUT)
        return false;
    for (int k = 0; k < v->nd; k++)
        if (!v->dims[k])
            return true;
    return false;
}

typedef struct mo_fparam {    /* one declared input or output */
    const char *name;
    mo_loc loc;
    const mo_class *record;   /* its record class, or NULL for a scalar */
    int rec_nd;               /* a record: the dimensions of an array of them (leading each field slot's) */
    int first, count;         /* its slots: vars[first .. first + count) */
    /* A functional input (12.4.2): the function type it takes (a partial function class), else NULL. In
     * a function made for a call (mo_func.generic false), the function the argument gives (fn_actual,
     * named through fn_written), whose inputs fn_bound[0 .. count) the argument binds (a partial
     * application, function g(a = 1)): those are its slots, "input.a"; fn_via: the package it reads the
     * constants of its own package through (mo_func.via), or NULL. A bound input that is a record has a
     * slot per field, "input.a.field": fn_slots[k] (fn_nbound of them) describes the slots of
     * fn_bound[k] as a parameter named "input.a" (a record variable of the function, mo_frecvar). */
    const mo_class *fn_type;
    mo_class *fn_actual, *fn_written, *fn_via;
    const char *fn_name;      /* the name of the function the argument gives (mo_func.name) */
    const char **fn_bound;
    int fn_nbound;
    struct mo_fparam *fn_slots;
    /* the functions the argument gives fn_actual's own functional inputs (function g(h = f)): fn_actual
     * is made for them (func.h's mo_fnbind, fn_nsub of them) */
    int fn_nsub;
    const struct mo_fnbind *fn_sub;
    /* An input that is an array of Strings (functions have no such slots): known when the model is
     * compiled, in a function made for a call (mo_func.generic false) the Strings the call gives
     * (str_n literals, a vector), no slots (count 0); element i in the body is chosen among them. */
    bool str_array;
    int str_n;
    struct mo_expr *const *str_values;
    bool no_der;              /* derivative annotation: listed in zeroDerivative or noDerivative */
    bool zero_der;            /* listed in zeroDerivative (the annotation needs der(input) = 0) */
} mo_fparam;

/* An external function (12.9): the C function's name, its arguments in the order of the C call, where
 * its value goes, and what the C compiler needs (annotations Include, Library, IncludeDirectory,
 * LibraryDirectory, modelica:// URIs resolved to directories). */
typedef enum mo_fxarg_kind {
    MO_XA_SLOT,               /* a slot: an input by value (an array: its elements' address), an output
                               * or protected variable by address */
    MO_XA_SIZE,               /* size(slot, dim + 1), a size_t */
    MO_XA_VALUE               /* a constant: value, a literal */
} mo_fxarg_kind;

typedef struct mo_fxarg {
    mo_fxarg_kind kind;
    int slot, dim;
    mo_expr *value;
} mo_fxarg;

typedef MO_VEC(const char *) mo_str_vec;

typedef struct mo_fext {
    const char *cname;        /* the C function: a C identifier (checked) */
    bool fortran;             /* "FORTRAN 77": cname_, every argument by address, matrices transposed */
    int ret;                  /* the output slot the C function's value goes to, or -1 (a void function) */
    int nargs;
    mo_fxarg *args;
    mo_str_vec includes;      /* Include: C text for the generated file (before the calls) */
    mo_str_vec libs;          /* Library names */
    mo_str_vec incdirs;       /* directories (file system paths) */
    mo_str_vec libdirs;
    const struct mo_func *dtor; /* a constructor of an external object (12.9.7): the destructor, an
                               * external function of the object alone, else NULL */
    const char *sources;      /* the Modelica Standard Library's C-Sources directory, when the
                               * function's libraries are built from it (build.c), else NULL */
} mo_fext;

typedef struct mo_fstmt mo_fstmt;
typedef struct mo_fstmt_list { int n; mo_fstmt **v; } mo_fstmt_list;
struct mo_fstmt {
    mo_stmt_kind kind;        /* ASSIGN, CALL, IF, FOR, WHILE, BREAK, RETURN (never WHEN) */
    mo_loc loc;
    const char *text;         /* the statement as written, for comments and run-time messages */
    int ntargets;             /* ASSIGN: slots assigned (several for (a, b) := f(x) or a record) */
    int *targets;             /*   slot per output of the call, -1 for a skipped one */
    mo_expr **target_exprs;   /*   NULL, or per target NULL or the subscripted target: an MO_EX_INDEX
                               *   over the target's slot (x[i] := v, A[:, j] := v) */
    mo_expr *value;           /* ASSIGN: the value; CALL: the call (assert(c, "msg") included) */
    int nconds;               /* IF: conditions (else body at bodies[nconds]); WHILE: 1 */
    mo_expr **conds;
    mo_fstmt_list *bodies;    /* IF: nconds + 1 bodies; WHILE, FOR: bodies[0] */
    int iter;                 /* FOR: the iterator's slot */
    mo_expr *range;           /* FOR: an MO_EX_RANGE over the slots */
};

/* Is s a group of statements that always runs: 'if true then ... end if', as a record assigned as a
 * whole becomes one assignment per field (fnstmt.c)? */
static inline bool mo_fstmt_is_group(const mo_fstmt *s)
{
    return s->kind == MO_ST_IF && s->nconds == 1 && s->conds[0]->kind == MO_EX_BOOL && s->conds[0]->ival;
}

typedef struct mo_func {
    const char *name;         /* full Modelica name, interned: "Pkg.poly" */
    const char *cname;        /* its C identifier in generated code: f_<n>_<sanitized name> */
    mo_loc loc;               /* the class name in its definition */
    const mo_class *cls;
    /* the package the function was reached through when it inherits it from the package that declares
     * it (Concrete.f, f declared in Simple, package Concrete extends Simple(k = 3)): the constants of
     * Simple that f reads are Concrete's (5.3); NULL otherwise */
    struct mo_class *via;
    const char *comment;
    MO_VEC(mo_fvar) vars;     /* slots */
    MO_VEC(mo_fparam) inputs, outputs;  /* declared inputs and outputs, in declaration order */
    int nin, nout;            /* slots of inputs [0, nin) and outputs [nin, nin + nout) */
    mo_fstmt_list body;       /* the algorithm sections, in order */
    int ninit;                /* the outputs and locals in the order they get their sizes and initial */
    int *init_order;          /*   values: each after the slots its dimensions and binding read */
    const struct mo_func *derivative; /* annotation(derivative = f_der), or NULL */
    const struct mo_func *derivative2; /* annotation(derivative(order = 2) = g_der2) on f = g_der: its
                               * derivative, of f's inputs and the derivatives of f's last nin(g_der2) -
                               * nin(f) inputs (scalar Reals), or NULL */
    bool inlinable;           /* the body is a chain of assignments over scalars (mo_func_inline can
                               * expand a call) */
    bool inline_arrays;       /* not inlinable, but the body is a chain of assignments of whole slots:
                               * index reduction may differentiate a call through its array values
                               * (funcinline.c) */
    bool inline_late;         /* annotation Inline, LateInline or InlineAfterIndexReduction = true:
                               * calls are expanded after index reduction (mo_dae_inline) */
    bool has_arrays;          /* some slot is an array */
    const mo_fext *ext;       /* an external function: its C call (no body), else NULL */
    /* f = der(g, u1, ...) (12.7.2): g, and g's input slots u1, ... in order (f has g's slots); its body
     * is made by mo_func_partials (funcdiff.c) right after flattening */
    const struct mo_func *pder_of;
    int npder;
    int *pder_wrt;
    bool generic;             /* functional inputs or arrays of String inputs not bound: a signature
                               * only; a call uses a function made for the functions and Strings its
                               * arguments give (funcallee.c) */
    int cg_mark;              /* codegen_fn.c's scratch mark (emitted or not) */
} mo_func;

/* fnexpr.c: the number of dimensions of an expression in the body of fn (0 in the flat model, where a
 * call stands for one element). */
int mo_func_expr_rank(const mo_func *fn, const mo_expr *e);
/* funcall.c: the base type of a resolved expression (MO_T_*), -1 when unknown. fn: the function whose slots
 * MO_EX_VAR indexes, NULL for the model's variables (flat). */
struct mo_flat;
int mo_func_expr_type(const struct mo_flat *flat, const mo_func *fn, const mo_expr *e);
const char *mo_func_type_name(int t);
/* flatten_sync.c: is e a clock expression (16.3): a Clock variable, a clock constructor, a sub-clock
 * operator applied to a clock, an if-expression of clocks? */
bool mo_flat_is_clock(const struct mo_flat *flat, const mo_expr *e);
/* flatten_sync.c: is name an operator of the synchronous language (Clock, sample, hold, previous, the
 * sub-clock operators, interval, firstTick)? */
bool mo_sync_op(const char *name);
/* The equation lhs = rhs of a clocked when-clause (16.6) with the clock c is lhs = $when(rhs, c) in the
 * flat model (flatten_when.c; a name no Modelica text can call): analysis/clocks.c reads the clock. */
#define MO_CLOCKED_WHEN "$when"
/* The simulation's start time as the simulator runs it (-startTime): the first tick of a periodic clock
 * (analysis/clocks.c), read by the generated code as d->start_time. */
#define MO_START_TIME "$startTime"

/* ---- events (flatten_when.c): when-clauses, reinit, assert, terminate ----
 * A when-equation is a chain of branches (when c1 then ... elsewhen c2 then ...) in priority order.
 * Its body is a list of statements over flat variables, run at the event where the branch's condition
 * becomes true (edge semantics): v = e assigns the discrete variable v, reinit(x, e) restarts the
 * state x. assert() outside when-equations is checked after every accepted step (mo_flat.asserts). */
typedef enum mo_wstmt_kind {
    MO_WS_ASSIGN,             /* lhs = rhs: lhs an MO_EX_VAR (the variable becomes discrete-time) */
    MO_WS_REINIT,             /* reinit(lhs, rhs): lhs an MO_EX_VAR naming a state */
    MO_WS_ASSERT,             /* assert(rhs, message, level) */
    MO_WS_TERMINATE,          /* terminate(message) */
    MO_WS_CALL                /* f(x); a call of a user function whose value is not used (an empty call,
                               * 12.4.7): rhs, evaluated for its asserts (mo_expr.func_out == nout) */
} mo_wstmt_kind;

typedef struct mo_wstmt {
    mo_wstmt_kind kind;
    mo_loc loc;               /* the equation in the source */
    mo_expr *lhs, *rhs;       /* see mo_wstmt_kind; rhs is the condition of an assert, the call of MO_WS_CALL */
    int nmsg;                 /* ASSERT, TERMINATE: the message as parts to concatenate: MO_EX_STRING */
    mo_expr **msg;            /*   literals and numeric expressions (the arguments of String(e)) */
    int level;                /* ASSERT: 1 = AssertionLevel.error (stops the run), 2 = warning */
} mo_wstmt;

typedef struct mo_wbranch {
    mo_expr *cond;            /* a Boolean expression (relations, initial(), sample(s, i), pre(b) ...) */
    mo_loc loc;               /* the condition in the source */
    MO_VEC(mo_wstmt) body;
} mo_wbranch;

typedef struct mo_fwhen {
    mo_loc loc;               /* the when keyword */
    const char *instance;     /* instance path of the component that holds it */
    int nbranches;            /* when + elsewhen branches, in priority order */
    mo_wbranch *branches;
} mo_fwhen;

/* ---- state machines (chapter 17; instantiate/flatten_sm.c) ----
 * transition(from, to, condition, immediate, reset, synchronize, priority) and initialState(state) are
 * kept as they are written, with the states named by their instance paths; in expressions,
 * activeState(state) is the call activeState("path") (an MO_EX_STRING argument), ticksInState() and
 * timeInState() are calls without arguments. analysis/statemachines.c turns all of them into clocked
 * equations (17.3) before the clocks are lowered. */
#define MO_SM_ACTIVE "activeState"
#define MO_SM_TICKS "ticksInState"
#define MO_SM_TIME "timeInState"

typedef struct mo_ftrans {
    mo_loc loc;               /* the transition or initialState equation */
    const char *instance;     /* instance path of the component that holds it */
    const char *from;         /* the from-state's instance path (initialState: the state) */
    const char *to;           /* the to-state's instance path; NULL for initialState */
    mo_loc from_loc, to_loc;  /* the arguments naming them */
    mo_expr *cond;            /* a Boolean expression; NULL for initialState */
    bool immediate, reset, synchronize;
    int priority;             /* >= 1 */
} mo_ftrans;

/* An inner outer variable (5.4) is two: its inner part, which the outer elements below it denote, and
 * its outer part, the inner element above. In a state, both are one variable defined by the states
 * below (17.3.7's example: merged as 17.3.6 says); statemachines.c reads the pairs. */
typedef struct mo_io_pair { int inner, outer; } mo_io_pair;

/* A Real variable x integrated in states of state machines (der(x) in their equations, in a partition
 * discretized by its clock's solverMethod: 17.1 with 16.8): x keeps its value while none of them is
 * active (active: a Boolean expression), and starts again from its start value when the state it is
 * declared in is reset (rst: that state's $reset variable, or -1 when x is declared in no state around
 * them). statemachines.c makes them, clocks_lower.c integrates so. */
typedef struct mo_sm_integ {
    int x;
    mo_expr *active;
    int rst;
} mo_sm_integ;

/* ---- algorithm sections of models and blocks (flatten_alg.c) ----
 * An algorithm section is one atomic block of statements (specification 11.1): it computes the
 * variables it assigns (its outputs) from the others it reads, as a whole, in the order written. Its
 * statements are over flat variables (MO_EX_VAR indexes mo_flat.vars, as in equations), scalarised:
 *   - an assignment to an array assigns all its elements together (every value is evaluated before
 *     any is stored), and (a, b) := f(x) assigns each output of one call;
 *   - a for-loop is unrolled: one body per value of its iterator, flattened with the iterator replaced
 *     by that value (code generation may roll it back into a C loop); a break leaves the whole loop;
 *   - if-statements whose conditions are parameter expressions keep only the branch taken (as
 *     if-equations do); other conditions are tested when the section runs;
 *   - when-statements are at the top level of the body only (11.2.7): the variables they assign are
 *     discrete, and their bodies run only at the event where a condition becomes true.
 * assert, terminate and a call statement are mo_wstmt records, as in when-equations. */
typedef struct mo_astmt mo_astmt;
typedef struct mo_astmt_list { int n; mo_astmt **v; } mo_astmt_list;

typedef enum mo_astmt_kind {
    MO_AS_ASSIGN,             /* targets[k] := values[k] for k < n, all values evaluated first; with
                               * index: targets[index - 1] := values[0] alone (below) */
    MO_AS_IF,                 /* if conds[0] then bodies[0] elseif ... else bodies[n] (n conditions) */
    MO_AS_FOR,                /* an unrolled for-loop: bodies[0 .. n), one per iteration, in order */
    MO_AS_WHILE,              /* while conds[0] loop bodies[0] */
    MO_AS_BREAK,              /* leaves the innermost for- or while-statement */
    MO_AS_WHEN,               /* when ... elsewhen ...: n branches; branch k fires when one of its
                               * conditions conds[cfirst[k] .. cfirst[k + 1]) becomes true (a vector
                               * condition has several), and runs bodies[k] */
    MO_AS_EVENT               /* assert, terminate, or f(x); evaluated for its asserts: event
                               * (MO_WS_ASSERT, MO_WS_TERMINATE, MO_WS_CALL) */
} mo_astmt_kind;

struct mo_astmt {
    mo_astmt_kind kind;
    mo_loc loc;               /* the statement in the source */
    int n;                    /* ASSIGN: targets; IF, WHEN: branches with a condition; FOR: iterations */
    int *targets;             /* ASSIGN: the variables assigned */
    mo_expr **values;         /* ASSIGN: n values (calls of one user function with the same argument
                               * array when made from a multi-output call) */
    int ncond;                /* IF: n, WHILE: 1, WHEN: cfirst[n] */
    mo_expr **conds;
    int *cfirst;              /* WHEN: n + 1 entries */
    mo_astmt_list *bodies;    /* IF: n + 1 (the last is the else branch, maybe empty); FOR, WHEN: n;
                               * WHILE: 1 */
    mo_wstmt *event;          /* EVENT */
    /* ASSIGN of an element chosen at run time (x[k] := v, k not a parameter expression: specification
     * 10.5): index is the subscript (an Integer expression), targets[0 .. n) are the elements of x it
     * chooses from, in order, and every values[k] is the one value v. Only targets[index - 1] is
     * assigned; an index outside 1..n ends the run (index_str: the target as written, for the message). */
    mo_expr *index;
    const char *index_str;
};

typedef struct mo_falg {
    mo_loc loc;               /* the algorithm keyword */
    const char *instance;     /* instance path of the component that holds it */
    bool initial;             /* an initial algorithm section */
    mo_astmt_list body;
    int nout;                 /* the variables assigned, ascending: every element of an array of which */
    int *outs;                /*   one element is assigned (11.1.2), and every field of a record */
} mo_falg;

/* The names of a clone's variables (flatten_clone.c), kept once per clone instead of once per variable
 * (a big model has millions): variable v in [first, first + n) is named path followed by the name of
 * variable v - shift (its template's) without that name's first cut bytes (the template's path).
 * The template's variable may itself be a clone's (clones nest). */
typedef struct mo_clone_names {
    int first, n;             /* the clone's variables */
    int shift;                /* the clone's var_shift: its template's variable is v - shift */
    int pathlen;              /* strlen(path) */
    int cut;                  /* the length of the template's path */
    const char *path;         /* the clone's instance path: its first pathlen bytes (not NUL-terminated
                               * there: the path of an instance inside the clone, say) */
} mo_clone_names;

typedef struct mo_flat {
    const char *name;         /* full name of the model: ModelicaByExample.Components.Rotational.Examples.SMD */
    const mo_class *cls;
    const char *comment;
    MO_VEC(mo_var) vars;
    MO_VEC(mo_feq) eqs;       /* equation sections and bindings */
    MO_VEC(mo_feq) initial_eqs;
    mo_map index;             /* interned name -> (void *)(intptr_t)(var index + 1); built only by debug
                               * builds (flatten.c checks that names are unique), else empty */
    mo_experiment experiment; /* the experiment annotation */
    MO_VEC(mo_func *) funcs;  /* user-defined functions called by the model (functions.c) */
    MO_VEC(mo_fwhen) whens;   /* when-equations, in source order (flatten_when.c) */
    MO_VEC(mo_wstmt) asserts; /* assert() outside when-equations (MO_WS_ASSERT statements) */
    MO_VEC(mo_falg) algs;     /* algorithm sections, initial ones included, in source order */
    MO_VEC(mo_ftrans) transitions; /* transitions and initial states, in source order */
    MO_VEC(mo_io_pair) sm_inner_outer; /* with transitions: the scalar inner outer variables (flatten.c) */
    MO_VEC(mo_sm_integ) sm_integrated; /* variables integrated in states (statemachines.c) */
    MO_VEC(mo_clone_names) clone_names; /* ascending first; emptied by mo_flat_unshare, which names
                                         * every variable */
    MO_VEC(mo_attr_later) attr_later;   /* emptied by mo_flat_unshare */
    bool clocked;             /* the model uses the synchronous language (flatten_sync.c): clocks.c lowers it */
    bool rt_strings;          /* a call gets a String built at run time (funcall.c): the generated
                               * functions release such Strings when they start (mo2c_sreset) */
} mo_flat;

/* flatvar.c, for the passes after flattening: a protected variable named name (interned here) with the
 * attributes attr (a record of its own), appended to the model; its number. mo_flat_add_discrete: a
 * discrete one with a fixed start value. */
int mo_flat_add_var(mo_flat *flat, const char *name, mo_basetype type, mo_variability variability,
                    const mo_var_attr *attr);
int mo_flat_add_discrete(mo_flat *flat, const char *name, mo_basetype type, mo_loc loc, const char *comment,
                         mo_expr *start);

/* Where the last clone's names were found (mo_clone_names), for the clone of the variable asked for
 * (outer) and for the templates' clones inside it (inner): a caller that asks in order pays no search.
 * Start with {0, 0}. */
typedef struct mo_name_hint { int outer, inner; } mo_name_hint;
/* flatvar.c: the name of variable var written into out (at most cap bytes, NUL-terminated when it
 * fits); returns its length (not written in full when >= cap). Reads only: threads may call it at
 * once, each with its own hint. */
size_t mo_flat_name_to(const mo_flat *flat, int var, char *out, size_t cap, mo_name_hint *hint);
/* flatvar.c: the clone whose variables hold var (a variable whose name is NULL); *hint: one of a
 * mo_name_hint's. */
const mo_clone_names *mo_flat_clone_of(const mo_flat *flat, int var, int *hint);

/* ---- front-end entry points ---- */

/* The library path: -L directories in order, then MODELICAPATH entries, then the bundled models/. */
typedef struct mo_libpath { int n; const char **dirs; } mo_libpath;

/* load.c: read FILE (and, when it lies inside a library tree, its enclosing packages) and find the class
 * MODEL (a dotted name; NULL means the file's own class). FILE NULL: MODEL is found through the library
 * path alone (its first name is a top-level library there). Returns NULL after reporting an error. */
const mo_class *mo_load(const char *file, const char *model, const mo_libpath *path);

/* flatten.c: instantiate cls and flatten it, connections included. NULL after errors. */
mo_flat *mo_flatten(const mo_class *cls);

/* flatprint.c: the readable text of --flat. */
void mo_flat_print(FILE *out, const mo_flat *flat);
/* flatprint_when.c: the when-equations and asserts of --flat (end of the equation section). */
void mo_flat_print_events(FILE *out, const mo_flat *flat);
/* flatprint_when.c, for flatprint_alg.c: " // path:line:col (instance)" and the end of the line; a
 * statement of a when-clause (or an assert) on a line of its own. */
void mo_flat_put_loc(mo_buf *b, mo_loc loc, const char *instance);
void mo_flat_put_wstmt(mo_buf *b, const mo_flat *flat, const mo_wstmt *s, const char *indent);
/* flatprint_alg.c: the algorithm sections of --flat (after the equation section). */
void mo_flat_print_algs(FILE *out, const mo_flat *flat);
/* funcprint.c: the user-defined functions of --flat (printed before the class). */
void mo_func_print(FILE *out, const mo_flat *flat);

/* Helpers over the flat model (flatten.c). */
/* The name of var ("?" when out of range), made in the arena for a clone's variable: for messages and
 * mo_expr_print, not for the printing threads (mo_flat_name_to). */
const char *mo_flat_var_name(void *flat, int var);
/* flatten_unshare.c: expand packed equations and give every equation expression trees of its own
 * (var_shift 0), for the back end. */
void mo_flat_unshare(mo_flat *flat);
/* instantiate/eval.c, after mo_flat_unshare: a fixed attribute that is a parameter expression
 * (dp_nominal(fixed = not system.use_eps_Re) in Fluid's pipe flow models) becomes its value, which
 * decides the initialization problem's unknowns (the parameters it reads are evaluated: -override
 * refuses them); the back end reads fixed as a literal. */
void mo_flat_fold_fixed(mo_flat *flat);
/* instantiate/strvars.c, after mo_flat_unshare: String variables whose equations give values known when the
 * model is compiled become constants, and their comparisons literals; String variables nothing reads lose
 * their equations and when-assignments. What is left, dae.c reports. false after an error. */
bool mo_str_vars(mo_flat *flat);
/* flatten_clone.c: flatten every component from its declaration (--no-clone). */
void mo_clone_disable(void);

/* instantiate/fneval.c: element el (row-major, 0-based; 0 for a scalar) of output out of user function fn
 * called with args (one per input slot, arrays nested MO_EX_ARRAY), run when the model is compiled (by
 * flattening, and by the analysis for parameter values: mo_eval_fns); the value of each scalar element
 * of the arguments comes from scalar_of(ctx, element). False when fn cannot run here (Strings, external,
 * a failed assert, too long) or an argument has no value. */
typedef bool mo_fn_scalar_fn(void *ctx, const mo_expr *e, double *out);
bool mo_fn_eval(const mo_func *fn, mo_expr **args, mo_fn_scalar_fn *scalar_of, void *ctx, int out, int el,
                double *val);
/* The same with the elements scalar_of has no value for not known: true with *val when element el of
 * output out is known (finite) whatever they are (fneval.c's partial evaluation). */
bool mo_fn_eval_partial(const mo_func *fn, mo_expr **args, mo_fn_scalar_fn *scalar_of, void *ctx, int out,
                        int el, double *val);

#endif
