/*
 * flatprint_threads.c - `mo2c --flat` on two threads: the entry point mo_flat_print and the blocks.
 *
 * Input: a flat model (flat.h). Output: its text on a stream, the same byte for byte as one thread would
 * write. Each list (variables, initial equations, equations) is cut into blocks of about BLOCK_LINES
 * lines; block k is formatted by thread k % 2 into its own printer (flatprint.c formats the lines), which
 * writes it out once block k - 1 has been written.
 * Preconditions: the flat model is complete and nobody writes it while it is printed.
 */
#include "flatprint.h"

#include <stdlib.h>

/* Wait until the blocks before block k have been written out, then write out p's text. */
void mo_fp_write_in_turn(printer *p, int k)
{
    section *sec = p->sec;
    pthread_mutex_lock(&sec->lock);
    while (sec->turn != k)
        pthread_cond_wait(&sec->turn_done, &sec->lock);
    pthread_mutex_unlock(&sec->lock);
    fwrite(p->b.s, 1, p->b.len, sec->out);
    p->b.len = 0;
}

/* Print the blocks first, first + step, ... of p's section. */
static void print_blocks(printer *p, int first, int step)
{
    section *sec = p->sec;
    const eq_ctx top = {NULL, NULL, 0, 0};
    for (int k = first; k < sec->nblocks; k += step) {
        p->block = k;
        for (int i = sec->starts[k]; i < sec->starts[k + 1]; i++) {
            /* what an item further on reads besides its record (a packed equation's contents, a
             * variable's binding and attribute record) lies all over the arena: each a cache miss
             * unless asked for ahead. (Written here, not in a function of its own: GCC deems a
             * function that only prefetches free of effects and drops its calls.) */
            if (i + PREFETCH < sec->n) {
                if (sec->eqs) {
                    __builtin_prefetch(sec->eqs[i + PREFETCH].comment);
                } else {
                    const mo_var *v = &sec->flat->vars.v[i + PREFETCH];
                    __builtin_prefetch(v->attr);
                    __builtin_prefetch(v->binding);
                    __builtin_prefetch(v->name);
                    /* what those point to, for a nearer item (they have come by now) */
                    v = &sec->flat->vars.v[i + PREFETCH / 2];
                    if (v->binding && (v->binding->kind == MO_EX_REAL || v->binding->kind == MO_EX_INT))
                        __builtin_prefetch(v->binding->text);
                    if (v->attr_own) {
                        __builtin_prefetch(v->attr->start);
                        __builtin_prefetch(v->attr->fixed);
                    }
                }
            }
            if (sec->eqs)
                mo_fp_put_eq(p, sec->eqs, &sec->eqs[i], &top);
            else
                mo_fp_put_var(p, i);
            maybe_flush(p);
        }
        mo_fp_write_in_turn(p, k);
        pthread_mutex_lock(&sec->lock);
        sec->turn = k + 1;
        pthread_cond_broadcast(&sec->turn_done);
        pthread_mutex_unlock(&sec->lock);
    }
}

static void *second_thread(void *arg)
{
    print_blocks(arg, 1, THREADS);
    return NULL;
}

/* About how many lines the equation q prints: a packed one stands for many. */
static int lines_of(const mo_feq *q)
{
    if (!mo_feq_packed(q))
        return 1;
    return q->origin == MO_ORIGIN_CONNECTIONS ? mo_feq_conns_of(q)->n : mo_feq_run_of(q)->n;
}

/* Cut sec into blocks of about BLOCK_LINES lines (sec->starts, sec->nblocks; free them afterwards). */
static void make_blocks(section *sec)
{
    /* every block but the last has BLOCK_LINES lines or more */
    int nb = 0, lines = 0, cap = 0;
    int *starts = NULL;
    for (int i = 0; i < sec->n; i++) {
        if (lines == 0) {
            if (nb + 1 >= cap) {
                cap = cap ? 2 * cap : 64;
                starts = realloc(starts, sizeof(int) * (size_t)cap);
                if (!starts) {
                    fprintf(stderr, "mo2c: error: out of memory\n");
                    exit(1);
                }
            }
            starts[nb++] = i;
        }
        if (sec->eqs && i + 4 * PREFETCH < sec->n)   /* little work per item: further ahead */
            __builtin_prefetch(sec->eqs[i + 4 * PREFETCH].comment);
        lines += sec->eqs ? lines_of(&sec->eqs[i]) : 1;
        if (lines >= BLOCK_LINES)
            lines = 0;
    }
    if (!starts) {            /* no item: one empty block list */
        starts = malloc(sizeof(int));
        if (!starts) {
            fprintf(stderr, "mo2c: error: out of memory\n");
            exit(1);
        }
    }
    starts[nb] = sec->n;
    sec->starts = starts;
    sec->nblocks = nb;
}

/* Print the lines of sec: on two threads when there are two blocks or more. */
static void print_section(section *sec, printer *ps)
{
    sec->turn = 0;
    make_blocks(sec);
    for (int t = 0; t < THREADS; t++)
        ps[t].sec = sec;
    pthread_t thread;
    pthread_attr_t attr;
    bool two = false;
    if (sec->nblocks > 1 && pthread_attr_init(&attr) == 0) {
        /* the stack of the compiler's own thread (main.c): printing recurses over expression trees */
        mo_put_threads(true);
        two = pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
              pthread_create(&thread, &attr, second_thread, &ps[1]) == 0;
        pthread_attr_destroy(&attr);
        if (!two)
            mo_put_threads(false);
    }
    print_blocks(&ps[0], 0, two ? THREADS : 1);
    if (two) {
        pthread_join(thread, NULL);
        mo_put_threads(false);
    }
    free(sec->starts);
}

static void put_experiment(mo_buf *b, const mo_experiment *x)
{
    if (!(x->has_start || x->has_stop || x->has_interval || x->has_tolerance))
        return;
    int n = 0;
    MO_PUT_LIT(b, "  annotation(experiment(");
    if (x->has_start) mo_buf_printf(b, "%sStartTime = %.17g", n++ ? ", " : "", x->start);
    if (x->has_stop) mo_buf_printf(b, "%sStopTime = %.17g", n++ ? ", " : "", x->stop);
    if (x->has_interval) mo_buf_printf(b, "%sInterval = %.17g", n++ ? ", " : "", x->interval);
    if (x->has_tolerance) mo_buf_printf(b, "%sTolerance = %.17g", n++ ? ", " : "", x->tolerance);
    MO_PUT_LIT(b, "));\n");
}

void mo_flat_print(FILE *out, const mo_flat *flat)
{
    mo_func_print(out, flat);   /* user-defined functions first (funcprint.c) */
    printer ps[THREADS] = {{0}};
    for (int t = 0; t < THREADS; t++) {
        /* room for the lines that pass FLUSH_AT (a longer line makes the buffer grow) */
        ps[t].b.cap = FLUSH_AT + (1u << 16);
        ps[t].b.s = mo_alloc(ps[t].b.cap);
        ps[t].attrs = MO_NEWN(cache_slot, CACHE_SLOTS);
        ps[t].tails = MO_NEWN(cache_slot, CACHE_SLOTS);
        ps[t].strs = MO_NEWN(cache_slot, CACHE_SLOTS);
        ps[t].runs.slots = MO_NEWN(run_slot, RUN_SLOTS);
        ps[t].rests = MO_NEWN(rest_slot, REST_SLOTS);
        ps[t].path.cap = 256;
        ps[t].path.s = mo_alloc(ps[t].path.cap);
    }
    section sec = {flat, out, NULL, flat->vars.n,
                   PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, NULL, 0};
    mo_buf *b = &ps[0].b;
    MO_PUT_LIT(b, "class ");
    mo_put_s(b, flat->name);
    if (flat->comment) {
        MO_PUT_LIT(b, " ");
        mo_fp_put_string(b, flat->comment);
    }
    MO_PUT_LIT(b, "\n");
    print_section(&sec, ps);
    if (flat->initial_eqs.n)
        MO_PUT_LIT(b, "initial equation\n");
    sec.eqs = flat->initial_eqs.v;
    sec.n = flat->initial_eqs.n;
    print_section(&sec, ps);
    MO_PUT_LIT(b, "equation\n");
    sec.eqs = flat->eqs.v;
    sec.n = flat->eqs.n;
    print_section(&sec, ps);
    fwrite(b->s, 1, b->len, out);
    b->len = 0;
    mo_flat_print_events(out, flat);  /* when-equations and asserts (flatprint_when.c) */
    put_experiment(b, &flat->experiment);
    MO_PUT_LIT(b, "end ");
    mo_put_s(b, flat->name);
    MO_PUT_LIT(b, ";\n");
    fwrite(b->s, 1, b->len, out);
    pthread_mutex_destroy(&sec.lock);
    pthread_cond_destroy(&sec.turn_done);
}
