/*
 * pmu_event_name.c - an event's name for "monitor pmu" (pmu_core.h), read
 * out of the core's target description. A file of its own: a stub built
 * without the summary (PMUSTUB_PMU_SUMMARY off) does not link it.
 */
#include "pmu_core.h"
#include "pmustub/target.h"
#include "pmustub/tdesc.h"

/* The name of event code in the <evalue>s at p (the compact form,
 * pmustub/tdesc.h: EVALUE name VALUE digits END ...; the name's bytes are
 * below TDESC_WORD, characters and parts), or NULL. The generator checks
 * that the enum is written in exactly these words. */
static const char *find_event(const char *p, unsigned code)
{
    while ((unsigned char)*p == TDESC_BYTE(EVALUE)) {
        const char *name = ++p;
        unsigned v = 0;
        while ((unsigned char)*p < TDESC_WORD)
            p++;
        for (p++; (unsigned char)*p < TDESC_WORD; p++) /* after VALUE */
            v = v * 10 + (unsigned)(*p - '0');
        p++; /* END */
        if (v == code)
            return name;
    }
    return 0;
}

int pmu_put_event_name(const struct pmu_core *core, unsigned n, unsigned code)
{
    const char *name, *part;
    char c[2] = {0, 0};

    if (!core->n_events || !(name = find_event(core->xml_head + core->event_at[n], code)))
        return -1;
    for (; (unsigned char)(c[0] = *name) < TDESC_WORD; name++)
        stub_mon_puts((part = stub_tdesc_text((unsigned char)*name)) ? part : c);
    return 0;
}
