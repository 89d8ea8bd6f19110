/*
 * flatprint.h - internal to the printer of `mo2c --flat` (flatprint.c, flatprint_threads.c): the state of
 * one printing thread (printer), the section the threads share, and the caches of formatted text.
 *
 * flatprint.c formats lines (variables, equations, clones' runs, connection equations) into a printer's
 * buffer; flatprint_threads.c cuts the lists into blocks, runs the two threads and writes the buffers
 * out in order (mo_flat_print). See flatprint.c's opening comment for the whole design.
 */
#ifndef MO2C_FLATPRINT_H
#define MO2C_FLATPRINT_H

#include "flat.h"
#include "bufput.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A block's text is written out once it and the blocks before it are done, or earlier once it holds
 * FLUSH_AT bytes (long lines). Blocks are big enough to make the hand-over between threads rare. The
 * texts of up to SLOTS blocks wait to be written out: a thread waits only when it is that far ahead of
 * the output (the other thread is slow on a block, or was descheduled), never at every block. */
enum { FLUSH_AT = 1 << 20, BLOCK_LINES = 4096, THREADS = 2, SLOTS = 6 };
/* How many items ahead print_blocks asks for the memory an item reads besides its record. */
enum { PREFETCH = 8 };

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
    unsigned short head;      /* another, before cut (the variable's name goes there) */
    char text[CACHE_TEXT];
} cache_slot;

/* ---- a cache of the text of clones' runs ----
 * A clone's run (flat.h) prints its template's equations with the clone's variables and instance path.
 * A clone's variables are named like the template's with the clone's path in place of the template's
 * (flatten_clone.c), and the trees are the template's: so the run's text is the template's text with
 * the clone's path written wherever the template's path starts a variable name or an instance path.
 * The template's text is made once with those places left out (the marks); the text of the last run
 * printed from it is kept, and the next run whose path has the same length (spring10 ... spring99) is
 * that text with its path written over the last one's at the marks: a few short stores and one copy.
 * A template whose text has a name or an instance outside its path, or a connection equation, keeps the
 * slow way.
 * Direct-mapped like the cache above (the text is kept when a template comes to its slot a second time
 * in a row); the texts share one pool of RUN_POOL bytes per thread, emptied when it is full, so memory
 * is fixed whatever the model. */
enum { RUN_SLOTS = 64, RUN_POOL = 1 << 19, RUN_TEXT_MAX = RUN_POOL / 4 };

typedef struct run_slot {
    const mo_feq *key;        /* the template's first equation (with n and pathlen: the template) */
    int n, pathlen;
    const mo_feq *seen;       /* the last other template that came here */
    int seen_n, seen_pathlen;
    bool full;                /* key's text is stored (or, when !ok, known to need the slow way) */
    bool ok;
    const char *text;         /* the template's text without its path at the marks */
    size_t len;
    const int *marks;         /* nmarks offsets in text, ascending: where a path goes */
    int nmarks;
    char *last;               /* the text of the last run printed, with a path of last_n bytes (0: none) */
    size_t last_n;
} run_slot;

typedef struct run_cache {
    run_slot *slots;          /* RUN_SLOTS */
    char *pool;               /* RUN_POOL bytes, allocated when first needed */
    size_t used;
} run_cache;

/* ---- a cache of the rests of clones' variable names ----
 * A clone's variable is named by the clone's path and the rest of its template's variable's name
 * (flat.h: mo_clone_names), itself a clone's when the template holds clones: so the rest is made once
 * per template variable and kept here, direct-mapped by (template variable, the template's path
 * length). Fixed size: REST_SLOTS * 64 bytes per thread. */
enum { REST_SLOTS = 512, REST_TEXT = 54, NEAR_CLONES = 4 };

typedef struct rest_slot {
    int var, cut;             /* the template's variable, the bytes of its name left out */
    bool full;
    unsigned char len;
    char text[REST_TEXT];
} rest_slot;

/* The text of a block that waits to be written out (or the buffer a thread formats a block into). */
typedef struct out_slot {
    mo_buf b;                 /* reused from block to block: no fresh memory to fault in */
    bool done;                /* the block is formatted and waits to be written out */
} out_slot;

/* ---- a cache of the lines of clones' variables ----
 * A clone's variable's line is its template's variable's with the clone's path in the name, but the
 * binding, when its attribute record, stateSelect, prefixes and type are the template's variable's (the
 * variables of one declaration share a record, flat.h): so the line is kept per template variable
 * (without the path and the binding), direct-mapped by (template variable, the template's path
 * length). Fixed size: VLINE_SLOTS * 256 bytes per thread. */
enum { VLINE_SLOTS = 256, VLINE_TEXT = 224 };

typedef struct vline_slot {
    const mo_var_attr *attr;  /* the key: attr NULL when empty */
    unsigned bits, flags;     /* stateSelect | variability << 8 | type << 16, and mo_var.flags */
    int var, cut;             /* the template's variable, the length of the template's path */
    unsigned short head, mid, tail;  /* the text's pieces: before the path, from it to the binding, after */
    char text[VLINE_TEXT];
} vline_slot;

/* ---- a cache of the text of clones' variables ----
 * The lines of all the variables of a clone, when each is its template's variable's line (above): the
 * text is kept with the last clone's path, and the next clone of the template whose path has the same
 * length is that text with its path written over the last one's, its bindings put in the holes left.
 * Direct-mapped by (template's first variable, the template's path length); fixed size:
 * VRUN_SLOTS * about 5 kB per thread. */
enum { VRUN_SLOTS = 16, VRUN_VARS = 32, VRUN_TEXT = 4096 };

typedef struct vrun_slot {
    int w0, n, cut, pathlen;  /* the key: the template's first variable, the variables, the template's
                               * path's length, the length of the path in text; n = 0: empty */
    const mo_var_attr *attr[VRUN_VARS];   /* what each variable's line is a function of */
    unsigned bits[VRUN_VARS], flags[VRUN_VARS];
    bool bound[VRUN_VARS];    /* the variable has a binding: text has a hole for it */
    unsigned short path_at[VRUN_VARS];    /* where each variable's path is in text */
    unsigned short hole_at[VRUN_VARS];    /* where a bound variable's binding goes in text */
    unsigned short len;
    char text[VRUN_TEXT];
} vrun_slot;

/* What the threads share while they print one section (variables, or a list of equations). Any thread
 * formats the next block not taken yet, in slot k % SLOTS; whoever finds the next block to write out
 * done writes it (and the done ones after it), unless another thread is writing. */
typedef struct section {
    const mo_flat *flat;
    FILE *out;
    const mo_feq *eqs;        /* the equations to print, or NULL for the variables */
    int n;                    /* variables or equations to print (a packed one prints many lines) */
    pthread_mutex_t lock;     /* guards next, written, writing and the slots' done */
    pthread_cond_t written_more;
    int next;                 /* the first block no thread has taken */
    int written;              /* the blocks before it are written out */
    bool writing;             /* a thread is writing to out */
    int *starts, nblocks;     /* block k prints [starts[k], starts[k + 1]): about BLOCK_LINES lines;
                               * starts is NULL for the variables (block k starts at k * BLOCK_LINES) */
    out_slot slots[SLOTS];
} section;

/* One thread's state: its buffer and caches. Aligned to a cache line, so that the two threads'
 * printers, side by side in an array, share none (the buffer's length changes at every append). */
typedef struct printer {
    _Alignas(64) section *sec;
    mo_buf b;                 /* text not written out yet: the buffer of the slot of the block being printed */
    const char *instance;     /* the last equation's instance path, and its length: equations come in */
    size_t instance_len;      /*   runs from one instance */
    cache_slot *attrs;        /* (attribute record, stateSelect, prefixes, type) -> the line without the name
                               * and binding: "  parameter Real " + head + "(unit = ...)" + cut +
                               * " \"comment\";\n" */
    cache_slot *strs;         /* (quantity, unit, displayUnit) -> "(quantity = ..., unit = ..." (cut: how
                               * many); (comment, 1, 1) -> " \"comment\";\n": for the variables that have
                               * an attribute record of their own (a modifier set start, say) */
    cache_slot *tails;        /* (location, origin, comment) -> " \"comment\"; // path:line:col binding" */
    int block;                /* the block being printed */
    int hold;                 /* > 0: text is being made to be kept or compared, never written out */
    /* the template text being made (run_text): the template's path, the marks where it was left out */
    const char *mark_path;    /* NULL when no template text is being made */
    size_t mark_len;
    size_t mark_base;         /* where the text starts in b */
    bool mark_fail;           /* some text of the template does not start with its path */
    int *marks, nmarks, marks_cap;
    run_cache runs;
    mo_buf path;              /* scratch: the full path of a clone in a run */
    char *name;               /* scratch: a clone's variable name (flat.h: mo_clone_names), name_cap bytes */
    size_t name_cap;
    mo_name_hint name_hint;   /* mo_flat_name_to's hint */
    rest_slot *rests;         /* REST_SLOTS */
    vline_slot *vlines;       /* VLINE_SLOTS */
    vrun_slot *vruns;         /* VRUN_SLOTS */
    const mo_clone_names *near[NEAR_CLONES];  /* the clones found last (or of no variable: mo_fp_no_clone) */
    unsigned near_last;       /* the one found last */
    unsigned near_next;       /* the one to forget next */
} printer;

/* Where an equation is printed from: the list itself, or the run of a clone (flat.h), whose equations
 * are the template's with the clone's path in front of their instance paths instead of the template's.
 * Runs nest as deep as cloned components contain cloned components. */
typedef struct eq_ctx {
    const struct eq_ctx *up;  /* NULL for the list itself */
    const char *path;         /* the clone's path, as written in up */
    int cut;                  /* the length of the template's path */
    int shift;                /* var_shift of the run (and of the runs it is inside) */
} eq_ctx;

/* flatprint_threads.c: wait until the blocks before block k have been written out (writing those that
 * are done), then write out p's text. */
void mo_fp_write_in_turn(printer *p, int k);

/* flatprint.c: the line of variable index, the line(s) of equation q of list (in ctx), a string
 * literal with its quotes and escapes. */
void mo_fp_put_var(printer *p, int index);
/* flatprint.c: the lines of variable index and of the variables after it, before end, that the cache of
 * clones' variables has at once; returns how many (at least 1). */
int mo_fp_put_vars(printer *p, int index, int end);
void mo_fp_put_eq(printer *p, const mo_feq *list, const mo_feq *q, const eq_ctx *ctx);
void mo_fp_put_string(mo_buf *b, const char *s);
/* flatprint.c: a clone of no variable, what printer.near holds at first */
extern const mo_clone_names mo_fp_no_clone;

/* Write out p's text once it holds FLUSH_AT bytes, unless it is held (printer.hold). */
static inline void maybe_flush(printer *p)
{
    if (p->b.len >= FLUSH_AT && !p->hold)
        mo_fp_write_in_turn(p, p->block);
}

#endif
