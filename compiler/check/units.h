/*
 * units.h - units of measure (specification chapter 19): unit strings read into values that can be
 * multiplied and compared (unitparse.c), and the check that the equations of a flat model are
 * consistent in their units (unitcheck.c).
 *
 * A unit is a product of powers of the seven SI base units with a scale: "km/h" is m.s-1 with scale
 * 1000/3600, "N.m" is kg.m2.s-2 with scale 1. Radian and steradian are dimensionless (SI), so "rad/s"
 * and "1/s" are the same dimension; a scale that differs ("deg" against "rad") makes two units differ.
 * Temperatures with an offset (degC, degF) count as kelvin-sized units: the check compares dimensions
 * and scales, not zero points.
 */
#ifndef MO2C_UNITS_H
#define MO2C_UNITS_H

#include "flat.h"

/* The base units, in the order of mo_uom.exp. */
enum { MO_U_M, MO_U_KG, MO_U_S, MO_U_A, MO_U_K, MO_U_MOL, MO_U_CD, MO_U_BASES };

/* Exponents are kept times MO_U_DEN so that the square root of m2/s2 and the cube root of m3 stay
 * exact; an exponent that does not fit makes an operation give up (the result is unknown). */
#define MO_U_DEN 6

typedef struct mo_uom {
    short exp[MO_U_BASES];    /* exponent of each base unit, times MO_U_DEN */
    double scale;             /* the size of the unit in SI base units: 1000 for km, 1 for N */
} mo_uom;

/* unitparse.c: read a unit string ("kg.m/s2", "W/(m2.K)", "1", "degC"); false when it is not one, with
 * what is wrong in *why (static text or arena). "" is not a unit (the caller treats it as "not given"). */
bool mo_uom_parse(const char *s, mo_uom *u, const char **why);
/* unitparse.c: arithmetic. mo_uom_pow: u to the power num/den (den > 0); false when an exponent would
 * not fit (see MO_U_DEN). */
mo_uom mo_uom_mul(mo_uom a, mo_uom b);
mo_uom mo_uom_div(mo_uom a, mo_uom b);
bool mo_uom_pow(mo_uom a, long num, long den, mo_uom *out);
bool mo_uom_dimensionless(const mo_uom *u);
/* unitparse.c: the same dimension and scale (scales within a relative 1e-9) */
bool mo_uom_equal(const mo_uom *a, const mo_uom *b);
/* unitparse.c: u in base units for messages: "kg.m2.s-3.A-1", "1", "0.001 m3" (arena) */
const char *mo_uom_text(const mo_uom *u);

/* What to do with the findings of the unit check (--units=). */
typedef enum mo_units_mode { MO_UNITS_OFF, MO_UNITS_WARN, MO_UNITS_ERROR } mo_units_mode;

/* unitcheck.c: check the unit strings of the variables and the units of every equation, binding,
 * attribute value, when-statement and algorithm assignment of flat (after mo_flat_unshare), reporting
 * each finding as a warning (or an error in MO_UNITS_ERROR) at its source location, once per source
 * location. Returns the number of findings. Linear in the size of the model. */
int mo_units_check(const mo_flat *flat, mo_units_mode mode);

#endif
