/*
 * csvcmp.c - the tests' small trajectory comparison tool, built from compiler/regress/tube.c (and base.c):
 *
 *   csvcmp [--tube TOL] [--abs EPS] REF.csv RESULT.csv SIGNAL...
 *
 * --tube TOL: every SIGNAL of RESULT must lie inside the csv-compare tube of REF at tolerance TOL.
 * --abs EPS:  at every time the two files share, |result - reference| <= EPS; every reference time must
 *             appear in the result (same output grid, times equal up to 1e-9 relative).
 * A SIGNAL written "?name" is optional: skipped (with a note) when RESULT lacks it; otherwise a signal
 * missing from RESULT fails. Prints one line per signal and check; exit 0 = all pass, 1 = some fail,
 * 2 = usage or unreadable files.
 */
#include "base.h"
#include "tube.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: csvcmp [--tube TOL] [--abs EPS] REF.csv RESULT.csv SIGNAL...\n");
    return 2;
}

/* Largest |result - reference| over the shared grid; false when a reference time has no result row. */
static bool abs_check(const mo_csv *ref, int rc, const mo_csv *res, int c, double *worst, double *at)
{
    const double *rt = ref->cols[0], *t = res->cols[0];
    double scale = fmax(fabs(rt[ref->nrows - 1]), 1e-12) * 1e-9;
    int j = 0;
    *worst = 0;
    *at = rt[0];
    for (int i = 0; i < ref->nrows; i++) {
        while (j < res->nrows && t[j] < rt[i] - scale)
            j++;
        if (j >= res->nrows || t[j] > rt[i] + scale) {
            *at = rt[i];
            return false;
        }
        /* an event: the reference repeats a time (left and right limits); so does the result */
        if (i > 0 && rt[i] == rt[i - 1] && j + 1 < res->nrows && t[j + 1] == t[j])
            j++;
        double d = fabs(res->cols[c][j] - ref->cols[rc][i]);
        if (!(d <= *worst)) { /* NaN counts as the worst */
            *worst = isnan(d) ? INFINITY : d;
            *at = rt[i];
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    double tube = -1, eps = -1;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
        if (i + 1 >= argc)
            return usage();
        if (strcmp(argv[i], "--tube") == 0)
            tube = atof(argv[i + 1]);
        else if (strcmp(argv[i], "--abs") == 0)
            eps = atof(argv[i + 1]);
        else
            return usage();
    }
    if (argc - i < 3 || (tube <= 0 && eps <= 0))
        return usage();
    char err[1024];
    mo_csv *ref = mo_csv_read(argv[i], err, sizeof err);
    mo_csv *res = ref ? mo_csv_read(argv[i + 1], err, sizeof err) : NULL;
    if (!ref || !res) {
        fprintf(stderr, "csvcmp: %s\n", err);
        return 2;
    }
    if (ref->nrows < 1 || res->nrows < 1) {
        fprintf(stderr, "csvcmp: no rows\n");
        return 2;
    }
    int failed = 0;
    for (int k = i + 2; k < argc; k++) {
        bool optional = argv[k][0] == '?';
        const char *name = argv[k] + optional;
        int rc = mo_csv_column(ref, name), c = mo_csv_column(res, name);
        if (rc < 0) {
            fprintf(stderr, "csvcmp: the reference has no signal '%s'\n", name);
            return 2;
        }
        if (c < 0) {
            printf("%s %s: missing from the result\n", optional ? "skip" : "FAIL", name);
            failed += !optional;
            continue;
        }
        if (tube > 0) {
            mo_tube_result r;
            bool ok = mo_tube_compare(ref->cols[0], ref->cols[rc], ref->nrows, res->cols[0], res->cols[c],
                                      res->nrows, tube, &r);
            printf("%s %s: tube %g: %s; worst point t=%.6g value %.10g bounds [%.10g, %.10g], %s %.3g"
                   " (hy %.3g)\n",
                   ok ? "ok  " : "FAIL", name, tube, mo_tube_verdict_text(r.verdict), r.worst_t, r.worst_y,
                   r.worst_lo, r.worst_hi, r.excess > 0 ? "outside by" : "inside by", fabs(r.excess), r.hy);
            failed += !ok;
        }
        if (eps > 0) {
            double worst, at;
            bool grid = abs_check(ref, rc, res, c, &worst, &at);
            bool ok = grid && worst <= eps;
            if (!grid)
                printf("FAIL %s: the result has no point at the reference's time %.10g\n", name, at);
            else
                printf("%s %s: max |result - reference| = %.3g at t=%.6g (bound %g)\n", ok ? "ok  " : "FAIL",
                       name, worst, at, eps);
            failed += !ok;
        }
    }
    return failed ? 1 : 0;
}
