/*
 * ms_loop.S - the mergesort blocksize experiment of the 34K performance
 * note (seed 000, section 5.1, Table 6) as regions pmuctl can bracket:
 * for each blocksize B in 64 .. 2048 one call site
 *     msB_begin: jal ms_run; li a0, B     (the sort, delay slot included)
 *     msB_end:   jal ms_refill; nop      (fresh random data, not measured)
 * and ms_loop(rounds) runs all six sites `rounds` times.
 */
#include "loop_frame.h"

#define SITE(bs)                         \
    .globl ms##bs##_begin;               \
ms##bs##_begin:                          \
    jal ms_run;                          \
    li $a0, bs;                          \
    .globl ms##bs##_end;                 \
ms##bs##_end:                            \
    jal ms_refill;                       \
    nop

    LOOP_ENTER(ms_loop)
1:
    SITE(64)
    SITE(128)
    SITE(256)
    SITE(512)
    SITE(1024)
    SITE(2048)
    LOOP_LEAVE(ms_loop)
