/*
 * perturb_main.c - main of the cache perturbation firmware
 * (perturb_loop.S): the two cache-sized regions, pt_rounds times (a test
 * may set it from GDB before the program starts), after one call of
 * step_demo (step_branches.S), whose result is the exit code.
 */
void perturb_loop(unsigned rounds);
int step_demo(int x); /* step_branches.S */

volatile unsigned pt_rounds = 1000000;
volatile int pt_step_arg = 5;

int main(void)
{
    int r = step_demo(pt_step_arg);
    perturb_loop(pt_rounds);
    return r;
}
