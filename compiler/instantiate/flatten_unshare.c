/*
 * flatten_unshare.c - the flat model for the back end: every equation with trees of its own.
 *
 * Input: a flat model as mo_flatten leaves it, whose cloned components (flatten_clone.c) share their
 * templates' equation trees (packed runs, flat.h), binding trees and attribute records, and whose
 * clone variables have no names of their own (mo_flat.clone_names). Output: the same model with every
 * packed equation expanded, every variable named, and trees and records that belong to one equation
 * or variable each (var_shift 0), which the back end may modify. Split from flatten_clone.c, which
 * makes what this file takes apart.
 */
#include "inst.h"

#include <string.h>

/* ---- for the back end: every equation with trees of its own ---- */

/* How many equations q stands for (a run: its template's, runs inside it expanded). Recursion as deep
 * as cloned components nest. */
static int count_expanded(const mo_feq *list, const mo_feq *q)
{
    if (!mo_feq_packed(q))
        return 1;
    if (q->origin == MO_ORIGIN_CONNECTIONS)
        return mo_feq_conns_of(q)->n;
    int n = 0;
    for (int j = 0; j < mo_feq_run_of(q)->n; j++)
        n += count_expanded(list, &list[mo_feq_run_of(q)->first + j]);
    return n;
}

/* Append q with trees of its own, its variables shifted by shift, at instance `instance` (NULL: its own). */
static void unshare_one(const mo_feq *q, int shift, const char *instance, mo_feq *out)
{
    *out = *q;
    if (instance)
        out->instance = instance;
    out->var_shift = 0;
    if (shift) {
        out->lhs = mo_clone_copy_shifted(q->lhs, shift);
        out->rhs = mo_clone_copy_shifted(q->rhs, shift);
    }
}

/* The equations of run r with variables shifted by shift, in the clone whose path is path: an equation
 * of the template at instance "<template path><rest>" is at "<path><rest>" in the clone (check_template
 * made sure that every such path begins with the template's). Equations of one instance follow each
 * other and share its path string, so a path is made once per instance below the clone's root, and
 * never for the root itself. Recursion as deep as cloned components nest. */
static mo_feq *expand_run(const mo_feq *list, const mo_feq_run *r, int shift, const char *path, mo_feq *out)
{
    const char *last_from = NULL, *last = NULL;
    size_t plen = strlen(path);
    for (int j = 0; j < r->n; j++) {
        const mo_feq *q = &list[r->first + j];
        const char *rest = q->instance + r->pathlen;
        if (q->instance != last_from) {
            last_from = q->instance;
            if (!*rest) {
                last = path;
            } else {
                size_t n = strlen(rest);
                char *s = mo_alloc_text(plen + n + 1);
                memcpy(s, path, plen);
                memcpy(s + plen, rest, n);
                last = s;
            }
        }
        if (mo_feq_packed(q) && q->origin == MO_ORIGIN_CLONE)
            out = expand_run(list, mo_feq_run_of(q), shift + q->var_shift, last, out);   /* its clone's */
        else
            unshare_one(q, shift + q->var_shift, last, out++);
    }
    return out;
}

/* A list of equations with every packed one expanded (a new array: runs become many equations). */
static mo_feq *unshare_list(const mo_feq *list, int n, int *nout)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += count_expanded(list, &list[i]);
    mo_feq *r = MO_NEWN(mo_feq, total + 1), *out = r;
    for (int i = 0; i < n; i++) {
        const mo_feq *q = &list[i];
        if (mo_feq_packed(q) && q->origin == MO_ORIGIN_CLONE) {
            out = expand_run(list, mo_feq_run_of(q), q->var_shift, q->instance, out);
        } else if (mo_feq_packed(q)) {   /* connection equations: never inside a clone's run */
            for (int k = 0; k < mo_feq_conns_of(q)->n; k++)
                mo_connect_unpack(mo_feq_conns_of(q), k, out++);
        } else {
            unshare_one(q, q->var_shift, NULL, out++);
        }
    }
    MO_ASSERT(out == r + total);
    *nout = total;
    return r;
}

void mo_flat_unshare(mo_flat *flat)
{
    int n;
    mo_feq *eqs = unshare_list(flat->eqs.v, flat->eqs.n, &n);
    flat->eqs.v = eqs;
    flat->eqs.n = flat->eqs.cap = n;
    eqs = unshare_list(flat->initial_eqs.v, flat->initial_eqs.n, &n);
    flat->initial_eqs.v = eqs;
    flat->initial_eqs.n = flat->initial_eqs.cap = n;
    /* the attribute values that left a shared record shared (flat.h: mo_attr_later), each in its
     * variable's own record now, as flattening would have written it */
    for (int i = 0; i < flat->attr_later.n; i++) {
        const mo_attr_later *l = &flat->attr_later.v[i];
        mo_var *v = &flat->vars.v[l->var];
        if (*mo_var_attr_expr((mo_var_attr *)v->attr, l->which) == l->shared)
            *mo_var_attr_expr(mo_var_attr_mut(v), l->which) = l->value;
    }
    flat->attr_later.n = 0;
    if (!mo_clone_any())
        return;
    /* variables: clones share binding trees and attribute records with their template, and have no
     * names of their own (flat.h: mo_clone_names); the back end reads names directly */
    mo_name_hint hint = {0, 0};
    for (int i = 0; i < flat->vars.n; i++) {
        mo_var *v = &flat->vars.v[i];
        if (!v->name) {
            size_t len = mo_flat_name_to(flat, i, NULL, 0, &hint);
            char *s = mo_alloc_text(len + 1);
            mo_flat_name_to(flat, i, s, len + 1, &hint);
            v->name = s;
        }
        v->binding = v->binding ? mo_expr_copy(v->binding) : NULL;
        if (!v->attr_own && (v->attr->start || v->attr->fixed || v->attr->nominal || v->attr->min || v->attr->max)) {
            mo_var_attr *a = mo_var_attr_mut(v);
            a->start = a->start ? mo_expr_copy(a->start) : NULL;
            a->fixed = a->fixed ? mo_expr_copy(a->fixed) : NULL;
            a->nominal = a->nominal ? mo_expr_copy(a->nominal) : NULL;
            a->min = a->min ? mo_expr_copy(a->min) : NULL;
            a->max = a->max ? mo_expr_copy(a->max) : NULL;
        }
    }
    flat->clone_names.n = 0;   /* every variable has its name now */
}
