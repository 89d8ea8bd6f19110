/*
 * parse.h - the private interface between the lexer (grammar/lexer.re), the parser (grammar/parser.y)
 * and the AST builders (ast_build.c). No other stage includes it; they see only ast.h.
 *
 * The lexer is pure: all its state is in mo_lexer, which the parser owns. It reports its own errors
 * (mo_error) and then returns the token ERROR, which the parser's error reporter recognises and stays
 * quiet about, so one bad byte gives one message.
 *
 * A big file's first (fast) parse takes its tokens from a lexer thread instead (lexthread.c): the same
 * scanner runs there without reporting or allocating (mo_lexer.producer) and hands each token over as
 * a mo_token; the parser's thread makes its semantic value (mo_lex_value, or inline in parser.y).
 * Only the fast parser reads tokens that way, and it reads nothing else of the lexer; the exact parse
 * that reports errors (and reads tok, cur, brackets, closer, prev_line, prev_col) always lexes in its own thread.
 */
#ifndef MO2C_PARSE_H
#define MO2C_PARSE_H

#include "ast.h"
#ifndef MO_PARSER_FAST   /* the fast parser's own file declares the same types (see parser.y) */
#include "parser.h"
#endif

typedef struct mo_lexer {
    const mo_file *file;
    const char *cur;          /* next byte to scan */
    const char *tok;          /* start of the current token */
    const char *limit;        /* the terminating NUL of the file */
    const char *line_start;   /* first byte of the current line */
    int line;                 /* current line, 1-based */
    int brackets;             /* open ( [ { : deeper than MO_MAX_NESTING is an error */
    int square;               /* open [ : 'end' inside brackets is the subscript expression */
    char closer[MO_MAX_NESTING + 1]; /* the closing bracket each open one waits for */
    bool failed;              /* a lexical error was reported */
    int prev_line;            /* line on which the previous token ended (for "missing ';'") */
    int prev_col;             /* the column just after the previous token (there a missing ';' is reported) */
    bool producer;            /* the lexer thread's: no diagnostics, no arena (lexer.re) */
    bool num_real;            /* the producer's latest NUMBER is a real literal */
} mo_lexer;

/* One token as the lexer thread hands it to the parser's thread: 24 bytes, so that reading the stream
 * from the other core's cache costs few cache lines. */
typedef struct mo_token {
    const char *ptr;          /* IDENT: the interned name; NUMBER: its interned spelling; STRING: its '"';
                               * else NULL */
    struct mo_token_where {   /* the location without its file: laid out as mo_loc after its file */
        int line;
        unsigned col : 20;
        unsigned len : 12;
    } where;
    uint32_t len;             /* STRING: its bytes, both quotes included; IDENT, NUMBER: the spelling's
                               * bytes (read by mo_lex_scan_n before it interns them) */
    unsigned short kind;      /* T_... (parser.h) */
    bool special;             /* NUMBER, STRING, the end or an error: for mo_lexthread_next */
    bool real;                /* NUMBER: a real literal */
} mo_token;

/* The parser's end of the lexer thread's ring (lexthread.c). The fast parser reads plain tokens from it
 * inline (parser.y fast_lex); mo_lexthread_next does everything else. */
enum { MO_RING = 16384, MO_RING_BATCH = 256 }; /* tokens; the thread publishes (and the parser hands
                                                 back) MO_RING_BATCH at a time */
typedef struct mo_token_ring {
    const mo_token *tokens;   /* MO_RING of them */
    size_t read;              /* tokens read so far */
    size_t seen;              /* tokens published, as the parser last saw them */
    const mo_file *file;
} mo_token_ring;

/* A long class definition whose 'end' has not been seen yet: its elements and sections grow here. */
typedef struct mo_open_class {
    mo_class *cls;
    bool protected_;          /* inside a protected section */
    MO_VEC(mo_element *) elems;
    MO_VEC(mo_section) sections;
} mo_open_class;

/* The parser's state beside bison's stacks. */
struct mo_parser {
    mo_lexer lex;
    mo_token_ring *ring;      /* while the fast parse reads from a lexer thread, else NULL */
    /* names the grammar actions need, interned beforehand (the lexer thread owns interning meanwhile) */
    const char *id_der, *id_initial, *id_pure;
    mo_unit *unit;
    MO_VEC(mo_open_class *) open; /* innermost last */
    MO_VEC(mo_class *) top;   /* the file's classes so far */
};

void mo_lexer_init(mo_lexer *lx, const mo_file *file);
int mo_yylex(union mo_semval *lval, mo_loc *lloc, mo_parser *p);
/* The lexer thread's side: scan the next tokens of lx (a producer) into t[0..n-1], n at most
 * MO_RING_BATCH; returns how many, fewer when the stream ended (with a token of kind YYEOF or YYerror:
 * the end of the file and any error). Identifiers and numbers come interned (their spelling in t->ptr),
 * so the calling thread must own interning (mo_intern_owner). The parser's side: t's semantic value,
 * allocated in the arena, and its location; returns t's kind. */
int mo_lex_scan_n(mo_lexer *lx, mo_token *t, int n);
int mo_lex_value(const mo_token *t, union mo_semval *lval, mo_loc *lloc, const mo_file *file);

/* lexthread.c: a thread that scans file for the fast parse, or NULL when none could be made (the parser
 * then lexes itself). It owns interning until mo_lexthread_stop, which joins it whether or not the
 * stream was read to its end. */
mo_token_ring *mo_lexthread_start(const mo_file *file);
int mo_lexthread_next(mo_token_ring *r, union mo_semval *lval, mo_loc *lloc);
void mo_lexthread_stop(mo_token_ring *r);
/* The parser built without LAC (parser.y): the same language, quicker, its messages less exact. */
int mo_yyfparse(mo_parser *p);

#endif
