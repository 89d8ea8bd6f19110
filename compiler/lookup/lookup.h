/*
 * lookup.h - the front end's internal API for classes and names (load.c, lookup.c; used by flatten.c).
 *
 * Every class gets a scope (mo_class.scope, built on first use and cached): a hash table of the
 * elements it declares, its resolved extends bases with the elements they bring, and its imports.
 * Name lookup follows chapter 5 of the specification:
 *   - a simple name is searched in the class (declared, then inherited elements, then imports), then in
 *     the enclosing classes outwards; an encapsulated class stops the search (only the predefined types
 *     remain visible); last come the top-level classes (loaded files, then the library path);
 *   - in A.B.C the first identifier is looked up as above, the rest inside what was found (declared and
 *     inherited elements only, never imports);
 *   - .A.B starts at the top level; import names are always full names.
 * Directory packages are lazy: a child is parsed from dir/Name.mo or dir/Name/package.mo when it is
 * first looked up (load.c).
 */
#ifndef MO2C_LOOKUP_H
#define MO2C_LOOKUP_H

#include "ast.h"
#include "flat.h"

/* What a name denotes: a class, or a component declaration (e.g. a package constant). */
typedef struct mo_found {
    mo_class *cls;            /* the class found, or NULL */
    mo_element *comp;         /* the component declaration found, or NULL */
    mo_class *owner;          /* the class whose text declares comp (for lookups in its binding) */
    mo_element *elem;         /* the element declaring cls or comp (its prefixes), when one does */
} mo_found;

/* A class redeclaration (redeclare model M = B, as a modifier or an element, or redeclare model extends
 * M): the new class definition, and the class whose text holds it (its enclosing scope). */
typedef struct mo_redecl {
    const char *name;
    mo_element *elem;         /* the redeclaring class element */
    mo_class *text;           /* the class whose text holds it */
    /* the inner redeclaration this one replaces (whose constraining clause still counts, spec 7.3.2),
     * or NULL */
    const struct mo_redecl *under;
    bool outside;             /* written in a component's modifier (not in the class or an extends clause) */
    /* not a redeclaration but a modification of the local class (4.5.3: extends C1(Voltage(nominal =
     * 1000))): elem is made by redeclare.c, its class a short class of the modifier in front of the old one */
    bool modifies;
} mo_redecl;

typedef struct mo_layout mo_layout;

typedef struct mo_scope {
    mo_class *cls;
    const char *dir;          /* directory package: the directory holding the children's files */
    MO_VEC(const char *) order; /* directory package: its package.order (children in listing order) */
    bool built;               /* local and imports filled */
    bool has_extends;         /* the class has extends clauses */
    /* The number of the class's components when they are the first entries of local, all of them in
     * declaration order (no class declared before a component, no duplicate name), else -1: then
     * layout.c takes a class's layout, when it has no extends, from local without reading the elements */
    int components_first;
    mo_map local;             /* name -> mo_element* (classes and components declared here) */
    mo_map imports;           /* name -> mo_element* (qualified, renaming and multiple imports) */
    MO_VEC(mo_element *) unqualified; /* import A.B.*; in source order */
    int bases_state;          /* 0 unresolved, 1 resolving (cycle guard), 2 done, 3 failed */
    MO_VEC(mo_class *) bases; /* resolved base class of each extends clause, in order */
    MO_VEC(mo_element *) base_elems; /* the extends clauses (parallel to bases) */
    /* parallel to bases: the long-form class each base brings, short classes followed and specialized by
     * the class redeclarations that reach it (redeclare.c) */
    MO_VEC(mo_class *) long_bases;
    /* redeclare.c: a specialized class is a copy of the class orig (same text) whose scope answers the
     * names of its class redeclarations with the new classes, and whose nested classes are copies
     * re-parented to it, so that lookups from inside its text see the redeclarations */
    mo_class *orig;
    int nredecl;
    mo_redecl *redecl;        /* sorted by name (interned pointers) */
    MO_VEC(mo_class *) specs; /* on an original class: its specialized copies, reused */
    /* A class made by redeclare.c in front of another (the constraining clause's modifier of a
     * redeclared class): a short class whose target is the short class short_via's, not a name looked
     * up */
    mo_class *short_via;
    bool short_fixed;         /* short_target was given by redeclare.c, not looked up */
    mo_map constrained;       /* names of replaceable classes with a constrainedby clause, checked */
    mo_map inherited;         /* name -> mo_found* brought by the bases (lookup.c: misses too) */
    int short_state;          /* short class: 0 unresolved, 1 resolving, 2 done, 3 failed */
    mo_class *short_target;   /* short class: its resolved base */
    /* pkgview.c: a view answers the names its base (view_base) has as the package view_of has them;
     * a class keeps its views, one per package */
    mo_class *view_of, *view_base;
    MO_VEC(mo_class *) views;
    mo_layout *layout;        /* flatten.c: the class's elements after inheritance */
    bool layout_busy;
    signed char type_state;   /* mo_type_extends: 0 not asked yet, 1 a type extension, -1 not one */
    mo_class *type_base;      /* type_state 1: the base class and the extends clause */
    mo_element *type_ext;
} mo_scope;

/* ---- lookup.c ---- */
mo_scope *mo_scope_of(mo_class *cls);
/* Find a name among the elements a class declares itself (and children of directory packages). */
mo_found mo_lookup_declared(mo_class *cls, const char *id);
/* Find a name inside a class (declared and inherited elements, children of directory packages). */
mo_found mo_lookup_member(mo_class *cls, const char *id);
/* Look a dotted name up from inside cls. Returns -1 when found (into *out), otherwise the index of the
 * identifier that could not be found (*out then holds what the previous identifiers denote).
 * Diagnoses one thing only: a protected element reached with dot notation from outside the class that
 * holds it (spec 4.1; an error, once per location, and the lookup goes on).
 * mo_lookup_model_name: the same from the top level for the model named on the command line, which may
 * be a protected class. */
int mo_lookup_name(mo_class *cls, const mo_name *name, mo_found *out);
int mo_lookup_model_name(const mo_name *name, mo_found *out);
/* The enumeration of literal e (an Integer literal whose text is the literal's full name, as flattening
 * makes it: "P.E.two"), or NULL when e is no enumeration literal. */
const mo_class *mo_enum_literal_class(const mo_expr *e);
/* The same, reporting "unknown class" errors; NULL after an error. what: "class", "base class" ... */
mo_class *mo_lookup_class(mo_class *cls, const mo_name *name, const char *what);
/* Resolve the extends clauses of cls (reports unknown bases and cycles). false after an error. */
bool mo_resolve_bases(mo_class *cls);
/* Short class: the class it is defined from (reports errors), NULL after an error. */
mo_class *mo_short_target(mo_class *cls);
/* A predefined type (Real, Integer, Boolean, String) -> its base type; -1 for other classes. */
int mo_builtin_type(const mo_class *cls);
/* Is cls the predefined type Clock (16.3)? Its mo_builtin_type is MO_T_BOOLEAN. */
bool mo_builtin_is_clock(const mo_class *cls);
mo_class *mo_builtin_class(const char *interned_name); /* Real ... StateSelect, or NULL */
/* Does cls extend ExternalObject (12.9.7: its instances are C objects made by its constructor)? */
bool mo_class_is_extobj(mo_class *cls);
/* "A.B.C": the full name of a class (walks the parents). */
const char *mo_class_full_name(const mo_class *cls);
const char *mo_class_kind_name(mo_class_kind k);
/* Real, Integer, Boolean, String: the predefined types, whose names no element may take (4.8). */
bool mo_reserved_name(const char *name);
/* May a class of kind derived extend base (specification 7.1.3's table; also short class definitions,
 * which are extends clauses in another form, 4.5.1)? */
bool mo_base_kind_allowed(mo_class_kind derived, const mo_class *base);

/* ---- layout.c ---- */
/* Are two class definitions the same (spec 7.1: a class inherited and declared again is kept once when
 * both are identical)? The same definition, or two alike in everything but where they are written and
 * their comments: elements, and equations of the same expressions (layout.c's comparison of
 * expressions; a long class with algorithms, other kinds of equations or an external clause counts as
 * different). */
bool mo_same_class_def(const mo_class *a, const mo_class *b);
/* A long-form class that extends a predefined type or an enumeration, directly or through short classes
 * and other such classes (type T extends Real(unit = "m"); end T;, connector C extends Base; end C;
 * with type Base = output Real): the class it extends, with its extends clause in *ext. Such a class is
 * the type of scalars, like a short class (spec 4.5.2 and 7.1.3); it may hold classes and imports
 * (equalityConstraint), nothing else. NULL when cls is no such class, and after the error for one that
 * also has components, other extends clauses or equations (*ext NULL then too). */
mo_class *mo_type_extends(mo_class *cls, mo_element **ext);

/* ---- redeclare.c ---- */
/* cls specialized by the class redeclarations v (over those it has already, when it is specialized),
 * with the enclosing class parent (NULL: cls's own): cls itself when that changes nothing. Reports
 * redeclarations of what cannot be redeclared. Copies are shared: one per (class, parent, set). */
mo_class *mo_specialize(mo_class *cls, mo_class *parent, int n, const mo_redecl *v);
/* The modification mod (written in text's text, at loc) of the local class f.cls (4.5.3) as the
 * redeclaration that stands for it: f.cls's element redeclared as a short class of mod in front of
 * f.cls. Made once per key (the argument or modifier node it comes from). */
mo_redecl mo_class_mod(const void *key, mo_found f, const mo_mod *mod, mo_class *text, mo_loc loc, bool outside);
/* lookup.c's hooks: an element of a specialized class's original found by lookup_local (its copy in
 * the specialized class, remembered there), and the bases of a class with class redeclarations. */
mo_found mo_spec_local(mo_class *cls, mo_found f);
bool mo_spec_bases(mo_class *cls);
/* The scope a short class cls stands for when names are looked up in it (P2.A): the long class it
 * names, specialized by the class redeclarations of the modifiers on the way (package P2 = P(redeclare
 * model A = B): P with A -> B); NULL when a short class leads nowhere. */
mo_class *mo_spec_short(mo_class *cls);
/* redeclare model extends M: the extends clause it stands for (M(modifier)), and the M it inherits,
 * the one the enclosing class's bases declare (NULL after an error). */
mo_element *mo_spec_extends_clause(mo_class *cls);
mo_class *mo_spec_extends_base(mo_class *cls);
/* A whole copy of element e (which the parser may have allocated short, ast.h). */
mo_element *mo_element_copy(const mo_element *e);
/* A replaceable class with a modifier on its constraining clause: the class as that modifier makes it
 * (lookup.c, for the default, not redeclared, case) */
mo_class *mo_constrained_class(mo_element *e, mo_class *owner);
/* The long-form class (or predefined type, enumeration) a class is, short classes followed; NULL
 * after an error. */
mo_class *mo_long_class(mo_class *c);
/* Is class n a subtype of the constraining type k of element what (spec 6.4, 7.3.2)? Reports at `at`
 * (the redeclaration), with a note at k_loc, when it is not. */
bool mo_check_subtype(mo_class *n, mo_class *k, mo_loc at, const char *what, mo_loc k_loc);

/* ---- pkgview.c ---- */
/* What lookup.c's inherited lookup in package p found (f), as p has it: a class inherited from a base
 * whose extends clause p modifies is a copy enclosed by the view of the class that declares it. */
mo_found mo_view_inherited(mo_class *p, mo_found f);
/* A name inside view v: what the package it views from has under that name, when its base has the name
 * (member: lookup.c's member lookup); nothing otherwise. */
mo_found mo_view_member(mo_class *v, const char *id, mo_found (*member)(mo_class *, const char *));
/* redeclare model extends M: the M its enclosing package inherits (mo_spec_extends_base), seen from that
 * package (a copy in a view: its original's M, seen from the package of the view). */
mo_class *mo_view_extends_base(mo_class *cls);
/* The package a view stands for (c itself when c is no view), and the class it views (c when none). */
bool mo_is_view(const mo_class *c);
/* Does class p inherit class b (b itself, or a base of p at any depth; copies count as their originals)? */
bool mo_view_inherits(mo_class *p, const mo_class *b);
mo_class *mo_view_target(mo_class *c);
const mo_class *mo_view_base(const mo_class *c);

/* ---- load.c ---- */
/* Top-level class by name: the loaded file's classes, then the library path. NULL when absent. */
mo_class *mo_load_top(const char *id);
/* Child of a directory package: dir/id.mo or dir/id/package.mo, parsed on first use. */
mo_class *mo_load_child(mo_class *pkg, const char *dir, const char *id);

#endif
