/*
 * pmu/catalog.c - name lookups over the generated catalogues. An event name can
 * have several rows (R10000 "instructions" is code 15 on counter 0 and
 * code 1 on counter 1, seed 003): they are merged into one pmu_event.
 */
#include "pmu/catalog.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

const struct pmu_catalog *catalog_core(const char *core)
{
    return pmu_catalog_find(NULL, core);
}

const struct pmu_catalog *catalog_core_by_id(const char *family, uint32_t id)
{
    return pmu_catalog_by_id(family, id);
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

/* The rows of the catalogue that match (by name, or by code when name is
 * NULL) merged into one event; 0 if any matched. */
static int merge_rows(const struct pmu_catalog *c, const char *name,
                      int code, struct pmu_event *ev)
{
    int found = 0;
    memset(ev, 0, sizeof *ev);
    for (unsigned i = 0; i < c->n_events; i++) {
        const struct pmu_catalog_event *e = &c->events[i];
        if (name ? strcmp(e->name, name) != 0 : (int)e->code != code)
            continue;
        if (!found++) {
            ev->name = e->name;
            ev->description = e->description;
            ev->type = e->type;
            ev->vboard = e->vboard;
            ev->worse = e->worse;
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

/* "57" or "raw57": the code, or -1. */
static int raw_code(const char *name)
{
    const char *p = strncmp(name, "raw", 3) ? name : name + 3;
    char *end;
    if (*p < '0' || *p > '9')
        return -1;
    long v = strtol(p, &end, 10);
    return *end || v > 255 ? -1 : (int)v;
}

/* A raw number: the catalogue's event where the code names one event on
 * the counters that count it with that code (PMC0/PMC1-only events stay
 * there); else the code on every counter, named rawN, which vboard does
 * not model. */
static int raw_event(const struct pmu_catalog *c, int code, struct pmu_event *ev)
{
    static char names[256][16];
    int one = merge_rows(c, NULL, code, ev) == 0;
    for (unsigned i = 0; i < c->n_events && one; i++)
        one = (int)c->events[i].code != code || !strcmp(c->events[i].name, ev->name);
    if (one)
        return 0;
    memset(ev, 0, sizeof *ev);
    snprintf(names[code], sizeof names[code], "raw%d", code);
    ev->name = names[code];
    ev->description = "a raw event number";
    ev->type = '-';
    ev->vboard = PMU_VBOARD_NONE;
    ev->worse = PMU_WORSE_ANY; /* nothing known of it */
    for (unsigned n = 0; n < c->n_counters && n < CATALOG_MAX_COUNTERS; n++) {
        ev->counters |= 1u << n;
        ev->code[n] = (unsigned char)code;
    }
    return 0;
}

int catalog_event(const struct pmu_catalog *c, const char *name,
                  struct pmu_event *ev)
{
    int code;
    if (merge_rows(c, name, -1, ev) == 0)
        return 0;
    for (unsigned i = 0; i < c->n_generic; i++)
        if (!strcmp(c->generic[i].generic, name))
            return merge_rows(c, c->generic[i].event, -1, ev);
    if ((code = raw_code(name)) >= 0 && (unsigned)code <= c->event_mask)
        return raw_event(c, code, ev);
    return -1;
}

const char *catalog_name_of(const struct pmu_catalog *c, unsigned counter,
                            unsigned code)
{
    const struct pmu_catalog_event *e = pmu_catalog_event_coded(c, code, counter);
    return e ? e->name : NULL;
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

/* perf list's filter: a glob where it has one of * ? [, else a
 * substring of the name; NULL matches every name. */
int catalog_matches(const char *name, const char *filter)
{
    if (!filter)
        return 1;
    if (strpbrk(filter, "*?["))
        return fnmatch(filter, name, 0) == 0;
    return strstr(name, filter) != NULL;
}

int catalog_print(FILE *f, const struct pmu_catalog *c, const char *filter)
{
    int shown = 0, generic = 0;

    for (unsigned i = 0; i < c->n_events; i++)
        shown += catalog_matches(c->events[i].name, filter);
    for (unsigned i = 0; i < c->n_generic; i++)
        generic += catalog_matches(c->generic[i].generic, filter);
    if (!shown && !generic)
        return 0;
    fprintf(f, "%s: %u counters (vboard: how the simulator counts the event: "
            "exact, from its model, or none; worse: the change pmuctl compare "
            "fails on)\n", c->core, c->n_counters);
    fprintf(f, "%-40s %5s  %-9s %-4s %-6s %-8s %s\n", "event", "code", "counters",
            "type", "vboard", "worse", "description");
    for (unsigned i = 0; i < c->n_events; i++) {
        const struct pmu_catalog_event *e = &c->events[i];
        char ctrs[40] = "";
        if (!catalog_matches(e->name, filter))
            continue;
        for (unsigned n = 0; n < c->n_counters; n++) {
            if (e->counters & (1u << n)) {
                size_t l = strlen(ctrs);
                snprintf(ctrs + l, sizeof ctrs - l, "%s%u", l ? "," : "", n);
            }
        }
        fprintf(f, "%-40s %5u  %-9s %-4c %-6s %-8s %s\n", e->name, e->code, ctrs,
                e->type, pmu_vboard_name(e->vboard), pmu_worse_name(e->worse),
                e->description);
    }
    for (unsigned i = 0, k = 0; i < c->n_generic; i++) {
        if (!catalog_matches(c->generic[i].generic, filter))
            continue;
        fprintf(f, "%s%s = %s", k ? ", " : "generic names: ",
                c->generic[i].generic, c->generic[i].event);
        if (++k == (unsigned)generic)
            fputc('\n', f);
    }
    fprintf(f, "a raw number is accepted too: 57 or raw57 (0..%u)\n", c->event_mask);
    return shown + generic;
}
