/*
 * test_graph_pantelides.c - unit tests of mo_pantelides (graph.h) on textbook fixtures.
 *
 * The callbacks here play the part of the compiler's symbolic differentiation on a toy model: every
 * variable is (family, order) = the order-th derivative of a base variable, and each equation knows its
 * original equation and how often it has been differentiated. The incidence of a differentiated
 * equation comes from a hand-written table (the pendulum) or from the rule for linear equations
 * (d/dt of a linear equation mentions der(v) for each v of it).
 *
 * Fixtures:
 *   - Pantelides' Cartesian pendulum (index 3): the constraint is differentiated twice, der(x) = u and
 *     der(y) = v once, the dynamic equations never; the final matching covers the five active equations
 *     with der(der(x)), der(der(y)), der(u), der(v), lambda. Both callback styles are tested.
 *   - an ODE (nothing to differentiate); two structurally singular systems;
 *   - an index-n chain x1 = f(t), der(x_k) = x_{k+1}: the constraint is differentiated n-1 times and
 *     equation k n-1-k times;
 *   - many independent pendulums (time printed, never asserted).
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

enum { MAXORD = 48, MAXTERMS = 16 };

typedef struct term { int fam, ord; } term;

/* The toy model. */
typedef struct model {
    int nfam;
    int *var_of;              /* var_of[fam * MAXORD + ord]: the variable, or -1 */
    MO_VEC(int) vfam, vord;   /* per variable */
    MO_VEC(int) eorig, elevel;/* per equation: original equation and times differentiated */
    MO_VEC(int) ebase;        /* per equation: offset added to the families of its terms */
    /* incidence of original equation o differentiated l times; returns the number of terms */
    int (*terms)(const struct model *m, int o, int l, term *out);
    int create_in_differentiate; /* the style without new_derivative */
    int calls_new_derivative, calls_differentiate;
} model;

static int var_get(const model *m, int fam, int ord) { return m->var_of[fam * MAXORD + ord]; }

static int add_var(model *m, mo_pantelides_io *io, int fam, int ord)
{
    int of = ord > 0 ? var_get(m, fam, ord - 1) : -1;
    int v = mo_pantelides_add_var(io, of);
    m->var_of[fam * MAXORD + ord] = v;
    MO_PUSH(m->vfam, fam);
    MO_PUSH(m->vord, ord);
    return v;
}

static int cb_new_derivative(void *ctx, mo_pantelides_io *io, int v)
{
    model *m = ctx;
    m->calls_new_derivative++;
    if (m->vord.v[v] + 1 >= MAXORD) return -1;
    return add_var(m, io, m->vfam.v[v], m->vord.v[v] + 1);
}

static int add_eq(model *m, mo_pantelides_io *io, int of_eq, int orig, int level, int base)
{
    term t[MAXTERMS];
    int vars[MAXTERMS];
    int n = m->terms(m, orig, level, t);
    if (n < 0) return -1;
    for (int k = 0; k < n; k++) {
        t[k].fam += base;
        vars[k] = var_get(m, t[k].fam, t[k].ord);
        if (vars[k] < 0) {
            /* A derivative that does not exist yet: with new_derivative, Pantelides promised it would. */
            if (!m->create_in_differentiate || t[k].ord == 0 || var_get(m, t[k].fam, t[k].ord - 1) < 0)
                return -1;
            vars[k] = add_var(m, io, t[k].fam, t[k].ord);
        }
    }
    int e = mo_pantelides_add_eq(io, of_eq, vars, n);
    MO_PUSH(m->eorig, orig);
    MO_PUSH(m->elevel, level);
    MO_PUSH(m->ebase, base);
    return e;
}

static int cb_differentiate(void *ctx, mo_pantelides_io *io, int e)
{
    model *m = ctx;
    m->calls_differentiate++;
    return add_eq(m, io, e, m->eorig.v[e], m->elevel.v[e] + 1, m->ebase.v[e]);
}

/* Sets up io with an empty graph; the fixture then adds variables and equations through the helpers. */
static void model_init(model *m, mo_pantelides_io *io, int nfam, int create_in_differentiate)
{
    memset(m, 0, sizeof *m);
    memset(io, 0, sizeof *io);
    m->nfam = nfam;
    m->var_of = MO_NEWN(int, nfam * MAXORD);
    for (int i = 0; i < nfam * MAXORD; i++) m->var_of[i] = -1;
    m->create_in_differentiate = create_in_differentiate;
    static const int zero = 0;
    io->g.start = &zero;
    io->ctx = m;
    io->differentiate = cb_differentiate;
    io->new_derivative = create_in_differentiate ? NULL : cb_new_derivative;
}

/* times equation e has been differentiated (length of its der_of_eq chain) */
static int times_differentiated(const mo_pantelides_io *io, int e)
{
    int n = 0;
    while (io->der_of_eq[e] >= 0) { e = io->der_of_eq[e]; n++; }
    return n;
}

/* The final matching is perfect: every active equation matched to a highest derivative that occurs in
 * it, every highest derivative matched, inverse arrays consistent, nothing else matched. */
static int perfect(const mo_pantelides_io *io)
{
    const mo_graph *g = &io->g;
    int active = 0, highest = 0;
    for (int e = 0; e < g->neq; e++) {
        int v = io->var_of_eq[e];
        if (io->der_of_eq[e] >= 0) { if (v != -1) return 0; continue; }
        active++;
        if (v < 0 || io->der_of_var[v] != -1 || io->eq_of_var[v] != e) return 0;
        int edge = 0;
        for (int k = g->start[e]; k < g->start[e + 1]; k++) edge |= g->adj[k] == v;
        if (!edge) return 0;
    }
    for (int v = 0; v < g->nvar; v++) {
        if (io->der_of_var[v] >= 0) { if (io->eq_of_var[v] != -1) return 0; continue; }
        highest++;
        if (io->eq_of_var[v] < 0) return 0;
    }
    return active == highest;
}

/* ---- the pendulum ---- */

enum { X, Y, U, V, LAM, NFAM_PEND };

/* m*der(u) = -lambda*x etc., with their derivatives written out by hand:
 *   e0  der(x) = u                d/dt: der2(x) = der(u)                 d2/dt2: der3(x) = der2(u)
 *   e1  der(y) = v                (likewise)
 *   e2  m*der(u) = -lambda*x      d/dt: m*der2(u) = -der(lambda)*x - lambda*der(x)
 *   e3  m*der(v) = -lambda*y - m*g     (likewise)
 *   e4  x^2 + y^2 = L^2           d/dt: 2x*der(x) + 2y*der(y) = 0
 *                                 d2/dt2: 2der(x)^2 + 2x*der2(x) + 2der(y)^2 + 2y*der2(y) = 0 */
static int pendulum_terms(const model *m, int o, int l, term *t)
{
    (void)m;
    int n = 0;
    switch (o) {
    case 0: case 1: {
        int pos = o == 0 ? X : Y, vel = o == 0 ? U : V;
        t[n++] = (term){ pos, 1 + l };
        t[n++] = (term){ vel, l };
        return n;
    }
    case 2: case 3: {
        int pos = o == 2 ? X : Y, vel = o == 2 ? U : V;
        if (l > 1) return -1;               /* never needed: fail loudly if asked */
        t[n++] = (term){ vel, 1 + l };
        t[n++] = (term){ LAM, 0 };
        t[n++] = (term){ pos, 0 };
        if (l == 1) { t[n++] = (term){ LAM, 1 }; t[n++] = (term){ pos, 1 }; }
        return n;
    }
    case 4:
        if (l > 2) return -1;
        for (int k = 0; k <= l; k++) { t[n++] = (term){ X, k }; t[n++] = (term){ Y, k }; }
        return n;
    }
    return -1;
}

/* Adds one pendulum (families base..base+4) to the model: variables x y u v lambda der(x) der(y) der(u)
 * der(v) and equations e0..e4, in that order. */
static void pendulum_add(model *m, mo_pantelides_io *io, int base)
{
    for (int f = X; f <= LAM; f++) add_var(m, io, base + f, 0);
    for (int f = X; f <= V; f++) add_var(m, io, base + f, 1);
    for (int o = 0; o < 5; o++)
        add_eq(m, io, -1, o, 0, base);
}

static void test_pendulum(int create_in_differentiate)
{
    model m;
    mo_pantelides_io io;
    model_init(&m, &io, NFAM_PEND, create_in_differentiate);
    m.terms = pendulum_terms;
    pendulum_add(&m, &io, 0);
    CHECK(io.g.neq == 5 && io.g.nvar == 9);

    CHECK(mo_pantelides(&io) == 0);
    CHECK(io.status == MO_PANT_OK && io.bad_eq == -1);
    CHECK(io.ndiff == 4 && m.calls_differentiate == 4);
    CHECK(times_differentiated(&io, 4) == 2);        /* the constraint twice */
    CHECK(times_differentiated(&io, 0) == 1);        /* der(x) = u once */
    CHECK(times_differentiated(&io, 1) == 1);        /* der(y) = v once */
    CHECK(times_differentiated(&io, 2) == 0);
    CHECK(times_differentiated(&io, 3) == 0);
    /* new variables: der2(x), der2(y) and nothing else */
    CHECK(io.g.nvar == 11 && io.g.neq == 9);
    CHECK(var_get(&m, X, 2) >= 0 && var_get(&m, Y, 2) >= 0);
    CHECK(var_get(&m, X, 3) < 0 && var_get(&m, U, 2) < 0 && var_get(&m, LAM, 1) < 0);
    CHECK(m.calls_new_derivative == (create_in_differentiate ? 0 : 2));
    CHECK(perfect(&io));
    /* The matching, traced by hand: the constraint's second derivative computes der2(x), der2(x) =
     * der(u) computes der(u), so m*der(u) = -lambda*x is left to compute lambda. */
    int c2 = io.der_of_eq[io.der_of_eq[4]];
    CHECK(io.var_of_eq[c2] == var_get(&m, X, 2));
    CHECK(io.var_of_eq[io.der_of_eq[0]] == var_get(&m, U, 1));
    CHECK(io.var_of_eq[2] == var_get(&m, LAM, 0));
    CHECK(io.var_of_eq[io.der_of_eq[1]] == var_get(&m, Y, 2));
    CHECK(io.var_of_eq[3] == var_get(&m, V, 1));
}

/* Many independent pendulums: the work per pendulum must stay constant. */
static void test_many_pendulums(int count)
{
    model m;
    mo_pantelides_io io;
    model_init(&m, &io, NFAM_PEND * count, 0);
    m.terms = pendulum_terms;
    for (int p = 0; p < count; p++) pendulum_add(&m, &io, NFAM_PEND * p);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = mo_pantelides(&io);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%d pendulums (%d equations): pantelides %.3f s\n", count, 5 * count,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    CHECK(rc == 0);
    CHECK(io.ndiff == 4 * count);
    CHECK(io.g.neq == 9 * count && io.g.nvar == 11 * count);
    CHECK(perfect(&io));
}

/* ---- linear fixtures: each original equation is a list of terms; d/dt shifts every order by one ---- */

typedef struct linsys { int neq; const term (*eqs)[4]; const int *nterms; } linsys;
static const linsys *current_linsys;

static int linear_terms(const model *m, int o, int l, term *t)
{
    (void)m;
    const linsys *s = current_linsys;
    for (int k = 0; k < s->nterms[o]; k++) {
        t[k] = s->eqs[o][k];
        t[k].ord += l;
        if (t[k].ord >= MAXORD) return -1;
    }
    return s->nterms[o];
}

/* Builds the fixture: families' variables up to the highest order mentioned, then the equations. */
static void linsys_setup(model *m, mo_pantelides_io *io, const linsys *s, int nfam)
{
    current_linsys = s;
    model_init(m, io, nfam, 0);
    m->terms = linear_terms;
    int *maxord = MO_NEWN(int, nfam);
    for (int e = 0; e < s->neq; e++)
        for (int k = 0; k < s->nterms[e]; k++)
            if (s->eqs[e][k].ord > maxord[s->eqs[e][k].fam]) maxord[s->eqs[e][k].fam] = s->eqs[e][k].ord;
    for (int f = 0; f < nfam; f++)
        for (int o = 0; o <= maxord[f]; o++) add_var(m, io, f, o);
    for (int e = 0; e < s->neq; e++)
        add_eq(m, io, -1, e, 0, 0);
}

/* der(x) = -x + y; y = sin(x): index 1, nothing to differentiate. */
static void test_ode(void)
{
    static const term eqs[2][4] = { { { 0, 1 }, { 0, 0 }, { 1, 0 } }, { { 1, 0 }, { 0, 0 } } };
    static const int nterms[2] = { 3, 2 };
    linsys s = { 2, eqs, nterms };
    model m;
    mo_pantelides_io io;
    linsys_setup(&m, &io, &s, 2);
    CHECK(mo_pantelides(&io) == 0);
    CHECK(io.ndiff == 0 && io.g.neq == 2 && io.g.nvar == 3);
    CHECK(io.var_of_eq[0] == var_get(&m, 0, 1) && io.var_of_eq[1] == var_get(&m, 1, 0));
    CHECK(perfect(&io));
}

/* y = 1; y = 2 - two equations in one variable. And der(x) = 1; x = 2: two equations for the family
 * of x. Both are reported as singular, naming the second equation, before any differentiation. */
static void test_singular(void)
{
    static const term eqs1[2][4] = { { { 0, 0 } }, { { 0, 0 } } };
    static const term eqs2[2][4] = { { { 0, 1 } }, { { 0, 0 } } };
    static const int nterms[2] = { 1, 1 };
    const linsys s1 = { 2, eqs1, nterms }, s2 = { 2, eqs2, nterms };
    const linsys *cases[2] = { &s1, &s2 };
    for (int c = 0; c < 2; c++) {
        model m;
        mo_pantelides_io io;
        linsys_setup(&m, &io, cases[c], 1);
        CHECK(mo_pantelides(&io) == -1);
        CHECK(io.status == MO_PANT_SINGULAR && io.bad_eq == 1);
        CHECK(m.calls_differentiate == 0);
    }
}

/* A derivative in which simplification cancelled a term: e0 der(x) = u, e1 der(u) = w, e2 x = sin(t),
 * where the table pretends that d/dt e0 lost der2(x). Pantelides must not match der2(x) to d/dt e0
 * (no such edge) and still end with a complete matching: d/dt e0 computes der(u), e1 computes w. */
enum { CX, CU, CW };
static int cancelled_terms(const model *m, int o, int l, term *t)
{
    (void)m;
    switch (o * 10 + l) {
    case 0: t[0] = (term){ CX, 1 }; t[1] = (term){ CU, 0 }; return 2;
    case 1: t[0] = (term){ CU, 1 }; return 1;                 /* der2(x) cancelled */
    case 10: t[0] = (term){ CU, 1 }; t[1] = (term){ CW, 0 }; return 2;
    case 20: case 21: case 22: t[0] = (term){ CX, l }; return 1;
    }
    return -1;
}

static void test_cancelled(void)
{
    model m;
    mo_pantelides_io io;
    model_init(&m, &io, 3, 0);
    m.terms = cancelled_terms;
    add_var(&m, &io, CX, 0);
    add_var(&m, &io, CX, 1);
    add_var(&m, &io, CU, 0);
    add_var(&m, &io, CU, 1);
    add_var(&m, &io, CW, 0);
    for (int o = 0; o < 3; o++) add_eq(&m, &io, -1, o, 0, 0);
    CHECK(mo_pantelides(&io) == 0);
    CHECK(io.ndiff == 3);
    CHECK(times_differentiated(&io, 2) == 2 && times_differentiated(&io, 0) == 1);
    CHECK(perfect(&io));
    CHECK(io.var_of_eq[io.der_of_eq[0]] == var_get(&m, CU, 1));
    CHECK(io.var_of_eq[1] == var_get(&m, CW, 0));
}

/* A derivative that mentions a variable its equation did not: e0 der(x) = u, e1 der(u) = a, e2 x = sin(t),
 * e3 w = 1, where the table makes d/dt e0 mention der(w) too (a callback outside the structural
 * contract, creating der(w) itself). w stops being an unknown, so e3 loses its variable; Pantelides
 * must notice and differentiate e3 as well, ending with a complete matching. */
enum { SX, SU, SA, SW };
static int stray_terms(const model *m, int o, int l, term *t)
{
    (void)m;
    switch (o * 10 + l) {
    case 0: t[0] = (term){ SX, 1 }; t[1] = (term){ SU, 0 }; return 2;
    case 1: t[0] = (term){ SX, 2 }; t[1] = (term){ SU, 1 }; t[2] = (term){ SW, 1 }; return 3;
    case 10: t[0] = (term){ SU, 1 }; t[1] = (term){ SA, 0 }; return 2;
    case 20: case 21: case 22: t[0] = (term){ SX, l }; return 1;
    case 30: case 31: t[0] = (term){ SW, l }; return 1;
    }
    return -1;
}

static void test_stray(void)
{
    model m;
    mo_pantelides_io io;
    model_init(&m, &io, 4, 1);
    m.terms = stray_terms;
    add_var(&m, &io, SX, 0);
    add_var(&m, &io, SX, 1);
    add_var(&m, &io, SU, 0);
    add_var(&m, &io, SU, 1);
    add_var(&m, &io, SA, 0);
    add_var(&m, &io, SW, 0);
    for (int o = 0; o < 4; o++) add_eq(&m, &io, -1, o, 0, 0);
    int rc = mo_pantelides(&io);
    CHECK(rc == 0);
    if (rc) { fprintf(stderr, "status %d bad_eq %d ndiff %d\n", io.status, io.bad_eq, io.ndiff); return; }
    CHECK(times_differentiated(&io, 0) == 1 && times_differentiated(&io, 1) == 0);
    CHECK(times_differentiated(&io, 2) == 2 && times_differentiated(&io, 3) == 1);
    CHECK(perfect(&io));
    CHECK(io.eq_of_var[var_get(&m, SW, 1)] == io.der_of_eq[3]);
}

/* x1 = f(t); der(x_k) = x_{k+1} for k = 1..n-1 (families 0..n-1 are x_1..x_n). Index n: x_n is
 * der^(n-1)(x1), so the constraint is differentiated n-1 times and equation k (der(x_k) = x_{k+1})
 * n-1-k times, in all (n-1) + (n-1)(n-2)/2 differentiations. */
static void test_chain(int n)
{
    term (*eqs)[4] = mo_alloc(sizeof(term[4]) * (size_t)n);
    int *nterms = MO_NEWN(int, n);
    eqs[0][0] = (term){ 0, 0 };
    nterms[0] = 1;
    for (int k = 1; k < n; k++) {
        eqs[k][0] = (term){ k - 1, 1 };
        eqs[k][1] = (term){ k, 0 };
        nterms[k] = 2;
    }
    linsys s = { n, (const term (*)[4])eqs, nterms };
    model m;
    mo_pantelides_io io;
    linsys_setup(&m, &io, &s, n);
    io.max_iterations = 100000;
    CHECK(mo_pantelides(&io) == 0);
    CHECK(io.ndiff == (n - 1) + (n - 1) * (n - 2) / 2);
    CHECK(times_differentiated(&io, 0) == n - 1);
    int ok = 1;
    for (int k = 1; k < n; k++) ok &= times_differentiated(&io, k) == n - 1 - k;
    CHECK(ok);
    CHECK(perfect(&io));

    /* the same with a bound below what is needed */
    if (n >= 5) {
        linsys_setup(&m, &io, &s, n);
        io.max_iterations = n;
        CHECK(mo_pantelides(&io) == -1);
        CHECK(io.status == MO_PANT_LIMIT && io.bad_eq >= 0);
    }
}

int main(void)
{
    test_pendulum(0);
    test_pendulum(1);
    test_ode();
    test_cancelled();
    test_stray();
    test_singular();
    test_chain(2);
    test_chain(5);
    test_chain(40);
    test_many_pendulums(10000);
    if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
    else printf("test_graph_pantelides: all checks passed\n");
    return failures != 0;
}
