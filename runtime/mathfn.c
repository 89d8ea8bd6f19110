/*
 * mathfn.c - the built-in functions of Modelica that generated code cannot write as a C expression:
 * mod, rem, div (integer division towards zero) and semiLinear.
 *
 * Input: values and the `where` text of the equation or function statement being evaluated. Output:
 * the value, or a failure recorded like the checked math of algebra.c (a zero divisor).
 * These functions are discontinuous in their arguments; for now they are evaluated as they are, without
 * generating events (the integrator steps over the jumps).
 */
#include "rt_internal.h"

#include <math.h>

static double zero_divisor(mo2c_data *d, const char *fn, double a, const char *where, int *ok)
{
    if (*ok)
        mo2c_fail(d, "%s(%.17g, 0): division by zero in equation %s", fn, a,
                  where && *where ? where : "(unknown equation)");
    *ok = 0;
    return 0.0;
}

double mo2c_mod(mo2c_data *d, double a, double b, const char *where, int *ok)
{
    if (b == 0.0)
        return zero_divisor(d, "mod", a, where, ok);
    return a - floor(a / b) * b;
}

double mo2c_rem(mo2c_data *d, double a, double b, const char *where, int *ok)
{
    if (b == 0.0)
        return zero_divisor(d, "rem", a, where, ok);
    return a - trunc(a / b) * b;
}

double mo2c_idiv(mo2c_data *d, double a, double b, const char *where, int *ok)
{
    if (b == 0.0)
        return zero_divisor(d, "div", a, where, ok);
    return trunc(a / b);
}

double mo2c_semiLinear(mo2c_data *d, double x, double k_pos, double k_neg, const char *where, int *ok)
{
    (void)d;
    (void)where;
    (void)ok;
    return x >= 0.0 ? k_pos * x : k_neg * x;
}

int mo2c_index(mo2c_data *d, double k, int n, const char *what, int *ok)
{
    if (k >= 1 && k <= n && k == floor(k))
        return (int)k - 1;
    if (*ok)
        mo2c_fail(d, "index %.17g out of range 1..%d for %s", k, n, what);
    *ok = 0;
    return 0;
}
