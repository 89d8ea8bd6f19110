/*
 * graph.h - the structural algorithms of the back end on plain integer arrays: maximum matching
 * (match.c), Pantelides' index reduction (pantelides.c) and Tarjan's strongly connected components for
 * BLT sorting (blt.c), and the CSR builder they share (graph.c).
 *
 * They know nothing of expressions: the caller (dae.c) builds a bipartite incidence graph of equations
 * and unknowns in CSR form and reads the results back. All of them are iterative with explicit stacks
 * (a 10^6-long chain must not overflow the C stack), deterministic (they visit equations and variables
 * in index order), and linear or near-linear in the number of edges.
 */
#ifndef MO2C_GRAPH_H
#define MO2C_GRAPH_H

/* Bipartite graph equations x variables in CSR form: the variables of equation e are
 * adj[start[e]] .. adj[start[e+1]-1]. */
typedef struct mo_graph {
    int neq, nvar;
    const int *start;         /* neq + 1 entries */
    const int *adj;           /* start[neq] entries, each in [0, nvar) */
} mo_graph;

/* Builds the CSR graph of nedges incidences (edge_eq[i], edge_var[i]) in linear time (two counting
 * sorts): each equation's variables come out in increasing index order, duplicates removed. The arrays
 * come from the arena. (graph.c) */
mo_graph mo_graph_build(int neq, int nvar, const int *edge_eq, const int *edge_var, int nedges);

/* Maximum matching (Hopcroft-Karp style augmenting paths, iterative). On return var_of_eq[e] is the
 * variable matched to equation e or -1, and eq_of_var[v] likewise. Variables with skip_var[v] != 0 are
 * never matched (skip_var may be NULL). Entries already set on entry (>= 0, consistent) are kept as a
 * starting matching when keep != 0. Returns the size of the matching. */
int mo_match(const mo_graph *g, const unsigned char *skip_var, int *var_of_eq, int *eq_of_var, int keep);

/* Incremental matching (match.c): one augmenting-path search from the free equation root, for callers
 * that add equations one at a time to a maximum matching (each candidate is kept only when the matching
 * grows). The graph may hold more equations than take part: the search enters only root and matched
 * equations, so unmatched candidates after root are simply never reached. When the matching restricted
 * to the other equations is maximum, the result is exactly that of mo_match(keep = 1) on the graph with
 * root added (the shortest augmenting path, the first in index order), at the cost of the region the
 * search explores rather than of the whole graph. The workspace is reused across calls (arena arrays
 * of g->neq entries, allocated on the first call; zero-initialize it). Returns 1 when the path was
 * found and flipped, 0 when root stays unmatched (the matching is then unchanged). */
typedef struct mo_match_ws {
    int neq;
    unsigned stamp;               /* current search; mark[e] == stamp: e layered in this search */
    unsigned *mark;
    int *layer, *pos, *queue, *stack, *via;
} mo_match_ws;
int mo_match_augment(const mo_graph *g, int root, int *var_of_eq, int *eq_of_var, mo_match_ws *ws);

/* Block lower triangular order by Tarjan's algorithm over the graph in which equation e depends on
 * equation eq_of_var[v] for each variable v of e other than var_of_eq[e]. Requires a perfect matching of
 * the equations. Output: order[0..neq) lists equations so that each block comes after the blocks it
 * needs; block_start[0..nblocks] delimits blocks within order (order has neq entries, block_start
 * neq + 1). Within a block equations are in depth-first discovery order. Variables with eq_of_var[v] < 0
 * (knowns) create no dependency. Returns nblocks. */
int mo_blt(const mo_graph *g, const int *var_of_eq, const int *eq_of_var, int *order, int *block_start);

/* Pantelides' algorithm (pantelides.c). The caller's structure:
 *   g                the incidence graph (equations x variables), grown through the callbacks;
 *   der_of_var[v]    the variable that is der(v), or -1. The unknowns are the highest derivatives: only
 *                    variables with der_of_var[v] == -1 are matched (x is not an unknown once der(x)
 *                    exists: der(x) is);
 *   der_of_eq[e]     the equation that is d/dt of e, or -1. Only equations with der_of_eq[e] == -1 take
 *                    part: a differentiated equation is replaced by its derivative.
 * Pantelides finds the equations that must be differentiated so that the active equations can be
 * matched to the highest derivatives. For each active equation it tries to augment the matching; when
 * that fails, every variable colored by the failed search gets a derivative and every colored equation
 * is differentiated, and the search is repeated on the derivative of the equation.
 *
 * Callbacks (both receive io, and must leave io->g, io->der_of_var, io->der_of_eq describing the grown
 * structure; they may reallocate those arrays and store the new pointers):
 *   new_derivative(ctx, io, v)  called for each colored variable v (which has der_of_var[v] == -1), in
 *                    increasing v, before any equation of that step is differentiated. It must append a
 *                    variable d = der(v) (io->g.nvar grows by one; d appears in no existing equation),
 *                    set der_of_var[v] = d and der_of_var[d] = -1, and return d (or -1 on failure).
 *                    May be NULL: then differentiate must create the missing derivative variables.
 *   differentiate(ctx, io, e)   called for each colored equation e, in increasing e, after the new
 *                    derivatives exist. It must append the equation e' = d/dt e (io->g.neq grows by one)
 *                    whose incidence is that of the symbolic derivative: der(v) for each variable v of e,
 *                    plus v itself where it stays (nonlinear terms), plus anything else it mentions (a
 *                    term cancelled by simplification may be missing: that is handled); set
 *                    der_of_eq[e] = e' and der_of_eq[e'] = -1, and return e' (or -1 on failure).
 * mo_pantelides_add_var / mo_pantelides_add_eq below do the array work for both callbacks.
 *
 * Before the first differentiation the system is checked: Pantelides terminates exactly when the active
 * equations can be matched to variables once each variable and its derivatives are taken as one
 * (Pantelides 1988); otherwise it is structurally singular.
 * Returns 0 on success, -1 on failure (status says why, bad_eq names an equation: for a singular system
 * one that cannot be matched, otherwise the equation being processed). */
typedef enum mo_pantelides_status {
    MO_PANT_OK,
    MO_PANT_SINGULAR,         /* structurally singular: more equations than variable families */
    MO_PANT_LIMIT,            /* max_iterations differentiations were not enough */
    MO_PANT_CALLBACK          /* a callback returned -1 */
} mo_pantelides_status;

typedef struct mo_pantelides_io {
    void *ctx;
    /* current graph and derivative links; the callback may reallocate them and must update these */
    mo_graph g;
    int *der_of_var;          /* nvar entries */
    int *der_of_eq;           /* neq entries: the equation that is d/dt of e, or -1 */
    int (*differentiate)(void *ctx, struct mo_pantelides_io *io, int eq);
    int max_iterations;       /* bound on differentiations; <= 0: 1000 + 100 * neq (an index-k chain
                                 needs about k^2/2, so keep it generous) */
    int bad_eq;               /* out: an equation of a structurally singular subset */
    /* --- additions (zero-initialize io, e.g. with a designated initializer, so they default off) --- */
    int (*new_derivative)(void *ctx, struct mo_pantelides_io *io, int var); /* may be NULL, see above */
    mo_pantelides_status status; /* out */
    int ndiff;                /* out: number of equations differentiated */
    int *var_of_eq;           /* out (arena, g.neq entries): the final matching of the active equations */
    int *eq_of_var;           /* out (arena, g.nvar entries): to the highest derivatives, -1 elsewhere */
    int cap_eq, cap_var, cap_adj; /* array capacities kept by mo_pantelides_add_*; 0 = caller's arrays */
} mo_pantelides_io;
int mo_pantelides(mo_pantelides_io *io);

/* Helpers for the callbacks: they grow io->g, io->der_of_var, io->der_of_eq in the arena (copying the
 * caller's arrays on first growth, then doubling), so callbacks need not manage memory.
 * mo_pantelides_add_var appends der(of_var) and links it (of_var may be -1: a plain new variable);
 * mo_pantelides_add_eq appends an equation with the n variables vars[] and, when of_eq >= 0, records it
 * as d/dt of of_eq. Both return the new index. */
int mo_pantelides_add_var(mo_pantelides_io *io, int of_var);
int mo_pantelides_add_eq(mo_pantelides_io *io, int of_eq, const int *vars, int n);

/* A binary min-heap of long long keys in h[0 .. *n) (the caller sizes h): whenorder.c's statements in
 * written order, solve.c's tear candidates (graph.c). */
void mo_heap_push(long long *h, int *n, long long x);
long long mo_heap_pop(long long *h, int *n);   /* the smallest; *n > 0 */

#endif
