/*
 * stats.h - the --stats stage report: one line per stage of the pipeline on stderr, with its wall time,
 * the arena so far, its CPU time and mo2c's peak resident size (stats.c). Stages mark their own end
 * (mo_stats_stage), so a stage's parts (the DAE's lowering and its alias elimination, the matching and
 * the BLT) are reported where they are done, without the driver knowing them. Off unless started.
 */
#ifndef MO2C_STATS_H
#define MO2C_STATS_H

#include <stdbool.h>

void mo_stats_start(bool on);          /* --stats given: from now on every mo_stats_stage prints */
/* The stage that just ended: "mo2c: stats: STAGE  W s  A MB arena  C s cpu  P MB peak", its times since
 * the previous stage ended; the CPU time is that of the C compiler's processes (the children) when any
 * ran during the stage, else mo2c's own (all its threads). Nothing when not started. */
void mo_stats_stage(const char *stage);
/* Time spent parsing (lookup/load.c), added to the line of the stage during which it happened. */
void mo_stats_parse_begin(void);
void mo_stats_parse_end(void);
double mo_stats_now(void);             /* monotonic wall-clock seconds */
/* "mo2c: stats: count WHAT N": an operation count of the stage under way, which tests compare at two
 * sizes of a model to see its growth without timing it. Nothing when not started. */
void mo_stats_count(const char *what, long long n);

#endif
