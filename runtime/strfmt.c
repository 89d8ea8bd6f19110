/*
 * strfmt.c - the arguments of String(v, ...) conversions in the messages of assert and terminate.
 *
 * Generated code builds a printf format for a message at compile time (every conversion in it chosen
 * from a whitelist by the compiler, model text only as literal characters) and passes the values. The
 * values of significantDigits, minimumLength and leftJustified may be parameter expressions, so they
 * reach printf as '*' arguments; these functions make them safe for printf whatever the model computes:
 * clamped ranges, no undefined conversion of a huge or NaN double to an integer.
 */
#include "rt_internal.h"

#include <math.h>

static int clamp(double v, int lo, int hi)
{
    if (!(v >= lo))          /* NaN too */
        return lo;
    return v > hi ? hi : (int)v;
}

int mo2c_str_width(double min_length, double left_justified)
{
    int w = clamp(min_length, 0, MO2C_STR_MAX_WIDTH);
    return left_justified != 0 ? -w : w;
}

int mo2c_str_digits(double significant_digits)
{
    return clamp(significant_digits, 1, MO2C_STR_MAX_DIGITS);
}

long long mo2c_str_int(double v)
{
    if (isnan(v))
        return 0;
    if (v >= 9.2e18)
        return 9200000000000000000LL;
    if (v <= -9.2e18)
        return -9200000000000000000LL;
    return (long long)v;
}

int mo2c_str_index(double v, int n)
{
    return v >= 1 && v <= n && v == floor(v) ? (int)v : 0;
}
