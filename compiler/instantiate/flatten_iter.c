/*
 * flatten_iter.c - the values an iterator takes (for-equations, reductions, array constructors): a range
 * a:b or a:s:b with parameter bounds, a vector, an enumeration type or Boolean, or, for an iterator
 * written without a range (for i loop), the range deduced from the subscripts it appears in (spec
 * 10.4.1.1 via 8.3.2.1: 1:size(x, k), the enumeration or false:true of an array's dimension k).
 *
 * Input: the iterator as written, the instance and class it is read in, and where it is used (the body
 * of its loop, mo_iter_use: equations, statements or an expression). Output: the values as literals,
 * in order. Preconditions: flattening is under way (the arrays a deduced range comes from are made on
 * demand, flatten.c). Recursion follows one loop body's syntax (nested equations, statements and
 * expressions), which the parser bounds.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static mo_expr *literal(mo_loc loc, double d, bool integer)
{
    if (integer)
        return mo_expr_int(loc, (long long)d);
    mo_expr *r = mo_expr_real(loc, d);
    r->text = mo_sprintf("%.17g", d);
    return r;
}

/* The values of an enumeration type or Boolean, in order. */
static bool type_values(const mo_class *c, mo_loc loc, mo_expr ***vals, int *n)
{
    if (c->form != MO_FORM_ENUM) {
        *n = 2;
        *vals = MO_NEWN(mo_expr *, 2);
        (*vals)[0] = mo_expr_bool(loc, false);
        (*vals)[1] = mo_expr_bool(loc, true);
        return true;
    }
    *n = c->nliterals;
    *vals = MO_NEWN(mo_expr *, c->nliterals + 1);
    for (int i = 0; i < c->nliterals; i++) {
        mo_expr *lit = mo_expr_int(loc, i + 1);
        lit->text = mo_sprintf("%s.%s", mo_class_full_name(c), c->literals[i].name);
        (*vals)[i] = lit;
    }
    return true;
}

bool mo_range_values(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *r, const char *what,
                         mo_expr ***vals, int *n)
{
    double v[3] = {0, 1, 0};
    bool boolean = false;   /* false:true, false:false ... (spec 10.4.1) */
    const mo_class *enumeration = NULL;   /* E.a : E.c: its values are literals of E */
    for (int k = 0; k < r->n; k++) {
        mo_expr *f = mo_flatten_expr(fr, inst, owner, r->a[k]);
        if (!f)
            return false;
        if (k == 0)
            enumeration = mo_enum_literal_class(f);
        boolean |= mo_func_expr_type(fr->flat, NULL, f) == MO_T_BOOLEAN;
        if (!mo_eval_flat(fr->flat, f, &v[r->n == 3 ? k : k * 2])) {
            if (!mo_eval_report_why(fr->flat, r->a[k]->loc, what))
                mo_error(r->a[k]->loc, "%s must be a parameter expression", what);
            return false;
        }
    }
    double from = v[0], step = v[1], to = v[2];
    if (step == 0) {
        mo_error(r->loc, "the step of a range must not be zero");
        return false;
    }
    double cnt = floor((to - from) / step + 1e-9) + 1;
    if (cnt < 0)
        cnt = 0;
    if (cnt > MO_MAX_ARRAY_ELEMENTS) {
        mo_error(r->loc, "range with %.0f elements is too large (at most %d: arrays are scalarised at compile "
                 "time)", cnt, MO_MAX_ARRAY_ELEMENTS);
        return false;
    }
    bool integer = from == floor(from) && step == floor(step);
    *n = (int)cnt;
    *vals = MO_NEWN(mo_expr *, *n + 1);
    for (int i = 0; i < *n; i++) {
        (*vals)[i] = boolean ? mo_expr_bool(r->loc, from + i * step != 0) : literal(r->loc, from + i * step, integer);
        int lit = (int)(from + i * step);
        if (enumeration && integer && lit >= 1 && lit <= enumeration->nliterals)
            (*vals)[i]->text = mo_sprintf("%s.%s", mo_class_full_name(enumeration), enumeration->literals[lit - 1].name);
    }
    return true;
}

/* ---- ranges deduced from the subscripts an iterator appears in ---- */
typedef struct deduction {
    mo_front *fr;
    mo_inst *inst;
    mo_class *owner;
    const char *name;         /* the iterator */
    bool found, bad;          /* a use was found; an error was reported */
    int size;                 /* the range of the uses so far: its size, */
    const mo_class *type;     /* and the enumeration or Boolean indexing it (NULL: Integer) */
    const mo_expr *first;     /* the first use, for the message when another disagrees */
} deduction;

static void deduce_expr(deduction *d, const mo_expr *e);

/* ref's parts 0..np-1 without subscripts: the component whose part np-1 a subscript follows */
static mo_expr *ref_prefix(const mo_expr *ref, int np)
{
    mo_expr *t = mo_expr_dup(ref);
    t->nparts = np;
    t->parts = MO_NEWN(mo_ref_part, np);
    memcpy(t->parts, ref->parts, sizeof *t->parts * (size_t)np);
    for (int i = 0; i < np; i++)
        t->parts[i].nsubs = 0;
    return t;
}

/* The array that part p of ref names (its sizes and the types indexing them), or NULL when that is no
 * array component; for a name that is no component (a constant), *nd and dims of its value. */
static const mo_arr *use_array(deduction *d, const mo_expr *ref, int p, int *nd, int *dims)
{
    *nd = -1;
    mo_inst *in = d->inst;
    if (p > 0) {   /* the instance the part is a component of: the first of an array of them */
        mo_sref s;
        bool dis = false;
        if (!in || mo_find_slots(d->fr, in, d->owner, ref_prefix(ref, p), &s, &dis) <= 0 || dis)
            return NULL;
        mo_slot one = s.nd ? (s.n ? s.slots[0] : (mo_slot){0}) : s.one;
        if (one.kind != MO_SK_INST)
            return NULL;
        in = one.child;
    }
    intptr_t k = in ? mo_layout_find(in->lay, ref->parts[p].id) : 0;
    if (!k) {
        mo_aval v;
        if (p == 0 && mo_flatten_val(d->fr, d->inst, d->owner, ref_prefix(ref, 1), &v)) {
            *nd = v.nd;
            memcpy(dims, v.dims, sizeof *dims * (size_t)v.nd);
        }
        return NULL;
    }
    if (!mo_ensure_slot(d->fr, in, (int)k - 1))
        return NULL;
    mo_slot s = mo_slot_of(in, (int)k - 1);
    return s.kind == MO_SK_ARRAY ? s.arr : NULL;
}

/* A use of the iterator as subscript k of part p of ref. */
static void deduce_use(deduction *d, const mo_expr *ref, int p, int k)
{
    int nd, dims[MO_MAX_DIMS];
    int errors = mo_error_count();
    const mo_arr *a = use_array(d, ref, p, &nd, dims);
    if (mo_error_count() > errors) {
        d->bad = true;
        return;
    }
    int size = -1;
    const mo_class *type = NULL;
    if (a && k < a->ndims) {
        size = a->dims[k];
        type = a->dim_types ? a->dim_types[k] : NULL;
    } else if (!a && k < nd) {
        size = dims[k];
    }
    if (size < 0)
        return;   /* no array there: the subscript's own error comes when it is flattened */
    if (!d->found) {
        d->found = true;
        d->size = size;
        d->type = type;
        d->first = ref;
        return;
    }
    if (size != d->size || type != d->type) {
        mo_error(ref->loc, "the range of iterator '%s' differs between its uses: here %d%s%s, before %d%s%s",
                 d->name, size, type ? " of " : "", type ? type->name : "", d->size, d->type ? " of " : "",
                 d->type ? d->type->name : "");
        mo_note(d->first->loc, "the range of '%s' was deduced from this use", d->name);
        d->bad = true;
    }
}

/* Does iterator list its (n of them) bind name again (an inner loop or reduction hides ours)? */
static bool rebinds(const mo_iterator *its, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (its[i].name == name)
            return true;
    return false;
}

static void deduce_expr(deduction *d, const mo_expr *e)
{
    if (!e || d->bad)
        return;
    if (e->kind == MO_EX_REF) {
        for (int p = 0; p < e->nparts; p++) {
            mo_expr *const *subs = mo_ref_part_subs(&e->parts[p]);
            for (int k = 0; k < (int)e->parts[p].nsubs && !d->bad; k++) {
                const mo_expr *s = subs[k];
                if (s->kind == MO_EX_REF && s->nparts == 1 && !s->global && s->parts[0].nsubs == 0 &&
                    s->parts[0].id == d->name)
                    deduce_use(d, e, p, k);
                else
                    deduce_expr(d, s);
            }
        }
        return;
    }
    bool iters = e->kind == MO_EX_CALL || e->kind == MO_EX_ARRAY || e->kind == MO_EX_PARTIAL_FN;
    if (iters) {
        for (int i = 0; i < e->niters; i++)
            deduce_expr(d, e->iters[i].range);
        if (rebinds(e->iters, e->niters, d->name))
            return;
    }
    for (int i = 0; i < e->n; i++)
        deduce_expr(d, e->a[i]);
    if (e->kind == MO_EX_CALL || e->kind == MO_EX_PARTIAL_FN)
        for (int i = 0; i < e->nnamed; i++)
            deduce_expr(d, e->named[i].value);
}

static void deduce_eqs(deduction *d, const mo_eq_list *l)
{
    for (int i = 0; i < l->n && !d->bad; i++) {
        const mo_eq *q = l->v[i];
        deduce_expr(d, q->lhs);
        if (q->kind == MO_EQ_EQUAL || q->kind == MO_EQ_CONNECT)
            deduce_expr(d, q->rhs);
        if (q->kind != MO_EQ_IF && q->kind != MO_EQ_FOR && q->kind != MO_EQ_WHEN)
            continue;
        for (int c = 0; c < q->nconds; c++)
            deduce_expr(d, q->conds[c]);
        if (q->kind == MO_EQ_FOR) {
            for (int k = 0; k < q->niters; k++)
                deduce_expr(d, q->iters[k].range);
            if (!rebinds(q->iters, q->niters, d->name))
                deduce_eqs(d, &q->bodies[0]);
            continue;
        }
        for (int b = 0; b <= q->nconds - (q->kind == MO_EQ_WHEN); b++)
            deduce_eqs(d, &q->bodies[b]);
    }
}

static void deduce_stmts(deduction *d, const mo_stmt_list *l)
{
    for (int i = 0; i < l->n && !d->bad; i++) {
        const mo_stmt *s = l->v[i];
        deduce_expr(d, s->lhs);
        deduce_expr(d, s->rhs);
        for (int c = 0; c < s->nconds; c++)
            deduce_expr(d, s->conds[c]);
        switch (s->kind) {
        case MO_ST_FOR:
            for (int k = 0; k < s->niters; k++)
                deduce_expr(d, s->iters[k].range);
            if (!rebinds(s->iters, s->niters, d->name))
                deduce_stmts(d, &s->bodies[0]);
            break;
        case MO_ST_IF: case MO_ST_WHEN: case MO_ST_WHILE:
            /* if: a body per condition and the else body; when: one per condition; while: one */
            for (int b = 0; b < (s->kind == MO_ST_WHILE ? 1 : s->nconds + (s->kind == MO_ST_IF)); b++)
                deduce_stmts(d, &s->bodies[b]);
            break;
        default:
            break;
        }
    }
}

static bool deduce_range(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_iterator *it,
                         const mo_iter_use *use, mo_expr ***vals, int *n)
{
    deduction d = {fr, inst, owner, it->name, false, false, 0, NULL, NULL};
    if (use && use->eqs)
        deduce_eqs(&d, use->eqs);
    if (use && use->expr)
        deduce_expr(&d, use->expr);
    if (use && use->stmts)
        deduce_stmts(&d, use->stmts);
    if (d.bad)
        return false;
    if (!d.found) {
        mo_error(it->loc, "the range of iterator '%s' cannot be deduced: it subscripts no array", it->name);
        return false;
    }
    if (d.type)
        return type_values(d.type, it->loc, vals, n);
    *n = d.size;
    *vals = MO_NEWN(mo_expr *, d.size + 1);
    for (int i = 0; i < d.size; i++)
        (*vals)[i] = mo_expr_int(it->loc, i + 1);
    return true;
}

bool mo_iter_values(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_iterator *it, const mo_iter_use *use,
                    mo_expr ***vals, int *n)
{
    const mo_expr *r = it->range;
    if (!r)
        return deduce_range(fr, inst, owner, it, use, vals, n);
    if (r->kind == MO_EX_RANGE)
        return mo_range_values(fr, inst, owner, r, "the range of a for-loop", vals, n);
    if (r->kind == MO_EX_REF && r->nparts >= 1 && r->parts[r->nparts - 1].nsubs == 0) {
        /* an enumeration type (or Boolean) as the range: all its values */
        mo_name nm;
        mo_name_init(&nm, r->loc, r->global, r->nparts);
        for (int i = 0; i < r->nparts; i++) {
            nm.ids[i] = r->parts[i].id;
            mo_name_set_loc(&nm, i, mo_ref_part_loc(r, i));
        }
        bool dis = false;
        mo_sref sr;
        int local = inst ? mo_find_slots(fr, inst, owner, r, &sr, &dis) : 0;
        if (local < 0)
            return false;
        if (local == 0) {
            mo_found f;
            mo_class *c = mo_lookup_name(owner, &nm, &f) < 0 && !f.comp ? f.cls : NULL;
            while (c && c->form == MO_FORM_SHORT && c->nshort_dims == 0)   /* type E2 = E */
                c = mo_short_target(c);
            if (c && (c->form == MO_FORM_ENUM || mo_builtin_type(c) == MO_T_BOOLEAN))
                return type_values(c, r->loc, vals, n);
        }
    }
    mo_aval v;
    if (!mo_flatten_val(fr, inst, owner, r, &v))
        return false;
    if (v.nd != 1) {
        mo_error(r->loc, "the range of a for-loop must be a vector, not of size %s", mo_av_size_str(&v));
        return false;
    }
    *n = v.n;
    *vals = MO_NEWN(mo_expr *, v.n + 1);
    for (int i = 0; i < v.n; i++) {
        mo_expr *x = v.el[i];
        double d;
        const char *str;
        if (x->kind == MO_EX_INT || x->kind == MO_EX_BOOL || x->kind == MO_EX_REAL || x->kind == MO_EX_STRING) {
            (*vals)[i] = x;
        } else if ((str = mo_str_value(fr->flat, x)) != NULL) {   /* a String parameter: its value */
            (*vals)[i] = mo_expr_string(x->loc, str);
        } else if (mo_eval_flat(fr->flat, x, &d)) {
            (*vals)[i] = literal(x->loc, d, false);
        } else if (use && use->stmts && x->kind == MO_EX_VAR) {
            (*vals)[i] = x;   /* a for-statement's range need not be a parameter expression (11.2.2.1):
                               * the variable itself, which flatten_alg.c checks the body leaves alone */
        } else {
            mo_error(r->loc, "the range of a for-loop must be a parameter expression");
            return false;
        }
    }
    return true;
}
