/*
 * flatten_clone.c - make a component instance by cloning an earlier instance of the same class.
 *
 * A big model declares the same few component classes thousands of times, with modifiers that differ
 * only in values (spring1(c = 2), spring2(c = 3)). Flattening each from the syntax again (modifier
 * trees, name resolution, equation trees) costs far more than copying: so the first instance built for
 * a given class, modifier shape (the names a modifier touches, not its values; the elements that
 * redeclarations put in), variability and prefixes becomes a template, and later instances with the
 * same key are copies of it:
 *   - its variables, renamed (prefix swapped), sharing the template's attribute records (flat.h);
 *   - its equations: one packed record, a run (flat.h), that stands for the template's equations with a
 *     var_shift and the clone's path (mo_flat_unshare expands runs for the back end);
 *   - its instance tree (other components connect to it and modify nothing in it any more); a root that
 *     holds only variables and connectors shares its slots with the other clones (inst.h:
 *     children_after), a connector its template's (var_shift);
 *   - its connections;
 * and then the values of the instance's own modifier are applied to the variables they name, exactly
 * as flatten.c applies them (mo_set_attribute, mo_mod_value).
 *
 * A template is sound only when its structure cannot depend on its modifier's values, so an instance
 * becomes one only when building it (mo_clone_register checks, else it stays a plain instance):
 *   - read no variable's value (eval.c counts: array sizes, conditions, for-ranges would need them),
 *     and resolve no outer element (innerouter.c counts: what it denotes depends on where it is);
 *   - connect no parameters (connect_check.c checks each such connection for its own values);
 *   - made variables all inside its own instance path, equations and connections over those variables
 *     only, and no when-equations, asserts or algorithm sections;
 *   - had a modifier whose every value lands on a scalar variable: a parameter's binding or an
 *     attribute (start, fixed, nominal, min, max, unit, displayUnit, quantity), never stateSelect;
 *   - had variable bindings and attributes over its own variables only (apart from the modifier's).
 * Preconditions: called by flatten.c's make_element for every class-typed component.
 */
#include "flatten_clone.h"

#include <string.h>

/* ---- keys: class, variability, prefixes and the shape of the modifier ---- */
enum { KEY_MAX = 1024, MAX_FAILS = 3 };

typedef struct key_buf {
    unsigned char b[KEY_MAX];
    size_t n;
    bool overflow;
} key_buf;

static void key_put(key_buf *k, const void *p, size_t n)
{
    if (k->n + n > KEY_MAX) {
        k->overflow = true;
        return;
    }
    memcpy(k->b + k->n, p, n);
    k->n += n;
}

/* Names are interned, so a node is its name's pointer, its flags and its children. Shapes are small
 * (what one declaration writes), so this recursion is bounded by the modifier's nesting. */
static void key_mod(key_buf *k, const mo_fmod *m)
{
    unsigned char flags = (unsigned char)((m->binding ? 1 : 0) | (m->each ? 2 : 0) | (m->final_ ? 4 : 0) |
                                          (m->outside ? 8 : 0) | (m->val ? 16 : 0) | (m->redecl ? 32 : 0));
    key_put(k, &m->name, sizeof m->name);
    key_put(k, &flags, 1);
    for (const mo_fmod *u = m; u && u->redecl; u = u->under) {   /* a redeclaration: which element, and
                                                                   * where it was written (class lookups) */
        key_put(k, &u->redecl, sizeof u->redecl);
        key_put(k, &u->redecl_cls, sizeof u->redecl_cls);
    }
    key_put(k, &m->n, sizeof m->n);
    for (int i = 0; i < m->n && !k->overflow; i++)
        key_mod(k, m->sub[i]);
}

/* A count in one byte, or 255 and four bytes for a big one (so that keys stay unambiguous). */
static unsigned char *key_count(unsigned char *p, int n)
{
    if (n >= 0 && n < 255) {
        *p++ = (unsigned char)n;
        return p;
    }
    *p++ = 255;
    memcpy(p, &n, sizeof n);
    return p + sizeof n;
}

/* The same from a declaration's modifier as written, for components that nothing else modifies
 * (make_element then needs no modifier tree at all). Every argument is a plain modification. This runs
 * for every such component of the model: bytes written through a pointer, room checked once a node or
 * an argument, counts in a byte. */
static void key_syntax(key_buf *k, const mo_mod *m)
{
    if (k->n + 6 > KEY_MAX) {
        k->overflow = true;
        return;
    }
    unsigned char *p = k->b + k->n;
    *p++ = (unsigned char)(m ? 1 | (m->binding ? 2 : 0) | (m->assign ? 4 : 0) | (m->binding_break ? 8 : 0) : 0);
    if (!m) {
        k->n = (size_t)(p - k->b);
        return;
    }
    p = key_count(p, m->nargs);
    for (int i = 0; i < m->nargs; i++) {
        const mo_arg *a = &m->args[i];
        size_t ids = sizeof *a->name.ids * (size_t)a->name.n;
        if (a->kind != MO_ARG_MOD || (size_t)(p - k->b) + 6 + ids > KEY_MAX) {
            k->overflow = true;
            return;
        }
        *p++ = (unsigned char)((a->each ? 1 : 0) | (a->final_ ? 2 : 0));
        p = key_count(p, a->name.n);
        memcpy(p, a->name.ids, ids);
        k->n = (size_t)(p + ids - k->b);
        key_syntax(k, a->mod);
        if (k->overflow)
            return;
        p = k->b + k->n;
    }
    k->n = (size_t)(p - k->b);
}

/* ---- templates ---- */

static bool disabled;        /* --no-clone */

void mo_clone_disable(void)
{
    disabled = true;
}
static struct {
    mo_clone_tmpl **slots;
    int cap, n;
} table;

/* A word at a time: a key is hashed for every component of the model (a byte-wise hash was most of
 * begin_key's time). */
static uint64_t hash_bytes(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull ^ n, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    w = 0;
    memcpy(&w, p + i, n - i);
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 32);
}

static mo_clone_tmpl *table_find(const key_buf *k, uint64_t h, bool create)
{
    if (table.n * 2 >= table.cap) {
        int cap = table.cap ? 2 * table.cap : 64;
        mo_clone_tmpl **s = MO_NEWN(mo_clone_tmpl *, cap);
        for (int i = 0; i < table.cap; i++)
            if (table.slots[i]) {
                int j = (int)(table.slots[i]->hash & (uint64_t)(cap - 1));
                while (s[j])
                    j = (j + 1) & (cap - 1);
                s[j] = table.slots[i];
            }
        table.slots = s;
        table.cap = cap;
    }
    int j = (int)(h & (uint64_t)(table.cap - 1));
    for (; table.slots[j]; j = (j + 1) & (table.cap - 1)) {
        mo_clone_tmpl *t = table.slots[j];
        if (t->hash == h && t->keylen == k->n && memcmp(t->key, k->b, k->n) == 0)
            return t;
    }
    if (!create)
        return NULL;
    mo_clone_tmpl *t = MO_NEW(mo_clone_tmpl);
    t->key = MO_NEWN(unsigned char, k->n);
    memcpy(t->key, k->b, k->n);
    t->keylen = k->n;
    t->hash = h;
    table.slots[j] = t;
    table.n++;
    return t;
}

/* ---- the modifier's values: where they land ---- */
typedef enum field { F_BINDING, F_START, F_FIXED, F_NOMINAL, F_MIN, F_MAX, F_STRING } field;

int mo_clone_attr_field(const char *name)
{
    int k = mo_attribute_index(name);
    if (k >= MO_ATTR_START && k <= MO_ATTR_MAX)
        return F_START + (k - MO_ATTR_START);
    if (k >= MO_ATTR_UNIT && k <= MO_ATTR_QUANTITY)
        return F_STRING;
    return -1;   /* stateSelect (evaluated), unbounded, or no attribute at all: no clone */
}

/* A walk of a modifier over an instance tree: check (template: every value lands on a scalar variable
 * in a way apply can repeat; marks the fields the modifier gives) or apply (clone: set the values). */
/* Would computing the value e, written in instance scope, build nothing? A name of a component of scope
 * that is not made yet makes it on the way: in the middle of this component when it is built the usual
 * way, after the whole of it when it is a clone, so that the flat model would list variables in another
 * order. Such components are built the usual way. Recursion over one expression. */
static inline bool is_literal(const mo_expr *e)
{
    return e->kind == MO_EX_REAL || e->kind == MO_EX_INT || e->kind == MO_EX_BOOL || e->kind == MO_EX_STRING;
}

bool mo_clone_builds_nothing(const mo_expr *e, const mo_inst *scope)
{
    if (!e || !scope || e->kind == MO_EX_VAR || is_literal(e))   /* (literals: most values of a big model) */
        return true;
    if (e->kind == MO_EX_REF) {
        intptr_t k = (intptr_t)mo_map_get(&scope->lay->index, e->parts[0].id);
        if (k && scope->slots[k - 1].state == MO_SLOT_PENDING)
            return false;
        for (int p = 0; p < e->nparts; p++)
            for (int i = 0; i < e->parts[p].nsubs; i++)
                if (!mo_clone_builds_nothing(mo_ref_part_subs(&e->parts[p])[i], scope))
                    return false;
        return true;
    }
    for (int i = 0; i < e->n; i++)
        if (!mo_clone_builds_nothing(e->a[i], scope))
            return false;
    for (int i = 0; i < e->nnamed; i++)
        if (!mo_clone_builds_nothing(e->named[i].value, scope))
            return false;
    if (e->kind == MO_EX_CALL || e->kind == MO_EX_PARTIAL_FN || e->kind == MO_EX_ARRAY)
        for (int i = 0; i < e->niters; i++)
            if (!mo_clone_builds_nothing(e->iters[i].range, scope))
                return false;
    return true;
}

static bool value_builds_nothing(const mo_fmod *m)
{
    return m->val || mo_clone_builds_nothing(m->binding, m->scope);
}

typedef enum walk_mode { W_CHECK, W_DRY, W_APPLY } walk_mode;   /* W_DRY: only check that it fits */

typedef struct walk {
    mo_front *fr;
    walk_mode mode;
    unsigned char *given;     /* check: per variable of the template, bit (1 << field) */
    int v0, nv;
} walk;

static bool walk_mod(walk *w, mo_inst *in, const mo_fmod *m)
{
    for (int i = 0; i < m->n; i++) {
        const mo_fmod *c = m->sub[i];
        intptr_t k = (intptr_t)mo_map_get(&in->lay->index, c->name);
        if (!k)
            return false;
        const mo_slot sl = mo_slot_of(in, (int)k - 1), *s = &sl;
        if (s->kind == MO_SK_INST) {
            if (c->binding || !walk_mod(w, s->child, c))
                return false;
            continue;
        }
        if (s->kind != MO_SK_VAR)
            return false;
        mo_var *v = &w->fr->flat->vars.v[s->var];
        if (c->binding && w->mode == W_DRY) {
            if (v->variability > MO_VAR_PARAMETER || !value_builds_nothing(c))
                return false;
        } else if (c->binding) {
            if (w->mode == W_APPLY) {
                /* index the table again afterwards: computing a value may add variables (and move it) */
                mo_expr *b = mo_mod_value(w->fr, c, s->var);
                w->fr->flat->vars.v[s->var].binding = b;
                if (!b && mo_error_count())
                    return false;
            } else {
                if (v->variability > MO_VAR_PARAMETER || s->var < w->v0 || s->var >= w->v0 + w->nv)
                    return false;
                w->given[s->var - w->v0] |= 1u << F_BINDING;
            }
        }
        for (int j = 0; j < c->n; j++) {
            const mo_fmod *a = c->sub[j];
            int f = mo_clone_attr_field(a->name);
            if (f < 0 || a->n > 0 || (w->mode == W_DRY && a->binding && !value_builds_nothing(a)))
                return false;
            if (!a->binding || w->mode == W_DRY)
                continue;
            if (w->mode == W_APPLY) {
                mo_set_attribute(w->fr, s->var, a);
                if (mo_error_count())
                    return false;
            } else {
                w->given[s->var - w->v0] |= (unsigned char)(1u << f);
            }
        }
    }
    return true;
}

bool mo_clone_walk(mo_front *fr, mo_inst *in, const mo_fmod *m, bool apply)
{
    walk w = {fr, apply ? W_APPLY : W_DRY, NULL, 0, 0};
    return walk_mod(&w, in, m);
}

/* ---- checks on the template's expressions ---- */
/* True when every variable e refers to (after shift) lies in [lo, hi). Recursion over one expression. */
static bool refs_within(const mo_expr *e, int shift, int lo, int hi, bool *any)
{
    if (!e)
        return true;
    if (e->kind == MO_EX_VAR) {
        int v = e->var + shift;
        *any = true;
        return v >= lo && v < hi;
    }
    if (e->kind == MO_EX_REF || e->kind == MO_EX_STRING)   /* unresolved names; String values */
        return false;
    for (int i = 0; i < e->n; i++)
        if (!refs_within(e->a[i], shift, lo, hi, any))
            return false;
    for (int i = 0; i < e->nnamed; i++)
        if (!refs_within(e->named[i].value, shift, lo, hi, any))
            return false;
    if (e->kind == MO_EX_CALL && e->niters > 0)   /* reductions keep iterator ranges */
        return false;
    return true;
}

/* ---- instance trees: depth-first order, shared by the template's index and the clone ---- */
typedef MO_VEC(mo_inst *) inst_vec;

static void collect_slot(inst_vec *out, const mo_slot *s);

static void collect(inst_vec *out, mo_inst *in)
{
    MO_PUSH(*out, in);
    for (int i = 0; i < in->lay->n; i++) {
        mo_slot s = mo_slot_of(in, i);
        collect_slot(out, &s);
    }
}

static void collect_slot(inst_vec *out, const mo_slot *s)
{
    if (s->kind == MO_SK_INST)
        collect(out, s->child);
    else if (s->kind == MO_SK_ARRAY)
        for (int j = 0; j < s->arr->total; j++)
            collect_slot(out, &s->arr->elems[j]);
}

/* ---- the entry points of flatten.c ---- */
/* The template entry of key k and the sizes to check a new template against; false when this component
 * is neither cloned nor offered as a template (--no-clone, a value for the whole component, a key too
 * long, or a key that failed too often). */
static bool begin_tmpl(mo_front *fr, mo_clone_tmpl *t, mo_clone_mark *mark);

static bool begin_key(mo_front *fr, const key_buf *k, bool whole_value, mo_clone_mark *mark)
{
    memset(mark, 0, sizeof *mark);
    if (disabled || whole_value || k->overflow)
        return false;
    return begin_tmpl(fr, table_find(k, hash_bytes(k->b, k->n), true), mark);
}

/* The same for the template entry t (mark zeroed). */
static bool begin_tmpl(mo_front *fr, mo_clone_tmpl *t, mo_clone_mark *mark)
{
    if (!t->inst && t->fails >= MAX_FAILS)
        return false;
    mo_flat *flat = fr->flat;
    mark->tmpl = t;
    mark->v0 = flat->vars.n;
    mark->e0 = flat->eqs.n;
    mark->ie0 = flat->initial_eqs.n;
    mark->p0 = fr->pairs.n;
    mark->whens = flat->whens.n;
    mark->asserts = flat->asserts.n;
    mark->algs = flat->algs.n;
    mark->reads = mo_eval_var_reads();
    mark->outers = mo_context_count();
    mark->pp0 = fr->param_pairs.n;
    mark->errors = mo_error_count();
    return true;
}

static void key_start(key_buf *k, char form, mo_class *cls, int variability, unsigned flags)
{
    k->n = 0;                 /* (not a memset of the whole buffer: this runs for every component) */
    k->overflow = false;
    key_put(k, &form, 1);
    key_put(k, &cls, sizeof cls);
    key_put(k, &variability, sizeof variability);
    key_put(k, &flags, sizeof flags);
}

bool mo_clone_begin(mo_front *fr, mo_class *cls, const mo_fmod *mod, int variability, unsigned flags,
                    mo_clone_mark *mark)
{
    key_buf k;
    key_start(&k, 'F', cls, variability, flags);
    if (mod)
        key_mod(&k, mod);
    return begin_key(fr, &k, mod && mod->binding, mark);
}

/* Do modifiers a and b have the same shape, that is the same key_syntax? Recursion as deep as the
 * modifiers nest. */
static bool same_shape(const mo_mod *a, const mo_mod *b)
{
    if (!a || !b)
        return a == b;
    if (!a->binding != !b->binding || a->assign != b->assign || a->binding_break != b->binding_break ||
        a->nargs != b->nargs)
        return false;
    for (int i = 0; i < a->nargs; i++) {
        const mo_arg *x = &a->args[i], *y = &b->args[i];
        if (x->kind != y->kind || x->each != y->each || x->final_ != y->final_ || x->name.n != y->name.n)
            return false;
        for (int j = 0; j < x->name.n; j++)
            if (x->name.ids[j] != y->name.ids[j])
                return false;
        if (!same_shape(x->mod, y->mod))
            return false;
    }
    return true;
}

/* Per class (hashed), the last syntax key that found a template entry, as the declaration it came
 * from: a big model declares a few classes over and over with modifiers of one shape, and comparing
 * a modifier with that declaration's costs less than making and hashing its key. */
enum { LAST_N = 64 };
static struct last_syntax {
    const mo_class *cls;
    int variability;
    unsigned flags;
    const mo_mod *mod;        /* a modifier whose key (never overflowing) found t */
    mo_clone_tmpl *t;
} last_syntax[LAST_N];

bool mo_clone_begin_syntax(mo_front *fr, mo_class *cls, const mo_mod *mod, int variability, unsigned flags,
                           mo_clone_mark *mark)
{
    struct last_syntax *l = &last_syntax[((uintptr_t)cls >> 4) % LAST_N];
    if (l->t && l->cls == cls && l->variability == variability && l->flags == flags && same_shape(mod, l->mod)) {
        memset(mark, 0, sizeof *mark);
        return begin_tmpl(fr, l->t, mark);
    }
    key_buf k;
    key_start(&k, 'S', cls, variability, flags);
    key_syntax(&k, mod);
    if (!begin_key(fr, &k, mod && mod->binding, mark))
        return false;
    *l = (struct last_syntax){cls, variability, flags, mod, mark->tmpl};
    return true;
}

/* Is each equation's instance path one of the template's instances? */
static void check_instances(const mo_map *paths, const mo_feq *eqs, int n, bool *ok)
{
    for (int i = 0; i < n && *ok; i++)
        *ok = mo_map_get(paths, eqs[i].instance) != NULL;
}

/* The run that stands for n equations from first on in every clone (flat.h). */
static const mo_feq_run *make_run(int first, int n, size_t pathlen)
{
    mo_feq_run *r = MO_NEW(mo_feq_run);
    r->first = first;
    r->n = n;
    r->pathlen = (int)pathlen;
    return r;
}


/* The slots that the clones of template in share (inst.h: children_after), or NULL when its root holds
 * more than variables and connectors (instances whose slots are all variables), or no connector. */
static mo_slot *shared_slots(const mo_inst *in)
{
    int nchild = 0;
    for (int i = 0; i < in->lay->n; i++) {
        const mo_slot *s = &in->slots[i];
        if (s->state != MO_SLOT_DONE || s->kind == MO_SK_ARRAY ||
            (s->kind == MO_SK_INST && !mo_clone_only_vars(s->child)))
            return NULL;
        nchild += s->kind == MO_SK_INST;
    }
    if (!nchild || in->children_after)
        return NULL;
    mo_slot *r = MO_NEWN(mo_slot, in->lay->n);
    memcpy(r, in->slots, sizeof *r * (size_t)in->lay->n);
    for (int i = 0, k = 0; i < in->lay->n; i++)
        if (r[i].kind == MO_SK_INST)
            r[i].var = k++;
    return r;
}

static bool check_template(mo_front *fr, const mo_clone_mark *mark, mo_inst *in, mo_clone_tmpl *t)
{
    mo_flat *flat = fr->flat;
    if (flat->whens.n != mark->whens || flat->asserts.n != mark->asserts || flat->algs.n != mark->algs ||
        mo_eval_var_reads() != mark->reads ||
        mo_context_count() != mark->outers || fr->param_pairs.n != mark->pp0 || mo_error_count() != mark->errors)
        return false;
    int v0 = mark->v0, v1 = flat->vars.n;
    size_t plen = strlen(in->path);
    /* (a name's first plen + 1 bytes are enough: mo_flat_name_to writes as many as fit) */
    char buf[256], *name = plen + 1 < sizeof buf ? buf : mo_alloc_text(plen + 2);
    mo_name_hint hint = {0, 0};
    for (int i = v0; i < v1; i++) {
        if (flat->vars.v[i].type == MO_T_STRING && flat->vars.v[i].variability > MO_VAR_PARAMETER)
            return false;   /* String variables: strvars.c rewrites their equations, which clones share */
        size_t n = mo_flat_name_to(flat, i, name, plen + 2, &hint);
        if (plen >= n || strncmp(name, in->path, plen) != 0 || (name[plen] != '.' && name[plen] != '['))
            return false;   /* made by someone else while this instance was built */
    }
    /* the fields the modifier gives are set again in every clone; everything else is copied */
    walk w = {fr, W_CHECK, MO_NEWN(unsigned char, v1 - v0 + 1), v0, v1 - v0};
    if (in->mod && !walk_mod(&w, in, in->mod))
        return false;
    unsigned char *fix = MO_NEWN(unsigned char, v1 - v0 + 1);
    for (int i = v0; i < v1; i++) {
        const mo_var *v = &flat->vars.v[i];
        const mo_var_attr *a = v->attr;
        bool any = false;
        if (!(w.given[i - v0] & (1u << F_BINDING))) {
            if (!refs_within(v->binding, 0, v0, v1, &any) && v->binding && v->binding->kind != MO_EX_STRING)
                return false;
            if (any)
                fix[i - v0] |= MO_CLONE_FIX_BINDING;
        }
        const mo_expr *ax[5] = {a->start, a->fixed, a->nominal, a->min, a->max};
        for (int f = 0; f < 5; f++) {
            any = false;
            if (w.given[i - v0] & (1u << (F_START + f)))
                continue;
            if (!refs_within(ax[f], 0, v0, v1, &any) && ax[f]->kind != MO_EX_STRING)
                return false;
            if (any)
                fix[i - v0] |= MO_CLONE_FIX_ATTR;
        }
    }
    /* equations and connections: over the template's variables, held by instances of its tree */
    inst_vec insts = {0};
    collect(&insts, in);
    mo_map paths = {0};
    for (int i = 0; i < insts.n; i++)
        mo_map_put(&paths, insts.v[i]->path, (void *)(intptr_t)(i + 1));
    bool ok = true;
    for (int pass = 0; pass < 2 && ok; pass++) {
        const mo_feq *eqs = pass ? flat->initial_eqs.v + mark->ie0 : flat->eqs.v + mark->e0;
        int n = pass ? flat->initial_eqs.n - mark->ie0 : flat->eqs.n - mark->e0;
        for (int i = 0; i < n && ok; i++) {
            bool any = false;
            /* a run of a cloned component inside this one is over its own variables (checked above) */
            ok = mo_feq_packed(&eqs[i]) ? eqs[i].origin == MO_ORIGIN_CLONE
                                        : refs_within(eqs[i].lhs, eqs[i].var_shift, v0, v1, &any) &&
                                              refs_within(eqs[i].rhs, eqs[i].var_shift, v0, v1, &any);
        }
        /* (so that a clone's equations are at its own instances: their paths begin with its path) */
        check_instances(&paths, eqs, n, &ok);
    }
    int np = fr->pairs.n - mark->p0;
    t->pair_inst = MO_NEWN(int, np + 1);
    for (int i = 0; i < np && ok; i++) {
        const mo_conn_pair *p = &fr->pairs.v[mark->p0 + i];
        intptr_t k = (intptr_t)mo_map_get(&paths, fr->conn_insts.v[p->conn]);
        ok = k > 0 && p->a >= v0 && p->a < v1 && p->b >= v0 && p->b < v1;
        t->pair_inst[i] = (int)k - 1;
    }
    if (!ok)
        return false;
    t->inst = in;
    t->pathlen = plen;
    t->v0 = v0;
    t->nv = v1 - v0;
    t->e0 = mark->e0;
    t->ne = flat->eqs.n - mark->e0;
    t->ie0 = mark->ie0;
    t->nie = flat->initial_eqs.n - mark->ie0;
    t->p0 = mark->p0;
    t->np = np;
    t->ninst = insts.n;
    t->run = make_run(t->e0, t->ne, plen);
    t->irun = make_run(t->ie0, t->nie, plen);
    t->paths = MO_NEWN(const char *, insts.n);
    t->restlen = MO_NEWN(int, insts.n);
    for (int i = 1; i < insts.n; i++) {
        t->restlen[i] = (int)(strlen(insts.v[i]->path) - plen);
        t->text += (size_t)t->restlen[i];
    }
    t->fix = fix;
    t->cslots = shared_slots(in);
    if (t->cslots) {
        t->cchild = MO_NEWN(int, insts.n);
        for (int i = 0, k = 0; i < in->lay->n; i++)
            if (t->cslots[i].kind == MO_SK_INST)
                t->cchild[k++] = i;
    }
    /* from now on the template's attribute records are shared: nobody may write them in place */
    for (int i = v0; i < v1; i++)
        flat->vars.v[i].attr_own = false;
    return true;
}

void mo_clone_register(mo_front *fr, const mo_clone_mark *mark, mo_inst *in)
{
    mo_clone_tmpl *t = mark->tmpl;
    if (!t || t->inst || !in)
        return;
    if (!check_template(fr, mark, in, t))
        t->fails++;
}

/* Are the slots of in all variables (or disabled components)? */
bool mo_clone_only_vars(const mo_inst *in)
{
    for (int i = 0; i < in->lay->n; i++)
        if (in->slots[i].state != MO_SLOT_DONE || (in->slots[i].kind != MO_SK_VAR && in->slots[i].kind != MO_SK_NONE))
            return false;
    return true;
}
