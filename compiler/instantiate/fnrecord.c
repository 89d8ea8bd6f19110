/*
 * fnrecord.c - record values in the body of a user function: record variables and elements of arrays of
 * them, record constructors, calls of functions with a record result, operators of operator records
 * (spec chapter 14), if-expressions and {a, b} of records, constants of record types.
 *
 * Input: AST expressions and a function context (func.h) whose record variables are in c->recs. Output:
 * a record value as one expression per field over the function's slots (mo_frec; an array of records is
 * a structure of arrays, as functions.c declares it). A call whose value is a record becomes one call
 * expression per field (mo_expr.func_out), all sharing one argument array: the generated C calls the
 * function once for all of them (codegen_farr.c). An operator applied to a record calls the function
 * operators.c chooses (14.3-14.5: a unique match, else one operand converted by a constructor); when
 * that function's output is a scalar ('==', String(r)) the value is an ordinary call.
 * Not supported yet (located errors): operators applied element by element to arrays of records.
 */
#include "aval.h"
#include "func.h"

#include <stdint.h>
#include <string.h>

static const mo_frecvar *record_var(mo_fctx *c, const mo_expr *e)
{
    if (!c->recs || e->kind != MO_EX_REF || e->global || e->nparts != 1)
        return NULL;
    return mo_map_get(c->recs, e->parts[0].id);
}

/* A constant of a record type that e names (Modelica.ComplexMath.j), with its binding; NULL if none. */
static const mo_expr *record_constant(mo_fctx *c, const mo_expr *e, mo_class **owner)
{
    if (e->kind != MO_EX_REF || (c->names && !e->global && mo_map_get(c->names, e->parts[0].id)))
        return NULL;
    for (int i = 0; i < e->nparts; i++)
        if (e->parts[i].nsubs)
            return NULL;
    mo_name n;
    mo_name_of_ref(&n, e);
    mo_found f;
    if (mo_lookup_name(c->owner, &n, &f) >= 0 || !f.comp || !(f.comp->flags & MO_PF_CONSTANT) || !f.comp->mod ||
        !f.comp->mod->binding || f.comp->ndims)
        return NULL;
    mo_found t;
    if (mo_lookup_name(f.owner, f.comp->type, &t) >= 0 || !t.cls)
        return NULL;
    mo_class *cls = t.cls;
    while (cls && cls->form == MO_FORM_SHORT && !cls->nshort_dims)
        cls = mo_short_target(cls);
    if (!cls || !mo_rv_is_record_class(cls))
        return NULL;
    *owner = f.owner;
    return f.comp->mod->binding;
}

/* A constant of a record type, or an array of records, that e names with no binding record_constant
 * follows (constant R r(a = 1), constant R rs[2] = {r, r}, and rs[i]: the Media library's gas data): the
 * constant found, its lookup's answer for the name (-1), NULL if none. */
static const mo_element *record_data(mo_fctx *c, const mo_expr *e)
{
    if (e->kind != MO_EX_REF || (c->names && !e->global && mo_map_get(c->names, e->parts[0].id)))
        return NULL;
    for (int i = 0; i + 1 < e->nparts; i++)
        if (e->parts[i].nsubs)
            return NULL;
    mo_name n;
    mo_name_of_ref(&n, e);
    mo_found f;
    if (mo_lookup_name(c->owner, &n, &f) >= 0 || !f.comp || !(f.comp->flags & MO_PF_CONSTANT))
        return NULL;
    mo_found t;
    if (mo_lookup_name(f.owner, f.comp->type, &t) >= 0 || !t.cls)
        return NULL;
    mo_class *cls = mo_long_class(t.cls);
    return cls && mo_rv_is_record_class(cls) ? f.comp : NULL;
}

mo_expr *mo_fctx_string_choice(mo_fctx *c, const struct mo_aval *v, const mo_expr *at, bool checked)
{
    mo_expr *i = mo_fctx_expr(c, at);
    if (!i)
        return NULL;
    int t = mo_func_expr_type(NULL, c->fn, i);
    if (mo_func_expr_rank(c->fn, i) || (t >= 0 && t != MO_T_INTEGER)) {
        mo_error(at->loc, "not supported yet: this subscript of a vector of Strings in a function");
        return NULL;
    }
    double lit;
    if (mo_sym_is_num(i, &lit) && lit >= 1 && lit <= v->n && lit == (int)lit)
        return v->el[(int)lit - 1];
    if (checked) {   /* {1, 2, ..., n}[i] is i, or an index out of bounds when the function runs */
        mo_expr *ks = mo_expr_new(MO_EX_ARRAY, at->loc);
        ks->n = v->n;
        ks->a = MO_NEWN(mo_expr *, v->n + 1);
        for (int q = 0; q < v->n; q++)
            ks->a[q] = mo_expr_int(at->loc, q + 1);
        if (!v->n)   /* (no constructor is empty: fill(0, 0)) */
            ks = mo_expr_call(at->loc, "fill", 2, (mo_expr *[]){mo_expr_int(at->loc, 0), mo_expr_int(at->loc, 0)});
        mo_expr *x = mo_expr_new(MO_EX_INDEX, at->loc);
        x->n = 2;
        x->a = MO_NEWN(mo_expr *, 2);
        x->a[0] = ks;
        x->a[1] = i;
        i = x;
    }
    if (v->n <= 1) {   /* one String (or none): the choice is there to check the subscript */
        mo_expr *s = v->n ? v->el[0] : mo_expr_string(at->loc, "");
        if (!checked)
            return s;
        mo_expr *x = mo_expr_new(MO_EX_IF, at->loc);
        x->n = 3;
        x->a = MO_NEWN(mo_expr *, 3);
        x->a[0] = mo_expr_binary(at->loc, MO_OP_EQ, i, mo_expr_int(at->loc, v->n));
        x->a[1] = x->a[2] = s;
        return x;
    }
    mo_expr *x = mo_expr_new(MO_EX_IF, at->loc);
    x->n = 2 * v->n - 1;
    x->a = MO_NEWN(mo_expr *, x->n);
    for (int k = 0; k + 1 < v->n; k++) {
        x->a[2 * k] = mo_expr_binary(at->loc, MO_OP_EQ, i, mo_expr_int(at->loc, k + 1));
        x->a[2 * k + 1] = v->el[k];
    }
    x->a[x->n - 1] = v->el[v->n - 1];
    return x;
}

/* The value of such a constant (record_data), subscripted by the last part's scalar subscripts: one
 * expression per field, of literals (the model flattener reads the constant, flatten_expr.c). */
static int data_value(mo_fctx *c, const mo_expr *e, mo_frec *out)
{
    mo_aval v;
    mo_expr **subs;
    int ns;
    if (!mo_constant_field(c->fr, NULL, c->owner, e, e->nparts, &v, &subs, &ns))
        return -1;
    if (!v.rec)
        return 0;
    for (int i = 0; i < ns; i++)
        if (subs[i]->kind == MO_EX_COLON || subs[i]->kind == MO_EX_RANGE || ns > v.nd) {
            mo_error(subs[i]->loc, "not supported yet: a slice of the array of records '%s' here", mo_ref_str(e));
            return -1;
        }
    const mo_layout *lay = v.rec->lay;
    out->rec = v.rec->cls;
    out->nd = v.nd - ns;
    out->fields = MO_NEWN(mo_expr *, lay->n > 0 ? lay->n : 1);
    for (int j = 0; j < lay->n; j++) {
        const mo_aval *fv = &v.rec->f[j];
        if (fv->rec) {
            mo_error(e->loc, "not supported yet: the record constant '%s', which has records as fields, here",
                     mo_ref_str(e));
            return -1;
        }
        mo_expr *base = fv->nd ? mo_func_model_nested(fv, e->loc) : fv->one;
        if (ns == 1 && fv->nd == 1 && fv->n > 0 && fv->el[0]->kind == MO_EX_STRING)
            base = mo_fctx_string_choice(c, fv, subs[0], false);
        else if (ns)
            base = mo_fctx_index(c, base, subs, ns, e->loc);
        if (!base)
            return -1;
        out->fields[j] = base;
    }
    return 1;
}

bool mo_fctx_maybe_record(mo_fctx *c, const mo_expr *e)
{
    mo_class *owner;
    switch (e->kind) {
    case MO_EX_REF:
        return record_var(c, e) || record_constant(c, e, &owner) || record_data(c, e);
    case MO_EX_CALL: {
        mo_func *user;
        bool err;
        return mo_fctx_call_record(c, e, &user, &err) || err;   /* an error: reported when resolved */
    }
    case MO_EX_BINARY:
        return mo_fctx_maybe_record(c, e->a[0]) || mo_fctx_maybe_record(c, e->a[1]);
    case MO_EX_UNARY:
        return mo_fctx_maybe_record(c, e->a[0]);
    case MO_EX_IF:
        return mo_fctx_maybe_record(c, e->a[1]);
    case MO_EX_ARRAY:   /* {r1, r2} or {r for i in v} */
        return e->n > 0 && mo_fctx_maybe_record(c, e->a[0]);
    default:
        return false;
    }
}

/* A node of kind with the n operands a (copied), located at loc. */
static mo_expr *node(mo_expr_kind kind, mo_loc loc, int n, mo_expr *const *a)
{
    mo_expr *x = mo_expr_new(kind, loc);
    x->n = n;
    x->a = MO_NEWN(mo_expr *, n + 1);
    memcpy(x->a, a, sizeof(mo_expr *) * (size_t)n);
    return x;
}

/* The fields of a record variable, or of the elements its subscripts choose (resolved once, on the first
 * field: every field has the array's dimensions first). */
static int from_var(mo_fctx *c, const mo_expr *e, const mo_frecvar *rv, mo_frec *out)
{
    out->rec = rv->rec;
    out->nd = rv->nd;
    out->fields = MO_NEWN(mo_expr *, rv->count + 1);
    for (int i = 0; i < rv->count; i++) {
        out->fields[i] = mo_expr_new(MO_EX_VAR, e->loc);
        out->fields[i]->var = rv->first + i;
    }
    const mo_ref_part *p = &e->parts[0];
    if (!p->nsubs)
        return 1;
    if (p->nsubs > rv->nd) {
        mo_error(e->loc, "%d subscript%s for %s", p->nsubs, p->nsubs == 1 ? "" : "s",
                 rv->nd ? mo_sprintf("an array of records of %d dimension%s", rv->nd, rv->nd == 1 ? "" : "s")
                        : "a record");
        return -1;
    }
    if (!rv->count) {
        mo_error(e->loc, "not supported yet: elements of an array of records without fields");
        return -1;
    }
    mo_expr *ix = mo_fctx_index(c, out->fields[0], mo_ref_part_subs(p), p->nsubs, e->loc);
    if (!ix)
        return -1;
    out->nd -= mo_func_expr_rank(c->fn, out->fields[0]) - mo_func_expr_rank(c->fn, ix);
    for (int i = 0; i < rv->count; i++) {
        mo_expr *base = out->fields[i];
        out->fields[i] = node(MO_EX_INDEX, e->loc, ix->n, ix->a);
        out->fields[i]->a[0] = base;
    }
    return 1;
}

/* The value of output record o of g called with args: a call per field, sharing args. */
static void call_fields(mo_loc loc, const mo_func *g, mo_expr **args, mo_frec *out)
{
    const mo_fparam *o = &g->outputs.v[0];
    out->rec = (mo_class *)o->record;
    out->nd = o->rec_nd;
    out->fields = mo_func_record_calls(loc, g, o, args);
}

static int fields_of(const mo_class *rec)
{
    mo_layout *lay = mo_layout_of((mo_class *)rec);
    return lay ? lay->n : 0;
}

bool mo_fctx_record_arg(mo_fctx *c, const mo_func *f, const mo_fparam *p, const mo_frec *v, mo_loc loc,
                        mo_expr **args)
{
    mo_layout *lay = mo_layout_of(v->rec);
    size_t pl = strlen(p->name) + 1;
    /* an array of records given to a record input of a function with one scalar output: applied element
     * by element (12.4.6), when the record's fields are scalars (the arguments have the same rank) */
    int extra = v->nd - p->rec_nd;
    bool each = extra > 0 && f->outputs.n == 1 && !f->outputs.v[0].record && !f->vars.v[f->nin].nd;
    for (int s = p->first; each && s < p->first + p->count; s++)
        each = !f->vars.v[s].nd;
    bool ok = lay && (v->nd == p->rec_nd || each);
    for (int s = p->first; ok && s < p->first + p->count; s++) {
        intptr_t k = mo_layout_find(lay, mo_intern_cstr(f->vars.v[s].name + pl));
        ok = k && mo_func_expr_rank(c->fn, v->fields[k - 1]) == f->vars.v[s].nd + (each ? extra : 0);
        if (ok && !mo_fctx_check_arg(c, f, s, v->fields[k - 1], loc))
            return false;
        if (ok)
            args[s] = v->fields[k - 1];
    }
    if (ok && lay->n == p->count)
        return true;
    mo_error(loc, "argument '%s' of '%s' must be %s of type '%s', not %s of type '%s'", p->name, f->name,
             p->rec_nd ? "an array of records" : "a record", mo_class_full_name((mo_class *)p->record),
             v->nd ? "an array of records" : "a record", mo_class_full_name(v->rec));
    return false;
}

/* An operand of an operator or of String(): a record value (*is_rec) or a scalar or array expression. */
typedef struct operand {
    bool is_rec;
    mo_frec rec;
    mo_expr *val;
    const char *name;         /* a named argument's */
    mo_loc loc;
} operand;

static bool resolve_operand(mo_fctx *c, const mo_expr *e, const char *name, operand *o)
{
    memset(o, 0, sizeof *o);
    o->name = name;
    o->loc = e->loc;
    if (mo_fctx_maybe_record(c, e)) {
        int k = mo_fctx_record(c, e, &o->rec);
        if (k < 0)
            return false;
        o->is_rec = k > 0;
        if (o->is_rec)
            return true;
    }
    return (o->val = mo_fctx_expr(c, e)) != NULL;
}

static mo_argty argty(mo_fctx *c, const operand *o)
{
    if (o->is_rec)
        return (mo_argty){o->rec.rec, -1, o->rec.nd, o->name};
    return (mo_argty){NULL, mo_func_expr_type(c->fr->flat, c->fn, o->val), mo_func_expr_rank(c->fn, o->val), o->name};
}

/* The call of the function class fc with the operands o (positional, then named): its flat function
 * and its arguments per input slot (defaults completed). */
static mo_func *call_with(mo_fctx *c, mo_class *fc, int n, const operand *o, mo_loc loc, mo_expr ***args_out)
{
    mo_func *g = mo_func_of(c->fr, fc, loc);
    if (!g)
        return NULL;
    mo_expr **args = MO_NEWN(mo_expr *, g->nin + 1);
    for (int i = 0; i < n; i++) {
        int q = i;
        if (o[i].name)
            for (q = 0; q < g->inputs.n && g->inputs.v[q].name != o[i].name; q++)
                ;
        if (q >= g->inputs.n)
            mo_unreachable("an operand without the input operators.c matched it to");
        const mo_fparam *p = &g->inputs.v[q];
        if (o[i].is_rec != (p->record != NULL))
            mo_unreachable("an operand of another kind than the input operators.c matched it to");
        if (o[i].is_rec) {
            if (!mo_fctx_record_arg(c, g, p, &o[i].rec, o[i].loc, args))
                return NULL;
        } else {
            args[p->first] = o[i].val;
        }
    }
    mo_expr call = {0};   /* for the location of messages */
    call.kind = MO_EX_CALL;
    call.loc = loc;
    if (!mo_fctx_complete(c, &call, g, args))
        return NULL;
    *args_out = args;
    return g;
}

/* op (quoted: "'+'") applied to the n operands o: the function operators.c chooses, called; an element-wise
 * operator (each) over arrays is never an overload that takes arrays (14.3). */
static mo_func *apply(mo_fctx *c, const char *op, bool each, int n, operand *o, mo_loc loc, mo_expr ***args)
{
    mo_argty a[8];
    if (n > 8)
        mo_unreachable("an operator with more than 8 operands");
    bool arrays = false;
    for (int i = 0; i < n; i++) {
        a[i] = argty(c, &o[i]);
        arrays |= a[i].nd > 0;
    }
    mo_class *conv = NULL;
    int conv_arg = -1;
    bool err = false;
    int errors = mo_error_count();   /* an operator class found broken (lookup.c) is reported once */
    mo_class *fc = each && arrays ? NULL : mo_op_resolve(op, n, a, loc, &conv, &conv_arg, &err);
    if (err || mo_error_count() > errors)
        return NULL;
    if (!fc) {
        if (arrays)
            mo_error(loc, "not supported yet: operator %s applied element by element to arrays of records in a "
                     "function (%s)", op, mo_argty_list(n, a));
        else
            mo_error(loc, "no function of operator %s takes (%s)", op, mo_argty_list(n, a));
        return NULL;
    }
    if (conv) {   /* 14.5: the operand converted by the constructor of the other side's record */
        mo_expr **cargs;
        operand one = o[conv_arg];
        one.name = NULL;
        mo_func *k = call_with(c, conv, 1, &one, loc, &cargs);
        if (!k)
            return NULL;
        o[conv_arg].is_rec = true;
        call_fields(loc, k, cargs, &o[conv_arg].rec);
    }
    return call_with(c, fc, n, o, loc, args);
}

/* The operands of e (an operator, or String(...)) resolved; their number, or -1 after an error. */
static int operands(mo_fctx *c, const mo_expr *e, operand *o, int max)
{
    if (e->kind == MO_EX_CALL) {
        if (e->n + e->nnamed > max) {
            mo_error(e->loc, "String() takes one value, and the named arguments significantDigits, "
                             "minimumLength, leftJustified or format");
            return -1;
        }
        for (int i = 0; i < e->n + e->nnamed; i++) {
            bool named = i >= e->n;
            if (!resolve_operand(c, named ? e->named[i - e->n].value : e->a[i], named ? e->named[i - e->n].name : NULL,
                                 &o[i]))
                return -1;
        }
        return e->n + e->nnamed;
    }
    int n = e->kind == MO_EX_UNARY ? 1 : 2;
    for (int i = 0; i < n; i++)
        if (!resolve_operand(c, e->a[i], NULL, &o[i]))
            return -1;
    return n;
}

/* The function an operator expression or String(r) calls, and its arguments; NULL after an error. +r is
 * r itself (*same). */
static mo_func *op_call(mo_fctx *c, const mo_expr *e, mo_expr ***args, operand *same)
{
    operand o[5];
    int n = operands(c, e, o, 5);
    if (n < 0)
        return NULL;
    const char *op = e->kind == MO_EX_CALL ? "'String'" : mo_op_overload_name(e->op);
    if (!op) {
        *same = o[0];
        return NULL;
    }
    return apply(c, op, e->kind != MO_EX_CALL && mo_op_elementwise(e->op), n, o, e->loc, args);
}

mo_expr *mo_fctx_record_op(mo_fctx *c, const mo_expr *e)
{
    mo_expr **args;
    operand same = {0};
    int before = mo_error_count();
    mo_func *g = op_call(c, e, &args, &same);
    if (!g) {
        if (mo_error_count() == before && !same.is_rec && same.val)
            return same.val;
        if (mo_error_count() == before)
            mo_error(e->loc, "this expression is a record of type '%s' and cannot be used here",
                     mo_class_full_name(same.rec.rec));
        return NULL;
    }
    if (e->kind == MO_EX_CALL && !mo_op_string_ok(g, e->loc))
        return NULL;
    if (g->outputs.n && g->outputs.v[0].record) {
        mo_error(e->loc, "this expression is a record of type '%s' and cannot be used here",
                 mo_class_full_name((mo_class *)g->outputs.v[0].record));
        return NULL;
    }
    return mo_func_call_expr(e->loc, g, args, 0, 0);
}

/* Element x of an if-expression or array (what: "the branches of an if-expression") as a record, of the
 * class and dimensions of the first one, first (NULL: x is the first). false after an error. */
static bool record_part(mo_fctx *c, const mo_expr *x, const mo_frec *first, const char *what, mo_frec *out)
{
    int k = mo_fctx_record(c, x, out);
    if (k == 0)
        mo_error(x->loc, "%s must all be records", what);
    if (k <= 0)
        return false;
    if (first && (out->rec != first->rec || out->nd != first->nd)) {
        mo_error(x->loc, "%s are records of types '%s' and '%s'%s", what, mo_class_full_name(first->rec),
                 mo_class_full_name(out->rec), out->rec == first->rec ? " of different dimensions" : "");
        return false;
    }
    return true;
}

/* if c1 then r1 elseif c2 then r2 else r3: a field-wise if-expression */
static int record_if(mo_fctx *c, const mo_expr *e, mo_frec *out)
{
    mo_frec *br = MO_NEWN(mo_frec, e->n + 1);
    mo_expr **conds = MO_NEWN(mo_expr *, e->n + 1);
    for (int i = 0; i < e->n; i++) {
        if (i % 2 == 0 && i + 1 < e->n) {
            if (!(conds[i] = mo_fctx_expr(c, e->a[i])))
                return -1;
        } else if (!record_part(c, e->a[i], i > 1 ? &br[1] : NULL, "the branches of an if-expression", &br[i])) {
            return -1;
        }
    }
    *out = br[1];
    int nf = fields_of(out->rec);
    out->fields = MO_NEWN(mo_expr *, nf + 1);
    for (int f = 0; f < nf; f++) {
        mo_expr *x = node(MO_EX_IF, e->loc, e->n, conds);
        for (int i = 1; i < e->n; i += 2)
            x->a[i] = br[i].fields[f];
        x->a[e->n - 1] = br[e->n - 1].fields[f];
        out->fields[f] = x;
    }
    return 1;
}

/* {r for i in v}: a comprehension per field, over the same iterator slots */
static int record_comprehension(mo_fctx *c, const mo_expr *e, mo_frec *out)
{
    void **saved;
    mo_expr *r = mo_fctx_iter_begin(c, e, &saved);
    if (!r)
        return -1;
    mo_frec body;
    int k = mo_fctx_record(c, e->a[0], &body);
    mo_fctx_iter_end(c, e, saved);
    if (k <= 0)
        return k;
    out->rec = body.rec;
    out->nd = body.nd + e->niters;
    int nf = fields_of(out->rec);
    out->fields = MO_NEWN(mo_expr *, nf + 1);
    for (int f = 0; f < nf; f++) {
        mo_expr *x = mo_expr_new(MO_EX_ARRAY, e->loc);
        *x = *r;
        x->a = MO_NEWN(mo_expr *, r->n);
        memcpy(x->a, r->a, sizeof(mo_expr *) * (size_t)r->n);
        x->a[0] = body.fields[f];
        out->fields[f] = x;
    }
    return 1;
}

/* {r1, r2, ...}: an array of records, field by field */
static int record_array(mo_fctx *c, const mo_expr *e, mo_frec *out)
{
    if (e->niters)
        return record_comprehension(c, e, out);
    mo_frec *el = MO_NEWN(mo_frec, e->n + 1);
    for (int i = 0; i < e->n; i++)
        if (!record_part(c, e->a[i], i ? &el[0] : NULL, "the elements of an array of records", &el[i]))
            return -1;
    out->rec = el[0].rec;
    out->nd = el[0].nd + 1;
    int nf = fields_of(out->rec);
    out->fields = MO_NEWN(mo_expr *, nf + 1);
    mo_expr **items = MO_NEWN(mo_expr *, e->n + 1);
    for (int f = 0; f < nf; f++) {
        for (int i = 0; i < e->n; i++)
            items[i] = el[i].fields[f];
        out->fields[f] = node(MO_EX_ARRAY, e->loc, e->n, items);
    }
    return 1;
}

int mo_fctx_record(mo_fctx *c, const mo_expr *e, mo_frec *out)
{
    memset(out, 0, sizeof *out);
    switch (e->kind) {
    case MO_EX_REF: {
        const mo_frecvar *rv = record_var(c, e);
        if (rv)
            return from_var(c, e, rv, out);
        mo_class *owner;
        const mo_expr *b = record_constant(c, e, &owner);
        if (!b)
            return record_data(c, e) ? data_value(c, e, out) : 0;
        if (c->const_depth > 100) {
            mo_error(e->loc, "constant '%s' depends on itself", mo_ref_str(e));
            return -1;
        }
        mo_fctx k = *c;
        k.inst = NULL;
        k.owner = owner;
        k.names = NULL;
        k.recs = NULL;
        k.const_depth++;
        return mo_fctx_record(&k, b, out) > 0 ? 1 : -1;
    }
    case MO_EX_CALL: {
        mo_func *g;
        bool err;
        mo_class *rec = mo_fctx_call_record(c, e, &g, &err);
        if (err)
            return -1;
        if (!rec)
            return 0;
        if (!g) {   /* a record constructor */
            int k = mo_fctx_record_ctor(c, e, &out->rec, &out->fields);
            return k > 0 ? 1 : -1;
        }
        mo_expr **args = mo_fctx_args(c, e, g);
        if (!args)
            return -1;
        call_fields(e->loc, g, args, out);
        return 1;
    }
    case MO_EX_BINARY: case MO_EX_UNARY: {
        mo_expr **args;
        operand same = {0};
        int before = mo_error_count();
        mo_func *g = op_call(c, e, &args, &same);
        if (!g) {
            if (mo_error_count() > before)
                return -1;
            *out = same.rec;   /* +r */
            return same.is_rec ? 1 : 0;
        }
        if (!g->outputs.n || !g->outputs.v[0].record) {
            mo_error(e->loc, "the value of '%s' is no record", g->name);
            return -1;
        }
        call_fields(e->loc, g, args, out);
        return 1;
    }
    case MO_EX_IF:
        return record_if(c, e, out);
    case MO_EX_ARRAY:
        return e->n ? record_array(c, e, out) : 0;
    default:
        return 0;
    }
}
