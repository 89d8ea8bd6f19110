/*
 * ast_build_expr.c - the builders behind the grammar actions of expressions and component references
 * (grammar/parser.y): they turn what a rule matched into the expression nodes of ast.h.
 *
 * Input: the semantic values of one rule (operands, lists under construction from ast_build.c's
 * mo_list). Output: expression nodes in the arena. Each builder keeps mo_expr.depth and refuses, with
 * an error, a tree deeper than MO_MAX_EXPR_DEPTH (NULL: the grammar action then stops the parse), so
 * that later recursive walkers stay within their stack.
 */
#include "ast_build.h"

static int depth_of(const mo_expr *e) { return e ? (e->depth > 0 ? e->depth : 1) : 0; }

/* Refuse a tree that later recursive walkers could not afford. */
static mo_expr *checked(mo_expr *e)
{
    if (e->depth > MO_MAX_EXPR_DEPTH) {
        mo_error(e->loc, "expression nested too deeply");
        return NULL;
    }
    return e;
}

static void grow_depth(mo_expr *e, const mo_expr *child)
{
    if (1 + depth_of(child) > e->depth)
        e->depth = 1 + depth_of(child);
}

/* An expression node whose operands are the list's items (NULL items allowed). */
static mo_expr *node(mo_expr_kind kind, mo_loc loc, const mo_pvec *l)
{
    mo_expr *e = mo_expr_new(kind, loc);
    e->depth = 1;
    e->a = (mo_expr **)mo_list_items(l, &e->n);
    for (int i = 0; i < e->n; i++)
        grow_depth(e, e->a[i]);
    return e;
}

mo_expr *mo_build_if_expr(mo_parser *p, mo_loc loc, mo_expr *c, mo_expr *t, mo_pvec *elseifs, mo_expr *e)
{
    (void)p;
    mo_pvec *l = mo_list();
    mo_push(l, c);
    mo_push(l, t);
    for (int i = 0; i < elseifs->n; i++)
        mo_push(l, elseifs->v[i]);
    mo_push(l, e);
    return checked(node(MO_EX_IF, loc, l));
}

/* simple-expression : logical-expression [ ":" logical-expression [ ":" logical-expression ] ]
 * a:b:c is start:step:stop */
mo_expr *mo_build_range(mo_parser *p, mo_loc loc, mo_expr *start, mo_expr *step, mo_expr *stop)
{
    (void)p;
    mo_pvec *l = mo_list();
    mo_push(l, start);
    if (step)
        mo_push(l, step);
    mo_push(l, stop);
    return checked(node(MO_EX_RANGE, loc, l));
}

mo_expr *mo_build_binary(mo_parser *p, mo_loc loc, mo_op op, mo_expr *a, mo_expr *b)
{
    (void)p;
    return checked(mo_expr_binary(loc, op, a, b));
}

/* A leading add-operator: - and .- negate, + and .+ do nothing but are kept. */
mo_expr *mo_build_unary(mo_parser *p, mo_loc loc, mo_op op, mo_expr *a)
{
    (void)p;
    if (op == MO_OP_SUB || op == MO_OP_ESUB)
        op = MO_OP_NEG;
    else if (op == MO_OP_ADD || op == MO_OP_EADD)
        op = MO_OP_PLUS;
    return checked(mo_expr_unary(loc, op, a));
}

mo_expr *mo_build_string(mo_loc loc, const char *s)
{
    mo_expr *e = mo_expr_new(MO_EX_STRING, loc);
    e->str = s;
    e->depth = 1;
    return e;
}

/* A list made by mo_build_args: (positional, named, iterators). */
mo_pvec *mo_build_args(mo_pvec *positional, mo_pvec *named, mo_pvec *iters)
{
    mo_pvec *l = mo_list();
    mo_push(l, positional);
    mo_push(l, named);
    mo_push(l, iters);
    return l;
}

static void set_named(mo_expr *e, mo_pvec *named)
{
    e->nnamed = named ? named->n : 0;
    e->named = MO_NEWN(mo_named_arg, e->nnamed > 0 ? e->nnamed : 1);
    for (int i = 0; i < e->nnamed; i++) {
        e->named[i] = *(mo_named_arg *)named->v[i];
        grow_depth(e, e->named[i].value);
    }
    mo_list_recycle(named);
}

/* The iterators of a reduction or comprehension (false after reporting more than mo_expr can count). */
static bool set_iters(mo_expr *e, mo_pvec *iters)
{
    int n;
    e->iters = mo_build_iterators(iters, &n);
    if (n > MO_MAX_ITERATORS) {
        mo_error(e->loc, "too many iterators");
        return false;
    }
    e->niters = (unsigned short)n;
    for (int i = 0; i < n; i++)
        grow_depth(e, e->iters[i].range);
    return true;
}

/* ( component-reference | der | initial | pure ) function-call-args, and reductions f(e for i in r) */
mo_expr *mo_build_call(mo_parser *p, mo_loc loc, mo_expr *fn, mo_pvec *args)
{
    (void)p;
    mo_expr *e = node(MO_EX_CALL, loc, args->v[0]);
    e->fn = fn;
    grow_depth(e, fn);
    set_named(e, args->v[1]);
    if (args->v[2] && !set_iters(e, args->v[2]))
        return NULL;
    mo_list_recycle(args);   /* (its positional list is e->a now) */
    return checked(e);
}

/* "(" output-expression-list ")" : parentheses around one expression vanish; anything else is a tuple */
mo_expr *mo_build_parens(mo_parser *p, mo_loc loc, mo_pvec *l)
{
    (void)p;
    if (l->n == 1 && l->v[0])
        return l->v[0]; /* the lexer bounds the nesting of the brackets themselves */
    return checked(node(MO_EX_TUPLE, loc, l));
}

mo_expr *mo_build_tuple(mo_loc loc, mo_pvec *l) { return node(MO_EX_TUPLE, loc, l); }

/* "[" expression-list { ";" expression-list } "]" : each row an MO_EX_ARRAY */
mo_expr *mo_build_matrix(mo_parser *p, mo_loc loc, mo_pvec *rows)
{
    (void)p;
    mo_pvec *l = mo_list();
    for (int i = 0; i < rows->n; i++)
        mo_push(l, node(MO_EX_ARRAY, loc, rows->v[i]));
    return checked(node(MO_EX_MATRIX, loc, l));
}

/* "{" array-arguments "}" : elements, or one expression and its iterators */
mo_expr *mo_build_array(mo_parser *p, mo_loc loc, mo_pvec *l, mo_pvec *iters)
{
    (void)p;
    mo_expr *e = node(MO_EX_ARRAY, loc, l);
    if (iters && !set_iters(e, iters))
        return NULL;
    return checked(e);
}

/* IDENT [ array-subscripts ] : part k of e, whose loc is set (false after reporting too many
 * subscripts for mo_ref_part.nsubs) */
static bool set_part(mo_expr *e, int k, const char *id, mo_loc loc, const mo_pvec *subs)
{
    int n;
    e->parts[k].id = id;
    mo_ref_part_set_loc(e, k, loc);
    mo_expr **s = (mo_expr **)mo_list_items(subs, &n);
    if (n > MO_MAX_SUBSCRIPTS) {
        mo_error(loc, "too many subscripts");
        return false;
    }
    mo_ref_part_set_subs(e, k, s, n);
    for (int i = 0; i < n; i++)
        grow_depth(e, s[i]);
    return true;
}

/* [ "." ] IDENT [ array-subscripts ] : a reference's first part, in a short node (ast.h) whose parts
 * array has room for this one part */
mo_expr *mo_build_ref(mo_parser *p, mo_loc loc, const char *id, mo_loc id_loc, mo_pvec *subs, bool global)
{
    mo_expr *e = mo_expr_ref1(loc, id, id_loc);
    e->global = global;
    if (!set_part(e, 0, id, id_loc, subs))
        return NULL;
    return p ? checked(e) : e;
}

/* component-reference "." IDENT [ array-subscripts ] : the parts array doubles when its count reaches a
 * power of two, so a long reference costs linear time; as the parts are the latest block of the arena
 * unless subscripts or a new identifier came between, the arena grows them in place as a rule
 * (mo_realloc_arena), and a.b costs no more than its two parts. */
mo_expr *mo_build_ref_append(mo_parser *p, mo_loc loc, mo_expr *ref, const char *id, mo_loc id_loc,
                             mo_pvec *subs)
{
    int n = ref->nparts;
    if ((n & (n - 1)) == 0)
        ref->parts = mo_realloc_arena(ref->parts, sizeof(mo_ref_part) * (size_t)n,
                                      sizeof(mo_ref_part) * (size_t)(2 * n));
    /* the parts are located relative to ref->loc (ast.h): a span from the first part keeps its file and
     * line, anything else (a partial application's name) has them located again */
    if (loc.file != ref->loc.file || loc.line != ref->loc.line) {
        for (int i = 0; i < n; i++) {
            mo_loc pl = mo_ref_part_loc(ref, i);
            mo_loc keep = ref->loc;
            ref->loc = loc;
            mo_ref_part_set_loc(ref, i, pl);
            ref->loc = keep;
        }
    }
    ref->loc = loc;
    ref->nparts = n + 1;
    if (!set_part(ref, n, id, id_loc, subs))
        return NULL;
    return p ? checked(ref) : ref;
}

/* named-argument : IDENT "=" function-argument */
mo_named_arg *mo_build_named(const char *id, mo_loc loc, mo_expr *value)
{
    mo_named_arg *a = MO_NEW(mo_named_arg);
    a->name = id;
    a->loc = loc;
    a->value = value;
    return a;
}

/* function name "(" [ named-arguments ] ")" : partial application of a function */
mo_expr *mo_build_partial(mo_parser *p, mo_loc loc, mo_name *fn, mo_pvec *named)
{
    (void)p;
    mo_expr *e = mo_expr_new(MO_EX_PARTIAL_FN, loc);
    e->depth = 1;
    mo_expr *ref = mo_build_ref(NULL, mo_name_loc(fn, 0), fn->ids[0], mo_name_loc(fn, 0), NULL, fn->global);
    for (int i = 1; i < fn->n; i++)
        ref = mo_build_ref_append(NULL, fn->loc, ref, fn->ids[i], mo_name_loc(fn, i), NULL);
    e->fn = ref;
    set_named(e, named);
    return checked(e);
}
