/*
 * codegen_fn.h - what the files that write a user function's C share: codegen_fn.c (the function,
 * its statements, its memory), codegen_farr.c (its array values and the expressions that need
 * statements before them) and codegen_fleaf.c (the leaves of its expressions: elements, Strings, size).
 *
 * Array values in a function's C: an array variable is an mo2c_arr (mo2c_rt.h) that owns a heap block
 * (outputs and locals; `mo2c_arr vK_x`), or a pointer to one (inputs: `const mo2c_arr *vK_x`); the value
 * of an array expression is a temporary mo2c_arr on the function stack, made by statements printed
 * before the statement that uses it. Everywhere below an array value is named by a C expression of type
 * pointer to mo2c_arr ("(&v2_y)", "v0_x", "(&t4_)"). An array of Strings is an mo2c_arr too, its
 * elements in s[] (mo2c_satmp, mo2c_savar; an element is read as mo2c_str(p->s[i]) and assigned with
 * mo2c_sset_el, which copies), so the structural operations (slices, cat, transpose, assignment) serve
 * both; element-wise arithmetic never meets one (fnexpr.c refuses it). The statement that makes temporaries is enclosed in
 * a block that takes a mark of the function stack and releases it after; loops release their mark at
 * the start of each iteration (a break may have skipped a statement's release); the function releases
 * its own mark on every way out.
 *
 * Failures: checked operations clear `ok` (their first message is kept); array operations and calls
 * jump to the function's `fail_` label, which frees and releases everything the function holds.
 */
#ifndef MO2C_CODEGEN_FN_H
#define MO2C_CODEGEN_FN_H

#include "codegen.h"

enum { MO_FG_MAX_BLOCKS = 256 };

typedef struct mo_fgen {
    mo_cg cg;                 /* expression printing: cg.fn is the function, cg.leaf the hook below */
    const mo_func *f;
    mo_buf *where;            /* the where strings of this function's statements */
    int nwhere;
    const mo_fstmt *stmt;     /* the statement being printed (its where string) */
    const char *wname;        /* the name of its where string ("f_3_P_f_W7_") */
    int ntmp;                 /* temporaries and loop variables named so far: t<k>_ */
    bool has_return;
    mo_map leaf;              /* expression node -> the C text that stands for it (prepared values;
                               * codegen_farr.c), emptied at each statement */
    int block;                /* C blocks opened inside the statement's expressions ... */
    unsigned gen[MO_FG_MAX_BLOCKS]; /* ... and a count per depth of those closed (prepared values die
                               * with their block) */
} mo_fgen;

/* codegen_fn.c */
/* The where name of the current statement (its string is written out when the statement's code uses it). */
const char *mo_fg_where(mo_fgen *g);
/* A fresh number for a temporary or loop variable. */
int mo_fg_tmp(mo_fgen *g);
void mo_fg_indent(mo_buf *o, int in);
/* f is called: its C is written (with the functions it calls). */
void mo_fg_use(const mo_func *f);

/* codegen_farr.c */
/* Is e a String? The name of the built-in e calls ("" when e is no such call). The C text prepared for
 * e while the block that made it is open, or NULL. e printed by mo_cg_expr on its own (its prepared
 * parts standing for themselves). s as a C string literal, escaped. */
bool mo_fg_is_string(mo_fgen *g, const mo_expr *e);
const char *mo_fg_fname(const mo_expr *e);
const char *mo_fg_get_leaf(const mo_fgen *g, const mo_expr *e);
const char *mo_fg_print(mo_fgen *g, const mo_expr *e);
const char *mo_fg_c_literal(const char *s);
/* Does e need statements before it (array values, reductions, calls with array arguments, ...)? */
bool mo_fg_needs(mo_fgen *g, const mo_expr *e);
/* The C text of scalar e, after printing into o (at indentation in) the statements it needs. */
const char *mo_fg_scalar(mo_fgen *g, mo_buf *o, int in, const mo_expr *e);
/* The value of array e: statements printed into o, then a pointer to mo2c_arr; copy: never the storage
 * of a variable (a copy when e is one), for values that must outlive changes to it. */
const char *mo_fg_array(mo_fgen *g, mo_buf *o, int in, const mo_expr *e, bool copy);
/* target := value, where target is slot (whole) or the subscripted target sub (an MO_EX_INDEX over it),
 * and value is a C text: a pointer to mo2c_arr when array, else a scalar. */
void mo_fg_store(mo_fgen *g, mo_buf *o, int in, int slot, const mo_expr *sub, const char *value, bool array);
/* A call of a user function c (a statement, or an array value): its arguments, then the call into one
 * C variable per output slot; returns their texts (a double, or a pointer to mo2c_arr). */
const char **mo_fg_call(mo_fgen *g, mo_buf *o, int in, const mo_expr *c);

/* codegen_fleaf.c */
/* The storage of array slot v of the function as a pointer to mo2c_arr ("(&v2_y)", or "v0_x" for an
 * input); a scalar slot's C variable. */
const char *mo_fg_slot(const mo_func *f, int v);
/* The expression hook of mo_cg for function bodies (mo_cg.leaf). */
const char *mo_fg_leaf(mo_cg *cg, const mo_expr *e);
/* Element e (an MO_EX_INDEX with scalar subscripts over a slot or a prepared array): the array, and the
 * element's offset in it into *offset; mo_fg_element: the element as an lvalue (numbers) or a value (a
 * String). */
const char *mo_fg_element_at(mo_fgen *g, const mo_expr *e, const char **offset);
const char *mo_fg_element(mo_fgen *g, const mo_expr *e);

/* codegen_fnext.c: the body of external function g->f (its C call) into o, the thunk it calls and the
 * C function's prototype into defs (before the function); the Include texts of f not in seen yet; the
 * header lines (MO2C_INCLUDE_DIR, MO2C_LIBRARY_DIR, MO2C_LIBRARY, MO2C_MSL_SOURCES) that build.c reads. */
void mo_fg_external(mo_fgen *g, mo_buf *o, mo_buf *defs);
void mo_fg_ext_includes(const mo_func *f, mo_buf *out, mo_map *seen);
void mo_fg_ext_header(const mo_func *f, mo_buf *h, mo_map *seen);

#endif
