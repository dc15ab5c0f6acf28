/*
 * malta.c - the Malta-compatible board (see malta.h): memory map, devices,
 * and the state QEMU 7.2's Malta leaves the CPU in at the kernel entry.
 *
 * QEMU 7.2 hw/mips/malta.c with -kernel: main_cpu_reset() clears Status.ERL
 * (BEV stays 1); the bootloader written to 0x1fc00000 (write_bootloader)
 * programs the GT64120 through k0/k1 (hw/mips/bootloader.c bl_gen_write_u32:
 * k0 = value, k1 = address) and jumps to the kernel via t9 with
 * sp = ENVP_VADDR - 64, a0 = 2, a1 = ENVP_VADDR, a2 = ENVP_VADDR + 8,
 * a3 = RAM below 256 MiB; load_kernel() writes the argument/environment
 * table at ENVP_PADDR 0x2000 (16 pointers, then 256-byte strings).
 * Malta FPGA SOFTRES (offset 0x500) == 0x42 requests a system reset
 * (malta_fpga_write).
 *
 * Interrupts: COM1 (the Super I/O's first serial port) drives ISA IRQ4;
 * the PIIX4's master 8259 takes IRQ0-7 and the slave's INT on IR2, and the
 * master's INT is the CPU's hardware interrupt 0, Cause.IP2 (QEMU 7.2
 * hw/mips/malta.c: i8259_irq = env->irq[2], piix4 "intr"; Malta User's
 * Manual MD00048, "Interrupt Controller"). A system reset resets both
 * 8259s and the UART's IER (QEMU pic_reset, serial_reset).
 */
#include "malta.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENVP_PADDR 0x2000u
#define ENVP_VADDR 0x80002000u
#define ENVP_ENTRIES 16u
#define ENVP_ENTRY_SIZE 256u

bool malta_init(struct malta *b, uint32_t ram_mib, char *err, size_t errlen)
{
    memset(b, 0, sizeof(*b));
    if (ram_mib == 0 || ram_mib > 2048) {
        snprintf(err, errlen, "--ram must be 1..2048 MiB");
        return false;
    }
    b->ram_size = ram_mib << 20;
    b->ram_low_size = b->ram_size < (256u << 20) ? b->ram_size : (256u << 20);
    b->ram = calloc(1, b->ram_low_size);
    if (!b->ram) {
        snprintf(err, errlen, "cannot allocate %u MiB of RAM", ram_mib);
        return false;
    }
    uart_init(&b->uart, 0);
    return true;
}

void malta_free(struct malta *b)
{
    free(b->ram);
    b->ram = NULL;
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* One entry of QEMU's prom table (malta.c prom_set). */
static void prom_set(struct malta *b, unsigned index, const char *text)
{
    uint8_t *table = b->ram + ENVP_PADDR;
    if (!text) {
        put_be32(table + 4 * index, 0);
        return;
    }
    uint32_t off = 4 * ENVP_ENTRIES + index * ENVP_ENTRY_SIZE;
    put_be32(table + 4 * index, ENVP_VADDR + off);
    snprintf((char *)table + off, ENVP_ENTRY_SIZE, "%s", text);
}

static void write_prom(struct malta *b)
{
    char num[32];
    char seed[65];
    unsigned i = 0;
    if (b->ram_low_size < ENVP_PADDR + ENVP_ENTRIES * (4 + ENVP_ENTRY_SIZE))
        return;
    prom_set(b, i++, b->kernel_path ? b->kernel_path : "");
    prom_set(b, i++, "");
    prom_set(b, i++, "memsize");
    snprintf(num, sizeof(num), "%u", b->ram_low_size);
    prom_set(b, i++, num);
    prom_set(b, i++, "ememsize");
    snprintf(num, sizeof(num), "%u", b->ram_size);
    prom_set(b, i++, num);
    prom_set(b, i++, "modetty0");
    prom_set(b, i++, "38400n8r");
    /* QEMU puts 32 random bytes here; vboard is deterministic: zeros */
    memset(seed, '0', 64);
    seed[64] = '\0';
    prom_set(b, i++, "rngseed");
    prom_set(b, i++, seed);
    prom_set(b, i, NULL);
}

#define COM1_IR 4u
#define CASCADE_IR 2u

void malta_boot(struct malta *b, uint32_t gpr[32])
{
    i8259_reset(&b->pic[0]);
    i8259_reset(&b->pic[1]);
    b->uart.ier = 0;
    write_prom(b);
    gpr[29] = ENVP_VADDR - 64;          /* sp */
    gpr[4] = 2;                         /* a0: argc */
    gpr[5] = ENVP_VADDR;                /* a1: argv */
    gpr[6] = ENVP_VADDR + 8;            /* a2: envp */
    gpr[7] = b->ram_low_size;           /* a3: RAM size */
    gpr[26] = 0x0bc00000u << 3;         /* k0: last GT64120 value written */
    gpr[27] = 0xbbe00088u;              /* k1: its address, GT_PCI0M1HD */
    gpr[25] = b->entry;                 /* t9: jalr t9 */
    gpr[31] = 0xbfc00644u;              /* ra: after "jalr t9" + delay slot (measured on QEMU 7.2) */
    b->reset_requested = false;
}

static double now_for(const struct malta *b)
{
    return b->uart.baud ? uart_now_ns() : 0.0;
}

uint8_t malta_irq_lines(struct malta *b)
{
    i8259_input(&b->pic[1], 0, false); /* nothing on the slave's inputs */
    i8259_input(&b->pic[0], CASCADE_IR, i8259_int(&b->pic[1]));
    i8259_input(&b->pic[0], COM1_IR, uart_irq(&b->uart, now_for(b)));
    return i8259_int(&b->pic[0]) ? 1u << 2 : 0;
}

/* The 8259 at base, if pa is one of its two ports. */
static struct i8259 *pic_at(struct malta *b, uint32_t pa, unsigned *port)
{
    for (unsigned i = 0; i < 2; i++) {
        uint32_t base = i ? BOARD_PIC_SLAVE : BOARD_PIC_MASTER;
        if (pa >= base && pa < base + 2) {
            *port = pa - base;
            return &b->pic[i];
        }
    }
    return NULL;
}

bool malta_io_read(struct malta *b, uint32_t pa, unsigned size, uint32_t *v)
{
    unsigned port;
    struct i8259 *pic = pic_at(b, pa, &port);
    if (pic) {
        *v = i8259_read(pic, port);
        return true;
    }
    if (pa >= BOARD_UART_BASE && pa < BOARD_UART_BASE + 8) {
        *v = uart_read(&b->uart, pa - BOARD_UART_BASE, now_for(b));
        (void)size;
        return true;
    }
    if (pa >= BOARD_FPGA_BASE && pa < BOARD_FPGA_BASE + 0x100000u) {
        *v = 0;
        return true;
    }
    if (pa >= BOARD_ROM_BASE && pa < BOARD_ROM_BASE + BOARD_ROM_SIZE) {
        /* QEMU stores the board ID 0x420 (Malta with CoreLV) at offset 0x10 */
        *v = (pa & ~3u) == BOARD_ROM_BASE + 0x10 && size == 4 ? 0x00000420u : 0;
        return true;
    }
    return false;
}

bool malta_io_write(struct malta *b, uint32_t pa, unsigned size, uint32_t v)
{
    (void)size;
    unsigned port;
    struct i8259 *pic = pic_at(b, pa, &port);
    if (pic) {
        i8259_write(pic, port, (uint8_t)v);
        return true;
    }
    if (pa >= BOARD_UART_BASE && pa < BOARD_UART_BASE + 8) {
        uart_write(&b->uart, pa - BOARD_UART_BASE, (uint8_t)v, now_for(b));
        return true;
    }
    if (pa >= BOARD_FPGA_BASE && pa < BOARD_FPGA_BASE + 0x100000u) {
        if (pa == BOARD_SOFTRES && v == BOARD_SOFTRES_KEY)
            b->reset_requested = true;
        return true;
    }
    if (pa >= BOARD_ROM_BASE && pa < BOARD_ROM_BASE + BOARD_ROM_SIZE)
        return true; /* flash: writes ignored */
    return false;
}
