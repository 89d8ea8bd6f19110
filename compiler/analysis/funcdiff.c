/*
 * funcdiff.c - what differentiation (diff.c) needs of a call of a user-defined function.
 *
 * Input: a flat call (mo_expr.func set, one argument per input slot) over DAE variables. Output:
 *   - mo_func_der_call: the call of the function's derivative annotation, f_der(x..., dx...), whose
 *     value is the derivative of the call's output (the specification's convention: the inputs of f,
 *     then the derivatives of its Real inputs not listed in noDerivative/zeroDerivative; the outputs
 *     are the derivatives of f's Real outputs, in order). Because f_der is linear in the derivative
 *     inputs, the same call serves time derivatives (dx = der(x)) and partial ones (dx = d x / d v).
 *   - mo_func_inline: the call's value as an expression of its arguments, when the function's
 *     algorithm is a chain of single assignments (mo_func.inlinable), so that it can be differentiated
 *     symbolically like any expression.
 * Both return NULL when they do not apply; diff.c then reports the call.
 */
#include "func.h"

mo_expr *mo_func_der_call(const mo_expr *call, mo_expr *const *dargs)
{
    const mo_func *f = call->func, *g = f->derivative;
    if (!g)
        return NULL;
    if (f->vars.v[f->nin + call->func_out].type != MO_T_REAL)
        return mo_sym_num(call->loc, 0);
    mo_expr **args = MO_NEWN(mo_expr *, g->nin + 1);
    int n = 0;
    for (int s = 0; s < f->nin; s++)
        args[n++] = call->a[s];
    for (int q = 0; q < f->inputs.n; q++) {
        const mo_fparam *p = &f->inputs.v[q];
        for (int s = p->first; s < p->first + p->count; s++) {
            if (f->vars.v[s].type != MO_T_REAL)
                continue;
            double z;
            if (p->zero_der && !(dargs[s] && mo_sym_is_num(dargs[s], &z) && z == 0))
                return NULL;   /* the annotation holds only where this input is constant */
            if (!p->no_der)
                args[n++] = dargs[s] ? dargs[s] : mo_sym_num(call->loc, 0);
        }
    }
    if (n != g->nin)
        mo_unreachable("derivative function signature checked at flattening");
    int k = 0;
    for (int j = 0; j < call->func_out; j++)
        k += f->vars.v[f->nin + j].type == MO_T_REAL;
    return mo_func_call_expr(call->loc, g, args, k);
}

mo_expr *mo_func_inline(const mo_expr *call)
{
    const mo_func *f = call->func;
    if (!f->inlinable)
        return NULL;
    mo_expr **env = MO_NEWN(mo_expr *, f->vars.n + 1);
    for (int s = 0; s < f->nin; s++)
        env[s] = call->a[s];
    for (int s = f->nin; s < f->vars.n; s++)
        if (f->vars.v[s].binding)
            env[s] = mo_expr_subst(f->vars.v[s].binding, env);
    for (int i = 0; i < f->body.n; i++) {
        const mo_fstmt *st = f->body.v[i];
        env[st->targets[0]] = mo_expr_subst(st->value, env);
    }
    return env[f->nin + call->func_out];
}
