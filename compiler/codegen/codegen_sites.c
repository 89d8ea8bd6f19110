/*
 * codegen_sites.c - a call of a user function that several statements of a sequence read, run once.
 *
 * An equation (a, b) = f(x) over arrays is flattened into one equation per element of a and b, each
 * the call's element (mo_expr.func_out, func_el), and every one of them shares the call's argument array
 * (funcall_model.c). Written one by one, each element's statement would run f and print x again: N
 * elements of N arguments are N^2 of C text and N runs of f per evaluation. Here, while the blocks of a
 * sequence (rhs, outputs, the initial system: codegen.c's emit_blocks) are written, the first statement
 * that reads such a call where it is always evaluated (not in an if-expression's branch nor the right
 * operand of 'and' or 'or', not a start value's conditional assignment) is preceded by a statement that
 * runs f once and copies the elements the sequence reads into a static array of the part's function
 * (mo_s<k>); the statements after it, in the same C function, read the array. The arguments have their
 * values by then (the first element's equation reads all of them, so the sorted order computed them
 * before) and keep them until the sequence ends (each variable is assigned once per evaluation). Calls
 * are told apart by their argument nodes (shared by the elements of one call; an argument the back end
 * rewrote, an alias substituted, makes a call of its own, run as before). Statements written as loops
 * (codegen_loops.c) and the texts that find them are left as they were.
 *
 * Guarantees: a statement reads a site only after the site's statement in the same C function (a new
 * part of a split sequence starts without sites); the site statement fails (ok = 0, return -1) as the
 * call would.
 */
#include "codegen.h"
#include "codegen_fn.h"

#include <stdint.h>
#include <string.h>

typedef struct site {
    const mo_expr *call;      /* one of the call's elements (NULL: an empty entry) */
    int uses;                 /* element reads in the sequence's explicit blocks */
    int *maxel;               /* per output: the largest element read (-1: none) */
    int *off;                 /* per output: its first element's place in mo_s<id> */
    int id;                   /* -1 until written */
    const void *scope;        /* where it was written (the part: see mo_cg_sites_scope) */
    int scope_n;
} site;

struct mo_cg_sites {
    site *v;                  /* open addressing on the first argument (same_call) */
    int cap, n;
    const void *scope;        /* the current C function: the split and its part number */
    int scope_n;
};

static size_t hash_key(const mo_expr *call)
{
    uint64_t h = (uint64_t)(uintptr_t)call->a[0] * 0x9e3779b97f4a7c15ull;
    return (size_t)(h ^ (h >> 32));
}

/* Are a and b elements of one call: the same function and the same argument nodes (the elements of a
 * call share its arguments, funcall_model.c)? */
static bool same_call(const mo_expr *a, const mo_expr *b)
{
    if (a->func != b->func || a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->a[i] != b->a[i])
            return false;
    return true;
}

static site *find(mo_cg_sites *s, const mo_expr *key, bool add)
{
    if (add && 2 * (s->n + 1) > s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        site *v = MO_NEWN(site, cap);
        memset(v, 0, sizeof *v * (size_t)cap);
        for (int i = 0; i < s->cap; i++)
            if (s->v[i].call) {
                size_t q = hash_key(s->v[i].call) & (size_t)(cap - 1);
                while (v[q].call)
                    q = (q + 1) & (size_t)(cap - 1);
                v[q] = s->v[i];
            }
        s->v = v;
        s->cap = cap;
    }
    if (!s->cap)
        return NULL;
    size_t q = hash_key(key) & (size_t)(s->cap - 1);
    while (s->v[q].call && !same_call(s->v[q].call, key))
        q = (q + 1) & (size_t)(s->cap - 1);
    if (s->v[q].call || !add)
        return s->v[q].call ? &s->v[q] : NULL;
    s->n++;
    return &s->v[q];
}

/* A call whose elements may share a site: a user function's, in the model's code, with arguments and
 * no String output. */
static bool candidate(const mo_expr *e)
{
    if (e->kind != MO_EX_CALL || !e->func || e->n == 0 || e->func_out >= e->func->nout)
        return false;
    for (int k = 0; k < e->func->nout; k++)
        if (e->func->vars.v[e->func->nin + k].type == MO_T_STRING)
            return false;
    return true;
}

/* How many operands of e are always evaluated where e is (see the top of the file): none of a call
 * that is a candidate (its arguments are printed once, by the site), the condition of an
 * if-expression, the left operand of 'and' and 'or'. */
static int always(const mo_expr *e)
{
    if (e->kind == MO_EX_VAR)   /* (VAR nodes may be short: ast.h) */
        return 0;
    if (candidate(e))
        return 0;
    if (e->kind == MO_EX_IF || (e->kind == MO_EX_BINARY && (e->op == MO_OP_AND || e->op == MO_OP_OR)))
        return e->n ? 1 : 0;
    return e->n;
}

/* Count the element reads of e (not inside the arguments of one, where a site's statement cannot go);
 * whether e holds any. A node several paths of one solution reach (mo_dag) counts on each path, as its
 * calls run on each (codegen_temps.c makes no local of a call), but is walked again only when it holds
 * calls: the walk of a derivative's DAG without them stays linear. */
static bool count(mo_cg_sites *s, const mo_expr *e, mo_dag *w)
{
    if (e->kind == MO_EX_VAR)
        return false;
    intptr_t seen = (intptr_t)mo_dag_get(w, e);   /* 1: holds no call, 2: holds some */
    if (seen == 1)
        return false;
    mo_dag_nodes++;
    bool any = false;
    if (candidate(e)) {
        site *x = find(s, e, true);
        if (!x->call) {
            x->call = e;
            x->id = -1;
            x->maxel = MO_NEWN(int, e->func->nout + 1);
            for (int k = 0; k < e->func->nout; k++)
                x->maxel[k] = -1;
        }
        x->uses++;
        if (e->func_el > x->maxel[e->func_out])
            x->maxel[e->func_out] = e->func_el;
        any = true;
    } else {
        for (int i = 0; i < e->n; i++)
            any = count(s, e->a[i], w) || any;
    }
    if (!seen)
        mo_dag_put(w, e, (void *)(intptr_t)(any ? 2 : 1));
    return any;
}

mo_cg_sites *mo_cg_sites_new(int n, const mo_expr *const *solutions)
{
    mo_cg_sites *s = MO_NEW(mo_cg_sites);
    memset(s, 0, sizeof *s);
    static mo_dag dag;
    for (int i = 0; i < n; i++)
        if (solutions[i]) {
            mo_dag *w = mo_dag_begin(&dag);
            count(s, solutions[i], w);
            mo_dag_end(w);
        }
    return s;
}

void mo_cg_sites_scope(mo_cg_sites *s, const void *fn, int part)
{
    if (s) {
        s->scope = fn;
        s->scope_n = part;
    }
}

/* Is the site written in the current C function, and may the code being printed read it? */
static bool readable(const mo_cg *cg, const site *x)
{
    const mo_cg_sites *s = cg->sites;
    return x && x->id >= 0 && x->scope == s->scope && x->scope_n == s->scope_n && !cg->loop_collect &&
           !cg->loop_base;
}

/* The statement that runs the call of site x once: its elements into mo_s<id> (static: no stack for a
 * large one), the function stack released after the copy. */
static void write_site(mo_cg *cg, mo_buf *o, site *x, const char *indent)
{
    const mo_func *f = x->call->func;
    x->off = MO_NEWN(int, f->nout + 1);
    int total = 0;
    for (int k = 0; k < f->nout; k++) {
        x->off[k] = total;
        if (x->maxel[k] >= 0)
            total += f->vars.v[f->nin + k].nd ? x->maxel[k] + 1 : 1;
    }
    x->id = cg->alg_names++;
    x->scope = cg->sites->scope;
    x->scope_n = cg->sites->scope_n;
    mo_buf_printf(o, "%sstatic double mo_s%d[%d];   /* %s once for the %d statements that read it */\n",
                  indent, x->id, total > 0 ? total : 1, f->name, x->uses);
    mo_buf_printf(o, "%s{\n", indent);
    int in = (int)strlen(indent) / 4 + 1;
    mo_cg_fn_call_outputs(cg, o, in, x->call, x->id, x->maxel);
    mo_buf_printf(o, "%s    if (ok) {\n", indent);
    for (int k = 0; k < f->nout; k++) {
        if (x->maxel[k] < 0)
            continue;
        if (f->vars.v[f->nin + k].nd)
            mo_buf_printf(o, "%s        memcpy(mo_s%d + %d, o%d_%d.v, sizeof(double) * %d);\n", indent, x->id,
                          x->off[k], x->id, k, x->maxel[k] + 1);
        else
            mo_buf_printf(o, "%s        mo_s%d[%d] = o%d_%d;\n", indent, x->id, x->off[k], x->id, k);
    }
    mo_buf_printf(o, "%s    }\n", indent);
    mo_buf_printf(o, "%s    mo2c_frelease(d, m%d_);\n%s}\n", indent, x->id, indent);
    mo_buf_printf(o, "%sif (!ok)\n%s    return -1;\n", indent, indent);
}

/* Write the sites e reads where it is always evaluated, unless written already. */
static void prepare(mo_cg *cg, mo_buf *o, const mo_expr *e, const char *indent, mo_dag *w)
{
    if (e->kind == MO_EX_VAR || !mo_dag_first(w, e))   /* (its sites are written already: ast.h) */
        return;
    mo_dag_nodes++;
    if (candidate(e)) {
        site *x = find(cg->sites, e, false);
        if (x && x->uses >= 2 && !readable(cg, x))
            write_site(cg, o, x, indent);
        return;
    }
    /* an event relation prints as its frozen value: the calls in its operands are not run here (a
     * phase test 'h < hl_p(p)' of IF97 ran hl_p in every rhs for nothing, and gcc warned of the unread
     * mo_s) */
    if (mo_cg_event_frozen(cg, e))
        return;
    int n = always(e);
    for (int i = 0; i < n; i++)
        prepare(cg, o, e->a[i], indent, w);
}

void mo_cg_sites_prepare(mo_cg *cg, mo_buf *o, const mo_expr *e, const char *indent)
{
    static mo_dag dag;
    if (cg->sites && !cg->loop_collect && !cg->loop_base && !cg->fn) {
        mo_dag *w = mo_dag_begin(&dag);
        prepare(cg, o, e, indent, w);
        mo_dag_end(w);
    }
}

bool mo_cg_site_read(mo_cg *cg, const mo_expr *e)
{
    if (!cg->sites || cg->fn || !candidate(e))
        return false;
    site *x = find(cg->sites, e, false);
    if (!readable(cg, x) || e->func_el > x->maxel[e->func_out])
        return false;
    bool array = e->func->vars.v[e->func->nin + e->func_out].nd > 0;
    mo_buf_printf(cg->out, "mo_s%d[%d]", x->id, x->off[e->func_out] + (array ? e->func_el : 0));
    return true;
}
