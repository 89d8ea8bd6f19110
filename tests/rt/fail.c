/*
 * fail.c - a hand-written model that fails during the run, for the runtime's failure tests.
 *     der(x) = -x, x(0) = 1;  experiment StopTime 2, Interval 0.25
 * and y depends on the parameter mode (set with -override=mode=N):
 *   0: y = 1/(1 - time) through mo2c_div: division by zero at exactly t = 1 (an output point)
 *   1: y = 0/(time - 1.25) in plain C: NaN at exactly t = 1.25 (an output point)
 *   2: y = sqrt(0.7325 - time) through mo2c_sqrt: fails at the first evaluation after t = 0.7325
 *   3: der(x) = NaN once time > 1.3: a failed evaluation, the steps shrink to t = 1.3 (solver.c gsl_rhs)
 *   4: der(x) = x^2 instead (blows up at t = 1 from x(0) = 1): the integrator cannot go on
 */
#include "mo2c_rt.h"

#include <math.h>

static const mo2c_var_info vars[] = {
    {"x", "", "", MO2C_SRC_STATE, 0, 0, 0, 0, 1, 0},
    {"der(x)", "", "", MO2C_SRC_DER, 0, 0, 0, 0, 0, 0},
    {"y", "", "", MO2C_SRC_ALG, 0, 0, 0, 0, 0, 0},
    {"mode", "which failure", "", MO2C_SRC_PARAM, 0, 0, 0, 1, 1, 0},
};

static int init_params(mo2c_data *d)
{
    if (!d->p_overridden[0])
        d->p[0] = 0;
    return 0;
}

static int initialize(mo2c_data *d)
{
    d->x[0] = d->x_start_overridden[0] ? d->x_start[0] : 1.0;
    return 0;
}

static int rhs(mo2c_data *d, double t, const double *x, double *dx)
{
    int ok = 1, mode = (int)d->p[0];
    dx[0] = mode == 4 ? x[0] * x[0] : -x[0];
    switch (mode) {
    case 0: d->y[0] = mo2c_div(d, 1.0, 1.0 - t, "fail.c:40: y = 1/(1 - time)", &ok); break;
    case 1: d->y[0] = 0.0 / (t - 1.25); break;
    case 2: d->y[0] = mo2c_sqrt(d, 0.7325 - t, "fail.c:42: y = sqrt(0.7325 - time)", &ok); break;
    case 3: d->y[0] = 0.0; if (t > 1.3) dx[0] = NAN; break;
    default: d->y[0] = 0.0; break;
    }
    return ok ? 0 : -1;
}

static const mo2c_model model = {
    "Fail", "", 1, 1, 1, (int)(sizeof vars / sizeof vars[0]), vars, 0, 1, 1, 0, 0.0, 2.0, 0.25, 0.0,
    init_params, initialize, rhs, NULL,
    0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, /* no events (rel_live too) */
    NULL, /* rhs computes every y: no outputs function */
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
