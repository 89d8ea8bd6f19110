/*
 * codegen_torn.c - an algebraic loop of the generated simulator (a torn block, solve.c): its residual
 * function (the tear variables from z, the inner assignments, the residuals F), its Jacobian d res / d tear
 * where solve.c formed one, and the code that solves it in place: one linear solve for an affine loop,
 * Newton from the last accepted solution otherwise; a mixed loop (discrete unknowns decided by relations
 * of its own unknowns) gets a solve function and its relations for mo2c_mixed_loop. The statements are
 * written as sequences (codegen_loops.c), so a large loop of repeated units stays small C.
 */
#include "codegen.h"
#include "daeutil.h"

#include <string.h>

static void expr(mo_cg *cg, mo_buf *o, int where_id, const mo_expr *e)
{
    cg->out = o;
    cg->where_id = where_id;
    mo_cg_expr(cg, e);
    mo_cg_temps_end(cg);
}

/* The start of a statement whose value is e: its locals (codegen_temps.c), then the indentation. */
static void stmt_start(mo_cg *cg, mo_buf *o, int where_id, const mo_expr *e, const char *indent)
{
    cg->where_id = where_id;
    mo_cg_temps_prepare(cg, o, e, indent);
    mo_buf_puts(o, indent);
}

/* The body shared by a loop's residual and Jacobian functions: tear variables from z, then the inner
 * assignments. */
static void loop_locals(const mo_cg *cg, mo_buf *o, const mo_system *sys)
{
    /* the initial system also computes the parameters with fixed = false: p is written there */
    if (sys == &cg->dae->init)
        mo_buf_puts(o, "    const double t = d->time;\n    double *x = d->x;\n    double *dx = d->dx;\n"
                       "    double *y = d->y;\n    double *p = d->p;\n    int ok = 1;\n");
    else
        mo_buf_puts(o, "    const double t = d->cur_t;\n    const double *x = d->cur_x;\n"
                       "    double *dx = d->cur_dx;\n    double *y = d->y;\n    const double *p = d->p;\n"
                       "    int ok = 1;\n");
    mo_buf_puts(o, MO_CG_LOCALS_VOID);
}

/* The statements of a loop's residual and Jacobian functions, written as sequences (codegen_loops.c) so
 * that the repeated units of a large loop (a ladder network: the same few assignments per rung) become C
 * loops: the code grows with the number of distinct equations, not with the loop's size. Every number
 * that changes from unit to unit is printed by mo_cg_put_int. */
typedef struct loop_seq {
    mo_cg *cg;
    mo_buf *scratch;          /* the comments' text (mo_cg_eq_comment) */
    const mo_system *sys;
    const mo_block *b;
    const int *eq_of;         /* PD: the inner assignment or residual (ninner + i) each entry belongs to */
} loop_seq;

static const mo_deq *inner_eq(const loop_seq *c, int m)
{
    return mo_block_eq(c->cg->dae, c->sys, c->b->torn->inner_eqs[m]);
}

/* TEAR: tear variable k from z */
static int tear_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    mo_buf_puts(o, indent);
    mo_cg_target(c->cg, o, c->b->torn->tear_vars[k]);
    mo_buf_puts(o, " = z[");
    mo_cg_put_int(c->cg, o, k);
    mo_buf_puts(o, "];\n");
    return 1;
}

/* INNER: inner assignment m */
static int inner_stmt(void *ctx, int m, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    stmt_start(c->cg, o, c->b->torn->inner_eqs[m], c->b->torn->inner_solutions[m], indent);
    mo_cg_target(c->cg, o, c->b->torn->inner_vars[m]);
    mo_buf_puts(o, " = ");
    expr(c->cg, o, c->b->torn->inner_eqs[m], c->b->torn->inner_solutions[m]);
    mo_buf_puts(o, ";\n");
    return 1;
}

static void inner_comment(void *ctx, int m, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    mo_cg_eq_comment(c->cg->dae, c->scratch, o, indent, inner_eq(c, m));
}

static const char *inner_instance(void *ctx, int m)
{
    return inner_eq(ctx, m)->instance;
}

static const mo_deq *res_eq(const loop_seq *c, int i)
{
    return mo_block_eq(c->cg->dae, c->sys, c->b->torn->res_eqs[i]);
}

/* RES: residual i */
static int res_stmt(void *ctx, int i, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    const mo_deq *q = res_eq(c, i);
    mo_expr *r = mo_sym_sub(q->lhs, q->rhs);
    stmt_start(c->cg, o, c->b->torn->res_eqs[i], r, indent);
    mo_buf_puts(o, "F[");
    mo_cg_put_int(c->cg, o, i);
    mo_buf_puts(o, "] = ");
    expr(c->cg, o, c->b->torn->res_eqs[i], r);
    mo_buf_puts(o, ";\n");
    return 1;
}

static void res_comment(void *ctx, int i, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    mo_cg_eq_comment(c->cg->dae, c->scratch, o, indent, res_eq(c, i));
}

static const char *res_instance(void *ctx, int i)
{
    return res_eq(ctx, i)->instance;
}

/* PD: partial derivative q of the inner assignments and residuals, into pd */
static int pd_stmt(void *ctx, int q, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    const mo_torn *t = c->b->torn;
    int k = c->eq_of[q], where = k < t->ninner ? t->inner_eqs[k] : t->res_eqs[k - t->ninner];
    stmt_start(c->cg, o, where, t->jac_d[q], indent);
    mo_buf_puts(o, "pd[");
    mo_cg_put_int(c->cg, o, q);
    mo_buf_puts(o, "] = ");
    expr(c->cg, o, where, t->jac_d[q]);
    mo_buf_puts(o, ";\n");
    return 1;
}

/* DV: in column c, the derivative of inner variable k (into dv), or residual k - ninner's (into J) */
static int dv_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    loop_seq *c = ctx;
    const mo_torn *t = c->b->torn;
    mo_cg *cg = c->cg;
    int nt = t->ntear, ni = t->ninner;
    mo_buf_printf(o, "%s%s[", indent, k < ni ? "dv" : "J");
    mo_cg_put_int(cg, o, k < ni ? nt + k : (k - ni) * nt);
    mo_buf_puts(o, k < ni ? "] = " : " + c] = ");
    if (t->jac_start[k] == t->jac_start[k + 1])
        mo_buf_puts(o, "0.0");
    for (int q = t->jac_start[k]; q < t->jac_start[k + 1]; q++) {
        mo_buf_puts(o, q > t->jac_start[k] ? " + pd[" : "pd[");
        mo_cg_put_int(cg, o, q);
        mo_buf_puts(o, "] * dv[");
        mo_cg_put_int(cg, o, t->jac_var[q]);
        mo_buf_puts(o, "]");
    }
    mo_buf_puts(o, ";\n");
    return 1;
}

static int no_other(void *ctx, int k, mo_buf *o)
{
    (void)ctx, (void)k, (void)o;
    return 1;
}

/* n statements of one kind into o at indent, runs of repeated units as C loops (never cut in parts). */
static void loop_seq_emit(loop_seq *c, mo_buf *o, const char *indent, int n,
                          int (*stmt)(void *, int, mo_buf *, const char *),
                          void (*comment)(void *, int, mo_buf *, const char *), const char *(*instance)(void *, int))
{
    mo_cg_split s;
    memset(&s, 0, sizeof s);
    s.caller = o;
    s.indent = indent;
    mo_cg_seq q = {c->cg, c, n, stmt, no_other, comment, instance};
    mo_cg_seq_emit(&q, &s);
}

static void loop_prologue(mo_cg *cg, mo_buf *scratch, mo_buf *o, const mo_system *sys, const mo_block *b)
{
    loop_locals(cg, o, sys);
    loop_seq c = {cg, scratch, sys, b, NULL};
    loop_seq_emit(&c, o, "    ", b->torn->ntear, tear_stmt, NULL, NULL);
    if (b->torn->loop_alg)   /* a loop through an algorithm section: it computes its outputs (solve.c) */
        mo_cg_alg(cg, o, b->torn->loop_alg - 1, MO_CG_ALG_CONT);
    loop_seq_emit(&c, o, "    ", b->torn->ninner, inner_stmt, inner_comment, inner_instance);
}

/* The loop's Jacobian d res / d tear (dae.h: jac_start): the partial derivatives of the inner
 * assignments and residuals evaluated once into pd, then per column c the derivatives dv of the tear
 * variables (the unit vector c) and of the inner variables in their order, and the column's entries:
 * code linear in the loop's size (and loops over its repeated units), nt passes at run time. */
static void emit_loop_jacobian(mo_cg *cg, mo_buf *scratch, mo_buf *L, const mo_system *sys, const mo_block *b,
                               const char *fn)
{
    int nt = b->torn->ntear, ni = b->torn->ninner, npd = b->torn->jac_start[ni + nt];
    mo_buf_printf(L, "static int %s_jacobian(mo2c_data *d, const double *z, double *J)\n{\n", fn);
    loop_prologue(cg, scratch, L, sys, b);
    mo_buf_printf(L, "    double *dv = malloc(sizeof(double) * %d), *pd = dv + %d;\n", nt + ni + npd, nt + ni);
    mo_buf_puts(L, "    if (!dv)\n        return mo2c_fail(d, \"out of memory\");\n");
    int *eq_of = MO_NEWN(int, npd + 1);
    for (int k = 0; k < ni + nt; k++)
        for (int q = b->torn->jac_start[k]; q < b->torn->jac_start[k + 1]; q++)
            eq_of[q] = k;
    loop_seq c = {cg, scratch, sys, b, eq_of};
    loop_seq_emit(&c, L, "    ", npd, pd_stmt, NULL, NULL);
    mo_buf_printf(L, "    for (int c = 0; c < %d; c++) {\n", nt);
    mo_buf_printf(L, "        for (int j = 0; j < %d; j++)\n            dv[j] = j == c;\n", nt);
    loop_seq_emit(&c, L, "        ", ni + nt, dv_stmt, NULL, NULL);
    mo_buf_puts(L, "    }\n    free(dv);\n    return ok ? 0 : -1;\n}\n\n");
}

void mo_cg_torn_loop(mo_cg *cg, mo_buf *scratch, int id, mo_buf *o, mo_buf *L, const mo_system *sys,
                     const mo_block *b, const char *sysname)
{
    const mo_dae *dae = cg->dae;
    int nt = b->torn->ntear;
    const char *fn = mo_sprintf("%s_loop%d", sysname, id);
    bool linear = b->kind == MO_BLOCK_LINEAR && b->torn->jac_start;

    mo_buf_printf(L, "/* %s algebraic loop %d: %d equations, %d iterated (torn) */\n",
                  b->kind == MO_BLOCK_LINEAR ? "linear" : "nonlinear", id, b->n, nt);
    mo_buf_printf(L, "static int %s_residual(mo2c_data *d, const double *z, double *F)\n{\n", fn);
    loop_prologue(cg, scratch, L, sys, b);
    loop_seq c = {cg, scratch, sys, b, NULL};
    loop_seq_emit(&c, L, "    ", nt, res_stmt, res_comment, res_instance);
    mo_buf_puts(L, "    return ok ? 0 : -1;\n}\n\n");
    if (b->torn->jac_start)
        emit_loop_jacobian(cg, scratch, L, sys, b, fn);

    /* A mixed loop: its Booleans and Integers depend on relations of its own unknowns, which stay
     * frozen while Newton solves it. At an event the runtime compares them at the solution and solves
     * again until they agree (mo2c_mixed_loop: the friction elements' locked or sliding mode and their
     * torque); between events they stay frozen as everywhere. */
    mo_int_vec idx = {0};
    mo_buf R = {0};
    bool mixed = mo_cg_events_loop_rels(cg, &R, sys, b, &idx) != 0;

    /* the solution: z from the tear variables' current values, then Newton (or one step when linear;
     * a mixed one through mo2c_solve_affine, since some of its modes may be singular) */
    int w = b->torn->res_eqs[0];
    cg->where_used[w] = 1;
    mo_buf S = {0};
    mo_buf_printf(&S, "    double z[%d], F[%d];\n", nt, nt);
    for (int j = 0; j < nt; j++) {
        mo_buf_printf(&S, "    z[%d] = ", j);
        mo_cg_target(cg, &S, b->torn->tear_vars[j]);
        mo_buf_puts(&S, ";\n");
    }
    if (linear && mixed) {
        mo_buf_printf(&S, "    if (mo2c_solve_affine(d, %d, z, %s_residual, %s_jacobian, %s) != 0)\n        return -1;\n",
                      nt, fn, fn, mo_cg_where_name(cg, w));
    } else if (linear) {
        /* affine: one Newton step from the current values is exact */
        mo_buf_printf(&S, "    double *A = malloc(sizeof(double) * %d);\n", nt * nt);
        mo_buf_puts(&S, "    if (!A)\n        return mo2c_fail(d, \"out of memory\");\n");
        mo_buf_printf(&S, "    if (%s_residual(d, z, F) != 0 || %s_jacobian(d, z, A) != 0 ||\n", fn, fn);
        mo_buf_printf(&S, "        (mo_negate(%d, F), mo2c_solve_linear(d, %d, A, F, %s)) != 0) {\n", nt, nt,
                      mo_cg_where_name(cg, w));
        mo_buf_puts(&S, "        free(A);\n        return -1;\n    }\n    free(A);\n");
        mo_buf_printf(&S, "    for (int i = 0; i < %d; i++)\n        z[i] += F[i];\n", nt);
    } else {
        /* from the loop's solution at the last accepted point, not the last (maybe rejected) trial's */
        mo_buf_printf(&S, "    mo2c_loop_start(d, %d, %d, z);\n", id, nt);
        mo_buf_printf(&S, "    if (mo2c_solve_nonlinear(d, %d, z, %s_residual, %s, %s) != 0)\n"
                          "        return -1;\n", nt, fn,
                      b->torn->jac_start ? mo_sprintf("%s_jacobian", fn) : "NULL", mo_cg_where_name(cg, w));
        mo_buf_printf(&S, "    mo2c_loop_solved(d, %d, %d, z);\n", id, nt);
    }
    mo_buf_puts(&S, "    /* once more at the solution, so that every unknown of the loop has its value */\n");
    mo_buf_printf(&S, "    if (%s_residual(d, z, F) != 0)\n        return -1;\n", fn);

    if (!mixed) {
        mo_buf_printf(o, "    {   /* %s loop %d: %d equations, %d iterated; the first: */\n",
                      linear ? "linear" : "nonlinear", id, b->n, nt);
        mo_cg_eq_comment(dae, scratch, o, "        ", mo_block_eq(dae, sys, w));
        for (const char *l = mo_buf_str(&S); *l;) {   /* S one level deeper */
            const char *e = strchr(l, '\n');
            mo_buf_puts(o, "    ");
            mo_buf_putn(o, l, (size_t)(e - l + 1));
            l = e + 1;
        }
        mo_buf_puts(o, "    }\n");
        return;
    }
    mo_buf_printf(L, "/* mixed loop %d: its solution with the current relations */\n"
                     "static int %s_solve(mo2c_data *d)\n{\n", id, fn);
    loop_locals(cg, L, sys);
    mo_buf_putn(L, S.s, S.len);
    mo_buf_puts(L, "    return 0;\n}\n\n");
    mo_buf_printf(L, "/* mixed loop %d: the relations that decide its discrete unknowns, compared at its solution */\n"
                     "static int %s_rels(mo2c_data *d, double *r_)\n{\n", id, fn);
    loop_locals(cg, L, sys);
    mo_buf_putn(L, R.s, R.len);
    mo_buf_printf(L, "    return ok ? 0 : -1;\n}\n\nstatic const int %s_relidx[%d] = {", fn, idx.n);
    for (int k = 0; k < idx.n; k++)
        mo_buf_printf(L, "%s%d", k ? ", " : "", idx.v[k]);
    mo_buf_puts(L, "};\n\n");
    mo_buf_printf(o, "    /* mixed %s loop %d: %d equations, %d iterated, %d relations of its unknowns; the first: */\n",
                  linear ? "linear" : "nonlinear", id, b->n, nt, idx.n);
    mo_cg_eq_comment(dae, scratch, o, "    ", mo_block_eq(dae, sys, w));
    mo_buf_printf(o, "    if (mo2c_mixed_loop(d, %d, %s_relidx, %s_solve, %s_rels, %s) != 0)\n        return -1;\n",
                  idx.n, fn, fn, fn, mo_cg_where_name(cg, w));
}
