/*
 * loop.c - a hand-written model with algebraic loops solved at every right-hand-side evaluation:
 *     z^3 + z = x1^3 + x1            (nonlinear, mo2c_solve_nonlinear; its root is z = x1)
 *     2 w1 + w2 = 3 x2, w1 + 3 w2 = 4 x2   (linear, mo2c_solve_linear; w1 = w2 = x2)
 *     der(x1) = -z, der(x2) = -w1, x1(0) = x2(0) = 1
 * Closed form: x1 = x2 = z = w1 = w2 = exp(-t). -DLOOP_NOJAC leaves the nonlinear loop without its
 * Jacobian (the runtime then differentiates numerically).
 */
#include "mo2c_rt.h"

static const mo2c_var_info vars[] = {
    {"x1", "", "", MO2C_SRC_STATE, 0, 0, 0, 0, 1, 0},
    {"x2", "", "", MO2C_SRC_STATE, 1, 0, 0, 0, 1, 0},
    {"der(x1)", "", "", MO2C_SRC_DER, 0, 0, 0, 0, 0, 0},
    {"der(x2)", "", "", MO2C_SRC_DER, 1, 0, 0, 0, 0, 0},
    {"z", "", "", MO2C_SRC_ALG, 0, 0, 0, 0, 0, 0},
    {"w1", "", "", MO2C_SRC_ALG, 1, 0, 0, 0, 0, 0},
    {"w2", "", "", MO2C_SRC_ALG, 2, 0, 0, 0, 0, 0},
};

static int init_params(mo2c_data *d)
{
    (void)d;
    return 0;
}

static int initialize(mo2c_data *d)
{
    d->x[0] = d->x_start_overridden[0] ? d->x_start[0] : 1.0;
    d->x[1] = d->x_start_overridden[1] ? d->x_start[1] : 1.0;
    d->y[0] = d->x[0]; /* start guess of the nonlinear loop */
    return 0;
}

static int res_z(mo2c_data *d, const double *z, double *F)
{
    const double x1 = d->cur_x[0];
    F[0] = z[0] * z[0] * z[0] + z[0] - (x1 * x1 * x1 + x1);
    return 0;
}

#ifndef LOOP_NOJAC
static int jac_z(mo2c_data *d, const double *z, double *J)
{
    (void)d;
    J[0] = 3.0 * z[0] * z[0] + 1.0;
    return 0;
}
#define JAC_Z jac_z
#else
#define JAC_Z NULL
#endif

static int rhs(mo2c_data *d, double t, const double *x, double *dx)
{
    d->cur_t = t;
    d->cur_x = x;
    double z = d->y[0]; /* the previous solution is the start guess */
    if (mo2c_solve_nonlinear(d, 1, &z, res_z, JAC_Z, "loop.c:10: z^3 + z = x1^3 + x1") != 0)
        return -1;
    d->y[0] = z;
    double A[4] = {2.0, 1.0, 1.0, 3.0}, b[2] = {3.0 * x[1], 4.0 * x[1]};
    if (mo2c_solve_linear(d, 2, A, b, "loop.c:11: 2 w1 + w2 = 3 x2, w1 + 3 w2 = 4 x2") != 0)
        return -1;
    d->y[1] = b[0];
    d->y[2] = b[1];
    dx[0] = -z;
    dx[1] = -b[0];
    return 0;
}

static const mo2c_model model = {
    "Loop", "", 2, 3, 0, (int)(sizeof vars / sizeof vars[0]), vars, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0,
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
