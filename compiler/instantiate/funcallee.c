/*
 * funcallee.c - what the name of a call finds (hooks of funcall.c): a user function, a built-in (also a
 * function declared external "builtin"), a record constructor, or an error; and the functions that the
 * arguments of functional inputs give (12.4.2), for which a function is made per call (specialized).
 *
 * Callee lookup follows the class lookup of chapter 5 (lookup.c) from the class whose text holds the
 * call; a name that finds no class is a built-in (flatten.c checks the list) or unknown. Lookups are
 * cached per (class, name), so a model with 10^5 calls of sin asks the library path once per class.
 * a.f(x) finds f in the class of the component a (5.3.2), never cached.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <stdint.h>
#include <string.h>

/* ---- callees ---- */
static mo_map callee_cache;   /* "class-pointer name" -> callee* (only answers that report nothing) */

static mo_callee component_callee(mo_fctx *c, const mo_expr *fn);

/* The package P that a call P.f reaches the function cls through, when P inherits cls from the package
 * that declares it (so that cls reads P's values of that package's constants, 5.3); for an unqualified
 * call inside a function built for such a P, or in the binding of a package constant flattened for P
 * (env: the flattener's package environment), or in a class that P inherits (its view from P), P again
 * when P has cls as a member. NULL when there is none. A short class without modifiers is its target:
 * found, what the name denotes, is cls or such a short class (PartialMedium's function heatCapacity_cp =
 * specificHeatCapacityCp, called as Medium.heatCapacity_cp, reads Medium's constants too). */
static mo_class *inherited_via(mo_fctx *c, const mo_name *n, mo_class *found, mo_class *cls, mo_class *env)
{
    mo_class *via = NULL;
    /* a function local to the one built for env (MixtureGasNasa's T_hX, built for FlueGasLambdaOnePlus,
     * gives its f_nonlinear to solveOneNonlinearEquation): env's constants too */
    if (n->n == 1 && !n->global && env && c->fn && c->fn->via == env && cls->parent == c->fn->cls)
        return env;
    if (n->n == 1) {
        if (env && env != cls->parent && mo_lookup_member(env, n->ids[0]).cls == found)
            via = env;
        /* else the enclosing class that has the name: a package that inherits it, or the view of one
         * (a class that such a package inherits, lookup.c's views, pkgview.c) */
        for (mo_class *e = c->owner; !via && e && !n->global; e = e->parent) {
            mo_found g = mo_lookup_member(e, n->ids[0]);
            if (g.cls == found)
                via = mo_view_target(e);
            if (g.cls || g.comp)
                break;
        }
    } else {
        mo_name prefix = *n;
        prefix.n--;
        mo_found g;
        if (mo_lookup_name(c->owner, &prefix, &g) >= 0 || !g.cls)
            return NULL;
        via = g.cls;
        while (via && via->form == MO_FORM_SHORT && !(via->short_mod && via->short_mod->nargs))
            via = mo_short_target(via);
    }
    /* (a package that has cls only because a package that extends it redeclares cls, as the copy of
     * PartialMedium specialized for ReferenceMoistAir has its setState_phX, does not inherit it) */
    return via && via != cls->parent && via->kind == MO_CL_PACKAGE && mo_view_inherits(via, cls->parent) ? via : NULL;
}

/* An unqualified name that found cls in an enclosing class that package env (the package a function is
 * built for, or a package constant's binding flattened for) inherits: the class env has under that name
 * (its redeclaration: PartialMedium's setState_pT calls setState_pTX, which DryAirNasa redeclares). */
static mo_class *as_env_has(mo_fctx *c, const mo_name *n, mo_class *cls, mo_class *env)
{
    for (mo_class *e = c->owner; e; e = e->parent) {
        mo_found g = mo_lookup_member(e, n->ids[0]);
        if (!g.cls && !g.comp)
            continue;
        if (g.cls != cls || e == env || !mo_view_inherits(env, e))
            return cls;
        mo_found h = mo_lookup_member(env, n->ids[0]);
        return h.cls ? h.cls : cls;
    }
    return cls;
}

mo_callee mo_fctx_find_callee(mo_fctx *c, const mo_expr *fn)
{
    mo_callee r = {MO_CAL_NONE, NULL, NULL, NULL, NULL};
    /* a.f(x): a function declared in the class of the component a (5.3.2), never cached (the class of a
     * depends on the instance) */
    if (c->inst && fn->nparts > 1 && !fn->global && mo_layout_find(c->inst->lay, fn->parts[0].id))
        return component_callee(c, fn);
    /* (inside a function built for a package that inherits it, or a package constant's binding flattened
     * for one, that package is part of the answer: the key has it) */
    mo_class *env = c->fn ? c->fn->via : mo_flatten_pkg_via();
    const char *key = mo_intern_cstr(mo_sprintf("%p %p %s%s", (void *)c->owner, (void *)env, fn->global ? "." : "",
                                                mo_ref_str(fn)));
    mo_callee *hit = mo_map_get(&callee_cache, key);
    if (hit)
        return *hit;
    mo_name n;
    mo_name_init(&n, fn->loc, fn->global, fn->nparts);
    for (int i = 0; i < fn->nparts; i++) {
        n.ids[i] = fn->parts[i].id;
        mo_name_set_loc(&n, i, mo_ref_part_loc(fn, i));
        if (fn->parts[i].nsubs) {
            mo_error(fn->loc, "a function name cannot have subscripts");
            r.kind = MO_CAL_ERROR;
            return r;
        }
    }
    mo_found f;
    if (mo_lookup_name(c->owner, &n, &f) >= 0 || !f.cls) {
        hit = MO_NEW(mo_callee);
        *hit = r;
        mo_map_put(&callee_cache, key, hit);
        return r;   /* a component or nothing: built-in or unknown */
    }
    if (n.n == 1 && !n.global && env && f.cls)
        f.cls = as_env_has(c, &n, f.cls, env);
    r = mo_fctx_class_callee(c, fn, f.cls, NULL);
    if (r.kind == MO_CAL_USER && !mo_func_written_modified(r.cls, r.written) && r.cls->parent)
        r.via = inherited_via(c, &n, f.cls, r.cls, env);
    if (r.kind != MO_CAL_ERROR && !(f.cls->flags & MO_PF_OUTER)) {
        hit = MO_NEW(mo_callee);
        *hit = r;
        mo_map_put(&callee_cache, key, hit);
    }
    return r;
}

/* The callee a class found for the call name fn is; key: where to cache the answer (NULL: nowhere). */
mo_callee mo_fctx_class_callee(mo_fctx *c, const mo_expr *fn, mo_class *cls, const char *key)
{
    mo_callee r = {MO_CAL_NONE, NULL, NULL, NULL, NULL};
    mo_callee *hit;
    bool outer = cls->flags & MO_PF_OUTER;   /* its inner depends on the instance: never cached */
    if (outer && !(cls = mo_outer_class(c->inst, cls, fn->loc))) {
        r.kind = MO_CAL_ERROR;
        return r;
    }
    mo_class *written = cls;
    bool modified = false;    /* a short class with modifiers on the way: a record's fields' values */
    while (cls && cls->form == MO_FORM_SHORT) {
        modified |= cls->short_mod && cls->short_mod->nargs;
        if (cls->kind == MO_CL_CLASS) {   /* class f2 = f: a class, whatever it extends, is no function */
            mo_error(fn->loc, "'%s' is declared 'class %s = %s', which is no function: only a function can be "
                     "called (specification 4.7, 12.1)", mo_ref_str(fn), cls->name, mo_name_str(cls->short_base));
            r.kind = MO_CAL_ERROR;
            return r;
        }
        cls = mo_short_target(cls);
    }
    if (!cls) {
        r.kind = MO_CAL_ERROR;
        return r;
    }
    if (mo_builtin_type(cls) >= 0 || cls->form == MO_FORM_ENUM) {
        /* Integer(e), String(x): conversions of the predefined types, built-in (flatten_expr.c) */
        if (key) {
            hit = MO_NEW(mo_callee);
            *hit = r;
            mo_map_put(&callee_cache, key, hit);
        }
        return r;
    }
    if (mo_class_is_extobj(cls)) {   /* Obj(args): its constructor (12.9.7; call_of checks where) */
        mo_found g = mo_lookup_member(cls, mo_intern_cstr("constructor"));
        if (!g.cls || g.cls->kind != MO_CL_FUNCTION) {
            mo_error(fn->loc, "external object class '%s' has no function 'constructor'", mo_ref_str(fn));
            r.kind = MO_CAL_ERROR;
            return r;
        }
        cls = written = g.cls;
    }
    if (modified && cls->kind != MO_CL_RECORD && cls->kind != MO_CL_OPERATOR_RECORD && cls->kind != MO_CL_FUNCTION) {
        mo_error(fn->loc, "not supported yet: a %s defined by a short class with modifiers",
                 mo_class_kind_name(cls->kind));
        r.kind = MO_CAL_ERROR;
        return r;
    }
    r.cls = cls;
    r.written = written;
    if (cls->kind == MO_CL_FUNCTION || cls->kind == MO_CL_OPERATOR_FUNCTION) {
        const mo_external *x = cls->external;
        if (x && x->language && !strcmp(x->language, "builtin")) {
            const char *b = x->fn_name ? x->fn_name : cls->name;
            if (!mo_func_is_builtin(b)) {
                mo_error(fn->loc, "'%s' is declared external \"builtin\" but '%s' is no built-in function",
                         mo_ref_str(fn), b);
                mo_note(cls->loc, "'%s' is declared here", cls->name);
                r.kind = MO_CAL_ERROR;
                return r;
            }
            r.kind = MO_CAL_BUILTIN;
            r.builtin = mo_intern_cstr(b);
        } else {
            r.kind = MO_CAL_USER;
        }
    } else if (cls->kind == MO_CL_RECORD || cls->kind == MO_CL_OPERATOR_RECORD) {
        r.kind = MO_CAL_RECORD;
    } else {
        mo_error(fn->loc, "'%s' is a %s, not a function", mo_ref_str(fn), mo_class_kind_name(cls->kind));
        mo_note(cls->loc, "'%s' is declared here", cls->name);
        r.kind = MO_CAL_ERROR;
        return r;
    }
    if (outer || !key)
        return r;
    hit = MO_NEW(mo_callee);
    *hit = r;
    mo_map_put(&callee_cache, key, hit);
    return r;
}

/* a.b.F.f(x): the leading identifiers name scalar components (the instance's, subscripts evaluated),
 * the rest classes declared in the class of the last of them, the last a function (5.3.2). */
/* The component a call c.f(x) or c.P.g(x) is made through (5.3.2): its instance, and in *ncomp how many
 * leading identifiers of fn name it; NULL after an error. */
mo_inst *mo_fctx_call_component(mo_fctx *c, const mo_expr *fn, int *ncomp_out)
{
    int ncomp = 1;   /* how many leading identifiers are components */
    mo_inst *ci = c->inst;
    if (mo_uses_conditional(ci, fn))
        return NULL;
    for (; ncomp < fn->nparts; ncomp++) {
        intptr_t k = mo_layout_find(ci->lay, fn->parts[ncomp - 1].id);
        if (!k || !mo_ensure_slot(c->fr, ci, (int)k - 1))
            return NULL;
        mo_slot s = mo_slot_of(ci, (int)k - 1);
        ci = s.kind == MO_SK_INST ? s.child : s.kind == MO_SK_ARRAY && s.arr->total && s.arr->elems[0].kind == MO_SK_INST
                                                  ? s.arr->elems[0].child : NULL;
        if (!ci || !mo_layout_find(ci->lay, fn->parts[ncomp].id))
            break;
    }
    if (ncomp == fn->nparts) {
        mo_error(fn->loc, "'%s' is a component, not a function", mo_ref_str(fn));
        return NULL;
    }
    mo_expr *prefix = mo_expr_dup(fn);
    prefix->nparts = ncomp;
    mo_sref sr;
    bool disabled = false;
    if (mo_find_slots(c->fr, c->inst, c->owner, prefix, &sr, &disabled) <= 0)
        return NULL;
    if (sr.nd || sr.one.kind != MO_SK_INST || disabled) {
        mo_error(fn->loc, "in the call '%s', '%s' must be a scalar component (5.3.2)", mo_ref_str(fn),
                 mo_ref_str(prefix));
        return NULL;
    }
    *ncomp_out = ncomp;
    return sr.one.child;
}

static mo_callee component_callee(mo_fctx *c, const mo_expr *fn)
{
    mo_callee r = {MO_CAL_ERROR, NULL, NULL, NULL, NULL};
    int ncomp;
    mo_inst *ci = mo_fctx_call_component(c, fn, &ncomp);
    if (!ci)
        return r;
    mo_class *cls = ci->lay->cls;
    for (int i = ncomp; i < fn->nparts && cls; i++) {
        mo_found f = mo_lookup_member(cls, fn->parts[i].id);
        if (!f.cls) {
            mo_error(mo_ref_part_loc(fn, i), "'%s' has no class '%s'%s", mo_class_full_name(cls), fn->parts[i].id,
                     f.comp ? " (a component: only the leading names of a call may be components)" : "");
            return r;
        }
        if (f.elem && (f.elem->flags & MO_PF_PROTECTED)) {
            mo_error(mo_ref_part_loc(fn, i), "'%s' is protected in '%s': a protected element cannot be reached "
                     "with dot notation (specification 4.1)", fn->parts[i].id, mo_class_full_name(cls));
            return r;
        }
        if (f.cls->kind == MO_CL_OPERATOR || f.cls->kind == MO_CL_OPERATOR_FUNCTION) {
            mo_error(mo_ref_part_loc(fn, i), "'%s' is an %s: a call through a component must find a non-operator "
                     "function (specification 5.3.2)", fn->parts[i].id, mo_class_kind_name(f.cls->kind));
            return r;
        }
        cls = f.cls;
    }
    r = mo_fctx_class_callee(c, fn, cls, NULL);
    if (r.kind != MO_CAL_USER && r.kind != MO_CAL_ERROR) {
        mo_error(fn->loc, "'%s' must be a function, not a %s (5.3.2)", mo_ref_str(fn), mo_class_kind_name(cls->kind));
        r.kind = MO_CAL_ERROR;
    }
    return r;
}

mo_func *mo_fctx_callee(mo_fctx *c, const mo_expr *call, bool *err)
{
    *err = false;
    if (!call->fn || call->fn->kind != MO_EX_REF)
        return NULL;
    mo_callee k = mo_fctx_find_callee(c, call->fn);
    if (k.kind == MO_CAL_ERROR) {
        *err = true;
        return NULL;
    }
    if (k.kind == MO_CAL_RECORD) {   /* in a model, a record value (records.c), not a function */
        if (c->fn) {
            mo_error(call->loc, "not supported yet: the record constructor '%s' here", mo_ref_str(call->fn));
            *err = true;
        }
        return NULL;
    }
    if (k.kind != MO_CAL_USER)
        return NULL;
    mo_func *f = mo_func_of_via(c->fr, k.cls, k.written, k.via, call->loc);
    if (f && f->generic)
        f = mo_fctx_specialize(c, call, f, k.cls, k.written);
    *err = f == NULL;
    return f;
}

mo_class *mo_fctx_call_record(mo_fctx *c, const mo_expr *call, mo_func **user, bool *err)
{
    *user = NULL;
    *err = false;
    if (!call->fn || call->fn->kind != MO_EX_REF || call->niters || (c->fn && mo_func_functional(c->fn, call->fn)))
        return NULL;
    mo_callee k = mo_fctx_find_callee(c, call->fn);
    if (k.kind == MO_CAL_ERROR) {
        *err = true;
        return NULL;
    }
    if (k.kind == MO_CAL_RECORD)
        return k.cls;
    if (k.kind != MO_CAL_USER)
        return NULL;
    mo_func *f = mo_func_of_via(c->fr, k.cls, k.written, k.via, call->loc);
    *err = !f;
    if (!f || f->generic || !f->outputs.n || !f->outputs.v[0].record)
        return NULL;
    *user = f;
    return (mo_class *)f->outputs.v[0].record;
}

/* R(a, b = 2) in a function body: the value of each field of R (layout order): positional arguments to
 * the fields that are not final, then named ones, then the fields' own bindings (which may use
 * constants, not other fields, here). */
static bool default_ctor(mo_fctx *c, const mo_expr *call, mo_class *rec, mo_expr **fields)
{
    mo_layout *lay = mo_layout_of(rec);
    if (!lay)
        return false;
    const mo_expr **given = MO_NEWN(const mo_expr *, lay->n + 1);
    int next = 0;
    for (int a = 0; a < call->n; a++) {
        while (next < lay->n && (lay->items[next].elem->flags & MO_PF_FINAL))
            next++;
        if (next == lay->n) {
            mo_error(call->a[a]->loc, "too many arguments for the constructor of record '%s'", rec->name);
            return false;
        }
        given[next++] = call->a[a];
    }
    for (int a = 0; a < call->nnamed; a++) {
        intptr_t k = mo_layout_find(lay, call->named[a].name);
        if (!k) {
            mo_error(call->named[a].loc, "record '%s' has no field '%s'", mo_class_full_name(rec), call->named[a].name);
            mo_suggest_in_layout(lay, call->named[a].name);
            return false;
        }
        given[k - 1] = call->named[a].value;
    }
    for (int i = 0; i < lay->n; i++) {
        mo_element *fe = lay->items[i].elem;
        if (given[i]) {
            fields[i] = mo_fctx_expr(c, given[i]);
        } else if (fe->mod && fe->mod->binding) {
            mo_fctx k2 = {c->fr, NULL, lay->items[i].owner, c->fn, NULL, c->const_depth + 1, NULL, 0, false, NULL};
            fields[i] = mo_fctx_expr(&k2, fe->mod->binding);
        } else {
            mo_error(call->loc, "missing value of field '%s' in the constructor of '%s'", fe->name,
                     mo_class_full_name(rec));
            mo_note(fe->loc, "'%s' is declared here", fe->name);
            return false;
        }
        if (!fields[i])
            return false;
    }
    return true;
}

int mo_fctx_record_ctor(mo_fctx *c, const mo_expr *call, mo_class **rec, mo_expr ***fields)
{
    if (!call->fn || call->fn->kind != MO_EX_REF || call->niters)
        return 0;
    mo_callee k = mo_fctx_find_callee(c, call->fn);
    if (k.kind != MO_CAL_RECORD)
        return k.kind == MO_CAL_ERROR ? -1 : 0;
    if (k.written != k.cls && k.written->short_mod && k.written->short_mod->nargs) {
        mo_error(call->loc, "not supported yet: the constructor of a record defined with modifiers, in a function");
        return -1;
    }
    *rec = k.cls;
    mo_layout *lay = mo_layout_of(k.cls);
    if (!lay)
        return -1;
    *fields = MO_NEWN(mo_expr *, lay->n + 1);
    mo_class *ctor;
    if (k.cls->kind != MO_CL_OPERATOR_RECORD || !mo_op_functions(k.cls, "'constructor'", &ctor, 1))
        return default_ctor(c, call, k.cls, *fields) ? 1 : -1;
    /* an operator record's constructors (spec 14.2): the one the arguments' types match */
    int na = call->n + call->nnamed;
    mo_argty *a = MO_NEWN(mo_argty, na + 1);
    for (int i = 0; i < na; i++) {
        mo_expr *x = mo_fctx_expr(c, i < call->n ? call->a[i] : call->named[i - call->n].value);
        if (!x)
            return -1;
        a[i] = (mo_argty){NULL, mo_func_expr_type(c->fr->flat, c->fn, x), mo_func_expr_rank(c->fn, x),
                          i < call->n ? NULL : call->named[i - call->n].name};
    }
    bool err;
    mo_class *fc = mo_op_constructor(k.cls, na, a, call->loc, &err);
    mo_func *f = fc ? mo_func_of(c->fr, fc, call->loc) : NULL;
    mo_expr **args = f ? mo_fctx_args(c, call, f) : NULL;
    if (!args)
        return -1;
    const mo_fparam *o = &f->outputs.v[0];
    if (o->count != lay->n)
        mo_unreachable("a constructor's output and its record differ");
    *fields = mo_func_record_calls(call->loc, f, o, args);
    return 1;
}

mo_expr **mo_func_record_calls(mo_loc loc, const mo_func *f, const mo_fparam *o, mo_expr **args)
{
    mo_expr **fields = MO_NEWN(mo_expr *, o->count + 1);
    for (int i = 0; i < o->count; i++) {
        fields[i] = mo_func_call_expr(loc, f, args, o->first - f->nin + i, 0);
        if (i)
            fields[i]->a = fields[0]->a;
    }
    return fields;
}

mo_expr *mo_func_call_expr(mo_loc loc, const mo_func *f, mo_expr **args, int k, int el)
{
    mo_expr *e = mo_expr_call(loc, f->name, f->nin, args);
    e->func = f;
    e->func_out = (unsigned short)k;
    e->func_el = el;
    if (k > 0 && k < f->nout)
        e->str = f->vars.v[f->nin + k].name;
    return e;
}

/* ---- functional inputs (12.4.2) ---- */

const mo_fparam *mo_func_functional(const mo_func *fn, const mo_expr *ref)
{
    if (!fn || !ref || ref->kind != MO_EX_REF || ref->nparts != 1 || ref->global || ref->parts[0].nsubs)
        return NULL;
    for (int q = 0; q < fn->inputs.n; q++)
        if (fn->inputs.v[q].fn_type && fn->inputs.v[q].name == ref->parts[0].id)
            return &fn->inputs.v[q];
    return NULL;
}

/* What an argument gives a functional input p of f: a function, the inputs of it that a partial
 * application binds, and their values (AST expressions of the caller's, or, passed on from the caller's
 * own functional input, its slots, resolved). */
typedef struct fnval {
    mo_fnbind b;
    const mo_expr **values;
    bool *resolved;
} fnval;

static bool function_value(mo_fctx *c, const mo_expr *g, const mo_func *f, const mo_fparam *p, fnval *out)
{
    memset(out, 0, sizeof *out);
    out->b.input = p->name;
    const mo_expr *ref = g->kind == MO_EX_PARTIAL_FN ? g->fn : g;
    if (!ref || ref->kind != MO_EX_REF) {
        mo_error(g->loc, "the argument '%s' of '%s' must be a function: its name, or function g(a = 1)", p->name,
                 f->name);
        return false;
    }
    int extra = g->kind == MO_EX_PARTIAL_FN ? g->nnamed : 0;
    const mo_fparam *fp = mo_func_functional(c->fn, ref);
    int n0 = fp ? fp->fn_nbound : 0;
    out->b.bound = MO_NEWN(const char *, n0 + extra + 1);
    out->values = MO_NEWN(const mo_expr *, n0 + extra + 1);
    out->resolved = MO_NEWN(bool, n0 + extra + 1);
    if (fp) {   /* the caller's own functional input, passed on */
        if (!fp->fn_actual)
            mo_unreachable("a generic function's body is never resolved");
        out->b.actual = fp->fn_actual;
        out->b.written = fp->fn_written;
        out->b.via = fp->fn_via;
        out->b.nsub = fp->fn_nsub;
        out->b.sub = fp->fn_sub;
        for (int k = 0; k < n0; k++) {
            if (fp->fn_slots[k].record) {
                mo_error(g->loc, "not supported yet: passing on '%s', whose function binds the record input '%s'",
                         mo_ref_str(ref), fp->fn_bound[k]);
                return false;
            }
            mo_expr *v = mo_expr_new(MO_EX_VAR, ref->loc);
            v->var = fp->fn_slots[k].first;
            out->b.bound[k] = fp->fn_bound[k];
            out->values[k] = v;
            out->resolved[k] = true;
        }
    } else {
        mo_callee k = mo_fctx_find_callee(c, ref);
        if (k.kind == MO_CAL_ERROR)
            return false;
        if (k.kind != MO_CAL_USER) {
            mo_error(ref->loc, "'%s' given for input '%s' of '%s' is not a function", mo_ref_str(ref), p->name, f->name);
            return false;
        }
        out->b.actual = k.cls;
        out->b.written = k.written;
        out->b.via = k.via;
    }
    out->b.nbound = n0;
    mo_func *ag = NULL;   /* the function g itself, generic: which of its inputs are functional */
    mo_fnbind *sub = extra ? MO_NEWN(mo_fnbind, extra) : NULL;
    for (int i = 0; i < extra; i++) {   /* function g(a = 1, b = x) */
        const mo_named_arg *na = &g->named[i];
        for (int k = 0; k < out->b.nbound; k++)
            if (out->b.bound[k] == na->name) {
                mo_error(na->loc, "input '%s' is bound twice", na->name);
                return false;
            }
        if (!fp && !ag && !(ag = mo_func_of_via(c->fr, out->b.actual, out->b.written, out->b.via, g->loc)))
            return false;
        const mo_fparam *hp = NULL;   /* function g(h = f): a function for g's functional input h */
        for (int q = 0; ag && q < ag->inputs.n; q++)
            if (ag->inputs.v[q].fn_type && ag->inputs.v[q].name == na->name)
                hp = &ag->inputs.v[q];
        if (!hp) {
            out->b.bound[out->b.nbound] = na->name;
            out->values[out->b.nbound++] = na->value;
            continue;
        }
        fnval hv;
        if (!function_value(c, na->value, ag, hp, &hv))
            return false;
        if (hv.b.nbound) {
            mo_error(na->loc, "not supported yet: a function that binds inputs (%s) given to the functional input '%s' in a partial application of '%s'",
                     hv.b.bound[0], na->name, ag->name);
            return false;
        }
        sub[out->b.nsub++] = hv.b;
    }
    out->b.sub = sub;
    return true;
}

/* What the argument g gives the input p of f that is a vector of Strings: String literals, known when the
 * model is compiled (in a model, the flattened value; in a function, a constant or such an input of its
 * own passed on). */
static bool strings_value(mo_fctx *c, const mo_expr *g, const mo_func *f, const mo_fparam *p, mo_fnbind *out)
{
    memset(out, 0, sizeof *out);
    out->input = p->name;
    mo_aval v = {0};
    mo_expr *x = NULL;
    if (c->fn) {
        x = mo_fctx_expr(c, g);
        if (!x)
            return false;
        v.nd = x->kind == MO_EX_ARRAY && !x->niters ? 1 : 0;
        v.n = v.nd ? x->n : 1;
        v.el = v.nd ? x->a : NULL;
        v.one = v.nd ? NULL : x;
    } else if (!mo_flatten_val(c->fr, c->inst, c->owner, g, &v)) {
        return false;
    }
    bool known = v.nd == 1;
    for (int k = 0; known && k < v.n; k++) {
        const char *str = c->fn || v.el[k]->kind == MO_EX_STRING ? NULL : mo_str_value(c->fr->flat, v.el[k]);
        if (str)   /* a String parameter or constant of the model */
            v.el[k] = mo_expr_string(v.el[k]->loc, str);
        known = v.el[k]->kind == MO_EX_STRING;
    }
    int t = v.nd && v.n ? mo_func_expr_type(NULL, c->fn, v.el[0]) : v.nd ? MO_T_STRING : -1;
    if (!known && x && mo_func_expr_rank(c->fn, x) == 1 && mo_func_expr_type(NULL, c->fn, x) == MO_T_STRING) {
        out->nstrs = -1;   /* a vector of Strings made when the function runs: an array input (functions.c) */
        return true;
    }
    if (!known) {
        if (v.nd != 1 || (t >= 0 && t != MO_T_STRING))
            mo_error(g->loc, "argument '%s' of '%s' must be a vector of Strings", p->name, f->name);
        else
            mo_error(g->loc, "not supported yet: a vector of Strings known only when the simulation runs as "
                     "argument '%s' of '%s'", p->name, f->name);
        return false;
    }
    out->nstrs = v.n;
    out->strs = v.el;
    return true;
}

/* The default of input p of cls, a vector of Strings, when it is one of String literals ({","}: the same
 * in the caller's scope, where strings_value reads it), else NULL (a missing argument). */
static const mo_expr *strings_default(mo_class *cls, const mo_fparam *p)
{
    const mo_expr *v;
    mo_class *owner;
    if (!mo_member_binding(cls, p->name, &v, &owner) || v->kind != MO_EX_ARRAY || v->niters)
        return NULL;
    for (int k = 0; k < v->n; k++)
        if (v->a[k]->kind != MO_EX_STRING)
            return NULL;
    return v;
}

/* The function made from the generic f for the functions a call gives its functional inputs and the
 * Strings it gives its inputs that are vectors of Strings (or their defaults). */
mo_func *mo_fctx_specialize(mo_fctx *c, const mo_expr *call, mo_func *f, mo_class *cls, mo_class *written)
{
    const mo_expr **given = mo_fctx_bind(call, f);
    if (!given)
        return NULL;
    mo_fnbind *binds = MO_NEWN(mo_fnbind, f->inputs.n + 1);
    int nb = 0;
    for (int q = 0; q < f->inputs.n; q++) {
        const mo_fparam *p = &f->inputs.v[q];
        if (!p->fn_type && !p->str_array)
            continue;
        fnval fv;
        if (!given[q] && p->str_array)
            given[q] = strings_default(cls, p);
        if (!given[q]) {
            mo_error(call->loc, "missing argument '%s' (%s) in call of '%s'", p->name,
                     p->fn_type ? "a function" : "a vector of Strings", f->name);
            mo_note(p->loc, "'%s' is declared here", p->name);
            return NULL;
        }
        if (p->str_array) {
            if (!strings_value(c, given[q], f, p, &binds[nb++]))
                return NULL;
            continue;
        }
        if (!function_value(c, given[q], f, p, &fv))
            return NULL;
        binds[nb++] = fv.b;
    }
    return mo_func_spec(c->fr, cls, written, NULL, nb, binds, call->loc);
}

/* The argument of functional input p: the values of the inputs its function binds, into p's slots. */
bool mo_fctx_functional_arg(mo_fctx *c, mo_func *f, const mo_fparam *p, const mo_expr *given, mo_expr **args)
{
    fnval fv;
    if (!function_value(c, given, f, p, &fv))
        return false;
    if (fv.b.nbound != p->fn_nbound || fv.b.actual != p->fn_actual)
        mo_unreachable("a function made for other arguments");
    for (int k = 0; k < p->fn_nbound; k++) {
        const mo_fparam *sp = &p->fn_slots[k];
        if (sp->record) {   /* function f(data = d): d's fields into the slots f.data.field */
            if (!mo_fctx_record_input(c, f, sp, fv.values[k], args))
                return false;
        } else if (!(args[sp->first] = fv.resolved[k] ? (mo_expr *)fv.values[k]
                                                       : mo_fctx_slot_arg(c, f, sp->first, fv.values[k]))) {
            return false;
        }
    }
    return true;
}

mo_expr *mo_fctx_call_functional(mo_fctx *c, const mo_expr *e, const mo_fparam *fp)
{
    mo_func *a = mo_func_spec(c->fr, fp->fn_actual, fp->fn_written, fp->fn_via, fp->fn_nsub, fp->fn_sub, e->loc);
    if (!a)
        return NULL;
    /* by name: the function given may order its inputs otherwise than the type (function Sine2(A = 2)) */
    mo_layout *tl = mo_layout_of((mo_class *)fp->fn_type);
    if (!tl)
        return NULL;
    const char **tin = MO_NEWN(const char *, tl->n + 1), *tout = NULL;
    int nt = 0;
    for (int i = 0; i < tl->n; i++) {
        unsigned fl = tl->items[i].elem->flags;
        if (fl & MO_PF_INPUT)
            tin[nt++] = tl->items[i].elem->name;
        else if ((fl & MO_PF_OUTPUT) && !tout)
            tout = tl->items[i].elem->name;
    }
    if (e->n > nt) {
        mo_error(e->a[nt]->loc, "too many arguments in call of '%s': its type '%s' has %d input%s", fp->name,
                 fp->fn_type->name, nt, nt == 1 ? "" : "s");
        return NULL;
    }
    mo_expr *call = mo_expr_new(MO_EX_CALL, e->loc);
    *call = *e;
    call->n = 0;
    call->nnamed = e->n + e->nnamed + fp->fn_nbound;
    call->named = MO_NEWN(mo_named_arg, call->nnamed + 1);
    int k = 0;
    for (int i = 0; i < e->n; i++)
        call->named[k++] = (mo_named_arg){tin[i], e->a[i]->loc, e->a[i]};
    for (int i = 0; i < e->nnamed; i++)
        call->named[k++] = e->named[i];
    for (int i = 0; i < fp->fn_nbound; i++) {
        const mo_fparam *sp = &fp->fn_slots[i];
        mo_expr *v;
        if (sp->record) {   /* the record variable "f.data" over its slots (declare_functional) */
            v = mo_expr_new(MO_EX_REF, e->loc);
            v->nparts = 1;
            v->parts = MO_NEWN(mo_ref_part, 1);
            v->parts[0].id = sp->name;
            mo_ref_part_set_loc(v, 0, e->loc);
        } else {
            v = mo_expr_new(MO_EX_VAR, e->loc);
            v->var = sp->first;
        }
        call->named[k++] = (mo_named_arg){fp->fn_bound[i], e->loc, v};
    }
    mo_expr **args = mo_fctx_args(c, call, a);
    if (!args)
        return NULL;
    for (int q = 0; q < a->outputs.n; q++)
        if (a->outputs.v[q].name == tout && !a->outputs.v[q].record)
            return mo_func_call_expr(e->loc, a, args, a->outputs.v[q].first - a->nin, 0);
    /* 6.7 wants the output named as the type's, but 12.4.2.1's own example gives SurfaceIntegrand (output
     * z) for Integrand (output y): with no output of that name, the first output, by position */
    bool named = false;
    for (int q = 0; q < a->outputs.n; q++)
        named |= a->outputs.v[q].name == tout;
    if (!named && a->outputs.n && !a->outputs.v[0].record)
        return mo_func_call_expr(e->loc, a, args, 0, 0);
    mo_error(e->loc, "'%s' given for '%s' has no scalar output '%s' of its type '%s'", a->name, fp->name,
             tout ? tout : "?", fp->fn_type->name);
    return NULL;
}
