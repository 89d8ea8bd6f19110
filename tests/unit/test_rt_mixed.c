/*
 * test_rt_mixed.c - mixed algebraic loops at events (runtime/mixed.c, mo2c_mixed_loop) on a synthetic
 * loop shaped like a clutch about to stick: the relations (sa > 1, sa < -1) pick its mode; sliding
 * forward gives sa = -5 (so "slide backward"), sliding backward sa = 5 (so "slide forward"), locked
 * sa = 0.3, both relations true has no solution. The fixed-point iteration cycles between the two
 * sliding modes; the search must find the locked one. Also: one solve between events; when no mode
 * agrees with its solution, the mode the event began with (the event iteration goes on) and at
 * initialization the error; a relation on its threshold accepted either way, a failing solve passed on;
 * an ideal diode whose only consistent mode has its relation on the threshold (a tie at the other
 * value than the event's) taken by exact comparison.
 */
#include "mo2c_rt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(c, ...) do { if (!(c)) { failures++; fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
                                       fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static double sa;
static int nsolve, contrary;

static int solve(mo2c_data *d)
{
    nsolve++;
    int fwd = d->rel[2], back = d->rel[5];
    if (fwd && back)
        return mo2c_fail(d, "no solution with both");
    sa = fwd ? -5.0 : back ? 5.0 : 0.3;
    return 0;
}

/* sa > 1 and sa < -1 as mo2c_mixed_loop wants them: a - b and |a| + |b| */
static int rels(mo2c_data *d, double *r)
{
    r[0] = sa - 1.0, r[1] = fabs(sa) + 1.0;
    r[2] = sa + 1.0, r[3] = fabs(sa) + 1.0;
    if (contrary) {   /* a model without a consistent mode: the relations contradict every solution */
        r[0] = d->rel[2] ? -1.0 : 1.0;
        r[2] = d->rel[5] ? 1.0 : -1.0;
    }
    return 0;
}

static int tie(mo2c_data *d)
{
    (void)d;
    nsolve++;
    sa = 1.0 + 1e-15;
    return 0;
}

/* an ideal diode's s (voltage while off, current while on; rel[5]: s < 0, off) as a diode bridge has
 * it at the event where its current reaches 0: off, 1e-10 (forward, not a tie); on, 2e-15 (a tie) */
static int diode(mo2c_data *d)
{
    nsolve++;
    sa = d->rel[5] ? 1e-10 : 2e-15;
    return 0;
}

static int diode_rel(mo2c_data *d, double *r)
{
    (void)d;
    r[0] = sa, r[1] = fabs(sa);
    return 0;
}

static int broken(mo2c_data *d)
{
    return mo2c_fail(d, "broken solve");
}

int main(void)
{
    static const int idx[2] = {2, 5};
    unsigned char rel[8] = {0};
    static const int ops[8] = {0, 0, MO2C_REL_GT, 0, 0, MO2C_REL_LT, 0, 0};
    mo2c_model m;
    memset(&m, 0, sizeof m);
    m.rel_op = ops;
    mo2c_data d;
    memset(&d, 0, sizeof d);
    d.model = &m;
    d.rel = rel;

    /* between events: solved once with the frozen relations, which stay as they are */
    rel[2] = 1;
    nsolve = 0;
    CHECK(mo2c_mixed_loop(&d, 2, idx, solve, rels, "w") == 0 && nsolve == 1 && sa == -5.0 && rel[2] == 1 &&
          rel[5] == 0, "between events: nsolve %d sa %g", nsolve, sa);

    /* at an event: the cycle forward <-> backward is left for the consistent locked mode */
    d.in_event = 1;
    nsolve = 0;
    CHECK(mo2c_mixed_loop(&d, 2, idx, solve, rels, "w") == 0 && sa == 0.3 && rel[2] == 0 && rel[5] == 0,
          "event: rc sa %g rel %d %d", sa, rel[2], rel[5]);
    CHECK(rel[0] == 0 && rel[1] == 0 && rel[3] == 0 && rel[4] == 0, "other relations untouched");

    /* a consistent start needs one solve and one comparison */
    nsolve = 0;
    CHECK(mo2c_mixed_loop(&d, 2, idx, solve, rels, "w") == 0 && nsolve == 1, "settled: nsolve %d", nsolve);

    /* no mode agrees at an event: solved with the relations it began with, left to the event iteration
     * (whose next pass has new pre() values) */
    contrary = 1;
    rel[2] = 0, rel[5] = 1;
    int rc = mo2c_mixed_loop(&d, 2, idx, solve, rels, "m.mo:4: a = b");
    CHECK(rc == 0 && rel[2] == 0 && rel[5] == 1 && sa == 5.0, "contrary event: rc %d sa %g rel %d %d",
          rc, sa, rel[2], rel[5]);

    /* no mode agrees at initialization: an error naming the loop's equation */
    d.in_event = 0, d.initial = 1;
    rc = mo2c_mixed_loop(&d, 2, idx, solve, rels, "m.mo:4: a = b");
    CHECK(rc != 0 && strcmp(d.error, "the algebraic loop of equation m.mo:4: a = b has no consistent mode: its "
                            "Boolean or Integer unknowns and the relations of its Real unknowns never agree "
                            "(2 relations)") == 0, "contrary: rc %d %s", rc, d.error);
    contrary = 0;
    d.in_event = 1, d.initial = 0;

    /* a relation on its threshold (sa = 1 to rounding, as at the event it caused) agrees either way */
    contrary = 0;
    rel[2] = 1, rel[5] = 0;
    nsolve = 0;
    CHECK(mo2c_mixed_loop(&d, 2, idx, tie, rels, "w") == 0 && nsolve == 1 && rel[2] == 1, "tie: %d", nsolve);
    rel[2] = 0;
    nsolve = 0;
    CHECK(mo2c_mixed_loop(&d, 2, idx, tie, rels, "w") == 0 && nsolve == 1 && rel[2] == 0, "tie: %d", nsolve);

    /* the diode: with ties no mode agrees (off says on, on keeps the event's off); exactly, on does */
    rel[5] = 1;
    CHECK(mo2c_mixed_loop(&d, 1, idx + 1, diode, diode_rel, "w") == 0 && rel[5] == 0 && sa == 2e-15,
          "diode: rel %d s %g", rel[5], sa);

    /* a solve that fails is passed on with its message */
    rc = mo2c_mixed_loop(&d, 2, idx, broken, rels, "w");
    CHECK(rc != 0 && strcmp(d.error, "broken solve") == 0, "broken: %s", d.error);
    return failures ? 1 : 0;
}
