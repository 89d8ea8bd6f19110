/*
 * external.c - calls of external C functions, and the utility functions of ModelicaUtilities.h they may
 * call back (specification 12.9.6).
 *
 * A generated function calls an external function through mo2c_ext_call, which remembers the simulation
 * and a jump target for the time of the call: ModelicaError and its kin do not return to the external
 * code (the specification says so) but end the call, which then fails with the message, and the
 * generated function frees what it holds on its usual way out. The external API passes no context, so
 * the call under way is a thread-local variable (the one state of the runtime kept outside mo2c_data;
 * calls nest, each restores the one before).
 *
 * External objects (12.9.7): what a constructor returns is kept in d->extobjs, the model holds its
 * handle (1, 2, ... as a Real-valued Integer: mo2c_eo_add), functions get the pointer back through
 * mo2c_eo_get, which refuses anything that is no handle; mo2c_data_free calls each destructor once. The
 * objects of a function's protected variables are destroyed when the call returns (mo2c_eo_drop).
 *
 * Messages go to stdout; warnings to stderr, each text once per simulation (a table's extrapolation
 * warning would otherwise come at every step); errors into d->error. Strings an external function
 * allocates live on the function stack (fnarray.c) until the statement that made the call ends.
 */
#include "rt_internal.h"
#include "ModelicaUtilities.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct ext_call {
    mo2c_data *d;
    const char *fn;           /* the Modelica function, for messages */
    jmp_buf jb;
    struct ext_call *prev;
} ext_call;

static _Thread_local ext_call *cur;

int mo2c_ext_call(mo2c_data *d, const char *fn, void (*thunk)(void *), void *args)
{
    ext_call c;
    c.d = d;
    c.fn = fn;
    c.prev = cur;
    cur = &c;
    if (setjmp(c.jb)) {   /* ModelicaError: the message is in d->error */
        cur = c.prev;
        return -1;
    }
    thunk(args);
    cur = c.prev;
    return 0;
}

/* ---- external objects ---- */

typedef struct extobj { void *p; void (*destroy)(void *); } extobj;
typedef struct extobjs { extobj *v; int n, cap; } extobjs;

double mo2c_eo_add(mo2c_data *d, void *p, void (*destroy)(void *), const char *where)
{
    if (!p) {
        mo2c_fail(d, "the constructor of an external object returned NULL in %s", where ? where : "(unknown)");
        return 0;
    }
    extobjs *l = d->extobjs;
    if (!l && !(l = d->extobjs = calloc(1, sizeof *l))) {
        if (destroy)
            mo2c_ext_call(d, "destructor", destroy, p);
        mo2c_fail(d, "out of memory for an external object in %s", where ? where : "(unknown)");
        return 0;
    }
    if (l->n == l->cap) {
        int nc = l->cap ? 2 * l->cap : 8;
        extobj *v = nc > 0 ? realloc(l->v, sizeof *v * (size_t)nc) : NULL;
        if (!v) {
            if (destroy)
                mo2c_ext_call(d, "destructor", destroy, p);
            mo2c_fail(d, "out of memory for an external object in %s", where ? where : "(unknown)");
            return 0;
        }
        l->v = v;
        l->cap = nc;
    }
    l->v[l->n].p = p;
    l->v[l->n].destroy = destroy;
    return ++l->n;
}

void *mo2c_eo_get(mo2c_data *d, double h, const char *where)
{
    const extobjs *l = d->extobjs;
    if (!l || !(h >= 1 && h <= l->n && h == (int)h)) {
        mo2c_fail(d, "%s: no external object (%s; was its constructor called?)", where ? where : "(unknown)",
                  h == 0 ? "handle 0" : "not a handle its constructor returned");
        return NULL;
    }
    if (!l->v[(int)h - 1].p) {
        mo2c_fail(d, "%s: the external object was destroyed already", where ? where : "(unknown)");
        return NULL;
    }
    return l->v[(int)h - 1].p;
}

int mo2c_eo_drop(mo2c_data *d, double h)
{
    extobjs *l = d->extobjs;
    if (!l || !(h >= 1 && h <= l->n && h == (int)h) || !l->v[(int)h - 1].p)
        return 0;
    extobj o = l->v[(int)h - 1];
    l->v[(int)h - 1].p = NULL;
    l->v[(int)h - 1].destroy = NULL;
    while (l->n > 0 && !l->v[l->n - 1].p)   /* calls nest: their objects go last in, first out */
        l->n--;
    return o.destroy ? mo2c_ext_call(d, "destructor", o.destroy, o.p) : 0;
}

void mo2c_rt_extobjs_free(mo2c_data *d)
{
    extobjs *l = d->extobjs;
    if (!l)
        return;
    for (int i = l->n - 1; i >= 0; i--)
        if (l->v[i].destroy)
            mo2c_ext_call(d, "destructor", l->v[i].destroy, l->v[i].p);
    free(l->v);
    free(l);
    d->extobjs = NULL;
}

/* ---- messages ---- */

void ModelicaVFormatMessage(const char *string, va_list args)
{
    vprintf(string, args);
    fflush(stdout);
}

void ModelicaFormatMessage(const char *string, ...)
{
    va_list ap;
    va_start(ap, string);
    ModelicaVFormatMessage(string, ap);
    va_end(ap);
}

void ModelicaMessage(const char *string)
{
    ModelicaFormatMessage("%s", string);
}

void ModelicaVFormatWarning(const char *string, va_list args)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, string, args);
    if (!cur) {
        fprintf(stderr, "warning: %s\n", msg);
        return;
    }
    uint64_t h = 1469598103934665603ULL;   /* FNV-1a: each text once */
    for (const char *p = msg; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    if (mo2c_rt_once(cur->d, h))
        fprintf(stderr, "warning: at time %.16g: %s (in external function %s)\n", cur->d->time, msg, cur->fn);
}

void ModelicaFormatWarning(const char *string, ...)
{
    va_list ap;
    va_start(ap, string);
    ModelicaVFormatWarning(string, ap);
    va_end(ap);
}

void ModelicaWarning(const char *string)
{
    ModelicaFormatWarning("%s", string);
}

void ModelicaVFormatError(const char *string, va_list args)
{
    char msg[900];
    vsnprintf(msg, sizeof msg, string, args);
    if (!cur) {   /* not inside a call: nothing to return to */
        fprintf(stderr, "error: %s\n", msg);
        exit(1);
    }
    mo2c_fail(cur->d, "%s (in external function %s)", msg, cur->fn);
    longjmp(cur->jb, 1);
}

void ModelicaFormatError(const char *string, ...)
{
    va_list ap;
    va_start(ap, string);
    ModelicaVFormatError(string, ap);
    va_end(ap);
}

void ModelicaError(const char *string)
{
    ModelicaFormatError("%s", string);
}

/* ---- Strings ---- */

char *ModelicaAllocateStringWithErrorReturn(size_t len)
{
    char *s = len == (size_t)-1 ? NULL : cur ? mo2c_rt_fstack_bytes(cur->d, len + 1) : malloc(len + 1);
    if (s)
        s[len] = '\0';
    return s;
}

char *ModelicaAllocateString(size_t len)
{
    char *s = ModelicaAllocateStringWithErrorReturn(len);
    if (!s)
        ModelicaFormatError("out of memory allocating a String of %zu characters", len);
    return s;
}

char *ModelicaDuplicateStringWithErrorReturn(const char *str)
{
    size_t n = strlen(str);
    char *s = ModelicaAllocateStringWithErrorReturn(n);
    if (s)
        memcpy(s, str, n);
    return s;
}

char *ModelicaDuplicateString(const char *str)
{
    char *s = ModelicaDuplicateStringWithErrorReturn(str);
    if (!s)
        ModelicaError("out of memory duplicating a String");
    return s;
}

/* ---- for the Modelica Standard Library's C sources ----
 * build.c compiles them with -Dtmpnam=mo2c_msl_tmpnam -Dmktemp=mo2c_msl_mktemp: glibc's tmpnam and
 * mktemp make the linker warn on every simulator. The same contracts: a name no file has at the time of
 * the call (made by mkstemp, whose file is removed again); tmpnam's in s when given, else in a static
 * buffer; mktemp's in its template (an empty string when none can be made). */
char *mo2c_msl_mktemp(char *tmpl);
char *mo2c_msl_mktemp(char *tmpl)
{
    int fd = mkstemp(tmpl);
    if (fd < 0) {
        tmpl[0] = '\0';
        return tmpl;
    }
    close(fd);
    unlink(tmpl);
    return tmpl;
}

char *mo2c_msl_tmpnam(char *s);
char *mo2c_msl_tmpnam(char *s)
{
    static char buf[64];
    char name[] = "/tmp/mo2c-XXXXXX";
    int fd = mkstemp(name);
    if (fd < 0)
        return NULL;
    close(fd);
    unlink(name);
    char *out = s ? s : buf;
    memcpy(out, name, sizeof name);
    return out;
}
