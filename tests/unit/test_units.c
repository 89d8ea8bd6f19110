/*
 * test_units.c - unit strings (unitparse.c, specification 19.1) against their values worked out by hand
 * from the SI definitions: dimensions as powers of m, kg, s, A, K, mol, cd and scales; prefixes read only
 * when the whole symbol is not a unit ("T" tesla, "min" minute, "mm" millimetre, "cd" candela); the
 * exponent applying to the prefixed symbol ("mm2" = 1e-6 m2); rational exponents; arithmetic; and the
 * strings that are not units.
 */
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)

/* s must read as m^em kg^ekg s^es A^ea K^ek mol^emol cd^ecd (whole exponents times MO_U_DEN) with scale */
static void expect(const char *s, int em, int ekg, int es, int ea, int ek, int emol, int ecd, double scale)
{
    mo_uom u;
    const char *why;
    if (!mo_uom_parse(s, &u, &why)) {
        fprintf(stderr, "'%s' not read: %s\n", s, why);
        failures++;
        return;
    }
    int want[MO_U_BASES] = {em, ekg, es, ea, ek, emol, ecd};
    for (int i = 0; i < MO_U_BASES; i++)
        if (u.exp[i] != want[i] * MO_U_DEN) {
            fprintf(stderr, "'%s': exponent %d is %d/%d, expected %d\n", s, i, u.exp[i], MO_U_DEN, want[i]);
            failures++;
        }
    if (fabs(u.scale - scale) > 1e-12 * fabs(scale)) {
        fprintf(stderr, "'%s': scale %.17g, expected %.17g\n", s, u.scale, scale);
        failures++;
    }
}

static void refuse(const char *s, const char *why_part)
{
    mo_uom u;
    const char *why;
    if (mo_uom_parse(s, &u, &why)) {
        fprintf(stderr, "'%s' read as a unit\n", s);
        failures++;
    } else if (!strstr(why, why_part)) {
        fprintf(stderr, "'%s': reason '%s', expected it to say '%s'\n", s, why, why_part);
        failures++;
    }
}

int main(void)
{
    /*            s            m  kg   s   A   K mol cd  scale */
    expect("1",                0,  0,  0,  0,  0, 0, 0, 1);
    expect("m",                1,  0,  0,  0,  0, 0, 0, 1);
    expect("kg",               0,  1,  0,  0,  0, 0, 0, 1);
    expect("g",                0,  1,  0,  0,  0, 0, 0, 1e-3);
    expect("N.m",              2,  1, -2,  0,  0, 0, 0, 1);
    expect("kg.m/s2",          1,  1, -2,  0,  0, 0, 0, 1);
    expect("kg.m.s-2",         1,  1, -2,  0,  0, 0, 0, 1);
    expect("1/rad",            0,  0,  0,  0,  0, 0, 0, 1);
    expect("mm/s",             1,  0, -1,  0,  0, 0, 0, 1e-3);
    expect("mm2",              2,  0,  0,  0,  0, 0, 0, 1e-6);   /* the exponent includes the prefix */
    expect("km/h",             1,  0, -1,  0,  0, 0, 0, 1000.0 / 3600.0);
    expect("T",                0,  1, -2, -1,  0, 0, 0, 1);      /* tesla, not the prefix tera */
    expect("min",              0,  0,  1,  0,  0, 0, 0, 60);     /* minute, not milli-inch */
    expect("cd",               0,  0,  0,  0,  0, 0, 1, 1);      /* candela, not centi-day */
    expect("Pa",              -1,  1, -2,  0,  0, 0, 0, 1);
    expect("MPa",             -1,  1, -2,  0,  0, 0, 0, 1e6);
    expect("W/(m2.K)",         0,  1, -3,  0, -1, 0, 0, 1);
    expect("J/(kg.K)",         2,  0, -2,  0, -1, 0, 0, 1);
    expect("J.kg-1.K-1",       2,  0, -2,  0, -1, 0, 0, 1);
    expect("(J/kg)/(kg/m3)",   5, -1, -2,  0,  0, 0, 0, 1);
    expect("V",                2,  1, -3, -1,  0, 0, 0, 1);
    expect("Ohm",              2,  1, -3, -2,  0, 0, 0, 1);
    expect("S",               -2, -1,  3,  2,  0, 0, 0, 1);
    expect("F",               -2, -1,  4,  2,  0, 0, 0, 1);
    expect("H",                2,  1, -2, -2,  0, 0, 0, 1);
    expect("Wb",               2,  1, -2, -1,  0, 0, 0, 1);
    expect("uF",              -2, -1,  4,  2,  0, 0, 0, 1e-6);
    expect("Hz",               0,  0, -1,  0,  0, 0, 0, 1);
    expect("rad/s",            0,  0, -1,  0,  0, 0, 0, 1);
    expect("rev/min",          0,  0, -1,  0,  0, 0, 0, 2 * PI / 60);
    expect("deg",              0,  0,  0,  0,  0, 0, 0, PI / 180);
    expect("degC",             0,  0,  0,  0,  1, 0, 0, 1);
    expect("degF",             0,  0,  0,  0,  1, 0, 0, 5.0 / 9.0);
    expect("l",                3,  0,  0,  0,  0, 0, 0, 1e-3);
    expect("mol/l",           -3,  0,  0,  0,  0, 1, 0, 1e3);
    expect("kW.h",             2,  1, -2,  0,  0, 0, 0, 3.6e6);
    expect("eV",               2,  1, -2,  0,  0, 0, 0, 1.602176634e-19);
    expect("bar",             -1,  1, -2,  0,  0, 0, 0, 1e5);
    expect("dam",              1,  0,  0,  0,  0, 0, 0, 10);     /* deca: a two-letter prefix */
    expect("m4.s4/(K.s8)",     4,  0, -4,  0, -1, 0, 0, 1);
    expect("s-1.m-3",         -3,  0, -1,  0,  0, 0, 0, 1);
    expect("m+2",              2,  0,  0,  0,  0, 0, 0, 1);

    /* rational exponents: m(1/2) squared is m */
    mo_uom h, sq;
    const char *why;
    CHECK(mo_uom_parse("m(1/2)", &h, &why));
    CHECK(h.exp[MO_U_M] == MO_U_DEN / 2);
    sq = mo_uom_mul(h, h);
    mo_uom m;
    CHECK(mo_uom_parse("m", &m, &why));
    CHECK(mo_uom_equal(&sq, &m));
    CHECK(mo_uom_pow(m, 1, 3, &sq) && sq.exp[MO_U_M] == MO_U_DEN / 3);
    CHECK(!mo_uom_pow(m, 1, 7, &sq));                   /* a seventh is not kept: unknown */

    /* arithmetic: W = J/s, N.m = J, a km is not a m */
    mo_uom w, j, s, nm, km;
    CHECK(mo_uom_parse("W", &w, &why) && mo_uom_parse("J", &j, &why) && mo_uom_parse("s", &s, &why));
    CHECK(mo_uom_parse("N.m", &nm, &why) && mo_uom_parse("km", &km, &why));
    mo_uom js = mo_uom_div(j, s);
    CHECK(mo_uom_equal(&js, &w));
    CHECK(mo_uom_equal(&nm, &j));
    CHECK(!mo_uom_equal(&km, &m));
    CHECK(!strcmp(mo_uom_text(&w), "kg.m2.s-3"));
    CHECK(!strcmp(mo_uom_text(&km), "1000 m"));
    mo_uom one;
    CHECK(mo_uom_parse("1", &one, &why) && mo_uom_dimensionless(&one) && !strcmp(mo_uom_text(&one), "1"));
    CHECK(!strcmp(mo_uom_text(&h), "m(3/6)"));

    /* not units */
    refuse("", "empty");
    refuse("kgg", "'kgg' is no unit symbol");
    refuse("Nm", "'Nm' is no unit symbol");            /* 19.1: newton metre is N.m */
    refuse("m/s/s", "parentheses");
    refuse("J/kg.K", "parentheses");
    refuse("(m", "')' is missing");
    refuse("m^2", "'^' is not expected there");
    refuse("m-", "a sign must be followed by an exponent");
    refuse("m(1/0)", "divides by zero");
    refuse("m2 ", "' ' is not expected there");
    refuse("((((((((((((((((((m))))))))))))))))))", "too deep");
    refuse("m99999999", "too large");

    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures ? 1 : 0;
}
