/*
 * funcall.c - calls of functions, in models (hooks of flatten.c) and inside functions.
 *
 * Input: an MO_EX_CALL of the AST and the context it is written in (func.h). Output: a flat call of a
 * user function (mo_expr.func set, one positional argument per input slot, .func_out choosing the
 * scalar output), a built-in call (also for functions declared external "builtin", such as the bundled
 * Modelica.Math.sin), or a precise error: unknown function (with "did you mean"), too many arguments,
 * unknown or repeated named argument, missing argument, argument of the wrong type.
 *
 * Callee lookup follows the class lookup of chapter 5 (lookup.c) from the class whose text holds the
 * call; a name that finds no class is a built-in (flatten.c checks the list) or unknown. Lookups are
 * cached per (class, name), so a model with 10^5 calls of sin asks the library path once per class.
 *
 * Calls written in a model, whose arrays are scalarised, and equations with several outputs:
 * funcall_model.c.
 */
#include "aval.h"
#include "func.h"
#include "str.h"

#include <stdint.h>
#include <string.h>

/* Built-in functions that flattening keeps as calls by name (the back end knows them). */
static const char *const builtins[] = {
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh", "exp", "log", "log10", "sqrt", "abs", "sign", "min", "max", "floor", "ceil", "integer",
    "mod", "rem", "div", "pre", "edge", "change", "initial", "terminal", "noEvent", "smooth", "sample",
    "homotopy", "semiLinear", "delay",
};
enum { NBUILTINS = sizeof builtins / sizeof builtins[0] };

bool mo_func_is_builtin(const char *name)
{
    for (int i = 0; i < NBUILTINS; i++)
        if (!strcmp(name, builtins[i]))
            return true;
    return false;
}

/* The number of arguments each built-in function takes (String has named ones: checked where folded);
 * min and max also take one array (their reductions, arrays_builtin.c, see those before this check). */
static const struct {
    const char *name;
    int n;
} builtin_arity[] = {
    {"sin", 1}, {"cos", 1}, {"tan", 1}, {"asin", 1}, {"acos", 1}, {"atan", 1}, {"atan2", 2}, {"sinh", 1},
    {"cosh", 1}, {"tanh", 1}, {"asinh", 1}, {"acosh", 1}, {"atanh", 1}, {"exp", 1}, {"log", 1},
    {"log10", 1}, {"sqrt", 1}, {"abs", 1}, {"sign", 1}, {"min", 2}, {"max", 2}, {"floor", 1}, {"ceil", 1},
    {"integer", 1}, {"mod", 2}, {"rem", 2}, {"div", 2}, {"pre", 1}, {"edge", 1}, {"change", 1},
    {"initial", 0}, {"terminal", 0}, {"noEvent", 1}, {"smooth", 2}, {"sample", 2}, {"homotopy", 2},
    {"semiLinear", 3}, {"delay", 3},
};

bool mo_func_builtin_arity(const mo_expr *call, const char *name)
{
    if (!strcmp(name, "delay")) {   /* delayMax may be left out */
        if (call->n == 2 || call->n == 3)
            return true;
        mo_error(call->loc, "'delay' takes 2 or 3 arguments, not %d", call->n);
        return false;
    }
    if (!strcmp(name, "sample") && call->n == 1 && !call->nnamed) {   /* sample(u): the clocked operator */
        mo_error(call->loc, "not supported yet: sample(u) of a clocked partition (synchronous language elements, "
                            "spec chapter 16)");
        return false;
    }
    for (size_t i = 0; i < sizeof builtin_arity / sizeof builtin_arity[0]; i++)
        if (!strcmp(name, builtin_arity[i].name)) {
            int n = builtin_arity[i].n;
            if (call->n == n)
                return true;
            mo_error(call->loc, "'%s' takes %d argument%s, not %d", name, n, n == 1 ? "" : "s", call->n);
            return false;
        }
    return true;
}

const char *mo_func_type_name(int t)
{
    switch (t) {
    case MO_T_REAL: return "Real";
    case MO_T_INTEGER: return "Integer";
    case MO_T_BOOLEAN: return "Boolean";
    case MO_T_STRING: return "String";
    default: return "?";
    }
}

/* ---- types ---- */
static int numeric(int a, int b)
{
    if (a < 0 || b < 0)
        return a == MO_T_REAL || b == MO_T_REAL ? MO_T_REAL : -1;
    return a == MO_T_INTEGER && b == MO_T_INTEGER ? MO_T_INTEGER : MO_T_REAL;
}

int mo_func_expr_type(const mo_flat *flat, const mo_func *fn, const mo_expr *e)
{
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_TIME: case MO_EX_DER: return MO_T_REAL;
    case MO_EX_INT: return MO_T_INTEGER;
    case MO_EX_BOOL: return MO_T_BOOLEAN;
    case MO_EX_STRING: return MO_T_STRING;
    case MO_EX_VAR:
        if (fn)
            return e->var >= 0 && e->var < fn->vars.n ? (int)fn->vars.v[e->var].type : -1;
        if (flat && e->var >= 0 && e->var < flat->vars.n)
            return flat->vars.v[e->var].type == MO_T_ENUM ? MO_T_INTEGER : (int)flat->vars.v[e->var].type;
        return -1;
    case MO_EX_UNARY:
        return e->op == MO_OP_NOT ? MO_T_BOOLEAN : mo_func_expr_type(flat, fn, e->a[0]);
    case MO_EX_BINARY: {
        switch (e->op) {
        case MO_OP_LT: case MO_OP_LE: case MO_OP_GT: case MO_OP_GE: case MO_OP_EQ: case MO_OP_NE:
        case MO_OP_AND: case MO_OP_OR:
            return MO_T_BOOLEAN;
        case MO_OP_DIV: case MO_OP_EDIV:
            return MO_T_REAL;
        default: {
            int ta = mo_func_expr_type(flat, fn, e->a[0]), tb = mo_func_expr_type(flat, fn, e->a[1]);
            if (ta == MO_T_STRING || tb == MO_T_STRING)   /* + of Strings (other operators are errors) */
                return ta == tb ? MO_T_STRING : -1;
            return numeric(ta, tb);
        }
        }
    }
    case MO_EX_IF: {
        int t = mo_func_expr_type(flat, fn, e->a[e->n - 1]);
        for (int i = 1; i < e->n; i += 2) {
            int u = mo_func_expr_type(flat, fn, e->a[i]);
            if (u == MO_T_BOOLEAN || t == MO_T_BOOLEAN || u == MO_T_STRING || t == MO_T_STRING)
                t = u == t ? t : -1;
            else
                t = numeric(t, u);
        }
        return t;
    }
    case MO_EX_INDEX:
        return mo_func_expr_type(flat, fn, e->a[0]);
    case MO_EX_RANGE: {
        int t = MO_T_INTEGER;
        for (int i = 0; i < e->n; i++)
            t = numeric(t, mo_func_expr_type(flat, fn, e->a[i]));
        return t;
    }
    case MO_EX_ARRAY: case MO_EX_MATRIX: {
        if (e->kind == MO_EX_ARRAY && e->niters)
            return mo_func_expr_type(flat, fn, e->a[0]);
        int t = -2;   /* no element yet */
        for (int i = 0; i < e->n; i++) {
            const mo_expr *x = e->a[i];
            int u = mo_func_expr_type(flat, fn, x);
            if (t == -2 || (u == MO_T_BOOLEAN) != (t == MO_T_BOOLEAN))
                t = t == -2 ? u : -1;
            else if (t != MO_T_BOOLEAN)
                t = numeric(t, u);
        }
        return t == -2 ? -1 : t;
    }
    case MO_EX_CALL: {
        if (e->func)   /* (func_out == nout: an empty call, no value) */
            return e->func_out < e->func->nout ? (int)e->func->vars.v[e->func->nin + e->func_out].type : -1;
        const char *n = e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 ? e->fn->parts[0].id : "";
        if (!strcmp(n, "integer") || !strcmp(n, "size") || !strcmp(n, "ndims") || !strcmp(n, "zeros") ||
            !strcmp(n, "ones") || !strcmp(n, "identity"))
            return MO_T_INTEGER;
        if (!strcmp(n, "linspace"))
            return MO_T_REAL;
        if (!strcmp(n, "String"))
            return MO_T_STRING;
        if (e->niters && e->n >= 1)   /* a reduction: its body's type */
            return mo_func_expr_type(flat, fn, e->a[0]);
        if (e->n >= 1 && (!strcmp(n, "fill") || !strcmp(n, "transpose") || !strcmp(n, "vector") ||
                          !strcmp(n, "matrix") || !strcmp(n, "scalar") || !strcmp(n, "diagonal") ||
                          !strcmp(n, "symmetric") || ((!strcmp(n, "sum") || !strcmp(n, "product")) && e->n == 1)))
            return mo_func_expr_type(flat, fn, e->a[0]);
        if (!strcmp(n, "cat") || !strcmp(n, "cross") || !strcmp(n, "skew") || !strcmp(n, "outerProduct")) {
            int t = MO_T_INTEGER;
            for (int i = !strcmp(n, "cat"); i < e->n; i++)
                t = numeric(t, mo_func_expr_type(flat, fn, e->a[i]));
            return t;
        }
        if (flat && flat->clocked && !fn && mo_sync_op(n)) {   /* chapter 16: a clock is a Boolean in the flat model */
            if (!strcmp(n, "Clock") || !strcmp(n, "firstTick") || (!strcmp(n, "sample") && e->n == 2 &&
                                                                   !mo_flat_is_clock(flat, e->a[1])))
                return MO_T_BOOLEAN;
            return strcmp(n, "interval") && e->n >= 1 ? mo_func_expr_type(flat, fn, e->a[0]) : MO_T_REAL;
        }
        if (!strcmp(n, "initial") || !strcmp(n, "terminal") || !strcmp(n, "edge") || !strcmp(n, "change") ||
            !strcmp(n, "sample") || !strncmp(n, "Connections.", 12))   /* (isRoot, rooted: cgraph.c) */
            return MO_T_BOOLEAN;
        if (e->n >= 1 && (!strcmp(n, "noEvent") || !strcmp(n, "pre") || !strcmp(n, "homotopy")))
            return mo_func_expr_type(flat, fn, e->a[0]);
        if (e->n == 2 && !strcmp(n, "smooth"))
            return mo_func_expr_type(flat, fn, e->a[1]);
        if (!strcmp(n, "abs") || !strcmp(n, "min") || !strcmp(n, "max") || !strcmp(n, "mod") ||
            !strcmp(n, "rem") || !strcmp(n, "div") || !strcmp(n, "sign")) {
            int t = MO_T_INTEGER;
            for (int i = 0; i < e->n; i++)
                t = numeric(t, mo_func_expr_type(flat, fn, e->a[i]));
            return !strcmp(n, "sign") && t >= 0 ? MO_T_INTEGER : t;
        }
        return MO_T_REAL;
    }
    default:
        return -1;
    }
}

/* ---- callees ---- */
typedef enum { CAL_NONE, CAL_USER, CAL_BUILTIN, CAL_RECORD, CAL_ERROR } callee_kind;

typedef struct callee {
    callee_kind kind;
    mo_class *cls;            /* CAL_USER, CAL_RECORD (the long class) */
    mo_class *written;        /* CAL_RECORD: the class the name finds (a short class keeps its modifiers) */
    const char *builtin;      /* CAL_BUILTIN: the built-in's name */
    mo_class *via;            /* CAL_USER: the package that inherits cls from cls->parent and that the name
                               * reached it through (mo_func.via), or NULL */
} callee;

static mo_map callee_cache;   /* "class-pointer name" -> callee* (only answers that report nothing) */

static callee class_callee(mo_fctx *c, const mo_expr *fn, mo_class *cls, const char *key);
static mo_func *specialize(mo_fctx *c, const mo_expr *call, mo_func *f, mo_class *cls, mo_class *written);
static bool functional_arg(mo_fctx *c, mo_func *f, const mo_fparam *p, const mo_expr *given, mo_expr **args);
static mo_expr *slot_arg(mo_fctx *c, const mo_func *f, int s, const mo_expr *given);
static callee component_callee(mo_fctx *c, const mo_expr *fn);

/* The package P that a call P.f reaches the function cls through, when P inherits cls from the package
 * that declares it (so that cls reads P's values of that package's constants, 5.3); for an unqualified
 * call inside a function built for such a P, or in the binding of a package constant flattened for P
 * (env: the flattener's package environment), or in a class that P inherits (its view from P), P again
 * when P has cls as a member. NULL when there is none. A short class without modifiers is its target. */
static mo_class *inherited_via(mo_fctx *c, const mo_name *n, mo_class *cls, mo_class *env)
{
    mo_class *via = NULL;
    if (n->n == 1) {
        if (env && env != cls->parent && mo_lookup_member(env, n->ids[0]).cls == cls)
            via = env;
        /* else the enclosing class that has the name: a package that inherits it, or the view of one
         * (a class that such a package inherits, lookup.c's views, pkgview.c) */
        for (mo_class *e = c->owner; !via && e && !n->global; e = e->parent) {
            mo_found g = mo_lookup_member(e, n->ids[0]);
            if (g.cls == cls)
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
    return via && via != cls->parent && via->kind == MO_CL_PACKAGE ? via : NULL;
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

static callee find_callee(mo_fctx *c, const mo_expr *fn)
{
    callee r = {CAL_NONE, NULL, NULL, NULL, NULL};
    /* a.f(x): a function declared in the class of the component a (5.3.2), never cached (the class of a
     * depends on the instance) */
    if (c->inst && fn->nparts > 1 && !fn->global && mo_layout_find(c->inst->lay, fn->parts[0].id))
        return component_callee(c, fn);
    /* (inside a function built for a package that inherits it, or a package constant's binding flattened
     * for one, that package is part of the answer: the key has it) */
    mo_class *env = c->fn ? c->fn->via : mo_flatten_pkg_via();
    const char *key = mo_intern_cstr(mo_sprintf("%p %p %s%s", (void *)c->owner, (void *)env, fn->global ? "." : "",
                                                mo_ref_str(fn)));
    callee *hit = mo_map_get(&callee_cache, key);
    if (hit)
        return *hit;
    mo_name n;
    mo_name_init(&n, fn->loc, fn->global, fn->nparts);
    for (int i = 0; i < fn->nparts; i++) {
        n.ids[i] = fn->parts[i].id;
        mo_name_set_loc(&n, i, mo_ref_part_loc(fn, i));
        if (fn->parts[i].nsubs) {
            mo_error(fn->loc, "a function name cannot have subscripts");
            r.kind = CAL_ERROR;
            return r;
        }
    }
    mo_found f;
    if (mo_lookup_name(c->owner, &n, &f) >= 0 || !f.cls) {
        hit = MO_NEW(callee);
        *hit = r;
        mo_map_put(&callee_cache, key, hit);
        return r;   /* a component or nothing: built-in or unknown */
    }
    if (n.n == 1 && !n.global && env && f.cls)
        f.cls = as_env_has(c, &n, f.cls, env);
    r = class_callee(c, fn, f.cls, NULL);
    if (r.kind == CAL_USER && r.written == r.cls && r.cls->parent)
        r.via = inherited_via(c, &n, r.cls, env);
    if (r.kind != CAL_ERROR && !(f.cls->flags & MO_PF_OUTER)) {
        hit = MO_NEW(callee);
        *hit = r;
        mo_map_put(&callee_cache, key, hit);
    }
    return r;
}

/* The callee a class found for the call name fn is; key: where to cache the answer (NULL: nowhere). */
static callee class_callee(mo_fctx *c, const mo_expr *fn, mo_class *cls, const char *key)
{
    callee r = {CAL_NONE, NULL, NULL, NULL, NULL};
    callee *hit;
    bool outer = cls->flags & MO_PF_OUTER;   /* its inner depends on the instance: never cached */
    if (outer && !(cls = mo_outer_class(c->inst, cls, fn->loc))) {
        r.kind = CAL_ERROR;
        return r;
    }
    mo_class *written = cls;
    bool modified = false;    /* a short class with modifiers on the way: a record's fields' values */
    while (cls && cls->form == MO_FORM_SHORT) {
        modified |= cls->short_mod && cls->short_mod->nargs;
        if (cls->kind == MO_CL_CLASS) {   /* class f2 = f: a class, whatever it extends, is no function */
            mo_error(fn->loc, "'%s' is declared 'class %s = %s', which is no function: only a function can be "
                     "called (specification 4.7, 12.1)", mo_ref_str(fn), cls->name, mo_name_str(cls->short_base));
            r.kind = CAL_ERROR;
            return r;
        }
        cls = mo_short_target(cls);
    }
    if (!cls) {
        r.kind = CAL_ERROR;
        return r;
    }
    if (mo_builtin_type(cls) >= 0 || cls->form == MO_FORM_ENUM) {
        /* Integer(e), String(x): conversions of the predefined types, built-in (flatten_expr.c) */
        if (key) {
            hit = MO_NEW(callee);
            *hit = r;
            mo_map_put(&callee_cache, key, hit);
        }
        return r;
    }
    if (mo_class_is_extobj(cls)) {   /* Obj(args): its constructor (12.9.7; call_of checks where) */
        mo_found g = mo_lookup_member(cls, mo_intern_cstr("constructor"));
        if (!g.cls || g.cls->kind != MO_CL_FUNCTION) {
            mo_error(fn->loc, "external object class '%s' has no function 'constructor'", mo_ref_str(fn));
            r.kind = CAL_ERROR;
            return r;
        }
        cls = written = g.cls;
    }
    if (modified && cls->kind != MO_CL_RECORD && cls->kind != MO_CL_OPERATOR_RECORD && cls->kind != MO_CL_FUNCTION) {
        mo_error(fn->loc, "not supported yet: a %s defined by a short class with modifiers",
                 mo_class_kind_name(cls->kind));
        r.kind = CAL_ERROR;
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
                r.kind = CAL_ERROR;
                return r;
            }
            r.kind = CAL_BUILTIN;
            r.builtin = mo_intern_cstr(b);
        } else {
            r.kind = CAL_USER;
        }
    } else if (cls->kind == MO_CL_RECORD || cls->kind == MO_CL_OPERATOR_RECORD) {
        r.kind = CAL_RECORD;
    } else {
        mo_error(fn->loc, "'%s' is a %s, not a function", mo_ref_str(fn), mo_class_kind_name(cls->kind));
        mo_note(cls->loc, "'%s' is declared here", cls->name);
        r.kind = CAL_ERROR;
        return r;
    }
    if (outer || !key)
        return r;
    hit = MO_NEW(callee);
    *hit = r;
    mo_map_put(&callee_cache, key, hit);
    return r;
}

/* a.b.F.f(x): the leading identifiers name scalar components (the instance's, subscripts evaluated),
 * the rest classes declared in the class of the last of them, the last a function (5.3.2). */
/* The component a call c.f(x) or c.P.g(x) is made through (5.3.2): its instance, and in *ncomp how many
 * leading identifiers of fn name it; NULL after an error. */
static mo_inst *call_component(mo_fctx *c, const mo_expr *fn, int *ncomp_out)
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

static callee component_callee(mo_fctx *c, const mo_expr *fn)
{
    callee r = {CAL_ERROR, NULL, NULL, NULL, NULL};
    int ncomp;
    mo_inst *ci = call_component(c, fn, &ncomp);
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
    r = class_callee(c, fn, cls, NULL);
    if (r.kind != CAL_USER && r.kind != CAL_ERROR) {
        mo_error(fn->loc, "'%s' must be a function, not a %s (5.3.2)", mo_ref_str(fn), mo_class_kind_name(cls->kind));
        r.kind = CAL_ERROR;
    }
    return r;
}

mo_func *mo_fctx_callee(mo_fctx *c, const mo_expr *call, bool *err)
{
    *err = false;
    if (!call->fn || call->fn->kind != MO_EX_REF)
        return NULL;
    callee k = find_callee(c, call->fn);
    if (k.kind == CAL_ERROR) {
        *err = true;
        return NULL;
    }
    if (k.kind == CAL_RECORD) {   /* in a model, a record value (records.c), not a function */
        if (c->fn) {
            mo_error(call->loc, "not supported yet: the record constructor '%s' here", mo_ref_str(call->fn));
            *err = true;
        }
        return NULL;
    }
    if (k.kind != CAL_USER)
        return NULL;
    mo_func *f = mo_func_of_via(c->fr, k.cls, k.written, k.via, call->loc);
    if (f && f->generic)
        f = specialize(c, call, f, k.cls, k.written);
    *err = f == NULL;
    return f;
}

mo_class *mo_fctx_call_record(mo_fctx *c, const mo_expr *call, mo_func **user, bool *err)
{
    *user = NULL;
    *err = false;
    if (!call->fn || call->fn->kind != MO_EX_REF || call->niters || (c->fn && mo_func_functional(c->fn, call->fn)))
        return NULL;
    callee k = find_callee(c, call->fn);
    if (k.kind == CAL_ERROR) {
        *err = true;
        return NULL;
    }
    if (k.kind == CAL_RECORD)
        return k.cls;
    if (k.kind != CAL_USER)
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
    callee k = find_callee(c, call->fn);
    if (k.kind != CAL_RECORD)
        return k.kind == CAL_ERROR ? -1 : 0;
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

/* ---- arguments ---- */

bool mo_fctx_check_arg(mo_fctx *c, const mo_func *f, int slot, const mo_expr *arg, mo_loc loc)
{
    int want = f->vars.v[slot].type;
    int got = mo_func_expr_type(c->fr->flat, c->fn, arg);
    if (got < 0 || got == want || (want == MO_T_REAL && got == MO_T_INTEGER))
        return true;
    mo_error(loc, "argument '%s' of '%s' must be %s, not %s", f->vars.v[slot].name, f->name,
             mo_func_type_name(want), mo_func_type_name(got));
    return false;
}

mo_expr *mo_ref_field(const mo_expr *rec, const char *field)
{
    mo_expr *ref = mo_expr_dup(rec);   /* rec may be a short node (ast.h) */
    ref->parts = MO_NEWN(mo_ref_part, rec->nparts + 1);
    memcpy(ref->parts, rec->parts, sizeof(mo_ref_part) * (size_t)rec->nparts);
    ref->parts[rec->nparts].id = mo_intern_cstr(field);
    mo_ref_part_set_loc(ref, rec->nparts, rec->loc);
    ref->nparts = rec->nparts + 1;
    return ref;
}

/* The value of output slot k of g called with args as an argument: the call itself, or in a model,
 * for an array output, the array of one call per element (funcall_model.c). */
static mo_expr *output_arg(mo_fctx *c, const mo_func *g, int k, mo_expr **args, mo_loc loc)
{
    if (c->fn || !g->vars.v[g->nin + k].nd)
        return mo_func_call_expr(loc, g, args, k, 0);
    mo_aval v;
    return mo_func_model_output(c, g, k, args, loc, &v) ? mo_func_model_nested(&v, loc) : NULL;
}

bool mo_func_record_arg(const mo_func *f, const mo_fparam *p, const mo_aval *v, mo_loc loc, mo_expr **args)
{
    size_t pl = strlen(p->name) + 1;
    for (int s = p->first; v->rec && v->nd == p->rec_nd && s < p->first + p->count; s++) {
        const mo_aval *fv = mo_rv_field(v, mo_intern_cstr(f->vars.v[s].name + pl));
        if (!fv || fv->nd != f->vars.v[s].nd || fv->rec)
            break;
        args[s] = fv->nd ? mo_func_model_nested(fv, loc) : fv->one;
        if (s + 1 == p->first + p->count)
            return true;
    }
    mo_error(loc, "argument '%s' of '%s' must be a record of type '%s'%s", p->name, f->name,
             mo_class_full_name((mo_class *)p->record), !v->rec ? "" : v->nd != p->rec_nd ?
             mo_sprintf(", not an array of records of %d dimension%s", v->nd, v->nd == 1 ? "" : "s") :
             mo_sprintf(", not '%s'", mo_rv_type_name(v)));
    return false;
}

/* Values of the fields of a record input from the argument: any expression whose value is a record (a
 * record variable, a record constructor, a call of a function whose first output is a record, a + b of
 * operator records, if-expressions; in a function body: fnrecord.c). */
static bool record_arg(mo_fctx *c, const mo_func *f, const mo_fparam *p, const mo_expr *arg, mo_expr **args)
{
    if (c->fn) {   /* in a function body: any expression whose value is a record (fnrecord.c) */
        mo_frec v;
        int k = mo_fctx_record(c, arg, &v);
        if (k == 0)
            mo_error(arg->loc, "argument '%s' of '%s' must be a record", p->name, f->name);
        return k > 0 && mo_fctx_record_arg(c, f, p, &v, arg->loc, args);
    }
    size_t pl = strlen(p->name) + 1;
    if (arg->kind == MO_EX_REF) {
        for (int s = p->first; s < p->first + p->count; s++) {
            mo_expr *ref = mo_ref_field(arg, f->vars.v[s].name + pl);
            if (!(args[s] = slot_arg(c, f, s, ref)) || !mo_fctx_check_arg(c, f, s, args[s], arg->loc))
                return false;
        }
        return true;
    }
    if (arg->kind == MO_EX_CALL && arg->fn && arg->fn->kind == MO_EX_REF) {
        callee k = find_callee(c, arg->fn);
        if (k.kind == CAL_ERROR)
            return false;
        if (k.kind == CAL_USER) {
            bool err;
            mo_func *g = mo_fctx_callee(c, arg, &err);
            if (!g)
                return false;
            const mo_fparam *o = g->outputs.n ? &g->outputs.v[0] : NULL;
            if (!o || !o->record || o->count != p->count) {
                mo_error(arg->loc, "the first output of '%s' does not match the record input '%s' of '%s'",
                         g->name, p->name, f->name);
                return false;
            }
            mo_expr **ga = mo_fctx_args(c, arg, g);
            if (!ga)
                return false;
            for (int q = 0; q < p->count; q++) {
                if (g->vars.v[o->first + q].nd != f->vars.v[p->first + q].nd) {
                    mo_error(arg->loc, "the first output of '%s' does not match the record input '%s' of '%s'",
                             g->name, p->name, f->name);
                    return false;
                }
                if (!(args[p->first + q] = output_arg(c, g, o->first - g->nin + q, ga, arg->loc)))
                    return false;
            }
            return true;
        }
        if (k.kind == CAL_RECORD) {
            /* R(a, b = 2): positional then named fields, then the fields' own bindings */
            mo_layout *lay = mo_layout_of(k.cls);
            if (!lay)
                return false;
            if (arg->n > lay->n) {
                mo_error(arg->loc, "too many arguments for record '%s'", k.cls->name);
                return false;
            }
            for (int s = p->first; s < p->first + p->count; s++) {
                const char *field = mo_intern_cstr(f->vars.v[s].name + pl);
                intptr_t it = (intptr_t)mo_map_get(&lay->index, field);
                if (!it) {
                    mo_error(arg->loc, "record '%s' has no field '%s' of input '%s'", k.cls->name, field, p->name);
                    return false;
                }
                const mo_expr *v = it - 1 < arg->n ? arg->a[it - 1] : NULL;
                for (int q = 0; q < arg->nnamed; q++)
                    if (arg->named[q].name == field)
                        v = arg->named[q].value;
                mo_element *fe = lay->items[it - 1].elem;
                if (v) {
                    args[s] = slot_arg(c, f, s, v);
                } else if (fe->mod && fe->mod->binding) {
                    mo_fctx k2 = {c->fr, NULL, lay->items[it - 1].owner, c->fn, NULL, c->const_depth + 1, NULL, 0, false, NULL};
                    args[s] = slot_arg(&k2, f, s, fe->mod->binding);
                } else {
                    mo_error(arg->loc, "missing value of field '%s' of record '%s'", field, k.cls->name);
                    return false;
                }
                if (!args[s] || !mo_fctx_check_arg(c, f, s, args[s], arg->loc))
                    return false;
            }
            return true;
        }
    }
    mo_aval v;
    return mo_flatten_rv(c->fr, c->inst, c->owner, arg, &v) && mo_func_record_arg(f, p, &v, arg->loc, args);
}

bool mo_func_string_arg(mo_fctx *c, const mo_func *f, const mo_expr *a, mo_loc loc)
{
    int errors = mo_error_count();
    if (mo_func_expr_type(c->fr->flat, NULL, a) == MO_T_STRING && !mo_str_runtime(c->fr->flat, a)) {
        if (mo_error_count() == errors)   /* (else a String() conversion with a wrong argument: said) */
            mo_error(loc, "not supported yet: this String argument of '%s' (literals, String parameters, "
                     "String(x) conversions, + and if-expressions of them can be)", f->name);
        return false;
    }
    if (a->kind != MO_EX_STRING)
        c->fr->flat->rt_strings = true;   /* (codegen_str.c builds all but literals when the call runs) */
    return true;
}

/* The argument of input slot s: a scalar, or an array of the slot's number of dimensions (in a model,
 * the array of its elements: funcall_model.c). */
static mo_expr *slot_arg(mo_fctx *c, const mo_func *f, int s, const mo_expr *given)
{
    const mo_fvar *v = &f->vars.v[s];
    if (!c->fn && v->nd)
        return mo_func_model_array_arg(c, f, s, given);
    bool str = !c->fn && v->type == MO_T_STRING;
    c->fr->str_arg += str;   /* "t = " + String(time): built when the call runs (mo_str_runtime) */
    mo_expr *a = mo_fctx_expr(c, given);
    c->fr->str_arg -= str;
    if (a && str && !mo_func_string_arg(c, f, a, given->loc))
        return NULL;
    if (!a || !c->fn)
        return a;
    int r = mo_func_expr_rank(c->fn, a);
    if (r > 0 && v->nd == 0 && f->outputs.n == 1 && !f->outputs.v[0].record && !f->vars.v[f->nin].nd)
        return a;   /* applied element by element (12.4.6; mo_fctx_call checks the ranks agree) */
    if (r != v->nd) {
        mo_error(given->loc, "argument '%s' of '%s' must be %s, not %s", v->name, f->name,
                 v->nd == 0 ? "a scalar" : v->nd == 1 ? "a vector" : v->nd == 2 ? "a matrix" : "an array",
                 r == 0 ? "a scalar" : r == 1 ? "a vector" : r == 2 ? "a matrix" : "an array");
        return NULL;
    }
    return a;
}

/* Can binding be evaluated with the arguments found so far (only input slots that have a value)? */
static bool ready(const mo_expr *e, mo_expr *const *args, int nin)
{
    if (!e)
        return true;
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && e->var < nin && args[e->var];
    for (int i = 0; i < e->n; i++)
        if (!ready(e->a[i], args, nin))
            return false;
    return true;
}

const mo_expr **mo_fctx_bind(const mo_expr *call, const mo_func *f)
{
    int np = f->inputs.n;
    const mo_expr **given = MO_NEWN(const mo_expr *, np + 1);
    mo_loc *gloc = MO_NEWN(mo_loc, np + 1);
    if (call->n > np) {
        mo_error(call->a[np]->loc, "too many arguments in call of '%s': it has %d input%s", f->name, np,
                 np == 1 ? "" : "s");
        mo_note(f->loc, "'%s' is declared here", f->name);
        return NULL;
    }
    for (int i = 0; i < call->n; i++) {
        given[i] = call->a[i];
        gloc[i] = call->a[i]->loc;
    }
    for (int i = 0; i < call->nnamed; i++) {
        const mo_named_arg *na = &call->named[i];
        int q = -1;
        for (int k = 0; k < np; k++)
            if (f->inputs.v[k].name == na->name)
                q = k;
        if (q < 0) {
            mo_error(na->loc, "function '%s' has no input '%s'", f->name, na->name);
            const char **cand = MO_NEWN(const char *, np + 1);
            for (int k = 0; k < np; k++)
                cand[k] = f->inputs.v[k].name;
            const char *best = mo_closest_name(na->name, cand, np);
            for (int k = 0; best && k < np; k++)
                if (cand[k] == best)
                    mo_note(f->inputs.v[k].loc, "did you mean '%s'?", best);
            return NULL;
        }
        if (given[q]) {
            mo_error(na->loc, "input '%s' of '%s' is given twice", na->name, f->name);
            mo_note(gloc[q], "first given here");
            return NULL;
        }
        given[q] = na->value;
        gloc[q] = na->loc;
    }
    return given;
}

/* The default of input slot s given by a short class declared in a model (mo_fvar.inst_default), for
 * the call in a model: evaluated in the instance that holds the short class, the component the call is
 * made through (world.gravityAcceleration(r)) or, for a call by name, the caller's own. */
static mo_expr *instance_default(mo_fctx *c, const mo_expr *call, const mo_func *f, int s)
{
    const mo_fvar *v = &f->vars.v[s];
    mo_inst *ci = c->inst;
    int ncomp;
    if (c->fn || !ci) {
        mo_error(call->loc, "not supported yet: the default of input '%s' of '%s', given by a modifier that may use "
                 "components of a model, in a call from a function", v->name, f->name);
        mo_note(v->inst_default->loc, "the default is given here");
        return NULL;
    }
    if (call->fn && call->fn->kind == MO_EX_REF && call->fn->nparts > 1 && !call->fn->global &&
        mo_layout_find(ci->lay, call->fn->parts[0].id) && !(ci = call_component(c, call->fn, &ncomp)))
        return NULL;
    bool holds = ci->lay->cls == v->inst_owner;   /* the class holding the modifier, or one it extends */
    for (int i = 0; !holds && i < ci->lay->n; i++)
        holds = ci->lay->items[i].owner == v->inst_owner;
    if (!holds) {
        mo_error(call->loc, "not supported yet: the default of input '%s' of '%s' given in '%s', in a call from "
                 "an instance of '%s'", v->name, f->name, mo_class_full_name(v->inst_owner),
                 mo_class_full_name(ci->lay->cls));
        mo_note(v->inst_default->loc, "the default is given here");
        return NULL;
    }
    mo_fctx k = {c->fr, ci, v->inst_owner, NULL, NULL, c->const_depth, NULL, 0, false, NULL};
    return slot_arg(&k, f, s, v->inst_default);
}

bool mo_fctx_complete(mo_fctx *c, const mo_expr *call, const mo_func *f, mo_expr **args)
{
    mo_loc loc = call->loc;
    for (int s = 0; s < f->nin; s++)
        if (!args[s] && f->vars.v[s].inst_default &&
            (!(args[s] = instance_default(c, call, f, s)) ||
             !mo_fctx_check_arg(c, f, s, args[s], f->vars.v[s].inst_default->loc)))
            return false;
    /* defaults, over the inputs that have values (repeated: a default may use a later default) */
    for (bool progress = true; progress;) {
        progress = false;
        for (int s = 0; s < f->nin; s++)
            if (!args[s] && f->vars.v[s].binding && ready(f->vars.v[s].binding, args, f->nin)) {
                args[s] = c->fn ? mo_expr_subst(f->vars.v[s].binding, args) : mo_func_model_default(c, f, s, args);
                if (!args[s])
                    return false;
                progress = true;
            }
    }
    for (int q = 0; q < f->inputs.n; q++) {
        const mo_fparam *p = &f->inputs.v[q];
        for (int s = p->first; s < p->first + p->count; s++)
            if (!args[s]) {
                if (f->vars.v[s].binding)
                    mo_error(loc, "the default of input '%s' of '%s' depends on itself", p->name, f->name);
                else
                    mo_error(loc, "missing argument '%s' in call of '%s'", p->name, f->name);
                mo_note(p->loc, "'%s' is declared here", p->name);
                return false;
            }
    }
    return c->fn || !f->has_arrays || mo_func_model_check_args(c, f, args, call->loc);
}

mo_expr **mo_fctx_args(mo_fctx *c, const mo_expr *call, mo_func *f)
{
    const mo_expr **given = mo_fctx_bind(call, f);
    if (!given)
        return NULL;
    mo_expr **args = MO_NEWN(mo_expr *, f->nin + 1);
    for (int q = 0; q < f->inputs.n; q++) {
        const mo_fparam *p = &f->inputs.v[q];
        if (!given[q])
            continue;
        if (p->fn_type) {
            if (!functional_arg(c, f, p, given[q], args))
                return NULL;
        } else if (p->record) {
            if (!record_arg(c, f, p, given[q], args))
                return NULL;
        } else if (!(args[p->first] = slot_arg(c, f, p->first, given[q])) ||
                   !mo_fctx_check_arg(c, f, p->first, args[p->first], given[q]->loc)) {
            return NULL;
        }
    }
    return mo_fctx_complete(c, call, f, args) ? args : NULL;
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
    int n0 = fp ? fp->count : 0;
    out->b.bound = MO_NEWN(const char *, n0 + extra + 1);
    out->values = MO_NEWN(const mo_expr *, n0 + extra + 1);
    out->resolved = MO_NEWN(bool, n0 + extra + 1);
    if (fp) {   /* the caller's own functional input, passed on */
        if (!fp->fn_actual)
            mo_unreachable("a generic function's body is never resolved");
        out->b.actual = fp->fn_actual;
        out->b.written = fp->fn_written;
        for (int k = 0; k < n0; k++) {
            mo_expr *v = mo_expr_new(MO_EX_VAR, ref->loc);
            v->var = fp->first + k;
            out->b.bound[k] = fp->fn_bound[k];
            out->values[k] = v;
            out->resolved[k] = true;
        }
    } else {
        callee k = find_callee(c, ref);
        if (k.kind == CAL_ERROR)
            return false;
        if (k.kind != CAL_USER) {
            mo_error(ref->loc, "'%s' given for input '%s' of '%s' is not a function", mo_ref_str(ref), p->name, f->name);
            return false;
        }
        out->b.actual = k.cls;
        out->b.written = k.written;
    }
    out->b.nbound = n0;
    for (int i = 0; i < extra; i++) {   /* function g(a = 1, b = x) */
        const mo_named_arg *na = &g->named[i];
        for (int k = 0; k < out->b.nbound; k++)
            if (out->b.bound[k] == na->name) {
                mo_error(na->loc, "input '%s' is bound twice", na->name);
                return false;
            }
        out->b.bound[out->b.nbound] = na->name;
        out->values[out->b.nbound++] = na->value;
    }
    return true;
}

/* The function made from the generic f for the functions a call gives its functional inputs. */
static mo_func *specialize(mo_fctx *c, const mo_expr *call, mo_func *f, mo_class *cls, mo_class *written)
{
    const mo_expr **given = mo_fctx_bind(call, f);
    if (!given)
        return NULL;
    mo_fnbind *binds = MO_NEWN(mo_fnbind, f->inputs.n + 1);
    int nb = 0;
    for (int q = 0; q < f->inputs.n; q++) {
        const mo_fparam *p = &f->inputs.v[q];
        if (!p->fn_type)
            continue;
        fnval fv;
        if (!given[q]) {
            mo_error(call->loc, "missing argument '%s' (a function) in call of '%s'", p->name, f->name);
            mo_note(p->loc, "'%s' is declared here", p->name);
            return NULL;
        }
        if (!function_value(c, given[q], f, p, &fv))
            return NULL;
        binds[nb++] = fv.b;
    }
    return mo_func_spec(c->fr, cls, written, NULL, nb, binds, call->loc);
}

/* The argument of functional input p: the values of the inputs its function binds, into p's slots. */
static bool functional_arg(mo_fctx *c, mo_func *f, const mo_fparam *p, const mo_expr *given, mo_expr **args)
{
    fnval fv;
    if (!function_value(c, given, f, p, &fv))
        return false;
    if (fv.b.nbound != p->count || fv.b.actual != p->fn_actual)
        mo_unreachable("a function made for other arguments");
    for (int k = 0; k < p->count; k++)
        if (!(args[p->first + k] = fv.resolved[k] ? (mo_expr *)fv.values[k] : slot_arg(c, f, p->first + k, fv.values[k])))
            return false;
    return true;
}

mo_expr *mo_fctx_call_functional(mo_fctx *c, const mo_expr *e, const mo_fparam *fp)
{
    mo_func *a = mo_func_of_written(c->fr, fp->fn_actual, fp->fn_written, e->loc);
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
    call->nnamed = e->n + e->nnamed + fp->count;
    call->named = MO_NEWN(mo_named_arg, call->nnamed + 1);
    int k = 0;
    for (int i = 0; i < e->n; i++)
        call->named[k++] = (mo_named_arg){tin[i], e->a[i]->loc, e->a[i]};
    for (int i = 0; i < e->nnamed; i++)
        call->named[k++] = e->named[i];
    for (int i = 0; i < fp->count; i++) {
        mo_expr *v = mo_expr_new(MO_EX_VAR, e->loc);
        v->var = fp->first + i;
        call->named[k++] = (mo_named_arg){fp->fn_bound[i], e->loc, v};
    }
    mo_expr **args = mo_fctx_args(c, call, a);
    if (!args)
        return NULL;
    for (int q = 0; q < a->outputs.n; q++)
        if (a->outputs.v[q].name == tout && !a->outputs.v[q].record)
            return mo_func_call_expr(e->loc, a, args, a->outputs.v[q].first - a->nin, 0);
    mo_error(e->loc, "'%s' given for '%s' has no scalar output '%s' of its type '%s'", a->name, fp->name,
             tout ? tout : "?", fp->fn_type->name);
    return NULL;
}

/* ---- calls ---- */

static bool call_of(mo_fctx *c, const mo_expr *e, callee k, mo_expr **out, mo_func **user);

bool mo_fctx_call(mo_fctx *c, const mo_expr *e, mo_expr **out)
{
    mo_func *f;
    if (!mo_fctx_call_or_user(c, e, out, &f))
        return false;
    if (!f)
        return true;
    if (!f->nout) {
        mo_error(e->loc, "'%s' has no outputs: it can only be called as a statement or an equation of its own",
                 f->name);
        return true;
    }
    if (f->outputs.v[0].record) {
        mo_error(e->loc, "the result of '%s' is a record: use the call as the right side of an equation or "
                 "assignment", f->name);
        return true;
    }
    if (!c->fn && f->vars.v[f->nin].nd)
        mo_unreachable("a call with an array result in a model goes through mo_func_flatten_value");
    mo_expr **args = mo_fctx_args(c, e, f);
    if (!args)
        return true;
    int rank = 0;   /* in a function, a call applied element by element: the arrays' ranks agree */
    for (int s = 0; c->fn && s < f->nin; s++) {
        int r = f->vars.v[s].nd ? 0 : mo_func_expr_rank(c->fn, args[s]);
        if (r && rank && r != rank) {
            mo_error(e->loc, "the arguments of '%s' applied element by element have different numbers of dimensions",
                     f->name);
            return true;
        }
        rank = r ? r : rank;
    }
    *out = mo_func_call_expr(e->loc, f, args, 0, 0);
    return true;
}

bool mo_fctx_call_or_user(mo_fctx *c, const mo_expr *e, mo_expr **out, mo_func **user)
{
    *out = NULL;
    *user = NULL;
    if (!e->fn || e->fn->kind != MO_EX_REF || e->niters)
        return false;
    if (e->fn->nparts == 1 && !e->fn->global && !strcmp(e->fn->parts[0].id, "der"))
        return false;
    return call_of(c, e, find_callee(c, e->fn), out, user);
}

int mo_func_flatten_value(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, mo_expr **user,
                          mo_aval *out)
{
    mo_fctx c = {fr, inst, owner, NULL, NULL, 0, NULL, 0, false, NULL};
    *user = NULL;
    if (!e->fn || e->fn->kind != MO_EX_REF || e->niters)
        return 0;
    if (e->fn->nparts == 1 && !e->fn->global && !strcmp(e->fn->parts[0].id, "der"))
        return 0;
    callee k = find_callee(&c, e->fn);
    if (k.kind == CAL_RECORD)
        return mo_rv_construct(fr, inst, owner, e, k.written, out) ? 2 : -1;
    mo_func *f;
    if (!call_of(&c, e, k, user, &f))
        return 0;
    if (!f)
        return *user ? 1 : -1;
    /* scalarised: one call per element of an array result or of a vectorized call, a record result field
     * by field (funcall_model.c) */
    return mo_func_model_call(&c, e, f, out) ? 2 : -1;
}

int mo_func_flatten_class_call(mo_front *fr, mo_inst *inst, mo_class *owner, mo_class *fcls, const mo_expr *e,
                               mo_expr **user, mo_aval *out)
{
    mo_fctx c = {fr, inst, owner, NULL, NULL, 0, NULL, 0, false, NULL};
    *user = NULL;
    callee k = class_callee(&c, e->fn, fcls, NULL);
    mo_func *f;
    if (k.kind != CAL_USER || !call_of(&c, e, k, user, &f))
        return -1;
    if (!f)
        return *user ? 1 : -1;
    return !(f->nout && f->outputs.v[0].record) && mo_func_model_call(&c, e, f, out) ? 2 : -1;
}

/* A call of the callee k: true with *out the call of a built-in, or *user the user function (its
 * arguments not resolved yet), both NULL after an error; false when k is no class (a built-in name). */
static bool call_of(mo_fctx *c, const mo_expr *e, callee k, mo_expr **out, mo_func **user)
{
    *user = NULL;
    switch (k.kind) {
    case CAL_NONE:
        /* in a function body, a built-in kept by name (fnexpr.c): the number of arguments the back
         * end prints (in a model, flatten_expr.c checks it after the reductions min(v), max(v); in a
         * function, fnexpr.c handles those) */
        if (c->fn && e->fn->nparts == 1 && !e->fn->global && mo_func_is_builtin(e->fn->parts[0].id) &&
            !e->nnamed && !(e->n == 1 && (!strcmp(e->fn->parts[0].id, "min") || !strcmp(e->fn->parts[0].id, "max"))) &&
            !mo_func_builtin_arity(e, e->fn->parts[0].id))
            return true;
        return false;
    case CAL_ERROR:
        return true;
    case CAL_RECORD:
        mo_error(e->loc, "not supported yet: the record constructor '%s' here", mo_ref_str(e->fn));
        return true;
    case CAL_BUILTIN: {
        if (e->nnamed) {
            mo_error(e->named[0].loc, "not supported yet: named arguments in a call of '%s'", k.builtin);
            return true;
        }
        if (!mo_func_builtin_arity(e, k.builtin))
            return true;
        mo_expr *r = mo_expr_new(MO_EX_CALL, e->loc);
        *r = *e;
        mo_expr *f1 = mo_expr_new(MO_EX_REF, e->fn->loc);
        f1->nparts = 1;
        f1->parts = MO_NEWN(mo_ref_part, 1);
        f1->parts[0].id = k.builtin;
        mo_ref_part_set_loc(f1, 0, e->fn->loc);
        r->fn = f1;
        r->a = MO_NEWN(mo_expr *, e->n > 0 ? e->n : 1);
        for (int i = 0; i < e->n; i++)
            if (!(r->a[i] = mo_fctx_expr(c, e->a[i])))
                return true;
        *out = r;
        return true;
    }
    case CAL_USER:
        if (mo_func_known_call(c, e, k.cls, out))
            return true;   /* a value (fnknown.c) */
        if (c->fn && k.cls->parent && mo_class_is_extobj(k.cls->parent) && !strcmp(k.cls->name, "constructor")) {
            if (!c->eo_binding) {   /* an object made here would live until the simulation ends */
                mo_error(e->loc, "not supported yet: making an external object inside a function other than "
                         "as the binding of a protected variable");
                return true;
            }
            c->eo_binding = false;   /* one object per binding: not in its arguments */
        }
        break;
    }
    *user = mo_func_of_via(c->fr, k.cls, k.written, k.via, e->loc);
    if (*user && (*user)->generic)
        *user = specialize(c, e, *user, k.cls, k.written);
    return true;
}

/* The function classes declared in cls and its enclosing classes (for "did you mean"). */
typedef MO_VEC(const char *) name_vec;
typedef MO_VEC(mo_loc) loc_vec;

static void visible_functions(mo_class *cls, name_vec *names, loc_vec *locs)
{
    for (mo_class *k = cls; k; k = k->parent) {
        mo_scope *s = mo_scope_of(k);
        for (int i = 0; i < s->local.order_vals.n; i++) {
            mo_element *e = s->local.order_vals.v[i];
            if (e && e->kind == MO_ELEM_CLASS && e->cls->kind == MO_CL_FUNCTION) {
                MO_PUSH(*names, e->cls->name);
                MO_PUSH(*locs, e->cls->loc);
            }
        }
    }
}

bool mo_func_connections_op(const char *name)
{
    name += name[0] == '.';
    return !strncmp(name, "Connections.", 12) || !strcmp(name, "rooted");   /* (rooted: deprecated) */
}

void mo_func_unknown(mo_class *owner, const mo_expr *fn, const char *name)
{
    /* built-in operators of the language the compiler does not implement: say so, not "unknown" */
    static const char *const unsupported[] = {"spatialDistribution", "getInstanceName"};
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (!strcmp(name, unsupported[i])) {
            mo_error(fn->loc, "not supported yet: %s", name);
            return;
        }
    static const char *const synchronous[] = {"Clock", "previous", "hold", "subSample", "superSample", "shiftSample",
                                              "backSample", "noClock", "firstTick", "interval"};
    for (size_t i = 0; i < sizeof synchronous / sizeof synchronous[0]; i++)
        if (!strcmp(name, synchronous[i])) {
            mo_error(fn->loc, "not supported yet: %s (synchronous language elements, spec chapter 16)", name);
            return;
        }
    static const char *const machines[] = {"transition", "initialState", "activeState", "ticksInState", "timeInState"};
    for (size_t i = 0; i < sizeof machines / sizeof machines[0]; i++)
        if (!strcmp(name, machines[i])) {
            mo_error(fn->loc, "not supported yet: %s (state machines, spec chapter 17)", name);
            return;
        }
    if (mo_func_connections_op(name)) {
        mo_error(fn->loc, "not supported yet: '%s' (overdetermined connection graphs, spec 9.4)", name);
        return;
    }
    mo_error(fn->loc, "unknown function '%s'", name);
    name_vec names = {0};
    loc_vec locs = {0};
    mo_class *in = NULL;   /* P.f: the functions of the class P, when P is one */
    if (fn->kind == MO_EX_REF && fn->nparts > 1) {
        mo_name prefix;
        mo_name_init(&prefix, fn->loc, fn->global, fn->nparts - 1);
        for (int i = 0; i < fn->nparts - 1; i++)
            prefix.ids[i] = fn->parts[i].id;
        mo_found f;
        mo_diag_quiet(true);   /* (a prefix that is no class was said by the error above) */
        if (mo_lookup_name(owner, &prefix, &f) < 0 && f.cls && f.cls->form == MO_FORM_LONG)
            in = f.cls;
        mo_diag_quiet(false);
    }
    if (in) {
        mo_scope *s = mo_scope_of(in);
        for (int i = 0; i < s->local.order_vals.n; i++) {
            mo_element *e = s->local.order_vals.v[i];
            if (e && e->kind == MO_ELEM_CLASS && e->cls->kind == MO_CL_FUNCTION) {
                MO_PUSH(names, e->cls->name);
                MO_PUSH(locs, e->cls->loc);
            }
        }
    } else {
        visible_functions(owner, &names, &locs);
    }
    int nuser = names.n;
    for (int i = 0; !in && i < NBUILTINS; i++)
        MO_PUSH(names, builtins[i]);
    const char *last = fn->parts[fn->nparts - 1].id;
    const char *best = mo_closest_name(last, names.v, names.n);
    for (int i = 0; best && i < names.n; i++)
        if (!strcmp(names.v[i], best)) {
            mo_note(i < nuser ? locs.v[i] : fn->loc, "did you mean '%s'?", best);
            break;
        }
}

bool mo_func_apply(mo_front *fr, mo_class *fn, mo_loc loc, int n, const mo_aval *vals, const char *const *names,
                   mo_aval *out)
{
    mo_func *f = mo_func_of(fr, fn, loc);
    if (!f)
        return false;
    if (n > f->inputs.n)
        mo_unreachable("more arguments than a matched function has inputs");
    mo_expr **args = MO_NEWN(mo_expr *, f->nin + 1);
    for (int i = 0; i < n; i++) {
        int q = i;
        if (names && names[i])
            for (q = 0; q < f->inputs.n && f->inputs.v[q].name != names[i]; q++)
                ;
        if (q == f->inputs.n)
            mo_unreachable("a matched named argument without its input");
        const mo_fparam *p = &f->inputs.v[q];
        const mo_aval *v = &vals[i];
        if (!p->record && v->nd != f->vars.v[p->first].nd) {
            mo_error(loc, "argument '%s' of '%s' has %d dimensions, not %d", p->name, f->name, v->nd,
                     f->vars.v[p->first].nd);
            return false;
        }
        if (!p->record)
            args[p->first] = v->nd ? mo_func_model_nested(v, loc) : v->one;
        else if (!mo_func_record_arg(f, p, v, loc, args))
            return false;
    }
    mo_fctx c = {.fr = fr, .owner = fn};
    mo_expr call = {0};   /* for the location of messages */
    call.kind = MO_EX_CALL;
    call.loc = loc;
    return mo_fctx_complete(&c, &call, f, args) && mo_func_model_result(&c, f, args, loc, out);
}
