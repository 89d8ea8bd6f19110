/*
 * codegen_events_emit.c - the event functions of the generated simulator, from the relations, samples
 * and guards that codegen_events.c found: zero_crossings, init_relations, next_time_event and rel_live;
 * update, which runs the when-clauses (their branches, reinit, terminate); check, which runs the asserts
 * outside when-clauses; the relation table and the model's event fields; and the relations that an
 * algebraic loop's residuals read (mo_cg_events_loop_rels). What these are: the top of codegen_events.c.
 */
#include "codegen_events.h"
#include "daeutil.h"
#include "str.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A source file as run-time messages name it (the path as given), and as comments cite it (inside its
 * library tree, the same wherever the library lies). */
static const char *loc_path(mo_loc loc)
{
    return loc.file ? loc.file->path : "<mo2c>";
}

static const char *loc_cite(mo_loc loc)
{
    return loc.file ? mo_cg_lib_path(loc.file->path) : "<mo2c>";
}

/* ---- the generated functions ---- */

static void expr(mo_cg *cg, mo_buf *o, const mo_expr *e, bool live)
{
    bool keep = cg->live;
    cg->out = o;
    cg->live = live;
    mo_cg_expr(cg, e);
    cg->live = keep;
}

/* A "where" string EW<id> naming a statement of the model, for checked operations (written only when
 * the code refers to it). */
static const char *where(mo_cg_events *ev, mo_loc loc, const char *what)
{
    mo_buf b = {0};
    mo_buf_printf(&b, "%s:%d: %s", loc_path(loc), loc.line, what);
    const char *w = mo_buf_str(&b);
    if (strlen(w) > 300)
        w = mo_sprintf("%.300s...", w);
    MO_PUSH(ev->where, w);
    return mo_sprintf("EW%d", ev->where.n - 1);
}

/* ---- relations inside algebraic loops ---- */

/* Does e read an unknown of the loop (ev->in_loop), not through pre()? */
static bool reads_loop(const mo_cg_events *ev, const mo_expr *e)
{
    if (!e || mo_cg_ev_is_fn(e, "pre"))
        return false;
    if (e->kind == MO_EX_VAR)
        return e->var >= 0 && ev->in_loop[e->var];
    for (int i = 0; i < e->n; i++)
        if (reads_loop(ev, e->a[i]))
            return true;
    return false;
}

/* The event relations of e (outside noEvent/smooth) that read an unknown of the loop, each once. */
static void loop_scan(mo_cg_events *ev, const mo_expr *e, int noevent, mo_int_vec *out)
{
    if (!e || mo_cg_ev_is_fn(e, "pre") || mo_cg_ev_is_fn(e, "edge") || mo_cg_ev_is_fn(e, "change"))
        return;
    if (mo_cg_ev_is_fn(e, "noEvent") || mo_cg_ev_is_fn(e, "smooth"))
        noevent++;
    if (e->kind == MO_EX_BINARY && mo_cg_ev_is_rel_op(e->op) && !noevent) {
        int r = mo_cg_ev_find_rel(ev, e);
        if (r >= 0 && !ev->rel_taken[r] && reads_loop(ev, e)) {
            ev->rel_taken[r] = 1;
            MO_PUSH(*out, r);
        }
    }
    for (int i = 0; i < e->n; i++)
        loop_scan(ev, e->a[i], noevent, out);
}

int mo_cg_events_loop_rels(mo_cg *cg, mo_buf *o, const mo_system *sys, const mo_block *b, mo_int_vec *idx)
{
    mo_cg_events *ev = cg->ev;
    if (!ev || !ev->rels.n || cg->live)
        return 0;
    const mo_dae *dae = cg->dae;
    if (!ev->in_loop) {
        ev->in_loop = MO_NEWN(unsigned char, dae->vars.n + 1);
        ev->rel_taken = MO_NEWN(unsigned char, ev->rels.n + 1);
    }
    for (int i = 0; i < b->n; i++)
        ev->in_loop[b->vars[i]] = 1;
    idx->n = 0;
    for (int m = 0; m < b->torn->ninner; m++)
        loop_scan(ev, b->torn->inner_solutions[m], 0, idx);
    for (int i = 0; i < b->torn->ntear; i++) {
        const mo_deq *q = mo_block_eq(dae, sys, b->torn->res_eqs[i]);
        loop_scan(ev, q->lhs, 0, idx);
        loop_scan(ev, q->rhs, 0, idx);
    }
    for (int i = 0; i < b->n; i++)
        ev->in_loop[b->vars[i]] = 0;
    /* checked operations name the loop's first residual equation (its W string is in use) */
    const char *keep = cg->where_name;
    cg->where_name = NULL;
    cg->where_id = b->torn->res_eqs[0];
    for (int k = 0; k < idx->n; k++) {
        int r = idx->v[k];
        ev->rel_taken[r] = 0;
        mo_buf_puts(o, "    {   /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n        const double a_ = ");
        expr(cg, o, ev->rels.v[r]->a[0], true);
        mo_buf_puts(o, ", b_ = ");
        expr(cg, o, ev->rels.v[r]->a[1], true);
        mo_buf_printf(o, ";\n        r_[%d] = a_ - b_;\n        r_[%d] = fabs(a_) + fabs(b_);\n    }\n", 2 * k, 2 * k + 1);
    }
    cg->where_name = keep;
    return idx->n;
}

static const char *const LOCALS =
    "    const double *p = d->p;\n    double *y = d->y;\n    int ok = 1;\n"
    "    (void)t; (void)x; (void)dx; (void)y; (void)p; (void)ok;\n";

/* mo2c_assert / mo2c_terminate arguments: a printf format and its values (codegen_str.c). */
static void message_args(mo_cg *cg, mo_buf *o, const mo_wstmt *s)
{
    mo_cg_message(cg, o, s);
}

static void emit_assert(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent)
{
    mo_cg_events *ev = cg->ev;
    const mo_flat *flat = cg->dae->flat;
    mo_buf c = {0};
    mo_expr_print(&c, s->rhs, mo_flat_var_name, (void *)flat);
    cg->where_name = where(ev, s->loc, mo_sprintf("assert(%s, ...)", mo_buf_str(&c)));
    mo_buf_printf(o, "%s/* %s:%d: assert(", indent, loc_cite(s->loc), s->loc.line);
    mo_cg_comment(o, mo_buf_str(&c), 200);
    mo_buf_printf(o, ", ...) */\n%sif (mo2c_assert(d, (", indent);
    expr(cg, o, s->rhs, true);
    /* a condition whose evaluation failed (a function's assert, a division by zero: !ok) is no failure
     * of this assert: the first failure's message stands, and the run stops on it below */
    mo_buf_printf(o, ") != 0 || !ok, %d, &d->cond[%d], ", s->level, ev->ncond++);
    message_args(cg, o, s);
    mo_buf_puts(o, ") != 0)\n");
    mo_buf_printf(o, "%s    return -1;\n%sif (!ok)\n%s    return -1;\n", indent, indent, indent);
}

/* An empty call (a user function called as an equation, its value not used): evaluated for its asserts. */
static void emit_call(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent)
{
    mo_buf c = {0};
    mo_expr_print(&c, s->rhs, mo_flat_var_name, (void *)cg->dae->flat);
    cg->where_name = where(cg->ev, s->loc, mo_buf_str(&c));
    mo_buf_printf(o, "%s/* %s:%d: ", indent, loc_cite(s->loc), s->loc.line);
    mo_cg_comment(o, mo_buf_str(&c), 200);
    mo_buf_printf(o, " */\n%s(void)", indent);
    expr(cg, o, s->rhs, true);
    mo_buf_printf(o, ";\n%sif (!ok)\n%s    return -1;\n", indent, indent);
}

/* An assert or an empty call of the asserts outside when-clauses, or of a when-branch. */
void mo_cg_event_check(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent)
{
    if (s->kind == MO_WS_CALL)
        emit_call(cg, o, s, indent);
    else
        emit_assert(cg, o, s, indent);
}

/* The value of a when-statement's right-hand side into v<j>. */
static void emit_value(mo_cg *cg, mo_buf *o, const mo_wstmt *s, int j)
{
    mo_buf c = {0};
    mo_expr_print(&c, s->lhs, mo_flat_var_name, (void *)cg->dae->flat);
    const char *what = mo_sprintf(s->kind == MO_WS_REINIT ? "reinit(%s, ...)" : "%s = ...", mo_buf_str(&c));
    cg->where_name = where(cg->ev, s->loc, what);
    mo_buf_printf(o, "            const double v%d = ", j);
    expr(cg, o, s->rhs, true);
    mo_buf_puts(o, "; /* ");
    mo_cg_comment(o, what, 200);
    mo_buf_puts(o, " */\n");
}

/* A branch that fires: its equations v = e in the order whenorder.c gave them (each after those that
 * assign what it reads), each stored at once, so that y = z + 1; z = 2 gives y = 3 (8.3.5); then the
 * asserts and calls, which see the new values; then reinit, whose values are all computed before any
 * state changes (reinit(x, y); reinit(y, x) swaps them). A reinit is applied at the end of the pass
 * (emit_update: rv_, *rslots), after every other clause has run: spec 8.3.6, the state is set "after all
 * other evaluations"; written at once, a later clause reading x saw the new value and an earlier one the
 * old, so that the result depended on the clauses' order. */
static bool emit_branch(mo_cg *cg, mo_buf *o, const mo_wbranch *br, mo_int_vec *rslots)
{
    const mo_dae *dae = cg->dae;
    const mo_flat *flat = dae->flat;
    for (int pass = 0; pass < 2; pass++) {
        mo_wstmt_kind kind = pass == 0 ? MO_WS_ASSIGN : MO_WS_REINIT;
        for (int j = 0; j < br->body.n; j++) {
            const mo_wstmt *s = &br->body.v[j];
            if (s->kind != kind)
                continue;
            emit_value(cg, o, s, j);
            if (kind == MO_WS_REINIT)
                continue;
            bool neg;
            const mo_expr *val;
            int k = mo_dae_resolve(dae, s->lhs->var, &neg, &val, NULL);
            const mo_dvar *dv = k >= 0 ? &dae->vars.v[k] : NULL;
            if (!dv || dv->kind != MO_DV_DISCRETE || dv->slot < 0)
                mo_unreachable("when-clause assigns a variable without a discrete slot");
            mo_buf_printf(o, "            y[%d] /* ", dv->slot);
            mo_cg_comment(o, dv->name, 120);
            mo_buf_printf(o, " */ = %sv%d;\n", neg ? "-" : "", j);
        }
        if (pass == 0)
            for (int j = 0; j < br->body.n; j++)
                if (br->body.v[j].kind == MO_WS_ASSERT || br->body.v[j].kind == MO_WS_CALL)
                    mo_cg_event_check(cg, o, &br->body.v[j], "            ");
    }
    mo_buf_puts(o, "            if (!ok)\n                return -1;\n");
    for (int j = 0; j < br->body.n; j++) {
        const mo_wstmt *s = &br->body.v[j];
        if (s->kind == MO_WS_TERMINATE) {
            mo_buf_puts(o, "            mo2c_terminate(d, ");
            message_args(cg, o, s);
            mo_buf_puts(o, ");\n");
            continue;
        }
        if (s->kind != MO_WS_REINIT)
            continue;
        bool neg;
        const mo_expr *val;
        int k = mo_dae_resolve(dae, s->lhs->var, &neg, &val, NULL);
        const mo_dvar *dv = k >= 0 ? &dae->vars.v[k] : NULL;
        if (!dv || dv->kind != MO_DV_STATE) {
            mo_error(s->lhs->loc, "reinit(%s, ...): '%s' is not a state of the model", flat->vars.v[s->lhs->var].name,
                     flat->vars.v[s->lhs->var].name);
            return false;
        }
        mo_buf_printf(o, "            rs_[%d] = 1; /* reinit(", rslots->n);
        mo_cg_comment(o, dv->name, 120);
        mo_buf_printf(o, ", ...) */\n            rv_[%d] = %sv%d;\n", rslots->n, neg ? "-" : "", j);
        MO_PUSH(*rslots, dv->slot);
    }
    return true;
}

/* The number of conditions of a when-branch: the elements of a vector one ({x < 0.5, time > 2},
 * flatten_when.c), else 1. */
static int when_nconds(const mo_expr *cond)
{
    return cond->kind == MO_EX_ARRAY ? cond->n : 1;
}

static bool emit_update(mo_cg *cg, mo_buf *o)
{
    const mo_flat *flat = cg->dae->flat;
    mo_cg_events *ev = cg->ev;
    mo_buf_puts(o, "/* One pass of event iteration: every when-clause whose condition became true fires (fire = 1);\n"
                   " * fire = 0 only records the conditions (d->cond) as they are now. */\n"
                   "static int update(mo2c_data *d, double t, double *x, int fire)\n{\n"
                   "    double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    if (!flat->whens.n)   /* asserts only: nothing fires */
        mo_buf_puts(o, "    (void)fire;\n");
    int nreinit = 0;   /* the reinit statements: their values wait in rv_ until the pass's end */
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            for (int j = 0; j < flat->whens.v[i].branches[k].body.n; j++)
                nreinit += flat->whens.v[i].branches[k].body.v[j].kind == MO_WS_REINIT;
    if (nreinit)
        mo_buf_printf(o, "    double rv_[%d];\n    unsigned char rs_[%d] = {0};\n", nreinit, nreinit);
    mo_int_vec rslots = {0};
    cg->reads = mo_cg_reads_new(cg->dae);
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        int c0 = ev->ncond;   /* a memory slot per condition, per element of a vector one */
        mo_buf_printf(o, "    {   /* %s:%d:%d", loc_cite(w->loc), w->loc.line, w->loc.col);
        if (w->instance && *w->instance) {
            mo_buf_puts(o, " (");
            mo_cg_comment(o, w->instance, 120);
            mo_buf_puts(o, ")");
        }
        mo_buf_puts(o, ": when ");
        mo_cg_comment(o, mo_cg_ev_text(cg->dae, w->branches[0].cond), 200);
        mo_buf_puts(o, " */\n");
        bool only_eqs = false, reinit = false;
        int init_branch = mo_init_when_branch(w, &only_eqs);
        for (int k = 0; k < w->nbranches; k++)
            for (int j = 0; j < w->branches[k].body.n; j++) {
                const mo_wstmt *s = &w->branches[k].body.v[j];
                reinit |= s->kind == MO_WS_REINIT;
                if (s->kind == MO_WS_ASSIGN)
                    mo_cg_reads_assigned(cg->reads, cg->dae, s->lhs->var);
            }
        for (int k = 0; k < w->nbranches; k++) {
            mo_cg_reads_expr(cg->reads, cg->dae, w->branches[k].cond);
            for (int j = 0; j < w->branches[k].body.n; j++) {
                const mo_wstmt *s = &w->branches[k].body.v[j];
                mo_cg_reads_expr(cg->reads, cg->dae, s->rhs);
                for (int m = 0; m < s->nmsg; m++)
                    mo_cg_reads_expr(cg->reads, cg->dae, s->msg[m]);
            }
        }
        const char *again = mo_cg_reads_end(cg->reads, cg->dae, o, "        ", reinit);
        mo_buf_printf(o, "        const unsigned char *cm_ = %s ? d->cond_pass : d->cond;\n", again);
        for (int k = 0; k < w->nbranches; k++) {
            const mo_expr *c = w->branches[k].cond;
            cg->where_name = where(ev, w->branches[k].loc, mo_sprintf("when %s", mo_cg_ev_text(cg->dae, c)));
            for (int j = 0; j < when_nconds(c); j++) {
                const mo_expr *cj = c->kind == MO_EX_ARRAY ? c->a[j] : c;
                if (k == init_branch && only_eqs && mo_cg_ev_is_fn(cj, "initial") && !cj->n) {
                    /* the initial system solved this branch's equations (init.c): no second firing */
                    mo_buf_printf(o, "        const int c%d = 0; /* initial(): done by the initial system */\n",
                                  ev->ncond + j - c0);
                    continue;
                }
                mo_buf_printf(o, "        const int c%d = (", ev->ncond + j - c0);
                expr(cg, o, cj, false);
                mo_buf_puts(o, ") != 0;\n");
            }
            ev->ncond += when_nconds(c);
        }
        int nc = ev->ncond - c0;   /* (asserts in the branches take slots after these) */
        mo_buf_puts(o, "        if (!ok)\n            return -1;\n");
        for (int k = 0, m = 0; k < w->nbranches; k++) {
            /* a vector condition fires when any of its elements becomes true (spec 8.3.5.1) */
            int n = when_nconds(w->branches[k].cond);
            mo_buf_printf(o, "        %sif (fire && ", k ? "} else " : "");
            if (n == 1)
                mo_buf_printf(o, "c%d && !cm_[%d]", m, c0 + m);
            for (int j = 0; j < n && n > 1; j++)
                mo_buf_printf(o, "%s(c%d && !cm_[%d])%s", j ? " || " : "(", m + j, c0 + m + j, j + 1 == n ? ")" : "");
            mo_buf_puts(o, n ? ") {" : "0) {");
            m += n;
            if (k) {
                mo_buf_puts(o, "  /* elsewhen ");
                mo_cg_comment(o, mo_cg_ev_text(cg->dae, w->branches[k].cond), 200);
                mo_buf_puts(o, " */");
            }
            mo_buf_puts(o, "\n");
            if (!emit_branch(cg, o, &w->branches[k], &rslots))
                return false;
        }
        mo_buf_puts(o, "        }\n");
        for (int m = 0; m < nc; m++)
            mo_buf_printf(o, "        d->cond[%d] = (unsigned char)c%d;\n", c0 + m, m);
        mo_buf_puts(o, "    }\n");
    }
    for (int i = 0; i < cg->dae->algs.n; i++) {
        const mo_dalg *a = &cg->dae->algs.v[i];
        if (!a->src->initial && (a->has_when || a->has_terminate))
            mo_cg_alg(cg, o, i, MO_CG_ALG_EVENT);
    }
    for (int r = 0; r < rslots.n; r++)
        mo_buf_printf(o, "    if (rs_[%d])\n        x[%d] = rv_[%d];\n", r, rslots.v[r], r);
    cg->reads = NULL;
    mo_buf_puts(o, "    return 0;\n}\n\n");
    return true;
}

/* Can e change during the run: does it read anything but literals and variables that are aliases of
 * literals (a parameter can be overridden, a function call fail; noEvent is no call)? ctx: the dae. */
static bool varies(const mo_expr *e, const void *ctx)
{
    const mo_dae *dae = ctx;
    switch (e->kind) {
    case MO_EX_REAL: case MO_EX_INT: case MO_EX_BOOL: case MO_EX_UNARY: case MO_EX_BINARY: case MO_EX_IF:
        return false;
    case MO_EX_VAR: {
        bool neg;
        const mo_expr *val = NULL;
        return mo_dae_resolve(dae, e->var, &neg, &val, NULL) >= 0 || !val || mo_expr_any(val, varies, dae);
    }
    case MO_EX_CALL:   /* noEvent(c) is c (bounds.c wraps its conditions so) */
        return !(mo_sym_fn_name(e) && !strcmp(mo_sym_fn_name(e), "noEvent") && e->n == 1 && !e->nnamed);
    default:
        return true;
    }
}

/* Is the condition of assert s true whatever happens (min and max of literals checked against literal
 * values, check/bounds.c: EngineV6's 1340 colour components, each as 0 <= c and c <= 255)? It is then
 * left out of check(), which was 1.8 MB of C there. *vals: the start values, made on first need
 * (aliases of literals get theirs). */
static bool always_true(const mo_dae *dae, const mo_wstmt *s, double **vals)
{
    if (s->kind == MO_WS_CALL || mo_expr_any(s->rhs, varies, dae))
        return false;
    if (!*vals)
        *vals = mo_dae_start_values(dae);
    bool ok = true;
    double c = mo_eval(s->rhs, *vals, &ok);
    return ok && c != 0 && !isnan(c);
}

static void emit_check(mo_cg *cg, mo_buf *o)
{
    const mo_flat *flat = cg->dae->flat;
    double *vals = NULL;
    mo_buf_puts(o, "/* The asserts outside when-clauses, after every accepted step (y and dx of (t, d->x)). */\n"
                   "static int check(mo2c_data *d, double t)\n{\n"
                   "    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    for (int i = 0; i < flat->asserts.n; i++) {
        if (always_true(cg->dae, &flat->asserts.v[i], &vals))
            cg->ev->ncond++;   /* (its memory slot kept: the others keep their numbers) */
        else
            mo_cg_event_check(cg, o, &flat->asserts.v[i], "    ");
    }
    for (int i = 0; i < cg->dae->algs.n; i++) {
        const mo_dalg *a = &cg->dae->algs.v[i];
        if (!a->src->initial && a->has_assert)
            mo_cg_alg(cg, o, i, MO_CG_ALG_CHECK);
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");
}

static void emit_relations(mo_cg *cg, mo_buf *o)
{
    mo_cg_events *ev = cg->ev;
    int n = ev->rels.n;
    /* zero crossings: frozen relations inside the operands stay frozen (live = false) */
    mo_buf_puts(o, "/* zc[r] = a - b for relation r (a op b), from t, x and the y and dx of the rhs call just made. */\n"
                   "static int zero_crossings(mo2c_data *d, double t, const double *x, const double *dx, double *zc)\n{\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    mo_buf_puts(o, "    (void)zc;\n");
    for (int r = 0; r < n; r++) {
        const mo_expr *e = ev->rels.v[r];
        cg->where_name = where(ev, e->loc, mo_sprintf("zero crossing of %s", ev->rel_text.v[r]));
        mo_buf_printf(o, "    zc[%d] = ", r);
        expr(cg, o, mo_sym_sub(e->a[0], e->a[1]), false);
        mo_buf_puts(o, "; /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n");
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");

    /* the relations compared directly, at the end of initialization */
    mo_buf_puts(o, "/* The relations at the start, compared directly (initialization is not frozen). */\n"
                   "static int init_relations(mo2c_data *d)\n{\n"
                   "    const double t = d->time;\n    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    for (int r = 0; r < n; r++) {
        cg->where_name = where(ev, ev->rels.v[r]->loc, ev->rel_text.v[r]);
        mo_buf_printf(o, "    d->rel[%d] = (unsigned char)(", r);
        expr(cg, o, ev->rels.v[r], true);
        mo_buf_puts(o, ");\n");
    }
    mo_buf_puts(o, "    return ok ? 0 : -1;\n}\n\n");

    /* time events */
    mo_buf_puts(o, "/* The first time event after t: T of the relations \"time op T\", the next sample instants. */\n"
                   "static double next_time_event(mo2c_data *d, double t)\n{\n"
                   "    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    mo_buf_puts(o, "    double T = HUGE_VAL, c;\n    (void)c;\n");
    for (int r = 0; r < n; r++) {
        if (!ev->rel_T.v[r])
            continue;
        cg->where_name = where(ev, ev->rels.v[r]->loc, ev->rel_text.v[r]);
        mo_buf_puts(o, "    c = ");
        expr(cg, o, ev->rel_T.v[r], true);
        mo_buf_puts(o, "; /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n    if (c > t && c < T)\n        T = c;\n");
    }
    for (int i = 0; i < ev->samples.n; i++) {
        const mo_expr *s = ev->samples.v[i];
        cg->where_name = where(ev, s->loc, "sample");
        mo_buf_puts(o, "    c = mo2c_sample_next(t, ");
        expr(cg, o, s->a[0], true);
        mo_buf_puts(o, ", ");
        expr(cg, o, s->a[1], true);
        mo_buf_puts(o, ");\n    if (c < T)\n        T = c;\n");
    }
    mo_buf_puts(o, "    return T;\n}\n\n");

    /* the guarded relations' watch (see the top) */
    bool any = false;
    for (int r = 0; r < n && !any; r++)
        any = !ev->rel_always.v[r];
    if (!any)
        return;
    mo_buf_puts(o, "/* Relations watched between events: those read only under conditions that change at events\n"
                   " * (pre(), parameters) while one of those holds or cannot be evaluated. */\n"
                   "static int rel_live(mo2c_data *d, unsigned char *on)\n{\n"
                   "    const double t = d->time;\n    const double *x = d->x;\n    const double *dx = d->dx;\n");
    mo_buf_puts(o, LOCALS);
    mo_cg_sreset(cg->dae, o);
    for (int r = 0; r < n; r++) {
        if (ev->rel_always.v[r])
            continue;
        cg->where_name = where(ev, ev->rels.v[r]->loc, mo_sprintf("guard of %s", ev->rel_text.v[r]));
        /* ok = 1 first and '|| !ok' last: a guard that fails (1/pre(n) with pre(n) = 0) keeps its relation
         * watched. It may be one the model evaluates only after the relation (the right operand B of 'A
         * and B', read only while A holds), which must not stop a run that never divides; and where the
         * model does reach it, the model's own evaluation fails there. */
        mo_buf_printf(o, "    ok = 1;\n    on[%d] = (unsigned char)((", r);
        for (int u = ev->rel_guard_head.v[r]; u >= 0; u = ev->guard_uses.v[u].next) {
            mo_buf_puts(o, u == ev->rel_guard_head.v[r] ? "(" : "\n        || (");
            /* outermost first, as the model evaluates them: 'pre(n) <> 0 and (1/pre(n) > 0.1 and
             * x > 0.5)' must not divide before its test (guard_note keeps chains short) */
            const mo_cg_guard *chain[MO_CG_MAX_GUARD_DEPTH];
            int depth = 0;
            for (const mo_cg_guard *g = ev->guard_uses.v[u].g; g; g = g->up)
                chain[depth++] = g;
            for (int k = depth - 1; k >= 0; k--) {
                mo_buf_puts(o, chain[k]->neg ? "!(" : "(");
                expr(cg, o, chain[k]->c, true);
                mo_buf_puts(o, k > 0 ? ") && " : ")");
            }
            mo_buf_puts(o, ")");
        }
        mo_buf_puts(o, ") || !ok); /* ");
        mo_cg_comment(o, ev->rel_text.v[r], 200);
        mo_buf_puts(o, " */\n");
    }
    mo_buf_puts(o, "    return 0;\n}\n\n");
    ev->has_live = true;
}

void mo_cg_events_init_start(mo_cg *cg, mo_buf *o)
{
    bool pre = false;
    for (int v = 0; v < cg->dae->vars.n && !pre; v++)
        pre = cg->dae->vars.v[v].kind == MO_DV_PRE;
    /* an algorithm's discrete-time output starts each run from pre() (codegen_alg.c from_pre), which
     * is its start value until the first event */
    for (int i = 0; i < cg->dae->algs.n && !pre; i++)
        for (int k = 0; k < cg->dae->algs.v[i].ninit && !pre; k++)
            pre = mo_dae_discrete_time(cg->dae, cg->dae->algs.v[i].init[k]);
    if ((cg->ev && cg->ev->any) || pre)
        mo_buf_puts(o, "    /* the start values as guesses of pre(v), which the initial system computes */\n"
                       "    mo2c_save_pre(d);\n");
}

void mo_cg_events_init_tail(mo_cg *cg, mo_buf *o)
{
    if (cg->ev && cg->ev->any)
        mo_buf_puts(o, "    /* the relations as they are at the start */\n"
                       "    if (init_relations(d) != 0)\n        return -1;\n");
}

int mo_cg_events_emit(mo_cg *cg, mo_buf *protos, mo_buf *funcs, mo_buf *fields)
{
    mo_cg_events *ev = cg->ev;
    if (!ev || !ev->any)
        return 0;
    const char *keep = cg->where_name;
    mo_buf body = {0};
    emit_relations(cg, &body);
    if (!emit_update(cg, &body))
        return 1;
    emit_check(cg, &body);
    cg->where_name = keep;
    int n = ev->rels.n;
    mo_buf_puts(protos, "static int init_relations(mo2c_data *d);\n\n");
    /* the relation table */
    mo_buf_puts(funcs, "/* Event relations: how zc[r] gives the relation (MO2C_REL_*), whether it is a time event, its text. */\n");
    mo_buf_puts(funcs, "static const int rel_op[] = {");
    for (int r = 0; r < n; r++) {
        static const char *const ops[] = {"MO2C_REL_LT", "MO2C_REL_LE", "MO2C_REL_GT", "MO2C_REL_GE"};
        mo_buf_printf(funcs, "%s%s", r ? ", " : "", ops[ev->rels.v[r]->op - MO_OP_LT]);
    }
    mo_buf_puts(funcs, n ? "};\nstatic const unsigned char rel_time[] = {" : "0};\nstatic const unsigned char rel_time[] = {");
    for (int r = 0; r < n; r++)
        mo_buf_printf(funcs, "%s%d", r ? ", " : "", ev->rel_dir.v[r]);
    mo_buf_puts(funcs, n ? "};\nstatic const char *const rel_text[] = {\n" : "0};\nstatic const char *const rel_text[] = {\n");
    for (int r = 0; r < n; r++) {
        mo_buf_puts(funcs, "    \"");
        mo_cg_c_string(funcs, ev->rel_text.v[r]);
        mo_buf_puts(funcs, "\",\n");
    }
    mo_buf_puts(funcs, n ? "};\n" : "    \"\",\n};\n");
    /* the statements the body names (EW<i>, &ok): one scan of the body (a search per statement took
     * time quadratic in the model: 8 s of 8.4 for 10^4 masses, each with its min check) */
    const char *text = mo_buf_str(&body);
    unsigned char *named = MO_NEWN(unsigned char, ev->where.n + 1);
    for (const char *p = strstr(text, "EW"); p; p = strstr(p + 2, "EW")) {
        char *end;
        long i = strtol(p + 2, &end, 10);
        if (end > p + 2 && strncmp(end, ", &ok)", 6) == 0 && i >= 0 && i < ev->where.n)
            named[i] = 1;
    }
    bool any = false;
    for (int i = 0; i < ev->where.n; i++) {
        if (!named[i])
            continue;
        if (!any)
            mo_buf_puts(funcs, "/* The statements named when a checked operation of an event function fails. */\n");
        any = true;
        mo_buf_printf(funcs, "static const char EW%d[] = \"", i);
        mo_cg_c_string(funcs, ev->where.v[i]);
        mo_buf_puts(funcs, "\";\n");
    }
    mo_buf_puts(funcs, "\n");
    mo_buf_puts(funcs, mo_buf_str(&body));
    mo_buf_printf(fields, "    .nrel = %d, .ncond = %d,\n    .rel_op = rel_op, .rel_time = rel_time, .rel_text = rel_text,\n"
                          "    .zero_crossings = zero_crossings, .update = update,\n"
                          "    .next_time_event = next_time_event, .check = check,\n", n, ev->ncond);
    if (ev->samples.n)
        mo_buf_printf(fields, "    .nsample = %d,\n", ev->samples.n);
    if (ev->has_live)
        mo_buf_puts(fields, "    .rel_live = rel_live,\n");
    /* the discrete y slots, which event iteration compares (mo2c_rt.h): first those when-clauses assign
     * (ny_held, compared exactly by the rounds), then those the equations compute */
    const mo_dae *dae = cg->dae;
    int nd = 0, nheld = 0;
    mo_buf_puts(funcs, "static const int y_discrete[] = {");
    for (int pass = 0; pass < 2; pass++) {
        for (int v = 0; v < dae->vars.n; v++) {
            const mo_dvar *dv = &dae->vars.v[v];
            if (dv->kind == (pass ? MO_DV_ALGEBRAIC : MO_DV_DISCRETE) && dv->slot >= 0 &&
                mo_dae_discrete_time(dae, v)) {
                mo_buf_printf(funcs, "%s%d", nd % 16 ? ", " : nd ? ",\n    " : "\n    ", dv->slot);
                nd++;
            }
        }
        if (!pass)
            nheld = nd;
    }
    mo_buf_printf(funcs, "%s-1};\n\n", nd ? ",\n    " : "");
    mo_buf_printf(fields, "    .ny_discrete = %d, .y_discrete = y_discrete, .ny_held = %d,\n", nd, nheld);
    return 0;
}
