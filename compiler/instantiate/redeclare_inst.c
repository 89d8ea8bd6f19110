/*
 * redeclare_inst.c - component redeclarations and constraining clauses (spec 7.3), for ensure_slot_at.
 *
 * Input: a layout item (a component declaration) of an instance and the modifier that reaches it from
 * outside its declaration (modify.c's tree, where a redeclaration is a node carrying the new element).
 * Output: the declaration to instantiate and the modifier it gets:
 *   - not redeclared: the declaration as written, with its own modifier over its constraining clause's
 *     (replaceable A a(x = 1) constrainedby B(y = 2): both apply, the declaration's first);
 *   - redeclared (redeclare B a(y = 2)): the new declaration, with the prefixes it does not write taken
 *     from the old one (flow/stream, variability, causality, inner/outer, visibility, array dimensions:
 *     spec 7.3), its own modifier over the constraining clause's modifier; the constraining clause is the
 *     old declaration's: 'constrainedby T(m)' gives m, and without one the old declaration's own
 *     modifier is the constraining modifier (spec 7.3.2: replaceable A a(x = 1) redeclared as B a(y = 2)
 *     is B a(x = 1, y = 2)); the old declaration's modifier is otherwise not kept.
 * A redeclaration that replaces others (an outer one over an inner 'redeclare replaceable') keeps their
 * constraining clauses: each constrainedby on the way is a new constraining type, a subtype of the one
 * before, and its modifier goes over the one before (spec 7.3.2).
 * Checks: a final or constant element cannot be redeclared; a non-replaceable one only with its own type
 * (to change dimensions or variability); the new type must be a subtype of the constraining type.
 * Also here: the class redeclarations of a component's modifier (a class specialized by them,
 * redeclare.c) and its modifications of local classes (4.5.3: A a(B(x = 4)), as a redeclaration of B by
 * a short class of the modification), and the redeclare components of a class body as modifiers of their
 * extends clauses.
 * Preconditions: mo_redeclared_item is called for every component that is not made from its
 * declaration's syntax alone (which a replaceable one with a constraining clause never is).
 */
#include "inst.h"

#include <string.h>

/* r with the prefixes of the old declaration e that r does not write itself (spec 7.3) */
static mo_element *inherit_prefixes(const mo_element *r, const mo_element *e)
{
    static const unsigned groups[] = {MO_PF_FLOW | MO_PF_STREAM, MO_PF_DISCRETE | MO_PF_PARAMETER | MO_PF_CONSTANT,
                                      MO_PF_INPUT | MO_PF_OUTPUT, MO_PF_INNER | MO_PF_OUTER};
    mo_element *m = mo_element_copy(r);
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
        if (!(r->flags & groups[g]))
            m->flags |= e->flags & groups[g];
    m->flags = (m->flags & ~(unsigned)MO_PF_PROTECTED) | (e->flags & MO_PF_PROTECTED);
    if (r->ntype_dims + r->ndims == 0 && e->ntype_dims + e->ndims > 0) {
        m->ntype_dims = e->ntype_dims;
        m->type_dims = e->type_dims;
        m->ndims = e->ndims;
        m->dims = e->dims;
    }
    if (!r->condition)
        m->condition = e->condition;
    return m;
}

/* The constraining type a declaration or redeclaration e (written in class cls) gives: its constrainedby
 * clause's, else (declared replaceable or not) its own type. NULL after an error. */
static mo_class *constraining(const mo_element *e, mo_class *cls, mo_loc *loc)
{
    const mo_name *n = (e->flags & MO_PF_REPLACEABLE) && e->constrainedby ? e->constrainedby : e->type;
    *loc = n->loc;
    return mo_long_class(mo_lookup_class(cls, n, "class"));
}

mo_fmod *mo_redeclared_item(mo_inst *inst, mo_layout_item *it, mo_fmod *outer, mo_redecl_check *chk)
{
    mo_element *e = it->elem;
    bool repl = e->flags & MO_PF_REPLACEABLE;
    memset(chk, 0, sizeof *chk);
    chk->name = e->name;
    chk->decl_loc = e->loc;
    mo_fmod *cmod = repl && e->constrainedby_mod ? mo_fmod_from_ast(e->constrainedby_mod, inst, it->owner, true)
                                                 : NULL;
    if (!outer || !outer->redecl) {
        if (repl && e->constrainedby)   /* replaceable A a constrainedby B: A must be a subtype of B */
            chk->k = constraining(e, it->owner, &chk->k_loc);
        return mo_fmod_merge(outer, mo_fmod_merge(mo_fmod_from_ast(e->mod, inst, it->owner, true), cmod));
    }
    mo_element *r = outer->redecl;
    if (r->kind != MO_ELEM_COMPONENT) {
        mo_error(outer->loc, "'%s' is a component, and cannot be redeclared as a %s", e->name,
                 mo_class_kind_name(r->cls->kind));
        mo_note(e->loc, "'%s' is declared here", e->name);
        return NULL;
    }
    if (e->flags & (MO_PF_FINAL | MO_PF_CONSTANT)) {
        mo_error(outer->loc, "cannot redeclare %s element '%s'", e->flags & MO_PF_FINAL ? "final" : "constant",
                 e->name);
        mo_note(e->loc, "'%s' is declared %s here", e->name, e->flags & MO_PF_FINAL ? "final" : "constant");
        return NULL;
    }
    /* The constraining type and modifier, from the declaration out through the redeclarations that
     * this one replaces (innermost first): a constrainedby clause on the way gives a new constraining
     * type, a subtype of the one before, whose modifier goes over the one before (spec 7.3.2). */
    chk->k = constraining(e, it->owner, &chk->k_loc);
    chk->exact = !repl;
    if (!chk->k)
        return NULL;
    if (!(repl && e->constrainedby))   /* no constrainedby: the declaration's own modifier constrains */
        cmod = mo_fmod_from_ast(e->mod, inst, it->owner, true);
    const mo_fmod *chain[64];
    int n = 0;
    for (const mo_fmod *u = outer; u && u->redecl && n < 64; u = u->under)
        chain[n++] = u;
    for (int i = n - 1; i >= 0; i--) {
        const mo_element *ri = chain[i]->redecl;
        if (!(ri->flags & MO_PF_REPLACEABLE) || !ri->constrainedby)
            continue;
        mo_loc kl;
        mo_class *k = constraining(ri, chain[i]->redecl_cls, &kl);
        if (!k || !mo_check_subtype(k, chk->k, kl, e->name, chk->k_loc))
            return NULL;
        chk->k = k;
        chk->k_loc = kl;
        chk->exact = false;
        cmod = mo_fmod_merge(mo_fmod_from_ast(ri->constrainedby_mod, chain[i]->redecl_scope, chain[i]->redecl_cls,
                                              true), cmod);
    }
    it->elem = inherit_prefixes(r, e);
    it->owner = outer->redecl_cls;
    return mo_fmod_merge(outer, cmod);
}

bool mo_redeclared_type_ok(const mo_redecl_check *chk, const mo_element *now, mo_class *cls)
{
    if (!chk->k)
        return true;
    if (chk->exact && chk->k != cls) {
        mo_error(now->loc, "'%s' is not replaceable: a redeclaration cannot change its type", chk->name);
        mo_note(chk->decl_loc, "'%s' is declared here", chk->name);
        return false;
    }
    return mo_check_subtype(cls, chk->k, now->type->loc, chk->name, chk->k_loc);
}

/* the class redeclaration of node c, with those it replaces */
static mo_redecl *class_redecl(const mo_fmod *c)
{
    if (!c || !c->redecl || c->redecl->kind != MO_ELEM_CLASS)
        return NULL;
    mo_redecl *r = MO_NEW(mo_redecl);
    *r = (mo_redecl){c->name, c->redecl, c->redecl_cls, class_redecl(c->under), c->outside, false};
    return r;
}

/* Does m redeclare a class (a child with a class redeclaration)? */
static bool redeclares_class(const mo_fmod *m)
{
    for (int i = 0; m && i < m->n; i++)
        if (m->sub[i]->redecl && m->sub[i]->redecl->kind == MO_ELEM_CLASS)
            return true;
    return false;
}

/* ---- modifications of local classes in a component's modifier (4.5.3): A a(B(x = 4)) ---- */
/* The local class of cls that the plain modifier node c names (no component of its layout lay has that
 * name), into *f; false when c names none. */
static bool local_class(mo_class *cls, const mo_layout *lay, const mo_fmod *c, mo_found *f)
{
    if (c->redecl || !c->name || (lay && mo_layout_find(lay, c->name)))
        return false;
    *f = mo_lookup_member(cls, c->name);
    return f->cls && !f->comp && f->elem;
}

/* Node c (and what it holds) as the syntax of a modification, for a short class in front of the local
 * class it names; NULL when it holds what that cannot say (a redeclaration, 'each', a value written in
 * another class's text than the class modification itself). */
static mo_mod *syntax_of(const mo_fmod *c, const mo_class *text)
{
    if (c->redecl || c->each || (c->binding && c->scope_cls != text))
        return NULL;
    mo_mod *m = MO_NEW(mo_mod);
    m->binding = c->binding;
    m->nargs = c->n;
    m->has_parens = c->n > 0;
    m->loc = c->loc;
    m->args = c->n ? MO_NEWN(mo_arg, c->n) : NULL;
    for (int i = 0; i < c->n; i++) {
        const mo_fmod *s = c->sub[i];
        mo_arg *a = &m->args[i];
        a->kind = MO_ARG_MOD;
        mo_name_init(&a->name, s->loc, false, 1);
        a->name.ids[0] = s->name;
        a->final_ = s->final_;
        if ((s->n || s->binding) && !(a->mod = syntax_of(s, text)))
            return NULL;
    }
    return m;
}

/* The modification c of a local class of cls as a redeclaration (mo_class_mod); false after an error. */
static bool class_mod(mo_class *cls, const mo_fmod *c, const mo_found *f, mo_redecl *out)
{
    /* ('each' B(x = 1) in an array's modifier: the class is one for every element anyway) */
    mo_fmod top = *c;
    top.each = false;
    mo_mod *syntax = c->binding || c->final_ ? NULL : syntax_of(&top, c->scope_cls);
    if (!syntax) {
        mo_error(c->loc, "not supported yet: modifying the local class '%s' %s (specification 4.5.3)", c->name,
                 c->binding ? "with a value" : c->final_ ? "with 'final'"
                 : "by modifiers written in two classes, or holding a redeclaration or 'each'");
        return false;
    }
    if (f->elem->flags & MO_PF_PROTECTED) {
        mo_error(c->loc, "cannot modify protected element '%s'", c->name);
        mo_note(f->cls->loc, "'%s' is declared protected here", c->name);
        return false;
    }
    (void)cls;
    *out = mo_class_mod(c, *f, syntax, c->scope_cls, c->loc, true);
    return true;
}

mo_class *mo_specialize_by_mod(mo_class *cls, const mo_fmod *m)
{
    if (!m || !m->n || (cls->form != MO_FORM_LONG && cls->form != MO_FORM_EXTENDS))
        return cls;
    const mo_layout *lay = NULL;
    bool any = redeclares_class(m);
    mo_found f;
    for (int i = 0; !any && i < m->n; i++) {   /* (names that are no component: rare) */
        if (!lay && !(lay = mo_layout_of(cls)))
            return NULL;
        any = local_class(cls, lay, m->sub[i], &f);
    }
    if (!any)
        return cls;
    mo_redecl *v = MO_NEWN(mo_redecl, m->n);
    int n = 0;
    for (int i = 0; i < m->n; i++) {
        const mo_redecl *r = class_redecl(m->sub[i]);
        if (r)
            v[n++] = *r;
        else if (local_class(cls, lay ? lay : mo_layout_of(cls), m->sub[i], &f) && !class_mod(cls, m->sub[i], &f, &v[n++]))
            return NULL;
    }
    int before = mo_error_count();
    mo_class *r = mo_specialize(cls, NULL, n, v);
    return mo_error_count() > before ? NULL : r;
}

mo_fmod *mo_redeclare_in_body(mo_fmod *own, const mo_layout_rd *rd, mo_inst *in)
{
    const mo_fmod *clash = own ? mo_fmod_child(own, rd->elem->name) : NULL;
    if (clash) {
        mo_error(rd->elem->loc, "'%s' is both redeclared and modified in the extends clause", rd->elem->name);
        mo_note(clash->loc, "modified here");
        return own;
    }
    return mo_fmod_merge(mo_fmod_redeclare(rd->elem, in, rd->owner), own);
}
