/*
 * diag.c - diagnostics (base.h): GNU-format messages with the source line and a caret, the error count,
 * each error printed once, holding diagnostics back (mo_diag_quiet), and the "did you mean" helper.
 *
 * Input: a location and a message. Output: text on the diagnostics stream (stderr by default).
 * Preconditions: none; split out of base.c, which keeps memory, names, maps and files.
 */
#include "base.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- diagnostics ---- */
static FILE *diag_stream;
static int error_count;
static bool quiet;            /* mo_diag_quiet: hold diagnostics back ... */
static int quiet_count;       /* ... and count them here */

void mo_diag_set_stream(FILE *f) { diag_stream = f; }
int mo_error_count(void) { return error_count; }

int mo_diag_quiet(bool on)
{
    int n = quiet_count;
    quiet = on;
    quiet_count = 0;
    return n;
}

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

/* Print one diagnostic; false (and nothing printed) while they are held back. */
static bool vdiag(mo_loc loc, const char *kind, const char *fmt, va_list ap)
{
    if (quiet) {
        quiet_count++;
        return false;
    }
    FILE *out = diag_out();
    fflush(stdout);
    if (loc.file)
        fprintf(out, "%s:%d:%d: %s: ", loc.file->path, loc.line, loc.col, kind);
    else
        fprintf(out, "mo2c: %s: ", kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    print_source_line(out, loc);
    return true;
}

/* Each error is printed once: the same message at the same place again (a class's mistake met in two of
 * its instances, say) is dropped, with the notes that follow it. A hash per error printed, at most
 * MO_MAX_ERRORS of them. */
static uint64_t printed[MO_MAX_ERRORS];
static int nprinted;
static bool drop_notes;       /* the last error was dropped: so are its notes */
static int nshown;            /* errors printed (MO_MAX_ERRORS of them end the run) */

static bool printed_before(mo_loc loc, const char *fmt, va_list ap)
{
    char text[512];
    va_list cp;
    va_copy(cp, ap);
    vsnprintf(text, sizeof text, fmt, cp);
    va_end(cp);
    uint64_t h = 1469598103934665603u;   /* FNV-1a over the place and the text */
    h = (h ^ (uint64_t)(uintptr_t)loc.file) * 1099511628211u;
    h = (h ^ (uint64_t)loc.line) * 1099511628211u;
    h = (h ^ (uint64_t)loc.col) * 1099511628211u;
    for (const char *c = text; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211u;
    for (int i = 0; i < nprinted; i++)
        if (printed[i] == h)
            return true;
    if (nprinted < MO_MAX_ERRORS)
        printed[nprinted++] = h;
    return false;
}

void mo_error(mo_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    drop_notes = !quiet && printed_before(loc, fmt, ap);
    bool shown = !drop_notes && vdiag(loc, "error", fmt, ap);
    va_end(ap);
    if (drop_notes) {   /* not shown again, but an error all the same: callers see the count grow */
        error_count++;
        return;
    }
    if (shown) {
        error_count++;
        nshown++;
    }
    if (shown && nshown >= MO_MAX_ERRORS) {
        fprintf(diag_out(), "mo2c: too many errors, stopping\n");
        exit(1);
    }
}

void mo_warning(mo_loc loc, const char *fmt, ...)
{
    drop_notes = false;
    va_list ap;
    va_start(ap, fmt);
    vdiag(loc, "warning", fmt, ap);
    va_end(ap);
}

void mo_note(mo_loc loc, const char *fmt, ...)
{
    if (drop_notes)
        return;
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
    drop_notes = false;
    bool shown = vdiag(none, "error", fmt, ap);
    va_end(ap);
    if (shown) {
        error_count++;
        if (++nshown >= MO_MAX_ERRORS)
            exit(1);
    }
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
