/*
 * fnstmt.c - the algorithm of a user-defined function: its statements resolved over the function's
 * slots into mo_fstmt trees (flat.h).
 *
 * Input: a function whose slots functions.c has declared (mo_fbuild: the names visible in the body, the
 * context that resolves expressions through fnexpr.c). Output: the statements, with every target a
 * slot (or an element or slice of one), the values checked against their targets' types and numbers of
 * dimensions, tuple assignments (a, b) := f(x) as one call with a target per output, a record assigned
 * field by field (from another record or a record constructor); b->assigned records which slots are
 * assigned (functions.c checks the outputs).
 * Supported: assignment, (a, b) := f(x), if/elseif/else, for over ranges and vectors (several
 * iterators), while, break, return, assert(cond, "message" [, level]), calls of functions as statements.
 * When-statements are errors (not Modelica in functions).
 */
#include "fnbuild.h"

#include <stdint.h>
#include <string.h>

void mo_fbuild_mark_assigned(mo_fbuild *b, int s)
{
    if (s >= b->cap) {
        int nc = 2 * (s + 1);
        b->assigned = mo_realloc_arena(b->assigned, (size_t)b->cap, (size_t)nc);
        b->cap = nc;
    }
    b->assigned[s] = 1;
}

int mo_fbuild_slot(mo_fbuild *b, const char *name)
{
    intptr_t k = (intptr_t)mo_map_get(&b->names, name);
    return k > 0 ? (int)k - 1 : -1;
}

/* The statement as written, for messages and comments in the generated C. */
static const char *stmt_text(const mo_stmt *s)
{
    mo_buf t = {0};
    if (s->kind == MO_ST_WHILE || s->kind == MO_ST_IF) {
        mo_buf_puts(&t, s->kind == MO_ST_WHILE ? "while " : "if ");
        mo_expr_print(&t, s->conds[0], NULL, NULL);
    } else if (s->kind == MO_ST_FOR) {
        mo_buf_printf(&t, "for %s in ", s->iters[0].name);
        if (s->iters[0].range)
            mo_expr_print(&t, s->iters[0].range, NULL, NULL);
    }
    if (s->lhs)
        mo_expr_print(&t, s->lhs, NULL, NULL);
    if (s->kind == MO_ST_ASSIGN) {
        mo_buf_puts(&t, " := ");
        mo_expr_print(&t, s->rhs, NULL, NULL);
    }
    return mo_buf_str(&t);
}

/* Can slot s be assigned (the target ref names it or its record)? Then it is marked assigned. */
static bool target_ok(mo_fbuild *b, const mo_expr *ref, int s)
{
    const mo_fvar *v = &b->f->vars.v[s];
    const char *name = mo_ref_str(ref);
    if (v->kind == MO_FV_INPUT) {
        mo_error(ref->loc, "cannot assign to input '%s' of function '%s'", name, b->f->name);
        return false;
    }
    if (v->kind == MO_FV_ITER) {
        mo_error(ref->loc, "cannot assign to the for-loop iterator '%s'", name);
        return false;
    }
    if (v->extobj) {   /* 12.9.7 */
        mo_error(ref->loc, "cannot assign to the external object '%s': it is only bound in its declaration", name);
        return false;
    }
    mo_fbuild_mark_assigned(b, s);
    return true;
}

/* The slots a target reference denotes: one for a scalar or an array, every field for a record; *sub
 * is the resolved target when it has subscripts (an MO_EX_INDEX over the slot), else NULL. */
static bool target_slots(mo_fbuild *b, const mo_expr *ref, int *first, int *count, mo_expr **sub)
{
    *sub = NULL;
    if (ref->kind != MO_EX_REF || ref->global) {
        mo_error(ref->loc, "the target of an assignment must be a variable of the function");
        return false;
    }
    bool subscripted = false;   /* x[i], r[i].x (an element of an array of records), r.x[i] */
    for (int i = 0; i < ref->nparts; i++)
        subscripted |= ref->parts[i].nsubs > 0;
    mo_buf nb = {0};
    for (int i = 0; i < ref->nparts; i++)
        mo_buf_printf(&nb, "%s%s", i ? "." : "", ref->parts[i].id);
    const char *name = mo_intern_cstr(mo_buf_str(&nb));
    intptr_t k = (intptr_t)mo_map_get(&b->names, name);
    if (k == 0) {
        mo_error(ref->loc, "unknown variable '%s'", name);
        return false;
    }
    if (k == -3) {   /* an input that is a vector of Strings (no slot) */
        mo_error(ref->loc, "cannot assign to input '%s' of function '%s'", name, b->f->name);
        return false;
    }
    if (k > 0) {
        *first = (int)k - 1;
        *count = 1;
    } else {
        const mo_frecvar *rv = mo_map_get(&b->recs, name);
        if (subscripted || !rv) {
            mo_error(ref->loc, "not supported yet: an element of the array of records '%s' as a target here", name);
            return false;
        }
        *first = rv->first;
        *count = rv->count;
    }
    for (int s = *first; s < *first + *count; s++)
        if (!target_ok(b, ref, s))
            return false;
    if (subscripted && !(*sub = mo_fctx_expr(&b->ctx, ref)))
        return false;
    return true;
}

static const char *rank_name(int r)
{
    return r == 0 ? "a scalar" : r == 1 ? "a vector" : r == 2 ? "a matrix" : mo_sprintf("an array of %d dimensions", r);
}

/* target := value: the same number of dimensions */
static bool check_assign_rank(mo_fbuild *b, mo_loc loc, int slot, const mo_expr *sub, int vrank)
{
    int tr = sub ? mo_func_expr_rank(b->f, sub) : b->f->vars.v[slot].nd;
    if (tr == vrank)
        return true;
    mo_error(loc, "cannot assign %s to %s%s '%s'", rank_name(vrank), sub ? "a part of " : "",
             rank_name(b->f->vars.v[slot].nd), b->f->vars.v[slot].name);
    return false;
}

static bool check_assign_type(mo_fbuild *b, mo_loc loc, int slot, const mo_expr *value)
{
    int tt = b->f->vars.v[slot].type, vt = mo_func_expr_type(NULL, b->f, value);
    if (vt < 0 || tt == vt || (tt == MO_T_REAL && vt == MO_T_INTEGER))
        return true;
    mo_error(loc, "cannot assign %s value to %s variable '%s'",
             vt == MO_T_INTEGER ? "an Integer" : vt == MO_T_REAL ? "a Real" : vt == MO_T_STRING ? "a String" : "a Boolean",
             mo_func_type_name(tt), b->f->vars.v[slot].name);
    return false;
}

static bool condition(mo_fbuild *b, const mo_expr *c, mo_expr **out)
{
    *out = mo_fctx_expr(&b->ctx, c);
    if (!*out)
        return false;
    int t = mo_func_expr_type(NULL, b->f, *out);
    if (mo_func_expr_rank(b->f, *out)) {
        mo_error(c->loc, "the condition must be a Boolean scalar, not an array");
        return false;
    }
    if (t >= 0 && t != MO_T_BOOLEAN) {
        mo_error(c->loc, "the condition must be a Boolean expression, not %s", mo_func_type_name(t));
        return false;
    }
    return true;
}

/* (a, b) := f(x) or r := f(x) (a record result): targets per scalar output of f. */
static bool assign_outputs(mo_fbuild *b, const mo_stmt *s, mo_fstmt *o)
{
    bool err = false;
    mo_func *g = s->rhs->kind == MO_EX_CALL ? mo_fctx_callee(&b->ctx, s->rhs, &err) : NULL;
    if (!g) {
        if (!err)
            mo_error(s->rhs->loc, "a tuple assignment needs a call of a function with several outputs on the right");
        return false;
    }
    int nt = s->lhs->kind == MO_EX_TUPLE ? s->lhs->n : 1;
    const mo_expr *const *tl = s->lhs->kind == MO_EX_TUPLE ? (const mo_expr *const *)s->lhs->a
                                                           : (const mo_expr *const *)&s->lhs;
    if (nt > g->outputs.n) {
        mo_error(s->lhs->loc, "'%s' has %d output%s, but %d are assigned", g->name, g->outputs.n,
                 g->outputs.n == 1 ? "" : "s", nt);
        return false;
    }
    mo_expr **args = mo_fctx_args(&b->ctx, s->rhs, g);
    if (!args)
        return false;
    o->ntargets = g->nout;
    o->targets = MO_NEWN(int, g->nout);
    o->target_exprs = MO_NEWN(mo_expr *, g->nout);
    for (int k = 0; k < g->nout; k++)
        o->targets[k] = -1;
    for (int i = 0; i < nt; i++) {
        if (!tl[i])
            continue;
        int first, count;
        mo_expr *sub;
        if (!target_slots(b, tl[i], &first, &count, &sub))
            return false;
        const mo_fparam *p = &g->outputs.v[i];
        if (count != p->count || (count > 1 && !p->record)) {
            mo_error(tl[i]->loc, "output '%s' of '%s' does not match '%s'", p->name, g->name, mo_ref_str(tl[i]));
            return false;
        }
        for (int k = 0; k < count; k++) {
            int gs = p->first + k;
            mo_fvar *tv = &b->f->vars.v[first + k];
            int vt = g->vars.v[gs].type;
            if ((int)tv->type != vt && !(tv->type == MO_T_REAL && vt == MO_T_INTEGER)) {
                mo_error(tl[i]->loc, "cannot assign %s output '%s' to %s variable '%s'", mo_func_type_name(vt),
                         g->vars.v[gs].name, mo_func_type_name(tv->type), tv->name);
                return false;
            }
            if (!check_assign_rank(b, tl[i]->loc, first + k, sub, g->vars.v[gs].nd))
                return false;
            o->targets[gs - g->nin] = first + k;
            o->target_exprs[gs - g->nin] = sub;
        }
    }
    o->value = mo_func_call_expr(s->rhs->loc, g, args, 0, 0);
    return true;
}

/* The assignments targets[q] (target_exprs[q] when subscripted) := values[q], q < count, as one
 * statement: a sequence in an if-statement with a true condition. */
static void assign_each(const mo_stmt *s, mo_fstmt *o, int count, const int *targets, mo_expr *const *target_exprs,
                        mo_expr *const *values)
{
    o->kind = MO_ST_IF;
    o->nconds = 1;
    o->conds = MO_NEWN(mo_expr *, 1);
    o->conds[0] = mo_expr_bool(s->loc, true);
    o->bodies = MO_NEWN(mo_fstmt_list, 2);
    o->bodies[0].n = count;
    o->bodies[0].v = MO_NEWN(mo_fstmt *, count + 1);
    for (int q = 0; q < count; q++) {
        mo_fstmt *a = MO_NEW(mo_fstmt);
        a->kind = MO_ST_ASSIGN;
        a->loc = s->loc;
        a->text = o->text;
        a->ntargets = 1;
        a->targets = MO_NEWN(int, 1);
        a->targets[0] = targets[q];
        if (target_exprs && target_exprs[q]) {
            a->target_exprs = MO_NEWN(mo_expr *, 1);
            a->target_exprs[0] = target_exprs[q];
        }
        a->value = values[q];
        o->bodies[0].v[q] = a;
    }
}

/* Does e read one of the slots [first, first + count)? */
static bool reads_slots(const mo_expr *e, int first, int count)
{
    if (e->kind == MO_EX_VAR)
        return e->var >= first && e->var < first + count;
    for (int i = 0; i < e->n; i++)
        if (reads_slots(e->a[i], first, count))
            return true;
    return false;
}

/* r := v or r[i] := v of a record variable r (rv) and a record value (fnrecord.c): one call with a target
 * per output when v is the result of one call, else field by field, through temporaries when a field's
 * value reads the record (r := Complex(r.im, r.re)). */
static bool assign_record(mo_fbuild *b, const mo_stmt *s, mo_fstmt *o, const mo_frecvar *rv)
{
    mo_frec t, v;
    if (mo_fctx_record(&b->ctx, s->lhs, &t) < 0)
        return false;
    int k = mo_fctx_record(&b->ctx, s->rhs, &v);
    if (k <= 0) {
        if (k == 0)
            mo_error(s->rhs->loc, "'%s' is a record: it can only be assigned a record", mo_ref_str(s->lhs));
        return false;
    }
    mo_layout *lay = mo_layout_of(v.rec);
    int n = rv->count;
    if (!lay || lay->n != n || v.nd != t.nd) {
        mo_error(s->loc, "cannot assign %s of type '%s' to '%s', %s of type '%s'", v.nd ? "an array of records" :
                 "a record", mo_class_full_name(v.rec), mo_ref_str(s->lhs), t.nd ? "an array of records" : "a record",
                 mo_class_full_name(rv->rec));
        return false;
    }
    int *targets = MO_NEWN(int, n + 1);
    mo_expr **texprs = MO_NEWN(mo_expr *, n + 1), **values = MO_NEWN(mo_expr *, n + 1);
    const char *rname = s->lhs->parts[0].id;
    size_t pl = strlen(rname) + 1;
    for (int q = 0; q < n; q++) {
        int slot = rv->first + q;
        intptr_t at = mo_layout_find(lay, mo_intern_cstr(b->f->vars.v[slot].name + pl));
        if (!at) {
            mo_error(s->loc, "record '%s' has no field '%s' of '%s'", mo_class_full_name(v.rec),
                     b->f->vars.v[slot].name + pl, mo_ref_str(s->lhs));
            return false;
        }
        targets[q] = slot;
        texprs[q] = t.fields[q]->kind == MO_EX_INDEX ? t.fields[q] : NULL;
        values[q] = v.fields[at - 1];
        if (!check_assign_type(b, s->rhs->loc, slot, values[q]) ||
            !check_assign_rank(b, s->loc, slot, texprs[q], mo_func_expr_rank(b->f, values[q])) ||
            !target_ok(b, s->lhs, slot))
            return false;
    }
    /* the fields of one call's record result: the call once, each output to its target */
    const mo_expr *c0 = values[0];
    bool one_call = n > 0 && c0->kind == MO_EX_CALL && c0->func;
    for (int q = 0; one_call && q < n; q++)
        one_call = values[q]->kind == MO_EX_CALL && values[q]->func == c0->func && values[q]->a == c0->a;
    if (one_call) {
        const mo_func *g = c0->func;
        o->ntargets = g->nout;
        o->targets = MO_NEWN(int, g->nout);
        o->target_exprs = MO_NEWN(mo_expr *, g->nout);
        for (int i = 0; i < g->nout; i++)
            o->targets[i] = -1;
        for (int q = 0; q < n; q++) {
            o->targets[values[q]->func_out] = targets[q];
            o->target_exprs[values[q]->func_out] = texprs[q];
        }
        o->value = mo_func_call_expr(s->rhs->loc, g, c0->a, 0, 0);
        return true;
    }
    bool alias = false;
    for (int q = 0; q < n && !alias; q++)
        alias = n > 1 && reads_slots(values[q], rv->first, rv->count);
    if (!alias) {
        assign_each(s, o, n, targets, texprs, values);
        return true;
    }
    /* tmp.f := value for every field, then r.f := tmp.f */
    int *tmps = MO_NEWN(int, 2 * n + 1);
    mo_expr **all = MO_NEWN(mo_expr *, 2 * n + 1), **alltx = MO_NEWN(mo_expr *, 2 * n + 1);
    for (int q = 0; q < n; q++) {
        const mo_fvar *tv = &b->f->vars.v[targets[q]];
        int r = mo_func_add_slot(b->f, mo_intern_cstr(mo_sprintf("(tmp)%s", tv->name)), s->loc, MO_FV_LOCAL,
                                 tv->type);
        int nd = mo_func_expr_rank(b->f, values[q]);
        if (nd) {   /* flexible: sized by the assignment */
            b->f->vars.v[r].nd = nd;
            b->f->vars.v[r].dims = MO_NEWN(mo_expr *, nd);
            b->f->has_arrays = true;
        }
        tmps[q] = r;
        all[q] = values[q];
        tmps[n + q] = targets[q];
        alltx[n + q] = texprs[q];
        all[n + q] = mo_expr_new(MO_EX_VAR, s->loc);
        all[n + q]->var = r;
    }
    assign_each(s, o, 2 * n, tmps, alltx, all);
    return true;
}

static bool assign(mo_fbuild *b, const mo_stmt *s, mo_fstmt *o)
{
    if (s->lhs->kind == MO_EX_TUPLE)
        return assign_outputs(b, s, o);
    int first, count;
    const mo_frecvar *rv = s->lhs->kind == MO_EX_REF && !s->lhs->global && s->lhs->nparts == 1 ?
                           mo_map_get(&b->recs, s->lhs->parts[0].id) : NULL;
    if (rv) {
        /* a whole record: a function result into its targets, any other record value (fnrecord.c) */
        bool err = false;
        mo_func *g;
        if (!s->lhs->parts[0].nsubs && s->rhs->kind == MO_EX_CALL && mo_fctx_call_record(&b->ctx, s->rhs, &g, &err) &&
            g)
            return assign_outputs(b, s, o);
        return !err && assign_record(b, s, o, rv);
    }
    mo_expr *sub;
    if (!target_slots(b, s->lhs, &first, &count, &sub))
        return false;
    mo_expr *v = mo_fctx_expr(&b->ctx, s->rhs);
    if (!v || !check_assign_type(b, s->rhs->loc, first, v) ||
        !check_assign_rank(b, s->loc, first, sub, mo_func_expr_rank(b->f, v)))
        return false;
    o->ntargets = 1;
    o->targets = MO_NEWN(int, 1);
    o->targets[0] = first;
    if (sub) {
        o->target_exprs = MO_NEWN(mo_expr *, 1);
        o->target_exprs[0] = sub;
    }
    o->value = v;
    return true;
}

/* AssertionLevel.error: 1, AssertionLevel.warning: 2, anything else 0. */
static int assertion_level(const mo_expr *e)
{
    if (e->kind != MO_EX_REF || e->nparts > 2 || (e->nparts == 2 && strcmp(e->parts[0].id, "AssertionLevel")))
        return 0;
    const char *id = e->parts[e->nparts - 1].id;
    return !strcmp(id, "error") ? 1 : !strcmp(id, "warning") ? 2 : 0;
}

static bool stmt_call(mo_fbuild *b, const mo_stmt *s, mo_fstmt *o)
{
    const mo_expr *c = s->lhs;
    const char *name = c && c->fn && c->fn->kind == MO_EX_REF ? mo_ref_str(c->fn) : "";
    if (!strcmp(name, "assert")) {
        /* assert(condition, "message" [, level]): level AssertionLevel.error (1) or .warning (2) */
        const mo_expr *lev = c->n == 3 ? c->a[2] : c->nnamed == 1 && !strcmp(c->named[0].name, "level") ?
                             c->named[0].value : NULL;
        if (c->n < 2 || c->n + c->nnamed > 3 || (c->nnamed && !lev)) {
            mo_error(c->loc, "assert in a function takes a condition, a message string and an optional level");
            return false;
        }
        mo_expr *msg = mo_fctx_expr(&b->ctx, c->a[1]);
        if (!msg)
            return false;
        if (mo_func_expr_type(NULL, b->f, msg) != MO_T_STRING) {
            mo_error(c->a[1]->loc, "the message of assert must be a String");
            return false;
        }
        int level = lev ? assertion_level(lev) : 1;
        if (!level) {
            mo_error(lev->loc, "the level of assert must be AssertionLevel.error or AssertionLevel.warning");
            return false;
        }
        mo_expr *cond;
        if (!condition(b, c->a[0], &cond))
            return false;
        mo_expr *call = mo_expr_new(MO_EX_CALL, c->loc);
        *call = *c;
        call->n = 3;
        call->nnamed = 0;
        call->a = MO_NEWN(mo_expr *, 3);
        call->a[0] = cond;
        call->a[1] = msg;
        call->a[2] = mo_expr_int(c->loc, level);
        call->a[2]->text = level == 2 ? "AssertionLevel.warning" : "AssertionLevel.error";
        o->value = call;
        return true;
    }
    bool err = false;
    mo_func *g = mo_fctx_callee(&b->ctx, c, &err);
    if (!g) {
        if (!err)
            mo_error(c->loc, "not supported yet: '%s' as a statement", name);
        return false;
    }
    mo_expr **args = mo_fctx_args(&b->ctx, c, g);
    if (!args)
        return false;
    o->value = mo_func_call_expr(c->loc, g, args, 0, 0);
    return true;
}

/* for e in E, E an enumeration or Boolean type (11.2.2.1), perhaps through short classes: the range of its
 * values (enumeration values are Integers in functions: 1:n, their names from *ecls); NULL for other ranges. */
static mo_expr *type_range(mo_fbuild *b, const mo_expr *range, const mo_class **ecls)
{
    if (range->kind != MO_EX_REF || (range->nparts == 1 && mo_map_get(&b->names, range->parts[0].id)))
        return NULL;
    mo_name nm;
    mo_name_init(&nm, range->loc, range->global, range->nparts);
    for (int i = 0; i < range->nparts; i++) {
        if (range->parts[i].nsubs)
            return NULL;
        nm.ids[i] = range->parts[i].id;
        mo_name_set_loc(&nm, i, mo_ref_part_loc(range, i));
    }
    mo_found f;
    mo_class *c = mo_lookup_name(b->ctx.owner, &nm, &f) < 0 && !f.comp ? f.cls : NULL;
    while (c && c->form == MO_FORM_SHORT && c->nshort_dims == 0)
        c = mo_short_target(c);
    if (!c || (c->form != MO_FORM_ENUM && mo_builtin_type(c) != MO_T_BOOLEAN))
        return NULL;
    mo_expr *r = mo_expr_new(c->form == MO_FORM_ENUM ? MO_EX_RANGE : MO_EX_ARRAY, range->loc);
    r->n = 2;
    r->a = MO_NEWN(mo_expr *, 2);
    if (c->form == MO_FORM_ENUM) {
        r->a[0] = mo_expr_int(range->loc, 1);
        r->a[1] = mo_expr_int(range->loc, c->nliterals);
        *ecls = c;
    } else {
        r->a[0] = mo_expr_bool(range->loc, false);
        r->a[1] = mo_expr_bool(range->loc, true);
    }
    return r;
}

static bool stmt_for(mo_fbuild *b, const mo_stmt *s, int iter, mo_fstmt *o)
{
    const mo_iterator *it = &s->iters[iter];
    if (!it->range) {
        mo_error(it->loc, "not supported yet: iterator '%s' without a range", it->name);
        return false;
    }
    const mo_class *ecls = NULL;
    mo_expr *r = type_range(b, it->range, &ecls);
    if (!r)
        r = mo_fctx_expr(&b->ctx, it->range);
    if (!r)
        return false;
    int type = MO_T_INTEGER;
    if (r->kind == MO_EX_RANGE && r->n == 2 && !ecls) {   /* E.b:E.c, or k1:k2 of enumeration slots */
        const mo_expr *lo = r->a[0];
        ecls = lo->kind == MO_EX_VAR && lo->var >= 0 && lo->var < b->f->vars.n ? b->f->vars.v[lo->var].enum_cls
                                                                                  : mo_enum_literal_class(lo);
    }
    if (r->kind == MO_EX_RANGE) {
        for (int i = 0; i < r->n; i++) {
            int t = mo_func_expr_type(NULL, b->f, r->a[i]);
            if (t == MO_T_BOOLEAN) {
                mo_error(r->a[i]->loc, "the bounds of a for range must be numbers");
                return false;
            }
            if (t == MO_T_REAL)
                type = MO_T_REAL;
        }
    } else {   /* the elements of a vector */
        if (mo_func_expr_rank(b->f, r) != 1) {
            mo_error(it->range->loc, "the range of a for-loop must be a vector, not %s",
                     rank_name(mo_func_expr_rank(b->f, r)));
            return false;
        }
        int t = mo_func_expr_type(NULL, b->f, r);
        if (t == MO_T_STRING) {   /* (iterators are numbers in the generated C) */
            mo_error(it->range->loc, "not supported yet: a for-loop over Strings in a function");
            return false;
        }
        type = t < 0 ? MO_T_REAL : t;
    }
    o->kind = MO_ST_FOR;
    o->range = r;
    o->iter = mo_func_add_slot(b->f, it->name, it->loc, MO_FV_ITER, type);
    b->f->vars.v[o->iter].enum_cls = ecls;
    void *saved = mo_map_get(&b->names, it->name);
    mo_map_put(&b->names, it->name, (void *)(intptr_t)(o->iter + 1));
    o->bodies = MO_NEWN(mo_fstmt_list, 1);
    bool ok;
    if (iter + 1 < s->niters) {
        mo_fstmt *inner = MO_NEW(mo_fstmt);
        inner->loc = s->loc;
        inner->text = o->text;
        o->bodies[0].n = 1;
        o->bodies[0].v = MO_NEWN(mo_fstmt *, 1);
        o->bodies[0].v[0] = inner;
        ok = stmt_for(b, s, iter + 1, inner);
    } else {
        b->loops++;
        ok = mo_fbuild_stmts(b, &s->bodies[0], &o->bodies[0]);
        b->loops--;
    }
    mo_map_put(&b->names, it->name, saved);
    return ok;
}

static bool stmt(mo_fbuild *b, const mo_stmt *s, mo_fstmt *o)
{
    o->kind = s->kind;
    o->loc = s->loc;
    o->text = stmt_text(s);
    switch (s->kind) {
    case MO_ST_ASSIGN:
        return assign(b, s, o);
    case MO_ST_CALL:
        return stmt_call(b, s, o);
    case MO_ST_IF:
        o->nconds = s->nconds;
        o->conds = MO_NEWN(mo_expr *, s->nconds);
        o->bodies = MO_NEWN(mo_fstmt_list, s->nconds + 1);
        for (int i = 0; i < s->nconds; i++)
            if (!condition(b, s->conds[i], &o->conds[i]) || !mo_fbuild_stmts(b, &s->bodies[i], &o->bodies[i]))
                return false;
        return mo_fbuild_stmts(b, &s->bodies[s->nconds], &o->bodies[s->nconds]);
    case MO_ST_WHILE: {
        o->nconds = 1;
        o->conds = MO_NEWN(mo_expr *, 1);
        o->bodies = MO_NEWN(mo_fstmt_list, 1);
        if (!condition(b, s->conds[0], &o->conds[0]))
            return false;
        b->loops++;
        bool ok = mo_fbuild_stmts(b, &s->bodies[0], &o->bodies[0]);
        b->loops--;
        return ok;
    }
    case MO_ST_FOR:
        return stmt_for(b, s, 0, o);
    case MO_ST_BREAK:
        if (!b->loops) {
            mo_error(s->loc, "'break' outside a loop");
            return false;
        }
        return true;
    case MO_ST_RETURN:
        return true;
    case MO_ST_WHEN:
        mo_error(s->loc, "when-statements are not allowed in functions");
        return false;
    }
    mo_unreachable("statement kind");
}

bool mo_fbuild_stmts(mo_fbuild *b, const mo_stmt_list *l, mo_fstmt_list *out)
{
    out->n = 0;
    out->v = MO_NEWN(mo_fstmt *, l->n > 0 ? l->n : 1);
    for (int i = 0; i < l->n; i++) {
        mo_fstmt *o = MO_NEW(mo_fstmt);
        if (!stmt(b, l->v[i], o))
            return false;
        out->v[out->n++] = o;
    }
    return true;
}

bool mo_fbuild_check_binding(mo_fbuild *b, mo_loc loc, int slot, const mo_expr *v)
{
    return check_assign_type(b, loc, slot, v) && check_assign_rank(b, loc, slot, NULL, mo_func_expr_rank(b->f, v));
}
