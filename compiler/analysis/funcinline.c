/*
 * funcinline.c - the value of a call of a function with array outputs or locals, inlined as an expression
 * of its arguments (funcdiff.c's mo_func_inline for functions with mo_func.inline_arrays), so that index
 * reduction can differentiate it and sorting sees what it reads.
 *
 * Input: a flat call (mo_expr.func; array arguments as nested MO_EX_ARRAY of elements, func_el choosing
 * an element of an array output) of a function whose algorithm is a chain of assignments of whole slots
 * (fnprops.c: mo_func_inlinable). Output: that element as a scalar flat expression, or NULL when the
 * body holds something not done here (nothing reported: the caller then says the call cannot be
 * differentiated).
 * How: every slot's value is an array value (aval.h: dimensions and row-major elements), the inputs'
 * from the arguments; each assignment's value is computed over them with the flattener's array
 * operations (arrays.c: + - * / of arrays, matrix products, if-expressions, {...}, [a, b; c, d];
 * arrays_builtin.c: transpose, cross, outerProduct, skew, symmetric), plus identity(n), zeros/ones/fill
 * of literal sizes, size, sum/product of an array, subscripts by literals and ':', scalar built-ins
 * (element by element over an array), and calls of other functions: inlined in turn when they can be, else kept as flat
 * calls when their outputs are scalars. The MSL's Frames.planarRotation (R := Orientation(T =
 * outerProduct(e, e) + (identity(3) - outerProduct(e, e))*cos(angle) - skew(e)*sin(angle), w = e*der_angle))
 * and angularVelocity2 (w := R.w) are such functions.
 * Bounds: calls inline at most INLINE_DEPTH deep; the values are at most MO_MAX_ARRAY_ELEMENTS big.
 */
#include "func.h"
#include "aval.h"

#include <math.h>
#include <string.h>

enum { INLINE_DEPTH = 16 };

typedef struct ictx {
    const mo_func *f;
    mo_aval *env;             /* per slot: its value */
    unsigned char *set;       /* per slot: has one */
    int depth;
} ictx;

static bool run(const mo_func *f, mo_aval *args, int depth, mo_aval **slots);

/* A nested array argument of nd dimensions as an array value (false: not that shape). */
static bool from_nested(mo_expr *e, int nd, mo_aval *out, mo_loc loc)
{
    if (nd == 0) {
        if (e->kind == MO_EX_ARRAY)
            return false;
        mo_av_scalar(out, e);
        return true;
    }
    int dims[MO_MAX_DIMS];
    const mo_expr *x = e;
    for (int k = 0; k < nd; k++) {
        if (x->kind != MO_EX_ARRAY || x->niters)
            return false;
        dims[k] = x->n;
        x = x->n ? x->a[0] : x;
        if (dims[k] == 0)
            for (int j = k + 1; j < nd; j++)
                dims[j] = 0;
        if (dims[k] == 0)
            break;
    }
    if (!mo_av_alloc(out, nd, dims, loc))
        return false;
    /* the leaves in row-major order, each at depth nd (a ragged argument is not this shape) */
    int idx[MO_MAX_DIMS] = {0};
    for (int i = 0; i < out->n; i++) {
        mo_expr *y = e;
        for (int k = 0; k < nd; k++) {
            if (y->kind != MO_EX_ARRAY || y->n != dims[k])
                return false;
            y = y->a[idx[k]];
        }
        if (y->kind == MO_EX_ARRAY)
            return false;
        out->el[i] = y;
        for (int k = nd - 1; k >= 0 && ++idx[k] == dims[k]; k--)
            idx[k] = 0;
    }
    return true;
}

static bool val(ictx *c, const mo_expr *e, mo_aval *out);

/* A literal Integer value of e (a subscript, a size). */
static bool literal_int(ictx *c, const mo_expr *e, long long *out)
{
    mo_aval v;
    double d;
    if (!val(c, e, &v) || v.nd || !mo_sym_is_num(mo_func_fold(v.one), &d) || d != floor(d) || fabs(d) > 1e8)
        return false;
    *out = (long long)d;
    return true;
}

/* x[s1, s2, ...] with literal subscripts and ':' (whole dimensions). */
static bool subscript(ictx *c, const mo_expr *e, mo_aval *out)
{
    mo_aval a;
    int ns = e->n - 1;
    if (!val(c, e->a[0], &a) || ns != a.nd || a.rec)
        return false;
    long long pick[MO_MAX_DIMS];
    int dims[MO_MAX_DIMS], nd = 0;
    for (int k = 0; k < ns; k++) {
        if (e->a[k + 1]->kind == MO_EX_COLON) {
            pick[k] = -1;
            dims[nd++] = a.dims[k];
        } else if (!literal_int(c, e->a[k + 1], &pick[k]) || pick[k] < 1 || pick[k] > a.dims[k]) {
            return false;
        }
    }
    if (nd == 0) {
        size_t at = 0;
        for (int k = 0; k < ns; k++)
            at = at * (size_t)a.dims[k] + (size_t)(pick[k] - 1);
        mo_av_scalar(out, a.el[at]);
        return true;
    }
    if (!mo_av_alloc(out, nd, dims, e->loc))
        return false;
    int idx[MO_MAX_DIMS] = {0};   /* over the kept dimensions */
    for (int i = 0; i < out->n; i++) {
        size_t at = 0;
        for (int k = 0, j = 0; k < ns; k++)
            at = at * (size_t)a.dims[k] + (size_t)(pick[k] < 0 ? idx[j++] : pick[k] - 1);
        out->el[i] = a.el[at];
        for (int k = nd - 1; k >= 0 && ++idx[k] == dims[k]; k--)
            idx[k] = 0;
    }
    return true;
}

/* A call of another user function: inlined, or kept as a flat call when its output is a scalar. */
/* Output e->func_out of g called with args (of g's ranks): g inlined, else a flat call of a scalar. */
static bool call_one(ictx *c, const mo_expr *e, mo_aval *args, mo_aval *out)
{
    const mo_func *g = e->func;
    if (g->inlinable || g->inline_arrays) {
        mo_aval *slots;
        if (!run(g, args, c->depth + 1, &slots))
            return false;
        *out = slots[g->nin + e->func_out];
        return true;
    }
    if (g->vars.v[g->nin + e->func_out].nd)
        return false;
    mo_expr **a = MO_NEWN(mo_expr *, g->nin + 1);
    for (int s = 0; s < g->nin; s++)
        a[s] = args[s].nd ? mo_func_model_nested(&args[s], e->loc) : args[s].one;
    mo_av_scalar(out, mo_func_call_expr(e->loc, g, a, e->func_out, 0));
    return true;
}

/* A call of a user function; a function of scalar inputs and one scalar output given arrays for some of
 * them is applied element by element (12.4.6: smoothStep(x, state_a.X, state_b.X, x_small) in the
 * MSL's setSmoothState), the arrays of the same dimensions. */
static bool user_call(ictx *c, const mo_expr *e, mo_aval *out)
{
    const mo_func *g = e->func;
    if (e->n != g->nin || c->depth >= INLINE_DEPTH)
        return false;
    mo_aval *args = MO_NEWN(mo_aval, g->nin + 1);
    const mo_aval *shape = NULL;   /* the first argument given element by element */
    for (int s = 0; s < g->nin; s++) {
        if (!val(c, e->a[s], &args[s]) || args[s].rec)
            return false;
        if (args[s].nd == g->vars.v[s].nd)
            continue;
        if (g->vars.v[s].nd || g->nout != 1 || g->vars.v[g->nin].nd)
            return false;
        if (shape && (shape->nd != args[s].nd || memcmp(shape->dims, args[s].dims, sizeof(int) * (size_t)shape->nd)))
            return false;
        shape = &args[s];
    }
    if (!shape)
        return call_one(c, e, args, out);
    if (!mo_av_alloc(out, shape->nd, shape->dims, e->loc))
        return false;
    mo_aval *one = MO_NEWN(mo_aval, g->nin + 1);
    for (int i = 0; i < out->n; i++) {
        for (int s = 0; s < g->nin; s++)
            if (args[s].nd != g->vars.v[s].nd)
                mo_av_scalar(&one[s], args[s].el[i]);
            else
                one[s] = args[s];
        mo_aval r;
        if (!call_one(c, e, one, &r) || r.nd)
            return false;
        out->el[i] = r.one;
    }
    return true;
}

/* fill(v, n...), zeros(n...), ones(n...) of literal sizes */
static bool filled(ictx *c, const mo_expr *e, const char *n, mo_aval *out)
{
    int from = n[0] == 'f';
    int nd = e->n - from, dims[MO_MAX_DIMS];
    mo_aval v;
    if (nd < 1 || nd > MO_MAX_DIMS)
        return false;
    if (from) {
        if (!val(c, e->a[0], &v) || v.nd)
            return false;
    } else {
        mo_av_scalar(&v, mo_expr_int(e->loc, n[0] == 'o'));
    }
    for (int k = 0; k < nd; k++) {
        long long d;
        if (!literal_int(c, e->a[from + k], &d) || d < 0)
            return false;
        dims[k] = (int)d;
    }
    if (!mo_av_alloc(out, nd, dims, e->loc))
        return false;
    for (int i = 0; i < out->n; i++)
        out->el[i] = v.one;
    return true;
}

static bool builtin_call(ictx *c, const mo_expr *e, const char *n, mo_aval *out)
{
    mo_loc loc = e->loc;
    if (e->niters || e->nnamed)
        return false;
    if (!strcmp(n, "fill") || !strcmp(n, "zeros") || !strcmp(n, "ones"))
        return filled(c, e, n, out);
    if (!strcmp(n, "identity")) {
        long long k;
        if (e->n != 1 || !literal_int(c, e->a[0], &k) || k < 0)
            return false;
        int dims[2] = {(int)k, (int)k};
        if (!mo_av_alloc(out, 2, dims, loc))
            return false;
        for (long long i = 0; i < k * k; i++)
            out->el[i] = mo_expr_int(loc, i / k == i % k);
        return true;
    }
    mo_aval *v = MO_NEWN(mo_aval, e->n + 1);
    for (int i = 0; i < e->n; i++)
        if (!val(c, e->a[i], &v[i]) || v[i].rec)
            return false;
    if (!strcmp(n, "size")) {
        long long k;
        if (e->n != 2 || !literal_int(c, e->a[1], &k) || k < 1 || k > v[0].nd)
            return false;
        mo_av_scalar(out, mo_expr_int(loc, v[0].dims[k - 1]));
        return true;
    }
    if ((!strcmp(n, "sum") || !strcmp(n, "product")) && e->n == 1 && v[0].nd) {
        mo_expr *r = mo_expr_int(loc, n[0] == 'p');
        for (int i = 0; i < v[0].n; i++)
            r = i ? mo_expr_binary(loc, n[0] == 'p' ? MO_OP_MUL : MO_OP_ADD, r, v[0].el[i]) : v[0].el[i];
        mo_av_scalar(out, r);
        return true;
    }
    int na = mo_av_builtin_arity(n);
    if (na)
        return na == e->n && mo_av_builtin_values(e, n, v, out) == 1;
    if (!mo_func_is_builtin(n))
        return false;
    /* a scalar built-in (sin, abs, max(a, b) ...): of scalars, or of one array element by element */
    bool arr = false;
    for (int i = 0; i < e->n; i++)
        arr |= v[i].nd > 0;
    if (arr && e->n != 1)
        return false;
    if (arr && !mo_av_alloc(out, v[0].nd, v[0].dims, loc))
        return false;
    for (int j = 0; j < (arr ? v[0].n : 1); j++) {
        mo_expr *r = mo_expr_dup(e);
        r->a = MO_NEWN(mo_expr *, e->n + 1);
        for (int i = 0; i < e->n; i++)
            r->a[i] = mo_av_at(&v[i], j);
        if (arr)
            out->el[j] = r;
        else
            mo_av_scalar(out, r);
    }
    return true;
}

static bool val(ictx *c, const mo_expr *e, mo_aval *out)
{
    memset(out, 0, sizeof *out);
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL:
        mo_av_scalar(out, (mo_expr *)e);
        return true;
    case MO_EX_VAR:
        if (e->var < 0 || e->var >= c->f->vars.n || !c->set[e->var])
            return false;
        *out = c->env[e->var];
        return true;
    case MO_EX_ARRAY: {
        if (e->niters)
            return false;
        mo_aval *v = MO_NEWN(mo_aval, e->n + 1);
        for (int i = 0; i < e->n; i++)
            if (!val(c, e->a[i], &v[i]) || v[i].rec)
                return false;
        return mo_av_array(e->loc, e->n, v, out);
    }
    case MO_EX_MATRIX: {   /* [a, b; c, d]: rows, each an MO_EX_ARRAY of blocks */
        int *ncols = MO_NEWN(int, e->n + 1);
        mo_aval **rows = MO_NEWN(mo_aval *, e->n + 1);
        for (int i = 0; i < e->n; i++) {
            const mo_expr *row = e->a[i];
            if (row->kind != MO_EX_ARRAY || row->niters)
                return false;
            ncols[i] = row->n;
            rows[i] = MO_NEWN(mo_aval, row->n + 1);
            for (int j = 0; j < row->n; j++)
                if (!val(c, row->a[j], &rows[i][j]) || rows[i][j].rec)
                    return false;
        }
        return mo_av_matrix(e->loc, e->n, ncols, rows, out);
    }
    case MO_EX_INDEX:
        return subscript(c, e, out);
    case MO_EX_UNARY: {
        mo_aval a;
        return val(c, e->a[0], &a) && mo_av_unary(e->loc, e->op, &a, out);
    }
    case MO_EX_BINARY: {
        mo_aval a, b;
        if (!val(c, e->a[0], &a) || !val(c, e->a[1], &b))
            return false;
        bool ok = !a.nd && !b.nd;   /* (operators mo_av_binary would refuse with an error: not done here) */
        switch (e->op) {
        case MO_OP_ADD: case MO_OP_SUB: case MO_OP_MUL: case MO_OP_EADD: case MO_OP_ESUB: case MO_OP_EMUL:
        case MO_OP_EDIV: case MO_OP_EPOW:
            ok = true;
            break;
        case MO_OP_DIV:
            ok = !b.nd;
            break;
        default:
            break;
        }
        if (!ok)
            return false;
        return mo_av_binary(e->loc, e->op, &a, &b, out);
    }
    case MO_EX_IF: {
        mo_aval *v = MO_NEWN(mo_aval, e->n + 1);
        for (int i = 0; i < e->n; i++)
            if (!val(c, e->a[i], &v[i]) || v[i].rec || (i + 1 < e->n && i % 2 == 0 && v[i].nd))
                return false;
        for (int i = 1; i < e->n; i += 2)   /* the branches: all of one size (else: not done here) */
            if (!mo_av_same_size(&v[i], &v[e->n - 1]))
                return false;
        return mo_av_if(e, e->n, v, out);
    }
    case MO_EX_CALL: {
        if (e->func)
            return user_call(c, e, out);
        const char *n = mo_sym_fn_name(e);
        return n && builtin_call(c, e, n, out);
    }
    default:
        return false;
    }
}

/* The assignments of l (mo_func_assign_chain checked the shape), in order. */
static bool run_list(ictx *c, const mo_fstmt_list *l)
{
    for (int i = 0; i < l->n; i++) {
        const mo_fstmt *st = l->v[i];
        if (mo_fstmt_is_group(st)) {
            if (!run_list(c, &st->bodies[0]))
                return false;
            continue;
        }
        for (int k = 0; k < st->ntargets; k++) {   /* several: output k of one call to each */
            int s = st->targets[k];
            if (s < 0)
                continue;
            /* (a copy only of a call: a literal node is allocated shorter than a whole mo_expr, ast.h) */
            const mo_expr *value = st->value;
            mo_expr out_k;
            if (st->ntargets > 1) {
                out_k = *st->value;
                out_k.func_out = (unsigned short)k;
                value = &out_k;
            }
            if (!val(c, value, &c->env[s]) || c->env[s].rec ||
                c->env[s].nd != c->f->vars.v[s].nd)
                return false;
            c->set[s] = 1;
        }
    }
    return true;
}

/* f's body over inputs args: the values of all its slots into *slots. */
static bool run(const mo_func *f, mo_aval *args, int depth, mo_aval **slots)
{
    ictx c = {f, MO_NEWN(mo_aval, f->vars.n + 1), MO_NEWN(unsigned char, f->vars.n + 1), depth};
    for (int s = 0; s < f->nin; s++) {
        c.env[s] = args[s];
        c.set[s] = 1;
    }
    for (int k = 0; k < f->ninit; k++) {
        int s = f->init_order[k];
        if (f->vars.v[s].binding) {
            if (!val(&c, f->vars.v[s].binding, &c.env[s]) || c.env[s].nd != f->vars.v[s].nd)
                return false;
            c.set[s] = 1;
        }
    }
    if (!run_list(&c, &f->body))
        return false;
    for (int k = 0; k < f->nout; k++)
        if (!c.set[f->nin + k])
            return false;
    *slots = c.env;
    return true;
}

mo_expr *mo_func_inline_arrays(const mo_expr *call)
{
    const mo_func *f = call->func;
    if (call->n != f->nin)
        return NULL;
    mo_aval *args = MO_NEWN(mo_aval, f->nin + 1);
    for (int s = 0; s < f->nin; s++)
        if (!from_nested(call->a[s], f->vars.v[s].nd, &args[s], call->loc))
            return NULL;
    mo_aval *slots;
    if (!run(f, args, 0, &slots))
        return NULL;
    const mo_aval *v = &slots[f->nin + call->func_out];
    if (call->func_el < 0 || call->func_el >= v->n)
        return NULL;
    return mo_func_fold(mo_av_at(v, call->func_el));
}
