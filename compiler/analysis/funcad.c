/*
 * funcad.c - derivative functions made from function bodies (forward differentiation), for the calls that
 * index reduction differentiates when their function has no derivative annotation and cannot be inlined:
 * the Media library's h_TX (a product with a comprehension of calls), setSmoothState, waterBaseProp_ph
 * (loops, branches, arrays, records).
 *
 * Input: a user function f with an algorithm (mo_func, flat.h). Output: a new function g of the shape of
 * a derivative annotation (12.7.1), g(f's inputs, one derivative per Real input slot) = the derivatives of
 * f's Real output slots, added to the flat model's function table and set as f->derivative, so that
 * diff.c and funcdiff.c use it as they use an annotated one (for partial derivatives too: g is linear in
 * its derivative inputs, and f has no noDerivative inputs).
 * g's slots: f's inputs (the same numbers), the derivative inputs, the derivative outputs, then f's outputs
 * (now protected), locals and iterators, then the derivatives of f's Real locals.
 * Its body is f's, each assignment of a Real slot preceded by the assignment of its derivative (which so
 * reads the values from before the assignment: x := x*y gives dx := dx*y + x*dy first); conditions,
 * ranges and subscripts stay as they are (the derivative almost everywhere, as diff.c does for
 * if-expressions); (a, b) := h(x) gets (da, db) := h_der(x, dx), h's derivative made the same way when it
 * has none. Bindings (initial values) get derivative bindings.
 * Recursion: a function calling itself finds g already in place (made before its body). Failures are
 * remembered (f stays without a derivative; diff.c reports the call).
 */
#include "func.h"
#include "daeutil.h"

#include <stdint.h>
#include <string.h>

typedef struct ad {
    mo_flat *flat;
    const mo_func *f;
    mo_func *g;
    int *map;                 /* f's slot -> g's */
    int *dmap;                /* f's slot -> g's derivative slot, or -1 */
    int *gd;                  /* g's slot -> g's derivative slot, or -1 (diff.c's dslot) */
} ad;

typedef MO_VEC(mo_fstmt *) stmt_vec;

static mo_map memo;           /* f -> g, or (void *)1 after a failure */
static const mo_flat *memo_flat;

/* e with f's slots renumbered as g's (a copy of every node that holds slots). */
static mo_expr *remap(ad *x, const mo_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == MO_EX_VAR) {
        mo_expr *r = mo_expr_dup(e);
        r->var = e->var >= 0 ? x->map[e->var] : e->var;
        return r;
    }
    bool calls = e->kind == MO_EX_CALL || e->kind == MO_EX_ARRAY || e->kind == MO_EX_PARTIAL_FN;
    if (!e->n && !(calls && e->niters) && !(e->kind == MO_EX_CALL && e->nnamed))
        return (mo_expr *)e;   /* literals: shared */
    mo_expr *r = mo_expr_dup(e);
    if (e->n) {
        r->a = MO_NEWN(mo_expr *, e->n);
        for (int i = 0; i < e->n; i++)
            r->a[i] = remap(x, e->a[i]);
    }
    if (calls && e->niters) {
        r->iters = MO_NEWN(mo_iterator, e->niters);
        for (int k = 0; k < e->niters; k++) {
            r->iters[k] = e->iters[k];
            r->iters[k].range = remap(x, e->iters[k].range);
        }
    }
    if (e->kind == MO_EX_CALL && e->nnamed) {
        r->named = MO_NEWN(mo_named_arg, e->nnamed);
        for (int k = 0; k < e->nnamed; k++) {
            r->named[k] = e->named[k];
            r->named[k].value = remap(x, e->named[k].value);
        }
    }
    return r;
}

/* The derivative of g's expression e (already renumbered), or NULL. */
static mo_expr *der(ad *x, const mo_expr *e)
{
    return mo_diff_fn(x->flat, x->g, x->gd, e);
}

static int add_slot(mo_func *g, const mo_fvar *like, const char *name, mo_fvar_kind kind)
{
    mo_fvar v = *like;
    v.name = name;
    v.kind = kind;
    v.binding = NULL;
    v.inst_default = NULL;
    v.inst_owner = NULL;
    MO_PUSH(g->vars, v);
    return g->vars.n - 1;
}

static bool stmts(ad *x, const mo_fstmt_list *in, mo_fstmt_list *out);

/* target := value of one slot: its derivative first when it is Real. */
static bool assign1(ad *x, const mo_fstmt *s, mo_fstmt *p, stmt_vec *out)
{
    int t = s->targets[0];
    if (t < 0 || x->dmap[t] < 0) {
        MO_PUSH(*out, p);
        return true;
    }
    mo_expr *dv = der(x, p->value);
    if (!dv)
        return false;
    mo_fstmt *d = MO_NEW(mo_fstmt);
    *d = *p;
    d->targets = MO_NEWN(int, 1);
    d->targets[0] = x->dmap[t];
    d->value = dv;
    if (p->target_exprs && p->target_exprs[0]) {   /* x[i] := v: dx[i] := dv */
        mo_expr *te = mo_expr_dup(p->target_exprs[0]);
        te->a = MO_NEWN(mo_expr *, te->n);
        memcpy(te->a, p->target_exprs[0]->a, sizeof(mo_expr *) * (size_t)te->n);
        te->a[0] = mo_sym_var(te->loc, x->dmap[t]);
        d->target_exprs = MO_NEWN(mo_expr *, 1);
        d->target_exprs[0] = te;
    }
    MO_PUSH(*out, d);
    MO_PUSH(*out, p);
    return true;
}

/* (a, b) := h(args): (da, db) := h_der(args, dargs) first, for the Real targets. */
static bool assign_call(ad *x, const mo_fstmt *s, mo_fstmt *p, stmt_vec *out)
{
    bool any = false;
    for (int k = 0; k < s->ntargets; k++)
        any |= s->targets[k] >= 0 && x->dmap[s->targets[k]] >= 0;
    if (!any) {
        MO_PUSH(*out, p);
        return true;
    }
    const mo_expr *call = p->value;
    const mo_func *h = call->kind == MO_EX_CALL ? call->func : NULL;
    if (!h || (!h->derivative && !mo_func_auto_der(x->flat, h)))
        return false;
    mo_expr **dargs = MO_NEWN(mo_expr *, h->nin + 1);
    for (int a = 0; a < h->nin; a++)
        if (h->vars.v[a].type == MO_T_REAL && !(dargs[a] = der(x, call->a[a])))
            return false;
    mo_expr *dc = mo_func_der_call(call, dargs, false);
    if (!dc || dc->kind != MO_EX_CALL || !dc->func)
        return false;
    const mo_func *hd = dc->func;
    mo_fstmt *d = MO_NEW(mo_fstmt);
    *d = *p;
    d->ntargets = hd->nout;
    d->targets = MO_NEWN(int, hd->nout + 1);
    d->target_exprs = p->target_exprs ? MO_NEWN(mo_expr *, hd->nout + 1) : NULL;
    for (int k = 0; k < hd->nout; k++)
        d->targets[k] = -1;
    int kd = 0;   /* h_der's outputs: the derivatives of h's Real outputs, in order */
    for (int k = 0; k < s->ntargets && k < h->nout; k++) {
        if (h->vars.v[h->nin + k].type != MO_T_REAL)
            continue;
        int t = s->targets[k];
        if (t >= 0 && x->dmap[t] >= 0 && kd < hd->nout) {
            d->targets[kd] = x->dmap[t];
            if (p->target_exprs && p->target_exprs[k]) {
                mo_expr *te = mo_expr_dup(p->target_exprs[k]);
                te->a = MO_NEWN(mo_expr *, te->n);
                memcpy(te->a, p->target_exprs[k]->a, sizeof(mo_expr *) * (size_t)te->n);
                te->a[0] = mo_sym_var(te->loc, x->dmap[t]);
                d->target_exprs[kd] = te;
            }
        }
        kd++;
    }
    mo_expr *v = mo_expr_dup(dc);
    v->func_out = 0;
    v->func_el = 0;
    v->str = NULL;
    d->value = v;
    MO_PUSH(*out, d);
    MO_PUSH(*out, p);
    return true;
}

static mo_fstmt_list *bodies(ad *x, const mo_fstmt *s, int n)
{
    mo_fstmt_list *b = MO_NEWN(mo_fstmt_list, n + 1);
    for (int i = 0; i < n; i++)
        if (!stmts(x, &s->bodies[i], &b[i]))
            return NULL;
    return b;
}

static bool stmts(ad *x, const mo_fstmt_list *in, mo_fstmt_list *out)
{
    stmt_vec v = {0};
    for (int i = 0; i < in->n; i++) {
        const mo_fstmt *s = in->v[i];
        mo_fstmt *p = MO_NEW(mo_fstmt);
        *p = *s;
        switch (s->kind) {
        case MO_ST_ASSIGN:
            p->targets = MO_NEWN(int, s->ntargets + 1);
            for (int k = 0; k < s->ntargets; k++)
                p->targets[k] = s->targets[k] >= 0 ? x->map[s->targets[k]] : -1;
            if (s->target_exprs) {
                p->target_exprs = MO_NEWN(mo_expr *, s->ntargets + 1);
                for (int k = 0; k < s->ntargets; k++)
                    p->target_exprs[k] = remap(x, s->target_exprs[k]);
            }
            p->value = remap(x, s->value);
            if (!(s->ntargets == 1 ? assign1(x, s, p, &v) : assign_call(x, s, p, &v)))
                return false;
            continue;
        case MO_ST_CALL:
            p->value = remap(x, s->value);
            break;
        case MO_ST_IF: case MO_ST_WHILE:
            p->conds = MO_NEWN(mo_expr *, s->nconds + 1);
            for (int k = 0; k < s->nconds; k++)
                p->conds[k] = remap(x, s->conds[k]);
            if (!(p->bodies = bodies(x, s, s->kind == MO_ST_IF ? s->nconds + 1 : 1)))
                return false;
            break;
        case MO_ST_FOR:
            p->iter = x->map[s->iter];
            p->range = remap(x, s->range);
            if (!(p->bodies = bodies(x, s, 1)))
                return false;
            break;
        case MO_ST_BREAK: case MO_ST_RETURN:
            break;
        default:
            return false;
        }
        MO_PUSH(v, p);
    }
    out->n = v.n;
    out->v = v.v;
    return true;
}

/* g's slots and their sizes and bindings (see the top of the file); false when a binding cannot be
 * differentiated. */
static bool slots(ad *x)
{
    const mo_func *f = x->f;
    mo_func *g = x->g;
    int n = f->vars.n;
    for (int s = 0; s < f->nin; s++) {   /* inputs keep their numbers */
        x->map[s] = add_slot(g, &f->vars.v[s], f->vars.v[s].name, MO_FV_INPUT);
        g->vars.v[x->map[s]].binding = f->vars.v[s].binding;
    }
    for (int s = 0; s < f->nin; s++)
        if (f->vars.v[s].type == MO_T_REAL && !f->vars.v[s].extobj)
            x->dmap[s] = add_slot(g, &f->vars.v[s], mo_sprintf("der_%s", f->vars.v[s].name), MO_FV_INPUT);
    g->nin = g->vars.n;
    for (int s = f->nin; s < f->nin + f->nout; s++)
        if (f->vars.v[s].type == MO_T_REAL && !f->vars.v[s].extobj)
            x->dmap[s] = add_slot(g, &f->vars.v[s], mo_sprintf("der_%s", f->vars.v[s].name), MO_FV_OUTPUT);
    g->nout = g->vars.n - g->nin;
    if (!g->nout)
        return false;
    for (int s = f->nin; s < n; s++)
        x->map[s] = add_slot(g, &f->vars.v[s], f->vars.v[s].name,
                             f->vars.v[s].kind == MO_FV_ITER ? MO_FV_ITER : MO_FV_LOCAL);
    for (int s = f->nin + f->nout; s < n; s++)
        if (f->vars.v[s].type == MO_T_REAL && !f->vars.v[s].extobj && f->vars.v[s].kind == MO_FV_LOCAL)
            x->dmap[s] = add_slot(g, &f->vars.v[s], mo_sprintf("der_%s", f->vars.v[s].name), MO_FV_LOCAL);
    x->gd = MO_NEWN(int, g->vars.n + 1);
    for (int s = 0; s < g->vars.n; s++)
        x->gd[s] = -1;
    for (int s = 0; s < n; s++)
        if (x->dmap[s] >= 0)
            x->gd[x->map[s]] = x->dmap[s];
    /* sizes over g's slots: a derivative has its variable's */
    for (int s = 0; s < n; s++) {
        const mo_fvar *fv = &f->vars.v[s];
        int to[2] = {x->map[s], x->dmap[s]};
        for (int j = 0; j < 2; j++) {
            if (to[j] < 0 || !fv->nd)
                continue;
            mo_fvar *gv = &g->vars.v[to[j]];
            gv->dims = MO_NEWN(mo_expr *, fv->nd);
            for (int k = 0; k < fv->nd; k++)
                gv->dims[k] = remap(x, fv->dims[k]);
        }
    }
    /* initial values, and the derivatives of those of Real variables */
    for (int s = f->nin; s < n; s++) {
        const mo_fvar *fv = &f->vars.v[s];
        if (!fv->binding)
            continue;
        mo_expr *b = remap(x, fv->binding);
        g->vars.v[x->map[s]].binding = b;
        if (x->dmap[s] >= 0 && !(g->vars.v[x->dmap[s]].binding = der(x, b)))
            return false;
    }
    for (int s = 0; s < f->nin; s++)   /* inputs' defaults: over inputs only (the same numbers) */
        g->vars.v[s].binding = f->vars.v[s].binding;
    return true;
}

const mo_func *mo_func_auto_der(mo_flat *flat, const mo_func *f)
{
    if (memo_flat != flat) {
        memset(&memo, 0, sizeof memo);
        memo_flat = flat;
    }
    void *m = mo_map_get(&memo, (const char *)f);
    if (m)
        return m == (void *)1 ? NULL : m;
    if (f->ext || f->generic || f->derivative || f->derivative2)
        return NULL;
    mo_map_put(&memo, (const char *)f, (void *)1);
    for (int q = 0; q < f->inputs.n; q++)
        if (f->inputs.v[q].no_der || f->inputs.v[q].fn_type)
            return NULL;
    ad x = {flat, f, MO_NEW(mo_func), MO_NEWN(int, f->vars.n + 1), MO_NEWN(int, f->vars.n + 1), NULL};
    mo_func *g = x.g;
    for (int s = 0; s < f->vars.n; s++)
        x.map[s] = x.dmap[s] = -1;
    g->name = mo_intern_cstr(mo_sprintf("der(%s)", f->name));
    g->cname = mo_intern_cstr(mo_sprintf("%s_der", f->cname));
    g->loc = f->loc;
    g->cls = f->cls;
    g->via = f->via;
    g->comment = "the derivative made from the function's algorithm";
    g->has_arrays = f->has_arrays;
    if (!slots(&x))
        return NULL;
    for (int q = 0; q < f->inputs.n; q++)   /* the declared inputs (the same slots), then the derivatives */
        MO_PUSH(g->inputs, f->inputs.v[q]);
    for (int s = f->nin; s < g->nin; s++)
        MO_PUSH(g->inputs, ((mo_fparam){.name = g->vars.v[s].name, .loc = g->vars.v[s].loc, .first = s, .count = 1}));
    for (int s = g->nin; s < g->nin + g->nout; s++)
        MO_PUSH(g->outputs, ((mo_fparam){.name = g->vars.v[s].name, .loc = g->vars.v[s].loc, .first = s, .count = 1}));
    /* in place before the body, so that a recursive call finds it */
    mo_map_put(&memo, (const char *)f, g);
    ((mo_func *)f)->derivative = g;
    if (!stmts(&x, &f->body, &g->body) || !mo_func_init_order(g)) {
        mo_map_put(&memo, (const char *)f, (void *)1);
        ((mo_func *)f)->derivative = NULL;
        return NULL;
    }
    MO_PUSH(flat->funcs, g);
    return g;
}
