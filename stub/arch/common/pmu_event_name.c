/*
 * pmu_event_name.c - the core's events, read out of its target
 * description (pmu_core.h): for "monitor pmu", its summary and its event
 * commands. A file of its own: a stub built without them
 * (PMUSTUB_PMU_SUMMARY off) does not link it.
 */
#include "pmu_core.h"
#include "pmustub/target.h"

/* Passes s at the cursor; 0 where the text differs. */
static int take(struct tdesc_cursor *c, const char *s)
{
    for (; *s; s++, tdesc_next(c))
        if (tdesc_peek(c) != (unsigned char)*s)
            return 0;
    return 1;
}

void pmu_events_start(struct pmu_events *it, const struct pmu_core *core, unsigned n)
{
    it->head[0] = core->xml_head;
    it->head[1] = 0;
    it->any = core->n_events != 0;
    tdesc_start(&it->c, it->head, pmu_tdesc_rules);
    tdesc_skip(&it->c, core->event_at[n]);
}

/* The enum's text from event_at[n] is <evalue name="NAME" value="V"/>...
 * (the generator checks it, and that no name is longer than
 * PMU_EVENT_NAME_MAX: emit_stub.py, event_offsets). */
int pmu_events_next(struct pmu_events *it, char name[PMU_EVENT_NAME_MAX + 1],
                    unsigned *code)
{
    unsigned len = 0;
    int d;

    if (!it->any || !take(&it->c, "<evalue name=\""))
        return 0;
    for (; (d = tdesc_peek(&it->c)) > 0 && d != '"'; tdesc_next(&it->c))
        if (len < PMU_EVENT_NAME_MAX)
            name[len++] = (char)d;
    name[len] = 0;
    if (!take(&it->c, "\" value=\""))
        return 0;
    *code = 0;
    for (; (d = tdesc_peek(&it->c)) >= '0' && d <= '9'; tdesc_next(&it->c))
        *code = *code * 10 + (unsigned)(d - '0');
    return take(&it->c, "\"/>");
}

int pmu_put_event_name(const struct pmu_core *core, unsigned n, unsigned code)
{
    struct pmu_events it;
    char name[PMU_EVENT_NAME_MAX + 1];
    unsigned v;

    pmu_events_start(&it, core, n);
    while (pmu_events_next(&it, name, &v))
        if (v == code) {
            stub_mon_puts(name);
            return 0;
        }
    return -1;
}
