/*
 * events.h - the back end's view of events (events.c): which variables are discrete, and the checks
 * of when-clauses against the DAE. Code generation of events is in codegen_events.c (codegen.h).
 */
#ifndef MO2C_EVENTS_H
#define MO2C_EVENTS_H

#include "dae.h"

/* Per flat variable: 1 when some when-clause or when-statement assigns it (MO_DV_DISCRETE: held between
 * events, changed only by the when-clause); 0 otherwise. Integer, Boolean and discrete variables that
 * no when-clause assigns are computed by their equations like algebraic variables (they change only at
 * events because every relation is frozen between events). */
unsigned char *mo_events_assigned(const mo_flat *flat);

/* After der() lowering: a when-clause may not assign a state, a parameter, or a variable that another
 * when-equation or an algorithm section assigns. False after reporting errors. */
bool mo_dae_events_check(const mo_dae *dae);

/* evcalls.c: div, mod, rem, ceil, floor and integer of continuously varying arguments in the equations
 * (outside noEvent and smooth) read discrete variables that when-equations update at events
 * (specification 3.7.1.1), so that their values change only at events. Run after mo_flat_unshare,
 * before mo_dae_build. */
void mo_event_calls(mo_flat *flat);
/* runindex.c: each x[k] (a subscript known only at run time) that two or more equations read, read
 * through a protected variable of its own and one equation computing it, so that the back end sees the
 * elements of x once. Run after mo_flat_unshare and the unit check, before mo_dae_build. */
void mo_run_index_vars(mo_flat *flat);
/* clocks.c: the synchronous language (chapter 16) lowered to when-equations, after mo_flat_unshare; false
 * after errors. */
bool mo_clocks_lower(mo_flat *flat);
/* statemachines.c: the state machines (chapter 17) as clocked equations, before mo_clocks_lower; false
 * after errors. */
bool mo_state_machines(mo_flat *flat);

#endif
