/*
 * callchain_prog.c - a known call chain for record --call-graph dwarf
 * (tests/e2e/record_callgraph.sh): main calls chain_a, which calls
 * chain_b, which calls chain_c, which calls chain_leaf, which loops.
 * Each is noinline/noipa and does work around its call, so that it keeps
 * a frame of its own with the return address saved in it (at -O2, with
 * no frame pointer: GCC's default), and so that the samples land in
 * every function, most in chain_leaf's loop. The static call graph is
 * the test's oracle: main -> chain_a -> chain_b -> chain_c -> chain_leaf
 * and nothing else.
 */
volatile unsigned chain_rounds = 4000;
volatile unsigned chain_sink;

__attribute__((noinline, noipa)) unsigned chain_leaf(unsigned n)
{
    unsigned s = 0;

    for (unsigned i = 0; i < n; i++)
        s += chain_sink ^ i;
    return s;
}

/* Each level keeps a value across its call (a saved register, a frame)
 * and adds its own work after it. */
__attribute__((noinline, noipa)) unsigned chain_c(unsigned n)
{
    unsigned keep = chain_sink * 3;

    return chain_leaf(n) + keep;
}

__attribute__((noinline, noipa)) unsigned chain_b(unsigned n)
{
    unsigned keep = chain_sink * 5;

    return chain_c(n + 1) ^ keep;
}

__attribute__((noinline, noipa)) unsigned chain_a(unsigned n)
{
    unsigned keep = chain_sink * 7;

    return chain_b(n + 1) - keep;
}

int main(void)
{
    for (unsigned r = 0; r < chain_rounds; r++)
        chain_sink += chain_a(200);
    return 0;
}
