/*
 * runindex.c - references with subscripts known only at run time (x[k], specification 10.5) that the
 * equations repeat, read through one variable each (mo_run_index_vars).
 *
 * Input: a flat model after mo_flat_unshare, whose x[k] are MO_EX_INDEX nodes over the elements they
 * choose from (flat.h; flatten_ref.c makes the array of the elements once per distinct set of variables,
 * so references to the same x share it). Output: the same model where every x[k] that occurs in two or
 * more equations (the same array, the same index expression, outside der()) reads a protected variable
 * of its own, computed by one added equation $x[k] = x[k]. The index reduction, the matching and the
 * sorting see the N elements of x once, in that equation, instead of once per reference: M equations
 * reading x[k] over N elements cost N + M edges of the incidence graph instead of N M (and the code
 * chooses the element once). A reference that occurs once, and those in when-clauses, algorithms,
 * initial equations and under der() (whose meaning is the element's derivative, not a variable's), stay
 * as they are.
 *
 * Guarantees: the added variable is continuous when an element or the index varies continuously, else
 * discrete (changed only at events, like the index); its type is the elements'. Cost: linear in the size
 * of the equations (an x[k] is looked at once per occurrence, its elements not at all).
 */
#include "daeutil.h"
#include "events.h"

#include <stdint.h>
#include <string.h>

typedef struct rctx {
    mo_flat *flat;
    mo_map key;               /* interned "<array address> <index as text>" -> occurrences, then the
                               * variable + 1 (negated while only counted) */
    mo_map names;             /* names given, to keep them apart */
    mo_buf buf;               /* key_of's text */
} rctx;

/* How many operands of e are always evaluated where e is: all but those of der() (whose x[k] means the
 * element's derivative), the branches of an if-expression and the second operand of 'and' and 'or'
 * (an x[k] there may be guarded by the condition: read through a variable, it would be chosen always,
 * its index out of range where the guard is false). */
static int evaluated(const mo_expr *e)
{
    if (e->kind == MO_EX_VAR)   /* (VAR nodes may be short: ast.h) */
        return 0;
    if (e->kind == MO_EX_DER ||
        (e->kind == MO_EX_CALL && !e->func && mo_sym_fn_name(e) && !strcmp(mo_sym_fn_name(e), "der")))
        return 0;
    if (e->kind == MO_EX_IF || (e->kind == MO_EX_BINARY && (e->op == MO_OP_AND || e->op == MO_OP_OR)))
        return e->n ? 1 : 0;
    return e->n;
}

/* The key of x[k]: the array chosen from (shared by the references to it) and the index's text. */
static const char *key_of(rctx *c, const mo_expr *e)
{
    c->buf.len = 0;
    mo_buf_printf(&c->buf, "%p ", (const void *)e->a[0]);
    mo_expr_print(&c->buf, e->a[1], mo_flat_var_name, c->flat);
    return mo_intern_cstr(mo_buf_str(&c->buf));
}

/* Count the occurrences of each x[k] of e (not below der(), nor inside the elements of another). */
static void count(rctx *c, const mo_expr *e)
{
    if (!e || e->kind == MO_EX_VAR)
        return;
    if (e->kind == MO_EX_INDEX) {
        const char *k = key_of(c, e);
        mo_map_put(&c->key, k, (void *)((intptr_t)mo_map_get(&c->key, k) - 1));
        return;   /* (an x[j] in its index: not read through a variable, rewrite) */
    }
    int n = evaluated(e);
    for (int i = 0; i < n; i++)
        count(c, e->a[i]);
    for (int i = 0; n == e->n && i < e->nnamed; i++)
        count(c, e->named[i].value);
}

/* The first variable among the elements of x[k] (nested choices included), or -1. */
static int first_var(const mo_expr *e)
{
    if (e->kind == MO_EX_VAR)
        return e->var;
    for (int i = 0; i < e->n; i++) {
        int v = first_var(e->a[i]);
        if (v >= 0)
            return v;
    }
    return -1;
}

/* Does e read a continuous variable or time? */
static bool continuous(const mo_flat *flat, const mo_expr *e)
{
    if (e->kind == MO_EX_VAR)
        return flat->vars.v[e->var].variability == MO_VAR_CONTINUOUS;
    if (e->kind == MO_EX_TIME || e->kind == MO_EX_DER)
        return true;
    for (int i = 0; i < e->n; i++)
        if (continuous(flat, e->a[i]))
            return true;
    return false;
}

/* The variable that x[k] (e) is read through, made with its equation the first time. */
static int variable_of(rctx *c, const mo_expr *e, const char *k)
{
    intptr_t have = (intptr_t)mo_map_get(&c->key, k);
    if (have > 0)
        return (int)have - 1;
    int of = first_var(e->a[0]);
    if (of < 0)
        return -1;
    const char *name = mo_sprintf("$%s", e->str ? e->str : "index");
    for (int n = 2; mo_map_has(&c->names, mo_intern_cstr(name)); n++)
        name = mo_sprintf("$%s#%d", e->str ? e->str : "index", n);
    name = mo_intern_cstr(name);
    mo_map_put(&c->names, name, (void *)1);
    int v = c->flat->vars.n;
    mo_var_attr *attr = MO_NEW(mo_var_attr);
    attr->loc = e->loc;
    attr->comment = "an element chosen at run time that several equations read (runindex.c)";
    mo_var var = {.name = name, .attr = attr, .flags = MO_PF_PROTECTED,
                  .variability = continuous(c->flat, e) ? MO_VAR_CONTINUOUS : MO_VAR_DISCRETE,
                  .type = c->flat->vars.v[of].type, .state_select = MO_SS_DEFAULT, .attr_own = true};
    MO_PUSH(c->flat->vars, var);
    mo_feq q = {.loc = e->loc, .instance = "", .origin = MO_ORIGIN_EQUATION, .lhs = mo_expr_var(e->loc, v),
                .rhs = (mo_expr *)e};
    MO_PUSH(c->flat->eqs, q);
    mo_map_put(&c->key, k, (void *)(intptr_t)(v + 1));
    return v;
}

/* e with its repeated x[k] read through their variables (e itself when there is none). */
static mo_expr *rewrite(void *ctx, const mo_expr *e)
{
    rctx *c = ctx;
    if (e->kind == MO_EX_VAR)   /* (VAR nodes may be short: ast.h) */
        return (mo_expr *)e;
    if (e->kind == MO_EX_INDEX) {
        const char *k = key_of(c, e);
        intptr_t n = (intptr_t)mo_map_get(&c->key, k);
        int v = n < -1 || n > 0 ? variable_of(c, e, k) : -1;
        return v >= 0 ? mo_expr_var(e->loc, v) : (mo_expr *)e;
    }
    int n = evaluated(e);
    if (n == e->n)
        return mo_dae_map_operands(e, rewrite, c);
    if (n == 0)
        return (mo_expr *)e;
    mo_expr *a = rewrite(c, e->a[0]);   /* if-expressions, 'and', 'or': the first operand only */
    if (a == e->a[0])
        return (mo_expr *)e;
    mo_expr *r = mo_expr_dup(e);
    r->a = MO_NEWN(mo_expr *, e->n);
    memcpy(r->a, e->a, sizeof *r->a * (size_t)e->n);
    r->a[0] = a;
    return r;
}

void mo_run_index_vars(mo_flat *flat)
{
    rctx c = {flat, {0}, {0}, {0}};
    int neqs = flat->eqs.n;
    for (int i = 0; i < neqs; i++) {
        count(&c, flat->eqs.v[i].lhs);
        count(&c, flat->eqs.v[i].rhs);
    }
    if (!mo_map_count(&c.key))
        return;
    for (int i = 0; i < neqs; i++) {   /* (variable_of adds equations: flat->eqs may move) */
        mo_expr *lhs = rewrite(&c, flat->eqs.v[i].lhs);
        flat->eqs.v[i].lhs = lhs;
        mo_expr *rhs = rewrite(&c, flat->eqs.v[i].rhs);
        flat->eqs.v[i].rhs = rhs;
    }
}
