/*
 * ppc_rig.h - a Power CPU on 1 MiB of RAM for the unit tests: TLB1 entry 0
 * maps it 1:1 with all permissions, IVPR = 0 and IVORn = 0x100 * (n + 1),
 * where each vector holds "b ." so that a test sees which one was taken.
 * Programs start at RIG_CODE. rig_run() runs as vboard's main loop does:
 * slices bounded by the quiet budget, then timers and interrupts.
 */
#ifndef VBOARD_PPC_TEST_RIG_H
#define VBOARD_PPC_TEST_RIG_H

#include <stddef.h>
#include <stdint.h>

#include "ppc_cpu.h"

#define RIG_RAM (1u << 20)
#define RIG_CODE 0x10000u
#define RIG_DATA 0x20000u
#define RIG_VECTOR(n) (0x100u * ((n) + 1))

struct rig {
    struct ppc_cpu c;
    uint8_t *ram;
};

void rig_init(struct rig *r, const char *cpu);
void rig_free(struct rig *r);
/* Writes n instruction words at addr. */
void rig_put(struct rig *r, uint32_t addr, const uint32_t *insns, size_t n);
/* Writes n VLE halfwords at addr (physical). */
void rig_put_vle(struct rig *r, uint32_t addr, const uint16_t *hw, size_t n);
/* TLB1[esel]: the 4 KiB page at ea maps physical pa with all permissions,
 * a VLE page (MAS2[VLE]) when vle. */
void rig_map(struct rig *r, unsigned esel, uint32_t ea, uint32_t pa, bool vle);
/* Runs up to n instructions or until pc == stop_pc. */
void rig_run(struct rig *r, uint64_t n, uint32_t stop_pc);
void rig_set_msr(struct rig *r, uint32_t msr);

#endif
