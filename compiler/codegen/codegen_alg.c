/*
 * codegen_alg.c - algorithm sections as C statements, printed in place: in rhs, outputs and
 * initialize where the sorted blocks put them (MO_BLOCK_ALGORITHM), in update() when they hold
 * when-statements or terminate, in check() when they hold asserts outside when-statements
 * (codegen_events.c).
 *
 * Input: the DAE after mo_dae_solve with its sections (dae.h, mo_dalg: statements over DAE variables,
 * the outputs to initialize first). Output: C text over the locals every generated function has (d, t,
 * x, dx, y, p, ok), ending each statement that used a checked operation with a test of ok.
 * What runs where (mo_cg_alg_mode): the continuous evaluation leaves out when-statements (the discrete
 * variables they assign keep their values between events), asserts (checked after every accepted step
 * by check(), as asserts outside when-equations are) and terminate; update() runs the whole section
 * but the asserts outside when-statements (check() tests each once), a when-statement firing when one
 * of its conditions became true since the last evaluation (the condition memory d->cond, as for
 * when-equations).
 * Statements: an assignment of several targets evaluates every value before it stores any (into
 * locals when a value reads a target); an unrolled for-loop is its iterations in turn, inside a
 * block that a break leaves with a goto; while is a C loop bounded like those of functions (100,000,000 iterations, then
 * the run fails); a relation is an event relation or not as its printing decides (codegen_events.c).
 * Recursion follows the nesting of statements.
 */
#include "codegen.h"
#include "daeutil.h"
#include "str.h"

#include <string.h>

typedef struct agen {
    mo_cg *cg;
    mo_buf *o;
    const mo_dalg *a;
    mo_cg_alg_mode mode;
    int where_id;
    bool in_when;             /* printing the body of a when-statement */
    int cbase;                /* a section that replays its when-statements (replays()): the condition
                                 memory slot of the next when-statement's first condition, else -1 */
    MO_VEC(int) loops;        /* enclosing loops, innermost last: a goto label's number, or -1 for a C loop */
} agen;

static void indent(mo_buf *o, int in)
{
    for (int i = 0; i < in; i++)
        mo_buf_puts(o, "    ");
}

static void expr(agen *g, const mo_expr *e)
{
    g->cg->out = g->o;
    g->cg->where_id = g->where_id;
    g->cg->where_name = NULL;
    mo_cg_expr(g->cg, e);
}

/* "if (!ok) return -1;" when a checked operation was printed since from. */
static void fail_check(agen *g, int in, int from)
{
    if (g->cg->nchecked == from)
        return;
    indent(g->o, in);
    mo_buf_puts(g->o, "if (!ok)\n");
    indent(g->o, in + 1);
    mo_buf_puts(g->o, "return -1;\n");
}

/* The storage array of variable v after aliases ("x", "y", ...), its slot in *slot, *neg when it holds
 * -v; NULL for a variable an algorithm cannot assign (an alias by value, a constant, a pre value, a
 * parameter outside an initial algorithm that computes parameters). */
static const char *storage(agen *g, int v, int *slot, bool *neg)
{
    mo_dkind kind;
    const char *arr = mo_cg_storage_of(g->cg, v, slot, neg, &kind);
    if (!arr)
        return NULL;
    bool assignable = kind == MO_DV_STATE || kind == MO_DV_DERIVATIVE || kind == MO_DV_ALGEBRAIC ||
                      kind == MO_DV_DISCRETE || (kind == MO_DV_PARAMETER && g->a->params);
    return assignable ? arr : NULL;
}

/* The storage of variable v for an assignment ("y[3] /" "* name *" "/"), *neg when it holds -v. */
static void target(agen *g, int v, bool *neg)
{
    int slot;
    const char *arr = storage(g, v, &slot, neg);
    if (!arr)
        mo_unreachable(mo_sprintf("algorithm section assigns '%s', which has no storage",
                                  g->cg->dae->vars.v[v].name));
    mo_buf_printf(g->o, "%s[%d] /* ", arr, slot);
    mo_cg_comment(g->o, g->cg->dae->vars.v[v].name, 120);
    mo_buf_puts(g->o, " */");
}

static void store(agen *g, int in, int v, const char *value)
{
    bool neg;
    indent(g->o, in);
    target(g, v, &neg);
    mo_buf_printf(g->o, " = %s%s;\n", neg ? "-" : "", value);
}

static void comment(agen *g, int in, const mo_astmt *s)
{
    indent(g->o, in);
    mo_buf_printf(g->o, "/* line %d */\n", s->loc.line);
}

static void stmts(agen *g, const mo_astmt_list *l, int in);
static void block_open(agen *g, int in);
static void block_close(agen *g, int in);

/* Does some value of s read one of its targets (then the values go into locals first)? */
static bool reads_targets(const mo_astmt *s)
{
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < s->n; k++)
            if (mo_expr_has_var(s->values[i], s->targets[k]))
                return true;
    return false;
}

/* x[k] := v, k known only at run time (mo_astmt.index): the value, then the index checked (a run-time
 * error names the target, the statement and the time), then a switch to the element's storage. */
static void assign_at(agen *g, const mo_astmt *s, int in)
{
    mo_buf *o = g->o;
    int from = g->cg->nchecked, id = g->cg->alg_names++;
    block_open(g, in);
    indent(o, in + 1);
    mo_buf_printf(o, "const double v%d_ = ", id);
    expr(g, s->values[0]);
    mo_buf_puts(o, ";\n");
    indent(o, in + 1);
    mo_buf_printf(o, "const int i%d_ = mo2c_index(d, ", id);
    expr(g, s->index);
    mo_buf_printf(o, ", %d, \"", s->n);
    mo_cg_c_string(o, mo_sprintf("%s := ... at %s:%d", s->index_str ? s->index_str : "an array element",
                                 s->loc.file ? mo_cg_lib_path(s->loc.file->path) : "<mo2c>", s->loc.line));
    mo_buf_puts(o, "\", &ok);\n");
    g->cg->nchecked++;
    fail_check(g, in + 1, from);
    /* the elements in one array at evenly spaced slots (an array variable's usual storage): one store
     * at the computed slot, whatever the size (a switch of 4000 cases for an FFT's buffer otherwise) */
    bool neg = false;
    int slot0 = -1, step = 0;
    const char *arr0 = storage(g, s->targets[0], &slot0, &neg);
    bool even = arr0 && !neg && s->n > 1;
    for (int k = 1; k < s->n && even; k++) {
        int slot;
        const char *arr = storage(g, s->targets[k], &slot, &neg);
        if (k == 1)
            step = slot - slot0;
        even = arr && strcmp(arr, arr0) == 0 && !neg && step != 0 && slot == slot0 + k * step;
    }
    if (even) {
        indent(o, in + 1);
        mo_buf_printf(o, "%s[%d + %d * i%d_] = v%d_; /* ", arr0, slot0, step, id, id);
        mo_cg_comment(o, s->index_str ? s->index_str : g->cg->dae->vars.v[s->targets[0]].name, 120);
        mo_buf_puts(o, " */\n");
        block_close(g, in);
        return;
    }
    indent(o, in + 1);
    mo_buf_printf(o, "switch (i%d_) {\n", id);
    for (int k = 0; k < s->n; k++) {
        indent(o, in + 1);
        mo_buf_printf(o, "case %d:\n", k);
        store(g, in + 2, s->targets[k], mo_sprintf("v%d_", id));
        indent(o, in + 2);
        mo_buf_puts(o, "break;\n");
    }
    indent(o, in + 1);
    mo_buf_puts(o, "}\n");
    block_close(g, in);
}

/* Are the values of s elements of the outputs of one call ((a, b) := f(x), flatten_alg.c)? */
static bool one_call(const mo_astmt *s)
{
    const mo_expr *c = s->values[0];
    if (s->n < 2 || c->kind != MO_EX_CALL || !c->func)
        return false;
    for (int k = 1; k < s->n; k++) {
        const mo_expr *e = s->values[k];
        if (e->kind != MO_EX_CALL || e->func != c->func || e->n != c->n)
            return false;
        for (int i = 0; i < c->n; i++)
            if (!mo_expr_equal(e->a[i], c->a[i]))
                return false;
    }
    return true;
}

/* The targets from k on of (a, b) := f(x) that take elements el, el + 1, ... of one array output of f
 * into slots side by side of one storage array, none negated: how many. */
static int output_run(agen *g, const mo_astmt *s, int k)
{
    const mo_expr *e0 = s->values[k];
    int slot0;
    bool neg;
    const char *arr0 = storage(g, s->targets[k], &slot0, &neg);
    if (!arr0 || neg)
        return 1;
    int n = 1;
    for (; k + n < s->n; n++) {
        const mo_expr *e = s->values[k + n];
        int slot;
        const char *arr = storage(g, s->targets[k + n], &slot, &neg);
        if (e->func_out != e0->func_out || e->func_el != e0->func_el + n || !arr || strcmp(arr, arr0) != 0 ||
            neg || slot != slot0 + n)
            break;
    }
    return n;
}

/* (a, b) := f(x): f once, its outputs into locals, then the stores (the value wrapper of each element
 * would run f once per element, and print the arguments each time). */
static void assign_outputs(agen *g, const mo_astmt *s, int in)
{
    mo_buf *o = g->o;
    const mo_expr *c = s->values[0];
    int id = g->cg->alg_names++, from = g->cg->nchecked;
    int *maxel = MO_NEWN(int, c->func->nout + 1);
    for (int k = 0; k < c->func->nout; k++)
        maxel[k] = -1;
    for (int k = 0; k < s->n; k++)
        if (s->values[k]->func_el > maxel[s->values[k]->func_out])
            maxel[s->values[k]->func_out] = s->values[k]->func_el;
    block_open(g, in);
    g->cg->where_id = g->where_id;
    g->cg->where_name = NULL;
    mo_cg_fn_call_outputs(g->cg, o, in + 1, c, id, maxel);
    indent(o, in + 1);
    mo_buf_puts(o, "if (ok) {\n");
    for (int k = 0; k < s->n;) {
        const mo_expr *e = s->values[k];
        bool array = c->func->vars.v[c->func->nin + e->func_out].nd > 0;
        int n = array ? output_run(g, s, k) : 1;
        if (n >= 4) {   /* an array output into an array variable: one loop */
            const char *arr;
            int slot;
            bool neg;
            arr = storage(g, s->targets[k], &slot, &neg);
            indent(o, in + 2);
            mo_buf_printf(o, "for (int mo_i = 0; mo_i < %d; mo_i++) /* ", n);
            mo_cg_comment(o, mo_sprintf("%s and on", g->cg->dae->vars.v[s->targets[k]].name), 120);
            mo_buf_puts(o, " */\n");
            indent(o, in + 3);
            mo_buf_printf(o, "%s[%d + mo_i] = o%d_%d.v[%d + mo_i];\n", arr, slot, id, e->func_out, e->func_el);
            k += n;
            continue;
        }
        store(g, in + 2, s->targets[k], array ? mo_sprintf("o%d_%d.v[%d]", id, e->func_out, e->func_el)
                                              : mo_sprintf("o%d_%d", id, e->func_out));
        k++;
    }
    indent(o, in + 1);
    mo_buf_puts(o, "}\n");
    indent(o, in + 1);
    mo_buf_printf(o, "mo2c_frelease(d, m%d_);\n", id);
    fail_check(g, in + 1, from);
    block_close(g, in);
}

static void assign(agen *g, const mo_astmt *s, int in)
{
    mo_buf *o = g->o;
    int from = g->cg->nchecked;
    if (s->index) {
        assign_at(g, s, in);
        return;
    }
    if (one_call(s)) {
        assign_outputs(g, s, in);
        return;
    }
    if (s->n == 1) {
        bool neg;
        indent(o, in);
        target(g, s->targets[0], &neg);
        mo_buf_puts(o, neg ? " = -(" : " = ");
        expr(g, s->values[0]);
        mo_buf_puts(o, neg ? ");\n" : ";\n");
    } else if (reads_targets(s)) {
        int id = g->cg->alg_names++;
        indent(o, in);
        mo_buf_printf(o, "double a%d_[%d];\n", id, s->n);
        for (int k = 0; k < s->n; k++) {
            indent(o, in);
            mo_buf_printf(o, "a%d_[%d] = ", id, k);
            expr(g, s->values[k]);
            mo_buf_puts(o, ";\n");
        }
        for (int k = 0; k < s->n; k++)
            store(g, in, s->targets[k], mo_sprintf("a%d_[%d]", id, k));
    } else {
        for (int k = 0; k < s->n; k++) {
            bool neg;
            indent(o, in);
            target(g, s->targets[k], &neg);
            mo_buf_puts(o, neg ? " = -(" : " = ");
            expr(g, s->values[k]);
            mo_buf_puts(o, neg ? ");\n" : ";\n");
        }
    }
    fail_check(g, in, from);
}

static void block_open(agen *g, int in)
{
    indent(g->o, in);
    mo_buf_puts(g->o, "{\n");
}

static void block_close(agen *g, int in)
{
    indent(g->o, in);
    mo_buf_puts(g->o, "}\n");
}

/* Is there a break in l that leaves the loop l is the body of (not one of a loop inside)? */
static bool breaks(const mo_astmt_list *l)
{
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *s = l->v[i];
        if (s->kind == MO_AS_BREAK)
            return true;
        for (int k = 0; s->kind == MO_AS_IF && k <= s->n; k++)
            if (breaks(&s->bodies[k]))
                return true;
    }
    return false;
}

static void for_stmt(agen *g, const mo_astmt *s, int in)
{
    bool brk = false;
    for (int k = 0; k < s->n && !brk; k++)
        brk = breaks(&s->bodies[k]);
    int label = brk ? g->cg->alg_names++ : -1;
    MO_PUSH(g->loops, label);
    block_open(g, in);
    for (int k = 0; k < s->n; k++) {
        indent(g->o, in + 1);
        mo_buf_printf(g->o, "/* iteration %d of %d */\n", k + 1, s->n);
        stmts(g, &s->bodies[k], in + 1);
    }
    block_close(g, in);
    g->loops.n--;
    if (brk) {
        indent(g->o, in);
        mo_buf_printf(g->o, "b%d_:;\n", label);
    }
}

static void while_stmt(agen *g, const mo_astmt *s, int in)
{
    mo_buf *o = g->o;
    int id = g->cg->alg_names++;
    indent(o, in);
    mo_buf_printf(o, "for (long n%d_ = 0;; n%d_++) {\n", id, id);
    indent(o, in + 1);
    mo_buf_printf(o, "if (n%d_ == 100000000L)\n", id);
    indent(o, in + 2);
    mo_buf_puts(o, "return mo2c_fail(d, \"");
    const mo_loc *l = &s->loc;
    mo_cg_c_string(o, mo_sprintf("%s:%d: while loop of an algorithm section did not end after %%ld iterations",
                                 l->file ? l->file->path : "<mo2c>", l->line));
    mo_buf_puts(o, "\", 100000000L);\n");
    int from = g->cg->nchecked;
    indent(o, in + 1);
    mo_buf_printf(o, "const int c%d_ = ", id);
    expr(g, s->conds[0]);
    mo_buf_puts(o, ";\n");
    fail_check(g, in + 1, from);
    indent(o, in + 1);
    mo_buf_printf(o, "if (!c%d_)\n", id);
    indent(o, in + 2);
    mo_buf_puts(o, "break;\n");
    MO_PUSH(g->loops, -1);
    stmts(g, &s->bodies[0], in + 1);
    g->loops.n--;
    block_close(g, in);
}

static void if_stmt(agen *g, const mo_astmt *s, int in)
{
    mo_buf *o = g->o;
    int from = g->cg->nchecked;
    for (int k = 0; k < s->n; k++) {
        indent(o, in);
        mo_buf_puts(o, k ? "} else if (" : "if (");
        expr(g, s->conds[k]);
        mo_buf_puts(o, ") {\n");
        stmts(g, &s->bodies[k], in + 1);
    }
    if (s->bodies[s->n].n) {
        indent(o, in);
        mo_buf_puts(o, "} else {\n");
        stmts(g, &s->bodies[s->n], in + 1);
    }
    block_close(g, in);
    fail_check(g, in, from);   /* a condition failed: the branch taken does not matter */
}

/* when c1 then ... elsewhen c2 then ...: the conditions now, each with its memory; the first branch
 * one of whose conditions became true runs (update's fire), then the memory takes the conditions. */
/* The conditions of when-statement s (locals c<id>_ ...) and its branches, the first whose condition
 * became true against the condition memory mem (slots from c0) firing where fire (a C condition and
 * "&&", or "") allows. */
static void when_branches(agen *g, const mo_astmt *s, int in, int c0, int id, const char *fire, const char *mem)
{
    mo_buf *o = g->o;
    int from = g->cg->nchecked;
    for (int c = 0; c < s->ncond; c++) {
        indent(o, in);
        mo_buf_printf(o, "const int c%d_ = (", id + c);
        expr(g, s->conds[c]);
        mo_buf_puts(o, ") != 0;\n");
    }
    fail_check(g, in, from);
    for (int k = 0; k < s->n; k++) {
        indent(o, in);
        mo_buf_printf(o, "%sif (%s(", k ? "} else " : "", fire);
        for (int c = s->cfirst[k]; c < s->cfirst[k + 1]; c++)
            mo_buf_printf(o, "%s(c%d_ && !%s[%d])", c > s->cfirst[k] ? " || " : "", id + c, mem, c0 + c);
        mo_buf_puts(o, ")) {\n");
        g->in_when = true;
        stmts(g, &s->bodies[k], in + 1);
        g->in_when = false;
    }
    indent(o, in);
    mo_buf_puts(o, "}\n");
}

static void when_stmt(agen *g, const mo_astmt *s, int in)
{
    mo_buf *o = g->o;
    int c0 = g->cbase >= 0 ? g->cbase : mo_cg_event_conds(g->cg, s->ncond), id = g->cg->alg_names;
    g->cg->alg_names += s->ncond;
    if (g->cbase >= 0)
        g->cbase += s->ncond;
    block_open(g, in);
    when_branches(g, s, in + 1, c0, id, "fire && ", "cm_");
    for (int c = 0; c < s->ncond; c++) {
        indent(o, in + 1);
        mo_buf_printf(o, "d->cond[%d] = (unsigned char)c%d_;\n", c0 + c, id + c);
    }
    block_close(g, in);
}

/* A when-statement outside update() in a section that replays them (replays()): during an event pass
 * (d->cond_pass set, the condition memory at the pass's start) the branch that update() fires in this
 * pass, found as update() finds it, runs again, its assignments only (the continuous evaluation leaves
 * out asserts, terminate and calls), so that the section computes from pre() what update() computed;
 * none between events. */
static void when_replay(agen *g, const mo_astmt *s, int in)
{
    int c0 = g->cbase, id = g->cg->alg_names;
    g->cg->alg_names += s->ncond;
    g->cbase += s->ncond;
    indent(g->o, in);
    mo_buf_printf(g->o, "if (d->cond_pass) {   /* the when-statement of line %d as update() fires it */\n", s->loc.line);
    when_branches(g, s, in + 1, c0, id, "", "d->cond_pass");
    indent(g->o, in);
    mo_buf_puts(g->o, "}\n");
}

/* An assert or an empty call in initialize or init_params, which come before the event functions and
 * their strings in the file: named by the section's where string, no warning memory. */
static void init_check(agen *g, const mo_wstmt *w, int in)
{
    mo_buf *o = g->o;
    int from = g->cg->nchecked;
    indent(o, in);
    if (w->kind == MO_WS_CALL) {
        mo_buf_puts(o, "(void)");
        expr(g, w->rhs);
        mo_buf_puts(o, ";\n");
        fail_check(g, in, from);
        return;
    }
    mo_buf_puts(o, "if (mo2c_assert(d, (");
    expr(g, w->rhs);
    /* (a condition whose evaluation failed: the first failure's message stands, fail_check below) */
    mo_buf_printf(o, ") != 0 || !ok, %d, NULL, ", w->level);
    mo_cg_message(g->cg, o, w);
    mo_buf_puts(o, ") != 0)\n");
    indent(o, in + 1);
    mo_buf_puts(o, "return -1;\n");
    fail_check(g, in, from);
}

static void event_stmt(agen *g, const mo_astmt *s, int in)
{
    const mo_wstmt *w = s->event;
    mo_buf ind = {0};
    indent(&ind, in);
    if (w->kind != MO_WS_TERMINATE && g->mode == MO_CG_ALG_CONT)
        return;
    if (w->kind == MO_WS_TERMINATE && g->mode != MO_CG_ALG_EVENT)   /* terminate: at events only */
        return;
    if (w->kind != MO_WS_TERMINATE && g->mode == MO_CG_ALG_EVENT && !g->in_when)
        return;   /* an assert outside when-statements: check() tests it after every step, once */
    if (g->mode == MO_CG_ALG_EVENT) {   /* update(fire = 0) only refreshes the condition memory */
        indent(g->o, in);
        mo_buf_puts(g->o, "if (fire) {\n");
        in++;
        indent(&ind, 1);
    }
    if (w->kind != MO_WS_TERMINATE && g->mode == MO_CG_ALG_INIT) {
        init_check(g, w, in);
    } else if (w->kind != MO_WS_TERMINATE) {
        mo_cg_event_check(g->cg, g->o, w, mo_buf_str(&ind));
    } else {
        int from = g->cg->nchecked;
        indent(g->o, in);
        mo_buf_puts(g->o, "mo2c_terminate(d, ");
        g->cg->out = g->o;
        g->cg->where_id = g->where_id;
        g->cg->where_name = NULL;
        mo_cg_message(g->cg, g->o, w);
        mo_buf_puts(g->o, ");\n");
        fail_check(g, in, from);
    }
    g->cg->where_name = NULL;
    if (g->mode == MO_CG_ALG_EVENT)
        block_close(g, in - 1);
}

static void stmt(agen *g, const mo_astmt *s, int in)
{
    switch (s->kind) {
    case MO_AS_ASSIGN:
        comment(g, in, s);
        assign(g, s, in);
        return;
    case MO_AS_IF:
        if_stmt(g, s, in);
        return;
    case MO_AS_FOR:
        for_stmt(g, s, in);
        return;
    case MO_AS_WHILE:
        while_stmt(g, s, in);
        return;
    case MO_AS_BREAK:
        indent(g->o, in);
        if (g->loops.v[g->loops.n - 1] < 0)
            mo_buf_puts(g->o, "break;\n");
        else
            mo_buf_printf(g->o, "goto b%d_;\n", g->loops.v[g->loops.n - 1]);
        return;
    case MO_AS_WHEN:
        if (g->mode == MO_CG_ALG_EVENT)
            when_stmt(g, s, in);
        else if (g->cbase >= 0)
            when_replay(g, s, in);
        return;
    case MO_AS_EVENT:
        event_stmt(g, s, in);
        return;
    }
    mo_unreachable("algorithm statement kind");
}

static void stmts(agen *g, const mo_astmt_list *l, int in)
{
    for (int i = 0; i < l->n; i++)
        stmt(g, l->v[i], in);
}

/* Does the run start output r (resolved) from pre(r) (11.1.2: a discrete-time output is initialized
 * with pre(v))? At events every discrete-time one, so that each run of the section is the same function
 * of pre() and its inputs however often the event iteration runs it (runtime/events.c solve_pass: an 'if
 * edge(c) then n := n + 100' added 100 per round). In rhs, outputs and check the discrete-time outputs
 * that no when-statement assigns (equal to their values between events; an Integer counted in an
 * 'if edge(b)' was set back to its start value at every run: MSL Digital's DFFR lost its state);
 * the ones a when-statement assigns keep the values update() gave them, the when-statements being left
 * out there. An initial section starts from the start values. */
static bool from_pre(const agen *g, int r)
{
    const mo_dae *dae = g->cg->dae;
    if (r < 0 || g->mode == MO_CG_ALG_INIT || dae->vars.v[r].slot < 0)
        return false;
    mo_dkind kind = dae->vars.v[r].kind;
    if (kind == MO_DV_DISCRETE)   /* (a section that replays its when-statements: every mode) */
        return g->mode == MO_CG_ALG_EVENT || g->cbase >= 0;
    return kind == MO_DV_ALGEBRAIC && mo_dae_discrete_time(dae, r);
}

/* y[slot] = d->pre[slot] for the outputs from *k on that start from pre() and whose slots follow one
 * another (an array: one loop for the run); *k moves past them. The slot holds the variable or its
 * negation, and so does its pre value, so the copy needs no sign. */
static void copy_pre(agen *g, int *k)
{
    const mo_dae *dae = g->cg->dae;
    int first = *k, slot0 = -1, n = 0;
    for (; *k < g->a->ninit; (*k)++, n++) {
        bool neg;
        const mo_expr *value;
        int r = mo_dae_resolve(dae, g->a->init[*k], &neg, &value, NULL);
        if (!from_pre(g, r) || (n && dae->vars.v[r].slot != slot0 + n))
            break;
        if (!n)
            slot0 = dae->vars.v[r].slot;
    }
    indent(g->o, 2);
    if (n < 4) {
        for (int j = 0; j < n; j++) {
            if (j)
                indent(g->o, 2);
            mo_buf_printf(g->o, "y[%d] /* ", slot0 + j);
            mo_cg_comment(g->o, dae->vars.v[g->a->init[first + j]].name, 120);
            mo_buf_printf(g->o, " */ = d->pre[%d];\n", slot0 + j);
        }
        return;
    }
    mo_buf_printf(g->o, "for (int mo_i = 0; mo_i < %d; mo_i++) /* ", n);
    mo_cg_comment(g->o, mo_sprintf("%s and on", dae->vars.v[g->a->init[first]].name), 120);
    mo_buf_printf(g->o, " */\n");
    indent(g->o, 3);
    mo_buf_printf(g->o, "y[%d + mo_i] = d->pre[%d + mo_i];\n", slot0, slot0);
}

/* The outputs that may be read before they are assigned: pre values (from_pre), start values
 * (continuous variables, an initial section's); the discrete ones a when-statement assigns keep what
 * they hold outside update(). */
static void init_outputs(agen *g)
{
    const mo_dae *dae = g->cg->dae;
    for (int k = 0; k < g->a->ninit;) {
        int v = g->a->init[k];
        bool neg;
        const mo_expr *value;
        int r = mo_dae_resolve(dae, v, &neg, &value, NULL);
        if (r < 0) {
            k++;
            continue;
        }
        const mo_dvar *dv = &dae->vars.v[r];
        int from = g->cg->nchecked;
        if (from_pre(g, r)) {
            copy_pre(g, &k);
            continue;
        }
        if (dv->kind == MO_DV_DISCRETE) {
            k++;
            continue;
        }
        k++;
        const mo_expr *start = dae->vars.v[v].start;
        indent(g->o, 2);
        target(g, v, &neg);
        mo_buf_puts(g->o, neg ? " = -(" : " = ");
        if (start)
            expr(g, start);
        else
            mo_buf_puts(g->o, "0.0");
        mo_buf_puts(g->o, neg ? "); /* start */\n" : "; /* start */\n");
        fail_check(g, 2, from);
    }
}

static void reads_stmt(void *ctx, const mo_astmt *s, bool in_when)
{
    (void)in_when;
    const agen *g = ctx;
    mo_astmt_exprs(s, mo_cg_reads_expr_cb, g->cg);
}

/* In update(): the section runs in the first round of a pass of event iteration, and in a round after
 * only when something it reads changed in the round before (codegen_reads.c); then its when-statements
 * compare their conditions with the pass's condition memory, so the run is the same function of pre()
 * and its inputs as the first (its outputs start from pre(), init_outputs). */
static void event_open(agen *g)
{
    const mo_falg *f = g->a->src;
    for (int k = 0; k < f->nout; k++)
        mo_cg_reads_assigned(g->cg->reads, g->cg->dae, f->outs[k]);
    mo_astmt_walk(&g->a->body, reads_stmt, g, false);
    const char *again = mo_cg_reads_end(g->cg->reads, g->cg->dae, g->o, "    ", false);
    mo_buf_printf(g->o, "    if (!d->round_y || %s) {\n", again);
    if (g->a->has_when)
        mo_buf_puts(g->o, "        const unsigned char *cm_ = d->round_y ? d->cond_pass : d->cond;\n");
}

typedef struct assigned {
    const mo_dae *dae;
    mo_int_vec in_when, outside;   /* the variables (resolved) assigned inside when-statements, outside */
    int nconds;                    /* the when-statements' conditions */
} assigned;

static void assigned_stmt(void *ctx, const mo_astmt *s, bool in_when)
{
    assigned *a = ctx;
    if (s->kind == MO_AS_WHEN)
        a->nconds += s->ncond;
    for (int k = 0; s->kind == MO_AS_ASSIGN && k < s->n; k++) {
        int r = mo_dae_resolve(a->dae, s->targets[k], NULL, NULL, NULL);
        if (r >= 0)
            MO_PUSH(*(in_when ? &a->in_when : &a->outside), r);
    }
}

static int cmp_var(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Does section a assign a variable both inside a when-statement and outside when-statements ('when c
 * then n := n + 1; end when; if edge(c) then n := n + 100; end if;')? Then, where it runs outside update()
 * (for a continuous output), its discrete-time outputs start from pre() and its when-statements fire
 * again as in update() (when_replay): without them, the statements outside ran again on the value
 * update() gave (n + 100 at each evaluation of the event's equations: the event iteration never
 * settled), and from pre() without them they would lose the when's n + 1. 11.1.2: every run of a section
 * starts its discrete-time outputs from pre(). The first print of such a section takes the condition
 * memory slots of all its when-statements (cg->alg_conds; update() prints every section with
 * when-statements before the model's ncond), which every mode then numbers alike. The slot of its
 * first when-condition, or -1 for a section that does not replay; n log n in its assignments. */
static int replays(mo_cg *cg, int alg)
{
    const mo_dae *dae = cg->dae;
    const mo_dalg *a = &dae->algs.v[alg];
    if (!a->has_when || a->src->initial || !cg->ev)
        return -1;
    if (!cg->alg_conds) {
        cg->alg_conds = MO_NEWN(int, (size_t)dae->algs.n);
        for (int i = 0; i < dae->algs.n; i++)
            cg->alg_conds[i] = -2;   /* not yet known */
    }
    if (cg->alg_conds[alg] != -2)
        return cg->alg_conds[alg];
    assigned s = {.dae = dae};
    mo_astmt_walk(&a->body, assigned_stmt, &s, false);
    mo_qsort(s.in_when.v, (size_t)s.in_when.n, sizeof(int), cmp_var);
    mo_qsort(s.outside.v, (size_t)s.outside.n, sizeof(int), cmp_var);
    bool both = false;
    for (int i = 0, k = 0; i < s.in_when.n && k < s.outside.n && !both;) {
        both = s.in_when.v[i] == s.outside.v[k];
        if (s.in_when.v[i] < s.outside.v[k])
            i++;
        else
            k++;
    }
    cg->alg_conds[alg] = both ? mo_cg_event_conds(cg, s.nconds) : -1;
    return cg->alg_conds[alg];
}

void mo_cg_alg(mo_cg *cg, mo_buf *o, int alg, mo_cg_alg_mode mode)
{
    const mo_dalg *a = &cg->dae->algs.v[alg];
    agen g;
    memset(&g, 0, sizeof g);
    g.cg = cg;
    g.o = o;
    g.a = a;
    g.mode = mode;
    g.where_id = cg->alg_where0 + alg;
    g.cbase = mode == MO_CG_ALG_INIT ? -1 : replays(cg, alg);
    const mo_loc *l = &a->src->loc;
    mo_buf_printf(o, "    /* %s ", a->src->initial ? "initial algorithm" : "algorithm");
    mo_cg_comment(o, mo_sprintf("%s:%d:%d", l->file ? mo_cg_lib_path(l->file->path) : "<mo2c>", l->line, l->col), 300);
    if (a->src->instance[0]) {
        mo_buf_puts(o, " (");
        mo_cg_comment(o, a->src->instance, 200);
        mo_buf_puts(o, ")");
    }
    mo_buf_puts(o, " */\n");
    if (mode == MO_CG_ALG_EVENT)
        event_open(&g);
    else
        mo_buf_puts(o, "    {\n");
    init_outputs(&g);
    stmts(&g, &a->body, 2);
    mo_buf_puts(o, "    }\n");
}
