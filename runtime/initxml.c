/*
 * initxml.c - -f=FILE: a model's <Model>_init.xml (OpenModelica's layout, written by mo2c beside the
 * simulator: compiler/codegen/codegen_xml.c) read back, so that scripts that edit it and run the
 * simulator get what they changed.
 *
 * Input: the file's text. Output: into the options, as if given before every flag of the command line
 * (which therefore win over it): the DefaultExperiment's startTime, stopTime, stepSize, tolerance,
 * solver, outputFormat and variableFilter; and for every ScalarVariable whose isValueChangeable is
 * "true", its type element's start value as an -override of that variable (parameters and start values
 * of states; another variable is an error, as with -override). Messages name FILE:LINE.
 *
 * The reader knows just enough XML for these files: elements with attributes in double or single
 * quotes, the five named entities and numeric character references, comments, the XML declaration.
 * Anything else it does not understand inside those elements is an error, never skipped in silence.
 */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct reader {
    mo2c_rt_opts *o;
    const char *path;
    const char *text;
    const char *counted;       /* the lines before here are counted: */
    int line;                  /* the line `counted` is on */
} reader;

/* The line `at` is on. Counted on from the place asked before (the reader asks in the order of the
 * text, once per changeable variable), so that a file of many variables is read in linear time. */
static int line_of(reader *r, const char *at)
{
    if (at < r->counted) {
        r->counted = r->text;
        r->line = 1;
    }
    for (; r->counted < at; r->counted++)
        r->line += *r->counted == '\n';
    return r->line;
}

static const char *origin(reader *r, const char *at)
{
    int line = line_of(r, at);
    int n = snprintf(NULL, 0, "%s:%d", r->path, line);
    char *s = malloc((size_t)n + 1);
    if (s)
        snprintf(s, (size_t)n + 1, "%s:%d", r->path, line);
    return mo2c_rt_own(r->o, s);
}

static int bad(reader *r, const char *at, const char *what)
{
    fprintf(stderr, "error: -f: %s:%d: %s\n", r->path, line_of(r, at), what);
    return -1;
}

/* The attribute `name` of the element whose attributes start at p (up to its '>'), decoded into a new
 * string owned by the options; NULL when absent. *err is set on a malformed value. */
static char *attribute(reader *r, const char *p, const char *name, int *err)
{
    size_t n = strlen(name);
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!*p || *p == '>' || *p == '/' || *p == '?')
            return NULL;
        const char *key = p;
        while (*p && *p != '=' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && *p != '>')
            p++;
        size_t klen = (size_t)(p - key);
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (*p != '=') {
            *err = bad(r, key, "an attribute without a value");
            return NULL;
        }
        p++;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        char q = *p;
        if (q != '"' && q != '\'') {
            *err = bad(r, p, "an attribute value without quotes");
            return NULL;
        }
        const char *v = ++p;
        while (*p && *p != q)
            p++;
        if (!*p) {
            *err = bad(r, v, "an attribute value that never ends");
            return NULL;
        }
        if (klen == n && strncmp(key, name, n) == 0) {
            char *out = mo2c_rt_own(r->o, malloc((size_t)(p - v) + 1)), *w = out;
            if (!out) {
                *err = -1;
                return NULL;
            }
            for (const char *s = v; s < p;) {
                if (*s != '&') {
                    *w++ = *s++;
                    continue;
                }
                static const char *const ent[][2] = {{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"},
                                                     {"&quot;", "\""}, {"&apos;", "'"}};
                size_t k = 0;
                while (k < 5 && strncmp(s, ent[k][0], strlen(ent[k][0])) != 0)
                    k++;
                if (k < 5) {
                    *w++ = ent[k][1][0];
                    s += strlen(ent[k][0]);
                } else if (s[1] == '#') {
                    char *end;
                    long c = s[2] == 'x' ? strtol(s + 3, &end, 16) : strtol(s + 2, &end, 10);
                    if (*end != ';' || c <= 0 || c > 127) {
                        *err = bad(r, s, "a character reference this reader does not know");
                        return NULL;
                    }
                    *w++ = (char)c;
                    s = end + 1;
                } else {
                    *err = bad(r, s, "an unknown entity");
                    return NULL;
                }
            }
            *w = '\0';
            return out;
        }
        p++;
    }
}

/* The DefaultExperiment's settings, as the experiment flags. */
static int experiment(reader *r, const char *attrs)
{
    static const char *const keys[] = {"startTime", "stopTime", "stepSize", "tolerance", "solver",
                                       "outputFormat", "variableFilter"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        int err = 0;
        const char *v = attribute(r, attrs, keys[k], &err);
        if (err)
            return -1;
        if (v && mo2c_rt_set_setting(r->o, keys[k], v, origin(r, attrs)) < 0)
            return -1;
    }
    return 0;
}

/* One ScalarVariable (attributes at attrs, its body up to end): a changeable start value becomes an
 * override. */
static int variable(reader *r, const char *attrs, const char *end)
{
    int err = 0;
    const char *name = attribute(r, attrs, "name", &err);
    const char *changeable = err ? NULL : attribute(r, attrs, "isValueChangeable", &err);
    if (err)
        return -1;
    if (!name)
        return bad(r, attrs, "a ScalarVariable without a name");
    if (!changeable || strcmp(changeable, "true") != 0)
        return 0;
    const char *p = strchr(attrs, '>');
    const char *start = NULL, *at = p;
    while (p && (p = strchr(p + 1, '<')) && p < end) {
        if (p[1] == '/' || p[1] == '!')
            continue;
        at = p;
        start = attribute(r, strpbrk(p, " \t\r\n>/") ? strpbrk(p, " \t\r\n>/") : p, "start", &err);
        if (err)
            return -1;
        break;
    }
    if (!start)
        return 0;
    size_t n = strlen(name) + strlen(start) + 2;
    char *item = mo2c_rt_own(r->o, malloc(n));
    if (!item)
        return -1;
    snprintf(item, n, "%s=%s", name, start);
    return mo2c_rt_add_item(r->o, item, origin(r, at));
}

int mo2c_rt_read_init_xml(mo2c_rt_opts *o, const char *path)
{
    char *text = mo2c_rt_read_text(o, "-f", path);
    if (!text)
        return -1;
    reader r = {o, path, text, text, 1};
    if (!strstr(text, "<fmiModelDescription"))
        return bad(&r, text, "no <fmiModelDescription> element: not a model's _init.xml");
    for (const char *p = text; (p = strchr(p, '<'));) {
        if (strncmp(p, "<!--", 4) == 0) {
            const char *e = strstr(p, "-->");
            if (!e)
                return bad(&r, p, "a comment that never ends");
            p = e + 3;
        } else if (strncmp(p, "<DefaultExperiment", 18) == 0) {
            if (experiment(&r, p + 18) != 0)
                return -1;
            p += 18;
        } else if (strncmp(p, "<ScalarVariable", 15) == 0) {
            /* each search starts where the last one ended, and p goes on to its end: linear */
            const char *close = strchr(p, '>'), *end = NULL;
            if (close)
                end = close[-1] == '/' ? close /* <ScalarVariable .../>: no type element */
                                       : strstr(close, "</ScalarVariable>");
            if (!end)
                return bad(&r, p, "a ScalarVariable that never ends");
            if (variable(&r, p + 15, end) != 0)
                return -1;
            p = end;
        } else {
            p++;
        }
    }
    return 0;
}
