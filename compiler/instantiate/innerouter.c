/*
 * innerouter.c - inner and outer elements (spec 5.4, 5.5): instance hierarchy name lookup.
 *
 * An element declared outer is no component of its own: it denotes the element of the same name that is
 * declared inner in the nearest enclosing instance (walking up the instance tree from the instance that
 * declares it). flatten.c calls mo_outer_resolve when it makes the slot of an outer element; the slot
 * then holds what the inner's slot holds (its variable, its instance, its array), so that every
 * reference through the outer, connect included, reaches the inner's variables. An element declared
 * inner outer is two elements: its own name, seen from its instance, is the outer (an enclosing inner),
 * and a hidden inner part, built with the element's modifiers, serves the outer elements below it.
 *
 * Checks: records and connectors have no inner or outer elements (spec 4.6); an outer component has no
 * modifiers (its own or from outside) and is no input; the inner is a
 * subtype of the outer (the same predefined type or enumeration, the same array sizes, a class with every
 * element of the outer's class, recursively; a variable no more variable than the outer's prefix says).
 * When the classes differ, the outer sees only its own class's elements: its slot holds a view, an
 * instance of the outer's class whose slots are the inner's elements of those names.
 *
 * An outer with no inner above it: an inner of its class is added at the top of the model, with a
 * warning (and the class's missingInnerMessage as a note), unless its class is partial or outer elements
 * of that name have different classes (errors). An outer of the model itself is made as its own inner; an
 * inner outer element of the model itself is its inner part alone (one component, not two of one name).
 *
 * Needs: flatten.c (mo_build_inner, mo_decl_type, mo_decl_dims, mo_ensure_slot). Guarantees: an instance
 * whose construction resolved an outer element never becomes a clone template (mo_context_count, checked
 * by flatten_clone.c), since what its outer denotes depends on where it is. Recursion: over the nesting of
 * the outer's class in the subtype check, never over the model's size.
 */
#include "aval.h"
#include "func.h"

#include <stdint.h>
#include <string.h>

static unsigned long outer_count;   /* outer elements resolved (and expandable connectors made) so far */
static mo_map hidden;               /* &slot of an inner outer element -> mo_slot * of its inner part */
static mo_map added;                /* name -> added_inner *: inners added at the top of the model */
typedef struct io_made { mo_inst *p; int k; const mo_slot *inner; } io_made;
static MO_VEC(io_made) made;        /* the inner parts made, in order (mo_inner_outer_pairs) */

typedef struct added_inner {
    mo_slot slot;
    mo_class *cls;            /* the class of the outer that caused it */
    const mo_element *first;  /* that outer's declaration */
} added_inner;

unsigned long mo_context_count(void)
{
    return outer_count;
}

void mo_context_note(void)
{
    outer_count++;
}

/* The inner element's slot and declaration, for checks and messages */
typedef struct inner_ref {
    mo_slot slot;
    const mo_element *decl;
} inner_ref;

/* An outer component has no modifiers (spec 5.4): neither its own nor one from the enclosing ones. */
static bool check_no_modifier(const mo_inst *inst, const mo_layout_item *it)
{
    const mo_element *e = it->elem;
    const mo_fmod *from = mo_fmod_child(it->ext < 0 ? inst->mod : inst->extmods[it->ext], e->name);
    if (e->mod || from) {
        mo_loc at = from ? from->loc : e->mod->binding ? e->mod->binding->loc : e->mod->nargs ? e->mod->args[0].name.loc : e->loc;
        mo_error(at, "outer element '%s' cannot be modified: modify its inner element instead", e->name);
        if (from)
            mo_note(e->loc, "'%s' is declared outer here", e->name);
        return false;
    }
    if (e->flags & MO_PF_INPUT) {
        mo_error(e->loc, "outer element '%s' cannot be an input", e->name);
        return false;
    }
    return true;
}

/* The inner part of the inner outer element k of instance p, built on first use. */
static bool inner_part(mo_front *fr, mo_inst *p, int k, mo_slot *out)
{
    const char *key = (const char *)&p->slots[k];
    mo_slot *s = mo_map_get(&hidden, key);
    if (!s) {
        s = MO_NEW(mo_slot);
        mo_map_put(&hidden, key, s);
        if (!mo_build_inner(fr, p, k, s, p))
            return false;
        io_made m = {p, k, s};
        MO_PUSH(made, m);
    }
    if (s->state != MO_SLOT_DONE) {
        mo_error(p->lay->items[k].elem->loc, "inner '%s' depends on itself", p->lay->items[k].elem->name);
        return false;
    }
    *out = *s;
    return true;
}

bool mo_inner_outer_pairs(mo_front *fr)
{
    for (int i = 0; i < made.n; i++) {
        const io_made *m = &made.v[i];
        if (m->inner->kind != MO_SK_VAR)
            continue;   /* (scalars only) */
        if (!mo_ensure_slot(fr, m->p, m->k))
            return false;
        mo_slot o = mo_slot_of(m->p, m->k);
        if (o.kind == MO_SK_VAR) {
            mo_io_pair pair = {m->inner->var, o.var};
            MO_PUSH(fr->flat->sm_inner_outer, pair);
        }
    }
    return true;
}

/* The nearest inner element name above inst: 1 found (*r), 0 none, -1 after an error. */
static int find_inner(mo_front *fr, mo_inst *inst, const char *name, inner_ref *r)
{
    for (mo_inst *p = inst->parent; p; p = p->parent) {
        intptr_t k = mo_layout_find(p->lay, name);
        if (!k)
            continue;
        const mo_element *d = p->lay->items[k - 1].elem;
        if (!(d->flags & MO_PF_INNER))
            continue;
        r->decl = d;
        if (d->flags & MO_PF_OUTER) {
            if (!inner_part(fr, p, (int)k - 1, &r->slot))
                return -1;
        } else {
            if (p->slots[k - 1].state == MO_SLOT_BUSY) {
                mo_error(d->loc, "inner '%s' depends on itself: an outer '%s' is met while it is made", name, name);
                return -1;
            }
            if (!mo_ensure_slot(fr, p, (int)k - 1))
                return -1;
            r->slot = mo_slot_of(p, (int)k - 1);
        }
        if (r->slot.kind != MO_SK_NONE)   /* (a disabled conditional inner is no inner) */
            return 1;
    }
    return 0;
}

/* The text of the class annotation missingInnerMessage of cls, or NULL */
static const char *missing_inner_message(const mo_class *cls)
{
    const mo_mod *ann = cls->comment.annotation;
    for (int i = 0; ann && i < ann->nargs; i++) {
        const mo_arg *a = &ann->args[i];
        if (a->kind == MO_ARG_MOD && a->name.n == 1 && strcmp(a->name.ids[0], "missingInnerMessage") == 0 &&
            a->mod && a->mod->binding && a->mod->binding->kind == MO_EX_STRING)
            return a->mod->binding->str;
    }
    return NULL;
}

/* No inner above outer element i of inst: the one added at the top of the model for this name, made
 * now when it is the first (spec 5.4). An outer of the model itself is made in its own slot s, as its
 * inner (*in_place). */
static bool add_inner(mo_front *fr, mo_inst *inst, int i, mo_slot *s, inner_ref *r, bool *in_place)
{
    const mo_element *e = inst->lay->items[i].elem;
    mo_class *cls;
    int bt;
    if (!mo_decl_type(&inst->lay->items[i], &cls, &bt))
        return false;
    added_inner *a = mo_map_get(&added, e->name);
    if (a) {
        if (a->cls != cls) {
            mo_error(e->loc, "outer '%s' has no inner, and none can be added: the outer elements of that name have different classes, '%s' and '%s'",
                     e->name, mo_class_full_name(cls), mo_class_full_name(a->cls));
            mo_note(a->first->loc, "an outer '%s' of class '%s' is declared here", e->name, mo_class_full_name(a->cls));
            return false;
        }
        r->slot = a->slot;
        r->decl = a->first;
        return true;
    }
    if (cls->flags & MO_PF_PARTIAL) {
        mo_error(e->loc, "outer '%s' has no inner, and none can be added: its class '%s' is partial", e->name,
                 mo_class_full_name(cls));
        return false;
    }
    mo_inst *root = inst;
    while (root->parent)
        root = root->parent;
    intptr_t k = mo_layout_find(root->lay, e->name);
    if (k && !(inst == root && k - 1 == i)) {
        mo_error(e->loc, "outer '%s' has no inner, and none can be added: the model declares another '%s'", e->name,
                 e->name);
        mo_note(root->lay->items[k - 1].elem->loc, "'%s' is declared here", e->name);
        return false;
    }
    if (inst == root && (e->flags & MO_PF_INNER)) {
        /* An inner outer element of the model itself: the inner to add at the top is its own inner part,
         * already of that name there. Building the outer part in place as well made two components of
         * one name (StateGraph's CompositeStep1 flattened alone: every variable of stateGraphRoot twice). */
        mo_warning(e->loc, "outer '%s' has no inner: the model's own inner '%s' serves it", e->name, e->name);
        *in_place = true;
        return inner_part(fr, inst, i, s);
    }
    mo_warning(e->loc, "outer '%s' has no inner: 'inner %s %s' is added at the top of the model", e->name,
               mo_name_str(e->type), e->name);
    const char *msg = missing_inner_message(cls);
    if (msg)
        mo_note(cls->loc, "%s", msg);
    a = MO_NEW(added_inner);
    a->cls = cls;
    a->first = e;
    mo_map_put(&added, e->name, a);
    *in_place = inst == root;
    mo_slot *to = *in_place ? s : &a->slot;
    if (!mo_build_inner(fr, inst, i, to, root))
        return false;
    a->slot = *to;
    r->slot = *to;
    r->decl = e;
    return true;
}

/* ---- the subtype check ---- */
static const char *basetype_name(int bt, const mo_class *cls)
{
    return bt == MO_T_ENUM ? mo_class_full_name(cls) : mo_func_type_name(bt);
}

/* The name of slot s in a message (an array: its first element's, without the subscript) */
static const char *slot_path(const mo_flat *flat, const mo_slot *s)
{
    if (s->kind == MO_SK_VAR)
        return mo_flat_var_name((void *)flat, s->var);
    if (s->kind == MO_SK_INST)
        return s->child->path;
    if (s->kind == MO_SK_ARRAY && s->arr->total > 0) {
        const char *first = slot_path(flat, &s->arr->elems[0]);
        const char *sub = strrchr(first, '[');
        return sub ? mo_strndup(first, (size_t)(sub - first)) : first;
    }
    return "?";
}

static bool same_enum(const mo_class *a, const mo_class *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->nliterals != b->nliterals)
        return false;
    for (int i = 0; i < a->nliterals; i++)
        if (a->literals[i].name != b->literals[i].name)
            return false;
    return true;
}

typedef struct check {
    mo_front *fr;
    const mo_element *outer;  /* the outer declaration (errors are reported there) */
    const mo_element *inner;  /* the inner one (notes) */
    int variability;          /* the outer's: the inner may be no more variable */
} check;

static void mismatch(const check *c, const mo_slot *in, const char *fmt, const char *a, const char *b)
{
    const char *why = mo_sprintf(fmt, a, b);
    mo_error(c->outer->loc, "the inner '%s' is not a subtype of the outer '%s': %s", slot_path(c->fr->flat, in),
             c->outer->name, why);
    mo_note(c->inner->loc, "the inner '%s' is declared here", c->inner->name);
}

static const char *dims_str(int nd, const int *dims)
{
    mo_aval a = {0};
    a.nd = nd;
    memcpy(a.dims, dims, sizeof *dims * (size_t)nd);
    return nd ? mo_av_size_str(&a) : "scalar";
}

static bool check_elem(check *c, mo_class *cls, int bt, const mo_slot *in, mo_slot *view);

/* An array slot against the outer's sizes (nd < 0: not known, any size), element by element. */
static bool check_slot(check *c, mo_class *cls, int bt, int nd, const int *dims, const mo_slot *in, mo_slot *view)
{
    *view = *in;
    if (nd >= 0) {
        int ind = in->kind == MO_SK_ARRAY ? in->arr->ndims : 0;
        bool same = ind == nd;
        for (int k = 0; same && k < nd; k++)
            same = in->arr->dims[k] == dims[k];
        if (!same) {
            mismatch(c, in, "its size is %s, the outer's %s", dims_str(ind, ind ? in->arr->dims : NULL), dims_str(nd, dims));
            return false;
        }
    }
    if (in->kind != MO_SK_ARRAY)
        return check_elem(c, cls, bt, in, view);
    mo_arr *a = NULL;
    for (int j = 0; j < in->arr->total; j++) {
        mo_slot v;
        if (!check_elem(c, cls, bt, &in->arr->elems[j], &v))
            return false;
        if (v.kind == MO_SK_INST && v.child != in->arr->elems[j].child && !a) {   /* views: a new array */
            a = MO_NEW(mo_arr);
            *a = *in->arr;
            a->elems = MO_NEWN(mo_slot, a->total + 1);
            memcpy(a->elems, in->arr->elems, sizeof *a->elems * (size_t)a->total);
        }
        if (a)
            a->elems[j] = v;
    }
    if (a)
        view->arr = a;
    return true;
}

/* A scalar element: a variable of type bt, or an instance of a subtype of cls (then *view is an instance
 * of cls over the inner's elements when the classes differ). */
static bool check_elem(check *c, mo_class *cls, int bt, const mo_slot *in, mo_slot *view)
{
    *view = *in;
    if (bt >= 0) {
        if (in->kind != MO_SK_VAR) {
            mismatch(c, in, "it is %s, the outer of type %s", in->kind == MO_SK_INST ? "a component" : "an array",
                     basetype_name(bt, cls));
            return false;
        }
        const mo_var *v = &c->fr->flat->vars.v[in->var];
        if (v->type != bt || (bt == MO_T_ENUM && !same_enum(v->attr->enum_type, cls))) {
            mismatch(c, in, "it is of type %s, the outer of type %s", basetype_name(v->type, v->attr->enum_type),
                     basetype_name(bt, cls));
            return false;
        }
        if (v->variability > c->variability) {
            static const char *const names[] = {[MO_VAR_CONSTANT] = "a constant", [MO_VAR_PARAMETER] = "a parameter",
                                                [MO_VAR_DISCRETE] = "a discrete variable",
                                                [MO_VAR_CONTINUOUS] = "a continuous variable"};
            mismatch(c, in, "it is %s, the outer %s", names[v->variability], names[c->variability]);
            return false;
        }
        return true;
    }
    if (in->kind != MO_SK_INST) {
        mismatch(c, in, "it is %s, the outer a component of class '%s'", in->kind == MO_SK_VAR ? "a variable" : "an array",
                 mo_class_full_name(cls));
        return false;
    }
    mo_inst *ci = in->child;
    if (ci->lay->cls == cls)
        return true;
    /* another class: it must have every element of the outer's class, each a subtype of its own */
    mo_layout *lay = mo_layout_of(cls);
    if (!lay)
        return false;
    mo_inst *v = MO_NEW(mo_inst);
    *v = *ci;
    v->lay = lay;
    v->mod = NULL;
    v->extmods = lay->next ? MO_NEWN(mo_fmod *, lay->next) : NULL;
    v->slots = MO_NEWN(mo_slot, lay->n + 1);
    v->var_shift = 0;
    v->children_after = false;
    v->is_connector = cls->kind == MO_CL_CONNECTOR;
    for (int i = 0; i < lay->n; i++) {
        const mo_element *e = lay->items[i].elem;
        intptr_t k = mo_layout_find(ci->lay, e->name);
        if (!k) {
            mismatch(c, in, "it has no element '%s' of class '%s'", e->name, mo_class_full_name(cls));
            return false;
        }
        if (!mo_ensure_slot(c->fr, ci, (int)k - 1))
            return false;
        mo_slot s = mo_slot_of(ci, (int)k - 1);
        mo_class *ec;
        int ebt;
        if (s.kind == MO_SK_NONE) {
            v->slots[i] = s;
            continue;
        }
        if (!mo_decl_type(&lay->items[i], &ec, &ebt) || !check_slot(c, ec, ebt, -1, NULL, &s, &v->slots[i]))
            return false;
        v->slots[i].state = MO_SLOT_DONE;
    }
    view->child = v;
    return true;
}

bool mo_inner_outer_allowed(const mo_layout_item *it)
{
    const mo_class *o = it->owner;
    if (o->kind != MO_CL_RECORD && o->kind != MO_CL_OPERATOR_RECORD && o->kind != MO_CL_CONNECTOR &&
        o->kind != MO_CL_EXPANDABLE_CONNECTOR)
        return true;
    mo_error(it->elem->loc, "an element of a %s cannot be %s", mo_class_kind_name(o->kind),
             it->elem->flags & MO_PF_INNER ? "inner" : "outer");
    mo_note(o->loc, "'%s' is declared here", o->name);
    return false;
}

bool mo_outer_resolve(mo_front *fr, mo_inst *inst, int i, mo_slot *s)
{
    const mo_layout_item *it = &inst->lay->items[i];
    const mo_element *e = it->elem;
    outer_count++;
    if (!(e->flags & MO_PF_INNER) && !check_no_modifier(inst, it))
        return false;
    inner_ref r;
    bool in_place = false;
    int found = find_inner(fr, inst, e->name, &r);
    if (found < 0 || (found == 0 && !add_inner(fr, inst, i, s, &r, &in_place)))
        return false;
    if (in_place)
        return true;
    mo_class *cls;
    int bt;
    mo_arr dims = {0};
    if (!mo_decl_type(it, &cls, &bt) || !mo_decl_dims(fr, inst, i, &dims))
        return false;
    int variability = e->flags & MO_PF_CONSTANT ? MO_VAR_CONSTANT : e->flags & MO_PF_PARAMETER ? MO_VAR_PARAMETER
                      : e->flags & MO_PF_DISCRETE ? MO_VAR_DISCRETE : MO_VAR_CONTINUOUS;
    check c = {fr, e, r.decl, variability};
    mo_slot v;
    if (!check_slot(&c, cls, bt, dims.ndims, dims.dims, &r.slot, &v))
        return false;
    *s = v;
    s->state = MO_SLOT_DONE;
    return true;
}

/* ---- outer elements of classes that are not instantiated ---- */
/* The nearest inner class or component of name `name` from instance inst upwards (inst included), other
 * than the element self: its class (*cls) or its slot (*slot). False when there is none. */
static bool find_inner_from(mo_front *fr, mo_inst *inst, const char *name, const void *self, mo_class **cls,
                            mo_slot *slot, const mo_element **decl)
{
    for (mo_inst *p = inst; p; p = p->parent) {
        if (cls) {
            mo_found f = mo_lookup_member(p->lay->cls, name);
            if (f.cls && f.cls != self && (f.cls->flags & MO_PF_INNER)) {
                *cls = f.cls;
                return true;
            }
            continue;
        }
        intptr_t k = mo_layout_find(p->lay, name);
        if (!k || !(p->lay->items[k - 1].elem->flags & MO_PF_INNER) || p->lay->items[k - 1].elem == self)
            continue;
        *decl = p->lay->items[k - 1].elem;
        if (p->lay->items[k - 1].elem->flags & MO_PF_OUTER)
            return inner_part(fr, p, (int)k - 1, slot);
        if (!mo_ensure_slot(fr, p, (int)k - 1))
            return false;
        *slot = mo_slot_of(p, (int)k - 1);
        return slot->kind != MO_SK_NONE;
    }
    return false;
}

mo_class *mo_outer_class(mo_inst *inst, mo_class *outer, mo_loc use)
{
    mo_class *c = NULL;
    outer_count++;
    if (!inst || !find_inner_from(NULL, inst, outer->name, outer, &c, NULL, NULL)) {
        mo_error(use, "outer class '%s' has no inner class in the enclosing instances", outer->name);
        mo_note(outer->loc, "'%s' is declared outer here", outer->name);
        return NULL;
    }
    mo_class *a = outer, *b = c;
    while (a && a->form == MO_FORM_SHORT)
        a = mo_short_target(a);
    while (b && b->form == MO_FORM_SHORT)
        b = mo_short_target(b);
    if (a && b && a->kind != b->kind) {
        mo_error(use, "the inner class '%s' is a %s, the outer one a %s", c->name, mo_class_kind_name(b->kind),
                 mo_class_kind_name(a->kind));
        mo_note(c->loc, "the inner class '%s' is declared here", c->name);
        return NULL;
    }
    return a && b ? c : NULL;
}

bool mo_outer_constant(mo_front *fr, mo_inst *inst, const mo_element *outer, mo_class *owner, mo_loc use,
                       mo_slot *out)
{
    const mo_element *d = NULL;
    outer_count++;
    if (!inst) {
        mo_error(use, "not supported yet: outer '%s' of a package used outside of any instance", outer->name);
        return false;
    }
    if (outer->ndims || outer->ntype_dims || outer->mod) {
        mo_error(outer->loc, outer->mod ? "outer element '%s' cannot be modified: modify its inner element instead"
                                        : "not supported yet: outer arrays in packages ('%s')", outer->name);
        return false;
    }
    if (!find_inner_from(fr, inst, outer->name, outer, NULL, out, &d)) {
        if (!mo_error_count()) {
            mo_error(use, "outer '%s' has no inner in the enclosing instances", outer->name);
            mo_note(outer->loc, "'%s' is declared outer here", outer->name);
        }
        return false;
    }
    mo_layout_item it = {(mo_element *)outer, owner, -1};
    mo_class *cls;
    int bt;
    if (!mo_decl_type(&it, &cls, &bt))
        return false;
    int variability = outer->flags & MO_PF_CONSTANT ? MO_VAR_CONSTANT : outer->flags & MO_PF_PARAMETER ? MO_VAR_PARAMETER
                      : MO_VAR_CONTINUOUS;
    check c = {fr, outer, d, variability};
    mo_slot v;
    if (!check_slot(&c, cls, bt, 0, NULL, out, &v))
        return false;
    *out = v;
    return true;
}
