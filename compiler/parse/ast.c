/*
 * ast.c - generic helpers over the AST of ast.h: names of expression kinds and operators, expression
 * constructors, deep copy, and printing back to Modelica text.
 *
 * Input: expression trees from the parser or any later stage (MO_EX_VAR, MO_EX_DER and MO_EX_TIME
 * appear after flattening). Output: new nodes in the arena, or text in a mo_buf.
 *
 * Printing uses the precedence levels of Appendix A's expression grammar and writes only the
 * parentheses that the grammar needs, so that printing and parsing again gives the same tree. Reals
 * print with their original spelling when they have one, otherwise with the fewest digits that read back
 * to the same double.
 */
#include "ast.h"
#include "bufput.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

/* ORDER MO_EX */
static const char *const kind_names[MO_EX_KIND_COUNT] = {
    "real", "integer", "string", "boolean", "reference", "variable", "der", "call", "binary", "unary",
    "if", "range", "array", "matrix", "end", "colon", "tuple", "partial function", "time", "index",
};

/* ORDER MO_OP */
static const char *const op_texts[MO_OP_COUNT] = {
    "+", "-", "*", "/", "^",
    ".+", ".-", ".*", "./", ".^",
    "<", "<=", ">", ">=", "==", "<>",
    "and", "or", "not",
    "-", "+",
};

const char *mo_expr_kind_name(mo_expr_kind k)
{
    return k >= 0 && k < MO_EX_KIND_COUNT ? kind_names[k] : "?";
}

const char *mo_op_text(mo_op op) { return op >= 0 && op < MO_OP_COUNT ? op_texts[op] : "?"; }

mo_op mo_op_scalar(mo_op op)
{
    switch (op) {
    case MO_OP_EADD: return MO_OP_ADD;
    case MO_OP_ESUB: return MO_OP_SUB;
    case MO_OP_EMUL: return MO_OP_MUL;
    case MO_OP_EDIV: return MO_OP_DIV;
    case MO_OP_EPOW: return MO_OP_POW;
    default: return op;
    }
}

/* ---- constructors ---- */

mo_expr *mo_expr_new(mo_expr_kind kind, mo_loc loc)
{
    mo_expr *e = MO_NEW(mo_expr);
    e->kind = kind;
    e->loc = loc;
    e->depth = 1;
    return e;
}

size_t mo_expr_bytes(const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_VAR: return MO_EXPR_VAR_BYTES;
    case MO_EX_BOOL: return MO_EXPR_BOOL_BYTES;
    case MO_EX_INT: case MO_EX_REAL: return MO_EXPR_LITERAL_BYTES;
    case MO_EX_REF: return MO_EXPR_REF_BYTES;
    default: return sizeof(mo_expr);
    }
}

/* A node with only its first 'bytes' bytes (ast.h). Under the address sanitizer the node is whole and
 * the rest poisoned, so that a read or write past a short node stops the test that makes it. */
static mo_expr *short_node(mo_expr_kind kind, mo_loc loc, size_t bytes)
{
#if defined(__SANITIZE_ADDRESS__)
    mo_expr *e = MO_NEW(mo_expr);
    ASAN_POISON_MEMORY_REGION((char *)e + bytes, sizeof(mo_expr) - bytes);
#else
    mo_expr *e = mo_alloc(bytes);
#endif
    e->kind = kind;
    e->loc = loc;
    e->depth = 1;
    return e;
}

mo_expr *mo_expr_dup(const mo_expr *e)
{
    mo_expr *c = MO_NEW(mo_expr);
    memcpy(c, e, mo_expr_bytes(e));
    return c;
}

/* Literals are short (ast.h): a big model has one or more in most of its modifiers. */
mo_expr *mo_expr_real(mo_loc loc, double v)
{
    mo_expr *e = short_node(MO_EX_REAL, loc, MO_EXPR_LITERAL_BYTES);
    e->real = v;
    return e;
}

mo_expr *mo_expr_int(mo_loc loc, long long v)
{
    mo_expr *e = short_node(MO_EX_INT, loc, MO_EXPR_LITERAL_BYTES);
    e->ival = v;   /* (no real: ast.h) */
    return e;
}

mo_expr *mo_expr_bool(mo_loc loc, bool v)
{
    mo_expr *e = short_node(MO_EX_BOOL, loc, MO_EXPR_BOOL_BYTES);
    e->ival = v;
    return e;
}

/* A String literal; s is kept as given (interned or arena text: the caller's choice). */
mo_expr *mo_expr_string(mo_loc loc, const char *s)
{
    mo_expr *e = mo_expr_new(MO_EX_STRING, loc);
    e->str = s;
    return e;
}

/* A flat variable reference (MO_EX_VAR), short: the most numerous node of a big flat model. */
mo_expr *mo_expr_var(mo_loc loc, int var)
{
    mo_expr *e = short_node(MO_EX_VAR, loc, MO_EXPR_VAR_BYTES);
    e->var = var;
    return e;
}

/* A reference of one part, short (ast.h), its part allocated just after it, so that the parser's
 * appends (mo_build_ref_append) grow the parts in place as a rule. */
mo_expr *mo_expr_ref1(mo_loc loc, const char *id, mo_loc id_loc)
{
    mo_expr *e = short_node(MO_EX_REF, loc, MO_EXPR_REF_BYTES);
    e->nparts = 1;
    e->parts = MO_NEW(mo_ref_part);
    e->parts[0].id = id;
    mo_ref_part_set_loc(e, 0, id_loc);
    return e;
}

static int height(const mo_expr *e) { return e ? (e->depth > 0 ? e->depth : 1) : 0; }

/* depth is 16 bits: deeper trees (only later stages build them; the parser stops at 1000) saturate */
static unsigned short depth_above(int h) { return (unsigned short)(h < 65535 ? h + 1 : 65535); }

mo_expr *mo_expr_binary(mo_loc loc, mo_op op, mo_expr *a, mo_expr *b)
{
    mo_expr *e = mo_expr_new(MO_EX_BINARY, loc);
    e->op = op;
    e->n = 2;
    e->a = MO_NEWN(mo_expr *, 2);
    e->a[0] = a;
    e->a[1] = b;
    e->depth = depth_above(height(a) > height(b) ? height(a) : height(b));
    return e;
}

mo_expr *mo_expr_unary(mo_loc loc, mo_op op, mo_expr *a)
{
    mo_expr *e = mo_expr_new(MO_EX_UNARY, loc);
    e->op = op;
    e->n = 1;
    e->a = MO_NEWN(mo_expr *, 1);
    e->a[0] = a;
    e->depth = depth_above(height(a));
    return e;
}

mo_expr *mo_expr_call(mo_loc loc, const char *fn, int n, mo_expr **args)
{
    mo_expr *f = mo_expr_new(MO_EX_REF, loc);
    f->var = -1;
    f->nparts = 1;
    f->parts = MO_NEWN(mo_ref_part, 1);
    f->parts[0].id = mo_intern_cstr(fn);
    mo_ref_part_set_loc(f, 0, loc);
    mo_expr *e = mo_expr_new(MO_EX_CALL, loc);
    e->var = -1;
    e->fn = f;
    e->n = n;
    e->a = MO_NEWN(mo_expr *, n > 0 ? n : 1);
    int h = 1;
    for (int i = 0; i < n; i++) {
        e->a[i] = args[i];
        if (height(args[i]) > h)
            h = height(args[i]);
    }
    e->depth = depth_above(h);
    return e;
}

/* ---- deep copy (recursion bounded by the depth limit of expressions) ---- */

static mo_expr **copy_array(mo_expr *const *a, int n)
{
    if (!a || n <= 0)
        return NULL;
    mo_expr **c = MO_NEWN(mo_expr *, n);
    for (int i = 0; i < n; i++)
        c[i] = mo_expr_copy(a[i]);
    return c;
}

/* (a shared node reached again answered false the first time: the walk would have ended on true) */
static bool any_walk(const mo_expr *e, bool (*pred)(const mo_expr *, const void *), const void *ctx, mo_dag *w)
{
    if (!e || !mo_dag_first(w, e))
        return false;
    mo_dag_nodes++;
    if (pred(e, ctx))
        return true;
    for (int i = 0; i < e->n; i++)
        if (any_walk(e->a[i], pred, ctx, w))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (any_walk(e->named[i].value, pred, ctx, w))
            return true;
    return false;
}

bool mo_expr_any(const mo_expr *e, bool (*pred)(const mo_expr *, const void *), const void *ctx)
{
    static mo_dag dag;
    mo_dag *w = mo_dag_begin(&dag);
    bool r = any_walk(e, pred, ctx, w);
    mo_dag_end(w);
    return r;
}

unsigned long long mo_dag_nodes;

mo_dag *mo_dag_begin(mo_dag *w)
{
    if (w->busy)
        return NULL;
    w->busy = true;
    mo_pmemo_begin(&w->seen);
    return w;
}

void mo_dag_end(mo_dag *w)
{
    if (w)
        w->busy = false;
}

bool mo_dag_first(mo_dag *w, const mo_expr *e)
{
    if (!w || !e->shared)
        return true;
    if (mo_pmemo_get(&w->seen, e))
        return false;
    mo_pmemo_put(&w->seen, e, (void *)e);
    return true;
}

void *mo_dag_get(mo_dag *w, const mo_expr *e)
{
    return w && e->shared ? mo_pmemo_get(&w->seen, e) : NULL;
}

void mo_dag_put(mo_dag *w, const mo_expr *e, void *v)
{
    if (w && e->shared)
        mo_pmemo_put(&w->seen, e, v);
}

void mo_expr_mark_shared(const mo_expr *e)
{
    if (e && e->n > 0)
        ((mo_expr *)e)->shared = 1;   /* (the hint only: ast.h) */
}

mo_expr *mo_expr_copy(const mo_expr *e)
{
    if (!e)
        return NULL;
    /* a node of a kind that may be short is copied short (ast.h): no operands, no named arguments */
    size_t bytes = mo_expr_bytes(e);
    if (bytes < sizeof(mo_expr)) {
        mo_expr *c = short_node((mo_expr_kind)e->kind, e->loc, bytes);
        memcpy(c, e, bytes);
        if (e->kind == MO_EX_REF && e->nparts > 0) {
            c->parts = MO_NEWN(mo_ref_part, e->nparts);
            for (int i = 0; i < e->nparts; i++) {
                c->parts[i] = e->parts[i];
                if (e->parts[i].nsubs)   /* an entry of its own for the copied subscripts */
                    mo_ref_part_set_subs(c, i, copy_array(mo_ref_part_subs(&e->parts[i]), e->parts[i].nsubs),
                                         e->parts[i].nsubs);
            }
        }
        return c;
    }
    mo_expr *c = MO_NEW(mo_expr);
    *c = *e;
    c->a = copy_array(e->a, e->n);
    if (e->nnamed > 0) {
        c->named = MO_NEWN(mo_named_arg, e->nnamed);
        for (int i = 0; i < e->nnamed; i++) {
            c->named[i] = e->named[i];
            c->named[i].value = mo_expr_copy(e->named[i].value);
        }
    }
    /* the fields of the node's own kind only (ast.h: the others share their storage) */
    switch (e->kind) {
    case MO_EX_CALL: case MO_EX_PARTIAL_FN: case MO_EX_ARRAY:
        c->fn = mo_expr_copy(e->fn);
        if (e->niters > 0) {
            c->iters = MO_NEWN(mo_iterator, e->niters);
            for (int i = 0; i < e->niters; i++) {
                c->iters[i] = e->iters[i];
                c->iters[i].range = mo_expr_copy(e->iters[i].range);
            }
        }
        break;
    default:
        break;
    }
    return c;
}

/* ---- names ---- */

const char *mo_name_str(const mo_name *n)
{
    mo_buf b = {0};
    if (n->global)
        mo_buf_puts(&b, ".");
    for (int i = 0; i < n->n; i++) {
        if (i)
            mo_buf_puts(&b, ".");
        mo_buf_puts(&b, n->ids[i]);
    }
    return mo_buf_str(&b);
}

const char *mo_ref_str(const mo_expr *ref)
{
    mo_buf b = {0};
    mo_expr_print(&b, ref, NULL, NULL);
    return mo_buf_str(&b);
}

/* ---- printing ---- */

/* Precedence levels of the expression grammar, loosest first. */
enum {
    PREC_IF,      /* if ... then ... else ... */
    PREC_RANGE,   /* a:b:c */
    PREC_OR,
    PREC_AND,
    PREC_NOT,
    PREC_REL,     /* non-associative */
    PREC_ADD,     /* binary + - .+ .- and a leading sign */
    PREC_MUL,
    PREC_POW,     /* non-associative, operands are primaries */
    PREC_PRIMARY
};

typedef const char *(*var_name_fn)(void *ctx, int var);
/* How to print: the names of variables, and a length after which nothing more is printed (0: none). */
typedef struct print_ctx {
    var_name_fn var_name;
    void *ctx;
    size_t max;
} print_ctx;

static int binary_prec(mo_op op)
{
    switch (op) {
    case MO_OP_ADD: case MO_OP_SUB: case MO_OP_EADD: case MO_OP_ESUB: return PREC_ADD;
    case MO_OP_MUL: case MO_OP_DIV: case MO_OP_EMUL: case MO_OP_EDIV: return PREC_MUL;
    case MO_OP_POW: case MO_OP_EPOW: return PREC_POW;
    case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE: return PREC_REL;
    case MO_OP_AND: return PREC_AND;
    case MO_OP_OR: return PREC_OR;
    default: return PREC_PRIMARY;
    }
}

static int prec(const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_BINARY: return binary_prec(e->op);
    case MO_EX_UNARY: return e->op == MO_OP_NOT ? PREC_NOT : PREC_ADD;
    case MO_EX_IF: return PREC_IF;
    case MO_EX_RANGE: return PREC_RANGE;
    /* a negative literal (made by a later stage) prints with its sign, like a unary minus */
    case MO_EX_REAL: return e->real < 0 || (e->real == 0 && signbit(e->real)) ? PREC_ADD : PREC_PRIMARY;
    case MO_EX_INT: return e->ival < 0 ? PREC_ADD : PREC_PRIMARY;
    default: return PREC_PRIMARY;
    }
}

static void print(mo_buf *b, const mo_expr *e, const print_ctx *pc);

/* Printing appends with bufput.h's inline appends: --flat sends hundreds of megabytes through here,
 * from two threads at once (flatprint.c), so nothing here keeps state outside its arguments. */

/* Print e, in parentheses when its precedence is below min. */
static void print_min(mo_buf *b, const mo_expr *e, int min, const print_ctx *pc)
{
    bool parens = e && prec(e) < min;
    if (parens)
        mo_put_s(b, "(");
    print(b, e, pc);
    if (parens)
        mo_put_s(b, ")");
}

static void print_real(mo_buf *b, double v)
{
    if (isnan(v)) {
        mo_put_s(b, "nan");
        return;
    }
    if (isinf(v)) {
        mo_put_s(b, v < 0 ? "-inf" : "inf");
        return;
    }
    /* an integral value below 10^15 prints with %.15g as its integer digits, which read back exactly
     * (the common case, e.g. the 0.0 of flow sums): formatted by hand, it skips snprintf and strtod */
    if (fabs(v) < 1e15 && v == (double)(long long)v && (v != 0 || !signbit(v))) {
        mo_put_ll(b, (long long)v);
        mo_put_n(b, ".0", 2);
        return;
    }
    char s[40];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(s, sizeof s, "%.*g", digits, v);
        if (strtod(s, NULL) == v)
            break;
    }
    mo_put_s(b, s);
    if (!strpbrk(s, ".eE"))
        mo_put_s(b, ".0"); /* still a Real when read back */
}

static void print_string(mo_buf *b, const char *s)
{
    mo_put_s(b, "\"");
    for (const char *p = s; *p; p++) {
        switch (*p) {
        case '"': mo_put_s(b, "\\\""); break;
        case '\\': mo_put_s(b, "\\\\"); break;
        case '\n': mo_put_s(b, "\\n"); break;
        case '\t': mo_put_s(b, "\\t"); break;
        case '\r': mo_put_s(b, "\\r"); break;
        case '\a': mo_put_s(b, "\\a"); break;
        case '\b': mo_put_s(b, "\\b"); break;
        case '\f': mo_put_s(b, "\\f"); break;
        case '\v': mo_put_s(b, "\\v"); break;
        default: mo_put_n(b, p, 1); break;
        }
    }
    mo_put_s(b, "\"");
}

static void print_list(mo_buf *b, mo_expr *const *a, int n, const print_ctx *pc)
{
    for (int i = 0; i < n; i++) {
        if (i)
            mo_put_s(b, ", ");
        print(b, a[i], pc);
    }
}

static void print_iters(mo_buf *b, const mo_expr *e, const print_ctx *pc)
{
    for (int i = 0; i < e->niters; i++) {
        mo_put_s(b, i ? ", " : " for ");
        mo_put_s(b, e->iters[i].name);
        if (e->iters[i].range) {
            mo_put_s(b, " in ");
            print(b, e->iters[i].range, pc);
        }
    }
}

static void print_named(mo_buf *b, const mo_expr *e, bool comma, const print_ctx *pc)
{
    for (int i = 0; i < e->nnamed; i++) {
        mo_put_s(b, comma || i ? ", " : "");
        mo_put_s(b, e->named[i].name);
        mo_put_s(b, " = ");
        print(b, e->named[i].value, pc);
    }
}

static void print(mo_buf *b, const mo_expr *e, const print_ctx *pc)
{
    if (!e || (pc->max && b->len >= pc->max))
        return; /* an empty slot of a tuple; the text long enough for a bounded print */
    switch (e->kind) {
    case MO_EX_REAL:
        if (e->text)
            mo_put_s(b, e->text);
        else
            print_real(b, e->real);
        break;
    case MO_EX_INT:
        if (e->text)
            mo_put_s(b, e->text);
        else
            mo_put_ll(b, e->ival);
        break;
    case MO_EX_STRING: print_string(b, e->str ? e->str : ""); break;
    case MO_EX_BOOL: mo_put_s(b, e->ival ? "true" : "false"); break;
    case MO_EX_REF:
        for (int i = 0; i < e->nparts; i++) {
            if (i || e->global)
                mo_put_s(b, ".");
            mo_put_s(b, e->parts[i].id);
            if (e->parts[i].nsubs) {
                mo_put_s(b, "[");
                print_list(b, mo_ref_part_subs(&e->parts[i]), e->parts[i].nsubs, pc);
                mo_put_s(b, "]");
            }
        }
        break;
    case MO_EX_VAR: {
        const char *name = pc->var_name ? pc->var_name(pc->ctx, e->var) : NULL;
        if (name) {
            mo_put_s(b, name);
        } else {
            mo_put_s(b, "$var");
            mo_put_ll(b, e->var);
        }
        break;
    }
    case MO_EX_DER:
        mo_put_s(b, "der(");
        print_list(b, e->a, e->n, pc);
        mo_put_s(b, ")");
        break;
    case MO_EX_CALL:
        print(b, e->fn, pc);
        mo_put_s(b, "(");
        /* a reduction's body alone (in a function, its iterators' slots follow it: fnexpr.c) */
        print_list(b, e->a, e->niters ? 1 : e->n, pc);
        print_named(b, e, e->n > 0, pc);
        print_iters(b, e, pc);
        mo_put_s(b, ")");
        if (e->func && e->str) {   /* a further output of a user function, or an element of an array one */
            mo_put_s(b, ".");
            mo_put_s(b, e->str);
        }
        break;
    case MO_EX_PARTIAL_FN:
        mo_put_s(b, "function ");
        print(b, e->fn, pc);
        mo_put_s(b, "(");
        print_named(b, e, false, pc);
        mo_put_s(b, ")");
        break;
    case MO_EX_BINARY: {
        int p = binary_prec(e->op);
        /* left-associative levels accept an equal left operand; relations and powers accept none */
        bool assoc = p == PREC_ADD || p == PREC_MUL || p == PREC_AND || p == PREC_OR;
        print_min(b, e->a[0], p == PREC_POW ? PREC_PRIMARY : (assoc ? p : p + 1), pc);
        if (p != PREC_POW)
            mo_put_n(b, " ", 1);
        mo_put_s(b, mo_op_text(e->op));
        if (p != PREC_POW)
            mo_put_n(b, " ", 1);
        print_min(b, e->a[1], p == PREC_POW ? PREC_PRIMARY : p + 1, pc);
        break;
    }
    case MO_EX_UNARY:
        if (e->op == MO_OP_NOT) {
            mo_put_s(b, "not ");
            print_min(b, e->a[0], PREC_REL, pc);
        } else {
            mo_put_s(b, mo_op_text(e->op));
            print_min(b, e->a[0], PREC_MUL, pc);
        }
        break;
    case MO_EX_IF:
        for (int i = 0; i + 1 < e->n; i += 2) {
            mo_put_s(b, i ? " elseif " : "if ");
            print(b, e->a[i], pc);
            mo_put_s(b, " then ");
            print(b, e->a[i + 1], pc);
        }
        mo_put_s(b, " else ");
        print(b, e->a[e->n - 1], pc);
        break;
    case MO_EX_RANGE:
        for (int i = 0; i < e->n; i++) {
            if (i)
                mo_put_s(b, ":");
            print_min(b, e->a[i], PREC_OR, pc);
        }
        break;
    case MO_EX_ARRAY:
        mo_put_s(b, "{");
        print_list(b, e->a, e->niters ? 1 : e->n, pc);
        print_iters(b, e, pc);
        mo_put_s(b, "}");
        break;
    case MO_EX_MATRIX:
        mo_put_s(b, "[");
        for (int i = 0; i < e->n; i++) {
            if (i)
                mo_put_s(b, "; ");
            print_list(b, e->a[i]->a, e->a[i]->n, pc);
        }
        mo_put_s(b, "]");
        break;
    case MO_EX_END: mo_put_s(b, "end"); break;
    case MO_EX_COLON: mo_put_s(b, ":"); break;
    case MO_EX_TUPLE:
        mo_put_s(b, "(");
        for (int i = 0; i < e->n; i++) {
            if (i)
                mo_put_s(b, ", ");
            print(b, e->a[i], pc);
        }
        mo_put_s(b, ")");
        break;
    case MO_EX_TIME: mo_put_s(b, "time"); break;
    case MO_EX_INDEX:
        print_min(b, e->a[0], PREC_PRIMARY, pc);
        mo_put_s(b, "[");
        print_list(b, e->a + 1, e->n - 1, pc);
        mo_put_s(b, "]");
        break;
    case MO_EX_KIND_COUNT: mo_unreachable("bad expression kind");
    }
}

void mo_expr_print(mo_buf *b, const mo_expr *e, const char *(*var_name)(void *ctx, int var), void *ctx)
{
    print_ctx pc = {var_name, ctx, 0};
    print(b, e, &pc);
    mo_put_end(b);   /* the appends of bufput.h leave the text unterminated */
}

void mo_expr_print_max(mo_buf *b, const mo_expr *e, const char *(*var_name)(void *ctx, int var), void *ctx,
                       size_t max)
{
    print_ctx pc = {var_name, ctx, max};
    print(b, e, &pc);
    mo_put_end(b);
}
