/*
 * stateset.c - state sets (the default; --no-state-sets: static choices only): dynamic state
 * selection's form of a state choice of index reduction (index.c) that can degenerate during the run.
 *
 * A choice of the dummy derivative method takes nr dummies among nc candidates at the start values;
 * the integrals of the other nc - nr are states. Where the rows' Jacobian against the dummies turns
 * singular (a Cartesian pendulum's x at the bottom of its swing) that choice stops fitting. A state
 * set instead makes every candidate a dummy and adds nk = nc - nr set states s_i, each a copy of the
 * integral of the candidate its discrete selector k_i names: s_i = SEL(k_i, integrals), der(s_i) =
 * SEL(k_i, candidates), an if-chain on k_i (so the sort treats k_i as what it is, a value that changes
 * at events and nowhere else, and the loops holding the set equations solve for the candidates by
 * Newton with k_i read at each evaluation: no coefficient through k_i is divided by, none is folded).
 * The selectors start at the static choice; the run switches them (codegen_dss.c, runtime/dss.c). This
 * is how tools with "state sets" (OpenModelica) do it; the facts carry over, the code is ours.
 *
 * Input: the levels of index.c (a component's rows, candidates, chosen dummies). Output: dsets with
 * nk > 0 and their variables and equations in the DAE. Linear in the sets' rows' partial derivatives.
 */
#include "daeutil.h"

#include <string.h>

static bool state_sets = true;

void mo_dae_state_sets(bool on)
{
    state_sets = on;
}

/* A set has at most this many candidates (and so, nr < nc, at most 7 rows and 7 set states): each set
 * equation is an if-chain over all of them, every loop that holds one is solved by Newton at each
 * evaluation, and the run-time switch is dense in a set, O(nr^2 nc) at each accepted point
 * (codegen_dss.c); a large component (MultiBody's DoublePendulum: 54 candidates, 3 kept, whose static
 * choice never degenerates) ran 20 to 50 times slower as a set, while the choices that do degenerate in
 * the MSL are not handled by sets yet (see codegen_dss.c). */
enum { SET_MAX_CANDIDATES = 8 };

/* (daeutil.h) */
unsigned char *mo_dae_dummy_pattern(const mo_dae *dae, const int *rows, int nr, const int *chosen, const int *colpos,
                                    unsigned char *seen, mo_int_vec *vs, bool *all)
{
    int nc = 0;
    for (int i = 0; i < nr; i++)
        nc = chosen[i] + 1 > nc ? chosen[i] + 1 : nc;
    int *dpos = MO_NEWN(int, nc + 1);   /* the dummy that column j is, + 1 */
    for (int i = 0; i < nr; i++)
        dpos[chosen[i]] = i + 1;
    unsigned char *pat = MO_NEWN(unsigned char, (size_t)nr * (size_t)nr);
    *all = true;
    for (int i = 0; i < nr; i++) {
        const mo_deq *q = &dae->eqs.v[rows[i]];
        mo_expr *res = mo_sym_sub(q->lhs, q->rhs);
        vs->n = 0;
        mo_dae_eq_unknowns(dae, q, seen, vs);
        for (int k = 0; k < vs->n; k++) {
            int j = colpos[vs->v[k]] - 1;
            if (j < 0)
                continue;
            mo_expr *d = mo_diff_var_pure(res, vs->v[k]);
            double c;
            *all &= d != NULL;
            if (j >= nc || !dpos[j] || (d && mo_sym_is_num(d, &c) && c == 0))
                continue;
            pat[(size_t)i * (size_t)nr + (size_t)(dpos[j] - 1)] =
                !d ? MO_PAT_NA : mo_dae_expr_varies(dae, d) ? MO_PAT_OTHER : MO_PAT_CONST;
        }
    }
    return pat;
}

/* (daeutil.h) When sets are on, a choice that can degenerate: some partial derivative of its rows
 * against a dummy it chose varies during the run (a constant one keeps the dummies' Jacobian as it was
 * at the start). Every candidate must be the derivative of a variable (the set states copy those), none
 * declared StateSelect.always or never (requirements a set could not keep), and every partial
 * derivative available, since the run evaluates them all to pick the best columns. No candidate's
 * integral may be the target of a reinit (reinit: mo_dae_reinit_targets): a set makes every integral
 * algebraic, and reinit needs a state (a pendulum's v reinitialized at a wall stopped compiling when sets
 * became the default; as a static choice it compiles and runs). */
bool mo_dae_set_wanted(const mo_dae *dae, const int *rows, int nr, const int *cols, int nc, const int *chosen,
                       const int *colpos, const unsigned char *reinit, unsigned char *seen, mo_int_vec *vs)
{
    if (!state_sets || nc <= nr || nc > SET_MAX_CANDIDATES)
        return false;
    for (int j = 0; j < nc; j++) {
        int q = dae->vars.v[cols[j]].der_of;
        if (q < 0 || dae->vars.v[q].state_select == MO_SS_ALWAYS || dae->vars.v[q].state_select == MO_SS_NEVER ||
            reinit[q])
            return false;
    }
    bool all;
    bool vary = false;
    unsigned char *pat = mo_dae_dummy_pattern(dae, rows, nr, chosen, colpos, seen, vs, &all);
    if (!all)
        return false;
    for (size_t k = 0; k < (size_t)nr * (size_t)nr; k++)
        vary |= pat[k] == MO_PAT_OTHER;
    /* Triangular against the dummies with constant pivots, their determinant is constant and the choice
     * never degenerates, whatever the entries off the diagonal (codegen_dss.c does not watch such a
     * choice either): a tank that balances m and U and keeps its level and T has 1 against der(m) and
     * der(U) in m = rho A level and U = m cv T differentiated, where der(m)'s entry -cv T in the second
     * row varies. As a set, its switch (runtime/dss.c) compared the determinants of rows scaled to 1,
     * 6e-11 for that choice (rho A = 2000 against 1 in the first row) against 1 for m and U kept, and
     * stopped the run at t = 0 (tests/sim/state_set_triangular.sh). */
    return vary && mo_dae_triangular(pat, nr) != 1;
}

/* (daeutil.h) Linear in the when-clauses' statements. */
unsigned char *mo_dae_reinit_targets(const mo_dae *dae)
{
    unsigned char *r = MO_NEWN(unsigned char, dae->vars.n + 1);
    const mo_flat *flat = dae->flat;
    for (int i = 0; i < flat->whens.n; i++)
        for (int b = 0; b < flat->whens.v[i].nbranches; b++) {
            const mo_wbranch *br = &flat->whens.v[i].branches[b];
            for (int j = 0; j < br->body.n; j++) {   /* (reinit stands only at a branch's top: flatten_when.c) */
                const mo_wstmt *s = &br->body.v[j];
                if (s->kind != MO_WS_REINIT || s->lhs->kind != MO_EX_VAR || s->lhs->var < 0)
                    continue;
                bool neg;
                const mo_expr *val;
                int k = mo_dae_resolve(dae, s->lhs->var, &neg, &val, NULL);
                if (k >= 0)
                    r[k] = 1;
            }
        }
    return r;
}

/* SEL(k, e): e(0) if k == 1, e(1) if k == 2, ..., e(n - 1) otherwise, e(j) the variable vars[j] (or
 * der_of: the integrals of the candidates). */
static mo_expr *select_expr(const mo_dae *dae, mo_loc loc, int k, const int *vars, int n, bool integral)
{
    mo_expr *e = NULL;
    for (int j = n - 1; j >= 0; j--) {
        mo_expr *v = mo_sym_var(loc, integral ? dae->vars.v[vars[j]].der_of : vars[j]);
        e = e ? mo_sym_if(loc, mo_sym_binary(loc, MO_OP_EQ, mo_sym_var(loc, k), mo_sym_num(loc, j + 1)), v, e) : v;
    }
    return e;
}

/* (daeutil.h) Per set state, a discrete selector k (its initial
 * equation k = its static column), the set state s with its derivative, s = SEL(k, integrals) and
 * der(s) = SEL(k, candidates). The new variables are no dummies: *dummy grows. Each set adds 2 nk
 * equations and 2 nk unknowns (s is a state), for the nk states its candidates' integrals no longer are. */
void mo_dae_make_state_sets(mo_dae *dae, unsigned char **dummy)
{
    int nvar0 = dae->vars.n, nset = 0;
    for (int t = 0; t < dae->dsets.n; t++) {
        mo_dset *s = &dae->dsets.v[t];
        if (!s->nk)
            continue;
        nset++;
        const mo_deq *w = &dae->eqs.v[s->rows[0]];
        mo_loc loc = w->loc;
        const char *inst = w->instance;
        mo_eq_origin origin = w->origin;
        s->sset = MO_NEWN(int, s->nk);
        s->ksel = MO_NEWN(int, s->nk);
        for (int i = 0; i < s->nk; i++) {
            int kept = dae->vars.v[s->cols[s->nr + i]].der_of;
            int k = mo_dae_add_var(dae, mo_sprintf("$STATESET%d.k[%d]", nset, i + 1), MO_DV_DISCRETE);
            dae->vars.v[k].start = mo_sym_num(loc, s->nr + i + 1);
            dae->vars.v[k].fixed = true;
            int x = mo_dae_add_var(dae, mo_sprintf("$STATESET%d.x[%d]", nset, i + 1), MO_DV_ALGEBRAIC);
            dae->vars.v[x].start = dae->vars.v[kept].start;
            dae->vars.v[x].nominal = dae->vars.v[kept].nominal;
            int dx = mo_dae_new_der(dae, x);
            s->sset[i] = x;
            s->ksel[i] = k;
            mo_deq e = {.loc = loc, .instance = inst, .origin = origin, .diff_of = -1};
            e.lhs = mo_sym_var(loc, x);
            e.rhs = select_expr(dae, loc, k, s->cols, s->nc, true);
            MO_PUSH(dae->eqs, e);
            e.lhs = mo_sym_var(loc, dx);
            e.rhs = select_expr(dae, loc, k, s->cols, s->nc, false);
            MO_PUSH(dae->eqs, e);
            e.initial = true;
            e.lhs = mo_sym_var(loc, k);
            e.rhs = mo_sym_num(loc, s->nr + i + 1);
            MO_PUSH(dae->init_eqs, e);
        }
    }
    if (dae->vars.n == nvar0)
        return;
    unsigned char *grown = MO_NEWN(unsigned char, dae->vars.n);
    memcpy(grown, *dummy, (size_t)nvar0);
    *dummy = grown;
}
