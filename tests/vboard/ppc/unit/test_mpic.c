/*
 * test_mpic.c - the MPIC model (ppc/mpic.h) driven as the stub drives it
 * (stub/board/ppce500/rx_irq.c), against the MPC8544E RM's rules, and the
 * ppce500 wiring: the first UART's interrupt on source 42, processor 0's
 * int on the CPU's external input (ppc/ppce500.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "mpic.h"
#include "ppce500.h"

#define IVPR(n) (0x10000u + 0x20u * (n))
#define IDR(n) (IVPR(n) + 0x10u)
#define CTPR0 0x20080u
#define IACK0 0x200a0u
#define EOI0 0x200b0u

static void stub_init(struct mpic *m)
{
    mpic_reset(m);
    mpic_write(m, 0x1020, mpic_read(m, 0x1020) | 0x20000000u);
    mpic_write(m, IDR(42), 1);
    mpic_write(m, IVPR(42), 0x00800000u | 15u << 16 | 42u);
    mpic_write(m, CTPR0, 14);
}

static void test_reset_blocks_everything(void **state)
{
    (void)state;
    struct mpic m = {0};
    mpic_reset(&m);
    mpic_input(&m, 42, true);
    assert_false(mpic_int(&m));
    assert_int_equal(mpic_read(&m, IVPR(42)) & 0x80000000u, 0x80000000u);
    assert_int_equal(mpic_read(&m, CTPR0), 15);
    assert_int_equal(mpic_read(&m, IACK0), 0xffff); /* spurious */
}

static void test_iack_eoi_level(void **state)
{
    (void)state;
    struct mpic m = {0};
    stub_init(&m);
    assert_false(mpic_int(&m));
    assert_int_equal(mpic_read(&m, IVPR(42)) & 0x40000000u, 0);
    mpic_input(&m, 42, true);
    assert_true(mpic_int(&m));
    assert_int_equal(mpic_read(&m, IVPR(42)) & 0x40000000u, 0x40000000u); /* A */
    assert_int_equal(mpic_read(&m, IACK0), 42);
    assert_false(mpic_int(&m)); /* in service at the same priority */
    mpic_write(&m, EOI0, 0);
    assert_true(mpic_int(&m)); /* level: still requesting */
    assert_int_equal(mpic_read(&m, 0xa0), 42); /* the "this processor" alias */
    mpic_input(&m, 42, false);
    mpic_write(&m, 0xb0, 0);
    assert_false(mpic_int(&m));
}

static void test_priorities(void **state)
{
    (void)state;
    struct mpic m = {0};
    stub_init(&m);
    mpic_write(&m, IVPR(43), 14u << 16 | 43u); /* a program's, at CTPR */
    mpic_input(&m, 43, true);
    assert_false(mpic_int(&m));
    mpic_write(&m, CTPR0, 0);
    assert_true(mpic_int(&m));
    mpic_input(&m, 42, true);
    assert_int_equal(mpic_read(&m, IACK0), 42); /* the highest first */
    assert_false(mpic_int(&m));                 /* 14 < 15 in service */
    mpic_input(&m, 42, false);
    mpic_write(&m, EOI0, 0);
    assert_int_equal(mpic_read(&m, IACK0), 43);
    mpic_write(&m, CTPR0, 15);
    mpic_write(&m, EOI0, 0);
    assert_false(mpic_int(&m));
}

static void test_ppce500_wiring(void **state)
{
    (void)state;
    static struct ppce500 b;
    char err[80];
    const uint64_t ccsr = PPCE500_CCSR_BASE, mpic = ccsr + PPCE500_MPIC;
    const uint64_t uart = ccsr + PPCE500_UART0;
    uint32_t v;
    assert_true(ppce500_init(&b, "e500v2", 16, "none", err, sizeof err));
    struct vb_bus *bus = &b.cpu.bus;
    mpic_reset(&b.mpic);
    assert_true(bus->write(bus->ctx, mpic + IDR(42), 4, 1));
    assert_true(bus->write(bus->ctx, mpic + IVPR(42), 4, 15u << 16 | 42u));
    assert_true(bus->write(bus->ctx, mpic + CTPR0, 4, 14));
    uart_rx_push(&b.uart, (const uint8_t *)"\x03", 1);
    ppce500_update_irq(&b);
    assert_false(b.cpu.ext_input); /* IER = 0 */
    assert_true(bus->write(bus->ctx, uart + 1, 1, 1));
    assert_true(b.cpu.ext_input);
    assert_true(bus->read(bus->ctx, mpic + IACK0, 4, &v));
    assert_int_equal(v, 42);
    assert_false(b.cpu.ext_input);
    assert_true(bus->read(bus->ctx, uart, 1, &v));
    assert_int_equal(v, 0x03);
    assert_true(bus->write(bus->ctx, mpic + EOI0, 4, 0));
    assert_false(b.cpu.ext_input);
    ppce500_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_blocks_everything),
        cmocka_unit_test(test_iack_eoi_level),
        cmocka_unit_test(test_priorities),
        cmocka_unit_test(test_ppce500_wiring),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
