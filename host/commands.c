/*
 * commands.c - list, info, set, read, freeze/unfreeze, reset.
 */
#include "commands.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmu/catalog.h"
#include "pmu/events.h"
#include "pmu/perfctl.h"
#include "target/counters.h"
#include "target/simulator.h"

void pmuctl_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pmuctl: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int fail(struct target *t, int rc)
{
    pmuctl_error("%s", t->err);
    return rc;
}

int cmd_list(const struct cli *c, struct target *t)
{
    if (c->cpu) {
        const struct pmu_catalog *cat = catalog_core(c->cpu);
        if (!cat) {
            pmuctl_error("unknown --cpu '%s' (known: %s)", c->cpu,
                         catalog_core_names());
            return PMUCTL_EXIT_USAGE;
        }
        catalog_print(stdout, cat);
        return 0;
    }
    if (t) {
        catalog_print(stdout, t->pmu.cat);
        return 0;
    }
    for (int i = 0; i < PMU_CATALOG_COUNT; i++) {
        if (i)
            putchar('\n');
        catalog_print(stdout, &pmu_catalogs[i]);
    }
    return 0;
}

/* The event a control value selects on counter n, as a name. */
static const char *event_name(struct target *t, unsigned n, uint32_t ctl)
{
    const char *name = catalog_name_of(t->pmu.cat, n, perfctl_event(t->pmu.lay, ctl));
    return name ? name : "(reserved code)";
}

int cmd_info(const struct cli *c, struct target *t)
{
    int frozen = -1, rc;
    (void)c;
    if ((rc = target_frozen(t, &frozen)))
        return fail(t, rc);
    if (t->sim.name[0])
        printf("simulator: %s (its counts are simulated: exact, model, or none "
               "per event; pmuctl list)\n", t->sim.name);
    printf("core: %s, %u counters", t->pmu.core, t->pmu.n_counters);
    if (frozen >= 0)
        printf("; frozen while the program is stopped; on resume they %s",
               frozen ? "stay frozen (pmuctl unfreeze)" : "count");
    printf("\n");
    if (t->wide_reg[0] < 0)
        printf("counts are 32 bit: they wrap at 2^32 (reached through %s: "
               "nothing on the target keeps 64-bit counts)\n", t->access->name);
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        uint32_t ctl;
        uint64_t cnt;
        int wide;
        char modes[32];
        if ((rc = target_pmu_read(t, 1, n, &ctl)) ||
            (rc = target_pmu_count(t, n, &cnt, &wide)))
            return fail(t, rc);
        perfctl_format_modes(t->pmu.lay, perfctl_ctl_modes(t->pmu.lay, ctl), modes,
                             sizeof modes);
        const char *how = target_sim_counting(t, event_name(t, n, ctl));
        printf("counter %u: %s (code %u), modes %s%s, count %llu%s%s%s%s\n", n,
               event_name(t, n, ctl), perfctl_event(t->pmu.lay, ctl), modes,
               ctl & t->pmu.lay->ie ? ", interrupt on overflow" : "",
               (unsigned long long)cnt,
               perfctl_ctl_modes(t->pmu.lay, ctl) ? "" : " (not counting)",
               how ? " (" : "", !how ? "" : !strcmp(how, "none")
               ? "not modelled by the simulator: <not supported>" : how, how ? ")" : "");
    }
    return 0;
}

int cmd_set(const struct cli *c, struct target *t)
{
    static struct event_list l;
    char spec[2048] = "", err[512];
    unsigned def;
    int rc;

    def = perfctl_default_modes(t->pmu.lay);
    for (int i = 0; i < c->nargs; i++) {
        /* One event; its modes may hold commas ("instructions:u,marked"). */
        size_t name_len = strcspn(c->args[i], ":");
        if (strcspn(c->args[i], ",") < name_len || strchr(c->args[i], '{')) {
            pmuctl_error("set takes one EVENT[:MODES] per argument: '%s'",
                         c->args[i]);
            return PMUCTL_EXIT_USAGE;
        }
        size_t at = strlen(spec);
        snprintf(spec + at, sizeof spec - at, "%s%s", i ? "," : "", c->args[i]);
    }
    if (events_parse(&l, spec, t->pmu.cat, t->pmu.lay, def, err, sizeof err) ||
        events_assign(&l, t->pmu.n_counters, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    if (l.ngroups > 1) {
        pmuctl_error("these events cannot all be counted at once on the %s "
                     "(%u counters, even/odd or per-counter event tables): "
                     "measure takes turns, set cannot", t->pmu.core, t->pmu.n_counters);
        return PMUCTL_EXIT_USAGE;
    }
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        uint32_t ctl = perfctl_off(t->pmu.lay);
        const char *what = "off";
        char modes[32] = "";
        for (int i = 0; i < l.n; i++) {
            if (l.e[i].counter == (int)n) {
                ctl = perfctl_encode(t->pmu.lay, l.e[i].ev.code[n], l.e[i].modes);
                what = l.e[i].ev.name;
                perfctl_format_modes(t->pmu.lay, l.e[i].modes, modes, sizeof modes);
            }
        }
        if ((rc = target_pmu_write(t, 1, n, ctl)))
            return fail(t, rc);
        printf("counter %u: %s%s%s\n", n, what, *modes ? ", modes " : "", modes);
    }
    return 0;
}

int cmd_read(const struct cli *c, struct target *t)
{
    (void)c;
    /* The stub's 64-bit counts where it keeps them (perfcntN_64). */
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        uint32_t ctl;
        uint64_t cnt;
        int rc, wide;
        if ((rc = target_pmu_read(t, 1, n, &ctl)) ||
            (rc = target_pmu_count(t, n, &cnt, &wide)))
            return fail(t, rc);
        const char *how = target_sim_counting(t, event_name(t, n, ctl));
        if (how && !strcmp(how, "none"))
            printf("<not supported> %s counter%u\n", event_name(t, n, ctl), n);
        else
            printf("%llu %s counter%u\n", (unsigned long long)cnt,
                   event_name(t, n, ctl), n);
    }
    return 0;
}

int cmd_freeze(const struct cli *c, struct target *t)
{
    int rc = target_set_frozen(t, c->cmd == CMD_FREEZE);
    if (rc)
        return fail(t, rc);
    printf("counters %s when the program resumes\n",
           c->cmd == CMD_FREEZE ? "stay frozen" : "count");
    return 0;
}

int cmd_reset(const struct cli *c, struct target *t)
{
    (void)c;
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
        int rc = target_pmu_write(t, 0, n, 0);
        if (rc)
            return fail(t, rc);
    }
    printf("all %u counts set to 0\n", t->pmu.n_counters);
    return 0;
}
