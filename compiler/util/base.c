/*
 * base.c - arena memory, interned strings, hash maps, string builders and source files (diagnostics:
 * diag.c). See base.h for the contracts. Nothing here knows about Modelica.
 */
#define _GNU_SOURCE   /* mremap */
#include "base.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

_Noreturn void mo_unreachable_at(const char *file, int line, const char *what)
{
    fflush(stdout);
    fprintf(stderr, "mo2c: internal error at %s:%d: %s\n", file, line, what);
    abort();
}

/* ---- arena ----
 * Memory comes from the kernel in big anonymous mappings (chunks), which it hands out as zeroed pages
 * on first touch: nothing is cleared or copied here, and untouched parts of a chunk cost no memory.
 * Small requests are carved from the current chunk. Requests of BIG_MIN bytes or more get a mapping of
 * their own (a big block), recorded in a small table, so that growing one (MO_VEC's doubling, the hash
 * tables) is an mremap that neither copies nor leaves the old block behind: the large vectors of a big
 * model (flat variables, equations, name tables) then cost what they hold, not twice as much. */
typedef struct chunk { struct chunk *next; size_t used, size; } chunk;
enum { CHUNK_HEADER = 64 };                 /* chunk header rounded up */
/* Bytes left unused at the end of a chunk, so that reading a whole struct from a block allocated short
 * (ast.h: MO_EX_VAR nodes of flattening) never runs off the mapping. */
enum { CHUNK_SLACK = 256 };
#define CHUNK_SIZE ((size_t)64 << 20)
#define BIG_MIN ((size_t)256 << 10)
static chunk *arena_head;
static size_t arena_total;
static char *last_block;                    /* the latest small block, which can grow in place */
static size_t last_size;

typedef struct big { void *p; size_t size; } big; /* a big block and its mapped size */
static big *bigs;                           /* open addressing on the address (malloc'd bookkeeping) */
static size_t bigs_cap, bigs_count;

static _Noreturn void out_of_memory(void)
{
    fprintf(stderr, "mo2c: error: out of memory\n");
    exit(1);
}

void *mo_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

static size_t page_round(size_t n) { return (n + 4095) & ~(size_t)4095; }

static void *map_pages(size_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        out_of_memory();
#ifdef MADV_HUGEPAGE
    /* 2 MB pages where the kernel offers them on request: one fault per 2 MB instead of per 4 KB */
    if (size >= ((size_t)4 << 20))
        madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
}

static size_t big_slot(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p >> 12;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x >> 20) & (bigs_cap - 1);
}

static big *big_find(const void *p)
{
    if (!bigs_cap)
        return NULL;
    for (size_t j = big_slot(p);; j = (j + 1) & (bigs_cap - 1)) {
        if (bigs[j].p == p)
            return &bigs[j];
        if (!bigs[j].p)
            return NULL;
    }
}

static void big_insert(void *p, size_t size)
{
    if ((bigs_count + 1) * 2 > bigs_cap) {
        big *old = bigs;
        size_t oc = bigs_cap;
        bigs_cap = oc ? 2 * oc : 64;
        bigs = calloc(bigs_cap, sizeof *bigs);
        if (!bigs)
            out_of_memory();
        for (size_t i = 0; i < oc; i++)
            if (old[i].p) {
                size_t j = big_slot(old[i].p);
                while (bigs[j].p)
                    j = (j + 1) & (bigs_cap - 1);
                bigs[j] = old[i];
            }
        free(old);
    }
    size_t j = big_slot(p);
    while (bigs[j].p)
        j = (j + 1) & (bigs_cap - 1);
    bigs[j].p = p;
    bigs[j].size = size;
    bigs_count++;
}

/* Remove entry b, re-placing the entries of its cluster (linear probing). */
static void big_remove(big *b)
{
    size_t j = (size_t)(b - bigs);
    bigs[j].p = NULL;
    bigs_count--;
    for (j = (j + 1) & (bigs_cap - 1); bigs[j].p; j = (j + 1) & (bigs_cap - 1)) {
        big e = bigs[j];
        bigs[j].p = NULL;
        size_t k = big_slot(e.p);
        while (bigs[k].p)
            k = (k + 1) & (bigs_cap - 1);
        bigs[k] = e;
    }
}

static void *big_alloc(size_t size)
{
    size_t sz = page_round(size);
    void *p = map_pages(sz);
    big_insert(p, sz);
    return p;
}

/* Give a big block back to the kernel (base.c's own tables, when they have been replaced). */
static void big_release(void *p)
{
    big *b = p ? big_find(p) : NULL;
    if (!b)
        return;
    munmap(b->p, b->size);
    big_remove(b);
}

/* ---- prefaulting ----
 * The kernel zeroes a fresh page in the thread that first writes to it, and that costs 0.6-0.8 s per GB
 * on the machines we measure on: a third of the time that loading and flattening a big model take. So
 * once the arena passes its first chunk, a second thread populates each chunk (MADV_POPULATE_WRITE:
 * the pages become present and writable without their bytes being touched, so it can never disturb
 * data) a little ahead of the allocation point, on the core that is idle while the compiler runs. At
 * most PF_AHEAD bytes are populated before they are used. Where the kernel lacks the call, the thread
 * stops and pages are faulted in as before. */
#ifdef MADV_POPULATE_WRITE
enum { PF_AHEAD = 8 << 20, PF_STEP = 2 << 20, PF_PIECE = 2 << 20 };
static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool started, running, quit;  /* started: tried to start the thread; running: it exists */
    char *base, *end;         /* the chunk being populated */
    char *done, *target;      /* populated up to done; asked for up to target */
} pf = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};
static char *pf_mark;         /* the allocating thread asks for more when an allocation passes it */

static void *pf_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&pf.lock);
    while (!pf.quit) {
        if (pf.done >= pf.target) {
            pthread_cond_wait(&pf.wake, &pf.lock);
            continue;
        }
        char *lo = pf.done;
        char *hi = pf.target - lo > PF_PIECE ? lo + PF_PIECE : pf.target;
        pthread_mutex_unlock(&pf.lock);
        /* whole pages (the first one of a chunk holds its header, already touched) */
        char *plo = (char *)(((uintptr_t)lo + 4095) & ~(uintptr_t)4095);
        char *phi = (char *)(((uintptr_t)hi + 4095) & ~(uintptr_t)4095);
        int failed = plo < phi ? madvise(plo, (size_t)(phi - plo), MADV_POPULATE_WRITE) : 0;
        pthread_mutex_lock(&pf.lock);
        if (failed && errno == EINVAL)
            break;            /* a kernel without MADV_POPULATE_WRITE */
        if (pf.base <= lo && lo < pf.end && pf.done == lo)
            pf.done = hi;     /* (unless a new chunk came meanwhile) */
    }
    pthread_mutex_unlock(&pf.lock);
    return NULL;
}

/* A process forked while the thread runs (mo2c regress forks workers that go on compiling) has no such
 * thread, and must not inherit pf.lock held nor pf.wake with the thread as a waiter (signalling it would
 * wait for that waiter forever): fork takes the lock first, and the child starts afresh with a new lock
 * and condition (and a thread of its own once it needs one). */
static void pf_fork_prepare(void) { pthread_mutex_lock(&pf.lock); }
static void pf_fork_parent(void) { pthread_mutex_unlock(&pf.lock); }
static void pf_fork_child(void)
{
    pf.started = pf.running = pf.quit = false;
    pf.base = pf.end = pf.done = pf.target = NULL;
    pthread_mutex_init(&pf.lock, NULL);
    pthread_cond_init(&pf.wake, NULL);
}

/* Ask for the bytes of the current chunk from p to PF_AHEAD beyond it. fresh: p is the start of a new
 * chunk. */
static void pf_ask(char *p, bool fresh)
{
    char *end = (char *)arena_head + arena_head->size;
    char *target = end - p > PF_AHEAD ? p + PF_AHEAD : end;
    pf_mark = target - p > PF_STEP ? p + PF_STEP : end;
    pthread_mutex_lock(&pf.lock);
    if (fresh) {
        pf.base = pf.done = p;
        pf.end = end;
    }
    if (pf.done < p)
        pf.done = p;          /* the allocations caught up: what lies behind needs nothing */
    pf.target = target;
    if (!pf.started) {
        /* started with the second chunk: small runs (most models, every test) never make the thread */
        static bool fork_handlers;
        pthread_attr_t attr;
        pf.started = true;
        if (!fork_handlers)
            fork_handlers = pthread_atfork(pf_fork_prepare, pf_fork_parent, pf_fork_child) == 0;
        if (!fork_handlers)
            pf_mark = (char *)UINTPTR_MAX;   /* no thread then: a fork could not be made safe */
        else if (pthread_attr_init(&attr) == 0) {
            pthread_attr_setstacksize(&attr, (size_t)64 << 10);
            pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
            pf.running = pthread_create(&pf.thread, &attr, pf_main, NULL) == 0;
            if (!pf.running)
                pf_mark = (char *)UINTPTR_MAX;
            pthread_attr_destroy(&attr);
        }
    }
    pthread_cond_signal(&pf.wake);
    pthread_mutex_unlock(&pf.lock);
}

static void pf_stop(void)
{
    if (pf.running) {
        pthread_mutex_lock(&pf.lock);
        pf.quit = true;
        pthread_cond_signal(&pf.wake);
        pthread_mutex_unlock(&pf.lock);
        pthread_join(pf.thread, NULL);
    }
    pf.started = pf.running = pf.quit = false;
    pf.base = pf.end = pf.done = pf.target = NULL;
}
#else
static char *pf_mark = (char *)UINTPTR_MAX;
static void pf_ask(char *p, bool fresh) { (void)p; (void)fresh; }
static void pf_stop(void) {}
#endif

/* Blocks are 8-aligned: no type of mo2c needs more (no long double, no vector types), and 16 would
 * round an 88-byte expression node up to 96. */
void *mo_alloc(size_t size)
{
    size = (size + 7) & ~(size_t)7;
    arena_total += size;
    if (size >= BIG_MIN)
        return big_alloc(size);
    if (!arena_head || arena_head->used + size + CHUNK_SLACK > arena_head->size) {
        bool first = !arena_head;
        chunk *c = map_pages(CHUNK_SIZE);
        c->size = CHUNK_SIZE;
        c->used = CHUNK_HEADER;
        c->next = arena_head;
        arena_head = c;
        if (first)
            pf_mark = (char *)c + CHUNK_SIZE;   /* no prefaulting in the first chunk */
        else
            pf_ask((char *)c + CHUNK_HEADER, true);
    }
    char *p = (char *)arena_head + arena_head->used;
    arena_head->used += size;
    last_block = p;
    last_size = size;
    if (p >= pf_mark)
        pf_ask(p, false);
    return p;
}

/* The new block holds old's first oldsize bytes and zeros after them, as if it came from mo_alloc. */
void *mo_realloc_arena(void *old, size_t oldsize, size_t newsize)
{
    if (!old)
        return mo_alloc(newsize);
    if (newsize <= oldsize)
        return old;
    size_t nr = (newsize + 7) & ~(size_t)7;
    big *b = newsize >= BIG_MIN ? big_find(old) : NULL;
    if (b) {   /* a big block grows where the kernel can put it, without copying */
        size_t sz = page_round(nr);
        memset((char *)old + oldsize, 0, b->size - oldsize);
        if (sz > b->size) {
            void *p = mremap(b->p, b->size, sz, MREMAP_MAYMOVE);
            if (p == MAP_FAILED)
                out_of_memory();
            arena_total += sz - b->size;
            big_remove(b);
            big_insert(p, sz);
            return p;
        }
        return old;
    }
    /* the latest block grows in place */
    if ((char *)old == last_block && nr < BIG_MIN &&
        last_block + nr + CHUNK_SLACK <= (char *)arena_head + arena_head->size) {
        memset((char *)old + oldsize, 0, last_size - oldsize);
        arena_head->used += nr - last_size;
        arena_total += nr - last_size;
        last_size = nr;
        return old;
    }
    void *p = mo_alloc(newsize);
    memcpy(p, old, oldsize);
    return p;
}

size_t mo_arena_bytes(void) { return arena_total; }

static void intern_free_all(void);   /* (interned strings have memory of their own) */

void mo_arena_free_all(void)
{
    pf_stop();
    intern_free_all();
    while (arena_head) {
        chunk *n = arena_head->next;
        munmap(arena_head, arena_head->size);
        arena_head = n;
    }
    for (size_t i = 0; i < bigs_cap; i++)
        if (bigs[i].p)
            munmap(bigs[i].p, bigs[i].size);
    free(bigs);
    bigs = NULL;
    bigs_cap = bigs_count = 0;
    last_block = NULL;
    arena_total = 0;
}

char *mo_strndup(const char *s, size_t n)
{
    char *p = mo_alloc(n + 1);
    memcpy(p, s, n);
    return p;
}

char *mo_strdup(const char *s) { return mo_strndup(s, strlen(s)); }

/* Text is packed byte by byte into chunks of its own: the names of millions of flat variables, kept
 * together in the order they are made, take less room and read faster than 8-byte aligned blocks spread
 * among other allocations. */
char *mo_alloc_text(size_t n)
{
    static char *next;
    static size_t left;
    if (n > left) {
        left = n > (1u << 20) ? n : 1u << 20;
        next = mo_alloc(left);
    }
    char *p = next;
    next += n;
    left -= n;
    return p;
}

char *mo_sprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = mo_alloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

/* ---- interned strings: open addressing over slots that hold the strings' first bytes ----
 * The lexer interns every identifier it reads, most of them names met before. A slot keeps the
 * string's length, hash and a 16-byte key of its bytes beside the pointer, so that a probe touches
 * one 32-byte slot (slots are aligned, two to a cache line): a string of at most 16 bytes (nearly every
 * identifier) is told apart by the slot alone, without reading the stored copy, which would be a
 * second cache miss; a longer one compares the stored bytes only on a hash match. The table fills to
 * 3/4 before doubling, and growing never re-reads the strings. */
typedef struct intern_slot { const char *s; uint32_t hash, len; uint64_t w[2]; } intern_slot;
static intern_slot *intern_slots;
static size_t intern_cap, intern_count;

/* Interning has memory of its own, mapped here rather than taken from the arena: while a big file is
 * parsed, the lexer thread (lexthread.c) interns while the parser allocates from the arena, and neither
 * mo_alloc nor the arena's table of big blocks may be shared. The strings are packed into blocks; the
 * table is a mapping of its own. All of it goes in mo_arena_free_all. */
typedef struct intern_block { struct intern_block *next; size_t size; } intern_block;
enum { INTERN_BLOCK = 2 << 20 };
static intern_block *intern_blocks;
static char *intern_next;
static size_t intern_left;

/* One thread at a time may intern (mo_intern_owner). Checked in DEBUG builds only, by a flag each
 * thread has of its own, so that checking needs no lock. */
#ifdef MO_DEBUG
#include <stdatomic.h>
static _Atomic bool intern_claimed;
static _Thread_local bool intern_mine;
#endif

void mo_intern_owner(bool mine)
{
#ifdef MO_DEBUG
    intern_mine = mine;
    atomic_store(&intern_claimed, mine);
#else
    (void)mine;
#endif
}

/* Intern's own memory comes straight from map_pages (safe in any thread: it touches no shared table),
 * which also asks for 2 MB pages for a big table: its probes land anywhere in it, and with 4 KB pages
 * nearly every one would miss the TLB as well as the cache (a walk mo_intern_n's prefetches wait for). */
static void *intern_map(size_t size) { return map_pages(size); }

/* n bytes and a NUL, packed (strings need no alignment) */
static char *intern_text(const char *s, size_t n)
{
    if (n + 1 > intern_left) {
        size_t size = page_round(sizeof(intern_block) + n + 1);
        if (size < INTERN_BLOCK)
            size = INTERN_BLOCK;
        intern_block *b = intern_map(size);
        b->next = intern_blocks;
        b->size = size;
        intern_blocks = b;
        intern_next = (char *)(b + 1);
        intern_left = size - sizeof *b;
    }
    char *p = intern_next;
    memcpy(p, s, n);
    p[n] = '\0';
    intern_next += n + 1;
    intern_left -= n + 1;
    return p;
}

static void intern_free_all(void)
{
    while (intern_blocks) {
        intern_block *n = intern_blocks->next;
        munmap(intern_blocks, intern_blocks->size);
        intern_blocks = n;
    }
    if (intern_slots)
        munmap(intern_slots, page_round(intern_cap * sizeof(intern_slot)));
    intern_slots = NULL;
    intern_cap = intern_count = intern_left = 0;
    intern_next = NULL;
}

static uint64_t load64(const char *p) { uint64_t w; memcpy(&w, p, 8); return w; }
static uint64_t load32(const char *p) { uint32_t w; memcpy(&w, p, 4); return w; }

/* The key of s: with its length, it determines a string of at most 16 bytes (the loads overlap in the
 * middle rather than read past the end); of a longer one, the first 16 bytes. */
static void intern_key(const char *s, size_t n, uint64_t w[2])
{
    if (n > 16) {
        w[0] = load64(s);
        w[1] = load64(s + 8);
    } else if (n >= 8) {
        w[0] = load64(s);
        w[1] = load64(s + n - 8);
    } else if (n >= 4) {
        w[0] = load32(s) | load32(s + n - 4) << 32;
        w[1] = 0;
    } else {
        w[0] = n ? (uint64_t)(unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8 |
                   (uint64_t)(unsigned char)s[n - 1] << 16 : 0;
        w[1] = 0;
    }
}

static uint64_t mix64(uint64_t h)
{
    /* MurmurHash3's fmix64, so that the low bits used for the slot depend on all */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

/* The hash of s: of its key when that is all of it, else of every byte, 8 at a time. */
static uint32_t intern_hash(const char *s, size_t n, const uint64_t w[2])
{
    const uint64_t k = 0x9e3779b97f4a7c15ull;
    uint64_t h = (uint64_t)n * k;
    if (n <= 16)
        return (uint32_t)mix64((h ^ w[0]) * k ^ w[1]);
    for (; n >= 8; s += 8, n -= 8) {
        h = (h ^ load64(s)) * k;
        h ^= h >> 29;
    }
    if (n)
        h = (h ^ load64(s + n - 8)) * k;   /* the last 8 bytes, overlapping (the string has more than 16) */
    return (uint32_t)mix64(h);
}

static void intern_grow(void)
{
    size_t nc = intern_cap ? intern_cap * 2 : 4096;
    /* page-aligned, so no slot straddles two cache lines */
    intern_slot *ns = intern_map(page_round(nc * sizeof(intern_slot)));
    for (size_t i = 0; i < intern_cap; i++) {
        if (!intern_slots[i].s)
            continue;
        size_t j = intern_slots[i].hash & (nc - 1);
        while (ns[j].s)
            j = (j + 1) & (nc - 1);
        ns[j] = intern_slots[i];
    }
    if (intern_slots)
        munmap(intern_slots, page_round(intern_cap * sizeof(intern_slot)));
    intern_slots = ns;
    intern_cap = nc;
}

static void intern_check_owner(void)
{
#ifdef MO_DEBUG
    if (atomic_load(&intern_claimed) && !intern_mine)
        mo_unreachable("mo_intern called by a thread that does not own interning (mo_intern_owner)");
#endif
}

/* s (len bytes, key w, hash h) in the table, added when new; the table has room for it. */
static const char *intern_find(const char *s, size_t len, const uint64_t w[2], uint32_t h)
{
    size_t j = h & (intern_cap - 1);
    for (intern_slot *e; (e = &intern_slots[j])->s; j = (j + 1) & (intern_cap - 1))
        if (e->hash == h && e->len == len && e->w[0] == w[0] && e->w[1] == w[1] &&
            (len <= 16 || memcmp(e->s + 16, s + 16, len - 16) == 0))
            return e->s;
    intern_slot *e = &intern_slots[j];
    e->s = intern_text(s, len);
    e->hash = h;
    e->len = (uint32_t)len;
    e->w[0] = w[0];
    e->w[1] = w[1];
    intern_count++;
    return e->s;
}

const char *mo_intern(const char *s, size_t len)
{
    intern_check_owner();
    if (intern_count * 4 >= intern_cap * 3)
        intern_grow();
    if (len > UINT32_MAX)
        mo_unreachable("interned string longer than 4 GB");
    uint64_t w[2];
    intern_key(s, len, w);
    return intern_find(s, len, w, intern_hash(s, len, w));
}

/* The slots of a part of the strings are all fetched before any is looked up, so that the cache misses
 * of a big table (one per name met for the first time or long ago) overlap instead of following each
 * other. */
void mo_intern_n(int n, const char *const *s, const uint32_t *len, const char **out)
{
    enum { PART = 64 };
    intern_check_owner();
    for (int at = 0; at < n; at += PART) {
        int m = n - at < PART ? n - at : PART;
        while ((intern_count + (size_t)m) * 4 >= intern_cap * 3)
            intern_grow();   /* (room for all m first: the fetched slots stay where they are) */
        uint64_t w[PART][2];
        uint32_t h[PART];
        for (int i = 0; i < m; i++) {
            intern_key(s[at + i], len[at + i], w[i]);
            h[i] = intern_hash(s[at + i], len[at + i], w[i]);
            __builtin_prefetch(&intern_slots[h[i] & (intern_cap - 1)]);
        }
        for (int i = 0; i < m; i++)
            out[at + i] = intern_find(s[at + i], len[at + i], w[i], h[i]);
    }
}

const char *mo_intern_cstr(const char *s) { return mo_intern(s, strlen(s)); }

/* ---- pointer-keyed map ----
 * Linear probing over slots that hold the key and its position in the order vectors together: a lookup
 * touches one slot's cache line (four slots), then the value. The table fills to 3/4 before doubling:
 * as fast as 1/2 on the chain benchmark, and the top-level scope of 10^5 units takes 8 MB, not 16. */
size_t mo_hash_ptr(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x;
}

static const mo_map_slot *map_find(const mo_map *m, const char *key)
{
    if (!m->cap)
        return NULL;
    size_t mask = (size_t)m->cap - 1;
    for (size_t j = mo_hash_ptr(key) & mask;; j = (j + 1) & mask) {
        const mo_map_slot *s = &m->slots[j];
        if (s->key == key)
            return s;
        if (!s->key)
            return NULL;
    }
}

/* Re-place every entry into a table of nc slots, reading the old table in order (no second lookup
 * through order_keys). */
static void map_rehash(mo_map *m, int nc)
{
    mo_map_slot *ns = mo_alloc((size_t)nc * sizeof *ns);
    size_t mask = (size_t)nc - 1;
    for (int i = 0; i < m->cap; i++) {
        if (!m->slots[i].key)
            continue;
        size_t j = mo_hash_ptr(m->slots[i].key) & mask;
        while (ns[j].key)
            j = (j + 1) & mask;
        ns[j] = m->slots[i];
    }
    big_release(m->slots);
    m->slots = ns;
    m->cap = nc;
}

void *mo_map_get(const mo_map *m, const char *key)
{
    if (m->positions_of) {
        const mo_map_slot *s = map_find(m->positions_of, key);
        return s && s->pos < m->positions_n ? (void *)(intptr_t)(s->pos + 1) : NULL;
    }
    const mo_map_slot *s = map_find(m, key);
    return s ? m->order_vals.v[s->pos] : NULL;
}

bool mo_map_has(const mo_map *m, const char *key)
{
    return m->positions_of ? mo_map_get(m, key) != NULL : map_find(m, key) != NULL;
}

int mo_map_count(const mo_map *m) { return m->positions_of ? m->positions_n : m->order_keys.n; }

void mo_map_reserve(mo_map *m, int n)
{
    if (m->positions_of)
        mo_unreachable("reserving room in a position view");
    if ((long)n * 4 > (long)m->cap * 3) {
        int nc = 16;
        while ((long)nc * 3 < (long)n * 4)
            nc *= 2;
        map_rehash(m, nc);
    }
    if (n > m->order_keys.cap) {
        m->order_keys.v = mo_realloc_arena(m->order_keys.v, sizeof(const char *) * (size_t)m->order_keys.cap,
                                           sizeof(const char *) * (size_t)n);
        m->order_keys.cap = n;
    }
    if (n > m->order_vals.cap) {
        m->order_vals.v = mo_realloc_arena(m->order_vals.v, sizeof(void *) * (size_t)m->order_vals.cap,
                                           sizeof(void *) * (size_t)n);
        m->order_vals.cap = n;
    }
}

/* The slot key is in, or the empty slot where it goes (after growing the table for one more). */
static mo_map_slot *map_slot_for(mo_map *m, const char *key)
{
    if (m->positions_of)
        mo_unreachable("putting into a position view");
    if ((long)(m->order_keys.n + 1) * 4 > (long)m->cap * 3)
        map_rehash(m, m->cap ? m->cap * 2 : 16);
    size_t mask = (size_t)m->cap - 1;
    size_t j = mo_hash_ptr(key) & mask;
    while (m->slots[j].key && m->slots[j].key != key)
        j = (j + 1) & mask;
    return &m->slots[j];
}

static void map_append(mo_map *m, mo_map_slot *s, const char *key, void *val)
{
    s->key = key;
    s->pos = m->order_keys.n;
    MO_PUSH(m->order_keys, key);
    MO_PUSH(m->order_vals, val);
}

void mo_map_put(mo_map *m, const char *key, void *val)
{
    mo_map_slot *s = map_slot_for(m, key);
    if (s->key)
        m->order_vals.v[s->pos] = val;
    else
        map_append(m, s, key, val);
}

void *mo_map_put_new(mo_map *m, const char *key, void *val)
{
    mo_map_slot *s = map_slot_for(m, key);
    if (s->key)
        return m->order_vals.v[s->pos];
    map_append(m, s, key, val);
    return NULL;
}

void mo_map_view_positions(mo_map *view, const mo_map *of, int n)
{
    if (of->positions_of || n < 0 || n > of->order_keys.n)
        mo_unreachable("bad position view");
    mo_map none = {0};
    *view = none;
    view->positions_of = of;
    view->positions_n = n;
}

/* ---- string builder ---- */
static void buf_reserve(mo_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t nc = b->cap ? b->cap * 2 : 64;
    while (nc < b->len + extra + 1)
        nc *= 2;
    b->s = mo_realloc_arena(b->s, b->len + (b->s ? 1 : 0), nc);
    b->cap = nc;
}

void mo_buf_putn(mo_buf *b, const char *s, size_t n)
{
    if (n == 0)
        return; /* s may be NULL then (an empty buffer's contents) */
    buf_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void mo_buf_puts(mo_buf *b, const char *s) { mo_buf_putn(b, s, strlen(s)); }

void mo_buf_xml(mo_buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': mo_buf_puts(b, "&amp;"); break;
        case '<': mo_buf_puts(b, "&lt;"); break;
        case '>': mo_buf_puts(b, "&gt;"); break;
        case '"': mo_buf_puts(b, "&quot;"); break;
        case '\'': mo_buf_puts(b, "&apos;"); break;
        case '\n': mo_buf_puts(b, "&#10;"); break;
        case '\t': mo_buf_puts(b, "&#9;"); break;
        case '\r': mo_buf_puts(b, "&#13;"); break;
        default: mo_buf_putn(b, (unsigned char)*s < 0x20 ? "?" : s, 1);
        }
    }
}

void mo_buf_json(mo_buf *b, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            mo_buf_printf(b, "\\%c", c);
        else if (c == '\n')
            mo_buf_puts(b, "\\n");
        else if (c == '\t')
            mo_buf_puts(b, "\\t");
        else if (c == '\r')
            mo_buf_puts(b, "\\r");
        else if (c < 0x20 || c == 0x7f)
            mo_buf_printf(b, "\\u%04x", c);
        else
            mo_buf_putn(b, s, 1);
    }
}

void mo_buf_printf(mo_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *mo_buf_str(mo_buf *b) { return b->s ? b->s : ""; }

/* ---- files ---- */
mo_file *mo_file_read(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* A regular file is mapped: no copy, and no zeroed pages of ours. The bytes after its end up to the
     * page boundary read as zeros, which gives the NUL the lexer needs, unless the size is a multiple of
     * the page size; such a file, and anything else (a pipe), is read into the arena. */
    struct stat st;
    mo_buf b = {0};
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        errno = EISDIR;   /* fopen opens a directory; reading it would say "Is a directory" only by luck */
        return NULL;
    }
    bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
    long page = sysconf(_SC_PAGESIZE);
    if (regular && page > 0 && st.st_size % page != 0) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fileno(f), 0);
        if (p != MAP_FAILED) {
            fclose(f);
            mo_file *file = MO_NEW(mo_file);
            file->path = mo_strdup(path);
            file->text = p;
            file->len = (size_t)st.st_size;
            file->mapped = true;
            return file;
        }
    }
    if (regular) {
        b.cap = (size_t)st.st_size + 1;
        b.s = mo_alloc(b.cap);
    }
    char tmp[65536];
    size_t n;
    while (b.cap && b.len + 1 < b.cap && (n = fread(b.s + b.len, 1, b.cap - 1 - b.len, f)) > 0)
        b.len += n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        mo_buf_putn(&b, tmp, n);
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (err) {
        errno = err;
        return NULL;
    }
    if (b.s)
        b.s[b.len] = '\0';
    mo_file *file = MO_NEW(mo_file);
    file->path = mo_strdup(path);
    file->text = b.s ? b.s : mo_strdup("");
    file->len = b.len;
    return file;
}

/* A big model's source stays mapped while its AST and flat model grow: 40 MB of a 10^5-unit chain that
 * would count in the peak memory for nothing. */
void mo_file_parsed(const mo_file *f)
{
    if (f->mapped && f->len > BIG_MIN)
        madvise((void *)f->text, f->len, MADV_DONTNEED);
}

mo_file *mo_file_from_string(const char *name, const char *text)
{
    mo_file *file = MO_NEW(mo_file);
    file->path = mo_strdup(name);
    file->text = mo_strdup(text);
    file->len = strlen(text);
    return file;
}
