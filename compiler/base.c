/*
 * base.c - arena memory, interned strings, hash maps, string builders, source files and diagnostics.
 * See base.h for the contracts. Nothing here knows about Modelica.
 */
#include "base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void mo_unreachable_at(const char *file, int line, const char *what)
{
    fflush(stdout);
    fprintf(stderr, "mo2c: internal error at %s:%d: %s\n", file, line, what);
    abort();
}

/* ---- arena: a list of big chunks; requests larger than a chunk get a chunk of their own ---- */
typedef struct chunk { struct chunk *next; size_t used, size; max_align_t data[]; } chunk;
static chunk *arena_head;
static size_t arena_total;
enum { CHUNK_SIZE = 1 << 20 };

void *mo_alloc(size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (!arena_head || arena_head->used + size > arena_head->size) {
        size_t sz = size > CHUNK_SIZE ? size : CHUNK_SIZE;
        chunk *c = calloc(1, sizeof(chunk) + sz);
        if (!c) {
            fprintf(stderr, "mo2c: error: out of memory\n");
            exit(1);
        }
        c->size = sz;
        /* a private big chunk goes behind the head so the head's free space is not wasted */
        if (arena_head && sz == size && arena_head->size - arena_head->used > 4096) {
            c->next = arena_head->next;
            arena_head->next = c;
        } else {
            c->next = arena_head;
            arena_head = c;
        }
        c->used = size;
        arena_total += size;
        return c->data;
    }
    void *p = (char *)arena_head->data + arena_head->used;
    arena_head->used += size;
    arena_total += size;
    return p;
}

void *mo_realloc_arena(void *old, size_t oldsize, size_t newsize)
{
    void *p = mo_alloc(newsize);
    if (old && oldsize)
        memcpy(p, old, oldsize < newsize ? oldsize : newsize);
    return p;
}

size_t mo_arena_bytes(void) { return arena_total; }

void mo_arena_free_all(void)
{
    while (arena_head) {
        chunk *n = arena_head->next;
        free(arena_head);
        arena_head = n;
    }
    arena_total = 0;
}

char *mo_strndup(const char *s, size_t n)
{
    char *p = mo_alloc(n + 1);
    memcpy(p, s, n);
    return p;
}

char *mo_strdup(const char *s) { return mo_strndup(s, strlen(s)); }

char *mo_sprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = mo_alloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

/* ---- interned strings: open addressing on FNV-1a ---- */
static const char **intern_slots;
static size_t intern_cap, intern_count;

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

const char *mo_intern(const char *s, size_t len)
{
    if (intern_count * 2 >= intern_cap) {
        size_t nc = intern_cap ? intern_cap * 2 : 4096;
        const char **ns = mo_alloc(nc * sizeof *ns);
        for (size_t i = 0; i < intern_cap; i++) {
            if (!intern_slots[i])
                continue;
            size_t j = hash_bytes(intern_slots[i], strlen(intern_slots[i])) & (nc - 1);
            while (ns[j])
                j = (j + 1) & (nc - 1);
            ns[j] = intern_slots[i];
        }
        intern_slots = ns;
        intern_cap = nc;
    }
    size_t j = hash_bytes(s, len) & (intern_cap - 1);
    while (intern_slots[j]) {
        if (strncmp(intern_slots[j], s, len) == 0 && intern_slots[j][len] == '\0')
            return intern_slots[j];
        j = (j + 1) & (intern_cap - 1);
    }
    intern_slots[j] = mo_strndup(s, len);
    intern_count++;
    return intern_slots[j];
}

const char *mo_intern_cstr(const char *s) { return mo_intern(s, strlen(s)); }

/* ---- pointer-keyed map ---- */
static size_t hash_ptr(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x;
}

static int map_find(const mo_map *m, const char *key)
{
    if (!m->cap)
        return -1;
    size_t j = hash_ptr(key) & (size_t)(m->cap - 1);
    while (m->keys[j]) {
        if (m->keys[j] == key)
            return (int)j;
        j = (j + 1) & (size_t)(m->cap - 1);
    }
    return -1;
}

void *mo_map_get(const mo_map *m, const char *key)
{
    int j = map_find(m, key);
    return j < 0 ? NULL : m->order_vals.v[m->slot_index[j]];
}

bool mo_map_has(const mo_map *m, const char *key) { return map_find(m, key) >= 0; }

int mo_map_count(const mo_map *m) { return m->order_keys.n; }

void mo_map_put(mo_map *m, const char *key, void *val)
{
    int j = map_find(m, key);
    if (j >= 0) {
        m->order_vals.v[m->slot_index[j]] = val;
        return;
    }
    if ((m->order_keys.n + 1) * 2 > m->cap) {
        int nc = m->cap ? m->cap * 2 : 16;
        const char **nk = mo_alloc((size_t)nc * sizeof *nk);
        int *ni = mo_alloc((size_t)nc * sizeof *ni);
        for (int i = 0; i < m->order_keys.n; i++) {
            size_t s = hash_ptr(m->order_keys.v[i]) & (size_t)(nc - 1);
            while (nk[s])
                s = (s + 1) & (size_t)(nc - 1);
            nk[s] = m->order_keys.v[i];
            ni[s] = i;
        }
        m->keys = nk;
        m->slot_index = ni;
        m->cap = nc;
    }
    size_t s = hash_ptr(key) & (size_t)(m->cap - 1);
    while (m->keys[s])
        s = (s + 1) & (size_t)(m->cap - 1);
    m->keys[s] = key;
    m->slot_index[s] = m->order_keys.n;
    MO_PUSH(m->order_keys, key);
    MO_PUSH(m->order_vals, val);
}

/* ---- string builder ---- */
static void buf_reserve(mo_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t nc = b->cap ? b->cap * 2 : 64;
    while (nc < b->len + extra + 1)
        nc *= 2;
    b->s = mo_realloc_arena(b->s, b->len + (b->s ? 1 : 0), nc);
    b->cap = nc;
}

void mo_buf_putn(mo_buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void mo_buf_puts(mo_buf *b, const char *s) { mo_buf_putn(b, s, strlen(s)); }

void mo_buf_printf(mo_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *mo_buf_str(mo_buf *b) { return b->s ? b->s : ""; }

/* ---- files ---- */
mo_file *mo_file_read(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    mo_buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        mo_buf_putn(&b, tmp, n);
    int err = ferror(f);
    fclose(f);
    if (err) {
        errno = EIO;
        return NULL;
    }
    mo_file *file = MO_NEW(mo_file);
    file->path = mo_strdup(path);
    file->text = b.s ? b.s : mo_strdup("");
    file->len = b.len;
    return file;
}

mo_file *mo_file_from_string(const char *name, const char *text)
{
    mo_file *file = MO_NEW(mo_file);
    file->path = mo_strdup(name);
    file->text = mo_strdup(text);
    file->len = strlen(text);
    return file;
}

/* ---- diagnostics ---- */
static FILE *diag_stream;
static int error_count;

void mo_diag_set_stream(FILE *f) { diag_stream = f; }
int mo_error_count(void) { return error_count; }

static FILE *diag_out(void) { return diag_stream ? diag_stream : stderr; }

/* Print the source line of loc and a caret (with tildes for the rest of the marked text). Bytes that
 * are not printable ASCII are shown as they are, except control characters, which become spaces. */
static void print_source_line(FILE *out, mo_loc loc)
{
    if (!loc.file || loc.line <= 0)
        return;
    const char *p = loc.file->text, *end = p + loc.file->len;
    for (int l = 1; l < loc.line && p < end; p++)
        if (*p == '\n')
            l++;
    const char *q = p;
    while (q < end && *q != '\n' && *q != '\r')
        q++;
    if (q - p > 300)
        return; /* a giant line (minified or binary) helps nobody */
    fputs("    ", out);
    for (const char *c = p; c < q; c++)
        fputc(*c == '\t' ? ' ' : ((unsigned char)*c < 32 ? ' ' : *c), out);
    fputs("\n    ", out);
    for (int i = 1; i < loc.col; i++)
        fputc(' ', out);
    fputc('^', out);
    for (int i = 1; i < loc.len && loc.col + i <= (int)(q - p); i++)
        fputc('~', out);
    fputc('\n', out);
}

static void vdiag(mo_loc loc, const char *kind, const char *fmt, va_list ap)
{
    FILE *out = diag_out();
    fflush(stdout);
    if (loc.file)
        fprintf(out, "%s:%d:%d: %s: ", loc.file->path, loc.line, loc.col, kind);
    else
        fprintf(out, "mo2c: %s: ", kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    print_source_line(out, loc);
}

void mo_error(mo_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(loc, "error", fmt, ap);
    va_end(ap);
    if (++error_count >= MO_MAX_ERRORS) {
        fprintf(diag_out(), "mo2c: too many errors, stopping\n");
        exit(1);
    }
}

void mo_warning(mo_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(loc, "warning", fmt, ap);
    va_end(ap);
}

void mo_note(mo_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(loc, "note", fmt, ap);
    va_end(ap);
}

void mo_error_plain(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mo_loc none = {0};
    vdiag(none, "error", fmt, ap);
    va_end(ap);
    if (++error_count >= MO_MAX_ERRORS)
        exit(1);
}

/* Edit distance with a cut-off, on two rows. */
static int edit_distance(const char *a, const char *b, int limit)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (abs(la - lb) > limit || la > 200 || lb > 200)
        return limit + 1;
    int row0[201], row1[201];
    for (int j = 0; j <= lb; j++)
        row0[j] = j;
    for (int i = 1; i <= la; i++) {
        row1[0] = i;
        int best = row1[0];
        for (int j = 1; j <= lb; j++) {
            int c = row0[j - 1] + (a[i - 1] != b[j - 1]);
            if (row0[j] + 1 < c) c = row0[j] + 1;
            if (row1[j - 1] + 1 < c) c = row1[j - 1] + 1;
            row1[j] = c;
            if (c < best) best = c;
        }
        if (best > limit)
            return limit + 1;
        memcpy(row0, row1, sizeof(int) * (size_t)(lb + 1));
    }
    return row0[lb];
}

const char *mo_closest_name(const char *name, const char *const *candidates, int n)
{
    int len = (int)strlen(name);
    int limit = len / 3 > 1 ? len / 3 : 1;
    const char *best = NULL;
    int bestd = limit + 1;
    for (int i = 0; i < n; i++) {
        if (!candidates[i] || strcmp(candidates[i], name) == 0)
            continue;
        int d = edit_distance(name, candidates[i], limit);
        if (d < bestd) {
            bestd = d;
            best = candidates[i];
        }
    }
    return best;
}
