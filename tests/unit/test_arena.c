/*
 * test_arena.c - the memory services of base.c that the front end's scale depends on: zeroed blocks,
 * vectors grown by doubling (small blocks grown in place, big blocks grown by the kernel without a
 * copy) keeping their contents and zeroing what is new, hash tables and interned strings across many
 * resizes, the packed source location (mo_loc_make clamps), and the packed expression node (fields of
 * one kind of node do not disturb the fields that every node has), and the thread that pre-faults the
 * arena across a fork.
 */
#include "ast.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)

static bool all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* A vector of ints grown by MO_PUSH past the big-block threshold: every value survives every move. */
static void test_vector(void)
{
    MO_VEC(int) v = {0};
    const int n = 3000000;   /* 12 MB: several big-block growths */
    for (int i = 0; i < n; i++)
        MO_PUSH(v, i * 7);
    bool ok = v.n == n;
    for (int i = 0; ok && i < n; i++)
        ok = v.v[i] == i * 7;
    CHECK(ok);
}

/* mo_realloc_arena: contents kept, the new part zero, for the latest small block (grown in place),
 * an older small block (copied) and a big block (remapped), even when the caller wrote past oldsize. */
static void test_realloc(void)
{
    unsigned char *a = mo_alloc(40);
    memset(a, 0xAB, 40);
    a = mo_realloc_arena(a, 24, 200);   /* bytes 24..39 were written: they must come back zero */
    CHECK(a[0] == 0xAB && a[23] == 0xAB);
    CHECK(all_zero(a + 24, 176));

    unsigned char *old = mo_alloc(64);
    memset(old, 0x5A, 64);
    (void)mo_alloc(8);                  /* old is no longer the latest block */
    unsigned char *b = mo_realloc_arena(old, 64, 1000);
    CHECK(b != old && b[0] == 0x5A && b[63] == 0x5A && all_zero(b + 64, 936));

    size_t big = (size_t)1 << 20;
    unsigned char *c = mo_alloc(big);
    CHECK(all_zero(c, big));
    memset(c, 0x33, big);
    c = mo_realloc_arena(c, big - 100, 8 * big);   /* the last 100 bytes were written: zero again */
    CHECK(c[0] == 0x33 && c[big - 101] == 0x33);
    CHECK(all_zero(c + big - 100, 7 * big + 100));
    CHECK(mo_realloc_arena(c, 8 * big, 4 * big) == c);   /* never shrinks */
}

/* Interned strings and maps through many resizes. */
static void test_intern_and_map(void)
{
    enum { N = 300000 };
    const char **names = MO_NEWN(const char *, N);
    mo_map m = {0};
    char buf[32];
    for (int i = 0; i < N; i++) {
        int len = snprintf(buf, sizeof buf, "inertia%d.flange_a.phi", i);
        names[i] = mo_intern(buf, (size_t)len);
        mo_map_put(&m, names[i], (void *)(intptr_t)(i + 1));
    }
    bool same = true, found = true;
    for (int i = 0; i < N; i++) {
        int len = snprintf(buf, sizeof buf, "inertia%d.flange_a.phi", i);
        same = same && mo_intern(buf, (size_t)len) == names[i] && strcmp(names[i], buf) == 0;
        found = found && (intptr_t)mo_map_get(&m, names[i]) == i + 1;
    }
    CHECK(same);
    CHECK(found);
    CHECK(mo_map_count(&m) == N);
    CHECK(mo_intern("inertia1", 8) != mo_intern("inertia10", 9));
    CHECK(mo_intern("abc", 2) == mo_intern_cstr("ab"));
}

static void test_loc(void)
{
    mo_loc l = mo_loc_make(NULL, 7, 12, 5);
    CHECK(l.line == 7 && l.col == 12 && l.len == 5);
    l = mo_loc_make(NULL, 1, 5000000, 100000);   /* saturate, never wrap */
    CHECK(l.col == MO_LOC_MAX_COL && l.len == MO_LOC_MAX_LEN);
    CHECK(sizeof(mo_loc) <= 16);
}

/* The union of mo_expr: writing the fields of one kind leaves n, a, var, loc and depth alone. */
static void test_expr_layout(void)
{
    mo_loc loc = mo_loc_make(NULL, 3, 4, 1);
    mo_expr *i = mo_expr_int(loc, -42);
    i->text = "-42";
    CHECK(i->kind == MO_EX_INT && i->ival == -42 && i->n == 0 && i->nnamed == 0);
    CHECK(i->loc.line == 3 && i->loc.col == 4 && i->depth == 1);
    mo_expr *b = mo_expr_binary(loc, MO_OP_MUL, i, mo_expr_real(loc, 2.5));
    CHECK(b->kind == MO_EX_BINARY && b->op == MO_OP_MUL && b->n == 2 && b->depth == 2);
    mo_expr *c = mo_expr_copy(b);
    CHECK(c != b && c->a[0] != i && c->a[0]->ival == -42 && strcmp(c->a[0]->text, "-42") == 0);
    CHECK(c->a[1]->real == 2.5);
    mo_buf s = {0};
    mo_expr_print(&s, c, NULL, NULL);
    CHECK(strcmp(mo_buf_str(&s), "(-42) * 2.5") == 0);   /* a negative literal is a signed term */
    /* depth saturates instead of wrapping */
    mo_expr *e = mo_expr_real(loc, 1);
    for (int k = 0; k < 70000; k++)
        e = mo_expr_unary(loc, MO_OP_NEG, e);
    CHECK(e->depth == 65535);
}

/* Past the first 64 MB chunk a thread pre-faults the arena (base.c). Its blocks are zero and keep what is
 * written, and a process forked meanwhile (mo2c regress's workers) goes on allocating without it: the
 * child must not hang on the thread's lock (an alarm ends it if it does) nor lose data. */
static unsigned char *fill_chunks(size_t total, unsigned char mark)
{
    unsigned char *first = NULL;
    for (size_t done = 0; done < total; done += 4096) {
        unsigned char *p = mo_alloc(4096);
        if (!all_zero(p, 4096))
            return NULL;
        memset(p, mark, 4096);
        if (!first)
            first = p;
    }
    return first;
}

static void test_prefault_and_fork(void)
{
    unsigned char *a = fill_chunks((size_t)160 << 20, 0x11);   /* starts the thread */
    CHECK(a && a[0] == 0x11 && a[4095] == 0x11);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(60);
        unsigned char *b = fill_chunks((size_t)160 << 20, 0x22);
        _exit(b && b[0] == 0x22 && a[0] == 0x11 ? 0 : 1);
    }
    CHECK(pid > 0);
    int st = 0;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    unsigned char *c = fill_chunks((size_t)80 << 20, 0x33);   /* the parent's thread still serves it */
    CHECK(c && c[0] == 0x33 && a[0] == 0x11);
}

int main(void)
{
    test_vector();
    test_realloc();
    test_intern_and_map();
    test_loc();
    test_expr_layout();
    test_prefault_and_fork();
    mo_arena_free_all();
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
