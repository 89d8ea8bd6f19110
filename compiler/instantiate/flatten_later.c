/*
 * flatten_later.c - equations flattened once the rest of the model is instantiated: those that wait for
 * something the connects around their component make (cardinality's counts and Connections.isRoot,
 * cardinality.c; elements that connects add to expandable connectors, expandable.c).
 *
 * Input: an equation met while its instance was flattened, with the iterators then in scope. Output:
 * the same equation flattened later, as flatten.c would have flattened it there. Preconditions: the
 * instance and its class outlive flattening (they do: arena memory).
 */
#include "aval.h"

mo_later_eq mo_later_eq_make(mo_inst *inst, mo_class *owner, const mo_eq *q, bool initial)
{
    mo_later_eq d = {inst, owner, q, initial, 0, NULL, NULL};
    d.niters = mo_iter_snapshot(&d.iter_names, &d.iter_vals);
    mo_eval_note_read();   /* no clone template: what it becomes depends on the model around it */
    return d;
}

bool mo_later_eq_flatten(mo_front *fr, const mo_later_eq *d)
{
    mo_eq *one = (mo_eq *)d->q;
    mo_eq_list l = {1, &one};
    for (int k = 0; k < d->niters; k++)
        mo_iter_push(d->iter_names[k], d->iter_vals[k]);
    bool ok = mo_flatten_eqs(fr, d->inst, d->owner, &l, d->initial);
    for (int k = 0; k < d->niters; k++)
        mo_iter_pop();
    return ok;
}
