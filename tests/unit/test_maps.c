/*
 * test_maps.c - the name tables of base.c: interned strings of every length around the 4/8/16-byte
 * boundaries where the slot's key changes form (strings that differ in one byte anywhere stay apart),
 * and maps: insertion order kept through replacing values, mo_map_put_new, mo_map_reserve, and position
 * views (mo_map_view_positions, which layouts share with their class's scope).
 */
#include "base.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)

/* Every string of length 0..40 and the same strings with one byte changed intern to distinct pointers,
 * and interning a copy gives the first pointer back. */
static void test_intern_lengths(void)
{
    char a[64], b[64];
    for (int n = 0; n <= 40; n++) {
        for (int i = 0; i < n; i++)
            a[i] = (char)('a' + (i * 7) % 26);
        const char *pa = mo_intern(a, (size_t)n);
        CHECK(strlen(pa) == (size_t)n && memcmp(pa, a, (size_t)n) == 0);
        memcpy(b, a, (size_t)n);
        CHECK(mo_intern(b, (size_t)n) == pa);
        for (int k = 0; k < n; k++) {
            b[k] = 'Z';
            const char *pb = mo_intern(b, (size_t)n);
            CHECK(pb != pa && memcmp(pb, b, (size_t)n) == 0);
            b[k] = a[k];
        }
        if (n > 0)
            CHECK(mo_intern(a, (size_t)n - 1) != pa);
    }
}

static void test_map_order(void)
{
    enum { N = 1000 };
    const char **names = MO_NEWN(const char *, N);
    mo_map m = {0};
    mo_map_reserve(&m, N / 2);   /* then grows past what was reserved */
    char buf[32];
    for (int i = 0; i < N; i++) {
        int len = snprintf(buf, sizeof buf, "x%d", i);
        names[i] = mo_intern(buf, (size_t)len);
        CHECK(mo_map_put_new(&m, names[i], (void *)(intptr_t)(i + 1)) == NULL);
    }
    CHECK(mo_map_put_new(&m, names[5], (void *)(intptr_t)99) == (void *)(intptr_t)6);   /* unchanged */
    mo_map_put(&m, names[7], (void *)(intptr_t)-7);                                     /* replaced */
    CHECK(mo_map_count(&m) == N);
    bool ordered = true;
    for (int i = 0; i < N; i++)
        ordered = ordered && m.order_keys.v[i] == names[i] &&
                  m.order_vals.v[i] == (void *)(intptr_t)(i == 7 ? -7 : i + 1);
    CHECK(ordered);
    CHECK(mo_map_get(&m, mo_intern_cstr("absent")) == NULL && !mo_map_has(&m, mo_intern_cstr("absent")));

    /* a view of the first 600 keys: positions + 1, later keys and keys added afterwards invisible */
    mo_map v;
    mo_map_view_positions(&v, &m, 600);
    CHECK(mo_map_count(&v) == 600);
    CHECK(mo_map_get(&v, names[0]) == (void *)(intptr_t)1);
    CHECK(mo_map_get(&v, names[7]) == (void *)(intptr_t)8);
    CHECK(mo_map_get(&v, names[599]) == (void *)(intptr_t)600 && mo_map_has(&v, names[599]));
    CHECK(mo_map_get(&v, names[600]) == NULL && !mo_map_has(&v, names[600]));
    for (int i = 0; i < 5000; i++) {   /* grows the table under the view */
        int len = snprintf(buf, sizeof buf, "y%d", i);
        mo_map_put(&m, mo_intern(buf, (size_t)len), NULL);
    }
    bool seen = true;
    for (int i = 0; i < 600; i++)
        seen = seen && mo_map_get(&v, names[i]) == (void *)(intptr_t)(i + 1);
    CHECK(seen);
    CHECK(mo_map_get(&v, mo_intern_cstr("y1")) == NULL);
    CHECK(mo_map_has(&m, mo_intern_cstr("y1")) && mo_map_get(&m, mo_intern_cstr("y1")) == NULL);
}

int main(void)
{
    test_intern_lengths();
    test_map_order();
    mo_arena_free_all();
    return failures ? 1 : 0;
}
