/*
 * ppce500.c - the ppce500-compatible board (ppce500.h).
 *
 * QEMU 7.2 with -kernel and no -bios runs the kernel ELF as the boot
 * payload (hw/ppc/e500.c ppce500_init): load_elf() copies the PT_LOAD
 * segments to their physical addresses and returns the lowest address and
 * the total size loaded; the device tree goes to
 *   dt_base = (lowest + size + DTC_LOAD_PAD 0x1800000) & ~DTC_PAD_MASK 0xFFFFF;
 * and ppce500_cpu_reset() enters the payload with MSR = 0, r1 = 16 MiB - 8,
 * r3 = dt_base, r6 = EPAPR_MAGIC 0x45504150, r7 = the initial mapping size,
 * r4 = r5 = r8 = r9 = 0, and TLB1 entry 0 valid, TS 0, TID 0, EPN = RPN =
 * 0, all six permissions, of 1 KiB << ps where ps is one more than
 * log2((dt_base + dt_size) >> 10), rounded up to even (booke206_initial_
 * map_tsize); measured on 7.2 with a small ELF at 1 MiB: r3 = 0x01900000,
 * r7 = 0x04000000 (64 MiB). vboard writes no device tree (r3 points where
 * QEMU's would be) and takes dt_size as 0 for the mapping.
 *
 * Devices: the 16550 at CCSR + 0x4500 (big-endian, regshift 0, as
 * serial_mm_init with DEVICE_BIG_ENDIAN) whose interrupt is the MPIC's
 * source 42 (e500.c serial_mm_init(..., mpic[42], ...)); the MPIC at
 * CCSR + 0x40000 (32-bit big-endian registers, mpic.c), its processor 0
 * int output the CPU's external input (e500.c irqs[OPENPIC_OUTPUT_INT] =
 * input[PPCE500_INPUT_INT]); a reset resets it and the UART's IER
 * (openpic_reset, serial_reset); RSTCR at GUTS + 0xb0
 * (mpc8544_guts.c: writing bit 0x2 requests a system reset; with
 * -no-reboot QEMU then exits with status 0). Anything else in CCSR and
 * anything unassigned reads 0 and ignores writes, as QEMU's unassigned
 * regions do.
 */
#define _POSIX_C_SOURCE 200809L
#include "ppce500.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EPAPR_MAGIC   0x45504150u
#define DTC_LOAD_PAD  0x1800000u
#define DTC_PAD_MASK  0xfffffu
#define BOOT_STACK    ((16u << 20) - 8)

static double now_for(const struct ppce500 *b)
{
    return b->uart.baud ? uart_now_ns() : 0.0;
}

/* Byte-wide 16550: a wider access touches consecutive registers, most
 * significant byte first (QEMU splits it into byte accesses the same
 * way). */
void ppce500_update_irq(struct ppce500 *b)
{
    mpic_input(&b->mpic, PPCE500_UART_IRQ, uart_irq(&b->uart, now_for(b)));
    b->cpu.ext_input = mpic_int(&b->mpic);
}

/* The MPIC's register offset for a 32-bit access at pa, or false. */
static bool mpic_reg(uint64_t pa, unsigned size, uint32_t *off)
{
    uint64_t base = PPCE500_CCSR_BASE + PPCE500_MPIC;
    if (size != 4 || pa < base || pa >= base + MPIC_SIZE)
        return false;
    *off = (uint32_t)(pa - base);
    return true;
}

static bool bus_read(void *ctx, uint64_t pa, unsigned size, uint32_t *v)
{
    struct ppce500 *b = ctx;
    uint64_t uart = PPCE500_CCSR_BASE + PPCE500_UART0;
    uint32_t off;
    *v = 0;
    if (pa >= uart && pa + size <= uart + 8) {
        for (unsigned i = 0; i < size; i++)
            *v = *v << 8 | uart_read(&b->uart, (unsigned)(pa - uart) + i, now_for(b));
        ppce500_update_irq(b);
        return true;
    }
    if (mpic_reg(pa, size, &off)) {
        *v = mpic_read(&b->mpic, off);
        ppce500_update_irq(b);
        return true;
    }
    return pa >= PPCE500_CCSR_BASE && pa < PPCE500_CCSR_BASE + PPCE500_CCSR_SIZE;
}

static bool bus_write(void *ctx, uint64_t pa, unsigned size, uint32_t v)
{
    struct ppce500 *b = ctx;
    uint64_t uart = PPCE500_CCSR_BASE + PPCE500_UART0;
    uint32_t off;
    if (pa >= uart && pa + size <= uart + 8) {
        for (unsigned i = 0; i < size; i++)
            uart_write(&b->uart, (unsigned)(pa - uart) + i,
                       (uint8_t)(v >> (8 * (size - 1 - i))), now_for(b));
        ppce500_update_irq(b);
        return true;
    }
    if (mpic_reg(pa, size, &off)) {
        mpic_write(&b->mpic, off, v);
        ppce500_update_irq(b);
        return true;
    }
    if (pa == PPCE500_CCSR_BASE + PPCE500_GUTS + PPCE500_RSTCR && size == 4 && (v & 2u)) {
        b->cpu.reset_requested = true;
        b->cpu.stop = true;
    }
    return pa >= PPCE500_CCSR_BASE && pa < PPCE500_CCSR_BASE + PPCE500_CCSR_SIZE;
}

bool ppce500_init(struct ppce500 *b, const char *cpu, uint32_t ram_mib,
                  const char *kernel, char *err, size_t errlen)
{
    memset(b, 0, sizeof(*b));
    const struct ppc_personality *p = ppc_personality(cpu);
    if (!p) {
        snprintf(err, errlen, "unknown Power CPU '%s'", cpu);
        return false;
    }
    if (ram_mib == 0 || ram_mib > 2048) {
        snprintf(err, errlen, "--ram must be 1..2048 MiB");
        return false;
    }
    b->ram_size = (uint64_t)ram_mib << 20;
    b->ram = calloc(1, b->ram_size);
    if (!b->ram) {
        snprintf(err, errlen, "cannot allocate %u MiB of RAM", ram_mib);
        return false;
    }
    b->kernel = kernel;
    uart_init(&b->uart, 0);
    struct vb_bus bus = { b, bus_read, bus_write };
    if (!ppc_cpu_init(&b->cpu, p, b->ram, b->ram_size, bus)) {
        free(b->ram);
        b->ram = NULL;
        snprintf(err, errlen, "cannot set up the %s CPU", cpu);
        return false;
    }
    return true;
}

void ppce500_free(struct ppce500 *b)
{
    ppc_cpu_free(&b->cpu);
    free(b->ram);
    b->ram = NULL;
}

/* QEMU's load_elf() for PPC_ELF_MACHINE: PT_LOAD segments at p_paddr;
 * *low = lowest address, *size = sum of p_memsz (include/hw/elf_ops.h). */
static bool load_elf(struct ppce500 *b, uint32_t *entry, uint64_t *low, uint64_t *size,
                     char *err, size_t errlen)
{
    const char *path = b->kernel;
    bool ok = false;
    int fd = -1;
    Elf *e = NULL;
    GElf_Ehdr eh;
    size_t nph, fsize = 0;
    if (elf_version(EV_CURRENT) == EV_NONE || (fd = open(path, O_RDONLY)) < 0 ||
        !(e = elf_begin(fd, ELF_C_READ, NULL))) {
        snprintf(err, errlen, "%s: cannot open", path);
        goto out;
    }
    const char *ident = elf_getident(e, NULL);
    char *data = elf_rawfile(e, &fsize);
    if (elf_kind(e) != ELF_K_ELF || !ident || !gelf_getehdr(e, &eh) ||
        ident[EI_CLASS] != ELFCLASS32 || ident[EI_DATA] != ELFDATA2MSB ||
        eh.e_machine != EM_PPC || eh.e_type != ET_EXEC) {
        snprintf(err, errlen, "%s: not a 32-bit big-endian PowerPC ET_EXEC ELF", path);
        goto out;
    }
    if (elf_getphdrnum(e, &nph) != 0) {
        snprintf(err, errlen, "%s: no program headers", path);
        goto out;
    }
    *low = UINT64_MAX;
    *size = 0;
    for (size_t i = 0; i < nph; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz || ph.p_paddr + ph.p_memsz > b->ram_size ||
            !data || ph.p_offset + ph.p_filesz > fsize) {
            snprintf(err, errlen, "%s: segment at 0x%llx (%llu bytes) is outside RAM", path,
                     (unsigned long long)ph.p_paddr, (unsigned long long)ph.p_memsz);
            goto out;
        }
        memcpy(b->ram + ph.p_paddr, data + ph.p_offset, ph.p_filesz);
        memset(b->ram + ph.p_paddr + ph.p_filesz, 0, ph.p_memsz - ph.p_filesz);
        if (ph.p_paddr < *low)
            *low = ph.p_paddr;
        *size += ph.p_memsz;
    }
    if (*low == UINT64_MAX) {
        snprintf(err, errlen, "%s: nothing to load", path);
        goto out;
    }
    *entry = (uint32_t)eh.e_entry;
    ok = true;
out:
    if (e)
        elf_end(e);
    if (fd >= 0)
        close(fd);
    return ok;
}

bool ppce500_boot(struct ppce500 *b, char *err, size_t errlen)
{
    struct ppc_cpu *c = &b->cpu;
    uint32_t entry;
    uint64_t low, size;
    ppc_cpu_reset(c);
    mpic_reset(&b->mpic);
    b->uart.ier = 0;
    ppce500_update_irq(b);
    if (!load_elf(b, &entry, &low, &size, err, errlen))
        return false;
    uint32_t dt_base = (uint32_t)(low + size + DTC_LOAD_PAD) & ~DTC_PAD_MASK;
    unsigned ps = 64 - (unsigned)__builtin_clzll((uint64_t)dt_base >> 10); /* log2 + 1 */
    ps += ps & 1u;
    c->gpr[1] = BOOT_STACK;
    c->gpr[3] = dt_base;
    c->gpr[6] = EPAPR_MAGIC;
    c->gpr[7] = (uint32_t)(1024ull << ps);
    c->pc = entry;
    /* TLB1[0]: MAS1 V | TSIZE (ps/2 in the 4-bit e500 form), MAS3 UX SX UW
     * SW UR SR (mmubooke_create_initial_mapping) */
    c->mmu.tlb1[0] = (struct ppc_tlbe){ MAS1_VALID | (ps / 2) << 8, 0, 0x3fu, 0 };
    ppc_mmu_flush_pages(&c->mmu);
    return true;
}
