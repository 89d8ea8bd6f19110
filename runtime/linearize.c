/*
 * linearize.c - -l=T: the model linearized around its state at time T, written as OpenModelica writes
 * it, to linearized_model.mo (in -outputPath's directory when given):
 *     der(x) = A * x + B * u,  y = C * x + D * u
 * with x the states, u the top-level inputs, y the top-level outputs, and the matrices the partial
 * derivatives of the derivatives and the outputs at (x0, u0), the point the simulation reached at T.
 *
 * Input: the mo2c_data after the run to T (d->x, d->time; the relations frozen as they are there).
 * Output: the file, a line on stdout naming it; 0, or -1 after the message.
 *
 * The derivatives are central differences of the model's own functions (rhs and outputs) with steps
 * 1e-6 * max(1, |v|), the inputs held at chosen values meanwhile (inputs.c): second-order accurate,
 * errors near 1e-10 relative for smooth models, and the same code path for A, B, C and D. Names are
 * written as quoted identifiers ('x_inertia1.phi'), with ' and \ escaped.
 */
#include "rt_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct lin {
    mo2c_data *d;
    double t;
    int nx, nu, ny;
    const mo2c_var_info **out;  /* the outputs' variables */
    double *f, *y;              /* one evaluation: derivatives and outputs */
} lin;

/* The value of variable v after rhs(d, t, x, f) and outputs(d, t, x). */
static double value_of(const lin *L, const mo2c_var_info *v, const double *x)
{
    const mo2c_data *d = L->d;
    double r;
    switch (v->source) {
    case MO2C_SRC_STATE: r = x[v->index]; break;
    case MO2C_SRC_DER: r = L->f[v->index]; break;
    case MO2C_SRC_ALG: r = d->y[v->index]; break;
    case MO2C_SRC_PARAM: r = d->p[v->index]; break;
    default: r = v->value; break;
    }
    return v->negated ? -r : r;
}

/* Derivatives into L->f and outputs into L->y at (x, u). */
static int eval(lin *L, const double *x, const double *u)
{
    mo2c_data *d = L->d;
    const mo2c_model *m = d->model;
    mo2c_rt_inputs_hold(d, u);
    if (m->rhs(d, L->t, x, L->f) != 0 || (m->outputs && m->outputs(d, L->t, x) != 0)) {
        fprintf(stderr, "error: at time %.16g: linearizing: %s\n", L->t, d->error[0] ? d->error : "the model failed");
        return -1;
    }
    for (int i = 0; i < L->ny; i++)
        L->y[i] = value_of(L, L->out[i], x);
    return 0;
}

/* Column j of [A; C] (which = 0, perturbing x[j]) or of [B; D] (which = 1, perturbing u[j]) into
 * colf (nx) and coly (ny). */
static int column(lin *L, double *x, double *u, int which, int j, double *colf, double *coly)
{
    double *v = which == 0 ? &x[j] : &u[j], keep = *v;
    double h = 1e-6 * fmax(1.0, fabs(keep)), up = keep + h, down = keep - h;
    double *fp = colf, *yp = coly;
    *v = up;
    if (eval(L, x, u) != 0)
        return -1;
    memcpy(fp, L->f, sizeof(double) * (size_t)L->nx);
    memcpy(yp, L->y, sizeof(double) * (size_t)L->ny);
    *v = down;
    if (eval(L, x, u) != 0)
        return -1;
    *v = keep;
    for (int i = 0; i < L->nx; i++)
        colf[i] = (fp[i] - L->f[i]) / (up - down);
    for (int i = 0; i < L->ny; i++)
        coly[i] = (yp[i] - L->y[i]) / (up - down);
    return 0;
}

static void put_real(FILE *f, double v)
{
    char buf[40];
    buf[mo2c_rt_format_real(buf, v)] = '\0';
    fputs(buf, f);
}

/* A quoted identifier 'prefix_name' (spec 2.3.1: ' and \ escaped). */
static void put_qname(FILE *f, const char *prefix, const char *name)
{
    fprintf(f, "'%s_", prefix);
    for (const char *p = name; *p; p++) {
        if (*p == '\'' || *p == '\\')
            fputc('\\', f);
        fputc(*p, f);
    }
    fputc('\'', f);
}

/* {v1, v2} or zeros(0) */
static void put_vector(FILE *f, const double *v, int n)
{
    if (n == 0) {
        fputs("zeros(0)", f);
        return;
    }
    fputc('{', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        put_real(f, v[i]);
    }
    fputc('}', f);
}

/* "  parameter Real A[n, n] =\n\t[a, b;\n\tc, d];" from a column-major rows x cols matrix, or zeros */
static void put_matrix(FILE *f, const char *name, const char *dims, const double *a, int rows, int cols)
{
    fprintf(f, "  parameter Real %s[%s] =", name, dims);
    if (rows == 0 || cols == 0) {
        fprintf(f, " zeros(%s);\n\n", dims);
        return;
    }
    fputs("\n\t[", f);
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            if (j)
                fputs(", ", f);
            put_real(f, a[(size_t)j * (size_t)rows + (size_t)i]);
        }
        fputs(i + 1 < rows ? ";\n\t" : "];\n\n", f);
    }
}

int mo2c_rt_linearize(mo2c_data *d, const mo2c_rt_opts *o)
{
    const mo2c_model *m = d->model;
    lin L = {d, d->time, m->nx, m->ninputs, m->noutputs, NULL, NULL, NULL};
    int rc = -1;
    size_t nx = (size_t)L.nx, nu = (size_t)L.nu, ny = (size_t)L.ny;
    L.out = calloc(ny + 1, sizeof *L.out);
    L.f = calloc(nx + 1, sizeof(double));
    L.y = calloc(ny + 1, sizeof(double));
    double *x = calloc(nx + 1, sizeof(double)), *u = calloc(nu + 1, sizeof(double));
    double *A = calloc(nx * nx + 1, sizeof(double)), *B = calloc(nx * nu + 1, sizeof(double));
    double *C = calloc(ny * nx + 1, sizeof(double)), *D = calloc(ny * nu + 1, sizeof(double));
    char *path = NULL;
    FILE *f = NULL;
    if (!L.out || !L.f || !L.y || !x || !u || !A || !B || !C || !D) {
        fprintf(stderr, "error: out of memory\n");
        goto out;
    }
    int *index = mo2c_rt_name_index(m);
    for (int i = 0; i < L.ny; i++) {
        int k = index ? mo2c_rt_name_find(m, index, m->output_names[i]) : -1;
        if (k < 0) {
            fprintf(stderr, "error: linearizing: the output '%s' is no result variable\n", m->output_names[i]);
            free(index);
            goto out;
        }
        L.out[i] = &m->vars[k];
    }
    free(index);
    memcpy(x, d->x, sizeof(double) * nx);
    for (int k = 0; k < L.nu; k++)
        u[k] = mo2c_input(d, k, L.t);
    for (int j = 0; j < L.nx; j++)
        if (column(&L, x, u, 0, j, A + (size_t)j * nx, C + (size_t)j * ny) != 0)
            goto out;
    for (int j = 0; j < L.nu; j++)
        if (column(&L, x, u, 1, j, B + (size_t)j * nx, D + (size_t)j * ny) != 0)
            goto out;

    const char *dir = o->output_path;
    size_t len = (dir ? strlen(dir) + 1 : 0) + sizeof "linearized_model.mo";
    path = malloc(len);
    if (path)
        snprintf(path, len, "%s%slinearized_model.mo", dir ? dir : "", dir ? "/" : "");
    if (!path || !(f = fopen(path, "w"))) {
        fprintf(stderr, "error: cannot write '%s': %s\n", path ? path : "linearized_model.mo", strerror(errno));
        goto out;
    }
    fputs("model linearized_model \"", f);
    for (const char *p = m->name; *p; p++)
        fprintf(f, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
    fprintf(f, "\"\n  parameter Integer n = %d \"number of states\";\n  parameter Integer m = %d \"number of "
               "inputs\";\n  parameter Integer p = %d \"number of outputs\";\n", L.nx, L.nu, L.ny);
    fputs("  parameter Real x0[n] = ", f);
    put_vector(f, x, L.nx);
    fputs(";\n  parameter Real u0[m] = ", f);
    put_vector(f, u, L.nu);
    fputs(";\n\n", f);
    put_matrix(f, "A", "n, n", A, L.nx, L.nx);
    put_matrix(f, "B", "n, m", B, L.nx, L.nu);
    put_matrix(f, "C", "p, n", C, L.ny, L.nx);
    put_matrix(f, "D", "p, m", D, L.ny, L.nu);
    fprintf(f, "\n  Real x[n]%s;\n  input Real u[m]%s;\n  output Real y[p];\n\n", L.nx ? "(start=x0)" : "",
            L.nu ? "(start=u0)" : "");
    /* each state by the first variable stored in it, the first one -override takes if any */
    const char **sname = calloc(nx + 1, sizeof *sname);
    unsigned char *by_override = calloc(nx + 1, 1);
    for (int k = 0; sname && by_override && k < m->nvars; k++) {
        const mo2c_var_info *v = &m->vars[k];
        if (v->source != MO2C_SRC_STATE || v->negated || v->index < 0 || v->index >= L.nx ||
            by_override[v->index])
            continue;
        if (v->overridable || !sname[v->index])
            sname[v->index] = v->name;
        by_override[v->index] = (unsigned char)v->overridable;
    }
    free(by_override);
    for (int i = 0; i < L.nx; i++) {
        fputs("  Real ", f);
        put_qname(f, "x", sname && sname[i] ? sname[i] : "?");
        fprintf(f, " = x[%d];\n", i + 1);
    }
    for (int i = 0; i < L.nu; i++) {
        fputs("  Real ", f);
        put_qname(f, "u", m->input_names[i]);
        fprintf(f, " = u[%d];\n", i + 1);
    }
    for (int i = 0; i < L.ny; i++) {
        fputs("  Real ", f);
        put_qname(f, "y", m->output_names[i]);
        fprintf(f, " = y[%d];\n", i + 1);
    }
    free(sname);
    fputs("equation\n  der(x) = A * x + B * u;\n  y = C * x + D * u;\nend linearized_model;\n", f);
    if (ferror(f) | fclose(f)) {
        f = NULL;
        fprintf(stderr, "error: writing '%s' failed\n", path);
        goto out;
    }
    f = NULL;
    printf("The linear model at time %.16g was written to '%s'.\n", L.t, path);
    rc = 0;
out:
    mo2c_rt_inputs_hold(d, NULL);
    if (f)
        fclose(f);
    free(path);
    free(L.out);
    free(L.f);
    free(L.y);
    free(x);
    free(u);
    free(A);
    free(B);
    free(C);
    free(D);
    return rc;
}
