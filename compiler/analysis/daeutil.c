/*
 * daeutil.c - helpers of the analysis stages (see daeutil.h): derivative variables, message texts and
 * locations, incidence of equations, the dependency order of parameter bindings and numeric start
 * values.
 *
 * Input: a mo_dae as dae.c builds it. Everything here is linear in the size of what it looks at; the
 * parameter order uses Kahn's algorithm on an explicit queue, so a chain of 10^5 parameters bound to
 * each other needs no recursion.
 */
#include "daeutil.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int mo_dae_add_var(mo_dae *dae, const char *name, mo_dkind kind)
{
    mo_dvar nv;
    memset(&nv, 0, sizeof nv);
    nv.name = mo_intern_cstr(name);
    nv.flat = -1;
    nv.kind = kind;
    nv.der = nv.der_of = nv.alias_of = nv.slot = nv.pre = nv.pre_of = -1;
    nv.state_select = MO_SS_DEFAULT;
    MO_PUSH(dae->vars, nv);
    return dae->vars.n - 1;
}

int mo_dae_new_der(mo_dae *dae, int v)
{
    if (dae->vars.v[v].der >= 0)
        return dae->vars.v[v].der;
    int idx = mo_dae_add_var(dae, mo_sprintf("der(%s)", dae->vars.v[v].name), MO_DV_ALGEBRAIC);
    dae->vars.v[idx].der_of = v;
    dae->vars.v[v].der = idx;
    return idx;
}

mo_expr *mo_dae_map_operands(const mo_expr *e, mo_expr *(*f)(void *ctx, const mo_expr *x), void *ctx)
{
    if (e->kind == MO_EX_VAR || (e->n == 0 && e->nnamed == 0))
        return (mo_expr *)e;
    mo_expr **a = NULL;
    for (int i = 0; i < e->n; i++) {
        if (!e->a[i])
            continue;
        mo_expr *x = f(ctx, e->a[i]);
        if (!x)
            return NULL;
        if (x != e->a[i] && !a) {
            a = MO_NEWN(mo_expr *, e->n);
            memcpy(a, e->a, sizeof(mo_expr *) * (size_t)e->n);
        }
        if (a)
            a[i] = x;
    }
    mo_named_arg *named = NULL;
    for (int i = 0; i < e->nnamed; i++) {
        mo_expr *x = f(ctx, e->named[i].value);
        if (!x)
            return NULL;
        if (x != e->named[i].value && !named) {
            named = MO_NEWN(mo_named_arg, e->nnamed);
            memcpy(named, e->named, sizeof(mo_named_arg) * (size_t)e->nnamed);
        }
        if (named)
            named[i].value = x;
    }
    if (!a && !named)
        return (mo_expr *)e;
    mo_expr *r = mo_expr_dup(e);
    if (a)
        r->a = a;
    if (named)
        r->named = named;
    return r;
}

int mo_dae_resolve(const mo_dae *dae, int v, bool *negated, const mo_expr **value, int *last)
{
    bool neg = false;
    const mo_expr *val = NULL;
    int at = v;
    for (int guard = 0; v >= 0 && dae->vars.v[v].kind == MO_DV_ALIAS; guard++) {
        const mo_dvar *a = &dae->vars.v[v];
        if (guard > dae->vars.n)
            mo_unreachable("alias cycle");
        at = v;
        neg ^= a->alias_negated;
        if (a->alias_of < 0)
            val = a->alias_value;
        v = a->alias_of;
    }
    if (negated)
        *negated = neg;
    if (value)
        *value = val;
    if (last)
        *last = at;
    return v;
}

bool mo_dae_is_unknown(const mo_dae *dae, int v)
{
    switch (dae->vars.v[v].kind) {
    case MO_DV_STATE: case MO_DV_DERIVATIVE: case MO_DV_ALGEBRAIC:
        return true;
    default:
        return false;
    }
}

/* (daeutil.h) Recursion over one expression only. */
bool mo_dae_expr_varies(const mo_dae *dae, const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_TIME)
        return true;
    if (e->kind == MO_EX_VAR && e->var >= 0 && e->var < dae->vars.n) {
        const mo_expr *value = NULL;
        int v = mo_dae_resolve(dae, e->var, NULL, &value, NULL);
        if (!value && v >= 0 && dae->vars.v[v].kind != MO_DV_PARAMETER && dae->vars.v[v].kind != MO_DV_CONSTANT)
            return true;
    }
    for (int i = 0; i < e->n; i++)
        if (mo_dae_expr_varies(dae, e->a[i]))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (mo_dae_expr_varies(dae, e->named[i].value))
            return true;
    return false;
}

bool mo_dae_is_init_unknown(const mo_dae *dae, int v)
{
    const mo_dvar *d = &dae->vars.v[v];
    return mo_dae_is_unknown(dae, v) || d->kind == MO_DV_DISCRETE || d->kind == MO_DV_PRE || d->unfixed_param;
}

mo_loc mo_dae_var_loc(const mo_dae *dae, int v)
{
    /* derivative chains are short (the order of the highest derivative); pre(v) points at v */
    while (dae->vars.v[v].flat < 0 && (dae->vars.v[v].der_of >= 0 || dae->vars.v[v].pre_of >= 0))
        v = dae->vars.v[v].der_of >= 0 ? dae->vars.v[v].der_of : dae->vars.v[v].pre_of;
    int f = dae->vars.v[v].flat;
    if (f >= 0 && dae->flat)
        return dae->flat->vars.v[f].attr->loc;
    mo_loc none = {0};
    return none;
}

mo_loc mo_dae_model_loc(const mo_dae *dae)
{
    mo_loc none = {0};
    return dae->flat && dae->flat->cls ? dae->flat->cls->loc : none;
}

void mo_dae_eq_put(const mo_dae *dae, mo_buf *b, const mo_deq *eq, size_t max)
{
    if (eq->alg) {   /* a pseudo-equation (dae.h): its output */
        mo_buf_puts(b, "algorithm section: ");
        mo_expr_print_max(b, eq->lhs, mo_dae_var_name, (void *)dae, max);
        mo_buf_puts(b, " := ...");
        return;
    }
    mo_expr_print_max(b, eq->lhs, mo_dae_var_name, (void *)dae, max);
    mo_buf_puts(b, " = ");
    mo_expr_print_max(b, eq->rhs, mo_dae_var_name, (void *)dae, max);
}

const char *mo_dae_eq_text(const mo_dae *dae, const mo_deq *eq)
{
    mo_buf b = {0};
    mo_dae_eq_put(dae, &b, eq, 0);
    return mo_buf_str(&b);
}

const char *mo_dae_eq_brief(const mo_dae *dae, const mo_deq *eq)
{
    mo_buf b = {0};
    mo_dae_eq_put(dae, &b, eq, MO_DAE_TEXT_CAP + 1);
    if (b.len <= MO_DAE_TEXT_CAP)
        return mo_buf_str(&b);
    size_t n = MO_DAE_TEXT_CAP;
    while (n > 0 && ((unsigned char)b.s[n] & 0xC0) == 0x80)   /* not inside a UTF-8 character */
        n--;
    return mo_sprintf("%.*s ...", (int)n, b.s);
}

/* The variables of e, each once (seen[]), appended to *out. late: a call that mo_dae_inline will inline
 * is read through its body. ch: each x[k] over an array of elements (flat.h) appended to *chout as its
 * choice (once per stamp) instead of its elements to *out; NULL: the elements as any operand. */
static void walk_vars(const mo_expr *e, bool late, unsigned char *seen, mo_int_vec *out, mo_dae_choices *ch,
                      mo_int_vec *chout, mo_dag *w)
{
    if (!e || !mo_dag_first(w, e))   /* (a shared node's variables are noted already: ast.h) */
        return;
    mo_dag_nodes++;
    if (e->kind == MO_EX_VAR && e->var >= 0) {
        mo_expr_note_var(e->var, seen, out);
        return;
    }
    if (late && e->kind == MO_EX_CALL && e->func && e->func->inline_late) {
        const mo_expr *inl = e->func->inline_arrays ? mo_func_inline_arrays(e) : mo_func_inline(e);
        if (inl) {
            walk_vars(inl, late, seen, out, ch, chout, w);
            return;
        }
    }
    if (ch && e->kind == MO_EX_INDEX && e->a[0]->kind == MO_EX_ARRAY) {
        walk_vars(e->a[1], late, seen, out, ch, chout, w);
        int id = mo_dae_choice_id(ch, e->a[0]), nv;
        const int *vs = mo_dae_choice_vars(ch, id, &nv);
        if (nv < MO_CHOICE_NODE_MIN) {   /* (small: its variables, as any) */
            for (int i = 0; i < nv; i++)
                mo_expr_note_var(vs[i], seen, out);
        } else if (ch->stamp.v[id] != ch->cur) {
            ch->stamp.v[id] = ch->cur;
            MO_PUSH(*chout, id);
        }
        return;
    }
    for (int i = 0; i < e->n; i++)
        walk_vars(e->a[i], late, seen, out, ch, chout, w);
    for (int i = 0; i < e->nnamed; i++)
        walk_vars(e->named[i].value, late, seen, out, ch, chout, w);
}

int mo_dae_choice_id(mo_dae_choices *ch, const mo_expr *arr)
{
    intptr_t got = (intptr_t)mo_map_get(&ch->ids, (const char *)arr);
    if (got)
        return (int)got - 1;
    int id = ch->n++;
    mo_map_put(&ch->ids, (const char *)arr, (void *)(intptr_t)(id + 1));
    if (ch->seen_n < ch->dae->vars.n) {   /* (index reduction adds variables) */
        ch->seen_n = 2 * ch->dae->vars.n + 16;
        ch->seen = MO_NEWN(unsigned char, ch->seen_n);
    }
    if (!ch->start.n)
        MO_PUSH(ch->start, 0);
    int first = ch->vars.n;
    for (int i = 0; i < arr->n; i++)   /* (nested choices, x[k, j]: their elements) */
        walk_vars(arr->a[i], ch->late, ch->seen, &ch->vars, NULL, NULL, NULL);
    for (int i = first; i < ch->vars.n; i++)
        ch->seen[ch->vars.v[i]] = 0;
    MO_PUSH(ch->start, ch->vars.n);
    MO_PUSH(ch->stamp, 0);
    return id;
}

const int *mo_dae_choice_vars(const mo_dae_choices *ch, int id, int *n)
{
    *n = ch->start.v[id + 1] - ch->start.v[id];
    return ch->vars.v + ch->start.v[id];
}

void mo_dae_eq_incidence(const mo_dae *dae, const mo_deq *eq, unsigned how, unsigned char *seen, mo_int_vec *out,
                         mo_dae_choices *ch, mo_int_vec *chout)
{
    if (eq->alg)   /* algorithm sections are never inlined into */
        how &= ~(unsigned)MO_INC_LATE;
    if (ch) {
        ch->cur++;
        ch->late = how & MO_INC_LATE;
    }
    int first = out->n;
    static mo_dag dag;
    mo_dag *walk = mo_dag_begin(&dag);
    walk_vars(eq->lhs, how & MO_INC_LATE, seen, out, ch, chout, walk);
    walk_vars(eq->rhs, how & MO_INC_LATE, seen, out, ch, chout, walk);
    mo_dag_end(walk);
    if ((how & MO_INC_INPUTS) && eq->alg_first) {
        /* the inputs of an algorithm section: on its first pseudo-equation (dae.h) */
        const mo_dalg *a = &dae->algs.v[eq->alg - 1];
        for (int k = 0; k < a->nin; k++) {
            int v = mo_dae_resolve(dae, a->ins[k], NULL, NULL, NULL);
            if (v >= 0)
                mo_expr_note_var(v, seen, out);
        }
    }
    int w = first;
    for (int i = first; i < out->n; i++) {
        seen[out->v[i]] = 0;
        if (!(how & MO_INC_UNKNOWNS) || mo_dae_is_unknown(dae, out->v[i]))
            out->v[w++] = out->v[i];
    }
    out->n = w;
}

void mo_dae_eq_vars(const mo_dae *dae, const mo_deq *eq, bool inputs, unsigned char *seen, mo_int_vec *out)
{
    mo_dae_eq_incidence(dae, eq, inputs ? MO_INC_INPUTS : 0, seen, out, NULL, NULL);
}

void mo_dae_eq_unknowns(const mo_dae *dae, const mo_deq *eq, unsigned char *seen, mo_int_vec *out)
{
    mo_dae_eq_incidence(dae, eq, MO_INC_INPUTS | MO_INC_UNKNOWNS, seen, out, NULL, NULL);
}

void mo_dae_eq_deps(const mo_dae *dae, const mo_deq *eq, unsigned char *seen, mo_int_vec *out)
{
    mo_dae_eq_incidence(dae, eq, MO_INC_INPUTS | MO_INC_UNKNOWNS | MO_INC_LATE, seen, out, NULL, NULL);
}

void mo_dae_eq_matchable(const mo_dae *dae, const mo_deq *eq, unsigned char *seen, mo_int_vec *out)
{
    mo_dae_eq_incidence(dae, eq, MO_INC_UNKNOWNS, seen, out, NULL, NULL);
}

static void note_more(int n)
{
    if (n > MO_DAE_NOTE_CAP) {
        mo_loc none = {0};
        mo_note(none, "and %d more", n - MO_DAE_NOTE_CAP);
    }
}

const mo_deq *mo_dae_eq_at(const mo_dae *dae, int eq)
{
    return eq < dae->eqs.n ? &dae->eqs.v[eq] : &dae->init_eqs.v[eq - dae->eqs.n];
}

void mo_dae_note_eqs(const mo_dae *dae, const int *eqs, int n, const char *what)
{
    for (int i = 0; i < n && i < MO_DAE_NOTE_CAP; i++) {
        const mo_deq *eq = mo_dae_eq_at(dae, eqs[i]);
        const char *text = mo_dae_eq_brief(dae, eq);
        if (eq->diff_of >= 0) {
            int k = 0;
            for (const mo_deq *p = eq; p->diff_of >= 0; p = &dae->eqs.v[p->diff_of])
                k++;
            text = mo_sprintf("%s (derivative %d of the equation)", text, k);
        }
        if (eq->alg) {   /* a pseudo-equation (dae.h): named by its output */
            mo_buf v = {0};
            mo_expr_print(&v, eq->lhs, mo_dae_var_name, (void *)dae);
            mo_note(eq->loc, "the algorithm section%s%s%s that assigns '%s' %s", eq->instance[0] ? " in '" : "",
                    eq->instance, eq->instance[0] ? "'" : "", mo_buf_str(&v), what);
        } else if (eq->instance && eq->instance[0])
            mo_note(eq->loc, "equation '%s' in '%s' %s", text, eq->instance, what);
        else
            mo_note(eq->loc, "equation '%s' %s", text, what);
    }
    note_more(n);
}

void mo_dae_note_vars(const mo_dae *dae, const int *vars, int n, const char *what)
{
    for (int i = 0; i < n && i < MO_DAE_NOTE_CAP; i++)
        mo_note(mo_dae_var_loc(dae, vars[i]), "variable '%s' %s", dae->vars.v[vars[i]].name, what);
    note_more(n);
}

/* ---- parameter order ---- */

static bool is_param(const mo_dae *dae, int v)
{
    return dae->vars.v[v].kind == MO_DV_PARAMETER || dae->vars.v[v].kind == MO_DV_CONSTANT;
}

static const mo_expr *param_expr(const mo_dae *dae, int v)
{
    const mo_dvar *d = &dae->vars.v[v];
    if (d->flat >= 0 && dae->flat->vars.v[d->flat].binding)
        return dae->flat->vars.v[d->flat].binding;
    return d->start;
}

/* The value of a Boolean condition that constants and annotation(Evaluate = true) parameters decide
 * (18.3: fold.c uses their values at translation, and -override refuses them), -1 when it depends on
 * anything else. Bounded depth (a chain of bindings). */
static int evaluated_cond(const mo_dae *dae, const mo_expr *e, int depth)
{
    if (!e || depth > 32)
        return -1;
    if (e->kind == MO_EX_BOOL)
        return e->ival != 0;
    if (e->kind == MO_EX_UNARY && e->op == MO_OP_NOT) {
        int v = evaluated_cond(dae, e->a[0], depth + 1);
        return v < 0 ? -1 : !v;
    }
    if (e->kind != MO_EX_VAR || e->var < 0 || !is_param(dae, e->var))
        return -1;
    const mo_dvar *d = &dae->vars.v[e->var];
    if (d->unfixed_param || (d->kind != MO_DV_CONSTANT && (d->flat < 0 ||
                                                           !(dae->flat->vars.v[d->flat].flags & MO_FV_EVALUATE))))
        return -1;
    return evaluated_cond(dae, param_expr(dae, e->var), depth + 1);
}

/* The variables a parameter's binding depends on: those of e, but of an if-expression whose conditions
 * such parameters decide only the branch taken (the Fluid library's T_start = if use_T_start then
 * system.T_start else temperature_phX(p_start, h_start, X_start) and h_start = if use_T_start then
 * specificEnthalpy_pTX(p_start, T_start, X_start) else h_default are a cycle only on paper). Recursion
 * over one expression. */
static void param_deps(const mo_dae *dae, const mo_expr *e, unsigned char *seen, mo_int_vec *out)
{
    if (!e)
        return;
    if (e->kind != MO_EX_IF || e->n % 2 == 0) {
        if (e->kind == MO_EX_VAR) {
            mo_expr_collect_vars(e, seen, out);
            return;
        }
        for (int i = 0; i < e->n; i++)
            param_deps(dae, e->a[i], seen, out);
        for (int i = 0; i < e->nnamed; i++)
            param_deps(dae, e->named[i].value, seen, out);
        return;
    }
    int k = 0;
    for (; k + 1 < e->n; k += 2) {
        int c = evaluated_cond(dae, e->a[k], 0);
        param_deps(dae, e->a[k], seen, out);
        if (c == 1) {
            param_deps(dae, e->a[k + 1], seen, out);
            return;
        }
        if (c < 0)
            break;
    }
    for (; k < e->n; k++)
        param_deps(dae, e->a[k], seen, out);
}

int mo_dae_order_params(mo_dae *dae)
{
    int n = dae->vars.n;
    unsigned char *seen = MO_NEWN(unsigned char, n);
    /* edges dep -> p for every parameter dep used in p's binding, in CSR by dep */
    MO_VEC(int) from = {0};
    MO_VEC(int) to = {0};
    mo_int_vec used = {0};
    int *indeg = MO_NEWN(int, n);
    for (int p = 0; p < n; p++) {
        if (!is_param(dae, p))
            continue;
        used.n = 0;
        param_deps(dae, param_expr(dae, p), seen, &used);
        for (int i = 0; i < used.n; i++) {
            seen[used.v[i]] = 0;
            if (is_param(dae, used.v[i])) {
                MO_PUSH(from, used.v[i]);
                MO_PUSH(to, p);
                indeg[p]++;
            }
        }
    }
    int *start = MO_NEWN(int, n + 1), *adj = MO_NEWN(int, from.n + 1);
    for (int i = 0; i < from.n; i++)
        start[from.v[i] + 1]++;
    for (int v = 0; v < n; v++)
        start[v + 1] += start[v];
    int *fill = MO_NEWN(int, n);
    for (int v = 0; v < n; v++)
        fill[v] = start[v];
    for (int i = 0; i < from.n; i++)
        adj[fill[from.v[i]]++] = to.v[i];

    /* Kahn: parameters in declaration order as far as the dependencies allow */
    int *order = MO_NEWN(int, n + 1), head = 0, tail = 0, nparam = 0;
    for (int p = 0; p < n; p++)
        if (is_param(dae, p)) {
            nparam++;
            if (indeg[p] == 0)
                order[tail++] = p;
        }
    while (head < tail) {
        int p = order[head++];
        for (int k = start[p]; k < start[p + 1]; k++)
            if (--indeg[adj[k]] == 0)
                order[tail++] = adj[k];
    }
    dae->param_order = order;
    dae->nparam_order = tail;
    if (tail == nparam)
        return 0;

    /* A cycle: from a parameter left over, follow left-over dependencies until one repeats. Every
     * left-over parameter has a left-over dependency, so the walk stays among them. */
    int first = -1;
    for (int p = 0; p < n && first < 0; p++)
        if (is_param(dae, p) && indeg[p] > 0)
            first = p;
    int *pos = MO_NEWN(int, n); /* position on the walk + 1 */
    MO_VEC(int) walk = {0};
    int p = first;
    while (!pos[p]) {
        MO_PUSH(walk, p);
        pos[p] = walk.n;
        used.n = 0;
        param_deps(dae, param_expr(dae, p), seen, &used);
        int next = -1;
        for (int i = 0; i < used.n; i++) {
            seen[used.v[i]] = 0;
            if (next < 0 && is_param(dae, used.v[i]) && indeg[used.v[i]] > 0)
                next = used.v[i];
        }
        if (next < 0)
            mo_unreachable("parameter cycle walk left the cycle");
        p = next;
    }
    /* the cycle is walk[pos[p]-1 ..], each binding using the next */
    mo_buf b = {0};
    int c0 = pos[p] - 1;
    for (int i = c0; i < walk.n; i++)
        mo_buf_printf(&b, "'%s' -> ", dae->vars.v[walk.v[i]].name);
    mo_buf_printf(&b, "'%s'", dae->vars.v[walk.v[c0]].name);
    mo_error(mo_dae_var_loc(dae, walk.v[c0]), "the bindings of these parameters form a cycle: %s",
             mo_buf_str(&b));
    for (int i = c0 + 1; i < walk.n && i - c0 <= MO_DAE_NOTE_CAP; i++)
        mo_note(mo_dae_var_loc(dae, walk.v[i]), "'%s' is declared here", dae->vars.v[walk.v[i]].name);
    return 1;
}

/* ---- start values ---- */

static double eval_or_nan(const mo_expr *e, const double *vals)
{
    bool ok = true;
    double v = mo_eval(e, vals, &ok);
    return ok ? v : NAN;
}

double *mo_dae_start_values(const mo_dae *dae)
{
    int n = dae->vars.n;
    double *vals = MO_NEWN(double, n);
    for (int v = 0; v < n; v++)
        vals[v] = NAN;
    for (int i = 0; i < dae->nparam_order; i++) {
        int p = dae->param_order[i];
        const mo_expr *e = param_expr(dae, p);
        bool ok = true;
        double x = e ? mo_eval_fns(e, vals, &ok) : 0;   /* with the calls of user functions (Spice3) */
        vals[p] = ok ? x : NAN;
    }
    for (int v = 0; v < n; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        if (mo_dae_is_unknown(dae, v))
            vals[v] = d->start ? eval_or_nan(d->start, vals) : 0;
    }
    for (int v = 0; v < n; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        if (d->kind == MO_DV_DISCRETE)
            vals[v] = d->start ? eval_or_nan(d->start, vals) : 0;
    }
    for (int v = 0; v < n; v++)
        if (dae->vars.v[v].kind == MO_DV_PRE)
            vals[v] = vals[dae->vars.v[v].pre_of];
    /* aliases point at kept variables directly (alias elimination resolves chains) */
    for (int v = 0; v < n; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        if (d->kind != MO_DV_ALIAS)
            continue;
        if (d->alias_of >= 0)
            vals[v] = d->alias_negated ? -vals[d->alias_of] : vals[d->alias_of];
        else
            vals[v] = d->alias_value ? eval_or_nan(d->alias_value, vals) : NAN;
    }
    return vals;
}

