/*
 * cp0_25.S - PerfCtl n and PerfCnt n by select number: select 2n is
 * PerfCtl n, 2n + 1 is PerfCnt n (MD00548 Table 1; Linux mipsregs.h
 * read_c0_perfctrl0..3/perfcntr0..3). MFC0/MTC0 carry the select in the
 * instruction (MD00086 "MFC0"), so each select is its own two-word entry
 * (jr $ra with the access in its delay slot) and the select picks the
 * entry: 92 bytes a function, where a C switch over the eight selects took
 * 136.
 *
 * uint32_t mips_cp0_25_read(unsigned sel)          sel 0..7
 * void mips_cp0_25_write(unsigned sel, uint32_t v)
 */
    .set noreorder
    .set nomips16

/* NAME: jump to the select's entry, each "jr $ra" with ACCESS (the
 * register operands, then the select) in its delay slot. */
.macro CP0_25_BY_SELECT name, access, reg
    .section .text.\name, "ax"
    .balign 4 /* MIPS32 code: a JALX from MIPS16e needs its word alignment */
    .globl \name
    .type \name, @function
\name:
    andi    $a0, $a0, 7
    sll     $a0, $a0, 3
    lui     $t0, %hi(1f)
    addiu   $t0, $t0, %lo(1f)
    addu    $t0, $t0, $a0
    jr      $t0
    nop
1:
    .irp    n, 0, 1, 2, 3, 4, 5, 6, 7
    jr      $ra
    \access \reg, $25, \n
    .endr
    .size \name, . - \name
.endm

    CP0_25_BY_SELECT mips_cp0_25_read, mfc0, $v0
    CP0_25_BY_SELECT mips_cp0_25_write, mtc0, $a1

    .section .note.GNU-stack, "", @progbits
