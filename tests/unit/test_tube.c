/*
 * test_tube.c - the csv-compare tube (compiler/regress/tube.c) against its definition (tube.h,
 * /work/shared/REFERENCE.md): interpolation inside the window, event rows, the |min| term and the 0.001
 * floor of hy, a point just inside vs just outside, NaN, a result that ends early or starts late, the
 * sliding-window bounds against a brute-force evaluation, and the CSV reader/writer (a missing column).
 */
#include "base.h"
#include "tube.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)
#define NEAR(a, b) CHECK(fabs((a) - (b)) <= 1e-12 * (1 + fabs(b)))

/* Compare a single result point (t, y) with the tube; the result also covers the reference's ends with
 * points on the reference itself so only the middle point decides. */
static mo_tube_verdict one_point(const double *rt, const double *ry, int rn, double tol, double t, double y)
{
    double ts[3] = {rt[0], t, rt[rn - 1]}, ys[3] = {ry[0], y, ry[rn - 1]};
    mo_tube_result r;
    mo_tube_compare(rt, ry, rn, ts, ys, 3, tol, &r);
    return r.verdict;
}

static void test_interpolation(void)
{
    /* y = t on [0, 1] sampled every 0.1; tol 0.01: hx = 0.01, hy = 0.01 * max(1, 0, 0.001) = 0.01. */
    double rt[11], ry[11];
    for (int i = 0; i <= 10; i++)
        rt[i] = ry[i] = i / 10.0;
    NEAR(mo_tube_hx(rt, 11, 0.01), 0.01);
    NEAR(mo_tube_hy(ry, 11, 0.01), 0.01);
    /* At t = 0.55 the window [0.54, 0.56] holds no reference point: the bounds come only from the
     * interpolated values at its ends. At t = 0.5 the window's ends (0.49, 0.51) still decide. */
    double at[3] = {0.5, 0.55, 1.0}, lo[3], hi[3];
    CHECK(mo_tube_bounds(rt, ry, 11, 0.01, at, 3, lo, hi));
    NEAR(hi[0], 0.52);
    NEAR(lo[0], 0.48);
    NEAR(hi[1], 0.57);
    NEAR(lo[1], 0.53);
    NEAR(hi[2], 1.01); /* the window is clipped at the reference's end */
    NEAR(lo[2], 0.98);
    CHECK(one_point(rt, ry, 11, 0.01, 0.55, 0.5699) == MO_TUBE_PASS);
    CHECK(one_point(rt, ry, 11, 0.01, 0.55, 0.5701) == MO_TUBE_OUTSIDE);
    CHECK(one_point(rt, ry, 11, 0.01, 0.55, 0.5301) == MO_TUBE_PASS);
    CHECK(one_point(rt, ry, 11, 0.01, 0.55, 0.5299) == MO_TUBE_OUTSIDE);
}

static void test_events(void)
{
    /* A step at t = 0.5 written as two rows with the same time. tol 0.01: hx = 0.01, hy = 0.01. */
    double rt[4] = {0, 0.5, 0.5, 1}, ry[4] = {0, 0, 1, 1};
    /* the result's event comes 0.005 late: its points near the jump stay in the tube */
    CHECK(one_point(rt, ry, 4, 0.01, 0.504, 0.0) == MO_TUBE_PASS);
    CHECK(one_point(rt, ry, 4, 0.01, 0.504, 1.0) == MO_TUBE_PASS);
    /* the window is closed: at t = 0.49 it reaches the jump, at 0.489 it does not */
    CHECK(one_point(rt, ry, 4, 0.01, 0.49, 1.0) == MO_TUBE_PASS);
    CHECK(one_point(rt, ry, 4, 0.01, 0.489, 1.0) == MO_TUBE_OUTSIDE);
    CHECK(one_point(rt, ry, 4, 0.01, 0.511, 0.0) == MO_TUBE_OUTSIDE);
    CHECK(one_point(rt, ry, 4, 0.01, 0.51, 0.0) == MO_TUBE_PASS);
    /* a whole result with its own event rows, late by less than hx */
    double t[6] = {0, 0.25, 0.508, 0.508, 0.75, 1}, y[6] = {0, 0, 0, 1, 1, 1};
    mo_tube_result r;
    CHECK(mo_tube_compare(rt, ry, 4, t, y, 6, 0.01, &r));
    /* ... and late by more than hx: the last point before the jump is out */
    double t2[6] = {0, 0.25, 0.52, 0.52, 0.75, 1};
    CHECK(!mo_tube_compare(rt, ry, 4, t2, y, 6, 0.01, &r));
    CHECK(r.verdict == MO_TUBE_OUTSIDE && r.failed == 1);
    NEAR(r.worst_t, 0.52);
    NEAR(r.excess, 1 - 0.01); /* 0 lies 0.99 below lower = 1 - hy */
}

static void test_hy_terms(void)
{
    /* Far from zero: y = 1000 + 0.1 sin(t); hy = tol * |min(y)|, not tol * (max - min). */
    enum { N = 201 };
    double rt[N], ry[N], zt[N], zy[N];
    for (int i = 0; i < N; i++) {
        rt[i] = zt[i] = 10.0 * i / (N - 1);
        ry[i] = 1000 + 0.1 * sin(rt[i]);
        zy[i] = 1e-7 * sin(rt[i]);
    }
    double mn = ry[0];
    for (int i = 0; i < N; i++)
        mn = fmin(mn, ry[i]);
    double hy = mo_tube_hy(ry, N, 1e-3);
    NEAR(hy, 1e-3 * mn);
    CHECK(hy > 0.99);
    /* a constant offset of 0.95 passes (the band of the sine adds to the margin), 1.2 fails */
    double t[N], y[N];
    mo_tube_result r;
    for (int i = 0; i < N; i++)
        t[i] = rt[i], y[i] = ry[i] + 0.95;
    CHECK(mo_tube_compare(rt, ry, N, t, y, N, 1e-3, &r));
    for (int i = 0; i < N; i++)
        y[i] = ry[i] + 1.2;
    CHECK(!mo_tube_compare(rt, ry, N, t, y, N, 1e-3, &r) && r.verdict == MO_TUBE_OUTSIDE);
    /* Near zero: the range 2e-7 and |min| 1e-7 are below the floor, so hy = tol * 0.001. */
    NEAR(mo_tube_hy(zy, N, 1e-3), 1e-6);
    for (int i = 0; i < N; i++)
        y[i] = 0.9e-6;
    CHECK(mo_tube_compare(zt, zy, N, t, y, N, 1e-3, &r));
    for (int i = 0; i < N; i++)
        y[i] = 1.2e-6;
    CHECK(!mo_tube_compare(zt, zy, N, t, y, N, 1e-3, &r));
}

static void test_boundary(void)
{
    /* constant 1: hy = tol * max(0, 1, 0.001) = tol; with tol = 0.5 every number here is exact */
    double rt[3] = {0, 1, 2}, ry[3] = {1, 1, 1};
    CHECK(one_point(rt, ry, 3, 0.5, 1, 1.5) == MO_TUBE_PASS);   /* on the bound: not strictly outside */
    CHECK(one_point(rt, ry, 3, 0.5, 1, nextafter(1.5, 2)) == MO_TUBE_OUTSIDE);
    CHECK(one_point(rt, ry, 3, 0.5, 1, 0.5) == MO_TUBE_PASS);
    CHECK(one_point(rt, ry, 3, 0.5, 1, nextafter(0.5, 0)) == MO_TUBE_OUTSIDE);
    CHECK(one_point(rt, ry, 3, 0.5, 1, NAN) == MO_TUBE_NAN);
    mo_tube_result r;
    double t[3] = {0, 1, 2}, y[3] = {1, 1.25, 1};
    CHECK(mo_tube_compare(rt, ry, 3, t, y, 3, 0.5, &r));
    NEAR(r.excess, -0.25); /* the closest approach to a bound */
    NEAR(r.worst_t, 1.0);
}

static void test_coverage(void)
{
    double rt[11], ry[11];
    for (int i = 0; i <= 10; i++)
        rt[i] = i / 10.0, ry[i] = sin(rt[i]);
    mo_tube_result r;
    /* ends at 0.9: every point is inside, yet the result fails */
    CHECK(!mo_tube_compare(rt, ry, 11, rt, ry, 10, 0.002, &r));
    CHECK(r.verdict == MO_TUBE_ENDS_EARLY);
    NEAR(r.result_tN, 0.9);
    /* starts at 0.1 */
    CHECK(!mo_tube_compare(rt, ry, 11, rt + 1, ry + 1, 10, 0.002, &r));
    CHECK(r.verdict == MO_TUBE_STARTS_LATE);
    /* an end time off by rounding only is the same end */
    double t[11];
    memcpy(t, rt, sizeof t);
    t[10] = 1 - 1e-14;
    CHECK(mo_tube_compare(rt, ry, 11, t, ry, 11, 0.002, &r));
    /* result points past the reference's end are not judged (there is nothing to compare with) */
    double t3[3] = {0, 1, 5}, y3[3] = {0, sin(1.0), 100};
    CHECK(mo_tube_compare(rt, ry, 11, t3, y3, 3, 0.002, &r) && r.checked == 2);
    /* unusable inputs */
    double bad[3] = {0, 2, 1};
    CHECK(!mo_tube_compare(rt, ry, 11, bad, ry, 3, 0.002, &r) && r.verdict == MO_TUBE_BAD_INPUT);
    CHECK(!mo_tube_compare(bad, ry, 3, rt, ry, 3, 0.002, &r) && r.verdict == MO_TUBE_BAD_INPUT);
}

/* The bounds by the definition, directly: every reference point in the window and the interpolated
 * values at its ends (a quadratic loop, for a few hundred points). */
static void brute_bounds(const double *rt, const double *ry, int rn, double tol, double t,
                         double *lo, double *hi)
{
    double hx = mo_tube_hx(rt, rn, tol), hy = mo_tube_hy(ry, rn, tol);
    double a = t - hx, b = t + hx, mx = -INFINITY, mn = INFINITY;
    for (int i = 0; i < rn; i++) {
        if (rt[i] >= a && rt[i] <= b)
            mx = fmax(mx, ry[i]), mn = fmin(mn, ry[i]);
        if (i + 1 < rn && rt[i] < rt[i + 1]) {
            double ends[2] = {a, b};
            for (int e = 0; e < 2; e++)
                if (rt[i] < ends[e] && ends[e] < rt[i + 1]) {
                    double v = ry[i] + (ends[e] - rt[i]) / (rt[i + 1] - rt[i]) * (ry[i + 1] - ry[i]);
                    mx = fmax(mx, v), mn = fmin(mn, v);
                }
        }
    }
    *lo = mn - hy;
    *hi = mx + hy;
}

static void test_against_brute_force(void)
{
    enum { RN = 400, M = 700 };
    double rt[RN], ry[RN], at[M], lo[M], hi[M];
    unsigned s = 12345;
    double t = 0;
    for (int i = 0; i < RN; i++) {
        s = s * 1103515245u + 12345u;
        if (i > 0 && (s >> 16) % 17 != 0) /* every 17th row or so repeats the time: an event */
            t += 0.001 + ((s >> 8) % 100) * 1e-4;
        rt[i] = t;
        s = s * 1103515245u + 12345u;
        ry[i] = sin(7 * t) + ((s >> 16) % 1000) * 1e-4;
    }
    for (int j = 0; j < M; j++)
        at[j] = -0.05 + (rt[RN - 1] + 0.1) * j / (M - 1);
    double tol = 0.01;
    CHECK(mo_tube_bounds(rt, ry, RN, tol, at, M, lo, hi));
    double hx = mo_tube_hx(rt, RN, tol);
    int compared = 0;
    for (int j = 0; j < M; j++) {
        if (at[j] + hx < rt[0] || at[j] - hx > rt[RN - 1]) {
            CHECK(isnan(lo[j]) && isnan(hi[j]));
            continue;
        }
        double blo, bhi;
        brute_bounds(rt, ry, RN, tol, at[j], &blo, &bhi);
        NEAR(lo[j], blo);
        NEAR(hi[j], bhi);
        compared++;
    }
    CHECK(compared > M / 2);
}

static void test_csv(void)
{
    const char *path = "/tmp/mo2c_test_tube.csv";
    FILE *f = fopen(path, "w");
    fputs("\"time\",\"a.b\",\"der(x)\",\"x[1]\"\n0,1,2,3\n0.5,1.5,-2e-3,nan\n1,2,3,4\n", f);
    fclose(f);
    char err[512];
    mo_csv *csv = mo_csv_read(path, err, sizeof err);
    CHECK(csv != NULL);
    if (!csv)
        return;
    CHECK(csv->ncols == 4 && csv->nrows == 3);
    CHECK(mo_csv_column(csv, "der(x)") == 2);
    CHECK(mo_csv_column(csv, "x[1]") == 3);
    CHECK(mo_csv_column(csv, "missing.signal") == -1);
    NEAR(csv->cols[2][1], -2e-3);
    CHECK(isnan(csv->cols[3][1]));
    int idx[2] = {0, 1};
    CHECK(mo_csv_write(path, csv, idx, 2));
    mo_csv *back = mo_csv_read(path, err, sizeof err);
    CHECK(back && back->ncols == 2 && back->nrows == 3 && strcmp(back->names[1], "a.b") == 0);
    CHECK(back && back->cols[1][1] == 1.5);
    f = fopen(path, "w");
    fputs("\"time\",\"x\"\n0,1\n0.5\n", f);
    fclose(f);
    CHECK(mo_csv_read(path, err, sizeof err) == NULL);
    CHECK(strstr(err, ":3: 1 values, the header has 2 names") != NULL);
    remove(path);
    CHECK(mo_csv_read(path, err, sizeof err) == NULL && strstr(err, "cannot read") != NULL);
}

int main(void)
{
    test_interpolation();
    test_events();
    test_hy_terms();
    test_boundary();
    test_coverage();
    test_against_brute_force();
    test_csv();
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures != 0;
}
