/*
 * mips16_forms.S - every MIPS16e instruction form, for mips16.c's
 * differential test (MD00076 chapter 3 formats; the same ELF runs on QEMU's
 * 34Kf and on vboard, and their UART output must agree).

 * m16_forms(out): MIPS16e; stores one word per result at out[] and returns
 * how many. Unextended and EXTENDed forms of each extendable instruction,
 * SAVE/RESTORE (unextended, extended with xsregs, args and statics),
 * PC-relative ADDIUPC/LWPC (also in a jump delay slot, where the base is
 * the jump's address), branches taken and not, every jump and both mode
 * switches, an EXTENDed instruction across an I-cache line.
 * The m16_fault_* functions each raise one exception in MIPS16e code; the
 * handler (m16_exc, MIPS32) logs vector, Cause, EPC, BadVAddr (exc_log.inc) and returns
 * with ERET to $ra, i.e. into the MIPS16e caller (EPC bit 0 = 1).
 */
#include "exc_log.inc"
        .set    noreorder
        .set    noat

        .macro  OUT reg
        sw      \reg, 0($16)
        addiu   $16, 4
        .endm

/* ---- MIPS32 helpers ------------------------------------------------------ */
        .set    nomips16
        .text
        .globl  m32_double
        .align  2
        .ent    m32_double
m32_double:                             /* reached by jalx and by jr/jalr */
        addu    $v0, $a0, $a0
        jr      $ra                     /* $ra odd: back to MIPS16e */
        nop
        .end    m32_double

/* MIPS32 -> MIPS16e: jalx, then jalr to an odd address; returns the sum */
        .globl  m32_calls_m16
        .align  2
        .ent    m32_calls_m16
m32_calls_m16:
        addiu   $sp, $sp, -24
        sw      $ra, 20($sp)
        sw      $s0, 16($sp)
        li      $a0, 21
        jalx    m16_triple              /* 63 */
        nop
        move    $s0, $v0
        la      $t9, m16_triple         /* odd: the linker sets the ISA bit */
        jalr    $t9                     /* 3 * 5 = 15 */
        li      $a0, 5                  /* delay slot, MIPS32 */
        addu    $v0, $v0, $s0
        lw      $s0, 16($sp)
        lw      $ra, 20($sp)
        jr      $ra
        addiu   $sp, $sp, 24
        .end    m32_calls_m16

/* The exception handler (EBase + 0x000 and + 0x180 jump here with the
 * vector offset in $k1, fw_vectors.c). */
        .globl  m16_exc
        .align  2
        .ent    m16_exc
m16_exc:
        EXC_LOG
        mtc0    $ra, $14                /* resume in the caller (odd: MIPS16e) */
        ehb
        eret
        .end    m16_exc

/* ---- MIPS16e ---------------------------------------------------------------- */
        .set    mips16

        .globl  m16_triple
        .align  2
        .ent    m16_triple
m16_triple:
        sll     $2, $4, 1
        jr      $ra
        addu    $2, $2, $4              /* delay slot */
        .end    m16_triple

        .align  2
        .ent    m16_leaf
m16_leaf:
        jrc     $ra                     /* compact: no delay slot */
        .end    m16_leaf

/* SAVE/RESTORE, extended: args a0-a1, xsregs s2-s8, statics a2-a3, a frame
 * of 1024. Stores what SAVE wrote (its layout) and what RESTORE brought
 * back. */
        .align  2
        .ent    m16_svrs_ext
m16_svrs_ext:
        save    $4-$5, 1024, $31, $s0-$s8, $6-$7
        move    $2, $sp
        lw      $3, 1024+0($sp)         /* a0, stored as an argument */
        lw      $4, 1024+4($sp)         /* a1 */
        lw      $5, 1024-4($sp)         /* ra */
        lw      $6, 1024-8($sp)         /* s8 */
        lw      $7, 1024-36($sp)        /* s1 */
        addu    $3, $3, $4
        addu    $3, $3, $6
        addu    $3, $3, $7
        move    $18, $3                 /* clobber s2, s8: RESTORE brings them back */
        move    $30, $3
        restore 1024, $31, $s0-$s8, $6-$7
        move    $4, $18
        move    $5, $30
        addu    $2, $4, $5
        jr      $ra
        addu    $2, $2, $3
        .end    m16_svrs_ext

        .globl  m16_forms
        .align  2
        .ent    m16_forms
m16_forms:
        save    $4, 64, $31, $16-$17    /* EXTENDed SAVE: a0 to the caller's frame */
        move    $16, $4
        /* LI, ADDIU8, RRI-A, ADDIUSP, ADJSP: unextended and EXTENDed */
        li      $2, 200
        OUT     $2
        li      $2, 0xbeef
        OUT     $2
        addiu   $2, -5
        OUT     $2
        addiu   $2, 3000
        OUT     $2
        addiu   $3, $2, -8
        OUT     $3
        addiu   $3, $2, -12345
        OUT     $3
        move    $4, $sp
        addiu   $3, $sp, 40
        subu    $3, $3, $4
        OUT     $3
        addiu   $3, $sp, -40
        subu    $3, $3, $4
        OUT     $3
        addiu   $sp, -8
        addiu   $sp, -4096
        move    $5, $sp
        subu    $5, $4, $5
        OUT     $5
        addiu   $sp, 4096
        addiu   $sp, 8
        /* SLTI, SLTIU, CMPI (T = $24), CMP, SLT, SLTU, MOVE to/from r32 */
        li      $2, 50
        slti    $2, 100
        move    $3, $24
        OUT     $3
        neg     $2, $2
        slti    $2, -60
        move    $3, $24
        OUT     $3
        sltiu   $2, 7
        move    $3, $24
        OUT     $3
        sltiu   $2, -1
        move    $3, $24
        OUT     $3
        cmpi    $2, 0x5a
        move    $3, $24
        OUT     $3
        cmpi    $2, 0x1234
        move    $3, $24
        OUT     $3
        li      $3, 77
        cmp     $2, $3
        move    $4, $24
        OUT     $4
        slt     $2, $3
        move    $4, $24
        OUT     $4
        sltu    $2, $3
        move    $4, $24
        OUT     $4
        move    $9, $2
        move    $5, $9
        OUT     $5
        /* shifts: sa 8 (encoded 0), EXTENDed sa, and by register */
        li      $2, 0x8421
        sll     $2, $2, 16
        addiu   $2, 0x777
        sll     $3, $2, 8
        OUT     $3
        srl     $3, $2, 3
        OUT     $3
        sra     $3, $2, 5
        OUT     $3
        sll     $3, $2, 20
        OUT     $3
        srl     $3, $2, 31
        OUT     $3
        sra     $3, $2, 17
        OUT     $3
        li      $4, 35
        move    $3, $2
        sllv    $3, $4
        OUT     $3
        move    $3, $2
        srlv    $3, $4
        OUT     $3
        move    $3, $2
        srav    $3, $4
        OUT     $3
        /* RRR and the RR logic */
        li      $4, 1000
        addu    $5, $2, $4
        OUT     $5
        subu    $5, $4, $2
        OUT     $5
        neg     $5, $4
        OUT     $5
        move    $5, $2
        and     $5, $4
        OUT     $5
        move    $5, $2
        or      $5, $4
        OUT     $5
        move    $5, $2
        xor     $5, $4
        OUT     $5
        not     $5, $2
        OUT     $5
        /* ZEB, ZEH, SEB, SEH */
        move    $5, $2
        zeb     $5
        OUT     $5
        move    $5, $2
        zeh     $5
        OUT     $5
        move    $5, $2
        seb     $5
        OUT     $5
        move    $5, $2
        seh     $5
        OUT     $5
        /* multiply and divide */
        li      $4, 12345
        neg     $4, $4
        mult    $2, $4
        mfhi    $5
        OUT     $5
        mflo    $5
        OUT     $5
        multu   $2, $4
        mfhi    $5
        OUT     $5
        mflo    $5
        OUT     $5
        div     $2, $4
        mfhi    $5
        OUT     $5
        mflo    $5
        OUT     $5
        divu    $2, $4
        mfhi    $5
        OUT     $5
        mflo    $5
        OUT     $5
        /* loads and stores, unextended and EXTENDed (negative offsets) */
        lw      $3, lit_buf
        li      $4, 0x81
        sb      $4, 3($3)
        li      $4, 0xfedc
        sh      $4, 6($3)
        sw      $2, 8($3)
        sb      $4, -1($3)
        sh      $4, -30($3)
        sw      $2, -60($3)
        lb      $5, 3($3)
        OUT     $5
        lbu     $5, 3($3)
        OUT     $5
        lh      $5, 6($3)
        OUT     $5
        lhu     $5, 6($3)
        OUT     $5
        lw      $5, 8($3)
        OUT     $5
        lb      $5, -1($3)
        OUT     $5
        lbu     $5, -1($3)
        OUT     $5
        lh      $5, -30($3)
        OUT     $5
        lhu     $5, -30($3)
        OUT     $5
        lw      $5, -60($3)
        OUT     $5
        lw      $5, 1000($3)            /* EXTENDed positive offset */
        OUT     $5
        /* SP-relative: LWSP, SWSP, SWRASP, unextended and EXTENDed, in a
         * 2 KiB area of our own */
        addiu   $sp, -2048
        sw      $2, 16($sp)
        sw      $4, 2000($sp)
        sw      $ra, 20($sp)
        sw      $ra, 1996($sp)
        lw      $5, 16($sp)
        OUT     $5
        lw      $5, 2000($sp)
        OUT     $5
        lw      $5, 20($sp)
        lw      $6, 1996($sp)
        subu    $5, $5, $6
        OUT     $5
        addiu   $sp, 2048
        /* PC-relative: ADDIUPC and LWPC, unextended and EXTENDed */
        la      $5, 1f
        OUT     $5
        addiu   $5, $pc, 6              /* not a multiple of 4: EXTENDed */
        OUT     $5
        lw      $5, 2f
        OUT     $5
        lw      $5, far_lit                /* EXTENDed: far away */
        OUT     $5
        b       3f
        nop
        .align  2
1:      .word   0x13579bdf
2:      .word   0x2468ace0
        .word   0x0badf00d
        .word   0x600dcafe
3:      /* ADDIUPC and LWPC in a JR delay slot: base = the jump's address */
        lw      $4, lit_4                /* a MIPS16e label: bit 0 set */
        jr      $4
        addiu   $5, $pc, 0              /* delay slot */
        nop
4:      OUT     $5
        lw      $4, lit_5
        jr      $4
        lw      $6, 16f                 /* delay slot */
        .align  2
16:     .word   0x5a5a0001
        .word   0x5a5a0002
5:      OUT     $6
        /* branches: taken and not taken, unextended and EXTENDed */
        li      $2, 0
        li      $3, 1
        beqz    $3, 6f                  /* not taken */
        addiu   $2, 1
        beqz    $2, 6f                  /* not taken */
        addiu   $2, 2
        bnez    $2, 6f                  /* taken */
        addiu   $2, 100
6:      OUT     $2
        cmpi    $2, 3
        bteqz   7f                      /* taken */
        addiu   $2, 100
7:      btnez   8f                      /* not taken */
        addiu   $2, 4
8:      OUT     $2
        b       9f                      /* EXTENDed: over the padding */
        addiu   $2, 100
        .fill   1100, 2, 0x6500         /* nop; skipped */
9:      bnez    $2, 10f                 /* EXTENDed */
        addiu   $2, 100
        .fill   150, 2, 0x6500
10:     cmpi    $2, 7
        bteqz   11f                     /* EXTENDed */
        addiu   $2, 100
        .fill   150, 2, 0x6500
11:     btnez   12f                     /* EXTENDed, not taken */
        addiu   $2, 8
12:     beqz    $2, 13f                 /* EXTENDed, not taken */
        addiu   $2, 16
        b       14f                     /* unextended, taken */
        nop
        .fill   150, 2, 0x6500
13:     addiu   $2, 100
14:     OUT     $2
        /* an EXTENDed instruction across a 32-byte I-cache line */
        .balign 32
        .fill   15, 2, 0x6500
        li      $5, 0x4321
        OUT     $5
        /* jumps: JAL (MIPS16e), JALX (to MIPS32), JALR/JALRC, JRC, and
         * MIPS32 code calling MIPS16e back */
        li      $4, 7
        jal     m16_triple
        nop
        OUT     $2
        li      $4, 9
        jalx    m32_double              /* returns by jr $ra, $ra odd */
        nop
        OUT     $2
        lw      $3, lit_triple
        li      $4, 11
        jalr    $3
        nop
        OUT     $2
        lw      $3, lit_leaf
        li      $2, 0x55
        jalrc   $3
        OUT     $2
        lw      $3, lit_double          /* even: JALR into MIPS32 */
        li      $4, 13
        jalr    $3
        nop
        OUT     $2
        jal     m32_calls_m16           /* the linker makes this a JALX */
        nop
        OUT     $2
        lw      $3, lit_15
        jrc     $3
        li      $2, 0x77                /* skipped */
15:     OUT     $2
        li      $4, 0x11
        li      $5, 0x22
        li      $6, 0x33
        li      $7, 0x44
        jal     m16_svrs_ext
        nop
        OUT     $2
        /* SAVE/RESTORE unextended: ra, s0, s1, frame 128 (encoded 0) */
        save    128, $31, $16-$17
        move    $2, $sp
        lw      $3, 124($sp)
        restore 128, $31, $16-$17
        move    $4, $sp
        subu    $4, $4, $2
        OUT     $4
        move    $4, $31
        subu    $3, $3, $4
        OUT     $3
        /* the count */
        lw      $2, 64($sp)             /* out, stored by SAVE at entry */
        subu    $2, $16, $2
        sra     $2, $2, 2
        restore 64, $31, $16-$17
        jr      $ra
        nop
        .align  2
lit_4:  .word   4b
lit_buf: .word  m16_buf + 64
lit_5:  .word   5b
lit_triple: .word m16_triple
lit_leaf: .word m16_leaf
lit_double: .word m32_double
lit_15: .word   15b
far_lit: .word  0x600dcafe
        .end    m16_forms

/* m16_loop(n): 5 instructions an iteration, one of them EXTENDed, for
 * mips16_count.sh: from m16_loop to m16_loop_end 1 + 5n instructions. */
        .globl  m16_loop, m16_loop_top, m16_loop_end
        .balign 32                      /* the loop in one I-cache line */
        .ent    m16_loop
m16_loop:
        li      $2, 0
m16_loop_top:
        addiu   $2, 3
        li      $3, 0x1234              /* EXTENDed: one instruction */
        addu    $2, $2, $3
        addiu   $4, -1
        bnez    $4, m16_loop_top
m16_loop_end:
        jr      $ra
        nop
        .end    m16_loop

/* ---- faults in MIPS16e code (the handler returns to $ra) ------------------- */
        .globl  m16_fault_break
        .align  2
        .ent    m16_fault_break
m16_fault_break:
        break   3
        .end    m16_fault_break

        .globl  m16_fault_ext_adel
        .align  2
        .ent    m16_fault_ext_adel
m16_fault_ext_adel:
        lw      $2, 2($4)               /* EXTENDed (offset 2): AdEL */
        .end    m16_fault_ext_adel

        .globl  m16_fault_jr_slot
        .align  2
        .ent    m16_fault_jr_slot
m16_fault_jr_slot:
        jr      $ra
        lw      $2, 0($4)               /* delay slot, $4 odd: AdEL, Cause.BD */
        .end    m16_fault_jr_slot

        .globl  m16_fault_jal_slot
        .align  2
        .ent    m16_fault_jal_slot
m16_fault_jal_slot:
        save    32, $31
        jal     m16_leaf
        sh      $2, 0($4)               /* slot of a 4-byte jump, $4 odd: AdES, BD */
        restore 32, $31
        jr      $ra
        nop
        .end    m16_fault_jal_slot

        .globl  m16_fault_tlb
        .align  2
        .ent    m16_fault_tlb
m16_fault_tlb:
        lw      $2, 0($4)               /* kuseg: TLB refill */
        .end    m16_fault_tlb

        .globl  m16_fault_ri
        .align  2
        .ent    m16_fault_ri
m16_fault_ri:
        .insn                           /* the label is MIPS16e code */
        .half   0xe809                  /* RR function 01001: reserved */
        .end    m16_fault_ri

        .globl  m16_fault_extend_rr
        .align  2
        .ent    m16_fault_extend_rr
m16_fault_extend_rr:
        .insn                           /* the label is MIPS16e code */
        .half   0xf000, 0xe84c          /* EXTEND before AND: not extendable */
        .end    m16_fault_extend_rr

        .globl  m16_fault_ld
        .align  2
        .ent    m16_fault_ld
m16_fault_ld:
        .insn                           /* the label is MIPS16e code */
        .half   0x3c40                  /* LD (MIPS64 only): reserved */
        .end    m16_fault_ld

        .globl  m16_fault_jalx_slot
        .align  2
        .ent    m16_fault_jalx_slot
m16_fault_jalx_slot:
        save    32, $31
        li      $4, 3
        jalx    m32_double
        break   5                       /* delay slot of JALX: Bp, BD */
        restore 32, $31
        jr      $ra
        nop
        .end    m16_fault_jalx_slot

        .data
        .align  4
        .globl  m16_buf
m16_buf:
        .space  2048
        EXC_LOG_DATA
