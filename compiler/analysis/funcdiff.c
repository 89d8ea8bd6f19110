/*
 * funcdiff.c - what differentiation (diff.c) needs of a call of a user-defined function.
 *
 * Input: a flat call (mo_expr.func set, one argument per input slot) over DAE variables. Output:
 *   - mo_func_der_call: the call of the function's derivative annotation, f_der(x..., dx...), whose
 *     value is the derivative of the call's output (the specification's convention: the inputs of f,
 *     then the derivatives of its Real inputs not listed in noDerivative/zeroDerivative; the outputs
 *     are the derivatives of f's Real outputs, in order). Because f_der is linear in the derivative
 *     inputs, the same call serves time derivatives (dx = der(x)) and partial ones (dx = d x / d v),
 *     except for what f_der assumes of the motion of its noDerivative inputs: a partial derivative
 *     subtracts f_der(x, 0).
 *   - mo_func_der2_call: for a call of g_der that names g's second derivative (derivative(order = 2) =
 *     g_der2), g_der2 of its arguments and the time derivatives of its last ones (its derivative inputs).
 *   - mo_func_inline: the call's value as an expression of its arguments, when the function's
 *     algorithm is a chain of single assignments (mo_func.inlinable), so that it can be differentiated
 *     symbolically like any expression.
 * Both return NULL when they do not apply; diff.c then reports the call.
 *   - mo_func_partials: the bodies of partial derivatives of functions (f = der(g, u), 12.7.2), right
 *     after flattening: g's call inlined over f's slots and differentiated by u.
 *   - mo_dae_inline: after index reduction, the calls of functions whose annotation asks for inlining
 *     (Inline, LateInline, InlineAfterIndexReduction) replaced by their inlined value, so that sorting
 *     sees what the value really depends on (Move's position(q_qd_qdd) reads q_qd_qdd[1] only). Array arguments (nested
 * MO_EX_ARRAY in the flat model) have arrays of derivatives; functions with arrays are never inlined.
 */
#include "func.h"
#include "daeutil.h"

/* Is e zero: a number, or an array of zeros (the derivative of an array argument)? */
static bool all_zero(const mo_expr *e)
{
    double z;
    if (e->kind == MO_EX_ARRAY) {
        for (int i = 0; i < e->n; i++)
            if (!all_zero(e->a[i]))
                return false;
        return true;
    }
    return mo_sym_is_num(e, &z) && z == 0;
}

/* An array like the nested array a, of zeros. */
static mo_expr *zeros_like(const mo_expr *a, mo_loc loc)
{
    if (!a || a->kind != MO_EX_ARRAY)
        return mo_sym_num(loc, 0);
    mo_expr *r = mo_expr_dup(a);
    r->a = MO_NEWN(mo_expr *, a->n > 0 ? a->n : 1);
    for (int i = 0; i < a->n; i++)
        r->a[i] = zeros_like(a->a[i], loc);
    return r;
}

/* The call of f's derivative function g on the call's arguments and the derivatives dargs (NULL: zero);
 * NULL when an input's annotation forbids it. *seeded: some derivative argument is not zero; *no_der:
 * some Real input is listed in noDerivative. */
static mo_expr *der_call(const mo_expr *call, mo_expr *const *dargs, bool partial, bool *seeded, bool *no_der)
{
    const mo_func *f = call->func, *g = f->derivative;
    mo_expr **args = MO_NEWN(mo_expr *, g->nin + 1);
    int n = 0;
    for (int s = 0; s < f->nin; s++)
        args[n++] = call->a[s];
    for (int q = 0; q < f->inputs.n; q++) {
        const mo_fparam *p = &f->inputs.v[q];
        for (int s = p->first; s < p->first + p->count; s++) {
            if (f->vars.v[s].type != MO_T_REAL)
                continue;
            bool zero = !dargs[s] || all_zero(dargs[s]);   /* (NULL: zero) */
            if (p->zero_der && !zero)
                return NULL;   /* the annotation holds only where this input is constant */
            /* noDerivative: the derivative function assumes how such an input moves in time (Move's
             * position(q_qd_qdd) reads der(q) from q_qd_qdd[2]), so it gives no partial derivative
             * with respect to a variable the input depends on */
            if (partial && p->no_der && !zero)
                return NULL;
            *no_der = *no_der || p->no_der;
            if (p->no_der)
                continue;
            args[n++] = dargs[s] ? dargs[s] : zeros_like(call->a[s], call->loc);
            *seeded = *seeded || !zero;
        }
    }
    if (n != g->nin)
        mo_unreachable("derivative function signature checked at flattening");
    int k = 0;
    for (int j = 0; j < call->func_out; j++)
        k += f->vars.v[f->nin + j].type == MO_T_REAL;
    /* the derivative of element func_el of an array output is that element of the derivative's output */
    return mo_func_call_expr(call->loc, g, args, k, call->func_el);
}

mo_expr *mo_func_der_call(const mo_expr *call, mo_expr *const *dargs, bool partial)
{
    const mo_func *f = call->func;
    if (!f->derivative)
        return NULL;
    if (f->vars.v[f->nin + call->func_out].type != MO_T_REAL)
        return mo_sym_num(call->loc, 0);
    bool seeded = false, no_der = false;
    mo_expr *r = der_call(call, dargs, partial, &seeded, &no_der);
    if (!r || !partial || !no_der)
        return r;
    /* A partial derivative through a function with noDerivative inputs (those the check above found
     * independent of the variable): the derivative function also adds what it assumes of their motion
     * in time (Frames.resolve2_der(R, v1, v1_der) = resolve2(R, v1_der) - cross(R.w, resolve2(R, v1)):
     * R turns at R.w), a term that does not depend on the derivative arguments. The partial derivative
     * is the part that does, g(x, dx) - g(x, 0): 0 when no derivative argument is seeded. */
    if (!seeded)
        return mo_sym_num(call->loc, 0);
    mo_expr **none = MO_NEWN(mo_expr *, f->nin + 1);
    return mo_sym_sub(r, der_call(call, none, partial, &seeded, &no_der));
}

mo_expr *mo_func_der2_call(const mo_expr *call, mo_expr *const *dtail)
{
    const mo_func *f = call->func, *g = f->derivative2;
    int k = g->nin - f->nin;
    mo_expr **args = MO_NEWN(mo_expr *, g->nin + 1);
    for (int s = 0; s < f->nin; s++)
        args[s] = call->a[s];
    for (int j = 0; j < k; j++)
        args[f->nin + j] = dtail[j];
    return mo_func_call_expr(call->loc, g, args, call->func_out, call->func_el);
}

mo_expr *mo_func_inline(const mo_expr *call)
{
    const mo_func *f = call->func;
    if (!f->inlinable)
        return NULL;
    /* (array inputs are read at literal subscripts only: their elements, mo_func_fold) */
    mo_expr **env = MO_NEWN(mo_expr *, f->vars.n + 1);
    for (int s = 0; s < f->nin; s++)
        env[s] = call->a[s];
    for (int s = f->nin; s < f->vars.n; s++)
        if (f->vars.v[s].binding)
            env[s] = mo_func_fold(mo_expr_subst(f->vars.v[s].binding, env));
    for (int i = 0; i < f->body.n; i++) {
        const mo_fstmt *st = f->body.v[i];
        env[st->targets[0]] = mo_func_fold(mo_expr_subst(st->value, env));
    }
    return env[f->nin + call->func_out];
}


/* ---- partial derivatives of functions (12.7.2) ---- */

/* f = der(g, u1, ...): each output of f, the derivative of g's output by u1, then u2 ... (the call of g
 * over f's own slots inlined, then differentiated symbolically); false after an error. A partial
 * derivative of a partial derivative is filled after the one it differentiates. */
static bool fill_partial(mo_func *f, int depth)
{
    mo_func *g = (mo_func *)f->pder_of;
    if (f->body.n)
        return true;
    if (g->pder_of && (depth > 64 || !fill_partial(g, depth + 1)))
        return false;
    if (!g->inlinable) {
        mo_error(f->loc, "not supported yet: the partial derivative of '%s', whose algorithm is not a chain of "
                 "single assignments of scalars (specification 12.7.2)", g->name);
        return false;
    }
    mo_fstmt_list body = {f->nout, MO_NEWN(mo_fstmt *, f->nout + 1)};
    for (int k = 0; k < f->nout; k++) {
        mo_expr **args = MO_NEWN(mo_expr *, g->nin + 1);
        for (int s = 0; s < g->nin; s++)
            args[s] = mo_sym_var(f->loc, s);
        mo_expr *v = mo_func_inline(mo_func_call_expr(f->loc, g, args, k, 0));
        for (int i = 0; v && i < f->npder; i++)
            v = mo_diff_var(v, f->pder_wrt[i]);
        if (!v) {
            mo_error(f->loc, "not supported yet: the partial derivative of '%s': its output '%s' cannot be "
                     "differentiated symbolically", g->name, g->vars.v[g->nin + k].name);
            return false;
        }
        mo_fstmt *st = MO_NEW(mo_fstmt);
        st->kind = MO_ST_ASSIGN;
        st->loc = f->loc;
        st->text = mo_sprintf("%s := (the derivative of %s's output by its input%s)", f->vars.v[f->nin + k].name,
                              g->name, f->npder > 1 ? "s" : "");
        st->ntargets = 1;
        st->targets = MO_NEWN(int, 1);
        st->targets[0] = f->nin + k;
        st->value = v;
        body.v[k] = st;
    }
    f->body = body;
    f->inlinable = true;   /* (single assignments of scalars, as g's) */
    return true;
}

bool mo_func_partials(mo_flat *flat)
{
    bool ok = true;
    for (int i = 0; i < flat->funcs.n; i++)
        if (flat->funcs.v[i]->pder_of)
            ok = fill_partial(flat->funcs.v[i], 0) && ok;
    return ok;
}

/* ---- inlining after index reduction ---- */

/* ctx: the walk (ast.h, mo_dag), which keeps a shared node's result: a derivative's DAG is rewritten
 * once per node, and stays a DAG */
static mo_expr *inline_late(void *ctx, const mo_expr *e)
{
    mo_expr *r = mo_dag_get(ctx, e);
    mo_dag_nodes++;
    if (r) {
        mo_expr_mark_shared(r);
        return r;
    }
    r = mo_dae_map_operands(e, inline_late, ctx);
    if (r && r->kind == MO_EX_CALL && r->func && r->func->inline_late) {
        /* (its arguments are already expanded; an assignment chain's calls of other functions are
         * inlined in turn or kept: Complex.'*'.multiply's c3 := Complex(...) becomes two products) */
        mo_expr *v = r->func->inline_arrays ? mo_func_inline_arrays(r) : mo_func_inline(r);
        if (v)
            r = v;
    }
    if (r)
        mo_dag_put(ctx, e, r);
    return r;
}

static void inline_eqs(mo_deq *eqs, int n)
{
    static mo_dag dag;
    for (int i = 0; i < n; i++) {
        if (eqs[i].removed)
            continue;
        mo_dag *w = mo_dag_begin(&dag);
        eqs[i].lhs = inline_late(w, eqs[i].lhs);
        eqs[i].rhs = inline_late(w, eqs[i].rhs);
        mo_dag_end(w);
    }
}

void mo_dae_inline(mo_dae *dae)
{
    inline_eqs(dae->eqs.v, dae->eqs.n);
    inline_eqs(dae->init_eqs.v, dae->init_eqs.n);
}
