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
 */
#include "flat.h"

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
