/*
 * test_rt_format.c - the result writers' number formatting (runtime/fmtreal.c) against its definition:
 * the shortest decimal that reads back as the same double, in %.17g's layout (zero is written "0").
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

/* The definition, by brute force: the fewest significant digits P for which a P-digit decimal reads
 * back as v (the correctly rounded one, or, where the gap below a power of two is narrower, its
 * neighbour), laid out as printf's %.17g lays out a number (exponent below 1e-4 and from 1e17 on). */
static void oracle(char *buf, double v)
{
    char s[64];
    long long N = 0;
    int x = 0, neg = v < 0, found = 0;
    for (int P = 1; P <= 17 && !found; P++) {
        snprintf(s, sizeof s, "%.*e", P - 1, fabs(v));
        char *e = strchr(s, 'e');
        x = atoi(e + 1);
        N = 0;
        for (char *c = s; c < e; c++)
            if (*c >= '0' && *c <= '9')
                N = 10 * N + (*c - '0');
        for (int d = 0; d <= 2 && !found; d++) {
            long long cand = N + (d == 0 ? 0 : d == 1 ? -1 : 1);
            char t[64];
            snprintf(t, sizeof t, "%llde%d", cand, x - (P - 1));
            if (strtod(t, NULL) == fabs(v)) {
                N = cand;
                found = 1;
            }
        }
        if (found) {
            x -= P - 1;   /* v = N * 10^x */
            if (N == 0)
                found = 0;
        }
    }
    char dig[32];
    int nd = snprintf(dig, sizeof dig, "%lld", N);
    while (nd > 1 && dig[nd - 1] == '0')
        nd--, x++;
    int x10 = x + nd - 1;
    char *p = buf;
    if (neg)
        *p++ = '-';
    if (x10 < -4 || x10 >= 17) {
        *p++ = dig[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, dig + 1, (size_t)nd - 1);
            p += nd - 1;
        }
        p += sprintf(p, "e%c%02d", x10 < 0 ? '-' : '+', abs(x10));
    } else if (x10 >= 0) {
        for (int i = 0; i <= x10; i++)
            *p++ = i < nd ? dig[i] : '0';
        if (nd > x10 + 1)
            p += sprintf(p, ".%.*s", nd - x10 - 1, dig + x10 + 1);
    } else {
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -x10 - 1; i++)
            *p++ = '0';
        p += sprintf(p, "%.*s", nd, dig);
    }
    *p = '\0';
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
    mo2c_rt_format_init();
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
    /* the texts themselves: shortest digits, %.17g's layout */
    static const struct { double v; const char *text; } texts[] = {
        {12.72, "12.72"}, {0.1, "0.1"}, {0.1 + 0.2, "0.30000000000000004"}, {1e23, "1e+23"},
        {5e-324, "5e-324"}, {1e16, "10000000000000000"}, {1e17, "1e+17"}, {123456.0, "123456"},
        {0.0001, "0.0001"}, {0.00001, "1e-05"}, {-2.5, "-2.5"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
        {9.100000000000001, "9.100000000000001"}, {2.0 / 3.0, "0.6666666666666666"},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        mo2c_rt_format_real(buf, texts[i].v);
        if (strcmp(buf, texts[i].text) != 0)
            failures++, fprintf(stderr, "%a written as '%s', want '%s'\n", texts[i].v, buf, texts[i].text);
    }
    mo2c_rt_format_real(buf, INFINITY);
    if (strcmp(buf, "inf") != 0)
        failures++, fprintf(stderr, "inf written as '%s'\n", buf);
    if (failures) {
        fprintf(stderr, "%d mismatches\n", failures);
        return 1;
    }
    return 0;
}
