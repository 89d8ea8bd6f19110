/*
 * results.c - the result writers: CSV and MAT v4 in OpenModelica's layouts (REFERENCE.md).
 *
 * Input: the model's variable list, the options (format, -variableFilter, -emit_protected) and, for
 * every output point, the current values in the mo2c_data. Output: the result file.
 * Preconditions: parameters are final when the writer opens (MAT writes them into data_1 then).
 *
 * Which variables: "time" first, then $cpuTime (-cpu) and $solverSteps (-steps), then every variable of model->vars in order that matches the filter
 * (anchored ^(...)$) and is not protected (unless -emit_protected, as OpenModelica does). CSV leaves out
 * parameters; MAT puts them in data_1. Every column reads its value through a pointer fixed at open
 * (into x, dx, y, p, or the constant in the variable's description) and a sign, so writing a row is
 * one pass without branches on the kind of variable.
 *
 * Failures: every row is whole once it is counted, so the file can be completed at any moment. The
 * writer keeps its own buffer and file descriptor (no stdio): rows are formatted straight into the buffer
 * and counted by one store of `end` (the file offset just after the last whole row); the buffer holds
 * the bytes from `flushed` to `end` and goes out with pwrite at their own offset. So a signal handler
 * (guard.c) can finish the file from any point of the run with mo2c_rt_writer_salvage: write the buffer
 * again at its offset (pwrite is idempotent, whatever part of it had gone out), and patch MAT's column
 * count from `end`. An ordinary failure (mo2c_fail, an assert, a NaN) ends through
 * mo2c_rt_writer_close, which does the same and closes the file.
 */
#include "rt_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct column {
    const double *src;         /* where the value is */
    double sign;               /* -1 for a negated alias (CSV only: MAT stores the source) */
} column;

/* The offsets a signal handler reads (see the top of the file): each is written by one aligned store,
 * which a handler on the same thread never sees half done on the 64-bit targets mo2c supports. */
typedef volatile int64_t offset_t;

struct mo2c_rt_writer {
    mo2c_rt_format format;
    int fd;                    /* -1: no file (-outputFormat=empty) */
    int seekable;              /* pwrite works (a regular file, a device); else write (a pipe) */
    const char *path;
    int ncols;                 /* columns after time (CSV) or data_2 rows after time (MAT) */
    column *cols;
    char *buf;                 /* the bytes of the file from `flushed` to `end` */
    size_t cap;                /* of buf; at least two rows */
    size_t row_max;            /* bytes one row may take */
    offset_t flushed;          /* file offset of buf[0]: everything before it is in the file */
    offset_t end;              /* file offset after the last whole row (or header byte) */
    int64_t data_pos;          /* MAT: file offset of data_2's first value; -1 before it is known */
    int64_t ncols_pos;         /* MAT: file offset of data_2's column count */
    volatile double last_t;    /* time of the last whole row */
    volatile long nrows;       /* rows written */
    int failed;                /* a write failed (reported once) */
    long sync;                 /* -mat_sync: patch MAT's column count every sync rows (0: never) */
    double *cpu;               /* -cpu: the $cpuTime column's value, set before each row */
    clock_t cpu0;              /* CPU time when the file was opened */
};

/* ---- bytes to the file ---- */

/* Write n bytes at offset off (pwrite), or at the end (write on a pipe); 0, or -1 with errno. Only
 * async-signal-safe calls: the salvage runs in a signal handler. */
static int put_at(const mo2c_rt_writer *w, const char *p, size_t n, int64_t off)
{
    while (n > 0) {
        ssize_t k = w->seekable ? pwrite(w->fd, p, n, (off_t)off) : write(w->fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (k == 0)
                errno = EIO;
            return -1;
        }
        p += k;
        n -= (size_t)k;
        off += k;
    }
    return 0;
}

/* Send the buffer to the file; 0, or -1 with errno. The buffer's bytes stay valid until `flushed`
 * moves past them, so a handler running meanwhile writes them again at the same offset. */
static int flush(mo2c_rt_writer *w)
{
    int64_t from = w->flushed, to = w->end;
    if (to == from)
        return 0;
    if (put_at(w, w->buf, (size_t)(to - from), from) != 0)
        return -1;
    w->flushed = to;  /* one store: from here on a handler sees an empty buffer */
    return 0;
}

/* Room for n more bytes at buf + (end - flushed); NULL with errno when the file cannot take them. */
static char *room(mo2c_rt_writer *w, size_t n)
{
    if ((size_t)(w->end - w->flushed) + n > w->cap && flush(w) != 0)
        return NULL;
    if (n > w->cap) {   /* a header bigger than the buffer: grow it (nothing is buffered now) */
        char *nb = realloc(w->buf, n);
        if (!nb)
            return NULL;
        w->buf = nb;
        w->cap = n;
    }
    return w->buf + (w->end - w->flushed);
}

/* Append n bytes (the headers); -1 with errno on failure. */
static int put(mo2c_rt_writer *w, const void *p, size_t n)
{
    char *at = room(w, n);
    if (!at)
        return -1;
    memcpy(at, p, n);
    w->end += (int64_t)n;
    return 0;
}


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

/* ---- the columns of -cpu and -steps ---- */

/* The run's own columns that come right after time: $cpuTime (-cpu), $solverSteps (-steps). Their
 * values live in the runtime's state (mo2c_rt_state.cpu_time, steps_taken). */
typedef struct extra_col {
    const char *name, *desc;
    const double *src;
} extra_col;

static int extra_cols(const mo2c_data *d, const mo2c_rt_opts *o, extra_col out[2])
{
    mo2c_rt_state *s = d->solver;
    int n = 0;
    if (o->cpu)
        out[n++] = (extra_col){"$cpuTime", "cpu time [s]", &s->cpu_time};
    if (o->steps)
        out[n++] = (extra_col){"$solverSteps", "number of steps taken by the integrator", &s->steps_taken};
    return n;
}

/* ---- CSV ---- */

static int csv_name(mo2c_rt_writer *w, const char *name)
{
    int rc = put(w, "\"", 1);
    for (const char *p = name; *p && rc == 0; p++) {
        size_t n = strcspn(p, "\"");
        rc = put(w, p, n);
        p += n;
        if (*p == '"' && rc == 0)
            rc = put(w, "\"\"", 2); /* CSV doubles a quote inside a quoted field */
        if (!*p)
            break;
    }
    return rc == 0 ? put(w, "\"", 1) : rc;
}

static int csv_open(mo2c_rt_writer *w, const mo2c_data *d, const mo2c_rt_opts *o)
{
    const mo2c_model *m = d->model;
    extra_col ex[2];
    int nex = extra_cols(d, o, ex);
    w->cols = calloc((size_t)m->nvars + 3, sizeof *w->cols);
    w->row_max = 26 * ((size_t)m->nvars + 3) + 2; /* 24 chars per real at most, a comma, the LF */
    if (!w->cols)
        return -1;
    if (csv_name(w, "time") != 0)
        return -1;
    for (int k = 0; k < nex; k++) {
        w->cols[w->ncols++] = (column){ex[k].src, 1.0};
        if (put(w, ",", 1) != 0 || csv_name(w, ex[k].name) != 0)
            return -1;
    }
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
        if (put(w, ",", 1) != 0 || csv_name(w, v->name) != 0)
            return -1;
    }
    return put(w, "\n", 1);
}

/* One row formatted in place; its bytes count only once the whole row is there. */
static int csv_row(mo2c_rt_writer *w, double t)
{
    char *p = room(w, w->row_max), *start = p;
    if (!p)
        return -1;
    p += mo2c_rt_format_real(p, t);
    for (int i = 0; i < w->ncols; i++) {
        *p++ = ',';
        p += mo2c_rt_format_real(p, w->cols[i].sign * *w->cols[i].src);
    }
    *p++ = '\n';
    w->end += p - start;
    return 0;
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

static int mat_header(mo2c_rt_writer *w, int32_t type, int32_t rows, int32_t cols, const char *name)
{
    int32_t h[5] = {type + (host_big_endian() ? 1000 : 0), rows, cols, 0, (int32_t)strlen(name) + 1};
    return put(w, h, sizeof h) || put(w, name, strlen(name) + 1) ? -1 : 0;
}

/* A text matrix of one string per column, each padded with NUL to `rows` characters. */
static int mat_strings(mo2c_rt_writer *w, const char *name, const char *const *s, int n)
{
    static const char zeros[256];
    size_t rows = 1;
    for (int j = 0; j < n; j++)
        if (strlen(s[j]) > rows)
            rows = strlen(s[j]);
    if (rows > INT32_MAX || mat_header(w, MAT_TEXT, (int32_t)rows, n, name) != 0)
        return -1;
    for (int j = 0; j < n; j++) {
        size_t len = strlen(s[j]);
        if (put(w, s[j], len) != 0)
            return -1;
        for (size_t k = len; k < rows; k += sizeof zeros)
            if (put(w, zeros, rows - k < sizeof zeros ? rows - k : sizeof zeros) != 0)
                return -1;
    }
    return 0;
}

/* Aclass: 4 rows of 11 characters, space padded, stored column by column like every MAT matrix. */
static int mat_aclass(mo2c_rt_writer *w)
{
    static const char *const rows[4] = {"Atrajectory", "1.1", "", "binTrans"};
    char text[44];
    for (int c = 0; c < 11; c++)
        for (int r = 0; r < 4; r++)
            text[4 * c + r] = c < (int)strlen(rows[r]) ? rows[r][c] : ' ';
    return mat_header(w, MAT_TEXT, 4, 11, "Aclass") || put(w, text, sizeof text) ? -1 : 0;
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
    int nv = m->nvars + 2, nsel = 1, n1 = 1, rc = -1;   /* + $cpuTime, $solverSteps */
    const char **names = calloc((size_t)nv + 1, sizeof *names);
    char **descs = calloc((size_t)nv + 1, sizeof *descs);
    int32_t *info = calloc(4 * ((size_t)nv + 1), sizeof *info);
    const double **p1 = calloc((size_t)nv + 1, sizeof *p1); /* data_1 rows after time */
    w->cols = calloc((size_t)nv + 1, sizeof *w->cols);
    row_map r1 = {{0}}, r2 = {{0}};
    if (!names || !descs || !info || !p1 || !w->cols || row_map_init(&r1, m) ||
        row_map_init(&r2, m))
        goto out;

    names[0] = "time";
    descs[0] = strdup("Simulation time [s]");
    if (!descs[0])
        goto out;
    info[0] = 0, info[1] = 1, info[2] = 0, info[3] = -1;
    extra_col ex[2];
    int nex = extra_cols(d, o, ex);
    for (int k = 0; k < nex; k++, nsel++) {
        w->cols[w->ncols++] = (column){ex[k].src, 1.0};
        names[nsel] = ex[k].name;
        if (!(descs[nsel] = strdup(ex[k].desc)))
            goto out;
        int32_t *in = &info[4 * nsel];
        in[0] = 2, in[1] = w->ncols + 1, in[2] = 0, in[3] = 0;
    }
    for (int i = 0; i < m->nvars; i++) {
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

    if (mat_aclass(w) || mat_strings(w, "name", names, nsel) ||
        mat_strings(w, "description", (const char *const *)descs, nsel) ||
        mat_header(w, MAT_INT32, 4, nsel, "dataInfo") || put(w, info, sizeof *info * 4 * (size_t)nsel))
        goto out;
    /* data_1: parameters are constant, so the column at stop repeats the column at start */
    if (mat_header(w, MAT_DOUBLE, n1, 2, "data_1"))
        goto out;
    for (int c = 0; c < 2; c++) {
        double t = c == 0 ? o->start : o->stop;
        if (put(w, &t, sizeof t))
            goto out;
        for (int r = 0; r < n1 - 1; r++)
            if (put(w, p1[r], sizeof(double)))
                goto out;
    }
    /* data_2: column count 0 for now, patched from `end` (the third int32 of its header) */
    w->ncols_pos = w->end + 2 * (int64_t)sizeof(int32_t);
    if (mat_header(w, MAT_DOUBLE, w->ncols + 1, 0, "data_2"))
        goto out;
    w->row_max = ((size_t)w->ncols + 1) * sizeof(double);
    w->data_pos = w->end;
    rc = 0;
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

static int mat_row(mo2c_rt_writer *w, double t)
{
    char *p = room(w, w->row_max);
    if (!p)
        return -1;
    memcpy(p, &t, sizeof t);
    for (int i = 0; i < w->ncols; i++)
        memcpy(p + (size_t)(i + 1) * sizeof(double), w->cols[i].src, sizeof(double));
    w->end += (int64_t)w->row_max;
    return 0;
}

/* data_2's column count: the whole rows in the file up to offset upto. Async-signal-safe. */
static int mat_patch(const mo2c_rt_writer *w, int64_t upto)
{
    if (w->data_pos < 0 || !w->seekable)
        return w->data_pos < 0 ? 0 : -1;
    int64_t n = (upto - w->data_pos) / (int64_t)w->row_max;
    int32_t cols = n > INT32_MAX ? INT32_MAX : (int32_t)n;
    return put_at(w, (const char *)&cols, sizeof cols, w->ncols_pos);
}

/* ---- the writer interface ---- */

static void writer_free(mo2c_rt_writer *w)
{
    free(w->cols);
    free(w->buf);
    free(w);
}

static void write_failed(mo2c_rt_writer *w)
{
    if (!w->failed)
        fprintf(stderr, "error: writing result file '%s' failed: %s\n", w->path, strerror(errno));
    w->failed = 1;
}

mo2c_rt_writer *mo2c_rt_writer_open(const mo2c_data *d, const mo2c_rt_opts *o, const char *path)
{
    mo2c_rt_format_init();
    mo2c_rt_writer *w = calloc(1, sizeof *w);
    if (!w) {
        fprintf(stderr, "error: out of memory\n");
        return NULL;
    }
    w->format = o->format;
    w->path = path;
    w->fd = -1;
    w->data_pos = -1;
    w->last_t = NAN;
    w->sync = o->format == MO2C_RT_MAT ? o->mat_sync : 0;
    w->cpu = o->cpu ? &((mo2c_rt_state *)d->solver)->cpu_time : NULL;
    w->cpu0 = clock();
    if (o->format == MO2C_RT_EMPTY)
        return w;
    w->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (w->fd < 0) {
        fprintf(stderr, "error: cannot open result file '%s': %s\n", path, strerror(errno));
        writer_free(w);
        return NULL;
    }
    w->seekable = lseek(w->fd, 0, SEEK_CUR) >= 0;
    errno = 0;
    w->cap = 1 << 16;
    w->buf = malloc(w->cap);
    int rc = !w->buf ? -1 : o->format == MO2C_RT_MAT ? mat_open(w, d, o) : csv_open(w, d, o);
    if (rc == 0 && o->format == MO2C_RT_MAT && !w->seekable) {
        fprintf(stderr, "error: result file '%s': MAT needs a file it can seek in, not a pipe\n", path);
        rc = -2;
    }
    if (rc == 0 && w->cap < 2 * w->row_max) {   /* a row always fits; flush at most once per row */
        char *nb = realloc(w->buf, 2 * w->row_max);
        rc = nb ? 0 : -1;
        if (nb) {
            w->buf = nb;
            w->cap = 2 * w->row_max;
        }
    }
    if (rc != 0) {
        if (rc == -1)
            fprintf(stderr, "error: cannot write result file '%s'%s%s\n", path, errno ? ": " : "",
                    errno ? strerror(errno) : "");
        close(w->fd);
        writer_free(w);
        return NULL;
    }
    return w;
}

int mo2c_rt_writer_row(mo2c_rt_writer *w, double t)
{
    if (!w || w->fd < 0)
        return 0;
    if (w->failed)
        return -1;
    if (w->cpu)
        *w->cpu = (double)(clock() - w->cpu0) / CLOCKS_PER_SEC;
    if ((w->format == MO2C_RT_MAT ? mat_row(w, t) : csv_row(w, t)) != 0) {
        write_failed(w);
        return -1;
    }
    w->last_t = t;
    w->nrows++;
    if (w->sync > 0 && w->nrows % w->sync == 0 && (flush(w) != 0 || mat_patch(w, w->end) != 0)) {
        write_failed(w);
        return -1;
    }
    return 0;
}

/* Complete the file as it stands: the buffered rows, MAT's column count (counting only what is in the
 * file when the buffer cannot go out). Async-signal-safe; the writer is not changed. */
static int finish(const mo2c_rt_writer *w)
{
    int64_t from = w->flushed, to = w->end;
    int ok = put_at(w, w->buf, (size_t)(to - from), from) == 0;
    if (w->format == MO2C_RT_MAT && mat_patch(w, ok ? to : from) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

int mo2c_rt_writer_salvage(const mo2c_rt_writer *w)
{
    return !w || w->fd < 0 ? 0 : finish(w);
}

const char *mo2c_rt_writer_path(const mo2c_rt_writer *w)
{
    return w && w->fd >= 0 ? w->path : NULL;
}

long mo2c_rt_writer_rows(const mo2c_rt_writer *w, double *last_t)
{
    *last_t = w ? w->last_t : NAN;
    return w ? w->nrows : 0;
}

int mo2c_rt_writer_close(mo2c_rt_writer *w)
{
    if (!w)
        return 0;
    if (w->fd >= 0) {
        if (finish(w) != 0)
            write_failed(w);
        if (close(w->fd) != 0)
            write_failed(w);
    }
    int rc = w->failed ? -1 : 0;
    writer_free(w);
    return rc;
}
