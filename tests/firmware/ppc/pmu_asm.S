/* pmu_asm.S - pmu_region(fn): clears PMGC0[FAC] at pmu_on, calls fn,
 * sets FAC at pmu_off; the labels bound the region pmu_oracle_ppc.py
 * counts in QEMU's execution log. */
        .text
        .globl  pmu_region, pmu_on, pmu_off
pmu_region:
        mflr    r0
        stw     r0, 4(r1)
        stwu    r1, -16(r1)
        stw     r31, 12(r1)
        mtctr   r3
        li      r4, 0
        lis     r31, 0x8000             /* PMGC0[FAC] */
pmu_on: mtpmr   400, r4
        bctrl
pmu_off:
        mtpmr   400, r31
        lwz     r31, 12(r1)
        addi    r1, r1, 16
        lwz     r0, 4(r1)
        mtlr    r0
        blr

/* pmu_multiple(words): lmw and stmw of r29-r31 (three micro-ops each on
 * the e500v2's count), the caller's r29-r31 kept */
        .globl  pmu_multiple
pmu_multiple:
        stwu    r1, -16(r1)
        stmw    r29, 4(r1)
        lmw     r29, 0(r3)
        stmw    r29, 4(r3)
        lmw     r29, 4(r1)
        addi    r1, r1, 16
        blr
