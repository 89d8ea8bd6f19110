/*
 * funcprint.c - the user-defined functions in the text of `mo2c --flat`, before the model's class.
 *
 * Input: the flat model's function table (flat.h). Output: each function as Modelica-like text, with
 * its slots (record variables appear field by field: input Real r.re; arrays with their dimensions),
 * its algorithm with names resolved, and its derivative annotation. Deterministic: the order of flat->funcs (first use).
 */
#include "flat.h"
#include "lookup.h"

static const char *slot_name(void *fn, int v)
{
    const mo_func *f = fn;
    return v >= 0 && v < f->vars.n ? f->vars.v[v].name : "?";
}

static void put_expr(mo_buf *b, const mo_func *f, const mo_expr *e)
{
    mo_expr_print(b, e, slot_name, (void *)f);
}

static void indent(mo_buf *b, int depth)
{
    for (int i = 0; i < depth; i++)
        mo_buf_puts(b, "  ");
}

static void put_stmts(mo_buf *b, const mo_func *f, const mo_fstmt_list *l, int depth);

static void put_target(mo_buf *b, const mo_func *f, const mo_fstmt *s, int i)
{
    if (s->target_exprs && s->target_exprs[i])
        put_expr(b, f, s->target_exprs[i]);
    else if (s->targets[i] >= 0)
        mo_buf_puts(b, f->vars.v[s->targets[i]].name);
}

static void put_stmt(mo_buf *b, const mo_func *f, const mo_fstmt *s, int depth)
{
    indent(b, depth);
    switch (s->kind) {
    case MO_ST_ASSIGN:
        if (s->ntargets == 1) {
            put_target(b, f, s, 0);
            mo_buf_puts(b, " := ");
        } else {
            mo_buf_puts(b, "(");
            for (int i = 0; i < s->ntargets; i++) {
                mo_buf_puts(b, i ? ", " : "");
                put_target(b, f, s, i);
            }
            mo_buf_puts(b, ") := ");
        }
        put_expr(b, f, s->value);
        mo_buf_puts(b, ";\n");
        return;
    case MO_ST_CALL:
        put_expr(b, f, s->value);
        mo_buf_puts(b, ";\n");
        return;
    case MO_ST_IF:
        for (int i = 0; i < s->nconds; i++) {
            if (i)
                indent(b, depth);
            mo_buf_puts(b, i ? "elseif " : "if ");
            put_expr(b, f, s->conds[i]);
            mo_buf_puts(b, " then\n");
            put_stmts(b, f, &s->bodies[i], depth + 1);
        }
        if (s->bodies[s->nconds].n) {
            indent(b, depth);
            mo_buf_puts(b, "else\n");
            put_stmts(b, f, &s->bodies[s->nconds], depth + 1);
        }
        indent(b, depth);
        mo_buf_puts(b, "end if;\n");
        return;
    case MO_ST_FOR:
        mo_buf_printf(b, "for %s in ", f->vars.v[s->iter].name);
        put_expr(b, f, s->range);
        mo_buf_puts(b, " loop\n");
        put_stmts(b, f, &s->bodies[0], depth + 1);
        indent(b, depth);
        mo_buf_puts(b, "end for;\n");
        return;
    case MO_ST_WHILE:
        mo_buf_puts(b, "while ");
        put_expr(b, f, s->conds[0]);
        mo_buf_puts(b, " loop\n");
        put_stmts(b, f, &s->bodies[0], depth + 1);
        indent(b, depth);
        mo_buf_puts(b, "end while;\n");
        return;
    case MO_ST_BREAK:
        mo_buf_puts(b, "break;\n");
        return;
    case MO_ST_RETURN:
        mo_buf_puts(b, "return;\n");
        return;
    case MO_ST_WHEN:
        break;
    }
    mo_unreachable("statement kind in a function");
}

static void put_stmts(mo_buf *b, const mo_func *f, const mo_fstmt_list *l, int depth)
{
    for (int i = 0; i < l->n; i++)
        put_stmt(b, f, l->v[i], depth);
}

/* external "C" y = cname(x, size(a, 1), 2.5) annotation(Library = {...}): the call as the front end
 * resolved it (the default form written out), with the libraries it needs. */
static void put_external(mo_buf *b, const mo_func *f)
{
    const mo_fext *x = f->ext;
    mo_buf_puts(b, "external \"C\" ");
    if (x->ret >= 0)
        mo_buf_printf(b, "%s = ", f->vars.v[x->ret].name);
    mo_buf_printf(b, "%s(", x->cname);
    for (int i = 0; i < x->nargs; i++) {
        const mo_fxarg *a = &x->args[i];
        mo_buf_puts(b, i ? ", " : "");
        if (a->kind == MO_XA_SLOT)
            mo_buf_puts(b, f->vars.v[a->slot].name);
        else if (a->kind == MO_XA_SIZE)
            mo_buf_printf(b, "size(%s, %d)", f->vars.v[a->slot].name, a->dim + 1);
        else
            put_expr(b, f, a->value);
    }
    mo_buf_puts(b, ")");
    for (int i = 0; i < x->libs.n; i++)
        mo_buf_printf(b, "%s\"%s\"%s", i ? ", " : " annotation(Library = {", x->libs.v[i], i + 1 < x->libs.n ? "" : "})");
    mo_buf_puts(b, ";\n");
}

static void put_func(mo_buf *b, const mo_func *f)
{
    static const char *const types[] = {"Real", "Integer", "Boolean", "String", "Integer"};
    if (f->generic)   /* a signature: its calls use the functions made for their arguments */
        return;
    mo_buf_printf(b, "function %s", f->name);
    if (f->comment)
        mo_buf_printf(b, " \"%s\"", f->comment);
    mo_buf_puts(b, "\n");
    for (int q = 0; q < f->inputs.n; q++) {   /* functional inputs: the function the call gave */
        const mo_fparam *p = &f->inputs.v[q];
        if (p->str_array) {   /* a vector of Strings: the one the call gave */
            mo_buf_printf(b, "  input String %s[%d] = {", p->name, p->str_n);
            for (int k = 0; k < p->str_n; k++) {
                mo_buf_puts(b, k ? ", " : "");
                put_expr(b, f, p->str_values[k]);
            }
            mo_buf_puts(b, "};\n");
        }
        if (!p->fn_actual)
            continue;
        mo_buf_printf(b, "  input %s %s = function %s(", p->fn_type->name, p->name, p->fn_name);
        for (int k = 0; k < p->fn_nbound; k++)   /* (a record's: named as its record variable) */
            mo_buf_printf(b, "%s%s = %s", k ? ", " : "", p->fn_bound[k],
                          p->fn_slots[k].record ? p->fn_slots[k].name : f->vars.v[p->fn_slots[k].first].name);
        mo_buf_puts(b, ");\n");
    }
    bool prot = false;
    for (int v = 0; v < f->vars.n; v++) {
        const mo_fvar *x = &f->vars.v[v];
        if (x->kind == MO_FV_ITER)
            continue;
        if (x->kind == MO_FV_LOCAL && !prot) {
            mo_buf_puts(b, "protected\n");
            prot = true;
        }
        mo_buf_printf(b, "  %s%s %s", x->kind == MO_FV_INPUT ? "input " : x->kind == MO_FV_OUTPUT ? "output " : "",
                      x->extobj ? mo_class_full_name(x->extobj) : types[x->type], x->name);
        for (int k = 0; k < x->nd; k++) {
            mo_buf_puts(b, k ? ", " : "[");
            if (x->dims[k])
                put_expr(b, f, x->dims[k]);
            else
                mo_buf_puts(b, ":");
        }
        if (x->nd)
            mo_buf_puts(b, "]");
        if (x->binding) {
            mo_buf_puts(b, " = ");
            put_expr(b, f, x->binding);
        }
        mo_buf_puts(b, ";\n");
    }
    if (f->ext)
        put_external(b, f);
    else
        mo_buf_puts(b, "algorithm\n");
    put_stmts(b, f, &f->body, 1);
    if (f->derivative)
        mo_buf_printf(b, "  annotation(derivative = %s);\n", f->derivative->name);
    mo_buf_printf(b, "end %s;\n\n", f->name);
}

void mo_func_print(FILE *out, const mo_flat *flat)
{
    for (int i = 0; i < flat->funcs.n; i++) {
        mo_buf b = {0};
        put_func(&b, flat->funcs.v[i]);
        fputs(mo_buf_str(&b), out);
    }
}
