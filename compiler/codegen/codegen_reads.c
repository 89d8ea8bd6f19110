/*
 * codegen_reads.c - what a when-clause or an algorithm section with when-statements reads, for the
 * rounds of one pass of event iteration (runtime/events.c solve_pass).
 *
 * update() runs the when-clauses and sections in one order; one that reads what a later one assigns at
 * this event has read the old value, so the runtime runs update again, in rounds, while a round changes
 * something. In a round after the first, a clause whose condition rose at this event fires again only
 * when something it reads changed in the round before (mo2c_reads_changed against the y and dx slots
 * printed here): then it compares its conditions with the memory of the pass's start (d->cond_pass) and runs
 * again with the same pre() and the new values (b = a of a when-clause before the one of a). One whose
 * reads did not change does not run again: its values stand, and a call with effects (print, an impure
 * random number: MSL Noise's ImpureRandom) is not repeated. A clause with reinit fires again whenever
 * the runtime set the states back to the pass's start (d->x_reset), so its reinit is applied once.
 *
 * The reads: the y slots of the variables its conditions and bodies read outside pre(), but those it
 * assigns itself (their changes come from it), and the dx slots of the derivatives they read: der(x) =
 * -k*x read before the clause of k at the same event is computed again at the end of the round, and
 * the clause must see the new value (v = der(x) kept -1*x where -2*x held). States are set back each
 * round, parameters do not change. Input: the expressions, as printed. Output: "static const int rd<N>_[] = {...};" and the
 * test. Cost: linear in the expressions' nodes (an explicit stack), marks cleared per clause.
 */
#include "codegen.h"
#include "daeutil.h"
#include "sym.h"

struct mo_cg_reads {
    unsigned char *mark;      /* per DAE variable: 1 read, 2 assigned by the clause */
    MO_VEC(int) vars;         /* the variables marked */
    mo_expr_stack stack;
    const mo_dae *dae;
    int id;                   /* numbers the arrays printed */
};

mo_cg_reads *mo_cg_reads_new(const mo_dae *dae)
{
    mo_cg_reads *r = MO_NEW(mo_cg_reads);
    r->mark = MO_NEWN(unsigned char, dae->vars.n + 1);
    return r;
}

/* The variable that holds v's value (after aliases) in a y slot or, a derivative, in a dx slot; -1 for
 * the others: states are set back each round, parameters do not change. */
static int read_var(const mo_dae *dae, int v)
{
    bool neg;
    const mo_expr *value;
    int r = v >= 0 && v < dae->vars.n ? mo_dae_resolve(dae, v, &neg, &value, NULL) : -1;
    if (r < 0 || dae->vars.v[r].slot < 0)
        return -1;
    mo_dkind k = dae->vars.v[r].kind;
    return k == MO_DV_ALGEBRAIC || k == MO_DV_DISCRETE || k == MO_DV_DERIVATIVE ? r : -1;
}

/* Its index in what mo2c_reads_changed compares: y's slots, then dx's (mo2c_rt.h). */
static int read_index(const mo_dae *dae, int r)
{
    const mo_dvar *dv = &dae->vars.v[r];
    return dv->kind == MO_DV_DERIVATIVE ? dae->ny + dv->slot : dv->slot;
}

void mo_cg_reads_assigned(mo_cg_reads *r, const mo_dae *dae, int v)
{
    int y = read_var(dae, v);
    if (y < 0 || r->mark[y] == 2)
        return;
    if (!r->mark[y])
        MO_PUSH(r->vars, y);
    r->mark[y] = 2;
}

static void note_read(void *ctx, int v)
{
    mo_cg_reads *r = ctx;
    if (v < -1) {   /* der(u) of a when-clause: the derivative variable of u, if u has one */
        int u = -2 - v;
        v = u < r->dae->vars.n ? r->dae->vars.v[u].der : -1;
    }
    int y = read_var(r->dae, v);
    if (y >= 0 && !r->mark[y]) {
        r->mark[y] = 1;
        MO_PUSH(r->vars, y);
    }
}

void mo_cg_reads_expr(mo_cg_reads *r, const mo_dae *dae, const mo_expr *root)
{
    r->dae = dae;
    mo_expr_each_var_now(root, &r->stack, note_read, r);
}

/* Prints the array of the slots read (unless none) and returns the C expression that is true when the
 * clause is to compare with the pass's condition memory: something it reads changed in the round
 * before, or (reinit) the states were set back. Clears the marks. */
const char *mo_cg_reads_end(mo_cg_reads *r, const mo_dae *dae, mo_buf *o, const char *indent, bool reinit)
{
    int n = 0, id = r->id++;
    for (int i = 0; i < r->vars.n; i++)
        n += r->mark[r->vars.v[i]] == 1;
    if (n) {
        mo_buf_printf(o, "%sstatic const int rd%d_[] = {", indent, id);
        for (int i = 0, k = 0; i < r->vars.n; i++)
            if (r->mark[r->vars.v[i]] == 1)
                mo_buf_printf(o, "%s%d", k++ ? ", " : "", read_index(dae, r->vars.v[i]));
        mo_buf_puts(o, "};\n");
    }
    for (int i = 0; i < r->vars.n; i++)
        r->mark[r->vars.v[i]] = 0;
    r->vars.n = 0;
    const char *changed = n ? mo_sprintf("mo2c_reads_changed(d, rd%d_, %d)", id, n) : NULL;
    if (reinit)
        return changed ? mo_sprintf("(d->x_reset || %s)", changed) : "d->x_reset";
    return changed ? changed : "0";
}

void mo_cg_reads_expr_cb(void *cg, const mo_expr *e)
{
    const mo_cg *c = cg;
    mo_cg_reads_expr(c->reads, c->dae, e);
}
