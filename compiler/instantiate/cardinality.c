/*
 * cardinality.c - the deprecated operator cardinality(c) (spec 3.7.2.3 and 3.7.4.x): the number of
 * connect-equations, inside and outside, that connector instance c occurs in, counted after conditional
 * components are removed.
 *
 * A component's equations and bindings are flattened before the connects of the model around it, so
 * the count is not known where the call is met. The call becomes a placeholder, an integer node standing
 * for cardinality(c) (it reads like a call "cardinality" of c's first variable), and once the whole model
 * is instantiated, every connect recorded (connect.c: one pair per variable and connect, a connection to
 * a disabled conditional component dropped), each placeholder turns into the count: the number of pairs
 * c's first variable is in. A placeholder is the one flat node that changes its kind (into an MO_EX_INT
 * literal), so that the trees holding it need no walk. An if-equation whose conditions use it (outside
 * when-equations and time-varying if-equations) waits, with the iterators in scope, and is flattened by
 * mo_cardinality_finish once the counts are known: its conditions are then parameter expressions, and
 * its branch is chosen as for any other. It may not hold a connect (the connection sets are counted
 * already; spec 9.1 asks such conditions to be known before connects are handled). A component that
 * uses cardinality is never a clone template (its counts are its own): the placeholder and the
 * deferral count as reads of a value (eval.c).
 * Preconditions: called by flatten_expr.c (the call) and flatten.c (mo_cardinality_finish, before
 * mo_connect frees the pairs).
 */
#include "aval.h"

#include <string.h>

static MO_VEC(mo_expr *) placeholders;
static int *counts;           /* once the model is instantiated: per variable, the pairs it is in */

/* The if-equations waiting for the counts. */
static MO_VEC(mo_later_eq) waiting;

/* Does e call cardinality (or Connections.isRoot or rooted, which wait for the connection graph the same
 * way)? Recursion over one expression. */
static bool uses_cardinality(const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_CALL && e->fn && e->fn->kind == MO_EX_REF &&
        ((e->fn->nparts == 1 && !e->fn->global && strcmp(e->fn->parts[0].id, "cardinality") == 0) ||
         mo_cg_waits(e->fn)))   /* Connections.isRoot, rooted: known once the graph is (cgraph.c) */
        return true;
    if (e->kind == MO_EX_REF) {
        for (int p = 0; p < e->nparts; p++)
            for (int k = 0; k < (int)e->parts[p].nsubs; k++)
                if (uses_cardinality(mo_ref_part_subs(&e->parts[p])[k]))
                    return true;
        return false;
    }
    for (int i = 0; i < e->n; i++)
        if (uses_cardinality(e->a[i]))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (uses_cardinality(e->named[i].value))
            return true;
    return false;
}

bool mo_cardinality_defer(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    (void)fr;
    if (counts || mo_in_event_body())
        return false;
    bool uses = false;
    for (int i = 0; i < q->nconds && !uses; i++)
        uses = uses_cardinality(q->conds[i]);
    if (!uses)
        return false;
    MO_PUSH(waiting, mo_later_eq_make(inst, owner, q, initial));
    return true;
}

/* The first variable of connector slot s (depth first through nested connectors and arrays), or -1.
 * Recursion follows the connector's class nesting. */
int mo_slot_first_var(const mo_slot *s)
{
    if (s->kind == MO_SK_VAR)
        return s->var;
    if (s->kind == MO_SK_ARRAY)
        return s->arr->total ? mo_slot_first_var(&s->arr->elems[0]) : -1;
    if (s->kind != MO_SK_INST || !s->child)
        return -1;
    for (int i = 0; i < s->child->lay->n; i++) {
        mo_slot c = mo_slot_of(s->child, i);
        int v = mo_slot_first_var(&c);
        if (v >= 0)
            return v;
    }
    return -1;
}

bool mo_cardinality(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    if (e->n != 1 || e->nnamed || e->a[0]->kind != MO_EX_REF) {
        mo_error(e->loc, "cardinality takes one argument, a connector");
        return false;
    }
    const mo_expr *ref = e->a[0];
    mo_sref s;
    bool disabled = false;
    int r = inst ? mo_find_slots(fr, inst, owner, ref, &s, &disabled) : 0;
    if (r < 0)
        return false;
    bool connector = r > 0 && !disabled && s.nd == 0 &&
                     ((s.one.kind == MO_SK_INST && s.one.child && s.one.child->is_connector) ||
                      (s.one.kind == MO_SK_VAR && (fr->vflags.v[s.one.var] & MO_VF_SCALAR_CONNECTOR)));
    if (!connector) {
        mo_error(ref->loc, r > 0 && s.nd ? "cardinality cannot be applied to an array of connectors, only to its elements"
                                         : "the argument of cardinality must be a connector");
        return false;
    }
    int v = mo_slot_first_var(&s.one);
    if (v < 0) {
        mo_error(ref->loc, "not supported yet: cardinality of a connector without variables");
        return false;
    }
    if (counts) {   /* the counts are known (an if-equation flattened by mo_cardinality_finish) */
        mo_av_scalar(out, mo_expr_int(e->loc, counts[v]));
        return true;
    }
    mo_expr *a = mo_var_expr(ref->loc, v);
    mo_expr *p = mo_expr_call(e->loc, "cardinality", 1, &a);
    MO_PUSH(placeholders, p);
    mo_eval_note_read();   /* its value is its own: no clone template (flatten_clone.c) */
    mo_av_scalar(out, p);
    return true;
}

bool mo_cardinality_finish(mo_front *fr)
{
    if (!placeholders.n && !waiting.n)
        return true;
    int nv = fr->flat->vars.n;
    int *count = MO_NEWN(int, nv + 1);
    for (int i = 0; i < fr->pairs.n; i++) {
        count[fr->pairs.v[i].a]++;
        count[fr->pairs.v[i].b]++;
    }
    for (int i = 0; i < fr->param_pairs.n; i++) {
        count[fr->param_pairs.v[i].a]++;
        count[fr->param_pairs.v[i].b]++;
    }
    for (int i = 0; i < placeholders.n; i++) {
        mo_expr *p = placeholders.v[i];
        int n = count[p->a[0]->var];
        p->kind = MO_EX_INT;   /* the call node is whole (mo_expr_call): it holds a literal's fields */
        p->n = 0;
        p->a = NULL;
        p->ival = n;
        p->text = NULL;
    }
    placeholders.n = 0;
    counts = count;
    /* the if-equations that waited: their conditions are parameter expressions now */
    for (int i = 0; i < waiting.n; i++) {
        const mo_later_eq *d = &waiting.v[i];
        int connects = fr->conn_locs.n, np = fr->pairs.n + fr->param_pairs.n;
        bool ok = mo_later_eq_flatten(fr, d);
        if (!ok)
            return false;
        if (fr->conn_locs.n != connects || fr->pairs.n + fr->param_pairs.n != np) {
            mo_error(d->q->loc, "an if-equation whose condition uses cardinality or Connections.isRoot cannot hold connect-equations (spec 9.1)");
            return false;
        }
    }
    waiting.n = 0;
    return true;
}
