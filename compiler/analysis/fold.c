/*
 * fold.c - parameters whose values the model lets the translator use, folded into the equations before
 * structural analysis (mo_dae_fold_params), and the derivatives that folding leaves without any
 * equation (mo_dae_drop_unused_ders). Hooks of mo_dae_build (dae.c).
 *
 * Which parameters (18.3): those declared with annotation(Evaluate = true) (the fields of a record
 * component so declared too: flatten.c, Spice3's modelcard), and those whose binding is
 * final (final declaration or final modifier, or a field of a record declared final: final parameter
 * R c = f(p)) and made only of literals, constants and parameters folded already. The MSL's
 * HeatingNPN_NORGate gives its capacitors and transistors final C = CapVal with CapVal = 0 (Evaluate =
 * true): folded, C*der(v) becomes 0*der(v) = 0 (expr.c simplifies x*0, 0*x and 0/x), so that v is no
 * state candidate. A final Real binding of other parameters is folded too when its value is 0, the
 * value that changes the structure (a coefficient that vanishes): the MSL's Spice3 transistors compute their drain resistance in a final
 * record, c1 = mosCalcInitEquations(p, ...), from a model card whose RD is "not given" (-1e40, giving 0),
 * and ird*c1.m_drainResistance = D.v - Dinternal is the constraint D.v = Dinternal, not a way to compute
 * ird (which divided by zero at time 0); values of functions come from mo_eval_fns (fneval.c). A
 * parameter with fixed = false, or whose binding uses one, is never folded (the initialization computes
 * it: its start value is not its value). An Evaluate = true parameter, or a final one folded for its 0, whose
 * binding uses other parameters is folded with their values too: they become structural as well
 * (-override refuses them; OpenModelica evaluates every final parameter so).
 * A protected parameter (no modifier from outside can change it) is folded too when its binding is made
 * only of literals, constants and folded parameters, reads one folded because of Evaluate = true
 * (itself, or through the bindings of folded parameters) and calls a function: the modeller asked for
 * that value when the model is compiled, and what a function computes from it alone is known as well. MultiBody's Revolute has
 * n = {0, 0, 1} (Evaluate = true) and the protected e = normalizeWithAssert(n): folded, e[1] = e[2] = 0
 * remove der(R_rel.w[2]) = e[2]*der(w)'s right-hand side, which matching would otherwise solve for der(w)
 * (a division by zero). (Without the last two conditions the space phasor's TransformationMatrix of the
 * MSL's machines, a comprehension of cos and sin of multiples of 2*pi/m, would be folded, whose exact
 * zeros then lead state selection to a singular choice: Blocks.Examples.Noise.ActuatorWithNoise.)
 *
 * Input: the DAE after classification, param_order and mo_dae_init_params, before the equations are
 * lowered. Output: an array var -> literal value (NULL for the others), or NULL when no parameter is
 * folded; every folded parameter is marked structural (-override refuses it, codegen_xml.c says it is
 * not changeable). The parameters keep their bindings, slots and result columns: only the equations
 * read their values as literals.
 *
 * Unused derivatives: folding can leave a variable differentiated only in terms whose coefficient
 * alias elimination later finds to be 0 (the transistor's cbc*der(vbc), cbc = smooth(1, Capcjc) and
 * Capcjc = 0*...): der(vbc) was made when the equation was lowered but no equation mentions it any
 * more. Such a derivative is dropped (kind MO_DV_UNUSED: no unknown, no slot, no result column) and its
 * variable is not differentiated (algebraic), when nothing else reads it: no initial equation, no
 * algorithm section, no alias of it that is a variable of the model or that one of those reads, no
 * der() in the flat model's when-clauses and asserts (which code generation lowers itself).
 */
#include "daeutil.h"

#include <math.h>
#include <string.h>

static bool foldable_type(const mo_var *fv)
{
    return fv->type == MO_T_REAL || fv->type == MO_T_INTEGER || fv->type == MO_T_BOOLEAN;
}

/* The literal of value x for a variable of fv's type. */
static mo_expr *literal(const mo_var *fv, double x)
{
    mo_loc loc = fv->binding ? fv->binding->loc : fv->attr->loc;
    if (fv->type == MO_T_BOOLEAN)
        return mo_expr_bool(loc, x != 0);
    if (fv->type == MO_T_INTEGER)
        return mo_expr_int(loc, (long long)x);
    return mo_sym_num(loc, x);
}

/* Are all variables of e constants or parameters folded already? *evaluated: one of them is folded
 * because of Evaluate = true, itself or through the bindings of folded parameters (evald). */
static bool made_of_folded(const mo_dae *dae, const mo_expr *e, mo_expr *const *sub, unsigned char *seen,
                           mo_int_vec *tmp, const unsigned char *evald, bool *evaluated)
{
    tmp->n = 0;
    mo_expr_collect_vars(e, seen, tmp);
    bool all = true;
    *evaluated = false;
    for (int i = 0; i < tmp->n; i++) {
        int v = tmp->v[i];
        seen[v] = 0;
        if (!sub[v] && dae->vars.v[v].kind != MO_DV_CONSTANT)
            all = false;
        *evaluated = *evaluated || evald[v];
    }
    return all;
}

static bool user_call(const mo_expr *e, const void *unused)
{
    (void)unused;
    return e->kind == MO_EX_CALL && e->func;
}

/* Does e call a user-defined function? */
static bool calls_function(const mo_expr *e)
{
    return mo_expr_any(e, user_call, NULL);
}

mo_expr **mo_dae_fold_params(mo_dae *dae)
{
    const mo_flat *flat = dae->flat;
    mo_expr **sub = NULL;
    unsigned char *seen = NULL, *evald = NULL;
    mo_int_vec tmp = {0};
    for (int i = 0; i < dae->nparam_order; i++) {
        int p = dae->param_order[i];
        mo_dvar *d = &dae->vars.v[p];
        if (d->kind != MO_DV_PARAMETER || d->unfixed_param || d->flat < 0)
            continue;
        const mo_var *fv = &flat->vars.v[d->flat];
        if (!(fv->flags & (MO_FV_EVALUATE | MO_FV_FINAL_VALUE | MO_PF_PROTECTED)) || !foldable_type(fv))
            continue;
        if (!sub) {
            sub = MO_NEWN(mo_expr *, dae->vars.n);
            seen = MO_NEWN(unsigned char, dae->vars.n);
            evald = MO_NEWN(unsigned char, dae->vars.n);
            if (!dae->fold_vals)
                dae->fold_vals = mo_dae_start_values(dae);
        }
        const mo_expr *b = fv->binding ? fv->binding : d->start;
        double x = dae->fold_vals[p];
        if (!isfinite(x))
            continue;
        bool evaluated = fv->flags & MO_FV_EVALUATE;
        if (!evaluated) {
            if (!b)
                continue;
            bool made = made_of_folded(dae, b, sub, seen, &tmp, evald, &evaluated);
            evaluated = made && evaluated;
            if (fv->flags & MO_FV_FINAL_VALUE) {   /* a final value: of literals, or 0 (see the top) */
                if ((x != 0 || fv->type != MO_T_REAL) && !made)
                    continue;
            } else if (!evaluated || !calls_function(b)) {   /* protected: see the top */
                continue;
            }
        }
        sub[p] = literal(fv, x);
        evald[p] = evaluated;
        d->structural = true;
        if (b)
            mo_dae_mark_structural(dae, b);
    }
    return sub;
}

/* Marks in used[] every variable e reads. Recursion over one expression only. */
static void mark_reads(const mo_expr *e, unsigned char *used)
{
    if (!e)
        return;
    if (e->kind == MO_EX_VAR) {
        if (e->var >= 0)
            used[e->var] = 1;
        return;
    }
    for (int i = 0; i < e->n; i++)
        mark_reads(e->a[i], used);
    for (int i = 0; i < e->nnamed; i++)
        mark_reads(e->named[i].value, used);
}

static void mark_wstmt(const mo_wstmt *w, unsigned char *used)
{
    mark_reads(w->lhs, used);
    mark_reads(w->rhs, used);
    for (int j = 0; j < w->nmsg; j++)
        mark_reads(w->msg[j], used);
}

/* Marks every variable the statements read. Recursion over the nesting of the source's statements. */
static void mark_stmts(const mo_astmt_list *l, unsigned char *used)
{
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *st = l->v[i];
        if (st->kind == MO_AS_ASSIGN) {
            for (int k = 0; k < (st->index ? 1 : st->n); k++)   /* an index's values are one value */
                mark_reads(st->values[k], used);
            mark_reads(st->index, used);
        }
        for (int k = 0; k < st->ncond; k++)
            mark_reads(st->conds[k], used);
        int nb = st->kind == MO_AS_IF ? st->n + 1 : st->kind == MO_AS_WHILE ? 1
               : st->kind == MO_AS_FOR || st->kind == MO_AS_WHEN ? st->n : 0;
        for (int k = 0; k < nb; k++)
            mark_stmts(&st->bodies[k], used);
        if (st->kind == MO_AS_EVENT && st->event)
            mark_wstmt(st->event, used);
    }
}

/* Does e hold der()? Recursion over one expression only. */
static bool has_der(const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_DER)
        return true;
    const char *fn = mo_sym_fn_name(e);
    if (fn && !strcmp(fn, "der"))
        return true;
    for (int i = 0; i < e->n; i++)
        if (has_der(e->a[i]))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (has_der(e->named[i].value))
            return true;
    return false;
}

/* Does the flat model read der() outside its equations (when-clauses, asserts), where code generation
 * reads vars[x].der? Then no derivative is dropped. */
static bool der_outside_equations(const mo_flat *flat)
{
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        for (int k = 0; k < w->nbranches; k++) {
            if (has_der(w->branches[k].cond))
                return true;
            for (int j = 0; j < w->branches[k].body.n; j++) {
                const mo_wstmt *s = &w->branches[k].body.v[j];
                if (has_der(s->lhs) || has_der(s->rhs))
                    return true;
            }
        }
    }
    for (int i = 0; i < flat->asserts.n; i++) {
        if (has_der(flat->asserts.v[i].rhs))
            return true;
        for (int j = 0; j < flat->asserts.v[i].nmsg; j++)
            if (has_der(flat->asserts.v[i].msg[j]))
                return true;
    }
    return false;
}

void mo_dae_drop_unused_ders(mo_dae *dae)
{
    int n = dae->vars.n;
    unsigned char *used = MO_NEWN(unsigned char, n + 1);
    for (int e = 0; e < dae->eqs.n; e++) {
        const mo_deq *q = &dae->eqs.v[e];
        if (q->removed)
            continue;
        mark_reads(q->lhs, used);
        mark_reads(q->rhs, used);
    }
    for (int e = 0; e < dae->init_eqs.n; e++) {
        mark_reads(dae->init_eqs.v[e].lhs, used);
        mark_reads(dae->init_eqs.v[e].rhs, used);
    }
    for (int a = 0; a < dae->algs.n; a++)   /* algorithm sections, lowered like the equations (alg.c) */
        mark_stmts(&dae->algs.v[a].body, used);
    bool any = false;
    for (int v = 0; v < n && !any; v++)
        any = dae->vars.v[v].kind == MO_DV_DERIVATIVE && !used[v];
    if (!any || der_outside_equations(dae->flat))
        return;
    /* An alias that is a variable of the model (a_rel = der(w_rel): its value is a result, its fixed
     * start an initial equation that mo_dae_init_build writes later) is a use of its kept variable;
     * so is one that something reads (an algorithm section's statements name variables as written;
     * equations were rewritten onto the kept ones). The alias that connections make of a derivative
     * of der() alone (der(mp1.B.v) of der(mp1.Dinternal) when a bulk is tied to its drain) is no use:
     * counted as one, it kept the transistors' node voltages differentiated, and index reduction then
     * differentiated Spice3's Nand's whole static network (no state at all) into a loop of
     * derivatives it did not solve. */
    for (int v = 0; v < n; v++) {
        const mo_dvar *d = &dae->vars.v[v];
        if (d->kind == MO_DV_ALIAS && d->alias_of >= 0 && (used[v] || d->flat >= 0))
            used[d->alias_of] = 1;
    }
    for (int v = 0; v < n; v++) {
        mo_dvar *d = &dae->vars.v[v];
        if (d->kind != MO_DV_DERIVATIVE || used[v] || d->flat >= 0 || d->der >= 0 || d->der_of < 0)
            continue;
        mo_dvar *x = &dae->vars.v[d->der_of];
        if (x->kind != MO_DV_STATE || x->der != v)
            continue;
        x->der = -1;
        x->kind = MO_DV_ALGEBRAIC;
        d->der_of = -1;
        d->kind = MO_DV_UNUSED;
    }
    /* the aliases of a dropped derivative go with it (alias elimination points them at the kept
     * variable directly), and so do the der links of the aliased variables they are derivatives of */
    for (int v = 0; v < n; v++) {
        mo_dvar *d = &dae->vars.v[v];
        if (d->kind != MO_DV_ALIAS || d->alias_of < 0 || dae->vars.v[d->alias_of].kind != MO_DV_UNUSED)
            continue;
        if (d->der_of >= 0 && dae->vars.v[d->der_of].der == v)
            dae->vars.v[d->der_of].der = -1;
        d->der_of = -1;
        d->kind = MO_DV_UNUSED;
    }
}
