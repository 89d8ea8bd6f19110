/*
 * regress.h - `mo2c regress`: regression batches of models against reference trajectories laid out as
 * the Modelica Association's reference results (regress.c), and its JUnit and Markdown/HTML reports
 * with SVG plots (regress_report.c).
 */
#ifndef MO2C_REGRESS_H
#define MO2C_REGRESS_H

#include "base.h"

#include <stdbool.h>

/* The command: argv[0] is "regress". Returns the exit status (0 all pass, 1 some fail, 2 usage). */
int mo_regress_main(int argc, char **argv);

/* What one model's check came to (read back by the parent from its worker's files). */
typedef struct mo_regress_outcome {
    const char *name;     /* full model name, A.B.M */
    const char *status;   /* "PASS", "FAIL" or "UPDATED" */
    const char *reason;   /* one line: the worst signal and how far outside the tube, or what failed */
    const char *detail;   /* longer text (compiler or simulator output, per-signal table); may be "" */
    const char *fragment; /* the report's section for a failing model (tables, SVG plots); may be "" */
    double seconds;       /* wall time of compile + run + compare */
} mo_regress_outcome;

/* plot.c: one series of a plot (colour "#1f77b4", dash NULL or an SVG dasharray "6,3") */
typedef struct mo_plot_series {
    const char *label;
    const double *t, *y;
    int n;
    const char *color, *dash;
} mo_plot_series;
/* An SVG plot of the series over [from, to] (NaN: all of their times): axes with ticks, a grid, the
 * time axis's label, ylabel (may be ""), the title and a legend. */
void mo_plot_svg(mo_buf *b, const char *title, const char *ylabel, const mo_plot_series *s, int ns,
                 double from, double to);
/* mo2c plot RESULT VAR... [-o FILE.svg]: argv[0] is "plot"; the exit status. */
int mo_plot_main(int argc, char **argv);

/* regress_report.c */
/* An SVG plot of a result signal against the tube of its reference: reference, upper and lower bounds
 * (at the result's times), result; over [from, to] (NaN: the reference's whole time range). */
void mo_regress_svg(mo_buf *b, const char *title, const double *rt, const double *ry, int rn,
                    const double *t, const double *y, int n, double tol, double from, double to);
bool mo_regress_write_junit(const char *path, const char *suite, const mo_regress_outcome *o, int n);
bool mo_regress_write_report(const char *path, bool html, const char *title, const mo_regress_outcome *o,
                             int n);

#endif
