/*
 * solve.c - solving the sorted blocks: explicit assignments, and torn algebraic loops with their
 * symbolic Jacobians.
 *
 * Input: a DAE after mo_dae_sort, whose dae->ode and dae->init blocks have kind, n, eqs and vars set
 * (vars[i] matched to eqs[i]). Output: every block classified and solved:
 *   - 1x1 block whose unknown occurs linearly, or linearly in the denominator of a quotient equal to an
 *     expression free of it (R = 1/G for G): MO_BLOCK_EXPLICIT, solution = the unknown's value;
 *   - 1x1 otherwise: MO_BLOCK_NONLINEAR with the unknown as its only tear variable (Newton);
 *   - larger blocks: MO_BLOCK_LINEAR when every equation is affine in the block's unknowns (the
 *     coefficients free of them), otherwise MO_BLOCK_NONLINEAR; both are torn (below);
 *   - the pseudo-equations of an algorithm section (dae.h): MO_BLOCK_ALGORITHM, the section itself;
 *     a block mixing them with equations (an algebraic loop through a section) is an error (not yet).
 * Index convention of the blocks' equation numbers: in dae->ode they index dae->eqs; in dae->init an
 * index i < dae->eqs.n is dae->eqs[i] and i >= dae->eqs.n is dae->init_eqs[i - dae->eqs.n]
 * (mo_block_eq reads them).
 *
 * Tearing (greedy): keep a count, per equation, of its unknowns not yet determined. Repeatedly take an
 * equation with exactly one undetermined unknown that it can be solved for explicitly (linearly) and
 * make it an inner assignment, those that divide by a fixed coefficient (numbers, parameters) first:
 * a varying one may be 0 where the loop has a solution (a diode's LossPower = v*i is no way to compute
 * i while v = 0; the diode's current equation is), so such an equation is used only when no other
 * can be, and in a linear loop not at all (an extra unknown of its LU instead), nor where the
 * coefficient is 0 at the start values its variables declare, or that earlier explicit blocks compute
 * from such values at the start time (zero_at_start, note_start_value), or where the solver starts
 * (solve_ws.guess: those values carried through the loop's earlier inner assignments; of several such
 * equations for one unknown, one whose coefficient is not 0 there); when there is none,
 * make a tear variable of the undetermined unknown
 * occurring in the most unassigned equations (ties: the first in block order), a Real one before any
 * Boolean, Integer or enumeration (Newton cannot iterate those: computed from the Real tear variables
 * with the relations frozen, they are settled at events by mo2c_mixed_loop), and in a nonlinear loop
 * one with a start value before one without (the start is the modeller's guess for the iteration, and
 * where the loop has several solutions it picks one: a Schmitt trigger's r1.i(start = 0) leads Newton
 * to the saturated output, its input voltage's default 0 to the unstable middle), and go on. The equations
 * left unassigned are the residuals; there are as many as tear variables. This does not guarantee the
 * fewest tear variables (that problem is NP-hard) but takes time linear in the block's incidence (the
 * tear candidates in a heap: times log n), and turns the common "one unknown links a chain" loop into a
 * 1x1 loop.
 *
 * Jacobian of the torn residuals with respect to the tear variables, by the chain rule through the inner
 * assignments: for each tear variable t, d u_m/dt = du_m/dt (partial) + sum over earlier inner u_l of
 * (d s_m / d u_l) * d u_l/dt, and likewise for the residuals. Kept as the partial derivatives of each
 * assignment and residual (dae.h: jac_start), which the generated code runs once per tear variable, so
 * that its size is linear in the loop's: written out entry by entry, the chain rule repeats each inner
 * derivative in every later one, exponentially along a ladder network (a 10 x 10 resistor network's
 * Jacobian was 85 MB of C). None when some expression cannot be differentiated (code generation then
 * uses finite differences).
 */
#include "daeutil.h"
#include "graph.h"
#include "stats.h"

#include <math.h>
#include <string.h>

mo_torn mo_torn_none;

const mo_deq *mo_block_eq(const mo_dae *dae, const mo_system *sys, int eq)
{
    if (sys == &dae->init && eq >= dae->eqs.n)
        return &dae->init_eqs.v[eq - dae->eqs.n];
    return &dae->eqs.v[eq];
}

/* mo_solve_for, and the coefficient divided by in *coef_out (when not NULL); arrays as in
 * mo_sym_linear_in. */
static mo_expr *solve_for_coef(const mo_expr *lhs, const mo_expr *rhs, int var, mo_expr **coef_out,
                               mo_sym_arrays *arrays)
{
    mo_expr *cl, *rl, *cr, *rr;
    if (!mo_sym_linear_in(lhs, var, &cl, &rl, arrays) || !mo_sym_linear_in(rhs, var, &cr, &rr, arrays))
        return NULL;
    /* cl*v + rl = cr*v + rr  ->  v = (rr - rl) / (cl - cr) */
    mo_expr *coef = mo_sym_sub(cl, cr);
    double c;
    if (mo_sym_is_num(coef, &c) && c == 0)
        return NULL;
    if (coef_out)
        *coef_out = coef;
    return mo_simplify(mo_sym_div(mo_sym_sub(rr, rl), coef));
}

mo_expr *mo_solve_for(const mo_expr *lhs, const mo_expr *rhs, int var)
{
    return solve_for_coef(lhs, rhs, var, NULL, NULL);
}

/* n / d = other (either side), var in d only and linearly there: d = n / other, then var from d. A
 * reluctance's R_m = 1/G_m solved for the permeance G_m (FluxTubes' leakage elements): Newton from
 * G_m's start value 0 divided by zero at the first step. Where other is 0 the equation has no solution
 * (n != 0) or every d is one (n = 0): dividing by other fails there as the equation itself would. */
static mo_expr *solve_reciprocal(const mo_expr *lhs, const mo_expr *rhs, int var, mo_sym_arrays *arrays)
{
    for (int side = 0; side < 2; side++) {
        const mo_expr *q = side ? rhs : lhs, *other = side ? lhs : rhs;
        double z;
        if (q->kind != MO_EX_BINARY || mo_op_scalar(q->op) != MO_OP_DIV || mo_sym_has_var_in(q->a[0], var, arrays) ||
            mo_sym_has_var_in(other, var, arrays) || (mo_sym_is_num(q->a[0], &z) && z == 0))
            continue;
        mo_expr *c, *r;
        if (!mo_sym_linear_in(q->a[1], var, &c, &r, arrays) || (mo_sym_is_num(c, &z) && z == 0))
            continue;
        mo_expr *d = mo_sym_div(q->a[0], (mo_expr *)other);
        return mo_simplify(mo_sym_div(mo_sym_sub(d, r), c));
    }
    return NULL;
}

/* Per-solve workspace over all DAE variables. */
typedef struct solve_ws {
    int *local;               /* variable -> index among the block's unknowns, or -1 */
    unsigned char *seen;      /* for mo_expr_collect_vars */
    unsigned char *in_block;  /* variable is an unknown of the current block */
    double *pvals;            /* the parameters' values from their bindings (mo_dae_start_values),
                               * made when a loop first needs them; then also values at the start time
                               * (note_start_value) */
    double *at_start;         /* the values at the start time that zero_at_start may decide on: those of
                               * parameters, constants, variables with start values and variables
                               * note_start_value computed, NaN for the others (mo_eval_fns: not known) */
    mo_sym_arrays arrays;     /* what the arrays of choices read, for solving (sym.h) */
    double *guess;            /* pvals, then for the loop being torn the values its inner assignments
                               * give from them (its unknowns restored after it): the point where the
                               * solver evaluates the loop first */
} solve_ws;

static mo_expr *residual(const mo_deq *q)
{
    return mo_sym_sub(q->lhs, q->rhs);
}

/* Variables of e that are block unknowns, as local indices. */
static void block_vars_of(const mo_expr *e, solve_ws *ws, mo_int_vec *out)
{
    mo_int_vec all = {0};
    mo_expr_collect_vars(e, ws->seen, &all);
    for (int k = 0; k < all.n; k++) {
        ws->seen[all.v[k]] = 0;
        if (ws->local[all.v[k]] >= 0)
            MO_PUSH(*out, ws->local[all.v[k]]);
    }
}

/* The Jacobian of the torn block in forward mode (see dae.h and the header comment): for each inner
 * assignment and each residual, the partial derivatives with respect to the loop's unknowns it reads. */
static void torn_jacobian(mo_block *b, mo_expr **res, solve_ws *ws)
{
    int nt = b->torn->ntear, ni = b->torn->ninner, nexpr = ni + nt;
    /* ws->local: tear variable j -> j, inner variable m -> nt + m (reset after) */
    for (int j = 0; j < nt; j++)
        ws->local[b->torn->tear_vars[j]] = j;
    for (int m = 0; m < ni; m++)
        ws->local[b->torn->inner_vars[m]] = nt + m;
    int *start = MO_NEWN(int, nexpr + 1);
    mo_int_vec vars = {0};
    MO_VEC(mo_expr *) ds = {0};
    bool okj = true;
    for (int k = 0; k < nexpr && okj; k++) {
        const mo_expr *e = k < ni ? b->torn->inner_solutions[k] : res[k - ni];
        mo_int_vec ls = {0};
        block_vars_of(e, ws, &ls);
        for (int q = 0; q < ls.n && okj; q++) {
            int l = ls.v[q];
            if (k < ni && l >= nt + k)
                continue; /* only the tear variables and earlier inner variables occur in an inner solution */
            mo_expr *d = mo_diff_var(e, l < nt ? b->torn->tear_vars[l] : b->torn->inner_vars[l - nt]);
            double z;
            if (!d)
                okj = false;
            else if (!(mo_sym_is_num(d, &z) && z == 0)) {
                MO_PUSH(vars, l);
                MO_PUSH(ds, d);
            }
        }
        start[k + 1] = vars.n;
    }
    for (int j = 0; j < nt; j++)
        ws->local[b->torn->tear_vars[j]] = -1;
    for (int m = 0; m < ni; m++)
        ws->local[b->torn->inner_vars[m]] = -1;
    b->torn->jac_start = okj ? start : NULL;
    b->torn->jac_var = vars.v;
    b->torn->jac_d = ds.v;
}

/* Is e made of numbers, parameters and constants only? Then *val is its value with the parameters'
 * values, *known whether that could be computed (a value not known here may be 0 too: a winding's N.im,
 * from a parameter bound to exp(Complex(0, orientation)) with orientation 0). */
static bool fixed_value(const mo_dae *dae, const mo_expr *e, solve_ws *ws, double *val, bool *known)
{
    mo_int_vec vs = {0};
    mo_expr_collect_vars(e, ws->seen, &vs);
    bool fixed = true;
    for (int k = 0; k < vs.n; k++) {
        ws->seen[vs.v[k]] = 0;
        mo_dkind kind = dae->vars.v[vs.v[k]].kind;
        fixed &= kind == MO_DV_PARAMETER || kind == MO_DV_CONSTANT;
    }
    *known = false;
    if (fixed) {
        if (vs.n && !ws->pvals)
            ws->pvals = mo_dae_start_values(dae);
        bool ok = true;
        *val = mo_eval(e, ws->pvals, &ok);
        *known = ok;
        if (!vs.n && !ok)
            *val = 1;   /* numbers only (as before the parameters' values were looked at): not 0 */
        *known |= !vs.n;
    }
    return fixed;
}

/* Is the coefficient an equation is divided by, solved for an unknown, fixed for the whole run (a number,
 * parameters and constants) and not 0 with the parameters' values? One that varies (a voltage in
 * P = v*i solved for i) may pass through 0, at the start typically, and the assignment then divides by
 * zero where the loop has a solution; so does a parameter that is 0 (a massless inertia of the MSL's
 * Translational.Examples.Vehicle, J = 0: J*der(w) = tau_a + tau_b is no way to compute der(w), the
 * rolling wheel's constraint is). */
static bool fixed_coefficient(const mo_dae *dae, const mo_expr *coef, solve_ws *ws)
{
    double c = 0;
    bool known;
    return fixed_value(dae, coef, ws, &c, &known) && known && c != 0;
}

/* Is the coefficient 0 in a branch of an if-expression (through products, quotients' numerators and
 * negations; a branch made of parameters is 0 when their values make it so)? So it is when the equation
 * comes from an if-equation whose unknown occurs in some branches only: the Fluid vessel's
 * s[i] = if regularFlow[i] then level - height elseif inFlow[i] then m_flow else ..., solved for m_flow,
 * divides by `if regularFlow[i] then 0 else ...`, 0 whenever the port is below the level
 * (MeasuringTemperature, PumpingSystem stopped at time 0 on it), and a closed valve's
 * m_flow = if open then k*dp else opening_min*k*dp, solved for dp, by opening_min*k with
 * opening_min = 0 (ControlledTanks). Such an equation does not determine the unknown in that mode: it
 * stays a residual. Recursion over the coefficient's depth. */
static bool zero_in_a_branch(const mo_dae *dae, const mo_expr *c, solve_ws *ws)
{
    double z;
    bool known;
    if (fixed_value(dae, c, ws, &z, &known))
        return known && z == 0;
    switch (c->kind) {
    case MO_EX_IF:
        for (int i = 1; i < c->n; i += 2)
            if (zero_in_a_branch(dae, c->a[i], ws))
                return true;
        return zero_in_a_branch(dae, c->a[c->n - 1], ws);
    case MO_EX_UNARY:
        return c->op != MO_OP_NOT && zero_in_a_branch(dae, c->a[0], ws);
    case MO_EX_BINARY:
        switch (mo_op_scalar(c->op)) {
        case MO_OP_MUL:
            return zero_in_a_branch(dae, c->a[0], ws) || zero_in_a_branch(dae, c->a[1], ws);
        case MO_OP_DIV:
            return zero_in_a_branch(dae, c->a[0], ws);
        default:
            return false;
        }
    default:
        return false;
    }
}

/* Is the varying coefficient coef exactly 0 with the start values, every variable its value reads declaring
 * one (or a parameter)? Then the assignment that divides by it fails at the first evaluation where the
 * loop's solution is its start: MultiBody's R.T[2,3] = 2 (Q2 Q3 + Q1 Q4) solved for Q4 through 2 Q1,
 * Q(start = Q_start) and Q1 = 0 for an unrotated body (GyroscopicEffects). A variable without a start
 * value is 0 by default only, no sign that the run starts there: it does not count, unless an earlier
 * block computes it from such values (note_start_value: a conductance that a ramp holds at 0 until
 * t = 0.1, QuasiStatic's Rectifier, whose initial loop divided by it). Time is the experiment's start. */
static double start_time(const mo_dae *dae)
{
    return dae->flat && dae->flat->experiment.has_start ? dae->flat->experiment.start : 0;
}

/* ws->at_start (and ws->pvals) made when first needed. */
static double *start_point(const mo_dae *dae, solve_ws *ws)
{
    if (!ws->at_start) {
        if (!ws->pvals)
            ws->pvals = mo_dae_start_values(dae);
        int nv = dae->vars.n;
        ws->at_start = MO_NEWN(double, nv + 1);
        for (int v = 0; v < nv; v++) {
            const mo_dvar *d = &dae->vars.v[v];
            ws->at_start[v] = d->kind == MO_DV_PARAMETER || d->kind == MO_DV_CONSTANT || d->start != NULL
                                  ? ws->pvals[v] : NAN;
        }
    }
    return ws->at_start;
}

/* Evaluated directly on at_start, where a value not known is NaN and fails the evaluation: no list of
 * the variables coef reads, which for an element chosen from an array at run time (x[k + i]) names the
 * whole array, N^2 over N such equations. */
static bool zero_at_start(const mo_dae *dae, const mo_expr *coef, solve_ws *ws)
{
    bool ok = true;
    double c = mo_eval_fns_at(coef, start_point(dae, ws), start_time(dae), &ok);
    return ok && c == 0;
}

/* After the explicit block b, v = solution: when the solution's value at the start time follows from
 * parameters, start values and values noted so (at_start; evaluated directly, as zero_at_start), and v
 * has no start value of its own, v's value at the start time becomes known to zero_at_start. A guess
 * like the start values it is computed from (a state's start need not be its initial value): it only
 * steers the choice of the equations a loop is solved by. Blocks come in their order, so what a
 * solution reads was noted before; each block is evaluated once, so the work is linear in the model
 * (the evaluation of x[k] reads the chosen element only). */
static void note_start_value(const mo_dae *dae, const mo_block *b, solve_ws *ws)
{
    int v = b->vars[0];
    double *at = start_point(dae, ws);
    if (dae->vars.v[v].start || !isnan(at[v]))
        return;
    bool ok = true;
    double x = mo_eval_fns_at(b->solution, at, start_time(dae), &ok);
    if (ok && isfinite(x)) {
        at[v] = x;
        ws->pvals[v] = x;
        if (ws->guess)   /* where the solver starts, too (guess_values copied pvals before) */
            ws->guess[v] = x;
    }
}

/* Does v take Boolean, Integer or enumeration values (pre(v): those of v)? */
static bool discrete_valued(const mo_dae *dae, int v)
{
    if (dae->vars.v[v].pre_of >= 0)
        v = dae->vars.v[v].pre_of;
    int f = dae->vars.v[v].flat;
    return f >= 0 && dae->flat && dae->flat->vars.v[f].type != MO_T_REAL;
}

/* e with its event relations (a < b, a <= b, a > b, a >= b outside noEvent() and smooth(), as
 * codegen_events.c finds them) replaced by a constant: what a loop's unknowns are while it is solved,
 * since generated code reads such a relation's frozen value (d->rel) between events, and at an event
 * mo2c_mixed_loop solves the loop again in each mode it tries. A loop that is affine so is solved by
 * one LU step, exact to rounding: Newton stopped 1e-10 relative short of the solution, and an ideal
 * thyristor off beside one on carrying 1e-6 A has a voltage of -1e-11 that then came out 0 or +6e-15,
 * the wrong sign for its relation 's < 0' (Dimmer_RL's event iteration never settled). Nodes are copied
 * only where a relation is replaced; the depth of the recursion is the expression's. */
static const mo_expr *frozen(const mo_expr *e, int noevent)
{
    if (!e || e->n == 0)
        return e;
    const char *fn = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    if (fn && (!strcmp(fn, "pre") || !strcmp(fn, "edge") || !strcmp(fn, "change")))
        return e;
    if (fn && (!strcmp(fn, "noEvent") || !strcmp(fn, "smooth")))
        noevent++;
    if (!noevent && e->kind == MO_EX_BINARY && (e->op == MO_OP_LT || e->op == MO_OP_LE || e->op == MO_OP_GT ||
                                               e->op == MO_OP_GE))
        return mo_sym_num01(0);
    mo_expr *c = NULL;
    for (int i = 0; i < e->n; i++) {
        const mo_expr *a = frozen(e->a[i], noevent);
        if (a == e->a[i])
            continue;
        if (!c) {
            c = MO_NEW(mo_expr);
            *c = *e;
            c->a = MO_NEWN(mo_expr *, e->n);
            memcpy(c->a, e->a, (size_t)e->n * sizeof *c->a);
        }
        c->a[i] = (mo_expr *)a;
    }
    return c ? c : e;
}

static double *guess_values(const mo_dae *dae, solve_ws *ws)
{
    if (!ws->guess) {
        if (!ws->pvals)
            ws->pvals = mo_dae_start_values(dae);
        ws->guess = MO_NEWN(double, dae->vars.n + 1);
        memcpy(ws->guess, ws->pvals, sizeof(double) * (size_t)dae->vars.n);
    }
    return ws->guess;
}

/* |coef| where the loop's solver first evaluates it (solve_ws.guess), NaN when it cannot be evaluated.
 * Without the calls of user functions (mo_eval, not mo_eval_fns): every inner assignment of every
 * nonlinear loop is evaluated so, and a Media function in a Fluid loop would cost more than the hint. */
static double guess_abs(const mo_dae *dae, const mo_expr *coef, solve_ws *ws)
{
    guess_values(dae, ws);
    bool ok = true;
    double c = mo_eval(coef, ws->guess, &ok);
    return ok ? fabs(c) : NAN;
}

static void solve_loop(const mo_dae *dae, const mo_system *sys, mo_block *b, solve_ws *ws)
{
    int n = b->n;
    b->torn = MO_NEW(mo_torn);
    const mo_deq **eq = MO_NEWN(const mo_deq *, n);
    for (int i = 0; i < n; i++) {
        eq[i] = mo_block_eq(dae, sys, b->eqs[i]);
        ws->local[b->vars[i]] = i;
        ws->in_block[b->vars[i]] = 1;
    }
    /* linear or not; in the ODE system with the discrete unknowns and the event relations as constants:
     * both stay frozen while the loop is solved (a mixed loop, codegen.c: its modes are settled at
     * events). Not in the initial system: its code compares relations afresh (codegen_events.c). */
    bool linear = true, freeze = sys != &dae->init;
    for (int i = 0; i < n && freeze; i++)
        if (discrete_valued(dae, b->vars[i]))
            ws->in_block[b->vars[i]] = 0;
    for (int i = 0; i < n && linear; i++)
        linear = mo_sym_affine(freeze ? frozen(eq[i]->lhs, 0) : eq[i]->lhs, ws->in_block) &&
                 mo_sym_affine(freeze ? frozen(eq[i]->rhs, 0) : eq[i]->rhs, ws->in_block);
    for (int i = 0; i < n; i++)
        ws->in_block[b->vars[i]] = 1;
    b->kind = linear ? MO_BLOCK_LINEAR : MO_BLOCK_NONLINEAR;

    /* incidence of the block, both ways (CSR) */
    mo_int_vec *ev = MO_NEWN(mo_int_vec, n);
    int *vcount = MO_NEWN(int, n + 1);
    for (int i = 0; i < n; i++) {
        block_vars_of(eq[i]->lhs, ws, &ev[i]);
        /* the rhs may repeat a variable of the lhs: dedupe through seen[] */
        mo_int_vec r = {0};
        block_vars_of(eq[i]->rhs, ws, &r);
        for (int k = 0; k < ev[i].n; k++)
            ws->seen[b->vars[ev[i].v[k]]] = 1;
        for (int k = 0; k < r.n; k++)
            if (!ws->seen[b->vars[r.v[k]]]) {
                ws->seen[b->vars[r.v[k]]] = 1;
                MO_PUSH(ev[i], r.v[k]);
            }
        for (int k = 0; k < ev[i].n; k++) {
            ws->seen[b->vars[ev[i].v[k]]] = 0;
            vcount[ev[i].v[k] + 1]++;
        }
    }
    for (int j = 0; j < n; j++)
        vcount[j + 1] += vcount[j];
    int *veq = MO_NEWN(int, vcount[n] > 0 ? vcount[n] : 1), *fill = MO_NEWN(int, n);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < ev[i].n; k++) {
            int j = ev[i].v[k];
            veq[vcount[j] + fill[j]++] = i;
        }

    /* greedy tearing */
    int *count = MO_NEWN(int, n);
    bool *assigned = MO_NEWN(bool, n), *known = MO_NEWN(bool, n);
    mo_int_vec queue = {0}, tear = {0}, inner = {0}, inner_eqs = {0};
    MO_VEC(mo_expr *) inner_sol = {0};
    for (int i = 0; i < n; i++) {
        count[i] = ev[i].n;
        if (count[i] == 1)
            MO_PUSH(queue, i);
    }
    /* equations whose last unknown has a coefficient that varies (fixed_coefficient) wait in `later`:
     * in a nonlinear loop they are solved for it only when no other equation can be, before a new
     * tear variable; in a linear loop never (they stay residuals of the LU, which pivots around a
     * zero coefficient: a transistor's C.i = .. - cbc*der(vbc) with cbc = 0 when its capacitances are) */
    mo_int_vec later = {0};
    int determined = 0, qh = 0, lh = 0;
    /* the waiting equations of each unknown (its last one), so that of several that can give it the one
     * whose coefficient is not 0 at the solver's first point is taken: MultiBody's prismatic joint gives
     * its s from any component of r_b = r_a + T' n s, and in Loops.Fourbar1 the z component's coefficient
     * T[1,3] is 0 there (the loop starts closed with every frame parallel to the world) */
    int *lhead = MO_NEWN(int, n), *lnext = MO_NEWN(int, n);
    for (int j = 0; j < n; j++)
        lhead[j] = -1;

    /* the tear candidates: a heap of (key, unknown) with key = the unassigned equations it occurs in,
     * plus 2 (n + 1) for a Real and n + 1 for a start value in a nonlinear loop; the greatest key first,
     * the first unknown in block order among equal ones. An unknown's key only falls (an equation that
     * becomes an assignment), and it is pushed again then, so an entry whose key is no longer current or
     * whose unknown is known is skipped when popped: n + (incidence) entries in all, where scanning
     * every unknown for each tear variable took n per tear (27 times longer for the distribution network
     * from 100^2 to 316^2 loads). */
    long long span = n + 1, kmax = 4 * span;
    long long *heap = MO_NEWN(long long, n + vcount[n] + 1);
    int nheap = 0;
    int *tkey = MO_NEWN(int, n);
    for (int j = 0; j < n; j++) {
        tkey[j] = vcount[j + 1] - vcount[j];
        if (!discrete_valued(dae, b->vars[j]))
            tkey[j] += 2 * (n + 1);
        if (!linear && dae->vars.v[b->vars[j]].start)
            tkey[j] += n + 1;
        mo_heap_push(heap, &nheap, (kmax - tkey[j]) * span + j);
    }
    while (determined < n) {
        int newly = -1;
        if (qh < queue.n || (!linear && lh < later.n)) {
            bool waited = qh >= queue.n;
            int i = waited ? later.v[lh++] : queue.v[qh++];
            if (assigned[i] || count[i] != 1)
                continue;
            int j = -1;
            for (int k = 0; k < ev[i].n; k++)
                if (!known[ev[i].v[k]])
                    j = ev[i].v[k];
            mo_expr *coef = NULL;
            mo_expr *sol = solve_for_coef(eq[i]->lhs, eq[i]->rhs, b->vars[j], &coef, &ws->arrays);
            if (!sol || zero_in_a_branch(dae, coef, ws))
                continue; /* nonlinear in its last unknown, or absent from a branch: a residual */
            if (!waited && !fixed_coefficient(dae, coef, ws)) {
                MO_PUSH(later, i);
                lnext[i] = lhead[j];
                lhead[j] = i;
                continue;
            }
            if (waited && zero_at_start(dae, coef, ws))
                continue;   /* a residual: a new tear variable instead */
            if (waited) {
                double best = guess_abs(dae, coef, ws);
                for (int i2 = lhead[j]; !(best > 0) && i2 >= 0; i2 = lnext[i2]) {
                    mo_expr *c2 = NULL, *s2;
                    if (i2 == i || assigned[i2] || count[i2] != 1 ||
                        !(s2 = solve_for_coef(eq[i2]->lhs, eq[i2]->rhs, b->vars[j], &c2, &ws->arrays)) ||
                        zero_in_a_branch(dae, c2, ws) || zero_at_start(dae, c2, ws) || !(guess_abs(dae, c2, ws) > 0))
                        continue;
                    best = guess_abs(dae, c2, ws);
                    i = i2;
                    sol = s2;
                    coef = c2;
                }
                if (best == 0)
                    continue;   /* 0 where the solver starts: a residual, a new tear variable instead */
            }
            assigned[i] = true;
            for (int k = 0; k < ev[i].n; k++) {
                int u = ev[i].v[k];
                if (!known[u]) {
                    tkey[u]--;
                    mo_heap_push(heap, &nheap, (kmax - tkey[u]) * span + u);
                }
            }
            MO_PUSH(inner, b->vars[j]);
            MO_PUSH(inner_eqs, b->eqs[i]);
            MO_PUSH(inner_sol, sol);
            if (!linear) {
                bool ok = true;
                double x = mo_eval(sol, guess_values(dae, ws), &ok);
                ws->guess[b->vars[j]] = ok ? x : NAN;
            }
            newly = j;
        } else {
            /* no explicit step possible: tear the unknown occurring in most unassigned equations, a
             * Real one first (Newton cannot iterate a Boolean or Integer: those are computed from the
             * Real tear variables, with the relations frozen, and settle in event iteration) */
            int best = -1;
            while (nheap > 0 && best < 0) {
                long long top = mo_heap_pop(heap, &nheap);
                int j = (int)(top % span);
                if (!known[j] && tkey[j] == kmax - top / span)
                    best = j;
            }
            MO_ASSERT(best >= 0);
            MO_PUSH(tear, b->vars[best]);
            newly = best;
        }
        known[newly] = true;
        determined++;
        for (int k = vcount[newly]; k < vcount[newly + 1]; k++) {
            int i = veq[k];
            if (--count[i] == 1 && !assigned[i])
                MO_PUSH(queue, i);
        }
    }
    mo_int_vec res_eqs = {0};
    MO_VEC(mo_expr *) res = {0};
    for (int i = 0; i < n; i++)
        if (!assigned[i]) {
            MO_PUSH(res_eqs, b->eqs[i]);
            MO_PUSH(res, residual(eq[i]));
        }
    for (int k = 0; k < inner.n && !linear; k++)   /* the next loop starts from the start values again */
        ws->guess[inner.v[k]] = ws->pvals[inner.v[k]];
    MO_ASSERT(res_eqs.n == tear.n);
    b->torn->ntear = tear.n;
    b->torn->tear_vars = tear.v;
    b->torn->res_eqs = res_eqs.v;
    b->torn->ninner = inner.n;
    b->torn->inner_vars = inner.v;
    b->torn->inner_solutions = inner_sol.v;
    b->torn->inner_eqs = inner_eqs.v;
    for (int i = 0; i < n; i++) {
        ws->local[b->vars[i]] = -1;
        ws->in_block[b->vars[i]] = 0;
    }
    torn_jacobian(b, res.v, ws);
}

/* A loop through the algorithm section alg (its outputs feed back into its inputs through the
 * equations of b): a nonlinear loop whose iterated unknowns are the block's other unknowns (those the
 * equations are matched to; the section's pseudo-equations are matched to its outputs), whose residual
 * function runs the section, which computes the outputs from them, and then takes the equations'
 * residuals. The section is a function of its inputs there (11.1), so the loop is not torn further and
 * has no symbolic Jacobian (finite differences). Its relations stay frozen between events, as everywhere.
 * 1 when done, -1 after an error, 0 when b holds another section too (the caller reports). */
static int algorithm_loop(const mo_dae *dae, const mo_system *sys, mo_block *b, int alg)
{
    int nt = 0, *tear = MO_NEWN(int, b->n), *res = MO_NEWN(int, b->n);
    for (int i = 0; i < b->n; i++) {
        const mo_deq *q = mo_block_eq(dae, sys, b->eqs[i]);
        if (q->alg && q->alg - 1 != alg)
            return 0;
        if (q->alg)
            continue;
        tear[nt] = b->vars[i];
        res[nt++] = b->eqs[i];
    }
    for (int j = 0; j < nt; j++)
        if (discrete_valued(dae, tear[j])) {
            mo_error(dae->algs.v[alg].src->loc, "not supported yet: an algorithm section in an algebraic loop "
                     "whose other unknowns include the Boolean, Integer or enumeration '%s'", dae->vars.v[tear[j]].name);
            mo_dae_note_eqs(dae, res, nt, "is in the loop");
            return -1;
        }
    b->kind = MO_BLOCK_NONLINEAR;
    b->torn = MO_NEW(mo_torn);
    b->torn->ntear = nt;
    b->torn->tear_vars = tear;
    b->torn->res_eqs = res;
    b->torn->ninner = 0;
    b->torn->jac_start = NULL;
    b->torn->loop_alg = alg + 1;
    return 1;
}

/* A block holding pseudo-equations of an algorithm section: exactly that section's (sort.c keeps
 * them together), which then runs in place; in a loop with other equations: algorithm_loop.
 * 1 when b is such a block, -1 after an error, 0 for a block of equations. */
static int algorithm_block(const mo_dae *dae, const mo_system *sys, mo_block *b)
{
    int alg = -1, nalg = 0;
    for (int i = 0; i < b->n; i++) {
        const mo_deq *q = mo_block_eq(dae, sys, b->eqs[i]);
        if (q->alg) {
            alg = q->alg - 1;
            nalg++;
        }
    }
    if (alg < 0)
        return 0;
    const mo_dalg *a = &dae->algs.v[alg];
    if (nalg == b->n && nalg == a->neq) {
        b->kind = MO_BLOCK_ALGORITHM;
        b->alg = alg;
        return 1;
    }
    if (nalg == a->neq && !a->src->initial) {
        int r = algorithm_loop(dae, sys, b, alg);
        if (r)
            return r;
    }
    mo_error(a->src->loc, "not supported yet: an algorithm section in an algebraic loop (%d equations and "
             "unknowns solved together)", b->n);
    int *eqs = MO_NEWN(int, b->n);
    int n = 0;
    for (int i = 0; i < b->n; i++)
        if (!mo_block_eq(dae, sys, b->eqs[i])->alg)
            eqs[n++] = b->eqs[i];
    mo_dae_note_eqs(dae, eqs, n, "is in the loop");
    return -1;
}

/* An x[k] of e (k known only at run time, flat.h) through which a block would solve for some of its
 * unknowns (in_block) but not for every element k may choose: which element the equation determines
 * is known only at run time, so the block cannot be sorted so (NULL when there is none). A block that
 * solves for all of them (x[k] = e1, x[1] + x[2] = e2) solves them as a whole. */
static const mo_expr *partial_index(const mo_expr *e, const mo_block *b, solve_ws *ws, mo_dag *w)
{
    const unsigned char *in_block = ws->in_block;
    if (!e || !mo_dag_first(w, e))   /* (a shared node found nothing the first time: ast.h) */
        return NULL;
    mo_dag_nodes++;
    if (e->kind == MO_EX_INDEX) {
        const mo_expr *arr = e->a[0];
        bool some = false, all = true;
        /* a block smaller than the array asks about its unknowns instead of walking the elements at
         * each reference (N M for M references to N elements, 1x1 blocks being the common case) */
        if (arr->kind == MO_EX_ARRAY && b->n < arr->n) {
            for (int j = 0; j < b->n && !some; j++)
                some = mo_sym_array_has_var(&ws->arrays, arr, b->vars[j]);
            if (!some)
                arr = NULL;
        }
        for (int i = 0; arr && i < arr->n; i++) {
            const mo_expr *el = arr->a[i];
            if (el->kind == MO_EX_VAR && el->var >= 0 && in_block[el->var]) {
                some = true;
            } else {
                all = false;
                some |= mo_sym_reads_any(el, in_block);
            }
        }
        if (some && !all)
            return e;
    }
    for (int i = 0; i < e->n; i++) {
        const mo_expr *r = partial_index(e->a[i], b, ws, w);
        if (r)
            return r;
    }
    return NULL;
}

/* false after an error (reported) */
static bool solve_block(const mo_dae *dae, const mo_system *sys, mo_block *b, solve_ws *ws)
{
    const mo_expr *bad = NULL;
    for (int i = 0; i < b->n; i++)
        ws->in_block[b->vars[i]] = 1;
    static mo_dag dag;
    for (int i = 0; i < b->n && !bad; i++) {
        const mo_deq *q = mo_block_eq(dae, sys, b->eqs[i]);
        mo_dag *w = mo_dag_begin(&dag);
        if (!(bad = partial_index(q->lhs, b, ws, w)))
            bad = partial_index(q->rhs, b, ws, w);
        mo_dag_end(w);
    }
    for (int i = 0; i < b->n; i++)
        ws->in_block[b->vars[i]] = 0;
    if (bad) {
        const char *names = "";
        for (int i = 0; i < b->n && i < 4; i++)
            names = mo_sprintf("%s%s'%s'", names, i ? ", " : "", dae->vars.v[b->vars[i]].name);
        mo_error(bad->loc, "not supported yet: an equation that determines an element of '%s' chosen at run time "
                 "(solving for %s%s)", bad->str ? bad->str : "an array", names, b->n > 4 ? ", ..." : "");
        return false;
    }
    if (b->n == 1) {
        const mo_deq *q = mo_block_eq(dae, sys, b->eqs[0]);
        mo_expr *sol = solve_for_coef(q->lhs, q->rhs, b->vars[0], NULL, &ws->arrays);
        if (!sol)
            sol = solve_reciprocal(q->lhs, q->rhs, b->vars[0], &ws->arrays);
        if (sol) {
            b->kind = MO_BLOCK_EXPLICIT;
            b->solution = sol;
            return true;
        }
    }
    solve_loop(dae, sys, b, ws);
    return true;
}

/* A linear block whose coefficients are all numbers (no parameter: -override may change those) and
 * whose matrix is singular has no solution or infinitely many whatever its right-hand side: an error
 * now rather than at the first step (issue 15). Gaussian elimination with partial pivoting on the dense
 * matrix, for blocks of at most SINGULAR_MAX unknowns (n^3; bigger ones are left to the run). */
enum { SINGULAR_MAX = 60 };

static bool constant_singular(const mo_dae *dae, const mo_system *sys, const mo_block *b, mo_sym_arrays *arrays)
{
    int n = b->n;
    if (n < 2 || n > SINGULAR_MAX)
        return false;
    double *a = MO_NEWN(double, (size_t)n * n), scale = 0;
    for (int i = 0; i < n; i++) {
        const mo_deq *q = mo_block_eq(dae, sys, b->eqs[i]);
        for (int j = 0; j < n; j++) {
            mo_expr *cl, *rl, *cr, *rr;
            double c;
            if (!mo_sym_linear_in(q->lhs, b->vars[j], &cl, &rl, arrays) ||
                !mo_sym_linear_in(q->rhs, b->vars[j], &cr, &rr, arrays) ||
                !mo_sym_is_num(mo_simplify(mo_sym_sub(cl, cr)), &c) || !(c == c) || c - c != 0)
                return false;
            a[(size_t)i * n + j] = c;
            if (fabs(c) > scale)
                scale = fabs(c);
        }
    }
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[(size_t)i * n + k]) > fabs(a[(size_t)p * n + k]))
                p = i;
        if (fabs(a[(size_t)p * n + k]) <= 1e-12 * scale)
            return true;
        for (int j = 0; j < n; j++) {
            double t = a[(size_t)k * n + j];
            a[(size_t)k * n + j] = a[(size_t)p * n + j];
            a[(size_t)p * n + j] = t;
        }
        for (int i = k + 1; i < n; i++) {
            double f = a[(size_t)i * n + k] / a[(size_t)k * n + k];
            for (int j = k; j < n; j++)
                a[(size_t)i * n + j] -= f * a[(size_t)k * n + j];
        }
    }
    return false;
}

static void report_singular(const mo_dae *dae, const mo_system *sys, const mo_block *b)
{
    mo_buf names = {0};
    for (int j = 0; j < b->n; j++)
        mo_buf_printf(&names, "%s'%s'", j ? ", " : "", mo_dae_var_name((void *)dae, b->vars[j]));
    const mo_deq *first = mo_block_eq(dae, sys, b->eqs[0]);
    mo_error(first->loc, "%d equations are linear in %s with constant coefficients, and their matrix is "
             "singular: they have no solution or infinitely many", b->n, mo_buf_str(&names));
    mo_dae_note_eqs(dae, b->eqs, b->n, "is one of them");
}

int mo_dae_solve(mo_dae *dae)
{
    int nv = dae->vars.n;
    solve_ws ws = {.local = MO_NEWN(int, nv + 1), .seen = MO_NEWN(unsigned char, nv + 1),
                   .in_block = MO_NEWN(unsigned char, nv + 1), .arrays.seen = MO_NEWN(unsigned char, nv + 1)};
    for (int v = 0; v < nv; v++)
        ws.local[v] = -1;
    mo_system *systems[2] = {&dae->ode, &dae->init};
    for (int s = 0; s < 2; s++) {
        int errors = 0;
        for (int k = 0; k < systems[s]->blocks.n; k++) {
            mo_block *b = &systems[s]->blocks.v[k];
            int a = dae->algs.n ? algorithm_block(dae, systems[s], b) : 0;
            if (a < 0)
                errors++;
            else if (a == 0 && !solve_block(dae, systems[s], b, &ws))
                errors++;
            else if (a == 0 && b->kind == MO_BLOCK_LINEAR && constant_singular(dae, systems[s], b, &ws.arrays)) {
                report_singular(dae, systems[s], b);
                errors++;
            } else if (a == 0 && b->kind == MO_BLOCK_EXPLICIT)
                note_start_value(dae, b, &ws);
        }
        if (errors)
            return 1;
    }
    mo_stats_count("affine-nodes", mo_sym_affine_nodes());   /* (tests/sim/long_chains.sh) */
    return 0;
}
