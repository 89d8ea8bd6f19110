/*
 * regress_report.c - the outputs of `mo2c regress` besides its console lines: JUnit XML (one testcase
 * per model, for CI systems; shards' files merge by concatenating their testsuite elements), and a
 * Markdown or HTML report whose failing signals come with an inline SVG plot of the result against the
 * tube (reference, upper and lower bounds, result).
 *
 * Input: the outcomes the workers left (regress.h); for plots, the series of one signal.
 * Output: files; false on an I/O error (errno set).
 */
#include "regress.h"
#include "tube.h"

#include <math.h>
#include <string.h>

/* XML 1.0 text: the five special characters escaped, control characters other than tab and newline
 * replaced, since no escape makes them legal. */

/* ---- SVG ---- */

enum { SVG_W = 720, SVG_H = 260, SVG_L = 70, SVG_R = 10, SVG_T = 24, SVG_B = 30, SVG_MAXPTS = 1500 };

typedef struct frame { double t0, t1, y0, y1; } frame;

static double px(const frame *f, double t)
{
    return SVG_L + (t - f->t0) / (f->t1 - f->t0) * (SVG_W - SVG_L - SVG_R);
}

static double py(const frame *f, double y)
{
    return SVG_T + (f->y1 - y) / (f->y1 - f->y0) * (SVG_H - SVG_T - SVG_B);
}

/* One polyline per run of finite points, at most about SVG_MAXPTS points (every k-th, ends kept). */
static void polyline(mo_buf *b, const frame *f, const double *t, const double *y, int n, const char *style)
{
    int step = n > SVG_MAXPTS ? (n + SVG_MAXPTS - 1) / SVG_MAXPTS : 1;
    bool open = false;
    for (int i = 0; i < n; i = (i + step < n || i == n - 1) ? i + step : n - 1) {
        bool ok = isfinite(y[i]) && isfinite(t[i]) && t[i] >= f->t0 && t[i] <= f->t1;
        if (ok && !open) {
            mo_buf_printf(b, "<polyline %s points=\"", style);
            open = true;
        } else if (!ok && open) {
            mo_buf_puts(b, "\"/>\n");
            open = false;
        }
        if (ok) {
            double yy = fmin(fmax(y[i], f->y0 - (f->y1 - f->y0)), f->y1 + (f->y1 - f->y0));
            mo_buf_printf(b, "%.1f,%.1f ", px(f, t[i]), py(f, yy));
        }
        if (i == n - 1)
            break;
    }
    if (open)
        mo_buf_puts(b, "\"/>\n");
}

/* The value range of the points of v whose times lie in the frame. */
static void range(const frame *f, const double *t, const double *v, int n, double *lo, double *hi)
{
    for (int i = 0; i < n; i++)
        if (isfinite(v[i]) && t[i] >= f->t0 && t[i] <= f->t1) {
            *lo = fmin(*lo, v[i]);
            *hi = fmax(*hi, v[i]);
        }
}

void mo_regress_svg(mo_buf *b, const char *title, const double *rt, const double *ry, int rn,
                    const double *t, const double *y, int n, double tol, double from, double to)
{
    double *lo = MO_NEWN(double, n > 0 ? n : 1), *hi = MO_NEWN(double, n > 0 ? n : 1);
    if (n < 1 || !mo_tube_bounds(rt, ry, rn, tol, t, n, lo, hi))
        n = 0;
    frame f = {rt[0], rt[rn - 1], INFINITY, -INFINITY};
    if (n > 0)
        f.t1 = fmax(f.t1, fmin(t[n - 1], rt[rn - 1] + mo_tube_hx(rt, rn, tol)));
    if (isfinite(from) && isfinite(to) && to > from) {
        f.t0 = fmax(f.t0, from);
        f.t1 = fmin(f.t1, to);
    }
    range(&f, rt, ry, rn, &f.y0, &f.y1);
    range(&f, t, lo, n, &f.y0, &f.y1);
    range(&f, t, hi, n, &f.y0, &f.y1);
    range(&f, t, y, n, &f.y0, &f.y1);
    mo_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                     "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
                  SVG_W, SVG_H, SVG_W, SVG_H);
    mo_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" stroke=\"#999\"/>\n",
                  SVG_L, SVG_T, SVG_W - SVG_L - SVG_R, SVG_H - SVG_T - SVG_B);
    mo_buf_puts(b, "<text x=\"70\" y=\"15\">");
    mo_buf_xml(b, title);
    mo_buf_puts(b, ": reference (black), tube bounds (blue), result (red)</text>\n");
    mo_buf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", SVG_L - 4, py(&f, f.y1) + 4, f.y1);
    mo_buf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", SVG_L - 4, py(&f, f.y0), f.y0);
    mo_buf_printf(b, "<text x=\"%d\" y=\"%d\">t=%.6g</text>\n", SVG_L, SVG_H - 10, f.t0);
    mo_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">t=%.6g</text>\n", SVG_W - SVG_R, SVG_H - 10, f.t1);
    polyline(b, &f, rt, ry, rn, "fill=\"none\" stroke=\"black\" stroke-width=\"1\"");
    polyline(b, &f, t, hi, n, "fill=\"none\" stroke=\"#36c\" stroke-width=\"1\" stroke-dasharray=\"4,2\"");
    polyline(b, &f, t, lo, n, "fill=\"none\" stroke=\"#36c\" stroke-width=\"1\" stroke-dasharray=\"4,2\"");
    polyline(b, &f, t, y, n, "fill=\"none\" stroke=\"#d22\" stroke-width=\"1.2\"");
    mo_buf_puts(b, "</svg>\n");
}

/* ---- JUnit ---- */

static bool write_all(const char *path, mo_buf *b)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs(mo_buf_str(b), f);
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

bool mo_regress_write_junit(const char *path, const char *suite, const mo_regress_outcome *o, int n)
{
    int failures = 0;
    double total = 0;
    for (int i = 0; i < n; i++) {
        failures += strcmp(o[i].status, "FAIL") == 0;
        total += o[i].seconds;
    }
    mo_buf b = {0};
    mo_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"");
    mo_buf_xml(&b, suite);
    mo_buf_printf(&b, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" time=\"%.3f\">\n", n, failures, total);
    for (int i = 0; i < n; i++) {
        /* classname: the enclosing package; name: the full model name (unique across shards) */
        const char *dot = strrchr(o[i].name, '.');
        const char *cls = dot ? mo_strndup(o[i].name, (size_t)(dot - o[i].name)) : "mo2c.regress";
        mo_buf_puts(&b, "  <testcase classname=\"");
        mo_buf_xml(&b, cls);
        mo_buf_puts(&b, "\" name=\"");
        mo_buf_xml(&b, o[i].name);
        mo_buf_printf(&b, "\" time=\"%.3f\"", o[i].seconds);
        if (strcmp(o[i].status, "FAIL") != 0) {
            mo_buf_puts(&b, "/>\n");
            continue;
        }
        mo_buf_puts(&b, ">\n    <failure message=\"");
        mo_buf_xml(&b, o[i].reason);
        mo_buf_puts(&b, "\">");
        mo_buf_xml(&b, o[i].detail);
        mo_buf_puts(&b, "</failure>\n  </testcase>\n");
    }
    mo_buf_puts(&b, "</testsuite>\n</testsuites>\n");
    return write_all(path, &b);
}

/* ---- Markdown / HTML report ---- */

/* Markdown table cells: a '|' would end the cell, a newline the row. */
static void md_cell(mo_buf *b, const char *s)
{
    for (; *s; s++)
        mo_buf_puts(b, *s == '|' ? "\\|" : *s == '\n' ? " " : (char[2]){*s, 0});
}

bool mo_regress_write_report(const char *path, bool html, const char *title, const mo_regress_outcome *o,
                             int n)
{
    int failures = 0;
    for (int i = 0; i < n; i++)
        failures += strcmp(o[i].status, "FAIL") == 0;
    mo_buf b = {0};
    if (html) {
        mo_buf_puts(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
        mo_buf_xml(&b, title);
        mo_buf_puts(&b, "</title>\n<style>body{font-family:sans-serif} td,th{padding:2px 8px;text-align:left}"
                        " .FAIL{color:#c00} .PASS{color:#070}</style></head><body>\n<h1>");
        mo_buf_xml(&b, title);
        mo_buf_printf(&b, "</h1>\n<p>%d passed, %d failed</p>\n<table>\n<tr><th>model</th><th>status</th>"
                          "<th>time (s)</th><th>details</th></tr>\n", n - failures, failures);
        for (int i = 0; i < n; i++) {
            mo_buf_puts(&b, "<tr><td>");
            mo_buf_xml(&b, o[i].name);
            mo_buf_printf(&b, "</td><td class=\"%s\">%s</td><td>%.2f</td><td>", o[i].status, o[i].status,
                          o[i].seconds);
            mo_buf_xml(&b, o[i].reason);
            mo_buf_puts(&b, "</td></tr>\n");
        }
        mo_buf_puts(&b, "</table>\n");
        for (int i = 0; i < n; i++) {
            if (strcmp(o[i].status, "FAIL") != 0)
                continue;
            if (*o[i].fragment) {
                mo_buf_puts(&b, o[i].fragment);
            } else {
                mo_buf_puts(&b, "<h3>");
                mo_buf_xml(&b, o[i].name);
                mo_buf_puts(&b, "</h3>\n");
            }
            mo_buf_puts(&b, "<pre>");
            mo_buf_xml(&b, o[i].detail);
            mo_buf_puts(&b, "</pre>\n");
        }
        mo_buf_puts(&b, "</body></html>\n");
    } else {
        mo_buf_printf(&b, "# %s\n\n%d passed, %d failed\n\n| model | status | time (s) | details |\n"
                          "| --- | --- | --- | --- |\n", title, n - failures, failures);
        for (int i = 0; i < n; i++) {
            mo_buf_puts(&b, "| ");
            md_cell(&b, o[i].name);
            mo_buf_printf(&b, " | %s | %.2f | ", o[i].status, o[i].seconds);
            md_cell(&b, o[i].reason);
            mo_buf_puts(&b, " |\n");
        }
        for (int i = 0; i < n; i++) {
            if (strcmp(o[i].status, "FAIL") != 0)
                continue;
            mo_buf_puts(&b, "\n");
            mo_buf_puts(&b, *o[i].fragment ? o[i].fragment : mo_sprintf("### %s\n", o[i].name));
            mo_buf_puts(&b, "\n```\n");
            mo_buf_puts(&b, o[i].detail);
            mo_buf_puts(&b, "\n```\n");
        }
    }
    return write_all(path, &b);
}
