/*
 * ast_name.c - names and component references: where their identifiers are (compact locations, ast.h),
 * and the parser's builders of names.
 *
 * A big model has millions of names and reference parts, so their identifiers' locations are stored
 * relative to the location of the name or reference (8 bytes or less instead of 16), and the parser's
 * names of one identifier share their identifier cell. Input: locations from the parser and later
 * stages. Output: the same locations on reading. Precondition: a name's or reference's own loc is set
 * before the locations of its identifiers, and changed afterwards only through mo_name_move (names) or
 * keeping its file and line (references).
 */
#include "ast_build.h"

#include <limits.h>
#include <string.h>

/* ---- locations ---- */

/* Locations that a reference part or a name cannot hold relative to its own (ast.h): rare (a reference
 * broken over many lines, another file), so a growable table is enough; copies keep the index. */
static MO_VEC(mo_loc) far_locs;

mo_loc mo_ref_part_loc(const mo_expr *ref, int i)
{
    const mo_ref_part *p = &ref->parts[i];
    if (p->dline == MO_REF_PART_FAR)
        return far_locs.v[p->col | (unsigned)p->len << 20];
    mo_loc l = ref->loc;
    l.line += (int)p->dline;
    l.col = p->col;
    l.len = p->len;
    return l;
}

void mo_ref_part_set_loc(mo_expr *ref, int i, mo_loc loc)
{
    mo_ref_part *p = &ref->parts[i];
    long d = (long)loc.line - ref->loc.line;
    if (loc.file == ref->loc.file && d >= 0 && d < MO_REF_PART_FAR) {
        p->dline = (unsigned)d;
        p->col = loc.col;
        p->len = loc.len;
        return;
    }
    unsigned k = (unsigned)far_locs.n;
    MO_PUSH(far_locs, loc);
    p->dline = MO_REF_PART_FAR;
    p->col = k & 0xFFFFF;
    p->len = k >> 20;
}

/* n rounded up to a power of two: the room for ids in a name's block (ast.h) */
static size_t name_room(int n)
{
    size_t r = 1;
    while (r < (size_t)n)
        r *= 2;
    return r;
}

/* The location of an identifier in a name's block, relative to the name's loc (8 bytes instead of 16:
 * a big model has a dotted type name per component); another file's in far_locs, indexed by col/len. */
typedef struct name_loc {
    int dline;                /* line - the name's line; NAME_LOC_FAR: in far_locs */
    unsigned col : 20;
    unsigned len : 12;
} name_loc;
enum { NAME_LOC_FAR = INT_MIN };

static name_loc *name_locs(const mo_name *name)
{
    return (name_loc *)(void *)(name->ids + name_room(name->n));
}

void mo_name_init(mo_name *name, mo_loc loc, bool global, int n)
{
    size_t room = name_room(n);
    mo_name z = {0};
    *name = z;
    name->loc = loc;
    name->global = global;
    name->n = n;
    name->ids = mo_alloc((sizeof(const char *) + sizeof(name_loc)) * room);
}

mo_loc mo_name_loc(const mo_name *name, int i)
{
    if (name->single)
        return name->loc;
    const name_loc *r = &name_locs(name)[i];
    if (r->dline == NAME_LOC_FAR)
        return far_locs.v[r->col | (unsigned)r->len << 20];
    mo_loc l = name->loc;
    l.line += r->dline;
    l.col = r->col;
    l.len = r->len;
    return l;
}

void mo_name_set_loc(mo_name *name, int i, mo_loc loc)
{
    MO_ASSERT(!name->single);
    name_loc *r = &name_locs(name)[i];
    if (loc.file != name->loc.file) {
        unsigned k = (unsigned)far_locs.n;
        MO_PUSH(far_locs, loc);
        r->dline = NAME_LOC_FAR;
        r->col = k & 0xFFFFF;
        r->len = k >> 20;
        return;
    }
    r->dline = loc.line - name->loc.line;
    r->col = loc.col;
    r->len = loc.len;
}

void mo_name_move(mo_name *name, mo_loc loc)
{
    if (name->single) {   /* a block of its own (ast.h): the identifier keeps the old loc */
        const char *id = name->ids[0];
        mo_loc old = name->loc;
        mo_name_init(name, old, name->global, 1);
        name->ids[0] = id;
        mo_name_set_loc(name, 0, old);
    }
    if (loc.file != name->loc.file || loc.line != name->loc.line) {
        for (int i = 0; i < name->n; i++) {
            mo_loc l = mo_name_loc(name, i);
            mo_loc keep = name->loc;
            name->loc = loc;
            mo_name_set_loc(name, i, l);
            name->loc = keep;
        }
    }
    name->loc = loc;
}

/* ---- the parser's names ---- */

/* The identifier id as an array of one, shared by every name of that one identifier (most names are
 * one identifier: those of modifiers, fixed = true). Nothing writes into the ids of a parsed name. */
static const char **id_cell(const char *id)
{
    static mo_map cells;   /* interned identifier -> its cell */
    const char **c = mo_map_get(&cells, id);
    if (!c) {
        c = MO_NEW(const char *);
        *c = id;
        mo_map_put(&cells, id, (void *)c);
    }
    return c;
}

/* n as the name of one identifier id at loc (ast.h: single, the identifier's shared cell) */
void mo_build_single_name(mo_name *n, const char *id, mo_loc loc)
{
    mo_name z = {0};
    *n = z;
    n->loc = loc;
    n->single = true;
    n->n = 1;
    n->ids = id_cell(id);
}

/* n's ids and locations in a block of its own with room for room identifiers (a power of two, at least
 * n->n: ast.h), copied before n->loc changes */
static void own_block(mo_name *n, int room)
{
    mo_name b;
    mo_name_init(&b, n->loc, n->global, room);
    memcpy(b.ids, n->ids, sizeof(const char *) * (size_t)n->n);
    for (int i = 0; i < n->n; i++)
        mo_name_set_loc(&b, i, mo_name_loc(n, i));
    n->ids = b.ids;
    n->single = false;
}

/* name : IDENT { "." IDENT } : one identifier is the node alone (ast.h: single, ids a shared cell);
 * from two on, the block doubles when the count reaches a power of two (linear time). */
mo_name *mo_build_name(mo_name *prefix, const char *id, mo_loc loc)
{
    mo_name *n = prefix;
    if (!n) {
        n = MO_NEW(mo_name);
        mo_build_single_name(n, id, loc);
        return n;
    }
    int k = n->n;
    if ((k & (k - 1)) == 0)     /* the block is full (or the name single) */
        own_block(n, 2 * k);
    n->ids[k] = id;
    n->n = k + 1;
    mo_name_set_loc(n, k, loc);
    n->loc = mo_loc_span(n->loc, loc);
    return n;
}

/* type-specifier : "." name : the name's location now covers the dot, so a one-identifier name stops
 * sharing it with its identifier. */
mo_name *mo_build_global_name(mo_name *n, mo_loc loc)
{
    n->global = true;
    mo_name_move(n, loc);
    return n;
}
