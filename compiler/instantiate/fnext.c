/*
 * fnext.c - external functions (specification 12.9): the C call of a function class with an external
 * clause, and what compiling and linking it needs.
 *
 * Input: a function class whose slots functions.c has declared, and its external clause: the language,
 * the call (explicit, [out =] name(args), or the default one: the inputs, then the outputs, each array
 * followed by its sizes, the only output, when scalar, as the value), and the annotations Include,
 * Library, IncludeDirectory, LibraryDirectory (on the clause, else on the class). Output: mo_func.ext.
 *
 * modelica://Pkg/Res (and modelica:/Pkg/Res) name a resource of the top-level package Pkg on the library
 * path: Pkg's directory (of its package.mo, or holding Pkg.mo), then Res. The default directories are
 * modelica://Top/Resources/Include and .../Library of the function's top-level package, when they exist;
 * a library directory's platform directory (linux64) comes first.
 * The libraries of the Modelica Standard Library (ModelicaExternalC, ModelicaIO, ModelicaMatIO,
 * ModelicaStandardTables, zlib) are built from their C sources (build.c caches them), found in an
 * include directory of the function or in Resources/C-Sources of its top-level package or of Modelica.
 *
 * External objects (12.9.7): a slot of a class extending ExternalObject is the runtime's handle of the C
 * object (an Integer; C type void *); a constructor returns it as the value of its call, and gets its
 * class's destructor (an external function of the object alone), which the runtime calls at the end.
 *
 * Checks: the arguments of an explicit call are slots of the function (record fields and subscripts are
 * not supported yet), size(slot, k) with a literal k, or constants; the value goes to an output; the C
 * name is a C identifier that names none of the generated file's own identifiers.
 */
#define _DEFAULT_SOURCE /* realpath */
#include "func.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* The libraries of the Modelica Standard Library built from sources, each known by a file of its. */
static const char *const msl_libs[][2] = {
    {"ModelicaExternalC", "ModelicaInternal.c"}, {"ModelicaIO", "ModelicaIO.c"},
    {"ModelicaMatIO", "ModelicaMatIO.c"}, {"ModelicaStandardTables", "ModelicaStandardTables.c"},
    {"zlib", "zlib/inflate.c"},
};

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* path made absolute (the C compiler may run elsewhere; the header shows where it was). */
static const char *absolute(const char *path)
{
    char *r = realpath(path, NULL);
    const char *out = r ? mo_strdup(r) : path;
    free(r);
    return out;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

const char *mo_func_existing_path(const char *path)
{
    return is_file(path) || is_dir(path) ? absolute(path) : NULL;
}

static mo_class *top_of(const mo_class *c)
{
    while (c->parent)
        c = c->parent;
    return (mo_class *)c;
}

/* The directory of top-level package top: of its package.mo, or the one holding its file. */
static const char *package_dir(const mo_class *top)
{
    const char *path = top->loc.file ? top->loc.file->path : NULL;
    if (!path)
        return NULL;
    const char *slash = strrchr(path, '/');
    return slash ? mo_sprintf("%.*s", (int)(slash - path), path) : ".";
}

const char *mo_func_resolve_uri(const char *uri, const mo_class *fn, mo_loc loc)
{
    const char *p = NULL;
    if (!strncmp(uri, "modelica://", 11))
        p = uri + 11;
    else if (!strncmp(uri, "modelica:/", 10))
        p = uri + 10;
    else if (!strncmp(uri, "Modelica://", 11))
        p = uri + 11;
    else if (!strncmp(uri, "file://", 7))
        return uri + 7;
    else
        return uri;
    const char *slash = strchr(p, '/');
    const char *pkg = slash ? mo_sprintf("%.*s", (int)(slash - p), p) : p;
    const char *dot = strchr(pkg, '.');
    const char *topname = mo_intern_cstr(dot ? mo_sprintf("%.*s", (int)(dot - pkg), pkg) : pkg);
    mo_class *top = fn ? top_of(fn) : NULL;
    if (!top || top->name != topname)
        top = mo_load_top(topname);
    const char *dir = top ? package_dir(top) : NULL;
    if (!dir) {
        mo_error(loc, "cannot resolve '%s': no package '%s' on the library path", uri, topname);
        return NULL;
    }
    mo_buf b = {0};
    mo_buf_puts(&b, dir);
    for (const char *q = dot; q && *q == '.';) {   /* A.B.C: the directories B/C */
        const char *e = strchr(q + 1, '.');
        mo_buf_printf(&b, "/%.*s", e ? (int)(e - q - 1) : (int)strlen(q + 1), q + 1);
        q = e;
    }
    if (slash)
        mo_buf_puts(&b, slash);
    return mo_buf_str(&b);
}

/* The strings an annotation argument gives: "s" or {"s", "t"} (false after an error). */
static bool strings_of(const mo_expr *v, const char *name, mo_str_vec *out)
{
    if (v->kind == MO_EX_STRING) {
        MO_PUSH(*out, v->str);
        return true;
    }
    if (v->kind == MO_EX_ARRAY && !v->niters) {
        for (int i = 0; i < v->n; i++)
            if (!strings_of(v->a[i], name, out))
                return false;
        return true;
    }
    mo_error(v->loc, "the %s annotation must be a String literal or an array of them", name);
    return false;
}

/* Can text go into a line of the generated file's header comment (build.c reads it back)? Directory
 * names: no control characters and no comment end; library names: letters, digits, _ . + - only. */
static bool header_safe(const char *text, bool library, mo_loc loc)
{
    bool ok = *text && !strstr(text, "*/");
    for (const char *p = text; ok && *p; p++)
        ok = library ? (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                       strchr("_.+-", *p) : (unsigned char)*p >= 0x20 && *p != 0x7f;
    if (!ok)
        mo_error(loc, "not supported yet: the %s '%s' (%s)", library ? "library name" : "directory", text,
                 library ? "letters, digits and _ . + - only" : "no control characters or '*/'");
    return ok;
}

/* The annotation arguments that say how to compile and link, from ann. */
static bool read_annotation(const mo_mod *ann, mo_fext *x, mo_str_vec *incdirs,
                            mo_str_vec *libdirs, bool *any)
{
    for (int i = 0; ann && i < ann->nargs; i++) {
        const mo_arg *a = &ann->args[i];
        if (a->kind != MO_ARG_MOD || a->name.n != 1 || !a->mod || !a->mod->binding)
            continue;
        const char *n = a->name.ids[0];
        const mo_expr *v = a->mod->binding;
        bool ok = true;
        if (!strcmp(n, "Include"))
            ok = strings_of(v, n, &x->includes);
        else if (!strcmp(n, "Library"))
            ok = strings_of(v, n, &x->libs);
        else if (!strcmp(n, "IncludeDirectory"))
            ok = strings_of(v, n, incdirs);
        else if (!strcmp(n, "LibraryDirectory"))
            ok = strings_of(v, n, libdirs);
        else
            continue;
        if (!ok)
            return false;
        for (int k = 0; !strcmp(n, "Library") && k < x->libs.n; k++) {
            if (!header_safe(x->libs.v[k], true, v->loc))
                return false;
            /* the system's LAPACK and BLAS, however a library spells them (the compliance suite: "Lapack") */
            if (!strcasecmp(x->libs.v[k], "lapack") || !strcasecmp(x->libs.v[k], "blas"))
                x->libs.v[k] = strcasecmp(x->libs.v[k], "lapack") ? "blas" : "lapack";
        }
        *any = true;
    }
    return true;
}

/* Is name usable as the C function: a C identifier, not a keyword, none of the generated file's own
 * (mo2c_*, MO2C_*, names ending in '_' as its temporaries do, the simulator's functions)? */
static bool c_name_ok(const char *name)
{
    static const char *const reserved[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
        "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
        "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
        "volatile", "while", "main", "d", "ok", "rhs", "outputs", "check", "update", "initialize",
        "init_params", "jacobian", "zero_crossings", "next_time_event", "vars", "var_names",
    };
    size_t n = strlen(name);
    if (!n || n > 200 || (name[0] >= '0' && name[0] <= '9') || name[n - 1] == '_' ||
        !strncmp(name, "mo2c", 4) || !strncmp(name, "MO2C", 4) || name[0] == '_')
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (!strcmp(name, reserved[i]))
            return false;
    return true;
}

static int slot_named(const mo_func *f, const char *name)
{
    for (int s = 0; s < f->vars.n; s++)
        if (f->vars.v[s].kind != MO_FV_ITER && f->vars.v[s].name == name)
            return s;
    return -1;
}

/* A type an external function can pass: Real, Integer, Boolean, String, enumeration; not records. */
static bool passable(const mo_func *f, int s, mo_loc loc, int ret)
{
    const mo_fvar *v = &f->vars.v[s];
    if (strchr(v->name, '.')) {
        mo_error(loc, "not supported yet: records as arguments of external functions ('%s' of '%s')", v->name,
                 f->name);
        return false;
    }
    if (v->extobj && (v->nd || (v->kind != MO_FV_INPUT && s != ret))) {
        mo_error(loc, "not supported yet: an external object '%s' %s", v->name,
                 v->nd ? "array" : "that is not the value of the external call");
        return false;
    }
    if (v->kind != MO_FV_INPUT && v->nd && mo_fvar_flexible(v) && !v->binding) {   /* (a binding sizes it) */
        mo_error(loc, "the output '%s' of external function '%s' needs sizes known before the call, not ':' "
                 "without a binding",
                 v->name, f->name);
        return false;
    }
    return true;
}

static bool explicit_arg(mo_fctx *c, const mo_func *f, const mo_expr *e, mo_fxarg *a)
{
    if (e->kind == MO_EX_REF && e->nparts == 1 && !e->global && !e->parts[0].nsubs) {
        int s = slot_named(f, e->parts[0].id);
        if (s >= 0) {
            a->kind = MO_XA_SLOT;
            a->slot = s;
            return passable(f, s, e->loc, -1);
        }
    }
    if (e->kind == MO_EX_CALL && e->fn && e->fn->kind == MO_EX_REF && e->fn->nparts == 1 &&
        !strcmp(e->fn->parts[0].id, "size") && e->n == 2 && !e->nnamed && e->a[0]->kind == MO_EX_REF &&
        e->a[0]->nparts == 1 && e->a[1]->kind == MO_EX_INT) {
        int s = slot_named(f, e->a[0]->parts[0].id);
        long long k = e->a[1]->ival;
        if (s >= 0 && k >= 1 && k <= f->vars.v[s].nd) {
            a->kind = MO_XA_SIZE;
            a->slot = s;
            a->dim = (int)k - 1;
            return true;
        }
    }
    if (e->kind == MO_EX_REF && e->nparts >= 1 && slot_named(f, mo_intern_cstr(mo_ref_str(e))) < 0 &&
        e->nparts > 1 && slot_named(f, e->parts[0].id) >= 0) {
        mo_error(e->loc, "not supported yet: '%s' as an argument of an external function", mo_ref_str(e));
        return false;
    }
    /* a constant */
    mo_expr *v = mo_fctx_expr(c, e);
    if (!v)
        return false;
    double x;
    if (v->kind != MO_EX_STRING && !mo_sym_is_num(v, &x)) {
        mo_error(e->loc, "an argument of an external call must be a variable of the function, size(variable, k) "
                         "or a constant");
        return false;
    }
    a->kind = MO_XA_VALUE;
    a->value = v;
    return true;
}

typedef MO_VEC(mo_fxarg) xarg_vec;

/* A "FORTRAN 77" call (12.9.1.2) as gfortran names and passes it: the name in lower case with '_'
 * appended, every argument by address, arrays in column-major order (codegen_fnext.c copies Real
 * matrices so), an input or protected String as a CHARACTER argument (its text, and its length as a hidden
 * size_t argument after all the others, in order; LAPACK's options, never written); what that does not
 * cover is an error. */
static bool fortran_ok(const mo_func *f, mo_fext *x, const mo_class *cls)
{
    for (int i = 0; i < x->nargs; i++) {
        const mo_fxarg *a = &x->args[i];
        const mo_fvar *v = a->kind == MO_XA_SLOT ? &f->vars.v[a->slot] : NULL;
        bool str_out = v && v->type == MO_T_STRING && v->kind == MO_FV_OUTPUT;
        bool str_arr = v && v->type == MO_T_STRING && v->nd;
        if (str_out || str_arr || (v && (v->extobj || (v->nd > 1 && v->type != MO_T_REAL)))) {
            mo_error(cls->loc, "not supported yet: %s as arguments of the external \"FORTRAN 77\" function '%s'",
                     str_arr ? "arrays of Strings" : str_out ? "String outputs" : v->extobj ? "external objects"
                     : "Integer or Boolean matrices", f->name);
            return false;
        }
    }
    if (x->ret >= 0 && (f->vars.v[x->ret].type == MO_T_STRING || f->vars.v[x->ret].extobj)) {
        mo_error(cls->loc, "not supported yet: a String or external object as the value of the external \"FORTRAN "
                 "77\" function '%s'", f->name);
        return false;
    }
    char *n = mo_sprintf("%s_", x->cname);
    for (char *p = n; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    x->cname = n;
    return true;
}

/* The default call: inputs then outputs, each array followed by its sizes; the only output, when it is
 * a scalar, is the value. */
static bool default_call(const mo_func *f, mo_fext *x, mo_class *cls)
{
    xarg_vec args = {0};
    x->cname = cls->name;
    x->ret = f->nout == 1 && !f->vars.v[f->nin].nd ? f->nin : -1;
    for (int s = 0; s < f->nin + f->nout; s++) {
        if (s == x->ret)
            continue;
        if (!passable(f, s, f->vars.v[s].loc, x->ret))
            return false;
        MO_PUSH(args, ((mo_fxarg){MO_XA_SLOT, s, 0, NULL}));
        for (int k = 0; k < f->vars.v[s].nd; k++)
            MO_PUSH(args, ((mo_fxarg){MO_XA_SIZE, s, k, NULL}));
    }
    x->nargs = args.n;
    x->args = args.v;
    return true;
}

/* The destructor of external object class eo: an external function of the object alone. */
static const mo_func *destructor(mo_fctx *c, const mo_class *eo, mo_loc use)
{
    mo_found g = mo_lookup_member((mo_class *)eo, mo_intern_cstr("destructor"));
    const mo_func *d = g.cls && g.cls->kind == MO_CL_FUNCTION ? mo_func_of(c->fr, g.cls, use) : NULL;
    if (!g.cls || g.cls->kind != MO_CL_FUNCTION) {
        mo_error(eo->loc, "external object class '%s' has no function 'destructor'", eo->name);
        return NULL;
    }
    if (d && (!d->ext || d->ext->ret >= 0 || d->ext->nargs != 1 || d->ext->args[0].kind != MO_XA_SLOT ||
              !d->vars.v[d->ext->args[0].slot].extobj)) {
        mo_error(d->loc, "not supported yet: a destructor other than an external function of the object alone");
        return NULL;
    }
    return d;
}

bool mo_func_external(mo_fctx *c, mo_func *f, mo_class *cls)
{
    const mo_external *e = cls->external;
    const char *lang = e->language ? e->language : "C";
    mo_fext *x = MO_NEW(mo_fext);
    x->ret = -1;
    if (!strcmp(lang, "FORTRAN 77")) {
        x->fortran = true;
    } else if (lang[0] != 'C') {
        mo_error(cls->loc, "the language of external function '%s' must be \"C\" or \"FORTRAN 77\", not \"%s\"",
                 f->name, lang);
        return false;
    }
    if (f->body.n || mo_layout_of(cls)->nsec) {
        mo_error(cls->loc, "external function '%s' cannot have an algorithm section as well", f->name);
        return false;
    }
    for (int q = 0; q < f->inputs.n; q++)
        if (f->inputs.v[q].fn_type) {
            mo_error(f->inputs.v[q].loc, "an external function cannot take a function ('%s')", f->inputs.v[q].name);
            return false;
        } else if (f->inputs.v[q].str_array) {   /* (no slot: functions.c) */
            mo_error(f->inputs.v[q].loc, "not supported yet: arrays of Strings as arguments of external functions");
            return false;
        }
    if (!e->fn_name) {
        if (!default_call(f, x, cls))
            return false;
    } else {
        x->cname = e->fn_name;
        if (e->lhs) {
            int s = e->lhs->kind == MO_EX_REF && e->lhs->nparts == 1 && !e->lhs->parts[0].nsubs
                    ? slot_named(f, e->lhs->parts[0].id) : -1;
            if (s < 0 || f->vars.v[s].kind != MO_FV_OUTPUT || f->vars.v[s].nd) {
                mo_error(e->lhs->loc, "the value of an external call goes to a scalar output of the function");
                return false;
            }
            if (!passable(f, s, e->lhs->loc, s))
                return false;
            x->ret = s;
        }
        x->nargs = e->nargs;
        x->args = MO_NEWN(mo_fxarg, e->nargs + 1);
        for (int i = 0; i < e->nargs; i++)
            if (!explicit_arg(c, f, e->args[i], &x->args[i]))
                return false;
    }
    if (!c_name_ok(x->cname)) {
        mo_error(cls->loc, "not supported yet: the external C function name '%s' of '%s' (a C identifier is "
                 "needed, and none of the generated code's own names)", x->cname, f->name);
        return false;
    }
    if (x->fortran && !fortran_ok(f, x, cls))
        return false;
    /* annotations: on the external clause, else (older libraries) on the class */
    mo_str_vec incdirs = {0}, libdirs = {0};
    bool any = false;
    if (!read_annotation(e->annotation, x, &incdirs, &libdirs, &any))
        return false;
    if (!any && !read_annotation(cls->comment.annotation, x, &incdirs, &libdirs, &any))
        return false;
    mo_class *top = top_of(cls);
    mo_loc aloc = cls->loc;
    if (!incdirs.n)
        MO_PUSH(incdirs, mo_sprintf("modelica://%s/Resources/Include", top->name));
    if (!libdirs.n)
        MO_PUSH(libdirs, mo_sprintf("modelica://%s/Resources/Library", top->name));
    for (int i = 0; i < incdirs.n; i++) {
        const char *d = mo_func_resolve_uri(incdirs.v[i], cls, aloc);
        if (!d)
            return false;
        if (!header_safe(d, false, aloc))
            return false;
        if (is_dir(d))
            MO_PUSH(x->incdirs, absolute(d));
    }
    for (int i = 0; i < libdirs.n; i++) {
        const char *d = mo_func_resolve_uri(libdirs.v[i], cls, aloc);
        if (!d)
            return false;
        if (!header_safe(d, false, aloc))
            return false;
        if (is_dir(mo_sprintf("%s/linux64", d)))
            MO_PUSH(x->libdirs, absolute(mo_sprintf("%s/linux64", d)));
        if (is_dir(d))
            MO_PUSH(x->libdirs, absolute(d));
    }
    /* the Modelica Standard Library's C sources, for its libraries */
    for (int i = 0; i < x->libs.n && !x->sources; i++)
        for (size_t k = 0; k < sizeof msl_libs / sizeof msl_libs[0] && !x->sources; k++) {
            if (strcmp(x->libs.v[i], msl_libs[k][0]))
                continue;
            mo_str_vec cand = {0};
            for (int j = 0; j < x->incdirs.n; j++)
                MO_PUSH(cand, x->incdirs.v[j]);
            const char *td = package_dir(top);
            if (td)
                MO_PUSH(cand, mo_sprintf("%s/Resources/C-Sources", td));
            mo_class *msl = mo_load_top(mo_intern_cstr("Modelica"));
            if (msl && package_dir(msl))
                MO_PUSH(cand, mo_sprintf("%s/Resources/C-Sources", package_dir(msl)));
            for (int j = 0; j < cand.n && !x->sources; j++)
                if (is_file(mo_sprintf("%s/%s", cand.v[j], msl_libs[k][1])))
                    x->sources = absolute(cand.v[j]);
        }
    if (x->ret >= 0 && f->vars.v[x->ret].extobj && !(x->dtor = destructor(c, f->vars.v[x->ret].extobj, cls->loc)))
        return false;
    f->ext = x;
    return true;
}

bool mo_func_msl_library(const char *name)
{
    for (size_t k = 0; k < sizeof msl_libs / sizeof msl_libs[0]; k++)
        if (!strcmp(name, msl_libs[k][0]))
            return true;
    return false;
}
