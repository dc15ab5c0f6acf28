/*
 * monitor.c - qRcmd: GDB's "monitor CMD". A small table of commands: the
 * core's own (help, and pmu when the port has a performance monitor:
 * monitor_pmu.c) and the port's. Output is returned hex-encoded
 * in the reply, or, when it does not fit there, in 'O' packets before
 * the reply OK (GDB manual, "qRcmd": "the target may also respond with a
 * number of intermediate 'Ooutput' console output packets").
 */
#include "stub_internal.h"

#define MON_LINE_MAX 96

/* Monitor output goes straight into the reply, hex-encoded, after an 'O'
 * that makes it an output packet if it has to go before the reply is
 * done (mon_spilled): then the reply is OK. */
static struct reply *mon_reply;
static int mon_spilled;

void stub_mon_puts(const char *s)
{
    struct reply *r = mon_reply;

    if (!r)
        return; /* called outside a monitor command: nowhere to go */
    for (; *s; s++) {
        if (r->len + 2 > r->cap) {
            rsp_send(r->buf, r->len);
            r->len = 1; /* the 'O' */
            mon_spilled = 1;
        }
        reply_hex_bytes(r, (const uint8_t *)s, 1);
    }
}

void stub_mon_putu(uint32_t v)
{
    char s[11];
    int i = 10;
    s[i] = 0;
    do {
        s[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    stub_mon_puts(s + i);
}

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
    const char *args = "", *l = line;

    if ((len & 1) || n > MON_LINE_MAX ||
        hex_decode(hex, (uint8_t *)line, n) < 0) {
        reply_error(r, 0x01);
        return -1;
    }
    line[n] = 0;
    while (*l == ' ')
        l++;
    reply_str(r, "O");
    mon_reply = r;
    mon_spilled = 0;
    if (!(c = lookup(core_cmds, l, &args)) &&
        !(c = lookup(pmu_cmds(), l, &args)) &&
        !(c = lookup(STUB_T(monitor_cmds), l, &args))) {
        stub_mon_puts("unknown monitor command '");
        stub_mon_puts(l);
        stub_mon_puts("'; 'monitor help' lists them\n");
    } else {
        (void)c->run(args);
    }
    mon_reply = 0;
    if (mon_spilled && r->len > 1)
        rsp_send(r->buf, r->len);
    if (mon_spilled || r->len == 1) {
        r->len = 0;
        reply_str(r, "OK");
    } else { /* all of it in the reply: no 'O' */
        for (unsigned i = 1; i < r->len; i++)
            r->buf[i - 1] = r->buf[i];
        r->len--;
    }
    return -1;
}
