/*
 * flatten_expr.c - flatten one expression: resolve its names and evaluate it to its scalar elements.
 *
 * Input: an AST expression written in a class (owner), seen from an instance (inst; NULL inside a
 * package), with the for-iterators in scope. Output: an array value (aval.h): a scalar flat expression,
 * or the elements of an array, in which component references are MO_EX_VAR, der(v) is MO_EX_DER, time
 * is MO_EX_TIME, iterators and enumeration literals are literals, and calls of built-in functions keep
 * their name. Array operators and array functions are expanded by arrays.c; calls of user-defined
 * functions (and record constructors) are handed to funcall.c (mo_func_flatten_value), the one hook for
 * them; record values are made by records.c.
 * Preconditions: expression trees are at most MO_MAX_EXPR_DEPTH deep (the parser), so recursing over one
 * expression is safe.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* for-equation and reduction iterators in scope (innermost last), with their current values */
static MO_VEC(const char *) iter_names;
static MO_VEC(mo_expr *) iter_vals;
static int end_size = -1;   /* size of the dimension being subscripted, -1 outside subscripts */

void mo_iter_push(const char *name, mo_expr *value)
{
    MO_PUSH(iter_names, name);
    MO_PUSH(iter_vals, value);
}

void mo_iter_pop(void)
{
    iter_names.n--;
    iter_vals.n--;
}

int mo_iter_snapshot(const char ***names, mo_expr ***vals)
{
    int n = iter_names.n;
    *names = MO_NEWN(const char *, n + 1);
    *vals = MO_NEWN(mo_expr *, n + 1);
    if (n) {
        memcpy(*names, iter_names.v, sizeof **names * (size_t)n);
        memcpy(*vals, iter_vals.v, sizeof **vals * (size_t)n);
    }
    return n;
}

int mo_end_set(int size)
{
    int old = end_size;
    end_size = size;
    return old;
}

/* Subscripts like i, i + 1, end - 1 or 3 are evaluated straight from the syntax: a for-loop over
 * component arrays evaluates millions of them, and flattening each into nodes first would only make
 * garbage. Anything else (parameters, function calls) returns false and goes the general way. */
bool mo_quick_int(const mo_expr *e, long long *out)
{
    long long a, b;
    switch (e->kind) {
    case MO_EX_INT:
        *out = e->ival;
        return true;
    case MO_EX_END:
        *out = end_size;
        return end_size >= 0;
    case MO_EX_REF:
        if (e->nparts != 1 || e->parts[0].nsubs || e->global)
            return false;
        for (int i = iter_names.n - 1; i >= 0; i--)
            if (iter_names.v[i] == e->parts[0].id) {
                const mo_expr *v = iter_vals.v[i];
                if (v->kind != MO_EX_INT)
                    return false;
                *out = v->ival;
                return true;
            }
        return false;
    case MO_EX_BINARY:
        if ((e->op != MO_OP_ADD && e->op != MO_OP_SUB && e->op != MO_OP_MUL) || !mo_quick_int(e->a[0], &a) ||
            !mo_quick_int(e->a[1], &b))
            return false;
        *out = e->op == MO_OP_ADD ? a + b : e->op == MO_OP_SUB ? a - b : a * b;
        return true;
    default:
        return false;
    }
}

bool mo_eval_int(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *what,
                 long long *out)
{
    mo_expr *f = mo_flatten_expr(fr, inst, owner, e);
    if (!f)
        return false;
    double d;
    if (!mo_eval_flat(fr->flat, f, &d) || d != floor(d)) {
        if (!mo_eval_report_why(fr->flat, e->loc, what))
            mo_error(e->loc, "%s must be a parameter expression with an integer value", what);
        return false;
    }
    *out = (long long)d;
    return true;
}

/* ---- names ---- */

static bool slot_value(const mo_slot *s, const mo_expr *e, mo_expr **out);

/* While the binding of a package constant written in class pkg_base is flattened for the class pkg_via
 * that inherits it: the class whose modification environment the base's other constants have. */
static mo_class *pkg_base, *pkg_via;

mo_class *mo_flatten_pkg_via(void)
{
    return pkg_via;
}

void mo_flatten_pkg_env(mo_class *base, mo_class *via, mo_class *saved[2])
{
    if (saved) {
        saved[0] = pkg_base;
        saved[1] = pkg_via;
    }
    pkg_base = base;
    pkg_via = via;
}

/* A name that is no component of the instance: an iterator, time, a constant of an enclosing class or
 * package, or an enumeration literal. */
static bool resolve_lexical(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    const mo_ref_part *p0 = &e->parts[0];
    int field = inst ? 0 : mo_rv_frame_ref(owner, e, out);   /* a field of a record being constructed */
    if (field)
        return field > 0;
    if (e->nparts == 1 && p0->nsubs == 0 && !e->global) {
        for (int i = iter_names.n - 1; i >= 0; i--)
            if (iter_names.v[i] == p0->id) {
                mo_av_scalar(out, iter_vals.v[i]);
                return true;
            }
        if (strcmp(p0->id, "time") == 0) {
            if (owner && (owner->kind == MO_CL_CONNECTOR || owner->kind == MO_CL_RECORD ||
                          owner->kind == MO_CL_OPERATOR_RECORD)) {   /* spec 3.6.7 */
                mo_error(e->loc, "'time' is not available in a %s, only in models and blocks (specification 3.6.7)",
                         mo_class_kind_name(owner->kind));
                return false;
            }
            mo_av_scalar(out, mo_expr_new(MO_EX_TIME, e->loc));
            return true;
        }
    }
    mo_name n;
    mo_name_init(&n, e->loc, e->global, e->nparts);
    int first_sub = -1;   /* the first part with subscripts before the last */
    for (int i = 0; i < e->nparts; i++) {
        n.ids[i] = e->parts[i].id;
        mo_name_set_loc(&n, i, mo_ref_part_loc(e, i));
        if (e->parts[i].nsubs && i + 1 < e->nparts && first_sub < 0)
            first_sub = i;
    }
    mo_found f;
    int bad = mo_lookup_name(owner, &n, &f);
    if (bad > 0 && f.comp && (f.comp->flags & MO_PF_CONSTANT) && !(f.comp->flags & MO_PF_OUTER) &&
        (first_sub < 0 || first_sub >= bad - 1))   /* P.r.x, P.r[i].x: fields of a record constant */
        return mo_constant_fields(fr, inst, owner, e, bad, out);
    if (first_sub >= 0) {   /* (the last part's: subscripts of the constant's value) */
        mo_error(mo_ref_part_loc(e, first_sub), "not supported yet: subscripts on '%s'", e->parts[first_sub].id);
        return false;
    }
    if (bad == e->nparts - 1 && bad > 0 && f.cls && f.cls->form == MO_FORM_ENUM) {
        for (int i = 0; i < f.cls->nliterals; i++)
            if (f.cls->literals[i].name == n.ids[bad]) {
                mo_expr *lit = mo_expr_int(e->loc, i + 1);
                lit->text = mo_sprintf("%s.%s", mo_class_full_name(f.cls), n.ids[bad]);
                mo_av_scalar(out, lit);
                return true;
            }
        mo_error(mo_ref_part_loc(e, bad), "'%s' is not a literal of enumeration '%s'", n.ids[bad], f.cls->name);
        const char **names = MO_NEWN(const char *, f.cls->nliterals + 1);
        for (int i = 0; i < f.cls->nliterals; i++)
            names[i] = f.cls->literals[i].name;
        const char *best = mo_closest_name(n.ids[bad], names, f.cls->nliterals);
        for (int i = 0; best && i < f.cls->nliterals; i++)
            if (names[i] == best && f.cls->literals[i].loc.file)
                mo_note(f.cls->literals[i].loc, "did you mean '%s'?", best);
            else if (names[i] == best)
                mo_note(mo_ref_part_loc(e, bad), "did you mean '%s'?", best);
        return false;
    }
    if (bad < 0 && f.comp && (f.comp->flags & MO_PF_OUTER)) {   /* an outer constant of a package */
        mo_slot s;
        if (!mo_outer_constant(fr, inst, f.comp, f.owner, e->loc, &s))
            return false;
        mo_expr *x;
        if (!slot_value(&s, e, &x))
            return false;
        mo_av_scalar(out, x);
        return true;
    }
    if (bad < 0 && f.comp) {
        if (!(f.comp->flags & MO_PF_CONSTANT)) {
            mo_error(e->loc, "'%s' is not a constant; only constants can be used from an enclosing scope",
                     mo_ref_str(e));
            mo_note(f.comp->loc, "'%s' is declared here", f.comp->name);
            return false;
        }
        /* a package constant: its value as the modifiers of the classes the name goes through give it
         * (P.c with package P = Q(c = 2), or package Q extends R(c = 1)), else its declaration's,
         * flattened where it was written */
        const mo_expr *value = f.comp->mod ? f.comp->mod->binding : NULL;
        mo_class *where = f.owner, *env = NULL;
        if (n.n > 1) {
            mo_name prefix = n;
            prefix.n--;
            mo_found p;
            if (mo_lookup_name(owner, &prefix, &p) < 0 && p.cls && mo_member_binding(p.cls, n.ids[n.n - 1], &value, &where))
                env = p.cls;
        } else {   /* the enclosing class that has it (it may inherit it through a modified extends) */
            for (mo_class *c = owner; c && !e->global; c = c->parent) {
                mo_found g = mo_lookup_member(c, n.ids[0]);
                /* seen from the text of a base of the class a constant was reached through, or of a
                 * class that has the same constant: that class's environment (Q.m with package Q
                 * extends P(n = 3) and P's m = n + 1); from a view (pkgview.c), its package's */
                mo_class *in = pkg_via && (c == pkg_base || mo_lookup_member(pkg_via, n.ids[0]).comp == g.comp)
                               ? pkg_via : mo_view_target(c);
                if (g.comp == f.comp && mo_member_binding(in, n.ids[0], &value, &where))
                    env = in;
                if (g.comp || g.cls)
                    break;
            }
        }
        if (!value && !(value = mo_record_modifier_value(fr, f.comp, f.owner))) {
            mo_error(e->loc, "constant '%s' has no value", mo_ref_str(e));
            return false;
        }
        mo_class *base = pkg_base, *via = pkg_via;
        if (env && where != env) {   /* a binding written in a base of env */
            pkg_base = where;
            pkg_via = env;
        }
        bool ok = mo_flatten_rv(fr, NULL, where, value, out);
        pkg_base = base;
        pkg_via = via;
        const mo_ref_part *last = &e->parts[e->nparts - 1];
        if (!ok || !last->nsubs)
            return ok;
        if (out->rec)
            return mo_record_elements(fr, inst, owner, last, mo_ref_str(e), out);
        mo_sref s;   /* P.table[i, j]: the subscripts are the reference's, evaluated where it is written */
        if (!mo_av_subscript(fr, inst, owner, last, last->id, out, &s))
            return false;
        return s.ndyn ? mo_run_time_subscripts(&s, e->loc, mo_ref_str(e), out) : true;
    }
    if (bad < 0 && f.cls) {
        mo_error(e->loc, "'%s' is a class, not a variable", mo_ref_str(e));
        return false;
    }
    mo_error(mo_ref_part_loc(e, 0), "unknown variable '%s'", e->nparts == 1 ? p0->id : mo_ref_str(e));
    if (inst && inst->lay->n) {
        const char **names = MO_NEWN(const char *, inst->lay->n);
        for (int i = 0; i < inst->lay->n; i++)
            names[i] = inst->lay->items[i].elem->name;
        const char *best = mo_closest_name(p0->id, names, inst->lay->n);
        if (best) {
            intptr_t k = (intptr_t)mo_map_get(&inst->lay->index, best);
            mo_note(inst->lay->items[k - 1].elem->loc, "did you mean '%s'?", best);
        }
    }
    return false;
}

static bool slot_value(const mo_slot *s, const mo_expr *e, mo_expr **out)
{
    if (s->kind == MO_SK_VAR) {
        *out = mo_var_expr(e->loc, s->var);
        return true;
    }
    mo_error(e->loc, "not supported yet: '%s' is not a scalar (record or connector expressions)", mo_ref_str(e));
    return false;
}

/* A conditional component, even an enabled one, may only be modified and connected (4.4.5): a reference
 * to it, or to one of its elements, in an expression is an error. */
bool mo_uses_conditional(const mo_inst *inst, const mo_expr *e)
{
    intptr_t k = mo_layout_find(inst->lay, e->parts[0].id);
    if (k && inst->lay->items[k - 1].elem->kind == MO_ELEM_COMPONENT && inst->lay->items[k - 1].elem->condition) {
        mo_error(e->loc, "'%s' is a conditional component: it may only be modified and used in connect "
                 "equations (specification 4.4.5)", e->parts[0].id);
        return true;
    }
    return false;
}

static bool flatten_ref(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    /* a for-iterator hides a component of the same name (the loop's scope is the innermost) */
    if (iter_names.n && e->nparts == 1 && !e->parts[0].nsubs && !e->global)
        for (int i = iter_names.n - 1; i >= 0; i--)
            if (iter_names.v[i] == e->parts[0].id) {
                mo_av_scalar(out, iter_vals.v[i]);
                return true;
            }
    mo_sref s;
    bool disabled = false;
    int r = inst ? mo_find_slots_dyn(fr, inst, owner, e, &s, &disabled, true) : 0;
    if (r < 0) {
        mo_sref_done(&s);
        return false;
    }
    if (r == 0)
        return resolve_lexical(fr, inst, owner, e, out);
    if (disabled || mo_uses_conditional(inst, e)) {
        if (disabled)
            mo_error(e->loc, "'%s' is a disabled conditional component", mo_ref_str(e));
        mo_sref_done(&s);
        return false;
    }
    const mo_slot *first = s.nd ? (s.n ? &s.slots[0] : NULL) : &s.one;
    if (s.ndyn) {   /* x[k]: its slots are in reused buffers until mo_sref_done (flatten_ref.c) */
        bool ok = true;
        mo_expr *x;
        if (first && first->kind == MO_SK_INST) {
            mo_error(e->loc, "not supported yet: a subscript known only at run time selecting a component that "
                     "is not a scalar ('%s')", mo_ref_str(e));
            ok = false;
        }
        if (ok && first && first->kind != MO_SK_VAR)   /* (the elements of an array are alike) */
            ok = slot_value(first, e, &x);   /* (reports) */
        ok = ok && mo_run_time_slots(&s, e->loc, mo_ref_str(e), out);
        mo_sref_done(&s);
        return ok;
    }
    if (first && first->kind == MO_SK_INST && mo_rv_is_record_class(first->child->lay->cls))
        return mo_rv_of_slots(fr, &s, e->loc, out);   /* a record, or an array of records */
    if (s.nd == 0) {
        mo_expr *x;
        if (!slot_value(&s.one, e, &x))
            return false;
        mo_av_scalar(out, x);
        return true;
    }
    if (!mo_av_alloc(out, s.nd, s.dims, e->loc))
        return false;
    for (int i = 0; i < s.n; i++)
        if (!slot_value(&s.slots[i], e, &out->el[i]))
            return false;
    return true;
}

/* ---- calls ---- */

/* Functions that flattening keeps as calls by name (the back end knows them); applied to arrays, they
 * apply element by element. */
static const char *const builtin_functions[] = {
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "exp", "log", "log10", "sqrt", "abs", "sign", "min", "max", "floor", "ceil", "integer", "mod", "rem", "div", "pre", "edge",
    "change", "initial", "terminal", "noEvent", "smooth", "sample", "homotopy", "semiLinear", "String",
    "delay",
};

static mo_expr *call_node(const mo_expr *e, const char *name, int n, mo_expr **args, mo_named_arg *named)
{
    mo_expr *c = mo_expr_new(MO_EX_CALL, e->loc);
    *c = *e;
    if (e->fn->nparts != 1) {
        mo_expr *f1 = mo_expr_new(MO_EX_REF, e->fn->loc);
        f1->nparts = 1;
        f1->parts = MO_NEWN(mo_ref_part, 1);
        f1->parts[0].id = name;
        mo_ref_part_set_loc(f1, 0, e->fn->loc);
        c->fn = f1;
    }
    c->n = n;
    c->a = args;
    c->named = named;
    return c;
}

/* Does e (flat) keep its value between events whatever happens: no time, no continuous or discrete
 * variable, no event operator? Recursion over one expression only. */
static bool parameter_expr(const mo_flat *flat, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_VAR:
        return e->var >= 0 && e->var < flat->vars.n && flat->vars.v[e->var].variability <= MO_VAR_PARAMETER;
    case MO_EX_TIME: case MO_EX_DER:
        return false;
    case MO_EX_CALL: {
        const char *f = mo_sym_fn_name(e);
        if (f && (!strcmp(f, "pre") || !strcmp(f, "edge") || !strcmp(f, "change") || !strcmp(f, "sample") ||
                  !strcmp(f, "initial") || !strcmp(f, "terminal")))
            return false;
        break;
    }
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (!parameter_expr(flat, e->a[i]))
            return false;
    return true;
}

/* A variable, or x[k] with k known only at run time (flat.h) over variables. */
static bool var_or_index(const mo_expr *a)
{
    if (a->kind != MO_EX_INDEX)
        return a->kind == MO_EX_VAR;
    for (int i = 0; i < a->a[0]->n; i++)
        if (!var_or_index(a->a[0]->a[i]))
            return false;
    return true;
}

/* pre(x[k]) (also edge, change) with k known only at run time: {pre(x[1]), pre(x[2]), ...}[k], the
 * value before the event of the element k chooses now. Other calls: the call of args. */
static mo_expr *call_node(const mo_expr *e, const char *name, int n, mo_expr **args, mo_named_arg *named);
static mo_expr *call_or_index(const mo_expr *e, const char *name, int n, mo_expr **args, mo_named_arg *named)
{
    if (n != 1 || args[0]->kind != MO_EX_INDEX)
        return call_node(e, name, n, args, named);
    const mo_expr *x = args[0];
    mo_expr *r = mo_expr_dup(x), *arr = mo_expr_dup(x->a[0]);
    r->a = MO_NEWN(mo_expr *, 2);
    r->a[0] = arr;
    r->a[1] = x->a[1];
    arr->a = MO_NEWN(mo_expr *, arr->n + 1);
    for (int i = 0; i < arr->n; i++) {
        mo_expr **a = MO_NEWN(mo_expr *, 1);
        a[0] = x->a[0]->a[i];
        arr->a[i] = call_or_index(e, name, 1, a, named);
    }
    return r;
}

/* What the event built-ins require of their (flat) arguments, checked here so that --flat reports it
 * once, at the argument: pre, edge and change read the value a variable had before the event; sample's
 * instants are fixed when the simulation starts. */
static bool event_args_ok(mo_front *fr, const mo_expr *e, const char *name, const mo_aval *args)
{
    bool prev = !strcmp(name, "pre") || !strcmp(name, "edge") || !strcmp(name, "change");
    bool sample = !strcmp(name, "sample");
    if (!prev && !sample)
        return true;
    for (int i = 0; i < e->n; i++)
        for (int j = 0; j < (args[i].nd ? args[i].n : 1); j++) {
            const mo_expr *a = mo_av_at(&args[i], j);
            if (prev && !var_or_index(a)) {
                mo_error(e->a[i]->loc, "the argument of %s must be a variable", name);
                return false;
            }
            if (sample && !parameter_expr(fr->flat, a)) {
                mo_error(e->a[i]->loc, "the %s of sample must be a parameter expression", i ? "interval" : "start");
                return false;
            }
        }
    return true;
}

/* delay(expr, delayTime, delayMax) (3.7.2.2): Real arguments (Integer ones convert), delayMax a
 * parameter expression, or delayTime when there is no delayMax. The runtime keeps a history of expr
 * where the integration evaluates the equations (runtime/delay.c): not in when-equations and algorithm
 * sections yet. */
static bool delay_args_ok(mo_front *fr, const mo_expr *e, const mo_aval *args)
{
    if (mo_in_when() || mo_in_algorithm() || mo_in_when_condition()) {
        mo_error(e->loc, "not supported yet: delay in %s", mo_in_when() ? "a when-equation" : mo_in_algorithm()
                 ? "an algorithm section" : "a when-condition (a variable computed by an equation can hold it)");
        return false;
    }
    for (int i = 0; i < e->n; i++)
        for (int j = 0; j < (args[i].nd ? args[i].n : 1); j++) {
            const mo_expr *a = mo_av_at(&args[i], j);
            int type = mo_func_expr_type(fr->flat, NULL, a);
            if (type == MO_T_BOOLEAN || type == MO_T_STRING) {
                mo_error(e->a[i]->loc, "the arguments of delay must be Real, not %s", mo_func_type_name(type));
                return false;
            }
            if (i == e->n - 1 && i > 0 && !parameter_expr(fr->flat, a)) {
                mo_error(e->a[i]->loc, e->n == 3 ? "the delayMax of delay must be a parameter expression"
                                                 : "the delayTime of delay must be a parameter expression when "
                                                   "there is no delayMax");
                return false;
            }
        }
    return true;
}

/* The arguments of the built-in operators that may be called with named arguments (spec 3.7: those
 * whose synopsis names them, and delay's), in order. */
static const struct { const char *fn; int n; const char *names[3]; } named_builtins[] = {
    {"homotopy", 2, {"actual", "simplified"}},
    {"delay", 3, {"expr", "delayTime", "delayMax"}},
};

const mo_expr *mo_call_positional(const mo_expr *e, const char *name, const char *const *names, int max)
{
    if (e->n > max) {
        mo_error(e->loc, "'%s' takes at most %d argument%s, not %d", name, max, max == 1 ? "" : "s", e->n);
        return NULL;
    }
    int n = e->n;
    mo_expr **a = MO_NEWN(mo_expr *, max + 1);
    for (int i = 0; i < e->n; i++)
        a[i] = e->a[i];
    for (int j = 0; j < e->nnamed; j++) {
        const mo_named_arg *g = &e->named[j];
        int i = 0;
        while (i < max && strcmp(g->name, names[i]) != 0)
            i++;
        if (i == max) {
            mo_error(g->loc, "%s has no argument '%s'", name, g->name);
            return NULL;
        }
        if (a[i]) {
            mo_error(g->loc, "argument '%s' of %s is given twice", g->name, name);
            return NULL;
        }
        a[i] = g->value;
        if (i >= n)
            n = i + 1;
    }
    for (int i = 0; i < n; i++)
        if (!a[i]) {
            mo_error(e->loc, "%s: argument '%s' is missing", name, names[i]);
            return NULL;
        }
    return mo_call_with_args(e, n, a);
}

mo_expr *mo_call_with_args(const mo_expr *e, int n, mo_expr **a)
{
    mo_expr *c = mo_expr_new(MO_EX_CALL, e->loc);
    *c = *e;
    c->n = n;
    c->a = a;
    c->nnamed = 0;
    c->named = NULL;
    return c;
}

/* A call of such an operator with its named arguments put in their positions: a new node with positional
 * arguments only (e itself when it has none, or when name is no such operator); NULL after an error. */
static const mo_expr *positional_call(const mo_expr *e, const char *name)
{
    if (!e->nnamed)
        return e;
    for (size_t k = 0; k < sizeof named_builtins / sizeof named_builtins[0]; k++)
        if (!strcmp(name, named_builtins[k].fn))
            return mo_call_positional(e, name, named_builtins[k].names, named_builtins[k].n);
    return e;
}

/* A built-in scalar function; with array arguments it applies element by element. */
static bool builtin_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name,
                         mo_aval *out)
{
    mo_aval *args = MO_NEWN(mo_aval, e->n + 1);
    const mo_aval *shape = NULL;
    for (int i = 0; i < e->n; i++) {
        if (!mo_flatten_val(fr, inst, owner, e->a[i], &args[i]))
            return false;
        if (args[i].nd) {
            if (shape && !mo_av_same_size(shape, &args[i])) {
                mo_error(e->a[i]->loc, "argument of size %s where %s is expected", mo_av_size_str(&args[i]),
                         mo_av_size_str(shape));
                return false;
            }
            shape = &args[i];
        }
    }
    if (!e->nnamed && !mo_func_builtin_arity(e, name))
        return false;
    if (!event_args_ok(fr, e, name, args) || (!strcmp(name, "delay") && !delay_args_ok(fr, e, args)))
        return false;
    mo_named_arg *named = NULL;
    if (e->nnamed) {
        if (strcmp(name, "String") != 0) {
            mo_error(e->named[0].loc, "not supported yet: named arguments in a call of '%s'", name);
            return false;
        }
        named = MO_NEWN(mo_named_arg, e->nnamed);
        for (int i = 0; i < e->nnamed; i++) {
            named[i] = e->named[i];
            if (!(named[i].value = mo_flatten_expr(fr, inst, owner, e->named[i].value)))
                return false;
        }
    }
    if (!shape) {
        mo_expr **a = MO_NEWN(mo_expr *, e->n + 1);
        for (int i = 0; i < e->n; i++)
            a[i] = args[i].one;
        mo_av_scalar(out, call_or_index(e, name, e->n, a, named));
        return true;
    }
    if (!mo_av_alloc(out, shape->nd, shape->dims, e->loc))
        return false;
    for (int j = 0; j < out->n; j++) {
        mo_expr **a = MO_NEWN(mo_expr *, e->n + 1);
        for (int i = 0; i < e->n; i++)
            a[i] = mo_av_at(&args[i], args[i].nd ? j : 0);
        out->el[j] = call_or_index(e, name, e->n, a, named);
    }
    return true;
}

static bool flatten_der(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    if (e->n != 1 || e->nnamed) {
        mo_error(e->loc, "der takes one argument");
        return false;
    }
    mo_aval a;
    if (!mo_flatten_val(fr, inst, owner, e->a[0], &a))
        return false;
    *out = a;
    if (a.nd)
        out->el = MO_NEWN(mo_expr *, a.n + 1);
    for (int i = 0; i < a.n; i++) {
        /* der of an expression (d*der(phi2 - phi1)) stays so in the flat model; the DAE stage expands it
         * by the rules of differentiation (dae.c, diff.c) */
        mo_expr *x = mo_av_at(&a, i);
        int type = mo_func_expr_type(fr->flat, NULL, x);
        if (type >= 0 && type != MO_T_REAL) {
            mo_error(e->a[0]->loc, "the argument of der must be Real, not %s", mo_func_type_name(type));
            return false;
        }
        mo_expr *d = mo_expr_new(MO_EX_DER, e->loc);
        d->n = 1;
        d->a = MO_NEWN(mo_expr *, 1);
        d->a[0] = x;
        if (a.nd)
            out->el[i] = d;
        else
            out->one = d;
    }
    return true;
}

/* The last identifier of a dotted class name ("Vehicle" of "MyLib.Vehicle"); a quoted identifier may hold
 * dots of its own. */
static const char *last_ident(const char *name)
{
    const char *last = name;
    bool quoted = false;
    for (const char *c = name; *c; c++) {
        if (*c == '\\' && quoted && c[1])
            c++;
        else if (*c == '\'')
            quoted = !quoted;
        else if (*c == '.' && !quoted)
            last = c + 1;
    }
    return last;
}

/* getInstanceName() (3.7.4): the name of the simulated model, appended with the path of the instance the
 * call is in; the spec's example gives "Vehicle.engine.controller" when MyLib.Vehicle is simulated, so
 * the model's name is its last identifier, without the packages it is in. The MSL seeds its noise
 * generators with a hash of this string (Blocks.Noise, automaticLocalSeed): the reference results of
 * the MSL's noise examples follow from exactly this form. The value is the instance's own, so the
 * instance is no clone template (flatten_clone.c). */
static bool instance_name(mo_front *fr, const mo_inst *inst, const mo_expr *e, mo_aval *out)
{
    if (e->n || e->nnamed) {
        mo_error(e->loc, "getInstanceName takes no arguments");
        return false;
    }
    mo_expr *s = mo_expr_new(MO_EX_STRING, e->loc);
    const char *model = last_ident(fr->flat->name);
    s->str = inst->path[0] ? mo_sprintf("%s.%s", model, inst->path) : model;
    mo_eval_note_read();
    mo_av_scalar(out, s);
    return true;
}

static bool flatten_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    const mo_expr *fn = e->fn;
    const char *name = fn && fn->kind == MO_EX_REF ? mo_intern_cstr(mo_ref_str(fn)) : NULL;
    if (!name) {
        mo_error(e->loc, "not supported yet: this kind of call");
        return false;
    }
    /* Integer(e) and String(e) name predefined types, which are no function classes */
    bool type_conv = strcmp(name, "Integer") == 0 || strcmp(name, "String") == 0;
    mo_expr *user;   /* a user-defined function, or a function class declared external "builtin" */
    if (!strcmp(name, "Clock"))   /* (a predefined type, no function class: flatten_sync.c) */
        return mo_sync_call(fr, inst, owner, e, name, out) > 0;
    int k = type_conv ? 0 : mo_func_flatten_value(fr, inst, owner, e, &user, out);
    if (k < 0)
        return false;
    if (k == 1) {
        mo_av_scalar(out, user);
        return true;
    }
    if (k == 2)
        return true;   /* a record: a constructor, or a function whose result is one */
    if (k == 3) {      /* a function declared external "builtin": that built-in */
        e = user;
        name = user->fn->parts[0].id;
    }
    if (strcmp(name, "String") == 0 && e->n >= 1) {   /* String(r) of an operator record (14.3) */
        int r = mo_rv_string(fr, inst, owner, e, out);
        if (r)
            return r > 0;
    }
    if (strcmp(name, "der") == 0)
        return flatten_der(fr, inst, owner, e, out);
    if (mo_sync_op(name)) {   /* chapter 16 (flatten_sync.c); 0: sample(start, interval) */
        int r = mo_sync_call(fr, inst, owner, e, name, out);
        if (r)
            return r > 0;
    }
    if (mo_sm_op(name))   /* chapter 17 (flatten_sm.c) */
        return mo_sm_call(fr, inst, owner, e, name, out) > 0;
    if (strcmp(name, "cardinality") == 0)
        return mo_cardinality(fr, inst, owner, e, out);
    if (mo_func_connections_op(name))   /* Connections.isRoot, rooted (cgraph.c) */
        return mo_cg_call(fr, inst, owner, e, name, out);
    if (strcmp(name, "getInstanceName") == 0 && inst)
        return instance_name(fr, inst, e, out);
    if (strcmp(name, "inStream") == 0 || strcmp(name, "actualStream") == 0)
        return mo_stream_call(fr, inst, owner, e, name, out);
    if (!(e = positional_call(e, name)))
        return false;
    int r = mo_av_builtin(fr, inst, owner, e, name, out);   /* size, sum, fill, transpose ... (arrays.c) */
    if (r)
        return r > 0;
    if (e->niters) {
        mo_error(e->loc, "not supported yet: reductions with '%s'", name);
        return false;
    }
    bool known = false;
    for (size_t i = 0; i < sizeof builtin_functions / sizeof builtin_functions[0] && !known; i++)
        known = strcmp(name, builtin_functions[i]) == 0;
    if (!known) {
        mo_func_unknown(owner, fn, name);
        return false;
    }
    return builtin_call(fr, inst, owner, e, name, out);
}

/* ---- arrays written as such ---- */
static bool flatten_comprehension(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, int iter,
                                  mo_aval *out)
{
    if (iter < 0)
        return mo_flatten_rv(fr, inst, owner, e->a[0], out);
    /* {x for i in u, j in v} is {{x for i in u} for j in v}: the last iterator is the outermost */
    const mo_iterator *it = &e->iters[iter];
    mo_expr **vals;
    int n;
    mo_iter_use use = {NULL, e->a[0], NULL};
    if (!mo_iter_values(fr, inst, owner, it, &use, &vals, &n))
        return false;
    mo_aval *parts = MO_NEWN(mo_aval, n + 1);
    for (int i = 0; i < n; i++) {
        mo_iter_push(it->name, vals[i]);
        bool ok = flatten_comprehension(fr, inst, owner, e, iter - 1, &parts[i]);
        mo_iter_pop();
        if (!ok)
            return false;
    }
    return mo_av_array(e->loc, n, parts, out);
}

static bool flatten_matrix(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    mo_aval **rows = MO_NEWN(mo_aval *, e->n + 1);
    int *ncols = MO_NEWN(int, e->n + 1);
    for (int r = 0; r < e->n; r++) {
        const mo_expr *row = e->a[r];
        ncols[r] = row->n;
        rows[r] = MO_NEWN(mo_aval, row->n + 1);
        for (int c = 0; c < row->n; c++)
            if (!mo_flatten_val(fr, inst, owner, row->a[c], &rows[r][c]))
                return false;
    }
    return mo_av_matrix(e->loc, e->n, ncols, rows, out);
}

/* An if-expression. Its branches may differ in size when its conditions are parameter expressions (spec
 * 6.7: only their numbers of dimensions must agree): then the branch they select is its value, and the
 * others are not flattened (if n > 0 then [table[1], 1; table] else [0, 1], with an empty table). So
 * too when the conditions read an iterator and no parameter: for i in 1:n loop ... if i == 1 then a
 * else p[i - 1] (the MSL's StateGraph), whose other branch would be out of range. (Other constant
 * conditions stay, for the type checks of the flat model to see them.)
 * A scalar value under parameters stays an if-expression (so that -override of them works), as do
 * values under conditions that change in time. */
/* Does AST expression e name an iterator in scope (a for-loop's)? Recursion over one expression. */
static bool reads_iterator(const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_REF) {
        if (e->nparts == 1 && !e->global)
            for (int i = iter_names.n - 1; i >= 0; i--)
                if (iter_names.v[i] == e->parts[0].id)
                    return true;
        return false;
    }
    for (int i = 0; i < e->n; i++)
        if (reads_iterator(e->a[i]))
            return true;
    return false;
}

static bool flatten_if(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    mo_aval *v = MO_NEWN(mo_aval, e->n);
    int chosen = -1, conds = 0;   /* conditions flattened: e->a[0], a[2] ... below a[conds] */
    bool constant = true;         /* every condition so far reads an iterator and no parameter */
    for (int i = 0; i + 1 < e->n && chosen < 0; i += 2) {
        double d;
        if (!mo_flatten_val(fr, inst, owner, e->a[i], &v[i]))
            return false;
        conds = i + 1;
        if (v[i].nd || !mo_eval_flat_peek(fr->flat, v[i].one, &d))   /* (marked below if it decides) */
            break;
        constant = constant && reads_iterator(e->a[i]) && !mo_eval_read_parameter(fr->flat) &&
                   !mo_flat_nonboolean(fr->flat, v[i].one);   /* (a non-Boolean one: types.c reports it) */
        if (d)
            chosen = i + 1;
        else if (i + 3 == e->n)
            chosen = i + 2;
    }
    if (chosen > 0) {   /* branches may be records */
        if (!mo_flatten_rv(fr, inst, owner, e->a[chosen], &v[chosen]))
            return false;
        if (v[chosen].nd || v[chosen].rec || constant) {
            /* the conditions chose the value now: their parameters are fixed (-override refuses them) */
            for (int i = 0; i < conds; i += 2) {
                double d;
                mo_eval_flat(fr->flat, v[i].one, &d);
            }
            *out = v[chosen];
            return true;
        }
    }
    for (int i = 0; i < e->n; i++) {
        bool cond = i + 1 < e->n && i % 2 == 0;
        if (i != chosen && (i >= conds || i % 2) &&
            !(cond ? mo_flatten_val : mo_flatten_rv)(fr, inst, owner, e->a[i], &v[i]))
            return false;
    }
    return v[e->n - 1].rec ? mo_rv_if(e, e->n, v, out) : mo_av_if(e, e->n, v, out);
}

bool mo_flatten_val(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    if (!mo_flatten_rv(fr, inst, owner, e, out))
        return false;
    if (!out->rec)
        return true;
    if (e->kind == MO_EX_REF)
        mo_error(e->loc, "'%s' is a record of type '%s' and cannot be used here", mo_ref_str(e),
                 mo_rv_type_name(out));
    else
        mo_error(e->loc, "this expression is a record of type '%s' and cannot be used here", mo_rv_type_name(out));
    return false;
}

bool mo_flatten_rv(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_aval *out)
{
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_STRING: case MO_EX_BOOL:
    case MO_EX_VAR: case MO_EX_DER: case MO_EX_TIME:
        mo_av_scalar(out, (mo_expr *)e);   /* literals (and flat nodes) are never modified downstream */
        return true;
    case MO_EX_REF:
        return flatten_ref(fr, inst, owner, e, out);
    case MO_EX_CALL:
        return flatten_call(fr, inst, owner, e, out);
    case MO_EX_UNARY: {
        mo_aval a;
        if (!mo_flatten_rv(fr, inst, owner, e->a[0], &a))
            return false;
        return a.rec ? mo_rv_operator(fr, e, 1, &a, out) : mo_av_unary(e->loc, e->op, &a, out);
    }
    case MO_EX_BINARY: {
        mo_aval ab[2];   /* operands that are records: their operator record's functions (spec 14) */
        if (!mo_flatten_rv(fr, inst, owner, e->a[0], &ab[0]) || !mo_flatten_rv(fr, inst, owner, e->a[1], &ab[1]))
            return false;
        if (ab[0].rec || ab[1].rec)
            return mo_rv_operator(fr, e, 2, ab, out);
        const mo_aval a = ab[0], b = ab[1];
        int s = mo_str_binary(fr, e, &a, &b, out);   /* String operands: folded (flatten_str.c) */
        if (s)
            return s > 0;
        if (e->op == MO_OP_POW && a.nd && !b.nd) {   /* A^n of a square matrix (spec 10.6.8) */
            double n;
            if (!mo_eval_flat(fr->flat, b.one, &n) || n != floor(n) || n < 0 ||
                mo_func_expr_type(fr->flat, NULL, b.one) != MO_T_INTEGER) {
                mo_error(e->a[1]->loc, "the power of a matrix must be a parameter expression with an Integer value >= 0");
                return false;
            }
            return mo_av_matrix_power(e->loc, &a, (long long)n, out);
        }
        if (e->op == MO_OP_MUL || e->op == MO_OP_EMUL)
            mo_stream_product(fr, &a, &b);   /* m * actualStream(v): continuous, no event (15.3) */
        return mo_av_binary(e->loc, e->op, &a, &b, out);
    }
    case MO_EX_IF:
        return flatten_if(fr, inst, owner, e, out);
    case MO_EX_ARRAY: {
        if (e->niters)
            return flatten_comprehension(fr, inst, owner, e, e->niters - 1, out);
        mo_aval *v = MO_NEWN(mo_aval, e->n + 1);
        for (int i = 0; i < e->n; i++)
            if (!mo_flatten_rv(fr, inst, owner, e->a[i], &v[i]))
                return false;
        return mo_av_array(e->loc, e->n, v, out);
    }
    case MO_EX_MATRIX:
        return flatten_matrix(fr, inst, owner, e, out);
    case MO_EX_RANGE: {
        mo_expr **vals;
        int n;
        if (!mo_range_values(fr, inst, owner, e, "a range", &vals, &n))
            return false;
        int dims[1] = {n};
        if (!mo_av_alloc(out, 1, dims, e->loc))
            return false;
        memcpy(out->el, vals, sizeof *vals * (size_t)n);
        return true;
    }
    case MO_EX_END:
        if (end_size < 0) {
            mo_error(e->loc, "'end' can only be used in subscripts");
            return false;
        }
        mo_av_scalar(out, mo_expr_int(e->loc, end_size));
        return true;
    default:
        mo_error(e->loc, "not supported yet: %s expressions", mo_expr_kind_name(e->kind));
        return false;
    }
}

mo_expr *mo_flatten_expr(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e)
{
    mo_aval v;
    if (!mo_flatten_val(fr, inst, owner, e, &v))
        return NULL;
    if (v.nd) {
        mo_error(e->loc, "this expression is an array of size %s where a scalar is expected", mo_av_size_str(&v));
        return NULL;
    }
    return v.one;
}
