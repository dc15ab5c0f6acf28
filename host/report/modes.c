/*
 * report/modes.c - the mode sweep's table. The events of one row (the
 * same row number) are consecutive in the result, one per mode in the
 * same order on every row (pmu/events.c events_sweep).
 */
#include "report/modes.h"

#include <string.h>

/* What a mode word counts, for the legend (MIPS PerfCtl U/S/K/EXL with
 * Status KSU/EXL, MD00090 9.39; Power PMLCa FCU/FCS, FCM0/FCM1 with
 * MSR[PR], MSR[PMM], e200z7 RM 8.3.4). */
static const char *meaning(const char *mode)
{
    static const struct { const char *mode, *what; } m[] = {
        {"u", "user"}, {"s", "supervisor"}, {"k", "kernel"},
        {"exl", "exception level (EXL=1)"},
        {"marked", "MSR[PMM]=1, every privilege"},
        {"unmarked", "MSR[PMM]=0, every privilege"},
    };
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
        if (!strcmp(m[i].mode, mode))
            return m[i].what;
    return mode;
}

/* The row's name: the label without its ":MODE" (name, then any MT
 * filter or [gN] the label carries). */
static void row_name(const struct result_event *e, char *out, size_t len)
{
    const char *colon = strchr(e->label, ':');
    if (!colon) {
        snprintf(out, len, "%s", e->label);
        return;
    }
    const char *rest = colon + 1 + strlen(e->mode);
    snprintf(out, len, "%.*s%s%s", (int)(colon - e->label), e->label,
             *rest == ',' ? ":" : "", *rest == ',' ? rest + 1 : rest);
}

void report_modes_table(FILE *f, const struct result *r)
{
    int cols = r->modes_swept;

    fprintf(f, "\n Performance counter stats for %s (0x%08lx) .. %s (0x%08lx), "
            "each counting mode apart\n", r->from, r->from_addr, r->to, r->to_addr);
    fprintf(f, " %s; core %s; %lu iteration%s, %d group%s taking turns\n",
            r->counts_from, r->core, r->iterations, r->iterations == 1 ? "" : "s",
            r->ngroups, r->ngroups == 1 ? "" : "s");
    fprintf(f, " modes:");
    for (int c = 0; c < cols && c < r->n; c++)
        fprintf(f, "%s %s %s", c ? "," : "", r->ev[c].mode, meaning(r->ev[c].mode));
    fprintf(f, "\n %s per iteration\n\n  %-28s", r->calibrated
            ? "corrected mean (raw - the empty bracket's mean)" : "mean", "event");
    for (int c = 0; c < cols && c < r->n; c++)
        fprintf(f, " %14s", r->ev[c].mode);
    fputc('\n', f);
    for (int i = 0; i < r->n;) {
        char name[128];
        int first = i;
        row_name(&r->ev[i], name, sizeof name);
        fprintf(f, "  %-28s", name);
        for (; i < r->n && r->ev[i].row == r->ev[first].row; i++) {
            char v[32];
            const struct result_event *e = &r->ev[i];
            if (result_counted(e))
                report_count(v, sizeof v, result_value(e, r->calibrated));
            else
                snprintf(v, sizeof v, "-");
            fprintf(f, " %14s", v);
        }
        if (r->ev[first].counting)
            fprintf(f, "  (%s)", !strcmp(r->ev[first].counting, "none")
                    ? "not modelled: <not supported>" : r->ev[first].counting);
        fputc('\n', f);
    }
    fputc('\n', f);
}
