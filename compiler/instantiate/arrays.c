/*
 * arrays.c - operators, constructors and built-in functions over array values (chapter 10 of the
 * specification), expanded element by element at compile time.
 *
 * Input: array values (aval.h) whose elements are flat scalar expressions. Output: new array values.
 * Nothing here looks at names: flatten_expr.c evaluates operands first. Element expressions may be
 * shared between several results (x[k] in every row of A*x); the back end never edits expressions in
 * place, so sharing is safe. Sums of many terms (matrix products, sum()) are built as balanced trees so
 * that no flat expression gets deep. Cost: linear in the elements produced, except the products, which
 * cost what they inherently are (n^2 terms for an n x n matrix times a vector).
 */
#include "aval.h"

#include <math.h>
#include <string.h>

/* ---- values ---- */
void mo_av_scalar(mo_aval *v, mo_expr *e)
{
    v->nd = 0;
    v->n = 1;
    v->el = NULL;
    v->one = e;
    v->rec = NULL;
}

void mo_index_next(int *pos, const int *dims, int nd)
{
    for (int k = nd - 1; k >= 0; k--) {
        if (++pos[k] < dims[k])
            return;
        pos[k] = 0;
    }
}

bool mo_av_alloc(mo_aval *v, int nd, const int *dims, mo_loc loc)
{
    if (nd > MO_MAX_DIMS) {
        mo_error(loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
        return false;
    }
    long long n = 1;
    for (int k = 0; k < nd; k++) {
        n *= dims[k];
        if (n > MO_MAX_ARRAY_ELEMENTS) {
            mo_error(loc, "array with more than %d elements (arrays are scalarised at compile time)",
                     MO_MAX_ARRAY_ELEMENTS);
            return false;
        }
    }
    v->nd = nd;
    if (nd)
        memmove(v->dims, dims, sizeof *dims * (size_t)nd);
    v->n = (int)n;
    v->el = MO_NEWN(mo_expr *, n + 1);
    v->one = NULL;
    v->rec = NULL;
    return true;
}

const char *mo_av_size_str(const mo_aval *v)
{
    if (v->nd == 0)
        return "scalar";
    mo_buf b = {0};
    for (int k = 0; k < v->nd; k++)
        mo_buf_printf(&b, "%s%d", k ? ", " : "[", v->dims[k]);
    mo_buf_puts(&b, "]");
    return mo_buf_str(&b);
}

bool mo_av_same_size(const mo_aval *a, const mo_aval *b)
{
    if (a->nd != b->nd)
        return false;
    for (int k = 0; k < a->nd; k++)
        if (a->dims[k] != b->dims[k])
            return false;
    return true;
}

static mo_expr *int_lit(mo_loc loc, long long v)
{
    return mo_expr_int(loc, v);
}

/* Left to right while short (it reads naturally in --flat), balanced beyond. */
static mo_expr *fold_range(mo_loc loc, mo_op op, mo_expr **v, int lo, int hi)
{
    if (hi - lo <= 32) {
        mo_expr *s = v[lo];
        for (int i = lo + 1; i < hi; i++)
            s = mo_expr_binary(loc, op, s, v[i]);
        return s;
    }
    int mid = lo + (hi - lo) / 2;
    mo_expr *a = fold_range(loc, op, v, lo, mid), *b = fold_range(loc, op, v, mid, hi);
    return mo_expr_binary(loc, op, a, b);
}

mo_expr *mo_av_fold(mo_loc loc, mo_op op, mo_expr **v, int n)
{
    if (n == 0)
        return int_lit(loc, op == MO_OP_MUL ? 1 : 0);
    return fold_range(loc, op, v, 0, n);
}

/* ---- operators ---- */

static bool size_error(mo_loc loc, mo_op op, const mo_aval *a, const mo_aval *b)
{
    mo_error(loc, "operator '%s' cannot combine sizes %s and %s", mo_op_text(op), mo_av_size_str(a),
             mo_av_size_str(b));
    return false;
}

/* element by element; scalars are broadcast when allowed */
static bool elementwise(mo_loc loc, mo_op op, const mo_aval *a, const mo_aval *b, bool broadcast, mo_aval *out)
{
    const mo_aval *shape = a->nd ? a : b;
    if (a->nd && b->nd ? !mo_av_same_size(a, b) : !broadcast)
        return size_error(loc, op, a, b);
    if (!mo_av_alloc(out, shape->nd, shape->dims, loc))
        return false;
    mo_op sop = mo_op_scalar(op);
    for (int i = 0; i < out->n; i++)
        out->el[i] = mo_expr_binary(loc, sop, mo_av_at(a, a->nd ? i : 0), mo_av_at(b, b->nd ? i : 0));
    return true;
}

/* A*B over its shapes: vector.vector, matrix*vector, vector*matrix, matrix*matrix */
static bool product(mo_loc loc, const mo_aval *a, const mo_aval *b, mo_aval *out)
{
    if (a->nd > 2 || b->nd > 2)
        return size_error(loc, MO_OP_MUL, a, b);
    int m = a->nd == 2 ? a->dims[0] : 1, k = a->dims[a->nd - 1];
    int kb = b->dims[0], p = b->nd == 2 ? b->dims[1] : 1;
    if (k != kb)
        return size_error(loc, MO_OP_MUL, a, b);
    int dims[2], nd = 0;
    if (a->nd == 2) dims[nd++] = m;
    if (b->nd == 2) dims[nd++] = p;
    mo_expr **terms = MO_NEWN(mo_expr *, k + 1);
    mo_expr **res = MO_NEWN(mo_expr *, (size_t)m * (size_t)p + 1);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < p; j++) {
            for (int l = 0; l < k; l++)
                terms[l] = mo_expr_binary(loc, MO_OP_MUL, a->el[(size_t)i * (size_t)k + (size_t)l],
                                          b->el[(size_t)l * (size_t)p + (size_t)j]);
            res[(size_t)i * (size_t)p + (size_t)j] = mo_av_fold(loc, MO_OP_ADD, terms, k);
        }
    if (nd == 0) {
        mo_av_scalar(out, res[0]);
        return true;
    }
    if (!mo_av_alloc(out, nd, dims, loc))
        return false;
    memcpy(out->el, res, sizeof *res * (size_t)out->n);
    return true;
}

bool mo_av_binary(mo_loc loc, mo_op op, const mo_aval *a, const mo_aval *b, mo_aval *out)
{
    if (a->nd == 0 && b->nd == 0) {
        mo_av_scalar(out, mo_expr_binary(loc, mo_op_scalar(op), a->one, b->one));
        return true;
    }
    switch (op) {
    case MO_OP_ADD: case MO_OP_SUB: case MO_OP_AND: case MO_OP_OR:
        return elementwise(loc, op, a, b, false, out);
    case MO_OP_EADD: case MO_OP_ESUB: case MO_OP_EMUL: case MO_OP_EDIV: case MO_OP_EPOW:
        return elementwise(loc, op, a, b, true, out);
    case MO_OP_MUL:
        if (a->nd == 0 || b->nd == 0)
            return elementwise(loc, op, a, b, true, out);
        return product(loc, a, b, out);
    case MO_OP_DIV:
        if (b->nd == 0)
            return elementwise(loc, op, a, b, true, out);
        return size_error(loc, op, a, b);
    default:
        return size_error(loc, op, a, b);
    }
}

bool mo_av_matrix_power(mo_loc loc, const mo_aval *a, long long n, mo_aval *out)
{
    if (a->nd != 2 || a->dims[0] != a->dims[1]) {
        mo_error(loc, "the power A^n needs a square matrix A, not one of size %s", mo_av_size_str(a));
        return false;
    }
    /* by squaring: A^n = product of the A^(2^k) whose bit k of n is set; A^0 is the identity */
    int m = a->dims[0];
    mo_aval result, sq = *a;
    if (!mo_av_alloc(&result, 2, a->dims, loc))
        return false;
    for (int i = 0; i < m * m; i++)
        result.el[i] = int_lit(loc, i / m == i % m);
    bool identity = true;
    for (; n > 0; n >>= 1) {
        if (n & 1) {
            mo_aval r;
            if (identity)
                r = sq;
            else if (!product(loc, &result, &sq, &r))
                return false;
            result = r;
            identity = false;
        }
        if (n > 1) {
            mo_aval s2;
            if (!product(loc, &sq, &sq, &s2))
                return false;
            sq = s2;
        }
    }
    *out = result;
    return true;
}

bool mo_av_unary(mo_loc loc, mo_op op, const mo_aval *a, mo_aval *out)
{
    if (a->nd == 0) {
        mo_av_scalar(out, mo_expr_unary(loc, op, a->one));
        return true;
    }
    if (!mo_av_alloc(out, a->nd, a->dims, loc))
        return false;
    for (int i = 0; i < a->n; i++)
        out->el[i] = mo_expr_unary(loc, op, a->el[i]);
    return true;
}

bool mo_av_if(const mo_expr *e, int n, mo_aval *v, mo_aval *out)
{
    const mo_aval *shape = &v[n - 1];
    for (int i = 0; i < n; i++) {
        bool cond = i + 1 < n && i % 2 == 0;
        if (cond && v[i].nd) {
            mo_error(e->a[i]->loc, "the condition of an if-expression must be a scalar, not of size %s",
                     mo_av_size_str(&v[i]));
            return false;
        }
        if (v[i].rec) {
            mo_error(e->a[i]->loc, "the branches of an if-expression must all be records or all not");
            return false;
        }
        if (!cond && !mo_av_same_size(&v[i], shape)) {
            mo_error(e->a[i]->loc, "the branches of an if-expression have different sizes: %s and %s",
                     mo_av_size_str(&v[i]), mo_av_size_str(shape));
            return false;
        }
    }
    if (shape->nd && !mo_av_alloc(out, shape->nd, shape->dims, e->loc))
        return false;
    if (!shape->nd)
        out->nd = 0, out->n = 1;
    for (int j = 0; j < shape->n; j++) {
        mo_expr *c = mo_expr_new(MO_EX_IF, e->loc);
        *c = *e;
        c->a = MO_NEWN(mo_expr *, n);
        for (int i = 0; i < n; i++)
            c->a[i] = mo_av_at(&v[i], (i + 1 < n && i % 2 == 0) ? 0 : j);
        if (shape->nd)
            out->el[j] = c;
        else
            mo_av_scalar(out, c);
    }
    return true;
}

/* ---- constructors ---- */
bool mo_av_array(mo_loc loc, int n, mo_aval *elems, mo_aval *out)
{
    for (int i = 0; i < n; i++)
        if (elems[i].rec)
            return mo_rv_array(loc, n, elems, out);   /* records.c: field by field */
    int dims[MO_MAX_DIMS + 1] = {n};
    int nd = 1, inner = 1;
    if (n > 0) {
        for (int i = 1; i < n; i++)
            if (!mo_av_same_size(&elems[0], &elems[i])) {
                mo_error(loc, "the elements of an array constructor have different sizes: %s and %s",
                         mo_av_size_str(&elems[0]), mo_av_size_str(&elems[i]));
                return false;
            }
        for (int k = 0; k < elems[0].nd && nd <= MO_MAX_DIMS; k++)
            dims[nd++] = elems[0].dims[k];
        inner = elems[0].n;
    }
    if (!mo_av_alloc(out, nd, dims, loc))
        return false;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < inner; j++)
            out->el[(size_t)i * (size_t)inner + (size_t)j] = mo_av_at(&elems[i], j);
    return true;
}

bool mo_av_cat(mo_loc loc, int dim, int n, mo_aval *parts, mo_aval *out)
{
    if (n == 0) {
        mo_error(loc, "cat needs at least one array");
        return false;
    }
    int nd = parts[0].nd, k = dim - 1;
    if (k < 0 || k >= nd) {
        mo_error(loc, "cannot concatenate along dimension %d of arrays of size %s", dim, mo_av_size_str(&parts[0]));
        return false;
    }
    int dims[MO_MAX_DIMS];
    memcpy(dims, parts[0].dims, sizeof dims);
    dims[k] = 0;
    for (int i = 0; i < n; i++) {
        bool ok = parts[i].nd == nd;
        for (int d = 0; ok && d < nd; d++)
            ok = d == k || parts[i].dims[d] == parts[0].dims[d];
        if (!ok) {
            mo_error(loc, "cannot concatenate arrays of sizes %s and %s along dimension %d",
                     mo_av_size_str(&parts[0]), mo_av_size_str(&parts[i]), dim);
            return false;
        }
        dims[k] += parts[i].dims[k];
    }
    if (!mo_av_alloc(out, nd, dims, loc))
        return false;
    int outer = 1, inner = 1;
    for (int d = 0; d < k; d++) outer *= dims[d];
    for (int d = k + 1; d < nd; d++) inner *= dims[d];
    int pos = 0;
    for (int o = 0; o < outer; o++)
        for (int i = 0; i < n; i++) {
            int block = parts[i].dims[k] * inner;
            for (int j = 0; j < block; j++)
                out->el[pos++] = parts[i].el[(size_t)o * (size_t)block + (size_t)j];
        }
    return true;
}

/* at least two dimensions: a scalar is [1, 1], a vector [n] is the column [n, 1] */
static void promote2(mo_aval *v, mo_loc loc)
{
    if (v->nd >= 2)
        return;
    mo_aval r;
    int dims[2] = {v->nd ? v->dims[0] : 1, 1};
    mo_av_alloc(&r, 2, dims, loc);
    for (int i = 0; i < r.n; i++)
        r.el[i] = mo_av_at(v, i);
    *v = r;
}

bool mo_av_matrix(mo_loc loc, int nrows, int *ncols, mo_aval **rows, mo_aval *out)
{
    mo_aval *r = MO_NEWN(mo_aval, nrows + 1);
    for (int i = 0; i < nrows; i++) {
        for (int j = 0; j < ncols[i]; j++)
            promote2(&rows[i][j], loc);
        if (!mo_av_cat(loc, 2, ncols[i], rows[i], &r[i]))
            return false;
    }
    return mo_av_cat(loc, 1, nrows, r, out);
}
