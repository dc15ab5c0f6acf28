/*
 * board.h - vboard's Malta-compatible board: RAM from physical 0, the ISA
 * COM1 16550 at physical 0x180003f8, the Malta FPGA SOFTRES register at
 * 0x1f000500, the boot ROM window at 0x1fc00000, and the boot state that
 * QEMU 7.2's Malta `-kernel` loader leaves (hw/mips/malta.c, see board.c).
 */
#ifndef VBOARD_BOARD_H
#define VBOARD_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"
#include "uart.h"

#define BOARD_UART_BASE   0x180003f8u  /* PCI I/O 0x18000000 + ISA COM1 0x3f8 */
#define BOARD_FPGA_BASE   0x1f000000u
#define BOARD_SOFTRES     0x1f000500u  /* write 0x42: board reset */
#define BOARD_SOFTRES_KEY 0x42u
#define BOARD_ROM_BASE    0x1fc00000u
#define BOARD_ROM_SIZE    0x00400000u

struct board {
    struct cpu cpu;
    uint8_t *ram;
    uint32_t ram_size;       /* bytes of RAM */
    uint32_t ram_low_size;   /* part below the I/O hole: min(ram, 256 MiB) */
    struct uart uart;
    bool reset_requested;    /* SOFTRES was written with 0x42 */
    uint32_t entry;          /* ELF entry point */
    const char *kernel_path; /* for the argument table QEMU writes */
};

/* Allocates RAM (ram_mib MiB); false with a message on stderr on failure. */
bool board_init(struct board *b, enum cpu_model model, uint32_t ram_mib);
void board_free(struct board *b);
/* Puts the CPU in the state QEMU's Malta bootloader leaves at the kernel
 * entry (registers, Status) and writes the argument/environment table. */
void board_boot(struct board *b);

/* Physical device accesses other than RAM; false: nothing there (bus error). */
bool board_io_read(struct board *b, uint32_t pa, unsigned size, uint32_t *v);
bool board_io_write(struct board *b, uint32_t pa, unsigned size, uint32_t v);

#endif
