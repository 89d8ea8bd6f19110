/*
 * eval.c - evaluation of parameter expressions where flattening needs a value: array sizes, conditions
 * of conditional components and if-equations, for-equation ranges and subscripts.
 *
 * Input: a flat expression (variables already resolved to MO_EX_VAR) and the flat model whose parameters
 * and constants carry their bindings. Output: a double (Integer and Boolean values are exact in it).
 * Fails (returns false, no diagnostics) when a variable is not a parameter or constant with a binding,
 * when parameters depend on each other in a cycle, when bindings lead through more than EVAL_MAX_DEPTH
 * others, at a call of a user-defined function, or when an Integer operation (+, -, *, abs, div, integer)
 * leaves the 32-bit range (spec 4.9.2: the simulator would fail there); the caller says what it needed, and mo_eval_report_why
 * tells it the reason when it was one of the last four.
 * The parameters an evaluation reached are marked MO_VAR_EVALUATED (flat.h) when it succeeds: whatever
 * flattening does with the value (a size, a branch, a folded String) is fixed when the model is
 * compiled, so the simulator must refuse -override of them instead of ignoring it.
 * Within one evaluation each variable's binding is evaluated once (a mark per variable: on the chain
 * being followed, or done with its value), so the work is linear in the bindings it reaches: without it
 * p2 = p1 + p1, p3 = p2 + p2, ... doubled the work at each level (40 levels: more than 30 s).
 */
#include "inst.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How deep bindings may lead (p300 = p299 + 1 ... p1 = p0 + 1 is 300): the recursion's bound. */
enum { EVAL_MAX_DEPTH = 5000 };

static bool eval(const mo_flat *flat, const mo_expr *e, double *out, int depth);

/* One mark per variable: stamp == the current evaluation's number when it was reached in it; then done
 * says whether val holds its value (else it is on the chain being followed: reaching it again is a
 * cycle). Numbering the evaluations makes clearing the marks between them unnecessary. */
typedef struct mark {
    unsigned stamp;
    bool done;
    double val;
} mark;
static mark *marks;
static int nmarks;
static unsigned stamp;
static MO_VEC(int) reached;   /* the variables stamped in the current evaluation */

/* The variables whose bindings are being evaluated, outermost first (to name the one whose binding
 * holds a function call). */
static int *binding_stack;

/* Why the last evaluation failed, when mo_eval_report_why has something to say. */
static enum { WHY_NONE, WHY_CYCLE, WHY_DEEP, WHY_CALL, WHY_NOVALUE, WHY_OVERFLOW } why;
static int why_var = -1;            /* the variable met again (CYCLE), too deep (DEEP), whose binding
                                     * holds the call (CALL; -1: the expression itself), or the parameter
                                     * with neither a binding nor a start value (NOVALUE) */
static const mo_expr *why_call;     /* CALL: the call of a user-defined function; OVERFLOW: the operation */
static double why_args[2];          /* OVERFLOW: its operands (0 and the operand of a unary minus) */

const char *mo_int_op_text(const mo_expr *e, double a, double b)
{
    if (e->kind == MO_EX_CALL) {
        const char *f = e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 ? e->fn->parts[0].id : "?";
        if (!strcmp(f, "sum") || !strcmp(f, "product"))   /* a step of the reduction */
            return mo_sprintf("%.17g %c %.17g", a, f[0] == 's' ? '+' : '*', b);
        if (!strcmp(f, "div"))
            return mo_sprintf("div(%.17g, %.17g)", a, b);
        return mo_sprintf("%s(%.17g)", f, a);
    }
    return mo_sprintf("%.17g %c %.17g", a, e->op == MO_OP_MUL || e->op == MO_OP_EMUL ? '*'
                      : e->op == MO_OP_ADD || e->op == MO_OP_EADD ? '+' : '-', b);
}

bool mo_eval_failed_in_bindings(void)
{
    return why == WHY_CYCLE || why == WHY_DEEP;
}

bool mo_eval_report_why(const mo_flat *flat, mo_loc loc, const char *what)
{
    const char *name = why_var >= 0 ? mo_flat_var_name((void *)flat, why_var) : NULL;
    switch (why) {
    case WHY_CALL:   /* (functions are not evaluated here: eval_call knows the built-in ones only) */
        if (mo_fn_eval_overflow()) {
            mo_error(mo_fn_eval_overflow()->loc, "Integer overflow: %s is outside the Integer range "
                     "-2147483648..2147483647 (specification 4.9.2) when '%s' is evaluated at compile time (in %s)",
                     mo_fn_eval_overflow_text(), why_call->func->name,
                     name ? mo_sprintf("the value of '%s'", name) : what);
            mo_note(why_call->loc, "in this call");
            if (name)
                mo_note(loc, "%s needs it here", what);
        } else if (!name) {
            mo_error(why_call->loc, "not supported yet: evaluating the function '%s' at compile time (in %s)",
                     why_call->func->name, what);
        } else {
            mo_error(why_call->loc, "not supported yet: evaluating the function '%s' at compile time (in the "
                     "value of '%s')", why_call->func->name, name);
            mo_note(loc, "%s needs it here", what);
        }
        return true;
    case WHY_CYCLE:
        mo_error(loc, "%s cannot be evaluated: the value of '%s' depends on itself", what, name);
        mo_note(flat->vars.v[why_var].attr->loc, "'%s' is declared here", name);
        return true;
    case WHY_DEEP:
        mo_error(loc, "not supported yet: %s whose value goes through more than %d parameter bindings",
                 what, EVAL_MAX_DEPTH);
        mo_note(flat->vars.v[why_var].attr->loc, "'%s', %d bindings down, is declared here", name,
                EVAL_MAX_DEPTH);
        return true;
    case WHY_NOVALUE:
        mo_error(loc, "%s cannot be evaluated: parameter '%s' has neither a value nor a start value", what, name);
        mo_note(flat->vars.v[why_var].attr->loc, "'%s' is declared here", name);
        return true;
    case WHY_OVERFLOW:
        mo_error(why_call->loc, "Integer overflow: %s is outside the Integer range -2147483648..2147483647 "
                 "(specification 4.9.2)", mo_int_op_text(why_call, why_args[0], why_args[1]));
        mo_note(loc, "%s needs its value here", what);
        return true;
    case WHY_NONE:
        break;
    }
    return false;
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

/* The value of a parameter or constant: its binding; for a parameter without one that is fixed (the
 * default) and has an explicit start value, that start value (specification 8.6: "the value for the
 * start-attribute can be used to add a parameter binding equation"; the fallback start of a type without
 * one does not count). check/params.c warns where a simulator uses such a start value. NULL: no value. */
static const mo_expr *parameter_value(const mo_var *v)
{
    if (v->variability > MO_VAR_PARAMETER)
        return NULL;
    if (v->binding)
        return v->binding;
    const mo_expr *fixed = v->attr->fixed;
    if (v->variability != MO_VAR_PARAMETER || (v->flags & MO_PF_INPUT) ||
        (fixed && (fixed->kind != MO_EX_BOOL || !fixed->ival)))
        return NULL;
    return v->attr->start;
}

/* Quarter turns: cos and sin of an angle that is, to the rounding of its computation, a whole number k
 * of quarter turns (k*pi/2, 0 < |k| <= 64) are exactly 0, 1 or -1. In doubles cos(pi/2) is 6.1e-17: a
 * winding oriented at pi/2 (MSL FundamentalWave's rotor cage, orientation = {0, pi/2}) left coefficients
 * of 4.8e-17 where the model has none, and tearing divided by them. The window, |a - k*pi/2| <= 4 eps |a|
 * (a few units of rounding of a), takes k*pi/2 however it was computed (2*asin(1.0)/2, (k - 1)*2*pi/m);
 * every other angle keeps the value of the C library. */
bool mo_eval_quarter_turn(const char *f, double a, double *out)
{
    bool is_cos = strcmp(f, "cos") == 0;
    if (!is_cos && strcmp(f, "sin") != 0)
        return false;
    const double half_pi = 1.57079632679489661923;
    double k = nearbyint(a / half_pi);
    if (k == 0 || fabs(k) > 64 || !(fabs(a - k * half_pi) <= 4 * DBL_EPSILON * fabs(a)))
        return false;
    static const double cos_q[4] = {1, 0, -1, 0}, sin_q[4] = {0, 1, 0, -1};
    int q = (int)(((long)k % 4 + 4) % 4);
    *out = is_cos ? cos_q[q] : sin_q[q];
    return true;
}

bool mo_eval_builtin(const char *f, int n, double a, double b, double *out)
{
    if (n == 1 && mo_eval_quarter_turn(f, a, out))
        return true;
    if (n == 1) {
        if (strcmp(f, "abs") == 0) *out = fabs(a);
        else if (strcmp(f, "sqrt") == 0) *out = sqrt(a);
        else if (strcmp(f, "integer") == 0 || strcmp(f, "floor") == 0) *out = floor(a);
        else if (strcmp(f, "ceil") == 0) *out = ceil(a);
        else if (strcmp(f, "sin") == 0) *out = sin(a);
        else if (strcmp(f, "cos") == 0) *out = cos(a);
        else if (strcmp(f, "exp") == 0) *out = exp(a);
        else if (strcmp(f, "log") == 0) *out = log(a);
        else if (strcmp(f, "sign") == 0) *out = (a > 0) - (a < 0);
        /* (Modelica.Constants.pi is 2*asin(1.0): the MSL's Spice3 functions that compute parameters) */
        else if (strcmp(f, "asin") == 0 && fabs(a) <= 1) *out = asin(a);
        else if (strcmp(f, "acos") == 0 && fabs(a) <= 1) *out = acos(a);
        else if (strcmp(f, "atan") == 0) *out = atan(a);
        else if (strcmp(f, "tan") == 0) *out = tan(a);
        else if (strcmp(f, "sinh") == 0) *out = sinh(a);
        else if (strcmp(f, "cosh") == 0) *out = cosh(a);
        else if (strcmp(f, "tanh") == 0) *out = tanh(a);
        else if (strcmp(f, "log10") == 0 && a > 0) *out = log10(a);
        else if (strcmp(f, "noEvent") == 0) *out = a;   /* (of a parameter expression: no event anyway) */
        else return false;
        return true;
    }
    if (n != 2) return false;
    if (strcmp(f, "min") == 0) *out = a < b ? a : b;
    else if (strcmp(f, "max") == 0) *out = a > b ? a : b;
    else if (strcmp(f, "div") == 0 && b != 0) *out = trunc(a / b);
    else if (strcmp(f, "mod") == 0 && b != 0) *out = a - floor(a / b) * b;
    else if (strcmp(f, "rem") == 0 && b != 0) *out = a - trunc(a / b) * b;
    else if (strcmp(f, "atan2") == 0) *out = atan2(a, b);
    else return false;
    return true;
}

bool mo_eval_binary(mo_op op, double a, double b, double *out)
{
    switch (op) {
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
}

/* The evaluation an argument of a user function's call belongs to (arg_scalar). */
typedef struct arg_ctx {
    const mo_flat *flat;
    int depth;
} arg_ctx;

static bool arg_scalar(void *ctx, const mo_expr *e, double *out)
{
    const arg_ctx *c = ctx;
    return eval(c->flat, e, out, c->depth);
}

/* Is v, the value of e, an Integer outside the 32-bit range of spec 4.9.2 (+, - or * of Integers, abs and
 * div of Integers, integer() of a Real; a, b its operands as mo_int_op_text wants them)? Then
 * e is not evaluated here: the simulator checks the same arithmetic (mo2c_iop) and fails naming the
 * equation, never a value the generated code would not compute. */
static bool int_overflow(const mo_flat *flat, const mo_expr *e, double a, double b, double v)
{
    if (v >= -2147483648.0 && v <= 2147483647.0)
        return false;
    if (isnan(v) || mo_func_expr_type(flat, NULL, e) != MO_T_INTEGER)
        return false;
    why = WHY_OVERFLOW;
    why_call = e;
    why_args[0] = a;
    why_args[1] = b;
    return true;
}

static bool eval_call(const mo_flat *flat, const mo_expr *e, double *out, int depth)
{
    if (e->func) {   /* a user function: its inputs' values, then its algorithm run (fneval.c) */
        const mo_func *fn = e->func;
        arg_ctx c = {flat, depth};
        if (e->n == fn->nin && mo_fn_eval(fn, e->a, arg_scalar, &c, e->func_out, e->func_el, out))
            return true;
        if (why == WHY_NONE || why == WHY_CALL) {   /* (a cycle or depth in an argument tells more) */
            why = WHY_CALL;
            why_call = e;
            why_var = depth > 0 ? binding_stack[depth - 1] : -1;
        }
        return false;
    }
    if (!e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1 || e->n < 1 || e->n > 2)
        return false;
    double a = 0, b = 0;
    if (!eval(flat, e->a[0], &a, depth) || (e->n == 2 && !eval(flat, e->a[1], &b, depth)))
        return false;
    return mo_eval_builtin(e->fn->parts[0].id, e->n, a, b, out) && !int_overflow(flat, e, a, b, *out);
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
        const mo_expr *value = parameter_value(v);
        if (!value) {
            if (v->variability <= MO_VAR_PARAMETER && !v->binding) {
                why = WHY_NOVALUE;
                why_var = e->var;
            }
            return false;
        }
        mark *m = &marks[e->var];
        if (m->stamp == stamp) {
            if (m->done) {
                *out = m->val;
                return true;
            }
            why = WHY_CYCLE;
            why_var = e->var;
            return false;
        }
        if (depth >= EVAL_MAX_DEPTH) {
            why = WHY_DEEP;
            why_var = e->var;
            return false;
        }
        m->stamp = stamp;
        m->done = false;
        MO_PUSH(reached, e->var);
        binding_stack[depth] = e->var;
        if (!eval(flat, value, out, depth + 1))
            return false;
        m = &marks[e->var];
        m->done = true;
        m->val = *out;
        return true;
    }
    case MO_EX_UNARY:
        if (!eval(flat, e->a[0], &a, depth))
            return false;
        *out = e->op == MO_OP_NEG ? -a : e->op == MO_OP_NOT ? !a : a;
        return !int_overflow(flat, e, 0, a, *out);
    case MO_EX_BINARY: {
        /* the left operand once: evaluated again after a short-circuit test that did not decide, each
         * level of a chain 'c1 or c2 or ... or cn' doubled the work (2^n: review finding 04) */
        bool left = eval(flat, e->a[0], &a, depth);
        if ((e->op == MO_OP_AND || e->op == MO_OP_OR) && left &&
            (e->op == MO_OP_AND ? a == 0 : a != 0)) {   /* decided by its left operand: false and f(x) */
            *out = e->op == MO_OP_OR;
            return true;
        }
        if (!left || !eval(flat, e->a[1], &b, depth))
            return false;
        return mo_eval_binary(e->op, a, b, out) && !int_overflow(flat, e, a, b, *out);
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
    if (!mo_eval_flat_peek(flat, e, out))
        return false;
    mo_eval_mark_read(flat);
    return true;
}

void mo_flat_fold_fixed(mo_flat *flat)
{
    for (int i = 0; i < flat->vars.n; i++) {
        mo_var *v = &flat->vars.v[i];
        const mo_expr *f = v->attr ? v->attr->fixed : NULL;
        double d;
        if (f && f->kind != MO_EX_BOOL && mo_eval_flat(flat, f, &d))
            mo_var_attr_mut(v)->fixed = mo_expr_bool(f->loc, d != 0);
    }
}

bool mo_eval_read_parameter(const mo_flat *flat)
{
    for (int i = 0; i < reached.n; i++)
        if (flat->vars.v[reached.v[i]].variability == MO_VAR_PARAMETER)
            return true;
    return false;
}

void mo_eval_mark_read(const mo_flat *flat)
{
    /* (bookkeeping on the variables, not their values: the evaluation's callers hold the flat model
     * const, its owner does not) */
    mo_var *vars = (mo_var *)flat->vars.v;
    for (int i = 0; i < reached.n; i++)
        if (vars[reached.v[i]].variability == MO_VAR_PARAMETER)
            vars[reached.v[i]].flags |= MO_VAR_EVALUATED;
}

bool mo_eval_flat_peek(const mo_flat *flat, const mo_expr *e, double *out)
{
    reached.n = 0;
    why = WHY_NONE;
    why_var = -1;
    if (nmarks < flat->vars.n) {   /* the variables made since: marks for them (doubling, in the arena) */
        int n = flat->vars.n > 2 * nmarks ? flat->vars.n : 2 * nmarks;
        mark *grown = MO_NEWN(mark, n);
        if (nmarks)
            memcpy(grown, marks, sizeof *marks * (size_t)nmarks);
        marks = grown;
        nmarks = n;
    }
    if (!binding_stack)
        binding_stack = MO_NEWN(int, EVAL_MAX_DEPTH);
    if (++stamp == 0) {   /* the numbers wrapped around: old marks could match again */
        memset(marks, 0, sizeof *marks * (size_t)nmarks);
        stamp = 1;
    }
    return eval(flat, e, out, 0);
}

const char *mo_flat_nonboolean(const mo_flat *flat, const mo_expr *e)
{
    static const char *const names[] = {"Real", "Integer", "Boolean", "String", "an enumeration"};
    switch (e->kind) {
    case MO_EX_INT:
        return e->text && !(e->text[0] >= '0' && e->text[0] <= '9') ? names[MO_T_ENUM] : names[MO_T_INTEGER];
    case MO_EX_REAL:
    case MO_EX_TIME:
        return names[MO_T_REAL];
    case MO_EX_STRING:
        return names[MO_T_STRING];
    case MO_EX_VAR:
        if (e->var < 0 || e->var >= flat->vars.n || flat->vars.v[e->var].type == MO_T_BOOLEAN ||
            flat->vars.v[e->var].type > MO_T_ENUM)
            return NULL;
        return names[flat->vars.v[e->var].type];
    case MO_EX_BINARY:
        return e->op <= MO_OP_EPOW ? "a number" : NULL;
    case MO_EX_UNARY:
        return e->op == MO_OP_NEG || e->op == MO_OP_PLUS ? "a number" : NULL;
    default:
        return NULL;
    }
}
