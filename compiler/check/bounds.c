/*
 * bounds.c - the min and max attributes checked while the model runs (issue 15, item 4). Specification
 * 4.9.1 defines them through an assert in the predefined type: assert(min <= value and value <= max).
 * mo2c makes that assert a warning, as OpenModelica does: an integrator may overshoot a bound within its
 * tolerance (a mass fraction at -1e-12), which is no mistake of the model, and a warning names the
 * variable, its value, the bound, the time and the declaration, so no violation passes unseen.
 *
 * Input: the flat model after mo_flat_unshare (attributes of their own: a bound reads the variable's own
 * parameters). Output: per bound of a Real or Integer variable, one assert of level warning among
 * flat->asserts (checked after every accepted step, reported once per violation until it holds again;
 * noEvent: a bound makes no event). Variables without min or max cost nothing.
 */
#include "checks.h"

#include <string.h>

/* A Real may pass its bound by this much relative to 1 + |bound| (rounding, as x = 1 - t reaching 0 at
 * -2.2e-16) without a warning; Integers are compared exactly. */
#define BOUND_TOL 1e-9

static mo_expr *str_lit(mo_loc loc, const char *s)
{
    mo_expr *e = mo_expr_new(MO_EX_STRING, loc);
    e->str = s;
    return e;
}

static mo_expr *to_string(mo_loc loc, mo_expr *v)
{
    mo_expr *args[1] = {v};
    return mo_expr_call(loc, "String", 1, args);
}

static void add_bound(mo_flat *flat, int v, mo_expr *bound, bool is_min)
{
    const mo_var *var = &flat->vars.v[v];
    mo_loc loc = var->attr->loc;
    mo_expr *x = mo_expr_var(loc, v);
    mo_expr *limit = mo_expr_copy(bound);
    if (var->type == MO_T_REAL) {   /* bound -/+ BOUND_TOL * (1 + |bound|): rounding is no violation */
        mo_expr *args[1] = {mo_expr_copy(bound)};
        mo_expr *slack = mo_expr_binary(loc, MO_OP_MUL, mo_expr_real(loc, BOUND_TOL),
                                        mo_expr_binary(loc, MO_OP_ADD, mo_expr_real(loc, 1),
                                                       mo_expr_call(loc, "abs", 1, args)));
        limit = mo_expr_binary(loc, is_min ? MO_OP_SUB : MO_OP_ADD, limit, slack);
    }
    mo_expr *rel = mo_expr_binary(loc, is_min ? MO_OP_GE : MO_OP_LE, x, limit);
    mo_expr *args[1] = {rel};
    mo_wstmt s = {0};
    s.kind = MO_WS_ASSERT;
    s.loc = loc;
    s.level = 2;
    s.rhs = mo_expr_call(loc, "noEvent", 1, args);
    s.nmsg = 5;
    s.msg = MO_NEWN(mo_expr *, 5);
    s.msg[0] = str_lit(loc, mo_sprintf("'%s' = ", mo_flat_var_name(flat, v)));
    s.msg[1] = to_string(loc, mo_expr_var(loc, v));
    s.msg[2] = str_lit(loc, is_min ? " is below its min " : " is above its max ");
    s.msg[3] = to_string(loc, mo_expr_copy(bound));
    s.msg[4] = str_lit(loc, mo_sprintf(" (declared at %s:%d:%d; specification 4.9.1)", loc.file ? loc.file->path : "?",
                                       loc.line, loc.col));
    MO_PUSH(flat->asserts, s);
}

void mo_bounds_asserts(mo_flat *flat)
{
    int n = flat->vars.n;
    for (int v = 0; v < n; v++) {
        const mo_var *var = &flat->vars.v[v];
        if ((var->type != MO_T_REAL && var->type != MO_T_INTEGER) || var->variability == MO_VAR_CONSTANT)
            continue;
        if (var->attr->min)
            add_bound(flat, v, var->attr->min, true);
        if (var->attr->max)
            add_bound(flat, v, var->attr->max, false);
    }
}
