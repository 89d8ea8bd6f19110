/*
 * fmtreal.c - reals as result-file text: the shortest decimal that reads back as the same double
 * (12.72, not 12.719999999999999), in printf's %.17g layout, with '.' as decimal point whatever the
 * locale.
 *
 * Input: a double. Output: text in buf (at most 25 characters + NUL), its length.
 *
 * The method is the one of the Ryu family of algorithms (Adams, PLDI 2018), written here from its idea
 * with exact 128-bit integer arithmetic instead of Ryu's tables of powers of five:
 *   v = m * 2^e. The doubles next to v are half an ulp away on each side, so every real in the interval
 *   [v - ulp_below/2, v + ulp/2] reads back as v (its ends too when m is even: strtod rounds ties to
 *   even). With mv = 4m, mp = 4m + 2 and mm = 4m - 2 (4m - 1 at a power of two, where the gap below is
 *   half as wide), v and the interval's ends are mv, mp, mm times 2^(e-2).
 *   Scaled by 10^-q so that v has 18 digits, floor() of the three gives the integers vr, vp, vm, and
 *   whether each division was exact. Then decimal digits are dropped from all three while the interval
 *   [vm, vp] still holds an integer one digit shorter; the last dropped digits decide the rounding of vr
 *   (to the nearest, ties to even when everything dropped was exactly half), and vr rounded up when it
 *   fell on an end the interval excludes.
 * 10^-q = 5^-q * 2^-q: only the power of five multiplies (or divides), the power of two shifts, so the
 * 128-bit products hold for magnitudes from about 1e-14 to 1e47, which is where result values live.
 * Other magnitudes and subnormals go through printf (%.{P}e for P = 1..17 until it, or the decimal one
 * unit above it, reads back; the digits are laid out here, so a locale's ',' never appears).
 *
 * Async-signal-safe for every value of the 128-bit range (guard.c formats times with it in a handler).
 */
#include "rt_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

/* ---- powers of five with 125 significant bits ----
 * pow5_hi[i] = the leading 125 bits of 5^i (rounded down), i < NPOW5;
 * pow5_inv[q] = floor(2^(bits(5^q) - 1 + 125) / 5^q) + 1, q < NPOW5_INV.
 * Computed once (mo2c_rt_format_init) from exact multi-word integers; with these precisions the
 * products below give vr, vp, vm exactly for every double (the Ryu paper's bound). They are constants
 * once made: the only static data of this file, made before any signal handler may format a number. */
enum { BITS = 125, NPOW5 = 326, NPOW5_INV = 342, LIMBS = 40 };
static uint64_t pow5_hi[NPOW5][2], pow5_inv[NPOW5_INV][2];
static volatile int tables_made;

/* bits(5^e) for 0 <= e <= 3528 */
static int pow5bits(int e)
{
    return (int)(((uint32_t)e * 1217359u) >> 19) + 1;
}

/* floor(log10(2^e)), floor(log10(5^e)) for 0 <= e <= 1650 */
static int log10_pow2(int e)
{
    return (int)(((uint32_t)e * 78913u) >> 18);
}
static int log10_pow5(int e)
{
    return (int)(((uint32_t)e * 732923u) >> 20);
}

/* bits [from, from + n) of the little-endian number x (32-bit limbs), as (low, high) */
static void take_bits(const uint32_t *x, int from, int n, uint64_t out[2])
{
    out[0] = out[1] = 0;
    for (int b = 0; b < n; b++) {
        int k = from + b;
        if (k >= 0 && (x[k / 32] >> (k % 32)) & 1u)
            out[b / 64] |= (uint64_t)1 << (b % 64);
    }
}

void mo2c_rt_format_init(void)
{
    if (tables_made)
        return;
    uint32_t x[LIMBS];
    memset(x, 0, sizeof x);
    x[0] = 1;                                    /* 5^i, i = 0, 1, ... */
    for (int i = 0; i < NPOW5; i++) {
        take_bits(x, pow5bits(i) - BITS, BITS, pow5_hi[i]);
        uint64_t carry = 0;
        for (int k = 0; k < LIMBS; k++) {
            uint64_t t = (uint64_t)x[k] * 5u + carry;
            x[k] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    /* floor(2^1248 / 5^q) by dividing by 5 again and again: floor(floor(a/5)/5) = floor(a/25) */
    enum { TOP = 1248 };
    memset(x, 0, sizeof x);
    x[TOP / 32] = 1u << (TOP % 32);
    for (int q = 0; q < NPOW5_INV; q++) {
        /* floor(2^(bits - 1 + 125) / 5^q) = floor(x / 2^(TOP - bits + 1 - 125)) */
        take_bits(x, TOP - (pow5bits(q) - 1 + BITS), BITS + 1, pow5_inv[q]);   /* 2^125 at q = 0 */
        if (++pow5_inv[q][0] == 0)
            pow5_inv[q][1]++;
        uint64_t rem = 0;
        for (int k = LIMBS - 1; k >= 0; k--) {
            uint64_t t = (rem << 32) | x[k];
            x[k] = (uint32_t)(t / 5);
            rem = t % 5;
        }
    }
    tables_made = 1;
}

/* (m * mul) >> j for a 125-bit mul, j >= 64 */
static uint64_t mul_shift(uint64_t m, const uint64_t mul[2], int j)
{
    u128 lo = (u128)m * mul[0], hi = (u128)m * mul[1];
    return (uint64_t)(((lo >> 64) + hi) >> (j - 64));
}

static int pow5_factor(uint64_t v)
{
    int n = 0;
    while (v % 5 == 0) {
        v /= 5;
        n++;
    }
    return n;
}

/* The shortest digits of v = m * 2^e (m < 2^53; normal: 2^52 <= m) as *digits times 10^(*exp10). */
static void shortest(uint64_t m, int e, int narrow_below, uint64_t *digits, int *exp10)
{
    int accept = (m & 1) == 0;              /* ties to even: the interval's ends read back as v */
    int mm_shift = narrow_below ? 0 : 1;
    uint64_t mv = 4 * m;
    int e2 = e - 2, e10;
    uint64_t vr, vp, vm;
    int vm_zeros = 0, vr_zeros = 0;
    if (e2 >= 0) {                          /* v * 10^-q, q >= 0 */
        int q = log10_pow2(e2) - (e2 > 3);
        e10 = q;
        int j = -e2 + q + BITS + pow5bits(q) - 1;
        vr = mul_shift(mv, pow5_inv[q], j);
        vp = mul_shift(mv + 2, pow5_inv[q], j);
        vm = mul_shift(mv - 1 - (uint64_t)mm_shift, pow5_inv[q], j);
        if (q <= 21) {                      /* exact divisions are possible only then */
            if (mv % 5 == 0)
                vr_zeros = pow5_factor(mv) >= q;
            else if (accept)
                vm_zeros = pow5_factor(mv - 1 - (uint64_t)mm_shift) >= q;
            else
                vp -= pow5_factor(mv + 2) >= q;
        }
    } else {                                /* v * 10^-q with q < 0: times 5^i, shifted */
        int q = log10_pow5(-e2) - (-e2 > 1);
        e10 = q + e2;
        int i = -e2 - q, j = q - (pow5bits(i) - BITS);
        vr = mul_shift(mv, pow5_hi[i], j);
        vp = mul_shift(mv + 2, pow5_hi[i], j);
        vm = mul_shift(mv - 1 - (uint64_t)mm_shift, pow5_hi[i], j);
        if (q <= 1) {                       /* the products are exact: mv has q zero bits */
            vr_zeros = 1;
            if (accept)
                vm_zeros = mm_shift == 1;
            else
                vp--;
        } else if (q < 63) {
            vr_zeros = (mv & (((uint64_t)1 << q) - 1)) == 0;
        }
    }
    /* drop digits while [vm, vp] still holds a shorter number; the dropped digits round vr */
    int removed = 0, last = 0;
    if (vm_zeros || vr_zeros) {
        while (vp / 10 > vm / 10) {
            vm_zeros &= vm % 10 == 0;
            vr_zeros &= last == 0;
            last = (int)(vr % 10);
            vr /= 10;
            vp /= 10;
            vm /= 10;
            removed++;
        }
        if (vm_zeros)                       /* vm ends in zeros and may be taken: drop them too */
            while (vm % 10 == 0) {
                vr_zeros &= last == 0;
                last = (int)(vr % 10);
                vr /= 10;
                vp /= 10;
                vm /= 10;
                removed++;
            }
        if (vr_zeros && last == 5 && vr % 2 == 0)
            last = 4;                       /* exactly half: to even */
        *digits = vr + ((vr == vm && (!accept || !vm_zeros)) || last >= 5);
    } else {                                /* the common case: no exact ends to care about */
        while (vp / 100 > vm / 100) {       /* two digits at a time while possible */
            last = (int)(vr % 100) >= 50;
            vr /= 100;
            vp /= 100;
            vm /= 100;
            removed += 2;
            last = last ? 5 : 0;
        }
        while (vp / 10 > vm / 10) {
            last = (int)(vr % 10);
            vr /= 10;
            vp /= 10;
            vm /= 10;
            removed++;
        }
        *digits = vr + (vr == vm || last >= 5);
    }
    *exp10 = e10 + removed;
}

/* printf's %.17g layout of digits * 10^exp10 (no trailing zeros in digits needed). */
static int layout(char *buf, int neg, uint64_t digits, int exp10)
{
    char dig[24];
    int nd = 0;
    for (uint64_t n = digits; n; n /= 10)
        dig[nd++] = (char)('0' + n % 10);
    for (int i = 0; i < nd / 2; i++) {      /* most significant first */
        char c = dig[i];
        dig[i] = dig[nd - 1 - i];
        dig[nd - 1 - i] = c;
    }
    while (nd > 1 && dig[nd - 1] == '0') {
        nd--;
        exp10++;
    }
    int x10 = exp10 + nd - 1;               /* the exponent of the first digit */
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
        *p++ = 'e';
        *p++ = x10 < 0 ? '-' : '+';
        int ax = x10 < 0 ? -x10 : x10;
        if (ax >= 100)
            *p++ = (char)('0' + ax / 100);
        *p++ = (char)('0' + ax / 10 % 10);
        *p++ = (char)('0' + ax % 10);
    } else if (x10 >= 0) {
        for (int i = 0; i <= x10; i++)
            *p++ = i < nd ? dig[i] : '0';
        if (nd > x10 + 1) {
            *p++ = '.';
            memcpy(p, dig + x10 + 1, (size_t)(nd - x10 - 1));
            p += nd - x10 - 1;
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

/* Outside the 128-bit range: the fewest significant digits P for which printf's correctly rounded
 * P-digit decimal, or the one a unit above it (the gap below a power of two is the narrower), reads
 * back as v; in the layout above. */
static int by_printf(char *buf, double v)
{
    if (v != v || v == HUGE_VAL || v == -HUGE_VAL)
        return snprintf(buf, 32, "%g", v);
    char s[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(s, sizeof s, "%.*e", prec - 1, v < 0 ? -v : v);
        char *e = strchr(s, 'e');
        int x = atoi(e + 1) - (prec - 1);
        uint64_t n = 0;
        for (const char *c = s; c < e; c++)
            if (*c >= '0' && *c <= '9')
                n = 10 * n + (uint64_t)(*c - '0');
        for (int up = 0; up < 2; up++) {
            snprintf(s, sizeof s, "%llue%d", (unsigned long long)(n + (uint64_t)up), x);
            if (strtod(s, NULL) == (v < 0 ? -v : v))
                return layout(buf, v < 0, n + (uint64_t)up, x);
        }
    }
    return snprintf(buf, 32, "%.17g", v);   /* not reached: 17 digits always read back */
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
    if (bexp == 0x7ff || !tables_made) /* Inf, NaN; before mo2c_rt_format_init */
        return by_printf(buf, v);
    uint64_t frac = bits & (((uint64_t)1 << 52) - 1);
    uint64_t digits;
    int exp10;
    /* at a power of two (frac 0, not the smallest normal) the gap below v is half the gap above;
     * subnormals are frac * 2^-1074 */
    if (bexp == 0)
        shortest(frac, -1074, 0, &digits, &exp10);
    else
        shortest(frac | ((uint64_t)1 << 52), bexp - 1075, frac == 0 && bexp > 1, &digits, &exp10);
    return layout(buf, neg, digits, exp10);
}
