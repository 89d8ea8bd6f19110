/*
 * parser.y - the Modelica 3.6 grammar (Appendix A of the specification) as a Bison LALR(1) parser.
 *
 * Input: the tokens of grammar/lexer.re for one file. Output: a mo_unit (ast.h) with the file's within
 * clause and classes, or NULL after errors. The parser stops at the first syntax error: the first
 * precise message is the one that counts, and a cascade helps nobody.
 *
 * The rules follow the specification's productions and names closely; where the grammar had to be
 * bent to stay LALR(1) without conflicts (%expect 0), a comment says how. Where it is bent for speed,
 * a comment says that too: every reduction costs a location and a value copy, and a big model has tens
 * of millions of them, so the common forms (a lone primary as an expression, an argument without
 * prefixes, a declaration without subscripts, a.b) are written to need few reductions, with the same
 * language, trees and locations as the plain productions. Actions only call constructors: the generic
 * ones in ast.c and the builders in ast_build.c (declared in ast_build.h; the lexer and parser share
 * parse.h), or static helpers below that call them.
 *
 * Error messages: "syntax error, unexpected X, expecting Y" with tokens named as the user wrote them.
 * LAC keeps the expected list exact; it is shown when it has at most four tokens, otherwise the most
 * likely one is named when there is one (the closing bracket still open, or the ';' missing at the end
 * of the previous line). At the end of the file the innermost open class is named, with a note where
 * it was opened.
 *
 * Nesting is bounded (MO_MAX_EXPR_DEPTH): the lexer counts brackets, the expression builders check
 * the height of each tree, and the class builder counts nested classes. Bison's own stack is bounded
 * by YYMAXDEPTH; running out of it is reported as nesting too deep.
 *
 * Two parsers are made from this file (Makefile): mo_yyparse with LAC, whose messages are the exact ones
 * above, and mo_yyfparse (compiled with MO_PARSER_FAST, api.prefix mo_yyf, parse.lac none), which is
 * faster because LAC re-checks every lookahead. mo_parse_file parses with the fast one, its diagnostics
 * held back (base.h mo_diag_quiet); only when it reported anything does it parse the file again with
 * the LAC one, from scratch, so that the messages are the exact ones. Both share the value type
 * (union mo_semval) and the lexer. For a big file, the fast parse reads its tokens from a lexer thread
 * (lexthread.c, parse.h), which interns meanwhile: actions use the names in mo_parser.id_* instead of
 * interning.
 */
%define api.pure full
%define api.prefix {mo_yy}
%define api.token.prefix {T_}
%define api.location.type {mo_loc}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%param {mo_parser *p}

%code requires {
#include "ast.h"
typedef struct mo_parser mo_parser;
/* a list under construction (elements, arguments, equations ...) */
typedef MO_VEC(void *) mo_pvec;
/* class-prefixes: the kind, and the pure/impure/expandable flags */
typedef struct mo_class_prefix { mo_class_kind kind; unsigned flags; } mo_class_prefix;
}

%code {
#ifdef MO_PARSER_FAST
#define mo_yyflex fast_lex   /* both parsers read the one lexer; the fast one through fast_lex */
#endif
#include "parse.h"
#include "ast_build.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
/* A location is stored in one piece where the parser copies it (16 bytes at a time) right after: a load
 * of 16 bytes from two narrower stores waits until they have reached the cache, and the parser would
 * wait so at every token and most reductions. */
#define LOC_STORE(dst, file_word, line_word) \
    _mm_storeu_si128((__m128i *)(void *)(dst), \
                     _mm_unpacklo_epi64(_mm_cvtsi64_si128(file_word), _mm_cvtsi64_si128(line_word)))
#else
#define LOC_STORE(dst, file_word, line_word) \
    do { long long w_[2] = {(file_word), (line_word)}; memcpy((dst), w_, sizeof w_); } while (0)
#endif

#ifdef MO_PARSER_FAST
/* The fast parser's tokens: from the lexer thread's ring when it has one (mo_parse_file), else from the
 * lexer. A plain token (a keyword, punctuation, an identifier) is read here, inline, because a call per
 * token costs as much as the lexing the thread saves; the rest goes through mo_lexthread_next. The
 * slot of the token MO_RING_BATCH - 1 of each batch is left to it too, as it hands the batch back. */
static inline int fast_lex(union mo_semval *lval, mo_loc *lloc, mo_parser *p)
{
    mo_token_ring *r = p->ring;
    if (!r)
        return mo_yylex(lval, lloc, p);
    size_t i = r->read;
    const mo_token *t = &r->tokens[i % MO_RING];
    if (i == r->seen || (i + 1) % MO_RING_BATCH == 0 || t->special)
        return mo_lexthread_next(r, lval, lloc);
    __builtin_prefetch(&r->tokens[(i + 16) % MO_RING]);   /* (lines the other core wrote) */
    r->read = i + 1;
    lval->id = t->ptr;
    long long file_word, line_word;
    memcpy(&file_word, &r->file, 8);
    memcpy(&line_word, &t->where, 8);
    LOC_STORE(lloc, file_word, line_word);
    return t->kind;
}
#endif

/* Expressions, brackets and classes are bounded on their own (about 6 stack entries per level at most);
 * this bounds what is left, equations and statements nested in each other (a few thousand levels). */
#define YYMAXDEPTH 20000
static void yyerror(const mo_loc *loc, mo_parser *p, const char *msg);

/* The location of a rule: from its first symbol to its last, when they share a line. Every reduction
 * computes one, so it is cheap: most rules have one symbol (expression -> simple_expression -> ...),
 * whose location is the rule's. Out of line and through pointers, because inlined into the parser the
 * compiler keeps the location in registers field by field and repacks the bit-fields at every copy. */
static __attribute__((noinline)) void loc_default(mo_loc *cur, const mo_loc *rhs, int n)
{
    mo_loc l = n ? mo_loc_span(rhs[1], rhs[n]) : mo_loc_after(rhs[0]);
    long long half[2];
    memcpy(half, &l, sizeof half);
    LOC_STORE(cur, half[0], half[1]);
}
/* (a rule of one symbol, most of them, copies its location inline) */
#define YYLLOC_DEFAULT(Cur, Rhs, N) ((N) == 1 ? (void)((Cur) = (Rhs)[1]) : loc_default(&(Cur), (Rhs), (N)))

/* An argument without 'each' or 'final': element-modification : name [ modification ] string-comment */
static mo_arg *arg_mod(mo_name *name, mo_mod *mod, const char *comment)
{
    return mo_build_arg_prefix(mo_build_arg_mod(name, mod, comment), 0, false, 0);
}

/* The same, named by the one identifier id at loc. */
static mo_arg *arg_mod1(const char *id, mo_loc loc, mo_mod *mod, const char *comment)
{
    return mo_build_arg_prefix(mo_build_arg_mod1(id, loc, mod, comment), 0, false, 0);
}

/* id1.id2[subs2], located at loc: the first part as a reference of its own, then the second appended,
 * as if each had been reduced apart. */
static mo_expr *ref_pair(mo_parser *p, mo_loc loc, const char *id1, mo_loc loc1, const char *id2,
                         mo_loc loc2, mo_pvec *subs2)
{
    mo_expr *first = mo_build_ref(p, loc1, id1, loc1, NULL, false);
    return first ? mo_build_ref_append(p, loc, first, id2, loc2, subs2) : NULL;
}

/* The reference to the built-in function named id (interned beforehand: mo_parser.id_*), at loc. */
static mo_expr *named_ref(const char *id, mo_loc loc)
{
    return mo_build_ref(NULL, loc, id, loc, NULL, false);
}

/* An expression builder returns NULL after reporting "nested too deeply": stop there. */
#define EXPR(x) do { if (!((yyval.expr) = (x))) YYABORT; } while (0)
}

%union mo_semval {
    const char *id;            /* IDENT (interned) */
    const char *str;           /* STRING (escapes decoded) */
    mo_expr *expr;
    mo_name *name;
    mo_mod *mod;
    mo_arg *arg;
    mo_comment *comment;
    mo_class *cls;
    mo_element *elem;
    mo_eq *eq;
    mo_stmt *stmt;
    mo_pvec *list;
    mo_iterator *iter;
    mo_named_arg *named;
    mo_class_prefix prefix;
    unsigned flags;
    mo_op op;
}

/* Token names are what error messages show: "unexpected 'end'", "expecting ';'". ORDER keywords as in
 * lexer.re. */
%token <id> IDENT "identifier"
%token <str> STRING "string"
%token <expr> NUMBER "number"
%token ALGORITHM "'algorithm'" AND "'and'" ANNOTATION "'annotation'" BLOCK "'block'" BREAK "'break'"
       CLASS "'class'" CONNECT "'connect'" CONNECTOR "'connector'" CONSTANT "'constant'"
       CONSTRAINEDBY "'constrainedby'" DISCRETE "'discrete'" EACH "'each'" ELSE "'else'"
       ELSEIF "'elseif'" ELSEWHEN "'elsewhen'" ENCAPSULATED "'encapsulated'" END "'end'"
       END_EXPR "'end' (subscript)" ENUMERATION "'enumeration'" EQUATION "'equation'"
       EXPANDABLE "'expandable'" EXTENDS "'extends'" EXTERNAL "'external'" FALSE "'false'"
       FINAL "'final'" FLOW "'flow'" FOR "'for'" FUNCTION "'function'" IF "'if'" IMPORT "'import'"
       IMPURE "'impure'" IN "'in'" INITIAL "'initial'" INITIAL_CALL "'initial('" INNER "'inner'"
       INPUT "'input'" LOOP "'loop'" MODEL "'model'" NOT "'not'" OPERATOR "'operator'" OR "'or'"
       OUTER "'outer'" OUTPUT "'output'" PACKAGE "'package'" PARAMETER "'parameter'"
       PARTIAL "'partial'" PROTECTED "'protected'" PUBLIC "'public'" PURE "'pure'" RECORD "'record'"
       REDECLARE "'redeclare'" REPLACEABLE "'replaceable'" RETURN "'return'" STREAM "'stream'"
       THEN "'then'" TRUE "'true'" TYPE "'type'" WHEN "'when'" WHILE "'while'" WITHIN "'within'"
%token LPAREN "'('" RPAREN "')'" LBRACK "'['" RBRACK "']'" LBRACE "'{'" RBRACE "'}'"
       COMMA "','" SEMI "';'" DOT "'.'" COLON "':'" EQUALS "'='" ASSIGN "':='"
       PLUS "'+'" MINUS "'-'" STAR "'*'" SLASH "'/'" CARET "'^'"
       EPLUS "'.+'" EMINUS "'.-'" ESTAR "'.*'" ESLASH "'./'" ECARET "'.^'"
       LT "'<'" LE "'<='" GT "'>'" GE "'>='" EQEQ "'=='" NE "'<>'"

%type <name> name type_specifier dotted_name
%type <flags> final_opt el_prefixes inner_opt outer_opt type_prefix arg_prefix each_opt
%type <flags> flow variability variability_opt causality causality_opt base_prefix encaps_opt partial_opt
%type <prefix> class_prefixes class_kind
%type <cls> class_definition class_specifier long_head extends_head short_class_specifier
%type <cls> short_class_definition
%type <list> element component_clause component_list el_body ident_list enum_list enum_list_opt
%type <list> argument_list class_modification class_mod_opt subscript_list array_subscripts subs_opt
%type <list> equation_list statement_list expression_list matrix_rows for_indices
%type <list> function_args fargs_positional named_arguments output_expression_list
%type <list> elseif_exprs elseif_eqs elseif_stmts elsewhen_eqs elsewhen_stmts external_args
%type <mod> modification modification_opt arg_modification arg_modification_opt annotation_opt annotation_clause
%type <arg> argument element_modification element_redeclaration element_replaceable
%type <arg> component_clause1 constraining_clause
%type <elem> component_declaration
%type <comment> comment
%type <str> string_comment string_list language_opt
%type <eq> equation if_equation for_equation when_equation
%type <stmt> statement if_statement for_statement while_statement when_statement
%type <expr> expression simple_expression logical_expression logical_term logical_factor relation
%type <expr> arithmetic_expression term factor primary component_reference cref_dot subscript
%type <expr> if_expression range disjunction conjunction negation comparison sum product power
%type <expr> function_argument partial_application condition_opt output_item
%type <expr> array_arguments
%type <list> function_call_args else_eqs else_stmts
%type <iter> for_index
%type <named> named_argument
%type <op> add_op mul_op rel_op
%type <list> constr_comment_opt import_clause extends_clause
%type <arg> constraining_clause_opt

%%

/* stored-definition : [ within [ name ] ";" ] { [ final ] class-definition ";" } */
stored_definition:
    within_opt class_definitions
    ;
within_opt:
    %empty
  | WITHIN SEMI                    { p->unit->has_within = true; }
  | WITHIN name SEMI               { p->unit->has_within = true; p->unit->within = $2; }
  ;
class_definitions:
    %empty
  | class_definitions final_opt class_definition SEMI { mo_build_top_class(p, $3, $2); }
  ;

/* class-definition : [ encapsulated ] class-prefixes class-specifier */
class_definition:
    encaps_opt class_prefixes class_specifier { $$ = mo_build_class_def(p, $3, $1, $2, @2); }
  ;
encaps_opt: %empty { $$ = 0; } | ENCAPSULATED { $$ = MO_PF_ENCAPSULATED; } ;
partial_opt: %empty { $$ = 0; } | PARTIAL { $$ = MO_PF_PARTIAL; } ;

/* class-prefixes : [ partial ] ( class | model | [ operator ] record | block | [ expandable ] connector
 *                 | type | package | [ pure | impure ] [ operator ] function | operator ) */
class_prefixes:
    partial_opt class_kind         { $$ = $2; $$.flags |= $1; }
  ;
class_kind:
    CLASS                          { $$ = (mo_class_prefix){MO_CL_CLASS, 0}; }
  | MODEL                          { $$ = (mo_class_prefix){MO_CL_MODEL, 0}; }
  | RECORD                         { $$ = (mo_class_prefix){MO_CL_RECORD, 0}; }
  | OPERATOR RECORD                { $$ = (mo_class_prefix){MO_CL_OPERATOR_RECORD, 0}; }
  | BLOCK                          { $$ = (mo_class_prefix){MO_CL_BLOCK, 0}; }
  | CONNECTOR                      { $$ = (mo_class_prefix){MO_CL_CONNECTOR, 0}; }
  | EXPANDABLE CONNECTOR           { $$ = (mo_class_prefix){MO_CL_EXPANDABLE_CONNECTOR, MO_PF_EXPANDABLE}; }
  | TYPE                           { $$ = (mo_class_prefix){MO_CL_TYPE, 0}; }
  | PACKAGE                        { $$ = (mo_class_prefix){MO_CL_PACKAGE, 0}; }
  | FUNCTION                       { $$ = (mo_class_prefix){MO_CL_FUNCTION, 0}; }
  | OPERATOR FUNCTION              { $$ = (mo_class_prefix){MO_CL_OPERATOR_FUNCTION, 0}; }
  | PURE FUNCTION                  { $$ = (mo_class_prefix){MO_CL_FUNCTION, MO_PF_PURE}; }
  | PURE OPERATOR FUNCTION         { $$ = (mo_class_prefix){MO_CL_OPERATOR_FUNCTION, MO_PF_PURE}; }
  | IMPURE FUNCTION                { $$ = (mo_class_prefix){MO_CL_FUNCTION, MO_PF_IMPURE}; }
  | IMPURE OPERATOR FUNCTION       { $$ = (mo_class_prefix){MO_CL_OPERATOR_FUNCTION, MO_PF_IMPURE}; }
  | OPERATOR                       { $$ = (mo_class_prefix){MO_CL_OPERATOR, 0}; }
  ;

/* class-specifier : long-class-specifier | short-class-specifier | der-class-specifier
 * long-class-specifier : IDENT string-comment composition end IDENT
 *                      | extends IDENT [ class-modification ] string-comment composition end IDENT
 * The heads open the class (mo_build_open), so that its elements have somewhere to go and a missing
 * 'end' can name the line where the class started. A der-class-specifier reads as a short class
 * specifier whose base is 'der' (der is not a keyword here) and is recognised by its builder. */
class_specifier:
    long_head composition END IDENT      { $$ = mo_build_close(p, $4, @4); if (!$$) YYABORT; }
  | extends_head composition END IDENT   { $$ = mo_build_close(p, $4, @4); if (!$$) YYABORT; }
  | short_class_specifier
  ;
long_head:
    IDENT string_comment           { $$ = mo_build_open(p, $1, @1, $2, MO_FORM_LONG); if (!$$) YYABORT; }
  ;
extends_head:
    EXTENDS IDENT class_mod_opt string_comment {
        $$ = mo_build_open(p, $2, @2, $4, MO_FORM_EXTENDS); if (!$$) YYABORT;
        $$->extends_mod = mo_build_class_mod($3, @3);
    }
  ;
/* short-class-specifier : IDENT "=" base-prefix type-specifier [ array-subscripts ]
 *                         [ class-modification ] comment
 *                       | IDENT "=" enumeration "(" ( [ enum-list ] | ":" ) ")" comment */
short_class_specifier:
    IDENT EQUALS base_prefix type_specifier subs_opt class_mod_opt comment {
        $$ = mo_build_short_class(p, $1, @1, $3, $4, $5, $6, @6, $7); if (!$$) YYABORT; }
  | IDENT EQUALS ENUMERATION LPAREN enum_list_opt RPAREN comment {
        $$ = mo_build_enum(p, $1, @1, $5, false, $7); }
  | IDENT EQUALS ENUMERATION LPAREN COLON RPAREN comment {
        $$ = mo_build_enum(p, $1, @1, NULL, true, $7); }
  ;
base_prefix: %empty { $$ = 0; } | INPUT { $$ = MO_PF_INPUT; } | OUTPUT { $$ = MO_PF_OUTPUT; } ;
enum_list_opt: %empty { $$ = mo_list(); } | enum_list ;
/* enum-list : enumeration-literal { "," enumeration-literal }    enumeration-literal : IDENT comment */
enum_list:
    IDENT comment                  { $$ = mo_list(); mo_push($$, mo_build_literal($1, @1, $2)); }
  | enum_list COMMA IDENT comment  { $$ = $1; mo_push($$, mo_build_literal($3, @3, $4)); }
  ;

/* composition : element-list { public element-list | protected element-list | equation-section
 *               | algorithm-section }
 *               [ external [ language-specification ] [ external-function-call ] [ annotation-comment ] ";" ]
 *               [ annotation-comment ";" ] */
composition:
    element_list sections external_opt class_annotation_opt
  ;
sections:
    %empty
  | sections PUBLIC                { mo_build_visibility(p, false); } element_list
  | sections PROTECTED             { mo_build_visibility(p, true); } element_list
  | sections equation_section
  | sections algorithm_section
  ;
external_opt:
    %empty
  | EXTERNAL language_opt external_call annotation_opt SEMI { mo_build_external_end(p, $2, $4); }
  ;
language_opt: %empty { $$ = NULL; } | STRING ;
/* external-function-call : [ component-reference "=" ] IDENT "(" [ expression-list ] ")" */
external_call:
    %empty
  | IDENT LPAREN external_args RPAREN { mo_build_external_call(p, NULL, $1, $3); }
  | component_reference EQUALS IDENT LPAREN external_args RPAREN { mo_build_external_call(p, $1, $3, $5); }
  ;
external_args: %empty { $$ = mo_list(); } | expression_list ;
class_annotation_opt:
    %empty
  | annotation_clause SEMI         { mo_build_class_annotation(p, $1); }
  ;

/* element-list : { element ";" } */
element_list:
    %empty
  | element_list element SEMI      { mo_build_elements(p, $2); }
  ;
/* element : import-clause | extends-clause
 *         | [ redeclare ] [ final ] [ inner ] [ outer ]
 *           ( class-definition | component-clause
 *           | replaceable ( class-definition | component-clause ) [ constraining-clause comment ] ) */
element:
    import_clause
  | extends_clause
  | el_body                        /* no prefixes: nothing to add */
  | el_prefixes el_body            { $$ = mo_build_prefix_elements($2, $1); }
  ;
/* [ redeclare ] [ final ] [ inner ] [ outer ], at least one of them (none is the element rule above,
 * without a reduction of its own: every element of a big model passes here), spelled out by first token
 * so that any combination is one reduction */
el_prefixes:
    REDECLARE final_opt inner_opt outer_opt { $$ = MO_PF_REDECLARE | $2 | $3 | $4; }
  | FINAL inner_opt outer_opt      { $$ = MO_PF_FINAL | $2 | $3; }
  | INNER outer_opt                { $$ = MO_PF_INNER | $2; }
  | OUTER                          { $$ = MO_PF_OUTER; }
  ;
final_opt: %empty { $$ = 0; } | FINAL { $$ = MO_PF_FINAL; } ;
inner_opt: %empty { $$ = 0; } | INNER { $$ = MO_PF_INNER; } ;
outer_opt: %empty { $$ = 0; } | OUTER { $$ = MO_PF_OUTER; } ;
el_body:
    class_definition               { $$ = mo_list(); mo_push($$, mo_build_class_element($1)); }
  | component_clause
  | REPLACEABLE class_definition constr_comment_opt {
        $$ = mo_list(); mo_push($$, mo_build_class_element($2));
        mo_build_constrain($$, $3, MO_PF_REPLACEABLE); }
  | REPLACEABLE component_clause constr_comment_opt {
        $$ = $2; mo_build_constrain($$, $3, MO_PF_REPLACEABLE); }
  ;
/* [ constraining-clause comment ]: a two-element list (clause, comment) or NULL */
constr_comment_opt:
    %empty                         { $$ = NULL; }
  | constraining_clause comment    { $$ = mo_list(); mo_push($$, $1); mo_push($$, $2); }
  ;

/* import-clause : import ( IDENT "=" name | name [ "." ( "*" | "{" import-list "}" ) ] ) comment
 * The lexer reads ".*" as the element-wise operator, so both spellings are accepted. */
import_clause:
    IMPORT IDENT EQUALS name comment {
        $$ = mo_build_import(@1, MO_IMPORT_RENAMING, $4, $2, NULL, $5); }
  | IMPORT name comment            { $$ = mo_build_import(@1, MO_IMPORT_QUALIFIED, $2, NULL, NULL, $3); }
  | IMPORT name ESTAR comment      { $$ = mo_build_import(@1, MO_IMPORT_UNQUALIFIED, $2, NULL, NULL, $4); }
  | IMPORT name DOT STAR comment   { $$ = mo_build_import(@1, MO_IMPORT_UNQUALIFIED, $2, NULL, NULL, $5); }
  | IMPORT name DOT LBRACE ident_list RBRACE comment {
        $$ = mo_build_import(@1, MO_IMPORT_MULTIPLE, $2, NULL, $5, $7); }
  ;
ident_list:
    IDENT                          { $$ = mo_list(); mo_push($$, (void *)$1); }
  | ident_list COMMA IDENT         { $$ = $1; mo_push($$, (void *)$3); }
  ;

/* extends-clause : extends type-specifier [ class-modification ] [ annotation-comment ] */
extends_clause:
    EXTENDS type_specifier class_mod_opt annotation_opt { $$ = mo_build_extends(@2, $2, $3, @3, $4); }
  ;
/* constraining-clause : constrainedby type-specifier [ class-modification ] */
constraining_clause:
    CONSTRAINEDBY type_specifier class_mod_opt { $$ = mo_build_constraint($2, $3, @3); }
  ;

/* component-clause : type-prefix type-specifier [ array-subscripts ] component-list
 * (the optional parts as alternatives: the common clause, Real x, reduces no empty ones) */
component_clause:
    type_specifier component_list  { $$ = mo_build_components($2, 0, $1, NULL); }
  | type_specifier array_subscripts component_list { $$ = mo_build_components($3, 0, $1, $2); }
  | type_prefix type_specifier subs_opt component_list { $$ = mo_build_components($4, $1, $2, $3); }
  ;
/* type-prefix : [ flow | stream ] [ discrete | parameter | constant ] [ input | output ], when not empty
 * (spelled out by the first prefix present, so that any combination is one reduction) */
type_prefix:
    flow variability_opt causality_opt { $$ = $1 | $2 | $3; }
  | variability causality_opt      { $$ = $1 | $2; }
  | causality                      { $$ = $1; }
  ;
flow: FLOW { $$ = MO_PF_FLOW; } | STREAM { $$ = MO_PF_STREAM; } ;
variability:
    DISCRETE { $$ = MO_PF_DISCRETE; } | PARAMETER { $$ = MO_PF_PARAMETER; } | CONSTANT { $$ = MO_PF_CONSTANT; } ;
variability_opt: %empty { $$ = 0; } | variability ;
causality: INPUT { $$ = MO_PF_INPUT; } | OUTPUT { $$ = MO_PF_OUTPUT; } ;
causality_opt: %empty { $$ = 0; } | causality ;
/* component-list : component-declaration { "," component-declaration }
 * component-declaration : declaration [ condition-attribute ] comment
 * declaration : IDENT [ array-subscripts ] [ modification ] */
component_list:
    component_declaration          { $$ = mo_list(); mo_push($$, $1); }
  | component_list COMMA component_declaration { $$ = $1; mo_push($$, $3); }
  ;
/* The common declarations (no subscripts, no condition) are alternatives of their own, so that they
 * reduce no empty optional parts. */
component_declaration:
    IDENT comment                  { $$ = mo_build_declaration($1, @1, NULL, NULL, NULL, $2); }
  | IDENT modification comment     { $$ = mo_build_declaration($1, @1, NULL, $2, NULL, $3); }
  | IDENT modification_opt IF expression comment { $$ = mo_build_declaration($1, @1, NULL, $2, $4, $5); }
  | IDENT array_subscripts modification_opt condition_opt comment {
        $$ = mo_build_declaration($1, @1, $2, $3, $4, $5); }
  ;
condition_opt: %empty { $$ = NULL; } | IF expression { $$ = $2; } ;

/* modification : class-modification [ "=" expression ] | "=" expression | ":=" expression
 * ("= break" of Modelica 3.6 selective model extension is accepted too) */
modification:
    class_modification             { $$ = mo_build_mod($1, @1, NULL, false, false); }
  | class_modification EQUALS expression { $$ = mo_build_mod($1, @1, $3, false, false); }
  | EQUALS expression              { $$ = mo_build_mod(NULL, @1, $2, false, false); }
  | ASSIGN expression              { $$ = mo_build_mod(NULL, @1, $2, true, false); }
  | EQUALS BREAK                   { $$ = mo_build_mod(NULL, @1, NULL, false, true); }
  ;
modification_opt: %empty { $$ = NULL; } | modification ;
/* the same inside an argument: the modification is short, without location (ast.h) */
arg_modification:
    class_modification             { $$ = mo_build_arg_value($1, NULL, false, false); }
  | class_modification EQUALS expression { $$ = mo_build_arg_value($1, $3, false, false); }
  | EQUALS expression              { $$ = mo_build_arg_value(NULL, $2, false, false); }
  | ASSIGN expression              { $$ = mo_build_arg_value(NULL, $2, true, false); }
  | EQUALS BREAK                   { $$ = mo_build_arg_value(NULL, NULL, false, true); }
  ;
arg_modification_opt: %empty { $$ = NULL; } | arg_modification ;
/* class-modification : "(" [ argument-list ] ")" ; the list, empty for "()" */
class_modification:
    LPAREN RPAREN                  { $$ = mo_list(); }
  | LPAREN argument_list RPAREN    { $$ = $2; }
  ;
class_mod_opt: %empty { $$ = NULL; } | class_modification ;
argument_list:
    argument                       { $$ = mo_list(); mo_push($$, $1); }
  | argument_list COMMA argument   { $$ = $1; mo_push($$, $3); }
  ;
/* argument : element-modification-or-replaceable | element-redeclaration
 * element-modification-or-replaceable : [ each ] [ final ] ( element-modification | element-replaceable )
 * The common argument has no prefix and its name is one identifier (phi(fixed = true, start = 0)): it is
 * spelled out with its optional parts as alternatives, so that it costs one reduction besides its
 * modification instead of six (empty prefix, name, modification_opt, empty string comment,
 * element_modification, argument). */
argument:
    IDENT                          { $$ = arg_mod1($1, @1, NULL, NULL); }
  | IDENT arg_modification         { $$ = arg_mod1($1, @1, $2, NULL); }
  | IDENT string_list              { $$ = arg_mod1($1, @1, NULL, $2); }
  | IDENT arg_modification string_list { $$ = arg_mod1($1, @1, $2, $3); }
  | dotted_name arg_modification_opt string_comment { $$ = arg_mod($1, $2, $3); }
  | arg_prefix element_modification { $$ = mo_build_arg_prefix($2, $1 & 1, ($1 & 2) != 0, 0); }
  | element_replaceable            { $$ = mo_build_arg_prefix($1, 0, false, 0); }
  | arg_prefix element_replaceable { $$ = mo_build_arg_prefix($2, $1 & 1, ($1 & 2) != 0, 0); }
  | element_redeclaration
  ;
/* a name of more than one identifier */
dotted_name:
    name DOT IDENT                 { $$ = mo_build_name($1, $3, @3); }
  ;
/* [ each ] [ final ], at least one of them, in one reduction: 1 for each, 2 for final */
arg_prefix: EACH { $$ = 1; } | FINAL { $$ = 2; } | EACH FINAL { $$ = 3; } ;
each_opt: %empty { $$ = 0; } | EACH { $$ = 1; } ;
/* element-modification : name [ modification ] string-comment */
element_modification:
    name arg_modification_opt string_comment { $$ = mo_build_arg_mod($1, $2, $3); }
  ;
/* element-redeclaration : redeclare [ each ] [ final ]
 *                         ( short-class-definition | component-clause1 | element-replaceable ) */
element_redeclaration:
    REDECLARE each_opt final_opt short_class_definition {
        $$ = mo_build_arg_at(mo_build_arg_prefix(mo_build_arg_class($4, NULL), $2, $3, MO_PF_REDECLARE), @1); }
  | REDECLARE each_opt final_opt component_clause1 {
        $$ = mo_build_arg_at(mo_build_arg_prefix($4, $2, $3, MO_PF_REDECLARE), @1); }
  | REDECLARE each_opt final_opt element_replaceable {
        $$ = mo_build_arg_at(mo_build_arg_prefix($4, $2, $3, MO_PF_REDECLARE), @1); }
  ;
/* element-replaceable : replaceable ( short-class-definition | component-clause1 ) [ constraining-clause ] */
element_replaceable:
    REPLACEABLE short_class_definition constraining_clause_opt {
        $$ = mo_build_arg_class($2, $3); $$->kind = MO_ARG_REPLACEABLE;
        mo_arg_element($$)->flags |= MO_PF_REPLACEABLE; mo_build_arg_at($$, @1); }
  | REPLACEABLE component_clause1 constraining_clause_opt {
        $$ = $2; mo_build_arg_constrain($$, $3); $$->kind = MO_ARG_REPLACEABLE;
        mo_arg_element($$)->flags |= MO_PF_REPLACEABLE; mo_build_arg_at($$, @1); }
  ;
constraining_clause_opt: %empty { $$ = NULL; } | constraining_clause ;
/* component-clause1 : type-prefix type-specifier component-declaration1
 * component-declaration1 : declaration comment */
component_clause1:
    type_specifier IDENT subs_opt modification_opt comment {
        $$ = mo_build_arg_component(0, $1, $2, @2, $3, $4, $5); }
  | type_prefix type_specifier IDENT subs_opt modification_opt comment {
        $$ = mo_build_arg_component($1, $2, $3, @3, $4, $5, $6); }
  ;
/* short-class-definition : class-prefixes short-class-specifier */
short_class_definition:
    class_prefixes short_class_specifier { $$ = mo_build_class_def(p, $2, 0, $1, @1); }
  ;

/* equation-section : [ initial ] equation { equation ";" }
 * algorithm-section : [ initial ] algorithm { statement ";" } */
equation_section:
    EQUATION equation_list         { mo_build_section(p, @1, false, false, $2); }
  | INITIAL EQUATION equation_list { mo_build_section(p, @1, true, false, $3); }
  ;
algorithm_section:
    ALGORITHM statement_list       { mo_build_section(p, @1, false, true, $2); }
  | INITIAL ALGORITHM statement_list { mo_build_section(p, @1, true, true, $3); }
  ;
equation_list:
    %empty                         { $$ = mo_list(); }
  | equation_list equation SEMI    { $$ = $1; mo_push($$, $2); }
  ;
statement_list:
    %empty                         { $$ = mo_list(); }
  | statement_list statement SEMI  { $$ = $1; mo_push($$, $2); }
  ;

/* equation : ( simple-expression "=" expression | if-equation | for-equation | connect-clause
 *            | when-equation | component-reference function-call-args ) comment
 * The call form is read as a simple-expression; its builder checks that it is a call. The connect
 * clause is spelled out here rather than a nonterminal of its own: one reduction less per connection. */
equation:
    simple_expression EQUALS expression comment { $$ = mo_build_eq_equal(@$, $1, $3, $4); }
  | simple_expression comment      { $$ = mo_build_eq_call(@1, $1, $2); if (!$$) YYABORT; }
  | if_equation comment            { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  | for_equation comment           { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  | CONNECT LPAREN component_reference COMMA component_reference RPAREN comment {
        $$ = mo_build_eq_connect(@1, $3, $5, $7); }
  | when_equation comment          { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  ;
/* if-equation : if expression then { equation ";" } { elseif expression then { equation ";" } }
 *               [ else { equation ";" } ] end if */
if_equation:
    IF expression THEN equation_list elseif_eqs else_eqs END IF {
        $$ = mo_build_eq_branches(@1, MO_EQ_IF, $2, $4, $5, $6); }
  ;
elseif_eqs:
    %empty                         { $$ = mo_list(); }
  | elseif_eqs ELSEIF expression THEN equation_list { $$ = $1; mo_push($$, $3); mo_push($$, $5); }
  ;
else_eqs: %empty { $$ = NULL; } | ELSE equation_list { $$ = $2; } ;
/* for-equation : for for-indices loop { equation ";" } end for */
for_equation:
    FOR for_indices LOOP equation_list END FOR { $$ = mo_build_eq_for(@1, $2, $4); }
  ;
/* when-equation : when expression then { equation ";" } { elsewhen expression then { equation ";" } }
 *                 end when */
when_equation:
    WHEN expression THEN equation_list elsewhen_eqs END WHEN {
        $$ = mo_build_eq_branches(@1, MO_EQ_WHEN, $2, $4, $5, NULL); }
  ;
elsewhen_eqs:
    %empty                         { $$ = mo_list(); }
  | elsewhen_eqs ELSEWHEN expression THEN equation_list { $$ = $1; mo_push($$, $3); mo_push($$, $5); }
  ;

/* statement : ( component-reference ( ":=" expression | function-call-args )
 *             | "(" output-expression-list ")" ":=" component-reference function-call-args
 *             | break | return | if-statement | for-statement | while-statement | when-statement )
 *             comment */
statement:
    component_reference ASSIGN expression comment {
        $$ = mo_build_stmt(@$, MO_ST_ASSIGN, $1, $3, $4); }
  | component_reference function_call_args comment {
        mo_expr *call = mo_build_call(p, @$, $1, $2); if (!call) YYABORT;
        $$ = mo_build_stmt(@$, MO_ST_CALL, call, NULL, $3); }
  | LPAREN output_expression_list RPAREN ASSIGN component_reference function_call_args comment {
        mo_expr *call = mo_build_call(p, @5, $5, $6); if (!call) YYABORT;
        $$ = mo_build_stmt(@$, MO_ST_ASSIGN, mo_build_tuple(@1, $2), call, $7); }
  | BREAK comment                  { $$ = mo_build_stmt(@1, MO_ST_BREAK, NULL, NULL, $2); }
  | RETURN comment                 { $$ = mo_build_stmt(@1, MO_ST_RETURN, NULL, NULL, $2); }
  | if_statement comment           { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  | for_statement comment          { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  | while_statement comment        { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  | when_statement comment         { $$ = $1; mo_build_set_comment(&$$->comment, $2); }
  ;
if_statement:
    IF expression THEN statement_list elseif_stmts else_stmts END IF {
        $$ = mo_build_stmt_branches(@1, MO_ST_IF, $2, $4, $5, $6); }
  ;
elseif_stmts:
    %empty                         { $$ = mo_list(); }
  | elseif_stmts ELSEIF expression THEN statement_list { $$ = $1; mo_push($$, $3); mo_push($$, $5); }
  ;
else_stmts: %empty { $$ = NULL; } | ELSE statement_list { $$ = $2; } ;
for_statement:
    FOR for_indices LOOP statement_list END FOR { $$ = mo_build_stmt_loop(@1, MO_ST_FOR, $2, NULL, $4); }
  ;
while_statement:
    WHILE expression LOOP statement_list END WHILE { $$ = mo_build_stmt_loop(@1, MO_ST_WHILE, NULL, $2, $4); }
  ;
when_statement:
    WHEN expression THEN statement_list elsewhen_stmts END WHEN {
        $$ = mo_build_stmt_branches(@1, MO_ST_WHEN, $2, $4, $5, NULL); }
  ;
elsewhen_stmts:
    %empty                         { $$ = mo_list(); }
  | elsewhen_stmts ELSEWHEN expression THEN statement_list { $$ = $1; mo_push($$, $3); mo_push($$, $5); }
  ;
/* for-indices : for-index { "," for-index }    for-index : IDENT [ in expression ] */
for_indices:
    for_index                      { $$ = mo_list(); mo_push($$, $1); }
  | for_indices COMMA for_index    { $$ = $1; mo_push($$, $3); }
  ;
for_index:
    IDENT                          { $$ = mo_build_iterator($1, @1, NULL); }
  | IDENT IN expression            { $$ = mo_build_iterator($1, @1, $3); }
  ;

/* The expression levels of the specification, flattened so that a lone primary, by far the commonest
 * expression (a modifier value, an equation side, a subscript), becomes any level in one reduction
 * instead of climbing all ten.
 *
 * Each level (expression, simple_expression, logical_expression ... factor) derives the same strings
 * as the specification's production of that name, but directly from the node forms below it: primary,
 * or one of the forms named after what they build (power, product, sum, comparison, negation,
 * conjunction, disjunction, range, if_expression), each with its operands at the levels the
 * specification gives them. So the language, the precedence and the restrictions are the
 * specification's (a^b^c, a*-b, a+-b, a<b<c and 'not not a' stay syntax errors), the trees and their
 * locations are the same, and it is still LALR(1): after a primary the lookahead alone says which
 * level it is the operand of ('*' term, '+' or '<' arithmetic_expression, 'and' logical_term ...). */
expression:
    primary | power | product | sum | comparison | negation | conjunction | disjunction | range
  | if_expression
  ;
simple_expression:
    primary | power | product | sum | comparison | negation | conjunction | disjunction | range ;
logical_expression:
    primary | power | product | sum | comparison | negation | conjunction | disjunction ;
logical_term:
    primary | power | product | sum | comparison | negation | conjunction ;
logical_factor:
    primary | power | product | sum | comparison | negation ;
relation:
    primary | power | product | sum | comparison ;
arithmetic_expression:
    primary | power | product | sum ;
term:
    primary | power | product ;
factor:
    primary | power ;

/* expression : simple-expression | if expression then expression { elseif expression then expression }
 *              else expression */
if_expression:
    IF expression THEN expression elseif_exprs ELSE expression { EXPR(mo_build_if_expr(p, @$, $2, $4, $5, $7)); }
  ;
elseif_exprs:
    %empty                         { $$ = mo_list(); }
  | elseif_exprs ELSEIF expression THEN expression { $$ = $1; mo_push($$, $3); mo_push($$, $5); }
  ;
/* simple-expression : logical-expression [ ":" logical-expression [ ":" logical-expression ] ] */
range:
    logical_expression COLON logical_expression { EXPR(mo_build_range(p, @$, $1, NULL, $3)); }
  | logical_expression COLON logical_expression COLON logical_expression {
        EXPR(mo_build_range(p, @$, $1, $3, $5)); }
  ;
/* logical-expression : logical-term { or logical-term } */
disjunction:
    logical_expression OR logical_term { EXPR(mo_build_binary(p, @$, MO_OP_OR, $1, $3)); }
  ;
/* logical-term : logical-factor { and logical-factor } */
conjunction:
    logical_term AND logical_factor { EXPR(mo_build_binary(p, @$, MO_OP_AND, $1, $3)); }
  ;
/* logical-factor : [ not ] relation */
negation:
    NOT relation                   { EXPR(mo_build_unary(p, @$, MO_OP_NOT, $2)); }
  ;
/* relation : arithmetic-expression [ relational-operator arithmetic-expression ] */
comparison:
    arithmetic_expression rel_op arithmetic_expression { EXPR(mo_build_binary(p, @$, $2, $1, $3)); }
  ;
rel_op:
    LT { $$ = MO_OP_LT; } | LE { $$ = MO_OP_LE; } | GT { $$ = MO_OP_GT; } | GE { $$ = MO_OP_GE; }
  | EQEQ { $$ = MO_OP_EQ; } | NE { $$ = MO_OP_NE; }
  ;
/* arithmetic-expression : [ add-operator ] term { add-operator term }
 * A leading sign applies to the first term only: -a*b + c is (-(a*b)) + c, and -a^b is -(a^b). */
sum:
    add_op term                    { EXPR(mo_build_unary(p, @$, $1, $2)); }
  | arithmetic_expression add_op term { EXPR(mo_build_binary(p, @$, $2, $1, $3)); }
  ;
add_op:
    PLUS { $$ = MO_OP_ADD; } | MINUS { $$ = MO_OP_SUB; } | EPLUS { $$ = MO_OP_EADD; }
  | EMINUS { $$ = MO_OP_ESUB; }
  ;
/* term : factor { mul-operator factor } */
product:
    term mul_op factor             { EXPR(mo_build_binary(p, @$, $2, $1, $3)); }
  ;
mul_op:
    STAR { $$ = MO_OP_MUL; } | SLASH { $$ = MO_OP_DIV; } | ESTAR { $$ = MO_OP_EMUL; }
  | ESLASH { $$ = MO_OP_EDIV; }
  ;
/* factor : primary [ ( "^" | ".^" ) primary ]   (so a^b^c is a syntax error, as in the specification) */
power:
    primary CARET primary          { EXPR(mo_build_binary(p, @$, MO_OP_POW, $1, $3)); }
  | primary ECARET primary         { EXPR(mo_build_binary(p, @$, MO_OP_EPOW, $1, $3)); }
  ;
/* primary : UNSIGNED-NUMBER | STRING | false | true
 *         | ( component-reference | der | initial | pure ) function-call-args | component-reference
 *         | "(" output-expression-list ")" | "[" expression-list { ";" expression-list } "]"
 *         | "{" array-arguments "}" | end */
primary:
    NUMBER
  | STRING                         { $$ = mo_build_string(@1, $1); }
  | FALSE                          { $$ = mo_expr_bool(@1, false); }
  | TRUE                           { $$ = mo_expr_bool(@1, true); }
  | component_reference function_call_args { EXPR(mo_build_call(p, @$, $1, $2)); }
  | INITIAL_CALL function_call_args { EXPR(mo_build_call(p, @$, named_ref(p->id_initial, @1), $2)); }
  | PURE function_call_args        { EXPR(mo_build_call(p, @$, named_ref(p->id_pure, @1), $2)); }
  | component_reference
  | LPAREN output_expression_list RPAREN { EXPR(mo_build_parens(p, @$, $2)); }
  | LBRACK matrix_rows RBRACK      { EXPR(mo_build_matrix(p, @$, $2)); }
  | LBRACE array_arguments RBRACE  { $$ = $2; $$->loc = @$; }
  | LBRACE RBRACE                  { EXPR(mo_build_array(p, @$, mo_list(), NULL)); }
  | END_EXPR                       { $$ = mo_expr_new(MO_EX_END, @1); $$->depth = 1; }
  ;
matrix_rows:
    expression_list                { $$ = mo_list(); mo_push($$, $1); }
  | matrix_rows SEMI expression_list { $$ = $1; mo_push($$, $3); }
  ;
/* array-arguments : expression [ "," array-arguments-non-first | for for-indices ] ("{}" is accepted too) */
array_arguments:
    expression_list                { EXPR(mo_build_array(p, @$, $1, NULL)); }
  | expression FOR for_indices     { mo_pvec *l = mo_list(); mo_push(l, $1); EXPR(mo_build_array(p, @$, l, $3)); }
  ;
expression_list:
    expression                     { $$ = mo_list(); mo_push($$, $1); }
  | expression_list COMMA expression { $$ = $1; mo_push($$, $3); }
  ;
/* output-expression-list : [ expression ] { "," [ expression ] } */
output_expression_list:
    output_item                    { $$ = mo_list(); mo_push($$, $1); }
  | output_expression_list COMMA output_item { $$ = $1; mo_push($$, $3); }
  ;
output_item: %empty { $$ = NULL; } | expression ;

/* component-reference : [ "." ] IDENT [ array-subscripts ] { "." IDENT [ array-subscripts ] }
 * Built from the left: cref_dot is a reference and the '.' after it, waiting for its next part. A
 * reference of two plain identifiers (inertia1.flange_b, the commonest after a lone one) is one
 * reduction: its first part is not reduced on its own, since a reference is never followed by a '.'
 * other than its own. The location of a prefix is its node's (the builders store the rule's). */
component_reference:
    IDENT                          { EXPR(mo_build_ref(p, @$, $1, @1, NULL, false)); }
  | IDENT array_subscripts         { EXPR(mo_build_ref(p, @$, $1, @1, $2, false)); }
  | DOT IDENT subs_opt             { EXPR(mo_build_ref(p, @$, $2, @2, $3, true)); }
  | IDENT DOT IDENT                { EXPR(ref_pair(p, @$, $1, @1, $3, @3, NULL)); }
  | IDENT DOT IDENT array_subscripts { EXPR(ref_pair(p, @$, $1, @1, $3, @3, $4)); }
  | cref_dot IDENT                 { EXPR(mo_build_ref_append(p, mo_loc_span($1->loc, @2), $1, $2, @2, NULL)); }
  | cref_dot IDENT array_subscripts { EXPR(mo_build_ref_append(p, mo_loc_span($1->loc, @3), $1, $2, @2, $3)); }
  ;
cref_dot:
    IDENT array_subscripts DOT     { EXPR(mo_build_ref(p, mo_loc_span(@1, @2), $1, @1, $2, false)); }
  | DOT IDENT subs_opt DOT         { EXPR(mo_build_ref(p, mo_loc_span(@1, @3), $2, @2, $3, true)); }
  | IDENT DOT IDENT DOT            { EXPR(ref_pair(p, mo_loc_span(@1, @3), $1, @1, $3, @3, NULL)); }
  | IDENT DOT IDENT array_subscripts DOT { EXPR(ref_pair(p, mo_loc_span(@1, @4), $1, @1, $3, @3, $4)); }
  | cref_dot IDENT DOT             { EXPR(mo_build_ref_append(p, mo_loc_span($1->loc, @2), $1, $2, @2, NULL)); }
  | cref_dot IDENT array_subscripts DOT {
        EXPR(mo_build_ref_append(p, mo_loc_span($1->loc, @3), $1, $2, @2, $3)); }
  ;
/* array-subscripts : "[" subscript { "," subscript } "]"    subscript : ":" | expression */
array_subscripts:
    LBRACK subscript_list RBRACK   { $$ = $2; }
  ;
subs_opt: %empty { $$ = NULL; } | array_subscripts ;
subscript_list:
    subscript                      { $$ = mo_list(); mo_push($$, $1); }
  | subscript_list COMMA subscript { $$ = $1; mo_push($$, $3); }
  ;
subscript:
    COLON                          { $$ = mo_expr_new(MO_EX_COLON, @1); $$->depth = 1; }
  | expression
  ;

/* function-call-args : "(" [ function-arguments ] ")"
 * function-arguments : expression [ "," function-arguments-non-first | for for-indices ]
 *                    | function name "(" [ named-arguments ] ")" [ "," function-arguments-non-first ]
 *                    | named-arguments
 * function-arguments-non-first : function-argument [ "," function-arguments-non-first ] | named-arguments
 * The value is a list (positional args, named args, iterators), each possibly NULL. */
function_call_args:
    LPAREN RPAREN                  { $$ = mo_build_args(NULL, NULL, NULL); }
  | LPAREN function_args RPAREN    { $$ = $2; }
  ;
function_args:
    fargs_positional               { $$ = mo_build_args($1, NULL, NULL); }
  | fargs_positional COMMA named_arguments { $$ = mo_build_args($1, $3, NULL); }
  | named_arguments                { $$ = mo_build_args(NULL, $1, NULL); }
  | expression FOR for_indices     { mo_pvec *l = mo_list(); mo_push(l, $1); $$ = mo_build_args(l, NULL, $3); }
  ;
fargs_positional:
    function_argument              { $$ = mo_list(); mo_push($$, $1); }
  | fargs_positional COMMA function_argument { $$ = $1; mo_push($$, $3); }
  ;
named_arguments:
    named_argument                 { $$ = mo_list(); mo_push($$, $1); }
  | named_arguments COMMA named_argument { $$ = $1; mo_push($$, $3); }
  ;
/* named-argument : IDENT "=" function-argument */
named_argument:
    IDENT EQUALS function_argument { $$ = mo_build_named($1, @1, $3); }
  ;
/* function-argument : function name "(" [ named-arguments ] ")" | expression */
function_argument:
    partial_application
  | expression
  ;
partial_application:
    FUNCTION name LPAREN RPAREN    { EXPR(mo_build_partial(p, @$, $2, NULL)); }
  | FUNCTION name LPAREN named_arguments RPAREN { EXPR(mo_build_partial(p, @$, $2, $4)); }
  ;

/* type-specifier : [ "." ] name    name : IDENT { "." IDENT } */
type_specifier:
    name
  | DOT name                       { $$ = mo_build_global_name($2, @$); }
  ;
name:
    IDENT                          { $$ = mo_build_name(NULL, $1, @1); }
  | name DOT IDENT                 { $$ = mo_build_name($1, $3, @3); }
  ;

/* comment : string-comment [ annotation-comment ]    string-comment : [ STRING { "+" STRING } ]
 * (comment spelled out, so that the common empty one is one reduction rather than three) */
comment:
    %empty                         { $$ = NULL; }
  | string_list                    { $$ = mo_build_comment($1, NULL); }
  | string_list annotation_clause  { $$ = mo_build_comment($1, $2); }
  | annotation_clause {
        /* the location string_comment annotation_opt had: from the (empty) string comment on */
        $$ = mo_build_comment(NULL, $1); @$ = mo_loc_span(mo_loc_after(@0), @1); }
  ;
string_comment: %empty { $$ = NULL; } | string_list ;
string_list:
    STRING
  | string_list PLUS STRING        { $$ = mo_sprintf("%s%s", $1, $3); }
  ;
/* annotation-comment : annotation class-modification */
annotation_clause:
    ANNOTATION class_modification  { $$ = mo_build_mod($2, @2, NULL, false, false); }
  ;
annotation_opt: %empty { $$ = NULL; } | annotation_clause ;

%%

/* ---- error reporting ---- */

#ifdef MO_PARSER_FAST
/* The fast parser only has to fail: mo_parse_file then parses again with the LAC parser, which says why. */
static int yyreport_syntax_error(const yypcontext_t *ctx, mo_parser *p)
{
    (void)p;
    (void)yypcontext_expected_tokens(ctx, NULL, 0);   /* (used by the LAC parser only) */
    return 0;
}

static void yyerror(const mo_loc *loc, mo_parser *p, const char *msg)
{
    (void)loc;
    (void)p;
    (void)msg;
}
#else
/* How a token reads in a message: keywords and punctuation by their quoted spelling, identifiers,
 * numbers and strings with their text. */
static const char *token_text(mo_parser *p, yysymbol_kind_t tok)
{
    const mo_lexer *lx = &p->lex;
    int n = (int)(lx->cur - lx->tok);
    switch (tok) {
    case YYSYMBOL_IDENT: return mo_sprintf("identifier '%.*s'", n > 60 ? 60 : n, lx->tok);
    case YYSYMBOL_NUMBER: return mo_sprintf("number '%.*s'", n > 60 ? 60 : n, lx->tok);
    case YYSYMBOL_STRING: return "string";
    case YYSYMBOL_END_EXPR: return "'end'";
    case YYSYMBOL_INITIAL_CALL: return "'initial'";
    default: return yysymbol_name(tok);
    }
}

static const char *expected_text(yysymbol_kind_t tok)
{
    switch (tok) {
    case YYSYMBOL_END_EXPR: return "'end'";
    case YYSYMBOL_INITIAL_CALL: return "'initial'";
    default: return yysymbol_name(tok);
    }
}

/* Expected tokens are listed when there are few; when ';' is one of them and the unexpected token starts
 * a new line, the ';' at the end of the previous line is what is missing: reported there. */
static int yyreport_syntax_error(const yypcontext_t *ctx, mo_parser *p)
{
    enum { MAX_LISTED = 4, MAX_TOKENS = 256 };
    yysymbol_kind_t expected[MAX_TOKENS];
    int n = yypcontext_expected_tokens(ctx, expected, MAX_TOKENS);
    yysymbol_kind_t tok = yypcontext_token(ctx);
    const mo_loc *loc = yypcontext_location(ctx);
    bool expects_end = false, expects_semi = false;
    if (n < 0)
        n = 0;
    /* the innermost open bracket, when its closing one would have been accepted here */
    char closer = p->lex.brackets > 0 ? p->lex.closer[p->lex.brackets - 1] : 0;
    yysymbol_kind_t close_tok = closer == ')' ? YYSYMBOL_RPAREN : closer == ']' ? YYSYMBOL_RBRACK : YYSYMBOL_RBRACE;
    bool expects_closer = false;
    for (int i = 0; i < n; i++) {
        expects_end |= expected[i] == YYSYMBOL_END;
        expects_semi |= expected[i] == YYSYMBOL_SEMI;
        expects_closer |= closer && expected[i] == close_tok;
    }
    if (!expects_closer)
        closer = 0;

    /* at the end of the file inside a class: say which class is not closed, and where it opened */
    if (tok == YYSYMBOL_YYEOF && p->open.n > 0 && (n > MAX_LISTED || expects_end)) {
        const mo_class *c = p->open.v[p->open.n - 1]->cls;
        mo_error(*loc, "syntax error, unexpected end of file, expecting 'end %s;'", c->name);
        mo_note(c->loc, "class '%s' opened here", c->name);
        return 0;
    }
    if (expects_semi && loc->line > p->lex.prev_line && !closer) {
        /* a ';' missing at the end of a line: reported where it belongs, just after the previous token */
        mo_error(mo_loc_make(loc->file, p->lex.prev_line, p->lex.prev_col, 1),
                 "syntax error, expecting ';' (before %s on line %d)", token_text(p, tok), loc->line);
        return 0;
    }
    mo_buf b = {0};
    mo_buf_printf(&b, "syntax error, unexpected %s", token_text(p, tok));
    if (n <= MAX_LISTED) {
        for (int i = 0; i < n; i++)
            mo_buf_printf(&b, "%s%s", i == 0 ? ", expecting " : " or ", expected_text(expected[i]));
    } else if (closer && (tok == YYSYMBOL_SEMI || tok == YYSYMBOL_YYEOF || loc->line > p->lex.prev_line)) {
        mo_buf_printf(&b, ", expecting '%c'", closer);
    }
    mo_error(*loc, "%s", mo_buf_str(&b));
    if (tok == YYSYMBOL_YYEOF && p->open.n > 0) {
        const mo_class *c = p->open.v[p->open.n - 1]->cls;
        mo_note(c->loc, "class '%s' opened here", c->name);
    }
    return 0;
}

/* Bison calls this for what the custom reporter does not cover: a stack that ran out of room. */
static void yyerror(const mo_loc *loc, mo_parser *p, const char *msg)
{
    (void)p;
    if (strstr(msg, "exhausted"))
        mo_error(*loc, "equations or statements nested too deeply");
    else
        mo_error(*loc, "%s", msg);
}

static mo_parser *new_parser(const mo_file *file)
{
    mo_parser *p = MO_NEW(mo_parser);
    mo_lexer_init(&p->lex, file);
    p->unit = MO_NEW(mo_unit);
    p->unit->file = file;
    p->id_der = mo_intern_cstr("der");
    p->id_initial = mo_intern_cstr("initial");
    p->id_pure = mo_intern_cstr("pure");
    return p;
}

/* Files from this size on are lexed in a thread of their own during the fast parse (lexthread.c):
 * below it, starting a thread costs more than it saves. MO2C_LEX_THREAD_MIN=n overrides the size
 * (0: every file, which is how the test suite checks the threaded path). */
static size_t lex_thread_min(void)
{
    const char *s = getenv("MO2C_LEX_THREAD_MIN");
    return s && *s ? (size_t)strtoull(s, NULL, 10) : (size_t)1 << 20;
}

mo_unit *mo_parse_file(const mo_file *file)
{
    mo_parser *p = new_parser(file);
    mo_diag_quiet(true);
    if (file->len >= lex_thread_min())
        p->ring = mo_lexthread_start(file);   /* (NULL: the parser lexes) */
    int rc = mo_yyfparse(p);
    if (p->ring) {
        mo_lexthread_stop(p->ring);
        p->ring = NULL;
    }
    if (mo_diag_quiet(false) > 0 || rc != 0) {
        /* something to say: again with LAC, which says it exactly (the first AST is left in the arena) */
        p = new_parser(file);
        int errors = mo_error_count();
        rc = mo_yyparse(p);
        if (rc != 0 || mo_error_count() > errors)
            return NULL;
    }
    if (!p->unit->has_within && p->unit->nclasses == 0) {
        mo_loc start = {file, 1, 1, 0};
        mo_error(start, "file '%s' is empty: expected a class definition", file->path);
        return NULL;
    }
    return p->unit;
}
#endif
