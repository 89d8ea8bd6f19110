/*
 * test_match_augment.c - unit test of mo_match_augment (graph.h), the incremental matching that
 * compiler/analysis/sort.c uses to complete the initial system.
 *
 * Random sparse graphs of base equations plus candidate equations taken one at a time, as sort_init
 * does: each candidate is kept when the matching grows. The reference is what sort_init did before:
 * build the graph of the base, the kept candidates and the new one, and run mo_match with keep = 1 from
 * the current matching. The incremental search on one graph holding every candidate must decide the
 * same and leave exactly the same matching (graph.h promises the same path). Also: a 10^5-long
 * augmenting path (iterative, no C stack) and the workspace reused over 10^5 searches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base.h"
#include "graph.h"

static int failures;
static int paths, fails;            /* augments that needed a path; candidates rejected */
#define CHECK(c) do { if (!(c)) { failures++; \
        fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); } } while (0)

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)(rng_state % (unsigned long long)n);
}

/* The graph of the equations list[0..n) of g (rows copied in that order). */
static mo_graph sub_graph(const mo_graph *g, const int *list, int n)
{
    MO_VEC(int) ee = {0}, ev = {0};
    for (int i = 0; i < n; i++)
        for (int k = g->start[list[i]]; k < g->start[list[i] + 1]; k++) {
            MO_PUSH(ee, i);
            MO_PUSH(ev, g->adj[k]);
        }
    return mo_graph_build(n, g->nvar, ee.v, ev.v, ee.n);
}

static void test_random(int trial)
{
    int nvar = 2 + rnd(40), n0 = rnd(nvar + 3), ncand = 1 + rnd(nvar), neq = n0 + ncand;
    MO_VEC(int) ee = {0}, ev = {0};
    for (int e = 0; e < neq; e++) {
        int deg = e < n0 ? 1 + rnd(4) : 1 + rnd(2) * rnd(3);
        for (int j = 0; j < deg; j++) {
            MO_PUSH(ee, e);
            MO_PUSH(ev, rnd(10) < 7 ? rnd(nvar < 8 ? nvar : 8) + (e % (nvar - (nvar < 8 ? nvar : 8) + 1)) : rnd(nvar));
        }
    }
    mo_graph all = mo_graph_build(neq, nvar, ee.v, ev.v, ee.n);
    mo_graph base = all;
    base.neq = n0;
    int *voe = MO_NEWN(int, neq), *eov = MO_NEWN(int, nvar);
    int m = mo_match(&base, NULL, voe, eov, 0);
    for (int e = n0; e < neq; e++) voe[e] = -1;
    int *list = MO_NEWN(int, neq), nlist = n0;       /* base + kept candidates, in order */
    for (int e = 0; e < n0; e++) list[e] = e;
    mo_match_ws ws;
    memset(&ws, 0, sizeof ws);
    for (int c = n0; c < neq; c++) {
        /* reference: the grown graph matched again from the current matching */
        list[nlist] = c;
        mo_graph g2 = sub_graph(&all, list, nlist + 1);
        int *rvoe = MO_NEWN(int, nlist + 1), *reov = MO_NEWN(int, nvar);
        for (int i = 0; i <= nlist; i++) rvoe[i] = voe[list[i]];
        for (int v = 0; v < nvar; v++) reov[v] = -1;
        for (int i = 0; i <= nlist; i++)
            if (rvoe[i] >= 0) reov[rvoe[i]] = i;
        int m2 = mo_match(&g2, NULL, rvoe, reov, 1);
        int direct = 0;
        for (int k = all.start[c]; k < all.start[c + 1]; k++)
            direct |= eov[all.adj[k]] < 0;
        int got = mo_match_augment(&all, c, voe, eov, &ws);
        paths += got && !direct;
        fails += !got;
        CHECK(got == (m2 > m));
        if (got != (m2 > m)) {
            fprintf(stderr, "  trial %d candidate %d: augment %d, rematch %d -> %d\n", trial, c, got, m, m2);
            return;
        }
        if (!got) {
            CHECK(voe[c] == -1);
            continue;
        }
        m = m2;
        nlist++;
        for (int i = 0; i < nlist; i++)
            if (voe[list[i]] != rvoe[i]) {
                CHECK(voe[list[i]] == rvoe[i]);
                fprintf(stderr, "  trial %d: equation %d matched to %d, rematching gives %d\n", trial,
                        list[i], voe[list[i]], rvoe[i]);
                return;
            }
        for (int v = 0; v < nvar; v++)
            CHECK(eov[v] < 0 ? reov[v] < 0 : reov[v] >= 0 && list[reov[v]] == eov[v]);
    }
}

/* Chain: base equation i has x_i and x_{i+1}, matched greedily to x_i, so the candidate on x_0 needs
 * the path through all of them to the free x_n; then n candidates on x_0 that all fail. */
static void test_long(void)
{
    int n = 100000;
    MO_VEC(int) ee = {0}, ev = {0};
    for (int i = 0; i < n; i++) {
        MO_PUSH(ee, i); MO_PUSH(ev, i);
        MO_PUSH(ee, i); MO_PUSH(ev, i + 1);
    }
    for (int c = 0; c <= n; c++) {
        MO_PUSH(ee, n + c); MO_PUSH(ev, 0);
    }
    mo_graph all = mo_graph_build(2 * n + 1, n + 1, ee.v, ev.v, ee.n);
    mo_graph base = all;
    base.neq = n;
    int *voe = MO_NEWN(int, 2 * n + 1), *eov = MO_NEWN(int, n + 1);
    CHECK(mo_match(&base, NULL, voe, eov, 0) == n);
    for (int e = n; e <= 2 * n; e++) voe[e] = -1;
    CHECK(eov[n] == -1);
    mo_match_ws ws;
    memset(&ws, 0, sizeof ws);
    CHECK(mo_match_augment(&all, n, voe, eov, &ws) == 1);
    CHECK(voe[n] == 0 && eov[n] == n - 1 && voe[0] == 1);
    int kept = 0;
    for (int c = n + 1; c <= 2 * n; c++)
        kept += mo_match_augment(&all, c, voe, eov, &ws);
    CHECK(kept == 0);
}

int main(void)
{
    for (int t = 0; t < 3000 && failures < 5; t++)
        test_random(t);
    CHECK(paths > 300 && fails > 300);   /* the fixtures do exercise the search both ways */
    printf("random: %d augmenting paths, %d candidates rejected\n", paths, fails);
    test_long();
    if (failures) {
        fprintf(stderr, "test_match_augment: %d checks failed\n", failures);
        return 1;
    }
    printf("test_match_augment: ok\n");
    return 0;
}
