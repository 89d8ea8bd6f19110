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
 * Loops of loops: in a large model (cg->where_table) the same search runs a second time over the
 * sequence's items, each a statement outside the runs or a whole run (find_outer), so that units made
 * of an inner run and the statements around it (a secondary line of the distribution network: its
 * rungs and its ends) become one loop over mo_j around a loop over mo_i, each slot printed as
 * base + step * mo_i + step2 * mo_j; the C then no longer grows with the number of such units. Their
 * literal numbers must be the same in every repetition of both loops (part of the item's shape).
 *
 * Literal numbers are collected apart ('#' in the text): a run's numbers may be the same in every
 * repetition, an integer that grows by a constant step (a for-equation's index put in as a value), or
 * anything else (each unit's own parameter value, 1 + mod(i, 7)): then the loop reads them from a
 * table, static const double mo_v<n>[] = {...}. A run that needs such a table must have at least
 * MIN_TABLE_REPS repetitions more than the run without one from the same statement (tables read worse
 * than a few statements; 3999 zeros and a one stay a loop over the zeros and one statement).
 *
 * Guarantees: a loop executes exactly the statements, in exactly the order, that the scalar code would;
 * its body is the first repetition's code with each slot k printed as base_k + step_k * mo_i and each
 * number as the same double (a table's entry prints it with mo_cg_number, as the scalar code does).
 * Anything else the code prints (a relation's index, a "where" string W<id> of a checked operation, a
 * function name) is part of the shape, so statements that differ in it never share a loop: the result
 * is the same to the last bit with loops on or off (--no-loops), which tests/sim/loops_agree.sh checks
 * over the regression suite.
 */
#include "codegen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_PERIOD = 24,   /* statements in one repetition of a run (the equations of one unit) */
    MIN_REPS = 4,      /* fewer repetitions stay scalar, which reads better */
    MIN_TABLE_REPS = 8,/* ... and fewer when the loop needs a table of numbers */
    MIN_SEQ = 16       /* shorter sequences are not searched (small models keep their code) */
};

static bool enabled = true;

void mo_codegen_no_loops(void)
{
    enabled = false;
}

/* ---- what the code prints: slots, where strings, numbers ---- */

/* A number of the statement being collected (find_runs), appended to *cg->loop_collect (reserve: room
 * for one more in a vector of n, doubling). The vector is workspace outside the arena (malloc'd, freed with the runs): it holds a few numbers per statement of
 * the sequence, 80 MB over the sequences of a model of 10^6 equations, that would otherwise stay. */
static void *reserve(void *v, int n, int *cap, size_t elem)
{
    if (n < *cap)
        return v;
    int nc = *cap ? 2 * *cap : 1024;
    void *nv = mo_calloc((size_t)nc, elem);
    if (n)
        memcpy(nv, v, elem * (size_t)n);
    free(v);
    *cap = nc;
    return nv;
}

static void collect(mo_cg *cg, int v)
{
    mo_int_vec *c = cg->loop_collect;
    c->v = reserve(c->v, c->n, &c->cap, sizeof(int));
    c->v[c->n++] = v;
}

/* The literal numbers of a sequence's statements, in order (workspace outside the arena, as the slots). */
typedef struct mo_cg_nums {
    double *v;
    int n, cap;
} mo_cg_nums;

static void collect_num(mo_cg_nums *c, double v)
{
    c->v = reserve(c->v, c->n, &c->cap, sizeof(double));
    c->v[c->n++] = v;
}

/* The terms a loop adds to the base of the slot being printed: " + step * mo_i" and, in a loop of
 * loops, " + step2 * mo_j" (nothing for a step 0); moves on to the next slot. */
static void put_steps(mo_cg *cg, mo_buf *b)
{
    int st[2] = {cg->loop_step[cg->loop_pos], cg->loop_step2 ? cg->loop_step2[cg->loop_pos] : 0};
    cg->loop_pos++;
    for (int k = 0; k < 2; k++) {
        const char *var = k ? "mo_j" : "mo_i";
        if (st[k] == 1 || st[k] == -1)
            mo_buf_printf(b, " %c %s", st[k] > 0 ? '+' : '-', var);
        else if (st[k])
            mo_buf_printf(b, " %c %d * %s", st[k] > 0 ? '+' : '-', st[k] > 0 ? st[k] : -st[k], var);
    }
}

/* Does the slot being printed change from one repetition of the loop (or of the loop of loops) to the
 * next? */
static bool moves(const mo_cg *cg)
{
    return cg->loop_step[cg->loop_pos] || (cg->loop_step2 && cg->loop_step2[cg->loop_pos]);
}

void mo_cg_put_slot(mo_cg *cg, mo_buf *b, const char *arr, int slot)
{
    if (cg->loop_collect) {
        collect(cg, slot);
        mo_buf_printf(b, "%s[@]", arr);
        return;
    }
    if (!cg->loop_base) {
        mo_buf_printf(b, "%s[%d]", arr, slot);
        return;
    }
    mo_buf_printf(b, "%s[%d", arr, cg->loop_base[cg->loop_pos]);
    put_steps(cg, b);
    mo_buf_puts(b, "]");
}

const char *mo_cg_where_name(const mo_cg *cg, int id)
{
    return cg->where_table ? mo_sprintf("mo_W[%d]", id) : mo_sprintf("W%d", id);
}

void mo_cg_put_where(mo_cg *cg, mo_buf *b, int id)
{
    if (cg->where_table) {   /* an index into mo_W, affine in a loop as slots are */
        mo_buf_puts(b, "mo_W[");
        mo_cg_put_int(cg, b, id);
        mo_buf_puts(b, "]");
        return;
    }
    if (cg->loop_collect) {
        collect(cg, id);
        mo_buf_puts(b, "W@");
        return;
    }
    if (!cg->loop_base || !moves(cg)) {
        mo_buf_printf(b, "W%d", cg->loop_base ? cg->loop_base[cg->loop_pos++] : id);
        return;
    }
    int t = cg->loop_ntables++;
    MO_PUSH(*cg->loop_tables, t);
    MO_PUSH(*cg->loop_tables, cg->loop_pos);
    MO_PUSH(*cg->loop_tables, -1);   /* the statement, filled in by emit_run */
    cg->loop_pos++;
    mo_buf_printf(b, "mo_w%d[mo_i]", t);
}

/* Integers this size and smaller are exact doubles, and so are their sums in a loop's index; the step
 * times mo_i in base + step * mo_i is at most the distance between two of them, 2^30, within int. */
enum { MAX_INDEX_LITERAL = 1 << 29 };

static bool index_literal(double v)
{
    return v == (double)(int)v && fabs(v) <= MAX_INDEX_LITERAL && !(v == 0 && signbit(v));
}

/* The same C constant (mo_cg_number prints -0.0 and 0.0 apart). */
static bool same_number(double a, double b)
{
    return a == b && signbit(a) == signbit(b);
}

void mo_cg_put_number(mo_cg *cg, mo_buf *b, double v)
{
    if (!isfinite(v) || !(cg->loop_collect ? cg->loop_nums != NULL : cg->loop_numtext != NULL)) {
        mo_cg_number(b, v);   /* (an infinity or NaN stays in the shape: a macro, never in a table) */
        return;
    }
    if (cg->loop_collect) {
        collect_num(cg->loop_nums, v);
        mo_buf_puts(b, "#");
        return;
    }
    mo_buf_puts(b, cg->loop_numtext[cg->loop_numpos++]);
}

void mo_cg_put_int(mo_cg *cg, mo_buf *b, int v)
{
    if (cg->loop_collect) {
        collect(cg, v);
        mo_buf_puts(b, "#");
        return;
    }
    if (!cg->loop_base) {
        mo_buf_printf(b, "%d", v);
        return;
    }
    mo_buf_printf(b, "%d", cg->loop_base[cg->loop_pos]);
    put_steps(cg, b);
}

bool mo_cg_loops_on(void)
{
    return enabled;
}

/* ---- finding the runs ---- */

typedef struct mo_cg_loops {
    int n;                     /* statements in the sequence */
    const char **shape;        /* per statement: its interned text with slots as placeholders, or NULL */
    int *off;                  /* per statement: its slots are slots.v[off[k] .. off[k + 1]) */
    mo_int_vec slots;
    int *noff;                 /* per statement: its numbers are nums.v[noff[k] .. noff[k + 1]) */
    mo_cg_nums nums;
    int *period, *reps;        /* per statement: the run starting there (period 0: none) */
    int *step;                 /* workspace: the steps of one statement of a run */
    int *first;                /* the second level (find_outer): per item (a statement outside the runs
                                * or a whole run), its first statement; its numbers are in its shape */
} mo_cg_loops;

/* Does statement k + r * P + j have statement k + j's shape, with slots moved by r times the steps
 * from repetition 0 to 1? With tables, its numbers may be any; without, each is the same as repetition
 * 0's or an integer moved by r times its step. */
static bool repeats(const mo_cg_loops *L, int k, int P, int r, int j, bool tables)
{
    int a = k + j, b = k + r * P + j, c = k + P + j;
    if (L->shape[b] != L->shape[a])
        return false;
    const int *sa = L->slots.v + L->off[a], *sb = L->slots.v + L->off[b], *sc = L->slots.v + L->off[c];
    int m = L->off[a + 1] - L->off[a];
    for (int q = 0; q < m; q++)
        if ((long long)sb[q] - sa[q] != (long long)r * (sc[q] - sa[q]))
            return false;
    if (tables)
        return true;
    const double *na = L->nums.v + L->noff[a], *nb = L->nums.v + L->noff[b], *nc = L->nums.v + L->noff[c];
    for (int q = 0; q < L->noff[a + 1] - L->noff[a]; q++) {
        if (same_number(na[q], nb[q]) && same_number(na[q], nc[q]))
            continue;
        if (!index_literal(na[q]) || !index_literal(nb[q]) || !index_literal(nc[q]) ||
            (long long)nb[q] - (long long)na[q] != (long long)r * ((long long)nc[q] - (long long)na[q]))
            return false;
    }
    return true;
}

/* The repetitions of period P from statement k (1 when there is no run of that period). */
static int count_reps(const mo_cg_loops *L, int k, int P, bool tables)
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
            same = repeats(L, k, P, r, j, tables);
        if (!same)
            break;
    }
    return r;
}

/* The items' arrays for n items, all zero: workspace outside the arena, freed by loops_free once the
 * sequence is written. */
static mo_cg_loops *loops_new(int n)
{
    mo_cg_loops *L = mo_calloc(1, sizeof *L);
    L->n = n;
    L->shape = mo_calloc((size_t)n + 1, sizeof *L->shape);
    L->off = mo_calloc((size_t)n + 1, sizeof *L->off);
    L->noff = mo_calloc((size_t)n + 1, sizeof *L->noff);
    L->period = mo_calloc((size_t)n + 1, sizeof *L->period);
    L->reps = mo_calloc((size_t)n + 1, sizeof *L->reps);
    return L;
}

static void loops_free(mo_cg_loops *L)
{
    if (!L)
        return;
    free(L->first);
    free(L->shape);
    free(L->off);
    free(L->slots.v);
    free(L->noff);
    free(L->nums.v);
    free(L->period);
    free(L->reps);
    free(L->step);
    free(L);
}

/* The runs among L's items, greedy from the left (the longest first, the shortest period among equal
 * ones): period and reps set where a run starts. Returns how many. */
static int mark_runs(mo_cg_loops *L)
{
    int n = L->n;
    int runs = 0;
    for (int k = 0; k < n;) {
        int bestP = 0, bestR = 0;
        for (int P = 1; P <= MAX_PERIOD && k + 2 * P <= n; P++) {
            int r = count_reps(L, k, P, false), rt = count_reps(L, k, P, true);
            if (r >= MIN_REPS && r * P > bestR * bestP)
                bestP = P, bestR = r;
            if (rt >= r + MIN_TABLE_REPS && rt * P > bestR * bestP)   /* a table for a few more: no */
                bestP = P, bestR = rt;
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
    return runs;
}

/* Every statement printed in collecting mode (its shape and slots), then the runs; NULL without runs. */
static mo_cg_loops *find_runs(const mo_cg_seq *q)
{
    int n = q->n;
    if (!enabled || n < MIN_SEQ)
        return NULL;
    mo_cg *cg = q->cg;
    mo_cg_loops *L = loops_new(n);
    mo_buf text = {0};
    bool names = cg->names;
    int nchecked = cg->nchecked;
    cg->names = false;
    cg->loop_collect = &L->slots;
    cg->loop_nums = &L->nums;
    int maxslots = 0;
    for (int k = 0; k < n; k++) {
        L->off[k] = L->slots.n;
        L->noff[k] = L->nums.n;
        text.len = 0;
        if (q->stmt(q->ctx, k, &text, "        ")) {
            L->shape[k] = mo_intern(text.s, text.len);
        } else {
            L->slots.n = L->off[k];
            L->nums.n = L->noff[k];
        }
        if (L->slots.n - L->off[k] > maxslots)
            maxslots = L->slots.n - L->off[k];
    }
    L->off[n] = L->slots.n;
    L->noff[n] = L->nums.n;
    cg->loop_collect = NULL;
    cg->loop_nums = NULL;
    cg->names = names;
    cg->nchecked = nchecked;
    L->step = mo_calloc((size_t)maxslots + 1, sizeof *L->step);
    if (!mark_runs(L)) {
        loops_free(L);
        return NULL;
    }
    return L;
}

/* The second level over L's runs (cg->where_table only: where strings are then numbers that move with
 * the repetitions as slots do, never tables indexed by mo_i). An item is a statement outside the runs or
 * a run; its shape says everything of it but its slots: a statement's shape and literal numbers, a run's
 * period, repetitions, statements' shapes, steps and numbers (a run whose numbers change from one
 * repetition to the next is no item of a loop of loops: its shape is NULL); its slots are its first
 * repetition's. NULL without runs. */
static mo_cg_loops *find_outer(const mo_cg *cg, const mo_cg_loops *L)
{
    if (!cg->where_table)
        return NULL;
    int n = 0;
    for (int k = 0; k < L->n; k += L->period[k] ? L->period[k] * L->reps[k] : 1)
        n++;
    if (n < 2 * MIN_REPS)
        return NULL;
    mo_cg_loops *O = loops_new(n);
    O->first = mo_calloc((size_t)n + 1, sizeof *O->first);
    O->slots.v = mo_calloc((size_t)L->slots.n + 1, sizeof *O->slots.v);   /* (at most all of L's) */
    O->slots.cap = L->slots.n + 1;
    mo_buf key = {0};
    int maxslots = 0;
    for (int k = 0, i = 0; k < L->n; i++) {
        int P = L->period[k], end = k + (P ? P : 1);   /* the item's slots and numbers: those of [k, end) */
        O->first[i] = k;
        O->off[i] = O->slots.n;
        for (int q = L->off[k]; q < L->off[end]; q++)
            O->slots.v[O->slots.n++] = L->slots.v[q];
        if (O->slots.n - O->off[i] > maxslots)
            maxslots = O->slots.n - O->off[i];
        key.len = 0;
        mo_buf_printf(&key, "%d x %d:", P, P ? L->reps[k] : 1);
        bool fixed = true;   /* the same numbers in every repetition of a run */
        for (int j = k; j < end; j++) {
            mo_buf_printf(&key, " %p", (const void *)L->shape[j]);
            for (int q = L->noff[j]; q < L->noff[j + 1]; q++) {
                mo_buf_printf(&key, " %a", L->nums.v[q]);
                for (int r = 1; P && r < L->reps[k]; r++)
                    fixed = fixed && same_number(L->nums.v[q + L->noff[j + r * P] - L->noff[j]], L->nums.v[q]);
            }
        }
        for (int q = L->off[k]; P && q < L->off[end]; q++)
            mo_buf_printf(&key, " %d", L->slots.v[q + L->off[end] - L->off[k]] - L->slots.v[q]);
        O->shape[i] = fixed && (P || L->shape[k]) ? mo_intern(key.s, key.len) : NULL;
        k += P ? P * L->reps[k] : 1;
    }
    O->off[n] = O->slots.n;
    O->step = mo_calloc((size_t)maxslots + 1, sizeof *O->step);
    if (!mark_runs(O)) {
        loops_free(O);
        return NULL;
    }
    return O;
}

/* The text of each number of statement a (of period P, reps repetitions) in the loop: the number
 * itself when every repetition has it, an affine index, or an entry of a table printed to *tables. */
static const char **number_texts(mo_cg *cg, const mo_cg_loops *L, int a, int P, int reps, mo_buf *tables)
{
    int m = L->noff[a + 1] - L->noff[a];
    const char **text = mo_alloc(sizeof *text * (size_t)(m + 1));
    for (int q = 0; q < m; q++) {
        double v0 = L->nums.v[L->noff[a] + q], v1 = L->nums.v[L->noff[a + P] + q];
        bool same = true, affine = index_literal(v0);
        for (int r = 1; r < reps && (same || affine); r++) {
            double v = L->nums.v[L->noff[a + r * P] + q];
            same = same && same_number(v, v0);
            affine = affine && index_literal(v) && index_literal(v1) &&
                     (long long)v - (long long)v0 == (long long)r * ((long long)v1 - (long long)v0);
        }
        mo_buf t = {0};
        if (same) {
            mo_cg_number(&t, v0);
        } else if (affine) {
            int base = (int)v0, step = (int)v1 - (int)v0;
            mo_buf_printf(&t, "(double)(%d %c %d * mo_i)", base, step > 0 ? '+' : '-', step > 0 ? step : -step);
        } else {
            int id = cg->loop_nvtables++;
            mo_buf_printf(tables, "    static const double mo_v%d[%d] = {", id, reps);
            for (int r = 0; r < reps; r++) {
                mo_buf_puts(tables, r ? (r % 8 ? ", " : ",\n        ") : "");
                mo_cg_number(tables, L->nums.v[L->noff[a + r * P] + q]);
            }
            mo_buf_puts(tables, "};\n");
            mo_buf_printf(&t, "mo_v%d[mo_i]", id);
        }
        text[q] = mo_buf_str(&t);
    }
    return text;
}

/* The comment above a loop: what it repeats, and the instances of statements first and last. */
static void put_header(const mo_cg_seq *q, mo_buf *o, const char *what, int first, int last)
{
    const char *from = q->instance ? q->instance(q->ctx, first) : NULL;
    const char *to = q->instance ? q->instance(q->ctx, last) : NULL;
    mo_buf_printf(o, "    /* %s", what);
    if (from && from[0] && to && to[0]) {
        mo_buf_puts(o, ", ");
        mo_cg_comment(o, from, 120);
        mo_buf_puts(o, " .. ");
        mo_cg_comment(o, to, 120);
    }
    mo_buf_puts(o, " */\n");
}

/* The run at statement k as one loop: a comment naming the instances of its first and last
 * statements, the tables of the where strings and numbers that change with mo_i, and the loop over the
 * first repetition's statements (each under its comment) printed with slot q as base_q + step_q * mo_i.
 * Returns the weight of the loop. */
static int emit_run(const mo_cg_seq *q, const mo_cg_loops *L, int k, mo_buf *o)
{
    mo_cg *cg = q->cg;
    int P = L->period[k], reps = L->reps[k];
    mo_buf body = {0}, numtables = {0};
    mo_int_vec tables = {0};
    bool names = cg->names;
    cg->names = false;
    cg->loop_tables = &tables;
    int weight = 0;
    for (int j = 0; j < P; j++) {
        int a = k + j, c = k + P + j;
        for (int m = 0; m < L->off[a + 1] - L->off[a]; m++)
            L->step[m] = L->slots.v[L->off[c] + m] - L->slots.v[L->off[a] + m];
        cg->loop_base = L->slots.v + L->off[a];
        cg->loop_step = L->step;
        cg->loop_pos = 0;
        cg->loop_numtext = number_texts(cg, L, a, P, reps, &numtables);
        cg->loop_numpos = 0;
        if (q->comment)
            q->comment(q->ctx, a, &body, "        ");
        int from = tables.n;
        weight += q->stmt(q->ctx, a, &body, "        ");
        for (int t = from; t < tables.n; t += 3)   /* (table, slot index, statement of the period) */
            tables.v[t + 2] = j;
    }
    cg->loop_base = cg->loop_step = NULL;
    cg->loop_pos = 0;
    cg->loop_numtext = NULL;
    cg->loop_numpos = 0;
    cg->loop_tables = NULL;
    cg->names = names;
    put_header(q, o, mo_sprintf("%d repetitions of the %d statement%s below", reps, P, P > 1 ? "s" : ""), k,
               k + P * reps - 1);
    /* a table's entry r: the where string at the same place of the same statement r periods on */
    for (int t = 0; t < tables.n; t += 3) {
        mo_buf_printf(o, "    static const char *const mo_w%d[%d] = {", tables.v[t], reps);
        for (int r = 0; r < reps; r++)
            mo_buf_printf(o, "%sW%d", r ? (r % 10 ? ", " : ",\n        ") : "",
                          L->slots.v[L->off[k + r * P + tables.v[t + 2]] + tables.v[t + 1]]);
        mo_buf_puts(o, "};\n");
    }
    mo_buf_putn(o, numtables.s, numtables.len);
    mo_buf_printf(o, "    for (int mo_i = 0; mo_i < %d; mo_i++) {\n", reps);
    mo_buf_putn(o, body.s, body.len);
    mo_buf_puts(o, "    }\n");
    return weight + 1;
}

/* Statement k printed in a loop body with each slot q as base[q] + step[q] * mo_i + step2[q] * mo_j
 * (step2 NULL: no outer loop) and its numbers as numtext says. Returns its weight. */
static int emit_in_loop(const mo_cg_seq *q, int k, const int *base, const int *step, const int *step2,
                        const char **numtext, mo_buf *body, const char *indent)
{
    mo_cg *cg = q->cg;
    cg->loop_base = base;
    cg->loop_step = step;
    cg->loop_step2 = step2;
    cg->loop_pos = 0;
    cg->loop_numtext = numtext;
    cg->loop_numpos = 0;
    if (q->comment)
        q->comment(q->ctx, k, body, indent);
    return q->stmt(q->ctx, k, body, indent);
}

/* The steps of item a's slots from item a to item c (L->step, the workspace). */
static const int *steps(const mo_cg_loops *L, int a, int c)
{
    for (int m = 0; m < L->off[a + 1] - L->off[a]; m++)
        L->step[m] = L->slots.v[L->off[c] + m] - L->slots.v[L->off[a] + m];
    return L->step;
}

/* The numbers of statement k as C constants (a loop of loops: the same in every repetition). */
static const char **fixed_numbers(const mo_cg_loops *L, int k)
{
    int m = L->noff[k + 1] - L->noff[k];
    const char **text = mo_alloc(sizeof *text * (size_t)(m + 1));
    for (int q = 0; q < m; q++) {
        mo_buf t = {0};
        mo_cg_number(&t, L->nums.v[L->noff[k] + q]);
        text[q] = mo_buf_str(&t);
    }
    return text;
}

/* The run of the second level at item a (find_outer) as a loop over mo_j whose body is its first
 * repetition's items: statements, and runs of the first level as loops over mo_i, each slot printed
 * with its step from one repetition of the outer loop to the next besides its inner one. Returns the
 * weight of the loop. */
static int emit_outer(const mo_cg_seq *q, const mo_cg_loops *L, const mo_cg_loops *O, int a, mo_buf *o)
{
    mo_cg *cg = q->cg;
    int P2 = O->period[a], R2 = O->reps[a];
    mo_buf body = {0};
    bool names = cg->names;
    cg->names = false;
    int weight = 0;
    int *zero = mo_calloc((size_t)(O->off[a + P2] - O->off[a]) + 1, sizeof *zero);
    for (int j = 0; j < P2; j++) {
        int k = O->first[a + j];
        const int *outer = steps(O, a + j, a + P2 + j);
        if (!L->period[k]) {
            weight += emit_in_loop(q, k, L->slots.v + L->off[k], zero, outer, fixed_numbers(L, k), &body,
                                   "        ");
            continue;
        }
        int P = L->period[k];
        mo_buf_printf(&body, "        for (int mo_i = 0; mo_i < %d; mo_i++) {\n", L->reps[k]);
        for (int jj = 0; jj < P; jj++)
            weight += emit_in_loop(q, k + jj, L->slots.v + L->off[k + jj], steps(L, k + jj, k + P + jj),
                                   outer + (L->off[k + jj] - L->off[k]), fixed_numbers(L, k + jj), &body,
                                   "            ");
        mo_buf_puts(&body, "        }\n");
        weight++;
    }
    free(zero);
    cg->loop_base = cg->loop_step = cg->loop_step2 = NULL;
    cg->loop_pos = 0;
    cg->loop_numtext = NULL;
    cg->loop_numpos = 0;
    cg->names = names;
    int end = a + P2 * R2;   /* the item after the run */
    put_header(q, o, mo_sprintf("%d repetitions of the %d statements and loops below", R2, P2), O->first[a],
               (end < O->n ? O->first[end] : q->n) - 1);
    mo_buf_printf(o, "    for (int mo_j = 0; mo_j < %d; mo_j++) {\n", R2);
    mo_buf_putn(o, body.s, body.len);
    mo_buf_puts(o, "    }\n");
    return weight + 1;
}

void mo_cg_seq_emit(const mo_cg_seq *q, mo_cg_split *s)
{
    mo_cg_loops *L = find_runs(q);
    mo_cg_loops *O = L ? find_outer(q->cg, L) : NULL;
    for (int k = 0, item = 0; k < q->n; k++, item++) {   /* (item: k's in O, when k starts one) */
        mo_buf *o = mo_cg_split_out(s);
        if (O && O->period[item]) {
            mo_cg_split_next(s, emit_outer(q, L, O, item, o));
            item += O->period[item] * O->reps[item] - 1;
            k = (item + 1 < O->n ? O->first[item + 1] : q->n) - 1;
            continue;
        }
        if (L && L->period[k]) {
            mo_cg_split_next(s, emit_run(q, L, k, o));
            k += L->period[k] * L->reps[k] - 1;
            continue;
        }
        if (q->comment)
            q->comment(q->ctx, k, o, s->indent);
        int w = q->stmt(q->ctx, k, o, s->indent);
        if (!w)
            w = q->other(q->ctx, k, o);
        mo_cg_split_next(s, w);
    }
    loops_free(O);
    loops_free(L);
}
