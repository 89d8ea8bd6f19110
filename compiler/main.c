/*
 * main.c - the mo2c command line and the whole pipeline in one function (run_pipeline).
 *
 *   mo2c [options] FILE.mo [MODEL]      compile MODEL (default: the file's class) into a simulator
 *   mo2c regress DIR... [options]        regression batches against reference trajectories
 *   mo2c plot RESULT VAR... [-o F.svg]   an SVG plot of a result file (regress/plot.c)
 *
 * Every stage reports its own errors (base.h diagnostics) and returns NULL or non-zero; the pipeline
 * stops at the first stage that failed, and the exit status is 1.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "base.h"
#include "dae.h"
#include "events.h"
#include "flat.h"
#include "checks.h"
#include "regress.h"
#include "stats.h"

#include <errno.h>
#include <pthread.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#define MO2C_VERSION "0.1.0"

#ifdef MO_DEBUG
#define CHECK_DAE(dae, stage) mo_dae_check((dae), (stage))
#else
#define CHECK_DAE(dae, stage) ((void)0)
#endif

typedef enum mode { MODE_BUILD, MODE_EMIT_C, MODE_FLAT, MODE_PARSE } mode;

typedef struct options {
    mode mode;
    const char *file;         /* FILE.mo */
    const char *model;        /* MODEL or NULL */
    const char *output;       /* -o EXE, or the C file of --emit-c */
    const char *dump;         /* --dump=dae|match|blt */
    bool stats;               /* --stats: time and memory of each stage */
    mo_units_mode units;      /* --units=warn|error|off (units.h) */
    bool units_given;         /* --units= written: --flat checks units too */
    MO_VEC(const char *) libdirs;
} options;

static void usage(FILE *out)
{
    fputs("usage: mo2c [options] FILE.mo [MODEL]\n"
          "       mo2c [options] MODEL            (MODEL found through -L and MODELICAPATH)\n"
          "       mo2c regress [options] DIR...   (see mo2c regress --help)\n"
          "       mo2c plot RESULT.csv|RESULT.mat VAR... [-o FILE.svg]\n"
          "\n"
          "Compiles the Modelica model MODEL (by default the class FILE.mo defines) into a simulator.\n"
          "Without FILE.mo, MODEL is a full dotted name whose first name is a library in the library path.\n"
          "\n"
          "options:\n"
          "  -o FILE         name of the executable (default: the model's last name), or of the C file\n"
          "                  with --emit-c (default: the model's last name .c)\n"
          "  --emit-c        write the generated C file only\n"
          "  --flat          print the flat model and stop\n"
          "  --parse         check the syntax of FILE.mo and stop\n"
          "  --dump=WHAT     print an analysis stage: dae, match, blt\n"
          "  --stats         print the time and memory of each stage\n"
          "  --units=MODE    check the units of the equations (chapter 19): warn (the default),\n"
          "                  error, or off; --flat checks them only when --units is given\n"
          "  --no-clone      flatten every component from its declaration, never by copying an\n"
          "                  earlier one of the same class (slower; for checking the copies)\n"
          "  --no-loops      write every equation as its own statement, never runs of repeated\n"
          "                  equations as loops (larger C; for checking the loops)\n"
          "  --no-state-sets keep every state choice of index reduction static: the run stops\n"
          "                  where one degenerates (by default the states of a small choice\n"
          "                  switch there: state sets; --state-sets is that default)\n"
          "  -L DIR          add DIR to the library path (before MODELICAPATH and the bundled models/)\n"
          "  --help          this text\n"
          "  --version       the version\n",
          out);
}

/* The library path: -L directories, then MODELICAPATH (':'-separated), then the bundled models/
 * found beside the executable (build tree: <exe>/../models, install tree: <prefix>/share/mo2c/models). */
static mo_libpath make_libpath(const options *o, const char *argv0);
static int write_c(const mo_dae *dae, const char *path);

/* What is left to do after the pipeline: the C compiler on the C file, which main runs after releasing
 * the arena (hundreds of MB for a large model, idle while the C compiler needs memory). The strings
 * are malloc'ed: they outlive the arena. */
/* A file written beside the executable: the temporary it is written into, and its name once in place. */
typedef struct beside {
    char *tmp, *path;         /* malloc'd; NULL when not used */
    FILE *f;
    int cleanup;              /* the temporary's registration with cleanup.c (a stop signal removes it) */
} beside;

typedef struct build_job {
    char *c_file;             /* the temporary C file, removed after the build */
    int c_cleanup;            /* its registration with cleanup.c */
    char *exe;
    /* <exe>_init.xml and <exe>_info.json (codegen_xml.c), written into temporaries beside the executable
     * while the model is in memory and renamed into place once it is built (unused when the executable
     * is a device, such as /dev/null); info_failed: one could not be written (reported) */
    beside info[2];
    bool info_failed;
} build_job;

static bool beside_open(beside *b, const char *exe, const char *suffix);

/* The pipeline: parse and load -> flatten -> (back end) -> code; the C compiler is main's. */
static int run_pipeline(const options *o, const char *argv0, build_job *job)
{
    mo_libpath path = make_libpath(o, argv0);

    if (o->mode == MODE_PARSE) {
        mo_file *f = mo_file_read(o->file);
        if (!f) {
            mo_error_plain("cannot read '%s': %s", o->file, strerror(errno));
            return 1;
        }
        return mo_parse_file(f) && mo_error_count() == 0 ? 0 : 1;
    }

    const mo_class *cls = mo_load(o->file, o->model, &path);
    mo_stats_stage("load");
    if (!cls)
        return 1;

    mo_flat *flat = mo_flatten(cls);
    mo_stats_stage("flatten");
    if (!flat || !mo_func_partials(flat))
        return 1;
    mo_check_params(flat);
    if (mo_check_types(flat) + mo_check_variability(flat) + mo_check_discrete(flat) || mo_when_order(flat))
        return 1;
    if (o->mode == MODE_FLAT) {
        mo_flat_print(stdout, flat);
        fflush(stdout);
        mo_stats_stage("print");
        if (!o->units_given)
            return 0;
    }

    mo_flat_unshare(flat);   /* cloned components share equation trees; the back end rewrites its own */
    mo_flat_fold_fixed(flat);   /* fixed = a parameter expression: its value (eval.c) */
    if (!mo_state_machines(flat))   /* state machines become clocked equations (statemachines.c) */
        return 1;
    if (!mo_clocks_lower(flat))   /* clocks and clocked partitions become when-equations (clocks.c) */
        return 1;
    if (!mo_str_vars(flat))   /* String variables whose values are known when compiled (strvars.c) */
        return 1;
    /* the unit check reads the flat model as the back end will (after unsharing), before it */
    int unit_findings = mo_units_check(flat, o->units);
    mo_stats_stage("units");
    if (o->mode == MODE_FLAT || (unit_findings && o->units == MO_UNITS_ERROR))
        return unit_findings && o->units == MO_UNITS_ERROR ? 1 : 0;
    /* back end: DAE (aliases removed) -> index reduction -> matching and BLT -> solved blocks -> C;
     * debug builds check the DAE's invariants after each stage (check.c) */
    mo_bounds_asserts(flat);   /* min and max, checked while the model runs (check/bounds.c) */
    mo_event_calls(flat);   /* floor(x), div(x, y), ...: discrete values changed at events (evcalls.c) */
    mo_run_index_vars(flat);   /* x[k] that several equations read: one variable each (runindex.c) */
    mo_dae *dae = mo_dae_build(flat);
    mo_stats_stage("dae-init");   /* pre() as variables, the initial equations (dae.c marks its parts) */
    if (!dae)
        return 1;
    CHECK_DAE(dae, "dae");
    if (mo_dae_index(dae) != 0)
        return 1;
    mo_stats_stage("index");
    CHECK_DAE(dae, "index");
    if (mo_dae_sort(dae) != 0)
        return 1;
    mo_stats_stage("init-sort");   /* the initial system (sort.c marks the ODE system's matching and BLT) */
    CHECK_DAE(dae, "sort");
    if (o->dump) {
        mo_dae_dump(stdout, dae, o->dump);
        return mo_error_count() ? 1 : 0;
    }
    if (mo_dae_solve(dae) != 0)
        return 1;
    mo_stats_stage("solve");
    CHECK_DAE(dae, "solve");

    const char *last = strrchr(flat->name, '.');
    last = last ? last + 1 : flat->name;
    if (o->mode == MODE_EMIT_C) {
        const char *cfile = o->output ? o->output : mo_sprintf("%s.c", last);
        mo_codegen_target(argv0, cfile, mo_sprintf("./%s", last));
        int rc = write_c(dae, cfile);
        mo_stats_stage("codegen");
        return rc;
    }
    /* the C file is a temporary; the executable is what was asked for */
    const char *tmpdir = getenv("TMPDIR");
    char *tmp = mo_sprintf("%s/mo2c-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        mo_error_plain("cannot create a temporary file in '%s': %s", tmpdir && *tmpdir ? tmpdir : "/tmp",
                       strerror(errno));
        return 1;
    }
    close(fd);
    job->c_cleanup = mo_cleanup_file(tmp);   /* a stop signal removes it (cleanup.c) */
    /* -o DIR/ (or an existing directory): the executable named by the model's full name, as
     * OpenModelica names it and the tools written for it expect */
    struct stat st;
    const char *out = o->output;
    if (out && *out && (out[strlen(out) - 1] == '/' || (stat(out, &st) == 0 && S_ISDIR(st.st_mode))))
        out = mo_sprintf("%s%s%s", out, out[strlen(out) - 1] == '/' ? "" : "/", flat->name);
    const char *exe = out ? out : mo_sprintf("./%s", last);
    mo_codegen_target(argv0, tmp, exe);
    int rc = write_c(dae, tmp);
    mo_stats_stage("codegen");
    if (rc != 0) {
        remove(tmp);
        mo_cleanup_forget(job->c_cleanup);
        return rc;
    }
    job->c_file = strdup(tmp);
    job->exe = strdup(exe);
    /* beside an executable that will be a file (not a device such as /dev/null) */
    if (!(stat(exe, &st) == 0 && !S_ISREG(st.st_mode))) {
        if (beside_open(&job->info[0], exe, "_init.xml") && beside_open(&job->info[1], exe, "_info.json")) {
            if (!mo_codegen_info(dae, job->info[0].f, job->info[1].f)) {
                fprintf(stderr, "mo2c: error: cannot write '%s': %s\n", job->info[0].path, strerror(errno));
                job->info_failed = true;
            }
        } else {
            job->info_failed = true;
        }
        mo_stats_stage("info");
    }
    return 0;
}

/* Write the C file to path. A regular file (or a new one) is written beside it under a temporary name
 * and renamed into place only when complete, so a failure leaves neither a half-written file nor a
 * damaged old one; anything else (a device such as /dev/stdout, a pipe) is written directly and is never
 * removed or replaced. */
static int write_c(const mo_dae *dae, const char *path)
{
    struct stat st;
    bool direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
    const char *tmp = direct ? path : mo_sprintf("%s.mo2c-XXXXXX", path);
    FILE *f = NULL;
    int cleanup = -1;
    if (direct) {
        f = fopen(path, "w");
    } else {
        int fd = mkstemp((char *)tmp);
        f = fd < 0 ? NULL : fdopen(fd, "w");
        if (fd >= 0 && !f)
            close(fd);
        if (f)
            cleanup = mo_cleanup_file(tmp);
    }
    if (!f) {
        mo_error_plain("cannot write '%s': %s", path, strerror(errno));
        return 1;
    }
    int errors0 = mo_error_count();
    int rc = mo_codegen(f, dae);
    /* a failed write is reported here (mo_codegen only says that the stream failed) */
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !err)
        err = errno ? errno : EIO;
    if (err) {
        if (mo_error_count() == errors0)
            mo_error_plain("cannot write '%s': %s", path, strerror(err));
        rc = 1;
    }
    if (!direct) {
        if (rc == 0 && (chmod(tmp, 0644) != 0 || rename(tmp, path) != 0)) {
            mo_error_plain("cannot write '%s': %s", path, strerror(errno));
            rc = 1;
        }
        if (rc != 0)
            remove(tmp); /* only ever our own temporary */
        mo_cleanup_forget(cleanup);
    }
    return rc;
}

/* Write text to exe + suffix (the files OpenModelica's tools look for beside a simulator), under a
 * temporary name renamed into place when complete; 0, or 1 after the message. */
/* Open a temporary for the file exe + suffix beside it; false after an error (reported). */
static bool beside_open(beside *b, const char *exe, const char *suffix)
{
    size_t n = strlen(exe) + strlen(suffix) + sizeof ".mo2c-XXXXXX";
    b->path = malloc(n);
    b->tmp = malloc(n);
    if (!b->path || !b->tmp) {
        free(b->path);
        free(b->tmp);
        b->path = b->tmp = NULL;
        return false;
    }
    snprintf(b->path, n, "%s%s", exe, suffix);
    snprintf(b->tmp, n, "%s%s.mo2c-XXXXXX", exe, suffix);
    int fd = mkstemp(b->tmp);
    b->f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!b->f) {
        fprintf(stderr, "mo2c: error: cannot write '%s': %s\n", b->path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(b->tmp);   /* only ever our own temporary */
        }
        free(b->path);
        free(b->tmp);
        b->path = b->tmp = NULL;
        return false;
    }
    b->cleanup = mo_cleanup_file(b->tmp);
    return true;
}

/* Close b's temporary and, when keep, rename it into place (else remove it); 0 or 1 after an error
 * (reported). */
static int beside_close(beside *b, bool keep)
{
    if (!b->tmp)
        return 0;
    int rc = b->f && fclose(b->f) != 0;
    b->f = NULL;
    if (keep && !rc && (chmod(b->tmp, 0644) != 0 || rename(b->tmp, b->path) != 0))
        rc = 1;
    if (keep && rc)
        fprintf(stderr, "mo2c: error: cannot write '%s': %s\n", b->path, strerror(errno));
    if (!keep || rc)
        remove(b->tmp);
    mo_cleanup_forget(b->cleanup);
    free(b->path);
    free(b->tmp);
    b->path = b->tmp = NULL;
    return keep ? rc : 0;
}

static const char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? mo_strndup(path, (size_t)(slash - path)) : ".";
}

static mo_libpath make_libpath(const options *o, const char *argv0)
{
    MO_VEC(const char *) dirs = {0};
    for (int i = 0; i < o->libdirs.n; i++)
        MO_PUSH(dirs, o->libdirs.v[i]);
    const char *mp = getenv("MODELICAPATH");
    if (mp) {
        const char *p = mp;
        while (*p) {
            const char *q = strchr(p, ':');
            size_t n = q ? (size_t)(q - p) : strlen(p);
            if (n)
                MO_PUSH(dirs, mo_strndup(p, n));
            p += n + (q ? 1 : 0);
        }
    }
    /* the bundled library, relative to the real executable */
    char exe[4096];
    ssize_t n = -1;
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    const char *exedir = n > 0 ? (exe[n] = '\0', dir_of(exe)) : dir_of(argv0);
    /* spelled without "..": locations in messages and in the emitted C read
     * /usr/local/share/mo2c/models/..., not /usr/local/bin/../share/mo2c/models/... (and the front end
     * makes a directory below the working directory relative) */
    const char *bundled[2] = {mo_sprintf("%s/../models", exedir), mo_sprintf("%s/../share/mo2c/models", exedir)};
    for (int i = 0; i < 2; i++) {
        char real[PATH_MAX];
        MO_PUSH(dirs, realpath(bundled[i], real) ? mo_strdup(real) : bundled[i]);
    }
    mo_libpath lp = {dirs.n, dirs.v};
    return lp;
}

/* Is arg a dotted class name (A.B.C, identifiers only, quoted ones too: P.'a.b') rather than a file?
 * A file is named with a .mo ending or as a path (a '/' makes arg no class name). A file in the working
 * directory that happens to bear the name (the simulator First built there earlier, or one named
 * Modelica.X.First) does not turn the name into a file: it is not Modelica text, and reading it would
 * fail with a lexical error far from the cause (load.c notes the file when the class is not found). */
static bool is_class_name(const char *arg)
{
    const char *p = arg;
    for (;;) {
        if (*p == '\'') {
            for (p++; *p && *p != '\''; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (*p++ != '\'')
                return false;
            if (*p == '\0')
                return true;
            if (*p++ != '.')
                return false;
            continue;
        }
        if (!(*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
            return false;
        while (*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
            p++;
        if (*p == '\0')
            return strcmp(p - 3 >= arg ? p - 3 : arg, ".mo") != 0;
        if (*p++ != '.')
            return false;
    }
}

static int mo2c_main_thread_body(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "regress") == 0)
        return mo_regress_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "plot") == 0)
        return mo_plot_main(argc - 1, argv + 1);
    options o = {0};
    o.units = MO_UNITS_WARN;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("mo2c %s\n", MO2C_VERSION);
            return 0;
        } else if (strcmp(a, "--flat") == 0) {
            o.mode = MODE_FLAT;
        } else if (strcmp(a, "--parse") == 0) {
            o.mode = MODE_PARSE;
        } else if (strcmp(a, "--emit-c") == 0) {
            o.mode = MODE_EMIT_C;
        } else if (strcmp(a, "--stats") == 0) {
            o.stats = true;
        } else if (strncmp(a, "--units=", 8) == 0) {
            const char *m = a + 8;
            o.units_given = true;
            if (!strcmp(m, "warn"))
                o.units = MO_UNITS_WARN;
            else if (!strcmp(m, "error"))
                o.units = MO_UNITS_ERROR;
            else if (!strcmp(m, "off"))
                o.units = MO_UNITS_OFF;
            else {
                fprintf(stderr, "mo2c: error: unknown --units value '%s' (warn, error, off)\n", m);
                return 1;
            }
        } else if (strcmp(a, "--no-clone") == 0) {
            mo_clone_disable();
        } else if (strcmp(a, "--no-loops") == 0) {
            mo_codegen_no_loops();
        } else if (strcmp(a, "--state-sets") == 0 || strcmp(a, "--no-state-sets") == 0) {
            mo_dae_state_sets(a[2] != 'n');
        } else if (strncmp(a, "--dump=", 7) == 0) {
            o.dump = a + 7;
            /* checked here, before any work: a misspelt stage must not run the whole analysis */
            if (strcmp(o.dump, "dae") && strcmp(o.dump, "match") && strcmp(o.dump, "blt")) {
                fprintf(stderr, "mo2c: error: unknown --dump value '%s' (dae, match, blt)\n", o.dump);
                return 1;
            }
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "-L") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mo2c: error: %s needs an argument\n", a);
                return 1;
            }
            if (a[1] == 'o')
                o.output = argv[++i];
            else
                MO_PUSH(o.libdirs, argv[++i]);
        } else if (strncmp(a, "-L", 2) == 0) {
            MO_PUSH(o.libdirs, a + 2);
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "mo2c: error: unknown option '%s'\n", a);
            usage(stderr);
            return 1;
        } else if (!o.file) {
            o.file = a;
        } else if (!o.model) {
            o.model = a;
        } else {
            fprintf(stderr, "mo2c: error: unexpected argument '%s'\n", a);
            usage(stderr);
            return 1;
        }
    }
    if (!o.file) {
        usage(stderr);
        return 1;
    }
    if (!o.model && o.mode != MODE_PARSE && is_class_name(o.file)) {
        /* mo2c Modelica.Mechanics.Rotational.Examples.First: a model from the library path */
        o.model = o.file;
        o.file = NULL;
    }
    mo_stats_start(o.stats);
    build_job job = {0};
    int rc = run_pipeline(&o, argv[0], &job);
    if (mo_error_count() > 0)
        rc = 1;
    mo_arena_free_all();
    if (job.c_file) {
        if (rc == 0) {
            rc = mo_build_executable_stats(job.c_file, job.exe, argv[0], o.stats);
            mo_stats_stage("cc");
        }
        bool keep = rc == 0 && !job.info_failed;
        if (job.info_failed)
            rc = 1;
        for (int i = 0; i < 2; i++)
            rc |= beside_close(&job.info[i], keep);
        remove(job.c_file);
        mo_cleanup_forget(job.c_cleanup);
        free(job.c_file);
        free(job.exe);
    }
    return rc;
}

/* Walkers over one expression tree recurse as deep as the tree, and the parser admits trees up to
 * MO_MAX_EXPR_DEPTH high (long operator chains that tools write). The compiler therefore runs on a thread
 * whose stack is large enough for that; the memory is reserved, and only touched when used. */
enum { MO2C_STACK_BYTES = 1 << 30 };

typedef struct main_args { int argc; char **argv; int rc; } main_args;

static void *main_thread(void *p)
{
    main_args *m = p;
    m->rc = mo2c_main_thread_body(m->argc, m->argv);
    return NULL;
}

/* Standard output (the listings, --help) must have reached its file: a full disk or a closed stdout
 * is an error, not a silent exit status 0. */
static int check_stdout(int rc)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return rc;
    /* errno is the main thread's: a write that failed in a printer thread (flatprint_threads.c) left
     * its reason there */
    fprintf(stderr, "mo2c: error: cannot write the standard output%s%s\n", errno ? ": " : "",
            errno ? strerror(errno) : "");
    return 1;
}

int main(int argc, char **argv)
{
    main_args m = {argc, argv, 1};
    mo_cleanup_install();
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, MO2C_STACK_BYTES) != 0 ||
        pthread_create(&thread, &attr, main_thread, &m) != 0)
        return check_stdout(mo2c_main_thread_body(argc, argv)); /* no thread: the default stack still
                                                                  serves most models */
    pthread_attr_destroy(&attr);
    pthread_join(thread, NULL);
    return check_stdout(m.rc);
}
