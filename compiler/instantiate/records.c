/*
 * records.c - record values (spec 12.6): record constructors, the values of record components, arrays
 * of records, equations between records, and a record's value spread over its fields' modifiers.
 *
 * Input: record-typed expressions met while flattening (flatten_expr.c asks here for a record
 * constructor call, a reference to a record component, an array or if-expression of records;
 * funcall.c for a function whose result is a record). Output: record values (aval.h: mo_rval), whose
 * leaves are flat scalar expressions, so that every later use is per scalar field:
 *   - an equation between records (flatten.c) is one equation per scalar leaf (mo_rv_equate);
 *   - a record component with a value, R r = R(1, 2) or comp(medium = medium), gets one binding per
 *     field (mo_rv_spread), which the component's fields take as any other modifier: the record
 *     component is then made as usual (flatten.c), and may still be cloned (flatten_clone.c).
 * A record constructor R(a, b = 2) is evaluated directly: its inputs are the record's fields that may
 * be modified (not final), in layout order (inherited fields first); a field that no argument gives
 * takes its modifier's value, which is flattened with the other fields in scope (a frame: the record
 * field n1 in Real r6[n1], Integer in2 = in3). Fields are computed on demand, so a default may use a
 * field declared further down; a field that needs itself is an error.
 * Preconditions: called while flattening (mo_front). Recursion follows the nesting of records and the
 * dependencies between the fields of one record.
 */
#include "aval.h"
#include "func.h"

#include <stdint.h>
#include <string.h>

static bool is_record(const mo_class *c)
{
    return c && (c->kind == MO_CL_RECORD || c->kind == MO_CL_OPERATOR_RECORD);
}

bool mo_rv_is_record_class(const mo_class *c)
{
    return is_record(c);
}

static mo_rval *rv_new(mo_class *cls, mo_layout *lay)
{
    mo_rval *r = MO_NEW(mo_rval);
    r->cls = cls;
    r->lay = lay;
    r->f = MO_NEWN(mo_aval, lay->n + 1);
    return r;
}

/* A value that is a record (or an array of records) with fields r. */
static void av_record(mo_aval *out, int nd, const int *dims, int n, mo_rval *r)
{
    memset(out, 0, sizeof *out);
    out->nd = nd;
    if (nd)
        memcpy(out->dims, dims, sizeof *dims * (size_t)nd);
    out->n = n;
    out->rec = r;
}

const char *mo_rv_type_name(const mo_aval *v)
{
    return v->rec ? mo_class_full_name(v->rec->cls) : "?";
}

const mo_aval *mo_rv_field(const mo_aval *v, const char *name)
{
    intptr_t k = mo_layout_find(v->rec->lay, name);
    return k ? &v->rec->f[k - 1] : NULL;
}

/* Does record value v have every field that class lay has? Reports at loc when not (what: how the
 * value is used, for the message). */
static bool has_fields_of(const mo_aval *v, const mo_layout *lay, mo_loc loc, const char *what)
{
    if (v->rec->lay == lay)
        return true;
    for (int i = 0; i < lay->n; i++)
        if (!mo_rv_field(v, lay->items[i].elem->name)) {
            mo_error(loc, "%s is a record of type '%s', which has no field '%s' of '%s'", what, mo_rv_type_name(v),
                     lay->items[i].elem->name, mo_class_full_name(lay->cls));
            mo_note(lay->items[i].elem->loc, "'%s' is declared here", lay->items[i].elem->name);
            return false;
        }
    return true;
}

/* ---- arrays of values ---- */

/* n values of one size stacked into an array: dimensions dims (nd of them, whose product is n), then
 * the values' own. Records are stacked field by field (the structure of arrays of aval.h). */
bool mo_av_stack(mo_loc loc, int n, const mo_aval *v, int nd, const int *dims, mo_aval *out)
{
    if (n == 0)
        return mo_av_alloc(out, nd, dims, loc);
    for (int i = 1; i < n; i++) {
        if (!v[i].rec != !v[0].rec) {
            mo_error(loc, "an array cannot hold both records and values that are not records");
            return false;
        }
        if (!mo_av_same_size(&v[0], &v[i])) {
            mo_error(loc, "the elements of an array constructor have different sizes: %s and %s",
                     mo_av_size_str(&v[0]), mo_av_size_str(&v[i]));
            return false;
        }
    }
    int all[2 * MO_MAX_DIMS];
    memcpy(all, dims, sizeof *dims * (size_t)nd);
    memcpy(all + nd, v[0].dims, sizeof *all * (size_t)v[0].nd);
    int tnd = nd + v[0].nd;
    if (tnd > MO_MAX_DIMS) {
        mo_error(loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
        return false;
    }
    if (!v[0].rec) {
        if (!mo_av_alloc(out, tnd, all, loc))
            return false;
        int inner = v[0].n;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < inner; j++)
                out->el[(size_t)i * (size_t)inner + (size_t)j] = mo_av_at(&v[i], j);
        return true;
    }
    mo_layout *lay = v[0].rec->lay;
    for (int i = 1; i < n; i++)
        if (!has_fields_of(&v[i], lay, loc, "an element of this array"))
            return false;
    mo_rval *r = rv_new(v[0].rec->cls, lay);
    mo_aval *parts = MO_NEWN(mo_aval, n);
    for (int f = 0; f < lay->n; f++) {
        for (int i = 0; i < n; i++)
            parts[i] = *mo_rv_field(&v[i], lay->items[f].elem->name);
        if (!mo_av_stack(loc, n, parts, nd, dims, &r->f[f]))
            return false;
    }
    av_record(out, tnd, all, n * v[0].n, r);
    return true;
}

bool mo_rv_array(mo_loc loc, int n, const mo_aval *elems, mo_aval *out)
{
    int dims[1] = {n};
    return mo_av_stack(loc, n, elems, 1, dims, out);
}

void mo_av_part(const mo_aval *v, int lead, int count, int j, mo_aval *out)
{
    int inner = count ? v->n / count : 0;
    if (v->rec) {
        mo_rval *r = rv_new(v->rec->cls, v->rec->lay);
        for (int f = 0; f < r->lay->n; f++)
            mo_av_part(&v->rec->f[f], lead, count, j, &r->f[f]);
        av_record(out, v->nd - lead, v->dims + lead, inner, r);
        return;
    }
    if (v->nd == lead) {
        mo_av_scalar(out, v->el[j]);
        return;
    }
    memset(out, 0, sizeof *out);
    out->nd = v->nd - lead;
    memcpy(out->dims, v->dims + lead, sizeof *out->dims * (size_t)out->nd);
    out->n = inner;
    out->el = v->el + (size_t)j * (size_t)inner;
}

bool mo_rv_if(const mo_expr *e, int n, const mo_aval *v, mo_aval *out)
{
    const mo_aval *last = &v[n - 1];
    for (int i = 1; i < n; i += (i + 1 < n) ? 2 : 1) {
        if (!v[i].rec) {
            mo_error(e->a[i]->loc, "the branches of an if-expression must all be records or all not");
            return false;
        }
        if (!mo_av_same_size(&v[i], last)) {
            mo_error(e->a[i]->loc, "the branches of an if-expression have different sizes: %s and %s",
                     mo_av_size_str(&v[i]), mo_av_size_str(last));
            return false;
        }
        if (!has_fields_of(&v[i], last->rec->lay, e->a[i]->loc, "this branch"))
            return false;
    }
    mo_layout *lay = last->rec->lay;
    mo_rval *r = rv_new(last->rec->cls, lay);
    mo_aval *parts = MO_NEWN(mo_aval, n);
    for (int f = 0; f < lay->n; f++) {
        for (int i = 0; i < n; i++)
            parts[i] = (i + 1 < n && i % 2 == 0) ? v[i] : *mo_rv_field(&v[i], lay->items[f].elem->name);
        bool ok = parts[n - 1].rec ? mo_rv_if(e, n, parts, &r->f[f]) : mo_av_if(e, n, parts, &r->f[f]);
        if (!ok)
            return false;
    }
    av_record(out, last->nd, last->dims, last->n, r);
    return true;
}

/* ---- the values of record components ---- */

static bool inst_value(mo_front *fr, mo_inst *in, mo_loc loc, mo_aval *out);

static bool slot_value(mo_front *fr, mo_slot s, mo_loc loc, mo_aval *out)
{
    switch (s.kind) {
    case MO_SK_VAR:
        mo_av_scalar(out, mo_var_expr(loc, s.var));
        return true;
    case MO_SK_INST:
        return inst_value(fr, s.child, loc, out);
    case MO_SK_ARRAY: {
        const mo_arr *a = s.arr;
        if (a->total == 0 || a->elems[0].kind == MO_SK_VAR) {
            if (!mo_av_alloc(out, a->ndims, a->dims, loc))
                return false;
            for (int i = 0; i < a->total; i++)
                out->el[i] = mo_var_expr(loc, a->elems[i].var);
            return true;
        }
        mo_aval *v = MO_NEWN(mo_aval, a->total);
        for (int i = 0; i < a->total; i++)
            if (!slot_value(fr, a->elems[i], loc, &v[i]))
                return false;
        return mo_av_stack(loc, a->total, v, a->ndims, a->dims, out);
    }
    default:
        mo_error(loc, "this record has a disabled conditional component");
        return false;
    }
}

static bool inst_value(mo_front *fr, mo_inst *in, mo_loc loc, mo_aval *out)
{
    if (!is_record(in->lay->cls)) {
        mo_error(loc, "not supported yet: '%s' is not a scalar (record or connector expressions)", in->path);
        return false;
    }
    mo_rval *r = rv_new(in->lay->cls, in->lay);
    for (int i = 0; i < in->lay->n; i++)
        if (!mo_ensure_slot(fr, in, i) || !slot_value(fr, mo_slot_of(in, i), loc, &r->f[i]))
            return false;
    av_record(out, 0, NULL, 1, r);
    return true;
}

bool mo_rv_of_slots(mo_front *fr, const mo_sref *s, mo_loc loc, mo_aval *out)
{
    if (s->nd == 0)
        return slot_value(fr, s->one, loc, out);
    mo_aval *v = MO_NEWN(mo_aval, s->n + 1);
    for (int i = 0; i < s->n; i++)
        if (!slot_value(fr, s->slots[i], loc, &v[i]))
            return false;
    return mo_av_stack(loc, s->n, v, s->nd, s->dims, out);
}

bool mo_rv_of_values(mo_class *cls, int n, const mo_aval *fields, mo_aval *out)
{
    return mo_rv_array_of_values(cls, 0, n, fields, out);
}

bool mo_rv_array_of_values(mo_class *cls, int nd, int n, const mo_aval *fields, mo_aval *out)
{
    mo_layout *lay = mo_layout_of(cls);
    if (!lay)
        return false;
    if (lay->n != n || (nd && !n))
        mo_unreachable("a record's slots and its fields differ");
    mo_rval *r = rv_new(cls, lay);
    for (int i = 0; i < n; i++)
        r->f[i] = fields[i];
    int count = 1;
    for (int k = 0; k < nd; k++)
        count *= fields[0].dims[k];
    av_record(out, nd, nd ? fields[0].dims : NULL, count, r);
    return true;
}

bool mo_rv_of_scalars(mo_class *cls, int n, mo_expr **fields, mo_aval *out)
{
    mo_aval *v = MO_NEWN(mo_aval, n + 1);
    for (int i = 0; i < n; i++)
        mo_av_scalar(&v[i], fields[i]);
    return mo_rv_of_values(cls, n, v, out);
}

/* ---- equations ---- */

bool mo_rv_equate(mo_loc loc, const mo_aval *l, const mo_aval *r, mo_rv_emit emit, void *ctx)
{
    if (!l->rec || !r->rec) {
        mo_error(loc, "one side of this equation is a record of type '%s', the other is not a record",
                 mo_rv_type_name(l->rec ? l : r));
        return false;
    }
    if (!mo_av_same_size(l, r)) {
        mo_error(loc, "the two sides of this equation have different sizes: %s and %s", mo_av_size_str(l),
                 mo_av_size_str(r));
        return false;
    }
    const mo_layout *lay = l->rec->lay;
    if (lay != r->rec->lay && (lay->n != r->rec->lay->n || !has_fields_of(r, lay, loc, "the right side"))) {
        if (lay->n != r->rec->lay->n)
            mo_error(loc, "the two sides of this equation are records of different types: '%s' and '%s'",
                     mo_rv_type_name(l), mo_rv_type_name(r));
        return false;
    }
    for (int f = 0; f < lay->n; f++) {
        const mo_aval *a = &l->rec->f[f], *b = mo_rv_field(r, lay->items[f].elem->name);
        if (a->rec || b->rec) {
            if (!mo_rv_equate(loc, a, b, emit, ctx))
                return false;
            continue;
        }
        if (!mo_av_same_size(a, b)) {
            mo_error(loc, "field '%s' has size %s on the left side of this equation and %s on the right",
                     lay->items[f].elem->name, mo_av_size_str(a), mo_av_size_str(b));
            return false;
        }
        for (int i = 0; i < a->n; i++)
            emit(ctx, mo_av_at(a, i), mo_av_at(b, i));
    }
    return true;
}

/* ---- a record's value spread over its fields ---- */

static const mo_fmod *sub_named(const mo_fmod *m, const char *name)
{
    for (int i = 0; m && i < m->n; i++)
        if (m->sub[i]->name == name)
            return m->sub[i];
    return NULL;
}

mo_fmod *mo_rv_spread(mo_front *fr, mo_fmod *m, mo_class *cls, int ndims, const char *name, bool final_value)
{
    mo_aval *v = m->val;
    if (!v) {
        v = MO_NEW(mo_aval);
        if (!mo_flatten_rv(fr, m->scope, m->scope_cls, m->binding, v))
            return NULL;
    }
    if (!v->rec) {
        mo_error(m->binding->loc, "'%s' is a record of type '%s', but its value is not a record", name,
                 mo_class_full_name(cls));
        return NULL;
    }
    if (v->nd != (m->each ? 0 : ndims)) {
        if (v->nd == 0)
            mo_error(m->binding->loc, "the value for '%s' is one record, but '%s' is an array of records "
                     "(write 'each' to give every element this value)", name, name);
        else
            mo_error(m->binding->loc, "the value for '%s' is an array of records of size %s, which does not "
                     "match '%s'", name, mo_av_size_str(v), name);
        return NULL;
    }
    mo_layout *lay = mo_layout_of(cls);
    if (!lay || !has_fields_of(v, lay, m->binding->loc, mo_sprintf("the value for '%s'", name)))
        return NULL;
    mo_fmod *r = MO_NEW(mo_fmod);
    *r = *m;
    r->binding = NULL;
    r->val = NULL;
    r->binding_over = NULL;
    r->sub = MO_NEWN(mo_fmod *, m->n + lay->n + 1);
    r->n = 0;
    for (int i = 0; i < m->n; i++)   /* modifiers of elements that are no fields: reported later */
        if (!mo_layout_find(lay, m->sub[i]->name))
            r->sub[r->n++] = m->sub[i];
    for (int f = 0; f < lay->n; f++) {
        const char *fname = lay->items[f].elem->name;
        const mo_fmod *c = sub_named(m, fname);
        /* a field's own value is overridden by the record's when it comes from a modifier inside the
         * one that gives the record's (spec 7.2: parameter A a = A(2, 3) in B, b1(a = A(4, 5))); given
         * next to it or outside it, it is an error (b1(a(x = 4)) over a = A(2, 3)) */
        if (c && c->binding) {
            const mo_fmod *o = sub_named(m->binding_over, fname);
            if (!o || o->binding != c->binding) {
                mo_error(c->loc, "cannot modify '%s.%s': '%s' is given a value as a whole", name, fname, name);
                mo_note(m->binding->loc, "the value of '%s' is given here", name);
                return NULL;
            }
        }
        /* a final value stays (spec 7.2.3, 7.2.6): the field's own, declared final (tauRef = PRef/wRef
         * in the MSL's loss parameter records), or a final modifier inside the one that gives the record
         * (statorCoreParameters(final m = 3) in the MSL's machines, bound as a whole by the examples).
         * The record's value gives the other fields; the final ones follow from them as in the value. */
        const mo_element *fe = lay->items[f].elem;
        if ((c && c->binding && c->final_) || ((fe->flags & MO_PF_FINAL) && fe->mod && fe->mod->binding)) {
            if (c)
                r->sub[r->n++] = (mo_fmod *)c;
            continue;
        }
        mo_fmod *x = MO_NEW(mo_fmod);
        if (c)
            *x = *c;
        else {
            x->name = fname;
            x->scope = m->scope;
            x->scope_cls = m->scope_cls;
            x->outside = true;
            x->whole = true;   /* not a modification: it may give a final field without a value of its own */
        }
        x->loc = c ? c->loc : m->loc;
        x->binding = m->binding;   /* for its location; the value is val */
        x->val = (mo_aval *)mo_rv_field(v, fname);
        x->each = m->each;
        x->final_ |= m->final_ || final_value;   /* final parameter R r = f(...): every field's value is final */
        x->binding_over = NULL;
        r->sub[r->n++] = x;
    }
    return r;
}

/* ---- record constructors ---- */

/* The fields of a record being constructed, for the defaults that name other fields. */
typedef struct rec_frame {
    mo_front *fr;
    mo_layout *lay;
    const char *rname;        /* the record's name, for messages */
    mo_loc loc;               /* the call */
    mo_fmod **mods;           /* per field: its modifier (record modifiers, extends, declaration) */
    mo_aval *vals;
    unsigned char *state;     /* per field: 0 not computed, 1 being computed, 2 done */
    int nowners;
    mo_class **owners;        /* classes whose text the fields' defaults are written in */
} rec_frame;

static MO_VEC(rec_frame *) frames;

static bool field_value(rec_frame *fm, int f);

/* The merged modifier of field f: the modifier top (the record's short classes, the field's enclosing
 * record) outermost, then the extends clauses it came through, then its declaration. */
static mo_fmod *field_mod(const mo_layout *lay, int f, mo_fmod *top)
{
    const mo_layout_item *it = &lay->items[f];
    const char *name = it->elem->name;
    mo_fmod *m = mo_fmod_child(top, name);
    int chain[64], n = 0;
    for (int x = it->ext; x >= 0 && n < 64; x = lay->exts[x].parent)
        chain[n++] = x;
    for (int k = n - 1; k >= 0; k--) {
        const mo_layout_ext *x = &lay->exts[chain[k]];
        m = mo_fmod_merge(m, mo_fmod_child(mo_fmod_from_ast(x->mod, NULL, x->owner, x->ext == NULL), name));
    }
    return mo_fmod_merge(m, mo_fmod_from_ast(it->elem->mod, NULL, it->owner, true));
}

static bool is_input(const mo_layout *lay, int f, const mo_fmod *m)
{
    const mo_element *e = lay->items[f].elem;
    return !(e->flags & (MO_PF_FINAL | MO_PF_PROTECTED)) && !(m && m->final_);
}

/* The class a field is declared with, as written (a short class keeps its modifiers). */
static mo_class *field_class(const mo_layout_item *it)
{
    mo_class *c = mo_lookup_class(it->owner, it->elem->type, "class");
    mo_class *t = c;
    while (t && t->form == MO_FORM_SHORT)
        t = mo_short_target(t);
    return t && is_record(t) ? c : NULL;
}

static bool construct(mo_front *fr, mo_inst *inst, mo_class *owner, mo_class *cls, mo_fmod *outer,
                      const mo_expr *call, mo_loc loc, mo_aval *out);

/* Does value v fit field f (record or not, its size)? The field's dimensions are evaluated with the
 * other fields in scope (Real r6[n1]). */
static bool check_field(rec_frame *fm, int f, const mo_aval *v, bool record)
{
    const mo_layout_item *it = &fm->lay->items[f];
    const mo_element *e = it->elem;
    if (record != (v->rec != NULL)) {
        mo_error(fm->loc, "field '%s' of '%s' is %sa record, but its value is %s", e->name, fm->rname,
                 record ? "" : "not ", record ? "not" : "one");
        mo_note(e->loc, "'%s' is declared here", e->name);
        return false;
    }
    int nd = e->ntype_dims + e->ndims;
    if (nd != v->nd) {
        mo_error(fm->loc, "the value of field '%s' of '%s' has size %s, but the field has %d dimension%s", e->name,
                 fm->rname, mo_av_size_str(v), nd, nd == 1 ? "" : "s");
        return false;
    }
    for (int k = 0; k < nd; k++) {
        const mo_expr *d = k < e->ntype_dims ? e->type_dims[k] : e->dims[k - e->ntype_dims];
        long long n;
        if (d->kind == MO_EX_COLON)
            continue;
        if (!mo_eval_int(fm->fr, NULL, it->owner, d, "an array dimension", &n))
            return false;
        if (n != v->dims[k]) {
            mo_error(fm->loc, "the value of field '%s' of '%s' has size %s, which does not match its declaration",
                     e->name, fm->rname, mo_av_size_str(v));
            mo_note(e->loc, "'%s' is declared here", e->name);
            return false;
        }
    }
    return true;
}

static bool field_value(rec_frame *fm, int f)
{
    if (fm->state[f] == 2)
        return true;
    const mo_layout_item *it = &fm->lay->items[f];
    if (fm->state[f] == 1) {
        mo_error(fm->loc, "the value of field '%s' of '%s' depends on itself", it->elem->name, fm->rname);
        return false;
    }
    fm->state[f] = 1;
    mo_class *rc = field_class(it);
    if (!rc && mo_error_count())
        return false;
    mo_fmod *m = fm->mods[f];
    mo_aval *v = &fm->vals[f];
    if (m && m->binding) {
        if (!mo_flatten_rv(fm->fr, m->scope, m->scope_cls, m->binding, v))
            return false;
    } else if (rc) {   /* a record field without a value: its constructor with the field's modifiers */
        if (it->elem->ndims || it->elem->ntype_dims) {
            mo_error(fm->loc, "missing value of field '%s' in the constructor of '%s' (an array of records)",
                     it->elem->name, fm->rname);
            return false;
        }
        if (!construct(fm->fr, NULL, NULL, rc, m, NULL, fm->loc, v))
            return false;
    } else {
        mo_error(fm->loc, "missing value of field '%s' in the constructor of '%s'", it->elem->name, fm->rname);
        mo_note(it->elem->loc, "'%s' is declared here", it->elem->name);
        return false;
    }
    if (!check_field(fm, f, v, rc != NULL))
        return false;
    fm->state[f] = 2;
    return true;
}

int mo_rv_frame_ref(mo_class *owner, const mo_expr *e, mo_aval *out)
{
    if (!frames.n || e->global)
        return 0;
    rec_frame *fm = frames.v[frames.n - 1];
    bool mine = false;
    for (int i = 0; i < fm->nowners && !mine; i++)
        mine = fm->owners[i] == owner;
    intptr_t k = mine ? mo_layout_find(fm->lay, e->parts[0].id) : 0;
    if (!k)
        return 0;
    if (!field_value(fm, (int)k - 1))
        return -1;
    const mo_aval *v = &fm->vals[k - 1];
    for (int p = 0; p < e->nparts; p++) {
        if (e->parts[p].nsubs) {
            mo_error(mo_ref_part_loc(e, p), "not supported yet: subscripts on the record field '%s' here",
                     e->parts[p].id);
            return -1;
        }
        if (p + 1 < e->nparts) {
            const char *next = e->parts[p + 1].id;
            if (!v->rec || !(v = mo_rv_field(v, next))) {
                mo_error(mo_ref_part_loc(e, p + 1), "'%s' has no field '%s'", e->parts[p].id, next);
                return -1;
            }
        }
    }
    *out = *v;
    return 1;
}

static void add_owner(rec_frame *fm, mo_class *c)
{
    for (int i = 0; i < fm->nowners; i++)
        if (fm->owners[i] == c)
            return;
    fm->owners[fm->nowners++] = c;
}

/* The record cls (as written: a short class brings its modifiers) constructed from the arguments of
 * call (NULL: none; written in owner, seen from inst), over the modifier outer (the enclosing record's modifier of this field, or NULL). */
static bool construct(mo_front *fr, mo_inst *inst, mo_class *owner, mo_class *cls, mo_fmod *outer,
                      const mo_expr *call, mo_loc loc, mo_aval *out)
{
    const char *rname = mo_class_full_name(cls);
    mo_fmod *mod = outer;
    while (cls->form == MO_FORM_SHORT) {
        if (cls->nshort_dims) {
            mo_error(loc, "not supported yet: record constructors of array types");
            return false;
        }
        mod = mo_fmod_merge(mod, mo_fmod_from_ast(cls->short_mod, NULL, cls->parent, true));
        if (!(cls = mo_short_target(cls)))
            return false;
    }
    if (cls->flags & MO_PF_PARTIAL) {
        mo_error(loc, "cannot construct partial record '%s'", rname);
        mo_note(cls->loc, "'%s' is declared partial here", cls->name);
        return false;
    }
    mo_layout *lay = mo_layout_of(cls);
    if (!lay)
        return false;
    rec_frame *fm = MO_NEW(rec_frame);
    fm->fr = fr;
    fm->lay = lay;
    fm->rname = rname;
    fm->loc = loc;
    fm->mods = MO_NEWN(mo_fmod *, lay->n + 1);
    fm->vals = MO_NEWN(mo_aval, lay->n + 1);
    fm->state = MO_NEWN(unsigned char, lay->n + 1);
    fm->owners = MO_NEWN(mo_class *, lay->n + lay->next + 1);
    add_owner(fm, cls);
    for (int x = 0; x < lay->next; x++)
        add_owner(fm, lay->exts[x].owner);
    for (int f = 0; f < lay->n; f++) {
        add_owner(fm, lay->items[f].owner);
        fm->mods[f] = field_mod(lay, f, mod);
    }
    if (mo_error_count())
        return false;
    if (call) {
        /* positional arguments go to the inputs in order, named ones by name; all are flattened where
         * the call is written, before the fields come into scope */
        int next = 0;
        for (int a = 0; a < call->n; a++) {
            while (next < lay->n && !is_input(lay, next, fm->mods[next]))
                next++;
            if (next == lay->n) {
                mo_error(call->a[a]->loc, "too many arguments for the constructor of record '%s'", rname);
                mo_note(cls->loc, "'%s' is declared here", cls->name);
                return false;
            }
            if (!mo_flatten_rv(fr, inst, owner, call->a[a], &fm->vals[next]))
                return false;
            fm->state[next++] = 2;
        }
        for (int a = 0; a < call->nnamed; a++) {
            const mo_named_arg *na = &call->named[a];
            intptr_t k = mo_layout_find(lay, na->name);
            if (!k) {
                mo_error(na->loc, "record '%s' has no field '%s'", rname, na->name);
                mo_suggest_in_layout(lay, na->name);
                return false;
            }
            if (!is_input(lay, (int)k - 1, fm->mods[k - 1])) {
                mo_error(na->loc, "field '%s' of record '%s' is final and cannot be given in its constructor",
                         na->name, rname);
                return false;
            }
            if (fm->state[k - 1] == 2) {
                mo_error(na->loc, "field '%s' of record '%s' is given twice", na->name, rname);
                return false;
            }
            if (!mo_flatten_rv(fr, inst, owner, na->value, &fm->vals[k - 1]))
                return false;
            fm->state[k - 1] = 2;
        }
    }
    MO_PUSH(frames, fm);
    bool ok = true;
    for (int f = 0; ok && f < lay->n; f++)   /* the arguments' kinds and sizes (n1 in Real r6[n1]) */
        if (fm->state[f] == 2) {
            mo_class *rc = field_class(&lay->items[f]);
            ok = mo_error_count() == 0 && check_field(fm, f, &fm->vals[f], rc != NULL);
        }
    for (int f = 0; ok && f < lay->n; f++)
        ok = field_value(fm, f);
    frames.n--;
    if (!ok)
        return false;
    mo_rval *r = rv_new(cls, lay);
    memcpy(r->f, fm->vals, sizeof *r->f * (size_t)lay->n);
    av_record(out, 0, NULL, 1, r);
    return true;
}

bool mo_rv_construct(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call, mo_class *cls,
                     mo_aval *out)
{
    mo_class *rec = cls;
    while (rec && rec->form == MO_FORM_SHORT)
        rec = mo_short_target(rec);
    mo_class *ctor;   /* an operator record's own constructors come first (spec 14.2) */
    if (rec && rec->kind == MO_CL_OPERATOR_RECORD && mo_op_functions(rec, "'constructor'", &ctor, 1))
        return mo_rv_overloaded_ctor(fr, inst, owner, call, rec, out);
    return construct(fr, inst, owner, cls, NULL, call, call->loc, out);
}
