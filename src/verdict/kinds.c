/* The table of verdict kinds (vf_verdict.h). */
#include "vf_verdict.h"

#include <stddef.h>

static const vf_verdict_kind kinds[VF_V_COUNT_KINDS] = {
#define ROW(id, name, meaning, rule, ranks) {name, meaning, rule, ranks},
    VF_VERDICT_KINDS(ROW)
#undef ROW
};

const vf_verdict_kind *vf_verdict_kind_at(int i)
{
    return i >= 0 && i < VF_V_COUNT_KINDS ? &kinds[i] : NULL;
}

const char *vf_verdict_kind_name(unsigned bit)
{
    for (int i = 0; i < VF_V_COUNT_KINDS; i++)
        if (bit == 1u << i) return kinds[i].name;
    return NULL;
}
