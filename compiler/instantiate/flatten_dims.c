/*
 * flatten_dims.c - the sizes of an array component and its modifiers per element (flatten.c makes the
 * elements one by one).
 *
 * The sizes: a declaration's dimensions, then its type's (Real[3, 2] x[4, 5] is Real x[4, 5, 3, 2],
 * spec 10.1), each a parameter expression, an enumeration type or Boolean, or ':' (the size of the
 * binding, or of an array attribute's value). The modifiers: element j of an array component gets its
 * part of every binding written without 'each' (spec 7.2.5); a binding is flattened once where it was
 * written and shared by the elements.
 */
#include "aval.h"

#include <string.h>

/* The value of a modifier's binding, flattened once where it was written (cached on the node, so that
 * the elements of an array share one evaluation). */
static mo_aval *mod_value(mo_front *fr, mo_fmod *m)
{
    if (!m->val) {
        mo_aval *v = MO_NEW(mo_aval);
        if (!mo_flatten_rv(fr, m->scope, m->scope_cls, m->binding, v))
            return NULL;
        m->val = v;
    }
    return m->val;
}

static bool needs_split(const mo_fmod *m)
{
    if (m->binding && !m->each)
        return true;
    for (int i = 0; i < m->n; i++)
        if (m->sub[i]->each ? m->sub[i]->binding != NULL : needs_split(m->sub[i]))
            return true;
    return false;
}

/* A modifier with 'each' as an element of the array gets it: 'each' is spent there, so that an array
 * inside the element takes the value element by element (A a[2](each b = {1, 2}) with Real b[2]). */
static mo_fmod *each_done(mo_fmod *m)
{
    if (!m->binding)
        return m;
    mo_fmod *r = MO_NEW(mo_fmod);
    *r = *m;
    r->each = false;
    return r;
}

/* The modifier of element j of an array component: bindings without 'each' are array values whose
 * leading dimensions are the component's, and element j gets its part of them (spec 7.2.5). */
mo_fmod *mo_split_mod(mo_front *fr, mo_fmod *m, int j, const mo_arr *arr, const char *name, bool *err)
{
    if (!m || !needs_split(m))
        return m;
    mo_fmod *r = MO_NEW(mo_fmod);
    *r = *m;
    if (m->binding && !m->each) {
        mo_aval *v = mod_value(fr, m);
        if (!v) {
            *err = true;
            return r;
        }
        bool ok = v->nd >= arr->ndims;
        for (int k = 0; ok && k < arr->ndims; k++)
            ok = v->dims[k] == arr->dims[k];
        if (!ok) {
            mo_aval a = {0};
            a.nd = arr->ndims;
            memcpy(a.dims, arr->dims, sizeof *arr->dims * (size_t)arr->ndims);
            if (v->nd == 0)
                mo_error(m->binding->loc, "the value for '%s' is a scalar, but '%s' is an array of size %s "
                         "(write 'each' to give every element this value)", m->name ? m->name : name, name,
                         mo_av_size_str(&a));
            else
                mo_error(m->binding->loc, "the value for '%s' has size %s, but '%s' has size %s",
                         m->name ? m->name : name, mo_av_size_str(v), name, mo_av_size_str(&a));
            *err = true;
            return r;
        }
        mo_aval *e = MO_NEW(mo_aval);
        mo_av_part(v, arr->ndims, arr->total, j, e);
        r->val = e;
    }
    r->sub = MO_NEWN(mo_fmod *, m->n + 1);
    for (int i = 0; i < m->n; i++)
        r->sub[i] = m->sub[i]->each ? each_done(m->sub[i]) : mo_split_mod(fr, m->sub[i], j, arr, name, err);
    return r;
}

/* The size of one array dimension: a parameter expression, or an enumeration type or Boolean. */
static bool dim_size(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *d, long long *n,
                     const mo_class **type)
{
    *type = NULL;
    if (d->kind == MO_EX_REF && d->parts[d->nparts - 1].nsubs == 0 &&
        (!inst || !mo_map_get(&inst->lay->index, d->parts[0].id))) {
        mo_name nm;
        mo_name_init(&nm, d->loc, d->global, d->nparts);
        for (int i = 0; i < d->nparts; i++) {
            nm.ids[i] = d->parts[i].id;
            mo_name_set_loc(&nm, i, mo_ref_part_loc(d, i));
        }
        mo_found f;
        if (mo_lookup_name(owner, &nm, &f) < 0 && f.cls && !f.comp) {
            mo_class *c = f.cls;
            while (c && c->form == MO_FORM_SHORT && c->nshort_dims == 0)   /* type E2 = E */
                c = mo_short_target(c);
            if (c && (c->form == MO_FORM_ENUM || mo_builtin_type(c) == MO_T_BOOLEAN)) {
                *n = c->form == MO_FORM_ENUM ? c->nliterals : 2;
                *type = c;
                return true;
            }
        }
    }
    return mo_eval_int(fr, inst, owner, d, "an array dimension", n);
}

/* The size of dimension k (of nd) of a component declared with ':' (spec 10.1): that of its binding, else
 * of an array attribute's value (Real x[:](start = {1, 2})). */
static bool colon_size(mo_front *fr, mo_comp_type *t, int k, int nd, const mo_expr *d, const char *name, long long *n)
{
    mo_fmod *src = t->mod && t->mod->binding && !t->mod->each ? t->mod : NULL;
    for (int i = 0; !src && t->basetype >= 0 && t->mod && i < t->mod->n; i++) {
        mo_fmod *a = t->mod->sub[i];
        if (a->binding && !a->each && a->n == 0 && mo_attribute_index(a->name) >= 0)
            src = a;
    }
    if (!src) {
        mo_error(d->loc, "'%s' has a dimension ':' but no binding (nor array attribute) to take its size from", name);
        return false;
    }
    mo_aval *v = mod_value(fr, src);
    if (!v)
        return false;
    if (v->nd < nd) {
        mo_error(src->binding->loc, "the value for '%s' has size %s, but '%s' has %d dimensions",
                 src->name ? src->name : name, mo_av_size_str(v), name, nd);
        return false;
    }
    *n = v->dims[k];
    return true;
}

/* The sizes of an array component (the declaration's, then its type's), into arr. While they are
 * evaluated, arr has no elements and the sizes not known yet are -1: a size may be that of an earlier
 * dimension (parameter Real A[:, size(A, 1)]), which size() reads from the component's slot. */
bool mo_eval_dims(mo_front *fr, mo_inst *inst, const mo_layout_item *it, mo_comp_type *t, const char *name,
                  mo_arr *arr)
{
    const mo_element *e = it->elem;
    int ndims = e->ndims + e->ntype_dims + t->ntdims;
    if (ndims > MO_MAX_DIMS) {
        mo_error(e->loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
        return false;
    }
    arr->dims = MO_NEWN(int, ndims + 1);
    for (int k = 0; k < ndims; k++)
        arr->dims[k] = -1;
    arr->ndims = ndims;
    arr->total = 1;
    for (int k = 0; k < ndims; k++) {
        /* Real[3, 2] x[4, 5] is Real x[4, 5, 3, 2], and an array type's dimensions come last (spec 10.1) */
        int kt = k - e->ndims, ks = kt - e->ntype_dims;
        const mo_expr *d = kt < 0 ? e->dims[k] : ks < 0 ? e->type_dims[kt] : t->tdims[ks];
        long long n;
        const mo_class *type = NULL;
        if (d->kind == MO_EX_COLON) {
            if (!mo_exp_colon_size(fr, inst, k, ndims, &n) && !colon_size(fr, t, k, ndims, d, name, &n))
                return false;
        } else if (!(ks < 0 ? dim_size(fr, inst, it->owner, d, &n, &type)
                            : dim_size(fr, NULL, t->tdim_scope[ks], d, &n, &type))) {
            return false;
        }
        if (type && !arr->dim_types)
            arr->dim_types = MO_NEWN(const mo_class *, ndims);
        if (type)
            arr->dim_types[k] = type;
        if (n < 0) {
            mo_error(d->loc, "invalid array dimension %lld", n);
            return false;
        }
        if ((double)arr->total * (double)n > MO_MAX_ARRAY_ELEMENTS) {
            mo_error(d->loc, "array with more than %d elements (arrays are scalarised at compile time)",
                     MO_MAX_ARRAY_ELEMENTS);
            return false;
        }
        arr->dims[k] = (int)n;
        arr->total *= (int)n;
    }
    return true;
}
