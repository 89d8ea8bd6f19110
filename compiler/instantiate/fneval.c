/*
 * fneval.c - calls of user-defined functions evaluated when the model is compiled, where flattening needs
 * a value: an array size, the condition of an if-equation or of a conditional component (eval.c asks),
 * and where the back end folds parameters (Evaluate = true and what follows from them: fold.c through
 * mo_dae_start_values): MultiBody's Revolute has e = normalizeWithAssert(n), whose zero elements must
 * vanish from the equations before matching.
 *
 * Input: a function built by functions.c (its slots, bindings and statements) and the values of its
 * inputs. Output: the values of its outputs, or false when the call cannot be evaluated here (then eval.c
 * reports "not supported yet: evaluating the function ... at compile time" at the call).
 * What runs: functions whose slots are Real, Integer, Boolean or enumeration scalars or arrays (records
 * count as their fields), with algorithms of assignments (of whole slots, or of elements x[i] := v),
 * (a, b) := g(x) (its targets whole slots or elements: a record assigned to an element of an array of
 * records, tM[i, j] := fromPolar(..), is one such assignment of its fields), if, for over ranges, while,
 * break, return and assert, over the scalar built-ins eval.c
 * knows (element by element on arrays), array constructors (with iterators too: {(k - 1)*2*pi/m for k in
 * 1:m}, Electrical.Polyphase.Functions.symmetricOrientation), ranges, subscripts (indices, ranges, ':'),
 * matrix constructors ([a, b; c, d]), + - of arrays, array * / scalar, products of vectors and matrices,
 * size, cat, fill, zeros, ones, sum,
 * identity, diagonal, transpose, outerProduct, cross, skew, and calls of such functions
 * (Modelica.Math.FastFourierTransform.realFFTsamplePoints: Integer arithmetic in while loops; outputs
 * sized by their assignments, xpos := cat(1, xpos, x[i:i]), whose size a call from a model needs).
 * Strings, external functions and functional inputs are not evaluated, nor a call whose assert fails (the
 * simulator reports that one when it runs).
 * Bounds: calls nest at most FN_MAX_DEPTH deep and one evaluation runs at most FN_MAX_STEPS statements and
 * loop iterations and makes arrays of at most FN_MAX_ELEMENTS elements in all, so that a function that
 * loops without end fails instead of hanging the compiler. Arrays are malloc'd and freed as they are
 * replaced (the arena would keep every intermediate value of a loop).
 * Values are doubles, as in eval.c: Integers are exact up to 2^53 (fnval.h; fnarr.c: cat and the matrix
 * built-ins).
 * Partial evaluation (mo_fn_eval_partial, for analysis/dae.c's fold_call): argument elements without a
 * value are NaN, "not known", and so is what is computed from them, except where the known operand
 * decides (0*x and 0/x are 0, as expr.c simplifies them; false and x; true or x). A condition not known
 * takes both ways (if-expressions, if-statements on copies of the slots) and keeps what they agree on;
 * while loops, for ranges, subscripts and asserts that are not known stop the evaluation (an assert the
 * simulator would check is not lost). The caller gets an output element only when it is known.
 */
#include "fnval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { FN_MAX_DEPTH = 64 };

typedef mo_fnval val;
typedef mo_fnrun run;

/* How a list of statements ended. */
typedef enum flow { FLOW_NEXT, FLOW_BREAK, FLOW_RETURN, FLOW_FAIL } flow;

static bool call_fn(run *r, const mo_func *fn, const val *args, val *outs, int depth);

static val scalar(double x)
{
    val v = {0};
    v.n = 1;
    v.s = x;
    return v;
}

static double at(const val *v, long i)
{
    return v->nd ? v->el[i] : v->s;
}

/* Is x a value not known (a partial evaluation's NaN)? A full evaluation has none: its NaN is a value. */
static bool unknown(const run *r, double x)
{
    return r->partial && isnan(x);
}

bool mo_fnv_make(run *r, val *v, int nd, const int *dims)
{
    long n = 1;
    for (int k = 0; k < nd; k++)
        n *= dims[k];
    if (n < 0 || (r->elements += n) > FN_MAX_ELEMENTS)
        return false;
    memset(v, 0, sizeof *v);
    v->nd = nd;
    memcpy(v->dims, dims, sizeof(int) * (size_t)nd);
    v->n = n;
    if (r->npool == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        r->pool = realloc(r->pool, sizeof(void *) * (size_t)r->cap);
    }
    v->el = r->pool[r->npool++] = malloc(sizeof(double) * (size_t)(n + 1));
    return true;
}

/* Can fn run here at all? (no Strings, objects, external code or functional inputs) */
static bool evaluable(const mo_func *fn)
{
    if (fn->ext || fn->generic || (fn->pder_of && !fn->body.n))   /* (a partial derivative: no body yet) */
        return false;
    for (int i = 0; i < fn->vars.n; i++) {
        const mo_fvar *v = &fn->vars.v[i];
        if (v->type == MO_T_STRING || v->extobj || v->inst_default)
            return false;
    }
    return true;
}

static bool eval_fx(run *r, val *vals, const mo_expr *e, val *out, int depth);

static bool eval_int(run *r, val *vals, const mo_expr *e, long *out, int depth)
{
    val v;
    if (!eval_fx(r, vals, e, &v, depth) || v.nd || v.s != floor(v.s) || fabs(v.s) > 1e9)
        return false;
    *out = (long)v.s;
    return true;
}

/* a * b of two arrays (10.6.4): the scalar product of vectors, matrix times vector, vector times matrix,
 * matrix times matrix; false for other ranks or sizes that do not agree. */
static bool product(run *r, const val *a, const val *b, val *out)
{
    if (a->nd > 2 || b->nd > 2)
        return false;
    /* as (m x k) * (k x n): a vector on the left is one row (its result has no row dimension), on the
     * right one column (no column dimension) */
    int m = a->nd == 2 ? a->dims[0] : 1, k = a->dims[a->nd - 1];
    int n = b->nd == 2 ? b->dims[1] : 1;
    if (b->dims[0] != k)
        return false;
    int dims[2], nd = 0;
    if (a->nd == 2)
        dims[nd++] = m;
    if (b->nd == 2)
        dims[nd++] = n;
    if (nd == 0) {
        double x = 0;
        for (int i = 0; i < k; i++)
            x += a->el[i] * b->el[i];
        *out = scalar(x);
        return true;
    }
    if (!mo_fnv_make(r, out, nd, dims))
        return false;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double x = 0;
            for (int l = 0; l < k; l++)
                x += a->el[(long)i * k + l] * b->el[(long)l * n + j];
            out->el[(long)i * n + j] = x;
        }
    return true;
}

/* a op b of two scalars; in a partial evaluation, an operand not known (NaN) gives a result not known
 * but where the known one decides: 0*x and 0/x are 0 (as expr.c simplifies them), false and x is false,
 * true or x is true. */
static bool binary_el(const run *r, mo_op op, double a, double b, double *out)
{
    if (!r->partial || !(isnan(a) || isnan(b)))
        return mo_eval_binary(op, a, b, out);
    switch (op) {
    case MO_OP_MUL: case MO_OP_EMUL: *out = a == 0 || b == 0 ? 0 : NAN; return true;
    case MO_OP_DIV: case MO_OP_EDIV: *out = a == 0 ? 0 : NAN; return b != 0;
    case MO_OP_AND: *out = a == 0 || b == 0 ? 0 : NAN; return true;
    case MO_OP_OR: *out = (!isnan(a) && a != 0) || (!isnan(b) && b != 0) ? 1 : NAN; return true;
    case MO_OP_POW: case MO_OP_EPOW: *out = pow(a, b); return true;   /* (x^0 and 1^x are 1) */
    default:   /* + -, relations: not known (an operator mo_eval_binary has not: not evaluated) */
        if (!mo_eval_binary(op, a, b, out))
            return false;
        *out = NAN;
        return true;
    }
}

/* a op b, element by element where one or both are arrays (of one size) */
static bool binary(run *r, mo_op op, const val *a, const val *b, val *out)
{
    if (!a->nd && !b->nd) {
        double x;
        if (!binary_el(r, op, a->s, b->s, &x))
            return false;
        *out = scalar(x);
        return true;
    }
    bool ew = op == MO_OP_EADD || op == MO_OP_ESUB || op == MO_OP_EMUL || op == MO_OP_EDIV || op == MO_OP_EPOW;
    if (a->nd && b->nd && op == MO_OP_MUL)
        return product(r, a, b, out);
    if (a->nd && b->nd) {
        if ((op != MO_OP_ADD && op != MO_OP_SUB && !ew) || a->nd != b->nd ||
            memcmp(a->dims, b->dims, sizeof(int) * (size_t)a->nd))
            return false;
    } else if (!ew && op != MO_OP_MUL && !(op == MO_OP_DIV && !b->nd)) {
        return false;
    }
    const val *shape = a->nd ? a : b;
    if (!mo_fnv_make(r, out, shape->nd, shape->dims))
        return false;
    for (long i = 0; i < out->n; i++)
        if (!binary_el(r, op, at(a, a->nd ? i : 0), at(b, b->nd ? i : 0), &out->el[i]))
            return false;
    return true;
}

/* Is v, the value of e, an Integer outside the 32-bit range of spec 4.9.2 (+, -, * of Integers, abs and div
 * of Integers, integer() of a Real, element by element on arrays; a and b its operands, NULL for a unary
 * minus's first)? Then the call is not evaluated here: the simulator's function checks the same arithmetic
 * and fails naming the statement (codegen_expr.c), never a value the generated code would not compute. */
static const mo_expr *overflowed;   /* the operation of the last evaluation that overflowed, or NULL */
static const char *overflow_text;   /* it with its operands (mo_int_op_text) */

static bool int_overflow(const run *r, const mo_expr *e, const val *a, const val *b, const val *v)
{
    long i = 0;
    while (i < v->n && !(!(at(v, i) >= -2147483648.0 && at(v, i) <= 2147483647.0) && !isnan(at(v, i))))
        i++;
    if (i == v->n || !r->fn || mo_func_expr_type(NULL, r->fn, e) != MO_T_INTEGER)
        return false;
    overflowed = e;
    overflow_text = mo_int_op_text(e, a ? at(a, a->nd ? i : 0) : 0, b ? at(b, b->nd ? i : 0) : 0);
    return true;
}

const mo_expr *mo_fn_eval_overflow(void)
{
    return overflowed;
}

const char *mo_fn_eval_overflow_text(void)
{
    return overflow_text;
}

/* {a, b, c}: the elements stacked along a new first dimension */
static bool array_of(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    val *el = malloc(sizeof(val) * (size_t)(e->n + 1));
    bool ok = !e->niters;
    for (int i = 0; ok && i < e->n; i++)
        ok = eval_fx(r, vals, e->a[i], &el[i], depth) &&
             (i == 0 || (el[i].nd == el[0].nd && !memcmp(el[i].dims, el[0].dims, sizeof(int) * (size_t)el[0].nd)));
    int dims[MO_MAX_DIMS];
    ok = ok && (e->n == 0 || el[0].nd < MO_MAX_DIMS);
    if (ok) {
        dims[0] = e->n;
        int nd = 1;
        for (int k = 0; e->n && k < el[0].nd; k++)
            dims[nd++] = el[0].dims[k];
        ok = mo_fnv_make(r, out, nd, dims);
        long inner = e->n ? el[0].n : 0;
        for (int i = 0; ok && i < e->n; i++)
            for (long j = 0; j < inner; j++)
                out->el[i * inner + j] = at(&el[i], j);
    }
    free(el);
    return ok;
}

/* {e for i in r1, ..., k in rn} = {{e for i in r1} ... for k in rn}: the last iterator's range is the
 * first dimension (10.4.1), then the others', then e's own; every element of one size. */
static bool comprehension_of(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    int ni = e->niters;
    if (ni + 1 > MO_MAX_DIMS)
        return false;
    val *rg = malloc(sizeof(val) * (size_t)ni);
    long count = 1;
    bool ok = true;
    for (int k = 0; ok && k < ni; k++) {
        ok = eval_fx(r, vals, e->iters[k].range, &rg[k], depth) && rg[k].nd == 1;
        count *= ok ? rg[k].n : 1;
    }
    val *el = ok ? malloc(sizeof(val) * (size_t)(count + 1)) : NULL;
    int pos[MO_MAX_DIMS] = {0}, dims[MO_MAX_DIMS];
    for (int j = 0; ok && j < ni; j++)
        dims[j] = (int)rg[ni - 1 - j].n;
    for (long i = 0; ok && i < count; i++) {   /* pos row-major: pos[j] steps iterator ni - 1 - j */
        ok = ++r->steps <= FN_MAX_STEPS;
        for (int j = 0; ok && j < ni; j++)
            vals[e->a[1 + ni - 1 - j]->var] = scalar(rg[ni - 1 - j].el[pos[j]]);
        ok = ok && eval_fx(r, vals, e->a[0], &el[i], depth) && el[i].nd + ni <= MO_MAX_DIMS &&
             (i == 0 || (el[i].nd == el[0].nd && !memcmp(el[i].dims, el[0].dims, sizeof(int) * (size_t)el[0].nd)));
        mo_index_next(pos, dims, ni);
    }
    int nd = ni;
    for (int k = 0; ok && count && k < el[0].nd; k++)
        dims[nd++] = el[0].dims[k];
    ok = ok && mo_fnv_make(r, out, nd, dims);
    long inner = ok && count ? el[0].n : 0;
    for (long i = 0; ok && i < count; i++)
        for (long j = 0; j < inner; j++)
            out->el[i * inner + j] = at(&el[i], j);
    free(el);
    free(rg);
    return ok;
}

/* lo:hi, lo:st:hi as a vector (Integers, or Reals as a for range steps them) */
static bool range_of(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    val lo, st = scalar(1), hi;
    if (!eval_fx(r, vals, e->a[0], &lo, depth) || (e->n == 3 && !eval_fx(r, vals, e->a[1], &st, depth)) ||
        !eval_fx(r, vals, e->a[e->n - 1], &hi, depth) || lo.nd || st.nd || hi.nd || st.s == 0 ||
        isnan(lo.s + st.s + hi.s))
        return false;
    double cnt = floor((hi.s - lo.s) / st.s) + 1;
    int dims[1] = {cnt > 0 ? (int)cnt : 0};
    if (cnt > FN_MAX_ELEMENTS || !mo_fnv_make(r, out, 1, dims))
        return false;
    for (int i = 0; i < dims[0]; i++)
        out->el[i] = lo.s + i * st.s;
    return true;
}

/* The indices a subscript selects along a dimension of size n: one (*one set), or a list (':', a range,
 * a vector of indices); 1-based, each checked. */
static bool subscript(run *r, val *vals, const mo_expr *e, long n, bool *one, val *idx, int depth)
{
    if (e->kind == MO_EX_COLON) {
        int d[1] = {(int)n};
        if (!mo_fnv_make(r, idx, 1, d))
            return false;
        for (long i = 0; i < n; i++)
            idx->el[i] = (double)(i + 1);
        *one = false;
        return true;
    }
    if (!eval_fx(r, vals, e, idx, depth) || idx->nd > 1)
        return false;
    *one = idx->nd == 0;
    for (long i = 0; i < idx->n; i++) {
        double k = at(idx, i);
        if (k != floor(k) || k < 1 || k > n)
            return false;
    }
    return true;
}

/* The elements x[s1, ..., sk] selects (index_of reads them, assign_part writes them): each subscript
 * one index (one[k]) or a vector of them; pos runs over the result's nd dimensions in row-major order. */
typedef struct {
    int ns, nd;
    val idx[MO_MAX_DIMS];
    bool one[MO_MAX_DIMS];
    int dims[MO_MAX_DIMS];
    long count;
} selection;

static bool select_of(run *r, val *vals, const mo_expr *e, const val *x, selection *s, int depth)
{
    s->ns = e->n - 1;
    s->nd = 0;
    if (s->ns != x->nd)
        return false;
    for (int k = 0; k < s->ns; k++) {
        if (!subscript(r, vals, e->a[k + 1], x->dims[k], &s->one[k], &s->idx[k], depth))
            return false;
        if (!s->one[k])
            s->dims[s->nd++] = (int)s->idx[k].n;
    }
    s->count = 1;
    for (int k = 0; k < s->nd; k++)
        s->count *= s->dims[k];
    return true;
}

/* The element of x at position pos of the selection, then pos stepped to the next one. */
static long select_step(const selection *s, const val *x, long *pos)
{
    long flat = 0;
    for (int k = 0, j = 0; k < s->ns; k++)
        flat = flat * x->dims[k] + (long)at(&s->idx[k], s->one[k] ? 0 : pos[j++]) - 1;
    for (int k = s->ns - 1, j = s->nd - 1; k >= 0; k--) {
        if (s->one[k])
            continue;
        if (++pos[j] < s->dims[j])
            break;
        pos[j--] = 0;
    }
    return flat;
}

/* x[s1, ..., sk]: the selected elements (a scalar when every subscript is one index) */
static bool index_of(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    val x;
    selection s;
    if (!eval_fx(r, vals, e->a[0], &x, depth) || !select_of(r, vals, e, &x, &s, depth))
        return false;
    if (s.nd && !mo_fnv_make(r, out, s.nd, s.dims))
        return false;
    long pos[MO_MAX_DIMS] = {0};
    for (long i = 0; i < s.count; i++) {
        long flat = select_step(&s, &x, pos);
        if (s.nd)
            out->el[i] = x.el[flat];
        else
            *out = scalar(x.el[flat]);
    }
    return true;
}

/* cat(k, a, b, ...) */
static bool cat_of(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    long k;
    if (e->n < 2 || !eval_int(r, vals, e->a[0], &k, depth))
        return false;
    int np = e->n - 1;
    val *p = malloc(sizeof(val) * (size_t)np);
    bool ok = true;
    for (int i = 0; ok && i < np; i++)
        ok = eval_fx(r, vals, e->a[i + 1], &p[i], depth);
    ok = ok && mo_fnv_cat(r, k, p, np, out);
    free(p);
    return ok;
}

/* [a, b; c, d] (10.4.2): cat(1, cat(2, a, b), cat(2, c, d)), each element first made a matrix (a scalar
 * 1 x 1, a vector a column: MultiBody's Frames.axisRotation builds its T from [e]*transpose([e]));
 * elements of more than two dimensions are not evaluated here. */
static bool matrix_of(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    val *rows = malloc(sizeof(val) * (size_t)(e->n + 1));
    bool ok = e->n > 0;
    for (int i = 0; ok && i < e->n; i++) {
        const mo_expr *row = e->a[i];
        ok = row->kind == MO_EX_ARRAY && !row->niters && row->n > 0;
        val *p = malloc(sizeof(val) * (size_t)(row->n + 1));
        for (int j = 0; ok && j < row->n; j++) {
            ok = eval_fx(r, vals, row->a[j], &p[j], depth) && p[j].nd <= 2;
            if (ok && p[j].nd == 0) {
                double x = p[j].s;
                int one[2] = {1, 1};
                ok = mo_fnv_make(r, &p[j], 2, one);
                if (ok)
                    p[j].el[0] = x;
            } else if (ok && p[j].nd == 1) {   /* the same elements as a column */
                p[j].nd = 2;
                p[j].dims[1] = 1;
            }
        }
        ok = ok && mo_fnv_cat(r, 2, p, row->n, &rows[i]);
        free(p);
    }
    ok = ok && mo_fnv_cat(r, 1, rows, e->n, out);
    free(rows);
    return ok;
}

static bool builtin(run *r, val *vals, const mo_expr *e, const char *n, val *out, int depth)
{
    if (e->niters || e->nnamed)
        return false;
    if (!strcmp(n, "cat"))
        return cat_of(r, vals, e, out, depth);
    if (!strcmp(n, "fill") || !strcmp(n, "zeros") || !strcmp(n, "ones")) {
        int from = n[0] == 'f', nd = e->n - from, dims[MO_MAX_DIMS];
        val v = scalar(n[0] == 'o');
        if (nd < 1 || nd > MO_MAX_DIMS || (from && (!eval_fx(r, vals, e->a[0], &v, depth) || v.nd)))
            return false;
        for (int k = 0; k < nd; k++) {
            long d;
            if (!eval_int(r, vals, e->a[from + k], &d, depth) || d < 0 || d > FN_MAX_ELEMENTS)
                return false;
            dims[k] = (int)d;
        }
        if (!mo_fnv_make(r, out, nd, dims))
            return false;
        for (long i = 0; i < out->n; i++)
            out->el[i] = v.s;
        return true;
    }
    val a, b = scalar(0);
    if (e->n < 1 || e->n > 2 || !eval_fx(r, vals, e->a[0], &a, depth) || (e->n == 2 && !eval_fx(r, vals, e->a[1], &b, depth)))
        return false;
    if (!strcmp(n, "size")) {
        if (e->n != 2 || b.nd || b.s != floor(b.s) || b.s < 1 || b.s > a.nd)
            return false;
        *out = scalar(a.dims[(int)b.s - 1]);
        return true;
    }
    int m = mo_fnv_matrix_builtin(r, n, e->n, &a, &b, out);
    if (m >= 0)
        return m;
    if ((!strcmp(n, "sum") || !strcmp(n, "product")) && e->n == 1) {
        /* step by step, each partial result of Integers checked as the simulator checks it
         * (mo2c_areduce_int): sum({2147483647, 1, -1}) fails there */
        val x = scalar(n[0] == 'p');
        for (long i = 0; i < a.n; i++) {
            val y = x, el = scalar(at(&a, i));
            x = scalar(n[0] == 'p' ? y.s * el.s : y.s + el.s);
            if (int_overflow(r, e, &y, &el, &x))
                return false;
        }
        *out = x;
        return true;
    }
    if (b.nd || (a.nd && e->n != 1))
        return false;
    if (!a.nd && (unknown(r, a.s) || unknown(r, b.s))) {   /* (min, max, sign: not known either) */
        *out = scalar(NAN);
        return true;
    }
    if (!a.nd)
        return mo_eval_builtin(n, e->n, a.s, b.s, &out->s) && (*out = scalar(out->s), true) &&
               !int_overflow(r, e, &a, &b, out);
    if (!mo_fnv_make(r, out, a.nd, a.dims))   /* a scalar function of an array: element by element */
        return false;
    for (long i = 0; i < a.n; i++)
        if (unknown(r, a.el[i]))
            out->el[i] = NAN;
        else if (!mo_eval_builtin(n, 1, a.el[i], 0, &out->el[i]))
            return false;
    return !int_overflow(r, e, &a, NULL, out);
}

/* A call of a user function: its output func_out (whole). */
static bool user_call(run *r, val *vals, const mo_expr *e, val *outs_all, int depth)
{
    const mo_func *g = e->func;
    if (e->n != g->nin || !evaluable(g))
        return false;
    val *args = malloc(sizeof(val) * (size_t)(g->nin + 1));
    bool ok = true;
    for (int i = 0; ok && i < g->nin; i++)
        ok = eval_fx(r, vals, e->a[i], &args[i], depth);
    ok = ok && call_fn(r, g, args, outs_all, depth + 1);
    free(args);
    return ok;
}

/* What two values that a condition not known chooses between have in common, into *out: the elements
 * they agree on, the others not known (NaN); false when their sizes differ. */
static bool merge(run *r, const val *a, const val *b, val *out)
{
    if (a->nd != b->nd || memcmp(a->dims, b->dims, sizeof(int) * (size_t)a->nd))
        return false;
    if (!a->nd) {
        *out = scalar(a->s == b->s ? a->s : NAN);
        return true;
    }
    if (a->el == b->el) {
        *out = *a;
        return true;
    }
    if (!mo_fnv_make(r, out, a->nd, a->dims))
        return false;
    r->steps += a->n;
    for (long i = 0; i < a->n; i++)
        out->el[i] = a->el[i] == b->el[i] ? a->el[i] : NAN;
    return r->steps <= FN_MAX_STEPS;
}

/* The if-expression e from its condition e->a[from] on (pairs of condition and value, then the else
 * value). A condition not known (a partial evaluation) takes both ways: its value, and the rest. */
static bool if_of(run *r, val *vals, const mo_expr *e, int from, val *out, int depth)
{
    for (int i = from; i + 1 < e->n; i += 2) {
        val c, x, y;
        if (!eval_fx(r, vals, e->a[i], &c, depth) || c.nd)
            return false;
        if (unknown(r, c.s))
            return eval_fx(r, vals, e->a[i + 1], &x, depth) && if_of(r, vals, e, i + 2, &y, depth) &&
                   merge(r, &x, &y, out);
        if (c.s)
            return eval_fx(r, vals, e->a[i + 1], out, depth);
    }
    return eval_fx(r, vals, e->a[e->n - 1], out, depth);
}

/* The value of expression e over the slots vals of the function running. */
static bool eval_fx(run *r, val *vals, const mo_expr *e, val *out, int depth)
{
    switch (e->kind) {
    case MO_EX_REAL: *out = scalar(e->real); return true;
    case MO_EX_INT: *out = scalar((double)e->ival); return true;
    case MO_EX_BOOL: *out = scalar(e->ival ? 1 : 0); return true;
    case MO_EX_VAR: *out = vals[e->var]; return true;
    case MO_EX_ARRAY: return (e->niters ? comprehension_of : array_of)(r, vals, e, out, depth);
    case MO_EX_RANGE: return range_of(r, vals, e, out, depth);
    case MO_EX_INDEX: return index_of(r, vals, e, out, depth);
    case MO_EX_UNARY: {
        val a;
        if (!eval_fx(r, vals, e->a[0], &a, depth))
            return false;
        if (!a.nd) {
            *out = scalar(e->op == MO_OP_NEG ? -a.s : e->op != MO_OP_NOT ? a.s : unknown(r, a.s) ? NAN : !a.s);
            return !int_overflow(r, e, NULL, &a, out);
        }
        if (!mo_fnv_make(r, out, a.nd, a.dims))
            return false;
        for (long i = 0; i < a.n; i++)
            out->el[i] = e->op == MO_OP_NEG ? -a.el[i] : e->op != MO_OP_NOT ? a.el[i] : unknown(r, a.el[i]) ? NAN : !a.el[i];
        return true;
    }
    case MO_EX_BINARY: {
        val a, b;
        if (!eval_fx(r, vals, e->a[0], &a, depth))
            return false;
        if (!a.nd && ((e->op == MO_OP_AND && a.s == 0) || (e->op == MO_OP_OR && a.s != 0 && !unknown(r, a.s)))) {
            *out = scalar(e->op == MO_OP_OR);
            return true;
        }
        return eval_fx(r, vals, e->a[1], &b, depth) && binary(r, e->op, &a, &b, out) &&
               !int_overflow(r, e, &a, &b, out);
    }
    case MO_EX_IF:
        return if_of(r, vals, e, 0, out, depth);
    case MO_EX_CALL: {
        if (e->func) {
            const mo_func *g = e->func;
            if (e->func_out >= g->nout)
                return false;
            val *outs = malloc(sizeof(val) * (size_t)(g->nout + 1));
            bool ok = user_call(r, vals, e, outs, depth);
            if (ok)
                *out = outs[e->func_out];
            free(outs);
            return ok;
        }
        const char *n = e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 ? e->fn->parts[0].id : NULL;
        return n && builtin(r, vals, e, n, out, depth);
    }
    case MO_EX_MATRIX:
        return matrix_of(r, vals, e, out, depth);
    default:
        return false;
    }
}

static flow run_list(run *r, const mo_func *fn, val *vals, const mo_fstmt_list *l, int depth);

/* target[s...] := v: the elements the subscripts select, in place (the target keeps its size) */
static bool assign_part(run *r, val *vals, const mo_expr *t, const val *v, int depth)
{
    if (t->kind != MO_EX_INDEX || t->a[0]->kind != MO_EX_VAR)
        return false;
    val *x = &vals[t->a[0]->var];
    selection s;
    if (!select_of(r, vals, t, x, &s, depth))
        return false;
    if (v->nd != s.nd || (s.nd && memcmp(v->dims, s.dims, sizeof(int) * (size_t)s.nd)))
        return false;
    /* a copy first: another slot may share the target's elements (b := a makes them one array) */
    double *el = x->el;
    val copy;
    if (!mo_fnv_make(r, &copy, x->nd, x->dims))
        return false;
    memcpy(copy.el, el, sizeof(double) * (size_t)x->n);
    long pos[MO_MAX_DIMS] = {0};
    for (long i = 0; i < s.count; i++)
        copy.el[select_step(&s, x, pos)] = at(v, i);
    *x = copy;
    return true;
}

/* Does value v fit slot s (its number of dimensions; the declared sizes that are known)? */
static bool fits(const mo_func *fn, int s, const val *v)
{
    return fn->vars.v[s].nd == v->nd;
}

/* The if-statement s from its condition from on (then the else branch). A condition not known (a partial
 * evaluation) takes both ways on copies of the slots (an array is replaced, never written in place:
 * assign_part copies it), the branch and the rest; the slots then keep what the two agree on, when both
 * ended the same way. Recursion: as deep as s has elseif branches. */
static flow run_if(run *r, const mo_func *fn, val *vals, const mo_fstmt *s, int from, int depth)
{
    for (int i = from; i < s->nconds; i++) {
        val c;
        if (!eval_fx(r, vals, s->conds[i], &c, depth) || c.nd)
            return FLOW_FAIL;
        if (unknown(r, c.s)) {
            size_t size = sizeof(val) * ((size_t)fn->vars.n + 1);
            val *a = malloc(size), *b = malloc(size);
            memcpy(a, vals, size);
            memcpy(b, vals, size);
            flow fa = run_list(r, fn, a, &s->bodies[i], depth);
            flow fb = fa == FLOW_FAIL ? FLOW_FAIL : run_if(r, fn, b, s, i + 1, depth);
            flow f = fa == fb ? fa : FLOW_FAIL;
            for (int k = 0; f != FLOW_FAIL && k < fn->vars.n; k++)
                if (!merge(r, &a[k], &b[k], &vals[k]))
                    f = FLOW_FAIL;
            free(a);
            free(b);
            return f;
        }
        if (c.s)
            return run_list(r, fn, vals, &s->bodies[i], depth);
    }
    return run_list(r, fn, vals, &s->bodies[s->nconds], depth);
}

/* A statement. */
static flow run_stmt(run *r, const mo_func *fn, val *vals, const mo_fstmt *s, int depth)
{
    if (++r->steps > FN_MAX_STEPS)
        return FLOW_FAIL;
    val c;
    switch (s->kind) {
    case MO_ST_ASSIGN:
        if (s->ntargets == 1) {
            if (!eval_fx(r, vals, s->value, &c, depth))
                return FLOW_FAIL;
            if (s->target_exprs && s->target_exprs[0])
                return assign_part(r, vals, s->target_exprs[0], &c, depth) ? FLOW_NEXT : FLOW_FAIL;
            if (!fits(fn, s->targets[0], &c))
                return FLOW_FAIL;
            vals[s->targets[0]] = c;
            return FLOW_NEXT;
        }
        if (s->value->kind == MO_EX_CALL && s->value->func) {   /* (a, b) := g(x) */
            const mo_func *g = s->value->func;
            if (s->ntargets > g->nout)
                return FLOW_FAIL;
            val *outs = malloc(sizeof(val) * (size_t)(g->nout + 1));
            bool ok = user_call(r, vals, s->value, outs, depth);
            for (int k = 0; ok && k < s->ntargets; k++) {
                if (s->targets[k] < 0)
                    continue;
                if (s->target_exprs && s->target_exprs[k]) {   /* an element: tM[i, j] := fromPolar(..) */
                    ok = assign_part(r, vals, s->target_exprs[k], &outs[k], depth);
                    continue;
                }
                ok = fits(fn, s->targets[k], &outs[k]);
                if (ok)
                    vals[s->targets[k]] = outs[k];
            }
            free(outs);
            return ok ? FLOW_NEXT : FLOW_FAIL;
        }
        return FLOW_FAIL;
    case MO_ST_CALL: {   /* assert(c, message [, level]); any other call statement may have effects */
        const mo_expr *e = s->value;
        if (e->kind != MO_EX_CALL || e->func || !e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1 ||
            strcmp(e->fn->parts[0].id, "assert") != 0 || e->n < 1 || !eval_fx(r, vals, e->a[0], &c, depth) || c.nd)
            return FLOW_FAIL;
        return c.s && !unknown(r, c.s) ? FLOW_NEXT : FLOW_FAIL;   /* (not known: the run checks it) */
    }
    case MO_ST_IF:
        return run_if(r, fn, vals, s, 0, depth);
    case MO_ST_WHILE:
        for (;;) {
            if (++r->steps > FN_MAX_STEPS || !eval_fx(r, vals, s->conds[0], &c, depth) || c.nd ||
                unknown(r, c.s))
                return FLOW_FAIL;
            if (!c.s)
                return FLOW_NEXT;
            flow f = run_list(r, fn, vals, &s->bodies[0], depth);
            if (f == FLOW_BREAK)
                return FLOW_NEXT;
            if (f != FLOW_NEXT)
                return f;
        }
    case MO_ST_FOR: {
        const mo_expr *g = s->range;
        val lo, st = scalar(1), hi;
        if (!g || g->kind != MO_EX_RANGE || !eval_fx(r, vals, g->a[0], &lo, depth) ||
            (g->n == 3 && !eval_fx(r, vals, g->a[1], &st, depth)) || !eval_fx(r, vals, g->a[g->n - 1], &hi, depth) ||
            lo.nd || st.nd || hi.nd || st.s == 0 || isnan(lo.s + st.s + hi.s))
            return FLOW_FAIL;
        /* the iterator steps as the generated C's loop steps it (codegen_fn.c), so that both give the same
         * values; the body cannot assign it (fnstmt.c) */
        for (double v = lo.s; st.s > 0 ? v <= hi.s : v >= hi.s; v += st.s) {
            if (++r->steps > FN_MAX_STEPS)
                return FLOW_FAIL;
            vals[s->iter] = scalar(v);
            flow f = run_list(r, fn, vals, &s->bodies[0], depth);
            if (f == FLOW_BREAK)
                break;
            if (f != FLOW_NEXT)
                return f;
        }
        return FLOW_NEXT;
    }
    case MO_ST_BREAK:
        return FLOW_BREAK;
    case MO_ST_RETURN:
        return FLOW_RETURN;
    default:
        return FLOW_FAIL;
    }
}

static flow run_list(run *r, const mo_func *fn, val *vals, const mo_fstmt_list *l, int depth)
{
    for (int i = 0; i < l->n; i++) {
        flow f = run_stmt(r, fn, vals, l->v[i], depth);
        if (f != FLOW_NEXT)
            return f;
    }
    return FLOW_NEXT;
}

/* fn on inputs args: its outputs into outs. */
static bool call_fn(run *r, const mo_func *fn, const val *args, val *outs, int depth)
{
    if (depth > FN_MAX_DEPTH || !evaluable(fn))
        return false;
    for (int i = 0; i < fn->nin; i++)
        if (!fits(fn, i, &args[i]))
            return false;
    val *vals = calloc((size_t)fn->vars.n + 1, sizeof(val));
    memcpy(vals, args, sizeof(val) * (size_t)fn->nin);
    const mo_func *caller = r->fn;
    r->fn = fn;
    bool ok = true;
    /* outputs and locals get their sizes and initial values in the order fnprops.c found (each after what
     * it reads): a declared size makes an array of zeros, ':' an empty one, a binding its value */
    int n = fn->init_order ? fn->ninit : fn->vars.n - fn->nin;
    for (int k = 0; ok && k < n; k++) {
        int i = fn->init_order ? fn->init_order[k] : fn->nin + k;
        const mo_fvar *v = &fn->vars.v[i];
        if (v->kind == MO_FV_ITER)
            continue;
        if (v->binding) {
            ok = eval_fx(r, vals, v->binding, &vals[i], depth) && fits(fn, i, &vals[i]);
            continue;
        }
        if (!v->nd)
            continue;
        int dims[MO_MAX_DIMS];
        for (int d = 0; ok && d < v->nd; d++) {
            long x = 0;
            ok = !v->dims[d] || (eval_int(r, vals, v->dims[d], &x, depth) && x >= 0 && x <= FN_MAX_ELEMENTS);
            dims[d] = (int)x;
        }
        ok = ok && mo_fnv_make(r, &vals[i], v->nd, dims);
        for (long j = 0; ok && j < vals[i].n; j++)
            vals[i].el[j] = 0;
    }
    ok = ok && run_list(r, fn, vals, &fn->body, depth) != FLOW_FAIL;
    if (ok)
        memcpy(outs, vals + fn->nin, sizeof(val) * (size_t)fn->nout);
    free(vals);
    r->fn = caller;
    return ok;
}

static void run_end(run *r)
{
    for (int i = 0; i < r->npool; i++)
        free(r->pool[i]);
    free(r->pool);
}

/* A nested array argument (MO_EX_ARRAY of parameter expressions) of nd dimensions, evaluated: each
 * element by the caller's scalar_of. */
static bool arg_value(run *r, mo_fn_scalar_fn *scalar_of, void *ctx, const mo_expr *e, int nd, val *out)
{
    if (nd == 0) {
        double x;
        if (e->kind == MO_EX_ARRAY)
            return false;
        if (!scalar_of(ctx, e, &x)) {
            if (!r->partial)
                return false;
            x = NAN;   /* (partial: not known) */
        }
        *out = scalar(x);
        return true;
    }
    if (e->kind != MO_EX_ARRAY || e->niters)
        return false;
    val *el = malloc(sizeof(val) * (size_t)(e->n + 1));
    bool ok = true;
    for (int i = 0; ok && i < e->n; i++)
        ok = arg_value(r, scalar_of, ctx, e->a[i], nd - 1, &el[i]) &&
             (i == 0 || !memcmp(el[i].dims, el[0].dims, sizeof(int) * (size_t)(nd - 1)));
    int dims[MO_MAX_DIMS] = {e->n};
    for (int k = 1; ok && e->n && k < nd; k++)
        dims[k] = el[0].dims[k - 1];
    ok = ok && mo_fnv_make(r, out, nd, dims);
    long inner = e->n ? el[0].n : 0;
    for (int i = 0; ok && i < e->n; i++)
        for (long j = 0; j < inner; j++)
            out->el[i * inner + j] = at(&el[i], j);
    free(el);
    return ok;
}

/* fn called with args (their elements' values by scalar_of): the value of output out in *res (its run
 * owns the arrays: run_end frees them). */
static bool run_call(run *r, const mo_func *fn, mo_expr **args, mo_fn_scalar_fn *scalar_of, void *ctx, int out,
                     val *res)
{
    val *in = malloc(sizeof(val) * (size_t)(fn->nin + 1)), *outs = malloc(sizeof(val) * (size_t)(fn->nout + 1));
    bool ok = out >= 0 && out < fn->nout && evaluable(fn);
    for (int i = 0; ok && i < fn->nin; i++)
        ok = arg_value(r, scalar_of, ctx, args[i], fn->vars.v[i].nd, &in[i]);
    ok = ok && call_fn(r, fn, in, outs, 0) && outs[out].nd == fn->vars.v[fn->nin + out].nd;
    if (ok)
        *res = outs[out];
    free(in);
    free(outs);
    return ok;
}

bool mo_fn_eval(const mo_func *fn, mo_expr **args, mo_fn_scalar_fn *scalar_of, void *ctx, int out, int el,
                double *value)
{
    run r = {0};
    overflowed = NULL;
    val v;
    bool ok = run_call(&r, fn, args, scalar_of, ctx, out, &v) && el >= 0 && el < v.n;
    if (ok)
        *value = at(&v, el);
    run_end(&r);
    return ok;
}

bool mo_fn_eval_partial(const mo_func *fn, mo_expr **args, mo_fn_scalar_fn *scalar_of, void *ctx, int out,
                        int el, double *value)
{
    run r = {.partial = true};
    overflowed = NULL;
    val v;
    bool ok = run_call(&r, fn, args, scalar_of, ctx, out, &v) && el >= 0 && el < v.n && isfinite(at(&v, el));
    if (ok)
        *value = at(&v, el);
    run_end(&r);
    return ok;
}

static bool flat_scalar(void *flat, const mo_expr *e, double *out)
{
    return mo_eval_flat(flat, e, out);
}

bool mo_fn_eval_size(const mo_flat *flat, const mo_func *fn, mo_expr **args, int out, int *dims)
{
    run r = {0};
    overflowed = NULL;
    val v;
    bool ok = run_call(&r, fn, args, flat_scalar, (void *)flat, out, &v);
    if (ok)
        memcpy(dims, v.dims, sizeof(int) * (size_t)v.nd);
    run_end(&r);
    return ok;
}
