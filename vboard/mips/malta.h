/*
 * malta.h - vboard's Malta-compatible board without its CPU: RAM from
 * physical 0, the ISA COM1 16550 at physical 0x180003f8 with its receive
 * interrupt on IRQ4 of the PIIX4's 8259 pair (ISA 0x20 and 0xa0), whose
 * output is the CPU's Cause.IP2, the Malta FPGA
 * SOFTRES register at 0x1f000500, the boot ROM window at 0x1fc00000, and
 * what QEMU 7.2's Malta `-kernel` loader leaves in RAM and in the CPU's
 * registers (hw/mips/malta.c, see malta.c). machine_malta.c puts a CPU on it.
 */
#ifndef VBOARD_MALTA_H
#define VBOARD_MALTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "i8259.h"
#include "uart.h"

#define BOARD_UART_BASE   0x180003f8u  /* PCI I/O 0x18000000 + ISA COM1 0x3f8 */
#define BOARD_PIC_MASTER  0x18000020u  /* ISA 0x20-0x21 */
#define BOARD_PIC_SLAVE   0x180000a0u  /* ISA 0xa0-0xa1 */
#define BOARD_FPGA_BASE   0x1f000000u
#define BOARD_SOFTRES     0x1f000500u  /* write 0x42: board reset */
#define BOARD_SOFTRES_KEY 0x42u
#define BOARD_ROM_BASE    0x1fc00000u
#define BOARD_ROM_SIZE    0x00400000u

struct malta {
    uint8_t *ram;
    uint32_t ram_size;       /* bytes of RAM */
    uint32_t ram_low_size;   /* part below the I/O hole: min(ram, 256 MiB) */
    struct uart uart;
    struct i8259 pic[2];     /* master, slave */
    bool reset_requested;    /* SOFTRES was written with 0x42 */
    uint32_t entry;          /* ELF entry point */
    const char *kernel_path; /* for the argument table QEMU writes */
};

/* Allocates RAM (ram_mib MiB); false with a one-line reason in err. */
bool malta_init(struct malta *b, uint32_t ram_mib, char *err, size_t errlen);
void malta_free(struct malta *b);
/* What QEMU's Malta bootloader does before it jumps to the kernel entry:
 * writes the argument/environment table into RAM and leaves these values
 * in the general registers (gpr[0..31]; the caller resets the CPU first and
 * starts it at b->entry). Clears reset_requested. */
void malta_boot(struct malta *b, uint32_t gpr[32]);

/* The interrupt wiring after a device changed (a register access, a byte
 * received): COM1's INTRPT to IR4, the slave's INT to the master's IR2.
 * Returns the Cause.IP lines the board drives (bit n: IPn): the master's
 * INT is IP2. */
uint8_t malta_irq_lines(struct malta *b);

/* Physical device accesses other than RAM; false: nothing there (bus error). */
bool malta_io_read(struct malta *b, uint32_t pa, unsigned size, uint32_t *v);
bool malta_io_write(struct malta *b, uint32_t pa, unsigned size, uint32_t v);

#endif
