/*
 * program_irq.c - a program with an interrupt source of its own (software
 * interrupt 0, Cause.IP0: MD00090 Cause, IP1..IP0 are writable) under the
 * stub, which owns the vectors and hands it over through
 * pmustub_program_interrupt(). Exits with the number of interrupts its
 * handler saw: 5.
 */
#include <stdint.h>
#include "pmustub/program.h"

#define CAUSE_IP0 (1u << 8)
#define ST_IM0 (1u << 8)
#define ST_IE 1u

static volatile unsigned irqs;

int pmustub_program_interrupt(uint32_t pending)
{
    uint32_t cause;
    if (!(pending & 1))
        return 0;
    __asm__ volatile("mfc0 %0, $13" : "=r"(cause));
    cause &= ~CAUSE_IP0;
    __asm__ volatile("mtc0 %0, $13\n\tehb" : : "r"(cause));
    irqs++;
    return 1;
}

int main(void)
{
    uint32_t st, cause;
    __asm__ volatile("mfc0 %0, $12" : "=r"(st));
    st |= ST_IM0 | ST_IE;
    __asm__ volatile("mtc0 %0, $12\n\tehb" : : "r"(st));
    for (int i = 0; i < 5; i++) {
        unsigned before = irqs;
        __asm__ volatile("mfc0 %0, $13" : "=r"(cause));
        cause |= CAUSE_IP0;
        __asm__ volatile("mtc0 %0, $13\n\tehb" : : "r"(cause));
        while (irqs == before)
            ; /* taken at once; the loop only makes sure */
    }
    return (int)irqs;
}
