/*
 * fnarray.c - arrays inside user functions: their memory, and the array operations that generated code
 * calls rather than writes out (slices, products, concatenation, the built-in array constructors).
 *
 * Memory (mo2c_rt.h has the contract):
 *   - a function's array variables (outputs and protected locals) live on the heap, one block each
 *     (mo2c_avar, mo2c_aassign resizes a flexible one), and the function frees them on every way out;
 *   - temporaries (the values of array expressions, a called function's array outputs) live on the
 *     function stack of the simulation (d->fstack): a stack of chunks whose blocks never move, with a
 *     mark taken before a statement and released after it, and the function's own mark released when it
 *     returns, so memory is bounded by what one chain of calls holds at once, not by the work done.
 * A function hands its array outputs back as temporaries of its caller: it releases its own stack
 * first, then copies each output onto the stack (mo2c_aout), which is then the caller's.
 * Every array has room for one element at least (v is never NULL once made), so code that reads
 * element 0 after an index check failed (the failure is reported through *ok) stays inside memory.
 *
 * Checks: sizes must be non-negative integers and arrays at most MO2C_MAX_ELEMS elements; indices lie in
 * 1..size; operands of element-wise operators and assignments have equal sizes. A failed check calls
 * mo2c_fail with the statement's `where` text ("file:line: text (function P.f)") and returns -1.
 */
#include "rt_internal.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* ---- the function stack: chunk k holds CHUNK0 << k bytes and starts at offset CHUNK0 * (2^k - 1) of
 * one virtual address range, so a mark is a single offset ---- */
enum { CHUNK0 = 1 << 16, NCHUNKS = 40 };

typedef struct fstack {
    char *chunk[NCHUNKS];     /* allocated on first use, kept until mo2c_data_free */
    size_t top;               /* the first free offset */
    int depth;                /* calls of user functions under way (mo2c_fenter) */
    uint64_t *warned;         /* what was printed once already (mo2c_rt_once) */
    int nwarned, capwarned;
    uintptr_t base;           /* where the C stack was at the outermost of them */
    size_t limit;             /* the C stack they may use: half the stack's soft limit (at most 1 GB) */
} fstack;

static size_t chunk_start(int k) { return (size_t)CHUNK0 * (((size_t)1 << k) - 1); }
static size_t chunk_cap(int k) { return (size_t)CHUNK0 << k; }

static int chunk_of(size_t off)
{
    int k = 0;
    while (k + 1 < NCHUNKS && off >= chunk_start(k + 1))
        k++;
    return k;
}

size_t mo2c_fmark(mo2c_data *d)
{
    const fstack *s = d->fstack;
    return s ? s->top : 0;
}

void mo2c_frelease(mo2c_data *d, size_t mark)
{
    fstack *s = d->fstack;
    if (s && mark <= s->top)
        s->top = mark;
}

void mo2c_sreset(mo2c_data *d)
{
    fstack *s = d->fstack;
    if (s && s->depth == 0)   /* (a model function called while a user function runs keeps its memory) */
        s->top = 0;
}

void mo2c_rt_fstack_free(mo2c_data *d)
{
    fstack *s = d->fstack;
    if (!s)
        return;
    free(s->warned);
    for (int k = 0; k < NCHUNKS; k++)
        free(s->chunk[k]);
    free(s);
    d->fstack = NULL;
}

static fstack *fstack_of(mo2c_data *d)
{
    fstack *s = d->fstack;
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s)
            return NULL;
        struct rlimit rl;
        size_t lim = (size_t)8 << 20;   /* the usual default when the limit cannot be read */
        if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
            lim = (size_t)rl.rlim_cur;
        else if (getrlimit(RLIMIT_STACK, &rl) == 0)
            lim = (size_t)2 << 30;
        s->limit = lim / 2 < ((size_t)1 << 30) ? lim / 2 : (size_t)1 << 30;
        d->fstack = s;
    }
    return s;
}

/* ---- calls: recursion is bounded by the C stack it uses ---- */

int mo2c_fenter(mo2c_data *d, const char *name)
{
    fstack *s = fstack_of(d);
    if (!s)
        return mo2c_fail(d, "out of memory calling function %s", name);
    volatile char here = 0;   /* its address: where the C stack is now */
    uintptr_t at = (uintptr_t)&here;
    if (s->depth == 0)
        s->base = at;
    size_t used = s->base > at ? s->base - at : at - s->base;
    if (used > s->limit)
        return mo2c_fail(d, "recursion too deep in function %s: %d nested calls of functions used more than %zu KB "
                         "of the C stack", name, s->depth, s->limit >> 10);
    s->depth++;
    return 0;
}

int mo2c_rt_once(mo2c_data *d, uint64_t key)
{
    fstack *s = fstack_of(d);
    for (int i = 0; s && i < s->nwarned; i++)
        if (s->warned[i] == key)
            return 0;
    if (s && s->nwarned == s->capwarned) {
        int nc = s->capwarned ? 2 * s->capwarned : 8;
        uint64_t *w = realloc(s->warned, sizeof *w * (size_t)nc);
        if (!w)
            return 1;   /* printed again next time: harmless */
        s->warned = w;
        s->capwarned = nc;
    }
    if (s)
        s->warned[s->nwarned++] = key;
    return 1;
}

void mo2c_fwarn(mo2c_data *d, const char *site, const char *fn, const char *msg)
{
    if (mo2c_rt_once(d, (uint64_t)(uintptr_t)site))
        fprintf(stderr, "warning: at time %.16g: assertion failed in function %s: %s\n", d->time, fn, msg);
}

void mo2c_fleave(mo2c_data *d)
{
    fstack *s = d->fstack;
    if (s && s->depth > 0)
        s->depth--;
}

static void *fstack_alloc(mo2c_data *d, size_t bytes)
{
    fstack *s = fstack_of(d);
    if (!s)
        return NULL;
    bytes = (bytes + 15) & ~(size_t)15;
    int k = chunk_of(s->top);
    size_t off = s->top - chunk_start(k);
    if (off + bytes > chunk_cap(k)) {   /* the rest of this chunk is too small: the next one that fits */
        do
            k++;
        while (k < NCHUNKS && chunk_cap(k) < bytes);
        if (k >= NCHUNKS)
            return NULL;
        off = 0;
    }
    if (!s->chunk[k] && !(s->chunk[k] = malloc(chunk_cap(k))))
        return NULL;
    s->top = chunk_start(k) + off + bytes;
    return s->chunk[k] + off;
}

void *mo2c_rt_fstack_bytes(mo2c_data *d, size_t n)
{
    return n > ((size_t)1 << 40) ? NULL : fstack_alloc(d, n);
}

/* ---- sizes and messages ---- */

static const char *where_or_unknown(const char *where)
{
    return where && *where ? where : "(unknown statement)";
}

/* "[3, 2]" into buf (a scalar: "scalar") */
static const char *size_text(char *buf, size_t cap, const mo2c_arr *a)
{
    if (a->nd == 0) {
        snprintf(buf, cap, "scalar");
        return buf;
    }
    size_t len = 0;
    for (int k = 0; k < a->nd && len < cap; k++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%d", k ? ", " : "[", a->dim[k]);
    if (len < cap)
        snprintf(buf + len, cap - len, "]");
    return buf;
}

int mo2c_rt_set_dims(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where)
{
    if (nd < 0 || nd > MO2C_MAX_DIMS)
        return mo2c_fail(d, "an array of %d dimensions in %s", nd, where_or_unknown(where));
    double n = 1;
    for (int k = 0; k < nd; k++) {
        double v = dims[k];
        if (!(v >= 0) || v != floor(v) || v > MO2C_MAX_ELEMS)
            return mo2c_fail(d, "invalid array size %.17g in %s", v, where_or_unknown(where));
        a->dim[k] = (int)v;
        n *= v;
    }
    if (n > MO2C_MAX_ELEMS)
        return mo2c_fail(d, "an array of %.17g elements is too large in %s", n, where_or_unknown(where));
    a->nd = nd;
    a->n = (int)n;
    return 0;
}

/* The elements of a temporary of a->n elements: doubles, or (str) Strings, all "" (NULL) */
static int tmp_of(mo2c_data *d, mo2c_arr *a, int str, const char *where)
{
    size_t bytes = (str ? sizeof(const char *) : sizeof(double)) * (size_t)(a->n > 0 ? a->n : 1);
    void *p = fstack_alloc(d, bytes);
    a->v = NULL;
    a->s = NULL;
    if (!p)
        return mo2c_fail(d, "out of memory for an array of %d elements in %s", a->n, where_or_unknown(where));
    memset(p, 0, bytes);
    if (str)
        a->s = p;
    else
        a->v = p;
    return 0;
}

/* A temporary with the sizes of dims (ints already valid), of Strings when str. */
static int tmp_int(mo2c_data *d, mo2c_arr *a, int nd, const int *dims, int str, const char *where)
{
    double v[MO2C_MAX_DIMS];
    for (int k = 0; k < nd && k < MO2C_MAX_DIMS; k++)
        v[k] = dims[k];
    return str ? mo2c_satmp(d, a, nd, v, where) : mo2c_atmp(d, a, nd, v, where);
}

/* n elements of src from si on into dst from di on (both of Strings, or both of numbers); a String is
 * borrowed, not copied (dst is a temporary) */
static void copy_elems(mo2c_arr *dst, long di, const mo2c_arr *src, long si, long n)
{
    if (n <= 0)
        return;
    if (dst->s)
        memcpy(dst->s + di, src->s + si, sizeof(const char *) * (size_t)n);
    else
        memcpy(dst->v + di, src->v + si, sizeof(double) * (size_t)n);
}

/* ---- making, assigning and freeing arrays ---- */

int mo2c_atmp(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where)
{
    a->v = NULL;
    a->s = NULL;
    if (mo2c_rt_set_dims(d, a, nd, dims, where) != 0)
        return -1;
    return tmp_of(d, a, 0, where);
}

int mo2c_satmp(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where)
{
    a->v = NULL;
    a->s = NULL;
    if (mo2c_rt_set_dims(d, a, nd, dims, where) != 0)
        return -1;
    return tmp_of(d, a, 1, where);
}

int mo2c_alike(mo2c_data *d, mo2c_arr *a, const mo2c_arr *shape, const char *where)
{
    return tmp_int(d, a, shape->nd, shape->dim, 0, where);
}

int mo2c_avar(mo2c_data *d, mo2c_arr *a, int nd, const double *dims, const char *where)
{
    mo2c_afree(a);
    if (mo2c_rt_set_dims(d, a, nd, dims, where) != 0)
        return -1;
    a->v = calloc((size_t)(a->n > 0 ? a->n : 1), sizeof(double));
    if (!a->v)
        return mo2c_fail(d, "out of memory for an array of %d elements in %s", a->n, where_or_unknown(where));
    return 0;
}

void mo2c_afree(mo2c_arr *a)
{
    free(a->v);
    mo2c_rt_free_strs(a->s, a->n);
    a->v = NULL;
    a->s = NULL;
    a->n = 0;
}

static int same_dims(const mo2c_arr *a, const mo2c_arr *b)
{
    if (a->nd != b->nd)
        return 0;
    for (int k = 0; k < a->nd; k++)
        if (a->dim[k] != b->dim[k])
            return 0;
    return 1;
}

int mo2c_asame(mo2c_data *d, const mo2c_arr *a, const mo2c_arr *b, const char *what, const char *where)
{
    if (same_dims(a, b))
        return 0;
    char sa[96], sb[96];
    return mo2c_fail(d, "%s: sizes %s and %s differ in %s", what, size_text(sa, sizeof sa, a),
                     size_text(sb, sizeof sb, b), where_or_unknown(where));
}

int mo2c_aassign(mo2c_data *d, mo2c_arr *dst, const mo2c_arr *src, int flexible, const char *where)
{
    if (src->s && (same_dims(dst, src) || flexible)) {   /* Strings: new copies first, then the old freed */
        char **c = mo2c_rt_str_copies(d, src->s, src->n, where);
        if (!c)
            return -1;
        mo2c_rt_free_strs(dst->s, dst->n);
        dst->s = (const char **)c;
        dst->n = src->n;
        dst->nd = src->nd;
        memcpy(dst->dim, src->dim, sizeof dst->dim);
        return 0;
    }
    if (same_dims(dst, src)) {
        if (dst->v != src->v)
            memmove(dst->v, src->v, sizeof(double) * (size_t)src->n);
        return 0;
    }
    if (!flexible) {
        char sa[96], sb[96];
        return mo2c_fail(d, "cannot assign an array of size %s to one of size %s in %s",
                         size_text(sa, sizeof sa, src), size_text(sb, sizeof sb, dst), where_or_unknown(where));
    }
    double *v = malloc(sizeof(double) * (size_t)(src->n > 0 ? src->n : 1));
    if (!v)
        return mo2c_fail(d, "out of memory for an array of %d elements in %s", src->n, where_or_unknown(where));
    memcpy(v, src->v, sizeof(double) * (size_t)src->n);
    free(dst->v);
    dst->v = v;
    dst->n = src->n;
    dst->nd = src->nd;
    memcpy(dst->dim, src->dim, sizeof dst->dim);
    return 0;
}

int mo2c_aout(mo2c_data *d, mo2c_arr *out, const mo2c_arr *src, const char *where)
{
    if (tmp_int(d, out, src->nd, src->dim, src->s != NULL, where) != 0)
        return -1;
    if (!src->s) {
        memcpy(out->v, src->v, sizeof(double) * (size_t)src->n);
        return 0;
    }
    for (int i = 0; i < src->n; i++)   /* each String onto the stack: src may be a variable about to be freed */
        if (mo2c_sout(d, &out->s[i], mo2c_str(src->s[i])) != 0)
            return -1;
    return 0;
}

int mo2c_acheck(mo2c_data *d, const mo2c_arr *a, int nd, const double *dims, const char *name, const char *where)
{
    mo2c_arr want = {0};
    if (mo2c_rt_set_dims(d, &want, nd, dims, where) != 0)
        return -1;
    if (same_dims(a, &want))
        return 0;
    char sa[96], sb[96];
    return mo2c_fail(d, "'%s' has size %s, not the declared %s, in %s", name, size_text(sa, sizeof sa, a),
                     size_text(sb, sizeof sb, &want), where_or_unknown(where));
}

/* ---- indices ---- */

long mo2c_ix_fail(mo2c_data *d, double i, int n, const char *where, int *ok)
{
    if (*ok)
        mo2c_fail(d, "index %.17g out of bounds 1..%d in %s", i, n, where_or_unknown(where));
    *ok = 0;
    return 0;
}

double mo2c_asize(mo2c_data *d, const mo2c_arr *a, double k, const char *where, int *ok)
{
    if (k >= 1 && k <= a->nd && k == floor(k))
        return a->dim[(int)k - 1];
    if (*ok)
        mo2c_fail(d, "size(A, %.17g) of an array with %d dimensions in %s", k, a->nd, where_or_unknown(where));
    *ok = 0;
    return 0;
}

/* The 0-based indices that subscripts take along dimension k of a (count in *n, index j with at(j)). */
typedef struct axis { int kind, n; long one; const mo2c_arr *vec; } axis;

static long axis_at(const axis *x, int j)
{
    return x->kind == MO2C_SUB_ONE ? x->one : x->kind == MO2C_SUB_ALL ? j : (long)x->vec->v[j] - 1;
}

static int make_axes(mo2c_data *d, const mo2c_arr *a, int ns, const mo2c_sub *s, axis *ax, const char *where)
{
    if (ns > a->nd)
        return mo2c_fail(d, "%d subscripts for an array with %d dimensions in %s", ns, a->nd, where_or_unknown(where));
    for (int k = 0; k < a->nd; k++) {
        axis *x = &ax[k];
        x->kind = k < ns ? s[k].kind : MO2C_SUB_ALL;
        x->vec = NULL;
        x->one = 0;
        if (x->kind == MO2C_SUB_ONE) {
            double i = s[k].i;
            if (!(i >= 1 && i <= a->dim[k] && i == floor(i)))
                return mo2c_fail(d, "index %.17g out of bounds 1..%d in %s", i, a->dim[k], where_or_unknown(where));
            x->one = (long)i - 1;
            x->n = 1;
        } else if (x->kind == MO2C_SUB_ALL) {
            x->n = a->dim[k];
        } else {
            x->vec = s[k].vec;
            if (x->vec->nd != 1)
                return mo2c_fail(d, "a subscript must be a vector in %s", where_or_unknown(where));
            x->n = x->vec->n;
            for (int j = 0; j < x->n; j++) {
                double i = x->vec->v[j];
                if (!(i >= 1 && i <= a->dim[k] && i == floor(i)))
                    return mo2c_fail(d, "index %.17g out of bounds 1..%d in %s", i, a->dim[k],
                                     where_or_unknown(where));
            }
        }
    }
    return 0;
}

/* Visit the elements that axes select, in row-major order: fn(offset in a, position in the selection). */
static void walk(const mo2c_arr *a, const axis *ax, double *sel, const char **ssel, int get)
{
    int nd = a->nd, pos[MO2C_MAX_DIMS] = {0};
    long stride[MO2C_MAX_DIMS];
    long total = 1;
    for (int k = nd - 1; k >= 0; k--) {
        stride[k] = k == nd - 1 ? 1 : stride[k + 1] * a->dim[k + 1];
        total *= ax[k].n;
    }
    for (long j = 0; j < total; j++) {
        long off = 0;
        for (int k = 0; k < nd; k++)
            off += axis_at(&ax[k], pos[k]) * stride[k];
        if (a->s && get) {
            ssel[j] = a->s[off];
        } else if (a->s) {   /* (ssel: the variable's new copies, which it now owns) */
            free((void *)(uintptr_t)a->s[off]);
            a->s[off] = ssel[j];
        } else if (get) {
            sel[j] = a->v[off];
        } else {
            a->v[off] = sel[j];
        }
        for (int k = nd - 1; k >= 0; k--) {   /* the odometer */
            if (++pos[k] < ax[k].n)
                break;
            pos[k] = 0;
        }
    }
}

int mo2c_aget(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, int ns, const mo2c_sub *s, const char *where)
{
    axis ax[MO2C_MAX_DIMS];
    if (make_axes(d, a, ns, s, ax, where) != 0)
        return -1;
    int dims[MO2C_MAX_DIMS], nd = 0;
    for (int k = 0; k < a->nd; k++)
        if (ax[k].kind != MO2C_SUB_ONE)
            dims[nd++] = ax[k].n;
    if (tmp_int(d, res, nd, dims, a->s != NULL, where) != 0)
        return -1;
    walk(a, ax, res->v, res->s, 1);
    return 0;
}

int mo2c_aset(mo2c_data *d, mo2c_arr *a, int ns, const mo2c_sub *s, const mo2c_arr *val, const char *where)
{
    axis ax[MO2C_MAX_DIMS];
    if (make_axes(d, a, ns, s, ax, where) != 0)
        return -1;
    mo2c_arr want = {0};
    for (int k = 0; k < a->nd; k++)
        if (ax[k].kind != MO2C_SUB_ONE)
            want.dim[want.nd++] = ax[k].n;
    if (!same_dims(&want, val)) {
        char sa[96], sb[96];
        return mo2c_fail(d, "cannot assign an array of size %s to a part of size %s in %s",
                         size_text(sa, sizeof sa, val), size_text(sb, sizeof sb, &want), where_or_unknown(where));
    }
    if (a->s) {   /* Strings: copies of all the values first (val may be part of a) */
        char **c = mo2c_rt_str_copies(d, val->s, val->n, where);
        if (!c)
            return -1;
        walk(a, ax, NULL, (const char **)c, 0);
        free(c);
        return 0;
    }
    const double *from = val->v;
    uintptr_t lo = (uintptr_t)a->v, hi = (uintptr_t)(a->v + (a->n > 0 ? a->n : 1)), p = (uintptr_t)val->v;
    if (p >= lo && p < hi) {   /* x[{3, 2, 1}] := x: read every value before writing any */
        mo2c_arr copy;
        if (mo2c_alike(d, &copy, val, where) != 0)
            return -1;
        memcpy(copy.v, val->v, sizeof(double) * (size_t)val->n);
        from = copy.v;
    }
    walk(a, ax, (double *)from, NULL, 0);
    return 0;
}

/* ---- Integer arrays of external functions ---- */

/* Room on the function stack for the n elements of size size of an external call's copy of an array
 * (at least one); NULL after mo2c_fail naming what they are ("Integers", "Reals") and where. */
static void *stack_elems(mo2c_data *d, int n, size_t size, const char *what, const char *where)
{
    void *v = fstack_alloc(d, size * (size_t)(n > 0 ? n : 1));
    if (!v)
        mo2c_fail(d, "out of memory for an array of %d %s in %s", n, what, where_or_unknown(where));
    return v;
}

int *mo2c_aints(mo2c_data *d, const mo2c_arr *a, const char *where)
{
    int *v = stack_elems(d, a->n, sizeof(int), "Integers", where);
    if (!v)
        return NULL;
    for (int i = 0; i < a->n; i++)
        v[i] = mo2c_cint(a->v[i]);
    return v;
}

void mo2c_aints_back(mo2c_arr *a, const int *v)
{
    for (int i = 0; i < a->n; i++)
        a->v[i] = v[i];
}

/* The column-major position of the row-major element i of a: the subscripts read from the last
 * dimension, weighed from the first. */
static int col_index(const mo2c_arr *a, int i)
{
    int c = 0, w = 1, sub[MO2C_MAX_DIMS];
    for (int k = a->nd - 1; k >= 0; k--) {
        sub[k] = i % a->dim[k];
        i /= a->dim[k];
    }
    for (int k = 0; k < a->nd; k++) {
        c += sub[k] * w;
        w *= a->dim[k];
    }
    return c;
}

double *mo2c_acols(mo2c_data *d, const mo2c_arr *a, const char *where)
{
    double *v = stack_elems(d, a->n, sizeof(double), "Reals", where);
    if (!v)
        return NULL;
    for (int i = 0; i < a->n; i++)
        v[col_index(a, i)] = a->v[i];
    return v;
}

double *mo2c_acopy(mo2c_data *d, const mo2c_arr *a, const char *where)
{
    double *v = stack_elems(d, a->n, sizeof(double), "Reals", where);
    if (!v)
        return NULL;
    if (a->n > 0)
        memcpy(v, a->v, sizeof(double) * (size_t)a->n);
    return v;
}

void mo2c_acols_back(mo2c_arr *a, const double *v)
{
    for (int i = 0; i < a->n; i++)
        a->v[i] = v[col_index(a, i)];
}

/* ---- products ---- */

int mo2c_amul(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, const mo2c_arr *b, int integer, const char *where)
{
    if (a->nd < 1 || a->nd > 2 || b->nd < 1 || b->nd > 2 || (a->nd == 1 && b->nd == 1) ||
        b->dim[0] != a->dim[a->nd - 1]) {
        char sa[96], sb[96];
        return mo2c_fail(d, "cannot multiply arrays of sizes %s and %s in %s", size_text(sa, sizeof sa, a),
                         size_text(sb, sizeof sb, b), where_or_unknown(where));
    }
    int n = a->nd == 2 ? a->dim[0] : 1, inner = a->dim[a->nd - 1];
    int m = b->nd == 2 ? b->dim[1] : 1;
    int dims[2], nd = 0;
    if (a->nd == 2)
        dims[nd++] = n;
    if (b->nd == 2)
        dims[nd++] = m;
    if (tmp_int(d, res, nd, dims, 0, where) != 0)
        return -1;
    int ok = 1;
    for (int i = 0; i < n && ok; i++)
        for (int j = 0; j < m && ok; j++) {
            double s = 0;
            for (int k = 0; k < inner && ok; k++) {
                double x = a->v[(long)i * inner + k], y = b->v[(long)k * m + j];
                s = integer ? mo2c_iop(d, s, mo2c_iop(d, x, y, '*', where, &ok), '+', where, &ok) : s + x * y;
            }
            res->v[(long)i * m + j] = s;
        }
    return ok ? 0 : -1;
}

double mo2c_adot(mo2c_data *d, const mo2c_arr *a, const mo2c_arr *b, int integer, const char *where, int *ok)
{
    if (a->nd != 1 || b->nd != 1 || a->n != b->n) {
        if (*ok) {
            char sa[96], sb[96];
            mo2c_fail(d, "cannot multiply vectors of sizes %s and %s in %s", size_text(sa, sizeof sa, a),
                      size_text(sb, sizeof sb, b), where_or_unknown(where));
        }
        *ok = 0;
        return 0;
    }
    double s = 0;
    for (int i = 0; i < a->n && *ok; i++)
        s = integer ? mo2c_iop(d, s, mo2c_iop(d, a->v[i], b->v[i], '*', where, ok), '+', where, ok)
                    : s + a->v[i] * b->v[i];
    return s;
}

/* ---- reductions ---- */

double mo2c_areduce(const mo2c_arr *a, int op)
{
    double r = op == MO2C_RED_PRODUCT ? 1 : op == MO2C_RED_MIN ? DBL_MAX : op == MO2C_RED_MAX ? -DBL_MAX : 0;
    for (int i = 0; i < a->n; i++) {
        double v = a->v[i];
        switch (op) {
        case MO2C_RED_SUM: r += v; break;
        case MO2C_RED_PRODUCT: r *= v; break;
        case MO2C_RED_MIN: r = v < r ? v : r; break;
        default: r = v > r ? v : r; break;
        }
    }
    return r;
}

double mo2c_areduce_int(mo2c_data *d, const mo2c_arr *a, int op, const char *where, int *ok)
{
    if (op != MO2C_RED_SUM && op != MO2C_RED_PRODUCT)
        return mo2c_areduce(a, op);
    double r = op == MO2C_RED_PRODUCT;
    for (int i = 0; i < a->n && *ok; i++)
        r = mo2c_iop(d, r, a->v[i], op == MO2C_RED_SUM ? '+' : '*', where, ok);
    return r;
}

/* ---- constructors and rearrangements ---- */

int mo2c_arange(mo2c_data *d, mo2c_arr *res, double lo, double step, double hi, const char *where)
{
    if (step == 0 || !isfinite(lo) || !isfinite(step) || !isfinite(hi))
        return mo2c_fail(d, "invalid range %.17g:%.17g:%.17g in %s", lo, step, hi, where_or_unknown(where));
    double cnt = floor((hi - lo) / step + 1e-9) + 1;
    if (cnt < 0)
        cnt = 0;
    if (mo2c_atmp(d, res, 1, &cnt, where) != 0)
        return -1;
    for (int i = 0; i < res->n; i++)
        res->v[i] = lo + i * step;
    return 0;
}

int mo2c_acat(mo2c_data *d, mo2c_arr *res, double kdim, int n, const mo2c_arr *const *parts, const char *where)
{
    if (n < 1)
        return mo2c_fail(d, "cat of no arrays in %s", where_or_unknown(where));
    const mo2c_arr *p0 = parts[0];
    if (!(kdim >= 1 && kdim <= p0->nd && kdim == floor(kdim)))
        return mo2c_fail(d, "cat along dimension %.17g of arrays with %d dimensions in %s", kdim, p0->nd,
                         where_or_unknown(where));
    int dim = (int)kdim, k = dim - 1, dims[MO2C_MAX_DIMS];
    memcpy(dims, p0->dim, sizeof dims);
    dims[k] = 0;
    for (int i = 0; i < n; i++) {
        const mo2c_arr *p = parts[i];
        int ok = p->nd == p0->nd;
        for (int j = 0; ok && j < p->nd; j++)
            ok = j == k || p->dim[j] == p0->dim[j];
        if (!ok) {
            char sa[96], sb[96];
            return mo2c_fail(d, "cat along dimension %d of arrays of sizes %s and %s in %s", dim,
                             size_text(sa, sizeof sa, p0), size_text(sb, sizeof sb, p), where_or_unknown(where));
        }
        if ((double)dims[k] + p->dim[k] > MO2C_MAX_ELEMS)
            return mo2c_fail(d, "cat makes too large an array in %s", where_or_unknown(where));
        dims[k] += p->dim[k];
    }
    for (int i = 1; i < n; i++)
        if ((parts[i]->s != NULL) != (p0->s != NULL))
            return mo2c_fail(d, "cat of Strings and numbers in %s", where_or_unknown(where));
    if (tmp_int(d, res, p0->nd, dims, p0->s != NULL, where) != 0)
        return -1;
    long outer = 1, inner = 1;
    for (int j = 0; j < k; j++)
        outer *= dims[j];
    for (int j = k + 1; j < p0->nd; j++)
        inner *= dims[j];
    long w = 0;
    for (long o = 0; o < outer; o++)
        for (int i = 0; i < n; i++) {
            long len = (long)parts[i]->dim[k] * inner;
            copy_elems(res, w, parts[i], o * len, len);
            w += len;
        }
    return 0;
}

int mo2c_astack(mo2c_data *d, mo2c_arr *res, int n, const mo2c_arr *const *parts, const char *where)
{
    if (n < 1)
        return mo2c_fail(d, "an array of no arrays in %s", where_or_unknown(where));
    const mo2c_arr *p0 = parts[0];
    if (p0->nd + 1 > MO2C_MAX_DIMS)
        return mo2c_fail(d, "an array of more than %d dimensions in %s", MO2C_MAX_DIMS, where_or_unknown(where));
    for (int i = 1; i < n; i++)
        if (mo2c_asame(d, p0, parts[i], "the elements of an array", where) != 0)
            return -1;
    int dims[MO2C_MAX_DIMS];
    dims[0] = n;
    memcpy(dims + 1, p0->dim, sizeof(int) * (size_t)p0->nd);
    if ((double)n * p0->n > MO2C_MAX_ELEMS)
        return mo2c_fail(d, "an array of %.17g elements is too large in %s", (double)n * p0->n, where_or_unknown(where));
    for (int i = 1; i < n; i++)
        if ((parts[i]->s != NULL) != (p0->s != NULL))
            return mo2c_fail(d, "an array of Strings and numbers in %s", where_or_unknown(where));
    if (tmp_int(d, res, p0->nd + 1, dims, p0->s != NULL, where) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        copy_elems(res, (long)i * p0->n, parts[i], 0, p0->n);
    return 0;
}

void mo2c_apromote(mo2c_arr *a, int nd)
{
    while (a->nd < nd && a->nd < MO2C_MAX_DIMS)
        a->dim[a->nd++] = 1;
}

int mo2c_afill(mo2c_data *d, mo2c_arr *res, const mo2c_arr *s, int nd, const double *dims, const char *where)
{
    double all[MO2C_MAX_DIMS];
    if (nd + s->nd > MO2C_MAX_DIMS)
        return mo2c_fail(d, "fill makes an array of more than %d dimensions in %s", MO2C_MAX_DIMS,
                         where_or_unknown(where));
    for (int k = 0; k < nd; k++)
        all[k] = dims[k];
    for (int k = 0; k < s->nd; k++)
        all[nd + k] = s->dim[k];
    if ((s->s ? mo2c_satmp : mo2c_atmp)(d, res, nd + s->nd, all, where) != 0)
        return -1;
    int m = s->n > 0 ? s->n : 1;
    for (int i = 0; i < res->n && s->n > 0; i++)
        copy_elems(res, i, s, i % m, 1);
    return 0;
}

int mo2c_atranspose(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, const char *where)
{
    if (a->nd < 2)
        return mo2c_fail(d, "transpose of an array with %d dimension%s in %s", a->nd, a->nd == 1 ? "" : "s",
                         where_or_unknown(where));
    int dims[MO2C_MAX_DIMS];
    memcpy(dims, a->dim, sizeof dims);
    dims[0] = a->dim[1];
    dims[1] = a->dim[0];
    if (tmp_int(d, res, a->nd, dims, a->s != NULL, where) != 0)
        return -1;
    long inner = a->n / ((long)a->dim[0] * a->dim[1] > 0 ? (long)a->dim[0] * a->dim[1] : 1);
    for (int i = 0; i < a->dim[0]; i++)
        for (int j = 0; j < a->dim[1]; j++)
            copy_elems(res, ((long)j * a->dim[0] + i) * inner, a, ((long)i * a->dim[1] + j) * inner, inner);
    return 0;
}

int mo2c_aidentity(mo2c_data *d, mo2c_arr *res, double n, const char *where)
{
    double dims[2] = {n, n};
    if (mo2c_atmp(d, res, 2, dims, where) != 0)
        return -1;
    for (int i = 0; i < res->dim[0]; i++)
        res->v[(long)i * res->dim[0] + i] = 1;
    return 0;
}

int mo2c_adiagonal(mo2c_data *d, mo2c_arr *res, const mo2c_arr *v, const char *where)
{
    double dims[2] = {v->n, v->n};
    if (mo2c_atmp(d, res, 2, dims, where) != 0)
        return -1;
    for (int i = 0; i < v->n; i++)
        res->v[(long)i * v->n + i] = v->v[i];
    return 0;
}

int mo2c_alinspace(mo2c_data *d, mo2c_arr *res, double x1, double x2, double n, const char *where)
{
    if (!(n >= 2))
        return mo2c_fail(d, "linspace needs n >= 2, not %.17g, in %s", n, where_or_unknown(where));
    if (mo2c_atmp(d, res, 1, &n, where) != 0)
        return -1;
    for (int i = 0; i < res->n; i++)
        res->v[i] = x1 + (x2 - x1) * i / (res->n - 1);
    return 0;
}

int mo2c_aouter(mo2c_data *d, mo2c_arr *res, const mo2c_arr *u, const mo2c_arr *v, const char *where)
{
    double dims[2] = {u->n, v->n};
    if (mo2c_atmp(d, res, 2, dims, where) != 0)
        return -1;
    for (int i = 0; i < u->n; i++)
        for (int j = 0; j < v->n; j++)
            res->v[(long)i * v->n + j] = u->v[i] * v->v[j];
    return 0;
}

int mo2c_across(mo2c_data *d, mo2c_arr *res, const mo2c_arr *x, const mo2c_arr *y, const char *where)
{
    double three = 3;
    if (x->nd != 1 || y->nd != 1 || x->n != 3 || y->n != 3)
        return mo2c_fail(d, "cross needs two vectors of 3 elements in %s", where_or_unknown(where));
    if (mo2c_atmp(d, res, 1, &three, where) != 0)
        return -1;
    const double *a = x->v, *b = y->v;
    res->v[0] = a[1] * b[2] - a[2] * b[1];
    res->v[1] = a[2] * b[0] - a[0] * b[2];
    res->v[2] = a[0] * b[1] - a[1] * b[0];
    return 0;
}

int mo2c_askew(mo2c_data *d, mo2c_arr *res, const mo2c_arr *x, const char *where)
{
    double dims[2] = {3, 3};
    if (x->nd != 1 || x->n != 3)
        return mo2c_fail(d, "skew needs a vector of 3 elements in %s", where_or_unknown(where));
    if (mo2c_atmp(d, res, 2, dims, where) != 0)
        return -1;
    const double *a = x->v;
    double *r = res->v;
    r[1] = -a[2];
    r[2] = a[1];
    r[3] = a[2];
    r[5] = -a[0];
    r[6] = -a[1];
    r[7] = a[0];
    return 0;
}

int mo2c_asymmetric(mo2c_data *d, mo2c_arr *res, const mo2c_arr *a, const char *where)
{
    if (a->nd != 2 || a->dim[0] != a->dim[1])
        return mo2c_fail(d, "symmetric needs a square matrix in %s", where_or_unknown(where));
    if (mo2c_alike(d, res, a, where) != 0)
        return -1;
    int n = a->dim[0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            res->v[(long)i * n + j] = i <= j ? a->v[(long)i * n + j] : a->v[(long)j * n + i];
    return 0;
}

int mo2c_areshape(mo2c_data *d, mo2c_arr *a, int nd, const char *where)
{
    /* vector(A): every dimension but one of size 1; matrix(A): dimensions after the second of size 1;
     * scalar(A): all of size 1. nd is the rank wanted (0, 1 or 2); the data stays where it is. */
    int big = 0;
    for (int k = 0; k < a->nd; k++)
        big += a->dim[k] != 1;
    if (nd == 0 && a->n != 1)
        return mo2c_fail(d, "scalar of an array with %d elements in %s", a->n, where_or_unknown(where));
    if (nd == 1 && big > 1)
        return mo2c_fail(d, "vector of an array with more than one dimension of size other than 1 in %s",
                         where_or_unknown(where));
    if (nd == 2)
        for (int k = 2; k < a->nd; k++)
            if (a->dim[k] != 1)
                return mo2c_fail(d, "matrix of an array whose dimension %d has size %d in %s", k + 1, a->dim[k],
                                 where_or_unknown(where));
    int dims[2] = {a->nd > 0 ? a->dim[0] : 1, a->nd > 1 ? a->dim[1] : 1};
    if (nd == 1)
        dims[0] = a->n;
    a->nd = nd;
    for (int k = 0; k < nd; k++)
        a->dim[k] = dims[k];
    return 0;
}
