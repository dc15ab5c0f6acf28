/*
 * ppc_ms_loop.S - the mergesort blocksize experiment for Power, measured
 * site by site (host/demo/power_table.sh gives addresses, not --elf, so
 * it cannot --sweep ms_blocksize as ms_loop.S does): for each blocksize B
 * in 64 .. 2048 one call site
 *     msB_begin: li r3, B; bl ms_run      (the sort, measured)
 *     msB_end:   bl ms_refill             (fresh random data, not measured)
 * and ms_loop(rounds) runs all six sites `rounds` times.
 */
#include "ppc_loop_frame.h"

#define SITE(bs)                         \
    .globl ms##bs##_begin;               \
ms##bs##_begin:                          \
    li %r3, bs;                          \
    bl ms_run;                           \
    .globl ms##bs##_end;                 \
ms##bs##_end:                            \
    bl ms_refill

    LOOP_ENTER(ms_loop)
1:
    SITE(64)
    SITE(128)
    SITE(256)
    SITE(512)
    SITE(1024)
    SITE(2048)
    LOOP_LEAVE(ms_loop)

    /* no executable stack (the linker asks every object to say so) */
    .section .note.GNU-stack, "", @progbits
