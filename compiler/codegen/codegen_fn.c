/*
 * codegen_fn.c - user-defined functions as C functions of the generated simulator.
 *
 * Input: the flat functions (flat.h) that the model's generated code calls (marked by mo_cg_fn_call as
 * codegen.c prints the equations), and, transitively, the functions those call. Output, appended to
 * one buffer: a prototype per function (so recursion and any order work), a value wrapper per function,
 * the "where" strings of their checked operations, and the definitions.
 *
 * Shape of a function P.f(x, n) -> (y, z), each slot a C double (Integer and Boolean values are exact in
 * a double, as everywhere in the runtime):
 *     static int f_0_P_f(mo2c_data *d, double v0_x, double v1_n, double *out0, double *out1);
 *         0 on success, -1 after mo2c_fail; outputs through the pointers.
 *     static double f_0_P_f_v(mo2c_data *d, int k, double v0_x, double v1_n, int *ok);
 *         the value of scalar output k for use in an expression; on failure *ok = 0.
 * Identifiers never come from the model text: f_<n>_<name with every other character as '_'> and
 * v<slot>_<same>; the model's names appear only in comments (mo_cg_comment) and strings.
 * Checked arithmetic names the statement ("file:line: text (function P.f)"). A while loop that has not
 * ended after MO2C_MAX_WHILE iterations fails the run with a message instead of hanging it; recursion
 * is allowed and not bounded (a runaway recursion overflows the C stack).
 */
#include "codegen.h"

#include <string.h>

enum { MARK_NONE, MARK_USED, MARK_DONE };

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

void mo_cg_fn_call(mo_cg *cg, const mo_expr *e)
{
    const mo_func *f = e->func;
    if (((mo_func *)f)->cg_mark == MARK_NONE)
        ((mo_func *)f)->cg_mark = MARK_USED;
    mo_buf_printf(cg->out, "%s_v(d, %d", f->cname, e->func_out);
    for (int i = 0; i < e->n; i++) {
        mo_buf_puts(cg->out, ", ");
        mo_cg_expr(cg, e->a[i]);
    }
    mo_buf_puts(cg->out, ", &ok)");
    cg->nchecked++;
}

/* ---- one function ---- */
typedef struct fgen {
    mo_cg cg;
    const mo_func *f;
    mo_buf *where;            /* the where strings of this function */
    int nwhere;
    int depth;                /* nesting of loops (names of their scratch variables) */
    bool has_return;
} fgen;

static void indent(mo_buf *o, int n)
{
    for (int i = 0; i < n; i++)
        mo_buf_puts(o, "    ");
}

/* Print e; a checked operation in it names the statement s through a where string. */
static void fexpr(fgen *g, mo_buf *o, const mo_fstmt *s, const mo_expr *e)
{
    const char *name = mo_sprintf("%s_W%d", g->f->cname, g->nwhere);
    g->cg.out = o;
    g->cg.where_name = name;
    size_t from = o->len;
    mo_cg_expr(&g->cg, e);
    if (!strstr(o->s + from, name))
        return;
    g->nwhere++;
    mo_buf w = {0};
    mo_buf_printf(&w, "%s:%d: %s (function %s)", s->loc.file ? s->loc.file->path : "<mo2c>", s->loc.line,
                  s->text ? s->text : "", g->f->name);
    const char *t = mo_buf_str(&w);
    if (strlen(t) > 300)
        t = mo_sprintf("%.300s...", t);
    mo_buf_printf(g->where, "static const char %s[] = \"", name);
    mo_cg_c_string(g->where, t);
    mo_buf_puts(g->where, "\";\n");
}

static void fail_check(const fgen *g, mo_buf *o, int in, int from)
{
    if (g->cg.nchecked > from) {
        indent(o, in);
        mo_buf_puts(o, "if (!ok)\n");
        indent(o, in + 1);
        mo_buf_puts(o, "return -1;\n");
    }
}

static void stmts(fgen *g, mo_buf *o, const mo_fstmt_list *l, int in);

static void comment(mo_buf *o, int in, const mo_fstmt *s)
{
    indent(o, in);
    mo_buf_printf(o, "/* %d: ", s->loc.line);
    mo_cg_comment(o, s->text ? s->text : "", 200);
    mo_buf_puts(o, " */\n");
}

/* A call with several outputs: into a scratch array, then into the targets. */
static void multi_call(fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    const mo_expr *c = s->value;
    const mo_func *h = c->func;
    if (((mo_func *)h)->cg_mark == MARK_NONE)
        ((mo_func *)h)->cg_mark = MARK_USED;
    indent(o, in);
    mo_buf_printf(o, "{\n");
    indent(o, in + 1);
    mo_buf_printf(o, "double o_[%d];\n", h->nout);
    indent(o, in + 1);
    mo_buf_printf(o, "int r_ = %s(d", h->cname);
    for (int i = 0; i < c->n; i++) {
        mo_buf_puts(o, ", ");
        fexpr(g, o, s, c->a[i]);
    }
    for (int k = 0; k < h->nout; k++)
        mo_buf_printf(o, ", &o_[%d]", k);
    mo_buf_puts(o, ");\n");
    indent(o, in + 1);
    mo_buf_puts(o, "if (r_ != 0 || !ok)\n");
    indent(o, in + 2);
    mo_buf_puts(o, "return -1;\n");
    for (int k = 0; k < s->ntargets; k++)
        if (s->targets[k] >= 0) {
            indent(o, in + 1);
            mo_buf_printf(o, "%s = o_[%d];\n", mo_cg_fn_slot(g->f, s->targets[k]), k);
        }
    indent(o, in);
    mo_buf_puts(o, "}\n");
}

static void stmt(fgen *g, mo_buf *o, const mo_fstmt *s, int in)
{
    int from = g->cg.nchecked;
    switch (s->kind) {
    case MO_ST_ASSIGN:
        comment(o, in, s);
        /* (func only on a call: on another node those bytes are another field's, or missing, ast.h) */
        if (s->ntargets > 1 ||
            (s->value->kind == MO_EX_CALL && s->value->func && s->value->func->nout > 1 && s->ntargets != 1)) {
            multi_call(g, o, s, in);
            return;
        }
        indent(o, in);
        mo_buf_printf(o, "%s = ", mo_cg_fn_slot(g->f, s->targets[0]));
        fexpr(g, o, s, s->value);
        mo_buf_puts(o, ";\n");
        fail_check(g, o, in, from);
        return;
    case MO_ST_CALL: {
        comment(o, in, s);
        if (s->value->func) {
            multi_call(g, o, s, in);
            return;
        }
        /* assert(condition, "message") */
        indent(o, in);
        mo_buf_puts(o, "if (!(");
        fexpr(g, o, s, s->value->a[0]);
        mo_buf_puts(o, ") && ok)\n");
        indent(o, in + 1);
        mo_buf_puts(o, "return mo2c_fail(d, \"assertion failed in function ");
        mo_cg_c_string(o, g->f->name);
        mo_buf_puts(o, ": ");
        mo_cg_c_string(o, mo_sprintf("%s", s->value->a[1]->str));
        mo_buf_puts(o, "\");\n");
        fail_check(g, o, in, from);
        return;
    }
    case MO_ST_IF:
        for (int i = 0; i < s->nconds; i++) {
            indent(o, in);
            mo_buf_puts(o, i ? "} else if (" : "if (");
            fexpr(g, o, s, s->conds[i]);
            mo_buf_puts(o, ") {\n");
            stmts(g, o, &s->bodies[i], in + 1);
        }
        if (s->bodies[s->nconds].n) {
            indent(o, in);
            mo_buf_puts(o, "} else {\n");
            stmts(g, o, &s->bodies[s->nconds], in + 1);
        }
        indent(o, in);
        mo_buf_puts(o, "}\n");
        fail_check(g, o, in, from);   /* a failed condition: the branch taken does not matter */
        return;
    case MO_ST_FOR: {
        int k = g->depth++;
        const char *it = mo_cg_fn_slot(g->f, s->iter);
        const mo_expr *r = s->range;
        comment(o, in, s);
        indent(o, in);
        mo_buf_puts(o, "{\n");
        indent(o, in + 1);
        mo_buf_printf(o, "const double lo%d_ = ", k);
        fexpr(g, o, s, r->a[0]);
        mo_buf_printf(o, ", st%d_ = ", k);
        if (r->n == 3)
            fexpr(g, o, s, r->a[1]);
        else
            mo_buf_puts(o, "1.0");
        mo_buf_printf(o, ", hi%d_ = ", k);
        fexpr(g, o, s, r->a[r->n - 1]);
        mo_buf_puts(o, ";\n");
        indent(o, in + 1);
        mo_buf_printf(o, "if (!ok)\n");
        indent(o, in + 2);
        mo_buf_puts(o, "return -1;\n");
        indent(o, in + 1);
        mo_buf_printf(o, "if (st%d_ == 0.0)\n", k);
        indent(o, in + 2);
        mo_buf_puts(o, "return mo2c_fail(d, \"the step of a for range is zero in function ");
        mo_cg_c_string(o, g->f->name);
        mo_buf_puts(o, "\");\n");
        indent(o, in + 1);
        mo_buf_printf(o, "for (%s = lo%d_; st%d_ > 0 ? %s <= hi%d_ : %s >= hi%d_; %s += st%d_) {\n", it, k, k, it,
                      k, it, k, it, k);
        stmts(g, o, &s->bodies[0], in + 2);
        indent(o, in + 1);
        mo_buf_puts(o, "}\n");
        indent(o, in);
        mo_buf_puts(o, "}\n");
        g->depth--;
        return;
    }
    case MO_ST_WHILE: {
        int k = g->depth++;
        comment(o, in, s);
        indent(o, in);
        mo_buf_printf(o, "for (long n%d_ = 0;; n%d_++) {\n", k, k);
        indent(o, in + 1);
        mo_buf_printf(o, "if (n%d_ == MO2C_MAX_WHILE)\n", k);
        indent(o, in + 2);
        mo_buf_puts(o, "return mo2c_fail(d, \"");
        mo_cg_c_string(o, mo_sprintf("%s:%d: while loop of function %s did not end after %%ld iterations",
                                     s->loc.file ? s->loc.file->path : "<mo2c>", s->loc.line, g->f->name));
        mo_buf_puts(o, "\", (long)MO2C_MAX_WHILE);\n");
        indent(o, in + 1);
        mo_buf_printf(o, "const int c%d_ = ", k);
        fexpr(g, o, s, s->conds[0]);
        mo_buf_puts(o, ";\n");
        indent(o, in + 1);
        mo_buf_puts(o, "if (!ok)\n");
        indent(o, in + 2);
        mo_buf_puts(o, "return -1;\n");
        indent(o, in + 1);
        mo_buf_printf(o, "if (!c%d_)\n", k);
        indent(o, in + 2);
        mo_buf_puts(o, "break;\n");
        stmts(g, o, &s->bodies[0], in + 1);
        indent(o, in);
        mo_buf_puts(o, "}\n");
        g->depth--;
        return;
    }
    case MO_ST_BREAK:
        indent(o, in);
        mo_buf_puts(o, "break;\n");
        return;
    case MO_ST_RETURN:
        g->has_return = true;
        indent(o, in);
        mo_buf_puts(o, "goto done;\n");
        return;
    case MO_ST_WHEN:
        break;
    }
    mo_unreachable("statement kind in a function");
}

static void stmts(fgen *g, mo_buf *o, const mo_fstmt_list *l, int in)
{
    for (int i = 0; i < l->n; i++)
        stmt(g, o, l->v[i], in);
}

static void signature(mo_buf *o, const mo_func *f)
{
    mo_buf_printf(o, "static int %s(mo2c_data *d", f->cname);
    for (int v = 0; v < f->nin; v++)
        mo_buf_printf(o, ", double %s", mo_cg_fn_slot(f, v));
    for (int k = 0; k < f->nout; k++)
        mo_buf_printf(o, ", double *out%d", k);
    mo_buf_puts(o, ")");
}

static void value_signature(mo_buf *o, const mo_func *f)
{
    mo_buf_printf(o, "static double %s_v(mo2c_data *d, int k", f->cname);
    for (int v = 0; v < f->nin; v++)
        mo_buf_printf(o, ", double %s", mo_cg_fn_slot(f, v));
    mo_buf_puts(o, ", int *ok)");
}

static void definition(const mo_dae *dae, mo_buf *defs, mo_buf *where, const mo_func *f)
{
    fgen g;
    memset(&g, 0, sizeof g);
    g.cg.dae = dae;
    g.cg.fn = f;
    g.f = f;
    g.where = where;
    mo_buf body = {0};
    stmts(&g, &body, &f->body, 1);

    mo_buf *o = defs;
    mo_buf_puts(o, "/* function ");
    mo_cg_comment(o, f->name, 200);
    mo_buf_puts(o, " at ");
    mo_cg_comment(o, mo_sprintf("%s:%d:%d", f->loc.file ? f->loc.file->path : "<mo2c>", f->loc.line,
                                f->loc.col), 300);
    mo_buf_puts(o, " */\n");
    signature(o, f);
    mo_buf_puts(o, "\n{\n    int ok = 1;\n");
    /* outputs and locals, with their initial values (inputs are the parameters) */
    int from = g.cg.nchecked;
    for (int v = f->nin; v < f->vars.n; v++) {
        const mo_fvar *x = &f->vars.v[v];
        mo_buf_printf(o, "    double %s = ", mo_cg_fn_slot(f, v));
        if (x->binding) {
            mo_fstmt decl = {0};
            decl.loc = x->loc;
            decl.text = mo_sprintf("value of %s", x->name);
            fexpr(&g, o, &decl, x->binding);
        } else {
            mo_buf_puts(o, "0.0");
        }
        mo_buf_puts(o, ";\n");
    }
    fail_check(&g, o, 1, from);
    mo_buf_puts(o, "    (void)d;");   /* not every function fails, reads every input or local */
    for (int v = 0; v < f->vars.n; v++)
        mo_buf_printf(o, " (void)%s;", mo_cg_fn_slot(f, v));
    mo_buf_puts(o, "\n");
    mo_buf_puts(o, mo_buf_str(&body));
    if (g.has_return)
        mo_buf_puts(o, "done:\n");
    for (int k = 0; k < f->nout; k++)
        mo_buf_printf(o, "    *out%d = %s;\n", k, mo_cg_fn_slot(f, f->nin + k));
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");
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
            if (f->cg_mark != MARK_USED)
                continue;
            f->cg_mark = MARK_DONE;
            definition(dae, &defs, &where, f);
            more = true;
        }
    }
    if (!defs.len)
        return;
    mo_buf_puts(out, "/* ---- user-defined functions ---- */\n"
                     "#define MO2C_MAX_WHILE 100000000L /* iterations of a while loop before it fails */\n");
    for (int i = 0; i < flat->funcs.n; i++) {
        const mo_func *f = flat->funcs.v[i];
        if (f->cg_mark != MARK_DONE)
            continue;
        signature(out, f);
        mo_buf_puts(out, ";\n");
    }
    mo_buf_puts(out, "\n");
    for (int i = 0; i < flat->funcs.n; i++) {
        const mo_func *f = flat->funcs.v[i];
        if (f->cg_mark != MARK_DONE)
            continue;
        mo_buf_puts(out, "/* the value of scalar output k of ");
        mo_cg_comment(out, f->name, 200);
        mo_buf_puts(out, " */\n");
        value_signature(out, f);
        mo_buf_printf(out, "\n{\n    double o_[%d];\n", f->nout);
        mo_buf_printf(out, "    if (!*ok || %s(d", f->cname);
        for (int v = 0; v < f->nin; v++)
            mo_buf_printf(out, ", %s", mo_cg_fn_slot(f, v));
        for (int k = 0; k < f->nout; k++)
            mo_buf_printf(out, ", &o_[%d]", k);
        mo_buf_puts(out, ") != 0) {\n        *ok = 0;\n        return 0.0;\n    }\n    return o_[k];\n}\n\n");
    }
    if (where.len) {
        mo_buf_puts(out, mo_buf_str(&where));
        mo_buf_puts(out, "\n");
    }
    mo_buf_puts(out, mo_buf_str(&defs));
}
