/*
 * ms_loop.S - the mergesort blocksize experiment of the 34K performance
 * note (seed 000, section 5.1, Table 6) as a region pmuctl can bracket:
 * the blocksize is the variable ms_blocksize (ms_blocksize.c), which pmuctl
 * measure --sweep writes between passes, and each pass is
 *              lw a0, ms_blocksize      (read afresh, before the region)
 *     ms_begin: jal ms_run; nop        (the sort, delay slot included)
 *     ms_end:   jal ms_refill; nop     (fresh random data, not measured)
 * ms_loop(rounds) runs it `rounds` times. The region is the sort alone,
 * as it was with one call site per blocksize (`jal ms_run; li a0, B`:
 * the same number of instructions).
 */
#include "loop_frame.h"

    LOOP_ENTER(ms_loop)
1:
    lui $t0, %hi(ms_blocksize)
    lw $a0, %lo(ms_blocksize)($t0)
    .globl ms_begin
ms_begin:
    jal ms_run
    nop
    .globl ms_end
ms_end:
    jal ms_refill
    nop
    LOOP_LEAVE(ms_loop)
