/*
 * modify.c - modifiers: from the syntax to merged trees (chapter 7.2 of the specification).
 *
 * Input: the mo_mod of a declaration, an extends clause or a short class, with the instance and class it
 * is written in. Output: mo_fmod trees (inst.h), one node per modified name, where nested and dotted
 * forms are the same thing: a(b(c = 1)) and a.b.c = 1 give the same tree.
 * Merging puts an outer modifier over an inner one; the outer value wins, and touching something the
 * inner one declared final is an error. A redeclaration (redeclare B b(k = 1), redeclare model M = B,
 * and replaceable in a modifier, which is a redeclaration too: spec 7.3) is a node that carries the new
 * element; an outer redeclaration replaces an inner one, which must then have been written
 * 'redeclare replaceable'. Trees are small (what one declaration writes), so children
 * are found by a short linear search.
 */
#include "inst.h"

#include <string.h>

static mo_fmod *find_sub(const mo_fmod *m, const char *name)
{
    for (int i = 0; m && i < m->n; i++)
        if (m->sub[i]->name == name)
            return m->sub[i];
    return NULL;
}

static void push_sub(mo_fmod *m, mo_fmod *c)
{
    mo_fmod **v = MO_NEWN(mo_fmod *, m->n + 1);
    if (m->n)
        memcpy(v, m->sub, sizeof *v * (size_t)m->n);
    v[m->n++] = c;
    m->sub = v;
}

/* Put node under parent, combining with a modifier of the same name written earlier (a.b = 1, a(c = 2)). */
static void add_child(mo_fmod *parent, mo_fmod *node)
{
    mo_fmod *old = find_sub(parent, node->name);
    if (!old) {
        push_sub(parent, node);
        return;
    }
    if (node->binding && old->binding) {
        mo_error(node->loc, "duplicate modification of '%s'", node->name);
        mo_note(old->loc, "first modification of '%s' is here", node->name);
        return;
    }
    if (node->binding) {
        old->binding = node->binding;
        old->scope = node->scope;
        old->scope_cls = node->scope_cls;
    }
    if (node->redecl) {
        if (old->redecl) {
            mo_error(node->loc, "duplicate modification of '%s'", node->name);
            mo_note(old->loc, "first modification of '%s' is here", node->name);
            return;
        }
        old->redecl = node->redecl;
        old->redecl_cls = node->redecl_cls;
        old->redecl_scope = node->redecl_scope;
    }
    old->final_ |= node->final_;
    old->each |= node->each;
    for (int i = 0; i < node->n; i++)
        add_child(old, node->sub[i]);
}

static mo_fmod *new_node(const char *name, mo_loc loc, mo_inst *scope, mo_class *scope_cls, bool outside)
{
    mo_fmod *f = MO_NEW(mo_fmod);
    f->name = name;
    f->loc = loc;
    f->scope = scope;
    f->scope_cls = scope_cls;
    f->outside = outside;
    return f;
}

static void fill_from_ast(mo_fmod *f, const mo_mod *m, mo_inst *scope, mo_class *scope_cls, bool outside);

/* The node of a redeclaration of r (a the argument that holds it, or NULL for an element of a class
 * body): a component's modifier becomes the node's binding and children, in the same scope. */
static mo_fmod *redeclare_node(const mo_arg *a, mo_element *r, mo_inst *scope, mo_class *scope_cls, bool outside)
{
    bool cls = r->kind == MO_ELEM_CLASS;
    mo_fmod *n = new_node(cls ? r->cls->name : r->name, cls ? r->cls->loc : r->loc, scope, scope_cls, outside);
    n->redecl = r;
    n->redecl_cls = scope_cls;
    n->redecl_scope = scope;
    n->final_ = (a && a->final_) || (r->flags & MO_PF_FINAL);
    n->each = a && a->each;
    if (!cls)
        fill_from_ast(n, r->mod, scope, scope_cls, outside);
    for (int i = 0; n->each && i < n->n; i++)   /* redeclare each B a(k = 1): k = 1 for every element */
        n->sub[i]->each = true;
    return n;
}

mo_fmod *mo_fmod_redeclare(mo_element *r, mo_inst *scope, mo_class *scope_cls)
{
    mo_fmod *f = new_node(NULL, r->loc, scope, scope_cls, false);
    push_sub(f, redeclare_node(NULL, r, scope, scope_cls, false));
    return f;
}

static void fill_from_ast(mo_fmod *f, const mo_mod *m, mo_inst *scope, mo_class *scope_cls, bool outside)
{
    if (!m)
        return;
    f->binding = m->binding;
    for (int i = 0; i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        if (a->kind != MO_ARG_MOD) {
            add_child(f, redeclare_node(a, mo_arg_element(a), scope, scope_cls, outside));
            continue;
        }
        /* a.b.c = e is a(b(c = e)): build the chain, the last link carries the modification */
        mo_fmod *top = NULL, *cur = NULL;
        for (int k = 0; k < a->name.n; k++) {
            mo_fmod *n = new_node(a->name.ids[k], mo_name_loc(&a->name, k), scope, scope_cls, outside);
            if (cur)
                push_sub(cur, n);
            else
                top = n;
            cur = n;
        }
        cur->final_ = a->final_;
        cur->each = a->each;
        fill_from_ast(cur, a->mod, scope, scope_cls, outside);
        add_child(f, top);
    }
}

mo_fmod *mo_fmod_from_ast(const mo_mod *m, mo_inst *scope, mo_class *scope_cls, bool outside)
{
    if (!m || (!m->binding && m->nargs == 0))
        return NULL;
    mo_fmod *f = new_node(NULL, m->loc, scope, scope_cls, outside);
    fill_from_ast(f, m, scope, scope_cls, outside);
    return f;
}

mo_fmod *mo_fmod_child(const mo_fmod *m, const char *name)
{
    return find_sub(m, name);
}

static bool touches(const mo_fmod *m)
{
    return m->binding || m->n > 0 || m->redecl;
}

mo_fmod *mo_fmod_merge(mo_fmod *outer, mo_fmod *inner)
{
    if (!outer)
        return inner;
    if (!inner)
        return outer;
    if (inner->final_ && touches(outer) && inner->name) {
        mo_error(outer->loc, "cannot %s final element '%s'", outer->redecl ? "redeclare" : "modify", inner->name);
        mo_note(inner->loc, "'%s' is declared final here", inner->name);
        return inner;
    }
    if (outer->redecl && inner->redecl && !(inner->redecl->flags & MO_PF_REPLACEABLE)) {
        mo_error(outer->loc, "cannot redeclare '%s' again: it was redeclared without 'replaceable'", inner->name);
        mo_note(inner->loc, "redeclared here");
        return inner;
    }
    mo_fmod *r = MO_NEW(mo_fmod);
    *r = *outer;
    r->name = outer->name ? outer->name : inner->name;
    /* inner's 'each' (a short class's modifier applies to every element of an array of its type) without
     * a binding of its own: it goes to inner's children, so that outer's children still split over the
     * array (z[3](re(start = {1, 2, 3})) of record CI = C(redeclare Res re)) */
    bool spread = inner->each && !inner->binding && !outer->each && outer->n > 0;
    if (!outer->binding) {
        r->binding = inner->binding;
        r->val = inner->val;
        r->scope = inner->scope;
        r->scope_cls = inner->scope_cls;
        r->each = inner->each && !spread;
        r->binding_over = inner->binding_over;
    } else {   /* fields that both outer's own inner modifiers and inner give: outer's view wins */
        r->binding_over = outer->binding_over ? mo_fmod_merge(outer->binding_over, inner) : inner;
    }
    if (!outer->redecl) {
        r->redecl = inner->redecl;
        r->redecl_cls = inner->redecl_cls;
        r->redecl_scope = inner->redecl_scope;
        r->under = inner->under;
    } else if (inner->redecl) {
        r->under = inner;
    }
    r->final_ = outer->final_ || inner->final_;
    r->n = 0;
    r->sub = NULL;
    for (int i = 0; i < inner->n; i++) {
        mo_fmod *in = inner->sub[i];
        if (spread && !in->each) {
            in = MO_NEW(mo_fmod);
            *in = *inner->sub[i];
            in->each = true;
        }
        mo_fmod *o = find_sub(outer, in->name);
        push_sub(r, o ? mo_fmod_merge(o, in) : in);
    }
    for (int i = 0; i < outer->n; i++)
        if (!find_sub(inner, outer->sub[i]->name))
            push_sub(r, outer->sub[i]);
    return r;
}
