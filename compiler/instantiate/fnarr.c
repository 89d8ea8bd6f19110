/*
 * fnarr.c - the array operations of fneval.c's evaluations that need no expression: concatenation along
 * a dimension (cat, and the rows and columns of [a, b; c, d]) and the vector and matrix built-ins
 * identity, diagonal, transpose, outerProduct, cross and skew (10.3.6), over evaluated values (fnval.h).
 */
#include "fnval.h"

#include <math.h>
#include <string.h>

typedef mo_fnval val;
typedef mo_fnrun run;

/* The np evaluated parts p, of one number of dimensions and equal but in dimension k (1-based),
 * concatenated along k into out (10.4.2). */
bool mo_fnv_cat(run *r, long k, const val *p, int np, val *out)
{
    bool ok = np >= 1 && k >= 1 && k <= p[0].nd;
    for (int i = 0; ok && i < np; i++)
        ok = p[i].nd >= 1 && p[i].nd == p[0].nd;
    int dims[MO_MAX_DIMS];
    if (ok) {
        memcpy(dims, p[0].dims, sizeof dims);
        dims[k - 1] = 0;
        for (int i = 0; ok && i < np; i++) {
            for (int d = 0; d < p[0].nd; d++)
                ok = ok && (d == k - 1 || p[i].dims[d] == p[0].dims[d]);
            dims[k - 1] += p[i].dims[k - 1];
        }
    }
    ok = ok && mo_fnv_make(r, out, p[0].nd, dims);
    if (ok) {
        /* outer: the product of the dimensions before k; each part gives its block of inner elements */
        long outer = 1;
        for (int d = 0; d < k - 1; d++)
            outer *= dims[d];
        long w = 0;
        for (long o = 0; o < outer; o++)
            for (int i = 0; i < np; i++) {
                long block = outer ? p[i].n / outer : 0;
                memcpy(out->el + w, p[i].el + o * block, sizeof(double) * (size_t)block);
                w += block;
            }
    }
    return ok;
}

/* The vector and matrix built-ins of 10.3.6 over evaluated arguments a (and b): 1 with *out, 0 when they
 * do not fit, -1 when n is none of them. MultiBody's Frames.planarRotation builds its T from
 * outerProduct(e, e), identity(3) and skew(e): its zero elements are folded (fold.c) only when its value
 * is known. */
int mo_fnv_matrix_builtin(run *r, const char *n, int nargs, const val *a, const val *b, val *out)
{
    int d2[2];
    if (!strcmp(n, "identity")) {
        if (nargs != 1 || a->nd || a->s != floor(a->s) || a->s < 0 || a->s * a->s > FN_MAX_ELEMENTS)
            return 0;
        d2[0] = d2[1] = (int)a->s;
        if (!mo_fnv_make(r, out, 2, d2))
            return 0;
        for (long i = 0; i < out->n; i++)
            out->el[i] = i / d2[0] == i % d2[0];
        return 1;
    }
    if (!strcmp(n, "diagonal")) {
        if (nargs != 1 || a->nd != 1 || (double)a->n * (double)a->n > FN_MAX_ELEMENTS)
            return 0;
        d2[0] = d2[1] = (int)a->n;
        if (!mo_fnv_make(r, out, 2, d2))
            return 0;
        for (long i = 0; i < out->n; i++)
            out->el[i] = i / d2[0] == i % d2[0] ? a->el[i / d2[0]] : 0;
        return 1;
    }
    if (!strcmp(n, "transpose")) {
        if (nargs != 1 || a->nd != 2)
            return 0;
        d2[0] = a->dims[1];
        d2[1] = a->dims[0];
        if (!mo_fnv_make(r, out, 2, d2))
            return 0;
        for (long i = 0; i < d2[0]; i++)
            for (long j = 0; j < d2[1]; j++)
                out->el[i * d2[1] + j] = a->el[j * d2[0] + i];
        return 1;
    }
    if (!strcmp(n, "outerProduct")) {
        if (nargs != 2 || a->nd != 1 || b->nd != 1 || (double)a->n * (double)b->n > FN_MAX_ELEMENTS)
            return 0;
        d2[0] = (int)a->n;
        d2[1] = (int)b->n;
        if (!mo_fnv_make(r, out, 2, d2))
            return 0;
        for (long i = 0; i < a->n; i++)
            for (long j = 0; j < b->n; j++)
                out->el[i * b->n + j] = a->el[i] * b->el[j];
        return 1;
    }
    if (!strcmp(n, "cross") || !strcmp(n, "skew")) {
        bool cross = n[0] == 'c';
        if (nargs != (cross ? 2 : 1) || a->nd != 1 || a->n != 3 || (cross && (b->nd != 1 || b->n != 3)))
            return 0;
        const double *x = a->el;
        if (cross) {
            const double *y = b->el;
            d2[0] = 3;
            if (!mo_fnv_make(r, out, 1, d2))
                return 0;
            out->el[0] = x[1] * y[2] - x[2] * y[1];
            out->el[1] = x[2] * y[0] - x[0] * y[2];
            out->el[2] = x[0] * y[1] - x[1] * y[0];
            return 1;
        }
        d2[0] = d2[1] = 3;
        if (!mo_fnv_make(r, out, 2, d2))
            return 0;
        const double m[9] = {0, -x[2], x[1], x[2], 0, -x[0], -x[1], x[0], 0};
        memcpy(out->el, m, sizeof m);
        return 1;
    }
    return -1;
}
