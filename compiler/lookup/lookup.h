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
} mo_found;

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
    mo_map inherited;         /* name -> mo_found* brought by the bases (lookup.c: misses too) */
    int short_state;          /* short class: 0 unresolved, 1 resolving, 2 done, 3 failed */
    mo_class *short_target;   /* short class: its resolved base */
    mo_layout *layout;        /* flatten.c: the class's elements after inheritance */
    bool layout_busy;
    signed char type_state;   /* mo_type_extends: 0 not asked yet, 1 a type extension, -1 not one */
    mo_class *type_base;      /* type_state 1: the base class and the extends clause */
    mo_element *type_ext;
} mo_scope;

/* ---- lookup.c ---- */
mo_scope *mo_scope_of(mo_class *cls);
/* Find a name inside a class (declared and inherited elements, children of directory packages). */
mo_found mo_lookup_member(mo_class *cls, const char *id);
/* Look a dotted name up from inside cls. Returns -1 when found (into *out), otherwise the index of the
 * identifier that could not be found (*out then holds what the previous identifiers denote).
 * No diagnostics. */
int mo_lookup_name(mo_class *cls, const mo_name *name, mo_found *out);
/* The same, reporting "unknown class" errors; NULL after an error. what: "class", "base class" ... */
mo_class *mo_lookup_class(mo_class *cls, const mo_name *name, const char *what);
/* Resolve the extends clauses of cls (reports unknown bases and cycles). false after an error. */
bool mo_resolve_bases(mo_class *cls);
/* Short class: the class it is defined from (reports errors), NULL after an error. */
mo_class *mo_short_target(mo_class *cls);
/* A predefined type (Real, Integer, Boolean, String) -> its base type; -1 for other classes. */
int mo_builtin_type(const mo_class *cls);
mo_class *mo_builtin_class(const char *interned_name); /* Real ... StateSelect, or NULL */
/* "A.B.C": the full name of a class (walks the parents). */
const char *mo_class_full_name(const mo_class *cls);
const char *mo_class_kind_name(mo_class_kind k);

/* ---- layout.c ---- */
/* A long-form class that extends a predefined type or an enumeration, directly or through short classes
 * and other such classes (type T extends Real(unit = "m"); end T;, connector C extends Base; end C;
 * with type Base = output Real): the class it extends, with its extends clause in *ext. Such a class is
 * the type of scalars, like a short class (spec 4.5.2 and 7.1.3); it may hold classes and imports
 * (equalityConstraint), nothing else. NULL when cls is no such class, and after the error for one that
 * also has components, other extends clauses or equations (*ext NULL then too). */
mo_class *mo_type_extends(mo_class *cls, mo_element **ext);

/* ---- load.c ---- */
/* Top-level class by name: the loaded file's classes, then the library path. NULL when absent. */
mo_class *mo_load_top(const char *id);
/* Child of a directory package: dir/id.mo or dir/id/package.mo, parsed on first use. */
mo_class *mo_load_child(mo_class *pkg, const char *dir, const char *id);

#endif
