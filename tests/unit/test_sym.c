/*
 * test_sym.c - the symbolic back end on hand-built expressions and DAEs: simplification rules,
 * total time derivatives (incidence, the derivative variables made on demand, values against central
 * finite differences along a straight-line trajectory), partial derivatives of every built-in function
 * against finite differences, mo_solve_for on linear and nonlinear equations, and mo_dae_solve on
 * explicit, linear and nonlinear blocks (tearing and the chain-rule Jacobian checked numerically).
 */
#include "sym.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)
#define NEAR(a, b, tol) do { double a_ = (a), b_ = (b); \
        if (!(fabs(a_ - b_) <= (tol) * (1 + fabs(b_)))) { \
            fprintf(stderr, "%s:%d: %s = %.17g, expected %.17g\n", __FILE__, __LINE__, #a, a_, b_); \
            failures++; } } while (0)

static mo_loc L0;

/* ---- a small DAE to hang variables on ---- */
static mo_dae *new_dae(void)
{
    return MO_NEW(mo_dae);
}

static int add_var(mo_dae *dae, const char *name, mo_dkind kind)
{
    mo_dvar v;
    memset(&v, 0, sizeof v);
    v.name = mo_intern_cstr(name);
    v.flat = dae->vars.n;
    v.kind = kind;
    v.der = v.der_of = v.alias_of = -1;
    v.slot = -1;
    MO_PUSH(dae->vars, v);
    return dae->vars.n - 1;
}

static mo_expr *V(int v) { return mo_sym_var(L0, v); }
static mo_expr *N(double x) { return mo_sym_num(L0, x); }
static mo_expr *raw(mo_op op, mo_expr *a, mo_expr *b) /* unsimplified binary node */
{
    mo_expr *e = MO_NEW(mo_expr);
    e->kind = MO_EX_BINARY;
    e->op = op;
    e->n = 2;
    e->a = MO_NEWN(mo_expr *, 2);
    e->a[0] = a;
    e->a[1] = b;
    return e;
}
static mo_expr *call1(const char *f, mo_expr *a) { return mo_sym_call(L0, f, 1, &a); }
static mo_expr *call2(const char *f, mo_expr *a, mo_expr *b)
{
    mo_expr *args[2] = {a, b};
    return mo_sym_call(L0, f, 2, args);
}

static const char *show(mo_dae *dae, const mo_expr *e)
{
    mo_buf b = {0};
    (void)dae;
    mo_buf_printf(&b, "%p", (const void *)e);
    return mo_buf_str(&b);
}

static void test_simplify(void)
{
    mo_dae *dae = new_dae();
    int x = add_var(dae, "x", MO_DV_ALGEBRAIC);
    mo_expr *e = mo_simplify(raw(MO_OP_ADD, raw(MO_OP_MUL, V(x), N(1)), N(0)));
    CHECK(e->kind == MO_EX_VAR && e->var == x);
    e = mo_simplify(mo_sym_neg(mo_sym_neg(V(x))));
    CHECK(e->kind == MO_EX_VAR && e->var == x);
    double v = 0;
    e = mo_simplify(raw(MO_OP_MUL, N(2), raw(MO_OP_ADD, N(3), N(4))));
    CHECK(mo_sym_is_num(e, &v) && v == 14);
    e = mo_simplify(raw(MO_OP_MUL, V(x), N(0)));
    CHECK(mo_sym_is_num(e, &v) && v == 0);
    e = mo_simplify(raw(MO_OP_SUB, V(x), V(x)));
    CHECK(mo_sym_is_num(e, &v) && v == 0);
    e = mo_simplify(raw(MO_OP_POW, V(x), N(1)));
    CHECK(e->kind == MO_EX_VAR);
    e = mo_simplify(raw(MO_OP_DIV, V(x), N(1)));
    CHECK(e->kind == MO_EX_VAR);
    e = mo_simplify(call1("cos", N(0)));
    CHECK(mo_sym_is_num(e, &v) && v == 1);
    e = mo_sym_if(L0, mo_sym_binary(L0, MO_OP_LT, N(1), N(2)), V(x), N(5));
    CHECK(e->kind == MO_EX_VAR);
    /* sqrt(-1) must not be folded: the domain error belongs to run time */
    e = mo_simplify(call1("sqrt", N(-1)));
    CHECK(e->kind == MO_EX_CALL);
    /* a + (-b) -> a - b */
    int y = add_var(dae, "y", MO_DV_ALGEBRAIC);
    e = mo_simplify(raw(MO_OP_ADD, V(x), mo_sym_neg(V(y))));
    CHECK(e->kind == MO_EX_BINARY && e->op == MO_OP_SUB);
    /* the input is not modified */
    mo_expr *in = raw(MO_OP_MUL, V(x), N(1));
    (void)mo_simplify(in);
    CHECK(in->kind == MO_EX_BINARY && in->op == MO_OP_MUL);
    (void)show;
}

/* d/dt(x^2*sin(y) + p*y/x) along x = x0 + vx t, y = y0 + vy t, p a parameter. */
static void test_diff_time(void)
{
    mo_dae *dae = new_dae();
    int x = add_var(dae, "x", MO_DV_STATE), y = add_var(dae, "y", MO_DV_ALGEBRAIC);
    int p = add_var(dae, "p", MO_DV_PARAMETER);
    mo_expr *f = raw(MO_OP_ADD, raw(MO_OP_MUL, raw(MO_OP_POW, V(x), N(2)), call1("sin", V(y))),
                     raw(MO_OP_DIV, raw(MO_OP_MUL, V(p), V(y)), V(x)));
    mo_expr *d = mo_diff_time(dae, f);
    CHECK(d != NULL);
    CHECK(dae->vars.n == 5);
    int dx = dae->vars.v[x].der, dy = dae->vars.v[y].der;
    CHECK(dx >= 3 && dy >= 3 && dx != dy);
    CHECK(dae->vars.v[p].der == -1);
    CHECK(!strcmp(dae->vars.v[dx].name, "der(x)") && !strcmp(dae->vars.v[dy].name, "der(y)"));
    CHECK(dae->vars.v[dx].der_of == x && dae->vars.v[dy].der_of == y);
    CHECK(mo_expr_has_var(d, dx) && mo_expr_has_var(d, dy) && mo_expr_has_var(d, x));
    /* a second derivative reuses the variables and makes der(der(x)) */
    mo_expr *d2 = mo_diff_time(dae, d);
    CHECK(d2 != NULL && dae->vars.n == 7);
    CHECK(dae->vars.v[dx].der >= 0 && !strcmp(dae->vars.v[dae->vars.v[dx].der].name, "der(der(x))"));

    double x0 = 0.7, vx = -0.3, y0 = 1.1, vy = 0.45, pv = 2.5;
    double val[7] = {0};
    val[x] = x0; val[y] = y0; val[p] = pv; val[dx] = vx; val[dy] = vy;
    bool ok = true;
    double got = mo_eval(d, val, &ok);
    CHECK(ok);
    double h = 1e-5, fv[2];
    for (int s = 0; s < 2; s++) {
        double t = s ? h : -h;
        double w[7] = {0};
        w[x] = x0 + vx * t; w[y] = y0 + vy * t; w[p] = pv;
        fv[s] = mo_eval(f, w, &ok);
    }
    NEAR(got, (fv[1] - fv[0]) / (2 * h), 1e-8);

    /* time differentiates to 1, parameters to 0 */
    mo_expr *t = MO_NEW(mo_expr);
    t->kind = MO_EX_TIME;
    double v = -1;
    CHECK(mo_sym_is_num(mo_diff_time(dae, t), &v) && v == 1);
    CHECK(mo_sym_is_num(mo_diff_time(dae, V(p)), &v) && v == 0);
    /* an alias a = -x differentiates to -der(x) */
    int a = add_var(dae, "a", MO_DV_ALIAS);
    dae->vars.v[a].alias_of = x;
    dae->vars.v[a].alias_negated = true;
    mo_expr *da = mo_diff_time(dae, V(a));
    CHECK(da && da->kind == MO_EX_UNARY && da->a[0]->kind == MO_EX_VAR && da->a[0]->var == dx);
}

/* Partial derivatives of each built-in against central differences. */
static void test_diff_var(void)
{
    mo_dae *dae = new_dae();
    int u = add_var(dae, "u", MO_DV_ALGEBRAIC), w = add_var(dae, "w", MO_DV_ALGEBRAIC);
    mo_expr *U = V(u), *W = V(w);
    mo_expr *cases[] = {
        call1("sin", raw(MO_OP_MUL, U, W)), call1("cos", U), call1("tan", U), call1("asin", raw(MO_OP_MUL, N(0.5), U)),
        call1("acos", raw(MO_OP_MUL, N(0.5), U)), call1("atan", U), call2("atan2", U, W), call1("sinh", U),
        call1("cosh", U), call1("tanh", U), call1("exp", raw(MO_OP_MUL, U, U)), call1("log", U), call1("log10", U),
        call1("sqrt", U), call1("abs", raw(MO_OP_SUB, U, W)), call2("min", U, W), call2("max", U, W),
        raw(MO_OP_POW, U, N(3)), raw(MO_OP_POW, U, W), raw(MO_OP_POW, N(2), U), raw(MO_OP_DIV, W, U),
        raw(MO_OP_DIV, U, raw(MO_OP_ADD, W, N(1))),
        mo_sym_if(L0, mo_sym_binary(L0, MO_OP_GT, U, N(0)), raw(MO_OP_MUL, U, U), W),
    };
    double val[2] = {0.8, 1.3};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        mo_expr *d = mo_diff_var(cases[k], u);
        CHECK(d != NULL);
        if (!d)
            continue;
        bool ok = true;
        double got = mo_eval(d, val, &ok);
        double h = 1e-6, a[2] = {val[0] + h, val[1]}, b[2] = {val[0] - h, val[1]};
        double fd = (mo_eval(cases[k], a, &ok) - mo_eval(cases[k], b, &ok)) / (2 * h);
        CHECK(ok);
        NEAR(got, fd, 1e-7);
    }
    /* sign has derivative 0; a variable not occurring gives 0; unknown functions fail */
    double v = 1;
    CHECK(mo_sym_is_num(mo_diff_var(call1("sign", U), u), &v) && v == 0);
    CHECK(mo_sym_is_num(mo_diff_var(call1("sin", W), u), &v) && v == 0);
    CHECK(mo_diff_var(call1("myFunction", U), u) == NULL);
}

static void test_solve_for(void)
{
    mo_dae *dae = new_dae();
    int J = add_var(dae, "J", MO_DV_PARAMETER), dw = add_var(dae, "der(w)", MO_DV_DERIVATIVE);
    int a = add_var(dae, "a", MO_DV_ALGEBRAIC), b = add_var(dae, "b", MO_DV_ALGEBRAIC);
    /* J*der(w) = a + b  ->  der(w) = (a + b)/J */
    mo_expr *s = mo_solve_for(raw(MO_OP_MUL, V(J), V(dw)), raw(MO_OP_ADD, V(a), V(b)), dw);
    CHECK(s != NULL);
    if (s) {
        CHECK(s->kind == MO_EX_BINARY && s->op == MO_OP_DIV && !mo_expr_has_var(s, dw));
        double val[4] = {2, 0, 3, 5};
        bool ok = true;
        NEAR(mo_eval(s, val, &ok), 4, 1e-15);
    }
    /* 0 = a - 2*(b - der(w))/J + 1 */
    s = mo_solve_for(N(0), raw(MO_OP_ADD, raw(MO_OP_SUB, V(a),
                       raw(MO_OP_DIV, raw(MO_OP_MUL, N(2), raw(MO_OP_SUB, V(b), V(dw))), V(J))), N(1)), dw);
    CHECK(s != NULL);
    if (s) {
        double val[4] = {4, 0, 3, 5};
        bool ok = true;
        double r = mo_eval(s, val, &ok); /* 0 = 3 - (5 - r)/2 + 1  ->  r = -3 */
        NEAR(r, -3, 1e-15);
    }
    /* nonlinear occurrences */
    CHECK(mo_solve_for(call1("sin", V(dw)), V(a), dw) == NULL);
    CHECK(mo_solve_for(raw(MO_OP_MUL, V(dw), V(dw)), V(a), dw) == NULL);
    CHECK(mo_solve_for(raw(MO_OP_DIV, V(a), V(dw)), V(b), dw) == NULL);
    /* the variable cancels: not solvable */
    CHECK(mo_solve_for(raw(MO_OP_ADD, V(dw), V(a)), V(dw), dw) == NULL);
}

/* Evaluate the torn residuals of block b at tear values z (val holds everything else). */
static void torn_residual(const mo_dae *dae, const mo_block *b, double *val, const double *z, double *F)
{
    for (int j = 0; j < b->torn->ntear; j++)
        val[b->torn->tear_vars[j]] = z[j];
    bool ok = true;
    for (int m = 0; m < b->torn->ninner; m++)
        val[b->torn->inner_vars[m]] = mo_eval(b->torn->inner_solutions[m], val, &ok);
    for (int i = 0; i < b->torn->ntear; i++) {
        const mo_deq *q = mo_block_eq(dae, &dae->ode, b->torn->res_eqs[i]);
        F[i] = mo_eval(q->lhs, val, &ok) - mo_eval(q->rhs, val, &ok);
    }
    CHECK(ok);
}

static void add_eq(mo_dae *dae, mo_expr *lhs, mo_expr *rhs)
{
    mo_deq q;
    memset(&q, 0, sizeof q);
    q.lhs = lhs;
    q.rhs = rhs;
    q.diff_of = -1;
    MO_PUSH(dae->eqs, q);
}

static void add_block(mo_dae *dae, int n, const int *eqs, const int *vars)
{
    mo_block b;
    memset(&b, 0, sizeof b);
    b.n = n;
    b.eqs = MO_NEWN(int, n);
    b.vars = MO_NEWN(int, n);
    memcpy(b.eqs, eqs, sizeof(int) * (size_t)n);
    memcpy(b.vars, vars, sizeof(int) * (size_t)n);
    MO_PUSH(dae->ode.blocks, b);
}

/* Entry (i, j) of the torn loop's Jacobian from its forward-mode form (dae.h: jac_start): one pass
 * seeded with tear variable j, at the inner variables' values in val. */
static double jacobian_entry(const mo_block *b, const double *val, int i, int j, bool *ok)
{
    int nt = b->torn->ntear, ni = b->torn->ninner;
    double dv[16];
    CHECK(nt + ni <= 16);
    for (int k = 0; k < nt; k++)
        dv[k] = k == j;
    for (int k = 0; k <= ni + i; k++) {
        double s = 0;
        for (int q = b->torn->jac_start[k]; q < b->torn->jac_start[k + 1]; q++)
            s += mo_eval(b->torn->jac_d[q], val, ok) * dv[b->torn->jac_var[q]];
        if (k < ni)
            dv[nt + k] = s;
        else if (k == ni + i)
            return s;
    }
    return 0;
}

static void check_jacobian(const mo_dae *dae, const mo_block *b, double *val)
{
    int nt = b->torn->ntear;
    CHECK(b->torn->jac_start != NULL);
    if (!b->torn->jac_start)
        return;
    double z[4], F0[4], F1[4], F2[4];
    for (int j = 0; j < nt; j++)
        z[j] = val[b->torn->tear_vars[j]];
    for (int j = 0; j < nt; j++) {
        double h = 1e-6, zp[4], zm[4];
        memcpy(zp, z, sizeof z);
        memcpy(zm, z, sizeof z);
        zp[j] += h;
        zm[j] -= h;
        torn_residual(dae, b, val, zp, F1);
        torn_residual(dae, b, val, zm, F2);
        torn_residual(dae, b, val, z, F0); /* the inner variables at z, where the Jacobian is taken */
        for (int i = 0; i < nt; i++) {
            bool ok = true;
            double Jij = jacobian_entry(b, val, i, j, &ok);
            CHECK(ok);
            NEAR(Jij, (F1[i] - F2[i]) / (2 * h), 1e-6);
        }
    }
}

static void test_dae_solve(void)
{
    mo_dae *dae = new_dae();
    int a = add_var(dae, "a", MO_DV_ALGEBRAIC), b = add_var(dae, "b", MO_DV_ALGEBRAIC);
    int c = add_var(dae, "c", MO_DV_ALGEBRAIC), k = add_var(dae, "k", MO_DV_PARAMETER);
    int d = add_var(dae, "d", MO_DV_ALGEBRAIC), e = add_var(dae, "e", MO_DV_ALGEBRAIC);
    int f = add_var(dae, "f", MO_DV_ALGEBRAIC);
    /* block 0: explicit  k*f = 3 */
    add_eq(dae, raw(MO_OP_MUL, V(k), V(f)), N(3));
    /* block 1: nonlinear 3x3 loop  a + b = 1, b - c = 2, c*c + a = 5 */
    add_eq(dae, raw(MO_OP_ADD, V(a), V(b)), N(1));
    add_eq(dae, raw(MO_OP_SUB, V(b), V(c)), N(2));
    add_eq(dae, raw(MO_OP_ADD, raw(MO_OP_MUL, V(c), V(c)), V(a)), N(5));
    /* block 2: linear 2x2  k*d + e = 1, d - e = sin(f)   (coefficients free of d, e) */
    add_eq(dae, raw(MO_OP_ADD, raw(MO_OP_MUL, V(k), V(d)), V(e)), N(1));
    add_eq(dae, raw(MO_OP_SUB, V(d), V(e)), call1("sin", V(f)));
    add_block(dae, 1, (int[]){0}, (int[]){f});
    add_block(dae, 3, (int[]){1, 2, 3}, (int[]){a, b, c});
    add_block(dae, 2, (int[]){4, 5}, (int[]){d, e});
    /* block 3: 1x1 nonlinear  exp(g*g) = d + 3 */
    int g = add_var(dae, "g", MO_DV_ALGEBRAIC);
    add_eq(dae, call1("exp", raw(MO_OP_MUL, V(g), V(g))), raw(MO_OP_ADD, V(d), N(3)));
    add_block(dae, 1, (int[]){6}, (int[]){g});
    CHECK(mo_dae_solve(dae) == 0);

    mo_block *B = dae->ode.blocks.v;
    CHECK(B[0].kind == MO_BLOCK_EXPLICIT && B[0].solution);
    CHECK(B[1].kind == MO_BLOCK_NONLINEAR);
    CHECK(B[1].torn->ntear == 1 && B[1].torn->ninner == 2);
    CHECK(B[2].kind == MO_BLOCK_LINEAR);
    CHECK(B[2].torn->ntear == 1 && B[2].torn->ninner == 1);
    CHECK(B[3].kind == MO_BLOCK_NONLINEAR && B[3].torn->ntear == 1 && B[3].torn->ninner == 0);
    CHECK(B[3].torn->tear_vars[0] == g && B[3].torn->res_eqs[0] == 6);

    double val[8] = {0};
    val[k] = 2;
    bool ok = true;
    val[f] = mo_eval(B[0].solution, val, &ok);
    NEAR(val[f], 1.5, 1e-15);
    val[a] = 0.3; val[b] = -0.2; val[c] = 0.9; val[d] = 0.1; val[e] = 0.4; val[g] = 0.7;
    check_jacobian(dae, &B[1], val);
    check_jacobian(dae, &B[2], val);
    check_jacobian(dae, &B[3], val);
    /* the residual count always equals the tear count, and inner + tear = all unknowns */
    for (int i = 0; i < 4; i++)
        if (B[i].kind != MO_BLOCK_EXPLICIT)
            CHECK(B[i].torn->ntear + B[i].torn->ninner == B[i].n);
}

int main(void)
{
    mo_loc none = {0};
    L0 = none;
    test_simplify();
    test_diff_time();
    test_diff_var();
    test_solve_for();
    test_dae_solve();
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
