/*
 * demote.c - the states that the dummy derivatives (index.c) leave too many, made dummies
 * (mo_dae_demote_states, after the state sets are made).
 *
 * Input: the DAE after index.c chose the dummies (dummy[v]: v is a dummy derivative), the sets' states
 * made (stateset.c). Output: more dummy flags, until the reduced system matches. Linear in the graph per
 * phase (below).
 */
#include "daeutil.h"
#include "graph.h"

#include <string.h>

/* The levels above can leave more states than the model has degrees of freedom. A column of level i + 1
 * is the integral of a dummy of level i; when that dummy is der(w) of a variable w that is no derivative
 * itself, choosing w adds no unknown (w is algebraic already). MultiBody's kinematic loops do this: the
 * velocity form of a loop's closing equations reads the frames' angular velocities R.w (resolve1 and
 * absoluteRotation differentiate to R.w through their derivative annotations), and R.w reaches the
 * joints' coordinates only through equations never differentiated (R.w = R_rel.w + ..., w = der(phi)),
 * so the rank of that level is found in the w columns and a joint's w and phi both stay states. Each
 * such choice leaves the reduced system one equation more than unknowns. The repair: match the reduced
 * system (the unknowns sort.c matches, the elements of choices as edges); while equations stay
 * unmatched, an alternating path from one to a state makes that state a dummy (algebraic) and matches
 * it, taking among the states reachable the one we least want kept (keep_score: never, avoid, default,
 * prefer, always), never a state set's state (stateset.c: it stands for the candidates' integrals, which
 * are no states, and the run writes its slot of x when the set switches, codegen_dss.c). Searches share
 * their marks within a phase (their paths are disjoint, as in Hopcroft-Karp), so a phase is linear in the
 * graph; a phase repeats only while it matched something. */
void mo_dae_demote_states(mo_dae *dae, unsigned char *dummy)
{
    int nvar = dae->vars.n, neq = 0;
    /* only a level of dummies can leave states over; without one, the graph (every equation with the
     * elements of its choices as edges: y[i] = x[k + i] over N elements makes N^2 of them) is not built */
    bool any_dummy = false;
    for (int v = 0; v < nvar && !any_dummy; v++)
        any_dummy = dummy[v];
    if (!any_dummy)
        return;
    unsigned char *state = MO_NEWN(unsigned char, nvar), *seen = MO_NEWN(unsigned char, nvar);
    for (int v = 0; v < nvar; v++)
        state[v] = mo_dae_is_unknown(dae, v) && dae->vars.v[v].der >= 0 && !dummy[dae->vars.v[v].der];
    unsigned char *in_set = MO_NEWN(unsigned char, nvar);   /* a set state: kept (above) */
    for (int t = 0; t < dae->dsets.n; t++)
        for (int i = 0; i < dae->dsets.v[t].nk; i++)
            in_set[dae->dsets.v[t].sset[i]] = 1;
    mo_int_vec ee = {0}, ev = {0}, tmp = {0}, chs = {0};   /* edges (equation, unknown) */
    mo_dae_choices ch = {.dae = dae};   /* the elements of choices x[k] are edges, as sort.c's sys_whole */
    for (int e = 0; e < dae->eqs.n; e++) {
        if (dae->eqs.v[e].removed)
            continue;
        tmp.n = chs.n = 0;
        mo_dae_eq_incidence(dae, &dae->eqs.v[e], 0, seen, &tmp, &ch, &chs);
        for (int k = 0; k < chs.n; k++) {
            int nv;
            const int *vs = mo_dae_choice_vars(&ch, chs.v[k], &nv);
            for (int i = 0; i < nv; i++)
                MO_PUSH(tmp, vs[i]);
        }
        for (int k = 0; k < tmp.n; k++)
            if (mo_dae_is_unknown(dae, tmp.v[k])) {
                MO_PUSH(ee, neq);
                MO_PUSH(ev, tmp.v[k]);
            }
        neq++;
    }
    mo_graph g = mo_graph_build(neq, nvar, ee.v, ev.v, ee.n);
    unsigned char *skip = MO_NEWN(unsigned char, nvar);
    for (int v = 0; v < nvar; v++)
        skip[v] = !mo_dae_is_unknown(dae, v) || state[v];
    int *var_of_eq = MO_NEWN(int, neq + 1), *eq_of_var = MO_NEWN(int, nvar + 1);
    for (int e = 0; e < neq; e++)
        var_of_eq[e] = -1;
    for (int v = 0; v < nvar; v++)
        eq_of_var[v] = -1;
    if (mo_match(&g, skip, var_of_eq, eq_of_var, 0) == neq)
        return;
    int *from = MO_NEWN(int, nvar), *queue = MO_NEWN(int, neq + 1);   /* var -> the equation that reached it */
    unsigned char *eq_seen = MO_NEWN(unsigned char, neq), *var_seen = MO_NEWN(unsigned char, nvar);
    for (bool grew = true; grew;) {
        grew = false;
        memset(eq_seen, 0, (size_t)neq);
        memset(var_seen, 0, (size_t)nvar);
        for (int root = 0; root < neq; root++) {
            if (var_of_eq[root] >= 0 || eq_seen[root])
                continue;
            int nq = 0, best = -1;
            queue[nq++] = root;
            eq_seen[root] = 1;
            for (int qi = 0; qi < nq; qi++) {
                int e = queue[qi];
                for (int k = g.start[e]; k < g.start[e + 1]; k++) {
                    int v = g.adj[k];
                    if (var_seen[v] || !mo_dae_is_unknown(dae, v))
                        continue;
                    var_seen[v] = 1;
                    from[v] = e;
                    if (state[v]) {
                        if (!in_set[v] && (best < 0 || mo_dae_keep_score(dae, dae->vars.v[v].der) <
                                                           mo_dae_keep_score(dae, dae->vars.v[best].der)))
                            best = v;
                    } else if (eq_of_var[v] >= 0 && !eq_seen[eq_of_var[v]]) {
                        eq_seen[eq_of_var[v]] = 1;
                        queue[nq++] = eq_of_var[v];
                    }
                }
            }
            if (best < 0)
                continue;
            state[best] = 0;
            dummy[dae->vars.v[best].der] = 1;
            for (int v = best; v >= 0;) {   /* flip the path back to root */
                int e = from[v], prev = var_of_eq[e];
                var_of_eq[e] = v;
                eq_of_var[v] = e;
                v = e == root ? -1 : prev;
            }
            grew = true;
        }
    }
}
