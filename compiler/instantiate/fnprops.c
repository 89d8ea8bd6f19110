/*
 * fnprops.c - what the stages after flattening need to know of a function once functions.c has built it:
 * the order in which its outputs and locals get their sizes and initial values, whether a call can be
 * inlined (for symbolic differentiation, funcdiff.c), and its derivative annotation.
 *
 * Input: an mo_func with its slots and body resolved (functions.c). Output: mo_func.init_order,
 * mo_func.inlinable, mo_func.inline_arrays, mo_func.derivative and the inputs' no_der / zero_der flags, or an error at the
 * declaration (a cycle of initial values, a derivative function of the wrong shape).
 */
#include "func.h"

#include <string.h>

/* ---- the order of initialization ---- */

static bool reads_pending(const mo_expr *e, const unsigned char *pending)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_VAR && e->var >= 0 && pending[e->var])
        return true;
    for (int i = 0; i < e->n; i++)
        if (reads_pending(e->a[i], pending))
            return true;
    return false;
}

/* Outputs and locals get their sizes and initial values in an order where nothing is read before it has
 * one (12.4.4: it is an error when no such order exists). */
bool mo_func_init_order(mo_func *f)
{
    unsigned char *pending = MO_NEWN(unsigned char, f->vars.n + 1);
    int left = 0;
    for (int s = f->nin; s < f->vars.n; s++)
        if (f->vars.v[s].kind != MO_FV_ITER) {
            pending[s] = 1;
            left++;
        }
    f->init_order = MO_NEWN(int, left + 1);
    f->ninit = 0;
    for (bool progress = true; progress && left;) {
        progress = false;
        for (int s = f->nin; s < f->vars.n; s++) {
            const mo_fvar *v = &f->vars.v[s];
            if (!pending[s])
                continue;
            /* (still pending itself: a binding that reads its own variable is a cycle) */
            bool ready = !reads_pending(v->binding, pending);
            for (int k = 0; ready && k < v->nd; k++)
                ready = !reads_pending(v->dims[k], pending);
            if (!ready)
                continue;
            pending[s] = 0;
            f->init_order[f->ninit++] = s;
            left--;
            progress = true;
        }
    }
    if (!left)
        return true;
    for (int s = f->nin; s < f->vars.n; s++)
        if (pending[s]) {
            mo_error(f->vars.v[s].loc, "the size or initial value of '%s' depends on itself", f->vars.v[s].name);
            return false;
        }
    return true;
}

/* ---- inlining check: a chain of single assignments, every slot read after it got a value ---- */
static bool reads_defined(const mo_expr *e, const unsigned char *def)
{
    if (!e)
        return true;
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && def[e->var];
    for (int i = 0; i < e->n; i++)
        if (!reads_defined(e->a[i], def))
            return false;
    return true;
}

/* Can e be inlined into the scalar flat model once its array inputs are arrays of elements: arrays appear
 * only as inputs read at literal subscripts (x[2], size(x, 1)), which then fold to elements (mo_func_fold)? */
static bool scalar_inline(const mo_func *f, const mo_expr *e)
{
    double k;
    switch (e->kind) {
    case MO_EX_VAR:
        return e->var >= 0 && f->vars.v[e->var].nd == 0;
    case MO_EX_INDEX:
        if (e->a[0]->kind != MO_EX_VAR || f->vars.v[e->a[0]->var].kind != MO_FV_INPUT)
            return false;
        for (int i = 1; i < e->n; i++)
            if (!mo_sym_is_num(e->a[i], &k))
                return false;
        return e->n - 1 == f->vars.v[e->a[0]->var].nd;
    case MO_EX_ARRAY: case MO_EX_MATRIX: case MO_EX_RANGE: case MO_EX_COLON:
        return false;
    case MO_EX_CALL:
        if (e->niters)
            return false;
        if (!e->func && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 && !strcmp(e->fn->parts[0].id, "size"))
            return e->n == 2 && e->a[0]->kind == MO_EX_VAR && f->vars.v[e->a[0]->var].kind == MO_FV_INPUT &&
                   mo_sym_is_num(e->a[1], &k);
        break;
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (!scalar_inline(f, e->a[i]))
            return false;
    return true;
}

/* Is l a chain of assignments of whole slots, each reading only slots marked in def (marked in turn)? A
 * record assigned as a whole is its fields' assignments under 'if true', or one call with a target per
 * field when its value is a function's record result (fnstmt.c: c3 := Complex(c1.re + c2.re, ...)). */
static bool assign_chain(const mo_fstmt_list *l, unsigned char *def)
{
    for (int i = 0; i < l->n; i++) {
        const mo_fstmt *st = l->v[i];
        if (mo_fstmt_is_group(st)) {
            if (!assign_chain(&st->bodies[0], def))
                return false;
            continue;
        }
        if (st->kind != MO_ST_ASSIGN || !reads_defined(st->value, def))
            return false;
        if (st->ntargets > 1 && (st->value->kind != MO_EX_CALL || !st->value->func))
            return false;   /* (several targets: the outputs of one call, (a, b) := f(x) or r := R(x)) */
        for (int k = 0; k < st->ntargets; k++) {
            if (st->target_exprs && st->target_exprs[k])
                return false;
            if (st->targets[k] >= 0)
                def[st->targets[k]] = 1;
            else if (st->ntargets == 1)
                return false;
        }
    }
    return true;
}

/* Is f's algorithm a chain of assignments of whole slots, each reading only slots given values before,
 * that gives every output a value (whatever the values are: funcinline.c computes them as array values,
 * or gives up)? */
bool mo_func_assign_chain(const mo_func *f)
{
    if (f->ext || f->generic)
        return false;
    unsigned char *def = MO_NEWN(unsigned char, f->vars.n + 1);
    for (int s = 0; s < f->vars.n; s++) {
        const mo_fvar *v = &f->vars.v[s];
        if (v->extobj || v->type == MO_T_STRING)   /* (an object of the call is destroyed on return) */
            return false;
        def[s] = v->kind == MO_FV_INPUT;
    }
    for (int k = 0; k < f->ninit; k++) {
        int s = f->init_order[k];
        if (f->vars.v[s].binding) {
            if (!reads_defined(f->vars.v[s].binding, def))
                return false;
            def[s] = 1;
        }
    }
    if (!assign_chain(&f->body, def))
        return false;
    for (int k = 0; k < f->nout; k++)
        if (!def[f->nin + k])
            return false;
    return true;
}

bool mo_func_inlinable(const mo_func *f)
{
    for (int s = f->nin; s < f->vars.n; s++)
        if (f->vars.v[s].nd || f->vars.v[s].extobj)   /* inlining makes scalar expressions only; an
                                                         * object of the call is destroyed on return */
            return false;
    for (int s = f->nin; s < f->vars.n; s++)
        if (f->vars.v[s].binding && !scalar_inline(f, f->vars.v[s].binding))
            return false;
    for (int i = 0; i < f->body.n; i++)
        if (f->body.v[i]->kind != MO_ST_ASSIGN || !scalar_inline(f, f->body.v[i]->value))
            return false;
    unsigned char *def = MO_NEWN(unsigned char, f->vars.n + 1);
    for (int s = 0; s < f->vars.n; s++) {
        const mo_fvar *v = &f->vars.v[s];
        if (v->kind == MO_FV_INPUT)
            def[s] = 1;
        else if (v->binding) {
            if (!reads_defined(v->binding, def))
                return false;
            def[s] = 1;
        }
    }
    for (int i = 0; i < f->body.n; i++) {
        const mo_fstmt *st = f->body.v[i];
        if (st->kind != MO_ST_ASSIGN || st->ntargets != 1 || !reads_defined(st->value, def))
            return false;
        def[st->targets[0]] = 1;
    }
    for (int k = 0; k < f->nout; k++)
        if (!def[f->nin + k])
            return false;
    return true;
}

/* ---- the derivative and inlining annotations ---- */

/* Is a the annotation Inline, LateInline or InlineAfterIndexReduction = true (spec 18.3)? */
static bool asks_inline(const mo_arg *a)
{
    if (a->kind != MO_ARG_MOD || a->name.n != 1 || !a->mod || !a->mod->binding)
        return false;
    const char *n = a->name.ids[0];
    const mo_expr *v = a->mod->binding;
    return (!strcmp(n, "Inline") || !strcmp(n, "LateInline") || !strcmp(n, "InlineAfterIndexReduction")) &&
           v->kind == MO_EX_BOOL && v->ival;
}

/* Has d the shape of a second derivative of the function whose first derivative is f: f's inputs, then
 * the derivatives of f's last ones (scalar Reals), and an output per Real output of f? */
static bool second_derivative_shape(const mo_func *f, const mo_func *d, int nreal_out)
{
    bool tail = d->nin > f->nin && d->nin - f->nin <= f->nin && d->nout == nreal_out;
    for (int s = 2 * f->nin - d->nin; tail && s < f->nin; s++)
        tail = f->vars.v[s].type == MO_T_REAL && !f->vars.v[s].nd;
    for (int s = 0; tail && s < f->nin; s++)   /* the arguments f's inputs get are passed on */
        tail = d->vars.v[s].type == f->vars.v[s].type && d->vars.v[s].nd == f->vars.v[s].nd;
    return tail;
}

void mo_func_read_derivative(mo_front *fr, mo_func *f, mo_class *cls)
{
    const mo_mod *ann = cls->comment.annotation;
    for (int i = 0; ann && i < ann->nargs; i++) {
        const mo_arg *a = &ann->args[i];
        if (asks_inline(a))
            f->inline_late = true;
        if (a->kind != MO_ARG_MOD || a->name.n != 1 || strcmp(a->name.ids[0], "derivative") || !a->mod ||
            !a->mod->binding)
            continue;
        bool higher = false;
        for (int k = 0; k < a->mod->nargs; k++) {
            const mo_arg *x = &a->mod->args[k];
            if (x->kind != MO_ARG_MOD || x->name.n != 1 || !x->mod || !x->mod->binding)
                continue;
            const char *n = x->name.ids[0];
            const mo_expr *v = x->mod->binding;
            if (!strcmp(n, "order")) {
                higher = !(v->kind == MO_EX_INT && v->ival == 1);
                continue;
            }
            bool zero = !strcmp(n, "zeroDerivative");
            if (!zero && strcmp(n, "noDerivative"))
                continue;
            const char *in = v->kind == MO_EX_REF ? mo_intern_cstr(mo_ref_str(v)) : NULL;
            int p = -1;
            for (int q = 0; in && q < f->inputs.n; q++)
                if (f->inputs.v[q].name == in)
                    p = q;
            if (p < 0) {
                mo_error(v->loc, "'%s' in the derivative annotation is not an input of '%s'",
                         in ? in : "?", f->name);
                continue;
            }
            f->inputs.v[p].no_der = true;
            f->inputs.v[p].zero_der |= zero;
        }
        if (higher ? f->derivative2 != NULL : f->derivative != NULL)
            continue;
        const mo_expr *ref = a->mod->binding;
        if (ref->kind != MO_EX_REF) {
            mo_error(ref->loc, "the derivative annotation must name a function");
            continue;
        }
        mo_expr call = {0};
        call.kind = MO_EX_CALL;
        call.loc = ref->loc;
        call.fn = (mo_expr *)ref;
        bool err = false;
        mo_fctx c = {fr, NULL, cls, NULL, NULL, 0, NULL, 0, false, NULL};
        mo_func *d = mo_fctx_callee(&c, &call, &err);
        if (!d) {
            if (!err)
                mo_error(ref->loc, "unknown function '%s' in the derivative annotation of '%s'", mo_ref_str(ref),
                         f->name);
            continue;
        }
        int nder = 0, nreal_out = 0;
        for (int k = 0; k < f->nout; k++)
            nreal_out += f->vars.v[f->nin + k].type == MO_T_REAL;
        if (higher) {
            /* on f = g_der: derivative(order = 2) = g_der2, the second derivative of g, whose inputs are
             * f's and then the derivatives of f's last ones (the derivatives of g's inputs: 12.7.1) */
            if (!second_derivative_shape(f, d, nreal_out)) {
                mo_error(ref->loc, "not supported yet: the second derivative '%s' of '%s': its inputs must be those "
                         "of '%s' and then the derivatives of its last scalar Real inputs", d->name, f->name, f->name);
                continue;
            }
            f->derivative2 = d;
            continue;
        }
        /* f_der(inputs..., der(Real inputs not excluded)...) returns der of each Real output */
        for (int q = 0; q < f->inputs.n; q++)
            for (int s = f->inputs.v[q].first; !f->inputs.v[q].no_der &&
                 s < f->inputs.v[q].first + f->inputs.v[q].count; s++)
                nder += f->vars.v[s].type == MO_T_REAL;
        if ((d->nin != f->nin + nder || d->nout != nreal_out) && second_derivative_shape(f, d, nreal_out)) {
            /* order = 1 (the default) on f = g_der with a function of g_der2's shape: f's call, made by
             * differentiating g, is a first derivative, whose derivative appends the derivatives of the
             * derivative inputs only (12.7.1); a function of that shape can be no other derivative of f
             * (the compliance suite's Functions.Derivative writes it so) */
            f->derivative2 = d;
            continue;
        }
        if (d->nin != f->nin + nder || d->nout != nreal_out) {
            mo_error(ref->loc, "derivative function '%s' of '%s' must have %d input and %d output slots, "
                     "not %d and %d", d->name, f->name, f->nin + nder, nreal_out, d->nin, d->nout);
            mo_note(d->loc, "'%s' is declared here", d->name);
            continue;
        }
        f->derivative = d;
    }
}
