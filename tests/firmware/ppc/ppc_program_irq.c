/*
 * ppc_program_irq.c - a Power program with an interrupt source of its own,
 * the decrementer (IVOR10), under the stub, which owns the vectors and
 * hands the interrupt over through pmustub_program_interrupt()
 * (pmustub/program.h). Exits with the number of interrupts its handler
 * saw: 5. Run with "monitor ctrlc off": the stub's Ctrl-C poll uses the
 * decrementer too (docs/power.md). Its handler executes 4 mullw a call.
 *
 * DEC counts down; at 0 TSR[DIS] is set, and with TCR[DIE] and MSR[EE]
 * the decrementer interrupt is taken; writing 1 to TSR[DIS] acknowledges
 * it (e200z7 RM 2.4.8-2.4.9; Linux reg_booke.h TCR_DIE, TSR_DIS). The
 * fixed-interval timer would suit better, but QEMU 7.2 never fires it.
 */
#include <stdint.h>
#include "pmustub/program.h"

#define SPR_DEC 22
#define SPR_TSR 336
#define SPR_TCR 340
#define TCR_DIE 0x04000000u
#define TSR_DIS 0x08000000u
#define DECREMENTER 10
#define TICKS 100000u

#define MTSPR(n, v) __asm__ volatile("mtspr %0, %1" : : "i"(n), "r"(v))

static volatile unsigned irqs;
static volatile uint32_t product = 1;

int pmustub_program_interrupt(uint32_t ivor)
{
    uint32_t p = product;

    if (ivor != DECREMENTER)
        return 0;
    MTSPR(SPR_TSR, TSR_DIS);
    MTSPR(SPR_DEC, TICKS);
    /* HANDLER_MULS multiplies a call and none anywhere else in the
     * program: a counter of multiply instructions sees the handler run
     * (tests/e2e/ppc_pmu_program.sh). */
    __asm__ volatile("mullw %0, %0, %0\n\tmullw %0, %0, %0\n\t"
                     "mullw %0, %0, %0\n\tmullw %0, %0, %0" : "+r"(p));
    product = p;
    irqs++;
    return 1;
}

int main(void)
{
    uint32_t tcr;

    __asm__ volatile("mfspr %0, %1" : "=r"(tcr) : "i"(SPR_TCR));
    MTSPR(SPR_TSR, TSR_DIS); /* first: a tick acknowledged later is lost */
    MTSPR(SPR_DEC, TICKS);
    MTSPR(SPR_TCR, tcr | TCR_DIE);
    __asm__ volatile("wrteei 1");
    while (irqs < 5)
        ;
    __asm__ volatile("wrteei 0");
    MTSPR(SPR_TCR, tcr);
    return (int)irqs;
}
