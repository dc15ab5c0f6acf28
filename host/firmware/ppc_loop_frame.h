/*
 * ppc_loop_frame.h - the Power twin of loop_frame.h, for the loops that run
 * a measured region `rounds` times (ppc_bench_loop.S, ppc_ms_loop.S):
 * LOOP_ENTER(name) makes a frame (SysV PowerPC 32-bit ABI: the caller's LR
 * save word is 4 bytes above the new back chain's frame, here 20(r1)),
 * saves r31 and keeps the count (r3) there; LOOP_LEAVE(name) counts down
 * to the label 1 the loop body starts with, then returns.
 */
#define LOOP_ENTER(name)        \
    .text;                      \
    .globl name;                \
    .type name, @function;      \
name:                           \
    stwu %r1, -16(%r1);         \
    mflr %r0;                   \
    stw %r0, 20(%r1);           \
    stw %r31, 12(%r1);          \
    mr %r31, %r3

#define LOOP_LEAVE(name)        \
    addi %r31, %r31, -1;        \
    cmpwi %r31, 0;              \
    bne 1b;                     \
    lwz %r31, 12(%r1);          \
    lwz %r0, 20(%r1);           \
    mtlr %r0;                   \
    addi %r1, %r1, 16;          \
    blr;                        \
    .size name, . - name
