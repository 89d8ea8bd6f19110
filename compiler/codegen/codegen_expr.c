/*
 * codegen_expr.c - expressions as C text for the generated simulator, and the escaping of model text.
 *
 * Input: expressions over DAE variables after mo_dae_solve. Output: C text appended to a buffer.
 * Safety rules (nothing from a model can break or inject into the C file):
 *   - identifiers of the model never become C identifiers: variables are printed as their storage slot
 *     (x[i], dx[i], y[i], p[i]) followed by their name inside a comment;
 *   - model text reaches the file only through mo_cg_c_string (string literals) and mo_cg_comment;
 *   - divisions by anything but a non-zero constant, sqrt, log and non-integer powers go through the
 *     runtime's checked functions, naming the equation (the W<id> string of the equation being printed);
 *     in rhs and outputs, a division by a parameter expression is plain, checked once by init_params
 *     (codegen_need.c).
 * Printing follows C precedence with the fewest parentheses that keep the tree's meaning.
 */
#include "codegen.h"
#include "daeutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void mo_cg_c_string(mo_buf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned c = *p;
        if (c == '\\' || c == '"' || c == '?') {
            char esc[2] = {'\\', (char)c};
            mo_buf_putn(b, esc, 2);
        } else if (c >= 0x20 && c < 0x7f) {
            char ch = (char)c;
            mo_buf_putn(b, &ch, 1);
        } else {
            mo_buf_printf(b, "\\%03o", c); /* three digits: a following digit cannot extend it */
        }
    }
}

void mo_cg_comment(mo_buf *b, const char *s, size_t max)
{
    size_t n = strlen(s);
    bool cut = n > max;
    if (cut)
        n = max;
    for (size_t i = 0; i < n; i++) {
        unsigned c = (unsigned char)s[i];
        unsigned next = i + 1 < n ? (unsigned char)s[i + 1] : 0;
        if ((c == '*' && next == '/') || (c == '/' && next == '*') || (c == '?' && next == '?')) {
            char two[2] = {(char)c, ' '};   /* "* /", "/ *", "? ?": the pair can no longer combine */
            mo_buf_putn(b, two, 2);
        } else if (c == '\\') {
            mo_buf_puts(b, "\\ ");          /* never followed by a newline: no line splice */
        } else if (c >= 0x20 && c < 0x7f) {
            char ch = (char)c;
            mo_buf_putn(b, &ch, 1);
        } else if (c == '\n' || c == '\t' || c == '\r') {
            mo_buf_puts(b, " ");
        } else {
            mo_buf_printf(b, "\\x%02X", c);
        }
    }
    if (cut)
        mo_buf_puts(b, " ...");
}

void mo_cg_number(mo_buf *b, double v)
{
    if (isnan(v)) {
        mo_buf_puts(b, "NAN");
        return;
    }
    if (isinf(v)) {
        mo_buf_puts(b, v > 0 ? "HUGE_VAL" : "(-HUGE_VAL)");
        return;
    }
    char tmp[48];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v)
            break;
    }
    mo_buf_puts(b, tmp);
    if (!strpbrk(tmp, ".e"))
        mo_buf_puts(b, ".0");
}

/* ---- variables ---- */

/* The array holding variable v (kept, not an alias): pre(v) lives in the runtime's pre_x (of a state),
 * pre_dx (of a derivative) or pre (of a y slot). */
static const char *slot_array(const mo_dae *dae, int v)
{
    switch (dae->vars.v[v].kind) {
    case MO_DV_STATE: return "x";
    case MO_DV_DERIVATIVE: return "dx";
    case MO_DV_ALGEBRAIC: case MO_DV_DISCRETE: return "y";
    case MO_DV_PARAMETER: case MO_DV_CONSTANT: return "p";
    case MO_DV_PRE: {
        mo_dkind k = dae->vars.v[dae->vars.v[v].pre_of].kind;
        return k == MO_DV_STATE ? "d->pre_x" : k == MO_DV_DERIVATIVE ? "d->pre_dx"
               : k == MO_DV_ALGEBRAIC || k == MO_DV_DISCRETE ? "d->pre" : NULL;
    }
    default: return NULL;
    }
}

const char *mo_cg_storage_of(const mo_cg *cg, int v, int *slot, bool *neg, mo_dkind *kind)
{
    const mo_expr *value;
    int k = mo_dae_resolve(cg->dae, v, neg, &value, NULL);
    *slot = -1;
    if (k < 0 || cg->dae->vars.v[k].slot < 0)
        return NULL;
    *slot = cg->dae->vars.v[k].slot;
    *kind = cg->dae->vars.v[k].kind;
    return slot_array(cg->dae, k);
}

bool mo_cg_storage(const mo_cg *cg, int v, const char **arr, int *slot)
{
    bool neg;
    mo_dkind kind;
    *arr = mo_cg_storage_of(cg, v, slot, &neg, &kind);
    return *arr && !neg;
}

bool mo_cg_slot(mo_cg *cg, int v, mo_buf *b)
{
    const mo_dae *dae = cg->dae;
    bool neg;
    const mo_expr *value;
    int last = v;
    int k = mo_dae_resolve(dae, v, &neg, &value, &last);
    if (k < 0) {
        if (cg->extra_slot && cg->extra_slot[last] >= 0 && !neg) {
            mo_cg_put_slot(cg, b, "y", cg->extra_slot[last]);
            return true;
        }
        return false;
    }
    const char *arr;
    int slot;
    if (!mo_cg_storage(cg, v, &arr, &slot))
        return false;
    mo_cg_put_slot(cg, b, arr, slot);
    return true;
}

enum { P_TERNARY = 1, P_OR, P_AND, P_EQ, P_REL, P_ADD, P_MUL, P_UNARY, P_ATOM };

static void emit(mo_cg *cg, const mo_expr *e, int min_prec);
static bool int_typed(mo_cg *cg, const mo_expr *e);

static void emit_var(mo_cg *cg, const mo_expr *e, int min_prec)
{
    const mo_dae *dae = cg->dae;
    int v = e->var;
    if (v < 0 || v >= dae->vars.n)
        mo_unreachable("variable out of range in code generation");
    bool neg;
    const mo_expr *value;
    int last = v;
    int k = mo_dae_resolve(dae, v, &neg, &value, &last);
    if (k < 0) {
        if (cg->extra_slot && cg->extra_slot[last] >= 0) {
            mo_buf_puts(cg->out, neg ? "(-" : "");
            mo_cg_put_slot(cg, cg->out, "y", cg->extra_slot[last]);
            mo_buf_puts(cg->out, neg ? ")" : "");
            return;
        } else if (!value) {
            mo_buf_puts(cg->out, "0.0");
            return;
        } else {
            mo_buf_puts(cg->out, neg ? "-(" : "(");
            emit(cg, value, 0);
            mo_buf_puts(cg->out, ")");
            return;
        }
    } else {
        const mo_dvar *dv = &dae->vars.v[k];
        const char *arr = slot_array(dae, k);
        if (!arr || dv->slot < 0)
            mo_unreachable(mo_sprintf("variable '%s' has no storage in code generation", dv->name));
        if (neg && min_prec > P_UNARY)
            mo_buf_puts(cg->out, "(-");
        else if (neg)
            mo_buf_puts(cg->out, "-");
        mo_cg_put_slot(cg, cg->out, arr, dv->slot);
        if (cg->names) {
            mo_buf_puts(cg->out, " /* ");
            mo_cg_comment(cg->out, dv->name, 120);
            mo_buf_puts(cg->out, " */");
        }
        if (neg && min_prec > P_UNARY)
            mo_buf_puts(cg->out, ")");
        return;
    }
}

static void where_arg(mo_cg *cg)
{
    cg->nchecked++;
    if (cg->where_name) {   /* inside a user function (codegen_fn.c) */
        mo_buf_printf(cg->out, ", %s, &ok)", cg->where_name);
        return;
    }
    mo_buf_puts(cg->out, ", ");
    mo_cg_put_where(cg, cg->out, cg->where_id);
    mo_buf_puts(cg->out, ", &ok)");
    cg->where_used[cg->where_id] = 1;
}

bool mo_cg_nonzero_const(const mo_expr *e)
{
    double v;
    return mo_sym_is_num(e, &v) && v != 0 && isfinite(v);
}

static void emit_call(mo_cg *cg, const mo_expr *e)
{
    if (cg->ev && mo_cg_event_call(cg, e))   /* noEvent, pre, sample ... (codegen_events.c) */
        return;
    if (e->func) {   /* a user-defined function (codegen_fn.c) */
        mo_cg_fn_call(cg, e);
        return;
    }
    const char *fn = mo_sym_fn_name(e);
    mo_buf *o = cg->out;
    static const char *const plain1[] = {"sin", "cos", "tan", "atan", "sinh", "cosh",
                                         "tanh", "asinh", "acosh", "atanh", "exp", "floor", "ceil", NULL};
    if (!fn || e->nnamed || e->niters)
        goto unsupported;
    if (mo_sym_is_input(e) && e->n == 1) {   /* top-level input k (dae.c): the simulator's value at t */
        double k = 0;
        (void)mo_sym_is_num(e->a[0], &k);
        mo_buf_printf(o, "mo2c_input(d, %d, t)", (int)k);
        return;
    }
    for (int i = 0; plain1[i]; i++)
        if (e->n == 1 && !strcmp(fn, plain1[i])) {
            mo_buf_printf(o, "%s(", fn);
            emit(cg, e->a[0], 0);
            mo_buf_puts(o, ")");
            return;
        }
    if ((e->n == 1 && (!strcmp(fn, "integer") || (!strcmp(fn, "abs") && int_typed(cg, e->a[0])))) ||
        (e->n == 2 && !strcmp(fn, "div") && int_typed(cg, e->a[0]) && int_typed(cg, e->a[1]))) {
        /* Integer results that can leave the 32-bit range (abs(-2147483648), div(-2147483648, -1),
         * integer(1e10)): checked as +, - and * are (mo2c_iop) */
        mo_buf_puts(o, "mo2c_iop(d, ");
        emit(cg, e->a[0], 0);
        mo_buf_puts(o, ", ");
        if (e->n == 2)
            emit(cg, e->a[1], 0);
        else
            mo_buf_puts(o, "0.0");
        mo_buf_printf(o, ", '%c'", fn[0]);
        where_arg(cg);
        return;
    }
    if (e->n == 1 && (!strcmp(fn, "abs") || !strcmp(fn, "integer") || !strcmp(fn, "sign"))) {
        mo_buf_puts(o, !strcmp(fn, "abs") ? "fabs(" : !strcmp(fn, "integer") ? "floor(" : "mo_sign(");
        emit(cg, e->a[0], 0);
        mo_buf_puts(o, ")");
        return;
    }
    /* checked where C gives NaN or fails (algebra.c): a parameter's binding is no exception */
    if (e->n == 1 && (!strcmp(fn, "sqrt") || !strcmp(fn, "log") || !strcmp(fn, "log10") || !strcmp(fn, "asin") ||
                      !strcmp(fn, "acos"))) {
        bool is10 = !strcmp(fn, "log10");
        if (is10)
            mo_buf_puts(o, "(");
        mo_buf_printf(o, "mo2c_%s(d, ", is10 ? "log" : fn);
        emit(cg, e->a[0], 0);
        where_arg(cg);
        if (is10)
            mo_buf_puts(o, " / 2.302585092994046)");
        return;
    }
    if (e->n == 1 && !strcmp(fn, "noEvent")) {
        mo_buf_puts(o, "(");
        emit(cg, e->a[0], 0);
        mo_buf_puts(o, ")");
        return;
    }
    if (e->n == 2 && !strcmp(fn, "smooth")) {
        mo_buf_puts(o, "(");
        emit(cg, e->a[1], 0);
        mo_buf_puts(o, ")");
        return;
    }
    if (e->n == 2 && !strcmp(fn, "homotopy")) {
        /* the actual argument, and only it, unless mo2c_solve_nonlinear is following an initial loop
         * from the simplified one (d->homotopy_s > 0); the simplified one alone where that starts (the
         * actual one may be undefined there: the reason for the homotopy) */
        mo_buf_puts(o, "mo2c_homotopy(d, d->homotopy_s == 1.0 ? 0.0 : (");
        emit(cg, e->a[0], 0);
        mo_buf_puts(o, ")");
        mo_buf_puts(o, ", d->homotopy_s == 0.0 ? 0.0 : (");
        emit(cg, e->a[1], 0);
        mo_buf_puts(o, "))");
        return;
    }
    if ((e->n == 2 && (!strcmp(fn, "mod") || !strcmp(fn, "rem") || !strcmp(fn, "div"))) ||
        (e->n == 3 && !strcmp(fn, "semiLinear"))) {
        /* evaluated without events for now (mod, rem, div are discontinuous) */
        mo_buf_printf(o, "mo2c_%s(d, ", !strcmp(fn, "div") ? "idiv" : fn);
        for (int i = 0; i < e->n; i++) {
            emit(cg, e->a[i], 0);
            mo_buf_puts(o, i + 1 < e->n ? ", " : "");
        }
        where_arg(cg);
        return;
    }
    if ((e->n == 2 || e->n == 3) && !strcmp(fn, "delay") && !cg->fn && e->func_el > 0) {
        /* the site's history (runtime/delay.c); without delayMax, delayTime (a parameter) is the bound */
        mo_buf_printf(o, "mo2c_delay(d, %d, t, ", e->func_el - 1);
        for (int i = 0; i < 3; i++) {
            emit(cg, e->a[i < e->n ? i : 1], 0);
            mo_buf_puts(o, i < 2 ? ", " : "");
        }
        where_arg(cg);
        return;
    }
    if (e->n == 2 && (!strcmp(fn, "atan2") || !strcmp(fn, "min") || !strcmp(fn, "max"))) {
        mo_buf_puts(o, !strcmp(fn, "atan2") ? "atan2(" : !strcmp(fn, "min") ? "fmin(" : "fmax(");
        emit(cg, e->a[0], 0);
        mo_buf_puts(o, ", ");
        emit(cg, e->a[1], 0);
        mo_buf_puts(o, ")");
        return;
    }
unsupported:
    /* the front end admits only the calls printed above (flatten_expr.c, funcall.c: names, numbers of
     * arguments, named arguments and reductions) */
    mo_unreachable(fn ? mo_sprintf("call of '%s' with %d arguments in code generation", fn, e->n)
                      : "a call without a name in code generation");
}

static int binary_prec(mo_op op)
{
    switch (op) {
    case MO_OP_ADD: case MO_OP_SUB: case MO_OP_EADD: case MO_OP_ESUB: return P_ADD;
    case MO_OP_MUL: case MO_OP_DIV: case MO_OP_EMUL: case MO_OP_EDIV: return P_MUL;
    case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: return P_REL;
    case MO_OP_EQ: case MO_OP_NE: return P_EQ;
    case MO_OP_AND: return P_AND;
    case MO_OP_OR: return P_OR;
    default: return P_ATOM; /* powers print as calls */
    }
}

static const char *c_op(mo_op op)
{
    switch (op) {
    case MO_OP_ADD: case MO_OP_EADD: return " + ";
    case MO_OP_SUB: case MO_OP_ESUB: return " - ";
    case MO_OP_MUL: case MO_OP_EMUL: return " * ";
    case MO_OP_DIV: case MO_OP_EDIV: return " / ";
    case MO_OP_LT: return " < ";
    case MO_OP_LE: return " <= ";
    case MO_OP_GT: return " > ";
    case MO_OP_GE: return " >= ";
    case MO_OP_EQ: return " == ";
    case MO_OP_NE: return " != ";
    case MO_OP_AND: return " && ";
    case MO_OP_OR: return " || ";
    default: mo_unreachable("not an infix operator");
    }
}

/* ---- Integer arithmetic (spec 4.9.2: 32-bit Integers, runtime's mo2c_iop) ---- */

/* Is variable v of the model an Integer or an enumeration (pre(v) as its v)? */
static bool int_var(const mo_cg *cg, int v)
{
    if (cg->fn)   /* a slot of the function printed (an enumeration's too: its values are Integers), or
                   * an Integer element of an operand applied element by element (codegen_farr.c) */
        return v == MO_FG_TEXT_INT || (v >= 0 && v < cg->fn->vars.n && cg->fn->vars.v[v].type == MO_T_INTEGER);
    const mo_dvar *dv = &cg->dae->vars.v[v];
    if (dv->pre_of >= 0)
        dv = &cg->dae->vars.v[dv->pre_of];
    if (dv->flat < 0)
        return false;
    int t = cg->dae->flat->vars.v[dv->flat].type;
    return t == MO_T_INTEGER || t == MO_T_ENUM;
}

/* Is e surely of type Integer (10.6.1: +, - and * of Integers are Integers)? Literals, Integer variables,
 * integer(), and +, -, *, unary minus, if-expressions, pre, div, mod, rem, abs, min, max of Integers;
 * anything else is not judged. Recursion as deep as the expression (the parser bounds it). */
static bool int_judge(mo_cg *cg, const mo_expr *e)
{
    cg->int_judged++;
    if (cg->fn && mo_func_expr_rank(cg->fn, e) != 0)
        return false;   /* (an array in a function body: codegen_farr.c applies it element by element,
                         * over text nodes that say whether an element is an Integer: int_var) */
    switch (e->kind) {
    case MO_EX_INT:
        return true;
    case MO_EX_VAR:
        return int_var(cg, e->var);
    case MO_EX_INDEX:   /* an element of an Integer array of a function body (a scalar: checked above) */
        return cg->fn && e->a[0]->kind == MO_EX_VAR && int_var(cg, e->a[0]->var);
    case MO_EX_UNARY:
        return (e->op == MO_OP_NEG || e->op == MO_OP_PLUS) && int_typed(cg, e->a[0]);
    case MO_EX_BINARY:
        return (e->op == MO_OP_ADD || e->op == MO_OP_SUB || e->op == MO_OP_MUL || e->op == MO_OP_EADD ||
                e->op == MO_OP_ESUB || e->op == MO_OP_EMUL) && int_typed(cg, e->a[0]) && int_typed(cg, e->a[1]);
    case MO_EX_IF:
        for (int i = 1; i < e->n; i += 2)
            if (!int_typed(cg, e->a[i]))
                return false;
        return int_typed(cg, e->a[e->n - 1]);
    case MO_EX_CALL: {
        const char *fn = mo_sym_fn_name(e);
        if (!fn || e->nnamed || e->niters || e->func)
            return false;
        if (!strcmp(fn, "integer"))
            return e->n == 1;
        static const char *const of_ints[] = {"pre", "div", "mod", "rem", "abs", "min", "max", NULL};
        bool known = false;
        for (int i = 0; of_ints[i] && !known; i++)
            known = !strcmp(fn, of_ints[i]);
        for (int i = 0; known && i < e->n; i++)
            known = int_typed(cg, e->a[i]);
        return known && e->n > 0;
    }
    default:
        return false;
    }
}

/* int_judge with its answers kept for operator nodes whose judgement walked a large tree: emit_int_op
 * judges both operands of every +, - and *, so in a chain a + b + ... of n operands (tools write them
 * with 10^4 terms) each node would walk its whole left operand again, n^2/2 nodes in all (28 s of
 * codegen for 45000 terms). Kept answers make it linear; a small tree, the usual, is judged again,
 * which costs less than a table entry. */
enum { INT_MEMO_MIN = 32 };

static bool int_typed(mo_cg *cg, const mo_expr *e)
{
    if (e->n == 0)
        return int_judge(cg, e);
    intptr_t kept = cg->int_memo.cap ? (intptr_t)mo_map_get(&cg->int_memo, (const char *)e) : 0;
    if (kept)
        return kept == 2;
    unsigned long before = cg->int_judged;
    bool r = int_judge(cg, e);
    if (cg->int_judged - before >= INT_MEMO_MIN)
        mo_map_put(&cg->int_memo, (const char *)e, (void *)(intptr_t)(r ? 2 : 1));
    return r;
}

/* a op b of two Integers, with overflow checked: in a model's equations, and in a function's statements
 * (the where string names the statement and the function) */
static bool emit_int_op(mo_cg *cg, const mo_expr *e)
{
    mo_op op = e->op;
    bool neg = e->kind == MO_EX_UNARY;
    if ((neg ? op != MO_OP_NEG : op != MO_OP_ADD && op != MO_OP_SUB && op != MO_OP_MUL &&
                                           op != MO_OP_EADD && op != MO_OP_ESUB && op != MO_OP_EMUL))
        return false;
    if (!int_typed(cg, e->a[0]) || (!neg && !int_typed(cg, e->a[1])))
        return false;
    mo_buf *o = cg->out;
    mo_buf_puts(o, "mo2c_iop(d, ");
    if (neg)
        mo_buf_puts(o, "0.0");
    else
        emit(cg, e->a[0], 0);
    mo_buf_puts(o, ", ");
    emit(cg, e->a[neg ? 0 : 1], 0);
    mo_buf_printf(o, ", '%c'", neg || op == MO_OP_SUB || op == MO_OP_ESUB ? '-' : op == MO_OP_MUL || op == MO_OP_EMUL
                                                                                ? '*' : '+');
    where_arg(cg);
    return true;
}

static void emit_binary(mo_cg *cg, const mo_expr *e, int min_prec)
{
    mo_buf *o = cg->out;
    mo_expr *a = e->a[0], *b = e->a[1];
    mo_op op = e->op;
    if (emit_int_op(cg, e) || (op >= MO_OP_LT && op <= MO_OP_NE && mo_cg_string_relation(cg, e)))
        return;
    if (op == MO_OP_DIV || op == MO_OP_EDIV) {
        if (!mo_cg_nonzero_const(b) && mo_cg_div_unchecked(cg, b)) {
            /* a parameter expression: init_params checks it once (codegen_need.c) */
            mo_buf text = {0};
            int checked = cg->nchecked;
            cg->out = &text;
            mo_cg_temps_off(cg, 1);   /* (init_params prints this text: no statement's locals there) */
            emit(cg, b, P_MUL + 1);
            mo_cg_temps_off(cg, -1);
            cg->out = o;
            const char *bt = mo_buf_str(&text);
            if (cg->nchecked == checked) {   /* its own evaluation cannot fail */
                if (cg->loop_collect) {   /* finding runs (codegen_loops.c): the check of this block's
                                           * own divisor, whether it ends up in a loop or not */
                    mo_int_vec *keep = cg->loop_collect;
                    mo_buf real = {0};
                    cg->loop_collect = NULL;
                    cg->names = true;   /* as the scalar code prints it, so that it is added once */
                    cg->out = &real;
                    emit(cg, b, P_MUL + 1);
                    cg->out = o;
                    cg->names = false;
                    cg->loop_collect = keep;
                    mo_cg_div_add(cg, mo_buf_str(&real), b);
                } else if (!cg->loop_base) {   /* (a loop's divisors were added when collecting) */
                    mo_cg_div_add(cg, bt, b);
                }
                if (P_MUL < min_prec)
                    mo_buf_puts(o, "(");
                emit(cg, a, P_MUL);
                mo_buf_printf(o, " / %s", bt);
                if (P_MUL < min_prec)
                    mo_buf_puts(o, ")");
                return;
            }
            mo_buf_puts(o, "mo2c_div(d, ");
            emit(cg, a, 0);
            mo_buf_printf(o, ", %s", bt);
            where_arg(cg);
            return;
        }
        if (!mo_cg_nonzero_const(b)) {
            mo_buf_puts(o, "mo2c_div(d, ");
            emit(cg, a, 0);
            mo_buf_puts(o, ", ");
            emit(cg, b, 0);
            where_arg(cg);
            return;
        }
    } else if (op == MO_OP_POW || op == MO_OP_EPOW) {
        double n;
        /* integer exponents cannot leave pow's domain except 0^-n, which gives an infinity */
        bool integer = mo_sym_is_num(b, &n) && n == floor(n) && fabs(n) < 1e9;
        if (integer && n == 2) {
            mo_buf_puts(o, "mo_sq(");
            emit(cg, a, 0);
            mo_buf_puts(o, ")");
            return;
        }
        mo_buf_puts(o, integer ? "pow(" : "mo2c_pow(d, ");
        emit(cg, a, 0);
        mo_buf_puts(o, ", ");
        emit(cg, b, 0);
        if (integer)
            mo_buf_puts(o, ")");
        else
            where_arg(cg);
        return;
    }
    int p = binary_prec(op);
    bool paren = p < min_prec;
    bool lazy = op == MO_OP_AND || op == MO_OP_OR;   /* C evaluates b only sometimes */
    if (paren)
        mo_buf_puts(o, "(");
    /* an 'and' inside an 'or' keeps parentheses C does not need, as gcc's -Wparentheses asks */
    int pa = op == MO_OP_OR ? P_AND + 1 : p;
    emit(cg, a, pa);
    mo_buf_puts(o, c_op(op));
    cg->cond += lazy;
    emit(cg, b, pa > p ? pa : p + 1); /* left associative: a - (b - c) keeps its parentheses */
    cg->cond -= lazy;
    if (paren)
        mo_buf_puts(o, ")");
}

/* The elements of an x[k] (its shared MO_EX_ARRAY, flat.h) as slots base, base + stride, ... of one
 * storage array, looked at once per array (cg->choices) however many references share it. */
typedef struct choice_layout {
    const char *arr;           /* NULL: not in place (an alias by value or negated, a nested choice) */
    int base, stride;
} choice_layout;

static const choice_layout *layout_of(mo_cg *cg, const mo_expr *elems)
{
    choice_layout *l = mo_map_get(&cg->choices, (const char *)elems);
    if (l)
        return l;
    l = MO_NEW(choice_layout);
    for (int i = 0; i < elems->n; i++) {
        const char *arr;
        int slot;
        if (elems->a[i]->kind != MO_EX_VAR || !mo_cg_storage(cg, elems->a[i]->var, &arr, &slot) ||
            (i > 0 && strcmp(arr, l->arr)) || (i == 1 && slot == l->base) ||
            (i > 1 && slot != l->base + i * l->stride)) {
            l->arr = NULL;
            break;
        }
        if (i == 0)
            l->arr = arr, l->base = slot;
        else if (i == 1)
            l->stride = slot - l->base;
    }
    mo_map_put(&cg->choices, (const char *)elems, l);
    return l;
}

/* x[k] with k known only at run time (flat.h), chosen by the runtime's checked index (0 when out of
 * range, after the failure is recorded): read in place when the elements are evenly spaced slots of one
 * array, so that a reference costs the same whatever the size of x (N references x[k + i] over N
 * elements were N^2 elements written); otherwise the elements in a C array, every one evaluated (they
 * are variables, or what aliases made of them). */
static void emit_index(mo_cg *cg, const mo_expr *e)
{
    mo_buf *o = cg->out;
    const mo_expr *arr = e->a[0];
    const choice_layout *l = arr->n > 1 ? layout_of(cg, arr) : NULL;
    cg->nchecked++;
    if (l && l->arr) {
        mo_buf_printf(o, "%s[", l->arr);
        mo_cg_put_int(cg, o, l->base);   /* (a slot: a loop moves it with the unit, codegen_loops.c) */
        if (l->stride == 1)
            mo_buf_puts(o, " + ");
        else
            mo_buf_printf(o, " %c %d * ", l->stride < 0 ? '-' : '+', l->stride < 0 ? -l->stride : l->stride);
    } else {
        mo_buf_puts(o, arr->n ? "((const double[]){" : "(");
        for (int i = 0; i < arr->n; i++) {
            emit(cg, arr->a[i], P_TERNARY);   /* (no comma operator inside) */
            mo_buf_puts(o, i + 1 < arr->n ? ", " : "");
        }
        mo_buf_puts(o, arr->n ? "})[" : "");
    }
    mo_buf_puts(o, "mo2c_index(d, ");
    emit(cg, e->a[1], 0);
    mo_buf_printf(o, ", %d, \"", arr->n);
    mo_cg_c_string(o, mo_sprintf("%s at %s:%d", e->str ? e->str : "an array",
                                 e->loc.file ? mo_cg_lib_path(e->loc.file->path) : "<mo2c>", e->loc.line));
    mo_buf_puts(o, arr->n ? "\", &ok)]" : "\", &ok), 0.0)");
}

static void emit(mo_cg *cg, const mo_expr *e, int min_prec)
{
    mo_buf *o = cg->out;
    const char *leaf = cg->leaf ? cg->leaf(cg, e) : NULL;
    if (leaf) {
        mo_buf_puts(o, leaf);
        return;
    }
    if (cg->temps && mo_cg_temp_read(cg, e))   /* computed once before the statement (codegen_temps.c) */
        return;
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL: {
        double v = 0;
        mo_sym_is_num(e, &v);
        bool paren = (v < 0 || signbit(v)) && min_prec > P_UNARY - 1;
        if (paren)
            mo_buf_puts(o, "(");
        mo_cg_put_number(cg, o, v);
        if (paren)
            mo_buf_puts(o, ")");
        return;
    }
    case MO_EX_VAR:
        if (cg->fn) {   /* a slot of the user function being printed */
            mo_buf_puts(o, mo_cg_fn_slot(cg->fn, e->var));
            return;
        }
        emit_var(cg, e, min_prec);
        return;
    case MO_EX_TIME:
        mo_buf_puts(o, "t");
        return;
    case MO_EX_DER:
        if (e->n == 1 && e->a[0]->kind == MO_EX_VAR && e->a[0]->var >= 0 &&
            cg->dae->vars.v[e->a[0]->var].der >= 0) {
            /* a VAR node of the derivative variable (field by field: VAR nodes may be short, ast.h) */
            mo_expr tmp = {.kind = MO_EX_VAR, .depth = 1, .var = cg->dae->vars.v[e->a[0]->var].der,
                           .loc = e->a[0]->loc};
            emit_var(cg, &tmp, min_prec);
            return;
        }
        break;
    case MO_EX_UNARY:
        if (e->op == MO_OP_PLUS) {
            emit(cg, e->a[0], min_prec);
            return;
        }
        if (emit_int_op(cg, e))   /* -n of an Integer: -(-2147483648) overflows */
            return;
        if (min_prec > P_UNARY)
            mo_buf_puts(o, "(");
        mo_buf_puts(o, e->op == MO_OP_NOT ? "!" : "-");
        emit(cg, e->a[0], P_ATOM); /* -(-x), never --x */
        if (min_prec > P_UNARY)
            mo_buf_puts(o, ")");
        return;
    case MO_EX_BINARY:
        if (cg->ev && mo_cg_event_binary(cg, e))  /* a relation frozen between events */
            return;
        emit_binary(cg, e, min_prec);
        return;
    case MO_EX_IF:
        /* (c1 ? e1 : c2 ? e2 : e3): only the branch in force is evaluated, like Modelica's if */
        mo_buf_puts(o, "(");
        for (int i = 0; i + 1 < e->n; i += 2) {
            emit(cg, e->a[i], P_OR);
            cg->cond += i == 0;   /* all but the first condition are evaluated only sometimes */
            mo_buf_puts(o, " ? ");
            emit(cg, e->a[i + 1], P_OR);
            mo_buf_puts(o, " : ");
        }
        emit(cg, e->a[e->n - 1], P_OR);
        cg->cond -= e->n > 1;
        mo_buf_puts(o, ")");
        return;
    case MO_EX_CALL:
        emit_call(cg, e);
        return;
    case MO_EX_INDEX:
        if (!cg->fn) {
            emit_index(cg, e);
            return;
        }
        break;
    default:
        break;
    }
    /* strings are folded or refused by the front end (flatten_str.c, dae.c); arrays, ranges and
     * references never reach the flat model */
    mo_unreachable(mo_sprintf("%s expression in code generation", mo_expr_kind_name(e->kind)));
}

void mo_cg_expr(mo_cg *cg, const mo_expr *e)
{
    emit(cg, e, 0);
}
