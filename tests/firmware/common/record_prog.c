/*
 * record_prog.c - a program of several functions for record.sh: between
 * the calls of region_begin() and region_end() it spends unequal shares
 * of its instructions in four functions (a leaf called through another
 * among them), so that pmuctl record's shares per function can be checked
 * against QEMU's count of the same ELF. main runs the region
 * RECORD_ROUNDS times (a long run for the Ctrl-C test) and returns 0.
 */
#ifndef RECORD_ROUNDS
#define RECORD_ROUNDS 4
#endif

volatile unsigned record_rounds = RECORD_ROUNDS;
volatile unsigned record_n = 4000;
volatile unsigned record_sink;

/* The markers: empty, never inlined, so that they are code addresses. */
__attribute__((noinline)) void region_begin(void) { __asm__ volatile(""); }
__attribute__((noinline)) void region_end(void) { __asm__ volatile(""); }

/* Each loop reads and writes record_sink (volatile), so that the compiler
 * keeps every iteration. */
__attribute__((noinline)) void spin_long(unsigned n)
{
    for (unsigned i = 0; i < 4 * n; i++)
        record_sink += i ^ (i >> 3);
}

__attribute__((noinline)) void spin_mid(unsigned n)
{
    for (unsigned i = 0; i < 2 * n; i++)
        record_sink = record_sink * 3 + i;
}

__attribute__((noinline)) unsigned leaf(unsigned x)
{
    for (unsigned k = 0; k < 4; k++)
        x = x * 5 + (unsigned)record_sink;
    return x;
}

__attribute__((noinline)) void caller(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++) {
        s += leaf(i);
        record_sink += s;
    }
}

int main(void)
{
    for (unsigned r = 0; r < record_rounds; r++) {
        unsigned n = record_n;
        region_begin();
        spin_long(n);
        spin_mid(n);
        caller(n / 2);
        region_end();
    }
    return 0;
}
