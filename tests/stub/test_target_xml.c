/*
 * test_target_xml.c - the target description served in pieces through
 * qXfer:features:read:target.xml:OFFSET,LENGTH (GDB manual, "General Query
 * Packets" qXfer; 'm' = more follows, 'l' = last; binary escaping of
 * '#', '$', '}' and '*'). The reference is the target.xml file written by
 * target-xml/gen_target_xml.py next to the C pieces the stub serves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"

#define DOC_MAX (1 << 16)

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

/* Raw reply payloads may hold no unescaped '$', '#' or '*'. */
static void assert_escaped(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '}') {
            assert_true(i + 1 < n);
            i++;
            continue;
        }
        assert_null(memchr("$#*", p[i], 3));
    }
}

/* Reads the whole document with requests of len bytes; returns its size. */
static size_t read_all(const char *annex, unsigned len, char *doc)
{
    size_t size = 0;

    for (;;) {
        char pkt[128];
        size_t rn;
        long dn;
        const char *r;

        snprintf(pkt, sizeof pkt, "qXfer:features:read:%s:%zx,%x", annex,
                 size, len);
        r = exchange_bin(pkt, strlen(pkt), &rn);
        if (r[0] != 'm' && r[0] != 'l')
            fail_msg("%s -> \"%.20s\"", pkt, r);
        assert_escaped(r + 1, rn - 1);
        assert_true(size + rn < DOC_MAX);
        dn = rsp_unescape(r + 1, rn - 1, doc + size);
        assert_true(dn >= 0 && (unsigned long)dn <= len);
        if (r[0] == 'm')
            assert_true(dn > 0); /* 'm' with nothing would loop GDB */
        size += (size_t)dn;
        if (r[0] == 'l')
            return size;
    }
}

static size_t read_file(const char *path, char *buf)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    assert_non_null(f);
    n = fread(buf, 1, DOC_MAX, f);
    assert_true(n > 0 && n < DOC_MAX);
    fclose(f);
    return n;
}

static char want[DOC_MAX], got[DOC_MAX];

static void reassembled_equals_generated_file(void **st)
{
    static const unsigned lengths[] = {1, 7, 100, 4096, 0xfffffff};
    size_t n = read_file(PMUSTUB_TARGET_XML_FILE, want);
    (void)st;
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
        memset(got, 0, sizeof got);
        assert_int_equal(read_all("target.xml", lengths[i], got), n);
        assert_memory_equal(got, want, n);
    }
}

static void offset_at_or_past_the_end_gives_l_and_nothing(void **st)
{
    size_t n = read_file(PMUSTUB_TARGET_XML_FILE, want);
    char pkt[96];
    (void)st;
    snprintf(pkt, sizeof pkt, "qXfer:features:read:target.xml:%zx,10", n);
    assert_string_equal(exchange(pkt), "l");
    snprintf(pkt, sizeof pkt, "qXfer:features:read:target.xml:%zx,10", n + 1);
    assert_string_equal(exchange(pkt), "l");
    assert_string_equal(exchange("qXfer:features:read:target.xml:ffffffff,1"),
                        "l");
    /* The last byte alone. */
    snprintf(pkt, sizeof pkt, "qXfer:features:read:target.xml:%zx,10", n - 1);
    assert_memory_equal(exchange(pkt), "l>", 3);
}

static void unknown_annex_or_bad_numbers_give_E00(void **st)
{
    static const char *const bad[] = {
        "qXfer:features:read:mips-cpu.xml:0,10",
        "qXfer:features:read::0,10",
        "qXfer:features:read:target.xmlx:0,10",
        "qXfer:features:read:target.xml",
        "qXfer:features:read:target.xml:",
        "qXfer:features:read:target.xml:0",
        "qXfer:features:read:target.xml:0,",
        "qXfer:features:read:target.xml:,10",
        "qXfer:features:read:target.xml:0,10,",
        "qXfer:features:read:target.xml:0;10",
        "qXfer:features:read:target.xml:100000000,10",
        "qXfer:features:read:target.xml:0,100000000",
    };
    (void)st;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_string_equal(exchange(bad[i]), "E00");
    fake_target.target_xml = NULL; /* a port without a description */
    assert_string_equal(exchange("qXfer:features:read:target.xml:0,10"),
                        "E00");
}

static void special_bytes_are_escaped_across_pieces(void **st)
{
    /* Empty pieces and escapes on piece boundaries. */
    static const char *const pieces[] = {"<a>#$", "", "}*x", "*", "", "#",
                                         NULL};
    static const char doc[] = "<a>#$}*x*#";
    static const unsigned lengths[] = {1, 2, 3, 100};
    (void)st;
    fake_target.target_xml = pieces;
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
        memset(got, 0, sizeof got);
        assert_int_equal(read_all("target.xml", lengths[i], got),
                         sizeof doc - 1);
        assert_memory_equal(got, doc, sizeof doc - 1);
    }
    assert_string_equal(exchange("qXfer:features:read:target.xml:3,2"),
                        "m}\x03}\x04");
}

static void a_reply_full_of_escapes_is_cut_not_overrun(void **st)
{
    /* 3000 '*': each takes two bytes in the reply, more than it holds. */
    static char stars[3001];
    static const char *pieces[] = {stars, NULL};
    (void)st;
    memset(stars, '*', 3000);
    fake_target.target_xml = pieces;
    memset(got, 0, sizeof got);
    assert_int_equal(read_all("target.xml", 4096, got), 3000);
    assert_memory_equal(got, stars, 3000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup(f, setup)
        T(reassembled_equals_generated_file),
        T(offset_at_or_past_the_end_gives_l_and_nothing),
        T(unknown_annex_or_bad_numbers_give_E00),
        T(special_bytes_are_escaped_across_pieces),
        T(a_reply_full_of_escapes_is_cut_not_overrun),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
