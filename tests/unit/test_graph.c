/*
 * test_graph.c - unit tests of mo_graph_build, mo_match and mo_blt (graph.h).
 *
 * Fixtures: Tarjan's components on the textbook 8-vertex graph, an algebraic loop, a structurally
 * singular system, 10^6-long chains (one that the greedy pass solves, one that needs a single
 * 10^6-long augmenting path, both followed by a 10^6-deep BLT), and random sparse graphs compared with
 * simple reference algorithms (Kuhn's recursive matching, reachability closure for components).
 * Exit status 0 when every check holds; times are printed, never asserted.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base.h"
#include "graph.h"

static int failures;
#define CHECK(c) do { if (!(c)) { failures++; \
        fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); } } while (0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Deterministic pseudo-random numbers (xorshift), so failures reproduce. */
static unsigned long long rng_state = 88172645463325252ULL;
static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)(rng_state % (unsigned long long)n);
}

/* Graph from a row list: rows[e] is a -1 terminated list of variables. */
static mo_graph graph_from_rows(int neq, int nvar, const int *const *rows)
{
    int n = 0;
    for (int e = 0; e < neq; e++)
        for (const int *p = rows[e]; *p >= 0; p++) n++;
    int *ee = MO_NEWN(int, n + 1), *vv = MO_NEWN(int, n + 1), k = 0;
    for (int e = 0; e < neq; e++)
        for (const int *p = rows[e]; *p >= 0; p++) { ee[k] = e; vv[k++] = *p; }
    return mo_graph_build(neq, nvar, ee, vv, n);
}

/* A matching is valid: inverse arrays agree, each matched pair is an edge, skipped variables unused.
 * Returns its size, or -1 when invalid. */
static int matching_size(const mo_graph *g, const unsigned char *skip, const int *voe, const int *eov)
{
    int size = 0;
    for (int e = 0; e < g->neq; e++) {
        int v = voe[e];
        if (v < 0) continue;
        if (v >= g->nvar || eov[v] != e || (skip && skip[v])) return -1;
        int edge = 0;
        for (int k = g->start[e]; k < g->start[e + 1]; k++) edge |= g->adj[k] == v;
        if (!edge) return -1;
        size++;
    }
    for (int v = 0; v < g->nvar; v++)
        if (eov[v] >= 0 && (eov[v] >= g->neq || voe[eov[v]] != v)) return -1;
    return size;
}

static void test_build(void)
{
    /* unordered, with duplicates and an empty row */
    int ee[] = { 2, 0, 2, 0, 2, 0, 3, 2 };
    int vv[] = { 4, 1, 0, 1, 4, 3, 2, 1 };
    mo_graph g = mo_graph_build(4, 5, ee, vv, 8);
    int start[] = { 0, 2, 2, 5, 6 }, adj[] = { 1, 3, 0, 1, 4, 2 };
    CHECK(g.neq == 4 && g.nvar == 5);
    CHECK(memcmp(g.start, start, sizeof start) == 0);
    CHECK(memcmp(g.adj, adj, sizeof adj) == 0);
    mo_graph empty = mo_graph_build(0, 0, NULL, NULL, 0);
    CHECK(empty.start[0] == 0);
}

/* The 8-vertex example of the Wikipedia article "Strongly connected component" (figure "Graph with
 * strongly connected components marked"), vertices a..h numbered 0..7, edges
 *   a->b  b->c b->e b->f  c->d c->g  d->c d->h  e->a e->f  f->g  g->f  h->d h->g.
 * Components: {a,b,e} = {0,1,4}, {c,d,h} = {2,3,7}, {f,g} = {5,6}. As a BLT problem equation i
 * computes variable i and an edge i->j means equation i uses variable j, i.e. needs equation j; so the
 * evaluation order is {f,g}, then {c,d,h} (needs f,g), then {a,b,e} (needs c, f).
 * With roots in index order the search discovers a,b,c,d,h,g,f,e, hence the order within blocks. */
static void test_tarjan(void)
{
    static const int r0[] = { 0, 1, -1 }, r1[] = { 1, 2, 4, 5, -1 }, r2[] = { 2, 3, 6, -1 },
                     r3[] = { 3, 2, 7, -1 }, r4[] = { 4, 0, 5, -1 }, r5[] = { 5, 6, -1 },
                     r6[] = { 6, 5, -1 }, r7[] = { 7, 3, 6, -1 };
    static const int *const rows[] = { r0, r1, r2, r3, r4, r5, r6, r7 };
    mo_graph g = graph_from_rows(8, 8, rows);
    int voe[8], eov[8], order[8], bs[9];
    CHECK(mo_match(&g, NULL, voe, eov, 0) == 8);
    for (int i = 0; i < 8; i++) CHECK(voe[i] == i);   /* the greedy pass takes the diagonal */
    int nb = mo_blt(&g, voe, eov, order, bs);
    static const int want_order[] = { 6, 5, 2, 3, 7, 0, 1, 4 }, want_bs[] = { 0, 2, 5, 8 };
    CHECK(nb == 3);
    CHECK(memcmp(order, want_order, sizeof want_order) == 0);
    CHECK(memcmp(bs, want_bs, sizeof want_bs) == 0);
    /* each block after every block it needs */
    int block_of[8];
    for (int b = 0; b < nb; b++)
        for (int k = bs[b]; k < bs[b + 1]; k++) block_of[order[k]] = b;
    for (int e = 0; e < 8; e++)
        for (int k = g.start[e]; k < g.start[e + 1]; k++)
            CHECK(block_of[eov[g.adj[k]]] <= block_of[e]);
}

/* x + y = 1; x - y = 0 (a 2x2 loop); z = 2*x; w = z + y. Variables x=0 y=1 z=2 w=3. */
static void test_loop(void)
{
    static const int r0[] = { 0, 1, -1 }, r1[] = { 0, 1, -1 }, r2[] = { 2, 0, -1 }, r3[] = { 3, 2, 1, -1 };
    static const int *const rows[] = { r3, r2, r1, r0 };           /* listed as w, z, loop */
    mo_graph g = graph_from_rows(4, 4, rows);
    int voe[4], eov[4], order[4], bs[5];
    CHECK(mo_match(&g, NULL, voe, eov, 0) == 4);
    int nb = mo_blt(&g, voe, eov, order, bs);
    CHECK(nb == 3);
    CHECK(bs[1] - bs[0] == 2);                                     /* the loop first, as one block */
    CHECK((order[0] == 2 && order[1] == 3) || (order[0] == 3 && order[1] == 2));
    CHECK(order[2] == 1 && order[3] == 0);                          /* then z, then w */
}

/* Two equations in one variable (x = 1; x = 2): at most one is matched. */
static void test_singular(void)
{
    static const int r0[] = { 0, -1 }, r1[] = { 0, -1 };
    static const int *const rows[] = { r0, r1 };
    mo_graph g = graph_from_rows(2, 1, rows);
    int voe[2], eov[1];
    CHECK(mo_match(&g, NULL, voe, eov, 0) == 1);
    CHECK(voe[0] == 0 && voe[1] == -1 && eov[0] == 0);
}

/* skip_var and keep: the skipped variable stays unmatched; a kept pair survives when still optimal. */
static void test_skip_keep(void)
{
    static const int r0[] = { 0, 1, -1 }, r1[] = { 1, 2, -1 }, r2[] = { 0, 2, -1 };
    static const int *const rows[] = { r0, r1, r2 };
    mo_graph g = graph_from_rows(3, 3, rows);
    unsigned char skip[3] = { 0, 0, 1 };
    int voe[3], eov[3];
    CHECK(mo_match(&g, skip, voe, eov, 0) == 2);
    CHECK(matching_size(&g, skip, voe, eov) == 2 && eov[2] == -1);
    for (int i = 0; i < 3; i++) voe[i] = eov[i] = -1;
    voe[1] = 1; eov[1] = 1;                                         /* start with e1-x1 */
    CHECK(mo_match(&g, NULL, voe, eov, 1) == 3);
    CHECK(voe[1] == 1 && voe[0] == 0 && voe[2] == 2);
    for (int i = 0; i < 3; i++) voe[i] = eov[i] = -1;
    voe[0] = 1; eov[1] = 0;                                          /* e0-x1 must be undone by a path */
    CHECK(mo_match(&g, skip, voe, eov, 1) == 2);
    CHECK(matching_size(&g, skip, voe, eov) == 2);
}

/* Equation i has variables i and i+1 (the last only n-1). reversed lists i+1 first, so the greedy pass
 * matches e_i to x_{i+1} and leaves e_{n-1} with the single augmenting path through all n equations. */
static void test_chain(int n, int reversed)
{
    int *start = MO_NEWN(int, n + 1), *adj = MO_NEWN(int, 2 * n);
    int k = 0;
    for (int i = 0; i < n; i++) {
        start[i] = k;
        if (i + 1 < n && reversed) adj[k++] = i + 1;
        adj[k++] = i;
        if (i + 1 < n && !reversed) adj[k++] = i + 1;
    }
    start[n] = k;
    mo_graph g = { .neq = n, .nvar = n, .start = start, .adj = adj };
    int *voe = MO_NEWN(int, n), *eov = MO_NEWN(int, n), *order = MO_NEWN(int, n), *bs = MO_NEWN(int, n + 1);
    double t0 = now();
    int size = mo_match(&g, NULL, voe, eov, 0);
    double t1 = now();
    int nb = mo_blt(&g, voe, eov, order, bs);
    double t2 = now();
    printf("chain n=%d%s: match %.3f s, blt %.3f s\n", n, reversed ? " (one long augmenting path)" : "",
           t1 - t0, t2 - t1);
    CHECK(size == n);
    int diag = 1, rev = 1;
    for (int i = 0; i < n; i++) {
        diag &= voe[i] == i;
        rev &= order[i] == n - 1 - i && bs[i] == i;
    }
    CHECK(diag);
    CHECK(nb == n && bs[n] == n);
    CHECK(rev);                      /* e_i needs e_{i+1}: the last equation first */
}

/* ---- random graphs against reference algorithms ---- */

static int kuhn_try(const mo_graph *g, int e, int *seen, int *eov, int stamp)
{
    for (int k = g->start[e]; k < g->start[e + 1]; k++) {
        int v = g->adj[k];
        if (seen[v] == stamp) continue;
        seen[v] = stamp;
        if (eov[v] < 0 || kuhn_try(g, eov[v], seen, eov, stamp)) { eov[v] = e; return 1; }
    }
    return 0;
}

static int kuhn_size(const mo_graph *g)
{
    int eov[64], seen[64], size = 0;
    for (int v = 0; v < g->nvar; v++) eov[v] = -1, seen[v] = 0;
    for (int e = 0; e < g->neq; e++) size += kuhn_try(g, e, seen, eov, e + 1);
    return size;
}

static mo_graph random_graph(int neq, int nvar, int maxdeg)
{
    int *ee = MO_NEWN(int, neq * maxdeg + 1), *vv = MO_NEWN(int, neq * maxdeg + 1), n = 0;
    for (int e = 0; e < neq; e++) {
        int d = rnd(maxdeg + 1);
        for (int j = 0; j < d; j++) { ee[n] = e; vv[n++] = rnd(nvar); }
    }
    return mo_graph_build(neq, nvar, ee, vv, n);
}

static void test_random_matching(void)
{
    int bad = 0;
    for (int t = 0; t < 3000; t++) {
        int neq = 1 + rnd(14), nvar = 1 + rnd(14);
        mo_graph g = random_graph(neq, nvar, 1 + rnd(4));
        int voe[16], eov[16];
        int size = mo_match(&g, NULL, voe, eov, 0);
        if (size != kuhn_size(&g) || matching_size(&g, NULL, voe, eov) != size) bad++;
        /* again from a random valid partial matching */
        for (int e = 0; e < neq; e++) voe[e] = -1;
        for (int v = 0; v < nvar; v++) eov[v] = -1;
        for (int e = 0; e < neq; e++)
            for (int k = g.start[e]; k < g.start[e + 1]; k++)
                if (rnd(3) == 0 && eov[g.adj[k]] < 0 && voe[e] < 0) { voe[e] = g.adj[k]; eov[g.adj[k]] = e; }
        int size2 = mo_match(&g, NULL, voe, eov, 1);
        if (size2 != size || matching_size(&g, NULL, voe, eov) != size) bad++;
    }
    CHECK(bad == 0);
}

/* Random square graphs with a perfect matching (a random permutation is added); the blocks must be the
 * classes of mutual reachability of the dependency graph, in an order that respects every edge. */
static void test_random_blt(void)
{
    int bad = 0;
    for (int t = 0; t < 2000; t++) {
        int n = 1 + rnd(12), perm[12], ee[12 * 5], vv[12 * 5], m = 0;
        for (int i = 0; i < n; i++) perm[i] = i;
        for (int i = n - 1; i > 0; i--) { int j = rnd(i + 1), x = perm[i]; perm[i] = perm[j]; perm[j] = x; }
        for (int e = 0; e < n; e++) {
            ee[m] = e; vv[m++] = perm[e];
            for (int j = rnd(4); j > 0; j--) { ee[m] = e; vv[m++] = rnd(n); }
        }
        mo_graph g = mo_graph_build(n, n, ee, vv, m);
        int voe[12], eov[12], order[12], bs[13], block_of[12];
        if (mo_match(&g, NULL, voe, eov, 0) != n) { bad++; continue; }
        int nb = mo_blt(&g, voe, eov, order, bs);
        /* reference: reach[a][b] = a needs b, transitively (Floyd-Warshall closure) */
        unsigned char reach[12][12];
        memset(reach, 0, sizeof reach);
        for (int e = 0; e < n; e++) {
            reach[e][e] = 1;
            for (int k = g.start[e]; k < g.start[e + 1]; k++) reach[e][eov[g.adj[k]]] = 1;
        }
        for (int c = 0; c < n; c++)
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    if (reach[a][c] && reach[c][b]) reach[a][b] = 1;
        int seen[12] = { 0 }, ok = bs[0] == 0 && bs[nb] == n;
        for (int b = 0; b < nb && ok; b++)
            for (int k = bs[b]; k < bs[b + 1]; k++) { block_of[order[k]] = b; seen[order[k]]++; }
        for (int e = 0; e < n; e++) ok &= seen[e] == 1;
        for (int a = 0; a < n && ok; a++)
            for (int b = 0; b < n; b++) {
                ok &= (block_of[a] == block_of[b]) == (reach[a][b] && reach[b][a]);
                if (reach[a][b]) ok &= block_of[b] <= block_of[a];
            }
        if (!ok) bad++;
    }
    CHECK(bad == 0);
}

/* A large random sparse system (about 3 variables per equation): the matching is valid and maximal
 * (no free equation has a free variable left), and BLT of the matched part covers every equation. */
static void test_random_large(void)
{
    int n = 300000;
    mo_graph g = random_graph(n, n, 5);
    int *voe = MO_NEWN(int, n), *eov = MO_NEWN(int, n);
    double t0 = now();
    int size = mo_match(&g, NULL, voe, eov, 0);
    printf("random n=%d, %d edges: matched %d in %.3f s\n", n, g.start[n], size, now() - t0);
    CHECK(matching_size(&g, NULL, voe, eov) == size);
    int maximal = 1;
    for (int e = 0; e < n; e++)
        if (voe[e] < 0)
            for (int k = g.start[e]; k < g.start[e + 1]; k++) maximal &= eov[g.adj[k]] >= 0;
    CHECK(maximal);
}

/* The heap (mo_heap_push / mo_heap_pop): random keys, repeated ones among them, come out sorted. */
static void test_heap(void)
{
    enum { N = 5000 };
    long long *h = MO_NEWN(long long, N), last = -1;
    int n = 0;
    srand(7);
    for (int i = 0; i < N; i++)
        mo_heap_push(h, &n, rand() % 1000);
    CHECK(n == N);
    bool sorted = true;
    for (int i = 0; i < N; i++) {
        long long x = mo_heap_pop(h, &n);
        sorted = sorted && x >= last;
        last = x;
    }
    CHECK(sorted && n == 0);
}

int main(void)
{
    test_heap();
    test_build();
    test_tarjan();
    test_loop();
    test_singular();
    test_skip_keep();
    test_random_matching();
    test_random_blt();
    test_chain(1000000, 0);
    test_chain(1000000, 1);
    test_random_large();
    if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
    else printf("test_graph: all checks passed\n");
    return failures != 0;
}
