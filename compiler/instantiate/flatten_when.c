/*
 * flatten_when.c - the event constructs of flattening: when-equations (with elsewhen), reinit, assert,
 * terminate, and if-equations whose conditions change in time. Hooks of flatten.c's flatten_eq.
 *
 * Input: the AST equations of an instance (inst.h context). Output, into the flat model (flat.h):
 *   - mo_flat.whens: one mo_fwhen per when-equation (instance of a component), its branches in priority
 *     order, each body a list of statements: v = e (MO_WS_ASSIGN), reinit, assert, terminate;
 *   - mo_flat.asserts: assert() written outside when-equations;
 *   - a time-varying if-equation becomes one equation per position of its branches, the branches
 *     combined by an if-expression: "if c then y = a; else y = b;" -> "y = if c then a else b", and
 *     where the left-hand sides differ, "0 = if c then l1 - r1 else l2 - r2".
 * Preconditions: the components of the instance are instantiated (fill_inst ensures every slot before it
 * flattens the equation sections), so flattening a body adds no binding equations of its own. Bodies
 * are flattened by flatten.c itself (for-equations, parameter if-equations inside a when work as
 * anywhere); the equations it appends are then moved out of mo_flat.eqs.
 *
 * When-equations do not nest (specification 8.3.5); reinit is only legal inside them.
 */
#include "aval.h"
#include "func.h"
#include "str.h"   /* messages: mo_str_message */

#include <stdlib.h>
#include <string.h>

/* The branch whose body is being flattened (NULL outside when-equations), and whether we are inside a
 * time-varying if-equation (whose branches cannot hold statements). */
static mo_wbranch *cur_branch;
static int in_if;
/* The conditions under which the branches of the time-varying if-equations being flattened hold, one
 * per nesting level (c2 and not c1 for the elseif branch of "if c1 ... elseif c2"): an assert there
 * checks its condition only then. */
static MO_VEC(mo_expr *) guards;

typedef MO_VEC(mo_feq) feq_vec;

static const char *call_name(const mo_expr *call)
{
    return call && call->fn && call->fn->kind == MO_EX_REF ? mo_ref_str(call->fn) : "call";
}

/* Take the equations appended to flat->eqs since n0 (those written in the equations, not bindings) out
 * of it, into *out. */
static void take_eqs(mo_front *fr, int n0, feq_vec *out)
{
    mo_flat *flat = fr->flat;
    int w = n0;
    for (int k = n0; k < flat->eqs.n; k++) {
        if (flat->eqs.v[k].origin == MO_ORIGIN_EQUATION)
            MO_PUSH(*out, flat->eqs.v[k]);
        else
            flat->eqs.v[w++] = flat->eqs.v[k];
    }
    flat->eqs.n = w;
}

/* A when-condition: a Boolean scalar, or a vector whose elements each fire the clause when they become
 * true (spec 8.3.5.1: when {x < 0.5, time > 2}), kept as an array node {c1, c2} (flat.h). */
static int in_condition;   /* > 0 while a when-condition is flattened */

bool mo_in_when_condition(void)
{
    return in_condition > 0;
}

static mo_expr *when_condition(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *c)
{
    mo_aval v;
    in_condition++;
    bool ok = mo_flatten_val(fr, inst, owner, c, &v);
    in_condition--;
    if (!ok)
        return NULL;
    if (v.nd > 1) {
        mo_error(c->loc, "a when-condition must be a Boolean scalar or vector, not of size %s", mo_av_size_str(&v));
        return NULL;
    }
    for (int j = 0; j < v.n; j++) {
        if (mo_flat_is_clock(fr->flat, mo_av_at(&v, j))) {
            if (v.nd == 0)
                return v.one;   /* a clocked when-clause (mo_flatten_when) */
            mo_error(c->loc, "the condition of a when-clause cannot be an array of clocks (spec 16.6)");
            return NULL;
        }
        int t = mo_func_expr_type(fr->flat, NULL, mo_av_at(&v, j));
        if (t >= 0 && t != MO_T_BOOLEAN) {
            mo_error(c->loc, "a when-condition must be Boolean, not %s", mo_func_type_name(t));
            return NULL;
        }
    }
    if (v.nd == 0)
        return v.one;
    mo_expr *a = mo_expr_new(MO_EX_ARRAY, c->loc);
    a->n = v.n;
    a->a = v.el;
    return a;
}

bool mo_when_target_ok(mo_front *fr, const mo_inst *inst, int var, mo_loc loc)
{
    const char *name = mo_flat_var_name(fr->flat, var);
    size_t pl = strlen(inst->path);
    if (pl && (strncmp(name, inst->path, pl) != 0 || name[pl] != '.'))
        return true;   /* (an outer element's inner, elsewhere) */
    const char *p = name + (pl ? pl + 1 : 0);
    const mo_inst *cur = inst;
    /* follow the components of the name below inst, each part up to a '.' outside subscripts; an array
     * of components has one class, that of its first element */
    for (;;) {
        const char *q = p;
        size_t id = 0;
        for (int depth = 0; *q && (*q != '.' || depth); q++) {
            if (*q == '[' && depth++ == 0 && !id)
                id = (size_t)(q - p);
            else if (*q == ']')
                depth--;
        }
        if (!*q)
            return true;   /* the last part: the variable itself */
        intptr_t it = mo_layout_find(cur->lay, mo_intern(p, id ? id : (size_t)(q - p)));
        if (!it)
            return true;
        mo_slot s = mo_slot_of(cur, (int)it - 1);
        if (s.kind == MO_SK_ARRAY && s.arr->total)
            s = s.arr->elems[0];
        if (s.kind != MO_SK_INST || !s.child)
            return true;
        cur = s.child;
        mo_class_kind k = cur->lay->cls->kind;
        if (k == MO_CL_MODEL || k == MO_CL_BLOCK) {
            mo_error(loc, "'%s' cannot be assigned in a when-clause here: it is declared inside '%s', an instance "
                     "of the %s '%s' (specification 4.4.4)", name, mo_intern(name, (size_t)(q - name)), mo_class_kind_name(k),
                     mo_class_full_name(cur->lay->cls));
            return false;
        }
        p = q + 1;
    }
}

/* A clocked when-clause (16.6): its equations are clocked equations with the clock c. They stay
 * equations of the model, each lhs = $when(rhs, c) (flat.h), for analysis/clocks.c. */
static bool clocked_when(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, mo_expr *c)
{
    if (q->nconds > 1) {
        mo_error(q->conds[1]->loc, "a clocked when-clause has no elsewhen part (spec 16.6)");
        return false;
    }
    int n0 = fr->flat->eqs.n;
    if (!mo_flatten_eqs(fr, inst, owner, &q->bodies[0], false))
        return false;
    for (int k = n0; k < fr->flat->eqs.n; k++) {
        mo_feq *f = &fr->flat->eqs.v[k];
        if (f->origin != MO_ORIGIN_EQUATION || mo_feq_packed(f))
            continue;
        mo_expr **a = MO_NEWN(mo_expr *, 2);
        a[0] = f->rhs;
        a[1] = c;
        mo_expr *w = mo_expr_new(MO_EX_CALL, f->loc);
        w->fn = mo_expr_ref1(f->loc, mo_intern_cstr(MO_CLOCKED_WHEN), f->loc);
        w->n = 2;
        w->a = a;
        f->rhs = w;
    }
    return true;
}

bool mo_flatten_when(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    if (initial) {
        mo_error(q->loc, "when-equations are not allowed in an initial equation section");
        return false;
    }
    if (cur_branch || in_if) {
        mo_error(q->loc, cur_branch ? "when-equations cannot be nested"
                                    : "a when-equation cannot be inside an if-equation with a time-varying condition");
        return false;
    }
    mo_expr *first = NULL;
    if (q->nconds >= 1) {   /* when c then (16.6): a clock, no elsewhen */
        first = when_condition(fr, inst, owner, q->conds[0]);
        if (!first)
            return false;
        if (mo_flat_is_clock(fr->flat, first))
            return clocked_when(fr, inst, owner, q, first);
    }
    mo_fwhen w;
    memset(&w, 0, sizeof w);
    w.loc = q->loc;
    w.instance = inst->path;
    w.nbranches = q->nconds;
    w.branches = MO_NEWN(mo_wbranch, q->nconds);
    for (int i = 0; i < q->nconds; i++) {
        mo_wbranch *b = &w.branches[i];
        b->loc = q->conds[i]->loc;
        if (!(b->cond = i ? when_condition(fr, inst, owner, q->conds[i]) : first))
            return false;
        feq_vec eqs = {0};
        int n0 = fr->flat->eqs.n;
        cur_branch = b;
        bool ok = mo_flatten_eqs(fr, inst, owner, &q->bodies[i], false);
        cur_branch = NULL;
        take_eqs(fr, n0, &eqs);
        if (!ok)
            return false;
        for (int k = 0; k < eqs.n; k++) {
            const mo_feq *f = &eqs.v[k];
            if (f->lhs->kind != MO_EX_VAR) {
                mo_error(f->loc, f->lhs->kind == MO_EX_INDEX
                         ? "not supported yet: an equation in a when-clause that determines an element chosen at run "
                           "time (a subscript that is not a parameter expression)"
                         : "the left-hand side of an equation in a when-clause must be a variable");
                return false;
            }
            if (!mo_when_target_ok(fr, inst, f->lhs->var, f->loc))
                return false;
            mo_wstmt s;
            memset(&s, 0, sizeof s);
            s.kind = MO_WS_ASSIGN;
            s.loc = f->loc;
            s.lhs = f->lhs;
            s.rhs = f->rhs;
            MO_PUSH(b->body, s);
        }
    }
    MO_PUSH(fr->flat->whens, w);
    return true;
}

/* The if-expression "if conds[0] then vals[0] elseif ... else vals[n]". */
static mo_expr *if_expr(mo_loc loc, int n, mo_expr **conds, mo_expr **vals)
{
    mo_expr *e = mo_expr_new(MO_EX_IF, loc);
    e->n = 2 * n + 1;
    e->a = MO_NEWN(mo_expr *, e->n);
    for (int i = 0; i < n; i++) {
        e->a[2 * i] = conds[i];
        e->a[2 * i + 1] = vals[i];
    }
    e->a[2 * n] = vals[n];
    return e;
}

/* AssertionLevel.error or AssertionLevel.warning. */
static int assertion_level(const mo_expr *e)
{
    if (e->kind != MO_EX_REF || e->nparts < 1)
        return 0;
    const char *id = e->parts[e->nparts - 1].id;
    if (e->nparts > 2 || (e->nparts == 2 && strcmp(e->parts[0].id, "AssertionLevel") != 0))
        return 0;
    return strcmp(id, "error") == 0 ? 1 : strcmp(id, "warning") == 0 ? 2 : 0;
}

static bool add_stmt(mo_front *fr, const mo_wstmt *s)
{
    if (cur_branch)
        MO_PUSH(cur_branch->body, *s);
    else
        MO_PUSH(fr->flat->asserts, *s);
    return true;
}

bool mo_flatten_call_eq(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    const mo_expr *c = q->lhs;
    const char *fn = call_name(c);
    bool is_reinit = !strcmp(fn, "reinit"), is_assert = !strcmp(fn, "assert"), is_term = !strcmp(fn, "terminate");
    if (mo_func_connections_op(fn))   /* Connections.branch, root, potentialRoot (cgraph.c) */
        return mo_cg_statement(fr, inst, owner, q, fn, initial);
    if (!strcmp(fn, "transition") || !strcmp(fn, "initialState"))   /* state machines (flatten_sm.c) */
        return mo_sm_statement(fr, inst, owner, q, initial);
    /* f(x); of a user function: an empty call, evaluated for its asserts (funcall_model.c) */
    mo_expr *call = NULL;
    int user = is_reinit || is_assert || is_term ? 0 : mo_func_empty_call(fr, inst, owner, c, &call);
    if (user < 0)
        return false;
    if (!is_reinit && !is_assert && !is_term && !user) {
        mo_error(q->loc, "not supported yet: '%s' in equations", fn);
        return false;
    }
    if (in_if && !is_assert) {
        mo_error(q->loc, "not supported yet: '%s' inside an if-equation with a time-varying condition", fn);
        return false;
    }
    mo_wstmt s;
    if (user) {
        memset(&s, 0, sizeof s);
        s.loc = q->loc;
        s.kind = MO_WS_CALL;
        s.rhs = call;
        return add_stmt(fr, &s);
    }
    if (is_reinit && !cur_branch) {
        mo_error(q->loc, "reinit is only allowed inside a when-equation");
        return false;
    }
    if (is_term && !cur_branch) {
        mo_error(q->loc, "not supported yet: terminate outside a when-equation");
        return false;
    }
    (void)initial; /* an assert of an initial equation section is checked like the others */
    if (!mo_flatten_event_call(fr, inst, owner, c, q->loc, &s))
        return false;
    for (int i = guards.n - 1; is_assert && i >= 0; i--) {   /* inside if c then: assert(if c then cond else true) */
        mo_expr *v[2] = {s.rhs, mo_expr_bool(q->loc, true)};
        s.rhs = if_expr(q->loc, 1, &guards.v[i], v);
    }
    return add_stmt(fr, &s);
}

bool mo_flatten_event_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *c, mo_loc loc,
                           mo_wstmt *s)
{
    const char *fn = call_name(c);
    memset(s, 0, sizeof *s);
    s->loc = loc;
    if (!strcmp(fn, "reinit")) {
        if (c->n != 2 || c->nnamed) {
            mo_error(loc, "reinit takes two arguments: reinit(x, expr)");
            return false;
        }
        s->kind = MO_WS_REINIT;
        if (!(s->lhs = mo_flatten_expr(fr, inst, owner, c->a[0])) || !(s->rhs = mo_flatten_expr(fr, inst, owner, c->a[1])))
            return false;
        if (s->lhs->kind == MO_EX_INDEX) {
            /* (which element it resets is known at the event only: the check that one when-equation
             * reinitializes a variable, events.c, and the event code take a variable) */
            mo_error(c->a[0]->loc, "reinit of an array element chosen at run time ('%s') is not supported yet",
                     s->lhs->str ? s->lhs->str : "x[k]");
            return false;
        }
        if (s->lhs->kind != MO_EX_VAR || fr->flat->vars.v[s->lhs->var].type != MO_T_REAL) {
            mo_error(c->a[0]->loc, "the first argument of reinit must be a Real variable");
            return false;
        }
        return true;
    }
    if (!strcmp(fn, "terminate")) {
        if (c->n != 1 || c->nnamed) {
            mo_error(loc, "terminate takes one argument: terminate(message)");
            return false;
        }
        s->kind = MO_WS_TERMINATE;
        return mo_str_message(fr, inst, owner, c->a[0], s, fn);
    }
    /* assert(condition, message [, level]) */
    const mo_expr *lev = c->n >= 3 ? c->a[2] : NULL;
    for (int i = 0; i < c->nnamed; i++) {
        if (strcmp(c->named[i].name, "level") == 0 && !lev) {
            lev = c->named[i].value;
        } else {
            mo_error(c->named[i].loc, "assert has no argument '%s'", c->named[i].name);
            return false;
        }
    }
    if (c->n < 2 || c->n > 3) {
        mo_error(loc, "assert takes a condition, a message and an optional level");
        return false;
    }
    s->kind = MO_WS_ASSERT;
    s->level = 1;
    if (lev && !(s->level = assertion_level(lev))) {
        mo_error(lev->loc, "the level of assert must be AssertionLevel.error or AssertionLevel.warning");
        return false;
    }
    if (!(s->rhs = mo_flatten_expr(fr, inst, owner, c->a[0])))
        return false;
    int t = mo_func_expr_type(fr->flat, NULL, s->rhs);
    if (t >= 0 && t != MO_T_BOOLEAN) {
        mo_error(c->a[0]->loc, "the condition of assert must be a Boolean expression, not %s", mo_func_type_name(t));
        return false;
    }
    if (s->rhs->kind == MO_EX_BOOL && s->rhs->ival) {
        /* assert(true, m): m is never evaluated (8.3.7), so it may be what a model cannot evaluate (the
         * String result of a function that itself fails) */
        s->nmsg = 1;
        s->msg = MO_NEWN(mo_expr *, 1);
        s->msg[0] = mo_expr_string(c->a[1]->loc, "");
        return true;
    }
    return mo_str_message(fr, inst, owner, c->a[1], s, fn);
}


bool mo_in_event_body(void)
{
    return cur_branch || in_if;
}

bool mo_in_when(void)
{
    return cur_branch != NULL;
}

/* A connect inside a when-equation or an if-equation whose condition changes in time would become an
 * unconditional connection: the specification forbids both (9.1, 8.3.5). False after the error. */
bool mo_connect_allowed_here(const mo_eq *q)
{
    if (!cur_branch && !in_if)
        return true;
    mo_error(q->loc, "connect cannot be inside %s", cur_branch ? "a when-equation"
                                                              : "an if-equation whose condition is not a parameter expression");
    return false;
}

/* The equations of an if-equation's branch are paired by position with the first branch's; when both
 * solve for the same variables in another order (if c then n = ...; b = ...; else b = ...; n = ...: the
 * MSL's Clocked.BooleanSignals.TickBasedSources.Pulse), branch b is put in the first's order, so that
 * each pair keeps its variable (a residual 0 = l1 - r1 would not do for Boolean or Integer equations).
 * Sorting by variable: n log n. */
static const mo_feq *order_base;
static int by_lhs_var(const void *a, const void *b)
{
    int x = order_base[*(const int *)a].lhs->var, y = order_base[*(const int *)b].lhs->var;
    return x < y ? -1 : x > y;
}

static void same_order(const feq_vec *first, feq_vec *b)
{
    int n = first->n;
    if (n == 0)
        return;   /* (branches without equations: nothing to pair, and their vectors may be NULL) */
    for (int k = 0; k < n; k++)
        if (first->v[k].lhs->kind != MO_EX_VAR || b->v[k].lhs->kind != MO_EX_VAR)
            return;
    int *i0 = MO_NEWN(int, n + 1), *ib = MO_NEWN(int, n + 1);
    for (int k = 0; k < n; k++)
        i0[k] = ib[k] = k;
    order_base = first->v;
    mo_qsort(i0, (size_t)n, sizeof *i0, by_lhs_var);
    order_base = b->v;
    mo_qsort(ib, (size_t)n, sizeof *ib, by_lhs_var);
    for (int r = 0; r < n; r++)
        if (first->v[i0[r]].lhs->var != b->v[ib[r]].lhs->var || (r && first->v[i0[r]].lhs->var ==
                                                                  first->v[i0[r - 1]].lhs->var))
            return;   /* not the same variables, once each */
    mo_feq *v = MO_NEWN(mo_feq, n + 1);
    for (int r = 0; r < n; r++)
        v[i0[r]] = b->v[ib[r]];
    memcpy(b->v, v, sizeof *v * (size_t)n);
}

bool mo_flatten_if_eq(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, int from, bool initial)
{
    int nc = q->nconds - from;
    mo_expr **conds = MO_NEWN(mo_expr *, nc);
    for (int i = 0; i < nc; i++)
        if (!(conds[i] = mo_flatten_expr(fr, inst, owner, q->conds[from + i])))
            return false;
    /* the branches: each flattened on its own, its equations taken out of the flat model */
    feq_vec *br = MO_NEWN(feq_vec, nc + 1);
    for (int b = 0; b <= nc; b++) {
        const mo_eq_list *body = &q->bodies[from + b];
        int n0 = initial ? fr->flat->initial_eqs.n : fr->flat->eqs.n;
        mo_expr *g = b < nc ? conds[b] : NULL;   /* the branch holds when its condition does, no earlier one */
        for (int k = b - 1; k >= 0; k--) {
            mo_expr *no = mo_expr_unary(q->loc, MO_OP_NOT, conds[k]);
            g = g ? mo_expr_binary(q->loc, MO_OP_AND, no, g) : no;
        }
        in_if++;
        MO_PUSH(guards, g ? g : mo_expr_bool(q->loc, true));
        bool ok = mo_flatten_eqs(fr, inst, owner, body, initial);
        guards.n--;
        in_if--;
        if (initial) { /* initial sections hold no bindings: everything added is the branch's */
            for (int k = n0; k < fr->flat->initial_eqs.n; k++)
                MO_PUSH(br[b], fr->flat->initial_eqs.v[k]);
            fr->flat->initial_eqs.n = n0;
        } else {
            take_eqs(fr, n0, &br[b]);
        }
        if (!ok)
            return false;
    }
    for (int b = 1; b <= nc; b++)
        if (br[b].n != br[0].n) {
            if (b == nc && q->bodies[q->nconds].n == 0)
                mo_error(q->loc, "this if-equation has a time-varying condition, so it needs an else branch "
                         "with the same number of equations (%d) as the others", br[0].n);
            else if (b == nc)
                mo_error(q->loc, "the branches of an if-equation with a time-varying condition must have the "
                         "same number of equations: the first has %d, the else branch has %d", br[0].n, br[b].n);
            else
                mo_error(q->loc, "the branches of an if-equation with a time-varying condition must have the "
                         "same number of equations: the first has %d, branch %d has %d", br[0].n, b + 1, br[b].n);
            return false;
        }
    for (int b = 1; b <= nc; b++)
        same_order(&br[0], &br[b]);
    mo_expr **vals = MO_NEWN(mo_expr *, nc + 1);
    for (int k = 0; k < br[0].n; k++) {
        const mo_feq *f0 = &br[0].v[k];
        bool same = f0->lhs->kind == MO_EX_VAR;
        for (int b = 1; b <= nc && same; b++)
            same = br[b].v[k].lhs->kind == MO_EX_VAR && br[b].v[k].lhs->var == f0->lhs->var;
        for (int b = 0; b <= nc; b++) {
            const mo_feq *f = &br[b].v[k];
            vals[b] = same ? f->rhs : mo_expr_binary(f->loc, MO_OP_SUB, f->lhs, f->rhs);
        }
        mo_expr *lhs = same ? f0->lhs : mo_expr_int(f0->loc, 0);
        mo_expr *rhs = if_expr(q->loc, nc, conds, vals);
        mo_feq f = {f0->loc, inst->path, MO_ORIGIN_EQUATION, 0, lhs, rhs, f0->comment};
        if (initial)
            MO_PUSH(fr->flat->initial_eqs, f);
        else
            MO_PUSH(fr->flat->eqs, f);
    }
    return true;
}
