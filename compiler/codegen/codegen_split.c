/*
 * codegen_split.c - a long run of generated statements cut into functions of bounded size.
 *
 * Why: the C compiler's optimizer costs more than linear time in the size of one function (register
 * allocation, scheduling and value numbering work over the whole body), so the rhs of a 10^4-unit model
 * written as one function takes minutes to compile. Cut into parts of about MO_CG_PART_WEIGHT
 * statements, each optimized on its own, the compile time grows linearly with the model.
 *
 * Input: the statements of one sequence (rhs's blocks, initialize's start values, ...), written one at a
 * time into the buffer mo_cg_split_out returns, each followed by mo_cg_split_next with its weight (about
 * the number of operations it does). Output: when the sequence's estimated weight is small, the
 * statements go into the caller's buffer unchanged (small models keep their one readable function);
 * otherwise each MO_CG_PART_WEIGHT of them become a static function NAME_partK in s->defs, and the caller
 * gets one call per part (s->call). Parts are marked MO2C_NOINLINE, or the compiler would inline every
 * part called once straight back into the caller. Precondition: the statements refer only to what the
 * part's parameters and s->locals declare, and fail with `return -1` or by clearing `ok`. The functions
 * of the algebraic loops a part calls (written into s->loops) precede it; with s->record set, each part's
 * place is recorded for codegen_write.c.
 */
#include "codegen.h"

#include <string.h>

/* Start a sequence of statements whose total weight is about estimate; indent is the caller's
 * indentation of a statement. Parts are numbered on from the sequences before. */
void mo_cg_split_begin(mo_cg_split *s, int estimate, const char *caller_indent)
{
    s->split = estimate > MO_CG_PART_WEIGHT;
    s->indent = s->split ? "    " : caller_indent;
    s->body.len = 0;
    if (s->body.s)
        s->body.s[0] = '\0';
    s->weight = 0;
}

mo_buf *mo_cg_split_out(mo_cg_split *s)
{
    return s->split ? &s->body : s->caller;
}

/* Close the current part: its definition into s->defs, its call into s->caller. */
static void flush_part(mo_cg_split *s)
{
    if (s->body.len == 0)
        return;
    int k = s->nparts++;
    size_t from = s->defs->len;
    if (s->loops.len) {   /* the loops this part calls, before it (the buffer is reused, as body) */
        mo_buf_putn(s->defs, s->loops.s, s->loops.len);
        s->loops.len = 0;
        s->loops.s[0] = '\0';
    }
    mo_buf_printf(s->defs, "/* %s, part %d: the sequence is cut into parts that the C compiler optimizes "
                           "one at a time */\n", s->name, k);
    size_t def = s->defs->len;
    mo_buf_printf(s->defs, "static MO2C_NOINLINE int %s_part%d%s\n{\n", s->name, k, s->params);
    mo_buf_puts(s->defs, s->locals);
    mo_buf_putn(s->defs, s->body.s, s->body.len);
    mo_buf_puts(s->defs, "    return ok ? 0 : -1;\n}\n\n");
    if (s->record) {
        mo_cg_part p = {s->defs, from, def, s->defs->len, mo_sprintf("int %s_part%d%s;\n", s->name, k, s->params)};
        MO_PUSH(s->record->v, p);
    }
    mo_buf_printf(s->caller, s->call, mo_sprintf("%s_part%d", s->name, k));
    /* the text is in s->defs now: the next part reuses the buffer (the arena never frees one) */
    s->body.len = 0;
    s->body.s[0] = '\0';
    s->weight = 0;
}

void mo_cg_split_next(mo_cg_split *s, int weight)
{
    if (!s->split)
        return;
    s->weight += weight > 0 ? weight : 1;
    if (s->weight >= MO_CG_PART_WEIGHT)
        flush_part(s);
}

void mo_cg_split_end(mo_cg_split *s)
{
    if (s->split)
        flush_part(s);
}
