/*
 * flatten_ref.c - component references of the flattening stage: a name as written (a.b[2].c, x[:, 1])
 * resolved to the instance slots it denotes.
 *
 * Input: a reference (an MO_EX_REF of the syntax tree) written in class owner's text, read in instance
 * inst, whose slots flatten.c fills on demand (mo_ensure_slot: a reference may name a component declared
 * further down, which is made on the way). Output: one slot, or an array of slots for a slice or a.b
 * over an array of components (mo_sref, aval.h); subscripts are evaluated here (parameter expressions).
 * (connect.c takes the plain a.b of most connects without the general walk, before mo_resolve_slot.)
 * Preconditions: flattening has started (mo_front); called by flatten.c, flatten_expr.c and connect.c.
 */
#include "aval.h"
#include "func.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* Is item i of lay protected: declared so, or inherited through a protected extends clause (spec 7.1.2:
 * the elements of a base class extended under protected become protected)? */
static bool item_protected(const mo_layout *lay, int i)
{
    const mo_layout_item *it = &lay->items[i];
    if (it->elem->flags & MO_PF_PROTECTED)
        return true;
    for (int x = it->ext; x >= 0; x = lay->exts[x].parent)
        if (lay->exts[x].ext && (lay->exts[x].ext->flags & MO_PF_PROTECTED))
            return true;
    return false;
}

/* ---- subscripts known only at run time without a copy of the array per reference ----
 * x[k] chooses among all the elements of x, so M references to x[k] (a for-equation reading it in each
 * of its M equations) over N elements would hold M N slots, nodes and indices: the index set of the
 * whole dimension is one shared identity array (iota), the slots lie in reused buffers (scratch, given
 * back by mo_sref_done), and the array of the elements chosen from is made once per distinct set of
 * variables (interned; mo_run_time_slots). M references cost M small nodes and one array of N. */

/* 0, 1, ..., n - 1 (read only: shared by every caller; grown by doubling) */
static int *iota(int n)
{
    static int *v;
    static int cap;
    if (n > cap) {
        int c = n > 2 * cap ? n : 2 * cap;
        v = MO_NEWN(int, c + 1);
        for (int i = 0; i <= c; i++)
            v[i] = i;
        cap = c;
    }
    return v;
}

/* A stack of slot buffers for references with run-time subscripts (a reference's subscripts may hold
 * another such reference, resolved while the first one's buffers are in use: last taken, first given
 * back). Arena memory, each buffer grown by doubling and reused. */
typedef struct sbuf {
    mo_slot *v;
    size_t cap;
} sbuf;
static MO_VEC(sbuf) scratch;
static int scratch_used;

static mo_slot *scratch_take(size_t n)
{
    if (scratch_used == scratch.n) {
        sbuf b = {NULL, 0};
        MO_PUSH(scratch, b);
    }
    sbuf *b = &scratch.v[scratch_used++];
    if (b->cap < n) {
        b->cap = n > 2 * b->cap ? n : 2 * b->cap;
        b->v = MO_NEWN(mo_slot, b->cap);
    }
    return b->v;
}

void mo_sref_done(const mo_sref *s)
{
    scratch_used = s->scratch;
}

/* A subscript known only at run time (subscript_indices): every index of the dimension, and the value. */
static bool dynamic_subscript(mo_front *fr, const mo_expr *sub, mo_expr *value, int dim, bool boolean,
                              bool *scalar, int **idx, int *n, mo_expr **dyn)
{
    int t = mo_func_expr_type(fr->flat, NULL, value);
    if (t == MO_T_REAL || t == MO_T_STRING) {
        mo_error(sub->loc, "a subscript must be an Integer, Boolean or enumeration expression, not %s",
                 t == MO_T_REAL ? "Real" : "String");
        return false;
    }
    if (boolean) {   /* false, true: 1, 2 */
        mo_expr *c = mo_expr_new(MO_EX_IF, sub->loc);
        c->n = 3;
        c->a = MO_NEWN(mo_expr *, 3);
        c->a[0] = value;
        c->a[1] = mo_expr_new(MO_EX_INT, sub->loc);
        c->a[1]->ival = 2;
        c->a[2] = mo_expr_new(MO_EX_INT, sub->loc);
        c->a[2]->ival = 1;
        value = c;
    }
    *dyn = value;
    *scalar = false;
    *n = dim;
    *idx = iota(dim);
    return true;
}

/* An Integer literal or variable as the subscript of a dimension indexed by an enumeration (10.1; a
 * conversion Integer(e) is e itself once flattened, so other expressions are not judged). */
static bool integer_for_enum(mo_loc loc, const char *id, const mo_class *dtype)
{
    mo_error(loc, "'%s' is indexed by the enumeration '%s' here, so the subscript must be one of its values, "
             "not an Integer (specification 10.1)", id, mo_class_full_name(dtype));
    return false;
}

/* The indices (0-based) a subscript selects in a dimension of size dim: one (*scalar) or several.
 * A scalar subscript whose value is known only at run time (x[k] with k a discrete variable, spec 10.5)
 * is refused unless dyn is given: then it selects the whole dimension, and *dyn is its value as a flat
 * expression numbering the elements from 1 (a Boolean b: if b then 2 else 1). */
static bool subscript_indices(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *sub, int dim,
                              const mo_class *dtype, const char *id, bool *scalar, int **idx, int *n, int *one,
                              mo_expr **dyn)
{
    bool boolean = dtype && dtype->form != MO_FORM_ENUM;   /* x[Boolean]: x[false], x[true] (spec 10.1) */
    if (sub->kind == MO_EX_COLON) {
        *scalar = false;
        *n = dim;
        *idx = iota(dim);
        return true;
    }
    bool enumerated = dtype && dtype->form == MO_FORM_ENUM;
    if (enumerated && sub->kind == MO_EX_INT && !(sub->text && !isdigit((unsigned char)sub->text[0])))
        return integer_for_enum(sub->loc, id, dtype);
    int old = mo_end_set(dim);
    long long q;
    if (!boolean && !enumerated && mo_quick_int(sub, &q)) {
        mo_end_set(old);
        if (q < 1 || q > dim) {
            mo_error(sub->loc, "subscript %lld is out of range 1:%d of '%s'", q, dim, id);
            return false;
        }
        *scalar = true;
        *n = 1;
        *idx = one;
        one[0] = (int)q - 1;
        return true;
    }
    mo_aval v;
    bool ok = mo_flatten_val(fr, inst, owner, sub, &v);
    mo_end_set(old);
    if (!ok)
        return false;
    if (v.nd > 1) {
        mo_error(sub->loc, "a subscript must be a scalar or a vector, not of size %s", mo_av_size_str(&v));
        return false;
    }
    *scalar = v.nd == 0;
    *n = v.n;
    *idx = *scalar ? one : MO_NEWN(int, v.n + 1);
    for (int i = 0; i < v.n; i++) {
        double d;
        const mo_expr *el = mo_av_at(&v, i);
        if (enumerated && el->kind == MO_EX_VAR && fr->flat->vars.v[el->var].type == MO_T_INTEGER)
            return integer_for_enum(sub->loc, id, dtype);
        bool b = mo_func_expr_type(fr->flat, NULL, el) == MO_T_BOOLEAN;
        if (b != boolean) {
            mo_error(sub->loc, b ? "'%s' is not indexed by Boolean here, so this subscript cannot be Boolean"
                                 : "'%s' is indexed by Boolean here, so the subscript must be Boolean", id);
            return false;
        }
        if (dyn && v.nd == 0 && !mo_eval_flat(fr->flat, v.one, &d) && !mo_eval_failed_in_bindings())
            return dynamic_subscript(fr, sub, v.one, dim, boolean, scalar, idx, n, dyn);
        if (!mo_eval_flat(fr->flat, mo_av_at(&v, i), &d) || d != floor(d)) {
            if (!mo_eval_report_why(fr->flat, sub->loc, "a subscript"))
                mo_error(sub->loc, "a subscript must be a parameter expression with an integer value");
            return false;
        }
        d += boolean;   /* false, true: 1, 2 */
        if (d < 1 || d > dim) {
            mo_error(sub->loc, "subscript %.0f is out of range 1:%d of '%s'", d, dim, id);
            return false;
        }
        (*idx)[i] = (int)d - 1;
    }
    return true;
}

/* The element slots that the subscripts of part select from the array slot s (first element of the
 * current set: the subscripts are evaluated once and apply to every element of the set). */
typedef struct sel {
    int nd;                   /* dimensions kept (non-scalar subscripts, or all when none are given) */
    int dims[MO_MAX_DIMS];
    int count;                /* elements selected from one array */
    int ndim;                 /* dimensions of the array */
    int *idx[MO_MAX_DIMS];    /* per dimension, the indices selected */
    int nidx[MO_MAX_DIMS];
    int one[MO_MAX_DIMS];
    mo_expr *dyn[MO_MAX_DIMS];  /* per dimension kept, its run-time subscript (NULL: none) */
    bool whole;               /* every element in order (':', run-time or no subscripts only) */
} sel;

/* dyn: run-time subscripts allowed (they keep their dimension, x->dyn says which) */
static bool make_sel(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_ref_part *part, mo_loc part_loc,
                     const mo_slot *s, bool dyn, sel *x)
{
    const mo_arr *a = s->arr;
    if (part->nsubs > a->ndims) {
        mo_error(part_loc, "'%s' has %d dimension%s, but %d subscripts are given", part->id, a->ndims,
                 a->ndims == 1 ? "" : "s", part->nsubs);
        return false;
    }
    x->nd = 0;
    x->count = 1;
    x->ndim = a->ndims;
    x->whole = true;
    for (int k = 0; k < a->ndims; k++) {
        bool scalar = false;
        mo_expr *d = NULL;
        if (k < part->nsubs) {
            if (!subscript_indices(fr, inst, owner, mo_ref_part_subs(part)[k], a->dims[k],
                                   a->dim_types ? a->dim_types[k] : NULL, part->id, &scalar, &x->idx[k],
                                   &x->nidx[k], &x->one[k], dyn ? &d : NULL))
                return false;
            x->whole &= !scalar && (d || mo_ref_part_subs(part)[k]->kind == MO_EX_COLON);
        } else {   /* missing trailing subscripts select everything */
            x->nidx[k] = a->dims[k];
            x->idx[k] = iota(a->dims[k]);
        }
        if (!scalar) {
            x->dyn[x->nd] = d;
            x->dims[x->nd++] = x->nidx[k];
        }
        x->count *= x->nidx[k];
    }
    return true;
}

static void gather_sel(const sel *x, const mo_arr *a, mo_slot *out)
{
    int pos[MO_MAX_DIMS] = {0};
    for (int j = 0; j < x->count; j++) {
        int off = 0;
        for (int k = 0; k < x->ndim; k++)
            off = off * a->dims[k] + x->idx[k][pos[k]];
        out[j] = a->elems[off];
        for (int k = x->ndim - 1; k >= 0; k--) {   /* next combination, row-major */
            if (++pos[k] < x->nidx[k])
                break;
            pos[k] = 0;
        }
    }
}

/* Is item i of lay, a component of the instance a name written in owner's text is looked up in, one that
 * owner declares or inherits? A base class does not see the elements of the classes that extend it
 * (spec 7.1, 5.6.1): its text names them only when they are its own too. */
static bool visible_from(const mo_layout *lay, int i, mo_class *owner)
{
    if (!owner || lay->items[i].owner == owner || owner == lay->cls || owner->form != MO_FORM_LONG)
        return true;
    return mo_lookup_member(owner, lay->items[i].elem->name).comp != NULL;
}

int mo_find_slots(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_sref *out,
                  bool *disabled)
{
    return mo_find_slots_dyn(fr, inst, owner, ref, out, disabled, false);
}

int mo_find_slots_dyn(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_sref *out,
                      bool *disabled, bool dyn)
{
    out->scratch = scratch_used;
    out->in_place = false;
    intptr_t k = inst ? mo_layout_find(inst->lay, ref->parts[0].id) : 0;
    if (!k || !visible_from(inst->lay, (int)k - 1, owner))
        return 0;
    /* the current set of instances (one, or the elements of arrays of components met on the way) */
    mo_slot local = {0};
    local.kind = MO_SK_INST;
    local.child = inst;
    mo_slot *cur = &local;
    int ncur = 1;
    out->nd = 0;
    out->ndyn = 0;
    bool reused = false;   /* a run-time subscript met: the slots from here on lie in scratch buffers */
    bool in_place = false; /* ... or are an array's own elements (out->in_place) */
    for (int p = 0; p < ref->nparts; p++) {
        const mo_ref_part *part = &ref->parts[p];
        mo_slot *next = NULL;
        sel x;
        bool array = false;
        for (int c = 0; c < ncur; c++) {
            mo_inst *ci = cur[c].child;
            mo_slot s;
            bool subs_done = false;   /* part is an element that connects made element by element, x[2] */
            if (p > 0) {
                k = mo_layout_find(ci->lay, part->id);
                if (!k && ci->expandable && mo_exp_find(fr, ci, part->id, &s))
                    goto have_slot;   /* an element a connect added (expandable.c) */
                int sub = !k && ci->expandable ? mo_exp_find_sub(fr, inst, owner, ci, ref, p, &s) : 0;
                if (sub < 0)
                    return -1;
                if ((subs_done = sub > 0))
                    goto have_slot;
                if (!k && ci->expandable && mo_exp_pending(fr)) {   /* (an equation would wait: expandable.c) */
                    mo_error(mo_ref_part_loc(ref, p), "not supported yet: reading '%s' of the expandable connector '%s' "
                             "outside an equation before the connects that may add it (write the binding as an "
                             "equation)", part->id, ci->path);
                    return -1;
                }
                if (!k) {
                    mo_error(mo_ref_part_loc(ref, p), "'%s' has no component '%s'", ci->path, part->id);
                    mo_suggest_in_layout(ci->lay, part->id);
                    return -1;
                }
                if (item_protected(ci->lay, (int)k - 1)) {
                    mo_error(mo_ref_part_loc(ref, p), "'%s' is protected in '%s'", part->id, ci->path);
                    return -1;
                }
            }
            if (ci->slots[k - 1].state == MO_SLOT_BUSY &&
                (ci->slots[k - 1].kind == MO_SK_NONE || (ci->slots[k - 1].kind == MO_SK_ARRAY && !ci->slots[k - 1].arr->elems))) {
                mo_error(mo_ref_part_loc(ref, p), "'%s' depends on itself", part->id);
                return -1;
            }
            if (!mo_ensure_slot(fr, ci, (int)k - 1))
                return -1;
            s = mo_slot_of(ci, (int)k - 1);
        have_slot:
            if (s.kind == MO_SK_NONE && s.state == MO_SLOT_DONE) {
                *disabled = true;
                return 1;
            }
            if (c == 0) {
                array = s.kind == MO_SK_ARRAY;
                if (part->nsubs && !array && !subs_done) {
                    mo_error(mo_ref_part_loc(ref, p), "'%s' is not an array", part->id);
                    return -1;
                }
                if (array && !make_sel(fr, inst, owner, part, mo_ref_part_loc(ref, p), &s, dyn, &x))
                    return -1;
                if (out->nd + (array ? x.nd : 0) > MO_MAX_DIMS) {
                    mo_error(mo_ref_part_loc(ref, p), "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
                    return -1;
                }
                int per = array ? x.count : 1;
                for (int j = 0; array && j < x.nd; j++)
                    reused |= x.dyn[j] != NULL;
                size_t total = (size_t)ncur * (size_t)per + 1;
                /* x[k] over one whole array: its own elements, read only */
                in_place = reused && array && ncur == 1 && x.whole && per > 1;
                next = in_place ? s.arr->elems : ncur == 1 && per == 1 ? &out->one
                       : reused ? scratch_take(total) : MO_NEWN(mo_slot, total);
            } else if ((s.kind == MO_SK_ARRAY) != array ||
                       (array && (s.arr->ndims != x.ndim || s.arr->total != cur[0].child->slots[k - 1].arr->total))) {
                mo_error(mo_ref_part_loc(ref, p), "not supported yet: '%s' has different sizes in the elements of an array",
                         part->id);
                return -1;
            }
            if (array && !in_place)
                gather_sel(&x, s.arr, next + (size_t)c * (size_t)x.count);
            else if (!array)
                next[c] = s;
        }
        if (array) {
            memcpy(out->dims + out->nd, x.dims, sizeof *x.dims * (size_t)x.nd);
            for (int j = 0; j < x.nd; j++) {
                out->dyn[out->nd + j] = x.dyn[j];
                out->ndyn += x.dyn[j] != NULL;
            }
            out->nd += x.nd;
            ncur *= x.count;
        }
        cur = next;
        if (p + 1 < ref->nparts)
            for (int c = 0; c < ncur; c++)
                if (cur[c].kind != MO_SK_INST) {
                    mo_error(mo_ref_part_loc(ref, p + 1), "'%s' has no components", part->id);
                    return -1;
                }
    }
    out->n = ncur;
    out->in_place = in_place;
    if (out->nd == 0) {
        out->one = cur[0];
        out->slots = NULL;
    } else {
        out->slots = cur;
    }
    return 1;
}

bool mo_resolve_slot(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_slot *out,
                     bool *disabled)
{
    *disabled = false;
    mo_sref s;
    int r = mo_find_slots(fr, inst, owner, ref, &s, disabled);
    if (r == 0) {
        mo_error(mo_ref_part_loc(ref, 0), "unknown component '%s'", ref->parts[0].id);
        mo_suggest_in_layout(inst->lay, ref->parts[0].id);
    }
    if (r != 1 || *disabled)
        return r == 1;
    if (s.nd == 0) {
        *out = s.one;
        return true;
    }
    /* an array of slots (a slice, or a.b over an array of components): a synthetic array slot */
    mo_arr *a = MO_NEW(mo_arr);
    a->ndims = s.nd;
    a->dims = MO_NEWN(int, s.nd);
    memcpy(a->dims, s.dims, sizeof *a->dims * (size_t)s.nd);
    a->total = s.n;
    a->elems = s.slots;
    if (s.slots == &s.one) {   /* an array of one element (x[1], or x[m] with m = 1) kept its slot in s */
        a->elems = MO_NEW(mo_slot);
        *a->elems = s.one;
    }
    memset(out, 0, sizeof *out);
    out->state = MO_SLOT_DONE;
    out->kind = MO_SK_ARRAY;
    out->arr = a;
    return true;
}

bool mo_av_subscript(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_ref_part *p, const char *id,
                     mo_aval *v, mo_sref *s)
{
    memset(s, 0, sizeof *s);
    mo_expr **subs = mo_ref_part_subs(p);
    if ((int)p->nsubs > v->nd) {
        mo_error(subs[0]->loc, "'%s' has %d dimension%s, not %u", id, v->nd, v->nd == 1 ? "" : "s", p->nsubs);
        return false;
    }
    int *idx[MO_MAX_DIMS], nidx[MO_MAX_DIMS], one[MO_MAX_DIMS];
    bool scalar[MO_MAX_DIMS];
    mo_expr *dyn[MO_MAX_DIMS];
    for (int d = 0; d < v->nd; d++) {
        dyn[d] = NULL;
        if (d < (int)p->nsubs) {
            if (!subscript_indices(fr, inst, owner, subs[d], v->dims[d], NULL, id, &scalar[d], &idx[d], &nidx[d],
                                   &one[d], &dyn[d]))
                return false;
        } else {   /* a dimension without a subscript: whole */
            scalar[d] = false;
            nidx[d] = v->dims[d];
            idx[d] = iota(nidx[d]);
        }
    }
    /* the value left: the dimensions not chosen by a scalar subscript known now (a run-time one keeps
     * its dimension whole until flatten_expr.c picks in it) */
    int dims[MO_MAX_DIMS], nd = 0;
    for (int d = 0; d < v->nd; d++)
        if (!scalar[d]) {
            s->dyn[nd] = dyn[d];
            s->ndyn += dyn[d] != NULL;
            dims[nd++] = nidx[d];
        }
    mo_aval out;
    if (!mo_av_alloc(&out, nd, dims, subs[0]->loc))
        return false;
    int pos[MO_MAX_DIMS] = {0};
    for (int j = 0; j < out.n; j++) {
        int at = 0;
        for (int d = 0, k = 0; d < v->nd; d++)   /* row-major offset in v */
            at = at * v->dims[d] + idx[d][scalar[d] ? 0 : pos[k++]];
        if (nd)
            out.el[j] = v->el[at];
        else
            mo_av_scalar(&out, v->el[at]);
        mo_index_next(pos, dims, nd);
    }
    s->nd = nd;
    memcpy(s->dims, dims, sizeof(int) * (size_t)nd);
    *v = out;
    return true;
}

/* ---- the value chosen at run time ---- */

/* Where the elements come from: an array value (v), or slots, each a variable */
typedef struct elems {
    const mo_aval *v;
    const mo_slot *slots;
    bool in_place;            /* slots are an array's own elements (mo_sref.in_place): their address
                               * names them for good */
    mo_loc loc;
} elems;

/* The arrays of variables that references with run-time subscripts choose from, by their variables
 * (open addressing; NULL: empty). */
static struct {
    mo_expr **v;
    size_t cap, n;
} interned;

static uint64_t hash_step(uint64_t h, int var)
{
    h = (h ^ (uint64_t)(unsigned)var) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

static uint64_t hash_of_array(const mo_expr *arr)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < arr->n; i++)
        h = hash_step(h, arr->a[i]->var);
    return h;
}

/* The arrays made for elements of array slots, by the address of their first slot and their stride
 * (open addressing; first NULL: empty): a reference to x[k] finds its array without reading x. */
typedef struct placed {
    const mo_slot *first;
    int stride, n;
    mo_expr *arr;
} placed;
static struct {
    placed *v;
    size_t cap, n;
} by_place;

static size_t place_hash(const mo_slot *first, int stride, int n)
{
    uint64_t h = ((uint64_t)(uintptr_t)first * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)(unsigned)stride << 32) ^ (unsigned)n;
    return (size_t)(h ^ (h >> 31));
}

static placed *place_slot(const mo_slot *first, int stride, int n)
{
    if (2 * (by_place.n + 1) > by_place.cap) {
        size_t cap = by_place.cap ? 2 * by_place.cap : 64;
        placed *v = MO_NEWN(placed, cap);
        memset(v, 0, sizeof *v * cap);
        for (size_t j = 0; j < by_place.cap; j++)
            if (by_place.v[j].first) {
                size_t q = place_hash(by_place.v[j].first, by_place.v[j].stride, by_place.v[j].n) & (cap - 1);
                while (v[q].first)
                    q = (q + 1) & (cap - 1);
                v[q] = by_place.v[j];
            }
        by_place.v = v;
        by_place.cap = cap;
    }
    size_t q = place_hash(first, stride, n) & (by_place.cap - 1);
    while (by_place.v[q].first && !(by_place.v[q].first == first && by_place.v[q].stride == stride &&
                                    by_place.v[q].n == n))
        q = (q + 1) & (by_place.cap - 1);
    return &by_place.v[q];
}

/* The array {x[at], x[at + stride], ...} of n variables of slots, found by its variables (made the first
 * time). */
static mo_expr *interned_by_variables(const elems *x, int at, int stride, int n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < n; i++)
        h = hash_step(h, x->slots[at + i * stride].var);
    if (2 * (interned.n + 1) > interned.cap) {   /* grow and put every array in again */
        size_t cap = interned.cap ? 2 * interned.cap : 64;
        mo_expr **v = MO_NEWN(mo_expr *, cap);
        memset(v, 0, sizeof *v * cap);
        for (size_t j = 0; j < interned.cap; j++)
            if (interned.v[j]) {
                size_t q = hash_of_array(interned.v[j]) & (cap - 1);
                while (v[q])
                    q = (q + 1) & (cap - 1);
                v[q] = interned.v[j];
            }
        interned.v = v;
        interned.cap = cap;
    }
    size_t q = h & (interned.cap - 1);
    for (; interned.v[q]; q = (q + 1) & (interned.cap - 1)) {
        const mo_expr *a = interned.v[q];
        int i = 0;
        if (a->n == n)
            while (i < n && a->a[i]->var == x->slots[at + i * stride].var)
                i++;
        if (a->n == n && i == n)
            return interned.v[q];
    }
    mo_expr *arr = mo_expr_new(MO_EX_ARRAY, x->loc);
    arr->n = n;
    arr->a = MO_NEWN(mo_expr *, n);
    for (int i = 0; i < n; i++)
        arr->a[i] = mo_var_expr(x->loc, x->slots[at + i * stride].var);
    interned.v[q] = arr;
    interned.n++;
    return arr;
}

/* The same, found by the address of the slots when they are an array's own. */
static mo_expr *interned_array(const elems *x, int at, int stride, int n)
{
    placed *p = x->in_place ? place_slot(x->slots + at, stride, n) : NULL;
    if (p && p->first)
        return p->arr;
    mo_expr *arr = interned_by_variables(x, at, stride, n);
    if (p) {
        *p = (placed){x->slots + at, stride, n, arr};
        by_place.n++;
    }
    return arr;
}

/* Element `at` of the array value of the dimensions in dyn[from ..] of x (strides: each dimension's
 * stride in x's elements), selected at run time: MO_EX_INDEX nodes over the elements (flat.h). The
 * depth is the number of run-time subscripts (at most MO_MAX_DIMS). */
static mo_expr *pick(const mo_sref *s, const int *strides, const elems *x, int at, int from, const char *what)
{
    int d = from;
    while (d < s->nd && !s->dyn[d])
        d++;
    if (d == s->nd)
        return x->v ? x->v->el[at] : mo_var_expr(x->loc, x->slots[at].var);
    int last = d + 1;   /* the innermost run-time subscript: its elements are the values themselves */
    while (last < s->nd && !s->dyn[last])
        last++;
    mo_expr *arr;
    if (last == s->nd && x->slots) {
        arr = interned_array(x, at, strides[d], s->dims[d]);
    } else {
        arr = mo_expr_new(MO_EX_ARRAY, x->loc);
        arr->n = s->dims[d];
        arr->a = MO_NEWN(mo_expr *, arr->n);
        for (int i = 0; i < arr->n; i++)
            arr->a[i] = pick(s, strides, x, at + i * strides[d], d + 1, what);
    }
    mo_expr *r = mo_expr_new(MO_EX_INDEX, x->loc);
    r->n = 2;
    r->a = MO_NEWN(mo_expr *, 2);
    r->a[0] = arr;
    r->a[1] = s->dyn[d];
    r->str = what;   /* for the run-time message of an index out of range */
    return r;
}

/* The value of s from its elements x: the dimensions without a run-time subscript kept, each element an
 * MO_EX_INDEX choosing among the elements of the run-time dimensions (x[k, j]: {x[1, j], x[2, j], ...}[k]). */
static bool run_time_value(const mo_sref *s, const elems *x, const char *what, mo_aval *out)
{
    int strides[MO_MAX_DIMS], keep[MO_MAX_DIMS], nkeep = 0;
    for (int d = s->nd - 1, st = 1; d >= 0; d--) {
        strides[d] = st;
        st *= s->dims[d];
    }
    for (int d = 0; d < s->nd; d++)
        if (!s->dyn[d])
            keep[nkeep++] = d;
    int dims[MO_MAX_DIMS];
    for (int j = 0; j < nkeep; j++)
        dims[j] = s->dims[keep[j]];
    if (!mo_av_alloc(out, nkeep, dims, x->loc))
        return false;
    int pos[MO_MAX_DIMS] = {0};
    for (int j = 0; j < out->n; j++) {
        int at = 0;
        for (int k = 0; k < nkeep; k++)
            at += pos[k] * strides[keep[k]];
        mo_expr *e = pick(s, strides, x, at, 0, what);
        if (nkeep)
            out->el[j] = e;
        else
            mo_av_scalar(out, e);
        mo_index_next(pos, dims, nkeep);
    }
    return true;
}

bool mo_run_time_subscripts(const mo_sref *s, mo_loc loc, const char *what, mo_aval *v)
{
    elems x = {v, NULL, false, loc};
    mo_aval out;
    if (!run_time_value(s, &x, what, &out))
        return false;
    *v = out;
    return true;
}

bool mo_run_time_slots(const mo_sref *s, mo_loc loc, const char *what, mo_aval *v)
{
    elems x = {NULL, s->slots, s->in_place, loc};
    return run_time_value(s, &x, what, v);
}
