/*
 * redeclare.c - class redeclarations (spec 7.3): specialized classes, constraining types, subtypes.
 *
 * A class redeclaration changes what a name means inside a class's text, and inside the text of its
 * base classes and nested classes. C instantiated under {M -> B} is a specialized class C': a copy of C
 * (same text, same elements) whose scope (lookup.h: mo_scope.orig, redecl) answers M with the new class
 * and every other name as C does, where the nested classes reached through C' are copies re-parented
 * to C' (lexical lookups from inside them see the new M), and whose bases that have an M are
 * specialized the same way (mo_spec_bases; the redeclare elements of a class body and the class
 * redeclarations of an extends clause act on the bases alike). Copies are shared per (original class,
 * enclosing class, redeclarations), so the caches keyed by class (types, layouts, clone keys) keep
 * working unchanged.
 * The new class stands behind the constraining modifiers of the old declaration and of the
 * redeclarations it replaces (with_modifiers: short classes in front of it), and must be a subtype of
 * the constraining type. 'redeclare model extends M' (class extends) is a class whose first base is
 * the M its enclosing class inherits.
 * Subtyping (spec 6.4) is checked by the interface that matters for flattening: a predefined type must
 * stay the same predefined type, an enumeration keep its literals, and every public component of the
 * constraining class exist in the new class. Packages are not compared (their contents are checked where
 * they are used).
 * Input: classes lookup.c and layout.c can resolve. Errors are reported at the redeclaration.
 */
#include "inst.h"

#include <stdlib.h>
#include <string.h>

mo_class *mo_long_class(mo_class *c)
{
    while (c && c->form == MO_FORM_SHORT)
        c = mo_short_target(c);
    return c;
}

bool mo_check_subtype(mo_class *n, mo_class *k, mo_loc at, const char *what, mo_loc k_loc)
{
    n = mo_long_class(n);
    k = mo_long_class(k);
    if (!n || !k)
        return false;
    if (n == k)
        return true;
    const char *kname = mo_class_full_name(k);
    int bn = n->form == MO_FORM_ENUM ? MO_T_ENUM : mo_builtin_type(n);
    int bk = k->form == MO_FORM_ENUM ? MO_T_ENUM : mo_builtin_type(k);
    if (bn >= 0 || bk >= 0) {
        if (bn == bk && bn != MO_T_ENUM)
            return true;
        if (bn == MO_T_ENUM && bk == MO_T_ENUM) {   /* the same literals in the same order */
            bool same = k->enum_open || n->nliterals == k->nliterals;
            for (int i = 0; same && !k->enum_open && i < n->nliterals; i++)
                same = n->literals[i].name == k->literals[i].name;
            if (same)
                return true;
        }
        mo_error(at, "'%s' is not a subtype of '%s', the constraining type of '%s'", mo_class_full_name(n), kname,
                 what);
        mo_note(k_loc, "the constraining type is given here");
        return false;
    }
    if (k->kind == MO_CL_PACKAGE)
        return true;
    mo_layout *kl = mo_layout_of(k);
    mo_layout *nl = kl ? mo_layout_of(n) : NULL;
    if (!nl)
        return false;
    for (int i = 0; i < kl->n; i++) {
        const mo_element *c = kl->items[i].elem;
        if ((c->flags & MO_PF_PROTECTED) || mo_layout_find(nl, c->name))
            continue;
        mo_error(at, "'%s' is not a subtype of '%s', the constraining type of '%s': it has no element '%s'",
                 mo_class_full_name(n), kname, what, c->name);
        mo_note(c->loc, "'%s' is declared here", c->name);
        return false;
    }
    return true;
}

/* ---- specialized classes ---- */

static int cmp_redecl(const void *a, const void *b)
{
    const char *x = ((const mo_redecl *)a)->name, *y = ((const mo_redecl *)b)->name;
    return x < y ? -1 : x > y;
}

static bool same_redecl(const mo_redecl *a, const mo_redecl *b)
{
    for (; a && b; a = a->under, b = b->under)
        if (a->name != b->name || a->elem != b->elem || a->text != b->text)
            return false;
    return !a && !b;
}

static bool same_set(const mo_scope *s, int n, const mo_redecl *v)
{
    if (s->nredecl != n)
        return false;
    for (int i = 0; i < n; i++)
        if (!same_redecl(&s->redecl[i], &v[i]))
            return false;
    return true;
}

static const mo_redecl *find_redecl(const mo_redecl *v, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (v[i].name == name)
            return &v[i];
    return NULL;
}

static mo_loc redecl_loc(const mo_redecl *r)
{
    return r->elem->cls->loc;
}

typedef MO_VEC(mo_redecl) redecl_vec;

/* r into set, unless an outer redeclaration of its name is there already (which needs r replaceable) */
static void add_redecl(redecl_vec *set, mo_redecl r)
{
    mo_redecl *outer = (mo_redecl *)find_redecl(set->v, set->n, r.name);
    if (!outer) {
        MO_PUSH(*set, r);
        return;
    }
    if (!((r.elem->flags | r.elem->cls->flags) & MO_PF_REPLACEABLE)) {
        mo_error(redecl_loc(outer), "cannot redeclare '%s' again: it was redeclared without 'replaceable'", r.name);
        mo_note(redecl_loc(&r), "redeclared here");
        return;
    }
    /* outer replaces r: r goes to the end of outer's chain of replaced redeclarations */
    mo_redecl *in = MO_NEW(mo_redecl);
    *in = r;
    const mo_redecl **end = &outer->under;
    while (*end)
        end = (const mo_redecl **)&(*end)->under;
    *end = in;
}

/* Short class w's target, known already (not a name to look up) */
static void fix_target(mo_class *w, mo_class *target)
{
    mo_scope *s = mo_scope_of(w);
    s->short_state = 2;
    s->short_target = target;
    s->short_fixed = true;
}

/* A constraining modifier: the modification, its constraining type's name (for messages), and the
 * class whose text holds it */
enum { MAX_CHAIN = 64 };
typedef struct cm_level {
    const mo_mod *mod;
    mo_name *type;
    mo_class *text;
} cm_level;

/* Class newc under the constraining modifiers cms (innermost first): a short class per modifier, each in
 * front of the one before and the innermost in front of what newc is, and newc's own modifier in front
 * of them all (declaration modifiers override constraining ones, spec 7.3.2); newc when all are empty. */
static mo_class *with_modifiers(mo_class *newc, const cm_level *cms, int n)
{
    mo_class *prev = NULL;
    for (int i = 0; i < n; i++) {
        const mo_mod *cm = cms[i].mod;
        if (!cm || (!cm->binding && cm->nargs == 0))
            continue;
        mo_class *w = MO_NEW(mo_class);
        *w = *newc;
        w->form = MO_FORM_SHORT;
        w->short_mod = (mo_mod *)cm;
        w->short_base = cms[i].type;
        w->nshort_dims = 0;
        w->short_prefixes = 0;
        w->nelems = 0;
        w->parent = cms[i].text;
        w->scope = NULL;
        if (prev)
            fix_target(w, prev);
        else if (newc->form == MO_FORM_SHORT)
            mo_scope_of(w)->short_via = newc;   /* w is short for what newc is short for */
        else
            fix_target(w, newc);
        prev = w;
    }
    if (!prev || newc->form != MO_FORM_SHORT)
        return prev ? prev : newc;
    mo_class *front = MO_NEW(mo_class);
    *front = *newc;
    front->scope = NULL;
    fix_target(front, prev);
    return front;
}

/* The class a redeclaration r puts in place of element o (declared in the original of c, the
 * specialized class): r's class with its enclosing scope, behind the constraining modifier of o
 * (spec 7.3.2: the constrainedby clause's, or without one the modifier of o's own short class). NULL
 * after an error (what cannot be redeclared, or not a subtype of the constraining type). */
static mo_class *replacement(mo_class *c, const mo_redecl *r, const mo_element *o)
{
    const char *name = r->name;
    if (o->kind != MO_ELEM_CLASS) {
        mo_error(redecl_loc(r), "'%s' is a component, and cannot be redeclared as a %s", name,
                 mo_class_kind_name(r->elem->cls->kind));
        mo_note(o->loc, "'%s' is declared here", name);
        return NULL;
    }
    mo_class *old = o->cls;
    if ((o->flags | old->flags) & MO_PF_FINAL) {
        mo_error(redecl_loc(r), "cannot %s final element '%s'", r->modifies ? "modify" : "redeclare", name);
        mo_note(old->loc, "'%s' is declared final here", name);
        return NULL;
    }
    if (r->modifies)   /* (a modification: the class as it was, under the modifier; class_mod made it) */
        return r->elem->cls;
    if (!((o->flags | old->flags) & MO_PF_REPLACEABLE)) {
        if ((o->flags | old->flags) & MO_PF_REDECLARE)
            mo_error(redecl_loc(r), "cannot redeclare '%s' again: it was redeclared without 'replaceable'", name);
        else
            mo_error(redecl_loc(r), "'%s' is not replaceable and cannot be redeclared", name);
        mo_note(old->loc, "'%s' is declared here", name);
        return NULL;
    }
    if (r->outside && (o->flags & MO_PF_PROTECTED)) {
        mo_error(redecl_loc(r), "cannot redeclare protected element '%s'", name);
        mo_note(old->loc, "'%s' is declared protected here", name);
        return NULL;
    }
    /* (an element of a class body has a visibility of its own; a class in a modifier has no parent) */
    if (r->elem->cls->parent && ((r->elem->flags ^ o->flags) & MO_PF_PROTECTED)) {
        bool prot = o->flags & MO_PF_PROTECTED;
        mo_error(redecl_loc(r), "cannot redeclare %s element '%s' as %s", prot ? "protected" : "public", name,
                 prot ? "public" : "protected");
        mo_note(old->loc, "'%s' is declared here", name);
        return NULL;
    }
    mo_class *newc = mo_specialize(r->elem->cls, r->text, 0, NULL);
    if (newc->form == MO_FORM_EXTENDS)   /* it extends the old class, constraining modifier included */
        return newc;
    /* The constraining type: the constrainedby clause's, or the old class; then each constrainedby
     * clause of the redeclarations on the way out (innermost first: those r replaces, then r's own)
     * gives a new one, a subtype of the one before, whose modifier goes over the one before (7.3.2). */
    bool by_clause = (o->flags & MO_PF_REPLACEABLE) && o->constrainedby;
    mo_class *k = by_clause ? mo_lookup_class(c, o->constrainedby, "class") : old;
    mo_loc kl = by_clause ? o->constrainedby->loc : old->loc;
    cm_level cms[MAX_CHAIN];
    int ncm = 0;
    cms[ncm++] = (cm_level){by_clause ? o->constrainedby_mod : old->form == MO_FORM_SHORT ? old->short_mod : NULL,
                            by_clause ? o->constrainedby : old->short_base, c};
    const mo_redecl *chain[MAX_CHAIN];
    int n = 0;
    for (const mo_redecl *u = r; u && n < MAX_CHAIN; u = u->under)
        chain[n++] = u;
    for (int i = n - 1; i >= 0 && k; i--) {
        const mo_element *ue = chain[i]->elem;
        if (!((ue->flags | ue->cls->flags) & MO_PF_REPLACEABLE) || !ue->constrainedby)
            continue;
        mo_class *ku = mo_lookup_class(chain[i]->text, ue->constrainedby, "class");
        if (!ku || !mo_check_subtype(ku, k, ue->constrainedby->loc, name, kl))
            return NULL;
        k = ku;
        kl = ue->constrainedby->loc;
        if (ncm < MAX_CHAIN)
            cms[ncm++] = (cm_level){ue->constrainedby_mod, ue->constrainedby, chain[i]->text};
    }
    if (!k || !mo_check_subtype(newc, k, redecl_loc(r), name, kl))
        return NULL;
    return with_modifiers(newc, cms, ncm);
}

mo_class *mo_constrained_class(mo_element *e, mo_class *owner)
{
    mo_class *k = mo_lookup_class(owner, e->constrainedby, "class");
    if (!k || !mo_check_subtype(e->cls, k, e->cls->loc, e->cls->name, e->constrainedby->loc))
        return NULL;
    cm_level cm = {e->constrainedby_mod, e->constrainedby, owner};
    return with_modifiers(e->cls, &cm, 1);
}

/* orig (an original class) with the enclosing class parent and exactly the redeclarations m (sorted) */
static mo_class *spec_exact(mo_class *orig, mo_class *parent, int k, mo_redecl *m)
{
    if (k == 0 && parent == orig->parent)
        return orig;
    if (k > 0 && orig->form != MO_FORM_LONG && orig->form != MO_FORM_EXTENDS) {
        mo_error(redecl_loc(&m[0]), "'%s' has no element '%s' to redeclare", mo_class_full_name(orig), m[0].name);
        return orig;
    }
    mo_scope *os = mo_scope_of(orig);
    for (int i = 0; i < os->specs.n; i++) {
        mo_class *c = os->specs.v[i];
        if (c->parent == parent && same_set(c->scope, k, m))
            return c;
    }
    mo_class *c = MO_NEW(mo_class);
    *c = *orig;
    c->parent = parent;
    mo_scope *s = MO_NEW(mo_scope);
    c->scope = s;
    s->cls = c;
    s->orig = orig;
    s->nredecl = k;
    s->redecl = m;
    /* the original's tables, shared (never written once built); local fills as names are looked up */
    s->built = true;
    s->dir = os->dir;
    s->order = os->order;
    s->has_extends = os->has_extends;
    s->components_first = -1;
    s->imports = os->imports;
    s->unqualified = os->unqualified;
    s->short_via = os->short_via;
    if (os->short_fixed) {
        s->short_state = 2;
        s->short_target = os->short_target;
        s->short_fixed = true;
    }
    MO_PUSH(os->specs, c);
    for (int i = 0; i < k; i++) {
        mo_found f = mo_lookup_declared(orig, m[i].name);
        if (f.elem) {
            mo_class *rc = replacement(c, &m[i], f.elem);
            if (!rc)
                continue;
            mo_element *e = mo_element_copy(f.elem);
            e->cls = rc;
            e->flags = (f.elem->flags & MO_PF_PROTECTED) | (m[i].elem->flags & ~(unsigned)MO_PF_PROTECTED);
            mo_map_put(&s->local, m[i].name, e);
        } else {
            mo_found g = mo_lookup_member(orig, m[i].name);
            if (!g.cls && !g.comp)
                mo_error(redecl_loc(&m[i]), "'%s' has no element '%s' to redeclare", mo_class_full_name(orig),
                         m[i].name);
        }
    }
    return c;
}

mo_class *mo_specialize(mo_class *cls, mo_class *parent, int n, const mo_redecl *v)
{
    mo_scope *cs = mo_scope_of(cls);
    mo_class *orig = cs->orig ? cs->orig : cls;
    if (!parent)
        parent = cls->parent;
    mo_redecl *m = MO_NEWN(mo_redecl, cs->nredecl + n + 1);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!find_redecl(m, k, v[i].name))
            m[k++] = v[i];
    for (int i = 0; i < cs->nredecl; i++)
        if (!find_redecl(m, k, cs->redecl[i].name))
            m[k++] = cs->redecl[i];
    mo_qsort(m, (size_t)k, sizeof *m, cmp_redecl);
    return spec_exact(orig, parent, k, m);
}

mo_found mo_spec_local(mo_class *cls, mo_found f)
{
    mo_scope *s = mo_scope_of(cls);
    if (f.cls && f.elem) {   /* a class of the original: its copy inside cls */
        mo_element *e = mo_element_copy(f.elem);
        e->cls = mo_specialize(f.cls, cls, 0, NULL);
        mo_map_put(&s->local, f.cls->name, e);
        f.cls = e->cls;
        f.elem = e;
    } else if (f.comp) {
        mo_map_put(&s->local, f.comp->name, f.comp);
    }
    if (f.cls || f.comp)
        f.owner = cls;
    return f;
}

/* The class redeclarations written in modification m (in text's text) that set (n of them so far) has no
 * entry for yet: added. An outer redeclaration that overrides one of them needs it replaceable. */
static void add_from_mod(redecl_vec *set, const mo_mod *m, mo_class *text)
{
    for (int i = 0; m && i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        mo_element *e = a->kind == MO_ARG_MOD ? NULL : mo_arg_element(a);
        if (!e || e->kind != MO_ELEM_CLASS)
            continue;
        mo_redecl r = {e->cls->name, e, text, NULL, false, false};
        add_redecl(set, r);
    }
}

mo_redecl mo_class_mod(const void *key, mo_found f, const mo_mod *mod, mo_class *text, mo_loc loc, bool outside)
{
    static mo_map made;   /* (const char *)key -> its redeclaring element */
    mo_element *e = mo_map_get(&made, (const char *)key);
    if (!e) {
        mo_class *w = MO_NEW(mo_class);
        *w = *f.cls;
        w->loc = loc;
        w->form = MO_FORM_SHORT;
        /* an argument's modification is allocated without its loc (MO_MOD_ARG_BYTES): a whole node here,
         * since a short class's modification is read with its loc */
        mo_mod *m = MO_NEW(mo_mod);
        memcpy(m, mod, MO_MOD_ARG_BYTES);
        m->loc = loc;
        w->short_mod = m;
        mo_name *n = MO_NEW(mo_name);   /* (for messages: the target is fixed, never looked up) */
        mo_name_init(n, loc, false, 1);
        n->ids[0] = f.cls->name;
        w->short_base = n;
        w->nshort_dims = 0;
        w->short_prefixes = 0;
        w->nelems = 0;
        w->parent = text;
        w->scope = NULL;
        fix_target(w, f.cls);
        e = mo_element_copy(f.elem);
        e->flags &= ~(unsigned)MO_PF_REDECLARE;
        e->cls = w;
        mo_map_put(&made, (const char *)key, e);
    }
    return (mo_redecl){f.cls->name, e, text, NULL, outside, true};
}

/* The modifications of local classes of base b in the extends clause modification m (in text's text),
 * extends C1(Voltage(nominal = 1000)) (4.5.3: the local class's environment is the modification of the
 * enclosing class's element modification of its name), added to set as redeclarations of each such class
 * by a short class of the modifier in front of it (made once per argument). false after an error. */
static bool add_class_mods(redecl_vec *set, const mo_mod *m, mo_class *text, mo_class *b)
{
    mo_class *lb = m && m->nargs ? mo_long_class(b) : NULL;
    for (int i = 0; lb && i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        if (a->kind != MO_ARG_MOD)
            continue;
        mo_found f = mo_lookup_member(lb, a->name.ids[0]);
        if (!f.cls || f.comp || !f.elem)
            continue;
        if (a->name.n > 1 || a->final_ || a->each || !a->mod || a->mod->binding) {
            mo_error(a->name.loc, "not supported yet: modifying the local class '%s' %s (specification 4.5.3)",
                     a->name.ids[0], a->name.n > 1 ? "by a dotted name (write it as a modifier of the class)"
                     : a->mod && a->mod->binding ? "with a value" : "with 'final' or 'each'");
            return false;
        }
        add_redecl(set, mo_class_mod(a, f, a->mod, text, mo_name_loc(&a->name, 0), false));
    }
    return true;
}

/* Does extends clause modification m modify a local class of base b (add_class_mods)? */
static bool modifies_classes(const mo_mod *m, mo_class *b)
{
    mo_class *lb = m && m->nargs ? mo_long_class(b) : NULL;
    for (int i = 0; lb && i < m->nargs; i++) {
        if (m->args[i].kind != MO_ARG_MOD)
            continue;
        mo_found f = mo_lookup_member(lb, m->args[i].name.ids[0]);
        if (f.cls && !f.comp)
            return true;
    }
    return false;
}

/* b, a class used as a base or as a scope, with the class redeclarations of set and those of the
 * modifiers of the short classes b goes through (package P2 = P(redeclare model A = B): P with A -> B),
 * those of names the long class has: that class specialized by them. NULL when a short class leads
 * nowhere (reported). */
static mo_class *through_shorts(mo_class *b, redecl_vec *set)
{
    while (b && b->form == MO_FORM_SHORT) {
        add_from_mod(set, b->short_mod, b->parent);
        b = mo_short_target(b);
    }
    if (!b)
        return NULL;
    int n = 0;
    for (int k = 0; k < set->n; k++)
        if (mo_lookup_member(b, set->v[k].name).cls)
            set->v[n++] = set->v[k];
    return n ? mo_specialize(b, NULL, n, set->v) : b;
}

mo_class *mo_spec_short(mo_class *cls)
{
    redecl_vec set = {0};
    return through_shorts(cls, &set);
}

/* A class element of a class body that redeclares an inherited class: redeclare model M = B,
 * redeclare model extends M. (Without redeclare, 'model extends M' is a class of this class only,
 * which extends the inherited M: the bases' text keeps seeing their own M.) */
static bool is_redeclaration(const mo_element *e)
{
    return e->kind == MO_ELEM_CLASS && (e->flags & MO_PF_REDECLARE);
}

/* Does the class body of cls hold redeclare class elements, or its extends clauses class
 * redeclarations? (The common class has neither: its bases are used as they are.) */
static bool redeclares_classes(const mo_class *cls)
{
    for (int i = 0; i < cls->nelems; i++) {
        const mo_element *e = cls->elems[i];
        if (is_redeclaration(e))
            return true;
        for (int k = 0; e->kind == MO_ELEM_EXTENDS && e->mod && k < e->mod->nargs; k++)
            if (e->mod->args[k].kind != MO_ARG_MOD)
                return true;
    }
    return cls->form == MO_FORM_EXTENDS && cls->extends_mod && cls->extends_mod->nargs > 0;
}

bool mo_spec_bases(mo_class *cls)
{
    mo_scope *s = mo_scope_of(cls);
    mo_scope *os = s->orig ? mo_scope_of(s->orig) : s;
    bool any = s->orig || redeclares_classes(cls);
    s->long_bases.n = 0;
    for (int i = 0; i < s->bases.n; i++) {
        mo_class *b = s->bases.v[i];
        mo_element *x = s->base_elems.v[i];
        if (!any && b->form != MO_FORM_SHORT && !modifies_classes(x->mod, b)) {
            MO_PUSH(s->long_bases, b);
            continue;
        }
        redecl_vec set = {0};
        /* outermost first: the specialization's own (but for the names its original declares itself,
         * which are not the bases'), then the class body's redeclare elements, then the clause's */
        for (int k = 0; k < s->nredecl; k++) {
            mo_element *own = mo_map_get(&os->local, s->redecl[k].name);
            if (!own || (own->flags & MO_PF_REDECLARE))
                MO_PUSH(set, s->redecl[k]);
        }
        for (int k = 0; k < cls->nelems; k++) {
            mo_element *e = cls->elems[k];
            if (is_redeclaration(e))
                add_redecl(&set, (mo_redecl){e->cls->name, e, cls, NULL, false, false});
        }
        add_from_mod(&set, x->mod, cls);
        if (!add_class_mods(&set, x->mod, cls, b))
            return false;
        b = through_shorts(b, &set);
        if (!b)
            return false;
        MO_PUSH(s->long_bases, b);
    }
    /* a redeclare element of the class body replaces an inherited class */
    for (int k = 0; any && !s->orig && k < cls->nelems; k++) {
        mo_element *e = cls->elems[k];
        bool found = false;
        for (int i = 0; is_redeclaration(e) && !found && i < s->long_bases.n; i++)
            found = mo_lookup_member(s->long_bases.v[i], e->cls->name).cls != NULL;
        if (is_redeclaration(e) && !found)
            mo_error(e->cls->loc, "'%s' is redeclared, but no base class of '%s' declares it", e->cls->name,
                     cls->name);
    }
    return mo_error_count() == 0;
}

mo_element *mo_spec_extends_clause(mo_class *cls)
{
    mo_element *x = MO_NEW(mo_element);
    x->kind = MO_ELEM_EXTENDS;
    x->loc = cls->loc;
    x->mod = cls->extends_mod;
    mo_name *n = MO_NEW(mo_name);
    mo_name_init(n, cls->loc, false, 1);
    n->ids[0] = cls->name;
    x->base = n;
    return x;
}

/* b without its redeclaration of name (what b's class of that name was before it) */
static mo_class *without(mo_class *b, const char *name)
{
    mo_scope *s = mo_scope_of(b);
    if (!s->orig || !find_redecl(s->redecl, s->nredecl, name))
        return b;
    mo_redecl *m = MO_NEWN(mo_redecl, s->nredecl);
    int k = 0;
    for (int i = 0; i < s->nredecl; i++)
        if (s->redecl[i].name != name)
            m[k++] = s->redecl[i];
    return spec_exact(s->orig, b->parent, k, m);
}

mo_class *mo_spec_extends_base(mo_class *cls)
{
    mo_class *p = cls->parent;
    if (!p || !mo_resolve_bases(p))
        return NULL;
    mo_scope *ps = mo_scope_of(p);
    for (int i = 0; i < ps->long_bases.n; i++) {
        mo_found f = mo_lookup_member(without(ps->long_bases.v[i], cls->name), cls->name);
        if (!f.cls)
            continue;
        if (!f.elem || !((f.elem->flags | f.cls->flags) & MO_PF_REPLACEABLE)) {
            mo_error(cls->loc, "'%s' is not replaceable and cannot be redeclared", cls->name);
            mo_note(f.cls->loc, "'%s' is declared here", cls->name);
            return NULL;
        }
        return f.cls;
    }
    mo_error(cls->loc, "'%s' is redeclared, but no base class of '%s' declares it", cls->name, p->name);
    return NULL;
}

mo_element *mo_element_copy(const mo_element *r)
{
    mo_element *m = MO_NEW(mo_element);
    size_t bytes = r->kind == MO_ELEM_COMPONENT && r->short_component ? MO_ELEMENT_COMPONENT_BYTES
                   : (r->flags & MO_PF_REPLACEABLE) ? sizeof *m : MO_ELEMENT_SHORT_BYTES;
    memcpy(m, r, bytes);
    m->short_component = false;
    m->comment = mo_element_comment(r);
    if (!(r->flags & MO_PF_REPLACEABLE)) {
        m->constrainedby = NULL;
        m->constrainedby_mod = NULL;
    }
    return m;
}
