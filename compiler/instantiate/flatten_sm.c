/*
 * flatten_sm.c - the state machine operators of chapter 17 in models: the equations transition(...) and
 * initialState(...), and the calls activeState(state), ticksInState(), timeInState() in expressions.
 *
 * Input: the AST of such an equation (flatten_when.c's mo_flatten_call_eq passes it on) or call
 * (flatten_expr.c). Output: a mo_ftrans record in flat->transitions (flat.h) for each equation, with the
 * states named by their instance paths, the condition flattened and the parameters immediate, reset,
 * synchronize and priority evaluated; a flat call for each query (activeState's argument becomes the
 * state's instance path as a String literal). What the operators mean is analysis/statemachines.c's
 * business (17.3); here their form and where they are written are checked (17.1): the equations only
 * in equation sections, outside when-equations and if-equations with time-varying conditions.
 * Guarantees: an instance that holds one of these is no clone template (the paths are its own).
 */
#include "aval.h"
#include "func.h"

#include <string.h>

bool mo_sm_op(const char *name)
{
    return !strcmp(name, "transition") || !strcmp(name, "initialState") || !strcmp(name, MO_SM_ACTIVE) ||
           !strcmp(name, MO_SM_TICKS) || !strcmp(name, MO_SM_TIME);
}

/* The state ref names: its instance path, or NULL after an error (*skip: through a disabled conditional
 * component, which the equation then drops, as a connect to one is). */
static const char *state_path(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, const char *op,
                              bool *skip)
{
    mo_sref s;
    bool disabled = false;
    int r = ref->kind == MO_EX_REF && inst ? mo_find_slots(fr, inst, owner, ref, &s, &disabled) : 0;
    if (r < 0)
        return NULL;
    if (disabled) {
        *skip = true;
        return NULL;
    }
    if (r == 0 || s.nd || s.one.kind != MO_SK_INST || s.one.child->is_connector) {
        mo_error(ref->loc, "the state of %s must be a block instance (spec 17.1)", op);
        return NULL;
    }
    mo_eval_note_read();   /* no clone template: the paths are this instance's */
    return s.one.child->path;
}

/* a parameter expression of type want (MO_T_BOOLEAN or MO_T_INTEGER), evaluated */
static bool param_arg(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *a, const char *what, int want,
                      long long *out)
{
    if (want == MO_T_INTEGER)
        return mo_eval_int(fr, inst, owner, a, what, out);
    mo_expr *e = mo_flatten_expr(fr, inst, owner, a);
    double d;
    if (!e)
        return false;
    if (mo_func_expr_type(fr->flat, NULL, e) != MO_T_BOOLEAN) {
        mo_error(a->loc, "%s must be Boolean", what);
        return false;
    }
    if (!mo_eval_flat(fr->flat, e, &d)) {
        mo_error(a->loc, "%s must be a parameter expression (spec 17.1)", what);
        return false;
    }
    *out = d != 0;
    return true;
}

bool mo_sm_statement(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    static const char *const names[] = {"from", "to", "condition", "immediate", "reset", "synchronize", "priority"};
    const mo_expr *c = q->lhs;
    const char *fn = c->fn->parts[0].id;
    bool is_init = !strcmp(fn, "initialState");
    int max = is_init ? 1 : 7;
    if (initial || mo_in_event_body() || mo_in_algorithm()) {
        mo_error(q->loc, "%s is not allowed %s (spec 17.1)", fn,
                 initial ? "in an initial equation section"
                         : "inside a when-equation or an if-equation with a time-varying condition");
        return false;
    }
    if (c->n > max) {
        mo_error(q->loc, "'%s' takes at most %d argument%s, not %d", fn, max, max == 1 ? "" : "s", c->n);
        return false;
    }
    const mo_expr *a[7] = {0};
    for (int i = 0; i < c->n; i++)
        a[i] = c->a[i];
    for (int j = 0; j < c->nnamed; j++) {
        int i = 0;
        while (i < max && strcmp(c->named[j].name, is_init ? "state" : names[i]))
            i++;
        if (i == max || a[i]) {
            mo_error(c->named[j].loc, i == max ? "%s has no argument '%s'" : "argument '%s' of %s is given twice",
                     i == max ? fn : c->named[j].name, i == max ? c->named[j].name : fn);
            return false;
        }
        a[i] = c->named[j].value;
    }
    for (int i = 0; i < (is_init ? 1 : 3); i++)
        if (!a[i]) {
            mo_error(q->loc, "%s: argument '%s' is missing", fn, is_init ? "state" : names[i]);
            return false;
        }
    mo_ftrans t = {.loc = q->loc, .instance = inst->path, .from_loc = a[0]->loc, .immediate = true, .reset = true,
                   .priority = 1};
    bool skip = false;
    if (!(t.from = state_path(fr, inst, owner, a[0], fn, &skip)) && !skip)
        return false;
    if (!is_init) {
        t.to_loc = a[1]->loc;
        if (!(t.to = state_path(fr, inst, owner, a[1], fn, &skip)) && !skip)
            return false;
        if (!(t.cond = mo_flatten_expr(fr, inst, owner, a[2])))
            return false;
        if (mo_func_expr_type(fr->flat, NULL, t.cond) != MO_T_BOOLEAN) {
            mo_error(a[2]->loc, "the condition of a transition must be Boolean");
            return false;
        }
        bool *flags[3] = {&t.immediate, &t.reset, &t.synchronize};
        for (int i = 3; i < 7; i++) {
            long long v;
            if (!a[i])
                continue;
            if (!param_arg(fr, inst, owner, a[i], mo_sprintf("the argument '%s' of transition", names[i]),
                           i == 6 ? MO_T_INTEGER : MO_T_BOOLEAN, &v))
                return false;
            if (i < 6)
                *flags[i - 3] = v != 0;
            else if (v < 1) {
                mo_error(a[i]->loc, "the priority of a transition must be at least 1, not %lld (spec 17.1)", v);
                return false;
            } else
                t.priority = (int)v;
        }
    }
    if (skip)
        return true;
    MO_PUSH(fr->flat->transitions, t);
    fr->flat->clocked = true;   /* (the state machine's equations are clocked: 17.3) */
    return true;
}

int mo_sm_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name, mo_aval *out)
{
    if (!strcmp(name, "transition") || !strcmp(name, "initialState")) {
        mo_error(e->loc, "'%s' is an equation, not a value (spec 17.1)", name);
        return -1;
    }
    bool active = !strcmp(name, MO_SM_ACTIVE);
    if (e->nnamed || e->n != active) {
        mo_error(e->loc, active ? "activeState takes one argument, a state" : "%s takes no arguments", name);
        return -1;
    }
    if (mo_in_algorithm()) {
        mo_error(e->loc, "not supported yet: %s in an algorithm section (state machines, spec chapter 17)", name);
        return -1;
    }
    mo_expr **a = NULL;
    if (active) {
        bool skip = false;
        const char *path = state_path(fr, inst, owner, e->a[0], name, &skip);
        if (!path) {
            if (skip)
                mo_error(e->a[0]->loc, "the state of activeState is a disabled conditional component");
            return -1;
        }
        a = MO_NEWN(mo_expr *, 1);
        a[0] = mo_expr_string(e->a[0]->loc, path);
    }
    mo_av_scalar(out, mo_call_with_args(e, active, a));
    fr->flat->clocked = true;
    return 1;
}
