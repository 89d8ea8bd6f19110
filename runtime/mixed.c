/*
 * mixed.c - mixed algebraic loops at events (mo2c_mixed_loop, called by generated code).
 *
 * Input: a loop whose Boolean or Integer unknowns are decided by event relations of its own Real
 * unknowns (the friction elements of the MSL: 'locked' from 'sa > tau0_max', and the torque from
 * 'locked'); generated code gives the function that solves the loop with the relations as they are in
 * d->rel, and the one that compares those relations at the solution. Output: the loop solved with
 * relations that agree with its solution, or a failure naming the loop.
 *
 * Between events the relations stay frozen (events.c): the loop is solved once. At an event the
 * relations are compared at the solution; while one differs, it takes its new value and the loop is
 * solved again (a fixed-point iteration: FIXED_PASSES at most, or until a mode has no solution). It
 * can cycle where the consistent answer is a third one: a clutch about to stick computes, sliding
 * forward, an 'sa' that says "slide backward", and sliding backward one that says "slide forward",
 * while locked (both relations false) is consistent. Then every combination of the relations' values is tried, those
 * that flip fewer of them (from the values at the call) first, and the first that agrees with its own
 * solution is kept (MAX_SEARCH relations at most: 2^n solutions in the worst case).
 *
 * Agreeing is asked twice. First with ties (agree): a relation on its threshold keeps the value the
 * event gave it, which the event iteration, comparing exactly, gives it back at the next pass. When no
 * mode agrees so, exactly, each relation by the sign of its operands' difference as the event iteration
 * compares it: a mode found so is one the event iteration keeps as well. An ideal diode whose current
 * reaches 0 at the event (its 's' is the voltage while off, the current while on) solves, off, to an
 * 's' of 1e-10 (not a tie: on) and, on, to 2e-15 (a tie, kept at the event's 'off'), so no mode agrees
 * with ties, while 'on' agrees exactly; the event iteration settles there, and the next step's event
 * turns the diode off (the diode bridges of the Machines' SMPM_Braking and SMEE_Rectifier). The order
 * matters the other way round too: a lossy gear about to slip (HeatLosses at t = 0.04) agrees exactly
 * in a mode that the next step leaves at once, without end (chattering), and with its tie in the one
 * the motion goes on in.
 *
 * A relation that the loop settles on with a tie is marked in d->rel_tie, and the event iteration
 * (events.c) leaves it as the loop has it: compared exactly, it took the value of its rounding sign,
 * the next pass's loop gave the tie its kept value back, and the two alternated for 100 passes (the
 * off thyristor of an ideal triac as the current passes from the other to it: tests/sim/mixed_triac.sh,
 * PowerConverters' Dimmer_RL). An exact agreement marks none: the event iteration compares as it did.
 *
 * A mode whose loop is singular (the nonlinear solver's least-squares step: one solution of many, as two
 * friction elements stuck against each other share one torque balance) gives way to a regular one that
 * agrees with its solution, its ties free (prefer_regular): one brake at its limit, held there by the
 * other's being locked, where both locked left the split to the least-squares step's start. The relations
 * on their thresholds in that mode are held between events by a band of the loop's accuracy (hold_ties,
 * events.c mo2c_rt_rel_hold), since the next step's rounding would undo the mode at every step.
 *
 * None agreeing, at an event, is no error yet: the friction elements of the MSL need the event
 * iteration itself. A one-way clutch about to slip (HeatLosses at t = 0.53) is stuck with 'sa' above
 * tau0_max by the event's location error (1.4e-10), while sliding, coupled to a lossy gear, gives an 'sa'
 * 1.2e-5 below tau0_max: with pre(startForward) false neither mode agrees. Their equations carry the
 * way out ('startForward = pre(stuck) and (sa > tau0_max or pre(startForward) and sa > tau0)'): the loop
 * is solved with the relations the pass began with (the event's), the event iteration (events.c) takes
 * the new pre() values and the relations at the solution, and the next pass slides consistently. A loop
 * that never settles so ends in the event iteration's own error, which names the relation that keeps
 * changing. At initialization, none agreeing is an error: the model has no consistent mode there.
 */
#include "rt_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { FIXED_PASSES = 20, MAX_SEARCH = 12, STACK_RELS = 64 };
#define REL_TIE 1e-10
#define ABS_TIE 1e-12

static int is_tie(double zc, double scale)
{
    return fabs(zc) <= REL_TIE * scale + ABS_TIE;
}

/* 1 when the relations compared at the current solution agree with d->rel, after copying them there.
 * exact: each relation by the sign of its operands' difference, as the event iteration (events.c)
 * compares it. Otherwise a relation whose operands are equal to the accuracy the loop is solved to
 * (algebra.c: 1e-10 relative, 1e-12 absolute) is a tie: at the event that it caused it sits on its
 * threshold in every mode, and rounding could otherwise refuse them all. A tie keeps the value the
 * relation had at the call (start: the event iteration's, which compares exactly), never the other
 * one: the event iteration would compare it again at this solution and give it back the value of its
 * sign, the loop would take its tie again, and the passes would alternate without end (HeatLosses at
 * t = 0.71: a one-way clutch locked with 'sa' 1e-13 above tau0_max, a tie, while sliding gives an 'sa'
 * below). live: 2n doubles of scratch. */
static int agree(mo2c_data *d, int n, const int *rel, const unsigned char *start, int exact,
                 int (*rels)(mo2c_data *, double *), double *live, int *err)
{
    *err = rels(d, live) != 0;
    if (*err)
        return 0;
    int same = 1;
    for (int k = 0; k < n; k++) {
        double zc = live[2 * k], scale = live[2 * k + 1];
        unsigned char v = !exact && is_tie(zc, scale) ? start[k]
                        : (unsigned char)mo2c_rt_rel_value(d->model->rel_op[rel[k]], zc);
        if (v != d->rel[rel[k]]) {
            d->rel[rel[k]] = v;
            same = 0;
        }
    }
    return same;
}

/* The loop solved with the relations as they are in d->rel; algebra.c says in s->loop_singular
 * whether that solution is one of many (asked while s->loop_rank_wanted: at events). */
static int solve_mode(mo2c_data *d, int (*solve)(mo2c_data *))
{
    mo2c_rt_state *s = d->solver;
    if (s)
        s->loop_singular = 0;   /* a linear mode solved by its LU step: regular */
    return solve(d);
}

static int popcount(unsigned m)
{
    int c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
}

/* The loop solved with relations that agree with it (exact: see agree), from its solution with the
 * relations in start (see above); 1 when none agree, -1 on failure. */
static int settle(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *),
                  int (*rels)(mo2c_data *, double *), const unsigned char *start, int exact, double *live)
{
    int err;
    for (int pass = 0; pass < FIXED_PASSES; pass++) {
        if (agree(d, n, rel, start, exact, rels, live, &err))
            return 0;
        if (err)
            return -1;
        if (solve_mode(d, solve) != 0)
            break;   /* no solution in the mode these relations give: search */
    }
    if (n > MAX_SEARCH)
        return 1;
    for (int flips = 1; flips <= n; flips++)
        for (unsigned m = 1; m < 1u << n; m++) {
            if (popcount(m) != flips)
                continue;
            for (int k = 0; k < n; k++)
                d->rel[rel[k]] = (unsigned char)(start[k] ^ ((m >> k) & 1u));
            if (solve_mode(d, solve) != 0)
                continue;   /* no solution in this mode: try the next */
            if (agree(d, n, rel, start, exact, rels, live, &err))
                return 0;
            if (err)
                return -1;
        }
    return 1;
}

/* The loop solved in the mode of the relations in start. */
static int restart(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *), const unsigned char *start)
{
    for (int k = 0; k < n; k++)
        d->rel[rel[k]] = start[k];
    return solve_mode(d, solve) != 0 ? -1 : 0;
}

/* No relation of the loop marked as a tie (d->rel_tie: see hold_ties). */
static void clear_ties(mo2c_data *d, int n, const int *rel)
{
    for (int k = 0; d->rel_tie && k < n; k++)
        d->rel_tie[rel[k]] = 0;
}

/* 1 when the relations compared at the current solution agree with d->rel, each relation on its
 * threshold (a tie, see agree) with either value: a mode whose solution sits on the threshold of a
 * relation that it takes as true (a bearing held at its limit, sa = tau0_max, in the mode 'starts to
 * slide forward'). d->rel is left as it is. */
static int agree_ties_free(mo2c_data *d, int n, const int *rel, int (*rels)(mo2c_data *, double *),
                           double *live, int *err)
{
    *err = rels(d, live) != 0;
    if (*err)
        return 0;
    for (int k = 0; k < n; k++) {
        double zc = live[2 * k], scale = live[2 * k + 1];
        if (!is_tie(zc, scale) && (unsigned char)mo2c_rt_rel_value(d->model->rel_op[rel[k]], zc) != d->rel[rel[k]])
            return 0;
    }
    return 1;
}

/* The mode found (in d->rel, the loop solved in it) has a singular loop: its solution is one of many,
 * the one a least-squares step reached (two friction elements stuck against each other share one
 * torque balance for two friction torques: LossyGearDemo2's bearing and gear, both locked). A mode
 * whose loop is regular and that agrees with its solution, ties free (agree_ties_free), is taken
 * instead: the first of those that flip fewest relations of the found one (the bearing's 'sa >
 * tau0_max': it starts to slide forward, its torque at the limit tau0_max, held there by the gear's
 * being locked, which the reference result of the MSL shows). Without one, the found mode is solved
 * again from the solution it had, so that the loop goes on as it would have. Returns 0 with the
 * regular mode (its ties to be marked), 1 with the found one, -1 on failure. live: the found mode's
 * relations at its solution on return 1. */
static int prefer_regular(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *),
                          int (*rels)(mo2c_data *, double *), double *live)
{
    mo2c_rt_state *s = d->solver;
    if (!s || !s->loop_singular || s->loop_z_n == 0 || n > MAX_SEARCH)
        return 1;
    int nz = s->loop_z_n, err = 0, rc = 1;
    double *kz = malloc((size_t)nz * sizeof *kz);
    if (!kz)
        return 1;   /* out of memory: the found mode, as before this search */
    memcpy(kz, s->loop_z, (size_t)nz * sizeof *kz);
    unsigned char found[MAX_SEARCH];
    for (int k = 0; k < n; k++)
        found[k] = d->rel[rel[k]];
    for (int flips = 1; flips <= n && rc == 1; flips++)
        for (unsigned m = 1; m < 1u << n && rc == 1; m++) {
            if (popcount(m) != flips)
                continue;
            for (int k = 0; k < n; k++)
                d->rel[rel[k]] = (unsigned char)(found[k] ^ ((m >> k) & 1u));
            if (solve_mode(d, solve) != 0 || s->loop_singular)
                continue;   /* no solution, or not one alone */
            if (agree_ties_free(d, n, rel, rels, live, &err))
                rc = 0;
            else if (err)
                rc = -1;
        }
    if (rc == 1) {
        for (int k = 0; k < n; k++)
            d->rel[rel[k]] = found[k];
        s->loop_seed = kz;
        s->loop_seed_n = nz;
        rc = solve_mode(d, solve) != 0 || rels(d, live) != 0 ? -1 : 1;
        s->loop_seed = NULL;
    }
    free(kz);
    return rc;
}

static int mixed_event(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *),
                       int (*rels)(mo2c_data *, double *), const char *where);

/* d->rel_tie and d->rel_band for the loop's relations at the end of an event's pass: live, the
 * relations at the solution that agreed with ties (its a - b and |a| + |b|), NULL after an exact
 * agreement or none at all. Those on their threshold are marked as ties (see the top); a tie is held
 * between events too (a band: events.c, mo2c_rt_rel_hold) when the mode is the regular one
 * prefer_regular found (fresh), whose ties are the mode's choice and not their sign's, and while a
 * relation held so stays on its threshold at later passes and events. */
static void hold_ties(mo2c_data *d, int n, const int *rel, const double *live, int fresh)
{
    for (int k = 0; d->rel_tie && d->rel_band && k < n; k++) {
        int r = rel[k], tie = live && is_tie(live[2 * k], live[2 * k + 1]);
        d->rel_tie[r] = (unsigned char)tie;
        d->rel_band[r] = tie && (fresh || d->rel_band[r] > 0.0) ? REL_TIE * live[2 * k + 1] + ABS_TIE : 0.0;
    }
}

int mo2c_mixed_loop(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *),
                    int (*rels)(mo2c_data *, double *), const char *where)
{
    mo2c_rt_state *s = d->solver;
    int at_event = d->in_event || d->initial;
    if (s)
        s->loop_rank_wanted = at_event;   /* the modes are judged: is each one's solution unique? */
    int rc = solve_mode(d, solve) != 0 ? -1 : 0;
    if (rc == 0) {
        clear_ties(d, n, rel);
        if (at_event)
            rc = mixed_event(d, n, rel, solve, rels, where);
    }
    if (s)
        s->loop_rank_wanted = 0;
    return rc;
}

/* The event's part of mo2c_mixed_loop, the loop solved with the relations as they came. */
static int mixed_event(mo2c_data *d, int n, const int *rel, int (*solve)(mo2c_data *),
                       int (*rels)(mo2c_data *, double *), const char *where)
{
    unsigned char sbuf[STACK_RELS] = {0}, *start = sbuf;   /* (zeroed: gcc -O2 sees no n > 0) */
    double lbuf[2 * STACK_RELS], *live = lbuf;
    if (n > STACK_RELS) {
        start = malloc((size_t)n);
        live = malloc(2 * (size_t)n * sizeof *live);
        if (!start || !live) {
            free(start);
            free(live);
            return mo2c_fail(d, "out of memory solving the algebraic loop of equation %s", where ? where : "?");
        }
    }
    for (int k = 0; k < n; k++)
        start[k] = d->rel[rel[k]];
    /* ties kept first, then a mode that agrees exactly (see the top); either one, when it is singular,
     * gives way to a regular one that agrees (prefer_regular) */
    const double *ties = NULL;   /* the relations at the solution, when ties are kept */
    int pr = 1, rc = settle(d, n, rel, solve, rels, start, 0, live);
    if (rc == 0 && (pr = prefer_regular(d, n, rel, solve, rels, live)) < 0)
        rc = -1;
    else if (rc == 0)
        ties = live;
    if (rc > 0 && (rc = restart(d, n, rel, solve, start)) == 0 &&
        (rc = settle(d, n, rel, solve, rels, start, 1, live)) == 0) {
        if ((pr = prefer_regular(d, n, rel, solve, rels, live)) < 0)
            rc = -1;
        else if (pr == 0)   /* regular with ties: kept by the event iteration as the loop has them */
            ties = live;
    }
    if (rc > 0 && d->in_event && !d->initial)   /* left to the event iteration (see the top) */
        rc = restart(d, n, rel, solve, start);
    if (rc == 0)
        hold_ties(d, n, rel, ties, pr == 0);
    if (start != sbuf) {
        free(start);
        free(live);
    }
    if (rc > 0)
        return mo2c_fail(d, "the algebraic loop of equation %s has no consistent mode: its Boolean or Integer "
                         "unknowns and the relations of its Real unknowns never agree (%d relations)",
                         where ? where : "(unknown equation)", n);
    return rc;
}
