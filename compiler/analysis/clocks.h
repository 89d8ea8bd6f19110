/*
 * clocks.h - what the two files of the synchronous language's lowering share (clocks.c: partitions and
 * clock inference; clocks_lower.c: the equations of each clocked partition turned into a when-equation).
 * Internal to them; the pass's entry point is mo_clocks_lower (events.h).
 */
#ifndef MO2C_CLOCKS_H
#define MO2C_CLOCKS_H

#include "dae.h"
#include "rational.h"
#include "sym.h"

#include <string.h>

static inline const char *fn_name(const mo_expr *e)
{
    return e && e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
}
static inline bool is_fn(const mo_expr *e, const char *name)
{
    const char *f = fn_name(e);
    return f && !strcmp(f, name);
}
static inline bool sub_op(const char *f)
{
    return f && (!strcmp(f, "subSample") || !strcmp(f, "superSample") || !strcmp(f, "shiftSample") ||
                 !strcmp(f, "backSample") || !strcmp(f, "noClock"));
}
/* a clocked sample(u, c) or sample(u), not sample(start, interval) of 3.7.5 */
static inline bool clocked_sample(const mo_flat *flat, const mo_expr *e)
{
    return is_fn(e, "sample") && (e->n == 1 || (e->n == 2 && mo_flat_is_clock(flat, e->a[1])));
}

/* The forms of a clock constructor (flatten_sync.c). */
static inline bool is_rational_clock(const mo_expr *k)
{
    return k->n == 2 && k->a[0]->kind == MO_EX_INT && k->a[1]->kind == MO_EX_INT;
}
static inline bool is_solver_clock(const mo_flat *flat, const mo_expr *k)
{
    return k->n == 2 && mo_flat_is_clock(flat, k->a[0]);
}
static inline bool is_event_clock(const mo_flat *flat, const mo_expr *k)
{
    return k->n == 2 && !is_rational_clock(k) && !is_solver_clock(flat, k);
}

/* A relation between two sub-partitions (16.5.2): y's clock from u's by op (a sub-clock operator). */
typedef struct edge {
    int u, y;                 /* a variable of each (the sub-partitions are their roots) */
    const mo_expr *op;        /* the call, for its arguments and location */
} edge;

/* A clock constructor that gives a (sub-)partition its clock. */
typedef struct source {
    int var;                  /* a variable of the partition */
    const mo_expr *clock;     /* Clock(...) */
} source;

typedef struct ck {
    mo_flat *flat;
    int nv;                   /* variables before this pass added its own */
    int ph;                   /* placeholders of pre(x) while solving: variable x + ph (past every variable) */
    int *uf;                  /* union-find over variables: sub-partitions */
    int *buf;                 /* union-find over variables: base partitions */
    unsigned char *mark;      /* per variable: 1 clocked (its sub-partition root), 2 held, 4 a Clock variable
                               * given a solverMethod */
    MO_VEC(edge) edges;
    MO_VEC(source) sources;
    /* per equation: -1 unclocked or unknown, else a variable of its partition; 1 in clock_def for
     * equations between clocks */
    int *eq_var;
    unsigned char *eq_clocked, *clock_def;
    int cur;                  /* the variable first met in the equation being scanned, or -1 */
    mo_map when_var;          /* a clocked when-clause with a clock constructor (its instance and the
                               * constructor's location: clones have copies of it) -> a variable of it + 1 */
    const char *instance;     /* the instance path of the equation being scanned */
    MO_VEC(source) solvers;   /* the solver clocks Clock(c, solverMethod) of Clock variables c */
    int *dvar;                /* per variable x of a discretized partition: the variable of der(x), or -1 */
    int *sder;                /* per continuous-time x whose der(x) a clocked sample() reads: $der(x), or -1 */
    int *sm_guard;            /* per variable x integrated in a state (flat->sm_integrated): its entry there,
                               * or -1; NULL when none */
    MO_VEC(mo_feq) tick_eqs;  /* the equations of the partitions solved as systems (clocks_lower.c), added
                               * to the model's after the clocked ones are taken out (also $der(x) = der(x)) */
    bool cur_clocked;
    int errors;
} ck;

/* the root of v in union-find uf (path halving) */
static inline int find(int *uf, int v)
{
    while (uf[v] != v) {
        uf[v] = uf[uf[v]];
        v = uf[v];
    }
    return v;
}

typedef struct part {         /* per sub-partition root (a variable) */
    mo_rat per, off;          /* period and shift relative to its component's first sub-partition (seconds
                               * once a base partition of several components is clocked) */
    int comp;                 /* its component's index + 1 once placed (clocks.c), 0 before */
} part;

typedef struct base {
    int root;                 /* a variable of it */
    const mo_expr *clock;     /* its clock constructor */
    mo_loc loc;
    mo_rat g;                 /* the base tick in the reference's units */
    mo_rat src_per, src_off;  /* the constructor's sub-partition, in the reference's units */
    mo_expr *cond;            /* the when-condition */
    int counter;              /* the tick counter variable, or -1 */
    int last;                 /* an event clock: the variable of the time of its last tick, else -1 */
    mo_expr *fine_interval;   /* seconds between base ticks */
    bool solver;              /* a clock of it has a solverMethod (16.8.2) */
    const mo_expr *method;    /* the first solver clock's constructor, or NULL */
} base;

static inline const char *vname(const ck *c, int v)
{
    return c->flat->vars.v[v].name;
}

/* clocks.c */
int mo_clk_first_var(const ck *c, const mo_expr *e);   /* the first unknown variable of e, or -1 */
void mo_clk_err(ck *c, mo_loc loc, const char *msg);    /* an error at loc, counted */
mo_expr *mo_clk_num(mo_loc loc, mo_rat r);              /* r as an expression (n or n / d) */
/* a hidden discrete variable of the clocks (protected, fixed start value) */
int mo_clk_new_var(ck *c, const char *name, mo_basetype type, mo_loc loc, const char *comment, mo_expr *start);
/* a protected variable of this pass with the attributes attr */
int mo_clk_push_var(ck *c, const char *name, mo_basetype type, mo_variability variability, const mo_var_attr *attr);

/* clocks_lower.c */
/* der(x) in the equations of the discretized partitions (those of a clock with a solverMethod): a variable
 * of its own for each x (c->dvar), before c->ph is set; false after an error */
bool mo_clk_discretized(ck *c, base *bases, const int *base_of);
/* base partition b's equations eqs[0 .. n) over its unknowns unk[0 .. nu) into its when-equation */
void mo_clk_lower_base(ck *c, part *parts, base *b, const int *eqs, int n, const int *unk, int nu);
/* der(x) read by sample() in clocked equations: a variable of its own (c->sder), before c->ph is set */
void mo_clk_sampled_ders(ck *c);
/* an unclocked equation's side without hold() */
mo_expr *mo_clk_unclocked(ck *c, part *parts, const mo_expr *e);

#endif
