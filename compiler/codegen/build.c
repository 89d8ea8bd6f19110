/*
 * build.c - turning the generated C file into a simulator executable.
 *
 * Input: the C file written by mo_codegen, the executable's path, and argv[0] of mo2c (to find the
 * runtime). Output: the executable, or non-zero after reporting why not.
 *
 * The runtime (libmo2crt.a and mo2c_rt.h) is looked for beside the real mo2c executable
 * (/proc/self/exe, else argv[0]): in the build tree as <dir>/libmo2crt.a with <dir>/../runtime, in an
 * installed tree as <dir>/../lib/mo2c/libmo2crt.a with <dir>/../include/mo2c. The C compiler is $CC
 * (default cc; split at blanks so that CC="gcc -m64" works), run with fork/execvp: no shell, so paths
 * with spaces or quotes are passed as they are. Nothing is left behind but the executable (objects of
 * a parted build go to a temporary directory, removed after the link).
 *
 * Memory: this file uses malloc, never the arena, so that main.c can release the arena (hundreds of MB
 * for a large model) before the C compiler runs.
 *
 * One compilation or several: a file whose header says "MO2C_PARTS = K" (codegen_write.c, for files
 * above MO_CG_PART_BYTES) is compiled K times, with -DMO2C_PART=k, as many at a time as there are cores
 * and memory for (gcc takes about 40 bytes per byte of C at -O1), then the objects are linked. Each
 * compilation has at most MO_CG_PART_BYTES of parts, so its memory is bounded whatever the model.
 *
 * Optimization: -O1 for a file compiled whole. The code of a large model is straight-line arithmetic
 * cut into parts (codegen_split.c), which -O1 makes as fast as -O2 (measured on the 1000-unit chain of
 * bench/gen_chain.sh: the simulator ran 0.34 s either way) while the C compiler takes half the time (9.5 s
 * instead of 16 s of CPU); both grow linearly with the model. The MSL's examples (bench/msl_examples.sh)
 * agree: their simulators ran as fast at -O1 as at -O2 (ThyristorBehaviourTest 12.9 s against 13.0 s
 * of CPU, OvervoltageProtection 5.73 against 5.74) and the C compiler took a quarter less (0.116 s
 * against 0.142 s median), while -O0 would save another quarter of that and make runs 1.1 to 1.9 times
 * slower (ThyristorBehaviourTest 16.4 s, PreLoad 0.77 s against 0.40).
 * A parted file gets -O1 too, up to MO_BUILD_O0_BYTES, and -O0 beyond. Measured on the 10^4-unit array
 * chain (bench/gen_chain_array.sh, 99 MB of C in 4 sections, on 2 loaded cores): -O0 compiles in 75 s
 * of CPU against 146 s for -O1, and its simulator takes 1.9 times as long per step (0.1 s of rkf45:
 * 1.32 s against 0.70 s of CPU; every intermediate value is stored and reloaded). gcc does about 12000
 * lines of this straight-line code per second at -O0, half that at -O1, so a file of close to 1 GB
 * (the 10^5-unit chain) would take 25 minutes of CPU at -O1 and half of it at -O0: there, being able
 * to simulate at all within minutes is worth more than the factor 2 on each step.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "stats.h"
#include "codegen.h"
#include "dae.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <dirent.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

/* gcc's peak memory per byte of generated C at -O1 (2.6 GB for the 89.5 MB of the 10^4 chain, with
 * margin): how many sections may be compiled at once. */
#define MO_BUILD_BYTES_PER_BYTE 40
/* Parted files above this size are compiled with -O0 (see above): the 10^4-unit array chain's 99 MB
 * keep -O1, the 10^5-unit one's 1 GB get -O0. */
#define MO_BUILD_O0_BYTES (256LL << 20)

/* ---- malloc'ed strings and argument vectors (the arena may be gone) ----
 * Every block this file allocates is recorded in `owned` and released together by owned_free() when a
 * build is over, so that the few strings and vectors of a build need no bookkeeping of their own. */
static void **owned;
static int nowned, capowned;

static _Noreturn void out_of_memory(void)
{
    fputs("mo2c: error: out of memory\n", stderr);
    exit(1);
}

static void *own(void *p)
{
    if (!p)
        out_of_memory();
    if (nowned == capowned) {
        int nc = capowned ? 2 * capowned : 64;
        void **n = realloc(owned, sizeof *owned * (size_t)nc);
        if (!n)
            out_of_memory();
        owned = n;
        capowned = nc;
    }
    owned[nowned++] = p;
    return p;
}

static void owned_free(void)
{
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    free(owned);
    owned = NULL;
    nowned = capowned = 0;
}

static char *xsprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xsprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = own(malloc((size_t)n + 1));
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

typedef struct argv_t { char **v; int n, cap; } argv_t;

/* What the external functions of a file add to the C compiler's arguments (ext_args_of). */
typedef struct ext_args { argv_t cflags, ldflags; bool msl; } ext_args;

static void arg_push(argv_t *a, char *s)
{
    if (a->n + 1 >= a->cap) {
        a->cap = a->cap ? 2 * a->cap : 32;
        a->v = realloc(a->v, sizeof *a->v * (size_t)a->cap);
        if (!a->v) {
            fputs("mo2c: error: out of memory\n", stderr);
            exit(1);
        }
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? xsprintf("%.*s", (int)(slash - path), path) : xsprintf(".");
}

/* The directory of the running executable (/proc/self/exe), else of argv0. */
static char *exe_dir(const char *argv0)
{
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = '\0';
        return dir_of(buf);
    }
    return dir_of(argv0);
}

/* Find the runtime library and header directory beside the real executable, then beside argv0 (which
 * differs when mo2c's objects are linked into another program, as the unit tests do); false when
 * neither layout is there. */
static bool find_runtime(const char *argv0, char **lib, char **inc)
{
    char *dirs[2] = {exe_dir(argv0), dir_of(argv0)};
    for (int d = 0; d < 2; d++) {
        const char *dir = dirs[d];
        char *cand[2][2] = {
            {xsprintf("%s/libmo2crt.a", dir), xsprintf("%s/../runtime", dir)},
            {xsprintf("%s/../lib/mo2c/libmo2crt.a", dir), xsprintf("%s/../include/mo2c", dir)},
        };
        for (int i = 0; i < 2; i++) {
            char *h = xsprintf("%s/mo2c_rt.h", cand[i][1]);
            bool ok = file_exists(cand[i][0]) && file_exists(h);
            if (ok) {
                *lib = cand[i][0];
                *inc = cand[i][1];
                return true;
            }
        }
    }
    return false;
}

/* $CC split at blanks. */
static void cc_words(argv_t *a)
{
    const char *cc = getenv("CC");
    if (!cc || !*cc)
        cc = "cc";
    for (const char *p = cc; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *q = p;
        while (*q && *q != ' ' && *q != '\t')
            q++;
        if (q > p)
            arg_push(a, xsprintf("%.*s", (int)(q - p), p));
        p = q;
    }
    if (a->n == 0)
        arg_push(a, xsprintf("cc"));
}

/* The number of sections from the file's header ("MO2C_PARTS = K"), 1 when it has none. */
static int file_parts(const char *c_file)
{
    FILE *f = fopen(c_file, "r");
    if (!f)
        return 1;
    char head[4096];
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    const char *end = strstr(head, "*/");
    const char *p = strstr(head, "MO2C_PARTS = ");
    if (!p || (end && p > end))
        return 1;
    int k = atoi(p + strlen("MO2C_PARTS = "));
    return k > 1 ? k : 1;
}

static pid_t start(char **args)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        mo_error_plain("cannot start the C compiler '%s': %s", args[0], strerror(errno));
        return -1;
    }
    if (pid == 0) {
        execvp(args[0], args);
        fprintf(stderr, "mo2c: error: cannot run the C compiler '%s': %s\n", args[0], strerror(errno));
        _exit(127);
    }
    return pid;
}

/* A job: the child process and its registration with cleanup.c (a stop signal sends it SIGTERM). */
typedef struct job { pid_t pid; int id; double t0; int cleanup; } job;

static job start_job(char **args, int id)
{
    job j = {start(args), id, mo_stats_now(), -1};
    if (j.pid > 0)
        j.cleanup = mo_cleanup_child(j.pid);
    return j;
}

/* Report a compilation that failed; 0 when status is success. */
static int check_status(int status, const char *cc)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        mo_error_plain("the C compiler '%s' could not be run", cc);
    else if (WIFEXITED(status))
        mo_error_plain("the C compiler '%s' failed on the generated code (exit status %d)", cc,
                       WEXITSTATUS(status));
    else
        mo_error_plain("the C compiler '%s' was killed by signal %d", cc, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return 1;
}

/* Wait for one of the jobs; fills status and its index into jobs; -1 after an error. */
static int wait_one(job *jobs, int njobs, int *status, struct rusage *ru)
{
    for (;;) {
        pid_t pid = wait4(-1, status, 0, ru);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            mo_error_plain("waiting for the C compiler failed: %s", strerror(errno));
            return -1;
        }
        for (int i = 0; i < njobs; i++)
            if (jobs[i].pid == pid) {
                mo_cleanup_forget(jobs[i].cleanup);
                return i;
            }
    }
}

static void stats_line(bool stats, const char *what, double wall, const struct rusage *ru)
{
    if (!stats)
        return;
    double cpu = (double)ru->ru_utime.tv_sec + 1e-6 * (double)ru->ru_utime.tv_usec +
                 (double)ru->ru_stime.tv_sec + 1e-6 * (double)ru->ru_stime.tv_usec;
    fprintf(stderr, "mo2c: stats: cc %-12s %9.4f s wall  %9.4f s cpu  %7.1f MB peak\n", what, wall, cpu,
            (double)ru->ru_maxrss / 1024);
}

/* Run one command to its end. */
static int run_one(char **args, bool stats, const char *what)
{
    job j = start_job(args, 0);
    if (j.pid < 0)
        return 1;
    int status;
    struct rusage ru;
    if (wait_one(&j, 1, &status, &ru) < 0)
        return 1;
    stats_line(stats, what, mo_stats_now() - j.t0, &ru);
    return check_status(status, args[0]);
}

/* How many of k sections of a file of size bytes to compile at once: the cores, and the memory. */
static int parallel_jobs(int k, long long bytes)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    int jobs = cores > 0 ? (int)cores : 1;
    if (pages > 0 && page > 0) {
        long long need = MO_BUILD_BYTES_PER_BYTE * (bytes / k + 1);
        long long fit = (long long)pages * page / need;
        if (fit < jobs)
            jobs = fit > 0 ? (int)fit : 1;
    }
    return jobs < k ? jobs : k;
}

/* The parted build: sections compiled in parallel into dir, then linked. */
static int build_parts(const argv_t *cc, const char *c_file, const char *exe, const char *lib, const char *inc,
                       int k, long long bytes, bool stats, const ext_args *x)
{
    const char *tmpdir = getenv("TMPDIR");
    char *dir = xsprintf("%s/mo2c-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) {
        mo_error_plain("cannot create a temporary directory in '%s': %s", tmpdir && *tmpdir ? tmpdir : "/tmp",
                       strerror(errno));
        return 1;
    }
    int dir_cleanup = mo_cleanup_dir(dir);
    char **obj = own(calloc((size_t)k, sizeof *obj));
    int *obj_cleanup = own(calloc((size_t)k, sizeof *obj_cleanup));
    int njobs = parallel_jobs(k, bytes), running = 0, next = 0, rc = 0;
    job *jobs = own(calloc((size_t)njobs, sizeof *jobs));
    const char *opt = bytes > MO_BUILD_O0_BYTES ? "-O0" : "-O1";
    if (stats)
        fprintf(stderr, "mo2c: stats: cc %d sections, %d at a time, %s\n", k, njobs, opt);
    while ((next < k && rc == 0) || running > 0) {
        if (next < k && rc == 0 && running < njobs) {
            obj[next] = xsprintf("%s/part%d.o", dir, next);
            obj_cleanup[next] = mo_cleanup_file(obj[next]);
            argv_t a = {0};
            for (int i = 0; i < cc->n; i++)
                arg_push(&a, cc->v[i]);
            char *fixed[] = {"-std=c11", (char *)opt, "-c", "-I", (char *)inc, xsprintf("-DMO2C_PART=%d", next),
                             "-o", obj[next], "-x", "c", (char *)c_file};
            for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
                arg_push(&a, fixed[i]);
            for (int i = 0; i < x->cflags.n; i++)
                arg_push(&a, x->cflags.v[i]);
            int slot = 0;
            while (jobs[slot].pid > 0)
                slot++;
            jobs[slot] = start_job(a.v, next);
            free(a.v);
            if (jobs[slot].pid < 0) {
                jobs[slot].pid = 0;
                rc = 1;
            } else {
                running++;
            }
            next++;
            continue;
        }
        int status;
        struct rusage ru;
        int i = wait_one(jobs, njobs, &status, &ru);
        if (i < 0) {
            rc = 1;
            break;
        }
        char what[32];
        snprintf(what, sizeof what, "section %d", jobs[i].id);
        stats_line(stats, what, mo_stats_now() - jobs[i].t0, &ru);
        if (check_status(status, cc->v[0]) != 0)
            rc = 1; /* the sections running are waited for; no new one starts */
        jobs[i].pid = 0;
        running--;
    }
    if (rc == 0) {
        argv_t a = {0};
        for (int i = 0; i < cc->n; i++)
            arg_push(&a, cc->v[i]);
        arg_push(&a, "-o");
        arg_push(&a, (char *)exe);
        for (int i = 0; i < k; i++)
            arg_push(&a, obj[i]);
        for (int i = 0; i < x->ldflags.n; i++)
            arg_push(&a, x->ldflags.v[i]);
        char *libs[] = {(char *)lib, "-lgsl", "-lgslcblas", "-lm"};
        for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
            arg_push(&a, libs[i]);
        rc = run_one(a.v, stats, "link");
        free(a.v);
    }
    for (int i = 0; i < k; i++)
        if (obj[i]) {
            remove(obj[i]); /* only our own objects, in our own directory */
            mo_cleanup_forget(obj_cleanup[i]);
        }
    rmdir(dir);
    mo_cleanup_forget(dir_cleanup);
    return rc;
}

/* ---- what external functions need (the header lines of codegen_fnext.c) ----
 * MO2C_INCLUDE_DIR d: -I d; MO2C_LIBRARY_DIR d: -L d and -Wl,-rpath,d (a shared library is found when
 * the simulator runs); MO2C_LIBRARY name: -lname, or, for a library of the Modelica Standard Library
 * when MO2C_MSL_SOURCES names its C sources, an archive built from them and cached. The libraries go
 * before the runtime on the link line: they call ModelicaUtilities.h's functions, which it defines. */

/* The sources of the MSL's libraries (Resources/C-Sources/readme.txt), relative to the sources'
 * directory; "zlib/" stands for every .c file there. A file a version lacks is skipped. */
static const char *const msl_sources[][5] = {
    {"ModelicaExternalC", "ModelicaFFT.c", "ModelicaInternal.c", "ModelicaRandom.c", "ModelicaStrings.c"},
    {"ModelicaIO", "ModelicaIO.c", NULL, NULL, NULL},
    {"ModelicaMatIO", "ModelicaMatIO.c", "snprintf.c", NULL, NULL},
    {"ModelicaStandardTables", "ModelicaStandardTables.c", "ModelicaStandardTablesUsertab.c", NULL, NULL},
    {"zlib", "zlib/", NULL, NULL, NULL},
};
/* The C compiler's arguments for them: zlib for MAT files, the dummy usertab (a weak symbol: tables are
 * given in the model or read from files), the compiler's default dialect (the sources use POSIX
 * functions), no warnings (the code is the library's, not mo2c's); tmpnam and mktemp, which make the
 * linker warn, replaced by the runtime's mo2c_msl_tmpnam and mo2c_msl_mktemp (external.c).
 * HASH_FUNCTION: ModelicaStrings.c leaves uthash's hash to the build (HASH_AP unless it is defined), and
 * Strings.hashString gives the noise blocks their automatic local seed (hashString(getInstanceName())).
 * Jenkins' HASH_JEN, uthash's own default, is the one Dymola's library uses: the MAP-LIB reference of
 * Blocks.Examples.Noise.DrydenContinuousTurbulence draws with the seed 1653520918, its hash of
 * "DrydenContinuousTurbulence.whiteNoise", so that the same model draws the same noise here. */
static const char *const msl_cflags[] = {"-O2", "-w", "-DHAVE_ZLIB=1", "-DNDEBUG", "-DDUMMY_FUNCTION_USERTAB=1",
                                         "-Dtmpnam=mo2c_msl_tmpnam", "-Dmktemp=mo2c_msl_mktemp",
                                         "-DHASH_FUNCTION=HASH_JEN"};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ULL;
    return h;
}

/* h updated with the bytes of the file at path (false when it cannot be read). */
static bool hash_file(uint64_t *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        *h = fnv(*h, buf, n);
    fclose(f);
    *h = fnv(*h, path, strlen(path) + 1);
    return true;
}

/* The files of dir whose names end in ext, sorted (the hash must not depend on the directory's order). */
static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void files_with(const char *dir, const char *ext, argv_t *out)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    int from = out->n;
    for (struct dirent *e; (e = readdir(dp));) {
        size_t n = strlen(e->d_name), m = strlen(ext);
        if (n > m && !strcmp(e->d_name + n - m, ext))
            arg_push(out, xsprintf("%s/%s", dir, e->d_name));
    }
    closedir(dp);
    mo_qsort(out->v + from, (size_t)(out->n - from), sizeof *out->v, cmp_str);
}

/* The cache directory ($XDG_CACHE_HOME/mo2c, else ~/.cache/mo2c), made when missing; NULL after an error. */
static char *cache_dir(void)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char *base = xdg && *xdg ? xsprintf("%s", xdg) : home && *home ? xsprintf("%s/.cache", home) : NULL;
    if (!base) {
        mo_error_plain("no cache directory for the Modelica Standard Library's C code: set XDG_CACHE_HOME or HOME");
        return NULL;
    }
    char *dir = xsprintf("%s/mo2c", base);
    mkdir(base, 0777);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        mo_error_plain("cannot create the cache directory '%s': %s", dir, strerror(errno));
        return NULL;
    }
    return dir;
}

/* The archive of MSL library k built from the sources in src: from the cache, keyed by the sources,
 * their headers, the C compiler and its arguments; built (in a temporary directory, then renamed into
 * place, so that builds running at once never see half an archive) when missing. NULL after an error. */
static char *msl_archive(int k, const char *src, const argv_t *cc, bool stats)
{
    argv_t files = {0}, headers = {0};
    for (int i = 1; i < 5 && msl_sources[k][i]; i++) {
        const char *f = msl_sources[k][i];
        if (f[strlen(f) - 1] == '/')
            files_with(xsprintf("%s/%.*s", src, (int)strlen(f) - 1, f), ".c", &files);
        else if (file_exists(xsprintf("%s/%s", src, f)))
            arg_push(&files, xsprintf("%s/%s", src, f));
    }
    files_with(src, ".h", &headers);
    files_with(xsprintf("%s/zlib", src), ".h", &headers);
    uint64_t h = fnv(1469598103934665603ULL, MO2C_GEN_VERSION, sizeof MO2C_GEN_VERSION);
    for (int i = 0; i < cc->n; i++)
        h = fnv(h, cc->v[i], strlen(cc->v[i]) + 1);
    for (size_t i = 0; i < sizeof msl_cflags / sizeof msl_cflags[0]; i++)
        h = fnv(h, msl_cflags[i], strlen(msl_cflags[i]) + 1);
    bool ok = files.n > 0;
    for (int i = 0; ok && i < files.n; i++)
        ok = hash_file(&h, files.v[i]);
    for (int i = 0; ok && i < headers.n; i++)
        ok = hash_file(&h, headers.v[i]);
    char *dir = ok ? cache_dir() : NULL;
    char *lib = dir ? xsprintf("%s/%s-%016llx.a", dir, msl_sources[k][0], (unsigned long long)h) : NULL;
    if (!ok)
        mo_error_plain("cannot read the C sources of library '%s' in '%s'", msl_sources[k][0], src);
    if (!lib || file_exists(lib)) {
        free(files.v);
        free(headers.v);
        return lib;
    }
    char *tmp = xsprintf("%s/build-XXXXXX", dir);
    if (!mkdtemp(tmp)) {
        mo_error_plain("cannot create a directory in '%s': %s", dir, strerror(errno));
        return NULL;
    }
    int tmp_cleanup = mo_cleanup_dir(tmp);
    argv_t ar = {0}, objs = {0};
    const char *arcmd = getenv("AR");
    arg_push(&ar, xsprintf("%s", arcmd && *arcmd ? arcmd : "ar"));
    arg_push(&ar, "rcs");
    char *out = xsprintf("%s/lib.a", tmp);
    arg_push(&ar, out);
    int rc = 0;
    for (int i = 0; rc == 0 && i < files.n; i++) {
        argv_t a = {0};
        for (int j = 0; j < cc->n; j++)
            arg_push(&a, cc->v[j]);
        for (size_t j = 0; j < sizeof msl_cflags / sizeof msl_cflags[0]; j++)
            arg_push(&a, (char *)msl_cflags[j]);
        char *obj = xsprintf("%s/%d.o", tmp, i);
        char *fixed[] = {"-I", (char *)src, "-I", xsprintf("%s/zlib", src), "-c", "-o", obj, files.v[i]};
        for (size_t j = 0; j < sizeof fixed / sizeof fixed[0]; j++)
            arg_push(&a, fixed[j]);
        arg_push(&objs, obj);
        arg_push(&ar, obj);
        rc = run_one(a.v, stats, msl_sources[k][0]);
        free(a.v);
    }
    if (rc == 0)
        rc = run_one(ar.v, stats, "ar");
    if (rc == 0 && rename(out, lib) != 0) {
        mo_error_plain("cannot write '%s': %s", lib, strerror(errno));
        rc = 1;
    }
    if (rc != 0)
        mo_error_plain("building library '%s' from the C sources in '%s' failed", msl_sources[k][0], src);
    for (int i = 0; i < objs.n; i++)
        remove(objs.v[i]);   /* our own objects, in our own directory */
    remove(out);
    rmdir(tmp);
    mo_cleanup_forget(tmp_cleanup);
    free(objs.v);
    free(ar.v);
    free(files.v);
    free(headers.v);
    return rc == 0 ? lib : NULL;
}

/* The arguments the header of c_file asks for; false after an error. */
static bool ext_args_of(const char *c_file, const argv_t *cc, ext_args *x, bool stats)
{
    FILE *f = fopen(c_file, "r");
    if (!f)
        return true;   /* the compiler reports it */
    char line[8192];
    char *sources = NULL;
    argv_t libs = {0};
    while (fgets(line, sizeof line, f) && !strstr(line, "*/")) {
        line[strcspn(line, "\n")] = '\0';
        const char *tags[] = {" * MO2C_INCLUDE_DIR ", " * MO2C_LIBRARY_DIR ", " * MO2C_LIBRARY ", " * MO2C_MSL_SOURCES "};
        int t = 0;
        while (t < 4 && strncmp(line, tags[t], strlen(tags[t])))
            t++;
        if (t == 4)
            continue;
        char *arg = xsprintf("%s", line + strlen(tags[t]));
        if (t == 0) {
            arg_push(&x->cflags, "-I");
            arg_push(&x->cflags, arg);
        } else if (t == 1) {
            arg_push(&x->ldflags, xsprintf("-L%s", arg));
            arg_push(&x->ldflags, xsprintf("-Wl,-rpath,%s", arg));
        } else if (t == 2) {
            arg_push(&libs, arg);
        } else {
            sources = arg;
        }
    }
    fclose(f);
    bool ok = true;
    for (int i = 0; ok && i < libs.n; i++) {
        int k = 0;
        while (k < (int)(sizeof msl_sources / sizeof msl_sources[0]) && strcmp(libs.v[i], msl_sources[k][0]))
            k++;
        if (k == (int)(sizeof msl_sources / sizeof msl_sources[0]) || !sources) {
            arg_push(&x->ldflags, xsprintf("-l%s", libs.v[i]));
            continue;
        }
        char *a = msl_archive(k, sources, cc, stats);
        if (a)
            arg_push(&x->ldflags, a);
        ok = a != NULL;
        x->msl = true;
    }
    if (x->msl)
        arg_push(&x->ldflags, "-pthread");
    free(libs.v);
    return ok;
}

static int build_to(const char *c_file, const char *exe, const char *argv0, bool stats);

/* The C compiler writes the executable under a temporary name beside it, renamed into place only when
 * the build succeeded: a failed or interrupted build leaves the previous simulator as it was and no
 * partial file. A special file (say /dev/null) is written directly and never replaced. */
int mo_build_executable_stats(const char *c_file, const char *exe, const char *argv0, bool stats)
{
    struct stat st;
    if (stat(exe, &st) == 0 && !S_ISREG(st.st_mode)) {
        int rc = build_to(c_file, exe, argv0, stats);
        owned_free();
        return rc;
    }
    size_t n = strlen(exe) + 40;
    char *tmp = malloc(n);
    if (!tmp) {
        mo_error_plain("out of memory");
        return 1;
    }
    snprintf(tmp, n, "%s.mo2c-tmp-%ld", exe, (long)getpid());
    int cleanup = mo_cleanup_file(tmp);
    int rc = build_to(c_file, tmp, argv0, stats);
    if (rc == 0 && rename(tmp, exe) != 0) {
        mo_error_plain("cannot write '%s': %s", exe, strerror(errno));
        rc = 1;
    }
    if (rc != 0)
        remove(tmp); /* only ever our own temporary */
    mo_cleanup_forget(cleanup);
    free(tmp);
    owned_free();
    return rc;
}

/* The arguments after $CC that compile a whole file: the C file's header shows them too. */
static void whole_args(argv_t *a, const char *c_file, const char *exe, char *lib, char *inc, long long bytes,
                       const ext_args *x)
{
    (void)bytes; /* one level whatever the size (see the top of the file) */
    char *fixed[] = {"-std=c11", "-O1", "-I", inc};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        arg_push(a, fixed[i]);
    for (int i = 0; i < x->cflags.n; i++)
        arg_push(a, x->cflags.v[i]);
    char *files[] = {"-o", (char *)exe, "-x", "c", (char *)c_file, "-x", "none"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        arg_push(a, files[i]);
    for (int i = 0; i < x->ldflags.n; i++)
        arg_push(a, x->ldflags.v[i]);
    char *libs[] = {lib, "-lgsl", "-lgslcblas", "-lm"};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
        arg_push(a, libs[i]);
}

const char *mo_build_command_line(const char *argv0, const char *c_file, const char *exe, long long bytes)
{
    char *lib, *inc;
    if (!find_runtime(argv0, &lib, &inc)) {
        owned_free();
        return NULL;
    }
    argv_t a = {0};
    cc_words(&a);
    ext_args none = {0};   /* the file is being written: its external functions are not known yet */
    whole_args(&a, c_file, exe, lib, inc, bytes, &none);
    mo_buf b = {0};
    for (int i = 0; i < a.n; i++) {   /* shell words: quoted when they hold anything but safe bytes */
        const char *w = a.v[i];
        bool plain = *w != '\0' && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                             "_-+=./,:@%") == strlen(w);
        mo_buf_puts(&b, i ? " " : "");
        if (plain) {
            mo_buf_puts(&b, w);
            continue;
        }
        mo_buf_puts(&b, "'");
        for (const char *p = w; *p; p++)
            mo_buf_puts(&b, *p == '\'' ? "'\\''" : (char[2]){*p, 0});
        mo_buf_puts(&b, "'");
    }
    free(a.v);
    owned_free();
    return mo_buf_str(&b);
}

static int build_to(const char *c_file, const char *exe, const char *argv0, bool stats)
{
    char *lib, *inc;
    if (!find_runtime(argv0, &lib, &inc)) {
        mo_error_plain("cannot find the mo2c runtime (libmo2crt.a and mo2c_rt.h) near '%s'", exe_dir(argv0));
        return 1;
    }
    argv_t cc = {0};
    cc_words(&cc);
    struct stat st;
    long long bytes = stat(c_file, &st) == 0 ? (long long)st.st_size : 0;
    int k = file_parts(c_file);
    ext_args x = {0};
    if (!ext_args_of(c_file, &cc, &x, stats)) {
        free(cc.v);
        return 1;
    }
    int rc;
    if (k > 1) {
        rc = build_parts(&cc, c_file, exe, lib, inc, k, bytes, stats, &x);
        free(cc.v);
    } else {
        argv_t a = cc;
        whole_args(&a, c_file, exe, lib, inc, bytes, &x);
        rc = run_one(a.v, stats, "whole");
        free(a.v);
    }
    free(x.cflags.v);
    free(x.ldflags.v);
    return rc;
}

int mo_build_executable(const char *c_file, const char *exe, const char *argv0)
{
    return mo_build_executable_stats(c_file, exe, argv0, false);
}
