/*
 * flatten_clone.h - what the two files of cloning share: flatten_clone.c (the keys, the table of
 * templates, the checks that make an instance a template, and where a modifier's values land) and
 * flatten_clone_make.c (a clone made from its template: instances, variables, equations, connections,
 * and the modifier's values applied, directly or by a syntax clone's plan). Why and when: the top of
 * flatten_clone.c.
 */
#ifndef MO2C_FLATTEN_CLONE_H
#define MO2C_FLATTEN_CLONE_H

#include "aval.h"

#include <stdint.h>

/* per variable of a template: its binding / its attributes refer to variables (a clone shifts them) */
enum { MO_CLONE_FIX_BINDING = 1, MO_CLONE_FIX_ATTR = 2 };

typedef struct mo_clone_tmpl {
    unsigned char *key;
    size_t keylen;
    uint64_t hash;
    int fails;                /* registrations refused; after MAX_FAILS this key is never tried again */
    mo_inst *inst;            /* the template instance (NULL until one is accepted) */
    size_t pathlen;           /* strlen(inst->path) */
    int v0, nv;               /* its variables */
    int e0, ne, ie0, nie;     /* its equations and initial equations */
    int p0, np;               /* its connections */
    int ninst;                /* instances of its tree, in depth-first order */
    int *pair_inst;           /* per connection: which instance holds it */
    const mo_feq_run *run, *irun;  /* the runs of its equations and initial equations, which every
                                    * clone's packed equations share (flat.h) */
    const char **paths;       /* scratch of copy_template: the clone's path of each of those instances */
    unsigned char *fix;       /* per variable: MO_CLONE_FIX_* */
    mo_slot *cslots;          /* the slots every clone's root shares (inst.h: children_after), or NULL
                               * when the root holds more than variables and connectors */
    int *cchild;              /* with cslots: the slots that hold a child, in order (ninst - 1 of them) */
    int *restlen;             /* per instance of its tree: strlen(path) - pathlen */
    size_t text;              /* the bytes of its instances' paths after pathlen, NULs included (root's
                               * excluded): a clone's paths are made in one piece */
    /* A syntax clone's modifier (mo_clone_make_syntax): where each of its modifications lands, found
     * once on the template (the key fixes the modifier's shape, so every clone's lands alike) */
    signed char plan_state;   /* 0: not made yet, 1: made, -1: the modifier's shape does not fit */
    struct mo_clone_step *plan;
} mo_clone_tmpl;

/* The field of a variable that attribute name sets (start, fixed, nominal, min, max, or one of the
 * String ones), or -1 when a clone cannot apply it (stateSelect, no attribute). */
int mo_clone_attr_field(const char *name);
/* Would computing the value e, written in instance scope, build nothing (make no component not made
 * yet, which would change the order of the flat model's variables)? */
bool mo_clone_builds_nothing(const mo_expr *e, const mo_inst *scope);
/* The modifier m over instance in: does every value land as a clone can apply it (apply false), or set
 * the values (apply true; false after an error). */
bool mo_clone_walk(mo_front *fr, mo_inst *in, const mo_fmod *m, bool apply);
/* Are the slots of in all variables (or disabled components)? Then a clone shares them. */
bool mo_clone_only_vars(const mo_inst *in);

#endif
