/*
 * lib_ref.c - reference results of the bundled library's examples, computed outside mo2c from the
 * hand-derived equations in lib_ref_mech.c and lib_ref_other.c (see lib_ref.h for how a model is
 * described).
 *
 *   lib_ref --list                 the model names, one per line
 *   lib_ref MODEL DIR              write DIR/M.csv and DIR/comparisonSignals.txt (M = last name)
 *   lib_ref --all ROOT             every model into ROOT/A/B/M/ (the regression layout; the directories
 *                                  must exist)
 *
 * Output grid: t_i = stop * i / n, i = 0..n, with n = 2 (stop - start) / Interval (half the model's
 * Interval, as the Modelica Association's references); a grid time at which a source switches gets two
 * rows, the one just before the event and the one after. Values are printed with 17 significant digits.
 *
 * Self-test (exit status 1 when it fails): every description of a model (closed form, matrix
 * exponential of the augmented linear system, rk8pd at 1e-12; for a nonlinear model, whose reference
 * is rk8pd at 1e-12, a second method: GSL's Cash-Karp rkck at 1e-11) agrees with the reference on the
 * physical states to 1e-8 (1 + max |x|) at every output time.
 */
#include "lib_ref.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The trajectory of one description: x at every output time, (n + 1) x nx, row-major. */
typedef struct traj { double *x; } traj;

/* The phase that owns time t: a phase owns its start time (a step source has switched at t_k). */
static int phase_of(const lr_model *m, double t)
{
    int k = 0;
    while (k + 1 < m->nphase && t >= m->tph[k + 1])
        k++;
    return k;
}

static double grid_t(const lr_model *m, int i)
{
    return m->stop * i / m->n;
}

static void by_exact(const lr_model *m, double *out)
{
    for (int i = 0; i <= m->n; i++)
        m->exact(grid_t(m, i), out + (size_t)i * m->nx);
}

/* x(t) = expm(A (t - t_k)) x(t_k) within each phase; x(t_k) carries over from the previous phase and
 * then gets the new phase's source states. */
static void by_expm(const lr_model *m, double *out)
{
    int nx = m->nx;
    gsl_matrix *A = gsl_matrix_alloc((size_t)nx, (size_t)nx), *At = gsl_matrix_alloc((size_t)nx, (size_t)nx),
               *E = gsl_matrix_alloc((size_t)nx, (size_t)nx);
    double a[LR_MAXX * LR_MAXX] = {0}, xk[LR_MAXX], tk = 0;
    m->matrix(a);
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < nx; j++)
            gsl_matrix_set(A, (size_t)i, (size_t)j, a[i * nx + j]);
    memcpy(xk, m->x0, sizeof(double) * (size_t)nx);
    if (m->jump)
        m->jump(0, 0, xk);
    int k = 0;
    for (int i = 0; i <= m->n; i++) {
        double t = grid_t(m, i);
        while (k + 1 < m->nphase && t >= m->tph[k + 1]) {
            /* advance the phase's start state to the next phase's start */
            double h = m->tph[k + 1] - tk, x[LR_MAXX];
            gsl_matrix_memcpy(At, A);
            gsl_matrix_scale(At, h);
            gsl_linalg_exponential_ss(At, E, GSL_PREC_DOUBLE);
            for (int r = 0; r < nx; r++) {
                x[r] = 0;
                for (int c = 0; c < nx; c++)
                    x[r] += gsl_matrix_get(E, (size_t)r, (size_t)c) * xk[c];
            }
            k++;
            tk = m->tph[k];
            memcpy(xk, x, sizeof x);
            if (m->jump)
                m->jump(k, tk, xk);
        }
        gsl_matrix_memcpy(At, A);
        gsl_matrix_scale(At, t - tk);
        gsl_linalg_exponential_ss(At, E, GSL_PREC_DOUBLE);
        double *x = out + (size_t)i * nx;
        for (int r = 0; r < nx; r++) {
            x[r] = 0;
            for (int c = 0; c < nx; c++)
                x[r] += gsl_matrix_get(E, (size_t)r, (size_t)c) * xk[c];
        }
    }
    gsl_matrix_free(A);
    gsl_matrix_free(At);
    gsl_matrix_free(E);
}

typedef struct rk_ctx { const lr_model *m; int k; } rk_ctx;

static int rk_rhs(double t, const double x[], double dx[], void *p)
{
    const rk_ctx *c = p;
    c->m->rhs(c->k, t, x, dx);
    return GSL_SUCCESS;
}

/* A GSL Runge-Kutta method (rk8pd for references, rkck to check rk8pd) over the physical states only,
 * restarted at every phase start so that no step straddles a source's discontinuity; the source states
 * are filled in from the closed-form jump for the output. */
static int by_rk(const lr_model *m, const gsl_odeiv2_step_type *type, double tol, double *out)
{
    rk_ctx c = {m, 0};
    gsl_odeiv2_system sys = {rk_rhs, NULL, (size_t)m->np, &c};
    gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, type, 1e-6, tol, tol);
    double x[LR_MAXX], t = 0;
    memcpy(x, m->x0, sizeof(double) * (size_t)m->nx);
    for (int i = 0; i <= m->n; i++) {
        double ti = grid_t(m, i);
        for (;;) {
            bool next = c.k + 1 < m->nphase && ti >= m->tph[c.k + 1];
            double target = next ? m->tph[c.k + 1] : ti;
            if (target > t) {
                int rc = gsl_odeiv2_driver_apply(d, &t, target, x);
                if (rc != GSL_SUCCESS) {
                    fprintf(stderr, "lib_ref: %s: %s failed at t=%g: %s\n", m->name, type->name, t,
                            gsl_strerror(rc));
                    gsl_odeiv2_driver_free(d);
                    return 1;
                }
            }
            if (!next)
                break;
            c.k++;
            t = m->tph[c.k];
            gsl_odeiv2_driver_reset(d);
        }
        double *o = out + (size_t)i * m->nx;
        memcpy(o, x, sizeof(double) * (size_t)m->nx);
        if (m->jump)
            m->jump(c.k, ti, o); /* the source states' values at ti (unused by rhs) */
    }
    gsl_odeiv2_driver_free(d);
    return 0;
}

/* Largest difference on the physical states, relative to 1 + max |x| of the reference. */
static double deviation(const lr_model *m, const double *ref, const double *other)
{
    double scale = 0, worst = 0;
    for (int i = 0; i <= m->n; i++)
        for (int j = 0; j < m->np; j++) {
            size_t at = (size_t)i * m->nx + (size_t)j;
            scale = fmax(scale, fabs(ref[at]));
            double dif = fabs(ref[at] - other[at]);
            worst = isnan(dif) ? INFINITY : fmax(worst, dif);
        }
    return worst / (1 + scale);
}

static const char *last_name(const char *full)
{
    const char *dot = strrchr(full, '.');
    return dot ? dot + 1 : full;
}

static int write_model(const lr_model *m, const char *dir)
{
    size_t rows = (size_t)m->n + 1, nx = (size_t)m->nx;
    double *ref = calloc(rows * nx, sizeof(double)), *other = calloc(rows * nx, sizeof(double));
    if (!ref || !other)
        return 1;
    const char *method;
    int status = 0;
    if (m->exact) {
        method = "closed form";
        by_exact(m, ref);
    } else if (m->matrix) {
        method = "matrix exponential";
        by_expm(m, ref);
    } else {
        method = "rk8pd 1e-12";
        status |= by_rk(m, gsl_odeiv2_step_rk8pd, 1e-12, ref);
    }
    /* the self-test: every other description against the reference */
    char checks[200] = "";
    if (m->exact && m->matrix) {
        by_expm(m, other);
        double d = deviation(m, ref, other);
        snprintf(checks + strlen(checks), sizeof checks - strlen(checks), " expm %.1e", d);
        status |= !(d < 1e-8);
    }
    bool lin = m->exact || m->matrix;
    status |= by_rk(m, lin ? gsl_odeiv2_step_rk8pd : gsl_odeiv2_step_rkck, lin ? 1e-12 : 1e-11, other);
    double d = deviation(m, ref, other);
    snprintf(checks + strlen(checks), sizeof checks - strlen(checks), " %s %.1e",
             lin ? "rk8pd 1e-12" : "rkck 1e-11", d);
    status |= !(d < 1e-8);
    if (status) {
        fprintf(stderr, "lib_ref: %s: self-test failed:%s\n", m->name, checks);
        free(ref);
        free(other);
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.csv", dir, last_name(m->name));
    FILE *f = fopen(path, "w");
    snprintf(path, sizeof path, "%s/comparisonSignals.txt", dir);
    FILE *s = fopen(path, "w");
    if (!f || !s) {
        perror(path);
        return 1;
    }
    fputs("\"time\"", f);
    fputs("time\n", s);
    for (int j = 0; j < m->ny; j++) {
        fprintf(f, ",\"%s\"", m->cols[j]);
        fprintf(s, "%s\n", m->cols[j]);
    }
    fputc('\n', f);
    for (int i = 0; i <= m->n; i++) {
        double t = grid_t(m, i), dx[LR_MAXX] = {0}, y[LR_MAXY];
        const double *x = ref + (size_t)i * nx;
        int k = phase_of(m, t);
        if (k > 0 && t == m->tph[k]) {
            /* an event on the grid: the row just before it too (same time, the previous phase's
             * sources), as simulators and the Modelica Association's references write events */
            double xpre[LR_MAXX], dxpre[LR_MAXX] = {0};
            memcpy(xpre, x, sizeof(double) * (size_t)nx);
            if (m->jump)
                m->jump(k - 1, t, xpre);
            m->rhs(k - 1, t, xpre, dxpre);
            m->out(k - 1, t, xpre, dxpre, y);
            fprintf(f, "%.17g", t);
            for (int j = 0; j < m->ny; j++)
                fprintf(f, ",%.17g", y[j]);
            fputc('\n', f);
        }
        m->rhs(k, t, x, dx);
        m->out(k, t, x, dx, y);
        fprintf(f, "%.17g", t);
        for (int j = 0; j < m->ny; j++)
            fprintf(f, ",%.17g", y[j]);
        fputc('\n', f);
    }
    fclose(f);
    fclose(s);
    fprintf(stderr, "lib_ref: %s: %d rows by %s; self-test:%s\n", m->name, m->n + 1, method, checks);
    free(ref);
    free(other);
    return 0;
}

static const lr_model *const *const tables[] = {lr_mech_models, lr_other_models};

static const lr_model *find(const char *name)
{
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++)
        for (const lr_model *const *m = tables[t]; *m; m++)
            if (strcmp((*m)->name, name) == 0)
                return *m;
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t t = 0; t < sizeof tables / sizeof *tables; t++)
            for (const lr_model *const *m = tables[t]; *m; m++)
                printf("%s\n", (*m)->name);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--all") == 0) {
        int status = 0;
        for (size_t t = 0; t < sizeof tables / sizeof *tables; t++)
            for (const lr_model *const *m = tables[t]; *m; m++) {
                char dir[4096];
                int len = snprintf(dir, sizeof dir, "%s/", argv[2]);
                for (const char *p = (*m)->name; *p && len < (int)sizeof dir - 1; p++)
                    dir[len++] = *p == '.' ? '/' : *p;
                dir[len] = '\0';
                status |= write_model(*m, dir);
            }
        return status;
    }
    if (argc != 3 || argv[1][0] == '-') {
        fprintf(stderr, "usage: lib_ref --list | lib_ref MODEL DIR | lib_ref --all ROOT\n");
        return 2;
    }
    const lr_model *m = find(argv[1]);
    if (!m) {
        fprintf(stderr, "lib_ref: unknown model '%s'\n", argv[1]);
        return 2;
    }
    return write_model(m, argv[2]);
}
