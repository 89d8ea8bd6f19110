/*
 * ast_build.c - the builders behind the grammar actions of grammar/parser.y: they turn what a rule
 * matched into the AST of ast.h.
 *
 * Input: the semantic values of one rule (tokens, subtrees, lists under construction). Output: AST
 * nodes in the arena. Preconditions: the parser's open-class stack (mo_parser.open) holds the long
 * class definitions being parsed, innermost last; elements and sections go to the innermost one.
 *
 * Each builder is named after the production it serves (see the rule above its call in parser.y).
 * The builders of expressions and references are in ast_build_expr.c, those of names in ast_name.c.
 */
#include "ast_build.h"

#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

/* ---- lists and locations ---- */

/* Lists that a builder has copied out of (argument lists, declaration lists ...) and the argument
 * structs that mo_build_mod copies into its array are garbage at once; they are kept here and handed
 * out again, so that a big model does not leave one of each behind per modification. (File-level state:
 * the builders of one parse run one at a time, and what is kept is only reused, never read.) */
static MO_VEC(mo_pvec *) spare_lists;
static MO_VEC(mo_arg *) spare_args;

mo_pvec *mo_list(void)
{
    if (spare_lists.n > 0)
        return spare_lists.v[--spare_lists.n];   /* n = 0, its array kept for the next pushes */
    return MO_NEW(mo_pvec);
}

/* l's items have been copied elsewhere and nothing points to l or its array any more. */
void mo_list_recycle(mo_pvec *l)
{
    if (!l)
        return;
    l->n = 0;
    MO_PUSH(spare_lists, l);
}

/* The comments and elements of arguments (ast.h, mo_arg.extra): few, so a table; entries replaced
 * (an element made whole) stay behind. */
static MO_VEC(void *) arg_extras;

static void set_extra(mo_arg *a, void *x)
{
    a->extra = 0;
    if (!x)
        return;
    MO_PUSH(arg_extras, x);
    a->extra = (unsigned)arg_extras.n;
}

const char *mo_arg_comment(const mo_arg *a)
{
    return a->kind == MO_ARG_MOD && a->extra ? arg_extras.v[a->extra - 1] : NULL;
}

mo_element *mo_arg_element(const mo_arg *a)
{
    return a->kind != MO_ARG_MOD && a->extra ? arg_extras.v[a->extra - 1] : NULL;
}

static mo_arg *new_arg(void)
{
    if (spare_args.n > 0) {
        mo_arg *a = spare_args.v[--spare_args.n];
        memset(a, 0, sizeof *a);
        return a;
    }
    return MO_NEW(mo_arg);
}

/* The capacity after cap (from first when 0): doubling, but by a quarter once the array is a big block of
 * the arena (BIG_LIST items), which grows where the kernel puts it without copying: a class of 10^5
 * components or equations then leaves at most a quarter unused instead of up to a half. */
enum { BIG_LIST = 32768 };
static int grown(int cap, int first)
{
    return cap == 0 ? first : cap < BIG_LIST ? 2 * cap : cap + cap / 4;
}

/* Lists grow 2, 4, 8 ...: most hold one or two items (arguments, declarations, subscripts), and a list's
 * array becomes the AST's array as it is. Growing the latest arena block happens in place. */
void mo_push(mo_pvec *l, void *x)
{
    if (l->n == l->cap) {
        int nc = grown(l->cap, 2);
        l->v = mo_realloc_arena(l->v, sizeof(void *) * (size_t)l->cap, sizeof(void *) * (size_t)nc);
        l->cap = nc;
    }
    l->v[l->n++] = x;
}

/* A list's items as a counted arena array (n may be 0, the array is then NULL). */
void **mo_list_items(const mo_pvec *l, int *n)
{
    *n = l ? l->n : 0;
    return l ? l->v : NULL;
}

static mo_open_class *current(mo_parser *p)
{
    MO_ASSERT(p->open.n > 0);
    return p->open.v[p->open.n - 1];
}

/* comment : string-comment [ annotation-comment ] ; most are empty, and those allocate nothing */
mo_comment *mo_build_comment(const char *text, mo_mod *annotation)
{
    if (!text && !annotation)
        return NULL;
    mo_comment *c = MO_NEW(mo_comment);
    c->text = text;
    c->annotation = annotation;
    return c;
}

void mo_build_set_comment(mo_comment *dst, const mo_comment *c)
{
    if (c)
        *dst = *c;
}

static mo_comment comment_of(const mo_comment *c)
{
    mo_comment none = {0};
    return c ? *c : none;
}

/* ---- classes ---- */

/* long-class-specifier : IDENT string-comment ... | extends IDENT [ class-modification ] string-comment ...
 * Opens the class: its elements and sections are collected until mo_build_close. */
mo_class *mo_build_open(mo_parser *p, const char *id, mo_loc loc, const char *comment, mo_class_form form)
{
    if (p->open.n >= MO_MAX_NESTING) {
        mo_error(loc, "class definitions nested too deeply");
        return NULL;
    }
    mo_open_class *o = MO_NEW(mo_open_class);
    o->cls = MO_NEW(mo_class);
    o->cls->name = id;
    o->cls->loc = loc;
    o->cls->form = form;
    o->cls->comment.text = comment;
    MO_PUSH(p->open, o);
    return o->cls;
}

/* ... composition end IDENT : the names must match (NULL after reporting that they do not). */
mo_class *mo_build_close(mo_parser *p, const char *end_id, mo_loc end_loc)
{
    mo_open_class *o = current(p);
    p->open.n--;
    mo_class *c = o->cls;
    c->end_name = end_id;
    c->nelems = o->elems.n;
    c->elems = o->elems.v;
    c->nsections = o->sections.n;
    c->sections = o->sections.v;
    if (end_id != c->name) {
        mo_error(end_loc, "class '%s' ends with 'end %s'", c->name, end_id);
        mo_note(c->loc, "class '%s' opened here", c->name);
        return NULL; /* what follows would only repeat the confusion */
    }
    return c;
}

/* class-definition : [ encapsulated ] class-prefixes class-specifier */
mo_class *mo_build_class_def(mo_parser *p, mo_class *c, unsigned flags, mo_class_prefix prefix, mo_loc loc)
{
    (void)p;
    (void)loc;
    c->kind = prefix.kind;
    c->flags |= flags | prefix.flags;
    return c;
}

/* stored-definition : ... { [ final ] class-definition ";" } */
void mo_build_top_class(mo_parser *p, mo_class *c, unsigned flags)
{
    c->flags |= flags;
    MO_PUSH(p->top, c);
    p->unit->nclasses = p->top.n;
    p->unit->classes = p->top.v;
}

/* Is a class modification the argument list of a der-class-specifier: plain names, no modifications,
 * only the first one dotted? */
static bool der_arguments(const mo_pvec *mod)
{
    if (!mod || mod->n < 2)
        return false;
    for (int i = 0; i < mod->n; i++) {
        const mo_arg *a = mod->v[i];
        if (a->kind != MO_ARG_MOD || a->mod || mo_arg_comment(a) || a->each || a->final_ || (i > 0 && a->name.n != 1))
            return false;
    }
    return true;
}

/* short-class-specifier : IDENT "=" base-prefix type-specifier [ array-subscripts ] [ class-modification ]
 *                         comment
 * der-class-specifier : IDENT "=" der "(" type-specifier "," IDENT { "," IDENT } ")" comment */
mo_class *mo_build_short_class(mo_parser *p, const char *id, mo_loc loc, unsigned prefixes, mo_name *base,
                               mo_pvec *dims, mo_pvec *mod, mo_loc mod_loc, mo_comment *comment)
{
    mo_class *c = MO_NEW(mo_class);
    c->name = id;
    c->end_name = id;
    c->loc = loc;
    c->comment = comment_of(comment);
    if (!prefixes && !base->global && base->n == 1 && base->ids[0] == p->id_der && !dims &&
        der_arguments(mod)) {
        c->form = MO_FORM_DER;
        const mo_arg *first = mod->v[0];
        c->der_fn = MO_NEW(mo_name);   /* (first is a list's argument, used again) */
        *c->der_fn = first->name;
        c->nder_ids = mod->n - 1;
        c->der_ids = MO_NEWN(const char *, c->nder_ids);
        for (int i = 1; i < mod->n; i++)
            c->der_ids[i - 1] = ((const mo_arg *)mod->v[i])->name.ids[0];
        return c;
    }
    c->form = MO_FORM_SHORT;
    c->short_prefixes = prefixes;
    c->short_base = base;
    c->short_dims = (mo_expr **)mo_list_items(dims, &c->nshort_dims);
    c->short_mod = mo_build_class_mod(mod, mod_loc);
    return c;
}

/* The literals of an enumeration are distinct (spec 4.9.5) and none is named like one of its attributes,
 * which share their scope (4.9.5.1). Names are interned: a few literals are compared pairwise, more
 * through a table. */
static void check_literals(const mo_class *c)
{
    static const char *const attrs[] = {"quantity", "min", "max", "start", "fixed"};
    mo_map seen = {0};
    for (int i = 0; i < c->nliterals; i++) {
        const mo_enum_literal *l = &c->literals[i];
        for (size_t a = 0; a < sizeof attrs / sizeof attrs[0]; a++)
            if (!strcmp(l->name, attrs[a]))
                mo_error(l->loc, "an enumeration literal cannot be named '%s', the name of an attribute of "
                         "enumeration '%s' (specification 4.9.5.1)", l->name, c->name);
        const mo_enum_literal *first = NULL;
        if (c->nliterals <= 16) {
            for (int j = 0; j < i && !first; j++)
                if (c->literals[j].name == l->name)
                    first = &c->literals[j];
        } else {
            first = mo_map_put_new(&seen, l->name, (void *)l);
        }
        if (first) {
            mo_error(l->loc, "enumeration '%s' has two literals named '%s' (specification 4.9.5)", c->name, l->name);
            mo_note(first->loc, "the first is here");
        }
    }
}

/* short-class-specifier : IDENT "=" enumeration "(" ( [ enum-list ] | ":" ) ")" comment */
mo_class *mo_build_enum(mo_parser *p, const char *id, mo_loc loc, mo_pvec *literals, bool open,
                        mo_comment *comment)
{
    (void)p;
    mo_class *c = MO_NEW(mo_class);
    c->name = id;
    c->end_name = id;
    c->loc = loc;
    c->form = MO_FORM_ENUM;
    c->comment = comment_of(comment);
    c->enum_open = open;
    int n = literals ? literals->n : 0;
    c->nliterals = n;
    c->literals = MO_NEWN(mo_enum_literal, n > 0 ? n : 1);
    for (int i = 0; i < n; i++)
        c->literals[i] = *(mo_enum_literal *)literals->v[i];
    check_literals(c);
    return c;
}

/* enumeration-literal : IDENT comment */
mo_enum_literal *mo_build_literal(const char *id, mo_loc loc, mo_comment *comment)
{
    mo_enum_literal *l = MO_NEW(mo_enum_literal);
    l->name = id;
    l->loc = loc;
    l->comment = comment_of(comment);
    return l;
}

/* public element-list | protected element-list */
void mo_build_visibility(mo_parser *p, bool protected_) { current(p)->protected_ = protected_; }

/* external-function-call : [ component-reference "=" ] IDENT "(" [ expression-list ] ")" */
void mo_build_external_call(mo_parser *p, mo_expr *lhs, const char *fn, mo_pvec *args)
{
    mo_class *c = current(p)->cls;
    if (!c->external)
        c->external = MO_NEW(mo_external);
    c->external->lhs = lhs;
    c->external->fn_name = fn;
    c->external->args = (mo_expr **)mo_list_items(args, &c->external->nargs);
}

/* external [ language-specification ] [ external-function-call ] [ annotation-comment ] ";" */
void mo_build_external_end(mo_parser *p, const char *language, mo_mod *annotation)
{
    mo_class *c = current(p)->cls;
    if (!c->external)
        c->external = MO_NEW(mo_external);
    c->external->language = language;
    c->external->annotation = annotation;
}

/* Two annotations of one class (its description and its composition) become one modification. */
static mo_mod *merge_annotations(mo_mod *a, mo_mod *b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    mo_mod *m = MO_NEW(mo_mod);
    *m = *a;
    m->nargs = a->nargs + b->nargs;
    m->args = MO_NEWN(mo_arg, m->nargs > 0 ? m->nargs : 1);   /* (annotations are whole: ast.h) */
    if (a->nargs)
        memcpy(m->args, a->args, sizeof(mo_arg) * (size_t)a->nargs);
    if (b->nargs)
        memcpy(m->args + a->nargs, b->args, sizeof(mo_arg) * (size_t)b->nargs);
    return m;
}

/* composition : ... [ annotation-comment ";" ] */
void mo_build_class_annotation(mo_parser *p, mo_mod *annotation)
{
    mo_class *c = current(p)->cls;
    c->comment.annotation = merge_annotations(c->comment.annotation, annotation);
}

/* equation-section | algorithm-section */
void mo_build_section(mo_parser *p, mo_loc loc, bool initial, bool algorithm, mo_pvec *list)
{
    mo_section s = {0};
    s.initial = initial;
    s.algorithm = algorithm;
    s.loc = loc;
    if (algorithm)
        s.stmts.v = (mo_stmt **)mo_list_items(list, &s.stmts.n);
    else
        s.eqs.v = (mo_eq **)mo_list_items(list, &s.eqs.n);
    MO_PUSH(current(p)->sections, s);
}

/* ---- elements ---- */

/* element-list : { element ";" } : a component clause gives one element per declaration. */
void mo_build_elements(mo_parser *p, mo_pvec *elems)
{
    mo_open_class *o = current(p);
    for (int i = 0; i < elems->n; i++) {
        mo_element *e = elems->v[i];
        if (o->protected_) {
            e->flags |= MO_PF_PROTECTED;
            if (e->kind == MO_ELEM_CLASS)
                e->cls->flags |= MO_PF_PROTECTED;
        }
        if (o->elems.n == o->elems.cap) {
            int nc = grown(o->elems.cap, 8);
            o->elems.v = mo_realloc_arena(o->elems.v, sizeof(mo_element *) * (size_t)o->elems.cap,
                                          sizeof(mo_element *) * (size_t)nc);
            o->elems.cap = nc;
        }
        o->elems.v[o->elems.n++] = e;
    }
    mo_list_recycle(elems);
}

/* [ redeclare ] [ final ] [ inner ] [ outer ] ( class-definition | component-clause | replaceable ... ) */
mo_pvec *mo_build_prefix_elements(mo_pvec *elems, unsigned flags)
{
    for (int i = 0; i < elems->n; i++) {
        mo_element *e = elems->v[i];
        e->flags |= flags;
        if (e->kind == MO_ELEM_CLASS)
            e->cls->flags |= flags;
    }
    return elems;
}

/* An element of bytes bytes (ast.h: MO_ELEMENT_SHORT_BYTES, without the fields of replaceable ones, or
 * MO_ELEMENT_COMPONENT_BYTES); under the address sanitizer whole, with the rest poisoned. */
static mo_element *new_element_of(size_t bytes)
{
#if defined(__SANITIZE_ADDRESS__)
    mo_element *e = MO_NEW(mo_element);
    ASAN_POISON_MEMORY_REGION((char *)e + bytes, sizeof(mo_element) - bytes);
    return e;
#else
    return mo_alloc(bytes);
#endif
}

static mo_element *new_element(void) { return new_element_of(MO_ELEMENT_SHORT_BYTES); }

/* e, about to become replaceable or to get type dimensions, as a whole element (nothing but the
 * parser's lists points to it yet) */
static mo_element *whole_element(const mo_element *e)
{
    mo_element *w = MO_NEW(mo_element);
    memcpy(w, e, e->short_component ? MO_ELEMENT_COMPONENT_BYTES : MO_ELEMENT_SHORT_BYTES);
    w->short_component = false;
    return w;
}

mo_element *mo_build_class_element(mo_class *c)
{
    mo_element *e = new_element();
    e->kind = MO_ELEM_CLASS;
    e->loc = c->loc;
    e->cls = c;
    e->flags = c->flags;
    return e;
}

/* replaceable ( class-definition | component-clause ) [ constraining-clause comment ] */
void mo_build_constrain(mo_pvec *elems, mo_pvec *cc, unsigned flags)
{
    mo_arg *clause = cc ? cc->v[0] : NULL;
    mo_comment *comment = cc ? cc->v[1] : NULL;
    mo_list_recycle(cc);
    for (int i = 0; i < elems->n; i++) {
        mo_element *e = elems->v[i] = whole_element(elems->v[i]);
        e->flags |= flags;
        if (e->kind == MO_ELEM_CLASS)
            e->cls->flags |= flags;
        if (!clause)
            continue;
        e->constrainedby = &clause->name;   /* (clause is never handed out again) */
        e->constrainedby_mod = clause->mod;
        if (!comment)
            continue;
        mo_comment *target = e->kind == MO_ELEM_CLASS ? &e->cls->comment : &e->comment;
        if (comment->text)
            target->text = comment->text;
        target->annotation = merge_annotations(target->annotation, comment->annotation);
    }
}

static mo_pvec *one(void *x)
{
    mo_pvec *l = mo_list();
    mo_push(l, x);
    return l;
}

/* import-clause : import ( IDENT "=" name | name [ "." ( "*" | "{" import-list "}" ) ] ) comment */
mo_pvec *mo_build_import(mo_loc loc, mo_import_kind kind, mo_name *name, const char *alias, mo_pvec *ids,
                         mo_comment *comment)
{
    mo_element *e = new_element();
    e->kind = MO_ELEM_IMPORT;
    e->loc = loc;
    e->import_kind = kind;
    e->import_name = name;
    e->alias = alias;
    e->import_ids = (const char **)mo_list_items(ids, &e->nimport_ids);
    e->comment = comment_of(comment);
    return one(e);
}

/* extends-clause : extends type-specifier [ class-modification ] [ annotation-comment ] */
mo_pvec *mo_build_extends(mo_loc loc, mo_name *base, mo_pvec *mod, mo_loc mod_loc, mo_mod *annotation)
{
    mo_element *e = new_element();
    e->kind = MO_ELEM_EXTENDS;
    e->loc = loc;
    e->base = base;
    e->mod = mo_build_class_mod(mod, mod_loc);
    e->extends_annotation = annotation;
    return one(e);
}

/* constraining-clause : constrainedby type-specifier [ class-modification ] (carried in an mo_arg) */
mo_arg *mo_build_constraint(mo_name *type, mo_pvec *mod, mo_loc mod_loc)
{
    mo_arg *a = new_arg();
    a->name = *type;
    a->mod = mo_build_class_mod(mod, mod_loc);
    return a;
}

/* component-clause : type-prefix type-specifier [ array-subscripts ] component-list */
mo_pvec *mo_build_components(mo_pvec *decls, unsigned flags, mo_name *type, mo_pvec *type_dims)
{
    int ndims;
    mo_expr **dims = (mo_expr **)mo_list_items(type_dims, &ndims);
    for (int i = 0; i < decls->n; i++) {
        mo_element *e = decls->v[i];
        if (ndims > 0 && e->short_component)   /* (Real[3] x: short no more) */
            e = decls->v[i] = whole_element(e);
        e->flags |= flags;
        e->type = type;
        e->ntype_dims = ndims;
        if (ndims > 0)
            e->type_dims = dims;
    }
    return decls;
}

/* component-declaration : IDENT [ array-subscripts ] [ modification ] [ condition-attribute ] comment */
mo_element *mo_build_declaration(const char *id, mo_loc loc, mo_pvec *dims, mo_mod *mod, mo_expr *cond,
                                 mo_comment *comment)
{
    /* most declarations have neither dimensions nor a comment: short (ast.h) */
    bool whole = (dims && dims->n > 0) || comment;
    mo_element *e = new_element_of(whole ? MO_ELEMENT_SHORT_BYTES : MO_ELEMENT_COMPONENT_BYTES);
    e->kind = MO_ELEM_COMPONENT;
    e->short_component = !whole;
    e->loc = loc;
    e->name = id;
    e->mod = mod;
    e->condition = cond;
    if (whole) {
        e->dims = (mo_expr **)mo_list_items(dims, &e->ndims);
        e->comment = comment_of(comment);
    }
    return e;
}

/* ---- modifications ---- */

/* class-modification : "(" [ argument-list ] ")" ; NULL when there was none */
mo_mod *mo_build_class_mod(mo_pvec *args, mo_loc loc)
{
    return args ? mo_build_mod(args, loc, NULL, false, false) : NULL;
}

/* A modification of bytes bytes (ast.h: short inside arguments); under the address sanitizer whole,
 * with the rest poisoned, so that a test that reads past a short one fails. */
static mo_mod *new_mod(size_t bytes)
{
#if defined(__SANITIZE_ADDRESS__)
    mo_mod *m = MO_NEW(mo_mod);
    if (bytes < sizeof(mo_mod))
        ASAN_POISON_MEMORY_REGION((char *)m + bytes, sizeof(mo_mod) - bytes);
    return m;
#else
    return mo_alloc(bytes);
#endif
}

static mo_mod *fill_mod(mo_mod *m, mo_pvec *args, mo_expr *binding, bool assign, bool binding_break);

/* modification : class-modification [ "=" expression ] | "=" expression | ":=" expression
 * (of a declaration, an extends clause ...: whole, with its location) */
mo_mod *mo_build_mod(mo_pvec *args, mo_loc loc, mo_expr *binding, bool assign, bool binding_break)
{
    mo_mod *m = fill_mod(new_mod(sizeof(mo_mod)), args, binding, assign, binding_break);
    m->loc = loc;
    return m;
}

/* The same as the modification of an argument: short, without loc, and without args when there are
 * none (ast.h) */
mo_mod *mo_build_arg_value(mo_pvec *args, mo_expr *binding, bool assign, bool binding_break)
{
    size_t bytes = args && args->n > 0 ? MO_MOD_ARG_BYTES : MO_MOD_BINDING_BYTES;
    return fill_mod(new_mod(bytes), args, binding, assign, binding_break);
}

static mo_mod *fill_mod(mo_mod *m, mo_pvec *args, mo_expr *binding, bool assign, bool binding_break)
{
    int n = args ? args->n : 0;
    m->has_parens = args != NULL;
    m->binding = binding;
    m->assign = assign;
    m->binding_break = binding_break;
    m->nargs = n;
    if (n > 0)
        m->args = MO_NEWN(mo_arg, n);
    for (int i = 0; i < n; i++) {
        m->args[i] = *(mo_arg *)args->v[i];
        MO_PUSH(spare_args, (mo_arg *)args->v[i]);
    }
    mo_list_recycle(args);
    return m;
}

/* element-modification : name [ modification ] string-comment */
mo_arg *mo_build_arg_mod(mo_name *name, mo_mod *mod, const char *comment)
{
    mo_arg *a = new_arg();
    a->kind = MO_ARG_MOD;
    a->name = *name;
    a->mod = mod;
    set_extra(a, (void *)comment);
    return a;
}

/* [ each ] [ final ] in front of an argument; flags go to the redeclared element */
mo_arg *mo_build_arg_prefix(mo_arg *a, unsigned each, unsigned final_, unsigned flags)
{
    a->each = a->each || each;
    a->final_ = a->final_ || final_;
    if (flags & MO_PF_REDECLARE)
        a->kind = MO_ARG_REDECLARE;
    mo_element *e = mo_arg_element(a);
    if (e) {
        e->flags |= flags | (final_ ? MO_PF_FINAL : 0);
        if (e->kind == MO_ELEM_CLASS)
            e->cls->flags |= flags | (final_ ? MO_PF_FINAL : 0);
    }
    return a;
}

/* element-modification whose name is one identifier (most: fixed = true), built in place */
mo_arg *mo_build_arg_mod1(const char *id, mo_loc loc, mo_mod *mod, const char *comment)
{
    mo_arg *a = new_arg();
    a->kind = MO_ARG_MOD;
    mo_build_single_name(&a->name, id, loc);
    a->mod = mod;
    set_extra(a, (void *)comment);
    return a;
}

/* short-class-definition inside a modification */
mo_arg *mo_build_arg_class(mo_class *c, mo_arg *constraint)
{
    mo_arg *a = new_arg();
    a->kind = MO_ARG_REDECLARE;
    mo_build_single_name(&a->name, c->name, c->loc);
    set_extra(a, mo_build_class_element(c));
    mo_build_arg_constrain(a, constraint);
    return a;
}

/* redeclare / replaceable ... : the argument is located at the keyword (ast.h: at its name's loc, the
 * name itself keeping its identifier's location: mo_name_loc(name, 0)) */
mo_arg *mo_build_arg_at(mo_arg *a, mo_loc loc)
{
    mo_name_move(&a->name, loc);
    return a;
}

/* (every replaceable argument comes through here: its element becomes whole, ast.h) */
void mo_build_arg_constrain(mo_arg *a, mo_arg *constraint)
{
    mo_element *e = whole_element(mo_arg_element(a));
    set_extra(a, e);
    if (!constraint)
        return;
    e->constrainedby = &constraint->name;   /* (constraint is never handed out again) */
    e->constrainedby_mod = constraint->mod;
}

/* component-clause1 : type-prefix type-specifier IDENT [ array-subscripts ] [ modification ] comment */
mo_arg *mo_build_arg_component(unsigned flags, mo_name *type, const char *id, mo_loc loc, mo_pvec *dims,
                               mo_mod *mod, mo_comment *comment)
{
    mo_pvec *decl = one(mo_build_declaration(id, loc, dims, mod, NULL, comment));
    mo_build_components(decl, flags, type, NULL);
    mo_arg *a = new_arg();
    a->kind = MO_ARG_REDECLARE;
    mo_build_single_name(&a->name, id, loc);
    set_extra(a, decl->v[0]);
    mo_list_recycle(decl);
    return a;
}

/* ---- equations and statements ---- */

/* Equations without a body are short (ast.h, MO_EQ_SHORT_BYTES); under the address sanitizer they are
 * whole with the tail poisoned, so that a test that reads past one fails. */
static mo_eq *new_eq(mo_eq_kind kind, mo_loc loc, mo_comment *comment)
{
    bool whole = kind == MO_EQ_IF || kind == MO_EQ_FOR || kind == MO_EQ_WHEN;
    size_t bytes = whole ? sizeof(mo_eq) : kind == MO_EQ_CONNECT && !comment ? MO_EQ_CONNECT_BYTES : MO_EQ_SHORT_BYTES;
#if defined(__SANITIZE_ADDRESS__)
    mo_eq *q = MO_NEW(mo_eq);
    if (bytes < sizeof(mo_eq))
        ASAN_POISON_MEMORY_REGION((char *)q + bytes, sizeof(mo_eq) - bytes);
#else
    mo_eq *q = mo_alloc(bytes);
#endif
    q->kind = (unsigned char)kind;
    q->loc = loc;
    if (bytes > MO_EQ_CONNECT_BYTES)
        q->comment = comment_of(comment);
    q->has_comment = bytes > MO_EQ_CONNECT_BYTES;
    return q;
}

mo_eq *mo_build_eq_equal(mo_loc loc, mo_expr *lhs, mo_expr *rhs, mo_comment *comment)
{
    mo_eq *q = new_eq(MO_EQ_EQUAL, loc, comment);
    q->lhs = lhs;
    q->rhs = rhs;
    return q;
}

/* component-reference function-call-args, read as an expression: it has to be a call. */
mo_eq *mo_build_eq_call(mo_loc loc, mo_expr *call, mo_comment *comment)
{
    if (call->kind != MO_EX_CALL) {
        mo_error(mo_loc_after(loc), "syntax error, expecting '=' (an equation that is not a function call "
                                    "needs two sides)");
        return NULL;
    }
    mo_eq *q = new_eq(MO_EQ_CALL, loc, comment);
    q->lhs = call;
    return q;
}

static mo_eq_list eq_list(const mo_pvec *l)
{
    mo_eq_list r = {0};
    r.v = (mo_eq **)mo_list_items(l, &r.n);
    return r;
}

static mo_stmt_list stmt_list(const mo_pvec *l)
{
    mo_stmt_list r = {0};
    r.v = (mo_stmt **)mo_list_items(l, &r.n);
    return r;
}

/* if/when: the first condition and body, then (condition, body) pairs from elseif/elsewhen, then else */
mo_eq *mo_build_eq_branches(mo_loc loc, mo_eq_kind kind, mo_expr *cond, mo_pvec *body, mo_pvec *more,
                            mo_pvec *else_body)
{
    mo_eq *q = new_eq(kind, loc, NULL);
    q->nconds = 1 + more->n / 2;
    q->conds = MO_NEWN(mo_expr *, q->nconds);
    q->bodies = MO_NEWN(mo_eq_list, q->nconds + 1);
    q->conds[0] = cond;
    q->bodies[0] = eq_list(body);
    for (int i = 0; i + 1 < more->n; i += 2) {
        q->conds[1 + i / 2] = more->v[i];
        q->bodies[1 + i / 2] = eq_list(more->v[i + 1]);
    }
    q->bodies[q->nconds] = eq_list(else_body);
    return q;
}

mo_iterator *mo_build_iterators(mo_pvec *l, int *n)
{
    *n = l ? l->n : 0;
    mo_iterator *it = MO_NEWN(mo_iterator, *n > 0 ? *n : 1);
    for (int i = 0; i < *n; i++)
        it[i] = *(mo_iterator *)l->v[i];
    mo_list_recycle(l);
    return it;
}

mo_eq *mo_build_eq_for(mo_loc loc, mo_pvec *iters, mo_pvec *body)
{
    mo_eq *q = new_eq(MO_EQ_FOR, loc, NULL);
    q->iters = mo_build_iterators(iters, &q->niters);
    q->bodies = MO_NEW(mo_eq_list);
    q->bodies[0] = eq_list(body);
    return q;
}

/* connect-clause comment : a connect without comment (most) is short of it (ast.h) */
mo_eq *mo_build_eq_connect(mo_loc loc, mo_expr *a, mo_expr *b, mo_comment *comment)
{
    mo_eq *q = new_eq(MO_EQ_CONNECT, loc, comment);
    q->lhs = a;
    q->rhs = b;
    return q;
}

mo_stmt *mo_build_stmt(mo_loc loc, mo_stmt_kind kind, mo_expr *lhs, mo_expr *rhs, mo_comment *comment)
{
    mo_stmt *s = MO_NEW(mo_stmt);
    s->kind = kind;
    s->loc = loc;
    s->lhs = lhs;
    s->rhs = rhs;
    s->comment = comment_of(comment);
    return s;
}

mo_stmt *mo_build_stmt_branches(mo_loc loc, mo_stmt_kind kind, mo_expr *cond, mo_pvec *body, mo_pvec *more,
                                mo_pvec *else_body)
{
    mo_stmt *s = mo_build_stmt(loc, kind, NULL, NULL, NULL);
    s->nconds = 1 + more->n / 2;
    s->conds = MO_NEWN(mo_expr *, s->nconds);
    s->bodies = MO_NEWN(mo_stmt_list, s->nconds + 1);
    s->conds[0] = cond;
    s->bodies[0] = stmt_list(body);
    for (int i = 0; i + 1 < more->n; i += 2) {
        s->conds[1 + i / 2] = more->v[i];
        s->bodies[1 + i / 2] = stmt_list(more->v[i + 1]);
    }
    s->bodies[s->nconds] = stmt_list(else_body);
    return s;
}

/* for-statement (iters) and while-statement (cond) */
mo_stmt *mo_build_stmt_loop(mo_loc loc, mo_stmt_kind kind, mo_pvec *iters, mo_expr *cond, mo_pvec *body)
{
    mo_stmt *s = mo_build_stmt(loc, kind, NULL, NULL, NULL);
    if (iters)
        s->iters = mo_build_iterators(iters, &s->niters);
    if (cond) {
        s->nconds = 1;
        s->conds = MO_NEW(mo_expr *);
        s->conds[0] = cond;
    }
    s->bodies = MO_NEW(mo_stmt_list);
    s->bodies[0] = stmt_list(body);
    return s;
}

/* for-index : IDENT [ in expression ] */
mo_iterator *mo_build_iterator(const char *id, mo_loc loc, mo_expr *range)
{
    mo_iterator *it = MO_NEW(mo_iterator);
    it->name = id;
    it->loc = loc;
    it->range = range;
    return it;
}
