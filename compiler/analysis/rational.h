/*
 * rational.h - exact rational numbers of 64-bit integers (rational.c), for the clocks of the synchronous
 * language (clocks.c: periods and shifts of sub-clocks, 16.7.4, which the specification wants handled
 * up to factors of 2^63).
 *
 * A value is n / d reduced with d > 0. An operation whose result does not fit (or a division by zero)
 * gives the invalid value d = 0, and every operation on an invalid value gives it again: a caller checks
 * once, at the end (mo_rat_valid), instead of after each step.
 */
#ifndef MO2C_RATIONAL_H
#define MO2C_RATIONAL_H

#include <stdbool.h>

typedef struct mo_rat { long long n, d; } mo_rat;

mo_rat mo_rat_make(long long n, long long d);   /* n / d reduced (d = 0: invalid) */
mo_rat mo_rat_mul(mo_rat a, mo_rat b);
mo_rat mo_rat_div(mo_rat a, mo_rat b);
mo_rat mo_rat_add(mo_rat a, mo_rat b);
mo_rat mo_rat_sub(mo_rat a, mo_rat b);
/* the largest g of which a and b (both >= 0) are whole multiples; gcd(0, b) = b */
mo_rat mo_rat_gcd(mo_rat a, mo_rat b);
static inline bool mo_rat_eq(mo_rat a, mo_rat b) { return a.n == b.n && a.d == b.d; }
static inline bool mo_rat_valid(mo_rat a) { return a.d > 0; }

#endif
