/*
 * quick_main.c - main of the quick-bracket firmware (quick_bracket.sh):
 * step_demo (step_branches.S, one of each kind of MIPS32 branch) qb_rounds
 * times; the exit code is 42 if every call returned x + 71, else 1. So a
 * branch that the stub runs out of line with the wrong target, link or
 * delay slot shows in the exit code.
 */
int step_demo(int x); /* step_branches.S */

volatile unsigned qb_rounds = 200;

int main(void)
{
    int bad = 0;

    for (unsigned i = 1; i <= qb_rounds; i++)
        bad |= step_demo((int)i) != (int)i + 71;
    return bad ? 1 : 42;
}
