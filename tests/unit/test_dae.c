/*
 * test_dae.c - the analysis half of the back end (dae.c, index.c, sort.c) on flat models built by hand,
 * as the front end would hand them over:
 *   - the seed's SMD (ModelicaByExample rotational chapter) flattened by hand: aliases, 4 states
 *     (the inertia angles and speeds), the damper's phi_rel a dummy state, square sorted systems;
 *   - the Cartesian pendulum (index 3) started at 30 degrees: states x and u, y and v dummies;
 *   - alias elimination: signs, parameter values, attributes carried to the variable kept;
 *   - the structural errors, word for word: conflicting fixed starts, unbalanced, singular, parameter
 *     cycle, over-determined initialization;
 *   - scale: a chain of 10^4 inertia-spring-damper units analysed in well under a second.
 */
#include "daeutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)

static mo_loc L0;

/* ---- building flat models ---- */

static mo_flat *new_flat(const char *name)
{
    mo_flat *f = MO_NEW(mo_flat);
    f->name = name;
    return f;
}

static int var(mo_flat *f, const char *name, mo_variability vy, mo_expr *binding_or_start, bool fixed,
               unsigned flags)
{
    mo_var v;
    memset(&v, 0, sizeof v);
    v.name = mo_intern_cstr(name);
    v.variability = vy;
    v.type = MO_T_REAL;
    v.flags = flags;
    v.state_select = MO_SS_DEFAULT;
    v.attr = &mo_var_attr_none;
    if (vy == MO_VAR_PARAMETER || vy == MO_VAR_CONSTANT)
        v.binding = binding_or_start;
    else if (binding_or_start)
        mo_var_attr_mut(&v)->start = binding_or_start;
    if (fixed)
        mo_var_attr_mut(&v)->fixed = mo_expr_bool(L0, true);
    MO_PUSH(f->vars, v);
    mo_map_put(&f->index, v.name, (void *)(intptr_t)f->vars.n);
    return f->vars.n - 1;
}

static int cont(mo_flat *f, const char *name) { return var(f, name, MO_VAR_CONTINUOUS, NULL, false, 0); }
static int param(mo_flat *f, const char *name, double v)
{
    return var(f, name, MO_VAR_PARAMETER, mo_expr_real(L0, v), false, 0);
}
static int find(mo_flat *f, const char *name)
{
    return (int)(intptr_t)mo_map_get(&f->index, mo_intern_cstr(name)) - 1;
}

static mo_expr *V(int i)
{
    mo_expr *e = mo_expr_new(MO_EX_VAR, L0);
    e->var = i;
    return e;
}
static mo_expr *D(int i)
{
    mo_expr *e = mo_expr_new(MO_EX_DER, L0);
    e->n = 1;
    e->a = MO_NEWN(mo_expr *, 1);
    e->a[0] = V(i);
    return e;
}
static mo_expr *R(double v) { return mo_expr_real(L0, v); }
static mo_expr *add(mo_expr *a, mo_expr *b) { return mo_expr_binary(L0, MO_OP_ADD, a, b); }
static mo_expr *sub(mo_expr *a, mo_expr *b) { return mo_expr_binary(L0, MO_OP_SUB, a, b); }
static mo_expr *mul(mo_expr *a, mo_expr *b) { return mo_expr_binary(L0, MO_OP_MUL, a, b); }
static mo_expr *pw(mo_expr *a, double n) { return mo_expr_binary(L0, MO_OP_POW, a, R(n)); }
static mo_expr *neg(mo_expr *a) { return mo_expr_unary(L0, MO_OP_NEG, a); }

static void eq(mo_flat *f, const char *inst, mo_eq_origin o, mo_expr *l, mo_expr *r)
{
    mo_feq q;
    memset(&q, 0, sizeof q);
    q.instance = inst;
    q.origin = o;
    q.lhs = l;
    q.rhs = r;
    MO_PUSH(f->eqs, q);
}

static int vn(mo_flat *f, const char *inst, const char *n)
{
    return find(f, mo_sprintf("%s.%s", inst, n));
}

/* ---- the seed's components, flattened the way flatten.c does it ---- */

static void two_flange(mo_flat *f, const char *p)
{
    cont(f, mo_sprintf("%s.flange_a.phi", p));
    cont(f, mo_sprintf("%s.flange_a.tau", p));
    cont(f, mo_sprintf("%s.flange_b.phi", p));
    cont(f, mo_sprintf("%s.flange_b.tau", p));
    var(f, mo_sprintf("%s.phi_rel", p), MO_VAR_CONTINUOUS, NULL, false, MO_PF_PROTECTED);
}

static void two_flange_eqs(mo_flat *f, const char *p)
{
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "phi_rel")),
       sub(V(vn(f, p, "flange_a.phi")), V(vn(f, p, "flange_b.phi"))));
}

static void inertia(mo_flat *f, const char *p, double J, double phi0, double w0)
{
    param(f, mo_sprintf("%s.J", p), J);
    two_flange(f, p);
    var(f, mo_sprintf("%s.w", p), MO_VAR_CONTINUOUS, R(w0), true, 0);
    var(f, mo_sprintf("%s.phi", p), MO_VAR_CONTINUOUS, R(phi0), true, 0);
    two_flange_eqs(f, p);
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "phi")), V(vn(f, p, "flange_a.phi")));
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "w")), D(vn(f, p, "flange_a.phi")));
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "phi_rel")), R(0));
    eq(f, p, MO_ORIGIN_EQUATION, mul(V(vn(f, p, "J")), D(vn(f, p, "w"))),
       add(V(vn(f, p, "flange_a.tau")), V(vn(f, p, "flange_b.tau"))));
}

/* Spring (damper = false) or Damper: Compliant plus the constitutive equation. */
static void compliant(mo_flat *f, const char *p, bool damper, double k)
{
    param(f, mo_sprintf("%s.%s", p, damper ? "d" : "c"), k);
    two_flange(f, p);
    var(f, mo_sprintf("%s.tau", p), MO_VAR_CONTINUOUS, NULL, false, MO_PF_PROTECTED);
    two_flange_eqs(f, p);
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "tau")), V(vn(f, p, "flange_a.tau")));
    eq(f, p, MO_ORIGIN_EQUATION, add(V(vn(f, p, "flange_a.tau")), V(vn(f, p, "flange_b.tau"))), R(0));
    mo_expr *rel = damper ? D(vn(f, p, "phi_rel")) : V(vn(f, p, "phi_rel"));
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "tau")), mul(V(vn(f, p, damper ? "d" : "c")), rel));
}

static void ground(mo_flat *f, const char *p)
{
    cont(f, mo_sprintf("%s.flange_a.phi", p));
    cont(f, mo_sprintf("%s.flange_a.tau", p));
    eq(f, p, MO_ORIGIN_EQUATION, V(vn(f, p, "flange_a.phi")), R(0));
}

/* A connection set of flanges "inst.flange_x": potentials equal, flows sum to zero. */
static void connect_set(mo_flat *f, int n, const char **flanges)
{
    for (int i = 1; i < n; i++)
        eq(f, "", MO_ORIGIN_CONNECT_EQUAL, V(find(f, mo_sprintf("%s.phi", flanges[0]))),
           V(find(f, mo_sprintf("%s.phi", flanges[i]))));
    mo_expr *s = V(find(f, mo_sprintf("%s.tau", flanges[0])));
    for (int i = 1; i < n; i++)
        s = add(s, V(find(f, mo_sprintf("%s.tau", flanges[i]))));
    eq(f, "", MO_ORIGIN_CONNECT_FLOW, s, R(0));
}

static mo_flat *smd(void)
{
    mo_flat *f = new_flat("ModelicaByExample.Components.Rotational.Examples.SMD");
    ground(f, "ground");
    compliant(f, "damper2", true, 1);
    compliant(f, "spring2", false, 5);
    inertia(f, "inertia2", 1, 1, 0);
    compliant(f, "damper1", true, 0.2);
    compliant(f, "spring1", false, 11);
    inertia(f, "inertia1", 0.4, 0, 0);
    connect_set(f, 3, (const char *[]){"ground.flange_a", "damper2.flange_b", "spring2.flange_b"});
    connect_set(f, 3, (const char *[]){"damper2.flange_a", "inertia2.flange_b", "spring2.flange_a"});
    connect_set(f, 3, (const char *[]){"inertia2.flange_a", "damper1.flange_b", "spring1.flange_b"});
    connect_set(f, 3, (const char *[]){"damper1.flange_a", "inertia1.flange_b", "spring1.flange_a"});
    eq(f, "", MO_ORIGIN_UNCONNECTED_FLOW, V(find(f, "inertia1.flange_a.tau")), R(0));
    return f;
}

static int dvar(const mo_dae *dae, const char *name)
{
    const char *n = mo_intern_cstr(name);
    for (int v = 0; v < dae->vars.n; v++)
        if (dae->vars.v[v].name == n)
            return v;
    return -1;
}

static mo_dkind kind(const mo_dae *dae, const char *name)
{
    int v = dvar(dae, name);
    CHECK(v >= 0);
    return v >= 0 ? dae->vars.v[v].kind : MO_DV_DISCRETE;
}

/* Every unknown of each system is computed by exactly one block equation. */
static void check_systems(const mo_dae *dae)
{
    int *count = MO_NEWN(int, dae->vars.n);
    int nunk = 0, nb = 0;
    for (int b = 0; b < dae->ode.blocks.n; b++)
        for (int i = 0; i < dae->ode.blocks.v[b].n; i++) {
            count[dae->ode.blocks.v[b].vars[i]]++;
            nb++;
        }
    for (int v = 0; v < dae->vars.n; v++) {
        mo_dkind k = dae->vars.v[v].kind;
        if (k == MO_DV_DERIVATIVE || k == MO_DV_ALGEBRAIC) {
            nunk++;
            CHECK(count[v] == 1);
        } else {
            CHECK(count[v] == 0);
        }
    }
    CHECK(nb == nunk);
    memset(count, 0, sizeof(int) * (size_t)dae->vars.n);
    nb = 0;
    for (int b = 0; b < dae->init.blocks.n; b++)
        for (int i = 0; i < dae->init.blocks.v[b].n; i++) {
            count[dae->init.blocks.v[b].vars[i]]++;
            nb++;
        }
    nunk = 0;
    for (int v = 0; v < dae->vars.n; v++)
        if (mo_dae_is_init_unknown(dae, v)) {   /* discrete ones too: a state set's selectors */
            nunk++;
            CHECK(count[v] == 1);
        }
    CHECK(nb == nunk);
}

static mo_dae *analyse(const mo_flat *f)
{
    mo_dae *dae = mo_dae_build(f);
    if (!dae || mo_dae_index(dae) || mo_dae_sort(dae))
        return NULL;
    return dae;
}

static void test_smd(void)
{
    mo_flat *f = smd();
    CHECK(f->vars.n == 46 && f->eqs.n == 40);
    mo_dae *dae = analyse(f);
    CHECK(dae != NULL);
    if (!dae)
        return;
    CHECK(dae->nx == 4);
    CHECK(kind(dae, "inertia1.flange_a.phi") == MO_DV_STATE);
    CHECK(kind(dae, "inertia2.flange_a.phi") == MO_DV_STATE);
    CHECK(kind(dae, "inertia1.w") == MO_DV_STATE);
    CHECK(kind(dae, "inertia2.w") == MO_DV_STATE);
    CHECK(kind(dae, "damper1.phi_rel") == MO_DV_ALGEBRAIC);
    CHECK(kind(dae, "der(damper1.phi_rel)") == MO_DV_ALGEBRAIC);
    CHECK(kind(dae, "der(inertia1.flange_a.phi)") == MO_DV_DERIVATIVE);
    /* aliases: inertia1.phi is the angle of its flange, fixed start carried over */
    int a = dvar(dae, "inertia1.phi"), k = dvar(dae, "inertia1.flange_a.phi");
    CHECK(dae->vars.v[a].kind == MO_DV_ALIAS && dae->vars.v[a].alias_of == k && !dae->vars.v[a].alias_negated);
    CHECK(dae->vars.v[k].fixed && dae->vars.v[k].start);
    CHECK(kind(dae, "inertia1.flange_b.phi") == MO_DV_ALIAS);
    CHECK(kind(dae, "ground.flange_a.phi") == MO_DV_ALIAS);
    int g = dvar(dae, "ground.flange_a.phi");
    CHECK(g >= 0 && dae->vars.v[g].alias_of < 0 && dae->vars.v[g].alias_value);
    /* damper2.phi_rel = inertia2 angle - 0: an alias of the state; its derivative too */
    int d2 = dvar(dae, "damper2.phi_rel");
    CHECK(dae->vars.v[d2].kind == MO_DV_ALIAS && dae->vars.v[d2].alias_of == dvar(dae, "inertia2.flange_a.phi"));
    CHECK(kind(dae, "der(damper2.phi_rel)") == MO_DV_ALIAS);
    /* the flow of a connection set with two members: a negated alias */
    int t1 = dvar(dae, "damper1.flange_a.tau"), t2 = dvar(dae, "damper1.flange_b.tau");
    CHECK((dae->vars.v[t1].kind == MO_DV_ALIAS && dae->vars.v[t1].alias_negated) ||
          (dae->vars.v[t2].kind == MO_DV_ALIAS && dae->vars.v[t2].alias_negated));
    /* one equation was differentiated (the damper's phi_rel equation) */
    int ndiff = 0;
    for (int e = 0; e < dae->eqs.n; e++)
        ndiff += dae->eqs.v[e].diff_of >= 0;
    CHECK(ndiff == 1);
    /* 4 fixed starts, no assumed ones */
    int nfix = 0;
    for (int i = 0; i < dae->init_eqs.n; i++)
        nfix += !dae->init_eqs.v[i].assumed;
    CHECK(nfix == 4 && dae->init_eqs.n == 4);
    check_systems(dae);
    /* slots: states and derivatives share, everything unique per kind */
    int dx = dvar(dae, "der(inertia2.w)");
    CHECK(dx >= 0 && dae->vars.v[dx].slot == dae->vars.v[dvar(dae, "inertia2.w")].slot);
    mo_dae_dump(stdout, dae, "blt");
}

/* The Cartesian pendulum. sets = false: the static choice of the dummy derivative method (x and u kept,
 * --no-state-sets); sets = true (the default): its choices, whose partial derivatives 2x, 2y vary, are
 * state sets (stateset.c): x, y, u, v all dummies, one set state per level. */
static void test_pendulum(double xs_fixed, bool sets)
{
    mo_dae_state_sets(sets);
    mo_flat *f = new_flat("Pendulum");
    int m = param(f, "m", 1), gg = param(f, "g", 9.81), L = param(f, "L", 1);
    double th = 3.14159265358979323846 / 6;
    int x = var(f, "x", MO_VAR_CONTINUOUS, R(sin(th)), xs_fixed != 0, 0);
    int y = var(f, "y", MO_VAR_CONTINUOUS, R(-cos(th)), false, 0);
    int u = var(f, "u", MO_VAR_CONTINUOUS, R(0), true, 0);
    int v = var(f, "v", MO_VAR_CONTINUOUS, R(0), false, 0);
    int lam = cont(f, "lambda");
    eq(f, "", MO_ORIGIN_EQUATION, D(x), V(u));
    eq(f, "", MO_ORIGIN_EQUATION, D(y), V(v));
    eq(f, "", MO_ORIGIN_EQUATION, mul(V(m), D(u)), mul(neg(V(lam)), V(x)));
    eq(f, "", MO_ORIGIN_EQUATION, mul(V(m), D(v)), sub(mul(neg(V(lam)), V(y)), mul(V(m), V(gg))));
    eq(f, "", MO_ORIGIN_EQUATION, add(pw(V(x), 2), pw(V(y), 2)), pw(V(L), 2));
    mo_dae *dae = analyse(f);
    CHECK(dae != NULL);
    if (!dae)
        return;
    CHECK(dae->nx == 2);
    CHECK(dae->vars.v[lam].kind == MO_DV_ALGEBRAIC);
    CHECK(dae->vars.v[y].kind == MO_DV_ALGEBRAIC);
    CHECK(dae->vars.v[v].kind == MO_DV_ALGEBRAIC);
    if (sets) {
        CHECK(dae->vars.v[x].kind == MO_DV_ALGEBRAIC);
        CHECK(dae->vars.v[u].kind == MO_DV_ALGEBRAIC);
        CHECK(dae->dsets.n == 2 && dae->dsets.v[0].nk == 1 && dae->dsets.v[1].nk == 1);
        CHECK(dae->eqs.n == 13); /* and per set s = SEL(k, q), der(s) = SEL(k, der(q)) */
    } else {
        CHECK(dae->vars.v[x].kind == MO_DV_STATE);
        CHECK(dae->vars.v[u].kind == MO_DV_STATE);
        CHECK(dae->eqs.n == 9); /* the constraint twice, der(x) = u and der(y) = v once */
    }
    check_systems(dae);
    mo_dae_state_sets(true);
}

static void test_aliases(void)
{
    mo_flat *f = new_flat("Aliases");
    int p = param(f, "p", 3);
    int a = var(f, "a", MO_VAR_CONTINUOUS, R(2), true, 0);
    int b = cont(f, "sub.b");
    int c = var(f, "c", MO_VAR_CONTINUOUS, NULL, false, MO_PF_PROTECTED);
    int z = cont(f, "z"), w = cont(f, "w");
    eq(f, "", MO_ORIGIN_EQUATION, V(b), V(a));                 /* b = a */
    eq(f, "", MO_ORIGIN_EQUATION, add(V(c), V(b)), R(0));      /* c = -b */
    eq(f, "", MO_ORIGIN_EQUATION, D(c), mul(R(-1), V(c)));     /* der(c) = -c: c differentiated */
    eq(f, "", MO_ORIGIN_EQUATION, V(z), mul(R(2), V(p)));      /* z = 2*p */
    eq(f, "", MO_ORIGIN_EQUATION, sub(V(w), V(z)), V(p));      /* w - z = p: w = 3p after z's value */
    mo_dae *dae = analyse(f);
    CHECK(dae != NULL);
    if (!dae)
        return;
    /* c is kept (differentiated) although protected; a and b are aliases of -c */
    CHECK(dae->vars.v[c].kind == MO_DV_STATE);
    CHECK(dae->vars.v[a].kind == MO_DV_ALIAS && dae->vars.v[a].alias_of == c && dae->vars.v[a].alias_negated);
    CHECK(dae->vars.v[b].kind == MO_DV_ALIAS && dae->vars.v[b].alias_of == c && dae->vars.v[b].alias_negated);
    /* the fixed start of a carried to c with the sign: c.start = -2 */
    bool ok = true;
    CHECK(dae->vars.v[c].fixed && fabs(mo_eval(dae->vars.v[c].start, NULL, &ok) + 2) < 1e-12 && ok);
    double *vals = mo_dae_start_values(dae);
    CHECK(dae->vars.v[z].kind == MO_DV_ALIAS && fabs(vals[z] - 6) < 1e-12);
    CHECK(dae->vars.v[w].kind == MO_DV_ALIAS && fabs(vals[w] - 9) < 1e-12);
    int removed = 0;
    for (int e = 0; e < dae->eqs.n; e++)
        removed += dae->eqs.v[e].removed;
    CHECK(removed == 4);
    check_systems(dae);
}

/* ---- errors: the text on the diagnostics stream ---- */

static FILE *diag;

static void diag_begin(void)
{
    diag = tmpfile();
    mo_diag_set_stream(diag);
}

static char *diag_end(void)
{
    mo_diag_set_stream(NULL);
    long n = ftell(diag);
    rewind(diag);
    char *s = MO_NEWN(char, n + 1);
    if (fread(s, 1, (size_t)n, diag) != (size_t)n)
        s[0] = 0;
    fclose(diag);
    return s;
}

static void expect(const char *text, const char *want)
{
    if (!strstr(text, want)) {
        fprintf(stderr, "missing in diagnostics: %s\n--- got:\n%s---\n", want, text);
        failures++;
    }
}

static void test_errors(void)
{
    /* conflicting fixed starts */
    mo_flat *f = new_flat("Conflict");
    int a = var(f, "a", MO_VAR_CONTINUOUS, R(1), true, 0);
    int b = var(f, "b", MO_VAR_CONTINUOUS, R(2), true, 0);
    eq(f, "", MO_ORIGIN_EQUATION, V(a), V(b));
    eq(f, "", MO_ORIGIN_EQUATION, D(a), R(1));
    diag_begin();
    CHECK(analyse(f) == NULL);
    char *t = diag_end();
    expect(t, "error: 'a' and 'b' are aliases (equal) but have different fixed start values 1 and 2");
    expect(t, "note: 'b' is declared here");

    /* opposite signs: a = -b with starts 1 and 1 */
    f = new_flat("Conflict2");
    a = var(f, "a", MO_VAR_CONTINUOUS, R(1), true, 0);
    b = var(f, "b", MO_VAR_CONTINUOUS, R(1), true, 0);
    eq(f, "", MO_ORIGIN_EQUATION, V(a), neg(V(b)));
    eq(f, "", MO_ORIGIN_EQUATION, D(a), R(1));
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: 'a' and 'b' are aliases (opposite) but have inconsistent fixed start values 1 and 1");

    /* unbalanced */
    f = new_flat("Unbalanced");
    int x = cont(f, "x");
    cont(f, "y");
    eq(f, "", MO_ORIGIN_EQUATION, D(x), neg(V(x)));
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: the model has 1 equation but 2 unknowns");
    expect(t, "note: variable 'y' is not matched to any equation");

    /* too many equations */
    f = new_flat("Over");
    x = cont(f, "x");
    eq(f, "", MO_ORIGIN_EQUATION, D(x), neg(V(x)));
    eq(f, "sub", MO_ORIGIN_EQUATION, mul(V(x), V(x)), R(4));
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: the model has 2 equations but 1 unknown");
    expect(t, "note: equation 'x * x = 4.0' in 'sub' is not matched to any unknown");

    /* structurally singular */
    f = new_flat("Singular");
    x = cont(f, "x");
    int y = cont(f, "y"), z = cont(f, "z");
    eq(f, "", MO_ORIGIN_EQUATION, mul(V(x), V(x)), R(2));
    eq(f, "", MO_ORIGIN_EQUATION, mul(R(3), V(x)), R(1));
    eq(f, "", MO_ORIGIN_EQUATION, add(add(V(x), mul(V(y), V(z))), V(z)), R(0));
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: the model is structurally singular: 2 equations involve only 1 unknown");
    expect(t, "note: variable 'x' is involved");
    (void)y;

    /* parameter cycle */
    f = new_flat("Cycle");
    int p = param(f, "p", 0), q = param(f, "q", 0);
    f->vars.v[p].binding = add(V(q), R(1));
    f->vars.v[q].binding = mul(V(p), R(2));
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: the bindings of these parameters form a cycle: 'p' -> 'q' -> 'p'");

    /* over-determined initialization */
    f = new_flat("InitOver");
    x = var(f, "x", MO_VAR_CONTINUOUS, R(1), true, 0);
    eq(f, "", MO_ORIGIN_EQUATION, D(x), neg(V(x)));
    mo_feq ie;
    memset(&ie, 0, sizeof ie);
    ie.instance = "";
    ie.lhs = V(x);
    ie.rhs = R(2);
    MO_PUSH(f->initial_eqs, ie);
    diag_begin();
    mo_dae *dover = analyse(f);
    t = diag_end();
    /* every unknown determined without it: the fixed start x = 1 is left out and checked at run time */
    CHECK(dover && dover->init_checks.n == 1 && dover->init.blocks.n == 2);
    expect(t, "warning: the initial equation 'x = 1.0' is redundant (the initialization problem has 3 "
              "equations for 2 unknowns)");
    /* a third equation with an unknown that none determines: an error */
    int pf = var(f, "pf", MO_VAR_PARAMETER, NULL, false, 0);
    mo_var_attr_mut(&f->vars.v[pf])->fixed = mo_expr_bool(L0, false);
    f->eqs.v[0].rhs = neg(mul(V(pf), V(x)));
    ie.rhs = R(3);
    MO_PUSH(f->initial_eqs, ie);
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: the initialization problem is over-determined: 4 equations for 3 unknowns");

    /* a variable assigned in a when-clause is discrete: not an unknown, held in a y slot */
    f = new_flat("Discrete");
    int n = var(f, "n", MO_VAR_DISCRETE, NULL, false, 0);
    int zs = var(f, "z", MO_VAR_CONTINUOUS, R(1), true, 0);
    eq(f, "", MO_ORIGIN_EQUATION, D(zs), neg(V(zs)));
    mo_fwhen w;
    memset(&w, 0, sizeof w);
    w.instance = "";
    w.nbranches = 1;
    w.branches = MO_NEWN(mo_wbranch, 1);
    w.branches[0].cond = mo_expr_binary((mo_loc){0}, MO_OP_LT, V(zs), R(0.5));
    mo_wstmt st;
    memset(&st, 0, sizeof st);
    st.kind = MO_WS_ASSIGN;
    st.lhs = V(n);
    st.rhs = R(2);
    MO_PUSH(w.branches[0].body, st);
    MO_PUSH(f->whens, w);
    mo_dae *dd = analyse(f);
    CHECK(dd && dd->vars.v[n].kind == MO_DV_DISCRETE && dd->vars.v[n].slot == 0 && dd->ny == 1 && dd->nx == 1);

    /* ... but a when-clause cannot assign a state */
    w.branches[0].body.v[0].lhs = V(zs);
    f->whens.v[0] = w;
    diag_begin();
    CHECK(analyse(f) == NULL);
    t = diag_end();
    expect(t, "error: 'z' is a state (der(z) is used), so a when-equation cannot assign it; use reinit(z, ...)");
}

/* Assumed starts: a state without a fixed start gets x = start in the initial system. */
static void test_assumed_start(void)
{
    mo_flat *f = new_flat("Free");
    int x = var(f, "x", MO_VAR_CONTINUOUS, R(3), false, 0);
    int y = cont(f, "y");
    eq(f, "", MO_ORIGIN_EQUATION, D(x), neg(V(y)));
    eq(f, "", MO_ORIGIN_EQUATION, V(y), mul(R(2), mul(V(x), V(x))));
    mo_dae *dae = analyse(f);
    CHECK(dae && dae->init_eqs.n == 1 && dae->init_eqs.v[0].assumed && dae->init_eqs.v[0].lhs->var == x);
    if (dae)
        check_systems(dae);
}

/* A chain of n units: inertia_i connected to inertia_{i-1} (or ground) by a spring and a damper. */
static void test_chain(int n)
{
    mo_flat *f = new_flat("Chain");
    ground(f, "ground");
    const char *prev = "ground.flange_a";
    for (int i = 1; i <= n; i++) {
        const char *in = mo_sprintf("inertia%d", i), *sp = mo_sprintf("spring%d", i),
                   *da = mo_sprintf("damper%d", i);
        compliant(f, sp, false, 1 + i % 7);
        compliant(f, da, true, 0.1 * (1 + i % 3));
        inertia(f, in, 1, 0, 0);
        connect_set(f, 3, (const char *[]){prev, mo_sprintf("%s.flange_a", sp), mo_sprintf("%s.flange_a", da)});
        connect_set(f, 3, (const char *[]){mo_sprintf("%s.flange_b", sp), mo_sprintf("%s.flange_b", da),
                                           mo_sprintf("%s.flange_a", in)});
        prev = mo_sprintf("%s.flange_b", in);
    }
    eq(f, "", MO_ORIGIN_UNCONNECTED_FLOW, V(find(f, mo_sprintf("%s.tau", prev))), R(0));
    clock_t t0 = clock();
    mo_dae *dae = analyse(f);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(dae != NULL);
    if (!dae)
        return;
    CHECK(dae->nx == 2 * n);
    check_systems(dae);
    printf("chain of %d units: %d variables, %d equations, %d states, analysed in %.3f s\n", n,
           dae->vars.n, dae->eqs.n, dae->nx, secs);
    /* the time is printed, never asserted (timings belong to bench/, not to the suite) */
}

int main(void)
{
    test_smd();
    test_pendulum(1, false);
    test_pendulum(0, false);
    test_pendulum(1, true);
    test_pendulum(0, true);
    test_aliases();
    test_assumed_start();
    test_errors();
    test_chain(10000);
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
