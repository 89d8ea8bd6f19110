/*
 * strvars.c - String variables (not parameters) of a model, after mo_flat_unshare.
 *
 * mo2c keeps Strings out of the equations the back end solves (str.h): a String value is known when the
 * model is compiled. A String variable fits that model when its equation gives it such a value
 * (String s = "a"; s = "Testing" + " " + p; s1 = String(111.222); s2 = s1 + "x"): its value never changes,
 * so it is a constant in all but name. This pass finds those values, in the order the equations depend
 * on each other (Kahn's algorithm over the variables, linear), makes each such variable a constant whose
 * binding is its value, drops its equation, and folds what reads it: comparisons of Strings (deferred by
 * flatten_str.c's mo_str_binary when a String variable was an operand) become Boolean literals.
 * A String variable whose equation gives it a value known only when the model runs (s = f(k) with a
 * function's String result, s = String(x), joins of such), and that nothing else gives a value (a second
 * equation, a when-clause, an algorithm), is built where it is read: its expression (with the variables it
 * reads built in turn, in the same order) replaces every read of it, and codegen_str.c builds the String
 * there (comparisons, messages, String arguments of calls).
 * A discrete String variable that only when-equations assign, each a known text or a choice among known
 * texts, is held as the position of its text among those it takes (held_as_index: a discrete Integer
 * the when-equations assign), and every read of it is the choice of its text by that position.
 * A String variable nothing reads (outside its own equations and when-assignments) cannot be seen: it is
 * not a result column (no String is), so its equations and when-assignments are dropped and it keeps its
 * start value. Any other String variable stays, and dae.c reports it as not supported yet.
 * Input: the flat model, every equation with trees of its own (mo_flat_unshare; flatten_clone.c makes no
 * clone of a component with String variables). Trees are rewritten in place.
 */
#include "str.h"

#include <stdlib.h>
#include <string.h>

static bool is_svar(const mo_flat *flat, const mo_expr *e)
{
    return e && e->kind == MO_EX_VAR && flat->vars.v[e->var].type == MO_T_STRING &&
           flat->vars.v[e->var].variability > MO_VAR_PARAMETER;
}

static bool is_rel(mo_op op)
{
    return op == MO_OP_EQ || op == MO_OP_NE || op == MO_OP_LT || op == MO_OP_LE || op == MO_OP_GT || op == MO_OP_GE;
}

/* The name of e when it is pre(s), previous(s) or change(s) of a String variable s built at run time
 * (subst[s]), else NULL. */
static const char *shifted_read(mo_expr *const *subst, const mo_expr *e)
{
    if (e->kind != MO_EX_CALL || e->func || e->n != 1 || e->a[0]->kind != MO_EX_VAR || !subst[e->a[0]->var] ||
        !e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1)
        return NULL;
    const char *n = e->fn->parts[0].id;
    return !strcmp(n, "pre") || !strcmp(n, "previous") || !strcmp(n, "change") ? n : NULL;
}

/* c, the expression that builds a String at run time, as it was before the event (op "pre") or at the
 * clock's previous tick ("previous"): every variable it reads, parameters aside, becomes op(v), since
 * pre of an expression of discrete variables is that expression of their pre values (3.7.5). That also
 * covers a discrete String held as an index (a choice among texts by an Integer). An operand already in
 * pre, previous or change has no such value (pre(pre(v)) is no Modelica): a located not supported yet,
 * and *ok false. Recursion over one expression (at most MAX_BUILT nodes, too_large). */
static mo_expr *shift_tree(const mo_flat *flat, const mo_expr *c, const char *op, mo_loc at, bool *ok)
{
    if (c->kind == MO_EX_VAR)
        return flat->vars.v[c->var].variability > MO_VAR_PARAMETER
                   ? mo_expr_call(at, op, 1, (mo_expr *[]){mo_expr_copy(c)})
                   : mo_expr_copy(c);
    if (c->kind == MO_EX_CALL && !c->func && c->fn && c->fn->kind == MO_EX_REF && c->fn->nparts == 1) {
        const char *n = c->fn->parts[0].id;
        if (!strcmp(n, "pre") || !strcmp(n, "previous") || !strcmp(n, "change") || !strcmp(n, "sample") ||
            !strcmp(n, "edge") || !strcmp(n, "initial")) {
            if (*ok)
                mo_error(at, "not supported yet: %s() of a String built from %s() (its value before the event)",
                         op, n);
            *ok = false;
            return mo_expr_copy(c);
        }
    }
    mo_expr *r = mo_expr_copy(c);
    for (int i = 0; i < r->n; i++)
        if (c->a[i])
            r->a[i] = shift_tree(flat, c->a[i], op, at, ok);
    for (int i = 0; i < r->nnamed; i++)   /* String(x, significantDigits = n): n before the event too */
        r->named[i].value = shift_tree(flat, c->named[i].value, op, at, ok);
    return r;
}

/* Does e vary continuously in time: does it read time, a der() or a Real variable (not a parameter; one
 * that a when-clause assigns counts too, harmlessly: lift_events then makes a variable that needs none)?
 * pre(), edge() and change() hold their operands' values from before the event. Recursion over one
 * expression (one a String is built from: depth-limited by the parser). */
static bool reads_continuous(const mo_flat *flat, const mo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == MO_EX_TIME || e->kind == MO_EX_DER)
        return true;
    if (e->kind == MO_EX_VAR)
        return flat->vars.v[e->var].type == MO_T_REAL && flat->vars.v[e->var].variability == MO_VAR_CONTINUOUS;
    if (e->kind == MO_EX_CALL && !e->func && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1) {
        const char *n = e->fn->parts[0].id;
        if (!strcmp(n, "pre") || !strcmp(n, "edge") || !strcmp(n, "change"))
            return false;
    }
    for (int i = 0; i < e->n; i++)
        if (reads_continuous(flat, e->a[i]))
            return true;
    for (int i = 0; i < e->nnamed; i++)
        if (reads_continuous(flat, e->named[i].value))
            return true;
    return false;
}

/* The name of built-in call e when it is fn of one of the names in list (NULL-terminated), else NULL. */
static const char *builtin_in(const mo_expr *e, const char *const *list)
{
    if (e->kind != MO_EX_CALL || e->func || !e->fn || e->fn->kind != MO_EX_REF || e->fn->nparts != 1)
        return NULL;
    for (int i = 0; list[i]; i++)
        if (!strcmp(e->fn->parts[0].id, list[i]))
            return list[i];
    return NULL;
}

typedef struct lifted {
    int owner, count;         /* the String variable whose equation is rewritten; variables made for it */
    MO_VEC(mo_feq) eqs;       /* their equations, appended to the model's when the pass is done */
    MO_VEC(mo_expr *) guard;  /* the if-expression conditions (lifted; negated for a later branch) that
                                 hold where the part being lifted is evaluated */
} lifted;

/* The value of a lifted variable of type t where its part is not evaluated (never read there). */
static mo_expr *unread_value(mo_loc loc, mo_basetype t)
{
    return t == MO_T_BOOLEAN ? mo_expr_bool(loc, false) : t == MO_T_INTEGER ? mo_expr_int(loc, 0) : mo_expr_real(loc, 0);
}

/* e, part of the expression of a String variable, with every part whose value changes at events only
 * while it reads continuous values replaced by a variable of its own that an equation gives that value:
 * an event-triggering call (integer, floor, ceil, div, mod, rem: 3.7.1.1) and a relation of numbers,
 * Booleans or enumerations (3.7.1). That variable is what the rest of the compiler knows how to treat:
 * evcalls.c makes the call change at its events (a zero crossing stops the integrator there), a relation
 * makes its own, and pre() of the variable is its value before the event, so pre(s) and change(s)
 * (shift_tree) are right where pre(integer(10*time)) would be today's value. Inside noEvent() and
 * smooth() nothing is lifted (no event wanted there). A part in a branch of an if-expression is
 * evaluated only where the branch's conditions G hold (3.3: 'if x > 0.1 then String(integer(1/x))' never
 * divides by zero), and so is its variable's equation: v = if G then part else a value nothing reads
 * (s reads v only under G, pre(s) reads pre(v) only under pre(G)). Recursion over one expression
 * (depth-limited by the parser). */
static mo_expr *lift_events(mo_flat *flat, mo_expr *e, lifted *l)
{
    static const char *const quiet[] = {"noEvent", "smooth", NULL};
    static const char *const calls1[] = {"integer", "floor", "ceil", NULL};
    static const char *const calls2[] = {"div", "mod", "rem", NULL};
    if (!e || builtin_in(e, quiet))
        return e;
    const char *fn = builtin_in(e, calls1);
    bool call = (fn && e->n == 1) || (builtin_in(e, calls2) && e->n == 2);
    bool rel = e->kind == MO_EX_BINARY && is_rel((mo_op)e->op) && !mo_str_rt_relation(flat, e);
    if ((call || rel) && !e->nnamed && reads_continuous(flat, e)) {
        /* integer() is an Integer; floor, ceil and div, mod, rem of a continuous (Real) operand are Reals */
        mo_basetype t = rel ? MO_T_BOOLEAN : fn && !strcmp(fn, "integer") ? MO_T_INTEGER : MO_T_REAL;
        mo_var_attr *attr = MO_NEW(mo_var_attr);
        attr->loc = e->loc;
        attr->comment = "a part of a String's expression that changes at events (strvars.c lift_events)";
        int k = mo_flat_add_var(flat, mo_sprintf("%s.event%d", flat->vars.v[l->owner].name, ++l->count), t,
                                t == MO_T_REAL ? MO_VAR_CONTINUOUS : MO_VAR_DISCRETE, attr);
        mo_expr *g = NULL;
        for (int i = 0; i < l->guard.n; i++) {
            mo_expr *c = mo_expr_copy(l->guard.v[i]);
            g = g ? mo_expr_binary(e->loc, MO_OP_AND, g, c) : c;
        }
        mo_expr *rhs = e;
        if (g) {
            rhs = mo_expr_new(MO_EX_IF, e->loc);
            rhs->n = 3;
            rhs->a = MO_NEWN(mo_expr *, 3);
            rhs->a[0] = g;
            rhs->a[1] = e;
            rhs->a[2] = unread_value(e->loc, t);
        }
        mo_feq q = {.loc = e->loc, .instance = "", .origin = MO_ORIGIN_EQUATION, .lhs = mo_expr_var(e->loc, k),
                    .rhs = rhs};
        MO_PUSH(l->eqs, q);
        return mo_expr_var(e->loc, k);
    }
    if (e->kind == MO_EX_IF) {   /* {c1, e1, c2, e2, ..., else}: each part under the conditions before */
        int depth = l->guard.n;
        for (int i = 0; i < e->n; i++) {
            e->a[i] = lift_events(flat, e->a[i], l);
            if (i + 1 < e->n && i % 2 == 0)   /* a condition: its branch reads it true */
                MO_PUSH(l->guard, e->a[i]);
            else if (i + 1 < e->n)            /* a branch: the later parts read its condition false */
                l->guard.v[l->guard.n - 1] = mo_expr_unary(e->a[i]->loc, MO_OP_NOT, l->guard.v[l->guard.n - 1]);
        }
        l->guard.n = depth;
        return e;
    }
    for (int i = 0; i < e->n; i++)
        e->a[i] = lift_events(flat, e->a[i], l);
    for (int i = 0; i < e->nnamed; i++)
        e->named[i].value = lift_events(flat, e->named[i].value, l);
    return e;
}

/* lift_events over the equation that gives each String variable its value (s = e or e = s), before the
 * pass decides which are built at run time (one whose value is known when compiled has no such part).
 * The new variables and equations are appended to the model. */
static void lift_string_events(mo_flat *flat)
{
    lifted l = {0};
    for (int i = 0, ne = flat->eqs.n; i < ne; i++) {
        mo_feq *q = &flat->eqs.v[i];
        bool left = is_svar(flat, q->lhs);
        if (!left && !is_svar(flat, q->rhs))
            continue;
        l.owner = left ? q->lhs->var : q->rhs->var;
        l.count = 0;
        if (left)
            q->rhs = lift_events(flat, q->rhs, &l);
        else
            q->lhs = lift_events(flat, q->lhs, &l);
    }
    for (int i = 0; i < l.eqs.n; i++)
        MO_PUSH(flat->eqs, l.eqs.v[i]);
}

/* pre(s), previous(s) or change(s) (e, named op) of a String variable s that its expression c builds at
 * run time: c shifted (shift_tree); change(s) is s <> pre(s) (3.7.5). */
static mo_expr *shifted(const mo_flat *flat, const mo_expr *e, const char *op, const mo_expr *c)
{
    bool ok = true;
    if (!strcmp(op, "change"))
        return mo_expr_binary(e->loc, MO_OP_NE, mo_expr_copy(c), shift_tree(flat, c, "pre", e->loc, &ok));
    return shift_tree(flat, c, op, e->loc, &ok);
}

static mo_expr *int_literal(mo_loc loc, int k)
{
    mo_expr *e = mo_expr_new(MO_EX_INT, loc);
    e->ival = k;
    e->text = mo_sprintf("%d", k);
    return e;
}

/* The comment of the Integer that holds a discrete String as the position of its text (held_as_index):
 * compared by address, it tells such an index from any other variable. */
static const char held_comment[] = "the position of the String's value among the texts it takes";

/* s == "text" or s <> "text" (either order), s or pre(s) a String whose value is a choice among texts
 * by one Integer (if V == 1 then t1 elseif V == 2 then t2 ... else tn: held_as_index builds it, a model
 * can write it): the comparison of V with the positions of the text, without building the choice (a
 * strcmp of an n-way choice at each of n reads made the C quadratic). Texts t1..t(n-1) are chosen by
 * V == j; the last by V == n for an index (it takes no other value), else by V differing from all j.
 * NULL when e is no such comparison. */
static mo_expr *held_compare(const mo_flat *flat, mo_expr *const *subst, const mo_expr *e)
{
    if (e->kind != MO_EX_BINARY || (e->op != MO_OP_EQ && e->op != MO_OP_NE))
        return NULL;
    for (int side = 0; side < 2; side++) {
        const mo_expr *x = e->a[side];
        const char *op = shifted_read(subst, x);
        if (op && strcmp(op, "pre"))
            continue;
        if (op)
            x = x->a[0];
        const mo_expr *c = x->kind == MO_EX_VAR ? subst[x->var] : NULL;
        /* the text: a literal or a String parameter or constant (not one held or built: those have subst) */
        const mo_expr *y = e->a[1 - side];
        bool text = y->kind == MO_EX_STRING || (y->kind == MO_EX_VAR && !subst[y->var] &&
                                                flat->vars.v[y->var].variability <= MO_VAR_PARAMETER);
        const char *lit = text ? mo_str_value(flat, y) : NULL;
        if (!c || !lit || c->kind != MO_EX_IF || c->a[0]->kind != MO_EX_BINARY || c->a[0]->a[0]->kind != MO_EX_VAR)
            continue;
        int v = c->a[0]->a[0]->var, n = (c->n + 1) / 2;
        bool shape = true;
        for (int j = 0; j < n && shape; j++) {
            const mo_expr *cond = j + 1 < n ? c->a[2 * j] : NULL, *t = c->a[j + 1 < n ? 2 * j + 1 : c->n - 1];
            shape = t->kind == MO_EX_STRING &&
                    (!cond || (cond->kind == MO_EX_BINARY && cond->op == MO_OP_EQ && cond->a[0]->kind == MO_EX_VAR &&
                               cond->a[0]->var == v && cond->a[1]->kind == MO_EX_INT && cond->a[1]->ival == j + 1));
        }
        if (!shape)
            continue;
        bool index = flat->vars.v[v].attr && flat->vars.v[v].attr->comment == held_comment;
        /* eq: V == j for each text equal to lit (or V <> j for each differing one, when the last text is
         * lit and V is no index); ne the negation */
        bool last = !strcmp(c->a[c->n - 1]->str, lit), by_others = last && !index, eq = e->op == MO_OP_EQ;
        bool want_or = by_others ? !eq : eq;
        mo_expr *r = NULL;
        for (int j = 0; j < n; j++) {
            const char *t = c->a[j + 1 < n ? 2 * j + 1 : c->n - 1]->str;
            if (j + 1 == n && !index)
                break;   /* (the last text has no position of its own) */
            if ((strcmp(t, lit) == 0) == by_others)
                continue;
            mo_expr *vx = mo_expr_var(e->loc, v);
            if (op)
                vx = mo_expr_call(e->loc, "pre", 1, &vx);
            mo_expr *term = mo_expr_binary(e->loc, want_or ? MO_OP_EQ : MO_OP_NE, vx, int_literal(e->loc, j + 1));
            r = r ? mo_expr_binary(e->loc, want_or ? MO_OP_OR : MO_OP_AND, r, term) : term;
        }
        return r ? r : mo_expr_bool(e->loc, !want_or);
    }
    return NULL;
}

/* e with every String variable made constant replaced by its literal, every one whose value is built at
 * run time by its expression (subst[v]), and comparisons and + of two known Strings folded. Recursion
 * over one expression (depth-limited by the parser). */
static mo_expr *fold_tree(const mo_flat *flat, mo_expr *const *subst, mo_expr *e)
{
    if (!e)
        return e;
    if (e->kind == MO_EX_VAR && subst[e->var])   /* a String built at run time, where it is read */
        return mo_expr_copy(subst[e->var]);
    mo_expr *cmp = held_compare(flat, subst, e);
    if (cmp)
        return cmp;
    const char *op = shifted_read(subst, e);
    if (op)   /* pre(s), previous(s), change(s) of a String built at run time */
        return shifted(flat, e, op, subst[e->a[0]->var]);
    if (e->kind == MO_EX_VAR) {
        const mo_var *v = &flat->vars.v[e->var];
        return v->type == MO_T_STRING && v->variability == MO_VAR_CONSTANT && v->binding &&
                       v->binding->kind == MO_EX_STRING
                   ? mo_expr_string(e->loc, v->binding->str)
                   : e;
    }
    for (int i = 0; i < e->n; i++)
        e->a[i] = fold_tree(flat, subst, e->a[i]);
    if (e->kind == MO_EX_BINARY && (is_rel(e->op) || e->op == MO_OP_ADD)) {
        const char *s = mo_str_value(flat, e->a[0]), *t = s ? mo_str_value(flat, e->a[1]) : NULL;
        if (!s || !t)
            return e;
        if (e->op == MO_OP_ADD)
            return mo_expr_string(e->loc, mo_sprintf("%s%s", s, t));
        return mo_expr_bool(e->loc, mo_str_compare(e->op, s, t));
    }
    return e;
}

/* Has e more than MAX_BUILT nodes? A String built where it is read is copied into each read, and the
 * Strings it reads into it in turn: a chain s1 = s0 + s0, s2 = s1 + s1, ... doubles at each level, so
 * past this size the variable is not built so (it stays, and dae.c reports it as not supported yet).
 * An explicit stack, stopped at the limit. */
enum { MAX_BUILT = 2000 };
static bool too_large(const mo_expr *root)
{
    MO_VEC(const mo_expr *) stack = {0};
    MO_PUSH(stack, root);
    int seen = 0;
    while (stack.n && seen <= MAX_BUILT) {
        const mo_expr *e = stack.v[--stack.n];
        seen++;
        for (int i = 0; i < e->n; i++)
            if (e->a[i])
                MO_PUSH(stack, e->a[i]);
    }
    return seen > MAX_BUILT;
}

/* Is String variable v read by e (a variable node of it anywhere)? Marks every one found in read[]. */
static void mark_reads(const mo_flat *flat, const mo_expr *e, unsigned char *read)
{
    if (!e)
        return;
    if (is_svar(flat, e))
        read[e->var] = 1;
    for (int i = 0; i < e->n; i++)
        mark_reads(flat, e->a[i], read);
}

typedef MO_VEC(int) int_vec;

/* The expressions of algorithm sections folded as the equations are (a String variable made constant
 * by its equation, or by an assignment flatten_alg.c made one, is read as its value); every String
 * variable they still name (read or assigned) counts as read: the back end reports it. Recursion over
 * the statements' nesting. */
static void mark_alg(const mo_flat *flat, mo_expr *const *subst, const mo_astmt_list *l, unsigned char *read)
{
    for (int i = 0; i < l->n; i++) {
        mo_astmt *st = l->v[i];
        if (st->kind == MO_AS_ASSIGN)
            for (int k = 0; k < st->n; k++) {
                if (!st->index || !k)   /* (an index's values are one value) */
                    st->values[k] = fold_tree(flat, subst, st->values[k]);
                else
                    st->values[k] = st->values[0];
                mark_reads(flat, st->values[k], read);
                if (flat->vars.v[st->targets[k]].type == MO_T_STRING)
                    read[st->targets[k]] = 1;
            }
        for (int k = 0; k < st->ncond; k++)
            mark_reads(flat, st->conds[k] = fold_tree(flat, subst, st->conds[k]), read);
        if (st->event) {
            mark_reads(flat, st->event->rhs = fold_tree(flat, subst, st->event->rhs), read);
            for (int m = 0; m < st->event->nmsg; m++)
                mark_reads(flat, st->event->msg[m] = fold_tree(flat, subst, st->event->msg[m]), read);
        }
        int nb = st->kind == MO_AS_IF ? st->n + 1 : st->kind == MO_AS_WHILE ? 1
               : st->kind == MO_AS_FOR || st->kind == MO_AS_WHEN ? st->n : 0;
        for (int b = 0; st->bodies && b < nb; b++)
            mark_alg(flat, subst, &st->bodies[b], read);
    }
}

/* The String variables of e not known yet: each pushed onto deps (once per occurrence). */
static void collect(const mo_flat *flat, mo_expr *const *subst, const mo_expr *e, int_vec *deps)
{
    if (!e)
        return;
    if (is_svar(flat, e) && !subst[e->var])
        MO_PUSH(*deps, e->var);
    for (int i = 0; i < e->n; i++)
        collect(flat, subst, e->a[i], deps);
}

/* The messages of asserts and terminate hold String values known when compiled, or conversions String(x)
 * made at run time, never a String variable (codegen_str.c prints literals and conversions only). */
static bool message_known(const mo_flat *flat, const mo_wstmt *s)
{
    for (int m = 0; m < s->nmsg; m++)
        if (mo_str_has_var(flat, s->msg[m])) {
            mo_error(s->msg[m]->loc, "not supported yet: a String variable whose value is not known when the model is "
                                     "compiled, in a message");
            return false;
        }
    return true;
}

static bool messages_known(const mo_flat *flat)
{
    for (int i = 0; i < flat->asserts.n; i++)
        if (!message_known(flat, &flat->asserts.v[i]))
            return false;
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            for (int j = 0; j < flat->whens.v[i].branches[k].body.n; j++)
                if (!message_known(flat, &flat->whens.v[i].branches[k].body.v[j]))
                    return false;
    return true;
}

/* Which String variables something besides one equation gives a value: in many[], 1 for a second
 * equation or an algorithm section, 2 for a when-equation (walks of the algorithm sections: recursion
 * over their nesting). Those keep their equations; the others may be built where they are read. */
static void alg_targets(const mo_flat *flat, const mo_astmt_list *l, unsigned char *many)
{
    for (int i = 0; i < l->n; i++) {
        const mo_astmt *st = l->v[i];
        for (int k = 0; st->kind == MO_AS_ASSIGN && k < st->n; k++)
            if (flat->vars.v[st->targets[k]].type == MO_T_STRING)
                many[st->targets[k]] |= 1;
        int nb = st->kind == MO_AS_IF ? st->n + 1 : st->kind == MO_AS_WHILE ? 1
               : st->kind == MO_AS_FOR || st->kind == MO_AS_WHEN ? st->n : 0;
        for (int b = 0; st->bodies && b < nb; b++)
            alg_targets(flat, &st->bodies[b], many);
    }
}

static unsigned char *defined_elsewhere(const mo_flat *flat, const int *def)
{
    unsigned char *many = mo_calloc((size_t)flat->vars.n + 1, 1);
    for (int i = 0; i < flat->eqs.n; i++) {
        const mo_feq *q = &flat->eqs.v[i];
        int v = is_svar(flat, q->lhs) ? q->lhs->var : is_svar(flat, q->rhs) ? q->rhs->var : -1;
        if (v >= 0 && def[v] != i + 1)
            many[v] |= 1;
    }
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            for (int j = 0; j < flat->whens.v[i].branches[k].body.n; j++) {
                const mo_wstmt *s = &flat->whens.v[i].branches[k].body.v[j];
                if (s->kind == MO_WS_ASSIGN && is_svar(flat, s->lhs))
                    many[s->lhs->var] |= 2;
            }
    for (int i = 0; i < flat->algs.n; i++)
        alg_targets(flat, &flat->algs.v[i].body, many);
    return many;
}

typedef struct texts {
    MO_VEC(const char *) v;
    mo_map pos;               /* interned text -> 1 + position in v */
} texts;

/* Add the texts that String expression e may give to t: a known text, or an if-expression choosing
 * among such (its conditions are read at run time); false when e gives another value. Recursion over the
 * choices' nesting. */
static bool add_texts(const mo_flat *flat, const mo_expr *e, texts *t)
{
    if (e->kind == MO_EX_IF) {
        for (int i = 1; i < e->n; i += 2)
            if (!add_texts(flat, e->a[i], t))
                return false;
        return add_texts(flat, e->a[e->n - 1], t);
    }
    const char *x = mo_str_value(flat, e);
    if (!x)
        return false;
    x = mo_intern_cstr(x);
    if (!mo_map_get(&t->pos, x)) {
        MO_PUSH(t->v, x);
        mo_map_put(&t->pos, x, (void *)(intptr_t)t->v.n);
    }
    return true;
}

/* e (add_texts accepted it) with each text replaced by its position in t (an Integer expression) */
static mo_expr *positions(const mo_flat *flat, mo_expr *e, const texts *t)
{
    if (e->kind != MO_EX_IF)
        return int_literal(e->loc, (int)(intptr_t)mo_map_get(&t->pos, mo_intern_cstr(mo_str_value(flat, e))));
    for (int i = 1; i < e->n; i += 2)
        e->a[i] = positions(flat, e->a[i], t);
    e->a[e->n - 1] = positions(flat, e->a[e->n - 1], t);
    return e;
}

/* The texts String variable v takes: its start value first, then those its when-assignments give
 * (folded in place), each once; false when one is not known when the model is compiled. */
static bool texts_of(mo_flat *flat, mo_expr *const *subst, int v, texts *t)
{
    const mo_var *var = &flat->vars.v[v];
    const char *start = var->attr->start ? mo_str_value(flat, var->attr->start) : "";
    if (!start)
        return false;
    memset(t, 0, sizeof *t);
    add_texts(flat, mo_expr_string(var->attr->loc, start), t);
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            for (int j = 0; j < flat->whens.v[i].branches[k].body.n; j++) {
                mo_wstmt *s = &flat->whens.v[i].branches[k].body.v[j];
                if (s->kind == MO_WS_ASSIGN && is_svar(flat, s->lhs) && s->lhs->var == v &&
                    !add_texts(flat, s->rhs = fold_tree(flat, subst, s->rhs), t))
                    return false;
            }
    return true;
}

/* A String variable v that only when-clauses assign, each a text known when the model is compiled (a
 * discrete String: "on", "off"), is held as the position of its text among those it takes: a new
 * discrete Integer "v.index" (protected: no result column of its own) that the when-clauses assign, and
 * every read of v is the choice if v.index == 1 then "on" elseif ... (subst[v]). False when v is not such
 * a variable. */
static bool held_as_index(mo_flat *flat, mo_expr **subst, int v)
{
    texts t;
    if (!texts_of(flat, subst, v, &t))
        return false;
    int n = t.v.n;
    const char **txt = t.v.v;
    mo_loc loc = flat->vars.v[v].attr->loc;
    mo_var_attr *attr = MO_NEW(mo_var_attr);
    attr->loc = loc;
    attr->comment = held_comment;
    attr->start = int_literal(loc, 1);
    attr->fixed = mo_expr_bool(loc, true);
    int idx = flat->vars.n;
    mo_var x = {.name = mo_intern_cstr(mo_sprintf("%s.index", flat->vars.v[v].name)), .attr = attr,
                .flags = MO_PF_PROTECTED, .variability = MO_VAR_DISCRETE, .type = MO_T_INTEGER,
                .state_select = MO_SS_DEFAULT, .attr_own = true};
    MO_PUSH(flat->vars, x);
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++)
            for (int j = 0; j < flat->whens.v[i].branches[k].body.n; j++) {
                mo_wstmt *s = &flat->whens.v[i].branches[k].body.v[j];
                if (s->kind != MO_WS_ASSIGN || !is_svar(flat, s->lhs) || s->lhs->var != v)
                    continue;
                s->lhs = mo_expr_var(s->lhs->loc, idx);
                s->rhs = positions(flat, s->rhs, &t);
            }
    mo_expr *c = mo_expr_string(loc, txt[n - 1]);
    if (n > 1) {   /* if idx == 1 then t1 elseif idx == 2 then t2 ... else tn */
        c = mo_expr_new(MO_EX_IF, loc);
        c->n = 2 * n - 1;
        c->a = MO_NEWN(mo_expr *, c->n);
        for (int k = 0; k + 1 < n; k++) {
            c->a[2 * k] = mo_expr_binary(loc, MO_OP_EQ, mo_expr_var(loc, idx), int_literal(loc, k + 1));
            c->a[2 * k + 1] = mo_expr_string(loc, txt[k]);
        }
        c->a[c->n - 1] = mo_expr_string(loc, txt[n - 1]);
    }
    subst[v] = c;
    return true;
}

/* A String variable nothing reads, whose equations go: a parameter holding its start value (no String is a
 * result column, and nothing reads it, so which value it holds is never seen) */
static void unseen(mo_flat *flat, int v)
{
    mo_var *var = &flat->vars.v[v];
    const char *s = var->attr->start ? mo_str_value(flat, var->attr->start) : NULL;
    var->variability = MO_VAR_PARAMETER;
    var->binding = mo_expr_string(var->attr->loc, s ? s : "");
}

bool mo_str_vars(mo_flat *flat)
{
    int nv = flat->vars.n, ne = flat->eqs.n;
    bool any = false;
    for (int i = 0; i < nv && !any; i++)
        any = flat->vars.v[i].type == MO_T_STRING && flat->vars.v[i].variability > MO_VAR_PARAMETER;
    if (!any)
        return true;
    lift_string_events(flat);
    nv = flat->vars.n;
    ne = flat->eqs.n;
    /* the equation that defines each String variable (s = e or e = s; a second one: left alone, dae.c
     * counts) and what it reads */
    int *def = mo_calloc((size_t)nv, sizeof(int));   /* 1 + equation */
    for (int i = 0; i < ne; i++) {
        mo_feq *q = &flat->eqs.v[i];
        int v = is_svar(flat, q->lhs) ? q->lhs->var : is_svar(flat, q->rhs) ? q->rhs->var : -1;
        if (v >= 0 && !def[v])
            def[v] = i + 1;
    }
    /* (room for the index variables that held_as_index adds: reads of them meet subst[]) */
    mo_expr **subst = mo_calloc((size_t)(2 * nv + 1), sizeof(mo_expr *));
    unsigned char *many = defined_elsewhere(flat, def);
    for (int v = 0; v < nv; v++)
        if (many[v] == 2 && !def[v] && held_as_index(flat, subst, v)) {
            unseen(flat, v);   /* (its reads and assignments are its index's now) */
            flat->rt_strings = true;
        }
    /* Kahn: a variable is ready when every String variable its equation reads is known */
    int *missing = mo_calloc((size_t)nv, sizeof(int));
    int *start = mo_calloc((size_t)nv + 1, sizeof(int));
    int_vec deps = {0}, edge_from = {0};   /* (arena) */
    for (int v = 0; v < nv; v++) {
        if (!def[v])
            continue;
        const mo_feq *q = &flat->eqs.v[def[v] - 1];
        const mo_expr *other = is_svar(flat, q->lhs) && q->lhs->var == v ? q->rhs : q->lhs;
        int n0 = deps.n;
        collect(flat, subst, other, &deps);
        for (int k = n0; k < deps.n; k++) {
            MO_PUSH(edge_from, v);   /* deps.v[k] must be known before v */
            start[deps.v[k]]++;
        }
        missing[v] = deps.n - n0;
    }
    /* dependents of each variable, grouped (counting sort) */
    int *dependents = mo_calloc((size_t)deps.n, sizeof(int));
    for (int v = 0, acc = 0; v <= nv - 1; v++) {
        int c = start[v];
        start[v] = acc;
        acc += c;
    }
    start[nv] = deps.n;
    int *fill = mo_calloc((size_t)nv + 1, sizeof(int));
    memcpy(fill, start, sizeof(int) * (size_t)(nv + 1));
    for (int k = 0; k < deps.n; k++)
        dependents[fill[deps.v[k]]++] = edge_from.v[k];
    int *queue = mo_calloc((size_t)nv, sizeof(int)), qh = 0, qt = 0;
    unsigned char *drop = mo_calloc((size_t)ne, 1);
    for (int v = 0; v < nv; v++)
        if (def[v] && !missing[v])
            queue[qt++] = v;
    while (qh < qt) {
        int v = queue[qh++];
        mo_feq *q = &flat->eqs.v[def[v] - 1];
        bool left = is_svar(flat, q->lhs) && q->lhs->var == v;
        mo_expr *other = fold_tree(flat, subst, left ? q->rhs : q->lhs);
        const char *s = mo_str_value(flat, other);
        if (!s && (many[v] || mo_str_has_var(flat, other) || !mo_str_runtime(flat, other)))
            continue;   /* (String(x) assigned in a when-clause too, say): stays, reported */
        if (s) {
            mo_var *var = &flat->vars.v[v];
            var->variability = MO_VAR_CONSTANT;
            var->binding = mo_expr_string(q->loc, s);
        } else if (too_large(other)) {
            continue;   /* (each read would copy it: s2 = s1 + s1 doubles at each level) stays, reported */
        } else {   /* built at run time: its expression stands for it where it is read */
            subst[v] = other;
            flat->rt_strings = true;
        }
        drop[def[v] - 1] = 1;
        for (int k = start[v]; k < start[v + 1]; k++) {
            int w = dependents[k];
            if (--missing[w] == 0)
                queue[qt++] = w;
        }
    }
    /* fold what reads them; find the String variables still read */
    unsigned char *read = mo_calloc((size_t)nv, 1);
    for (int i = 0; i < ne; i++) {
        mo_feq *q = &flat->eqs.v[i];
        if (drop[i])
            continue;
        q->lhs = fold_tree(flat, subst, q->lhs);
        q->rhs = fold_tree(flat, subst, q->rhs);
        /* s = e: e is read, s is not */
        if (!is_svar(flat, q->lhs))
            mark_reads(flat, q->lhs, read);
        mark_reads(flat, q->rhs, read);
    }
    for (int i = 0; i < flat->initial_eqs.n; i++) {
        mo_feq *q = &flat->initial_eqs.v[i];
        q->lhs = fold_tree(flat, subst, q->lhs);
        q->rhs = fold_tree(flat, subst, q->rhs);
        mark_reads(flat, q->lhs, read);
        mark_reads(flat, q->rhs, read);
    }
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++) {
            mo_wbranch *br = &flat->whens.v[i].branches[k];
            br->cond = fold_tree(flat, subst, br->cond);
            mark_reads(flat, br->cond, read);
            for (int j = 0; j < br->body.n; j++) {
                mo_wstmt *s = &br->body.v[j];
                s->rhs = fold_tree(flat, subst, s->rhs);
                mark_reads(flat, s->rhs, read);
                if (s->kind != MO_WS_ASSIGN || !is_svar(flat, s->lhs))
                    mark_reads(flat, s->lhs, read);
                for (int m = 0; m < s->nmsg; m++)
                    mark_reads(flat, s->msg[m] = fold_tree(flat, subst, s->msg[m]), read);
            }
        }
    for (int i = 0; i < flat->asserts.n; i++) {
        mo_wstmt *s = &flat->asserts.v[i];
        s->rhs = fold_tree(flat, subst, s->rhs);
        mark_reads(flat, s->rhs, read);
        for (int m = 0; m < s->nmsg; m++)
            mark_reads(flat, s->msg[m] = fold_tree(flat, subst, s->msg[m]), read);
    }
    for (int i = 0; i < flat->algs.n; i++)
        mark_alg(flat, subst, &flat->algs.v[i].body, read);
    /* String variables nothing reads: their equations and when-assignments go, their start value stays */
    for (int i = 0; i < ne; i++) {
        const mo_feq *q = &flat->eqs.v[i];
        int v = is_svar(flat, q->lhs) ? q->lhs->var : is_svar(flat, q->rhs) ? q->rhs->var : -1;
        if (v >= 0 && !read[v] && !mo_str_has_var(flat, is_svar(flat, q->lhs) ? q->rhs : q->lhs))
            drop[i] = 1;
    }
    for (int i = 0; i < flat->whens.n; i++)
        for (int k = 0; k < flat->whens.v[i].nbranches; k++) {
            mo_wbranch *br = &flat->whens.v[i].branches[k];
            int n = 0;
            for (int j = 0; j < br->body.n; j++) {
                mo_wstmt *s = &br->body.v[j];
                if (s->kind == MO_WS_ASSIGN && is_svar(flat, s->lhs) && !read[s->lhs->var]) {
                    unseen(flat, s->lhs->var);
                    continue;
                }
                br->body.v[n++] = *s;
            }
            br->body.n = n;
        }
    int n = 0;
    for (int i = 0; i < ne; i++) {
        if (drop[i]) {
            const mo_feq *q = &flat->eqs.v[i];
            int v = is_svar(flat, q->lhs) ? q->lhs->var : is_svar(flat, q->rhs) ? q->rhs->var : -1;
            if (v >= 0 && flat->vars.v[v].variability > MO_VAR_PARAMETER)
                unseen(flat, v);
            continue;
        }
        flat->eqs.v[n++] = flat->eqs.v[i];
    }
    flat->eqs.n = n;
    bool ok = messages_known(flat);
    for (int i = 0; ok && i < n; i++) {   /* s = "a" and s = "b": the second compares two known values */
        const mo_feq *q = &flat->eqs.v[i];
        if (mo_str_value(flat, q->lhs) || mo_str_value(flat, q->rhs)) {
            mo_error(q->loc, "this equation is between two String values known when the model is compiled "
                             "(a String variable with a second equation?)");
            ok = false;
        }
    }
    free(def);
    free(missing);
    free(start);
    free(dependents);
    free(fill);
    free(queue);
    free(drop);
    free(read);
    free(subst);
    free(many);
    return ok;
}
