/*
 * phases_prog.c - a program of three phases one after the other, for
 * stat_plot.sh: a compute loop on registers (no memory but its loop
 * variable: a high IPC, no D-cache misses), a walk through a 256 KiB
 * array a cache line at a time (larger than any modelled D-cache: a miss
 * a load, a low IPC), and branches on a pseudo-random sequence (taken
 * half the time at random), the taken ones loading from a random place
 * in the array: vboard charges no cycle for a mispredicted branch (one
 * cycle an instruction plus the caches' stalls, docs/vboard.md), so the
 * loads, missing three times in four, give this phase an IPC of its own
 * between the other two. Each phase runs PHASE_N rounds; main returns 0.
 */
#ifndef PHASE_N
#define PHASE_N 1200
#endif

volatile unsigned phase_n = PHASE_N;
volatile unsigned phase_sink;

#define WALK_BYTES (256u * 1024u)
#define WALK_STRIDE 32u /* the 34K's and e200z7's D-cache line */
static unsigned char walk[WALK_BYTES];

/* Multiply-adds on locals: a few thousand instructions a round, none of
 * them a load or store but the final one. */
__attribute__((noinline)) void phase_compute(unsigned n)
{
    unsigned a = 1, b = 3;
    for (unsigned r = 0; r < n; r++)
        for (unsigned i = 0; i < 1000; i++) {
            a = a * 33 + i;
            b ^= a >> 5;
        }
    phase_sink = a + b;
}

/* One load a line over the whole array, each round: every load a miss
 * once the array has pushed itself out of the cache. */
__attribute__((noinline)) void phase_walk(unsigned n)
{
    unsigned s = 0;
    for (unsigned r = 0; r < n; r++)
        for (unsigned i = 0; i < WALK_BYTES; i += 8 * WALK_STRIDE)
            s += *(volatile unsigned char *)&walk[(i + r * WALK_STRIDE) % WALK_BYTES];
    phase_sink = s;
}

/* A branch on a bit of a linear congruential sequence (Numerical
 * Recipes' constants): no pattern a branch predictor can learn; a taken
 * one loads a byte of the array (256 KiB: 1/8 fits a 32 KiB D-cache). */
__attribute__((noinline)) void phase_branchy(unsigned n)
{
    unsigned x = 12345, s = 0;
    for (unsigned r = 0; r < n; r++)
        for (unsigned i = 0; i < 500; i++) {
            x = x * 1664525u + 1013904223u;
            if (x & 0x10000u)
                s += *(volatile unsigned char *)&walk[(x >> 8) % WALK_BYTES];
            else
                s ^= i;
        }
    phase_sink = s;
}

int main(void)
{
    unsigned n = phase_n;
    phase_compute(n);
    phase_walk(n);
    phase_branchy(n);
    return 0;
}
