/*
 * pmu_core.c - see pmu_core.h.
 */
#include "pmu_core.h"
#include "pmustub/target.h"

void pmu_describe(const struct pmu_core *core, unsigned counters,
                  const char *const *arch_xml, const char **xml, int *expedite,
                  unsigned e)
{
    unsigned n = 0;
    const char *const *p;

    for (p = arch_xml; p[1]; p++)
        xml[n++] = *p;
    if (core) {
        xml[n++] = core->xml_head;
        for (unsigned i = 0; i < counters; i++) {
            xml[n++] = core->xml_counters[i];
            expedite[e++] = PMU_REGNUM_COUNT(i);
            expedite[e++] = PMU_REGNUM_COUNT64(i);
        }
        xml[n++] = pmu_xml_tail;
    }
    xml[n++] = *p;
    xml[n] = 0;
    expedite[e] = -1;
}
