/*
 * test_i8259.c - the 8259A model (mips/i8259.h) driven as the stub drives
 * it (stub/board/malta/rx_irq.c), against the 8259A data sheet's rules,
 * and the Malta wiring: COM1's receive interrupt on IR4, the master's INT
 * on Cause.IP2 (mips/malta.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "i8259.h"
#include "malta.h"

/* The stub's set-up: ICW1-ICW4, all masked but IR4, IR4 the highest. */
static void stub_init(struct i8259 *p)
{
    i8259_reset(p);
    i8259_write(p, 0, 0x11);
    i8259_write(p, 1, 0x00);
    i8259_write(p, 1, 0x04);
    i8259_write(p, 1, 0x01);
    i8259_write(p, 1, 0xef);
    i8259_write(p, 0, 0xc3);
}

static uint8_t poll(struct i8259 *p)
{
    i8259_write(p, 0, 0x0c);
    return i8259_read(p, 0);
}

static void test_edge_poll_eoi(void **state)
{
    (void)state;
    struct i8259 p;
    stub_init(&p);
    assert_int_equal(i8259_read(&p, 1), 0xef);
    assert_false(i8259_int(&p));
    i8259_input(&p, 4, true);
    assert_true(i8259_int(&p));
    i8259_write(&p, 0, 0x0a); /* read IRR */
    assert_int_equal(i8259_read(&p, 0), 0x10);
    assert_int_equal(poll(&p), 0x84);
    assert_false(i8259_int(&p)); /* in service, request taken */
    i8259_write(&p, 0, 0x0b);    /* read ISR */
    assert_int_equal(i8259_read(&p, 0), 0x10);
    /* still high: no new edge, no new request */
    i8259_input(&p, 4, true);
    i8259_write(&p, 0, 0x64); /* specific EOI, IR4 */
    assert_false(i8259_int(&p));
    assert_int_equal(poll(&p), 0); /* nothing: a poll reads 0 */
    /* low, then high again: a new edge */
    i8259_input(&p, 4, false);
    i8259_input(&p, 4, true);
    assert_true(i8259_int(&p));
}

static void test_in_service_holds_next_edge(void **state)
{
    (void)state;
    struct i8259 p;
    stub_init(&p);
    i8259_input(&p, 4, true);
    assert_int_equal(poll(&p), 0x84);
    i8259_input(&p, 4, false); /* the stub read the UART */
    i8259_input(&p, 4, true);  /* a byte came before the EOI */
    assert_false(i8259_int(&p));
    i8259_write(&p, 0, 0x64);
    assert_true(i8259_int(&p)); /* not lost */
}

static void test_masks_and_priority(void **state)
{
    (void)state;
    struct i8259 p;
    stub_init(&p);
    i8259_input(&p, 1, true); /* masked */
    assert_false(i8259_int(&p));
    i8259_write(&p, 1, 0xed); /* a program unmasks IR1 too */
    assert_true(i8259_int(&p));
    i8259_input(&p, 4, true);
    assert_int_equal(poll(&p), 0x84); /* IR4 first: IR3 is the lowest */
    i8259_write(&p, 0, 0x64);
    assert_int_equal(poll(&p), 0x81);
    i8259_write(&p, 0, 0x20); /* non-specific EOI */
    assert_false(i8259_int(&p));
    /* after reset (and ICW1) nothing is masked: the data sheet's rule */
    i8259_reset(&p);
    assert_int_equal(i8259_read(&p, 1), 0);
}

static void test_malta_wiring(void **state)
{
    (void)state;
    struct malta b;
    char err[80];
    uint32_t v, gpr[32] = {0};
    assert_true(malta_init(&b, 16, err, sizeof err));
    malta_boot(&b, gpr);
    for (unsigned i = 0; i < 6; i++) {
        static const uint8_t icw[6][2] = {{0, 0x11}, {1, 0}, {1, 4}, {1, 1}, {1, 0xef}, {0, 0xc3}};
        assert_true(malta_io_write(&b, BOARD_PIC_MASTER + icw[i][0], 1, icw[i][1]));
    }
    assert_int_equal(malta_irq_lines(&b), 0);
    uart_rx_push(&b.uart, (const uint8_t *)"\x03", 1);
    assert_int_equal(malta_irq_lines(&b), 0); /* IER = 0 */
    assert_true(malta_io_write(&b, BOARD_UART_BASE + 1, 1, 1)); /* IER.ERBFI */
    assert_int_equal(malta_irq_lines(&b), 1u << 2);             /* IP2 */
    assert_true(malta_io_read(&b, BOARD_UART_BASE + 2, 1, &v));
    assert_int_equal(v & 0x0f, 0x04); /* IIR: received data available */
    assert_true(malta_io_write(&b, BOARD_PIC_MASTER, 1, 0x0c));
    assert_true(malta_io_read(&b, BOARD_PIC_MASTER, 1, &v));
    assert_int_equal(v, 0x84);
    assert_int_equal(malta_irq_lines(&b), 0);
    assert_true(malta_io_read(&b, BOARD_UART_BASE, 1, &v));
    assert_int_equal(v, 0x03);
    assert_true(malta_io_write(&b, BOARD_PIC_MASTER, 1, 0x64));
    assert_int_equal(malta_irq_lines(&b), 0);
    assert_true(malta_io_read(&b, BOARD_UART_BASE + 2, 1, &v));
    assert_int_equal(v & 0x0f, 0x01); /* IIR: none */
    malta_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edge_poll_eoi),
        cmocka_unit_test(test_in_service_holds_next_edge),
        cmocka_unit_test(test_masks_and_priority),
        cmocka_unit_test(test_malta_wiring),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
