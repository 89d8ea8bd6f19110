/*
 * regress.c - `mo2c regress DIR... [options]`: compile, simulate and compare a batch of models with
 * reference trajectories.
 *
 * Input: directories laid out as the Modelica Association's reference results: a directory per model,
 * named by its full name with dots as slashes and the model name repeated, DIR/A/B/M/M.csv beside
 * comparisonSignals.txt (one name per line, time first). The model's source is DIR/A/B/M/M.mo when that
 * file exists, else A/B/M.mo or A/B/M/package.mo on the library path (-L, MODELICAPATH, the bundled
 * models/).
 * Output: one line per model, in name order (PASS/FAIL, the worst signal, how far outside the tube and
 * when), a summary "N passed, N failed", optional JUnit XML and a Markdown/HTML report.
 * Exit status: 0 when every model passes, 1 when any fails, 2 on a usage error.
 *
 * Each model runs in its own worker process (fork), at most -j at a time; a worker compiles the model
 * with this very executable (/proc/self/exe, fork/exec, no shell) into a scratch directory, runs the
 * simulator with -outputFormat=csv and the model's own experiment settings (without an experiment
 * annotation: over the reference's time span), compares every comparison
 * signal with the csv-compare tube (tube.c), and leaves its verdict in files the parent reads back, so
 * the output order does not depend on which worker finishes first.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#define _DEFAULT_SOURCE /* wait4 */
#include "regress.h"
#include "tube.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct ropts {
    int jobs;
    double tol;
    const char *junit, *report;
    bool html;
    int shard_k, shard_n;      /* 0/0: no sharding */
    bool update, keep;
    bool no_loops;             /* --no-loops: compile with mo2c --no-loops (checking the loops) */
    double timeout;            /* seconds per compile and per simulation */
    const char *solver;        /* --solver: the simulators' -s, NULL for their default */
    MO_VEC(const char *) libdirs;
    MO_VEC(const char *) roots;
} ropts;

typedef struct rmodel {
    const char *name;          /* A.B.M */
    const char *dir;           /* DIR/A/B/M */
    const char *base;          /* M */
} rmodel;

static const char *self_exe;   /* this executable, for compiling */
static const char *scratch;    /* the batch's scratch directory (absolute) */

static void regress_usage(FILE *out)
{
    fputs("usage: mo2c regress DIR... [options]\n"
          "\n"
          "Compiles and simulates every model found under the DIRs (laid out as reference results:\n"
          "DIR/A/B/M/M.csv beside comparisonSignals.txt) and compares each comparison signal with its\n"
          "reference inside the csv-compare tube.\n"
          "\n"
          "options:\n"
          "  -j N            run N models at a time (default: the number of cores)\n"
          "  --tol T         relative tolerance of the tube (default 0.002)\n"
          "  --junit FILE    write JUnit XML, one testcase per model\n"
          "  --report FILE   write a report with plots of failing signals (FILE.md or FILE.html)\n"
          "  --shard K/N     check only the K-th of N shares (models sorted by name, model i goes to\n"
          "                  share i mod N + 1)\n"
          "  --update        write new reference CSVs from the results\n"
          "  --no-loops      compile with --no-loops (every equation its own statement)\n"
          "  -L DIR          add DIR to the library path of the compilations\n"
          "  --timeout S     CPU seconds allowed for each compilation and each simulation (default 600)\n"
          "  --solver NAME   simulate with -s=NAME (the simulators' default otherwise)\n"
          "  --keep          keep the scratch directory and print its name\n"
          "  --help          this text\n"
          "Exit status: 0 all pass, 1 some fail, 2 usage error.\n",
          out);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("mo2c regress: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    regress_usage(stderr);
    return 2;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- finding the models ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_model(const void *a, const void *b)
{
    const rmodel *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->dir, y->dir);
}

/* Walk dir (relative name rel, "" at the root); the depth is the directory tree's, not a model's. */
static void find_models(const char *dir, const char *rel, void *models_vec)
{
    MO_VEC(rmodel) *models = models_vec;
    const char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : dir;
    if (*base == '\0' && slash) { /* "DIR/" */
        const char *p = slash;
        while (p > dir && p[-1] == '/')
            p--;
        const char *q = p;
        while (q > dir && q[-1] != '/')
            q--;
        base = mo_strndup(q, (size_t)(p - q));
    }
    if (is_file(mo_sprintf("%s/%s.csv", dir, base)) || is_file(mo_sprintf("%s/comparisonSignals.txt", dir))) {
        rmodel m = {*rel ? rel : base, dir, base};
        MO_PUSH(*models, m);
    }
    DIR *d = opendir(dir);
    if (!d)
        return;
    MO_VEC(const char *) subs = {0};
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        const char *p = mo_sprintf("%s/%s", dir, e->d_name);
        if (is_dir(p))
            MO_PUSH(subs, mo_strdup(e->d_name));
    }
    closedir(d);
    if (subs.n)
        mo_qsort(subs.v, (size_t)subs.n, sizeof subs.v[0], cmp_str);
    for (int i = 0; i < subs.n; i++)
        find_models(mo_sprintf("%s/%s", dir, subs.v[i]),
                    *rel ? mo_sprintf("%s.%s", rel, subs.v[i]) : subs.v[i], models);
}

/* The directories where model sources are looked for, in mo2c's own order. */
static void library_dirs(const ropts *o, void *vec)
{
    MO_VEC(const char *) *dirs = vec;
    for (int i = 0; i < o->libdirs.n; i++)
        MO_PUSH(*dirs, o->libdirs.v[i]);
    const char *mp = getenv("MODELICAPATH");
    for (const char *p = mp ? mp : ""; *p;) {
        const char *q = strchr(p, ':');
        size_t n = q ? (size_t)(q - p) : strlen(p);
        if (n)
            MO_PUSH(*dirs, mo_strndup(p, n));
        p += n + (q ? 1 : 0);
    }
    const char *slash = strrchr(self_exe, '/');
    const char *exedir = slash ? mo_strndup(self_exe, (size_t)(slash - self_exe)) : ".";
    MO_PUSH(*dirs, mo_sprintf("%s/../models", exedir));
    MO_PUSH(*dirs, mo_sprintf("%s/../share/mo2c/models", exedir));
}

/* The source of model m: *file and (for a class nested in a package file) *cls, else NULL. */
static bool find_source(const ropts *o, const rmodel *m, const char **file, const char **cls)
{
    *cls = NULL;
    const char *local = mo_sprintf("%s/%s.mo", m->dir, m->base);
    if (is_file(local)) {
        *file = local;
        return true;
    }
    mo_buf path = {0};
    for (const char *p = m->name; *p; p++)
        mo_buf_putn(&path, *p == '.' ? "/" : p, 1);
    const char *rel = mo_buf_str(&path);
    MO_VEC(const char *) dirs = {0};
    library_dirs(o, &dirs);
    for (int i = 0; i < dirs.n; i++) {
        const char *f1 = mo_sprintf("%s/%s.mo", dirs.v[i], rel);
        const char *f2 = mo_sprintf("%s/%s/package.mo", dirs.v[i], rel);
        if (is_file(f1) || is_file(f2)) {
            *file = is_file(f1) ? f1 : f2;
            return true;
        }
        /* a class defined inside an enclosing package's file: the nearest package.mo */
        char *pre = mo_strdup(rel);
        for (char *s = strrchr(pre, '/'); s; s = strrchr(pre, '/')) {
            *s = '\0';
            const char *pf = mo_sprintf("%s/%s/package.mo", dirs.v[i], pre);
            const char *pm = mo_sprintf("%s/%s.mo", dirs.v[i], pre);
            if (is_file(pf) || is_file(pm)) {
                *file = is_file(pf) ? pf : pm;
                *cls = m->name;
                return true;
            }
        }
    }
    return false;
}

/* ---- running a child process ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A wall-clock backstop of this many times the CPU timeout catches a child that waits rather than
 * computes. */
#define REGRESS_WALL_FACTOR 10

/* Run argv with its output in logpath and (when cwd is not NULL) in directory cwd. Returns the exit
 * status, or -1 on a signal (*sig set), -2 on a timeout, -3 when it could not start.
 * The timeout is CPU time (RLIMIT_CPU, inherited by the C compiler that mo2c starts, each process its
 * own), as the library walks cap theirs: a wall-clock limit made the verdict depend on the machine's
 * load (CauerLowPassSC, 5 s of CPU, "timed out after 120 s" with 8 other jobs on 2 cores). */
static int run_child(char *const argv[], const char *cwd, const char *logpath, double timeout, int *sig)
{
    *sig = 0;
    pid_t pid = fork();
    if (pid < 0)
        return -3;
    if (pid == 0) {
        int fd = open(logpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int in = open("/dev/null", O_RDONLY);
        if (fd < 0 || in < 0 || (cwd && chdir(cwd) != 0))
            _exit(127);
        dup2(in, 0);
        dup2(fd, 1);
        dup2(fd, 2);
        setpgid(0, 0); /* its own group, so a timeout ends whatever it started too */
        rlim_t cpu = (rlim_t)ceil(timeout);
        struct rlimit rl = {cpu, cpu + 5}; /* SIGXCPU at the soft limit, SIGKILL at the hard one */
        setrlimit(RLIMIT_CPU, &rl);
        execv(argv[0], argv);
        dprintf(2, "mo2c regress: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    /* Poll with a growing sleep: a short run costs at most a few milliseconds of latency. */
    double start = now();
    long nap = 1000000; /* ns */
    for (;;) {
        int st;
        struct rusage ru;
        pid_t r = wait4(pid, &st, WNOHANG, &ru);
        if (r == pid) {
            if (WIFSIGNALED(st)) {
                *sig = WTERMSIG(st);
                /* the CPU limit's signals: SIGXCPU, or SIGKILL at the hard limit (not another SIGKILL) */
                double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec;
                return *sig == SIGXCPU || (*sig == SIGKILL && cpu >= timeout) ? -2 : -1;
            }
            return WEXITSTATUS(st);
        }
        if (r < 0 && errno != EINTR)
            return -3;
        if (now() - start > REGRESS_WALL_FACTOR * timeout) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            return -2;
        }
        struct timespec ts = {0, nap};
        nanosleep(&ts, NULL);
        if (nap < 50000000)
            nap *= 2;
    }
}

/* The most telling line of a log: the first precise error (a "file:line: error:" or a linker's
 * undefined reference, not the linker driver's summary), else the first line saying "error", else the
 * last non-blank one. */
static const char *log_line(const char *path)
{
    mo_file *f = mo_file_read(path);
    if (!f || f->len == 0)
        return "(no output)";
    const char *best = NULL, *any = NULL, *last = NULL;
    for (const char *p = f->text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *line = mo_strndup(p, n > 300 ? 300 : n);
        if (!best && (strstr(line, "undefined reference") ||
                      (strstr(line, ": error:") && strncmp(line, "collect2:", 9) != 0)))
            best = line;
        if (!any && strstr(line, "error"))
            any = line;
        if (strspn(line, " \t\r") < strlen(line))
            last = line;
        p += n + (e ? 1 : 0);
    }
    return best ? best : any ? any : last ? last : "(no output)";
}

/* The end of a log (at most 4000 bytes) for JUnit and reports. */
static const char *log_tail(const char *path)
{
    mo_file *f = mo_file_read(path);
    if (!f)
        return "";
    return f->len > 4000 ? mo_sprintf("...%s", f->text + f->len - 4000) : f->text;
}

/* ---- one model (runs in a worker process) ---- */

typedef struct verdict {
    const char *status, *reason;
    mo_buf detail, frag;
} verdict;

/* The comparison signals: comparisonSignals.txt without `time`, or else the reference's columns. */
static bool read_signals(const rmodel *m, const mo_csv *ref, void *vec, const char **why)
{
    MO_VEC(const char *) *sig = vec;
    const char *path = mo_sprintf("%s/comparisonSignals.txt", m->dir);
    mo_file *f = mo_file_read(path);
    if (!f) {
        if (!ref) {
            *why = "no comparisonSignals.txt and no reference CSV";
            return false;
        }
        for (int j = 1; j < ref->ncols; j++)
            MO_PUSH(*sig, ref->names[j]);
        return true;
    }
    for (const char *p = f->text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *a = p, *b = p + n;
        while (a < b && (*a == ' ' || *a == '\t' || *a == '"'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r' || b[-1] == '"'))
            b--;
        if (b > a && !(b - a == 4 && strncmp(a, "time", 4) == 0))
            MO_PUSH(*sig, mo_strndup(a, (size_t)(b - a)));
        p += n + (e ? 1 : 0);
    }
    if (sig->n == 0) {
        *why = "comparisonSignals.txt names no signal";
        return false;
    }
    return true;
}

static void fail(verdict *v, const char *reason)
{
    v->status = "FAIL";
    v->reason = reason;
}

/* How much of the tube's half-height a signal used: (hy + excess) / hy; above 1 is outside. */
static double usage_of(const mo_tube_result *r)
{
    /* a point deeper inside than the half-height (where the tube is widened in time) uses none of it */
    return r->hy > 0 ? fmax(0.0, (r->hy + r->excess) / r->hy) : INFINITY;
}

static const char *signal_reason(const char *sig, const mo_tube_result *r, const mo_csv *ref)
{
    switch (r->verdict) {
    case MO_TUBE_OUTSIDE:
        return mo_sprintf("%s outside the tube by %.3g at t=%.6g (%.3g times the tube's half-height)", sig,
                          r->excess, r->worst_t, usage_of(r));
    case MO_TUBE_ENDS_EARLY:
        return mo_sprintf("%s: the result ends early, at t=%.6g (reference: t=%.6g)", sig, r->result_tN,
                          ref->cols[0][ref->nrows - 1]);
    case MO_TUBE_STARTS_LATE:
        return mo_sprintf("%s: the result starts late, at t=%.6g (reference: t=%.6g)", sig, r->result_t0,
                          ref->cols[0][0]);
    case MO_TUBE_NAN:
        return mo_sprintf("%s is not finite at t=%.6g", sig, r->worst_t);
    case MO_TUBE_MISSING:
        return mo_sprintf("signal %s missing from the result", sig);
    case MO_TUBE_BAD_INPUT:
        return mo_sprintf("%s: unusable reference or result (empty, unsorted, or not finite)", sig);
    case MO_TUBE_PASS:
        break;
    }
    mo_unreachable("signal_reason of a passing signal");
}

static void compare(const ropts *o, const mo_csv *ref, const mo_csv *res, int nsig,
                    const char *const *sig, verdict *v)
{
    const char *worst_reason = NULL, *closest = NULL;
    double worst = -INFINITY, best_use = -INFINITY, best_t = NAN;
    int nfail = 0;
    mo_buf *d = &v->detail;
    mo_buf_printf(d, "tube tolerance %g; reference %d points on [%g, %g], result %d points\n", o->tol,
                  ref->nrows, ref->cols[0][0], ref->cols[0][ref->nrows - 1], res->nrows);
    for (int s = 0; s < nsig; s++) {
        int rc = mo_csv_column(ref, sig[s]), c = mo_csv_column(res, sig[s]);
        mo_tube_result r;
        double rank;
        if (rc < 0) {
            memset(&r, 0, sizeof r);
            r.verdict = MO_TUBE_BAD_INPUT;
            const char *why = mo_sprintf("signal %s missing from the reference", sig[s]);
            mo_buf_printf(d, "  %s\n", why);
            nfail++;
            if (worst < INFINITY) {
                worst = INFINITY;
                worst_reason = why;
            }
            continue;
        }
        if (c < 0) {
            memset(&r, 0, sizeof r);
            r.verdict = MO_TUBE_MISSING;
        } else {
            mo_tube_compare(ref->cols[0], ref->cols[rc], ref->nrows, res->cols[0], res->cols[c], res->nrows,
                            o->tol, &r);
        }
        if (r.verdict == MO_TUBE_PASS) {
            double use = usage_of(&r);
            mo_buf_printf(d, "  %-40s pass, at most %.2g%% of the tube's half-height (t=%.6g)\n", sig[s],
                          100 * use, r.worst_t);
            if (use > best_use) {
                best_use = use;
                closest = sig[s];
                best_t = r.worst_t;
            }
            continue;
        }
        nfail++;
        const char *why = signal_reason(sig[s], &r, ref);
        mo_buf_printf(d, "  %s\n", why);
        rank = r.verdict == MO_TUBE_OUTSIDE ? usage_of(&r) : INFINITY;
        if (rank > worst || !worst_reason) {
            worst = rank;
            worst_reason = why;
        }
        if (!o->report || c < 0 || r.verdict == MO_TUBE_BAD_INPUT)
            continue;
        if (o->html)
            mo_buf_puts(&v->frag, "<p>");
        mo_buf_puts(&v->frag, o->html ? "" : "\n");
        if (o->html)
            mo_buf_xml(&v->frag, why);
        else
            mo_buf_puts(&v->frag, why);
        mo_buf_puts(&v->frag, o->html ? "</p>\n" : "\n\n");
        /* the whole run, then a close-up around the worst point, where the tube is visible */
        mo_regress_svg(&v->frag, sig[s], ref->cols[0], ref->cols[rc], ref->nrows, res->cols[0], res->cols[c],
                       res->nrows, o->tol, NAN, NAN);
        if (isfinite(r.worst_t))
            mo_regress_svg(&v->frag, mo_sprintf("%s near t=%.6g", sig[s], r.worst_t), ref->cols[0],
                           ref->cols[rc], ref->nrows, res->cols[0], res->cols[c], res->nrows, o->tol,
                           r.worst_t - 25 * r.hx, r.worst_t + 25 * r.hx);
        mo_buf_puts(&v->frag, "\n");
    }
    if (nfail) {
        fail(v, nfail > 1 ? mo_sprintf("%s; %d of %d signals fail", worst_reason, nfail, nsig) : worst_reason);
    } else {
        v->status = "PASS";
        v->reason = mo_sprintf("%d signal%s; closest %s, %.2g%% of the tube's half-height at t=%.6g", nsig,
                               nsig == 1 ? "" : "s", closest, 100 * best_use, best_t);
    }
}

/* Update mode: the reference becomes the result's time and comparison signals. */
static void update_reference(const rmodel *m, const mo_csv *res, int nsig, const char *const *sig, verdict *v)
{
    int *idx = MO_NEWN(int, nsig + 1);
    idx[0] = mo_csv_column(res, "time");
    if (idx[0] < 0) {
        fail(v, "cannot update: the result has no time column");
        return;
    }
    for (int s = 0; s < nsig; s++)
        if ((idx[s + 1] = mo_csv_column(res, sig[s])) < 0) {
            fail(v, mo_sprintf("cannot update: signal %s missing from the result", sig[s]));
            return;
        }
    const char *path = mo_sprintf("%s/%s.csv", m->dir, m->base);
    if (!mo_csv_write(path, res, idx, nsig + 1)) {
        fail(v, mo_sprintf("cannot write %s: %s", path, strerror(errno)));
        return;
    }
    v->status = "UPDATED";
    v->reason = mo_sprintf("wrote %s (%d rows, %d signals)", path, res->nrows, nsig);
}

/* Does the model of the simulator exe have an experiment annotation? The compiler writes the answer
 * into <exe>_info.json ("experiment":{"annotation":false}); without the file, assume it has. */
static bool has_experiment(const char *exe)
{
    FILE *f = fopen(mo_sprintf("%s_info.json", exe), "r");
    if (!f)
        return true;
    char head[512];   /* the key comes right after "format" and "version" (codegen_xml.c) */
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return strstr(head, "\"experiment\":{\"annotation\":false}") == NULL;
}

static void check_model(const ropts *o, const rmodel *m, const char *work, verdict *v)
{
    const char *file, *cls;
    if (!find_source(o, m, &file, &cls)) {
        fail(v, mo_sprintf("model not found: no %s/%s.mo and no source of %s on the library path", m->dir,
                           m->base, m->name));
        return;
    }
    /* compile */
    MO_VEC(char *) argv = {0};
    MO_PUSH(argv, (char *)self_exe);
    MO_PUSH(argv, (char *)file);
    if (cls)
        MO_PUSH(argv, (char *)cls);
    MO_PUSH(argv, "-o");
    const char *exe = mo_sprintf("%s/%s", work, m->base);
    MO_PUSH(argv, (char *)exe);
    for (int i = 0; i < o->libdirs.n; i++) {
        MO_PUSH(argv, "-L");
        MO_PUSH(argv, (char *)o->libdirs.v[i]);
    }
    if (o->no_loops)
        MO_PUSH(argv, "--no-loops");
    MO_PUSH(argv, NULL);
    const char *clog = mo_sprintf("%s/compile.log", work);
    int sig, rc = run_child(argv.v, NULL, clog, o->timeout, &sig);
    if (rc != 0) {
        mo_buf_puts(&v->detail, log_tail(clog));
        fail(v, rc == -2 ? mo_sprintf("compile error: mo2c timed out after %g s of CPU time", o->timeout)
              : rc == -1 ? mo_sprintf("compile error: mo2c killed by signal %d", sig)
                         : mo_sprintf("compile error: %s", log_line(clog)));
        return;
    }
    /* simulate: a model without an experiment annotation (the compiler says so in <exe>_info.json)
     * over its reference's time span, else with its own settings */
    const char *rlog = mo_sprintf("%s/run.log", work), *rescsv = mo_sprintf("%s/result.csv", work);
    char err[1024];
    const char *refpath = mo_sprintf("%s/%s.csv", m->dir, m->base);
    mo_csv *ref = is_file(refpath) ? mo_csv_read(refpath, err, sizeof err) : NULL;
    /* protected variables too: reference results list them (MAP-LIB's were made with Dymola's
     * StoreProtectedVariables) and their comparison signals may name them (Blocks.Math.Mean's x) */
    char *rargv[8] = {(char *)exe, "-outputFormat=csv", (char *)mo_sprintf("-r=%s", rescsv), "-emit_protected",
                      NULL};
    int ra = 4;
    if (o->solver)
        rargv[ra++] = (char *)mo_sprintf("-s=%s", o->solver);
    if (ref && ref->nrows > 0 && ref->ncols > 0 && !has_experiment(exe)) {
        rargv[ra++] = (char *)mo_sprintf("-startTime=%.17g", ref->cols[0][0]);
        rargv[ra++] = (char *)mo_sprintf("-stopTime=%.17g", ref->cols[0][ref->nrows - 1]);
    }
    rargv[ra] = NULL;
    rc = run_child(rargv, work, rlog, o->timeout, &sig);
    if (rc != 0) {
        mo_buf_puts(&v->detail, log_tail(rlog));
        fail(v, rc == -2 ? mo_sprintf("simulation timed out after %g s of CPU time", o->timeout)
              : rc == -1 ? mo_sprintf("simulation killed by signal %d", sig)
              : rc == -3 ? "simulation could not start"
                         : mo_sprintf("simulation failed (exit status %d): %s", rc, log_line(rlog)));
        return;
    }
    mo_csv *res = mo_csv_read(rescsv, err, sizeof err);
    if (!res || res->nrows == 0 || res->ncols < 1) {
        fail(v, res ? "the simulation wrote no result rows" : mo_sprintf("result: %s", err));
        return;
    }
    if (is_file(refpath) && !ref && !o->update) {
        mo_csv_read(refpath, err, sizeof err);   /* again, for its message (the result's replaced it) */
        fail(v, mo_sprintf("reference: %s", err));
        return;
    }
    MO_VEC(const char *) signals = {0};
    const char *why = NULL;
    if (!read_signals(m, ref, &signals, &why)) {
        fail(v, why);
        return;
    }
    if (o->update) {
        update_reference(m, res, signals.n, signals.v, v);
        return;
    }
    if (!ref) {
        fail(v, mo_sprintf("no reference %s (mo2c regress --update writes one)", refpath));
        return;
    }
    if (ref->nrows == 0 || mo_csv_column(ref, "time") != 0 || mo_csv_column(res, "time") != 0) {
        fail(v, "the reference and the result must have rows and `time` as their first column");
        return;
    }
    compare(o, ref, res, signals.n, signals.v, v);
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs(text, f);
    return fclose(f) == 0;
}

/* The worker: check model i and leave status (3 lines: status, seconds, reason), detail, fragment. */
static int worker(const ropts *o, const rmodel *m, int i)
{
    double t0 = now();
    const char *work = mo_sprintf("%s/%d", scratch, i);
    verdict v = {0};
    if (mkdir(work, 0755) != 0 && errno != EEXIST)
        fail(&v, mo_sprintf("cannot create %s: %s", work, strerror(errno)));
    else
        check_model(o, m, work, &v);
    if (*mo_buf_str(&v.frag)) {
        mo_buf head = {0};
        if (o->html) {
            mo_buf_puts(&head, "<h3>");
            mo_buf_xml(&head, m->name);
            mo_buf_puts(&head, "</h3>\n");
        } else {
            mo_buf_printf(&head, "### %s\n", m->name);
        }
        mo_buf_puts(&head, mo_buf_str(&v.frag));
        v.frag = head;
    }
    bool ok = write_text(mo_sprintf("%s/status", work),
                         mo_sprintf("%s\n%.3f\n%s\n", v.status, now() - t0, v.reason)) &&
              write_text(mo_sprintf("%s/detail", work), mo_buf_str(&v.detail)) &&
              write_text(mo_sprintf("%s/fragment", work), mo_buf_str(&v.frag));
    return ok ? 0 : 3;
}

static mo_regress_outcome read_outcome(const rmodel *m, int i, int wstatus)
{
    mo_regress_outcome r = {m->name, "FAIL", "", "", "", 0};
    mo_file *st = mo_file_read(mo_sprintf("%s/%d/status", scratch, i));
    if (!st || wstatus != 0) {
        r.reason = mo_sprintf("internal error: the worker process ended with status %d", wstatus);
        return r;
    }
    const char *a = st->text, *b = strchr(a, '\n'), *c = b ? strchr(b + 1, '\n') : NULL;
    if (!b || !c) {
        r.reason = "internal error: unreadable worker status";
        return r;
    }
    r.status = mo_strndup(a, (size_t)(b - a));
    r.seconds = atof(b + 1);
    const char *e = strchr(c + 1, '\n');
    r.reason = e ? mo_strndup(c + 1, (size_t)(e - c - 1)) : mo_strdup(c + 1);
    mo_file *d = mo_file_read(mo_sprintf("%s/%d/detail", scratch, i));
    mo_file *f = mo_file_read(mo_sprintf("%s/%d/fragment", scratch, i));
    r.detail = d ? d->text : "";
    r.fragment = f ? f->text : "";
    return r;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* ---- the command ---- */

static int parse_args(int argc, char **argv, ropts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        bool takes = strcmp(a, "-j") == 0 || strcmp(a, "--tol") == 0 || strcmp(a, "--junit") == 0 ||
                     strcmp(a, "--report") == 0 || strcmp(a, "--shard") == 0 || strcmp(a, "-L") == 0 ||
                     strcmp(a, "--timeout") == 0 || strcmp(a, "--solver") == 0;
        if (takes) {
            if (i + 1 >= argc)
                return usage_error("%s needs an argument", a);
            val = argv[++i];
        } else if (strncmp(a, "-j", 2) == 0 && a[2]) {
            val = a + 2, a = "-j";
        } else if (strncmp(a, "-L", 2) == 0 && a[2]) {
            val = a + 2, a = "-L";
        } else if (a[0] == '-' && a[1] == '-' && strchr(a, '=')) {
            const char *eq = strchr(a, '=');
            val = eq + 1;
            a = mo_strndup(a, (size_t)(eq - a));
            takes = true;
        }
        char *end;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            regress_usage(stdout);
            exit(0);
        } else if (strcmp(a, "--update") == 0) {
            o->update = true;
        } else if (strcmp(a, "--keep") == 0) {
            o->keep = true;
        } else if (strcmp(a, "--no-loops") == 0) {
            o->no_loops = true;
        } else if (strcmp(a, "-j") == 0) {
            long j = strtol(val, &end, 10);
            if (*end || j < 1 || j > 4096)
                return usage_error("-j wants a positive number of jobs, not '%s'", val);
            o->jobs = (int)j;
        } else if (strcmp(a, "--tol") == 0) {
            o->tol = strtod(val, &end);
            if (*end || !(o->tol > 0) || !isfinite(o->tol))
                return usage_error("--tol wants a positive number, not '%s'", val);
        } else if (strcmp(a, "--timeout") == 0) {
            o->timeout = strtod(val, &end);
            if (*end || !(o->timeout > 0))
                return usage_error("--timeout wants a positive number of seconds, not '%s'", val);
        } else if (strcmp(a, "--solver") == 0) {
            if (!*val || *val == '-')
                return usage_error("--solver wants the name of an integrator, not '%s'", val);
            o->solver = val;
        } else if (strcmp(a, "--junit") == 0) {
            o->junit = val;
        } else if (strcmp(a, "--report") == 0) {
            size_t n = strlen(val);
            o->html = (n > 5 && strcmp(val + n - 5, ".html") == 0) || (n > 4 && strcmp(val + n - 4, ".htm") == 0);
            if (!o->html && !(n > 3 && strcmp(val + n - 3, ".md") == 0))
                return usage_error("--report wants FILE.md or FILE.html, not '%s'", val);
            o->report = val;
        } else if (strcmp(a, "--shard") == 0) {
            int k, n, used = 0;
            if (sscanf(val, "%d/%d%n", &k, &n, &used) != 2 || val[used] || n < 1 || k < 1 || k > n)
                return usage_error("--shard wants K/N with 1 <= K <= N, not '%s'", val);
            o->shard_k = k, o->shard_n = n;
        } else if (strcmp(a, "-L") == 0) {
            MO_PUSH(o->libdirs, val);
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else if (takes) {
            return usage_error("unknown option '%s'", a);
        } else {
            if (!is_dir(a))
                return usage_error("'%s' is not a directory", a);
            MO_PUSH(o->roots, a);
        }
    }
    if (o->roots.n == 0)
        return usage_error("%s", "no directory given");
    return 0;
}

int mo_regress_main(int argc, char **argv)
{
    ropts o = {0};
    o.tol = 0.002;
    o.timeout = 600;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.jobs = cores > 0 ? (int)cores : 1;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        fprintf(stderr, "mo2c regress: error: cannot find this executable (/proc/self/exe)\n");
        return 2;
    }
    exe[n] = '\0';
    self_exe = mo_strdup(exe);

    MO_VEC(rmodel) all = {0};
    for (int i = 0; i < o.roots.n; i++)
        find_models(o.roots.v[i], "", &all);
    if (all.n == 0) {
        fprintf(stderr, "mo2c regress: error: no models (DIR/A/B/M/M.csv or comparisonSignals.txt) under");
        for (int i = 0; i < o.roots.n; i++)
            fprintf(stderr, " %s", o.roots.v[i]);
        fputc('\n', stderr);
        return 2;
    }
    mo_qsort(all.v, (size_t)all.n, sizeof all.v[0], cmp_model);
    MO_VEC(rmodel) models = {0};
    for (int i = 0; i < all.n; i++)
        if (o.shard_n == 0 || i % o.shard_n + 1 == o.shard_k)
            MO_PUSH(models, all.v[i]);

    const char *tmp = getenv("TMPDIR");
    char *tmpl = mo_sprintf("%s/mo2c-regress-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(tmpl)) {
        fprintf(stderr, "mo2c regress: error: cannot create a scratch directory %s: %s\n", tmpl, strerror(errno));
        return 1;
    }
    scratch = tmpl;
    if (o.shard_n)
        printf("shard %d/%d: %d of %d models\n", o.shard_k, o.shard_n, models.n, all.n);

    /* Workers: at most o.jobs at a time; lines are printed in name order as soon as all models before
     * them are done. */
    int m = models.n;
    pid_t *pids = MO_NEWN(pid_t, m > 0 ? m : 1);
    int *wst = MO_NEWN(int, m > 0 ? m : 1);
    bool *done = MO_NEWN(bool, m > 0 ? m : 1);
    mo_regress_outcome *out = MO_NEWN(mo_regress_outcome, m > 0 ? m : 1);
    /* the running workers' model indices, to map a finished pid back (at most o.jobs entries) */
    int *slot = MO_NEWN(int, o.jobs);
    int running = 0, next = 0, printed = 0, passed = 0, failed = 0;
    while (printed < m) {
        while (running < o.jobs && next < m) {
            fflush(stdout);
            fflush(stderr);
            pid_t pid = fork();
            if (pid == 0)
                _exit(worker(&o, &models.v[next], next));
            if (pid < 0) { /* no process: check it here, sequentially */
                wst[next] = worker(&o, &models.v[next], next);
                done[next++] = true;
                continue;
            }
            pids[next] = pid;
            slot[running++] = next++;
        }
        if (running > 0) {
            int st;
            pid_t pid = waitpid(-1, &st, 0);
            if (pid < 0 && errno == EINTR)
                continue;
            for (int s = 0; s < running; s++)
                if (pid > 0 && pids[slot[s]] == pid) {
                    wst[slot[s]] = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
                    done[slot[s]] = true;
                    slot[s] = slot[--running];
                    break;
                }
        }
        for (; printed < m && done[printed]; printed++) {
            out[printed] = read_outcome(&models.v[printed], printed, wst[printed]);
            bool ok = strcmp(out[printed].status, "FAIL") != 0;
            ok ? passed++ : failed++;
            printf("%-7s %s: %s\n", out[printed].status, models.v[printed].name, out[printed].reason);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    const char *suite = o.shard_n ? mo_sprintf("mo2c regress shard %d/%d", o.shard_k, o.shard_n) : "mo2c regress";
    int status = failed ? 1 : 0;
    if (o.junit && !mo_regress_write_junit(o.junit, suite, out, m)) {
        fprintf(stderr, "mo2c regress: error: cannot write %s: %s\n", o.junit, strerror(errno));
        status = 1;
    }
    if (o.report && !mo_regress_write_report(o.report, o.html, suite, out, m)) {
        fprintf(stderr, "mo2c regress: error: cannot write %s: %s\n", o.report, strerror(errno));
        status = 1;
    }
    if (o.keep)
        printf("scratch directory: %s\n", scratch);
    else
        nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    fflush(stdout);
    return status;
}
