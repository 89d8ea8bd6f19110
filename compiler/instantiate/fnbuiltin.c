/*
 * fnbuiltin.c - calls of built-in functions in the body of a user function (fnexpr.c resolves the rest
 * of its expressions): the scalar built-ins, applied element-wise to arrays of one rank; the array
 * built-ins (size, ndims, sum, fill, zeros, identity, linspace, transpose, cat, ...), their arguments'
 * ranks checked; reductions and comprehensions over iterators (their layout: the top of fnexpr.c);
 * Integer() of an enumeration value and String() of a value. The operators used in models only (der,
 * pre, sample ...) are refused here.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <string.h>

static bool want_scalars(mo_fctx *c, const mo_expr *e, int from, const char *fn)
{
    for (int i = from; i < e->n; i++)
        if (!mo_fctx_want_rank(c, e->a[i], 0, 0, fn, "size argument"))
            return false;
    return true;
}

static bool nargs(const mo_expr *e, const char *fn, int lo, int hi)
{
    if (e->nnamed) {
        mo_error(e->named[0].loc, "not supported yet: named arguments in a call of '%s'", fn);
        return false;
    }
    if (e->n >= lo && e->n <= hi)
        return true;
    if (lo == hi)
        mo_error(e->loc, "%s takes %d argument%s, not %d", fn, lo, lo == 1 ? "" : "s", e->n);
    else if (hi > 100)
        mo_error(e->loc, "%s takes at least %d argument%s, not %d", fn, lo, lo == 1 ? "" : "s", e->n);
    else
        mo_error(e->loc, "%s takes %d to %d arguments, not %d", fn, lo, hi, e->n);
    return false;
}

/* The iterators of a reduction or comprehension e: each gets a slot, visible (in c->names) from
 * mo_fctx_iter_begin to mo_fctx_iter_end while its body is resolved; the result has the layout of this
 * file's header, its body a[0] still to be set. */
mo_expr *mo_fctx_iter_begin(mo_fctx *c, const mo_expr *e, void ***saved_out)
{
    if (!c->names) {
        mo_error(e->loc, "not supported yet: reductions and comprehensions in the value of a constant used in a function");
        return NULL;
    }
    mo_expr *r = mo_expr_new(e->kind, e->loc);
    *r = *e;
    r->n = 1 + e->niters;
    r->a = MO_NEWN(mo_expr *, r->n);
    r->iters = MO_NEWN(mo_iterator, e->niters);
    void **saved = MO_NEWN(void *, e->niters);
    for (int k = 0; k < e->niters; k++) {
        const mo_iterator *it = &e->iters[k];
        r->iters[k] = *it;
        if (!it->range) {
            mo_error(it->loc, "not supported yet: iterator '%s' without a range", it->name);
            return NULL;
        }
        mo_expr *range = mo_fctx_body_expr(c, it->range);   /* earlier iterators are not visible in it */
        if (!range || !mo_fctx_want_rank(c, range, 1, 1, "a for-iterator", "range"))
            return NULL;
        r->iters[k].range = range;
        int t = mo_func_expr_type(NULL, c->fn, range);
        if (t == MO_T_STRING) {   /* (iterators are numbers in the generated C) */
            mo_error(it->range->loc, "not supported yet: an iterator over Strings in a function");
            return NULL;
        }
        int slot = mo_func_add_slot(c->fn, it->name, it->loc, MO_FV_ITER, t == MO_T_REAL ? MO_T_REAL : t < 0 ? MO_T_INTEGER : t);
        r->a[1 + k] = mo_expr_new(MO_EX_VAR, it->loc);
        r->a[1 + k]->var = slot;
    }
    for (int j = 0; j < e->niters; j++) {
        saved[j] = mo_map_get(c->names, e->iters[j].name);
        mo_map_put(c->names, e->iters[j].name, (void *)(intptr_t)(r->a[1 + j]->var + 1));
    }
    *saved_out = saved;
    return r;
}

void mo_fctx_iter_end(mo_fctx *c, const mo_expr *e, void **saved)
{
    for (int j = e->niters - 1; j >= 0; j--)
        mo_map_put(c->names, e->iters[j].name, saved[j]);
}

mo_expr *mo_fctx_iterated(mo_fctx *c, const mo_expr *e)
{
    void **saved;
    mo_expr *r = mo_fctx_iter_begin(c, e, &saved);
    if (!r)
        return NULL;
    bool ok = (r->a[0] = mo_fctx_body_expr(c, e->a[0])) != NULL;
    mo_fctx_iter_end(c, e, saved);
    if (!ok)
        return NULL;
    bool sum = e->kind == MO_EX_CALL && !strcmp(e->fn->parts[e->fn->nparts - 1].id, "sum");
    int rank = mo_func_expr_rank(c->fn, r->a[0]);
    if (sum && rank > 0 && (e->niters > 1 || rank > 1)) {
        mo_error(e->loc, "not supported yet: a sum reduction of %s%s in a function", mo_func_rank_text(rank),
                 e->niters > 1 ? " over more than one iterator" : "s");
        return NULL;
    }
    if (sum && rank == 1) {
        /* sum(v for i in r) of vectors v (10.3.4.1: v(r[1]) + v(r[2]) + ...): the column sums of the
         * matrix {v for i in r}, ones(size(r, 1)) * {v for i in r}, which every consumer of function
         * bodies knows (an empty r gives an empty vector, whose size a use then checks) */
        mo_expr *rows = mo_expr_dup(r);
        rows->kind = MO_EX_ARRAY;
        rows->fn = NULL;
        mo_expr *n = mo_expr_call(e->loc, "size", 2, (mo_expr *[]){mo_expr_copy(r->iters[0].range),
                                                                   mo_expr_int(e->loc, 1)});
        return mo_expr_binary(e->loc, MO_OP_MUL, mo_expr_call(e->loc, "ones", 1, (mo_expr *[]){n}), rows);
    }
    if (e->kind == MO_EX_CALL && !mo_fctx_want_rank(c, r->a[0], 0, 0, mo_ref_str(e->fn), "expression of a reduction"))
        return NULL;
    return r;
}

/* A built-in array function in a function body: 1 with *out, 0 when name is none, -1 after an error. */
static int fn_array_builtin(mo_fctx *c, const mo_expr *e, const char *name, mo_expr **out)
{
    static const char *const names[] = {"size", "ndims", "sum", "product", "min", "max", "fill", "zeros", "ones",
                                        "identity", "diagonal", "linspace", "transpose", "cat", "vector",
                                        "matrix", "scalar", "outerProduct", "cross", "skew", "symmetric"};
    bool known = false;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !known; i++)
        known = !strcmp(name, names[i]);
    if (!known)
        return 0;
    bool minmax = !strcmp(name, "min") || !strcmp(name, "max");
    if (minmax && e->n == 2 && !e->niters)
        return 0;   /* min(a, b): a scalar built-in */
    if (e->niters) {
        if (strcmp(name, "sum") && strcmp(name, "product") && !minmax) {
            mo_error(e->loc, "not supported yet: reductions with '%s'", name);
            return -1;
        }
        if (!nargs(e, name, 1, 1))
            return -1;
        return (*out = mo_fctx_iterated(c, e)) ? 1 : -1;
    }
    mo_frec rv;
    int isrec = (!strcmp(name, "size") || !strcmp(name, "ndims")) && e->n >= 1 && mo_fctx_maybe_record(c, e->a[0])
                ? mo_fctx_record(c, e->a[0], &rv) : 0;
    if (isrec < 0)
        return -1;
    if (isrec) {   /* of an array of records: of its first field, whose first dimensions are the array's */
        if (!strcmp(name, "ndims")) {
            *out = mo_expr_int(e->loc, rv.nd);
            return 1;
        }
        double k;
        int fnd = rv.fields ? mo_func_expr_rank(c->fn, rv.fields[0]) - rv.nd : -1;
        if (fnd < 0 || (e->n == 1 && fnd) || (e->n == 2 && fnd && !mo_sym_is_num(e->a[1], &k))) {
            mo_error(e->loc, "not supported yet: this size() of an array of records in a function");
            return -1;
        }
        if (e->n == 2 && mo_sym_is_num(e->a[1], &k) && (k < 1 || k > rv.nd)) {
            mo_error(e->a[1]->loc, "size(A, %g) of an array of records of %d dimension%s", k, rv.nd,
                     rv.nd == 1 ? "" : "s");
            return -1;
        }
        if (!rv.nd) {
            mo_error(e->a[0]->loc, "size() of a record");
            return -1;
        }
        mo_expr *arg = rv.fields[0];
        mo_expr *r = mo_expr_call(e->loc, "size", e->n,
                                  (mo_expr *[]){arg, e->n == 2 ? mo_fctx_body_expr(c, e->a[1]) : NULL});
        if (e->n == 2 && !r->a[1])
            return -1;
        *out = r;
        return nargs(e, name, 1, 2) ? 1 : -1;
    }
    mo_expr *r = mo_fctx_resolved_copy(c, e);
    if (!r)
        return -1;
    /* a one-part name: the back end reads built-ins by their name alone */
    r->fn = mo_expr_ref1(e->fn->loc, mo_intern_cstr(name), e->fn->loc);
    *out = r;
    const mo_expr *const *a = (const mo_expr *const *)r->a;
    /* Strings: the value of fill, the parts of cat (all or none), the argument of the built-ins that only
     * move elements; the others compute with numbers */
    bool moves = !strcmp(name, "size") || !strcmp(name, "ndims") || !strcmp(name, "transpose") ||
                 !strcmp(name, "vector") || !strcmp(name, "matrix") || !strcmp(name, "scalar");
    for (int i = 0; i < r->n; i++) {
        bool str = mo_func_expr_type(NULL, c->fn, a[i]) == MO_T_STRING;
        bool may = moves || (!strcmp(name, "fill") && i == 0) || (!strcmp(name, "cat") && i > 0);
        if (str && !may) {
            mo_error(a[i]->loc, "'%s' takes no String here", name);
            return -1;
        }
        if (!strcmp(name, "cat") && i > 1 && str != (mo_func_expr_type(NULL, c->fn, a[1]) == MO_T_STRING)) {
            mo_error(a[i]->loc, "cat of Strings and numbers");
            return -1;
        }
    }
    if (!strcmp(name, "size")) {
        if (!nargs(e, name, 1, 2) || !mo_fctx_want_rank(c, a[0], 1, MO_MAX_DIMS, name, "first argument"))
            return -1;
        if (e->n == 2) {
            if (!mo_fctx_want_rank(c, a[1], 0, 0, name, "second argument"))
                return -1;
            double k;
            int rank = mo_func_expr_rank(c->fn, a[0]);
            if (mo_sym_is_num(a[1], &k) && (k < 1 || k > rank)) {
                mo_error(a[1]->loc, "size(A, %g) of %s", k, mo_func_rank_text(rank));
                return -1;
            }
            /* of an array constructor ({"water"}: a package's substanceNames read into a dimension):
             * its number, so that the back end never builds the array (of Strings, say) to measure it */
            const mo_expr *x = a[0];
            int d = 1;
            for (; mo_sym_is_num(a[1], &k) && x->kind == MO_EX_ARRAY && !x->niters && x->n > 0 && d < k; d++)
                x = x->a[0];
            if (mo_sym_is_num(a[1], &k) && d == k && x->kind == MO_EX_ARRAY && !x->niters)
                *out = mo_expr_int(e->loc, x->n);
        }
        return 1;
    }
    if (!strcmp(name, "ndims")) {
        if (!nargs(e, name, 1, 1))
            return -1;
        *out = mo_expr_int(e->loc, mo_func_expr_rank(c->fn, a[0]));
        return 1;
    }
    if (!strcmp(name, "sum") || !strcmp(name, "product") || minmax || !strcmp(name, "scalar"))
        return nargs(e, name, 1, 1) && mo_fctx_want_rank(c, a[0], 1, MO_MAX_DIMS, name, "argument") ? 1 : -1;
    if (!strcmp(name, "fill"))
        return nargs(e, name, 2, 1000) && want_scalars(c, r, 1, name) ? 1 : -1;
    if (!strcmp(name, "zeros") || !strcmp(name, "ones"))
        return nargs(e, name, 1, 1000) && want_scalars(c, r, 0, name) ? 1 : -1;
    if (!strcmp(name, "identity"))
        return nargs(e, name, 1, 1) && want_scalars(c, r, 0, name) ? 1 : -1;
    if (!strcmp(name, "linspace"))
        return nargs(e, name, 3, 3) && want_scalars(c, r, 0, name) ? 1 : -1;
    if (!strcmp(name, "diagonal") || !strcmp(name, "cross") || !strcmp(name, "skew") ||
        !strcmp(name, "outerProduct")) {
        int n = !strcmp(name, "diagonal") || !strcmp(name, "skew") ? 1 : 2;
        if (!nargs(e, name, n, n))
            return -1;
        for (int i = 0; i < n; i++)
            if (!mo_fctx_want_rank(c, a[i], 1, 1, name, "argument"))
                return -1;
        return 1;
    }
    if (!strcmp(name, "transpose") || !strcmp(name, "symmetric"))
        return nargs(e, name, 1, 1) && mo_fctx_want_rank(c, a[0], 2, 2, name, "argument") ? 1 : -1;
    if (!strcmp(name, "vector") || !strcmp(name, "matrix"))
        return nargs(e, name, 1, 1) ? 1 : -1;
    /* cat(k, A, B, ...) */
    if (!nargs(e, name, 2, 1000) || !mo_fctx_want_rank(c, a[0], 0, 0, name, "dimension"))
        return -1;
    int rank = mo_func_expr_rank(c->fn, a[1]);
    for (int i = 1; i < r->n; i++)
        if (mo_func_expr_rank(c->fn, a[i]) != rank || rank == 0) {
            mo_error(a[i]->loc, "the arrays of cat must have the same number of dimensions (at least 1): %s and %s",
                     mo_func_rank_text(rank), mo_func_rank_text(mo_func_expr_rank(c->fn, a[i])));
            return -1;
        }
    return 1;
}

/* Does e read an enumeration-typed slot or an enumeration literal (whose String() is a name)? */
static bool has_enum(const mo_func *fn, const mo_expr *e)
{
    if (e->kind == MO_EX_VAR)
        return fn && e->var >= 0 && e->var < fn->vars.n && fn->vars.v[e->var].enum_cls;
    if (e->kind == MO_EX_INT && e->text && strchr(e->text, '.'))
        return true;   /* a literal E.x (fnexpr.c and flatten_expr.c spell them so) */
    for (int i = 0; i < e->n; i++)
        if (has_enum(fn, e->a[i]))
            return true;
    return false;
}

/* Is e a value of an enumeration type: a slot of one, a literal, an element of an array of one, or a
 * conditional of such values? (Integer(e) takes only those, 4.9.5.1) */
static bool enum_valued(const mo_func *fn, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_VAR:
        return fn && e->var >= 0 && e->var < fn->vars.n && fn->vars.v[e->var].enum_cls;
    case MO_EX_INT:
        return e->text && strchr(e->text, '.');   /* E.x (fnexpr.c and flatten_expr.c spell them so) */
    case MO_EX_INDEX:
        return enum_valued(fn, e->a[0]) && !mo_func_expr_rank(fn, e);
    case MO_EX_IF:
        for (int i = 1; i < e->n; i += 2)
            if (!enum_valued(fn, e->a[i]))
                return false;
        return enum_valued(fn, e->a[e->n - 1]);
    default:
        return false;
    }
}

/* Is e (as written) Integer(x), whose value is a number, not a name, although x is an enumeration? */
static bool integer_of_enum(const mo_expr *e)
{
    return e->kind == MO_EX_CALL && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 && !e->fn->global &&
           e->fn->parts[0].id == mo_intern_cstr("Integer") && e->n == 1 && !e->nnamed && !e->niters;
}

/* String(v, significantDigits = d, minimumLength = w, leftJustified = l, format = f): the value and the
 * named arguments resolved (a format becomes the C conversion rebuilt from its checked pieces). */
static mo_expr *fn_string(mo_fctx *c, const mo_expr *e)
{
    static const char *const names[] = {"significantDigits", "minimumLength", "leftJustified", "format"};
    if (e->n != 1) {
        mo_error(e->loc, "String() takes one value, and the named arguments significantDigits, minimumLength, "
                         "leftJustified or format");
        return NULL;
    }
    mo_expr *r = mo_expr_new(MO_EX_CALL, e->loc);
    *r = *e;
    r->fn = mo_expr_ref1(e->fn->loc, mo_intern_cstr("String"), e->fn->loc);
    r->a = MO_NEWN(mo_expr *, 1);
    r->named = MO_NEWN(mo_named_arg, e->nnamed > 0 ? e->nnamed : 1);
    mo_expr *v = r->a[0] = mo_fctx_body_expr(c, e->a[0]);
    if (!v)
        return NULL;
    int t = mo_func_expr_type(NULL, c->fn, v);
    if (mo_func_expr_rank(c->fn, v) || t == MO_T_STRING) {
        mo_error(e->a[0]->loc, "the value of String() must be a scalar number, Boolean or enumeration value");
        return NULL;
    }
    bool enumv = has_enum(c->fn, v) && !integer_of_enum(e->a[0]);
    if (enumv && !(v->kind == MO_EX_VAR || (v->kind == MO_EX_INT && v->text))) {
        mo_error(e->a[0]->loc, "not supported yet: String() of an enumeration expression in a function (of a "
                               "variable or a literal it is)");
        return NULL;
    }
    if (v->kind == MO_EX_INT && v->text && enumv && !e->nnamed) {   /* String(E.x): "x" */
        mo_expr *s = mo_expr_new(MO_EX_STRING, e->loc);
        s->str = strrchr(v->text, '.') + 1;
        return s;
    }
    bool format = false, other = false;
    for (int i = 0; i < e->nnamed; i++) {
        const mo_named_arg *a = &e->named[i];
        int k = 0;
        while (k < 4 && strcmp(a->name, names[k]))
            k++;
        if (k == 4) {
            mo_error(a->loc, "String() has no argument '%s'", a->name);
            return NULL;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(e->named[j].name, a->name)) {
                mo_error(a->loc, "String() is given '%s' twice", a->name);
                return NULL;
            }
        r->named[i] = *a;
        if (!(r->named[i].value = mo_fctx_body_expr(c, a->value)))
            return NULL;
        format |= k == 3;
        other |= k < 3;
        if (k == 0 && (t != MO_T_REAL || enumv)) {
            mo_error(a->loc, "significantDigits applies to String() of a Real");
            return NULL;
        }
        if (k < 3 && mo_func_expr_rank(c->fn, r->named[i].value)) {
            mo_error(a->value->loc, "'%s' of String() must be a scalar", a->name);
            return NULL;
        }
        if (k == 3) {
            const mo_expr *f = r->named[i].value;
            const char *conv = f->kind == MO_EX_STRING && (t == MO_T_REAL || t == MO_T_INTEGER) && !enumv
                               ? mo_str_parse_format(f->str, t) : NULL;
            if (!conv && f->kind == MO_EX_VAR && mo_func_expr_type(NULL, c->fn, f) == MO_T_STRING &&
                (t == MO_T_REAL || t == MO_T_INTEGER) && !enumv)
                continue;   /* a String slot (an input: format = ".3g"): checked and rebuilt when the call runs
                             * as a literal is now (mo2c_sfmt_any), never used as a format as it is */
            if (!conv && f->kind != MO_EX_STRING && mo_func_expr_type(NULL, c->fn, f) == MO_T_STRING) {
                mo_error(a->value->loc, "not supported yet: a format of String() that is neither a String literal "
                         "nor a String variable");
                return NULL;
            }
            if (!conv) {
                mo_error(a->value->loc, "the format of String() must be a String literal [flags][width]"
                         "[.precision] with a conversion among %s", t == MO_T_REAL ? "e, E, f, F, g, G" :
                         t == MO_T_INTEGER && !enumv ? "d, i, o, x, X, u" : "none (no format applies)");
                return NULL;
            }
            mo_expr *s = mo_expr_new(MO_EX_STRING, f->loc);
            s->str = conv;
            r->named[i].value = s;
        }
    }
    if (format && other) {
        mo_error(e->loc, "String(x, format = ...) takes no other named argument");
        return NULL;
    }
    return r;
}

/* A call that is no user function: a built-in (element-wise on arrays) or an array function. */
mo_expr *mo_fctx_builtin_call(mo_fctx *c, const mo_expr *e)
{
    const char *name = e->fn && e->fn->kind == MO_EX_REF ? mo_intern_cstr(mo_ref_str(e->fn)) : NULL;
    if (name && e->fn->global && e->fn->nparts == 1)   /* .sqrt(x): the built-in, named from the top scope */
        name = mo_intern_cstr(name + 1);
    if (name && !strcmp(name, "array") && !e->nnamed)   /* array(a, b) = {a, b} (10.4.1) */
        return mo_fctx_body_expr(c, mo_array_call_constructor(e));
    if (name) {
        mo_expr *r = NULL;
        int k = fn_array_builtin(c, e, name, &r);
        if (k)
            return k > 0 ? r : NULL;
    }
    if (name && !strcmp(name, "Integer") && e->n == 1 && !e->nnamed && !e->niters) {
        /* the ordinal of an enumeration value (enumeration values are Integers in functions already) */
        mo_expr *v = mo_fctx_body_expr(c, e->a[0]);
        if (!v)
            return NULL;
        if (!enum_valued(c->fn, v)) {
            mo_error(e->a[0]->loc, "Integer() takes an enumeration value");
            return NULL;
        }
        /* a variable's ordinal stays visible as integer(v), an identity on it, so that String() of it
         * prints the number, not the literal's name (as flatten_str.c does in models) */
        return v->kind == MO_EX_INT ? mo_expr_int(e->loc, v->ival) : mo_expr_call(e->loc, "integer", 1, &v);
    }
    if (name && !strcmp(name, "String") && !e->niters)
        return e->n >= 1 && mo_fctx_maybe_record(c, e->a[0]) ? mo_fctx_record_op(c, e) : fn_string(c, e);
    if (!name || e->niters || e->nnamed) {
        mo_error(e->loc, "not supported yet: this kind of call in a function");
        return NULL;
    }
    if (!mo_func_is_builtin(name) || !strcmp(name, "der") || !strcmp(name, "pre") || !strcmp(name, "edge") ||
        !strcmp(name, "change") || !strcmp(name, "sample") || !strcmp(name, "initial") ||
        !strcmp(name, "terminal") || !strcmp(name, "delay")) {
        if (mo_func_is_builtin(name) || !strcmp(name, "der"))
            mo_error(e->fn->loc, "'%s' cannot be used in a function", name);
        else
            mo_func_unknown(c->owner, e->fn, name);
        return NULL;
    }
    mo_expr *r = mo_fctx_resolved_copy(c, e);
    if (!r)
        return NULL;
    /* element-wise on arrays: every array argument of the same rank */
    int rank = 0;
    for (int i = 0; i < r->n; i++) {
        int ri = mo_func_expr_rank(c->fn, r->a[i]);
        if (ri && rank && ri != rank) {
            mo_error(r->a[i]->loc, "the arguments of '%s' are %s and %s", name, mo_func_rank_text(rank),
                     mo_func_rank_text(ri));
            return NULL;
        }
        rank = ri > rank ? ri : rank;
    }
    return r;
}
