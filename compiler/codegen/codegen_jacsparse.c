/*
 * codegen_jacsparse.c - the Jacobian d(dx)/dx as a sparse matrix: its pattern found at compile time,
 * its values computed by the generated forward-mode pass (codegen.c's jacobian_pass) once per colour.
 *
 * Input: the blocks the pass differentiates, in sorted order, each with its variable and the variables
 * its derivative reads (mo_cg_jac_deps, collected by codegen.c while it writes the pass). Output: the C
 * of the tables jac_rowptr, jac_col (CSR, columns ascending, the diagonal always present: SUNDIALS adds
 * to it) and jac_color, and of jacobian_sparse(d, t, x, val), which mo2c_model.jacobian_sparse names.
 *
 * Pattern: a variable depends on the states its block's derivative reads directly and on those the
 * variables it reads depend on, found in the blocks' order (each block after those it reads), so
 * one sweep gives every row: row i is what der(x[i]) depends on. Each set is made once with a marker
 * array and sorted; the sweep costs the sum of the sets' sizes. A model whose sets grow past
 * MAX_DEP_PER_STATE entries per state on average (dense coupling, where a dense matrix serves
 * better) gets no sparse Jacobian.
 *
 * Values by colouring (Curtis, Powell and Reid): columns that share no row get one colour (greedy, in
 * column order), and one pass seeded with the sum of a colour's columns gives each entry of those columns
 * in its row, since no other column of the colour reaches that row. A chain of springs needs three or
 * four colours however long it is, so the Jacobian costs a few evaluations of the model's derivatives.
 */
#include "codegen.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_DEP_PER_STATE = 64 };

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* An int table as C, twenty numbers a line. */
static void table(mo_buf *o, const char *name, const int *v, int n)
{
    mo_buf_printf(o, "static const int %s[%d] = {", name, n > 0 ? n : 1);
    for (int i = 0; i < n; i++)
        mo_buf_printf(o, "%s%d,", i % 20 ? " " : "\n    ", v[i]);
    mo_buf_puts(o, n > 0 ? "\n};\n" : "0};\n");
}

/* The tables as a sequence (codegen_loops.c): statement i sets row i's end, its columns and its
 * colour, every number through mo_cg_put_int, so that the rows of repeated units become loops. */
typedef struct rows_seq {
    mo_cg *cg;
    const int *rowptr, *col, *color;
} rows_seq;

static int row_stmt(void *ctx, int i, mo_buf *o, const char *indent)
{
    rows_seq *c = ctx;
    mo_buf_printf(o, "%sjac_rowptr[", indent);
    mo_cg_put_int(c->cg, o, i + 1);
    mo_buf_puts(o, "] = ");
    mo_cg_put_int(c->cg, o, c->rowptr[i + 1]);
    mo_buf_printf(o, ";\n%sjac_color[", indent);
    mo_cg_put_int(c->cg, o, i);
    mo_buf_puts(o, "] = ");
    mo_cg_put_int(c->cg, o, c->color[i]);
    mo_buf_puts(o, ";\n");
    for (int k = c->rowptr[i]; k < c->rowptr[i + 1]; k++) {
        mo_buf_printf(o, "%sjac_col[", indent);
        mo_cg_put_int(c->cg, o, k);
        mo_buf_puts(o, "] = ");
        mo_cg_put_int(c->cg, o, c->col[k]);
        mo_buf_puts(o, ";\n");
    }
    return 2 + c->rowptr[i + 1] - c->rowptr[i];
}

/* jac_rowptr, jac_col, jac_color and fill_jac(), which fills them and which main() calls first (a
 * table of text grows with the model: 3.7 MB for the 50000-unit chain). */
static void fill_tables(mo_cg *cg, const int *rowptr, const int *col, const int *color, int nx, mo_buf *o)
{
    mo_buf_printf(o, "static int jac_rowptr[%d], jac_col[%d], jac_color[%d];\n\n", nx + 1,
                  rowptr[nx] > 0 ? rowptr[nx] : 1, nx);
    mo_buf body = {0};
    mo_cg_split s = {.name = "fill_jac", .params = "(void)", .locals = "    int ok = 1;\n",
                     .call = "    if (%s() != 0)\n        return;\n", .defs = o, .caller = &body};
    mo_cg_split_begin(&s, 3 * nx, "    ");
    rows_seq c = {cg, rowptr, col, color};
    mo_cg_seq q = {cg, &c, nx, row_stmt, NULL, NULL, NULL};
    mo_cg_seq_emit(&q, &s);
    mo_cg_split_end(&s);
    mo_buf_puts(o, "static void fill_jac(void)\n{\n");
    mo_buf_putn(o, body.s, body.len);
    mo_buf_puts(o, "}\n\n");
}

int mo_cg_jac_sparse(mo_cg *cg, const mo_cg_jac_deps *deps, const char *work, int seed_len, mo_buf *o)
{
    const mo_dae *dae = cg->dae;
    int nx = dae->nx, nv = dae->vars.n;
    long cap = (long)MAX_DEP_PER_STATE * nx + 100000;
    /* dependency sets: var -> [dep_from[v], dep_from[v] + dep_len[v]) of pool; states stand for themselves */
    int *dep_from = MO_NEWN(int, nv + 1), *dep_len = MO_NEWN(int, nv + 1);
    int *mark = MO_NEWN(int, nx + 1);
    mo_int_vec pool = {0}, set = {0};
    for (int j = 0; j < nx; j++)
        mark[j] = -1;
    for (int b = 0, u0 = 0; b < deps->var.n; u0 = deps->end.v[b], b++) {
        set.n = 0;
        for (int q = u0; q < deps->end.v[b]; q++) {
            int u = deps->uses.v[q];
            const mo_dvar *du = &dae->vars.v[u];
            if (du->kind == MO_DV_STATE) {
                if (du->slot >= 0 && du->slot < nx && mark[du->slot] != b) {
                    mark[du->slot] = b;
                    MO_PUSH(set, du->slot);
                }
                continue;
            }
            for (int k = 0; k < dep_len[u]; k++) {
                int j = pool.v[dep_from[u] + k];
                if (mark[j] != b) {
                    mark[j] = b;
                    MO_PUSH(set, j);
                }
            }
        }
        if ((long)pool.n + set.n > cap)
            return 0;
        mo_qsort(set.v, (size_t)set.n, sizeof(int), cmp_int);
        int v = deps->var.v[b];
        dep_from[v] = pool.n;
        dep_len[v] = set.n;
        for (int k = 0; k < set.n; k++)
            MO_PUSH(pool, set.v[k]);
    }
    /* rows: der(x[i]) is the derivative variable in dx slot i */
    int *der_of = MO_NEWN(int, nx + 1);
    for (int i = 0; i < nx; i++)
        der_of[i] = -1;
    for (int v = 0; v < nv; v++)
        if (dae->vars.v[v].kind == MO_DV_DERIVATIVE && dae->vars.v[v].slot >= 0 && dae->vars.v[v].slot < nx)
            der_of[dae->vars.v[v].slot] = v;
    /* a state whose derivative is a state (codegen.c's emit_state_chains: sdx of x = sx of der(x)) */
    int *chain = MO_NEWN(int, nx + 1);
    for (int i = 0; i < nx; i++)
        chain[i] = -1;
    for (int v = 0; v < nv; v++) {
        const mo_dvar *dv = &dae->vars.v[v];
        if (dv->kind == MO_DV_STATE && dv->der >= 0 && dae->vars.v[dv->der].kind == MO_DV_STATE &&
            dv->slot >= 0 && dv->slot < nx)
            chain[dv->slot] = dae->vars.v[dv->der].slot;
    }
    int *rowptr = MO_NEWN(int, nx + 1);
    mo_int_vec col = {0};
    for (int i = 0; i < nx; i++) {
        rowptr[i] = col.n;
        int v = der_of[i], n = v >= 0 ? dep_len[v] : 0, placed = 0;
        const int *d = v >= 0 ? pool.v + dep_from[v] : NULL;
        if (v < 0 && chain[i] >= 0 && chain[i] < nx) {
            n = 1;
            d = &chain[i];
        }
        for (int k = 0; k < n; k++) {
            if (!placed && d[k] >= i) {
                if (d[k] > i)
                    MO_PUSH(col, i);
                placed = 1;
            }
            MO_PUSH(col, d[k]);
        }
        if (!placed)
            MO_PUSH(col, i);
    }
    rowptr[nx] = col.n;
    /* colours: the columns' rows (CSC), then greedily the smallest colour no column sharing a row has */
    int *cptr = MO_NEWN(int, nx + 2), *crow = MO_NEWN(int, col.n + 1), *fill = MO_NEWN(int, nx + 1);
    for (int k = 0; k < col.n; k++)
        cptr[col.v[k] + 1]++;
    for (int j = 0; j < nx; j++)
        cptr[j + 1] += cptr[j];
    for (int i = 0; i < nx; i++)
        for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
            crow[cptr[col.v[k]] + fill[col.v[k]]++] = i;
    int *color = MO_NEWN(int, nx + 1), *forbid = MO_NEWN(int, nx + 1), ncolor = 0;
    for (int c = 0; c < nx; c++)
        forbid[c] = -1;
    for (int j = 0; j < nx; j++) {
        for (int k = cptr[j]; k < cptr[j + 1]; k++) {
            int i = crow[k];
            for (int q = rowptr[i]; q < rowptr[i + 1]; q++)
                if (col.v[q] < j)
                    forbid[color[col.v[q]]] = j;
        }
        int c = 0;
        while (forbid[c] == j)
            c++;
        color[j] = c;
        if (c + 1 > ncolor)
            ncolor = c + 1;
    }
    mo_buf_printf(o, "/* The sparse Jacobian: pattern (CSR, the diagonal included) of %d entries and the colour of\n"
                     " * each column; columns of one colour share no row, so one pass of jacobian_pass seeded with\n"
                     " * all of them gives each of their entries (%d colours). */\n", col.n, ncolor);
    if (cg->where_table) {   /* a large model: the tables filled at start-up by loops */
        fill_tables(cg, rowptr, col.v, color, nx, o);
    } else {
        table(o, "jac_rowptr", rowptr, nx + 1);
        table(o, "jac_col", col.v, col.n);
        table(o, "jac_color", color, nx);
    }
    mo_buf_puts(o, "\nstatic int jacobian_sparse(mo2c_data *d, double t, const double *x, double *val)\n{\n");
    mo_buf_puts(o, work);
    mo_buf_printf(o, "    for (int c = 0; c < %d; c++) {\n", ncolor);
    mo_buf_printf(o, "        memset(sx, 0, sizeof(double) * %d);\n", seed_len);
    mo_buf_printf(o, "        for (int j = 0; j < %d; j++)\n            if (jac_color[j] == c)\n"
                     "                sx[j] = 1.0;\n", nx);
    mo_buf_puts(o, "        if (jacobian_pass(d, t, x, dx, sx, sdx, sy) != 0) {\n"
                   "            free(work);\n            return -1;\n        }\n");
    mo_buf_printf(o, "        for (int i = 0; i < %d; i++)\n"
                     "            for (int k = jac_rowptr[i]; k < jac_rowptr[i + 1]; k++)\n"
                     "                if (jac_color[jac_col[k]] == c)\n"
                     "                    val[k] = sdx[i];\n    }\n", nx);
    mo_buf_puts(o, "    free(work);\n    return 0;\n}\n\n");
    return col.n;
}
