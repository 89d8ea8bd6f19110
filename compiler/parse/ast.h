/*
 * ast.h - the abstract syntax of Modelica 3.6 (Appendix A of the specification), as the parser builds it.
 *
 * The parser (grammar/parser.y) only calls the constructors in ast.c; every later stage reads these
 * structures. Expressions (mo_expr) are shared with the flat model and the back end: flattening turns
 * component references into MO_EX_VAR nodes that index the flat variable table, and everything else
 * keeps its shape.
 *
 * Every node carries its source location so that any error, at any stage, can point at the model text.
 * Lists are arena arrays with a count. Names are interned strings (see base.h).
 */
#ifndef MO2C_AST_H
#define MO2C_AST_H

#include "base.h"

typedef struct mo_expr mo_expr;
typedef struct mo_class mo_class;
typedef struct mo_element mo_element;
typedef struct mo_mod mo_mod;
typedef struct mo_equation_ast mo_eq;
typedef struct mo_statement mo_stmt;

/* ---- names ---- */

/* A dotted type or class name: Modelica.SIunits.Angle, or .Modelica.X when global.
 * A big model has millions of names (those of modifiers: fixed = true), so a name has no pointer to the
 * locations of its identifiers: read them with mo_name_loc, write them with mo_name_set_loc. They lie
 * in one block with ids, after room for n rounded up to a power of two identifiers, 8 bytes each,
 * relative to the name's loc (so change the loc of a name with mo_name_move); mo_name_init makes such a
 * name, the parser grows one by doubling. The exception are the parser's names of one identifier
 * (single): the node alone, ids pointing to a cell shared by all such names of that identifier (so
 * never write into the ids of a parsed name), the identifier's location being loc (mo_name_move gives
 * such a name a block of its own). Likewise the parser's compact names, written A.B.C on one line
 * without spaces (the type names of most declarations): ids is shared by all such names of those
 * identifiers, and the identifiers' locations follow from loc and their lengths (mo_name_loc). */
typedef struct mo_name {
    mo_loc loc;
    bool global;          /* written with a leading dot: lookup starts at the top level */
    bool single;          /* one identifier located at loc, ids a shared cell (see above) */
    bool compact;         /* several identifiers written A.B.C from loc's column, ids shared (see above) */
    int n;                /* number of identifiers */
    const char **ids;     /* interned identifiers, then the location of each (see above) */
} mo_name;

/* One part of a component reference: inertia1, flange_a[2], x[1:end].
 * A big model has millions of parts (two per side of every connect), so a part is 16 bytes (instead of
 * 40): it keeps its location relative to its reference's own, the line as an offset from the
 * reference's line, and its column and length. Read it with mo_ref_part_loc(ref, i) and write it with
 * mo_ref_part_set_loc(ref, i, loc) once ref->loc is set; a reference's loc keeps its file and line
 * after its parts are located (the parser's spans keep their first line; a copy keeps the loc). A part
 * that cannot be written so (another file, a line before the reference's or 255 lines after it), and a
 * part with subscripts (rare in big models), has its location and its subscripts in a table of
 * ast_name.c, and col/len index it: read the subscripts with mo_ref_part_subs, give them with
 * mo_ref_part_set_subs (which locates the part again, so set its location first). A copy of a part
 * shares its subscripts, as a copy of a pointer would. */
typedef struct mo_ref_part {
    const char *id;       /* interned */
    unsigned nsubs : 24;  /* number of subscripts (mo_ref_part_subs), 0 when none (the parser refuses more) */
    unsigned dline : 8;   /* line - reference's line; MO_REF_PART_FAR: col/len index ast_name.c's table */
    unsigned col : 20;    /* as in mo_loc */
    unsigned len : 12;
} mo_ref_part;
enum { MO_REF_PART_FAR = 255, MO_MAX_SUBSCRIPTS = (1 << 24) - 1 };

/* ---- expressions ---- ORDER MO_EX (mo_expr_kind_name in ast.c) */
typedef enum mo_expr_kind {
    MO_EX_REAL,        /* real literal: .real, .text keeps the spelling */
    MO_EX_INT,         /* integer literal: .ival, .text (no .real: it shares ival's storage) */
    MO_EX_STRING,      /* string literal: .str (escapes already decoded) */
    MO_EX_BOOL,        /* true / false: .ival */
    MO_EX_REF,         /* component reference: .ref (AST only; flattening resolves it) */
    MO_EX_VAR,         /* flat variable: .var (index into the flat variable table), .var_subs for arrays */
    MO_EX_DER,         /* der(a[0]) once resolved; the parser produces MO_EX_CALL "der" */
    MO_EX_CALL,        /* function call: .call.name (a reference), .args, .named, or a reduction */
    MO_EX_BINARY,      /* .op, .a[0], .a[1] */
    MO_EX_UNARY,       /* .op (MO_OP_NEG, MO_OP_PLUS, MO_OP_NOT), .a[0] */
    MO_EX_IF,          /* if c1 then e1 elseif c2 then e2 else e3: .a = {c1, e1, c2, e2, ..., else} */
    MO_EX_RANGE,       /* start:stop (.n = 2) or start:step:stop (.n = 3) in .a */
    MO_EX_ARRAY,       /* {a, b, c}: .a, .n; or {e for i in r} with .iters */
    MO_EX_MATRIX,      /* [a, b; c, d]: rows in .a, each an MO_EX_ARRAY (a row of the matrix) */
    MO_EX_END,         /* 'end' inside a subscript */
    MO_EX_COLON,       /* ':' as a subscript */
    MO_EX_TUPLE,       /* (a, , b) as the left side of a multiple-output call; NULL for empty slots */
    MO_EX_PARTIAL_FN,  /* function f(x = 1): .call */
    MO_EX_TIME,        /* the built-in variable time, once resolved */
    MO_EX_INDEX,       /* a[0][a[1], ..., a[n-1]]: subscripts of an array value (function bodies only, flat.h):
                        * each subscript a scalar index, MO_EX_COLON, or a vector of indices */
    MO_EX_KIND_COUNT
} mo_expr_kind;

/* Operators. ORDER MO_OP (mo_op_text in ast.c) */
typedef enum mo_op {
    MO_OP_ADD, MO_OP_SUB, MO_OP_MUL, MO_OP_DIV, MO_OP_POW,
    MO_OP_EADD, MO_OP_ESUB, MO_OP_EMUL, MO_OP_EDIV, MO_OP_EPOW,   /* .+ .- .* ./ .^ */
    MO_OP_LT, MO_OP_LE, MO_OP_GT, MO_OP_GE, MO_OP_EQ, MO_OP_NE,
    MO_OP_AND, MO_OP_OR, MO_OP_NOT,
    MO_OP_NEG, MO_OP_PLUS,                                       /* unary - and + */
    MO_OP_COUNT
} mo_op;

/* A named argument f(x = 1). */
typedef struct mo_named_arg {
    const char *name;
    mo_loc loc;
    mo_expr *value;
} mo_named_arg;

/* A for-iterator: i in 1:n (range may be NULL: "for i loop", range deduced from use). */
typedef struct mo_iterator {
    const char *name;
    mo_loc loc;
    mo_expr *range;
} mo_iterator;

/* Big models have millions of expression nodes, so the node is packed: kind and op are single bytes,
 * and fields that only some kinds use share storage in an anonymous union, one group per family of
 * kinds. Every field keeps its name, so code reads e->real or e->fn as before; what changes is that a
 * field may be read only on a node of a kind that owns it (reading e->fn of a literal gives its bits).
 *
 * The fields come in the order header (up to loc), union, tail (a, named, str), and each group of the
 * union puts what its kinds use first, so that the most numerous nodes are allocated short, with only
 * the bytes their kind uses (MO_EXPR_*_BYTES below): MO_EX_VAR nodes of flattening (the header), and
 * the parser's literals (MO_EX_BOOL: header and ival; MO_EX_INT, MO_EX_REAL: the literal group) and
 * references (MO_EX_REF: the reference group). Every other node, and every node made by mo_expr_new,
 * is whole. So on a node of those kinds never read or write the tail or another group of the union
 * (a, named, str, fn, niters ...: n = nnamed = 0 already says that they have no operands), and copy a
 * node with mo_expr_dup or mo_expr_copy (they copy mo_expr_bytes of it), never with *x = *e.
 * Debug builds poison the missing bytes of a short node for the address sanitizer (ast.c), so a test
 * that reads or writes past a short node fails.
 * Audit of this layout (every read and write of each field in compiler/ and grammar/): literal fields
 * (real, ival, text) are only touched under MO_EX_REAL/INT/BOOL checks (ival alone on MO_EX_BOOL), and
 * real only on MO_EX_REAL (ival and real share storage: eval.c, expr.c, flatten.c, flatten_str.c and
 * ast.c read an integer literal's ival);
 * reference fields (nparts, parts, global) only on MO_EX_REF nodes (callees of calls included); call
 * fields (fn, iters, niters, func, func_out, func_el) only on MO_EX_CALL, MO_EX_PARTIAL_FN and MO_EX_ARRAY
 * (comprehensions) nodes; a, named and str only where n, nnamed or the kind (MO_EX_STRING, MO_EX_CALL)
 * says they are there. No node changes its kind after construction. Whole-node copies (*x = *e) are
 * left only where e is of a kind that is always whole: MO_EX_IF (arrays.c), MO_EX_CALL (flatten_expr.c,
 * flatten_str.c, funcall.c, functions.c), nodes with operands or named arguments (dae.c, expr.c,
 * functions.c); funcall.c's field_ref and mo_expr_copy copy references and literals with mo_expr_dup.
 * Fields that generic walkers read on every node stay in the header: n, nnamed, var and depth.
 * str is also the name of a further output of a user function call; constructors in expr.c and
 * funcall.c, and mo_expr_call, set var = -1 on every node. */
struct mo_expr {
    unsigned kind : 7;        /* mo_expr_kind */
    /* a hint that the node may be reached by several paths of one expression (mo_dag below): the one
     * field written after construction, by the builders that share nodes; never changes a meaning */
    unsigned shared : 1;
    unsigned op : 8;          /* mo_op: MO_EX_BINARY, MO_EX_UNARY */
    /* height of the tree below this node (1 for a leaf), kept by ast.c's constructors so that the
     * parser can refuse trees deeper than MO_MAX_EXPR_DEPTH (saturates at 65535); 0 when a node was
     * built another way */
    unsigned depth : 16;
    int n;                    /* number of operands in a[] */
    int nnamed;               /* MO_EX_CALL / MO_EX_PARTIAL_FN: named arguments in named[] */
    /* MO_EX_VAR (after flattening) */
    int var;                  /* index into the flat model's variables */
    mo_loc loc;
    union {
        struct {              /* MO_EX_BOOL (ival only), MO_EX_INT, MO_EX_REAL */
            union {           /* (one of them: an integer literal has no real, read it as (double)ival) */
                long long ival; /* MO_EX_INT, MO_EX_BOOL */
                double real;  /* MO_EX_REAL */
            };
            const char *text; /* literal spelling (MO_EX_REAL, MO_EX_INT) */
        };
        struct {              /* MO_EX_REF */
            int nparts;
            bool global;      /* .a.b */
            mo_ref_part *parts;
        };
        struct {              /* MO_EX_CALL / MO_EX_PARTIAL_FN: callee in .fn; positional args in a[] */
            mo_expr *fn;      /* an MO_EX_REF naming the function (der, sin, Modelica.Math.sin ...) */
            /* reductions and comprehensions (also MO_EX_ARRAY): sum(x[i] for i in 1:n), {i for i in 1:n} */
            mo_iterator *iters;
            /* MO_EX_CALL of a user-defined function after flattening (flat.h, functions.c): the function,
             * which of its output slots is the value of this call (0: the first; str then names it when
             * > 0), and for an array output in the flat model, which element (row-major, 0-based).
             * func is NULL for built-in functions. */
            const struct mo_func *func;
            unsigned short niters;    /* (the parser refuses more than MO_MAX_ITERATORS) */
            unsigned short func_out;  /* (functions.c refuses more than MO_MAX_ITERATORS output slots) */
            int func_el;
        };
    };
    mo_expr **a;              /* operands */
    mo_named_arg *named;
    const char *str;          /* MO_EX_STRING (decoded), NUL-terminated; may contain any bytes but NUL */
};

/* The sizes of short nodes (see above). The MO_EX_VAR nodes that flattening makes (mo_var_expr, one per
 * variable reference: the most numerous nodes of a big model) have the header alone. (The arena keeps
 * slack at the end of its chunks: a stray read past a short node reads garbage, never unmapped memory.) */
#define MO_EXPR_VAR_BYTES offsetof(mo_expr, ival)
#define MO_EXPR_BOOL_BYTES offsetof(mo_expr, text)
#define MO_EXPR_LITERAL_BYTES (offsetof(mo_expr, text) + sizeof(const char *))
#define MO_EXPR_REF_BYTES (offsetof(mo_expr, parts) + sizeof(mo_ref_part *))

/* Limits that keep recursion bounded. Open brackets and nested class definitions deeper than
 * MO_MAX_NESTING are a syntax error (nobody writes them; bison's stack stays small). Expression trees
 * higher than MO_MAX_EXPR_DEPTH are an error too: long operator chains (a + b + ... written by tools)
 * are legitimate, so the limit is generous, and main.c runs the compiler on a thread whose stack holds
 * recursive walkers over such a tree (below 65535, where mo_expr.depth saturates). */
enum { MO_MAX_NESTING = 1000, MO_MAX_EXPR_DEPTH = 50000 };
/* The iterators of one reduction or comprehension, and the output slots of one function: mo_expr keeps
 * both counts in 16 bits. */
enum { MO_MAX_ITERATORS = 65535 };

/* ---- modifications ---- */

/* One argument of a class modification: [each] [final] name [modification] [comment],
 * or a redeclaration / replaceable element. */
typedef enum mo_arg_kind { MO_ARG_MOD, MO_ARG_REDECLARE, MO_ARG_REPLACEABLE } mo_arg_kind;

/* (The fields of mo_arg, mo_mod and mo_equation_ast are ordered so that no padding is left: a big model
 * has millions of them.) */
typedef struct mo_arg {
    /* MO_ARG_MOD: the (possibly dotted) name being modified, in the argument itself (a big model has
     * millions of arguments, most of them named by one identifier). Its loc is the argument's location
     * (the argument has no loc of its own); on a redeclaration or replaceable element that is the
     * keyword's, and mo_name_loc(&name, 0) the element name's. */
    mo_name name;
    mo_mod *mod;              /* MO_ARG_MOD: its modification, may be NULL */
    unsigned char kind;       /* mo_arg_kind */
    bool each, final_;
    /* The string comment (MO_ARG_MOD) or the new element (MO_ARG_REDECLARE / MO_ARG_REPLACEABLE): rare
     * in a big model, which has millions of arguments, so they lie in a table of ast_build.c (48 bytes
     * instead of 56): read them with mo_arg_comment and mo_arg_element. 0 when there is none, else the
     * index in that table + 1. Audit: the comment is read in ast_build.c (der_arguments), the element
     * in ast_build.c (builders of redeclarations), parser.y (actions that build a replaceable element)
     * and test_parse_print.c. */
    unsigned extra;
} mo_arg;

/* modification: class-modification [= expr] | = expr | := expr
 * A big model has millions of modifications, most of them inside an argument (phi(fixed = true)), so
 * the parser allocates those short: without loc (nothing reads the location of an argument's
 * modification: its argument's name locates it), and without args when they have none (a binding
 * alone, = 1.5: MO_MOD_BINDING_BYTES; with arguments MO_MOD_ARG_BYTES). The modifications of
 * declarations, extends clauses, short classes, constraining clauses and annotations are whole.
 * So never read args when nargs is 0, nor loc on the modification of an argument (mo_arg.mod).
 * Audit (every reader of args and loc in compiler/ and tests/unit/): readers of args (modify.c,
 * flatten.c, flatten_clone.c, functions.c, test_parse_print.c) all index args below nargs; the one
 * reader of loc (modify.c, mo_fmod_from_ast) gets the modifications of declarations, extends clauses
 * and short classes; the one whole-node copy (ast_build.c, merge_annotations) copies an annotation.
 * Debug builds poison the missing bytes for the address sanitizer. */
struct mo_mod {
    mo_expr *binding;         /* "= expr", or NULL */
    int nargs;
    bool has_parens;          /* "()" was written, even if empty */
    bool assign;              /* binding written with ":=" (only legal in some places) */
    bool binding_break;       /* "= break" (Modelica 3.6 selective model extension) */
    mo_arg *args;             /* class modification arguments, in order (nargs > 0 only) */
    mo_loc loc;               /* not on the modification of an argument */
};
#define MO_MOD_BINDING_BYTES offsetof(mo_mod, args)
#define MO_MOD_ARG_BYTES offsetof(mo_mod, loc)

/* ---- comments and annotations ---- */
typedef struct mo_comment {
    const char *text;         /* string comment (concatenated with +), or NULL */
    mo_mod *annotation;       /* annotation(...) as a modification, or NULL */
} mo_comment;

/* ---- elements ---- */
typedef enum mo_elem_kind { MO_ELEM_IMPORT, MO_ELEM_EXTENDS, MO_ELEM_COMPONENT, MO_ELEM_CLASS } mo_elem_kind;

/* Prefix flags, shared by components and classes. */
enum {
    MO_PF_PARAMETER = 1 << 0, MO_PF_CONSTANT = 1 << 1, MO_PF_DISCRETE = 1 << 2,
    MO_PF_INPUT = 1 << 3, MO_PF_OUTPUT = 1 << 4,
    MO_PF_FLOW = 1 << 5, MO_PF_STREAM = 1 << 6,
    MO_PF_INNER = 1 << 7, MO_PF_OUTER = 1 << 8,
    MO_PF_REPLACEABLE = 1 << 9, MO_PF_REDECLARE = 1 << 10,
    MO_PF_FINAL = 1 << 11, MO_PF_PROTECTED = 1 << 12,
    MO_PF_PARTIAL = 1 << 13, MO_PF_ENCAPSULATED = 1 << 14,
    MO_PF_EXPANDABLE = 1 << 15, MO_PF_PURE = 1 << 16, MO_PF_IMPURE = 1 << 17,
};

typedef enum mo_import_kind {
    MO_IMPORT_QUALIFIED,      /* import A.B.C;        name C            */
    MO_IMPORT_RENAMING,       /* import D = A.B.C;    name D            */
    MO_IMPORT_UNQUALIFIED,    /* import A.B.*;                         */
    MO_IMPORT_MULTIPLE        /* import A.B.{C, D};   names in .names   */
} mo_import_kind;

/* A big model has hundreds of thousands of elements, so the fields that only one kind of element uses
 * share storage in an anonymous union, one group per kind; every field keeps its name, but may be read
 * only on an element of the kind that owns it (reading cls of a component gives its bits). Fields read
 * on elements of several kinds, or whose readers are many, stay outside: kind, loc, flags, mod
 * (extends and components), name and type (NULL on other kinds), comment, constrainedby and
 * constrainedby_mod (replaceable components and classes).
 * The parser allocates elements without the MO_PF_REPLACEABLE flag short, without constrainedby and
 * constrainedby_mod (MO_ELEMENT_SHORT_BYTES): read those only on a replaceable element (the builders of
 * replaceable elements, ast_build.c, copy the element into a whole one; nothing else copies elements
 * or reads those fields but test_parse_print.c, on a replaceable class). Debug builds poison the rest.
 * Most of a big model's elements are declarations without dimensions or comment (Inertia inertia7(J =
 * 2)): the parser allocates those shorter still (short_component, MO_ELEMENT_COMPONENT_BYTES: up to
 * type_dims), so read type_dims and dims only below ntype_dims and ndims, and the comment of an
 * element only with mo_element_comment (audit: flatten.c's one reader of a component's comment uses
 * it; test_parse_print.c reads it on a commented component, whole; the builders of ast_build.c make an
 * element whole, whole_element, before they give it type dimensions or a constraining clause's comment).
 * Audit of this layout (every read and write of the union's fields in compiler/, grammar/ and
 * tests/unit/): import fields are read in lookup.c (scope building, under a check for MO_ELEM_IMPORT;
 * resolve_import and lookup_imports, on elements that the scope's import tables hold) and in
 * test_parse_print.c on imports; base in lookup.c (under MO_ELEM_EXTENDS) and flatten.c (on
 * mo_layout_ext.ext, an extends clause); extends_annotation only by its builder and that unit test;
 * ntype_dims, type_dims, ndims, dims and condition in flatten.c, functions.c and layout items, on
 * components (layout items, record fields and lookup's f.comp are components); cls in load.c,
 * lookup.c, layout.c, funcall.c and the unit test under a check for MO_ELEM_CLASS; the builders
 * (ast_build.c, lookup.c and load.c for class elements) write only the fields of the kind they make. */
struct mo_element {
    unsigned char kind;       /* mo_elem_kind */
    bool short_component;     /* a component allocated short (MO_ELEMENT_COMPONENT_BYTES, see above) */
    unsigned flags;           /* MO_PF_* (MO_PF_PROTECTED when in a protected section) */
    mo_loc loc;
    mo_mod *mod;              /* extends modification / component modification */
    /* MO_ELEM_COMPONENT: one declaration of a component clause (a, b, c share type and prefixes) */
    const char *name;
    mo_name *type;            /* type specifier */
    union {
        struct {              /* MO_ELEM_IMPORT */
            mo_import_kind import_kind;
            bool import_checked;      /* lookup.c: the rules of 13.2 checked (once, at its first use) */
            int nimport_ids;          /* MO_IMPORT_MULTIPLE: import_ids */
            mo_name *import_name;     /* the package or class imported */
            const char *alias;        /* MO_IMPORT_RENAMING */
            const char **import_ids;  /* MO_IMPORT_MULTIPLE */
        };
        struct {              /* MO_ELEM_EXTENDS */
            mo_name *base;            /* extends base */
            mo_mod *extends_annotation; /* annotation of an extends clause */
        };
        struct {              /* MO_ELEM_COMPONENT */
            int ntype_dims;           /* Real[3] x: type_dims */
            int ndims;                /* Real x[3]: dims */
            mo_expr *condition;       /* conditional component: "if expr", or NULL */
            mo_expr **type_dims;      /* (not on a short component: read only below ntype_dims) */
            mo_expr **dims;           /* (not on a short component: read only below ndims) */
        };
        struct {              /* MO_ELEM_CLASS */
            mo_class *cls;
        };
    };
    mo_comment comment;       /* not on a short component: read it with mo_element_comment */
    /* replaceable (MO_PF_REPLACEABLE) elements only: constrainedby clause */
    mo_name *constrainedby;
    mo_mod *constrainedby_mod;
};
#define MO_ELEMENT_COMPONENT_BYTES offsetof(mo_element, type_dims)
#define MO_ELEMENT_SHORT_BYTES offsetof(mo_element, constrainedby)

/* An element's comment (none on a short component). */
static inline mo_comment mo_element_comment(const mo_element *e)
{
    mo_comment none = {0};
    return e->short_component ? none : e->comment;
}

/* ---- equations (ORDER MO_EQ) ---- */
typedef enum mo_eq_kind {
    MO_EQ_EQUAL,              /* lhs = rhs */
    MO_EQ_CONNECT,            /* connect(lhs, rhs), both MO_EX_REF */
    MO_EQ_IF,                 /* if c1 then b1 elseif c2 then b2 else b3: conds[i], bodies[i]; else body at index nconds */
    MO_EQ_FOR,                /* for iters loop body end for: bodies[0] */
    MO_EQ_WHEN,               /* when c1 then b1 elsewhen c2 then b2 */
    MO_EQ_CALL                /* a function call used as an equation: assert(...), reinit(...), terminate(...) */
} mo_eq_kind;

typedef struct mo_eq_list { int n; mo_eq **v; } mo_eq_list;

/* The parser allocates the equations that have no body (MO_EQ_EQUAL, MO_EQ_CONNECT, MO_EQ_CALL: most
 * equations, all the connects) short, with the fields up to comment only (MO_EQ_SHORT_BYTES): on those
 * never read niters, conds, bodies or iters; and a connect without comment (has_comment false) up to
 * rhs (MO_EQ_CONNECT_BYTES): never read its comment. Audit (every reader of mo_eq in compiler/ and
 * tests/unit/: flatten.c, flatten_when.c, funcall.c, connect.c, test_parse_print.c): they switch on
 * kind before they read a field of the tail, read comment on MO_EQ_EQUAL and on the tail's kinds (the
 * unit test on a commented connect), and nothing copies a whole equation. Debug builds poison the
 * missing bytes for the address sanitizer (ast_build.c). */
struct mo_equation_ast {
    unsigned char kind;       /* mo_eq_kind */
    bool has_comment;         /* MO_EQ_CONNECT: comment is there (else the node is short of it) */
    int nconds;               /* MO_EQ_IF, MO_EQ_WHEN: conds (0 on the others) */
    mo_loc loc;
    mo_expr *lhs, *rhs;       /* MO_EQ_EQUAL, MO_EQ_CONNECT; MO_EQ_CALL: the call in lhs */
    mo_comment comment;       /* on MO_EQ_CONNECT only when has_comment */
    /* the tail: MO_EQ_IF, MO_EQ_FOR, MO_EQ_WHEN only */
    int niters;               /* MO_EQ_FOR: iters */
    mo_expr **conds;
    mo_eq_list *bodies;       /* nconds bodies, plus one for 'else' (MO_EQ_IF; n = 0 when absent) */
    mo_iterator *iters;       /* MO_EQ_FOR */
};
#define MO_EQ_SHORT_BYTES offsetof(mo_eq, niters)
#define MO_EQ_CONNECT_BYTES offsetof(mo_eq, comment)

/* ---- statements (ORDER MO_ST) ---- */
typedef enum mo_stmt_kind {
    MO_ST_ASSIGN,             /* lhs := rhs; lhs may be MO_EX_TUPLE for (a, b) := f(x) */
    MO_ST_CALL,               /* f(x); in lhs */
    MO_ST_IF, MO_ST_FOR, MO_ST_WHILE, MO_ST_WHEN,
    MO_ST_BREAK, MO_ST_RETURN
} mo_stmt_kind;

typedef struct mo_stmt_list { int n; mo_stmt **v; } mo_stmt_list;

struct mo_statement {
    mo_stmt_kind kind;
    mo_loc loc;
    mo_comment comment;
    mo_expr *lhs, *rhs;
    int nconds; mo_expr **conds;  /* MO_ST_IF / MO_ST_WHEN (conds), MO_ST_WHILE (conds[0]) */
    mo_stmt_list *bodies;         /* as for equations: nconds bodies (+ else for MO_ST_IF) */
    int niters; mo_iterator *iters; /* MO_ST_FOR */
};

/* ---- classes ---- */
typedef enum mo_class_kind {
    MO_CL_CLASS, MO_CL_MODEL, MO_CL_RECORD, MO_CL_OPERATOR_RECORD, MO_CL_BLOCK, MO_CL_CONNECTOR,
    MO_CL_EXPANDABLE_CONNECTOR, MO_CL_TYPE, MO_CL_PACKAGE, MO_CL_FUNCTION, MO_CL_OPERATOR_FUNCTION,
    MO_CL_OPERATOR
} mo_class_kind;

typedef enum mo_class_form {
    MO_FORM_LONG,             /* class A ... end A; */
    MO_FORM_EXTENDS,          /* class extends A (mods) ... end A; */
    MO_FORM_SHORT,            /* class A = [prefixes] B[dims](mods) comment; */
    MO_FORM_ENUM,             /* type E = enumeration(a, b "c"); or enumeration(:) */
    MO_FORM_DER               /* function df = der(f, x, y); */
} mo_class_form;

/* An equation or algorithm section, in source order. */
typedef struct mo_section {
    bool initial;             /* initial equation / initial algorithm */
    bool algorithm;           /* algorithm section (stmts) rather than equations (eqs) */
    mo_loc loc;
    mo_eq_list eqs;
    mo_stmt_list stmts;
} mo_section;

typedef struct mo_enum_literal {
    const char *name;
    mo_loc loc;
    mo_comment comment;
} mo_enum_literal;

/* external "C" f(x) annotation(...) */
typedef struct mo_external {
    const char *language;     /* "C", "FORTRAN 77", "builtin", or NULL */
    mo_expr *lhs;             /* optional output reference */
    const char *fn_name;      /* may be NULL */
    int nargs; mo_expr **args;
    mo_mod *annotation;
} mo_external;

struct mo_class {
    mo_class_kind kind;
    mo_class_form form;
    mo_loc loc;               /* the class name in its definition */
    const char *name;         /* interned */
    unsigned flags;           /* MO_PF_PARTIAL, MO_PF_ENCAPSULATED, MO_PF_FINAL, MO_PF_REPLACEABLE ... */
    mo_comment comment;       /* description string and the class annotation(s) */
    const char *end_name;     /* name after 'end' (checked to match by the parser) */
    /* long form and extends form */
    int nelems; mo_element **elems;   /* in source order, protected ones flagged */
    int nsections; mo_section *sections;
    mo_external *external;
    mo_mod *extends_mod;      /* MO_FORM_EXTENDS: the modification after "class extends A" */
    /* short form: type A = input Real[3](unit="m") */
    unsigned short_prefixes;  /* MO_PF_INPUT / OUTPUT / FLOW / STREAM / PARAMETER ... */
    mo_name *short_base;
    int nshort_dims; mo_expr **short_dims;
    mo_mod *short_mod;
    /* enumeration */
    bool enum_open;           /* enumeration(:) */
    int nliterals; mo_enum_literal *literals;
    /* der form */
    mo_name *der_fn; int nder_ids; const char **der_ids;
    /* set by the loader */
    mo_class *parent;         /* enclosing class, NULL for top-level */
    const mo_name *within;    /* the file's within clause (top-level classes only) */
    void *scope;              /* lookup.c's per-class data (element table), built on demand */
};

/* A parsed file: an optional within clause and its top-level classes. */
typedef struct mo_stored_def {
    mo_class *cls;
    bool final_;
} mo_stored_def;

typedef struct mo_unit {
    const mo_file *file;
    bool has_within;
    mo_name *within;          /* NULL for "within;" or no within */
    int nclasses;
    mo_class **classes;
} mo_unit;

/* An argument's string comment (NULL on other kinds, or when it has none), and the element of a
 * redeclaration or replaceable element (NULL on MO_ARG_MOD) (ast_build.c). */
const char *mo_arg_comment(const mo_arg *a);
mo_element *mo_arg_element(const mo_arg *a);

/* ---- parser entry (grammar/parser.y) ---- */
/* Parse a whole file. Returns NULL after reporting errors (lexical or syntax) through base.h. */
mo_unit *mo_parse_file(const mo_file *file);
/* lexer.re: the name of the quoted identifier written s[0..len) (quotes included), as the lexer interns
 * it: the redundant escapes \? and \" normalised (for names given outside a file: mo2c's MODEL). */
const char *mo_lex_quoted_name(const char *s, size_t len);

/* ---- constructors and helpers (ast.c) ---- */
const char *mo_expr_kind_name(mo_expr_kind k);
const char *mo_op_text(mo_op op);
/* The plain operator of an element-wise one (.+ is +, ...): the same on scalars; others unchanged. */
mo_op mo_op_scalar(mo_op op);
mo_expr *mo_expr_new(mo_expr_kind kind, mo_loc loc);
mo_expr *mo_expr_real(mo_loc loc, double v);
mo_expr *mo_expr_int(mo_loc loc, long long v);
mo_expr *mo_expr_bool(mo_loc loc, bool v);
mo_expr *mo_expr_string(mo_loc loc, const char *s);
mo_expr *mo_expr_var(mo_loc loc, int var);         /* MO_EX_VAR, allocated short (ast.h) */
/* The reference id (interned) of one part, located at id_loc, the whole at loc. */
mo_expr *mo_expr_ref1(mo_loc loc, const char *id, mo_loc id_loc);
mo_expr *mo_expr_binary(mo_loc loc, mo_op op, mo_expr *a, mo_expr *b);
mo_expr *mo_expr_unary(mo_loc loc, mo_op op, mo_expr *a);
/* A call of the function named fn (a one-part reference; fn is interned here) with the n operands
 * args[] (the array is copied, the operands are not); var = -1 on both nodes, as the back end's
 * constructors leave it. */
mo_expr *mo_expr_call(mo_loc loc, const char *fn, int n, mo_expr **args);
mo_expr *mo_expr_copy(const mo_expr *e);          /* deep copy */
/* Does pred(node, ctx) hold for e or any operand below it (a[] and named arguments' values; not the
 * subscripts of a reference, not iterators' ranges)? NULL e: false. Recursion over one expression only.
 * pred must answer from the node (and ctx) alone: a node several paths reach (mo_dag below) is asked
 * once per call. */
bool mo_expr_any(const mo_expr *e, bool (*pred)(const mo_expr *, const void *), const void *ctx);

/* ---- walks over expression DAGs ----
 * Differentiation and substitution share nodes (analysis/diff.c: the derivative of a product of N
 * factors reads each partial product twice; expr.c's rebuild memo), so that their results are DAGs
 * whose tree is quadratic in a long product's length. They mark the nodes they share (mo_expr.shared,
 * mo_expr_mark_shared). A walk whose answer for a node does not depend on the path to it (the
 * variables read, a predicate, a value) asks mo_dag_first about each node it reaches and skips the
 * shared ones seen before in the same walk, or keeps their results (mo_dag_get, mo_dag_put): its time
 * is then linear in the DAG. One walk at a time per mo_dag: mo_dag_begin gives NULL while a walk on it
 * is under way, and a nested walk (other outputs) then walks as a tree (a NULL walk everywhere). */
typedef struct mo_dag {
    mo_pmemo seen;            /* shared node reached -> its result (or a mark) in the current walk */
    bool busy;
} mo_dag;
mo_dag *mo_dag_begin(mo_dag *w);              /* w, or NULL when a walk on w is under way */
void mo_dag_end(mo_dag *w);                   /* (NULL: nothing) */
bool mo_dag_first(mo_dag *w, const mo_expr *e); /* false: e is shared and was reached before in w */
void *mo_dag_get(mo_dag *w, const mo_expr *e);  /* a shared node's result in w (NULL: none, or w NULL) */
void mo_dag_put(mo_dag *w, const mo_expr *e, void *v);  /* (only shared nodes are kept; v not NULL) */
void mo_expr_mark_shared(const mo_expr *e);   /* (a node with operands; leaves cost a walk nothing) */
/* The nodes the walks that know about sharing visited (each walk adds one per node it looks at): --stats
 * prints it (codegen.c), and tests/sim/long_products.sh compares it at two sizes to see it grow linearly */
extern unsigned long long mo_dag_nodes;
/* The bytes of e that its kind uses: less than sizeof(mo_expr) for the kinds that may be short (see
 * MO_EXPR_*_BYTES); a copy of that many bytes is the whole node. */
size_t mo_expr_bytes(const mo_expr *e);
/* A shallow copy of e (operands shared) in a whole node: the way to copy a node that may be short. */
mo_expr *mo_expr_dup(const mo_expr *e);
/* The location of part i of the reference ref, and setting it (see mo_ref_part; these and the mo_name_
 * functions below are in ast_name.c). */
mo_loc mo_ref_part_loc(const mo_expr *ref, int i);
void mo_ref_part_set_loc(mo_expr *ref, int i, mo_loc loc);
/* The subscripts of a part (MO_EX_COLON for ':'; NULL when it has none), and giving part i of ref the n
 * subscripts subs (its location set before). */
mo_expr **mo_ref_part_subs(const mo_ref_part *part);
void mo_ref_part_set_subs(mo_expr *ref, int i, mo_expr **subs, int n);
const char *mo_name_str(const mo_name *n);        /* "A.B.C" (arena) */
/* A name of n identifiers at loc, with room for their ids and locations (set them in ids[] and with
 * mo_name_set_loc); the location of identifier i of a name. */
void mo_name_init(mo_name *name, mo_loc loc, bool global, int n);
mo_loc mo_name_loc(const mo_name *name, int i);
/* The name a reference spells (its identifiers and their locations; subscripts left out). */
void mo_name_of_ref(mo_name *name, const mo_expr *ref);
void mo_name_set_loc(mo_name *name, int i, mo_loc loc);
/* Do a and b spell the same name (the same identifiers, both global or neither; locations aside)? */
bool mo_name_same(const mo_name *a, const mo_name *b);
/* Give name the location loc, its identifiers keeping theirs (the identifiers' locations are stored
 * relative to the name's: set loc only this way once they are set). */
void mo_name_move(mo_name *name, mo_loc loc);
const char *mo_ref_str(const mo_expr *ref);       /* "a.b[1].c" (arena) */
/* Print an AST expression as Modelica text (for --flat and messages). var_name maps MO_EX_VAR indices
 * to names and may be NULL when there are none. */
void mo_expr_print(mo_buf *b, const mo_expr *e, const char *(*var_name)(void *ctx, int var), void *ctx);
/* The same, stopping once b holds max bytes (it may hold a little more: the node under way ends), in time
 * bounded by the text printed: a comment or message that shows the start of a large expression (a DAG
 * whose full text would grow with the square of its size). */
void mo_expr_print_max(mo_buf *b, const mo_expr *e, const char *(*var_name)(void *ctx, int var), void *ctx,
                       size_t max);

#endif
