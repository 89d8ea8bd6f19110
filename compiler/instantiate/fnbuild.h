/*
 * fnbuild.h - the state of one function being flattened, shared by the two halves of that work:
 * functions.c (the slots from the declarations, the bindings, the function table) and fnstmt.c (the
 * algorithm's statements, resolved to the slots). Nothing outside these two files includes it.
 */
#ifndef MO2C_FNBUILD_H
#define MO2C_FNBUILD_H

#include "func.h"

/* A dimension of a declaration as written, resolved once every slot is declared (build). */
typedef struct mo_fbuild_dim {
    int slot, k;              /* dimension k of slot */
    const mo_expr *size;      /* the AST expression (MO_EX_COLON for ':') */
    mo_class *owner;          /* the class whose text holds it */
    mo_map *scope;            /* a record field's: the names of its record's fields (else the function's) */
} mo_fbuild_dim;
typedef MO_VEC(mo_fbuild_dim) mo_fbuild_dims;

/* A value a short function class gives a component of its function: function f2 = f(x = 3). */
typedef struct mo_fbuild_mod {
    const char *name;
    const mo_expr *binding;
    mo_class *owner;          /* the class whose text holds it */
} mo_fbuild_mod;

typedef struct mo_fbuild {
    mo_fctx ctx;
    mo_func *f;
    MO_VEC(mo_fbuild_mod) mods;   /* from the short classes on the way to the function, outermost first */
    int nbinds;               /* a function made for a call: what its functional inputs are given */
    const mo_fnbind *binds;
    mo_map names;             /* visible name -> slot + 1; -1 a record variable, -2 a functional input */
    mo_map recs;              /* record variable name -> mo_frecvar (its fields' slots) */
    int loops;                /* loop nesting (break) */
    unsigned char *assigned;  /* per slot: assigned somewhere (output check) */
    int cap;                  /* entries of assigned */
    mo_fbuild_dims dims;      /* the dimensions of the array slots, until build resolves them */
} mo_fbuild;

/* fnstmt.c */
/* The statements l resolved over b's slots into out (false after an error). */
bool mo_fbuild_stmts(mo_fbuild *b, const mo_stmt_list *l, mo_fstmt_list *out);
/* Slot s is assigned somewhere (a binding or a statement). */
void mo_fbuild_mark_assigned(mo_fbuild *b, int s);
/* The binding v of slot (a default or an initial value): its type and its number of dimensions the
 * slot's; false after reporting at loc. */
bool mo_fbuild_check_binding(mo_fbuild *b, mo_loc loc, int slot, const mo_expr *v);
/* The slot of a visible scalar or array variable, or -1. */
int mo_fbuild_slot(mo_fbuild *b, const char *name);

#endif
