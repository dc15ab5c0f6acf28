/*
 * monitor_out.c - a monitor command's output: stub_mon_puts and
 * stub_mon_putu (pmustub/target.h), used by the core's commands (monitor.c,
 * monitor_pmu.c) and the port's. It is returned hex-encoded in the reply,
 * or, when it does not fit there, in 'O' packets before the reply OK (GDB
 * manual, "qRcmd": "the target may also respond with a number of
 * intermediate 'Ooutput' console output packets").
 */
#include "monitor_out.h"

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

void mon_out_run(struct reply *r, int (*run)(const char *), const char *args)
{
    reply_str(r, "O");
    mon_reply = r;
    mon_spilled = 0;
    (void)run(args);
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
}
