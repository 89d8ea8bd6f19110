/*
 * expr.c - symbolic expressions for the back end: simplifying constructors, mo_simplify, structural
 * equality, variable occurrence, substitution and numeric evaluation (linear decomposition and the
 * dependence on variables: exprlin.c).
 *
 * Input: mo_expr trees over DAE variables (MO_EX_VAR indexes dae->vars; MO_EX_DER no longer occurs,
 * although the helpers here tolerate it). Output: new trees; inputs are never modified, so subtrees
 * may be shared freely between equations, derivatives and solutions.
 *
 * Simplification is local and bottom-up: constant folding of arithmetic and of the elementary
 * functions, the 0/1 identities (x+0, x*1, x*0, x/1, x^1, x^0), double negation, sign pushing
 * (a + -b -> a - b) and if-expressions with a constant condition. x*0 -> 0 is applied although it is
 * not IEEE-exact for infinite or NaN x: derivatives would otherwise be unreadable, and a model whose
 * variables are infinite has failed already.
 */
#include "inst.h"
#include "sym.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- leaves and nodes ---- */

static mo_expr *node(mo_expr_kind kind, mo_loc loc)
{
    mo_expr *e = MO_NEW(mo_expr);
    e->kind = kind;
    e->loc = loc;
    e->var = -1;
    return e;
}

mo_expr *mo_sym_num(mo_loc loc, double v)
{
    mo_expr *e = node(MO_EX_REAL, loc);
    if (v == 0)
        v = 0; /* no negative zero in generated text */
    e->real = v;
    /* no .text: the printer (mo_expr_print) spells a literal without one as the shortest text that
     * reads back exactly, only when it is printed; making it here cost two snprintf/strtod rounds per
     * folded constant, most of which are never printed */
    return e;
}

/* One node each for the whole run, without a location (the compiler made them up): expression nodes
 * are never changed once built, so sharing them is safe. The symbolic layer makes a great many zeros
 * and ones, most of them folded away at once: made one by one, those of linear decompositions and
 * partial derivatives took 340 MB over the 10^6 equations of the 50000-unit array chain. */
mo_expr *mo_sym_num01(int one)
{
    static mo_expr zero = {.kind = MO_EX_REAL, .var = -1, .real = 0};
    static mo_expr unit = {.kind = MO_EX_REAL, .var = -1, .real = 1};
    return one ? &unit : &zero;
}

mo_expr *mo_sym_var(mo_loc loc, int var)
{
    mo_expr *e = node(MO_EX_VAR, loc);
    e->var = var;
    return e;
}

bool mo_sym_is_num(const mo_expr *e, double *v)
{
    if (!e)
        return false;
    switch (e->kind) {
    case MO_EX_REAL: *v = e->real; return true;
    case MO_EX_INT: *v = (double)e->ival; return true;
    case MO_EX_BOOL: *v = e->ival ? 1.0 : 0.0; return true;
    default: return false;
    }
}

static bool is_val(const mo_expr *e, double want)
{
    double v;
    return mo_sym_is_num(e, &v) && v == want;
}

/* ast.c's node, with var = -1 as on every node made here (only the parser reads its depth). */
static mo_expr *make_binary(mo_loc loc, mo_op op, mo_expr *a, mo_expr *b)
{
    mo_expr *e = mo_expr_binary(loc, op, a, b);
    e->var = -1;
    return e;
}

/* A constant made by mo_sym_num (no spelling of its own): a fold whose result equals it may return it
 * instead of a new node, with the same printed text. */
static bool is_made_num(const mo_expr *e)
{
    return e->kind == MO_EX_REAL && !e->text;
}

static bool is_neg(const mo_expr *e)
{
    return e->kind == MO_EX_UNARY && e->op == MO_OP_NEG;
}

/* The value v of +, -, * or unary minus of the literals a and b (b NULL: of a alone) as a literal: an
 * Integer one when both are Integers, so that the code generator still checks the arithmetic around it
 * as Integer arithmetic (codegen_expr.c, int_typed: div(n, -1)); NULL when that leaves the Integer range
 * of spec 4.9.2 (the operation stays, and the simulator reports the overflow). */
static mo_expr *folded(const mo_expr *a, const mo_expr *b, double v)
{
    if (a->kind != MO_EX_INT || (b && b->kind != MO_EX_INT))
        return mo_sym_num(a->loc, v);
    if (!(v >= -2147483648.0 && v <= 2147483647.0))
        return NULL;
    mo_expr *e = node(MO_EX_INT, a->loc);
    e->ival = (long long)v;
    return e;
}

mo_expr *mo_sym_neg(mo_expr *a)
{
    double v;
    mo_expr *f;
    if (mo_sym_is_num(a, &v) && (f = folded(a, NULL, -v)))
        return f;
    if (is_neg(a))
        return a->a[0];
    /* -(a - b) -> b - a keeps trees shallow and reads naturally */
    if (a->kind == MO_EX_BINARY && a->op == MO_OP_SUB)
        return make_binary(a->loc, MO_OP_SUB, a->a[1], a->a[0]);
    mo_expr *e = mo_expr_unary(a->loc, MO_OP_NEG, a);
    e->var = -1;
    return e;
}

mo_expr *mo_sym_add(mo_expr *a, mo_expr *b)
{
    double x, y;
    mo_expr *f;
    if (mo_sym_is_num(a, &x) && mo_sym_is_num(b, &y) && (f = folded(a, b, x + y)))
        return y == 0 && is_made_num(a) ? a : x == 0 && is_made_num(b) ? b : f;
    if (is_val(a, 0))
        return b;
    if (is_val(b, 0))
        return a;
    if (is_neg(b))
        return mo_sym_sub(a, b->a[0]);
    if (is_neg(a))
        return mo_sym_sub(b, a->a[0]);
    return make_binary(a->loc, MO_OP_ADD, a, b);
}

mo_expr *mo_sym_sub(mo_expr *a, mo_expr *b)
{
    double x, y;
    mo_expr *f;
    if (mo_sym_is_num(a, &x) && mo_sym_is_num(b, &y) && (f = folded(a, b, x - y)))
        return y == 0 && is_made_num(a) ? a : f;
    if (is_val(b, 0))
        return a;
    if (is_val(a, 0))
        return mo_sym_neg(b);
    if (is_neg(b))
        return mo_sym_add(a, b->a[0]);
    if (mo_expr_equal(a, b))
        return mo_sym_num(a->loc, 0);
    return make_binary(a->loc, MO_OP_SUB, a, b);
}

mo_expr *mo_sym_mul(mo_expr *a, mo_expr *b)
{
    double x, y;
    bool ca = mo_sym_is_num(a, &x), cb = mo_sym_is_num(b, &y);
    mo_expr *f;
    if (ca && cb && (f = folded(a, b, x * y)))
        return f;
    if ((ca && x == 0) || (cb && y == 0)) /* a zero operand serves as the result: no new node */
        return ca && x == 0 && is_made_num(a) ? a : cb && y == 0 && is_made_num(b) ? b : mo_sym_num(a->loc, 0);
    if (ca && x == 1)
        return b;
    if (cb && y == 1)
        return a;
    if (ca && x == -1)
        return mo_sym_neg(b);
    if (cb && y == -1)
        return mo_sym_neg(a);
    if (is_neg(a))
        return mo_sym_neg(mo_sym_mul(a->a[0], b));
    if (is_neg(b))
        return mo_sym_neg(mo_sym_mul(a, b->a[0]));
    /* constants first: 2*x rather than x*2 */
    if (cb && !ca)
        return make_binary(a->loc, MO_OP_MUL, b, a);
    return make_binary(a->loc, MO_OP_MUL, a, b);
}

mo_expr *mo_sym_div(mo_expr *a, mo_expr *b)
{
    double x, y;
    bool ca = mo_sym_is_num(a, &x), cb = mo_sym_is_num(b, &y);
    if (ca && cb && y != 0)
        return mo_sym_num(a->loc, x / y);
    if (cb && y == 1)
        return a;
    if (cb && y == -1)
        return mo_sym_neg(a);
    if (ca && x == 0)
        return mo_sym_num(a->loc, 0);
    if (is_neg(a))
        return mo_sym_neg(mo_sym_div(a->a[0], b));
    if (is_neg(b))
        return mo_sym_neg(mo_sym_div(a, b->a[0]));
    return make_binary(a->loc, MO_OP_DIV, a, b);
}

mo_expr *mo_sym_pow(mo_expr *a, mo_expr *b)
{
    double x, y;
    bool ca = mo_sym_is_num(a, &x), cb = mo_sym_is_num(b, &y);
    if (ca && cb && !(x < 0 && y != floor(y)) && !(x == 0 && y < 0))
        return mo_sym_num(a->loc, pow(x, y));
    if (cb && y == 0)
        return mo_sym_num(a->loc, 1);
    if (cb && y == 1)
        return a;
    return make_binary(a->loc, MO_OP_POW, a, b);
}

static bool fold_relation(mo_op op, double x, double y, double *r)
{
    switch (op) {
    case MO_OP_LT: *r = x < y; return true;
    case MO_OP_LE: *r = x <= y; return true;
    case MO_OP_GT: *r = x > y; return true;
    case MO_OP_GE: *r = x >= y; return true;
    case MO_OP_EQ: *r = x == y; return true;
    case MO_OP_NE: *r = x != y; return true;
    case MO_OP_AND: *r = (x != 0) && (y != 0); return true;
    case MO_OP_OR: *r = (x != 0) || (y != 0); return true;
    default: return false;
    }
}

mo_expr *mo_sym_binary(mo_loc loc, mo_op op, mo_expr *a, mo_expr *b)
{
    op = mo_op_scalar(op);
    switch (op) {
    case MO_OP_ADD: return mo_sym_add(a, b);
    case MO_OP_SUB: return mo_sym_sub(a, b);
    case MO_OP_MUL: return mo_sym_mul(a, b);
    case MO_OP_DIV: return mo_sym_div(a, b);
    case MO_OP_POW: return mo_sym_pow(a, b);
    default: break;
    }
    double x, y, r;
    if (mo_sym_is_num(a, &x) && mo_sym_is_num(b, &y) && fold_relation(op, x, y, &r)) {
        mo_expr *e = node(MO_EX_BOOL, loc);
        e->ival = r != 0;
        return e;
    }
    return make_binary(loc, op, a, b);
}

/* Value of a built-in function of constant arguments; false when unknown or outside its domain (then
 * the call stays in the tree, and the generated code reports the domain error at run time). */
static bool fold_call(const char *fn, int n, const double *v, double *r)
{
    if (n == 1 && mo_eval_quarter_turn(fn, v[0], r))   /* cos(pi/2) = 0 exactly (eval.c) */
        return true;
    if (n == 1) {
        double x = v[0];
        if (!strcmp(fn, "sin")) *r = sin(x);
        else if (!strcmp(fn, "cos")) *r = cos(x);
        else if (!strcmp(fn, "tan")) *r = tan(x);
        else if (!strcmp(fn, "asin") && fabs(x) <= 1) *r = asin(x);
        else if (!strcmp(fn, "acos") && fabs(x) <= 1) *r = acos(x);
        else if (!strcmp(fn, "atan")) *r = atan(x);
        else if (!strcmp(fn, "sinh")) *r = sinh(x);
        else if (!strcmp(fn, "cosh")) *r = cosh(x);
        else if (!strcmp(fn, "tanh")) *r = tanh(x);
        else if (!strcmp(fn, "exp")) *r = exp(x);
        else if (!strcmp(fn, "log") && x > 0) *r = log(x);
        else if (!strcmp(fn, "log10") && x > 0) *r = log10(x);
        else if (!strcmp(fn, "sqrt") && x >= 0) *r = sqrt(x);
        /* (abs and integer outside the Integer range stay calls: the generated code checks an Integer's
         * overflow, mo2c_iop, and computes a Real's abs as folding would) */
        else if (!strcmp(fn, "abs") && fabs(x) <= 2147483647.0) *r = fabs(x);
        else if (!strcmp(fn, "sign")) *r = (x > 0) - (x < 0);
        else if (!strcmp(fn, "floor")) *r = floor(x);
        else if (!strcmp(fn, "integer") && floor(x) >= -2147483648.0 && floor(x) <= 2147483647.0) *r = floor(x);
        else if (!strcmp(fn, "ceil")) *r = ceil(x);
        else if (!strcmp(fn, "noEvent")) *r = x;
        else return false;
        return true;
    }
    if (n == 2) {
        if (!strcmp(fn, "atan2")) *r = atan2(v[0], v[1]);
        else if (!strcmp(fn, "smooth")) *r = v[1];
        else if (!strcmp(fn, "min")) *r = v[0] < v[1] ? v[0] : v[1];
        else if (!strcmp(fn, "max")) *r = v[0] > v[1] ? v[0] : v[1];
        else return false;
        return true;
    }
    return false;
}

mo_expr *mo_sym_call(mo_loc loc, const char *fn, int n, mo_expr **args)
{
    if (n <= 2) {
        double v[2];
        bool all = true;
        for (int i = 0; i < n; i++)
            all = all && mo_sym_is_num(args[i], &v[i]);
        double r;
        if (all && n > 0 && fold_call(fn, n, v, &r))
            return mo_sym_num(loc, r);
    }
    return mo_expr_call(loc, fn, n, args);
}

mo_expr *mo_sym_call1(mo_loc loc, const char *fn, mo_expr *a)
{
    return mo_sym_call(loc, fn, 1, &a);
}

mo_expr *mo_sym_if(mo_loc loc, mo_expr *cond, mo_expr *then_, mo_expr *else_)
{
    double c;
    if (mo_sym_is_num(cond, &c))
        return c != 0 ? then_ : else_;
    if (mo_expr_equal(then_, else_))
        return then_;
    mo_expr *e = node(MO_EX_IF, loc);
    e->n = 3;
    e->a = MO_NEWN(mo_expr *, 3);
    e->a[0] = cond;
    e->a[1] = then_;
    e->a[2] = else_;
    return e;
}

/* ---- structure ---- */

bool mo_sym_is_input(const mo_expr *e)
{
    const char *fn = mo_sym_fn_name(e);
    return fn && !strcmp(fn, MO_INPUT_FN);
}

const char *mo_sym_fn_name(const mo_expr *call)
{
    if (!call || call->kind != MO_EX_CALL || call->func || !call->fn || call->fn->kind != MO_EX_REF ||
        call->fn->nparts < 1)
        return NULL;   /* user functions (call->func) are never built-ins */
    const mo_expr *f = call->fn;
    if (f->nparts == 3 && !strcmp(f->parts[0].id, "Modelica") && !strcmp(f->parts[1].id, "Math"))
        return f->parts[2].id;
    if (f->nparts != 1)
        return NULL;
    const char *s = f->parts[0].id;
    if (!strncmp(s, "Modelica.Math.", 14))
        return mo_intern_cstr(s + 14);
    return s;
}

bool mo_expr_equal(const mo_expr *a, const mo_expr *b)
{
    if (a == b)
        return true;
    if (!a || !b)
        return false;
    double x, y;
    if (mo_sym_is_num(a, &x) && mo_sym_is_num(b, &y))
        return x == y && a->kind != MO_EX_BOOL && b->kind != MO_EX_BOOL;
    if (a->kind != b->kind || a->n != b->n)
        return false;
    switch (a->kind) {
    case MO_EX_VAR:
        return a->var == b->var;
    case MO_EX_TIME:
        return true;
    case MO_EX_STRING:
        return a->str && b->str && !strcmp(a->str, b->str);
    case MO_EX_BINARY: case MO_EX_UNARY:
        if (a->op != b->op)
            return false;
        break;
    case MO_EX_CALL: {
        const char *fa = mo_sym_fn_name(a), *fb = mo_sym_fn_name(b);
        if (!fa || fa != fb || a->nnamed || b->nnamed)
            return false;
        break;
    }
    case MO_EX_IF: case MO_EX_DER: case MO_EX_INDEX:
        break;
    case MO_EX_ARRAY:
        if (a->niters || b->niters)
            return false;
        break;
    default:
        return false; /* references, ...: not compared structurally */
    }
    for (int i = 0; i < a->n; i++)
        if (!mo_expr_equal(a->a[i], b->a[i]))
            return false;
    return true;
}

static bool is_var(const mo_expr *e, const void *var)
{
    return e->kind == MO_EX_VAR && e->var == *(const int *)var;
}

bool mo_expr_has_var(const mo_expr *e, int var)
{
    return mo_expr_any(e, is_var, &var);
}

void mo_expr_note_var(int v, unsigned char *seen, mo_int_vec *out)
{
    if (!seen[v]) {
        seen[v] = 1;
        MO_PUSH(*out, v);
    }
}

void mo_expr_collect_vars(const mo_expr *e, unsigned char *seen, mo_int_vec *out)
{
    if (!e)
        return;
    if (e->kind == MO_EX_VAR && e->var >= 0) {
        mo_expr_note_var(e->var, seen, out);
        return;
    }
    for (int i = 0; i < e->n; i++)
        mo_expr_collect_vars(e->a[i], seen, out);
    for (int i = 0; i < e->nnamed; i++)
        mo_expr_collect_vars(e->named[i].value, seen, out);
}

/* The nodes rebuilt in the current rebuild, by address: a node the expression reaches by several paths (a
 * DAG: sym.h) is rebuilt once and its result shared again. The derivative of a product of N factors
 * holds each partial product twice (diff.c); rebuilt as a tree it became N^2/2 factors (solve's
 * mo_simplify of it took 0.2 s and 80 MB at N = 500, 4 GB at N = 2000), and the C printed from it as
 * many. Only the outermost rebuild uses the table (memo): a constructor that rebuilt another expression
 * inside one, with other substitutions, must not read its entries. */
static mo_pmemo rebuild_memo;
static bool rebuild_busy;

static mo_expr *rebuild(const mo_expr *e, mo_expr *const *sub, bool memo);

/* Rebuild e bottom-up through the simplifying constructors; sub (may be NULL) replaces variables. */
static mo_expr *rebuild_node(const mo_expr *e, mo_expr *const *sub, bool memo)
{
    if (!e)
        return NULL;
    switch (e->kind) {
    case MO_EX_VAR:
        if (sub && e->var >= 0 && sub[e->var]) {
            mo_expr_mark_shared(sub[e->var]);   /* (put at each occurrence of the variable: mo_dag) */
            return sub[e->var];
        }
        return (mo_expr *)e;
    case MO_EX_INT: case MO_EX_BOOL: case MO_EX_REAL: case MO_EX_STRING: case MO_EX_TIME:
        return (mo_expr *)e;
    case MO_EX_UNARY: {
        mo_expr *a = rebuild(e->a[0], sub, memo);
        if (e->op == MO_OP_PLUS)
            return a;
        if (e->op == MO_OP_NEG)
            return mo_sym_neg(a);
        double v;
        if (e->op == MO_OP_NOT && mo_sym_is_num(a, &v)) {
            mo_expr *r = node(MO_EX_BOOL, e->loc);
            r->ival = v == 0;
            return r;
        }
        mo_expr *r = node(MO_EX_UNARY, e->loc);
        r->op = e->op;
        r->n = 1;
        r->a = MO_NEWN(mo_expr *, 1);
        r->a[0] = a;
        return r;
    }
    case MO_EX_BINARY:
        return mo_sym_binary(e->loc, e->op, rebuild(e->a[0], sub, memo), rebuild(e->a[1], sub, memo));
    case MO_EX_IF: {
        /* fold from the else branch backwards: if c1 then e1 elseif c2 then e2 else e3 */
        mo_expr *r = rebuild(e->a[e->n - 1], sub, memo);
        for (int i = e->n - 3; i >= 0; i -= 2)
            r = mo_sym_if(e->loc, rebuild(e->a[i], sub, memo), rebuild(e->a[i + 1], sub, memo), r);
        return r;
    }
    case MO_EX_CALL: {
        const char *fn = mo_sym_fn_name(e);
        if (!fn || e->nnamed || e->niters)
            break;
        mo_expr **args = MO_NEWN(mo_expr *, e->n > 0 ? e->n : 1);
        for (int i = 0; i < e->n; i++)
            args[i] = rebuild(e->a[i], sub, memo);
        mo_expr *r = mo_sym_call(e->loc, fn, e->n, args);
        if (r->kind == MO_EX_CALL && !e->func)
            r->func_el = e->func_el;   /* a delay's site (dae.c) */
        return r;
    }
    case MO_EX_INDEX: {   /* x[k], k known only at run time (flat.h): an element when k has become known */
        mo_expr *k = rebuild(e->a[1], sub, memo);
        double v;
        if (mo_sym_is_num(k, &v) && v >= 1 && v <= e->a[0]->n && v == floor(v))
            return rebuild(e->a[0]->a[(int)v - 1], sub, memo);
        mo_expr *arr = rebuild(e->a[0], sub, memo);
        if (arr == e->a[0] && k == e->a[1])
            return (mo_expr *)e;
        mo_expr *r = mo_expr_dup(e);
        r->a = MO_NEWN(mo_expr *, 2);
        r->a[0] = arr;
        r->a[1] = k;
        return r;
    }
    default:
        break;
    }
    /* anything else (der, arrays, named arguments): its operands rebuilt, in a copy when one changed
     * (a copy of an unchanged x[k] took the N elements of x at each occurrence of x[k]) */
    if (!e->n)
        return mo_expr_dup(e);   /* (e may be a short node: ast.h) */
    mo_expr **a = NULL;
    for (int i = 0; i < e->n; i++) {
        mo_expr *x = rebuild(e->a[i], sub, memo);
        if (x != e->a[i] && !a) {
            a = MO_NEWN(mo_expr *, e->n);
            memcpy(a, e->a, sizeof(mo_expr *) * (size_t)e->n);
        }
        if (a)
            a[i] = x;
    }
    if (!a)
        return (mo_expr *)e;
    mo_expr *r = mo_expr_dup(e);
    r->a = a;
    return r;
}

static mo_expr *rebuild(const mo_expr *e, mo_expr *const *sub, bool memo)
{
    if (!memo || !e || e->n == 0)   /* (a leaf costs less than a table entry) */
        return rebuild_node(e, sub, memo);
    mo_expr *r = mo_pmemo_get(&rebuild_memo, e);
    if (r) {
        mo_expr_mark_shared(r);   /* (the result of a node reached by another path: mo_dag) */
    } else {
        r = rebuild_node(e, sub, memo);
        mo_pmemo_put(&rebuild_memo, e, r);
    }
    return r;
}

/* The outermost rebuild of a walk takes the table (rebuild_memo). */
static mo_expr *rebuild_top(const mo_expr *e, mo_expr *const *sub)
{
    if (rebuild_busy)
        return rebuild(e, sub, false);
    rebuild_busy = true;
    mo_pmemo_begin(&rebuild_memo);
    mo_expr *r = rebuild(e, sub, true);
    rebuild_busy = false;
    return r;
}

mo_expr *mo_simplify(mo_expr *e)
{
    return rebuild_top(e, NULL);
}

mo_expr *mo_expr_subst(const mo_expr *e, mo_expr *const *sub)
{
    return rebuild_top(e, sub);
}

/* ---- evaluation ---- */

/* How eval runs: whether it runs the calls of user-defined functions (mo_eval_fns), and the value of time
 * (NULL: not known, as in mo_eval and mo_eval_fns). */
typedef struct eval_env {
    bool run_fns;
    const double *time;
    mo_dag *dag;              /* the values of shared nodes met (below; NULL: a nested evaluation) */
} eval_env;

/* The values of the shared nodes of the evaluation under way (eval_dag: node -> index + 1 in
 * eval_vals), so that a derivative's DAG is evaluated in time linear in its nodes (ast.h, mo_dag). */
static mo_dag eval_dag;
static double *eval_vals;
static int eval_nvals, eval_cap;

static double eval(const mo_expr *e, const double *values, const eval_env *env, bool *ok);

/* The values of a call's argument elements (fneval.c asks for each scalar element). */
typedef struct call_ctx {
    const double *values;
    const eval_env *env;
} call_ctx;

static bool arg_scalar(void *ctx, const mo_expr *e, double *out)
{
    bool ok = true;
    *out = eval(e, ((call_ctx *)ctx)->values, ((call_ctx *)ctx)->env, &ok);
    return ok;
}

/* A call of a user-defined function: element func_el of its output func_out, run by fneval.c; what
 * cannot run there (Strings, external functions, a failed assert) is not evaluated. */
static double eval_user_call(const mo_expr *e, const double *values, const eval_env *env, bool *ok)
{
    const mo_func *fn = e->func;
    call_ctx c = {values, env};
    double r = 0;
    if (!*ok || e->n != fn->nin || e->nnamed ||
        !mo_fn_eval(fn, e->a, arg_scalar, &c, e->func_out, e->func_el, &r))
        *ok = false;
    return r;
}

static double eval_node(const mo_expr *e, const double *values, const eval_env *env, bool *ok);

static double eval(const mo_expr *e, const double *values, const eval_env *env, bool *ok)
{
    if (!e) {
        *ok = false;
        return 0;
    }
    mo_dag_nodes++;
    if (!env->dag || !e->shared)
        return eval_node(e, values, env, ok);
    intptr_t k = (intptr_t)mo_dag_get(env->dag, e);
    if (k)
        return eval_vals[k - 1];
    double v = eval_node(e, values, env, ok);
    if (*ok) {   /* (a value not known is not kept: the evaluation has failed anyway) */
        if (eval_nvals == eval_cap) {
            eval_cap = eval_cap ? 2 * eval_cap : 256;
            double *nv = MO_NEWN(double, eval_cap);
            if (eval_nvals)
                memcpy(nv, eval_vals, sizeof *nv * (size_t)eval_nvals);
            eval_vals = nv;
        }
        eval_vals[eval_nvals++] = v;
        mo_dag_put(env->dag, e, (void *)(intptr_t)eval_nvals);
    }
    return v;
}

static double eval_node(const mo_expr *e, const double *values, const eval_env *env, bool *ok)
{
    double v;
    if (mo_sym_is_num(e, &v))
        return v;
    switch (e->kind) {
    case MO_EX_VAR:
        if (!values || e->var < 0 || (env->run_fns && isnan(values[e->var]))) {
            *ok = false;   /* (mo_eval_fns: NaN is a value not known, which no condition may decide on) */
            return 0;
        }
        return values[e->var];
    case MO_EX_UNARY: {
        double a = eval(e->a[0], values, env, ok);
        return e->op == MO_OP_NEG ? -a : e->op == MO_OP_NOT ? (double)(a == 0) : a;
    }
    case MO_EX_BINARY: {
        double a = eval(e->a[0], values, env, ok), b = eval(e->a[1], values, env, ok), r;
        switch (mo_op_scalar(e->op)) {
        case MO_OP_ADD: return a + b;
        case MO_OP_SUB: return a - b;
        case MO_OP_MUL: return a * b;
        case MO_OP_DIV: return a / b;
        case MO_OP_POW: return pow(a, b);
        default:
            if (fold_relation(e->op, a, b, &r))
                return r;
            *ok = false;
            return 0;
        }
    }
    case MO_EX_IF:
        for (int i = 0; i + 1 < e->n; i += 2)
            if (eval(e->a[i], values, env, ok) != 0)
                return eval(e->a[i + 1], values, env, ok);
        return eval(e->a[e->n - 1], values, env, ok);
    case MO_EX_INDEX: {   /* x[k] (flat.h) */
        double k = eval(e->a[1], values, env, ok);
        if (!(k >= 1 && k <= e->a[0]->n && k == floor(k))) {
            *ok = false;
            return 0;
        }
        return eval(e->a[0]->a[(int)k - 1], values, env, ok);
    }
    case MO_EX_CALL: {
        if (e->func)
            return env->run_fns ? eval_user_call(e, values, env, ok) : (*ok = false, 0);
        const char *fn = mo_sym_fn_name(e);
        double args[2], r;
        if (!fn || e->n < 1 || e->n > 2 || e->nnamed) {
            *ok = false;
            return 0;
        }
        for (int i = 0; i < e->n; i++)
            args[i] = eval(e->a[i], values, env, ok);
        if (fold_call(fn, e->n, args, &r))
            return r;
        if (e->n == 1 && !strcmp(fn, "log")) return log(args[0]);     /* outside the domain: NaN */
        if (e->n == 1 && !strcmp(fn, "log10")) return log10(args[0]);
        if (e->n == 1 && !strcmp(fn, "sqrt")) return sqrt(args[0]);
        if (e->n == 1 && !strcmp(fn, "asin")) return asin(args[0]);
        if (e->n == 1 && !strcmp(fn, "acos")) return acos(args[0]);
        *ok = false;
        return 0;
    }
    case MO_EX_TIME:
        if (env->time)
            return *env->time;
        *ok = false;
        return 0;
    default:
        *ok = false;
        return 0;
    }
}

/* An evaluation from the top: the shared nodes' values kept while it runs (one at a time: a nested one,
 * from a function's evaluation, keeps none) */
static double eval_top(const mo_expr *e, const double *values, eval_env env, bool *ok)
{
    env.dag = mo_dag_begin(&eval_dag);
    if (env.dag)
        eval_nvals = 0;
    double v = eval(e, values, &env, ok);
    mo_dag_end(env.dag);
    return v;
}

double mo_eval(const mo_expr *e, const double *values, bool *ok)
{
    return eval_top(e, values, (eval_env){false, NULL, NULL}, ok);
}

double mo_eval_fns(const mo_expr *e, const double *values, bool *ok)
{
    return eval_top(e, values, (eval_env){true, NULL, NULL}, ok);
}

double mo_eval_fns_at(const mo_expr *e, const double *values, double time, bool *ok)
{
    return eval_top(e, values, (eval_env){true, &time, NULL}, ok);
}

/* ---- names ---- */

const char *mo_dae_var_name(void *dae, int var)
{
    const mo_dae *d = dae;
    if (!d || var < 0 || var >= d->vars.n)
        return "?";
    return d->vars.v[var].name;
}
