/*
 * hidden.c - constraints on differentiated variables that two linear equations hide (mo_dae_hidden).
 *
 * Pantelides' algorithm (index.c) finds the equations to differentiate from the structure alone. Two
 * linear equations with constant coefficients whose terms in the unknowns that are not differentiated
 * are proportional hide a constraint that the structure does not show: a polyphase zero-sequence
 * inductor with its star point left open (MSL ZeroInductor: m*i0 = sum(i); the star: sum(i) = 0) says
 * i0 = 0, yet the currents i[k] appear in enough other equations for a matching to exist, so i0 stays a
 * state and the ODE system is singular at run time (its linear loop's columns of the star's potential
 * and of the inductor's voltage are equal). Here one equation of each such pair is replaced by their
 * difference, in which only the differentiated variables (and parameters) are left: an equivalent
 * system whose structure shows the constraint, so that index reduction differentiates it.
 *
 * Needs: the DAE of dae.c (aliases removed, der(v) made variables), before index reduction.
 * Guarantees: the equations replaced keep their location, component and origin; every other equation
 * is untouched; nothing changes when no pair is found. An equation qualifies when it is a sum of
 * literal multiples of scalar variables and literals (the form of connection equations, KCL sums and
 * the inductor's m*i0 = sum(i)); its unknowns without a derivative are its "free part". The equations
 * are sorted by their free part normalised to a first coefficient of 1 (n log n), and an equation whose
 * free part equals that of an earlier one is replaced by its difference with it when that difference
 * reads a differentiated unknown. Larger combinations (three equations or more) are not searched.
 */
#include "daeutil.h"

#include <math.h>
#include <stdlib.h>

typedef struct term {
    int var;
    double c;
} term;

typedef MO_VEC(term) term_vec;

/* The linear form of one equation: coef-weighted variables and a constant, lhs - rhs = sum + k. */
typedef struct lin {
    int eq;
    term *t;        /* sorted by variable, merged, no zero coefficients */
    int n, nfree;   /* all terms; those of the free part come first in fr[] */
    term *fr;       /* the free part, normalised: fr[0].c == 1 */
    double scale;   /* the first free coefficient before normalisation */
    double k;
} lin;

/* Adds c * e to *out (terms) and *k (constants); false when e is not of the linear form. Recursion
 * over one expression only (its depth is bounded by the parser's limit). */
static bool collect(const mo_expr *e, double c, term_vec *out, double *k)
{
    switch (e->kind) {
    case MO_EX_REAL:
        *k += c * e->real;
        return true;
    case MO_EX_INT:
        *k += c * (double)e->ival;
        return true;
    case MO_EX_VAR:
        if (e->n != 0 || e->var < 0)
            return false;
        MO_PUSH(*out, ((term){e->var, c}));
        return true;
    case MO_EX_UNARY:
        if (e->op == MO_OP_NEG)
            return collect(e->a[0], -c, out, k);
        return e->op == MO_OP_PLUS && collect(e->a[0], c, out, k);
    case MO_EX_BINARY: {
        const mo_expr *a = e->a[0], *b = e->a[1];
        switch (e->op) {
        case MO_OP_ADD:
            return collect(a, c, out, k) && collect(b, c, out, k);
        case MO_OP_SUB:
            return collect(a, c, out, k) && collect(b, -c, out, k);
        case MO_OP_MUL:
            if (a->kind == MO_EX_REAL || a->kind == MO_EX_INT)
                return collect(b, c * (a->kind == MO_EX_REAL ? a->real : (double)a->ival), out, k);
            if (b->kind == MO_EX_REAL || b->kind == MO_EX_INT)
                return collect(a, c * (b->kind == MO_EX_REAL ? b->real : (double)b->ival), out, k);
            return false;
        case MO_OP_DIV: {
            if (b->kind != MO_EX_REAL && b->kind != MO_EX_INT)
                return false;
            double v = b->kind == MO_EX_REAL ? b->real : (double)b->ival;
            return v != 0.0 && collect(a, c / v, out, k);
        }
        default:
            return false;
        }
    }
    default:
        return false;
    }
}

static int cmp_term_var(const void *pa, const void *pb)
{
    const term *a = pa, *b = pb;
    return (a->var > b->var) - (a->var < b->var);
}

/* What a variable is to this pass: 1 free (an unknown without a derivative), 2 differentiated (an
 * unknown with one), 3 known (a parameter or constant), 0 anything else (the equation is skipped). */
static int role(const mo_dae *dae, int v)
{
    const mo_dvar *dv = &dae->vars.v[v];
    if (mo_dae_is_unknown(dae, v))
        return dv->der >= 0 ? 2 : 1;
    return dv->kind == MO_DV_PARAMETER || dv->kind == MO_DV_CONSTANT ? 3 : 0;
}

/* The linear form of equation e, or false when it has none (or no free part). */
static bool linearize(const mo_dae *dae, int e, term_vec *tmp, lin *L)
{
    const mo_deq *q = &dae->eqs.v[e];
    tmp->n = 0;
    double k = 0;
    if (!collect(q->lhs, 1.0, tmp, &k) || !collect(q->rhs, -1.0, tmp, &k) || !isfinite(k))
        return false;
    mo_qsort(tmp->v, (size_t)tmp->n, sizeof(term), cmp_term_var);
    int n = 0;
    for (int i = 0; i < tmp->n; i++) {
        if (n > 0 && tmp->v[n - 1].var == tmp->v[i].var)
            tmp->v[n - 1].c += tmp->v[i].c;
        else
            tmp->v[n++] = tmp->v[i];
    }
    int m = 0, nfree = 0;
    for (int i = 0; i < n; i++) {
        if (tmp->v[i].c == 0.0)
            continue;
        if (!isfinite(tmp->v[i].c))
            return false;
        int r = role(dae, tmp->v[i].var);
        if (r == 0)
            return false;
        nfree += r == 1;
        tmp->v[m++] = tmp->v[i];
    }
    if (nfree < 2)   /* one free unknown in two equations: the structure shows it (Pantelides) */
        return false;
    L->eq = e;
    L->n = m;
    L->nfree = nfree;
    L->k = k;
    L->t = MO_NEWN(term, m);
    L->fr = MO_NEWN(term, nfree);
    for (int i = 0, j = 0; i < m; i++) {
        L->t[i] = tmp->v[i];
        if (role(dae, tmp->v[i].var) == 1)
            L->fr[j++] = tmp->v[i];
    }
    L->scale = L->fr[0].c;
    for (int j = 0; j < nfree; j++)
        L->fr[j].c /= L->scale;
    return true;
}

/* The order of the free parts (size, then variables, then coefficients); equal free parts compare
 * equal, the earlier equation first. */
static int cmp_free(const void *pa, const void *pb)
{
    const lin *a = pa, *b = pb;
    if (a->nfree != b->nfree)
        return a->nfree < b->nfree ? -1 : 1;
    for (int j = 0; j < a->nfree; j++)
        if (a->fr[j].var != b->fr[j].var)
            return a->fr[j].var < b->fr[j].var ? -1 : 1;
    for (int j = 0; j < a->nfree; j++)
        if (a->fr[j].c != b->fr[j].c)
            return a->fr[j].c < b->fr[j].c ? -1 : 1;
    return (a->eq > b->eq) - (a->eq < b->eq);
}

static bool same_free(const lin *a, const lin *b)
{
    if (a->nfree != b->nfree)
        return false;
    for (int j = 0; j < a->nfree; j++)
        if (a->fr[j].var != b->fr[j].var || a->fr[j].c != b->fr[j].c)
            return false;
    return true;
}

/* b - (b.scale / a.scale) * a written as "sum = 0" over the terms that do not cancel (the free part
 * does), or NULL when no differentiated unknown is left in it. */
static mo_expr *difference(const mo_dae *dae, const lin *a, const lin *b, mo_loc loc)
{
    double f = b->scale / a->scale;
    mo_expr *sum = NULL;
    double big = 0;
    for (int i = 0; i < b->n; i++)
        big = fmax(big, fabs(b->t[i].c));
    bool differentiated = false;
    int i = 0, j = 0;
    while (i < a->n || j < b->n) {
        int v;
        double c;
        if (j >= b->n || (i < a->n && a->t[i].var < b->t[j].var)) {
            v = a->t[i].var, c = -f * a->t[i].c, i++;
        } else if (i >= a->n || b->t[j].var < a->t[i].var) {
            v = b->t[j].var, c = b->t[j].c, j++;
        } else {
            v = a->t[i].var, c = b->t[j].c - f * a->t[i].c, i++, j++;
        }
        int r = role(dae, v);
        if (r == 1 || !(fabs(c) > 1e-12 * big))
            continue;   /* the free part cancels by construction */
        differentiated |= r == 2;
        mo_expr *t = mo_sym_mul(mo_sym_num(loc, c), mo_sym_var(loc, v));
        sum = sum ? mo_sym_add(sum, t) : t;
    }
    if (!differentiated)
        return NULL;
    double k = b->k - f * a->k;
    if (k != 0.0)
        sum = mo_sym_add(sum, mo_sym_num(loc, k));
    return sum;
}

int mo_dae_hidden(mo_dae *dae)
{
    MO_VEC(lin) ls = {0};
    term_vec tmp = {0};
    for (int e = 0; e < dae->eqs.n; e++) {
        const mo_deq *q = &dae->eqs.v[e];
        if (q->removed || q->initial || q->alg || q->diff_of >= 0)
            continue;
        lin L;
        if (linearize(dae, e, &tmp, &L))
            MO_PUSH(ls, L);
    }
    mo_qsort(ls.v, (size_t)ls.n, sizeof(lin), cmp_free);
    int replaced = 0;
    for (int i = 0; i < ls.n;) {
        int j = i + 1;
        while (j < ls.n && same_free(&ls.v[i], &ls.v[j]))
            j++;
        for (int k = i + 1; k < j; k++) {
            mo_deq *q = &dae->eqs.v[ls.v[k].eq];
            mo_expr *d = difference(dae, &ls.v[i], &ls.v[k], q->loc);
            if (!d)
                continue;
            q->lhs = d;
            q->rhs = mo_sym_num01(0);
            replaced++;
        }
        i = j;
    }
    return replaced;
}
