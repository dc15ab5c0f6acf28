/* ppc_rig.c - see ppc_rig.h. */
#include "ppc_rig.h"

#include <stdlib.h>
#include <string.h>

#include "ppc_internal.h"

static bool no_read(void *ctx, uint64_t pa, unsigned size, uint32_t *v)
{
    (void)ctx; (void)pa; (void)size;
    *v = 0;
    return false;
}

static bool no_write(void *ctx, uint64_t pa, unsigned size, uint32_t v)
{
    (void)ctx; (void)pa; (void)size; (void)v;
    return false;
}

void rig_put(struct rig *r, uint32_t addr, const uint32_t *insns, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = r->ram + addr + 4 * i;
        p[0] = (uint8_t)(insns[i] >> 24);
        p[1] = (uint8_t)(insns[i] >> 16);
        p[2] = (uint8_t)(insns[i] >> 8);
        p[3] = (uint8_t)insns[i];
        ppc_code_written_slow(&r->c, addr + 4 * i, 4);
    }
}

void rig_put_vle(struct rig *r, uint32_t addr, const uint16_t *hw, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        r->ram[addr + 2 * i] = (uint8_t)(hw[i] >> 8);
        r->ram[addr + 2 * i + 1] = (uint8_t)hw[i];
    }
    ppc_code_written_slow(&r->c, addr, (unsigned)(2 * n));
}

void rig_map(struct rig *r, unsigned esel, uint32_t ea, uint32_t pa, bool vle)
{
    r->c.mmu.tlb1[esel] = (struct ppc_tlbe){ MAS1_VALID | 1u << 8, ea | (vle ? MAS2_VLE : 0),
                                             pa | 0x3fu, 0 };
    ppc_mmu_flush_pages(&r->c.mmu);
}

void rig_init(struct rig *r, const char *cpu)
{
    r->ram = calloc(1, RIG_RAM);
    struct vb_bus bus = { r, no_read, no_write };
    if (!r->ram || !ppc_cpu_init(&r->c, ppc_personality(cpu), r->ram, RIG_RAM, bus))
        abort();
    /* TLB1[0]: 1 MiB (TSIZE 5) at 0, UX SX UW SW UR SR */
    r->c.mmu.tlb1[0] = (struct ppc_tlbe){ MAS1_VALID | 5u << 8, 0, 0x3fu, 0 };
    for (unsigned n = 0; n < 36; n++) {
        r->c.ivor[n] = RIG_VECTOR(n);
        uint32_t spin = 0x48000000u; /* b . */
        rig_put(r, RIG_VECTOR(n), &spin, 1);
    }
    r->c.pc = RIG_CODE;
}

void rig_free(struct rig *r)
{
    ppc_cpu_free(&r->c);
    free(r->ram);
}

void rig_set_msr(struct rig *r, uint32_t msr)
{
    ppc_set_msr(&r->c, msr);
}

void rig_run(struct rig *r, uint64_t n, uint32_t stop_pc)
{
    struct ppc_cpu *c = &r->c;
    while (n && c->pc != stop_pc) {
        uint64_t budget = ppc_quiet_budget(c);
        if (budget > n)
            budget = n;
        /* one at a time near stop_pc is not needed: programs end in "b ." */
        uint64_t before = c->ev[PEV_INSNS] + c->ev[PEV_ABANDONED];
        ppc_cpu_run(c, budget);
        uint64_t done = c->ev[PEV_INSNS] + c->ev[PEV_ABANDONED] - before;
        n -= done < n ? done : n;
        ppc_update_timers(c);
        ppc_check_interrupts(c);
        if (!done && !c->stop)
            break;
    }
}
