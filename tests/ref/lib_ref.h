/*
 * lib_ref.h - the reference generator of the bundled library's examples (models/Modelica/.../Examples),
 * shared by lib_ref.c (the driver: matrix exponential, rk8pd, self-tests, CSV) and the per-domain files
 * lib_ref_mech.c and lib_ref_other.c, which hold each example's hand-derived equations.
 *
 * A model is described three ways where it can be, so that the generator checks its own derivation:
 *   exact  closed form of the physical states (optional)
 *   A      the augmented linear system x' = A x (optional): sources become states (a constant 1,
 *          a step's value, a ramp's value and slope, a sine's sin/cos pair), so the trajectory of a
 *          phase is expm(A (t - t_k)) x(t_k), and `jump` resets the source states at phase starts
 *   rhs    the hand-derived ODE with every source written as a function of time (always present),
 *          integrated by GSL's rk8pd at 1e-12
 * The reference comes from the first available of exact, A, rhs; every other description must agree
 * with it on the physical states (the first np entries of x) at every output time.
 */
#ifndef LIB_REF_H
#define LIB_REF_H

enum { LR_MAXX = 8, LR_MAXY = 16, LR_MAXPH = 4 };

typedef struct lr_model lr_model;
struct lr_model {
    const char *name;                   /* the Modelica model's full name */
    double stop;                        /* the experiment's StopTime (StartTime is 0 throughout) */
    int n;                              /* output intervals: 2 (stop - start) / Interval */
    int np, nx;                         /* physical states, all states (with the sources') */
    const double *x0;                   /* start values, nx of them */
    int nphase;                         /* phases: [t_k, t_k+1), the last one up to stop */
    double tph[LR_MAXPH];               /* phase start times, tph[0] = 0 */
    void (*jump)(int k, double t, double *x);           /* set the source states at phase k's start */
    void (*exact)(double t, double *x);                 /* closed form of x[0..np) or NULL */
    void (*matrix)(double *A);                          /* row-major nx x nx, or NULL */
    void (*rhs)(int k, double t, const double *x, double *dx); /* dx[0..np) in phase k */
    int ny;
    const char *cols[LR_MAXY];          /* the comparison signals */
    void (*out)(int k, double t, const double *x, const double *dx, double *y);
};

extern const lr_model *const lr_mech_models[];  /* NULL-terminated */
extern const lr_model *const lr_other_models[];

#endif
