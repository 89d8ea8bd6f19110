/*
 * variability.c - the variability of bindings (specification 3.8): a constant's value is a constant
 * expression and a constant has one (3.8.1), a parameter's value is a parameter expression (3.8.2).
 * `parameter Real y = x` with a continuous x, `constant Real c = p` with a parameter p, or a parameter
 * bound to a function of time are errors naming the variable read.
 *
 * Input: the flat model (packed or not: bindings are the variables' own). Output: errors at the
 * binding; returns their number. Expression trees are walked with an explicit stack.
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
                      !strcmp(f, "initial") || !strcmp(f, "terminal")))
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
