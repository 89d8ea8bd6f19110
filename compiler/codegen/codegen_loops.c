/*
 * codegen_loops.c - runs of repeated statements written as one C loop.
 *
 * Why: a model built from arrays of components or for-equations has, after sorting, long runs in which
 * the same few equations repeat for unit after unit (spring[2], spring[3], ...): written one statement
 * per scalar equation, the C file and the C compiler's time grow with the number of units. Written as
 * one loop per run, they grow with the number of distinct equations.
 *
 * How: each statement of a sequence (the blocks of rhs, outputs, initialize) is printed once with
 * every slot as a placeholder ("y[@]", mo_cg_put_slot) and its slot numbers collected; the text is
 * interned, so two statements have the same shape exactly when their texts are the same pointer.
 * Statements that are not plain assignments (algebraic loops, algorithm sections) have no shape. A run
 * is a stretch of the sequence made of reps >= MIN_REPS repetitions of a period of P <= MAX_PERIOD
 * statements where statement j of repetition r has the shape of statement j of the first, and each of
 * its slots is the first repetition's plus r times a constant step (an affine index). The search is
 * greedy from the left, the longest run first and the shortest period among equal ones: linear in the
 * sequence (MAX_PERIOD comparisons of interned pointers per statement that starts no run).
 *
 * Guarantees: a loop executes exactly the statements, in exactly the order, that the scalar code would;
 * its body is the first repetition's code with each slot k printed as base_k + step_k * mo_i. Anything
 * the code prints that is not a slot (a relation's index, a "where" string W<id> of a checked
 * operation, a function name, a number) is part of the shape, so statements that differ in it never
 * share a loop: the result is the same to the last bit with loops on or off (--no-loops), which
 * tests/sim/loops_agree.sh checks over the regression suite.
 */
#include "codegen.h"

#include <string.h>

enum {
    MAX_PERIOD = 24,   /* statements in one repetition of a run (the equations of one unit) */
    MIN_REPS = 4,      /* fewer repetitions stay scalar, which reads better */
    MIN_SEQ = 16       /* shorter sequences are not searched (small models keep their code) */
};

static bool enabled = true;

void mo_codegen_no_loops(void)
{
    enabled = false;
}

struct mo_cg_loops {
    int n;                     /* statements in the sequence */
    const char **shape;        /* per statement: its interned text with slots as placeholders, or NULL */
    int *off;                  /* per statement: its slots are slots.v[off[k] .. off[k + 1]) */
    mo_int_vec slots;
    int *period, *reps;        /* per statement: the run starting there (period 0: none) */
    int *step;                 /* workspace: the steps of one statement of a run */
};

/* Does statement k + r * P + j have statement k + j's shape, with slots moved by r times the steps
 * from repetition 0 to 1? */
static bool repeats(const mo_cg_loops *L, int k, int P, int r, int j)
{
    int a = k + j, b = k + r * P + j, c = k + P + j;
    if (L->shape[b] != L->shape[a])
        return false;
    const int *sa = L->slots.v + L->off[a], *sb = L->slots.v + L->off[b], *sc = L->slots.v + L->off[c];
    int m = L->off[a + 1] - L->off[a];
    for (int q = 0; q < m; q++)
        if ((long long)sb[q] - sa[q] != (long long)r * (sc[q] - sa[q]))
            return false;
    return true;
}

/* The repetitions of period P from statement k (1 when there is no run of that period). */
static int count_reps(const mo_cg_loops *L, int k, int P)
{
    if (k + 2 * P > L->n || L->shape[k + P] != L->shape[k])
        return 1;
    for (int j = 0; j < P; j++)
        if (!L->shape[k + j])
            return 1;
    int r = 1;
    for (; k + (r + 1) * P <= L->n; r++) {
        bool same = true;
        for (int j = 0; j < P && same; j++)
            same = repeats(L, k, P, r, j);
        if (!same)
            break;
    }
    return r;
}

mo_cg_loops *mo_cg_loops_find(mo_cg *cg, int n, bool (*stmt)(void *ctx, int k, mo_buf *o), void *ctx)
{
    if (!enabled || n < MIN_SEQ)
        return NULL;
    mo_cg_loops *L = MO_NEW(mo_cg_loops);
    L->n = n;
    L->shape = MO_NEWN(const char *, n + 1);
    L->off = MO_NEWN(int, n + 1);
    L->period = MO_NEWN(int, n + 1);
    L->reps = MO_NEWN(int, n + 1);
    mo_buf text = {0};
    bool names = cg->names;
    int nchecked = cg->nchecked;
    cg->names = false;
    cg->loop_collect = &L->slots;
    int maxslots = 0;
    for (int k = 0; k < n; k++) {
        L->off[k] = L->slots.n;
        text.len = 0;
        if (stmt(ctx, k, &text))
            L->shape[k] = mo_intern(text.s, text.len);
        else
            L->slots.n = L->off[k];
        if (L->slots.n - L->off[k] > maxslots)
            maxslots = L->slots.n - L->off[k];
    }
    L->off[n] = L->slots.n;
    cg->loop_collect = NULL;
    cg->names = names;
    cg->nchecked = nchecked;
    L->step = MO_NEWN(int, maxslots + 1);
    int runs = 0;
    for (int k = 0; k < n;) {
        int bestP = 0, bestR = 0;
        for (int P = 1; P <= MAX_PERIOD && k + 2 * P <= n; P++) {
            int r = count_reps(L, k, P);
            if (r >= MIN_REPS && r * P > bestR * bestP)
                bestP = P, bestR = r;
        }
        if (!bestP) {
            k++;
            continue;
        }
        L->period[k] = bestP;
        L->reps[k] = bestR;
        runs++;
        k += bestP * bestR;
    }
    return runs ? L : NULL;
}

int mo_cg_loops_run(const mo_cg_loops *L, int k, int *period)
{
    if (!L || !L->period[k])
        return 0;
    *period = L->period[k];
    return L->reps[k];
}

void mo_cg_loops_stmt(mo_cg *cg, const mo_cg_loops *L, int k, int j)
{
    int a = k + j, c = k + L->period[k] + j;
    for (int q = 0; q < L->off[a + 1] - L->off[a]; q++)
        L->step[q] = L->slots.v[L->off[c] + q] - L->slots.v[L->off[a] + q];
    cg->loop_base = L->slots.v + L->off[a];
    cg->loop_step = L->step;
    cg->loop_pos = 0;
}

void mo_cg_loops_stmt_end(mo_cg *cg)
{
    cg->loop_base = NULL;
    cg->loop_step = NULL;
    cg->loop_pos = 0;
}
