/*
 * test_rt_dss.c - the run-time test of a static state choice (runtime/dss.c) on small Jacobians whose
 * answers are known by hand. Square (mo2c_dss_check): a single constraint x^2 + y^2 = 1 with the dummy
 * y, differentiated (2x x' + 2y y' = 0), fires where y crosses 0 while it moves, not at y = 0.5, and not
 * when y sits at 0 without moving. Rectangular (mo2c_dss_check_rect, fewer dummies than rows, the case
 * of a MultiBody loop whose rows took a frame's angular velocity, no derivative, at compile time):
 * rows [e, 0 | 1], [1, 0 | 0.5], [0, 1 | 0.5] keep rank 2 in their two dummies whatever e, so no alarm
 * (taken row by row, the first row would pivot on e and fire); rows [1, 0 | 1], [1, e | 1.5], [0, 0 | 1]
 * lose rank in the dummies as e falls (the second dummy's column only holds e): alarm, with the row and
 * the dummy named. A state set's switch (mo2c_dss_switch) on the circle's row [2x, 2y] keeping y: it
 * switches to x kept where |2x| falls below a tenth of |2y| (x = 0.05), not at x = 0.5; a row holding a
 * NaN beside finite entries chooses nothing (before, fmax passed over the NaN, the NaN column's
 * determinant came out 0 and the set switched to keep it).
 */
#include "mo2c_rt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(c, ...) do { if (!(c)) { failures++; fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
                                       fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* the circle: columns y' (the dummy), x'; rates from the angle a moving at 1 */
static int circle(double a, double speed)
{
    double x = cos(a), y = sin(a);
    double J[2] = {2 * y, 2 * x}, rate[2] = {speed * cos(a), -speed * sin(a)}, ref[1] = {2 * sin(1.0)};
    double val[4];
    int work[3], row = -1, col = -1;
    return mo2c_dss_check(1, 2, J, rate, ref, work, &row, &col, val);
}

/* the set of the circle, y kept (column 1), at the row J (scaled in place); kept: the column kept after */
static int set_switch(double a, double b, int *kept)
{
    mo2c_data d;
    memset(&d, 0, sizeof d);   /* no solver state: no log, and an evaluation is no trial */
    double J[2] = {a, b}, work[1], best[1] = {0};
    int iwork[5];
    d.dss_best = best;   /* the best determinant of the accepted point, kept for the trial points */
    *kept = 1;
    return mo2c_dss_switch(&d, 0, 0, 1, 2, J, kept, NULL, work, iwork, 1);
}

static int rect(const double *J0, int nr, int nd, int nc, const double *rate, int *row, int *col)
{
    double J[16], ref[4] = {1, 1, 1, 1}, val[8];
    int work[12];
    memcpy(J, J0, sizeof(double) * (size_t)(nr * nc));
    return mo2c_dss_check_rect(nr, nd, nc, J, rate, ref, work, row, col, val);
}

int main(void)
{
    CHECK(circle(0.5, 1) == 0, "y = sin(0.5): the choice holds");
    CHECK(circle(1e-3, 1) == 1, "y crossing 0 while it moves: alarm");
    CHECK(circle(1e-3, 0) == 0, "nothing moves: no alarm");

    /* rank 2 in the dummies whatever e: no alarm, for e small and e 0 */
    double rates[3] = {1, 1, 1};
    int row = -1, col = -1;
    for (double e = 1e-4; e >= 0; e = e > 0 ? 0 : -1) {
        double J[9] = {e, 0, 1, 1, 0, 0.5, 0, 1, 0.5};
        CHECK(rect(J, 3, 2, 3, rates, &row, &col) == 0, "rank 2 kept, e = %g: no alarm", e);
    }
    /* the second dummy's column only holds e: alarm as e falls, at row 1 on dummy 1 */
    {
        double J[9] = {1, 0, 1, 1, 1e-4, 1.5, 0, 0, 1};
        row = col = -1;
        CHECK(rect(J, 3, 2, 3, rates, &row, &col) == 1 && row == 1 && col == 1,
              "rank lost in the dummies: alarm at row 1, dummy 1 (got row %d, dummy %d)", row, col);
        double K[9] = {1, 0, 1, 1, 0.5, 1.5, 0, 0, 1};
        CHECK(rect(K, 3, 2, 3, rates, &row, &col) == 0, "the same at e = 0.5: no alarm");
    }
    int kept;
    CHECK(set_switch(2 * 0.5, 2 * sqrt(0.75), &kept) == 0 && kept == 1, "x = 0.5: y stays kept");
    CHECK(set_switch(2 * 0.05, 2 * sqrt(1 - 0.0025), &kept) == 1 && kept == 0, "x = 0.05: x kept (got %d)", kept);
    CHECK(set_switch(NAN, 1e-3, &kept) == 0 && kept == 1, "a NaN entry: no switch (got column %d kept)", kept);
    CHECK(set_switch(1e-3, NAN, &kept) == 0 && kept == 1, "a NaN entry: no switch (got column %d kept)", kept);
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures != 0;
}
