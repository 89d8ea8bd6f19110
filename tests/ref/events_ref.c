/*
 * events_ref.c - closed-form checks of the event tests (tests/sim/events_*.sh); no trajectory here comes
 * from mo2c.
 *
 *   events_ref ball RESULT.csv STOP       tests/models/BouncingBall.mo (h0 = 1, g = 9.81, e = 0.8)
 *   events_ref step RESULT.csv [--no-event-rows]   tests/models/EventsStep.mo
 *
 * Ball: dropped from h0 at rest, the k-th impact (k = 1, 2, ...) is at t_1 = sqrt(2 h0 / g), then
 * t_{k+1} = t_k + 2 u_k / g with the rebound speed u_k = e^k v_1, v_1 = g t_1; between impacts
 * h = u_k (t - t_k) - g (t - t_k)^2 / 2, so the k-th apex is h0 e^(2k). Checked: every impact before STOP
 * appears as two rows with the same time (before: n = k - 1, v < 0; after: n = k, v = -e v_before), at
 * t_k within 1e-6, h there within 1e-6 of 0; every row's h and v within 2e-5 of the closed form of the
 * flight its n names; the largest h of each flight within 2e-5 of h0 e^(2k); the last n.
 *
 * Step: u = (time >= 0.5), T der(y) = u - y, y(0) = 0, T = 0.2: y = 1 - exp(-(t - 0.5)/T) after 0.5;
 * y crosses 0.3 at t_a = 0.5 - T ln 0.7 and 0.7 at t_b = 0.5 - T ln 0.3; samples every 0.25 from 0.
 * Checked on every row: y within 1e-6; u, z = (y > 0.3 ? 2y : 0), w = (y > 0.3 ? 3y : -1),
 * high = count = edges = (t >= t_b), s = floor(t / 0.25) + 1 as the closed form gives them on the
 * row's side of each event (the first row of a pair is the left limit); q = noEvent(y > 0.5) against
 * the row's own y. With event rows: pairs exactly at 0.25, 0.5, 0.75, 1 and at t_a, t_b within 1e-6,
 * and no other repeated time (none at the noEvent switch); with --no-event-rows: no repeated time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXC = 32, MAXR = 200000 };
static char names[MAXC][64];
static int ncols, nrows;
static double *rows;  /* nrows x ncols */
static int failures;

#define V(r, c) rows[(size_t)(r) * (size_t)ncols + (size_t)(c)]

static void fail(const char *fmt, double a, double b, double c)
{
    if (failures++ < 20) {
        printf("FAIL: ");
        printf(fmt, a, b, c);
        printf("\n");
    }
}

static int col(const char *name)
{
    for (int i = 0; i < ncols; i++)
        if (!strcmp(names[i], name))
            return i;
    printf("FAIL: no column %s\n", name);
    exit(1);
}

static void read_csv(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    char line[8192];
    if (!fgets(line, sizeof line, f))
        exit(2);
    for (char *p = strtok(line, ",\n"); p && ncols < MAXC; p = strtok(NULL, ",\n")) {
        size_t n = strlen(p);
        if (n >= 2 && p[0] == '"')
            p[n - 1] = 0, p++;
        snprintf(names[ncols++], sizeof names[0], "%s", p);
    }
    rows = malloc(sizeof(double) * MAXR * MAXC);
    while (fgets(line, sizeof line, f) && nrows < MAXR) {
        char *p = line;
        for (int c = 0; c < ncols; c++) {
            V(nrows, c) = strtod(p, &p);
            if (*p == ',')
                p++;
        }
        nrows++;
    }
    fclose(f);
}

/* -1: first row of a pair with the same time (left limit), +1: second, 0: an ordinary row */
static int side(int r)
{
    if (r + 1 < nrows && V(r + 1, 0) == V(r, 0))
        return -1;
    if (r > 0 && V(r - 1, 0) == V(r, 0))
        return 1;
    return 0;
}

static int check_ball(double stop)
{
    const double h0 = 1, g = 9.81, e = 0.8;
    int ch = col("h"), cv = col("v"), cn = col("n");
    double tk[64], uk[64];        /* impact times, rebound speeds; flight k starts at tk[k] */
    int nimp = 0;
    tk[0] = 0;
    uk[0] = 0;
    double t1 = sqrt(2 * h0 / g), v1 = g * t1, t = t1;
    for (int k = 1; t < stop && k < 63; k++) {
        tk[k] = t;
        uk[k] = pow(e, k) * v1;
        nimp = k;
        t += 2 * uk[k] / g;
    }
    double apex[64] = {0};
    int pairs = 0;
    for (int r = 0; r < nrows; r++) {
        double tr = V(r, 0), h = V(r, ch), v = V(r, cv);
        int n = (int)V(r, cn), s = side(r);
        if (n < 0 || n > nimp) {
            fail("row at t=%g: n = %g out of range", tr, n, 0);
            continue;
        }
        /* the closed form of flight n */
        double dt = tr - tk[n], he, ve;
        if (n == 0) {
            he = h0 - g * tr * tr / 2;
            ve = -g * tr;
        } else {
            he = uk[n] * dt - g * dt * dt / 2;
            ve = uk[n] - g * dt;
        }
        if (fabs(h - he) > 2e-5 || fabs(v - ve) > 2e-5)
            fail("t=%.9g: h or v off the closed form of its flight by %g / %g", tr, h - he, v - ve);
        if (h > apex[n])
            apex[n] = h;
        if (s == -1) {
            int k = n + 1;
            pairs++;
            double va = V(r + 1, cv);
            if (k > nimp || fabs(tr - tk[k]) > 1e-6)
                fail("event at t=%.12g is not impact %g (closed form %.12g)", tr, k, k <= nimp ? tk[k] : NAN);
            if (fabs(h) > 1e-6)
                fail("impact at t=%g: h = %g, expected 0", tr, h, 0);
            if ((int)V(r + 1, cn) != k || !(v < 0) || fabs(va + e * v) > 1e-9 * fabs(v))
                fail("impact at t=%g: after the event n = %g, v = %g", tr, V(r + 1, cn), va);
        }
    }
    if (pairs != nimp)
        fail("%g impacts in the result, the closed form has %g before t = %g", pairs, nimp, stop);
    if ((int)V(nrows - 1, cn) != nimp)
        fail("final n = %g, expected %g", V(nrows - 1, cn), nimp, 0);
    for (int k = 1; k < nimp; k++)   /* the last flight may end before its apex */
        if (fabs(apex[k] - h0 * pow(e, 2 * k)) > 2e-5)
            fail("apex of flight %g: %.9g, closed form %.9g", k, apex[k], h0 * pow(e, 2 * k));
    if (apex[0] != h0)
        fail("start height %g", apex[0], 0, 0);
    printf("ball: %d impacts at the closed-form times, %d rows checked\n", pairs, nrows);
    return failures ? 1 : 0;
}

/* Is the row (time t, side s) after the event at te? */
static int after(double t, int s, double te, double tol)
{
    if (fabs(t - te) <= tol)
        return s != -1;
    return t > te;
}

static int check_step(int event_rows)
{
    const double T = 0.2, ta = 0.5 - T * log(0.7), tb = 0.5 - T * log(0.3);
    int cu = col("u"), cy = col("y"), cz = col("z"), cw = col("w"), cq = col("q"), chi = col("high"),
        cc = col("count"), ced = col("edges"), cs = col("s");
    const double expect_t[] = {0.25, 0.5, ta, tb, 0.75, 1.0};
    int seen[6] = {0}, pairs = 0;
    for (int r = 0; r < nrows; r++) {
        double t = V(r, 0), y = V(r, cy);
        int s = side(r);
        double ye = t < 0.5 ? 0 : 1 - exp(-(t - 0.5) / T);
        if (fabs(y - ye) > 1e-6)
            fail("t=%.9g: y = %.12g, closed form %.12g", t, y, ye);
        /* the closed form on the row's side of each event (time events exact, state events within
         * 1e-6): the first row of a pair is the left limit */
        double ue = after(t, s, 0.5, 0) ? 1 : 0;
        int above3 = after(t, s, ta, 1e-6), above7 = after(t, s, tb, 1e-6);
        double se = 1;
        for (int k = 1; k <= 4; k++)
            se += after(t, s, 0.25 * k, 0);
        if (V(r, cu) != ue)
            fail("t=%.9g: u = %g, expected %g", t, V(r, cu), ue);
        if (fabs(V(r, cz) - (above3 ? 2 * y : 0)) > 1e-12 || fabs(V(r, cw) - (above3 ? 3 * y : -1)) > 1e-12)
            fail("t=%.9g: z = %g, w = %g", t, V(r, cz), V(r, cw));
        if (V(r, chi) != above7 || V(r, cc) != above7 || V(r, ced) != above7)
            fail("t=%.9g: high/count/edges = %g, expected %g", t, V(r, chi) * 100 + V(r, cc) * 10 + V(r, ced), above7);
        if (V(r, cs) != se)
            fail("t=%.9g: s = %g, expected %g", t, V(r, cs), se);
        if (V(r, cq) != (y > 0.5 ? 1 : 0))
            fail("t=%.9g: q = %g with y = %g", t, V(r, cq), y);
        if (s == -1) {
            pairs++;
            int k = 0;
            while (k < 6 && fabs(t - expect_t[k]) > (k == 2 || k == 3 ? 1e-6 : 0))
                k++;
            if (k == 6)
                fail("unexpected event rows at t=%.12g", t, 0, 0);
            else
                seen[k]++;
        }
    }
    if (event_rows) {
        for (int k = 0; k < 6; k++)
            if (seen[k] != 1)
                fail("event at t=%.9g: %g pairs of rows, expected 1", expect_t[k], seen[k], 0);
    } else if (pairs) {
        fail("%g repeated times with -noEventEmit", pairs, 0, 0);
    }
    printf("step: %d event row pairs, %d rows checked\n", pairs, nrows);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "ball")) {
        read_csv(argv[2]);
        return check_ball(atof(argv[3]));
    }
    if (argc >= 3 && !strcmp(argv[1], "step")) {
        read_csv(argv[2]);
        return check_step(!(argc > 3 && !strcmp(argv[3], "--no-event-rows")));
    }
    fprintf(stderr, "usage: events_ref ball RESULT.csv STOP | step RESULT.csv [--no-event-rows]\n");
    return 2;
}
