/*
 * test_sym_codegen.c - code generation end to end on a hand-built DAE, independent of the front end:
 * mo_dae_solve + mo_codegen + mo_build_executable, then the simulator is run and its CSV checked.
 *
 * The model is a damped oscillator x'' + c x' + k x = 0 (k = 4, c = 0.5, x(0) = 1, x'(0) = 0) written
 * with a linear 2x2 algebraic loop (g + h = f, g - h = 0), a nonlinear 1x1 equation (q^3 + q = f), a
 * negated alias, and a checked division r = 1/(k - 3). Variable names and descriptions are hostile
 * ('a*\/ b', '"x"', descriptions with comment delimiters, quotes, ?\?= trigraphs, a backslash before a
 * newline and non-ASCII bytes). The generated C must compile with -Wall -Wextra -Wpedantic -Werror;
 * x(t) is compared with the closed form e^(-t/4) (cos(wd t) + sin(wd t) / (4 wd)), wd = sqrt(4 - 1/16);
 * -override=k=3 must stop the run with a division-by-zero message naming the equation.
 */
#include "sym.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)

static mo_loc L0;
static mo_flat flat;
static mo_dae dae;
static mo_file *src;

static int add_var(const char *name, mo_dkind kind, int slot, const char *comment, const char *unit,
                   mo_variability var)
{
    mo_var fv;
    memset(&fv, 0, sizeof fv);
    fv.name = mo_intern_cstr(name);
    fv.attr = &mo_var_attr_none;
    mo_var_attr *a = mo_var_attr_mut(&fv);
    a->comment = comment;
    a->unit = unit;
    a->loc = L0;
    fv.variability = var;
    fv.type = MO_T_REAL;
    MO_PUSH(flat.vars, fv);
    mo_dvar v;
    memset(&v, 0, sizeof v);
    v.name = fv.name;
    v.flat = flat.vars.n - 1;
    v.kind = kind;
    v.der = v.der_of = v.alias_of = -1;
    v.slot = slot;
    MO_PUSH(dae.vars, v);
    return dae.vars.n - 1;
}

static int add_der(int of, int slot)
{
    mo_dvar v;
    memset(&v, 0, sizeof v);
    v.name = mo_intern_cstr(mo_sprintf("der(%s)", dae.vars.v[of].name));
    v.flat = -1;
    v.kind = MO_DV_DERIVATIVE;
    v.der = v.alias_of = -1;
    v.der_of = of;
    v.slot = slot;
    MO_PUSH(dae.vars, v);
    dae.vars.v[of].der = dae.vars.n - 1;
    return dae.vars.n - 1;
}

static mo_expr *V(int v) { return mo_sym_var(L0, v); }
static mo_expr *N(double x) { return mo_sym_num(L0, x); }
static mo_expr *B(mo_op op, mo_expr *a, mo_expr *b)
{
    mo_expr *e = MO_NEW(mo_expr);
    e->kind = MO_EX_BINARY;
    e->op = op;
    e->n = 2;
    e->a = MO_NEWN(mo_expr *, 2);
    e->a[0] = a;
    e->a[1] = b;
    e->loc = L0;
    return e;
}

static int add_eq(bool initial, int line, mo_expr *lhs, mo_expr *rhs)
{
    mo_deq q;
    memset(&q, 0, sizeof q);
    q.lhs = lhs;
    q.rhs = rhs;
    q.loc = L0;
    q.loc.line = line;
    q.loc.col = 3;
    q.instance = "'a*/ b'.sub";
    q.diff_of = -1;
    if (initial) {
        MO_PUSH(dae.init_eqs, q);
        return -1; /* numbered after all of dae.eqs: fixed up by the caller */
    }
    MO_PUSH(dae.eqs, q);
    return dae.eqs.n - 1;
}

static void block(mo_system *sys, int n, const int *eqs, const int *vars)
{
    mo_block b;
    memset(&b, 0, sizeof b);
    b.n = n;
    b.eqs = MO_NEWN(int, n);
    b.vars = MO_NEWN(int, n);
    memcpy(b.eqs, eqs, sizeof(int) * (size_t)n);
    memcpy(b.vars, vars, sizeof(int) * (size_t)n);
    MO_PUSH(sys->blocks, b);
}

static int run(const char *cmd)
{
    int rc = system(cmd);
    return rc;
}

int main(void)
{
    const char *build = getenv("BUILD");
    if (!build)
        build = "../../build";
    const char *out = getenv("OUT");
    if (!out)
        out = "/tmp";
    src = mo_file_from_string("models/We\"ird */ dir/M.mo", "model M\n  equation\n  x = 1;\nend M;\n");
    L0.file = src;
    L0.line = 3;
    L0.col = 3;

    flat.name = mo_intern_cstr("Test.'a*/ b'.M");
    flat.comment = "a \"model\" */ /* ?\?= \\\n\x01\xc3\xa9";
    flat.experiment.has_stop = true;
    flat.experiment.stop = 3;
    flat.experiment.has_interval = true;
    flat.experiment.interval = 0.01;
    dae.flat = &flat;

    int x = add_var("'a*/ b'", MO_DV_STATE, 0, "position */ int injected = 1; /* ?\?= \" \\", "m",
                    MO_VAR_CONTINUOUS);
    int v = add_var("'\"x\"'", MO_DV_STATE, 1, "velocity\n#error no\n", "m/s", MO_VAR_CONTINUOUS);
    int k = add_var("k", MO_DV_PARAMETER, 0, "stiffness ?\?/", "N/m", MO_VAR_PARAMETER);
    int c = add_var("c", MO_DV_PARAMETER, 1, "", "", MO_VAR_PARAMETER);
    int f = add_var("f", MO_DV_ALGEBRAIC, 0, NULL, NULL, MO_VAR_CONTINUOUS);
    int g = add_var("g", MO_DV_ALGEBRAIC, 1, NULL, NULL, MO_VAR_CONTINUOUS);
    int h = add_var("h", MO_DV_ALGEBRAIC, 2, NULL, NULL, MO_VAR_CONTINUOUS);
    int q = add_var("q", MO_DV_ALGEBRAIC, 3, NULL, NULL, MO_VAR_CONTINUOUS);
    int r = add_var("r", MO_DV_ALGEBRAIC, 4, NULL, NULL, MO_VAR_CONTINUOUS);
    int w = add_var("w\\", MO_DV_ALIAS, -1, "minus velocity", NULL, MO_VAR_CONTINUOUS);
    dae.vars.v[w].alias_of = v;
    dae.vars.v[w].alias_negated = true;
    flat.vars.v[k].binding = N(4);
    flat.vars.v[c].binding = B(MO_OP_DIV, N(1), N(2));
    dae.vars.v[x].start = N(1);
    dae.vars.v[x].fixed = dae.vars.v[v].fixed = true;
    int dx = add_der(x, 0), dv = add_der(v, 1);
    dae.nx = 2;
    dae.ny = 5;
    dae.np = 2;

    int e0 = add_eq(false, 3, V(dx), V(v));
    int e1 = add_eq(false, 4, V(f), B(MO_OP_SUB, mo_sym_neg(B(MO_OP_MUL, V(k), V(x))), B(MO_OP_MUL, V(c), V(v))));
    int e2 = add_eq(false, 5, B(MO_OP_ADD, V(g), V(h)), V(f));
    int e3 = add_eq(false, 6, B(MO_OP_SUB, V(g), V(h)), N(0));
    int e4 = add_eq(false, 7, V(dv), B(MO_OP_ADD, V(g), V(h)));
    int e5 = add_eq(false, 8, B(MO_OP_ADD, B(MO_OP_POW, V(q), N(3)), V(q)), V(f));
    /* r = 1/(k - 3) written as (k - 3)*r = 1: solving it divides by a parameter expression */
    int e6 = add_eq(false, 9, B(MO_OP_MUL, B(MO_OP_SUB, V(k), N(3)), V(r)), N(1));
    add_eq(true, 10, V(x), N(1));
    add_eq(true, 11, V(v), N(0));
    int i0 = dae.eqs.n, i1 = dae.eqs.n + 1;

    mo_system *systems[2] = {&dae.ode, &dae.init};
    for (int s = 0; s < 2; s++) {
        if (s == 1) {
            block(&dae.init, 1, (int[]){i0}, (int[]){x});
            block(&dae.init, 1, (int[]){i1}, (int[]){v});
        }
        block(systems[s], 1, (int[]){e1}, (int[]){f});
        block(systems[s], 2, (int[]){e2, e3}, (int[]){g, h});
        block(systems[s], 1, (int[]){e4}, (int[]){dv});
        block(systems[s], 1, (int[]){e0}, (int[]){dx});
        block(systems[s], 1, (int[]){e5}, (int[]){q});
        block(systems[s], 1, (int[]){e6}, (int[]){r});
    }
    int order[2] = {k, c};
    dae.param_order = order;
    dae.nparam_order = 2;

    CHECK(mo_dae_solve(&dae) == 0);
    CHECK(dae.ode.blocks.v[1].kind == MO_BLOCK_LINEAR);
    CHECK(dae.ode.blocks.v[4].kind == MO_BLOCK_NONLINEAR);
    CHECK(dae.ode.blocks.v[5].kind == MO_BLOCK_EXPLICIT);

    const char *cfile = mo_sprintf("%s/sym_codegen.c", out);
    FILE *fp = fopen(cfile, "w");
    CHECK(fp != NULL);
    if (!fp)
        return 1;
    CHECK(mo_codegen(fp, &dae) == 0);
    fclose(fp);

    /* warning-free under the strictest flags */
    const char *cc = mo_sprintf("cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -I%s/../runtime -c -o %s/sym_codegen.o '%s'",
                                build, out, cfile);
    CHECK(run(cc) == 0);
    /* nothing from the model reached the code outside literals and comments */
    char *text = NULL;
    {
        FILE *rf = fopen(cfile, "r");
        mo_buf b = {0};
        char tmp[4096];
        size_t n;
        while (rf && (n = fread(tmp, 1, sizeof tmp, rf)) > 0)
            mo_buf_putn(&b, tmp, n);
        if (rf)
            fclose(rf);
        text = (char *)mo_buf_str(&b);
    }
    CHECK(strstr(text, "\n#error") == NULL);            /* a description's newline did not survive */
    CHECK(strstr(text, "?\?=") == NULL && strstr(text, "?\?/") == NULL); /* no trigraph anywhere */
    CHECK(strstr(text, "\"position */ int injected") != NULL); /* only ever inside a literal */
    CHECK(strstr(text, "\"'a*/ b'\"") != NULL);         /* the name is intact inside its literal */

    const char *exe = mo_sprintf("%s/sym_codegen_sim", out);
    /* mo_build_executable finds the runtime beside the mo2c executable: give it that path */
    CHECK(mo_build_executable(cfile, exe, mo_sprintf("%s/mo2c", build)) == 0);
    const char *res = mo_sprintf("%s/sym_codegen_res.csv", out);
    CHECK(run(mo_sprintf("cd %s && ./sym_codegen_sim -r=%s -outputFormat=csv > /dev/null", out, res)) == 0);

    FILE *rf = fopen(res, "r");
    CHECK(rf != NULL);
    if (rf) {
        char line[8192];
        int col_x = -1, col_q = -1, col_f = -1, col_w = -1, col_v = -1, rows = 0;
        double maxerr = 0, maxq = 0, maxw = 0;
        if (fgets(line, sizeof line, rf)) {
            int col = 0;
            for (char *tok = strtok(line, ",\n"); tok; tok = strtok(NULL, ",\n"), col++) {
                if (!strcmp(tok, "\"'a*/ b'\"")) col_x = col;
                if (!strcmp(tok, "\"q\"")) col_q = col;
                if (!strcmp(tok, "\"f\"")) col_f = col;
                if (!strcmp(tok, "\"w\\\"")) col_w = col;
                if (!strcmp(tok, "\"'\"x\"'\"")) col_v = col;
            }
        }
        CHECK(col_x > 0 && col_q > 0 && col_f > 0);
        double wd = sqrt(4 - 1.0 / 16);
        while (fgets(line, sizeof line, rf)) {
            double val[32] = {0};
            int col = 0;
            for (char *tok = strtok(line, ",\n"); tok && col < 32; tok = strtok(NULL, ",\n"), col++)
                val[col] = strtod(tok, NULL);
            double t = val[0];
            double xe = exp(-t / 4) * (cos(wd * t) + sin(wd * t) / (4 * wd));
            if (col_x > 0 && fabs(val[col_x] - xe) > maxerr) maxerr = fabs(val[col_x] - xe);
            if (col_q > 0) {
                double qq = val[col_q], ff = val[col_f];
                if (fabs(qq * qq * qq + qq - ff) > maxq) maxq = fabs(qq * qq * qq + qq - ff);
            }
            if (col_w > 0 && col_v > 0 && fabs(val[col_w] + val[col_v]) > maxw)
                maxw = fabs(val[col_w] + val[col_v]);
            rows++;
        }
        fclose(rf);
        CHECK(rows >= 300);
        CHECK(maxerr < 1e-4);
        CHECK(maxq < 1e-8);
        CHECK(col_w > 0 && maxw == 0);
        if (maxerr >= 1e-4 || maxq >= 1e-8)
            fprintf(stderr, "max |x - exact| = %g, max |q^3 + q - f| = %g\n", maxerr, maxq);
    }
    /* k = 3 makes (k - 3)*r = 1 unsolvable: the run stops naming the equation */
    const char *errf = mo_sprintf("%s/sym_codegen_err.txt", out);
    int rc = run(mo_sprintf("cd %s && ./sym_codegen_sim -override=k=3 -outputFormat=csv -r=%s.csv > %s 2>&1",
                            out, errf, errf));
    CHECK(rc != 0);
    FILE *ef = fopen(errf, "r");
    char msg[8192] = "";
    if (ef) {
        size_t n = fread(msg, 1, sizeof msg - 1, ef);
        msg[n] = '\0';
        fclose(ef);
    }
    CHECK(strstr(msg, "M.mo:9:") != NULL);
    if (!strstr(msg, "M.mo:9:"))
        fprintf(stderr, "run output was: %s\n", msg);
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
