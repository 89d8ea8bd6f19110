/*
 * guard.c - a run that crashes or is stopped keeps its results and says when and why.
 *
 * Input: the run's mo2c_data (for the time of the evaluation under way, mo2c_rt_state.now) and its
 * result writer. Output, when a signal arrives between mo2c_rt_guard_install and mo2c_rt_guard_remove:
 * the result file completed as it stands (results.c: the whole rows so far, MAT's column count
 * patched, so that any MAT v4 reader takes it), then on stderr
 *     error: at time 0.6125: the simulator crashed: invalid memory access or stack overflow (SIGSEGV)
 *     note: the result file 'M_res.csv' keeps the 3 points up to time 0.5
 * A fatal signal (SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGABRT: a fault in the model's code, such as a
 * function that calls itself without end) ends the process with status 1, the simulator's failure
 * status. A stopping signal (SIGINT, SIGTERM, SIGHUP, SIGXCPU from a CPU time limit) is raised again
 * with its default action after the report, so that a shell or `timeout` sees what stopped the run.
 * SIGALRM is -alarm's timer (set at install, cancelled at remove): the run ends like a crash, status 1.
 * SIGXFSZ (a file size limit) is ignored while guarded: the write then fails with EFBIG and the run
 * ends through the ordinary error path, which names the result file.
 *
 * The handler does only async-signal-safe things: write and pwrite (the writer's salvage), sigaction,
 * sigprocmask, raise, _exit. Reals are formatted by mo2c_rt_format_real, which is integer arithmetic
 * for every time a run meets (its printf fallback for extreme magnitudes does not allocate in glibc).
 * A stack overflow is handled on an alternate signal stack.
 *
 * Globals: the runtime keeps no state outside mo2c_data except here, because a signal handler reaches
 * the run only through static variables. One guarded run per process at a time (mo2c_main runs one).
 *
 * Built with -DMO2C_RT_NO_GUARD (the fuzzing build, Makefile), mo2c_rt_guard_install does nothing: there
 * the sanitizers' and the fuzzer's own handlers must see every fault.
 */
#define _XOPEN_SOURCE 700 /* sigaltstack, SA_ONSTACK */
#include "rt_internal.h"
#include "reraise.h"

#include <math.h>
#include <signal.h>
#include <sys/time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct guarded {
    int sig;
    int fatal;                 /* 1: exit status 1; 0: raised again with the default action */
    const char *what;
} guarded;

static const guarded signals[] = {
    {SIGSEGV, 1, "the simulator crashed: invalid memory access or stack overflow (SIGSEGV)"},
    {SIGFPE, 1, "the simulator crashed: arithmetic exception, such as an integer division by zero (SIGFPE)"},
    {SIGBUS, 1, "the simulator crashed: bus error (SIGBUS)"},
    {SIGILL, 1, "the simulator crashed: illegal instruction (SIGILL)"},
    {SIGABRT, 1, "the simulator crashed: aborted (SIGABRT)"},
    {SIGINT, 0, "the simulation was interrupted (SIGINT)"},
    {SIGTERM, 0, "the simulation was terminated (SIGTERM)"},
    {SIGHUP, 0, "the simulation was stopped: hangup (SIGHUP)"},
    {SIGXCPU, 0, "the simulation was stopped: CPU time limit exceeded (SIGXCPU)"},
    {SIGALRM, 1, "the simulation was stopped: the time limit of -alarm was reached"},
};
enum { NSIG_GUARDED = sizeof signals / sizeof signals[0], ALT_STACK_BYTES = 1 << 16 };

static mo2c_data *volatile g_data;
static mo2c_rt_writer *volatile g_writer;
static volatile sig_atomic_t g_busy;
static struct sigaction g_old[NSIG_GUARDED], g_old_xfsz;
static void *g_stack;
static int g_installed;
static int g_alarm;               /* -alarm's timer is set */

/* ---- output without stdio ---- */

static void out(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t k = write(STDERR_FILENO, s, n);
        if (k <= 0)
            return;
        s += k;
        n -= (size_t)k;
    }
}

static void out_real(double v)
{
    char buf[64];
    if (isnan(v)) {
        out("?");
        return;
    }
    buf[mo2c_rt_format_real(buf, v)] = '\0';
    out(buf);
}

static void out_long(long v)
{
    char buf[24], *p = buf + sizeof buf;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    *--p = '\0';
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    out(p);
}

/* ---- the handler ---- */

static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)si;
    (void)uc;
    int k = 0;
    while (k < NSIG_GUARDED && signals[k].sig != sig)
        k++;
    if (g_busy || k == NSIG_GUARDED) {   /* a fault inside the handler itself: die of it */
        signal(sig, SIG_DFL);
        return;                          /* a fault happens again at once, now with the default action */
    }
    g_busy = 1;
    mo2c_data *d = g_data;
    const mo2c_rt_writer *w = g_writer;
    int saved = mo2c_rt_writer_salvage(w);
    out("error: at time ");
    out_real(d && d->solver ? ((mo2c_rt_state *)d->solver)->now : NAN);
    out(": ");
    out(signals[k].what);
    out("\n");
    const char *path = mo2c_rt_writer_path(w);
    if (path) {
        double last;
        long rows = mo2c_rt_writer_rows(w, &last);
        out("note: the result file '");
        out(path);
        if (saved != 0) {
            out("' could not be completed\n");
        } else if (rows == 0) {
            out("' keeps no point\n");
        } else {
            out("' keeps the ");
            out_long(rows);
            out(rows == 1 ? " point" : " points");
            out(" up to time ");
            out_real(last);
            out("\n");
        }
    }
    if (signals[k].fatal)
        _exit(1);
    mo2c_reraise(sig);
    _exit(1);   /* not reached: every stopping signal's default action ends the process */
}

/* ---- install and remove ---- */

void mo2c_rt_guard_install(mo2c_data *d, double alarm_seconds)
{
#ifdef MO2C_RT_NO_GUARD
    (void)d;
    (void)alarm_seconds;
    return;
#endif
    if (g_installed)
        return;
    mo2c_rt_format_init();   /* the handler formats times: its tables are made here, not in a handler */
    g_data = d;
    g_writer = NULL;
    g_busy = 0;
    g_stack = malloc(ALT_STACK_BYTES);
    if (g_stack) {
        stack_t ss;
        memset(&ss, 0, sizeof ss);
        ss.ss_sp = g_stack;
        ss.ss_size = ALT_STACK_BYTES;
        if (sigaltstack(&ss, NULL) != 0) {
            free(g_stack);
            g_stack = NULL;
        }
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | (g_stack ? SA_ONSTACK : 0);
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < NSIG_GUARDED; k++)
        if (!signals[k].fatal)
            sigaddset(&sa.sa_mask, signals[k].sig);   /* no stop while the handler runs */
    for (int k = 0; k < NSIG_GUARDED; k++) {
        /* a stopping signal that the caller ignores (nohup, a background job's SIGINT) stays ignored */
        sigaction(signals[k].sig, NULL, &g_old[k]);
        if (!signals[k].fatal && g_old[k].sa_handler == SIG_IGN)
            continue;
        sigaction(signals[k].sig, &sa, NULL);
    }
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGXFSZ, &ign, &g_old_xfsz);
    g_installed = 1;
    if (alarm_seconds > 0.0) {   /* -alarm: wall time, fractions of a second too */
        struct itimerval it;
        memset(&it, 0, sizeof it);
        it.it_value.tv_sec = (time_t)alarm_seconds;
        it.it_value.tv_usec = (suseconds_t)((alarm_seconds - (double)it.it_value.tv_sec) * 1e6);
        if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
            it.it_value.tv_usec = 1;
        setitimer(ITIMER_REAL, &it, NULL);
        g_alarm = 1;
    }
}

void mo2c_rt_guard_writer(mo2c_rt_writer *w)
{
    g_writer = w;
}

void mo2c_rt_guard_remove(void)
{
    if (!g_installed)
        return;
    if (g_alarm) {
        struct itimerval off;
        memset(&off, 0, sizeof off);
        setitimer(ITIMER_REAL, &off, NULL);
        g_alarm = 0;
    }
    for (int k = 0; k < NSIG_GUARDED; k++)
        sigaction(signals[k].sig, &g_old[k], NULL);
    sigaction(SIGXFSZ, &g_old_xfsz, NULL);
    if (g_stack) {
        stack_t ss;
        memset(&ss, 0, sizeof ss);
        ss.ss_flags = SS_DISABLE;
        sigaltstack(&ss, NULL);
        free(g_stack);
        g_stack = NULL;
    }
    g_writer = NULL;
    g_data = NULL;
    g_installed = 0;
}
