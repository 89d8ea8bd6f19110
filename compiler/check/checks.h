/*
 * checks.h - the checks of the flat model that run before the back end (compiler/check/): the rules of
 * the specification that flattening does not enforce by itself. Each reports at the source location and
 * returns the number of findings.
 */
#ifndef MO2C_CHECKS_H
#define MO2C_CHECKS_H

#include "units.h"

/* params.c: parameters without a value (8.6) take their start value, with a warning each. */
int mo_check_params(const mo_flat *flat);

/* types.c: Booleans and numbers kept apart, Real values not given to Integers, conditions Boolean. */
int mo_check_types(const mo_flat *flat);

/* variability.c: constants have a constant value, parameters a parameter expression (3.8). */
int mo_check_variability(const mo_flat *flat);

/* variability.c: no der of a discrete-time Real; a Real declared discrete is assigned in a when-clause
 * (4.5.3). */
int mo_check_discrete(const mo_flat *flat);

/* whenorder.c: the equations of each when-branch in an order that respects what they read (8.3.5);
 * a cycle among them is an error. Reorders flat->whens in place. */
int mo_when_order(mo_flat *flat);

/* bounds.c: the min and max of every Real and Integer variable as warning asserts checked while the
 * model runs (4.9.1); after mo_flat_unshare. */
void mo_bounds_asserts(mo_flat *flat);

#endif
