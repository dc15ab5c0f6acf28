/*
 * delay_loop.c - a loop of three instructions, one of them a branch's
 * delay slot, run DELAY_N times (tests/e2e/stat_delay_slots.sh): its
 * instructions are C + 3 * DELAY_N, C the same for every DELAY_N (only
 * the initial value of delay_n differs between the builds). An interrupt
 * that lands in the delay slot must not run the branch again.
 */
#ifndef DELAY_N
#define DELAY_N 1000
#endif

volatile unsigned delay_n = DELAY_N;

int main(void)
{
    unsigned n = delay_n;
    __asm__ volatile(".set push\n\t.set noreorder\n"
                     "1:\taddiu %0, %0, -1\n\t"
                     "bnez %0, 1b\n\t"
                     "nop\n\t"
                     ".set pop"
                     : "+r"(n));
    return (int)n;
}
