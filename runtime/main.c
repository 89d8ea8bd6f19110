/*
 * main.c - mo2c_main: the command line of a generated simulator and the order of a run.
 *
 * Input: the model description and argv, in OpenModelica's conventions (REFERENCE.md): `-name` and
 * `-name=value` flags, -override / -overrideFile, the experiment flags, -r, -outputFormat, -s,
 * -variableFilter, -lv, -help. Output: the result file, "The simulation finished successfully." on
 * stdout and exit status 0; or "error: ..." on stderr and exit status 1.
 *
 * Run order: options (model's experiment annotation as defaults, then flags in command-line order, the
 * last one winning) -> mo2c_data_alloc -> -override values recorded in p / p_overridden and x_start /
 * x_start_overridden -> init_params -> initialize -> open the result file -> integrate (solver.c) ->
 * close -> mo2c_data_free.
 */
#include "rt_internal.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gsl/gsl_errno.h>

static void usage(FILE *out, const char *prog)
{
    fprintf(out,
            "usage: %s [flags]\n"
            "Simulates the model and writes its result file. Flags (OpenModelica's conventions):\n"
            "  -help                     this text\n"
            "  -startTime=T              start of the simulation (default: the model's experiment, else 0)\n"
            "  -stopTime=T               end of the simulation (default: the experiment, else 1)\n"
            "  -stepSize=H               output interval (default: the experiment's Interval, else\n"
            "                            (stopTime - startTime) / 500)\n"
            "  -tolerance=TOL            relative and absolute error tolerance (default: the experiment,\n"
            "                            else 1e-6)\n"
            "  -s=SOLVER                 integrator: rkf45 (default, also rk45), rkck, rk8pd, rk2, rk4,\n"
            "                            rk1imp, rk2imp, rk4imp, bsimp, msadams, msbdf\n"
            "                            (dassl, ida, cvode mean msbdf; rungekutta means rk4)\n"
            "  -override=NAME=V,...      set parameters and start values of states; also startTime,\n"
            "                            stopTime, stepSize, tolerance, numberOfIntervals, solver,\n"
            "                            outputFormat, variableFilter\n"
            "  -overrideFile=FILE        the same as NAME=V lines of FILE (// starts a comment line)\n"
            "  -r=FILE                   result file (default: MODEL_res.csv or MODEL_res.mat)\n"
            "  -outputFormat=FMT         csv (default), mat (MAT v4, as OpenModelica writes it), empty\n"
            "  -variableFilter=REGEX     write only the variables whose whole name matches REGEX (POSIX\n"
            "                            extended regular expression); time is always written\n"
            "  -emit_protected           also write protected variables\n"
            "  -noEventEmit              no extra result rows just before and after events\n"
            "  -lv=LOG_STATS,...         logs: LOG_STATS prints steps, right-hand-side calls, Jacobian\n"
            "                            evaluations, failed steps, CPU and wall time (other LOG_ names\n"
            "                            are accepted and ignored)\n",
            prog && *prog ? prog : "simulator");
}

/* ---- option storage ---- */

static char *own(mo2c_rt_opts *o, char *buf)
{
    if (!buf)
        return NULL;
    if (o->nowned == o->cap_owned) {
        int cap = o->cap_owned ? 2 * o->cap_owned : 8;
        char **nb = realloc(o->owned, (size_t)cap * sizeof *nb);
        if (!nb) {
            free(buf);
            return NULL;
        }
        o->owned = nb;
        o->cap_owned = cap;
    }
    return o->owned[o->nowned++] = buf;
}

static char *own_printf(mo2c_rt_opts *o, const char *fmt, const char *a, long b)
{
    int n = snprintf(NULL, 0, fmt, a, b);
    char *s = malloc((size_t)n + 1);
    if (s)
        snprintf(s, (size_t)n + 1, fmt, a, b);
    return own(o, s);
}

static void opts_free(mo2c_rt_opts *o)
{
    for (int i = 0; i < o->nowned; i++)
        free(o->owned[i]);
    free(o->owned);
    free(o->ov);
    if (o->filter_compiled)
        regfree(&o->filter_re);
}

/* ---- values ---- */

/* A decimal number as Modelica and OpenModelica write it: [+-]digits[.digits][e[+-]digits], at least one
 * digit before the exponent. strtod alone would also take hexadecimal (0x10), inf, nan and leading
 * blanks. */
static int decimal_syntax(const char *s)
{
    const char *p = s;
    int digits = 0;
    if (*p == '+' || *p == '-')
        p++;
    for (; *p >= '0' && *p <= '9'; p++)
        digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (!digits)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return 0;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return *p == '\0';
}

static int parse_real(const char *s, double *v)
{
    if (!decimal_syntax(s))
        return -1;
    *v = strtod(s, NULL);
    return isfinite(*v) ? 0 : -1;
}

/* A value of -override: a real, or a Boolean parameter's true/false. */
static int parse_value(const char *s, double *v)
{
    if (strcmp(s, "true") == 0)
        return *v = 1.0, 0;
    if (strcmp(s, "false") == 0)
        return *v = 0.0, 0;
    return parse_real(s, v);
}

/* ---- settings shared by flags and -override ---- */

static int set_format(mo2c_rt_opts *o, const char *v, const char *origin)
{
    if (strcmp(v, "csv") == 0)
        o->format = MO2C_RT_CSV;
    else if (strcmp(v, "mat") == 0)
        o->format = MO2C_RT_MAT;
    else if (strcmp(v, "empty") == 0)
        o->format = MO2C_RT_EMPTY;
    else {
        fprintf(stderr, "error: %s: unknown output format '%s' (known: csv, mat, empty)\n", origin, v);
        return -1;
    }
    return 0;
}

static int set_solver(mo2c_rt_opts *o, const char *v, const char *origin)
{
    if (!mo2c_rt_solver_known(v)) {
        fprintf(stderr, "error: %s: unknown solver '%s' (known: ", origin, v);
        mo2c_rt_solver_list(stderr);
        fprintf(stderr, ")\n");
        return -1;
    }
    o->solver = v;
    return 0;
}

/* The size a POSIX ERE has once its bounded repetitions are expanded, as regcomp expands them
 * ("(a*){3}" is "(a*)(a*)(a*)"), saturated just above limit: glibc's regcomp takes time quadratic in
 * that size ((a*){10000} takes seconds, (a*){50000} or ((a*){200}){200} minutes), so a filter is
 * refused above limit. Sizes are bytes of the pattern; a group counts its contents and parentheses. */
static size_t ere_expanded_size(const char *re, size_t limit)
{
    enum { MAX_DEPTH = 256 };
    size_t sum[MAX_DEPTH], last[MAX_DEPTH];   /* per open group: the size so far, of the last atom */
    int depth = 0;
    sum[0] = last[0] = 0;
    for (const char *p = re; *p;) {
        size_t atom = 1;
        if (*p == '\\') {
            atom = p[1] ? 2 : 1;
            p += atom;
        } else if (*p == '[') {            /* a bracket expression: ']' first is a member, [:class:] */
            const char *q = p + 1;
            if (*q == '^')
                q++;
            if (*q == ']')
                q++;
            while (*q && *q != ']') {
                if (*q == '[' && (q[1] == ':' || q[1] == '.' || q[1] == '=')) {
                    const char *close = strchr(q + 2, q[1]);
                    q = close && close[1] == ']' ? close + 2 : q + 1;
                } else {
                    q++;
                }
            }
            atom = (size_t)(q - p) + (*q ? 1 : 0);
            p = *q ? q + 1 : q;
        } else if (*p == '(') {
            if (depth + 1 == MAX_DEPTH)
                return limit + 1;
            depth++;
            sum[depth] = last[depth] = 0;
            p++;
            continue;
        } else if (*p == ')' && depth > 0) {
            atom = sum[depth] + 2;
            depth--;
            p++;
        } else if (*p == '|') {
            sum[depth] += 1;
            last[depth] = 0;
            p++;
            continue;
        } else if (*p == '*' || *p == '+' || *p == '?') {
            sum[depth] += 1;
            p++;
            continue;
        } else if (*p == '{') {            /* {m}, {m,}, {m,n}: the last atom max(m, n) or m + 1 times */
            char *end;
            unsigned long m = strtoul(p + 1, &end, 10), n = m;
            if (*end == ',')
                n = end[1] == '}' ? m + 1 : strtoul(end + 1, &end, 10);
            else
                end--;
            size_t times = m > n ? m : n;
            if (times > limit)
                return limit + 1;
            size_t grow = last[depth] * (times > 0 ? times - 1 : 0);
            sum[depth] = grow > limit || sum[depth] + grow > limit ? limit + 1 : sum[depth] + grow;
            last[depth] *= times > 0 ? times : 1;
            if (last[depth] > limit)
                return limit + 1;
            const char *close = strchr(p, '}');
            p = close ? close + 1 : p + 1;
            continue;
        } else {
            p++;
        }
        last[depth] = atom;
        sum[depth] += atom;
        if (sum[depth] > limit)
            return limit + 1;
    }
    size_t total = 0;                      /* groups left open: regcomp refuses them anyway */
    for (int k = 0; k <= depth; k++)
        total += sum[k];
    return total;
}

/* The largest expanded -variableFilter accepted (ere_expanded_size): regcomp takes about 0.05 s there,
 * and a filter of a thousand variable names of ten characters still fits. */
enum { MAX_FILTER_SIZE = 10000 };

static int set_filter(mo2c_rt_opts *o, const char *v, const char *origin)
{
    if (ere_expanded_size(v, MAX_FILTER_SIZE) > MAX_FILTER_SIZE) {
        fprintf(stderr, "error: %s: the regular expression is too large: with its repetitions {m,n} expanded "
                        "it has more than %d characters\n", origin, MAX_FILTER_SIZE);
        return -1;
    }
    if (o->filter_compiled) {
        regfree(&o->filter_re);
        o->filter_compiled = 0;
    }
    /* the filter must match the whole name, as OpenModelica's does */
    size_t len = strlen(v) + 5;
    char *pat = malloc(len);
    if (!pat)
        return -1;
    snprintf(pat, len, "^(%s)$", v);
    int rc = regcomp(&o->filter_re, pat, REG_EXTENDED | REG_NOSUB);
    free(pat);
    if (rc != 0) {
        char msg[256];
        regerror(rc, &o->filter_re, msg, sizeof msg);
        fprintf(stderr, "error: %s: invalid regular expression '%s': %s\n", origin, v, msg);
        return -1;
    }
    o->filter_compiled = 1;
    o->filter = v;
    return 0;
}

/* Experiment settings and the other keys OpenModelica accepts inside -override. Returns 1 when key
 * was one of them, 0 when it is not, -1 after an error. */
static int set_setting(mo2c_rt_opts *o, const char *key, const char *v, const char *origin)
{
    double x;
    if (strcmp(key, "startTime") == 0 || strcmp(key, "stopTime") == 0 || strcmp(key, "stepSize") == 0 ||
        strcmp(key, "tolerance") == 0 || strcmp(key, "numberOfIntervals") == 0) {
        if (parse_real(v, &x) != 0) {
            fprintf(stderr, "error: %s: invalid number '%s' for %s\n", origin, v, key);
            return -1;
        }
        if (strcmp(key, "startTime") == 0) {
            o->start = x;
        } else if (strcmp(key, "stopTime") == 0) {
            o->stop = x;
        } else if (strcmp(key, "stepSize") == 0) {
            if (!(x > 0.0)) {
                fprintf(stderr, "error: %s: stepSize must be positive, got '%s'\n", origin, v);
                return -1;
            }
            o->grid = MO2C_RT_GRID_STEP;
            o->step = x;
        } else if (strcmp(key, "tolerance") == 0) {
            if (!(x > 0.0)) {
                fprintf(stderr, "error: %s: tolerance must be positive, got '%s'\n", origin, v);
                return -1;
            }
            o->tol = x;
        } else {
            if (!(x >= 1.0) || x != floor(x) || x > (double)INT32_MAX - 1) {
                fprintf(stderr, "error: %s: numberOfIntervals must be a positive integer, got '%s'\n",
                        origin, v);
                return -1;
            }
            o->grid = MO2C_RT_GRID_INTERVALS;
            o->intervals = (long)x;
        }
        return 1;
    }
    if (strcmp(key, "solver") == 0)
        return set_solver(o, v, origin) ? -1 : 1;
    if (strcmp(key, "outputFormat") == 0)
        return set_format(o, v, origin) ? -1 : 1;
    if (strcmp(key, "variableFilter") == 0)
        return set_filter(o, v, origin) ? -1 : 1;
    return 0;
}

/* ---- -override and -overrideFile ---- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* One NAME=VALUE item (modified in place). */
static int add_item(mo2c_rt_opts *o, char *item, const char *origin)
{
    item = trim(item);
    if (!*item)
        return 0;
    char *eq = strchr(item, '=');
    if (!eq || eq == item) {
        fprintf(stderr, "error: %s: expected NAME=VALUE, got '%s'\n", origin, item);
        return -1;
    }
    *eq = '\0';
    char *name = trim(item), *value = trim(eq + 1);
    int r = set_setting(o, name, value, origin);
    if (r != 0)
        return r < 0 ? -1 : 0;
    if (o->nov == o->cap_ov) {
        int cap = o->cap_ov ? 2 * o->cap_ov : 8;
        mo2c_rt_override *nv = realloc(o->ov, (size_t)cap * sizeof *nv);
        if (!nv)
            return -1;
        o->ov = nv;
        o->cap_ov = cap;
    }
    o->ov[o->nov++] = (mo2c_rt_override){name, value, origin};
    return 0;
}

/* -override=a=1,b.c=2: commas inside brackets belong to array subscripts (x[1,2]=3). */
static int add_override_list(mo2c_rt_opts *o, const char *list)
{
    char *copy = own(o, strdup(list));
    if (!copy)
        return -1;
    int depth = 0;
    char *item = copy;
    for (char *p = copy;; p++) {
        if (*p == '[')
            depth++;
        else if (*p == ']' && depth > 0)
            depth--;
        else if ((*p == ',' && depth == 0) || *p == '\0') {
            int end = *p == '\0';
            *p = '\0';
            if (add_item(o, item, "-override") != 0)
                return -1;
            if (end)
                break;
            item = p + 1;
        }
    }
    return 0;
}

/* An override file is lines of NAME=VALUE: a few bytes per parameter. Far above any model's (a
 * million parameters take some 40 MB), far below what would hurt: reading stops there. */
#define MAX_OVERRIDE_FILE (256L << 20)

static int add_override_file(mo2c_rt_opts *o, const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (!f) {
        fprintf(stderr, "error: -overrideFile: cannot read '%s': %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    const char *why = NULL;
    int err = 0;
    for (size_t got; buf && !why; len += got) {
        if (len + 1 == cap) {
            if (cap >= (size_t)MAX_OVERRIDE_FILE) {
                why = "it is larger than 256 MB";
                break;
            }
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
        }
        got = fread(buf + len, 1, cap - 1 - len, f);
        if (memchr(buf + len, '\0', got))
            why = "it is not a text file (it holds a NUL byte)";
        if (got == 0) {
            err = ferror(f) ? errno : 0;
            break;
        }
    }
    fclose(f);
    if (!buf || err || why) {
        if (!buf)
            fprintf(stderr, "error: -overrideFile: out of memory reading '%s'\n", path);
        else
            fprintf(stderr, "error: -overrideFile: cannot read '%s': %s\n", path, why ? why : strerror(err));
        free(buf);
        return -1;
    }
    if (!own(o, buf))
        return -1;
    buf[len] = '\0';
    long line = 0;
    for (char *p = buf; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        line++;
        char *t = trim(p);
        if (*t && strncmp(t, "//", 2) != 0) {
            const char *origin = own_printf(o, "%s:%ld", path, line);
            if (!origin || add_item(o, t, origin) != 0)
                return -1;
        }
        p = nl ? nl + 1 : NULL;
    }
    return 0;
}

/* ---- the flags ---- */

typedef enum flag_kind { FLAG_BOOL, FLAG_VALUE } flag_kind;

static int unknown_flag(const char *arg, const char *prog)
{
    fprintf(stderr, "error: unknown flag '%s'\n", arg);
    usage(stderr, prog);
    return -1;
}

static int parse_lv(mo2c_rt_opts *o, const char *v)
{
    const char *p = v;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n == 9 && strncmp(p, "LOG_STATS", 9) == 0)
            o->log_stats = 1;
        else if (n < 4 || strncmp(p, "LOG_", 4) != 0) {
            fprintf(stderr, "error: -lv: unknown log stream '%.*s'\n", (int)n, p);
            return -1;
        }
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

static int parse_args(mo2c_rt_opts *o, int argc, char **argv)
{
    static const struct { const char *name; flag_kind kind; } flags[] = {
        {"help", FLAG_BOOL},        {"noEventEmit", FLAG_BOOL},   {"emit_protected", FLAG_BOOL},
        {"override", FLAG_VALUE},   {"overrideFile", FLAG_VALUE}, {"startTime", FLAG_VALUE},
        {"stopTime", FLAG_VALUE},   {"stepSize", FLAG_VALUE},     {"tolerance", FLAG_VALUE},
        {"s", FLAG_VALUE},          {"r", FLAG_VALUE},            {"outputFormat", FLAG_VALUE},
        {"variableFilter", FLAG_VALUE}, {"lv", FLAG_VALUE},
    };
    const char *prog = argc > 0 ? argv[0] : NULL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0)
            arg = "-help";
        if (arg[0] != '-')
            return unknown_flag(arg, prog);
        const char *eq = strchr(arg, '=');
        size_t keylen = eq ? (size_t)(eq - arg - 1) : strlen(arg + 1);
        const char *val = eq ? eq + 1 : NULL;
        int k = -1;
        for (int j = 0; j < (int)(sizeof flags / sizeof flags[0]); j++)
            if (strlen(flags[j].name) == keylen && strncmp(flags[j].name, arg + 1, keylen) == 0)
                k = j;
        if (k < 0)
            return unknown_flag(arg, prog);
        const char *name = flags[k].name;
        char origin[32];
        snprintf(origin, sizeof origin, "-%s", name);
        if (flags[k].kind == FLAG_BOOL) {
            if (val) {
                fprintf(stderr, "error: flag '-%s' takes no value\n", name);
                return -1;
            }
            if (strcmp(name, "help") == 0)
                o->help = 1;
            else if (strcmp(name, "emit_protected") == 0)
                o->emit_protected = 1;
            else if (strcmp(name, "noEventEmit") == 0)
                o->no_event_emit = 1;
            continue;
        }
        if (!val || !*val) {
            fprintf(stderr, "error: flag '-%s' needs a value (-%s=...)\n", name, name);
            return -1;
        }
        int rc = 0;
        if (strcmp(name, "override") == 0)
            rc = add_override_list(o, val);
        else if (strcmp(name, "overrideFile") == 0)
            rc = add_override_file(o, val);
        else if (strcmp(name, "s") == 0)
            rc = set_solver(o, val, origin);
        else if (strcmp(name, "r") == 0)
            o->result_file = val;
        else if (strcmp(name, "outputFormat") == 0)
            rc = set_format(o, val, origin);
        else if (strcmp(name, "variableFilter") == 0)
            rc = set_filter(o, val, origin);
        else if (strcmp(name, "lv") == 0)
            rc = parse_lv(o, val);
        else
            rc = set_setting(o, name, val, origin) < 0 ? -1 : 0;
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* The output grid: n intervals of h from start; the last point is exactly stop. */
static int fix_grid(mo2c_rt_opts *o, const mo2c_model *m)
{
    double span = o->stop - o->start;
    if (!(span >= 0.0)) {
        fprintf(stderr, "error: stopTime %.16g is before startTime %.16g\n", o->stop, o->start);
        return -1;
    }
    if (o->grid == MO2C_RT_GRID_DEFAULT && m->has_interval && m->interval > 0.0) {
        o->grid = MO2C_RT_GRID_STEP;
        o->step = m->interval;
    }
    if (o->grid == MO2C_RT_GRID_STEP) {
        double r = round(span / o->step);
        if (r > (double)INT32_MAX - 1) {
            fprintf(stderr, "error: too many output points: (stopTime - startTime) / stepSize = %.6g\n",
                    span / o->step);
            return -1;
        }
        o->intervals = (long)r;
        if (o->intervals < 1 && span > 0.0)
            o->intervals = 1;
    } else {
        if (o->grid == MO2C_RT_GRID_DEFAULT)
            o->intervals = 500;
        o->step = span / (double)o->intervals;
    }
    if (span == 0.0)
        o->intervals = 0; /* a single output point */
    return 0;
}

/* ---- applying -override to the model ---- */

static uint64_t hash_name(const char *s)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Is name a String parameter or constant of m? Only asked for a name that is no variable (an error). */
static int is_string_param(const mo2c_model *m, const char *name)
{
    for (int i = 0; i < m->nstring_params; i++)
        if (strcmp(m->string_params[i], name) == 0)
            return 1;
    return 0;
}

static int apply_overrides(mo2c_data *d, const mo2c_rt_opts *o)
{
    if (o->nov == 0)
        return 0;
    const mo2c_model *m = d->model;
    size_t cap = 16;
    while (cap < 2 * (size_t)m->nvars)
        cap *= 2;
    int *slot = calloc(cap, sizeof *slot); /* name -> 1 + index into vars; 0 = empty */
    if (!slot) {
        fprintf(stderr, "error: out of memory\n");
        return -1;
    }
    for (int i = 0; i < m->nvars; i++) {
        size_t h = (size_t)hash_name(m->vars[i].name) & (cap - 1);
        while (slot[h])
            h = (h + 1) & (cap - 1);
        slot[h] = i + 1;
    }
    int rc = 0;
    for (int k = 0; k < o->nov && rc == 0; k++) {
        const mo2c_rt_override *ov = &o->ov[k];
        size_t h = (size_t)hash_name(ov->name) & (cap - 1);
        while (slot[h] && strcmp(m->vars[slot[h] - 1].name, ov->name) != 0)
            h = (h + 1) & (cap - 1);
        if (!slot[h]) {
            if (is_string_param(m, ov->name))
                fprintf(stderr, "error: %s: String parameter '%s' cannot be overridden (its value is fixed "
                                "when the model is compiled)\n", ov->origin, ov->name);
            else
                fprintf(stderr, "error: %s: unknown variable '%s'\n", ov->origin, ov->name);
            rc = -1;
            break;
        }
        const mo2c_var_info *v = &m->vars[slot[h] - 1];
        double x;
        if (parse_value(ov->value, &x) != 0) {
            fprintf(stderr, "error: %s: invalid value '%s' for '%s'\n", ov->origin, ov->value, ov->name);
            rc = -1;
        } else if (!v->overridable || (v->source != MO2C_SRC_PARAM && v->source != MO2C_SRC_STATE) ||
                   v->index < 0 || v->index >= (v->source == MO2C_SRC_PARAM ? m->np : m->nx)) {
            fprintf(stderr, "error: %s: variable '%s' cannot be overridden (only parameters and start "
                            "values of states can)\n", ov->origin, ov->name);
            rc = -1;
        } else if (v->source == MO2C_SRC_PARAM) {
            d->p[v->index] = v->negated ? -x : x;
            d->p_overridden[v->index] = 1;
        } else {
            d->x_start[v->index] = v->negated ? -x : x;
            d->x_start_overridden[v->index] = 1;
        }
    }
    free(slot);
    return rc;
}

/* ---- the run ---- */

int mo2c_main(const mo2c_model *model, int argc, char **argv)
{
    /* GSL's default handler aborts; every GSL status is checked where it is returned instead */
    gsl_set_error_handler_off();

    mo2c_rt_opts o;
    memset(&o, 0, sizeof o);
    o.start = model->has_start ? model->start_time : 0.0;
    o.stop = model->has_stop ? model->stop_time : 1.0;
    o.tol = model->has_tolerance && model->tolerance > 0.0 ? model->tolerance : 1e-6;
    o.format = MO2C_RT_CSV;

    int rc = parse_args(&o, argc, argv);
    if (rc == 0 && o.help) {
        usage(stdout, argc > 0 ? argv[0] : NULL);
        opts_free(&o);
        return 0;
    }
    if (rc == 0)
        rc = fix_grid(&o, model);

    mo2c_data *d = NULL;
    mo2c_rt_writer *w = NULL;
    if (rc == 0 && !(d = mo2c_data_alloc(model))) {
        fprintf(stderr, "error: out of memory\n");
        rc = -1;
    }
    if (rc == 0)
        rc = apply_overrides(d, &o);
    if (rc == 0) {
        /* from here on a crash or a stop signal still completes the result file and says when */
        mo2c_rt_guard_install(d);
        ((mo2c_rt_state *)d->solver)->now = o.start;
        d->time = o.start;
        if (model->init_params(d) != 0 || model->initialize(d) != 0) {
            fprintf(stderr, "error: at time %.16g: %s\n", o.start,
                    d->error[0] ? d->error : "the initialization failed");
            rc = -1;
        }
    }
    if (rc == 0) {
        const char *path = o.result_file;
        if (!path && o.format != MO2C_RT_EMPTY) {
            size_t len = strlen(model->name) + sizeof "_res.csv";
            char *def = own(&o, malloc(len));
            if (def)
                snprintf(def, len, "%s_res.%s", model->name, o.format == MO2C_RT_MAT ? "mat" : "csv");
            path = def;
        }
        if (!(w = mo2c_rt_writer_open(d, &o, path)))
            rc = -1;
        mo2c_rt_guard_writer(w);
    }
    if (rc == 0)
        rc = mo2c_rt_simulate(d, &o, w);
    mo2c_rt_guard_writer(NULL);
    if (w && mo2c_rt_writer_close(w) != 0)
        rc = -1;
    mo2c_rt_guard_remove();
    if (rc == 0)
        printf("The simulation finished successfully.\n");
    mo2c_data_free(d);
    opts_free(&o);
    fflush(stdout);
    return rc == 0 ? 0 : 1;
}
