/*
 * fw_vectors.S - interrupt vectors of the Power test firmware. IVPR points
 * at fw_vector_base (64 KiB aligned by the linker script) and IVORn at a
 * 32-byte stub that opens a frame (struct fw_frame in fw.h, after the
 * 16-byte ABI header), saves r3, puts n in r3 and branches to the save code
 * of the interrupt's class (Book E: Power ISA 2.06 Book III-E, "Interrupt
 * Classes"; e500 Core Reference Manual chapter 4):
 *   base class     SRR0/SRR1, rfi
 *   critical       CSRR0/CSRR1, rfci (critical input 0, watchdog 12, and the
 *                  debug interrupt 15 without a debug APU)
 *   debug APU      DSRR0/DSRR1, rfdi (debug interrupt 15 on the e200z7)
 *   machine check  MCSRR0/MCSRR1, rfmci (1)
 * The C handler (fw_irq.c) may change the saved pc, msr and registers.
 */
#define FRAME   208             /* 16 header + struct fw_frame (164), rounded */
#define F       16              /* struct fw_frame within the frame */
#define GPR(n)  (F + 4 * (n))
#define FCR     (F + 128)
#define FLR     (F + 132)
#define FCTR    (F + 136)
#define FXER    (F + 140)
#define FPC     (F + 144)
#define FMSR    (F + 148)
#define FESR    (F + 152)
#define FDEAR   (F + 156)
#define FIVOR   (F + 160)
#define FCLASS  (F + 164)       /* 0 base, 1 critical, 2 debug APU, 3 mcheck */

        .section .text.vectors, "ax"
        .globl  fw_vector_base
        .align  5
fw_vector_base:

.macro  stub n, class
        .align  5
        .globl  fw_ivor\n
fw_ivor\n:
        stwu    r1, -FRAME(r1)
        stw     r3, GPR(3)(r1)
        li      r3, \n
        b       save_\class
.endm
        stub    0, crit
        stub    1, mcheck
        stub    2, base
        stub    3, base
        stub    4, base
        stub    5, base
        stub    6, base
        stub    7, base
        stub    8, base
        stub    9, base
        stub    10, base
        stub    11, base
        stub    12, crit
        stub    13, base
        stub    14, base
        stub    15, debug
        stub    32, base
        stub    33, base
        stub    34, base
        stub    35, base

        .text
/* save_CLASS: r3 (IVOR) and r1 (frame) set by the stub; saves r4, the
 * class's SRR0/SRR1 into pc/msr, the class number, then the rest */
.macro  save class, n, srr0, srr1
save_\class:
        stw     r4, GPR(4)(r1)
        mfspr   r4, \srr0
        stw     r4, FPC(r1)
        mfspr   r4, \srr1
        stw     r4, FMSR(r1)
        li      r4, \n
        b       save_common
.endm
        save    base, 0, 26, 27         /* SRR0/SRR1 */
        save    crit, 1, 58, 59         /* CSRR0/CSRR1 */
        save    mcheck, 3, 570, 571     /* MCSRR0/MCSRR1 */
        save    dapu, 2, 574, 575       /* DSRR0/DSRR1 */
save_debug:
        stw     r4, GPR(4)(r1)
        lis     r4, fw_debug_uses_dsrr@ha
        lwz     r4, fw_debug_uses_dsrr@l(r4)
        cmpwi   r4, 0
        lwz     r4, GPR(4)(r1)
        beq     save_crit
        b       save_dapu
save_common:
        stw     r4, FCLASS(r1)
        stw     r3, FIVOR(r1)
        stw     r0, GPR(0)(r1)
        stw     r2, GPR(2)(r1)
        stmw    r5, GPR(5)(r1)
        addi    r4, r1, FRAME
        stw     r4, GPR(1)(r1)
        mfcr    r4
        stw     r4, FCR(r1)
        mflr    r4
        stw     r4, FLR(r1)
        mfctr   r4
        stw     r4, FCTR(r1)
        mfxer   r4
        stw     r4, FXER(r1)
        mfspr   r4, 62                  /* ESR */
        stw     r4, FESR(r1)
        mfspr   r4, 61                  /* DEAR */
        stw     r4, FDEAR(r1)
        addi    r3, r1, F
        bl      fw_dispatch
        lwz     r4, FCR(r1)
        mtcr    r4
        lwz     r4, FLR(r1)
        mtlr    r4
        lwz     r4, FCTR(r1)
        mtctr   r4
        lwz     r4, FXER(r1)
        mtxer   r4
        lwz     r0, GPR(0)(r1)
        lwz     r2, GPR(2)(r1)
        lmw     r5, GPR(5)(r1)
        lwz     r3, FCLASS(r1)
        cmpwi   r3, 1
        beq     ret_crit
        cmpwi   r3, 2
        beq     ret_dapu
        cmpwi   r3, 3
        beq     ret_mcheck
/* ret_CLASS: the saved pc/msr back into the class's SRR0/SRR1, r3, r4 and
 * r1 restored, then its return instruction */
.macro  ret class, srr0, srr1, rfx
ret_\class:
        lwz     r3, FPC(r1)
        mtspr   \srr0, r3
        lwz     r3, FMSR(r1)
        mtspr   \srr1, r3
        lwz     r3, GPR(3)(r1)
        lwz     r4, GPR(4)(r1)
        addi    r1, r1, FRAME
        \rfx
.endm
        ret     base, 26, 27, rfi
        ret     crit, 58, 59, rfci
        ret     dapu, 574, 575, rfdi
        ret     mcheck, 570, 571, rfmci

/* IVPR and IVOR0-15 (SPR 400-415), IVOR32-35 (SPR 528-531): Linux
 * arch/powerpc/include/asm/reg_booke.h. */
        .globl  fw_init_vectors
fw_init_vectors:
        lis     r3, fw_vector_base@h
        mtspr   63, r3                  /* IVPR: upper 16 bits */
.macro  setivor n, spr
        li      r3, (fw_ivor\n - fw_vector_base)
        mtspr   \spr, r3
.endm
        setivor 0, 400
        setivor 1, 401
        setivor 2, 402
        setivor 3, 403
        setivor 4, 404
        setivor 5, 405
        setivor 6, 406
        setivor 7, 407
        setivor 8, 408
        setivor 9, 409
        setivor 10, 410
        setivor 11, 411
        setivor 12, 412
        setivor 13, 413
        setivor 14, 414
        setivor 15, 415
        setivor 32, 528
        setivor 33, 529
        setivor 34, 530
        setivor 35, 531
        /* on the e200 family (PVR 0x81xxxxxx) enable the debug APU,
         * HID0[DAPUEN] (0x100, e200z7.md section 4): the debug interrupt
         * then saves its state in DSRR0/1 and returns with rfdi */
        mfspr   r3, 287
        srwi    r3, r3, 24
        xori    r3, r3, 0x81
        cntlzw  r3, r3
        srwi    r3, r3, 5
        lis     r4, fw_debug_uses_dsrr@ha
        stw     r3, fw_debug_uses_dsrr@l(r4)
        cmpwi   r3, 0
        beq     1f
        mfspr   r3, 1008
        ori     r3, r3, 0x100
        mtspr   1008, r3
1:      isync
        blr

        .data
        .globl  fw_debug_uses_dsrr
        .align  2
fw_debug_uses_dsrr:
        .word   0
