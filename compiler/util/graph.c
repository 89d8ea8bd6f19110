/*
 * graph.c - construction of the CSR incidence graph that match.c, blt.c and pantelides.c work on
 * (graph.h: mo_graph_build).
 *
 * Input: a list of (equation, variable) incidences in any order, possibly repeated (an equation that
 * mentions x twice). Output: the CSR graph, each equation's variables in increasing index order without
 * duplicates, so that everything downstream visits variables in index order whatever order the caller
 * found them in.
 *
 * Two stable counting sorts (by variable, then by equation) give the order in O(neq + nvar + nedges);
 * duplicates are then adjacent and dropped while compacting. Preconditions: every edge_eq[i] lies in
 * [0, neq) and every edge_var[i] in [0, nvar).
 *
 * Also the binary min-heap (mo_heap_push, mo_heap_pop) that passes picking the next of many candidates
 * in a changing order use.
 */
#include "base.h"
#include "graph.h"

mo_graph mo_graph_build(int neq, int nvar, const int *edge_eq, const int *edge_var, int nedges)
{
    int *count = MO_NEWN(int, (nvar > neq ? nvar : neq) + 1);
    int *by_var = MO_NEWN(int, nedges > 0 ? nedges : 1);   /* edge ids sorted by variable */
    int *start = MO_NEWN(int, neq + 1);
    int *adj = MO_NEWN(int, nedges > 0 ? nedges : 1);

    for (int i = 0; i < nedges; i++) {
        if (edge_eq[i] < 0 || edge_eq[i] >= neq || edge_var[i] < 0 || edge_var[i] >= nvar)
            mo_unreachable("mo_graph_build: edge out of range");
        count[edge_var[i] + 1]++;
    }
    for (int v = 0; v < nvar; v++)
        count[v + 1] += count[v];
    for (int i = 0; i < nedges; i++)
        by_var[count[edge_var[i]]++] = i;

    /* Stable scatter by equation of the variable-sorted edges: rows come out sorted by variable. */
    for (int e = 0; e < nedges; e++)
        start[edge_eq[e] + 1]++;
    for (int e = 0; e < neq; e++)
        start[e + 1] += start[e];
    int *fill = count;                                     /* reused: next free slot of each row */
    for (int e = 0; e < neq; e++)
        fill[e] = start[e];
    for (int k = 0; k < nedges; k++) {
        int i = by_var[k];
        adj[fill[edge_eq[i]]++] = edge_var[i];
    }

    /* Drop duplicates (adjacent now), compacting rows in place: the write index never passes the read
     * index, and a row's last kept variable is adj[w - 1]. */
    int w = 0;
    for (int e = 0; e < neq; e++) {
        int begin = start[e], end = start[e + 1];
        start[e] = w;
        for (int k = begin; k < end; k++)
            if (w == start[e] || adj[w - 1] != adj[k])
                adj[w++] = adj[k];
    }
    start[neq] = w;

    mo_graph g = { .neq = neq, .nvar = nvar, .start = start, .adj = adj };
    return g;
}

void mo_heap_push(long long *h, int *n, long long x)
{
    int i = (*n)++;
    while (i > 0 && h[(i - 1) / 2] > x) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = x;
}

long long mo_heap_pop(long long *h, int *n)
{
    long long top = h[0], x = h[--*n];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        long long mv = x;
        if (l < *n && h[l] < mv) {
            m = l;
            mv = h[l];
        }
        if (r < *n && h[r] < mv)
            m = r;
        if (m == i)
            break;
        h[i] = h[m];
        i = m;
    }
    if (*n)
        h[i] = x;
    return top;
}
