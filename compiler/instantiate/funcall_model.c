/*
 * funcall_model.c - calls of user functions written in a model, whose flat model is scalar (flat.h).
 *
 * Input: a call (or an equation (a, b) = f(x), r = f(x)) in a model context (func.h), its arguments
 * resolved by funcall.c. Output:
 *   - an array argument as the array of its elements (nested MO_EX_ARRAY, one level per dimension), its
 *     declared sizes checked against the argument's where both are known at compile time (the function
 *     checks them again when it runs);
 *   - a call's array result as an array value (aval.h) whose elements are calls of one element each
 *     (mo_expr.func_el), its size computed now from the declaration of the output and the arguments'
 *     sizes and values: the flat model needs every size at compile time, so an output whose size is
 *     known only when the function runs (':', or a time-varying value) is an error here;
 *   - equations with several outputs: one scalar equation per element of each output (each evaluates
 *     the function; functions have no side effects, so this is correct).
 * Defaults of inputs are the function's bindings with the arguments put in; in a model what remains of
 * a function's array expressions there must fold to elements (sizes, subscripts by literals, fill,
 * zeros and ones of known sizes), or the call is refused as not supported yet.
 */
#include "aval.h"
#include "func.h"

#include <math.h>
#include <string.h>

/* ---- arrays as nested MO_EX_ARRAY ---- */

/* An empty level of an array of more dimensions (fill(0.0, 0, 2)) keeps the sizes of the levels below:
 * a->a[0] is a template of them, of zeros, that no element of the array is (codegen_fn.c's
 * array_literal and nested_dims read the sizes from it). */
static mo_expr *nested(const mo_aval *v, int k, int *at, mo_loc loc)
{
    mo_expr *a = mo_expr_new(MO_EX_ARRAY, loc);
    a->n = v->dims[k];
    a->a = MO_NEWN(mo_expr *, a->n > 0 ? a->n : 1);
    for (int i = 0; i < a->n; i++)
        a->a[i] = k + 1 < v->nd ? nested(v, k + 1, at, loc) : v->el[(*at)++];
    if (!a->n && k + 1 < v->nd) {
        mo_aval t = *v;
        mo_expr *zero = mo_expr_new(MO_EX_REAL, loc);
        int n = 1;
        for (int j = k + 1; j < v->nd; j++)
            n *= v->dims[j];
        t.el = MO_NEWN(mo_expr *, n > 0 ? n : 1);
        for (int i = 0; i < n; i++)
            t.el[i] = zero;
        int t_at = 0;
        a->a[0] = nested(&t, k + 1, &t_at, loc);
    }
    return a;
}

/* The dimensions of a nested array (its rank from its structure, an empty level's from its template). */
static int nested_dims(const mo_expr *e, int *dims)
{
    int nd = 0;
    while (e && e->kind == MO_EX_ARRAY && !e->niters && nd < MO_MAX_DIMS) {
        dims[nd++] = e->n;
        e = e->a ? e->a[0] : NULL;
    }
    return nd;
}

static const char *dims_text(int nd, const int *dims)
{
    mo_buf b = {0};
    for (int k = 0; k < nd; k++)
        mo_buf_printf(&b, "%s%d", k ? ", " : "[", dims[k]);
    mo_buf_puts(&b, nd ? "]" : "scalar");
    return mo_buf_str(&b);
}

mo_expr *mo_func_model_nested(const mo_aval *v, mo_loc loc)
{
    int at = 0;
    return nested(v, 0, &at, loc);
}

mo_expr *mo_func_model_array_arg(mo_fctx *c, const mo_func *f, int slot, const mo_expr *arg)
{
    const mo_fvar *v = &f->vars.v[slot];
    mo_aval a;
    if (!mo_flatten_val(c->fr, c->inst, c->owner, arg, &a))
        return NULL;
    if (a.nd != v->nd) {
        mo_error(arg->loc, "argument '%s' of '%s' must be %s, not of size %s", v->name, f->name,
                 v->nd == 1 ? "a vector" : v->nd == 2 ? "a matrix" : mo_sprintf("an array of %d dimensions", v->nd),
                 mo_av_size_str(&a));
        return NULL;
    }
    int at = 0;
    return nested(&a, 0, &at, arg->loc);
}

/* ---- what remains of the function's expressions after the arguments are put in ---- */


/* size(A, k), size(A) and A[i, j] of nested arrays with literal subscripts, as values */
static mo_expr *fold_call(const mo_expr *e)
{
    const char *n = mo_sym_fn_name(e);
    int dims[MO_MAX_DIMS];
    if (n && !strcmp(n, "size") && e->n >= 1 && e->a[0]->kind == MO_EX_ARRAY) {
        int nd = nested_dims(e->a[0], dims);
        double k;
        if (e->n == 2 && mo_sym_is_num(e->a[1], &k) && k >= 1 && k <= nd)
            return mo_expr_int(e->loc, dims[(int)k - 1]);
        if (e->n == 1) {
            mo_expr *v = mo_expr_new(MO_EX_ARRAY, e->loc);
            v->n = nd;
            v->a = MO_NEWN(mo_expr *, nd > 0 ? nd : 1);
            for (int i = 0; i < nd; i++)
                v->a[i] = mo_expr_int(e->loc, dims[i]);
            return v;
        }
    }
    return NULL;
}

mo_expr *mo_func_fold(const mo_expr *e)
{
    if (!e || e->n == 0)
        return (mo_expr *)e;
    mo_expr *r = mo_expr_dup(e);
    r->a = MO_NEWN(mo_expr *, e->n);
    for (int i = 0; i < e->n; i++)
        r->a[i] = mo_func_fold(e->a[i]);
    if (r->kind == MO_EX_CALL && !r->func) {
        mo_expr *v = fold_call(r);
        return v ? v : r;
    }
    if (r->kind == MO_EX_INDEX) {
        const mo_expr *x = r->a[0];
        for (int i = 1; i < r->n && x; i++) {
            double k;
            if (x->kind != MO_EX_ARRAY || x->niters || !mo_sym_is_num(r->a[i], &k) || k < 1 || k > x->n ||
                k != floor(k))
                return r;
            x = x->a[(int)k - 1];
        }
        return (mo_expr *)x;
    }
    return r;
}

/* Is e an expression of the flat model: nothing left that only function bodies have? */
static bool flat_clean(const mo_expr *e, bool array_ok)
{
    if (!e)
        return true;
    switch (e->kind) {
    case MO_EX_INDEX: case MO_EX_MATRIX: case MO_EX_RANGE: case MO_EX_COLON: case MO_EX_END:
        return false;
    case MO_EX_ARRAY:
        if (!array_ok || e->niters)
            return false;
        break;
    case MO_EX_CALL:
        if (e->niters)
            return false;
        if (e->func)   /* its arguments: arrays where its inputs are */
            for (int i = 0; i < e->n; i++)
                if (!flat_clean(e->a[i], e->func->vars.v[i].nd > 0))
                    return false;
        if (e->func)
            return true;
        if (mo_sym_fn_name(e) && !mo_func_is_builtin(mo_sym_fn_name(e)))
            return false;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (!flat_clean(e->a[i], e->kind == MO_EX_ARRAY))
            return false;
    return true;
}

static bool inputs_only(const mo_expr *e, int nin)
{
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && e->var < nin;
    for (int i = 0; i < e->n; i++)
        if (!inputs_only(e->a[i], nin))
            return false;
    return true;
}

/* The value of a dimension expression of f (over its input slots) in a call with args, when the
 * arguments make it known at compile time. */
static bool eval_dim(const mo_flat *flat, const mo_func *f, const mo_expr *d, mo_expr **args, long long *out)
{
    if (!d || !inputs_only(d, f->nin))
        return false;   /* a size given by a local: known only when the function runs */
    mo_expr *x = mo_func_fold(mo_expr_subst(d, args));
    double v;
    if (!flat_clean(x, false) || !mo_eval_flat(flat, x, &v) || v != floor(v) || v < 0 || v > 1e8)
        return false;
    *out = (long long)v;
    return true;
}

/* fill(s, n...), zeros(n...), ones(n...) of sizes known now, as a nested array (NULL otherwise) */
static mo_expr *fold_fill(const mo_flat *flat, const mo_expr *e)
{
    const char *n = mo_sym_fn_name(e);
    if (!n || e->n < 1)
        return NULL;
    bool fill = !strcmp(n, "fill"), zeros = !strcmp(n, "zeros"), ones = !strcmp(n, "ones");
    if (!fill && !zeros && !ones)
        return NULL;
    int from = fill ? 1 : 0;
    mo_aval v;
    int dims[MO_MAX_DIMS];
    if (e->n - from > MO_MAX_DIMS || (fill && !flat_clean(e->a[0], false)))
        return NULL;
    for (int i = from; i < e->n; i++) {
        double d;
        if (!flat_clean(e->a[i], false) || !mo_eval_flat(flat, e->a[i], &d) || d != floor(d) || d < 0 || d > 1e6)
            return NULL;
        dims[i - from] = (int)d;
    }
    if (!mo_av_alloc(&v, e->n - from, dims, e->loc))
        return NULL;
    mo_expr *s = fill ? e->a[0] : mo_expr_int(e->loc, ones ? 1 : 0);
    for (int i = 0; i < v.n; i++)
        v.el[i] = s;
    for (int k = 0; k + 1 < v.nd; k++)
        if (v.dims[k] == 0)
            return NULL;
    int at = 0;
    return v.nd ? nested(&v, 0, &at, e->loc) : s;
}

mo_expr *mo_func_model_default(mo_fctx *c, const mo_func *f, int slot, mo_expr **args)
{
    const mo_fvar *v = &f->vars.v[slot];
    mo_expr *x = mo_func_fold(mo_expr_subst(v->binding, args));
    if (v->nd) {
        mo_expr *filled = fold_fill(c->fr->flat, x);
        if (filled)
            x = filled;
        int dims[MO_MAX_DIMS];
        if (x->kind == MO_EX_ARRAY && nested_dims(x, dims) == v->nd && flat_clean(x, true))
            return x;
        /* a call of a function with an array result (Q_guess = Quaternions.nullRotation()): one call per
         * element */
        mo_aval a;
        if (x->kind == MO_EX_CALL && x->func && !x->func_el && x->func_out < x->func->nout &&
            x->func->vars.v[x->func->nin + x->func_out].nd == v->nd && flat_clean(x, false) &&
            mo_func_model_output(c, x->func, x->func_out, x->a, v->binding->loc, &a))
            return mo_func_model_nested(&a, v->binding->loc);
    } else if (flat_clean(x, false)) {
        return x;
    }
    mo_error(v->binding->loc, "not supported yet: this default of input '%s' of '%s' in a call from a model",
             v->name, f->name);
    return NULL;
}

bool mo_func_model_check_args(mo_fctx *c, const mo_func *f, mo_expr **args, mo_loc use)
{
    for (int s = 0; s < f->nin; s++) {
        const mo_fvar *v = &f->vars.v[s];
        int dims[MO_MAX_DIMS];
        if (!v->nd || nested_dims(args[s], dims) != v->nd)
            continue;
        for (int k = 0; k < v->nd; k++) {
            long long want;
            if (eval_dim(c->fr->flat, f, v->dims[k], args, &want) && want != dims[k]) {
                mo_error(use, "argument '%s' of '%s' has size %s, but dimension %d is declared %lld", v->name,
                         f->name, dims_text(v->nd, dims), k + 1, want);
                mo_note(v->loc, "'%s' is declared here", v->name);
                return false;
            }
        }
    }
    return true;
}

/* ---- results ---- */

bool mo_func_model_output(mo_fctx *c, const mo_func *f, int k, mo_expr **args, mo_loc use, struct mo_aval *out)
{
    const mo_fvar *v = &f->vars.v[f->nin + k];
    if (v->type == MO_T_STRING && v->nd) {
        mo_error(use, "not supported yet: the String array output '%s' of '%s' in a model", v->name, f->name);
        return false;
    }
    if (v->type == MO_T_STRING)   /* built when the model uses it (codegen_str.c), as a String argument is */
        c->fr->flat->rt_strings = true;
    if (!v->nd) {
        mo_av_scalar(out, mo_func_call_expr(use, f, args, k, 0));
        return true;
    }
    int dims[MO_MAX_DIMS], run_dims[MO_MAX_DIMS];
    bool ran = false;   /* a size given by assignments: the function run now (fneval.c) tells it */
    for (int d = 0; d < v->nd; d++) {
        long long n;
        if (!v->dims[d] && !ran && mo_fn_eval_size(c->fr->flat, f, args, k, run_dims))
            ran = true;
        if (!v->dims[d] && ran) {
            dims[d] = run_dims[d];
            continue;
        }
        if (!v->dims[d]) {
            mo_error(use, "not supported yet: output '%s' of '%s' has a size given by its assignments (':'), "
                     "which a call from a model can use only when the function can run when the model is "
                     "compiled (its arguments known then)", v->name, f->name);
            mo_note(v->loc, "'%s' is declared here", v->name);
            return false;
        }
        if (!eval_dim(c->fr->flat, f, v->dims[d], args, &n)) {
            mo_error(use, "the size of output '%s' of '%s' must be known when the model is compiled", v->name, f->name);
            mo_note(v->dims[d]->loc, "dimension %d of '%s' is declared here", d + 1, v->name);
            return false;
        }
        dims[d] = (int)n;
    }
    if (!mo_av_alloc(out, v->nd, dims, use))
        return false;
    int idx[MO_MAX_DIMS] = {0};
    for (int i = 0; i < out->n; i++) {
        mo_expr *e = mo_func_call_expr(use, f, args, k, i);
        mo_buf name = {0};
        mo_buf_puts(&name, v->name);
        for (int d = 0; d < v->nd; d++)
            mo_buf_printf(&name, "%s%d", d ? ", " : "[", idx[d] + 1);
        mo_buf_puts(&name, "]");
        e->str = mo_buf_str(&name);
        out->el[i] = e;
        for (int d = v->nd - 1; d >= 0; d--) {
            if (++idx[d] < dims[d])
                break;
            idx[d] = 0;
        }
    }
    return true;
}

bool mo_func_model_result(mo_fctx *c, const mo_func *f, mo_expr **args, mo_loc use, struct mo_aval *out)
{
    const mo_fparam *o = &f->outputs.v[0];
    if (!o->record)
        return mo_func_model_output(c, f, 0, args, use, out);
    /* the slots of a record output are its fields in layout order (functions.c) */
    mo_aval *fields = MO_NEWN(mo_aval, o->count + 1);
    for (int i = 0; i < o->count; i++)
        if (!mo_func_model_output(c, f, o->first - f->nin + i, args, use, &fields[i]))
            return false;
    return mo_rv_array_of_values((mo_class *)o->record, o->rec_nd, o->count, fields, out);
}

/* ---- calls, vectorized over arrays given to inputs of fewer dimensions (12.4.6) ---- */

/* The argument of slot s from the elements [from, from + n) of a (dimensions: the slot's, the last
 * of a's): a scalar, or the nested array of them. */
static mo_expr *arg_value(const mo_func *f, int s, const mo_aval *a, int from, const mo_expr *given)
{
    const mo_fvar *v = &f->vars.v[s];
    if (!v->nd)
        return a->nd ? a->el[from] : a->one;
    mo_aval sub = *a;
    sub.nd = v->nd;
    memmove(sub.dims, a->dims + (a->nd - v->nd), sizeof(int) * (size_t)v->nd);
    sub.el = a->el + from;
    int at = 0;
    return nested(&sub, 0, &at, given->loc);
}

static bool same_dims(int n, const int *a, const int *b)
{
    for (int k = 0; k < n; k++)
        if (a[k] != b[k])
            return false;
    return true;
}

bool mo_func_model_call(mo_fctx *c, const mo_expr *e, mo_func *f, struct mo_aval *out)
{
    if (!f->nout) {
        mo_error(e->loc, "'%s' has no outputs: it can only be called as a statement or an equation of its own",
                 f->name);
        return false;
    }
    const mo_expr **given = mo_fctx_bind(e, f);
    if (!given)
        return false;
    for (int q = 0; q < f->inputs.n; q++)
        if (f->inputs.v[q].fn_type || f->inputs.v[q].str_array) {
            mo_expr **args = mo_fctx_args(c, e, f);   /* funcall.c, never element-wise */
            return args && mo_func_model_result(c, f, args, e->loc, out);
        }
    int np = f->inputs.n, nd = 0, dims[MO_MAX_DIMS], count = 1;
    mo_aval *vals = MO_NEWN(mo_aval, np + 1);
    const mo_expr *shape = NULL;   /* the first argument given element-wise */
    for (int q = 0; q < np; q++) {
        if (!given[q])
            continue;
        const mo_fparam *p = &f->inputs.v[q];
        const mo_fvar *v = &f->vars.v[p->first];
        int vnd = p->record ? p->rec_nd : v->nd;
        bool str = !p->record && v->type == MO_T_STRING;   /* (built at run time: slot_arg, funcall.c) */
        c->fr->str_arg += str;
        bool ok = (p->record ? mo_flatten_rv : mo_flatten_val)(c->fr, c->inst, c->owner, given[q], &vals[q]);
        c->fr->str_arg -= str;
        if (!ok || (str && !vals[q].nd && vals[q].one && !mo_func_string_arg(c, f, vals[q].one, given[q]->loc)))
            return false;
        int extra = vals[q].nd - vnd;
        if (extra < 0) {
            mo_error(given[q]->loc, "argument '%s' of '%s' must be %s, not of size %s", v->name, f->name,
                     v->nd == 1 ? "a vector" : v->nd == 2 ? "a matrix" : mo_sprintf("an array of %d dimensions", v->nd),
                     mo_av_size_str(&vals[q]));
            return false;
        }
        if (!extra)
            continue;
        if (!shape) {
            shape = given[q];
            nd = extra;
            memmove(dims, vals[q].dims, sizeof(int) * (size_t)nd);
            for (int k = 0; k < nd; k++)
                count *= dims[k];
        } else if (extra != nd || !same_dims(nd, dims, vals[q].dims)) {
            mo_error(given[q]->loc, "argument '%s' of '%s' has size %s, which does not match the first argument "
                     "given element-wise", p->record ? p->name : v->name, f->name, mo_av_size_str(&vals[q]));
            mo_note(shape->loc, "that argument is here");
            return false;
        }
    }
    if (shape && (f->outputs.n != 1 || f->vars.v[f->nin].nd)) {
        mo_error(e->loc, "'%s' cannot be applied element by element: only a function with one scalar or record "
                 "output can (12.4.6)", f->name);
        return false;
    }
    mo_aval *results = shape ? MO_NEWN(mo_aval, count + 1) : NULL;
    for (int i = 0; i < count; i++) {
        mo_expr **args = MO_NEWN(mo_expr *, f->nin + 1);
        for (int q = 0; q < np; q++) {
            if (!given[q])
                continue;
            const mo_fparam *p = &f->inputs.v[q];
            int s = p->first;
            if (p->record) {   /* a record, or element i of an array of them */
                mo_aval el = vals[q];
                if (vals[q].nd > p->rec_nd)
                    mo_av_part(&vals[q], nd, count, i, &el);
                if (!mo_func_record_arg(f, p, &el, given[q]->loc, args))
                    return false;
                continue;
            }
            bool each = vals[q].nd > f->vars.v[s].nd;
            int inner = each ? vals[q].n / (count > 0 ? count : 1) : 0;
            if (!(args[s] = arg_value(f, s, &vals[q], each ? i * inner : 0, given[q])) ||
                (i == 0 && !mo_fctx_check_arg(c, f, s, args[s], given[q]->loc)))
                return false;
        }
        if (!mo_fctx_complete(c, e, f, args))
            return false;
        if (!mo_func_model_result(c, f, args, e->loc, shape ? &results[i] : out))
            return false;
        if (!shape)
            return true;
    }
    return mo_av_stack(e->loc, count, results, nd, dims, out);
}

int mo_func_empty_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_expr **out)
{
    mo_fctx c = {fr, inst, owner, NULL, NULL, 0, NULL, 0, false, NULL};
    mo_expr *x;
    mo_func *f;
    *out = NULL;
    if (!mo_fctx_call_or_user(&c, e, &x, &f))
        return 0;
    if (!f)
        return x ? 0 : -1;
    mo_expr **args = mo_fctx_args(&c, e, f);
    if (!args)
        return -1;
    *out = mo_func_call_expr(e->loc, f, args, f->nout, 0);   /* no output: its value is not used */
    return 1;
}

/* ---- equations with several outputs ---- */

static void push_eq(mo_front *fr, mo_inst *inst, const mo_eq *q, bool initial, mo_expr *l, mo_expr *r)
{
    mo_feq f = {q->loc, inst->path, MO_ORIGIN_EQUATION, 0, l, r, q->comment.text};
    if (initial)
        MO_PUSH(fr->flat->initial_eqs, f);
    else
        MO_PUSH(fr->flat->eqs, f);
}

/* target = output slot k of g(args), element by element */
static bool output_eq(mo_fctx *c, const mo_eq *q, bool initial, const mo_expr *target, const mo_func *g, int k,
                      mo_expr **args, mo_loc use)
{
    mo_aval t, v;
    if (!mo_flatten_val(c->fr, c->inst, c->owner, target, &t) || !mo_func_model_output(c, g, k, args, use, &v))
        return false;
    if (!mo_av_same_size(&t, &v)) {
        mo_error(target->loc, "'%s' has size %s, but output '%s' of '%s' has size %s", mo_ref_str(target),
                 mo_av_size_str(&t), g->vars.v[g->nin + k].name, g->name, mo_av_size_str(&v));
        return false;
    }
    for (int i = 0; i < t.n; i++)
        push_eq(c->fr, c->inst, q, initial, mo_av_at(&t, i), mo_av_at(&v, i));
    return true;
}

int mo_func_equation(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    if (q->kind != MO_EQ_EQUAL)
        return 0;
    const mo_expr *l = q->lhs, *r = q->rhs;
    bool tuple = l->kind == MO_EX_TUPLE;
    if (!tuple && (r->kind != MO_EX_CALL || l->kind != MO_EX_REF))
        return 0;
    mo_fctx c = {fr, inst, owner, NULL, NULL, 0, NULL, 0, false, NULL};
    bool err = false;
    mo_func *g = r->kind == MO_EX_CALL ? mo_fctx_callee(&c, r, &err) : NULL;
    if (err)
        return -1;
    if (!tuple && (!g || !g->outputs.n || !g->outputs.v[0].record))
        return 0;
    if (!tuple) {   /* an array of records = f(x): a call applied element by element (12.4.6), equated by
                     * flatten.c as any two record values (VfController: y = fromPolar(fill(a, m), phi)) */
        mo_aval lv;
        if (!mo_flatten_rv(fr, inst, owner, l, &lv))
            return -1;
        if (lv.nd)
            return 0;
    }
    if (!g) {
        mo_error(r->loc, "the right side of a tuple equation must be a call of a function with several outputs");
        return -1;
    }
    int nt = tuple ? l->n : 1;
    if (nt > g->outputs.n) {
        mo_error(l->loc, "'%s' has %d output%s, but the left side has %d", g->name, g->outputs.n,
                 g->outputs.n == 1 ? "" : "s", nt);
        return -1;
    }
    mo_expr **args = mo_fctx_args(&c, r, g);
    if (!args)
        return -1;
    for (int i = 0; i < nt; i++) {
        const mo_expr *t = tuple ? l->a[i] : l;
        if (!t)
            continue;
        const mo_fparam *p = &g->outputs.v[i];
        if (!p->record) {
            if (!output_eq(&c, q, initial, t, g, p->first - g->nin, args, r->loc))
                return -1;
            continue;
        }
        if (t->kind != MO_EX_REF) {
            mo_error(t->loc, "output '%s' of '%s' is a record: its target must be a record component", p->name,
                     g->name);
            return -1;
        }
        size_t pl = strlen(p->name) + 1;
        for (int s = p->first; s < p->first + p->count; s++)
            if (!output_eq(&c, q, initial, mo_ref_field(t, g->vars.v[s].name + pl), g, s - g->nin, args, r->loc))
                return -1;
    }
    return 1;
}
