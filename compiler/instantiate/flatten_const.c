/*
 * flatten_const.c - constants of packages that are records, as the Media library writes its data:
 * a record constant given by its declaration's modifier (constant DataRecord H2O(MM = 0.018, ...), and
 * vectors of them with 'each'), the fields of record constants (P.steam.MM, P.data[i].MM,
 * fluidConstants[1].criticalPressure) and elements of arrays of records (data[2]).
 *
 * Input: references that flatten_expr.c's lexical lookup found to go through a constant of a record
 * type (or that name one), and its flattener (mo_flatten_rv) for the constant's value. Output: array
 * values (aval.h), records included; the subscripts of a field path for fnexpr.c and fnrecord.c, which
 * apply them in a function's body (where they may read the function's variables).
 * Preconditions: expression trees depth-limited by the parser; a record constant's value is flattened
 * where it is declared, so no instance is needed.
 */
#include "aval.h"

#include <stdint.h>
#include <string.h>

/* The value of a record constant given by its declaration's modifier, constant R r(a = 1, b = {2, 3})
 * (the Media library's gas data), as the call R(a = 1, b = {2, 3}) of its constructor written in
 * owner's text; of a vector of them, constant R r[2](each a = 1), the vector of such calls. NULL when
 * comp is no such constant (no modifier, one not of the form field = value, or an array whose modifier
 * has no 'each', or more than one dimension), or after an error. */
const mo_expr *mo_record_modifier_value(mo_front *fr, const mo_element *comp, mo_class *owner)
{
    const mo_mod *m = comp->mod;
    if (!m || m->binding || !m->nargs || comp->kind != MO_ELEM_COMPONENT || !comp->type)
        return NULL;
    int nd = comp->ntype_dims + comp->ndims;
    mo_class *cls = nd <= 1 ? mo_lookup_class(owner, comp->type, "class") : NULL;
    if (!cls || !mo_rv_is_record_class(mo_long_class(cls)))
        return NULL;
    const mo_name *t = comp->type;
    mo_expr *call = mo_expr_new(MO_EX_CALL, comp->loc);
    call->fn = mo_expr_ref1(t->loc, t->ids[0], mo_name_loc(t, 0));
    call->fn->global = t->global;
    if (t->n > 1) {
        call->fn->parts = MO_NEWN(mo_ref_part, t->n);
        call->fn->nparts = t->n;
        for (int i = 0; i < t->n; i++) {
            call->fn->parts[i].id = t->ids[i];
            mo_ref_part_set_loc(call->fn, i, mo_name_loc(t, i));
        }
    }
    call->named = MO_NEWN(mo_named_arg, m->nargs);
    for (int i = 0; i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        if (a->kind != MO_ARG_MOD || a->name.n != 1 || !a->mod || !a->mod->binding || a->mod->nargs ||
            a->each != (nd > 0))
            return NULL;
        call->named[call->nnamed++] = (mo_named_arg){a->name.ids[0], a->name.loc, a->mod->binding};
    }
    long long n;
    if (!nd)
        return call;
    if (!mo_eval_int(fr, NULL, owner, comp->ntype_dims ? comp->type_dims[0] : comp->dims[0], "an array dimension", &n))
        return NULL;
    mo_expr *v = mo_expr_new(MO_EX_ARRAY, comp->loc);
    v->a = MO_NEWN(mo_expr *, n > 0 ? n : 1);
    for (v->n = 0; v->n < n; v->n++)
        v->a[v->n] = call;
    return v;
}

bool mo_constant_field(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int k, mo_aval *out,
                       mo_expr ***subs, int *nsubs)
{
    mo_expr *pre = mo_expr_dup(e);
    mo_ref_part *parts = MO_NEWN(mo_ref_part, k);
    memcpy(parts, e->parts, sizeof *parts * (size_t)k);
    parts[k - 1].nsubs = 0;
    pre->parts = parts;
    pre->nparts = k;
    if (!mo_flatten_rv(fr, inst, owner, pre, out))
        return false;
    MO_VEC(mo_expr *) all = {0};
    int before = 0;   /* the dimensions of the value of the part before */
    for (int i = k - 1; i < e->nparts; i++) {
        const mo_ref_part *p = &e->parts[i];
        if (i >= k) {
            const mo_aval *fv = out->rec ? mo_rv_field(out, p->id) : NULL;
            if (!fv) {
                mo_buf b = {0};
                for (int j = 0; j < i; j++)
                    mo_buf_printf(&b, "%s%s", j ? "." : "", e->parts[j].id);
                mo_error(mo_ref_part_loc(e, i), out->rec ? "'%s' has no field '%s'" : "'%s' is no record: it has no field '%s'",
                         mo_buf_str(&b), p->id);
                return false;
            }
            *out = *fv;
        }
        if (p->nsubs) {
            while (all.n < before)
                MO_PUSH(all, mo_expr_new(MO_EX_COLON, mo_ref_part_loc(e, i)));
            for (unsigned j = 0; j < p->nsubs; j++)
                MO_PUSH(all, mo_ref_part_subs(p)[j]);
        }
        before = out->nd;
    }
    *subs = all.v;
    *nsubs = all.n;
    return true;
}

/* Elements of the array of records v chosen by the subscripts of part p (what: the reference, for
 * messages): each field's value subscripted alike, the field's own dimensions kept. */
bool mo_record_elements(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_ref_part *p, const char *what,
                            mo_aval *v)
{
    const mo_rval *r = v->rec;
    int n = r->lay->n, left = 0;
    mo_aval *f = MO_NEWN(mo_aval, n + 1);
    for (int i = 0; i < n; i++) {
        mo_sref s;
        f[i] = r->f[i];
        if (f[i].rec) {
            mo_error(mo_ref_part_subs(p)[0]->loc, "not supported yet: subscripts on '%s', an array of records with "
                     "records as fields", what);
            return false;
        }
        if (!mo_av_subscript(fr, inst, owner, p, what, &f[i], &s))
            return false;
        if (s.ndyn) {
            mo_error(mo_ref_part_subs(p)[0]->loc, "not supported yet: an element of the array of records '%s' "
                     "chosen at run time", what);
            return false;
        }
        left = f[i].nd - (r->f[i].nd - v->nd);
    }
    return mo_rv_array_of_values(r->cls, left, n, f, v);
}

/* P.r.x[j], P.r[i].x: the field's value (mo_constant_field), subscripted here */
bool mo_constant_fields(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int k, mo_aval *out)
{
    mo_expr **subs;
    int n;
    if (!mo_constant_field(fr, inst, owner, e, k, out, &subs, &n))
        return false;
    if (!n)
        return true;
    mo_expr *ref = mo_expr_ref1(e->loc, e->parts[e->nparts - 1].id, mo_ref_part_loc(e, e->nparts - 1));
    mo_ref_part_set_subs(ref, 0, subs, n);
    if (out->rec)
        return mo_record_elements(fr, inst, owner, &ref->parts[0], mo_ref_str(e), out);
    mo_sref sr;
    if (!mo_av_subscript(fr, inst, owner, &ref->parts[0], mo_ref_str(e), out, &sr))
        return false;
    return sr.ndyn ? mo_run_time_subscripts(&sr, e->loc, mo_ref_str(e), out) : true;
}

