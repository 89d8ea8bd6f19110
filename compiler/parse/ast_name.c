/*
 * ast_name.c - names and component references: where their identifiers are (compact locations, ast.h),
 * and the parser's builders of names.
 *
 * A big model has millions of names and reference parts, so their identifiers' locations are stored
 * relative to the location of the name or reference (8 bytes or less instead of 16), a part's
 * subscripts (rare in big models) lie in a side table with its location, the parser's names of one
 * identifier share their identifier cell, and its compact dotted names (A.B.C, no spaces) share their
 * identifiers and store no locations at all. Input: locations from the parser and later
 * stages. Output: the same locations on reading. Precondition: a name's or reference's own loc is set
 * before the locations of its identifiers, and changed afterwards only through mo_name_move (names) or
 * keeping its file and line (references).
 */
#include "ast_build.h"

#include <limits.h>
#include <string.h>

/* ---- locations ---- */

/* Locations that a reference part or a name cannot hold relative to its own (ast.h): rare (a reference
 * broken over many lines, another file), so a growable table is enough; copies keep the index. A part
 * with subscripts keeps them here too (subs NULL in the other entries). */
typedef struct far_entry {
    mo_loc loc;
    mo_expr **subs;
} far_entry;
static MO_VEC(far_entry) far_locs;

static unsigned far_index(unsigned col, unsigned len) { return col | len << 20; }

/* A new entry of far_locs for loc and subs, its index in col/len */
static void far_put(unsigned *col, unsigned *len, mo_loc loc, mo_expr **subs)
{
    unsigned k = (unsigned)far_locs.n;
    far_entry f = {loc, subs};
    MO_PUSH(far_locs, f);
    *col = k & 0xFFFFF;
    *len = k >> 20;
}

mo_loc mo_ref_part_loc(const mo_expr *ref, int i)
{
    const mo_ref_part *p = &ref->parts[i];
    if (p->dline == MO_REF_PART_FAR)
        return far_locs.v[far_index(p->col, p->len)].loc;
    mo_loc l = ref->loc;
    l.line += (int)p->dline;
    l.col = p->col;
    l.len = p->len;
    return l;
}

mo_expr **mo_ref_part_subs(const mo_ref_part *p)
{
    return p->nsubs ? far_locs.v[far_index(p->col, p->len)].subs : NULL;
}

/* p's location (and subscripts) kept in the side table: p then holds the entry's index */
static void part_to_far(mo_ref_part *p, mo_loc loc, mo_expr **subs)
{
    unsigned col, len;
    far_put(&col, &len, loc, subs);
    p->dline = MO_REF_PART_FAR;
    p->col = col;
    p->len = len;
}

void mo_ref_part_set_loc(mo_expr *ref, int i, mo_loc loc)
{
    mo_ref_part *p = &ref->parts[i];
    long d = (long)loc.line - ref->loc.line;
    if (p->nsubs) {   /* its entry holds its subscripts: only the location changes */
        far_locs.v[far_index(p->col, p->len)].loc = loc;
        return;
    }
    if (loc.file == ref->loc.file && d >= 0 && d < MO_REF_PART_FAR) {
        p->dline = (unsigned)d;
        p->col = loc.col;
        p->len = loc.len;
        return;
    }
    part_to_far(p, loc, NULL);
}

void mo_ref_part_set_subs(mo_expr *ref, int i, mo_expr **subs, int n)
{
    mo_ref_part *p = &ref->parts[i];
    mo_loc loc = mo_ref_part_loc(ref, i);
    p->nsubs = 0;
    if (n <= 0)
        return;
    part_to_far(p, loc, subs);
    p->nsubs = (unsigned)n;
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
    if (name->compact) {   /* each identifier and its dot after the one before (ast.h) */
        long col = name->loc.col;
        for (int j = 0; j < i; j++)
            col += (long)strlen(name->ids[j]) + 1;
        return mo_loc_make(name->loc.file, name->loc.line, col, (long)strlen(name->ids[i]));
    }
    const name_loc *r = &name_locs(name)[i];
    if (r->dline == NAME_LOC_FAR)
        return far_locs.v[far_index(r->col, r->len)].loc;
    mo_loc l = name->loc;
    l.line += r->dline;
    l.col = r->col;
    l.len = r->len;
    return l;
}

void mo_name_set_loc(mo_name *name, int i, mo_loc loc)
{
    MO_ASSERT(!name->single && !name->compact);
    name_loc *r = &name_locs(name)[i];
    if (loc.file != name->loc.file) {
        unsigned col, len;
        far_put(&col, &len, loc, NULL);
        r->dline = NAME_LOC_FAR;
        r->col = col;
        r->len = len;
        return;
    }
    r->dline = loc.line - name->loc.line;
    r->col = loc.col;
    r->len = loc.len;
}

bool mo_name_same(const mo_name *a, const mo_name *b)
{
    if (a->n != b->n || a->global != b->global)
        return false;
    for (int i = 0; i < a->n; i++)   /* identifiers are interned */
        if (a->ids[i] != b->ids[i])
            return false;
    return true;
}

static void own_block(mo_name *n, int room);

void mo_name_move(mo_name *name, mo_loc loc)
{
    if (name->single || name->compact)   /* a block of its own (ast.h): the identifiers keep their locs */
        own_block(name, (int)name_room(name->n));
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
    n->compact = false;
}

/* ---- compact names ---- */

/* The shared ids of the compact names whose identifiers are those of prefix (k of them) and then id:
 * an open-addressing table on the pair (prefix, id), as few entries as there are distinct dotted names
 * (a big model repeats a handful of type names). */
typedef struct ids_slot { const char **prefix; const char *id; const char **ids; } ids_slot;
static ids_slot *ids_table;
static size_t ids_cap, ids_count;

static size_t ids_hash(const char **prefix, const char *id)
{
    uint64_t x = (uint64_t)(uintptr_t)prefix * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uintptr_t)id;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x;
}

static const char **shared_ids(const char **prefix, int k, const char *id)
{
    if ((ids_count + 1) * 2 > ids_cap) {   /* grow (the old table, a few KB, stays in the arena) */
        size_t nc = ids_cap ? 2 * ids_cap : 256;
        ids_slot *t = MO_NEWN(ids_slot, nc);
        for (size_t i = 0; i < ids_cap; i++) {
            if (!ids_table[i].ids)
                continue;
            size_t j = ids_hash(ids_table[i].prefix, ids_table[i].id) & (nc - 1);
            while (t[j].ids)
                j = (j + 1) & (nc - 1);
            t[j] = ids_table[i];
        }
        ids_table = t;
        ids_cap = nc;
    }
    size_t j = ids_hash(prefix, id) & (ids_cap - 1);
    for (; ids_table[j].ids; j = (j + 1) & (ids_cap - 1))
        if (ids_table[j].prefix == prefix && ids_table[j].id == id)
            return ids_table[j].ids;
    const char **ids = MO_NEWN(const char *, k + 1);
    memcpy(ids, prefix, sizeof(const char *) * (size_t)k);
    ids[k] = id;
    ids_table[j].prefix = prefix;
    ids_table[j].id = id;
    ids_table[j].ids = ids;
    ids_count++;
    return ids;
}

/* Does id at loc continue the single or compact name n as ".id" right after its last identifier? */
static bool continues_compact(const mo_name *n, const char *id, mo_loc loc)
{
    if (!(n->single || n->compact) || n->global || loc.file != n->loc.file || loc.line != n->loc.line)
        return false;
    long end = n->loc.col;   /* just after the last identifier */
    for (int j = 0; j < n->n; j++)
        end += (long)strlen(n->ids[j]) + (j > 0);
    if (n->single && (long)n->loc.len != end - n->loc.col)
        return false;        /* (an identifier spelled otherwise than it reads, e.g. quoted) */
    long len = (long)strlen(id);
    return loc.col == end + 1 && loc.len == len && end + 1 + len < MO_LOC_MAX_COL && len < MO_LOC_MAX_LEN;
}

/* A compact name's ids are a fresh copy of its prefix's plus one, and continues_compact measures the
 * prefix: both cost its length, so only names up to this many identifiers are compact (the dotted type
 * names a model repeats are far shorter); a longer one (within a.a.a...a; of 10^5 parts) takes the
 * doubling block and stays linear. */
enum { MAX_COMPACT_IDS = 32 };

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
    if (k < MAX_COMPACT_IDS && continues_compact(n, id, loc)) {
        n->ids = shared_ids(n->ids, k, id);
        n->single = false;
        n->compact = true;
        n->n = k + 1;
        n->loc = mo_loc_span(n->loc, loc);
        return n;
    }
    if (n->single || n->compact || (k & (k - 1)) == 0)   /* the block is full, or shared */
        own_block(n, (int)name_room(k + 1));
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

void mo_name_of_ref(mo_name *name, const mo_expr *ref)
{
    mo_name_init(name, ref->loc, ref->global, ref->nparts);
    for (int i = 0; i < ref->nparts; i++) {
        name->ids[i] = ref->parts[i].id;
        mo_name_set_loc(name, i, mo_ref_part_loc(ref, i));
    }
}
