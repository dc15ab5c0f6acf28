/*
 * board.c - Malta board support: the debug line and the board reset.
 */
#include <stdint.h>
#include "malta.h"
#include "../../arch/mips32/mips_port.h"

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
    .getc = malta_uart_getc,
    .poll_getc = malta_uart_poll_getc,
    .putc = malta_uart_putc,
    .reset = malta_reset,
};

void pmustub_board_init(void)
{
    malta_uart_init();
    mips_port_init(&malta_io);
}
