/*
 * masked_ctrlc.c - a program that runs with interrupts disabled when GDB's
 * 0x03 comes (MIPS: Status.IE cleared; Power: MSR[EE] cleared, wrteei 0),
 * for masked_ctrlc.sh. It watches the debug UART's line status (LSR.DR,
 * PC16550D) with interrupts off until the byte is there, spins on a while
 * longer with them off (masked_done = 1), then enables them again: the
 * stub's receive interrupt, pending all that time, must stop it right
 * there. GDB then lets it end (after_spin = 0): exit code 7.
 */
#include <stdint.h>

volatile unsigned masked_done;
volatile unsigned after_spin = 1;
volatile unsigned wait_n = 200000;

#if defined(__mips__)
/* COM1's LSR through kseg1 (stub/board/malta/board.c: COM1 at 0xb80003f8). */
#define LSR (*(volatile uint8_t *)0xb80003fdu)
static uint32_t irq_off(void)
{
    uint32_t st;
    __asm__ volatile("mfc0 %0, $12" : "=r"(st));
    __asm__ volatile("mtc0 %0, $12\n\tehb" : : "r"(st & ~1u) : "memory");
    return st;
}
static void irq_on(uint32_t st)
{
    __asm__ volatile("mtc0 %0, $12\n\tehb" : : "r"(st | 1u) : "memory");
}
#elif defined(__powerpc__)
/* UART0's LSR where the stub maps CCSR (stub/board/ppce500/board.c). */
#define LSR (*(volatile uint8_t *)0xe0004505u)
static uint32_t irq_off(void)
{
    __asm__ volatile("wrteei 0" : : : "memory");
    return 0;
}
static void irq_on(uint32_t st)
{
    (void)st;
    __asm__ volatile("wrteei 1" : : : "memory");
}
#else
#error "a MIPS or Power program"
#endif

int main(void)
{
    uint32_t st = irq_off();
    while (!(LSR & 1u))
        ; /* GDB's 0x03 is on the line, unread */
    for (unsigned i = 0; i < wait_n; i++)
        __asm__ volatile("" : : : "memory");
    masked_done = 1;
    irq_on(st);
    while (after_spin)
        ;
    return 7;
}
