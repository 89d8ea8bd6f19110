/*
 * pantelides.c - structural index reduction by Pantelides' algorithm (graph.h: mo_pantelides), and the
 * array helpers its callbacks use (mo_pantelides_add_var / mo_pantelides_add_eq).
 *
 * Input: the incidence graph of a DAE, the links der_of_var (x -> der(x)) and der_of_eq (e -> d/dt e),
 * and two callbacks that create derivative variables and differentiate equations. Output: the grown
 * structure (the callbacks appended the new variables and equations) in which the active equations
 * (der_of_eq == -1) have a complete matching to the highest derivatives (der_of_var == -1), and that
 * matching. The caller (index reduction: dummy derivatives) then decides which variables are states.
 *
 * Algorithm (C. C. Pantelides, "The consistent initialization of differential-algebraic systems",
 * SIAM J. Sci. Stat. Comput. 9(2), 1988): for each original equation i, search an augmenting path from
 * i over the highest derivatives, coloring every equation and variable visited. If none exists, the
 * colored equations form a subset with fewer highest-derivative unknowns than equations: give every
 * colored variable a derivative, differentiate every colored equation, move each colored variable's
 * matching to the derivatives (der(v) goes to d/dt of v's equation), and search again from d/dt i.
 *
 * The algorithm terminates exactly when the system is not structurally singular in the extended sense
 * (a complete matching exists when a variable and all its derivatives count as one); that is checked
 * first, so a singular model gets an error instead of an endless loop. Callbacks work on symbolic
 * expressions, so the incidence they return can differ from the structural rule (a term cancelled by
 * simplification, a derivative made for a variable the search did not color): an equation left without
 * its variable that way is put on a pending list and searched from again, and max_iterations bounds
 * whatever a broken callback could make of that.
 *
 * The search is iterative (explicit stack) with a lookahead for a free variable at each equation, and
 * colors are generation stamps, so no array is cleared per search. Colored sets are processed in
 * increasing index order, so new variables and equations are numbered deterministically.
 */
#include <stdlib.h>
#include <limits.h>
#include "base.h"
#include "graph.h"

/* ---- array helpers for the callbacks ---- */

static int grow_cap(int cap, int need)
{
    int c = cap > 8 ? cap : 8;
    while (c < need) {
        if (c > INT_MAX / 2)
            mo_unreachable("pantelides: graph too large");
        c *= 2;
    }
    return c;
}

static int *grow_ints(const int *old, int used, int newcap)
{
    return mo_realloc_arena((void *)old, sizeof(int) * (size_t)used, sizeof(int) * (size_t)newcap);
}

int mo_pantelides_add_var(mo_pantelides_io *io, int of_var)
{
    int n = io->g.nvar;
    if (n + 1 > io->cap_var) {
        int cap = grow_cap(io->cap_var, n + 1);
        io->der_of_var = grow_ints(io->der_of_var, n, cap);
        io->cap_var = cap;
    }
    io->der_of_var[n] = -1;
    if (of_var >= 0) {
        if (of_var >= n)
            mo_unreachable("mo_pantelides_add_var: variable out of range");
        io->der_of_var[of_var] = n;
    }
    io->g.nvar = n + 1;
    return n;
}

int mo_pantelides_add_eq(mo_pantelides_io *io, int of_eq, const int *vars, int n)
{
    int ne = io->g.neq, na = io->g.start ? io->g.start[ne] : 0;
    if (ne + 1 > io->cap_eq) {
        int cap = grow_cap(io->cap_eq, ne + 1);
        io->g.start = grow_ints(io->g.start, io->g.start ? ne + 1 : 0, cap + 1);
        io->der_of_eq = grow_ints(io->der_of_eq, ne, cap);
        io->cap_eq = cap;
    }
    if (na + n > io->cap_adj) {
        int cap = grow_cap(io->cap_adj, na + n);
        io->g.adj = grow_ints(io->g.adj, na, cap);
        io->cap_adj = cap;
    }
    /* The arrays are ours now (copied into the arena above on first growth). */
    int *start = (int *)io->g.start, *adj = (int *)io->g.adj;
    for (int k = 0; k < n; k++) {
        if (vars[k] < 0 || vars[k] >= io->g.nvar)
            mo_unreachable("mo_pantelides_add_eq: variable out of range");
        adj[na + k] = vars[k];
    }
    start[ne + 1] = na + n;
    io->der_of_eq[ne] = -1;
    if (of_eq >= 0) {
        if (of_eq >= ne)
            mo_unreachable("mo_pantelides_add_eq: equation out of range");
        io->der_of_eq[of_eq] = ne;
    }
    io->g.neq = ne + 1;
    return ne;
}

/* ---- the algorithm ---- */

/* Workspace, grown with the graph. Per variable: assign (the matched equation), vcolor (stamp);
 * per equation: pos (next edge to try), stack/via (the search path). */
typedef struct pant {
    mo_pantelides_io *io;
    int capv, cape;
    int *assign, *vcolor;
    int *pos, *stack, *via;
    int stamp;
    MO_VEC(int) cvars;        /* colored by the last failed search */
    MO_VEC(int) ceqs;
    MO_VEC(int) pending;      /* derivative equations that lost the variable they were to inherit */
} pant;

static void ensure_capacity(pant *p)
{
    int nv = p->io->g.nvar, ne = p->io->g.neq;
    if (nv > p->capv) {
        int cap = grow_cap(p->capv, nv);
        p->assign = grow_ints(p->assign, p->capv, cap);
        p->vcolor = grow_ints(p->vcolor, p->capv, cap);
        for (int v = p->capv; v < cap; v++)
            p->assign[v] = -1;
        p->capv = cap;
    }
    if (ne > p->cape) {
        int cap = grow_cap(p->cape, ne);
        p->pos = MO_NEWN(int, cap);       /* scratch: contents need not survive */
        p->stack = MO_NEWN(int, cap);
        p->via = MO_NEWN(int, cap);
        p->cape = cap;
    }
}

static int highest(const mo_pantelides_io *io, int v) { return io->der_of_var[v] < 0; }

/* Enter equation e at stack depth top: look ahead for a free highest derivative. Returns it, or -1. */
static int enter(pant *p, int top, int e)
{
    const mo_graph *g = &p->io->g;
    p->stack[top] = e;
    p->pos[e] = g->start[e];
    MO_PUSH(p->ceqs, e);
    for (int k = g->start[e]; k < g->start[e + 1]; k++) {
        int v = g->adj[k];
        if (highest(p->io, v) && p->assign[v] < 0)
            return v;
    }
    return -1;
}

/* Colored search for an augmenting path from the unmatched equation i; flips it when found. */
static int augment(pant *p, int i)
{
    const mo_graph *g = &p->io->g;
    p->stamp++;
    p->cvars.n = p->ceqs.n = 0;
    int top = 0;
    int free_var = enter(p, 0, i);
    while (free_var < 0 && top >= 0) {
        int e = p->stack[top], next = -1;
        while (p->pos[e] < g->start[e + 1]) {
            int v = g->adj[p->pos[e]++];
            if (highest(p->io, v) && p->vcolor[v] != p->stamp) {
                next = v;
                break;
            }
        }
        if (next < 0) {
            top--;
            continue;
        }
        /* next is matched (the lookahead found no free one), and its equation is not yet colored:
         * an equation is only reached through its own matched variable. */
        p->vcolor[next] = p->stamp;
        MO_PUSH(p->cvars, next);
        p->via[top] = next;
        top++;
        free_var = enter(p, top, p->assign[next]);
    }
    if (free_var < 0)
        return 0;
    p->via[top] = free_var;
    for (int k = top; k >= 0; k--)
        p->assign[p->via[k]] = p->stack[k];
    return 1;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Family check: with every variable identified with its derivatives, can the active equations be
 * matched? Returns -1 when they can, otherwise an active equation left unmatched. */
static int singular_equation(const mo_pantelides_io *io)
{
    const mo_graph *g = &io->g;
    int nv = g->nvar, ne = g->neq;
    int *family = MO_NEWN(int, nv);
    unsigned char *is_der = MO_NEWN(unsigned char, nv);
    for (int v = 0; v < nv; v++)
        if (io->der_of_var[v] >= 0)
            is_der[io->der_of_var[v]] = 1;
    for (int v = 0; v < nv; v++)
        family[v] = -1;
    for (int v = 0; v < nv; v++) {
        if (is_der[v])
            continue;
        for (int d = v, steps = 0; d >= 0 && family[d] < 0 && steps <= nv; d = io->der_of_var[d], steps++)
            family[d] = v;
    }
    for (int v = 0; v < nv; v++)
        if (family[v] < 0)
            mo_unreachable("mo_pantelides: der_of_var has a cycle");

    int *row = MO_NEWN(int, ne), nactive = 0;
    int *edge_eq = MO_NEWN(int, g->start[ne] + 1), *edge_var = MO_NEWN(int, g->start[ne] + 1), nedges = 0;
    for (int e = 0; e < ne; e++) {
        if (io->der_of_eq[e] >= 0)
            continue;
        row[nactive] = e;
        for (int k = g->start[e]; k < g->start[e + 1]; k++) {
            edge_eq[nedges] = nactive;
            edge_var[nedges++] = family[g->adj[k]];
        }
        nactive++;
    }
    mo_graph fg = mo_graph_build(nactive, nv, edge_eq, edge_var, nedges);
    int *voe = MO_NEWN(int, nactive > 0 ? nactive : 1), *eov = MO_NEWN(int, nv > 0 ? nv : 1);
    if (mo_match(&fg, NULL, voe, eov, 0) == nactive)
        return -1;
    for (int r = 0; r < nactive; r++)
        if (voe[r] < 0)
            return row[r];
    mo_unreachable("mo_pantelides: incomplete matching without an unmatched equation");
}

static int fail(mo_pantelides_io *io, mo_pantelides_status status, int eq)
{
    io->status = status;
    io->bad_eq = eq;
    return -1;
}

static int has_edge(const mo_graph *g, int e, int v)
{
    for (int k = g->start[e]; k < g->start[e + 1]; k++)
        if (g->adj[k] == v)
            return 1;
    return 0;
}

/* Matches the unmatched active equation i, differentiating as often as needed. Returns 0, or -1 after
 * fail(). */
static int match_equation(pant *p, int i, long limit)
{
    mo_pantelides_io *io = p->io;
    while (!augment(p, i)) {
        if (io->ndiff + p->ceqs.n > limit)
            return fail(io, MO_PANT_LIMIT, i);
        if (p->cvars.n > 1)
            mo_qsort(p->cvars.v, (size_t)p->cvars.n, sizeof(int), cmp_int);
        if (p->ceqs.n > 1)
            mo_qsort(p->ceqs.v, (size_t)p->ceqs.n, sizeof(int), cmp_int);
        if (io->new_derivative) {
            for (int c = 0; c < p->cvars.n; c++) {
                int v = p->cvars.v[c];
                int d = io->new_derivative(io->ctx, io, v);
                if (d < 0)
                    return fail(io, MO_PANT_CALLBACK, i);
                if (d >= io->g.nvar || io->der_of_var[v] != d)
                    mo_unreachable("mo_pantelides: new_derivative broke its contract");
            }
        }
        for (int c = 0; c < p->ceqs.n; c++) {
            int e = p->ceqs.v[c];
            int de = io->differentiate(io->ctx, io, e);
            if (de < 0)
                return fail(io, MO_PANT_CALLBACK, e);
            if (de >= io->g.neq || io->der_of_eq[e] != de)
                mo_unreachable("mo_pantelides: differentiate broke its contract");
            io->ndiff++;
        }
        ensure_capacity(p);
        /* der(v) inherits v's matching, shifted to the derivative of v's equation. Structurally
         * d/dt e mentions der(v) whenever e mentions v, but simplification may have cancelled it: then
         * the derivative equation is left unmatched and searched from again later. */
        for (int c = 0; c < p->cvars.n; c++) {
            int v = p->cvars.v[c], d = io->der_of_var[v];
            if (d < 0)
                mo_unreachable("mo_pantelides: a colored variable got no derivative");
            int de = io->der_of_eq[p->assign[v]];
            if (has_edge(&io->g, de, d))
                p->assign[d] = de;
            else
                MO_PUSH(p->pending, de);
        }
        i = io->der_of_eq[i];
    }
    return 0;
}

/* A complete matching of the equations (none differentiated yet) to the highest derivatives, found by
 * Hopcroft-Karp (match.c), into io; false when there is none. With one, the search below would
 * differentiate nothing: every equation finds an augmenting path (Berge), so the structure is the same,
 * and the equation-by-equation searches, whose depth-first paths can cross the whole graph for each
 * equation (the index stage grew 10 times for 4 times the unknowns of the distribution network, one
 * algebraic loop), are skipped. The matching may differ from theirs; index.c uses only the structure. */
static bool complete_matching(mo_pantelides_io *io)
{
    const mo_graph *g = &io->g;
    int ne = g->neq, nv = g->nvar;
    for (int e = 0; e < ne; e++)
        if (io->der_of_eq[e] >= 0)
            return false;
    unsigned char *skip = MO_NEWN(unsigned char, nv + 1);
    int *var_of_eq = MO_NEWN(int, ne + 1), *eq_of_var = MO_NEWN(int, nv + 1);
    for (int v = 0; v < nv; v++) {
        skip[v] = !highest(io, v);
        eq_of_var[v] = -1;
    }
    for (int e = 0; e < ne; e++)
        var_of_eq[e] = -1;
    if (mo_match(g, skip, var_of_eq, eq_of_var, 0) < ne)
        return false;
    io->var_of_eq = var_of_eq;
    io->eq_of_var = eq_of_var;
    return true;
}

int mo_pantelides(mo_pantelides_io *io)
{
    int neq0 = io->g.neq;
    long limit = io->max_iterations > 0 ? io->max_iterations : 1000L + 100L * neq0;
    io->status = MO_PANT_OK;
    io->bad_eq = -1;
    io->ndiff = 0;
    io->var_of_eq = io->eq_of_var = NULL;

    int bad = singular_equation(io);
    if (bad >= 0)
        return fail(io, MO_PANT_SINGULAR, bad);
    if (complete_matching(io))
        return 0;

    pant p = { .io = io };
    ensure_capacity(&p);
    for (int k = 0; k < neq0; k++) {
        if (io->der_of_eq[k] >= 0)
            continue;                   /* already replaced by its derivative */
        if (match_equation(&p, k, limit) < 0)
            return -1;
        while (p.pending.n > 0) {       /* unmatched equations are never colored: still active */
            int e = p.pending.v[--p.pending.n];
            if (match_equation(&p, e, limit) < 0)
                return -1;
        }
    }

    /* The matching restricted to what remains: active equations and highest derivatives. A callback
     * that made the derivative of a variable the search did not color (one missing from an equation's
     * incidence) can have taken an active equation's variable away: such equations are searched from
     * again until the matching is complete. With callbacks that keep the contract one pass suffices. */
    for (;;) {
        int nv = io->g.nvar, ne = io->g.neq;
        io->var_of_eq = MO_NEWN(int, ne > 0 ? ne : 1);
        io->eq_of_var = MO_NEWN(int, nv > 0 ? nv : 1);
        for (int e = 0; e < ne; e++)
            io->var_of_eq[e] = -1;
        for (int v = 0; v < nv; v++) {
            int e = highest(io, v) ? p.assign[v] : -1;
            if (e >= 0 && (io->der_of_eq[e] >= 0 || io->var_of_eq[e] >= 0))
                e = p.assign[v] = -1;   /* a stale pair: free the variable */
            io->eq_of_var[v] = e;
            if (e >= 0)
                io->var_of_eq[e] = v;
        }
        for (int e = 0; e < ne; e++)
            if (io->der_of_eq[e] < 0 && io->var_of_eq[e] < 0)
                MO_PUSH(p.pending, e);
        if (p.pending.n == 0)
            break;
        while (p.pending.n > 0) {
            int e = p.pending.v[--p.pending.n];
            if (io->der_of_eq[e] < 0 && match_equation(&p, e, limit) < 0)
                return -1;
        }
    }
    return 0;
}
