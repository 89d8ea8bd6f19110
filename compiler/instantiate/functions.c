/*
 * functions.c - user-defined functions flattened into the flat model's function table (flat.h).
 *
 * Input: a function class found by a call (funcall.c), with lookup.c answering names. Output: an
 * mo_func: its slots (inputs, outputs, protected locals, for-loop iterators; a record variable covers
 * one slot per field; an array is one slot with its dimensions as expressions over the slots), the
 * bindings of its slots, its algorithm (statements: fnstmt.c, expressions: fnexpr.c, a C call:
 * fnext.c), and what fnprops.c finds: its order of initialization, derivative annotation, whether it
 * can be inlined. Each function is flattened once per model (memo by class) and added to flat->funcs
 * before its body is resolved, so recursive calls resolve.
 * Preconditions: the AST of the parser; the function's class has its parent pointers (load.c).
 *
 * Supported: Real, Integer and Boolean scalars and arrays of them (types given directly or through
 * short classes such as SIunits types, dimensions from the declaration, the type and short classes,
 * ':' for sizes given by the argument or, on outputs and locals, by assignment), records whose fields
 * are such scalars and arrays (a slot per field), Strings, external objects (Integer handles),
 * functional inputs (12.4.2), defaults
 * of inputs (over earlier inputs), initial values of outputs and locals, values given by short classes
 * with modifiers (function f2 = f(x = 3)), arrays of records (a structure of arrays: a slot per field
 * with the array's dimensions first), vectors of Strings as inputs, when the call gives Strings known
 * then (a function made per call), or a vector made when the caller runs (a function made for such an
 * argument, whose input is an array slot), arrays of Strings as outputs and locals (array slots of type
 * String). Not supported (a "not supported yet" error): nested records, String inputs of more than one
 * dimension, arrays of Strings as record fields. Equations in functions are errors.
 */
#include "aval.h"
#include "fnbuild.h"

#include <stdint.h>
#include <string.h>

static mo_map memo;           /* function class -> its mo_func */
static const mo_flat *memo_flat;

static const char *join(const char *a, const char *b)
{
    return mo_intern_cstr(mo_sprintf("%s.%s", a, b));
}

/* ---- declarations ---- */


/* The type of a component of a function: a predefined scalar type (*bt; *enum_cls an enumeration, or a
 * class extending ExternalObject, whose instances are Integer handles) or a record class (*rec). The
 * dimensions that short classes add on the way (type Vector = Real[3]) go to dims, outermost first;
 * a type in long form that extends one (4.5.2) is followed as a short class. */
static bool decl_type(mo_class *owner, mo_element *e, int *bt, mo_class **rec, mo_fbuild_dims *dims,
                      const mo_class **enum_cls, mo_class **fn_type)
{
    *rec = NULL;
    *enum_cls = NULL;
    if (fn_type)
        *fn_type = NULL;
    mo_class *c = mo_lookup_class(owner, e->type, "class");
    while (c) {
        mo_element *x;
        int errors = mo_error_count();
        if (c->form == MO_FORM_SHORT) {
            for (int k = 0; k < c->nshort_dims; k++) {
                mo_fbuild_dim p = {-1, -1, c->short_dims[k], c->parent ? c->parent : c, NULL};
                MO_PUSH(*dims, p);
            }
            c = mo_short_target(c);
        } else {
            /* type T extends Real[3, 3] ... end T (4.5.2) */
            mo_class *base = c->form == MO_FORM_LONG && c->kind == MO_CL_TYPE ? mo_type_extends(c, &x) : NULL;
            if (!base) {
                if (mo_error_count() > errors)
                    return false;
                break;
            }
            c = base;
        }
    }
    if (!c)
        return false;
    *bt = c->form == MO_FORM_ENUM ? MO_T_INTEGER : mo_builtin_type(c);
    if (c->form == MO_FORM_ENUM)
        *enum_cls = c;
    if (*bt < 0) {
        if (c->kind == MO_CL_RECORD || c->kind == MO_CL_OPERATOR_RECORD) {
            *rec = c;
            return true;
        }
        if (mo_class_is_extobj(c)) {   /* an external object: its handle (*enum_cls the class, 12.9.7) */
            *bt = MO_T_INTEGER;
            *enum_cls = c;
            return true;
        }
        if (fn_type && c->kind == MO_CL_FUNCTION && (e->flags & MO_PF_INPUT)) {
            *fn_type = c;   /* a functional input (12.4.2) */
            return true;
        }
        mo_error(e->type->loc, "'%s' is a %s and cannot be the type of a function variable",
                 mo_name_str(e->type), mo_class_kind_name(c->kind));
        return false;
    }
    return true;
}

/* The fields of a record class, in declaration order: scalars and arrays of predefined types (NULL
 * after an error). */
static mo_layout *record_fields(mo_class *rec, mo_loc use)
{
    mo_layout *lay = mo_layout_of(rec);
    if (!lay)
        return NULL;
    for (int i = 0; i < lay->n; i++) {
        mo_element *fe = lay->items[i].elem;
        int bt;
        mo_class *sub;
        const mo_class *ec;
        mo_fbuild_dims dims = {0};
        if (!decl_type(lay->items[i].owner, fe, &bt, &sub, &dims, &ec, NULL))
            return NULL;
        if (sub) {
            mo_error(fe->loc, "not supported yet: nested records in functions");
            mo_note(use, "the record is used here");
            return NULL;
        }
        if (bt == MO_T_STRING && (dims.n || fe->ndims || fe->ntype_dims)) {
            mo_error(fe->loc, "not supported yet: arrays of Strings in functions");
            mo_note(use, "the record is used here");
            return NULL;
        }
    }
    return lay;
}

int mo_func_add_slot(mo_func *f, const char *name, mo_loc loc, mo_fvar_kind kind, int type)
{
    mo_fvar v = {name, loc, kind, (mo_basetype)type, NULL, NULL, 0, NULL, NULL, NULL, NULL};
    MO_PUSH(f->vars, v);
    return f->vars.n - 1;
}


static bool declare_functional(mo_fbuild *b, const mo_element *e, mo_class *fn_type, int ndims, mo_fparam *param);
static bool declare_strings(mo_fbuild *b, const mo_element *e, const mo_fbuild_dims *dims, mo_fparam *param);

/* The dimensions and type of a component e written in owner: those of the declaration (Real x[2]),
 * then of the type (Real[3] x), then of short classes (decl_type). */
static bool decl_dims_type(mo_class *owner, mo_element *e, int *bt, mo_class **rec, mo_fbuild_dims *dims,
                           const mo_class **enum_cls, mo_class **fn_type)
{
    for (int k = 0; k < e->ndims; k++)
        MO_PUSH(*dims, ((mo_fbuild_dim){-1, -1, e->dims[k], owner, NULL}));
    for (int k = 0; k < e->ntype_dims; k++)
        MO_PUSH(*dims, ((mo_fbuild_dim){-1, -1, e->type_dims[k], owner, NULL}));
    if (!decl_type(owner, e, bt, rec, dims, enum_cls, fn_type))
        return false;
    if (dims->n > MO_MAX_DIMS) {
        mo_error(e->loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
        return false;
    }
    return true;
}

/* Slot s is an array of dimensions dims (none: a scalar), resolved later by resolve_dims: those from
 * index from on in scope (a record field's own, among its record's fields), the others (the dimensions
 * of an array of records) in the function's. */
static void slot_dims(mo_fbuild *b, int s, mo_fbuild_dims *dims, int from, mo_map *scope)
{
    if (!dims->n)
        return;
    mo_fvar *v = &b->f->vars.v[s];
    v->nd = dims->n;
    v->dims = MO_NEWN(mo_expr *, dims->n);
    b->f->has_arrays = true;
    for (int k = 0; k < dims->n; k++) {
        mo_fbuild_dim d = dims->v[k];
        d.slot = s;
        d.k = k;
        d.scope = k >= from ? scope : NULL;
        MO_PUSH(b->dims, d);
    }
}

/* Declare the slots of one component: a scalar, an array, or every field of a record (a slot each, an
 * array slot for an array field, named r.field; the field's dimensions see the record's other fields).
 * An array of records is a structure of arrays: each field's slot has the array's dimensions first. */
static bool declare(mo_fbuild *b, mo_layout_item *it, mo_fvar_kind kind, mo_fparam *param)
{
    mo_element *e = it->elem;
    mo_func *f = b->f;
    int bt;
    mo_class *rec, *fn_type;
    const mo_class *enum_cls;
    mo_fbuild_dims dims = {0};
    if (!decl_dims_type(it->owner, e, &bt, &rec, &dims, &enum_cls, &fn_type))
        return false;
    if (fn_type)
        return declare_functional(b, e, fn_type, dims.n, param);
    if (mo_map_get(&b->names, e->name)) {
        mo_error(e->loc, "duplicate declaration of '%s'", e->name);
        return false;
    }
    if (bt == MO_T_STRING && dims.n && kind == MO_FV_INPUT)
        return declare_strings(b, e, &dims, param);
    int first = f->vars.n;
    if (rec) {
        mo_layout *lay = record_fields(rec, e->loc);
        if (!lay)
            return false;
        mo_map *scope = MO_NEW(mo_map);   /* field name -> slot + 1, for the fields' dimensions */
        for (int i = 0; i < lay->n; i++) {
            int fbt;
            mo_class *sub;
            const mo_class *fec;
            mo_fbuild_dims fd = {0};
            for (int k = 0; k < dims.n; k++)
                MO_PUSH(fd, dims.v[k]);
            if (!decl_dims_type(lay->items[i].owner, lay->items[i].elem, &fbt, &sub, &fd, &fec, NULL))
                return false;
            if (fd.n > MO_MAX_DIMS) {
                mo_error(e->loc, "not supported yet: arrays with more than %d dimensions", MO_MAX_DIMS);
                return false;
            }
            const char *n = join(e->name, lay->items[i].elem->name);
            if (fec && fec->form != MO_FORM_ENUM) {
                mo_error(e->loc, "not supported yet: external objects as fields of records");
                return false;
            }
            int s = mo_func_add_slot(f, n, e->loc, kind, fbt);
            f->vars.v[s].enum_cls = fec;
            mo_map_put(&b->names, n, (void *)(intptr_t)(s + 1));
            mo_map_put(scope, lay->items[i].elem->name, (void *)(intptr_t)(s + 1));
            slot_dims(b, s, &fd, dims.n, scope);
        }
        mo_map_put(&b->names, e->name, (void *)(intptr_t)-1); /* the record itself: no slot */
        mo_frecvar *rv = MO_NEW(mo_frecvar);
        *rv = (mo_frecvar){rec, first, f->vars.n - first, dims.n};
        mo_map_put(&b->recs, e->name, rv);
    } else {
        int s = mo_func_add_slot(f, e->name, e->loc, kind, bt);
        if (enum_cls && enum_cls->form != MO_FORM_ENUM)
            f->vars.v[s].extobj = enum_cls;
        else
            f->vars.v[s].enum_cls = enum_cls;
        mo_map_put(&b->names, e->name, (void *)(intptr_t)(s + 1));
        slot_dims(b, s, &dims, dims.n, NULL);
    }
    if (param) {
        param->name = e->name;
        param->loc = e->loc;
        param->record = rec;
        param->rec_nd = rec ? dims.n : 0;
        param->first = first;
        param->count = f->vars.n - first;
    }
    return true;
}

/* The input types of a function type, or the inputs of a function: the layout's inputs in order. */
static int input_names(mo_class *cls, const char **names, int cap)
{
    mo_layout *lay = mo_layout_of(cls);
    int n = 0;
    for (int i = 0; lay && i < lay->n; i++)
        if (lay->items[i].elem->flags & MO_PF_INPUT) {
            if (n < cap)
                names[n] = lay->items[i].elem->name;
            n++;
        }
    return n;
}

/* A functional input: in a function made for a call, one input slot per input of the argument's function
 * that the argument binds (function g(a = 1)); otherwise the function stays a signature (generic). The
 * argument's function must take the type's inputs (by name, none of them bound) and give its outputs. */
static bool declare_functional(mo_fbuild *b, const mo_element *e, mo_class *fn_type, int ndims, mo_fparam *param)
{
    mo_func *f = b->f;
    if (ndims) {
        mo_error(e->loc, "not supported yet: arrays of functions as inputs");
        return false;
    }
    mo_map_put(&b->names, e->name, (void *)(intptr_t)-2);   /* called or passed on, never a value */
    param->name = e->name;
    param->loc = e->loc;
    param->first = f->vars.n;
    param->fn_type = fn_type;
    const mo_fnbind *bd = NULL;
    for (int i = 0; i < b->nbinds; i++)
        if (b->binds[i].input == e->name)
            bd = &b->binds[i];
    if (!bd) {
        f->generic = true;
        return true;
    }
    mo_func *a = mo_func_spec(b->ctx.fr, bd->actual, bd->written, bd->via, bd->nsub, bd->sub, e->loc);
    if (!a)
        return false;
    if (a->generic) {
        mo_error(e->loc, "not supported yet: a function with functional inputs as the argument '%s' of '%s'",
                 e->name, f->name);
        return false;
    }
    param->fn_actual = bd->actual;
    param->fn_written = bd->written;
    param->fn_via = bd->via;
    param->fn_name = a->name;
    param->fn_bound = bd->bound;
    param->fn_nsub = bd->nsub;
    param->fn_sub = bd->sub;
    const char *tnames[64];
    int nt = input_names(fn_type, tnames, 64);
    for (int k = 0; k < nt && k < 64; k++) {
        bool found = false, bound = false;
        for (int q = 0; q < a->inputs.n; q++)
            found |= a->inputs.v[q].name == tnames[k];
        for (int q = 0; q < bd->nbound; q++)
            bound |= bd->bound[q] == tnames[k];
        if (!found || bound) {
            mo_error(e->loc, "'%s' given for input '%s' of '%s' %s input '%s' of its type '%s'", a->name, e->name,
                     f->name, found ? "binds the" : "has no", tnames[k], fn_type->name);
            return false;
        }
    }
    param->fn_nbound = bd->nbound;
    param->fn_slots = MO_NEWN(mo_fparam, bd->nbound + 1);
    for (int q = 0; q < bd->nbound; q++) {
        const mo_fparam *ap = NULL;
        for (int k = 0; k < a->inputs.n; k++)
            if (a->inputs.v[k].name == bd->bound[q])
                ap = &a->inputs.v[k];
        if (!ap || ap->fn_type) {
            mo_error(e->loc, "%s '%s' of '%s' in the function given for input '%s' of '%s'",
                     ap ? "not supported yet: binding the function input" : "no input", bd->bound[q],
                     a->name, e->name, f->name);
            return false;
        }
        /* a slot per slot of a's input: a record's fields, "f.data.MM", each sized by its argument */
        mo_fparam *sp = &param->fn_slots[q];
        sp->name = join(e->name, bd->bound[q]);
        sp->loc = e->loc;
        sp->record = ap->record;
        sp->rec_nd = ap->rec_nd;
        sp->first = f->vars.n;
        sp->count = ap->count;
        for (int k = ap->first; k < ap->first + ap->count; k++) {
            const mo_fvar *av = &a->vars.v[k];
            int s = mo_func_add_slot(f, join(e->name, av->name), e->loc, MO_FV_INPUT, av->type);
            f->vars.v[s].enum_cls = av->enum_cls;
            if (av->nd) {
                f->vars.v[s].nd = av->nd;
                f->vars.v[s].dims = MO_NEWN(mo_expr *, av->nd);
                f->has_arrays = true;
            }
        }
        if (ap->record) {   /* passed to a as the record variable "f.data" (mo_fctx_call_functional) */
            mo_frecvar *rv = MO_NEW(mo_frecvar);
            *rv = (mo_frecvar){(mo_class *)ap->record, sp->first, sp->count, ap->rec_nd};
            mo_map_put(&b->recs, sp->name, rv);
        }
    }
    param->count = f->vars.n - param->first;
    return true;
}

/* An input that is a vector of Strings: no slot; in a function made for a call, the Strings the call
 * gives (known when the model is compiled: mo_fctx_specialize), read by the body as constants (fnexpr.c);
 * otherwise the function stays a signature (generic). */
static bool declare_strings(mo_fbuild *b, const mo_element *e, const mo_fbuild_dims *dims, mo_fparam *param)
{
    if (dims->n != 1) {
        mo_error(e->loc, "not supported yet: arrays of Strings of %d dimensions as inputs of functions", dims->n);
        return false;
    }
    param->name = e->name;
    param->loc = e->loc;
    param->first = b->f->vars.n;
    const mo_fnbind *bd = NULL;
    for (int i = 0; i < b->nbinds; i++)
        if (b->binds[i].input == e->name && !b->binds[i].actual)
            bd = &b->binds[i];
    if (bd && bd->nstrs < 0) {   /* made when the caller runs (a function's): an array slot as any other */
        int s = mo_func_add_slot(b->f, e->name, e->loc, MO_FV_INPUT, MO_T_STRING);
        mo_map_put(&b->names, e->name, (void *)(intptr_t)(s + 1));
        slot_dims(b, s, (mo_fbuild_dims *)dims, dims->n, NULL);
        param->count = 1;
        return true;
    }
    mo_map_put(&b->names, e->name, (void *)(intptr_t)-3);
    param->str_array = true;
    if (!bd) {
        b->f->generic = true;
        return true;
    }
    const mo_expr *size = dims->v[0].size;
    if (size->kind != MO_EX_COLON && (size->kind != MO_EX_INT || size->ival != bd->nstrs)) {
        if (size->kind == MO_EX_INT)
            mo_error(e->loc, "input '%s' of '%s' has %d elements, the argument %d", e->name, b->f->name,
                     (int)size->ival, bd->nstrs);
        else
            mo_error(size->loc, "not supported yet: a size other than ':' or a number of an array of Strings "
                     "input");
        return false;
    }
    param->str_n = bd->nstrs;
    param->str_values = bd->strs;
    return true;
}

/* The dimensions of the array slots, resolved over the slots (a record field's over its record's other
 * fields): each an Integer scalar (an enumeration or Boolean type gives its number of values), NULL for
 * ':'. */
static bool resolve_dims(mo_fbuild *b)
{
    for (int i = 0; i < b->dims.n; i++) {
        const mo_fbuild_dim *p = &b->dims.v[i];
        mo_fvar *v = &b->f->vars.v[p->slot];
        mo_map *names = p->scope ? p->scope : &b->names;
        if (p->size->kind == MO_EX_COLON) {
            v->dims[p->k] = NULL;
            continue;
        }
        if (p->size->kind == MO_EX_REF && !p->size->global && p->size->nparts == 1 &&
            !strcmp(p->size->parts[0].id, "Boolean") && !mo_map_get(names, p->size->parts[0].id)) {
            v->dims[p->k] = mo_expr_int(p->size->loc, 2);
            continue;
        }
        if (p->size->kind == MO_EX_REF && !mo_map_get(names, mo_intern_cstr(mo_ref_str(p->size)))) {
            mo_name n;
            mo_name_of_ref(&n, p->size);
            mo_found f;
            if (mo_lookup_name(p->owner, &n, &f) < 0 && f.cls && f.cls->form == MO_FORM_ENUM) {
                v->dims[p->k] = mo_expr_int(p->size->loc, f.cls->nliterals);
                continue;
            }
        }
        b->ctx.owner = p->owner;
        b->ctx.names = names;
        mo_expr *d = mo_fctx_expr(&b->ctx, p->size);
        b->ctx.names = &b->names;
        if (!d)
            return false;
        int t = mo_func_expr_type(NULL, b->f, d);
        if (mo_func_expr_rank(b->f, d) != 0 || (t >= 0 && t != MO_T_INTEGER)) {
            mo_error(p->size->loc, "an array dimension must be an Integer, not %s",
                     mo_func_expr_rank(b->f, d) ? "an array" : mo_func_type_name(t));
            return false;
        }
        v->dims[p->k] = d;
    }
    return true;
}

/* ---- the function ---- */

/* The prefixes of component e: its own and those of the short classes its type is defined by
 * (type InArgument = input Real, 4.5.1). Lookup errors are left to decl_type. */
static unsigned elem_flags(mo_class *owner, const mo_element *e)
{
    unsigned fl = e->flags;
    mo_found t;
    if (mo_lookup_name(owner, e->type, &t) >= 0 || !t.cls)
        return fl;
    for (mo_class *c = t.cls; c && c->form == MO_FORM_SHORT; c = mo_short_target(c))
        fl |= c->short_prefixes;
    return fl;
}

static const char *c_name(int n, const char *name)
{
    mo_buf b = {0};
    mo_buf_printf(&b, "f_%d_", n);
    for (int i = 0; name[i] && i < 40; i++) {
        char ch = name[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
        mo_buf_putn(&b, ok ? &name[i] : "_", 1);
    }
    return mo_buf_str(&b);
}

/* The modifier of a record variable gives its fields values: output Complex result(re = re, im = im). */
static bool field_values(mo_fbuild *b, mo_layout_item *it)
{
    const mo_mod *m = it->elem->mod;
    b->ctx.owner = it->owner;
    for (int k = 0; k < m->nargs; k++) {
        const mo_arg *a = &m->args[k];
        if (a->kind != MO_ARG_MOD || a->name.n != 1 || !a->mod || !a->mod->binding)
            continue;
        int s = mo_fbuild_slot(b, join(it->elem->name, a->name.ids[0]));
        if (s < 0) {
            mo_error(a->name.loc, "record '%s' has no field '%s'", it->elem->name, a->name.ids[0]);
            return false;
        }
        mo_expr *v = mo_fctx_expr(&b->ctx, a->mod->binding);
        if (!v || !mo_fbuild_check_binding(b, a->mod->binding->loc, s, v))
            return false;
        b->f->vars.v[s].binding = v;
        mo_fbuild_mark_assigned(b, s);
    }
    return true;
}

/* An array slot declared with a size 0 (output Real cr[0]: Blocks' filter coefficients): it has no
 * element to assign. */
static bool empty_array(const mo_fvar *v)
{
    for (int k = 0; k < v->nd; k++)
        if (v->dims[k] && v->dims[k]->kind == MO_EX_INT && v->dims[k]->ival == 0)
            return true;
    return false;
}

/* A record variable's fields start at the values its record class gives them (the fields' declarations,
 * and the modifiers of the class's extends clauses: record Ideal extends Coeff(nc = 5, a = {...}), the
 * Media library's coefficients), each read in the record's own scope (its other fields, then the classes
 * around the record); the variable's own modifier (field_values) comes after, and wins. Inputs get their
 * values from the call; arrays of records keep no defaults yet. */
static bool field_defaults(mo_fbuild *b, const mo_frecvar *rv)
{
    mo_layout *lay = mo_layout_of(rv->rec);
    if (!lay || rv->nd || rv->count != lay->n || b->f->vars.v[rv->first].kind == MO_FV_INPUT)
        return true;
    mo_map scope = {0};   /* field name -> slot + 1 */
    for (int i = 0; i < lay->n; i++)
        mo_map_put(&scope, lay->items[i].elem->name, (void *)(intptr_t)(rv->first + i + 1));
    mo_map *names = b->ctx.names;
    b->ctx.names = &scope;
    bool ok = true;
    for (int i = 0; i < lay->n && ok; i++) {
        const mo_expr *binding;
        mo_class *where;
        if (!mo_member_binding(rv->rec, lay->items[i].elem->name, &binding, &where))
            continue;
        b->ctx.owner = where;
        int s = rv->first + i;
        mo_expr *v = mo_fctx_expr(&b->ctx, binding);
        ok = v && mo_fbuild_check_binding(b, binding->loc, s, v);
        if (ok) {
            b->f->vars.v[s].binding = v;
            mo_fbuild_mark_assigned(b, s);
        }
    }
    b->ctx.names = names;
    return ok;
}

/* Is a modifier written in owner one that may use the components of a model (not a package's or a
 * function's)? */
static bool in_model(const mo_class *owner)
{
    return owner->kind != MO_CL_PACKAGE && owner->kind != MO_CL_FUNCTION && owner->kind != MO_CL_OPERATOR &&
           owner->kind != MO_CL_OPERATOR_FUNCTION;
}

/* The binding of a record variable (Complex[2] t = {Complex(1, 2), Complex(3, 4)}; a
 * record's own field defaults are overridden): each field's slot is bound to that field of the value
 * (fnrecord.c), as r := v would assign them, and initialized in the order of the bindings' dependences
 * (mo_func_init_order); an input's binding is its default, which a call that omits the input takes
 * field by field (mo_fctx_complete). */
static bool record_binding(mo_fbuild *b, const mo_frecvar *rv, const char *name, const mo_expr *binding)
{
    mo_frec v;
    int k = mo_fctx_record(&b->ctx, binding, &v);
    if (k <= 0) {
        if (k == 0)
            mo_error(binding->loc, "'%s' is a record: its binding must be a record", name);
        return false;
    }
    mo_layout *lay = mo_layout_of(v.rec);
    if (!lay || lay->n != rv->count || v.nd != rv->nd) {
        mo_error(binding->loc, "cannot bind %s of type '%s' to '%s', %s of type '%s'",
                 v.nd ? "an array of records" : "a record", mo_class_full_name(v.rec), name,
                 rv->nd ? "an array of records" : "a record", mo_class_full_name(rv->rec));
        return false;
    }
    size_t pl = strlen(name) + 1;   /* the field slots are named r.f */
    for (int q = 0; q < rv->count; q++) {
        int s = rv->first + q;
        const char *field = b->f->vars.v[s].name + pl;
        intptr_t at = mo_layout_find(lay, mo_intern_cstr(field));
        if (!at) {
            mo_error(binding->loc, "record '%s' has no field '%s' of '%s'", mo_class_full_name(v.rec), field, name);
            return false;
        }
        mo_expr *fv = v.fields[at - 1];
        if (!mo_fbuild_check_binding(b, binding->loc, s, fv))
            return false;
        b->f->vars.v[s].binding = fv;
        mo_fbuild_mark_assigned(b, s);
    }
    return true;
}

/* function f = der(g, u1, ...) (12.7.2): g's inputs and outputs, the derivatives of g's outputs by the
 * inputs u1, ... in order; the body comes later (mo_func_partials, funcdiff.c: the back end's symbolic
 * differentiation). g's slots are scalar Reals, Integers or Booleans, its outputs Reals. */
static bool partial_of(mo_fbuild *b, mo_class *cls)
{
    mo_func *f = b->f;
    mo_class *gc = mo_lookup_class(cls->parent, cls->der_fn, "function");
    if (!gc)
        return false;
    if (gc->kind != MO_CL_FUNCTION) {
        mo_error(cls->der_fn->loc, "'%s' is a %s, not a function (specification 12.7.2)", mo_name_str(cls->der_fn),
                 mo_class_kind_name(gc->kind));
        return false;
    }
    const mo_func *g = mo_func_of(b->ctx.fr, gc, cls->der_fn->loc);
    if (!g)
        return false;
    for (int i = 0; i < g->vars.n; i++) {
        const mo_fvar *v = &g->vars.v[i];
        if (i < g->nin + g->nout && (v->nd || v->type == MO_T_STRING || v->extobj || v->inst_default ||
                                     (i >= g->nin && v->type != MO_T_REAL))) {
            mo_error(cls->loc, "not supported yet: the partial derivative of '%s', whose %s '%s' is no scalar "
                     "Real, Integer or Boolean (outputs: Real)", g->name, i < g->nin ? "input" : "output", v->name);
            return false;
        }
    }
    if (g->ext || g->generic) {
        mo_error(cls->loc, "not supported yet: the partial derivative of %s '%s'", g->ext ? "the external function"
                 : "the function with functional inputs", g->name);
        return false;
    }
    f->pder_of = g;
    f->npder = cls->nder_ids;
    f->pder_wrt = MO_NEWN(int, cls->nder_ids + 1);
    for (int k = 0; k < cls->nder_ids; k++) {
        int s = -1;
        for (int i = 0; i < g->nin && s < 0; i++)
            if (!strcmp(g->vars.v[i].name, cls->der_ids[k]))
                s = i;
        if (s < 0 || g->vars.v[s].type != MO_T_REAL) {
            mo_error(cls->loc, "'%s' is not a scalar Real input of '%s': der(%s, ...) differentiates by those "
                     "(specification 12.7.2)", cls->der_ids[k], g->name, g->name);
            return false;
        }
        f->pder_wrt[k] = s;
    }
    for (int i = 0; i < g->nin + g->nout; i++) {
        mo_fvar v = g->vars.v[i];
        if (i >= g->nin)
            v.binding = NULL;
        MO_PUSH(f->vars, v);
    }
    for (int k = 0; k < g->inputs.n; k++)
        MO_PUSH(f->inputs, g->inputs.v[k]);
    for (int k = 0; k < g->outputs.n; k++)
        MO_PUSH(f->outputs, g->outputs.v[k]);
    f->nin = g->nin;
    f->nout = g->nout;
    return mo_func_init_order(f);
}

static bool build(mo_fbuild *b, mo_class *cls)
{
    mo_func *f = b->f;
    if (cls->flags & MO_PF_PARTIAL) {
        mo_error(cls->loc, "cannot call partial function '%s'", f->name);
        return false;
    }
    if (cls->form == MO_FORM_DER)
        return partial_of(b, cls);
    mo_layout *lay = mo_layout_of(cls);
    if (!lay)
        return false;
    /* inputs first, then outputs, then the rest: the slot order of flat.h */
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < lay->n; i++) {
            mo_layout_item *it = &lay->items[i];
            unsigned fl = elem_flags(it->owner, it->elem);
            if (fl & (MO_PF_INNER | MO_PF_OUTER)) {   /* spec 12.2 */
                mo_error(it->elem->loc, "element '%s' of function '%s' cannot be %s", it->elem->name, f->name,
                         fl & MO_PF_INNER ? "inner" : "outer");
                return false;
            }
            int want = fl & MO_PF_INPUT ? 0 : fl & MO_PF_OUTPUT ? 1 : 2;
            if (want != pass)
                continue;
            if (pass == 2 && !(fl & MO_PF_PROTECTED) && !(fl & (MO_PF_CONSTANT | MO_PF_PARAMETER))) {
                mo_error(it->elem->loc, "public variable '%s' of function '%s' must be an input or an output",
                         it->elem->name, f->name);
                return false;
            }
            mo_fparam p = {0};
            if (!declare(b, it, pass == 0 ? MO_FV_INPUT : pass == 1 ? MO_FV_OUTPUT : MO_FV_LOCAL,
                         pass < 2 ? &p : NULL))
                return false;
            if (pass == 0)
                MO_PUSH(f->inputs, p);
            else if (pass == 1)
                MO_PUSH(f->outputs, p);
        }
    for (int k = 0; k < f->inputs.n; k++)
        f->nin += f->inputs.v[k].count;
    for (int k = 0; k < f->outputs.n; k++)
        f->nout += f->outputs.v[k].count;
    if (f->nout > MO_MAX_ITERATORS) {
        mo_error(cls->loc, "function '%s' has more than %d outputs", f->name, MO_MAX_ITERATORS);
        return false;
    }
    if (f->generic)   /* a signature: calls use functions made for their arguments (mo_func_spec) */
        return true;
    if (!resolve_dims(b))
        return false;
    /* bindings: defaults of inputs and initial values, resolved over the slots (a short class's
     * modifier first) */
    for (int i = 0; i < lay->n; i++) {
        mo_element *e = lay->items[i].elem;
        const mo_frecvar *rv = mo_map_get(&b->recs, e->name);
        if (rv && !field_defaults(b, rv))
            return false;
        if (e->mod && e->mod->nargs && !e->mod->binding && mo_fbuild_slot(b, e->name) < 0 &&
            !field_values(b, &lay->items[i]))
            return false;
        const mo_expr *binding = NULL;   /* the declaration's, or an extends clause's: extends f(x = 10) */
        mo_class *owner = lay->items[i].owner;
        bool from_short = false;
        if (!mo_member_binding(cls, e->name, &binding, &owner)) {
            binding = NULL;
            owner = lay->items[i].owner;
        }
        for (int k = b->mods.n - 1; k >= 0; k--)   /* the outermost wins: it is first */
            if (b->mods.v[k].name == e->name) {
                binding = b->mods.v[k].binding;
                owner = b->mods.v[k].owner;
                from_short = true;
            }
        if (!binding || (intptr_t)mo_map_get(&b->names, e->name) == -3)
            continue;   /* (a vector of Strings: its default is the call's, mo_fctx_specialize) */
        int s = mo_fbuild_slot(b, e->name);   /* -1 for a record variable: its fields have the slots */
        if (s < 0 && !rv) {
            mo_error(binding->loc, "not supported yet: a binding of '%s' here", e->name);
            return false;
        }
        if (s < 0 && rv->count == 0)           /* a record without fields: nothing to bind */
            continue;
        bool input = f->vars.v[s >= 0 ? s : rv->first].kind == MO_FV_INPUT;
        if (s < 0 && from_short && input && in_model(owner)) {
            mo_error(binding->loc, "not supported yet: a default of the record input '%s' given by a modifier in "
                     "a model", e->name);
            return false;
        }
        if (s < 0) {
            b->ctx.owner = owner;
            if (!record_binding(b, rv, e->name, binding))
                return false;
            continue;
        }
        if (from_short && input && in_model(owner)) {
            f->vars.v[s].inst_default = binding;   /* over the components of a model: at each call */
            f->vars.v[s].inst_owner = owner;
            continue;
        }
        b->ctx.owner = owner;
        /* a protected external object: made by its constructor at the start of the call, destroyed on
         * return (codegen_fn.c), so its binding is a call of the constructor and nothing else */
        bool local_eo = f->vars.v[s].extobj && f->vars.v[s].kind == MO_FV_LOCAL;
        b->ctx.eo_binding = local_eo && binding->kind == MO_EX_CALL;
        mo_expr *v = mo_fctx_expr(&b->ctx, binding);
        bool made = local_eo && !b->ctx.eo_binding;
        b->ctx.eo_binding = false;
        if (!v || !mo_fbuild_check_binding(b, binding->loc, s, v))
            return false;
        if (local_eo && (!made || binding->kind != MO_EX_CALL)) {
            mo_error(binding->loc, "the external object '%s' of function '%s' must be bound to a call of its "
                     "constructor", e->name, f->name);
            return false;
        }
        f->vars.v[s].binding = v;
        mo_fbuild_mark_assigned(b, s);
    }
    b->ctx.owner = cls;
    if (cls->external) {   /* a C call instead of a body (fnext.c) */
        if (!mo_func_external(&b->ctx, f, cls) || !mo_func_init_order(f))
            return false;
        mo_func_read_derivative(b->ctx.fr, f, cls);
        return mo_error_count() == 0;
    }
    /* the algorithm */
    MO_VEC(mo_fstmt *) body = {0};
    for (int i = 0; i < lay->nsec; i++) {
        const mo_section *sec = lay->secs[i].sec;
        if (!sec->algorithm || sec->initial) {
            mo_error(sec->loc, "a function can only have algorithm sections");
            return false;
        }
        if (i > 0) {   /* 12.2: at most one, inherited ones included */
            mo_error(sec->loc, "function '%s' has more than one algorithm section", f->name);
            mo_note(lay->secs[0].sec->loc, "its first algorithm section");
            return false;
        }
        b->ctx.owner = lay->secs[i].owner;
        mo_fstmt_list l;
        if (!mo_fbuild_stmts(b, &sec->stmts, &l))
            return false;
        for (int k = 0; k < l.n; k++)
            MO_PUSH(body, l.v[k]);
    }
    f->body.n = body.n;
    f->body.v = body.v;
    if (!mo_func_init_order(f))
        return false;
    for (int k = 0; k < f->nout; k++)
        if ((f->nin + k >= b->cap || !b->assigned[f->nin + k]) && !empty_array(&f->vars.v[f->nin + k])) {
            const mo_fvar *v = &f->vars.v[f->nin + k];
            mo_error(v->loc, "output '%s' of function '%s' is never assigned", v->name, f->name);
            return false;
        }
    f->inlinable = mo_func_inlinable(f);
    f->inline_arrays = !f->inlinable && mo_func_assign_chain(f);
    b->ctx.owner = cls;
    mo_func_read_derivative(b->ctx.fr, f, cls);
    return mo_error_count() == 0;
}

/* The values that the short classes from written down to the function class give its components:
 * function f2 = f(x = 3, redeclare Real y = 4), outermost first. false after an error. */
static bool short_mods(mo_fbuild *b, mo_class *written)
{
    for (mo_class *c = written; c && c->form == MO_FORM_SHORT; c = mo_short_target(c)) {
        for (int i = 0; c->short_mod && i < c->short_mod->nargs; i++) {
            const mo_arg *a = &c->short_mod->args[i];
            const mo_element *re = a->kind == MO_ARG_REDECLARE ? mo_arg_element(a) : NULL;
            const mo_mod *m = re ? re->mod : a->mod;
            const char *name = re ? re->name : a->name.ids[0];
            if (a->kind == MO_ARG_REPLACEABLE || (re && re->kind != MO_ELEM_COMPONENT) || (!re && a->name.n != 1)) {
                mo_error(a->name.loc, "not supported yet: this modifier of the function '%s'", c->name);
                return false;
            }
            if (m && m->binding) {
                mo_fbuild_mod sm = {name, m->binding, c->parent ? c->parent : c};
                MO_PUSH(b->mods, sm);
            }
        }
    }
    return true;
}

mo_func *mo_func_of(mo_front *fr, mo_class *cls, mo_loc use)
{
    return mo_func_spec(fr, cls, cls, NULL, 0, NULL, use);
}

mo_func *mo_func_of_written(mo_front *fr, mo_class *cls, mo_class *written, mo_loc use)
{
    return mo_func_spec(fr, cls, written, NULL, 0, NULL, use);
}

mo_func *mo_func_of_via(mo_front *fr, mo_class *cls, mo_class *written, mo_class *via, mo_loc use)
{
    return mo_func_spec(fr, cls, written, via, 0, NULL, use);
}

/* The package that declares function cls: its parent, or for a function local to functions (T_hX's
 * f_nonlinear in MixtureGasNasa), the package that declares the outermost of them. */
static mo_class *declaring_package(mo_class *cls)
{
    mo_class *p = cls->parent;
    while (p && (p->kind == MO_CL_FUNCTION || p->kind == MO_CL_OPERATOR_FUNCTION) && p->parent)
        p = p->parent;
    return p;
}

/* The name of cls built for via: via's, then the path of cls below the package that declares it
 * (FlueGasLambdaOnePlus.T_hX.f_nonlinear). */
static const char *via_name(mo_class *via, mo_class *cls)
{
    const char *all = mo_class_full_name(cls);
    mo_class *pkg = declaring_package(cls);
    const char *p = pkg ? mo_class_full_name(pkg) : "";
    size_t n = strlen(p);
    const char *below = pkg && strncmp(all, p, n) == 0 && all[n] == '.' ? all + n + 1 : cls->name;
    return mo_sprintf("%s.%s", mo_class_full_name(via), below);
}

/* The part of a memo key that says what binds give a function's inputs. Recursion: as deep as partial
 * applications that give functions to functional inputs nest in the text (function g(h = function k(...))). */
static void binds_key(mo_buf *k, int nbinds, const mo_fnbind *binds)
{
    for (int i = 0; i < nbinds; i++) {
        if (!binds[i].actual && binds[i].nstrs < 0) {   /* Strings made at run time */
            mo_buf_printf(k, " %s=*", binds[i].input);
            continue;
        }
        if (!binds[i].actual) {   /* Strings: each as its length and its bytes */
            mo_buf_printf(k, " %s={", binds[i].input);
            for (int q = 0; q < binds[i].nstrs; q++)
                mo_buf_printf(k, "%zu:%s", strlen(binds[i].strs[q]->str), binds[i].strs[q]->str);
            mo_buf_puts(k, "}");
            continue;
        }
        mo_buf_printf(k, " %s=%p via %p(", binds[i].input, (void *)binds[i].written, (void *)binds[i].via);
        for (int q = 0; q < binds[i].nbound; q++)
            mo_buf_printf(k, "%s%s", q ? "," : "", binds[i].bound[q]);
        if (binds[i].nsub) {
            mo_buf_puts(k, ";");
            binds_key(k, binds[i].nsub, binds[i].sub);
        }
        mo_buf_puts(k, ")");
    }
}

bool mo_func_written_modified(mo_class *cls, mo_class *written)
{
    for (mo_class *c = written; c != cls && c && c->form == MO_FORM_SHORT; c = mo_short_target(c))
        if (c->short_mod && c->short_mod->nargs)
            return true;
    return false;
}

mo_func *mo_func_spec(mo_front *fr, mo_class *cls, mo_class *written, mo_class *via, int nbinds,
                      const mo_fnbind *binds, mo_loc use)
{
    if (memo_flat != fr->flat) {
        memset(&memo, 0, sizeof memo);
        memo_flat = fr->flat;
    }
    if (!mo_func_written_modified(cls, written))
        written = cls;
    if (written != cls)
        via = NULL;   /* (a short class names a function of its own package) */
    const char *key = via ? mo_intern_cstr(mo_sprintf("%p via %p", (void *)written, (void *)via)) : (const char *)written;
    if (nbinds) {   /* made for the functions given to its functional inputs, the Strings to its others */
        mo_buf k = {0};
        mo_buf_printf(&k, "%p via %p", (void *)written, (void *)via);
        binds_key(&k, nbinds, binds);
        key = mo_intern_cstr(mo_buf_str(&k));
    }
    mo_func *f = mo_map_get(&memo, key);
    if (f)
        return f->cname ? f : NULL;   /* no cname: it failed before */
    f = MO_NEW(mo_func);
    f->name = mo_intern_cstr(via ? via_name(via, cls) : mo_class_full_name(written));
    f->via = via;
    f->loc = written->loc;
    f->cls = cls;
    f->comment = cls->comment.text;
    mo_map_put(&memo, key, f);
    if (mo_builtin_class(f->name) || mo_func_is_builtin(f->name)) {
        mo_error(cls->loc, "not supported yet: a user function named like the built-in '%s'", f->name);
        mo_note(use, "called here");
        return NULL;
    }
    mo_fbuild b;
    memset(&b, 0, sizeof b);
    b.f = f;
    b.nbinds = nbinds;
    b.binds = binds;
    b.ctx.fr = fr;
    b.ctx.owner = cls;
    b.ctx.fn = f;
    b.ctx.names = &b.names;
    b.ctx.recs = &b.recs;
    /* the slots are declared before the body is resolved, and the function is in the table, so that a
     * recursive call finds its signature */
    int before = mo_error_count();
    f->cname = c_name(fr->flat->funcs.n, f->name);
    MO_PUSH(fr->flat->funcs, f);
    /* the constants of cls's package read through via (flatten_expr.c); without via, a function that
     * extends another (MoistAir's redeclare function extends density_derX, whose inherited output is
     * Density[nX] dddX in PartialMedium's text) reads the constants its package inherits as its package
     * has them (nX = 2), not as the base's package does (5.3, 7.1) */
    mo_class *env[2], *pkg = declaring_package(cls);
    if (via)
        mo_flatten_pkg_env(pkg, via, env);
    else if (pkg && pkg->kind == MO_CL_PACKAGE && mo_scope_of(cls)->has_extends)
        mo_flatten_pkg_env(pkg, pkg, env);
    else
        mo_flatten_pkg_env(NULL, NULL, env);
    bool built = short_mods(&b, written) && build(&b, cls);
    mo_flatten_pkg_env(env[0], env[1], NULL);
    if (!built || mo_error_count() > before) {
        f->cname = NULL;
        mo_note(use, "in a call of '%s'", f->name);
        return NULL;
    }
    return f;
}
