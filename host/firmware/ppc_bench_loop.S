/*
 * ppc_bench_loop.S - bench_loop.S for Power: region_begin .. region_end
 * brackets one call of work(WORK_N) (the argument's load included), at
 * exact instruction addresses, so that QEMU's execution log and pmuctl
 * count the same instructions.
 */
#define WORK_N 100

#include "ppc_loop_frame.h"

    LOOP_ENTER(bench_loop)
1:
    .globl region_begin
region_begin:
    li %r3, WORK_N
    bl work
    .globl region_end
region_end:
    LOOP_LEAVE(bench_loop)

    /* no executable stack (the linker asks every object to say so) */
    .section .note.GNU-stack, "", @progbits
