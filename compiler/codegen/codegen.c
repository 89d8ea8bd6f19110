/*
 * codegen.c - the generated simulator: one standalone, readable C file per model.
 *
 * Input: a DAE after mo_dae_solve (every block of dae->ode and dae->init solved, slots assigned).
 * Output: C text that includes only the runtime header (mo2c_rt.h) and the C library, defines one
 * `static const mo2c_model model` and a main() that hands it to mo2c_main. Returns non-zero after
 * reporting an error (an expression that cannot be generated).
 *
 * Layout of the file: header comment; helpers; the "where" strings (W<id>: "file:line: equation") of
 * the equations whose checked operations can fail; the variable table; the residual and Jacobian
 * functions of algebraic loops (codegen_torn.c); init_params (bindings in dependency order, skipping overridden
 * parameters, then the checks of the divisors rhs uses unchecked); initialize (start values, then the
 * initial system's blocks, then the checks of its redundant equations); rhs (the ODE blocks that dx
 * and the event functions need, in BLT order, each preceded by a comment naming its source equation);
 * outputs (the other ODE blocks, which only results
 * show: codegen_need.c); jacobian; the model description. This file builds the sections as text;
 * codegen_write.c writes them out, and lays a large model's file out for compilation in parts.
 *
 * Where ids: a block's equation number e (see mo_block_eq) is its own id; the binding or start value of
 * variable v has id dae->eqs.n + dae->init_eqs.n + v; algorithm section k (codegen_alg.c) has the id
 * after the variables' + k.
 *
 * The Jacobian d(dx)/dx for implicit integrators (forward-mode derivatives through the sorted blocks)
 * is codegen_jac.c's. Sequences of statements (the blocks, start values, bindings) go through
 * codegen_loops.c, which writes runs of repeated units as loops.
 */
#include "codegen.h"
#include "daeutil.h"
#include "stats.h"
#include "str.h"

#include <string.h>


typedef struct gen {
    const mo_dae *dae;
    mo_cg cg;
    int nwhere;               /* number of where ids */
    int var_where0;           /* where id of variable 0's binding/start */
    int nextra;               /* alias variables given a y slot (alias of a parameter expression) */
    mo_buf loops;             /* static functions of the algebraic loops */
    int nloops;
    mo_buf scratch;           /* eq_comment's text, reused: one comment per statement of a large model
                               * would otherwise leave its own growing buffers in the arena */
    unsigned char *need;      /* per ODE block: 1 = rhs computes it, 0 = outputs does (codegen_need.c) */
    mo_cg_dss *dss;           /* the state choices rhs watches (codegen_dss.c) */
    bool jac_dense;           /* the dense jacobian was written (with jacobian_pass) */
    int jac_nnz;              /* entries of the sparse Jacobian written (codegen_jacsparse.c), 0: none */
    const unsigned char *mask;/* emit_blocks prints only the blocks k with mask[k] == mask_want */
    unsigned char mask_want;  /*   (mask NULL: all of them) */
    mo_cg_divs *divs;         /* the divisor checks rhs and outputs left to init_params */
    mo_cg_parts parts;        /* every part written (codegen_split.c), for codegen_write.c */
} gen;

/* ---- small text helpers ---- */

static const char *loc_path(mo_loc loc)
{
    return loc.file ? mo_cg_lib_path(loc.file->path) : "<mo2c>";
}

/* The comment above a block's code (codegen.h). */
void mo_cg_eq_comment(const mo_dae *dae, mo_buf *scratch, mo_buf *o, const char *indent, const mo_deq *q)
{
    mo_buf *c = scratch;
    c->len = 0;
    mo_loc at = q->loc;
    /* x = start made from a start value: where the value was written (a modifier, often), not the
     * variable's declaration in a library class */
    if (q->initial && q->origin == MO_ORIGIN_BINDING && q->rhs && q->rhs->loc.file)
        at = q->rhs->loc;
    mo_buf_printf(c, "%s:%d:%d", loc_path(at), at.line, at.col);
    if (q->instance && q->instance[0])
        mo_buf_printf(c, " (%s)", q->instance);
    mo_buf_puts(c, ": ");
    mo_dae_eq_put(dae, c, q, 401);   /* (cut at 400 bytes below) */
    mo_buf_printf(o, "%s/* ", indent);
    mo_cg_comment(o, mo_buf_str(c), 400);
    mo_buf_puts(o, " */\n");
}

static void eq_comment(gen *g, mo_buf *o, const char *indent, const mo_deq *q)
{
    mo_cg_eq_comment(g->dae, &g->scratch, o, indent, q);
}

static void expr(gen *g, mo_buf *o, int where_id, const mo_expr *e)
{
    g->cg.out = o;
    g->cg.where_id = where_id;
    mo_cg_expr(&g->cg, e);
}

/* The storage of v followed by its name in a comment (codegen.h). */
void mo_cg_target(mo_cg *cg, mo_buf *o, int v)
{
    /* every variable written has storage (codegen_need.c, layout.c) */
    if (!mo_cg_slot(cg, v, o))
        mo_unreachable(mo_sprintf("no storage for '%s' in code generation", cg->dae->vars.v[v].name));
    if (cg->names) {
        mo_buf_puts(o, " /* ");
        mo_cg_comment(o, cg->dae->vars.v[v].name, 120);
        mo_buf_puts(o, " */");
    }
}

static void target(gen *g, mo_buf *o, int v)
{
    mo_cg_target(&g->cg, o, v);
}

/* Did the code printed since `from` (a count of g->cg.nchecked) use a checked operation? */
static bool uses_ok(const gen *g, int from)
{
    return g->cg.nchecked > from;
}

/* The value of variable v's start value or binding (0.0 when it has none), ending the assignment whose
 * target was just printed, and the test of ok (at indent) when a checked operation was printed since
 * `from`. */
static void assign_value(gen *g, mo_buf *o, int v, const mo_expr *val, int from, const char *indent)
{
    if (val)
        expr(g, o, g->var_where0 + v, val);
    else
        mo_buf_puts(o, "0.0");
    mo_buf_puts(o, ";\n");
    if (uses_ok(g, from))
        mo_buf_printf(o, "%sif (!ok)\n%s    return -1;\n", indent, indent);
}

/* Sequences of variables (start values, bindings) for mo_cg_seq_emit: vars[k] is statement k. */
typedef struct var_seq {
    gen *g;
    const int *vars;
} var_seq;

static const char *var_instance(void *ctx, int k)
{
    var_seq *c = ctx;
    return c->g->dae->vars.v[c->vars[k]].name;
}

/* ---- blocks ---- */

/* Is equation q of the initial system the fixed start value of state s (x = start, made by sort.c)?
 * Then an -override of that start value wins; an initial equation x = e of the model stays. */
static bool is_start_equation(const mo_dae *dae, const mo_system *sys, int eq, int v)
{
    if (sys != &dae->init || eq < dae->eqs.n || dae->vars.v[v].kind != MO_DV_STATE)
        return false;
    const mo_deq *q = mo_block_eq(dae, sys, eq);
    return q->origin == MO_ORIGIN_BINDING && q->lhs->kind == MO_EX_VAR && q->lhs->var == v;
}

/* The assignment of explicit block b, at indent: `target = solution;`, preceded for a state's start
 * equation by the test of -override, followed by the test of ok when a checked operation was printed. */
static void block_assign(gen *g, mo_buf *o, const mo_system *sys, const mo_block *b, const char *indent)
{
    const mo_dae *dae = g->dae;
    int v = b->vars[0], e = b->eqs[0];
    int from = g->cg.nchecked;
    bool start = is_start_equation(dae, sys, e, v);
    if (!start) {   /* calls that this statement and later ones read, run once before it (codegen_sites.c) */
        g->cg.where_id = e;
        mo_cg_sites_prepare(&g->cg, o, b->solution, indent);
        mo_cg_temps_prepare(&g->cg, o, b->solution, indent);   /* (codegen_temps.c) */
    }
    mo_buf_puts(o, indent);
    if (start) {
        mo_buf_puts(o, "if (!");
        mo_cg_put_slot(&g->cg, o, "d->x_start_overridden", dae->vars.v[v].slot);
        mo_buf_printf(o, ")\n%s    ", indent);
    }
    target(g, o, v);
    mo_buf_puts(o, " = ");
    expr(g, o, e, b->solution);
    mo_cg_temps_end(&g->cg);
    mo_buf_puts(o, ";\n");
    if (uses_ok(g, from))
        mo_buf_printf(o, "%sif (!ok)\n%s    return -1;\n", indent, indent);
}

/* The blocks emit_blocks writes, as a sequence (codegen_loops.c). */
typedef struct block_seq {
    gen *g;
    const mo_system *sys;
    const char *sysname;
    const int *blocks;         /* block numbers, in order */
    mo_cg_split *s;
} block_seq;

static const mo_deq *seq_eq(const block_seq *c, int k)
{
    return mo_block_eq(c->g->dae, c->sys, c->sys->blocks.v[c->blocks[k]].eqs[0]);
}

static int block_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    block_seq *c = ctx;
    const mo_block *b = &c->sys->blocks.v[c->blocks[k]];
    if (b->kind != MO_BLOCK_EXPLICIT)
        return 0;
    mo_cg_sites_scope(c->g->cg.sites, c->s, c->s->nparts);   /* (the part this statement goes to) */
    block_assign(c->g, o, c->sys, b, indent);
    return 1;
}

/* An algorithm section or an algebraic loop, in place. */
static int block_other(void *ctx, int k, mo_buf *o)
{
    block_seq *c = ctx;
    const mo_block *b = &c->sys->blocks.v[c->blocks[k]];
    if (b->kind == MO_BLOCK_ALGORITHM) {   /* codegen_alg.c */
        bool initial = c->g->dae->algs.v[b->alg].src->initial;
        mo_cg_alg(&c->g->cg, o, b->alg, initial ? MO_CG_ALG_INIT : MO_CG_ALG_CONT);
    } else {
        /* a loop's equations go to functions of their own (its residual), where the sites of the
         * sequence's function are not declared: none is read there (codegen_sites.c) */
        mo_cg_sites_scope(c->g->cg.sites, NULL, -1);
        mo_cg_torn_loop(&c->g->cg, &c->g->scratch, c->g->nloops++, o, c->s->split ? &c->s->loops : &c->g->loops,
                        c->sys, b, c->sysname);
    }
    return 5;
}

static void block_comment(void *ctx, int k, mo_buf *o, const char *indent)
{
    block_seq *c = ctx;
    if (c->sys->blocks.v[c->blocks[k]].kind == MO_BLOCK_EXPLICIT)
        eq_comment(c->g, o, indent, seq_eq(c, k));
}

static const char *block_instance(void *ctx, int k)
{
    return seq_eq(ctx, k)->instance;
}

/* The blocks in order, as statements of the sequence s (codegen_split.c: cut into parts when long);
 * runs of repeated equations as loops (codegen_loops.c). */
static void emit_blocks(gen *g, mo_cg_split *s, const mo_system *sys, const char *sysname)
{
    int *seq = MO_NEWN(int, sys->blocks.n + 1), n = 0;
    for (int k = 0; k < sys->blocks.n; k++)
        if (!g->mask || g->mask[k] == g->mask_want)
            seq[n++] = k;
    block_seq c = {g, sys, sysname, seq, s};
    mo_cg_seq q = {&g->cg, &c, n, block_stmt, block_other, block_comment, block_instance};
    const mo_expr **sol = MO_NEWN(const mo_expr *, n + 1);
    for (int k = 0; k < n; k++)
        sol[k] = sys->blocks.v[seq[k]].kind == MO_BLOCK_EXPLICIT ? sys->blocks.v[seq[k]].solution : NULL;
    g->cg.sites = mo_cg_sites_new(n, sol);
    mo_cg_seq_emit(&q, s);
    g->cg.sites = NULL;
}

/* Alias variables whose value is an expression of parameters get a y slot, computed after the blocks. */
static void emit_extra(gen *g, mo_cg_split *s)
{
    const mo_dae *dae = g->dae;
    bool any_ok = false;
    for (int v = 0; v < dae->vars.n; v++) {
        if (g->cg.extra_slot[v] < 0)
            continue;
        const mo_dvar *dv = &dae->vars.v[v];
        mo_buf *o = mo_cg_split_out(s);
        int from = g->cg.nchecked;
        mo_buf_printf(o, "    y[%d] /* ", g->cg.extra_slot[v]);
        mo_cg_comment(o, dv->name, 120);
        mo_buf_puts(o, " */ = ");
        expr(g, o, g->var_where0 + v, dv->alias_negated ? mo_sym_neg(dv->alias_value) : dv->alias_value);
        mo_buf_puts(o, ";\n");
        any_ok |= uses_ok(g, from);
        mo_cg_split_next(s, 1);
    }
    /* one check after them all (a part checks ok when it returns) */
    if (any_ok && !s->split)
        mo_buf_puts(s->caller, "    if (!ok)\n        return -1;\n");
}

/* ---- the functions of the model ---- */

/* The binding of parameter or constant vars[k] (its start value without one); -override wins. */
static int binding_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    var_seq *c = ctx;
    gen *g = c->g;
    int v = c->vars[k];
    const mo_dvar *dv = &g->dae->vars.v[v];
    const mo_var *fv = dv->flat >= 0 ? &g->dae->flat->vars.v[dv->flat] : NULL;
    int from = g->cg.nchecked;
    mo_buf_puts(o, indent);
    if (dv->kind == MO_DV_PARAMETER) {
        mo_buf_puts(o, "if (!");
        mo_cg_put_slot(&g->cg, o, "d->p_overridden", dv->slot);
        mo_buf_printf(o, ")\n%s    ", indent);
    }
    target(g, o, v);
    mo_buf_puts(o, " = ");
    assign_value(g, o, v, fv && fv->binding ? fv->binding : dv->start, from, indent);
    return 1;
}

static void binding_comment(void *ctx, int k, mo_buf *o, const char *indent)
{
    var_seq *c = ctx;
    const mo_dvar *dv = &c->g->dae->vars.v[c->vars[k]];
    if (dv->flat < 0)
        return;
    mo_loc at = c->g->dae->flat->vars.v[dv->flat].attr->loc;
    mo_buf_printf(o, "%s/* ", indent);
    mo_cg_comment(o, mo_sprintf("%s:%d: %s", loc_path(at), at.line, dv->name), 400);
    mo_buf_puts(o, " */\n");
}

/* The checks of the divisors rhs and outputs divide by without checks (codegen_need.c). */
typedef struct div_seq {
    gen *g;
    const mo_expr *const *divisors;
    const int *where;          /* the where id of each divisor's equation */
} div_seq;

static int div_check_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    div_seq *c = ctx;
    mo_buf_printf(o, "%sif (", indent);
    expr(c->g, o, c->where[k], c->divisors[k]);
    mo_buf_printf(o, " == 0.0)\n%s    return mo2c_fail(d, \"division by zero in equation %%s\", ", indent);
    mo_cg_put_where(&c->g->cg, o, c->where[k]);
    mo_buf_puts(o, ");\n");
    return 1;
}

/* The sequence s writing parts into defs and calls into caller; parts take params, open with the
 * locals and are called with args. */
static void split_init(gen *g, mo_cg_split *s, mo_buf *defs, mo_buf *caller, const char *name,
                       const char *params, const char *locals, const char *call)
{
    memset(s, 0, sizeof *s);
    s->record = &g->parts;
    s->name = name;
    s->params = params;
    s->locals = mo_sprintf("%s%s", locals, MO_CG_LOCALS_VOID);
    s->call = call;
    s->defs = defs;
    s->caller = caller;
}

static const char *const CALL_PART = "    if (%s(d, t, x, dx) != 0)\n        return -1;\n";

static void emit_init_params(gen *g, mo_buf *defs)
{
    const mo_dae *dae = g->dae;
    static const char *const locals =
        "    const double t = d->time;\n    const double *x = d->x;\n    double *dx = d->dx;\n"
        "    double *y = d->y;\n    double *p = d->p;\n    int ok = 1;\n";
    mo_buf fn = {0};
    mo_buf_puts(&fn, "/* Parameter values from their bindings, in dependency order; -override wins. */\n"
                     "static int init_params(mo2c_data *d)\n{\n");
    mo_buf_puts(&fn, locals);
    mo_buf_puts(&fn, MO_CG_LOCALS_VOID);
    mo_cg_sreset(dae, &fn);
    mo_cg_split s;
    split_init(g, &s, defs, &fn, "init_params", "(mo2c_data *d)", locals,
               "    if (%s(d) != 0)\n        return -1;\n");
    int n = dae->param_order ? dae->nparam_order : dae->vars.n;
    int *vars = MO_NEWN(int, n + 1), nv = 0;
    for (int k = 0; k < n; k++) {
        int v = dae->param_order ? dae->param_order[k] : k;
        const mo_dvar *dv = &dae->vars.v[v];
        if ((dv->kind == MO_DV_PARAMETER || dv->kind == MO_DV_CONSTANT) && dv->slot >= 0)
            vars[nv++] = v;
    }
    mo_cg_split_begin(&s, nv, "    ");
    var_seq c = {g, vars};
    mo_cg_seq q = {&g->cg, &c, nv, binding_stmt, NULL, binding_comment, var_instance};
    mo_cg_seq_emit(&q, &s);
    /* initial algorithm sections that compute parameters (fixed = false) from parameters (alg.c) */
    for (int i = 0; i < dae->algs.n; i++)
        if (dae->algs.v[i].params) {
            mo_cg_alg(&g->cg, mo_cg_split_out(&s), i, MO_CG_ALG_INIT);
            mo_cg_split_next(&s, 5);
        }
    mo_cg_split_end(&s);
    /* the divisors of rhs and outputs that are parameter expressions (codegen_need.c) */
    div_seq dc = {g, NULL, NULL};
    int nchecks = mo_cg_div_checks(g->divs, &dc.divisors, &dc.where);
    if (nchecks > 0) {
        mo_buf_puts(&fn, "    /* divisors that are parameter expressions: checked once, here; rhs divides without checks */\n");
        mo_cg_split_begin(&s, nchecks, "    ");
        mo_cg_seq dq = {&g->cg, &dc, nchecks, div_check_stmt, NULL, NULL, NULL};
        mo_cg_seq_emit(&dq, &s);
        mo_cg_split_end(&s);
    }
    mo_buf_puts(&fn, "    return 0;\n}\n\n");
    mo_buf_putn(defs, fn.s, fn.len);
}

/* The initial algorithm sections that compute no unknown of the initial system (checks, the values of
 * discrete variables), which the blocks do not order: those that read no unknown before the blocks
 * (their discrete values are then there for the blocks to read), the others after (after: true). */
static void emit_free_init_algs(gen *g, mo_cg_split *s, bool after)
{
    const mo_dae *dae = g->dae;
    for (int i = 0; i < dae->algs.n; i++) {
        const mo_dalg *a = &dae->algs.v[i];
        if (!a->src->initial || a->neq || a->params)
            continue;
        bool reads_unknown = false;
        for (int k = 0; k < a->nin && !reads_unknown; k++) {
            int v = mo_dae_resolve(dae, a->ins[k], NULL, NULL, NULL);
            reads_unknown = v >= 0 && mo_dae_is_unknown(dae, v);
        }
        if (reads_unknown != after)
            continue;
        mo_cg_alg(&g->cg, mo_cg_split_out(s), i, MO_CG_ALG_INIT);
        mo_cg_split_next(s, 5);
    }
}

/* The redundant initial equations sort.c left out of the initial system (dae->init_checks): at its
 * solution each must hold, else the run stops naming it and both sides' values (mo2c_init_holds). The
 * fixed start value of a state compares with the -override value when there is one. */
static void emit_init_checks(gen *g, mo_cg_split *s)
{
    const mo_dae *dae = g->dae;
    for (int i = 0; i < dae->init_checks.n; i++) {
        int e = dae->init_checks.v[i];
        const mo_deq *q = mo_dae_eq_at(dae, e);
        mo_buf *o = mo_cg_split_out(s);
        int from = g->cg.nchecked;
        eq_comment(g, o, "    ", q);
        mo_buf_puts(o, "    {\n        double lhs_ = ");
        expr(g, o, e, q->lhs);
        mo_buf_puts(o, ";\n        double rhs_ = ");
        int v = q->lhs->kind == MO_EX_VAR ? q->lhs->var : -1;
        if (v >= 0 && is_start_equation(dae, &dae->init, e, v))
            mo_buf_printf(o, "d->x_start_overridden[%d] ? d->x_start[%d] : ", dae->vars.v[v].slot,
                          dae->vars.v[v].slot);
        expr(g, o, e, q->rhs);
        mo_buf_puts(o, ";\n");
        if (uses_ok(g, from))
            mo_buf_puts(o, "        if (!ok)\n            return -1;\n");
        g->cg.where_used[e] = 1;
        mo_buf_printf(o, "        if (mo2c_init_holds(d, lhs_, rhs_, %s) != 0)\n            return -1;\n    }\n",
                      mo_cg_where_name(&g->cg, e));
        mo_cg_split_next(s, 1);
    }
}

/* The start value of vars[k] (a state's -override wins). */
static int start_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    var_seq *c = ctx;
    gen *g = c->g;
    int v = c->vars[k];
    const mo_dvar *dv = &g->dae->vars.v[v];
    int from = g->cg.nchecked;
    mo_buf_puts(o, indent);
    target(g, o, v);
    mo_buf_puts(o, " = ");
    if (dv->kind == MO_DV_STATE) {
        mo_cg_put_slot(&g->cg, o, "d->x_start_overridden", dv->slot);
        mo_buf_puts(o, " ? ");
        mo_cg_put_slot(&g->cg, o, "d->x_start", dv->slot);
        mo_buf_puts(o, " : ");
    }
    assign_value(g, o, v, dv->start, from, indent);
    return 1;
}

/* Where the start value of vars[k] was written. */
static void start_comment(void *ctx, int k, mo_buf *o, const char *indent)
{
    var_seq *c = ctx;
    const mo_dvar *dv = &c->g->dae->vars.v[c->vars[k]];
    if (!dv->start || !dv->start->loc.file)
        return;
    mo_loc at = dv->start->loc;
    mo_buf_printf(o, "%s/* ", indent);
    mo_cg_comment(o, mo_sprintf("%s:%d:%d: start of %s", loc_path(at), at.line, at.col, dv->name), 400);
    mo_buf_puts(o, " */\n");
}

static void emit_initialize(gen *g, mo_buf *defs)
{
    const mo_dae *dae = g->dae;
    mo_buf fn = {0}, *o = &fn;
    mo_buf_puts(o, "/* Consistent initial values at d->time: start values (and guesses), then the initial system. */\n"
                   "static int initialize(mo2c_data *d)\n{\n"
                   "    const double t = d->time;\n    double *x = d->x;\n    double *dx = d->dx;\n"
                   "    double *y = d->y;\n    double *p = d->p;\n    int ok = 1;\n");
    mo_buf_puts(o, MO_CG_LOCALS_VOID);
    mo_cg_sreset(dae, o);
    mo_buf_puts(o, "    d->cur_t = t;\n    d->cur_x = x;\n    d->cur_dx = dx;\n    d->initial = 1;   /* initial() */\n");
    mo_buf_puts(o, "    /* start values */\n");
    mo_cg_split s;
    split_init(g, &s, defs, &fn, "initialize", "(mo2c_data *d, double t, double *x, double *dx)",
               "    double *y = d->y;\n    double *p = d->p;\n    int ok = 1;\n", CALL_PART);
    int *vars = MO_NEWN(int, dae->vars.n + 1), nv = 0;
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        if (dv->slot >= 0 && (dv->kind == MO_DV_STATE || dv->kind == MO_DV_DISCRETE ||
                              (dv->kind == MO_DV_ALGEBRAIC && dv->start)))
            vars[nv++] = v;
    }
    mo_cg_split_begin(&s, nv, "    ");
    var_seq c = {g, vars};
    mo_cg_seq q = {&g->cg, &c, nv, start_stmt, NULL, start_comment, var_instance};
    mo_cg_seq_emit(&q, &s);
    mo_cg_split_end(&s);
    o = &fn;
    mo_cg_events_init_start(&g->cg, o);       /* pre(v) = start (codegen_events.c) */
    mo_buf_puts(o, "    /* the y slots of parameter expressions, read by the blocks; rhs never changes them */\n");
    mo_cg_split_begin(&s, g->nextra, "    ");
    emit_extra(g, &s);
    emit_free_init_algs(g, &s, false);   /* initial algorithms: discrete values, before the blocks */
    mo_cg_split_end(&s);
    /* with -iim=none the states keep their start values and rhs gives the rest */
    mo_buf_puts(o, "    /* the initial system (not with -iim=none) */\n    if (!d->init_none) {\n");
    mo_cg_split_begin(&s, dae->init.blocks.n, "    ");
    emit_blocks(g, &s, &dae->init, "init");
    emit_free_init_algs(g, &s, true);
    emit_init_checks(g, &s);
    mo_cg_split_end(&s);
    mo_buf_puts(o, "    }\n");
    mo_cg_events_init_tail(&g->cg, o);        /* the relations at the start */
    mo_buf_puts(o, "    /* derivatives and algebraic variables consistent with the states found */\n"
                   "    return rhs(d, t, x, dx);\n}\n\n");
    mo_buf_putn(defs, fn.s, fn.len);
}

/* rhs (want = 1: the blocks the derivatives and the event functions need) or outputs (want = 0: the
 * others, which only results show; codegen_need.c); false when that function has no block. Divisions
 * by parameter expressions are plain in both: init_params checks their divisors. */
static bool emit_ode_part(gen *g, mo_buf *defs, unsigned char want)
{
    const mo_system *sys = &g->dae->ode;
    int n = 0;
    bool loops = false;
    for (int k = 0; k < sys->blocks.n; k++)
        if (g->need[k] == want) {
            n++;
            loops |= sys->blocks.v[k].kind != MO_BLOCK_EXPLICIT;
        }
    if (!want && n == 0)
        return false;
    /* x, dx, y and p are distinct arrays: with restrict the compiler keeps the values it computed in
     * registers instead of reading them back after every store. Not with loops: their residual
     * functions write y through d->y while the caller's y is in use. */
    const char *params = loops ? "(mo2c_data *d, double t, const double *x, double *dx)"
                               : "(mo2c_data *d, double t, const double *restrict x, double *restrict dx)";
    const char *locals = loops ? "    double *y = d->y;\n    const double *p = d->p;\n    int ok = 1;\n"
                               : "    double *restrict y = d->y;\n    const double *restrict p = d->p;\n    int ok = 1;\n";
    mo_buf fn = {0}, *o = &fn;
    if (want)
        mo_buf_printf(o, "/* The derivatives dx, and the algebraic variables they and the event functions need, from\n"
                         " * t and x: the sorted blocks (the others are computed by outputs). */\n"
                         "static int rhs%s\n{\n%s", params, locals);
    else
        mo_buf_printf(o, "/* The algebraic variables that only results show, at an output point or an event: the\n"
                       " * remaining sorted blocks, after rhs computed dx and y at the same t and x. */\n"
                       "static int outputs(mo2c_data *d, double t, const double *x)\n{\n"
                       "    double *dx = d->dx;\n%s", locals);
    mo_buf_puts(o, MO_CG_LOCALS_VOID);
    mo_cg_sreset(g->dae, o);
    if (loops)   /* the residual functions of algebraic loops read the point from d */
        mo_buf_puts(o, "    d->cur_t = t;\n    d->cur_x = x;\n    d->cur_dx = dx;\n");
    mo_cg_split s;
    split_init(g, &s, defs, &fn, want ? "rhs" : "outputs", params, locals, CALL_PART);
    mo_cg_split_begin(&s, n, "    ");
    g->mask = g->need;
    g->mask_want = want;
    emit_blocks(g, &s, sys, "ode");
    g->mask = NULL;
    mo_cg_split_end(&s);
    if (want) {
        mo_cg_state_chains(g->dae, o, "    ", "dx", "x");
        if (mo_cg_dss_switches(g->dss))   /* state sets: tested at every evaluation (codegen_dss.c) */
            mo_buf_puts(o, "    if (dss_watch(d, t, x, dx, 0) != 0)\n        return -1;\n");
        else if (mo_cg_dss_count(g->dss) > 0)   /* the choices near degenerate, at every evaluation */
            mo_buf_puts(o, "    if (d->dss_nnear != 0 && dss_watch(d, t, x, dx, 0) != 0)\n        return -1;\n");
    }
    mo_buf_puts(o, "    return 0;\n}\n\n");
    if (want)
        mo_cg_dss_watch(&g->cg, defs, g->dss);   /* before rhs, which calls it */
    mo_buf_putn(defs, fn.s, fn.len);
    return true;
}

/* ---- the model description ---- */

static void str_lit(mo_buf *o, const char *s)
{
    mo_buf_puts(o, "\"");
    mo_cg_c_string(o, s ? s : "");
    mo_buf_puts(o, "\"");
}

/* The rows of the variable table: every variable as results and -override name it (codegen_write.c
 * prints them). */
static mo_cg_var_row *var_rows(gen *g, int *nrows)
{
    const mo_dae *dae = g->dae;
    int n = 0;
    mo_cg_var_row *rows = MO_NEWN(mo_cg_var_row, dae->vars.n + 1);
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        const mo_var *fv = dv->flat >= 0 ? &dae->flat->vars.v[dv->flat] : NULL;
        if (fv && fv->type == MO_T_STRING)
            continue;
        /* resolve the storage */
        bool neg;
        const mo_expr *value;
        int last;
        int k = mo_dae_resolve(dae, v, &neg, &value, &last);
        int src = -1; /* ORDER mo2c_source */
        int index = 0;
        double cval = 0;
        if (k >= 0) {
            switch (dae->vars.v[k].kind) {
            case MO_DV_STATE: src = 0; break;
            case MO_DV_DERIVATIVE: src = 1; break;
            case MO_DV_ALGEBRAIC: case MO_DV_DISCRETE: src = 2; break;
            case MO_DV_PARAMETER: case MO_DV_CONSTANT: src = 3; break;
            default: break;
            }
            index = dae->vars.v[k].slot;
            if (src < 0 || index < 0)
                continue;
        } else if (g->cg.extra_slot[last] >= 0) {
            src = 2;
            index = g->cg.extra_slot[last];
            neg = false; /* the slot holds the value with its sign */
        } else {
            bool ok = true;
            cval = value ? mo_eval(value, NULL, &ok) : 0;
            if (!ok)
                continue;
            if (neg)
                cval = -cval;
            neg = false;
            src = 4;
        }
        mo_cg_var_row *r = &rows[n++];
        r->name = dv->name;
        r->comment = fv && fv->attr->comment ? fv->attr->comment : "";
        r->unit = fv && fv->attr->unit ? fv->attr->unit : "";
        r->source = src;
        r->index = index;
        r->negated = neg;
        r->value = cval;
        r->is_param = fv ? fv->variability <= MO_VAR_PARAMETER
                         : (dv->kind == MO_DV_PARAMETER || dv->kind == MO_DV_CONSTANT);
        /* -1: a parameter whose value was used when the model was compiled (dae.c, eval.c), which
         * -override refuses saying so */
        r->overridable = dv->kind == MO_DV_PARAMETER ? (dv->structural ? -1 : 1) : dv->kind == MO_DV_STATE;
        r->is_protected = fv && (fv->flags & MO_PF_PROTECTED);
    }
    *nrows = n;
    return rows;
}

/* Give a y slot to each alias whose value is a parameter expression (not a plain constant). */
static void plan_extra(gen *g)
{
    const mo_dae *dae = g->dae;
    g->cg.extra_slot = MO_NEWN(int, dae->vars.n + 1);
    for (int v = 0; v < dae->vars.n; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        g->cg.extra_slot[v] = -1;
        if (dv->kind != MO_DV_ALIAS || dv->alias_of >= 0 || !dv->alias_value)
            continue;
        bool ok = true;
        (void)mo_eval(dv->alias_value, NULL, &ok);
        if (!ok)
            g->cg.extra_slot[v] = dae->ny + g->nextra++;
    }
}

int mo_codegen(FILE *out, const mo_dae *dae)
{
    int errors0 = mo_error_count();
    gen g;
    memset(&g, 0, sizeof g);
    g.dae = dae;
    g.cg.dae = dae;
    g.cg.names = true;
    g.var_where0 = dae->eqs.n + dae->init_eqs.n;
    g.cg.alg_where0 = g.var_where0 + dae->vars.n;
    g.nwhere = g.cg.alg_where0 + dae->algs.n;
    g.cg.where_used = MO_NEWN(unsigned char, g.nwhere + 1);
    /* a large model's where strings are built at start-up by loops, as its variable table is */
    g.cg.where_table = mo_cg_loops_on() && dae->vars.n >= MO_CG_FILL_VARS_MIN;
    plan_extra(&g);
    g.cg.ev = mo_cg_events_new(dae);          /* event relations and when-clauses (codegen_events.c) */

    mo_buf params = {0}, init = {0}, rhs = {0}, jac = {0}, fns = {0};
    mo_buf evprotos = {0}, evfuncs = {0}, evfields = {0};
    for (int i = 0; i < dae->flat->funcs.n; i++)
        dae->flat->funcs.v[i]->cg_mark = 0;   /* user functions: none used yet (codegen_fn.c) */
    g.dss = mo_cg_dss_plan(dae);              /* the state choices watched during the run */
    g.need = mo_cg_needed(dae, g.dss);        /* rhs or outputs, per block (codegen_need.c) */
    g.cg.live = true;                         /* initialization compares relations directly */
    emit_initialize(&g, &init);
    g.cg.live = false;
    g.cg.divs = mo_cg_divs_new();             /* divisions by parameter expressions: checked once */
    emit_ode_part(&g, &rhs, 1);
    bool has_outputs = emit_ode_part(&g, &rhs, 0);
    g.divs = g.cg.divs;                       /* init_params prints their checks, its own divisions checked */
    g.cg.divs = NULL;
    g.cg.live = true;
    emit_init_params(&g, &params);
    g.cg.live = false;
    unsigned char *saved = MO_NEWN(unsigned char, g.nwhere + 1);
    memcpy(saved, g.cg.where_used, (size_t)g.nwhere);
    int *fmarks = MO_NEWN(int, dae->flat->funcs.n + 1);
    for (int i = 0; i < dae->flat->funcs.n; i++)
        fmarks[i] = dae->flat->funcs.v[i]->cg_mark;
    int nparts_before_jac = g.parts.v.n;
    mo_cg_split jsplit;
    split_init(&g, &jsplit, &jac, NULL, "jacobian",
               "(mo2c_data *d, double t, const double *x, const double *dx, double *sx, double *sdx, double *sy)",
               "    double *y = d->y;\n    const double *p = d->p;\n    int ok = 1;\n"
               "    (void)sx; (void)sdx; (void)sy;\n",
               "    if (%s(d, t, x, dx, sx, sdx, sy) != 0)\n        ok = 0;\n");
    bool has_jac = mo_cg_jacobian(&g.cg, g.need, dae->ny + g.nextra, &jsplit, &g.jac_dense,
                                  &g.jac_nnz);
    if (!has_jac) {
        g.parts.v.n = nparts_before_jac;                  /* the parts of a discarded Jacobian */
        memcpy(g.cg.where_used, saved, (size_t)g.nwhere); /* the discarded text named none of them */
        for (int i = 0; i < dae->flat->funcs.n; i++)
            dae->flat->funcs.v[i]->cg_mark = fmarks[i];
    }
    if (mo_cg_events_emit(&g.cg, &evprotos, &evfuncs, &evfields) != 0)
        return 1;
    mo_cg_functions(dae, &fns);
    int nvars;
    mo_cg_var_row *rows = var_rows(&g, &nvars);
    mo_buf fill = {0};   /* a large model's table as loops (codegen_vars.c) */
    if (mo_cg_loops_on() && nvars >= MO_CG_FILL_VARS_MIN)
        mo_cg_fill_vars(&g.cg, rows, nvars, &fill);
    if (mo_error_count() > errors0)
        return 1;

    const mo_flat *flat = dae->flat;
    mo_buf h = {0};
    mo_buf_puts(&h, "/*\n * ");
    mo_cg_comment(&h, flat->name, 300);
    mo_buf_puts(&h, " - simulator generated by mo2c " MO2C_GEN_VERSION "\n * from ");
    mo_cg_comment(&h, flat->cls && flat->cls->loc.file ? loc_path(flat->cls->loc) : "<unknown>", 400);
    mo_buf_printf(&h, "\n * %d states, %d algebraic variables, %d parameters; %d blocks (%d initial).\n",
                  dae->nx, dae->ny + g.nextra, dae->np, dae->ode.blocks.n, dae->init.blocks.n);
    mo_buf_puts(&h, " * Storage: x[] states, dx[] their derivatives, y[] algebraic variables, p[] parameters;\n"
                    " * each slot is followed by the variable's name in a comment.\n");
    mo_cg_functions_header(flat, &h);   /* what external functions need from the C compiler */
    /* the where strings' texts (codegen_write.c prints them) */
    const char **where = MO_NEWN(const char *, g.nwhere + 1);
    mo_buf tmp = {0};
    for (int id = 0; id < g.nwhere; id++) {
        if (!g.cg.where_used[id])
            continue;
        tmp.len = 0;
        if (id < g.var_where0) {
            const mo_deq *q = id < dae->eqs.n ? &dae->eqs.v[id] : &dae->init_eqs.v[id - dae->eqs.n];
            mo_buf_printf(&tmp, "%s:%d: ", loc_path(q->loc), q->loc.line);
            mo_dae_eq_put(dae, &tmp, q, 301);   /* (cut at 300 bytes below) */
        } else if (id >= g.cg.alg_where0) {
            const mo_falg *a = dae->algs.v[id - g.cg.alg_where0].src;
            mo_buf_printf(&tmp, "%s:%d: %s", loc_path(a->loc), a->loc.line,
                          a->initial ? "initial algorithm" : "algorithm");
        } else {
            int v = id - g.var_where0;
            const mo_dvar *dv = &dae->vars.v[v];
            const mo_var *fv = dv->flat >= 0 ? &flat->vars.v[dv->flat] : NULL;
            mo_buf_printf(&tmp, "%s:%d: value of %s", fv ? loc_path(fv->attr->loc) : "<mo2c>",
                          fv ? fv->attr->loc.line : 0, dv->name);
        }
        const char *w = mo_buf_str(&tmp);
        where[id] = strlen(w) > 300 ? mo_sprintf("%.300s...", w) : mo_strdup(w);
    }

    mo_buf fill_where = {0};
    if (g.cg.where_table)
        mo_cg_fill_where(&g.cg, where, g.nwhere, &fill_where);
    mo_buf protos = {0};
    mo_buf_puts(&protos, "static int rhs(mo2c_data *d, double t, const double *x, double *dx);\n\n");
    mo_buf_putn(&protos, evprotos.s, evprotos.len);

    mo_buf m = {0}, sfields = {0};
    mo_cg_string_params(dae, &m, &sfields);   /* codegen_str.c: names -override refuses */
    if (mo_cg_io(dae, &m, &sfields) != 0)     /* codegen_io.c: the top-level inputs and outputs */
        return 1;
    const mo_experiment *ex = &flat->experiment;
    mo_buf_puts(&m, "static const mo2c_model model = {\n    .name = ");
    str_lit(&m, flat->name);
    mo_buf_puts(&m, ",\n    .comment = ");
    str_lit(&m, flat->comment);
    mo_buf_printf(&m, ",\n    .nx = %d, .ny = %d, .np = %d,\n    .nvars = %d, .vars = %s,\n", dae->nx,
                  dae->ny + g.nextra, dae->np, nvars, "vars");
    if (dae->ndelay)
        mo_buf_printf(&m, "    .ndelay = %d,\n", dae->ndelay);
    mo_buf_printf(&m, "    .has_start = %d, .has_stop = %d, .has_interval = %d, .has_tolerance = %d,\n",
                  ex->has_start, ex->has_stop, ex->has_interval, ex->has_tolerance);
    mo_buf_puts(&m, "    .start_time = ");
    mo_cg_number(&m, ex->has_start ? ex->start : 0);
    mo_buf_puts(&m, ", .stop_time = ");
    mo_cg_number(&m, ex->has_stop ? ex->stop : 1);
    mo_buf_puts(&m, ", .interval = ");
    mo_cg_number(&m, ex->has_interval ? ex->interval : 0.002);
    mo_buf_puts(&m, ", .tolerance = ");
    mo_cg_number(&m, ex->has_tolerance ? ex->tolerance : 1e-6);
    mo_buf_printf(&m, ",\n    .init_params = init_params,\n    .initialize = initialize,\n    .rhs = rhs,\n"
                      "    .jacobian = %s,\n", has_jac && g.jac_dense ? "jacobian" : "NULL");
    if (has_jac && g.jac_nnz)
        mo_buf_printf(&m, "    .jac_nnz = %d, .jac_rowptr = jac_rowptr, .jac_col = jac_col,\n"
                          "    .jacobian_sparse = jacobian_sparse,\n", g.jac_nnz);
    if (has_outputs)
        mo_buf_puts(&m, "    .outputs = outputs,\n");
    if (mo_cg_dss_count(g.dss) > 0)
        mo_buf_printf(&m, "    .ndss = %d, .dss = dss_watch,\n", mo_cg_dss_count(g.dss));
    mo_buf_puts(&m, mo_buf_str(&evfields));
    mo_buf_puts(&m, mo_buf_str(&sfields));
    mo_buf_puts(&m, "};\n\n");
    mo_cg_file file = {.head = &h, .where = where, .nwhere = g.nwhere, .rows = rows, .nrows = nvars,
                       .fill = fill.len ? &fill : NULL,
                       .fill_where = g.cg.where_table ? &fill_where : NULL,
                       .fill_jac = has_jac && g.jac_nnz && g.cg.where_table,
                       .protos = &protos, .fns = &fns, .model = &m, .parts = &g.parts};
    mo_buf *body[] = {&g.loops, &params, &init, &rhs, &jac, &evfuncs};
    for (int i = 0; i < 6; i++)
        if (i != 4 || has_jac)
            file.body[file.nbody++] = body[i];
    /* the Integer judgements of +, - and * (codegen_expr.c: int_typed), linear in a chain's length */
    mo_stats_count("int-judged-nodes", (long long)g.cg.int_judged);   /* (tests/sim/long_chains.sh) */
    mo_stats_count("dag-walk-nodes", (long long)mo_dag_nodes);   /* (tests/sim/long_products.sh) */
    return mo_cg_write(out, &file);
}
