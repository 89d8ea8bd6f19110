/*
 * flatprint_alg.c - the algorithm sections of `mo2c --flat`, printed after the equation section
 * (flatprint_threads.c calls mo_flat_print_algs), in source order.
 *
 * Input: a flat model (flat.h). Output, deterministic:
 *     algorithm // path:line:col (instance)
 *       y := 2 * x; // path:line:col
 *       (a[1], a[2]) := (b[2], b[1]); // assigned together: every value first
 *       if c then ... elseif ... else ... end if;
 *       for loop // the unrolled iterations in turn, each after a line "// iteration k of n"
 *       while c loop ... end while;
 *       when {c1, c2} then ... elsewhen ... end when;
 *     initial algorithm ...
 * Recursion follows the nesting of statements (bounded by the parser's nesting limit).
 */
#include "flat.h"

static void put_expr(mo_buf *b, const mo_flat *flat, const mo_expr *e)
{
    mo_expr_print(b, e, mo_flat_var_name, (void *)flat);
}

static void put_indent(mo_buf *b, int depth)
{
    for (int i = 0; i < depth; i++)
        mo_buf_puts(b, "  ");
}

static void put_list(mo_buf *b, const mo_flat *flat, const mo_astmt_list *l, int depth);

static void put_assign(mo_buf *b, const mo_flat *flat, const mo_astmt *s)
{
    if (s->index) {   /* x[k] := v (flat.h): {x[1], x[2], ...}[k] := v */
        mo_buf_puts(b, "{");
        for (int k = 0; k < s->n; k++) {
            mo_buf_puts(b, k ? ", " : "");
            mo_buf_puts(b, mo_flat_var_name((void *)flat, s->targets[k]));
        }
        mo_buf_puts(b, "}[");
        put_expr(b, flat, s->index);
        mo_buf_puts(b, "] := ");
        put_expr(b, flat, s->values[0]);
        mo_buf_puts(b, ";");
        return;
    }
    if (s->n != 1)
        mo_buf_puts(b, "(");
    for (int k = 0; k < s->n; k++) {
        mo_buf_puts(b, k ? ", " : "");
        mo_buf_puts(b, mo_flat_var_name((void *)flat, s->targets[k]));
    }
    mo_buf_puts(b, s->n != 1 ? ") := (" : " := ");
    for (int k = 0; k < s->n; k++) {
        mo_buf_puts(b, k ? ", " : "");
        put_expr(b, flat, s->values[k]);
    }
    mo_buf_puts(b, s->n != 1 ? ");" : ";");
}

static void put_stmt(mo_buf *b, const mo_flat *flat, const mo_astmt *s, int depth)
{
    if (s->kind == MO_AS_EVENT) {
        mo_buf i = {0};
        put_indent(&i, depth);
        mo_flat_put_wstmt(b, flat, s->event, mo_buf_str(&i));
        return;
    }
    put_indent(b, depth);
    switch (s->kind) {
    case MO_AS_ASSIGN:
        put_assign(b, flat, s);
        break;
    case MO_AS_BREAK:
        mo_buf_puts(b, "break;");
        break;
    case MO_AS_IF:
        for (int k = 0; k < s->n; k++) {
            if (k) {
                put_indent(b, depth);
                mo_buf_puts(b, "elseif ");
            } else {
                mo_buf_puts(b, "if ");
            }
            put_expr(b, flat, s->conds[k]);
            mo_buf_puts(b, " then");
            mo_flat_put_loc(b, k ? s->conds[k]->loc : s->loc, NULL);
            put_list(b, flat, &s->bodies[k], depth + 1);
        }
        if (s->bodies[s->n].n) {
            put_indent(b, depth);
            mo_buf_puts(b, "else\n");
            put_list(b, flat, &s->bodies[s->n], depth + 1);
        }
        put_indent(b, depth);
        mo_buf_puts(b, "end if;\n");
        return;
    case MO_AS_FOR:
        mo_buf_puts(b, "for loop");
        mo_flat_put_loc(b, s->loc, NULL);
        for (int k = 0; k < s->n; k++) {
            put_indent(b, depth + 1);
            mo_buf_printf(b, "// iteration %d of %d\n", k + 1, s->n);
            put_list(b, flat, &s->bodies[k], depth + 1);
        }
        put_indent(b, depth);
        mo_buf_puts(b, "end for;\n");
        return;
    case MO_AS_WHILE:
        mo_buf_puts(b, "while ");
        put_expr(b, flat, s->conds[0]);
        mo_buf_puts(b, " loop");
        mo_flat_put_loc(b, s->loc, NULL);
        put_list(b, flat, &s->bodies[0], depth + 1);
        put_indent(b, depth);
        mo_buf_puts(b, "end while;\n");
        return;
    case MO_AS_WHEN:
        for (int k = 0; k < s->n; k++) {
            if (k)
                put_indent(b, depth);
            mo_buf_puts(b, k ? "elsewhen " : "when ");
            int c0 = s->cfirst[k], c1 = s->cfirst[k + 1];
            if (c1 - c0 != 1)
                mo_buf_puts(b, "{");
            for (int c = c0; c < c1; c++) {
                mo_buf_puts(b, c > c0 ? ", " : "");
                put_expr(b, flat, s->conds[c]);
            }
            mo_buf_puts(b, c1 - c0 != 1 ? "} then" : " then");
            mo_flat_put_loc(b, k ? s->conds[c0]->loc : s->loc, NULL);
            put_list(b, flat, &s->bodies[k], depth + 1);
        }
        put_indent(b, depth);
        mo_buf_puts(b, "end when;\n");
        return;
    case MO_AS_EVENT:
        break;
    }
    mo_flat_put_loc(b, s->loc, NULL);
}

static void put_list(mo_buf *b, const mo_flat *flat, const mo_astmt_list *l, int depth)
{
    for (int i = 0; i < l->n; i++)
        put_stmt(b, flat, l->v[i], depth);
}

void mo_flat_print_algs(FILE *out, const mo_flat *flat)
{
    mo_buf b = {0};
    for (int i = 0; i < flat->algs.n; i++) {
        const mo_falg *a = &flat->algs.v[i];
        mo_buf_puts(&b, a->initial ? "initial algorithm" : "algorithm");
        mo_flat_put_loc(&b, a->loc, a->instance);
        put_list(&b, flat, &a->body, 1);
    }
    fputs(mo_buf_str(&b), out);
}
