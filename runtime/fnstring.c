/*
 * fnstring.c - String values inside user functions: concatenation, String() conversions, and the memory
 * of String variables.
 *
 * A function's String inputs are borrowed pointers; its String outputs and locals own a heap copy of
 * their value (mo2c_sset replaces it, the function frees it on every way out); the values of String
 * expressions (concatenations, conversions) are temporaries on the function stack (fnarray.c), released
 * with the statement that made them. A function hands its String outputs back as temporaries of its
 * caller (mo2c_sout), as it does its arrays.
 *
 * Conversions never take a format from the model: String(x) and its significantDigits, minimumLength,
 * leftJustified go through fixed conversions ("%*.*g", "%*lld", "%*s") with clamped widths and digits
 * (strfmt.c; a minimumLength above the clamp is an error, never a shorter String), and String(x, format = f) through the conversion the compiler rebuilt from a whitelisted f
 * (flatten_str.c: flags, width, precision and one conversion letter, nothing else).
 * Functions that allocate report "out of memory" through mo2c_fail and clear *ok, returning "".
 */
#include "rt_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static const char *no_memory(mo2c_data *d, int *ok)
{
    if (*ok)
        mo2c_fail(d, "out of memory for a String in a function");
    *ok = 0;
    return "";
}

/* n bytes on the function stack (fnarray.c) */
static char *stack_bytes(mo2c_data *d, size_t n, int *ok)
{
    char *s = mo2c_rt_fstack_bytes(d, n);
    if (!s)
        no_memory(d, ok);
    return s;
}

const char *mo2c_scat(mo2c_data *d, const char *a, const char *b, int *ok)
{
    size_t na = strlen(a), nb = strlen(b);
    char *s = stack_bytes(d, na + nb + 1, ok);
    if (!s)
        return "";
    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
    return s;
}

/* A heap copy of s (NULL reads as ""); NULL when out of memory */
static char *str_copy(const char *s)
{
    s = s ? s : "";
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

int mo2c_sset(mo2c_data *d, char **var, const char *s)
{
    char *c = str_copy(s);   /* (s may be *var itself: copied before it is freed) */
    if (!c)
        return mo2c_fail(d, "out of memory for a String in a function");
    free(*var);
    *var = c;
    return 0;
}

int mo2c_sout(mo2c_data *d, const char **out, const char *s)
{
    int ok = 1;
    size_t n = strlen(s) + 1;
    char *c = stack_bytes(d, n, &ok);
    if (!c)
        return -1;
    memcpy(c, s, n);
    *out = c;
    return 0;
}

/* printf into a fresh stack string of the length the value needs */
static const char *vformatted(mo2c_data *d, int *ok, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n < 0 ? NULL : stack_bytes(d, (size_t)n + 1, ok);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s ? s : n < 0 ? no_memory(d, ok) : "";
}

static const char *formatted(mo2c_data *d, int *ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static const char *formatted(mo2c_data *d, int *ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *s = vformatted(d, ok, fmt, ap);
    va_end(ap);
    return s;
}

/* minimumLength within what a String may hold (the clamp of mo2c_str_width would change the value) */
static int width_ok(mo2c_data *d, double width, int *ok)
{
    if (!(width > MO2C_STR_MAX_WIDTH))
        return 1;
    if (*ok)
        mo2c_fail(d, "String(): minimumLength = %.17g is more than the %d characters a String may have", width,
                  (int)MO2C_STR_MAX_WIDTH);
    *ok = 0;
    return 0;
}

const char *mo2c_sreal(mo2c_data *d, double v, double digits, double width, double left, int *ok)
{
    if (!width_ok(d, width, ok))
        return "";
    return formatted(d, ok, "%*.*g", mo2c_str_width(width, left), mo2c_str_digits(digits), v);
}

const char *mo2c_sint(mo2c_data *d, double v, double width, double left, int *ok)
{
    if (!width_ok(d, width, ok))
        return "";
    return formatted(d, ok, "%*lld", mo2c_str_width(width, left), mo2c_str_int(v));
}

const char *mo2c_sbool(mo2c_data *d, double v, double width, double left, int *ok)
{
    if (!width_ok(d, width, ok))
        return "";
    return formatted(d, ok, "%*s", mo2c_str_width(width, left), v != 0 ? "true" : "false");
}

const char *mo2c_senum(mo2c_data *d, double v, const char *const *names, int n, double width, double left, int *ok)
{
    if (!width_ok(d, width, ok))
        return "";
    return formatted(d, ok, "%*s", mo2c_str_width(width, left), names[mo2c_str_index(v, n)]);
}

/* The conversion is the compiler's: a whitelisted format rebuilt from its pieces (see the top). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
const char *mo2c_sfmt_real(mo2c_data *d, double v, const char *conv, int *ok)
{
    return formatted(d, ok, conv, v);
}

const char *mo2c_sfmt_int(mo2c_data *d, double v, const char *conv, int *ok)
{
    return formatted(d, ok, conv, mo2c_str_int(v));
}

const char *mo2c_sfmt_str(mo2c_data *d, const char *s, const char *conv, int *ok)
{
    return formatted(d, ok, conv, s);
}

/* String(v, format = f) with f a String variable: f must be what the compiler accepts of a literal
 * (flatten_str.c: an optional '%', at most 5 flags among "-+ 0#", a width of at most 2 digits, a precision
 * of at most 2 digits, one conversion letter of the value's type, nothing after it; '#' not with d, i, u);
 * the conversion is rebuilt from those pieces, so f itself is never a format. */
const char *mo2c_sfmt_any(mo2c_data *d, double v, const char *f, int real, int *ok)
{
    const char *p = f;
    p += *p == '%';
    const char *flags = p;
    while (*p && strchr("-+ 0#", *p))
        p++;
    size_t nflags = (size_t)(p - flags);
    const char *width = p;
    while (*p >= '0' && *p <= '9')
        p++;
    size_t nwidth = (size_t)(p - width);
    const char *prec = p;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            ;
    size_t nprec = (size_t)(p - prec);
    char c = *p;
    int good = nflags <= 5 && nwidth <= 2 && nprec <= 3 && c && !p[1] && strchr(real ? "eEfFgG" : "dioxXu", c) &&
               !(memchr(flags, '#', nflags) && strchr("diu", c));
    if (!good) {
        if (*ok)
            mo2c_fail(d, "String(): the format \"%.100s\" is not [flags][width][.precision] and a conversion among %s",
                      f, real ? "e, E, f, F, g, G" : "d, i, o, x, X, u");
        *ok = 0;
        return "";
    }
    char conv[16];   /* '%', 5 flags, 2 digits, 3 of precision, "ll", the letter, NUL */
    size_t k = 0;
    conv[k++] = '%';
    memcpy(conv + k, flags, nflags);
    k += nflags;
    memcpy(conv + k, width, nwidth);
    k += nwidth;
    memcpy(conv + k, prec, nprec);
    k += nprec;
    if (!real) {
        conv[k++] = 'l';
        conv[k++] = 'l';
    }
    conv[k++] = c;
    conv[k] = 0;
    return real ? formatted(d, ok, conv, v) : formatted(d, ok, conv, mo2c_str_int(v));
}
#pragma GCC diagnostic pop

/* ---- arrays of Strings (mo2c_rt.h: a variable owns heap copies of its elements) ---- */

/* Heap copies of the n Strings of s, for a variable; NULL after mo2c_fail (nothing kept) */
char **mo2c_rt_str_copies(mo2c_data *d, const char *const *s, long n, const char *where)
{
    char **c = calloc((size_t)(n > 0 ? n : 1), sizeof *c);
    for (long i = 0; c && i < n; i++)
        if (!(c[i] = str_copy(s[i]))) {
            while (i-- > 0)
                free(c[i]);
            free(c);
            c = NULL;
        }
    if (!c)
        mo2c_fail(d, "out of memory for an array of %ld Strings in %s", n, where && *where ? where : "(unknown statement)");
    return c;
}

void mo2c_rt_free_strs(const char **s, long n)
{
    for (long i = 0; s && i < n; i++)
        free((void *)(uintptr_t)s[i]);   /* (a variable's elements are its own heap copies) */
    free((void *)(uintptr_t)s);
}

int mo2c_savar(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where)
{
    mo2c_afree(a);
    if (mo2c_rt_set_dims(d, a, nd, dims, where) != 0)
        return -1;
    a->s = calloc((size_t)(a->n > 0 ? a->n : 1), sizeof(const char *));
    if (!a->s)
        return mo2c_fail(d, "out of memory for an array of %d Strings in %s", a->n, where && *where ? where : "(unknown statement)");
    return 0;
}

int mo2c_sset_el(mo2c_data *d, mo2c_arr *a, long i, const char *s)
{
    char *c = str_copy(s);   /* (s may be the element itself: copied before it is freed) */
    if (!c)
        return mo2c_fail(d, "out of memory for a String in a function");
    free((void *)(uintptr_t)a->s[i]);
    a->s[i] = c;
    return 0;
}


const char **mo2c_astrs(mo2c_data *d, const mo2c_arr *a, const char *where)
{
    const char **s = mo2c_rt_fstack_bytes(d, sizeof(const char *) * (size_t)(a->n > 0 ? a->n : 1));
    if (!s) {
        mo2c_fail(d, "out of memory for an array of %d Strings in %s", a->n, where && *where ? where : "(unknown statement)");
        return NULL;
    }
    s[0] = "";
    for (int i = 0; i < a->n; i++)
        s[i] = a->s ? mo2c_str(a->s[i]) : "";
    return s;
}

int mo2c_astrs_back(mo2c_data *d, mo2c_arr *a, const char **s, const char *where)
{
    mo2c_arr t = *a;   /* (the same sizes: the variable's) */
    t.v = NULL;
    t.s = s;
    return mo2c_aassign(d, a, &t, 0, where);
}
