/*
 * jaccheck.c - the generated sparse Jacobian against the generated dense one, entry by entry.
 * Compiled with -DGEN='"path/Model.c"' (a C file mo2c wrote): it includes that file (its main renamed),
 * evaluates both Jacobians at the initial states moved by a fixed pseudo-random amount each, and checks
 * that every entry of the sparse pattern equals the dense entry (to 1e-12 relative), that every dense
 * entry outside the pattern is zero, that the pattern is CSR with ascending columns and a diagonal, and
 * that it is sparse (at most 10 entries a row for the chains the test gives it). Prints "ok NNZ" or
 * the first difference, exit status 1.
 */
#define main generated_main
#include GEN
#undef main

#include <math.h>
#include <stdio.h>

int main(void)
{
    const mo2c_model *m = &model;
    mo2c_data *d = mo2c_data_alloc(m);
    if (!d || !m->jacobian || !m->jacobian_sparse || m->init_params(d) != 0 || m->initialize(d) != 0) {
        printf("FAIL: no model, no Jacobians or no start (%p, %p)\n", (void *)m->jacobian, (void *)m->jacobian_sparse);
        return 1;
    }
    int n = m->nx;
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        d->x[i] += ((double)(s >> 8) / 16777216.0 - 0.5);
    }
    double *dense = calloc((size_t)n * (size_t)n, sizeof *dense), *val = calloc((size_t)m->jac_nnz + 1, sizeof *val);
    char *in = calloc((size_t)n * (size_t)n, 1);
    if (!dense || !val || !in || m->jacobian(d, 0.5, d->x, dense) != 0 || m->jacobian_sparse(d, 0.5, d->x, val) != 0) {
        printf("FAIL: evaluation\n");
        return 1;
    }
    if (m->jac_rowptr[0] != 0 || m->jac_rowptr[n] != m->jac_nnz || m->jac_nnz > 10 * n) {
        printf("FAIL: rowptr (nnz %d for %d rows)\n", m->jac_nnz, n);
        return 1;
    }
    for (int i = 0; i < n; i++) {
        int diag = 0;
        for (int k = m->jac_rowptr[i]; k < m->jac_rowptr[i + 1]; k++) {
            int j = m->jac_col[k];
            diag |= j == i;
            if (k > m->jac_rowptr[i] && j <= m->jac_col[k - 1]) {
                printf("FAIL: row %d: columns not ascending\n", i);
                return 1;
            }
            double e = dense[(size_t)i * (size_t)n + (size_t)j];
            if (fabs(val[k] - e) > 1e-12 * fmax(1.0, fabs(e))) {
                printf("FAIL: J[%d][%d]: sparse %.17g, dense %.17g\n", i, j, val[k], e);
                return 1;
            }
            in[(size_t)i * (size_t)n + (size_t)j] = 1;
        }
        if (!diag) {
            printf("FAIL: row %d has no diagonal entry\n", i);
            return 1;
        }
    }
    for (size_t q = 0; q < (size_t)n * (size_t)n; q++)
        if (!in[q] && dense[q] != 0.0) {
            printf("FAIL: J[%zu][%zu] = %.17g is outside the pattern\n", q / (size_t)n, q % (size_t)n, dense[q]);
            return 1;
        }
    printf("ok %d entries, %d states\n", m->jac_nnz, n);
    free(dense);
    free(val);
    free(in);
    mo2c_data_free(d);
    return 0;
}
