/*
 * catalog.c - name lookups over the generated catalogues. An event name can
 * have several rows (R10000 "instructions" is code 15 on counter 0 and
 * code 1 on counter 1, seed 003): they are merged into one pmu_event.
 */
#include "catalog.h"

#include <string.h>

const struct pmu_catalog *catalog_core(const char *core)
{
    for (int i = 0; i < PMU_CATALOG_COUNT; i++)
        if (!strcmp(pmu_catalogs[i].core, core))
            return &pmu_catalogs[i];
    return NULL;
}

const struct pmu_catalog *catalog_core_by_id(const char *family, uint32_t id)
{
    for (int i = 0; i < PMU_CATALOG_COUNT; i++)
        if (!strcmp(pmu_catalogs[i].family, family) &&
            (id & pmu_catalogs[i].id_mask) == pmu_catalogs[i].id_value)
            return &pmu_catalogs[i];
    return NULL;
}

const char *catalog_core_names(void)
{
    static char names[128];
    if (!names[0]) {
        for (int i = 0; i < PMU_CATALOG_COUNT; i++) {
            if (i)
                strcat(names, "|");
            strncat(names, pmu_catalogs[i].core, sizeof names - strlen(names) - 2);
        }
    }
    return names;
}

int catalog_event(const struct pmu_catalog *c, const char *name,
                  struct pmu_event *ev)
{
    int found = 0;
    memset(ev, 0, sizeof *ev);
    for (unsigned i = 0; i < c->n_events; i++) {
        const struct pmu_catalog_event *e = &c->events[i];
        if (strcmp(e->name, name))
            continue;
        if (!found++) {
            ev->name = e->name;
            ev->description = e->description;
            ev->type = e->type;
            ev->vboard = e->vboard;
        }
        for (unsigned n = 0; n < c->n_counters && n < CATALOG_MAX_COUNTERS; n++) {
            if (e->counters & (1u << n)) {
                ev->counters |= 1u << n;
                ev->code[n] = (unsigned char)e->code;
            }
        }
    }
    return found ? 0 : -1;
}

const char *catalog_name_of(const struct pmu_catalog *c, unsigned counter,
                            unsigned code)
{
    for (unsigned i = 0; i < c->n_events; i++)
        if (c->events[i].code == code &&
            (c->events[i].counters & (1u << counter)))
            return c->events[i].name;
    return NULL;
}

/* Levenshtein distance, capped: names are short. */
static unsigned distance(const char *a, const char *b)
{
    unsigned row[64], la = (unsigned)strlen(a), lb = (unsigned)strlen(b);
    if (la >= 63 || lb >= 63)
        return 99;
    for (unsigned j = 0; j <= lb; j++)
        row[j] = j;
    for (unsigned i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = i;
        for (unsigned j = 1; j <= lb; j++) {
            unsigned up = row[j];
            unsigned best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int catalog_suggest(const struct pmu_catalog *c, const char *name,
                    const char *out[], int max)
{
    unsigned limit = (unsigned)strlen(name) / 3 + 2;
    int n = 0;

    /* Best first: one pass per distance keeps the catalogue's order among
     * equals, and a name with several rows is offered once. */
    for (unsigned want = 0; want <= limit && n < max; want++) {
        for (unsigned i = 0; i < c->n_events && n < max; i++) {
            const char *cand = c->events[i].name;
            unsigned d = distance(name, cand);
            /* Part of a name ("dcache" for dcache_misses) is near too. */
            if (strlen(name) >= 3 && strstr(cand, name) && d > limit)
                d = limit;
            int dup = 0;
            for (int k = 0; k < n; k++)
                dup |= !strcmp(out[k], cand);
            if (d == want && !dup)
                out[n++] = cand;
        }
    }
    return n;
}

void catalog_print(FILE *f, const struct pmu_catalog *c)
{
    fprintf(f, "%s: %u counters (vboard: how the simulator counts the event: "
            "exact, from its model, or none)\n", c->core, c->n_counters);
    fprintf(f, "%-40s %5s  %-9s %-4s %-6s %s\n", "event", "code", "counters",
            "type", "vboard", "description");
    for (unsigned i = 0; i < c->n_events; i++) {
        const struct pmu_catalog_event *e = &c->events[i];
        char ctrs[40] = "";
        for (unsigned n = 0; n < c->n_counters; n++) {
            if (e->counters & (1u << n)) {
                size_t l = strlen(ctrs);
                snprintf(ctrs + l, sizeof ctrs - l, "%s%u", l ? "," : "", n);
            }
        }
        fprintf(f, "%-40s %5u  %-9s %-4c %-6s %s\n", e->name, e->code, ctrs,
                e->type, pmu_vboard_name(e->vboard), e->description);
    }
}
