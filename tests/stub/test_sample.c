/*
 * test_sample.c - sampling's packets and the port's overflow calls
 * (stub/core/sample/, pmustub/sample.h) on the fake port, built with a
 * buffer of 4 samples: binding preloads the count register with
 * 2^31 - period, a sample is taken only for the bound counter while
 * armed, the fourth fills the buffer and stops the program, a fifth is
 * lost, a reset empties it; two counters sample at once, each at its
 * period, each sample tagged with its counter; between two tracepoints
 * the hits arm and disarm; a new session forgets it all; bad bindings
 * are refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "pmustub/sample.h"

#define REG FAKE_REG_PERFCTL0 /* a 4-byte p/P register stands for a count */
#define A (FAKE_RAM_BASE + 0x200)
#define B (FAKE_RAM_BASE + 0x300)

static int setup(void **state)
{
    (void)state;
    fake_reset();
    assert_string_equal(exchange("QTinit"), "OK");
    assert_string_equal(exchange("QPmustub.Sample:off"), "OK");
    return 0;
}

static uint32_t reg_value(void)
{
    const uint8_t *b = fake.regs[REG];
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* qPmustub.Sample's FILL, LOST and ARMED (its ADDR is a host pointer). */
static unsigned long status_size(unsigned long *fill, unsigned long *lost,
                                 int *armed)
{
    const char *r = exchange("qPmustub.Sample");
    unsigned long addr, size;
    assert_int_equal(sscanf(r, "%lx,%lx,%lx,%lx,%d", &addr, &size, fill, lost,
                            armed), 5);
    return size;
}

static void status(unsigned long *fill, unsigned long *lost, int *armed)
{
    assert_int_equal(status_size(fill, lost, armed), 4);
}

/* The stack copy's bound: 4 samples of 3 words leave 7 words beside a
 * sample's 5, 28 bytes. */
static void offered(void **state)
{
    (void)state;
    assert_non_null(strstr(exchange("qSupported"), ";qPmustub.Sample2+"));
    assert_non_null(strstr(exchange("qSupported"), ";qPmustub.SampleStack=01c"));
}

static void samples_fill_stop_and_reset(void **state)
{
    unsigned long fill, lost;
    int armed;

    (void)state;
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5"), "OK");
    assert_int_equal(reg_value(), 0x80000000u - 997);
    status(&fill, &lost, &armed);
    assert_true(fill == 0 && lost == 0 && armed == 1);
    /* Counter 0 is not the sampled one: folded by the port as ever. */
    assert_int_equal(stub_sample_overflow(0, 0x80100000, 0, 0), 0);
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(stub_sample_overflow(1, 0x80100000 + 4 * i, 0x80100100, 0), 997);
        assert_int_equal(stub_sample_stop(), 0);
    }
    assert_int_equal(stub_sample_overflow(1, 0x8010000c, 0x80100100, 0), 997);
    assert_int_equal(stub_sample_stop(), 1); /* full: drain */
    assert_int_equal(stub_sample_stop(), 0); /* once */
    assert_int_equal(stub_sample_overflow(1, 0x80100010, 0x80100100, 0), 997);
    assert_int_equal(stub_sample_stop(), 1); /* still full: lost, stops again */
    status(&fill, &lost, &armed);
    assert_true(fill == 4 && lost == 1 && armed == 1);
    assert_string_equal(exchange("QPmustub.SampleReset"), "OK");
    status(&fill, &lost, &armed);
    assert_true(fill == 0 && lost == 0 && armed == 1);
    assert_string_equal(exchange("QPmustub.Sample:off"), "OK");
    status(&fill, &lost, &armed);
    assert_int_equal(armed, 0);
    assert_int_equal(stub_sample_overflow(1, 0x80100000, 0, 0), 0);
}

/* A word of the buffer. qPmustub.Sample's ADDR is the low 32 bits of a
 * host pointer here: the high ones are those of the stub's code in the
 * same small executable (one mapping of a few megabytes). */
static uint32_t buffer_word(unsigned i)
{
    unsigned long addr, size, fill, lost;
    uintptr_t high = (uintptr_t)&stub_sample_overflow & ~(uintptr_t)0xffffffffu;
    int armed;

    assert_int_equal(sscanf(exchange("qPmustub.Sample"), "%lx,%lx,%lx,%lx,%d",
                            &addr, &size, &fill, &lost, &armed), 5);
    return ((const uint32_t *)(high | addr))[i];
}

static void two_counters_tagged(void **state)
{
    const unsigned second = 10; /* another 4-byte register */
    unsigned long fill, lost;
    int armed;

    (void)state;
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5;3,a,7"), "OK");
    assert_int_equal(reg_value(), 0x80000000u - 997);
    assert_int_equal(fake.regs[second][3], (uint8_t)(0x80000000u - 7));
    assert_int_equal(stub_sample_overflow(0, 0x80100000, 0, 0), 0);
    assert_int_equal(stub_sample_overflow(3, 0x80100008, 0x80100100, 0), 7);
    assert_int_equal(stub_sample_overflow(1, 0x80100010, 0x80100104, 0), 997);
    status(&fill, &lost, &armed);
    assert_true(fill == 2 && lost == 0 && armed == 1);
    assert_int_equal(buffer_word(STUB_SAMPLE_PC), 0x80100008);
    assert_int_equal(buffer_word(STUB_SAMPLE_RA), 0x80100100);
    assert_int_equal(buffer_word(STUB_SAMPLE_COUNTER), 3);
    assert_int_equal(buffer_word(STUB_SAMPLE_WORDS + STUB_SAMPLE_PC), 0x80100010);
    assert_int_equal(buffer_word(STUB_SAMPLE_WORDS + STUB_SAMPLE_COUNTER), 1);
}

/* With @BYTES a sample takes 5 words and BYTES: one fits the 12 words of
 * 4 plain samples at 28 bytes, two at 4. A stack pointer at or above the
 * program's stack top (here the host's _stack_top, a 64-bit address whose
 * low half is far below 0xfffffffc) copies nothing, and says so. */
static void stack_copy_bound(void **state)
{
    unsigned long fill, lost;
    int armed;

    (void)state;
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5@20"), "E01");
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5@6"), "E01");
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5@0"), "E01");
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5@1c"), "OK");
    assert_int_equal(status_size(&fill, &lost, &armed), 1);
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5@4"), "OK");
    assert_int_equal(status_size(&fill, &lost, &armed), 2);
    assert_int_equal(stub_sample_overflow(1, 0x80100000, 0x80100100, 0xfffffffc), 997);
    assert_int_equal(stub_sample_stop(), 0);
    assert_int_equal(buffer_word(STUB_SAMPLE_PC), 0x80100000);
    assert_int_equal(buffer_word(STUB_SAMPLE_SP), 0xfffffffc);
    assert_int_equal(buffer_word(STUB_SAMPLE_STACK_LEN), 0);
    assert_int_equal(stub_sample_overflow(1, 0x80100004, 0x80100100, 0xfffffffc), 997);
    assert_int_equal(stub_sample_stop(), 1); /* two: full */
    assert_int_equal(buffer_word(STUB_SAMPLE_STACK_WORDS + 1 + STUB_SAMPLE_PC),
                     0x80100004);
    assert_string_equal(exchange("QPmustub.Sample:1,48,3e5"), "OK");
    status(&fill, &lost, &armed); /* without: 4 again */
}

static void new_session_forgets(void **state)
{
    unsigned long fill, lost;
    int armed;

    (void)state;
    assert_string_equal(exchange("QPmustub.Sample:0,48,100"), "OK");
    exchange("qSupported");
    status(&fill, &lost, &armed);
    assert_int_equal(armed, 0);
    assert_int_equal(stub_sample_overflow(0, 0x80100000, 0, 0), 0);
}

static void bad_bindings_refused(void **state)
{
    static const char *const bad[] = {
        "QPmustub.Sample:0,48,0",        /* period 0 */
        "QPmustub.Sample:0,48,80000000", /* no room below the top bit */
        "QPmustub.Sample:0,49,100",      /* a register of no size */
        "QPmustub.Sample:0,c8,100",      /* no such register */
        "QPmustub.Sample:0,48",          /* no period */
        "QPmustub.Sample:0,48,100,1,2",  /* no such tracepoints */
        "QPmustub.Sample:0,48,100,1",
        "QPmustub.Sample:0,48,100x",
        "QPmustub.Sample:0,48,100;",      /* a second counter, empty */
        "QPmustub.Sample:0,48,100;0,a,7", /* counter 0 twice */
        "QPmustub.Sample:0,48,1;1,a,1;2,b,1;3,c,1;4,d,1", /* five */
        "QPmustub.Sample:0,48,100;1,49,7", /* the second's register */
    };
    unsigned long fill, lost;
    int armed;

    (void)state;
    assert_errors(bad, sizeof bad / sizeof *bad);
    status(&fill, &lost, &armed);
    assert_int_equal(armed, 0);
}

/* The program stops at pc on a trap of ours: the stub handles it alone
 * (a tracepoint hit, then the step over it). */
static void hit(uint32_t pc)
{
    struct stub_stop why = {STUB_SIGTRAP, 1, 0, 0};
    struct stub_stop step = {STUB_SIGTRAP, 0, 0, 0};
    struct rsp_unit *u;
    uint8_t *b = fake.regs[FAKE_REG_PC];

    b[0] = (uint8_t)(pc >> 24), b[1] = (uint8_t)(pc >> 16);
    b[2] = (uint8_t)(pc >> 8), b[3] = (uint8_t)pc;
    fake_clear_io();
    stub_stopped(&why);
    assert_int_equal(out_units(&u), 0);
    b[3] = (uint8_t)(pc + 4);
    stub_stopped(&step); /* the step's end: on */
    assert_int_equal(out_units(&u), 0);
}

static void armed_between_tracepoints(void **state)
{
    char pkt[64];
    unsigned long fill, lost;
    int armed;

    (void)state;
    snprintf(pkt, sizeof pkt, "QTDP:1:%08x:E:0:0", A);
    assert_string_equal(exchange(pkt), "OK");
    snprintf(pkt, sizeof pkt, "QTDP:2:%08x:E:0:0", B);
    assert_string_equal(exchange(pkt), "OK");
    assert_string_equal(exchange("QPmustub.Sample:2,48,7,1,1"), "E01"); /* FROM = TO */
    assert_string_equal(exchange("QPmustub.Sample:2,48,7,1,2"), "OK");
    assert_string_equal(exchange("QTStart"), "OK");
    status(&fill, &lost, &armed);
    assert_int_equal(armed, 0);
    assert_int_equal(stub_sample_overflow(2, 0x80100000, 0, 0), 0);
    hit(A);
    status(&fill, &lost, &armed);
    assert_int_equal(armed, 1);
    assert_int_equal(reg_value(), 0x80000000u - 7);
    assert_int_equal(stub_sample_overflow(2, A + 8, 0, 0), 7);
    hit(B);
    status(&fill, &lost, &armed);
    assert_true(armed == 0 && fill == 1);
    assert_int_equal(stub_sample_overflow(2, B + 8, 0, 0), 0);
    assert_string_equal(exchange("QTStop"), "OK");
    assert_string_equal(exchange("QTinit"), "OK");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(offered, setup),
        cmocka_unit_test_setup(samples_fill_stop_and_reset, setup),
        cmocka_unit_test_setup(two_counters_tagged, setup),
        cmocka_unit_test_setup(new_session_forgets, setup),
        cmocka_unit_test_setup(bad_bindings_refused, setup),
        cmocka_unit_test_setup(stack_copy_bound, setup),
        cmocka_unit_test_setup(armed_between_tracepoints, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
