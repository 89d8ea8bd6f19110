/*
 * fnknown.c - calls of a few functions of the Modelica Standard Library evaluated when the model is
 * compiled, where a String must be known then (str.h: String parameters and constants are literals).
 *
 * Input: a call resolved to its function class (funcall.c), in a model or a function. Output: the
 * value as a literal, or false: the call stays a call of the library's function.
 *   loadResource(uri) of Modelica.Utilities.Files and ModelicaServices.ExternalReferences (whose
 *     implementation the MSL leaves to the tool): the absolute path of the file a modelica:// URI names
 *     on the library path (a resource that does not exist is an error at the URI), or of a local file
 *     name from where mo2c runs; in models and functions, when the argument is a known String.
 *   Modelica.Utilities.Strings.substring(string, startIndex, endIndex) and length(string): in models,
 *     with the meaning the MSL documents (its C code's checks are errors at the call), as the MSL's
 *     machines need them: constant String C1 = substring(VectorGroup, 1, 1).
 */
#include "func.h"
#include "str.h"

#include <string.h>
#include <unistd.h>

/* The argument of e for input k (0-based) named name, positional or named; NULL when not given. */
static const mo_expr *arg_of(const mo_expr *e, int k, const char *name)
{
    if (k < e->n)
        return e->a[k];
    for (int i = 0; i < e->nnamed; i++)
        if (!strcmp(e->named[i].name, name))
            return e->named[i].value;
    return NULL;
}

/* A String argument known now (a literal in a function; a known value in a model), else NULL. *err
 * after an error. */
static const char *known_string(mo_fctx *c, const mo_expr *arg, bool *err)
{
    c->fr->str_arg += !c->fn;   /* (one built at run time is not known: the call runs then) */
    mo_expr *a = mo_fctx_expr(c, arg);
    c->fr->str_arg -= !c->fn;
    if (!a) {
        *err = true;
        return NULL;
    }
    return c->fn ? (a->kind == MO_EX_STRING ? a->str : NULL) : mo_str_value(c->fr->flat, a);
}

static bool load_resource(mo_fctx *c, const mo_expr *e, mo_expr **out)
{
    const mo_expr *arg = arg_of(e, 0, "uri");
    if (!arg || e->n + e->nnamed != 1)
        return false;   /* the function's own checks report it */
    bool err = false;
    const char *uri = known_string(c, arg, &err);
    if (err)
        return true;
    if (!uri)
        return false;   /* known only at run time: the function (its fullPathName) */
    const char *path = mo_func_resolve_uri(uri, c->owner, arg->loc);
    if (!path)
        return true;
    const char *found = mo_func_existing_path(path);
    if (path != uri && strncmp(uri, "file://", 7) && !found) {   /* modelica://: in a library */
        mo_error(arg->loc, "the resource '%s' does not exist (looked for '%s')", uri, path);
        return true;
    }
    if (path[0] != '/') {   /* a local file name: from where mo2c runs, as fullPathName would */
        char cwd[4096];
        if (found)
            path = found;
        else if (getcwd(cwd, sizeof cwd))
            path = mo_sprintf("%s/%s", cwd, path);
    }
    *out = mo_expr_string(e->loc, mo_intern_cstr(path));
    return true;
}

/* An Integer argument known now (model context), in *v; false when not known. *err after an error. */
static bool known_int(mo_fctx *c, const mo_expr *arg, long long *v, bool *err)
{
    mo_expr *a = mo_fctx_expr(c, arg);
    double d;
    if (!a) {
        *err = true;
        return false;
    }
    if (!mo_eval_flat(c->fr->flat, a, &d) || d != (double)(long long)d)
        return false;
    *v = (long long)d;
    return true;
}

static bool substring(mo_fctx *c, const mo_expr *e, mo_expr **out)
{
    const mo_expr *as = arg_of(e, 0, "string"), *ai = arg_of(e, 1, "startIndex"), *aj = arg_of(e, 2, "endIndex");
    if (!as || !ai || !aj || e->n + e->nnamed != 3)
        return false;
    bool err = false;
    long long i, j;
    const char *s = known_string(c, as, &err);
    if (err || !s)
        return err;
    if (!known_int(c, ai, &i, &err) || !known_int(c, aj, &j, &err))
        return err;
    long long n = (long long)strlen(s);
    if (j == -999)   /* as the MSL's C code: one character */
        j = i;
    if (i < 1 || j < i || j > n) {
        mo_error(e->loc, "Modelica.Utilities.Strings.substring of \"%s\" (length %lld) from %lld to %lld: %s", s, n,
                 i, j, i < 1 ? "startIndex must be at least 1" : j < i ? "endIndex must be at least startIndex"
                                                                       : "endIndex is beyond the end");
        return true;
    }
    *out = mo_expr_string(e->loc, mo_intern_cstr(mo_sprintf("%.*s", (int)(j - i + 1), s + i - 1)));
    return true;
}

static bool length(mo_fctx *c, const mo_expr *e, mo_expr **out)
{
    const mo_expr *as = arg_of(e, 0, "string");
    if (!as || e->n + e->nnamed != 1)
        return false;
    bool err = false;
    const char *s = known_string(c, as, &err);
    if (err || !s)
        return err;
    *out = mo_expr_int(e->loc, (long long)strlen(s));
    return true;
}

bool mo_func_known_call(mo_fctx *c, const mo_expr *e, const mo_class *cls, mo_expr **out)
{
    *out = NULL;
    if (!cls->parent || (strcmp(cls->name, "loadResource") && strcmp(cls->name, "substring") &&
                         strcmp(cls->name, "length")))
        return false;   /* the common case, without building the full name */
    const char *n = mo_class_full_name(cls);
    if (!strcmp(n, "Modelica.Utilities.Files.loadResource") ||
        !strcmp(n, "ModelicaServices.ExternalReferences.loadResource"))
        return load_resource(c, e, out);
    if (c->fn)   /* in a function, the others run */
        return false;
    if (!strcmp(n, "Modelica.Utilities.Strings.substring"))
        return substring(c, e, out);
    if (!strcmp(n, "Modelica.Utilities.Strings.length"))
        return length(c, e, out);
    return false;
}
