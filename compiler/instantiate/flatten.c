/*
 * flatten.c - instantiate a model and flatten it into scalar variables and equations.
 *
 * Input: the class to simulate (load.c), with lookup.c answering names. Output: the flat model of flat.h.
 * The instance tree (inst.h) is built depth first in declaration order; each component slot is filled on
 * demand, so a binding may use a component declared further down. Equations are flattened in the
 * instance they belong to, with their source location and instance path; connect equations are handed
 * to connect.c, which adds the connection equations once everything is instantiated.
 * Arrays are scalarised here: an array component's elements are made one by one (row-major), each with
 * its share of the array modifiers (flatten_dims.c, which also evaluates the sizes); equations between
 * arrays become one equation per element.
 * Component references are resolved to slots by flatten_ref.c (mo_find_slots: slices, a.b over arrays
 * of components); expressions are flattened by flatten_expr.c and arrays.c; class layouts come from
 * layout.c, a declaration's type from flatten_type.c, attributes are set by flatten_attr.c; components
 * with the shape of an earlier one are cloned by flatten_clone.c.
 * Only the active branch of an if-equation with parameter conditions is flattened.
 * Preconditions: the AST as the parser builds it (ast.h). Recursion follows the instance tree, single
 * expressions and dependencies between declarations (bounded by MAX_SLOT_DEPTH), never the number of
 * components.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static bool fill_inst(mo_front *fr, mo_inst *inst);

/* ---- helpers ---- */
/* A short node (ast.h, MO_EXPR_VAR_BYTES): a big model has tens of variable references per component
 * instance, and a VAR node uses only the leading fields. */
mo_expr *mo_var_expr(mo_loc loc, int var)
{
    return mo_expr_var(loc, var);
}

void mo_add_eq(mo_front *fr, mo_loc loc, const char *instance, mo_eq_origin origin, mo_expr *lhs,
               mo_expr *rhs, const char *comment)
{
    /* a declaration equation with a value of the wrong kind: Boolean into a number or the reverse
     * (Real into Integer is left to the back end's rounding for now) */
    if (origin == MO_ORIGIN_BINDING && lhs->kind == MO_EX_VAR && lhs->var >= 0 && lhs->var < fr->flat->vars.n) {
        const mo_var *v = &fr->flat->vars.v[lhs->var];
        int rt = mo_func_expr_type(fr->flat, NULL, rhs);
        bool vb = v->type == MO_T_BOOLEAN, rb = rt == MO_T_BOOLEAN;
        if (rt >= 0 && rt != MO_T_STRING && (v->type == MO_T_REAL || v->type == MO_T_INTEGER || vb) && vb != rb)
            mo_error(rhs->loc, "'%s' is %s but its binding is %s", mo_flat_var_name(fr->flat, lhs->var),
                     mo_func_type_name((int)v->type),
                     mo_func_type_name(rt));
    }
    mo_feq q = {loc, instance, origin, 0, lhs, rhs, comment};
    MO_VEC_RESERVE(fr->flat->eqs, 1);
    MO_PUSH(fr->flat->eqs, q);
}

#ifdef MO_DEBUG
/* A checker of debug builds: flat names are unique by construction (layouts refuse duplicate
 * declarations), so release builds never build this table: flattening looks no variable up by name,
 * and for millions of variables the table would cost as much as the variables themselves. */
static void index_names(mo_flat *flat)
{
    for (int i = mo_map_count(&flat->index); i < flat->vars.n; i++) {
        /* names need not be interned (a clone's are not), and the map keys by pointer */
        mo_map_put(&flat->index, mo_intern_cstr(mo_flat_var_name(flat, i)), (void *)(intptr_t)(i + 1));
        if (mo_map_count(&flat->index) != i + 1)
            mo_unreachable("two flat variables with the same name");
    }
}
#endif

const char *mo_flat_var_name(void *flat, int var)
{
    const mo_flat *f = flat;
    if (var < 0 || var >= f->vars.n)
        return "?";
    if (f->vars.v[var].name)
        return f->vars.v[var].name;
    mo_name_hint hint = {0, 0};   /* a clone's variable (flat.h): its name made now */
    size_t n = mo_flat_name_to(f, var, NULL, 0, &hint);
    char *s = mo_alloc_text(n + 1);
    mo_flat_name_to(f, var, s, n + 1, &hint);
    return s;
}

static const char *join_path(const char *path, const char *id)
{
    if (!*path)
        return id;
    size_t a = strlen(path), b = strlen(id);
    char buf[512];
    char *p = a + b + 2 <= sizeof buf ? buf : mo_alloc(a + b + 2);
    memcpy(p, path, a);
    p[a] = '.';
    memcpy(p + a + 1, id, b + 1);
    return mo_intern(p, a + b + 1);
}

/* "did you mean": a note at the declaration of the closest component name of a layout */
void mo_suggest_in_layout(const mo_layout *lay, const char *name)
{
    if (!lay || lay->n == 0)
        return;
    const char **names = MO_NEWN(const char *, lay->n);
    for (int i = 0; i < lay->n; i++)
        names[i] = lay->items[i].elem->name;
    const char *best = mo_closest_name(name, names, lay->n);
    if (!best)
        return;
    intptr_t k = (intptr_t)mo_map_get(&lay->index, best);
    mo_note(lay->items[k - 1].elem->loc, "did you mean '%s'?", best);
}

/* ---- instances ---- */
/* Is the local class name of cls modified (4.5.3), cls specialized so (redeclare.c, redeclare_inst.c)? */
static bool class_modified(mo_class *cls, const char *name)
{
    const mo_scope *s = mo_scope_of(cls);
    for (int i = 0; i < s->nredecl; i++)
        if (s->redecl[i].name == name && s->redecl[i].modifies)
            return true;
    return false;
}

/* A modifier c of an element that cls does not have as a component: a class of it is a modification of
 * a local class (4.5.3), which an extends clause applies to its base (redeclare.c: extends
 * C1(Voltage(nominal = 1000))) and a component's modifier to the component's class (redeclare_inst.c:
 * A a(B(x = 4))), where the class was instantiated through mo_specialize_by_mod (an error if not, never
 * a modification dropped); anything else is unknown. */
static void no_component(const mo_fmod *c, mo_class *cls, const mo_layout *lay, const char *shown, bool ext)
{
    mo_found f = mo_lookup_member(cls, c->name);
    if (f.cls && !f.comp) {
        if (!ext && !class_modified(cls, c->name))
            mo_error(c->loc, "not supported yet: modifying the local class '%s' here (specification 4.5.3)",
                     c->name);
        return;
    }
    mo_error(c->loc, "class '%s' has no element '%s'", shown, c->name);
    if (lay)
        mo_suggest_in_layout(lay, c->name);
}

static void check_mod_names(const mo_fmod *m, mo_inst *inst, bool from_outside)
{
    for (int i = 0; m && i < m->n; i++) {
        const mo_fmod *c = m->sub[i];
        if (c->redecl && c->redecl->kind == MO_ELEM_CLASS)   /* checked where classes are specialized */
            continue;
        intptr_t k = (intptr_t)mo_map_get(&inst->lay->index, c->name);
        if (!k) {
            no_component(c, inst->lay->cls, inst->lay, inst->lay->cls->name, false);
            continue;
        }
        const mo_element *e = inst->lay->items[k - 1].elem;
        if (!from_outside)
            continue;
        if (e->flags & MO_PF_PROTECTED) {
            mo_error(c->loc, "cannot modify protected element '%s'", c->name);
            mo_note(e->loc, "'%s' is declared protected here", c->name);
        } else if ((e->flags & MO_PF_FINAL) && !c->whole) {
            mo_error(c->loc, "cannot %s final element '%s'", c->redecl ? "redeclare" : "modify", c->name);
            mo_note(e->loc, "'%s' is declared final here", c->name);
        }
    }
}

/* An extends modifier names elements of its base class only (spec 7.2): not those of the class that
 * extends it, nor those of its other bases. */
static void check_ext_mod_names(const mo_fmod *m, mo_inst *inst, int k)
{
    const mo_layout *lay = inst->lay;
    for (int i = 0; m && i < m->n; i++) {
        const mo_fmod *c = m->sub[i];
        if (c->redecl && c->redecl->kind == MO_ELEM_CLASS)   /* checked where classes are specialized */
            continue;
        intptr_t it = (intptr_t)mo_map_get(&lay->index, c->name);
        int x = it ? lay->items[it - 1].ext : -1;
        while (x >= 0 && x != k)
            x = lay->exts[x].parent;
        if (it && (x == k || mo_layout_dup_under(lay, c->name, k)))
            continue;
        const mo_layout_ext *e = &lay->exts[k];
        if (!it) {
            no_component(c, inst->lay->cls, NULL, e->ext ? mo_name_str(e->ext->base) : inst->lay->cls->name, true);
            continue;
        }
        mo_error(c->loc, "class '%s' has no element '%s'", e->ext ? mo_name_str(e->ext->base) : inst->lay->cls->name,
                 c->name);
        if (it)
            mo_note(lay->items[it - 1].elem->loc, "'%s' is declared here, outside the base class", c->name);
    }
}

/* Is in an instance of cls, or of a class that inherits components from it? Asked for every enclosing
 * instance of a short class's instance (short_class_scope), hence the cache on (layout, class). */
bool mo_inst_holds_class(const mo_inst *in, const mo_class *cls)
{
    enum { SLOTS = 256 };
    static struct { const mo_layout *lay; const mo_class *cls; bool holds; } cache[SLOTS];
    const mo_layout *lay = in->lay;
    if (lay->cls == cls)
        return true;
    size_t h = (((uintptr_t)lay >> 4) ^ ((uintptr_t)cls >> 4) * 31) % SLOTS;
    if (cache[h].lay == lay && cache[h].cls == cls)
        return cache[h].holds;
    bool holds = false;
    for (int i = 0; !holds && i < lay->n; i++)
        holds = lay->items[i].owner == cls;
    cache[h].lay = lay;
    cache[h].cls = cls;
    cache[h].holds = holds;
    return holds;
}

mo_inst *mo_inst_enclosing(mo_inst *from, const mo_class *cls)
{
    for (mo_inst *up = from; up; up = up->parent)
        if (mo_inst_holds_class(up, cls)) {
            for (mo_inst *more = up->parent; more; more = more->parent)
                if (mo_inst_holds_class(more, cls))
                    return NULL;
            return up;
        }
    return NULL;
}

mo_inst *mo_short_mod_scope(mo_inst *at, const mo_class *written)
{
    if (!at || !written ||
        (written->kind != MO_CL_MODEL && written->kind != MO_CL_BLOCK && written->kind != MO_CL_CLASS))
        return NULL;
    return mo_inst_enclosing(at, written);
}

static mo_inst *new_inst(mo_front *fr, mo_inst *parent, const char *path, mo_class *cls, mo_fmod *mod,
                         mo_loc loc, int variability, unsigned flags)
{
    (void)fr;
    if (cls->flags & MO_PF_PARTIAL) {
        mo_error(loc, "cannot instantiate partial %s '%s'", mo_class_kind_name(cls->kind),
                 mo_class_full_name(cls));
        mo_note(cls->loc, "'%s' is declared partial here", cls->name);
        return NULL;
    }
    mo_layout *lay = mo_layout_of(cls);
    if (!lay)
        return NULL;
    mo_inst *in = MO_NEW(mo_inst);
    in->path = path;
    in->lay = lay;
    in->mod = mod;
    in->parent = parent;
    in->variability = variability;
    in->flags = flags;
    in->is_connector = cls->kind == MO_CL_CONNECTOR || cls->kind == MO_CL_EXPANDABLE_CONNECTOR;
    in->expandable = cls->kind == MO_CL_EXPANDABLE_CONNECTOR;
    in->is_connector |= parent && parent->expandable;   /* every element of an expandable one is (9.1.3) */
    in->slots = MO_NEWN(mo_slot, lay->n);
    int before = mo_error_count();
    check_mod_names(mod, in, true);
    if (lay->next) {
        in->extmods = MO_NEWN(mo_fmod *, lay->next);
        for (int k = 0; k < lay->next; k++) {
            const mo_layout_ext *x = &lay->exts[k];
            mo_fmod *own = mo_fmod_from_ast(x->mod, x->ext ? in : mo_short_mod_scope(in, x->owner), x->owner,
                                            x->ext == NULL);
            for (int r = 0; r < lay->nrd; r++)   /* redeclare elements of a class body (layout.c) */
                if (lay->rds[r].ext == k)
                    own = mo_redeclare_in_body(own, &lay->rds[r], in);
            check_ext_mod_names(own, in, k);
            in->extmods[k] = mo_fmod_merge(x->parent < 0 ? mod : in->extmods[x->parent], own);
        }
    }
    return mo_error_count() > before ? NULL : in;
}

static void set_attributes(mo_front *fr, int var, const mo_comp_type *t)
{
    for (int i = 0; t->mod && i < t->mod->n; i++)
        mo_set_attribute_of(fr, var, t->mod->sub[i], t->cls->name);
}

/* Does declaration e carry annotation(Evaluate = true) (18.3: its value may be used at translation)? */
static bool evaluate_annotation(const mo_element *e)
{
    const mo_mod *ann = mo_element_comment(e).annotation;
    for (int i = 0; ann && i < ann->nargs; i++) {
        const mo_arg *a = &ann->args[i];
        if (a->kind == MO_ARG_MOD && a->name.n == 1 && !strcmp(a->name.ids[0], "Evaluate") && a->mod &&
            a->mod->binding && a->mod->binding->kind == MO_EX_BOOL)
            return a->mod->binding->ival != 0;
    }
    return false;
}

/* The variable of one scalar element, into out (kind and var). The slot names the variable before its
 * binding is flattened: that binding may build other components whose bindings read this variable back
 * (an instance is built whole: p = sub.c with sub's own modifier sub(q = p) reads p), and a reference to a
 * slot under construction must find its variable, whose binding is not there yet, not some other one. */
static void make_var(mo_front *fr, mo_inst *inst, mo_layout_item *it, const char *name, const mo_comp_type *t,
                     int variability, unsigned flags, mo_slot *out)
{
    mo_flat *flat = fr->flat;
    mo_var v = {0};
    v.name = name;
    v.variability = (unsigned char)variability;
    v.type = (unsigned char)t->basetype;
    v.flags = (flags & ~(unsigned)MO_IF_EVALUATE) | (t->connector ? MO_IF_CONNECTOR : 0);
    if (mo_builtin_is_clock(t->cls)) {   /* 16.3: not flow, stream, discrete, parameter or constant */
        v.flags |= MO_FV_CLOCK;
        flat->clocked = true;
        unsigned bad = it->elem->flags & (MO_PF_FLOW | MO_PF_STREAM | MO_PF_DISCRETE | MO_PF_PARAMETER |
                                          MO_PF_CONSTANT);
        if (bad || variability <= MO_VAR_PARAMETER)
            mo_error(it->elem->loc, "a Clock variable cannot be declared %s (spec 16.3)",
                     bad & MO_PF_FLOW ? "flow" : bad & MO_PF_STREAM ? "stream" : bad & MO_PF_DISCRETE ? "discrete"
                     : variability == MO_VAR_PARAMETER ? "parameter" : "constant");
    }
    if (variability == MO_VAR_PARAMETER) {   /* what the back end may fold (dae.c) */
        if (evaluate_annotation(it->elem) || (flags & MO_IF_EVALUATE))
            v.flags |= MO_FV_EVALUATE;
        if (t->mod && t->mod->binding && (t->mod->final_ || (flags & MO_PF_FINAL)))
            v.flags |= MO_FV_FINAL_VALUE;
    }
    v.state_select = MO_SS_DEFAULT;
    mo_var_attr a = {0};
    a.loc = it->elem->loc;
    a.comment = mo_element_comment(it->elem).text;
    if (t->basetype == MO_T_ENUM)
        a.enum_type = t->cls;
    /* The elements of an array (x[1], x[2], ...) come one after another: while the previous variable's
     * record says no more than this one's would, share it; set_attributes copies it on its first write. */
    mo_var *prev = flat->vars.n > 0 ? &flat->vars.v[flat->vars.n - 1] : NULL;
    const mo_var_attr *pa = prev ? prev->attr : NULL;
    if (pa && pa->loc.file == a.loc.file && pa->loc.line == a.loc.line && pa->loc.col == a.loc.col &&
        pa->loc.len == a.loc.len && pa->comment == a.comment && pa->enum_type == a.enum_type && !pa->start &&
        !pa->fixed && !pa->nominal && !pa->min && !pa->max && !pa->unit && !pa->display_unit && !pa->quantity) {
        prev->attr_own = false;
        v.attr = pa;
    } else {
        mo_var_attr *own = MO_NEW(mo_var_attr);
        *own = a;
        v.attr = own;
        v.attr_own = true;
    }
    int var = flat->vars.n;
    MO_VEC_RESERVE(flat->vars, 1);
    MO_VEC_RESERVE(fr->vflags, 1);
    MO_PUSH(flat->vars, v);
    MO_PUSH(fr->vflags, (unsigned char)((t->connector || inst->expandable ? MO_VF_SCALAR_CONNECTOR : 0) | (flags & MO_PF_FLOW ? MO_VF_FLOW : 0) |
                                        (variability <= MO_VAR_PARAMETER ? MO_VF_PARAM : 0) |
                                        (flags & MO_PF_INPUT || inst->expandable ? MO_VF_INPUT : 0) |
                                        (flags & MO_PF_OUTPUT || inst->expandable ? MO_VF_OUTPUT : 0) |
                                        (unsigned)(flags & MO_PF_STREAM ? MO_VF_STREAM_TYPE : t->basetype)
                                            << MO_VF_TYPE_SHIFT));
    out->kind = MO_SK_VAR;
    out->var = var;
    set_attributes(fr, var, t);
    if (t->mod && t->mod->binding) {
        bool str = t->basetype == MO_T_STRING && variability <= MO_VAR_PARAMETER;
        if (str)   /* flattening the binding may flatten what reads this variable: its value is not known
                    * yet, which is not the "" of a String without a binding (flatten_str.c) */
            flat->vars.v[var].binding = mo_str_pending();
        mo_expr *b = mo_binding_expr(fr, t->mod, name, var);
        if (str)
            flat->vars.v[var].binding = NULL;
        if (variability <= MO_VAR_PARAMETER)
            flat->vars.v[var].binding = b;
        else if (b)
            mo_add_eq(fr, t->mod->binding->loc, inst->path, MO_ORIGIN_BINDING, mo_var_expr(it->elem->loc, var),
                      b, NULL);
    }
}

/* The prefixes that a component of class cls with prefixes flags imposes on its contents (mo_inst.flags;
 * part of the clone key, flatten_clone.c, so that a clone is made only where its template was). */
static unsigned inst_flags(unsigned flags, const mo_class *cls)
{
    unsigned f = flags & (MO_INST_FLAGS | MO_IF_CONNECTOR | MO_IF_EVALUATE);
    if (cls->kind == MO_CL_CONNECTOR || cls->kind == MO_CL_EXPANDABLE_CONNECTOR)
        f |= MO_IF_CONNECTOR;
    return f;
}

/* One scalar element of a component: a variable or a child instance. */
static bool make_element(mo_front *fr, mo_inst *inst, mo_layout_item *it, const char *name, mo_comp_type *t,
                         int variability, unsigned flags, mo_slot *out)
{
    if (t->basetype >= 0) {
        make_var(fr, inst, it, name, t, variability, flags, out);
        return mo_error_count() == 0;
    }
    if (t->mod && t->mod->binding) {   /* r = R(p = 1): would be one binding per element */
        const mo_layout *lay = mo_layout_of(t->cls);
        mo_error(t->mod->binding->loc, "not supported yet: a value for the whole of '%s' (a %s); give its "
                 "elements values instead, as in %s(%s = ...)", name, mo_class_kind_name(t->cls->kind),
                 it->elem->name, lay && lay->n ? lay->items[0].elem->name : "x");
        return false;
    }
    unsigned iflags = inst_flags(flags, t->cls);
    /* a component like one made before (same class, same modifier shape): a copy of it; unless the
     * caller already tried that from the declaration's syntax (ensure_slot_at) */
    mo_clone_mark own;
    const mo_clone_mark *mark = t->mark;
    bool clonable = mark != NULL;
    mo_inst *child = NULL;
    if (!mark) {
        mark = &own;
        clonable = mo_clone_begin(fr, t->cls, t->mod, variability, iflags, &own);
        child = clonable ? mo_clone_make(fr, &own, inst, name, t->mod, out) : NULL;
    }
    if (child || mo_error_count()) {
        out->kind = MO_SK_INST;
        out->child = child;
        if (child)   /* connector ComplexOutput = output Complex: a record that is a connector (new_inst) */
            child->is_connector = t->connector || inst->expandable;
        return child && mo_error_count() == 0;
    }
    child = new_inst(fr, inst, name, t->cls, t->mod, it->elem->loc, variability, iflags);
    if (!child)
        return false;
    child->is_connector |= t->connector;
    out->kind = MO_SK_INST;
    out->child = child;
    unsigned long streams = mo_stream_count(fr);
    if (!fill_inst(fr, child) || (child->is_connector && !mo_connector_balanced(fr, child, it->elem->loc)))
        return false;
    if (child->is_connector && mo_stream_count(fr) != streams && !mo_stream_connector(fr, child, it->elem->loc))
        return false;
    if (clonable)
        mo_clone_register(fr, mark, child);
    return true;
}

/* Dependencies between declarations are followed by recursion (a binding may use a component declared
 * further down); this bounds it, so that a long chain is an error rather than a stack overflow. */
enum { MAX_SLOT_DEPTH = 2000 };
static int slot_depth;

static bool ensure_slot_at(mo_front *fr, mo_inst *inst, int i);

/* The declaration in c->parent's class that made instance c: the last part of c's path without its
 * subscripts, looked up in the parent's layout; NULL when it is not found there (a quoted name). */
static const mo_element *inst_decl(const mo_inst *c)
{
    const char *start = c->path;
    int brackets = 0;
    for (const char *q = c->path + strlen(c->path); q > c->path; q--) {
        if (q[-1] == ']')
            brackets++;
        else if (q[-1] == '[')
            brackets--;
        else if (q[-1] == '.' && brackets == 0) {
            start = q;
            break;
        }
    }
    intptr_t it = (intptr_t)mo_map_get(&c->parent->lay->index, mo_intern(start, strcspn(start, "[")));
    return it ? c->parent->lay->items[it - 1].elem : NULL;
}

/* At the bound on the depth of slots: when the instances being made nest at least half as deep, the
 * cause is not the order of declarations but a class that contains itself (model A  A a; end A, or
 * through other classes), whose instances nest without end unless a dimension reaches 0. Reports it at
 * the declaration that made inst and returns true; false when the nesting is shallow or no class recurs.
 * Walks the chain of instances once: only on this error. */
static bool report_self_nesting(const mo_inst *inst)
{
    int depth = 0;
    const mo_inst *same = NULL;   /* the nearest enclosing instance of inst's class */
    for (const mo_inst *p = inst->parent; p; p = p->parent) {
        depth++;
        if (!same && p->lay->cls == inst->lay->cls)
            same = p;
    }
    const mo_element *decl = same && depth >= MAX_SLOT_DEPTH / 2 ? inst_decl(inst) : NULL;
    if (!decl)
        return false;
    mo_error(decl->loc, "class '%s' contains itself (through component '%s' of '%s'): its instances nest "
             "more than %d levels deep", mo_class_full_name(inst->lay->cls), decl->name,
             mo_class_full_name(inst->parent->lay->cls), MAX_SLOT_DEPTH / 2);
    return true;
}

bool mo_ensure_slot(mo_front *fr, mo_inst *inst, int i)
{
    if (inst->slots[i].state != MO_SLOT_PENDING)
        return true;
    if (slot_depth >= MAX_SLOT_DEPTH) {
        if (report_self_nesting(inst))
            return false;
        mo_error(inst->lay->items[i].elem->loc,
                 "declarations depend on each other more than %d levels deep here; declare them in the order of their dependencies",
                 MAX_SLOT_DEPTH);
        return false;
    }
    slot_depth++;
    bool ok = ensure_slot_at(fr, inst, i);
    slot_depth--;
    return ok;
}

/* Make component i of inst into slot s. The declaration and its modifiers are read in inst; the
 * component lives in home (its parent instance, the prefix of its name, the variability and prefixes
 * imposed on it): home is inst, except for an inner component that innerouter.c adds at the top of the
 * model for an outer one that has none. as_inner: build the inner part of an element declared outer
 * (inner outer, or the added one), not the reference to an enclosing inner (innerouter.c). */
static bool build_slot(mo_front *fr, mo_inst *inst, int i, mo_slot *s, mo_inst *home, bool as_inner)
{
    mo_layout_item item = inst->lay->items[i];
    mo_layout_item *it = &item;
    mo_element *e = it->elem;
    if ((e->flags & (MO_PF_INNER | MO_PF_OUTER)) && !mo_inner_outer_allowed(it))
        return false;
    if ((e->flags & MO_PF_OUTER) && !as_inner && !e->condition)
        return mo_outer_resolve(fr, inst, i, s);
    mo_fmod *outer = mo_fmod_child(it->ext < 0 ? inst->mod : inst->extmods[it->ext], e->name);
    /* A component that nothing modifies but its own declaration (the common case in a big model) may be
     * a clone made straight from that modifier's syntax (flatten_clone.c), with no modifier tree. */
    bool by_syntax = !outer && !e->condition && e->ntype_dims + e->ndims == 0 &&
                     !((e->flags & MO_PF_REPLACEABLE) && e->constrainedby);
    mo_fmod *mod = NULL;
    mo_redecl_check chk = {0};   /* what its class must be (redeclare_inst.c) */
    /* A redeclaration keeps the old declaration's condition (redeclare_inst.c), whose names are those of
     * the class that declares it, not of the class that writes the redeclaration. */
    const mo_expr *decl_cond = e->condition;
    mo_class *decl_owner = it->owner;
    if (!by_syntax) {
        mod = mo_redeclared_item(inst, it, outer, &chk);
        e = it->elem;   /* the new declaration, when redeclared */
    }
    if (mo_error_count())
        return false;
    if (e->condition) {
        mo_expr *c = mo_flatten_expr(fr, inst, e->condition == decl_cond ? decl_owner : it->owner, e->condition);
        double d;
        if (!c)
            return false;
        if (mo_flat_nonboolean(fr->flat, c)) {   /* spec 4.4.5 */
            mo_error(e->condition->loc, "the condition of a conditional component must be Boolean, not %s (specification 4.4.5)",
                     mo_flat_nonboolean(fr->flat, c));
            return false;
        }
        if (!mo_eval_flat(fr->flat, c, &d)) {
            if (!mo_eval_report_why(fr->flat, e->condition->loc, "the condition of a conditional component"))
                mo_error(e->condition->loc, "the condition of a conditional component must be a parameter expression");
            return false;
        }
        if (!d) {
            s->kind = MO_SK_NONE;
            s->state = MO_SLOT_DONE;
            return true;
        }
        if ((e->flags & MO_PF_OUTER) && !as_inner)
            return mo_outer_resolve(fr, inst, i, s);
    }
    mo_comp_type t;
    if (!mo_resolve_type(it, mod, &t, inst))
        return false;
    if (!mo_redeclared_type_ok(&chk, e, t.cls))
        return false;
    if (t.connector && (e->flags & (MO_PF_PARAMETER | MO_PF_CONSTANT))) {   /* spec 9.3 */
        mo_error(e->loc, "connector '%s' cannot be declared %s", e->name,
                 e->flags & MO_PF_PARAMETER ? "parameter" : "constant");
        return false;
    }
    int variability = e->flags & MO_PF_CONSTANT ? MO_VAR_CONSTANT : e->flags & MO_PF_PARAMETER ? MO_VAR_PARAMETER
                      : e->flags & MO_PF_DISCRETE ? MO_VAR_DISCRETE : MO_VAR_CONTINUOUS;
    if (t.prefixes & MO_PF_CONSTANT) variability = MO_VAR_CONSTANT;
    else if ((t.prefixes & MO_PF_PARAMETER) && variability > MO_VAR_PARAMETER) variability = MO_VAR_PARAMETER;
    if (home->variability < variability)
        variability = home->variability;
    if (t.basetype >= 0 && t.basetype != MO_T_REAL && variability == MO_VAR_CONTINUOUS)
        variability = MO_VAR_DISCRETE;
    unsigned flags = ((e->flags | t.prefixes) & (MO_PF_INPUT | MO_PF_OUTPUT | MO_PF_FLOW | MO_PF_STREAM |
                                                 MO_PF_PROTECTED | MO_PF_FINAL)) | home->flags;
    if (variability == MO_VAR_PARAMETER && evaluate_annotation(e))   /* a record's fields too */
        flags |= MO_IF_EVALUATE;
    if (!mo_prefixes_ok(home, e, &t, flags))   /* spec 4.4.2.2 (prefixes.c) */
        return false;
    if ((flags & MO_PF_FLOW) && t.cls->kind == MO_CL_OPERATOR_RECORD && !mo_connect_flow_record_ok(t.cls, e))
        return false;
    if ((flags & MO_PF_STREAM) && !mo_stream_declared(fr, home, e, &t))
        return false;
    const char *name = join_path(home->path, e->name);
    mo_clone_mark mark;
    if (by_syntax && t.basetype < 0 && !t.mod && t.ntdims == 0 &&
        mo_clone_begin_syntax(fr, t.cls, e->mod, variability, inst_flags(flags, t.cls),
                              &mark)) {
        mo_inst *child = mo_clone_make_syntax(fr, &mark, home, name, e->mod, it->owner, s);
        if (child || mo_error_count()) {
            s->kind = MO_SK_INST;
            s->child = child;
            s->state = MO_SLOT_DONE;
            return child && mo_error_count() == 0;
        }
        t.mark = &mark;   /* no template yet: this instance may become it */
    }
    if (by_syntax && e->mod) {   /* made the usual way after all: with its modifier tree */
        const mo_clone_mark *m = t.mark;
        mod = mo_fmod_from_ast(e->mod, inst, it->owner, true);
        if (mo_error_count() || !mo_resolve_type(it, mod, &t, inst))
            return false;
        t.mark = m;
    }
    int ndims = e->ndims + e->ntype_dims + t.ntdims;
    if (t.basetype < 0 && t.mod && t.mod->binding && mo_rv_is_record_class(t.cls)) {
        /* R r = R(1, 2): the record's value becomes one binding per field (records.c) */
        if (!(t.mod = mo_rv_spread(fr, t.mod, t.cls, ndims, name, (flags & MO_PF_FINAL) != 0)))
            return false;
    }
    if (ndims == 0) {
        bool ok = make_element(fr, home, it, name, &t, variability, flags, s);
        s->state = MO_SLOT_DONE;
        return ok;
    }
    /* an array: evaluate its sizes, then make each element (row-major) */
    mo_arr *arr = MO_NEW(mo_arr);
    s->kind = MO_SK_ARRAY;   /* no elements until its sizes are known (eval_dims) */
    s->arr = arr;
    if (!mo_eval_dims(fr, inst, it, &t, name, arr))
        return false;
    arr->elems = MO_NEWN(mo_slot, arr->total);
    int idx[MO_MAX_DIMS] = {0};
    size_t plen = strlen(name);
    char *buf = MO_NEWN(char, plen + (size_t)ndims * 12 + 2);
    memcpy(buf, name, plen);
    for (int j = 0; j < arr->total; j++) {
        /* element j: its name x[i,k] (built in place, interned once) and its share of the modifiers */
        char *p = buf + plen;
        *p++ = '[';
        for (int k = 0; k < ndims; k++)
            p += sprintf(p, k ? ",%d" : "%d", idx[k] + 1);
        *p++ = ']';
        const char *en = mo_intern(buf, (size_t)(p - buf));
        mo_comp_type te = t;
        bool err = false;
        te.mod = mo_split_mod(fr, t.mod, j, arr, name, &err);
        if (err || !make_element(fr, home, it, en, &te, variability, flags, &arr->elems[j]))
            return false;
        for (int k = ndims - 1; k >= 0; k--) {
            if (++idx[k] < arr->dims[k])
                break;
            idx[k] = 0;
        }
    }
    s->state = MO_SLOT_DONE;
    return true;
}

static bool ensure_slot_at(mo_front *fr, mo_inst *inst, int i)
{
    mo_slot *s = &inst->slots[i];
    s->state = MO_SLOT_BUSY;
    return build_slot(fr, inst, i, s, inst, false) &&
           (inst->lay->cls->kind != MO_CL_BLOCK ||
            mo_block_connector_ok(fr, s, inst->lay->items[i].elem, inst->lay->cls));   /* spec 4.6 */
}

bool mo_build_inner(mo_front *fr, mo_inst *inst, int i, mo_slot *out, mo_inst *home)
{
    out->state = MO_SLOT_BUSY;
    return build_slot(fr, inst, i, out, home, true);
}

bool mo_decl_type(const mo_layout_item *it, mo_class **cls, int *basetype)
{
    mo_comp_type t;
    if (!mo_resolve_type((mo_layout_item *)it, NULL, &t, NULL))
        return false;
    *cls = t.cls;
    *basetype = t.basetype;
    return true;
}

bool mo_decl_dims(mo_front *fr, mo_inst *inst, int i, mo_arr *arr)
{
    mo_comp_type t;
    mo_layout_item *it = &inst->lay->items[i];
    return mo_resolve_type(it, NULL, &t, inst) &&
           mo_eval_dims(fr, inst, it, &t, join_path(inst->path, it->elem->name), arr);
}

/* ---- equations ---- */
static bool flatten_eqs(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq_list *l, bool initial);

static bool flatten_for(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, int iter, bool initial)
{
    if (iter == q->niters)
        return flatten_eqs(fr, inst, owner, &q->bodies[0], initial);
    const mo_iterator *it = &q->iters[iter];
    mo_expr **vals;
    int n;
    mo_iter_use use = {&q->bodies[0], NULL, NULL};
    if (!mo_iter_values(fr, inst, owner, it, &use, &vals, &n))
        return false;
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        mo_iter_push(it->name, vals[i]);
        ok = flatten_for(fr, inst, owner, q, iter + 1, initial);
        mo_iter_pop();
    }
    return ok;
}

/* Where the scalar equations of one equation go (records.c's mo_rv_emit). */
typedef struct eq_sink {
    mo_front *fr;
    mo_inst *inst;
    const mo_eq *q;
    bool initial;
} eq_sink;

static void emit_eq(void *ctx, mo_expr *a, mo_expr *b)
{
    const eq_sink *k = ctx;
    mo_feq f = {k->q->loc, k->inst->path, MO_ORIGIN_EQUATION, 0, a, b, k->q->comment.text};
    if (k->initial) {
        MO_VEC_RESERVE(k->fr->flat->initial_eqs, 1);
        MO_PUSH(k->fr->flat->initial_eqs, f);
    } else {
        MO_VEC_RESERVE(k->fr->flat->eqs, 1);
        MO_PUSH(k->fr->flat->eqs, f);
    }
}

static bool flatten_eq(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    if (fr->exp && mo_exp_defer(fr, inst, owner, q, initial))   /* it waits for the connects (expandable.c) */
        return true;
    switch (q->kind) {
    case MO_EQ_EQUAL: {
        int multi = mo_func_equation(fr, inst, owner, q, initial); /* (a, b) = f(x), record = f(x) */
        if (multi)
            return multi > 0;
        /* arrays: one scalar equation per element; records: one per scalar field (records.c) */
        mo_aval l, r;
        if (!mo_flatten_rv(fr, inst, owner, q->lhs, &l) || !mo_flatten_rv(fr, inst, owner, q->rhs, &r))
            return false;
        if (l.rec || r.rec) {
            eq_sink k = {fr, inst, q, initial};
            return mo_rv_equate(q->loc, &l, &r, emit_eq, &k);
        }
        if (!mo_av_same_size(&l, &r)) {
            mo_error(q->loc, "the two sides of this equation have different sizes: %s and %s", mo_av_size_str(&l),
                     mo_av_size_str(&r));
            return false;
        }
        eq_sink k = {fr, inst, q, initial};
        for (int i = 0; i < l.n; i++)
            emit_eq(&k, mo_av_at(&l, i), mo_av_at(&r, i));
        return true;
    }
    case MO_EQ_CONNECT:
        if (initial) {
            mo_error(q->loc, "connect is not allowed in an initial equation section");
            return false;
        }
        if (!mo_connect_allowed_here(q))
            return false;
        mo_connect_add(fr, inst, owner, q);
        return mo_error_count() == 0;
    case MO_EQ_IF:
        if (mo_cardinality_defer(fr, inst, owner, q, initial))   /* its conditions wait for the counts */
            return true;
        for (int i = 0; i < q->nconds; i++) {
            mo_expr *c = mo_flatten_expr(fr, inst, owner, q->conds[i]);
            double d;
            if (!c)
                return false;
            if (mo_flat_nonboolean(fr->flat, c)) {   /* spec 8.3.4 */
                mo_error(q->conds[i]->loc, "the condition of an if-equation must be Boolean, not %s (specification 8.3.4)",
                         mo_flat_nonboolean(fr->flat, c));
                return false;
            }
            if (!mo_eval_flat(fr->flat, c, &d)) /* time-varying from here on (flatten_when.c) */
                return mo_flatten_if_eq(fr, inst, owner, q, i, initial);
            if (d)
                return flatten_eqs(fr, inst, owner, &q->bodies[i], initial);
        }
        return flatten_eqs(fr, inst, owner, &q->bodies[q->nconds], initial);
    case MO_EQ_FOR:
        return flatten_for(fr, inst, owner, q, 0, initial);
    case MO_EQ_WHEN:
        return mo_flatten_when(fr, inst, owner, q, initial);      /* flatten_when.c */
    case MO_EQ_CALL:
        return mo_flatten_call_eq(fr, inst, owner, q, initial);   /* reinit, assert, terminate */
    }
    mo_unreachable("equation kind");
}

/* An equation that fails with an error of its own does not stop the others: independent mistakes are
 * reported in one run (up to MO_MAX_ERRORS; the same message twice is printed once, diag.c). A
 * failure without a message of its own (after earlier errors) stops here. */
static bool flatten_eqs(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq_list *l, bool initial)
{
    bool ok = true;
    for (int i = 0; i < l->n; i++) {
        int errors = mo_error_count();
        if (flatten_eq(fr, inst, owner, l->v[i], initial))
            continue;
        ok = false;
        if (mo_error_count() == errors)
            break;
    }
    return ok;
}

bool mo_flatten_eqs(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq_list *l, bool initial)
{
    return flatten_eqs(fr, inst, owner, l, initial);
}

static bool fill_inst(mo_front *fr, mo_inst *inst)
{
    if (inst->expandable)   /* its elements are made when something uses them (expandable.c) */
        return mo_exp_made(fr, inst);
    for (int i = 0; i < inst->lay->n; i++)
        if (!mo_ensure_slot(fr, inst, i))
            return false;
    bool ok = true;   /* (the sections after one that failed with its own error still run: flatten_eqs) */
    for (int i = 0; i < inst->lay->nsec; i++) {
        const mo_layout_sec *s = &inst->lay->secs[i];
        int errors = mo_error_count();
        if (s->sec->algorithm ? mo_flatten_alg(fr, inst, s->owner, s->sec)   /* flatten_alg.c */
                              : flatten_eqs(fr, inst, s->owner, &s->sec->eqs, s->sec->initial))
            continue;
        ok = false;
        if (mo_error_count() == errors)
            break;
    }
    return ok;
}

/* ---- the experiment annotation ---- */
static void read_experiment(mo_front *fr, mo_inst *top, const mo_class *cls)
{
    const mo_mod *ann = cls->comment.annotation;
    for (int i = 0; ann && i < ann->nargs; i++) {
        const mo_arg *a = &ann->args[i];
        if (a->kind != MO_ARG_MOD || a->name.n != 1 || strcmp(a->name.ids[0], "experiment") != 0 || !a->mod)
            continue;
        for (int k = 0; k < a->mod->nargs; k++) {
            const mo_arg *x = &a->mod->args[k];
            if (x->kind != MO_ARG_MOD || !x->mod || !x->mod->binding || x->name.n != 1)
                continue;
            mo_expr *e = mo_flatten_expr(fr, top, (mo_class *)cls, x->mod->binding);
            double d;
            if (!e || !mo_eval_flat(fr->flat, e, &d)) {
                mo_error(x->mod->binding->loc, "experiment settings must be parameter expressions");
                continue;
            }
            mo_experiment *ex = &fr->flat->experiment;
            const char *n = x->name.ids[0];
            if (strcmp(n, "StartTime") == 0) { ex->has_start = true; ex->start = d; }
            else if (strcmp(n, "StopTime") == 0) { ex->has_stop = true; ex->stop = d; }
            else if (strcmp(n, "Interval") == 0) { ex->has_interval = true; ex->interval = d; }
            else if (strcmp(n, "Tolerance") == 0) { ex->has_tolerance = true; ex->tolerance = d; }
        }
    }
}

static mo_flat *flatten_model(mo_front *fr, const mo_class *cls_in);

mo_flat *mo_flatten(const mo_class *cls_in)
{
    mo_front fr = {0};
    mo_flat *flat = flatten_model(&fr, cls_in);
    free(fr.pairs.v);   /* malloc'd (inst.h); mo_connect frees them already when it gets to run */
    return flat;
}

static mo_flat *flatten_model(mo_front *fr, const mo_class *cls_in)
{
    mo_class *cls = (mo_class *)cls_in;
    mo_flat *flat = MO_NEW(mo_flat);
    fr->flat = flat;
    flat->name = mo_class_full_name(cls);
    flat->cls = cls;
    flat->comment = cls->comment.text;
    /* a short class as the model: its modifiers apply to the class it names */
    mo_fmod *mod = NULL;
    while (cls->form == MO_FORM_SHORT) {
        mod = mo_fmod_merge(mod, mo_fmod_from_ast(cls->short_mod, NULL, cls->parent, true));
        cls = mo_short_target(cls);
        if (!cls)
            return NULL;
    }
    cls = mo_specialize_by_mod(cls, mod);
    if (!cls)
        return NULL;
    if (cls->kind == MO_CL_PACKAGE || cls->kind == MO_CL_FUNCTION || cls->form == MO_FORM_ENUM ||
        mo_builtin_type(cls) >= 0) {
        mo_error(cls->loc, "'%s' is a %s, not a model that can be simulated", flat->name,
                 mo_class_kind_name(cls->kind));
        return NULL;
    }
    mo_inst *top = new_inst(fr, NULL, mo_intern_cstr(""), cls, mod, cls->loc, MO_VAR_CONTINUOUS, 0);
    if (!top || !fill_inst(fr, top) || mo_error_count())
        return NULL;
    if (flat->transitions.n && !mo_inner_outer_pairs(fr))   /* state machines (17.3.7) */
        return NULL;
    read_experiment(fr, top, flat->cls);
    /* expandable connectors first: their element-wise connects count for cardinality; then the connection
     * graph of overdetermined connectors, which pairs the connects it keeps in its spanning trees */
    if ((fr->exp && !mo_exp_finish(fr)) || !mo_cg_finish(fr) || !mo_cardinality_finish(fr) || !mo_connect(fr) ||
        !mo_flatten_algs_check(flat) || mo_error_count())
        return NULL;
#ifdef MO_DEBUG
    index_names(flat);   /* checks that names are unique */
#endif
    if (!mo_str_finish(fr))   /* String parameters as literals, no String left in equations */
        return NULL;
    return flat;
}
