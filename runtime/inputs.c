/*
 * inputs.c - the values of a model's top-level inputs (input Real u in the model itself): read from
 * -csvInput=FILE and interpolated in time, or the input's start value.
 *
 * Input: the model's input names and start values (mo2c_model.ninputs, input_names, input_start) and
 * the CSV file: a header of names (quoted or not), the first "time", the others inputs of the model, in
 * any order; then rows of decimal numbers, times non-decreasing (two rows with the same time make a
 * step). Output: mo2c_input(d, k, t) for generated code: linear interpolation between the rows around
 * t, the first row's value before it and the last's after it; an input the file has no column for, and
 * every input without -csvInput, keeps its start value, with a warning (as OpenModelica's simulators
 * do). -l holds the inputs at chosen values (mo2c_rt_inputs_hold) to differentiate with respect to them.
 *
 * Errors (file:line): a header without time first, a column no input of the model has, a row with
 * another number of values, a value that is no decimal number, times that go back.
 */
#include "rt_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct mo2c_rt_inputs {
    int n;                     /* the model's inputs */
    int *col;                  /* per input: its column in the table (0-based after time), -1 for none */
    int ncols;                 /* the file's columns after time */
    long nrows;
    double *t;                 /* nrows times */
    double *v;                 /* nrows x ncols values */
    int hold;                  /* -l: every input at held[k] */
    double *held;
};

static int fail_at(const char *path, long line, const char *what, const char *detail)
{
    fprintf(stderr, "error: -csvInput: %s:%ld: %s%s%s%s\n", path, line, what, detail ? " '" : "",
            detail ? detail : "", detail ? "'" : "");
    return -1;
}

/* The next comma-separated field of the line at *p (quotes removed, blanks around it trimmed), cut in
 * place; NULL at the end of the line. */
static char *field(char **p)
{
    char *s = *p;
    if (!s)
        return NULL;
    while (*s == ' ' || *s == '\t')
        s++;
    char *end = strchr(s, ',');
    *p = end ? end + 1 : NULL;
    if (end)
        *end = '\0';
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
        s[n - 1] = '\0';
        s++;
    }
    return s;
}

static int load(mo2c_rt_inputs *in, const mo2c_model *m, mo2c_rt_opts *o, const char *path)
{
    char *text = mo2c_rt_read_text(o, "-csvInput", path);
    if (!text)
        return -1;
    long line = 1, cap = 0;
    char *nl = strchr(text, '\n');
    if (nl)
        *nl = '\0';
    char *p = text, *name = field(&p);
    if (!name || strcmp(name, "time") != 0)
        return fail_at(path, 1, "the first column must be time, not", name ? name : "");
    int capcols = 8;
    int *input_of = malloc(sizeof(int) * (size_t)capcols);   /* per column: the input it feeds */
    if (!input_of || !mo2c_rt_own(o, (char *)input_of))
        return -1;
    while ((name = field(&p))) {
        int k = 0;
        while (k < m->ninputs && strcmp(m->input_names[k], name) != 0)
            k++;
        if (k == m->ninputs)
            return fail_at(path, 1, "no top-level input of the model is named", name);
        if (in->col[k] >= 0)
            return fail_at(path, 1, "a second column for the input", name);
        in->col[k] = in->ncols;
        if (in->ncols == capcols) {
            int *nb = malloc(sizeof(int) * (size_t)(capcols *= 2));
            if (!nb || !mo2c_rt_own(o, (char *)nb))
                return -1;
            memcpy(nb, input_of, sizeof(int) * (size_t)in->ncols);
            input_of = nb;
        }
        input_of[in->ncols++] = k;
    }
    for (char *row = nl ? nl + 1 : NULL; row && *row; row = nl ? nl + 1 : NULL) {
        line++;
        nl = strchr(row, '\n');
        if (nl)
            *nl = '\0';
        if (strspn(row, " \t\r") == strlen(row))
            continue;
        if (in->nrows == cap) {
            cap = cap ? 2 * cap : 256;
            double *nt = realloc(in->t, sizeof(double) * (size_t)cap);
            if (nt)
                in->t = nt;
            double *nv = nt ? realloc(in->v, sizeof(double) * (size_t)cap * (size_t)(in->ncols + 1)) : NULL;
            if (!nv) {
                fprintf(stderr, "error: -csvInput: out of memory reading '%s'\n", path);
                return -1;
            }
            in->v = nv;
        }
        char *q = row;
        for (int c = -1; c < in->ncols; c++) {
            char *f = field(&q);
            double x;
            if (!f)
                return fail_at(path, line, "too few values in the row", NULL);
            if (mo2c_rt_parse_value(f, &x) != 0)
                return fail_at(path, line, "not a decimal number:", f);
            if (c < 0)
                in->t[in->nrows] = x;
            else
                in->v[in->nrows * in->ncols + c] = x;
        }
        if (q)
            return fail_at(path, line, "more values than the header has names", NULL);
        if (in->nrows > 0 && in->t[in->nrows] < in->t[in->nrows - 1])
            return fail_at(path, line, "the time goes back", NULL);
        in->nrows++;
    }
    if (in->nrows == 0)
        return fail_at(path, line, "no rows of values", NULL);
    return 0;
}

int mo2c_rt_inputs_load(mo2c_data *d, mo2c_rt_opts *o)
{
    const mo2c_model *m = d->model;
    mo2c_rt_state *s = d->solver;
    if (m->ninputs == 0) {
        if (o->csv_input) {
            fprintf(stderr, "error: -csvInput: the model has no top-level inputs\n");
            return -1;
        }
        return 0;
    }
    mo2c_rt_inputs *in = calloc(1, sizeof *in);
    if (!in || !(in->col = malloc(sizeof(int) * (size_t)m->ninputs)) ||
        !(in->held = calloc((size_t)m->ninputs, sizeof(double)))) {
        if (in)
            free(in->col);
        free(in);
        fprintf(stderr, "error: out of memory\n");
        return -1;
    }
    s->inputs = in;
    in->n = m->ninputs;
    for (int k = 0; k < in->n; k++)
        in->col[k] = -1;
    if (o->csv_input && load(in, m, o, o->csv_input) != 0)
        return -1;
    for (int k = 0; k < in->n; k++)
        if (in->col[k] < 0)
            fprintf(stderr, "warning: the input '%s' has no values%s: it keeps its start value %.16g\n",
                    m->input_names[k], o->csv_input ? " in the -csvInput file" : " (-csvInput=FILE gives them)",
                    m->input_start[k]);
    return 0;
}

void mo2c_rt_inputs_free(mo2c_rt_inputs *in)
{
    if (!in)
        return;
    free(in->col);
    free(in->t);
    free(in->v);
    free(in->held);
    free(in);
}

void mo2c_rt_inputs_hold(mo2c_data *d, const double *u)
{
    mo2c_rt_inputs *in = ((mo2c_rt_state *)d->solver)->inputs;
    if (!in)
        return;
    in->hold = u != NULL;
    if (u)
        memcpy(in->held, u, sizeof(double) * (size_t)in->n);
}

double mo2c_input(mo2c_data *d, int k, double t)
{
    const mo2c_rt_state *s = d->solver;
    const mo2c_rt_inputs *in = s ? s->inputs : NULL;
    const mo2c_model *m = d->model;
    if (k < 0 || k >= m->ninputs)
        return NAN;
    if (!in || in->col[k] < 0)
        return in && in->hold ? in->held[k] : m->input_start[k];
    if (in->hold)
        return in->held[k];
    int c = in->col[k];
    long n = in->nrows;
    if (t <= in->t[0])
        return in->v[c];
    if (t >= in->t[n - 1])
        return in->v[(n - 1) * in->ncols + c];
    long lo = 0, hi = n - 1;           /* the last row with time <= t: t[lo] <= t < t[hi] */
    while (hi - lo > 1) {
        long mid = lo + (hi - lo) / 2;
        if (in->t[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    double t0 = in->t[lo], t1 = in->t[hi], v0 = in->v[lo * in->ncols + c], v1 = in->v[hi * in->ncols + c];
    return t1 > t0 ? v0 + (v1 - v0) * (t - t0) / (t1 - t0) : v1;
}
