/*
 * monitor.c - qRcmd: GDB's "monitor CMD". A small table of commands: the
 * core's own (help, and pmu when the port has a performance monitor:
 * monitor_pmu.c) and the port's. Their output goes into the reply
 * (monitor_out.c).
 */
#include "monitor_out.h"

#define MON_LINE_MAX 96

static int mon_help(const char *args);

static const struct stub_monitor_cmd core_cmds[] = {
    {"help", "list the monitor commands", mon_help},
    {0, 0, 0},
};

/* "monitor pmu" is the core's, over the port's stub_target.pmu. */
static const struct stub_monitor_cmd *pmu_cmds(void)
{
    return STUB_HAS(pmu) ? stub_pmu_monitor_cmds : 0;
}

static void list(const struct stub_monitor_cmd *c)
{
    for (; c && c->name; c++) {
        stub_mon_puts(c->name);
        stub_mon_puts(" - ");
        stub_mon_puts(c->help);
        stub_mon_puts("\n");
    }
}

static int mon_help(const char *args)
{
    (void)args;
    list(core_cmds);
    list(pmu_cmds());
    list(STUB_T(monitor_cmds));
    return 0;
}

static int unknown(const char *line)
{
    stub_mon_puts("unknown monitor command '");
    stub_mon_puts(line);
    stub_mon_puts("'; 'monitor help' lists them\n");
    return 0;
}

/* Returns the command whose name is the first word of line, or NULL;
 * *args is what follows the word and its separating blank. */
static const struct stub_monitor_cmd *lookup(const struct stub_monitor_cmd *c,
                                             const char *line,
                                             const char **args)
{
    for (; c && c->name; c++) {
        const char *n = c->name, *l = line;
        while (*n && *n == *l)
            n++, l++;
        if (*n == 0 && (*l == 0 || *l == ' ')) {
            while (*l == ' ')
                l++;
            *args = l;
            return c;
        }
    }
    return 0;
}

int h_rcmd(char *hex, unsigned len, struct reply *r)
{
    /* The command is decoded in place, over its hex digits (byte i from
     * digits 2i and 2i+1, at or after it): no line buffer on the stack,
     * whose deepest path this command is (docs/stub.md, "Footprint"). */
    char *line = hex;
    unsigned n = len / 2;
    const struct stub_monitor_cmd *c;
    const char *args, *l = line;
    int (*run)(const char *) = unknown;

    if ((len & 1) || n > MON_LINE_MAX ||
        hex_decode(hex, (uint8_t *)line, n) < 0) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    line[n] = 0;
    while (*l == ' ')
        l++;
    args = l; /* for unknown */
    if ((c = lookup(core_cmds, l, &args)) != 0 ||
        (c = lookup(pmu_cmds(), l, &args)) != 0 ||
        (c = lookup(STUB_T(monitor_cmds), l, &args)) != 0)
        run = c->run;
    mon_out_run(r, run, args);
    return KEEP_SERVING;
}
