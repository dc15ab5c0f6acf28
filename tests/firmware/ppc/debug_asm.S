/* debug_asm.S - the instructions debug.c single-steps: straight-line
 * code, a taken branch and a call. */
        .text
        .globl  debug_steps, debug_steps_start
debug_steps:
debug_steps_start:
        li      r4, 1
        addi    r4, r4, 2
        b       1f
        nop
1:      mflr    r5
        bl      2f
        mtlr    r5
        addi    r4, r4, 3
        addi    r4, r4, 4
        addi    r4, r4, 5
        addi    r4, r4, 6
        addi    r4, r4, 7
        addi    r4, r4, 8
        addi    r4, r4, 9
        blr
2:      addi    r4, r4, 10
        blr
