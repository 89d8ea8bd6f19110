/*
 * expandable.c - expandable connectors (spec 9.1.3).
 *
 * An expandable connector's declared elements are only potentially present: flatten.c makes none of them
 * with the instance (fill_inst), only those that something uses (a connect, an expression), through the
 * usual on-demand slots. A connect of a connector c to bus.name, name declared nowhere in the bus, adds
 * the element name to the bus: variables of c's shape (its type, a copy of its connector instance),
 * named bus.name..., whose causality stays open (vflags: both input and output, so that the checks of
 * connect.c and connect_check.c let them be either). Connects between two expandable connectors are kept
 * until the model is instantiated (mo_exp_finish): the connectors they join form augmentation sets
 * (union-find), each member gets every element of every other member (declared ones made present, added
 * ones added), repeated until nothing changes (elements that are expandable connectors themselves join
 * their sets), and then each kept connect pairs the two connectors element by element, with its sides.
 * Potentially present elements that nothing made are absent from the flat model. An equation that reads
 * an element no connect has added so far waits (mo_exp_defer) and is flattened by mo_exp_finish, once
 * every connect is known (9.1.3: the connects of the whole model make the elements).
 *
 * A new element with subscripts (bus.x[2]) is an element of its own, named x[2]; a declared element with
 * ':' dimensions takes its sizes from the connector it is connected to (or from a connector in the
 * augmentation set). A connect of two arrays of expandable connectors of one size joins them element by
 * element (connect_arrays: the MSL's Batteries stacks).
 * Not yet (located errors): slices of new elements, arrays connected to them, a flow variable added directly
 * (spec: only inside a connector), a connect of two undeclared elements, an expandable connector to a
 * non-expandable one.
 * Needs: flatten.c (instances, mo_ensure_slot), connect.c (mo_connect_pair). A component that holds an
 * expandable connector is never a clone template (mo_context_note). Work: linear in the elements and
 * connects of expandable connectors; the fixpoint repeats while elements are added (each round adds one).
 */
#include "aval.h"

#include <stdint.h>
#include <string.h>

typedef struct added {
    const char *name;
    mo_slot slot;
} added;

/* how an element of an expandable instance is connected to non-expandable connectors (check_inputs) */
typedef struct mark {
    const char *name;
    bool input, other;        /* met an inside input connector / anything else */
    mo_loc loc;               /* the first connect to an inside input */
} mark;

/* per expandable instance */
typedef struct exp_inst {
    mo_inst *in;
    int id;                   /* position in exp_state.insts */
    MO_VEC(added) elems;      /* elements added by connects */
    mo_map index;             /* name -> 1 + position in elems */
    MO_VEC(mark) marks;
    mo_map marked;            /* name -> 1 + position in marks */
    mo_map subbed;            /* name -> 1: elements added element by element (as "name[2]", ...) */
} exp_inst;

typedef struct exp_connect {
    mo_slot a, b;             /* two expandable connectors */
    bool aout, bout;
    const mo_eq *q;
    int conn;
} exp_connect;

typedef struct mo_exp_state {
    MO_VEC(exp_inst *) insts;
    mo_map of;                /* (const char *)inst -> exp_inst * */
    MO_VEC(exp_connect) connects;
    mo_map joined;            /* "a b" (instances) of the connects of nested expandable elements made */
    /* while a declared element with ':' dimensions is made for a connect (size_from), the array it is
     * connected to, whose sizes it takes (mo_exp_colon_size) */
    const mo_inst *hint_in;
    const mo_arr *hint;
    bool finished;            /* mo_exp_finish has run */
    MO_VEC(mo_later_eq) later; /* equations that read elements before the connects that add them */
} exp_state;

static exp_inst *info(const mo_front *fr, const mo_inst *in)
{
    return fr->exp ? mo_map_get(&fr->exp->of, (const char *)in) : NULL;
}

bool mo_exp_made(mo_front *fr, mo_inst *in)
{
    for (int i = 0; i < in->lay->n; i++)
        if (in->lay->items[i].elem->flags & MO_PF_FLOW) {   /* spec 9.1.3 */
            mo_error(in->lay->items[i].elem->loc, "an expandable connector cannot hold flow variable '%s' (only inside a connector)",
                     in->lay->items[i].elem->name);
            return false;
        }
    if (!fr->exp)
        fr->exp = MO_NEW(exp_state);
    mo_context_note();   /* (no clone template holds one: what it gets depends on the connects around it) */
    exp_inst *x = MO_NEW(exp_inst);
    x->in = in;
    x->id = fr->exp->insts.n;
    MO_PUSH(fr->exp->insts, x);
    mo_map_put(&fr->exp->of, (const char *)in, x);
    return true;
}

/* the info of the instance, made on first use (an instance the model made before any other expandable
 * connector, or a view, has none yet) */
static exp_inst *info_of(mo_front *fr, mo_inst *in)
{
    exp_inst *x = info(fr, in);
    if (!x) {
        mo_exp_made(fr, in);
        x = info(fr, in);
    }
    return x;
}

static bool exp_find(const exp_inst *x, const char *name, mo_slot *out)
{
    intptr_t k = x ? (intptr_t)mo_map_get(&x->index, name) : 0;
    if (k)
        *out = x->elems.v[k - 1].slot;
    return k != 0;
}

/* Record added element a of x (an element added element by element, "name[2]", under its name too) */
static void put_elem(exp_inst *x, added a)
{
    MO_PUSH(x->elems, a);
    mo_map_put(&x->index, a.name, (void *)(intptr_t)x->elems.n);
    const char *br = strchr(a.name, '[');
    if (br)
        mo_map_put(&x->subbed, mo_intern(a.name, (size_t)(br - a.name)), (void *)1);
}

/* ---- adding an element ---- */
static bool copy_shape(mo_front *fr, mo_inst *bus, const char *path, const mo_slot *like, mo_slot *out, mo_loc use);

/* A new variable named path like variable v (its type, enumeration and unit; no binding, no causality:
 * in the bus its causality is open) */
static int new_var(mo_front *fr, const char *path, int v, bool in_expandable)
{
    mo_flat *flat = fr->flat;
    const mo_var *w = &flat->vars.v[v];
    mo_var nv = {0};
    nv.name = path;
    nv.type = w->type;
    nv.variability = w->variability;
    nv.flags = (w->flags & (MO_PF_FLOW | MO_PF_PROTECTED)) | MO_IF_CONNECTOR;
    nv.state_select = MO_SS_DEFAULT;
    mo_var_attr *a = MO_NEW(mo_var_attr);
    a->loc = w->attr->loc;
    a->enum_type = w->attr->enum_type;
    a->unit = w->attr->unit;
    a->quantity = w->attr->quantity;
    a->display_unit = w->attr->display_unit;
    nv.attr = a;
    nv.attr_own = true;
    unsigned char f = fr->vflags.v[v] & ~(MO_VF_INPUT | MO_VF_OUTPUT);
    if (in_expandable)
        f |= MO_VF_INPUT | MO_VF_OUTPUT | MO_VF_SCALAR_CONNECTOR;
    int n = flat->vars.n;
    MO_VEC_RESERVE(flat->vars, 1);
    MO_VEC_RESERVE(fr->vflags, 1);
    MO_PUSH(flat->vars, nv);
    MO_PUSH(fr->vflags, f);
    return n;
}

static const char *join(const char *path, const char *id)
{
    return mo_intern_cstr(mo_sprintf("%s.%s", path, id));
}

/* A copy of instance like (its layout, every element copied in shape) at path, under parent */
static mo_inst *copy_inst(mo_front *fr, mo_inst *parent, const char *path, const mo_inst *like, mo_loc use)
{
    mo_inst *c = MO_NEW(mo_inst);
    c->path = path;
    c->lay = like->lay;
    c->parent = parent;
    c->variability = like->variability;
    c->flags = like->flags;
    c->is_connector = like->is_connector || parent->expandable;
    c->expandable = like->expandable;
    c->slots = MO_NEWN(mo_slot, like->lay->n + 1);
    c->extmods = like->lay->next ? MO_NEWN(mo_fmod *, like->lay->next) : NULL;
    if (c->expandable) {   /* an expandable one: its present elements, the rest stays potential */
        exp_inst *x = info_of(fr, c), *lx = info(fr, like);
        for (int i = 0; i < like->lay->n; i++) {
            if (like->slots[i].state != MO_SLOT_DONE)
                continue;   /* potentially present here too, made on demand from its declaration */
            mo_slot s = mo_slot_of(like, i);
            if (!copy_shape(fr, c, join(path, like->lay->items[i].elem->name), &s, &c->slots[i], use))
                return NULL;
        }
        for (int i = 0; lx && i < lx->elems.n; i++) {
            added a = {lx->elems.v[i].name, {0}};
            if (!copy_shape(fr, c, join(path, a.name), &lx->elems.v[i].slot, &a.slot, use))
                return NULL;
            put_elem(x, a);
        }
        return c;
    }
    for (int i = 0; i < like->lay->n; i++) {
        mo_slot s = mo_slot_of(like, i);
        if (!copy_shape(fr, c, join(path, like->lay->items[i].elem->name), &s, &c->slots[i], use))
            return NULL;
    }
    return c;
}

static bool copy_shape(mo_front *fr, mo_inst *bus, const char *path, const mo_slot *like, mo_slot *out, mo_loc use)
{
    memset(out, 0, sizeof *out);
    out->state = MO_SLOT_DONE;
    out->kind = like->kind;
    if (like->kind == MO_SK_VAR) {
        out->var = new_var(fr, path, like->var, bus->expandable);
        return true;
    }
    if (like->kind == MO_SK_INST)
        return (out->child = copy_inst(fr, bus, path, like->child, use)) != NULL;
    if (like->kind == MO_SK_ARRAY) {
        mo_arr *a = MO_NEW(mo_arr);
        *a = *like->arr;
        a->elems = MO_NEWN(mo_slot, a->total + 1);
        for (int j = 0; j < a->total; j++) {
            char sub[32];
            snprintf(sub, sizeof sub, "[%d]", j + 1);   /* (one dimension: see add_element) */
            if (!copy_shape(fr, bus, mo_intern_cstr(mo_sprintf("%s%s", path, sub)), &like->arr->elems[j],
                            &a->elems[j], use))
                return false;
        }
        out->arr = a;
        return true;
    }
    return true;
}

/* Add element name to bus, shaped like slot like (the other side of connect q). name may be an element
 * of an array ("x[2]", spec 9.1.3: "an array variable is created, and a connection to the specific array
 * element is performed"): each such element is an element of its own, so that the array holds only the
 * elements that connects name (the others are "not created"); it is a scalar connector. */
static bool add_element(mo_front *fr, mo_inst *bus, const char *name, const mo_slot *like, const mo_eq *q)
{
    exp_inst *x = info_of(fr, bus);
    const char *br = strchr(name, '[');
    const char *base = br ? mo_intern(name, (size_t)(br - name)) : name;
    mo_slot tmp;
    if (br ? mo_layout_find(bus->lay, base) || exp_find(x, base, &tmp) : mo_map_get(&x->subbed, name) != NULL) {
        mo_error(q->loc, "not supported yet: element '%s' of expandable connector '%s' both as a whole array and element by element",
                 base, bus->path);
        return false;
    }
    if (br && like->kind == MO_SK_ARRAY) {
        mo_error(q->loc, "not supported yet: an array connected to an element of an array of an expandable connector ('%s.%s')",
                 bus->path, name);
        return false;
    }
    if (like->kind == MO_SK_ARRAY && like->arr->ndims != 1) {
        mo_error(q->loc, "not supported yet: adding an array of more than one dimension to an expandable connector");
        return false;
    }
    if (like->kind == MO_SK_VAR && (fr->flat->vars.v[like->var].flags & MO_PF_FLOW)) {
        mo_error(q->loc, "an expandable connector cannot hold flow variable '%s' (only inside a connector, spec 9.1.3)",
                 mo_flat_var_name(fr->flat, like->var));
        return false;
    }
    added a = {name, {0}};
    if (!copy_shape(fr, bus, join(bus->path, name), like, &a.slot, q->loc))
        return false;
    put_elem(x, a);
    return true;
}

bool mo_exp_find(const mo_front *fr, const mo_inst *bus, const char *name, mo_slot *out)
{
    return exp_find(info(fr, bus), name, out);
}

/* The name of part p of ref, an element of an array added element by element: "x[2]", "x[1,3]", its
 * subscripts evaluated in inst (spec 9.1.3: they are evaluable expressions); NULL after an error. */
static const char *sub_name(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, int p)
{
    const mo_ref_part *part = &ref->parts[p];
    mo_expr **subs = mo_ref_part_subs(part);
    const char *name = part->id;
    for (int i = 0; i < (int)part->nsubs; i++) {
        mo_expr_kind k = subs[i]->kind;
        if (k == MO_EX_COLON || k == MO_EX_RANGE || k == MO_EX_ARRAY) {
            mo_error(subs[i]->loc, "not supported yet: a slice of an array of an expandable connector that its connects make element by element ('%s')",
                     mo_ref_str(ref));
            return NULL;
        }
        long long n;
        if (!mo_eval_int(fr, inst, owner, subs[i], "a subscript of an element of an expandable connector", &n))
            return NULL;
        if (n < 1) {
            mo_error(subs[i]->loc, "subscript %lld of '%s' is not positive", n, mo_ref_str(ref));
            return NULL;
        }
        name = mo_sprintf("%s%c%lld", name, i ? ',' : '[', n);
    }
    return mo_intern_cstr(mo_sprintf("%s]", name));
}

int mo_exp_find_sub(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_inst *bus, const mo_expr *ref, int p,
                    mo_slot *out)
{
    const exp_inst *x = info(fr, bus);
    if (!x || !ref->parts[p].nsubs || !mo_map_get(&x->subbed, ref->parts[p].id))
        return 0;
    const char *name = sub_name(fr, inst, owner, ref, p);
    if (!name)
        return -1;
    if (exp_find(x, name, out))
        return 1;
    mo_error(mo_ref_part_loc(ref, p), "'%s.%s' is not present: no connect makes it (specification 9.1.3)", bus->path, name);
    return -1;
}

bool mo_exp_colon_size(const mo_front *fr, const mo_inst *inst, int k, int ndims, long long *n)
{
    const exp_state *st = fr->exp;
    if (!st || !st->hint || st->hint_in != inst || st->hint->ndims != ndims)
        return false;
    *n = st->hint->dims[k];
    return true;
}

/* Make declared element i of bus b, which is connected to slot like: a dimension ':' of it takes its size
 * from like's (an array of the same number of dimensions; spec 9.1.3, "Real x[:]" in a bus connected to
 * "RealInput u[3]"). */
static bool make_declared(mo_front *fr, mo_inst *b, int i, const mo_slot *like)
{
    exp_state *st = fr->exp;
    const mo_inst *saved_in = st->hint_in;
    const mo_arr *saved = st->hint;
    st->hint_in = b;
    st->hint = like->kind == MO_SK_ARRAY ? like->arr : NULL;
    bool ok = mo_ensure_slot(fr, b, i);
    st->hint_in = saved_in;
    st->hint = saved;
    return ok;
}

/* ref, written in inst, is bus.name with name declared in bus and not made yet: made with the sizes of
 * the connector other_ref it is connected to, when it is an array (false after an error). */
static bool size_from(mo_front *fr, mo_inst *inst, mo_class *owner, mo_inst *bus, const mo_expr *ref,
                      const mo_expr *other_ref)
{
    const mo_ref_part *last = &ref->parts[ref->nparts - 1];
    intptr_t k = mo_layout_find(bus->lay, last->id);
    if (!k || last->nsubs || bus->slots[k - 1].state != MO_SLOT_PENDING)
        return true;
    mo_slot other;
    bool disabled = false;
    if (!mo_resolve_slot(fr, inst, owner, other_ref, &other, &disabled))
        return false;
    return disabled || make_declared(fr, bus, (int)k - 1, &other);
}

/* ---- connects ---- */
/* Is ref of the form bus.name, bus an expandable connector that neither declares nor has name yet?
 * Then *bus is it. *on is bus whenever ref is bus.name, declared or not, and *name the element's name
 * ("name[2]" for an element of an array that connects make element by element). Resolving bus makes
 * what it goes through, as any reference would. */
static int undeclared(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_inst **bus, mo_inst **on,
                      const char **name)
{
    if (ref->nparts < 2)
        return 0;
    mo_expr *head = mo_expr_dup(ref);   /* (a reference node may be short: copied whole) */
    head->nparts = ref->nparts - 1;
    mo_sref s;
    bool disabled = false;
    int r = mo_find_slots(fr, inst, owner, head, &s, &disabled);
    if (r <= 0 || disabled || s.nd != 0 || s.one.kind != MO_SK_INST || !s.one.child->expandable)
        return r < 0 ? -1 : 0;
    const mo_ref_part *last = &ref->parts[ref->nparts - 1];
    *on = s.one.child;
    *name = last->id;
    mo_slot tmp;
    if (mo_layout_find(s.one.child->lay, last->id) || exp_find(info(fr, s.one.child), last->id, &tmp))
        return 0;
    if (last->nsubs && !(*name = sub_name(fr, inst, owner, ref, ref->nparts - 1)))
        return -1;
    if (last->nsubs && exp_find(info(fr, s.one.child), *name, &tmp))
        return 0;
    *bus = s.one.child;
    return 1;
}

/* Element name of bus (an expandable connector) is connected by q to other, written ref in inst: marked
 * as met by an inside input connector (a variable declared input, not itself a bus element, of a
 * component) or by anything else. */
static void mark_element(mo_front *fr, mo_inst *inst, mo_inst *bus, const char *name, const mo_slot *other,
                         const mo_expr *ref, const mo_eq *q)
{
    exp_inst *x = info_of(fr, bus);
    intptr_t k = (intptr_t)mo_map_get(&x->marked, name);
    if (!k) {
        mark m = {name, false, false, q->loc};
        MO_PUSH(x->marks, m);
        mo_map_put(&x->marked, name, (void *)(intptr_t)x->marks.n);
        k = x->marks.n;
    }
    mark *m = &x->marks.v[k - 1];
    bool input = other->kind == MO_SK_VAR &&
                 (fr->vflags.v[other->var] & (MO_VF_INPUT | MO_VF_OUTPUT)) == MO_VF_INPUT &&
                 !mo_connect_is_outside(fr, inst, ref);
    if (input && !m->input)
        m->loc = q->loc;
    m->input |= input;
    m->other |= !input;
}

/* Is slot s an array of expandable connectors (every element one)? */
static bool expandable_array(const mo_slot *s)
{
    if (s->kind != MO_SK_ARRAY || s->arr->total == 0)
        return false;
    for (int i = 0; i < s->arr->total; i++)
        if (s->arr->elems[i].kind != MO_SK_INST || !s->arr->elems[i].child->expandable)
            return false;
    return true;
}

/* connect(a, b) of two arrays of expandable connectors (the MSL's Batteries stacks: connect(cell.cellBus,
 * stackBus.cellBus), cell[Ns, Np] with a CellBus each, stackBus.cellBus[Ns, Np] declared in the stack's
 * bus): element by element, each pair kept for mo_exp_finish as a connect of two buses is (9.1.3 with
 * the array connect of 9.3: matching elements). Always true: the connect is handled. */
static bool connect_arrays(mo_front *fr, mo_inst *inst, const mo_slot *a, const mo_slot *b, const mo_eq *q)
{
    bool same = a->arr->ndims == b->arr->ndims;
    for (int k = 0; same && k < a->arr->ndims; k++)
        same = a->arr->dims[k] == b->arr->dims[k];
    if (!same) {
        mo_error(q->loc, "cannot connect '%s' to '%s': their sizes differ", mo_ref_str(q->lhs), mo_ref_str(q->rhs));
        return true;
    }
    bool aout = mo_connect_is_outside(fr, inst, q->lhs), bout = mo_connect_is_outside(fr, inst, q->rhs);
    int conn = mo_conn_add_connect(fr, q->loc, inst->path);
    for (int i = 0; i < a->arr->total; i++) {
        exp_connect c = {a->arr->elems[i], b->arr->elems[i], aout, bout, q, conn};
        MO_PUSH(fr->exp->connects, c);
    }
    return true;
}

bool mo_exp_connect(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q)
{
    const mo_expr *refs[2] = {q->lhs, q->rhs};
    mo_inst *bus[2] = {NULL, NULL}, *on[2] = {NULL, NULL};
    const char *names[2] = {NULL, NULL};
    int u[2];
    for (int i = 0; i < 2; i++)
        if ((u[i] = undeclared(fr, inst, owner, refs[i], &bus[i], &on[i], &names[i])) < 0)
            return true;
    for (int i = 0; i < 2; i++)
        if (on[i] && !u[i] && !u[1 - i] && !size_from(fr, inst, owner, on[i], refs[i], refs[1 - i]))
            return true;
    if (u[0] && u[1]) {
        mo_error(q->loc, "'%s' and '%s' are both undeclared in their expandable connectors: one must be declared",
                 mo_ref_str(q->lhs), mo_ref_str(q->rhs));
        return true;
    }
    if (u[0] || u[1]) {   /* the declared side gives the new element its shape */
        int nu = u[0] ? 0 : 1;
        mo_slot other;
        bool disabled = false;
        if (!mo_resolve_slot(fr, inst, owner, refs[1 - nu], &other, &disabled))
            return true;
        if (disabled)
            return true;   /* a disabled conditional connector: no connection, no element */
        if (!mo_connect_is_connector(fr, &other)) {
            mo_error(refs[1 - nu]->loc, "'%s' is not a connector", mo_ref_str(refs[1 - nu]));
            return true;
        }
        if (!add_element(fr, bus[nu], names[nu], &other, q))
            return true;
        mark_element(fr, inst, bus[nu], names[nu], &other, refs[1 - nu], q);
        return false;   /* now declared: connect.c pairs it as usual */
    }
    /* two expandable connectors: kept for mo_exp_finish */
    mo_slot a, b;
    bool da = false, db = false;
    if (!mo_resolve_slot(fr, inst, owner, q->lhs, &a, &da) || !mo_resolve_slot(fr, inst, owner, q->rhs, &b, &db))
        return true;
    if (da || db)
        return true;
    bool aa = expandable_array(&a), ab = expandable_array(&b);
    if (aa && ab)
        return connect_arrays(fr, inst, &a, &b, q);
    /* an array of expandable connectors is expandable here: connected to ordinary connectors it is
     * refused by 9.1.3 by name (connect.c, pairing the elements, could name neither side) */
    bool ea = aa || (a.kind == MO_SK_INST && a.child->expandable);
    bool eb = ab || (b.kind == MO_SK_INST && b.child->expandable);
    if (!ea && !eb) {   /* an element of a bus (declared, or added before) and a connector */
        if (on[0] && !on[1])
            mark_element(fr, inst, on[0], names[0], &b, q->rhs, q);
        if (on[1] && !on[0])
            mark_element(fr, inst, on[1], names[1], &a, q->lhs, q);
        return false;
    }
    if (ea != eb) {
        mo_error(q->loc, "cannot connect expandable connector '%s' to '%s', which is not expandable (spec 9.1.3)",
                 mo_ref_str(ea ? q->lhs : q->rhs), mo_ref_str(ea ? q->rhs : q->lhs));
        return true;
    }
    if (aa || ab) {
        mo_error(q->loc, "cannot connect '%s' to '%s': one is an array of expandable connectors, the other "
                 "a single expandable connector", mo_ref_str(q->lhs), mo_ref_str(q->rhs));
        return true;
    }
    exp_connect c = {a, b, mo_connect_is_outside(fr, inst, q->lhs), mo_connect_is_outside(fr, inst, q->rhs), q,
                     mo_conn_add_connect(fr, q->loc, inst->path)};
    MO_PUSH(fr->exp->connects, c);
    return true;
}

/* ---- augmentation ---- */
/* The present elements of expandable instance in: (name, slot) pairs, declared ones first */
static int present(mo_front *fr, mo_inst *in, const char ***names, mo_slot **slots)
{
    exp_inst *x = info_of(fr, in);
    int n = 0;
    *names = MO_NEWN(const char *, in->lay->n + x->elems.n + 1);
    *slots = MO_NEWN(mo_slot, in->lay->n + x->elems.n + 1);
    for (int i = 0; i < in->lay->n; i++)
        if (in->slots[i].state == MO_SLOT_DONE && in->slots[i].kind != MO_SK_NONE) {
            (*names)[n] = in->lay->items[i].elem->name;
            (*slots)[n++] = mo_slot_of(in, i);
        }
    for (int i = 0; i < x->elems.n; i++) {
        (*names)[n] = x->elems.v[i].name;
        (*slots)[n++] = x->elems.v[i].slot;
    }
    return n;
}

/* Element name of b, made present (declared) or added like slot like: *changed when it was not there.
 * Into *out. */
static bool ensure_element(mo_front *fr, mo_inst *b, const char *name, const mo_slot *like, const mo_eq *q,
                           bool *changed, mo_slot *out)
{
    intptr_t k = mo_layout_find(b->lay, name);
    if (k) {
        if (b->slots[k - 1].state != MO_SLOT_DONE) {
            if (!make_declared(fr, b, (int)k - 1, like))
                return false;
            *changed = true;
        }
        *out = mo_slot_of(b, (int)k - 1);
        return true;
    }
    if (exp_find(info_of(fr, b), name, out))
        return true;
    if (!add_element(fr, b, name, like, q))
        return false;
    *changed = true;
    return exp_find(info_of(fr, b), name, out);
}

/* Make a and b (connected) have the same elements, from a's side; nested expandable elements are
 * connected in turn (a new kept connect). */
static bool augment(mo_front *fr, const exp_connect *c, mo_inst *a, mo_inst *b, bool *changed)
{
    const char **names;
    mo_slot *slots;
    int n = present(fr, a, &names, &slots);
    for (int i = 0; i < n; i++) {
        mo_slot sb;
        if (!ensure_element(fr, b, names[i], &slots[i], c->q, changed, &sb))
            return false;
        const mo_slot *sa = &slots[i];
        if (sa->kind == MO_SK_INST && sb.kind == MO_SK_INST && sa->child->expandable && sb.child->expandable) {
            const mo_inst *x = sa->child, *y = sb.child;
            if ((uintptr_t)x > (uintptr_t)y) {
                const mo_inst *t = x;
                x = y;
                y = t;
            }
            const char *key = mo_intern_cstr(mo_sprintf("%p %p", (const void *)x, (const void *)y));
            if (!mo_map_get(&fr->exp->joined, key)) {
                mo_map_put(&fr->exp->joined, key, (void *)1);
                exp_connect nc = *c;
                nc.a = *sa;
                nc.b = sb;
                MO_PUSH(fr->exp->connects, nc);
                *changed = true;
            }
        }
    }
    return true;
}

/* ---- spec 9.1.3: "If a variable appears as an input in one expandable connector, it should appear as
 * a non-input in at least one other expandable connector instance in the same augmentation set." ----
 * An element is an input in an instance when the connects that reach it there meet inside input
 * connectors only (its causality copies theirs); an element that came by augmentation alone, or meets
 * anything else, is a non-input. A set holding a connector of the simulated model itself is left alone:
 * its elements are the model's inputs, given from outside (9.3 lets such a set be without a source). */
static int uf_root(int *up, int i)
{
    while (up[i] != i)
        i = up[i] = up[up[i]];
    return i;
}

/* is in a connector of the simulated model (or a connector inside one)? */
static bool top_connector(const mo_inst *in)
{
    for (const mo_inst *p = in; p->parent && p->parent->parent; p = p->parent)
        if (!p->parent->is_connector)
            return false;
    return true;
}

static bool check_inputs(mo_front *fr)
{
    exp_state *st = fr->exp;
    int n = st->insts.n;
    int *up = MO_NEWN(int, n + 1), *size = MO_NEWN(int, n + 1);
    bool *top = MO_NEWN(bool, n + 1);
    for (int i = 0; i < n; i++)
        up[i] = i;
    for (int i = 0; i < st->connects.n; i++) {
        int a = uf_root(up, info_of(fr, st->connects.v[i].a.child)->id);
        int b = uf_root(up, info_of(fr, st->connects.v[i].b.child)->id);
        up[a] = b;
    }
    for (int i = 0; i < n; i++) {
        int r = uf_root(up, i);
        size[r]++;
        top[r] |= top_connector(st->insts.v[i]->in);
    }
    /* (set, name) -> how many instances of the set have the element as an input */
    mo_map inputs = {0};
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        const exp_inst *x = st->insts.v[i];
        int r = uf_root(up, i);
        for (int k = 0; k < x->marks.n && !top[r]; k++) {
            const mark *m = &x->marks.v[k];
            if (!m->input || m->other)
                continue;
            const char *key = mo_intern_cstr(mo_sprintf("%d %s", r, m->name));
            intptr_t c = (intptr_t)mo_map_get(&inputs, key) + 1;
            mo_map_put(&inputs, key, (void *)c);
            if (c == size[r]) {
                mo_error(m->loc, "'%s.%s' is an input in every expandable connector of its augmentation set: it must be a non-input (connected to an output, say) in at least one (specification 9.1.3)",
                         x->in->path, m->name);
                ok = false;
                break;
            }
        }
    }
    return ok;
}

/* ---- equations written before the connects that add what they read ---- */

/* Does ref (written in inst) name, through expandable connectors, an element that neither their class
 * declares nor a connect has added so far, or through a sub-bus not made yet? It follows scalar components
 * only (else it says no, and flattening the reference says what is wrong with it). Loops over ref's parts. */
static bool reads_absent(const mo_front *fr, const mo_inst *inst, const mo_expr *ref)
{
    const mo_inst *ci = inst;
    for (int p = 0; p < ref->nparts; p++) {
        const mo_ref_part *part = &ref->parts[p];
        intptr_t k = mo_layout_find(ci->lay, part->id);
        mo_slot s;
        if (!k && p > 0 && ci->expandable) {
            const exp_inst *x = info(fr, ci);
            if (!x || !exp_find(x, part->id, &s))   /* (an array added element by element is there) */
                return !x || !mo_map_get(&x->subbed, part->id);
        } else if (!k || ci->slots[k - 1].state != MO_SLOT_DONE) {
            /* a sub-bus an expandable connector declares, not made yet (bus.sub.w): what it will hold is
             * not known before the connects, so the equation waits (harmless if it never needed to) */
            return k && p > 0 && ci->expandable && p < ref->nparts - 1;
        } else {
            s = mo_slot_of(ci, (int)k - 1);
        }
        if (p == ref->nparts - 1 || s.kind != MO_SK_INST || part->nsubs)
            return false;
        ci = s.child;
    }
    return false;
}

typedef struct absent_ctx { const mo_front *fr; const mo_inst *inst; } absent_ctx;

static bool absent_ref(const mo_expr *e, const void *ctx)
{
    const absent_ctx *c = ctx;
    return e->kind == MO_EX_REF && reads_absent(c->fr, c->inst, e);
}

/* Does equation q read an element that is absent so far (bit 1), does it hold a connect (bit 2)?
 * Recursion follows q's nesting (the parser bounds it). */
static int eq_absent(const absent_ctx *c, const mo_eq *q)
{
    switch (q->kind) {
    case MO_EQ_EQUAL:
        return mo_expr_any(q->lhs, absent_ref, c) || mo_expr_any(q->rhs, absent_ref, c);
    case MO_EQ_CALL:
        return mo_expr_any(q->lhs, absent_ref, c);
    case MO_EQ_CONNECT:
        return 2;
    default: {
        int r = 0;
        for (int i = 0; i < q->nconds; i++)
            r |= mo_expr_any(q->conds[i], absent_ref, c);
        int nb = q->kind == MO_EQ_IF ? q->nconds + 1 : q->kind == MO_EQ_WHEN ? q->nconds : 1;
        for (int b = 0; b < nb; b++)
            for (int i = 0; i < q->bodies[b].n; i++)
                r |= eq_absent(c, q->bodies[b].v[i]);
        return r;
    }
    }
}

bool mo_exp_defer(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    if (!fr->exp || fr->exp->finished || q->kind == MO_EQ_FOR || q->kind == MO_EQ_CONNECT || mo_in_event_body())
        return false;
    absent_ctx c = {fr, inst};
    if (eq_absent(&c, q) != 1)   /* (an if-equation holding a connect: its branch's equations wait instead) */
        return false;
    MO_PUSH(fr->exp->later, mo_later_eq_make(inst, owner, q, initial));
    return true;
}

bool mo_exp_pending(const mo_front *fr)
{
    return fr->exp && !fr->exp->finished;
}

bool mo_exp_finish(mo_front *fr)
{
    exp_state *st = fr->exp;
    st->finished = true;
    /* every kept connect makes its two connectors alike; repeated until nothing changes, which spreads
     * the elements through each augmentation set (every round adds an element or a connect) */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < st->connects.n; i++) {
            exp_connect c = st->connects.v[i];   /* (a copy: augment may grow the vector) */
            if (!augment(fr, &c, c.a.child, c.b.child, &changed) || !augment(fr, &c, c.b.child, c.a.child, &changed))
                return false;
        }
    }
    /* then each kept connect pairs its connectors element by element, as connect.c pairs connectors */
    for (int i = 0; i < st->connects.n; i++) {
        const exp_connect *c = &st->connects.v[i];
        const char **names;
        mo_slot *slots;
        int n = present(fr, c->a.child, &names, &slots);
        for (int k = 0; k < n; k++) {
            mo_slot sb;
            bool changed = false;
            if (!ensure_element(fr, c->b.child, names[k], &slots[k], c->q, &changed, &sb))
                return false;
            if (slots[k].kind == MO_SK_INST && slots[k].child->expandable)
                continue;   /* (a nested expandable pair has a kept connect of its own) */
            if (!mo_connect_pair(fr, &slots[k], &sb, c->aout, c->bout, c->q, c->conn))
                return false;
        }
    }
    if (mo_error_count() || !check_inputs(fr))
        return false;
    /* the equations that read elements before the connects that add them: all are added now */
    for (int i = 0; i < st->later.n; i++)
        if (!mo_later_eq_flatten(fr, &st->later.v[i]))
            return false;
    return true;
}
