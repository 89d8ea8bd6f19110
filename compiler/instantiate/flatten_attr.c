/*
 * flatten_attr.c - the attributes of a variable (start, fixed, nominal, min, max, unit, displayUnit,
 * quantity, stateSelect) and the values of modifiers' bindings for scalars: from a modifier to the flat
 * variable's attribute record (flat.h).
 *
 * Input: a modifier node (inst.h) naming an attribute, with its binding flattened where it was written
 * (or split from an array value already, mo_fmod.val). Output: the attribute set on the variable; a
 * literal of the wrong type, an unknown attribute, a String attribute that is no literal: errors at the
 * value. Shared attribute records stay shared when the value repeats (keep_shared). Called by flatten.c
 * (make_var) and flatten_clone.c (a clone's modifier values).
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <math.h>
#include <string.h>

/* ORDER MO_ATTR (inst.h) */
static const char *attribute_names[] = {"start", "fixed", "nominal", "min", "max", "unit", "displayUnit",
                                        "quantity", "stateSelect", "unbounded"};

/* Every attribute modifier of every component asks: names are interned, so a pointer comparison
 * answers (a string comparison only for a name that is no attribute, or one not interned). */
int mo_attribute_index(const char *name)
{
    enum { N = sizeof attribute_names / sizeof attribute_names[0] };
    _Static_assert(N == MO_ATTR_UNBOUNDED + 1, "attribute_names and MO_ATTR differ");
    static const char *interned[N];
    if (!interned[0])
        for (int k = 0; k < N; k++)
            interned[k] = mo_intern_cstr(attribute_names[k]);
    for (int k = 0; k < N; k++)
        if (name == interned[k])
            return k;
    for (int k = 0; k < N; k++)
        if (strcmp(name, attribute_names[k]) == 0)
            return k;
    return -1;
}

/* The value of a modifier's binding for a scalar: split from an array binding, or flattened now. The
 * scalar is named name, or variable var when name is NULL (a clone's name is made for a message only). */
mo_expr *mo_binding_expr(mo_front *fr, const mo_fmod *m, const char *name, int var)
{
    if (!m->val)
        return mo_flatten_expr(fr, m->scope, m->scope_cls, m->binding);
    if (m->val->nd) {
        if (!name)
            name = mo_flat_var_name(fr->flat, var);
        mo_error(m->binding->loc, "the value for '%s' has size %s, but '%s' is a scalar here",
                 m->name ? m->name : name, mo_av_size_str(m->val), name);
        return NULL;
    }
    return m->val->one;
}

/* A String attribute's value: a literal, or an expression of constants folded now (the Media
 * library's quantity = "MassFlowRate." + mediumName) */
static const char *string_attr(mo_front *fr, const mo_fmod *c)
{
    const mo_expr *v = c->val && c->val->nd == 0 ? c->val->one : c->binding;
    if (v && v->kind != MO_EX_STRING && v == c->binding && v->kind != MO_EX_INT && v->kind != MO_EX_REAL &&
        v->kind != MO_EX_BOOL) {
        int before = mo_error_count();
        const mo_expr *f = mo_binding_expr(fr, c, c->name, -1);
        const char *s = f ? mo_str_value(fr->flat, f) : NULL;
        if (s)
            return s;
        if (mo_error_count() > before)
            return NULL;
    }
    if (!v || v->kind != MO_EX_STRING) {
        mo_error(c->binding ? c->binding->loc : c->loc, "attribute '%s' must be a string literal", c->name);
        return NULL;
    }
    return v->str;
}

/* Are a and b literals of the same value and spelling (so that --flat prints them alike)? */
static bool same_literal(const mo_expr *a, const mo_expr *b)
{
    if (a->kind != b->kind || a->n || b->n)
        return false;
    if (a->kind == MO_EX_BOOL)
        return a->ival == b->ival;
    if (a->kind != MO_EX_INT && a->kind != MO_EX_REAL)
        return false;
    if (a->kind == MO_EX_INT ? a->ival != b->ival : a->real != b->real)
        return false;
    return (a->text == b->text || (a->text && b->text && strcmp(a->text, b->text) == 0));
}

/* Give variable var the value e of expression attribute `which` (flat.h: mo_var_attr_expr) without
 * copying its record when the record is shared and holds an equal literal already: a clone's
 * start = 0 over its template's start = 0 (two records of 96 bytes per inertia of a big chain). The
 * value keeps its location for the back end in flat->attr_later. False: write it the usual way. */
static bool keep_shared(mo_flat *flat, int var, int which, mo_expr *e)
{
    mo_var *v = &flat->vars.v[var];
    if (v->attr_own || !e)
        return false;
    const mo_expr *cur = *mo_var_attr_expr((mo_var_attr *)v->attr, which);
    if (!cur || !same_literal(cur, e))
        return false;
    mo_attr_later l = {var, which, cur, e};
    MO_VEC_RESERVE(flat->attr_later, 1);
    MO_PUSH(flat->attr_later, l);
    return true;
}

/* A literal of the wrong type as an attribute's value (Real x(start = "s"), Boolean b(start = 1),
 * fixed = 0): reported here, at the value, since later stages assume attributes of the variable's type.
 * Only literals are checked; an expression's type is not inferred yet. */
static bool literal_mismatch(int type, const char *type_name, int attr, const mo_expr *value)
{
    static const char *const kind_names[] = {[MO_EX_REAL] = "Real", [MO_EX_INT] = "Integer",
                                             [MO_EX_STRING] = "String", [MO_EX_BOOL] = "Boolean"};
    int kind = value->kind;
    if (kind != MO_EX_REAL && kind != MO_EX_INT && kind != MO_EX_STRING && kind != MO_EX_BOOL)
        return false;
    bool ok;
    if (attr == MO_ATTR_FIXED || type == MO_T_BOOLEAN)
        ok = kind == MO_EX_BOOL;
    else if (type == MO_T_STRING)
        ok = kind == MO_EX_STRING;
    else   /* Real, Integer, enumerations (whose literals are not literals of this kind) */
        ok = kind == MO_EX_INT || (kind == MO_EX_REAL && type == MO_T_REAL);
    if (!ok) {
        const char *text = kind == MO_EX_STRING ? value->str
                           : kind == MO_EX_BOOL ? (value->ival ? "true" : "false")
                           : value->text ? value->text : "?";
        mo_error(value->loc, "attribute '%s' must be of type %s, not the %s literal '%s'", attribute_names[attr],
                 attr == MO_ATTR_FIXED ? "Boolean" : type_name, kind_names[kind], text);
    }
    return !ok;
}

/* Attribute c of variable var (type_name names its type in messages). */
void mo_set_attribute_of(mo_front *fr, int var, const mo_fmod *c, const char *type_name)
{
    const char *n = c->name;
    if (c->n > 0) {
        mo_error(c->sub[0]->loc, "attribute '%s' has no element '%s'", n, c->sub[0]->name);
        return;
    }
    int k = mo_attribute_index(n);
    if (k >= MO_ATTR_UNIT && k <= MO_ATTR_QUANTITY) {
        const char *s = string_attr(fr, c);
        mo_var_attr *a = mo_var_attr_mut(&fr->flat->vars.v[var]);
        if (k == MO_ATTR_UNIT) a->unit = s;
        else if (k == MO_ATTR_DISPLAY_UNIT) a->display_unit = s;
        else a->quantity = s;
        return;
    }
    if (k < 0) {
        mo_error(c->loc, "'%s' is not an attribute of type %s", n, type_name);
        const char *best = mo_closest_name(n, attribute_names,
                                           (int)(sizeof attribute_names / sizeof attribute_names[0]));
        if (best)
            mo_note(c->loc, "did you mean '%s'?", best);
        return;
    }
    if (!c->binding)
        return;
    if (literal_mismatch(fr->flat->vars.v[var].type, type_name, k, c->binding))
        return;
    mo_expr *e = mo_binding_expr(fr, c, NULL, var);
    mo_var *v = &fr->flat->vars.v[var];
    if (k <= MO_ATTR_MAX && keep_shared(fr->flat, var, k - MO_ATTR_START, e))
        return;
    if (k == MO_ATTR_START) mo_var_attr_mut(v)->start = e;
    else if (k == MO_ATTR_FIXED) mo_var_attr_mut(v)->fixed = e;
    else if (k == MO_ATTR_NOMINAL) mo_var_attr_mut(v)->nominal = e;
    else if (k == MO_ATTR_MIN) mo_var_attr_mut(v)->min = e;
    else if (k == MO_ATTR_MAX) mo_var_attr_mut(v)->max = e;
    else if (k == MO_ATTR_STATE_SELECT) {
        /* a literal, or a structural parameter: parameter StateSelect stateSelect = ... */
        double d;
        if (e && mo_eval_flat(fr->flat, e, &d) && d >= MO_SS_NEVER && d <= MO_SS_ALWAYS && d == floor(d))
            v->state_select = (unsigned char)d;
        else if (e)
            mo_error(c->binding->loc, "stateSelect must be a parameter expression of type StateSelect");
    }
}

void mo_set_attribute(mo_front *fr, int var, const mo_fmod *c)
{
    mo_set_attribute_of(fr, var, c, mo_func_type_name((int)fr->flat->vars.v[var].type));
}

mo_expr *mo_mod_value(mo_front *fr, const mo_fmod *m, int var)
{
    return mo_binding_expr(fr, m, NULL, var);
}
