/*
 * ppc_cache_sweep.S - two regions whose working sets fill the e200z7's L1
 * caches of vboard's model (16 KiB, 4-way, 32-byte lines: target-xml
 * cores.toml), for the perturbation measurements: what a debugger adds to a
 * region's cache misses (docs/stub.md; tests/bench/perturbation.sh).
 * - dregion_begin .. dregion_end: one load from each of the 512 lines of a
 *   16 KiB buffer (D-cache sized); after the first round every load hits
 *   while nothing else touches the D-cache.
 * - iregion_begin .. iregion_end: 3,800 straight-line instructions (15,200
 *   bytes, under the 16 KiB I-cache); after the first round every fetch
 *   hits while nothing else runs.
 * main runs both fw_rounds times (a test may set it from GDB).
 */
#define LINES 512
#define LINE 32
#define STRAIGHT 3800

    .data
    .globl fw_rounds
    .balign 4
fw_rounds:
    .long 1000000

    .bss
    .balign 4096
sweep_buf:
    .space LINES * LINE

    .text
    .globl main
main:
    lis     %r7, fw_rounds@ha
    lwz     %r7, fw_rounds@l(%r7)
0:
    .globl dregion_begin
dregion_begin:
    lis     %r4, sweep_buf@ha
    addi    %r4, %r4, sweep_buf@l
    li      %r5, LINES
    mtctr   %r5
1:  lwz     %r6, 0(%r4)
    addi    %r4, %r4, LINE
    bdnz    1b
    .globl dregion_end
dregion_end:
    .balign LINE
    .globl iregion_begin
iregion_begin:
    .rept STRAIGHT
    addi    %r8, %r8, 1
    .endr
    .globl iregion_end
iregion_end:
    addic.  %r7, %r7, -1
    bne     0b
    li      %r3, 0
    blr

    .section .note.GNU-stack, "", @progbits
