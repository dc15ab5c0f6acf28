/*
 * sweep_main.c - the program of pmuctl_sweep.sh: sweep_pass()
 * (sweep_loop.S) again and again, its trip counts in two variables that
 * pmuctl measure --sweep writes. Their values here (7 and 5) are none of
 * those the test sweeps, so a sweep that did not write them would
 * measure 4 + 3 * 7 + 3 * 5 = 40 instructions a pass, not the test's.
 * sweep_m is 16 bits wide, so the test also writes a 2-byte variable.
 */
void sweep_pass(void);

volatile unsigned sweep_n = 7;
volatile unsigned short sweep_m = 5;
volatile unsigned sweep_rounds = 100000000;

int main(void)
{
    for (unsigned r = 0; r < sweep_rounds; r++)
        sweep_pass();
    return 0;
}
