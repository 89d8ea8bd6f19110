/*
 * operators.c - operator records (spec chapter 14): which function an overloaded operator, an
 * overloaded constructor or String() of an operator record calls (and, in models, String(r) called).
 *
 * Input: the operator record class and the kinds of the arguments (mo_argty: a record class, or a
 * predefined type, and a number of dimensions). Output: the function class to call, chosen as 14.2-14.5
 * say: the functions of C.'op' (an operator function, or every function inside an operator) whose
 * inputs the arguments match (a Real input takes an Integer; trailing inputs with defaults may be left
 * out), exactly one of them, else an error naming the candidates; for a binary operator without a
 * direct match, one argument converted by a 'constructor' of the other side's operator record (14.5).
 * Functions are matched from their declarations, before they are flattened (functions.c flattens only
 * the one chosen). The callers (records.c for models, fnrecord.c for function bodies) make the call.
 * Preconditions: the classes come from lookup.c.
 */
#include "aval.h"
#include "func.h"

#include <string.h>

/* The long class a type name of a declaration in owner denotes (short classes followed), or NULL. */
static mo_class *long_type(mo_class *owner, const mo_name *type, int *extra_dims)
{
    mo_class *c = mo_lookup_class(owner, type, "class");
    while (c && c->form == MO_FORM_SHORT) {
        *extra_dims += c->nshort_dims;
        c = mo_short_target(c);
    }
    return c;
}

mo_argty mo_argty_of_class(mo_class *c, int nd)
{
    mo_argty a = {NULL, -1, nd, NULL};
    if (!c)
        return a;
    if (mo_rv_is_record_class(c))
        a.rec = c;
    else
        a.type = c->form == MO_FORM_ENUM ? MO_T_INTEGER : mo_builtin_type(c);
    return a;
}

/* Can an argument of kind a be passed to an input of kind want? */
static bool fits(mo_argty want, mo_argty a)
{
    if (want.nd != a.nd)
        return false;
    if (want.rec || a.rec)
        return want.rec == a.rec;
    return want.type == a.type || (want.type == MO_T_REAL && a.type == MO_T_INTEGER) || a.type < 0;
}

/* Does a call of function class fn with the n arguments a match (14.2)? Positional arguments go to the
 * inputs in order, named ones to the inputs of their names; the other inputs need defaults. *out: the
 * kind of its (single) output. */
static bool matches(mo_class *fn, int n, const mo_argty *a, mo_argty *out)
{
    mo_layout *lay = mo_layout_of(fn);
    if (!lay)
        return false;
    int npos = 0, named = 0;
    while (npos < n && !a[npos].name)
        npos++;
    int k = 0, nout = 0;
    for (int i = 0; i < lay->n; i++) {
        const mo_element *e = lay->items[i].elem;
        if (!(e->flags & (MO_PF_INPUT | MO_PF_OUTPUT)))
            continue;
        int nd = e->ndims + e->ntype_dims;
        mo_class *c = long_type(lay->items[i].owner, e->type, &nd);
        if (!c)
            return false;
        mo_argty want = mo_argty_of_class(c, nd);
        if (e->flags & MO_PF_OUTPUT) {
            if (nout++ == 0 && out)
                *out = want;
            continue;
        }
        const mo_argty *given = k < npos ? &a[k++] : NULL;
        for (int j = npos; !given && j < n; j++)
            if (a[j].name == e->name) {
                given = &a[j];
                named++;
            }
        if (given) {
            if (!fits(want, *given))
                return false;
        } else if (!e->mod || !e->mod->binding) {
            return false;   /* an input without a default that no argument gives */
        }
    }
    return k == npos && npos + named == n && nout == 1;
}

int mo_op_functions(mo_class *rec, const char *op, mo_class **out, int max)
{
    mo_found f = mo_lookup_member(rec, mo_intern_cstr(op));
    mo_class *c = f.cls;
    while (c && c->form == MO_FORM_SHORT)
        c = mo_short_target(c);
    if (!c)
        return 0;
    if (c->kind == MO_CL_FUNCTION || c->kind == MO_CL_OPERATOR_FUNCTION) {
        out[0] = c;
        return 1;
    }
    if (c->kind != MO_CL_OPERATOR)
        return 0;
    int n = 0;
    mo_scope *s = mo_scope_of(c);
    for (int i = 0; i < s->local.order_vals.n && n < max; i++) {
        mo_element *e = s->local.order_vals.v[i];
        if (e && e->kind == MO_ELEM_CLASS && (e->cls->kind == MO_CL_FUNCTION ||
                                             e->cls->kind == MO_CL_OPERATOR_FUNCTION))
            out[n++] = e->cls;
    }
    return n;
}

static const char *argty_str(mo_argty a)
{
    const char *base = a.rec ? mo_class_full_name(a.rec) : mo_func_type_name(a.type);
    return a.nd ? mo_sprintf("%s[%d dimension%s]", base, a.nd, a.nd == 1 ? "" : "s") : base;
}

const char *mo_argty_list(int n, const mo_argty *a)
{
    mo_buf b = {0};
    for (int i = 0; i < n; i++)
        mo_buf_printf(&b, "%s%s%s%s", i ? ", " : "", a[i].name ? a[i].name : "", a[i].name ? " = " : "",
                      argty_str(a[i]));
    return mo_buf_str(&b);
}

enum { MAX_CANDIDATES = 64 };

/* The one function of the classes cand[0..n) that matches; NULL with *found = 0 (none) or after an
 * error (several: reported at loc for what). */
static mo_class *unique(mo_class **cand, int n, int na, const mo_argty *a, mo_loc loc, const char *what,
                        int *found, mo_argty *res)
{
    mo_class *hit = NULL;
    *found = 0;
    for (int i = 0; i < n; i++) {
        mo_argty r;
        if (!matches(cand[i], na, a, &r))
            continue;
        if (hit == cand[i])
            continue;
        if (hit) {
            mo_error(loc, "ambiguous %s for (%s): both '%s' and '%s' match", what, mo_argty_list(na, a),
                     mo_class_full_name(hit), mo_class_full_name(cand[i]));
            *found = 2;
            return NULL;
        }
        hit = cand[i];
        *res = r;
        *found = 1;
    }
    return hit;
}

mo_class *mo_op_constructor(mo_class *rec, int n, const mo_argty *a, mo_loc loc, bool *err)
{
    mo_class *cand[MAX_CANDIDATES];
    int nc = mo_op_functions(rec, "'constructor'", cand, MAX_CANDIDATES);
    *err = false;
    if (nc == 0)
        return NULL;
    int found;
    mo_argty r;
    mo_class *f = unique(cand, nc, n, a, loc, mo_sprintf("constructor of '%s'", mo_class_full_name(rec)),
                         &found, &r);
    if (found == 2) {
        *err = true;
        return NULL;
    }
    if (!f) {
        mo_error(loc, "no constructor of '%s' takes (%s)", mo_class_full_name(rec), mo_argty_list(n, a));
        for (int i = 0; i < nc; i++)
            mo_note(cand[i]->loc, "candidate: '%s'", mo_class_full_name(cand[i]));
        *err = true;
        return NULL;
    }
    if (r.rec != rec) {
        mo_error(loc, "the constructor '%s' does not return a '%s'", mo_class_full_name(f), mo_class_full_name(rec));
        *err = true;
        return NULL;
    }
    return f;
}

/* The candidates of an operator applied to arguments of kinds a: the union of the operator's
 * functions in the operator records among them (each function once). */
static int op_candidates(const char *op, int n, const mo_argty *a, mo_class **cand)
{
    int nc = 0;
    for (int i = 0; i < n; i++) {
        if (!a[i].rec || a[i].rec->kind != MO_CL_OPERATOR_RECORD)
            continue;
        bool seen = false;
        for (int k = 0; k < i; k++)
            seen |= a[k].rec == a[i].rec;
        if (!seen)
            nc += mo_op_functions(a[i].rec, op, cand + nc, MAX_CANDIDATES - nc);
    }
    return nc;
}

mo_class *mo_op_resolve(const char *op, int n, const mo_argty *a, mo_loc loc, mo_class **conv, int *conv_arg,
                        bool *err)
{
    mo_class *cand[MAX_CANDIDATES];
    int nc = op_candidates(op, n, a, cand);
    *conv = NULL;
    *conv_arg = -1;
    *err = false;
    int found;
    mo_argty r;
    const char *what = mo_sprintf("operator %s", op);
    mo_class *f = unique(cand, nc, n, a, loc, what, &found, &r);
    if (f || found == 2) {
        *err = found == 2;
        return f;
    }
    if (n == 2) {
        /* 14.5: convert one argument with a constructor of the other side's operator record, to match
         * one of that record's operator functions; exactly one such pair */
        mo_class *hit = NULL, *hit_conv = NULL;
        int hit_arg = -1;
        for (int side = 0; side < 2; side++) {
            const mo_argty *own = &a[side], *other = &a[1 - side];
            if (!own->rec || own->rec->kind != MO_CL_OPERATOR_RECORD || (other->rec && other->rec == own->rec))
                continue;
            mo_class *fs[MAX_CANDIDATES], *ks[MAX_CANDIDATES];
            int nf = mo_op_functions(own->rec, op, fs, MAX_CANDIDATES);
            int nk = mo_op_functions(own->rec, "'constructor'", ks, MAX_CANDIDATES);
            for (int k = 0; k < nk; k++) {
                mo_argty kr;
                if (!matches(ks[k], 1, other, &kr) || kr.rec != own->rec)
                    continue;
                mo_argty b[2];
                b[side] = *own;
                b[1 - side] = kr;
                for (int i = 0; i < nf; i++) {
                    if (!matches(fs[i], 2, b, &r))
                        continue;
                    if (hit && (hit != fs[i] || hit_conv != ks[k])) {
                        mo_error(loc, "ambiguous %s for (%s): both '%s' and '%s' match after a conversion", what,
                                 mo_argty_list(n, a), mo_class_full_name(hit), mo_class_full_name(fs[i]));
                        *err = true;
                        return NULL;
                    }
                    hit = fs[i];
                    hit_conv = ks[k];
                    hit_arg = 1 - side;
                }
            }
        }
        if (hit) {
            *conv = hit_conv;
            *conv_arg = hit_arg;
            return hit;
        }
    }
    return NULL;
}

/* ---- in models: operators on record values ---- */

mo_argty mo_argty_of_value(const mo_flat *flat, const mo_aval *v)
{
    mo_argty a = {NULL, -1, v->nd, NULL};
    if (v->rec)
        a.rec = v->rec->cls;
    else if (v->n > 0)
        a.type = mo_func_expr_type(flat, NULL, mo_av_at(v, 0));
    return a;
}

bool mo_op_elementwise(mo_op op)
{
    return op == MO_OP_EADD || op == MO_OP_ESUB || op == MO_OP_EMUL || op == MO_OP_EDIV || op == MO_OP_EPOW;
}

const char *mo_op_overload_name(mo_op op)
{
    switch (op) {
    case MO_OP_ADD: case MO_OP_EADD: return "'+'";
    case MO_OP_SUB: case MO_OP_ESUB: case MO_OP_NEG: return "'-'";
    case MO_OP_MUL: case MO_OP_EMUL: return "'*'";
    case MO_OP_DIV: case MO_OP_EDIV: return "'/'";
    case MO_OP_POW: case MO_OP_EPOW: return "'^'";
    case MO_OP_EQ: return "'=='";
    case MO_OP_NE: return "'<>'";
    case MO_OP_LT: return "'<'";
    case MO_OP_LE: return "'<='";
    case MO_OP_GT: return "'>'";
    case MO_OP_GE: return "'>='";
    case MO_OP_AND: return "'and'";
    case MO_OP_OR: return "'or'";
    case MO_OP_NOT: return "'not'";
    default: return NULL;   /* unary + */
    }
}

/* op applied to the n values v (scalars or single records): a direct or converted match, or element
 * by element over arrays (14.6, 10.6: equal sizes, or a scalar with an array). */
static bool apply_op(mo_front *fr, const mo_expr *e, const char *op, int n, const mo_aval *v, mo_aval *out)
{
    mo_argty a[2];
    bool arrays = false;
    for (int i = 0; i < n; i++) {
        a[i] = mo_argty_of_value(fr->flat, &v[i]);
        arrays |= v[i].nd > 0;
    }
    mo_class *conv = NULL;
    int conv_arg = -1;
    bool err = false;
    int errors = mo_error_count();   /* an operator class found broken (lookup.c) is reported once */
    /* a .op b of arrays: element by element, never an overload that takes arrays (14.3: items 1, 4, 5) */
    mo_class *f = mo_op_elementwise(e->op) && arrays ? NULL : mo_op_resolve(op, n, a, e->loc, &conv, &conv_arg, &err);
    if (err)
        return false;
    if (f) {
        mo_aval args[2] = {v[0], n > 1 ? v[1] : v[0]};
        if (conv && !mo_func_apply(fr, conv, e->loc, 1, &v[conv_arg], NULL, &args[conv_arg]))
            return false;
        return mo_func_apply(fr, f, e->loc, n, args, NULL, out);
    }
    const mo_aval *shape = NULL;
    for (int i = 0; i < n; i++)
        if (v[i].nd) {
            if (shape && !mo_av_same_size(shape, &v[i])) {
                mo_error(e->loc, "operator %s cannot combine sizes %s and %s", op, mo_av_size_str(shape),
                         mo_av_size_str(&v[i]));
                return false;
            }
            shape = &v[i];
        }
    if (!shape) {
        if (mo_error_count() == errors)
            mo_error(e->loc, "no function of operator %s takes (%s)", op, mo_argty_list(n, a));
        return false;
    }
    if (e->op == MO_OP_MUL && n == 2 && v[0].nd && v[1].nd) {   /* 14.3 item 4 */
        mo_error(e->loc, "not supported yet: the product of arrays of operator records (%s) without a function of "
                 "operator '*' that takes them", mo_argty_list(n, a));
        return false;
    }
    mo_aval *res = MO_NEWN(mo_aval, shape->n + 1);
    for (int j = 0; j < shape->n; j++) {
        mo_aval part[2];
        for (int i = 0; i < n; i++) {
            if (v[i].nd)
                mo_av_part(&v[i], v[i].nd, v[i].n, j, &part[i]);
            else
                part[i] = v[i];
        }
        if (!apply_op(fr, e, op, n, part, &res[j]))
            return false;
    }
    return mo_av_stack(e->loc, shape->n, res, shape->nd, shape->dims, out);
}

bool mo_rv_operator(mo_front *fr, const mo_expr *e, int n, const mo_aval *v, mo_aval *out)
{
    const char *op = mo_op_overload_name(e->op);
    if (!op) {   /* +r is r */
        *out = v[0];
        return true;
    }
    return apply_op(fr, e, op, n, v, out);
}

bool mo_rv_overloaded_ctor(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call, mo_class *rec,
                           mo_aval *out)
{
    int n = call->n + call->nnamed;
    mo_aval *v = MO_NEWN(mo_aval, n + 1);
    mo_argty *a = MO_NEWN(mo_argty, n + 1);
    const char **names = MO_NEWN(const char *, n + 1);
    for (int i = 0; i < n; i++) {
        if (!mo_flatten_rv(fr, inst, owner, i < call->n ? call->a[i] : call->named[i - call->n].value, &v[i]))
            return false;
        a[i] = mo_argty_of_value(fr->flat, &v[i]);
        a[i].name = names[i] = i < call->n ? NULL : call->named[i - call->n].name;
    }
    bool err;
    mo_class *f = mo_op_constructor(rec, n, a, call->loc, &err);
    if (!f)
        return false;
    return mo_func_apply(fr, f, call->loc, n, v, names, out);
}

bool mo_op_string_ok(const mo_func *fn, mo_loc use)
{
    /* 14.3: "The operator A.'String' shall only contain functions that declare one output component,
     * which shall be of the String type" */
    const mo_fparam *o = fn->outputs.n ? &fn->outputs.v[fn->outputs.n > 1] : NULL;
    if (fn->outputs.n == 1 && !o->record && fn->vars.v[o->first].type == MO_T_STRING && !fn->vars.v[o->first].nd)
        return true;
    mo_error(o ? o->loc : use, "a function of operator 'String' has one output, a String (specification 14.3)");
    if (o)
        mo_note(use, "in this conversion by '%s'", fn->name);
    return false;
}

int mo_rv_string(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *call, mo_aval *out)
{
    mo_aval first;
    if (!mo_flatten_rv(fr, inst, owner, call->a[0], &first))
        return -1;
    if (!first.rec)
        return 0;
    int n = call->n + call->nnamed;
    mo_aval *v = MO_NEWN(mo_aval, n + 1);
    mo_argty *a = MO_NEWN(mo_argty, n + 1);
    const char **names = MO_NEWN(const char *, n + 1);
    v[0] = first;
    for (int i = 0; i < n; i++) {
        if (i && !mo_flatten_rv(fr, inst, owner, i < call->n ? call->a[i] : call->named[i - call->n].value, &v[i]))
            return -1;
        a[i] = mo_argty_of_value(fr->flat, &v[i]);
        a[i].name = names[i] = i < call->n ? NULL : call->named[i - call->n].name;
    }
    mo_class *conv;
    int conv_arg;
    bool err;
    mo_class *f = mo_op_resolve("'String'", n, a, call->loc, &conv, &conv_arg, &err);
    if (!f) {
        if (!err)
            mo_error(call->loc, "no function of operator 'String' takes (%s)", mo_argty_list(n, a));
        return -1;
    }
    const mo_func *fn = mo_func_of(fr, f, call->loc);
    if (!fn || !mo_op_string_ok(fn, call->loc))
        return -1;
    return mo_func_apply(fr, f, call->loc, n, v, names, out) ? 1 : -1;
}
