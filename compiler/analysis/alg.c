/*
 * alg.c - algorithm sections in the back end: from the flat model's sections (flat.h, mo_falg) to
 * dae->algs and their pseudo-equations (dae.h, mo_dalg and mo_deq.alg).
 *
 * Input: the DAE under construction (dae.c: variables classified, equations lowered, aliases not yet
 * eliminated), the flat sections, and dae.c's lowering of der(). Output, per section:
 *   - its statements over DAE variables (der(v) lowered), copied;
 *   - what it reads outside when-statements and events (its inputs in the continuous system), and the
 *     outputs that need their start or pre value first (11.1.2), by a definite-assignment pass: an
 *     output read where it may not be assigned yet, or not assigned on every path to the end;
 *   - relations that read a continuous output assigned more than once or read before it is assigned
 *     wrapped in noEvent(): such a relation has different values at different points of one run of the section,
 *     while event relations are frozen by their text between events and watched through one
 *     zero-crossing function of the variables' final values (codegen_events.c);
 *   - one pseudo-equation per unknown output (see mo_deq.alg): appended to dae->eqs, or to
 *     dae->init_eqs for an initial section. Discrete outputs (assigned in when-statements) are not
 *     unknowns of the continuous system: they change at events only (events.c); those of an initial
 *     section are unknowns of the initial system (init.c).
 * The definite-assignment pass keeps one flag per output and a log of the flags set, so branches are
 * undone and intersected in time linear in the statements. Recursion follows the nesting of statements.
 */
#include "daeutil.h"

#include <stdlib.h>
#include <string.h>

/* ---- walking statements ---- */

void mo_astmt_walk(const mo_astmt_list *l, void (*f)(void *ctx, const mo_astmt *s, bool in_when), void *ctx,
                   bool in_when)
{
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *s = l->v[i];
        f(ctx, s, in_when);
        int nb = s->kind == MO_AS_IF ? s->n + 1 : s->kind == MO_AS_WHILE ? 1 :
                 s->kind == MO_AS_FOR || s->kind == MO_AS_WHEN ? s->n : 0;
        for (int k = 0; k < nb; k++)
            mo_astmt_walk(&s->bodies[k], f, ctx, in_when || s->kind == MO_AS_WHEN);
    }
}

void mo_astmt_exprs(const mo_astmt *s, void (*f)(void *ctx, const mo_expr *e), void *ctx)
{
    switch (s->kind) {
    case MO_AS_ASSIGN:
        for (int k = 0; k < (s->index ? 1 : s->n); k++)   /* an index's values are one value */
            f(ctx, s->values[k]);
        if (s->index)
            f(ctx, s->index);
        return;
    case MO_AS_IF: case MO_AS_WHILE: case MO_AS_WHEN:
        for (int k = 0; k < s->ncond; k++)
            f(ctx, s->conds[k]);
        return;
    case MO_AS_EVENT:
        if (s->event->rhs)
            f(ctx, s->event->rhs);
        for (int k = 0; k < s->event->nmsg; k++)
            f(ctx, s->event->msg[k]);
        return;
    case MO_AS_FOR: case MO_AS_BREAK:
        return;
    }
}

/* ---- copying with the expressions mapped ---- */

typedef struct lower_ctx {
    mo_dae *dae;
    mo_expr *(*lower)(mo_dae *dae, const mo_expr *e);
    bool failed;
} lower_ctx;

static mo_expr *map_expr(lower_ctx *c, const mo_expr *e)
{
    mo_expr *r = e ? c->lower(c->dae, e) : NULL;
    if (e && !r)
        c->failed = true;
    return r;
}

static mo_expr **map_exprs(lower_ctx *c, mo_expr *const *v, int n)
{
    mo_expr **r = MO_NEWN(mo_expr *, n + 1);
    for (int k = 0; k < n; k++)
        r[k] = map_expr(c, v[k]);
    return r;
}

static mo_astmt_list copy_list(lower_ctx *c, const mo_astmt_list *l)
{
    mo_astmt_list r = {l->n, MO_NEWN(mo_astmt *, l->n + 1)};
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *s = l->v[i];
        mo_astmt *t = MO_NEW(mo_astmt);
        *t = *s;
        if (s->values)
            t->values = map_exprs(c, s->values, s->n);
        if (s->index) {   /* one value, one pointer (mo_astmt.index) */
            for (int k = 1; k < s->n; k++)
                t->values[k] = t->values[0];
            t->index = map_expr(c, s->index);
        }
        if (s->conds)
            t->conds = map_exprs(c, s->conds, s->ncond);
        if (s->event) {
            t->event = MO_NEW(mo_wstmt);
            *t->event = *s->event;
            t->event->rhs = map_expr(c, s->event->rhs);
            t->event->msg = map_exprs(c, s->event->msg, s->event->nmsg);
        }
        int nb = s->kind == MO_AS_IF ? s->n + 1 : s->kind == MO_AS_WHILE ? 1 :
                 s->kind == MO_AS_FOR || s->kind == MO_AS_WHEN ? s->n : 0;
        if (nb) {
            t->bodies = MO_NEWN(mo_astmt_list, nb);
            for (int k = 0; k < nb; k++)
                t->bodies[k] = copy_list(c, &s->bodies[k]);
        }
        r.v[i] = t;
    }
    return r;
}

/* ---- definite assignment ---- */

typedef struct dctx {
    int cap;                  /* entries of local and in */
    int *local;               /* variable -> output index + 1 (0: not an output); reset after each section */
    int nout;
    unsigned char *def;       /* output definitely assigned at this point */
    mo_int_vec log;           /* outputs whose def was set, in order (undone by branches) */
    int *count;               /* assignments of each output (anywhere in the section) */
    int *seen;                /* IF: branches that assigned each output */
    unsigned char *needs;     /* output may be read unassigned, or left unassigned */
    unsigned char *in;        /* variable read (inputs) */
    mo_int_vec ins;
    int event;                /* inside when-statements or events: reads are no inputs */
} dctx;

static void set_def(dctx *c, int l)
{
    if (!c->def[l]) {
        c->def[l] = 1;
        MO_PUSH(c->log, l);
    }
}

static void undo(dctx *c, int mark)
{
    for (int k = mark; k < c->log.n; k++)
        c->def[c->log.v[k]] = 0;
    c->log.n = mark;
}

static bool is_call(const mo_expr *e, const char *name)
{
    const char *fn = e->kind == MO_EX_CALL ? mo_sym_fn_name(e) : NULL;
    return fn && !strcmp(fn, name);
}

/* The reads of e: outputs not assigned yet need their first value, other variables are inputs.
 * pre(v) reads the value before the event, not v. Recursion over one expression only. */
static void reads(void *ctx, const mo_expr *e)
{
    dctx *c = ctx;
    if (!e || is_call(e, "pre"))
        return;
    if (e->kind == MO_EX_VAR) {
        int v = e->var, l = v >= 0 ? c->local[v] - 1 : -1;
        if (l >= 0) {
            if (!c->def[l])
                c->needs[l] = 1;
        } else if (v >= 0 && !c->event && !c->in[v]) {
            c->in[v] = 1;
            MO_PUSH(c->ins, v);
        }
        return;
    }
    for (int i = 0; i < e->n; i++)
        reads(c, e->a[i]);
    for (int i = 0; i < e->nnamed; i++)
        reads(c, e->named[i].value);
}

static bool has_break(const mo_astmt_list *l)
{
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *s = l->v[i];
        if (s->kind == MO_AS_BREAK)
            return true;
        if (s->kind == MO_AS_IF)
            for (int k = 0; k <= s->n; k++)
                if (has_break(&s->bodies[k]))
                    return true;
    }
    return false;
}

static void walk(dctx *c, const mo_astmt_list *l);

static void walk_stmt(dctx *c, const mo_astmt *s)
{
    switch (s->kind) {
    case MO_AS_ASSIGN:
        mo_astmt_exprs(s, reads, c);
        for (int k = 0; k < s->n; k++) {
            int l = c->local[s->targets[k]] - 1;
            c->count[l]++;
            if (!s->index)   /* x[k] := v assigns one of them: the others keep their first values */
                set_def(c, l);
        }
        return;
    case MO_AS_EVENT:
        c->event++;
        mo_astmt_exprs(s, reads, c);
        c->event--;
        return;
    case MO_AS_BREAK:
        return;
    case MO_AS_IF: {
        /* conditions are evaluated before any branch; an output is assigned after the statement when
         * every branch (the else branch too, maybe empty) assigns it */
        mo_astmt_exprs(s, reads, c);
        int mark = c->log.n;
        mo_int_vec touched = {0};
        for (int b = 0; b <= s->n; b++) {
            walk(c, &s->bodies[b]);
            for (int k = mark; k < c->log.n; k++) {
                if (!c->seen[c->log.v[k]]++)
                    MO_PUSH(touched, c->log.v[k]);
            }
            undo(c, mark);
        }
        for (int k = 0; k < touched.n; k++) {
            if (c->seen[touched.v[k]] == s->n + 1)
                set_def(c, touched.v[k]);
            c->seen[touched.v[k]] = 0;
        }
        return;
    }
    case MO_AS_FOR: {
        int mark = c->log.n;
        bool brk = false;
        for (int k = 0; k < s->n; k++) {
            brk |= has_break(&s->bodies[k]);
            walk(c, &s->bodies[k]);
        }
        if (brk)   /* a break may skip what follows it: nothing assigned in the loop is sure */
            undo(c, mark);
        return;
    }
    case MO_AS_WHILE: {
        mo_astmt_exprs(s, reads, c);
        int mark = c->log.n;
        walk(c, &s->bodies[0]);
        undo(c, mark);
        return;
    }
    case MO_AS_WHEN: {
        c->event++;
        mo_astmt_exprs(s, reads, c);
        int mark = c->log.n;
        for (int b = 0; b < s->n; b++) {
            walk(c, &s->bodies[b]);
            undo(c, mark);
        }
        c->event--;
        return;
    }
    }
}

static void walk(dctx *c, const mo_astmt_list *l)
{
    for (int i = 0; i < l->n; i++)
        walk_stmt(c, l->v[i]);
}

/* ---- relations whose value depends on the point of the section ---- */

typedef struct rctx {
    const dctx *d;
    const unsigned char *unstable; /* per output */
} rctx;

static bool is_relation(const mo_expr *e)
{
    return e->kind == MO_EX_BINARY &&
           (e->op == MO_OP_LT || e->op == MO_OP_LE || e->op == MO_OP_GT || e->op == MO_OP_GE);
}

static bool reads_unstable(const rctx *r, const mo_expr *e)
{
    if (!e || is_call(e, "pre"))
        return false;
    if (e->kind == MO_EX_VAR) {
        int l = e->var >= 0 ? r->d->local[e->var] - 1 : -1;
        return l >= 0 && r->unstable[l];
    }
    for (int i = 0; i < e->n; i++)
        if (reads_unstable(r, e->a[i]))
            return true;
    return false;
}

/* e with its unstable relations inside noEvent(); untouched nodes shared. */
static mo_expr *guard(const rctx *r, mo_expr *e)
{
    if (!e || e->n == 0 || is_call(e, "noEvent") || is_call(e, "smooth") || is_call(e, "pre"))
        return e;
    if (is_relation(e) && reads_unstable(r, e))
        return mo_expr_call(e->loc, "noEvent", 1, &e);
    mo_expr **a = NULL;
    for (int i = 0; i < e->n; i++) {
        mo_expr *x = guard(r, e->a[i]);
        if (x != e->a[i] && !a) {
            a = MO_NEWN(mo_expr *, e->n);
            memcpy(a, e->a, sizeof *a * (size_t)e->n);
        }
        if (a)
            a[i] = x;
    }
    if (!a)
        return e;
    mo_expr *c = mo_expr_dup(e);
    c->a = a;
    return c;
}

static void guard_stmt(void *ctx, const mo_astmt *cs, bool in_when)
{
    (void)in_when;
    mo_astmt *s = (mo_astmt *)cs;   /* the section's own copy (copy_list) */
    const rctx *r = ctx;
    if (s->kind == MO_AS_ASSIGN) {
        for (int k = 0; k < s->n; k++)
            s->values[k] = s->index && k ? s->values[0] : guard(r, s->values[k]);
        if (s->index)
            s->index = guard(r, s->index);
    }
    for (int k = 0; k < s->ncond; k++)
        s->conds[k] = guard(r, s->conds[k]);
}

/* ---- the sections ---- */

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void note_kinds(void *ctx, const mo_astmt *s, bool in_when)
{
    mo_dalg *a = ctx;
    a->has_when |= s->kind == MO_AS_WHEN;
    if (s->kind == MO_AS_EVENT) {
        a->has_assert |= s->event->kind != MO_WS_TERMINATE && !in_when;   /* asserts, calls for theirs */
        a->has_terminate |= s->event->kind == MO_WS_TERMINATE;
    }
}

static mo_deq pseudo_eq(const mo_dalg *a, int index, int v, int next, bool first)
{
    mo_deq q;
    memset(&q, 0, sizeof q);
    q.loc = a->src->loc;
    q.instance = a->src->instance;
    q.origin = MO_ORIGIN_EQUATION;
    q.diff_of = -1;
    q.initial = a->src->initial;
    q.lhs = mo_sym_var(q.loc, v);
    q.rhs = mo_sym_var(q.loc, next);
    q.alg = index + 1;
    q.alg_first = first;
    return q;
}

static bool build(mo_dae *dae, int index, const mo_falg *f, dctx *c, lower_ctx *lc)
{
    mo_dalg a;
    memset(&a, 0, sizeof a);
    a.src = f;
    a.body = copy_list(lc, &f->body);
    if (lc->failed)
        return false;
    if (dae->vars.n > c->cap) {   /* der() lowering appended derivative variables */
        int cap = 2 * dae->vars.n;
        c->local = mo_realloc_arena(c->local, sizeof(int) * (size_t)c->cap, sizeof(int) * (size_t)cap);
        c->in = mo_realloc_arena(c->in, (size_t)c->cap, (size_t)cap);
        c->cap = cap;
    }
    mo_astmt_walk(&a.body, note_kinds, &a, false);

    /* definite assignment, inputs */
    c->nout = f->nout;
    for (int k = 0; k < f->nout; k++)
        c->local[f->outs[k]] = k + 1;
    c->def = MO_NEWN(unsigned char, f->nout + 1);
    c->count = MO_NEWN(int, f->nout + 1);
    c->seen = MO_NEWN(int, f->nout + 1);
    c->needs = MO_NEWN(unsigned char, f->nout + 1);
    c->log.n = 0;
    c->ins.n = 0;
    walk(c, &a.body);
    mo_int_vec init = {0};
    unsigned char *unstable = MO_NEWN(unsigned char, f->nout + 1);
    for (int k = 0; k < f->nout; k++) {
        if (!c->def[k])
            c->needs[k] = 1;
        if (c->needs[k])
            MO_PUSH(init, f->outs[k]);
        /* a discrete output (assigned in when-statements only) holds its value between events, where
         * the zero-crossing functions read it: a relation on it is an event relation like any other
         * (when time >= t_next, t_next set by another when-statement: the MSL's Digital delays) */
        unstable[k] = (c->needs[k] || c->count[k] > 1) && dae->vars.v[f->outs[k]].kind != MO_DV_DISCRETE;
    }
    a.ninit = init.n;
    a.init = init.v;
    a.nin = c->ins.n;
    a.ins = MO_NEWN(int, c->ins.n + 1);
    if (c->ins.n)
        memcpy(a.ins, c->ins.v, sizeof(int) * (size_t)c->ins.n);
    if (a.nin > 1)
        mo_qsort(a.ins, (size_t)a.nin, sizeof(int), cmp_int);
    for (int k = 0; k < c->ins.n; k++)
        c->in[c->ins.v[k]] = 0;
    rctx r = {c, unstable};
    mo_astmt_walk(&a.body, guard_stmt, &r, false);
    for (int k = 0; k < f->nout; k++)
        c->local[f->outs[k]] = 0;

    /* the pseudo-equations: one per unknown output; an initial section's discrete outputs are
     * unknowns of the initial system too (init.c: their when-equations give v = pre(v) there) */
    mo_int_vec unk = {0};
    for (int k = 0; k < f->nout; k++) {
        mo_dkind kind = dae->vars.v[f->outs[k]].kind;
        if (kind == MO_DV_ALGEBRAIC || (f->initial && kind == MO_DV_DISCRETE))
            MO_PUSH(unk, f->outs[k]);
    }
    a.neq = unk.n;
    a.first = f->initial ? dae->init_eqs.n : dae->eqs.n;
    for (int k = 0; k < unk.n; k++) {
        mo_deq q = pseudo_eq(&a, index, unk.v[k], unk.v[(k + 1) % unk.n], k == 0);
        if (f->initial)
            MO_PUSH(dae->init_eqs, q);
        else
            MO_PUSH(dae->eqs, q);
    }
    MO_PUSH(dae->algs, a);
    return true;
}

/* Initial sections that compute parameters (fixed = false): they run once the bindings are computed
 * (codegen: at the end of init_params), so they may read parameters only, assign nothing else, and no
 * binding may read what they compute (not yet). False after errors. */
static bool params_sections(mo_dae *dae)
{
    const mo_flat *flat = dae->flat;
    unsigned char *by_alg = NULL;
    bool ok = true;
    for (int i = 0; i < dae->algs.n && ok; i++) {
        mo_dalg *a = &dae->algs.v[i];
        const mo_falg *f = a->src;
        int np = 0;
        for (int k = 0; k < f->nout; k++)
            np += flat->vars.v[f->outs[k]].variability == MO_VAR_PARAMETER;
        if (!np)
            continue;
        a->params = true;
        const char *why = np < f->nout ? "assigns variables too" : NULL;
        for (int k = 0; k < a->nin && !why; k++) {
            mo_dkind kind = dae->vars.v[a->ins[k]].kind;
            if (kind != MO_DV_PARAMETER && kind != MO_DV_CONSTANT)
                why = mo_sprintf("reads '%s', which is not a parameter", dae->vars.v[a->ins[k]].name);
        }
        if (why) {
            mo_error(f->loc, "not supported yet: an initial algorithm section that computes parameters and %s", why);
            ok = false;
            break;
        }
        if (!by_alg)
            by_alg = MO_NEWN(unsigned char, flat->vars.n + 1);
        for (int k = 0; k < f->nout; k++)
            by_alg[f->outs[k]] = 1;
    }
    if (!by_alg || !ok)
        return ok;
    unsigned char *seen = MO_NEWN(unsigned char, dae->vars.n + 1);
    mo_int_vec vs = {0};
    for (int v = 0; v < flat->vars.n && ok; v++) {
        const mo_var *fv = &flat->vars.v[v];
        if (fv->variability > MO_VAR_PARAMETER || !fv->binding)
            continue;
        vs.n = 0;
        mo_expr_collect_vars(fv->binding, seen, &vs);
        for (int k = 0; k < vs.n; k++) {
            seen[vs.v[k]] = 0;
            if (ok && vs.v[k] < flat->vars.n && by_alg[vs.v[k]]) {
                mo_error(fv->binding->loc, "not supported yet: the binding of '%s' reads '%s', which an initial "
                         "algorithm section computes", dae->vars.v[v].name, dae->vars.v[vs.v[k]].name);
                ok = false;
            }
        }
    }
    return ok;
}

bool mo_dae_algs(mo_dae *dae, mo_expr *(*lower)(mo_dae *dae, const mo_expr *e))
{
    const mo_flat *flat = dae->flat;
    if (!flat->algs.n)
        return true;
    dctx c;
    memset(&c, 0, sizeof c);
    lower_ctx lc = {dae, lower, false};
    for (int i = 0; i < flat->algs.n; i++)
        if (!build(dae, i, &flat->algs.v[i], &c, &lc))
            return false;
    /* a state is computed by integration: no section may assign it (once every der() is lowered) */
    bool ok = params_sections(dae);
    for (int i = 0; i < flat->algs.n; i++) {
        const mo_falg *f = &flat->algs.v[i];
        for (int k = 0; k < f->nout && ok; k++) {
            const mo_dvar *dv = &dae->vars.v[f->outs[k]];
            if (dv->der < 0 || f->initial)
                continue;
            mo_error(f->loc, "'%s' is a state (der(%s) is used), so an algorithm section cannot assign it",
                     dv->name, dv->name);
            mo_note(mo_dae_var_loc(dae, f->outs[k]), "'%s' is declared here", dv->name);
            ok = false;
        }
    }
    return ok;
}
