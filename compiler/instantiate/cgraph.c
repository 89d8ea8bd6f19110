/*
 * cgraph.c - overdetermined connectors and their virtual connection graph (spec 9.4).
 *
 * A type or record with an equalityConstraint function is overdetermined; every instance of one inside
 * a connector is a node of the graph. Its edges: connect-equations between connectors holding such nodes
 * (optional spanning-tree edges) and Connections.branch(a.R, b.R) (required ones); its roots:
 * Connections.root(a.R) (definite) and Connections.potentialRoot(a.R, priority) (potential). Once the
 * whole model is instantiated (mo_cg_finish, before cardinality and the connection sets):
 *   1. redundant connects (both ends already in one connection set) are dropped (9.4.2.1);
 *   2. required edges must not close a cycle, and two definite roots must not be joined by them;
 *   3. every subgraph needs a root: its definite roots, or else the potential root of lowest priority;
 *   4. a spanning forest with one tree per root keeps all required edges and as many optional ones as
 *      possible (union-find over the edges in source order, every root joined to one virtual node first);
 *   5. an optional edge in the forest gives the normal equations a.R = b.R (its pairs go to connect.c
 *      now); one outside it gives 0 = R.equalityConstraint(a.R, b.R) instead: nothing when the residue
 *      has size 0 (as in Electrical.QuasiStatic), a located "not supported yet" otherwise (a kinematic
 *      loop of MultiBody).
 * Connections.isRoot(a.R) and Connections.rooted(a.R) are placeholders until then (as cardinality.c's are,
 * and if-equations whose conditions use them wait with cardinality's), then Boolean literals.
 * Nodes are named by their first flat variable. Everything is linear in the graph (union-find with path
 * halving, a breadth-first search for rooted); the workspace is freed by mo_cg_finish.
 */
#include "aval.h"

#include <stdlib.h>
#include <string.h>

enum { CG_BRANCH, CG_ROOT, CG_POTENTIAL };

typedef struct cg_edge {       /* an optional edge: the overdetermined element of a connect's two sides */
    mo_slot a, b;
    bool aout, bout;
    const mo_eq *q;
    int conn;
    mo_class *od;              /* the overdetermined class (holding equalityConstraint) */
    /* for 0 = R.equalityConstraint(a.R, b.R): the connect's scope, a.R and b.R as written there (NULL when
     * they cannot be: an element inside an array of the connect's sides), the iterators in scope */
    mo_inst *inst;
    mo_class *owner;
    mo_expr *ra, *rb;
    int niters;
    const char **iter_names;
    mo_expr **iter_vals;
} cg_edge;

/* The connect mo_connect_add is pairing (connect.c), NULL for pairings of other origins */
static struct { mo_inst *inst; mo_class *owner; const mo_slot *a; const mo_eq *q; } cur;

typedef struct cg_stmt {       /* Connections.branch / root / potentialRoot */
    int kind;
    int a, b;                  /* nodes' first variables (b: branch only) */
    long long priority;
    mo_loc loc;
} cg_stmt;

static MO_VEC(cg_edge) edges;
static MO_VEC(cg_stmt) stmts;
static MO_VEC(mo_expr *) placeholders;   /* isRoot / rooted calls of one variable, made literals at the end */
static bool done;
/* after mo_cg_finish, per variable: 1 when it names a selected root; for rooted, 1 or 0 (its one
 * branch's first argument, nearer the root or not), 2 when it is the first argument of no branch,
 * 3 of several */
static unsigned char *is_root, *rooted;
static int nvars;

static bool resolve_placeholders(const mo_front *fr);

/* ---- which elements are overdetermined ---- */

/* The overdetermined class a declaration's type is (a record or type, or a short class of one, with an
 * equalityConstraint function), or NULL. */
static mo_class *od_class(const mo_layout_item *it)
{
    static const char *eqc;
    if (!eqc)
        eqc = mo_intern_cstr("equalityConstraint");
    mo_found f;
    if (mo_lookup_name(it->owner, it->elem->type, &f) >= 0 || !f.cls)
        return NULL;
    for (mo_class *c = f.cls; c; c = c->form == MO_FORM_SHORT ? mo_short_target(c) : NULL) {
        mo_found g = mo_lookup_member(c, eqc);
        if (g.cls && g.cls->kind == MO_CL_FUNCTION)
            return c;
    }
    return NULL;
}

bool mo_cg_overdetermined(const mo_layout_item *it)
{
    return od_class(it) != NULL;
}

static int residue_size(mo_class *od);

int mo_cg_residue(const mo_layout_item *it)
{
    mo_class *od = od_class(it);
    return od ? residue_size(od) : -1;
}

/* Per item of a layout, 1 when it is overdetermined; NULL when none is (the common case, answered once
 * per layout: connect.c asks on every pairing of connector instances). */
static const unsigned char *layout_od(mo_layout *lay)
{
    if (lay->od_state == 0) {
        lay->od_state = 1;
        for (int i = 0; i < lay->n; i++)
            if (lay->items[i].elem->kind == MO_ELEM_COMPONENT && od_class(&lay->items[i])) {
                if (!lay->od_items)
                    lay->od_items = MO_NEWN(unsigned char, lay->n);
                lay->od_items[i] = 1;
                lay->od_state = 2;
            }
    }
    return lay->od_state == 2 ? lay->od_items : NULL;
}

void mo_cg_connect(mo_inst *inst, mo_class *owner, const mo_slot *a, const mo_eq *q)
{
    cur.inst = inst;
    cur.owner = owner;
    cur.a = a;
    cur.q = q;
}

/* ref extended by the dotted path rest ("" or ".x.y", no subscripts) and the identifier name; NULL when
 * rest has subscripts */
static mo_expr *extend_ref(const mo_expr *ref, const char *rest, const char *name)
{
    if (strchr(rest, '['))
        return NULL;
    int extra = 1;
    for (const char *s = rest; *s; s++)
        extra += *s == '.';
    mo_expr *r = mo_expr_dup(ref);
    r->parts = MO_NEWN(mo_ref_part, ref->nparts + extra);
    memcpy(r->parts, ref->parts, sizeof(mo_ref_part) * (size_t)ref->nparts);   /* (shares subscripts) */
    int k = ref->nparts;
    for (const char *s = rest; *s == '.'; k++) {
        const char *end = strchr(s + 1, '.');
        size_t len = end ? (size_t)(end - s - 1) : strlen(s + 1);
        r->parts[k].id = mo_intern(s + 1, len);
        r->parts[k].nsubs = 0;
        mo_ref_part_set_loc(r, k, ref->loc);
        s += 1 + len;
    }
    r->parts[k].id = name;
    r->parts[k].nsubs = 0;
    mo_ref_part_set_loc(r, k, ref->loc);
    r->nparts = k + 1;
    return r;
}

bool mo_cg_edge(mo_front *fr, const mo_inst *ia, int i, const mo_slot *a, const mo_slot *b, bool aout, bool bout,
                const mo_eq *q, int conn)
{
    (void)fr;
    const unsigned char *od = layout_od(ia->lay);
    if (!od || !od[i])
        return false;
    if (a->kind == MO_SK_NONE || b->kind == MO_SK_NONE)
        return true;
    if (done) {
        mo_error(q->loc, "not supported yet: a connect of overdetermined connectors after the connection graph was built "
                         "(inside an if-equation whose condition uses cardinality or Connections.isRoot)");
        return true;
    }
    cg_edge e = {*a, *b, aout, bout, q, conn, od_class(&ia->lay->items[i]), NULL, NULL, NULL, NULL, 0, NULL, NULL};
    /* a.R and b.R as the connect writes them: the path from a's connector to ia, then the element */
    if (cur.q == q && cur.a->kind == MO_SK_INST && !strncmp(ia->path, cur.a->child->path, strlen(cur.a->child->path))) {
        const char *rest = ia->path + strlen(cur.a->child->path), *name = ia->lay->items[i].elem->name;
        e.inst = cur.inst;
        e.owner = cur.owner;
        e.ra = extend_ref(q->lhs, rest, name);
        e.rb = e.ra ? extend_ref(q->rhs, rest, name) : NULL;
        e.niters = mo_iter_snapshot(&e.iter_names, &e.iter_vals);
    }
    MO_PUSH(edges, e);
    mo_eval_note_read();   /* no clone template (flatten_clone.c copies pairs, not edges) */
    return true;
}

int mo_cg_edge_count(void)
{
    return edges.n;
}

/* ---- the operators ---- */

static const char *op_name(const char *fn)
{
    fn += fn[0] == '.';
    return !strncmp(fn, "Connections.", 12) ? fn + 12 : fn;
}

/* The node ref names: the first variable of what it denotes; -1 (after an error) or -2 (through a
 * disabled conditional component: the operator is dropped, as a connect to one is). */
static int node_of(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *ref, const char *op)
{
    if (!ref || ref->kind != MO_EX_REF) {
        mo_error(ref ? ref->loc : (mo_loc){0}, "the argument of Connections.%s must be an overdetermined type or record instance of a connector", op);
        return -1;
    }
    mo_sref s;
    bool disabled = false;
    int r = inst ? mo_find_slots(fr, inst, owner, ref, &s, &disabled) : 0;
    if (r < 0)
        return -1;
    if (disabled)
        return -2;
    int v = r == 0 ? -1 : mo_slot_first_var(s.nd ? &s.slots[0] : &s.one);
    if (v < 0 || !(r > 0))
        mo_error(ref->loc, "the argument of Connections.%s must be an overdetermined type or record instance of a connector",
                 op);
    return v;
}

bool mo_cg_statement(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_eq *q, const char *fn, bool initial)
{
    const char *op = op_name(fn);
    const mo_expr *c = q->lhs;
    int kind = !strcmp(op, "branch") ? CG_BRANCH : !strcmp(op, "root") ? CG_ROOT
                                     : !strcmp(op, "potentialRoot") ? CG_POTENTIAL : -1;
    if (kind < 0) {
        mo_error(q->loc, strcmp(op, "isRoot") && strcmp(op, "rooted") ? "not supported yet: '%s' (spec 9.4)"
                                                                       : "'%s' returns a value: it is no equation", fn);
        return false;
    }
    if (initial) {
        mo_error(q->loc, "'%s' is not allowed in an initial equation section (spec 9.4: only where a connect-equation is)", fn);
        return false;
    }
    if (mo_in_event_body()) {
        mo_error(q->loc, "'%s' is not allowed inside a when-equation or an if-equation with a time-varying condition "
                         "(spec 9.4: only where a connect-equation is)", fn);
        return false;
    }
    if (done) {
        mo_error(q->loc, "not supported yet: '%s' inside an if-equation whose condition uses cardinality or Connections.isRoot", fn);
        return false;
    }
    int nargs = kind == CG_ROOT ? 1 : 2;
    if (c->nnamed > (kind == CG_POTENTIAL) || c->n + c->nnamed > nargs || c->n < 1 || (kind == CG_BRANCH && c->n != 2) ||
        (c->nnamed && strcmp(c->named[0].name, "priority"))) {
        mo_error(q->loc, kind == CG_BRANCH ? "Connections.branch takes two arguments, a.R and b.R"
                         : kind == CG_ROOT ? "Connections.root takes one argument, a.R"
                                           : "Connections.potentialRoot takes a.R and optionally priority = p");
        return false;
    }
    cg_stmt s = {kind, -1, -1, 0, q->loc};
    if ((s.a = node_of(fr, inst, owner, c->a[0], op)) == -1)
        return false;
    if (kind == CG_BRANCH && (s.b = node_of(fr, inst, owner, c->a[1], op)) == -1)
        return false;
    if (kind == CG_POTENTIAL && c->n + c->nnamed == 2) {
        const mo_expr *p = c->n == 2 ? c->a[1] : c->named[0].value;
        if (!mo_eval_int(fr, inst, owner, p, "the priority of Connections.potentialRoot", &s.priority))
            return false;
        if (s.priority < 0) {
            mo_error(p->loc, "the priority of Connections.potentialRoot must be >= 0, not %lld", s.priority);
            return false;
        }
    }
    if (s.a == -2 || s.b == -2)   /* through a disabled conditional component */
        return true;
    MO_PUSH(stmts, s);
    mo_eval_note_read();   /* no clone template: the graph is the model's */
    return true;
}

bool mo_cg_waits(const mo_expr *fn)
{
    if (!fn || fn->kind != MO_EX_REF || fn->nparts > 2)
        return false;
    const char *name = mo_ref_str(fn);
    if (!mo_func_connections_op(name))
        return false;
    const char *op = op_name(name);
    return !strcmp(op, "isRoot") || !strcmp(op, "rooted");
}

bool mo_cg_call(mo_front *fr, mo_inst *inst, mo_class *owner, const mo_expr *e, const char *name, mo_aval *out)
{
    const char *op = op_name(name);
    if (strcmp(op, "isRoot") && strcmp(op, "rooted")) {
        mo_error(e->loc, "'%s' is an equation, not a value (spec 9.4)", name);
        return false;
    }
    if (e->n != 1 || e->nnamed) {
        mo_error(e->loc, "Connections.%s takes one argument, a.R", op);
        return false;
    }
    int v = node_of(fr, inst, owner, e->a[0], op);
    if (v == -1)
        return false;
    if (v == -2) {
        mo_error(e->a[0]->loc, "Connections.%s of a disabled conditional component", op);
        return false;
    }
    mo_eval_note_read();
    mo_expr *a = mo_var_expr(e->a[0]->loc, v);
    mo_expr *p = mo_expr_call(e->loc, !strcmp(op, "isRoot") ? "Connections.isRoot" : "Connections.rooted", 1, &a);
    MO_PUSH(placeholders, p);
    mo_av_scalar(out, p);
    return !done || resolve_placeholders(fr);
}

/* ---- the graph ---- */

static int uf_find(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];   /* path halving */
        x = parent[x];
    }
    return x;
}

/* Join the sets of x and y; false when they were one already. */
static bool uf_join(int *parent, int x, int y)
{
    x = uf_find(parent, x);
    y = uf_find(parent, y);
    if (x == y)
        return false;
    parent[x < y ? y : x] = x < y ? x : y;
    return true;
}

static const char *var_name(const mo_front *fr, int v)
{
    return mo_flat_var_name(fr->flat, v);
}

/* The size of the residue equalityConstraint of od returns, or -1 when it is not a literal. */
static int residue_size(mo_class *od)
{
    mo_found f = mo_lookup_member(od, mo_intern_cstr("equalityConstraint"));
    mo_layout *lay = f.cls ? mo_layout_of(f.cls) : NULL;
    for (int i = 0; lay && i < lay->n; i++) {
        const mo_element *el = lay->items[i].elem;
        if (el->kind != MO_ELEM_COMPONENT || !(el->flags & MO_PF_OUTPUT))
            continue;
        const mo_expr *d = el->ndims == 1 ? el->dims[0] : el->ntype_dims == 1 ? el->type_dims[0] : NULL;
        return d && d->kind == MO_EX_INT ? (int)d->ival : -1;
    }
    return -1;
}

/* 0 = R.equalityConstraint(a.R, b.R) for the broken edge e, whose residue has n > 0 elements */
static bool constraint_equations(mo_front *fr, const cg_edge *e, int n)
{
    if (!e->ra || !e->rb) {
        mo_error(e->q->loc, "not supported yet: this connect closes a loop of overdetermined connectors (%s and %s) inside "
                            "an array of connectors, which needs 0 = %s.equalityConstraint(...) (spec 9.4.3)",
                 var_name(fr, mo_slot_first_var(&e->a)), var_name(fr, mo_slot_first_var(&e->b)), mo_class_full_name(e->od));
        return false;
    }
    mo_found f = mo_lookup_member(e->od, mo_intern_cstr("equalityConstraint"));
    mo_expr *args[2] = {e->ra, e->rb};
    mo_expr *call = mo_expr_call(e->q->loc, mo_sprintf("%s.equalityConstraint", mo_class_full_name(e->od)), 2, args);
    for (int k = 0; k < e->niters; k++)
        mo_iter_push(e->iter_names[k], e->iter_vals[k]);
    mo_expr *user = NULL;
    mo_aval r;
    int k = mo_func_flatten_class_call(fr, e->inst, e->owner, f.cls, call, &user, &r);
    for (int j = 0; j < e->niters; j++)
        mo_iter_pop();
    if (k < 0)
        return false;
    if (k == 1)
        mo_av_scalar(&r, user);
    if (r.n != n) {
        mo_error(e->q->loc, "%s.equalityConstraint returns %d values, not the %d of its residue", mo_class_full_name(e->od),
                 r.n, n);
        return false;
    }
    for (int i = 0; i < r.n; i++) {
        mo_feq q = {e->q->loc, e->inst->path, MO_ORIGIN_EQUATION, 0, mo_expr_real(e->q->loc, 0), mo_av_at(&r, i), NULL};
        MO_VEC_RESERVE(fr->flat->eqs, 1);
        MO_PUSH(fr->flat->eqs, q);
    }
    return true;
}

/* Node numbers: per variable 1 + its node, 0: none. */
static int node(int *of_var, int *nnodes, int v)
{
    if (!of_var[v])
        of_var[v] = ++*nnodes;
    return of_var[v] - 1;
}

bool mo_cg_finish(mo_front *fr)
{
    done = true;
    if (!edges.n && !stmts.n && !placeholders.n)
        return true;
    nvars = fr->flat->vars.n;
    int *of_var = mo_calloc((size_t)nvars, sizeof(int)), nn = 0;
    int *ea = mo_calloc((size_t)edges.n, sizeof(int)), *eb = mo_calloc((size_t)edges.n, sizeof(int));
    for (int i = 0; i < edges.n; i++) {
        ea[i] = node(of_var, &nn, mo_slot_first_var(&edges.v[i].a));
        eb[i] = node(of_var, &nn, mo_slot_first_var(&edges.v[i].b));
    }
    for (int i = 0; i < stmts.n; i++) {
        node(of_var, &nn, stmts.v[i].a);
        if (stmts.v[i].kind == CG_BRANCH)
            node(of_var, &nn, stmts.v[i].b);
    }
    int *set = mo_calloc((size_t)nn + 1, sizeof(int)), *tree = mo_calloc((size_t)nn + 1, sizeof(int));
    int *comp = mo_calloc((size_t)nn + 1, sizeof(int));
    for (int k = 0; k <= nn; k++)
        set[k] = tree[k] = comp[k] = k;
    /* 1. redundant connects: their ends are in one connection set already */
    unsigned char *redundant = mo_calloc((size_t)edges.n, 1);
    for (int i = 0; i < edges.n; i++)
        redundant[i] = !uf_join(set, ea[i], eb[i]);
    /* 2. required edges: no cycle */
    bool ok = true;
    for (int i = 0; ok && i < stmts.n; i++) {
        const cg_stmt *s = &stmts.v[i];
        if (s->kind != CG_BRANCH)
            continue;
        int a = of_var[s->a] - 1, b = of_var[s->b] - 1;
        uf_join(comp, a, b);
        if (!uf_join(tree, a, b)) {
            mo_error(s->loc, "Connections.branch(%s, %s) closes a cycle of required spanning-tree edges (spec 9.4.2)",
                     var_name(fr, s->a), var_name(fr, s->b));
            ok = false;
        }
    }
    for (int i = 0; i < edges.n; i++)
        if (!redundant[i])
            uf_join(comp, ea[i], eb[i]);
    /* 3. the roots: definite ones, else per subgraph the potential one of lowest priority */
    int *best = mo_calloc((size_t)nn + 1, sizeof(int));   /* per subgraph: 1 + its chosen statement, 0: none */
    int *definite = mo_calloc((size_t)nn + 1, sizeof(int));   /* per required-edge tree: 1 + its definite root */
    for (int i = 0; ok && i < stmts.n; i++) {
        const cg_stmt *s = &stmts.v[i];
        if (s->kind != CG_ROOT)
            continue;
        int a = of_var[s->a] - 1, t = uf_find(tree, a), c = uf_find(comp, a);
        if (definite[t] && stmts.v[definite[t] - 1].a != s->a) {
            mo_error(s->loc, "definite roots %s and %s are joined by required spanning-tree edges (spec 9.4.2)",
                     var_name(fr, stmts.v[definite[t] - 1].a), var_name(fr, s->a));
            mo_note(stmts.v[definite[t] - 1].loc, "the other root is defined here");
            ok = false;
        }
        definite[t] = i + 1;
        best[c] = -1;   /* a subgraph with a definite root takes no potential one */
    }
    for (int i = 0; ok && i < stmts.n; i++) {
        const cg_stmt *s = &stmts.v[i];
        int c = uf_find(comp, of_var[s->a] - 1);
        if (s->kind == CG_POTENTIAL && best[c] >= 0 && (!best[c] || s->priority < stmts.v[best[c] - 1].priority))
            best[c] = i + 1;
    }
    is_root = MO_NEWN(unsigned char, nvars + 1);   /* (arena: read by placeholders made later too) */
    for (int i = 0; ok && i < stmts.n; i++) {
        const cg_stmt *s = &stmts.v[i];
        int a = of_var[s->a] - 1, c = uf_find(comp, a);
        if (!(s->kind == CG_ROOT || (s->kind == CG_POTENTIAL && best[c] == i + 1)) || is_root[s->a])
            continue;
        is_root[s->a] = 1;
        if (!uf_join(tree, nn, a) && s->kind == CG_POTENTIAL) {   /* nn: the virtual node above every root */
            mo_error(s->loc, "the potential root %s is joined to a definite root by required spanning-tree edges "
                             "(spec 9.4.2)", var_name(fr, s->a));
            ok = false;
        }
    }
    /* every subgraph has a root */
    unsigned char *rooted_comp = mo_calloc((size_t)nn + 1, 1);
    for (int v = 0; v < nvars; v++)
        if (of_var[v] && is_root[v])
            rooted_comp[uf_find(comp, of_var[v] - 1)] = 1;
    for (int i = 0; ok && i < edges.n; i++)
        if (!rooted_comp[uf_find(comp, ea[i])]) {
            mo_error(edges.v[i].q->loc, "the connection graph of overdetermined connectors that joins %s and %s has no root: "
                                        "it needs Connections.root or Connections.potentialRoot (spec 9.4.2)",
                     var_name(fr, mo_slot_first_var(&edges.v[i].a)), var_name(fr, mo_slot_first_var(&edges.v[i].b)));
            ok = false;
        }
    for (int i = 0; ok && i < stmts.n; i++)
        if (stmts.v[i].kind == CG_BRANCH && !rooted_comp[uf_find(comp, of_var[stmts.v[i].a] - 1)]) {
            mo_error(stmts.v[i].loc, "the connection graph of overdetermined connectors that holds this branch has no root: "
                                     "it needs Connections.root or Connections.potentialRoot (spec 9.4.2)");
            ok = false;
        }
    /* 4. and 5. the spanning forest: optional edges in source order; the equations of each */
    unsigned char *in_tree = mo_calloc((size_t)edges.n, 1);
    for (int i = 0; ok && i < edges.n; i++) {
        const cg_edge *e = &edges.v[i];
        if (redundant[i])
            continue;
        if (uf_join(tree, ea[i], eb[i])) {
            in_tree[i] = 1;
            ok = mo_connect_pair(fr, &e->a, &e->b, e->aout, e->bout, e->q, e->conn);
            continue;
        }
        int n = residue_size(e->od);
        if (n < 0) {
            mo_error(e->q->loc, "not supported yet: the size of the residue of %s.equalityConstraint is no literal",
                     mo_class_full_name(e->od));
            ok = false;
        } else if (n > 0) {
            ok = constraint_equations(fr, e, n);
        }
    }
    /* rooted: depths in the forest, by breadth-first search from the roots over its edges */
    if (ok) {
        int *start = mo_calloc((size_t)nn + 2, sizeof(int)), ne = 0;
        for (int i = 0; i < edges.n; i++)
            if (in_tree[i]) {
                start[ea[i] + 1]++;
                start[eb[i] + 1]++;
                ne++;
            }
        for (int i = 0; i < stmts.n; i++)
            if (stmts.v[i].kind == CG_BRANCH) {
                start[of_var[stmts.v[i].a]]++;
                start[of_var[stmts.v[i].b]]++;
                ne++;
            }
        for (int k = 0; k < nn; k++)
            start[k + 1] += start[k];
        int *adj = mo_calloc((size_t)ne * 2, sizeof(int)), *fill = mo_calloc((size_t)nn + 1, sizeof(int));
        memcpy(fill, start, sizeof(int) * (size_t)(nn + 1));
        for (int i = 0; i < edges.n; i++)
            if (in_tree[i]) {
                adj[fill[ea[i]]++] = eb[i];
                adj[fill[eb[i]]++] = ea[i];
            }
        for (int i = 0; i < stmts.n; i++)
            if (stmts.v[i].kind == CG_BRANCH) {
                int a = of_var[stmts.v[i].a] - 1, b = of_var[stmts.v[i].b] - 1;
                adj[fill[a]++] = b;
                adj[fill[b]++] = a;
            }
        int *dep = mo_calloc((size_t)nn + 1, sizeof(int)), *queue = mo_calloc((size_t)nn + 1, sizeof(int)), qh = 0, qt = 0;
        for (int k = 0; k < nn; k++)
            dep[k] = -1;
        for (int v = 0; v < nvars; v++)
            if (of_var[v] && is_root[v]) {
                dep[of_var[v] - 1] = 0;
                queue[qt++] = of_var[v] - 1;
            }
        while (qh < qt) {
            int k = queue[qh++];
            for (int j = start[k]; j < start[k + 1]; j++)
                if (dep[adj[j]] < 0) {
                    dep[adj[j]] = dep[k] + 1;
                    queue[qt++] = adj[j];
                }
        }
        rooted = MO_NEWN(unsigned char, nvars + 1);
        for (int v = 0; v < nvars; v++)
            rooted[v] = 2;
        for (int i = 0; i < stmts.n; i++) {
            const cg_stmt *s = &stmts.v[i];
            if (s->kind == CG_BRANCH)
                rooted[s->a] = rooted[s->a] != 2 ? 3 : dep[of_var[s->a] - 1] < dep[of_var[s->b] - 1];
        }
        free(start);
        free(adj);
        free(fill);
        free(dep);
        free(queue);
    }
    free(of_var);
    free(ea);
    free(eb);
    free(set);
    free(tree);
    free(comp);
    free(redundant);
    free(best);
    free(definite);
    free(rooted_comp);
    free(in_tree);
    edges.n = 0;
    return ok && resolve_placeholders(fr);
}

/* isRoot and rooted placeholders into literals (a placeholder is a whole call node: cardinality.c) */
static bool resolve_placeholders(const mo_front *fr)
{
    bool ok = true;
    for (int i = 0; i < placeholders.n; i++) {
        mo_expr *p = placeholders.v[i];
        int v = p->a[0]->var;
        bool value;
        if (!strcmp(p->fn->parts[0].id, "Connections.isRoot")) {
            value = is_root && is_root[v];
        } else {
            int r = rooted && v < nvars ? rooted[v] : 2;
            if (r >= 2) {
                mo_error(p->loc, "Connections.rooted(a.R) needs exactly one Connections.branch(a.R, b.R) with a.R first "
                                 "(spec 9.4.1); %s is the first argument of %s", var_name(fr, v), r == 2 ? "none" : "several");
                ok = false;
                continue;
            }
            value = r;
        }
        p->kind = MO_EX_BOOL;
        p->n = 0;
        p->a = NULL;
        p->ival = value;
        p->text = NULL;
    }
    placeholders.n = 0;
    return ok;
}
