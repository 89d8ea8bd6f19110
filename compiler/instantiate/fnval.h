/*
 * fnval.h - the values of the functions fneval.c runs when the model is compiled, shared with fnarr.c
 * (the array built-ins over such values). Private to those two files.
 */
#ifndef MO2C_FNVAL_H
#define MO2C_FNVAL_H

#include "aval.h"

/* One evaluation runs at most FN_MAX_STEPS statements and loop iterations and makes arrays of at most
 * FN_MAX_ELEMENTS elements in all (fneval.c). */
enum { FN_MAX_STEPS = 10000000, FN_MAX_ELEMENTS = 10000000 };

/* A value: a scalar (nd = 0, in s) or an array (dims, n elements row-major in el). */
typedef struct mo_fnval {
    int nd;
    int dims[MO_MAX_DIMS];
    long n;
    double *el;               /* arrays: n elements (owned by the run's pool) */
    double s;                 /* scalars */
} mo_fnval;

/* One evaluation: its step budget and the arrays it made (freed together at its end). */
typedef struct mo_fnrun {
    const mo_func *fn;        /* the function whose statements run (the types of its expressions) */
    bool partial;             /* mo_fn_eval_partial: NaN is a value not known (fneval.c) */
    long steps;
    long elements;
    void **pool;
    int npool, cap;
} mo_fnrun;

/* fneval.c: an array of nd dimensions dims (elements uninitialised) in r's pool; false past the budget. */
bool mo_fnv_make(mo_fnrun *r, mo_fnval *v, int nd, const int *dims);
/* fnarr.c: the np parts p, of one number of dimensions and equal but in dimension k (1-based),
 * concatenated along k into out (10.4.2). */
bool mo_fnv_cat(mo_fnrun *r, long k, const mo_fnval *p, int np, mo_fnval *out);
/* fnarr.c: the vector and matrix built-in n of 10.3.6 over the nargs values a (and b): 1 with *out, 0
 * when they do not fit, -1 when n is none of them. */
int mo_fnv_matrix_builtin(mo_fnrun *r, const char *n, int nargs, const mo_fnval *a, const mo_fnval *b,
                          mo_fnval *out);

#endif
