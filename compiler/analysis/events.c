/*
 * events.c - discrete variables of the DAE and the checks of when-clauses (hooks of dae.c).
 *
 * Input: the flat model's when-equations and algorithm sections (flat.h). Output: the set of variables
 * assigned in when-clauses and when-statements (mo_events_assigned, used by dae.c to classify them
 * MO_DV_DISCRETE), and errors for when-clauses that assign or reinit what they may not (mo_dae_events_check,
 * after der() has been lowered so that differentiated variables are known); the variables an expression
 * reads at an event, outside pre() (mo_expr_each_var_now, sym.h).
 *
 * Semantics kept by the whole pipeline (specification 8.5): a discrete variable keeps its value between
 * events; at an event, a when-clause whose condition becomes true assigns it; pre(v) is the value before
 * the event. In the continuous system it is a known value like a parameter, so it is neither matched
 * nor sorted; its storage is a y slot that the right-hand side never writes.
 */
#include "events.h"
#include "sym.h"

#include <string.h>

/* The targets of when-statements of algorithm sections: 1 in a[] (a walk callback). */
static void when_targets(void *ctx, const mo_astmt *s, bool in_when)
{
    unsigned char *a = ctx;
    if (in_when && s->kind == MO_AS_ASSIGN)
        for (int k = 0; k < s->n; k++)
            a[s->targets[k]] = 1;
}

unsigned char *mo_events_assigned(const mo_flat *flat)
{
    unsigned char *a = MO_NEWN(unsigned char, flat->vars.n + 1);
    for (int i = 0; i < flat->algs.n; i++)
        mo_astmt_walk(&flat->algs.v[i].body, when_targets, a, false);
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        for (int k = 0; k < w->nbranches; k++)
            for (int j = 0; j < w->branches[k].body.n; j++) {
                const mo_wstmt *s = &w->branches[k].body.v[j];
                if (s->kind == MO_WS_ASSIGN && s->lhs->kind == MO_EX_VAR)
                    a[s->lhs->var] = 1;
            }
    }
    return a;
}

bool mo_dae_events_check(const mo_dae *dae)
{
    const mo_flat *flat = dae->flat;
    bool ok = true;
    int *owner = MO_NEWN(int, flat->vars.n + 1);       /* when-equation + 1 that assigns the variable */
    const mo_wstmt **first = MO_NEWN(const mo_wstmt *, flat->vars.n + 1);
    /* reinit: the when-equation + 1 and the branch of the variable's first reinit, and that reinit */
    int *rwhen = MO_NEWN(int, flat->vars.n + 1), *rbranch = MO_NEWN(int, flat->vars.n + 1);
    const mo_wstmt **rfirst = MO_NEWN(const mo_wstmt *, flat->vars.n + 1);
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        for (int k = 0; k < w->nbranches; k++)
            for (int j = 0; j < w->branches[k].body.n; j++) {
                const mo_wstmt *s = &w->branches[k].body.v[j];
                if (s->kind == MO_WS_REINIT && s->lhs->kind == MO_EX_VAR && s->lhs->var >= 0) {
                    /* 8.3.6: a variable is reinitialized by one when-equation (each of its when/elsewhen
                     * branches may), once per branch (twice only in different branches of an if-equation,
                     * which cannot hold reinit here: flatten_when.c). Else the value at an event where
                     * both fire would be whichever runs last: the order of the source. */
                    int v = s->lhs->var;
                    const char *name = flat->vars.v[v].name;
                    if (rwhen[v] && (rwhen[v] != i + 1 || rbranch[v] == k)) {
                        mo_error(s->loc, rwhen[v] != i + 1
                                 ? "'%s' is reinitialized in two when-equations; reinit may be applied to a "
                                   "variable in one when-equation only (specification 8.3.6)"
                                 : "'%s' is reinitialized twice in one when-clause; reinit may be applied to a "
                                   "variable once there (specification 8.3.6)", name);
                        mo_note(rfirst[v]->loc, "the other reinit of '%s' is here", name);
                        ok = false;
                    } else if (!rwhen[v]) {
                        rwhen[v] = i + 1;
                        rbranch[v] = k;
                        rfirst[v] = s;
                    }
                }
                if (s->kind != MO_WS_ASSIGN)
                    continue;
                int v = s->lhs->var;
                const mo_dvar *dv = &dae->vars.v[v];
                const char *name = flat->vars.v[v].name;
                if (dv->der >= 0) {
                    mo_error(s->lhs->loc, "'%s' is a state (der(%s) is used), so a when-equation cannot "
                             "assign it; use reinit(%s, ...)", name, name, name);
                    ok = false;
                } else if (dv->kind == MO_DV_PARAMETER || dv->kind == MO_DV_CONSTANT) {
                    mo_error(s->lhs->loc, "'%s' is a %s and cannot be assigned in a when-equation", name,
                             dv->kind == MO_DV_PARAMETER ? "parameter" : "constant");
                    ok = false;
                } else if (owner[v] && owner[v] != i + 1) {
                    mo_error(s->lhs->loc, "'%s' is assigned in two when-equations", name);
                    mo_note(first[v]->loc, "the other assignment of '%s' is here", name);
                    ok = false;
                } else if (!owner[v]) {
                    owner[v] = i + 1;
                    first[v] = s;
                }
            }
    }
    /* a when-equation and an algorithm section both assigning a variable (the section assigns every
     * output, 11.1.2); an initial section gives it its value at the start only */
    for (int i = 0; i < flat->algs.n; i++) {
        const mo_falg *a = &flat->algs.v[i];
        for (int k = 0; k < a->nout && !a->initial; k++) {
            int v = a->outs[k];
            if (!owner[v])
                continue;
            mo_error(first[v]->loc, "'%s' is assigned in a when-equation and in an algorithm section",
                     flat->vars.v[v].name);
            mo_note(a->loc, "the algorithm section that assigns '%s'", flat->vars.v[v].name);
            ok = false;
        }
    }
    return ok;
}

void mo_expr_each_var_now(const mo_expr *root, mo_expr_stack *stack, void (*f)(void *ctx, int v), void *ctx)
{
    if (!root)
        return;
    stack->n = 0;
    MO_PUSH(*stack, root);
    while (stack->n) {
        const mo_expr *e = stack->v[--stack->n];
        if (e->kind == MO_EX_VAR) {
            if (e->var >= 0)
                f(ctx, e->var);
            continue;
        }
        if (e->kind == MO_EX_DER && e->n == 1 && e->a[0] && e->a[0]->kind == MO_EX_VAR && e->a[0]->var >= 0) {
            f(ctx, MO_READ_DER(e->a[0]->var));
            continue;
        }
        if (e->kind == MO_EX_CALL) {
            const char *fn = mo_sym_fn_name(e);
            if (fn && !strcmp(fn, "pre"))
                continue;
        }
        for (int i = 0; i < e->n; i++)
            if (e->a[i])
                MO_PUSH(*stack, e->a[i]);
        for (int i = 0; i < e->nnamed; i++)
            if (e->named[i].value)
                MO_PUSH(*stack, e->named[i].value);
    }
}
