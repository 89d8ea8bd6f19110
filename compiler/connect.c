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
 * Sets are built with union-find over keys: a potential variable, or a flow variable on one side. They
 * are emitted in the order in which their members were first connected, so the output is deterministic.
 * Everything is linear in the number of connections (plus one pass over the variables); the workspace
 * is malloc'd and freed by mo_connect, only the equations stay in the arena.
 */
#include "inst.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *slot_name(const mo_flat *flat, const mo_slot *s, const mo_expr *ref)
{
    if (s->kind == MO_SK_VAR)
        return flat->vars.v[s->var].name;
    if (s->kind == MO_SK_INST)
        return s->child->path;
    return mo_ref_str(ref);
}

/* Pair the scalars of slots a and b (the sides of connect q, number conn, written in instance `instance`),
 * or report why they do not match. aref and bref are the references as written for the connect's own two slots,
 * NULL for the elements inside them: they only name the slots in messages, so names are made only then. */
static bool pair_slots(mo_front *fr, const mo_slot *a, const mo_slot *b, const mo_expr *aref, const mo_expr *bref,
                       bool aout, bool bout, const mo_eq *q, int conn, const char *instance)
{
    mo_flat *flat = fr->flat;
    if (a->kind != b->kind) {
        mo_error(q->loc, "cannot connect '%s' to '%s': they do not match", slot_name(flat, a, aref),
                 slot_name(flat, b, bref));
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
        /* the side matters for flows only: potentials are one set whatever the side */
        mo_conn_pair p = {a->var, b->var, conn, aout && fa, bout && fa, fa, instance};
        MO_PUSH(fr->pairs, p);
        return true;
    }
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
            if (!pair_slots(fr, &a->arr->elems[j], &b->arr->elems[j], NULL, NULL, aout, bout, q, conn, instance))
                return false;
        return true;
    }
    if (a->kind == MO_SK_INST) {
        const mo_inst *ia = a->child, *ib = b->child;
        /* connectors of one class (the common case) match element by element without looking names up */
        bool same = ia->lay == ib->lay;
        for (int i = 0; i < ia->lay->n; i++) {
            const char *name = ia->lay->items[i].elem->name;
            intptr_t k = same ? i + 1 : (intptr_t)mo_map_get(&ib->lay->index, name);
            if (!k) {
                const char *an = slot_name(flat, a, aref), *bn = slot_name(flat, b, bref);
                mo_error(q->loc, "cannot connect '%s' to '%s': '%s' has no element '%s'", an, bn, bn, name);
                mo_note(ia->lay->items[i].elem->loc, "'%s' is declared here", name);
                return false;
            }
            const mo_slot *ea = &ia->slots[i], *eb = &ib->slots[k - 1];
            if (ea->kind == MO_SK_NONE && eb->kind == MO_SK_NONE)
                continue;
            if (!pair_slots(fr, ea, eb, NULL, NULL, aout, bout, q, conn, instance))
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
    /* the pairs refer to the connect by number: its location is stored once, not in every pair (and read
     * back from this dense table, not from the scattered syntax tree) */
    int conn = fr->conn_locs.n, np = fr->pairs.n;
    pair_slots(fr, &a, &b, q->lhs, q->rhs, is_outside(fr, inst, q->lhs), is_outside(fr, inst, q->rhs), q, conn,
               inst->path);
    if (fr->pairs.n > np)
        MO_PUSH(fr->conn_locs, q->loc);
}

/* ---- connection sets ----
 * A key is one end of a connection: a potential variable, or a flow variable on one side (inside or
 * outside: a variable connected on both sides is in two sets). Keys are numbered in the order in which
 * pairs first mention them, so that walking keys by number walks them in order of first appearance,
 * which is the order of the output. Everything here is workspace of mo_connect alone: malloc'd, sized by
 * the connections (only variables that appear in pairs get keys), and freed before it returns, instead
 * of staying in the never-freed arena for the rest of the run. */

static void *scratch(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {   /* as base.c's arena reports it */
        fprintf(stderr, "mo2c: error: out of memory\n");
        exit(1);
    }
    return p;
}

enum { KEY_OUTSIDE = 1, KEY_FLOW = 2 };

typedef struct keys {
    int n;                    /* keys made so far */
    int *of_var;              /* per flat variable: 1 + its key (its inside key when it has both), 0: none */
    int *var;                 /* per key: its variable */
    unsigned char *kind;      /* per key: KEY_FLOW, KEY_OUTSIDE (kept here, so that making the output
                               * reads no flat variable) */
    int *other;               /* per key: the variable's key for its other side, -1: none (of_var's key
                               * only); reused as per-set positions by group_keys */
    int *parent;              /* per key: union-find forest; parent[k] <= k, so a set's root is its first key */
    int *first_pair;          /* per key: the pair that first mentioned it */
} keys;

static void keys_init(keys *ks, int nvars, int max_keys)
{
    ks->n = 0;
    ks->of_var = scratch((size_t)nvars, sizeof(int));
    ks->var = scratch((size_t)max_keys, sizeof(int));
    ks->kind = scratch((size_t)max_keys, 1);
    ks->other = scratch((size_t)max_keys, sizeof(int));
    ks->parent = scratch((size_t)max_keys, sizeof(int));
    ks->first_pair = scratch((size_t)max_keys, sizeof(int));
}

static void keys_free(keys *ks)
{
    free(ks->of_var);
    free(ks->var);
    free(ks->kind);
    free(ks->other);
    free(ks->parent);
    free(ks->first_pair);
}

/* The key of (var, side), made when pair is the first to mention it. of_var points at the inside key
 * once there is one, so that "is it connected as an inside connector" is one look-up. */
static int key_of(keys *ks, int var, bool flow, bool outside, int pair)
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
    ks->kind[nk] = (unsigned char)((flow ? KEY_FLOW : 0) | (outside ? KEY_OUTSIDE : 0));
    ks->parent[nk] = nk;
    ks->first_pair[nk] = pair;
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
 * of their roots. Afterwards parent[k] is k's root (a set begins where members[i] is its own parent).
 * Since parent[k] <= k, walking keys upwards finds every parent already pointing at its root. */
static int *group_keys(keys *ks)
{
    int *pos = ks->other;     /* per root: its set's size, then where its next member goes */
    for (int k = 0; k < ks->n; k++) {
        int r = ks->parent[k] = ks->parent[ks->parent[k]];
        pos[r] = r == k ? 1 : pos[r] + 1;
    }
    int at = 0;
    for (int k = 0; k < ks->n; k++)
        if (ks->parent[k] == k) {
            int size = pos[k];
            pos[k] = at;
            at += size;
        }
    int *members = scratch((size_t)ks->n, sizeof(int));
    for (int k = 0; k < ks->n; k++)
        members[pos[ks->parent[k]]++] = k;
    return members;
}

static mo_expr *signed_flow(const keys *ks, int key)
{
    mo_expr *v = mo_var_expr((mo_loc){0}, ks->var[key]);
    return ks->kind[key] & KEY_OUTSIDE ? mo_expr_unary(v->loc, MO_OP_NEG, v) : v;
}

/* Sum of the flows of keys[lo..hi): written left to right for readability, balanced when long so that
 * expression depth stays logarithmic. */
static mo_expr *flow_sum(const keys *ks, const int *members, int lo, int hi)
{
    if (hi - lo <= 64) {
        mo_expr *s = signed_flow(ks, members[lo]);
        for (int i = lo + 1; i < hi; i++)
            s = mo_expr_binary(s->loc, MO_OP_ADD, s, signed_flow(ks, members[i]));
        return s;
    }
    int mid = lo + (hi - lo) / 2;
    return mo_expr_binary((mo_loc){0}, MO_OP_ADD, flow_sum(ks, members, lo, mid), flow_sum(ks, members, mid, hi));
}

static const char *parent_path(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot ? mo_intern(name, (size_t)(dot - name)) : mo_intern_cstr("");
}

bool mo_connect(mo_front *fr)
{
    mo_flat *flat = fr->flat;
    int nv = flat->vars.n, np = fr->pairs.n;
    MO_ASSERT(np <= INT_MAX / 2);   /* key numbers are ints */
    keys ks;   /* a pair makes at most two keys, a variable has at most two */
    keys_init(&ks, nv, np < nv ? 2 * np : 2 * nv);
    for (int i = 0; i < np; i++) {
        const mo_conn_pair *p = &fr->pairs.v[i];
        int ka = key_of(&ks, p->a, p->flow, p->a_outside, i);
        keys_union(&ks, ka, key_of(&ks, p->b, p->flow, p->b_outside, i));
    }
    int *members = group_keys(&ks);
    mo_expr *zero = mo_expr_real((mo_loc){0}, 0.0);
    zero->text = "0.0";
    /* potentials: the first member equals each of the others, each equation at the connect that
     * brought the other member in; then flows: the signed sum is zero, at the set's first connect */
    for (int flows = 0; flows < 2; flows++)
        for (int i = 0, end; i < ks.n; i = end) {
            int first = members[i];
            for (end = i + 1; end < ks.n && ks.parent[members[end]] != members[end]; end++)
                ;
            if (!(ks.kind[first] & KEY_FLOW) != !flows)
                continue;
            if (flows) {
                const mo_conn_pair *p = &fr->pairs.v[ks.first_pair[first]];
                mo_add_eq(fr, fr->conn_locs.v[p->conn], p->instance, MO_ORIGIN_CONNECT_FLOW, flow_sum(&ks, members, i, end),
                          zero, NULL);
                continue;
            }
            for (int m = i + 1; m < end; m++) {
                const mo_conn_pair *p = &fr->pairs.v[ks.first_pair[members[m]]];
                mo_loc loc = fr->conn_locs.v[p->conn];
                mo_add_eq(fr, loc, p->instance, MO_ORIGIN_CONNECT_EQUAL, mo_var_expr(loc, ks.var[first]),
                          mo_var_expr(loc, ks.var[members[m]]), NULL);
            }
        }
    /* flow variables never connected as inside connectors are zero */
    for (int v = 0; v < nv; v++) {
        const mo_var *var = &flat->vars.v[v];
        if (!(var->flags & MO_PF_FLOW) || var->variability <= MO_VAR_PARAMETER)
            continue;
        int k = ks.of_var[v] - 1;
        if (k >= 0 && !(ks.kind[k] & KEY_OUTSIDE))
            continue;
        mo_add_eq(fr, var->attr->loc, parent_path(var->name), MO_ORIGIN_UNCONNECTED_FLOW,
                  mo_var_expr(var->attr->loc, v), zero, NULL);
    }
    free(members);
    keys_free(&ks);
    return mo_error_count() == 0;
}
