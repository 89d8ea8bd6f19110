/*
 * codegen_temps.c - a subexpression that one statement reads several times, computed once into a local.
 *
 * The symbolic toolkit builds DAGs (sym.h): the derivative of x1*x2*...*xN, as index reduction or a
 * Jacobian makes it, refers to each partial product x1*...*xk twice (in the next product, and beside
 * d(x(k+1))), N nodes in memory. Printed as a tree, every reference would print the whole product
 * again: N^2/2 factors of C (185 MB at N = 2000). Here, before such a statement, a
 * node that it reaches more than once is written as `const double mo_t<k> = ...;` and the statement (and
 * the later locals) read mo_t<k> instead (mo_cg_temp_read, called by codegen_expr.c's emit for every
 * node): each node is printed once, plus what stays below the size threshold at each reference.
 *
 * What may become a local: a node of plain arithmetic (+, -, *, ^, unary minus, division by a non-zero
 * literal, the elementary functions), whose whole printed subtree is such arithmetic over variables and
 * literals, so its text is the same wherever the statement prints it (no relation, whose text depends on noEvent and the event
 * state; no if-expression, call of a user function, array element or event call). The walk follows only
 * operands that are evaluated whenever the statement is (the operands of such arithmetic; not a divisor,
 * whose text codegen_need.c may keep to check once at initialization, nor anything under an
 * if-expression, 'and', 'or' or a call), so a local is computed only where its value was computed
 * anyway, and every reference the walk counted prints the local: none is left unread. Its checked
 * operations name the statement's equation and clear ok as they did in place (the statement's test of ok
 * comes after them). A node read twice becomes a local from MIN_SIZE printed nodes on (locals counting
 * one), a node read once from MAX_SIZE (a long chain a + b + ... in lines of that size, the text and
 * what gcc holds at once bounded): below, it stays in place. The threshold keeps ordinary code as it
 * was, and bounds what is printed again per reference, so the statement's text stays linear in the DAG's
 * size.
 *
 * The walk is iterative (a DAG as deep as the tree it stands for) and linear in the reached nodes; its
 * tables are reused from statement to statement (mo_pmemo), so a large model's many small statements
 * leave nothing behind in the arena.
 */
#include "codegen.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

enum { MIN_SIZE = 12, MAX_SIZE = 200 };

typedef struct node {
    const mo_expr *e;
    int refs;                 /* references from reached nodes (the statement's root: 1) */
    int size;                 /* nodes it prints, locals below it counting one (saturating) */
    int temp;                 /* its local's number once written, else -1 */
    bool local;               /* to be written as a local */
    unsigned char state;      /* 1 operands pushed, 2 done */
    bool pure;                /* plain arithmetic down to its leaves (above) */
    bool root;                /* one of the expressions the statement prints itself */
} node;

struct mo_cg_temps {
    mo_pmemo reached;         /* reached node (by address) -> its index in nodes + 1 */
    MO_VEC(node) nodes;
    MO_VEC(int) stack;
    MO_VEC(int) order;        /* the nodes to write as locals, operands before their users */
    int live;                 /* locals written for the current statement */
    int off;                  /* > 0: print nodes in full (a divisor's text for codegen_need.c) */
    int named;                /* locals named so far in the file: mo_t<named> is the next */
};

/* The node of e, or -1 when not reached in this statement (add: reach it, with no references yet). */
static int find(mo_cg_temps *T, const mo_expr *e, bool add)
{
    intptr_t i = (intptr_t)mo_pmemo_get(&T->reached, e);
    if (i || !add)
        return (int)i - 1;
    node n = {.e = e, .temp = -1};   /* (refs counted by the caller) */
    MO_PUSH(T->nodes, n);
    mo_pmemo_put(&T->reached, e, (void *)(intptr_t)T->nodes.n);
    return T->nodes.n - 1;
}

/* Is e a call of an elementary function that codegen_expr.c prints as a plain or checked C call of its
 * arguments (no event call, no user function)? */
static bool math_call(const mo_expr *e)
{
    static const char *const names[] = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
                                        "asinh", "acosh", "atanh", "exp", "sqrt", "log", NULL};
    const char *fn = mo_sym_fn_name(e);
    if (!fn || e->func || e->nnamed || e->niters)
        return false;
    if (e->n == 2)
        return !strcmp(fn, "atan2");
    for (int i = 0; e->n == 1 && names[i]; i++)
        if (!strcmp(fn, names[i]))
            return true;
    return false;
}

/* How many of e's operands the walk follows (always evaluated where e is, and printed as they are), and
 * whether e is plain arithmetic itself (the leaves are: variables, literals, time, der of a variable). */
static int operands(const mo_expr *e, bool *arith)
{
    *arith = false;
    switch (e->kind) {
    case MO_EX_VAR: case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL: case MO_EX_TIME:
        *arith = true;   /* (VAR nodes may be short: ast.h; n is in the header) */
        return 0;
    case MO_EX_DER:
        *arith = e->n == 1 && e->a[0]->kind == MO_EX_VAR;
        return 0;
    case MO_EX_UNARY:
        *arith = e->op == MO_OP_NEG || e->op == MO_OP_PLUS;
        return *arith ? 1 : 0;
    case MO_EX_BINARY:
        switch (e->op) {
        case MO_OP_ADD: case MO_OP_SUB: case MO_OP_MUL: case MO_OP_POW:
        case MO_OP_EADD: case MO_OP_ESUB: case MO_OP_EMUL: case MO_OP_EPOW:
            *arith = true;
            return 2;
        case MO_OP_DIV: case MO_OP_EDIV:
            /* by a non-zero literal: a plain '/', else the dividend only (the one test emit_binary makes) */
            *arith = mo_cg_nonzero_const(e->a[1]);
            return *arith ? 2 : 1;
        default:
            return 0;
        }
    case MO_EX_CALL:
        *arith = math_call(e);
        return *arith ? e->n : 0;
    default:
        return 0;
    }
}

/* Reach the nodes of the statement's roots (NULL entries skipped), counting the references to each;
 * then, in post-order (when every reference is counted), each node's size and purity, and the nodes to
 * write as locals into T->order, operands before their users. A root read once stays in place (the
 * statement prints it); one that another root reaches too is a local like any node. (In the order written, a local may wait long for its last
 * reader: d(x1*...*xN) written as (x1*...*x(N-1))*dxN + ... has every partial product written first. cc
 * allocates registers for that as fast as for an order that keeps them close: 14 s at N = 2000 either
 * way, most of it for the size of the one basic block.) */
static void walk(mo_cg_temps *T, const mo_expr *const *roots, int nroots)
{
    mo_pmemo_begin(&T->reached);
    T->nodes.n = T->stack.n = T->order.n = 0;
    for (int k = 0; k < nroots; k++)
        if (roots[k]) {
            int r = find(T, roots[k], true);   /* (find may move nodes.v: its result is taken first) */
            T->nodes.v[r].refs++;
            T->nodes.v[r].root = true;
        }
    for (int i = 0; i < T->nodes.n; i++) {   /* (nodes grows behind i: each reached node once) */
        const mo_expr *e = T->nodes.v[i].e;
        bool arith;
        int n = operands(e, &arith);
        for (int k = 0; k < n; k++) {
            int j = find(T, e->a[k], true);
            T->nodes.v[j].refs++;
        }
    }
    for (int k = nroots - 1; k >= 0; k--)   /* (a root pushed twice is popped done the second time) */
        if (roots[k])
            MO_PUSH(T->stack, find(T, roots[k], false));
    while (T->stack.n) {
        int i = T->stack.v[T->stack.n - 1];
        node *x = &T->nodes.v[i];
        bool arith;
        int n = operands(x->e, &arith);
        if (x->state == 2) {
            T->stack.n--;
        } else if (x->state == 0) {
            /* every operand not done yet is pushed, even one pushed before: that one, still below on
             * the stack, must be done before this node (a DAG has no cycle: it is no ancestor of it) */
            x->state = 1;
            for (int k = n - 1; k >= 0; k--) {
                int j = find(T, x->e->a[k], false);
                if (T->nodes.v[j].state != 2)
                    MO_PUSH(T->stack, j);
            }
        } else {
            T->stack.n--;
            long long size = 1;
            bool pure = arith;
            for (int k = 0; k < n; k++) {
                const node *c = &T->nodes.v[find(T, x->e->a[k], false)];
                size += c->local ? 1 : c->size;
                pure = pure && c->pure;
            }
            x->size = size > INT_MAX / 2 ? INT_MAX / 2 : (int)size;
            x->pure = pure;
            x->state = 2;
            if (pure && n > 0 && !(x->root && x->refs == 1) &&
                x->size >= (x->refs >= 2 ? MIN_SIZE : MAX_SIZE)) {
                x->local = true;
                MO_PUSH(T->order, i);
            }
        }
    }
}

/* Where no locals are written: a function's body, a leaf, a statement written as a loop (the header). */
static bool no_temps(const mo_cg *cg)
{
    return cg->fn || cg->leaf || cg->loop_collect || cg->loop_base;
}

void mo_cg_temps_prepare(mo_cg *cg, mo_buf *o, const mo_expr *e, const char *indent)
{
    mo_cg_temps_prepare_n(cg, o, &e, 1, indent);
}

void mo_cg_temps_prepare_n(mo_cg *cg, mo_buf *o, const mo_expr *const *roots, int nroots, const char *indent)
{
    if (cg->temps)   /* (a statement without locals reads none left by an earlier one) */
        cg->temps->live = 0;
    if (no_temps(cg))
        return;
    if (!cg->temps)
        cg->temps = MO_NEW(mo_cg_temps);
    mo_cg_temps *T = cg->temps;
    walk(T, roots, nroots);
    mo_buf *keep = cg->out;
    cg->out = o;
    for (int k = 0; k < T->order.n; k++) {
        int i = T->order.v[k];
        mo_buf_printf(o, "%sconst double mo_t%d = ", indent, T->named);
        T->live++;
        mo_cg_expr(cg, T->nodes.v[i].e);   /* (its own number is set after: not read in its definition) */
        T->nodes.v[i].temp = T->named++;
        mo_buf_puts(o, ";\n");
    }
    cg->out = keep;
}

void mo_cg_temps_end(mo_cg *cg)
{
    if (cg->temps)
        cg->temps->live = 0;
}

bool mo_cg_temp_read(mo_cg *cg, const mo_expr *e)
{
    mo_cg_temps *T = cg->temps;
    if (!T || !T->live || T->off || e->n == 0 || no_temps(cg))
        return false;
    int i = find(T, e, false);
    if (i < 0 || T->nodes.v[i].temp < 0)
        return false;
    mo_buf_printf(cg->out, "mo_t%d", T->nodes.v[i].temp);
    return true;
}

void mo_cg_temps_off(mo_cg *cg, int d)
{
    if (cg->temps)
        cg->temps->off += d;
}
