/*
 * codegen.h - what the two halves of code generation share: codegen.c (the file, the model
 * description, the functions and blocks) and codegen_expr.c (expressions as C text, and the only two
 * ways model text ever reaches the C file: a string literal and a comment, both escaped).
 */
#ifndef MO2C_CODEGEN_H
#define MO2C_CODEGEN_H

#include "sym.h"

/* The version generated files name (the C file's header, _init.xml's generationTool). */
#define MO2C_GEN_VERSION "0.1.0"

/* The var of a node that stands for a C text (an element of an operand applied element by element):
 * MO_FG_TEXT_INT when the element is an Integer (so that +, - and * of such elements are checked for
 * overflow, codegen_expr.c), else MO_FG_TEXT. No slot has a negative number. */
enum { MO_FG_TEXT = -1, MO_FG_TEXT_INT = -2 };

/* State of the C text being written for one function. */
typedef struct mo_cg {
    const mo_dae *dae;
    mo_buf *out;              /* where expressions are printed */
    int where_id;             /* the equation (see mo_cg_where_id) that checked operations name */
    unsigned char *where_used;/* where_id -> 1 when some code refers to its W<id> string */
    int *extra_slot;          /* alias variable -> its y slot when its value is computed, else -1 */
    bool names;               /* print a comment with the variable's name after each slot */
    const mo_func *fn;        /* printing the body of a user function: MO_EX_VAR is one of its slots */
    const char *where_name;   /* when set, checked operations name this C string instead of W<id> */
    struct mo_cg_events *ev;  /* relations, samples and when-clauses (codegen_events.c), or NULL */
    struct mo_cg_reads *reads;/* while update() is printed: what its clauses read (codegen_reads.c) */
    bool live;                /* compare relations directly instead of reading the frozen d->rel[]
                               * (initialization, when-clause bodies) */
    struct mo_cg_divs *divs;  /* when set (rhs, outputs): a division by a parameter expression prints
                               * as a plain '/', its check goes to init_params (codegen_need.c) */
    int cond;                 /* depth inside code evaluated only sometimes (if-expression branches,
                               * right operands of && and ||): divisions there stay checked */
    int nchecked;             /* checked operations printed so far (each passes &ok and may clear it):
                               * code after a statement tests ok only when this grew */
    /* printing a user function's body (codegen_farr.c): the C text that stands for a node that is no
     * plain C expression (array values, subscripts, values computed by statements before), or NULL to
     * print the node as usual; cg is the first member of the caller's mo_fgen */
    const char *(*leaf)(struct mo_cg *cg, const mo_expr *e);
    int alg_where0;           /* where id of algorithm section 0 (its id is alg_where0 + its index) */
    int alg_names;            /* C labels and locals made for algorithm sections so far (codegen_alg.c) */
    int *alg_conds;           /* per algorithm section that replays its when-statements: the condition
                               * memory slot of its first when-condition; -1 none, -2 not yet known
                               * (codegen_alg.c replays) */
    /* runs of repeated statements written as one C loop (codegen_loops.c): every slot the code names
     * is printed by mo_cg_put_slot, which follows one of two modes when set */
    mo_int_vec *loop_collect; /* print "y[@]" and append the slot to *loop_collect (finding the runs) */
    const int *loop_base;     /* print the k-th slot as "y[loop_base[k] + loop_step[k] * mo_i]" */
    const int *loop_step;
    const int *loop_step2;    /*   in a loop of loops: "+ loop_step2[k] * mo_j" as well (else NULL) */
    int loop_pos;             /*   k: slots printed so far in this statement */
    mo_int_vec *loop_tables;  /* in a loop: (table, k) for each where string that changes with mo_i */
    int loop_ntables;         /* tables of where strings made so far (mo_w<n>) */
    struct mo_cg_nums *loop_nums; /* finding runs (with loop_collect): the literal numbers printed, in
                                   * order, each as '#' in the text */
    const char *const *loop_numtext; /* in a loop: the text of each literal number of the statement (a
                                      * constant, an affine index, or "mo_v<n>[mo_i]" of a table) */
    int loop_numpos;          /*   numbers printed so far in this statement */
    int loop_nvtables;        /* tables of numbers made so far (mo_v<n>) */
    bool where_table;         /* a large model's where strings are mo_W[id], filled in at start-up by
                               * fill_where() (codegen_vars.c), instead of one constant W<id> each */
    mo_map choices;           /* the elements of each x[k] written (by address) -> how they lie in the
                               * storage arrays (codegen_expr.c) */
    struct mo_cg_sites *sites;/* writing a sequence of blocks: calls run once for several statements
                               * (codegen_sites.c), or NULL */
    mo_map int_memo;          /* operator node -> 1 not / 2 surely an Integer, judged over a large tree
                               * (codegen_expr.c: int_typed) */
    unsigned long int_judged; /*   nodes judged so far (how large a judgement's tree was) */
    struct mo_cg_temps *temps;/* subexpressions of the statement being written computed once into
                               * locals (codegen_temps.c), or NULL */
} mo_cg;

/* codegen_temps.c: before a statement whose value is e (at indent in o; cg->where_id its equation's),
 * the locals `const double mo_t<k>` of the subexpressions it reaches more than once, large ones of plain
 * arithmetic; mo_cg_temp_read prints such a local instead of its node until mo_cg_temps_end, after the
 * statement (false: print the node); mo_cg_temps_off(cg, +1 / -1) around a text that must print in full.
 * Nothing is written for a user function's body or a statement written as a loop (codegen_loops.c). */
typedef struct mo_cg_temps mo_cg_temps;
void mo_cg_temps_prepare(mo_cg *cg, mo_buf *o, const mo_expr *e, const char *indent);
/* the same for a statement that prints several expressions roots[0 .. n) (NULL entries skipped) */
void mo_cg_temps_prepare_n(mo_cg *cg, mo_buf *o, const mo_expr *const *roots, int n, const char *indent);
bool mo_cg_temp_read(mo_cg *cg, const mo_expr *e);
void mo_cg_temps_end(mo_cg *cg);
void mo_cg_temps_off(mo_cg *cg, int d);

/* codegen_sites.c: a call of a user function whose elements several statements of a sequence read (the
 * equations of (a, b) = f(x) over arrays), run once per evaluation. mo_cg_sites_new counts the reads in
 * the solutions of the sequence's explicit blocks (NULL entries skipped); while the sequence is written
 * (cg->sites set), mo_cg_sites_scope names the C function statements go to (a split sequence's part),
 * mo_cg_sites_prepare writes, before a statement whose value is e, the sites it reads where it is always
 * evaluated, and mo_cg_site_read prints a read of a written site instead of the call (false: print the
 * call). */
typedef struct mo_cg_sites mo_cg_sites;
mo_cg_sites *mo_cg_sites_new(int n, const mo_expr *const *solutions);
void mo_cg_sites_scope(mo_cg_sites *s, const void *fn, int part);
void mo_cg_sites_prepare(mo_cg *cg, mo_buf *o, const mo_expr *e, const char *indent);
bool mo_cg_site_read(mo_cg *cg, const mo_expr *e);

/* codegen_dss.c: the run-time guards of the static state choice, and the switches of state sets
 * (--state-sets: dynamic state selection), which are counted with the guards and tested in dss_watch too.
 * mo_cg_dss_plan: the diagonal blocks of the state choices of index reduction (dae->dsets) whose
 * pivots vary during the run, differentiated (a block that cannot be is not watched, with a warning);
 * mo_cg_dss_reads: the expressions their guards read (mo_cg_needed puts the blocks computing them in
 * rhs); mo_cg_dss_count: how many are watched; mo_cg_dss_watch: the C function dss_watch (none when
 * the count is 0), the test of each that stops the run where the dummies move through a point where
 * their constraints cannot give them, which the runtime calls at accepted points (mo2c_model.dss) and
 * rhs for the blocks found near that. */
typedef struct mo_cg_dss mo_cg_dss;
mo_cg_dss *mo_cg_dss_plan(const mo_dae *dae);
const mo_expr *const *mo_cg_dss_reads(const mo_cg_dss *P, int *n);
int mo_cg_dss_count(const mo_cg_dss *P);
bool mo_cg_dss_switches(const mo_cg_dss *P);   /* some are state sets, switched (and tested in rhs) */
void mo_cg_dss_watch(mo_cg *cg, mo_buf *o, const mo_cg_dss *P);
/* Append s as the contents of a C string literal (without the quotes): \\, \", \? escaped, printable
 * ASCII kept, every other byte as a three-digit octal escape. */
void mo_cg_c_string(mo_buf *b, const char *s);
/* Append s made safe inside a C block comment: no comment delimiters, no trigraphs, no line splices,
 * no control or non-ASCII bytes (written as \xNN text); at most max bytes of s ("..." when cut). */
void mo_cg_comment(mo_buf *b, const char *s, size_t max);
/* codegen_io.c: path relative to the root of the library tree that holds it (the first directory up
 * from the file without a package.mo: models/ModelicaByExample/Components/Inertia.mo is
 * ModelicaByExample/Components/Inertia.mo), so that the emitted C reads the same wherever the library
 * lies; a file outside any package is its name. Cached per path. */
const char *mo_cg_lib_path(const char *path);
/* codegen_io.c: the tables of the top-level inputs and outputs into defs, the model's fields for them
 * into fields; non-zero after an error. */
int mo_cg_io(const mo_dae *dae, mo_buf *defs, mo_buf *fields);
/* Append v as a C double constant (always with a '.' or exponent; infinities and NaN by macro). */
void mo_cg_number(mo_buf *b, double v);
/* Print e as a C expression of type double over x, dx, y, p, t, d, ok. Reports unsupported
 * constructs with mo_error (once per node) and prints 0.0 in their place. */
void mo_cg_expr(mo_cg *cg, const mo_expr *e);
/* Is e a finite non-zero literal (a division by it is a plain '/', not a checked mo2c_div)? */
bool mo_cg_nonzero_const(const mo_expr *e);
/* The storage of variable v ("x[3]"), following aliases; false for an alias by value (then the caller
 * prints the value) or a variable without storage. */
bool mo_cg_slot(mo_cg *cg, int v, mo_buf *b);
/* The array ("x", "y", "d->pre", ...) and slot that hold variable v itself (after aliases), or false
 * (an alias by value or of -v, no storage). */
bool mo_cg_storage(const mo_cg *cg, int v, const char **arr, int *slot);
/* The same with aliases of -v too: the array, its slot in *slot, *neg when it holds -v and the kept
 * variable's kind in *kind; NULL for a variable without storage (an alias by value). */
const char *mo_cg_storage_of(const mo_cg *cg, int v, int *slot, bool *neg, mo_dkind *kind);
/* Append "arr[slot]", or its placeholder or loop form (the loop_ fields above); every slot number the
 * code of a block prints goes through here, so that a run of blocks differing only in slots is seen
 * and written as one loop. */
void mo_cg_put_slot(mo_cg *cg, mo_buf *b, const char *arr, int slot);

/* The declarations every generated function that evaluates equations opens with mark unused (some of
 * its parts print none of t, x, dx, y, p and ok). */
#define MO_CG_LOCALS_VOID "    (void)t; (void)x; (void)dx; (void)y; (void)p; (void)ok;\n"
/* codegen.c: the comment above a block's code, "file:line:col (instance): equation", in o at indent
 * (scratch: a buffer reused for the text, so that one comment per statement of a large model leaves no
 * growing buffer each in the arena); the storage of variable v as an assignment's target, with its name
 * in a comment when cg->names. */
void mo_cg_eq_comment(const mo_dae *dae, mo_buf *scratch, mo_buf *o, const char *indent, const mo_deq *q);
void mo_cg_target(mo_cg *cg, mo_buf *o, int v);
/* codegen_torn.c: the algebraic loop b of sys (a torn block): its functions (residual, Jacobian, and for
 * a mixed loop its solution and relations) into L, named <sysname>_loop<id>, and the code that solves it
 * into o. */
void mo_cg_torn_loop(mo_cg *cg, mo_buf *scratch, int id, mo_buf *o, mo_buf *L, const mo_system *sys,
                     const mo_block *b, const char *sysname);

/* codegen_fn.c: user-defined functions. mo_cg_fn_call prints a call (its value: the scalar output
 * e->func_out) and marks the function as used; mo_cg_functions appends the C of every used function
 * (and of the functions they call): prototypes, value wrappers, "where" strings and definitions. */
void mo_cg_fn_call(mo_cg *cg, const mo_expr *e);
/* A call whose value is the String output e->func_out, for the model: a const char * on the function
 * stack, released when the model's next evaluation starts (mo2c_sreset). */
void mo_cg_fn_string(mo_cg *cg, const mo_expr *e);
/* codegen_str.c: when e compares Strings built at run time (any relation, flatten_str.c's
 * mo_str_rt_relation), strcmp of the two as a C truth value, and true; else false and nothing printed. */
bool mo_cg_string_relation(mo_cg *cg, const mo_expr *e);
/* One call of the user function that call names, all its outputs into C locals (for (a, b) := f(x) in
 * an algorithm section, which the value wrapper would run once per element): at indentation in,
 * "m<id>_" (the function stack's mark, for mo2c_frelease), "o<id>_<k>" per output k, the call, and a
 * check that array output k has more than maxel[k] elements (-1: none taken); ok = 0 on failure. */
void mo_cg_fn_call_outputs(mo_cg *cg, mo_buf *o, int in, const mo_expr *call, int id, const int *maxel);
void mo_cg_functions(const mo_dae *dae, mo_buf *out);
/* After mo_cg_functions: the header lines of the file that tell build.c what the external functions
 * written need (include and library directories, libraries, the MSL's C sources). */
void mo_cg_functions_header(const mo_flat *flat, mo_buf *h);
/* The C name of slot v of user function f ("v3_x"). */
const char *mo_cg_fn_slot(const mo_func *f, int v);

/* codegen_events.c: events. mo_cg_events_new finds the event relations and sample() calls of the ODE
 * system and the when-conditions; mo_cg_event_binary / mo_cg_event_call print a relation, noEvent,
 * smooth, pre, edge, change, initial, terminal or sample (true when they did). codegen_events_emit.c:
 * init_start and init_tail add the event lines of initialize(); mo_cg_events_emit writes the event
 * functions, their prototypes and the model's event fields (nothing for a model without events);
 * non-zero after errors. */
typedef struct mo_cg_events mo_cg_events;
mo_cg_events *mo_cg_events_new(const mo_dae *dae);
bool mo_cg_event_binary(mo_cg *cg, const mo_expr *e);
bool mo_cg_event_frozen(mo_cg *cg, const mo_expr *e);   /* printed as d->rel[r]: its operands are not read */
bool mo_cg_event_call(mo_cg *cg, const mo_expr *e);
void mo_cg_events_init_start(mo_cg *cg, mo_buf *o);
void mo_cg_events_init_tail(mo_cg *cg, mo_buf *o);
int mo_cg_events_emit(mo_cg *cg, mo_buf *protos, mo_buf *funcs, mo_buf *fields);
/* codegen_events_emit.c and codegen_events.c (mo_cg_event_conds), for codegen_alg.c: an assert (its condition memory for warnings taken here) or an
 * empty call (MO_WS_CALL, evaluated for its asserts), and n condition memory slots d->cond[first ..
 * first + n) (returns first). */
void mo_cg_event_check(mo_cg *cg, mo_buf *o, const mo_wstmt *s, const char *indent);
int mo_cg_event_conds(mo_cg *cg, int n);
/* codegen_events_emit.c, for a loop block b of sys: the event relations its equations read that depend on
 * its unknowns directly (a op b), as statements setting r_[2k] = a - b, r_[2k + 1] = |a| + |b| (for
 * mo2c_mixed_loop); their indices in d->rel[] into *idx; returns how many (0: nothing printed; always 0 where relations are
 * compared directly). */
int mo_cg_events_loop_rels(mo_cg *cg, mo_buf *o, const mo_system *sys, const mo_block *b, mo_int_vec *idx);

/* codegen_alg.c: algorithm section alg of dae->algs as C statements in place, appended to o (indented
 * by four spaces, ending with a test of ok). The mode says where: */
typedef enum mo_cg_alg_mode {
    MO_CG_ALG_CONT,           /* rhs, outputs, initialize: when-statements, assert and terminate left out */
    MO_CG_ALG_INIT,           /* an initial section in initialize: its asserts checked */
    MO_CG_ALG_CHECK,          /* check(), after every accepted step: asserts checked */
    MO_CG_ALG_EVENT           /* update(d, t, x, fire): when-statements fire when fire != 0, the
                               * asserts inside them checked; terminate */
} mo_cg_alg_mode;
void mo_cg_alg(mo_cg *cg, mo_buf *o, int alg, mo_cg_alg_mode mode);

/* codegen_reads.c: the y slots a when-clause or an algorithm section reads outside pre(), but those it
 * assigns (mark those with mo_cg_reads_assigned first), for the rounds of event iteration.
 * mo_cg_reads_end prints "static const int rd<N>_[] = {...};" at indent and returns the C test of
 * "compare with the pass's condition memory d->cond_pass": something read changed in the round before
 * (mo2c_reads_changed), or with reinit, the states were set back (d->x_reset). */
typedef struct mo_cg_reads mo_cg_reads;
mo_cg_reads *mo_cg_reads_new(const mo_dae *dae);
void mo_cg_reads_assigned(mo_cg_reads *r, const mo_dae *dae, int v);
void mo_cg_reads_expr(mo_cg_reads *r, const mo_dae *dae, const mo_expr *e);
void mo_cg_reads_expr_cb(void *cg, const mo_expr *e);   /* mo_cg_reads_expr into cg->reads */
const char *mo_cg_reads_end(mo_cg_reads *r, const mo_dae *dae, mo_buf *o, const char *indent, bool reinit);

/* codegen_split.c: a long sequence of statements cut into static functions NAME_part0, NAME_part1, ...
 * of about MO_CG_PART_WEIGHT statements each, so that the C compiler's time stays linear in the model.
 * Usage: fill in the first six fields, then per sequence: begin(estimated weight), and for each
 * statement write it into split_out() (indented by s->indent) and call split_next(weight); then end().
 * A sequence estimated at most MO_CG_PART_WEIGHT goes into the caller as it is. */
enum { MO_CG_PART_WEIGHT = 300 };
/* Where a part's text lies in its defs buffer, for codegen_write.c, which can write the parts of a
 * large model into separately compiled sections of the file: [from, def) holds the functions of the
 * algebraic loops the part calls and its comment, def is where "static MO2C_NOINLINE int NAME_partK"
 * begins, to ends the definition. */
typedef struct mo_cg_part {
    const mo_buf *buf;        /* the defs buffer (read at write time: its text may move as it grows) */
    size_t from, def, to;
    const char *proto;        /* "int NAME_partK(params);\n", its prototype with external linkage */
} mo_cg_part;
typedef struct mo_cg_parts { MO_VEC(mo_cg_part) v; } mo_cg_parts;
typedef struct mo_cg_split {
    const char *name;         /* parts are the static functions name_part0, name_part1, ... */
    const char *params;       /* their parameter list: "(mo2c_data *d, double t, ...)" */
    const char *locals;       /* the declarations that open each part (they declare `int ok = 1;`) */
    const char *call;         /* format of the call in the caller, %s the part's name */
    mo_buf *defs;             /* where the parts' definitions go */
    mo_buf *caller;           /* where the calls go, or the statements of a sequence not cut */
    bool split;               /* this sequence is being cut (set by mo_cg_split_begin) */
    const char *indent;       /* indentation of a statement: a part's or the caller's */
    mo_buf body;              /* the statements of the current part */
    int weight;               /* their weight */
    int nparts;               /* parts written so far (numbering goes on across sequences) */
    mo_buf loops;             /* functions of the algebraic loops the current part calls: written just
                               * before it, so that a part and its loops are compiled together */
    mo_cg_parts *record;      /* when set, every part's place in defs is recorded here */
} mo_cg_split;
void mo_cg_split_begin(mo_cg_split *s, int estimate, const char *caller_indent);
mo_buf *mo_cg_split_out(mo_cg_split *s);
void mo_cg_split_next(mo_cg_split *s, int weight);
void mo_cg_split_end(mo_cg_split *s);

/* codegen_loops.c: a sequence of statements (the blocks of rhs, the start values, the bindings of
 * init_params, the Jacobian's pass) written into the split sequence s, with the runs of repeated
 * statements as loops (see there). stmt prints statement k at indent and returns its weight (about
 * its operations), or returns 0 and prints nothing when it has no loop form: then other prints it (and
 * returns its weight). stmt must print the same text for the same statement each time it is called,
 * every slot through mo_cg_put_slot, every where string through mo_cg_put_where and every literal
 * through mo_cg_put_number; it is also called with text that is thrown away. comment (may be NULL)
 * prints the comment above statement k; instance (may be NULL) names the instance statement k
 * belongs to, for the comment above a loop. */
typedef struct mo_cg_seq {
    mo_cg *cg;
    void *ctx;
    int n;
    int (*stmt)(void *ctx, int k, mo_buf *o, const char *indent);
    int (*other)(void *ctx, int k, mo_buf *o);
    void (*comment)(void *ctx, int k, mo_buf *o, const char *indent);
    const char *(*instance)(void *ctx, int k);
} mo_cg_seq;
void mo_cg_seq_emit(const mo_cg_seq *q, mo_cg_split *s);
/* The where string W<id> of a checked operation: in a loop, "mo_w<k>[mo_i]" of a table of them
 * (codegen_loops.c). */
void mo_cg_put_where(mo_cg *cg, mo_buf *b, int id);
/* A literal number (mo_cg_number): in a loop, the same for every repetition as itself, an integer that
 * grows with the repetition (the index of a for-equation put in as a value) as
 * "(double)(base + step * mo_i)", which is the same double, and any other as an entry of a table. */
void mo_cg_put_number(mo_cg *cg, mo_buf *b, double v);
/* The where string of id as a C expression outside loops: "W<id>" or "mo_W[<id>]". */
const char *mo_cg_where_name(const mo_cg *cg, int id);
/* An int the code prints (a row, an index): in a loop, "base + step * mo_i". */
void mo_cg_put_int(mo_cg *cg, mo_buf *b, int v);
/* Are loops on (not --no-loops)? */
bool mo_cg_loops_on(void);

/* codegen_write.c: the file itself, from the sections mo_codegen built. A small model's file is its
 * sections in order. A file larger than MO_CG_PART_BYTES (the environment variable MO2C_PART_BYTES
 * overrides it: a testing knob) is written for compilation in parts: the parts of the cut sequences
 * go, in order, into sections of at most that size, each compiled alone under -DMO2C_PART=k (k >= 1);
 * section 0 holds the rest; without MO2C_PART the file compiles whole. Then the part functions have
 * external linkage, so do the W<id> strings (each section declares those it uses), the user functions
 * are in every section, and the variable table is compact (a name blob and an int table unpacked by
 * main): gcc takes a fifth of the time on it. */
enum { MO_CG_PART_BYTES = 32 << 20 };
/* One row of the variable table; source is a mo2c_source (ORDER mo2c_source in mo2c_rt.h). */
typedef struct mo_cg_var_row {   /* (48 bytes: a model has millions) */
    const char *name, *comment, *unit;
    double value;
    int index;
    signed char source, negated, is_param, overridable, is_protected;
} mo_cg_var_row;
typedef struct mo_cg_file {
    mo_buf *head;             /* the header comment, still open: the writer adds how to compile it */
    const char **where;       /* where id -> text of its W<id> string, NULL when no code uses it */
    int nwhere;
    const mo_cg_var_row *rows;
    int nrows;
    const mo_buf *fill;       /* the table as fill_vars() (codegen_vars.c), or NULL: rows as text */
    const mo_buf *fill_where; /* with where_table: mo_W and fill_where() (codegen_vars.c), else NULL */
    bool fill_jac;            /* main() calls fill_jac() (codegen_jacsparse.c) */
    mo_buf *protos;           /* rhs's prototype and the event functions' */
    mo_buf *fns;              /* the user functions */
    mo_buf *body[8];          /* loops, init_params, initialize, rhs, ...: the recorded parts are in these */
    int nbody;
    mo_buf *model;            /* the model description, without main() */
    const mo_cg_parts *parts; /* every part of the cut sequences, in the order of the file */
} mo_cg_file;
int mo_cg_write(FILE *out, const mo_cg_file *f);
/* codegen_vars.c: the variable table of rows[0..n) as the definitions of vars, var_pool and
 * fill_vars(), which fills them at start-up with loops over repeated rows (mo_cg_file.fill); tried
 * from MO_CG_FILL_VARS_MIN rows when loops are on. False, with nothing appended to out, when the rows
 * repeat too little for the loops to pay (the table is then written as text). */
enum { MO_CG_FILL_VARS_MIN = 2000 };
bool mo_cg_fill_vars(mo_cg *cg, const mo_cg_var_row *rows, int n, mo_buf *out);
/* codegen_vars.c: with cg->where_table, the where strings where[id] (NULL: not used) of ids < n as the
 * definitions of mo_W (external: the sections of a parted file declare it) and fill_where(), which
 * main() calls first (mo_cg_file.fill_where). */
void mo_cg_fill_where(mo_cg *cg, const char *const *where, int n, mo_buf *out);

/* codegen_need.c: what the integration needs, and divisions checked once.
 * mo_cg_needed: per block of dae->ode, 1 when the derivatives or the event functions evaluated after
 * every step (zero crossings, asserts) depend on it, transitively; 0 for blocks that only results show
 * (they go to the model's outputs function), given what the guards of the state choices read (dss).
 * Linear in the size of the blocks.
 * mo_cg_div_unchecked: may this division by divisor print as a plain '/' (cg->divs set, evaluated
 * unconditionally, divisor a parameter expression)? mo_cg_div_add then records the check of the divisor
 * (its C text, printed tighter than ==, says whether it is new); mo_cg_div_checks gives the divisors
 * recorded, each once, and the where id of the equation of each. */
typedef struct mo_cg_divs mo_cg_divs;
unsigned char *mo_cg_needed(const mo_dae *dae, const mo_cg_dss *dss);
mo_cg_divs *mo_cg_divs_new(void);
bool mo_cg_div_unchecked(const mo_cg *cg, const mo_expr *divisor);
void mo_cg_div_add(mo_cg *cg, const char *divisor_text, const mo_expr *divisor);
int mo_cg_div_checks(const mo_cg_divs *divs, const mo_expr *const **divisors, const int **where);

/* codegen_jac.c: jacobian_pass (forward-mode derivatives of the blocks rhs computes along a seed of the
 * states, its statements written into the split sequence sp, whose caller it sets), the dense jacobian
 * (nx <= 4096) and the sparse one (codegen_jacsparse.c), appended to sp->defs; need: per ODE block, 1
 * when rhs computes it; ny: the y slots. False (nothing
 * written) when none can be generated; else *dense_out says whether the dense one was and *nnz_out
 * gives the sparse one's entries (0: none). */
bool mo_cg_jacobian(mo_cg *cg, const unsigned char *need, int ny, mo_cg_split *sp,
                    bool *dense_out, int *nnz_out);
/* codegen_jac.c: a state whose derivative is itself a state (x and der(x) of der(der(x)) = -x, or a
 * second-order state chain left by index reduction): no equation computes dx of x, it is the state
 * der(x). Writes `to[slot of x] = from[slot of der(x)];` for each (rhs: dx from x; the Jacobian: sdx
 * from sx). */
void mo_cg_state_chains(const mo_dae *dae, mo_buf *o, const char *indent, const char *to, const char *from);

/* codegen_jacsparse.c: the sparse Jacobian. deps: the blocks of jacobian_pass in order, block b's
 * variable var[b] and the variables its derivative reads, uses[end[b-1] .. end[b]) (from 0 for b = 0).
 * mo_cg_jac_sparse writes the pattern's tables and jacobian_sparse (which calls jacobian_pass after the
 * lines of work: calloc'd scratch dx, sx, sdx, sy and rhs into dx; seed_len doubles of sx, sdx, sy
 * cleared per pass) and returns the number of entries; 0 (nothing written) when the pattern is too
 * dense for a sparse matrix to pay. Models from MO_CG_JAC_SPARSE_MIN states get one: SUNDIALS' KLU
 * takes it from that size (runtime/solver_sundials.c, SPARSE_MIN). With cg->where_table (a large model)
 * the tables are filled at start-up by fill_jac(), which main() must call (mo_cg_file.fill_jac). */
typedef struct mo_cg_jac_deps {
    mo_int_vec var, end, uses;
} mo_cg_jac_deps;
enum { MO_CG_JAC_SPARSE_MIN = 16 };
int mo_cg_jac_sparse(mo_cg *cg, const mo_cg_jac_deps *deps, const char *work, int seed_len, mo_buf *o);

#endif
