/*
 * bench_loop.S - the region pmuctl's tests measure, in a loop:
 * region_begin .. region_end brackets one call of work(WORK_N); the
 * labels are exact instruction addresses (no compiler scheduling moves
 * them), so QEMU's execution log and pmuctl count the same instructions.
 * bench_loop(rounds) runs the region `rounds` times.
 */
#define WORK_N 100

#include "loop_frame.h"

    LOOP_ENTER(bench_loop)
1:
    .globl region_begin
region_begin:
    jal work
    li $a0, WORK_N              /* delay slot: in the region */
    .globl region_end
region_end:
    LOOP_LEAVE(bench_loop)
