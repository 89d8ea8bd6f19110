/*
 * eval.c - evaluation of parameter expressions where flattening needs a value: array sizes, conditions
 * of conditional components and if-equations, for-equation ranges and subscripts.
 *
 * Input: a flat expression (variables already resolved to MO_EX_VAR) and the flat model whose parameters
 * and constants carry their bindings. Output: a double (Integer and Boolean values are exact in it).
 * Fails (returns false, no diagnostics) when a variable is not a parameter or constant with a binding,
 * or when parameters depend on each other in a cycle (bounded depth); the caller says what it needed,
 * and mo_eval_cycle tells it when the reason was a cycle (the bindings being followed are kept on a
 * small stack, at most EVAL_MAX_DEPTH deep, that each new one is compared with).
 */
#include "inst.h"

#include <math.h>
#include <string.h>

enum { EVAL_MAX_DEPTH = 200 };

static bool eval(const mo_flat *flat, const mo_expr *e, double *out, int depth);

/* The variables whose bindings are being evaluated, outermost first; the variable found on it again by
 * the last failed evaluation (-1: none). */
static int binding_stack[EVAL_MAX_DEPTH + 1];
static int cycle_var = -1;

/* The first call of a user-defined function in e (its arguments and operands included), or NULL. The
 * walk is as deep as the tree, which the parser bounds. */
static const mo_expr *user_call(const mo_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == MO_EX_CALL && e->func)
        return e;
    if (e->kind != MO_EX_CALL && e->kind != MO_EX_UNARY && e->kind != MO_EX_BINARY && e->kind != MO_EX_IF)
        return NULL;
    for (int i = 0; i < e->n; i++) {
        const mo_expr *c = user_call(e->a[i]);
        if (c)
            return c;
    }
    return NULL;
}

bool mo_eval_report_why(const mo_flat *flat, mo_loc loc, const char *what, const mo_expr *e)
{
    const mo_expr *call = cycle_var < 0 ? user_call(e) : NULL;
    if (call) {   /* (functions are not evaluated here: eval_call knows the built-in ones only) */
        mo_error(call->loc, "not supported yet: evaluating the function '%s' at compile time (in %s)",
                 call->func->name, what);
        return true;
    }
    if (cycle_var < 0)
        return false;
    const char *name = mo_flat_var_name((void *)flat, cycle_var);
    mo_error(loc, "%s cannot be evaluated: the value of '%s' depends on itself", what, name);
    mo_note(flat->vars.v[cycle_var].attr->loc, "'%s' is declared here", name);
    return true;
}

/* How many times a variable's binding was read: flatten_clone.c clones a component only when building
 * it read none (its structure then cannot depend on the values of its modifiers). */
static unsigned long var_reads;

unsigned long mo_eval_var_reads(void)
{
    return var_reads;
}

void mo_eval_note_read(void)
{
    var_reads++;
}

static bool eval_call(const mo_flat *flat, const mo_expr *e, double *out, int depth)
{
    if (!e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1 || e->n < 1 || e->n > 2)
        return false;
    double a = 0, b = 0;
    if (!eval(flat, e->a[0], &a, depth) || (e->n == 2 && !eval(flat, e->a[1], &b, depth)))
        return false;
    const char *f = e->fn->parts[0].id;
    if (e->n == 1) {
        if (strcmp(f, "abs") == 0) *out = fabs(a);
        else if (strcmp(f, "sqrt") == 0) *out = sqrt(a);
        else if (strcmp(f, "integer") == 0 || strcmp(f, "floor") == 0) *out = floor(a);
        else if (strcmp(f, "ceil") == 0) *out = ceil(a);
        else if (strcmp(f, "sin") == 0) *out = sin(a);
        else if (strcmp(f, "cos") == 0) *out = cos(a);
        else if (strcmp(f, "exp") == 0) *out = exp(a);
        else if (strcmp(f, "log") == 0) *out = log(a);
        else if (strcmp(f, "sign") == 0) *out = (a > 0) - (a < 0);
        else return false;
        return true;
    }
    if (strcmp(f, "min") == 0) *out = a < b ? a : b;
    else if (strcmp(f, "max") == 0) *out = a > b ? a : b;
    else if (strcmp(f, "div") == 0 && b != 0) *out = trunc(a / b);
    else if (strcmp(f, "mod") == 0 && b != 0) *out = a - floor(a / b) * b;
    else if (strcmp(f, "rem") == 0 && b != 0) *out = a - trunc(a / b) * b;
    else return false;
    return true;
}

static bool eval(const mo_flat *flat, const mo_expr *e, double *out, int depth)
{
    if (!e || depth > EVAL_MAX_DEPTH)
        return false;
    double a = 0, b = 0;
    switch (e->kind) {
    case MO_EX_REAL: *out = e->real; return true;
    case MO_EX_INT: *out = (double)e->ival; return true;
    case MO_EX_BOOL: *out = e->ival ? 1 : 0; return true;
    case MO_EX_VAR: {
        const mo_var *v = &flat->vars.v[e->var];
        var_reads++;
        if (v->variability > MO_VAR_PARAMETER || !v->binding || depth >= EVAL_MAX_DEPTH)
            return false;
        for (int i = 0; i < depth; i++)
            if (binding_stack[i] == e->var) {
                cycle_var = e->var;
                return false;
            }
        binding_stack[depth] = e->var;
        return eval(flat, v->binding, out, depth + 1);
    }
    case MO_EX_UNARY:
        if (!eval(flat, e->a[0], &a, depth))
            return false;
        *out = e->op == MO_OP_NEG ? -a : e->op == MO_OP_NOT ? !a : a;
        return true;
    case MO_EX_BINARY:
        if (!eval(flat, e->a[0], &a, depth) || !eval(flat, e->a[1], &b, depth))
            return false;
        switch (e->op) {
        case MO_OP_ADD: case MO_OP_EADD: *out = a + b; return true;
        case MO_OP_SUB: case MO_OP_ESUB: *out = a - b; return true;
        case MO_OP_MUL: case MO_OP_EMUL: *out = a * b; return true;
        case MO_OP_DIV: case MO_OP_EDIV: if (b == 0) return false; *out = a / b; return true;
        case MO_OP_POW: case MO_OP_EPOW: *out = pow(a, b); return true;
        case MO_OP_LT: *out = a < b; return true;
        case MO_OP_LE: *out = a <= b; return true;
        case MO_OP_GT: *out = a > b; return true;
        case MO_OP_GE: *out = a >= b; return true;
        case MO_OP_EQ: *out = a == b; return true;
        case MO_OP_NE: *out = a != b; return true;
        case MO_OP_AND: *out = a && b; return true;
        case MO_OP_OR: *out = a || b; return true;
        default: return false;
        }
    case MO_EX_IF:
        for (int i = 0; i + 1 < e->n; i += 2) {
            if (!eval(flat, e->a[i], &a, depth))
                return false;
            if (a)
                return eval(flat, e->a[i + 1], out, depth);
        }
        return eval(flat, e->a[e->n - 1], out, depth);
    case MO_EX_CALL:
        return eval_call(flat, e, out, depth);
    default:
        return false;
    }
}

bool mo_eval_flat(const mo_flat *flat, const mo_expr *e, double *out)
{
    cycle_var = -1;
    return eval(flat, e, out, 0);
}
