/*
 * plot.c - SVG plots of time series, and `mo2c plot`.
 *
 * mo_plot_svg draws series against time into one SVG: a frame, ticks at "nice" steps (1, 2, 5 times a
 * power of ten) on both axes with their numbers and a grid through them, the axis labels (time [s], the
 * unit of the values when the series share one), a title, and a legend naming each series with its
 * line's colour and dash. The regress report's plots (regress_report.c) and `mo2c plot` share it.
 *
 * `mo2c plot RESULT VAR... [-o FILE.svg]` plots variables of a result file: CSV (OpenModelica's layout:
 * quoted names, time first) or MAT v4 (as OpenModelica and mo2c write it: Aclass, name, description,
 * dataInfo, data_1, data_2; binTrans or binNormal; double or single precision). The unit of a variable
 * comes from its description ("Angle [rad]" in a MAT file); CSV files have none. The SVG goes to FILE,
 * or to standard output. Errors (an unknown variable, a file that is no result) name the file; exit 1.
 * Every text from the files is escaped for XML (mo_buf_xml).
 */
#include "regress.h"
#include "tube.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W = 760, H = 320, L = 80, R = 20, T = 30, B = 50, MAXPTS = 1500 };

typedef struct frame { double t0, t1, y0, y1; } frame;

static double px(const frame *f, double t) { return L + (t - f->t0) / (f->t1 - f->t0) * (W - L - R); }
static double py(const frame *f, double y) { return T + (f->y1 - y) / (f->y1 - f->y0) * (H - T - B); }

/* A tick step for the range [lo, hi] giving about n intervals: 1, 2 or 5 times a power of ten. */
static double nice_step(double lo, double hi, int n)
{
    double raw = (hi - lo) / n, p = pow(10.0, floor(log10(raw))), m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* The frame's value range widened to whole tick steps (an empty range made one). */
static void fit(double *lo, double *hi, double *step)
{
    if (!(*lo <= *hi)) {
        *lo = 0;
        *hi = 1;
    }
    if (*hi - *lo <= 1e-12 * fmax(1.0, fabs(*hi))) {
        double pad = fmax(fabs(*hi) * 0.05, 0.5);
        *lo -= pad;
        *hi += pad;
    }
    *step = nice_step(*lo, *hi, 6);
    *lo = floor(*lo / *step) * *step;
    *hi = ceil(*hi / *step) * *step;
}

/* One polyline per run of finite points inside the time range, at most about MAXPTS points. */
static void polyline(mo_buf *b, const frame *f, const mo_plot_series *s)
{
    int n = s->n, step = n > MAXPTS ? (n + MAXPTS - 1) / MAXPTS : 1;
    bool open = false;
    for (int i = 0; i < n; i = (i + step < n || i == n - 1) ? i + step : n - 1) {
        bool ok = isfinite(s->y[i]) && isfinite(s->t[i]) && s->t[i] >= f->t0 && s->t[i] <= f->t1;
        if (ok && !open) {
            mo_buf_printf(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.3\"%s%s%s points=\"",
                          s->color, s->dash ? " stroke-dasharray=\"" : "", s->dash ? s->dash : "",
                          s->dash ? "\"" : "");
            open = true;
        } else if (!ok && open) {
            mo_buf_puts(b, "\"/>\n");
            open = false;
        }
        if (ok) {
            double yy = fmin(fmax(s->y[i], f->y0 - (f->y1 - f->y0)), f->y1 + (f->y1 - f->y0));
            mo_buf_printf(b, "%.1f,%.1f ", px(f, s->t[i]), py(f, yy));
        }
        if (i == n - 1)
            break;
    }
    if (open)
        mo_buf_puts(b, "\"/>\n");
}

static void text(mo_buf *b, double x, double y, const char *anchor, const char *extra, const char *s)
{
    mo_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
    mo_buf_xml(b, s);
    mo_buf_puts(b, "</text>\n");
}

void mo_plot_svg(mo_buf *b, const char *title, const char *ylabel, const mo_plot_series *s, int ns,
                 double from, double to)
{
    frame f = {INFINITY, -INFINITY, INFINITY, -INFINITY};
    for (int k = 0; k < ns; k++)
        for (int i = 0; i < s[k].n; i++)
            if (isfinite(s[k].t[i])) {
                f.t0 = fmin(f.t0, s[k].t[i]);
                f.t1 = fmax(f.t1, s[k].t[i]);
            }
    if (isfinite(from) && isfinite(to) && to > from) {
        f.t0 = fmax(f.t0, from);
        f.t1 = fmin(f.t1, to);
    }
    if (!(f.t0 < f.t1)) {
        f.t1 = (isfinite(f.t0) ? f.t0 : 0) + 1;
        f.t0 = f.t1 - 1;
    }
    for (int k = 0; k < ns; k++)
        for (int i = 0; i < s[k].n; i++)
            if (isfinite(s[k].y[i]) && s[k].t[i] >= f.t0 && s[k].t[i] <= f.t1) {
                f.y0 = fmin(f.y0, s[k].y[i]);
                f.y1 = fmax(f.y1, s[k].y[i]);
            }
    double ystep, tstep = nice_step(f.t0, f.t1, 8);
    fit(&f.y0, &f.y1, &ystep);
    mo_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                     "font-family=\"sans-serif\" font-size=\"11\">\n", W, H, W, H);
    mo_buf_printf(b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H);
    text(b, L, 18, "start", " font-size=\"13\"", title);
    /* grid and ticks: time */
    mo_buf_puts(b, "<g class=\"grid\" stroke=\"#ddd\" stroke-width=\"1\">\n");
    for (double t = ceil(f.t0 / tstep) * tstep; t <= f.t1 + 1e-9 * tstep; t += tstep)
        mo_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n", px(&f, t), T, px(&f, t), H - B);
    for (double y = f.y0; y <= f.y1 + 1e-9 * ystep; y += ystep)
        mo_buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n", L, py(&f, y), W - R, py(&f, y));
    mo_buf_puts(b, "</g>\n<g class=\"ticks\">\n");
    char num[40];
    for (double t = ceil(f.t0 / tstep) * tstep; t <= f.t1 + 1e-9 * tstep; t += tstep) {
        snprintf(num, sizeof num, "%g", fabs(t) < 1e-9 * tstep ? 0.0 : t);
        mo_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>\n", px(&f, t), H - B,
                      px(&f, t), H - B + 5);
        text(b, px(&f, t), H - B + 17, "middle", "", num);
    }
    for (double y = f.y0; y <= f.y1 + 1e-9 * ystep; y += ystep) {
        snprintf(num, sizeof num, "%g", fabs(y) < 1e-9 * ystep ? 0.0 : y);
        mo_buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333\"/>\n", L - 5, py(&f, y), L,
                      py(&f, y));
        text(b, L - 8, py(&f, y) + 4, "end", "", num);
    }
    mo_buf_puts(b, "</g>\n");
    mo_buf_printf(b, "<rect class=\"axes\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n",
                  L, T, W - L - R, H - T - B);
    text(b, (L + W - R) / 2.0, H - 12, "middle", " class=\"xlabel\"", "time [s]");
    if (ylabel && *ylabel) {
        mo_buf_printf(b, "<text class=\"ylabel\" x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">",
                      (T + H - B) / 2.0, (T + H - B) / 2.0);
        mo_buf_xml(b, ylabel);
        mo_buf_puts(b, "</text>\n");
    }
    for (int k = 0; k < ns; k++)
        polyline(b, &f, &s[k]);
    /* the legend, top right inside the frame */
    size_t wmax = 0;
    for (int k = 0; k < ns; k++)
        wmax = strlen(s[k].label) > wmax ? strlen(s[k].label) : wmax;
    double lw = 40 + 6.5 * (double)(wmax > 60 ? 60 : wmax), lx = W - R - 8 - lw, ly = T + 8;
    mo_buf_printf(b, "<g class=\"legend\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"white\" "
                     "fill-opacity=\"0.85\" stroke=\"#999\"/>\n", lx, ly, lw, 8 + 15 * ns);
    for (int k = 0; k < ns; k++) {
        double yy = ly + 15 + 15 * k;
        mo_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s%s%s/>\n",
                      lx + 6, yy - 4, lx + 30, yy - 4, s[k].color, s[k].dash ? " stroke-dasharray=\"" : "",
                      s[k].dash ? s[k].dash : "", s[k].dash ? "\"" : "");
        text(b, lx + 36, yy, "start", "", s[k].label);
    }
    mo_buf_puts(b, "</g>\n</svg>\n");
}

/* ---- reading results ---- */

/* A result file's variables: time first. desc may hold NULL entries (no description). */
typedef struct result {
    mo_csv csv;
    const char **desc;
} result;

/* MAT v4 matrices as OpenModelica writes them. */
typedef struct matrix {
    char name[64];
    int32_t type, rows, cols;
    const unsigned char *data;  /* rows * cols values, column-major */
} matrix;

static double mat_value(const matrix *m, long i)
{
    int prec = (m->type / 10) % 10;
    if (prec == 0) {
        double v;
        memcpy(&v, m->data + 8 * i, 8);
        return v;
    }
    if (prec == 1) {
        float v;
        memcpy(&v, m->data + 4 * i, 4);
        return v;
    }
    if (prec == 2) {
        int32_t v;
        memcpy(&v, m->data + 4 * i, 4);
        return v;
    }
    if (prec == 3 || prec == 4) {
        uint16_t v;
        memcpy(&v, m->data + 2 * i, 2);
        return prec == 3 ? (double)(int16_t)v : v;
    }
    return m->data[i];   /* 5: uint8 (text) */
}

static bool mat_next(const unsigned char **p, const unsigned char *end, matrix *m)
{
    int32_t h[5];
    if ((size_t)(end - *p) < sizeof h)
        return false;
    memcpy(h, *p, sizeof h);
    *p += sizeof h;
    m->type = h[0];
    m->rows = h[1];
    m->cols = h[2];
    int prec = (h[0] / 10) % 10;
    size_t size = prec == 0 ? 8 : prec <= 2 ? 4 : prec <= 4 ? 2 : 1;
    if (h[0] < 0 || h[0] >= 1000 || h[1] < 0 || h[2] < 0 || h[4] < 1 || h[4] > 63 || h[3] != 0 ||
        (size_t)(end - *p) < (size_t)h[4])
        return false;
    memcpy(m->name, *p, (size_t)h[4]);
    m->name[h[4] - 1] = '\0';
    *p += h[4];
    size_t bytes = size * (size_t)h[1] * (size_t)h[2];
    if ((size_t)(end - *p) < bytes)
        return false;
    m->data = *p;
    *p += bytes;
    return true;
}

/* String j of a text matrix (one per column, binTrans; one per row, binNormal), trailing blanks off. */
static const char *mat_string(const matrix *m, int j, bool trans)
{
    int len = trans ? m->rows : m->cols;
    char *s = MO_NEWN(char, (size_t)len + 1);
    for (int i = 0; i < len; i++)
        s[i] = (char)mat_value(m, trans ? (long)j * m->rows + i : (long)i * m->rows + j);
    int n = len;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\0'))
        n--;
    s[n] = '\0';
    return s;
}

static bool read_mat(const char *path, result *r, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    MO_VEC(unsigned char) buf = {0};
    unsigned char chunk[65536];
    for (size_t got; (got = fread(chunk, 1, sizeof chunk, f)) > 0;)
        for (size_t i = 0; i < got; i++)
            MO_PUSH(buf, chunk[i]);
    fclose(f);
    const unsigned char *p = buf.v, *end = buf.v + buf.n;
    matrix aclass, name, desc, info, d1, d2;
    if (!mat_next(&p, end, &aclass) || strcmp(aclass.name, "Aclass") != 0 || !mat_next(&p, end, &name) ||
        !mat_next(&p, end, &desc) || !mat_next(&p, end, &info) || !mat_next(&p, end, &d1) ||
        !mat_next(&p, end, &d2) || strcmp(d2.name, "data_2") != 0) {
        snprintf(err, errlen, "'%s' is no result file in OpenModelica's MAT layout", path);
        return false;
    }
    bool trans = strstr(mat_string(&aclass, 3, false), "binTrans") != NULL ||
                 strcmp(mat_string(&aclass, 3, false), "") == 0;
    int nv = trans ? name.cols : name.rows;
    int np = trans ? d2.cols : d2.rows, nrow2 = trans ? d2.rows : d2.cols, nrow1 = trans ? d1.rows : d1.cols;
    int np1 = trans ? d1.cols : d1.rows;
    r->csv.ncols = nv;
    r->csv.nrows = np;
    r->csv.names = MO_NEWN(const char *, nv + 1);
    r->csv.cols = MO_NEWN(double *, nv + 1);
    r->desc = MO_NEWN(const char *, nv + 1);
    for (int j = 0; j < nv; j++) {
        r->csv.names[j] = mat_string(&name, j, trans);
        r->desc[j] = mat_string(&desc, j, trans);
        long which = (long)mat_value(&info, trans ? 4L * j : j), row = (long)mat_value(&info, trans ? 4L * j + 1 : (long)nv + j);
        bool neg = row < 0;
        row = labs(row) - 1;
        double *col = MO_NEWN(double, np + 1);
        for (int i = 0; i < np; i++) {
            double v = NAN;
            if (which != 1 && row < nrow2)
                v = mat_value(&d2, trans ? (long)i * nrow2 + row : (long)row * np + i);
            else if (which == 1 && row < nrow1 && np1 > 0)
                v = mat_value(&d1, trans ? row : (long)row * np1);
            col[i] = neg ? -v : v;
        }
        r->csv.cols[j] = col;
    }
    if (nv < 1 || strcmp(r->csv.names[0], "time") != 0) {
        snprintf(err, errlen, "'%s': the first variable is not time", path);
        return false;
    }
    return true;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* The unit in a description "text [unit]", or "" */
static const char *unit_of(const char *desc)
{
    if (!desc)
        return "";
    size_t n = strlen(desc);
    const char *open = strrchr(desc, '[');
    if (n < 3 || desc[n - 1] != ']' || !open)
        return "";
    return mo_strndup(open + 1, (size_t)(desc + n - 1 - open - 1));
}

static int usage_error(void)
{
    fprintf(stderr, "usage: mo2c plot RESULT.csv|RESULT.mat VAR... [-o FILE.svg]\n");
    return 1;
}

int mo_plot_main(int argc, char **argv)
{
    const char *file = NULL, *out = NULL;
    MO_VEC(const char *) vars = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0) {
            if (i + 1 >= argc)
                return usage_error();
            out = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mo2c plot: error: unknown option '%s'\n", argv[i]);
            return usage_error();
        } else if (!file) {
            file = argv[i];
        } else {
            MO_PUSH(vars, argv[i]);
        }
    }
    if (!file || vars.n == 0)
        return usage_error();
    result r = {{0}, NULL};
    char err[1024] = "";
    if (ends_with(file, ".mat")) {
        if (!read_mat(file, &r, err, sizeof err)) {
            fprintf(stderr, "mo2c plot: error: %s\n", err);
            return 1;
        }
    } else {
        mo_csv *c = mo_csv_read(file, err, sizeof err);
        if (!c) {
            fprintf(stderr, "mo2c plot: error: %s\n", err);
            return 1;
        }
        r.csv = *c;
        r.desc = MO_NEWN(const char *, c->ncols + 1);
    }
    static const char *const colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                         "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
    static const char *const dashes[] = {NULL, "6,3", "2,2"};
    mo_plot_series *s = MO_NEWN(mo_plot_series, vars.n);
    const char *unit = NULL;
    bool same_unit = true;
    for (int k = 0; k < vars.n; k++) {
        int c = mo_csv_column(&r.csv, vars.v[k]);
        if (c < 0) {
            fprintf(stderr, "mo2c plot: error: '%s' has no variable '%s'\n", file, vars.v[k]);
            return 1;
        }
        const char *u = unit_of(r.desc[c]);
        s[k].label = *u ? mo_sprintf("%s [%s]", vars.v[k], u) : vars.v[k];
        s[k].t = r.csv.cols[0];
        s[k].y = r.csv.cols[c];
        s[k].n = r.csv.nrows;
        s[k].color = colors[k % 10];
        s[k].dash = dashes[(k / 10) % 3];
        if (k == 0)
            unit = u;
        else if (strcmp(unit, u) != 0)
            same_unit = false;
    }
    const char *base = strrchr(file, '/');
    mo_buf b = {0};
    mo_plot_svg(&b, base ? base + 1 : file, same_unit && unit && *unit ? mo_sprintf("[%s]", unit) : "", s,
                vars.n, NAN, NAN);
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "mo2c plot: error: cannot write '%s': %s\n", out, strerror(errno));
        return 1;
    }
    fputs(mo_buf_str(&b), f);
    int bad = ferror(f);
    if (out ? fclose(f) != 0 : fflush(f) != 0)
        bad = 1;
    if (bad) {
        fprintf(stderr, "mo2c plot: error: cannot write '%s': %s\n", out ? out : "standard output", strerror(errno));
        return 1;
    }
    return 0;
}
