/* Shared by the files of the report directory's writers (src/report/). */
#ifndef VF_REPORT_INT_H
#define VF_REPORT_INT_H

#include "vf_report.h"

/* Cases at the map's severity (every failing case when its findings are
 * all accepted): the count its rate is of. */
static inline unsigned long vf_report_at_sev(const vf_tally_map *m)
{
    return m->sev > VF_SEV_OK ? m->at[m->sev] : m->failed;
}

/* n[sev]: the maps run (or failing at load) at each severity. */
void vf_report_maps_by_sev(const vf_tally *t, size_t n[VF_SEV_COUNT]);

#endif
