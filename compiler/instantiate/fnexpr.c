/*
 * fnexpr.c - expressions in the body of a user function: names resolved to the function's slots, and the
 * rank (number of dimensions) of every array value checked.
 *
 * Input: an AST expression and a context (func.h): in a model, it is handed to flatten.c; in a function,
 * names are the function's slots (then constants and enumeration literals found by lookup from the
 * function class). Output: an expression over slots (flat.h): MO_EX_VAR for a slot, MO_EX_INDEX for
 * subscripts and slices (with 'end' made size(a, k)), arrays, matrices and ranges as written, calls of
 * user functions (funcall.c), the scalar built-ins (applied element-wise to arrays), the array built-ins
 * (size, sum, fill, cat, transpose ...), and reductions and comprehensions over iterators, whose
 * iterators become slots of the function (MO_FV_ITER).
 * Sizes are known only when the function runs: here only ranks are checked (an operator's operands,
 * the subscripts of a variable, the arguments of a built-in), with a precise error at the expression;
 * the generated code checks sizes and indices at run time (codegen_farr.c). Calls of built-in
 * functions, reductions and comprehensions: fnbuiltin.c.
 *
 * Reductions sum/product/min/max(e for i in r, ...) keep their call node and comprehensions
 * {e for i in r, ...} their array node, with the body in a[0], the iterators' slots as MO_EX_VAR
 * nodes in a[1 .. niters] (n = 1 + niters) and their ranges resolved in iters[k].range.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <stdint.h>
#include <string.h>

/* ---- ranks ---- */

static int max_int(int a, int b) { return a > b ? a : b; }

/* The rank of a built-in call in a function body (only after resolution checked its arguments). */
static int builtin_rank(const mo_func *fn, const mo_expr *e, const char *n)
{
    if (e->niters)   /* reductions */
        return 0;
    if (!strcmp(n, "size"))
        return e->n == 1 ? 1 : 0;
    if (!strcmp(n, "ndims") || !strcmp(n, "sum") || !strcmp(n, "product") || !strcmp(n, "scalar"))
        return 0;
    if ((!strcmp(n, "min") || !strcmp(n, "max")) && e->n == 1)
        return 0;
    if (!strcmp(n, "fill"))
        return e->n - 1 + mo_func_expr_rank(fn, e->a[0]);
    if (!strcmp(n, "zeros") || !strcmp(n, "ones"))
        return e->n;
    if (!strcmp(n, "identity") || !strcmp(n, "diagonal") || !strcmp(n, "matrix") || !strcmp(n, "outerProduct") ||
        !strcmp(n, "skew") || !strcmp(n, "symmetric"))
        return 2;
    if (!strcmp(n, "linspace") || !strcmp(n, "vector") || !strcmp(n, "cross"))
        return 1;
    if (!strcmp(n, "transpose"))
        return mo_func_expr_rank(fn, e->a[0]);
    if (!strcmp(n, "cat"))
        return e->n > 1 ? mo_func_expr_rank(fn, e->a[1]) : 0;
    /* scalar built-ins, element-wise on arrays */
    int r = 0;
    for (int i = 0; i < e->n; i++)
        r = max_int(r, mo_func_expr_rank(fn, e->a[i]));
    return r;
}

int mo_func_expr_rank(const mo_func *fn, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_VAR:
        return fn && e->var >= 0 && e->var < fn->vars.n ? fn->vars.v[e->var].nd : 0;
    case MO_EX_INDEX: {
        int r = mo_func_expr_rank(fn, e->a[0]);
        for (int i = 1; i < e->n; i++)
            if (e->a[i]->kind != MO_EX_COLON && mo_func_expr_rank(fn, e->a[i]) == 0)
                r--;
        return r;
    }
    case MO_EX_RANGE: case MO_EX_COLON:
        return 1;
    case MO_EX_ARRAY:
        if (e->niters)
            return e->niters + mo_func_expr_rank(fn, e->a[0]);
        return e->n ? 1 + mo_func_expr_rank(fn, e->a[0]) : 1;
    case MO_EX_MATRIX: {
        int r = 2;
        for (int i = 0; i < e->n; i++)
            for (int j = 0; j < e->a[i]->n; j++)
                r = max_int(r, mo_func_expr_rank(fn, e->a[i]->a[j]));
        return r;
    }
    case MO_EX_UNARY:
        return mo_func_expr_rank(fn, e->a[0]);
    case MO_EX_BINARY: {
        int ra = mo_func_expr_rank(fn, e->a[0]), rb = mo_func_expr_rank(fn, e->a[1]);
        switch (e->op) {
        case MO_OP_MUL:
            return ra == 0 ? rb : rb == 0 ? ra : ra + rb - 2;
        case MO_OP_POW: case MO_OP_DIV:
            return ra;
        case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE:
            return 0;
        default:
            return max_int(ra, rb);
        }
    }
    case MO_EX_IF:
        return mo_func_expr_rank(fn, e->a[1]);
    case MO_EX_CALL:
        if (e->func) {
            if (e->func_out >= e->func->nout)   /* an empty call */
                return 0;
            int r = e->func->vars.v[e->func->nin + e->func_out].nd;
            for (int i = 0; !r && i < e->n && i < e->func->nin; i++)   /* applied element by element */
                if (!e->func->vars.v[i].nd)
                    r = mo_func_expr_rank(fn, e->a[i]);
            return r;
        }
        if (e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1)
            return builtin_rank(fn, e, e->fn->parts[0].id);
        return 0;
    default:
        return 0;
    }
}

const char *mo_func_rank_text(int r)
{
    switch (r) {
    case 0: return "a scalar";
    case 1: return "a vector";
    case 2: return "a matrix";
    default: return mo_sprintf("an array of %d dimensions", r);
    }
}

/* ---- names ---- */


/* The subscripts subs (n of them) of base, resolved: 'end' in subscript k is size(base, k + 1). */
static mo_expr *fn_index(mo_fctx *c, mo_expr *base, mo_expr *const *subs, int n, mo_loc loc)
{
    int rank = mo_func_expr_rank(c->fn, base);
    if (n > rank) {
        mo_error(loc, "%d subscript%s for %s", n, n == 1 ? "" : "s", mo_func_rank_text(rank));
        return NULL;
    }
    mo_expr *r = mo_expr_new(MO_EX_INDEX, loc);
    r->n = n + 1;
    r->a = MO_NEWN(mo_expr *, n + 1);
    r->a[0] = base;
    const mo_expr *end_of = c->end_of;
    int end_dim = c->end_dim;
    bool ok = true;
    for (int k = 0; ok && k < n; k++) {
        if (subs[k]->kind == MO_EX_COLON) {
            r->a[k + 1] = subs[k];
            continue;
        }
        c->end_of = base;
        c->end_dim = k + 1;
        mo_expr *s = mo_fctx_body_expr(c, subs[k]);
        c->end_of = end_of;
        c->end_dim = end_dim;
        if (!s) {
            ok = false;
            break;
        }
        int t = mo_func_expr_type(NULL, c->fn, s), sr = mo_func_expr_rank(c->fn, s);
        if ((t >= 0 && t != MO_T_INTEGER && t != MO_T_BOOLEAN) || sr > 1) {
            mo_error(subs[k]->loc, "a subscript must be an Integer or a vector of Integers, not %s%s",
                     sr ? "an array of " : "", t >= 0 ? mo_func_type_name(t) : "this");
            ok = false;
            break;
        }
        r->a[k + 1] = s;
    }
    return ok ? r : NULL;
}

/* The name of a reference without its subscripts: "r.x" */
static const char *ref_name(const mo_expr *e)
{
    if (e->nparts == 1)
        return e->parts[0].id;
    mo_buf b = {0};
    for (int i = 0; i < e->nparts; i++)
        mo_buf_printf(&b, "%s%s", i ? "." : "", e->parts[i].id);
    return mo_intern_cstr(mo_buf_str(&b));
}

mo_expr *mo_fctx_index(mo_fctx *c, mo_expr *base, mo_expr *const *subs, int n, mo_loc loc)
{
    return fn_index(c, base, subs, n, loc);
}

/* The subscripts of a field r[i].x[j] of an element of an array of records: r's, then the field's,
 * r's completed with ':' to the array's dimensions when the field has subscripts of its own (the
 * field's slot has the array's dimensions first). NULL when r has none (*n = the field's). */
static mo_expr *const *field_subs(mo_fctx *c, const mo_expr *e, int *n)
{
    const mo_ref_part *r = &e->parts[0], *x = &e->parts[1];
    *n = x->nsubs;
    if (!r->nsubs)
        return x->nsubs ? mo_ref_part_subs(x) : NULL;
    const mo_frecvar *rv = c->recs ? mo_map_get(c->recs, r->id) : NULL;
    int lead = x->nsubs && rv && rv->nd > r->nsubs ? rv->nd : r->nsubs;
    mo_expr **subs = MO_NEWN(mo_expr *, lead + x->nsubs + 1);
    for (int k = 0; k < lead; k++)
        subs[k] = k < r->nsubs ? mo_ref_part_subs(r)[k] : mo_expr_new(MO_EX_COLON, mo_ref_part_loc(e, 0));
    for (int k = 0; k < x->nsubs; k++)
        subs[lead + k] = mo_ref_part_subs(x)[k];
    *n = lead + x->nsubs;
    return subs;
}

/* A field of a record constant of a package (P.r.x, P.r[i].x: the first k parts of e name it): its value
 * as the model flattener reads such constants (flatten_expr.c, with the package environment of a
 * function built for a package that inherits it), a literal or a nested array of them, subscripted
 * here (the subscripts may read the function's variables). NULL after an error. */
static mo_expr *constant_field(mo_fctx *c, const mo_expr *e, int k)
{
    mo_aval v;
    mo_expr **subs;
    int n;
    if (!mo_constant_field(c->fr, NULL, c->owner, e, k, &v, &subs, &n))
        return NULL;
    if (v.rec) {
        mo_error(e->loc, "not supported yet: the record '%s' used as a value here", mo_ref_str(e));
        return NULL;
    }
    if (n == 1 && v.nd == 1 && v.n > 0 && v.el[0]->kind == MO_EX_STRING)
        return mo_fctx_string_choice(c, &v, subs[0], true);
    mo_expr *base = v.nd ? mo_func_model_nested(&v, e->loc) : v.one;
    return n ? fn_index(c, base, subs, n, e->loc) : base;
}

/* An input of the function that is a vector of Strings (mo_fparam.str_values, given by the call): the
 * whole vector as an array constructor (size() measures it), or an element chosen at run time. */
static mo_expr *string_input(mo_fctx *c, const mo_expr *e)
{
    const mo_fparam *p = NULL;
    for (int q = 0; q < c->fn->inputs.n; q++)
        if (c->fn->inputs.v[q].str_array && c->fn->inputs.v[q].name == e->parts[0].id)
            p = &c->fn->inputs.v[q];
    if (!p || e->nparts != 1 || (p->str_n && !p->str_values))
        mo_unreachable("a vector of Strings of a function made for no call");
    mo_aval v = {.nd = 1, .dims = {p->str_n}, .n = p->str_n, .el = (mo_expr **)p->str_values};
    const mo_ref_part *r = &e->parts[0];
    if (r->nsubs == 1 && mo_ref_part_subs(r)[0]->kind != MO_EX_COLON)
        return mo_fctx_string_choice(c, &v, mo_ref_part_subs(r)[0], true);
    if (r->nsubs) {
        mo_error(e->loc, "not supported yet: these subscripts of the vector of Strings '%s'", r->id);
        return NULL;
    }
    return mo_func_model_nested(&v, e->loc);
}

static mo_expr *fn_ref(mo_fctx *c, const mo_expr *e)
{
    const mo_ref_part *last = &e->parts[e->nparts - 1];
    mo_expr *const *subs = last->nsubs ? mo_ref_part_subs(last) : NULL;
    int nsubs = last->nsubs;
    mo_expr *base = NULL;
    if (c->names && !e->global) {
        const char *name = ref_name(e);
        intptr_t k = (intptr_t)mo_map_get(c->names, name);
        if (k > 0) {
            base = mo_expr_new(MO_EX_VAR, e->loc);
            base->var = (int)k - 1;
            if (e->nparts == 2 && e->parts[0].nsubs)   /* r[i].x: a field of an element of r */
                subs = field_subs(c, e, &nsubs);
        } else if (k == -3) {
            return string_input(c, e);
        } else if (k == -2) {
            mo_error(e->loc, "'%s' is a function: it can be called or given to a function, not used as a value", name);
            return NULL;
        } else if (k < 0) {
            mo_error(e->loc, "not supported yet: the record '%s' used as a value", name);
            return NULL;
        } else if (e->nparts == 1 && !strcmp(last->id, "time")) {
            mo_error(e->loc, "'time' cannot be used in function '%s'", c->fn->name);
            return NULL;
        }
    }
    if (!base && e->nparts > 1) {   /* P.r.x, P.r[i].x: a field of a record constant */
        mo_name n;
        mo_name_of_ref(&n, e);
        mo_found f;
        int bad = mo_lookup_name(c->owner, &n, &f);
        if (bad > 0 && f.comp && (f.comp->flags & MO_PF_CONSTANT))
            return constant_field(c, e, bad);
    }
    for (int i = 0; i + 1 < e->nparts; i++)
        if (e->parts[i].nsubs && !base) {
            mo_error(mo_ref_part_loc(e, i), "not supported yet: subscripts on '%s' here", e->parts[i].id);
            return NULL;
        }
    if (!base) {
        /* a constant of an enclosing class or package, or an enumeration literal */
        mo_name n;
        mo_name_of_ref(&n, e);
        mo_found f;
        int bad = mo_lookup_name(c->owner, &n, &f);
        if (bad == e->nparts - 1 && f.cls && f.cls->form == MO_FORM_ENUM && !last->nsubs) {
            for (int i = 0; i < f.cls->nliterals; i++)
                if (f.cls->literals[i].name == n.ids[bad]) {
                    mo_expr *lit = mo_expr_int(e->loc, i + 1);
                    lit->text = mo_sprintf("%s.%s", mo_class_full_name(f.cls), n.ids[bad]);
                    return lit;
                }
        }
        const mo_expr *value = f.comp ? (f.comp->mod ? f.comp->mod->binding : NULL) : NULL;
        mo_class *where = f.owner, *env = NULL;
        if (bad < 0 && f.comp && (f.comp->flags & MO_PF_CONSTANT) && e->nparts == 1 && !e->global) {
            /* a constant of an enclosing class: its value in that class's modification environment (it
             * may inherit the constant with a modifier: package P extends Q(k = 3)), and for a constant
             * that a function built for a package inheriting it has (mo_func.via), the value that
             * package gives it (5.3); from a view (pkgview.c), the value its package gives */
            for (mo_class *cl = c->owner; cl; cl = cl->parent) {
                mo_found g = mo_lookup_member(cl, n.ids[0]);
                if (!g.cls && !g.comp)
                    continue;
                mo_class *via = c->fn ? c->fn->via : NULL, *pv = mo_flatten_pkg_via();
                mo_class *in = via && (cl == c->fn->cls->parent || mo_lookup_member(via, n.ids[0]).comp == g.comp)
                               ? via : pv && mo_lookup_member(pv, n.ids[0]).comp == g.comp ? pv : mo_view_target(cl);
                if (g.comp == f.comp && !mo_member_binding(in, n.ids[0], &value, &where))
                    value = NULL;
                env = in;
                break;
            }
        }
        if (bad < 0 && f.comp && (f.comp->flags & MO_PF_CONSTANT) && value) {
            if (c->const_depth > 100) {
                mo_error(e->loc, "constant '%s' depends on itself", mo_ref_str(e));
                return NULL;
            }
            mo_fctx k = {c->fr, NULL, where, c->fn, NULL, c->const_depth + 1, NULL, 0, false, NULL};
            /* a binding written in a base of the class that has the constant: read in that class's
             * environment (nX = nS in PartialMedium, for MoistAir, reads MoistAir's nS) */
            mo_class *saved[2] = {NULL, NULL};
            bool other = env && env != where;
            if (other)
                mo_flatten_pkg_env(where, env, saved);
            base = mo_fctx_expr(&k, value);
            if (other)
                mo_flatten_pkg_env(saved[0], saved[1], NULL);
            if (!base)
                return NULL;
        }
    }
    if (!base) {
        mo_error(mo_ref_part_loc(e, 0), "unknown variable '%s'", mo_ref_str(e));
        if (c->fn && c->names) {
            const char **cand = MO_NEWN(const char *, c->fn->vars.n + 1);
            int nc = 0;
            for (int i = 0; i < c->fn->vars.n; i++)
                if (mo_map_get(c->names, c->fn->vars.v[i].name))
                    cand[nc++] = c->fn->vars.v[i].name;
            const char *best = mo_closest_name(mo_ref_str(e), cand, nc);
            for (int i = 0; best && i < c->fn->vars.n; i++)
                if (c->fn->vars.v[i].name == best) {
                    mo_note(c->fn->vars.v[i].loc, "did you mean '%s'?", best);
                    break;
                }
        }
        return NULL;
    }
    if (!nsubs)
        return base;
    return fn_index(c, base, subs, nsubs, e->loc);
}

/* ---- calls of built-in functions ---- */

/* The operands of e resolved into a copy of e (NULL after an error). */
mo_expr *mo_fctx_resolved_copy(mo_fctx *c, const mo_expr *e)
{
    mo_expr *r = mo_expr_new(e->kind, e->loc);
    *r = *e;
    r->a = MO_NEWN(mo_expr *, e->n > 0 ? e->n : 1);
    for (int i = 0; i < e->n; i++)
        if (!(r->a[i] = mo_fctx_body_expr(c, e->a[i])))
            return NULL;
    return r;
}

bool mo_fctx_want_rank(mo_fctx *c, const mo_expr *a, int lo, int hi, const char *fn, const char *what)
{
    int r = mo_func_expr_rank(c->fn, a);
    if (r >= lo && r <= hi)
        return true;
    mo_error(a->loc, "the %s of %s must be %s, not %s", what, fn,
             lo == hi ? mo_func_rank_text(lo) : hi == MO_MAX_DIMS ? "an array" : "a vector or a matrix",
             mo_func_rank_text(r));
    return false;
}

/* ---- operators ---- */

static mo_expr *fn_binary(mo_fctx *c, const mo_expr *e)
{
    mo_expr *r = mo_fctx_resolved_copy(c, e);
    if (!r)
        return NULL;
    int ra = mo_func_expr_rank(c->fn, r->a[0]), rb = mo_func_expr_rank(c->fn, r->a[1]);
    bool ok;
    switch (e->op) {
    case MO_OP_ADD: case MO_OP_SUB:
        ok = ra == rb;
        break;
    case MO_OP_MUL:
        ok = ra == 0 || rb == 0 || (ra <= 2 && rb <= 2);
        break;
    case MO_OP_DIV:
        ok = rb == 0;
        break;
    case MO_OP_POW:
        ok = (ra == 0 && rb == 0) || (ra == 2 && rb == 0);
        if (ra == 2 && rb == 0) {
            mo_error(e->loc, "not supported yet: powers of matrices in functions");
            return NULL;
        }
        break;
    case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE:
        ok = ra == 0 && rb == 0;
        break;
    default:   /* element-wise: .+ .- .* ./ .^ and, or */
        ok = ra == rb || ra == 0 || rb == 0;
        if (e->op == MO_OP_AND || e->op == MO_OP_OR)
            ok = ra == rb;
        break;
    }
    if (!ok) {
        mo_error(e->loc, "operator '%s' cannot combine %s and %s", mo_op_text(e->op), mo_func_rank_text(ra),
                 mo_func_rank_text(rb));
        return NULL;
    }
    int ta = mo_func_expr_type(NULL, c->fn, r->a[0]), tb = mo_func_expr_type(NULL, c->fn, r->a[1]);
    if (e->op <= MO_OP_EPOW && (ta == MO_T_BOOLEAN || tb == MO_T_BOOLEAN)) {   /* as check/types.c in models */
        mo_error(e->loc, "an operand of '%s' is Boolean; arithmetic needs numbers (Integer(b) or if b then 1 else 0 "
                 "converts)", mo_op_text(e->op));
        return NULL;
    }
    if ((ta == MO_T_STRING || tb == MO_T_STRING) &&
        (ta != tb || !(e->op == MO_OP_ADD || (e->op >= MO_OP_LT && e->op <= MO_OP_NE)))) {
        mo_error(e->loc, "operator '%s' cannot combine %s and %s", mo_op_text(e->op),
                 ta == MO_T_STRING ? "a String" : "a number", tb == MO_T_STRING ? "a String" : "a number");
        return NULL;
    }
    if (ta == MO_T_STRING && (ra || rb)) {   /* (the generated C's element-wise loops are over numbers) */
        mo_error(e->loc, "not supported yet: operator '%s' on arrays of Strings in functions", mo_op_text(e->op));
        return NULL;
    }
    return r;
}

static mo_expr *fn_if(mo_fctx *c, const mo_expr *e)
{
    mo_expr *r = mo_fctx_resolved_copy(c, e);
    if (!r)
        return NULL;
    int rank = mo_func_expr_rank(c->fn, r->a[1]);
    for (int i = 0; i < r->n; i++) {
        bool cond = i % 2 == 0 && i + 1 < r->n;
        int ri = mo_func_expr_rank(c->fn, r->a[i]);
        if (cond && ri != 0) {
            mo_error(r->a[i]->loc, "the condition of an if-expression must be a scalar");
            return NULL;
        }
        if (!cond && ri != rank) {
            mo_error(r->a[i]->loc, "the branches of an if-expression are %s and %s", mo_func_rank_text(rank),
                     mo_func_rank_text(ri));
            return NULL;
        }
    }
    return r;
}

/* {a, b, c}: elements of one rank; [a, b; c, d]: each row an MO_EX_ARRAY (rows and elements as written) */
static mo_expr *fn_array(mo_fctx *c, const mo_expr *e)
{
    if (e->kind == MO_EX_ARRAY && e->niters)
        return mo_fctx_iterated(c, e);
    if (e->kind == MO_EX_ARRAY && e->n == 0) {
        mo_error(e->loc, "not supported yet: the empty array {} in a function");
        return NULL;
    }
    mo_expr *r = mo_expr_new(e->kind, e->loc);
    *r = *e;
    r->a = MO_NEWN(mo_expr *, e->n > 0 ? e->n : 1);
    for (int i = 0; i < e->n; i++) {
        if (e->kind == MO_EX_MATRIX) {
            mo_expr *row = mo_expr_new(MO_EX_ARRAY, e->a[i]->loc);
            *row = *e->a[i];
            row->a = MO_NEWN(mo_expr *, row->n > 0 ? row->n : 1);
            for (int j = 0; j < row->n; j++)
                if (!(row->a[j] = mo_fctx_body_expr(c, e->a[i]->a[j])))
                    return NULL;
            r->a[i] = row;
        } else if (!(r->a[i] = mo_fctx_body_expr(c, e->a[i]))) {
            return NULL;
        }
    }
    /* Strings and numbers never mix (the generated C holds an array's elements as one or the other) */
    const mo_expr *first = e->kind == MO_EX_MATRIX ? r->a[0]->a[0] : r->a[0];
    bool str = mo_func_expr_type(NULL, c->fn, first) == MO_T_STRING;
    for (int i = 0; i < r->n; i++)
        for (int j = 0; j < (e->kind == MO_EX_MATRIX ? r->a[i]->n : 1); j++) {
            const mo_expr *x = e->kind == MO_EX_MATRIX ? r->a[i]->a[j] : r->a[i];
            if ((mo_func_expr_type(NULL, c->fn, x) == MO_T_STRING) != str) {
                mo_error(x->loc, "the elements of an array are Strings and numbers");
                return NULL;
            }
        }
    if (e->kind == MO_EX_ARRAY) {
        int rank = mo_func_expr_rank(c->fn, r->a[0]);
        for (int i = 1; i < r->n; i++)
            if (mo_func_expr_rank(c->fn, r->a[i]) != rank) {
                mo_error(r->a[i]->loc, "the elements of an array are %s and %s", mo_func_rank_text(rank),
                         mo_func_rank_text(mo_func_expr_rank(c->fn, r->a[i])));
                return NULL;
            }
    }
    return r;
}

mo_expr *mo_fctx_body_expr(mo_fctx *c, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL:
        return (mo_expr *)e;
    case MO_EX_STRING:
        return (mo_expr *)e;
    case MO_EX_REF:
        return fn_ref(c, e);
    case MO_EX_END:
        if (!c->end_of) {
            mo_error(e->loc, "'end' can only be used in subscripts");
            return NULL;
        }
        return mo_expr_call(e->loc, "size", 2, (mo_expr *[]){(mo_expr *)c->end_of, mo_expr_int(e->loc, c->end_dim)});
    case MO_EX_CALL: {
        const mo_fparam *fp = mo_func_functional(c->fn, e->fn);
        if (fp)   /* a call of a functional input */
            return mo_fctx_call_functional(c, e, fp);
        mo_expr *r = NULL;
        if (mo_fctx_call(c, e, &r))
            return r;
        return mo_fctx_builtin_call(c, e);
    }
    case MO_EX_VAR:   /* resolved already (the bound inputs of a functional input, funcall.c) */
        return (mo_expr *)e;
    case MO_EX_BINARY:
        if (mo_fctx_maybe_record(c, e))   /* an operator of an operator record (fnrecord.c) */
            return mo_fctx_record_op(c, e);
        return fn_binary(c, e);
    case MO_EX_UNARY: {
        if (mo_fctx_maybe_record(c, e))
            return mo_fctx_record_op(c, e);
        mo_expr *r = mo_fctx_resolved_copy(c, e);
        if (r && e->op == MO_OP_NOT && mo_func_expr_rank(c->fn, r->a[0]) &&
            mo_func_expr_type(NULL, c->fn, r->a[0]) != MO_T_BOOLEAN) {
            mo_error(e->loc, "operator 'not' needs Boolean operands");
            return NULL;
        }
        return r;
    }
    case MO_EX_IF:
        return fn_if(c, e);
    case MO_EX_RANGE: {
        mo_expr *r = mo_fctx_resolved_copy(c, e);
        for (int i = 0; r && i < r->n; i++)
            if (!mo_fctx_want_rank(c, r->a[i], 0, 0, "a range", "bound"))
                return NULL;
        return r;
    }
    case MO_EX_ARRAY: case MO_EX_MATRIX:
        return fn_array(c, e);
    default:
        mo_error(e->loc, "not supported yet: %s expressions in functions", mo_expr_kind_name(e->kind));
        return NULL;
    }
}

mo_expr *mo_fctx_expr(mo_fctx *c, const mo_expr *e)
{
    if (!c->fn && !c->names)
        return mo_flatten_expr(c->fr, c->inst, c->owner, e);
    return mo_fctx_body_expr(c, e);
}
