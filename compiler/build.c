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
 * with spaces or quotes are passed as they are. Nothing is written but the executable (and whatever
 * the C compiler itself writes for it).
 *
 * Optimization: -O2, except -O1 for a generated file larger than MO_BUILD_O1_BYTES. The code of a large
 * model is straight-line arithmetic cut into parts (codegen_split.c), which -O1 makes as fast as -O2
 * (measured on the 1000-unit chain of bench/gen_chain.sh: the simulator ran 0.34 s either way) while the
 * C compiler takes half the time (9.5 s instead of 16 s of CPU); both grow linearly with the model.
 */
#include "dae.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* About 400 units of the chain of bench/gen_chain.sh; every model of the library is far smaller. */
#define MO_BUILD_O1_BYTES (4L << 20)

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? mo_strndup(path, (size_t)(slash - path)) : ".";
}

/* The directory of the running executable (/proc/self/exe), else of argv0. */
static const char *exe_dir(const char *argv0)
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
static bool find_runtime(const char *argv0, const char **lib, const char **inc)
{
    const char *dirs[2] = {exe_dir(argv0), dir_of(argv0)};
    for (int d = 0; d < 2; d++) {
        const char *dir = dirs[d];
        const char *cand[2][2] = {
            {mo_sprintf("%s/libmo2crt.a", dir), mo_sprintf("%s/../runtime", dir)},
            {mo_sprintf("%s/../lib/mo2c/libmo2crt.a", dir), mo_sprintf("%s/../include/mo2c", dir)},
        };
        for (int i = 0; i < 2; i++)
            if (file_exists(cand[i][0]) && file_exists(mo_sprintf("%s/mo2c_rt.h", cand[i][1]))) {
                *lib = cand[i][0];
                *inc = cand[i][1];
                return true;
            }
    }
    return false;
}

int mo_build_executable(const char *c_file, const char *exe, const char *argv0)
{
    const char *lib, *inc;
    if (!find_runtime(argv0, &lib, &inc)) {
        mo_error_plain("cannot find the mo2c runtime (libmo2crt.a and mo2c_rt.h) near '%s'", exe_dir(argv0));
        return 1;
    }
    const char *cc = getenv("CC");
    if (!cc || !*cc)
        cc = "cc";
    MO_VEC(char *) args = {0};
    for (const char *p = cc; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *q = p;
        while (*q && *q != ' ' && *q != '\t')
            q++;
        if (q > p)
            MO_PUSH(args, mo_strndup(p, (size_t)(q - p)));
        p = q;
    }
    if (args.n == 0)
        MO_PUSH(args, mo_strdup("cc"));
    struct stat st;
    const char *opt = stat(c_file, &st) == 0 && st.st_size > MO_BUILD_O1_BYTES ? "-O1" : "-O2";
    const char *fixed[] = {"-std=c11", opt, "-I", inc, "-o", exe, "-x", "c", c_file, "-x", "none", lib,
                           "-lgsl", "-lgslcblas", "-lm"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        MO_PUSH(args, mo_strdup(fixed[i]));
    MO_PUSH(args, NULL);

    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        mo_error_plain("cannot start the C compiler '%s': %s", args.v[0], strerror(errno));
        return 1;
    }
    if (pid == 0) {
        execvp(args.v[0], args.v);
        fprintf(stderr, "mo2c: error: cannot run the C compiler '%s': %s\n", args.v[0], strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            mo_error_plain("waiting for the C compiler failed: %s", strerror(errno));
            return 1;
        }
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        mo_error_plain("the C compiler '%s' could not be run", args.v[0]);
    else if (WIFEXITED(status))
        mo_error_plain("the C compiler '%s' failed on the generated code (exit status %d)", args.v[0],
                       WEXITSTATUS(status));
    else
        mo_error_plain("the C compiler '%s' was killed by signal %d", args.v[0],
                       WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return 1;
}
