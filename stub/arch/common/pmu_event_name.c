/*
 * pmu_event_name.c - an event's name for "monitor pmu" (pmu_core.h), read
 * out of the core's target description. A file of its own: a stub built
 * without the summary (PMUSTUB_PMU_SUMMARY off) does not link it.
 */
#include "pmu_core.h"
#include "pmustub/target.h"
#include "pmustub/tdesc.h"

/* Passes s at the cursor, counting the characters in *at; 0 where the
 * text differs. */
static int take(struct tdesc_cursor *c, const char *s, uint32_t *at)
{
    for (; *s; s++, tdesc_next(c), ++*at)
        if (tdesc_peek(c) != (unsigned char)*s)
            return 0;
    return 1;
}

/* The enum's text from event_at[n] is <evalue name="NAME" value="V"/>...
 * (the generator checks it: emit_stub.py, check_evalues); the name is
 * printed by a second cursor sent to where it starts (a struct copy
 * would be a memcpy, which the freestanding stub has not). */
int pmu_put_event_name(const struct pmu_core *core, unsigned n, unsigned code)
{
    const char *const head[2] = {core->xml_head, 0};
    struct tdesc_cursor c;
    uint32_t at = core->event_at[n], name;
    char s[2] = {0, 0};
    int d;

    if (!core->n_events)
        return -1;
    tdesc_start(&c, head, pmu_tdesc_rules);
    tdesc_skip(&c, at);
    while (take(&c, "<evalue name=\"", &at)) {
        unsigned v = 0;

        for (name = at; (d = tdesc_peek(&c)) > 0 && d != '"'; at++)
            tdesc_next(&c);
        if (!take(&c, "\" value=\"", &at))
            return -1;
        for (; (d = tdesc_peek(&c)) >= '0' && d <= '9'; at++) {
            v = v * 10 + (unsigned)(d - '0');
            tdesc_next(&c);
        }
        if (!take(&c, "\"/>", &at))
            return -1;
        if (v == code) {
            tdesc_start(&c, head, pmu_tdesc_rules);
            tdesc_skip(&c, name);
            for (; (d = tdesc_peek(&c)) > 0 && d != '"'; tdesc_next(&c)) {
                s[0] = (char)d;
                stub_mon_puts(s);
            }
            return 0;
        }
    }
    return -1;
}
