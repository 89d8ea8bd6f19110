/*
 * results.c - the result writers: CSV and MAT v4 in OpenModelica's layouts (REFERENCE.md).
 *
 * Input: the model's variable list, the options (format, -variableFilter, -emit_protected) and, for
 * every output point, the current values in the mo2c_data. Output: the result file.
 * Preconditions: parameters are final when the writer opens (MAT writes them into data_1 then).
 *
 * Which variables: "time" first, then every variable of model->vars in order that matches the filter
 * (anchored ^(...)$) and is not protected (unless -emit_protected, as OpenModelica does). CSV leaves out
 * parameters; MAT puts them in data_1. Every column reads its value through a pointer fixed at open
 * (into x, dx, y, p, or the constant in the variable's description) and a sign, so writing a row is
 * one pass without branches on the kind of variable.
 *
 * Failures: the simulator stops cleanly on every error, so the writers never need to flush per row: the
 * file is completed by mo2c_rt_writer_close on every exit path, and MAT's column count is patched
 * there, keeping every point computed before a failure.
 */
#include "rt_internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct column {
    const double *src;         /* where the value is */
    double sign;               /* -1 for a negated alias (CSV only: MAT stores the source) */
} column;

struct mo2c_rt_writer {
    mo2c_rt_format format;
    FILE *f;
    const char *path;
    int ncols;                 /* columns after time (CSV) or data_2 rows after time (MAT) */
    column *cols;
    double *row;               /* MAT: 1 + ncols values of one output point */
    char *line;                /* CSV: one row of text */
    size_t line_cap;
    int32_t npoints;           /* MAT: output points written */
    long ncols_pos;            /* MAT: file offset of data_2's column count */
    int failed;                /* a write failed (reported once) */
};

/* ---- choosing the variables ---- */

static int wanted(const mo2c_rt_opts *o, const mo2c_var_info *v)
{
    if (v->is_protected && !o->emit_protected)
        return 0;
    if (o->filter_compiled && regexec(&o->filter_re, v->name, 0, NULL, 0) != 0)
        return 0;
    return 1;
}

/* The address a variable's value is read from; NULL (after a message) when the generated description is
 * inconsistent with the model's sizes. */
static const double *source_of(const mo2c_data *d, const mo2c_var_info *v)
{
    const mo2c_model *m = d->model;
    int i = v->index, n = 0;
    const double *base = NULL;
    switch (v->source) {
    case MO2C_SRC_STATE: base = d->x; n = m->nx; break;
    case MO2C_SRC_DER: base = d->dx; n = m->nx; break;
    case MO2C_SRC_ALG: base = d->y; n = m->ny; break;
    case MO2C_SRC_PARAM: base = d->p; n = m->np; break;
    case MO2C_SRC_CONST_VALUE: return &v->value;
    }
    if (!base || i < 0 || i >= n) {
        fprintf(stderr, "error: internal: variable '%s' refers to index %d outside its array\n", v->name, i);
        return NULL;
    }
    return base + i;
}

/* ---- CSV ---- */

static void csv_name(FILE *f, const char *name)
{
    fputc('"', f);
    for (const char *p = name; *p; p++) {
        if (*p == '"')
            fputc('"', f); /* CSV doubles a quote inside a quoted field */
        fputc(*p, f);
    }
    fputc('"', f);
}

static int csv_open(mo2c_rt_writer *w, const mo2c_data *d, const mo2c_rt_opts *o)
{
    const mo2c_model *m = d->model;
    w->cols = calloc((size_t)m->nvars + 1, sizeof *w->cols);
    w->line_cap = 26 * ((size_t)m->nvars + 1) + 2; /* 24 chars per real at most, a comma, the LF */
    w->line = malloc(w->line_cap);
    if (!w->cols || !w->line)
        return -1;
    csv_name(w->f, "time");
    for (int i = 0; i < m->nvars; i++) {
        const mo2c_var_info *v = &m->vars[i];
        if (v->is_param || !wanted(o, v))
            continue;
        const double *src = source_of(d, v);
        if (!src)
            return -1;
        w->cols[w->ncols].src = src;
        w->cols[w->ncols].sign = v->negated ? -1.0 : 1.0;
        w->ncols++;
        fputc(',', w->f);
        csv_name(w->f, v->name);
    }
    fputc('\n', w->f);
    return 0;
}

static void csv_row(mo2c_rt_writer *w, double t)
{
    char *p = w->line;
    p += mo2c_rt_format_real(p, t);
    for (int i = 0; i < w->ncols; i++) {
        *p++ = ',';
        p += mo2c_rt_format_real(p, w->cols[i].sign * *w->cols[i].src);
    }
    *p++ = '\n';
    fwrite(w->line, 1, (size_t)(p - w->line), w->f);
}

/* ---- MAT v4 ---- */

/* MAT v4's type number is MOPT: M = 0 little-endian / 1 big-endian, O = 0, P = precision (0 double,
 * 2 int32, 5 uint8), T = 0 numeric / 1 text. */
#define MAT_DOUBLE 0
#define MAT_INT32 20
#define MAT_TEXT 51

static int host_big_endian(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 0;
}

static void mat_header(FILE *f, int32_t type, int32_t rows, int32_t cols, const char *name)
{
    int32_t h[5] = {type + (host_big_endian() ? 1000 : 0), rows, cols, 0, (int32_t)strlen(name) + 1};
    fwrite(h, sizeof h, 1, f);
    fwrite(name, 1, strlen(name) + 1, f);
}

/* A text matrix of one string per column, each padded with NUL to `rows` characters. */
static void mat_strings(FILE *f, const char *name, const char *const *s, int n)
{
    size_t rows = 1;
    for (int j = 0; j < n; j++)
        if (strlen(s[j]) > rows)
            rows = strlen(s[j]);
    mat_header(f, MAT_TEXT, (int32_t)rows, n, name);
    for (int j = 0; j < n; j++) {
        size_t len = strlen(s[j]);
        fwrite(s[j], 1, len, f);
        for (size_t k = len; k < rows; k++)
            fputc('\0', f);
    }
}

/* Aclass: 4 rows of 11 characters, space padded, stored column by column like every MAT matrix. */
static void mat_aclass(FILE *f)
{
    static const char *const rows[4] = {"Atrajectory", "1.1", "", "binTrans"};
    mat_header(f, MAT_TEXT, 4, 11, "Aclass");
    for (int c = 0; c < 11; c++)
        for (int r = 0; r < 4; r++)
            fputc(c < (int)strlen(rows[r]) ? rows[r][c] : ' ', f);
}

/* Rows of data_1/data_2 are shared by variables with the same source (aliases); keyed by source kind
 * and index, 0 = no row yet. */
typedef struct row_map {
    int *of[5];                /* [mo2c_source][index] -> 1-based row */
} row_map;

static int row_map_init(row_map *rm, const mo2c_model *m)
{
    int sizes[5] = {m->nx, m->nx, m->ny, m->np, 0};
    for (int k = 0; k < 5; k++)
        rm->of[k] = calloc((size_t)sizes[k] + 1, sizeof(int));
    for (int k = 0; k < 5; k++)
        if (!rm->of[k])
            return -1;
    return 0;
}

static void row_map_free(row_map *rm)
{
    for (int k = 0; k < 5; k++)
        free(rm->of[k]);
}

static int mat_open(mo2c_rt_writer *w, const mo2c_data *d, const mo2c_rt_opts *o)
{
    const mo2c_model *m = d->model;
    int nv = m->nvars, nsel = 1, n1 = 1, rc = -1;
    const char **names = calloc((size_t)nv + 1, sizeof *names);
    char **descs = calloc((size_t)nv + 1, sizeof *descs);
    int32_t *info = calloc(4 * ((size_t)nv + 1), sizeof *info);
    const double **p1 = calloc((size_t)nv + 1, sizeof *p1); /* data_1 rows after time */
    w->cols = calloc((size_t)nv + 1, sizeof *w->cols);
    w->row = calloc((size_t)nv + 1, sizeof *w->row);
    row_map r1 = {{0}}, r2 = {{0}};
    if (!names || !descs || !info || !p1 || !w->cols || !w->row || row_map_init(&r1, m) ||
        row_map_init(&r2, m))
        goto out;

    names[0] = "time";
    descs[0] = strdup("Simulation time [s]");
    if (!descs[0])
        goto out;
    info[0] = 0, info[1] = 1, info[2] = 0, info[3] = -1;
    for (int i = 0; i < nv; i++) {
        const mo2c_var_info *v = &m->vars[i];
        if (!wanted(o, v))
            continue;
        const double *src = source_of(d, v);
        if (!src)
            goto out;
        int row;
        row_map *rm = v->is_param ? &r1 : &r2;
        int *slot = v->source == MO2C_SRC_CONST_VALUE ? NULL : &rm->of[v->source][v->index];
        if (slot && *slot) {
            row = *slot;
        } else if (v->is_param) {
            p1[n1 - 1] = src;
            row = ++n1;
        } else {
            w->cols[w->ncols].src = src;
            w->cols[w->ncols].sign = 1.0;
            row = ++w->ncols + 1;
        }
        if (slot)
            *slot = row;
        names[nsel] = v->name;
        size_t len = strlen(v->comment ? v->comment : "") + strlen(v->unit ? v->unit : "") + 4;
        descs[nsel] = malloc(len);
        if (!descs[nsel])
            goto out;
        if (v->unit && *v->unit)
            snprintf(descs[nsel], len, "%s [%s]", v->comment ? v->comment : "", v->unit);
        else
            snprintf(descs[nsel], len, "%s", v->comment ? v->comment : "");
        int32_t *in = &info[4 * nsel];
        in[0] = v->is_param ? 1 : 2;
        in[1] = v->negated ? -row : row;
        in[2] = 0;
        in[3] = 0;
        nsel++;
    }

    mat_aclass(w->f);
    mat_strings(w->f, "name", names, nsel);
    mat_strings(w->f, "description", (const char *const *)descs, nsel);
    mat_header(w->f, MAT_INT32, 4, nsel, "dataInfo");
    fwrite(info, sizeof *info, 4 * (size_t)nsel, w->f);
    /* data_1: parameters are constant, so the column at stop repeats the column at start */
    mat_header(w->f, MAT_DOUBLE, n1, 2, "data_1");
    for (int c = 0; c < 2; c++) {
        double t = c == 0 ? o->start : o->stop;
        fwrite(&t, sizeof t, 1, w->f);
        for (int r = 0; r < n1 - 1; r++)
            fwrite(p1[r], sizeof(double), 1, w->f);
    }
    /* data_2: column count 0 for now, patched by close (the third int32 of its header) */
    long pos = ftell(w->f);
    mat_header(w->f, MAT_DOUBLE, w->ncols + 1, 0, "data_2");
    w->ncols_pos = pos < 0 ? -1 : pos + 2 * (long)sizeof(int32_t);
    rc = w->ncols_pos < 0 ? -1 : 0;
out:
    if (descs)
        for (int i = 0; i < nsel; i++)
            free(descs[i]);
    free(descs);
    free(names);
    free(info);
    free(p1);
    row_map_free(&r1);
    row_map_free(&r2);
    return rc;
}

static void mat_row(mo2c_rt_writer *w, double t)
{
    w->row[0] = t;
    for (int i = 0; i < w->ncols; i++)
        w->row[i + 1] = *w->cols[i].src;
    fwrite(w->row, sizeof(double), (size_t)w->ncols + 1, w->f);
    w->npoints++;
}

/* ---- the writer interface ---- */

static void writer_free(mo2c_rt_writer *w)
{
    free(w->cols);
    free(w->row);
    free(w->line);
    free(w);
}

mo2c_rt_writer *mo2c_rt_writer_open(const mo2c_data *d, const mo2c_rt_opts *o, const char *path)
{
    mo2c_rt_writer *w = calloc(1, sizeof *w);
    if (!w) {
        fprintf(stderr, "error: out of memory\n");
        return NULL;
    }
    w->format = o->format;
    w->path = path;
    if (o->format == MO2C_RT_EMPTY)
        return w;
    w->f = fopen(path, "wb");
    if (!w->f) {
        fprintf(stderr, "error: cannot open result file '%s': %s\n", path, strerror(errno));
        writer_free(w);
        return NULL;
    }
    setvbuf(w->f, NULL, _IOFBF, 1 << 16);
    int rc = o->format == MO2C_RT_MAT ? mat_open(w, d, o) : csv_open(w, d, o);
    if (rc != 0) {
        fprintf(stderr, "error: cannot write result file '%s'\n", path);
        fclose(w->f);
        writer_free(w);
        return NULL;
    }
    return w;
}

int mo2c_rt_writer_row(mo2c_rt_writer *w, double t)
{
    if (!w || !w->f)
        return 0;
    if (w->format == MO2C_RT_MAT)
        mat_row(w, t);
    else
        csv_row(w, t);
    if (ferror(w->f)) {
        if (!w->failed)
            fprintf(stderr, "error: writing result file '%s' failed: %s\n", w->path, strerror(errno));
        w->failed = 1;
        return -1;
    }
    return 0;
}

int mo2c_rt_writer_close(mo2c_rt_writer *w)
{
    if (!w)
        return 0;
    int rc = w->failed ? -1 : 0;
    if (w->f) {
        if (w->format == MO2C_RT_MAT && fseek(w->f, w->ncols_pos, SEEK_SET) == 0)
            fwrite(&w->npoints, sizeof w->npoints, 1, w->f);
        int bad = ferror(w->f);
        if (fclose(w->f) != 0)
            bad = 1;
        if (bad && !w->failed) {
            fprintf(stderr, "error: writing result file '%s' failed: %s\n", w->path, strerror(errno));
            rc = -1;
        }
    }
    writer_free(w);
    return rc;
}
