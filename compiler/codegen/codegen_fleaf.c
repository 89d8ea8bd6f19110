/*
 * codegen_fleaf.c - the leaves of a user function's expressions in its C (the hook mo_fg_leaf, which
 * mo_cg_expr asks first for every node of a function body): values prepared by statements before
 * (codegen_farr.c) standing for themselves, array slots, elements of arrays (mo2c_ix checks each
 * subscript against its size, except where the offset is known when compiled), String values
 * (literals, concatenations, String() conversions, comparisons) and size().
 */
#include "codegen_fn.h"

#include <string.h>

const char *mo_fg_slot(const mo_func *f, int v)
{
    const char *n = mo_cg_fn_slot(f, v);
    if (f->vars.v[v].type == MO_T_STRING && f->vars.v[v].kind != MO_FV_INPUT && !f->vars.v[v].nd)
        return mo_sprintf("mo2c_str(%s)", n);   /* an owned copy, NULL before the first assignment */
    if (!f->vars.v[v].nd || f->vars.v[v].kind == MO_FV_INPUT)
        return n;
    return mo_sprintf("(&%s)", n);
}

/* x a whole number (an Integer literal, or a Real one without a fraction: sizes print as 55.0)? */
static bool whole_literal(const mo_expr *x, long *v)
{
    double r;
    if ((x->kind != MO_EX_INT && x->kind != MO_EX_REAL) || !mo_sym_is_num(x, &r) || r != (long)r)
        return false;
    *v = (long)r;
    return true;
}

/* The offset of element e of a slot known when compiled: every subscript a literal within a declared
 * size that is a literal too, of an output or local that is not flexible (made with those sizes before
 * the first statement, and an assignment of another size fails: mo2c_aassign); else -1. Such elements
 * need no mo2c_ix: the Media functions' o[9] (about 110 characters each, 10^4 of them in Fluid's
 * NonCircularPipes, a third of its C) become ->v[8]. */
static long known_offset(mo_fgen *g, const mo_expr *e)
{
    const mo_expr *base = e->a[0];
    if (base->kind != MO_EX_VAR)
        return -1;
    const mo_fvar *x = &g->f->vars.v[base->var];
    if (x->kind == MO_FV_INPUT || mo_fvar_flexible(x) || x->nd != e->n - 1)
        return -1;
    long off = 0;
    for (int k = 0; k < x->nd; k++) {
        long size, at;
        if (!whole_literal(x->dims[k], &size) || !whole_literal(e->a[k + 1], &at) || at < 1 || at > size ||
            off > (1L << 40) / (size > 0 ? size : 1))
            return -1;
        off = off * size + at - 1;
    }
    return off;
}

/* element e (an MO_EX_INDEX with scalar subscripts over a slot or a prepared array): the array and the
 * element's offset in it */
const char *mo_fg_element_at(mo_fgen *g, const mo_expr *e, const char **offset)
{
    const mo_expr *base = e->a[0];
    const char *p = base->kind == MO_EX_VAR ? mo_fg_slot(g->f, base->var) : mo_fg_get_leaf(g, base);
    if (!p)
        mo_unreachable("an element of an array that was not prepared");
    long known = known_offset(g, e);
    if (known >= 0) {
        *offset = mo_sprintf("%ld", known);
        return p;
    }
    /* Horner: ((i1 * d1 + i2) * d2 + i3) ... */
    mo_buf h = {0};
    for (int i = 1; i < e->n; i++) {
        const char *ix = mo_sprintf("mo2c_ix(d, %s, %s->dim[%d], %s, &ok)", mo_fg_print(g, e->a[i]), p, i - 1,
                                    mo_fg_where(g));
        g->cg.nchecked++;
        if (i == 1) {
            mo_buf_puts(&h, ix);
        } else {
            const char *prev = mo_buf_str(&h);
            h = (mo_buf){0};
            mo_buf_printf(&h, "(%s) * %s->dim[%d] + %s", prev, p, i - 1, ix);
        }
    }
    *offset = mo_buf_str(&h);
    return p;
}

/* ... as an lvalue (numbers), or as a value (a String: an element of s[], "" while it is NULL) */
const char *mo_fg_element(mo_fgen *g, const mo_expr *e)
{
    const char *at, *p = mo_fg_element_at(g, e, &at);
    return mo_fg_is_string(g, e) ? mo_sprintf("mo2c_str(%s->s[%s])", p, at) : mo_sprintf("%s->v[%s]", p, at);
}

/* String(v, ...) */
static const char *conversion(mo_fgen *g, const mo_expr *e)
{
    const mo_expr *v = e->a[0], *digits = NULL, *width = NULL, *left = NULL, *format = NULL;
    for (int i = 0; i < e->nnamed; i++) {
        const char *n = e->named[i].name;
        const mo_expr **slot = !strcmp(n, "significantDigits") ? &digits : !strcmp(n, "minimumLength") ? &width :
                               !strcmp(n, "leftJustified") ? &left : &format;
        *slot = e->named[i].value;
    }
    const char *x = mo_fg_print(g, v), *wd = width ? mo_fg_print(g, width) : "0.0",
               *lj = left ? mo_fg_print(g, left) : "1.0";
    int t = mo_func_expr_type(NULL, g->f, v);
    g->cg.nchecked++;
    if (format && format->kind != MO_EX_STRING)   /* a String variable: checked when the call runs */
        return mo_sprintf("mo2c_sfmt_any(d, %s, %s, %d, &ok)", x, mo_fg_print(g, format), t == MO_T_REAL);
    if (format)
        return mo_sprintf("mo2c_sfmt_%s(d, %s, %s, &ok)", t == MO_T_REAL ? "real" : "int", x,
                          mo_fg_c_literal(format->str));
    if (v->kind == MO_EX_VAR && g->f->vars.v[v->var].enum_cls) {
        const mo_class *ec = g->f->vars.v[v->var].enum_cls;
        mo_buf names = {0};
        mo_buf_puts(&names, "(const char *const[]){\"?\"");
        for (int i = 0; i < ec->nliterals; i++)
            mo_buf_printf(&names, ", %s", mo_fg_c_literal(ec->literals[i].name));
        mo_buf_puts(&names, "}");
        return mo_sprintf("mo2c_senum(d, %s, %s, %d, %s, %s, &ok)", x, mo_buf_str(&names), ec->nliterals, wd, lj);
    }
    if (t == MO_T_REAL)
        return mo_sprintf("mo2c_sreal(d, %s, %s, %s, %s, &ok)", x, digits ? mo_fg_print(g, digits) : "6.0", wd, lj);
    return mo_sprintf("mo2c_s%s(d, %s, %s, %s, &ok)", t == MO_T_BOOLEAN ? "bool" : "int", x, wd, lj);
}

/* A String value: a literal, a slot, a concatenation, a conversion, a comparison of Strings. */
static const char *string_leaf(mo_fgen *g, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_STRING:
        return mo_fg_c_literal(e->str);
    case MO_EX_VAR:
        return mo_fg_slot(g->f, e->var);
    case MO_EX_INDEX:
        return mo_fg_element(g, e);
    case MO_EX_BINARY:
        g->cg.nchecked++;
        return mo_sprintf("mo2c_scat(d, %s, %s, &ok)", mo_fg_print(g, e->a[0]), mo_fg_print(g, e->a[1]));
    case MO_EX_CALL:
        if (!strcmp(mo_fg_fname(e), "String"))
            return conversion(g, e);
        break;
    default:
        break;
    }
    return NULL;   /* an if-expression: C's ?: over the branches' texts */
}

const char *mo_fg_leaf(mo_cg *cg, const mo_expr *e)
{
    mo_fgen *g = (mo_fgen *)cg;
    const char *t = mo_fg_get_leaf(g, e);
    if (t)
        return t;
    if (mo_fg_is_string(g, e))
        return string_leaf(g, e);
    if (e->kind == MO_EX_BINARY && e->op >= MO_OP_LT && e->op <= MO_OP_NE && mo_fg_is_string(g, e->a[0]))
        return mo_sprintf("(strcmp(%s, %s) %s 0)", mo_fg_print(g, e->a[0]), mo_fg_print(g, e->a[1]),
                          mo_op_text(e->op)[0] == '<' && mo_op_text(e->op)[1] == '>' ? "!=" :
                          e->op == MO_OP_EQ ? "==" : mo_op_text(e->op));
    switch (e->kind) {
    case MO_EX_VAR:
        return e->var >= 0 && g->f->vars.v[e->var].nd ? mo_fg_slot(g->f, e->var) : NULL;
    case MO_EX_INDEX:
        return mo_fg_element(g, e);
    case MO_EX_CALL: {
        if (strcmp(mo_fg_fname(e), "size") || e->n != 2)
            return NULL;
        const mo_expr *a = e->a[0];
        const char *p = a->kind == MO_EX_VAR ? mo_fg_slot(g->f, a->var) : mo_fg_get_leaf(g, a);
        double k;
        if (mo_sym_is_num(e->a[1], &k))
            return mo_sprintf("(double)%s->dim[%d]", p, (int)k - 1);
        g->cg.nchecked++;
        return mo_sprintf("mo2c_asize(d, %s, %s, %s, &ok)", p, mo_fg_print(g, e->a[1]), mo_fg_where(g));
    }
    default:
        return NULL;
    }
}
