/*
 * startprop.c - values of the unknowns that fit the equations where they can be had cheaply, for the
 * numeric decisions of index reduction (index.c's choice of dummy derivatives). Never for the run.
 *
 * Why: the dummy derivatives are chosen from the Jacobian of the differentiated equations evaluated at
 * a point. At the start values alone, every variable without a start attribute is 0: the rotation
 * matrices of MultiBody's frames (Frames.Orientation's T) are then all zero, every entry of a product of
 * them vanishes, and the choice falls back to generic entries, which only know the structure. A revolute
 * constraint (Joints.Constraints.Revolute) then kept as a state an entry of a rotation matrix that the
 * constrained motion never moves, and the run stopped at t = 0 with a singular linear system. With the
 * rotation matrices computed from the states (the identity of the world frame, the fixed rotations, the
 * joints' angles), the Jacobian is the one of the model at its start and the choice fits it.
 *
 * Method: Kahn's algorithm over the equations. The seeds are the parameters and the variables that the
 * model differentiated before index reduction (their start values, as mo_dae_start_values gives); an
 * equation whose unknowns are all valued but one, that one appearing linearly (mo_solve_for), gives it a
 * value. Each equation is solved at most once, when its count of unvalued unknowns drops to 1, so the
 * cost is linear in the size of the equations. Equations that read arrays of choices (x[k] over many
 * elements, daeutil.h) and algorithm sections are left out (their incidence is not one variable per
 * reference); loops stay unsolved. What is never reached keeps its start value.
 */
#include "daeutil.h"

#include <math.h>
#include <string.h>

/* The value of v from equation q, whose other unknowns are valued: false when it has none (nonlinear in
 * v, not evaluable at compile time, not finite). */
static bool solve_one(const mo_deq *q, int v, const double *vals, double *out)
{
    const mo_expr *sol = NULL;
    if (q->lhs->kind == MO_EX_VAR && q->lhs->var == v && !mo_expr_has_var(q->rhs, v))
        sol = q->rhs;
    else if (q->rhs->kind == MO_EX_VAR && q->rhs->var == v && !mo_expr_has_var(q->lhs, v))
        sol = q->lhs;
    else
        sol = mo_solve_for(q->lhs, q->rhs, v);
    if (!sol)
        return false;
    bool ok = true;
    double x = mo_eval(sol, vals, &ok);
    if (!ok || !isfinite(x))
        return false;
    *out = x;
    return true;
}

double *mo_dae_propagated_values(const mo_dae *dae, const unsigned char *seed)
{
    int nvar = dae->vars.n, neq = dae->eqs.n;
    double *vals = mo_dae_start_values(dae);
    unsigned char *valued = MO_NEWN(unsigned char, nvar + 1), *seen = MO_NEWN(unsigned char, nvar + 1);
    for (int v = 0; v < nvar; v++)
        valued[v] = !mo_dae_is_unknown(dae, v) || seed[v];
    /* the unknowns of each usable equation (CSR), and the equations of each unknown */
    int *estart = MO_NEWN(int, neq + 1), *count = MO_NEWN(int, neq + 1), *nocc = MO_NEWN(int, nvar + 1);
    mo_int_vec all = {0}, tmp = {0}, chs = {0};
    mo_dae_choices ch;
    memset(&ch, 0, sizeof ch);
    ch.dae = dae;
    for (int e = 0; e < neq; e++) {
        const mo_deq *q = &dae->eqs.v[e];
        estart[e] = all.n;
        if (q->removed || q->initial || q->alg)
            continue;
        tmp.n = chs.n = 0;
        mo_dae_eq_incidence(dae, q, MO_INC_UNKNOWNS, seen, &tmp, &ch, &chs);
        if (chs.n)
            continue;
        for (int k = 0; k < tmp.n; k++) {
            MO_PUSH(all, tmp.v[k]);
            nocc[tmp.v[k]]++;
            count[e] += !valued[tmp.v[k]];
        }
    }
    estart[neq] = all.n;
    int *ostart = MO_NEWN(int, nvar + 1), *occ = MO_NEWN(int, all.n + 1);
    for (int v = 0; v < nvar; v++)
        ostart[v + 1] = ostart[v] + nocc[v];
    memset(nocc, 0, sizeof(int) * (size_t)nvar);
    for (int e = 0; e < neq; e++)
        for (int k = estart[e]; k < estart[e + 1]; k++)
            occ[ostart[all.v[k]] + nocc[all.v[k]]++] = e;
    /* the equations with one unvalued unknown, in equation order, then as they become so */
    int *queue = MO_NEWN(int, neq + 1), nq = 0;
    for (int e = 0; e < neq; e++)
        if (count[e] == 1)
            queue[nq++] = e;
    for (int qi = 0; qi < nq; qi++) {
        int e = queue[qi], v = -1;
        for (int k = estart[e]; k < estart[e + 1] && v < 0; k++)
            if (!valued[all.v[k]])
                v = all.v[k];
        double x;
        if (v < 0 || !solve_one(&dae->eqs.v[e], v, vals, &x))
            continue;
        vals[v] = x;
        valued[v] = 1;
        for (int k = ostart[v]; k < ostart[v + 1]; k++)
            if (--count[occ[k]] == 1)   /* each equation is queued once: its count only falls */
                queue[nq++] = occ[k];
    }
    return vals;
}
