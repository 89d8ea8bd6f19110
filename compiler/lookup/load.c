/*
 * load.c - find and parse the Modelica files a model needs.
 *
 * Input: the file named on the command line, an optional model name, and the library path (-L dirs,
 * MODELICAPATH, the bundled models/). Output: the class to flatten, with the parent pointers of every
 * loaded class set so that lookup.c can walk the enclosing scopes.
 *
 * Libraries are directory trees (Name/package.mo with one class per file, nested directories) or
 * single files (Name.mo). Loading is lazy: a directory package is parsed from its package.mo, and a child
 * only when a lookup asks for it (mo_load_child). A file that lies inside a library tree brings its
 * enclosing packages: we walk up the directories while they hold a package.mo that matches the file's
 * within clause, and make the outermost one the top-level package of that name.
 * Each file is parsed at most once (keyed by its real path).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "lookup.h"
#include "stats.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const mo_libpath *libpath;
static mo_map top_classes;   /* interned name -> mo_class*, or &absent when known not to exist */
static mo_map parsed_files;  /* interned real path -> mo_unit* */
static int absent;

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Parent pointers of nested classes. Class nesting follows the source text, so recursion is shallow. */
static void set_parents(mo_class *cls)
{
    for (int i = 0; i < cls->nelems; i++) {
        mo_element *e = cls->elems[i];
        if (e->kind == MO_ELEM_CLASS && e->cls) {
            e->cls->parent = cls;
            set_parents(e->cls);
        }
    }
}

/* Parse a file once. NULL after errors (reported). */
static mo_unit *parse_once(const char *path, bool report_missing)
{
    char real[PATH_MAX];
    const char *key = realpath(path, real) ? mo_intern_cstr(real) : mo_intern_cstr(path);
    mo_unit *u = mo_map_get(&parsed_files, key);
    if (u)
        return u;
    mo_file *f = mo_file_read(path);
    if (!f) {
        if (report_missing)
            mo_error_plain("cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    mo_stats_parse_begin();
    u = mo_parse_file(f);
    mo_stats_parse_end();
    mo_file_parsed(f);
    if (!u)
        return NULL;
    mo_map_put(&parsed_files, key, u);
    for (int i = 0; i < u->nclasses; i++) {
        u->classes[i]->within = u->within;
        set_parents(u->classes[i]);
    }
    return u;
}

/* The one class a library file must define, named id. */
static mo_class *unit_class(mo_unit *u, const char *path, const char *id)
{
    for (int i = 0; i < u->nclasses; i++)
        if (u->classes[i]->name == id) {
            if (mo_reserved_name(id))   /* (a class of a package's body is checked with its scope) */
                mo_error(u->classes[i]->loc, "'%s' is the name of a predefined type: no element may be declared "
                         "with it (specification 4.8)", id);
            return u->classes[i];
        }
    if (u->nclasses > 0)
        mo_error(u->classes[0]->loc, "file '%s' should define class '%s'", path, id);
    else
        mo_error_plain("file '%s' should define class '%s'", path, id);
    return NULL;
}

/* A directory package's package.order: one child name per line, giving the order of its classes (kept in
 * the scope for listings). An entry that names neither a class of package.mo nor a file or directory
 * beside it is reported (a warning: the library still loads). */
static void read_order(mo_class *pkg, const char *dir)
{
    mo_scope *s = mo_scope_of(pkg);
    s->dir = dir;
    const char *path = mo_sprintf("%s/package.order", dir);
    if (!is_file(path))
        return;
    mo_file *f = mo_file_read(path);
    if (!f)
        return;
    const char *p = f->text;
    for (int line = 1; *p; line++) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        size_t b = 0, e = len;
        while (b < e && (p[b] == ' ' || p[b] == '\t'))
            b++;
        while (e > b && (p[e - 1] == ' ' || p[e - 1] == '\t' || p[e - 1] == '\r'))
            e--;
        if (e > b) {
            const char *name = mo_intern(p + b, e - b);
            MO_PUSH(s->order, name);
            bool declared = false;
            for (int i = 0; i < pkg->nelems && !declared; i++)
                declared = pkg->elems[i]->kind == MO_ELEM_CLASS ? pkg->elems[i]->cls->name == name
                           : pkg->elems[i]->kind == MO_ELEM_COMPONENT && pkg->elems[i]->name == name;
            if (!declared && !is_file(mo_sprintf("%s/%s.mo", dir, name)) &&
                !is_file(mo_sprintf("%s/%s/package.mo", dir, name))) {
                mo_loc loc = mo_loc_make(f, line, (long)b + 1, (long)(e - b));
                mo_warning(loc, "package.order names '%s', but package '%s' has no class '%s' and there is no "
                           "file %s.mo or %s/package.mo beside it", name, pkg->name, name, name, name);
            }
        }
        p = end ? end + 1 : p + len;
    }
}

/* Load dir/id/package.mo (a directory package) or dir/id.mo. NULL when neither exists. */
static mo_class *load_from_dir(const char *dir, const char *id, mo_class *parent)
{
    const char *pkg = mo_sprintf("%s/%s/package.mo", dir, id);
    const char *single = mo_sprintf("%s/%s.mo", dir, id);
    const char *path = is_file(pkg) ? pkg : is_file(single) ? single : NULL;
    if (!path)
        return NULL;
    mo_unit *u = parse_once(path, true);
    if (!u)
        return NULL;
    mo_class *c = unit_class(u, path, id);
    if (!c)
        return NULL;
    if (!c->parent)
        c->parent = parent;
    if (path == pkg)
        read_order(c, mo_sprintf("%s/%s", dir, id));
    return c;
}

/* Compares two version strings number by number ("4.0.0" < "4.1.0" < "4.10"); other characters
 * byte by byte. */
static int version_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            char *ea, *eb;
            unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea;
            b = eb;
        } else if (*a != *b) {
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        } else {
            a++;
            b++;
        }
    }
    return (*a != 0) - (*b != 0);
}

/* A library installed with its version in the name, as OpenModelica's package manager installs them
 * ("Modelica 4.0.0+maint.om/package.mo", "Complex 4.0.0.mo"): the newest version in dir, or NULL. */
static mo_class *load_versioned(const char *dir, const char *id)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return NULL;
    size_t n = strlen(id);
    const char *best = NULL;
    for (struct dirent *e; (e = readdir(dp)) != NULL;) {
        const char *v = e->d_name + n + 1;
        if (strncmp(e->d_name, id, n) != 0 || e->d_name[n] != ' ' || !*v)
            continue;
        if (!best || version_cmp(v, best + n + 1) > 0)
            best = mo_strdup(e->d_name);
    }
    closedir(dp);
    if (!best)
        return NULL;
    size_t len = strlen(best);
    bool single = len > 3 && strcmp(best + len - 3, ".mo") == 0;
    const char *path = single ? mo_sprintf("%s/%s", dir, best) : mo_sprintf("%s/%s/package.mo", dir, best);
    if (!is_file(path))
        return NULL;
    mo_unit *u = parse_once(path, true);
    mo_class *c = u ? unit_class(u, path, id) : NULL;
    if (c && !single)
        read_order(c, mo_sprintf("%s/%s", dir, best));
    return c;
}

mo_class *mo_load_top(const char *id)
{
    void *hit = mo_map_get(&top_classes, id);
    if (hit)
        return hit == &absent ? NULL : hit;
    mo_class *c = NULL;
    for (int i = 0; libpath && i < libpath->n && !c; i++) {
        c = load_from_dir(libpath->dirs[i], id, NULL);
        if (!c && mo_error_count() == 0)
            c = load_versioned(libpath->dirs[i], id);
    }
    mo_map_put(&top_classes, id, c ? (void *)c : (void *)&absent);
    return c;
}

mo_class *mo_load_child(mo_class *pkg, const char *dir, const char *id)
{
    return load_from_dir(dir, id, pkg);
}

static const char *dir_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return ".";
    if (slash == path)
        return "/";
    return mo_strndup(path, (size_t)(slash - path));
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The directory above dir, spelled relative when dir is ("Sub" -> ".", "." -> "./..") */
static const char *parent_dir(const char *dir)
{
    const char *last = base_name(dir);
    return strcmp(last, ".") == 0 || strcmp(last, "..") == 0 ? mo_sprintf("%s/..", dir) : dir_name(dir);
}

/* The file lies in a library tree when its directory and the ones above hold package.mo files named as
 * its within clause says (from the innermost package outwards). Returns the directory of the outermost
 * package, or NULL. */
static const char *library_root(const char *file, const mo_name *within)
{
    const char *dir = dir_name(file);   /* kept relative when the file was given relative */
    for (int k = within->n - 1; k >= 0; k--) {
        char real[PATH_MAX];
        if (!realpath(dir, real) || strcmp(base_name(real), within->ids[k]) != 0)
            return NULL;
        if (!is_file(mo_sprintf("%s/package.mo", dir)))
            return NULL;
        if (k == 0)
            return dir;
        dir = parent_dir(dir);
    }
    return NULL;
}

/* A dotted model name from the command line as an mo_name. A quoted identifier ('a.b', '\'x') is one
 * part whatever dots it holds, named as the lexer names it. */
static mo_name *name_from_string(const char *s)
{
    mo_name *n = MO_NEW(mo_name);
    MO_VEC(const char *) ids = {0};
    const char *p = s;
    if (*p == '.') {
        n->global = true;
        p++;
    }
    for (;;) {
        const char *q = p;
        if (*q == '\'') {
            for (q++; *q && *q != '\''; q++)
                if (*q == '\\' && q[1])
                    q++;
            if (*q)
                q++;
            if (*q && *q != '.')    /* text after the closing quote: no identifier, so not found */
                q += strcspn(q, ".");
            MO_PUSH(ids, mo_lex_quoted_name(p, (size_t)(q - p)));
        } else {
            q += strcspn(q, ".");
            MO_PUSH(ids, mo_intern(p, (size_t)(q - p)));
        }
        if (*q != '.')
            break;
        p = q + 1;
    }
    bool global = n->global;
    mo_name_init(n, n->loc, global, ids.n);   /* (locations none: made up) */
    memcpy(n->ids, ids.v, sizeof(const char *) * (size_t)ids.n);
    return n;
}

/* Library directories below the working directory are used by their relative paths, so that locations
 * in messages and in --flat output do not depend on where the repository lies. */
static const mo_libpath *relative_libpath(const mo_libpath *path)
{
    char cwd[PATH_MAX], real[PATH_MAX];
    mo_libpath *lp = MO_NEW(mo_libpath);
    lp->n = path->n;
    lp->dirs = MO_NEWN(const char *, path->n);
    bool have_cwd = getcwd(cwd, sizeof cwd) != NULL;
    size_t n = have_cwd ? strlen(cwd) : 0;
    for (int i = 0; i < path->n; i++) {
        lp->dirs[i] = path->dirs[i];
        if (path->dirs[i][0] == '/' && have_cwd && realpath(path->dirs[i], real) &&
            strncmp(real, cwd, n) == 0 && real[n] == '/')
            lp->dirs[i] = mo_strdup(real + n + 1);
    }
    return lp;
}

/* MODEL named without a file (mo2c Modelica.Mechanics.Rotational.Examples.First): its top-level
 * package from the library path, then the class inside it, as OpenModelica's loadModel does. */
static const mo_class *load_by_name(const char *model, const mo_libpath *path)
{
    mo_name *n = name_from_string(model);
    mo_found f = {0};
    int bad = mo_lookup_model_name(n, &f);
    if (mo_error_count() > 0)
        return NULL;
    if (bad >= 0 || !f.cls) {
        if (!mo_load_top(n->ids[0])) {
            mo_buf dirs = {0};
            for (int i = 0; i < path->n; i++)
                mo_buf_printf(&dirs, "%s%s", i ? ", " : "", path->dirs[i]);
            mo_error_plain("model '%s' not found: no library '%s' in the library path (%s); give its "
                           "directory with -L DIR or MODELICAPATH", model, n->ids[0],
                           path->n ? mo_buf_str(&dirs) : "empty");
        } else if (bad > 0) {
            mo_buf pkg = {0};
            for (int k = 0; k < bad; k++)
                mo_buf_printf(&pkg, "%s%s", k ? "." : "", n->ids[k]);
            mo_error_plain("model '%s' not found: '%s' is not declared in '%s'", model, n->ids[bad],
                           mo_buf_str(&pkg));
        } else {
            mo_error_plain("model '%s' not found: '%s' is not a class", model, model);
        }
        struct stat st;
        if (stat(model, &st) == 0 && S_ISREG(st.st_mode))
            mo_note((mo_loc){0}, "a name without '/' or a .mo ending is a model name; to read the file "
                    "'%s', write './%s'", model, model);
        return NULL;
    }
    return f.cls;
}

const mo_class *mo_load(const char *file, const char *model, const mo_libpath *path)
{
    libpath = relative_libpath(path);
    if (!file)
        return load_by_name(model, path);
    mo_unit *u = parse_once(file, true);
    if (!u)
        return NULL;
    if (u->nclasses == 0 && !model) {
        mo_error_plain("'%s' defines no class", file);
        return NULL;
    }
    const mo_name *within = u->within;
    if (within && within->n > 0) {
        const char *root = library_root(file, within);
        if (root) {
            /* the enclosing packages come from the tree the file lies in, before the library path */
            mo_class *top = load_from_dir(parent_dir(root), within->ids[0], NULL);
            if (top)
                mo_map_put(&top_classes, within->ids[0], top);
        }
        mo_found pkg;
        if (mo_lookup_name(NULL, within, &pkg) >= 0 || !pkg.cls) {
            mo_error(within->loc, "unknown package '%s' in the within clause", mo_name_str(within));
            return NULL;
        }
        for (int i = 0; i < u->nclasses; i++) {
            mo_class *c = u->classes[i];
            mo_found f = mo_lookup_member(pkg.cls, c->name);
            if (f.cls != c) {
                /* not part of the package's files: make it a member so lookups see it */
                c->parent = pkg.cls;
                mo_element *ce = MO_NEW(mo_element);
                ce->kind = MO_ELEM_CLASS;
                ce->loc = c->loc;
                ce->cls = c;
                mo_map_put(&mo_scope_of(pkg.cls)->local, c->name, ce);
            }
        }
    } else {
        for (int i = 0; i < u->nclasses; i++)
            mo_map_put(&top_classes, u->classes[i]->name, u->classes[i]);
        /* the package.mo of a top-level directory package: its children are the files beside it */
        if (u->nclasses == 1 && strcmp(base_name(file), "package.mo") == 0) {
            char real[PATH_MAX];
            const char *dir = dir_name(file);
            if (realpath(dir, real) && strcmp(base_name(real), u->classes[0]->name) == 0)
                read_order(u->classes[0], dir);
        }
    }
    if (mo_error_count() > 0)
        return NULL;
    if (!model) {
        if (u->nclasses > 1) {
            mo_error_plain("'%s' defines %d classes; name the model to flatten", file, u->nclasses);
            return NULL;
        }
        return u->classes[0];
    }
    mo_name *n = name_from_string(model);
    mo_found f = {0};
    int bad = mo_lookup_model_name(n, &f);
    if ((bad >= 0 || !f.cls) && within && within->n > 0 && !n->global) {
        /* a name relative to the file's package */
        mo_found pkg;
        if (mo_lookup_name(NULL, within, &pkg) < 0 && pkg.cls) {
            f = pkg;
            bad = -1;
            for (int k = 0; k < n->n && bad < 0; k++) {
                f = f.cls ? mo_lookup_member(f.cls, n->ids[k]) : (mo_found){0};
                if (!f.cls && !f.comp)
                    bad = k;
            }
        }
    }
    if (mo_error_count() > 0)
        return NULL;
    if (bad >= 0 || !f.cls) {
        mo_error_plain("model '%s' not found", model);
        return NULL;
    }
    return f.cls;
}
