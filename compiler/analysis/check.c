/*
 * check.c - consistency checks of the DAE between back-end stages, run by debug builds (make DEBUG=1,
 * MO_DEBUG) after each stage in main.c's pipeline.
 *
 * They check what later stages rely on without re-checking it themselves: derivative links go both
 * ways, aliases point at variables that are kept, expressions name variables that exist and no longer
 * contain der() after dae.c, and every unknown of the ODE system is computed by exactly one block. A
 * failed check is a bug in mo2c, never a user error: it aborts through mo_unreachable, naming the stage.
 * Cost: linear in the size of the DAE.
 */
#include "dae.h"

#include <stdlib.h>

static _Noreturn void broken(const char *stage, const char *what)
{
    mo_unreachable(mo_sprintf("DAE check after %s: %s", stage, what));
}

/* Every variable reference in e is in range; der() is gone (dae.c made derivatives variables). */
static void check_expr(const mo_dae *dae, const mo_expr *e, const char *stage)
{
    if (!e)
        return;
    if (e->kind == MO_EX_VAR) {
        if (e->var < 0 || e->var >= dae->vars.n)
            broken(stage, mo_sprintf("an equation names variable %d of %d", e->var, dae->vars.n));
        return; /* a VAR node is short: it has no operands (ast.h) */
    }
    if (e->kind == MO_EX_DER)
        broken(stage, "der() is left in an equation");
    for (int i = 0; i < e->n; i++)
        check_expr(dae, e->a[i], stage);
}

static void check_vars(const mo_dae *dae, const char *stage)
{
    int n = dae->vars.n;
    for (int v = 0; v < n; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        if (d->der >= n || d->der_of >= n || d->der < -1 || d->der_of < -1)
            broken(stage, mo_sprintf("'%s' has a derivative link out of range", d->name));
        if (d->der >= 0 && dae->vars.v[d->der].der_of != v)
            broken(stage, mo_sprintf("der('%s') does not point back at it", d->name));
        if (d->der_of >= 0 && dae->vars.v[d->der_of].der != v)
            broken(stage, mo_sprintf("'%s' is not the derivative its link says", d->name));
        if (d->kind == MO_DV_ALIAS && d->alias_of >= 0 &&
            (d->alias_of >= n || dae->vars.v[d->alias_of].kind == MO_DV_ALIAS))
            broken(stage, mo_sprintf("alias '%s' does not point at a kept variable", d->name));
    }
}

static void check_eqs(const mo_dae *dae, const char *stage)
{
    for (int i = 0; i < dae->eqs.n; i++) {
        const mo_deq *q = &dae->eqs.v[i];
        if (q->removed)
            continue;
        check_expr(dae, q->lhs, stage);
        check_expr(dae, q->rhs, stage);
    }
}

/* Each block's equations and unknowns are in range, and no unknown is computed twice. */
static void check_system(const mo_dae *dae, const mo_system *sys, const char *name, const char *stage)
{
    unsigned char *seen = calloc((size_t)dae->vars.n + 1, 1);
    if (!seen)
        return;
    for (int b = 0; b < sys->blocks.n; b++) {
        const mo_block *blk = &sys->blocks.v[b];
        if (blk->n <= 0)
            broken(stage, mo_sprintf("%s block %d is empty", name, b));
        for (int i = 0; i < blk->n; i++) {
            int v = blk->vars[i];
            if (v < 0 || v >= dae->vars.n)
                broken(stage, mo_sprintf("%s block %d solves variable %d of %d", name, b, v, dae->vars.n));
            if (seen[v]++)
                broken(stage, mo_sprintf("%s: '%s' is computed by two blocks", name, dae->vars.v[v].name));
            int e = blk->eqs[i], neq = dae->eqs.n + (sys == &dae->init ? dae->init_eqs.n : 0);
            if (e < 0 || e >= neq)
                broken(stage, mo_sprintf("%s block %d names equation %d of %d", name, b, e, neq));
        }
    }
    free(seen);
}

void mo_dae_check(const mo_dae *dae, const char *stage)
{
    check_vars(dae, stage);
    check_eqs(dae, stage);
    check_system(dae, &dae->ode, "ode", stage);
    check_system(dae, &dae->init, "init", stage);
}
