/*
 * board.c - Malta board support: the debug line and its receive
 * interrupt, the board reset, and the two words that carry vRun's marker
 * across it.
 */
#include <stdint.h>
#include "pmustub/board.h"
#include "uart16550.h"
#include "rx_irq.h"

/* Malta's first serial port, the ISA COM1 16550 at physical 0x180003f8
 * (QEMU hw/mips/malta.c; docs/hardware-facts.md, "QEMU's Malta"),
 * reached uncached through kseg1. At
 * 1.8432 MHz, divisor 1 is 115200 baud. */
#define MALTA_COM1 0xb80003f8u

/* Malta FPGA SOFTRES register at physical 0x1f000500: writing 0x42 (GORESET)
 * resets the board (MIPS Malta User's Manual MD00048, "Reset control";
 * QEMU hw/mips/malta.c models it, reloading the -kernel image, and with
 * -no-reboot exits). The UART's last bytes (the ack of a vRun) leave
 * first: the reset would drop what is still in its transmitter. */
static void malta_reset(void)
{
    uart16550_drain();
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

static const struct stub_board_io malta_io = {
    .getc = uart16550_getc,
    .poll_getc = uart16550_poll_getc,
    .putc = uart16550_putc,
    .reset = malta_reset,
    .keep = MALTA_KEEP,
    .rx_irq = &malta_rx_irq,
};

void pmustub_board_init(void)
{
    uart16550_init(MALTA_COM1);
    malta_rx_irq_init();
    stub_port_init(&malta_io);
}
