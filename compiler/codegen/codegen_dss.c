/*
 * codegen_dss.c - the run-time guard of a static state choice that would need dynamic state selection.
 *
 * Index reduction (analysis/index.c) chooses the states once, at the start values: of the variables that
 * a differentiated constraint ties together, some stay states and the others become dummy states,
 * computed from the constraint. That choice is good while the constraint's partial derivative against
 * its dummy state is not small beside those against the states it could have chosen instead. MultiBody's
 * free bodies are the common case: four quaternion components under Q*Q = 1, three of them states; the
 * fourth, computed by Newton from the constraint, has two roots +-sqrt(1 - others^2), and where it
 * passes through 0 Newton stays on the root of the sign it had (its Jacobian 2 Q[k] vanishes there): the
 * run would go on with the mirrored rotation, a wrong answer that looks right. Tools switch to another
 * choice of states there (dynamic state selection); mo2c does not yet, so the run stops with a located
 * error before the choice degenerates.
 *
 * The guard fires when both hold, at the end of rhs (every derivative of the evaluation computed):
 *  - the partial derivative p = dF/dz of the constraint F against the dummy z is below DSS_RATIO times
 *    q, the largest |dF/dx| of a state x of the equation (z is near a point where F cannot give it);
 *  - z moves: |der(z)| q is above DSS_MOVING times the largest |dF/dx der(x)| of those states. Both
 *    sides are rates of F, so the test does not depend on the variables' units. A dummy that only sits
 *    at the singular point while the others move across it stays (a body in planar motion: its
 *    quaternion component Q[2] is 0 throughout and so is its derivative, given by the angular
 *    velocity; Newton's double root there is right), while one that moves towards it or away from it
 *    (the Cartesian pendulum's x at the bottom of its swing, |der(x)| = 4.4 m/s where der(y) = 0) would
 *    need the states switched.
 * A failure at a trial point only shortens the integrator's step (runtime/solver.c); the run stops when
 * an accepted point fails. codegen_need.c computes the guarded loops and der(z) in rhs (mo_cg_needed).
 *
 * Needs: a solved DAE (dae->ode's blocks). Guarantees: a guard only for a nonlinear loop of one
 * equation (not an algorithm) whose one unknown is a dummy state (an algebraic variable with a
 * derivative) and which holds a state; the message names the equation (its where string) and the dummy
 * state (an escaped literal, never a format). Linear in the size of the guarded equations.
 */
#include "codegen.h"
#include "../analysis/daeutil.h"

#include <math.h>

/* Below this ratio of |dF/dz| to the largest |dF/dx| of a state x of the same equation the choice is
 * given up: the compile-time choice takes a column within a factor 10 of the largest (index.c), so this
 * is ten times past the point where it would have chosen otherwise. */
#define DSS_RATIO 1e-2
/* z moves when |der(z)| q exceeds this fraction of the states' largest |dF/dx der(x)|: a dummy that
 * sits at its singular point has der(z) at rounding level beside them (1e-16 relative), one that
 * passes it is of their order or above (the pendulum: |u| q against |y v| q, u/v = -y/x large). */
#define DSS_MOVING 1e-3
/* Newton on a double root (the dummy at its singular point, F ~ p^2) stops within about the square
 * root of its tolerance: below this ratio of p to q the dummy is at the point, at rounding level
 * (HeatLosses' Q[2]: 1e-10 relative, its derivative noise of the same order), and stays there; the
 * guard watches the band between this and DSS_RATIO, which a dummy moving through the point crosses. */
#define DSS_AT 1e-6

int mo_cg_dss_dummy(const mo_dae *dae, const mo_block *b)
{
    if (b->kind != MO_BLOCK_NONLINEAR || b->n != 1)
        return -1;
    int z = b->vars[0];
    const mo_dvar *dz = &dae->vars.v[z];
    if (dz->kind != MO_DV_ALGEBRAIC || dz->der < 0 || mo_block_eq(dae, &dae->ode, b->eqs[0])->alg)
        return -1;
    return z;
}

/* The guard of block b (mo_cg_dss_dummy gives its z), at indent; seen is workspace of dae->vars.n
 * zeros, left so. */
static void guard(mo_cg *cg, mo_buf *o, const mo_block *b, int z, unsigned char *seen, const char *indent)
{
    const mo_dae *dae = cg->dae;
    const mo_deq *q = mo_block_eq(dae, &dae->ode, b->eqs[0]);
    mo_int_vec vs = {0};
    mo_dae_eq_unknowns(dae, q, seen, &vs);
    mo_expr *res = mo_sym_sub(q->lhs, q->rhs);
    mo_expr *dzx = mo_diff_var(res, z);
    if (!dzx)
        return;
    mo_expr **dx = MO_NEWN(mo_expr *, vs.n + 1);
    int ncand = 0;
    for (int k = 0; k < vs.n; k++) {
        if (dae->vars.v[vs.v[k]].kind != MO_DV_STATE)
            continue;
        if (!(dx[k] = mo_diff_var(res, vs.v[k])))
            return;
        ncand++;
    }
    if (ncand == 0)
        return;   /* no state it could trade places with */
    int w = b->torn->res_eqs[0];
    cg->where_used[w] = 1;
    cg->out = o;
    cg->where_id = w;
    mo_buf_printf(o, "%s{   /* loop of the dummy state ", indent);
    mo_cg_comment(o, dae->vars.v[z].name, 80);
    mo_buf_printf(o, ": does the static state choice still hold? (codegen_dss.c) */\n%s    double dz_ = fabs(",
                  indent);
    mo_cg_expr(cg, dzx);
    mo_buf_puts(o, "), vz_ = fabs(");
    mo_cg_expr(cg, mo_sym_var(q->loc, dae->vars.v[z].der));
    mo_buf_puts(o, "), dx_ = 0.0, vx_ = 0.0;\n");
    for (int k = 0; k < vs.n; k++) {
        if (dae->vars.v[vs.v[k]].kind != MO_DV_STATE)
            continue;
        mo_buf_printf(o, "%s    {\n%s        double p_ = fabs(", indent, indent);
        mo_cg_expr(cg, dx[k]);
        mo_buf_printf(o, ");\n%s        dx_ = fmax(dx_, p_);\n%s        vx_ = fmax(vx_, p_ * fabs(", indent, indent);
        mo_cg_expr(cg, mo_sym_var(q->loc, dae->vars.v[vs.v[k]].der));
        mo_buf_printf(o, "));\n%s    }\n", indent);
    }
    mo_buf_printf(o, "%s    if (!ok)\n%s        return -1;\n", indent, indent);
    mo_buf_printf(o, "%s    if (dz_ < %.17g * dx_ && dz_ > %.17g * dx_ && vz_ * dx_ > %.17g * vx_)\n", indent,
                  DSS_RATIO, DSS_AT, DSS_MOVING);
    mo_buf_printf(o, "%s        return mo2c_fail(d, \"the states chosen at compile time no longer fit the "
                     "constraint %%s: its partial derivative against the dummy state '%%s' is %%g, against a "
                     "state %%g, and it moves at %%g; dynamic state selection (switching the states during "
                     "the run) is not supported yet\", %s, \"", indent, mo_cg_where_name(cg, w));
    mo_cg_c_string(o, dae->vars.v[z].name);
    mo_buf_printf(o, "\", dz_, dx_, vz_);\n%s}\n", indent);
}

void mo_cg_dss_guards(mo_cg *cg, mo_buf *o, const unsigned char *need, const char *indent)
{
    const mo_dae *dae = cg->dae;
    unsigned char *seen = NULL;
    for (int k = 0; k < dae->ode.blocks.n; k++) {
        const mo_block *b = &dae->ode.blocks.v[k];
        int z = need[k] ? mo_cg_dss_dummy(dae, b) : -1;
        if (z < 0)
            continue;
        if (!seen)
            seen = MO_NEWN(unsigned char, dae->vars.n + 1);
        guard(cg, o, b, z, seen, indent);
    }
}
