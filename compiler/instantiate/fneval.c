/*
 * fneval.c - calls of user-defined functions evaluated when the model is compiled, where flattening needs
 * a value: an array size, the condition of an if-equation or of a conditional component (eval.c asks).
 *
 * Input: a function built by functions.c (its slots, bindings and statements) and the values of its
 * inputs. Output: the values of its outputs, or false when the call cannot be evaluated here (then eval.c
 * reports "not supported yet: evaluating the function ... at compile time" at the call).
 * What runs: functions whose slots are all Real, Integer, Boolean or enumeration scalars (records count as
 * their fields), with algorithms of assignments, (a, b) := g(x), if, for over ranges, while, break,
 * return and assert, over the scalar built-ins eval.c knows and calls of such functions
 * (Modelica.Math.FastFourierTransform.realFFTsamplePoints: Integer arithmetic in while loops).
 * Arrays, Strings, external functions and functional inputs are not evaluated, nor a call whose assert
 * fails (the simulator reports that one when it runs).
 * Bounds: calls nest at most FN_MAX_DEPTH deep and one evaluation runs at most FN_MAX_STEPS statements and
 * loop iterations, so that a function that loops without end fails instead of hanging the compiler.
 * Values are doubles, as in eval.c: Integers are exact up to 2^53.
 */
#include "inst.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { FN_MAX_DEPTH = 64, FN_MAX_STEPS = 10000000 };

/* One evaluation: its step budget (shared by the calls it makes). */
typedef struct run {
    long steps;
} run;

/* How a list of statements ended. */
typedef enum flow { FLOW_NEXT, FLOW_BREAK, FLOW_RETURN, FLOW_FAIL } flow;

static bool call_fn(run *r, const mo_func *fn, const double *args, double *outs, int depth);

/* Can fn run here at all? (every slot a scalar number, a body of statements) */
static bool evaluable(const mo_func *fn)
{
    if (fn->ext || fn->generic || fn->has_arrays)
        return false;
    for (int i = 0; i < fn->vars.n; i++) {
        const mo_fvar *v = &fn->vars.v[i];
        if (v->nd || v->type == MO_T_STRING || v->extobj || v->inst_default)
            return false;
    }
    return true;
}

/* The value of expression e over the slots vals of the function running. */
static bool eval_fx(run *r, const double *vals, const mo_expr *e, double *out, int depth)
{
    double a = 0, b = 0;
    switch (e->kind) {
    case MO_EX_REAL: *out = e->real; return true;
    case MO_EX_INT: *out = (double)e->ival; return true;
    case MO_EX_BOOL: *out = e->ival ? 1 : 0; return true;
    case MO_EX_VAR: *out = vals[e->var]; return true;
    case MO_EX_UNARY:
        if (!eval_fx(r, vals, e->a[0], &a, depth))
            return false;
        *out = e->op == MO_OP_NEG ? -a : e->op == MO_OP_NOT ? !a : a;
        return true;
    case MO_EX_BINARY:
        if (!eval_fx(r, vals, e->a[0], &a, depth))
            return false;
        if ((e->op == MO_OP_AND && a == 0) || (e->op == MO_OP_OR && a != 0)) {
            *out = e->op == MO_OP_OR;
            return true;
        }
        if (!eval_fx(r, vals, e->a[1], &b, depth))
            return false;
        return mo_eval_binary(e->op, a, b, out);
    case MO_EX_IF:
        for (int i = 0; i + 1 < e->n; i += 2) {
            if (!eval_fx(r, vals, e->a[i], &a, depth))
                return false;
            if (a)
                return eval_fx(r, vals, e->a[i + 1], out, depth);
        }
        return eval_fx(r, vals, e->a[e->n - 1], out, depth);
    case MO_EX_CALL:
        if (e->func) {
            const mo_func *g = e->func;
            if (e->n != g->nin || e->func_out >= g->nout || !evaluable(g))
                return false;
            double *args = malloc(sizeof(double) * (size_t)(g->nin + g->nout + 1));
            bool ok = true;
            for (int i = 0; ok && i < g->nin; i++)
                ok = eval_fx(r, vals, e->a[i], &args[i], depth);
            ok = ok && call_fn(r, g, args, args + g->nin, depth + 1);
            if (ok)
                *out = args[g->nin + e->func_out];
            free(args);
            return ok;
        }
        if (!e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1 || e->n < 1 || e->n > 2 ||
            !eval_fx(r, vals, e->a[0], &a, depth) || (e->n == 2 && !eval_fx(r, vals, e->a[1], &b, depth)))
            return false;
        return mo_eval_builtin(e->fn->parts[0].id, e->n, a, b, out);
    default:
        return false;
    }
}

static flow run_list(run *r, const mo_func *fn, double *vals, const mo_fstmt_list *l, int depth);

/* A statement (targets are scalar slots: evaluable() let no array in). */
static flow run_stmt(run *r, const mo_func *fn, double *vals, const mo_fstmt *s, int depth)
{
    if (++r->steps > FN_MAX_STEPS)
        return FLOW_FAIL;
    double c;
    switch (s->kind) {
    case MO_ST_ASSIGN:
        if (s->target_exprs)
            for (int k = 0; k < s->ntargets; k++)
                if (s->target_exprs[k])
                    return FLOW_FAIL;
        if (s->ntargets == 1) {
            if (!eval_fx(r, vals, s->value, &c, depth))
                return FLOW_FAIL;
            vals[s->targets[0]] = c;
            return FLOW_NEXT;
        }
        if (s->value->kind == MO_EX_CALL && s->value->func) {   /* (a, b) := g(x) */
            const mo_func *g = s->value->func;
            if (s->value->n != g->nin || s->ntargets > g->nout || !evaluable(g))
                return FLOW_FAIL;
            double *args = malloc(sizeof(double) * (size_t)(g->nin + g->nout + 1));
            bool ok = true;
            for (int i = 0; ok && i < g->nin; i++)
                ok = eval_fx(r, vals, s->value->a[i], &args[i], depth);
            ok = ok && call_fn(r, g, args, args + g->nin, depth + 1);
            for (int k = 0; ok && k < s->ntargets; k++)
                if (s->targets[k] >= 0)
                    vals[s->targets[k]] = args[g->nin + k];
            free(args);
            return ok ? FLOW_NEXT : FLOW_FAIL;
        }
        return FLOW_FAIL;
    case MO_ST_CALL: {   /* assert(c, message [, level]); any other call statement may have effects */
        const mo_expr *e = s->value;
        if (e->kind != MO_EX_CALL || e->func || !e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1 ||
            strcmp(e->fn->parts[0].id, "assert") != 0 || e->n < 1 || !eval_fx(r, vals, e->a[0], &c, depth))
            return FLOW_FAIL;
        return c ? FLOW_NEXT : FLOW_FAIL;
    }
    case MO_ST_IF:
        for (int i = 0; i < s->nconds; i++) {
            if (!eval_fx(r, vals, s->conds[i], &c, depth))
                return FLOW_FAIL;
            if (c)
                return run_list(r, fn, vals, &s->bodies[i], depth);
        }
        return run_list(r, fn, vals, &s->bodies[s->nconds], depth);
    case MO_ST_WHILE:
        for (;;) {
            if (++r->steps > FN_MAX_STEPS || !eval_fx(r, vals, s->conds[0], &c, depth))
                return FLOW_FAIL;
            if (!c)
                return FLOW_NEXT;
            flow f = run_list(r, fn, vals, &s->bodies[0], depth);
            if (f == FLOW_BREAK)
                return FLOW_NEXT;
            if (f != FLOW_NEXT)
                return f;
        }
    case MO_ST_FOR: {
        const mo_expr *g = s->range;
        double lo, st = 1, hi;
        if (!g || g->kind != MO_EX_RANGE || !eval_fx(r, vals, g->a[0], &lo, depth) ||
            (g->n == 3 && !eval_fx(r, vals, g->a[1], &st, depth)) || !eval_fx(r, vals, g->a[g->n - 1], &hi, depth) ||
            st == 0)
            return FLOW_FAIL;
        /* the iterator steps as the generated C's loop steps it (codegen_fn.c), so that both give the same
         * values; the body cannot assign it (fnstmt.c) */
        for (double v = lo; st > 0 ? v <= hi : v >= hi; v += st) {
            if (++r->steps > FN_MAX_STEPS)
                return FLOW_FAIL;
            vals[s->iter] = v;
            flow f = run_list(r, fn, vals, &s->bodies[0], depth);
            if (f == FLOW_BREAK)
                break;
            if (f != FLOW_NEXT)
                return f;
        }
        return FLOW_NEXT;
    }
    case MO_ST_BREAK:
        return FLOW_BREAK;
    case MO_ST_RETURN:
        return FLOW_RETURN;
    default:
        return FLOW_FAIL;
    }
}

static flow run_list(run *r, const mo_func *fn, double *vals, const mo_fstmt_list *l, int depth)
{
    for (int i = 0; i < l->n; i++) {
        flow f = run_stmt(r, fn, vals, l->v[i], depth);
        if (f != FLOW_NEXT)
            return f;
    }
    return FLOW_NEXT;
}

/* fn on inputs args: its outputs into outs. */
static bool call_fn(run *r, const mo_func *fn, const double *args, double *outs, int depth)
{
    if (depth > FN_MAX_DEPTH || !evaluable(fn))
        return false;
    double *vals = calloc((size_t)fn->vars.n + 1, sizeof(double));
    memcpy(vals, args, sizeof(double) * (size_t)fn->nin);
    bool ok = true;
    /* outputs and locals get their initial values in the order fnprops.c found (each after what it reads) */
    int n = fn->init_order ? fn->ninit : fn->vars.n - fn->nin;
    for (int k = 0; ok && k < n; k++) {
        int i = fn->init_order ? fn->init_order[k] : fn->nin + k;
        const mo_fvar *v = &fn->vars.v[i];
        if (v->binding && v->kind != MO_FV_ITER)
            ok = eval_fx(r, vals, v->binding, &vals[i], depth);
    }
    ok = ok && run_list(r, fn, vals, &fn->body, depth) != FLOW_FAIL;
    if (ok)
        memcpy(outs, vals + fn->nin, sizeof(double) * (size_t)fn->nout);
    free(vals);
    return ok;
}

bool mo_fn_eval(const mo_func *fn, const double *args, int out, double *val)
{
    if (out < 0 || out >= fn->nout)
        return false;
    run r = {0};
    double *outs = malloc(sizeof(double) * (size_t)fn->nout);
    bool ok = call_fn(&r, fn, args, outs, 0);
    if (ok)
        *val = outs[out];
    free(outs);
    return ok;
}
