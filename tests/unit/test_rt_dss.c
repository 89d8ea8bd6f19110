/*
 * test_rt_dss.c - the run-time test of a static state choice (runtime/dss.c) on small Jacobians whose
 * answers are known by hand. Square (mo2c_dss_check): a single constraint x^2 + y^2 = 1 with the dummy
 * y, differentiated (2x x' + 2y y' = 0), fires where y crosses 0 while it moves, not at y = 0.5, and not
 * when y sits at 0 without moving. Rectangular (mo2c_dss_check_rect, fewer dummies than rows, the case
 * of a MultiBody loop whose rows took a frame's angular velocity, no derivative, at compile time):
 * rows [e, 0 | 1], [1, 0 | 0.5], [0, 1 | 0.5] keep rank 2 in their two dummies whatever e, so no alarm
 * (taken row by row, the first row would pivot on e and fire); rows [1, 0 | 1], [1, e | 1.5], [0, 0 | 1]
 * lose rank in the dummies as e falls (the second dummy's column only holds e): alarm, with the row and
 * the dummy named.
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
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures != 0;
}
