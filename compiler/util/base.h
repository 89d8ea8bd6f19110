/*
 * base.h - the services every stage of mo2c uses: arena memory, interned strings, a growable array,
 * a string-keyed hash table, source files and locations, and diagnostics.
 *
 * Memory: everything the compiler allocates comes from one arena (mo_alloc), zeroed, and is freed in
 * bulk by mo_arena_free_all() at exit. Nothing is freed one by one.
 *
 * Names: identifiers are interned (mo_intern), so two names are equal exactly when their pointers are.
 *
 * Diagnostics: GNU format "file:line:col: error: message", then the source line and a caret under the
 * location. The first error of a cascade is the one that counts; after MO_MAX_ERRORS errors we stop.
 */
#ifndef MO2C_BASE_H
#define MO2C_BASE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/types.h>

/* ---- internal bugs (never user errors) ---- */
_Noreturn void mo_unreachable_at(const char *file, int line, const char *what);
#define mo_unreachable(what) mo_unreachable_at(__FILE__, __LINE__, (what))
#define MO_ASSERT(c) do { if (!(c)) mo_unreachable("assertion failed: " #c); } while (0)

/* ---- arena memory ---- */
void *mo_alloc(size_t size);                      /* zeroed; aborts with a message when memory runs out */
/* Workspace outside the arena, for a pass that frees it itself: calloc(n, size) (at least one byte),
 * aborting with the same message when memory runs out. */
void *mo_calloc(size_t n, size_t size);
#define MO_NEW(T) ((T *)mo_alloc(sizeof(T)))
#define MO_NEWN(T, n) ((T *)mo_alloc(sizeof(T) * (size_t)(n)))
void *mo_realloc_arena(void *old, size_t oldsize, size_t newsize); /* copy into a bigger block */
char *mo_strndup(const char *s, size_t n);
char *mo_strdup(const char *s);
char *mo_alloc_text(size_t n);                    /* n zeroed bytes, unaligned: for strings */
char *mo_sprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
size_t mo_arena_bytes(void);                      /* bytes handed out so far (for --stats) */
void mo_arena_free_all(void);

/* qsort of n elements, which may be none at a NULL base (an empty MO_VEC): qsort itself requires a valid
 * pointer even for n = 0 (UBSan: "null pointer passed as argument 1"). Use this, never qsort. */
static inline void mo_qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

/* ---- growable array of pointers or values: MO_VEC(T) is a struct { T *v; int n, cap; } ----
 * Push amortises by doubling from the arena (the old block is abandoned, still O(total) memory). */
#define MO_VEC(T) struct { T *v; int n, cap; }
#define MO_PUSH(vec, x) do { \
        if ((vec).n == (vec).cap) { \
            int nc_ = (vec).cap ? 2 * (vec).cap : 8; \
            (vec).v = mo_realloc_arena((vec).v, sizeof(*(vec).v) * (size_t)(vec).cap, \
                                       sizeof(*(vec).v) * (size_t)nc_); \
            (vec).cap = nc_; \
        } \
        (vec).v[(vec).n++] = (x); \
    } while (0)

/* ---- interned strings ---- */
const char *mo_intern(const char *s, size_t len);
const char *mo_intern_cstr(const char *s);
/* out[i] = mo_intern(s[i], len[i]) for i < n, in order, quicker than one by one (the lexer thread) */
void mo_intern_n(int n, const char *const *s, const uint32_t *len, const char **out);
/* Interning belongs to one thread at a time: mine = true makes the calling thread its only user (the
 * parser's lexer thread takes it for the length of a parse, lexthread.c), false gives it back to any
 * thread. The hand-over itself needs a happens-before edge (thread creation, join). DEBUG builds check
 * every mo_intern against it. */
void mo_intern_owner(bool mine);

/* ---- hash table from interned name (pointer identity) to void* ----
 * Open addressing; keys are interned pointers, so lookups hash the pointer. Iteration order is insertion
 * order (entries are also kept in a vector) so nothing downstream depends on hash order.
 * A slot holds the key and its position together, so a probe reads one cache line. */
typedef struct mo_map_slot { const char *key; int pos; } mo_map_slot; /* key NULL = empty */
typedef struct mo_map {
    mo_map_slot *slots;  /* cap slots; pos indexes order_keys/order_vals */
    int cap;             /* number of slots, a power of two */
    MO_VEC(const char *) order_keys; /* keys in insertion order */
    MO_VEC(void *) order_vals;       /* values in insertion order */
    const struct mo_map *positions_of; /* a position view (mo_map_view_positions), else NULL */
    int positions_n;
} mo_map;
void *mo_map_get(const mo_map *m, const char *key);            /* NULL when absent */
bool mo_map_has(const mo_map *m, const char *key);
void mo_map_put(mo_map *m, const char *key, void *val);        /* insert or replace */
/* Insert key -> val unless key is present: NULL after inserting, else the present value (unchanged;
 * so a map used this way holds no NULL values). */
void *mo_map_put_new(mo_map *m, const char *key, void *val);
void mo_map_reserve(mo_map *m, int n);   /* room for n entries in all without growing */
int mo_map_count(const mo_map *m);
/* Make view a read-only map of the first n keys of of (in insertion order), each to
 * (void *)(intptr_t)(its position + 1), sharing of's table: a layout whose items are exactly a scope's
 * first n entries needs no table of its own. Keys added to of later stay invisible; view has no order_*
 * vectors and must not be put into. */
void mo_map_view_positions(mo_map *view, const mo_map *of, int n);
/* The hash of an address (its bits mixed: arena addresses differ in their low bits by a fixed stride). */
size_t mo_hash_ptr(const void *p);

/* ---- memo from address to value, emptied in constant time ----
 * For a walk over one expression DAG (a node reached by several paths done once): each walk takes a new
 * generation (mo_pmemo_begin), and entries of older ones count as absent, so one table serves every
 * expression of a large model without clearing it or leaving a table per expression in the arena. One
 * walk at a time per table: a caller that may run inside another walk over the same table must not
 * begin (a nested begin makes the outer walk's entries absent). */
typedef struct mo_pmemo {
    const void **keys;
    void **vals;
    unsigned *stamp;          /* the generation that wrote each slot (0: never) */
    int cap, n;               /* n: entries of the current generation */
    unsigned gen;
} mo_pmemo;
/* (pmemo.c) */
void mo_pmemo_begin(mo_pmemo *m);
void *mo_pmemo_get(const mo_pmemo *m, const void *key);     /* NULL when absent */
void mo_pmemo_put(mo_pmemo *m, const void *key, void *val); /* val not NULL */

/* ---- string builder (arena-backed) ---- */
typedef struct mo_buf { char *s; size_t len, cap; } mo_buf;
void mo_buf_puts(mo_buf *b, const char *s);
void mo_buf_putn(mo_buf *b, const char *s, size_t n);
void mo_buf_printf(mo_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *mo_buf_str(mo_buf *b); /* NUL-terminated contents (never NULL) */
/* s escaped for XML text and attribute values (& < > " ' as entities, newline, tab and CR as
 * character references, other control characters, which XML 1.0 forbids, as '?'), and for a JSON
 * string (without the quotes: \" \\ \n \t ..., other control characters as \u00XX). */
void mo_buf_xml(mo_buf *b, const char *s);
void mo_buf_json(mo_buf *b, const char *s);

/* ---- source files and locations ---- */
typedef struct mo_file {
    const char *path;    /* as given or found on the library path */
    const char *text;    /* contents, NUL-terminated (a NUL inside the file is an error at load) */
    size_t len;          /* bytes, excluding the terminating NUL */
    bool mapped;         /* text is a read-only mapping of the file (mo_file_read) */
} mo_file;

/* Every AST node, flat variable and equation carries one, so it is packed into 16 bytes: col and len
 * are bit-fields (they read as ints) that saturate at MO_LOC_MAX_COL and MO_LOC_MAX_LEN; build them
 * with mo_loc_make, which clamps. Only lines longer than a million bytes lose their exact column, and
 * the caret under a source line is drawn for lines of at most 300 bytes anyway. */
enum { MO_LOC_MAX_COL = (1 << 20) - 1, MO_LOC_MAX_LEN = (1 << 12) - 1 };
typedef struct mo_loc {
    const mo_file *file; /* NULL for locations made up by the compiler (then printed as "<mo2c>") */
    int line;            /* 1-based */
    unsigned col : 20;   /* 1-based; col counts bytes */
    unsigned len : 12;   /* length of the marked text in bytes, 0 or 1 for a plain caret */
} mo_loc;

static inline mo_loc mo_loc_make(const mo_file *file, int line, long col, long len)
{
    mo_loc l = {file, line, 0, 0};
    l.col = (unsigned)(col < 0 ? 0 : col > MO_LOC_MAX_COL ? MO_LOC_MAX_COL : col);
    l.len = (unsigned)(len < 0 ? 0 : len > MO_LOC_MAX_LEN ? MO_LOC_MAX_LEN : len);
    return l;
}

mo_file *mo_file_read(const char *path);          /* NULL when it cannot be read (errno set) */
mo_file *mo_file_from_string(const char *name, const char *text);
/* The parser is done with f's text: a mapped file's pages leave the process's memory (text stays valid:
 * the kernel maps them again from its page cache when a diagnostic quotes a line). */
void mo_file_parsed(const mo_file *f);

/* ---- what a stop signal must not leave behind (cleanup.c) ----
 * mo_cleanup_install: SIGINT, SIGTERM and SIGHUP remove the registered files and (empty) directories and
 * send SIGTERM to the registered children's process groups, then end mo2c with the signal. Each
 * register call returns an id for mo_cleanup_forget (-1 when it could not register: the path is longer
 * than 511 bytes or the table is full). */
void mo_cleanup_install(void);
int mo_cleanup_file(const char *path);
int mo_cleanup_dir(const char *path);
int mo_cleanup_child(pid_t pid);
void mo_cleanup_forget(int id);

/* ---- diagnostics ---- */
enum { MO_MAX_ERRORS = 20 };
void mo_error(mo_loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mo_warning(mo_loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mo_note(mo_loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mo_error_plain(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* "mo2c: error: ..." */
int mo_error_count(void);
/* Hold diagnostics back (on = true): while held, they are neither printed nor counted. Turning it off
 * returns how many were held back (the parser's first, quick attempt at a file uses this). */
int mo_diag_quiet(bool on);
/* Run-time diagnostics sink: tests may redirect diagnostics to a buffer. Default stderr. */
void mo_diag_set_stream(FILE *f);
/* "did you mean" helper: best candidate within edit distance max(1, len/3), or NULL. */
const char *mo_closest_name(const char *name, const char *const *candidates, int n);

#endif
