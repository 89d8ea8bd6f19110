/*
 * exprlin.c - how a back-end expression depends on its variables: whether it reads a variable (also
 * through arrays of choices, x[k] with k computed), its linear decomposition in one variable
 * (mo_sym_linear: coefficient and rest, which solve.c and tearing use to solve an equation for an
 * unknown), the variables it reads nonlinearly, and whether it is affine in a set of variables.
 *
 * Split from expr.c (the constructors, simplification and evaluation stay there). Each function visits a
 * node once: asking "does var occur below?" again at every level made long chains quadratic.
 */
#include "inst.h"
#include "sym.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the variables of arrays of choices (sym.h: mo_sym_arrays) ---- */

static int cmp_var(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Does an element of arr read var? Its variables are collected and sorted the first time arr is asked
 * about (linear in its size, times log), then each question is a binary search. */
bool mo_sym_array_has_var(mo_sym_arrays *m, const mo_expr *arr, int var)
{
    intptr_t got = (intptr_t)mo_map_get(&m->ids, (const char *)arr);
    if (!got) {
        if (!m->start.n)
            MO_PUSH(m->start, 0);
        int first = m->vars.n;
        for (int i = 0; i < arr->n; i++)
            mo_expr_collect_vars(arr->a[i], m->seen, &m->vars);
        for (int i = first; i < m->vars.n; i++)
            m->seen[m->vars.v[i]] = 0;
        mo_qsort(m->vars.v + first, (size_t)(m->vars.n - first), sizeof(int), cmp_var);
        MO_PUSH(m->start, m->vars.n);
        got = m->start.n - 1;
        mo_map_put(&m->ids, (const char *)arr, (void *)got);
    }
    int lo = m->start.v[got - 1], n = m->start.v[got] - lo;
    return n && bsearch(&var, m->vars.v + lo, (size_t)n, sizeof(int), cmp_var);
}

bool mo_sym_has_var_in(const mo_expr *e, int var, mo_sym_arrays *m)
{
    if (!m)
        return mo_expr_has_var(e, var);
    if (!e)
        return false;
    if (e->kind == MO_EX_VAR)
        return e->var == var;
    if (e->kind == MO_EX_INDEX && e->n == 2 && e->a[0]->kind == MO_EX_ARRAY)
        return mo_sym_has_var_in(e->a[1], var, m) || mo_sym_array_has_var(m, e->a[0], var);
    for (int i = 0; i < e->n; i++)
        if (mo_sym_has_var_in(e->a[i], var, m))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (mo_sym_has_var_in(e->named[i].value, var, m))
            return true;
    return false;
}

/* ---- linearity ---- */

/* How e depends on var: not at all (coefficient 0, rest e itself), linearly (coefficient and rest
 * built), or otherwise. Each node is looked at once: a node learns whether var occurs below it from
 * its operands' answers, and only an operand that linearity cannot look into (a call, a relation) is
 * searched for var, once. Asking "does var occur here?" again at every level made nested
 * if-expressions quadratic in their depth (the selection equations of a long state machine's chain,
 * solved for each of their variables: cubic). */
typedef enum { LIN_ABSENT, LIN_YES, LIN_NO } lin_kind;

static lin_kind absent(const mo_expr *e, mo_expr **coef, mo_expr **rest)
{
    *coef = mo_sym_num01(0);
    *rest = (mo_expr *)e;
    return LIN_ABSENT;
}

/* an operand linearity does not look into: absent, or not linear */
static lin_kind opaque(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *m)
{
    return mo_sym_has_var_in(e, var, m) ? LIN_NO : absent(e, coef, rest);
}

/* if c_j then e_j elseif ... else e_last: the if-expression e from its operand j on (a condition, or
 * the else branch alone), sharing e's operands (nodes are never changed after building: sym.h) */
static mo_expr *if_tail(const mo_expr *e, int j)
{
    if (j == e->n - 1)
        return e->a[j];
    mo_expr *t = mo_expr_dup(e);
    t->n = e->n - j;
    t->a = e->a + j;
    return t;
}

/* One result per shared node of the walk (ast.h, mo_dag): a derivative's DAG answered in time linear in
 * its nodes. The coefficient and rest a node gives are then read by each of its parents: shared too. */
typedef struct lin_memo {
    lin_kind k;
    mo_expr *coef, *rest;
} lin_memo;

static lin_kind lin_node(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *m, mo_dag *w);

static lin_kind lin(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *m, mo_dag *w)
{
    mo_dag_nodes++;
    if (!w || !e->shared)
        return lin_node(e, var, coef, rest, m, w);
    lin_memo *r = mo_dag_get(w, e);
    if (!r) {
        r = MO_NEW(lin_memo);
        r->coef = r->rest = NULL;
        r->k = lin_node(e, var, &r->coef, &r->rest, m, w);
        mo_dag_put(w, e, r);
    } else if (r->k == LIN_YES) {
        mo_expr_mark_shared(r->coef);
        mo_expr_mark_shared(r->rest);
    }
    if (r->k != LIN_NO) {
        *coef = r->coef;
        *rest = r->rest;
    }
    return r->k;
}

static lin_kind lin_node(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *m, mo_dag *w)
{
    mo_expr *c1, *r1, *c2, *r2;
    lin_kind k1, k2;
    switch (e->kind) {
    case MO_EX_VAR:
        if (e->var != var)
            return absent(e, coef, rest);
        *coef = mo_sym_num01(1);
        *rest = mo_sym_num01(0);
        return LIN_YES;
    case MO_EX_UNARY:
        if (e->op == MO_OP_NOT)
            return opaque(e, var, coef, rest, m);
        if ((k1 = lin(e->a[0], var, &c1, &r1, m, w)) != LIN_YES)
            return k1 == LIN_NO ? LIN_NO : absent(e, coef, rest);
        *coef = e->op == MO_OP_NEG ? mo_sym_neg(c1) : c1;
        *rest = e->op == MO_OP_NEG ? mo_sym_neg(r1) : r1;
        return LIN_YES;
    case MO_EX_BINARY: {
        mo_op op = mo_op_scalar(e->op);
        if (op != MO_OP_ADD && op != MO_OP_SUB && op != MO_OP_MUL && op != MO_OP_DIV)
            return opaque(e, var, coef, rest, m);
        if ((k1 = lin(e->a[0], var, &c1, &r1, m, w)) == LIN_NO || (k2 = lin(e->a[1], var, &c2, &r2, m, w)) == LIN_NO)
            return LIN_NO;
        if (k1 == LIN_ABSENT && k2 == LIN_ABSENT)
            return absent(e, coef, rest);
        switch (op) {
        case MO_OP_ADD:
            *coef = mo_sym_add(c1, c2);
            *rest = mo_sym_add(r1, r2);
            return LIN_YES;
        case MO_OP_SUB:
            *coef = mo_sym_sub(c1, c2);
            *rest = mo_sym_sub(r1, r2);
            return LIN_YES;
        case MO_OP_MUL:
            if (k1 == LIN_ABSENT) {
                *coef = mo_sym_mul(e->a[0], c2);
                *rest = mo_sym_mul(e->a[0], r2);
                return LIN_YES;
            }
            if (k2 == LIN_ABSENT) {
                *coef = mo_sym_mul(c1, e->a[1]);
                *rest = mo_sym_mul(r1, e->a[1]);
                return LIN_YES;
            }
            return LIN_NO;
        default:   /* MO_OP_DIV */
            if (k2 != LIN_ABSENT)
                return LIN_NO;
            *coef = mo_sym_div(c1, e->a[1]);
            *rest = mo_sym_div(r1, e->a[1]);
            return LIN_YES;
        }
    }
    case MO_EX_IF: {
        /* linear in every branch, conditions free of var: coefficient and rest are if-expressions,
         * built from the last branch var occurs in backwards (the branches after it are free of var:
         * coefficient 0, and their rest is e's own tail, shared). Building them from the else branch
         * whatever var made N nodes for each variable asked about: a state machine's merged
         * v = if activeState(s1) then e1 elseif ... (N states) solved for each of its N variables, N^2 */
        bool any = (k1 = lin(e->a[e->n - 1], var, &c1, &r1, m, w)) == LIN_YES;
        if (k1 == LIN_NO)
            return LIN_NO;
        for (int i = e->n - 3; i >= 0; i -= 2) {
            if (mo_sym_has_var_in(e->a[i], var, m) || (k2 = lin(e->a[i + 1], var, &c2, &r2, m, w)) == LIN_NO)
                return LIN_NO;
            if (k2 == LIN_YES && !any) {
                c1 = mo_sym_num01(0);
                r1 = if_tail(e, i + 2);
            }
            any = any || k2 == LIN_YES;
            if (any) {
                c1 = mo_sym_if(e->loc, e->a[i], c2, c1);
                r1 = mo_sym_if(e->loc, e->a[i], r2, r1);
            }
        }
        if (!any)
            return absent(e, coef, rest);
        *coef = c1;
        *rest = r1;
        return LIN_YES;
    }
    case MO_EX_CALL: {
        const char *fn = mo_sym_fn_name(e);
        if (fn && e->n == 1 && !e->nnamed && !strcmp(fn, "noEvent")) {
            if ((k1 = lin(e->a[0], var, coef, rest, m, w)) == LIN_ABSENT)
                return absent(e, coef, rest);
            return k1;
        }
        return opaque(e, var, coef, rest, m);
    }
    case MO_EX_INDEX: {
        /* x[k] (flat.h): linear in every element, k free of var: coefficient and rest are chosen by k */
        const mo_expr *arr = e->a[0];
        if (e->n != 2 || arr->kind != MO_EX_ARRAY)
            return opaque(e, var, coef, rest, m);
        if (mo_sym_has_var_in(e->a[1], var, m))
            return LIN_NO;
        if (m ? !mo_sym_array_has_var(m, arr, var) : !mo_expr_has_var(arr, var))
            return absent(e, coef, rest);   /* (the common case: no copy of the elements) */
        mo_expr *ca = mo_expr_dup(arr), *ra = mo_expr_dup(arr);
        ca->a = MO_NEWN(mo_expr *, arr->n + 1);
        ra->a = MO_NEWN(mo_expr *, arr->n + 1);
        bool any = false;
        for (int i = 0; i < arr->n; i++) {
            if ((k1 = lin(arr->a[i], var, &ca->a[i], &ra->a[i], m, w)) == LIN_NO)
                return LIN_NO;
            any = any || k1 == LIN_YES;
        }
        if (!any)
            return absent(e, coef, rest);
        *coef = mo_expr_dup(e);
        *rest = mo_expr_dup(e);
        (*coef)->a = MO_NEWN(mo_expr *, 2);
        (*rest)->a = MO_NEWN(mo_expr *, 2);
        (*coef)->a[0] = ca;
        (*rest)->a[0] = ra;
        (*coef)->a[1] = (*rest)->a[1] = e->a[1];
        return LIN_YES;
    }
    default:
        return opaque(e, var, coef, rest, m);
    }
}

static lin_kind lin_top(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *m)
{
    static mo_dag dag;
    mo_dag *w = mo_dag_begin(&dag);
    lin_kind k = lin(e, var, coef, rest, m, w);
    mo_dag_end(w);
    return k;
}

bool mo_sym_linear_in(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest, mo_sym_arrays *arrays)
{
    return lin_top(e, var, coef, rest, arrays) != LIN_NO;
}

bool mo_sym_linear(const mo_expr *e, int var, mo_expr **coef, mo_expr **rest)
{
    return lin_top(e, var, coef, rest, NULL) != LIN_NO;
}

void mo_sym_nonlinear_vars(const mo_expr *e, unsigned char *seen, mo_int_vec *out)
{
    /* the cases of lin(), above: a variable lin answers LIN_NO for at some node makes the whole LIN_NO */
    switch (e->kind) {
    case MO_EX_VAR:
        return;
    case MO_EX_UNARY:
        if (e->op == MO_OP_NOT)
            break;
        mo_sym_nonlinear_vars(e->a[0], seen, out);
        return;
    case MO_EX_BINARY: {
        mo_op op = mo_op_scalar(e->op);
        if (op != MO_OP_ADD && op != MO_OP_SUB && op != MO_OP_MUL && op != MO_OP_DIV)
            break;
        mo_sym_nonlinear_vars(e->a[0], seen, out);
        if (op == MO_OP_DIV)
            mo_expr_collect_vars(e->a[1], seen, out);
        else
            mo_sym_nonlinear_vars(e->a[1], seen, out);
        return;
    }
    case MO_EX_IF:
        for (int i = 0; i + 1 < e->n; i += 2) {
            mo_expr_collect_vars(e->a[i], seen, out);
            mo_sym_nonlinear_vars(e->a[i + 1], seen, out);
        }
        mo_sym_nonlinear_vars(e->a[e->n - 1], seen, out);
        return;
    case MO_EX_CALL: {
        const char *fn = mo_sym_fn_name(e);
        if (fn && e->n == 1 && !e->nnamed && !strcmp(fn, "noEvent")) {
            mo_sym_nonlinear_vars(e->a[0], seen, out);
            return;
        }
        break;
    }
    case MO_EX_INDEX:
        if (e->n != 2 || e->a[0]->kind != MO_EX_ARRAY)
            break;
        mo_expr_collect_vars(e->a[1], seen, out);
        for (int i = 0; i < e->a[0]->n; i++)
            mo_sym_nonlinear_vars(e->a[0]->a[i], seen, out);
        return;
    default:
        break;
    }
    mo_expr_collect_vars(e, seen, out);   /* opaque to lin: every variable */
}

/* Nodes visited by mo_sym_reads_any and mo_sym_affine so far (mo_sym_affine_nodes). */
static long long affine_nodes;

long long mo_sym_affine_nodes(void)
{
    return affine_nodes;
}

bool mo_sym_reads_any(const mo_expr *e, const unsigned char *in_set)
{
    affine_nodes++;
    if (!e)
        return false;
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && in_set[e->var];
    for (int i = 0; i < e->n; i++)
        if (mo_sym_reads_any(e->a[i], in_set))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (mo_sym_reads_any(e->named[i].value, in_set))
            return true;
    return false;
}

/* mo_sym_affine's answers for e at once, each node visited once: AFF_READS, e reads a variable of in_set;
 * AFF_AFFINE, e is affine in them; AFF_ELEMS, every operand of e is (an array's elements, for x[k]).
 * Asking mo_sym_reads_any at every node, as this did, walked each subtree again at every level above
 * it: quadratic in a tool's chain a1*z + a2*z + ... (1.4 s of solve for 16000 terms). Recursion as deep
 * as the expression (the parser bounds it). */
enum { AFF_READS = 1, AFF_AFFINE = 2, AFF_ELEMS = 4 };

static unsigned affine_of(const mo_expr *e, const unsigned char *in_set)
{
    affine_nodes++;
    if (!e)
        return AFF_AFFINE | AFF_ELEMS;
    if (e->kind == MO_EX_VAR)
        return (e->var >= 0 && in_set[e->var] ? AFF_READS : 0) | AFF_AFFINE | AFF_ELEMS;
    unsigned reads = 0, elems = AFF_ELEMS, a0 = 0, a1 = 0;
    bool if_ok = true;   /* MO_EX_IF: no condition reads, every branch is affine */
    for (int i = 0; i < e->n; i++) {
        unsigned b = affine_of(e->a[i], in_set);
        reads |= b & AFF_READS;
        if (!(b & AFF_AFFINE))
            elems = 0;
        if (i == 0)
            a0 = b;
        else if (i == 1)
            a1 = b;
        if (i % 2 == 0 && i + 1 < e->n ? (b & AFF_READS) : !(b & AFF_AFFINE))
            if_ok = false;
    }
    for (int i = 0; i < e->nnamed; i++)
        reads |= affine_of(e->named[i].value, in_set) & AFF_READS;
    if (!reads)
        return AFF_AFFINE | elems;
    bool affine;
    switch (e->kind) {
    case MO_EX_UNARY:
        affine = e->op != MO_OP_NOT && (a0 & AFF_AFFINE);
        break;
    case MO_EX_BINARY:
        switch (mo_op_scalar(e->op)) {
        case MO_OP_ADD: case MO_OP_SUB:
            affine = (a0 & AFF_AFFINE) && (a1 & AFF_AFFINE);
            break;
        case MO_OP_MUL:
            affine = !(a0 & AFF_READS) ? (a1 & AFF_AFFINE) : !(a1 & AFF_READS) && (a0 & AFF_AFFINE);
            break;
        case MO_OP_DIV:
            affine = !(a1 & AFF_READS) && (a0 & AFF_AFFINE);
            break;
        default:
            affine = false;
        }
        break;
    case MO_EX_IF:
        affine = if_ok;
        break;
    case MO_EX_CALL: {
        const char *fn = mo_sym_fn_name(e);
        affine = fn && e->n == 1 && !strcmp(fn, "noEvent") && (a0 & AFF_AFFINE);
        break;
    }
    case MO_EX_INDEX:   /* x[k] (flat.h): affine in every element, k free of in_set */
        affine = !(a1 & AFF_READS) && (a0 & AFF_ELEMS);
        break;
    default:
        affine = false;
    }
    return AFF_READS | (affine ? AFF_AFFINE : 0) | elems;
}

bool mo_sym_affine(const mo_expr *e, const unsigned char *in_set)
{
    return affine_of(e, in_set) & AFF_AFFINE;
}
