/*
 * test_rt_format.c - the result writers' number formatting (runtime/fmtreal.c) against its definition:
 * "%.16g" when that reads back as the same double, else "%.17g" (zero is written "0").
 * Random bit patterns over the whole range, values of the magnitudes simulations produce, and the
 * edge cases of the exact path (powers of two and ten, ties, the ends of its range).
 */
#include "rt_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void oracle(char *buf, double v)
{
    snprintf(buf, 40, "%.16g", v);
    if (strtod(buf, NULL) != v)
        snprintf(buf, 40, "%.17g", v);
}

static void check(double v)
{
    char got[40], want[40];
    int n = mo2c_rt_format_real(got, v);
    if (v == 0.0)
        strcpy(want, "0");
    else
        oracle(want, v);
    if (strcmp(got, want) != 0 || n != (int)strlen(got)) {
        if (failures++ < 20)
            fprintf(stderr, "value %a: got '%s' (len %d), want '%s'\n", v, got, n, want);
    }
}

static uint64_t rng = 88172645463325252u;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(void)
{
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 0.002, 1e-5, 1e-6, 1e-7, 1e15,
        1e16, 1e17, 1e22, 1e23, 1e37, 1e38, 123456789012345678.0, 9007199254740992.0, 9007199254740993.0,
        0.5, 2.0 / 3.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.7325, 1.25,
        0.99999999999999989, 9.9999999999999999e22, 0.54030230586813977, 4.35, 0.000123, 100.0, 1e100};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
        check(special[i]);
        check(-special[i]);
    }
    for (int e = -1074; e <= 1023; e++) { /* powers of two and their neighbours */
        double p = ldexp(1.0, e);
        check(p);
        check(nextafter(p, 0.0));
        check(nextafter(p, INFINITY));
    }
    for (int e = -30; e <= 40; e++) { /* powers of ten and their neighbours */
        double p = pow(10.0, e);
        check(p);
        check(nextafter(p, 0.0));
        check(nextafter(p, INFINITY));
    }
    for (int i = 0; i < 100000; i++) { /* arbitrary bit patterns */
        uint64_t b = next();
        double v;
        memcpy(&v, &b, sizeof v);
        if (isfinite(v))
            check(v);
    }
    for (int i = 0; i < 100000; i++) { /* the magnitudes of simulation results */
        double u = (double)(next() >> 11) / 9007199254740992.0;
        double v = (u - 0.5) * pow(10.0, (int)(next() % 24) - 10);
        check(v);
        check(nearbyint(v * 1000.0) / 1000.0); /* short decimals such as grid times */
    }
    char buf[40];
    mo2c_rt_format_real(buf, INFINITY);
    if (strcmp(buf, "inf") != 0)
        failures++, fprintf(stderr, "inf written as '%s'\n", buf);
    if (failures) {
        fprintf(stderr, "%d mismatches\n", failures);
        return 1;
    }
    return 0;
}
