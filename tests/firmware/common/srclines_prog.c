/*
 * srclines_prog.c - a program for tests/e2e/srclines.sh, whose source
 * locations (FILE:LINE, FUNCTION) pmuctl must resolve to the addresses
 * GDB's break picks: a line without code, a function inlined twice (its
 * line has two addresses), a loop, and a recursive fib for --function.
 * The test finds its lines by the @NAME marks in the comments. main runs
 * SRC_ROUNDS rounds and returns 0.
 */
#ifndef SRC_ROUNDS
#define SRC_ROUNDS 3
#endif

volatile unsigned src_rounds = SRC_ROUNDS;
volatile unsigned src_n = 10;
volatile unsigned src_sink;

static inline unsigned mix(unsigned x)
{
    return x * 7 + src_sink; /* @mix */
}

__attribute__((noinline)) unsigned fib(unsigned n)
{
    if (n < 2) /* @fib_test */
        return n;
    return fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) unsigned twice(unsigned x)
{
    unsigned a = mix(x); /* @twice_a */
    /* @blank: no code on this line nor the next */

    unsigned b = mix(a); /* @twice_b */
    return a + b;
}

int main(void)
{
    unsigned total = 0;
    for (unsigned r = 0; r < src_rounds; r++) { /* @loop */
        unsigned n = src_n; /* @from */
        total += twice(n);
        total += fib(n); /* @fib_call */
        src_sink = total; /* @to */
    }
    return 0;
}
