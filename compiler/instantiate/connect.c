/*
 * connect.c - connect semantics (chapter 9 of the specification).
 *
 * Input: the connect equations of the instance tree, handed over by flatten.c as they are met
 * (mo_connect_add resolves both sides at once, while for-loop iterators are in scope, and pairs them
 * element by element into scalar pairs). Output, once the model is instantiated (mo_connect): the
 * connection equations in the flat model, packed (flat.h: variable numbers instead of trees, which
 * mo_connect_unpack makes for the back end):
 *   - the potential variables of a connection set are equal (a = b, a = c, ...);
 *   - the flow variables of a set sum to zero, + for inside connectors (a component's connector), - for
 *     outside ones (a connector of the class holding the connect);
 *   - a flow variable of a connector that is in no set as an inside connector is zero. This covers the
 *     connectors of the simulated model itself: they are inside connectors of no one (spec 9.2). (A flow
 *     variable outside connectors is an ordinary variable.)
 * Sets are built with union-find over keys: a potential variable, or a flow variable on one side. They
 * are emitted in the order in which their members were first connected, so the output is deterministic.
 * Everything is linear in the number of connections (plus one pass over the variables); the pairs and
 * the workspace are malloc'd and freed by mo_connect (the pairs as soon as the sets are made), only the
 * equations stay in the arena.
 */
#include "inst.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The name of slot s in a message: its instance path; for an array, ref as written for the connect's own
 * two slots, else (an array inside them) its first element's path without the last subscript (the
 * elements of an array are variables or instances, never arrays). */
static const char *slot_name(const mo_flat *flat, const mo_slot *s, const mo_expr *ref)
{
    if (s->kind == MO_SK_VAR)
        return mo_flat_var_name((void *)flat, s->var);
    if (s->kind == MO_SK_INST)
        return s->child->path;
    if (ref)
        return mo_ref_str(ref);
    if (s->kind == MO_SK_ARRAY && s->arr->total > 0) {
        const char *first = slot_name(flat, &s->arr->elems[0], NULL);
        const char *sub = strrchr(first, '[');
        return sub ? mo_strndup(first, (size_t)(sub - first)) : first;
    }
    return "?";
}

static inline void push_pair(mo_front *fr, mo_conn_pair p);   /* (with the connection sets, below) */

/* Report why variables a and b (flags fla, flb) cannot be connected by connect q. Names are made for
 * messages only (flat.h). */
static void vars_mismatch(const mo_front *fr, int a, int b, unsigned char fla, unsigned char flb, const mo_eq *q)
{
    mo_flat *flat = fr->flat;
    const char *na = mo_flat_var_name(flat, a), *nb = mo_flat_var_name(flat, b);
    const mo_var *va = &flat->vars.v[a], *vb = &flat->vars.v[b];
    /* which differs (the first of flow, type, causality, variability), and the side that has it */
    bool fa = fla & MO_VF_FLOW, fb = flb & MO_VF_FLOW;
    bool ca = fla & (MO_VF_INPUT | MO_VF_OUTPUT), cb = flb & (MO_VF_INPUT | MO_VF_OUTPUT);
    const char *what = NULL;
    bool first;
    if (fa != fb) {
        what = "flow variable '%s' to non-flow variable '%s'";
        first = fa;
    } else if ((mo_vf_type(fla) == MO_VF_STREAM_TYPE) != (mo_vf_type(flb) == MO_VF_STREAM_TYPE)) {
        what = "stream variable '%s' to non-stream variable '%s'";
        first = mo_vf_type(fla) == MO_VF_STREAM_TYPE;
    } else if (mo_vf_type(fla) != mo_vf_type(flb)) {
        mo_error(q->loc, "cannot connect '%s' to '%s': their types differ", na, nb);
        return;
    } else if (ca != cb) {
        what = "causal variable '%s' (an input or output) to non-causal variable '%s'";
        first = ca;
    } else {
        bool ka = va->variability == MO_VAR_CONSTANT, kb = vb->variability == MO_VAR_CONSTANT;
        if (ka != kb) {
            what = "constant '%s' to non-constant '%s'";
            first = ka;
        } else {
            what = "parameter '%s' to non-parameter '%s'";
            first = (fla & MO_VF_PARAM) != 0;
        }
    }
    const char *fmt = mo_sprintf("cannot connect %s", what);
    mo_error(q->loc, fmt, first ? na : nb, first ? nb : na);
    mo_note(first ? va->attr->loc : vb->attr->loc, "'%s' is declared here", first ? na : nb);
    mo_note(first ? vb->attr->loc : va->attr->loc, "'%s' is declared here", first ? nb : na);
}

/* Parameters and constants are not connected (spec 9.3): a parameter to a parameter and a constant to
 * a constant only, and their values must agree (kept for connect_check.c). */
static bool pair_params(mo_front *fr, int a, int b, unsigned char fla, unsigned char flb, const mo_eq *q, int conn)
{
    const mo_var *va = &fr->flat->vars.v[a], *vb = &fr->flat->vars.v[b];
    if (!(fla & flb & MO_VF_PARAM) || (va->variability == MO_VAR_CONSTANT) != (vb->variability == MO_VAR_CONSTANT)) {
        vars_mismatch(fr, a, b, fla, flb, q);
        return false;
    }
    mo_conn_pair p = {a, b, (unsigned)conn, 0, 0, 0, 0, 0};
    MO_VEC_RESERVE(fr->param_pairs, 1);
    MO_PUSH(fr->param_pairs, p);
    return true;
}

/* Pair variables a and b (an element of the sides of connect q, number conn), or report why they do not
 * match. Read from vflags, not from the variables themselves (inst.h). */
static inline bool pair_vars(mo_front *fr, int a, int b, bool aout, bool bout, const mo_eq *q, int conn)
{
    unsigned char fla = fr->vflags.v[a], flb = fr->vflags.v[b];
    /* flow-ness, type and whether causal must agree (an input may meet an output) */
    enum { MUST_AGREE = MO_VF_FLOW | 7 << MO_VF_TYPE_SHIFT, CAUSAL = MO_VF_INPUT | MO_VF_OUTPUT };
    /* (a variable of an expandable connector has both bits: its causality follows its connections) */
    if (((fla ^ flb) & MUST_AGREE) ||
        (!(fla & CAUSAL) != !(flb & CAUSAL) && (fla & CAUSAL) != CAUSAL && (flb & CAUSAL) != CAUSAL)) {
        vars_mismatch(fr, a, b, fla, flb, q);
        return false;
    }
    if ((fla | flb) & MO_VF_PARAM)
        return pair_params(fr, a, b, fla, flb, q, conn);
    fr->causal |= (fla & CAUSAL) != 0;
    /* the sides of potentials are kept for connect_check.c (signal sources); the sets of potentials
     * ignore them (key_of) */
    bool flow = fla & MO_VF_FLOW;
    mo_conn_pair p = {a, b, (unsigned)conn, aout, bout, flow, mo_vf_type(fla) == MO_T_STRING,
                      mo_vf_type(fla) == MO_VF_STREAM_TYPE};
    push_pair(fr, p);
    return true;
}

/* Do two layouts have the same component names in the same order? Then connectors of the two classes
 * (Flange_a and Flange_b, say) match position by position, as connectors of one class do, without
 * looking names up. A model connects the same few classes over and over: the answers are remembered,
 * direct-mapped on the pair (layouts never change once built, so an answer never goes stale). */
enum { SAME_SLOTS = 64 };
static struct same_entry { const mo_layout *a, *b; bool same; } same_memo[SAME_SLOTS];

static bool same_names(const mo_layout *la, const mo_layout *lb)
{
    if (la == lb)
        return true;
    if (la->n != lb->n)
        return false;
    uint64_t h = ((uint64_t)(uintptr_t)la ^ (uint64_t)(uintptr_t)lb >> 3) * 0x9E3779B97F4A7C15ull;
    struct same_entry *e = &same_memo[h >> 58];   /* 6 bits: SAME_SLOTS */
    if (e->a == la && e->b == lb)
        return e->same;
    bool same = true;
    for (int i = 0; same && i < la->n; i++)
        same = la->items[i].elem->name == lb->items[i].elem->name;
    *e = (struct same_entry){la, lb, same};
    return same;
}

/* Pair the scalars of slots a and b (the sides of connect q, number conn), or report why they do not
 * match. aref and bref are the references as written for the connect's own two slots,
 * NULL for the elements inside them: they only name the slots in messages, so names are made only then. */
static bool pair_slots(mo_front *fr, const mo_slot *a, const mo_slot *b, const mo_expr *aref, const mo_expr *bref,
                       bool aout, bool bout, const mo_eq *q, int conn)
{
    mo_flat *flat = fr->flat;
    if (a->kind != b->kind) {
        mo_error(q->loc, "cannot connect '%s' to '%s': they do not match", slot_name(flat, a, aref),
                 slot_name(flat, b, bref));
        return false;
    }
    if (a->kind == MO_SK_VAR)
        return pair_vars(fr, a->var, b->var, aout, bout, q, conn);
    if (a->kind == MO_SK_ARRAY) {
        bool same = a->arr->ndims == b->arr->ndims;
        for (int k = 0; same && k < a->arr->ndims; k++)
            same = a->arr->dims[k] == b->arr->dims[k];
        if (!same) {
            mo_error(q->loc, "cannot connect '%s' to '%s': their sizes differ", slot_name(flat, a, aref),
                     slot_name(flat, b, bref));
            return false;
        }
        for (int j = 0; j < a->arr->total; j++)
            if (!pair_slots(fr, &a->arr->elems[j], &b->arr->elems[j], NULL, NULL, aout, bout, q, conn))
                return false;
        return true;
    }
    if (a->kind == MO_SK_INST) {
        const mo_inst *ia = a->child, *ib = b->child;
        bool same = same_names(ia->lay, ib->lay);
        for (int i = 0; i < ia->lay->n; i++) {
            intptr_t k = i + 1;
            if (!same) {
                const char *name = ia->lay->items[i].elem->name;
                k = (intptr_t)mo_map_get(&ib->lay->index, name);
                if (!k) {
                    const char *an = slot_name(flat, a, aref), *bn = slot_name(flat, b, bref);
                    mo_error(q->loc, "cannot connect '%s' to '%s': '%s' has no element '%s'", an, bn, bn, name);
                    mo_note(ia->lay->items[i].elem->loc, "'%s' is declared here", name);
                    return false;
                }
            }
            mo_slot ea = mo_slot_of(ia, i), eb = mo_slot_of(ib, (int)k - 1);
            /* an overdetermined type or record: an edge of the connection graph (cgraph.c) */
            if (ia->lay->od_state != 1 && mo_cg_edge(fr, ia, i, &ea, &eb, aout, bout, q, conn))
                continue;
            if (ea.kind == MO_SK_VAR && eb.kind == MO_SK_VAR) {   /* (the common case, without recursion) */
                if (!pair_vars(fr, ea.var, eb.var, aout, bout, q, conn))
                    return false;
                continue;
            }
            if (ea.kind == MO_SK_NONE && eb.kind == MO_SK_NONE)
                continue;
            if (!pair_slots(fr, &ea, &eb, NULL, NULL, aout, bout, q, conn))
                return false;
        }
        /* every element of a has its own in b (names are unique in a layout): when b has no more
         * elements than a, b has none that a lacks */
        if (ib->lay->n == ia->lay->n)
            return true;
        for (int i = 0; i < ib->lay->n; i++) {
            const char *name = ib->lay->items[i].elem->name;
            if (!mo_map_get(&ia->lay->index, name)) {
                const char *an = slot_name(flat, a, aref), *bn = slot_name(flat, b, bref);
                mo_error(q->loc, "cannot connect '%s' to '%s': '%s' has no element '%s'", an, bn, an, name);
                mo_note(ib->lay->items[i].elem->loc, "'%s' is declared here", name);
                return false;
            }
        }
        return true;
    }
    return true;
}

/* Is the connector a connector itself (not a variable or component inside one)? */
static bool is_connector(const mo_front *fr, const mo_slot *s)
{
    if (s->kind == MO_SK_ARRAY)
        return s->arr->total == 0 || is_connector(fr, &s->arr->elems[0]);
    if (s->kind == MO_SK_INST)
        return s->child->is_connector;
    if (s->kind == MO_SK_VAR)
        return fr->vflags.v[s->var] & MO_VF_SCALAR_CONNECTOR;
    return false;
}

/* Outside when the reference starts at a connector of the instance holding the connect. */
static bool is_outside(const mo_front *fr, const mo_inst *inst, const mo_expr *ref)
{
    intptr_t k = mo_layout_find(inst->lay, ref->parts[0].id);
    if (!k)
        return false;
    mo_slot s = mo_slot_of(inst, (int)k - 1);
    return is_connector(fr, &s);
}

/* The two sides of the last connect, resolved: a chain's connects name each connector twice in a row
 * (connect(inertia1.flange_b, spring2.flange_a); connect(inertia1.flange_b, damper2.flange_a)), and
 * looking a.b up again in a model of 10^5 components costs two cache misses in its big index. Only a.b
 * without subscripts is kept: its slot, once made, is never written again (inst.h), and no iterator
 * can change what it denotes. */
typedef struct side {
    const mo_inst *inst;      /* the instance holding the connect, NULL for an empty entry */
    const mo_class *owner;
    const char *id0, *id1;    /* the reference's two names (interned) */
    mo_slot slot;
    bool outside;
} side;

static side last_sides[2];

static bool is_plain_pair(const mo_expr *ref)
{
    return ref->nparts == 2 && !ref->parts[0].nsubs && !ref->parts[1].nsubs;
}

/* The plain a.b of most connects, when a and a.b are made and visible: its slot without
 * mo_resolve_slot's general walk (slices, arrays of components, errors), which a big model's hundreds of
 * thousands of connects would take for nothing, and its side from the same look-up of a (is_outside).
 * False: take the general walk. */
static bool resolve_plain(const mo_inst *inst, const mo_expr *ref, mo_slot *out, bool *outside)
{
    intptr_t k = mo_layout_find(inst->lay, ref->parts[0].id);
    if (!k || inst->slots[k - 1].state != MO_SLOT_DONE)
        return false;
    mo_slot a = mo_slot_of(inst, (int)k - 1);
    if (a.kind != MO_SK_INST)
        return false;
    const mo_inst *ci = a.child;
    intptr_t j = mo_layout_find(ci->lay, ref->parts[1].id);
    if (!j || (ci->lay->items[j - 1].elem->flags & MO_PF_PROTECTED) || ci->slots[j - 1].state != MO_SLOT_DONE)
        return false;
    *out = mo_slot_of(ci, (int)j - 1);
    *outside = ci->is_connector;
    /* (a disabled component and an array, which the general walk selects element by element: its way) */
    return out->kind == MO_SK_VAR || out->kind == MO_SK_INST;
}

/* Side ref of a connect written in inst: its slot and whether it is outside (is_outside). False after
 * an error or for a disabled component (*disabled). */
static bool resolve_side(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, mo_slot *out,
                         bool *outside, bool *disabled, side *keep)
{
    bool plain = is_plain_pair(ref);
    keep->inst = NULL;
    *disabled = false;
    if (plain) {
        const char *id0 = ref->parts[0].id, *id1 = ref->parts[1].id;
        for (int i = 0; i < 2; i++) {
            const side *s = &last_sides[i];
            if (s->inst == inst && s->owner == owner && s->id0 == id0 && s->id1 == id1) {
                *out = s->slot;
                *outside = s->outside;
                *keep = *s;
                return true;
            }
        }
        if (resolve_plain(inst, ref, out, outside)) {
            *keep = (side){inst, owner, id0, id1, *out, *outside};
            return true;
        }
    }
    if (!mo_resolve_slot(fr, inst, owner, ref, out, disabled))
        return false;
    if (*disabled)
        return true;
    *outside = is_outside(fr, inst, ref);
    if (plain && (out->kind == MO_SK_VAR || out->kind == MO_SK_INST))
        *keep = (side){inst, owner, ref->parts[0].id, ref->parts[1].id, *out, *outside};
    return true;
}

/* A connect's argument is c or m.c, c a connector (then c.x, m.c.x: its own components), m a component
 * that is no connector (spec 9.1): a.b.c, where neither a nor a.b is a connector, is not. */
static bool valid_form(const mo_front *fr, mo_inst *inst, const mo_expr *ref)
{
    if (ref->nparts < 3)
        return true;
    intptr_t k = mo_layout_find(inst->lay, ref->parts[0].id);
    if (!k)
        return true;
    mo_slot s = mo_slot_of(inst, (int)k - 1);
    if (is_connector(fr, &s))
        return true;
    while (s.kind == MO_SK_ARRAY && s.arr->total > 0)
        s = s.arr->elems[0];
    if (s.kind != MO_SK_INST || !(k = mo_layout_find(s.child->lay, ref->parts[1].id)))
        return true;
    mo_slot c = mo_slot_of(s.child, (int)k - 1);
    if (is_connector(fr, &c))
        return true;
    mo_error(ref->loc, "'%s' cannot be connected here: a connect names a connector c or m.c, with m a component of this class",
             mo_ref_str(ref));
    return false;
}

bool mo_connect_pair(mo_front *fr, const mo_slot *a, const mo_slot *b, bool aout, bool bout, const mo_eq *q, int conn)
{
    return pair_slots(fr, a, b, NULL, NULL, aout, bout, q, conn);
}

bool mo_connect_is_connector(const mo_front *fr, const mo_slot *s)
{
    return is_connector(fr, s);
}

bool mo_connect_is_outside(const mo_front *fr, const mo_inst *inst, const mo_expr *ref)
{
    return is_outside(fr, inst, ref);
}

void mo_connect_add(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q)
{
    mo_slot a, b;
    bool da = false, db = false, aout = false, bout = false;
    if (q->lhs->kind != MO_EX_REF || q->rhs->kind != MO_EX_REF) {
        mo_error(q->loc, "the arguments of connect must be connectors");
        return;
    }
    if (fr->exp && mo_exp_connect(fr, inst, owner, q))   /* expandable connectors on a side */
        return;
    side keep[2];
    if (!resolve_side(fr, inst, owner, q->lhs, &a, &aout, &da, &keep[0]) ||
        !resolve_side(fr, inst, owner, q->rhs, &b, &bout, &db, &keep[1]))
        return;
    last_sides[0] = keep[0];
    last_sides[1] = keep[1];
    if (da || db)   /* a connection to a disabled conditional component is removed (spec 4.4.5) */
        return;
    const mo_expr *refs[2] = {q->lhs, q->rhs};
    const mo_slot *slots[2] = {&a, &b};
    for (int i = 0; i < 2; i++) {
        if (!is_connector(fr, slots[i])) {
            mo_error(refs[i]->loc, "'%s' is not a connector", mo_ref_str(refs[i]));
            return;
        }
        if (!valid_form(fr, inst, refs[i]))
            return;
    }
    /* the pairs refer to the connect by number: its location is stored once, not in every pair (and read
     * back from this dense table, not from the scattered syntax tree) */
    int conn = fr->conn_locs.n, np = fr->pairs.n, ne = mo_cg_edge_count();
    mo_cg_connect(inst, owner, &a, q);   /* (an overdetermined element may need a.R written out: cgraph.c) */
    pair_slots(fr, &a, &b, q->lhs, q->rhs, aout, bout, q, conn);
    mo_cg_connect(NULL, NULL, NULL, NULL);
    if (fr->pairs.n > np || mo_cg_edge_count() > ne)
        mo_conn_add_connect(fr, q->loc, inst->path);
}

int mo_conn_add_connect(mo_front *fr, mo_loc loc, const char *instance)
{
    if (fr->conn_locs.n >= MO_MAX_CONNECTS - 1) {   /* (a pair keeps its connect's number in 27 bits, inst.h) */
        fprintf(stderr, "mo2c: error: not supported yet: more than %d connect equations\n", MO_MAX_CONNECTS - 1);
        exit(1);
    }
    MO_VEC_RESERVE(fr->conn_locs, 1);
    MO_VEC_RESERVE(fr->conn_insts, 1);
    MO_PUSH(fr->conn_locs, loc);
    MO_PUSH(fr->conn_insts, instance);
    return fr->conn_locs.n - 1;
}

/* ---- connection sets ----
 * A key is one end of a connection: a potential variable, or a flow variable on one side (inside or
 * outside: a variable connected on both sides is in two sets). Keys are numbered in the order in which
 * pairs first mention them, so that walking keys by number walks them in order of first appearance,
 * which is the order of the output. Everything here is workspace of mo_connect alone: malloc'd, sized by
 * the connections (only variables that appear in pairs get keys), and freed before it returns, instead
 * of staying in the never-freed arena for the rest of the run. */

static _Noreturn void out_of_memory(void)
{
    fprintf(stderr, "mo2c: error: out of memory\n");   /* as base.c's arena reports it */
    exit(1);
}

_Static_assert(sizeof(mo_conn_pair) == 12, "a pair is 12 bytes (inst.h)");

/* The pairs vector grows out of line: pushing is inline in pair_vars, once per connected variable */
static void grow_pairs(mo_front *fr)
{
    MO_ASSERT(fr->pairs.cap <= INT_MAX / 2);
    int cap = fr->pairs.cap ? 2 * fr->pairs.cap : 1024;
    mo_conn_pair *v = realloc(fr->pairs.v, sizeof *v * (size_t)cap);
    if (!v)
        out_of_memory();
    fr->pairs.v = v;
    fr->pairs.cap = cap;
}

static inline void push_pair(mo_front *fr, mo_conn_pair p)
{
    if (fr->pairs.n == fr->pairs.cap)
        grow_pairs(fr);
    fr->pairs.v[fr->pairs.n++] = p;
}

void mo_conn_pair_push(mo_front *fr, mo_conn_pair p)
{
    push_pair(fr, p);
}

enum { KEY_OUTSIDE = 1, KEY_FLOW = 2, KEY_STRING = 4, KEY_STREAM = 8 };
enum { MAX_PACKED = 64 };   /* longer flow sums are balanced trees, never packed */

typedef struct keys {
    int n;                    /* keys made so far */
    int *of_var;              /* per flat variable: 1 + its key (its inside key when it has both), 0: none */
    int *var;                 /* per key: its variable */
    unsigned char *kind;      /* per key: KEY_FLOW, KEY_OUTSIDE, KEY_STRING, KEY_STREAM (kept here, so that making
                               * the output reads no flat variable) */
    int *other;               /* per key: the variable's key for its other side, -1: none (of_var's key
                               * only); reused as per-set positions by group_keys */
    int *parent;              /* per key: union-find forest; parent[k] <= k, so a set's root is its first key */
    int *first_conn;          /* per key: the connect of the pair that first mentioned it (the pairs
                               * themselves are freed before the equations are made) */
} keys;

static void keys_init(keys *ks, int nvars, int max_keys)
{
    ks->n = 0;
    ks->of_var = mo_calloc((size_t)nvars, sizeof(int));
    ks->var = mo_calloc((size_t)max_keys, sizeof(int));
    ks->kind = mo_calloc((size_t)max_keys, 1);
    ks->other = mo_calloc((size_t)max_keys, sizeof(int));
    ks->parent = mo_calloc((size_t)max_keys, sizeof(int));
    ks->first_conn = mo_calloc((size_t)max_keys, sizeof(int));
}

static void keys_free(keys *ks)
{
    free(ks->of_var);
    free(ks->var);
    free(ks->kind);
    free(ks->other);
    free(ks->parent);
    free(ks->first_conn);
}

/* The key of (var, side), made when a pair of connect conn is the first to mention it. of_var points at
 * the inside key once there is one, so that "is it connected as an inside connector" is one look-up. */
static inline int key_of(keys *ks, int var, const mo_conn_pair *p, bool outside)
{
    int k = ks->of_var[var] - 1;
    if (k >= 0) {
        if ((ks->kind[k] & KEY_OUTSIDE) == outside)
            return k;
        if (ks->other[k] >= 0)
            return ks->other[k];
    }
    int nk = ks->n++;
    ks->var[nk] = var;
    ks->kind[nk] = (unsigned char)((p->flow ? KEY_FLOW : 0) | (outside ? KEY_OUTSIDE : 0) |
                                   (p->string ? KEY_STRING : 0) | (p->stream ? KEY_STREAM : 0));
    ks->parent[nk] = nk;
    ks->first_conn[nk] = p->conn;
    ks->other[nk] = k;
    if (k < 0 || !outside)
        ks->of_var[var] = nk + 1;
    else
        ks->other[k] = nk;
    return nk;
}

/* union-find with path halving */
static int uf_find(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* the earlier key stays the root: a set's root is its first member */
static void keys_union(keys *ks, int a, int b)
{
    int ra = uf_find(ks->parent, a), rb = uf_find(ks->parent, b);
    if (ra < rb)
        ks->parent[rb] = ra;
    else if (rb < ra)
        ks->parent[ra] = rb;
}

/* The keys grouped by set: members[] lists each set's keys in order (its root first), the sets in order
 * of their roots; set s is members[sets[s] .. sets[s + 1]) (*sets, *nsets: malloc'd, nsets + 1 entries).
 * Afterwards parent[k] is k's root. Since parent[k] <= k, walking keys upwards finds every parent already
 * pointing at its root. */
static int *group_keys(keys *ks, int **sets, int *nsets)
{
    int *pos = ks->other;     /* per root: its set's size, then where its next member goes */
    int roots = 0;
    for (int k = 0; k < ks->n; k++) {
        int r = ks->parent[k] = ks->parent[ks->parent[k]];
        if (r == k) {
            pos[r] = 1;
            roots++;
        } else {
            pos[r]++;
        }
    }
    int *at = mo_calloc((size_t)roots + 1, sizeof(int));
    int next = 0, s = 0;
    for (int k = 0; k < ks->n; k++)
        if (ks->parent[k] == k) {
            int size = pos[k];
            at[s++] = pos[k] = next;
            next += size;
        }
    at[s] = next;
    int *members = mo_calloc((size_t)ks->n, sizeof(int));
    for (int k = 0; k < ks->n; k++)
        members[pos[ks->parent[k]]++] = k;
    *sets = at;
    *nsets = roots;
    return members;
}

/* A flow sum's member: its variable times 2, plus 1 when it enters negated (the packed form, flat.h). */
static int signed_member(const keys *ks, int key)
{
    return ks->var[key] * 2 + (ks->kind[key] & KEY_OUTSIDE ? 1 : 0);
}

static mo_expr *signed_flow(int member)
{
    mo_expr *v = mo_var_expr((mo_loc){0}, member / 2);
    return member % 2 ? mo_expr_unary(v->loc, MO_OP_NEG, v) : v;
}

/* Sum of the flows of members[lo..hi): written left to right for readability, balanced when long so that
 * expression depth stays logarithmic. */
static mo_expr *flow_sum(const int *members, int lo, int hi)
{
    if (hi - lo <= MAX_PACKED) {
        mo_expr *s = signed_flow(members[lo]);
        for (int i = lo + 1; i < hi; i++)
            s = mo_expr_binary(s->loc, MO_OP_ADD, s, signed_flow(members[i]));
        return s;
    }
    int mid = lo + (hi - lo) / 2;
    return mo_expr_binary((mo_loc){0}, MO_OP_ADD, flow_sum(members, lo, mid), flow_sum(members, mid, hi));
}

/* The right-hand side of every flow equation: one node, shared */
static mo_expr *zero;

/* Connection equations are kept packed (flat.h), CHUNK to a record: a tree costs 40 bytes per variable
 * node and 88 per operator, and a record 56 bytes; the packed form 8 bytes an equation and 4 a variable.
 * String variables stay trees, so that flatten_str.c still finds them in equations. */
enum { CHUNK = 1024 };

typedef struct packer {
    mo_front *fr;
    MO_VEC(int) members;      /* of every packed equation */
    MO_VEC(mo_conn_eqs *) chunks;
    mo_conn_eqs *cur;         /* the chunk being filled (the last record of the list), or NULL */
} packer;

static inline void add_packed(packer *pk, int conn, bool flow, const int *members, int n)
{
    if (!pk->cur || pk->cur->n == CHUNK) {
        pk->cur = mo_alloc(sizeof(mo_conn_eqs) + sizeof(mo_conn_eq) * (CHUNK + 1));
        MO_PUSH(pk->chunks, pk->cur);
        mo_feq q = {{0}, "", MO_ORIGIN_CONNECTIONS, 0, NULL, NULL, mo_feq_pack(pk->cur)};
        MO_VEC_RESERVE(pk->fr->flat->eqs, 1);
        MO_PUSH(pk->fr->flat->eqs, q);
    }
    mo_conn_eq *e = &pk->cur->eq[pk->cur->n++];
    e->conn = (unsigned)conn;
    e->flow = flow;
    e->at = pk->members.n;
    MO_VEC_RESERVE(pk->members, n);   /* (mo_connect reserved them all: no growing here) */
    int *to = pk->members.v + pk->members.n;
    for (int i = 0; i < n; i++)
        to[i] = members[i];
    pk->members.n += n;
    e[1].at = pk->members.n;
}

/* An equation with trees between packed ones: the next packed one starts a new record. */
static void add_tree(packer *pk, mo_loc loc, const char *instance, mo_eq_origin origin, mo_expr *lhs, mo_expr *rhs)
{
    mo_add_eq(pk->fr, loc, instance, origin, lhs, rhs, NULL);
    pk->cur = NULL;
}

void mo_connect_unpack(const mo_conn_eqs *c, int i, mo_feq *out)
{
    const mo_conn_eq *e = &c->eq[i];
    const int *m = c->members + e->at;
    mo_loc loc = c->locs[e->conn];
    *out = (mo_feq){loc, c->insts[e->conn], e->flow ? MO_ORIGIN_CONNECT_FLOW : MO_ORIGIN_CONNECT_EQUAL, 0, NULL, NULL,
                    NULL};
    if (e->flow) {
        out->lhs = flow_sum(m, 0, e[1].at - e->at);
        out->rhs = zero;
    } else {
        out->lhs = mo_var_expr(loc, m[0] / 2);
        out->rhs = mo_var_expr(loc, m[1] / 2);
    }
}

/* How many members the packed equations of the sets take (add_packed, below) */
static int packed_members(const keys *ks, const int *members, const int *sets, int nsets)
{
    long total = 0;
    for (int s = 0; s < nsets; s++) {
        int first = members[sets[s]], size = sets[s + 1] - sets[s];
        if (ks->kind[first] & (KEY_STRING | KEY_STREAM))
            continue;
        if (ks->kind[first] & KEY_FLOW)
            total += size <= MAX_PACKED ? size : 0;
        else
            total += 2 * (size - 1);
    }
    MO_ASSERT(total <= INT_MAX);
    return (int)total;
}

static const char *parent_path(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot ? mo_intern(name, (size_t)(dot - name)) : mo_intern_cstr("");
}

/* The sets of stream variables, for stream.c's equations (which it adds after all others). */
static bool stream_equations(mo_front *fr, const keys *ks, const int *members, const int *sets, int nsets)
{
    if (!fr->stream)
        return true;
    MO_VEC(int) start = {0}, var = {0};
    MO_VEC(unsigned char) outside = {0};
    MO_VEC(mo_loc) locs = {0};
    MO_VEC(const char *) insts = {0};
    for (int s = 0; s < nsets; s++) {
        int first = members[sets[s]];
        if (!(ks->kind[first] & KEY_STREAM))
            continue;
        MO_PUSH(start, var.n);
        MO_PUSH(locs, fr->conn_locs.v[ks->first_conn[first]]);
        MO_PUSH(insts, fr->conn_insts.v[ks->first_conn[first]]);
        for (int m = sets[s]; m < sets[s + 1]; m++) {
            MO_PUSH(var, ks->var[members[m]]);
            MO_PUSH(outside, (unsigned char)((ks->kind[members[m]] & KEY_OUTSIDE) != 0));
        }
    }
    MO_PUSH(start, var.n);
    mo_stream_sets ss = {start.n - 1, start.v, var.v, outside.v, locs.v, insts.v};
    return mo_stream_finish(fr, &ss);
}

bool mo_connect(mo_front *fr)
{
    mo_flat *flat = fr->flat;
    int nv = flat->vars.n, np = fr->pairs.n;
    memset(last_sides, 0, sizeof last_sides);   /* (the next model's connects start afresh) */
    MO_ASSERT(np <= INT_MAX / 2 && nv <= INT_MAX / 2);   /* key numbers are ints; packed members var * 2 */
    if (!mo_connect_check_params(fr) || (fr->causal && !mo_connect_check_sources(fr)))
        return false;
    keys ks;   /* a pair makes at most two keys, a variable has at most two */
    keys_init(&ks, nv, np < nv ? 2 * np : 2 * nv);
    for (int i = 0; i < np; i++) {
        const mo_conn_pair *p = &fr->pairs.v[i];
        /* the side matters for flows and streams only: potentials are one set whatever the side */
        bool sided = p->flow || p->stream;
        int ka = key_of(&ks, p->a, p, sided && p->a_outside);
        keys_union(&ks, ka, key_of(&ks, p->b, p, sided && p->b_outside));
    }
    /* the keys say all that the equations need: the pairs go before the equations take memory */
    free(fr->pairs.v);
    memset(&fr->pairs, 0, sizeof fr->pairs);
    int *sets, nsets;
    int *members = group_keys(&ks, &sets, &nsets);
    /* flow variables never connected as inside connectors are zero: found now, so that the tables per
     * variable and the positions of group_keys go before the equations take memory (their equations still
     * come last). vflags and of_var first: dense tables, where the variables are 32 bytes each. */
    int *unconnected = NULL, nunc = 0, capunc = 0;
    for (int v = 0; v < nv; v++) {
        if (!(fr->vflags.v[v] & MO_VF_FLOW))
            continue;
        int k = ks.of_var[v] - 1;
        if (k >= 0 && !(ks.kind[k] & KEY_OUTSIDE))
            continue;
        const mo_var *var = &flat->vars.v[v];
        if (!(var->flags & MO_PF_FLOW) || !(var->flags & MO_IF_CONNECTOR) || var->variability <= MO_VAR_PARAMETER)
            continue;
        if (nunc == capunc) {
            capunc = capunc ? 2 * capunc : 64;
            unconnected = realloc(unconnected, sizeof *unconnected * (size_t)capunc);
            if (!unconnected)
                out_of_memory();
        }
        unconnected[nunc++] = v;
    }
    free(ks.of_var);
    free(ks.other);
    ks.of_var = ks.other = NULL;
    zero = mo_expr_real((mo_loc){0}, 0.0);
    zero->text = "0.0";
    int *packed = mo_calloc(MAX_PACKED, sizeof(int));   /* one equation's members in packed form */
    packer pk = {fr, {0}, {0}, NULL};
    MO_VEC_RESERVE(pk.members, packed_members(&ks, members, sets, nsets));   /* exactly, at once */
    /* potentials: the first member equals each of the others, each equation at the connect that
     * brought the other member in; then flows: the signed sum is zero, at the set's first connect */
    for (int flows = 0; flows < 2; flows++)
        for (int s = 0; s < nsets; s++) {
            int i = sets[s], end = sets[s + 1], first = members[i];
            if (!(ks.kind[first] & KEY_FLOW) != !flows || (ks.kind[first] & KEY_STREAM))
                continue;
            /* String variables (never flows) are the only ones that must stay trees */
            bool pack = !(ks.kind[first] & KEY_STRING);
            if (flows) {
                int conn = ks.first_conn[first];
                if (end - i > MAX_PACKED) {
                    int *sm = mo_calloc((size_t)(end - i), sizeof(int));
                    for (int m = i; m < end; m++)
                        sm[m - i] = signed_member(&ks, members[m]);
                    add_tree(&pk, fr->conn_locs.v[conn], fr->conn_insts.v[conn], MO_ORIGIN_CONNECT_FLOW,
                             flow_sum(sm, 0, end - i), zero);
                    free(sm);
                    continue;
                }
                for (int m = i; m < end; m++)
                    packed[m - i] = signed_member(&ks, members[m]);
                if (pack)
                    add_packed(&pk, conn, true, packed, end - i);
                else
                    add_tree(&pk, fr->conn_locs.v[conn], fr->conn_insts.v[conn], MO_ORIGIN_CONNECT_FLOW,
                             flow_sum(packed, 0, end - i), zero);
                continue;
            }
            for (int m = i + 1; m < end; m++) {
                int conn = ks.first_conn[members[m]];
                int pair[2] = {ks.var[first] * 2, ks.var[members[m]] * 2};
                if (pack) {
                    add_packed(&pk, conn, false, pair, 2);
                } else {
                    mo_loc loc = fr->conn_locs.v[conn];
                    add_tree(&pk, loc, fr->conn_insts.v[conn], MO_ORIGIN_CONNECT_EQUAL, mo_var_expr(loc, ks.var[first]),
                             mo_var_expr(loc, ks.var[members[m]]));
                }
            }
        }
    for (int c = 0; c < pk.chunks.n; c++) {   /* the tables are complete: they move no more */
        pk.chunks.v[c]->locs = fr->conn_locs.v;
        pk.chunks.v[c]->insts = fr->conn_insts.v;
        pk.chunks.v[c]->members = pk.members.v;
    }
    for (int i = 0; i < nunc; i++) {
        const mo_var *var = &flat->vars.v[unconnected[i]];
        mo_add_eq(fr, var->attr->loc, parent_path(mo_flat_var_name(flat, unconnected[i])), MO_ORIGIN_UNCONNECTED_FLOW,
                  mo_var_expr(var->attr->loc, unconnected[i]), zero, NULL);
    }
    free(unconnected);
    free(packed);
    bool ok = stream_equations(fr, &ks, members, sets, nsets);
    free(members);
    free(sets);
    keys_free(&ks);
    return ok && mo_error_count() == 0;
}
