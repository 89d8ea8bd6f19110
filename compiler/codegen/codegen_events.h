/*
 * codegen_events.h - what the two files of the event half of code generation share: codegen_events.c
 * (the event relations, their guards and the sample() calls, found before anything is printed, and
 * their printing inside expressions) and codegen_events_emit.c (the generated event functions: zero
 * crossings, time events, the relations' guards, update with the when-clauses, check with the asserts;
 * and the relations of algebraic loops). What relations, guards and when-clauses are: the top of
 * codegen_events.c.
 */
#ifndef MO2C_CODEGEN_EVENTS_H
#define MO2C_CODEGEN_EVENTS_H

#include "codegen.h"

/* The conditions above one place of a relation: c (negated when neg) and those above it (up); depth
 * counts them (guard_note compares it with MAX_GUARD_DEPTH without walking the chain, which the i-th
 * branch of an elseif chain makes i long). */
typedef struct mo_cg_guard {
    const mo_expr *c;
    bool neg;
    int depth;
    const struct mo_cg_guard *up;
} mo_cg_guard;
/* a guarded place, chained per relation */
typedef struct mo_cg_guard_use { const mo_cg_guard *g; int next; } mo_cg_guard_use;
enum { MO_CG_MAX_GUARDS = 8, MO_CG_MAX_GUARD_DEPTH = 8 };

struct mo_cg_events {
    const mo_dae *dae;
    MO_VEC(unsigned char) rel_always; /* relation -> read somewhere without a guard (see the top) */
    MO_VEC(int) rel_guard_head;       /* relation -> its first guarded place in guard_uses, -1: none */
    MO_VEC(int) rel_nguards;
    MO_VEC(mo_cg_guard_use) guard_uses;
    mo_map rel_index;                 /* interned relation text -> index + 1 */
    MO_VEC(const mo_expr *) rels;     /* the first node of each relation */
    MO_VEC(const char *) rel_text;
    MO_VEC(const mo_expr *) rel_T;    /* "time op T" or "T op time": T, else NULL */
    MO_VEC(unsigned char) rel_dir;    /* 1: time on the left (zc = time - T grows), 2: on the right */
    mo_map sample_index;              /* interned text of the call -> index in samples + 1 */
    MO_VEC(const mo_expr *) samples;  /* sample(start, interval) calls, one per distinct text; the index
                                         is the call's memory slot (d->sample_tick) */
    int noevent;                      /* depth inside noEvent() / smooth() while printing */
    int ncond;                        /* condition memory slots (when-branches, warning asserts) */
    bool in_alg;                      /* scanning an algorithm: no guards (see guard_note) */
    bool any;                         /* the model has events: generate the functions */
    bool has_live;                    /* rel_live() written: some relation is guarded */
    MO_VEC(const char *) where;       /* EW<id> strings: the statement each names */
    unsigned char *in_loop;           /* variable -> unknown of the loop being printed (loop_rels) */
    unsigned char *rel_taken;         /* relation -> already listed for that loop */
    mo_map str_refused;               /* the locations of String relations refused (one error each) */
    unsigned char *varies;            /* dae variable -> it changes between events (varies_between) */
    mo_map guardable_memo;            /* operator node (its address) -> guardable(): 1 yes, 2 no */
    long long guardable_nodes;        /* operator nodes guardable() was asked about (--stats) */
};

/* The text of e with the DAE's names: the key of a relation or sample() call, and the comments. */
const char *mo_cg_ev_text(const mo_dae *dae, const mo_expr *e);
bool mo_cg_ev_is_rel_op(mo_op op);                          /* <, <=, >, >= */
bool mo_cg_ev_is_fn(const mo_expr *e, const char *name);    /* a call of the built-in name */
/* The index of the event relation with e's text, or -1 when e is none (it is compared directly). */
int mo_cg_ev_find_rel(mo_cg_events *ev, const mo_expr *e);

#endif
