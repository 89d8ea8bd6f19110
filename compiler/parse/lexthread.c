/*
 * lexthread.c - the lexer in a thread of its own for the first parse of a big file, so that scanning
 * and interning (a third of the time the parse takes) run on the second core while the parser parses.
 *
 * Input: a file that parser.y's mo_parse_file is about to parse with the fast parser. Output: the
 * tokens mo_yylex would give for it, one by one through mo_lexthread_next, in the parser's thread.
 *
 * How: the thread runs lexer.re's scanner in producer mode (mo_lex_scan_n: no diagnostics, no arena) and
 * writes mo_tokens into a bounded ring; the parser's thread reads them and makes their values (plain
 * tokens inline in parser.y's fast_lex, the others through mo_lexthread_next and mo_lex_value: number
 * expressions, decoded strings, in the arena). One producer and one consumer, so
 * the ring needs no lock: each side owns its index and publishes it with a release store every BATCH
 * tokens (and before it sleeps); the other side reads it with an acquire load. A side that finds the
 * ring empty (the parser) or full (the lexer) sleeps on a condition variable rather than spinning: the
 * machine may have two cores only, and base.c's pre-fault thread wants one now and then. A sleeper is
 * woken only when a quarter of the ring is ready for it (free for the lexer, filled for the parser) or
 * the stream ends, so that the two do not wake each other batch by batch when they share a core.
 *
 * Preconditions and guarantees: interning belongs to the thread from its start to mo_lexthread_stop
 * (base.h mo_intern_owner; the parser's actions use names interned before, mo_parser.id_*). Nothing
 * else is shared: the ring is malloc'd here and freed by mo_lexthread_stop, which always joins the
 * thread, so no thread outlives the parse (and mo2c forks only between parses: nothing here needs a
 * fork handler). The stream always ends with YYEOF or YYerror; errors are not reported here: the fast
 * parse then fails, and mo_parse_file parses again sequentially, which reports them. A number out of
 * range is found in the parser's thread (mo_lex_value gives YYerror there, with valid tokens after it
 * in the ring): the parse ends at once all the same, because the grammar has no error rules (a Bison
 * parser without them never asks for a token after YYerror).
 */
#include "parse.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { RING = MO_RING, BATCH = MO_RING_BATCH, WAKE = RING / 4 };
_Static_assert((RING & (RING - 1)) == 0 && RING % BATCH == 0 && BATCH <= RING / 2, "ring sizes");

typedef struct mo_lexthread {
    mo_token_ring r;                 /* the parser's end (first: mo_lexthread_next gets it) */
    mo_token ring[RING];
    /* written by the lexer thread */
    alignas(64) atomic_size_t head;  /* tokens published */
    atomic_size_t room_at;           /* while it sleeps: it waits for tail to reach this */
    atomic_bool lexer_sleeps;
    /* written by the parser's thread */
    alignas(64) atomic_size_t tail;  /* tokens read and done with (their slots may be written again) */
    atomic_bool parser_sleeps;
    atomic_size_t more_at;           /* while it sleeps: it waits for head to reach this */
    atomic_bool stop;                /* the parse is over: the lexer thread ends */
    bool ended;                      /* the parser has read the last token (kept in last, last_loc) */
    int last;
    mo_loc last_loc;
    /* set up before the thread starts */
    pthread_mutex_t lock;
    pthread_cond_t more, room;       /* the parser waits for more tokens, the lexer for room */
    pthread_t thread;
    mo_lexer lx;                     /* the lexer thread's */
} mo_lexthread;

/* ---- the lexer thread's side ---- */

/* last: the stream ends here (a sleeping parser is woken however little it gets) */
static void publish_head(mo_lexthread *lt, size_t head, bool last)
{
    /* sequentially consistent, like the parser's store of parser_sleeps before it reads head: one of
     * the two sees the other's store, so a sleeping parser is always woken */
    atomic_store(&lt->head, head);
    if (atomic_load(&lt->parser_sleeps) && (last || head >= atomic_load(&lt->more_at))) {
        pthread_mutex_lock(&lt->lock);
        pthread_cond_signal(&lt->more);
        pthread_mutex_unlock(&lt->lock);
    }
}

/* The ring is full at head: sleep until a quarter of it is free. Returns the tail seen, or 0 when the
 * parse is over. */
static size_t wait_room(mo_lexthread *lt, size_t head)
{
    size_t want = head - RING + WAKE, tail;
    pthread_mutex_lock(&lt->lock);
    atomic_store(&lt->room_at, want);
    atomic_store(&lt->lexer_sleeps, true);
    while ((tail = atomic_load(&lt->tail)) < want && !atomic_load(&lt->stop))
        pthread_cond_wait(&lt->room, &lt->lock);
    atomic_store(&lt->lexer_sleeps, false);
    pthread_mutex_unlock(&lt->lock);
    return atomic_load(&lt->stop) ? 0 : tail;
}

/* Each batch of BATCH tokens is scanned in one call (mo_lex_scan_n, which interns its identifiers' and
 * numbers' spellings together), and then published. Batches start at multiples of BATCH, so none wraps the ring. */
static void *lexer_main(void *arg)
{
    mo_lexthread *lt = arg;
    mo_intern_owner(true);
    size_t head = 0, tail = 0;
    for (;;) {
        if (head + BATCH - tail > RING) {
            tail = atomic_load_explicit(&lt->tail, memory_order_acquire);
            if (head + BATCH - tail > RING && !(tail = wait_room(lt, head + BATCH)))
                return NULL;
        }
        mo_token *t = &lt->ring[head % RING];
        int k = mo_lex_scan_n(&lt->lx, t, BATCH);
        head += (size_t)k;
        if (k < BATCH || t[k - 1].kind == T_YYEOF || t[k - 1].kind == T_MO_YYerror) {
            publish_head(lt, head, true);
            return NULL;
        }
        publish_head(lt, head, false);
        if (atomic_load_explicit(&lt->stop, memory_order_relaxed))
            return NULL;
    }
}

/* ---- the parser's side ---- */

static void publish_tail(mo_lexthread *lt)
{
    atomic_store(&lt->tail, lt->r.read);   /* (sequentially consistent: see publish_head) */
    if (atomic_load(&lt->lexer_sleeps) && lt->r.read >= atomic_load(&lt->room_at)) {
        pthread_mutex_lock(&lt->lock);
        pthread_cond_signal(&lt->room);
        pthread_mutex_unlock(&lt->lock);
    }
}

/* Everything published has been read: hand back the slots (a full ring would otherwise wait for us),
 * then sleep until WAKE more tokens or the end have come. */
static void wait_more(mo_lexthread *lt)
{
    publish_tail(lt);
    pthread_mutex_lock(&lt->lock);
    atomic_store(&lt->more_at, lt->r.read + WAKE);
    atomic_store(&lt->parser_sleeps, true);
    /* (woken with WAKE tokens or the end, but any token will do after a spurious wake-up) */
    while ((lt->r.seen = atomic_load(&lt->head)) == lt->r.read)
        pthread_cond_wait(&lt->more, &lt->lock);
    atomic_store(&lt->parser_sleeps, false);
    pthread_mutex_unlock(&lt->lock);
}

/* The next token, whatever it is (fast_lex reads the plain ones itself). */
int mo_lexthread_next(mo_token_ring *r, union mo_semval *lval, mo_loc *lloc)
{
    mo_lexthread *lt = (mo_lexthread *)r;
    if (lt->ended) {   /* (as the lexer does: the end and an error repeat) */
        *lloc = lt->last_loc;
        return lt->last;
    }
    if (r->read == r->seen) {
        r->seen = atomic_load_explicit(&lt->head, memory_order_acquire);
        if (r->read == r->seen)
            wait_more(lt);
    }
    const mo_token *t = &lt->ring[r->read % RING];
    int kind = mo_lex_value(t, lval, lloc, r->file);   /* (reads the slot before it is handed back) */
    if (kind == T_YYEOF || kind == T_MO_YYerror) {
        lt->ended = true;
        lt->last = kind;
        lt->last_loc = *lloc;
    }
    if (++r->read % BATCH == 0)
        publish_tail(lt);
    return kind;
}

mo_token_ring *mo_lexthread_start(const mo_file *file)
{
    size_t size = (sizeof(mo_lexthread) + 63) / 64 * 64;
    mo_lexthread *lt = aligned_alloc(64, size);
    if (!lt)
        return NULL;
    atomic_init(&lt->head, 0);
    atomic_init(&lt->room_at, 0);
    atomic_init(&lt->lexer_sleeps, false);
    atomic_init(&lt->tail, 0);
    atomic_init(&lt->parser_sleeps, false);
    atomic_init(&lt->more_at, 0);
    atomic_init(&lt->stop, false);
    lt->r.tokens = lt->ring;
    lt->r.read = lt->r.seen = 0;
    lt->r.file = file;
    lt->ended = false;
    mo_lexer_init(&lt->lx, file);
    lt->lx.producer = true;
    pthread_attr_t attr;
    bool made = false;
    if (pthread_mutex_init(&lt->lock, NULL) == 0) {
        if (pthread_cond_init(&lt->more, NULL) == 0) {
            if (pthread_cond_init(&lt->room, NULL) == 0) {
                if (pthread_attr_init(&attr) == 0) {
                    /* the scanner is not recursive; room for the sanitizers' frames in DEBUG builds */
                    pthread_attr_setstacksize(&attr, (size_t)1 << 20);
                    made = pthread_create(&lt->thread, &attr, lexer_main, lt) == 0;
                    pthread_attr_destroy(&attr);
                }
                if (!made)
                    pthread_cond_destroy(&lt->room);
            }
            if (!made)
                pthread_cond_destroy(&lt->more);
        }
        if (!made)
            pthread_mutex_destroy(&lt->lock);
    }
    if (!made) {
        free(lt);
        return NULL;
    }
    return &lt->r;
}

void mo_lexthread_stop(mo_token_ring *r)
{
    mo_lexthread *lt = (mo_lexthread *)r;
    atomic_store(&lt->stop, true);
    pthread_mutex_lock(&lt->lock);
    pthread_cond_signal(&lt->room);
    pthread_mutex_unlock(&lt->lock);
    pthread_join(lt->thread, NULL);
    mo_intern_owner(false);
    pthread_cond_destroy(&lt->room);
    pthread_cond_destroy(&lt->more);
    pthread_mutex_destroy(&lt->lock);
    free(lt);
}
