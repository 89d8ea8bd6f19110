/*
 * fmtreal.c - reals as result-file text: the shortest of 16 or 17 significant digits that reads back
 * as the same double, in printf's %g layout, with '.' as decimal point whatever the locale.
 *
 * Input: a double. Output: text in buf (at most 25 characters + NUL), its length.
 * The result is exactly what this printf code would write:
 *     s = "%.16g" of v; if strtod(s) != v then s = "%.17g" of v
 * but printf with 17 digits costs about half a microsecond, more than a whole integration step of a
 * small model, and the CSV writer calls it for every value of every output point. So the common
 * magnitudes (about 1e-6 to 1e37) are converted here exactly with 128-bit integer arithmetic: the
 * double is m * 2^e with an integer m < 2^53, and m * 10^k (k <= 22) or m * 2^e (e <= 75) fit in 128
 * bits, so the correctly rounded digits and the round-trip test are exact integer comparisons. Other
 * magnitudes, subnormals and non-finite values fall back to printf (and a ',' decimal point that a
 * locale may produce is turned back into '.').
 */
#include "rt_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

static const uint64_t pow10_64[20] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u, 1000000000u,
    10000000000u, 100000000000u, 1000000000000u, 10000000000000u, 100000000000000u,
    1000000000000000u, 10000000000000000u, 100000000000000000u, 1000000000000000000u,
    10000000000000000000u,
};

/* 10^k for 0 <= k <= 38 */
static u128 pow10_u128(int k)
{
    return k <= 19 ? (u128)pow10_64[k] : (u128)pow10_64[19] * pow10_64[k - 19];
}

/* The P significant digits of v = m * 2^e (m < 2^53, v > 0) correctly rounded (ties to even) as an
 * integer *N with decimal exponent *x10 (v ~ N * 10^(x10 - P + 1)), and whether that decimal reads
 * back as v (*exact). Returns 0, or -1 when the magnitude is outside the 128-bit range. */
static int digits(uint64_t m, int e, int P, int x10, uint64_t *N, int *x10_out, int *roundtrips)
{
    const uint64_t lo = pow10_64[P - 1], hi = pow10_64[P];
    for (int tries = 0; tries < 3; tries++) {
        int k = P - 1 - x10;
        u128 q, r, half_test_unit; /* quotient, remainder, and the divisor they refer to */
        int tie_side;              /* 2r vs divisor: <0 below half, 0 tie, >0 above */
        if (k >= 0) {
            if (k > 22)
                return -1;
            u128 num = (u128)m * pow10_u128(k);
            if (e >= 0) {
                if (e > 10)
                    return -1;
                q = num << e;
                r = 0;
                half_test_unit = 0;
                tie_side = -1;
            } else {
                int s = -e;
                if (s > 120)
                    return -1;
                q = num >> s;
                r = num & (((u128)1 << s) - 1);
                half_test_unit = (u128)1 << s;
                u128 half = (u128)1 << (s - 1);
                tie_side = r < half ? -1 : r > half ? 1 : 0;
            }
        } else {
            int j = -k;
            if (j > 37 || e < 0 || e > 75)
                return -1;
            u128 den = pow10_u128(j), num = (u128)m << e;
            q = num / den;
            r = num % den;
            half_test_unit = den;
            u128 twice = 2 * r;
            tie_side = twice < den ? -1 : twice > den ? 1 : 0;
        }
        /* x10 comes from log10, which can be one off near powers of ten: the truncated digits
         * decide exactly */
        if (q < lo) {
            x10--;
            continue;
        }
        if (q >= hi) {
            x10++;
            continue;
        }
        int up = tie_side > 0 || (tie_side == 0 && (q & 1));
        u128 n = q + (up ? 1 : 0);
        /* Round trip: the decimal n lies within half an ulp of v. diff = |n - exact| in units of
         * 1/half_test_unit; half an ulp is 10^k * 2^(e-1) in the scaled units. */
        int rt = 1;
        if (r != 0) {
            u128 diff = up ? half_test_unit - r : r;
            int below = !up; /* the decimal is below v: the gap below a power of two is half as wide */
            int narrow = below && m == ((uint64_t)1 << 52);
            /* need 2*diff < 10^k (k >= 0) or < 2^e (k < 0), 4*diff when narrow; an exact tie reads
             * back as v when m is even (strtod rounds ties to even) */
            u128 lhs = narrow ? 4 * diff : 2 * diff, bound = k >= 0 ? pow10_u128(k) : (u128)1 << e;
            rt = lhs < bound || (lhs == bound && (m & 1) == 0);
        }
        if (n == hi) { /* rounded up to the next power of ten: the same number, one digit shorter */
            n = lo;
            x10++;
        }
        *N = (uint64_t)n;
        *x10_out = x10;
        *roundtrips = rt;
        return 0;
    }
    return -1;
}

/* printf's %g layout of the P-digit integer N with decimal exponent x10, trailing zeros removed. */
static int layout(char *buf, int neg, uint64_t N, int x10, int P)
{
    char dig[20];
    for (int i = P - 1; i >= 0; i--) {
        dig[i] = (char)('0' + N % 10);
        N /= 10;
    }
    int nd = P;
    while (nd > 1 && dig[nd - 1] == '0')
        nd--;
    char *p = buf;
    if (neg)
        *p++ = '-';
    if (x10 < -4 || x10 >= P) {
        *p++ = dig[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, dig + 1, (size_t)nd - 1);
            p += nd - 1;
        }
        *p++ = 'e';
        *p++ = x10 < 0 ? '-' : '+';
        int ax = x10 < 0 ? -x10 : x10;
        if (ax >= 100)
            *p++ = (char)('0' + ax / 100);
        *p++ = (char)('0' + ax / 10 % 10);
        *p++ = (char)('0' + ax % 10);
    } else if (x10 >= 0) {
        int intd = x10 + 1;
        for (int i = 0; i < intd; i++)
            *p++ = i < nd ? dig[i] : '0';
        if (nd > intd) {
            *p++ = '.';
            memcpy(p, dig + intd, (size_t)(nd - intd));
            p += nd - intd;
        }
    } else {
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -x10 - 1; i++)
            *p++ = '0';
        memcpy(p, dig, (size_t)nd);
        p += nd;
    }
    *p = '\0';
    return (int)(p - buf);
}

static int by_printf(char *buf, double v)
{
    int n = snprintf(buf, 32, "%.16g", v);
    if (strtod(buf, NULL) != v)
        n = snprintf(buf, 32, "%.17g", v);
    for (int i = 0; i < n; i++)
        if (buf[i] == ',')
            buf[i] = '.';
    return n;
}

int mo2c_rt_format_real(char *buf, double v)
{
    if (v == 0.0) {
        buf[0] = '0', buf[1] = '\0';
        return 1; /* also for -0: a sign on zero only confuses readers of the file */
    }
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int neg = (int)(bits >> 63), bexp = (int)((bits >> 52) & 0x7ff);
    if (bexp == 0 || bexp == 0x7ff) /* subnormal, Inf, NaN */
        return by_printf(buf, v);
    uint64_t m = (bits & (((uint64_t)1 << 52) - 1)) | ((uint64_t)1 << 52);
    int e = bexp - 1075;
    int x10 = (int)floor(log10(fabs(v)));
    uint64_t N;
    int x, rt;
    if (digits(m, e, 16, x10, &N, &x, &rt) != 0)
        return by_printf(buf, v);
    if (rt)
        return layout(buf, neg, N, x, 16);
    if (digits(m, e, 17, x10, &N, &x, &rt) != 0)
        return by_printf(buf, v);
    return layout(buf, neg, N, x, 17);
}
