/*
 * attrib_prog.c - a small program for pmuctl_test_sample.c, built for
 * MIPS with line tables (-g): functions of some length on known lines.
 */
volatile int attrib_sink;

int attrib_leaf(int x)
{
    for (int i = 0; i < x; i++)
        attrib_sink += i * 3;
    return attrib_sink;
}

int attrib_caller(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += attrib_leaf(i);
    return s;
}

void attrib_start(void)
{
    attrib_sink = attrib_caller(10);
    for (;;)
        ;
}
