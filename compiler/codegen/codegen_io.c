/*
 * codegen_io.c - the model's top-level inputs and outputs in the model description: the names the
 * simulator reads from -csvInput's columns and the inputs' start values (used when no values are
 * given), and the outputs -l's linear model names.
 *
 * Also the library-relative paths the emitted C cites (mo_cg_lib_path).
 *
 * Input: the DAE (dae->inputs, made by dae.c; the flat variables declared output at the top level).
 * Output: the tables into defs and their fields of the mo2c_model into fields. Names are written as
 * escaped C strings (mo_cg_c_string). An input's start value must be a constant (an error otherwise).
 */
#include "codegen.h"

#include <string.h>
#include <unistd.h>

static mo_map lib_paths;   /* path -> its library-relative form (mo_cg_lib_path) */

const char *mo_cg_lib_path(const char *path)
{
    const char *key = mo_intern_cstr(path);
    const char *known = mo_map_get(&lib_paths, key);
    if (known)
        return known;
    /* the directory part ends at cut; climb while the directory holds a package.mo */
    const char *cut = strrchr(path, '/');
    while (cut) {
        const char *pkg = mo_sprintf("%.*s/package.mo", (int)(cut - path), path);
        if (access(pkg, F_OK) != 0)
            break;
        const char *up = cut;
        while (up > path && up[-1] != '/')
            up--;
        cut = up > path ? up - 1 : NULL;
    }
    const char *rel = cut ? mo_strdup(cut + 1) : path;
    mo_map_put(&lib_paths, key, (void *)rel);
    return rel;
}

static void put_name(mo_buf *b, const char *name)
{
    mo_buf_puts(b, "    \"");
    mo_cg_c_string(b, name);
    mo_buf_puts(b, "\",\n");
}

int mo_cg_io(const mo_dae *dae, mo_buf *defs, mo_buf *fields)
{
    const mo_flat *flat = dae->flat;
    int rc = 0;
    if (dae->inputs.n > 0) {
        mo_buf starts = {0};
        mo_buf_puts(defs, "/* The top-level inputs (-csvInput columns) and their start values (used without values). */\n"
                          "static const char *const input_names[] = {\n");
        for (int k = 0; k < dae->inputs.n; k++) {
            const mo_dvar *dv = &dae->vars.v[dae->inputs.v[k]];
            put_name(defs, dv->name);
            const mo_var *fv = dv->flat >= 0 ? &flat->vars.v[dv->flat] : NULL;
            const mo_expr *st = fv && fv->attr->start ? fv->attr->start : NULL;
            bool ok = true;
            double v = st ? mo_eval(st, NULL, &ok) : 0.0;
            if (!ok) {
                mo_error(st->loc, "not supported yet: a start value of the top-level input '%s' that is not a "
                                  "constant", dv->name);
                rc = 1;
            }
            mo_buf_puts(&starts, "    ");
            mo_cg_number(&starts, v);
            mo_buf_puts(&starts, ",\n");
        }
        mo_buf_printf(defs, "};\nstatic const double input_start[] = {\n%s};\n\n", mo_buf_str(&starts));
        mo_buf_printf(fields, "    .ninputs = %d, .input_names = input_names, .input_start = input_start,\n",
                      dae->inputs.n);
    }
    int nout = 0;
    for (int v = 0; v < flat->vars.n; v++) {
        const mo_var *fv = &flat->vars.v[v];
        if (!(fv->flags & MO_PF_OUTPUT) || fv->variability <= MO_VAR_PARAMETER || fv->type != MO_T_REAL ||
            !mo_flat_top_level(fv->name))
            continue;
        if (!nout++)
            mo_buf_puts(defs, "/* The top-level outputs (the outputs of -l's linear model). */\n"
                              "static const char *const output_names[] = {\n");
        put_name(defs, fv->name);
    }
    if (nout) {
        mo_buf_puts(defs, "};\n\n");
        mo_buf_printf(fields, "    .noutputs = %d, .output_names = output_names,\n", nout);
    }
    return rc;
}
