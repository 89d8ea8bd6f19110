/*
 * dae.c - the first back-end stage (mo_dae_build): from the flat model to the DAE.
 *
 * Input: a flat model (flat.h). Output: a mo_dae (dae.h) in which
 *   - every flat variable has a DAE variable of the same index, classified: constant, parameter,
 *     discrete (assigned in a when-clause, events.c) or continuous (Integer and Boolean variables that
 *     no when-clause assigns are computed by their equations like continuous ones);
 *   - every der(v) is the variable vars[v].der (appended, named "der(v)"); der of anything else has been
 *     expanded by mo_diff_time (der(a*b) -> der(a)*b + a*der(b));
 *   - alias equations are removed (marked removed) and their variables made MO_DV_ALIAS;
 *   - the remaining equations mention only variables that are kept (aliases substituted);
 *   - tentative kinds: a kept variable that is differentiated is MO_DV_STATE, a kept derivative
 *     variable MO_DV_DERIVATIVE, the rest MO_DV_ALGEBRAIC (index.c decides the states for good);
 *   - param_order holds parameters and constants in the dependency order of their bindings.
 *
 * Alias elimination. An equation is an alias equation when, read as "sum of terms = 0" through +, -
 * and unary minus, it has exactly two unknown terms with coefficients +-1 and nothing else (a = b,
 * a = -b, a + b = 0, a - b = 0), or exactly one unknown term with coefficient +-1 and a rest made of
 * parameters and constants only (a = p*2 + 1, a = 0). Variables already known to be aliases are read
 * through what they alias, so a chain phi_rel = a - b; phi_rel = 0 becomes a = b. The classes of
 * aliases are kept in a union-find with the sign of each variable relative to its parent; when a
 * class changes (merged, or given a value) the equations of the smaller side are looked at again, so
 * the fixed point costs O(E log V).
 *
 * The representative kept for a class is, in this order of preference (rank()):
 *   1. a derivative variable der(x) (so that x keeps a derivative it can be integrated with),
 *   2. a differentiated variable (so that der() is taken of the variable kept),
 *   3. a public variable rather than a protected one,
 *   4. the shorter instance path (fewer dots, then fewer characters), then the first declared.
 * Merges that would break the derivative structure are refused (the equation then stays an ordinary
 * equation): a class of a differentiated variable never joins the class of a derivative variable
 * unless it is itself a derivative (w = der(phi) stays an equation, so that der(phi) remains the
 * derivative of the state phi), two derivative classes join only when their integrals are aliases,
 * two differentiated classes join only with the sign +1, and a class with a derivative or a
 * differentiated variable never takes a parameter value. When two differentiated variables are
 * aliases, so are their derivatives (merged too).
 *
 * Attributes go to the variable kept: a fixed start value wins over a free one, then the first given;
 * the stateSelect of the class is the strongest wish for a state among its members (always, prefer),
 * else the first one given;
 * two fixed start values that disagree (with the sign of the alias) are an error naming both variables.
 */
#include "daeutil.h"
#include "events.h"
#include "stats.h"

#include <math.h>
#include <string.h>

/* ---- classification and der() ---- */

static bool classify(mo_dae *dae)
{
    const mo_flat *flat = dae->flat;
    bool ok = true;
    const unsigned char *assigned = mo_events_assigned(flat);
    for (int i = 0; i < flat->vars.n; i++) {
        const mo_var *fv = &flat->vars.v[i];
        mo_dvar dv;
        memset(&dv, 0, sizeof dv);
        dv.name = fv->name;
        dv.flat = i;
        dv.der = dv.der_of = dv.alias_of = dv.slot = dv.pre = dv.pre_of = -1;
        dv.start = fv->attr->start;
        dv.nominal = fv->attr->nominal;
        dv.state_select = fv->state_select ? fv->state_select : MO_SS_DEFAULT;
        switch (fv->variability) {
        case MO_VAR_CONSTANT:
            dv.kind = MO_DV_CONSTANT;
            break;
        case MO_VAR_PARAMETER:
            dv.kind = MO_DV_PARAMETER;
            dv.structural = (fv->flags & MO_VAR_EVALUATED) != 0;   /* (eval.c) */
            break;
        case MO_VAR_DISCRETE:
        case MO_VAR_CONTINUOUS:
            /* events.c: assigned in a when-clause -> discrete (held between events); other Integer,
             * Boolean and discrete variables are computed by their equations like algebraic ones */
            if (fv->type == MO_T_STRING) {   /* (strvars.c took the ones it can do: known texts, built where read) */
                if (assigned[i])   /* a clocked partition's equations are a when-clause by now (clocks_lower.c) */
                    mo_error(fv->attr->loc, "not supported yet: String variable '%s', which a when-clause or a "
                             "clocked partition gives a value made when the simulation runs (a String held from "
                             "one event or tick to the next; previous() of it)", fv->name);
                else
                    mo_error(fv->attr->loc, "not supported yet: String variable '%s'", fv->name);
                ok = false;
            }
            dv.kind = assigned[i] ? MO_DV_DISCRETE : MO_DV_ALGEBRAIC;
            break;
        }
        if (fv->attr->fixed) {
            /* fixed chooses the equations of the initial system: it must be known when the model is
             * compiled (a parameter computed at initialization is not; taking it as false was a silent
             * wrong answer) */
            bool eok = true;
            double f = mo_eval(fv->attr->fixed, NULL, &eok);
            if (!eok) {
                mo_error(fv->attr->fixed->loc, "the fixed attribute of '%s' must be known when the model is "
                         "compiled (a parameter with fixed = false is computed at initialization)", fv->name);
                ok = false;
            }
            dv.fixed = eok && f != 0;
        }
        MO_PUSH(dae->vars, dv);
    }
    return ok;
}

static mo_expr *lower_der_cb(void *dae, const mo_expr *e)
{
    return mo_dae_lower_der(dae, e);
}

static bool has_der(const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_DER || (e->kind == MO_EX_CALL && mo_sym_fn_name(e) && strcmp(mo_sym_fn_name(e), "der") == 0))
        return true;
    for (int i = 0; i < e->n; i++)
        if (has_der(e->a[i]))
            return true;
    return false;
}

/* The workspace of mo_expr_collect_vars for dae's variables, all 0 between uses: collect_vars marks
 * what it collects, and each user clears the marks of what it collected. */
static unsigned char *seen_of(mo_dae *dae)
{
    if (dae->seen_cap < dae->vars.n) {   /* (vars may grow: doubled, so linear in all) */
        dae->seen_cap = 2 * dae->vars.n + 64;
        dae->seen = MO_NEWN(unsigned char, dae->seen_cap);
    }
    return dae->seen;
}

/* The parameters c depends on, through their bindings too, marked structural: the simulator's
 * -override must refuse them, since a new value would not choose the equations again. */
static void mark_structural_all(mo_dae *dae, const mo_expr *const *cs, int n)
{
    mo_int_vec got = {0};   /* (every variable reached, in order, once: seen's marks cleared after) */
    unsigned char *seen = seen_of(dae);
    for (int i = 0; i < n; i++)
        mo_expr_collect_vars(cs[i], seen, &got);
    for (int k = 0; k < got.n; k++) {
        mo_dvar *d = &dae->vars.v[got.v[k]];
        if (d->kind != MO_DV_PARAMETER || d->structural)
            continue;
        d->structural = true;
        const mo_expr *b = d->flat >= 0 && dae->flat->vars.v[d->flat].binding ? dae->flat->vars.v[d->flat].binding
                                                                               : d->start;
        mo_expr_collect_vars(b, seen, &got);
    }
    for (int k = 0; k < got.n; k++)
        seen[got.v[k]] = 0;
}

void mo_dae_mark_structural(mo_dae *dae, const mo_expr *c)
{
    mark_structural_all(dae, &c, 1);
}

/* The value of condition c when it is a parameter expression known at compile time (parameters and
 * constants from their bindings; none computed by the initialization), as 0 or 1; else -1. */
static int param_cond(mo_dae *dae, const mo_expr *c)
{
    mo_int_vec used = {0};
    unsigned char *seen = seen_of(dae);
    mo_expr_collect_vars(c, seen, &used);
    for (int i = 0; i < used.n; i++)
        seen[used.v[i]] = 0;
    for (int i = 0; i < used.n; i++) {
        const mo_dvar *d = &dae->vars.v[used.v[i]];
        if ((d->kind != MO_DV_PARAMETER && d->kind != MO_DV_CONSTANT) || d->unfixed_param)
            return -1;
    }
    if (!dae->fold_vals)
        dae->fold_vals = mo_dae_start_values(dae);
    bool ok = true;
    double v = mo_eval(c, dae->fold_vals, &ok);
    return ok && !isnan(v) ? v != 0 : -1;
}

/* An if-expression whose conditions are parameter expressions and whose branches differ in the
 * derivatives they hold (y1 = if use_der then der(y) else 0, the signal adaptors of the MSL) decides
 * which variables are differentiated, so it is structural like an if-equation with parameter conditions
 * (flatten.c): only the selected branch is kept, else der(y) of a branch never taken would make y a
 * state candidate and the index-reduced system singular. Returns the branch, or NULL to keep e. */
static const mo_expr *structural_if(mo_dae *dae, const mo_expr *e)
{
    if (e->kind != MO_EX_IF || !has_der(e))
        return NULL;
    int i = 0;
    for (; i + 1 < e->n; i += 2) {
        int c = param_cond(dae, e->a[i]);
        if (c < 0)
            return NULL;
        if (c)
            break;
    }
    for (int k = 0; k + 1 < e->n && k <= i; k += 2)
        mo_dae_mark_structural(dae, e->a[k]);
    return e->a[i + 1 < e->n ? i + 1 : e->n - 1];
}

/* Replace der(v) by the derivative variable and der(expr) by its expansion. Recursion over one
 * expression only (depth-limited by the parser). */
mo_expr *mo_dae_lower_der(mo_dae *dae, const mo_expr *e)
{
    if (!e)
        return NULL;
    const mo_expr *branch = structural_if(dae, e);
    if (branch)
        return mo_dae_lower_der(dae, branch);
    if (e->kind == MO_EX_DER || (e->kind == MO_EX_CALL && e->n == 1 && mo_sym_fn_name(e) &&
                                 strcmp(mo_sym_fn_name(e), "der") == 0)) {
        mo_expr *a = mo_dae_lower_der(dae, e->a[0]);
        if (!a)
            return NULL;
        if (a->kind == MO_EX_VAR) {
            mo_dkind k = dae->vars.v[a->var].kind;
            if (k == MO_DV_PARAMETER || k == MO_DV_CONSTANT)
                return mo_sym_num(e->loc, 0);
            return mo_sym_var(e->loc, mo_dae_new_der(dae, a->var));
        }
        return mo_diff_time(dae, a);
    }
    /* copy the node only when an operand changed: most of a big model has no der() */
    return mo_dae_map_operands(e, lower_der_cb, dae);
}

/* The parameters fold.c folds: their literals (sub) and the set of them (in). */
typedef struct folds {
    mo_expr **sub;
    unsigned char *in;
    mo_dae *dae;              /* (fold_call: the constants' values, fold_vals) */
} folds;

/* The value of a scalar argument element known now: a number, or a constant (Spice3's m_bInit). */
static bool known_scalar(void *dae, const mo_expr *e, double *out)
{
    const mo_dae *d = dae;
    if (mo_sym_is_num(e, out))
        return true;
    if (e->kind != MO_EX_VAR || e->var < 0 || d->vars.v[e->var].kind != MO_DV_CONSTANT || !d->fold_vals)
        return false;
    *out = d->fold_vals[e->var];
    return isfinite(*out);
}

/* Counts the scalar elements of a call's argument (nested arrays) that are known now (*known) and those
 * that are not (*other). Recursion over the argument's array nesting only. */
static void count_known(mo_dae *dae, const mo_expr *e, int *known, int *other)
{
    double x;
    if (e->kind == MO_EX_ARRAY && !e->niters) {
        for (int i = 0; i < e->n; i++)
            count_known(dae, e->a[i], known, other);
        return;
    }
    if (known_scalar(dae, e, &x))
        ++*known;
    else
        ++*other;
}

/* Are some of the call's argument elements known now and some not? Only such a call is evaluated
 * partly: one of known values only is the simulator's (as before), one of none can hardly give one. */
static bool partly_known(mo_dae *dae, const mo_expr *e)
{
    int known = 0, other = 0;
    if (!dae || e->n != e->func->nin || e->nnamed)
        return false;
    for (int i = 0; i < e->n; i++)
        count_known(dae, e->a[i], &known, &other);
    return known && other;
}

/* A call of a user function that is a constant now that folded parameters are literals: the inlined
 * value of the element it stands for, when that simplifies to a number (MultiBody's Revolute:
 * R_rel = planarRotation(e, phi, w) with e = {0, 0, 1} folded has R_rel.T[1, 3] = 0 whatever phi is, and
 * a coefficient R_rel.T[1, 3] left in the derivative equations made matching divide by it). Else, for a
 * call some of whose arguments are numbers, the number fneval.c's partial evaluation finds whatever the
 * others are: the MSL's Spice3 JFET has cc = jfetNoBypassCode(m1, p2, ..., {G.v, Dinternal, Sinternal})
 * and icGD = cc.cGD*der(vGD), where cc.cGD is the model card's CGD (Evaluate = true) times a function of
 * the voltages; CascodeCircuit sets CGD = 0, so that cc.cGD = 0, vGD is no state and the node's current
 * balance is algebraic (OpenModelica's evalFunc evaluates such calls too), not a division by that 0.
 * Functions are pure (12.3), so the number is the call's value. Recursion over one expression only. */
static mo_expr *fold_call(void *ctx, const mo_expr *e)
{
    mo_expr *r = mo_dae_map_operands(e, fold_call, ctx);
    if (r && r->kind == MO_EX_CALL && r->func && (r->func->inlinable || r->func->inline_arrays)) {
        mo_expr *v = r->func->inline_arrays ? mo_func_inline_arrays(r) : mo_func_inline(r);
        double x;
        if (v && mo_sym_is_num(mo_simplify(v), &x))
            return mo_sym_num(e->loc, x);
    }
    double x;
    if (r && r->kind == MO_EX_CALL && r->func && partly_known(ctx, r) &&
        mo_fn_eval_partial(r->func, r->a, known_scalar, ctx, r->func_out, r->func_el, &x))
        return mo_sym_num(e->loc, x);
    return r;
}

/* Is e free of variables (literals and constants only, no time, no parameter)? */
static bool literal_only(const mo_expr *e)
{
    if (!e)
        return true;
    if (e->kind == MO_EX_VAR || e->kind == MO_EX_TIME || e->kind == MO_EX_DER || e->kind == MO_EX_REF ||
        mo_sym_is_input(e))
        return false;
    for (int i = 0; i < e->n; i++)
        if (!literal_only(e->a[i]))
            return false;
    for (int i = 0; i < e->nnamed; i++)
        if (!literal_only(e->named[i].value))
            return false;
    return true;
}

static bool call_with_literals(const mo_expr *e, const void *unused)
{
    (void)unused;
    return e->kind == MO_EX_CALL && e->func && (e->func->inlinable || e->func->inline_arrays) && literal_only(e);
}

/* Does e call an inlinable user function with literal arguments only (MultiBody's World: frame_b.R =
 * Frames.nullRotation(), whose T[1, 2] is 0)? */
static bool calls_with_literals(const mo_expr *e)
{
    return mo_expr_any(e, call_with_literals, NULL);
}

/* e with the folded parameters as literals, simplified, and calls of literals that are numbers: copied
 * only when it reads a folded parameter or makes such a call. A variable that the world's
 * nullRotation() sets to 0 is then an alias of 0 (no unknown), not a coefficient that matching may
 * divide by (DoublePendulumInitTip's InitPosition read world.frame_b.R.T[1, 2]). */
static const mo_expr *fold(const mo_expr *e, const folds *f)
{
    if (f->sub && mo_sym_reads_any(e, f->in))
        return fold_call(f->dae, mo_expr_subst(e, f->sub));
    return calls_with_literals(e) ? fold_call(f->dae, e) : e;
}

static bool lower_eq(mo_dae *dae, const mo_feq *fe, bool initial, const folds *f)
{
    mo_deq q;
    memset(&q, 0, sizeof q);
    q.loc = fe->loc;
    q.instance = fe->instance;
    q.origin = fe->origin;
    q.diff_of = -1;
    q.initial = initial;
    q.lhs = mo_dae_lower_der(dae, fold(fe->lhs, f));
    q.rhs = q.lhs ? mo_dae_lower_der(dae, fold(fe->rhs, f)) : NULL;
    if (!q.lhs || !q.rhs)
        return false;
    if (initial)
        MO_PUSH(dae->init_eqs, q);
    else
        MO_PUSH(dae->eqs, q);
    return true;
}

/* ---- alias elimination ---- */

typedef struct alias {
    mo_dae *dae;
    int n;                    /* variables at the start of alias elimination */
    int *parent;
    signed char *sign;        /* var = sign * parent */
    int *size;                /* class sizes (roots) */
    int *next;                /* circular list of the members of each class */
    int *dif;                 /* roots: a differentiated member, or -1 */
    int *derm;                /* roots: a derivative member, or -1 */
    mo_expr **val;            /* roots: root = val (a parameter expression), or NULL */
    int *vstart, *veqs;       /* CSR: the equations each variable occurs in */
    int *queue, qhead, qtail; /* equations to look at (a ring of neq slots) */
    unsigned char *queued;
    int neq;
    int *fixsrc;              /* roots: the member whose fixed start value the class carries, + 1; or 0 */
    const double *pvals;      /* start and parameter values (mo_dae_start_values) */
} alias;

static int find(alias *A, int v, int *s)
{
    int r = v, t = 1;
    while (A->parent[r] != r) {
        t *= A->sign[r];
        r = A->parent[r];
    }
    /* path compression, keeping each node's sign relative to the root */
    int cur = v, sc = t;
    while (A->parent[cur] != cur) {
        int nxt = A->parent[cur], sn = sc * A->sign[cur];
        A->parent[cur] = r;
        A->sign[cur] = (signed char)sc;
        cur = nxt;
        sc = sn;
    }
    *s = t;
    return r;
}

static int dots(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '.';
    return n;
}

/* Should a be kept rather than b (both roots)? See the file comment. */
static bool rank_better(const mo_dae *dae, int a, int b)
{
    const mo_dvar *x = &dae->vars.v[a], *y = &dae->vars.v[b];
    if ((x->der_of >= 0) != (y->der_of >= 0))
        return x->der_of >= 0;
    if ((x->der >= 0) != (y->der >= 0))
        return x->der >= 0;
    /* derivatives are compared by the variables they are derivatives of: der(inertia.phi) is kept
     * rather than der(damper.phi_rel) */
    while (x->flat < 0 && x->der_of >= 0)
        x = &dae->vars.v[x->der_of];
    while (y->flat < 0 && y->der_of >= 0)
        y = &dae->vars.v[y->der_of];
    bool px = x->flat >= 0 && (dae->flat->vars.v[x->flat].flags & MO_PF_PROTECTED);
    bool py = y->flat >= 0 && (dae->flat->vars.v[y->flat].flags & MO_PF_PROTECTED);
    if (px != py)
        return !px;
    int dx = dots(x->name), dy = dots(y->name);
    if (dx != dy)
        return dx < dy;
    size_t lx = strlen(x->name), ly = strlen(y->name);
    if (lx != ly)
        return lx < ly;
    return a < b;
}

static void enqueue_var_eqs(alias *A, int v)
{
    for (int k = A->vstart[v]; k < A->vstart[v + 1]; k++) {
        int e = A->veqs[k];
        if (!A->queued[e] && !A->dae->eqs.v[e].removed) {
            A->queued[e] = 1;
            A->queue[A->qtail] = e;
            A->qtail = (A->qtail + 1) % (A->neq + 1);
        }
    }
}

static void enqueue_class(alias *A, int r)
{
    int m = r;
    do {
        enqueue_var_eqs(A, m);
        m = A->next[m];
    } while (m != r);
}

/* Do the start values of a = rel * b (rel +-1) disagree? Their values in *va, *vb. False when either
 * cannot be evaluated. */
static bool starts_differ(const alias *A, int a, int b, int rel, double *va, double *vb)
{
    bool ok1 = true, ok2 = true;
    *va = mo_eval(A->dae->vars.v[a].start, A->pvals, &ok1);
    *vb = mo_eval(A->dae->vars.v[b].start, A->pvals, &ok2);
    return ok1 && ok2 && fabs(*va - rel * *vb) > 1e-12 * (1 + fabs(*va) + fabs(*vb));
}

/* Is e a parameter that the run may change (-override, -f: any not structural)? For mo_expr_any. */
static bool changeable_param(const mo_expr *e, const void *ctx)
{
    const mo_dae *dae = ctx;
    return e->kind == MO_EX_VAR && e->var >= 0 && e->var < dae->vars.n &&
           dae->vars.v[e->var].kind == MO_DV_PARAMETER && !dae->vars.v[e->var].structural;
}

/* Do the classes of roots rx = t * ry carry fixed start values that disagree, both discrete-time?
 * Then a = b is no alias: 8.6 gives each discrete variable with fixed = true its own initial
 * pre(v) = start, and pre(a) and pre(b) may differ before the first event although a = b always
 * (Digital's WiredX: auxiliary[1] = x[1], 'Z' and 'U'). The equation stays, and each variable keeps
 * its pre(). Continuous ones would give two values to one unknown: merge_attributes reports them. */
static bool fixed_starts_differ(alias *A, int rx, int ry, int t)
{
    if (!A->fixsrc[rx] || !A->fixsrc[ry] || !mo_dae_discrete_time(A->dae, rx) ||
        !mo_dae_discrete_time(A->dae, ry))
        return false;
    int px = A->fixsrc[rx] - 1, py = A->fixsrc[ry] - 1, spx, spy;
    find(A, px, &spx);
    find(A, py, &spy);
    double vx, vy;   /* px = spx * rx = spx * t * ry = spx * t * spy * py */
    int rel = spx * t * spy;
    const mo_expr *sx = A->dae->vars.v[px].start, *sy = A->dae->vars.v[py].start;
    if (rel == 1 && mo_expr_equal(sx, sy))
        return false;
    /* Starts of parameters the run may change differ when it does, whatever their values now: merged,
     * the class would carry one member's start and an -override of the other's parameter would be
     * ignored (start = p1 and p2, both 1: -override p2=5 gave pre(b) = 1). */
    if (mo_expr_any(sx, changeable_param, A->dae) || mo_expr_any(sy, changeable_param, A->dae))
        return true;
    return starts_differ(A, px, py, rel, &vx, &vy);
}

/* x = s * y. Returns true when the classes were merged (the equation is then an alias equation). */
static bool unite(alias *A, int x, int y, int s)
{
    const mo_dae *dae = A->dae;
    int sx, sy;
    int rx = find(A, x, &sx), ry = find(A, y, &sy);
    int t = sx * s * sy;      /* rx = t * ry */
    if (rx == ry)
        return false;         /* redundant or contradictory: leave it to the structural checks */
    if (fixed_starts_differ(A, rx, ry, t))
        return false;
    bool pure_dif_x = A->dif[rx] >= 0 && A->derm[rx] < 0, pure_dif_y = A->dif[ry] >= 0 && A->derm[ry] < 0;
    if (A->val[rx] || A->val[ry]) {
        if ((A->val[rx] && A->val[ry]) || A->dif[rx] >= 0 || A->dif[ry] >= 0 || A->derm[rx] >= 0 ||
            A->derm[ry] >= 0)
            return false;
    }
    if ((A->derm[rx] >= 0 && pure_dif_y) || (A->derm[ry] >= 0 && pure_dif_x))
        return false;
    if (A->derm[rx] >= 0 && A->derm[ry] >= 0) {
        int s1, s2;
        int ix = find(A, dae->vars.v[A->derm[rx]].der_of, &s1);
        int iy = find(A, dae->vars.v[A->derm[ry]].der_of, &s2);
        if (ix != iy || t != 1)
            return false;
    }
    int difx = A->dif[rx], dify = A->dif[ry], sdx = 0, sdy = 0;
    if (difx >= 0 && dify >= 0) {
        find(A, difx, &sdx);
        find(A, dify, &sdy);
        if (sdx * t * sdy != 1)  /* difx = sdx*rx = sdx*t*ry = sdx*t*sdy*dify */
            return false;
    }
    /* re-examine the equations of the smaller class, whose terms now read differently */
    enqueue_class(A, A->size[rx] <= A->size[ry] ? rx : ry);
    int nr = rank_better(dae, rx, ry) ? rx : ry, o = nr == rx ? ry : rx;
    A->parent[o] = nr;
    A->sign[o] = (signed char)t; /* o = t * nr in both cases, t being +-1 */
    A->size[nr] += A->size[o];
    int tmp = A->next[nr];
    A->next[nr] = A->next[o];
    A->next[o] = tmp;
    if (A->dif[nr] < 0)
        A->dif[nr] = A->dif[o];
    if (A->derm[nr] < 0)
        A->derm[nr] = A->derm[o];
    if (!A->val[nr] && A->val[o])
        A->val[nr] = t == 1 ? A->val[o] : mo_sym_neg(A->val[o]);
    if (!A->fixsrc[nr])
        A->fixsrc[nr] = A->fixsrc[o];
    /* aliases differentiated: their derivatives are aliases too (same sign, checked above) */
    if (difx >= 0 && dify >= 0)
        unite(A, dae->vars.v[difx].der, dae->vars.v[dify].der, 1);
    return true;
}

/* x = value (a parameter expression). */
static bool give_value(alias *A, int x, mo_expr *value)
{
    int s;
    int r = find(A, x, &s);
    if (A->val[r] || A->dif[r] >= 0 || A->derm[r] >= 0)
        return false;
    A->val[r] = s == 1 ? value : mo_sym_neg(value);
    enqueue_class(A, r);
    return true;
}

/* Is e free of unknowns (parameters, constants and literals only)? */
static bool param_only(const mo_dae *dae, const mo_expr *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case MO_EX_VAR:   /* parameters with fixed = false are unknowns of the initial system */
        return e->var >= 0 && (dae->vars.v[e->var].kind == MO_DV_PARAMETER ||
                               dae->vars.v[e->var].kind == MO_DV_CONSTANT) && !dae->vars.v[e->var].unfixed_param;
    case MO_EX_TIME: case MO_EX_DER: case MO_EX_REF:
        return false;
    case MO_EX_CALL: {
        /* sample(start, interval) of parameters, initial() and terminal() change in time: b = sample(...)
         * makes b no alias of a value computed once (the MSL's DiscreteBlock.sampleTrigger) */
        const char *fn = mo_sym_fn_name(e);
        if (!fn || mo_sym_is_input(e) || !strcmp(fn, "sample") || !strcmp(fn, "initial") || !strcmp(fn, "terminal"))
            return false;
        break;
    }
    default:
        break;
    }
    for (int i = 0; i < e->n; i++)
        if (!param_only(dae, e->a[i]))
            return false;
    for (int i = 0; i < e->nnamed; i++)
        if (!param_only(dae, e->named[i].value))
            return false;
    return true;
}

enum { MAX_TERMS = 4, MAX_NODES = 48 };

/* Look at equation e; when it is an alias equation, record the alias and mark it removed. */
static void try_alias(alias *A, int e)
{
    mo_dae *dae = A->dae;
    mo_deq *eq = &dae->eqs.v[e];
    if (eq->alg)   /* the pseudo-equations of an algorithm section relate nothing (alg.c) */
        return;
    int tv[MAX_TERMS], tc[MAX_TERMS], nt = 0;
    mo_expr *rest = NULL;
    /* explicit stack over the additive structure: long sums (flow sums of big connection sets) must
     * neither recurse deeply nor cost more than a few nodes before we give up */
    struct { const mo_expr *e; int s; } st[MAX_NODES];
    int sp = 0, visited = 0;
    st[sp].e = eq->lhs; st[sp++].s = 1;
    st[sp].e = eq->rhs; st[sp++].s = -1;
    while (sp > 0) {
        const mo_expr *x = st[--sp].e;
        int s = st[sp].s;
        if (++visited > MAX_NODES)
            return;
        if (x->kind == MO_EX_BINARY && (x->op == MO_OP_ADD || x->op == MO_OP_SUB ||
                                        x->op == MO_OP_EADD || x->op == MO_OP_ESUB)) {
            if (sp + 2 > MAX_NODES)
                return;
            st[sp].e = x->a[0]; st[sp++].s = s;
            st[sp].e = x->a[1]; st[sp++].s = (x->op == MO_OP_SUB || x->op == MO_OP_ESUB) ? -s : s;
            continue;
        }
        if (x->kind == MO_EX_UNARY && (x->op == MO_OP_NEG || x->op == MO_OP_PLUS)) {
            st[sp].e = x->a[0]; st[sp++].s = x->op == MO_OP_NEG ? -s : s;
            continue;
        }
        /* smooth(p, y) and noEvent(y) are y (hints to the integrator and to event handling only) */
        const char *fn = x->kind == MO_EX_CALL ? mo_sym_fn_name(x) : NULL;
        if (fn && ((!strcmp(fn, "smooth") && x->n == 2) || (!strcmp(fn, "noEvent") && x->n == 1))) {
            st[sp].e = x->a[x->n - 1]; st[sp++].s = s;
            continue;
        }
        double num;
        if (mo_sym_is_num(x, &num) && num == 0)
            continue;
        mo_expr *part = NULL;
        if (x->kind == MO_EX_VAR && x->var >= 0 && x->var < A->n && mo_dae_is_unknown(dae, x->var)) {
            int sv, r = find(A, x->var, &sv);
            if (A->val[r]) {
                part = A->val[r];
                s *= sv;
            } else {
                int k = 0;
                while (k < nt && tv[k] != r)
                    k++;
                if (k == nt) {
                    if (nt == MAX_TERMS)
                        return;
                    tv[nt] = r;
                    tc[nt++] = 0;
                }
                tc[k] += s * sv;
                continue;
            }
        } else if (param_only(dae, x)) {
            part = (mo_expr *)x;
        } else {
            return;
        }
        mo_expr *sp_ = s > 0 ? part : mo_sym_neg(part);
        rest = rest ? mo_sym_add(rest, sp_) : sp_;
    }
    int w = 0;
    for (int k = 0; k < nt; k++)
        if (tc[k] != 0) {
            tv[w] = tv[k];
            tc[w++] = tc[k];
        }
    nt = w;
    double zero;
    if (rest && mo_sym_is_num(rest, &zero) && zero == 0)
        rest = NULL;
    bool done = false;
    if (nt == 2 && !rest && (tc[0] == 1 || tc[0] == -1) && (tc[1] == 1 || tc[1] == -1)) {
        /* c0 a + c1 b = 0  ->  a = -c0*c1 b */
        done = unite(A, tv[0], tv[1], -tc[0] * tc[1]);
    } else if (nt == 1 && (tc[0] == 1 || tc[0] == -1)) {
        /* c0 a + rest = 0  ->  a = -c0 * rest */
        mo_expr *v = rest ? rest : mo_sym_num(eq->loc, 0);
        done = give_value(A, tv[0], tc[0] == 1 ? mo_sym_neg(v) : v);
    }
    if (done)
        eq->removed = true;
}

/* Merge the attributes of the class members onto the variable kept; false after a conflict. */
static bool merge_attributes(alias *A)
{
    mo_dae *dae = A->dae;
    int *provider = MO_NEWN(int, A->n); /* root -> the member whose fixed start it carries, + 1 */
    MO_VEC(const mo_expr *) pinned = {0};   /* fixed starts merged because their values agree now */
    bool ok = true;
    for (int v = 0; v < A->n; v++)
        if (A->parent[v] == v && dae->vars.v[v].fixed && dae->vars.v[v].start)
            provider[v] = v + 1;
    for (int m = 0; m < A->n; m++) {
        int sm, r = find(A, m, &sm);
        if (r == m || A->val[r] || !mo_dae_is_unknown(dae, m))
            continue;
        mo_dvar *R = &dae->vars.v[r], *M = &dae->vars.v[m];
        if (M->start) {
            mo_expr *st = sm == 1 ? M->start : mo_sym_neg(M->start);
            if (M->fixed && provider[r]) {
                int p = provider[r] - 1, sp;
                find(A, p, &sp);
                double vm, vp;
                int rel = sm * sp; /* m = rel * p */
                if (starts_differ(A, m, p, rel, &vm, &vp)) {
                    int a = p < m ? p : m, b = p < m ? m : p;
                    double va = a == m ? vm : vp, vb = a == m ? vp : vm;
                    if (rel == 1)
                        mo_error(mo_dae_var_loc(dae, a), "'%s' and '%s' are aliases (equal) but have "
                                 "different fixed start values %g and %g", dae->vars.v[a].name,
                                 dae->vars.v[b].name, va, vb);
                    else
                        mo_error(mo_dae_var_loc(dae, a), "'%s' and '%s' are aliases (opposite) but have "
                                 "inconsistent fixed start values %g and %g", dae->vars.v[a].name,
                                 dae->vars.v[b].name, va, vb);
                    mo_note(mo_dae_var_loc(dae, b), "'%s' is declared here", dae->vars.v[b].name);
                    ok = false;
                } else if (!(rel == 1 && mo_expr_equal(M->start, dae->vars.v[p].start))) {
                    MO_PUSH(pinned, M->start);
                    MO_PUSH(pinned, dae->vars.v[p].start);
                }
            } else if (M->fixed) {
                R->start = st;
                R->fixed = true;
                provider[r] = m + 1;
            } else if (!R->start) {
                R->start = st;
            }
        }
        if (!R->nominal && M->nominal)
            R->nominal = M->nominal;
        /* the strongest wish for a state wins (always over prefer), then a wish against one */
        if (R->state_select == MO_SS_DEFAULT || (M->state_select > MO_SS_DEFAULT && M->state_select > R->state_select))
            R->state_select = M->state_select;
    }
    /* The class carries one member's start: a run that changed the parameters of another's (start = p1
     * and p2, both 1: -override p2=5) would be ignored without a word, or make the initial system
     * inconsistent. Their parameters become structural, which -override refuses. (Discrete-time
     * members keep their equation instead: fixed_starts_differ.) */
    mark_structural_all(dae, pinned.v, pinned.n);
    return ok;
}

static bool eliminate_aliases(mo_dae *dae, mo_expr ***subp)
{
    alias A0, *A = &A0;
    memset(A, 0, sizeof *A);
    A->dae = dae;
    int n = A->n = dae->vars.n, neq = A->neq = dae->eqs.n;
    A->parent = MO_NEWN(int, n);
    A->sign = MO_NEWN(signed char, n);
    A->size = MO_NEWN(int, n);
    A->next = MO_NEWN(int, n);
    A->dif = MO_NEWN(int, n);
    A->derm = MO_NEWN(int, n);
    A->val = MO_NEWN(mo_expr *, n);
    A->fixsrc = MO_NEWN(int, n);
    A->pvals = mo_dae_start_values(dae);
    for (int v = 0; v < n; v++) {
        A->parent[v] = A->next[v] = v;
        if (mo_dae_is_unknown(dae, v) && dae->vars.v[v].fixed && dae->vars.v[v].start)
            A->fixsrc[v] = v + 1;
        A->sign[v] = 1;
        A->size[v] = 1;
        A->dif[v] = dae->vars.v[v].der >= 0 ? v : -1;
        A->derm[v] = dae->vars.v[v].der_of >= 0 ? v : -1;
    }
    /* incidence variable -> equations. A choice among unknowns (x[k], flat.h) never joins an alias
     * equation (try_alias gives up at it), so its elements need not queue the equations that read them:
     * they are one choice each (daeutil.h), looked at only to find the equations to rebuild below. */
    unsigned char *seen = MO_NEWN(unsigned char, n);
    mo_int_vec ev = {0}, cv = {0};
    mo_dae_choices ch;
    memset(&ch, 0, sizeof ch);
    ch.dae = dae;
    int *estart = MO_NEWN(int, neq + 1), *cstart = MO_NEWN(int, neq + 1);
    for (int e = 0; e < neq; e++) {
        mo_dae_eq_incidence(dae, &dae->eqs.v[e], MO_INC_INPUTS | MO_INC_UNKNOWNS, seen, &ev, &ch, &cv);
        estart[e + 1] = ev.n;
        cstart[e + 1] = cv.n;
    }
    A->vstart = MO_NEWN(int, n + 1);
    A->veqs = MO_NEWN(int, ev.n + 1);
    for (int k = 0; k < ev.n; k++)
        A->vstart[ev.v[k] + 1]++;
    for (int v = 0; v < n; v++)
        A->vstart[v + 1] += A->vstart[v];
    int *fill = MO_NEWN(int, n);
    for (int v = 0; v < n; v++)
        fill[v] = A->vstart[v];
    for (int e = 0; e < neq; e++)
        for (int k = estart[e]; k < estart[e + 1]; k++)
            A->veqs[fill[ev.v[k]]++] = e;

    /* the fixed point: every equation once, then those whose classes changed */
    A->queue = MO_NEWN(int, neq + 1);
    A->queued = MO_NEWN(unsigned char, neq + 1);
    for (int e = 0; e < neq; e++) {
        A->queue[A->qtail++] = e;
        A->queued[e] = 1;
    }
    while (A->qhead != A->qtail) {
        int e = A->queue[A->qhead];
        A->qhead = (A->qhead + 1) % (neq + 1);
        A->queued[e] = 0;
        if (!dae->eqs.v[e].removed)
            try_alias(A, e);
    }

    /* derivatives of kept differentiated variables: the kept member of their derivative's class */
    for (int r = 0; r < n; r++) {
        int s;
        if (find(A, r, &s) != r || A->dif[r] < 0)
            continue;
        int sd, d = find(A, dae->vars.v[A->dif[r]].der, &sd);
        if (sd != 1)
            mo_unreachable("alias elimination: derivative of opposite sign");
        dae->vars.v[r].der = d;
        dae->vars.v[d].der_of = r;
    }

    bool ok = merge_attributes(A);

    /* record the aliases and substitute them in the equations left */
    mo_expr **sub = MO_NEWN(mo_expr *, dae->vars.n);
    *subp = sub;
    for (int v = 0; v < n; v++) {
        if (!mo_dae_is_unknown(dae, v))
            continue;
        int s, r = find(A, v, &s);
        mo_dvar *d = &dae->vars.v[v];
        if (A->val[r]) {
            d->kind = MO_DV_ALIAS;
            d->alias_of = -1;
            d->alias_value = s == 1 ? A->val[r] : mo_sym_neg(A->val[r]);
            sub[v] = d->alias_value;
        } else if (r != v) {
            d->kind = MO_DV_ALIAS;
            d->alias_of = r;
            d->alias_negated = s < 0;
            mo_expr *rv = mo_sym_var(d->start ? d->start->loc : mo_dae_var_loc(dae, v), r);
            sub[v] = s == 1 ? rv : mo_sym_neg(rv);
        }
    }
    for (int v = 0; v < n; v++) {
        mo_dvar *d = &dae->vars.v[v];
        if (!mo_dae_is_unknown(dae, v))
            continue;
        d->kind = d->der_of >= 0 ? MO_DV_DERIVATIVE : d->der >= 0 ? MO_DV_STATE : MO_DV_ALGEBRAIC;
    }
    unsigned char *choice_sub = MO_NEWN(unsigned char, ch.n + 1);   /* choice -> an element is an alias */
    for (int c = 0; c < ch.n; c++) {
        int nv;
        const int *vs = mo_dae_choice_vars(&ch, c, &nv);
        for (int k = 0; k < nv && !choice_sub[c]; k++)
            choice_sub[c] = sub[vs[k]] != NULL;
    }
    for (int e = 0; e < dae->eqs.n; e++) {
        mo_deq *q = &dae->eqs.v[e];
        if (q->removed)
            continue;
        /* rebuild only the equations that mention an alias (estart/ev: their unknowns before) */
        bool any = false;
        for (int k = estart[e]; k < estart[e + 1] && !any; k++)
            any = sub[ev.v[k]] != NULL;
        for (int k = cstart[e]; k < cstart[e + 1] && !any; k++)
            any = choice_sub[cv.v[k]];
        if (!any)
            continue;
        q->lhs = mo_expr_subst(q->lhs, sub);
        q->rhs = mo_expr_subst(q->rhs, sub);
    }
    for (int e = 0; e < dae->init_eqs.n; e++) {
        mo_deq *q = &dae->init_eqs.v[e];
        q->lhs = mo_expr_subst(q->lhs, sub);
        q->rhs = mo_expr_subst(q->rhs, sub);
    }
    return ok;
}

/* The model's top-level inputs (declared input, of the model itself, no binding): each gets the
 * equation v = MO_INPUT_FN(k), a value the simulator gives (-csvInput, else the start value). Real
 * only for now. */
static bool add_inputs(mo_dae *dae)
{
    const mo_flat *flat = dae->flat;
    bool ok = true;
    unsigned char *bound = MO_NEWN(unsigned char, flat->vars.n + 1);
    for (int i = 0; i < flat->eqs.n; i++) {
        const mo_feq *q = &flat->eqs.v[i];
        if (q->origin == MO_ORIGIN_BINDING && q->lhs && q->lhs->kind == MO_EX_VAR && q->lhs->var >= 0)
            bound[q->lhs->var] = 1;
    }
    for (int v = 0; v < flat->vars.n; v++) {
        const mo_var *fv = &flat->vars.v[v];
        if (!(fv->flags & MO_PF_INPUT) || fv->variability <= MO_VAR_PARAMETER || bound[v] ||
            !mo_flat_top_level(fv->name))
            continue;
        if (fv->type != MO_T_REAL) {
            mo_error(fv->attr->loc, "not supported yet: a top-level input of type %s ('%s')",
                     fv->type == MO_T_BOOLEAN ? "Boolean" : fv->type == MO_T_STRING ? "String" : "Integer",
                     fv->name);
            ok = false;
            continue;
        }
        mo_loc L = fv->attr->loc;
        mo_deq q;
        memset(&q, 0, sizeof q);
        q.lhs = mo_sym_var(L, v);
        q.rhs = mo_sym_call1(L, MO_INPUT_FN, mo_sym_num(L, dae->inputs.n));
        q.loc = L;
        q.instance = "";
        q.origin = MO_ORIGIN_BINDING;
        q.diff_of = -1;
        MO_PUSH(dae->eqs, q);
        MO_PUSH(dae->inputs, v);
    }
    return ok;
}

/* delay() call sites, numbered 1, 2, ... in func_el (a built-in call has no other use for it), which
 * every later copy of the node keeps, so the site has one history in the simulator (runtime/delay.c).
 * After mo_flat_unshare, so that clones of a component have sites of their own. The front end admits
 * delay only in equations and asserts outside when-equations and algorithm sections (flatten_expr.c).
 * Recursion over one expression. */
static void number_delays(mo_dae *dae, mo_expr *e)
{
    if (!e || e->kind == MO_EX_VAR)   /* (VAR nodes may be short: ast.h) */
        return;
    if (e->kind == MO_EX_CALL && !e->func && (e->n == 2 || e->n == 3) && e->func_el == 0) {
        const char *fn = mo_sym_fn_name(e);
        if (fn && !strcmp(fn, "delay"))
            e->func_el = ++dae->ndelay;
    }
    for (int i = 0; i < e->n; i++)
        number_delays(dae, e->a[i]);
}

mo_dae *mo_dae_build(const mo_flat *flat)
{
    mo_dae *dae = MO_NEW(mo_dae);
    dae->flat = flat;
    bool ok = classify(dae);
    if (mo_dae_order_params(dae))
        ok = false;
    if (!ok)
        return NULL;
    mo_dae_init_params(dae);   /* parameters with fixed = false (init.c) */
    folds f = {mo_dae_fold_params(dae), NULL, dae};   /* Evaluate = true, final literal bindings (fold.c) */
    if (f.sub) {
        f.in = MO_NEWN(unsigned char, dae->vars.n);
        for (int v = 0; v < dae->vars.n; v++)
            f.in[v] = f.sub[v] != NULL;
    }
    for (int i = 0; i < flat->eqs.n; i++)
        if (!lower_eq(dae, &flat->eqs.v[i], false, &f))
            ok = false;
    for (int i = 0; i < flat->initial_eqs.n; i++)
        if (!lower_eq(dae, &flat->initial_eqs.v[i], true, &f))
            ok = false;
    for (int i = 0; ok && i < dae->eqs.n; i++) {
        number_delays(dae, dae->eqs.v[i].lhs);
        number_delays(dae, dae->eqs.v[i].rhs);
    }
    for (int i = 0; ok && i < dae->init_eqs.n; i++) {
        number_delays(dae, dae->init_eqs.v[i].lhs);
        number_delays(dae, dae->init_eqs.v[i].rhs);
    }
    for (int i = 0; ok && i < flat->asserts.n; i++) {   /* check() reads them (codegen_events.c) */
        number_delays(dae, flat->asserts.v[i].rhs);
        for (int j = 0; j < flat->asserts.v[i].nmsg; j++)
            number_delays(dae, flat->asserts.v[i].msg[j]);
    }
    if (!ok || !mo_dae_algs(dae, mo_dae_lower_der))   /* algorithm sections (alg.c) */
        return NULL;
    if (!add_inputs(dae) || !mo_dae_events_check(dae))  /* when-clauses assign no states (events.c) */
        return NULL;
    mo_stats_stage("dae");   /* --stats: variables classified, equations lowered */
    mo_expr **sub;
    if (!eliminate_aliases(dae, &sub))
        return NULL;
    if (f.sub)
        mo_dae_drop_unused_ders(dae);   /* 0*der(v) gone: v not differentiated (fold.c) */
    mo_stats_stage("alias");
    /* pre() as variables, the initial system's own equations (init.c) */
    if (!mo_dae_init_build(dae, sub))
        return NULL;
    return dae;
}
