/*
 * board.c - Malta board support: the debug line and the board reset.
 */
#include <stdint.h>
#include "../uart16550.h"
#include "../../arch/mips32/mips_port.h"

/* Malta's first serial port, the ISA COM1 16550 at physical 0x180003f8
 * (QEMU hw/mips/malta.c; DESIGN.md), reached uncached through kseg1. At
 * 1.8432 MHz, divisor 1 is 115200 baud. */
#define MALTA_COM1 0xb80003f8u

/* Malta FPGA SOFTRES register at physical 0x1f000500: writing 0x42 (GORESET)
 * resets the board (MIPS Malta User's Manual MD00048, "Reset control";
 * QEMU hw/mips/malta.c models it, and with -no-reboot exits). */
static void malta_reset(void)
{
    *(volatile uint32_t *)0xbf000500u = 0x42;
    for (;;)
        ;
}

static const struct mips_board_io malta_io = {
    .getc = uart16550_getc,
    .poll_getc = uart16550_poll_getc,
    .putc = uart16550_putc,
    .reset = malta_reset,
};

void pmustub_board_init(void)
{
    uart16550_init(MALTA_COM1);
    mips_port_init(&malta_io);
}
