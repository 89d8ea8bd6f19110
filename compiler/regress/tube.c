/*
 * tube.c - the csv-compare tube (v2.1) and the CSV reader/writer for result and reference files.
 *
 * Input: a reference series (rt, ry) whose time never decreases (a repeated time is an event: the
 * polyline jumps vertically there), a result series (t, y) whose time never decreases, a relative
 * tolerance. Output: per result point, the bounds of the tube at its time, and a verdict for the signal
 * with its worst point (tube.h states the definition).
 *
 * The max (min) of a polyline over a closed window [a, b] is the max (min) of the reference points inside
 * the window and of the polyline's interpolated values at a and b. As the result's time advances, both
 * window ends advance, so the points inside form a sliding window: a monotonic deque gives its max in
 * amortised O(1), and the whole comparison is linear in the number of points.
 */
#include "tube.h"
#include "base.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double mo_tube_hx(const double *rt, int rn, double tol)
{
    double t0 = rt[0], tN = rt[rn - 1];
    return tol * fmax(fmax(tN - t0, fabs(t0)), 1e-12);
}

double mo_tube_hy(const double *ry, int rn, double tol)
{
    double lo = ry[0], hi = ry[0];
    for (int i = 1; i < rn; i++) {
        lo = fmin(lo, ry[i]);
        hi = fmax(hi, ry[i]);
    }
    return tol * fmax(fmax(hi - lo, fabs(lo)), 0.001);
}

static bool nondecreasing(const double *t, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(t[i]) || (i > 0 && t[i] < t[i - 1]))
            return false;
    return true;
}

/* The reference polyline's value at time s, on the segment k..k+1 with rt[k] < s < rt[k+1]. */
static double interp(const double *rt, const double *ry, int k, double s)
{
    double w = (s - rt[k]) / (rt[k + 1] - rt[k]);
    return ry[k] + w * (ry[k + 1] - ry[k]);
}

bool mo_tube_bounds(const double *rt, const double *ry, int rn, double tol,
                    const double *at, int m, double *lo, double *hi)
{
    if (rn < 1 || !nondecreasing(rt, rn))
        return false;
    for (int i = 0; i < rn; i++)
        if (!isfinite(ry[i]))
            return false;
    double hx = mo_tube_hx(rt, rn, tol), hy = mo_tube_hy(ry, rn, tol);
    double t0 = rt[0], tN = rt[rn - 1];
    /* Deques of reference indices whose values decrease (maxq) or increase (minq) from front to back.
     * Every index enters once, so a plain array with two cursors is enough. */
    int *maxq = MO_NEWN(int, rn), *minq = MO_NEWN(int, rn);
    int maxh = 0, maxt = 0, minh = 0, mint = 0;
    int first = 0; /* first index with rt >= a */
    int end = 0;   /* first index with rt > b (indices below it have entered the deques) */
    for (int j = 0; j < m; j++) {
        double a = at[j] - hx, b = at[j] + hx;
        if (b < t0 || a > tN || isnan(at[j])) {
            lo[j] = hi[j] = NAN;
            continue;
        }
        while (end < rn && rt[end] <= b) {
            while (maxt > maxh && ry[maxq[maxt - 1]] <= ry[end])
                maxt--;
            maxq[maxt++] = end;
            while (mint > minh && ry[minq[mint - 1]] >= ry[end])
                mint--;
            minq[mint++] = end;
            end++;
        }
        while (first < rn && rt[first] < a)
            first++;
        while (maxh < maxt && maxq[maxh] < first)
            maxh++;
        while (minh < mint && minq[minh] < first)
            minh++;
        double vmax = -INFINITY, vmin = INFINITY;
        if (maxh < maxt)
            vmax = ry[maxq[maxh]];
        if (minh < mint)
            vmin = ry[minq[minh]];
        if (first > 0 && first < rn && rt[first] > a) { /* a falls strictly inside a segment */
            double v = interp(rt, ry, first - 1, a);
            vmax = fmax(vmax, v);
            vmin = fmin(vmin, v);
        }
        if (end > 0 && end < rn && rt[end - 1] < b) { /* so does b */
            double v = interp(rt, ry, end - 1, b);
            vmax = fmax(vmax, v);
            vmin = fmin(vmin, v);
        }
        hi[j] = vmax + hy;
        lo[j] = vmin - hy;
    }
    return true;
}

/* ORDER TUBE_VERDICT */
static const char *const verdict_text[] = {
    "inside the tube", "outside the tube", "result ends early", "result starts late",
    "result is not finite", "signal missing from the result", "unusable series",
};

const char *mo_tube_verdict_text(mo_tube_verdict v)
{
    if ((int)v < 0 || (size_t)v >= sizeof verdict_text / sizeof verdict_text[0])
        mo_unreachable("bad tube verdict");
    return verdict_text[v];
}

bool mo_tube_compare(const double *rt, const double *ry, int rn,
                     const double *t, const double *y, int n, double tol, mo_tube_result *res)
{
    memset(res, 0, sizeof *res);
    res->excess = -INFINITY;
    res->worst_t = res->worst_y = res->worst_lo = res->worst_hi = NAN;
    if (rn < 1 || n < 1 || !nondecreasing(t, n)) {
        res->verdict = MO_TUBE_BAD_INPUT;
        return false;
    }
    double *lo = MO_NEWN(double, n), *hi = MO_NEWN(double, n);
    if (!mo_tube_bounds(rt, ry, rn, tol, t, n, lo, hi)) {
        res->verdict = MO_TUBE_BAD_INPUT;
        return false;
    }
    res->hx = mo_tube_hx(rt, rn, tol);
    res->hy = mo_tube_hy(ry, rn, tol);
    res->result_t0 = t[0];
    res->result_tN = t[n - 1];
    bool nonfinite = false;
    for (int j = 0; j < n; j++) {
        if (isnan(lo[j]))
            continue; /* outside the reference's time range: nothing to compare with */
        res->checked++;
        double e = isfinite(y[j]) ? fmax(y[j] - hi[j], lo[j] - y[j]) : INFINITY;
        if (!isfinite(y[j]))
            nonfinite = true;
        if (!(y[j] <= hi[j] && y[j] >= lo[j])) /* strictly outside, or NaN */
            res->failed++;
        if (e > res->excess) {
            res->excess = e;
            res->worst_t = t[j];
            res->worst_y = y[j];
            res->worst_lo = lo[j];
            res->worst_hi = hi[j];
        }
    }
    /* The result must cover the reference's whole time range; the slack only absorbs the rounding of
     * an end time computed as start + k * interval. */
    double t0 = rt[0], tN = rt[rn - 1];
    double eps = 1e-9 * fmax(fmax(tN - t0, fabs(t0)), fmax(fabs(tN), 1e-12));
    if (nonfinite)
        res->verdict = MO_TUBE_NAN;
    else if (res->failed > 0)
        res->verdict = MO_TUBE_OUTSIDE;
    else if (t[n - 1] < tN - eps)
        res->verdict = MO_TUBE_ENDS_EARLY;
    else if (t[0] > t0 + eps)
        res->verdict = MO_TUBE_STARTS_LATE;
    else
        res->verdict = MO_TUBE_PASS;
    return res->verdict == MO_TUBE_PASS;
}

/* ---- CSV ---- */

/* Split one header line into names; quotes are optional and "" inside quotes is a quote. */
static int split_header(const char *s, const char *end, const char ***out)
{
    MO_VEC(const char *) names = {0};
    const char *p = s;
    for (;;) {
        mo_buf b = {0};
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        if (p < end && *p == '"') {
            p++;
            while (p < end) {
                if (*p == '"' && p + 1 < end && p[1] == '"') {
                    mo_buf_putn(&b, "\"", 1);
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else {
                    mo_buf_putn(&b, p++, 1);
                }
            }
            while (p < end && *p != ',')
                p++;
        } else {
            const char *q = p;
            while (p < end && *p != ',')
                p++;
            const char *r = p;
            while (r > q && (r[-1] == ' ' || r[-1] == '\t'))
                r--;
            mo_buf_putn(&b, q, (size_t)(r - q));
        }
        MO_PUSH(names, mo_strdup(mo_buf_str(&b)));
        if (p >= end)
            break;
        p++; /* the comma */
    }
    *out = names.v;
    return names.n;
}

mo_csv *mo_csv_read(const char *path, char *err, size_t errlen)
{
    mo_file *f = mo_file_read(path);
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    const char *s = f->text, *fend = f->text + f->len;
    const char *eol = memchr(s, '\n', f->len);
    if (!eol)
        eol = fend;
    const char *hend = eol > s && eol[-1] == '\r' ? eol - 1 : eol;
    if (hend == s) {
        snprintf(err, errlen, "%s:1: empty header", path);
        return NULL;
    }
    mo_csv *csv = MO_NEW(mo_csv);
    csv->ncols = split_header(s, hend, &csv->names);
    size_t maxrows = 0;
    for (const char *p = eol; p < fend; p++)
        maxrows += *p == '\n';
    maxrows++;
    csv->cols = MO_NEWN(double *, csv->ncols);
    for (int j = 0; j < csv->ncols; j++)
        csv->cols[j] = MO_NEWN(double, maxrows);
    int line = 1;
    const char *p = eol < fend ? eol + 1 : fend;
    while (p < fend) {
        line++;
        const char *le = memchr(p, '\n', (size_t)(fend - p));
        if (!le)
            le = fend;
        const char *q = p;
        while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (q == le) { /* blank line */
            p = le < fend ? le + 1 : fend;
            continue;
        }
        for (int j = 0; j < csv->ncols; j++) {
            char *stop;
            double v = strtod(q, &stop);
            if (stop == q || stop > le) {
                snprintf(err, errlen, "%s:%d: column %d ('%s') is not a number", path, line, j + 1,
                         csv->names[j]);
                return NULL;
            }
            q = stop;
            while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
                q++;
            if (j + 1 < csv->ncols) {
                if (q >= le || *q != ',') {
                    snprintf(err, errlen, "%s:%d: %d values, the header has %d names", path, line,
                             j + 1, csv->ncols);
                    return NULL;
                }
                q++;
            }
            csv->cols[j][csv->nrows] = v;
        }
        if (q < le) {
            snprintf(err, errlen, "%s:%d: more values than the header's %d names", path, line,
                     csv->ncols);
            return NULL;
        }
        csv->nrows++;
        p = le < fend ? le + 1 : fend;
    }
    return csv;
}

int mo_csv_column(const mo_csv *csv, const char *name)
{
    for (int j = 0; j < csv->ncols; j++)
        if (strcmp(csv->names[j], name) == 0)
            return j;
    return -1;
}

bool mo_csv_write(const char *path, const mo_csv *csv, const int *idx, int k)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    for (int c = 0; c < k; c++) {
        fputc('"', f);
        for (const char *s = csv->names[idx[c]]; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputs(c + 1 < k ? "\"," : "\"\n", f);
    }
    for (int i = 0; i < csv->nrows; i++)
        for (int c = 0; c < k; c++)
            fprintf(f, "%.17g%c", csv->cols[idx[c]][i], c + 1 < k ? ',' : '\n');
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}
