/*
 * inst.h - internal API of the flattening stage (flatten.c, modify.c, eval.c, connect.c).
 *
 * Flattening builds an instance tree over the class layouts:
 *   - a layout (per class, cached) lists the components a class has after inheritance, in declaration
 *     order with extends clauses expanded in place, each with the extends chain it came through, plus the
 *     equation sections (inherited ones first);
 *   - an instance is a class instantiated under a modifier: one slot per layout item, holding a flat
 *     variable index (scalars of a predefined type), a child instance, or an array of either;
 *   - modifiers (mo_fmod) are merged trees where the outermost modification wins; each binding keeps the
 *     instance and class it was written in, so that its names are resolved where they were written.
 * Slots are filled on demand (a binding may refer to a component declared further down), so each slot
 * has a state; a reference to a slot under construction is a dependency cycle.
 */
#ifndef MO2C_INST_H
#define MO2C_INST_H

#include "lookup.h"

typedef struct mo_inst mo_inst;
typedef struct mo_fmod mo_fmod;

/* ---- modifiers (modify.c) ---- */
struct mo_fmod {
    const char *name;         /* the element or attribute modified; NULL for a whole modification */
    mo_loc loc;               /* where it was written */
    mo_expr *binding;         /* "= expr", or NULL */
    mo_inst *scope;           /* instance the binding's names are resolved in (NULL: class scope only) */
    mo_class *scope_cls;      /* class whose text holds the modifier (lexical lookup) */
    bool final_, each;
    bool outside;             /* written outside the class it modifies (component or short-class mod) */
    bool whole;               /* a field's share of a record value given as a whole (records.c: r = data),
                               * not a modification: it gives final fields their values too */
    struct mo_aval *val;      /* the binding already flattened (an element of an array binding, or the
                               * whole array value cached), or NULL: then binding is flattened in scope */
    mo_fmod *binding_over;    /* merged: the inner modifier whose values binding overrides (a record's
                               * fields given inside the modifier that gives the whole record: records.c) */
    /* A redeclaration (spec 7.3): the new element, a component (its modifier is this node's binding and
     * children) or a class (redeclare model M = B, the class's own modifiers stay on it), written in
     * redecl_cls's text, in instance redecl_scope; NULL on a plain modification. under: the (inner)
     * redeclaration node it replaces, whose constraining clause still counts (spec 7.3.2), or NULL. */
    mo_element *redecl;
    mo_class *redecl_cls;
    mo_inst *redecl_scope;
    const mo_fmod *under;
    int n;
    mo_fmod **sub;            /* nested modifiers, at most one per name, in source order */
};

mo_fmod *mo_fmod_from_ast(const mo_mod *m, mo_inst *scope, mo_class *scope_cls, bool outside);
mo_fmod *mo_fmod_merge(mo_fmod *outer, mo_fmod *inner);   /* outer wins; reports final violations */
mo_fmod *mo_fmod_child(const mo_fmod *m, const char *name);
/* A whole modification that redeclares one element: (redeclare r), r written in scope_cls's text and
 * its modifier's names resolved in instance scope (layout.c's redeclare elements of a class body). */
mo_fmod *mo_fmod_redeclare(mo_element *r, mo_inst *scope, mo_class *scope_cls);

/* ---- layouts ---- */
typedef struct mo_layout_ext {
    mo_element *ext;          /* the extends clause (NULL for the modifier of a short class) */
    mo_mod *mod;              /* its modification */
    int parent;               /* enclosing extends node, -1 when written in the class itself */
    mo_class *owner;          /* class whose text holds the clause */
} mo_layout_ext;

typedef struct mo_layout_item {
    mo_element *elem;         /* a component declaration */
    mo_class *owner;          /* class whose text declares it */
    int ext;                  /* extends node it came through, -1 when declared in the class itself */
} mo_layout_item;

typedef struct mo_layout_sec { mo_section *sec; mo_class *owner; } mo_layout_sec;

/* A component redeclared by an element of a class body (redeclare Real y = 3 in a class that inherits
 * replaceable Real y): the same as a redeclaration in the modifier of the extends clause it came
 * through (spec 7.3), which new_inst merges in. */
typedef struct mo_layout_rd {
    int ext;                  /* the extends node (of the class holding elem) the component came through */
    mo_element *elem;         /* the redeclaring component */
    mo_class *owner;          /* class whose text holds it */
} mo_layout_rd;

struct mo_layout {
    mo_class *cls;
    int n; mo_layout_item *items;
    mo_map index;             /* name -> (void *)(intptr_t)(item + 1) */
    int next; mo_layout_ext *exts;
    int nsec; mo_layout_sec *secs;
    int nrd; mo_layout_rd *rds;
    int ndup; mo_layout_item *dups;   /* items kept once as an earlier item of their name (spec 7.1) */
    mo_map dup_index;         /* name -> (void *)(intptr_t)(its last duplicate + 1) */
    int *dup_next;            /* duplicate -> the previous one of its name + 1, 0 for none */
    signed char od_state;     /* cgraph.c: 0 not asked yet, 1 no overdetermined item, 2 od_items says which */
    unsigned char *od_items;
};

mo_layout *mo_layout_of(mo_class *cls);   /* NULL after errors */
/* The binding that element id of class cls has in cls's modification environment (the modifiers of
 * short classes on the way, then of the extends clauses it came through, outermost first, then its
 * declaration's), and the class whose text holds it: false when it has none. */
bool mo_member_binding(mo_class *cls, const char *id, const mo_expr **value, mo_class **scope);
/* mo_map_get(&lay->index, name) with a cache in front (name interned): the item + 1, 0 when absent */
intptr_t mo_layout_find(const mo_layout *lay, const char *name);
/* Does a duplicate of name (an item kept once as an earlier one: a diamond) come through extends node k?
 * Its modifier may name it there (Fluid's DynamicPipe inherits PartialTwoPort twice, modifying it in both). */
bool mo_layout_dup_under(const mo_layout *lay, const char *name, int k);

/* ---- instances ---- */
/* A flag of instances and variables beside the MO_PF_* prefixes (mo_inst.flags, mo_var.flags): inside a
 * connector, or a connector itself (a flow variable elsewhere is no connection's business, spec 9.2).
 * The bit of MO_PF_EXPANDABLE, a class prefix that never reaches instances or variables. */
enum { MO_IF_CONNECTOR = MO_PF_EXPANDABLE };
/* A flag of instances only (mo_inst.flags): inside a parameter record declared with annotation(Evaluate
 * = true), whose fields are evaluated too (18.3: the annotation is the component's; the MSL's Spice3
 * transistors have modelcard and m so). The bit of MO_PF_REDECLARE, which no component passes on. */
enum { MO_IF_EVALUATE = MO_PF_REDECLARE };

enum { MO_SLOT_PENDING, MO_SLOT_BUSY, MO_SLOT_DONE };
enum { MO_SK_NONE, MO_SK_VAR, MO_SK_INST, MO_SK_ARRAY };

typedef struct mo_arr mo_arr;
typedef struct mo_slot {
    unsigned char state;      /* MO_SLOT_* */
    unsigned char kind;       /* MO_SK_*; NONE also for a disabled conditional component */
    int var;                  /* MO_SK_VAR */
    union {                   /* one slot per component of every instance: read the member of kind only */
        mo_inst *child;       /* MO_SK_INST */
        mo_arr *arr;          /* MO_SK_ARRAY */
    };
} mo_slot;

struct mo_arr {
    int ndims;
    int *dims;
    /* per dimension, the enumeration type or Boolean (their class) that indexes it, NULL for Integer;
     * the whole NULL when every dimension is indexed by Integer */
    const mo_class **dim_types;
    int total;
    mo_slot *elems;           /* row-major; each MO_SK_VAR or MO_SK_INST */
};

/* 56 bytes: a big model has millions of instances (clones copy theirs, flatten_clone.c) */
struct mo_inst {
    const char *path;         /* instance path: "" for the model, "inertia1", "a[2].b" */
    mo_layout *lay;           /* the layout of the long-form class instantiated (lay->cls: the class) */
    mo_fmod *mod;             /* modifier of the whole instance */
    mo_fmod **extmods;        /* modifier seen through each extends node (built with the instance) */
    mo_slot *slots;           /* one per layout item; read them with mo_slot_of (var_shift) */
    mo_inst *parent;
    /* A MO_SK_VAR slot of this instance denotes variable slot.var + var_shift. Not 0 only in a clone of
     * an instance whose slots are all variables (a connector, say), which shares the slots of the
     * instance it was cloned from (flatten_clone.c): slots are never written once made. */
    int var_shift;
    unsigned short flags;     /* prefixes imposed on the contents (MO_INST_FLAGS and MO_IF_CONNECTOR: all
                               * below bit 16) */
    unsigned char variability;/* mo_variability imposed by the enclosing declarations */
    bool is_connector : 1;    /* a connector, expandable or not */
    bool expandable : 1;      /* an expandable connector (expandable.c): its elements are made on demand */
    /* A clone of a component whose slots are variables and connectors only (flatten_clone.c): its slots
     * are shared by all such clones of one template, and a MO_SK_INST slot's var numbers the child among
     * the instances that follow this one in memory (one block), where the clone's own child is. */
    bool children_after : 1;
};

/* Is in an instance of cls, or of a class that inherits components from it? */
bool mo_inst_holds_class(const mo_inst *in, const mo_class *cls);
/* The nearest instance from `from` outwards that holds cls; NULL when there is none, or when a farther
 * one holds it too (a modifier written in cls's text: which instance applied it is not known). */
mo_inst *mo_inst_enclosing(mo_inst *from, const mo_class *cls);
/* The instance in which the modifier of a short class written in the text of class written is
 * evaluated, for a component made in instance at: the enclosing instance of that class when it is a
 * model, block or class (pipe1(redeclare model FlowModel = NominalTurbulentPipeFlow(m_flow_turbulent =
 * eps)) in Fluid's InverseParameterization reads the model's parameter when pipe1.flowModel is made);
 * NULL, the class's text only (where a name of an enclosing class must be a constant), for a package's
 * or a type's short class, or when mo_inst_enclosing does not know which instance. */
mo_inst *mo_short_mod_scope(mo_inst *at, const mo_class *written);

/* The prefixes a component passes on to its contents: flow and stream too, for a record (flow Complex f). */
#define MO_INST_FLAGS (MO_PF_PROTECTED | MO_PF_INPUT | MO_PF_OUTPUT | MO_PF_FLOW | MO_PF_STREAM)

/* Slot i of in: its variable shifted by in->var_shift, its child in's own. Read slots with it, not
 * in->slots[i] (apart from state and kind). */
static inline mo_slot mo_slot_of(const mo_inst *in, int i)
{
    mo_slot s = in->slots[i];
    if (s.kind == MO_SK_VAR)
        s.var += in->var_shift;
    else if (s.kind == MO_SK_INST && in->children_after)
        s.child = (mo_inst *)(in + 1 + s.var);
    return s;
}

/* ---- the flattening context shared by flatten.c and connect.c ---- */

/* Room for `more` further elements in vec (MO_VEC), so that MO_PUSH does not grow it. The big vectors of
 * flattening (variables, equations, connections, a clone's names) grow by an eighth once past a
 * megabyte, not double: big arena blocks grow by mremap without copying (base.c), so the small steps
 * cost nothing and leave far less reserved (a model of 2 million variables reserved 128 MB for 70). */
#define MO_VEC_RESERVE(vec, more) do { \
        if ((vec).n + (more) > (vec).cap) { \
            size_t es_ = sizeof(*(vec).v); \
            int nc_ = (size_t)(vec).cap * es_ >= ((size_t)1 << 20) ? (vec).cap + (vec).cap / 8 : 2 * (vec).cap; \
            if (nc_ < (vec).n + (more)) \
                nc_ = (vec).n + (more); \
            if (nc_ < 8) \
                nc_ = 8; \
            (vec).v = mo_realloc_arena((vec).v, es_ * (size_t)(vec).cap, es_ * (size_t)nc_); \
            (vec).cap = nc_; \
        } \
    } while (0)

/* One scalar connection found by a connect: two variables, each with its side (inside: a connector of a
 * component, outside: a connector of the instance the connect is written in). A big model has millions
 * of them, hence 12 bytes: the connect's location and instance path are kept once per connect, in
 * mo_front.conn_locs and conn_insts (fewer than MO_MAX_CONNECTS of them). */
enum { MO_MAX_CONNECTS = 1 << 27 };
typedef struct mo_conn_pair {
    int a, b;                 /* variable indices */
    unsigned conn : 27;       /* the connect equation: conn_locs.v[conn], conn_insts.v[conn] */
    unsigned a_outside : 1, b_outside : 1;    /* the sides (the sets of potentials ignore them) */
    unsigned flow : 1;
    unsigned string : 1;      /* String variables (their connection equations stay trees) */
    unsigned stream : 1;      /* stream variables (sets by side, as flows; equations by stream.c) */
} mo_conn_pair;

/* What connect.c needs of a variable, in one byte per variable: mo_var is 32 bytes, and the variables of
 * a big model's connects are read long after they were made, one cache miss each. */
enum {
    MO_VF_SCALAR_CONNECTOR = 1,   /* the variable is itself a connector (connector X = input Real) */
    MO_VF_FLOW = 2,               /* declared flow (mo_connect finds unconnected flows without reading vars) */
    MO_VF_PARAM = 4,              /* a parameter or a constant (variability <= MO_VAR_PARAMETER) */
    MO_VF_TYPE_SHIFT = 3,         /* bits 3 to 5: its mo_basetype */
    MO_VF_INPUT = 64, MO_VF_OUTPUT = 128   /* declared input / output (connect_check.c) */
};
/* the type bits of a stream variable (a Real): MO_T_* end below it, and connecting a stream variable to
 * any other is a mismatch of types */
enum { MO_VF_STREAM_TYPE = 7 };
static inline int mo_vf_type(unsigned char vf) { return (vf >> MO_VF_TYPE_SHIFT) & 7; }

typedef struct mo_front {
    mo_flat *flat;
    /* malloc'd (mo_conn_pair_push), not arena: mo_connect frees them once it has made the connection
     * sets, before it makes the equations (and mo_flatten, after errors) */
    MO_VEC(mo_conn_pair) pairs;
    MO_VEC(mo_loc) conn_locs;             /* connect.c: the location of each connect that made pairs */
    MO_VEC(const char *) conn_insts;      /* the same: the instance path of the class holding it */
    MO_VEC(unsigned char) vflags;         /* per variable, MO_VF_* */
    bool causal;                          /* some pair connects input or output variables */
    MO_VEC(mo_conn_pair) param_pairs;     /* connected parameters and constants (arena): checked equal */
    struct mo_exp_state *exp;             /* expandable.c: NULL until an expandable connector is made */
    struct stream_state *stream;          /* stream.c: NULL until a stream variable is declared */
    int str_arg;                          /* > 0 while a String argument of a call in a model is flattened:
                                           * + of Strings known only at run time stays (funcall.c) */
    MO_VEC(struct mo_expr *) str_later;   /* flatten_str.c: comparisons and joins that read a String
                                           * parameter while its own binding was flattened (arena) */
} mo_front;

/* flatten_type.c: the type of the component declared by layout item it, with the modifier mod it gets
 * from outside and its declaration (false after an error). */
typedef struct mo_comp_type {
    mo_class *cls;            /* long-form class, predefined type or enumeration */
    int basetype;             /* mo_basetype, or -1 for a class type */
    mo_fmod *mod;             /* the component's modifier merged over the short-class modifiers */
    unsigned prefixes;        /* prefixes of short class definitions (input, flow, parameter ...) */
    bool connector;           /* a connector class on the way */
    const struct mo_clone_mark *mark; /* a clone key already taken from the declaration's syntax, or NULL */
    /* array types (type Vector3 = Real[3]): the dimensions the short classes on the way add after the
     * declaration's own, outermost first (type T2 = T1[2]; type T1 = Real[3]: 2, then 3), each with the
     * class whose text holds it (package constants only: a type is no instance) */
    int ntdims;
    mo_expr **tdims;
    mo_class **tdim_scope;
} mo_comp_type;
/* at: the instance that holds the component (NULL: none), where modifiers of short classes written in
 * a model's text are evaluated (mo_inst_enclosing) */
bool mo_resolve_type(mo_layout_item *it, mo_fmod *mod, mo_comp_type *t, mo_inst *at);

/* prefixes.c: the prefix rules of 4.4.2.2 for declaration e of type t, a component of home, with the
 * prefixes flags it gets (its own and home's); false after an error. */
bool mo_prefixes_ok(const mo_inst *home, const mo_element *e, const mo_comp_type *t, unsigned flags);
/* flatten_expr.c: does reference e (an MO_EX_REF read in inst) start with a conditional component? Then
 * an error (4.4.5: such a component is only modified and connected), and true. */
bool mo_uses_conditional(const mo_inst *inst, const mo_expr *e);

/* flatten.c: make slot i of inst when it is not made yet (false after an error); the "did you mean"
 * note for an unknown component name in lay. */
bool mo_ensure_slot(mo_front *fr, mo_inst *inst, int i);
void mo_suggest_in_layout(const mo_layout *lay, const char *name);

/* flatten.c, for innerouter.c: build component i of inst as the inner part of an element declared
 * outer (inner outer, or an inner added at the top) into out, as a component of home; the type of
 * declaration it (after short classes: cls, and its mo_basetype or -1); the array sizes of declaration
 * i of inst. */
bool mo_build_inner(mo_front *fr, mo_inst *inst, int i, mo_slot *out, mo_inst *home);
bool mo_decl_type(const mo_layout_item *it, mo_class **cls, int *basetype);
bool mo_decl_dims(mo_front *fr, mo_inst *inst, int i, mo_arr *arr);

/* flatten_dims.c: the sizes of the array component of declaration it (its own dimensions, then its
 * type's), evaluated in inst, into arr (ndims, dims, total; no elements; while they are evaluated the
 * sizes not known yet are -1, for size() of an earlier dimension); false after an error. The modifier
 * of element j of array component name (of sizes arr): its part of each binding without 'each'; *err
 * set after an error. */
bool mo_eval_dims(mo_front *fr, mo_inst *inst, const mo_layout_item *it, mo_comp_type *t, const char *name,
                  mo_arr *arr);
mo_fmod *mo_split_mod(mo_front *fr, mo_fmod *m, int j, const mo_arr *arr, const char *name, bool *err);

/* innerouter.c: make the slot s of outer element i of inst denote the inner element (false after an
 * error); how many outer elements have been resolved so far (flatten_clone.c: did building a component
 * depend on where it is?). */
bool mo_outer_resolve(mo_front *fr, mo_inst *inst, int i, mo_slot *s);
unsigned long mo_context_count(void);
void mo_context_note(void);
/* innerouter.c, after the model's instances are made, in a model with state machines: the inner and the
 * outer part of each scalar inner outer variable into flat->sm_inner_outer (17.3.7). False after errors. */
bool mo_inner_outer_pairs(mo_front *fr);   /* the same for other things that depend on where they are (expandable.c) */
/* innerouter.c: may declaration it be inner or outer (not in a record or connector: spec 4.6)? False
 * after reporting why not. */
bool mo_inner_outer_allowed(const mo_layout_item *it);
/* innerouter.c: outer elements of classes that are not instantiated, used in instance inst: the inner
 * class of an outer class (a function, say; NULL after an error at use), and the inner component of an
 * outer component declared in a package (owner: the class declaring it) into *out (false after an
 * error). */
mo_class *mo_outer_class(mo_inst *inst, mo_class *outer, mo_loc use);
bool mo_outer_constant(mo_front *fr, mo_inst *inst, const mo_element *outer, mo_class *owner, mo_loc use,
                       mo_slot *out);

/* redeclare_inst.c: item it of inst under the modifier outer that reaches it from outside its
 * declaration: the modifier the component gets, and it changed to the new declaration and the class
 * whose text holds it when outer redeclares it (NULL after an error), with what its class must be
 * (chk). mo_redeclared_type_ok checks the class cls of the declaration now instantiated against chk. */
typedef struct mo_redecl_check {
    mo_class *k;              /* the constraining type the class must be a subtype of, or NULL */
    mo_loc k_loc;             /* where it is named */
    bool exact;               /* a redeclaration of a non-replaceable element: k itself */
    const char *name;         /* the element */
    mo_loc decl_loc;          /* its declaration */
} mo_redecl_check;
mo_fmod *mo_redeclared_item(mo_inst *inst, mo_layout_item *it, mo_fmod *outer, mo_redecl_check *chk);
bool mo_redeclared_type_ok(const mo_redecl_check *chk, const mo_element *now, mo_class *cls);
/* cls specialized by the class redeclarations of modifier m (its children redeclaring classes), cls
 * itself when m has none; NULL after an error. */
mo_class *mo_specialize_by_mod(mo_class *cls, const mo_fmod *m);
/* own, the modifier of an extends clause of instance in, with the redeclaration of a component by an
 * element of a class body (layout.c), which cannot be combined with a modifier of that component in the
 * clause (spec 7.3) */
mo_fmod *mo_redeclare_in_body(mo_fmod *own, const mo_layout_rd *rd, mo_inst *in);

/* flatten_ref.c */
/* Resolve a component reference to a slot (ensuring it is instantiated). Returns false after an error.
 * *disabled is set when the reference goes through a disabled conditional component. */
bool mo_resolve_slot(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_slot *out,
                     bool *disabled);
void mo_add_eq(mo_front *fr, mo_loc loc, const char *instance, mo_eq_origin origin, mo_expr *lhs,
               mo_expr *rhs, const char *comment);
mo_expr *mo_var_expr(mo_loc loc, int var);

/* Flatten one expression written in owner's text, in instance inst (NULL in a package). */
mo_expr *mo_flatten_expr(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e);
/* Flatten a list of equations (appended to flat->eqs or flat->initial_eqs). */
bool mo_flatten_eqs(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq_list *l, bool initial);

/* flatten_when.c: hooks of flatten_eq for the event constructs. mo_flatten_if_eq handles an
 * if-equation from its condition number `from` on, the first whose condition is not a parameter
 * expression. */
bool mo_flatten_when(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);
bool mo_flatten_call_eq(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);
/* flatten_when.c: variable var, assigned in a when-clause of inst, is not declared inside a component
 * (at any depth below inst) of a model or block class (4.4.4: balanced models); false after the error. */
bool mo_when_target_ok(mo_front *fr, const mo_inst *inst, int var, mo_loc loc);
/* flatten_when.c: the event statement (reinit, assert or terminate) of the call c written at loc, its
 * arguments checked and flattened, wherever it stands (the caller checks that it may stand there). */
bool mo_flatten_event_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *c, mo_loc loc,
                           mo_wstmt *s);

/* flatten_alg.c: an algorithm section of an instance (appended to flat->algs), once the instance's
 * components are made; then, after the whole model, the check that no variable is assigned in two
 * sections. false after an error. */
bool mo_flatten_alg(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_section *sec);
bool mo_in_algorithm(void);   /* inside an algorithm section's statements */
bool mo_flatten_algs_check(mo_flat *flat);
bool mo_flatten_if_eq(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, int from, bool initial);
bool mo_connect_allowed_here(const mo_eq *q);
bool mo_in_event_body(void);   /* inside a when-equation or a time-varying if-equation */
bool mo_in_when(void);         /* inside a when-equation */
bool mo_in_when_condition(void); /* inside the condition of a when-equation */

/* functions.c, funcall.c, funcall_model.c: user-defined functions (hooks of flatten.c).
 * mo_func_flatten_value: a call whose name finds a function class (user function, or external
 *   "builtin") or a record: 1 with the flat call in *user, 2 with a value in *out (a record
 *   constructor, a function whose result is a record, or an array result as one call per element),
 *   3 with *user the call rewritten to name the built-in of a function declared external "builtin"
 *   (its arguments as written, for the caller's built-in path), 0 when no class is found, -1 after an
 *   error.
 * mo_func_unknown: report "unknown function" with a "did you mean" note.
 * mo_func_equation: (a, b) = f(x) and record = f(x): 1 when done, -1 after an error, 0 when q is not
 *   such an equation. */
struct mo_aval;
int mo_func_flatten_value(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_expr **user,
                          struct mo_aval *out);
void mo_func_unknown(mo_class *owner, const mo_expr *fn, const char *name);
/* funcall.c: is name (as written, perhaps global: .Connections.root) an operator of overdetermined
 * connection graphs (spec 9.4), which are not done yet? */
bool mo_func_connections_op(const char *name);

/* cgraph.c: overdetermined connectors (spec 9.4). mo_cg_edge: is item i of ia overdetermined? Then its
 * pair (a, b) of connect q is an optional edge of the graph, paired by mo_cg_finish if it stays in the
 * spanning tree (true: not to be paired now). mo_cg_statement: Connections.branch/root/potentialRoot as
 * an equation; mo_cg_call: Connections.isRoot/rooted as a value (a placeholder until mo_cg_finish);
 * mo_cg_waits: is fn isRoot or rooted (an if-equation with such a condition waits, cardinality.c). */
bool mo_cg_overdetermined(const mo_layout_item *it);
int mo_cg_residue(const mo_layout_item *it);   /* its residue's size, -1 when not a literal */
bool mo_cg_edge(mo_front *fr, const mo_inst *ia, int i, const mo_slot *a, const mo_slot *b, bool aout, bool bout,
                const mo_eq *q, int conn);
int mo_cg_edge_count(void);
void mo_cg_connect(mo_inst *inst, mo_class *owner, const mo_slot *a, const mo_eq *q);   /* the connect paired now */
bool mo_cg_statement(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, const char *fn, bool initial);
bool mo_cg_waits(const mo_expr *fn);
bool mo_cg_finish(mo_front *fr);
/* cardinality.c: the first variable of a slot (depth first), -1 when it has none */
int mo_slot_first_var(const mo_slot *s);
/* funcall_model.c: f(x); as an equation, when f is a user function: 1 with the call (whose value is not
 * used) in *out, 0 when f is no user function (nothing reported), -1 after an error. */
int mo_func_empty_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_expr **out);
/* The number of arguments of a call of the built-in function name (sin, pre, sample ...): false after
 * "'sin' takes 1 argument, not 2" at the call; true for names it does not know. */
bool mo_func_builtin_arity(const mo_expr *call, const char *name);
int mo_func_equation(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);

/* connect.c: record a connect equation (resolved at once, for-loop iterators being in scope), then, once
 * the whole model is instantiated, generate the connection equations. */
void mo_connect_add(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *eq);
bool mo_connect(mo_front *fr);
/* connect.c: append a pair to fr->pairs (malloc'd), and a connect (its location and instance path) to
 * conn_locs and conn_insts, returning its number. */
void mo_conn_pair_push(mo_front *fr, mo_conn_pair p);
int mo_conn_add_connect(mo_front *fr, mo_loc loc, const char *instance);
/* connect_check.c: the restrictions of spec 9.3 that need whole connection sets or classes. Before
 * mo_connect makes the sets (fr->pairs still there): a connection set of causal variables has at most
 * one source (an inside output or an outside input); connected parameters and constants are equal (at
 * compile time when both values are known; parameters also by an assert). Once connector instance c is made: its
 * flow variables are as many as its potential ones (spec 9.3.1), unless it is simple or holds
 * overdetermined types. False after an error. */
bool mo_connect_check_sources(mo_front *fr);
bool mo_connect_check_params(mo_front *fr);
bool mo_connector_balanced(mo_front *fr, const mo_inst *c, mo_loc decl);
/* connect_check.c: slot s, made for declaration e of the block class block, when e is a public
 * connector (not expandable), has only input, output, parameter and constant variables (4.6; false
 * after the error) */
bool mo_block_connector_ok(mo_front *fr, const mo_slot *s, const mo_element *e, const mo_class *block);
/* connect_check.c: a flow e of operator record cls needs its '+', '-' and '0' (false after the error) */
bool mo_connect_flow_record_ok(const mo_class *cls, const mo_element *e);

/* expandable.c: expandable connectors (spec 9.1.3). mo_exp_made: instance in (expandable) was made;
 * mo_exp_find: element name added to bus by a connect (*out); mo_exp_connect: a connect with an
 * expandable connector on a side, handled here (true: done or failed, see mo_error_count; false: not
 * such a connect); mo_exp_finish: the augmentation of connected expandable connectors and their
 * connections, once the model is instantiated (false after an error). */
bool mo_exp_made(mo_front *fr, mo_inst *in);
bool mo_exp_find(const mo_front *fr, const mo_inst *bus, const char *name, mo_slot *out);
/* Part p of ref (written in inst) names an element of an array of bus that connects made element by
 * element (bus.x[2]): 1 and its slot, 0 when bus has no such array, -1 after an error (not present). */
int mo_exp_find_sub(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_inst *bus, const mo_expr *ref, int p,
                    mo_slot *out);
/* The size of dimension k (of ndims) declared ':' of the element of expandable connector inst being made
 * for a connect, from the connector on its other side (false: no such size) */
bool mo_exp_colon_size(const mo_front *fr, const mo_inst *inst, int k, int ndims, long long *n);
bool mo_exp_connect(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q);
bool mo_exp_finish(mo_front *fr);
/* An equation (not a for-equation, outside when-equations) that reads an element of an expandable
 * connector that no connect has added yet (spec 9.1.3: the connects anywhere in the model make the
 * elements): kept (true) and flattened by mo_exp_finish once every connect is; false otherwise. */
bool mo_exp_defer(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);
/* Can connects still add elements to expandable connectors (mo_exp_finish has not run)? */
bool mo_exp_pending(const mo_front *fr);
/* connect.c, for expandable.c: pair the scalars of slots a and b with the sides aout and bout for connect
 * q (number conn); whether a slot is a connector, or outside for a connect in inst. */
bool mo_connect_pair(mo_front *fr, const mo_slot *a, const mo_slot *b, bool aout, bool bout, const mo_eq *q, int conn);
bool mo_connect_is_connector(const mo_front *fr, const mo_slot *s);
bool mo_connect_is_outside(const mo_front *fr, const mo_inst *inst, const mo_expr *ref);

/* stream.c: stream connectors (spec chapter 15). mo_stream_declared: declaration e in home is stream,
 * of type t, false after the error; mo_stream_count: stream variables made so
 * far; mo_stream_connector: connector c (declared at decl) is complete, its stream variables get its one
 * flow variable; mo_stream_call: inStream(v) or actualStream(v) (name); mo_stream_finish (mo_connect):
 * the equations of stream variables, from their connection sets. False after an error. */
typedef struct mo_stream_sets {
    int nsets;
    const int *start;         /* set s: members start[s] .. start[s + 1] */
    const int *var;           /* per member: its stream variable */
    const unsigned char *outside;   /* per member: an outside connector's */
    const mo_loc *loc;        /* per set: its first connect, and the instance holding it */
    const char *const *inst;
} mo_stream_sets;
bool mo_stream_declared(mo_front *fr, const mo_inst *home, const mo_element *e, const mo_comp_type *t);
unsigned long mo_stream_count(const mo_front *fr);
bool mo_stream_connector(mo_front *fr, mo_inst *c, mo_loc decl);
bool mo_stream_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                    struct mo_aval *out);
bool mo_stream_finish(mo_front *fr, const mo_stream_sets *ss);
/* stream.c: the operands of a product, flattened: where one is the flow variable m of a stream variable
 * v and the other holds actualStream(v), its 'm > 0' is made noEvent (see there). */
void mo_stream_product(mo_front *fr, const struct mo_aval *a, const struct mo_aval *b);

/* connect.c: equation i of packed connection equations (flat.h) with trees, as mo_connect would have
 * made it (for mo_flat_unshare). */
void mo_connect_unpack(const mo_conn_eqs *c, int i, mo_feq *out);

/* flatten_sm.c: the state machine operators (chapter 17). mo_sm_op: is name one of transition,
 * initialState, activeState, ticksInState, timeInState? mo_sm_statement: the equation q, transition(...)
 * or initialState(...), into flat->transitions; false after an error. mo_sm_call: the call e of a query
 * as an expression, as mo_sync_call returns. */
bool mo_sm_op(const char *name);
bool mo_sm_statement(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial);
int mo_sm_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
               struct mo_aval *out);

/* flatten_sync.c: the call e of an operator of the synchronous language (mo_sync_op) in a model: 1 with
 * *out the flat call, -1 after an error, 0 when it is no such call after all (sample(start, interval) of
 * 3.7.5). */
int mo_sync_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                 struct mo_aval *out);

/* eval.c: evaluate a flat expression whose variables are parameters or constants with bindings. On
 * success the parameters it read are marked MO_VAR_EVALUATED: flattening uses the value, so -override
 * must refuse them. mo_eval_flat_peek does not mark them (a value that may not be used: flatten_if);
 * mo_eval_mark_read marks those of the last evaluation after all. */
bool mo_eval_flat(const mo_flat *flat, const mo_expr *e, double *out);
bool mo_eval_flat_peek(const mo_flat *flat, const mo_expr *e, double *out);
void mo_eval_mark_read(const mo_flat *flat);
bool mo_eval_read_parameter(const mo_flat *flat);   /* did the last evaluation read a parameter? */
/* eval.c: the scalar built-in f (abs, sqrt, integer, floor, ceil, sin, cos, tan, asin, acos, atan, sinh,
 * cosh, tanh, exp, log, log10, sign of a; min, max, div, mod, rem, atan2 of a and b; n arguments), and
 * binary operator op; false when not known here (or a division by zero, or asin, acos, log10 outside
 * their domains). */
bool mo_eval_builtin(const char *f, int n, double a, double b, double *out);
/* cos(a) or sin(a) (f) of an a that is k*pi/2 to rounding (0 < |k| <= 64): exactly 0, 1 or -1 in *out;
 * false otherwise (eval.c). Every compile-time evaluation of cos and sin goes through it. */
bool mo_eval_quarter_turn(const char *f, double a, double *out);
bool mo_eval_binary(mo_op op, double a, double b, double *out);
/* fneval.c: the Integer operation (+, -, *, abs, div, integer, a step of sum or product) whose value left
 * the 32-bit range (spec 4.9.2) in the last mo_fn_eval that failed so (it runs no further: the simulator
 * would fail there), else NULL; and the operation with its operands ("479001600 * 13"). */
const mo_expr *mo_fn_eval_overflow(void);
const char *mo_fn_eval_overflow_text(void);
/* eval.c: Integer operation e with operands a and b as a message shows it: "a + b", "0 - b" (unary
 * minus), "abs(a)", "div(a, b)", "integer(a)"; a step of sum or product as "a + b" or "a * b". */
const char *mo_int_op_text(const mo_expr *e, double a, double b);
/* fneval.c: the sizes of array output out of fn called with args (one per input slot, arrays nested
 * MO_EX_ARRAY, every element a parameter expression): fn run when the model is compiled, for an output
 * sized by its assignments (':'); false when it cannot run here. */
bool mo_fn_eval_size(const mo_flat *flat, const mo_func *fn, mo_expr **args, int out, int *dims);
/* eval.c: the type of flat expression e when it is surely no Boolean (a number or String literal, an
 * enumeration literal, a variable of another type, arithmetic), else NULL: for the conditions that
 * flattening evaluates itself (if-equations, conditional components), which types.c never sees. */
const char *mo_flat_nonboolean(const mo_flat *flat, const mo_expr *e);
/* After mo_eval_flat failed: when the reason was a binding that depends on itself, report it at loc
 * ("WHAT cannot be evaluated: the value of 'n' depends on itself", a note at n), a call of a
 * user-defined function in the expression or in a binding it reached ("not supported yet", at the call),
 * or bindings leading through too many others, and return true; else report nothing and return false
 * (the caller says what it needed). */
bool mo_eval_report_why(const mo_flat *flat, mo_loc loc, const char *what);
/* After mo_eval_flat failed: was it a binding that depends on itself or bindings leading through too
 * many others (an error whatever the value is for)? */
bool mo_eval_failed_in_bindings(void);
/* How many variable values evaluation has read so far (flatten_clone.c: did building a component
 * depend on values?). */
unsigned long mo_eval_var_reads(void);
void mo_eval_note_read(void);   /* for other code that reads a variable's value (String folding) */

/* flatten_attr.c: set on variable var the attribute that modifier c gives (c->name is start, fixed, unit ...;
 * errors as flattening reports them), and the value of a modifier's binding for variable var. */
void mo_set_attribute(mo_front *fr, int var, const mo_fmod *c);
/* flatten_attr.c: which attribute of a predefined type name is (MO_ATTR_*), or -1. ORDER MO_ATTR */
enum { MO_ATTR_START, MO_ATTR_FIXED, MO_ATTR_NOMINAL, MO_ATTR_MIN, MO_ATTR_MAX, MO_ATTR_UNIT, MO_ATTR_DISPLAY_UNIT,
       MO_ATTR_QUANTITY, MO_ATTR_STATE_SELECT, MO_ATTR_UNBOUNDED };
int mo_attribute_index(const char *name);
mo_expr *mo_mod_value(mo_front *fr, const mo_fmod *m, int var);
/* flatten_attr.c: the same with the name of the variable's type for messages; the value of m's binding
 * for the scalar named name (NULL: variable var). */
void mo_set_attribute_of(mo_front *fr, int var, const mo_fmod *c, const char *type_name);
mo_expr *mo_binding_expr(mo_front *fr, const mo_fmod *m, const char *name, int var);

/* flatten_clone.c: components made by cloning an earlier instance of the same class with a modifier of
 * the same shape. make_element calls mo_clone_begin (false: this component can never be a clone or a
 * template), then mo_clone_make (the clone, or NULL when no template exists yet: build the instance as
 * usual, then offer it with mo_clone_register). A clone is put into the slot out (as soon as it
 * exists, before the modifier's values are computed). */
typedef struct mo_clone_mark {
    struct mo_clone_tmpl *tmpl;   /* the template entry for this key */
    int v0, e0, ie0, p0;      /* sizes of vars, eqs, initial_eqs and pairs before the instance was built */
    int whens, asserts, algs;
    unsigned long reads;      /* mo_eval_var_reads() before */
    unsigned long outers;     /* mo_context_count() before */
    int pp0;                  /* size of param_pairs before (connected parameters: never cloned) */
    int errors;
} mo_clone_mark;
bool mo_clone_begin(mo_front *fr, mo_class *cls, const mo_fmod *mod, int variability, unsigned flags,
                    mo_clone_mark *mark);
mo_inst *mo_clone_make(mo_front *fr, const mo_clone_mark *mark, mo_inst *parent, const char *path,
                       mo_fmod *mod, mo_slot *out);
void mo_clone_register(mo_front *fr, const mo_clone_mark *mark, mo_inst *in);
/* The same for a component that nothing modifies but its own declaration's modifier mod (written in
 * owner, seen from parent): keyed and applied straight from the syntax, with no modifier tree. */
bool mo_clone_begin_syntax(mo_front *fr, mo_class *cls, const mo_mod *mod, int variability, unsigned flags,
                           mo_clone_mark *mark);
mo_inst *mo_clone_make_syntax(mo_front *fr, const mo_clone_mark *mark, mo_inst *parent, const char *path,
                              const mo_mod *mod, mo_class *owner, mo_slot *out);
/* flatten_clone.c, for flatten_unshare.c: has some component been cloned; a copy of e whose variables
 * are shifted by shift. */
bool mo_clone_any(void);
mo_expr *mo_clone_copy_shifted(const mo_expr *e, int shift);

#endif
