/*
 * pmuctl_test_pmuctl_cmd.c - "monitor pmuctl" in pmuctl proxy
 * (host/proxy/pmuctl_cmd.c) without a target: which qRcmd packets are
 * ours (GDB manual, "General Query Packets": qRcmd,COMMAND in hex), and
 * the answers that need none (help, refusals). The commands on a target:
 * tests/e2e/pmuctl_gdb_monitor.sh.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proxy/pmuctl_cmd.h"

/* qRcmd,HEX of text, as GDB sends "monitor TEXT". */
static const char *qrcmd(const char *text)
{
    static char pkt[512];
    int n = snprintf(pkt, sizeof pkt, "qRcmd,");
    for (size_t i = 0; text[i]; i++)
        n += snprintf(pkt + n, sizeof pkt - (size_t)n, "%02x", (unsigned char)text[i]);
    return pkt;
}

static void ours_and_not(void **state)
{
    (void)state;
    char *line = proxy_pmuctl_line(qrcmd("pmuctl measure -r 3"));
    assert_non_null(line);
    assert_string_equal(line, "pmuctl measure -r 3");
    free(line);
    line = proxy_pmuctl_line(qrcmd("pmuctl"));
    assert_non_null(line);
    free(line);
    /* The target's own monitor commands, and anything not qRcmd. */
    assert_null(proxy_pmuctl_line(qrcmd("reset halt")));
    assert_null(proxy_pmuctl_line(qrcmd("pmuctlx info")));
    assert_null(proxy_pmuctl_line("qRcmd,706d7563746c2")); /* odd length */
    assert_null(proxy_pmuctl_line("qRcmd,zz"));
    assert_null(proxy_pmuctl_line("qSupported"));
}

/* What the command prints for line, with no target behind it. */
static char *run(const char *text)
{
    static struct target t;
    char line[256], *out;
    size_t len;

    t.rsp.conn.fd = -1;
    snprintf(line, sizeof line, "%s", text);
    assert_int_equal(proxy_pmuctl_run(&t, "127.0.0.1:1", line, &out, &len), 0);
    assert_int_equal(strlen(out), len);
    return out;
}

static void help_and_refusals(void **state)
{
    (void)state;
    char *out = run("pmuctl help");
    /* The commands GDB may run, each with pmuctl's own summary line. */
    assert_non_null(strstr(out, "\n  info "));
    assert_non_null(strstr(out, "\n  read "));
    assert_non_null(strstr(out, "\n  measure  count a region"));
    assert_non_null(strstr(out, "\n  stat "));
    assert_null(strstr(out, "\n  set "));
    free(out);
    out = run("pmuctl");
    assert_non_null(strstr(out, "\n  measure "));
    free(out);
    out = run("pmuctl help measure"); /* measure's own --help */
    assert_non_null(strstr(out, "--from"));
    free(out);
    out = run("pmuctl set 0 instructions");
    assert_non_null(strstr(out, "'set' is no command of monitor pmuctl"));
    free(out);
    out = run("pmuctl info -t 127.0.0.1:2");
    assert_non_null(strstr(out, "no -t here: the target is the proxy's (127.0.0.1:1)"));
    free(out);
    out = run("pmuctl measure --bogus");
    assert_non_null(strstr(out, "pmuctl: "));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ours_and_not),
        cmocka_unit_test(help_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
