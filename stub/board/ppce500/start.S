/*
 * start.S - ppce500 start-up: a known MSR, the C environment, the board
 * and the stub, a first stop before main, then main and its exit code to
 * GDB.
 *
 * QEMU's -kernel enters here with MSR = 0 and TLB1 entry 0 mapping 64 MiB
 * of RAM at 0 (hw/ppc/e500.c, ppce500_cpu_reset; DESIGN.md); nothing else
 * is assumed.
 */
#include "../../arch/ppc32/booke.h"

    .section .text.start, "ax"
    .globl _start
_start:
    /* Machine checks on (MSR[ME]): a bus error is then an interrupt the
     * stub reports, not a checkstop. Everything else off. Through rfi:
     * QEMU's mtmsr leaves ME alone (target/ppc/translate.c gen_mtmsr,
     * "mtmsr does not alter S, ME, or LE"); rfi sets all of MSR. */
    lis     %r3, 1f@ha
    addi    %r3, %r3, 1f@l
    mtspr   SPR_SRR0, %r3
    li      %r3, MSR_ME
    mtspr   SPR_SRR1, %r3
    rfi
1:    lis     %r1, _stack_top@ha
    addi    %r1, %r1, _stack_top@l
    li      %r0, 0
    stwu    %r0, -16(%r1)       /* ABI: the first frame's back chain is 0 */
    lis     %r13, _SDA_BASE_@ha /* for programs built with small data */
    addi    %r13, %r13, _SDA_BASE_@l
    lis     %r3, __bss_start@ha
    addi    %r3, %r3, __bss_start@l
    lis     %r4, __bss_end@ha
    addi    %r4, %r4, __bss_end@l
2:  cmplw   %r3, %r4
    bge     3f
    stw     %r0, 0(%r3)
    addi    %r3, %r3, 4
    b       2b
3:  bl      pmustub_board_init
    /* The first stop: GDB attaches here, before any user code runs. The
     * port steps over this trap when GDB resumes. */
    .globl pmustub_boot_break
pmustub_boot_break:
    trap
    bl      main
    bl      pmustub_exit
4:  b       4b

    .section .note.GNU-stack, "", @progbits
