/*
 * pmuctl_test_sweep.c - measure --sweep's values (host/sweep/sweep.c):
 * parsing VAR=V1,V2,..., what fits a variable of each size and sign, the
 * bytes written in each byte order, and the order of the product of two
 * sweeps (the first varies slowest).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sweep/sweep.h"

static struct sweep s;
static char err[256];

static int add(const char *arg)
{
    return sweep_add(&s, arg, err, sizeof err);
}

static void parses_values(void **state)
{
    (void)state;
    memset(&s, 0, sizeof s);
    assert_int_equal(add("ms_blocksize=64,0x80,-3,010,+5"), 0);
    assert_int_equal(s.n, 1);
    assert_string_equal(s.var[0].name, "ms_blocksize");
    assert_int_equal(s.var[0].n, 5);
    assert_string_equal(s.var[0].v[0].text, "64");
    assert_string_equal(s.var[0].v[1].text, "128");  /* hex */
    assert_string_equal(s.var[0].v[2].text, "-3");
    assert_string_equal(s.var[0].v[3].text, "10");   /* decimal, not octal */
    assert_string_equal(s.var[0].v[4].text, "5");
    assert_int_equal(sweep_points(&s), 5);
}

static void refuses_bad_input(void **state)
{
    static const char *bad[] = {"n", "=1,2", "n=", "n=1,,2", "n=1,x", "n=0x",
                                "1n=2", "n-m=1", "n=99999999999999999999",
                                "n=1.5"};
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&s, 0, sizeof s);
        assert_int_equal(add(bad[i]), -1);
        assert_true(strlen(err) > 0);
    }
    memset(&s, 0, sizeof s);
    assert_int_equal(add("n=1"), 0);
    assert_int_equal(add("n=2"), -1); /* the same variable twice */
    assert_non_null(strstr(err, "twice"));
}

/* A sweep of arg set to a variable of size bytes and sign is_signed:
 * sweep_set_type's status. */
static int fits(const char *arg, unsigned size, int is_signed)
{
    memset(&s, 0, sizeof s);
    assert_int_equal(add(arg), 0);
    return sweep_set_type(&s.var[0], 0x100, size, is_signed, err, sizeof err);
}

static void sizes_and_signs(void **state)
{
    (void)state;
    assert_int_equal(fits("u8=0,255", 1, 0), 0);
    assert_int_equal(fits("u8=256", 1, 0), -1);
    assert_non_null(strstr(err, "256 does not fit"));
    assert_int_equal(fits("u16=-1", 2, 0), -1);
    assert_int_equal(fits("s16=-32768,32767", 2, 1), 0);
    assert_int_equal(fits("s16=32768", 2, 1), -1);
    assert_int_equal(fits("s16=-32769", 2, 1), -1);
    /* No DWARF type: either sign's range of the symbol's size. */
    assert_int_equal(fits("x=-128,255", 1, -1), 0);
    assert_int_equal(fits("x=-129", 1, -1), -1);
    assert_int_equal(fits("u64=18446744073709551615", 8, 0), 0);
    assert_int_equal(fits("s64=-9223372036854775808", 8, 1), 0);
    assert_int_equal(fits("arr=1", 12, -1), -1);
    assert_non_null(strstr(err, "1, 2, 4 or 8 bytes"));
}

static void encodes_bytes(void **state)
{
    uint8_t b[8];
    (void)state;
    memset(&s, 0, sizeof s);
    assert_int_equal(add("v=0x1234,-2"), 0);
    sweep_encode(&s.var[0].v[0], 2, 1, b);
    assert_int_equal(b[0], 0x12);
    assert_int_equal(b[1], 0x34);
    sweep_encode(&s.var[0].v[0], 4, 0, b);
    assert_memory_equal(b, "\x34\x12\x00\x00", 4);
    sweep_encode(&s.var[0].v[1], 4, 1, b);
    assert_memory_equal(b, "\xff\xff\xff\xfe", 4);
    sweep_encode(&s.var[0].v[1], 1, 0, b);
    assert_int_equal(b[0], 0xfe);
}

static void product_order(void **state)
{
    int idx[SWEEP_MAX_VARS];
    char what[128];
    (void)state;
    memset(&s, 0, sizeof s);
    assert_int_equal(add("a=1,2,3"), 0);
    assert_int_equal(add("b=10,20"), 0);
    assert_int_equal(sweep_points(&s), 6);
    static const char *want[] = {"a=1, b=10", "a=1, b=20", "a=2, b=10",
                                 "a=2, b=20", "a=3, b=10", "a=3, b=20"};
    for (unsigned long k = 0; k < 6; k++) {
        sweep_point(&s, k, idx);
        sweep_describe(&s, idx, what, sizeof what);
        assert_string_equal(what, want[k]);
    }
    /* Too many points: refused. */
    memset(&s, 0, sizeof s);
    assert_int_equal(add("a=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"), 0);
    assert_int_equal(add("b=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"), 0);
    assert_int_equal(add("c=1,2"), -1);
    assert_non_null(strstr(err, "512 points"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_values),     cmocka_unit_test(refuses_bad_input),
        cmocka_unit_test(sizes_and_signs),   cmocka_unit_test(encodes_bytes),
        cmocka_unit_test(product_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
