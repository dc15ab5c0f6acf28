/*
 * ppc_step_branches.S - every kind of Book E branch, to single-step
 * through the stub (tests/e2e/ppc_step_branches.sh): b, bl, ba, blr,
 * beq taken, bne not taken, bdnz taken and not, bctrl. The stub runs each
 * instruction out of line (stub/arch/ppc32/displaced.c); the pc, LR and
 * CTR after every step must be the program's, st_N labels the expected
 * pcs.
 */
    .text
    .globl main
main:
    mflr    %r31
    .globl st_0
st_0:   li      %r3, 2
st_1:   mtctr   %r3
st_2:   bl      st_fn
st_3:   b       st_5
st_4:   nop
st_5:   cmpwi   %r3, 2
st_6:   beq     st_8
st_7:   nop
st_8:   bne     st_4
st_9:   bdnz    st_9
st_10:  lis     %r4, st_12@ha
st_10b: addi    %r4, %r4, st_12@l
st_11a: mtctr   %r4
st_11:  bctrl
st_11n: nop
st_12:  ba      st_14
st_13:  nop
st_14:  li      %r3, 0
        mtlr    %r31
        blr
st_fn:  blr
    .globl st_1, st_2, st_3, st_5, st_6, st_8, st_9, st_10, st_10b, st_11a
    .globl st_11, st_11n, st_12, st_14, st_fn

    .section .note.GNU-stack, "", @progbits
