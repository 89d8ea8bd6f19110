/*
 * prefixes.c - the prefix rules of component declarations (specification 4.4.2.2): type prefixes (flow,
 * stream, discrete, parameter, constant, input, output) only on components of types, records and
 * connectors; flow only on Reals and on records and connectors of them; flow on a structured component
 * only when none of its elements is flow or stream, input or output only when none is input or output.
 *
 * Input: the declaration, its resolved type (flatten_type.c) and the instance it becomes a component of,
 * whose flags carry the flow, input and output prefixes imposed by the enclosing components (inst.h).
 * Output: a located error naming the rule, false after it. Called by flatten.c for every component it
 * builds (a few flag tests: the hot path of a big model stays as fast).
 */
#include "inst.h"

#define TYPE_PREFIXES (MO_PF_FLOW | MO_PF_STREAM | MO_PF_DISCRETE | MO_PF_PARAMETER | MO_PF_CONSTANT | \
                       MO_PF_INPUT | MO_PF_OUTPUT)
#define STRUCT_PREFIXES (MO_PF_FLOW | MO_PF_INPUT | MO_PF_OUTPUT)

static const char *first_prefix(unsigned flags)
{
    static const struct { unsigned flag; const char *name; } names[] = {
        {MO_PF_FLOW, "flow"}, {MO_PF_STREAM, "stream"}, {MO_PF_DISCRETE, "discrete"},
        {MO_PF_PARAMETER, "parameter"}, {MO_PF_CONSTANT, "constant"}, {MO_PF_INPUT, "input"},
        {MO_PF_OUTPUT, "output"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (flags & names[i].flag)
            return names[i].name;
    return "?";
}

/* May a component of class kind k carry the type prefixes pf? Types, records and connectors take them
 * all; a function type takes input (a functional argument, 12.4.2); a plain class takes parameter and
 * constant (the classes extending ExternalObject are declared 'class', 12.9.7). */
static bool kind_takes(mo_class_kind k, unsigned pf)
{
    switch (k) {
    case MO_CL_TYPE: case MO_CL_RECORD: case MO_CL_OPERATOR_RECORD: case MO_CL_CONNECTOR:
    case MO_CL_EXPANDABLE_CONNECTOR:
        return true;
    case MO_CL_FUNCTION:
        return pf == MO_PF_INPUT;
    case MO_CL_CLASS:
        return !(pf & ~(MO_PF_PARAMETER | MO_PF_CONSTANT));
    default:
        return false;
    }
}

bool mo_prefixes_ok(const mo_inst *home, const mo_element *e, const mo_comp_type *t, unsigned flags)
{
    unsigned own = (e->flags | t->prefixes) & TYPE_PREFIXES;
    if (own && t->basetype < 0 && !kind_takes(t->cls->kind, own)) {
        mo_error(e->loc, "'%s' is a %s '%s', so it cannot be %s: type prefixes are only for components of types, "
                 "records and connectors (specification 4.4.2.2)", e->name, mo_class_kind_name(t->cls->kind),
                 mo_class_full_name(t->cls), first_prefix(own));
        return false;
    }
    /* flow and stream are one category, input and output another: an element may not repeat the
     * category of the structured component that holds it (the compliance suite keeps 'flow C c' with
     * an output element of C valid, as the specification before 3.5 said it) */
    unsigned cat = home->flags & MO_PF_FLOW ? MO_PF_FLOW | MO_PF_STREAM : 0;
    if (home->flags & (MO_PF_INPUT | MO_PF_OUTPUT))
        cat |= MO_PF_INPUT | MO_PF_OUTPUT;
    if (own & cat) {
        mo_error(e->loc, "'%s' cannot be %s: the structured component '%s' that holds it is declared %s, and then "
                 "no element of it may have a prefix of the same kind (specification 4.4.2.2)", e->name,
                 first_prefix(own & cat), home->path, first_prefix(home->flags & STRUCT_PREFIXES));
        return false;
    }
    if ((flags & MO_PF_FLOW) && (t->basetype >= 0 ? t->basetype != MO_T_REAL
                                 : t->cls->kind != MO_CL_RECORD && t->cls->kind != MO_CL_OPERATOR_RECORD &&
                                       t->cls->kind != MO_CL_CONNECTOR)) {
        mo_error(e->loc, "flow '%s' must be a Real or a record or connector of them, not %s '%s'", e->name,
                 t->basetype >= 0 ? "of type" : mo_class_kind_name(t->cls->kind), mo_class_full_name(t->cls));
        return false;
    }
    return true;
}
