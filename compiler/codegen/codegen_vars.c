/*
 * codegen_vars.c - the variable table of a large model built at start-up by generated loops.
 *
 * Why: the table (every variable's name, description, unit, storage) is the one part of the C file that
 * loops over repeated equations (codegen_loops.c) leave proportional to the model: a row of text per
 * variable, 2.4 MB for a 1000-unit chain. Its rows repeat as the equations do: spring[2].phi_rel,
 * spring[3].phi_rel, ... differ in the numbers in their names and in their storage index.
 *
 * How: row k is a statement of fill_vars(), which main() calls first:
 *     vars[k] = (mo2c_var_info){var_at, "description", "unit", MO2C_SRC_ALG, 41, 0, 0.0, 0, 0, 0};
 *     var_at += 1 + snprintf(var_at, ..., "spring[%d].phi_rel", 2);
 * with every number that changes from unit to unit (the row, each decimal number in the name, the
 * storage index, an integer constant value) printed through codegen_loops.c, so that runs of rows
 * become loops. The names go into one static pool whose size is known here (each name is printed
 * back exactly: a run of digits becomes %d only when it is how %d prints that number, and '%' is
 * written as %%); var_at walks through it.
 *
 * Used when loops are on and the model has at least MO_CG_FILL_VARS_MIN rows, and the loops shrink
 * the text enough (fill_pays); other models keep the table as text (codegen_write.c).
 */
#include "codegen.h"

#include <string.h>

/* put_text's workspace, reused from statement to statement: a buffer made per statement is left
 * behind in the arena each time (300 MB over the 10^6 rows of the 50000-unit chain). */
typedef struct text_ws {
    mo_buf fmt;
    mo_int_vec ints;
} text_ws;

/* The rows being written. */
typedef struct rows_seq {
    mo_cg *cg;
    const mo_cg_var_row *rows;
    text_ws ws;
} rows_seq;

/* Does the digit run s[0..n) read as an int that %d prints the same way (no leading zero)? */
static bool int_field(const char *s, size_t n, int *value)
{
    if (n == 0 || n > 9 || (s[0] == '0' && n > 1))
        return false;
    int v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    *value = v;
    return true;
}

/* `POOL_at += 1 + snprintf(POOL_at, ..., "format", numbers...);`: text printed into the pool, each
 * of its decimal numbers an argument (printed through mo_cg_put_int, so that it may change with a
 * loop's repetition). */
static void put_text(mo_cg *cg, text_ws *ws, mo_buf *o, const char *indent, const char *pool,
                     const char *text)
{
    mo_buf *fmt = &ws->fmt;
    mo_int_vec *ints = &ws->ints;
    fmt->len = 0;
    ints->n = 0;
    const char *s = text;
    for (size_t i = 0; s[i];) {
        size_t n = 0;
        int v;
        while (s[i + n] >= '0' && s[i + n] <= '9')
            n++;
        if (n && int_field(s + i, n, &v)) {
            mo_buf_puts(fmt, "%d");
            MO_PUSH(*ints, v);
            i += n;
        } else if (n) {
            mo_buf_putn(fmt, s + i, n);
            i += n;
        } else {
            mo_buf_putn(fmt, s[i] == '%' ? "%%" : s + i, s[i] == '%' ? 2 : 1);
            i++;
        }
    }
    mo_buf_printf(o, "%s%s_at += 1 + snprintf(%s_at, (size_t)(%s_pool + sizeof %s_pool - %s_at), \"",
                  indent, pool, pool, pool, pool, pool);
    mo_cg_c_string(o, mo_buf_str(fmt));
    mo_buf_puts(o, "\"");
    for (int i = 0; i < ints->n; i++) {
        mo_buf_puts(o, ", ");
        mo_cg_put_int(cg, o, ints->v[i]);
    }
    mo_buf_puts(o, ");\n");
}

static int row_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    rows_seq *c = ctx;
    mo_cg *cg = c->cg;
    const mo_cg_var_row *r = &c->rows[k];
    static const char *const source[] = { /* ORDER mo2c_source */
        "MO2C_SRC_STATE", "MO2C_SRC_DER", "MO2C_SRC_ALG", "MO2C_SRC_PARAM", "MO2C_SRC_CONST_VALUE",
    };
    mo_buf_printf(o, "%svars[", indent);
    mo_cg_put_int(cg, o, k);
    mo_buf_puts(o, "] = (mo2c_var_info){var_at, \"");
    mo_cg_c_string(o, r->comment ? r->comment : "");
    mo_buf_puts(o, "\", \"");
    mo_cg_c_string(o, r->unit ? r->unit : "");
    mo_buf_printf(o, "\", %s, ", source[r->source]);
    mo_cg_put_int(cg, o, r->index);
    mo_buf_printf(o, ", %d, ", r->negated);
    mo_cg_put_number(cg, o, r->value);
    mo_buf_printf(o, ", %d, %d, %d};\n", r->is_param, r->overridable, r->is_protected);
    put_text(cg, &c->ws, o, indent, "var", r->name);
    return 2;
}

static const char *row_instance(void *ctx, int k)
{
    rows_seq *c = ctx;
    return c->rows[k].name;
}

/* static void NAME(void): the n statements stmt(ctx) prints, runs of them as loops, cut into parts. */
static void write_fill(mo_cg *cg, const char *name, int n, int (*stmt)(void *, int, mo_buf *, const char *),
                       const char *(*instance)(void *, int), void *ctx, mo_buf *out)
{
    mo_buf body = {0};
    mo_cg_split s = {.name = name, .params = "(void)", .locals = "    int ok = 1;\n",
                     .call = "    if (%s() != 0)\n        return;\n", .defs = out, .caller = &body};
    mo_cg_split_begin(&s, 2 * n, "    ");
    mo_cg_seq q = {cg, ctx, n, stmt, NULL, NULL, instance};
    mo_cg_seq_emit(&q, &s);
    mo_cg_split_end(&s);
    mo_buf_printf(out, "static void %s(void)\n{\n", name);
    mo_buf_putn(out, body.s, body.len);
    mo_buf_puts(out, "}\n\n");
}

/* Does the table as fill_vars (its text fill_len bytes) cost the C compiler less than as rows of text?
 * gcc spends about ten times as long on a byte of fill_vars' statements (a struct store and an snprintf
 * call per row not in a loop) as on a byte of an array initializer: EngineV6, 19322 rows that hardly
 * repeat (6 cylinders of different parts), made 5.2 MB of fill_vars, 16 s of CPU at -O1, a third of the
 * file's; a chain of repeated units makes loops of nearly all its rows, a few kB. Taken when the
 * loops shrink the text below an eighth of the rows' (their strings and about 60 bytes of numbers). */
static bool fill_pays(const mo_cg_var_row *rows, int n, size_t fill_len)
{
    size_t text = 0;
    for (int k = 0; k < n; k++)
        text += strlen(rows[k].name) + (rows[k].comment ? strlen(rows[k].comment) : 0) +
                (rows[k].unit ? strlen(rows[k].unit) : 0) + 60;
    return fill_len <= text / 8;
}

bool mo_cg_fill_vars(mo_cg *cg, const mo_cg_var_row *rows, int n, mo_buf *out)
{
    size_t from = out->len;
    size_t pool = 1;
    for (int k = 0; k < n; k++)
        pool += strlen(rows[k].name) + 1;
    mo_buf_puts(out, "#include <stdio.h>   /* snprintf, for the names */\n\n");
    mo_buf_printf(out, "/* Every variable as results and -override name it, filled in by fill_vars(), which main()\n"
                       " * calls first: the names are printed into var_pool (codegen_vars.c). */\n"
                       "static mo2c_var_info vars[%d];\n"
                       "static char var_pool[%zu];\n"
                       "static char *var_at = var_pool;\n\n", n > 0 ? n : 1, pool);
    rows_seq c = {cg, rows, {{0}, {0}}};
    write_fill(cg, "fill_vars", n, row_stmt, row_instance, &c, out);
    if (fill_pays(rows, n, out->len - from))
        return true;
    out->len = from;   /* (the loops' tables are in the text dropped: nothing refers to them) */
    if (out->s)
        out->s[from] = '\0';
    return false;
}

/* The where strings being written: ids[k] is statement k. */
typedef struct where_seq {
    mo_cg *cg;
    const char *const *where;
    const int *ids;
    text_ws ws;
} where_seq;

static int where_stmt(void *ctx, int k, mo_buf *o, const char *indent)
{
    where_seq *c = ctx;
    mo_buf_printf(o, "%smo_W[", indent);
    mo_cg_put_int(c->cg, o, c->ids[k]);
    mo_buf_puts(o, "] = where_at;\n");
    put_text(c->cg, &c->ws, o, indent, "where", c->where[c->ids[k]]);
    return 2;
}

void mo_cg_fill_where(mo_cg *cg, const char *const *where, int n, mo_buf *out)
{
    size_t pool = 1;
    int *ids = MO_NEWN(int, n + 1), nids = 0;
    for (int id = 0; id < n; id++)
        if (where[id]) {
            ids[nids++] = id;
            pool += strlen(where[id]) + 1;
        }
    mo_buf_printf(out, "#include <stdio.h>   /* snprintf, for the texts */\n\n"
                       "/* The equations named when a checked operation fails (division by zero, ...): mo_W[id],\n"
                       " * filled in by fill_where(), which main() calls first (codegen_vars.c). */\n"
                       "const char *mo_W[%d];\n", n > 0 ? n : 1);
    if (nids)   /* (without a text to place, an unused static would warn) */
        mo_buf_printf(out, "static char where_pool[%zu];\n"
                           "static char *where_at = where_pool;\n", pool);
    mo_buf_puts(out, "\n");
    where_seq c = {cg, where, ids, {{0}, {0}}};
    write_fill(cg, "fill_where", nids, where_stmt, NULL, &c, out);
}
