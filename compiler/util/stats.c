/*
 * stats.c - the --stats stage report (stats.h).
 *
 * Needs: the arena's byte count (base.c). Guarantees: one line per mo_stats_stage call once started,
 * each covering the time since the previous one (or the start), so the lines add up to the whole run;
 * parsing, which happens lazily in whichever stage first needs a file, is shown inside that stage's line.
 * Costs two getrusage calls per stage and per parsed file.
 */
#include "stats.h"
#include "base.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

static struct {
    bool on;
    double t, cpu, child_cpu;      /* at the end of the previous stage */
    double parse_wall, parse_cpu;  /* parsing during the current stage */
    double pt, pcpu;               /* the current parse's start */
    int parse_depth;               /* a parse may load another file (nested begin/end) */
} st;

double mo_stats_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU seconds (user + system) of this process, or of its finished children. */
static double cpu_seconds(int who)
{
    struct rusage ru;
    if (getrusage(who, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
           1e-6 * (double)ru.ru_stime.tv_usec;
}

void mo_stats_start(bool on)
{
    st.on = on;
    st.t = mo_stats_now();
    st.cpu = cpu_seconds(RUSAGE_SELF);
    st.child_cpu = cpu_seconds(RUSAGE_CHILDREN);
}

void mo_stats_stage(const char *stage)
{
    if (!st.on)
        return;
    double t = mo_stats_now(), cpu = cpu_seconds(RUSAGE_SELF), child = cpu_seconds(RUSAGE_CHILDREN);
    struct rusage ru;
    long peak_kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
    fprintf(stderr, "mo2c: stats: %-12s %9.4f s  %9.1f MB arena  %9.4f s cpu  %7.1f MB peak", stage, t - st.t,
            (double)mo_arena_bytes() / 1e6, child > st.child_cpu ? child - st.child_cpu : cpu - st.cpu,
            (double)peak_kb / 1024);
    if (st.parse_wall > 0)
        fprintf(stderr, "  (parsing %.4f s, %.4f s cpu)", st.parse_wall, st.parse_cpu);
    fputc('\n', stderr);
    st.t = t;
    st.cpu = cpu;
    st.child_cpu = child;
    st.parse_wall = st.parse_cpu = 0;
}

void mo_stats_parse_begin(void)
{
    if (st.on && st.parse_depth++ == 0) {
        st.pt = mo_stats_now();
        st.pcpu = cpu_seconds(RUSAGE_SELF);
    }
}

void mo_stats_parse_end(void)
{
    if (st.on && --st.parse_depth == 0) {
        st.parse_wall += mo_stats_now() - st.pt;
        st.parse_cpu += cpu_seconds(RUSAGE_SELF) - st.pcpu;
    }
}

void mo_stats_count(const char *what, long long n)
{
    if (st.on)
        fprintf(stderr, "mo2c: stats: count %s %lld\n", what, n);
}
