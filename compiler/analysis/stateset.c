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
 * A small choice is made a set whole; a large one per diagonal block (SET_MAX_CANDIDATES below): in
 * MultiBody the part of a choice that degenerates is a block of a few equations (a body's quaternion
 * constraint and the rotation matrix entries computed from it) in a component of up to 72 tied together
 * by constant coefficients. A candidate whose integral is declared StateSelect.never may be in a set:
 * the switch takes such candidates among the dummies first (runtime/dss.c), as index.c chose them
 * (MultiBody's RevoluteConstraint: the angles of its free motion's initialization, never states).
 *
 * Input: the levels of index.c (a component's rows, candidates, chosen dummies). Output: dae->dsets,
 * static choices (nk = 0, watched) and sets (nk > 0) with their variables and equations in the DAE.
 * Linear in the choices' rows' partial derivatives (with matching and Tarjan on them).
 */
#include "daeutil.h"
#include "graph.h"

#include <math.h>
#include <string.h>

static bool state_sets = true;

void mo_dae_state_sets(bool on)
{
    state_sets = on;
}

/* A choice of at most SET_MAX_CANDIDATES candidates is made a set whole. Each set equation is an
 * if-chain over the set's candidates, and every loop that holds one is solved by Newton at each
 * evaluation: a large component as a set (MultiBody's DoublePendulum: 54 candidates, 3 kept, whose
 * static choice never degenerates) ran 20 to 50 times slower. A larger choice is split instead: the
 * diagonal blocks of its rows against its dummies (block lower triangular form: the dummies' Jacobian is
 * singular exactly where a block is) whose pivots vary become sets of their own, each with its dummies
 * and the kept candidates its rows hold, at most SET_MAX_BLOCK candidates (MultiBody's GyroscopicEffects:
 * the 8 equations of bodyCylinder1's quaternion and rotation matrix in a choice of 69 equations and 77
 * candidates, a set of 11; RevoluteConstraint's block of 22 equations, 23 candidates); the rest keeps its
 * static choice, watched. (DoublePendulum and EngineV6 make no set so: their blocks that vary have more
 * candidates, EngineV6's 20 equations 55.) */
enum { SET_MAX_CANDIDATES = 8, SET_MAX_BLOCK = 32 };

/* A candidate's part in the set being tested: none (another block's dummy, or a candidate another set
 * took), one of its dummies, or one of the others (kept at the start). */
enum { ROLE_OUT, ROLE_DUMMY, ROLE_KEPT };

/* (daeutil.h) */
void mo_dae_row_partials(const mo_dae *dae, const int *rows, int nr, const int *colpos, const double *start,
                         unsigned char *seen, mo_int_vec *vs, mo_dae_pent_vec *ents, int *rstart)
{
    for (int i = 0; i < nr; i++) {
        rstart[i] = ents->n;
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
            mo_dae_pent e = {j, MO_PAT_OTHER, d};
            if (!d) {
                e.kind = MO_PAT_NA;
            } else if (mo_sym_is_num(d, &c) && c == 0) {
                continue;
            } else if (!mo_dae_expr_varies(dae, d)) {
                bool fine = true;
                double v = mo_eval(d, start, &fine);
                e.kind = fine && isfinite(v) && v != 0 ? MO_PAT_CONST : MO_PAT_PARAM0;
            }
            MO_PUSH(*ents, e);
        }
    }
    rstart[nr] = ents->n;
}

/* (daeutil.h) Is the block triangular, under some order of rows and columns, with available entries on its
 * diagonal? Its pivots are then those entries, whatever the others (entries against dummies that are
 * not available are left out of the guard: they change no pivot; one against a state would, see
 * codegen_dss.c's plan_block). 0: no; 1: yes, and the diagonal is nonzero constants (the
 * determinant is constant: the choice can never degenerate); 2: yes, some pivot varies. A Fluid
 * medium's choice is so: der(d) = rho_ph_der(p, h, der(p), der(h)) has 1 against its dummy der(d),
 * and der(T) = der(waterBaseProp_ph)(p2, ..., der(p2), ...) reads another dummy der(p2) only through
 * the derivative function, with 1 against der(T). Peels a row with one remaining dummy at a time:
 * O(n^3): n is at most codegen_dss.c's DSS_MAX_ROWS, a set's block SET_MAX_BLOCK. */
int mo_dae_triangular(const unsigned char *pat, int n)
{
    int result = 1;
    unsigned char *rowdone = MO_NEWN(unsigned char, n + 1), *coldone = MO_NEWN(unsigned char, n + 1);
    for (int peeled = 0; peeled < n;) {
        bool progress = false;
        for (int i = 0; i < n; i++) {
            if (rowdone[i])
                continue;
            int cnt = 0, last = -1;
            for (int j = 0; j < n && cnt < 2; j++)
                if (!coldone[j] && pat[(size_t)i * (size_t)n + (size_t)j] != MO_PAT_ZERO) {
                    cnt++;
                    last = j;
                }
            unsigned char piv = cnt == 1 ? pat[(size_t)i * (size_t)n + (size_t)last] : MO_PAT_NA;
            if (piv == MO_PAT_CONST || piv == MO_PAT_OTHER) {
                result = piv == MO_PAT_OTHER ? 2 : result;
                rowdone[i] = coldone[last] = 1;
                peeled++;
                progress = true;
            }
        }
        if (!progress)
            return 0;
    }
    return result;
}


/* Can rows rsel[0 .. n) (rsel NULL: 0 .. n) of a choice be a set on the candidates role[] marks (cols[j];
 * ents, rstart: mo_dae_row_partials; dpos[j]: the position of dummy j among the set's n dummies)? Every
 * candidate must be the derivative of a variable (the set states copy those), none declared
 * StateSelect.always (a requirement a set could not keep), none reinitialized (reinit:
 * mo_dae_reinit_targets; a set makes every integral algebraic, and reinit needs a state: a pendulum's v
 * reinitialized at a wall stopped compiling when sets became the default), and every partial derivative
 * against one available, since the run evaluates them all to pick the best columns. And is it wanted: can the
 * dummies' Jacobian degenerate? Not when its entries are constant, nor when it is triangular with
 * nonzero constants on its diagonal (mo_dae_triangular; as codegen_dss.c watches no such choice: a
 * Fluid tank's medium, d = d0 (1 + 4.5e-10 (p - p0) ...) against its dummy der(p), made a set that
 * switched at t = 0 and slowed TanksWithOverflow). */
static bool set_ok(const mo_dae *dae, const int *rsel, int n, const int *cols, int nc, const unsigned char *role,
                   const int *dpos, const unsigned char *reinit, const mo_dae_pent *ents, const int *rstart)
{
    for (int j = 0; j < nc; j++) {
        if (role[j] == ROLE_OUT)
            continue;
        int q = dae->vars.v[cols[j]].der_of;
        if (q < 0 || dae->vars.v[q].state_select == MO_SS_ALWAYS || reinit[q])
            return false;
    }
    bool vary = false;
    unsigned char *pat = MO_NEWN(unsigned char, (size_t)n * (size_t)n);
    for (int k = 0; k < n; k++) {
        int i = rsel ? rsel[k] : k;
        for (int t = rstart[i]; t < rstart[i + 1]; t++) {
            int j = ents[t].j;
            if (role[j] == ROLE_OUT)
                continue;
            if (ents[t].kind == MO_PAT_NA)
                return false;
            if (role[j] != ROLE_DUMMY)
                continue;
            vary |= ents[t].kind == MO_PAT_OTHER;
            pat[(size_t)k * (size_t)n + (size_t)dpos[j]] = ents[t].kind == MO_PAT_PARAM0 ? MO_PAT_OTHER : ents[t].kind;
        }
    }
    return vary && mo_dae_triangular(pat, n) != 1;
}

/* dae->dsets gets the choice of rows[rsel[0 .. nr)] (rsel NULL: rows[0 .. nr)) on cols[csel[0 .. nc)],
 * the nr dummies first (csel[i] that of the i-th row), with nk set states (0: static). */
static void push_dset(mo_dae *dae, const int *rows, const int *rsel, int nr, const int *cols, const int *csel,
                      int nc, int nk)
{
    mo_dset s = {nr, nc, MO_NEWN(int, nr), MO_NEWN(int, nc), nk, NULL, NULL};
    for (int i = 0; i < nr; i++)
        s.rows[i] = rows[rsel ? rsel[i] : i];
    for (int j = 0; j < nc; j++)
        s.cols[j] = cols[csel[j]];
    MO_PUSH(dae->dsets, s);
}

/* The block sets of a choice too large to be a set whole (see SET_MAX_BLOCK): the rows' block lower
 * triangular form against the dummies, each block whose pivots vary made a set when set_ok allows, with the
 * kept candidates its rows hold that no set before it took. taken[j]: cols[j] is a candidate of a set;
 * rtaken[i]: row i is a set's. Linear in the rows' candidates (matching and Tarjan),
 * plus the partial derivatives of the blocks tested. */
static void block_sets(mo_dae *dae, const int *rows, int nr, const int *cols, int nc, const int *chosen,
                       const unsigned char *reinit, const mo_dae_pent *ents, const int *rstart, unsigned char *taken,
                       unsigned char *rtaken)
{
    MO_VEC(int) ee = {0};
    MO_VEC(int) ev = {0};
    for (int i = 0; i < nr; i++)
        for (int t = rstart[i]; t < rstart[i + 1]; t++) {
            MO_PUSH(ee, i);
            MO_PUSH(ev, ents[t].j);
        }
    mo_graph g = mo_graph_build(nr, nc, ee.v, ev.v, ee.n);
    /* chosen[i] is the pivot of row i after elimination, which may be fill: the matching of the rows
     * to the dummies is made on the rows as they are */
    int *var_of_eq = MO_NEWN(int, nr), *eq_of_var = MO_NEWN(int, nc);
    unsigned char *kept = MO_NEWN(unsigned char, nc);
    memset(kept, 1, (size_t)nc);
    for (int i = 0; i < nr; i++)
        kept[chosen[i]] = 0;
    if (mo_match(&g, kept, var_of_eq, eq_of_var, 0) != nr)
        return;   /* no perfect matching (cannot be: the dummies' Jacobian is regular) */
    int *order = MO_NEWN(int, nr), *bstart = MO_NEWN(int, nr + 1);
    int nblocks = mo_blt(&g, var_of_eq, eq_of_var, order, bstart);
    unsigned char *role = MO_NEWN(unsigned char, nc);
    int *dpos = MO_NEWN(int, nc);
    MO_VEC(int) bc = {0};   /* the block's candidates: its dummies (in its rows' order), then kept ones */
    for (int b = 0; b < nblocks; b++) {
        int nb = bstart[b + 1] - bstart[b];
        const int *brow = order + bstart[b];
        if (nb >= SET_MAX_BLOCK)
            continue;
        bc.n = 0;
        for (int k = 0; k < nb; k++) {
            MO_PUSH(bc, var_of_eq[brow[k]]);
            role[var_of_eq[brow[k]]] = ROLE_DUMMY;
            dpos[var_of_eq[brow[k]]] = k;
        }
        for (int k = 0; k < nb; k++)
            for (int t = g.start[brow[k]]; t < g.start[brow[k] + 1]; t++) {
                int j = g.adj[t];
                if (eq_of_var[j] < 0 && !taken[j] && role[j] == ROLE_OUT) {
                    role[j] = ROLE_KEPT;
                    MO_PUSH(bc, j);
                }
            }
        bool set = bc.n > nb && bc.n <= SET_MAX_BLOCK && set_ok(dae, brow, nb, cols, nc, role, dpos, reinit, ents, rstart);
        for (int k = 0; k < bc.n; k++) {
            role[bc.v[k]] = ROLE_OUT;
            taken[bc.v[k]] |= set;
        }
        for (int k = 0; k < nb; k++)
            rtaken[brow[k]] = set;
        if (set)
            push_dset(dae, rows, brow, nb, cols, bc.v, bc.n, bc.n - nb);
    }
}

/* (daeutil.h) The dummies of the choice, and what is kept of it for the run (dae->dsets): a static
 * choice, watched (codegen_dss.c), or, when sets are on and it can degenerate, a set (every candidate a
 * dummy, the set states take the kept ones' place), whole when it is small, else one set per block that
 * can degenerate and the static choice of the rest. */
void mo_dae_record_choice(mo_dae *dae, const int *rows, int nr, const int *cols, int nc, const int *chosen,
                          const int *colpos, const double *start, const unsigned char *reinit, unsigned char *seen,
                          mo_int_vec *vs, unsigned char *dummy)
{
    for (int i = 0; i < nr; i++)
        dummy[cols[chosen[i]]] = 1;
    if (nc <= nr)
        return;   /* no choice was made */
    unsigned char *taken = MO_NEWN(unsigned char, nc), *rtaken = MO_NEWN(unsigned char, nr);
    unsigned char *isdummy = MO_NEWN(unsigned char, nc);
    int *dpos = MO_NEWN(int, nc);
    for (int i = 0; i < nr; i++) {
        isdummy[chosen[i]] = 1;
        dpos[chosen[i]] = i;
    }
    bool whole = false;
    mo_dae_pent_vec ents = {0};
    int *rstart = MO_NEWN(int, nr + 1);
    if (state_sets)
        mo_dae_row_partials(dae, rows, nr, colpos, start, seen, vs, &ents, rstart);
    if (state_sets && nc <= SET_MAX_CANDIDATES) {
        unsigned char *role = MO_NEWN(unsigned char, nc);
        for (int j = 0; j < nc; j++)
            role[j] = isdummy[j] ? ROLE_DUMMY : ROLE_KEPT;
        whole = set_ok(dae, NULL, nr, cols, nc, role, dpos, reinit, ents.v, rstart);
        memset(taken, whole, (size_t)nc);
    } else if (state_sets) {
        block_sets(dae, rows, nr, cols, nc, chosen, reinit, ents.v, rstart, taken, rtaken);
    }
    for (int j = 0; j < nc; j++)
        dummy[cols[j]] |= taken[j];
    /* the whole choice (a set), or the rest (static): its rows, its dummies (those of its rows, not
     * necessarily in their order: see block_sets), then the kept candidates no set took */
    int *rsel = MO_NEWN(int, nr), *csel = MO_NEWN(int, nc);
    int n = 0, m = 0;
    for (int i = 0; i < nr; i++)
        if (whole || !rtaken[i])
            rsel[n++] = i;
    for (int pass = 1; pass >= 0; pass--)
        for (int j = 0; j < nc; j++)
            if ((whole || !taken[j]) && isdummy[j] == pass)
                csel[m++] = j;
    if (n == nr)   /* no block taken: the dummies in their rows' order, as index.c chose them */
        for (int i = 0; i < nr; i++)
            csel[i] = chosen[i];
    if (n > 0 && m > n)
        push_dset(dae, rows, rsel, n, cols, csel, m, whole ? m - n : 0);
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
