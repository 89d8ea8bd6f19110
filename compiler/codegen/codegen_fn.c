/*
 * codegen_fn.c - user-defined functions as C functions of the generated simulator.
 *
 * Input: the flat functions (flat.h) that the model's generated code calls (marked by mo_cg_fn_call as
 * codegen.c prints the equations), and, transitively, the functions those call. Output, appended to
 * one buffer: a prototype per function (so recursion and any order work), a value wrapper per function
 * whose value an expression uses, the "where" strings of their statements, and the definitions.
 *
 * Shape of a function P.f(x, A[:, :]) -> (y, z[:]), a scalar slot a C double (Integer and Boolean values
 * are exact in a double, as everywhere in the runtime), an array slot an mo2c_arr (codegen_fn.h):
 *     static int f_0_P_f(mo2c_data *d, double v0_x, const mo2c_arr *v1_A, double *out0, mo2c_arr *out1);
 *         0 on success, -1 after mo2c_fail; scalar outputs through the pointers, array outputs made on
 *         the function stack for the caller (mo2c_aout).
 *     static double f_0_P_f_v(mo2c_data *d, int k, int el, double v0_x, const mo2c_arr *v1_A, int *ok);
 *         the value of element el of output slot k, for use in an expression; on failure *ok = 0. In the
 *         model an array argument is a compound literal of its elements.
 * A function's body: its array outputs and locals get their sizes and initial values in the order the
 * front end found (mo_func.init_order), then the algorithm; every way out (the end, return, a failure)
 * goes through one exit that releases the function's stack mark and frees its arrays.
 * Identifiers never come from the model text: f_<n>_<name with every other character as '_'> and
 * v<slot>_<same>; the model's names appear only in comments (mo_cg_comment) and strings
 * (mo_cg_c_string, never as a printf format). Checked operations and array operations name the
 * statement ("file:line: text (function P.f)"). A while loop that has not ended after MO2C_MAX_WHILE
 * iterations fails the run with a message instead of hanging it; recursion is bounded by the C stack it
 * uses (mo2c_fenter: a runaway recursion fails the run naming the function, never overflows the stack).
 */
#include "codegen_fn.h"
#include "str.h"

#include <string.h>

enum { MARK_NONE, MARK_USED, MARK_DONE, MARK_STATE = 3, MARK_VALUE = 4 /* its value wrapper is used */,
       MARK_SVALUE = 8 /* its String wrapper is used */ };
enum { MAX_DIMS = 8 };   /* of an array slot (the front end's MO_MAX_DIMS) */

static const char *sanitized(const char *s)
{
    mo_buf b = {0};
    for (int i = 0; s[i] && i < 32; i++) {
        char ch = s[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
        mo_buf_putn(&b, ok ? &s[i] : "_", 1);
    }
    return mo_buf_str(&b);
}

const char *mo_cg_fn_slot(const mo_func *f, int v)
{
    if (v < 0 || v >= f->vars.n)
        mo_unreachable("function slot out of range");
    return mo_sprintf("v%d_%s", v, sanitized(f->vars.v[v].name));
}

void mo_fg_use(const mo_func *f)
{
    mo_func *m = (mo_func *)f;
    if ((m->cg_mark & MARK_STATE) == MARK_NONE)
        m->cg_mark |= MARK_USED;
}

void mo_fg_indent(mo_buf *o, int in)
{
    for (int i = 0; i < in; i++)
        mo_buf_puts(o, "    ");
}

static void line(mo_buf *o, int in, const char *text)
{
    mo_fg_indent(o, in);
    mo_buf_puts(o, text);
    mo_buf_puts(o, "\n");
}

/* An array argument in the model: a compound literal of its elements (nested MO_EX_ARRAY). */
static void literal_elements(mo_cg *cg, const mo_expr *a, int *count)
{
    if (a->kind != MO_EX_ARRAY) {
        mo_buf_puts(cg->out, (*count)++ ? ", " : "");
        mo_cg_expr(cg, a);
        return;
    }
    for (int i = 0; i < a->n; i++)
        literal_elements(cg, a->a[i], count);
}

/* The leaves of array value a (nested MO_EX_ARRAY) in order into *leaf, at most max of them; false
 * when there are more. */
static bool array_leaves(const mo_expr *a, const mo_expr **leaf, int *n, int max)
{
    if (a->kind != MO_EX_ARRAY) {
        if (*n == max)
            return false;
        leaf[(*n)++] = a;
        return true;
    }
    for (int i = 0; i < a->n; i++)
        if (!array_leaves(a->a[i], leaf, n, max))
            return false;
    return true;
}

/* Are the n elements of array value a variables held side by side in one array (an array variable
 * passed whole, as it usually is)? Then *arr and *slot give the first. */
static bool contiguous(const mo_cg *cg, const mo_expr *a, int n, const char **arr, int *slot)
{
    if (n < 4 || cg->leaf)   /* (a few elements read as well one by one) */
        return false;
    const mo_expr **leaf = MO_NEWN(const mo_expr *, n);
    int m = 0;
    if (!array_leaves(a, leaf, &m, n) || m != n)
        return false;
    for (int i = 0; i < n; i++) {
        const char *ai;
        int si;
        if (leaf[i]->kind != MO_EX_VAR || leaf[i]->var < 0 || !mo_cg_storage(cg, leaf[i]->var, &ai, &si))
            return false;
        if (i == 0) {
            *arr = ai;
            *slot = si;
        } else if (strcmp(ai, *arr) != 0 || si != *slot + i) {
            return false;
        }
    }
    return true;
}

static void array_literal(mo_cg *cg, const mo_expr *a, int nd)
{
    int dims[MAX_DIMS] = {0}, n = 1;
    const mo_expr *x = a;
    for (int k = 0; k < nd; k++) {
        dims[k] = x && x->kind == MO_EX_ARRAY ? x->n : 0;
        n *= dims[k];
        x = x && x->kind == MO_EX_ARRAY && x->a ? x->a[0] : NULL;   /* (an empty level: its template) */
    }
    const char *arr = NULL;
    int slot = 0;
    if (contiguous(cg, a, n, &arr, &slot)) {
        /* the storage itself, which the function only reads (its inputs are read-only) */
        mo_buf_puts(cg->out, "&(mo2c_arr){(double *)&");
        mo_cg_put_slot(cg, cg->out, arr, slot);
        if (cg->names) {
            const mo_expr *first = a;
            while (first->kind == MO_EX_ARRAY)
                first = first->a[0];
            mo_buf_puts(cg->out, " /* ");
            mo_cg_comment(cg->out, mo_sprintf("%s and on", cg->dae->vars.v[first->var].name), 120);
            mo_buf_puts(cg->out, " */");
        }
        mo_buf_printf(cg->out, ", %d, %d, {", n, nd);
        for (int k = 0; k < nd; k++)
            mo_buf_printf(cg->out, "%s%d", k ? ", " : "", dims[k]);
        mo_buf_puts(cg->out, "}, NULL}");
        return;
    }
    mo_buf_puts(cg->out, "&(mo2c_arr){(double[]){");
    int count = 0;
    literal_elements(cg, a, &count);
    if (!count)
        mo_buf_puts(cg->out, "0.0");
    mo_buf_printf(cg->out, "}, %d, %d, {", n, nd);
    for (int k = 0; k < nd; k++)
        mo_buf_printf(cg->out, "%s%d", k ? ", " : "", dims[k]);
    mo_buf_puts(cg->out, "}, NULL}");
}

/* ", arg" for each argument of call e of f, as the model passes them. */
static void call_args(mo_cg *cg, const mo_func *f, const mo_expr *e)
{
    for (int i = 0; i < e->n; i++) {
        mo_buf_puts(cg->out, ", ");
        if (f->vars.v[i].nd && !cg->fn)
            array_literal(cg, e->a[i], f->vars.v[i].nd);
        else if (f->vars.v[i].type == MO_T_STRING && !cg->fn)
            mo_cg_string_arg(cg, e->a[i]);
        else
            mo_cg_expr(cg, e->a[i]);   /* in a function, an array prints as its pointer (mo_fg_leaf) */
    }
}

void mo_cg_fn_call(mo_cg *cg, const mo_expr *e)
{
    if (mo_cg_site_read(cg, e))   /* run once for several statements (codegen_sites.c) */
        return;
    const mo_func *f = e->func;
    mo_fg_use(f);
    if (!cg->loop_collect)   /* (text looked at and thrown away: the call printed for good may be a site's) */
        ((mo_func *)f)->cg_mark |= MARK_VALUE;
    mo_buf_printf(cg->out, "%s_v(d, %d, %d", f->cname, e->func_out, e->func_el);
    call_args(cg, f, e);
    mo_buf_puts(cg->out, ", &ok)");
    cg->nchecked++;
}

void mo_cg_fn_string(mo_cg *cg, const mo_expr *e)
{
    const mo_func *f = e->func;
    mo_fg_use(f);
    if (!cg->loop_collect)
        ((mo_func *)f)->cg_mark |= MARK_SVALUE;
    mo_buf *o = cg->out;
    mo_buf_printf(o, "%s_s(d, %d", f->cname, e->func_out);
    call_args(cg, f, e);
    cg->out = o;
    mo_buf_puts(o, ", &ok)");
    cg->nchecked++;
}

/* The message of an array output smaller than the elements the model takes from it ("%s has %d
 * elements, not the %d the model was compiled for": a fixed format, the names an escaped argument). */
static void size_fail(mo_buf *o, const mo_func *f, int k, const char *arr, const char *el1)
{
    mo_buf_puts(o, "mo2c_fail(d, \"%s has %d elements, not the %d the model was compiled for\", \"");
    mo_cg_c_string(o, mo_sprintf("output %s of function %s", f->vars.v[f->nin + k].name, f->name));
    mo_buf_printf(o, "\", %s.n, %s);\n", arr, el1);
}

void mo_cg_fn_call_outputs(mo_cg *cg, mo_buf *o, int in, const mo_expr *call, int id, const int *maxel)
{
    const mo_func *f = call->func;
    mo_fg_use(f);
    mo_fg_indent(o, in);
    mo_buf_printf(o, "const size_t m%d_ = mo2c_fmark(d);\n", id);
    for (int k = 0; k < f->nout; k++) {
        const mo_fvar *x = &f->vars.v[f->nin + k];
        mo_fg_indent(o, in);
        mo_buf_printf(o, x->nd ? "mo2c_arr o%d_%d;\n" : x->type == MO_T_STRING ? "const char *o%d_%d;\n"
                      : "double o%d_%d;\n", id, k);
    }
    mo_fg_indent(o, in);
    mo_buf_printf(o, "if (ok && %s(d", f->cname);
    cg->out = o;
    call_args(cg, f, call);
    for (int k = 0; k < f->nout; k++)
        mo_buf_printf(o, ", &o%d_%d", id, k);
    mo_buf_puts(o, ") != 0)\n");
    mo_fg_indent(o, in + 1);
    mo_buf_puts(o, "ok = 0;\n");
    cg->nchecked++;
    for (int k = 0; k < f->nout; k++) {
        if (!f->vars.v[f->nin + k].nd || maxel[k] < 0)
            continue;
        const char *arr = mo_sprintf("o%d_%d", id, k);
        mo_fg_indent(o, in);
        mo_buf_printf(o, "if (ok && %s.n <= %d) {\n", arr, maxel[k]);
        mo_fg_indent(o, in + 1);
        size_fail(o, f, k, arr, mo_sprintf("%d", maxel[k] + 1));
        mo_fg_indent(o, in + 1);
        mo_buf_puts(o, "ok = 0;\n");
        mo_fg_indent(o, in);
        mo_buf_puts(o, "}\n");
    }
}

/* ---- one function ---- */

int mo_fg_tmp(mo_fgen *g)
{
    return g->ntmp++;
}

const char *mo_fg_where(mo_fgen *g)
{
    if (!g->wname)
        g->wname = mo_sprintf("%s_W%d_", g->f->cname, g->nwhere++);
    return g->wname;
}

/* A statement's code begins: a where name of its own, no prepared values (the enclosing statement's
 * come back at its end). */
typedef struct stmt_state {
    const mo_fstmt *stmt;
    const char *wname;
    size_t from;
    mo_map leaf;
    int block;
} stmt_state;

static stmt_state stmt_begin(mo_fgen *g, const mo_fstmt *s, mo_buf *o)
{
    stmt_state keep = {g->stmt, g->wname, o->len, g->leaf, g->block};
    g->stmt = s;
    g->wname = NULL;
    g->leaf = (mo_map){0};
    g->block = 0;
    mo_fg_where(g);
    g->cg.where_name = g->wname;
    return keep;
}

/* ... and ends: its where string is written when its code (from keep.from on) names it. */
static void stmt_end(mo_fgen *g, mo_buf *o, stmt_state keep)
{
    const mo_fstmt *s = g->stmt;
    if (strstr(o->s + keep.from, g->wname)) {
        mo_buf w = {0};
        mo_buf_printf(&w, "%s:%d: %s (function %s)", s->loc.file ? s->loc.file->path : "<mo2c>", s->loc.line,
                      s->text ? s->text : "", g->f->name);
        const char *t = mo_buf_str(&w);
        if (strlen(t) > 300)
            t = mo_sprintf("%.300s...", t);
        mo_buf_printf(g->where, "static const char %s[] = \"", g->wname);
        mo_cg_c_string(g->where, t);
        mo_buf_puts(g->where, "\";\n");
    }
    g->stmt = keep.stmt;
    g->wname = keep.wname;
    g->cg.where_name = keep.wname;
    g->leaf = keep.leaf;
    g->block = keep.block;
}

static void fail_check(const mo_fgen *g, mo_buf *o, int in, int from)
{
    if (g->cg.nchecked > from) {
        line(o, in, "if (!ok)");
        line(o, in + 1, "goto fail_;");
    }
}

/* Does statement s make temporaries on the function stack (then it gets a block with a mark)? */
static bool stmt_needs(mo_fgen *g, const mo_fstmt *s)
{
    if (s->value && mo_fg_needs(g, s->value))
        return true;
    if (s->value && s->value->kind == MO_EX_CALL && s->value->func && (s->kind == MO_ST_CALL || s->ntargets > 1))
        return true;   /* multi_call declares the outputs */
    for (int k = 0; k < s->ntargets; k++)
        if ((s->target_exprs && s->target_exprs[k]) || (s->targets[k] >= 0 && g->f->vars.v[s->targets[k]].nd))
            return true;
    for (int i = 0; i < s->nconds; i++)
        if (mo_fg_needs(g, s->conds[i]))
            return true;
    return s->kind == MO_ST_FOR && s->range && (s->range->kind != MO_EX_RANGE || mo_fg_needs(g, s->range));
}

static int mark_open(mo_fgen *g, mo_buf *o, int in)
{
    int k = mo_fg_tmp(g);
    line(o, in, "{");
    line(o, in + 1, mo_sprintf("const size_t t%d_ = mo2c_fmark(d);", k));
    return k;
}

static void mark_close(mo_buf *o, int in, int k)
{
    line(o, in + 1, mo_sprintf("mo2c_frelease(d, t%d_);", k));
    line(o, in, "}");
}

static void stmts(mo_fgen *g, mo_buf *o, const mo_fstmt_list *l, int in);

static void comment(mo_buf *o, int in, const mo_fstmt *s)
{
    mo_fg_indent(o, in);
    mo_buf_printf(o, "/* %d: ", s->loc.line);
    mo_cg_comment(o, s->text ? s->text : "", 200);
    mo_buf_puts(o, " */\n");
}

/* A call with several outputs (or none used): into one C variable per output, then into the targets. */
static void multi_call(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    const char **outs = mo_fg_call(g, o, in, s->value);
    const mo_func *h = s->value->func;
    for (int k = 0; k < s->ntargets; k++)
        if (s->targets[k] >= 0)
            mo_fg_store(g, o, in, s->targets[k], s->target_exprs ? s->target_exprs[k] : NULL, outs[k],
                        h->vars.v[h->nin + k].nd > 0);
}

/* assert(condition, "message", level): the message is a C string literal passed to "%s"; a warning
 * (level 2) is printed once per statement and the function goes on */
static void assertion(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    const char *c = mo_fg_scalar(g, o, in, s->value->a[0]);
    bool warning = s->value->n > 2 && s->value->a[2]->ival == 2;
    line(o, in, mo_sprintf("if (!(%s) && ok) {", c));
    /* the message: evaluated only when the assertion fails */
    const char *msg = mo_fg_scalar(g, o, in + 1, s->value->a[1]);
    mo_fg_indent(o, in + 1);
    if (warning)
        mo_buf_printf(o, "mo2c_fwarn(d, %s, \"", mo_fg_where(g));
    else
        mo_buf_puts(o, "mo2c_fail(d, \"assertion failed in function %s: %s\", \"");
    mo_cg_c_string(o, g->f->name);
    mo_buf_printf(o, "\", %s);\n", msg);
    if (!warning)
        line(o, in + 1, "goto fail_;");
    line(o, in, "}");
}

static void assign(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    int slot = s->targets[0];
    const mo_expr *sub = s->target_exprs ? s->target_exprs[0] : NULL;
    bool array = mo_func_expr_rank(g->f, s->value) > 0;
    const char *v = array ? mo_fg_array(g, o, in, s->value, false) : mo_fg_scalar(g, o, in, s->value);
    mo_fg_store(g, o, in, slot, sub, v, array);
}

static void stmt_for(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    const char *it = mo_cg_fn_slot(g->f, s->iter);
    const mo_expr *r = s->range;
    int k = mo_fg_tmp(g);
    line(o, in, "{");
    in++;
    line(o, in, mo_sprintf("const size_t r%d_ = mo2c_fmark(d);", k));
    const char *vec = NULL;
    if (r->kind == MO_EX_RANGE) {
        const char *lo = mo_fg_scalar(g, o, in, r->a[0]);
        const char *st = r->n == 3 ? mo_fg_scalar(g, o, in, r->a[1]) : "1.0";
        const char *hi = mo_fg_scalar(g, o, in, r->a[r->n - 1]);
        line(o, in, mo_sprintf("const double lo%d_ = %s, st%d_ = %s, hi%d_ = %s;", k, lo, k, st, k, hi));
        line(o, in, "if (!ok)");
        line(o, in + 1, "goto fail_;");
        line(o, in, mo_sprintf("if (st%d_ == 0.0) {", k));
        mo_fg_indent(o, in + 1);
        mo_buf_puts(o, "mo2c_fail(d, \"the step of a for range is zero in function %s\", \"");
        mo_cg_c_string(o, g->f->name);
        mo_buf_puts(o, "\");\n");
        line(o, in + 1, "goto fail_;");
        line(o, in, "}");
    } else {   /* the elements of a vector, evaluated once */
        vec = mo_fg_array(g, o, in, r, true);
        line(o, in, "if (!ok)");
        line(o, in + 1, "goto fail_;");
    }
    line(o, in, mo_sprintf("const size_t m%d_ = mo2c_fmark(d);", k));
    if (vec)
        line(o, in, mo_sprintf("for (long j%d_ = 0; j%d_ < %s->n; j%d_++) {", k, k, vec, k));
    else
        line(o, in, mo_sprintf("for (%s = lo%d_; st%d_ > 0 ? %s <= hi%d_ : %s >= hi%d_; %s += st%d_) {", it, k, k, it,
                               k, it, k, it, k));
    line(o, in + 1, mo_sprintf("mo2c_frelease(d, m%d_);", k));
    if (vec)
        line(o, in + 1, mo_sprintf("%s = %s->v[j%d_];", it, vec, k));
    stmts(g, o, &s->bodies[0], in + 1);
    line(o, in, "}");
    line(o, in, mo_sprintf("mo2c_frelease(d, r%d_);", k));
    in--;
    line(o, in, "}");
}

static void stmt_while(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    int k = mo_fg_tmp(g);
    line(o, in, "{");
    line(o, in + 1, mo_sprintf("const size_t m%d_ = mo2c_fmark(d);", k));
    line(o, in + 1, mo_sprintf("for (long n%d_ = 0;; n%d_++) {", k, k));
    in += 2;
    line(o, in, mo_sprintf("mo2c_frelease(d, m%d_);", k));
    line(o, in, mo_sprintf("if (n%d_ == MO2C_MAX_WHILE) {", k));
    mo_fg_indent(o, in + 1);
    mo_buf_puts(o, "mo2c_fail(d, \"%s:%d: while loop of function %s did not end after %ld iterations\", \"");
    mo_cg_c_string(o, s->loc.file ? s->loc.file->path : "<mo2c>");
    mo_buf_printf(o, "\", %d, \"", s->loc.line);
    mo_cg_c_string(o, g->f->name);
    mo_buf_puts(o, "\", (long)MO2C_MAX_WHILE);\n");
    line(o, in + 1, "goto fail_;");
    line(o, in, "}");
    line(o, in, mo_sprintf("const int c%d_ = %s;", k, mo_fg_scalar(g, o, in, s->conds[0])));
    line(o, in, "if (!ok)");
    line(o, in + 1, "goto fail_;");
    line(o, in, mo_sprintf("if (!c%d_)", k));
    line(o, in + 1, "break;");
    stmts(g, o, &s->bodies[0], in);
    in -= 2;
    line(o, in + 1, "}");
    line(o, in + 1, mo_sprintf("mo2c_frelease(d, m%d_);", k));
    line(o, in, "}");
}

/* if c1 then ... elseif c2 then ... else ... end if: a condition that needs statements is evaluated only
 * when the conditions before it are false, inside the else of the one before */
static void stmt_if(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    int depth = 0;   /* else-blocks opened for such conditions */
    for (int i = 0; i < s->nconds; i++) {
        int at = in + depth;
        if (i == 0) {
            line(o, at, mo_sprintf("if (%s) {", mo_fg_scalar(g, o, at, s->conds[0])));
        } else if (mo_fg_needs(g, s->conds[i])) {
            line(o, at, "} else {");
            depth++;
            at++;
            line(o, at, mo_sprintf("if (%s) {", mo_fg_scalar(g, o, at, s->conds[i])));
        } else {
            line(o, at, mo_sprintf("} else if (%s) {", mo_fg_scalar(g, o, at, s->conds[i])));
        }
        stmts(g, o, &s->bodies[i], at + 1);
    }
    if (s->bodies[s->nconds].n) {
        line(o, in + depth, "} else {");
        stmts(g, o, &s->bodies[s->nconds], in + depth + 1);
    }
    for (; depth >= 0; depth--)
        line(o, in + depth, "}");
}

static void stmt(mo_fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    stmt_state keep = stmt_begin(g, s, o);
    int from = g->cg.nchecked;
    bool block = s->kind != MO_ST_FOR && s->kind != MO_ST_WHILE && stmt_needs(g, s);
    if (s->kind != MO_ST_IF && s->kind != MO_ST_BREAK && s->kind != MO_ST_RETURN)
        comment(o, in, s);
    int mark = block ? mark_open(g, o, in) : 0;
    int at = in + block;
    switch (s->kind) {
    case MO_ST_ASSIGN:
        /* (func only on a call: on another node those bytes are another field's, or missing, ast.h) */
        if (s->ntargets > 1 ||
            (s->value->kind == MO_EX_CALL && s->value->func && s->value->func->nout > 1 && s->ntargets != 1))
            multi_call(g, o, s, at);
        else
            assign(g, o, s, at);
        break;
    case MO_ST_CALL:
        if (s->value->func)
            multi_call(g, o, s, at);
        else
            assertion(g, o, s, at);
        break;
    case MO_ST_IF:
        stmt_if(g, o, s, at);
        break;
    case MO_ST_FOR:
        stmt_for(g, o, s, at);
        break;
    case MO_ST_WHILE:
        stmt_while(g, o, s, at);
        break;
    case MO_ST_BREAK:
        line(o, at, "break;");
        break;
    case MO_ST_RETURN:
        g->has_return = true;
        line(o, at, "goto done_;");
        break;
    case MO_ST_WHEN:
        mo_unreachable("statement kind in a function");
    }
    if (s->kind != MO_ST_FOR && s->kind != MO_ST_WHILE && s->kind != MO_ST_IF)
        fail_check(g, o, at, from);
    else if (s->kind == MO_ST_IF)
        fail_check(g, o, at, from);   /* a failed condition: the branch taken does not matter */
    if (block)
        mark_close(o, in, mark);
    stmt_end(g, o, keep);
}

static void stmts(mo_fgen *g, mo_buf *o, const mo_fstmt_list *l, int in)
{
    for (int i = 0; i < l->n; i++)
        stmt(g, o, l->v[i], in);
}

/* ---- declarations ---- */

static const char *slot_param(const mo_func *f, int v)
{
    return mo_sprintf(f->vars.v[v].nd ? "const mo2c_arr *%s" : f->vars.v[v].type == MO_T_STRING ? "const char *%s"
                      : "double %s", mo_cg_fn_slot(f, v));
}

/* the C declaration of an output or local (without its initial value) */
static const char *slot_local(const mo_func *f, int v)
{
    return mo_sprintf(f->vars.v[v].nd ? "mo2c_arr %s" : f->vars.v[v].type == MO_T_STRING ? "char *%s" : "double %s",
                      mo_cg_fn_slot(f, v));
}

static void signature(mo_buf *o, const mo_func *f)
{
    mo_buf_printf(o, "static int %s(mo2c_data *d", f->cname);
    for (int v = 0; v < f->nin; v++)
        mo_buf_printf(o, ", %s", slot_param(f, v));
    for (int k = 0; k < f->nout; k++)
        mo_buf_printf(o, f->vars.v[f->nin + k].nd ? ", mo2c_arr *out%d" : f->vars.v[f->nin + k].type == MO_T_STRING
                      ? ", const char **out%d" : ", double *out%d", k);
    mo_buf_puts(o, ")");
}

static void value_signature(mo_buf *o, const mo_func *f)
{
    mo_buf_printf(o, "static double %s_v(mo2c_data *d, int k, int el", f->cname);
    for (int v = 0; v < f->nin; v++)
        mo_buf_printf(o, ", %s", slot_param(f, v));
    mo_buf_puts(o, ", int *ok)");
}

/* A pseudo statement naming a declaration in messages. */
static mo_fstmt *decl_stmt(const mo_fvar *x, const char *what)
{
    mo_fstmt *s = MO_NEW(mo_fstmt);
    s->loc = x->loc;
    s->text = mo_sprintf("%s of %s", what, x->name);
    return s;
}

/* The declared sizes of array slot v as a C array of doubles (':' as dflt(k)). */
static const char *sizes(mo_fgen *g, mo_buf *o, int in, int v, bool input)
{
    const mo_fvar *x = &g->f->vars.v[v];
    mo_buf b = {0};
    for (int k = 0; k < x->nd; k++) {
        const char *t = x->dims[k] ? mo_fg_scalar(g, o, in, x->dims[k])
                        : input ? mo_sprintf("%s->dim[%d]", mo_cg_fn_slot(g->f, v), k) : "0.0";
        mo_buf_printf(&b, "%s(double)(%s)", k ? ", " : "", t);
    }
    return mo_sprintf("(const double[]){%s}", mo_buf_str(&b));
}

/* Outputs and locals are made and get their initial values, then inputs of declared sizes are checked:
 * a declared size may read a protected constant (input Real v[m]; protected constant Integer m = 3). */
static void declarations(mo_fgen *g, mo_buf *o)
{
    const mo_func *f = g->f;
    for (int i = 0; i < f->ninit; i++) {
        int v = f->init_order[i];
        const mo_fvar *x = &f->vars.v[v];
        if (!x->nd && !x->binding)
            continue;
        mo_fstmt *s = decl_stmt(x, x->binding ? "the value" : "the size");
        stmt_state keep = stmt_begin(g, s, o);
        int from = g->cg.nchecked;
        bool block = x->nd || mo_fg_needs(g, x->binding);
        int m = block ? mark_open(g, o, 1) : 0, in = 1 + block;
        if (x->nd) {
            const char *sz = sizes(g, o, in, v, false);
            fail_check(g, o, in, from);
            line(o, in, mo_sprintf("if (mo2c_%savar(d, &%s, %d, %s, %s) != 0)", x->type == MO_T_STRING ? "s" : "",
                                   mo_cg_fn_slot(f, v), x->nd, sz, g->wname));
            line(o, in + 1, "goto fail_;");
        }
        if (x->binding) {
            bool array = x->nd > 0;
            const char *val = array ? mo_fg_array(g, o, in, x->binding, false) : mo_fg_scalar(g, o, in, x->binding);
            mo_fg_store(g, o, in, v, NULL, val, array);
        }
        fail_check(g, o, in, from);
        if (block)
            mark_close(o, 1, m);
        stmt_end(g, o, keep);
    }
    for (int v = 0; v < f->nin; v++) {
        const mo_fvar *x = &f->vars.v[v];
        bool declared = false;
        for (int k = 0; k < x->nd; k++)
            declared |= x->dims[k] != NULL;
        if (!declared)
            continue;
        mo_fstmt *s = decl_stmt(x, "the size");
        stmt_state keep = stmt_begin(g, s, o);
        int from = g->cg.nchecked;
        int m = mark_open(g, o, 1);
        const char *sz = sizes(g, o, 2, v, true);
        fail_check(g, o, 2, from);
        mo_fg_indent(o, 2);
        mo_buf_printf(o, "if (mo2c_acheck(d, %s, %d, %s, \"", mo_cg_fn_slot(f, v), x->nd, sz);
        mo_cg_c_string(o, x->name);
        mo_buf_printf(o, "\", %s) != 0)\n", g->wname);
        line(o, 3, "goto fail_;");
        mark_close(o, 1, m);
        stmt_end(g, o, keep);
    }
}

static void definition(const mo_dae *dae, mo_buf *defs, mo_buf *where, const mo_func *f)
{
    mo_fgen g;
    memset(&g, 0, sizeof g);
    g.cg.dae = dae;
    g.cg.fn = f;
    g.cg.leaf = mo_fg_leaf;
    g.f = f;
    g.where = where;
    mo_buf body = {0};
    declarations(&g, &body);
    if (f->ext) {
        mo_fstmt *s = MO_NEW(mo_fstmt);   /* names the call in messages */
        s->loc = f->loc;
        s->text = "the external call";
        stmt_state keep = stmt_begin(&g, s, &body);
        mo_fg_external(&g, &body, defs);
        stmt_end(&g, &body, keep);
    }
    stmts(&g, &body, &f->body, 1);

    mo_buf *o = defs;
    mo_buf_puts(o, "/* function ");
    mo_cg_comment(o, f->name, 200);
    mo_buf_puts(o, " at ");
    mo_cg_comment(o, mo_sprintf("%s:%d:%d", f->loc.file ? mo_cg_lib_path(f->loc.file->path) : "<mo2c>", f->loc.line,
                                f->loc.col), 300);
    mo_buf_puts(o, " */\n");
    signature(o, f);
    mo_buf_puts(o, "\n{\n    if (mo2c_fenter(d, \"");
    mo_cg_c_string(o, f->name);
    mo_buf_puts(o, "\") != 0)\n        return -1;\n    int ok = 1, rc_ = 0;\n    const size_t mf_ = mo2c_fmark(d);\n");
    for (int v = f->nin; v < f->vars.n; v++)
        mo_buf_printf(o, "    %s = %s;\n", slot_local(f, v), f->vars.v[v].nd ? "{NULL, 0, 0, {0}, NULL}" :
                      f->vars.v[v].type == MO_T_STRING ? "NULL" : "0.0");
    mo_buf_puts(o, "    (void)d;");   /* not every function fails, reads every input or local */
    for (int v = 0; v < f->vars.n; v++)
        mo_buf_printf(o, " (void)%s;", mo_cg_fn_slot(f, v));
    mo_buf_puts(o, "\n");
    mo_buf_puts(o, mo_buf_str(&body));
    mo_buf_puts(o, "    if (!ok)\n        goto fail_;\n");
    mo_buf_puts(o, "done_:\n    mo2c_frelease(d, mf_);\n");
    for (int v = f->vars.n - 1; v >= f->nin; v--)   /* the call's own external objects, last made first */
        if (f->vars.v[v].extobj && f->vars.v[v].kind == MO_FV_LOCAL)
            mo_buf_printf(o, "    if (%s != 0.0 && mo2c_eo_drop(d, %s) != 0)\n        rc_ = -1;\n", mo_cg_fn_slot(f, v), mo_cg_fn_slot(f, v));
    for (int k = 0; k < f->nout; k++) {
        const char *v = mo_cg_fn_slot(f, f->nin + k);
        if (f->vars.v[f->nin + k].nd)
            mo_buf_printf(o, "    if (rc_ == 0 && mo2c_aout(d, out%d, &%s, \"", k, v);
        else if (f->vars.v[f->nin + k].type == MO_T_STRING)
            mo_buf_printf(o, "    if (rc_ == 0 && mo2c_sout(d, out%d, mo2c_str(%s)) != 0)\n        rc_ = -1;\n", k, v);
        else
            mo_buf_printf(o, "    *out%d = %s;\n", k, v);
        if (f->vars.v[f->nin + k].nd) {
            mo_cg_c_string(o, mo_sprintf("the output %s of function %s", f->vars.v[f->nin + k].name, f->name));
            mo_buf_puts(o, "\") != 0)\n        rc_ = -1;\n");
        }
    }
    for (int v = f->nin; v < f->vars.n; v++)
        if (f->vars.v[v].nd)
            mo_buf_printf(o, "    mo2c_afree(&%s);\n", mo_cg_fn_slot(f, v));
        else if (f->vars.v[v].type == MO_T_STRING)
            mo_buf_printf(o, "    free(%s);\n", mo_cg_fn_slot(f, v));
    mo_buf_puts(o, "    mo2c_fleave(d);\n    return rc_;\nfail_:\n    rc_ = -1;\n");
    mo_buf_puts(o, "    goto done_;\n}\n\n");
}

/* A wrapper's call of f: one C variable o<k>_ per output, the call into them with the wrapper's
 * parameters, and the opening of the block that runs when it fails (*ok cleared). */
static void call_into_outputs(mo_buf *out, const mo_func *f)
{
    for (int k = 0; k < f->nout; k++)
        mo_buf_printf(out, f->vars.v[f->nin + k].nd ? "    mo2c_arr o%d_;\n" : f->vars.v[f->nin + k].type == MO_T_STRING
                      ? "    const char *o%d_ = NULL;\n" : "    double o%d_;\n", k);
    mo_buf_printf(out, "    if (%s(d", f->cname);
    for (int v = 0; v < f->nin; v++)
        mo_buf_printf(out, ", %s", mo_cg_fn_slot(f, v));
    for (int k = 0; k < f->nout; k++)
        mo_buf_printf(out, ", &o%d_", k);
    mo_buf_puts(out, ") != 0) {\n        *ok = 0;\n");
}

/* The value wrapper: the function into one C variable per output, then element el of output k. */
static void value_wrapper(mo_buf *out, const mo_func *f)
{
    mo_buf_puts(out, "/* the value of element el of output slot k of ");
    mo_cg_comment(out, f->name, 200);
    mo_buf_puts(out, " */\n");
    value_signature(out, f);
    mo_buf_puts(out, "\n{\n    (void)k;\n    (void)el;\n    if (!*ok)\n        return 0.0;\n    const size_t m_ = mo2c_fmark(d);\n    double r_ = 0.0;\n");
    call_into_outputs(out, f);
    mo_buf_puts(out, "    }");
    for (int k = 0; k < f->nout; k++) {
        if (f->vars.v[f->nin + k].type == MO_T_STRING)
            continue;   /* (String outputs: string_wrapper) */
        if (!f->vars.v[f->nin + k].nd) {
            mo_buf_printf(out, " else if (k == %d) {\n        r_ = o%d_;\n    }", k, k);
            continue;
        }
        mo_buf_printf(out, " else if (k == %d) {\n        if (el < o%d_.n) {\n            r_ = o%d_.v[el];\n"
                           "        } else {\n            ", k, k, k);
        size_fail(out, f, k, mo_sprintf("o%d_", k), "el + 1");
        mo_buf_puts(out, "            *ok = 0;\n        }\n    }");
    }
    mo_buf_puts(out, "\n    mo2c_frelease(d, m_);\n    return r_;\n}\n\n");
}

/* The String wrapper: the function into one C variable per output, then String output k, left on the
 * function stack (no release: the model reads it after the call; mo2c_sreset frees it). */
static void string_wrapper(mo_buf *out, const mo_func *f)
{
    mo_buf_puts(out, "/* String output slot k of ");
    mo_cg_comment(out, f->name, 200);
    mo_buf_puts(out, ", for the model */\n");
    mo_buf_printf(out, "static const char *%s_s(mo2c_data *d, int k", f->cname);
    for (int v = 0; v < f->nin; v++)
        mo_buf_printf(out, ", %s", slot_param(f, v));
    mo_buf_puts(out, ", int *ok)\n{\n    if (!*ok)\n        return \"\";\n");
    call_into_outputs(out, f);
    mo_buf_puts(out, "        return \"\";\n    }\n");
    for (int k = 0; k < f->nout; k++)
        if (f->vars.v[f->nin + k].type == MO_T_STRING && !f->vars.v[f->nin + k].nd)
            mo_buf_printf(out, "    if (k == %d)\n        return mo2c_str(o%d_);\n", k, k);
    mo_buf_puts(out, "    return \"\";\n}\n\n");
}

void mo_cg_functions_header(const mo_flat *flat, mo_buf *h)
{
    mo_map seen = {0};
    for (int i = 0; i < flat->funcs.n; i++) {
        const mo_func *f = flat->funcs.v[i];
        if ((f->cg_mark & MARK_STATE) == MARK_DONE && f->ext)
            mo_fg_ext_header(f, h, &seen);
    }
}

void mo_cg_functions(const mo_dae *dae, mo_buf *out)
{
    const mo_flat *flat = dae->flat;
    mo_buf defs = {0}, where = {0};
    /* emitting a body may mark more functions: repeat until none is left (each is emitted once) */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < flat->funcs.n; i++) {
            mo_func *f = flat->funcs.v[i];
            if ((f->cg_mark & MARK_STATE) != MARK_USED)
                continue;
            f->cg_mark = (f->cg_mark & ~MARK_STATE) | MARK_DONE;
            definition(dae, &defs, &where, f);
            more = true;
        }
    }
    if (!defs.len)
        return;
    mo_map seen = {0};
    for (int i = 0; i < flat->funcs.n; i++) {
        const mo_func *f = flat->funcs.v[i];
        if ((f->cg_mark & MARK_STATE) == MARK_DONE && f->ext)
            mo_fg_ext_includes(f, out, &seen);
    }
    mo_buf_puts(out, "/* ---- user-defined functions ---- */\n"
                     "#define MO2C_MAX_WHILE 100000000L /* iterations of a while loop before it fails */\n");
    for (int i = 0; i < flat->funcs.n; i++) {
        const mo_func *f = flat->funcs.v[i];
        if ((f->cg_mark & MARK_STATE) != MARK_DONE)
            continue;
        signature(out, f);
        mo_buf_puts(out, ";\n");
    }
    mo_buf_puts(out, "\n");
    for (int i = 0; i < flat->funcs.n; i++) {
        const mo_func *f = flat->funcs.v[i];
        if ((f->cg_mark & MARK_STATE) == MARK_DONE && (f->cg_mark & MARK_VALUE))
            value_wrapper(out, f);
        if ((f->cg_mark & MARK_STATE) == MARK_DONE && (f->cg_mark & MARK_SVALUE))
            string_wrapper(out, f);
    }
    if (where.len) {
        mo_buf_puts(out, mo_buf_str(&where));
        mo_buf_puts(out, "\n");
    }
    mo_buf_puts(out, mo_buf_str(&defs));
}
