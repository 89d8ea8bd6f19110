/*
 * cli.c - the command line of a generated simulator: OpenModelica's flags, -override, -overrideFile.
 *
 * Input: argv in OpenModelica's conventions: `-name` for switches, `-name=value` or `-name value` for
 * flags with a value, `-help` and `-help=FLAG`. Output: an mo2c_rt_opts (rt_internal.h) with the model's
 * experiment annotation as defaults and every flag applied in command-line order (the last one wins),
 * or an error on stderr ("error: -flag: ..."). The table `flags` below is the one list of the flags: the
 * parser, -help and -help=FLAG all read it.
 *
 * Every value is checked: numbers are decimal (no 0x10, inf, blanks), names of solvers, formats, log
 * streams and initialization methods are from fixed lists, an unknown one is an error that lists the
 * known ones. Strings point into argv or into buffers the options own (opts->owned).
 */
#include "rt_internal.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- option storage ---- */

char *mo2c_rt_own(mo2c_rt_opts *o, char *buf)
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
    return mo2c_rt_own(o, s);
}

void mo2c_rt_opts_free(mo2c_rt_opts *o)
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
int mo2c_rt_parse_value(const char *s, double *v)
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
 * refused above limit. Sizes are bytes of the pattern; a group counts its contents and parentheses.
 * *stacked: a repetition follows another (a**, a+*, a{2}?), which POSIX leaves undefined and glibc's
 * matcher can spend minutes on (a fuzzer's x***...*+***): then limit + 1 at once. */
static size_t ere_expanded_size(const char *re, size_t limit, bool *stacked)
{
    bool quant = false;   /* the last token was a repetition */
    *stacked = false;
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
            quant = false;
            p++;
            continue;
        } else if (*p == ')' && depth > 0) {
            atom = sum[depth] + 2;
            depth--;
            p++;
        } else if (*p == '|') {
            sum[depth] += 1;
            last[depth] = 0;
            quant = false;
            p++;
            continue;
        } else if (*p == '*' || *p == '?') {
            if ((*stacked = quant))
                return limit + 1;
            quant = true;
            sum[depth] += 1;
            last[depth] += 1;
            p++;
            continue;
        } else if (*p == '+') {           /* regcomp makes E+ into E E*: the last atom twice over, so that */
            if ((*stacked = quant))
                return limit + 1;
            quant = true;
            sum[depth] += last[depth] + 1; /* stacked ones (a+++...) double it each (a fuzzer took 4 GB) */
            last[depth] = 2 * last[depth] + 1;
            if (sum[depth] > limit || last[depth] > limit)
                return limit + 1;
            p++;
            continue;
        } else if (*p == '{') {            /* {m}, {m,}, {m,n}: the last atom max(m, n) or m + 1 times */
            if ((*stacked = quant))
                return limit + 1;
            quant = true;
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
        quant = false;
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
    bool stacked;
    if (ere_expanded_size(v, MAX_FILTER_SIZE, &stacked) > MAX_FILTER_SIZE && stacked) {
        /* POSIX leaves adjacent repetitions undefined (a**, a+*, a{2}?); glibc's matcher can take minutes */
        fprintf(stderr, "error: %s: two repetitions in a row (like a** or a+?) in the regular expression: "
                        "POSIX leaves them undefined\n", origin);
        return -1;
    }
    if (ere_expanded_size(v, MAX_FILTER_SIZE, &stacked) > MAX_FILTER_SIZE) {
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
int mo2c_rt_set_setting(mo2c_rt_opts *o, const char *key, const char *v, const char *origin)
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
            if (x < MO2C_RT_MIN_TOL) {   /* (the integrators would shrink their steps without end) */
                fprintf(stderr, "error: %s: tolerance %s is below what double precision can meet (%g)\n", origin, v,
                        MO2C_RT_MIN_TOL);
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
int mo2c_rt_add_item(mo2c_rt_opts *o, char *item, const char *origin)
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
    int r = mo2c_rt_set_setting(o, name, value, origin);
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
    char *copy = mo2c_rt_own(o, strdup(list));
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
            if (mo2c_rt_add_item(o, item, "-override") != 0)
                return -1;
            if (end)
                break;
            item = p + 1;
        }
    }
    return 0;
}

/* An override file is lines of NAME=VALUE: a few bytes per parameter. Far above any model's (a
 * million parameters take some 40 MB), far below what would hurt: reading stops there. The same bound
 * holds for -f's XML file. */
#define MAX_TEXT_FILE (256L << 20)

char *mo2c_rt_read_text(mo2c_rt_opts *o, const char *flag, const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (!f) {
        fprintf(stderr, "error: %s: cannot read '%s': %s\n", flag, path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    const char *why = NULL;
    int err = 0;
    for (size_t got; buf && !why; len += got) {
        if (len + 1 == cap) {
            if (cap >= (size_t)MAX_TEXT_FILE) {
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
            fprintf(stderr, "error: %s: out of memory reading '%s'\n", flag, path);
        else
            fprintf(stderr, "error: %s: cannot read '%s': %s\n", flag, path, why ? why : strerror(err));
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return mo2c_rt_own(o, buf);
}

static int add_override_file(mo2c_rt_opts *o, const char *path)
{
    char *buf = mo2c_rt_read_text(o, "-overrideFile", path);
    if (!buf)
        return -1;
    long line = 0;
    for (char *p = buf; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        line++;
        char *t = trim(p);
        if (*t && strncmp(t, "//", 2) != 0) {
            const char *origin = own_printf(o, "%s:%ld", path, line);
            if (!origin || mo2c_rt_add_item(o, t, origin) != 0)
                return -1;
        }
        p = nl ? nl + 1 : NULL;
    }
    return 0;
}

/* ---- the flags ---- */

typedef enum flag_kind { FLAG_BOOL, FLAG_VALUE } flag_kind;

/* Every flag: its name, whether it takes a value (then `arg` names it in the help), and its help text
 * (lines after the first are continuation lines). Kept in the order -help lists them. */
typedef struct flag_def {
    const char *name;
    flag_kind kind;
    const char *arg;
    const char *help;
} flag_def;

static const flag_def flags[] = {
    {"help", FLAG_BOOL, NULL, "this text; -help=FLAG explains FLAG alone"},
    {"startTime", FLAG_VALUE, "T", "start of the simulation (default: the model's experiment, else 0)"},
    {"stopTime", FLAG_VALUE, "T", "end of the simulation (default: the experiment, else 1)"},
    {"stepSize", FLAG_VALUE, "H", "output interval (default: the experiment's Interval, else\n"
                                  "(stopTime - startTime) / 500)"},
    {"tolerance", FLAG_VALUE, "TOL", "relative and absolute error tolerance (default: the experiment,\n"
                                     "else 1e-6)"},
    {"s", FLAG_VALUE, "SOLVER", "integrator: rkf45 (default, also rk45), rkck, rk8pd, rk2, rk4,\n"
                                "rk1imp, rk2imp, rk4imp, bsimp, msadams, msbdf (GSL; rungekutta means\n"
                                "rk4); cvode (BDF), cvode_adams, ida, dassl (= ida) (SUNDIALS)"},
    {"idaLS", FLAG_VALUE, "LS", "the linear solver of cvode and ida: default (klu with the generated\n"
                                "sparse Jacobian from 16 states, dense LU below 2000, else spgmr),\n"
                                "klu, dense, spgmr (GMRES without a preconditioner)"},
    {"maxStepSize", FLAG_VALUE, "H", "the integrator's largest step (default: no limit but the next\n"
                                     "output point)"},
    {"initialStepSize", FLAG_VALUE, "H", "the integrator's first step (default: 1e-3 * the output\n"
                                         "interval)"},
    {"override", FLAG_VALUE, "NAME=V,...", "set parameters and start values of states; also startTime,\n"
                                           "stopTime, stepSize, tolerance, numberOfIntervals, solver,\n"
                                           "outputFormat, variableFilter"},
    {"overrideFile", FLAG_VALUE, "FILE", "the same as NAME=V lines of FILE (// starts a comment line)"},
    {"csvInput", FLAG_VALUE, "FILE", "the values of the model's top-level inputs: a CSV file with a time\n"
                                     "column and a column per input (by name), interpolated linearly;\n"
                                     "without it (or a column) an input keeps its start value"},
    {"l", FLAG_VALUE, "T", "simulate until T and write the model linearized there (A, B, C, D of\n"
                           "the states, the top-level inputs and outputs) to linearized_model.mo,\n"
                           "as OpenModelica does (in -outputPath's directory when given)"},
    {"iim", FLAG_VALUE, "METHOD", "initialization: symbolic (default: start values, fixed attributes\n"
                                  "and initial equations), none (the states keep their start values,\n"
                                  "initial equations are not used)"},
    {"noRootFinding", FLAG_BOOL, NULL, "do not locate events inside a step: a relation that changed\n"
                                       "during a step makes its event at the end of the step"},
    {"r", FLAG_VALUE, "FILE", "result file (default: MODEL_res.csv or MODEL_res.mat); a name ending\n"
                              "in .mat is written as MAT unless -outputFormat says otherwise"},
    {"outputFormat", FLAG_VALUE, "FMT", "csv (default), mat (MAT v4, as OpenModelica writes it), empty"},
    {"outputPath", FLAG_VALUE, "DIR", "directory of the result file (unless -r gives one) and of\n"
                                      "linearized_model.mo"},
    {"variableFilter", FLAG_VALUE, "REGEX", "write only the variables whose whole name matches REGEX\n"
                                            "(POSIX extended regular expression); time is always written"},
    {"emit_protected", FLAG_BOOL, NULL, "also write protected variables"},
    {"noEventEmit", FLAG_BOOL, NULL, "no extra result rows just before and after events"},
    {"cpu", FLAG_BOOL, NULL, "a result column $cpuTime: the CPU seconds used up to each point"},
    {"steps", FLAG_BOOL, NULL, "a result column $solverSteps: the integrator's steps up to each point"},
    {"mat_sync", FLAG_VALUE, "N", "MAT results: bring the file's header up to date every N output\n"
                                  "points, so that other programs read the rows so far while the run\n"
                                  "goes on (default 0: when the file is closed; a crash or a stop\n"
                                  "signal completes it too)"},
    {"alarm", FLAG_VALUE, "S", "stop the run after S seconds of wall time (0: no limit); the result\n"
                               "file keeps the points computed so far; exit status 1"},
    {"lv", FLAG_VALUE, "STREAM,...", "logs on stdout: LOG_STATS (steps, right-hand-side and Jacobian\n"
                                     "calls, events, CPU and wall time), LOG_INIT (start values and\n"
                                     "the initial state), LOG_EVENTS (every event: time, cause,\n"
                                     "iterations), LOG_NLS (every nonlinear system solved: iterations\n"
                                     "and residual), LOG_SOLVER (the integrator: every step, restarts)"},
    {"w", FLAG_BOOL, NULL, "every warning, also those of log streams that are off"},
    {"f", FLAG_VALUE, "FILE", "read the model's settings from FILE, an _init.xml as mo2c writes it\n"
                              "beside the simulator (OpenModelica's layout): the DefaultExperiment,\n"
                              "and the start values marked isValueChangeable (parameters, start\n"
                              "values of states); the other flags win over it"},
    {"inputPath", FLAG_VALUE, "DIR", "without -f: read DIR/SIMULATOR_init.xml (as -f does)"},
};
enum { NFLAGS = sizeof flags / sizeof flags[0] };

static void print_flag(FILE *out, const flag_def *f)
{
    char head[64];
    snprintf(head, sizeof head, "-%s%s%s", f->name, f->arg ? "=" : "", f->arg ? f->arg : "");
    fprintf(out, "  %-24s ", head);
    for (const char *p = f->help; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(out, "%.*s\n", (int)n, p);
        p += n;
        if (*p == '\n') {
            p++;
            fprintf(out, "  %-24s ", "");
        }
    }
}

static void usage(FILE *out, const char *prog)
{
    fprintf(out, "usage: %s [flags]\n"
                 "Simulates the model and writes its result file. Flags (OpenModelica's conventions;\n"
                 "-name=value or -name value):\n", prog && *prog ? prog : "simulator");
    for (int k = 0; k < NFLAGS; k++)
        print_flag(out, &flags[k]);
}

static const flag_def *find_flag(const char *name, size_t len)
{
    for (int k = 0; k < NFLAGS; k++)
        if (strlen(flags[k].name) == len && strncmp(flags[k].name, name, len) == 0)
            return &flags[k];
    return NULL;
}

int mo2c_rt_help(const mo2c_rt_opts *o, const char *prog)
{
    if (!o->help_flag) {
        usage(stdout, prog);
        return 0;
    }
    const char *name = o->help_flag[0] == '-' ? o->help_flag + 1 : o->help_flag;
    const flag_def *f = find_flag(name, strlen(name));
    if (!f) {
        fprintf(stderr, "error: -help: unknown flag '%s'\n", o->help_flag);
        return -1;
    }
    print_flag(stdout, f);
    return 0;
}

static int unknown_flag(const char *arg, const char *prog)
{
    fprintf(stderr, "error: unknown flag '%s'\n", arg);
    usage(stderr, prog);
    return -1;
}

/* The log streams of -lv (ORDER MO2C_RT_LOG). */
static const char *const log_names[] = {"LOG_STATS", "LOG_INIT", "LOG_EVENTS", "LOG_NLS", "LOG_SOLVER"};

static int parse_lv(mo2c_rt_opts *o, const char *v)
{
    for (const char *p = v; *p;) {
        size_t n = strcspn(p, ",");
        int k = 0;
        while (k < (int)(sizeof log_names / sizeof log_names[0]) &&
               !(strlen(log_names[k]) == n && strncmp(p, log_names[k], n) == 0))
            k++;
        if (k == (int)(sizeof log_names / sizeof log_names[0])) {
            fprintf(stderr, "error: -lv: unknown log stream '%.*s' (known: LOG_STATS, LOG_INIT, LOG_EVENTS, "
                            "LOG_NLS, LOG_SOLVER)\n", (int)n, p);
            return -1;
        }
        o->log |= 1u << k;
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* A positive real (what > 0), or a non-negative one (zero_ok) for the flag `name`. */
static int parse_positive(const char *name, const char *v, int zero_ok, double *x)
{
    if (parse_real(v, x) != 0) {
        fprintf(stderr, "error: -%s: invalid number '%s'\n", name, v);
        return -1;
    }
    if (!(*x > 0.0 || (zero_ok && *x == 0.0))) {
        fprintf(stderr, "error: -%s: must be %s, got '%s'\n", name, zero_ok ? "0 or positive" : "positive", v);
        return -1;
    }
    return 0;
}

static int set_iim(mo2c_rt_opts *o, const char *v)
{
    if (strcmp(v, "symbolic") == 0)
        o->iim_none = 0;
    else if (strcmp(v, "none") == 0)
        o->iim_none = 1;
    else {
        fprintf(stderr, "error: -iim: unknown initialization method '%s' (known: symbolic, none)\n", v);
        return -1;
    }
    return 0;
}

/* A switch (a flag without a value). */
static void set_switch(mo2c_rt_opts *o, const char *name)
{
    int *const targets[] = {&o->help, &o->emit_protected, &o->no_event_emit, &o->cpu, &o->steps,
                            &o->no_root_finding, &o->warn_all};
    static const char *const names[] = {"help", "emit_protected", "noEventEmit", "cpu", "steps",
                                        "noRootFinding", "w"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcmp(name, names[k]) == 0)
            *targets[k] = 1;
}

/* The flag `name` with its value v; 0 or -1 after the message. */
static int set_flag(mo2c_rt_opts *o, const char *name, const char *v)
{
    char origin[32];
    snprintf(origin, sizeof origin, "-%s", name);
    double x;
    if (strcmp(name, "override") == 0)
        return add_override_list(o, v);
    if (strcmp(name, "overrideFile") == 0)
        return add_override_file(o, v);
    if (strcmp(name, "s") == 0)
        return set_solver(o, v, origin);
    if (strcmp(name, "r") == 0)
        return o->result_file = v, 0;
    if (strcmp(name, "outputFormat") == 0)
        return o->format_given = 1, set_format(o, v, origin);
    if (strcmp(name, "variableFilter") == 0)
        return set_filter(o, v, origin);
    if (strcmp(name, "lv") == 0)
        return parse_lv(o, v);
    if (strcmp(name, "help") == 0)
        return o->help = 1, o->help_flag = v, 0;
    if (strcmp(name, "iim") == 0)
        return set_iim(o, v);
    if (strcmp(name, "idaLS") == 0) {
        static const char *const known[] = {"default", "klu", "dense", "spgmr"};
        for (int k = 0; k < 4; k++)
            if (strcmp(v, known[k]) == 0)
                return o->sun_ls = k, 0;
        fprintf(stderr, "error: -idaLS: unknown linear solver '%s' (known: default, klu, dense, spgmr)\n", v);
        return -1;
    }
    if (strcmp(name, "outputPath") == 0)
        return o->output_path = v, 0;
    if (strcmp(name, "l") == 0) {
        if (parse_real(v, &o->lin_time) != 0) {
            fprintf(stderr, "error: -l: invalid number '%s'\n", v);
            return -1;
        }
        return o->linearize = 1, 0;
    }
    if (strcmp(name, "csvInput") == 0)
        return o->csv_input = v, 0;
    if (strcmp(name, "f") == 0 || strcmp(name, "inputPath") == 0)
        return 0;   /* read before the other flags: mo2c_rt_read_init */
    if (strcmp(name, "maxStepSize") == 0)
        return parse_positive(name, v, 0, &o->max_step);
    if (strcmp(name, "initialStepSize") == 0)
        return parse_positive(name, v, 0, &o->init_step);
    if (strcmp(name, "alarm") == 0) {
        if (parse_positive(name, v, 1, &x) != 0)
            return -1;
        if (x > 1e8) {
            fprintf(stderr, "error: -alarm: at most 100000000 seconds, got '%s'\n", v);
            return -1;
        }
        return o->alarm = x, 0;
    }
    if (strcmp(name, "mat_sync") == 0) {
        if (parse_positive(name, v, 1, &x) != 0)
            return -1;
        if (x != floor(x) || x > (double)INT32_MAX) {
            fprintf(stderr, "error: -mat_sync: must be a whole number of output points, got '%s'\n", v);
            return -1;
        }
        return o->mat_sync = (long)x, 0;
    }
    return mo2c_rt_set_setting(o, name, v, origin) < 0 ? -1 : 0;
}

int mo2c_rt_parse_args(mo2c_rt_opts *o, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0)
            arg = "-help";
        if (arg[0] != '-' || arg[1] == '\0')
            return unknown_flag(arg, argv[0]);
        const char *eq = strchr(arg, '=');
        size_t keylen = eq ? (size_t)(eq - arg - 1) : strlen(arg + 1);
        const flag_def *f = find_flag(arg + 1, keylen);
        if (!f)
            return unknown_flag(arg, argv[0]);
        const char *val = eq ? eq + 1 : NULL;
        /* -help FLAG: the next argument when it is no flag itself */
        if (!val && strcmp(f->name, "help") == 0 && i + 1 < argc && argv[i + 1][0] != '-')
            val = argv[++i];
        if (f->kind == FLAG_BOOL && strcmp(f->name, "help") != 0) {
            if (val) {
                fprintf(stderr, "error: flag '-%s' takes no value\n", f->name);
                return -1;
            }
            set_switch(o, f->name);
            continue;
        }
        if (!val && f->kind == FLAG_VALUE) {       /* the form -flag value */
            if (i + 1 >= argc) {
                fprintf(stderr, "error: flag '-%s' needs a value (-%s=%s or -%s %s)\n", f->name, f->name,
                        f->arg, f->name, f->arg);
                return -1;
            }
            val = argv[++i];
        }
        if (!val) {
            set_switch(o, f->name);
            continue;
        }
        if (!*val) {
            fprintf(stderr, "error: flag '-%s' needs a value (-%s=%s)\n", f->name, f->name,
                    f->arg ? f->arg : "...");
            return -1;
        }
        if (set_flag(o, f->name, val) != 0)
            return -1;
    }
    return 0;
}

/* The value of the last -name=V or -name V in argv, walked as mo2c_rt_parse_args walks it (so that a
 * value is never taken for a flag); NULL when there is none or argv is malformed (parse_args then
 * reports it). */
static const char *prescan(int argc, char **argv, const char *name)
{
    const char *found = NULL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-')
            return found;
        const char *eq = strchr(arg, '=');
        size_t keylen = eq ? (size_t)(eq - arg - 1) : strlen(arg + 1);
        const flag_def *f = find_flag(arg + 1, keylen);
        if (!f)
            return found;
        const char *val = eq ? eq + 1 : NULL;
        if (!val && f->kind == FLAG_VALUE && i + 1 < argc)
            val = argv[++i];
        if (!val && strcmp(f->name, "help") == 0 && i + 1 < argc && argv[i + 1][0] != '-')
            i++;
        if (val && strcmp(f->name, name) == 0)
            found = val;
    }
    return found;
}

int mo2c_rt_read_init(mo2c_rt_opts *o, int argc, char **argv)
{
    const char *file = prescan(argc, argv, "f"), *dir = prescan(argc, argv, "inputPath");
    if (!file && dir && argc > 0) {
        const char *base = strrchr(argv[0], '/');
        base = base ? base + 1 : argv[0];
        size_t n = strlen(dir) + strlen(base) + sizeof "/_init.xml";
        char *path = mo2c_rt_own(o, malloc(n));
        if (!path)
            return -1;
        snprintf(path, n, "%s/%s_init.xml", dir, base);
        file = path;
    }
    return file ? mo2c_rt_read_init_xml(o, file) : 0;
}

/* The output grid: n intervals of h from start; the last point is exactly stop. */
int mo2c_rt_fix_grid(mo2c_rt_opts *o, const mo2c_model *m)
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
