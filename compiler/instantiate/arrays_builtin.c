/*
 * arrays_builtin.c - the built-in array functions (section 10.3 of the specification), expanded at
 * compile time: size, ndims, sum, product, min and max of an array, reductions over iterators
 * (sum(x[i]*y[i] for i in 1:n)), fill, zeros, ones, linspace, cat, transpose, identity, scalar, vector,
 * matrix, cross, diagonal, outerProduct, skew, symmetric, and Integer() of an enumeration value.
 *
 * Input: the call as written (its arguments are flattened here, since size() and friends need the
 * slots of a component array rather than its values). Output: an array value (aval.h). Sizes and counts
 * must be parameter expressions; they are evaluated with mo_eval_int.
 */
#include "aval.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static bool arity(const mo_expr *e, const char *name, int lo, int hi)
{
    if (e->nnamed) {
        mo_error(e->named[0].loc, "not supported yet: named arguments in a call of '%s'", name);
        return false;
    }
    if (e->n < lo || e->n > hi) {
        if (lo == hi)
            mo_error(e->loc, "%s takes %d argument%s, not %d", name, lo, lo == 1 ? "" : "s", e->n);
        else
            mo_error(e->loc, "%s takes %d to %d arguments, not %d", name, lo, hi, e->n);
        return false;
    }
    return true;
}

/* The dimensions of an argument: from the slots when it names components (size(inertia, 1)). */
static bool arg_dims(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *a, int *nd, int *dims)
{
    if (a->kind == MO_EX_REF && inst && a->nparts == 1 && a->parts[0].nsubs == 0) {
        /* an array whose sizes are being evaluated (flatten.c): those known so far, the others -1 */
        intptr_t k = mo_layout_find(inst->lay, a->parts[0].id);
        const mo_slot *s = k ? &inst->slots[k - 1] : NULL;
        if (s && s->state == MO_SLOT_BUSY && s->kind == MO_SK_ARRAY && !s->arr->elems) {
            *nd = s->arr->ndims;
            memcpy(dims, s->arr->dims, sizeof *dims * (size_t)*nd);
            return true;
        }
    }
    if (a->kind == MO_EX_REF && inst) {
        mo_sref s;
        bool dis = false;
        int r = mo_find_slots(fr, inst, owner, a, &s, &dis);
        if (r < 0)
            return false;
        if (r > 0) {
            *nd = s.nd;
            memcpy(dims, s.dims, sizeof s.dims);
            return true;
        }
    }
    mo_aval v;
    if (!mo_flatten_val(fr, inst, owner, a, &v))
        return false;
    *nd = v.nd;
    memcpy(dims, v.dims, sizeof v.dims);
    return true;
}

static bool ints_vector(mo_aval *out, mo_loc loc, int n, const int *vals)
{
    int d[1] = {n};
    if (!mo_av_alloc(out, 1, d, loc))
        return false;
    for (int i = 0; i < n; i++)
        out->el[i] = mo_expr_int(loc, vals[i]);
    return true;
}

static bool flat_arg(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int i, mo_aval *v)
{
    return mo_flatten_val(fr, inst, owner, e->a[i], v);
}

/* sizes given as arguments from index 'from' on: fill(s, n1, n2), zeros(n1, n2) */
static bool size_args(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int from, int *nd,
                      int *dims)
{
    *nd = e->n - from;
    if (*nd > MO_MAX_DIMS) {
        mo_error(e->loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
        return false;
    }
    for (int i = from; i < e->n; i++) {
        long long v;
        if (!mo_eval_int(fr, inst, owner, e->a[i], "an array dimension", &v))
            return false;
        if (v < 0) {
            mo_error(e->a[i]->loc, "invalid array dimension %lld", v);
            return false;
        }
        dims[i - from] = (int)v;
    }
    return true;
}

/* fill(s, dims): every element a copy of s (s itself may be an array: its dimensions come last) */
static bool fill(mo_loc loc, const mo_aval *s, int nd, const int *dims, mo_aval *out)
{
    if (s->rec) {   /* fill(Complex(1, 0), n): n copies of a record, stacked field by field */
        long long n = 1;
        for (int k = 0; k < nd; k++)
            if ((n *= dims[k]) > MO_MAX_ARRAY_ELEMENTS) {
                mo_error(loc, "array with more than %d elements (arrays are scalarised at compile time)",
                         MO_MAX_ARRAY_ELEMENTS);
                return false;
            }
        mo_aval *copies = MO_NEWN(mo_aval, n + 1);
        for (long long i = 0; i < n; i++)
            copies[i] = *s;
        return mo_av_stack(loc, (int)n, copies, nd, dims, out);
    }
    int all[MO_MAX_DIMS * 2];
    memcpy(all, dims, sizeof *dims * (size_t)nd);
    memcpy(all + nd, s->dims, sizeof *dims * (size_t)s->nd);
    if (!mo_av_alloc(out, nd + s->nd, all, loc))
        return false;
    for (int i = 0; i < out->n; i++)
        out->el[i] = mo_av_at(s, i % s->n);
    return true;
}

typedef MO_VEC(mo_aval) aval_vec;

/* Reduction over iterators: the values of the body for every combination, gathered in vals. */
static bool gather(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int iter, aval_vec *vals)
{
    if (iter == e->niters) {
        mo_aval v;
        if (!mo_flatten_val(fr, inst, owner, e->a[0], &v))
            return false;
        MO_PUSH(*vals, v);
        return true;
    }
    mo_expr **iv;
    int n;
    mo_iter_use use = {NULL, e->a[0], NULL};
    if (!mo_iter_values(fr, inst, owner, &e->iters[iter], &use, &iv, &n))
        return false;
    for (int i = 0; i < n; i++) {
        mo_iter_push(e->iters[iter].name, iv[i]);
        bool ok = gather(fr, inst, owner, e, iter + 1, vals);
        mo_iter_pop();
        if (!ok)
            return false;
    }
    return true;
}

static mo_expr *reduce(mo_loc loc, const char *name, mo_expr **v, int n)
{
    if (name[0] == 's')
        return mo_av_fold(loc, MO_OP_ADD, v, n);
    if (name[0] == 'p')
        return mo_av_fold(loc, MO_OP_MUL, v, n);
    /* min / max: nested two-argument calls, balanced */
    if (n == 1)
        return v[0];
    int mid = n / 2;
    mo_expr *args[2];
    args[0] = reduce(loc, name, v, mid);
    args[1] = reduce(loc, name, v + mid, n - mid);
    return mo_expr_call(loc, name, 2, args);
}

/* min(A) or max(A) (name) of an empty array A: as the reductions over an empty range (specification
 * 10.3.4.1), the greatest (min) or least (max) value of A's element type: for Real the largest finite
 * double, for Integer the range of a C int (external functions see Integers as ints, mo2c_cint), for
 * Boolean true or false. The type is that of A's declaration, so A must name a component of inst; NULL
 * after an error. */
static mo_expr *empty_extreme(mo_inst *inst, const mo_expr *e, const char *name)
{
    const mo_expr *a = e->a[0];
    bool is_max = name[1] == 'a';
    intptr_t k = 0;
    if (inst && a->kind == MO_EX_REF && a->nparts == 1 && !a->global)
        k = (intptr_t)mo_map_get(&inst->lay->index, a->parts[0].id);
    mo_comp_type t;
    if (!k || !mo_resolve_type(&inst->lay->items[k - 1], NULL, &t, inst) || t.basetype < 0 ||
        t.basetype == MO_T_STRING || t.basetype == MO_T_ENUM) {
        mo_error(e->loc, "not supported yet: %s of an empty array other than a Real, Integer or Boolean "
                 "component", name);
        return NULL;
    }
    switch (t.basetype) {
    case MO_T_REAL: return mo_expr_real(e->loc, is_max ? -DBL_MAX : DBL_MAX);
    case MO_T_INTEGER: return mo_expr_int(e->loc, is_max ? INT_MIN : INT_MAX);
    default: return mo_expr_bool(e->loc, !is_max);
    }
}

static bool reduction(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                      mo_aval *out)
{
    if (e->niters) {
        aval_vec vals = {0};
        if (e->n != 1 || !gather(fr, inst, owner, e, 0, &vals))
            return false;
        if (vals.n == 0 && (name[1] == 'i' || name[1] == 'a')) {
            mo_error(e->loc, "not supported yet: %s over an empty range", name);
            return false;
        }
        const mo_aval *shape = vals.n ? &vals.v[0] : NULL;
        for (int i = 1; i < vals.n; i++)
            if (!mo_av_same_size(shape, &vals.v[i])) {
                mo_error(e->a[0]->loc, "the values of a reduction have different sizes: %s and %s",
                         mo_av_size_str(shape), mo_av_size_str(&vals.v[i]));
                return false;
            }
        mo_expr **col = MO_NEWN(mo_expr *, vals.n + 1);
        if (!shape || shape->nd == 0) {
            for (int i = 0; i < vals.n; i++)
                col[i] = vals.v[i].one;
            mo_av_scalar(out, reduce(e->loc, name, col, vals.n));
            return true;
        }
        if (!mo_av_alloc(out, shape->nd, shape->dims, e->loc))
            return false;
        for (int j = 0; j < shape->n; j++) {
            for (int i = 0; i < vals.n; i++)
                col[i] = vals.v[i].el[j];
            out->el[j] = reduce(e->loc, name, col, vals.n);
        }
        return true;
    }
    mo_aval a;
    if (!arity(e, name, 1, 1) || !flat_arg(fr, inst, owner, e, 0, &a))
        return false;
    if (a.nd == 0) {
        mo_av_scalar(out, a.one);
        return true;
    }
    if (a.n == 0 && (name[1] == 'i' || name[1] == 'a')) {
        mo_expr *x = empty_extreme(inst, e, name);
        if (!x)
            return false;
        mo_av_scalar(out, x);
        return true;
    }
    mo_av_scalar(out, reduce(e->loc, name, a.el, a.n));
    return true;
}

static bool need_nd(const mo_expr *e, const char *name, const mo_aval *a, int nd)
{
    if (a->nd == nd)
        return true;
    mo_error(e->a[0]->loc, "%s needs %s, not an argument of size %s", name,
             nd == 1 ? "a vector" : nd == 2 ? "a matrix" : "a scalar", mo_av_size_str(a));
    return false;
}

static mo_expr *zero(mo_loc loc) { return mo_expr_int(loc, 0); }

int mo_av_builtin_arity(const char *name)
{
    if (!strcmp(name, "cross") || !strcmp(name, "outerProduct"))
        return 2;
    return !strcmp(name, "transpose") || !strcmp(name, "symmetric") || !strcmp(name, "skew") ? 1 : 0;
}

int mo_av_builtin_values(const mo_expr *e, const char *name, const mo_aval *args, mo_aval *out)
{
    mo_loc loc = e->loc;
    const mo_aval a = args[0], b = mo_av_builtin_arity(name) == 2 ? args[1] : args[0];
    int dims[MO_MAX_DIMS];
    if (strcmp(name, "transpose") == 0) {
        if (a.nd < 2) {
            mo_error(e->a[0]->loc, "transpose needs a matrix, not an argument of size %s", mo_av_size_str(&a));
            return -1;
        }
        memcpy(dims, a.dims, sizeof dims);
        dims[0] = a.dims[1];
        dims[1] = a.dims[0];
        if (!mo_av_alloc(out, a.nd, dims, loc))
            return -1;
        int inner = a.n / (a.dims[0] ? a.dims[0] : 1) / (a.dims[1] ? a.dims[1] : 1);
        for (int i = 0; i < a.dims[0]; i++)
            for (int j = 0; j < a.dims[1]; j++)
                for (int r = 0; r < inner; r++)
                    out->el[((size_t)j * (size_t)a.dims[0] + (size_t)i) * (size_t)inner + (size_t)r] =
                        a.el[((size_t)i * (size_t)a.dims[1] + (size_t)j) * (size_t)inner + (size_t)r];
        return 1;
    }
    if (strcmp(name, "cross") == 0 || strcmp(name, "outerProduct") == 0) {
        if (!need_nd(e, name, &a, 1) || !need_nd(e, name, &b, 1))
            return -1;
        if (name[0] == 'o') {
            int d[2] = {a.n, b.n};
            if (!mo_av_alloc(out, 2, d, loc))
                return -1;
            for (int i = 0; i < a.n; i++)
                for (int j = 0; j < b.n; j++)
                    out->el[i * b.n + j] = mo_expr_binary(loc, MO_OP_MUL, a.el[i], b.el[j]);
            return 1;
        }
        if (a.n != 3 || b.n != 3) {
            mo_error(loc, "cross needs two vectors of size 3, not %s and %s", mo_av_size_str(&a), mo_av_size_str(&b));
            return -1;
        }
        int d[1] = {3};
        if (!mo_av_alloc(out, 1, d, loc))
            return -1;
        for (int i = 0; i < 3; i++) {
            int j = (i + 1) % 3, k = (i + 2) % 3;
            out->el[i] = mo_expr_binary(loc, MO_OP_SUB, mo_expr_binary(loc, MO_OP_MUL, a.el[j], b.el[k]),
                                        mo_expr_binary(loc, MO_OP_MUL, a.el[k], b.el[j]));
        }
        return 1;
    }
    if (strcmp(name, "symmetric") == 0) {   /* the upper triangle mirrored (spec 10.3.5) */
        if (!need_nd(e, name, &a, 2))
            return -1;
        int m = a.dims[0];
        if (a.dims[1] != m) {
            mo_error(e->a[0]->loc, "symmetric needs a square matrix, not one of size %s", mo_av_size_str(&a));
            return -1;
        }
        if (!mo_av_alloc(out, 2, a.dims, loc))
            return -1;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                out->el[i * m + j] = i <= j ? a.el[i * m + j] : a.el[j * m + i];
        return 1;
    }
    if (strcmp(name, "skew") == 0) {
        if (!need_nd(e, name, &a, 1))
            return -1;
        if (a.n != 3) {
            mo_error(loc, "skew needs a vector of size 3, not %s", mo_av_size_str(&a));
            return -1;
        }
        int d[2] = {3, 3};
        if (!mo_av_alloc(out, 2, d, loc))
            return -1;
        for (int i = 0; i < 9; i++)
            out->el[i] = zero(loc);
        out->el[1] = mo_expr_unary(loc, MO_OP_NEG, a.el[2]);
        out->el[2] = a.el[1];
        out->el[3] = a.el[2];
        out->el[5] = mo_expr_unary(loc, MO_OP_NEG, a.el[0]);
        out->el[6] = mo_expr_unary(loc, MO_OP_NEG, a.el[1]);
        out->el[7] = a.el[0];
        return 1;
    }
    return 0;
}

mo_expr *mo_array_call_constructor(const mo_expr *call)
{
    mo_expr *a = mo_expr_new(MO_EX_ARRAY, call->loc);
    a->n = call->n;
    a->a = call->a;
    a->niters = call->niters;   /* array(e for i in r) = {e for i in r} */
    a->iters = call->iters;
    return a;
}

int mo_av_builtin(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                  mo_aval *out)
{
    mo_loc loc = e->loc;
    mo_aval a, b;
    int nd, dims[MO_MAX_DIMS];
    if (strcmp(name, "array") == 0)   /* array(a, b) = {a, b} (10.4.1) */
        return mo_flatten_rv(fr, inst, owner, mo_array_call_constructor(e), out) ? 1 : -1;
    if (strcmp(name, "size") == 0) {
        if (!arity(e, name, 1, 2) || !arg_dims(fr, inst, owner, e->a[0], &nd, dims))
            return -1;
        long long k = 0;
        if (e->n == 2 && !mo_eval_int(fr, inst, owner, e->a[1], "the dimension of size", &k))
            return -1;
        if (e->n == 2 && (k < 1 || k > nd)) {
            mo_error(e->a[1]->loc, "size: dimension %lld is out of range 1:%d", k, nd);
            return -1;
        }
        for (int i = 0; i < nd; i++)
            if (dims[i] < 0 && (k == 0 || k == i + 1)) {
                mo_error(e->a[0]->loc, "the size of '%s' depends on itself", mo_ref_str(e->a[0]));
                return -1;
            }
        if (e->n == 1)
            return ints_vector(out, loc, nd, dims) ? 1 : -1;
        mo_av_scalar(out, mo_expr_int(loc, dims[k - 1]));
        return 1;
    }
    if (strcmp(name, "ndims") == 0) {
        if (!arity(e, name, 1, 1) || !arg_dims(fr, inst, owner, e->a[0], &nd, dims))
            return -1;
        mo_av_scalar(out, mo_expr_int(loc, nd));
        return 1;
    }
    if (strcmp(name, "sum") == 0 || strcmp(name, "product") == 0)
        return reduction(fr, inst, owner, e, name, out) ? 1 : -1;
    if ((strcmp(name, "min") == 0 || strcmp(name, "max") == 0) && (e->niters || e->n == 1))
        return reduction(fr, inst, owner, e, name, out) ? 1 : -1;
    if (strcmp(name, "fill") == 0) {
        if (!arity(e, name, 1, 1 + MO_MAX_DIMS) || !mo_flatten_rv(fr, inst, owner, e->a[0], &a) ||
            !size_args(fr, inst, owner, e, 1, &nd, dims))
            return -1;
        return fill(loc, &a, nd, dims, out) ? 1 : -1;
    }
    if (strcmp(name, "zeros") == 0 || strcmp(name, "ones") == 0) {
        if (!arity(e, name, 1, MO_MAX_DIMS) || !size_args(fr, inst, owner, e, 0, &nd, dims))
            return -1;
        mo_av_scalar(&a, mo_expr_int(loc, name[0] == 'o'));
        return fill(loc, &a, nd, dims, out) ? 1 : -1;
    }
    if (strcmp(name, "linspace") == 0) {
        long long n;
        if (!arity(e, name, 3, 3) || !flat_arg(fr, inst, owner, e, 0, &a) || !flat_arg(fr, inst, owner, e, 1, &b) ||
            !mo_eval_int(fr, inst, owner, e->a[2], "the number of points of linspace", &n))
            return -1;
        if (a.nd || b.nd || n < 2) {
            mo_error(loc, "linspace needs two scalars and at least 2 points");
            return -1;
        }
        int d[1] = {(int)n};
        if (!mo_av_alloc(out, 1, d, loc))
            return -1;
        /* numbers (no parameter: its -override must still count) are folded into the points */
        double x1, x2;
        bool num = mo_eval_flat_peek(fr->flat, a.one, &x1) && !mo_eval_read_parameter(fr->flat) &&
                   mo_eval_flat_peek(fr->flat, b.one, &x2) && !mo_eval_read_parameter(fr->flat);
        for (int i = 0; i < n; i++) {
            if (num) {   /* numbers: the points themselves */
                mo_expr *r = mo_expr_real(loc, x1 + (x2 - x1) * i / (double)(n - 1));
                r->text = mo_sprintf("%.17g", r->real);
                out->el[i] = r;
                continue;
            }
            mo_expr *step = mo_expr_binary(loc, MO_OP_DIV, mo_expr_binary(loc, MO_OP_SUB, b.one, a.one),
                                           mo_expr_int(loc, n - 1));
            out->el[i] = mo_expr_binary(loc, MO_OP_ADD, a.one, mo_expr_binary(loc, MO_OP_MUL, mo_expr_int(loc, i), step));
        }
        return 1;
    }
    if (strcmp(name, "cat") == 0) {
        long long k;
        if (e->n < 2 || e->nnamed) {
            mo_error(loc, "cat takes a dimension and at least one array");
            return -1;
        }
        if (!mo_eval_int(fr, inst, owner, e->a[0], "the dimension of cat", &k))
            return -1;
        mo_aval *parts = MO_NEWN(mo_aval, e->n);
        for (int i = 1; i < e->n; i++)
            if (!flat_arg(fr, inst, owner, e, i, &parts[i - 1]))
                return -1;
        return mo_av_cat(loc, (int)k, e->n - 1, parts, out) ? 1 : -1;
    }
    int nv = mo_av_builtin_arity(name);
    if (nv) {   /* functions of the arguments' values alone */
        mo_aval v[2];
        if (!arity(e, name, nv, nv))
            return -1;
        for (int i = 0; i < nv; i++)
            if (!flat_arg(fr, inst, owner, e, i, &v[i]))
                return -1;
        return mo_av_builtin_values(e, name, v, out);
    }
    if (strcmp(name, "identity") == 0 || strcmp(name, "diagonal") == 0) {
        long long n;
        bool diag = name[0] == 'd';
        if (!arity(e, name, 1, 1))
            return -1;
        if (diag) {
            if (!flat_arg(fr, inst, owner, e, 0, &a) || !need_nd(e, name, &a, 1))
                return -1;
            n = a.n;
        } else if (!mo_eval_int(fr, inst, owner, e->a[0], "the size of identity", &n)) {
            return -1;
        }
        int d[2] = {(int)n, (int)n};
        if (!mo_av_alloc(out, 2, d, loc))
            return -1;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                out->el[i * n + j] = i != j ? zero(loc) : diag ? a.el[i] : mo_expr_int(loc, 1);
        return 1;
    }
    if (strcmp(name, "scalar") == 0 || strcmp(name, "vector") == 0 || strcmp(name, "matrix") == 0) {
        if (!arity(e, name, 1, 1) || !flat_arg(fr, inst, owner, e, 0, &a))
            return -1;
        int big = 0, bigdim = 1;
        for (int k = 0; k < a.nd; k++)
            if (a.dims[k] != 1 && (name[0] != 'm' || k >= 2))
                big++, bigdim = a.dims[k];
        if ((name[0] == 's' && big > 0) || (name[0] == 'v' && big > 1) || (name[0] == 'm' && big > 0)) {
            mo_error(e->a[0]->loc, "%s cannot be applied to an array of size %s", name, mo_av_size_str(&a));
            return -1;
        }
        if (name[0] == 's') {
            mo_av_scalar(out, mo_av_at(&a, 0));
            return 1;
        }
        int d[2] = {name[0] == 'v' ? (a.nd ? bigdim : 1) : (a.nd > 0 ? a.dims[0] : 1), a.nd > 1 ? a.dims[1] : 1};
        if (!mo_av_alloc(out, name[0] == 'v' ? 1 : 2, d, loc))
            return -1;
        for (int i = 0; i < out->n; i++)
            out->el[i] = mo_av_at(&a, i);
        return 1;
    }
    if (strcmp(name, "Integer") == 0) {
        /* the ordinal of an enumeration value: enumeration values are already integers in the flat model */
        if (!arity(e, name, 1, 1) || !flat_arg(fr, inst, owner, e, 0, &a))
            return -1;
        const char *t = a.nd == 0 ? mo_flat_nonboolean(fr->flat, a.one) : NULL;
        if (t && strcmp(t, "an enumeration") != 0) {   /* (integer() rounds a number down) */
            mo_error(e->a[0]->loc, "Integer() takes an enumeration value, not %s", t);
            return -1;
        }
        *out = a;
        if (a.nd == 0 && a.one->kind == MO_EX_INT && a.one->text)
            out->one = mo_expr_int(loc, a.one->ival);
        return 1;
    }
    return 0;
}
