/*
 * flatten_sync.c - calls of the synchronous language's operators (specification chapter 16) in models:
 * the clock constructors Clock(...), sample(u, c) and sample(u), hold, previous, the sub-clock
 * operators subSample, superSample, shiftSample, backSample, noClock, and interval, firstTick.
 *
 * Input: an MO_EX_CALL of the AST whose name is one of them (flatten_expr.c asks mo_sync_call first, once
 * no user function of that name is found). Output: a flat call by the operator's name with positional
 * arguments only, in the order of the operator's synopsis, where the arguments that must be evaluable
 * (factor, shiftCounter, backCounter, resolution, a rational clock's intervalCounter) are Integer
 * literals, and the defaults are filled in. The clock constructor keeps its kind in the shape of its
 * arguments (analysis/clocks.c reads it):
 *     Clock()                  inferred clock, no argument
 *     Clock(n, r)              rational interval clock: two Integer literals
 *     Clock(interval)          Real interval clock: one Real expression
 *     Clock(condition, start)  event clock: a Boolean expression and a Real one
 *     Clock(c, method)         solver clock: a clock expression and a String
 * An operator applied to an array applies to each element (the flat model is scalar). What the
 * operators mean is analysis/clocks.c's business; here only their form is checked.
 */
#include "aval.h"
#include "func.h"

#include <string.h>

/* The operators and the names of their arguments in the order of their synopsis (16.3-16.10). */
static const struct {
    const char *name;
    int n;                    /* arguments at most */
    int min;                  /* arguments at least */
    const char *args[3];
} ops[] = {
    {"sample", 2, 1, {"u", "clock"}},
    {"hold", 1, 1, {"u"}},
    {"previous", 1, 1, {"u"}},
    {"noClock", 1, 1, {"u"}},
    {"subSample", 2, 1, {"u", "factor"}},
    {"superSample", 2, 1, {"u", "factor"}},
    {"shiftSample", 3, 1, {"u", "shiftCounter", "resolution"}},
    {"backSample", 3, 1, {"u", "backCounter", "resolution"}},
    {"interval", 1, 0, {"u"}},
    {"firstTick", 1, 0, {"u"}},
};
enum { NOPS = sizeof ops / sizeof ops[0] };

static const char *call_name(const mo_expr *e)
{
    return e->kind == MO_EX_CALL && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 && !e->func
           ? e->fn->parts[0].id : NULL;
}

bool mo_flat_is_clock(const mo_flat *flat, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_VAR:
        return e->var >= 0 && e->var < flat->vars.n && (flat->vars.v[e->var].flags & MO_FV_CLOCK);
    case MO_EX_IF:
        return e->n >= 2 && mo_flat_is_clock(flat, e->a[1]);
    case MO_EX_CALL: {
        const char *f = call_name(e);
        if (!f)
            return false;
        if (!strcmp(f, "Clock"))
            return true;
        return (!strcmp(f, "subSample") || !strcmp(f, "superSample") || !strcmp(f, "shiftSample") ||
                !strcmp(f, "backSample")) && e->n >= 1 && mo_flat_is_clock(flat, e->a[0]);
    }
    default:
        return false;
    }
}

bool mo_sync_op(const char *name)
{
    if (!strcmp(name, "Clock") || !strcmp(name, MO_CLOCKED_WHEN))
        return true;
    for (int i = 0; i < NOPS; i++)
        if (!strcmp(name, ops[i].name))
            return true;
    return false;
}

/* Is e free of variables that change while the model runs (a parameter expression)? Recursion over one
 * expression only. */
static bool params_only(const mo_flat *flat, const mo_expr *e)
{
    if (e->kind == MO_EX_TIME || e->kind == MO_EX_DER || e->kind == MO_EX_CALL)
        return false;
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && e->var < flat->vars.n && flat->vars.v[e->var].variability <= MO_VAR_PARAMETER;
    for (int i = 0; i < e->n; i++)
        if (e->a[i] && !params_only(flat, e->a[i]))
            return false;
    return true;
}

static bool scalar_arg(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *a, const char *what,
                       mo_expr **out)
{
    mo_aval v;
    if (!mo_flatten_val(fr, inst, owner, a, &v))
        return false;
    if (v.nd) {
        mo_error(a->loc, "%s must be a scalar, not of size %s", what, mo_av_size_str(&v));
        return false;
    }
    *out = v.one;
    return true;
}

/* Clock(...) in one of its five forms (above). */
static bool clock_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    static const char *const all[] = {"intervalCounter", "resolution", "interval", "condition", "startInterval",
                                      "c", "solverMethod"};
    if (e->n > 2) {
        mo_error(e->loc, "'Clock' takes at most 2 arguments, not %d", e->n);
        return false;
    }
    /* the form: from the names given, else from the type of the first argument */
    int form = -1;   /* 0 rational, 2 Real interval, 3 event, 5 solver (the index of its first name) */
    for (int j = 0; j < e->nnamed && form < 0; j++)
        for (int i = 0; i < 7; i++)
            if (!strcmp(e->named[j].name, all[i]))
                form = i == 1 ? 0 : i == 4 ? 3 : i == 6 ? 5 : i;
    mo_expr *first = NULL;
    if (form < 0 && e->n >= 1) {
        if (!scalar_arg(fr, inst, owner, e->a[0], "the first argument of Clock", &first))
            return false;
        int t = mo_func_expr_type(fr->flat, NULL, first);
        form = mo_flat_is_clock(fr->flat, first) ? 5 : t == MO_T_INTEGER ? 0 : t == MO_T_BOOLEAN ? 3 : 2;
    }
    if (form < 0) {
        if (e->nnamed) {
            mo_error(e->named[0].loc, "Clock has no argument '%s'", e->named[0].name);
            return false;
        }
        mo_av_scalar(out, mo_call_with_args(e, 0, NULL));   /* Clock(): inferred */
        return true;
    }
    const mo_expr *pc = mo_call_positional(e, "Clock", all + form, form == 2 ? 1 : 2);
    if (!pc)
        return false;
    mo_expr *const *a = pc->a;
    if (!pc->n) {
        mo_error(e->loc, "Clock: argument '%s' is missing", all[form]);
        return false;
    }
    mo_expr **f = MO_NEWN(mo_expr *, 2);
    if (form == 0) {   /* intervalCounter and resolution: evaluable Integers (16.3) */
        const mo_expr *v = first && e->n && a[0] == e->a[0] ? first : NULL;
        while (v && v->kind == MO_EX_INDEX)
            v = v->a[0];
        if (v && v->kind == MO_EX_VAR && fr->flat->vars.v[v->var].variability > MO_VAR_PARAMETER) {
            /* a clocked component expression is allowed (16.3): the interval changes from tick to tick */
            mo_error(a[0]->loc, "not supported yet: a rational clock whose intervalCounter is a clocked variable "
                                "(Clock(n, resolution) whose interval changes from tick to tick, spec 16.3)");
            return false;
        }
        long long n, r = 1;
        if (!mo_eval_int(fr, inst, owner, a[0], "the intervalCounter of Clock", &n) ||
            (pc->n > 1 && !mo_eval_int(fr, inst, owner, a[1], "the resolution of Clock", &r)))
            return false;
        if (n < 0 || r < 1) {
            mo_error(n < 0 ? a[0]->loc : a[1]->loc, n < 0 ? "the intervalCounter of Clock must not be negative"
                                                          : "the resolution of Clock must be at least 1");
            return false;
        }
        f[0] = mo_expr_int(a[0]->loc, n);
        f[1] = mo_expr_int(pc->n > 1 ? a[1]->loc : e->loc, r);
        mo_av_scalar(out, mo_call_with_args(e, 2, f));
        return true;
    }
    if (first && e->n && a[0] == e->a[0])
        f[0] = first;
    else if (!scalar_arg(fr, inst, owner, a[0], mo_sprintf("the %s of Clock", all[form]), &f[0]))
        return false;
    if (form == 2) {
        mo_av_scalar(out, mo_call_with_args(e, 1, f));
        return true;
    }
    if (form == 3) {   /* startInterval defaults to 0 */
        if (pc->n < 2) {
            f[1] = mo_expr_real(e->loc, 0);
        } else if (!scalar_arg(fr, inst, owner, a[1], "the startInterval of Clock", &f[1]))
            return false;
    } else {   /* solver clock: the method, a String known now */
        if (!mo_flat_is_clock(fr->flat, f[0])) {
            mo_error(a[0]->loc, "the first argument of Clock(c, solverMethod) must be a clock");
            return false;
        }
        if (pc->n < 2) {
            mo_error(e->loc, "Clock: argument 'solverMethod' is missing");
            return false;
        }
        if (!scalar_arg(fr, inst, owner, a[1], "the solverMethod of Clock", &f[1]))
            return false;
        if (mo_func_expr_type(fr->flat, NULL, f[1]) != MO_T_STRING) {
            mo_error(a[1]->loc, "the solverMethod of Clock must be a String");
            return false;
        }
    }
    mo_av_scalar(out, mo_call_with_args(e, 2, f));
    return true;
}

/* Where an operator may not be yet: in when-clauses (clocked when-clauses, 16.6, are not done yet) and
 * algorithm sections. */
static bool context_ok(mo_front *fr, const mo_expr *e, const char *name)
{
    if (mo_in_when_condition() && strcmp(name, "Clock") && strcmp(name, "subSample") && strcmp(name, "superSample") &&
        strcmp(name, "shiftSample") && strcmp(name, "backSample")) {   /* (a clock makes a clocked when-clause) */
        mo_error(e->loc, "%s cannot be used in the condition of a when-clause (spec 16.6)", name);
        return false;
    }
    if (mo_in_when()) {
        mo_error(e->loc, "%s cannot be used in a when-clause whose condition is no clock (spec 16.6)", name);
        return false;
    }
    if (mo_in_algorithm()) {
        mo_error(e->loc, "not supported yet: %s in an algorithm section (synchronous language elements, spec "
                         "chapter 16)", name);
        return false;
    }
    fr->flat->clocked = true;
    return true;
}

int mo_sync_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name, mo_aval *out)
{
    if (!strcmp(name, "Clock"))
        return context_ok(fr, e, name) && clock_call(fr, inst, owner, e, out) ? 1 : -1;
    int k = 0;
    while (k < NOPS && strcmp(name, ops[k].name) != 0)
        k++;
    if (k == NOPS)
        return 0;
    const mo_expr *pc = mo_call_positional(e, name, ops[k].args, ops[k].n);
    if (!pc)
        return -1;
    mo_expr *const *a = pc->a;
    int n = pc->n, given = n;
    if (n < ops[k].min) {
        mo_error(e->loc, "%s: argument '%s' is missing", name, ops[k].args[0]);
        return -1;
    }
    mo_aval u = {0};
    if (n && !mo_flatten_val(fr, inst, owner, a[0], &u))
        return -1;
    mo_expr *rest[2] = {NULL, NULL};   /* the arguments after u, flattened */
    if (!strcmp(name, "sample")) {
        if (n == 2) {
            if (!scalar_arg(fr, inst, owner, a[1], "the clock of sample", &rest[0]))
                return -1;
            if (!mo_flat_is_clock(fr->flat, rest[0]))
                return e->nnamed ? (mo_error(a[1]->loc, "the clock of sample must be a clock"), -1)
                                 : 0;   /* sample(start, interval) of 3.7.5 */
        }
    }
    if (!context_ok(fr, e, name))
        return -1;
    if (strcmp(name, "sample") != 0 && ops[k].n >= 2) {   /* the sub-clock operators' Integers: evaluable */
        long long v[2] = {0, 1};   /* factor or counter 0 (inferred), resolution 1 */
        for (int i = 1; i < ops[k].n; i++) {
            if (i < given && !mo_eval_int(fr, inst, owner, a[i], mo_sprintf("the %s of %s", ops[k].args[i], name),
                                     &v[i - 1]))
                return -1;
            if (v[i - 1] < (i == 2 ? 1 : 0)) {
                mo_error(a[i]->loc, "the %s of %s must be at least %d", ops[k].args[i], name, i == 2 ? 1 : 0);
                return -1;
            }
            rest[i - 1] = mo_expr_int(i < given ? a[i]->loc : e->loc, v[i - 1]);
        }
        n = ops[k].n;
    }
    if (!strcmp(name, "previous") || !strcmp(name, "hold") || !strcmp(name, "backSample"))
        for (int j = 0; j < u.n; j++) {   /* a component expression (16.2.3), or a parameter's for hold */
            const mo_expr *x = mo_av_at(&u, j);
            if (x->kind != MO_EX_VAR && !(x->kind == MO_EX_INDEX && x->a[0]->kind == MO_EX_ARRAY) &&
                (strcmp(name, "hold") != 0 || !params_only(fr->flat, x))) {
                mo_error(a[0]->loc, "the argument of %s must be a variable%s", name,
                         strcmp(name, "hold") ? "" : " or a parameter expression");
                return -1;
            }
        }
    if (!n) {
        mo_av_scalar(out, mo_call_with_args(e, 0, NULL));
        return 1;
    }
    if (u.nd && !mo_av_alloc(out, u.nd, u.dims, e->loc))
        return -1;
    for (int j = 0; j < u.n; j++) {
        mo_expr **f = MO_NEWN(mo_expr *, n);
        f[0] = mo_av_at(&u, j);
        for (int i = 1; i < n; i++)
            f[i] = rest[i - 1];
        mo_expr *c = mo_call_with_args(e, n, f);
        if (u.nd)
            out->el[j] = c;
        else
            mo_av_scalar(out, c);
    }
    return 1;
}
