/*
 * params.c - parameters without a value (specification 8.6): a parameter that has no binding and is
 * fixed (the default for parameters) takes its start value as its value, and "a tool should give a
 * diagnostic in that case": a warning at its declaration naming the value used.
 *
 * Input: the flat model (packed or not). Output: warnings, one per declaration (the variables of a
 * declaration in cloned instances and array elements share its location), at most MAX_SHOWN, then a count.
 * Parameters with fixed = false are computed at initialization and are not meant to have a binding.
 * Cost: one pass over the variables; a map entry per warning.
 */
#include "checks.h"

#include <string.h>

#define MAX_SHOWN 20

/* Is the fixed attribute a literal false (then initialization computes the parameter)? */
static bool fixed_false(const mo_expr *e)
{
    return e && e->kind == MO_EX_BOOL && !e->ival;
}

/* The start value as text, for the message. */
static const char *start_text(const mo_var *v)
{
    const mo_expr *s = v->attr->start;
    if (!s)
        return v->type == MO_T_BOOLEAN ? "false" : v->type == MO_T_STRING ? "\"\"" : "0";
    if (s->kind == MO_EX_REAL || s->kind == MO_EX_INT)
        return s->text ? s->text : "its start value";
    if (s->kind == MO_EX_BOOL)
        return s->ival ? "true" : "false";
    if (s->kind == MO_EX_UNARY && s->op == MO_OP_NEG && (s->a[0]->kind == MO_EX_REAL || s->a[0]->kind == MO_EX_INT) &&
        s->a[0]->text)
        return mo_sprintf("-%s", s->a[0]->text);
    return NULL;
}

int mo_check_params(const mo_flat *flat)
{
    mo_map told = {0};
    int found = 0, shown = 0;
    const mo_var_attr *last = NULL;
    for (int i = 0; i < flat->vars.n; i++) {
        const mo_var *v = &flat->vars.v[i];
        if (v->variability != MO_VAR_PARAMETER || v->binding || (v->flags & MO_PF_INPUT) ||
            fixed_false(v->attr->fixed) || (v->attr->fixed && v->attr->fixed->kind != MO_EX_BOOL))
            continue;
        if (v->attr == last)
            continue;         /* the elements of one array share their declaration */
        last = v->attr;
        mo_loc loc = v->attr->loc;
        const char *key = mo_intern_cstr(mo_sprintf("%p:%d:%u", (const void *)loc.file, loc.line, (unsigned)loc.col));
        if (mo_map_has(&told, key))
            continue;
        mo_map_put(&told, key, (void *)1);
        found++;
        if (shown++ >= MAX_SHOWN)
            continue;
        const char *st = start_text(v);
        const char *name = mo_flat_var_name((void *)flat, i);
        if (st)
            mo_warning(loc, "parameter '%s' has no value; its start value %s is used (specification 8.6)", name, st);
        else
            mo_warning(loc, "parameter '%s' has no value; its start value is used (specification 8.6)", name);
    }
    if (shown > MAX_SHOWN)
        mo_note((mo_loc){0}, "%d more parameters without a value not shown", found - MAX_SHOWN);
    return found;
}
