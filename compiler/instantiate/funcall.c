/*
 * funcall.c - calls of functions, in models (hooks of flatten.c) and inside functions.
 *
 * Input: an MO_EX_CALL of the AST and the context it is written in (func.h). Output: a flat call of a
 * user function (mo_expr.func set, one positional argument per input slot, .func_out choosing the
 * scalar output), a built-in call (also for functions declared external "builtin", such as the bundled
 * Modelica.Math.sin), or a precise error: unknown function (with "did you mean"), too many arguments,
 * unknown or repeated named argument, missing argument, argument of the wrong type.
 *
 * What a call's name finds (its callee: lookups cached per (class, name)) and the functions that
 * functional arguments give: funcallee.c. Calls written in a model, whose arrays are scalarised, and
 * equations with several outputs: funcall_model.c.
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
        case MO_OP_DIV: case MO_OP_EDIV: case MO_OP_POW: case MO_OP_EPOW:
            return MO_T_REAL;   /* 10.6.4, 10.6.7: / and ^ give Real even for Integers */
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
            if (t == -2 || (u == MO_T_BOOLEAN) != (t == MO_T_BOOLEAN) || (u == MO_T_STRING) != (t == MO_T_STRING))
                t = t == -2 ? u : -1;
            else if (t != MO_T_BOOLEAN && t != MO_T_STRING)
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
        if (!strcmp(n, "cat") && e->n >= 2 && mo_func_expr_type(flat, fn, e->a[1]) == MO_T_STRING)
            return MO_T_STRING;   /* (parts of Strings and of numbers: an error when it runs, fnarray.c) */
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
        if (!fn && (!strcmp(n, MO_SM_ACTIVE) || !strcmp(n, MO_SM_TICKS) || !strcmp(n, MO_SM_TIME)))   /* chapter 17 */
            return !strcmp(n, MO_SM_ACTIVE) ? MO_T_BOOLEAN : !strcmp(n, MO_SM_TICKS) ? MO_T_INTEGER : MO_T_REAL;
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
bool mo_fctx_record_input(mo_fctx *c, const mo_func *f, const mo_fparam *p, const mo_expr *arg, mo_expr **args)
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
            if (!(args[s] = mo_fctx_slot_arg(c, f, s, ref)) || !mo_fctx_check_arg(c, f, s, args[s], arg->loc))
                return false;
        }
        return true;
    }
    if (arg->kind == MO_EX_CALL && arg->fn && arg->fn->kind == MO_EX_REF) {
        mo_callee k = mo_fctx_find_callee(c, arg->fn);
        if (k.kind == MO_CAL_ERROR)
            return false;
        if (k.kind == MO_CAL_USER) {
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
        if (k.kind == MO_CAL_RECORD) {
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
                    args[s] = mo_fctx_slot_arg(c, f, s, v);
                } else if (fe->mod && fe->mod->binding) {
                    mo_fctx k2 = {c->fr, NULL, lay->items[it - 1].owner, c->fn, NULL, c->const_depth + 1, NULL, 0, false, NULL};
                    args[s] = mo_fctx_slot_arg(&k2, f, s, fe->mod->binding);
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
    /* (a String variable: strvars.c makes its value known, or built where it is read, or says why not) */
    if (mo_func_expr_type(c->fr->flat, NULL, a) == MO_T_STRING && !mo_str_runtime(c->fr->flat, a) &&
        !mo_str_has_var(c->fr->flat, a)) {
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
mo_expr *mo_fctx_slot_arg(mo_fctx *c, const mo_func *f, int s, const mo_expr *given)
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
        mo_layout_find(ci->lay, call->fn->parts[0].id) && !(ci = mo_fctx_call_component(c, call->fn, &ncomp)))
        return NULL;
    /* the instance holding the modifier: the caller's, or, for a redeclaration in the modifier of a
     * component (Fluid's PumpingSystem: pumps(redeclare function flowCharacteristic = quadraticFlow(
     * V_flow_nominal = ...))), the enclosing instance of the class where it is written; which one is
     * ambiguous when two enclosing instances are of that class */
    mo_inst *at = mo_inst_holds_class(ci, v->inst_owner) ? ci : mo_inst_enclosing(ci->parent, v->inst_owner);
    if (!at) {
        mo_error(call->loc, "not supported yet: the default of input '%s' of '%s' given in '%s', in a call from "
                 "an instance of '%s'", v->name, f->name, mo_class_full_name(v->inst_owner),
                 mo_class_full_name(ci->lay->cls));
        mo_note(v->inst_default->loc, "the default is given here");
        return NULL;
    }
    mo_fctx k = {c->fr, at, v->inst_owner, NULL, NULL, c->const_depth, NULL, 0, false, NULL};
    return mo_fctx_slot_arg(&k, f, s, v->inst_default);
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
        if (!given[q] || p->str_array)   /* (Strings: in the function made for them) */
            continue;
        if (p->fn_type) {
            if (!mo_fctx_functional_arg(c, f, p, given[q], args))
                return NULL;
        } else if (p->record) {
            if (!mo_fctx_record_input(c, f, p, given[q], args))
                return NULL;
        } else if (!(args[p->first] = mo_fctx_slot_arg(c, f, p->first, given[q])) ||
                   !mo_fctx_check_arg(c, f, p->first, args[p->first], given[q]->loc)) {
            return NULL;
        }
    }
    return mo_fctx_complete(c, call, f, args) ? args : NULL;
}

/* ---- calls ---- */

static bool call_of(mo_fctx *c, const mo_expr *e, mo_callee k, mo_expr **out, mo_func **user);

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
    return call_of(c, e, mo_fctx_find_callee(c, e->fn), out, user);
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
    mo_callee k = mo_fctx_find_callee(&c, e->fn);
    if (k.kind == MO_CAL_RECORD)
        return mo_rv_construct(fr, inst, owner, e, k.written, out) ? 2 : -1;
    if (k.kind == MO_CAL_BUILTIN && !e->nnamed) {
        /* Modelica.Math.sin(u) is sin(u): the caller flattens it as the built-in, which applies element
         * by element to array arguments as a vectorized call would (12.4.6) */
        mo_expr *r = mo_expr_new(MO_EX_CALL, e->loc);
        *r = *e;
        r->fn = mo_expr_new(MO_EX_REF, e->fn->loc);
        r->fn->nparts = 1;
        r->fn->parts = MO_NEWN(mo_ref_part, 1);
        r->fn->parts[0].id = k.builtin;
        mo_ref_part_set_loc(r->fn, 0, e->fn->loc);
        *user = r;
        return 3;
    }
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
    mo_callee k = mo_fctx_class_callee(&c, e->fn, fcls, NULL);
    mo_func *f;
    if (k.kind != MO_CAL_USER || !call_of(&c, e, k, user, &f))
        return -1;
    if (!f)
        return *user ? 1 : -1;
    return !(f->nout && f->outputs.v[0].record) && mo_func_model_call(&c, e, f, out) ? 2 : -1;
}

/* A call of the mo_callee k: true with *out the call of a built-in, or *user the user function (its
 * arguments not resolved yet), both NULL after an error; false when k is no class (a built-in name). */
static bool call_of(mo_fctx *c, const mo_expr *e, mo_callee k, mo_expr **out, mo_func **user)
{
    *user = NULL;
    switch (k.kind) {
    case MO_CAL_NONE:
        /* in a function body, a built-in kept by name (fnexpr.c): the number of arguments the back
         * end prints (in a model, flatten_expr.c checks it after the reductions min(v), max(v); in a
         * function, fnexpr.c handles those) */
        if (c->fn && e->fn->nparts == 1 && !e->fn->global && mo_func_is_builtin(e->fn->parts[0].id) &&
            !e->nnamed && !(e->n == 1 && (!strcmp(e->fn->parts[0].id, "min") || !strcmp(e->fn->parts[0].id, "max"))) &&
            !mo_func_builtin_arity(e, e->fn->parts[0].id))
            return true;
        return false;
    case MO_CAL_ERROR:
        return true;
    case MO_CAL_RECORD:
        mo_error(e->loc, "not supported yet: the record constructor '%s' here", mo_ref_str(e->fn));
        return true;
    case MO_CAL_BUILTIN: {
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
    case MO_CAL_USER:
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
        *user = mo_fctx_specialize(c, e, *user, k.cls, k.written);
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
    if (mo_sm_op(name)) {   /* (models handle them before: flatten_sm.c) */
        mo_error(fn->loc, "%s is not allowed in a function (state machines, spec 17.1)", name);
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
    if (f->generic) {
        mo_error(loc, "not supported yet: '%s', which takes functions or vectors of Strings, here", f->name);
        return false;
    }
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
