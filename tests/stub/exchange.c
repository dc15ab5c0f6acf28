/*
 * exchange.c - see exchange.h.
 */
#include "exchange.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#define MAX_UNITS 64

static struct rsp_unit units[MAX_UNITS];

int out_units(struct rsp_unit **u)
{
    *u = units;
    assert_false(fake.out_overflow);
    return rsp_split(fake.out, fake.out_len, units, MAX_UNITS);
}

const char *out_kinds(void)
{
    static char k[MAX_UNITS + 1];
    struct rsp_unit *u;
    int n = out_units(&u);
    for (int i = 0; i < n; i++)
        k[i] = u[i].kind;
    k[n] = 0;
    return k;
}

void assert_error_reply(const char *reply)
{
    if (reply[0] != 'E' || strlen(reply) != 3 || !isxdigit(reply[1]) ||
        !isxdigit(reply[2]))
        fail_msg("got \"%s\", want Enn", reply);
}

void assert_errors(const char *const *pkts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        assert_error_reply(exchange(pkts[i]));
}

const char *exchange_bin(const void *payload, size_t n, size_t *reply_len)
{
    struct rsp_unit *u;
    int count;

    fake_clear_io();
    fake_input_packet(payload, n);
    fake_input_str("+");
    if (stub_serve() != 0)
        fail_msg("\"%.*s\" resumed the program", (int)n,
                 (const char *)payload);
    count = out_units(&u);
    if (count != 2 || u[0].kind != '+' || u[1].kind != '$')
        fail_msg("expected '+' and one reply to \"%.*s\", got %d units: "
                 "\"%.*s\"",
                 (int)n, (const char *)payload, count, (int)fake.out_len,
                 fake.out);
    assert_true(u[1].complete);
    assert_true(u[1].cs_ok);
    assert_true(u[1].len <= RSP_UNIT_MAX);
    if (reply_len)
        *reply_len = u[1].len;
    return u[1].payload;
}

const char *exchange(const char *payload)
{
    return exchange_bin(payload, strlen(payload), NULL);
}

void expect_resume(const char *payload)
{
    fake_clear_io();
    fake_input_packet_str(payload);
    assert_int_equal(stub_serve(), 1);
    assert_int_equal(fake.out_len, 1);
    assert_int_equal(fake.out[0], '+');
}

char *to_hex(char *dst, const void *src, size_t n)
{
    const unsigned char *s = src;
    for (size_t i = 0; i < n; i++)
        sprintf(dst + 2 * i, "%02x", s[i]);
    dst[2 * n] = 0;
    return dst;
}

void assert_mem(uint32_t addr, const void *want, size_t n)
{
    const unsigned char *w = want;
    for (size_t i = 0; i < n; i++)
        assert_int_equal(fake_mem_byte(addr + (uint32_t)i), w[i]);
}

void assert_mem_pristine(uint32_t addr, size_t n)
{
    for (size_t i = 0; i < n; i++)
        assert_int_equal(fake_mem_byte(addr + (uint32_t)i),
                         fake_mem_pattern(addr + (uint32_t)i));
}

const char *monitor(const char *cmd)
{
    static char text[RSP_UNIT_MAX];
    char pkt[512] = "qRcmd,";
    const char *r;
    size_t n;

    to_hex(pkt + 6, cmd, strlen(cmd));
    r = exchange(pkt);
    if (!strcmp(r, "OK"))
        return "";
    n = strlen(r);
    assert_true(n % 2 == 0 && n / 2 < sizeof text);
    for (size_t i = 0; i < n / 2; i++) {
        unsigned b;
        assert_int_equal(sscanf(r + 2 * i, "%2x", &b), 1);
        text[i] = (char)b;
    }
    text[n / 2] = 0;
    return text;
}
