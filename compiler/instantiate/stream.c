/*
 * stream.c - stream connectors (spec chapter 15): stream variables, inStream() and actualStream().
 *
 * A stream variable h (declared stream, in a connector) belongs to the one scalar flow variable m of its
 * connector (15.1: a stream connector has exactly one); mo_stream_connector checks that when a connector
 * instance is complete and remembers the association. Stream variables are connected like flows, by side
 * (connect.c keys them as it keys flows), but make no equations of their own there: mo_connect hands the
 * sets of stream variables to mo_stream_finish, which adds
 *   - for every stream variable c_q.h of an outside connector of a set: c_q.h = the mix of the others
 *     (15.2, "additional equations for outside connectors"), and
 *   - for every stream variable v whose inStream is used: a variable inStream(v) (named so) with
 *     inStream(v) = the mix of the others of the set in which v is inside (none: v itself, 15.2's N = 1,
 *     M = 0, which also covers the connectors of the simulated model). The mix needs inStream of the
 *     set's outside members, computed at the level above in turn (a work list, no recursion).
 * The mix of members t with weights x_t (-m_t for an inside member, whose value is its h_t; m_t for an
 * outside one, whose value is inStream(h_t)): members that can never flow in (x_t's bound <= 0 by their
 * flow's min or max attribute) are left out; none left: v itself (inside) or 0 (outside, as 15.2 says);
 * one left: its value (the one-to-one cases N = 2, M = 0; N = 1, M = 1; N = 0, M = 2 of 15.2); else
 * 15.2's regularized formula, sum(positiveMax(x_t) * value_t) / sum(positiveMax(x_t)), with
 * positiveMax(x) = alpha * max(x, 0) + (1 - alpha) * eps, alpha = smooth(1, if s > eps then 1 else if
 * s > 0 then (s / eps)^2 * (3 - 2 * s / eps) else 0), s = sum(max(x_t, 0)), and eps = the experiment's
 * tolerance (1e-6 by default, the runtime's) times the smallest nominal of the set's flows (1 where not
 * given as a literal); under noEvent: it is continuous.
 * actualStream(v) is if m > 0 then inStream(v) else v (15.3), with events as written; in a product with m
 * itself (m * actualStream(v): the balances of Fluid's vessels and pipes) the product is continuous where
 * the flow reverses, and 'm > 0' is noEvent (mo_stream_product), as 15.3 allows: with the event, a flow
 * resting at 0 made one each step (RoomCO2WithControls' outlet duct, an event every 3e-9 s at t = 32400).
 * inStream(v) flattens to a variable node of v, patched into inStream(v)'s variable by mo_stream_finish:
 * so the variables of a component stay contiguous while it is made. A component holding stream
 * variables or using these operators is never a clone template (mo_context_note): its associations and
 * nodes are its own.
 * Preconditions: flatten.c calls mo_stream_declared for each stream declaration and mo_stream_connector
 * for each connector instance it completes, flatten_expr.c mo_stream_call; mo_connect calls
 * mo_stream_finish once (with no sets when nothing stream is connected).
 */
#include "aval.h"

#include <stdlib.h>
#include <string.h>

typedef struct stream_state {
    unsigned long declared;   /* stream variables made so far */
    MO_VEC(int) flow;         /* per variable (up to the last stream variable): its flow variable, or -1 */
    MO_VEC(mo_expr *) pending;   /* inStream(v) nodes: MO_EX_VAR of v until mo_stream_finish */
} stream_state;

static stream_state *state(mo_front *fr)
{
    if (!fr->stream)
        fr->stream = MO_NEW(stream_state);
    return fr->stream;
}

bool mo_stream_declared(mo_front *fr, const mo_inst *home, const mo_element *e, const mo_comp_type *t)
{
    /* (a component of a stream record is stream through its record: home's flags) */
    if (!home->is_connector && !(home->flags & MO_PF_STREAM)) {
        mo_error(e->loc, "'%s' is declared stream outside a connector: the stream prefix can only be used in a connector (spec 15.1)",
                 e->name);
        return false;
    }
    if (t->basetype < 0 ? t->cls->kind != MO_CL_RECORD : t->basetype != MO_T_REAL) {   /* spec 4.4.2.2 */
        mo_error(e->loc, "stream '%s' must be a Real or a record of them, not %s '%s'", e->name,
                 t->basetype >= 0 ? "of type" : mo_class_kind_name(t->cls->kind), mo_class_full_name(t->cls));
        return false;
    }
    if (t->basetype < 0)
        return true;   /* (its components are counted) */
    state(fr)->declared++;
    mo_context_note();
    return true;
}

unsigned long mo_stream_count(const mo_front *fr)
{
    return fr->stream ? fr->stream->declared : 0;
}

typedef MO_VEC(int) ivec;

/* The flow and stream variables of connector slot s, depth first (nesting follows the class). */
static void collect(const mo_front *fr, const mo_slot *s, ivec *flows, ivec *streams, bool *array_flow)
{
    if (s->kind == MO_SK_INST) {
        for (int i = 0; i < s->child->lay->n; i++) {
            mo_slot c = mo_slot_of(s->child, i);
            collect(fr, &c, flows, streams, array_flow);
        }
    } else if (s->kind == MO_SK_ARRAY) {
        for (int j = 0; j < s->arr->total; j++) {
            int before = flows->n;
            collect(fr, &s->arr->elems[j], flows, streams, array_flow);
            *array_flow |= flows->n != before;
        }
    } else if (s->kind == MO_SK_VAR) {
        unsigned char f = fr->vflags.v[s->var];
        if (f & MO_VF_FLOW)
            MO_PUSH(*flows, s->var);
        else if (mo_vf_type(f) == MO_VF_STREAM_TYPE)
            MO_PUSH(*streams, s->var);
    }
}

bool mo_stream_connector(mo_front *fr, mo_inst *c, mo_loc decl)
{
    ivec flows = {0}, streams = {0};
    bool array_flow = false;
    mo_slot s = {.kind = MO_SK_INST, .child = c};
    collect(fr, &s, &flows, &streams, &array_flow);
    if (!streams.n)
        return true;
    if (flows.n != 1 || array_flow) {
        mo_error(decl, "stream connector '%s' has %d flow variable%s: a stream connector must have exactly one scalar flow variable (spec 15.1)",
                 c->path, flows.n, flows.n == 1 ? " in an array" : "s");
        mo_note(c->lay->cls->loc, "'%s' is declared here", mo_class_full_name(c->lay->cls));
        return false;
    }
    stream_state *st = state(fr);
    for (int i = 0; i < streams.n; i++) {
        while (st->flow.n <= streams.v[i])
            MO_PUSH(st->flow, -1);
        st->flow.v[streams.v[i]] = flows.v[0];
    }
    return true;
}

/* The flow variable of stream variable v, or -1 (a stream connector not complete yet). */
static int flow_of(const stream_state *st, int v)
{
    return v < st->flow.n ? st->flow.v[v] : -1;
}

bool mo_stream_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                    mo_aval *out)
{
    if (e->n != 1 || e->nnamed) {
        mo_error(e->loc, "%s takes one argument, a stream variable", name);
        return false;
    }
    mo_aval arg;
    if (!mo_flatten_val(fr, inst, owner, e->a[0], &arg))
        return false;
    bool actual = strcmp(name, "actualStream") == 0;
    stream_state *st = state(fr);
    if (arg.nd && !mo_av_alloc(out, arg.nd, arg.dims, e->loc))
        return false;
    for (int j = 0; j < arg.n; j++) {   /* (vectorizable, 15.2 and 15.3) */
        mo_expr *v = mo_av_at(&arg, j);
        if (v->kind != MO_EX_VAR || v->var < 0 || mo_vf_type(fr->vflags.v[v->var]) != MO_VF_STREAM_TYPE) {
            mo_error(e->a[0]->loc, "the argument of %s must be a stream variable", name);
            return false;
        }
        mo_expr *in = mo_expr_var(e->loc, v->var);
        MO_PUSH(st->pending, in);
        mo_expr *r = in;
        if (actual) {
            int m = flow_of(st, v->var);
            if (m < 0) {
                mo_error(e->loc, "not supported yet: actualStream of a stream variable of a connector not yet complete");
                return false;
            }
            r = mo_expr_new(MO_EX_IF, e->loc);
            r->n = 3;
            r->a = MO_NEWN(mo_expr *, 3);
            r->a[0] = mo_expr_binary(e->loc, MO_OP_GT, mo_expr_var(e->loc, m), mo_expr_real(e->loc, 0.0));
            r->a[1] = in;
            r->a[2] = mo_expr_var(e->loc, v->var);
            r->depth = 3;
        }
        if (arg.nd)
            out->el[j] = r;
        else
            mo_av_scalar(out, r);
    }
    mo_context_note();   /* the nodes are patched later: not shared by clones */
    return true;
}

/* actualStream(v)'s if-expression of flow m (mo_stream_call), else false. */
static bool is_actual_of(const stream_state *st, const mo_expr *x, int m)
{
    if (!x || x->kind != MO_EX_IF || x->n != 3)
        return false;
    const mo_expr *c = x->a[0], *v = x->a[2];
    return c->kind == MO_EX_BINARY && c->op == MO_OP_GT && c->a[0]->kind == MO_EX_VAR && c->a[0]->var == m &&
           c->a[1]->kind == MO_EX_REAL && c->a[1]->real == 0.0 && v->kind == MO_EX_VAR && v->var >= 0 &&
           flow_of(st, v->var) == m;
}

void mo_stream_product(mo_front *fr, const struct mo_aval *a, const struct mo_aval *b)
{
    stream_state *st = state(fr);
    for (int side = 0; side < 2; side++) {
        const mo_aval *f = side ? b : a, *s = side ? a : b;
        if (f->nd || !f->one || f->one->kind != MO_EX_VAR)
            continue;
        for (int j = 0; j < (s->nd ? s->n : 1); j++) {
            mo_expr *x = mo_av_at(s, j);
            if (is_actual_of(st, x, f->one->var))
                x->a[0] = mo_expr_call(x->a[0]->loc, "noEvent", 1, &x->a[0]);
        }
    }
}

/* ---- the equations ---- */

typedef struct finisher {
    mo_front *fr;
    stream_state *st;
    const mo_stream_sets *ss;
    int nv;                   /* variables before inStream's were added */
    int *in_set;              /* per variable < nv: the set in which it is inside, -1 */
    int *aux;                 /* per variable < nv: 1 + its inStream variable, 0 */
    ivec work;                /* variables whose inStream variable needs its equation */
    double tol;
} finisher;

/* inStream(v)'s variable, made on first use (its equation waits in the work list). */
static int in_stream_var(finisher *f, int v)
{
    if (f->aux[v])
        return f->aux[v] - 1;
    mo_flat *flat = f->fr->flat;
    mo_var_attr *at = MO_NEW(mo_var_attr);
    *at = *flat->vars.v[v].attr;   /* (unit, nominal, start and bounds carry over; not its description) */
    at->comment = NULL;
    mo_var nv = {0};
    nv.name = mo_sprintf("inStream(%s)", mo_flat_var_name(flat, v));
    nv.attr = at;
    nv.attr_own = true;
    nv.variability = MO_VAR_CONTINUOUS;
    nv.type = MO_T_REAL;
    nv.state_select = MO_SS_DEFAULT;
    int a = flat->vars.n;
    MO_VEC_RESERVE(flat->vars, 1);
    MO_VEC_RESERVE(f->fr->vflags, 1);
    MO_PUSH(flat->vars, nv);
    MO_PUSH(f->fr->vflags, (unsigned char)(MO_T_REAL << MO_VF_TYPE_SHIFT));
    f->aux[v] = a + 1;
    MO_PUSH(f->work, v);
    return a;
}

/* A literal attribute's value (a number written as such), else false. */
static bool literal(const mo_expr *e, double *out)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_UNARY && e->op == MO_OP_NEG && literal(e->a[0], out)) {
        *out = -*out;
        return true;
    }
    if (e->kind == MO_EX_REAL || e->kind == MO_EX_INT) {
        *out = e->kind == MO_EX_REAL ? e->real : (double)e->ival;
        return true;
    }
    return false;
}

typedef struct term {
    int flow;                 /* the member's flow variable */
    bool negate;              /* weight -flow (an inside member) */
    int value;                /* the variable of its value (made into a fresh node at each use) */
} term;

static mo_expr *weight(const term *t, mo_loc loc)
{
    mo_expr *m = mo_expr_var(loc, t->flow);
    return t->negate ? mo_expr_unary(loc, MO_OP_NEG, m) : m;
}

static mo_expr *fn2(mo_loc loc, const char *fn, mo_expr *a, mo_expr *b)
{
    mo_expr *args[2] = {a, b};
    return mo_expr_call(loc, fn, 2, args);
}

static mo_expr *num(mo_loc loc, double v) { return mo_expr_real(loc, v); }

/* sum(max(x_t, 0) * value_t), or without values: s of 15.2 */
static mo_expr *flow_in(const term *t, int n, bool values, mo_loc loc)
{
    mo_expr *s = NULL;
    for (int i = 0; i < n; i++) {
        mo_expr *x = fn2(loc, "max", weight(&t[i], loc), num(loc, 0.0));
        if (values)
            x = mo_expr_binary(loc, MO_OP_MUL, x, mo_expr_var(loc, t[i].value));
        s = s ? mo_expr_binary(loc, MO_OP_ADD, s, x) : x;
    }
    return s;
}

/* alpha of 15.2: smooth(1, if s > eps then 1 else if s > 0 then (s/eps)^2*(3 - 2*s/eps) else 0) */
static mo_expr *alpha(const term *t, int n, double eps, mo_loc loc)
{
    mo_expr *c = mo_expr_binary(loc, MO_OP_MUL,
                                mo_expr_binary(loc, MO_OP_POW,
                                               mo_expr_binary(loc, MO_OP_DIV, flow_in(t, n, false, loc), num(loc, eps)),
                                               mo_expr_int(loc, 2)),
                                mo_expr_binary(loc, MO_OP_SUB, num(loc, 3.0),
                                               mo_expr_binary(loc, MO_OP_MUL, num(loc, 2.0),
                                                              mo_expr_binary(loc, MO_OP_DIV, flow_in(t, n, false, loc),
                                                                             num(loc, eps)))));
    mo_expr *a = mo_expr_new(MO_EX_IF, loc);
    a->n = 5;
    a->a = MO_NEWN(mo_expr *, 5);
    a->a[0] = mo_expr_binary(loc, MO_OP_GT, flow_in(t, n, false, loc), num(loc, eps));
    a->a[1] = num(loc, 1.0);
    a->a[2] = mo_expr_binary(loc, MO_OP_GT, flow_in(t, n, false, loc), num(loc, 0.0));
    a->a[3] = c;
    a->a[4] = num(loc, 0.0);
    a->depth = 0;
    return fn2(loc, "smooth", mo_expr_int(loc, 1), a);
}

/* alpha * x + (1 - alpha) * eps * y: with positiveMax(x_t) = alpha * max(x_t, 0) + (1 - alpha) * eps,
 * the sums of 15.2's formula are sum(positiveMax(x_t) * value_t) = alpha * sum(max(x_t, 0) * value_t) +
 * (1 - alpha) * eps * sum(value_t), and sum(positiveMax(x_t)) = alpha * s + (1 - alpha) * eps * n */
static mo_expr *blend(const term *t, int n, double eps, mo_expr *x, mo_expr *y, mo_loc loc)
{
    return mo_expr_binary(loc, MO_OP_ADD, mo_expr_binary(loc, MO_OP_MUL, alpha(t, n, eps, loc), x),
                          mo_expr_binary(loc, MO_OP_MUL,
                                         mo_expr_binary(loc, MO_OP_SUB, num(loc, 1.0), alpha(t, n, eps, loc)),
                                         mo_expr_binary(loc, MO_OP_MUL, num(loc, eps), y)));
}

/* The mix of the members of set s except member `except` (a variable), as the header says; NULL when
 * no member is left. */
static mo_expr *mix(finisher *f, int s, int except, mo_loc loc)
{
    const mo_stream_sets *ss = f->ss;
    const mo_flat *flat = f->fr->flat;
    MO_VEC(term) t = {0};
    double nominal = 0;
    for (int i = ss->start[s]; i < ss->start[s + 1]; i++) {
        int h = ss->var[i];
        bool outside = ss->outside[i];
        int m = flow_of(f->st, h);
        MO_ASSERT(m >= 0);
        const mo_var_attr *ma = flat->vars.v[m].attr;
        double nom = 1, bound;
        if (literal(ma->nominal, &nom) && nom < 0)
            nom = -nom;
        if (nom > 0 && (nominal == 0 || nom < nominal))
            nominal = nom;
        if (except >= 0 ? !outside && h == except : outside && h == -1 - except)
            continue;
        /* inside: flows in when -m > 0, never when m.min >= 0; outside: when m > 0, never when m.max <= 0 */
        if (outside ? literal(ma->max, &bound) && bound <= 0 : literal(ma->min, &bound) && bound >= 0)
            continue;
        term x = {m, !outside, outside ? in_stream_var(f, h) : h};
        MO_PUSH(t, x);
    }
    if (t.n == 0)
        return NULL;
    if (t.n == 1)
        return mo_expr_var(loc, t.v[0].value);
    double eps = f->tol * (nominal > 0 ? nominal : 1.0);
    mo_expr *values = NULL;
    for (int k = 0; k < t.n; k++) {
        mo_expr *x = mo_expr_var(loc, t.v[k].value);
        values = values ? mo_expr_binary(loc, MO_OP_ADD, values, x) : x;
    }
    mo_expr *numer = blend(t.v, t.n, eps, flow_in(t.v, t.n, true, loc), values, loc);
    mo_expr *denom = blend(t.v, t.n, eps, flow_in(t.v, t.n, false, loc), mo_expr_int(loc, t.n), loc);
    mo_expr *q = mo_expr_binary(loc, MO_OP_DIV, numer, denom);
    return mo_expr_call(loc, "noEvent", 1, &q);
}

static const char *parent_of(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot ? mo_intern(name, (size_t)(dot - name)) : mo_intern_cstr("");
}

bool mo_stream_finish(mo_front *fr, const mo_stream_sets *ss)
{
    stream_state *st = fr->stream;
    if (!st || (!st->pending.n && !ss->nsets))
        return true;
    mo_flat *flat = fr->flat;
    finisher f = {fr, st, ss, flat->vars.n, NULL, NULL, {0}, 1e-6};
    if (flat->experiment.has_tolerance && flat->experiment.tolerance > 0)
        f.tol = flat->experiment.tolerance;
    f.in_set = malloc(sizeof(int) * (size_t)(f.nv + 1));
    f.aux = calloc((size_t)f.nv + 1, sizeof(int));
    if (!f.in_set || !f.aux) {
        fprintf(stderr, "mo2c: error: out of memory\n");
        exit(1);
    }
    for (int v = 0; v < f.nv; v++)
        f.in_set[v] = -1;
    for (int s = 0; s < ss->nsets; s++)
        for (int i = ss->start[s]; i < ss->start[s + 1]; i++)
            if (!ss->outside[i])
                f.in_set[ss->var[i]] = s;
    bool ok = true;
    for (int s = 0; s < ss->nsets && ok; s++)
        for (int i = ss->start[s]; i < ss->start[s + 1]; i++) {
            int h = ss->var[i];
            if (flow_of(st, h) < 0) {   /* (a stream variable whose connector was never checked: not expected) */
                mo_error(ss->loc[s], "not supported yet: this connection of stream variable '%s'",
                         mo_flat_var_name(flat, h));
                ok = false;
                break;
            }
        }
    /* outside connectors: c_q.h = the mix of the others (15.2); -1 - h: exclude the outside member h */
    for (int s = 0; s < ss->nsets && ok; s++)
        for (int i = ss->start[s]; i < ss->start[s + 1]; i++) {
            if (!ss->outside[i])
                continue;
            int h = ss->var[i];
            mo_expr *r = mix(&f, s, -1 - h, ss->loc[s]);
            mo_add_eq(fr, ss->loc[s], ss->inst[s], MO_ORIGIN_CONNECT_EQUAL, mo_expr_var(ss->loc[s], h),
                      r ? r : mo_expr_real(ss->loc[s], 0.0), NULL);
        }
    for (int i = 0; i < st->pending.n && ok; i++) {
        mo_expr *p = st->pending.v[i];
        p->var = in_stream_var(&f, p->var);
    }
    /* inStream(v) = the mix of the others of v's inside set (each may ask for more: the work list) */
    for (int w = 0; w < f.work.n && ok; w++) {
        int v = f.work.v[w], s = f.in_set[v], a = f.aux[v] - 1;
        const mo_var_attr *va = flat->vars.v[v].attr;
        mo_loc loc = s >= 0 ? ss->loc[s] : va->loc;
        mo_expr *r = s >= 0 ? mix(&f, s, v, loc) : NULL;
        mo_add_eq(fr, loc, s >= 0 ? ss->inst[s] : parent_of(mo_flat_var_name(flat, v)), MO_ORIGIN_CONNECT_EQUAL,
                  mo_expr_var(loc, a), r ? r : mo_expr_var(loc, v), NULL);
    }
    free(f.in_set);
    free(f.aux);
    st->pending.n = 0;
    return ok;
}
