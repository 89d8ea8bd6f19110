/*
 * dump.c - the readable text of the analysis stages, behind --dump=dae|match|blt (mo_dae_dump).
 *
 * Input: a DAE after the stage named (dae: after mo_dae_build or mo_dae_index; match and blt: after
 * mo_dae_sort). Output: plain text on out, stable from run to run (everything is listed in index
 * order or block order, never in hash order), meant for people and for golden tests.
 *
 *   dae    the variables with kind, slot, attributes and aliases; the equations (removed alias
 *          equations shown as such, differentiated ones with what they derive from); initial equations
 *   match  for the ODE and the initial system, each equation with the unknown it is solved for
 *   blt    the blocks of both systems in evaluation order with their unknowns and equations
 */
#include "daeutil.h"

#include <string.h>

static const char *kind_name(mo_dkind k)
{
    switch (k) {
    case MO_DV_CONSTANT: return "constant";
    case MO_DV_PARAMETER: return "parameter";
    case MO_DV_STATE: return "state";
    case MO_DV_DERIVATIVE: return "derivative";
    case MO_DV_ALGEBRAIC: return "algebraic";
    case MO_DV_ALIAS: return "alias";
    case MO_DV_DISCRETE: return "discrete";
    case MO_DV_PRE: return "pre";
    case MO_DV_UNUSED: return "unused";
    }
    return "?";
}

static const char *expr_text(const mo_dae *dae, const mo_expr *e)
{
    mo_buf b = {0};
    mo_expr_print(&b, e, mo_dae_var_name, (void *)dae);
    return mo_buf_str(&b);
}

static const char *slot_text(const mo_dvar *d)
{
    if (d->slot < 0)
        return "";
    switch (d->kind) {
    case MO_DV_STATE: return mo_sprintf("x[%d]", d->slot);
    case MO_DV_DERIVATIVE: return mo_sprintf("dx[%d]", d->slot);
    case MO_DV_ALGEBRAIC: case MO_DV_DISCRETE: return mo_sprintf("y[%d]", d->slot);
    case MO_DV_PARAMETER: case MO_DV_CONSTANT: return mo_sprintf("p[%d]", d->slot);
    case MO_DV_PRE: return mo_sprintf("pre[%d]", d->slot);
    default: return "";
    }
}

/* " (in 'a.b')" for equations of components. */
static const char *where(const mo_deq *q)
{
    return q->instance && q->instance[0] ? mo_sprintf("  (in '%s')", q->instance) : "";
}

/* Equation label: e12 for dae->eqs, i3 for dae->init_eqs (block numbering of mo_block_eq). */
static const char *eq_label(const mo_dae *dae, int eq)
{
    return eq < dae->eqs.n ? mo_sprintf("e%d", eq) : mo_sprintf("i%d", eq - dae->eqs.n);
}

static void dump_dae(FILE *out, const mo_dae *dae)
{
    int nremoved = 0, nalias = 0;
    for (int e = 0; e < dae->eqs.n; e++)
        nremoved += dae->eqs.v[e].removed;
    for (int v = 0; v < dae->vars.n; v++)
        nalias += dae->vars.v[v].kind == MO_DV_ALIAS;
    fprintf(out, "dae %s: %d variables (%d aliases), %d equations (%d removed as aliases), "
            "%d initial equations\n", dae->flat && dae->flat->name ? dae->flat->name : "?", dae->vars.n,
            nalias, dae->eqs.n, nremoved, dae->init_eqs.n);
    fprintf(out, "variables:\n");
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        fprintf(out, "  %-10s %-7s %s", kind_name(d->kind), slot_text(d), d->name);
        if (d->kind == MO_DV_ALIAS) {
            if (d->alias_of >= 0)
                fprintf(out, " = %s%s", d->alias_negated ? "-" : "", dae->vars.v[d->alias_of].name);
            else
                fprintf(out, " = %s", expr_text(dae, d->alias_value));
        } else if ((d->kind == MO_DV_PARAMETER || d->kind == MO_DV_CONSTANT) && d->flat >= 0 &&
                   dae->flat->vars.v[d->flat].binding) {
            fprintf(out, " = %s", expr_text(dae, dae->flat->vars.v[d->flat].binding));
        }
        if (d->unfixed_param)
            fprintf(out, "  (fixed = false: solved at initialization)");
        if (d->kind != MO_DV_ALIAS && d->kind != MO_DV_PARAMETER && d->kind != MO_DV_CONSTANT) {
            if (d->start)
                fprintf(out, "  start = %s%s", expr_text(dae, d->start), d->fixed ? " (fixed)" : "");
            if (d->der >= 0)
                fprintf(out, "  der = %s", dae->vars.v[d->der].name);
            if (d->state_select != MO_SS_DEFAULT) {
                static const char *ss[] = {"", "never", "avoid", "default", "prefer", "always"};
                fprintf(out, "  stateSelect = %s", ss[d->state_select]);
            }
        }
        fputc('\n', out);
    }
    fprintf(out, "equations:\n");
    for (int e = 0; e < dae->eqs.n; e++) {
        const mo_deq *q = &dae->eqs.v[e];
        fprintf(out, "  e%d: %s%s%s", e, q->removed ? "(alias, removed) " : "", mo_dae_eq_text(dae, q),
                where(q));
        if (q->diff_of >= 0)
            fprintf(out, "  [d/dt e%d]", q->diff_of);
        fputc('\n', out);
    }
    if (dae->init_eqs.n) {
        fprintf(out, "initial equations:\n");
        for (int i = 0; i < dae->init_eqs.n; i++) {
            const mo_deq *q = &dae->init_eqs.v[i];
            fprintf(out, "  i%d: %s%s%s\n", i, mo_dae_eq_text(dae, q), where(q),
                    q->assumed ? "  [assumed: start value not fixed]" : "");
        }
    }
}

static void dump_match_sys(FILE *out, const mo_dae *dae, const mo_system *sys, const char *name, int neq)
{
    /* in equation order: the blocks give each equation its unknown */
    int *var_of = MO_NEWN(int, neq + 1);
    unsigned char *has = MO_NEWN(unsigned char, neq + 1);
    for (int b = 0; b < sys->blocks.n; b++) {
        const mo_block *k = &sys->blocks.v[b];
        for (int i = 0; i < k->n; i++) {
            var_of[k->eqs[i]] = k->vars[i];
            has[k->eqs[i]] = 1;
        }
    }
    fprintf(out, "%s matching:\n", name);
    for (int e = 0; e < neq; e++)
        if (has[e])
            fprintf(out, "  %-5s %s  ->  %s\n", eq_label(dae, e), mo_dae_eq_text(dae, mo_dae_eq_at(dae, e)),
                    dae->vars.v[var_of[e]].name);
}

static const char *block_kind(mo_block_kind k)
{
    switch (k) {
    case MO_BLOCK_EXPLICIT: return "explicit";
    case MO_BLOCK_LINEAR: return "linear";
    case MO_BLOCK_NONLINEAR: return "nonlinear";
    case MO_BLOCK_ALGORITHM: return "algorithm";
    }
    return "?";
}

static void dump_blt_sys(FILE *out, const mo_dae *dae, const mo_system *sys, const char *name)
{
    fprintf(out, "%s: %d blocks\n", name, sys->blocks.n);
    for (int b = 0; b < sys->blocks.n; b++) {
        const mo_block *k = &sys->blocks.v[b];
        fprintf(out, "  block %d (%s", b + 1, block_kind(k->kind));
        if (k->n > 1)
            fprintf(out, ", %d equations", k->n);
        fprintf(out, "):");
        for (int i = 0; i < k->n; i++)
            fprintf(out, " %s", dae->vars.v[k->vars[i]].name);
        fputc('\n', out);
        for (int i = 0; i < k->n; i++) {
            const mo_deq *q = mo_dae_eq_at(dae, k->eqs[i]);
            fprintf(out, "    %-5s %s%s%s\n", eq_label(dae, k->eqs[i]), mo_dae_eq_text(dae, q), where(q),
                    q->assumed ? "  [assumed: start value not fixed]" : "");
        }
    }
}

void mo_dae_dump(FILE *out, const mo_dae *dae, const char *what)
{
    if (!strcmp(what, "dae")) {
        dump_dae(out, dae);
    } else if (!strcmp(what, "match")) {
        dump_match_sys(out, dae, &dae->ode, "ode", dae->eqs.n);
        dump_match_sys(out, dae, &dae->init, "init", dae->eqs.n + dae->init_eqs.n);
    } else if (!strcmp(what, "blt")) {
        int nx = 0;
        fprintf(out, "states:");
        for (int v = 0; v < dae->vars.n; v++)
            if (dae->vars.v[v].kind == MO_DV_STATE) {
                fprintf(out, " %s", dae->vars.v[v].name);
                nx++;
            }
        fprintf(out, "%s\n", nx ? "" : " (none)");
        dump_blt_sys(out, dae, &dae->ode, "ode");
        dump_blt_sys(out, dae, &dae->init, "init");
    } else {
        mo_unreachable("unknown --dump value (main.c checks it)");
    }
}
