/*
 * pmu/events.c - event lists and their placement on counters. Placement is a
 * bipartite matching (events to counters that can count them) grown one
 * event at a time with augmenting paths, so an event is only refused a
 * group when no rearrangement of that group makes room for it.
 */
#include "pmu/events.h"

#include <stdio.h>
#include <string.h>

#include "pmu/mt.h"

static int suggest_err(const struct pmu_catalog *cat, const char *name,
                       char *err, size_t errlen)
{
    const char *near[4];
    int n = catalog_suggest(cat, name, near, 4);
    size_t at = (size_t)snprintf(err, errlen, "unknown event '%s' for %s",
                                 name, cat->core);
    for (int i = 0; i < n && at < errlen; i++)
        at += (size_t)snprintf(err + at, errlen - at, "%s%s",
                               i ? ", " : "; did you mean ", near[i]);
    if (at < errlen)
        snprintf(err + at, errlen - at, "%s (pmuctl list --cpu %s)",
                 n ? "?" : "", cat->core);
    return -1;
}

/* The words after "EVENT:": modes (u,k ...) and at most one MT filter
 * word (tc=N or vpe=N). */
static int modifiers(struct event_req *r, const char *spec,
                     const struct pmuctl_ctl_layout *lay, char *err,
                     size_t errlen)
{
    char modes[96];
    size_t at = 0;
    int mt_words = 0;

    modes[0] = 0;
    for (const char *p = spec; *p;) {
        size_t n = strcspn(p, ",");
        if (mt_is_word(p, n)) {
            if (mt_words++) {
                snprintf(err, errlen, "'%s': one tc= or vpe= per event", spec);
                return -1;
            }
            if (mt_filter_bits(lay, p, n, r->ev.name, r->ev.type, &r->mt, err,
                               errlen))
                return -1;
        } else if (at + n + 2 < sizeof modes) {
            at += (size_t)snprintf(modes + at, sizeof modes - at, "%s%.*s",
                                   at ? "," : "", (int)n, p);
        } else {
            snprintf(err, errlen, "'%s': too many modes", spec);
            return -1;
        }
        p += n;
        if (*p == ',')
            p++;
    }
    if (!mt_words || at) {
        r->modes_given = 1;
        return perfctl_parse_modes(lay, modes, &r->modes, err, errlen);
    }
    return 0;
}

static int add_one(struct event_list *l, const char *tok, size_t len,
                   int user_group, const struct pmu_catalog *cat,
                   const struct pmuctl_ctl_layout *lay, unsigned default_modes,
                   char *err, size_t errlen)
{
    char name[96];
    const char *colon;
    struct event_req *r;

    if (len == 0 || len >= sizeof name) {
        snprintf(err, errlen, "empty or overlong event name in the list");
        return -1;
    }
    memcpy(name, tok, len);
    name[len] = 0;
    if (l->n >= EVENTS_MAX) {
        snprintf(err, errlen, "more than %d events", EVENTS_MAX);
        return -1;
    }
    r = &l->e[l->n];
    memset(r, 0, sizeof *r);
    r->modes = default_modes;
    r->user_group = user_group;
    r->group = r->counter = r->sweep_row = -1;
    colon = strchr(name, ':');
    if (colon)
        name[colon - name] = 0;
    if (catalog_event(cat, name, &r->ev))
        return suggest_err(cat, name, err, errlen);
    if (colon && modifiers(r, colon + 1, lay, err, errlen))
        return -1;
    for (int i = 0; i < l->n; i++) {
        if (l->e[i].ev.name == r->ev.name && l->e[i].modes == r->modes &&
            l->e[i].mt == r->mt &&
            (user_group < 0 || l->e[i].user_group == user_group)) {
            snprintf(err, errlen, "event '%s' given twice%s", name,
                     user_group < 0 ? " (to count it in several groups, "
                                      "put it in each {...})" : " in one group");
            return -1;
        }
    }
    l->n++;
    return 0;
}

static int is_mode_word(const char *p)
{
    size_t n = strcspn(p, ",{}:");
    return perfctl_is_mode_word(p, n) || mt_is_word(p, n);
}

/* One list item: EVENT or EVENT:MODES, where MODES may hold commas
 * ("instructions:u,k,cycles" is two events; no event is named like a mode
 * word, u, s, k, exl, marked, unmarked, so a mode word after a comma
 * belongs to the modes). */
static size_t token_len(const char *p)
{
    size_t n = strcspn(p, ",{}");
    if (!memchr(p, ':', n))
        return n;
    while (p[n] == ',' && is_mode_word(p + n + 1))
        n += 1 + strcspn(p + n + 1, ",{}");
    return n;
}

int events_parse(struct event_list *l, const char *spec,
                 const struct pmu_catalog *cat,
                 const struct pmuctl_ctl_layout *lay, unsigned default_modes,
                 char *err, size_t errlen)
{
    int user_group = -1, next_group = 0, at_brace = 0;
    const char *p = spec;

    memset(l, 0, sizeof *l);
    while (*p) {
        if (*p == '{') {
            if (user_group >= 0) {
                snprintf(err, errlen, "groups do not nest: '{' inside '{...}'");
                return -1;
            }
            user_group = next_group++;
            at_brace = l->n;
            p++;
            continue;
        }
        size_t n = token_len(p);
        if (n == 0 && *p != '{') {
            snprintf(err, errlen, "empty event name in the list '%s'", spec);
            return -1;
        }
        if (n && add_one(l, p, n, user_group, cat, lay, default_modes, err,
                         errlen))
            return -1;
        p += n;
        if (*p == '}') {
            if (user_group < 0 || l->n == at_brace) {
                snprintf(err, errlen, user_group < 0
                         ? "'}' without '{' in the event list"
                         : "empty group '{}' in the event list");
                return -1;
            }
            user_group = -1;
            p++;
        } else if (*p == '{') {
            snprintf(err, errlen, "',' expected before '{' in the event list");
            return -1;
        }
        if (*p == ',')
            p++;
    }
    if (user_group >= 0) {
        snprintf(err, errlen, "'{' without '}' in the event list");
        return -1;
    }
    if (!l->n) {
        snprintf(err, errlen, "no event given");
        return -1;
    }
    return 0;
}

/* One group's matching: owner[c] = event index on counter c, or -1. */
struct matching {
    int owner[CATALOG_MAX_COUNTERS];
};

static int augment(const struct event_list *l, struct matching *m, int ev,
                   unsigned n_counters, unsigned *seen)
{
    for (unsigned c = 0; c < n_counters; c++) {
        if (!(l->e[ev].ev.counters & (1u << c)) || (*seen & (1u << c)))
            continue;
        *seen |= 1u << c;
        if (m->owner[c] < 0 ||
            augment(l, m, m->owner[c], n_counters, seen)) {
            m->owner[c] = ev;
            return 1;
        }
    }
    return 0;
}

/* Adds ev to group g's matching if it fits; the matching is left as it was
 * when it does not. */
static int try_add(const struct event_list *l, struct matching *m, int ev,
                   unsigned n_counters)
{
    struct matching keep = *m;
    unsigned seen = 0;
    if (augment(l, m, ev, n_counters, &seen))
        return 1;
    *m = keep;
    return 0;
}

/* A group's events in the order given, each on the lowest counter that
 * still leaves every later one of them a counter (set A B: A on counter
 * 0, B on 1, where their counters allow). m is a complete matching of
 * them; so is the result. */
static void keep_order(const struct event_list *l, struct matching *m,
                       unsigned n_counters)
{
    struct matching fixed, trial;
    unsigned taken = 0;
    int ev[CATALOG_MAX_COUNTERS], n = 0;

    for (int i = 0; i < l->n; i++)
        for (unsigned c = 0; c < n_counters; c++)
            if (m->owner[c] == i)
                ev[n++] = i;
    memset(fixed.owner, -1, sizeof fixed.owner);
    for (int k = 0; k < n; k++) {
        for (unsigned c = 0; c < n_counters; c++) {
            int fits = !(taken & (1u << c)) && (l->e[ev[k]].ev.counters & (1u << c));
            trial = fixed;
            trial.owner[c] = ev[k];
            /* The later ones on counters not yet fixed. */
            for (int j = k + 1; fits && j < n; j++) {
                unsigned seen = taken | (1u << c);
                fits = augment(l, &trial, ev[j], n_counters, &seen);
            }
            if (fits) {
                fixed.owner[c] = ev[k];
                taken |= 1u << c;
                break;
            }
        }
    }
    *m = fixed;
}

int events_assign(struct event_list *l, unsigned n_counters, char *err,
                  size_t errlen)
{
    static struct matching groups[GROUPS_MAX];
    int braced = 0, ng = 0;

    if (n_counters > CATALOG_MAX_COUNTERS)
        n_counters = CATALOG_MAX_COUNTERS;
    for (int i = 0; i < l->n; i++) {
        unsigned usable = l->e[i].ev.counters & ((1u << n_counters) - 1);
        if (!usable) {
            snprintf(err, errlen,
                     "no counter of this target can count '%s' (it needs "
                     "counter(s) the target does not publish)", l->e[i].ev.name);
            return -1;
        }
        if (l->e[i].user_group + 1 > braced)
            braced = l->e[i].user_group + 1;
    }
    if (braced > GROUPS_MAX) {
        snprintf(err, errlen, "more than %d groups", GROUPS_MAX);
        return -1;
    }
    for (int g = 0; g < GROUPS_MAX; g++)
        memset(groups[g].owner, -1, sizeof groups[g].owner);
    ng = braced;
    for (int i = 0; i < l->n; i++) {
        int g = l->e[i].user_group;
        if (g >= 0 && !try_add(l, &groups[g], i, n_counters)) {
            snprintf(err, errlen,
                     "group %d: '%s' finds no free counter that can count "
                     "it beside the group's other events", g + 1,
                     l->e[i].ev.name);
            return -1;
        }
    }
    /* The others, fewest usable counters first: an event that only one
     * counter can count gets a group of its own choosing before events
     * that could go anywhere fill the counters (R10000: three counter-1
     * events and cycles, instructions make three groups, not four). */
    for (unsigned want = 1; want <= n_counters; want++) {
        for (int i = 0; i < l->n; i++) {
            int g;
            if (l->e[i].user_group >= 0 ||
                (unsigned)__builtin_popcount(l->e[i].ev.counters &
                                             ((1u << n_counters) - 1)) != want)
                continue;
            for (g = braced; g < ng; g++)
                if (try_add(l, &groups[g], i, n_counters))
                    break;
            if (g == ng) {
                if (ng == GROUPS_MAX) {
                    snprintf(err, errlen, "more than %d groups needed", GROUPS_MAX);
                    return -1;
                }
                try_add(l, &groups[ng++], i, n_counters);
            }
        }
    }
    for (int g = 0; g < ng; g++) {
        keep_order(l, &groups[g], n_counters);
        for (unsigned c = 0; c < n_counters; c++)
            if (groups[g].owner[c] >= 0) {
                l->e[groups[g].owner[c]].group = g;
                l->e[groups[g].owner[c]].counter = (int)c;
            }
    }
    l->ngroups = ng;
    return 0;
}

int events_sweep(struct event_list *l, const unsigned *modes,
                 const char *const *words, int nmodes, char *err,
                 size_t errlen)
{
    static struct event_list in;
    in = *l;
    if (in.n * nmodes > EVENTS_MAX) {
        snprintf(err, errlen, "--modes sweep: %d events in %d modes are more "
                 "than %d", in.n, nmodes, EVENTS_MAX);
        return -1;
    }
    l->n = 0;
    for (int i = 0; i < in.n; i++) {
        if (in.e[i].modes_given) {
            snprintf(err, errlen, "'%s' names its own modes; --modes sweep "
                     "measures it in each mode", in.e[i].ev.name);
            return -1;
        }
        for (int m = 0; m < nmodes; m++) {
            struct event_req *r = &l->e[l->n++];
            *r = in.e[i];
            r->modes = modes[m];
            r->sweep_row = i;
            r->sweep_mode = words[m];
            if (r->user_group >= 0)
                r->user_group = r->user_group * nmodes + m;
        }
    }
    return 0;
}

unsigned events_ctl(const struct pmuctl_ctl_layout *lay,
                    const struct event_req *r, unsigned c)
{
    return perfctl_encode(lay, r->ev.code[c], r->modes) | r->mt;
}

void events_label(const struct event_list *l, int i,
                  const struct pmuctl_ctl_layout *lay, unsigned default_modes,
                  char *out, size_t len)
{
    const struct event_req *r = &l->e[i];
    size_t at = (size_t)snprintf(out, len, "%s", r->ev.name);
    int several = 0;
    char m[32], mt[16];

    m[0] = 0;
    if (r->sweep_mode)
        snprintf(m, sizeof m, "%s", r->sweep_mode);
    else if (r->modes != default_modes)
        perfctl_format_modes(lay, r->modes, m, sizeof m);
    mt_format(lay, r->mt, mt, sizeof mt);
    if ((m[0] || mt[0]) && at < len)
        at += (size_t)snprintf(out + at, len - at, ":%s%s%s", m,
                               m[0] && mt[0] ? "," : "", mt);
    /* Several measurements of one event in one way: which group's. */
    for (int k = 0; k < l->n; k++)
        several |= k != i && l->e[k].ev.name == r->ev.name &&
                   l->e[k].modes == r->modes && l->e[k].mt == r->mt;
    if (several && at < len)
        snprintf(out + at, len - at, "[g%d]", r->group + 1);
}
