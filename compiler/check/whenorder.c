/*
 * whenorder.c - the equations of a when-clause are equations, not assignments in the order written
 * (specification 8.3.5): in `when c then y = z + 1; z = 2; end when;` y is 3 at the event. Each branch's
 * statements are put in an order where every statement comes after those that assign what it reads
 * (outside pre()), keeping the written order where nothing forces another; a cycle (y = z + 1; z = y + 1,
 * or y = y + 1) has no order and is an error naming the variables (pre(y) is the value before the event).
 *
 * Input: the flat model's when-equations (flatten_when.c: v = e assignments, reinit, assert, terminate,
 * calls). Output: each branch's body reordered in place; errors; returns their number.
 * Cost: per branch, linear in its statements and the variable references they read, plus a heap of the
 * ready statements (n log n); a scratch array over the variables is shared by all branches and cleared
 * after each. No recursion grows with the model (expression trees are walked with an explicit stack).
 */
#include "checks.h"
#include "sym.h"
#include "graph.h"

#include <string.h>

typedef struct wo {
    const mo_flat *flat;
    int *owner;               /* per variable: 1 + the statement of the branch that assigns it, or 0 */
    mo_expr_stack stack;
    MO_VEC(int) reads;        /* statement -> the statements it must follow (CSR: rfirst) */
    int errors;
} wo;

/* The statements of the branch that s reads from (appended to w->reads), not counting reads inside
 * pre(), which are values from before the event. */
static void note_read(void *ctx, int v)
{
    wo *w = ctx;
    if (v >= 0 && v < w->flat->vars.n && w->owner[v])   /* a derivative (v < 0) no when-clause assigns */
        MO_PUSH(w->reads, w->owner[v] - 1);
}

static void collect(wo *w, const mo_expr *root)
{
    mo_expr_each_var_now(root, &w->stack, note_read, w);
}

static void order_branch(wo *w, mo_wbranch *b)
{
    int n = b->body.n;
    if (n < 2 && !(n == 1 && b->body.v[0].kind == MO_WS_ASSIGN))
        return;
    for (int i = 0; i < n; i++) {
        const mo_wstmt *s = &b->body.v[i];
        if (s->kind == MO_WS_ASSIGN && s->lhs->kind == MO_EX_VAR && !w->owner[s->lhs->var])
            w->owner[s->lhs->var] = i + 1;
    }
    /* what each statement reads: reads[rfirst[i] .. rfirst[i + 1]) */
    int *rfirst = MO_NEWN(int, n + 1);
    w->reads.n = 0;
    for (int i = 0; i < n; i++) {
        rfirst[i] = w->reads.n;
        const mo_wstmt *s = &b->body.v[i];
        collect(w, s->rhs);
        if (s->kind == MO_WS_REINIT)
            collect(w, s->lhs);   /* (reinit reads nothing through its target, which no when assigns) */
        for (int k = 0; k < s->nmsg; k++)
            collect(w, s->msg[k]);
    }
    rfirst[n] = w->reads.n;
    /* Kahn: a statement is ready when the statements it reads from are placed */
    int *indeg = MO_NEWN(int, n), *order = MO_NEWN(int, n);
    long long *heap = MO_NEWN(long long, n);   /* ready statements, the written order first */
    int nheap = 0, placed = 0;
    int *ufirst = MO_NEWN(int, n + 1);   /* per statement, who reads it: users[ufirst[j] ..) */
    for (int i = 0; i < n; i++)
        for (int k = rfirst[i]; k < rfirst[i + 1]; k++) {
            indeg[i]++;
            ufirst[w->reads.v[k] + 1]++;
        }
    for (int j = 0; j < n; j++)
        ufirst[j + 1] += ufirst[j];
    int *users = MO_NEWN(int, ufirst[n] + 1);
    int *fill = MO_NEWN(int, n);
    for (int i = 0; i < n; i++)
        for (int k = rfirst[i]; k < rfirst[i + 1]; k++) {
            int j = w->reads.v[k];
            users[ufirst[j] + fill[j]++] = i;
        }
    for (int i = 0; i < n; i++)
        if (!indeg[i])
            mo_heap_push(heap, &nheap, i);
    while (nheap) {
        int i = (int)mo_heap_pop(heap, &nheap);
        order[placed++] = i;
        for (int k = ufirst[i]; k < ufirst[i + 1]; k++)
            if (--indeg[users[k]] == 0)
                mo_heap_push(heap, &nheap, users[k]);
    }
    if (placed < n) {
        /* the statements left over read each other in a cycle: name the first and what it reads */
        int first = -1;
        for (int i = 0; i < n && first < 0; i++)
            if (indeg[i])
                first = i;
        const mo_wstmt *s = &b->body.v[first];
        const char *v = mo_flat_var_name((void *)w->flat, s->lhs->var);
        bool self = false;
        for (int k = rfirst[first]; k < rfirst[first + 1]; k++)
            self |= w->reads.v[k] == first;
        if (self)
            mo_error(s->loc, "'%s' is computed from itself in this when-equation; write pre(%s) for its value "
                     "before the event", v, v);
        else
            mo_error(s->loc, "the equations of this when-clause depend on each other in a cycle (through '%s'); "
                     "write pre(...) for a value from before the event", v);
        w->errors++;
    } else {
        bool moved = false;
        for (int i = 0; i < n; i++)
            moved |= order[i] != i;
        if (moved) {
            mo_wstmt *sorted = MO_NEWN(mo_wstmt, n);
            for (int i = 0; i < n; i++)
                sorted[i] = b->body.v[order[i]];
            memcpy(b->body.v, sorted, sizeof *sorted * (size_t)n);
        }
    }
    for (int i = 0; i < n; i++) {
        const mo_wstmt *s = &b->body.v[i];
        if (s->kind == MO_WS_ASSIGN && s->lhs->kind == MO_EX_VAR)
            w->owner[s->lhs->var] = 0;
    }
}

int mo_when_order(mo_flat *flat)
{
    if (!flat->whens.n)
        return 0;
    wo w = {0};
    w.flat = flat;
    w.owner = MO_NEWN(int, flat->vars.n + 1);
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            order_branch(&w, &flat->whens.v[i].branches[k]);
    return w.errors;
}
