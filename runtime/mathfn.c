/*
 * mathfn.c - the built-in functions of Modelica that generated code cannot write as a C expression:
 * mod, rem, div (integer division towards zero) and semiLinear; Integer +, - and * with overflow checked;
 * and the checked math (division, sqrt, log, asin, acos, pow outside their domains). Checked math
 * records only the first failure of an evaluation: generated code may finish the expression before it
 * looks at *ok, and the first bad operand is the one the user needs to see.
 *
 * Input: values and the `where` text of the equation or function statement being evaluated. Output:
 * the value, or a failure recorded in d->error (mo2c_fail, algebra.c) with *ok cleared.
 * mod, rem and div are discontinuous in their arguments; here they are evaluated as they are (the
 * compiler makes the events of those outside noEvent).
 */
#include "rt_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* ---- checked math ---- */

double mo2c_div(mo2c_data *d, double a, double b, const char *where, int *ok)
{
    if (b == 0.0) {
        if (*ok)
            mo2c_fail(d, "division by zero in equation %s", mo2c_rt_where(where));
        *ok = 0;
        return 0.0;
    }
    return a / b;
}

double mo2c_sqrt(mo2c_data *d, double a, const char *where, int *ok)
{
    if (a < 0.0) {
        if (*ok)
            mo2c_fail(d, "sqrt of negative number %.17g in equation %s", a, mo2c_rt_where(where));
        *ok = 0;
        return 0.0;
    }
    return sqrt(a);
}

double mo2c_log(mo2c_data *d, double a, const char *where, int *ok)
{
    if (!(a > 0.0)) {
        if (*ok)
            mo2c_fail(d, "log of non-positive number %.17g in equation %s", a, mo2c_rt_where(where));
        *ok = 0;
        return 0.0;
    }
    return log(a);
}

/* asin and acos outside [-1, 1] (NaN in C): a parameter's binding, which the compiler checks only when it
 * knows the argument, gave a NaN parameter that a relation then read as false (review 06) */
static double arc(mo2c_data *d, double a, int cosine, const char *where, int *ok)
{
    if (!(fabs(a) <= 1.0)) {
        if (*ok)
            mo2c_fail(d, "%s of %.17g, outside [-1, 1], in equation %s", cosine ? "acos" : "asin", a,
                      mo2c_rt_where(where));
        *ok = 0;
        return 0.0;
    }
    return cosine ? acos(a) : asin(a);
}

double mo2c_asin(mo2c_data *d, double a, const char *where, int *ok)
{
    return arc(d, a, 0, where, ok);
}

double mo2c_acos(mo2c_data *d, double a, const char *where, int *ok)
{
    return arc(d, a, 1, where, ok);
}

double mo2c_pow(mo2c_data *d, double a, double b, const char *where, int *ok)
{
    if (a < 0.0 && b != floor(b)) {
        if (*ok)
            mo2c_fail(d, "pow(%.17g, %.17g): negative base with a non-integer exponent in equation %s", a, b,
                      mo2c_rt_where(where));
        *ok = 0;
        return 0.0;
    }
    if (a == 0.0 && b < 0.0) {
        if (*ok)
            mo2c_fail(d, "pow(0, %.17g): division by zero in equation %s", b, mo2c_rt_where(where));
        *ok = 0;
        return 0.0;
    }
    return pow(a, b);
}

/* ---- mod, rem, div, semiLinear, Integer arithmetic ---- */

static double zero_divisor(mo2c_data *d, const char *fn, double a, const char *where, int *ok)
{
    if (*ok)
        mo2c_fail(d, "%s(%.17g, 0): division by zero in equation %s", fn, a, mo2c_rt_where(where));
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

/* abs(a) or div(a, b) of Integers, integer(a) of a Real (op 'a', 'd', 'i'): the value, or a failure when it
 * leaves the Integer range (a zero divisor fails in mo2c_idiv) */
static double int_call(mo2c_data *d, double a, double b, int op, const char *where, int *ok)
{
    double r = op == 'a' ? fabs(a) : op == 'i' ? floor(a) : mo2c_idiv(d, a, b, where, ok);
    if (r >= INT32_MIN && r <= INT32_MAX)
        return r;
    if (*ok) {
        char call[96];
        if (op == 'd')
            snprintf(call, sizeof call, "div(%.17g, %.17g)", a, b);
        else
            snprintf(call, sizeof call, "%s(%.17g)", op == 'a' ? "abs" : "integer", a);
        mo2c_fail(d, "Integer overflow: %s is outside the Integer range %d..%d in equation %s", call, INT32_MIN,
                  INT32_MAX, mo2c_rt_where(where));
    }
    *ok = 0;
    return 0.0;
}

double mo2c_iop(mo2c_data *d, double a, double b, int op, const char *where, int *ok)
{
    if (op == 'a' || op == 'd' || op == 'i')
        return int_call(d, a, b, op, where, ok);
    int32_t r = 0;
    bool over = !(a >= INT32_MIN && a <= INT32_MAX && b >= INT32_MIN && b <= INT32_MAX);
    if (!over) {
        int32_t x = (int32_t)a, y = (int32_t)b;
        over = op == '+' ? __builtin_add_overflow(x, y, &r)
             : op == '-' ? __builtin_sub_overflow(x, y, &r) : __builtin_mul_overflow(x, y, &r);
    }
    if (!over)
        return r;
    if (*ok)
        mo2c_fail(d, "Integer overflow: %.17g %c %.17g is outside the Integer range %d..%d in equation %s", a, op,
                  b, INT32_MIN, INT32_MAX, mo2c_rt_where(where));
    *ok = 0;
    return 0.0;
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
