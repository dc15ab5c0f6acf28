/*
 * pmuctl_test_proxy.c - pmuctl proxy's parts that need no OpenOCD: the
 * description splice (host/proxy/splice.c), the p/P translation (host/proxy/regs.c,
 * against a fake PMU access) and the raw framing (host/proxy/link.c, over a
 * socket pair). OpenOCD 0.12's description is shaped as measured
 * (docs/proxy.md): the MIPS features inline, registers 0..71.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "proxy/link.h"
#include "proxy/regs.h"
#include "proxy/splice.h"

static const char openocd_like[] =
    "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
    "<target version=\"1.0\">\n<feature name=\"org.gnu.gdb.mips.cpu\">\n"
    "<reg name=\"r0\" bitsize=\"32\" regnum=\"0\" type=\"int\"/>\n"
    "<reg name=\"pc\" bitsize=\"32\" regnum=\"37\" type=\"code_ptr\"/>\n"
    "</feature>\n<feature name=\"org.gnu.gdb.mips.fpu\">\n"
    "<reg name=\"fir\" bitsize=\"32\" regnum=\"71\" type=\"int\"/>\n"
    "</feature>\n</target>\n";

static char *spliced;
static size_t spliced_len;
static struct proxy_map map;

static int teardown(void **s)
{
    (void)s;
    free(spliced);
    spliced = NULL;
    return 0;
}

static void splice(const char *xml, tdesc_fetch_fn fetch, const char *core,
                   unsigned n, int want)
{
    char err[256] = "";
    free(spliced);
    spliced = NULL;
    assert_int_equal(proxy_splice(xml, strlen(xml), fetch, NULL, core, n, &map,
                                  &spliced, &spliced_len, err, sizeof err), want);
    if (want == 0)
        assert_int_equal(strlen(spliced), spliced_len);
}

static struct tdesc d;

static void parse_spliced(void)
{
    char err[256];
    assert_int_equal(tdesc_parse(&d, spliced, spliced_len, NULL, NULL, err,
                                 sizeof err), 0);
}

static void the_pmu_feature_follows_openocds_last_register(void **s)
{
    (void)s;
    splice(openocd_like, NULL, "34k", 4, 0);
    parse_spliced();
    assert_int_equal(map.first, 72);
    assert_int_equal(map.n, 8);
    static const char *const names[] = {"perfctl0", "perfcnt0", "perfctl1",
        "perfcnt1", "perfctl2", "perfcnt2", "perfctl3", "perfcnt3"};
    for (int i = 0; i < 8; i++) {
        const struct tdesc_reg *r = tdesc_find(&d, names[i]);
        assert_non_null(r);
        assert_int_equal(r->regnum, 72 + i);
        assert_int_equal(r->bitsize, 32);
        assert_string_equal(r->group, "pmu");
        assert_string_equal(r->feature, "org.pmustub.mips.pmu");
        assert_int_equal(map.reg[i].counter, i / 2);
        assert_int_equal(map.reg[i].control, i % 2 == 0);
    }
    /* The stub's types: even and odd counters' event enums (34K). */
    assert_string_equal(tdesc_find(&d, "perfctl0")->type, "pmu_34k_perfctl0");
    assert_string_equal(tdesc_find(&d, "perfctl1")->type, "pmu_34k_perfctl1");
    assert_non_null(strstr(spliced, "<evalue name=\"instructions\" value=\"1\"/>"));
    /* 32 bit only, and said so; OpenOCD's registers untouched. */
    assert_null(tdesc_find(&d, "perfcnt0_64"));
    assert_non_null(strstr(spliced, "counts are 32 bit"));
    assert_int_equal(tdesc_find(&d, "pc")->regnum, 37);
    assert_int_equal(d.nregs, 3 + 8);
    assert_memory_equal(spliced, openocd_like, strstr(openocd_like, "</target>") - openocd_like);
}

static void only_the_counters_found(void **s)
{
    (void)s;
    splice(openocd_like, NULL, "34k", 2, 0);
    parse_spliced();
    assert_int_equal(map.n, 4);
    assert_non_null(tdesc_find(&d, "perfcnt1"));
    assert_null(tdesc_find(&d, "perfctl2"));
}

/* An included annex with higher numbers than target.xml's own. */
static int fetch(void *ctx, const char *annex, char **text, size_t *len)
{
    static const char inc[] =
        "<feature name=\"org.gnu.gdb.mips.dsp\">"
        "<reg name=\"dspctl\" bitsize=\"32\" regnum=\"90\"/></feature>";
    (void)ctx;
    if (strcmp(annex, "dsp.xml"))
        return -1;
    *text = strdup(inc);
    *len = strlen(inc);
    return 0;
}

static void numbered_after_the_includes_too(void **s)
{
    (void)s;
    splice("<target><feature name=\"a\"><reg name=\"r0\" bitsize=\"32\"/></feature>"
           "<xi:include href=\"dsp.xml\"/></target>", fetch, "r10k", 2, 0);
    assert_int_equal(map.first, 91);
    /* The include stays for GDB to read through the proxy. */
    assert_non_null(strstr(spliced, "<xi:include href=\"dsp.xml\"/>"));
    assert_non_null(strstr(spliced, "<reg name=\"perfctl0\" bitsize=\"32\" "
                                    "type=\"pmu_r10k_perfctl0\" group=\"pmu\" "
                                    "save-restore=\"no\" regnum=\"91\"/>"));
}

static void refused(void **s)
{
    (void)s;
    splice(openocd_like, NULL, "e200z7", 4, -1); /* no CP0 25 feature */
    splice("<target><feature name=\"a\"/>", NULL, "34k", 4, -1);
    splice(openocd_like, NULL, "r10k", 3, -1); /* it has 2 */
    splice("<target><reg bitsize=\"32\"/></target>", NULL, "34k", 1, -1);
}

/* ---- p/P through a fake PMU access. */
static uint32_t regs[2][TARGET_MAX_COUNTERS];
static int fail_next;

static int fake_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    (void)t;
    if (fail_next)
        return fail_next--, 1;
    *v = regs[!!ctl][n];
    return 0;
}

static int fake_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    (void)t;
    if (fail_next)
        return fail_next--, 1;
    regs[!!ctl][n] = v;
    return 0;
}

static const struct pmu_access fake = {.name = "fake", .read = fake_read,
                                       .write = fake_write};
static struct target *tg;

static int setup_regs(void **s)
{
    (void)s;
    tg = calloc(1, sizeof *tg);
    tg->access = &fake;
    tg->big_endian = 1;
    tg->rsp.conn.fd = 99; /* "open": a failure is the target's, not lost */
    memset(&map, 0, sizeof map);
    map.first = 0x48;
    map.n = 4;
    for (unsigned i = 0; i < 4; i++) {
        map.reg[i].counter = (unsigned char)(i / 2);
        map.reg[i].control = i % 2 == 0;
    }
    memset(regs, 0, sizeof regs);
    fail_next = 0;
    return 0;
}

static int teardown_regs(void **s)
{
    (void)s;
    free(tg);
    return 0;
}

static void p_and_P_of_ours(void **s)
{
    char out[32];
    (void)s;
    regs[1][1] = 0x8000002a;
    assert_int_equal(proxy_regs_handle(&map, tg, "p4a", out), 1);
    assert_string_equal(out, "8000002a");
    tg->big_endian = 0;
    assert_int_equal(proxy_regs_handle(&map, tg, "p4a", out), 1);
    assert_string_equal(out, "2a000080");
    assert_int_equal(proxy_regs_handle(&map, tg, "P49=39300000", out), 1);
    assert_string_equal(out, "OK");
    assert_int_equal(regs[0][0], 12345);
    tg->big_endian = 1;
    assert_int_equal(proxy_regs_handle(&map, tg, "P4b=00003039", out), 1);
    assert_int_equal(regs[0][1], 12345);
}

static void others_pass(void **s)
{
    char out[32] = "";
    (void)s;
    assert_int_equal(proxy_regs_handle(&map, tg, "p47", out), 0);
    assert_int_equal(proxy_regs_handle(&map, tg, "p4c", out), 0);
    assert_int_equal(proxy_regs_handle(&map, tg, "P25=80100000", out), 0);
    assert_int_equal(proxy_regs_handle(&map, tg, "g", out), 0);
    assert_int_equal(proxy_regs_handle(&map, tg, "pz", out), 0);
    assert_string_equal(out, "");
}

static void bad_values_and_failures(void **s)
{
    char out[32];
    (void)s;
    assert_int_equal(proxy_regs_handle(&map, tg, "P48=2a", out), 1);
    assert_string_equal(out, "E02");
    assert_int_equal(proxy_regs_handle(&map, tg, "P48=0000002g", out), 1);
    assert_string_equal(out, "E02");
    fail_next = 1;
    assert_int_equal(proxy_regs_handle(&map, tg, "p48", out), 1);
    assert_string_equal(out, "E01");
    fail_next = 1;
    tg->rsp.conn.fd = -1; /* target_io_fail closed it: OpenOCD is gone */
    assert_true(proxy_regs_handle(&map, tg, "P48=00000000", out) < 0);
}

/* ---- frames over a socket pair. */
static void framing_escapes_and_checksums(void **s)
{
    char f[64];
    (void)s;
    size_t n = link_frame("a$b#c}d*e", 9, f, sizeof f);
    assert_int_equal(n, strlen(f));
    assert_string_equal(f, "$a}\x04" "b}\x03" "c}]d}\x0a" "e#" "51");
    assert_int_equal(link_frame("abcdef", 6, f, 8), 0); /* does not fit */
}

static void reading_acks_per_side(void **s)
{
    int sv[2];
    char frame[64], got[8] = "";
    size_t len;
    struct rsp_conn c = {0};
    struct proxy_side side = {&c, 0};
    (void)s;
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    c.fd = sv[0];
    /* An ack, a packet, one with a bad checksum, 0x03. */
    const char in[] = "+$m0,4#fd$g#00\x03";
    assert_int_equal(write(sv[1], in, sizeof in - 1), (ssize_t)(sizeof in - 1));
    assert_int_equal(link_read(&side, frame, sizeof frame, &len, 1000), LINK_PACKET);
    assert_string_equal(frame, "$m0,4#fd");
    assert_int_equal(len, 8);
    assert_int_equal(link_read(&side, frame, sizeof frame, &len, 1000), LINK_BREAK);
    assert_int_equal(read(sv[1], got, sizeof got - 1), 2);
    assert_string_equal(got, "+-"); /* ack mode: '+', then '-' for "$g#00" */
    /* No-ack mode: nothing sent back; a write does not wait. */
    side.noack = 1;
    assert_int_equal(write(sv[1], "$g#67", 5), 5);
    assert_int_equal(link_read(&side, frame, sizeof frame, &len, 1000), LINK_PACKET);
    assert_int_equal(link_write(&side, "$OK#9a", 6, 1000), CONN_OK);
    memset(got, 0, sizeof got);
    assert_int_equal(read(sv[1], got, sizeof got - 1), 6);
    assert_string_equal(got, "$OK#9a");
    /* Ack mode: a '-' has the frame sent again. */
    side.noack = 0;
    assert_int_equal(write(sv[1], "-+", 2), 2);
    assert_int_equal(link_write(&side, "$OK#9a", 6, 1000), CONN_OK);
    memset(got, 0, sizeof got);
    assert_int_equal(read(sv[1], got, 6), 6);
    assert_int_equal(read(sv[1], got, 6), 6);
    close(sv[1]);
    assert_int_equal(link_read(&side, frame, sizeof frame, &len, 1000), CONN_LOST);
    close(sv[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(the_pmu_feature_follows_openocds_last_register, teardown),
        cmocka_unit_test_teardown(only_the_counters_found, teardown),
        cmocka_unit_test_teardown(numbered_after_the_includes_too, teardown),
        cmocka_unit_test_teardown(refused, teardown),
        cmocka_unit_test_setup_teardown(p_and_P_of_ours, setup_regs, teardown_regs),
        cmocka_unit_test_setup_teardown(others_pass, setup_regs, teardown_regs),
        cmocka_unit_test_setup_teardown(bad_values_and_failures, setup_regs, teardown_regs),
        cmocka_unit_test(framing_escapes_and_checksums),
        cmocka_unit_test(reading_acks_per_side),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
