/*
 * bufput.h - inline appends to a mo_buf (base.h), for the printers of big texts (--flat writes hundreds of
 * megabytes in tens of millions of small pieces).
 *
 * Input: a mo_buf and bytes. Output: the bytes appended. Unlike mo_buf_putn, these do not terminate the
 * text after every append (the one store per piece that a hot loop can do without): whoever appends with
 * them reads the text by its length, or terminates it with mo_put_end before mo_buf_str.
 * While the buffer has room the append is a plain memcpy; otherwise mo_put_grow grows it.
 *
 * Threads: the arena (mo_alloc) is not thread-safe, so a printer that formats on several threads at once
 * (flatprint.c) turns on mo_put_threads for that time, and then every growth of a buffer and every
 * allocation it makes (mo_put_alloc) take one lock. Nothing else may allocate meanwhile.
 */
#ifndef MO2C_BUFPUT_H
#define MO2C_BUFPUT_H

#include "base.h"

#include <string.h>

/* bufput.c: append with mo_buf_putn, under the lock while threads are on */
void mo_put_grow(mo_buf *b, const char *s, size_t n);
/* bufput.c: mo_alloc, under the lock while threads are on */
void *mo_put_alloc(size_t size);
/* bufput.c: printing threads start (true) or have all stopped (false) */
void mo_put_threads(bool on);

static inline void mo_put_n(mo_buf *b, const char *s, size_t n)
{
    if (b->len + n < b->cap) {   /* '<': room for the terminating NUL stays, as mo_buf_putn keeps it */
        memcpy(b->s + b->len, s, n);
        b->len += n;
    } else {
        mo_put_grow(b, s, n);
    }
}

static inline void mo_put_s(mo_buf *b, const char *s) { mo_put_n(b, s, strlen(s)); }

/* Copy n bytes without a call to memcpy when n is at most 32 (a path, a name, a number): two moves that
 * overlap. Reads and writes only [0, n). */
static inline void mo_copy_short(char *d, const char *s, size_t n)
{
    if (n >= 16 && n <= 32) {
        memcpy(d, s, 16);
        memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8 && n < 16) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4 && n < 8) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n < 4) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else {
        memcpy(d, s, n);
    }
}

/* mo_put_n for the short pieces of a line. */
static inline void mo_put_short(mo_buf *b, const char *s, size_t n)
{
    if (b->len + n < b->cap) {
        mo_copy_short(b->s + b->len, s, n);
        b->len += n;
    } else {
        mo_put_grow(b, s, n);
    }
}

/* bufput.c: "00" "01" ... "99", for writing numbers two digits at a time */
extern const char mo_digits2[200];

/* Write the decimal digits of u at d (20 bytes at most), two at a time; returns how many. */
static inline size_t mo_dec_at(char *d, unsigned long long u)
{
    size_t n = 1;
    for (unsigned long long p = 10; n < 20 && u >= p; p *= 10)
        n++;
    char *e = d + n;
    while (u >= 100) {
        unsigned long long q = u / 100;
        e -= 2;
        memcpy(e, mo_digits2 + 2 * (u - 100 * q), 2);
        u = q;
    }
    if (u >= 10)
        memcpy(e - 2, mo_digits2 + 2 * u, 2);
    else
        e[-1] = (char)('0' + u);
    return n;
}

/* The decimal digits of v. */
static inline void mo_put_ll(mo_buf *b, long long v)
{
    char tmp[24];
    size_t n = 0;
    if (v < 0)
        tmp[n++] = '-';
    n += mo_dec_at(tmp + n, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
    mo_put_short(b, tmp, n);
}

/* a string literal, its length known at compile time */
#define MO_PUT_LIT(b, lit) mo_put_n((b), "" lit, sizeof(lit) - 1)

/* terminate the text (mo_buf_str may read it) */
static inline void mo_put_end(mo_buf *b)
{
    if (b->s)
        b->s[b->len] = '\0';
}

#endif
