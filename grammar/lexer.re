/*
 * lexer.re - the Modelica lexer (re2c): turns the bytes of one file into the parser's tokens.
 *
 * Input: a mo_file whose text is NUL-terminated (the NUL is the sentinel re2c stops on; a NUL before
 * the end is an error). Output: one token per call of mo_yylex, with its semantic value (interned
 * identifier, decoded string, literal expression) and its location (line, byte column, length).
 *
 * Lexical errors are reported here, with mo_error (LEX_ERROR), and the lexer then returns YYerror: bison
 * enters error recovery without a message of its own, so one bad byte gives exactly one error.
 *
 * Two keywords depend on their context, decided here so that the grammar stays LALR(1) without
 * conflicts:
 *   - 'end' inside square brackets is the subscript expression (END_EXPR); elsewhere it closes a block;
 *   - 'initial' directly followed by '(' is the built-in function (INITIAL_CALL); elsewhere it starts
 *     an initial equation or algorithm section.
 * Brackets are counted as well: more than MO_MAX_NESTING open ones is an error, which keeps bison's
 * stack and every later recursive walker small whatever the input.
 *
 * The same scanner also runs in the lexer thread of a big file's first parse (lexthread.c): there
 * (lx->producer) it neither reports nor allocates from the arena, which belong to the parser's thread.
 * mo_lex_scan_n interns the identifiers and number spellings of each batch (interning is that
 * thread's for the parse), and the scanner only checks strings, which mo_lex_value decodes in the
 * parser's thread. Any error just ends the token stream with YYerror: the fast parse
 * fails, and the sequential parse that follows reports exactly what this file reports without a thread.
 */
#include "parse.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char uchar;

void mo_lexer_init(mo_lexer *lx, const mo_file *file)
{
    memset(lx, 0, sizeof *lx);
    lx->file = file;
    lx->cur = file->text;
    lx->limit = file->text + file->len;
    lx->line_start = file->text;
    lx->line = 1;
    /* a UTF-8 byte order mark is not part of the text (columns still count its bytes) */
    if (file->len >= 3 && memcmp(file->text, "\xEF\xBB\xBF", 3) == 0)
        lx->cur += 3;
}

static mo_loc loc_at(const mo_lexer *lx, const char *p, int len)
{
    return mo_loc_make(lx->file, lx->line, (long)(p - lx->line_start) + 1, len);
}

/* Length of the well-formed UTF-8 sequence at p (2..4), or 0 when the bytes are not UTF-8. */
static int utf8_len(const uchar *p)
{
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        return (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (p[0] >= 0xE0 && p[0] <= 0xEF) {
        uchar lo = p[0] == 0xE0 ? 0xA0 : 0x80, hi = p[0] == 0xED ? 0x9F : 0xBF;
        return p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (p[0] >= 0xF0 && p[0] <= 0xF4) {
        uchar lo = p[0] == 0xF0 ? 0x90 : 0x80, hi = p[0] == 0xF4 ? 0x8F : 0xBF;
        return p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80 ? 4 : 0;
    }
    return 0;
}

/* A lexical error: reported, except in the lexer thread (see the top). */
#define LEX_ERROR(lx, ...) do { if (!(lx)->producer) mo_error(__VA_ARGS__); (lx)->failed = true; } while (0)

/* Report a lexical error at p and make the parser stop quietly. */
static int lex_fail(mo_lexer *lx, const char *p, int len, const char *msg)
{
    LEX_ERROR(lx, loc_at(lx, p, len), "%s", msg);
    return T_MO_YYerror;
}

static void newline(mo_lexer *lx, const char *after)
{
    lx->line++;
    lx->line_start = after;
}

/* Skip a byte inside a comment or a string: follows newlines, checks UTF-8. Returns false (after
 * reporting) on invalid UTF-8. */
static bool skip_text_byte(mo_lexer *lx, const char **pp)
{
    const uchar *p = (const uchar *)*pp;
    if (*p == '\n') {
        newline(lx, *pp + 1);
        (*pp)++;
        return true;
    }
    if (*p < 0x80) {
        (*pp)++;
        return true;
    }
    int n = utf8_len(p);
    if (!n) {
        lex_fail(lx, *pp, 1, "invalid UTF-8");
        return false;
    }
    *pp += n;
    return true;
}

/* A NUL inside the text (rather than the sentinel at its end). */
static bool nul_in_file(const mo_lexer *lx, const char *p) { return *p == '\0' && p < lx->limit; }

/* Block comments do not nest; an unterminated one is reported where it starts. */
static int block_comment(mo_lexer *lx)
{
    const char *start = lx->tok;
    mo_loc at = loc_at(lx, start, 2);
    const char *p = lx->cur;
    for (;;) {
        if (*p == '\0') {
            if (nul_in_file(lx, p))
                return lex_fail(lx, p, 1, "NUL byte in file");
            LEX_ERROR(lx, at, "unterminated comment");
            return T_MO_YYerror;
        }
        if (p[0] == '*' && p[1] == '/') {
            lx->cur = p + 2;
            return 0;
        }
        if (!skip_text_byte(lx, &p))
            return T_MO_YYerror;
    }
}

static int line_comment(mo_lexer *lx)
{
    const char *p = lx->cur;
    while (*p != '\n' && *p != '\0')
        if (!skip_text_byte(lx, &p))
            return T_MO_YYerror;
    if (nul_in_file(lx, p))
        return lex_fail(lx, p, 1, "NUL byte in file");
    lx->cur = p;
    return 0;
}

/* The character an escape sequence \c stands for, or -1 when \c is not an escape of Modelica. */
static int escape_char(char c)
{
    switch (c) {
    case '\'': return '\'';
    case '"': return '"';
    case '?': return '?';
    case '\\': return '\\';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    default: return -1;
    }
}

/* STRING = '"' { S-CHAR | S-ESCAPE } '"' : decoded into lval->str (not in the lexer thread, which
 * only checks it); may span lines. */
static int string_literal(mo_lexer *lx, union mo_semval *lval, mo_loc *lloc)
{
    const char *start = lx->tok;
    *lloc = loc_at(lx, start, 1);
    mo_buf b = {0};
    bool decode = !lx->producer;
    const char *p = lx->cur;
    for (;;) {
        if (*p == '\0') {
            if (nul_in_file(lx, p))
                return lex_fail(lx, p, 1, "NUL byte in file");
            LEX_ERROR(lx, *lloc, "unterminated string");
            return T_MO_YYerror;
        }
        if (*p == '"')
            break;
        if (*p == '\\') {
            int c = escape_char(p[1]);
            if (c < 0) {
                if (p[1] == '\0' || p[1] == '\n' || (uchar)p[1] >= 0x80)
                    return lex_fail(lx, p, 1, "invalid escape sequence in string");
                LEX_ERROR(lx, loc_at(lx, p, 2), "invalid escape sequence '\\%c' in string", p[1]);
                return T_MO_YYerror;
            }
            char ch = (char)c;
            if (decode)
                mo_buf_putn(&b, &ch, 1);
            p += 2;
            continue;
        }
        const char *q = p;
        if (!skip_text_byte(lx, &p))
            return T_MO_YYerror;
        if (decode)
            mo_buf_putn(&b, q, (size_t)(p - q));
    }
    lx->cur = p + 1;
    if (lloc->line == lx->line)
        lloc->len = (int)(lx->cur - start);
    if (decode) {
        lval->str = mo_buf_str(&b);
        if (!b.s)
            lval->str = "";
    }
    return T_STRING;
}

/* The text of the string literal from open to close (its quotes), checked by string_literal: decoded
 * as string_literal decodes it. */
static const char *decode_string(const char *open, const char *close)
{
    mo_buf b = {0};
    for (const char *p = open + 1; p < close;) {
        if (*p == '\\') {
            char ch = (char)escape_char(p[1]);
            mo_buf_putn(&b, &ch, 1);
            p += 2;
            continue;
        }
        const char *q = p;
        while (q < close && *q != '\\')
            q++;
        mo_buf_putn(&b, p, (size_t)(q - p));
        p = q;
    }
    return b.s ? mo_buf_str(&b) : "";
}

/* The name of a quoted identifier whose text between the quotes is p..end, with \? and \" normalised,
 * into out (room for end - p + 2 bytes); returns its length. */
static size_t normalise_quoted(const char *p, const char *end, char *out)
{
    size_t n = 0;
    out[n++] = '\'';
    while (p < end) {
        if (*p == '\\') {
            if (p[1] != '?' && p[1] != '"')
                out[n++] = '\\';
            out[n++] = p[1];
            p += 2;
        } else {
            out[n++] = *p++;
        }
    }
    out[n++] = '\'';
    return n;
}

const char *mo_lex_quoted_name(const char *s, size_t len)
{
    if (len < 2 || s[0] != '\'' || s[len - 1] != '\'')
        return mo_intern(s, len);
    char *out = mo_alloc_text(len + 1);
    return mo_intern(out, normalise_quoted(s + 1, s + len - 1, out));
}

/* Q-IDENT = "'" ( Q-CHAR | S-ESCAPE ) { Q-CHAR | S-ESCAPE | '"' } "'" : the quotes stay part of the
 * name ('x' and x are different identifiers); the redundant escapes \? and \" are normalised. */
static int quoted_ident(mo_lexer *lx, union mo_semval *lval, mo_loc *lloc)
{
    const char *start = lx->tok;
    const char *p = lx->cur;
    bool normalise = false;   /* else the name is the text as written, quotes included */
    for (;;) {
        uchar c = (uchar)*p;
        if (c == '\'')
            break;
        if (c == '\\') {
            if (escape_char(p[1]) < 0)
                return lex_fail(lx, p, 2, "invalid escape sequence in quoted identifier");
            normalise |= p[1] == '?' || p[1] == '"';
            p += 2;
            continue;
        }
        if (c == '\0' && nul_in_file(lx, p))
            return lex_fail(lx, p, 1, "NUL byte in file");
        if (c == '\0' || c == '\n' || c == '\r')
            return lex_fail(lx, start, 1, "unterminated quoted identifier");
        if (c >= 0x80 && !utf8_len((const uchar *)p))
            return lex_fail(lx, p, 1, "invalid UTF-8");
        if (c < 32 || c >= 127)
            return lex_fail(lx, p, 1, "invalid character in quoted identifier");
        p++;
    }
    if (p == lx->cur)
        return lex_fail(lx, start, 2, "empty quoted identifier");
    if (!normalise) {
        lval->id = mo_intern(start, (size_t)(p + 1 - start));
    } else {
        /* (the lexer thread has no arena: a name too long for its buffer goes to the sequential parse) */
        char small[256];
        size_t room = (size_t)(p - lx->cur) + 2;
        if (lx->producer && room > sizeof small) {
            lx->failed = true;
            return T_MO_YYerror;
        }
        char *out = lx->producer ? small : mo_alloc_text(room);
        lval->id = mo_intern(out, normalise_quoted(lx->cur, p, out));
    }
    lx->cur = p + 1;
    *lloc = loc_at(lx, start, (int)(lx->cur - start));
    return T_IDENT;
}

/* The value of a short literal without exponent (0, 12, 1.5, 0.15: nearly all of them) without
 * strtod or strtoll, exactly as they would give it: at most 15 digits make an integer m below 2^53, and
 * with k digits after the point (k <= 15) the value is m / 10^k, two doubles that are exact, so the
 * division, rounded correctly by IEEE arithmetic, is the correctly rounded value of the literal, which is
 * what strtod returns. Only where doubles are evaluated in double precision (FLT_EVAL_METHOD 0); false
 * (use the library) for anything else. */
static bool short_decimal(const char *s, size_t n, long long *ival, double *real)
{
#if FLT_EVAL_METHOD == 0
    static const double pow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                   1e13, 1e14, 1e15};
    if (n > 16)
        return false;
    long long m = 0;
    int frac = -1;   /* digits after the point, -1 before it */
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.' && frac < 0) {
            frac = 0;
            continue;
        }
        if (s[i] < '0' || s[i] > '9')
            return false;
        m = m * 10 + (s[i] - '0');
        frac += frac >= 0;
    }
    if (n - (frac >= 0) > 15)
        return false;
    *ival = m;
    *real = (double)m / pow10[frac > 0 ? frac : 0];
    return true;
#else
    (void)s, (void)n, (void)ival, (void)real;
    return false;
#endif
}

/* The value of the literal text (n bytes): false when it is out of range. */
static bool number_value(const char *text, size_t n, bool is_real, long long *ival, double *real)
{
    if (short_decimal(text, n, ival, real))
        return true;
    if (is_real) {
        *real = strtod(text, NULL);
        return !isinf(*real);   /* overflow (underflow to 0 or a subnormal is a fine approximation) */
    }
    errno = 0;
    *ival = strtoll(text, NULL, 10);
    return errno != ERANGE;
}

/* The literal expression of the number text (interned) with its value, at loc. */
static mo_expr *number_expr(const char *text, bool is_real, long long ival, double real, mo_loc loc)
{
    mo_expr *e = is_real ? mo_expr_real(loc, real) : mo_expr_int(loc, ival);
    e->text = text;
    return e;
}

/* UNSIGNED-INTEGER and UNSIGNED-REAL become literal expressions that keep their spelling. A producer
 * (the lexer thread) leaves even the spelling to mo_lex_scan_n, which interns it with the batch's
 * identifiers (one call instead of one per number); mo_lex_value then checks the value
 * and makes the expression in the parser's thread (a value out of range fails the fast parse, and the
 * sequential parse reports it). */
static int number(mo_lexer *lx, union mo_semval *lval, mo_loc loc, bool is_real)
{
    size_t n = (size_t)(lx->cur - lx->tok);
    if (lx->producer) {
        lx->num_real = is_real;
        return T_NUMBER;
    }
    const char *text = mo_intern(lx->tok, n);   /* the same few spellings recur: stored once */
    long long ival = 0;
    double real = 0;
    if (!number_value(text, n, is_real, &ival, &real)) {
        if (is_real)
            LEX_ERROR(lx, loc, "real literal '%s' is out of range", text);
        else
            LEX_ERROR(lx, loc, "integer literal '%s' is too large", text);
        return T_MO_YYerror;
    }
    lval->expr = number_expr(text, is_real, ival, real, loc);
    return T_NUMBER;
}

/* Does only white space separate p from a '('? (for 'initial(') */
static bool before_paren(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return *p == '(';
}

static int open_bracket(mo_lexer *lx, mo_loc loc, int tok)
{
    if (++lx->brackets > MO_MAX_NESTING) {
        LEX_ERROR(lx, loc, "expression nested too deeply");
        return T_MO_YYerror;
    }
    if (tok == T_LBRACK)
        lx->square++;
    lx->closer[lx->brackets - 1] = tok == T_LPAREN ? ')' : tok == T_LBRACK ? ']' : '}';
    return tok;
}

static int close_bracket(mo_lexer *lx, int tok)
{
    if (lx->brackets > 0)
        lx->brackets--;
    if (tok == T_RBRACK && lx->square > 0)
        lx->square--;
    return tok;
}

/*!re2c
    re2c:define:YYCTYPE = uchar;
    re2c:define:YYCURSOR = cur;
    re2c:define:YYMARKER = mar;
    re2c:yyfill:enable = 0;
    re2c:indent:top = 1;

    digits = [0-9]+;
    exponent = [eE] [+-]? digits;
    real = digits "." [0-9]* exponent? | digits exponent;
    ident = [a-zA-Z_] [a-zA-Z_0-9]*;
    numtail = ([a-zA-Z_] | "." [a-zA-Z_0-9]) [a-zA-Z_0-9]*;
*/

/* The next token of lx (both parsers' lexer, and the lexer thread's; see the top). */
static inline __attribute__((always_inline)) int scan(mo_lexer *lx, union mo_semval *lval, mo_loc *lloc)
{
    if (lx->failed)
        return T_MO_YYerror;
    lx->prev_line = lx->line;
    lx->prev_col = (int)(lx->cur - lx->line_start) + 1;
    for (;;) {
        /* (the blank before most tokens, skipped here rather than as a token of the automaton's) */
        while (*lx->cur == ' ')
            lx->cur++;
        lx->tok = lx->cur;
        const uchar *cur = (const uchar *)lx->cur, *mar = cur;
        (void)mar;
#define TOKEN(t) do { lx->cur = (const char *)cur; *lloc = loc_at(lx, lx->tok, (int)(lx->cur - lx->tok)); \
                      return (t); } while (0)
#define SET_LOC() (lx->cur = (const char *)cur, *lloc = loc_at(lx, lx->tok, (int)(lx->cur - lx->tok)))
        /*!re2c
        "\x00" {
            if (nul_in_file(lx, lx->tok)) {
                lx->cur = lx->tok + 1;
                return lex_fail(lx, lx->tok, 1, "NUL byte in file");
            }
            lx->cur = lx->tok;
            *lloc = loc_at(lx, lx->tok, 0);
            return T_YYEOF;
        }
        [ \t\r\f\v]+ { lx->cur = (const char *)cur; continue; }
        "\n" { lx->cur = (const char *)cur; newline(lx, lx->cur); continue; }
        "//" { lx->cur = (const char *)cur; if (line_comment(lx)) return T_MO_YYerror; continue; }
        "/*" { lx->cur = (const char *)cur; if (block_comment(lx)) return T_MO_YYerror; continue; }
        ["] { lx->cur = (const char *)cur; return string_literal(lx, lval, lloc); }
        ['] { lx->cur = (const char *)cur; return quoted_ident(lx, lval, lloc); }

        "algorithm"     { TOKEN(T_ALGORITHM); }
        "and"           { TOKEN(T_AND); }
        "annotation"    { TOKEN(T_ANNOTATION); }
        "block"         { TOKEN(T_BLOCK); }
        "break"         { TOKEN(T_BREAK); }
        "class"         { TOKEN(T_CLASS); }
        "connect"       { TOKEN(T_CONNECT); }
        "connector"     { TOKEN(T_CONNECTOR); }
        "constant"      { TOKEN(T_CONSTANT); }
        "constrainedby" { TOKEN(T_CONSTRAINEDBY); }
        "discrete"      { TOKEN(T_DISCRETE); }
        "each"          { TOKEN(T_EACH); }
        "else"          { TOKEN(T_ELSE); }
        "elseif"        { TOKEN(T_ELSEIF); }
        "elsewhen"      { TOKEN(T_ELSEWHEN); }
        "encapsulated"  { TOKEN(T_ENCAPSULATED); }
        "end"           { TOKEN(lx->square > 0 ? T_END_EXPR : T_END); }
        "enumeration"   { TOKEN(T_ENUMERATION); }
        "equation"      { TOKEN(T_EQUATION); }
        "expandable"    { TOKEN(T_EXPANDABLE); }
        "extends"       { TOKEN(T_EXTENDS); }
        "external"      { TOKEN(T_EXTERNAL); }
        "false"         { TOKEN(T_FALSE); }
        "final"         { TOKEN(T_FINAL); }
        "flow"          { TOKEN(T_FLOW); }
        "for"           { TOKEN(T_FOR); }
        "function"      { TOKEN(T_FUNCTION); }
        "if"            { TOKEN(T_IF); }
        "import"        { TOKEN(T_IMPORT); }
        "impure"        { TOKEN(T_IMPURE); }
        "in"            { TOKEN(T_IN); }
        "initial"       { TOKEN(before_paren((const char *)cur) ? T_INITIAL_CALL : T_INITIAL); }
        "inner"         { TOKEN(T_INNER); }
        "input"         { TOKEN(T_INPUT); }
        "loop"          { TOKEN(T_LOOP); }
        "model"         { TOKEN(T_MODEL); }
        "not"           { TOKEN(T_NOT); }
        "operator"      { TOKEN(T_OPERATOR); }
        "or"            { TOKEN(T_OR); }
        "outer"         { TOKEN(T_OUTER); }
        "output"        { TOKEN(T_OUTPUT); }
        "package"       { TOKEN(T_PACKAGE); }
        "parameter"     { TOKEN(T_PARAMETER); }
        "partial"       { TOKEN(T_PARTIAL); }
        "protected"     { TOKEN(T_PROTECTED); }
        "public"        { TOKEN(T_PUBLIC); }
        "pure"          { TOKEN(T_PURE); }
        "record"        { TOKEN(T_RECORD); }
        "redeclare"     { TOKEN(T_REDECLARE); }
        "replaceable"   { TOKEN(T_REPLACEABLE); }
        "return"        { TOKEN(T_RETURN); }
        "stream"        { TOKEN(T_STREAM); }
        "then"          { TOKEN(T_THEN); }
        "true"          { TOKEN(T_TRUE); }
        "type"          { TOKEN(T_TYPE); }
        "when"          { TOKEN(T_WHEN); }
        "while"         { TOKEN(T_WHILE); }
        "within"        { TOKEN(T_WITHIN); }

        ident {
            SET_LOC();
            /* (the lexer thread interns its identifiers in batches: mo_lex_scan_n) */
            lval->id = lx->producer ? NULL : mo_intern(lx->tok, (size_t)(lx->cur - lx->tok));
            return T_IDENT;
        }
        digits { SET_LOC(); return number(lx, lval, *lloc, false); }
        real   { SET_LOC(); return number(lx, lval, *lloc, true); }
        (digits | real) numtail+ {
            SET_LOC();
            LEX_ERROR(lx, *lloc, "malformed number '%.*s'", (int)(lx->cur - lx->tok), lx->tok);
            return T_MO_YYerror;
        }
        "." digits exponent? {
            SET_LOC();
            LEX_ERROR(lx, *lloc, "malformed number '%.*s': Modelica needs a digit before the '.' (0%.*s)",
                      (int)(lx->cur - lx->tok), lx->tok, (int)(lx->cur - lx->tok), lx->tok);
            return T_MO_YYerror;
        }

        "("  { SET_LOC(); return open_bracket(lx, *lloc, T_LPAREN); }
        "["  { SET_LOC(); return open_bracket(lx, *lloc, T_LBRACK); }
        "{"  { SET_LOC(); return open_bracket(lx, *lloc, T_LBRACE); }
        ")"  { SET_LOC(); return close_bracket(lx, T_RPAREN); }
        "]"  { SET_LOC(); return close_bracket(lx, T_RBRACK); }
        "}"  { SET_LOC(); return close_bracket(lx, T_RBRACE); }
        ","  { TOKEN(T_COMMA); }
        ";"  { TOKEN(T_SEMI); }
        "."  { TOKEN(T_DOT); }
        ":"  { TOKEN(T_COLON); }
        "="  { TOKEN(T_EQUALS); }
        ":=" { TOKEN(T_ASSIGN); }
        "+"  { TOKEN(T_PLUS); }
        "-"  { TOKEN(T_MINUS); }
        "*"  { TOKEN(T_STAR); }
        "/"  { TOKEN(T_SLASH); }
        "^"  { TOKEN(T_CARET); }
        ".+" { TOKEN(T_EPLUS); }
        ".-" { TOKEN(T_EMINUS); }
        ".*" { TOKEN(T_ESTAR); }
        "./" { TOKEN(T_ESLASH); }
        ".^" { TOKEN(T_ECARET); }
        "<"  { TOKEN(T_LT); }
        "<=" { TOKEN(T_LE); }
        ">"  { TOKEN(T_GT); }
        ">=" { TOKEN(T_GE); }
        "==" { TOKEN(T_EQEQ); }
        "<>" { TOKEN(T_NE); }

        [\x80-\xff] {
            int n = utf8_len((const uchar *)lx->tok);
            if (!n)
                return lex_fail(lx, lx->tok, 1, "invalid UTF-8");
            lx->cur = lx->tok + n;
            LEX_ERROR(lx, loc_at(lx, lx->tok, 1), "unexpected character '%.*s'", n, lx->tok);
            return T_MO_YYerror;
        }
        * {
            lx->cur = (const char *)cur;
            uchar c = (uchar)*lx->tok;
            if (c >= 32 && c < 127)
                LEX_ERROR(lx, loc_at(lx, lx->tok, 1), "unexpected character '%c'", c);
            else
                LEX_ERROR(lx, loc_at(lx, lx->tok, 1), "unexpected control character (byte 0x%02x)", c);
            return T_MO_YYerror;
        }
        */
#undef TOKEN
#undef SET_LOC
    }
}

int mo_yylex(union mo_semval *lval, mo_loc *lloc, mo_parser *p)
{
    return scan(&p->lex, lval, lloc);
}

/* mo_token.where holds the bytes of a mo_loc after its file pointer */
_Static_assert(sizeof(mo_loc) == 16 && offsetof(mo_loc, line) == 8 && sizeof(struct mo_token_where) == 8,
               "mo_loc's layout (mo_token.where)");

static inline __attribute__((always_inline)) bool scan_token(mo_lexer *lx, mo_token *t)
{
    union mo_semval v;
    mo_loc loc;
    int kind = scan(lx, &v, &loc);
    bool defer = false;
    t->ptr = NULL;
    if (kind == T_IDENT) {
        t->ptr = v.id;
        defer = !v.id;   /* (a plain identifier: its name is to be interned) */
        if (defer)
            t->ptr = lx->tok;
    } else if (kind == T_NUMBER) {
        t->ptr = lx->tok;   /* (its spelling, to be interned like an identifier's) */
        t->real = lx->num_real;
        defer = true;
    } else if (kind == T_STRING) {
        t->ptr = lx->tok;
    }
    if ((defer || kind == T_STRING) && lx->cur - lx->tok > (ptrdiff_t)UINT32_MAX) {
        kind = T_MO_YYerror;   /* (a token of 4 GB goes to the sequential parse) */
        lx->failed = true;
        defer = false;
    }
    t->len = (uint32_t)(lx->cur - lx->tok);
    if (kind == T_MO_YYerror)
        loc = loc_at(lx, lx->tok, 0);   /* (unused: the fast parse only fails) */
    /* field by field: a copy of loc's bytes would load 8 bytes right after the scanner stored them as
     * two 4-byte halves, a load that waits for the stores to reach the cache (a stall per token) */
    t->where.line = loc.line;
    t->where.col = loc.col;
    t->where.len = loc.len;
    t->kind = (unsigned short)kind;
    t->special = kind == T_NUMBER || kind == T_STRING || kind == T_YYEOF || kind == T_MO_YYerror;
    return defer;
}

/* (a batch per call, the scanner inlined into its loop: a call per token costs what a token does; the
 * batch's identifiers and number spellings interned in one call, mo_intern_n) */
int mo_lex_scan_n(mo_lexer *lx, mo_token *t, int n)
{
    MO_ASSERT(n <= MO_RING_BATCH);
    int k = 0, m = 0, at[MO_RING_BATCH];
    const char *name[MO_RING_BATCH], *id[MO_RING_BATCH];
    uint32_t len[MO_RING_BATCH];
    while (k < n) {
        if (scan_token(lx, &t[k])) {
            at[m] = k;
            name[m] = t[k].ptr;
            len[m++] = t[k].len;
        }
        int kind = t[k++].kind;
        if (kind == T_YYEOF || kind == T_MO_YYerror)
            break;
    }
    mo_intern_n(m, name, len, id);
    for (int i = 0; i < m; i++)
        t[at[i]].ptr = id[i];
    return k;
}

int mo_lex_value(const mo_token *t, union mo_semval *lval, mo_loc *lloc, const mo_file *file)
{
    lloc->file = file;
    memcpy((char *)lloc + offsetof(mo_loc, line), &t->where, 8);
    if (t->kind == T_IDENT) {
        lval->id = t->ptr;
    } else if (t->kind == T_NUMBER) {
        size_t n = strlen(t->ptr);
        long long ival = 0;
        double real = 0;
        if (!number_value(t->ptr, n, t->real, &ival, &real))
            return T_MO_YYerror;
        lval->expr = number_expr(t->ptr, t->real, ival, real, *lloc);
    } else if (t->kind == T_STRING) {
        lval->str = decode_string(t->ptr, t->ptr + t->len - 1);
    }
    return t->kind;
}
