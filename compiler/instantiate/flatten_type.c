/*
 * flatten_type.c - the type of a component declaration: the class its type name denotes, followed
 * through short classes (type Angle = Real(unit = "rad")) and long-form type extensions (type T extends
 * Real(unit = "m"); end T;) to a long-form class, a predefined type or an enumeration, gathering on the
 * way their modifiers (outermost wins), prefixes and array dimensions (type Vector3 = Real[3]).
 *
 * Input: a layout item (inst.h) and the modifier the component gets from outside and its declaration.
 * Output: mo_comp_type. Type names are resolved once per (class, name) (a big model writes the same few
 * type names in a hundred thousand declarations), a type's modifier is built once per class.
 * Preconditions: lookup.c answers names; called by flatten.c for every component it builds.
 */
#include "aval.h"

#include <stdint.h>
#include <string.h>

/* The classes that type names resolve to, by (class whose text holds the name, the name's identifiers):
 * a big model writes the same few type names in a hundred thousand declarations, and lookup (imports,
 * enclosing scopes) is a pure function of these. Open addressing; the entries live in the arena. */
typedef struct type_entry {
    const mo_class *owner;
    const mo_name *name;
    mo_class *cls;
    uint64_t hash;
} type_entry;
static struct { type_entry *v; int cap, n; } type_cache;

static uint64_t type_hash(const mo_class *owner, const mo_name *n)
{
    uint64_t h = (uint64_t)(uintptr_t)owner * 0x9E3779B97F4A7C15ull ^ (uint64_t)n->global;
    for (int i = 0; i < n->n; i++)
        h = (h ^ (uint64_t)(uintptr_t)n->ids[i]) * 0x100000001B3ull;
    return h ^ (h >> 29);
}

/* The cached class, or the slot where to store it (*slot). */
static mo_class *type_cached(const mo_class *owner, const mo_name *n, uint64_t h, int *slot)
{
    if (2 * (type_cache.n + 1) > type_cache.cap) {
        int cap = type_cache.cap ? 2 * type_cache.cap : 64;
        type_entry *v = MO_NEWN(type_entry, cap);
        for (int i = 0; i < type_cache.cap; i++)
            if (type_cache.v[i].cls) {
                int j = (int)(type_cache.v[i].hash & (uint64_t)(cap - 1));
                while (v[j].cls)
                    j = (j + 1) & (cap - 1);
                v[j] = type_cache.v[i];
            }
        type_cache.v = v;
        type_cache.cap = cap;
    }
    int j = (int)(h & (uint64_t)(type_cache.cap - 1));
    for (; type_cache.v[j].cls; j = (j + 1) & (type_cache.cap - 1)) {
        const type_entry *t = &type_cache.v[j];
        if (t->hash == h && t->owner == owner && mo_name_same(t->name, n))
            return t->cls;
    }
    *slot = j;
    return NULL;
}
static mo_map short_mods;   /* short class -> its modifier as a tree (the same for every instance) */
static mo_map short_mods_scalar;   /* the same, for a scalar component of the class (no 'each' added) */
static mo_map constraints_checked;   /* replaceable short classes whose constraining type was checked */

/* Does the modifier (a short class's) give a value somewhere without 'each'? */
static bool has_split_value(const mo_fmod *m)
{
    if (m->binding && !m->each)
        return true;
    for (int i = 0; i < m->n; i++)
        if (has_split_value(m->sub[i]))
            return true;
    return false;
}

/* The modifier of a short class or of a type extension (cached: the same for every instance). A type's
 * own modifiers hold for every element of an array of it (type T = Real(min = 0); T x[3]): 'each' is
 * about modifiers written at the declaration, not these (spec 7.2.5); an array type's modifiers are
 * about its own elements (type V = Real[3](start = {1, 2, 3})). For a scalar component (array_of false)
 * no 'each' is added: there is no array for it to be spent on, and it would wrongly stay on the
 * modified element (model PP = P(c = {1, 2, 3}); PP p; with P's Integer c[3]). */
static mo_fmod *type_mod(mo_class *c, const mo_mod *m, mo_class *scope, bool array_of, mo_inst *at)
{
    bool each = array_of && c->nshort_dims == 0;
    /* a modifier written in a model's text (redeclare model FM = Flow(mt = eps) in a component's
     * modifier): its names are components of that model's instance, around the component being made */
    mo_inst *in = m ? mo_short_mod_scope(at, scope) : NULL;
    mo_map *cache = each ? &short_mods : &short_mods_scalar;
    mo_fmod *sm = in ? NULL : mo_map_get(cache, (const char *)c);
    if (!sm && m) {
        sm = mo_fmod_from_ast(m, in, scope, true);
        for (int i = 0; sm && each && i < sm->n; i++)
            sm->sub[i]->each = true;
        if (!in)
            mo_map_put(cache, (const char *)c, sm);
    }
    return sm;
}

/* The number of dimensions an array type adds (type T2 = T1[2]; type T1 = Real[3]: 2), 0 for others. */
static int type_ndims(mo_class *c)
{
    int n = 0;
    while (c) {
        mo_element *x;
        if (c->form == MO_FORM_SHORT) {
            n += c->nshort_dims;
            c = mo_short_target(c);
        } else {
            c = c->form == MO_FORM_LONG ? mo_type_extends(c, &x) : NULL;
        }
    }
    return n;
}

/* A replaceable type or component keeps the number of dimensions of its constraining type (spec 7.3.2):
 * replaceable type T = Real3[2] constrainedby Real23 compares Real3 with Real23. */
static bool constraint_dims_ok(const mo_element *e, mo_class *scope, mo_class *type)
{
    if (!(e->flags & MO_PF_REPLACEABLE) || !e->constrainedby)
        return true;
    mo_class *cc = mo_lookup_class(scope, e->constrainedby, "class");
    if (!cc)
        return false;
    int a = type_ndims(type), b = type_ndims(cc);
    if (a == b)
        return true;
    mo_error(e->constrainedby->loc, "'%s' has %d array dimension%s, but its constraining type '%s' has %d",
             type->name, a, a == 1 ? "" : "s", cc->name, b);
    return false;
}

bool mo_resolve_type(mo_layout_item *it, mo_fmod *mod, mo_comp_type *t, mo_inst *at)
{
    mo_element *e = it->elem;
    uint64_t h = type_hash(it->owner, e->type);
    int slot = 0;
    mo_class *c = type_cached(it->owner, e->type, h, &slot);
    if (!c) {
        c = mo_lookup_class(it->owner, e->type, "class");
        if (!c)
            return false;
        if (!type_cached(it->owner, e->type, h, &slot)) {   /* again: the table may have changed meanwhile */
            type_cache.v[slot] = (type_entry){it->owner, e->type, c, h};
            type_cache.n++;
        }
    }
    memset(t, 0, sizeof *t);
    t->mod = mod;
    if (!constraint_dims_ok(e, it->owner, c))
        return false;
    int outer_dims = e->ndims + e->ntype_dims;   /* with t->ntdims: the dimensions around c's elements */
    for (;;) {
        t->connector |= c->kind == MO_CL_CONNECTOR || c->kind == MO_CL_EXPANDABLE_CONNECTOR;
        if (c->form != MO_FORM_SHORT) {
            /* type T extends Real(unit = "m"); end T; is a short class in long form */
            mo_element *x;
            int errors = mo_error_count();
            mo_class *base = c->form == MO_FORM_LONG ? mo_type_extends(c, &x) : NULL;
            if (!base) {
                if (mo_error_count() > errors)
                    return false;
                break;
            }
            t->mod = mo_fmod_merge(t->mod, type_mod(c, x->mod, c, outer_dims > 0 || t->ntdims > 0, at));
            c = base;
            continue;
        }
        if ((c->flags & MO_PF_REPLACEABLE) && !mo_map_get(&constraints_checked, (const char *)c)) {
            mo_map_put(&constraints_checked, (const char *)c, c);
            const mo_element *ce = c->parent ? mo_map_get(&mo_scope_of(c->parent)->local, c->name) : NULL;
            mo_class *base = mo_short_target(c);
            if (!base || (ce && ce->kind == MO_ELEM_CLASS && ce->cls == c && !constraint_dims_ok(ce, c->parent, base)))
                return false;
        }
        if (c->nshort_dims > 0) {
            /* values of an array type's modifiers split over its own dimensions only: with dimensions
             * before them (T x[2], or T[2] in another type) they would need 'each' for those alone */
            const mo_fmod *sm = type_mod(c, c->short_mod, c->parent, false, at);
            if (sm && has_split_value(sm) && (t->ntdims > 0 || e->ndims + e->ntype_dims > 0)) {
                mo_error(e->type->loc, "not supported yet: an array of the array type '%s', whose modifier "
                         "gives values for its elements", c->name);
                return false;
            }
            int n = t->ntdims + c->nshort_dims;
            if (n + e->ndims + e->ntype_dims > MO_MAX_DIMS) {
                mo_error(e->loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
                return false;
            }
            mo_expr **d = MO_NEWN(mo_expr *, n);
            mo_class **ds = MO_NEWN(mo_class *, n);
            for (int k = 0; k < t->ntdims; k++)
                d[k] = t->tdims[k], ds[k] = t->tdim_scope[k];
            for (int k = 0; k < c->nshort_dims; k++)
                d[t->ntdims + k] = c->short_dims[k], ds[t->ntdims + k] = c->parent;
            t->ntdims = n;
            t->tdims = d;
            t->tdim_scope = ds;
        }
        t->mod = mo_fmod_merge(t->mod, type_mod(c, c->short_mod, c->parent, outer_dims > 0 || t->ntdims > 0, at));
        t->prefixes |= c->short_prefixes;
        c = mo_short_target(c);
        if (!c)
            return false;
    }
    c = mo_specialize_by_mod(c, t->mod);   /* C c(redeclare model M = B): C with B for M (redeclare.c) */
    if (!c)
        return false;
    t->cls = c;
    t->basetype = c->form == MO_FORM_ENUM ? MO_T_ENUM : mo_builtin_type(c);
    if (t->basetype < 0 && mo_class_is_extobj(c)) {   /* 12.9.7: the handle of a C object (an Integer) */
        /* bound once in its declaration, never modified nor assigned (12.9.7): a parameter, made once
         * by init_params (its constructor's arguments must then be parameter expressions) */
        t->prefixes |= MO_PF_PARAMETER;
        t->basetype = MO_T_INTEGER;
    }
    if (t->basetype < 0) {
        if (c->kind == MO_CL_PACKAGE || c->kind == MO_CL_FUNCTION || c->kind == MO_CL_OPERATOR ||
            c->kind == MO_CL_OPERATOR_FUNCTION) {
            mo_error(e->type->loc, "'%s' is a %s and cannot be the type of a component",
                     mo_name_str(e->type), mo_class_kind_name(c->kind));
            return false;
        }

        if (c->kind == MO_CL_TYPE) {   /* spec 4.6 */
            mo_error(e->type->loc, "type '%s' neither names nor extends a predefined type or an enumeration",
                     mo_name_str(e->type));
            mo_note(c->loc, "'%s' is defined here", c->name);
            return false;
        }
    }
    return true;
}
