/*
 * init.c - what the initial system has beyond the continuous one (specification 8.6), as a hook of
 * mo_dae_build after alias elimination (mo_dae_init_build).
 *
 * Input: the DAE of dae.c (aliases removed and substituted, der() lowered). Output:
 *   - every pre(v), edge(v) and change(v) of the equations and initial equations replaced by the
 *     variable pre(v) (kind MO_DV_PRE, made once per v, dvar.pre_of = v): in the continuous system it is
 *     a known value (the runtime's d->pre, d->pre_x or d->pre_dx slot of v), in the initial system an
 *     unknown;
 *     edge(b) becomes b and not pre(b), change(v) becomes v <> pre(v); pre of a parameter expression is
 *     the expression itself;
 *   - initial equations (dae->init_eqs) for the rules of 8.6:
 *       pre(vc) = vc for a continuous-time Real vc whose pre() is used;
 *       pre(vd) = vd.start for a discrete-time vd (Boolean, Integer, enumeration, discrete Real, or
 *         assigned in a when-clause) with fixed = true;
 *       v = e for each assignment of the branch of a when-equation active at initialization (the first
 *         whose condition is initial()), reinit(x, e) there as x = e, and v = pre(v) for every other
 *         variable the when-equation assigns (8.6: the when-clause is inactive at initialization);
 *       p = binding for a parameter with fixed = false that has a binding, and for every parameter
 *         whose binding uses such a parameter (transitively): those are unknowns of the initial system
 *         (dvar.unfixed_param), computed by initialize() after init_params gave them a guess;
 *   - sort.c completes the initial system with pre(vd) = vd.start for the discrete-time variables whose
 *     start is not fixed (8.6 allows it without a diagnostic), before the free start values of states.
 *
 * The variables made here are appended after the flat ones and the derivatives dae.c made; their start
 * is the start of v (a guess for iterations).
 */
#include "daeutil.h"

#include <string.h>

typedef struct ictx {
    mo_dae *dae;
    bool ok;
} ictx;

static bool is_fn(const mo_expr *e, const char *name)
{
    const char *fn = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    return fn && !strcmp(fn, name);
}

bool mo_dae_discrete_time(const mo_dae *dae, int v)
{
    const mo_dvar *d = &dae->vars.v[v];
    if (d->kind == MO_DV_DISCRETE)
        return true;
    if (d->flat < 0)
        return false;
    const mo_var *fv = &dae->flat->vars.v[d->flat];
    return fv->type != MO_T_REAL || fv->variability == MO_VAR_DISCRETE;
}

int mo_dae_pre_var(mo_dae *dae, int v)
{
    if (dae->vars.v[v].pre >= 0)
        return dae->vars.v[v].pre;
    int idx = mo_dae_add_var(dae, mo_sprintf("pre(%s)", dae->vars.v[v].name), MO_DV_PRE);
    dae->vars.v[idx].pre_of = v;
    dae->vars.v[idx].start = dae->vars.v[v].start;
    dae->vars.v[v].pre = idx;
    return idx;
}

/* Is e made of literals, parameters and constants only (its pre() is itself)? */
static bool constant_in_time(const mo_dae *dae, const mo_expr *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case MO_EX_VAR: {
        mo_dkind k = dae->vars.v[e->var].kind;
        return k == MO_DV_PARAMETER || k == MO_DV_CONSTANT;
    }
    case MO_EX_TIME: case MO_EX_DER: case MO_EX_REF:
        return false;
    case MO_EX_CALL:
        if (!mo_sym_fn_name(e) || is_fn(e, "pre") || is_fn(e, "initial") || is_fn(e, "sample"))
            return false;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (!constant_in_time(dae, e->a[i]))
            return false;
    return true;
}

/* pre(a) for the argument a of pre/edge/change (a variable, after alias substitution possibly negated,
 * or a parameter expression). NULL after an error. */
static mo_expr *pre_of(ictx *c, const mo_expr *call, const mo_expr *a)
{
    mo_dae *dae = c->dae;
    if (a->kind == MO_EX_UNARY && a->op == MO_OP_NEG) {
        mo_expr *p = pre_of(c, call, a->a[0]);
        return p ? mo_sym_neg(p) : NULL;
    }
    if (constant_in_time(dae, a))
        return (mo_expr *)a;
    if (a->kind == MO_EX_VAR) {
        mo_dkind k = dae->vars.v[a->var].kind;
        /* der(x) of a state: the runtime's pre_dx (the left limit that a clocked sample(der(x)) reads) */
        if (k != MO_DV_DERIVATIVE && dae->vars.v[a->var].der_of >= 0) {
            mo_error(call->loc, "not supported yet: pre, edge or change of a derivative ('%s')",
                     dae->vars.v[a->var].name);
            c->ok = false;
            return NULL;
        }
        return mo_sym_var(a->loc, mo_dae_pre_var(dae, a->var));
    }
    mo_error(call->loc, "not supported yet: pre, edge or change of an expression");
    c->ok = false;
    return NULL;
}

static mo_expr *lower(ictx *c, const mo_expr *e);

static mo_expr *lower_cb(void *c, const mo_expr *e)
{
    return lower(c, e);
}

/* e with pre/edge/change replaced (see the file comment); recursion over one expression only. */
static mo_expr *lower(ictx *c, const mo_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == MO_EX_CALL && e->n == 1 && (is_fn(e, "pre") || is_fn(e, "edge") || is_fn(e, "change"))) {
        mo_expr *a = lower(c, e->a[0]);
        mo_expr *p = a ? pre_of(c, e, a) : NULL;
        if (!p)
            return NULL;
        if (is_fn(e, "pre"))
            return p;
        if (is_fn(e, "change"))
            return mo_sym_binary(e->loc, MO_OP_NE, a, p);
        mo_expr *not_p = mo_expr_new(MO_EX_UNARY, e->loc);
        not_p->op = MO_OP_NOT;
        not_p->n = 1;
        not_p->a = MO_NEWN(mo_expr *, 1);
        not_p->a[0] = p;
        return mo_sym_binary(e->loc, MO_OP_AND, a, not_p);
    }
    return mo_dae_map_operands(e, lower_cb, c);
}

static void lower_eqs(ictx *c, mo_deq *v, int n)
{
    for (int i = 0; i < n; i++) {
        mo_deq *q = &v[i];
        if (q->removed)
            continue;
        mo_expr *l = lower(c, q->lhs), *r = l ? lower(c, q->rhs) : NULL;
        if (l && r) {
            q->lhs = l;
            q->rhs = r;
        }
    }
}

static void add_init_eq(mo_dae *dae, mo_loc loc, const char *instance, mo_expr *lhs, mo_expr *rhs)
{
    mo_deq q;
    memset(&q, 0, sizeof q);
    q.loc = loc;
    q.instance = instance ? instance : "";
    q.origin = MO_ORIGIN_EQUATION;
    q.diff_of = -1;
    q.initial = true;
    q.lhs = lhs;
    q.rhs = rhs;
    MO_PUSH(dae->init_eqs, q);
}

/* An expression of the flat model (a when-equation's) over the DAE: der() lowered, aliases read
 * through, pre() lowered. */
static mo_expr *dae_expr(ictx *c, const mo_expr *e, mo_expr *const *sub)
{
    mo_expr *d = mo_dae_lower_der(c->dae, mo_expr_subst(e, sub));
    return d ? lower(c, d) : NULL;
}

/* Is cond initial(), or a vector {..., initial(), ...} (8.6: the two forms that enable a when-clause at
 * initialization; foo(initial()) does not)? */
static bool enabled_at_init(const mo_expr *cond)
{
    if (is_fn(cond, "initial") && cond->n == 0)
        return true;
    if (cond->kind != MO_EX_ARRAY || cond->niters)
        return false;
    for (int i = 0; i < cond->n; i++)
        if (is_fn(cond->a[i], "initial") && cond->a[i]->n == 0)
            return true;
    return false;
}

int mo_init_when_branch(const mo_fwhen *w, bool *only_eqs)
{
    for (int k = 0; k < w->nbranches; k++)
        if (enabled_at_init(w->branches[k].cond)) {
            *only_eqs = true;
            for (int j = 0; j < w->branches[k].body.n; j++)
                *only_eqs &= w->branches[k].body.v[j].kind == MO_WS_ASSIGN ||
                             w->branches[k].body.v[j].kind == MO_WS_REINIT;
            return k;
        }
    return -1;
}

/* The when-equations at initialization: the branch with initial() as its condition or among the
 * elements of its condition (the first such) is active, its assignments are equations; every other
 * variable the when-equation assigns keeps its pre value. */
static void when_equations(ictx *c, mo_expr *const *sub)
{
    mo_dae *dae = c->dae;
    const mo_flat *flat = dae->flat;
    unsigned char *done = MO_NEWN(unsigned char, dae->vars.n + 1);
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        bool only_eqs;
        int active = mo_init_when_branch(w, &only_eqs);
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < w->nbranches; k++) {
                if ((pass == 0) != (k == active))
                    continue;
                for (int j = 0; j < w->branches[k].body.n; j++) {
                    const mo_wstmt *s = &w->branches[k].body.v[j];
                    if (s->kind != MO_WS_ASSIGN && s->kind != MO_WS_REINIT)
                        continue;
                    int v = s->lhs->var;
                    if (pass == 0) {   /* the active branch: v = e, reinit(x, e) as x = e */
                        mo_expr *lhs = dae_expr(c, s->lhs, sub), *rhs = dae_expr(c, s->rhs, sub);
                        if (lhs && rhs)
                            add_init_eq(dae, s->loc, w->instance, lhs, rhs);
                        if (s->kind == MO_WS_ASSIGN)
                            done[v] = 1;
                    } else if (s->kind == MO_WS_ASSIGN && !done[v]) {
                        done[v] = 1;
                        add_init_eq(dae, s->loc, w->instance, mo_sym_var(s->lhs->loc, v),
                                    mo_sym_var(s->lhs->loc, mo_dae_pre_var(dae, v)));
                    }
                }
            }
    }
}

/* The discrete outputs of algorithm sections (assigned in when-statements) keep their pre values at
 * initialization: the sections' when-statements fire in the initial event (when initial() too). */
static void alg_discrete(mo_dae *dae)
{
    for (int i = 0; i < dae->algs.n; i++) {
        const mo_falg *f = dae->algs.v[i].src;
        for (int k = 0; k < f->nout && !f->initial; k++) {
            int v = f->outs[k];
            if (dae->vars.v[v].kind != MO_DV_DISCRETE)
                continue;
            mo_loc loc = mo_dae_var_loc(dae, v);
            add_init_eq(dae, f->loc, f->instance, mo_sym_var(loc, v), mo_sym_var(loc, mo_dae_pre_var(dae, v)));
        }
    }
}

/* Parameters with fixed = false and those whose bindings use them: unknowns of the initial system,
 * solved from their bindings when they have one. */
static void unfixed_params(ictx *c)
{
    mo_dae *dae = c->dae;
    const mo_flat *flat = dae->flat;
    unsigned char *seen = MO_NEWN(unsigned char, dae->vars.n + 1);
    /* those an initial algorithm section computes run at the end of init_params instead (alg.c) */
    unsigned char *by_alg = MO_NEWN(unsigned char, flat->vars.n + 1);
    for (int i = 0; i < flat->algs.n; i++)
        for (int k = 0; k < flat->algs.v[i].nout && flat->algs.v[i].initial; k++)
            by_alg[flat->algs.v[i].outs[k]] = 1;
    mo_int_vec used = {0};
    for (int i = 0; i < dae->nparam_order; i++) {
        int p = dae->param_order[i];
        mo_dvar *d = &dae->vars.v[p];
        if (d->kind != MO_DV_PARAMETER || d->flat < 0 || by_alg[d->flat])
            continue;
        const mo_var *fv = &dae->flat->vars.v[d->flat];
        bool eok = true;
        if (fv->attr->fixed && mo_eval(fv->attr->fixed, NULL, &eok) == 0 && eok)
            d->unfixed_param = true;
        if (!d->unfixed_param && fv->binding) {
            used.n = 0;
            mo_expr_collect_vars(fv->binding, seen, &used);
            for (int k = 0; k < used.n; k++) {
                seen[used.v[k]] = 0;
                if (dae->vars.v[used.v[k]].unfixed_param)
                    d->unfixed_param = true;
            }
        }
        if (d->unfixed_param && fv->binding)
            add_init_eq(dae, fv->attr->loc, "", mo_sym_var(fv->attr->loc, p), fv->binding);
    }
}

/* pre(vc) = vc, and pre(vd) = start for a discrete-time vd with a fixed start. */
static void pre_equations(mo_dae *dae)
{
    for (int p = 0; p < dae->vars.n; p++) {
        const mo_dvar *d = &dae->vars.v[p];
        if (d->kind != MO_DV_PRE)
            continue;
        int v = d->pre_of;
        mo_loc loc = mo_dae_var_loc(dae, v);
        if (!mo_dae_discrete_time(dae, v))
            add_init_eq(dae, loc, "", mo_sym_var(loc, p), mo_sym_var(loc, v));
        else if (dae->vars.v[v].fixed)
            add_init_eq(dae, loc, "", mo_sym_var(loc, p), dae->vars.v[v].start ? dae->vars.v[v].start
                                                                            : mo_sym_num(loc, 0));
    }
}

void mo_dae_init_params(mo_dae *dae)
{
    ictx c = {dae, true};
    unfixed_params(&c);
}

bool mo_dae_init_build(mo_dae *dae, mo_expr *const *sub)
{
    ictx c = {dae, true};
    lower_eqs(&c, dae->eqs.v, dae->eqs.n);
    lower_eqs(&c, dae->init_eqs.v, dae->init_eqs.n);
    when_equations(&c, sub);
    alg_discrete(dae);
    pre_equations(dae);
    return c.ok;
}
