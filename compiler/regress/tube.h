/*
 * tube.h - trajectory comparison by the csv-compare tube (the Modelica Association's tool, v2.1), and
 * the small CSV reader/writer that result files and reference results need.
 *
 * The tube of a reference signal y(t) on [t0, tN] for a relative tolerance tol:
 *   hx = tol * max(tN - t0, |t0|, 1e-12)              half width in time
 *   hy = tol * max(max(y) - min(y), |min(y)|, 0.001)  half height in value
 *   upper(t) = hy + max of the reference polyline over [t - hx, t + hx]
 *   lower(t) = -hy + min of the reference polyline over the same window
 * A result point fails when it lies strictly above upper or below lower. mo2c is stricter than
 * csv-compare: a result that starts late or ends early fails, and so does a NaN.
 *
 * Used by `mo2c regress` (regress.c), the unit tests and the tests' small compare tool (tests/ref/).
 * Memory comes from the compiler's arena (base.h).
 */
#ifndef MO2C_TUBE_H
#define MO2C_TUBE_H

#include <stdbool.h>
#include <stdio.h>

/* Why a signal failed (MO_TUBE_PASS when it did not). ORDER TUBE_VERDICT: tube.c names them. */
typedef enum mo_tube_verdict {
    MO_TUBE_PASS,
    MO_TUBE_OUTSIDE,     /* some point lies strictly outside the tube */
    MO_TUBE_ENDS_EARLY,  /* the result stops before the reference's last time */
    MO_TUBE_STARTS_LATE, /* the result begins after the reference's first time */
    MO_TUBE_NAN,         /* the result has a NaN (or infinity) inside the reference's time range */
    MO_TUBE_MISSING,     /* the result has no such signal (set by callers; the tube never sees it) */
    MO_TUBE_BAD_INPUT    /* empty or unsorted series, or a non-finite reference value */
} mo_tube_verdict;

typedef struct mo_tube_result {
    mo_tube_verdict verdict;
    double hx, hy;       /* the tube's half width and half height */
    int checked;         /* result points that lie within the reference's time range (+- hx) */
    int failed;          /* of those, how many lie outside */
    /* The worst point: the one farthest above its upper bound or below its lower bound. `excess` is
     * that distance (positive = outside, negative = inside by that margin); on a pass it is the
     * closest any point came to a bound. */
    double excess;
    double worst_t;      /* its time */
    double worst_y;      /* its value */
    double worst_lo, worst_hi; /* the bounds there */
    double result_t0, result_tN; /* the time range the result covers (for ENDS_EARLY/STARTS_LATE) */
} mo_tube_result;

/* hx and hy of a reference (rn >= 1). */
double mo_tube_hx(const double *rt, int rn, double tol);
double mo_tube_hy(const double *ry, int rn, double tol);

/* Lower and upper bounds of the tube of (rt, ry) at the m times `at`, which must not decrease.
 * A time farther than hx outside [t0, tN] has no bound: lo and hi are NaN there (callers skip it).
 * Linear in rn + m (monotonic deques). Returns false when the reference is unusable. */
bool mo_tube_bounds(const double *rt, const double *ry, int rn, double tol,
                    const double *at, int m, double *lo, double *hi);

/* Compare the result (t, y, n) with the tube of the reference (rt, ry, rn). Always fills *res; returns
 * true when the signal passes. */
bool mo_tube_compare(const double *rt, const double *ry, int rn,
                     const double *t, const double *y, int n, double tol, mo_tube_result *res);

/* A short English description of a verdict: "outside the tube", "ends early", ... */
const char *mo_tube_verdict_text(mo_tube_verdict v);

/* ---- CSV files as OpenModelica writes them: a header of (usually double-quoted) names, `time` first,
 * then one row of numbers per output point. Columns are stored separately. ---- */
typedef struct mo_csv {
    int ncols, nrows;
    const char **names;  /* ncols names, unquoted */
    double **cols;       /* cols[j][i]: column j, row i */
} mo_csv;

/* Read PATH. NULL on failure, with a message (naming the file and line) in err. */
mo_csv *mo_csv_read(const char *path, char *err, size_t errlen);
/* The column named NAME, or -1. Linear in ncols: callers look up each signal once. */
int mo_csv_column(const mo_csv *csv, const char *name);
/* Write the columns idx[0..k) of csv (time first, as given) in the reference format: quoted names,
 * %.17g values, LF line ends. false on an I/O error. */
bool mo_csv_write(const char *path, const mo_csv *csv, const int *idx, int k);

#endif
