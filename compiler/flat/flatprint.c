/*
 * flatprint.c - the text of `mo2c --flat`: the flat model as readable, Modelica-like text.
 *
 * Input: a flat model (flat.h). Output on a stream, deterministic (variables and equations in the order
 * of the flat model):
 *   class NAME "description"
 *     parameter Real a.J(quantity = "MomentOfInertia", unit = "kg.m2") = 0.4 "description";
 *     protected Real a.phi_rel(...);
 *   equation
 *     a.phi_rel = a.flange_a.phi - a.flange_b.phi; // path:line:col (a)
 *   end NAME;
 * Each equation ends with the source location it came from, what made it when it is not an equation of
 * the model text (binding, connect, unconnected flow), and the instance in parentheses.
 *
 * Big models print hundreds of megabytes in millions of lines, so: pieces are appended inline
 * (bufput.h), never with printf; the text that repeats from line to line (a variable's line but its name
 * and binding, shared by the variables of one declaration in every instance of it; the location of an
 * equation of a component class; the equations and the variables of a cloned component, which differ
 * from its template's only in the path and the bindings) is formatted once and then copied from small
 * caches; the records that lines further on read all over memory are asked for ahead (prefetch); and
 * the lines are formatted in blocks of BLOCK_LINES by two threads, each taking the next block into a
 * buffer of its own, which is written out once the blocks before it have been (flatprint_threads.c).
 * The output is the same byte for byte as with one thread; memory is a few buffers of about FLUSH_AT
 * bytes and the caches, whatever the size of the model.
 * Packed equations (flat.h) are printed as they are, without making their trees: a clone's run as the
 * template's equations with the clone's shift and path, a connection equation from its variables.
 * This file formats the lines; the types and caches are in flatprint.h, the threads and the entry point
 * mo_flat_print in flatprint_threads.c.
 */
#include "flatprint.h"


const mo_clone_names mo_fp_no_clone = {0};

void mo_fp_put_string(mo_buf *b, const char *s)
{
    MO_PUT_LIT(b, "\"");
    for (;;) {
        size_t n = strcspn(s, "\"\\\n");
        mo_put_n(b, s, n);
        s += n;
        if (!*s)
            break;
        mo_put_s(b, *s == '"' ? "\\\"" : *s == '\\' ? "\\\\" : "\\n");
        s++;
    }
    MO_PUT_LIT(b, "\"");
}




/* ---- a cache of formatted text (flatprint.h) ---- */

static cache_slot *cache_slot_of(cache_slot *slots, const uint64_t k[3])
{
    uint64_t h = k[0] * 0x9E3779B97F4A7C15u ^ k[1] * 0xC2B2AE3D27D4EB4Fu ^ k[2];
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9u;
    h ^= h >> 29;
    return &slots[h & (CACHE_SLOTS - 1)];
}

static bool cache_hit(const cache_slot *s, const uint64_t k[3])
{
    return s->full && s->key[0] == k[0] && s->key[1] == k[1] && s->key[2] == k[2];
}

/* After formatting the text of key k (in three pieces h, a and b, around the head and the cut) for want
 * of a hit: store it when k comes to its slot a second time. */
static void cache_offer3(cache_slot *s, const uint64_t k[3], const char *h, size_t nh, const char *a, size_t na,
                         const char *b, size_t nb)
{
    if (s->seen[0] != k[0] || s->seen[1] != k[1] || s->seen[2] != k[2]) {
        memcpy(s->seen, k, sizeof s->seen);
        return;
    }
    if (nh + na + nb > CACHE_TEXT)
        return;
    memcpy(s->key, k, sizeof s->key);
    memcpy(s->text, h, nh);
    memcpy(s->text + nh, a, na);
    memcpy(s->text + nh + na, b, nb);
    s->len = (unsigned short)(nh + na + nb);
    s->head = (unsigned short)nh;
    s->cut = (unsigned short)(nh + na);
    s->full = true;
}

static void cache_offer(cache_slot *s, const uint64_t k[3], const char *a, size_t na, const char *b, size_t nb)
{
    cache_offer3(s, k, "", 0, a, na, b, nb);
}



/* ---- the printer ---- */



/* While a template's text is made: s (n bytes), which is about to be appended, must be the template's
 * path or a path inside it; the path is left out and its place marked. Returns what to append. */
static const char *mark_path(printer *p, const char *s, size_t *n)
{
    if (*n < p->mark_len || memcmp(s, p->mark_path, p->mark_len) != 0 ||
        (*n > p->mark_len && s[p->mark_len] != '.')) {
        p->mark_fail = true;
        return s;
    }
    if (p->nmarks == p->marks_cap) {
        int cap = p->marks_cap ? 2 * p->marks_cap : 256;
        int *m = mo_put_alloc(sizeof(int) * (size_t)cap);
        if (p->nmarks)
            memcpy(m, p->marks, sizeof(int) * (size_t)p->nmarks);
        p->marks = m;
        p->marks_cap = cap;
    }
    p->marks[p->nmarks++] = (int)(p->b.len - p->mark_base);
    *n -= p->mark_len;
    return s + p->mark_len;
}

/* The name of variable x, made in p's scratch for a clone's variable (flat.h: mo_clone_names; never
 * mo_flat_var_name, which allocates without the lock); *n its length. */
static const char *name_of(printer *p, int x, size_t *n)
{
    const mo_flat *flat = p->sec->flat;
    if (x < 0 || x >= flat->vars.n) {
        *n = 1;
        return "?";
    }
    const char *s = flat->vars.v[x].name;
    if (s) {
        *n = strlen(s);
        return s;
    }
    *n = mo_flat_name_to(flat, x, p->name, p->name_cap, &p->name_hint);
    if (*n >= p->name_cap) {
        p->name_cap = 2 * *n + 64;
        p->name = mo_put_alloc(p->name_cap);
        mo_flat_name_to(flat, x, p->name, p->name_cap, &p->name_hint);
    }
    return p->name;
}

/* The clone whose variables hold x, a variable without a name: one of the last NEAR_CLONES found (the
 * members of a connection equation are variables of a few neighbouring components), one of the two
 * after the last found (the variables of one clone come one after another, and clones after clones),
 * else mo_flat_clone_of's search. */
static inline const mo_clone_names *clone_near(printer *p, const mo_flat *flat, int x)
{
    const mo_clone_names *c = p->near[p->near_last];
    if ((unsigned)(x - c->first) < (unsigned)c->n)
        return c;
    for (unsigned i = 0; i < NEAR_CLONES; i++) {
        c = p->near[i];
        if ((unsigned)(x - c->first) < (unsigned)c->n) {
            p->near_last = i;
            return c;
        }
    }
    c = p->near[p->near_last];
    /* (c is mo_fp_no_clone or an element of clone_names: only then is its index taken) */
    bool more = c != &mo_fp_no_clone && (c - flat->clone_names.v) + 2 < flat->clone_names.n;
    if (more && (unsigned)(x - c[1].first) < (unsigned)c[1].n)
        c++;
    else if (more && (unsigned)(x - c[2].first) < (unsigned)c[2].n)
        c += 2;
    else
        c = mo_flat_clone_of(flat, x, &p->name_hint.outer);
    p->near_last = p->near_next++ % NEAR_CLONES;
    p->near[p->near_last] = c;
    return c;
}

/* Append the rest of the name of a variable of clone c after c's path: the name of its template's
 * variable w after the template's path, from the cache above. */
static inline void put_rest(printer *p, const mo_clone_names *c, int w)
{
    const char *s;
    rest_slot *r = &p->rests[((unsigned)w * 31u + (unsigned)c->cut) & (REST_SLOTS - 1)];
    if (!r->full || r->var != w || r->cut != c->cut) {
        size_t n;
        int outer = p->name_hint.outer;   /* (the caller's order is x's, not w's) */
        s = name_of(p, w, &n);
        p->name_hint.outer = outer;
        MO_ASSERT(n >= (size_t)c->cut);
        if (n - (size_t)c->cut > REST_TEXT) {
            mo_put_short(&p->b, s + c->cut, n - (size_t)c->cut);
            return;
        }
        r->var = w;
        r->cut = c->cut;
        r->len = (unsigned char)(n - (size_t)c->cut);
        memcpy(r->text, s + c->cut, r->len);
        r->full = true;
    }
    mo_put_short(&p->b, r->text, r->len);
}

/* Append the name of variable x: a clone's is the clone's path and the rest of its template's name
 * (flat.h: mo_clone_names). */
static inline void put_name(printer *p, int x)
{
    const mo_flat *flat = p->sec->flat;
    const char *s = x >= 0 && x < flat->vars.n ? flat->vars.v[x].name : "?";
    if (s) {
        mo_put_short(&p->b, s, strlen(s));
        return;
    }
    const mo_clone_names *c = clone_near(p, flat, x);
    mo_put_short(&p->b, c->path, (size_t)c->pathlen);
    put_rest(p, c, x - c->shift);
}

/* What mo_expr_print calls for an MO_EX_VAR node: the equation's var_shift (flat.h) applies. */
typedef struct name_ctx { printer *p; int shift; } name_ctx;

static const char *var_name(void *ctx, int var)
{
    const name_ctx *c = ctx;
    size_t n;
    const char *name = name_of(c->p, var + c->shift, &n);
    if (c->p->mark_path)      /* mo_expr_print appends the name right away, at b.len */
        return mark_path(c->p, name, &n);
    return name;
}

static void put_expr(printer *p, const mo_expr *e, int shift)
{
    name_ctx ctx = {p, shift};
    mo_expr_print(&p->b, e, var_name, &ctx);
}

/* ---- variables ---- */

static void put_type(mo_buf *b, const mo_var *v)
{
    if (v->flags & MO_FV_CLOCK) {
        MO_PUT_LIT(b, "Clock ");
        return;
    }
    switch (v->type) {
    case MO_T_REAL: MO_PUT_LIT(b, "Real "); return;
    case MO_T_INTEGER: MO_PUT_LIT(b, "Integer "); return;
    case MO_T_BOOLEAN: MO_PUT_LIT(b, "Boolean "); return;
    case MO_T_STRING: MO_PUT_LIT(b, "String "); return;
    case MO_T_ENUM:
        mo_put_s(b, v->attr->enum_type ? v->attr->enum_type->name : "enumeration");
        MO_PUT_LIT(b, " ");
        return;
    }
    MO_PUT_LIT(b, "? ");
}

/* What follows a variable's name up to its binding: "(quantity = ..., stateSelect = ...)", nothing
 * when no attribute is given. */
static void put_attrs(printer *p, const mo_var *v)
{
    static const char *const ss[] = {"", "never", "avoid", "default", "prefer", "always"};
    mo_buf *b = &p->b;
    int n = 0;
    const char *const sep[] = {"(", ", "};
    const mo_var_attr *a = v->attr;
    /* the strings: the same in the records of one declaration's variables, when each has its own */
    const uint64_t key[3] = {(uintptr_t)a->quantity, (uintptr_t)a->unit, (uintptr_t)a->display_unit};
    cache_slot *c = cache_slot_of(p->strs, key);
    if (cache_hit(c, key)) {
        mo_put_n(b, c->text, c->len);
        n = c->cut;
    } else {
        size_t start = b->len;
        const struct { const char *name; const char *s; } strs[] = {
            {"quantity = ", a->quantity}, {"unit = ", a->unit}, {"displayUnit = ", a->display_unit}};
        for (int i = 0; i < 3; i++)
            if (strs[i].s) {
                mo_put_s(b, sep[n++ > 0]);
                mo_put_s(b, strs[i].name);
                mo_fp_put_string(b, strs[i].s);
            }
        cache_offer(c, key, b->s + start, b->len - start, "", 0);
        if (cache_hit(c, key))
            c->cut = (unsigned short)n;
    }
    const struct { const char *name; const mo_expr *e; } exprs[] = {
        {"min = ", a->min}, {"max = ", a->max}, {"start = ", a->start}, {"fixed = ", a->fixed},
        {"nominal = ", a->nominal}};
    for (int i = 0; i < 5; i++)
        if (exprs[i].e) {
            mo_put_s(b, sep[n++ > 0]);
            mo_put_s(b, exprs[i].name);
            put_expr(p, exprs[i].e, 0);
        }
    if (v->state_select != MO_SS_DEFAULT && v->state_select >= MO_SS_NEVER && v->state_select <= MO_SS_ALWAYS) {
        mo_put_s(b, sep[n++ > 0]);
        MO_PUT_LIT(b, "stateSelect = StateSelect.");
        mo_put_s(b, ss[v->state_select]);
    }
    if (n)
        MO_PUT_LIT(b, ")");
}

/* What follows the binding: the description and the end of the line. */
static void put_var_end(printer *p, const mo_var *v)
{
    mo_buf *b = &p->b;
    const char *comment = v->attr->comment;
    if (!comment) {
        MO_PUT_LIT(b, ";\n");
        return;
    }
    const uint64_t key[3] = {(uintptr_t)comment, 1, 1};   /* never a key of strings (1 is no pointer) */
    cache_slot *c = cache_slot_of(p->strs, key);
    if (cache_hit(c, key)) {
        mo_put_n(b, c->text, c->len);
        return;
    }
    size_t start = b->len;
    MO_PUT_LIT(b, " ");
    mo_fp_put_string(b, comment);
    MO_PUT_LIT(b, ";\n");
    cache_offer(c, key, b->s + start, b->len - start, "", 0);
}

/* The text of a variable's line up to its name: "  protected parameter Real ". */
static void put_var_head(mo_buf *b, const mo_var *v)
{
    static const char *const variability[] = {"constant ", "parameter ", "discrete ", ""};
    MO_PUT_LIT(b, "  ");
    if (v->flags & MO_PF_PROTECTED) MO_PUT_LIT(b, "protected ");
    if (v->flags & MO_PF_FINAL) MO_PUT_LIT(b, "final ");
    /* Integer and Boolean variables are discrete without saying so */
    if (!(v->variability == MO_VAR_DISCRETE && v->type != MO_T_REAL))
        mo_put_s(b, variability[v->variability]);
    if (v->flags & MO_PF_INPUT) MO_PUT_LIT(b, "input ");
    if (v->flags & MO_PF_OUTPUT) MO_PUT_LIT(b, "output ");
    if (v->flags & MO_PF_FLOW) MO_PUT_LIT(b, "flow ");
    put_type(b, v);
}

/* What a variable's line is a function of besides its attribute record, flags, name and binding:
 * stateSelect, variability and type (vline_slot.bits, vrun_slot.bits, the attrs cache's key). */
static inline unsigned var_bits(const mo_var *v)
{
    return (unsigned)v->state_select | (unsigned)v->variability << 8 | (unsigned)v->type << 16;
}

/* Does l hold the line of template variable w (of a template whose path is cut bytes long), as v's? */
static inline bool vline_fits(const vline_slot *l, const mo_var *v, int w, int cut)
{
    return l->attr == v->attr && l->bits == var_bits(v) && l->flags == v->flags && l->var == w && l->cut == cut;
}

/* The line of a variable of a clone: from the cache of the template's variable's line when it has it
 * (false otherwise). */
static inline bool put_clone_var(printer *p, const mo_var *v, const mo_clone_names *c, const vline_slot *l,
                                 int w)
{
    if (!vline_fits(l, v, w, c->cut))
        return false;
    mo_buf *b = &p->b;
    mo_put_short(b, l->text, l->head);
    mo_put_short(b, c->path, (size_t)c->pathlen);
    mo_put_n(b, l->text + l->head, l->mid);
    if (v->binding) {
        MO_PUT_LIT(b, " = ");
        put_expr(p, v->binding, 0);
    }
    mo_put_short(b, l->text + l->head + l->mid, l->tail);
    return true;
}

void mo_fp_put_var(printer *p, int index)
{
    const mo_flat *flat = p->sec->flat;
    const mo_var *v = &flat->vars.v[index];
    mo_buf *b = &p->b;
    const unsigned bits = var_bits(v);
    /* a clone's variable: the line of its template's variable with the clone's path, but the binding */
    const mo_clone_names *c = NULL;
    vline_slot *l = NULL;
    int w = 0;
    if (!v->name) {
        c = clone_near(p, flat, index);
        w = index - c->shift;
        l = &p->vlines[((unsigned)w * 31u + (unsigned)c->cut) & (VLINE_SLOTS - 1)];
        if (put_clone_var(p, v, c, l, w))
            return;
    }
    /* the line but the name and the binding comes from the attribute record (which the variables of
     * one declaration share, flat.h), stateSelect, the prefixes and the type only */
    const uint64_t key[3] = {(uintptr_t)v->attr, bits, v->flags};
    cache_slot *s = cache_slot_of(p->attrs, key);
    size_t head = b->len, head_end, attrs, attrs_end, end;
    if (cache_hit(s, key)) {
        mo_put_short(b, s->text, s->head);
        head_end = b->len;
        put_name(p, index);
        attrs = b->len;
        mo_put_n(b, s->text + s->head, (size_t)(s->cut - s->head));
        attrs_end = b->len;
        if (v->binding) {
            MO_PUT_LIT(b, " = ");
            put_expr(p, v->binding, 0);
        }
        end = b->len;
        mo_put_short(b, s->text + s->cut, (size_t)(s->len - s->cut));
    } else {
        put_var_head(b, v);
        head_end = b->len;
        put_name(p, index);
        attrs = b->len;
        put_attrs(p, v);
        attrs_end = b->len;
        if (v->binding) {
            MO_PUT_LIT(b, " = ");
            put_expr(p, v->binding, 0);
        }
        end = b->len;
        put_var_end(p, v);
        cache_offer3(s, key, b->s + head, head_end - head, b->s + attrs, attrs_end - attrs, b->s + end,
                     b->len - end);
    }
    if (!l)
        return;
    /* keep the line for the template's variable: its head, the rest of the name and the attributes
     * (after the clone's path), its end */
    size_t mid = attrs_end - head_end - (size_t)c->pathlen, tail = b->len - end;
    if (head_end - head + mid + tail > VLINE_TEXT || attrs - head_end < (size_t)c->pathlen)
        return;
    l->attr = v->attr;
    l->bits = bits;
    l->flags = v->flags;
    l->var = w;
    l->cut = c->cut;
    l->head = (unsigned short)(head_end - head);
    l->mid = (unsigned short)mid;
    l->tail = (unsigned short)tail;
    memcpy(l->text, b->s + head, l->head);
    memcpy(l->text + l->head, b->s + head_end + c->pathlen, mid);
    memcpy(l->text + l->head + mid, b->s + end, tail);
}

/* Make s, the text of the variables of clone c, from the lines of its template's variables (vline
 * cache) that printing them has just left; s stays empty unless each has one. */
static void vrun_make(printer *p, const mo_clone_names *c, vrun_slot *s)
{
    const mo_var *vars = p->sec->flat->vars.v;
    int w0 = c->first - c->shift;
    size_t len = 0;
    s->n = 0;
    for (int j = 0; j < c->n; j++) {
        const mo_var *v = &vars[c->first + j];
        int w = w0 + j;
        const vline_slot *l = &p->vlines[((unsigned)w * 31u + (unsigned)c->cut) & (VLINE_SLOTS - 1)];
        if (!vline_fits(l, v, w, c->cut))
            return;
        if (len + l->head + (size_t)c->pathlen + l->mid + 3 + l->tail > VRUN_TEXT)
            return;
        s->attr[j] = v->attr;
        s->bits[j] = l->bits;
        s->flags[j] = v->flags;
        s->bound[j] = v->binding != NULL;
        memcpy(s->text + len, l->text, l->head);
        len += l->head;
        s->path_at[j] = (unsigned short)len;
        memcpy(s->text + len, c->path, (size_t)c->pathlen);
        len += (size_t)c->pathlen;
        memcpy(s->text + len, l->text + l->head, l->mid);
        len += l->mid;
        if (v->binding) {
            memcpy(s->text + len, " = ", 3);
            len += 3;
            s->hole_at[j] = (unsigned short)len;
        }
        memcpy(s->text + len, l->text + l->head + l->mid, l->tail);
        len += l->tail;
    }
    s->w0 = w0;
    s->cut = c->cut;
    s->pathlen = c->pathlen;
    s->len = (unsigned short)len;
    s->n = c->n;
}

int mo_fp_put_vars(printer *p, int index, int end)
{
    const mo_flat *flat = p->sec->flat;
    const mo_var *v = &flat->vars.v[index];
    if (v->name) {
        mo_fp_put_var(p, index);
        return 1;
    }
    const mo_clone_names *c = clone_near(p, flat, index);
    if (index != c->first || c->n > VRUN_VARS || c->first + c->n > end) {
        mo_fp_put_var(p, index);
        return 1;
    }
    int w0 = c->first - c->shift;
    vrun_slot *s = &p->vruns[((unsigned)w0 * 31u + (unsigned)c->cut) & (VRUN_SLOTS - 1)];
    bool hit = s->n == c->n && s->w0 == w0 && s->cut == c->cut && s->pathlen == c->pathlen;
    for (int j = 0; hit && j < c->n; j++) {
        const mo_var *x = &v[j];
        hit = x->attr == s->attr[j] && var_bits(x) == s->bits[j] && x->flags == s->flags[j] &&
              (x->binding != NULL) == s->bound[j];
    }
    if (!hit) {               /* line by line, then keep their text for the next clone */
        for (int j = 0; j < c->n; j++)
            mo_fp_put_var(p, index + j);
        vrun_make(p, c, s);
        return c->n;
    }
    mo_buf *b = &p->b;
    size_t n = (size_t)c->pathlen, at = 0;
#ifdef MO_DEBUG
    size_t start = b->len;
#endif
    for (int j = 0; j < c->n; j++)
        mo_copy_short(s->text + s->path_at[j], c->path, n);
    for (int j = 0; j < c->n; j++)
        if (s->bound[j]) {
            mo_put_n(b, s->text + at, s->hole_at[j] - at);
            put_expr(p, v[j].binding, 0);
            at = s->hole_at[j];
        }
    mo_put_n(b, s->text + at, s->len - at);
#ifdef MO_DEBUG
    /* check the text against the lines made one by one */
    size_t mid = b->len;
    for (int j = 0; j < c->n; j++)
        mo_fp_put_var(p, index + j);
    if (b->len - mid != mid - start || memcmp(b->s + start, b->s + mid, mid - start) != 0)
        mo_unreachable("a clone's variables differ from their template's text");
    b->len = mid;
#endif
    return c->n;
}

/* ---- equations ---- */

/* What an equation's tail says of its origin (mo_eq_origin). */
static const char *const origin_text[] = {"", " binding", " connect", " connect", " unconnected flow"};

/* "path:line:col" of loc, or "<mo2c>" for a made-up one. *file and *len remember the last file's path
 * length (locations of one file come in runs). */
static void put_where(mo_buf *b, mo_loc loc, const mo_file **file, size_t *len)
{
    if (!loc.file) {
        MO_PUT_LIT(b, "<mo2c>");
        return;
    }
    if (loc.file != *file) {
        *file = loc.file;
        *len = strlen(loc.file->path);
    }
    if (loc.line >= 0 && loc.col >= 0 && b->len + *len + 24 < b->cap) {   /* at once, in place (two ints: 22 bytes) */
        char *d = b->s + b->len;
        mo_copy_short(d, loc.file->path, *len);
        d += *len;
        *d++ = ':';
        d += mo_dec_at(d, (unsigned long long)loc.line);
        *d++ = ':';
        d += mo_dec_at(d, (unsigned long long)loc.col);
        b->len = (size_t)(d - b->s);
        return;
    }
    mo_put_short(b, loc.file->path, *len);
    MO_PUT_LIT(b, ":");
    mo_put_ll(b, loc.line);
    MO_PUT_LIT(b, ":");
    mo_put_ll(b, loc.col);
}

/* After an equation's right-hand side: " \"description\"; // path:line:col origin". */
static void put_eq_tail(mo_buf *b, mo_loc loc, mo_eq_origin eo, const char *comment)
{
    const mo_file *file = NULL;
    size_t len = 0;
    if (comment) {
        MO_PUT_LIT(b, " ");
        mo_fp_put_string(b, comment);
    }
    MO_PUT_LIT(b, "; // ");
    put_where(b, loc, &file, &len);
    mo_put_s(b, origin_text[eo]);
}


/* The instance path s of an equation printed in ctx. */
static void put_instance(mo_buf *b, const eq_ctx *ctx, const char *s)
{
    if (ctx->up) {
        put_instance(b, ctx->up, ctx->path);
        s += ctx->cut;
    }
    mo_put_s(b, s);
}

/* " (instance)" after an equation of a component; nothing for the model's own. Equations come in runs
 * from one instance, so the length of the last one is kept. */
static void put_instance_tail(printer *p, const char *instance)
{
    if (!instance || !*instance)
        return;
    if (instance != p->instance) {
        p->instance = instance;
        p->instance_len = strlen(instance);
    }
    MO_PUT_LIT(&p->b, " (");
    mo_put_n(&p->b, instance, p->instance_len);
    MO_PUT_LIT(&p->b, ")");
}

/* What follows an equation's right-hand side, to the end of the line. */
static void put_eq_end(printer *p, mo_loc loc, mo_eq_origin origin, const char *comment, const char *instance,
                       const eq_ctx *ctx)
{
    mo_buf *b = &p->b;
    /* the same equation of a class in every instance: the same tail */
    const uint64_t key[3] = {(uintptr_t)loc.file,
                             (uint64_t)(unsigned)loc.line << 24 | (uint64_t)loc.col << 3 | origin,
                             (uintptr_t)comment};
    cache_slot *s = cache_slot_of(p->tails, key);
    if (cache_hit(s, key)) {
        mo_put_n(b, s->text, s->len);
    } else {
        size_t start = b->len;
        put_eq_tail(b, loc, origin, comment);
        cache_offer(s, key, b->s + start, b->len - start, "", 0);
    }
    if (p->mark_path) {       /* a template's text: its instances all start with its path (nonempty) */
        p->path.len = 0;
        put_instance(&p->path, ctx, instance ? instance : "");
        size_t n = p->path.len;
        MO_PUT_LIT(b, " (");  /* before the mark, which is taken at b.len */
        const char *rest = mark_path(p, p->path.s, &n);
        mo_put_n(b, rest, n);
        MO_PUT_LIT(b, ")");
    } else if (ctx->up) {     /* in a clone's run: never the model itself */
        MO_PUT_LIT(b, " (");
        put_instance(b, ctx, instance);
        MO_PUT_LIT(b, ")");
    } else {
        put_instance_tail(p, instance);
    }
    MO_PUT_LIT(b, "\n");
}

/* The members of connection equations further on are variables all over the model: ask for their
 * records (CONN_AHEAD equations on) and then their names (half as far; clones' variables have none,
 * their names come from the few clones near each other, clone_near). */
enum { CONN_AHEAD = 8 };

/* (A macro: GCC deems a function that only prefetches free of effects and drops its calls.) */
#define PREFETCH_CONN(flat, c, k, field) do { \
        if ((k) < (c)->n) { \
            const int *m_ = (c)->members + (c)->eq[k].at; \
            for (int i_ = 0; i_ < (c)->eq[(k) + 1].at - (c)->eq[k].at && i_ < 4; i_++) \
                if (m_[i_] >= 0 && m_[i_] / 2 < (flat)->vars.n) \
                    __builtin_prefetch(field); \
        } \
    } while (0)

/* Packed connection equations (flat.h), each as mo_expr_print writes the tree that mo_connect_unpack
 * makes of it: a = b, or a + (-b) + c = 0.0 (a negated member in parentheses unless it comes first). */
static void put_conns(printer *p, const mo_conn_eqs *c)
{
    mo_buf *b = &p->b;
    const mo_flat *flat = p->sec->flat;
    if (p->mark_path)         /* never in a template's text (names outside its path) */
        p->mark_fail = true;
    /* the tail as put_eq_end writes it (no description, the list itself); the file of the last one
     * is kept, the location of a connect statement seldom repeats */
    const mo_file *file = NULL;
    size_t file_len = 0;
    for (int k = 0; k < c->n; k++) {
        PREFETCH_CONN(flat, c, k + CONN_AHEAD, &flat->vars.v[m_[i_] / 2]);
        if (!flat->clone_names.n)
            PREFETCH_CONN(flat, c, k + CONN_AHEAD / 2, flat->vars.v[m_[i_] / 2].name);
        const mo_conn_eq *e = &c->eq[k];
        const int *m = c->members + e->at;
        MO_PUT_LIT(b, "  ");
        if (!e->flow) {
            put_name(p, m[0] / 2);
            MO_PUT_LIT(b, " = ");
            put_name(p, m[1] / 2);
        } else {
            for (int i = 0; i < e[1].at - e->at; i++) {
                bool neg = m[i] % 2;
                if (i > 0)
                    MO_PUT_LIT(b, " + ");
                if (neg)
                    mo_put_s(b, i > 0 ? "(-" : "-");
                put_name(p, m[i] / 2);
                if (neg && i > 0)
                    MO_PUT_LIT(b, ")");
            }
            MO_PUT_LIT(b, " = 0.0");
        }
        mo_loc loc = c->locs[e->conn];
        MO_PUT_LIT(b, "; // ");
        put_where(b, loc, &file, &file_len);
        MO_PUT_LIT(b, " connect");   /* origin_text[] of both kinds */
        put_instance_tail(p, c->insts[e->conn]);
        MO_PUT_LIT(b, "\n");
        maybe_flush(p);
    }
}


/* The run q (in ctx) the slow way: each of the template's equations with the clone's shift and path. */
static void put_run_slow(printer *p, const mo_feq *list, const mo_feq *q, const eq_ctx *ctx)
{
    const mo_feq_run *r = mo_feq_run_of(q);
    eq_ctx in = {ctx, q->instance, r->pathlen, ctx->shift + q->var_shift};
    for (int j = 0; j < r->n; j++) {
        mo_fp_put_eq(p, list, &list[r->first + j], &in);
        maybe_flush(p);
    }
}

/* need bytes of p's pool, or NULL when it is full: then it is emptied (every slot forgets its text) and
 * the next call succeeds. */
static void *pool_take(printer *p, size_t need)
{
    run_cache *c = &p->runs;
    need = (need + 7) / 8 * 8;
    if (need > RUN_POOL)
        return NULL;
    if (!c->pool)
        c->pool = mo_put_alloc(RUN_POOL);
    if (c->used + need > RUN_POOL) {
        for (int i = 0; i < RUN_SLOTS; i++)
            c->slots[i].full = false;
        c->used = 0;
        return NULL;
    }
    void *r = c->pool + c->used;
    c->used += need;
    return r;
}


/* Make the text of r's template (the run_cache comment) at the end of p's buffer, and store it in s
 * when it can stand for the runs. The buffer is as before afterwards. */
static void run_text(printer *p, const mo_feq *list, const mo_feq_run *r, run_slot *s)
{
    const mo_feq *t = &list[r->first];
    s->full = true;
    s->ok = false;
    /* the template's path: the first pathlen bytes of its equations' instance paths */
    if (r->pathlen <= 0 || !t->instance || memchr(t->instance, '\0', (size_t)r->pathlen))
        return;
    const eq_ctx top = {NULL, NULL, 0, 0};
    size_t start = p->b.len;
    p->hold++;
    p->mark_path = t->instance;
    p->mark_len = (size_t)r->pathlen;
    p->mark_base = start;
    p->mark_fail = false;
    p->nmarks = 0;
    for (int j = 0; j < r->n && !p->mark_fail && p->b.len - start <= RUN_TEXT_MAX; j++)
        mo_fp_put_eq(p, list, &list[r->first + j], &top);
    p->mark_path = NULL;
    p->hold--;
    size_t len = p->b.len - start;
    p->b.len = start;
    if (p->mark_fail || len > RUN_TEXT_MAX)
        return;
    size_t need = (len + 7) / 8 * 8 + sizeof(int) * (size_t)p->nmarks;
    char *text = pool_take(p, need);
    if (!text)
        text = pool_take(p, need);   /* the pool was full and is empty now */
    if (!text)
        return;
    int *marks = (int *)(void *)(text + (len + 7) / 8 * 8);
    memcpy(text, p->b.s + start, len);
    memcpy(marks, p->marks, sizeof(int) * (size_t)p->nmarks);
    s->full = true;
    s->ok = true;
    s->text = text;
    s->len = len;
    s->marks = marks;
    s->nmarks = p->nmarks;
    s->last_n = 0;
}

/* The run from its template's text: path (n bytes) at every mark. False when the pool had no room
 * (and s forgot its text). */
static bool put_run_text(printer *p, run_slot *s, const char *path, size_t n)
{
    size_t len = s->len + (size_t)s->nmarks * n;
    if (len > RUN_TEXT_MAX) { /* long paths: never in the pool */
        s->ok = false;
        return false;
    }
    if (s->last_n != n) {     /* make the whole text */
        char *t = pool_take(p, len);
        if (!t)
            return false;
        s->last = t;
        s->last_n = n;
        size_t at = 0;
        for (int i = 0; i < s->nmarks; i++) {
            size_t m = (size_t)s->marks[i];
            memcpy(t, s->text + at, m - at);
            t += m - at;
            memcpy(t, path, n);
            t += n;
            at = m;
        }
        memcpy(t, s->text + at, s->len - at);
    } else {                  /* the last run's text with this path */
        for (int i = 0; i < s->nmarks; i++)
            mo_copy_short(s->last + (size_t)s->marks[i] + (size_t)i * n, path, n);
    }
    mo_put_n(&p->b, s->last, len);
    maybe_flush(p);
    return true;
}

/* A clone's run: from its template's text when the cache has it (or takes it now), else the slow way. */
static void put_run(printer *p, const mo_feq *list, const mo_feq *q, const eq_ctx *ctx)
{
    const mo_feq_run *r = mo_feq_run_of(q);
    if (p->mark_path || r->n <= 0) {  /* inside a template's text being made: the slow way */
        put_run_slow(p, list, q, ctx);
        return;
    }
    const mo_feq *t = &list[r->first];
    uint64_t h = (uintptr_t)t * 0x9E3779B97F4A7C15u ^ (uint64_t)(unsigned)r->n * 0xC2B2AE3D27D4EB4Fu ^
                 (uint64_t)(unsigned)r->pathlen;
    h ^= h >> 29;
    run_slot *s = &p->runs.slots[(h * 0xBF58476D1CE4E5B9u >> 40) & (RUN_SLOTS - 1)];
    if (!(s->full && s->key == t && s->n == r->n && s->pathlen == r->pathlen)) {
        if (s->seen != t || s->seen_n != r->n || s->seen_pathlen != r->pathlen) {
            s->seen = t;     /* the first time in a row here: not worth making its text yet */
            s->seen_n = r->n;
            s->seen_pathlen = r->pathlen;
            put_run_slow(p, list, q, ctx);
            return;
        }
        s->key = t;
        s->n = r->n;
        s->pathlen = r->pathlen;
        run_text(p, list, r, s);
    }
    if (!s->ok) {
        put_run_slow(p, list, q, ctx);
        return;
    }
    /* the clone's full path: its instance path as written in ctx */
    const char *path = q->instance;
    size_t n;
    if (ctx->up) {
        p->path.len = 0;
        put_instance(&p->path, ctx, q->instance);
        path = p->path.s;
        n = p->path.len;
    } else {
        n = strlen(path);
    }
#ifdef MO_DEBUG
    /* check the text against the slow way */
    p->hold++;
    size_t start = p->b.len;
    bool done = put_run_text(p, s, path, n);
    size_t mid = p->b.len;
    put_run_slow(p, list, q, ctx);   /* after the text, or in its place when there is none */
    if (done) {
        if (p->b.len - mid != mid - start || memcmp(p->b.s + start, p->b.s + mid, mid - start) != 0)
            mo_unreachable("a clone's run differs from its template's text");
        p->b.len = mid;
    }
    p->hold--;
    maybe_flush(p);
#else
    if (!put_run_text(p, s, path, n))
        put_run_slow(p, list, q, ctx);
#endif
}

void mo_fp_put_eq(printer *p, const mo_feq *list, const mo_feq *q, const eq_ctx *ctx)
{
    mo_buf *b = &p->b;
    if (mo_feq_packed(q) && q->origin == MO_ORIGIN_CONNECTIONS) {
        put_conns(p, mo_feq_conns_of(q));
        return;
    }
    if (mo_feq_packed(q)) {
        put_run(p, list, q, ctx);
        return;
    }
    int shift = ctx->shift + q->var_shift;
    MO_PUT_LIT(b, "  ");
    put_expr(p, q->lhs, shift);
    MO_PUT_LIT(b, " = ");
    put_expr(p, q->rhs, shift);
    put_eq_end(p, q->loc, q->origin, q->comment, q->instance, ctx);
}

