/*
 * parse.h - the private interface between the lexer (grammar/lexer.re), the parser (grammar/parser.y)
 * and the AST builders (ast_build.c). No other stage includes it; they see only ast.h.
 *
 * The lexer is pure: all its state is in mo_lexer, which the parser owns. It reports its own errors
 * (mo_error) and then returns the token ERROR, which the parser's error reporter recognises and stays
 * quiet about, so one bad byte gives one message.
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
} mo_lexer;

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
    mo_unit *unit;
    MO_VEC(mo_open_class *) open; /* innermost last */
    MO_VEC(mo_class *) top;   /* the file's classes so far */
};

void mo_lexer_init(mo_lexer *lx, const mo_file *file);
int mo_yylex(union mo_semval *lval, mo_loc *lloc, mo_parser *p);
/* The parser built without LAC (parser.y): the same language, quicker, its messages less exact. */
int mo_yyfparse(mo_parser *p);

#endif
