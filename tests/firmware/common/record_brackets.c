/*
 * record_brackets.c - brackets of a chosen length for record_brackets.sh:
 * between region_begin() and region_end() three functions run loops of
 * BRACKET_N, 2 * BRACKET_N and 3 * BRACKET_N iterations, so that their
 * shares of the bracket's instructions differ and are known from QEMU's
 * count of the same ELF. BRACKET_N sets the bracket's length against
 * record's period (shorter than, near, much longer than 997); main runs
 * the bracket record_rounds times, with work outside it between brackets
 * (events that must not be sampled), and returns 0.
 */
#ifndef BRACKET_N
#define BRACKET_N 10
#endif

volatile unsigned record_rounds = 200000;
volatile unsigned record_n = BRACKET_N;
volatile unsigned record_sink;

/* The markers: empty, kept as calls at -O2 (noipa: not inlined, cloned or
 * assumed empty by the caller), so that they are code addresses. */
__attribute__((noinline, noipa)) void region_begin(void) { __asm__ volatile(""); }
__attribute__((noinline, noipa)) void region_end(void) { __asm__ volatile(""); }

/* Each loop reads and writes record_sink (volatile): every iteration
 * stays. */
__attribute__((noinline, noipa)) void one_part(unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        record_sink += i;
}

__attribute__((noinline, noipa)) void two_parts(unsigned n)
{
    for (unsigned i = 0; i < 2 * n; i++)
        record_sink ^= i << 1;
}

__attribute__((noinline, noipa)) void three_parts(unsigned n)
{
    for (unsigned i = 0; i < 3 * n; i++)
        record_sink = record_sink * 3 + i;
}

/* Outside the brackets: as long as a short bracket, not sampled. */
__attribute__((noinline, noipa)) void outside(unsigned n)
{
    for (unsigned i = 0; i < 4 * n; i++)
        record_sink -= i;
}

int main(void)
{
    for (unsigned r = 0; r < record_rounds; r++) {
        unsigned n = record_n;
        region_begin();
        one_part(n);
        two_parts(n);
        three_parts(n);
        region_end();
        outside(n < 40 ? n : 40);
    }
    return 0;
}
