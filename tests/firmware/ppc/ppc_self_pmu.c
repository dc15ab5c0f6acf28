/*
 * ppc_self_pmu.c - a Power program that programs the performance monitor
 * itself between two stops, as the e200z7 note's flow does: freeze all
 * (PMGC0[FAC]), preload PMC0, choose its event with mtpmr (no CE, no
 * FCM0), unfreeze, run a counted loop, freeze again (e200z7 RM 8.3, shared reference e200z7.md section 2:
 * "set FAC, write the counters and controls, clear FAC"). The preload puts
 * the count across bit 31 with no overflow interrupt (no CE): the stub's
 * 64-bit count pmc0_64 must still be the arithmetic one
 * (tests/e2e/ppc_pmu_program.sh).
 *
 * Counted: from the instruction after the thawing mtpmr to the freezing
 * one, 2 a loop round (addi, bdnz) and the freezing mtpmr itself, which
 * vboard counts as it starts (docs/vboard.md): 2 * loops + 1.
 */
#include <stdint.h>

#define PRELOAD 0x7fffff00u

volatile uint32_t self_pmu_loops = 1000;

/* r3 = PMC0's preload, r4 = loop rounds (PMR numbers: e200z7 RM Table
 * 8-1; PMLCa EVENT << 16, 2 = instructions on both cores). */
void self_pmu_region(uint32_t preload, uint32_t loops);
__asm__(".text\n"
        ".globl self_pmu_region\n"
        "self_pmu_region:\n"
        "    lis   5, 0x8000\n"
        "    mtpmr 400, 5\n"     /* PMGC0 = FAC: freeze all */
        "    mtpmr 16, 3\n"      /* PMC0 = preload */
        "    lis   6, 0x0002\n"
        "    mtpmr 144, 6\n"     /* PMLCa0 = EVENT 2 only */
        "    mtctr 4\n"
        "    li    7, 0\n"
        "    mtpmr 400, 7\n"     /* PMGC0 = 0: count */
        "1:  addi  8, 8, 1\n"
        "    bdnz  1b\n"
        "    mtpmr 400, 5\n"     /* freeze all */
        "    blr\n");

/* Where GDB stops to read the counts. */
__attribute__((noinline)) void self_pmu_done(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(void)
{
    self_pmu_region(PRELOAD, self_pmu_loops);
    self_pmu_done();
    return 0;
}
