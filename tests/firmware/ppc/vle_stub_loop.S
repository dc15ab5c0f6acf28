/*
 * vle_stub_loop.S - VLE code (assembled with -mvle, linked with a board's VLE
 * script: ppce500_vle.ld, mpc5674f_vle.ld)
 * for the stub's tests on vboard's e200z7:
 *  - vle_steps .. vle_leaf: 16- and 32-bit instructions, a taken se_beq,
 *    a not-taken se_bne, a call by se_bl and by e_bl, returns by se_blr,
 *    for breakpoints and single steps (tests/e2e/vle_rsp.py);
 *  - region_begin .. region_end: a counted loop, run 2^20 times;
 *    each pass is 3 + 2 * LOOP_N instructions (e_li, se_mtctr, se_li, then
 *    LOOP_N times se_addi and e_bdnz).
 * main returns 3 * LOOP_N & 0xff = 44 (r3 of the last pass).
 * Encodings: binutils 2.40 gas -mvle; lengths by the first halfword
 * (mpc5674f_vle.md section 1).
 */
#define LOOP_N 100

    .text
    .globl main
    .type main, @function
main:
    se_mflr %r0
    e_stwu  %r1, -16(%r1)
    se_stw  %r0, 20(%r1)
    .globl vle_steps
vle_steps:
    se_li   %r3, 1              /* 16-bit */
    .globl vle_32
vle_32:
    e_add16i %r3, %r3, 2        /* 32-bit: r3 = 3 */
    se_cmpi %r3, 3              /* CR0[EQ] */
    .globl vle_beq
vle_beq:
    se_beq  1f                  /* taken */
    se_li   %r3, 99
1:
    .globl vle_bne
vle_bne:
    se_bne  2f                  /* not taken */
    .globl vle_call16
vle_call16:
    se_bl   vle_leaf            /* LR = vle_call16 + 2 */
    .globl vle_call32
vle_call32:
    e_bl    vle_leaf            /* LR = vle_call32 + 4 */
2:
    .globl vle_after
vle_after:
    e_lis   %r5, 0x10               /* rounds: 2^20 */
3:
    .globl region_begin
region_begin:
    e_li    %r4, LOOP_N
    se_mtctr %r4
    se_li   %r3, 0
4:  se_addi %r3, 3
    e_bdnz  4b
    .globl region_end
region_end:
    se_subi %r5, 1
    se_cmpi %r5, 0
    se_bne  3b
    e_andi. %r3, %r3, 0xff
    se_lwz  %r0, 20(%r1)
    se_mtlr %r0
    se_addi %r1, 16
    se_blr
    .size main, . - main

    .globl vle_leaf
    .type vle_leaf, @function
vle_leaf:
    se_addi %r3, 1              /* r3 = 4, then 5 */
    se_blr
    .size vle_leaf, . - vle_leaf

    .section .note.GNU-stack, "", @progbits
