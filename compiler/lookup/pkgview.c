/*
 * pkgview.c - classes inherited by a package that modifies constants, seen from that package
 * (specification 5.3 and 7.1: an inherited element is an element of the inheriting class, and names in
 * its text that denote elements of the class it was written in denote them as the inheriting class has
 * them).
 *
 * package W extends PartialMedium(cp = 4184) inherits the model BaseProperties, whose equations read cp:
 * W.BaseProperties must read W's cp (4184), not PartialMedium's (no value). A class E written in B and
 * reached as an inherited member of a package P whose extends clauses carry modifiers is therefore a
 * copy of E (redeclare.c's specialized classes: the same text, nested classes copied along) whose
 * enclosing class is the view of B from P: a class standing where B stands (its enclosing classes and
 * imports are B's), that answers every name B has as P has it (P's values of the constants, P's
 * redeclared classes and functions), and nothing else (the lookup goes on in B's enclosing classes).
 * Functions are not copied: they read the constants of such a P through mo_func.via (funcall.c), which
 * the lexical walk finds through the view (mo_view_target). Enumerations and packages are not copied
 * either (their text reads no constants of the package that inherits them in the MSL).
 * A 'redeclare model extends M' copied so extends the M that its original extends, seen from P too.
 * Views are made once per (B, P); the copies are redeclare.c's, shared per (class, enclosing class).
 * Input: classes lookup.c resolves. Output: lookup.c's hooks below.
 */
#include "inst.h"

/* Does the package P modify what it inherits (an extends clause with a modifier)? */
static bool modifies_inherited(const mo_class *p)
{
    if (p->kind != MO_CL_PACKAGE || (p->form != MO_FORM_LONG && p->form != MO_FORM_EXTENDS))
        return false;
    for (int i = 0; i < p->nelems; i++) {
        const mo_element *e = p->elems[i];
        if (e->kind == MO_ELEM_EXTENDS && e->mod && e->mod->nargs > 0)
            return true;
    }
    return false;
}

/* A class whose copy a view needs: one with text that reads the package's constants as instances do */
static bool viewed_kind(const mo_class *c)
{
    switch (c->kind) {
    case MO_CL_FUNCTION: case MO_CL_OPERATOR_FUNCTION: case MO_CL_OPERATOR: case MO_CL_PACKAGE:
    case MO_CL_OPERATOR_RECORD:
        return false;
    default:
        return c->form != MO_FORM_ENUM && c->form != MO_FORM_DER && mo_builtin_type(c) < 0;
    }
}

/* The view of class b from package p (made once) */
static mo_class *view_of(mo_class *b, mo_class *p)
{
    mo_scope *bs = mo_scope_of(b);
    for (int i = 0; i < bs->views.n; i++)
        if (mo_view_target(bs->views.v[i]) == p)
            return bs->views.v[i];
    mo_class *v = MO_NEW(mo_class);
    *v = *b;
    mo_scope *s = MO_NEW(mo_scope);
    v->scope = s;
    s->cls = v;
    s->built = true;
    s->components_first = -1;
    s->imports = bs->imports;
    s->unqualified = bs->unqualified;
    s->view_of = p;
    s->view_base = b;
    MO_PUSH(bs->views, v);
    return v;
}

bool mo_is_view(const mo_class *c)
{
    const mo_scope *s = c ? c->scope : NULL;
    return s && s->view_of;
}

mo_class *mo_view_target(mo_class *c)
{
    return mo_is_view(c) ? ((mo_scope *)c->scope)->view_of : c;
}

const mo_class *mo_view_base(const mo_class *c)
{
    return mo_is_view(c) ? ((const mo_scope *)c->scope)->view_base : c;
}

/* Class e (or a copy of it) as package p has it: a copy whose enclosing class is the view from p of
 * the class that declares e's original. A class that p's bases answer with although none of them
 * declares it (the class a package that extends p redeclares: 'redeclare record extends
 * ThermodynamicState' in ReferenceMoistAir, which extends PartialRealCondensingGases) is not p's to
 * view: its text reads the constants of the package that redeclares it. */
static mo_class *seen_from(mo_class *e, mo_class *p)
{
    mo_scope *es = mo_scope_of(e);
    mo_class *orig = es->orig ? es->orig : e;
    mo_class *b = orig->parent;
    if (!b || b == p || !mo_view_inherits(p, b))
        return e;
    return mo_specialize(e, view_of(b, p), 0, NULL);
}

mo_found mo_view_inherited(mo_class *p, mo_found f)
{
    if (!f.cls || !viewed_kind(f.cls) || !modifies_inherited(p))
        return f;
    mo_class *c = seen_from(f.cls, p);
    if (c == f.cls)
        return f;
    if (f.elem) {
        mo_element *e = mo_element_copy(f.elem);
        e->cls = c;
        f.elem = e;
    }
    f.cls = c;
    return f;
}

mo_found mo_view_member(mo_class *v, const char *id, mo_found (*member)(mo_class *, const char *))
{
    const mo_scope *s = mo_scope_of(v);
    mo_found f = member(s->view_base, id);
    if (!f.cls && !f.comp)
        return f;
    mo_found g = member(s->view_of, id);
    return g.cls || g.comp ? g : f;
}

mo_class *mo_view_extends_base(mo_class *cls)
{
    mo_class *p = cls->parent, *base;
    if (mo_is_view(p)) {   /* a copy: its original's M, seen from the package the view is of */
        mo_class *orig = mo_scope_of(cls)->orig;
        base = orig ? mo_spec_extends_base(orig) : NULL;
        p = mo_view_target(p);
    } else {
        base = mo_spec_extends_base(cls);
    }
    return base && p && viewed_kind(base) && modifies_inherited(p) ? seen_from(base, p) : base;
}

/* The class a copy was made from (redeclare.c's specialized classes), or c */
static const mo_class *original(const mo_class *c)
{
    const mo_scope *s = c->scope;
    return s && s->orig ? s->orig : c;
}

bool mo_view_inherits(mo_class *p, const mo_class *b)
{
    MO_VEC(mo_class *) todo = {0};
    MO_PUSH(todo, p);
    b = original(mo_view_base(b));
    for (int i = 0; i < todo.n && i < 4096; i++) {   /* (a diamond repeats a class: bounded) */
        mo_class *c = mo_long_class(todo.v[i]);
        if (!c)
            continue;
        if (original(c) == b)
            return true;
        if ((c->form != MO_FORM_LONG && c->form != MO_FORM_EXTENDS) || !mo_resolve_bases(c))
            continue;
        const mo_scope *s = mo_scope_of(c);
        for (int k = 0; k < s->long_bases.n; k++)
            MO_PUSH(todo, s->long_bases.v[k]);
    }
    return false;
}
