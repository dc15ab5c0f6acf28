/*
 * uart16550.c - polled driver for Malta's first serial port, the ISA COM1
 * 16550 at physical 0x180003f8 (QEMU hw/mips/malta.c; DESIGN.md), reached
 * uncached through kseg1. Registers are byte-wide and consecutive.
 * Offsets and bits: TI PC16550D datasheet (RBR/THR 0, IER 1, FCR 2, LCR 3,
 * MCR 4, LSR 5; LSR.DR bit 0, LSR.THRE bit 5, LSR.TEMT bit 6: holding and
 * shift registers both empty), as Linux serial_reg.h.
 */
#include <stdint.h>
#include "malta.h"

#define UART_BASE 0xb80003f8u
#define REG(off) (*(volatile uint8_t *)(UART_BASE + (off)))
#define RBR 0
#define THR 0
#define IER 1
#define FCR 2
#define LCR 3
#define MCR 4
#define LSR 5
#define DLL 0
#define DLM 1
#define LSR_DR 0x01
#define LSR_THRE 0x20
#define LSR_TEMT 0x40
#define LCR_DLAB 0x80
#define LCR_8N1 0x03

void malta_uart_init(void)
{
    REG(IER) = 0;              /* polled: no interrupts */
    REG(LCR) = LCR_DLAB;
    REG(DLL) = 1;              /* 1.8432 MHz / (16 * 1) = 115200 baud */
    REG(DLM) = 0;
    REG(LCR) = LCR_8N1;
    REG(FCR) = 0x07;           /* enable and clear both FIFOs */
    REG(MCR) = 0x03;           /* DTR, RTS */
}

int malta_uart_getc(void)
{
    while (!(REG(LSR) & LSR_DR))
        ;
    return REG(RBR);
}

int malta_uart_poll_getc(void)
{
    return (REG(LSR) & LSR_DR) ? REG(RBR) : -1;
}

void malta_uart_putc(int c)
{
    while (!(REG(LSR) & LSR_THRE))
        ;
    REG(THR) = (uint8_t)c;
}

void malta_uart_drain(void)
{
    while (!(REG(LSR) & LSR_TEMT))
        ;
}
