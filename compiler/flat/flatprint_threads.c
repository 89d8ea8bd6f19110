/*
 * flatprint_threads.c - `mo2c --flat` on two threads: the entry point mo_flat_print and the blocks.
 *
 * Input: a flat model (flat.h). Output: its text on a stream, the same byte for byte as one thread would
 * write. Each list (variables, initial equations, equations) is cut into blocks of about BLOCK_LINES
 * lines; each thread takes the next block not taken yet and formats it (flatprint.c formats the lines,
 * with the thread's own caches) into the buffer of the block's slot; a done block is written out, in
 * order, by whichever thread finds it next in line. So neither thread waits for the other unless it is
 * SLOTS blocks ahead (a thread's time slice lost to another process on a busy machine stalls nobody),
 * and writing (the kernel's copy to a file or a pipe) overlaps formatting. The slots' buffers are
 * allocated once and reused.
 * Preconditions: the flat model is complete and nobody writes it while it is printed.
 */
#include "flatprint.h"

#include <stdlib.h>

/* Write out the text of the done blocks from sec->written on, while no other thread writes. Called and
 * returns with sec->lock held; lets it go while writing (writing to a file or a pipe takes the kernel as
 * long as formatting the text takes us: the other thread formats meanwhile). */
static void write_done(section *sec)
{
    while (!sec->writing && sec->written < sec->nblocks && sec->slots[sec->written % SLOTS].done) {
        out_slot *o = &sec->slots[sec->written % SLOTS];
        sec->writing = true;
        pthread_mutex_unlock(&sec->lock);
        fwrite(o->b.s, 1, o->b.len, sec->out);
        o->b.len = 0;
        pthread_mutex_lock(&sec->lock);
        o->done = false;
        sec->writing = false;
        sec->written++;
        pthread_cond_broadcast(&sec->written_more);
    }
}

void mo_fp_write_in_turn(printer *p, int k)
{
    section *sec = p->sec;
    pthread_mutex_lock(&sec->lock);
    for (;;) {
        write_done(sec);
        if (sec->written == k && !sec->writing)
            break;
        pthread_cond_wait(&sec->written_more, &sec->lock);
    }
    sec->writing = true;      /* (block k is not done: nobody else would write it, nor what follows) */
    pthread_mutex_unlock(&sec->lock);
    fwrite(p->b.s, 1, p->b.len, sec->out);
    p->b.len = 0;
    pthread_mutex_lock(&sec->lock);
    sec->writing = false;
    pthread_mutex_unlock(&sec->lock);
}

/* The first item of block k. */
static int block_start(const section *sec, int k)
{
    if (k >= sec->nblocks)
        return sec->n;
    return sec->starts ? sec->starts[k] : k * BLOCK_LINES;
}

/* Print blocks of p's section until none is left: take the next one whose slot is free, format it into
 * the slot's buffer, leave it done, write out what is done in order. */
static void print_blocks(printer *p)
{
    section *sec = p->sec;
    const eq_ctx top = {NULL, NULL, 0, 0};
    pthread_mutex_lock(&sec->lock);
    for (;;) {
        /* take a block: its slot is free once the block SLOTS before it is written out */
        while (sec->next < sec->nblocks && sec->next >= sec->written + SLOTS) {
            write_done(sec);
            if (sec->next >= sec->written + SLOTS)
                pthread_cond_wait(&sec->written_more, &sec->lock);
        }
        if (sec->next >= sec->nblocks)
            break;
        int k = sec->next++;
        pthread_mutex_unlock(&sec->lock);
        out_slot *o = &sec->slots[k % SLOTS];
        p->b = o->b;
        p->block = k;
        int end = block_start(sec, k + 1);
        for (int i = block_start(sec, k); i < end; i++) {
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
                i += mo_fp_put_vars(p, i, end) - 1;
            maybe_flush(p);
        }
        o->b = p->b;          /* (the buffer may have grown) */
        p->b = (mo_buf){0};
        pthread_mutex_lock(&sec->lock);
        o->done = true;
        write_done(sec);
    }
    /* the last blocks may be done but not written: whoever writes now writes them, or this thread */
    write_done(sec);
    pthread_mutex_unlock(&sec->lock);
}

static void *second_thread(void *arg)
{
    print_blocks(arg);
    return NULL;
}

/* About how many lines the equation q prints: a packed one stands for many. */
static int lines_of(const mo_feq *q)
{
    if (!mo_feq_packed(q))
        return 1;
    return q->origin == MO_ORIGIN_CONNECTIONS ? mo_feq_conns_of(q)->n : mo_feq_run_of(q)->n;
}

/* Cut sec into blocks of about BLOCK_LINES lines (sec->starts, sec->nblocks; free them afterwards). A
 * variable is one line: its blocks need no list. */
static void make_blocks(section *sec)
{
    if (!sec->eqs) {
        sec->starts = NULL;
        sec->nblocks = (int)(((long long)sec->n + BLOCK_LINES - 1) / BLOCK_LINES);
        return;
    }
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
        if (i + 4 * PREFETCH < sec->n)   /* little work per item: further ahead */
            __builtin_prefetch(sec->eqs[i + 4 * PREFETCH].comment);
        lines += lines_of(&sec->eqs[i]);
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

/* Print the lines of sec: on two threads when there are two blocks or more. Everything before them
 * has been written out. */
static void print_section(section *sec, printer *ps)
{
    sec->next = 0;
    sec->written = 0;
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
    print_blocks(&ps[0]);
    if (two) {
        pthread_join(thread, NULL);
        mo_put_threads(false);
    }
    if (sec->written != sec->nblocks)
        mo_unreachable("a block of the flat model was not written out");
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
        ps[t].attrs = MO_NEWN(cache_slot, CACHE_SLOTS);
        ps[t].tails = MO_NEWN(cache_slot, CACHE_SLOTS);
        ps[t].strs = MO_NEWN(cache_slot, CACHE_SLOTS);
        ps[t].runs.slots = MO_NEWN(run_slot, RUN_SLOTS);
        ps[t].rests = MO_NEWN(rest_slot, REST_SLOTS);
        ps[t].vlines = MO_NEWN(vline_slot, VLINE_SLOTS);
        ps[t].vruns = MO_NEWN(vrun_slot, VRUN_SLOTS);
        for (int i = 0; i < NEAR_CLONES; i++)
            ps[t].near[i] = &mo_fp_no_clone;
        ps[t].path.cap = 256;
        ps[t].path.s = mo_alloc(ps[t].path.cap);
    }
    section sec = {.flat = flat, .out = out, .lock = PTHREAD_MUTEX_INITIALIZER,
                   .written_more = PTHREAD_COND_INITIALIZER};
    for (int i = 0; i < SLOTS; i++) {
        /* room for the lines that pass FLUSH_AT (a longer line makes the buffer grow) */
        sec.slots[i].b.cap = FLUSH_AT + (1u << 16);
        sec.slots[i].b.s = mo_alloc(sec.slots[i].b.cap);
    }
    /* the lines between the sections: written out by this thread while the others are stopped */
    mo_buf b = {0};
    MO_PUT_LIT(&b, "class ");
    mo_put_s(&b, flat->name);
    if (flat->comment) {
        MO_PUT_LIT(&b, " ");
        mo_fp_put_string(&b, flat->comment);
    }
    MO_PUT_LIT(&b, "\n");
    fwrite(b.s, 1, b.len, out);
    b.len = 0;
    sec.n = flat->vars.n;
    print_section(&sec, ps);
    if (flat->initial_eqs.n) {
        MO_PUT_LIT(&b, "initial equation\n");
        fwrite(b.s, 1, b.len, out);
        b.len = 0;
    }
    sec.eqs = flat->initial_eqs.v;
    sec.n = flat->initial_eqs.n;
    print_section(&sec, ps);
    MO_PUT_LIT(&b, "equation\n");
    fwrite(b.s, 1, b.len, out);
    b.len = 0;
    sec.eqs = flat->eqs.v;
    sec.n = flat->eqs.n;
    print_section(&sec, ps);
    mo_flat_print_events(out, flat);  /* when-equations and asserts (flatprint_when.c) */
    mo_flat_print_algs(out, flat);    /* algorithm sections (flatprint_alg.c) */
    put_experiment(&b, &flat->experiment);
    MO_PUT_LIT(&b, "end ");
    mo_put_s(&b, flat->name);
    MO_PUT_LIT(&b, ";\n");
    fwrite(b.s, 1, b.len, out);
    pthread_mutex_destroy(&sec.lock);
    pthread_cond_destroy(&sec.written_more);
}
