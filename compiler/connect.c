/*
 * connect.c - connect semantics (chapter 9 of the specification).
 *
 * Input: the connect equations of the instance tree, handed over by flatten.c as they are met
 * (mo_connect_add resolves both sides at once, while for-loop iterators are in scope, and pairs them
 * element by element into scalar pairs). Output, once the model is instantiated (mo_connect): the
 * connection equations in the flat model:
 *   - the potential variables of a connection set are equal (a = b, a = c, ...);
 *   - the flow variables of a set sum to zero, + for inside connectors (a component's connector), - for
 *     outside ones (a connector of the class holding the connect);
 *   - a flow variable that is in no set as an inside connector is zero. This covers the connectors of
 *     the simulated model itself: they are inside connectors of no one (spec 9.2).
 * Sets are built with union-find over flat variable indices (potentials) and over (variable, side) keys
 * (flows); they are emitted in the order in which their members were first connected, so the output is
 * deterministic. Everything is linear in the number of connections.
 */
#include "inst.h"

#include <string.h>

static const char *slot_name(const mo_flat *flat, const mo_slot *s, const mo_expr *ref)
{
    if (s->kind == MO_SK_VAR)
        return flat->vars.v[s->var].name;
    if (s->kind == MO_SK_INST)
        return s->child->path;
    return mo_ref_str(ref);
}

static bool pair_slots(mo_front *fr, const mo_slot *a, const mo_slot *b, bool aout, bool bout,
                       const mo_eq *q, const char *instance, const char *an, const char *bn)
{
    mo_flat *flat = fr->flat;
    if (a->kind != b->kind) {
        mo_error(q->loc, "cannot connect '%s' to '%s': they do not match", an, bn);
        return false;
    }
    if (a->kind == MO_SK_VAR) {
        const mo_var *va = &flat->vars.v[a->var], *vb = &flat->vars.v[b->var];
        bool fa = va->flags & MO_PF_FLOW, fb = vb->flags & MO_PF_FLOW;
        if (fa != fb) {
            mo_error(q->loc, "cannot connect flow variable '%s' to non-flow variable '%s'",
                     fa ? va->name : vb->name, fa ? vb->name : va->name);
            mo_note(fa ? va->attr->loc : vb->attr->loc, "'%s' is declared here", fa ? va->name : vb->name);
            mo_note(fa ? vb->attr->loc : va->attr->loc, "'%s' is declared here", fa ? vb->name : va->name);
            return false;
        }
        if (va->type != vb->type) {
            mo_error(q->loc, "cannot connect '%s' to '%s': their types differ", va->name, vb->name);
            return false;
        }
        /* parameters and constants in connectors are not connected (spec 9.3) */
        if (va->variability <= MO_VAR_PARAMETER || vb->variability <= MO_VAR_PARAMETER)
            return true;
        mo_conn_pair p = {a->var, b->var, aout, bout, fa, q->loc, instance};
        MO_PUSH(fr->pairs, p);
        return true;
    }
    if (a->kind == MO_SK_ARRAY) {
        bool same = a->arr->ndims == b->arr->ndims;
        for (int k = 0; same && k < a->arr->ndims; k++)
            same = a->arr->dims[k] == b->arr->dims[k];
        if (!same) {
            mo_error(q->loc, "cannot connect '%s' to '%s': their sizes differ", an, bn);
            return false;
        }
        for (int j = 0; j < a->arr->total; j++) {
            const mo_slot *ea = &a->arr->elems[j], *eb = &b->arr->elems[j];
            if (!pair_slots(fr, ea, eb, aout, bout, q, instance, slot_name(flat, ea, NULL),
                            slot_name(flat, eb, NULL)))
                return false;
        }
        return true;
    }
    if (a->kind == MO_SK_INST) {
        const mo_inst *ia = a->child, *ib = b->child;
        for (int i = 0; i < ia->lay->n; i++) {
            const char *name = ia->lay->items[i].elem->name;
            intptr_t k = (intptr_t)mo_map_get(&ib->lay->index, name);
            if (!k) {
                mo_error(q->loc, "cannot connect '%s' to '%s': '%s' has no element '%s'", an, bn, bn, name);
                mo_note(ia->lay->items[i].elem->loc, "'%s' is declared here", name);
                return false;
            }
            const mo_slot *ea = &ia->slots[i], *eb = &ib->slots[k - 1];
            if (ea->kind == MO_SK_NONE && eb->kind == MO_SK_NONE)
                continue;
            if (!pair_slots(fr, ea, eb, aout, bout, q, instance, slot_name(flat, ea, NULL),
                            slot_name(flat, eb, NULL)))
                return false;
        }
        for (int i = 0; i < ib->lay->n; i++) {
            const char *name = ib->lay->items[i].elem->name;
            if (!mo_map_get(&ia->lay->index, name)) {
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
    intptr_t k = (intptr_t)mo_map_get(&inst->lay->index, ref->parts[0].id);
    return k && is_connector(fr, &inst->slots[k - 1]);
}

void mo_connect_add(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q)
{
    mo_slot a, b;
    bool da = false, db = false;
    if (q->lhs->kind != MO_EX_REF || q->rhs->kind != MO_EX_REF) {
        mo_error(q->loc, "the arguments of connect must be connectors");
        return;
    }
    if (!mo_resolve_slot(fr, inst, owner, q->lhs, &a, &da) || !mo_resolve_slot(fr, inst, owner, q->rhs, &b, &db))
        return;
    if (da || db)   /* a connection to a disabled conditional component is removed (spec 4.4.5) */
        return;
    const mo_expr *refs[2] = {q->lhs, q->rhs};
    const mo_slot *slots[2] = {&a, &b};
    for (int i = 0; i < 2; i++)
        if (!is_connector(fr, slots[i])) {
            mo_error(refs[i]->loc, "'%s' is not a connector", mo_ref_str(refs[i]));
            return;
        }
    pair_slots(fr, &a, &b, is_outside(fr, inst, q->lhs), is_outside(fr, inst, q->rhs), q, inst->path,
               slot_name(fr->flat, &a, q->lhs), slot_name(fr->flat, &b, q->rhs));
}

/* ---- union-find with path halving ---- */
static int uf_find(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Connection sets over keys: members in order of first appearance, each with the pair that brought it. */
typedef struct sets {
    int nkeys;
    int *parent;              /* -1: key in no connection */
    int *first_pair;          /* the pair that first mentioned the key */
    MO_VEC(int) order;        /* keys in order of first appearance */
} sets;

static void sets_init(sets *s, int nkeys)
{
    s->nkeys = nkeys;
    s->parent = MO_NEWN(int, nkeys);
    s->first_pair = MO_NEWN(int, nkeys);
    for (int i = 0; i < nkeys; i++)
        s->parent[i] = -1;
}

static void sets_touch(sets *s, int key, int pair)
{
    if (s->parent[key] >= 0)
        return;
    s->parent[key] = key;
    s->first_pair[key] = pair;
    MO_PUSH(s->order, key);
}

static void sets_union(sets *s, int a, int b, int pair)
{
    sets_touch(s, a, pair);
    sets_touch(s, b, pair);
    int ra = uf_find(s->parent, a), rb = uf_find(s->parent, b);
    if (ra != rb) {
        /* keep the earlier key as the root, so the set's first member stays its representative */
        if (s->first_pair[ra] > s->first_pair[rb] || (s->first_pair[ra] == s->first_pair[rb] && ra > rb))
            s->parent[ra] = rb;
        else
            s->parent[rb] = ra;
    }
}

/* Members of each set, sets in order of their first member: CSR arrays start/members. */
typedef struct groups { int n; int *start; int *members; } groups;

static groups sets_group(const sets *s)
{
    groups g = {0};
    int *gid = MO_NEWN(int, s->nkeys);
    int *count = MO_NEWN(int, s->order.n + 1);
    int *of_key = MO_NEWN(int, s->order.n);
    for (int i = 0; i < s->order.n; i++) {
        int k = s->order.v[i];
        int r = uf_find(s->parent, k);
        if (gid[r] == 0)
            gid[r] = ++g.n;
        of_key[i] = gid[r] - 1;
        count[gid[r] - 1]++;
    }
    g.start = MO_NEWN(int, g.n + 1);
    for (int i = 0; i < g.n; i++)
        g.start[i + 1] = g.start[i] + count[i];
    g.members = MO_NEWN(int, s->order.n);
    int *fill = MO_NEWN(int, g.n);
    for (int i = 0; i < s->order.n; i++)
        g.members[g.start[of_key[i]] + fill[of_key[i]]++] = s->order.v[i];
    return g;
}

static mo_expr *signed_flow(int key)
{
    mo_expr *v = mo_var_expr((mo_loc){0}, key >> 1);
    return key & 1 ? mo_expr_unary(v->loc, MO_OP_NEG, v) : v;
}

/* Sum of members[lo..hi): written left to right for readability, balanced when long so that expression
 * depth stays logarithmic. */
static mo_expr *flow_sum(const int *members, int lo, int hi)
{
    if (hi - lo <= 64) {
        mo_expr *s = signed_flow(members[lo]);
        for (int i = lo + 1; i < hi; i++)
            s = mo_expr_binary(s->loc, MO_OP_ADD, s, signed_flow(members[i]));
        return s;
    }
    int mid = lo + (hi - lo) / 2;
    return mo_expr_binary((mo_loc){0}, MO_OP_ADD, flow_sum(members, lo, mid), flow_sum(members, mid, hi));
}

static const char *parent_path(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot ? mo_intern(name, (size_t)(dot - name)) : mo_intern_cstr("");
}

bool mo_connect(mo_front *fr)
{
    mo_flat *flat = fr->flat;
    int nv = flat->vars.n;
    sets pot = {0}, flow = {0};
    sets_init(&pot, nv);
    sets_init(&flow, 2 * nv);
    for (int i = 0; i < fr->pairs.n; i++) {
        const mo_conn_pair *p = &fr->pairs.v[i];
        if (p->flow)
            sets_union(&flow, 2 * p->a + p->a_outside, 2 * p->b + p->b_outside, i);
        else
            sets_union(&pot, p->a, p->b, i);
    }
    mo_expr *zero = mo_expr_real((mo_loc){0}, 0.0);
    zero->text = "0.0";
    /* potentials: the first member equals each of the others */
    groups g = sets_group(&pot);
    for (int s = 0; s < g.n; s++) {
        int first = g.members[g.start[s]];
        for (int m = g.start[s] + 1; m < g.start[s + 1]; m++) {
            int k = g.members[m];
            const mo_conn_pair *p = &fr->pairs.v[pot.first_pair[k]];
            mo_add_eq(fr, p->loc, p->instance, MO_ORIGIN_CONNECT_EQUAL, mo_var_expr(p->loc, first),
                      mo_var_expr(p->loc, k), NULL);
        }
    }
    /* flows: the signed sum is zero */
    g = sets_group(&flow);
    for (int s = 0; s < g.n; s++) {
        const mo_conn_pair *p = &fr->pairs.v[flow.first_pair[g.members[g.start[s]]]];
        mo_add_eq(fr, p->loc, p->instance, MO_ORIGIN_CONNECT_FLOW, flow_sum(g.members, g.start[s], g.start[s + 1]),
                  zero, NULL);
    }
    /* flow variables never connected as inside connectors are zero */
    for (int v = 0; v < nv; v++) {
        const mo_var *var = &flat->vars.v[v];
        if (!(var->flags & MO_PF_FLOW) || var->variability <= MO_VAR_PARAMETER || flow.parent[2 * v] >= 0)
            continue;
        mo_add_eq(fr, var->attr->loc, parent_path(var->name), MO_ORIGIN_UNCONNECTED_FLOW,
                  mo_var_expr(var->attr->loc, v), zero, NULL);
    }
    return mo_error_count() == 0;
}
