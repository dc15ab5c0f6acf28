/*
 * loop_frame.h - the frame of the assembly loops that run a measured region
 * `rounds` times (bench_loop.S, ms_loop.S): LOOP_ENTER(name) saves ra and
 * s0 and keeps the count (a0) in s0; LOOP_LEAVE(name) counts down to the
 * label 1 the loop body starts with, then returns (.set noreorder: the
 * delay slots are written out).
 */
#define LOOP_ENTER(name)    \
    .text;                  \
    .set noreorder;         \
    .globl name;            \
    .ent name;              \
name:                       \
    addiu $sp, $sp, -24;    \
    sw $ra, 20($sp);        \
    sw $s0, 16($sp);        \
    move $s0, $a0

#define LOOP_LEAVE(name)    \
    addiu $s0, $s0, -1;     \
    bnez $s0, 1b;           \
    nop;                    \
    lw $s0, 16($sp);        \
    lw $ra, 20($sp);        \
    jr $ra;                 \
    addiu $sp, $sp, 24;     \
    .end name
