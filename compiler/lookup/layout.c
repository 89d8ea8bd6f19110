/*
 * layout.c - class layouts: the components and equation sections a class has after inheritance.
 *
 * Input: a long-form class whose extends clauses lookup.c can resolve. Output (cached in the class's
 * scope): its components in declaration order with the extends clauses expanded in place, each with the
 * chain of extends nodes it came through (so that the modifiers of those clauses reach it), and its
 * equation sections, inherited ones first (inst.h). A short class used as a base is one more extends
 * level carrying its modifier. Duplicate names are errors, except one element reached twice (diamond)
 * or two declarations alike in every respect (spec 7.1). A redeclare component of a class body replaces
 * the inherited one through the modifier of its extends clause (mo_layout_rd); bases are the long
 * classes specialized by the class redeclarations that reach them (lookup.h: long_bases), and a class
 * extends class's first base is the class it extends (redeclare.c).
 * Preconditions: none beyond lookup.h; each class's layout is built once.
 */
#include "ast_build.h"
#include "inst.h"

#include <stdint.h>
#include <string.h>

/* Finding a name in a layout, the question of every reference. Three cases, cheapest first:
 *  - a small layout (a connector, most components): a scan of its names, one dense array (the index's
 *    keys: item i is the index's key i, inst.h), costs less than hashing;
 *  - a big layout (a big model's top level): its connects name components in about declaration order
 *    (connect(inertia1.flange_b, spring2.flange_a); connect(spring2.flange_b, inertia2.flange_a) ...),
 *    so the name is first sought a few items around the last one found there, in that dense array,
 *    where the index of a hundred thousand names costs a cache miss per look-up; then in a small
 *    direct-mapped cache on (layout, name), for names met again (connect.c asks for a side's first name
 *    twice, a chain names each component in several connects);
 *  - then the index itself.
 * Layouts never change once built, so neither the cache nor the last position goes stale. */
enum { FIND_SCAN = 8, FIND_SMALL = 64, FIND_NEAR = 4, FIND_SLOTS = 1024 };
static struct find_entry { const mo_layout *lay; const char *name; intptr_t k; } find_cache[FIND_SLOTS];
static const mo_layout *near_lay;   /* the big layout of the last name found, and its position */
static int near_pos;

/* the names of lay's items in order: the keys of its index, or of the table a position view shows */
static const char *const *layout_names(const mo_layout *lay)
{
    const mo_map *m = lay->index.positions_of ? lay->index.positions_of : &lay->index;
    return m->order_keys.v;
}

intptr_t mo_layout_find(const mo_layout *lay, const char *name)
{
    if (lay->n <= FIND_SCAN) {
        const char *const *names = layout_names(lay);
        for (int i = 0; i < lay->n; i++)
            if (names[i] == name)
                return i + 1;
        return 0;
    }
    if (lay->n < FIND_SMALL)   /* a small index stays in the processor's cache anyway */
        return (intptr_t)mo_map_get(&lay->index, name);
    if (near_lay == lay) {
        const char *const *names = layout_names(lay);
        int lo = near_pos > FIND_NEAR ? near_pos - FIND_NEAR : 0;
        int hi = near_pos + FIND_NEAR < lay->n - 1 ? near_pos + FIND_NEAR : lay->n - 1;
        for (int i = lo; i <= hi; i++)
            if (names[i] == name) {
                near_pos = i;
                return i + 1;
            }
    }
    uint64_t h = ((uint64_t)(uintptr_t)name ^ (uint64_t)(uintptr_t)lay >> 4) * 0x9E3779B97F4A7C15ull;
    struct find_entry *e = &find_cache[h >> 54];   /* 10 bits: FIND_SLOTS */
    intptr_t k;
    if (e->lay == lay && e->name == name) {
        k = e->k;
    } else {
        k = (intptr_t)mo_map_get(&lay->index, name);
        if (!k)
            return 0;
        *e = (struct find_entry){lay, name, k};
    }
    near_lay = lay;
    near_pos = (int)k - 1;
    return k;
}

static mo_loc elem_loc(const mo_element *e)
{
    return e->kind == MO_ELEM_CLASS ? e->cls->loc : e->loc;
}

/* ---- the modification environment of a class's constants ---- */

/* The binding that modification m gives element id (id = e), or NULL */
static const mo_expr *arg_binding(const mo_mod *m, const char *id)
{
    for (int i = 0; m && i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        if (a->kind == MO_ARG_MOD && a->name.n == 1 && a->name.ids[0] == id && a->mod && a->mod->binding)
            return a->mod->binding;
    }
    return NULL;
}

bool mo_member_binding(mo_class *cls, const char *id, const mo_expr **value, mo_class **scope)
{
    const mo_expr *b;
    cls = mo_view_target(cls);   /* a view of a class: the package it is seen from has the values */
    for (; cls && cls->form == MO_FORM_SHORT; cls = mo_short_target(cls))   /* outermost first */
        if ((b = arg_binding(cls->short_mod, id))) {
            *value = b;
            *scope = cls->parent;
            return true;
        }
    if (!cls || cls->form == MO_FORM_ENUM || mo_builtin_type(cls) >= 0)
        return false;
    mo_layout *lay = mo_layout_of(cls);
    intptr_t k = lay ? mo_layout_find(lay, id) : 0;
    if (!k)
        return false;
    const mo_layout_item *it = &lay->items[k - 1];
    int chain[64], n = 0;   /* its extends nodes, innermost first */
    for (int x = it->ext; x >= 0 && n < 64; x = lay->exts[x].parent)
        chain[n++] = x;
    for (int i = n - 1; i >= 0; i--)
        if ((b = arg_binding(lay->exts[chain[i]].mod, id))) {
            *value = b;
            *scope = lay->exts[chain[i]].owner;
            return true;
        }
    if (!it->elem->mod || !it->elem->mod->binding)
        return false;
    *value = it->elem->mod->binding;
    *scope = it->owner;
    return true;
}

/* ---- identical declarations (spec 7.1: an element inherited twice, or inherited and declared, is kept
 * once when both declarations are the same) ---- */

/* The same expression in the syntax: literals, references without subscripts, operators, calls with
 * positional arguments, if-expressions, ranges, arrays; anything else counts as different. Recursion as
 * deep as the expressions, which the parser bounds. */
static bool same_expr(const mo_expr *a, const mo_expr *b)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind || a->n != b->n)
        return false;
    switch (a->kind) {
    case MO_EX_REAL:
        return a->real == b->real;
    case MO_EX_INT: case MO_EX_BOOL:
        return a->ival == b->ival;
    case MO_EX_STRING:
        return strcmp(a->str, b->str) == 0;
    case MO_EX_REF:
        if (a->nparts != b->nparts || a->global != b->global)
            return false;
        for (int i = 0; i < a->nparts; i++)
            if (a->parts[i].id != b->parts[i].id || a->parts[i].nsubs || b->parts[i].nsubs)
                return false;
        return true;
    case MO_EX_CALL:
        if (a->nnamed || b->nnamed || a->niters || b->niters || !same_expr(a->fn, b->fn))
            return false;
        break;
    case MO_EX_ARRAY:
        if (a->niters || b->niters)
            return false;
        break;
    case MO_EX_BINARY: case MO_EX_UNARY:
        if (a->op != b->op)
            return false;
        break;
    case MO_EX_IF: case MO_EX_RANGE: case MO_EX_MATRIX:
        break;
    default:
        return false;
    }
    for (int i = 0; i < a->n; i++)
        if (!same_expr(a->a[i], b->a[i]))
            return false;
    return true;
}

static bool same_mod(const mo_mod *a, const mo_mod *b)
{
    if (!a || !b)
        return a == b;
    if (!same_expr(a->binding, b->binding) || a->nargs != b->nargs || a->binding_break != b->binding_break)
        return false;
    for (int i = 0; i < a->nargs; i++) {
        const mo_arg *x = &a->args[i], *y = &b->args[i];
        if (x->kind != MO_ARG_MOD || y->kind != MO_ARG_MOD || x->each != y->each || x->final_ != y->final_ ||
            !mo_name_same(&x->name, &y->name) || !same_mod(x->mod, y->mod))
            return false;
    }
    return true;
}

/* Two component declarations alike in everything but where they are written (and their modifications,
 * when with_mod is false) */
static bool same_shape(const mo_element *a, const mo_element *b, bool with_mod)
{
    if (a->flags != b->flags || a->ntype_dims != b->ntype_dims || a->ndims != b->ndims ||
        !mo_name_same(a->type, b->type) || !same_expr(a->condition, b->condition) ||
        (with_mod && !same_mod(a->mod, b->mod)))
        return false;
    for (int i = 0; i < a->ntype_dims; i++)
        if (!same_expr(a->type_dims[i], b->type_dims[i]))
            return false;
    for (int i = 0; i < a->ndims; i++)
        if (!same_expr(a->dims[i], b->dims[i]))
            return false;
    return !(a->flags & MO_PF_REPLACEABLE);   /* (a constraining clause: not compared) */
}

static bool same_declaration(const mo_element *a, const mo_element *b)
{
    return same_shape(a, b, true);
}

/* Two equation sections alike: equations, connects and calls of the same expressions (anything else, an
 * algorithm with statements say, counts as different). */
static bool same_section(const mo_section *a, const mo_section *b)
{
    if (a->initial != b->initial || a->algorithm != b->algorithm || a->eqs.n != b->eqs.n ||
        a->stmts.n || b->stmts.n)
        return false;
    for (int i = 0; i < a->eqs.n; i++) {
        const mo_eq *x = a->eqs.v[i], *y = b->eqs.v[i];
        if (x->kind != y->kind || (x->kind != MO_EQ_EQUAL && x->kind != MO_EQ_CONNECT && x->kind != MO_EQ_CALL) ||
            !same_expr(x->lhs, y->lhs) || !same_expr(x->rhs, y->rhs))
            return false;
    }
    return true;
}

static bool same_element(const mo_element *a, const mo_element *b)
{
    if (a->kind != b->kind || a->flags != b->flags)
        return false;
    switch (a->kind) {
    case MO_ELEM_COMPONENT:
        return a->name == b->name && same_declaration(a, b);
    case MO_ELEM_CLASS:
        return a->cls->name == b->cls->name && mo_same_class_def(a->cls, b->cls);
    case MO_ELEM_EXTENDS:
        return mo_name_same(a->base, b->base) && same_mod(a->mod, b->mod);
    default:   /* imports */
        return a->import_kind == b->import_kind && mo_name_same(a->import_name, b->import_name) &&
               a->alias == b->alias && a->nimport_ids == 0 && b->nimport_ids == 0;
    }
}

/* (recursion as deep as classes nest in one another's text) */
bool mo_same_class_def(const mo_class *a, const mo_class *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind || a->flags != b->flags || a->form != b->form)
        return false;
    if (a->form == MO_FORM_ENUM) {
        if (a->nliterals != b->nliterals || a->enum_open != b->enum_open)
            return false;
        for (int i = 0; i < a->nliterals; i++)
            if (a->literals[i].name != b->literals[i].name)
                return false;
        return true;
    }
    if (a->form == MO_FORM_SHORT) {
        if (a->short_prefixes != b->short_prefixes || a->nshort_dims != b->nshort_dims ||
            !mo_name_same(a->short_base, b->short_base) || !same_mod(a->short_mod, b->short_mod))
            return false;
        for (int i = 0; i < a->nshort_dims; i++)
            if (!same_expr(a->short_dims[i], b->short_dims[i]))
                return false;
        return true;
    }
    if (a->form != MO_FORM_LONG || a->nelems != b->nelems || a->nsections != b->nsections || a->external ||
        b->external)
        return false;
    for (int i = 0; i < a->nelems; i++)
        if (!same_element(a->elems[i], b->elems[i]))
            return false;
    for (int i = 0; i < a->nsections; i++)
        if (!same_section(&a->sections[i], &b->sections[i]))
            return false;
    return true;
}

/* ---- inherited declarations identical after modification (spec 7.1: an element inherited twice, or
 * declared and inherited, must be identical; Fluid's SimpleGenericOrifice inherits m_flow from two bases,
 * one of them modified by its extends clause to what the other declares) ---- */
typedef struct eff_entry {
    const char *path;         /* "" for the binding, "start", "a.b" ... (interned) */
    const mo_expr *value;
    mo_class *scope;          /* the class whose text holds the modification (its names' scope) */
    bool each, final_;
} eff_entry;
typedef MO_VEC(eff_entry) eff_vec;

/* Record modification m at path prefix into v, an outer one replacing what an inner one set (false: a
 * redeclaration or a binding break, which this comparison does not follow). */
static bool eff_add(eff_vec *v, const char *prefix, const mo_mod *m, mo_class *scope, bool each, bool final_)
{
    if (!m)
        return true;
    if (m->binding_break)
        return false;
    if (m->binding) {
        int k = 0;
        while (k < v->n && v->v[k].path != prefix)
            k++;
        eff_entry x = {prefix, m->binding, scope, each, final_};
        if (k < v->n)
            v->v[k] = x;
        else
            MO_PUSH(*v, x);
    }
    for (int i = 0; i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        if (a->kind != MO_ARG_MOD)
            return false;
        const char *p = prefix;
        for (int j = 0; j < a->name.n; j++)
            p = *p ? mo_intern_cstr(mo_sprintf("%s.%s", p, a->name.ids[j])) : a->name.ids[j];
        if (!eff_add(v, p, a->mod, scope, a->each, a->final_))
            return false;
    }
    return true;
}

/* The modification of item it after the extends clauses it came through, innermost first so that
 * outer ones win; false when one of them does what eff_add does not follow. */
static bool effective_mod(const mo_layout_ext *exts, const mo_layout_item *it, eff_vec *v)
{
    if (!eff_add(v, "", it->elem->mod, it->owner, false, false))
        return false;
    for (int node = it->ext; node >= 0; node = exts[node].parent) {
        const mo_mod *m = exts[node].mod;
        for (int i = 0; m && i < m->nargs; i++) {
            const mo_arg *a = &m->args[i];
            if (a->name.ids[0] != it->elem->name)
                continue;
            if (a->kind != MO_ARG_MOD)
                return false;
            const char *p = "";
            for (int j = 1; j < a->name.n; j++)
                p = *p ? mo_intern_cstr(mo_sprintf("%s.%s", p, a->name.ids[j])) : a->name.ids[j];
            if (!eff_add(v, mo_intern_cstr(p), a->mod, exts[node].owner, a->each, a->final_))
                return false;
        }
    }
    return true;
}

/* The names of two modifications written alike in different classes (spec 7.1: the contents must be
 * identical): a name that is an element of both classes is the one element of the class they are
 * inherited into; a name of neither (a constant of an enclosing package, a function, a package) must
 * denote the same declaration from both. */
typedef struct scopes2 { mo_class *a, *b; const mo_expr **hit; } scopes2;

static bool names_differ(const mo_expr *e, const void *ctx)
{
    const scopes2 *sc = ctx;
    const mo_expr *ref = e->kind == MO_EX_CALL ? e->fn : e->kind == MO_EX_REF ? e : NULL;
    if (!ref || ref->kind != MO_EX_REF || !ref->nparts)
        return false;
    const char *id = ref->parts[0].id;
    mo_name one;
    mo_build_single_name(&one, id, ref->loc);
    one.global = ref->global;
    mo_found fa, fb;
    bool ma = !ref->global && (mo_lookup_member(sc->a, id).cls || mo_lookup_member(sc->a, id).comp);
    bool mb = !ref->global && (mo_lookup_member(sc->b, id).cls || mo_lookup_member(sc->b, id).comp);
    if (ma || mb)
        *sc->hit = ma != mb ? ref : NULL;
    else if (mo_lookup_name(sc->a, &one, &fa) != -1 || mo_lookup_name(sc->b, &one, &fb) != -1)
        *sc->hit = NULL;   /* (not found: an error where the modification is used) */
    else
        *sc->hit = fa.cls != fb.cls || fa.comp != fb.comp ? ref : NULL;
    return *sc->hit != NULL;
}

/* Are two items of one name the same declaration once the modifications on their way are applied? 1
 * yes, 0 no (*hit: a name written alike in both that denotes different elements, else NULL), -1 when a
 * modification on the way is one that effective_mod does not follow. */
static int same_after_modification(const mo_layout_ext *exts, const mo_layout_item *a, const mo_layout_item *b,
                                   const mo_expr **hit)
{
    *hit = NULL;
    if (!same_shape(a->elem, b->elem, false))
        return 0;
    eff_vec x = {0}, y = {0};
    if (!effective_mod(exts, a, &x) || !effective_mod(exts, b, &y))
        return -1;
    bool same = x.n == y.n;
    for (int i = 0; same && i < x.n; i++) {
        int k = 0;
        while (k < y.n && y.v[k].path != x.v[i].path)
            k++;
        scopes2 sc = {x.v[i].scope, k < y.n ? y.v[k].scope : NULL, hit};
        same = k < y.n && y.v[k].each == x.v[i].each && y.v[k].final_ == x.v[i].final_ &&
               same_expr(y.v[k].value, x.v[i].value) &&
               (sc.a == sc.b || !mo_expr_any(x.v[i].value, names_differ, &sc));
    }
    return same;   /* (x and y are arena memory) */
}

/* ---- layouts: the components and equations of a class after inheritance ----
 * A class's extends tree is walked depth first, with an explicit stack (an extends chain is as deep as
 * the model is big), appending components, extends nodes and sections in declaration order. A base
 * whose layout exists already is copied from it; any other base is walked in place, without a layout
 * of its own: a chain of 10^4 classes that each extend the previous one and add a variable has 10^4
 * layouts of up to 10^4 items if every level gets one (13 s and 6.5 GB), while instantiating the last
 * needs only its own (linear). The checks a base's own layout would make are made on the way: its
 * elements', and every item's name against the classes declared locally in each class it is inherited
 * through (a count per name of the classes on the walk's stack). */
typedef struct layout_builder {
    MO_VEC(mo_layout_item) items;
    MO_VEC(mo_layout_ext) exts;
    MO_VEC(mo_layout_sec) secs;
    mo_map local_classes;     /* name -> (intptr_t) how many classes on the stack declare a class so */
    bool any_local_class;     /* local_classes was ever non-empty */
    MO_VEC(mo_layout_rd) rds;
    /* the redeclare components of the classes walked, placed once the items are known: ext is the node
     * of the class that holds elem (-1: the class itself) */
    MO_VEC(mo_layout_rd) own_rds;
    MO_VEC(mo_layout_item) dups;   /* items kept once as an earlier one (keep_first) */
} layout_builder;

/* One class being walked: its next element, next base, and the extends node it came through. */
typedef struct layout_frame {
    mo_class *cls;
    mo_scope *s;
    int i, nbase, node;
} layout_frame;

/* The classes declared in cls, counted into (add = 1) or out of (add = -1) b->local_classes. */
static void count_local_classes(layout_builder *b, const mo_class *cls, int add)
{
    for (int i = 0; i < cls->nelems; i++) {
        const mo_element *e = cls->elems[i];
        if (e->kind != MO_ELEM_CLASS || !e->cls)
            continue;
        intptr_t k = (intptr_t)mo_map_get(&b->local_classes, e->cls->name);
        mo_map_put(&b->local_classes, e->cls->name, (void *)(k + add));
        b->any_local_class = true;
    }
}

static void duplicate(const mo_element *e, mo_loc previous)
{
    mo_error(e->loc, "duplicate declaration of '%s'", e->name);
    mo_note(previous, "previous declaration of '%s' is here", e->name);
}

/* The class declared in a class on the stack that an item named name clashes with, or NULL. */
static mo_element *clashing_class(layout_builder *b, const layout_frame *stack, int depth, const char *name)
{
    if (!b->any_local_class || !(intptr_t)mo_map_get(&b->local_classes, name))
        return NULL;
    for (int d = depth - 1; d >= 0; d--) {   /* (only on an error: which class it is) */
        mo_element *local = mo_map_get(&stack[d].s->local, name);
        if (local && local->kind == MO_ELEM_CLASS)
            return local;
    }
    return NULL;
}

/* The extends clause ext of owner, to base: its node (and one per short class on the way); then the
 * layout of long_base (base's long class, specialized by the class redeclarations that reach it:
 * lookup.h) copied when it has one, else *walk = the class to walk (its node in *node). */
static bool append_base(layout_builder *b, mo_element *ext, mo_class *owner, mo_class *base, mo_class *long_base,
                        int parent, mo_class **walk, int *node_out)
{
    int node = b->exts.n;
    mo_layout_ext x = {ext, ext->mod, parent, owner};
    MO_PUSH(b->exts, x);
    *walk = NULL;
    /* a short class as base: its modifier is one more extends level (written in its enclosing scope) */
    while (base->form == MO_FORM_SHORT) {
        mo_layout_ext y = {NULL, base->short_mod, node, base->parent};
        node = b->exts.n;
        MO_PUSH(b->exts, y);
        base = mo_short_target(base);
        if (!base)
            return false;
    }
    base = long_base;
    if (mo_builtin_type(base) >= 0 || base->form == MO_FORM_ENUM) {
        mo_error(ext->loc, "not supported yet: extending a predefined type in a %s",
                 mo_class_kind_name(owner->kind));
        return false;
    }
    mo_scope *bs = mo_scope_of(base);
    if (!bs->layout) {
        if (!mo_resolve_bases(base))
            return false;
        *walk = base;
        *node_out = node;
        return true;
    }
    mo_layout *bl = bs->layout;
    int off = b->exts.n;
    for (int i = 0; i < bl->next; i++) {
        mo_layout_ext y = bl->exts[i];
        y.parent = y.parent < 0 ? node : y.parent + off;
        MO_PUSH(b->exts, y);
    }
    for (int i = 0; i < bl->n; i++) {
        mo_layout_item it = bl->items[i];
        it.ext = it.ext < 0 ? node : it.ext + off;
        MO_PUSH(b->items, it);
    }
    for (int i = 0; i < bl->nsec; i++)
        MO_PUSH(b->secs, bl->secs[i]);
    for (int i = 0; i < bl->nrd; i++) {
        mo_layout_rd rd = bl->rds[i];
        rd.ext += off;
        MO_PUSH(b->rds, rd);
    }
    for (int i = 0; i < bl->ndup; i++) {
        mo_layout_item it = bl->dups[i];
        it.ext = it.ext < 0 ? node : it.ext + off;
        MO_PUSH(b->dups, it);
    }
    return true;
}

/* the extends node written in the class itself that node came through */
static int top_ext(const mo_layout_ext *exts, int node)
{
    while (exts[node].parent >= 0)
        node = exts[node].parent;
    return node;
}

/* Does a duplicate of name (an item kept once as an earlier one) come through extends node k? Each name's
 * duplicates are chained from the table dup_index (names with duplicates are few). */
bool mo_layout_dup_under(const mo_layout *lay, const char *name, int k)
{
    for (intptr_t d = (intptr_t)mo_map_get(&lay->dup_index, name); d; d = lay->dup_next[d - 1]) {
        int x = lay->dups[d - 1].ext;
        while (x >= 0 && x != k)
            x = lay->exts[x].parent;
        if (x == k)
            return true;
    }
    return false;
}

/* lay's duplicates, from the builder's, and their table */
static void set_dups(mo_layout *lay, layout_builder *b)
{
    lay->ndup = b->dups.n;
    lay->dups = b->dups.v;
    lay->dup_next = MO_NEWN(int, b->dups.n ? b->dups.n : 1);
    for (int i = 0; i < b->dups.n; i++) {
        const char *name = b->dups.v[i].elem->name;
        lay->dup_next[i] = (int)(intptr_t)mo_map_get(&lay->dup_index, name);
        mo_map_put(&lay->dup_index, name, (void *)(intptr_t)(i + 1));
    }
}

/* A redeclare component r of the body of class owner (reached through extends node node, -1 for the
 * class itself): it replaces the component of its name that owner inherits, as a redeclaration in the
 * modifier of owner's extends clause that brought it would. */
static bool place_redeclare(layout_builder *b, const mo_layout *lay, const mo_layout_rd *own)
{
    const mo_element *r = own->elem;
    intptr_t k = (intptr_t)mo_map_get(&lay->index, r->name);
    const mo_layout_item *it = k ? &lay->items[k - 1] : NULL;
    int x = it ? it->ext : -1;
    while (x >= 0 && lay->exts[x].parent != own->ext)
        x = lay->exts[x].parent;
    if (x < 0) {
        mo_error(r->loc, "'%s' is redeclared, but no base class of '%s' declares it", r->name, own->owner->name);
        return false;
    }
    if ((r->flags ^ it->elem->flags) & MO_PF_PROTECTED) {
        bool prot = it->elem->flags & MO_PF_PROTECTED;
        mo_error(r->loc, "cannot redeclare %s element '%s' as %s", prot ? "protected" : "public", r->name,
                 prot ? "public" : "protected");
        mo_note(it->elem->loc, "'%s' is declared here", r->name);
        return false;
    }
    mo_layout_rd rd = {x, own->elem, own->owner};
    MO_PUSH(b->rds, rd);
    return true;
}

/* The layout of a class without extends clauses whose scope's table lists its components first, all of
 * them, in order (lookup.h: components_first): what mo_layout_of would build, from that dense table
 * instead of from the elements, which a big model's top level has hundreds of thousands of, scattered
 * through memory. No item can clash with another or with a class of the class (lookup.c keeps only the
 * first declaration of a name, and reports the others), and the scope's table gives each item's
 * position: the layout needs no table of its own. This is the common case, such as a big model's top
 * level. */
static mo_layout *plain_layout(mo_class *cls, mo_scope *s)
{
    int n = s->components_first;
    mo_layout *lay = MO_NEW(mo_layout);
    lay->cls = cls;
    lay->n = n;
    lay->items = MO_NEWN(mo_layout_item, n);
    mo_element *const *elems = (mo_element *const *)s->local.order_vals.v;
    for (int i = 0; i < n; i++)
        lay->items[i] = (mo_layout_item){elems[i], cls, -1};
    lay->nsec = cls->nsections;
    if (cls->nsections)
        lay->secs = MO_NEWN(mo_layout_sec, cls->nsections);
    for (int i = 0; i < cls->nsections; i++)
        lay->secs[i] = (mo_layout_sec){&cls->sections[i], cls};
    mo_map_view_positions(&lay->index, &s->local, n);
    s->layout = lay;
    return lay;
}

/* The restrictions of specification 4.6 on what records and connectors hold (with what they inherit):
 * no equation or algorithm sections, no protected elements; and no input, output, flow, stream, inner
 * or outer components in a record. Reported once, when the class is laid out. */
static bool restrictions_hold(const mo_class *cls, const mo_layout *lay)
{
    mo_class_kind k = cls->kind;
    bool record = k == MO_CL_RECORD || k == MO_CL_OPERATOR_RECORD;
    if (!record && k != MO_CL_CONNECTOR && k != MO_CL_EXPANDABLE_CONNECTOR)
        return true;
    const char *kind = mo_class_kind_name(k);
    bool ok = true;
    for (int i = 0; i < lay->nsec && ok; i++) {
        const mo_section *sec = lay->secs[i].sec;
        mo_error(sec->loc, "a %s cannot have %s%s sections (specification 4.6)", kind, sec->initial ? "initial " : "",
                 sec->algorithm ? "algorithm" : "equation");
        ok = false;
    }
    for (int i = 0; i < lay->n && ok; i++) {
        const mo_element *e = lay->items[i].elem;
        static const struct { unsigned flag; const char *name; } bad[] = {
            {MO_PF_INPUT, "input"}, {MO_PF_OUTPUT, "output"}, {MO_PF_FLOW, "flow"}, {MO_PF_STREAM, "stream"},
            {MO_PF_INNER, "inner"}, {MO_PF_OUTER, "outer"}};
        if (e->flags & MO_PF_PROTECTED) {
            mo_error(e->loc, "a %s cannot have protected elements (specification 4.6)", kind);
            ok = false;
        }
        for (size_t b = 0; record && ok && b < sizeof bad / sizeof bad[0]; b++)
            if (e->flags & bad[b].flag) {
                mo_error(e->loc, "a component of a %s cannot be %s (specification 4.6)", kind, bad[b].name);
                ok = false;
            }
    }
    return ok;
}

static mo_layout *build_layout(mo_class *cls, mo_scope *s);

/* The sections secs[0..n) with the second and later copies of one section left out, in place; their new
 * number. A class inherited twice (a diamond: D extends B and C, both extending A) brings its sections
 * twice, and equations of a base that are syntactically the same are discarded (spec 7.1): A's equations
 * once. A table of the sections seen (a chain of classes each extending the previous one has as many
 * sections as classes). */
static int unique_sections(mo_layout_sec *secs, int n)
{
    if (n < 2)
        return n;
    mo_map seen = {0};
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!mo_map_put_new(&seen, (const char *)secs[i].sec, secs[i].sec))
            secs[m++] = secs[i];
    return m;   /* (seen is arena memory) */
}

mo_layout *mo_layout_of(mo_class *cls)
{
    mo_scope *s = mo_scope_of(cls);
    if (s->layout)
        return s->layout;
    if (s->layout_busy || !mo_resolve_bases(cls))
        return NULL;
    mo_layout *lay = !s->has_extends && s->components_first >= 0 ? plain_layout(cls, s) : build_layout(cls, s);
    return lay && restrictions_hold(cls, lay) ? lay : NULL;
}

/* Item it of a name that item first already has (spec 7.1): the same element reached twice (a diamond),
 * or two declarations alike, is kept once when the modifications on their ways agree; it joins b's
 * duplicates, whose extends clauses may name it in their modifiers (mo_layout_dup_under). Modifications
 * that differ are an error (the kept item would silently drop the other's); the same element or
 * declaration reached through modifications effective_mod does not follow is kept once as it is. */
static bool keep_first(layout_builder *b, const mo_layout_item *first, const mo_layout_item *it)
{
    const mo_expr *hit;
    int same = same_after_modification(b->exts.v, first, it, &hit);
    bool alike = first->elem == it->elem || same_declaration(first->elem, it->elem);
    if (same == 0 && alike) {
        if (hit)
            mo_error(it->elem->loc, "'%s' is inherited twice with modifications written alike in which '%s' denotes "
                     "different elements (specification 7.1)", it->elem->name, hit->parts[0].id);
        else
            mo_error(it->elem->loc, "'%s' is inherited twice with different modifications (specification 7.1)",
                     it->elem->name);
        for (const mo_layout_item *x = first; x; x = x == first ? it : NULL)
            if (x->ext >= 0)
                mo_note(b->exts.v[top_ext(b->exts.v, x->ext)].ext->loc, "one of them is inherited here");
        return false;
    }
    if (same != 1 && !alike) {
        duplicate(it->elem, first->elem->loc);
        return false;
    }
    MO_PUSH(b->dups, *it);
    return true;
}

static mo_layout *build_layout(mo_class *cls, mo_scope *s)
{
    s->layout_busy = true;
    layout_builder b = {0};
    MO_VEC(layout_frame) stack = {0};
    layout_frame top = {cls, s, 0, 0, -1};
    MO_PUSH(stack, top);
    count_local_classes(&b, cls, 1);
    bool ok = true;
    while (stack.n > 0 && ok) {
        layout_frame *f = &stack.v[stack.n - 1];
        mo_element *e = NULL;
        if (f->i == 0 && f->nbase == 0 && f->cls->form == MO_FORM_EXTENDS) {
            /* class extends M: the inherited M is its first base (lookup.c, redeclare.c) */
            e = f->s->base_elems.v[0];
        } else if (f->i == f->cls->nelems) {   /* the class is done: its own sections after inherited ones */
            for (int i = 0; i < f->cls->nsections; i++) {
                mo_layout_sec sec = {&f->cls->sections[i], f->cls};
                MO_PUSH(b.secs, sec);
            }
            count_local_classes(&b, f->cls, -1);
            stack.n--;
            continue;
        }
        if (!e)
            e = f->cls->elems[f->i++];
        if (e->kind == MO_ELEM_COMPONENT && (e->flags & MO_PF_REDECLARE)) {
            mo_layout_rd rd = {f->node, e, f->cls};
            MO_PUSH(b.own_rds, rd);
        } else if (e->kind == MO_ELEM_COMPONENT) {
            mo_element *clash = f->cls == cls ? NULL : clashing_class(&b, stack.v, stack.n, e->name);
            if (clash) {   /* (the class's own items are checked below, with its duplicates) */
                duplicate(e, elem_loc(clash));
                ok = false;
            }
            mo_layout_item it = {e, f->cls, f->node};
            MO_PUSH(b.items, it);
        } else if (e->kind == MO_ELEM_EXTENDS) {
            mo_class *walk;
            int node, before = b.items.n;
            int nb = f->nbase++;
            ok = append_base(&b, e, f->cls, f->s->bases.v[nb], f->s->long_bases.v[nb], f->node, &walk, &node);
            for (int k = before; k < b.items.n && ok; k++) {   /* a base's layout, copied */
                mo_element *clash = clashing_class(&b, stack.v, stack.n, b.items.v[k].elem->name);
                if (clash) {
                    duplicate(b.items.v[k].elem, elem_loc(clash));
                    ok = false;
                }
            }
            if (ok && walk) {
                layout_frame g = {walk, mo_scope_of(walk), 0, 0, node};
                MO_PUSH(stack, g);   /* (f is stale from here on) */
                count_local_classes(&b, walk, 1);
            }
        }
    }
    s->layout_busy = false;
    if (!ok)
        return NULL;
    mo_layout *lay = MO_NEW(mo_layout);
    lay->cls = cls;
    lay->next = b.exts.n;
    lay->exts = b.exts.v;
    lay->nsec = unique_sections(b.secs.v, b.secs.n);
    lay->secs = b.secs.v;
    /* the builder's vector becomes the items (the loop below only ever moves an item down) */
    lay->items = b.items.v ? b.items.v : MO_NEWN(mo_layout_item, 0);
    mo_map_reserve(&lay->index, b.items.n);
    for (int i = 0; i < b.items.n; i++) {
        mo_layout_item it = b.items.v[i];
        intptr_t k = (intptr_t)mo_map_get(&lay->index, it.elem->name);
        if (k) {
            if (!keep_first(&b, &lay->items[k - 1], &it))
                ok = false;
            continue;
        }
        /* a class of the same name declared in the class clashes too */
        mo_element *local = mo_map_get(&s->local, it.elem->name);
        if (local && local->kind == MO_ELEM_CLASS) {
            duplicate(it.elem, elem_loc(local));
            ok = false;
            continue;
        }
        lay->items[lay->n] = it;
        mo_map_put(&lay->index, it.elem->name, (void *)(intptr_t)(lay->n + 1));
        lay->n++;
    }
    for (int i = 0; ok && i < b.own_rds.n; i++)
        ok = place_redeclare(&b, lay, &b.own_rds.v[i]);
    if (!ok)
        return NULL;
    lay->nrd = b.rds.n;
    lay->rds = b.rds.v;
    set_dups(lay, &b);
    s->layout = lay;
    return lay;
}

/* ---- long-form classes that are types of scalars ---- */
/* Does the chain of short classes and type extensions from c end in a predefined type or an enumeration?
 * A chain of classes, not of the model: a loop (cycles end it: mo_short_target and mo_resolve_bases
 * refuse them). */
static bool simple_type_chain(mo_class *c)
{
    while (c) {
        if (mo_builtin_type(c) >= 0 || c->form == MO_FORM_ENUM)
            return true;
        if (c->form == MO_FORM_SHORT) {
            c = mo_short_target(c);
            continue;
        }
        if (c->form != MO_FORM_LONG)
            return false;
        mo_scope *s = mo_scope_of(c);
        if (s->type_state)
            return s->type_state > 0;
        if (!s->has_extends || !mo_resolve_bases(c) || s->bases.n != 1)
            return false;
        c = s->bases.v[0];
    }
    return false;
}

mo_class *mo_type_extends(mo_class *cls, mo_element **ext)
{
    *ext = NULL;
    if (cls->form != MO_FORM_LONG)
        return NULL;
    mo_scope *s = mo_scope_of(cls);
    if (s->type_state) {
        *ext = s->type_ext;
        return s->type_state > 0 ? s->type_base : NULL;
    }
    s->type_state = -1;
    if (!s->has_extends || !mo_resolve_bases(cls))
        return NULL;
    int hit = -1;
    for (int i = 0; i < s->bases.n && hit < 0; i++)
        if (simple_type_chain(s->bases.v[i]))
            hit = i;
    if (hit < 0)
        return NULL;
    /* spec 4.5.2 (and 7.1.3): such a class has no components, and no other base (which would bring some) */
    mo_element *x = s->base_elems.v[hit];
    bool ok = true;
    if (cls->kind != MO_CL_TYPE && cls->kind != MO_CL_CONNECTOR && cls->kind != MO_CL_CLASS) {   /* spec 7.1.3 */
        mo_error(x->loc, "a %s cannot extend the type '%s'", mo_class_kind_name(cls->kind), mo_name_str(x->base));
        ok = false;
    }
    for (int i = 0; i < cls->nelems; i++) {
        mo_element *e = cls->elems[i];
        if ((e->kind != MO_ELEM_COMPONENT && e->kind != MO_ELEM_EXTENDS) || e == x)
            continue;
        mo_error(e->loc, "'%s' extends the scalar type '%s', so it cannot have %s", cls->name,
                 mo_name_str(x->base), e->kind == MO_ELEM_COMPONENT ? "components" : "other base classes");
        mo_note(x->loc, "'%s' extends '%s' here", cls->name, mo_name_str(x->base));
        ok = false;
    }
    for (int i = 0; ok && i < cls->nsections; i++) {
        mo_error(cls->sections[i].loc, "'%s' extends the scalar type '%s', so it cannot have %s", cls->name,
                 mo_name_str(x->base), cls->sections[i].algorithm ? "algorithms" : "equations");
        ok = false;
    }
    if (!ok)
        return NULL;
    s->type_state = 1;
    s->type_base = s->bases.v[hit];
    s->type_ext = x;
    *ext = x;
    return s->type_base;
}
