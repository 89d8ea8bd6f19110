/*
 * test_parse_print.c - the parser builds the AST of ast.h, and mo_expr_print writes expressions back
 * with exactly the parentheses the grammar needs (print -> parse -> print is stable).
 */
#include "ast.h"

#include <math.h>
#include <string.h>

static int failures;

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
                                  failures++; } } while (0)
#define CHECK_STR(got, want) do { const char *g_ = (got), *w_ = (want); \
        if (!g_ || strcmp(g_, w_) != 0) { fprintf(stderr, "%s:%d: got '%s', want '%s'\n", __FILE__, __LINE__, \
                                                  g_ ? g_ : "(null)", w_); failures++; } } while (0)

static mo_unit *parse(const char *text)
{
    return mo_parse_file(mo_file_from_string("test.mo", text));
}

/* The binding of "x" in "model T Real x = <src>; end T;" */
static mo_expr *parse_expr(const char *src)
{
    mo_unit *u = parse(mo_sprintf("model T\n  Real x = %s;\nend T;\n", src));
    if (!u) {
        fprintf(stderr, "cannot parse expression: %s\n", src);
        failures++;
        return NULL;
    }
    return u->classes[0]->elems[0]->mod->binding;
}

static const char *show(const mo_expr *e)
{
    mo_buf b = {0};
    if (e)
        mo_expr_print(&b, e, NULL, NULL);
    return mo_buf_str(&b);
}

/* src prints as want, and want parses back to itself. */
static void round_trip(const char *src, const char *want)
{
    const char *got = show(parse_expr(src));
    CHECK_STR(got, want);
    CHECK_STR(show(parse_expr(want)), want);
}

static void test_precedence(void)
{
    round_trip("-a^b", "-a^b");
    round_trip("(-a)^b", "(-a)^b");
    round_trip("(a+b)*c", "(a + b) * c");
    round_trip("a-(b-c)", "a - (b - c)");
    round_trip("(a-b)-c", "a - b - c");
    round_trip("a/(b*c)", "a / (b * c)");
    round_trip("a/b*c", "a / b * c");
    round_trip("2^(3^2)", "2^(3^2)");
    round_trip("(2^3)^2", "(2^3)^2");
    round_trip("-a*b", "-a * b");
    round_trip("(-a)*b", "(-a) * b");
    round_trip("-(a+b)", "-(a + b)");
    round_trip("a+(-b)", "a + (-b)");
    round_trip("a .* b ./ c .+ d .- e .^ 2", "a .* b ./ c .+ d .- e.^2");
    round_trip("not (a and b) or c", "not (a and b) or c");
    round_trip("not a and b", "not a and b");
    round_trip("(a or b) and c", "(a or b) and c");
    round_trip("(a < b) == c", "(a < b) == c");
    round_trip("a + b < c * d", "a + b < c * d");
    round_trip("1:2:10", "1:2:10");
    round_trip("(if a then 1 else 2) + 3", "(if a then 1 else 2) + 3");
    round_trip("if a then 1 elseif b then 2 else if c then 3 else 4",
               "if a then 1 elseif b then 2 else if c then 3 else 4");
    round_trip("x[end, :, 1:end-1]", "x[end, :, 1:end - 1]");
    round_trip(".Modelica.Math.sin(a.b[1].c)", ".Modelica.Math.sin(a.b[1].c)");
    round_trip("sum(a[i, j] for i in 1:n, j in 1:m)", "sum(a[i, j] for i in 1:n, j in 1:m)");
    round_trip("{i^2 for i in 1:3}", "{i^2 for i in 1:3}");
    round_trip("[1, 2; 3, 4]", "[1, 2; 3, 4]");
    round_trip("{ {1,2}, {3} }", "{{1, 2}, {3}}");
    round_trip("f(1, x = 2, y = function g(k = 3))", "f(1, x = 2, y = function g(k = 3))");
    round_trip("der(x) + initial()", "der(x) + initial()");
    round_trip("\"a\\\"b\\n\\\\\"", "\"a\\\"b\\n\\\\\"");
    round_trip("1.e-3 + 2E5 + 007", "1.e-3 + 2E5 + 007");
    round_trip("'a*/ b' + true", "'a*/ b' + true");
}

static void test_literals_and_helpers(void)
{
    mo_expr *e = parse_expr("\"tab\\there\" + \"x\"");
    CHECK(e && e->kind == MO_EX_BINARY && e->a[0]->kind == MO_EX_STRING);
    if (e)
        CHECK_STR(e->a[0]->str, "tab\there");
    e = parse_expr("12345");
    CHECK(e && e->kind == MO_EX_INT && e->ival == 12345);
    e = parse_expr("1.5e2");
    CHECK(e && e->kind == MO_EX_REAL && e->real == 150.0);

    mo_loc none = {0};
    CHECK_STR(show(mo_expr_real(none, 0.1)), "0.1");
    CHECK_STR(show(mo_expr_real(none, 1.0)), "1.0");
    CHECK_STR(show(mo_expr_real(none, 1.0 / 3.0)), "0.3333333333333333");
    CHECK_STR(show(mo_expr_real(none, 1e300)), "1e+300");
    mo_expr *neg = mo_expr_real(none, -2.0);
    CHECK_STR(show(mo_expr_binary(none, MO_OP_POW, mo_expr_int(none, 3), neg)), "3^(-2.0)");
    CHECK_STR(show(mo_expr_binary(none, MO_OP_ADD, mo_expr_int(none, 3), mo_expr_int(none, -1))), "3 + (-1)");

    for (int k = 0; k < MO_EX_KIND_COUNT; k++)
        CHECK(strcmp(mo_expr_kind_name((mo_expr_kind)k), "?") != 0);
    CHECK_STR(mo_expr_kind_name(MO_EX_MATRIX), "matrix");
    CHECK_STR(mo_op_text(MO_OP_EPOW), ".^");
    CHECK_STR(mo_op_text(MO_OP_NE), "<>");
    CHECK_STR(mo_op_text(MO_OP_NEG), "-");

    /* deep copy: changing the copy leaves the original alone */
    e = parse_expr("f(a[1], b = {c for i in 1:2})");
    mo_expr *c = mo_expr_copy(e);
    CHECK_STR(show(c), show(e));
    if (c && c->kind == MO_EX_CALL && c->n == 1 && c->a[0]->nparts == 1) {
        mo_ref_part_subs(&c->a[0]->parts[0])[0]->ival = 7;
        mo_ref_part_subs(&c->a[0]->parts[0])[0]->text = "7";
        CHECK_STR(show(e), "f(a[1], b = {c for i in 1:2})");
    } else {
        CHECK(!"copy has the shape of a call");
    }
    e = parse_expr("a.b[2, end].c");
    CHECK_STR(mo_ref_str(e), "a.b[2, end].c");
    CHECK(e && e->nparts == 3 && e->parts[1].nsubs == 2 && mo_ref_part_subs(&e->parts[1])[1]->kind == MO_EX_END);

    /* the depth of a tree is kept, and a chain one operator longer than the limit is refused */
    mo_buf b = {0};
    for (int i = 0; i < MO_MAX_EXPR_DEPTH - 1; i++)
        mo_buf_puts(&b, "1+");
    mo_buf_puts(&b, "1");
    e = parse_expr(mo_buf_str(&b));
    CHECK(e && e->depth == MO_MAX_EXPR_DEPTH);
    mo_buf_puts(&b, "+1");
    FILE *sink = tmpfile();
    mo_diag_set_stream(sink);
    CHECK(!parse(mo_sprintf("model T\n  Real x = %s;\nend T;\n", mo_buf_str(&b))));
    mo_diag_set_stream(NULL);
    fclose(sink);
}

static const char *const model_text =
    "within P.Q;\n"
    "model M \"desc\" + \" more\"\n"
    "  import A.B.C;\n"
    "  import D = A.B;\n"
    "  import A.*;\n"
    "  import A.{X, Y};\n"
    "  extends Base(k = 2) annotation(IconMap);\n"
    "  parameter Real a, b(start = 1) = 2 \"b\", c[2] if b > 1;\n"
    "  replaceable package Medium = Lib.Medium constrainedby Lib.Partial \"m\";\n"
    "  type T = input Real[3](each unit = \"m\") \"t\";\n"
    "  type E = enumeration(one \"1\", two);\n"
    "  function df = der(Lib.f, x, y);\n"
    "  Comp k(redeclare Real v = 1, final w(start = 2) = 3, redeclare package M = N);\n"
    "protected\n"
    "  outer Real p;\n"
    "equation\n"
    "  der(a) = -b;\n"
    "  connect(k.p, k.n) annotation(Line);\n"
    "  for i in 1:2 loop c[i] = i; end for;\n"
    "  if a > 0 then b = 1; elseif a < 0 then b = 2; else b = 3; end if;\n"
    "  when sample(0, 1) then reinit(a, 0); elsewhen a > 3 then terminate(\"done\"); end when;\n"
    "  (a, b) = f(c);\n"
    "initial equation\n"
    "  a = 0;\n"
    "algorithm\n"
    "  (a, , b) := f(c);\n"
    "  while a < 1 loop a := a + 1; end while;\n"
    "  break;\n"
    "  annotation(experiment(StopTime = 2));\n"
    "end M;\n"
    "function F\n"
    "  input Real u;\n"
    "  output Real y;\n"
    "external \"C\" y = cf(u) annotation(Library = \"m\");\n"
    "end F;\n";

static const mo_element *elem(const mo_class *c, int i) { return i < c->nelems ? c->elems[i] : NULL; }

static void test_model(void)
{
    mo_unit *u = parse(model_text);
    CHECK(u != NULL);
    if (!u)
        return;
    CHECK(u->has_within && u->within && strcmp(mo_name_str(u->within), "P.Q") == 0);
    CHECK(u->nclasses == 2);
    const mo_class *m = u->classes[0];
    CHECK_STR(m->name, "M");
    CHECK(m->kind == MO_CL_MODEL && m->form == MO_FORM_LONG);
    CHECK_STR(m->comment.text, "desc more");
    CHECK(m->comment.annotation && m->comment.annotation->nargs == 1);
    CHECK(m->nelems == 14);
    CHECK(elem(m, 0)->kind == MO_ELEM_IMPORT && elem(m, 0)->import_kind == MO_IMPORT_QUALIFIED);
    CHECK(elem(m, 1)->import_kind == MO_IMPORT_RENAMING && strcmp(elem(m, 1)->alias, "D") == 0);
    CHECK(elem(m, 2)->import_kind == MO_IMPORT_UNQUALIFIED);
    CHECK(elem(m, 3)->import_kind == MO_IMPORT_MULTIPLE && elem(m, 3)->nimport_ids == 2);
    CHECK(elem(m, 4)->kind == MO_ELEM_EXTENDS && elem(m, 4)->mod->nargs == 1 && elem(m, 4)->extends_annotation);
    /* one component clause, three elements sharing type and prefixes */
    const mo_element *a = elem(m, 5), *b = elem(m, 6), *c = elem(m, 7);
    CHECK_STR(a->name, "a");
    CHECK_STR(b->name, "b");
    CHECK_STR(c->name, "c");
    CHECK(a->type == b->type && b->type == c->type);
    CHECK(a->flags == MO_PF_PARAMETER && c->flags == MO_PF_PARAMETER);
    CHECK(b->mod->nargs == 1 && b->mod->binding && b->mod->binding->ival == 2);
    CHECK_STR(b->comment.text, "b");
    CHECK(c->ndims == 1 && c->condition && c->condition->kind == MO_EX_BINARY);
    const mo_element *med = elem(m, 8);
    CHECK(med->kind == MO_ELEM_CLASS && (med->flags & MO_PF_REPLACEABLE) && med->constrainedby);
    CHECK(med->cls->form == MO_FORM_SHORT && med->cls->kind == MO_CL_PACKAGE);
    CHECK_STR(med->cls->comment.text, "m");
    const mo_class *t = elem(m, 9)->cls;
    CHECK(t->form == MO_FORM_SHORT && t->short_prefixes == MO_PF_INPUT && t->nshort_dims == 1);
    CHECK(t->short_mod && t->short_mod->nargs == 1 && t->short_mod->args[0].each);
    const mo_class *en = elem(m, 10)->cls;
    CHECK(en->form == MO_FORM_ENUM && en->nliterals == 2);
    CHECK_STR(en->literals[0].comment.text, "1");
    const mo_class *df = elem(m, 11)->cls;
    CHECK(df->form == MO_FORM_DER && df->kind == MO_CL_FUNCTION && df->nder_ids == 2);
    CHECK_STR(mo_name_str(df->der_fn), "Lib.f");
    const mo_element *k = elem(m, 12);
    CHECK(k->mod->nargs == 3);
    CHECK(k->mod->args[0].kind == MO_ARG_REDECLARE && mo_arg_element(&k->mod->args[0])->kind == MO_ELEM_COMPONENT);
    CHECK(k->mod->args[1].kind == MO_ARG_MOD && k->mod->args[1].final_);
    CHECK(k->mod->args[2].kind == MO_ARG_REDECLARE && mo_arg_element(&k->mod->args[2])->kind == MO_ELEM_CLASS);
    const mo_element *pe = elem(m, 13);
    CHECK(pe->flags == (MO_PF_OUTER | MO_PF_PROTECTED));
    /* sections */
    CHECK(m->nsections == 3);
    if (m->nsections == 3) {
        const mo_section *s = &m->sections[0];
        CHECK(!s->initial && !s->algorithm && s->eqs.n == 6);
        CHECK(s->eqs.v[0]->kind == MO_EQ_EQUAL);
        CHECK(s->eqs.v[1]->kind == MO_EQ_CONNECT && s->eqs.v[1]->comment.annotation);
        CHECK(s->eqs.v[2]->kind == MO_EQ_FOR && s->eqs.v[2]->niters == 1 && s->eqs.v[2]->bodies[0].n == 1);
        CHECK(s->eqs.v[3]->kind == MO_EQ_IF && s->eqs.v[3]->nconds == 2 && s->eqs.v[3]->bodies[2].n == 1);
        CHECK(s->eqs.v[4]->kind == MO_EQ_WHEN && s->eqs.v[4]->nconds == 2);
        CHECK(s->eqs.v[4]->bodies[0].v[0]->kind == MO_EQ_CALL);
        CHECK(s->eqs.v[5]->lhs->kind == MO_EX_TUPLE);
        CHECK(m->sections[1].initial && !m->sections[1].algorithm);
        const mo_section *al = &m->sections[2];
        CHECK(al->algorithm && al->stmts.n == 3);
        const mo_expr *tup = al->stmts.v[0]->lhs;
        CHECK(tup->kind == MO_EX_TUPLE && tup->n == 3 && tup->a[1] == NULL);
        CHECK(al->stmts.v[1]->kind == MO_ST_WHILE && al->stmts.v[2]->kind == MO_ST_BREAK);
    }
    const mo_class *f = u->classes[1];
    CHECK(f->kind == MO_CL_FUNCTION && f->external);
    if (f->external) {
        CHECK_STR(f->external->language, "C");
        CHECK_STR(f->external->fn_name, "cf");
        CHECK(f->external->nargs == 1 && f->external->lhs && f->external->annotation);
    }
}

/* locations: 1-based line, byte column, and the length of the marked text */
static void test_locations(void)
{
    mo_unit *u = parse("model Abc\n  Real xyz = 1 + \"two\nlines\";\nequation\n  der(xyz) = -1;\nend Abc;\n");
    CHECK(u != NULL);
    if (!u)
        return;
    const mo_class *c = u->classes[0];
    CHECK(c->loc.line == 1 && c->loc.col == 7 && c->loc.len == 3);
    const mo_element *e = c->elems[0];
    CHECK(e->loc.line == 2 && e->loc.col == 8 && e->loc.len == 3);
    const mo_expr *b = e->mod->binding;
    CHECK(b->kind == MO_EX_BINARY && b->loc.line == 2 && b->loc.col == 14);
    CHECK(b->a[1]->kind == MO_EX_STRING && strcmp(b->a[1]->str, "two\nlines") == 0);
    const mo_eq *q = c->sections[0].eqs.v[0];
    CHECK(q->loc.line == 5 && q->loc.col == 3 && q->loc.len == 13);
    CHECK(q->lhs->kind == MO_EX_CALL && strcmp(q->lhs->fn->parts[0].id, "der") == 0);
    CHECK(q->rhs->kind == MO_EX_UNARY && q->rhs->op == MO_OP_NEG);
}

int main(void)
{
    test_locations();
    test_precedence();
    test_literals_and_helpers();
    test_model();
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
