/*
 * rational.c - exact rational arithmetic over 64-bit integers (rational.h): reduced after every
 * operation, operands cross-reduced before a product so that no intermediate overflows needlessly, and
 * overflow detected (GCC's checked builtins), giving the invalid value that every later operation keeps.
 */
#include "rational.h"

#include <stdint.h>

static const mo_rat invalid = {0, 0};

static long long gcdll(long long a, long long b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* a * b, or false when it overflows */
static bool mul(long long a, long long b, long long *out)
{
    return !__builtin_mul_overflow(a, b, out);
}

mo_rat mo_rat_make(long long n, long long d)
{
    if (d == 0 || n == INT64_MIN || d == INT64_MIN)
        return invalid;
    if (d < 0)
        n = -n, d = -d;
    long long g = gcdll(n, d);
    return g > 1 ? (mo_rat){n / g, d / g} : (mo_rat){n, d};
}

mo_rat mo_rat_mul(mo_rat a, mo_rat b)
{
    if (!mo_rat_valid(a) || !mo_rat_valid(b))
        return invalid;
    long long g1 = gcdll(a.n, b.d), g2 = gcdll(b.n, a.d), n, d;
    g1 = g1 ? g1 : 1;
    g2 = g2 ? g2 : 1;
    if (!mul(a.n / g1, b.n / g2, &n) || !mul(a.d / g2, b.d / g1, &d))
        return invalid;
    return mo_rat_make(n, d);
}

mo_rat mo_rat_div(mo_rat a, mo_rat b)
{
    if (!mo_rat_valid(b) || b.n == 0)
        return invalid;
    return mo_rat_mul(a, mo_rat_make(b.d, b.n));
}

mo_rat mo_rat_add(mo_rat a, mo_rat b)
{
    if (!mo_rat_valid(a) || !mo_rat_valid(b))
        return invalid;
    long long g = gcdll(a.d, b.d), x, y, s, d;
    if (!mul(a.n, b.d / g, &x) || !mul(b.n, a.d / g, &y) || __builtin_add_overflow(x, y, &s) ||
        !mul(a.d / g, b.d, &d))
        return invalid;
    return mo_rat_make(s, d);
}

mo_rat mo_rat_sub(mo_rat a, mo_rat b)
{
    return mo_rat_add(a, (mo_rat){-b.n, b.d});
}

mo_rat mo_rat_gcd(mo_rat a, mo_rat b)
{
    if (!mo_rat_valid(a) || !mo_rat_valid(b))
        return invalid;
    long long l, x, y;   /* over the common denominator l */
    if (!mul(a.d / gcdll(a.d, b.d), b.d, &l) || !mul(a.n, l / a.d, &x) || !mul(b.n, l / b.d, &y))
        return invalid;
    return mo_rat_make(gcdll(x, y), l);
}
