/*
 * graph.h - the structural algorithms of the back end on plain integer arrays: maximum matching
 * (match.c), Pantelides' index reduction (pantelides.c) and Tarjan's strongly connected components for
 * BLT sorting (blt.c).
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

/* Maximum matching (Hopcroft-Karp style augmenting paths, iterative). On return var_of_eq[e] is the
 * variable matched to equation e or -1, and eq_of_var[v] likewise. Variables with skip_var[v] != 0 are
 * never matched (skip_var may be NULL). Entries already set on entry (>= 0, consistent) are kept as a
 * starting matching when keep != 0. Returns the size of the matching. */
int mo_match(const mo_graph *g, const unsigned char *skip_var, int *var_of_eq, int *eq_of_var, int keep);

/* Block lower triangular order by Tarjan's algorithm over the graph in which equation e depends on
 * equation eq_of_var[v] for each variable v of e other than var_of_eq[e]. Requires a perfect matching of
 * the equations. Output: order[0..neq) lists equations so that each block comes after the blocks it
 * needs; block_start[0..nblocks] delimits blocks within order. Returns nblocks. */
int mo_blt(const mo_graph *g, const int *var_of_eq, const int *eq_of_var, int *order, int *block_start);

/* Pantelides' algorithm. The caller's structure:
 *   g                the incidence graph (equations x variables), rebuilt by the callback as it grows;
 *   der_of_var[v]    the variable that is der(v), or -1 (the highest derivatives are the unknowns);
 * Pantelides finds the equations that must be differentiated. Because differentiating an equation adds
 * an equation and possibly new derivative variables, the algorithm asks the caller to do it through
 * `differentiate(ctx, e)`, which must append the differentiated equation, any new derivative variables,
 * update der_of_var / the graph, and return the index of the new equation (or -1 on failure).
 * Returns 0 on success, -1 when the system is structurally singular (then *bad_eq names an equation
 * of the singular subset) or when differentiate failed. */
typedef struct mo_pantelides_io {
    void *ctx;
    /* current graph and derivative links; the callback may reallocate them and must update these */
    mo_graph g;
    int *der_of_var;          /* nvar entries */
    int *der_of_eq;           /* neq entries: the equation that is d/dt of e, or -1 */
    int (*differentiate)(void *ctx, struct mo_pantelides_io *io, int eq);
    int max_iterations;       /* bound on differentiations (e.g. 10 * neq) */
    int bad_eq;               /* out: an equation of a structurally singular subset */
} mo_pantelides_io;
int mo_pantelides(mo_pantelides_io *io);

#endif
