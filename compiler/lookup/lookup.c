/*
 * lookup.c - name lookup (chapter 5 of the specification) over the classes the loader parsed.
 *
 * Input: classes with their parent pointers set (load.c). Output: mo_found answers for names, and per
 * class a cached scope (lookup.h) with hash tables for declared elements, imports and inherited
 * elements. Nothing here scans a class's elements more than once: the tables are built on first use.
 * Preconditions: interned names everywhere (base.h).
 */
#include "lookup.h"

#include <string.h>

/* ---- predefined classes: Real, Integer, Boolean, String, the enumeration StateSelect,
 * ExternalObject (12.9.7: the base of classes whose instances are C objects) and Clock (16.3: its
 * variables are flat Booleans marked MO_FV_CLOCK, which analysis/clocks.c turns into clock ticks) ---- */
static mo_class builtin_real, builtin_integer, builtin_boolean, builtin_string, builtin_stateselect,
    builtin_extobj, builtin_clock;
static bool builtins_ready;

static void builtins_init(void)
{
    if (builtins_ready)
        return;
    builtins_ready = true;
    struct { mo_class *c; const char *name; } tab[] = {
        {&builtin_real, "Real"}, {&builtin_integer, "Integer"}, {&builtin_boolean, "Boolean"},
        {&builtin_string, "String"}, {&builtin_extobj, "ExternalObject"}, {&builtin_clock, "Clock"},
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        tab[i].c->kind = MO_CL_TYPE;
        tab[i].c->form = MO_FORM_LONG;
        tab[i].c->name = mo_intern_cstr(tab[i].name);
    }
    builtin_extobj.kind = MO_CL_CLASS;
    static const char *const lits[] = {"never", "avoid", "default", "prefer", "always"};
    static const char *const docs[] = {
        "Do not use as state at all.", "Use as state, if it cannot be avoided (but only if variable appears differentiated and no other potential state with attribute default, prefer, or always can be selected).",
        "Use as state if appropriate, but only if variable appears differentiated.",
        "Prefer it as state over those having the default value (also variables can be selected, which do not appear differentiated).",
        "Do use it as a state."};
    builtin_stateselect.kind = MO_CL_TYPE;
    builtin_stateselect.form = MO_FORM_ENUM;
    builtin_stateselect.name = mo_intern_cstr("StateSelect");
    builtin_stateselect.nliterals = 5;
    builtin_stateselect.literals = MO_NEWN(mo_enum_literal, 5);
    for (int i = 0; i < 5; i++) {
        builtin_stateselect.literals[i].name = mo_intern_cstr(lits[i]);
        builtin_stateselect.literals[i].comment.text = docs[i];
    }
}

mo_class *mo_builtin_class(const char *id)
{
    builtins_init();
    mo_class *all[] = {&builtin_real, &builtin_integer, &builtin_boolean, &builtin_string,
                       &builtin_stateselect, &builtin_extobj, &builtin_clock};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i]->name == id)
            return all[i];
    return NULL;
}

int mo_builtin_type(const mo_class *cls)
{
    if (cls == &builtin_real) return MO_T_REAL;
    if (cls == &builtin_integer) return MO_T_INTEGER;
    if (cls == &builtin_boolean) return MO_T_BOOLEAN;
    if (cls == &builtin_string) return MO_T_STRING;
    if (cls == &builtin_clock) return MO_T_BOOLEAN;   /* with MO_FV_CLOCK (mo_builtin_is_clock) */
    return -1;
}

bool mo_builtin_is_clock(const mo_class *cls)
{
    return cls == &builtin_clock;
}

/* The names of the predefined types (4.8), which no element may take. */
bool mo_reserved_name(const char *name)
{
    switch (name[0]) {   /* (every element of every class passes here: a big model has 10^5) */
    case 'R': return !strcmp(name, "Real");
    case 'I': return !strcmp(name, "Integer");
    case 'B': return !strcmp(name, "Boolean");
    case 'S': return !strcmp(name, "String");
    default: return false;
    }
}

bool mo_class_is_extobj(mo_class *cls)
{
    if (!cls || cls->form != MO_FORM_LONG || cls == &builtin_extobj || !mo_resolve_bases(cls))
        return false;
    const mo_scope *s = mo_scope_of(cls);
    for (int i = 0; i < s->bases.n; i++)
        if (s->bases.v[i] == &builtin_extobj)
            return true;
    return false;
}

const char *mo_class_kind_name(mo_class_kind k)
{
    static const char *const names[] = {"class", "model", "record", "operator record", "block",
        "connector", "expandable connector", "type", "package", "function", "operator function",
        "operator"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "class";
}

bool mo_base_kind_allowed(mo_class_kind derived, const mo_class *base)
{
    if (base->name && !strcmp(base->name, "ExternalObject"))
        return true;          /* class ... extends ExternalObject (12.9.7) */
    mo_class_kind b = base->kind;
    if (b == MO_CL_CLASS || b == derived)
        return true;          /* every kind may extend a class, and its own kind */
    if (derived == MO_CL_CLASS)
        return true;          /* a class with the contents of a model is deprecated (7.1.3), not illegal:
                               * the compliance suite's should-pass ClassSections extends a model */
    switch (derived) {
    case MO_CL_OPERATOR_FUNCTION:
        return b == MO_CL_FUNCTION;
    case MO_CL_CONNECTOR:
        return b == MO_CL_TYPE || b == MO_CL_RECORD || b == MO_CL_OPERATOR_RECORD;
    case MO_CL_BLOCK:
        return b == MO_CL_RECORD;
    case MO_CL_MODEL:
        return b == MO_CL_RECORD || b == MO_CL_BLOCK;
    default:
        return false;
    }
}

const char *mo_class_full_name(const mo_class *cls)
{
    int n = 0;
    for (const mo_class *c = cls; c; c = c->parent)
        n++;
    const char **ids = MO_NEWN(const char *, n);
    int i = n;
    for (const mo_class *c = cls; c; c = c->parent)
        ids[--i] = c->name;
    mo_buf b = {0};
    for (i = 0; i < n; i++) {
        if (i)
            mo_buf_puts(&b, ".");
        mo_buf_puts(&b, ids[i]);
    }
    return mo_buf_str(&b);
}

/* ---- the scope of a class: declared elements and imports ---- */
/* Qualified import-clauses of one class give distinct names (13.2.2). */
static void import_name_once(mo_scope *s, const char *id, mo_element *e)
{
    mo_element *prev = mo_map_put_new(&s->imports, id, e);
    if (prev) {
        mo_error(e->loc, "two import-clauses give the name '%s' (specification 13.2.2)", id);
        mo_note(prev->loc, "the other import of '%s' is here", id);
    }
}

mo_scope *mo_scope_of(mo_class *cls)
{
    if (!cls->scope) {
        mo_scope *s = MO_NEW(mo_scope);
        s->cls = cls;
        cls->scope = s;
    }
    mo_scope *s = cls->scope;
    if (!s->built) {
        s->built = true;
        /* sized once: the top-level model of a big chain declares hundreds of thousands of elements */
        mo_map_reserve(&s->local, cls->nelems);
        int ncomp = 0;
        bool plain = true;   /* so far, local holds the components met, in order, before any class */
        bool any_class = false;
        for (int i = 0; i < cls->nelems; i++) {
            mo_element *e = cls->elems[i];
            const char *name = NULL;
            mo_loc loc = e->loc;
            if (e->kind == MO_ELEM_COMPONENT) {
                name = e->name;
                ncomp++;
                plain = plain && !any_class && !(e->flags & MO_PF_REDECLARE);
            } else if (e->kind == MO_ELEM_CLASS) {
                name = e->cls->name;
                loc = e->cls->loc;
                any_class = true;
            } else if (e->kind == MO_ELEM_EXTENDS) {
                s->has_extends = true;
                continue;
            } else if (e->kind == MO_ELEM_IMPORT) {
                if (e->import_kind == MO_IMPORT_UNQUALIFIED) {
                    MO_PUSH(s->unqualified, e);
                } else if (e->import_kind == MO_IMPORT_MULTIPLE) {
                    for (int k = 0; k < e->nimport_ids; k++)
                        import_name_once(s, e->import_ids[k], e);
                } else {
                    const char *id = e->import_kind == MO_IMPORT_RENAMING ? e->alias
                                     : e->import_name->ids[e->import_name->n - 1];
                    import_name_once(s, id, e);
                }
                continue;
            }
            if (!name)
                continue;
            if (cls->kind == MO_CL_OPERATOR && !(e->kind == MO_ELEM_CLASS &&
                (e->cls->kind == MO_CL_FUNCTION || e->cls->kind == MO_CL_OPERATOR_FUNCTION)))
                mo_error(loc, "an operator may only contain declarations of functions, not the %s '%s' "
                         "(specification 4.6)", e->kind == MO_ELEM_CLASS ? mo_class_kind_name(e->cls->kind)
                         : "component", name);
            if (mo_reserved_name(name))
                mo_error(loc, "'%s' is the name of a predefined type: no element may be declared with it "
                         "(specification 4.8)", name);
            mo_element *prev = mo_map_put_new(&s->local, name, e);
            if (prev) {
                plain = false;
                mo_error(loc, "duplicate declaration of '%s'", name);
                mo_note(prev->kind == MO_ELEM_CLASS ? prev->cls->loc : prev->loc,
                        "previous declaration of '%s' is here", name);
            }
        }
        s->components_first = plain ? ncomp : -1;
        if (cls->form == MO_FORM_EXTENDS) {   /* class extends M: M inherited is its first base */
            s->has_extends = true;
            s->components_first = -1;
        }
    }
    return s;
}

static mo_found found_elem(mo_element *e, mo_class *owner)
{
    mo_found f = {0};
    if (e->kind == MO_ELEM_CLASS)
        f.cls = e->cls;
    else
        f.comp = e;
    f.owner = owner;
    f.elem = e;
    return f;
}

/* Declared elements only (and, for directory packages, the children on disk). */
static mo_found lookup_local(mo_class *cls, const char *id)
{
    mo_scope *s = mo_scope_of(cls);
    mo_element *e = mo_map_get(&s->local, id);
    if (e && e->kind == MO_ELEM_CLASS && (e->flags & MO_PF_REPLACEABLE) && e->constrainedby && !s->orig &&
        !mo_map_put_new(&s->constrained, id, e)) {
        /* replaceable model M = A constrainedby B(k = 1): A must be a subtype of B, and M is A as the
         * constraining modifier makes it (once; redeclare.c) */
        mo_class *c = mo_constrained_class(e, cls);
        if (!c)
            return (mo_found){0};
        mo_element *w = MO_NEW(mo_element);
        *w = *e;
        w->cls = c;
        mo_map_put(&s->local, id, w);
        e = w;
    }
    if (e)
        return found_elem(e, cls);
    if (s->orig)   /* a specialized class: what its original declares, seen from the copy (redeclare.c) */
        return mo_spec_local(cls, lookup_local(s->orig, id));
    mo_found f = {0};
    if (s->dir) {
        mo_class *c = mo_load_child(cls, s->dir, id);
        if (c) {
            /* remember it as if it had been declared in package.mo */
            mo_element *ce = MO_NEW(mo_element);
            ce->kind = MO_ELEM_CLASS;
            ce->loc = c->loc;
            ce->cls = c;
            mo_map_put(&s->local, id, ce);
            f.cls = c;
            f.owner = cls;
            f.elem = ce;
        }
    }
    return f;
}

mo_found mo_lookup_declared(mo_class *cls, const char *id)
{
    return lookup_local(cls, id);
}

/* A cycle in extends: name the chain from the class that closes it. */
static MO_VEC(mo_class *) resolving_stack;

static void report_cycle(mo_loc loc, mo_class *again)
{
    mo_buf b = {0};
    int start = 0;
    for (int i = 0; i < resolving_stack.n; i++)
        if (resolving_stack.v[i] == again)
            start = i;
    for (int i = start; i < resolving_stack.n; i++)
        mo_buf_printf(&b, "%s -> ", mo_class_full_name(resolving_stack.v[i]));
    mo_buf_puts(&b, mo_class_full_name(again));
    mo_error(loc, "cyclic extends: %s", mo_buf_str(&b));
}

mo_class *mo_short_target(mo_class *cls)
{
    mo_scope *s = mo_scope_of(cls);
    if (s->short_state == 2)
        return s->short_target;
    if (s->short_state == 3)
        return NULL;
    if (s->short_state == 1) {
        report_cycle(cls->short_base->loc, cls);
        s->short_state = 3;
        return NULL;
    }
    s->short_state = 1;
    MO_PUSH(resolving_stack, cls);
    /* the base of a short class is looked up in the scope that encloses the definition (redeclare.c's
     * classes in front of another: that one's) */
    mo_class *t = s->short_via ? mo_short_target(s->short_via) : mo_lookup_class(cls->parent, cls->short_base, "class");
    resolving_stack.n--;
    if (s->short_state == 3)
        return NULL;
    if (t && t->form == MO_FORM_SHORT && !mo_short_target(t))
        t = NULL;
    if (t && !mo_base_kind_allowed(cls->kind, t)) {   /* class A = B is class A extends B (4.5.1) */
        mo_error(cls->short_base->loc, "a %s cannot be defined as '%s', a %s (specification 7.1.3)",
                 mo_class_kind_name(cls->kind), mo_name_str(cls->short_base), mo_class_kind_name(t->kind));
        t = NULL;
    }
    s->short_target = t;
    s->short_state = t ? 2 : 3;
    return t;
}

/* Find id among the elements cls inherits (bases resolved on demand). */
static mo_found lookup_inherited(mo_class *cls, const char *id);
static mo_found lookup_imports(mo_class *cls, const char *id);
static mo_found lookup_simple(mo_class *cls, const char *id);

static mo_found lookup_in_class(mo_class *cls, const char *id)
{
    if (mo_is_view(cls))   /* a view of a class from a package inheriting it (pkgview.c) */
        return mo_view_member(cls, id, lookup_in_class);
    if (cls->form == MO_FORM_SHORT) {   /* with its class redeclarations: P2.A of P2 = P(redeclare A = B) */
        mo_class *t = mo_spec_short(cls);
        mo_found none = {0};
        return t ? mo_lookup_member(t, id) : none;
    }
    mo_found f = lookup_local(cls, id);
    if (f.cls || f.comp)
        return f;
    return lookup_inherited(cls, id);
}

mo_found mo_lookup_member(mo_class *cls, const char *id)
{
    if (cls->form == MO_FORM_ENUM || mo_builtin_type(cls) >= 0) {
        mo_found none = {0};
        return none;
    }
    return lookup_in_class(cls, id);
}

/* A base class that is an array class (model A3 = A[3]) or has prefixes (model CA = input A), through
 * short classes, of a class that is no predefined type or enumeration (those are layout.c's): spec
 * 4.6.2 lets nothing else stand beside an extends of it, and mo2c does not flatten such an extends
 * yet (its dimensions would be lost), so either way it is an error. */
static bool combined_base_ok(const mo_class *cls, const mo_element *x, mo_class *base)
{
    const char *what = NULL;
    for (mo_class *c = base; c && c->form == MO_FORM_SHORT && !what; c = mo_short_target(c))
        what = c->nshort_dims ? "an array class" : c->short_prefixes ? "a class with prefixes" : NULL;
    mo_class *t = base;
    while (t && t->form == MO_FORM_SHORT)
        t = mo_short_target(t);
    if (!what || !t || t->form == MO_FORM_ENUM || mo_builtin_type(t) >= 0)
        return true;
    for (int i = 0; i < cls->nelems; i++) {
        const mo_element *e = cls->elems[i];
        if ((e->kind == MO_ELEM_COMPONENT || e->kind == MO_ELEM_EXTENDS) && e != x) {
            mo_error(e->loc, "'%s' extends '%s', %s, so it cannot have %s (specification 4.6.2)", cls->name,
                     mo_name_str(x->base), what, e->kind == MO_ELEM_COMPONENT ? "components" : "other base classes");
            mo_note(x->loc, "'%s' extends '%s' here", cls->name, mo_name_str(x->base));
            return false;
        }
    }
    mo_error(x->loc, "not supported yet: extending '%s', %s", mo_name_str(x->base), what);
    return false;
}

/* An operator record nested (at any depth) in the long class c, or NULL. */
static const mo_class *nested_operator_record(const mo_class *c, int depth)
{
    for (int i = 0; i < c->nelems && depth < 64; i++) {
        const mo_class *k = c->elems[i]->kind == MO_ELEM_CLASS ? c->elems[i]->cls : NULL;
        if (!k)
            continue;
        if (k->kind == MO_CL_OPERATOR_RECORD)
            return k;
        const mo_class *in = k->form == MO_FORM_LONG ? nested_operator_record(k, depth + 1) : NULL;
        if (in)
            return in;
    }
    return NULL;
}

/* Spec 4.7, operator record: no long class extends one, and no class extends an enclosing scope of one. */
static bool operator_record_base_ok(const mo_class *cls, const mo_element *x, mo_class *base)
{
    mo_class *t = base;
    while (t && t->form == MO_FORM_SHORT)
        t = mo_short_target(t);
    if (t && t->kind == MO_CL_OPERATOR_RECORD) {
        mo_error(x->loc, "'%s' extends the operator record '%s': only a short class definition may (specification "
                 "4.7)", cls->name, mo_name_str(x->base));
        return false;
    }
    const mo_class *in = t && t->form == MO_FORM_LONG ? nested_operator_record(t, 0) : NULL;
    if (in) {
        mo_error(x->loc, "'%s' extends '%s', which encloses the operator record '%s': an enclosing scope of an "
                 "operator record cannot be extended (specification 4.7)", cls->name, mo_name_str(x->base), in->name);
        mo_note(in->loc, "'%s' is declared here", in->name);
        return false;
    }
    return true;
}

/* Spec 7.1: a class that cls declares (not by a redeclaration) and also inherits under the same name
 * must be the same definition (mo_same_class_def). Once, when the bases of cls are resolved; not for a
 * specialized copy (its original was checked). */
static bool inherited_classes_ok(mo_class *cls, const mo_scope *s)
{
    for (int i = 0; s->has_extends && !s->orig && i < cls->nelems; i++) {
        const mo_element *e = cls->elems[i];
        if (e->kind != MO_ELEM_CLASS || (e->flags & MO_PF_REDECLARE) || e->cls->form == MO_FORM_EXTENDS)
            continue;
        mo_found f = lookup_inherited(cls, e->cls->name);
        if (!f.cls || mo_same_class_def(f.cls, e->cls) || (f.elem && f.elem->cls == e->cls))
            continue;   /* (an inherited component of the name: layout.c's duplicate) */
        mo_error(e->cls->loc, "'%s' is declared here and also inherited, and the two declarations are not "
                 "identical (specification 7.1)", e->cls->name);
        mo_note(f.cls->loc, "the inherited declaration of '%s' is here", e->cls->name);
        return false;
    }
    return true;
}

bool mo_resolve_bases(mo_class *cls)
{
    mo_scope *s = mo_scope_of(cls);
    if (s->bases_state == 2)
        return true;
    if (s->bases_state == 3)
        return false;
    if (s->bases_state == 1) {
        /* reported by the caller that sees the cycle */
        return false;
    }
    s->bases_state = 1;
    MO_PUSH(resolving_stack, cls);
    bool ok = true;
    if (cls->form == MO_FORM_EXTENDS) {   /* redeclare model extends M: the inherited M (redeclare.c) */
        mo_element *x = mo_spec_extends_clause(cls);
        mo_class *base = x ? mo_view_extends_base(cls) : NULL;
        ok = base && (base->form != MO_FORM_SHORT || mo_short_target(base)) && mo_resolve_bases(base);
        if (ok) {
            MO_PUSH(s->bases, base);
            MO_PUSH(s->base_elems, x);
        }
    }
    /* (has_extends: a big model's top level has no extends clause among its many elements) */
    for (int i = 0; s->has_extends && i < cls->nelems && ok; i++) {
        mo_element *e = cls->elems[i];
        if (e->kind != MO_ELEM_EXTENDS)
            continue;
        /* Base names are looked up without the elements this class inherits (spec 5.6.1): start with
         * the declared elements and imports of cls, then the enclosing classes. */
        const mo_name *n = e->base;
        mo_found f = {0};
        int bad = -1, replaceable = -1;
        if (n->global) {
            bad = mo_lookup_name(NULL, n, &f);
        } else {
            f = lookup_local(cls, n->ids[0]);
            if (!f.cls && !f.comp)
                f = lookup_imports(cls, n->ids[0]);
            if (!f.cls && !f.comp)
                f = (cls->flags & MO_PF_ENCAPSULATED) ? (mo_found){mo_builtin_class(n->ids[0]), NULL, NULL, NULL}
                                                      : lookup_simple(cls->parent, n->ids[0]);
            if (!f.cls && !f.comp)
                bad = 0;
            if (f.elem && (f.elem->flags & MO_PF_REPLACEABLE))
                replaceable = 0;
            for (int k = 1; k < n->n && bad < 0; k++) {
                mo_found g = f.cls ? mo_lookup_member(f.cls, n->ids[k]) : (mo_found){0};
                if (!g.cls && !g.comp)
                    bad = k;
                else
                    f = g;
                if (g.elem && (g.elem->flags & MO_PF_REPLACEABLE) && replaceable < 0)
                    replaceable = k;
            }
        }
        if (bad < 0 && replaceable >= 0) {   /* spec 7.1.4 */
            mo_error(mo_name_loc(n, replaceable), "the base class '%s' goes through the replaceable class '%s': "
                     "a base class name must be transitively non-replaceable (specification 7.1.4)",
                     mo_name_str(n), n->ids[replaceable]);
            ok = false;
            break;
        }
        mo_class *base = bad < 0 ? f.cls : NULL;
        if (!base) {
            if (bad < 0)
                bad = n->n - 1;
            mo_error(mo_name_loc(n, bad), "unknown base class '%s'", mo_name_str(n));
            ok = false;
            break;
        }
        mo_scope *bs = mo_scope_of(base);
        if (bs->bases_state == 1 || base == cls) {
            report_cycle(n->loc, base);
            ok = false;
            break;
        }
        if (base->form == MO_FORM_SHORT && !mo_short_target(base)) {
            ok = false;
            break;
        }
        if (!mo_resolve_bases(base)) {
            ok = false;
            break;
        }
        if (!mo_base_kind_allowed(cls->kind, base)) {
            mo_error(n->loc, "a %s cannot extend '%s', a %s (specification 7.1.3)", mo_class_kind_name(cls->kind),
                     mo_name_str(n),
                     mo_class_kind_name(base->kind));
            ok = false;
            break;
        }
        if (!combined_base_ok(cls, e, base) || !operator_record_base_ok(cls, e, base)) {
            ok = false;
            break;
        }
        MO_PUSH(s->bases, base);
        MO_PUSH(s->base_elems, e);
    }
    /* the long classes the bases bring, specialized by the class redeclarations that reach them */
    ok = ok && mo_spec_bases(cls);
    resolving_stack.n--;
    s->bases_state = ok ? 2 : 3;
    return ok && inherited_classes_ok(cls, s);
}

/* Found and missed names are both remembered in s->inherited (a miss as &inherited_none): in an extends
 * chain of n classes each declaring a Real, every class asks its bases for "Real" (a predefined type, so
 * no class declares it), and without the miss remembered each question walks the whole chain below. */
static const mo_found inherited_none;

static mo_found lookup_inherited(mo_class *cls, const char *id)
{
    mo_found none = {0};
    mo_scope *s = mo_scope_of(cls);
    if (!s->has_extends)
        return none;
    if (!mo_resolve_bases(cls))
        return none;
    const mo_found *hit = mo_map_get(&s->inherited, id);
    if (hit)
        return *hit;
    for (int i = 0; i < s->long_bases.n; i++) {
        mo_found f = mo_lookup_member(s->long_bases.v[i], id);
        if (f.cls || f.comp) {
            f = mo_view_inherited(cls, f);
            mo_found *keep = MO_NEW(mo_found);
            *keep = f;
            mo_map_put(&s->inherited, id, keep);
            return f;
        }
    }
    mo_map_put(&s->inherited, id, (void *)&inherited_none);
    return none;
}

/* The rules of 13.2.1 for import-clause im, checked at its first use: one imports only from a package
 * (A.B in import A.B.C, import D = A.B.C, import A.B.* and import A.B.{C, D}). */
static void check_import(mo_element *im)
{
    im->import_checked = true;
    mo_name from = *im->import_name;
    bool unqual = im->import_kind == MO_IMPORT_UNQUALIFIED || im->import_kind == MO_IMPORT_MULTIPLE;
    if (!unqual && --from.n == 0)
        return;   /* import A: any class of the top level */
    mo_found f = {0};
    if (mo_lookup_name(NULL, &from, &f) >= 0 || !f.cls || f.cls->kind == MO_CL_PACKAGE)
        return;   /* an unknown name is reported where it is used */
    mo_error(mo_name_loc(&from, from.n - 1), "an import-clause imports from a package, but '%s' is a %s "
             "(specification 13.2.1)", mo_name_str(&from), mo_class_kind_name(f.cls->kind));
}

/* An import: what the imported name denotes (imports are full names, looked up from the top). */
static mo_found resolve_import(mo_element *im, const char *id)
{
    mo_found f = {0};
    if (!im->import_checked)
        check_import(im);
    if (im->import_kind == MO_IMPORT_MULTIPLE) {
        if (mo_lookup_name(NULL, im->import_name, &f) >= 0 || !f.cls)
            return (mo_found){0};
        return mo_lookup_member(f.cls, id);
    }
    if (mo_lookup_name(NULL, im->import_name, &f) >= 0)
        return (mo_found){0};
    return f;
}

/* Report an error at loc once, however often the lookup that meets it runs. */
static bool first_report(mo_loc loc)
{
    static mo_map seen;
    return !mo_map_put_new(&seen, mo_intern_cstr(mo_sprintf("%p:%d:%d", (const void *)loc.file, loc.line, loc.col)),
                           (void *)1);
}

/* A name through the unqualified import-clauses: only public elements are imported (4.1), and a name
 * found in two of the packages is an error (5.3.1). */
static mo_found lookup_imports(mo_class *cls, const char *id)
{
    mo_scope *s = mo_scope_of(cls);
    mo_element *im = mo_map_get(&s->imports, id);
    if (im)
        return resolve_import(im, id);
    mo_found hit = {0};
    mo_element *from = NULL;
    for (int i = 0; i < s->unqualified.n; i++) {
        mo_element *u = s->unqualified.v[i];
        if (!u->import_checked)
            check_import(u);
        mo_found pkg = {0};
        if (mo_lookup_name(NULL, u->import_name, &pkg) >= 0 || !pkg.cls)
            continue;
        mo_found f = mo_lookup_member(pkg.cls, id);
        if (!(f.cls || f.comp) || (f.elem && (f.elem->flags & MO_PF_PROTECTED)))
            continue;
        if (!from) {
            hit = f;
            from = u;
        } else if (f.elem != hit.elem && first_report(u->loc)) {
            mo_error(u->loc, "'%s' is found through two unqualified import-clauses (specification 5.3.1)", id);
            mo_note(from->loc, "the other import-clause that has '%s'", id);
        }
    }
    return hit;
}

/* Find a simple name from inside cls (cls NULL: top level only). */
static mo_found lookup_simple(mo_class *cls, const char *id)
{
    mo_found f = {0};
    for (mo_class *c = cls; c; c = c->parent) {
        if (c->form == MO_FORM_ENUM) {
            if (c->flags & MO_PF_ENCAPSULATED)
                break;
            continue;
        }
        f = lookup_in_class(c, id);
        if (f.cls || f.comp)
            return f;
        f = lookup_imports(c, id);
        if (f.cls || f.comp)
            return f;
        if (c->flags & MO_PF_ENCAPSULATED) {
            /* only the predefined types remain visible past an encapsulated class */
            f.cls = mo_builtin_class(id);
            return f;
        }
    }
    f.cls = mo_load_top(id);
    if (!f.cls)
        f.cls = mo_builtin_class(id);
    return f;
}

/* mo_lookup_model_name runs: the name comes from the command line, which may name a protected class. */
static bool any_visibility;

int mo_lookup_model_name(const mo_name *name, mo_found *out)
{
    any_visibility = true;
    int bad = mo_lookup_name(NULL, name, out);
    any_visibility = false;
    return bad;
}

/* Is cls holder or a class nested in it? (Its text may name holder's protected elements.) */
static bool within_class(const mo_class *cls, const mo_class *holder)
{
    for (; cls; cls = cls->parent)
        if (cls == holder || mo_view_base(cls) == holder)
            return true;
    return false;
}

/* The deprecated package-like class (5.3.2): one whose own components are all constants. */
static bool package_like(const mo_class *c)
{
    if (c->kind == MO_CL_PACKAGE || c->kind == MO_CL_OPERATOR)
        return true;
    for (int i = 0; i < c->nelems; i++)
        if (c->elems[i]->kind == MO_ELEM_COMPONENT && !(c->elems[i]->flags & MO_PF_CONSTANT))
            return false;
    return true;
}

/* Composite name lookup inside the class f (5.3.2) finds g only when f is a package (or package-like)
 * or g is an encapsulated class; and f is not partial, unless it is replaceable (a partial default,
 * package Medium = PartialMedium, is replaced in a model that simulates) or the name is read inside f. */
static bool inside_allowed(const mo_class *cls, const mo_found *f, const mo_found *g)
{
    const mo_class *c = f->cls;
    if ((c->flags & MO_PF_PARTIAL) && !(f->elem && (f->elem->flags & MO_PF_REPLACEABLE)) && !within_class(cls, c))
        return false;
    while (c && c->form == MO_FORM_SHORT)
        c = mo_short_target((mo_class *)c);
    return !c || c->form != MO_FORM_LONG || package_like(c) || (g->cls && (g->cls->flags & MO_PF_ENCAPSULATED));
}

static void inside_error(const mo_name *name, int k, const mo_found *f)
{
    if ((f->cls->flags & MO_PF_PARTIAL) && !(f->elem && (f->elem->flags & MO_PF_REPLACEABLE)))
        mo_error(mo_name_loc(name, k), "'%s' is looked up inside the partial class '%s' (specification 5.3.2)",
                 name->ids[k], mo_class_full_name(f->cls));
    else
        mo_error(mo_name_loc(name, k), "'%s' is looked up inside '%s', a %s that is no package: only its "
                 "encapsulated elements can be reached so (specification 5.3.2)", name->ids[k],
                 mo_class_full_name(f->cls), mo_class_kind_name(f->cls->kind));
}

int mo_lookup_name(mo_class *cls, const mo_name *name, mo_found *out)
{
    mo_found f = {0};
    if (name->global) {
        f.cls = mo_load_top(name->ids[0]);
        if (!f.cls)
            f.cls = mo_builtin_class(name->ids[0]);
    } else {
        f = lookup_simple(cls, name->ids[0]);
    }
    if (!f.cls && !f.comp) {
        *out = f;
        return 0;
    }
    for (int k = 1; k < name->n; k++) {
        if (!f.cls) {       /* a component in the middle of a class name */
            *out = f;
            return k;
        }
        mo_found g = mo_lookup_member(f.cls, name->ids[k]);
        if (!g.cls && !g.comp) {
            /* a literal through a short class of an enumeration (type K = E; K.a): callers see E itself */
            mo_class *t = f.cls;
            while (t && t->form == MO_FORM_SHORT)
                t = mo_short_target(t);
            if (t && t->form == MO_FORM_ENUM)
                f.cls = t;
            *out = f;
            return k;
        }
        if (g.elem && (g.elem->flags & MO_PF_PROTECTED) && !any_visibility && !within_class(cls, f.cls) &&
            first_report(mo_name_loc(name, k)))
            mo_error(mo_name_loc(name, k), "'%s' is protected in '%s': a protected element cannot be reached "
                     "with dot notation (specification 4.1)", name->ids[k], mo_class_full_name(f.cls));
        else if (!any_visibility && !inside_allowed(cls, &f, &g) && first_report(mo_name_loc(name, k)))
            inside_error(name, k, &f);
        f = g;
    }
    *out = f;
    return -1;
}

/* "did you mean": the name nearest to id among the elements declared in the class in (when given), else
 * among the classes declared in cls and its enclosing classes and the predefined types; a note at its
 * declaration (at `at` for a predefined type). */
static void suggest_class(mo_class *cls, mo_class *in, const char *id, mo_loc at)
{
    MO_VEC(const char *) names = {0};
    MO_VEC(mo_loc) locs = {0};
    for (mo_class *k = in ? in : cls; k; k = in ? NULL : k->parent) {
        if (k->form != MO_FORM_LONG && k->form != MO_FORM_EXTENDS)
            continue;
        mo_scope *s = mo_scope_of(k);
        for (int i = 0; i < s->local.order_vals.n; i++) {
            mo_element *e = s->local.order_vals.v[i];
            if (!e || (e->kind != MO_ELEM_CLASS && !in))
                continue;
            MO_PUSH(names, e->kind == MO_ELEM_CLASS ? e->cls->name : e->name);
            MO_PUSH(locs, e->kind == MO_ELEM_CLASS ? e->cls->loc : e->loc);
        }
    }
    static const char *const predefined[] = {"Real", "Integer", "Boolean", "String", "StateSelect"};
    for (size_t i = 0; !in && i < sizeof predefined / sizeof predefined[0]; i++) {
        MO_PUSH(names, predefined[i]);
        MO_PUSH(locs, at);
    }
    const char *best = mo_closest_name(id, names.v, names.n);
    for (int i = 0; best && i < names.n; i++)
        if (names.v[i] == best) {
            mo_note(locs.v[i], "did you mean '%s'?", best);
            break;
        }
}

mo_class *mo_lookup_class(mo_class *cls, const mo_name *name, const char *what)
{
    mo_found f;
    int bad = mo_lookup_name(cls, name, &f);
    if (bad == 0) {
        mo_error(mo_name_loc(name, 0), "unknown %s '%s'", what, mo_name_str(name));
        if (!name->global)
            suggest_class(cls, NULL, name->ids[0], mo_name_loc(name, 0));
        return NULL;
    }
    if (bad > 0) {
        if (f.cls) {
            mo_error(mo_name_loc(name, bad), "'%s' is not declared in '%s'", name->ids[bad],
                     mo_class_full_name(f.cls));
            suggest_class(cls, f.cls, name->ids[bad], mo_name_loc(name, bad));
        } else {
            mo_error(mo_name_loc(name, bad), "unknown %s '%s'", what, mo_name_str(name));
        }
        return NULL;
    }
    if (!f.cls) {
        mo_error(name->loc, "'%s' is a component, not a class", mo_name_str(name));
        return NULL;
    }
    return f.cls;
}

const mo_class *mo_enum_literal_class(const mo_expr *e)
{
    if (e->kind != MO_EX_INT || !e->text || (e->text[0] >= '0' && e->text[0] <= '9'))
        return NULL;
    int n = 1;
    for (const char *p = e->text; *p; p++)
        n += *p == '.';
    if (n < 2)
        return NULL;
    mo_name name;
    mo_name_init(&name, e->loc, false, n - 1);
    const char *p = e->text;
    for (int i = 0; i < n - 1; i++) {
        const char *dot = strchr(p, '.');
        name.ids[i] = mo_intern(p, (size_t)(dot - p));
        p = dot + 1;
    }
    mo_found f;
    return mo_lookup_model_name(&name, &f) < 0 && f.cls && f.cls->form == MO_FORM_ENUM ? f.cls : NULL;
}
