/*
 * codegen_write.c - the generated C file written out, whole or for compilation in parts.
 *
 * Input: the sections mo_codegen built (mo_cg_file: header, where strings, variable rows, prototypes,
 * user functions, function bodies holding the recorded parts of the cut sequences, the model
 * description). Output: the one C file of the model. Precondition: the parts recorded lie, in order and
 * without overlap, inside the body buffers.
 *
 * Why parts: gcc needs about 30 bytes of memory and a few microseconds per byte of generated C at -O1,
 * so the file of a 10^5-unit model (close to 1 GB) cannot be one compilation. The file stays one file
 * (a standalone simulator to read, move and compile anywhere), but above MO_CG_PART_BYTES it is laid out
 * as sections guarded by `#if` on MO2C_PART:
 *   - every section: includes, helpers, the prototypes of all parts, the user functions;
 *   - section 0 (MO2C_PART == 0): the where strings, the variable table, the model's functions (with
 *     the parts cut out), the model description and main;
 *   - section k >= 1: a run of parts of at most MO_CG_PART_BYTES, after `extern` declarations of the
 *     where strings they name.
 * Without MO2C_PART every section is compiled: the same file still builds as one unit. A header line
 * "MO2C_PARTS = K" tells build.c (and a reader) how many sections there are. Small files are written as
 * one unit, exactly as before, without any guard.
 *
 * The variable table of a parted file is compact: gcc spends about 50 microseconds on each row of an
 * array of structs with three string literals (13 s for the 250000 rows of a 10^4-unit chain), but a
 * fifth of that on one blob of names and a flat int table; main() unpacks them into the mo2c_var_info
 * array before anything reads it. Descriptions and units are deduplicated (a handful of distinct ones).
 * A large model with loops on has neither: its table and where strings are filled in at start-up by
 * the loops of codegen_vars.c (mo_cg_file.fill, .fill_where), and sections declare mo_W.
 */
#include "codegen.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const SOURCE_NAME[] = { /* ORDER mo2c_source */
    "MO2C_SRC_STATE", "MO2C_SRC_DER", "MO2C_SRC_ALG", "MO2C_SRC_PARAM", "MO2C_SRC_CONST_VALUE",
};

static const char *const PRELUDE =
    "#include \"mo2c_rt.h\"\n\n#include <math.h>\n#include <stdlib.h>\n#include <string.h>\n\n";
static const char *const HELPERS =
    "static inline double mo_sq(double v) { return v * v; }\n"
    "static inline double mo_sign(double v) { return v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0; }\n"
    "static inline void mo_negate(int n, double *v) { for (int i = 0; i < n; i++) v[i] = -v[i]; }\n\n";

static void put(FILE *out, const char *s, size_t n)
{
    if (n)
        fwrite(s, 1, n, out);
}

static void put_buf(FILE *out, const mo_buf *b)
{
    put(out, b->s, b->len);
}

static void str_lit(FILE *out, mo_buf *tmp, const char *s)
{
    tmp->len = 0;
    mo_buf_puts(tmp, "\"");
    mo_cg_c_string(tmp, s);
    mo_buf_puts(tmp, "\"");
    put_buf(out, tmp);
}

/* The where strings, with internal linkage in a whole file, external in a parted one. */
static void write_where(FILE *out, const mo_cg_file *f, bool parted)
{
    if (f->fill_where) {   /* built at start-up (codegen_vars.c) */
        put_buf(out, f->fill_where);
        return;
    }
    mo_buf tmp = {0};
    bool any = false;
    for (int id = 0; id < f->nwhere; id++) {
        if (!f->where[id])
            continue;
        if (!any)
            fputs("/* The equations named when a checked operation fails (division by zero, ...). */\n", out);
        any = true;
        fprintf(out, "%sconst char W%d[] = ", parted ? "" : "static ", id);
        str_lit(out, &tmp, f->where[id]);
        fputs(";\n", out);
    }
    if (any)
        fputs("\n", out);
}

static void write_table(FILE *out, const mo_cg_file *f)
{
    mo_buf tmp = {0};
    fputs("/* Every variable as results and -override name it:\n"
          " * name, description, unit, storage, index, negated, constant value, parameter,\n"
          " * overridable, protected. */\n"
          "static const mo2c_var_info vars[] = {\n", out);
    for (int i = 0; i < f->nrows; i++) {
        const mo_cg_var_row *r = &f->rows[i];
        fputs("    {", out);
        str_lit(out, &tmp, r->name);
        fputs(", ", out);
        str_lit(out, &tmp, r->comment);
        fputs(", ", out);
        str_lit(out, &tmp, r->unit);
        tmp.len = 0;
        mo_buf_printf(&tmp, ", %s, %d, %d, ", SOURCE_NAME[r->source], r->index, r->negated);
        mo_cg_number(&tmp, r->value);
        mo_buf_printf(&tmp, ", %d, %d, %d},\n", r->is_param, r->overridable, r->is_protected);
        put_buf(out, &tmp);
    }
    if (f->nrows == 0)
        fputs("    {\"\", \"\", \"\", MO2C_SRC_CONST_VALUE, 0, 0, 0.0, 0, 0, 0},\n", out);
    fputs("};\n\n", out);
}

/* The compact table (see the header comment) and unpack_vars, which main calls first. */
static void write_compact_table(FILE *out, const mo_cg_file *f)
{
    mo_buf tmp = {0};
    int n = f->nrows > 0 ? f->nrows : 1;
    fputs("/* Every variable as results and -override name it, unpacked by main() into vars[]: the names\n"
          " * (each ended by \\0), the distinct descriptions and units, the values of constants, and per\n"
          " * variable: description, unit, storage (mo2c_source), index (of a constant: into var_values),\n"
          " * negated, parameter, overridable, protected. */\n", out);
    fprintf(out, "static mo2c_var_info vars[%d];\n", n);
    /* one literal longer than the 4095 bytes ISO C asks compilers to support: gcc and clang take it */
    fputs("#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n"
          "static const char var_names[] =\n", out);
    for (int i = 0; i < f->nrows; i++) {
        fputs("    \"", out);
        tmp.len = 0;
        mo_cg_c_string(&tmp, f->rows[i].name);
        put_buf(out, &tmp);
        fputs("\\0\"\n", out);
    }
    fputs("    \"\";\n#pragma GCC diagnostic pop\n", out);
    /* distinct texts: descriptions and units are interned strings, but compare by contents anyway */
    mo_map seen = {0};
    MO_VEC(const char *) texts = {0};
    int *text_of = MO_NEWN(int, 2 * (size_t)n);
    for (int i = 0; i < 2 * f->nrows; i++) {
        const char *s = i % 2 ? f->rows[i / 2].unit : f->rows[i / 2].comment;
        const char *key = mo_intern_cstr(s);
        void *k = mo_map_get(&seen, key);
        if (!k) {
            MO_PUSH(texts, s);
            k = (void *)(intptr_t)texts.n;
            mo_map_put(&seen, key, k);
        }
        text_of[i] = (int)(intptr_t)k - 1;
    }
    fputs("static const char *const var_texts[] = {\n", out);
    for (int i = 0; i < texts.n; i++) {
        fputs("    ", out);
        str_lit(out, &tmp, texts.v[i]);
        fputs(",\n", out);
    }
    fputs("    \"\"};\n", out);
    fputs("static const double var_values[] = {\n", out);
    int nvalues = 0;
    for (int i = 0; i < f->nrows; i++)
        if (f->rows[i].source == 4) {
            tmp.len = 0;
            mo_buf_puts(&tmp, "    ");
            mo_cg_number(&tmp, f->rows[i].value);
            mo_buf_puts(&tmp, ",\n");
            put_buf(out, &tmp);
        }
    fputs("    0.0};\n", out);
    fputs("static const int var_meta[] = {\n", out);
    for (int i = 0; i < f->nrows; i++) {
        const mo_cg_var_row *r = &f->rows[i];
        fprintf(out, "    %d,%d,%d,%d,%d,%d,%d,%d,\n", text_of[2 * i], text_of[2 * i + 1], r->source,
                r->source == 4 ? nvalues++ : r->index, r->negated, r->is_param, r->overridable, r->is_protected);
    }
    fputs("    0};\n\n", out);
    fprintf(out, "static void unpack_vars(void)\n{\n"
                 "    const char *name = var_names;\n"
                 "    for (int i = 0; i < %d; i++) {\n"
                 "        const int *m = var_meta + 8 * i;\n"
                 "        int constant = m[2] == MO2C_SRC_CONST_VALUE;\n"
                 "        vars[i] = (mo2c_var_info){name, var_texts[m[0]], var_texts[m[1]], (mo2c_source)m[2],\n"
                 "                                  constant ? 0 : m[3], m[4], constant ? var_values[m[3]] : 0.0,\n"
                 "                                  m[5], m[6], m[7]};\n"
                 "        name += strlen(name) + 1;\n"
                 "    }\n}\n\n", f->nrows);
}

/* The text of the body buffers without the recorded parts (section 0 of a parted file). */
static void write_bodies_without_parts(FILE *out, const mo_cg_file *f)
{
    for (int b = 0; b < f->nbody; b++) {
        const mo_buf *buf = f->body[b];
        size_t at = 0;
        for (int i = 0; i < f->parts->v.n; i++) {
            const mo_cg_part *p = &f->parts->v.v[i];
            if (p->buf != buf)
                continue;
            put(out, buf->s + at, p->from - at);
            at = p->to;
        }
        put(out, buf->s + at, buf->len - at);
    }
}

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Declare the where strings named in parts [p0, p1) that are not yet declared in section sec: the
 * tokens W<digits> of their text (a name in a comment may add a needless declaration, never a wrong
 * one: only where strings that exist are declared). */
static void declare_where(FILE *out, const mo_cg_file *f, int p0, int p1, int sec, int *declared)
{
    for (int i = p0; i < p1; i++) {
        const mo_cg_part *p = &f->parts->v.v[i];
        const char *s = p->buf->s;
        for (size_t k = p->from; k + 1 < p->to; k++) {
            if (s[k] != 'W' || (k > 0 && ident_char(s[k - 1])) || !(s[k + 1] >= '0' && s[k + 1] <= '9'))
                continue;
            long id = 0;
            size_t e = k + 1;
            while (e < p->to && s[e] >= '0' && s[e] <= '9' && id < (long)f->nwhere)
                id = 10 * id + (s[e++] - '0');
            if (e < p->to && ident_char(s[e]))
                continue;
            if (id < f->nwhere && f->where[id] && declared[id] != sec) {
                declared[id] = sec;
                fprintf(out, "extern const char W%ld[];\n", id);
            }
            k = e - 1;
        }
    }
}

static size_t file_bytes(const mo_cg_file *f)
{
    size_t n = f->head->len + f->protos->len + f->fns->len + f->model->len +
               (f->fill ? f->fill->len : 200 * (size_t)f->nrows);
    for (int b = 0; b < f->nbody; b++)
        n += f->body[b]->len;
    for (int id = 0; id < f->nwhere; id++)
        n += f->where[id] ? strlen(f->where[id]) + 30 : 0;
    return n;
}

/* The section size: MO_CG_PART_BYTES, or MO2C_PART_BYTES from the environment (for tests). */
static size_t part_bytes(void)
{
    const char *e = getenv("MO2C_PART_BYTES");
    if (e && *e) {
        char *end;
        long long v = strtoll(e, &end, 10);
        if (*end == '\0' && v > 0)
            return (size_t)v;
    }
    return MO_CG_PART_BYTES;
}

static void write_main(FILE *out, const mo_cg_file *f, bool compact)
{
    fprintf(out, "int main(int argc, char **argv)\n{\n%s%s%s    return mo2c_main(&model, argc, argv);\n}\n",
            f->fill_where ? "    fill_where();\n" : "", f->fill ? "    fill_vars();\n" : compact ? "    unpack_vars();\n" : "",
            f->fill_jac ? "    fill_jac();\n" : "");
}

/* Where the file goes and who builds it (mo_codegen_target); NULL: not known (a generic line). */
static const char *target_argv0, *target_c, *target_exe;

void mo_codegen_target(const char *argv0, const char *c_file, const char *exe)
{
    target_argv0 = argv0;
    target_c = c_file;
    target_exe = exe;
}

static int write_whole(FILE *out, const mo_cg_file *f)
{
    const char *line = target_argv0 ? mo_build_command_line(target_argv0, target_c, target_exe,
                                                            (long long)file_bytes(f)) : NULL;
    if (line) {
        mo_buf b = {0};
        mo_cg_comment(&b, line, 4096);
        fprintf(out, " *\n * Compile (as mo2c does):\n *   %s\n */\n", mo_buf_str(&b));
    } else {
        fputs(" *\n * Compile: cc -std=c11 -O1 -I RUNTIME_INCLUDE_DIR FILE.c RUNTIME_LIB_DIR/libmo2crt.a -lgsl "
              "-lgslcblas -lm\n */\n", out);
    }
    fputs(PRELUDE, out);
    fputs(HELPERS, out);
    write_where(out, f, false);
    if (f->fill)
        put_buf(out, f->fill);
    else
        write_table(out, f);
    put_buf(out, f->protos);
    put_buf(out, f->fns);
    for (int b = 0; b < f->nbody; b++)
        put_buf(out, f->body[b]);
    put_buf(out, f->model);
    write_main(out, f, false);
    return ferror(out) ? 1 : 0;
}

int mo_cg_write(FILE *out, const mo_cg_file *f)
{
    put_buf(out, f->head);
    size_t limit = part_bytes();
    if (f->parts->v.n == 0 || file_bytes(f) <= limit)
        return write_whole(out, f);

    /* sections 1..K-1: runs of consecutive parts of at most limit bytes */
    int nparts = f->parts->v.n;
    int *first = MO_NEWN(int, nparts + 2); /* section k >= 1 holds parts first[k] .. first[k + 1] - 1 */
    int nsec = 1;
    size_t size = 0;
    for (int i = 0; i < nparts; i++) {
        const mo_cg_part *p = &f->parts->v.v[i];
        size_t n = p->to - p->from;
        if (nsec == 1 || size + n > limit) {
            first[nsec++] = i;
            size = 0;
        }
        size += n;
    }
    first[nsec] = nparts;

    fprintf(out, " *\n * MO2C_PARTS = %d: the file is compiled in %d sections, each with -DMO2C_PART=k (k = 0..%d),\n"
                 " * at the same time if there are cores for it, then linked:\n"
                 " *   for k in $(seq 0 %d); do cc -std=c11 -O1 -c -I RUNTIME_INCLUDE_DIR -DMO2C_PART=$k "
                 "-o part$k.o FILE.c & done; wait\n"
                 " *   cc -o MODEL part*.o RUNTIME_LIB_DIR/libmo2crt.a -lgsl -lgslcblas -lm\n"
                 " * Without MO2C_PART the whole file is one (large) compilation.\n */\n",
            nsec, nsec, nsec - 1, nsec - 1);
    fputs(PRELUDE, out);
    fputs("#ifndef MO2C_PART\n#define MO2C_PART (-1) /* every section */\n#endif\n\n", out);
    fputs(HELPERS, out);
    fputs("/* The parts of the long sequences, in the sections k >= 1. */\n", out);
    for (int i = 0; i < nparts; i++)
        fputs(f->parts->v.v[i].proto, out);
    fputs("\n/* The user functions, in every section (each uses some of them). */\n"
          "#pragma GCC diagnostic push\n"
          "#pragma GCC diagnostic ignored \"-Wunused-function\"\n"
          "#pragma GCC diagnostic ignored \"-Wunused-const-variable\"\n", out);
    put_buf(out, f->fns);
    fputs("#pragma GCC diagnostic pop\n\n", out);

    fputs("#if MO2C_PART <= 0\n\n", out);
    write_where(out, f, true);
    if (f->fill)
        put_buf(out, f->fill);
    else
        write_compact_table(out, f);
    put_buf(out, f->protos);
    write_bodies_without_parts(out, f);
    put_buf(out, f->model);
    write_main(out, f, true);
    fputs("\n#endif /* MO2C_PART <= 0 */\n", out);

    int *declared = MO_NEWN(int, f->nwhere + 1);
    for (int sec = 1; sec < nsec; sec++) {
        fprintf(out, "\n#if MO2C_PART < 0 || MO2C_PART == %d\n\n", sec);
        if (f->fill_where)
            fputs("extern const char *mo_W[];\n", out);
        else
            declare_where(out, f, first[sec], first[sec + 1], sec, declared);
        fputs("\n", out);
        for (int i = first[sec]; i < first[sec + 1]; i++) {
            const mo_cg_part *p = &f->parts->v.v[i];
            const char *s = p->buf->s;
            /* the part's loops and comment, then its definition without "static " */
            put(out, s + p->from, p->def - p->from);
            if (strncmp(s + p->def, "static ", 7) != 0)
                mo_unreachable("a recorded part that does not start with its definition");
            put(out, s + p->def + 7, p->to - p->def - 7);
        }
        fprintf(out, "#endif /* MO2C_PART == %d */\n", sec);
    }
    return ferror(out) ? 1 : 0;
}
