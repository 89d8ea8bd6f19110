/*
 * ast_build.h - the AST builders the grammar actions call (ast_build.c, expressions in ast_build_expr.c,
 * names in ast_name.c). Private to the parser: the rest of the compiler reads the AST through ast.h
 * only.
 *
 * Lists under construction are mo_pvec (a vector of pointers); the builders turn them into the
 * counted arrays of ast.h. Expression builders return NULL after reporting a tree deeper than
 * MO_MAX_EXPR_DEPTH, and the grammar action then stops the parse.
 */
#ifndef MO2C_AST_BUILD_H
#define MO2C_AST_BUILD_H

#include "parse.h"

mo_pvec *mo_list(void);
void mo_push(mo_pvec *l, void *x);
/* A list's items as a counted arena array (n may be 0, the array is then NULL); giving back a list whose
 * items have been copied elsewhere (nothing points to it or its array any more); the iterators of a
 * list of mo_iterator, copied into an array (the list given back). */
void **mo_list_items(const mo_pvec *l, int *n);
void mo_list_recycle(mo_pvec *l);
mo_iterator *mo_build_iterators(mo_pvec *l, int *n);
/* The location from first to last when they share a line (else first); every reduction of the parser
 * computes one, hence inline. */
static inline mo_loc mo_loc_span(mo_loc first, mo_loc last)
{
    mo_loc l = first;
    long len = (long)last.col + last.len - first.col;
    if (first.line == last.line && len > 0)   /* as mo_loc_make would: only len changes, clamped */
        l.len = (unsigned)(len > MO_LOC_MAX_LEN ? MO_LOC_MAX_LEN : len);
    return l;
}

/* The empty location just after prev (of an empty rule). */
static inline mo_loc mo_loc_after(mo_loc prev)
{
    return mo_loc_make(prev.file, prev.line, (long)prev.col + prev.len, 0);
}
mo_comment *mo_build_comment(const char *text, mo_mod *annotation); /* NULL when both are absent */
void mo_build_set_comment(mo_comment *dst, const mo_comment *c);

/* classes */
mo_class *mo_build_open(mo_parser *p, const char *id, mo_loc loc, const char *comment, mo_class_form form);
mo_class *mo_build_close(mo_parser *p, const char *end_id, mo_loc end_loc);
mo_class *mo_build_class_def(mo_parser *p, mo_class *c, unsigned flags, mo_class_prefix prefix, mo_loc loc);
void mo_build_top_class(mo_parser *p, mo_class *c, unsigned flags);
mo_class *mo_build_short_class(mo_parser *p, const char *id, mo_loc loc, unsigned prefixes, mo_name *base,
                               mo_pvec *dims, mo_pvec *mod, mo_loc mod_loc, mo_comment *comment);
mo_class *mo_build_enum(mo_parser *p, const char *id, mo_loc loc, mo_pvec *literals, bool open,
                        mo_comment *comment);
mo_enum_literal *mo_build_literal(const char *id, mo_loc loc, mo_comment *comment);
void mo_build_visibility(mo_parser *p, bool protected_);
void mo_build_external_call(mo_parser *p, mo_expr *lhs, const char *fn, mo_pvec *args);
void mo_build_external_end(mo_parser *p, const char *language, mo_mod *annotation);
void mo_build_class_annotation(mo_parser *p, mo_mod *annotation);
void mo_build_section(mo_parser *p, mo_loc loc, bool initial, bool algorithm, mo_pvec *items);

/* elements */
void mo_build_elements(mo_parser *p, mo_pvec *elems);
mo_pvec *mo_build_prefix_elements(mo_pvec *elems, unsigned flags);
mo_element *mo_build_class_element(mo_class *c);
void mo_build_constrain(mo_pvec *elems, mo_pvec *constraint_and_comment, unsigned flags);
mo_pvec *mo_build_import(mo_loc loc, mo_import_kind kind, mo_name *name, const char *alias, mo_pvec *ids,
                         mo_comment *comment);
mo_pvec *mo_build_extends(mo_loc loc, mo_name *base, mo_pvec *mod, mo_loc mod_loc, mo_mod *annotation);
mo_arg *mo_build_constraint(mo_name *type, mo_pvec *mod, mo_loc mod_loc);
mo_pvec *mo_build_components(mo_pvec *decls, unsigned flags, mo_name *type, mo_pvec *type_dims);
mo_element *mo_build_declaration(const char *id, mo_loc loc, mo_pvec *dims, mo_mod *mod, mo_expr *cond,
                                 mo_comment *comment);

/* modifications */
mo_mod *mo_build_class_mod(mo_pvec *args, mo_loc loc);
mo_mod *mo_build_mod(mo_pvec *args, mo_loc loc, mo_expr *binding, bool assign, bool binding_break);
mo_mod *mo_build_arg_value(mo_pvec *args, mo_expr *binding, bool assign, bool binding_break);
mo_arg *mo_build_arg_mod(mo_name *name, mo_mod *mod, const char *comment);
mo_arg *mo_build_arg_mod1(const char *id, mo_loc loc, mo_mod *mod, const char *comment);
mo_arg *mo_build_arg_prefix(mo_arg *a, unsigned each, unsigned final_, unsigned flags);
mo_arg *mo_build_arg_class(mo_class *c, mo_arg *constraint);
void mo_build_arg_constrain(mo_arg *a, mo_arg *constraint);
mo_arg *mo_build_arg_at(mo_arg *a, mo_loc loc);
mo_arg *mo_build_arg_component(unsigned flags, mo_name *type, const char *id, mo_loc loc, mo_pvec *dims,
                               mo_mod *mod, mo_comment *comment);

/* equations and statements */
mo_eq *mo_build_eq_equal(mo_loc loc, mo_expr *lhs, mo_expr *rhs, mo_comment *comment);
mo_eq *mo_build_eq_call(mo_loc loc, mo_expr *call, mo_comment *comment);
mo_eq *mo_build_eq_branches(mo_loc loc, mo_eq_kind kind, mo_expr *cond, mo_pvec *body, mo_pvec *more,
                            mo_pvec *else_body);
mo_eq *mo_build_eq_for(mo_loc loc, mo_pvec *iters, mo_pvec *body);
mo_eq *mo_build_eq_connect(mo_loc loc, mo_expr *a, mo_expr *b, mo_comment *comment);
mo_stmt *mo_build_stmt(mo_loc loc, mo_stmt_kind kind, mo_expr *lhs, mo_expr *rhs, mo_comment *comment);
mo_stmt *mo_build_stmt_branches(mo_loc loc, mo_stmt_kind kind, mo_expr *cond, mo_pvec *body, mo_pvec *more,
                                mo_pvec *else_body);
mo_stmt *mo_build_stmt_loop(mo_loc loc, mo_stmt_kind kind, mo_pvec *iters, mo_expr *cond, mo_pvec *body);
mo_iterator *mo_build_iterator(const char *id, mo_loc loc, mo_expr *range);

/* expressions (ast_build_expr.c) */
mo_expr *mo_build_if_expr(mo_parser *p, mo_loc loc, mo_expr *c, mo_expr *t, mo_pvec *elseifs, mo_expr *e);
mo_expr *mo_build_range(mo_parser *p, mo_loc loc, mo_expr *start, mo_expr *step, mo_expr *stop);
mo_expr *mo_build_binary(mo_parser *p, mo_loc loc, mo_op op, mo_expr *a, mo_expr *b);
mo_expr *mo_build_unary(mo_parser *p, mo_loc loc, mo_op op, mo_expr *a);
mo_expr *mo_build_string(mo_loc loc, const char *s);
mo_expr *mo_build_call(mo_parser *p, mo_loc loc, mo_expr *fn, mo_pvec *args);
mo_expr *mo_build_parens(mo_parser *p, mo_loc loc, mo_pvec *items);
mo_expr *mo_build_matrix(mo_parser *p, mo_loc loc, mo_pvec *rows);
mo_expr *mo_build_array(mo_parser *p, mo_loc loc, mo_pvec *items, mo_pvec *iters);
mo_expr *mo_build_tuple(mo_loc loc, mo_pvec *items);
mo_expr *mo_build_ref(mo_parser *p, mo_loc loc, const char *id, mo_loc id_loc, mo_pvec *subs, bool global);
mo_expr *mo_build_ref_append(mo_parser *p, mo_loc loc, mo_expr *ref, const char *id, mo_loc id_loc,
                             mo_pvec *subs);
mo_pvec *mo_build_args(mo_pvec *positional, mo_pvec *named, mo_pvec *iters);
mo_named_arg *mo_build_named(const char *id, mo_loc loc, mo_expr *value);
mo_expr *mo_build_partial(mo_parser *p, mo_loc loc, mo_name *fn, mo_pvec *named);
mo_name *mo_build_name(mo_name *prefix, const char *id, mo_loc loc);
/* n as the name of one identifier id at loc, in place (ast_name.c) */
void mo_build_single_name(mo_name *n, const char *id, mo_loc loc);
mo_name *mo_build_global_name(mo_name *n, mo_loc loc);

#endif
