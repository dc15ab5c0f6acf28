/*
 * mpc5674f.c - vboard's MPC5674F (mpc5674f.h): the bus behind the core,
 * and the state the Boot Assist Module (BAM) leaves for a boot from
 * internal flash.
 *
 * Peripherals (MPC5674F header mpc5674f.h v1.04, as RTEMS carries it in
 * bsps/powerpc/mpc55xxevb/include/mpc55xx/fsl-mpc567x.h; CM2350 emulator):
 *  - eSCI_A at 0xFFFB0000 (esci.c), its line vboard's --serial;
 *  - SIU at 0xC3F90000: SRCR at +0x10, whose SSR bit (0x80000000) resets
 *    the chip (struct SIU_tag; RTEMS start/bspreset.c writes 1 << 31);
 *    PCR0-511 at +0x40, 16 bits each, kept as written (pin multiplexing
 *    has no effect here);
 *  - SWT at 0xFFF38000: MCR at +0 (reads back what was written; reset
 *    value 0xFF00010B from the CM2350 emulator, UNVERIFIED on a chip),
 *    the service/unlock keys 0xC520, 0xD928 at SR (+0x10) accepted. No
 *    timeout is modelled: the watchdog never resets vboard's chip.
 */
#include "mpc5674f.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf_load.h"
#include "pmu_catalog.h" /* the registry: the chip's cores */
#include "ppc_internal.h"

#define SIU_BASE     0xc3f90000u
#define SIU_SRCR     0x10u
#define SIU_SRCR_SSR 0x80000000u
#define SIU_PCR      0x40u
#define SWT_BASE     0xfff38000u
#define SWT_MCR      0x00u
#define SWT_SR       0x10u
#define SWT_MCR_RESET 0xff00010bu
#define ESCI_A_BASE  0xfffb0000u
#define PBRIDGE_A    0xc3f00000u
#define PBRIDGE_B    0xfff00000u
#define BRIDGE_SIZE  0x00100000u

static double now_for(const struct mpc5674f *b)
{
    return b->uart.baud ? uart_now_ns() : 0.0;
}

static bool in(uint64_t pa, unsigned size, uint32_t base, uint32_t len)
{
    return pa >= base && pa + size <= (uint64_t)base + len;
}

/* A bridge window answers (0, writes ignored) where nothing is modelled;
 * outside them nothing answers. */
static bool bridged(uint64_t pa, unsigned size)
{
    return in(pa, size, PBRIDGE_A, BRIDGE_SIZE) || in(pa, size, PBRIDGE_B, BRIDGE_SIZE);
}

static bool bus_read(void *ctx, uint64_t pa, unsigned size, uint32_t *v)
{
    struct mpc5674f *b = ctx;
    *v = 0;
    if (in(pa, size, ESCI_A_BASE, ESCI_SIZE) &&
        esci_read(&b->esci_a, (uint32_t)(pa - ESCI_A_BASE), size, v, now_for(b)))
        return true;
    if (size == 2 && in(pa, 2, SIU_BASE + SIU_PCR, sizeof(b->pcr)) && !(pa & 1)) {
        *v = b->pcr[(pa - SIU_BASE - SIU_PCR) / 2];
        return true;
    }
    if (size == 4 && pa == SWT_BASE + SWT_MCR) {
        *v = b->swt_mcr;
        return true;
    }
    return bridged(pa, size);
}

static bool bus_write(void *ctx, uint64_t pa, unsigned size, uint32_t v)
{
    struct mpc5674f *b = ctx;
    if (in(pa, size, ESCI_A_BASE, ESCI_SIZE) &&
        esci_write(&b->esci_a, (uint32_t)(pa - ESCI_A_BASE), size, v, now_for(b)))
        return true;
    if (size == 2 && in(pa, 2, SIU_BASE + SIU_PCR, sizeof(b->pcr)) && !(pa & 1)) {
        b->pcr[(pa - SIU_BASE - SIU_PCR) / 2] = (uint16_t)v;
        return true;
    }
    if (size == 4 && pa == SIU_BASE + SIU_SRCR && (v & SIU_SRCR_SSR)) {
        b->cpu.reset_requested = true;
        b->cpu.stop = true;
        return true;
    }
    if (size == 4 && pa == SWT_BASE + SWT_MCR) {
        b->swt_mcr = v;
        return true;
    }
    return bridged(pa, size); /* SWT SR's keys among them */
}

bool mpc5674f_init(struct mpc5674f *b, const char *cpu, const char *kernel, char *err,
                   size_t errlen)
{
    memset(b, 0, sizeof(*b));
    const struct ppc_personality *p = ppc_personality(cpu);
    bool listed = false; /* the chip's cores, as the registry says (cores.toml) */
    for (const char *const *k = pmu_board_mpc5674f_keys; *k; k++)
        listed = listed || strcmp(*k, cpu) == 0;
    if (!p || !listed) {
        snprintf(err, errlen, "the mpc5674f machine has an %s core, not '%s'",
                 pmu_board_mpc5674f_keys[0], cpu);
        return false;
    }
    b->flash = malloc(MPC5674F_FLASH_SIZE);
    b->sram = calloc(1, MPC5674F_SRAM_SIZE);
    b->kernel = kernel;
    uart_init(&b->uart, 0);
    struct vb_bus bus = { b, bus_read, bus_write };
    if (!b->flash || !b->sram ||
        !ppc_cpu_init(&b->cpu, p, b->flash, MPC5674F_FLASH_SIZE, bus) ||
        !ppc_cpu_add_ram2(&b->cpu, MPC5674F_SRAM_BASE, b->sram, MPC5674F_SRAM_SIZE)) {
        free(b->flash);
        free(b->sram);
        snprintf(err, errlen, "cannot set up the MPC5674F");
        return false;
    }
    return true;
}

void mpc5674f_free(struct mpc5674f *b)
{
    ppc_cpu_free(&b->cpu);
    free(b->flash);
    free(b->sram);
    b->flash = b->sram = NULL;
}

/* Flash as a programmer leaves it: the ELF's segments (all in flash),
 * erased (0xFF) elsewhere. */
static bool program_flash(struct mpc5674f *b, char *err, size_t errlen)
{
    static const struct elf_target ppc = { EM_PPC, "PowerPC", 0xffffffffu };
    uint32_t entry;
    memset(b->flash, 0xff, MPC5674F_FLASH_SIZE);
    if (elf_load(b->kernel, &ppc, b->flash, MPC5674F_FLASH_SIZE, &entry, err, errlen))
        return true;
    size_t n = strlen(err);
    snprintf(err + n, errlen - n, " (the MPC5674F's flash: 4 MiB at 0; link with mpc5674f.ld)");
    return false;
}

bool mpc5674f_boot(struct mpc5674f *b, char *err, size_t errlen)
{
    ppc_cpu_reset(&b->cpu);
    esci_reset(&b->esci_a, &b->uart);
    memset(b->pcr, 0, sizeof(b->pcr));
    b->swt_mcr = SWT_MCR_RESET;
    if (!program_flash(b, err, errlen))
        return false;
    uint32_t rchw;
    if (!mpc5674f_bam(&b->cpu, b->flash, MPC5674F_FLASH_SIZE, &rchw, err, errlen))
        return false;
    /* The BAM turns the SWT off unless RCHW[SWT] asks for it (CM2350
     * emulator bam.py): MCR[WEN], bit 0x1, as RTEMS start-watchdog.c's
     * 0x8000010A leaves it off. */
    if (!(rchw & RCHW_SWT))
        b->swt_mcr &= ~1u;
    return true;
}
