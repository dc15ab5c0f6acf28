/*
 * demo.c - the demo firmware: a short workload that returns from main.
 * main's return value is the program's exit code, which GDB reports; the
 * end-to-end tests work it out independently (sum of i*i for i = 1..100,
 * plus branch_demo(3) = 3 + 1 + 2 + 4, modulo 256).
 */
int branch_demo(int x); /* <arch>/branches.S */

volatile unsigned demo_scratch = 0x12345678u; /* memory the tests write */
volatile unsigned demo_spin;  /* set it from GDB to make main loop forever */

unsigned sum_squares(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 1; i <= n; i++)
        s += i * i;
    return s;
}

int main(void)
{
    while (demo_spin)
        ; /* a program that runs until GDB interrupts it */
    unsigned s = sum_squares(100);
    s += (unsigned)branch_demo(3);
    return (int)(s & 0xff);
}
