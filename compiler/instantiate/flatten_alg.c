/*
 * flatten_alg.c - algorithm sections of models and blocks (specification chapter 11), flattened into
 * mo_falg records of the flat model (flat.h).
 *
 * Input: an algorithm section of an instance whose components are all made (fill_inst calls this after
 * mo_ensure_slot on every slot), its statements as the parser built them. Output: the section's
 * statements over flat variables, appended to flat->algs with the variables it assigns:
 *   - assignments to arrays and slices assign every element at once (values evaluated first);
 *     x[k] := v with k known only at run time stores v into the element k chooses (mo_astmt.index);
 *     s := "a" of a String variable, run at every evaluation of the section, becomes the equation
 *     s = "a" (assign_string: Strings stay out of the back end, strvars.c);
 *     (a, b) := f(x) and r := f(x) with a record result go through funcall.c's mo_func_equation, whose
 *     equations "target = output k of the call" become one such assignment;
 *   - for-loops are unrolled over their ranges, which must be parameter expressions; the iterators are
 *     in scope like those of for-equations (flatten_expr.c);
 *   - if-statements with parameter conditions keep the branch taken, as if-equations do;
 *   - when-statements only at the top level of a non-initial section; return only in functions;
 *     reinit only in when-equations (8.3.6); break only inside loops;
 *   - the outputs: every variable assigned, and every element of an array of which one element is
 *     assigned (11.1.2: the whole array is then initialized by the section).
 * mo_flatten_algs_check runs once the whole model is flattened: a variable may be assigned in one
 * section only, and in one initial section (each section is an equation for each of its outputs).
 * Recursion follows the nesting of statements (bounded by the parser's nesting limit).
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct abuild {
    mo_front *fr;
    mo_inst *inst;
    mo_class *owner;
    mo_falg *alg;
    int loops;                /* enclosing for- and while-statements (break) */
    int nested;               /* enclosing if-, for-, while- and when-statements (when is top level) */
    bool in_when;
    int dyn;                  /* enclosing while-statements and branches of if-statements taken only at run
                               * time (the statements there may not run) */
    mo_map str_assigned;      /* String variable + 1 -> its assignment made an equation (assign_string) */
    mo_map str_read;          /* String variable + 1 -> read by a statement flattened so far */
    mo_map whole;             /* target reference (syntax) -> its whole array already added to outs */
    mo_map assigned;          /* variable + 1 -> assigned (outs without duplicates) */
    MO_VEC(int) outs;
} abuild;

static bool stmts(abuild *b, const mo_stmt_list *l, mo_astmt_list *out);

static mo_astmt *new_stmt(mo_astmt_kind kind, mo_loc loc)
{
    mo_astmt *s = MO_NEW(mo_astmt);
    s->kind = kind;
    s->loc = loc;
    return s;
}

static const char *var_name(const abuild *b, int v)
{
    return mo_flat_var_name(b->fr->flat, v);
}

static void add_out(abuild *b, int v)
{
    const char *key = (const char *)(intptr_t)(v + 1);
    if (mo_map_has(&b->assigned, key))
        return;
    mo_map_put(&b->assigned, key, (void *)1);
    MO_PUSH(b->outs, v);
}

/* A variable that may be assigned here: not a parameter, a constant or a String (not yet). */
static bool check_target(abuild *b, const mo_expr *t, mo_loc loc)
{
    if (t->kind != MO_EX_VAR) {
        mo_error(loc, t->kind == MO_EX_TIME ? "'time' cannot be assigned"
                      : (t->kind == MO_EX_INT || t->kind == MO_EX_BOOL || t->kind == MO_EX_REAL)
                      ? "cannot assign to a for-loop iterator or a constant"
                      : t->kind == MO_EX_INDEX
                      ? "not supported yet: assigning elements chosen at run time in this form (a slice, or the "
                        "outputs of a function call)"
                      : "the target of an assignment must be a variable");
        return false;
    }
    if (b->in_when && !mo_when_target_ok(b->fr, b->inst, t->var, loc))
        return false;
    const mo_var *v = &b->fr->flat->vars.v[t->var];
    if (v->variability <= MO_VAR_PARAMETER) {
        /* a parameter with fixed = false is computed at initialization, here by an initial algorithm */
        bool fixed_false = v->attr->fixed && v->attr->fixed->kind == MO_EX_BOOL && !v->attr->fixed->ival;
        if (b->alg->initial && v->variability == MO_VAR_PARAMETER && fixed_false)
            return true;
        if (b->alg->initial && v->variability == MO_VAR_PARAMETER)
            mo_error(loc, "parameter '%s' is assigned in an initial algorithm section, so it needs fixed = false",
                     var_name(b, t->var));
        else
            mo_error(loc, "'%s' is a %s and cannot be assigned in an algorithm section", var_name(b, t->var),
                     v->variability == MO_VAR_PARAMETER ? "parameter" : "constant");
        mo_note(v->attr->loc, "'%s' is declared here", var_name(b, t->var));
        return false;
    }
    return true;
}

static const char *var_key(int v)
{
    return (const char *)(intptr_t)(v + 1);
}

/* target := value of a String variable. Strings stay out of the back end (strvars.c: a String variable
 * is a constant once an equation gives it a value known when the model is compiled), so the statement
 * becomes the equation target = value where that is what it means: the value known now, the statement
 * run at every evaluation of the section (not in an initial section, a when-statement, a while-loop or a
 * branch taken only at run time), the only assignment of the variable, and nothing in the section read
 * the variable before it (that read would see the start value). Anything else: not supported yet. */
static bool assign_string(abuild *b, const mo_stmt *st, int var, mo_expr *value)
{
    const char *s = mo_str_value(b->fr->flat, value);
    const char *why = b->alg->initial ? "in an initial algorithm section"
                    : b->in_when ? "in a when-statement"
                    : b->dyn ? "where the statement runs only under a condition known at run time"
                    : !s ? "with a value not known when the model is compiled"
                    : mo_map_has(&b->str_assigned, var_key(var)) ? "twice"
                    : mo_map_has(&b->str_read, var_key(var)) ? "after the section read it" : NULL;
    if (why) {
        mo_error(st->loc, "not supported yet: a String variable ('%s') assigned in an algorithm section %s",
                 var_name(b, var), why);
        return false;
    }
    mo_map_put(&b->str_assigned, var_key(var), (void *)1);
    mo_add_eq(b->fr, st->loc, b->inst->path, MO_ORIGIN_EQUATION, mo_var_expr(st->lhs->loc, var),
              mo_expr_string(value->loc, s), NULL);
    return true;
}

/* The String variables e reads, into b->str_read. Recursion over one expression. */
static void read_strings(abuild *b, const mo_expr *e)
{
    if (!e)
        return;
    if (e->kind == MO_EX_VAR && e->var >= 0 && e->var < b->fr->flat->vars.n &&
        b->fr->flat->vars.v[e->var].type == MO_T_STRING)
        mo_map_put(&b->str_read, var_key(e->var), (void *)1);
    for (int i = 0; i < e->n; i++)
        read_strings(b, e->a[i]);
    for (int i = 0; i < e->nnamed; i++)
        read_strings(b, e->named[i].value);
}

/* The String variables statement s (flattened) and the statements inside it read. Recursion follows the
 * nesting of statements. */
static void stmt_reads(abuild *b, const mo_astmt *s)
{
    for (int k = 0; s->kind == MO_AS_ASSIGN && k < s->n; k++)
        read_strings(b, s->values[k]);
    for (int k = 0; k < s->ncond; k++)
        read_strings(b, s->conds[k]);
    if (s->event) {
        read_strings(b, s->event->rhs);
        for (int k = 0; k < s->event->nmsg; k++)
            read_strings(b, s->event->msg[k]);
    }
    int nb = s->kind == MO_AS_IF ? s->n + 1 : s->kind == MO_AS_WHILE ? 1
           : s->kind == MO_AS_FOR || s->kind == MO_AS_WHEN ? s->n : 0;
    for (int i = 0; i < nb; i++)
        for (int k = 0; k < s->bodies[i].n; k++)
            stmt_reads(b, s->bodies[i].v[k]);
}

/* The value's type fits the target's: no Boolean into a number or the reverse, no Real into an
 * Integer (types unknown to mo_func_expr_type pass). */
static bool check_value(abuild *b, int var, const mo_expr *value, mo_loc loc)
{
    const mo_var *v = &b->fr->flat->vars.v[var];
    int vt = mo_func_expr_type(b->fr->flat, NULL, value);
    int tt = v->type == MO_T_ENUM ? MO_T_INTEGER : (int)v->type;
    if (vt < 0 || vt == tt || (tt == MO_T_REAL && vt == MO_T_INTEGER) || v->type == MO_T_ENUM)
        return true;
    if (vt == MO_T_STRING) {
        mo_error(loc, "not supported yet: String values in algorithm sections");
        return false;
    }
    mo_error(loc, "cannot assign %s value to %s variable '%s'",
             vt == MO_T_INTEGER ? "an Integer" : vt == MO_T_REAL ? "a Real" : "a Boolean",
             mo_func_type_name(tt), var_name(b, var));
    return false;
}

/* Every element of the array that the target reference t belongs to is an output (11.1.2): t with its
 * subscripts left out names them all. Once per reference of the text (a for-loop assigns its elements
 * one iteration at a time). */
static bool add_whole(abuild *b, const mo_expr *t)
{
    if (!t || t->kind != MO_EX_REF || mo_map_has(&b->whole, (const char *)t))
        return true;
    mo_map_put(&b->whole, (const char *)t, (void *)1);
    bool subs = false;
    for (int i = 0; i < t->nparts; i++)
        subs |= t->parts[i].nsubs > 0;
    if (!subs)
        return true;
    mo_expr *w = mo_expr_dup(t);
    w->parts = MO_NEWN(mo_ref_part, t->nparts);
    memcpy(w->parts, t->parts, sizeof *w->parts * (size_t)t->nparts);
    for (int i = 0; i < t->nparts; i++)
        w->parts[i].nsubs = 0;
    mo_aval all;
    if (!mo_flatten_val(b->fr, b->inst, b->owner, w, &all))
        return false;
    for (int i = 0; i < all.n; i++)
        if (mo_av_at(&all, i)->kind == MO_EX_VAR)
            add_out(b, mo_av_at(&all, i)->var);
    return true;
}

static void make_assign(mo_astmt *s, int n)
{
    s->n = n;
    s->targets = MO_NEWN(int, n + 1);
    s->values = MO_NEWN(mo_expr *, n + 1);
}

/* (a, b) := f(x), or r := f(x) with a record result: the equations mo_func_equation makes (target =
 * output k of one call) become one assignment. 0 when the statement is no such assignment. */
static int assign_call(abuild *b, const mo_stmt *st, mo_astmt *s)
{
    mo_eq q;
    memset(&q, 0, sizeof q);
    q.kind = MO_EQ_EQUAL;
    q.loc = st->loc;
    q.lhs = st->lhs;
    q.rhs = st->rhs;
    mo_flat *flat = b->fr->flat;
    int n0 = flat->eqs.n;
    int r = mo_func_equation(b->fr, b->inst, b->owner, &q, false);
    int n = flat->eqs.n - n0;
    flat->eqs.n = n0;            /* taken out of the equations: they are this statement */
    if (r <= 0)
        return r;
    make_assign(s, n);
    for (int k = 0; k < n; k++) {
        const mo_feq *f = &flat->eqs.v[n0 + k];
        if (!check_target(b, f->lhs, st->loc))
            return -1;
        s->targets[k] = f->lhs->var;
        s->values[k] = f->rhs;
        add_out(b, f->lhs->var);
    }
    int nt = st->lhs->kind == MO_EX_TUPLE ? st->lhs->n : 1;
    for (int i = 0; i < nt; i++)
        if (!add_whole(b, st->lhs->kind == MO_EX_TUPLE ? st->lhs->a[i] : st->lhs))
            return -1;
    return 1;
}

/* x[k] := v with k known only at run time: t is the flattened target, an MO_EX_INDEX over the elements
 * of x (flat.h); the statement stores v into the one element that k chooses (mo_astmt.index). One
 * subscript chosen at run time, a scalar element: the others are refused. */
static bool assign_at(abuild *b, const mo_stmt *st, const mo_expr *t, mo_expr *x, mo_astmt *s)
{
    const mo_expr *arr = t->a[0];
    for (int k = 0; k < arr->n; k++)
        if (arr->a[k]->kind != MO_EX_VAR) {
            mo_error(st->lhs->loc, "not supported yet: assigning an element chosen at run time by more than one "
                     "subscript ('%s')", t->str ? t->str : "?");
            return false;
        }
    make_assign(s, arr->n);
    s->index = t->a[1];
    s->index_str = t->str;
    for (int k = 0; k < arr->n; k++) {
        if (!check_target(b, arr->a[k], st->lhs->loc) || !check_value(b, arr->a[k]->var, x, st->rhs->loc))
            return false;
        s->targets[k] = arr->a[k]->var;
        s->values[k] = x;
        add_out(b, arr->a[k]->var);
    }
    return add_whole(b, st->lhs);
}

/* Does e read one of the variables marked in in[] (variable + 1 -> 1)? Recursion over one expression. */
static bool reads_marked(const mo_expr *e, const void *in)
{
    return e->kind == MO_EX_VAR && e->var >= 0 && mo_map_has(in, var_key(e->var));
}

static bool reads_any(const mo_expr *e, const mo_map *in)
{
    return mo_expr_any(e, reads_marked, in);
}

/* A[k, :] := v, k known only at run time: one x[k] := v_j per element (assign_at), as a group that always
 * runs (an if-statement without conditions, spliced by stmts). The values are evaluated first only if
 * none reads an element the statement may assign (else: not supported yet). */
static bool assign_slice_at(abuild *b, const mo_stmt *st, const mo_aval *l, const mo_aval *v, mo_astmt *s)
{
    mo_map cand = {0};
    for (int k = 0; k < l->n; k++) {
        const mo_expr *t = mo_av_at(l, k);
        if (t->kind != MO_EX_INDEX) {
            mo_error(st->lhs->loc, "not supported yet: assigning a slice whose elements are chosen partly at run time");
            return false;
        }
        for (int i = 0; i < t->a[0]->n; i++)
            if (t->a[0]->a[i]->kind == MO_EX_VAR)
                mo_map_put(&cand, var_key(t->a[0]->a[i]->var), (void *)1);
    }
    for (int k = 0; k < v->n; k++)
        if (reads_any(mo_av_at(v, k), &cand)) {
            mo_error(st->rhs->loc, "not supported yet: assigning a slice chosen at run time a value that reads the "
                     "array it is assigned to");
            return false;
        }
    s->kind = MO_AS_IF;
    s->bodies = MO_NEWN(mo_astmt_list, 1);
    s->bodies[0].n = l->n;
    s->bodies[0].v = MO_NEWN(mo_astmt *, l->n + 1);
    for (int k = 0; k < l->n; k++) {
        mo_astmt *e = new_stmt(MO_AS_ASSIGN, st->loc);
        if (!assign_at(b, st, mo_av_at(l, k), mo_av_at(v, k), e))
            return false;
        s->bodies[0].v[k] = e;
    }
    return true;
}

static bool assign(abuild *b, const mo_stmt *st, mo_astmt *s)
{
    int r = assign_call(b, st, s);
    if (r)
        return r > 0;
    mo_aval l, v;
    if (!mo_flatten_val(b->fr, b->inst, b->owner, st->lhs, &l) ||
        !mo_flatten_val(b->fr, b->inst, b->owner, st->rhs, &v))
        return false;
    if (!mo_av_same_size(&l, &v)) {
        mo_error(st->loc, "the target has size %s but the value has size %s", mo_av_size_str(&l),
                 mo_av_size_str(&v));
        return false;
    }
    if (l.n == 1 && mo_av_at(&l, 0)->kind == MO_EX_INDEX)
        return assign_at(b, st, mo_av_at(&l, 0), mo_av_at(&v, 0), s);
    for (int k = 0; k < l.n; k++)
        if (mo_av_at(&l, k)->kind == MO_EX_INDEX)
            return assign_slice_at(b, st, &l, &v, s);
    if (l.n && mo_av_at(&l, 0)->kind == MO_EX_VAR && b->fr->flat->vars.v[mo_av_at(&l, 0)->var].type == MO_T_STRING &&
        b->fr->flat->vars.v[mo_av_at(&l, 0)->var].variability > MO_VAR_PARAMETER) {
        for (int k = 0; k < l.n; k++)   /* (the elements of one array: all Strings) */
            if (!assign_string(b, st, mo_av_at(&l, k)->var, mo_av_at(&v, k)))
                return false;
        s->kind = MO_AS_IF;   /* no statement left: an if without conditions and an empty body (stmts) */
        s->bodies = MO_NEWN(mo_astmt_list, 1);
        return true;
    }
    make_assign(s, l.n);
    for (int k = 0; k < l.n; k++) {
        mo_expr *t = mo_av_at(&l, k), *x = mo_av_at(&v, k);
        if (!check_target(b, t, st->lhs->loc) || !check_value(b, t->var, x, st->rhs->loc))
            return false;
        s->targets[k] = t->var;
        s->values[k] = x;
        add_out(b, t->var);
    }
    return add_whole(b, st->lhs);
}

/* A scalar Boolean condition. */
static mo_expr *condition(abuild *b, const mo_expr *c)
{
    mo_expr *e = mo_flatten_expr(b->fr, b->inst, b->owner, c);
    if (!e)
        return NULL;
    int t = mo_func_expr_type(b->fr->flat, NULL, e);
    if (t >= 0 && t != MO_T_BOOLEAN) {
        mo_error(c->loc, "the condition must be a Boolean expression, not %s", mo_func_type_name(t));
        return NULL;
    }
    return e;
}

static bool if_stmt(abuild *b, const mo_stmt *st, mo_astmt *s)
{
    MO_VEC(mo_expr *) conds = {0};
    MO_VEC(mo_astmt_list) bodies = {0};
    const mo_stmt_list *else_body = &st->bodies[st->nconds];
    int dyn0 = b->dyn;
    b->nested++;
    for (int i = 0; i < st->nconds; i++) {
        mo_expr *c = condition(b, st->conds[i]);
        double d;
        if (!c)
            return false;
        if (mo_eval_flat(b->fr->flat, c, &d)) {   /* a parameter condition: decided now */
            if (!d)
                continue;
            else_body = &st->bodies[i];           /* taken whenever it is reached */
            break;
        }
        mo_astmt_list l;
        b->dyn = dyn0 + 1;   /* this branch, and the ones after it, are taken only at run time */
        if (!stmts(b, &st->bodies[i], &l))
            return false;
        MO_PUSH(conds, c);
        MO_PUSH(bodies, l);
    }
    mo_astmt_list l;
    if (!stmts(b, else_body, &l))
        return false;
    MO_PUSH(bodies, l);
    b->nested--;
    b->dyn = dyn0;
    s->n = s->ncond = conds.n;
    s->conds = conds.v;
    s->bodies = bodies.v;
    return true;
}

/* The values of the iterator it of a loop whose body is body: a parameter range or vector, or the range
 * deduced from the subscripts it appears in (not yet: ranges that change in time). */
static bool iter_values(abuild *b, const mo_iterator *it, const mo_stmt_list *body, mo_expr ***vals, int *n)
{
    /* the bounds of a:b first: mo_flatten_val would call them "a range that must be a parameter
     * expression", which a for-statement's need not be (11.2.2.1) */
    for (int k = 0; it->range && it->range->kind == MO_EX_RANGE && k < it->range->n; k++) {
        mo_expr *f = mo_flatten_expr(b->fr, b->inst, b->owner, it->range->a[k]);
        double d;
        if (!f)
            return false;
        if (!mo_eval_flat(b->fr->flat, f, &d) && !mo_eval_failed_in_bindings()) {
            mo_error(it->range->loc, "not supported yet: a for-loop range that is not a parameter expression");
            return false;
        }
    }
    if (it->range && it->range->kind != MO_EX_REF) {
        mo_aval r;
        if (!mo_flatten_val(b->fr, b->inst, b->owner, it->range, &r))
            return false;
        for (int i = 0; i < r.n; i++) {
            double d;
            if (!mo_eval_flat(b->fr->flat, mo_av_at(&r, i), &d) && !mo_str_value(b->fr->flat, mo_av_at(&r, i))) {
                mo_error(it->range->loc, "not supported yet: a for-loop range that is not a parameter expression");
                return false;
            }
        }
    }
    mo_iter_use use = {NULL, NULL, body};
    return mo_iter_values(b->fr, b->inst, b->owner, it, &use, vals, n);
}

/* Does a statement of l assign a variable marked in set? (Recursion as deep as the statements nest.) */
static const mo_astmt *assigns_marked(const mo_astmt_list *l, const unsigned char *set)
{
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *s = l->v[i];
        if (s->kind == MO_AS_ASSIGN)
            for (int k = 0; k < s->n; k++)
                if (set[s->targets[k]])
                    return s;
        int nb = s->kind == MO_AS_IF ? s->n + 1 : s->kind == MO_AS_EVENT || s->kind == MO_AS_ASSIGN ||
                                                  s->kind == MO_AS_BREAK ? 0 : s->kind == MO_AS_WHILE ? 1 : s->n;
        for (int k = 0; k < nb; k++) {
            const mo_astmt *t = assigns_marked(&s->bodies[k], set);
            if (t)
                return t;
        }
    }
    return NULL;
}

/* A range of variables (for i in y loop: 11.2.2.1 evaluates it once, when the loop starts) is unrolled
 * with the variables in place of the iterator's values: right as long as the body assigns none of them. */
static bool range_kept(abuild *b, const mo_stmt *st, int iter, mo_expr **vals, int n, const mo_astmt *s)
{
    unsigned char *set = NULL;
    for (int i = 0; i < n; i++)
        if (vals[i]->kind == MO_EX_VAR) {
            if (!set)
                set = MO_NEWN(unsigned char, b->fr->flat->vars.n + 1);
            set[vals[i]->var] = 1;
        }
    const mo_astmt *t = NULL;
    for (int i = 0; set && !t && i < s->n; i++)
        t = assigns_marked(&s->bodies[i], set);
    if (!t)
        return true;
    mo_error(t->loc, "not supported yet: a for-statement whose body assigns a variable of its range (the range "
                     "is evaluated once, when the loop starts: spec 11.2.2.1)");
    mo_note(st->iters[iter].range->loc, "the range");
    return false;
}

/* for i in r1, j in r2 loop ...: nested loops, each unrolled; iter is the iterator being expanded. */
static bool for_stmt(abuild *b, const mo_stmt *st, int iter, mo_astmt *s)
{
    mo_expr **vals;
    int n;
    if (!iter_values(b, &st->iters[iter], &st->bodies[0], &vals, &n))
        return false;
    s->n = n;
    s->bodies = MO_NEWN(mo_astmt_list, n + 1);
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        mo_iter_push(st->iters[iter].name, vals[i]);
        if (iter + 1 == st->niters) {
            ok = stmts(b, &st->bodies[0], &s->bodies[i]);
        } else {   /* the inner iterators: one statement, itself a loop */
            mo_astmt *inner = new_stmt(MO_AS_FOR, st->loc);
            ok = for_stmt(b, st, iter + 1, inner);
            s->bodies[i].n = 1;
            s->bodies[i].v = MO_NEWN(mo_astmt *, 1);
            s->bodies[i].v[0] = inner;
        }
        mo_iter_pop();
    }
    return ok && range_kept(b, st, iter, vals, n, s);
}

static bool when_stmt(abuild *b, const mo_stmt *st, mo_astmt *s)
{
    if (b->alg->initial) {
        mo_error(st->loc, "when-statements are not allowed in an initial algorithm section");
        return false;
    }
    if (b->in_when || b->nested) {
        mo_error(st->loc, b->in_when ? "when-statements cannot be nested"
                                     : "a when-statement cannot be inside an if-, for- or while-statement");
        return false;
    }
    MO_VEC(mo_expr *) conds = {0};
    s->n = st->nconds;
    s->cfirst = MO_NEWN(int, st->nconds + 1);
    s->bodies = MO_NEWN(mo_astmt_list, st->nconds + 1);
    b->in_when = true;
    for (int i = 0; i < st->nconds; i++) {
        s->cfirst[i] = conds.n;
        mo_aval c;
        if (!mo_flatten_val(b->fr, b->inst, b->owner, st->conds[i], &c))
            return false;
        if (c.nd > 1) {
            mo_error(st->conds[i]->loc, "a when-condition must be a Boolean scalar or vector, not of size %s",
                     mo_av_size_str(&c));
            return false;
        }
        for (int k = 0; k < c.n; k++) {
            int t = mo_func_expr_type(b->fr->flat, NULL, mo_av_at(&c, k));
            if (t >= 0 && t != MO_T_BOOLEAN) {
                mo_error(st->conds[i]->loc, "the condition must be a Boolean expression, not %s", mo_func_type_name(t));
                return false;
            }
            MO_PUSH(conds, mo_av_at(&c, k));
        }
        if (!stmts(b, &st->bodies[i], &s->bodies[i]))
            return false;
    }
    b->in_when = false;
    s->cfirst[st->nconds] = conds.n;
    s->ncond = conds.n;
    s->conds = conds.v;
    return true;
}

static bool call_stmt(abuild *b, const mo_stmt *st, mo_astmt *s)
{
    const mo_expr *c = st->lhs;
    const char *fn = c->fn && c->fn->kind == MO_EX_REF ? mo_ref_str(c->fn) : "";
    if (mo_func_connections_op(fn)) {
        mo_error(st->loc, "'%s' is not allowed in an algorithm section (spec 9.4: only where a connect-equation is)", fn);
        return false;
    }
    if (!strcmp(fn, "reinit")) {
        mo_error(st->loc, "reinit is not allowed in an algorithm section; use it in a when-equation");
        return false;
    }
    s->kind = MO_AS_EVENT;
    s->event = MO_NEW(mo_wstmt);
    if (!strcmp(fn, "assert") || !strcmp(fn, "terminate"))
        return mo_flatten_event_call(b->fr, b->inst, b->owner, c, st->loc, s->event);
    /* f(x); of a user function: its value is not used, it is evaluated for its asserts */
    mo_expr *call = NULL;
    int r = mo_func_empty_call(b->fr, b->inst, b->owner, c, &call);
    if (r == 0)
        mo_error(st->loc, "not supported yet: '%s' as a statement", fn);
    if (r <= 0)
        return false;
    s->event->kind = MO_WS_CALL;
    s->event->loc = st->loc;
    s->event->rhs = call;
    return true;
}

static bool stmt(abuild *b, const mo_stmt *st, mo_astmt *s)
{
    switch (st->kind) {
    case MO_ST_ASSIGN:
        s->kind = MO_AS_ASSIGN;
        return assign(b, st, s);
    case MO_ST_CALL:
        return call_stmt(b, st, s);
    case MO_ST_IF:
        s->kind = MO_AS_IF;
        return if_stmt(b, st, s);
    case MO_ST_FOR: {
        s->kind = MO_AS_FOR;
        b->loops++;
        b->nested++;
        bool ok = for_stmt(b, st, 0, s);
        b->loops--;
        b->nested--;
        return ok;
    }
    case MO_ST_WHILE: {
        s->kind = MO_AS_WHILE;
        s->ncond = 1;
        s->conds = MO_NEWN(mo_expr *, 1);
        s->bodies = MO_NEWN(mo_astmt_list, 1);
        if (!(s->conds[0] = condition(b, st->conds[0])))
            return false;
        b->loops++;
        b->nested++;
        b->dyn++;
        bool ok = stmts(b, &st->bodies[0], &s->bodies[0]);
        b->loops--;
        b->nested--;
        b->dyn--;
        return ok;
    }
    case MO_ST_WHEN:
        s->kind = MO_AS_WHEN;
        return when_stmt(b, st, s);
    case MO_ST_BREAK:
        s->kind = MO_AS_BREAK;
        if (!b->loops) {
            mo_error(st->loc, "'break' outside a loop");
            return false;
        }
        return true;
    case MO_ST_RETURN:
        mo_error(st->loc, "'return' can only be used in a function");
        return false;
    }
    mo_unreachable("statement kind");
}

static bool stmts(abuild *b, const mo_stmt_list *l, mo_astmt_list *out)
{
    MO_VEC(mo_astmt *) v = {0};
    for (int i = 0; i < l->n; i++) {
        mo_astmt *s = new_stmt(MO_AS_ASSIGN, l->v[i]->loc);
        if (!stmt(b, l->v[i], s))
            return false;
        stmt_reads(b, s);
        if (s->kind == MO_AS_IF && s->n == 0) {
            /* parameter conditions left nothing to test: the statement is the body taken */
            for (int k = 0; k < s->bodies[0].n; k++)
                MO_PUSH(v, s->bodies[0].v[k]);
            continue;
        }
        MO_PUSH(v, s);
    }
    out->n = v.n;
    out->v = v.v;
    return true;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static bool in_algorithm;   /* a section's statements are being flattened */

bool mo_in_algorithm(void)
{
    return in_algorithm;
}

bool mo_flatten_alg(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_section *sec)
{
    if (owner->kind == MO_CL_RECORD || owner->kind == MO_CL_OPERATOR_RECORD || owner->kind == MO_CL_CONNECTOR ||
        owner->kind == MO_CL_EXPANDABLE_CONNECTOR || owner->kind == MO_CL_TYPE) {
        mo_error(sec->loc, "a %s cannot have algorithm sections", mo_class_kind_name(owner->kind));
        return false;
    }
    mo_falg *alg = MO_NEW(mo_falg);
    alg->loc = sec->loc;
    alg->instance = inst->path;
    alg->initial = sec->initial;
    abuild b;
    memset(&b, 0, sizeof b);
    b.fr = fr;
    b.inst = inst;
    b.owner = owner;
    b.alg = alg;
    in_algorithm = true;
    bool ok = stmts(&b, &sec->stmts, &alg->body);
    in_algorithm = false;
    if (!ok)
        return false;
    if (b.outs.n > 1)
        mo_qsort(b.outs.v, (size_t)b.outs.n, sizeof(int), cmp_int);
    alg->nout = b.outs.n;
    alg->outs = b.outs.v;
    MO_PUSH(fr->flat->algs, *alg);
    return true;
}

bool mo_flatten_algs_check(mo_flat *flat)
{
    if (!flat->algs.n)
        return true;
    /* algorithm + 1 that assigns the variable: initial sections and the others apart (an initial
     * algorithm gives a variable its value at the start, whoever computes it later) */
    int *owner[2] = {MO_NEWN(int, flat->vars.n + 1), MO_NEWN(int, flat->vars.n + 1)};
    bool ok = true;
    for (int a = 0; a < flat->algs.n; a++) {
        const mo_falg *g = &flat->algs.v[a];
        int *own = owner[g->initial];
        for (int k = 0; k < g->nout; k++) {
            int v = g->outs[k];
            if (!own[v]) {
                own[v] = a + 1;
                continue;
            }
            const mo_falg *h = &flat->algs.v[own[v] - 1];
            mo_error(g->loc, "'%s' is assigned in two %salgorithm sections", mo_flat_var_name(flat, v),
                     g->initial ? "initial " : "");
            mo_note(h->loc, "the other %salgorithm section that assigns '%s'", g->initial ? "initial " : "",
                    mo_flat_var_name(flat, v));
            ok = false;
            break;
        }
    }
    return ok;
}
