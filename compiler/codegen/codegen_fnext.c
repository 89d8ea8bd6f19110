/*
 * codegen_fnext.c - the C of an external function (specification 12.9): the call of the C function
 * that the front end described (mo_func.ext, fnext.c), the C text of its Include annotations, and the
 * lines of the file's header that tell build.c how to compile and link it.
 *
 * Shape: the generated function (codegen_fn.c: its signature, outputs and locals made and given their
 * initial values) copies its arguments into a struct of the C types of 12.9.1.1 and calls a thunk
 * through mo2c_ext_call (runtime/external.c); the thunk calls the C function with the struct's fields.
 * So ModelicaError, which ends the call with a longjmp, jumps out of the runtime's frame and of the
 * thunk only, never out of a generated function with live locals; the function then fails the usual way.
 *     Real           double        (input array: const double *, else double *; scalars by address)
 *     Integer, Boolean, enumeration  int  (arrays as int copies on the function stack, copied back)
 *     String         const char *  (output: const char **; the text is copied into the output)
 *     String array   const char ** (its elements, "" for one not assigned yet; an output's are set by
 *                                   the C function and copied into the output after the call)
 *     size(a, k)     size_t
 * A "FORTRAN 77" function (mo_fext.fortran) gets every argument by address, size(a, k) as an int, and
 * Real matrices as copies in column-major order (mo2c_acols), copied back after the call unless inputs,
 * and an input or protected String as gfortran passes a CHARACTER argument: its text (not by address),
 * and its length as a size_t after all the other arguments, in the order of the Strings.
 * Without an Include annotation the C function gets a prototype of these types; with one, the included
 * text declares it (its own parameter types may be narrower, say const int *).
 * The C function's name is checked by the front end (a C identifier, none of the generated code's);
 * Include text is C by definition and goes into the file as it is; every other model text is escaped.
 */
#include "codegen_fn.h"

#include <string.h>

/* The C type of slot s as an argument of the C function (byref: passed by address); input arrays are
 * const in the prototypes mo2c writes, not in the struct (headers of libraries declare them either way). */
static const char *c_type(const mo_fvar *v, bool byref, bool proto)
{
    if (v->extobj)
        return byref ? "void **" : "void *";
    const char *base = v->type == MO_T_REAL ? "double" : v->type == MO_T_STRING ? "const char *" : "int";
    if (v->nd && v->type == MO_T_STRING)
        return "const char **";
    if (v->nd)
        return mo_sprintf(v->kind == MO_FV_INPUT && proto ? "const %s *" : "%s *", base);
    return byref ? mo_sprintf("%s%s*", base, v->type == MO_T_STRING ? "" : " ") : base;
}

/* The struct field of argument i: the value the thunk passes (scalars by address: the field's type). */
static const char *field_type(const mo_func *f, const mo_fxarg *a)
{
    if (a->kind == MO_XA_SIZE)
        return f->ext->fortran ? "int" : "size_t";
    if (a->kind == MO_XA_VALUE)
        return a->value->kind == MO_EX_STRING ? "const char *" : a->value->kind == MO_EX_REAL ? "double" : "int";
    return c_type(&f->vars.v[a->slot], false, false);
}

/* Is argument a a String (fnext.c lets only inputs, locals and constants be Strings in a Fortran call,
 * passed as their text and not written back)? */
static bool is_string(const mo_func *f, const mo_fxarg *a)
{
    return a->kind == MO_XA_SLOT ? f->vars.v[a->slot].type == MO_T_STRING
                                 : a->kind == MO_XA_VALUE && a->value->kind == MO_EX_STRING;
}

static bool by_address(const mo_func *f, const mo_fxarg *a)
{
    if (f->ext->fortran)   /* every argument, inputs and constants too, but a CHARACTER's text */
        return (a->kind != MO_XA_SLOT || !f->vars.v[a->slot].nd) && !is_string(f, a);
    return a->kind == MO_XA_SLOT && f->vars.v[a->slot].kind != MO_FV_INPUT && !f->vars.v[a->slot].nd;
}

static const char *ret_type(const mo_func *f)
{
    const mo_fext *x = f->ext;
    return x->ret < 0 ? "void" : c_type(&f->vars.v[x->ret], false, true);
}

/* The struct, the prototype (when no Include gives one) and the thunk, at file scope before f. */
static void thunk(const mo_func *f, mo_buf *o)
{
    const mo_fext *x = f->ext;
    mo_buf_printf(o, "/* the call of the external C function %s */\ntypedef struct %s_xa_ {\n", x->cname, f->cname);
    for (int i = 0; i < x->nargs; i++)
        mo_buf_printf(o, "    %s a%d;\n", field_type(f, &x->args[i]), i);
    if (x->ret >= 0)
        mo_buf_printf(o, "    %s r;\n", ret_type(f));
    mo_buf_printf(o, "    char unused_;\n} %s_xa_;\n", f->cname);
    if (!x->includes.n) {
        mo_buf_printf(o, "extern %s %s(", ret_type(f), x->cname);
        for (int i = 0; i < x->nargs; i++) {
            const mo_fxarg *a = &x->args[i];
            const char *t = a->kind == MO_XA_SLOT ? c_type(&f->vars.v[a->slot], by_address(f, a), true)
                            : by_address(f, a) ? mo_sprintf("%s *", field_type(f, a)) : field_type(f, a);
            mo_buf_printf(o, "%s%s", i ? ", " : "", t);
        }
        for (int i = 0; x->fortran && i < x->nargs; i++)   /* the hidden lengths of CHARACTER arguments */
            if (is_string(f, &x->args[i]))
                mo_buf_puts(o, ", size_t");
        mo_buf_puts(o, x->nargs ? ");\n" : "void);\n");
    }
    if (x->dtor) {   /* the destructor the runtime calls at the end (mo2c_eo_add) */
        const mo_fext *dx = x->dtor->ext;
        if (!dx->includes.n && strcmp(dx->cname, x->cname))
            mo_buf_printf(o, "extern void %s(void *);\n", dx->cname);
        mo_buf_printf(o, "static void %s_free_(void *o_)\n{\n    %s(o_);\n}\n", f->cname, dx->cname);
    }
    mo_buf_printf(o, "static void %s_xt_(void *p_)\n{\n    %s_xa_ *a_ = p_;\n    (void)a_;\n    ", f->cname, f->cname);
    if (x->ret >= 0)
        mo_buf_puts(o, "a_->r = ");
    mo_buf_printf(o, "%s(", x->cname);
    for (int i = 0; i < x->nargs; i++)
        mo_buf_printf(o, "%s%sa_->a%d", i ? ", " : "", by_address(f, &x->args[i]) ? "&" : "", i);
    for (int i = 0; x->fortran && i < x->nargs; i++)
        if (is_string(f, &x->args[i]))
            mo_buf_printf(o, ", strlen(a_->a%d)", i);
    mo_buf_puts(o, ");\n}\n\n");
}

/* The C text that stores a C value val (of slot s's C type) into the scalar slot s. */
static void store(mo_fgen *g, mo_buf *o, int s, const char *val)
{
    const mo_fvar *v = &g->f->vars.v[s];
    const char *slot = mo_cg_fn_slot(g->f, s);
    mo_fg_indent(o, 2);
    if (v->type == MO_T_STRING)
        mo_buf_printf(o, "if (mo2c_sset(d, &%s, %s) != 0)\n            goto fail_;\n", slot, val);
    else
        mo_buf_printf(o, "%s = %s%s;\n", slot, v->type == MO_T_REAL ? "" : "(double)", val);
}

void mo_fg_external(mo_fgen *g, mo_buf *o, mo_buf *defs)
{
    const mo_func *f = g->f;
    const mo_fext *x = f->ext;
    thunk(f, defs);
    const char *w = mo_fg_where(g);
    mo_buf_printf(o, "    {\n        %s_xa_ a_;\n        memset(&a_, 0, sizeof a_);\n", f->cname);
    for (int i = 0; i < x->nargs; i++) {
        const mo_fxarg *a = &x->args[i];
        mo_fg_indent(o, 2);
        if (a->kind == MO_XA_VALUE) {
            mo_buf_printf(o, "a_.a%d = ", i);
            if (a->value->kind == MO_EX_STRING) {
                mo_buf_puts(o, "\"");
                mo_cg_c_string(o, a->value->str);
                mo_buf_puts(o, "\"");
            } else {
                double v = 0;
                mo_sym_is_num(a->value, &v);
                if (a->value->kind == MO_EX_REAL)
                    mo_cg_number(o, v);
                else
                    mo_buf_printf(o, "%d", (int)v);
            }
            mo_buf_puts(o, ";\n");
            continue;
        }
        const mo_fvar *v = &f->vars.v[a->slot];
        const char *slot = mo_fg_slot(f, a->slot);
        if (a->kind == MO_XA_SIZE) {
            mo_buf_printf(o, "a_.a%d = (size_t)%s->dim[%d];\n", i, slot, a->dim);
        } else if (v->nd > 1 && x->fortran) {   /* a Real matrix: a copy in column-major order */
            mo_buf_printf(o, "double *c%d_ = mo2c_acols(d, %s, %s);\n", i, slot, w);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "if (!c%d_)\n            goto fail_;\n", i);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "a_.a%d = c%d_;\n", i, i);
        } else if (v->nd && v->type == MO_T_REAL && v->kind == MO_FV_INPUT) {   /* a copy: mo2c_acopy */
            mo_buf_printf(o, "double *c%d_ = mo2c_acopy(d, %s, %s);\n", i, slot, w);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "if (!c%d_)\n            goto fail_;\n", i);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "a_.a%d = c%d_;\n", i, i);
        } else if (v->nd && v->type == MO_T_REAL) {
            mo_buf_printf(o, "a_.a%d = %s->v;\n", i, slot);
        } else if (v->nd && v->type == MO_T_STRING) {   /* its elements, never NULL */
            mo_buf_printf(o, "a_.a%d = mo2c_astrs(d, %s, %s);\n", i, slot, w);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "if (!a_.a%d)\n            goto fail_;\n", i);
        } else if (v->nd) {   /* Integer or Boolean elements as ints */
            mo_buf_printf(o, "int *i%d_ = mo2c_aints(d, %s, %s);\n", i, slot, w);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "if (!i%d_)\n            goto fail_;\n", i);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "a_.a%d = i%d_;\n", i, i);
        } else if (v->extobj) {
            mo_buf_printf(o, "a_.a%d = mo2c_eo_get(d, %s, %s);\n", i, slot, w);
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "if (!a_.a%d)\n            goto fail_;\n", i);
        } else if (v->type == MO_T_STRING) {
            bool text = v->kind == MO_FV_INPUT || x->fortran;   /* else the C function sets it */
            mo_buf_printf(o, "a_.a%d = %s;\n", i, text ? mo_sprintf("mo2c_str(%s)", slot) : slot);
        } else {
            mo_buf_printf(o, v->type == MO_T_REAL ? "a_.a%d = %s;\n" : "a_.a%d = mo2c_cint(%s);\n", i, slot);
        }
    }
    mo_buf_printf(o, "        if (mo2c_ext_call(d, \"");
    mo_cg_c_string(o, f->name);
    mo_buf_printf(o, "\", %s_xt_, &a_) != 0)\n            goto fail_;\n", f->cname);
    for (int i = 0; i < x->nargs; i++) {
        const mo_fxarg *a = &x->args[i];
        if (a->kind != MO_XA_SLOT || f->vars.v[a->slot].kind == MO_FV_INPUT || (x->fortran && is_string(f, a)))
            continue;
        const mo_fvar *v = &f->vars.v[a->slot];
        if (!v->nd) {
            store(g, o, a->slot, mo_sprintf("a_.a%d", i));
        } else if (v->nd > 1 && x->fortran) {
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "mo2c_acols_back(%s, c%d_);\n", mo_fg_slot(f, a->slot), i);
        } else if (v->type == MO_T_STRING) {   /* copies of what the C function gave */
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "if (mo2c_astrs_back(d, %s, a_.a%d, %s) != 0)\n            goto fail_;\n",
                          mo_fg_slot(f, a->slot), i, w);
        } else if (v->type != MO_T_REAL) {
            mo_fg_indent(o, 2);
            mo_buf_printf(o, "mo2c_aints_back(%s, i%d_);\n", mo_fg_slot(f, a->slot), i);
        }
    }
    if (x->ret >= 0 && f->vars.v[x->ret].extobj) {   /* a constructor: the object's handle */
        const char *slot = mo_cg_fn_slot(f, x->ret);
        mo_buf_printf(o, "        %s = mo2c_eo_add(d, a_.r, %s, %s);\n        if (%s == 0)\n            goto fail_;\n",
                      slot, x->dtor ? mo_sprintf("%s_free_", f->cname) : "NULL", w, slot);
    } else if (x->ret >= 0) {
        store(g, o, x->ret, "a_.r");
    }
    mo_buf_puts(o, "    }\n");
}

void mo_fg_ext_includes(const mo_func *f, mo_buf *out, mo_map *seen)
{
    const mo_fext *x = f->ext;
    if (x->dtor)
        mo_fg_ext_includes(x->dtor, out, seen);
    for (int i = 0; i < x->includes.n; i++) {
        const char *t = mo_intern_cstr(x->includes.v[i]);
        if (mo_map_get(seen, t))
            continue;
        mo_map_put(seen, t, (void *)t);
        mo_buf_puts(out, "/* Include annotation of ");
        mo_cg_comment(out, f->name, 200);
        mo_buf_printf(out, " */\n%s\n", t);
    }
}

void mo_fg_ext_header(const mo_func *f, mo_buf *h, mo_map *seen)
{
    const mo_fext *x = f->ext;
    if (x->dtor)
        mo_fg_ext_header(x->dtor, h, seen);
    const struct { const char *tag; const mo_str_vec *v; } lists[] = {
        {"MO2C_INCLUDE_DIR", &x->incdirs}, {"MO2C_LIBRARY_DIR", &x->libdirs}, {"MO2C_LIBRARY", &x->libs},
    };
    for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++)
        for (int i = 0; i < lists[l].v->n; i++) {
            const char *line = mo_intern_cstr(mo_sprintf("%s %s", lists[l].tag, lists[l].v->v[i]));
            if (mo_map_get(seen, line))
                continue;
            mo_map_put(seen, line, (void *)line);
            mo_buf_printf(h, " * %s\n", line);
        }
    if (x->sources) {
        const char *line = mo_intern_cstr(mo_sprintf("MO2C_MSL_SOURCES %s", x->sources));
        if (!mo_map_get(seen, line)) {
            mo_map_put(seen, line, (void *)line);
            mo_buf_printf(h, " * %s\n", line);
        }
    }
}
