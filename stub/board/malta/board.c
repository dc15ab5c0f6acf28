/*
 * board.c - Malta board support: the debug line, the board reset, and the
 * two words that carry vRun's marker across it.
 */
#include <stdint.h>
#include "malta.h"
#include "../../arch/mips32/mips_port.h"

/* Malta FPGA SOFTRES register at physical 0x1f000500: writing 0x42 (GORESET)
 * resets the board (MIPS Malta User's Manual MD00048, "Reset control";
 * QEMU hw/mips/malta.c models it, reloading the -kernel image, and with
 * -no-reboot exits). The UART's last bytes (the ack of a vRun) leave
 * first: the reset would drop what is still in its transmitter. */
static void malta_reset(void)
{
    malta_uart_drain();
    *(volatile uint32_t *)0xbf000500u = 0x42;
    for (;;)
        ;
}

/* The two words just below the image (malta.ld links it at 0x80100000):
 * part of no section, so the reset's reload of the image leaves them, and
 * RAM keeps its contents over a reset on QEMU's Malta (only the image's
 * ROM blobs are written again, hw/core/loader.c rom_reset) and on vboard.
 * Reached through kseg1, uncached (MD00090, "kseg1"): a reset does not
 * write the D-cache back. */
#define MALTA_KEEP ((uint32_t *)0xa00ffff8u)

static const struct mips_board_io malta_io = {
    .getc = malta_uart_getc,
    .poll_getc = malta_uart_poll_getc,
    .putc = malta_uart_putc,
    .reset = malta_reset,
    .keep = MALTA_KEEP,
};

void pmustub_board_init(void)
{
    malta_uart_init();
    mips_port_init(&malta_io);
}
