/*
 * mpc5674f_loop.S - a counted loop for the MPC5674F board's tests: main
 * runs region_begin .. region_end `loop_rounds` times; each pass is
 * 3 + 2 * LOOP_N instructions (li, mtctr, li, then LOOP_N times addi and
 * bdnz). main returns 3 * LOOP_N & 0xff (r3 of the last pass).
 */
#define LOOP_N 100

    .data
    .globl loop_rounds
loop_rounds:
    .long 1000000

    .text
    .globl main
    .type main, @function
main:
    lis     %r5, loop_rounds@ha
    lwz     %r5, loop_rounds@l(%r5)
2:
    .globl region_begin
region_begin:
    li      %r4, LOOP_N
    mtctr   %r4
    li      %r3, 0
1:  addi    %r3, %r3, 3
    bdnz    1b
    .globl region_end
region_end:
    addi    %r5, %r5, -1
    cmpwi   %r5, 0
    bne     2b
    andi.   %r3, %r3, 0xff
    blr
    .size main, . - main

    .section .note.GNU-stack, "", @progbits
