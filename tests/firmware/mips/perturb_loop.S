/*
 * perturb_loop.S - two regions that fill the 34K's L1 caches (32 KiB,
 * 4-way, 32-byte lines, I and D: MD00534 34K Software User's Manual,
 * "Caches"; vboard's 34k, target-xml/cores.toml), run in a loop, for the
 * cache perturbation test and benchmark (tests/e2e/cache_perturbation.sh,
 * tests/bench/perturbation.sh):
 *
 *   dsweep_begin .. dsweep_end: one load from each 32-byte line of
 *     pt_dbuf, 32 KiB (1,024 lines: every line of the D-cache);
 *   icode_begin .. icode_end: 7,680 straight-line instructions, 30 KiB
 *     (960 of the I-cache's 1,024 lines).
 *
 * The I-region starts on an 8 KiB boundary (one way: 256 sets of 32
 * bytes), so it fills sets 0-191 in four ways and sets 192-255 in three;
 * the loop's own code follows it and lands in sets 192 on, beside it,
 * and the program's C code (main) is put after that by the linker. So with
 * nothing else fetching from kseg0 the I-region stays in the cache from
 * one pass to the next: its misses show what a debugger's own fetches
 * evict. The labels are exact instruction addresses (.set noreorder).
 *
 * void perturb_loop(unsigned rounds): both regions, `rounds` times.
 */
#define ICODE_INSNS 7680

    .set noreorder
    .text
    .balign 8192
    .globl icode_begin
icode_begin:
    .rept ICODE_INSNS
    addiu   $t2, $t2, 1
    .endr
    .globl icode_end
icode_end:
    jr      $ra
    nop

    .globl perturb_loop
    .ent perturb_loop
perturb_loop:
    addiu   $sp, $sp, -24
    sw      $ra, 20($sp)
    sw      $s0, 16($sp)
    move    $s0, $a0
    .globl dsweep_begin
dsweep_begin:
1:  lui     $t0, %hi(pt_dbuf)
    addiu   $t0, $t0, %lo(pt_dbuf)
    lui     $t1, %hi(pt_dbuf + 32768)
    addiu   $t1, $t1, %lo(pt_dbuf + 32768)
2:  lw      $t3, 0($t0)
    addiu   $t0, $t0, 32
    bne     $t0, $t1, 2b
    nop
    .globl dsweep_end
dsweep_end:
    jal     icode_begin
    nop
    addiu   $s0, $s0, -1
    bnez    $s0, 1b
    nop
    lw      $s0, 16($sp)
    lw      $ra, 20($sp)
    jr      $ra
    addiu   $sp, $sp, 24
    .end perturb_loop

    .bss
    .balign 32768
    .globl pt_dbuf
pt_dbuf:
    .space  32768
