/*
 * flatprint.c - the text of `mo2c --flat`: the flat model as readable, Modelica-like text.
 *
 * Input: a flat model (flat.h). Output on a stream, deterministic (variables and equations in the order
 * of the flat model):
 *   class NAME "description"
 *     parameter Real a.J(quantity = "MomentOfInertia", unit = "kg.m2") = 0.4 "description";
 *     protected Real a.phi_rel(...);
 *   equation
 *     a.phi_rel = a.flange_a.phi - a.flange_b.phi; // path:line:col (a)
 *   end NAME;
 * Each equation ends with the source location it came from, what made it when it is not an equation of
 * the model text (binding, connect, unconnected flow), and the instance in parentheses.
 *
 * Big models print hundreds of megabytes in millions of lines, so: pieces are appended inline
 * (bufput.h), never with printf; the text that repeats from line to line (a declaration's attributes,
 * shared by the variables of every instance of it; the location of an equation of a component class) is
 * formatted once and then copied from a small cache; and the lines are formatted in blocks of BLOCK_LINES
 * by two threads, block k by thread k % 2 into its own buffer, which writes it out when block k - 1 has
 * been written. The output is the same byte for byte as with one thread; memory is a few buffers of
 * about FLUSH_AT bytes and the caches, whatever the size of the model.
 * Packed equations (flat.h) are printed as they are, without making their trees: a clone's run as the
 * template's equations with the clone's shift and path, a connection equation from its variables.
 */
#include "flat.h"
#include "bufput.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A thread's buffer is written out at the end of each block, or earlier once it holds FLUSH_AT bytes
 * (long lines). Blocks are big enough to make the hand-over between threads rare. */
enum { FLUSH_AT = 1 << 20, BLOCK_LINES = 4096, THREADS = 2 };

static void put_string(mo_buf *b, const char *s)
{
    MO_PUT_LIT(b, "\"");
    for (;;) {
        size_t n = strcspn(s, "\"\\\n");
        mo_put_n(b, s, n);
        s += n;
        if (!*s)
            break;
        mo_put_s(b, *s == '"' ? "\\\"" : *s == '\\' ? "\\\\" : "\\n");
        s++;
    }
    MO_PUT_LIT(b, "\"");
}


/* ---- a cache of formatted text ----
 * Direct-mapped: a key (what the text is a function of) picks one slot. A slot stores the text of one
 * key, and remembers the last other key that came to it: that one's text replaces the stored text when
 * it comes a second time in a row. So text that never repeats (the location of a connect statement of the
 * model) costs no copying and evicts nothing; text longer than a slot is never stored. Fixed size
 * whatever the model: CACHE_SLOTS * sizeof(cache_slot) bytes per cache. */
enum { CACHE_SLOTS = 512, CACHE_TEXT = 200 };

typedef struct cache_slot {
    uint64_t key[3];          /* whose text is stored (when full) */
    uint64_t seen[3];         /* the last other key that came here */
    bool full;
    unsigned short len;       /* bytes of text */
    unsigned short cut;       /* a split point inside text (the variable's binding goes there) */
    char text[CACHE_TEXT];
} cache_slot;

static cache_slot *cache_slot_of(cache_slot *slots, const uint64_t k[3])
{
    uint64_t h = k[0] * 0x9E3779B97F4A7C15u ^ k[1] * 0xC2B2AE3D27D4EB4Fu ^ k[2];
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 29;
    return &slots[h & (CACHE_SLOTS - 1)];
}

static bool cache_hit(const cache_slot *s, const uint64_t k[3])
{
    return s->full && s->key[0] == k[0] && s->key[1] == k[1] && s->key[2] == k[2];
}

/* After formatting the text of key k (in two pieces, a and b, around the cut) for want of a hit: store
 * it when k comes to its slot a second time. */
static void cache_offer(cache_slot *s, const uint64_t k[3], const char *a, size_t na, const char *b, size_t nb)
{
    if (s->seen[0] != k[0] || s->seen[1] != k[1] || s->seen[2] != k[2]) {
        memcpy(s->seen, k, sizeof s->seen);
        return;
    }
    if (na + nb > CACHE_TEXT)
        return;
    memcpy(s->key, k, sizeof s->key);
    memcpy(s->text, a, na);
    memcpy(s->text + na, b, nb);
    s->len = (unsigned short)(na + nb);
    s->cut = (unsigned short)na;
    s->full = true;
}

/* ---- the printer ---- */

/* What the threads share while they print one section (variables, or a list of equations). */
typedef struct section {
    const mo_flat *flat;
    FILE *out;
    const mo_feq *eqs;        /* the equations to print, or NULL for the variables */
    int n;                    /* variables or equations to print (a packed one prints many lines) */
    pthread_mutex_t lock;     /* guards turn */
    pthread_cond_t turn_done;
    int turn;                 /* the block whose text is written out next */
    int *starts, nblocks;     /* block k prints [starts[k], starts[k + 1]): about BLOCK_LINES lines */
} section;

/* One thread's state: its buffer and caches. */
typedef struct printer {
    section *sec;
    mo_buf b;                 /* text not written out yet */
    const char *instance;     /* the last equation's instance path, and its length: equations come in */
    size_t instance_len;      /*   runs from one instance */
    cache_slot *attrs;        /* (attribute record, stateSelect) -> "(unit = ...)" + cut + " \"comment\";\n" */
    cache_slot *tails;        /* (location, origin, comment) -> " \"comment\"; // path:line:col binding" */
    int block;                /* the block being printed */
} printer;

static void write_in_turn(printer *p, int k);

/* What mo_expr_print calls for an MO_EX_VAR node: the equation's var_shift (flat.h) applies. */
typedef struct name_ctx { const printer *p; int shift; } name_ctx;

static const char *var_name(void *ctx, int var)
{
    const name_ctx *c = ctx;
    return mo_flat_var_name((void *)c->p->sec->flat, var + c->shift);
}

static void put_expr(printer *p, const mo_expr *e, int shift)
{
    name_ctx ctx = {p, shift};
    mo_expr_print(&p->b, e, var_name, &ctx);
}

/* ---- variables ---- */

static void put_type(mo_buf *b, const mo_var *v)
{
    switch (v->type) {
    case MO_T_REAL: MO_PUT_LIT(b, "Real "); return;
    case MO_T_INTEGER: MO_PUT_LIT(b, "Integer "); return;
    case MO_T_BOOLEAN: MO_PUT_LIT(b, "Boolean "); return;
    case MO_T_STRING: MO_PUT_LIT(b, "String "); return;
    case MO_T_ENUM:
        mo_put_s(b, v->attr->enum_type ? v->attr->enum_type->name : "enumeration");
        MO_PUT_LIT(b, " ");
        return;
    }
    MO_PUT_LIT(b, "? ");
}

/* What follows a variable's name up to its binding: "(quantity = ..., stateSelect = ...)", nothing
 * when no attribute is given. */
static void put_attrs(printer *p, const mo_var *v)
{
    static const char *const ss[] = {"", "never", "avoid", "default", "prefer", "always"};
    mo_buf *b = &p->b;
    int n = 0;
    const char *const sep[] = {"(", ", "};
    const mo_var_attr *a = v->attr;
    const struct { const char *name; const char *s; } strs[] = {
        {"quantity = ", a->quantity}, {"unit = ", a->unit}, {"displayUnit = ", a->display_unit}};
    for (int i = 0; i < 3; i++)
        if (strs[i].s) {
            mo_put_s(b, sep[n++ > 0]);
            mo_put_s(b, strs[i].name);
            put_string(b, strs[i].s);
        }
    const struct { const char *name; const mo_expr *e; } exprs[] = {
        {"min = ", a->min}, {"max = ", a->max}, {"start = ", a->start}, {"fixed = ", a->fixed},
        {"nominal = ", a->nominal}};
    for (int i = 0; i < 5; i++)
        if (exprs[i].e) {
            mo_put_s(b, sep[n++ > 0]);
            mo_put_s(b, exprs[i].name);
            put_expr(p, exprs[i].e, 0);
        }
    if (v->state_select != MO_SS_DEFAULT && v->state_select >= MO_SS_NEVER && v->state_select <= MO_SS_ALWAYS) {
        mo_put_s(b, sep[n++ > 0]);
        MO_PUT_LIT(b, "stateSelect = StateSelect.");
        mo_put_s(b, ss[v->state_select]);
    }
    if (n)
        MO_PUT_LIT(b, ")");
}

/* What follows the binding: the description and the end of the line. */
static void put_var_end(mo_buf *b, const mo_var *v)
{
    if (v->attr->comment) {
        MO_PUT_LIT(b, " ");
        put_string(b, v->attr->comment);
    }
    MO_PUT_LIT(b, ";\n");
}

static void put_var(printer *p, int index)
{
    static const char *const variability[] = {"constant ", "parameter ", "discrete ", ""};
    const mo_var *v = &p->sec->flat->vars.v[index];
    mo_buf *b = &p->b;
    MO_PUT_LIT(b, "  ");
    if (v->flags & MO_PF_PROTECTED) MO_PUT_LIT(b, "protected ");
    if (v->flags & MO_PF_FINAL) MO_PUT_LIT(b, "final ");
    /* Integer and Boolean variables are discrete without saying so */
    if (!(v->variability == MO_VAR_DISCRETE && v->type != MO_T_REAL))
        mo_put_s(b, variability[v->variability]);
    if (v->flags & MO_PF_INPUT) MO_PUT_LIT(b, "input ");
    if (v->flags & MO_PF_OUTPUT) MO_PUT_LIT(b, "output ");
    if (v->flags & MO_PF_FLOW) MO_PUT_LIT(b, "flow ");
    put_type(b, v);
    mo_put_s(b, v->name);   /* names are packed in the order they were made (mo_alloc_text) */
    /* the text around the binding comes from the attribute record (which the variables of one
     * declaration share, flat.h) and stateSelect only */
    const uint64_t key[3] = {(uintptr_t)v->attr, v->state_select, 0};
    cache_slot *s = cache_slot_of(p->attrs, key);
    if (cache_hit(s, key)) {
        mo_put_n(b, s->text, s->cut);
        if (v->binding) {
            MO_PUT_LIT(b, " = ");
            put_expr(p, v->binding, 0);
        }
        mo_put_n(b, s->text + s->cut, s->len - s->cut);
        return;
    }
    size_t attrs = b->len;
    put_attrs(p, v);
    size_t attrs_end = b->len;
    if (v->binding) {
        MO_PUT_LIT(b, " = ");
        put_expr(p, v->binding, 0);
    }
    size_t end = b->len;
    put_var_end(b, v);
    cache_offer(s, key, b->s + attrs, attrs_end - attrs, b->s + end, b->len - end);
}

/* ---- equations ---- */

/* After an equation's right-hand side: " \"description\"; // path:line:col origin". */
static void put_eq_tail(mo_buf *b, mo_loc loc, mo_eq_origin eo, const char *comment)
{
    static const char *const origin[] = {"", " binding", " connect", " connect", " unconnected flow"};
    if (comment) {
        MO_PUT_LIT(b, " ");
        put_string(b, comment);
    }
    MO_PUT_LIT(b, "; // ");
    if (loc.file) {
        mo_put_s(b, loc.file->path);
        MO_PUT_LIT(b, ":");
        mo_put_ll(b, loc.line);
        MO_PUT_LIT(b, ":");
        mo_put_ll(b, loc.col);
    } else {
        MO_PUT_LIT(b, "<mo2c>");
    }
    mo_put_s(b, origin[eo]);
}

/* Where an equation is printed from: the list itself, or the run of a clone (flat.h), whose equations
 * are the template's with the clone's path in front of their instance paths instead of the template's.
 * Runs nest as deep as cloned components contain cloned components. */
typedef struct eq_ctx {
    const struct eq_ctx *up;  /* NULL for the list itself */
    const char *path;         /* the clone's path, as written in up */
    int cut;                  /* the length of the template's path */
    int shift;                /* var_shift of the run (and of the runs it is inside) */
} eq_ctx;

/* The instance path s of an equation printed in ctx. */
static void put_instance(mo_buf *b, const eq_ctx *ctx, const char *s)
{
    if (ctx->up) {
        put_instance(b, ctx->up, ctx->path);
        s += ctx->cut;
    }
    mo_put_s(b, s);
}

/* What follows an equation's right-hand side, to the end of the line. */
static void put_eq_end(printer *p, mo_loc loc, mo_eq_origin origin, const char *comment, const char *instance,
                       const eq_ctx *ctx)
{
    mo_buf *b = &p->b;
    /* the same equation of a class in every instance: the same tail */
    const uint64_t key[3] = {(uintptr_t)loc.file,
                             (uint64_t)(unsigned)loc.line << 24 | (uint64_t)loc.col << 3 | origin,
                             (uintptr_t)comment};
    cache_slot *s = cache_slot_of(p->tails, key);
    if (cache_hit(s, key)) {
        mo_put_n(b, s->text, s->len);
    } else {
        size_t start = b->len;
        put_eq_tail(b, loc, origin, comment);
        cache_offer(s, key, b->s + start, b->len - start, "", 0);
    }
    if (ctx->up) {            /* in a clone's run: never the model itself */
        MO_PUT_LIT(b, " (");
        put_instance(b, ctx, instance);
        MO_PUT_LIT(b, ")");
    } else if (instance && *instance) {
        if (instance != p->instance) {
            p->instance = instance;
            p->instance_len = strlen(instance);
        }
        MO_PUT_LIT(b, " (");
        mo_put_n(b, instance, p->instance_len);
        MO_PUT_LIT(b, ")");
    }
    MO_PUT_LIT(b, "\n");
}

/* Packed connection equations (flat.h), each as mo_expr_print writes the tree that mo_connect_unpack
 * makes of it: a = b, or a + (-b) + c = 0.0 (a negated member in parentheses unless it comes first). */
static void put_conns(printer *p, const mo_conn_eqs *c)
{
    mo_buf *b = &p->b;
    const mo_flat *flat = p->sec->flat;
    const eq_ctx top = {NULL, NULL, 0, 0};
    for (int k = 0; k < c->n; k++) {
        const mo_conn_eq *e = &c->eq[k];
        const int *m = c->members + e->at;
        MO_PUT_LIT(b, "  ");
        if (!e->flow) {
            mo_put_s(b, mo_flat_var_name((void *)flat, m[0] / 2));
            MO_PUT_LIT(b, " = ");
            mo_put_s(b, mo_flat_var_name((void *)flat, m[1] / 2));
        } else {
            for (int i = 0; i < e[1].at - e->at; i++) {
                bool neg = m[i] % 2;
                if (i > 0)
                    MO_PUT_LIT(b, " + ");
                if (neg)
                    mo_put_s(b, i > 0 ? "(-" : "-");
                mo_put_s(b, mo_flat_var_name((void *)flat, m[i] / 2));
                if (neg && i > 0)
                    MO_PUT_LIT(b, ")");
            }
            MO_PUT_LIT(b, " = 0.0");
        }
        put_eq_end(p, c->locs[e->conn], e->flow ? MO_ORIGIN_CONNECT_FLOW : MO_ORIGIN_CONNECT_EQUAL, NULL,
                   e->instance, &top);
        if (b->len >= FLUSH_AT)
            write_in_turn(p, p->block);
    }
}

static void put_eq(printer *p, const mo_feq *list, const mo_feq *q, const eq_ctx *ctx)
{
    mo_buf *b = &p->b;
    if (mo_feq_packed(q) && q->origin == MO_ORIGIN_CONNECTIONS) {
        put_conns(p, mo_feq_conns_of(q));
        return;
    }
    if (mo_feq_packed(q)) {
        const mo_feq_run *r = mo_feq_run_of(q);
        eq_ctx in = {ctx, q->instance, r->pathlen, ctx->shift + q->var_shift};
        for (int j = 0; j < r->n; j++) {
            put_eq(p, list, &list[r->first + j], &in);
            if (b->len >= FLUSH_AT)
                write_in_turn(p, p->block);
        }
        return;
    }
    int shift = ctx->shift + q->var_shift;
    MO_PUT_LIT(b, "  ");
    put_expr(p, q->lhs, shift);
    MO_PUT_LIT(b, " = ");
    put_expr(p, q->rhs, shift);
    put_eq_end(p, q->loc, q->origin, q->comment, q->instance, ctx);
}

/* ---- the threads ---- */

/* Wait until the blocks before block k have been written out, then write out p's text. */
static void write_in_turn(printer *p, int k)
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
            if (sec->eqs)
                put_eq(p, sec->eqs, &sec->eqs[i], &top);
            else
                put_var(p, i);
            if (p->b.len >= FLUSH_AT)
                write_in_turn(p, k);
        }
        write_in_turn(p, k);
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
    long total = 0;
    for (int i = 0; sec->eqs && i < sec->n; i++)
        total += lines_of(&sec->eqs[i]);
    int nb = 0, lines = 0;
    int *starts = malloc(sizeof(int) * (size_t)((sec->eqs ? total : sec->n) / BLOCK_LINES + 2));
    if (!starts) {
        fprintf(stderr, "mo2c: error: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < sec->n; i++) {
        if (lines == 0)
            starts[nb++] = i;
        lines += sec->eqs ? lines_of(&sec->eqs[i]) : 1;
        if (lines >= BLOCK_LINES)
            lines = 0;
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
    }
    section sec = {flat, out, NULL, flat->vars.n,
                   PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, NULL, 0};
    mo_buf *b = &ps[0].b;
    MO_PUT_LIT(b, "class ");
    mo_put_s(b, flat->name);
    if (flat->comment) {
        MO_PUT_LIT(b, " ");
        put_string(b, flat->comment);
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
