/*
 * osc.c - a hand-written "generated" model for the runtime tests: the harmonic oscillator
 *     der(x) = v;  der(v) = -k*x;  x(0) = 1, v(0) = 0;  k = 1
 * as two states, with a parameter k, a derived parameter w = sqrt(k) (not overridable), a constant c,
 * an algebraic energy E, a protected algebraic hidden = 2*x, an alias a = x and a negated alias b = -v.
 * Closed form: x = x0*cos(w t) + v0/w*sin(w t), v = -x0*w*sin(w t) + v0*cos(w t).
 * Compile-time switches: -DOSC_JAC gives the analytic Jacobian (else NULL: finite differences), and
 * the same as a sparse matrix (CSR, the diagonal included as the runtime wants it);
 * -DOSC_EXPERIMENT gives an experiment annotation (StartTime 0, StopTime 10, Interval 0.1,
 * Tolerance 1e-8); -DOSC_NAME=... the model's name.
 */
#include "mo2c_rt.h"

#include <math.h>

#ifndef OSC_NAME
#define OSC_NAME "Osc"
#endif

static const mo2c_var_info vars[] = {
    /* name       comment              unit     source          idx neg value param over prot */
    {"x", "position", "m", MO2C_SRC_STATE, 0, 0, 0, 0, 1, 0},
    {"v", "velocity", "m/s", MO2C_SRC_STATE, 1, 0, 0, 0, 1, 0},
    {"der(x)", "", "", MO2C_SRC_DER, 0, 0, 0, 0, 0, 0},
    {"der(v)", "", "", MO2C_SRC_DER, 1, 0, 0, 0, 0, 0},
    {"k", "stiffness", "N/m", MO2C_SRC_PARAM, 0, 0, 0, 1, 1, 0},
    {"w", "angular frequency", "rad/s", MO2C_SRC_PARAM, 1, 0, 0, 1, 0, 0},
    {"c", "a constant", "", MO2C_SRC_CONST_VALUE, 0, 0, 3.0, 1, 0, 0},
    {"E", "energy", "J", MO2C_SRC_ALG, 0, 0, 0, 0, 0, 0},
    {"hidden", "", "", MO2C_SRC_ALG, 1, 0, 0, 0, 0, 1},
    {"a", "alias of x", "m", MO2C_SRC_STATE, 0, 0, 0, 0, 0, 0},
    {"b", "minus v", "m/s", MO2C_SRC_STATE, 1, 1, 0, 0, 1, 0},
};

static int init_params(mo2c_data *d)
{
    if (!d->p_overridden[0])
        d->p[0] = 1.0;
    int ok = 1;
    d->p[1] = mo2c_sqrt(d, d->p[0], "osc.c:50: w = sqrt(k)", &ok);
    return ok ? 0 : -1;
}

static int initialize(mo2c_data *d)
{
    d->x[0] = d->x_start_overridden[0] ? d->x_start[0] : 1.0;
    d->x[1] = d->x_start_overridden[1] ? d->x_start[1] : 0.0;
    return 0;
}

static int rhs(mo2c_data *d, double t, const double *x, double *dx)
{
    (void)t;
    const double k = d->p[0];
    dx[0] = x[1];
    dx[1] = -k * x[0];
    d->y[0] = 0.5 * (k * x[0] * x[0] + x[1] * x[1]);
    d->y[1] = 2.0 * x[0];
    return 0;
}

#ifdef OSC_JAC
static int jacobian(mo2c_data *d, double t, const double *x, double *jac)
{
    (void)t, (void)x;
    jac[0] = 0.0, jac[1] = 1.0;
    jac[2] = -d->p[0], jac[3] = 0.0;
    return 0;
}
#define OSC_JACOBIAN jacobian
static const int jac_rowptr[] = {0, 2, 4}, jac_col[] = {0, 1, 0, 1};
static int jacobian_sparse(mo2c_data *d, double t, const double *x, double *val)
{
    (void)t, (void)x;
    val[0] = 0.0, val[1] = 1.0;
    val[2] = -d->p[0], val[3] = 0.0;
    return 0;
}
#define OSC_SPARSE 4, jac_rowptr, jac_col, jacobian_sparse
#else
#define OSC_SPARSE 0, NULL, NULL, NULL
#define OSC_JACOBIAN NULL
#endif

#ifdef OSC_EXPERIMENT
#define OSC_EXP 1, 1, 1, 1, 0.0, 10.0, 0.1, 1e-8
#else
#define OSC_EXP 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0
#endif

static const mo2c_model model = {
    OSC_NAME, "harmonic oscillator", 2, 2, 2, (int)(sizeof vars / sizeof vars[0]), vars, OSC_EXP,
    init_params, initialize, rhs, OSC_JACOBIAN,
    0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, /* no events (rel_live too) */
    NULL, /* rhs computes every y: no outputs function */
    0, NULL, /* no String parameters */
    0,       /* no sample() */
    0, NULL, NULL, 0, NULL, /* no top-level inputs or outputs */
    0, NULL, 0, /* every y compared in event iteration (no events anyway) */
    0,       /* no delay() */
    OSC_SPARSE,
    0, NULL, /* no state choice watched */
};

int main(int argc, char **argv)
{
    return mo2c_main(&model, argc, argv);
}
