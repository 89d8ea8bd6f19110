/*
 * crash.c - a hand-written model whose code crashes or hangs during the run, for the tests of guard.c.
 *     der(x) = -x, x(0) = 1;  experiment StopTime 2, Interval 0.25
 * Once time > 0.6 (after the output points 0, 0.25, 0.5), the right-hand side does what the parameter
 * mode says (-override=mode=N):
 *   0: writes through a null pointer (SIGSEGV)
 *   1: divides an integer by zero (SIGFPE on the targets mo2c supports)
 *   2: raises SIGBUS
 *   3: calls itself without end (a stack overflow: SIGSEGV, handled on the alternate stack)
 *   4: calls abort() (SIGABRT)
 *   5: creates the file "spinning" in the working directory and loops forever (for SIGINT, SIGTERM,
 *      SIGXCPU sent from outside)
 *   6: nothing: the run ends normally
 */
#include "mo2c_rt.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static const mo2c_var_info vars[] = {
    {"x", "", "", MO2C_SRC_STATE, 0, 0, 0, 0, 1, 0},
    {"der(x)", "", "", MO2C_SRC_DER, 0, 0, 0, 0, 0, 0},
    {"mode", "what goes wrong", "", MO2C_SRC_PARAM, 0, 0, 0, 1, 1, 0},
};

static int init_params(mo2c_data *d)
{
    if (!d->p_overridden[0])
        d->p[0] = 6;
    return 0;
}

static int initialize(mo2c_data *d)
{
    d->x[0] = d->x_start_overridden[0] ? d->x_start[0] : 1.0;
    return 0;
}

/* Deep enough to overflow any stack; the depth test keeps the compiler from calling it endless. */
static int recurse(volatile int *depth)
{
    volatile char pad[512];
    pad[0] = (char)*depth;
    if (++*depth < 2000000000)
        return recurse(depth) + pad[0];
    return pad[0];
}

static volatile int zero = 0, seven = 7;
static int *volatile null_pointer = NULL;

static int rhs(mo2c_data *d, double t, const double *x, double *dx)
{
    dx[0] = -x[0];
    if (t <= 0.6)
        return 0;
    volatile int depth = 0;
    switch ((int)d->p[0]) {
    case 0: *null_pointer = 1; break;
    case 1: dx[0] += seven / zero; break;
    case 2: raise(SIGBUS); break;
    case 3: dx[0] += recurse(&depth); break;
    case 4: abort();
    case 5: {
        FILE *f = fopen("spinning", "w");
        if (f)
            fclose(f);
        for (volatile int spin = 1; spin;)
            ;
        break;
    }
    default: break;
    }
    return 0;
}

static const mo2c_model model = {
    "Crash", "", 1, 0, 1, (int)(sizeof vars / sizeof vars[0]), vars, 0, 1, 1, 0, 0.0, 2.0, 0.25, 0.0,
    init_params, initialize, rhs, NULL,
    0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, /* no events (rel_live too) */
    NULL,    /* no outputs function */
    0, NULL, /* no String parameters */
    0,       /* no sample() */
    0, NULL, NULL, 0, NULL, /* no top-level inputs or outputs */
    0, NULL, 0, /* every y compared in event iteration (no events anyway) */
    0,       /* no delay() */
    0, NULL, NULL, NULL, /* no sparse Jacobian */
    0, NULL, /* no state choice watched */
};

int main(int argc, char **argv)
{
    return mo2c_main(&model, argc, argv);
}
