/*
 * vle_page.c - is the page at an address a VLE page? Asked of the TLB with
 * tlbsx, which loads the matching entry's MAS1-MAS3 (e200z7 RM 10.5.3,
 * Table 10-15 "tlbsx hit/miss": MAS1[VALID] says whether one matched);
 * MAS2[VLE] is its VLE attribute (RM Table 10-11, IBM bit 26, 0x20).
 * Only on a core with VLE pages (cores.toml booke.vle): the e500v2 has
 * X1, an implementation-dependent bit, in the same place (e500 core RM
 * "MAS Register 2").
 *
 * Why tlbsx rather than a cheaper test (a range from the linker script):
 * the TLB is what the core obeys, whoever set it up (the board's start-up
 * code, a BAM, the program itself), so the stub asks it. It costs a few
 * mtspr/mfspr per question, asked at a breakpoint's insertion and a step's
 * start, never while the program runs. The program's MAS registers are
 * kept: it may be stopped inside its own TLB code.
 */
#include "booke.h"
#include "ppc_port.h"

/* MAS1[VALID] (RM Table 10-10, bit 0); MAS6: SPID bits 8-15, SAS bit 31
 * (RM Table 10-14); MSR[IS] (IBM bit 26, e200z7.md "MSR bits"). */
#define MAS1_VALID 0x80000000u
#define MAS2_VLE 0x00000020u
#define MAS6_SPID_SHIFT 16
#define MAS6_SAS 0x00000001u
#define MSR_IS 0x00000020u

int ppc_vle_page(stub_addr_t addr)
{
    uint32_t mas0, mas1, mas2, mas3, mas6, found;

    if (!ppc_core->vle)
        return 0;
    mas0 = SPR_READ(SPR_MAS0);
    mas1 = SPR_READ(SPR_MAS1);
    mas2 = SPR_READ(SPR_MAS2);
    mas3 = SPR_READ(SPR_MAS3);
    mas6 = SPR_READ(SPR_MAS6);
    /* The program's translation: its PID0 and its instruction space
     * (RM 10.2.4; 10.5 says to search so after an ISI). */
    SPR_WRITE(SPR_MAS6, (SPR_READ(SPR_PID) & 0xffu) << MAS6_SPID_SHIFT |
                            (ppc_ctx[CTX_MSR] & MSR_IS ? MAS6_SAS : 0));
    __asm__ volatile("tlbsx 0, %0\n\tisync" : : "r"(addr) : "memory");
    found = (SPR_READ(SPR_MAS1) & MAS1_VALID) && (SPR_READ(SPR_MAS2) & MAS2_VLE);
    SPR_WRITE(SPR_MAS0, mas0);
    SPR_WRITE(SPR_MAS1, mas1);
    SPR_WRITE(SPR_MAS2, mas2);
    SPR_WRITE(SPR_MAS3, mas3);
    SPR_WRITE(SPR_MAS6, mas6);
    return found != 0;
}

unsigned ppc_break_at(stub_addr_t addr, unsigned kind, const uint8_t **insn)
{
    return ppc_trap_for(ppc_vle_page(addr), addr, kind, insn);
}
