/*
 * variability.c - the variability of bindings (specification 3.8): a constant's value is a constant
 * expression and a constant has one (3.8.1), a parameter's value is a parameter expression (3.8.2).
 * `parameter Real y = x` with a continuous x, `constant Real c = p` with a parameter p, or a parameter
 * bound to a function of time are errors naming the variable read.
 *
 * Discrete-time Reals (4.5.3): der is not applied to one, and one declared discrete is assigned in a
 * when-clause; a variable of a discrete type, or a Real a when-clause assigns, gets a discrete-time value
 * (3.8.3) (mo_check_discrete).
 *
 * Input: the flat model (packed or not: bindings are the variables' own; a packed record's copies read
 * variables of the same declarations). Output: errors at the binding or the call; returns their
 * number. Expression trees are walked with an explicit stack.
 */
#include "checks.h"
#include "sym.h"

#include <string.h>

typedef MO_VEC(const mo_expr *) expr_stack;

/* The highest variability in e, and a variable (or -1: time, a discrete-time built-in) that has it. */
static mo_variability highest(const mo_flat *flat, const mo_expr *root, int *witness, expr_stack *stack)
{
    mo_variability top = MO_VAR_CONSTANT;
    *witness = -1;
    stack->n = 0;
    MO_PUSH(*stack, root);
    while (stack->n) {
        const mo_expr *e = stack->v[--stack->n];
        mo_variability v = MO_VAR_CONSTANT;
        int w = -1;
        if (e->kind == MO_EX_VAR && e->var >= 0 && e->var < flat->vars.n) {
            v = (mo_variability)flat->vars.v[e->var].variability;
            w = e->var;
        } else if (e->kind == MO_EX_TIME || e->kind == MO_EX_DER) {
            v = MO_VAR_CONTINUOUS;
        } else if (e->kind == MO_EX_CALL) {
            const char *f = mo_sym_fn_name(e);
            if (f && (!strcmp(f, "pre") || !strcmp(f, "edge") || !strcmp(f, "change") || !strcmp(f, "sample") ||
                      !strcmp(f, "initial") || !strcmp(f, "terminal") || !strcmp(f, MO_SM_ACTIVE) ||
                      !strcmp(f, MO_SM_TICKS) || !strcmp(f, MO_SM_TIME)))
                v = MO_VAR_DISCRETE;
        }
        if (v > top) {
            top = v;
            *witness = w;
        }
        for (int i = 0; i < e->n; i++)
            if (e->a[i])
                MO_PUSH(*stack, e->a[i]);
    }
    return top;
}

static const char *variability_name(mo_variability v)
{
    static const char *const names[] = {"constant", "parameter", "discrete-time", "continuous-time"};
    return names[v];
}

int mo_check_variability(const mo_flat *flat)
{
    int errors = 0;
    expr_stack stack = {0};
    for (int i = 0; i < flat->vars.n; i++) {
        const mo_var *var = &flat->vars.v[i];
        if (var->variability > MO_VAR_PARAMETER)
            continue;
        if (!var->binding) {
            if (var->variability == MO_VAR_CONSTANT && var->type != MO_T_STRING) {
                mo_error(var->attr->loc, "constant '%s' has no value: a constant needs a binding equation "
                         "(specification 3.8.1)", mo_flat_var_name((void *)flat, i));
                errors++;
            }
            continue;
        }
        int w;
        mo_variability v = highest(flat, var->binding, &w, &stack);
        if (v <= (mo_variability)var->variability)
            continue;
        const char *what = w >= 0 ? mo_sprintf("'%s', a %s%s", mo_flat_var_name((void *)flat, w),
                                               variability_name(v), v > MO_VAR_PARAMETER ? " variable" : "")
                                  : mo_sprintf("a %s expression", variability_name(v));
        mo_error(var->binding->loc.file ? var->binding->loc : var->attr->loc,
                 "the value of %s '%s' reads %s; it must be a %s expression (specification 3.8)",
                 variability_name((mo_variability)var->variability), mo_flat_var_name((void *)flat, i), what,
                 variability_name((mo_variability)var->variability));
        errors++;
    }
    return errors;
}

/* ---- discrete-time Reals (4.5.3) ---- */

typedef struct dctx {
    const mo_flat *flat;
    unsigned char *assigned;  /* per variable: assigned in a when-clause */
    expr_stack stack;
    int errors;
} dctx;

static bool discrete_real(const mo_flat *flat, int v)
{
    return v >= 0 && v < flat->vars.n && flat->vars.v[v].variability == MO_VAR_DISCRETE &&
           flat->vars.v[v].type == MO_T_REAL;
}

/* der(v) of a discrete Real v anywhere in e (shift: the equation's var_shift) */
static void der_of_discrete(dctx *c, const mo_expr *root, int shift)
{
    if (!root)
        return;
    c->stack.n = 0;
    MO_PUSH(c->stack, root);
    while (c->stack.n) {
        const mo_expr *e = c->stack.v[--c->stack.n];
        if (e->kind == MO_EX_DER && e->n == 1 && e->a[0]->kind == MO_EX_VAR &&
            discrete_real(c->flat, e->a[0]->var + shift)) {
            mo_error(e->loc, "der of the discrete-time variable '%s': der is not applied to discrete-time "
                     "variables (specification 4.5.3)", mo_flat_var_name((void *)c->flat, e->a[0]->var + shift));
            c->errors++;
            continue;
        }
        if (e->kind == MO_EX_INDEX) {   /* (its elements are alike: flat.h) */
            MO_PUSH(c->stack, e->a[1]);
            MO_PUSH(c->stack, mo_choice_sample(e));
            continue;
        }
        for (int i = 0; i < e->n; i++)
            if (e->a[i])
                MO_PUSH(c->stack, e->a[i]);
    }
}

static void mark_when_targets(void *ctx, const mo_astmt *s, bool in_when)
{
    dctx *c = ctx;
    if (s->kind == MO_AS_ASSIGN && in_when)
        for (int k = 0; k < s->n; k++)
            if (s->targets[k] >= 0 && s->targets[k] < c->flat->vars.n)
                c->assigned[s->targets[k]] = 1;
}

/* Is e (variables shifted by shift) a discrete-time expression (3.8.3)? Relations outside noEvent and the
 * event-generating built-ins are, whatever they read; a Real that no when-clause assigns and that is not
 * declared discrete, time and der are not. *witness: a variable that makes it continuous (-1: time or
 * der). Unknown constructs count as discrete: no good model is refused on a guess. */
static bool discrete_expr(const dctx *c, const mo_expr *e, int shift, bool no_event, int depth, int *witness)
{
    if (!e || depth > 200)
        return true;
    switch ((mo_expr_kind)e->kind) {
    case MO_EX_VAR: {
        int v = e->var + shift;
        if (v < 0 || v >= c->flat->vars.n)
            return true;
        const mo_var *var = &c->flat->vars.v[v];
        if (var->variability < MO_VAR_CONTINUOUS || var->type != MO_T_REAL || c->assigned[v])
            return true;
        *witness = v;
        return false;
    }
    case MO_EX_TIME: case MO_EX_DER:
        *witness = -1;
        return false;
    case MO_EX_BINARY:
        if (!no_event && e->op >= MO_OP_LT && e->op <= MO_OP_GE)
            return true;   /* an event-generating relation */
        break;
    case MO_EX_CALL: {
        const char *f = mo_sym_fn_name(e);
        static const char *const discrete_fns[] = {"pre", "edge", "change", "sample", "initial", "terminal",
                                                   MO_SM_ACTIVE, MO_SM_TICKS, MO_SM_TIME};
        static const char *const event_fns[] = {"integer", "floor", "ceil", "div"};
        for (size_t i = 0; f && i < sizeof discrete_fns / sizeof discrete_fns[0]; i++)
            if (!strcmp(f, discrete_fns[i]))
                return true;
        for (size_t i = 0; f && !no_event && i < sizeof event_fns / sizeof event_fns[0]; i++)
            if (!strcmp(f, event_fns[i]))
                return true;
        if (f && (!strcmp(f, "noEvent") || !strcmp(f, "smooth")))
            no_event = true;
        break;
    }
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (!discrete_expr(c, e->a[i], shift, no_event, depth + 1, witness))
            return false;
    return true;
}

/* The error of a discrete-time variable v given a value that reads w (continuous; -1: time or der). */
static void not_discrete(dctx *c, mo_loc loc, int v, int w)
{
    const mo_var *var = &c->flat->vars.v[v];
    mo_error(loc, "'%s' is a discrete-time %s, but the expression that gives it its value reads %s, which is "
             "continuous-time (specification 3.8.3)", mo_flat_var_name((void *)c->flat, v),
             var->type == MO_T_INTEGER ? "Integer" : var->type == MO_T_BOOLEAN ? "Boolean"
             : var->type == MO_T_REAL ? "Real (a when-clause assigns it)" : "variable",
             w >= 0 ? mo_sprintf("'%s'", mo_flat_var_name((void *)c->flat, w)) : "time or a derivative");
    c->errors++;
}

/* lhs = rhs outside when-clauses: a variable of a discrete type (Integer, Boolean, enumeration, String)
 * on one side and an expression of a discrete type on the other (a discrete-valued equation) needs that
 * expression discrete-time (3.8.3). Judged where the other side's type is known (flat numbering). */
static void discrete_valued(dctx *c, const mo_expr *lhs, const mo_expr *rhs, int shift)
{
    for (int side = 0; side < 2; side++) {
        const mo_expr *v = side ? rhs : lhs, *other = side ? lhs : rhs;
        if (!v || !other || v->kind != MO_EX_VAR || v->var + shift < 0 || v->var + shift >= c->flat->vars.n)
            continue;
        const mo_var *var = &c->flat->vars.v[v->var + shift];
        if (var->type == MO_T_REAL || var->variability != MO_VAR_DISCRETE)
            continue;
        /* judged for the value of a user function's first output (Integer y = f(x)); a Real other side
         * makes a Real equation (y = u with an Integer input u gives y), and a field of a record result
         * (s = mk(time) with an Integer field) is left alone */
        if (other->kind != MO_EX_CALL || !other->func || other->func_out != 0 ||
            (other->func->outputs.n && other->func->outputs.v[0].record))   /* (its first field, too) */
            continue;
        int t = shift ? -1 : mo_func_expr_type(c->flat, NULL, other);
        if (t < 0 || t == MO_T_REAL)
            continue;
        int w = -1;
        if (discrete_expr(c, other, shift, false, 0, &w))
            continue;
        not_discrete(c, other->loc, v->var + shift, w);
        return;
    }
}

/* v := e in an algorithm section outside when-statements, v Integer, Boolean or enumeration (discrete by
 * its type): e must be discrete-time (3.8.3), as the equation v = e must (discrete_valued). Here the
 * target's type is known, so any value is judged ('k := f(x)' with a continuous x changed k between
 * events, unseen: 'when k == 3' never fired). So is a Real that a when-clause assigns (a discrete-time
 * variable, 4.5.3): 'y := time; when c then y := 10; end when;' was sampled at events, silently. */
static void discrete_assign(void *ctx, const mo_astmt *s, bool in_when)
{
    dctx *c = ctx;
    if (in_when || s->kind != MO_AS_ASSIGN)
        return;
    for (int k = 0; k < s->n; k++) {
        int v = s->targets[k];
        if (v < 0 || v >= c->flat->vars.n)
            continue;
        const mo_var *var = &c->flat->vars.v[v];
        if (var->type == MO_T_STRING || var->variability < MO_VAR_DISCRETE ||
            (var->type == MO_T_REAL ? !c->assigned[v] : var->variability != MO_VAR_DISCRETE))
            continue;
        int w = -1;
        const mo_expr *e = s->index && k ? s->values[0] : s->values[k];
        if (discrete_expr(c, e, 0, false, 0, &w))
            continue;
        not_discrete(c, e->loc, v, w);
        return;
    }
}

/* pre(e) in an equation outside when-clauses (shift: the equation's var_shift) with e continuous-time: pre
 * applies to discrete-time expressions (3.7.5; in a when-clause every expression is discrete-time, and
 * there pre of a continuous variable is allowed). */
static void pre_of_continuous(dctx *c, const mo_expr *root, int shift)
{
    if (!root)
        return;
    expr_stack stack = {0};
    MO_PUSH(stack, root);
    while (stack.n) {
        const mo_expr *e = stack.v[--stack.n];
        const char *f = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
        int w = -1;
        if (f && !strcmp(f, "pre") && e->n == 1 && e->a[0] && !discrete_expr(c, e->a[0], shift, false, 0, &w)) {
            mo_error(e->loc, "pre of %s, which is continuous-time: outside a when-clause pre applies to "
                     "discrete-time expressions (specification 3.7.5)",
                     w >= 0 ? mo_sprintf("'%s'", mo_flat_var_name((void *)c->flat, w)) : "time or a derivative");
            c->errors++;
            continue;
        }
        if (e->kind == MO_EX_INDEX) {   /* (its elements are alike: flat.h) */
            MO_PUSH(stack, e->a[1]);
            MO_PUSH(stack, mo_choice_sample(e));
            continue;
        }
        for (int i = 0; i < e->n; i++)
            if (e->a[i])
                MO_PUSH(stack, e->a[i]);
    }
}

int mo_check_discrete(const mo_flat *flat)
{
    dctx c = {flat, MO_NEWN(unsigned char, flat->vars.n + 1), {0}, 0};
    for (int i = 0; i < flat->eqs.n; i++) {
        const mo_feq *q = &flat->eqs.v[i];
        if (mo_feq_packed(q))
            continue;
        der_of_discrete(&c, q->lhs, q->var_shift);
        der_of_discrete(&c, q->rhs, q->var_shift);
        const char *f = mo_sym_fn_name(q->rhs);   /* v = e in a clocked when-clause (16.6) assigns v */
        int v = q->lhs->kind == MO_EX_VAR ? q->lhs->var + q->var_shift : -1;
        if (f && !strcmp(f, MO_CLOCKED_WHEN) && v >= 0 && v < flat->vars.n)
            c.assigned[v] = 1;
    }
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++) {
            const mo_wbranch *b = &flat->whens.v[i].branches[k];
            for (int j = 0; j < b->body.n; j++) {
                const mo_wstmt *w = &b->body.v[j];
                if (w->kind == MO_WS_ASSIGN && w->lhs && w->lhs->kind == MO_EX_VAR && w->lhs->var >= 0 &&
                    w->lhs->var < flat->vars.n)
                    c.assigned[w->lhs->var] = 1;
            }
        }
    for (int i = 0; i < flat->algs.n; i++)
        mo_astmt_walk(&flat->algs.v[i].body, mark_when_targets, &c, false);
    for (int i = 0; i < flat->eqs.n; i++) {
        const mo_feq *q = &flat->eqs.v[i];
        if (mo_feq_packed(q))
            continue;
        discrete_valued(&c, q->lhs, q->rhs, q->var_shift);
        const char *f = mo_sym_fn_name(q->rhs);
        if (!f || strcmp(f, MO_CLOCKED_WHEN) != 0) {
            pre_of_continuous(&c, q->lhs, q->var_shift);
            pre_of_continuous(&c, q->rhs, q->var_shift);
        }
    }
    for (int i = 0; i < flat->algs.n; i++)
        if (!flat->algs.v[i].initial)
            mo_astmt_walk(&flat->algs.v[i].body, discrete_assign, &c, false);
    /* a declared discrete Real that no when-clause assigns (inputs are assigned from outside) */
    for (int v = 0; v < flat->vars.n; v++) {
        const mo_var *var = &flat->vars.v[v];
        if (c.assigned[v] || !discrete_real(flat, v) || (var->flags & MO_PF_INPUT))
            continue;
        mo_error(var->attr->loc, "'%s' is declared discrete but no when-clause assigns it: a discrete Real is "
                 "assigned in a when-clause (specification 4.5.3)", mo_flat_var_name((void *)flat, v));
        c.errors++;
    }
    return c.errors;
}
