/*
 * regress_report.c - the outputs of `mo2c regress` besides its console lines: JUnit XML (one testcase
 * per model, for CI systems; shards' files merge by concatenating their testsuite elements), and a
 * Markdown or HTML report whose failing signals come with an inline SVG plot of the result against the
 * tube (reference, upper and lower bounds, result; plot.c draws it with axes, ticks, grid and legend).
 *
 * Input: the outcomes the workers left (regress.h); for plots, the series of one signal.
 * Output: files; false on an I/O error (errno set).
 */
#include "regress.h"
#include "tube.h"

#include <math.h>
#include <string.h>

/* ---- SVG: the result against its tube (plot.c draws) ---- */

void mo_regress_svg(mo_buf *b, const char *title, const double *rt, const double *ry, int rn,
                    const double *t, const double *y, int n, double tol, double from, double to)
{
    double *lo = MO_NEWN(double, n > 0 ? n : 1), *hi = MO_NEWN(double, n > 0 ? n : 1);
    if (n < 1 || !mo_tube_bounds(rt, ry, rn, tol, t, n, lo, hi))
        n = 0;
    double t0 = rt[0], t1 = rt[rn - 1];
    if (n > 0)
        t1 = fmax(t1, fmin(t[n - 1], rt[rn - 1] + mo_tube_hx(rt, rn, tol)));
    if (isfinite(from) && isfinite(to) && to > from) {
        t0 = fmax(t0, from);
        t1 = fmin(t1, to);
    }
    mo_plot_series s[4] = {
        {"reference", rt, ry, rn, "#000000", NULL},
        {"tube: upper bound", t, hi, n, "#3366cc", "4,2"},
        {"tube: lower bound", t, lo, n, "#3366cc", "1,2"},
        {"result", t, y, n, "#dd2222", NULL},
    };
    mo_plot_svg(b, title, "", s, 4, t0, t1);
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
