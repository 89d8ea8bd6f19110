/*
 * codegen_jac.c - the symbolic Jacobian d(dx)/dx of the ODE system for implicit integrators.
 *
 * Forward-mode propagation of derivatives through the sorted blocks, one seed direction of the states
 * at a time: with the seed sx, each explicit assignment v := s(w) gets sv = sum over w of (ds/dw) sw,
 * the partials symbolic (mo_diff_var). jacobian_pass is that pass; the dense jacobian (nx <= 4096)
 * runs it once per state (column), the sparse jacobian_sparse (codegen_jacsparse.c) once per colour of
 * columns that share no row. Generated only when every block rhs computes is explicit (otherwise the
 * model's jacobian is NULL and the runtime takes finite differences).
 *
 * The pass is a sequence of statements (codegen_loops.c): the partials of every block are found first
 * (nothing is written when one cannot be), then the statements are written, runs of repeated units as
 * loops.
 */
#include "codegen.h"
#include "daeutil.h"
#include "str.h"

#include <string.h>

void mo_cg_state_chains(const mo_dae *dae, mo_buf *o, const char *indent, const char *to, const char *from)
{
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        if (dv->kind != MO_DV_STATE || dv->der < 0 || dae->vars.v[dv->der].kind != MO_DV_STATE)
            continue;
        mo_buf_printf(o, "%s%s[%d] = %s[%d]; /* ", indent, to, dv->slot, from, dae->vars.v[dv->der].slot);
        mo_cg_comment(o, dae->vars.v[dv->der].name, 120);
        mo_buf_puts(o, " */\n");
    }
}

/* Storage array of the directional derivative of v in the Jacobian, or NULL when v is constant there. */
static const char *seed_array(const mo_dae *dae, int v)
{
    switch (dae->vars.v[v].kind) {
    case MO_DV_STATE: return "sx";
    case MO_DV_DERIVATIVE: return "sdx";
    case MO_DV_ALGEBRAIC: return "sy";
    default: return NULL;
    }
}

/* The statements of jacobian_pass: statement k is block blocks[k]'s variable var[k] := the sum of its
 * terms [first[k], first[k + 1]): partial pd[t] (NULL: 1) times the seed of variable u[t]. */
typedef struct pass {
    mo_cg *cg;
    const mo_dae *dae;
    mo_int_vec blocks, var, first, u;
    MO_VEC(mo_expr *) pd;
} pass;

static int pass_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    pass *c = ctx;
    const mo_dae *dae = c->dae;
    int v = c->var.v[k], t0 = c->first.v[k], t1 = c->first.v[k + 1];
    /* the partials of a long product's derivative share their partial products: computed once into
     * locals, or the text of a state derivative that reads such a derivative is quadratic (codegen_temps.c) */
    c->cg->where_id = dae->ode.blocks.v[c->blocks.v[k]].eqs[0];
    mo_cg_temps_prepare_n(c->cg, o, (const mo_expr *const *)c->pd.v + t0, t1 - t0, indent);
    mo_buf_puts(o, indent);
    mo_cg_put_slot(c->cg, o, seed_array(dae, v), dae->vars.v[v].slot);
    mo_buf_puts(o, " = ");
    for (int t = t0; t < t1; t++) {
        int u = c->u.v[t];
        if (t > t0)
            mo_buf_printf(o, "\n%s    + ", indent);
        if (c->pd.v[t]) {
            mo_buf_puts(o, "(");
            c->cg->out = o;
            c->cg->where_id = dae->ode.blocks.v[c->blocks.v[k]].eqs[0];
            mo_cg_expr(c->cg, c->pd.v[t]);
            mo_buf_puts(o, ") * ");
        }
        mo_cg_put_slot(c->cg, o, seed_array(dae, u), dae->vars.v[u].slot);
    }
    if (t0 == t1)
        mo_buf_puts(o, "0.0");
    mo_cg_temps_end(c->cg);
    mo_buf_puts(o, ";");
    if (c->cg->names) {
        mo_buf_puts(o, " /* d ");
        mo_cg_comment(o, dae->vars.v[v].name, 120);
        mo_buf_puts(o, " */");
    }
    mo_buf_puts(o, "\n");
    return t1 - t0 > 0 ? t1 - t0 : 1;
}

static const char *pass_instance(void *ctx, int k)
{
    pass *c = ctx;
    const mo_block *b = &c->dae->ode.blocks.v[c->blocks.v[k]];
    return c->dae->eqs.v[b->eqs[0]].instance;
}

/* Every alias variable's value (NULL for the others), for differentiation: its variable or parameter
 * expression, aliases of aliases substituted until only kept variables remain (bounded by the chain
 * length). */
static mo_expr **alias_values(const mo_dae *dae)
{
    mo_expr **sub = MO_NEWN(mo_expr *, dae->vars.n + 1);
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        if (dv->kind != MO_DV_ALIAS)
            continue;
        if (dv->alias_of >= 0) {
            mo_expr *r = mo_sym_var(dv->alias_value ? dv->alias_value->loc : (mo_loc){0}, dv->alias_of);
            sub[v] = dv->alias_negated ? mo_sym_neg(r) : r;
        } else if (dv->alias_value) {
            sub[v] = dv->alias_negated ? mo_sym_neg(dv->alias_value) : dv->alias_value;
        }
    }
    for (int v = 0; v < dae->vars.n; v++)
        for (int guard = 0; sub[v] && guard < 64; guard++) {
            mo_expr *s = mo_expr_subst(sub[v], sub);
            if (mo_expr_equal(s, sub[v]))
                break;
            sub[v] = s;
        }
    return sub;
}

/* The terms of every block rhs computes whose variable has a seed, and the pattern (deps); false when a
 * partial cannot be formed. */
static bool find_terms(pass *c, const unsigned char *need, mo_cg_jac_deps *deps)
{
    const mo_dae *dae = c->dae;
    const mo_system *sys = &dae->ode;
    unsigned char *seen = MO_NEWN(unsigned char, dae->vars.n + 1);
    /* the aliases' values are made only when a solution reads an alias (they were 80 MB for the 10^6
     * equations of the 50000-unit chain, whose solutions read none) */
    unsigned char *aliased = MO_NEWN(unsigned char, dae->vars.n + 1);
    for (int v = 0; v < dae->vars.n; v++)
        aliased[v] = dae->vars.v[v].kind == MO_DV_ALIAS &&
                     (dae->vars.v[v].alias_of >= 0 || dae->vars.v[v].alias_value);
    mo_expr **alias_sub = NULL;
    mo_int_vec vs = {0};
    for (int k = 0; k < sys->blocks.n; k++) {
        const mo_block *b = &sys->blocks.v[k];
        int v = b->vars[0];
        if (!seed_array(dae, v) || !need[k])   /* blocks that only results show do not reach dx */
            continue;
        /* (substituted only when it reads an alias: a copy of every solution was 40 MB at 10^6) */
        mo_expr *s = b->solution;
        if (mo_sym_reads_any(s, aliased)) {
            if (!alias_sub)
                alias_sub = alias_values(dae);
            s = mo_expr_subst(s, alias_sub);
        }
        vs.n = 0;
        mo_expr_collect_vars(s, seen, &vs);
        MO_PUSH(c->blocks, k);
        MO_PUSH(c->var, v);
        MO_PUSH(c->first, c->u.n);
        MO_PUSH(deps->var, v);
        for (int q = 0; q < vs.n; q++) {
            int u = vs.v[q];
            seen[u] = 0;
            if (!seed_array(dae, u))
                continue;
            mo_expr *pd = mo_diff_var(s, u);
            if (!pd)
                return false;
            double val;
            if (mo_sym_is_num(pd, &val) && val == 0)
                continue;
            MO_PUSH(deps->uses, u);
            MO_PUSH(c->u, u);
            MO_PUSH(c->pd, mo_sym_is_num(pd, &val) && val == 1 ? NULL : pd);
        }
        MO_PUSH(deps->end, deps->uses.n);
    }
    MO_PUSH(c->first, c->u.n);
    return true;
}

bool mo_cg_jacobian(mo_cg *cg, const unsigned char *need, int ny, mo_cg_split *sp,
                    bool *dense_out, int *nnz_out)
{
    const mo_dae *dae = cg->dae;
    const mo_system *sys = &dae->ode;
    *nnz_out = 0;
    *dense_out = false;
    for (int k = 0; k < sys->blocks.n; k++)
        if (need[k] && sys->blocks.v[k].kind != MO_BLOCK_EXPLICIT)
            return false;
    int nx = dae->nx;
    /* The dense matrix takes gigabytes beyond a few thousand states (20000 states: 3.2 GB) that an
     * implicit stepper could hardly use; the sparse one is made from MO_CG_JAC_SPARSE_MIN states up, where
     * SUNDIALS' KLU wants it. */
    bool dense = nx <= 4096, want_sparse = nx >= MO_CG_JAC_SPARSE_MIN;
    if (nx == 0 || (!dense && !want_sparse))
        return false;
    pass c = {.cg = cg, .dae = dae};
    mo_cg_jac_deps deps = {0};   /* per block: its variable and those its derivative reads (the pattern) */
    if (!find_terms(&c, need, &deps))
        return false;
    mo_buf fn = {0}, *o = &fn;
    mo_buf_puts(o, "/* d v / d x along the seed sx (states), for every variable v that reaches dx: forward-mode\n"
                   " * derivatives through the sorted blocks; sv holds d v / d x for sx, sy for y. */\n"
                   "static int jacobian_pass(mo2c_data *d, double t, const double *x, const double *dx, double *sx,\n"
                   "                         double *sdx, double *sy)\n{\n");
    mo_buf_puts(o, "    double *y = d->y;\n    const double *p = d->p;\n    int ok = 1;\n");
    mo_buf_puts(o, "    (void)t; (void)x; (void)dx; (void)y; (void)p; (void)sx; (void)sy; (void)sdx;\n");
    mo_cg_sreset(dae, o);
    sp->caller = &fn;
    mo_cg_split_begin(sp, sys->blocks.n, "    ");
    mo_cg_seq q = {cg, &c, c.var.n, pass_stmt, NULL, NULL, pass_instance};
    mo_cg_seq_emit(&q, sp);
    mo_cg_split_end(sp);
    mo_cg_state_chains(dae, o, "    ", "sdx", "sx");
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");
    /* the scratch of both: dx, the seed and the derivatives of dx and y */
    const char *work = mo_sprintf(
        "    double *work = calloc(%d, sizeof(double));\n"
        "    if (!work)\n        return mo2c_fail(d, \"out of memory\");\n"
        "    double *dx = work, *sx = work + %d, *sdx = sx + %d, *sy = sdx + %d;\n"
        "    if (rhs(d, t, x, dx) != 0) {\n        free(work);\n        return -1;\n    }\n",
        3 * nx + ny + 1, nx, nx, nx);
    if (want_sparse)
        *nnz_out = mo_cg_jac_sparse(cg, &deps, work, 2 * nx + ny, o);
    if (dense) {
        mo_buf_puts(o, "/* d(dx)/dx, row-major: one pass of jacobian_pass per state (column). */\n"
                       "static int jacobian(mo2c_data *d, double t, const double *x, double *jac)\n{\n");
        mo_buf_puts(o, work);
        mo_buf_printf(o, "    for (int j = 0; j < %d; j++) {\n", nx);
        mo_buf_printf(o, "        memset(sx, 0, sizeof(double) * %d);\n        sx[j] = 1.0;\n", 2 * nx + ny);
        mo_buf_puts(o, "        if (jacobian_pass(d, t, x, dx, sx, sdx, sy) != 0) {\n"
                       "            free(work);\n            return -1;\n        }\n");
        mo_buf_printf(o, "        for (int i = 0; i < %d; i++)\n            jac[i * %d + j] = sdx[i];\n    }\n", nx, nx);
        mo_buf_puts(o, "    free(work);\n    return 0;\n}\n\n");
    }
    if (!dense && !*nnz_out)
        return false;
    mo_buf_putn(sp->defs, fn.s, fn.len);
    *dense_out = dense;
    return true;
}
