/*
 * flatten_clone_make.c - a clone made from its template (flatten_clone.c found the template and
 * checked it): its instance tree copied under the clone's path (or the root's slots shared), its
 * variables copied as a block and renamed by the path, its equations as one packed run, its
 * connections; then its own modifier's values applied to the variables they name, either by walking
 * the flattened modifier or, for a syntax clone, by the plan found once on the template.
 */
#include "flatten_clone.h"

#include <string.h>

static bool cloned_any;      /* some component was cloned (mo_flat_unshare has work) */

bool mo_clone_any(void)
{
    return cloned_any;
}

/* ---- cloning ---- */
typedef struct cloner {
    mo_front *fr;
    const mo_clone_tmpl *t;
    const char *path;         /* the clone's instance path */
    size_t pathlen;
    int shift;
    const char **paths;       /* per instance of the template (depth-first): the clone's path */
    int next;
    char *text;               /* room for the paths still to make (tmpl.text) */
} cloner;

/* The path of the template's instance number c->next, name, with the clone's path in front of it
 * instead of the template's. */
static const char *clone_name(cloner *c, const char *name)
{
    size_t rest = (size_t)c->t->restlen[c->next];
    char *s = c->text;
    c->text += c->pathlen + rest + 1;   /* (the arena is zeroed: the NUL is there) */
    memcpy(s, c->path, c->pathlen);
    memcpy(s + c->pathlen, name + c->t->pathlen, rest);
    return s;
}

static mo_inst *clone_inst(cloner *c, const mo_inst *in, mo_inst *parent);

/* The root of a clone whose template has shared slots (tmpl.cslots): one block, the root and then its
 * connectors (inst.h: children_after), in the depth-first order of collect(). */
static mo_inst *clone_root_shared(cloner *c, const mo_inst *in, mo_inst *parent)
{
    const mo_clone_tmpl *t = c->t;
    mo_inst *r = MO_NEWN(mo_inst, t->ninst);
    *r = *in;
    r->parent = parent;
    r->path = c->path;
    r->slots = t->cslots;
    r->var_shift = c->shift;
    r->children_after = true;
    c->paths[c->next++] = r->path;
    for (int j = 0; j < t->ninst - 1; j++) {
        int i = t->cchild[j];
        const mo_inst *from = in->slots[i].child;   /* the template's root is an instance of its own */
        mo_inst *ch = r + 1 + t->cslots[i].var;
        *ch = *from;
        ch->parent = r;
        ch->path = clone_name(c, from->path);
        ch->var_shift = from->var_shift + c->shift;
        c->paths[c->next++] = ch->path;
    }
    MO_ASSERT(c->next == t->ninst);
    return r;
}

static void clone_slot(cloner *c, const mo_slot *from, mo_slot *to, mo_inst *parent)
{
    *to = *from;
    if (from->kind == MO_SK_VAR) {
        to->var = from->var + c->shift;
    } else if (from->kind == MO_SK_INST) {
        to->child = clone_inst(c, from->child, parent);
    } else if (from->kind == MO_SK_ARRAY) {
        mo_arr *a = MO_NEW(mo_arr);
        *a = *from->arr;
        a->elems = MO_NEWN(mo_slot, a->total + 1);
        for (int j = 0; j < a->total; j++)
            clone_slot(c, &from->arr->elems[j], &a->elems[j], parent);
        to->arr = a;
    }
}

/* the point of sharing slots and of mo_inst's layout (inst.h): clones make millions of instances */
_Static_assert(sizeof(void *) != 8 || sizeof(mo_inst) == 56, "mo_inst grew beyond 56 bytes");

/* Same depth-first order as collect(): instance i of the template becomes the clone's paths[i]. */
static mo_inst *clone_inst(cloner *c, const mo_inst *in, mo_inst *parent)
{
    if (c->next == 0 && c->t->cslots)
        return clone_root_shared(c, in, parent);
    mo_inst *r = MO_NEW(mo_inst);
    *r = *in;
    r->parent = parent;
    r->path = c->next == 0 ? c->path : clone_name(c, in->path);
    c->paths[c->next++] = r->path;
    if (mo_clone_only_vars(in)) {      /* a connector, say: its slots are the template's, shifted (inst.h) */
        r->var_shift = in->var_shift + c->shift;
        return r;
    }
    /* slots of its own, read through mo_slot_of (in may itself share slots, inst.h) */
    r->var_shift = 0;
    r->children_after = false;
    r->slots = MO_NEWN(mo_slot, in->lay->n);
    for (int i = 0; i < in->lay->n; i++) {
        mo_slot s = mo_slot_of(in, i);
        clone_slot(c, &s, &r->slots[i], r);
    }
    return r;
}

mo_expr *mo_clone_copy_shifted(const mo_expr *e, int shift)
{
    if (!e)
        return NULL;
    mo_expr *r = mo_expr_copy(e);
    static MO_VEC(mo_expr *) stack;   /* reused: a call per equation of every clone */
    stack.n = 0;
    MO_PUSH(stack, r);
    while (stack.n) {
        mo_expr *x = stack.v[--stack.n];
        if (x->kind == MO_EX_VAR) {
            x->var += shift;
            continue;
        }
        for (int i = 0; i < x->n; i++)
            if (x->a[i])
                MO_PUSH(stack, x->a[i]);
        for (int i = 0; i < x->nnamed; i++)
            MO_PUSH(stack, x->named[i].value);
    }
    return r;
}

/* The equations of clone in: one packed record (flat.h) for the equations of its template (run r),
 * instead of a record per equation (56 bytes each, millions in a big model). */
static mo_feq run_of(const mo_inst *in, const mo_feq_run *r, int shift)
{
    mo_feq q = {{0}, in->path, MO_ORIGIN_CLONE, shift, NULL, NULL, mo_feq_pack(r)};
    return q;
}

/* The template's copy under path, before the instance's own modifier values are applied. */
static mo_inst *copy_template(mo_front *fr, const mo_clone_mark *mark, mo_inst *parent, const char *path,
                              mo_fmod *mod)
{
    const mo_clone_tmpl *t = mark->tmpl;
    if (!t || !t->inst)
        return NULL;
    mo_flat *flat = fr->flat;
    cloned_any = true;
    size_t pathlen = strlen(path);
    /* the paths of its instances below the root (one piece of text, mo_alloc_text), and the root's
     * path for the variables' names: the first pathlen bytes of the first of those (they all begin
     * with it), else a copy after them */
    char *text = mo_alloc_text((size_t)(t->ninst - 1) * (pathlen + 1) + t->text + (t->ninst > 1 ? 0 : pathlen + 1));
    cloner c = {fr, t, path, pathlen, flat->vars.n - t->v0, t->paths, 0, text};
    mo_inst *in = clone_inst(&c, t->inst, parent);
    in->mod = mod;
    /* the variables' names: the clone's path in place of the template's, kept once for all (flat.h),
     * among the text made in this order, where --flat reads it next (the interned path lies among the
     * declarations' names) */
    if (t->ninst > 1)
        text = (char *)c.paths[1];
    else
        memcpy(text, path, c.pathlen);
    mo_clone_names names = {flat->vars.n, t->nv, c.shift, (int)c.pathlen, (int)t->pathlen, text};
    if (t->nv) {
        MO_VEC_RESERVE(flat->clone_names, 1);
        MO_PUSH(flat->clone_names, names);
    }
    /* the variables: the template's, copied as a block, then what a clone may not share */
    MO_VEC_RESERVE(flat->vars, t->nv);
    MO_VEC_RESERVE(fr->vflags, t->nv);
    mo_var *vs = flat->vars.v + flat->vars.n;
    if (t->nv) {   /* (a template without variables: the vectors may still be NULL, which memcpy may not get) */
        memcpy(vs, flat->vars.v + t->v0, sizeof *vs * (size_t)t->nv);
        memcpy(fr->vflags.v + fr->vflags.n, fr->vflags.v + t->v0, (size_t)t->nv);
    }
    flat->vars.n += t->nv;
    fr->vflags.n += t->nv;
    for (int i = 0; i < t->nv; i++) {
        mo_var *v = &vs[i];
        v->name = NULL;
        v->attr_own = false;
        if (!t->fix[i])
            continue;
        if (t->fix[i] & MO_CLONE_FIX_BINDING)
            v->binding = mo_clone_copy_shifted(v->binding, c.shift);
        if (t->fix[i] & MO_CLONE_FIX_ATTR) {
            mo_var_attr *a = MO_NEW(mo_var_attr);
            *a = *v->attr;
            a->start = mo_clone_copy_shifted(a->start, c.shift);
            a->fixed = mo_clone_copy_shifted(a->fixed, c.shift);
            a->nominal = mo_clone_copy_shifted(a->nominal, c.shift);
            a->min = mo_clone_copy_shifted(a->min, c.shift);
            a->max = mo_clone_copy_shifted(a->max, c.shift);
            v->attr = a;
            v->attr_own = true;
        }
    }
    MO_VEC_RESERVE(flat->eqs, 1);
    MO_VEC_RESERVE(flat->initial_eqs, 1);
    if (t->ne)
        MO_PUSH(flat->eqs, run_of(in, t->run, c.shift));
    if (t->nie)
        MO_PUSH(flat->initial_eqs, run_of(in, t->irun, c.shift));
    /* the clone's connections: at the template's connect statements, in the clone's instances (a
     * connect per run of pairs that share both) */
    for (int i = 0, conn = -1; i < t->np; i++) {
        mo_conn_pair p = fr->pairs.v[t->p0 + i];
        const mo_conn_pair *prev = i ? &fr->pairs.v[t->p0 + i - 1] : NULL;
        if (!prev || prev->conn != p.conn || t->pair_inst[i - 1] != t->pair_inst[i])
            conn = mo_conn_add_connect(fr, fr->conn_locs.v[p.conn], c.paths[t->pair_inst[i]]);
        p.a += c.shift;
        p.b += c.shift;
        p.conn = conn;
        mo_conn_pair_push(fr, p);
    }
    return in;
}

/* Both kinds of clone first check, on the template, that the modifier fits it (it always should: same
 * shape), so that a clone never fails half made. */
/* The clone goes into its slot before its modifier's values are computed: a value may name the
 * component itself (m(a = 1, b = 2 * m.a)), as it may when the component is built the usual way. */
static void fill_slot(mo_slot *out, mo_inst *in)
{
    out->kind = MO_SK_INST;
    out->child = in;
}

mo_inst *mo_clone_make(mo_front *fr, const mo_clone_mark *mark, mo_inst *parent, const char *path,
                       mo_fmod *mod, mo_slot *out)
{
    const mo_clone_tmpl *t = mark->tmpl;
    if (!t || !t->inst || (mod && !mo_clone_walk(fr, t->inst, mod, false)))
        return NULL;
    mo_inst *in = copy_template(fr, mark, parent, path, mod);
    fill_slot(out, in);
    return !mod || mo_clone_walk(fr, in, mod, true) ? in : NULL;
}

/* ---- a syntax clone's modifier: the plan ----
 * A plan lists, in the order of a walk over the modifier as written, where each modification (an
 * argument, or an argument of an argument that names a component) lands in the template: a component
 * (its arguments follow), or a variable (its binding and attributes) or an attribute of one (x.start).
 * The key holds the modifier's shape, so the plan found on the template fits every clone of it, and
 * a clone applies its values without a name lookup. */
enum { P_INST, P_VAR, P_DOT };

typedef struct mo_clone_step {
    int var;                  /* P_VAR, P_DOT: the template's variable (the clone's: + shift) */
    unsigned char kind;       /* P_* */
} plan_step;

typedef MO_VEC(plan_step) step_vec;

/* The step of the modification `ids[from..] m` reached at slot s of the template, then those of its
 * arguments; false when a value could not land in a way mo_clone_make_syntax can repeat (as flatten.c
 * would apply it: then the component is built the usual way). Recursion as deep as the modifier nests. */
static bool plan_mod(mo_front *fr, step_vec *out, mo_slot s, const mo_name *ids, int from, const mo_mod *m)
{
    for (; s.kind == MO_SK_INST && from < ids->n; from++) {
        intptr_t k = (intptr_t)mo_map_get(&s.child->lay->index, ids->ids[from]);
        if (!k)
            return false;
        s = mo_slot_of(s.child, (int)k - 1);
    }
    if (s.kind == MO_SK_INST) {
        if (m && m->binding)
            return false;
        MO_PUSH(*out, ((plan_step){0, P_INST}));
        for (int i = 0; m && i < m->nargs; i++)
            if (!plan_mod(fr, out, s, &m->args[i].name, 0, m->args[i].mod))
                return false;
        return true;
    }
    if (s.kind != MO_SK_VAR)
        return false;
    if (m && from == ids->n - 1) {     /* x.start = e */
        if (m->nargs || mo_clone_attr_field(ids->ids[from]) < 0)
            return false;
        MO_PUSH(*out, ((plan_step){s.var, P_DOT}));
        return true;
    }
    if (m && from != ids->n)
        return false;
    if (m && m->binding && fr->flat->vars.v[s.var].variability > MO_VAR_PARAMETER)
        return false;
    for (int i = 0; m && i < m->nargs; i++) {   /* x(start = e, fixed = true) */
        const mo_arg *a = &m->args[i];
        if (a->name.n != 1 || !a->mod || a->mod->nargs || mo_clone_attr_field(a->name.ids[0]) < 0)
            return false;
    }
    MO_PUSH(*out, ((plan_step){s.var, P_VAR}));   /* (with m NULL: nothing to do) */
    return true;
}

static bool make_plan(mo_front *fr, mo_clone_tmpl *t, const mo_mod *mod)
{
    if (t->plan_state == 0) {
        step_vec steps = {0};
        mo_slot root = {MO_SLOT_DONE, MO_SK_INST, 0, {.child = t->inst}};
        bool ok = true;
        for (int i = 0; mod && i < mod->nargs && ok; i++)
            ok = plan_mod(fr, &steps, root, &mod->args[i].name, 0, mod->args[i].mod);
        t->plan = steps.v;
        t->plan_state = ok ? 1 : -1;
    }
    return t->plan_state > 0;
}

/* Would computing the values of the arguments of m build nothing (builds_nothing)? Every binding in
 * them is a value the plan applies (m's own: none, begin_key turned a value for the whole component
 * away). Recursion as deep as the modifier nests. */
static bool args_build_nothing(const mo_mod *m, const mo_inst *scope)
{
    for (int i = 0; i < m->nargs; i++) {
        const mo_mod *a = m->args[i].mod;
        if (a && ((a->binding && !mo_clone_builds_nothing(a->binding, scope)) ||
                  (a->nargs && !args_build_nothing(a, scope))))
            return false;
    }
    return true;
}

/* Apply the values of the modification `ids m` by the plan's steps from *step on, to the clone whose
 * variables are the template's + shift, as flatten.c applies a modifier (mo_set_attribute,
 * mo_mod_value) to a modifier node mo_fmod_from_ast would have made. */
static bool plan_apply(mo_front *fr, const plan_step **step, int shift, const mo_name *ids, const mo_mod *m,
                       mo_inst *scope, mo_class *scope_cls)
{
    const plan_step *st = (*step)++;
    if (st->kind == P_INST) {
        for (int i = 0; m && i < m->nargs; i++)
            if (!plan_apply(fr, step, shift, &m->args[i].name, m->args[i].mod, scope, scope_cls))
                return false;
        return true;
    }
    if (!m)
        return true;
    int var = st->var + shift;
    mo_fmod c = {0};
    c.loc = mo_name_loc(ids, ids->n - 1);
    c.name = ids->ids[ids->n - 1];
    c.binding = m->binding;
    c.scope = scope;
    c.scope_cls = scope_cls;
    c.outside = true;
    if (st->kind == P_DOT) {           /* x.start = e */
        if (!m->binding)
            return true;
        mo_set_attribute(fr, var, &c);
        return mo_error_count() == 0;
    }
    if (m->binding) {                  /* x = e */
        mo_expr *b = mo_mod_value(fr, &c, var);
        fr->flat->vars.v[var].binding = b;   /* the table may have moved meanwhile */
        if (mo_error_count())
            return false;
    }
    for (int i = 0; i < m->nargs; i++) {   /* x(start = e, fixed = true) */
        const mo_arg *a = &m->args[i];
        if (!a->mod->binding)
            continue;
        mo_fmod ac = c;
        ac.name = a->name.ids[0];
        ac.loc = mo_name_loc(&a->name, 0);
        ac.binding = a->mod->binding;
        mo_set_attribute(fr, var, &ac);
        if (mo_error_count())
            return false;
    }
    return true;
}

mo_inst *mo_clone_make_syntax(mo_front *fr, const mo_clone_mark *mark, mo_inst *parent, const char *path,
                              const mo_mod *mod, mo_class *owner, mo_slot *out)
{
    mo_clone_tmpl *t = mark->tmpl;
    if (!t || !t->inst || !make_plan(fr, t, mod) || (mod && !args_build_nothing(mod, parent)))
        return NULL;
    int shift = fr->flat->vars.n - t->v0;
    mo_inst *in = copy_template(fr, mark, parent, path, NULL);
    fill_slot(out, in);
    const plan_step *step = t->plan;
    for (int i = 0; mod && i < mod->nargs; i++)
        if (!plan_apply(fr, &step, shift, &mod->args[i].name, mod->args[i].mod, parent, owner))
            return NULL;
    return in;
}
