/*
 * connect_check.c - the restrictions on connections and connectors (spec 9.3) that connect.c's pairing
 * of two connectors cannot see: those over whole connection sets and over whole connector classes.
 *
 *   - mo_connect_check_sources: a connection set of causal variables holds at most one source of its
 *     signal, an inside output (an output connector of a component) or a public outside input (an input
 *     connector of the class holding the connect). Sets here are over (variable, side), as the spec
 *     defines them: a block's output is an outside output in the block's own connects, a source only
 *     seen from outside. Outputs of the states of state machines may share a set: the state machines
 *     merge them into one signal (17.3.6, analysis/statemachines.c).
 *   - mo_connect_check_params: connected parameters and constants (never connected, connect.c keeps their
 *     pairs apart) must have the same value: compared now when both are known, and parameters again by
 *     an assert (-override may change them).
 *   - mo_block_connector_ok: the variables of a block's public connectors are inputs or outputs (4.6).
 *   - mo_connector_balanced: a connector has as many flow variables as potential ones (9.3.1), unless it
 *     is simple (no flow, stream, input or output variables) or holds an overdetermined type (its
 *     degrees of freedom are those of equalityConstraint's residue, not counted here).
 *
 * Needs: the pairs of mo_front (connect.c), with their sides, before mo_connect makes the sets; vflags.
 * Work: linear in the causal pairs (with a table of two ints per variable, only when causal pairs
 * exist), in the parameter pairs, and in the variables of each connector instance made (not of clones:
 * they repeat a template that was checked). Recursion follows the nesting of a connector's components.
 */
#include "inst.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void out_of_memory(void)
{
    fprintf(stderr, "mo2c: error: out of memory\n");   /* as base.c's arena reports it */
    exit(1);
}

/* ---- signal sources ---- */
typedef struct skeys {
    int *of;                  /* per (variable, side): 1 + its key, 0: none (2 entries per variable) */
    int n, cap;
    int *parent, *var, *conn; /* per key: union-find parent, variable, connect that first mentioned it */
    unsigned char *outside;
} skeys;

static int skey(skeys *k, int var, bool outside, int conn)
{
    int *slot = &k->of[2 * var + outside];
    if (*slot)
        return *slot - 1;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 64;
        k->parent = realloc(k->parent, sizeof(int) * (size_t)k->cap);
        k->var = realloc(k->var, sizeof(int) * (size_t)k->cap);
        k->conn = realloc(k->conn, sizeof(int) * (size_t)k->cap);
        k->outside = realloc(k->outside, (size_t)k->cap);
        if (!k->parent || !k->var || !k->conn || !k->outside)
            out_of_memory();
    }
    int n = k->n++;
    k->parent[n] = n;
    k->var[n] = var;
    k->conn[n] = conn;
    k->outside[n] = outside;
    *slot = n + 1;
    return n;
}

static int sfind(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Is key k a source of its set's signal? */
static bool is_source(const mo_front *fr, const skeys *k, int key)
{
    unsigned char f = fr->vflags.v[k->var[key]];
    if ((f & (MO_VF_INPUT | MO_VF_OUTPUT)) == (MO_VF_INPUT | MO_VF_OUTPUT))
        return false;   /* a variable of an expandable connector: its causality follows the others' */
    if (k->outside[key])
        return (f & MO_VF_INPUT) && !(fr->flat->vars.v[k->var[key]].flags & MO_PF_PROTECTED);
    return f & MO_VF_OUTPUT;
}

/* Does variable v lie in a state of a state machine (an instance a transition names)? */
static bool in_state(const mo_flat *flat, int v)
{
    const char *name = mo_flat_var_name((void *)flat, v);
    for (int i = 0; i < flat->transitions.n; i++) {
        const mo_ftrans *t = &flat->transitions.v[i];
        for (int j = 0; j < 2; j++) {
            const char *path = j ? t->to : t->from;
            size_t n = path ? strlen(path) : 0;
            if (n && !strncmp(name, path, n) && name[n] == '.')
                return true;
        }
    }
    return false;
}

bool mo_connect_check_sources(mo_front *fr)
{
    enum { CAUSAL = MO_VF_INPUT | MO_VF_OUTPUT };
    skeys k = {0};
    k.of = calloc(2 * (size_t)fr->flat->vars.n + 2, sizeof(int));
    if (!k.of)
        out_of_memory();
    for (int i = 0; i < fr->pairs.n; i++) {
        const mo_conn_pair *p = &fr->pairs.v[i];
        if (!(fr->vflags.v[p->a] & CAUSAL))
            continue;
        /* the keys first: skey may move k.parent, which an argument read beside it would miss */
        int ka = skey(&k, p->a, p->a_outside, (int)p->conn);
        int kb = skey(&k, p->b, p->b_outside, (int)p->conn);
        int ra = sfind(k.parent, ka), rb = sfind(k.parent, kb);
        if (ra != rb)   /* the earlier key stays the root */
            k.parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
    }
    /* per root: its first source; a second one is the error */
    int *first = malloc(sizeof(int) * (size_t)(k.n + 1));
    if (!first)
        out_of_memory();
    for (int i = 0; i < k.n; i++)
        first[i] = -1;
    bool ok = true;
    for (int i = 0; i < k.n && ok; i++) {
        if (!is_source(fr, &k, i))
            continue;
        int r = sfind(k.parent, i);
        if (first[r] < 0) {
            first[r] = i;
            continue;
        }
        int a = first[r];
        if (in_state(fr->flat, k.var[a]) && in_state(fr->flat, k.var[i]))
            continue;   /* outputs of states: one signal merged by the state machines (17.3.6) */
        const char *why[2] = {"an output of a component", "an input of the class holding the connect"};
        mo_error(fr->conn_locs.v[k.conn[i]], "a connection set has two sources of its signal: '%s' (%s) and '%s' (%s)",
                 mo_flat_var_name(fr->flat, k.var[a]), why[k.outside[a]], mo_flat_var_name(fr->flat, k.var[i]),
                 why[k.outside[i]]);
        mo_note(fr->conn_locs.v[k.conn[a]], "'%s' is connected here", mo_flat_var_name(fr->flat, k.var[a]));
        ok = false;
    }
    free(first);
    free(k.of);
    free(k.parent);
    free(k.var);
    free(k.conn);
    free(k.outside);
    return ok;
}

/* ---- parameters and constants ---- */
bool mo_connect_check_params(mo_front *fr)
{
    mo_flat *flat = fr->flat;
    for (int i = 0; i < fr->param_pairs.n; i++) {
        const mo_conn_pair *p = &fr->param_pairs.v[i];
        const mo_var *va = &flat->vars.v[p->a], *vb = &flat->vars.v[p->b];
        mo_loc loc = fr->conn_locs.v[p->conn];
        const char *kind = va->variability == MO_VAR_CONSTANT ? "constants" : "parameters";
        if (va->type == MO_T_STRING) {
            const mo_expr *x = va->binding, *y = vb->binding;
            if (x && y && x->kind == MO_EX_STRING && y->kind == MO_EX_STRING && strcmp(x->str, y->str) != 0) {
                mo_error(loc, "connected %s '%s' and '%s' differ: \"%s\" and \"%s\"", kind, mo_flat_var_name(flat, p->a),
                         mo_flat_var_name(flat, p->b), x->str, y->str);
                return false;
            }
            continue;
        }
        double x, y;
        mo_expr *ea = mo_var_expr(loc, p->a), *eb = mo_var_expr(loc, p->b);
        if (mo_eval_flat_peek(flat, ea, &x) && mo_eval_flat_peek(flat, eb, &y)) {   /* (an assert checks them at run time) */
            if (x != y && !(isnan(x) && isnan(y))) {
                mo_error(loc, "connected %s '%s' and '%s' differ: %.17g and %.17g", kind, mo_flat_var_name(flat, p->a),
                         mo_flat_var_name(flat, p->b), x, y);
                return false;
            }
            if (va->variability == MO_VAR_CONSTANT)
                continue;
        }
        /* parameters: -override may change them, so the simulation checks them again */
        mo_expr *msg = mo_expr_new(MO_EX_STRING, loc);
        msg->str = mo_sprintf("connected %s %s and %s differ", kind, mo_flat_var_name(flat, p->a),
                              mo_flat_var_name(flat, p->b));
        mo_expr **parts = MO_NEWN(mo_expr *, 1);
        parts[0] = msg;
        mo_wstmt s = {MO_WS_ASSERT, loc, NULL, mo_expr_binary(loc, MO_OP_EQ, ea, eb), 1, parts, 1};
        MO_VEC_RESERVE(flat->asserts, 1);
        MO_PUSH(flat->asserts, s);
    }
    return true;
}

/* ---- the size of connectors ---- */
typedef struct sizes {
    int potential, flow;
    bool directed;            /* some flow, stream, input or output variable: not a simple connector */
    bool overdetermined;      /* some component of an overdetermined type whose residue size is unknown */
} sizes;

static void count_slot(const mo_front *fr, const mo_slot *s, sizes *z);

static void count_inst(const mo_front *fr, const mo_inst *in, sizes *z)
{
    for (int i = 0; i < in->lay->n && !z->overdetermined; i++) {
        mo_slot s = mo_slot_of(in, i);
        /* an overdetermined type or record counts the size of its equalityConstraint's residue */
        int n = mo_cg_overdetermined(&in->lay->items[i]) ? mo_cg_residue(&in->lay->items[i]) : -2;
        if (n != -2) {
            if (n < 0 || (s.kind == MO_SK_ARRAY && s.arr->total && s.arr->elems[0].kind == MO_SK_INST))
                z->overdetermined = true;   /* (not counted: a size not literal, an array of records) */
            else if (s.kind != MO_SK_NONE)
                z->potential += n;
            continue;
        }
        count_slot(fr, &s, z);
    }
}

static void count_slot(const mo_front *fr, const mo_slot *s, sizes *z)
{
    if (s->kind == MO_SK_INST) {
        count_inst(fr, s->child, z);
    } else if (s->kind == MO_SK_ARRAY) {
        for (int j = 0; j < s->arr->total; j++)
            count_slot(fr, &s->arr->elems[j], z);
    } else if (s->kind == MO_SK_VAR) {
        const mo_var *v = &fr->flat->vars.v[s->var];
        if (v->flags & (MO_PF_FLOW | MO_PF_STREAM | MO_PF_INPUT | MO_PF_OUTPUT))
            z->directed = true;
        if (v->flags & MO_PF_FLOW)
            z->flow++;
        else if (!(v->flags & (MO_PF_STREAM | MO_PF_INPUT | MO_PF_OUTPUT)) && v->variability > MO_VAR_PARAMETER)
            z->potential++;
    }
}

bool mo_connector_balanced(mo_front *fr, const mo_inst *c, mo_loc decl)
{
    const mo_class *cls = c->lay->cls;
    /* (a class property: with flow, input or output imposed on the whole, its own counts are not seen) */
    if (cls->kind != MO_CL_CONNECTOR || (c->flags & (MO_PF_FLOW | MO_PF_INPUT | MO_PF_OUTPUT)))
        return true;
    sizes z = {0, 0, false, false};
    count_inst(fr, c, &z);
    if (z.overdetermined || !z.directed || z.potential == z.flow)
        return true;
    mo_error(decl, "connector '%s' has %d potential variable%s but %d flow variable%s: a connector must have as many of both (spec 9.3.1)",
             c->path, z.potential, z.potential == 1 ? "" : "s", z.flow, z.flow == 1 ? "" : "s");
    mo_note(cls->loc, "'%s' is declared here", mo_class_full_name(cls));
    return false;
}

/* ---- the connectors of a block (4.6) ---- */
/* The first variable of slot s (of a connector) that is neither input nor output nor a parameter or
 * constant, or -1. */
static int undirected_var(const mo_front *fr, const mo_slot *s)
{
    if (s->kind == MO_SK_INST) {
        for (int i = 0; i < s->child->lay->n; i++) {
            mo_slot c = mo_slot_of(s->child, i);
            int v = undirected_var(fr, &c);
            if (v >= 0)
                return v;
        }
    } else if (s->kind == MO_SK_ARRAY) {
        for (int j = 0; j < s->arr->total; j++) {
            int v = undirected_var(fr, &s->arr->elems[j]);
            if (v >= 0)
                return v;
        }
    } else if (s->kind == MO_SK_VAR) {
        const mo_var *v = &fr->flat->vars.v[s->var];
        if (!(v->flags & (MO_PF_INPUT | MO_PF_OUTPUT)) && v->variability > MO_VAR_PARAMETER)
            return s->var;
    }
    return -1;
}

bool mo_block_connector_ok(mo_front *fr, const mo_slot *s, const mo_element *e, const mo_class *block)
{
    const mo_slot *first = s->kind == MO_SK_ARRAY && s->arr->total ? &s->arr->elems[0] : s;
    bool connector = first->kind == MO_SK_VAR ? (fr->flat->vars.v[first->var].flags & MO_IF_CONNECTOR) != 0
                     : first->kind == MO_SK_INST && first->child && first->child->is_connector &&
                           !first->child->expandable;   /* (an expandable one's elements come later) */
    if (!connector || (e->flags & (MO_PF_PROTECTED | MO_PF_OUTER)))
        return true;
    int v = undirected_var(fr, s);
    if (v < 0)
        return true;
    mo_error(e->loc, "'%s' is a public connector of the block '%s', so its variable '%s' must be input or output "
             "(specification 4.6)", e->name, mo_class_full_name(block), mo_flat_var_name(fr->flat, v));
    return false;
}

bool mo_connect_flow_record_ok(const mo_class *cls, const mo_element *e)
{
    /* the connection equations of a flow of an operator record add, negate and compare with zero */
    static const char *const need[] = {"'+'", "'-'", "'0'"};
    for (int i = 0; i < 3; i++)
        if (!mo_lookup_member((mo_class *)cls, mo_intern_cstr(need[i])).cls) {
            mo_error(e->loc, "flow '%s' is an operator record '%s' without the operator %s (spec 9.3)", e->name,
                     mo_class_full_name(cls), need[i]);
            mo_note(cls->loc, "'%s' is declared here", cls->name);
            return false;
        }
    return true;
}
