/*
 * unitparse.c - unit strings (specification 19.1) read into mo_uom values, their arithmetic and their
 * text for messages (units.h).
 *
 * Input: a unit string as a unit attribute holds it. Output: the unit as powers of the SI base units
 * with a scale, or false with the reason. The symbols known are the SI base and derived units, the
 * units 19.1 requires besides them (min, h, d, l, L, eV, deg, debye), the temperatures with an offset
 * (degC, degF, degRk) and the few more the Modelica Standard Library writes in unit attributes (bar,
 * rev, var, dB, phon, sone). A symbol is first read whole and only then as a prefix and a symbol
 * (19.1: "T" is tesla, "Tm" would be terametre; "min" is the minute, "mm" the millimetre).
 * Cost: linear in the length of the string; the recursion follows parentheses and stops at a depth of
 * MAX_DEPTH.
 */
#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16

/* A symbol: its exponents of m, kg, s, A, K, mol, cd (whole numbers) and its scale. */
typedef struct unit_sym {
    const char *name;
    signed char e[MO_U_BASES];
    double scale;
} unit_sym;

#define PI 3.14159265358979323846
/*                         m  kg   s   A   K mol  cd */
static const unit_sym symbols[] = {
    {"m",      { 1,  0,  0,  0,  0,  0,  0}, 1},
    {"g",      { 0,  1,  0,  0,  0,  0,  0}, 1e-3},     /* the kilogram is a prefixed gram */
    {"s",      { 0,  0,  1,  0,  0,  0,  0}, 1},
    {"A",      { 0,  0,  0,  1,  0,  0,  0}, 1},
    {"K",      { 0,  0,  0,  0,  1,  0,  0}, 1},
    {"mol",    { 0,  0,  0,  0,  0,  1,  0}, 1},
    {"cd",     { 0,  0,  0,  0,  0,  0,  1}, 1},
    {"rad",    { 0,  0,  0,  0,  0,  0,  0}, 1},        /* SI: m/m */
    {"sr",     { 0,  0,  0,  0,  0,  0,  0}, 1},        /* SI: m2/m2 */
    {"Hz",     { 0,  0, -1,  0,  0,  0,  0}, 1},
    {"N",      { 1,  1, -2,  0,  0,  0,  0}, 1},
    {"Pa",     {-1,  1, -2,  0,  0,  0,  0}, 1},
    {"J",      { 2,  1, -2,  0,  0,  0,  0}, 1},
    {"W",      { 2,  1, -3,  0,  0,  0,  0}, 1},
    {"C",      { 0,  0,  1,  1,  0,  0,  0}, 1},
    {"V",      { 2,  1, -3, -1,  0,  0,  0}, 1},
    {"F",      {-2, -1,  4,  2,  0,  0,  0}, 1},
    {"Ohm",    { 2,  1, -3, -2,  0,  0,  0}, 1},
    {"S",      {-2, -1,  3,  2,  0,  0,  0}, 1},
    {"Wb",     { 2,  1, -2, -1,  0,  0,  0}, 1},
    {"T",      { 0,  1, -2, -1,  0,  0,  0}, 1},
    {"H",      { 2,  1, -2, -2,  0,  0,  0}, 1},
    {"degC",   { 0,  0,  0,  0,  1,  0,  0}, 1},        /* offsets are not compared (units.h) */
    {"lm",     { 0,  0,  0,  0,  0,  0,  1}, 1},        /* cd.sr */
    {"lx",     {-2,  0,  0,  0,  0,  0,  1}, 1},
    {"Bq",     { 0,  0, -1,  0,  0,  0,  0}, 1},
    {"Gy",     { 2,  0, -2,  0,  0,  0,  0}, 1},
    {"Sv",     { 2,  0, -2,  0,  0,  0,  0}, 1},
    {"kat",    { 0,  0, -1,  0,  0,  1,  0}, 1},
    /* required by 19.1 besides the SI units */
    {"min",    { 0,  0,  1,  0,  0,  0,  0}, 60},
    {"h",      { 0,  0,  1,  0,  0,  0,  0}, 3600},
    {"d",      { 0,  0,  1,  0,  0,  0,  0}, 86400},
    {"l",      { 3,  0,  0,  0,  0,  0,  0}, 1e-3},
    {"L",      { 3,  0,  0,  0,  0,  0,  0}, 1e-3},
    {"eV",     { 2,  1, -2,  0,  0,  0,  0}, 1.602176634e-19},
    {"deg",    { 0,  0,  0,  0,  0,  0,  0}, PI / 180},
    {"debye",  { 1,  0,  1,  1,  0,  0,  0}, 1e-21 / 299792458},
    {"degF",   { 0,  0,  0,  0,  1,  0,  0}, 5.0 / 9},
    {"degRk",  { 0,  0,  0,  0,  1,  0,  0}, 5.0 / 9},
    /* written in the Modelica Standard Library's unit attributes */
    {"bar",    {-1,  1, -2,  0,  0,  0,  0}, 1e5},
    {"rev",    { 0,  0,  0,  0,  0,  0,  0}, 2 * PI},
    {"var",    { 2,  1, -3,  0,  0,  0,  0}, 1},        /* volt-ampere reactive */
    {"dB",     { 0,  0,  0,  0,  0,  0,  0}, 1},        /* logarithmic and perceptual measures: */
    {"phon",   { 0,  0,  0,  0,  0,  0,  0}, 1},        /* dimensionless numbers */
    {"sone",   { 0,  0,  0,  0,  0,  0,  0}, 1},
};

static const struct { const char *name; double factor; } prefixes[] = {
    {"Q", 1e30}, {"R", 1e27}, {"Y", 1e24}, {"Z", 1e21}, {"E", 1e18}, {"P", 1e15}, {"T", 1e12},
    {"G", 1e9}, {"M", 1e6}, {"k", 1e3}, {"h", 1e2}, {"da", 1e1}, {"d", 1e-1}, {"c", 1e-2},
    {"m", 1e-3}, {"u", 1e-6}, {"n", 1e-9}, {"p", 1e-12}, {"f", 1e-15}, {"a", 1e-18},
    {"z", 1e-21}, {"y", 1e-24}, {"r", 1e-27}, {"q", 1e-30},
};

static const unit_sym *find_symbol(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
        if (strlen(symbols[i].name) == n && !memcmp(symbols[i].name, s, n))
            return &symbols[i];
    return NULL;
}

static mo_uom unit_one(void)
{
    mo_uom u = {{0}, 1.0};
    return u;
}

mo_uom mo_uom_mul(mo_uom a, mo_uom b)
{
    for (int i = 0; i < MO_U_BASES; i++)
        a.exp[i] = (short)(a.exp[i] + b.exp[i]);
    a.scale *= b.scale;
    return a;
}

mo_uom mo_uom_div(mo_uom a, mo_uom b)
{
    for (int i = 0; i < MO_U_BASES; i++)
        a.exp[i] = (short)(a.exp[i] - b.exp[i]);
    a.scale /= b.scale;
    return a;
}

bool mo_uom_pow(mo_uom a, long num, long den, mo_uom *out)
{
    if (den <= 0 || labs(num) > 1000 || den > 1000)
        return false;
    for (int i = 0; i < MO_U_BASES; i++) {
        long e = (long)a.exp[i] * num;
        if (e % den || labs(e / den) > 600)
            return false;     /* not a whole number of sixths, or far out of any real use */
        a.exp[i] = (short)(e / den);
    }
    a.scale = pow(a.scale, (double)num / (double)den);
    *out = a;
    return isfinite(a.scale) && a.scale > 0;
}

bool mo_uom_dimensionless(const mo_uom *u)
{
    for (int i = 0; i < MO_U_BASES; i++)
        if (u->exp[i])
            return false;
    return true;
}

bool mo_uom_equal(const mo_uom *a, const mo_uom *b)
{
    if (memcmp(a->exp, b->exp, sizeof a->exp))
        return false;
    return fabs(a->scale - b->scale) <= 1e-9 * fmax(fabs(a->scale), fabs(b->scale));
}

const char *mo_uom_text(const mo_uom *u)
{
    static const char *base[MO_U_BASES] = {"m", "kg", "s", "A", "K", "mol", "cd"};
    /* kg, m, s, A, K, mol, cd: the order in which SI writes derived units (kg.m2.s-2) */
    static const int order[MO_U_BASES] = {MO_U_KG, MO_U_M, MO_U_S, MO_U_A, MO_U_K, MO_U_MOL, MO_U_CD};
    mo_buf b = {0};
    if (u->scale != 1.0)
        mo_buf_printf(&b, "%.6g ", u->scale);
    bool any = false;
    for (int k = 0; k < MO_U_BASES; k++) {
        int i = order[k], e = u->exp[i];
        if (!e)
            continue;
        mo_buf_printf(&b, "%s%s", any ? "." : "", base[i]);
        if (e % MO_U_DEN)
            mo_buf_printf(&b, "(%d/%d)", e, MO_U_DEN);
        else if (e != MO_U_DEN)
            mo_buf_printf(&b, "%d", e / MO_U_DEN);
        any = true;
    }
    if (!any)
        mo_buf_puts(&b, "1");
    return mo_buf_str(&b);
}

/* ---- the parser: one function per rule of 19.1 ---- */

typedef struct uparse {
    const char *p;
    const char *why;
    int depth;
    bool divided;             /* the top level has had its '/' */
} uparse;

static bool fail(uparse *ps, const char *why)
{
    if (!ps->why)
        ps->why = why;
    return false;
}

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool read_uint(uparse *ps, long *v)
{
    if (!is_digit(*ps->p))
        return fail(ps, "a number must follow");
    long n = 0;
    while (is_digit(*ps->p)) {
        if (n > 100000)
            return fail(ps, "an exponent is too large");
        n = n * 10 + (*ps->p++ - '0');
    }
    *v = n;
    return true;
}

/* unit-operand: a symbol read whole, else a prefix and a symbol */
static bool operand(uparse *ps, mo_uom *u)
{
    const char *s = ps->p;
    while (is_letter(*ps->p))
        ps->p++;
    size_t n = (size_t)(ps->p - s);
    if (n == 0)
        return fail(ps, "a unit symbol is missing");
    const unit_sym *sym = find_symbol(s, n);
    double factor = 1.0;
    if (!sym)
        for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0] && !sym; i++) {
            size_t pl = strlen(prefixes[i].name);
            if (pl < n && !memcmp(prefixes[i].name, s, pl) && (sym = find_symbol(s + pl, n - pl)))
                factor = prefixes[i].factor;
        }
    if (!sym)
        return fail(ps, mo_sprintf("'%.*s' is no unit symbol", (int)(n > 40 ? 40 : n), s));
    for (int i = 0; i < MO_U_BASES; i++)
        u->exp[i] = (short)(sym->e[i] * MO_U_DEN);
    u->scale = sym->scale * factor;
    return true;
}

static bool expression(uparse *ps, mo_uom *u);

/* unit-factor: an operand (or, as tools accept, a parenthesized expression) and an exponent */
static bool factor(uparse *ps, mo_uom *u)
{
    if (*ps->p == '(') {
        ps->p++;
        if (!expression(ps, u))
            return false;
        if (*ps->p != ')')
            return fail(ps, "')' is missing");
        ps->p++;
    } else if (!operand(ps, u)) {
        return false;
    }
    bool neg = false, has_exp = false;
    if (*ps->p == '+' || *ps->p == '-') {
        neg = *ps->p++ == '-';
        has_exp = true;
    }
    long num = 1, den = 1;
    if (*ps->p == '(' && is_digit(ps->p[1])) {          /* a rational exponent: m(1/2) */
        ps->p++;
        if (!read_uint(ps, &num) || *ps->p != '/')
            return fail(ps, "a rational exponent is written (N/M)");
        ps->p++;
        if (!read_uint(ps, &den) || *ps->p != ')')
            return fail(ps, "a rational exponent is written (N/M)");
        ps->p++;
        if (den == 0)
            return fail(ps, "an exponent divides by zero");
    } else if (is_digit(*ps->p)) {
        if (!read_uint(ps, &num))
            return false;
    } else if (has_exp) {
        return fail(ps, "a sign must be followed by an exponent");
    }
    if (neg)
        num = -num;
    if ((num != 1 || den != 1) && !mo_uom_pow(*u, num, den, u))
        return fail(ps, "an exponent gives powers mo2c does not represent");
    return true;
}

/* unit-numerator: "1" | unit-factors | "(" unit-expression ")"; unit-factors: factor { "." factor } */
static bool numerator(uparse *ps, mo_uom *u)
{
    if (ps->p[0] == '1' && !is_digit(ps->p[1])) {
        ps->p++;
        *u = unit_one();
        return true;
    }
    if (!factor(ps, u))
        return false;
    while (*ps->p == '.') {
        ps->p++;
        mo_uom f;
        if (!factor(ps, &f))
            return false;
        *u = mo_uom_mul(*u, f);
    }
    return true;
}

/* unit-expression: numerator [ "/" denominator ]; the denominator is one factor (19.1: "J/(kg.K)") */
static bool expression(uparse *ps, mo_uom *u)
{
    if (++ps->depth > MAX_DEPTH)
        return fail(ps, "parentheses nest too deep");
    bool ok = numerator(ps, u);
    if (ok && *ps->p == '/') {
        ps->p++;
        mo_uom d;
        ok = factor(ps, &d);
        if (ok)
            *u = mo_uom_div(*u, d);
        ps->divided = ps->depth == 1;
    }
    ps->depth--;
    return ok;
}

bool mo_uom_parse(const char *s, mo_uom *u, const char **why)
{
    uparse ps = {s, NULL, 0, false};
    *why = NULL;
    if (!*s) {
        *why = "the unit is empty";
        return false;
    }
    if (!expression(&ps, u) || (*ps.p && !ps.why)) {
        if (!ps.why)
            ps.why = *ps.p == '/' || (*ps.p == '.' && ps.divided)
                         ? "write several divisors in parentheses: \"J/(kg.K)\""
                         : *ps.p >= ' ' && *ps.p < 127 ? mo_sprintf("'%c' is not expected there", *ps.p)
                         : mo_sprintf("byte 0x%02x is not expected there", (unsigned char)*ps.p);
        *why = ps.why;
        return false;
    }
    return true;
}
