/*
 * codegen_need.c - what the integrator needs from the right-hand side, and the divisions that can be
 * checked once instead of at every evaluation.
 *
 * Input: the DAE after mo_dae_solve (dae->ode sorted into blocks, slots assigned). Output: a flag per
 * block of dae->ode, and the division checks collected while rhs and outputs are printed.
 *
 * Needed blocks. The integrator calls rhs several times per step (six for rkf45), but only the
 * derivatives, and what the event machinery evaluates after every accepted step (the zero-crossing
 * functions and the asserts outside when-clauses), must be current at each call. Every other algebraic
 * variable is shown in results only, so it is computed at output points (and during event iteration) by
 * the model's outputs function. A block is needed when it defines a derivative, or a variable that a
 * relation (the operands of its zero-crossing function) or an assert reads, or a variable a needed block
 * reads: a reverse reachability over the block graph (a block reads the variables of its expressions,
 * an algorithm section's block the inputs of its statements, each defined by at most one block), with
 * an explicit stack, linear in the total size of the blocks and sections. The set is closed under
 * dependencies, so the outputs function, running the other blocks in BLT order after rhs, reads only
 * values of the same evaluation. Relations are over-approximated: every relation in the ODE blocks, the
 * alias values, the when-conditions and the algorithm statements outside when-bodies counts, noEvent or
 * not. (A consumer left out reads a value of the last output point: an algorithm reading w = time got
 * the w of the previous output point, a when-statement's x > 0.5 fired up to an output interval late.)
 *
 * Divisions. Parameters do not change during a run (no event assigns one), so a divisor made of
 * parameters and constants only is the same at every call: init_params checks it once after all
 * parameters are set, failing with the message mo2c_div would give ("division by zero in equation ..."
 * naming the first equation that divides by it), and rhs divides without a check. Only divisions
 * evaluated at every call qualify: inside an if-expression branch or the right operand of && and || a
 * zero divisor may be harmless (the branch is not taken), so those stay checked.
 */
#include "codegen.h"
#include "daeutil.h"

#include <string.h>

/* ---- the variables an expression reads ---- */

/* Append v (resolved: -1 for none) to out unless seen[] marks it. */
static void note(int v, unsigned char *seen, mo_int_vec *out)
{
    if (v >= 0 && !seen[v]) {
        seen[v] = 1;
        MO_PUSH(*out, v);
    }
}

/* Append the variables e reads (aliases resolved, der(v) as the derivative variable) to out, each once
 * (seen[] marks them; the caller clears it). Recursion over one expression only. */
static void reads_walk(const mo_dae *dae, const mo_expr *e, unsigned char *seen, mo_int_vec *out, mo_dag *w)
{
    if (!e || !mo_dag_first(w, e))   /* (a shared node's variables are noted already: ast.h) */
        return;
    mo_dag_nodes++;
    int v = -1;
    if (e->kind == MO_EX_VAR && e->var >= 0 && e->var < dae->vars.n) {
        v = mo_dae_resolve(dae, e->var, NULL, NULL, NULL);
    } else if (e->kind == MO_EX_DER && e->n == 1 && e->a[0]->kind == MO_EX_VAR && e->a[0]->var >= 0 &&
               e->a[0]->var < dae->vars.n) {
        int k = mo_dae_resolve(dae, e->a[0]->var, NULL, NULL, NULL);
        v = k >= 0 ? dae->vars.v[k].der : -1;
    }
    note(v, seen, out);
    for (int i = 0; i < e->n; i++)
        reads_walk(dae, e->a[i], seen, out, w);
    for (int i = 0; i < e->nnamed; i++)
        reads_walk(dae, e->named[i].value, seen, out, w);
}

static void reads(const mo_dae *dae, const mo_expr *e, unsigned char *seen, mo_int_vec *out)
{
    static mo_dag dag;
    mo_dag *w = mo_dag_begin(&dag);
    reads_walk(dae, e, seen, out, w);
    mo_dag_end(w);
}

static bool is_relation(const mo_expr *e)
{
    return e->kind == MO_EX_BINARY &&
           (e->op == MO_OP_LT || e->op == MO_OP_LE || e->op == MO_OP_GT || e->op == MO_OP_GE);
}

/* Append what the relations inside e read (their zero-crossing functions run after every step). */
static void relation_walk(const mo_dae *dae, const mo_expr *e, unsigned char *seen, mo_int_vec *out, mo_dag *w)
{
    if (!e || !mo_dag_first(w, e))
        return;
    mo_dag_nodes++;
    if (is_relation(e)) {
        reads(dae, e, seen, out);
        return;
    }
    for (int i = 0; i < e->n; i++)
        relation_walk(dae, e->a[i], seen, out, w);
    for (int i = 0; i < e->nnamed; i++)
        relation_walk(dae, e->named[i].value, seen, out, w);
}

static void relation_reads(const mo_dae *dae, const mo_expr *e, unsigned char *seen, mo_int_vec *out)
{
    static mo_dag dag;
    mo_dag *w = mo_dag_begin(&dag);
    relation_walk(dae, e, seen, out, w);
    mo_dag_end(w);
}

/* The expressions of block b (its solution, or a loop's inner assignments and residual equations),
 * passed to f. An algorithm section's (a block of its own, or a loop through it) are its statements,
 * which its pseudo-equations do not hold: block_inputs. */
static void block_exprs(const mo_dae *dae, const mo_block *b, unsigned char *seen, mo_int_vec *out,
                        void (*f)(const mo_dae *, const mo_expr *, unsigned char *, mo_int_vec *))
{
    if (b->kind == MO_BLOCK_EXPLICIT) {
        f(dae, b->solution, seen, out);
        return;
    }
    if (b->kind == MO_BLOCK_ALGORITHM)
        return;
    for (int m = 0; m < b->torn->ninner; m++)
        f(dae, b->torn->inner_solutions[m], seen, out);
    for (int i = 0; i < b->torn->ntear; i++) {
        const mo_deq *q = mo_block_eq(dae, &dae->ode, b->torn->res_eqs[i]);
        f(dae, q->lhs, seen, out);
        f(dae, q->rhs, seen, out);
    }
}

/* Append what the algorithm sections of block b read where rhs runs them (their inputs, alg.c: what
 * the statements outside when-statements, asserts and terminate read, not through pre()); the sorting
 * put the blocks computing them before b by the same list (mo_dae_eq_incidence). */
static void block_inputs(const mo_dae *dae, const mo_block *b, unsigned char *seen, mo_int_vec *out)
{
    for (int i = 0; i < b->n; i++) {
        const mo_deq *q = mo_block_eq(dae, &dae->ode, b->eqs[i]);
        if (!q->alg_first)
            continue;
        const mo_dalg *a = &dae->algs.v[q->alg - 1];
        for (int k = 0; k < a->nin; k++)
            note(mo_dae_resolve(dae, a->ins[k], NULL, NULL, NULL), seen, out);
    }
}

/* The roots an algorithm section adds (the statements of every section, whether it computes unknowns of
 * the ODE system or discrete variables only): what the relations of its statements outside
 * when-statement bodies read, when-conditions included (their zero-crossing functions, codegen_events.c
 * scan_stmt; in when-bodies they make no events); and in a section with asserts outside
 * when-statements, everything those statements read, as check() runs them after every accepted step
 * (codegen_alg.c, MO_CG_ALG_CHECK). */
typedef struct alg_roots { const mo_dae *dae; const mo_dalg *a; unsigned char *seen; mo_int_vec *out; bool all; } alg_roots;

static void alg_root_expr(void *ctx, const mo_expr *e)
{
    alg_roots *c = ctx;
    (c->all ? reads : relation_reads)(c->dae, e, c->seen, c->out);
}

static void alg_root_stmt(void *ctx, const mo_astmt *s, bool in_when)
{
    alg_roots *c = ctx;
    if (in_when)
        return;
    c->all = c->a->has_assert && s->kind != MO_AS_WHEN;
    mo_astmt_exprs(s, alg_root_expr, c);
}

/* ---- needed blocks ---- */

unsigned char *mo_cg_needed(const mo_dae *dae, const mo_cg_dss *dss)
{
    const mo_system *sys = &dae->ode;
    int nb = sys->blocks.n, nv = dae->vars.n;
    unsigned char *need = MO_NEWN(unsigned char, nb + 1);
    unsigned char *seen = MO_NEWN(unsigned char, nv + 1);
    int *def = MO_NEWN(int, nv + 1);   /* variable -> the block computing it, or -1 */
    for (int v = 0; v < nv; v++)
        def[v] = -1;
    for (int k = 0; k < nb; k++)
        for (int i = 0; i < sys->blocks.v[k].n; i++)
            def[sys->blocks.v[k].vars[i]] = k;

    /* the block graph in CSR form: block k reads the blocks at dep[start[k] .. start[k + 1]) */
    int *start = MO_NEWN(int, nb + 1);
    mo_int_vec dep = {0}, vs = {0};
    for (int k = 0; k < nb; k++) {
        start[k] = dep.n;
        vs.n = 0;
        block_exprs(dae, &sys->blocks.v[k], seen, &vs, reads);
        block_inputs(dae, &sys->blocks.v[k], seen, &vs);
        for (int i = 0; i < vs.n; i++) {
            seen[vs.v[i]] = 0;
            if (def[vs.v[i]] >= 0 && def[vs.v[i]] != k)
                MO_PUSH(dep, def[vs.v[i]]);
        }
    }
    start[nb] = dep.n;

    /* the roots: derivatives, then what the relations and the asserts read */
    mo_int_vec stack = {0};
    for (int k = 0; k < nb; k++)
        for (int i = 0; i < sys->blocks.v[k].n && !need[k]; i++)
            if (dae->vars.v[sys->blocks.v[k].vars[i]].kind == MO_DV_DERIVATIVE) {
                need[k] = 1;
                MO_PUSH(stack, k);
            }
    vs.n = 0;
    for (int k = 0; k < nb; k++)
        block_exprs(dae, &sys->blocks.v[k], seen, &vs, relation_reads);
    for (int v = 0; v < nv; v++)
        if (dae->vars.v[v].kind == MO_DV_ALIAS && dae->vars.v[v].alias_of < 0)
            relation_reads(dae, dae->vars.v[v].alias_value, seen, &vs);
    const mo_flat *flat = dae->flat;
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            relation_reads(dae, flat->whens.v[i].branches[k].cond, seen, &vs);
    for (int i = 0; i < dae->algs.n; i++) {
        alg_roots c = {dae, &dae->algs.v[i], seen, &vs, false};
        if (!c.a->src->initial)
            mo_astmt_walk(&c.a->body, alg_root_stmt, &c, false);
    }
    for (int i = 0; i < flat->asserts.n; i++) {
        const mo_wstmt *s = &flat->asserts.v[i];
        reads(dae, s->rhs, seen, &vs);
        for (int j = 0; j < s->nmsg; j++)
            reads(dae, s->msg[j], seen, &vs);
    }
    /* what the guards of the state choices that rhs ends with read (codegen_dss.c) */
    int nd;
    const mo_expr *const *dr = mo_cg_dss_reads(dss, &nd);
    for (int i = 0; i < nd; i++)
        reads(dae, dr[i], seen, &vs);
    for (int i = 0; i < vs.n; i++) {
        int v = vs.v[i];
        seen[v] = 0;
        if (def[v] >= 0 && !need[def[v]]) {
            need[def[v]] = 1;
            MO_PUSH(stack, def[v]);
        }
    }

    /* everything they read, transitively */
    while (stack.n > 0) {
        int k = stack.v[--stack.n];
        for (int i = start[k]; i < start[k + 1]; i++)
            if (!need[dep.v[i]]) {
                need[dep.v[i]] = 1;
                MO_PUSH(stack, dep.v[i]);
            }
    }
    return need;
}

/* ---- divisions checked once ---- */

struct mo_cg_divs {
    mo_map seen;                      /* interned divisor text -> 1 */
    MO_VEC(const mo_expr *) divisors; /* the divisors, in the order the divisions were printed */
    mo_int_vec where;                 /* the where id of each one's equation */
};

mo_cg_divs *mo_cg_divs_new(void)
{
    return MO_NEW(mo_cg_divs);
}

/* Is e made of literals, parameters and constants only (no time, no variable that changes during the
 * run, no user function, no event operator)? Recursion over one expression only. */
static bool param_only(const mo_cg *cg, const mo_expr *e)
{
    const mo_dae *dae = cg->dae;
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL:
        return true;
    case MO_EX_VAR: {
        if (e->var < 0 || e->var >= dae->vars.n)
            return false;
        int last;
        int v = mo_dae_resolve(dae, e->var, NULL, NULL, &last);
        if (v < 0)   /* an alias of a value: a literal, unless it has a y slot computed by initialize */
            return !(cg->extra_slot && cg->extra_slot[last] >= 0);
        mo_dkind k = dae->vars.v[v].kind;   /* (fixed = false: not known when init_params checks) */
        return (k == MO_DV_PARAMETER || k == MO_DV_CONSTANT) && dae->vars.v[v].slot >= 0 &&
               !dae->vars.v[v].unfixed_param;
    }
    case MO_EX_UNARY: case MO_EX_BINARY: case MO_EX_IF:
        break;
    case MO_EX_CALL: {
        static const char *const pure[] = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                                           "tanh", "exp", "abs", "sign", "sqrt", "log", "log10",
                                           "floor", "ceil", "integer", "min", "max", "atan2", NULL};
        const char *fn = mo_sym_fn_name(e);
        if (!fn || e->func || e->nnamed || e->niters)
            return false;
        bool known = false;
        for (int i = 0; pure[i] && !known; i++)
            known = !strcmp(fn, pure[i]);
        if (!known)
            return false;
        break;
    }
    default:
        return false;
    }
    for (int i = 0; i < e->n; i++)
        if (!e->a[i] || !param_only(cg, e->a[i]))
            return false;
    return true;
}

bool mo_cg_div_unchecked(const mo_cg *cg, const mo_expr *divisor)
{
    return cg->divs && cg->cond == 0 && !cg->fn && !cg->where_name && param_only(cg, divisor);
}

void mo_cg_div_add(mo_cg *cg, const char *divisor_text, const mo_expr *divisor)
{
    mo_cg_divs *dv = cg->divs;
    const char *key = mo_intern_cstr(divisor_text);
    if (mo_map_has(&dv->seen, key))
        return;
    mo_map_put(&dv->seen, key, (void *)1);
    cg->where_used[cg->where_id] = 1;
    MO_PUSH(dv->divisors, divisor);
    MO_PUSH(dv->where, cg->where_id);
}

int mo_cg_div_checks(const mo_cg_divs *divs, const mo_expr *const **divisors, const int **where)
{
    *divisors = divs ? (const mo_expr *const *)divs->divisors.v : NULL;
    *where = divs ? divs->where.v : NULL;
    return divs ? divs->divisors.n : 0;
}
