/*
 * match.c - maximum bipartite matching of equations to variables (graph.h: mo_match).
 *
 * Input: a bipartite incidence graph in CSR form (equations x variables), an optional mask of variables
 * that must stay unmatched, and optionally a starting matching. Output: a maximum matching, as the two
 * inverse arrays var_of_eq / eq_of_var, and its size.
 *
 * Method: a greedy pass (each free equation, in index order, takes its first free variable) matches
 * almost everything on the graphs of models; the rest is done by Hopcroft-Karp phases: a breadth-first
 * search from all free equations layers the graph, then depth-first searches along the layers find a
 * maximal set of vertex-disjoint shortest augmenting paths. That is O(E sqrt(V)) in the worst case and
 * linear when the greedy pass did the work. Both searches use explicit stacks/queues, so a 10^6-long
 * augmenting path costs memory, not C stack. Everything visits equations and variables in index order,
 * so the result depends only on the graph.
 *
 * Preconditions: adj entries lie in [0, nvar); with keep != 0 the given partial matching is consistent
 * (var_of_eq[e] = v >= 0 exactly when eq_of_var[v] = e) and uses no skipped variable.
 */
#include "base.h"
#include "graph.h"

enum { UNLAYERED = -1 };

static int skipped(const unsigned char *skip_var, int v) { return skip_var && skip_var[v]; }

/* Breadth-first layering from every free equation. layer[e] is the distance (in equations) from a free
 * equation, or UNLAYERED. Returns the layer from which a free variable is reachable, or -1 when no
 * augmenting path exists. Equations beyond that layer are left unlayered: the depth-first phase only
 * follows shortest paths. */
static int hk_layer(const mo_graph *g, const unsigned char *skip_var, const int *var_of_eq,
                    const int *eq_of_var, int *layer, int *queue)
{
    int head = 0, tail = 0, found = -1;
    for (int e = 0; e < g->neq; e++) {
        layer[e] = UNLAYERED;
        if (var_of_eq[e] < 0) {
            layer[e] = 0;
            queue[tail++] = e;
        }
    }
    while (head < tail) {
        int e = queue[head++];
        if (found >= 0 && layer[e] >= found)
            break;                      /* queue is in layer order: nothing shorter remains */
        for (int k = g->start[e]; k < g->start[e + 1]; k++) {
            int v = g->adj[k];
            if (skipped(skip_var, v))
                continue;
            int e2 = eq_of_var[v];
            if (e2 < 0) {
                if (found < 0)
                    found = layer[e];
            } else if (layer[e2] == UNLAYERED) {
                layer[e2] = layer[e] + 1;
                queue[tail++] = e2;
            }
        }
    }
    return found;
}

/* Depth-first search along the layers from free equation root; on success flips the path. stack holds
 * equations, via[i] the variable by which stack[i] reached stack[i+1] (or the free variable at the top).
 * pos[e] remembers how far equation e's edges have been tried in this phase: an edge that failed once
 * fails again within the phase, which keeps a phase linear. */
static int hk_augment(const mo_graph *g, const unsigned char *skip_var, int *var_of_eq, int *eq_of_var,
                      int *layer, int *pos, int *stack, int *via, int root, int found)
{
    int top = 0;
    stack[0] = root;
    while (top >= 0) {
        int e = stack[top];
        int advanced = 0;
        while (pos[e] < g->start[e + 1]) {
            int v = g->adj[pos[e]++];
            if (skipped(skip_var, v))
                continue;
            int e2 = eq_of_var[v];
            if (e2 < 0) {
                if (layer[e] != found)
                    continue;           /* a longer path: left for a later phase */
                via[top] = v;
                for (int i = top; i >= 0; i--) {    /* flip the path */
                    var_of_eq[stack[i]] = via[i];
                    eq_of_var[via[i]] = stack[i];
                }
                for (int i = 0; i <= top; i++)      /* path vertices are used up in this phase */
                    layer[stack[i]] = UNLAYERED;
                return 1;
            }
            if (layer[e] < found && layer[e2] == layer[e] + 1) {
                via[top] = v;
                stack[++top] = e2;
                advanced = 1;
                break;
            }
        }
        if (!advanced) {
            layer[e] = UNLAYERED;       /* dead end for the rest of this phase */
            top--;
        }
    }
    return 0;
}

int mo_match(const mo_graph *g, const unsigned char *skip_var, int *var_of_eq, int *eq_of_var, int keep)
{
    int neq = g->neq, nvar = g->nvar, size = 0;
    if (!keep) {
        for (int e = 0; e < neq; e++) var_of_eq[e] = -1;
        for (int v = 0; v < nvar; v++) eq_of_var[v] = -1;
    } else {
        for (int e = 0; e < neq; e++) {
            int v = var_of_eq[e];
            if (v >= 0) {
                if (v >= nvar || eq_of_var[v] != e || skipped(skip_var, v))
                    mo_unreachable("mo_match: inconsistent starting matching");
                size++;
            }
        }
    }

    /* Greedy pass. */
    for (int e = 0; e < neq; e++) {
        if (var_of_eq[e] >= 0)
            continue;
        for (int k = g->start[e]; k < g->start[e + 1]; k++) {
            int v = g->adj[k];
            if (!skipped(skip_var, v) && eq_of_var[v] < 0) {
                var_of_eq[e] = v;
                eq_of_var[v] = e;
                size++;
                break;
            }
        }
    }
    if (size == neq || size == nvar)
        return size;

    /* Hopcroft-Karp phases. */
    int *layer = MO_NEWN(int, neq), *queue = MO_NEWN(int, neq), *pos = MO_NEWN(int, neq);
    int *via = MO_NEWN(int, neq);
    for (;;) {
        int found = hk_layer(g, skip_var, var_of_eq, eq_of_var, layer, queue);
        if (found < 0)
            break;
        for (int e = 0; e < neq; e++)
            pos[e] = g->start[e];
        int gained = 0;
        for (int e = 0; e < neq; e++)
            if (var_of_eq[e] < 0 && layer[e] == 0)
                gained += hk_augment(g, skip_var, var_of_eq, eq_of_var, layer, pos, queue, via, e, found);
        if (!gained)
            break;
        size += gained;
    }
    return size;
}

/* One augmenting-path search from root (graph.h). It is the phase mo_match runs after its greedy pass,
 * restricted to root: when the other equations are maximally matched, no other free equation starts an
 * augmenting path, and every equation on a shortest path from root lies at its distance from root in
 * mo_match's layering too (a nearer free equation would have an augmenting path of its own), so the
 * layers from root alone give the same path. mark[] stamps replace clearing the arrays per search, so
 * a search costs what it explores. */
int mo_match_augment(const mo_graph *g, int root, int *var_of_eq, int *eq_of_var, mo_match_ws *ws)
{
    if (var_of_eq[root] >= 0)
        mo_unreachable("mo_match_augment: the root equation is matched");
    /* the greedy step: the first free variable of root */
    for (int k = g->start[root]; k < g->start[root + 1]; k++) {
        int v = g->adj[k];
        if (eq_of_var[v] < 0) {
            var_of_eq[root] = v;
            eq_of_var[v] = root;
            return 1;
        }
    }
    if (ws->neq < g->neq) {
        int n = g->neq;
        ws->mark = MO_NEWN(unsigned, n);
        ws->layer = MO_NEWN(int, n);
        ws->pos = MO_NEWN(int, n);
        ws->queue = MO_NEWN(int, n);
        ws->stack = MO_NEWN(int, n);
        ws->via = MO_NEWN(int, n);
        ws->neq = n;
        ws->stamp = 0;
    }
    if (++ws->stamp == 0) {             /* wrapped: old stamps could look current */
        for (int e = 0; e < ws->neq; e++)
            ws->mark[e] = 0;
        ws->stamp = 1;
    }
    unsigned st = ws->stamp;
    unsigned *mark = ws->mark;
    int *layer = ws->layer, *pos = ws->pos, *queue = ws->queue, *stack = ws->stack, *via = ws->via;

    /* breadth-first layering from root (hk_layer with one source) */
    int head = 0, tail = 0, found = -1;
    mark[root] = st;
    layer[root] = 0;
    pos[root] = g->start[root];
    queue[tail++] = root;
    while (head < tail) {
        int e = queue[head++];
        if (found >= 0 && layer[e] >= found)
            break;
        for (int k = g->start[e]; k < g->start[e + 1]; k++) {
            int e2 = eq_of_var[g->adj[k]];
            if (e2 < 0) {
                if (found < 0)
                    found = layer[e];
            } else if (mark[e2] != st) {
                mark[e2] = st;
                layer[e2] = layer[e] + 1;
                pos[e2] = g->start[e2];
                queue[tail++] = e2;
            }
        }
    }
    if (found < 0)
        return 0;

    /* depth-first search along the layers (hk_augment; dead ends get layer -1) */
    int top = 0;
    stack[0] = root;
    while (top >= 0) {
        int e = stack[top];
        int advanced = 0;
        while (pos[e] < g->start[e + 1]) {
            int v = g->adj[pos[e]++];
            int e2 = eq_of_var[v];
            if (e2 < 0) {
                if (layer[e] != found)
                    continue;
                via[top] = v;
                for (int i = top; i >= 0; i--) {
                    var_of_eq[stack[i]] = via[i];
                    eq_of_var[via[i]] = stack[i];
                }
                return 1;
            }
            if (layer[e] < found && mark[e2] == st && layer[e2] == layer[e] + 1) {
                via[top] = v;
                stack[++top] = e2;
                advanced = 1;
                break;
            }
        }
        if (!advanced) {
            layer[e] = -1;
            top--;
        }
    }
    return 0;
}
