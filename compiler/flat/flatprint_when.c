/*
 * flatprint_when.c - the event part of `mo2c --flat`: when-equations, assert() outside them and the state
 * machines' transitions (chapter 17), printed at the end of the equation section (flatprint.c calls
 * mo_flat_print_events).
 *
 * Input: a flat model (flat.h). Output, deterministic, in source order:
 *     when h <= 0 then // path:line:col (instance)
 *       n = pre(n) + 1; // path:line:col
 *       reinit(v, -e * pre(v)); // path:line:col
 *     elsewhen ... then
 *     end when;
 *     assert(x < 2, "too high: " + String(x), AssertionLevel.warning); // path:line:col
 *     initialState(a); // path:line:col (instance)
 *     transition(a, b, x > 1, immediate = true, reset = true, synchronize = false, priority = 1); // ...
 */
#include "str.h"

void mo_flat_put_loc(mo_buf *b, mo_loc loc, const char *instance)
{
    mo_buf_puts(b, " // ");
    if (loc.file)
        mo_buf_printf(b, "%s:%d:%d", loc.file->path, loc.line, loc.col);
    else
        mo_buf_puts(b, "<mo2c>");
    if (instance && *instance)
        mo_buf_printf(b, " (%s)", instance);
    mo_buf_puts(b, "\n");
}

static void put_expr(mo_buf *b, const mo_flat *flat, const mo_expr *e)
{
    mo_expr_print(b, e, mo_flat_var_name, (void *)flat);
}

static void put_msg(mo_buf *b, const mo_flat *flat, const mo_wstmt *s)
{
    mo_str_print_message(b, flat, s);   /* flatten_str.c */
}

void mo_flat_put_wstmt(mo_buf *b, const mo_flat *flat, const mo_wstmt *s, const char *indent)
{
    mo_buf_puts(b, indent);
    switch (s->kind) {
    case MO_WS_ASSIGN:
        put_expr(b, flat, s->lhs);
        mo_buf_puts(b, " = ");
        put_expr(b, flat, s->rhs);
        break;
    case MO_WS_REINIT:
        mo_buf_puts(b, "reinit(");
        put_expr(b, flat, s->lhs);
        mo_buf_puts(b, ", ");
        put_expr(b, flat, s->rhs);
        mo_buf_puts(b, ")");
        break;
    case MO_WS_ASSERT:
        mo_buf_puts(b, "assert(");
        put_expr(b, flat, s->rhs);
        mo_buf_puts(b, ", ");
        put_msg(b, flat, s);
        if (s->level == 2)
            mo_buf_puts(b, ", AssertionLevel.warning");
        mo_buf_puts(b, ")");
        break;
    case MO_WS_TERMINATE:
        mo_buf_puts(b, "terminate(");
        put_msg(b, flat, s);
        mo_buf_puts(b, ")");
        break;
    case MO_WS_CALL:
        put_expr(b, flat, s->rhs);
        break;
    }
    mo_buf_puts(b, ";");
    mo_flat_put_loc(b, s->loc, NULL);
}

void mo_flat_print_events(FILE *out, const mo_flat *flat)
{
    mo_buf b = {0};
    for (int i = 0; i < flat->whens.n; i++) {
        const mo_fwhen *w = &flat->whens.v[i];
        for (int k = 0; k < w->nbranches; k++) {
            const mo_wbranch *br = &w->branches[k];
            mo_buf_puts(&b, k ? "  elsewhen " : "  when ");
            put_expr(&b, flat, br->cond);
            mo_buf_puts(&b, " then");
            mo_flat_put_loc(&b, k ? br->loc : w->loc, k ? NULL : w->instance);
            for (int j = 0; j < br->body.n; j++)
                mo_flat_put_wstmt(&b, flat, &br->body.v[j], "    ");
        }
        mo_buf_puts(&b, "  end when;\n");
    }
    for (int i = 0; i < flat->asserts.n; i++)
        mo_flat_put_wstmt(&b, flat, &flat->asserts.v[i], "  ");
    for (int i = 0; i < flat->transitions.n; i++) {   /* state machines (chapter 17) */
        const mo_ftrans *t = &flat->transitions.v[i];
        if (!t->to) {
            mo_buf_printf(&b, "  initialState(%s);", t->from);
        } else {
            mo_buf_printf(&b, "  transition(%s, %s, ", t->from, t->to);
            put_expr(&b, flat, t->cond);
            mo_buf_printf(&b, ", immediate = %s, reset = %s, synchronize = %s, priority = %d);",
                          t->immediate ? "true" : "false", t->reset ? "true" : "false",
                          t->synchronize ? "true" : "false", t->priority);
        }
        mo_flat_put_loc(&b, t->loc, t->instance);
    }
    fputs(mo_buf_str(&b), out);
}
