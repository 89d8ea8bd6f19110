/*
 * flatvar.c - the attribute records of flat variables (mo_var_attr in flat.h), shared copy-on-write.
 *
 * Input: a flat variable whose attr is never NULL (flattening gives every variable one, the shared empty
 * record mo_var_attr_none when it has no declaration). Output: a record the caller may write, which
 * belongs to that variable alone from then on.
 *
 * Why: most attributes are the same for every instance of a declaration, and a big model has millions
 * of variables, so variables share records (flatten_clone.c, array elements in flatten.c) and only the
 * rare writer after flattening (the back end fixing a start value, say) pays for a private copy.
 *
 * Also the names of a clone's variables (mo_flat.clone_names): not stored per variable (as many bytes as
 * the variables themselves in a big model) but made from the clone's path and its template's name when
 * asked for.
 */
#include "flat.h"

#include <string.h>

const mo_var_attr mo_var_attr_none;

/* the point of the split: a variable of a big model costs 32 bytes (on LP64), see flat.h */
_Static_assert(sizeof(void *) != 8 || sizeof(mo_var) == 32, "mo_var grew beyond 32 bytes");

mo_var_attr *mo_var_attr_mut(mo_var *v)
{
    MO_ASSERT(v->attr != NULL);
    if (!v->attr_own) {
        mo_var_attr *copy = MO_NEW(mo_var_attr);
        *copy = *v->attr;
        v->attr = copy;
        v->attr_own = true;
    }
    /* attr_own means the record came from MO_NEW for this variable alone, so it is writable */
    return (mo_var_attr *)v->attr;
}

/* The printer asks in order (variables one after another, connections between neighbouring
 * components), so the clones around the last one found are tried before a binary search. */
enum { NEAR = 4 };

const mo_clone_names *mo_flat_clone_of(const mo_flat *f, int var, int *hint)
{
    const mo_clone_names *c = f->clone_names.v;
    int n = f->clone_names.n, h = *hint;
    if (h >= 0 && h < n) {
        int i = h;
        while (i > 0 && i > h - NEAR && var < c[i].first)
            i--;
        while (i + 1 < n && i < h + NEAR && var >= c[i].first + c[i].n)
            i++;
        if (var >= c[i].first && var < c[i].first + c[i].n) {
            *hint = i;
            return &c[i];
        }
    }
    int lo = 0, hi = n;   /* the first clone whose variables start after var */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (c[mid].first <= var)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || var >= c[lo - 1].first + c[lo - 1].n)
        mo_unreachable("a variable without a name");
    *hint = lo - 1;
    return &c[lo - 1];
}

/* Append n bytes of s at *len, as far as they fit below cap. */
static void put_capped(char *out, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len < cap)
        memcpy(out + *len, s, *len + n <= cap ? n : cap - *len);
    *len += n;
}

size_t mo_flat_name_to(const mo_flat *flat, int var, char *out, size_t cap, mo_name_hint *hint)
{
    size_t len = 0, skip = 0;   /* skip: bytes of the next name to leave out (a template's path) */
    for (int *h = &hint->outer;; h = &hint->inner) {
        const char *s = flat->vars.v[var].name;
        if (s) {
            size_t n = strlen(s);
            MO_ASSERT(skip <= n);
            put_capped(out, cap, &len, s + skip, n - skip);
            break;
        }
        /* a clone's variable: the clone's path, then its template's name after the template's path
         * (templates nest as deep as clones do, so this loop is short) */
        const mo_clone_names *c = mo_flat_clone_of(flat, var, h);
        if (skip <= (size_t)c->pathlen) {
            put_capped(out, cap, &len, c->path + skip, (size_t)c->pathlen - skip);
            skip = (size_t)c->cut;
        } else {
            skip = (size_t)c->cut + (skip - (size_t)c->pathlen);
        }
        var -= c->shift;
    }
    if (len < cap)
        out[len] = '\0';
    return len;
}

int mo_flat_add_var(mo_flat *flat, const char *name, mo_basetype type, mo_variability variability,
                    const mo_var_attr *attr)
{
    mo_var v = {.name = mo_intern_cstr(name), .attr = attr, .flags = MO_PF_PROTECTED,
                .variability = (unsigned char)variability, .type = (unsigned char)type,
                .state_select = MO_SS_DEFAULT, .attr_own = true};
    MO_PUSH(flat->vars, v);
    return flat->vars.n - 1;
}

int mo_flat_add_discrete(mo_flat *flat, const char *name, mo_basetype type, mo_loc loc, const char *comment,
                         mo_expr *start)
{
    mo_var_attr *attr = MO_NEW(mo_var_attr);
    attr->loc = loc;
    attr->comment = comment;
    attr->start = start;
    attr->fixed = mo_expr_bool(loc, true);
    return mo_flat_add_var(flat, name, type, MO_VAR_DISCRETE, attr);
}

bool mo_flat_top_level(const char *name)
{
    int depth = 0;
    for (const char *p = name; *p; p++) {
        if (*p == '[')
            depth++;
        else if (*p == ']')
            depth--;
        else if (*p == '.' && depth == 0)
            return false;
    }
    return true;
}
