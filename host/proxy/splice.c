/*
 * proxy/splice.c - the target description pmuctl proxy serves: OpenOCD's
 * (measured on OpenOCD 0.12 with mips_m4k: one document, target.xml, with
 * the features org.gnu.gdb.mips.cpu, cp0 and fpu inline and registers
 * 0..71; an xi:include elsewhere is followed to find the last number and
 * left in place for GDB to read through the proxy) and, before </target>,
 * the PMU feature the stub serves for the same core (pmu_features.h,
 * generated from target-xml/cores.toml), numbered after OpenOCD's highest
 * register number (GDB manual, "Target Description Format": regnum).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_features.h"
#include "proxy/splice.h"

/* What the feature itself says about its counts: a comment, as the
 * description format has no element for it (GDB ignores it; the document
 * as the proxy serves it shows it). */
static const char note[] =
    "<!-- pmuctl proxy: counts are 32 bit; no perfcntN_64 (on a stub, target "
    "code keeps 64-bit counts with the overflow interrupt; through OpenOCD "
    "nothing extends them) -->";

static const struct pmu_feature *feature_of(const char *core)
{
    for (unsigned i = 0; i < PMU_FEATURE_COUNT; i++)
        if (!strcmp(pmu_features[i].core, core))
            return &pmu_features[i];
    return NULL;
}

/* Appends n bytes to a growing buffer; -1 when out of memory. */
static int put(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t c = 2 * (*len + n + 1);
        char *b = realloc(*buf, c);
        if (!b)
            return -1;
        *buf = b;
        *cap = c;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = 0;
    return 0;
}

static int puts_(char **buf, size_t *len, size_t *cap, const char *s)
{
    return put(buf, len, cap, s, strlen(s));
}

/* The last "</target>" in xml (its end tag), or NULL. */
static const char *target_end(const char *xml, size_t len)
{
    static const char tag[] = "</target>";
    const char *found = NULL;
    for (const char *p = xml; (size_t)(p - xml) + sizeof tag - 1 <= len; p++)
        if (!memcmp(p, tag, sizeof tag - 1))
            found = p;
    return found;
}

int proxy_splice(const char *xml, size_t len, tdesc_fetch_fn fetch, void *ctx,
                 const char *core, unsigned n_counters, struct proxy_map *map,
                 char **out, size_t *out_len, char *err, size_t errlen)
{
    const struct pmu_feature *f = feature_of(core);
    const char *end = target_end(xml, len);
    struct tdesc *d;
    char *buf = NULL;
    size_t blen = 0, cap = 0;
    int last = -1, fail = 0;

    if (!f) {
        snprintf(err, errlen, "no PMU feature for core '%s' (cores.toml)", core);
        return -1;
    }
    if (!end) {
        snprintf(err, errlen, "OpenOCD's target description has no </target>");
        return -1;
    }
    if (!(d = malloc(sizeof *d))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (tdesc_parse(d, xml, len, fetch, ctx, err, errlen)) {
        free(d);
        return -1;
    }
    for (int i = 0; i < d->nregs; i++)
        if (d->regs[i].regnum > last)
            last = d->regs[i].regnum;
    free(d);
    memset(map, 0, sizeof *map);
    map->first = last + 1;
    fail |= put(&buf, &blen, &cap, xml, (size_t)(end - xml));
    fail |= puts_(&buf, &blen, &cap, f->head);
    fail |= puts_(&buf, &blen, &cap, note);
    for (unsigned i = 0; i < f->n_regs && !fail; i++) {
        const struct pmu_feature_reg *r = &f->regs[i];
        char num[32];
        size_t n = strlen(r->xml) - 2; /* before its "/>" */
        if (r->counter >= n_counters || map->n == sizeof map->reg / sizeof *map->reg)
            continue;
        snprintf(num, sizeof num, " regnum=\"%u\"/>", map->first + map->n);
        map->reg[map->n].counter = r->counter;
        map->reg[map->n].control = r->control;
        map->n++;
        fail |= put(&buf, &blen, &cap, r->xml, n);
        fail |= puts_(&buf, &blen, &cap, num);
    }
    fail |= puts_(&buf, &blen, &cap, pmu_feature_tail);
    fail |= put(&buf, &blen, &cap, end, len - (size_t)(end - xml));
    if (fail || map->n < 2 * n_counters) {
        snprintf(err, errlen, fail ? "out of memory"
                 : "core '%s' has fewer counters than the %u found", core, n_counters);
        free(buf);
        return -1;
    }
    *out = buf;
    *out_len = blen;
    return 0;
}
