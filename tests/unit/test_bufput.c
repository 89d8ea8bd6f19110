/*
 * test_bufput.c - the number writers of bufput.h that the --flat printer and the expression printer use
 * instead of printf: mo_put_ll and mo_dec_at against snprintf, at every digit-count boundary (9/10,
 * 99/100, ...), the extremes of long long and unsigned long long, and a sweep of small values (line and
 * column numbers).
 */
#include "base.h"
#include "bufput.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)

static void check_ll(long long v)
{
    mo_buf b = {0};
    char want[32];
    MO_PUT_LIT(&b, "<");
    mo_put_ll(&b, v);
    MO_PUT_LIT(&b, ">");
    snprintf(want, sizeof want, "<%lld>", v);
    if (b.len != strlen(want) || memcmp(b.s, want, b.len) != 0) {
        fprintf(stderr, "mo_put_ll(%lld) wrote '%.*s'\n", v, (int)b.len, b.s);
        failures++;
    }
}

static void check_dec(unsigned long long u)
{
    char got[24], want[24];
    memset(got, '#', sizeof got);
    size_t n = mo_dec_at(got, u);
    snprintf(want, sizeof want, "%llu", u);
    CHECK(n == strlen(want) && memcmp(got, want, n) == 0);
    CHECK(got[n] == '#');   /* nothing written past the digits */
}

int main(void)
{
    unsigned long long p = 1;
    for (int k = 0; k < 20; k++, p *= 10) {   /* 10^k - 1, 10^k, 10^k + 1 */
        check_dec(p - 1);
        check_dec(p);
        check_dec(p + 1);
        if (p <= (unsigned long long)LLONG_MAX) {
            check_ll((long long)p);
            check_ll(-(long long)p);
            check_ll((long long)p - 1);
            check_ll(1 - (long long)p);
        }
    }
    check_dec(ULLONG_MAX);
    check_ll(LLONG_MAX);
    check_ll(LLONG_MIN);
    check_ll(0);
    for (unsigned long long u = 0; u < 200000; u++)
        check_dec(u);
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures != 0;
}
