/*
 * perturb_main.c - main of the cache perturbation firmware
 * (perturb_loop.S): the two cache-sized regions, pt_rounds times (a test
 * may set it from GDB before the program starts).
 */
void perturb_loop(unsigned rounds);

volatile unsigned pt_rounds = 1000000;

int main(void)
{
    perturb_loop(pt_rounds);
    return 0;
}
