/*
 * index.c - index reduction (mo_dae_index): which variables are states.
 *
 * Input: the DAE of dae.c (aliases removed, der(v) made variables, tentative kinds). Output: the same
 * DAE with
 *   - the equations that index reduction differentiated appended to dae->eqs (diff_of = the equation
 *     differentiated), with any new derivative variables (der(der(x)), der(y)) appended to dae->vars;
 *   - final kinds: MO_DV_STATE for the variables integrated, MO_DV_DERIVATIVE for their derivatives,
 *     MO_DV_ALGEBRAIC for everything else computed by the equations (dummy derivatives and dummy
 *     states included);
 *   - slots: states and their derivatives share a slot in x/dx, algebraics have a slot in y,
 *     parameters and constants a slot in p, all in variable order; pre(v) has the slot of v (in the
 *     runtime's pre_x for a state, pre for the others).
 * Structural errors are reported here: an unbalanced model (equations vs unknowns), a structurally
 * singular one, and an index reduction that fails.
 *
 * Method. The unknowns of the matching are the highest derivatives. Pantelides' algorithm (graph.h)
 * finds the equations to differentiate; our callbacks create derivative variables and differentiate
 * equations symbolically (mo_diff_time). Then the dummy derivative method (Mattsson and Soederlind,
 * 1993) chooses the states: starting from the highest level, for the equations that are derivatives
 * of others (H) we choose |H| of the candidate variables with a nonsingular Jacobian dH/dz; those
 * become dummy derivatives (algebraic), and the next level down repeats this with the equations H was
 * differentiated from and the integrals of the chosen variables. The Jacobian is evaluated at the
 * start values of the variables the model differentiates, the other unknowns computed from them where
 * the equations give them one at a time (startprop.c; parameters from their bindings; symbolic
 * derivatives by mo_diff_var, except in 1-row
 * problems and in big components where a central difference is enough and far cheaper) and the choice
 * is sparse Gaussian elimination with column pivoting by priority classes (the stateSelect of the
 * integral: never, avoid, default, prefer, always; columns without an integral last): the columns of a
 * class serve only the rows that those of the earlier classes leave without a pivot, so a state declared
 * always or prefer is kept whenever the Jacobian allows; within a class, among the columns within a
 * factor 10 of the largest entry we take the one whose integral we least want as a state (variables made
 * by the compiler before declared ones, free start values before fixed ones), then the largest entry.
 * Before Pantelides, a variable declared always without a derivative gets one (so that the equations
 * that determine it are differentiated and it can be kept), and so do those declared prefer when a
 * differentiated variable is declared never (the prefer ones are then the states it leaves to others).
 * When the Jacobian is singular at that point, or needs columns of a higher class than the structure
 * does (a singular configuration: a four-bar folded), we retry at the start values alone, then with
 * generic entries on the same sparsity, which gives a structurally valid choice. Each
 * level is split into the connected components of its equations, and the elimination only touches the
 * rows that hold the pivot column, so a chain of 10^4 dampers (one component) costs linear time.
 * The dummy derivatives can leave states over (demote.c: a level whose rank comes from a variable that
 * is no derivative); a structural repair then makes the least wanted of them dummies.
 * The graph first leaves out the elements of big choices x[k] (daeutil.h): when the equations are
 * matched to the highest derivatives without them, nothing is differentiated, as on the whole graph.
 */
#include "daeutil.h"
#include "graph.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct ictx {
    mo_dae *dae;
    MO_VEC(int) geq;          /* graph equation -> dae equation */
    unsigned char *seen;      /* workspace for mo_dae_eq_deps, seen_n entries */
    int seen_n;
    mo_int_vec tmp;
    int failed_eq;            /* the dae equation whose differentiation failed, or -1 */
    const unsigned char *reinit; /* mo_dae_reinit_targets (no state sets of their candidates) */
} ictx;

static unsigned char *seen_ws(ictx *c)
{
    if (c->seen_n < c->dae->vars.n) {
        c->seen_n = 2 * c->dae->vars.n + 16;
        c->seen = MO_NEWN(unsigned char, c->seen_n);
    }
    return c->seen;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* ---- Pantelides' callbacks ---- */

static int cb_new_derivative(void *ctx, mo_pantelides_io *io, int v)
{
    ictx *c = ctx;
    int d = mo_dae_new_der(c->dae, v);
    if (d != io->g.nvar)
        mo_unreachable("index reduction: DAE and graph variables out of step");
    return mo_pantelides_add_var(io, v);
}

static int cb_differentiate(void *ctx, mo_pantelides_io *io, int e)
{
    ictx *c = ctx;
    mo_dae *dae = c->dae;
    int de = c->geq.v[e];
    mo_deq q = dae->eqs.v[de];
    if (q.alg) {
        mo_error(q.loc, "not supported yet: index reduction would have to differentiate this algorithm section");
        return -1;
    }
    mo_expr *l = mo_diff_time(dae, q.lhs);
    mo_expr *r = l ? mo_diff_time(dae, q.rhs) : NULL;
    if (!l || !r) {
        c->failed_eq = de;
        return -1;
    }
    /* derivative variables that mo_diff_time made (der of variables not colored by the search) */
    while (io->g.nvar < dae->vars.n)
        mo_pantelides_add_var(io, dae->vars.v[io->g.nvar].der_of);
    q.lhs = l;
    q.rhs = r;
    q.diff_of = de;
    q.removed = false;
    MO_PUSH(dae->eqs, q);
    c->tmp.n = 0;
    mo_dae_eq_deps(dae, &dae->eqs.v[dae->eqs.n - 1], seen_ws(c), &c->tmp);
    mo_qsort(c->tmp.v, (size_t)c->tmp.n, sizeof(int), cmp_int);
    int ne = mo_pantelides_add_eq(io, e, c->tmp.v, c->tmp.n);
    MO_PUSH(c->geq, dae->eqs.n - 1);
    if (ne != c->geq.n - 1)
        mo_unreachable("index reduction: DAE and graph equations out of step");
    return ne;
}

/* ---- structural errors ---- */

static const char *plural(int n, const char *word)
{
    return mo_sprintf("%d %s%s", n, word, n == 1 ? "" : "s");
}

/* The family of v: the variable at the bottom of its derivative chain (x for der(der(x))). */
static int family(const mo_dae *dae, int v)
{
    while (dae->vars.v[v].der_of >= 0)
        v = dae->vars.v[v].der_of;
    return v;
}

/* The highest derivative of a family (what is matched). */
static int highest(const mo_dae *dae, int v)
{
    while (dae->vars.v[v].der >= 0)
        v = dae->vars.v[v].der;
    return v;
}

/* Report an unbalanced or structurally singular system, from a maximum matching of the equations to
 * variable families (a variable and its derivatives count as one unknown, as in Pantelides' test). */
static void report_structure(ictx *c, const mo_graph *g, bool balanced)
{
    mo_dae *dae = c->dae;
    int neq = g->neq, nvar = dae->vars.n;
    MO_VEC(int) ee = {0};
    MO_VEC(int) ev = {0};
    for (int e = 0; e < neq; e++)
        for (int k = g->start[e]; k < g->start[e + 1]; k++) {
            MO_PUSH(ee, e);
            MO_PUSH(ev, family(dae, g->adj[k]));
        }
    mo_graph fg = mo_graph_build(neq, nvar, ee.v, ev.v, ee.n);
    unsigned char *skip = MO_NEWN(unsigned char, nvar);
    int nfam = 0;
    for (int v = 0; v < nvar; v++) {
        skip[v] = !(mo_dae_is_unknown(dae, v) && dae->vars.v[v].der_of < 0);
        nfam += !skip[v];
    }
    int *var_of_eq = MO_NEWN(int, neq), *eq_of_var = MO_NEWN(int, nvar);
    for (int e = 0; e < neq; e++)
        var_of_eq[e] = -1;
    for (int v = 0; v < nvar; v++)
        eq_of_var[v] = -1;
    mo_match(&fg, skip, var_of_eq, eq_of_var, 0);
    MO_VEC(int) ueq = {0};
    MO_VEC(int) uvar = {0};
    for (int e = 0; e < neq; e++)
        if (var_of_eq[e] < 0)
            MO_PUSH(ueq, c->geq.v[e]);
    for (int v = 0; v < nvar; v++)
        if (!skip[v] && eq_of_var[v] < 0)
            MO_PUSH(uvar, highest(dae, v));
    mo_loc where = mo_dae_model_loc(dae);
    if (!balanced) {
        mo_error(where, "the model has %s but %s", plural(neq, "equation"), plural(nfam, "unknown"));
        mo_dae_note_eqs(dae, ueq.v, ueq.n, "is not matched to any unknown");
        mo_dae_note_vars(dae, uvar.v, uvar.n, "is not matched to any equation");
        return;
    }
    /* singular: the equations reachable from the unmatched ones by alternating paths form a subset
     * with more equations than unknowns (linear BFS) */
    unsigned char *eq_in = MO_NEWN(unsigned char, neq), *var_in = MO_NEWN(unsigned char, nvar);
    MO_VEC(int) qe = {0};
    MO_VEC(int) sv = {0};
    for (int e = 0; e < neq; e++)
        if (var_of_eq[e] < 0) {
            eq_in[e] = 1;
            MO_PUSH(qe, e);
        }
    for (int i = 0; i < qe.n; i++) {
        int e = qe.v[i];
        for (int k = fg.start[e]; k < fg.start[e + 1]; k++) {
            int v = fg.adj[k];
            if (skip[v] || var_in[v])
                continue;
            var_in[v] = 1;
            MO_PUSH(sv, highest(dae, v));
            int e2 = eq_of_var[v];
            if (e2 >= 0 && !eq_in[e2]) {
                eq_in[e2] = 1;
                MO_PUSH(qe, e2);
            }
        }
    }
    MO_VEC(int) se = {0};
    for (int i = 0; i < qe.n; i++)
        MO_PUSH(se, c->geq.v[qe.v[i]]);
    if (se.n > 1)   /* (an empty vector has no array: qsort must not see its NULL) */
        mo_qsort(se.v, (size_t)se.n, sizeof(int), cmp_int);
    if (sv.n > 1)
        mo_qsort(sv.v, (size_t)sv.n, sizeof(int), cmp_int);
    mo_error(where, "the model is structurally singular: %s involve only %s",
             plural(se.n, "equation"), plural(sv.n, "unknown"));
    mo_dae_note_eqs(dae, se.v, se.n, "is involved");
    mo_dae_note_vars(dae, sv.v, sv.n, "is involved");
    mo_dae_note_vars(dae, uvar.v, uvar.n, "is not matched to any equation");
}

/* ---- dummy derivatives ---- */

/* (daeutil.h) A column without an integral (an algebraic variable, or one differentiated by index
 * reduction but no derivative itself) comes last: taking it as a dummy would make no state algebraic,
 * and the reduced system would lack an unknown. */
int mo_dae_keep_score(const mo_dae *dae, int c)
{
    int i = dae->vars.v[c].der_of;
    if (i < 0)
        return 10000000;
    const mo_dvar *I = &dae->vars.v[i];
    int s = 0;
    switch (I->state_select) {
    case MO_SS_ALWAYS: s += 1000; break;
    case MO_SS_PREFER: s += 100; break;
    case MO_SS_AVOID: s -= 100; break;
    case MO_SS_NEVER: s -= 1000; break;
    default: break;
    }
    if (I->fixed && I->start)
        s += 20;
    if (I->flat >= 0)
        s += 10;
    return s;
}

/* A sparse row of a component's Jacobian: columns are local indices. */
typedef struct srow {
    int n, cap;
    int *col;
    double *val;
} srow;

static void srow_put(srow *r, int c, double v)
{
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 4;
        r->col = mo_realloc_arena(r->col, sizeof(int) * (size_t)r->n, sizeof(int) * (size_t)cap);
        r->val = mo_realloc_arena(r->val, sizeof(double) * (size_t)r->n, sizeof(double) * (size_t)cap);
        r->cap = cap;
    }
    r->col[r->n] = c;
    r->val[r->n++] = v;
}

/* The class of a keep_score: what stateSelect (and the structure) asks for, before the finer wishes
 * (fixed start values, declared before made) that only break ties between columns of similar size. */
static int score_tier(int score)
{
    return (int)floor((score + 50) / 100.0);
}

/* The elimination of choose_columns. */
typedef struct elim {
    srow *rows;
    const int *score, *tier;
    unsigned char *used, *done;  /* columns taken as pivots; rows that have theirs */
    int *pos;                    /* scatter: column -> index in the row being updated + 1 */
    mo_int_vec *colrows;         /* column -> the rows holding it (stale entries skipped) */
    double *scale;               /* largest entry of each row before elimination */
    int *chosen;
} elim;

/* Row i takes its pivot among the unused columns of tier <= top, if it has one that is not negligible,
 * and the pivot column is eliminated from the rows still without one. False when it has none. */
static bool pivot_row(elim *E, int i, int top)
{
    srow *row = &E->rows[i];
    double big = 0;
    for (int k = 0; k < row->n; k++)
        if (!E->used[row->col[k]] && E->tier[row->col[k]] <= top && fabs(row->val[k]) > big)
            big = fabs(row->val[k]);
    if (!(big > 1e-8 * E->scale[i]) || !(big > 1e-300))
        return false;
    int best = -1;
    double bv = 0;
    const int *score = E->score;
    for (int k = 0; k < row->n; k++) {
        int j = row->col[k];
        double a = fabs(row->val[k]);
        if (E->used[j] || E->tier[j] > top || !(a >= 0.1 * big))
            continue;
        if (best < 0 || score[j] < score[best] || (score[j] == score[best] && a > bv * (1 + 1e-9)) ||
            (score[j] == score[best] && a >= bv * (1 - 1e-9) && j < best)) {
            best = j;
            bv = a;
        }
    }
    E->used[best] = 1;
    E->done[i] = 1;
    E->chosen[i] = best;
    double piv = 0;
    for (int k = 0; k < row->n; k++)
        if (row->col[k] == best)
            piv = row->val[k];
    int *pos = E->pos;
    for (int t = 0; t < E->colrows[best].n; t++) {
        int i2 = E->colrows[best].v[t];
        if (E->done[i2])
            continue;
        srow *r2 = &E->rows[i2];
        for (int k = 0; k < r2->n; k++)
            pos[r2->col[k]] = k + 1;
        double f = pos[best] ? r2->val[pos[best] - 1] / piv : 0;
        if (f != 0) {
            for (int k = 0; k < row->n; k++) {
                int c = row->col[k];
                /* an entry eliminated before (or cancelled) is 0: it adds nothing, and copying it as
                 * fill would grow every row of a chain by one, making the elimination cubic (zeros
                 * are never pivots, so skipping them changes no choice) */
                if (row->val[k] == 0 || c == best)
                    continue;
                if (pos[c]) {
                    r2->val[pos[c] - 1] -= f * row->val[k];
                } else {
                    srow_put(r2, c, -f * row->val[k]);
                    pos[c] = r2->n;
                    MO_PUSH(E->colrows[c], i2);
                }
            }
            r2->val[pos[best] - 1] = 0;
        }
        for (int k = 0; k < r2->n; k++)
            pos[r2->col[k]] = 0;
        /* drop the zeros (the pivot column, cancellations) so that rows keep their size along a
         * chain; a zero is never a pivot and adds nothing, so no choice changes */
        int w = 0;
        for (int k = 0; k < r2->n; k++)
            if (r2->val[k] != 0) {
                r2->col[w] = r2->col[k];
                r2->val[w++] = r2->val[k];
            }
        r2->n = w;
    }
    return true;
}

/* Choose nr of the nc columns with a nonsingular submatrix: sparse Gaussian elimination, the pivot of
 * each row chosen as the file comment says, by tiers (score_tier): the columns of the lowest tier (those
 * whose integrals we least want as states) first, every row in order taking a pivot among them if it
 * has one that is not negligible; the rows left over then take theirs among the columns of the next
 * tier, and so on, so a column whose integral has stateSelect = always becomes a dummy only when the
 * others cannot fill the rank (4.9.7.1). Only rows holding the pivot column are touched, so a component
 * whose rows each get their own column costs linear time (a few passes when it has several tiers).
 * rows[] is modified. chosen[] gets nr column indices. False when the matrix has rank < nr. */
static bool choose_columns(srow *rows, int nr, int nc, const int *score, int *chosen)
{
    elim E = {.rows = rows, .score = score, .chosen = chosen};
    E.used = MO_NEWN(unsigned char, nc);
    E.done = MO_NEWN(unsigned char, nr);
    E.pos = MO_NEWN(int, nc);
    E.colrows = mo_alloc(sizeof(*E.colrows) * (size_t)nc);
    for (int i = 0; i < nr; i++)
        for (int k = 0; k < rows[i].n; k++)
            MO_PUSH(E.colrows[rows[i].col[k]], i);
    E.scale = MO_NEWN(double, nr);
    for (int i = 0; i < nr; i++)
        for (int k = 0; k < rows[i].n; k++)
            if (fabs(rows[i].val[k]) > E.scale[i])
                E.scale[i] = fabs(rows[i].val[k]);
    /* the tiers present, ascending */
    int *tier = MO_NEWN(int, nc), *tiers = MO_NEWN(int, nc + 1), nt = 0;
    for (int j = 0; j < nc; j++)
        tier[j] = score_tier(score[j]);
    E.tier = tier;
    for (int j = 0; j < nc; j++) {
        int k = 0;
        while (k < nt && tiers[k] != tier[j])
            k++;
        if (k == nt)
            tiers[nt++] = tier[j];
    }
    qsort(tiers, (size_t)nt, sizeof(int), cmp_int);
    int left = nr;
    for (int ti = 0; ti < nt && left > 0; ti++)
        for (int i = 0; i < nr; i++)
            if (!E.done[i] && pivot_row(&E, i, tiers[ti]))
                left--;
    return left == 0;
}

/* Does choice a (nr columns) take more columns of the higher tiers than choice b: its tiers, sorted from
 * the highest, compared in order? */
static bool higher_tiers(const int *score, const int *a, const int *b, int nr)
{
    int *ta = MO_NEWN(int, nr), *tb = MO_NEWN(int, nr);
    for (int i = 0; i < nr; i++) {
        ta[i] = -score_tier(score[a[i]]);
        tb[i] = -score_tier(score[b[i]]);
    }
    qsort(ta, (size_t)nr, sizeof(int), cmp_int);
    qsort(tb, (size_t)nr, sizeof(int), cmp_int);
    for (int i = 0; i < nr; i++)
        if (ta[i] != tb[i])
            return ta[i] < tb[i];
    return false;
}

enum { SYMBOLIC_ROWS = 32 }; /* components up to this many rows get exact symbolic entries */

/* The entry d(lhs - rhs)/d col of equation q at vals; dl, dr the symbolic derivatives of its sides, or
 * NULL for a central difference. NaN when it cannot be evaluated. */
static double jac_entry(const mo_deq *q, int col, const mo_expr *dl, const mo_expr *dr, double *vals)
{
    bool ok = true;
    double v;
    if (dl && dr) {
        v = mo_eval(dl, vals, &ok) - mo_eval(dr, vals, &ok);
    } else {
        double x0 = vals[col], h = 1e-6 * (1 + fabs(x0));
        vals[col] = x0 + h;
        double rp = mo_eval(q->lhs, vals, &ok) - mo_eval(q->rhs, vals, &ok);
        vals[col] = x0 - h;
        double rm = mo_eval(q->lhs, vals, &ok) - mo_eval(q->rhs, vals, &ok);
        vals[col] = x0;
        v = (rp - rm) / (2 * h);
    }
    return ok && isfinite(v) ? v : NAN;
}

/* One connected component of a level: rows (dae equations) and candidate columns (variables). The
 * Jacobian is evaluated at vals (mo_dae_propagated_values: the point where the equations hold as far as
 * they are solved one by one); where it is singular there, at vals0 (the start values alone, as before
 * the propagation: the choices it made stay), then with generic entries. */
static bool select_component(mo_dae *dae, double *vals, double *vals0, const int *rows, int nr, const int *cols,
                             int nc, unsigned char *dummy, int *colpos, const unsigned char *reinit,
                             unsigned char *seen)
{
    if (nr > nc)
        return false;
    srow *num = MO_NEWN(srow, nr), *num0 = MO_NEWN(srow, nr), *gen = MO_NEWN(srow, nr);
    int *score = MO_NEWN(int, nc), *chosen = MO_NEWN(int, nr);
    for (int j = 0; j < nc; j++) {
        colpos[cols[j]] = j + 1;
        score[j] = mo_dae_keep_score(dae, cols[j]);
    }
    mo_int_vec vs = {0};
    /* A column whose integral is in none of the equations its rows were differentiated from would leave
     * the next level nothing to choose. Differentiation by the rules never makes one; a derivative
     * annotation does (Move: phi = position({q, qd, qdd}, time) differentiates to der(phi) = qd, and qd
     * is no derivative of a variable of the first). Such columns come last. */
    unsigned char *reaches = MO_NEWN(unsigned char, nc);
    for (int i = 0; i < nr; i++) {
        const mo_deq *q = &dae->eqs.v[rows[i]];
        if (q->diff_of < 0)
            continue;
        vs.n = 0;
        mo_dae_eq_unknowns(dae, &dae->eqs.v[q->diff_of], seen, &vs);
        for (int k = 0; k < vs.n; k++) {
            int d = dae->vars.v[vs.v[k]].der;
            if (d >= 0 && colpos[d] > 0)
                reaches[colpos[d] - 1] = 1;
        }
    }
    for (int j = 0; j < nc; j++)
        if (!reaches[j])
            score[j] += 1000000;
    for (int i = 0; i < nr; i++) {
        const mo_deq *q = &dae->eqs.v[rows[i]];
        vs.n = 0;
        mo_dae_eq_unknowns(dae, q, seen, &vs);
        for (int k = 0; k < vs.n; k++) {
            int j = colpos[vs.v[k]] - 1;
            if (j < 0)
                continue;
            double g = 1 + (double)(((long)i * 7919 + (long)j * 104729) % 1009) / 1009.0;
            /* exact entries for the small eliminations; one row (no elimination: only magnitudes
             * within a factor 10 matter) or a big sparse component (a chain of dampers is one
             * component) takes a central difference, without building derivative trees */
            mo_expr *dl = NULL, *dr = NULL;
            bool symbolic = nr > 1 && nr <= SYMBOLIC_ROWS;
            if (symbolic) {
                dl = mo_diff_var(q->lhs, cols[j]);
                dr = mo_diff_var(q->rhs, cols[j]);
            }
            double v = symbolic && !(dl && dr) ? NAN : jac_entry(q, cols[j], dl, dr, vals);
            srow_put(&num[i], j, isnan(v) ? g : v);
            v = symbolic && !(dl && dr) ? NAN : jac_entry(q, cols[j], dl, dr, vals0);
            srow_put(&num0[i], j, isnan(v) ? g : v);
            srow_put(&gen[i], j, g);
        }
    }
    /* The generic entries give the choice the structure allows, its tiers as low as they can be (the
     * elimination by tiers takes the lowest first). A numeric choice that needs columns of higher tiers
     * was made at a singular point of the model: the propagated values are only consistent as far as
     * the equations could be solved one by one, and a planar four-bar's links all at angle 0 fold its
     * loop, where the closing equations lose the rank that the joints' coordinates give them elsewhere
     * (PlanarFourbar's joint declared StateSelect.always then became a dummy). */
    int *gchosen = MO_NEWN(int, nr);
    bool gok = choose_columns(gen, nr, nc, score, gchosen);
    bool ok = choose_columns(num, nr, nc, score, chosen) && !(gok && higher_tiers(score, chosen, gchosen, nr));
    if (!ok)
        ok = choose_columns(num0, nr, nc, score, chosen);
    if (!ok && gok) {
        memcpy(chosen, gchosen, sizeof(int) * (size_t)nr);
        ok = true;
    }
    /* the dummies, and the choice kept for the run: watched, or state sets (stateset.c) */
    if (ok)
        mo_dae_record_choice(dae, rows, nr, cols, nc, chosen, colpos, vals0, reinit, seen, &vs, dummy);
    for (int j = 0; j < nc; j++)
        colpos[cols[j]] = 0;
    return ok;
}

static int uf_find(int *p, int x)
{
    int r = x;
    while (p[r] != r)
        r = p[r];
    while (p[x] != r) {
        int n = p[x];
        p[x] = r;
        x = n;
    }
    return r;
}

/* The dummy derivative levels. io holds the final structure of Pantelides. */
static bool select_dummies(ictx *c, const mo_pantelides_io *io, const unsigned char *seed0, int nseed0,
                           unsigned char *dummy)
{
    mo_dae *dae = c->dae;
    int neq = io->g.neq, nvar = dae->vars.n;
    int *pred = MO_NEWN(int, neq);
    for (int e = 0; e < neq; e++)
        pred[e] = -1;
    for (int e = 0; e < neq; e++)
        if (io->der_of_eq[e] >= 0)
            pred[io->der_of_eq[e]] = e;
    double *vals = NULL, *vals0 = NULL;   /* made when a level first needs them (mo_dae_propagated_values) */
    unsigned char *zmask = MO_NEWN(unsigned char, nvar);
    for (int v = 0; v < nvar; v++)
        zmask[v] = mo_dae_is_unknown(dae, v) && dae->vars.v[v].der < 0;
    MO_VEC(int) level = {0}; /* graph equations of the current level */
    for (int e = 0; e < neq; e++)
        if (io->der_of_eq[e] < 0)
            MO_PUSH(level, e);
    int *uf = MO_NEWN(int, nvar), *colpos = MO_NEWN(int, nvar), *comp_of = MO_NEWN(int, nvar);
    unsigned char *seen = MO_NEWN(unsigned char, nvar), *incol = MO_NEWN(unsigned char, nvar);
    for (int v = 0; v < nvar; v++)
        uf[v] = v;
    mo_int_vec vs = {0};
    while (1) {
        MO_VEC(int) H = {0};
        for (int i = 0; i < level.n; i++)
            if (pred[level.v[i]] >= 0)
                MO_PUSH(H, level.v[i]);
        if (H.n == 0)
            break;
        if (!vals) {
            /* the values of the variables differentiated in the model as written stand; the others
             * follow from them where the equations give them one by one */
            unsigned char *seed = MO_NEWN(unsigned char, nvar + 1);
            memcpy(seed, seed0, (size_t)nseed0);
            vals0 = mo_dae_start_values(dae);
            vals = mo_dae_propagated_values(dae, seed);
        }
        /* candidate columns of each row; components by union-find over the columns */
        MO_VEC(int) rstart = {0};
        MO_VEC(int) rcols = {0};
        MO_VEC(int) allcols = {0};
        MO_PUSH(rstart, 0);
        for (int i = 0; i < H.n; i++) {
            vs.n = 0;
            mo_dae_eq_unknowns(dae, &dae->eqs.v[c->geq.v[H.v[i]]], seen, &vs);
            int first = -1;
            for (int k = 0; k < vs.n; k++) {
                int v = vs.v[k];
                if (!zmask[v])
                    continue;
                MO_PUSH(rcols, v);
                if (!incol[v]) {
                    incol[v] = 1;
                    MO_PUSH(allcols, v);
                }
                if (first < 0)
                    first = v;
                else
                    uf[uf_find(uf, v)] = uf_find(uf, first);
            }
            MO_PUSH(rstart, rcols.n);
            if (first < 0) {
                const int *bad = &c->geq.v[H.v[i]];
                mo_error(mo_dae_model_loc(dae), "index reduction failed: no derivative left to "
                         "select as a dummy derivative");
                mo_dae_note_eqs(dae, bad, 1, "is involved");
                return false;
            }
        }
        /* group rows and columns by component (components numbered in order of first column) */
        int ncomp = 0;
        for (int k = 0; k < allcols.n; k++) {
            int r = uf_find(uf, allcols.v[k]);
            if (comp_of[r] == 0)
                comp_of[r] = ++ncomp;
        }
        int *cstart = MO_NEWN(int, ncomp + 2), *rcount = MO_NEWN(int, ncomp + 2);
        for (int k = 0; k < allcols.n; k++)
            cstart[comp_of[uf_find(uf, allcols.v[k])] + 1]++;
        for (int i = 0; i < H.n; i++)
            rcount[comp_of[uf_find(uf, rcols.v[rstart.v[i]])] + 1]++;
        for (int k = 1; k <= ncomp; k++) {
            cstart[k + 1] += cstart[k];
            rcount[k + 1] += rcount[k];
        }
        int *cols = MO_NEWN(int, allcols.n + 1), *rows = MO_NEWN(int, H.n + 1);
        int *cf = MO_NEWN(int, ncomp + 2), *rf = MO_NEWN(int, ncomp + 2);
        memcpy(cf, cstart, sizeof(int) * (size_t)(ncomp + 2));
        memcpy(rf, rcount, sizeof(int) * (size_t)(ncomp + 2));
        for (int k = 0; k < allcols.n; k++)
            cols[cf[comp_of[uf_find(uf, allcols.v[k])]]++] = allcols.v[k];
        for (int i = 0; i < H.n; i++)
            rows[rf[comp_of[uf_find(uf, rcols.v[rstart.v[i]])]]++] = c->geq.v[H.v[i]];
        for (int k = 1; k <= ncomp; k++) {
            int nr = rcount[k + 1] - rcount[k], nc = cstart[k + 1] - cstart[k];
            if (!select_component(dae, vals, vals0, rows + rcount[k], nr, cols + cstart[k], nc, dummy, colpos,
                                  c->reinit, seen)) {
                mo_error(mo_dae_model_loc(dae), "index reduction failed: these %s cannot be solved for "
                         "their %s", plural(nr, "differentiated equation"), plural(nc, "derivative"));
                mo_dae_note_eqs(dae, rows + rcount[k], nr, "is involved");
                mo_dae_note_vars(dae, cols + cstart[k], nc, "is involved");
                return false;
            }
        }
        /* next level: the equations H was differentiated from, the integrals of the dummies */
        for (int k = 0; k < allcols.n; k++) {
            int v = allcols.v[k];
            incol[v] = 0;
            comp_of[uf_find(uf, v)] = 0;
        }
        for (int k = 0; k < allcols.n; k++)
            uf[allcols.v[k]] = allcols.v[k];
        for (int v = 0; v < nvar; v++)
            zmask[v] = 0;
        for (int k = 0; k < allcols.n; k++) {
            int v = allcols.v[k];
            if (dummy[v] && dae->vars.v[v].der_of >= 0)
                zmask[dae->vars.v[v].der_of] = 1;
        }
        level.n = 0;
        for (int i = 0; i < H.n; i++)
            MO_PUSH(level, pred[H.v[i]]);
    }
    return true;
}

/* ---- kinds and slots ---- */

static void assign_kinds(mo_dae *dae, const unsigned char *dummy)
{
    int n = dae->vars.n;
    unsigned char *state = MO_NEWN(unsigned char, n);
    for (int v = 0; v < n; v++)
        state[v] = mo_dae_is_unknown(dae, v) && dae->vars.v[v].der >= 0 && !dummy[dae->vars.v[v].der];
    dae->nx = dae->ny = dae->np = 0;
    for (int v = 0; v < n; v++) {
        mo_dvar *d = &dae->vars.v[v];
        if (mo_dae_is_unknown(dae, v))
            d->kind = state[v] ? MO_DV_STATE :
                      d->der_of >= 0 && state[d->der_of] ? MO_DV_DERIVATIVE : MO_DV_ALGEBRAIC;
        d->slot = -1;
        if (d->kind == MO_DV_STATE)
            d->slot = dae->nx++;
        else if (d->kind == MO_DV_ALGEBRAIC || d->kind == MO_DV_DISCRETE) /* discrete: held in y */
            d->slot = dae->ny++;
        else if ((d->kind == MO_DV_PARAMETER || d->kind == MO_DV_CONSTANT) &&
                 !(d->flat >= 0 && dae->flat->vars.v[d->flat].type == MO_T_STRING)) /* Strings: literals */
            d->slot = dae->np++;
    }
    for (int v = 0; v < n; v++) {
        mo_dvar *d = &dae->vars.v[v];
        if (d->kind == MO_DV_DERIVATIVE)
            d->slot = dae->vars.v[d->der_of].slot;
        else if (d->kind == MO_DV_PRE)   /* pre(v) lives in the runtime's pre / pre_x slot of v */
            d->slot = dae->vars.v[d->pre_of].slot;
    }
}

/* StateSelect.always and .never (4.9.7.1) are requirements, not preferences: a variable declared always
 * that is no state once the states are chosen (nor an alias of one), or one declared never that the
 * model needs as a state, is an error at its declaration. Returns the number of errors. */
static int check_state_select(const mo_dae *dae)
{
    const mo_flat *flat = dae->flat;
    int errors = 0;
    for (int v = 0; flat && v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        if (dv->flat < 0)
            continue;
        const mo_var *fv = &flat->vars.v[dv->flat];
        if (fv->state_select != MO_SS_ALWAYS && fv->state_select != MO_SS_NEVER)
            continue;
        int k = v;
        for (int hops = 0; dae->vars.v[k].kind == MO_DV_ALIAS && dae->vars.v[k].alias_of >= 0 && hops < 64; hops++)
            k = dae->vars.v[k].alias_of;
        bool state = dae->vars.v[k].kind == MO_DV_STATE;
        if (fv->state_select == MO_SS_ALWAYS && !state) {
            mo_error(fv->attr->loc, "'%s' has stateSelect = StateSelect.always, but it is no state of the model "
                     "(specification 4.9.7.1)", dv->name);
            errors++;
        } else if (fv->state_select == MO_SS_NEVER && dv->kind == MO_DV_STATE) {
            mo_error(fv->attr->loc, "'%s' has stateSelect = StateSelect.never, but the model needs it as a state "
                     "(specification 4.9.7.1)", dv->name);
            errors++;
        }
    }
    return errors;
}

int mo_dae_index(mo_dae *dae)
{
    ictx c0, *c = &c0;
    memset(c, 0, sizeof *c);
    c->dae = dae;
    c->failed_eq = -1;
    /* constraints that pairs of linear equations hide from the structure, made visible (hidden.c) */
    mo_dae_hidden(dae);
    /* A variable declared StateSelect.always that no equation differentiates (MultiBody's w_rel of a
     * Spherical joint with enforceStates, a RollingWheel's der_angles) must still be a state (4.9.7.1):
     * it gets a derivative that no equation mentions yet, so Pantelides differentiates the equations
     * that determine it and the dummy derivatives then keep it, as the highest derivatives' wish wins */
    int nseed = dae->vars.n;   /* the variables differentiated in the model (select_dummies) */
    unsigned char *seed = MO_NEWN(unsigned char, nseed + 1);
    for (int v = 0; v < nseed; v++)
        seed[v] = dae->vars.v[v].der >= 0;
    bool never_state = false;
    for (int v = 0; v < dae->vars.n; v++)
        never_state |= mo_dae_is_unknown(dae, v) && dae->vars.v[v].der >= 0 &&
                       dae->vars.v[v].state_select == MO_SS_NEVER;
    for (int v = 0, n = dae->vars.n; v < n; v++)
        if (mo_dae_is_unknown(dae, v) && dae->vars.v[v].der < 0 && (dae->vars.v[v].state_select == MO_SS_ALWAYS ||
            (never_state && dae->vars.v[v].state_select == MO_SS_PREFER)))
            mo_dae_new_der(dae, v);
    /* the incidence graph of the active equations over all variables (only unknowns have edges), each
     * choice x[k] first as one node (daeutil.h) */
    MO_VEC(int) ee = {0};
    MO_VEC(int) ev = {0};
    mo_int_vec chs = {0};
    MO_VEC(int) ce = {0};
    mo_dae_choices ch;
    memset(&ch, 0, sizeof ch);
    ch.dae = dae;
    for (int e = 0; e < dae->eqs.n; e++) {
        if (dae->eqs.v[e].removed)
            continue;
        int ge = c->geq.n;
        MO_PUSH(c->geq, e);
        c->tmp.n = 0;
        chs.n = 0;
        mo_dae_eq_incidence(dae, &dae->eqs.v[e], MO_INC_INPUTS | MO_INC_UNKNOWNS | MO_INC_LATE, seen_ws(c),
                            &c->tmp, &ch, &chs);
        for (int k = 0; k < c->tmp.n; k++) {
            MO_PUSH(ee, ge);
            MO_PUSH(ev, c->tmp.v[k]);
        }
        for (int k = 0; k < chs.n; k++) {
            MO_PUSH(ce, ge);
            MO_PUSH(ce, chs.v[k]);
        }
    }
    int nvar = dae->vars.n, neq = c->geq.n, nunk = 0;
    int *der_of_var = MO_NEWN(int, nvar + 1), *der_of_eq = MO_NEWN(int, neq + 1);
    unsigned char *fixed = MO_NEWN(unsigned char, nvar + 1);   /* not a highest derivative */
    for (int v = 0; v < nvar; v++) {
        bool unk = mo_dae_is_unknown(dae, v);
        der_of_var[v] = unk ? dae->vars.v[v].der : -1;
        nunk += unk && dae->vars.v[v].der < 0;
        fixed[v] = !(unk && dae->vars.v[v].der < 0);
    }
    for (int e = 0; e < neq; e++)
        der_of_eq[e] = -1;
    /* Without the choices' elements: when the equations can be matched to the highest derivatives so,
     * Pantelides differentiates nothing, as on the whole graph (its edges are more), and the dummy
     * derivatives have no level to choose in. Otherwise the whole graph. */
    mo_graph g = mo_graph_build(neq, nvar, ee.v, ev.v, ee.n);
    int *voe = MO_NEWN(int, neq + 1), *eov = MO_NEWN(int, nvar + 1);
    if (ce.n && (neq != nunk || mo_match(&g, fixed, voe, eov, 0) != neq)) {
        for (int k = 0; k < ce.n; k += 2) {
            int nv;
            const int *vs = mo_dae_choice_vars(&ch, ce.v[k + 1], &nv);
            for (int i = 0; i < nv; i++)
                if (mo_dae_is_unknown(dae, vs[i])) {
                    MO_PUSH(ee, ce.v[k]);
                    MO_PUSH(ev, vs[i]);
                }
        }
        g = mo_graph_build(neq, nvar, ee.v, ev.v, ee.n);
    }
    if (neq != nunk) {
        report_structure(c, &g, false);
        return 1;
    }

    mo_pantelides_io io;
    memset(&io, 0, sizeof io);
    io.ctx = c;
    io.g = g;
    io.der_of_var = der_of_var;
    io.der_of_eq = der_of_eq;
    io.differentiate = cb_differentiate;
    io.new_derivative = cb_new_derivative;
    io.max_iterations = 0;
    if (mo_pantelides(&io) != 0) {
        switch (io.status) {
        case MO_PANT_SINGULAR:
            report_structure(c, &g, true);
            break;
        case MO_PANT_CALLBACK:
            if (c->failed_eq >= 0)
                mo_dae_note_eqs(dae, &c->failed_eq, 1, "had to be differentiated for index reduction");
            else
                mo_error(mo_dae_model_loc(dae), "index reduction failed");
            break;
        default: {
            mo_error(mo_dae_model_loc(dae), "index reduction did not finish after %s",
                     plural(io.ndiff, "differentiation"));
            if (io.bad_eq >= 0 && io.bad_eq < c->geq.n)
                mo_dae_note_eqs(dae, &c->geq.v[io.bad_eq], 1, "was being differentiated");
            break;
        }
        }
        return 1;
    }

    mo_dae_inline(dae);   /* the derivative annotations have served: Jacobians see the bodies */
    unsigned char *dummy = MO_NEWN(unsigned char, dae->vars.n);
    c->reinit = mo_dae_reinit_targets(dae);
    if (!select_dummies(c, &io, seed, nseed, dummy))
        return 1;
    mo_dae_make_state_sets(dae, &dummy);
    mo_dae_demote_states(dae, dummy);
    assign_kinds(dae, dummy);
    return check_state_select(dae);
}
