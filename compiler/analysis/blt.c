/*
 * blt.c - block lower triangular ordering (graph.h: mo_blt) by Tarjan's strongly connected components.
 *
 * Input: the incidence graph and a matching that covers every equation. Equation e computes its matched
 * variable var_of_eq[e], so e needs every equation eq_of_var[v] that computes another variable v of e.
 * Output: the equations grouped into strongly connected components (the blocks: a single equation, or
 * an algebraic loop that must be solved simultaneously), listed so that each block comes after every
 * block it needs - evaluation order.
 *
 * Tarjan's algorithm emits a component only after all components reachable from it, which is exactly
 * evaluation order when edges point from an equation to the equations it needs, so no reversal is
 * needed. The depth-first search is iterative: call[] is the explicit call stack and pos[e] the next
 * edge of e to try, so a 10^6-long dependency chain costs memory, not C stack. Roots are taken in
 * equation index order and edges in adjacency order, so the result depends only on the input. Inside a
 * block equations appear in the order the search discovered them. Linear time and memory.
 *
 * Variables without a matched equation (eq_of_var[v] < 0: knowns such as states or parameters) create
 * no dependency.
 */
#include "base.h"
#include "graph.h"

int mo_blt(const mo_graph *g, const int *var_of_eq, const int *eq_of_var, int *order, int *block_start)
{
    int n = g->neq;
    int *index = MO_NEWN(int, n), *low = MO_NEWN(int, n), *pos = MO_NEWN(int, n);
    int *call = MO_NEWN(int, n), *stack = MO_NEWN(int, n);
    unsigned char *on_stack = MO_NEWN(unsigned char, n);
    int counter = 0, ncall = 0, nstack = 0, nblocks = 0, nout = 0;

    for (int e = 0; e < n; e++)
        index[e] = -1;
    for (int root = 0; root < n; root++) {
        if (index[root] >= 0)
            continue;
        index[root] = low[root] = counter++;
        pos[root] = g->start[root];
        stack[nstack++] = root;
        on_stack[root] = 1;
        call[ncall++] = root;
        while (ncall > 0) {
            int e = call[ncall - 1];
            if (pos[e] < g->start[e + 1]) {
                int v = g->adj[pos[e]++];
                if (v == var_of_eq[e])
                    continue;
                int e2 = eq_of_var[v];
                if (e2 < 0)
                    continue;
                if (index[e2] < 0) {                /* descend */
                    index[e2] = low[e2] = counter++;
                    pos[e2] = g->start[e2];
                    stack[nstack++] = e2;
                    on_stack[e2] = 1;
                    call[ncall++] = e2;
                } else if (on_stack[e2] && index[e2] < low[e]) {
                    low[e] = index[e2];
                }
                continue;
            }
            /* all edges of e done: return from e */
            ncall--;
            if (low[e] == index[e]) {               /* e roots a component: it is the stack above e */
                int first = nstack;
                do first--; while (stack[first] != e);
                block_start[nblocks++] = nout;
                for (int i = first; i < nstack; i++) {
                    order[nout++] = stack[i];
                    on_stack[stack[i]] = 0;
                }
                nstack = first;
            }
            if (ncall > 0) {
                int parent = call[ncall - 1];
                if (low[e] < low[parent])
                    low[parent] = low[e];
            }
        }
    }
    block_start[nblocks] = nout;
    return nblocks;
}
