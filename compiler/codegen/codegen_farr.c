/*
 * codegen_farr.c - array values and the expressions that need statements, in a user function's C.
 *
 * Input: expressions of a function body (flat.h; ranks checked by fnexpr.c). Output: C text appended to
 * the function's buffer. A scalar expression that is a plain C expression prints through mo_cg_expr
 * (codegen_expr.c); everything else is prepared first, by statements printed before the statement that
 * needs it, and then stands for itself in mo_cg_expr through the hook mo_fg_leaf (codegen_fleaf.c):
 *   - array values (codegen_fn.h says how they are held): slots, subscripts and slices (mo2c_aget),
 *     {a, b}, [a, b; c, d], ranges, comprehensions, element-wise operators and built-ins (a loop over
 *     the elements whose body is the scalar operation printed by mo_cg_expr, so checked division and
 *     powers stay checked), matrix products, the array built-ins, calls of functions with array results;
 *   - scalars that need statements: reductions (sum(x), sum(e for i in r)), scalar products, size() of
 *     an expression, elements of an expression, and if-expressions, and, or whose later operands need
 *     statements (those become C if-statements, so that an operand is evaluated only when Modelica
 *     would evaluate it: if n > 0 then x[n] else 0 must not index x[0]).
 * Elements are read through mo2c_ix (codegen_fleaf.c), which checks the index against the size (a
 * failure clears ok and reads element 0, which every array has room for).
 */
#include "codegen_fn.h"

#include <string.h>

static int rank(mo_fgen *g, const mo_expr *e) { return mo_func_expr_rank(g->f, e); }

bool mo_fg_is_string(mo_fgen *g, const mo_expr *e) { return mo_func_expr_type(NULL, g->f, e) == MO_T_STRING; }

/* the C type of a scalar value of e */
static const char *c_type(mo_fgen *g, const mo_expr *e) { return mo_fg_is_string(g, e) ? "const char *" : "double "; }

const char *mo_fg_fname(const mo_expr *e)
{
    return e->kind == MO_EX_CALL && !e->func && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1
               ? e->fn->parts[0].id : "";
}

static bool is(const char *a, const char *b) { return !strcmp(a, b); }

/* built-ins with a scalar value computed from an array argument */
static bool array_to_scalar(const mo_expr *e)
{
    const char *n = mo_fg_fname(e);
    return is(n, "sum") || is(n, "product") || is(n, "scalar") || ((is(n, "min") || is(n, "max")) && e->n == 1);
}

/* Prepared values are C variables of the block that made them: an entry is valid while that block is
 * open (a node shared between two branches of an if must be made again in the second). */
typedef struct leaf_entry { const char *text; int block; unsigned gen; const char **outs; } leaf_entry;

static void put_leaf(mo_fgen *g, const mo_expr *e, const char *text)
{
    leaf_entry *x = MO_NEW(leaf_entry);
    *x = (leaf_entry){text, g->block, g->gen[g->block], NULL};
    mo_map_put(&g->leaf, (const char *)e, x);
}

static const leaf_entry *get_entry(const mo_fgen *g, const void *key)
{
    const leaf_entry *x = mo_map_get(&g->leaf, key);
    return x && x->block <= g->block && x->gen == g->gen[x->block] ? x : NULL;
}

const char *mo_fg_get_leaf(const mo_fgen *g, const mo_expr *e)
{
    const leaf_entry *x = get_entry(g, e);
    return x ? x->text : NULL;
}

/* The outputs of the call c, made once for every call node that shares its argument array (the fields
 * of a record result: funcall.c's mo_func_record_calls) while the block that made them is open. */
static const char **call_outputs(mo_fgen *g, mo_buf *o, int in, const mo_expr *c)
{
    const leaf_entry *x = get_entry(g, c->a);
    if (x)
        return x->outs;
    const char **outs = mo_fg_call(g, o, in, c);
    leaf_entry *n = MO_NEW(leaf_entry);
    *n = (leaf_entry){NULL, g->block, g->gen[g->block], outs};
    mo_map_put(&g->leaf, (const char *)c->a, n);
    return outs;
}

/* A call whose value is one output of a function of several (a field of a record result), whose other
 * outputs may be used too: called once (call_outputs). */
static bool shared_call(const mo_expr *e)
{
    return e->kind == MO_EX_CALL && e->func && e->func->nout > 1 && e->func_out < e->func->nout;
}

static void block_open(mo_fgen *g)
{
    if (++g->block >= MO_FG_MAX_BLOCKS)
        mo_unreachable("expression blocks nested too deeply");
}

static void block_close(mo_fgen *g)
{
    g->gen[g->block]++;
    g->block--;
}

/* A node standing for the C text `text` in a synthetic expression (the element of an operand; of an
 * Integer one when integer). */
static mo_expr *text_node(mo_fgen *g, const char *text, mo_loc loc, bool integer)
{
    mo_expr *x = mo_expr_new(MO_EX_VAR, loc);
    x->var = integer ? MO_FG_TEXT_INT : MO_FG_TEXT;
    put_leaf(g, x, text);
    return x;
}

static void line(mo_buf *o, int in, const char *text)
{
    mo_fg_indent(o, in);
    mo_buf_puts(o, text);
    mo_buf_puts(o, "\n");
}

/* s as a C string literal (escaped: it may hold names from the model) */
const char *mo_fg_c_literal(const char *s)
{
    mo_buf b = {0};
    mo_buf_puts(&b, "\"");
    mo_cg_c_string(&b, s);
    mo_buf_puts(&b, "\"");
    return mo_buf_str(&b);
}

/* "if (CALL != 0) goto fail_;" */
static void checked_call(mo_buf *o, int in, const char *call)
{
    line(o, in, mo_sprintf("if (%s != 0)", call));
    line(o, in + 1, "goto fail_;");
}

/* e printed by mo_cg_expr on its own (its prepared parts standing for themselves). */
const char *mo_fg_print(mo_fgen *g, const mo_expr *e)
{
    mo_buf b = {0}, *keep = g->cg.out;
    g->cg.out = &b;
    g->cg.where_name = mo_fg_where(g);
    mo_cg_expr(&g->cg, e);
    g->cg.out = keep;
    return mo_buf_str(&b);
}

bool mo_fg_needs(mo_fgen *g, const mo_expr *e)
{
    if (mo_fg_get_leaf(g, e))
        return false;
    if (rank(g, e) > 0)
        return e->kind != MO_EX_VAR;
    /* Strings made at run time are temporaries on the function stack (the statement releases them);
     * a function's String result comes through a call into a C variable */
    if (mo_fg_is_string(g, e) && ((e->kind == MO_EX_BINARY) || (e->kind == MO_EX_CALL && !e->func)))
        return true;
    if (e->kind == MO_EX_CALL && e->func && e->func_out < e->func->nout &&
        e->func->vars.v[e->func->nin + e->func_out].type == MO_T_STRING)
        return true;
    if (shared_call(e))
        return true;
    switch (e->kind) {
    case MO_EX_INDEX:
        if (e->a[0]->kind != MO_EX_VAR)
            return true;
        break;
    case MO_EX_CALL:
        if (e->func)
            break;
        if (e->niters || array_to_scalar(e))
            return true;
        if (is(mo_fg_fname(e), "size") && e->a[0]->kind != MO_EX_VAR)
            return true;
        break;
    case MO_EX_BINARY:
        if (e->op == MO_OP_MUL && rank(g, e->a[0]) == 1 && rank(g, e->a[1]) == 1)
            return true;
        if ((e->op == MO_OP_AND || e->op == MO_OP_OR) && mo_fg_needs(g, e->a[1]))
            return true;
        break;
    case MO_EX_IF:
        for (int i = 1; i < e->n; i++)
            if (mo_fg_needs(g, e->a[i]))
                return true;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (mo_fg_needs(g, e->a[i]))
            return true;
    return false;
}

static void prep(mo_fgen *g, mo_buf *o, int in, const mo_expr *e);

const char *mo_fg_scalar(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    prep(g, o, in, e);
    return mo_fg_print(g, e);
}

/* A scalar computed once into a C constant (an operand used for every element). */
static const char *scalar_once(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    double v;
    if (mo_sym_is_num(e, &v) || e->kind == MO_EX_STRING)
        return mo_fg_print(g, e);
    const char *t = mo_fg_scalar(g, o, in, e);
    int k = mo_fg_tmp(g);
    line(o, in, mo_sprintf("%sconst t%d_ = %s;", c_type(g, e), k, t));
    return mo_sprintf("t%d_", k);
}

/* ---- scalars that need statements ---- */

/* if c1 then e1 elseif c2 then e2 else e3, as C if-statements into t<k>_ */
static void lower_if(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    int k = mo_fg_tmp(g);
    line(o, in, mo_sprintf("%st%d_;", c_type(g, e), k));
    int depth = 0;
    for (int i = 0; i + 1 < e->n; i += 2) {
        const char *c = mo_fg_scalar(g, o, in + depth, e->a[i]);
        line(o, in + depth, mo_sprintf("if (%s) {", c));
        block_open(g);
        line(o, in + depth + 1, mo_sprintf("t%d_ = %s;", k, mo_fg_scalar(g, o, in + depth + 1, e->a[i + 1])));
        block_close(g);
        line(o, in + depth, "} else {");
        block_open(g);
        depth++;
    }
    line(o, in + depth, mo_sprintf("t%d_ = %s;", k, mo_fg_scalar(g, o, in + depth, e->a[e->n - 1])));
    while (depth-- > 0) {
        block_close(g);
        line(o, in + depth, "}");
    }
    put_leaf(g, e, mo_sprintf("t%d_", k));
}

/* a and b, a or b whose b needs statements: b only when a does not decide */
static void lower_andor(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    int k = mo_fg_tmp(g);
    line(o, in, mo_sprintf("int t%d_ = (%s) != 0;", k, mo_fg_scalar(g, o, in, e->a[0])));
    line(o, in, mo_sprintf("if (%st%d_) {", e->op == MO_OP_OR ? "!" : "", k));
    block_open(g);
    line(o, in + 1, mo_sprintf("t%d_ = (%s) != 0;", k, mo_fg_scalar(g, o, in + 1, e->a[1])));
    block_close(g);
    line(o, in, "}");
    put_leaf(g, e, mo_sprintf("t%d_", k));
}

/* The loops over the iterators of a reduction or comprehension e (layout: fnexpr.c), the last
 * iterator outermost; returns the indentation of the innermost body. ranges[k] are the vectors. */
static int open_iterators(mo_fgen *g, mo_buf *o, int in, const mo_expr *e, const char **ranges)
{
    for (int k = e->niters - 1; k >= 0; k--) {
        int j = mo_fg_tmp(g);
        line(o, in, mo_sprintf("for (long t%d_ = 0; t%d_ < %s->n; t%d_++) {", j, j, ranges[k], j));
        in++;
        line(o, in, mo_sprintf("%s = %s->v[t%d_];", mo_cg_fn_slot(g->f, e->a[1 + k]->var), ranges[k], j));
        block_open(g);
    }
    return in;
}

static void close_iterators(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    for (int k = 0; k < e->niters; k++) {
        block_close(g);
        line(o, in - 1 - k, "}");
    }
}

static const char **iterator_ranges(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    const char **r = MO_NEWN(const char *, e->niters);
    for (int k = 0; k < e->niters; k++)
        r[k] = mo_fg_array(g, o, in, e->iters[k].range, true);
    return r;
}

/* sum/product/min/max(body for i in r, ...) into t<k>_ */
static void reduction(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    const char *n = mo_fg_fname(e);
    int k = mo_fg_tmp(g);
    const char **ranges = iterator_ranges(g, o, in, e);
    line(o, in, mo_sprintf("double t%d_ = %s;", k, is(n, "sum") ? "0.0" : is(n, "product") ? "1.0" :
                           is(n, "min") ? "1.7976931348623157e308" : "-1.7976931348623157e308"));
    int body = open_iterators(g, o, in, e, ranges);
    int m = mo_fg_tmp(g);
    line(o, body, mo_sprintf("const size_t t%d_ = mo2c_fmark(d);", m));
    const char *v = mo_fg_scalar(g, o, body, e->a[0]);
    int x = mo_fg_tmp(g);
    line(o, body, mo_sprintf("const double t%d_ = %s;", x, v));
    bool integer = mo_func_expr_type(NULL, g->f, e->a[0]) == MO_T_INTEGER;   /* checked for overflow (4.9.2) */
    if (integer && (is(n, "sum") || is(n, "product"))) {
        g->cg.nchecked++;
        line(o, body, mo_sprintf("t%d_ = mo2c_iop(d, t%d_, t%d_, '%c', %s, &ok);", k, k, x, is(n, "sum") ? '+' : '*',
                                 mo_fg_where(g)));
    } else if (is(n, "sum")) {
        line(o, body, mo_sprintf("t%d_ += t%d_;", k, x));
    } else if (is(n, "product")) {
        line(o, body, mo_sprintf("t%d_ *= t%d_;", k, x));
    }
    else
        line(o, body, mo_sprintf("if (t%d_ %s t%d_)\n%*st%d_ = t%d_;", x, is(n, "min") ? "<" : ">", k, 4 * (body + 1),
                                 "", k, x));
    line(o, body, mo_sprintf("mo2c_frelease(d, t%d_);", m));
    close_iterators(g, o, body, e);
    put_leaf(g, e, mo_sprintf("t%d_", k));
}

static void prep(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    if (!mo_fg_needs(g, e))
        return;
    if (rank(g, e) > 0) {
        put_leaf(g, e, mo_fg_array(g, o, in, e, false));
        return;
    }
    switch (e->kind) {
    case MO_EX_IF:
        lower_if(g, o, in, e);
        return;
    case MO_EX_BINARY:
        if (e->op == MO_OP_MUL && rank(g, e->a[0]) == 1) {   /* the scalar product */
            const char *a = mo_fg_array(g, o, in, e->a[0], false), *b = mo_fg_array(g, o, in, e->a[1], false);
            bool integer = mo_func_expr_type(NULL, g->f, e) == MO_T_INTEGER;   /* checked for overflow (4.9.2) */
            g->cg.nchecked += integer;
            put_leaf(g, e, mo_sprintf("mo2c_adot(d, %s, %s, %d, %s, &ok)", a, b, integer, mo_fg_where(g)));
            return;
        }
        if ((e->op == MO_OP_AND || e->op == MO_OP_OR) && mo_fg_needs(g, e->a[1])) {
            lower_andor(g, o, in, e);
            return;
        }
        break;
    case MO_EX_INDEX:   /* an element: the hook prints it once its base and subscripts are ready */
        if (e->a[0]->kind != MO_EX_VAR)
            put_leaf(g, e->a[0], mo_fg_array(g, o, in, e->a[0], false));
        for (int i = 1; i < e->n; i++)
            prep(g, o, in, e->a[i]);
        return;
    case MO_EX_CALL: {
        if (e->func && (mo_fg_is_string(g, e) || shared_call(e))) {   /* a String result: into a C variable */
            put_leaf(g, e, call_outputs(g, o, in, e)[e->func_out]);
            return;
        }
        if (e->func)
            break;
        const char *n = mo_fg_fname(e);
        if (e->niters) {
            reduction(g, o, in, e);
            return;
        }
        if (is(n, "size")) {
            if (e->a[0]->kind != MO_EX_VAR)
                put_leaf(g, e->a[0], mo_fg_array(g, o, in, e->a[0], false));
            if (e->n == 2)
                prep(g, o, in, e->a[1]);
            return;
        }
        if (array_to_scalar(e)) {
            const char *p = mo_fg_array(g, o, in, e->a[0], false);
            if (is(n, "scalar")) {
                int k = mo_fg_tmp(g);
                line(o, in, mo_sprintf("mo2c_arr t%d_ = *%s;", k, p));
                checked_call(o, in, mo_sprintf("mo2c_areshape(d, &t%d_, 0, %s)", k, mo_fg_where(g)));
                put_leaf(g, e, mo_sprintf(mo_fg_is_string(g, e) ? "mo2c_str(t%d_.s[0])" : "t%d_.v[0]", k));
                return;
            }
            const char *op = is(n, "sum") ? "MO2C_RED_SUM" : is(n, "product") ? "MO2C_RED_PRODUCT"
                           : is(n, "min") ? "MO2C_RED_MIN" : "MO2C_RED_MAX";
            if (mo_func_expr_type(NULL, g->f, e->a[0]) == MO_T_INTEGER) {   /* checked for overflow (4.9.2) */
                g->cg.nchecked++;
                put_leaf(g, e, mo_sprintf("mo2c_areduce_int(d, %s, %s, %s, &ok)", p, op, mo_fg_where(g)));
            } else {
                put_leaf(g, e, mo_sprintf("mo2c_areduce(%s, %s)", p, op));
            }
            return;
        }
        break;
    }
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        prep(g, o, in, e->a[i]);
}
/* ---- array values ---- */

static const char *new_tmp(mo_fgen *g, mo_buf *o, int in, int *k)
{
    *k = mo_fg_tmp(g);
    line(o, in, mo_sprintf("mo2c_arr t%d_;", *k));
    return mo_sprintf("(&t%d_)", *k);
}

/* A temporary of nd dimensions of the sizes sizes[] (C texts of doubles), of Strings when str. */
static const char *tmp_sized(mo_fgen *g, mo_buf *o, int in, int nd, const char **sizes, bool str)
{
    int k;
    const char *p = new_tmp(g, o, in, &k);
    mo_buf b = {0};
    for (int i = 0; i < nd; i++)
        mo_buf_printf(&b, "%s(double)(%s)", i ? ", " : "", sizes[i]);
    checked_call(o, in, mo_sprintf("mo2c_%satmp(d, %s, %d, (const double[]){%s}, %s)", str ? "s" : "", p, nd,
                                   nd ? mo_buf_str(&b) : "0", mo_fg_where(g)));
    return p;
}

/* the element field of a temporary: s[] of an array of Strings, else v[] */
static const char *elems(bool str) { return str ? "s" : "v"; }

static void fill_loop(mo_fgen *g, mo_buf *o, int in, const char *p, const char *value, bool str)
{
    int j = mo_fg_tmp(g);
    line(o, in, mo_sprintf("for (long t%d_ = 0; t%d_ < %s->n; t%d_++)", j, j, p, j));
    line(o, in + 1, mo_sprintf("%s->%s[t%d_] = %s;", p, elems(str), j, value));
}

/* e with its operands ops[] (arrays of equal size, or scalars) applied element by element */
static const char *elementwise(mo_fgen *g, mo_buf *o, int in, const mo_expr *e, const char *what)
{
    const char **text = MO_NEWN(const char *, e->n + 1);
    bool *arr = MO_NEWN(bool, e->n + 1);
    const char *shape = NULL;
    for (int i = 0; i < e->n; i++) {
        bool whole = e->kind == MO_EX_CALL && e->func && e->func->vars.v[i].nd;   /* an array input */
        arr[i] = rank(g, e->a[i]) > 0 && !whole;
        if (!arr[i]) {
            text[i] = whole ? mo_fg_array(g, o, in, e->a[i], false) : scalar_once(g, o, in, e->a[i]);
            continue;
        }
        text[i] = mo_fg_array(g, o, in, e->a[i], false);
        if (shape)
            checked_call(o, in, mo_sprintf("mo2c_asame(d, %s, %s, %s, %s)", shape, text[i], mo_fg_c_literal(what),
                                           mo_fg_where(g)));
        else
            shape = text[i];
    }
    int k, j = mo_fg_tmp(g);
    const char *p = new_tmp(g, o, in, &k);
    checked_call(o, in, mo_sprintf("mo2c_alike(d, %s, %s, %s)", p, shape, mo_fg_where(g)));
    mo_expr *x = mo_expr_dup(e);
    x->a = MO_NEWN(mo_expr *, e->n);
    for (int i = 0; i < e->n; i++)   /* (no operand is a String: fnexpr.c refuses them element-wise) */
        x->a[i] = text_node(g, arr[i] ? mo_sprintf("%s->v[t%d_]", text[i], j) : text[i], e->a[i]->loc,
                            mo_func_expr_type(NULL, g->f, e->a[i]) == MO_T_INTEGER);
    if (x->kind == MO_EX_BINARY)
        x->op = mo_op_scalar(e->op);
    line(o, in, mo_sprintf("for (long t%d_ = 0; t%d_ < %s->n; t%d_++)", j, j, p, j));
    line(o, in + 1, mo_sprintf("%s->v[t%d_] = %s;", p, j, mo_fg_print(g, x)));
    return p;
}

/* The subscripts of an MO_EX_INDEX as a mo2c_sub array; returns its C name. */
static const char *subscripts(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    mo_buf b = {0};
    for (int i = 1; i < e->n; i++) {
        const mo_expr *s = e->a[i];
        mo_buf_puts(&b, i > 1 ? ", " : "");
        if (s->kind == MO_EX_COLON)
            mo_buf_puts(&b, "{MO2C_SUB_ALL, 0.0, NULL}");
        else if (rank(g, s) == 0)
            mo_buf_printf(&b, "{MO2C_SUB_ONE, %s, NULL}", mo_fg_scalar(g, o, in, s));
        else
            mo_buf_printf(&b, "{MO2C_SUB_VEC, 0.0, %s}", mo_fg_array(g, o, in, s, false));
    }
    int k = mo_fg_tmp(g);
    line(o, in, mo_sprintf("const mo2c_sub t%d_[] = {%s};", k, mo_buf_str(&b)));
    return mo_sprintf("t%d_", k);
}

/* "const mo2c_arr *const t<k>_[] = {...};" of the array values of operands from..n-1 of e */
static const char *parts(mo_fgen *g, mo_buf *o, int in, const mo_expr *e, int from)
{
    mo_buf b = {0};
    for (int i = from; i < e->n; i++)
        mo_buf_printf(&b, "%s%s", i > from ? ", " : "", mo_fg_array(g, o, in, e->a[i], false));
    int k = mo_fg_tmp(g);
    line(o, in, mo_sprintf("const mo2c_arr *const t%d_[] = {%s};", k, mo_buf_str(&b)));
    return mo_sprintf("t%d_", k);
}

/* A call of a user function: its arguments, then the call into outputs named per output slot
 * (outs[k]: a double or an mo2c_arr). */
const char **mo_fg_call(mo_fgen *g, mo_buf *o, int in, const mo_expr *c)
{
    const mo_func *h = c->func;
    mo_fg_use(h);
    const char **args = MO_NEWN(const char *, c->n + 1);
    for (int i = 0; i < c->n; i++)
        args[i] = h->vars.v[i].nd ? mo_fg_array(g, o, in, c->a[i], false) : scalar_once(g, o, in, c->a[i]);
    line(o, in, "if (!ok)");
    line(o, in + 1, "goto fail_;");
    const char **outs = MO_NEWN(const char *, h->nout + 1);
    mo_buf call = {0};
    mo_buf_printf(&call, "%s(d", h->cname);
    for (int i = 0; i < c->n; i++)
        mo_buf_printf(&call, ", %s", args[i]);
    for (int k = 0; k < h->nout; k++) {
        int t = mo_fg_tmp(g);
        bool array = h->vars.v[h->nin + k].nd > 0, string = h->vars.v[h->nin + k].type == MO_T_STRING;
        line(o, in, mo_sprintf("%s t%d_;", array ? "mo2c_arr" : string ? "const char *" : "double", t));
        outs[k] = mo_sprintf(array ? "(&t%d_)" : "t%d_", t);
        mo_buf_printf(&call, ", %s", array ? outs[k] : mo_sprintf("&t%d_", t));
    }
    mo_buf_puts(&call, ")");
    checked_call(o, in, mo_buf_str(&call));
    return outs;
}

/* the array built-ins (fnexpr.c checked their arguments) */
static const char *builtin(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    const char *n = mo_fg_fname(e), *w = mo_fg_where(g);
    int k;
    if (is(n, "size")) {   /* size(A): the vector of its sizes */
        const char *a = mo_fg_array(g, o, in, e->a[0], false);
        int r = rank(g, e->a[0]);
        const char *p = tmp_sized(g, o, in, 1, (const char *[]){mo_sprintf("%d", r)}, false);
        for (int i = 0; i < r; i++)
            line(o, in, mo_sprintf("%s->v[%d] = %s->dim[%d];", p, i, a, i));
        return p;
    }
    if (is(n, "fill") || is(n, "zeros") || is(n, "ones")) {
        int from = is(n, "fill");
        const char **sizes = MO_NEWN(const char *, e->n + 1);
        for (int i = from; i < e->n; i++)
            sizes[i - from] = scalar_once(g, o, in, e->a[i]);
        if (from && rank(g, e->a[0]) > 0) {
            const char *s = mo_fg_array(g, o, in, e->a[0], false);
            mo_buf b = {0};
            for (int i = 0; i < e->n - 1; i++)
                mo_buf_printf(&b, "%s%s", i ? ", " : "", sizes[i]);
            const char *p = new_tmp(g, o, in, &k);
            checked_call(o, in, mo_sprintf("mo2c_afill(d, %s, %s, %d, (const double[]){%s}, %s)", p, s, e->n - 1,
                                           mo_buf_str(&b), w));
            return p;
        }
        const char *v = from ? scalar_once(g, o, in, e->a[0]) : is(n, "ones") ? "1.0" : NULL;
        const char *p = tmp_sized(g, o, in, e->n - from, sizes, mo_fg_is_string(g, e));
        if (v)
            fill_loop(g, o, in, p, v, mo_fg_is_string(g, e));
        return p;
    }
    if (is(n, "identity") || is(n, "linspace")) {
        const char *a[3];
        for (int i = 0; i < e->n; i++)
            a[i] = scalar_once(g, o, in, e->a[i]);
        const char *p = new_tmp(g, o, in, &k);
        checked_call(o, in, is(n, "identity") ? mo_sprintf("mo2c_aidentity(d, %s, %s, %s)", p, a[0], w)
                                              : mo_sprintf("mo2c_alinspace(d, %s, %s, %s, %s, %s)", p, a[0], a[1], a[2], w));
        return p;
    }
    static const char *const unary[][2] = {{"diagonal", "mo2c_adiagonal"}, {"transpose", "mo2c_atranspose"},
                                           {"symmetric", "mo2c_asymmetric"}, {"skew", "mo2c_askew"}};
    for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
        if (is(n, unary[i][0])) {
            const char *a = mo_fg_array(g, o, in, e->a[0], false);
            const char *p = new_tmp(g, o, in, &k);
            checked_call(o, in, mo_sprintf("%s(d, %s, %s, %s)", unary[i][1], p, a, w));
            return p;
        }
    if (is(n, "outerProduct") || is(n, "cross")) {
        const char *a = mo_fg_array(g, o, in, e->a[0], false), *b = mo_fg_array(g, o, in, e->a[1], false);
        const char *p = new_tmp(g, o, in, &k);
        checked_call(o, in, mo_sprintf("%s(d, %s, %s, %s, %s)", is(n, "cross") ? "mo2c_across" : "mo2c_aouter", p, a,
                                       b, w));
        return p;
    }
    if (is(n, "vector") || is(n, "matrix")) {
        int nd = is(n, "vector") ? 1 : 2;
        if (rank(g, e->a[0]) == 0) {
            const char *v = scalar_once(g, o, in, e->a[0]);
            const char *p = tmp_sized(g, o, in, nd, (const char *[]){"1", "1"}, mo_fg_is_string(g, e));
            line(o, in, mo_sprintf("%s->%s[0] = %s;", p, elems(mo_fg_is_string(g, e)), v));
            return p;
        }
        const char *a = mo_fg_array(g, o, in, e->a[0], false);
        k = mo_fg_tmp(g);
        line(o, in, mo_sprintf("mo2c_arr t%d_ = *%s;", k, a));
        checked_call(o, in, mo_sprintf("mo2c_areshape(d, &t%d_, %d, %s)", k, nd, w));
        return mo_sprintf("(&t%d_)", k);
    }
    if (is(n, "cat")) {
        const char *dim = scalar_once(g, o, in, e->a[0]);
        const char *ps = parts(g, o, in, e, 1);
        const char *p = new_tmp(g, o, in, &k);
        checked_call(o, in, mo_sprintf("mo2c_acat(d, %s, %s, %d, %s, %s)", p, dim, e->n - 1, ps, w));
        return p;
    }
    /* a scalar built-in applied element by element */
    return elementwise(g, o, in, e, mo_sprintf("the arguments of %s", n));
}

/* {e for i in r, ...} whose elements e are arrays (of rank r): the result's dimensions are the ranges'
 * then e's. e's size is known only when it is evaluated, and the result must be made outside the marks
 * that release each element's temporaries, so e is evaluated once first, at the first values of the
 * iterators (functions have no side effects), for its size (zero when a range is empty); then every
 * element is checked against that size and copied in. */
static const char *array_comprehension(mo_fgen *g, mo_buf *o, int in, const mo_expr *e, int r)
{
    const char **ranges = iterator_ranges(g, o, in, e);
    int nd = e->niters + r, dims = mo_fg_tmp(g);
    /* e's sizes as far as its text tells them ({a, b}: 2), for an empty range; the rest 0 */
    mo_buf init = {0};
    for (int k = 0; k < e->niters; k++)
        mo_buf_puts(&init, k ? ", 0" : "0");
    const mo_expr *x = e->a[0];
    for (int i = 0; i < r; i++) {
        bool lit = x && x->kind == MO_EX_ARRAY && !x->niters;
        mo_buf_printf(&init, ", %d", lit ? x->n : 0);
        x = lit && x->n > 0 ? x->a[0] : NULL;
    }
    line(o, in, mo_sprintf("double t%d_[%d] = {%s};", dims, nd, mo_buf_str(&init)));
    mo_buf any = {0};
    for (int k = 0; k < e->niters; k++) {
        line(o, in, mo_sprintf("t%d_[%d] = %s->n;", dims, e->niters - 1 - k, ranges[k]));
        mo_buf_printf(&any, "%s%s->n > 0", k ? " && " : "", ranges[k]);
    }
    line(o, in, mo_sprintf("if (%s) {", mo_buf_str(&any)));
    for (int k = 0; k < e->niters; k++)
        line(o, in + 1, mo_sprintf("%s = %s->v[0];", mo_cg_fn_slot(g->f, e->a[1 + k]->var), ranges[k]));
    block_open(g);
    int m = mo_fg_tmp(g);
    line(o, in + 1, mo_sprintf("const size_t t%d_ = mo2c_fmark(d);", m));
    const char *first = mo_fg_array(g, o, in + 1, e->a[0], false);
    for (int i = 0; i < r; i++)
        line(o, in + 1, mo_sprintf("t%d_[%d] = %s->dim[%d];", dims, e->niters + i, first, i));
    line(o, in + 1, mo_sprintf("mo2c_frelease(d, t%d_);", m));
    block_close(g);
    line(o, in, "}");
    int k;
    const char *p = new_tmp(g, o, in, &k);
    checked_call(o, in, mo_sprintf("mo2c_%satmp(d, %s, %d, t%d_, %s)", mo_fg_is_string(g, e) ? "s" : "", p, nd, dims,
                                   mo_fg_where(g)));
    int c = mo_fg_tmp(g);
    line(o, in, mo_sprintf("long t%d_ = 0;", c));
    int body = open_iterators(g, o, in, e, ranges);
    m = mo_fg_tmp(g);
    line(o, body, mo_sprintf("const size_t t%d_ = mo2c_fmark(d);", m));
    const char *v = mo_fg_array(g, o, body, e->a[0], false);
    checked_call(o, body, mo_sprintf("mo2c_acheck(d, %s, %d, t%d_ + %d, \"the elements of an array constructor\", %s)",
                                     v, r, dims, e->niters, mo_fg_where(g)));
    int j = mo_fg_tmp(g);
    line(o, body, mo_sprintf("for (long t%d_ = 0; t%d_ < %s->n; t%d_++)", j, j, v, j));
    line(o, body + 1, mo_sprintf("%s->%s[t%d_++] = %s->%s[t%d_];", p, elems(mo_fg_is_string(g, e)), c, v,
                                 elems(mo_fg_is_string(g, e)), j));
    line(o, body, mo_sprintf("mo2c_frelease(d, t%d_);", m));
    close_iterators(g, o, body, e);
    return p;
}

/* {e for i in r, ...}: the last iterator's range is the first dimension */
static const char *comprehension(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    int r = rank(g, e->a[0]);
    if (r > 0)
        return array_comprehension(g, o, in, e, r);
    const char **ranges = iterator_ranges(g, o, in, e);
    const char **sizes = MO_NEWN(const char *, e->niters);
    for (int k = 0; k < e->niters; k++)
        sizes[e->niters - 1 - k] = mo_sprintf("%s->n", ranges[k]);
    const char *p = tmp_sized(g, o, in, e->niters, sizes, mo_fg_is_string(g, e));
    int c = mo_fg_tmp(g);
    line(o, in, mo_sprintf("long t%d_ = 0;", c));
    int body = open_iterators(g, o, in, e, ranges);
    int m = mo_fg_tmp(g);
    line(o, body, mo_sprintf("const size_t t%d_ = mo2c_fmark(d);", m));
    const char *v = mo_fg_scalar(g, o, body, e->a[0]);
    line(o, body, mo_sprintf("%s->%s[t%d_++] = %s;", p, elems(mo_fg_is_string(g, e)), c, v));
    line(o, body, mo_sprintf("mo2c_frelease(d, t%d_);", m));
    close_iterators(g, o, body, e);
    return p;
}

/* [a, b; c, d]: each row cat along 2, the rows along 1, every part promoted to at least 2 dimensions */
static const char *matrix(mo_fgen *g, mo_buf *o, int in, const mo_expr *e)
{
    int nd = rank(g, e);
    mo_buf rows = {0};
    for (int r = 0; r < e->n; r++) {
        const mo_expr *row = e->a[r];
        mo_buf ps = {0};
        for (int c = 0; c < row->n; c++) {
            const mo_expr *x = row->a[c];
            int k = mo_fg_tmp(g);
            if (rank(g, x) == 0) {
                const char *v = scalar_once(g, o, in, x);
                line(o, in, mo_sprintf("mo2c_arr t%d_;", k));
                bool str = mo_fg_is_string(g, x);
                checked_call(o, in, mo_sprintf("mo2c_%satmp(d, &t%d_, %d, (const double[]){1, 1, 1, 1, 1, 1, 1, 1}, %s)",
                                               str ? "s" : "", k, nd, mo_fg_where(g)));
                line(o, in, mo_sprintf("t%d_.%s[0] = %s;", k, elems(str), v));
            } else {
                line(o, in, mo_sprintf("mo2c_arr t%d_ = *%s;", k, mo_fg_array(g, o, in, x, false)));
                line(o, in, mo_sprintf("mo2c_apromote(&t%d_, %d);", k, nd));
            }
            mo_buf_printf(&ps, "%s&t%d_", c ? ", " : "", k);
        }
        int pk = mo_fg_tmp(g), rk = mo_fg_tmp(g);
        line(o, in, mo_sprintf("const mo2c_arr *const t%d_[] = {%s};", pk, mo_buf_str(&ps)));
        line(o, in, mo_sprintf("mo2c_arr t%d_;", rk));
        checked_call(o, in, mo_sprintf("mo2c_acat(d, &t%d_, 2, %d, t%d_, %s)", rk, row->n, pk, mo_fg_where(g)));
        mo_buf_printf(&rows, "%s&t%d_", r ? ", " : "", rk);
    }
    int pk = mo_fg_tmp(g), k;
    line(o, in, mo_sprintf("const mo2c_arr *const t%d_[] = {%s};", pk, mo_buf_str(&rows)));
    const char *p = new_tmp(g, o, in, &k);
    checked_call(o, in, mo_sprintf("mo2c_acat(d, %s, 1, %d, t%d_, %s)", p, e->n, pk, mo_fg_where(g)));
    return p;
}

const char *mo_fg_array(mo_fgen *g, mo_buf *o, int in, const mo_expr *e, bool copy)
{
    const char *w = mo_fg_where(g), *t = mo_fg_get_leaf(g, e);
    int k;
    if (t && !copy)
        return t;
    switch (e->kind) {
    case MO_EX_VAR: {
        const char *v = mo_fg_slot(g->f, e->var);
        if (!copy)
            return v;
        const char *p = new_tmp(g, o, in, &k);
        checked_call(o, in, mo_sprintf("mo2c_aout(d, %s, %s, %s)", p, v, w));
        return p;
    }
    case MO_EX_INDEX: {
        const char *base = mo_fg_array(g, o, in, e->a[0], false), *subs = subscripts(g, o, in, e);
        const char *p = new_tmp(g, o, in, &k);
        checked_call(o, in, mo_sprintf("mo2c_aget(d, %s, %s, %d, %s, %s)", p, base, e->n - 1, subs, w));
        return p;
    }
    case MO_EX_RANGE: {
        const char *lo = scalar_once(g, o, in, e->a[0]), *hi = scalar_once(g, o, in, e->a[e->n - 1]);
        const char *st = e->n == 3 ? scalar_once(g, o, in, e->a[1]) : "1.0";
        const char *p = new_tmp(g, o, in, &k);
        checked_call(o, in, mo_sprintf("mo2c_arange(d, %s, %s, %s, %s, %s)", p, lo, st, hi, w));
        return p;
    }
    case MO_EX_ARRAY: {
        if (e->niters)
            return comprehension(g, o, in, e);
        if (rank(g, e->a[0]) > 0) {
            const char *ps = parts(g, o, in, e, 0);
            const char *p = new_tmp(g, o, in, &k);
            checked_call(o, in, mo_sprintf("mo2c_astack(d, %s, %d, %s, %s)", p, e->n, ps, w));
            return p;
        }
        const char *p = tmp_sized(g, o, in, 1, (const char *[]){mo_sprintf("%d", e->n)}, mo_fg_is_string(g, e));
        for (int i = 0; i < e->n; i++)
            line(o, in, mo_sprintf("%s->%s[%d] = %s;", p, elems(mo_fg_is_string(g, e)), i, mo_fg_scalar(g, o, in, e->a[i])));
        return p;
    }
    case MO_EX_MATRIX:
        return matrix(g, o, in, e);
    case MO_EX_UNARY:
        return elementwise(g, o, in, e, mo_sprintf("operator '%s'", e->op == MO_OP_NOT ? "not" : mo_op_text(e->op)));
    case MO_EX_BINARY:
        if (e->op == MO_OP_MUL && rank(g, e->a[0]) > 0 && rank(g, e->a[1]) > 0) {
            const char *a = mo_fg_array(g, o, in, e->a[0], false), *b = mo_fg_array(g, o, in, e->a[1], false);
            const char *p = new_tmp(g, o, in, &k);
            int integer = mo_func_expr_type(NULL, g->f, e) == MO_T_INTEGER;   /* checked for overflow (4.9.2) */
            checked_call(o, in, mo_sprintf("mo2c_amul(d, %s, %s, %s, %d, %s)", p, a, b, integer, w));
            return p;
        }
        return elementwise(g, o, in, e, mo_sprintf("operator '%s'", mo_op_text(e->op)));
    case MO_EX_IF: {
        k = mo_fg_tmp(g);
        line(o, in, mo_sprintf("mo2c_arr t%d_;", k));
        int depth = 0;
        for (int i = 0; i + 1 < e->n; i += 2) {
            line(o, in + depth, mo_sprintf("if (%s) {", mo_fg_scalar(g, o, in + depth, e->a[i])));
            block_open(g);
            line(o, in + depth + 1, mo_sprintf("t%d_ = *%s;", k, mo_fg_array(g, o, in + depth + 1, e->a[i + 1], copy)));
            block_close(g);
            line(o, in + depth, "} else {");
            block_open(g);
            depth++;
        }
        line(o, in + depth, mo_sprintf("t%d_ = *%s;", k, mo_fg_array(g, o, in + depth, e->a[e->n - 1], copy)));
        while (depth-- > 0) {
            block_close(g);
            line(o, in + depth, "}");
        }
        return mo_sprintf("(&t%d_)", k);
    }
    case MO_EX_CALL:
        if (e->func && rank(g, e) == e->func->vars.v[e->func->nin + e->func_out].nd)
            return (copy ? mo_fg_call(g, o, in, e) : call_outputs(g, o, in, e))[e->func_out];
        if (e->func) {   /* a scalar function applied element by element (12.4.6) */
            mo_fg_use(e->func);
            return elementwise(g, o, in, e, mo_sprintf("the arguments of %s", e->func->name));
        }
        return builtin(g, o, in, e);
    default:
        mo_unreachable(mo_sprintf("%s expression as an array in a function", mo_expr_kind_name(e->kind)));
    }
}

void mo_fg_store(mo_fgen *g, mo_buf *o, int in, int slot, const mo_expr *sub, const char *value, bool array)
{
    const mo_fvar *v = &g->f->vars.v[slot];
    const char *w = mo_fg_where(g);
    if (!sub) {
        if (array)
            checked_call(o, in, mo_sprintf("mo2c_aassign(d, %s, %s, %d, %s)", mo_fg_slot(g->f, slot), value,
                                           mo_fvar_flexible(v), w));
        else if (v->type == MO_T_STRING)   /* the variable's own copy */
            checked_call(o, in, mo_sprintf("mo2c_sset(d, &%s, %s)", mo_cg_fn_slot(g->f, slot), value));
        else
            line(o, in, mo_sprintf("%s = %s;", mo_cg_fn_slot(g->f, slot), value));
        return;
    }
    if (!array) {   /* one element */
        for (int i = 1; i < sub->n; i++)
            prep(g, o, in, sub->a[i]);
        if (v->type == MO_T_STRING) {   /* the variable's own copy */
            const char *at, *p = mo_fg_element_at(g, sub, &at);
            checked_call(o, in, mo_sprintf("mo2c_sset_el(d, %s, %s, %s)", p, at, value));
        } else {
            line(o, in, mo_sprintf("%s = %s;", mo_fg_element(g, sub), value));
        }
        return;
    }
    const char *subs = subscripts(g, o, in, sub);
    checked_call(o, in, mo_sprintf("mo2c_aset(d, %s, %d, %s, %s, %s)", mo_fg_slot(g->f, slot), sub->n - 1, subs, value, w));
}
