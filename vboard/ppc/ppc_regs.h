/*
 * ppc_regs.h - Book E register numbers and bit layouts that vboard's Power
 * machine relies on. Masks are C values (IBM bit 0 is the MSB).
 *
 * Sources, each fact confirmed in at least two:
 *  [BOOKE] Power ISA 2.06 Book III-E / the e500 Core Reference Manual
 *          (E500CORERM) "Register Model", as quoted in
 *  [LNX]   Linux arch/powerpc/include/asm/reg_booke.h (SPR numbers, MSR,
 *          ESR, DBCR0, DBSR, TCR, TSR), mmu-book3e.h (MAS0-MAS7),
 *          reg_fsl_emb.h (PMRs);
 *  [FBSD]  FreeBSD sys/powerpc/include/tlb.h (e500 MAS field widths:
 *          TSIZE 4 bits at 0x0F00, TID 8 bits, ESEL/NV widths);
 *  [QEMU]  QEMU 7.2 target/ppc (cpu.h MAS/ESR/TSR constants, cpu_init.c
 *          e500v2 SPRs), and measurements of qemu-system-ppc 7.2 itself.
 */
#ifndef VBOARD_PPC_REGS_H
#define VBOARD_PPC_REGS_H

/* ---- SPR numbers [LNX reg_booke.h, reg.h] -------------------------------- */
enum ppc_spr {
    SPR_XER = 1, SPR_LR = 8, SPR_CTR = 9, SPR_DEC = 22, SPR_SRR0 = 26,
    SPR_SRR1 = 27, SPR_PID = 48, SPR_DECAR = 54, SPR_CSRR0 = 58,
    SPR_CSRR1 = 59, SPR_DEAR = 61, SPR_ESR = 62, SPR_IVPR = 63,
    SPR_USPRG0 = 256, SPR_SPRG3R = 259, SPR_SPRG4R = 260, SPR_SPRG7R = 263,
    SPR_TBL_R = 268, SPR_TBU_R = 269, SPR_SPRG0 = 272, SPR_SPRG7 = 279,
    SPR_TBL_W = 284, SPR_TBU_W = 285, SPR_PIR = 286, SPR_PVR = 287,
    SPR_DBSR = 304, SPR_DBCR0 = 308, SPR_DBCR1 = 309, SPR_DBCR2 = 310,
    SPR_IAC1 = 312, SPR_IAC2 = 313, SPR_DAC1 = 316, SPR_DAC2 = 317,
    SPR_TSR = 336, SPR_TCR = 340, SPR_IVOR0 = 400, SPR_IVOR15 = 415,
    SPR_SPEFSCR = 512,
    SPR_IVOR32 = 528, SPR_IVOR35 = 531, SPR_MCSRR0 = 570, SPR_MCSRR1 = 571,
    SPR_MCSR = 572, SPR_MCAR = 573, SPR_DSRR0 = 574, SPR_DSRR1 = 575,
    SPR_MAS0 = 624, SPR_MAS1 = 625, SPR_MAS2 = 626, SPR_MAS3 = 627,
    SPR_MAS4 = 628, SPR_MAS6 = 630, SPR_PID1 = 633, SPR_PID2 = 634,
    SPR_TLB0CFG = 688, SPR_TLB1CFG = 689, SPR_MAS7 = 944,
    SPR_HID0 = 1008, SPR_HID1 = 1009, SPR_L1CSR0 = 1010, SPR_L1CSR1 = 1011,
    SPR_MMUCSR0 = 1012, SPR_BUCSR = 1013, SPR_MMUCFG = 1015, SPR_SVR = 1023,
};
/* mfspr/mtspr of an SPR whose number has bit 4 (value 16, "spr[5]" in the
 * swapped encoding) set is privileged [BOOKE "mfspr"; QEMU translate.c
 * gen_mfspr checks the same bit]. */
#define SPR_IS_PRIVILEGED(n) (((n) & 0x10u) != 0)

/* ---- MSR [LNX reg.h/reg_booke.h; e200z7.md section 4] -------------------- */
#define MSR_SPV  0x02000000u /* SPE available (MSR_SPE) */
#define MSR_WE   0x00040000u /* wait state enable */
#define MSR_CE   0x00020000u /* critical interrupt enable */
#define MSR_EE   0x00008000u /* external interrupt enable */
#define MSR_PR   0x00004000u /* problem (user) state */
#define MSR_FP   0x00002000u
#define MSR_ME   0x00001000u /* machine check enable */
#define MSR_FE0  0x00000800u
#define MSR_DE   0x00000200u /* debug interrupt enable */
#define MSR_FE1  0x00000100u
#define MSR_IS   0x00000020u /* instruction address space */
#define MSR_DS   0x00000010u /* data address space */
#define MSR_PMM  0x00000004u /* performance monitor mark */
/* Bits that exist on the e500v2/e200z7 (the rest read 0): also UCLE
 * 0x04000000 (user cache locking). */
#define MSR_UCLE 0x04000000u
#define MSR_WMASK (MSR_UCLE | MSR_SPV | MSR_WE | MSR_CE | MSR_EE | MSR_PR | \
                   MSR_FP | MSR_ME | MSR_FE0 | MSR_DE | MSR_FE1 | MSR_IS | \
                   MSR_DS | MSR_PMM)

/* ---- XER and CR -------------------------------------------------------- */
#define XER_SO 0x80000000u
#define XER_OV 0x40000000u
#define XER_CA 0x20000000u
#define XER_BC 0x0000007fu /* byte count (lswx/stswx) */
#define CR_LT 8u
#define CR_GT 4u
#define CR_EQ 2u
#define CR_SO 1u

/* ---- ESR [LNX reg_booke.h "Bit definitions related to the ESR"] -------- */
#define ESR_PIL 0x08000000u /* program: illegal instruction */
#define ESR_PPR 0x04000000u /* program: privileged instruction */
#define ESR_PTR 0x02000000u /* program: trap */
#define ESR_FP  0x01000000u
#define ESR_ST  0x00800000u /* storage/TLB/alignment: the access was a store */
#define ESR_PUO 0x00040000u /* unimplemented operation */
#define ESR_SPV 0x00000080u /* SPE/EFPU operation */
/* e200z7 RM Figure 7-1 (mpc5674f_vle.md section 3): BO = a byte-ordering
 * or VLE page-attribute fault on fetch, VLEMI = the instruction that
 * caused the exception is VLE, MIF = misaligned instruction fetch (an odd
 * halfword in a Book E page, or the second half of a VLE instruction) */
#define ESR_BO    0x00020000u
#define ESR_VLEMI 0x00000020u
#define ESR_MIF   0x00000002u

/* ---- Interrupt vector offset numbers [BOOKE; LNX SPRN_IVORn] ----------- */
enum ppc_ivor {
    IVOR_CRITICAL = 0, IVOR_MCHECK = 1, IVOR_DSI = 2, IVOR_ISI = 3,
    IVOR_EXTERNAL = 4, IVOR_ALIGN = 5, IVOR_PROGRAM = 6, IVOR_FPU = 7,
    IVOR_SYSCALL = 8, IVOR_APU = 9, IVOR_DEC = 10, IVOR_FIT = 11,
    IVOR_WDT = 12, IVOR_DTLB = 13, IVOR_ITLB = 14, IVOR_DEBUG = 15,
    IVOR_SPE = 32, IVOR_SPE_FPDATA = 33, IVOR_SPE_FPROUND = 34,
    IVOR_PERFMON = 35,
};
#define IVPR_MASK 0xffff0000u /* upper 16 bits */
#define IVOR_MASK 0x0000fff0u /* quadword offset */

/* ---- Timers [LNX reg_booke.h TCR/TSR] ----------------------------------- */
#define TCR_WP   0xc0000000u
#define TCR_WRC  0x30000000u
#define TCR_WIE  0x08000000u
#define TCR_DIE  0x04000000u
#define TCR_FP   0x03000000u
#define TCR_FIE  0x00800000u
#define TCR_ARE  0x00400000u
#define TSR_ENW  0x80000000u
#define TSR_WIS  0x40000000u
#define TSR_WRS  0x30000000u
#define TSR_DIS  0x08000000u
#define TSR_FIS  0x04000000u

/* ---- Debug [LNX reg_booke.h, CONFIG_BOOKE; e200z7.md section 4] -------- */
#define DBCR0_EDM  0x80000000u
#define DBCR0_IDM  0x40000000u
#define DBCR0_RST  0x30000000u
#define DBCR0_ICMP 0x08000000u
#define DBCR0_BRT  0x04000000u
#define DBCR0_IRPT 0x02000000u
#define DBCR0_TRAP 0x01000000u
/* DBSR: the event bits sit where DBCR0 enables them [LNX DBSR_IC 0x08000000,
 * DBSR_TIE 0x01000000]; IDE (imprecise debug event) is bit 0 and MRR
 * (most recent reset) bits 2-3 [BOOKE "Debug Status Register"]. */
#define DBSR_IDE   0x80000000u
#define DBSR_MRR   0x30000000u
#define DBSR_IC    0x08000000u
#define DBSR_TIE   0x01000000u
/* e200z7: the event was caused by a VLE instruction; records, never
 * interrupts [e200z7 RM Figure 13-11; mpc5674f_vle.md section 3] */
#define DBSR_VLES  0x00000010u
/* the events vboard raises: instruction complete and trap */
#define DBSR_EVENTS (DBSR_IC | DBSR_TIE)

/* ---- MMU assist registers [LNX mmu-book3e.h; FBSD tlb.h for e500 widths] */
#define MAS0_TLBSEL_SHIFT 28
#define MAS0_TLBSEL       0x30000000u
#define MAS0_ESEL_SHIFT   16
#define MAS0_ESEL         0x0fff0000u
#define MAS0_NV           0x00000fffu
#define MAS1_VALID        0x80000000u
#define MAS1_IPROT        0x40000000u
#define MAS1_TID_SHIFT    16
#define MAS1_TID          0x3fff0000u
#define MAS1_TS           0x00001000u
#define MAS1_TSIZE_SHIFT  7          /* page = 1 KiB << TSIZE (5-bit form); */
#define MAS1_TSIZE        0x00000f80u /* the e500v2's 4-bit n at 0x0F00 is 2n */
#define MAS2_EPN          0xfffff000u
#define MAS2_WIMGE        0x0000001fu
#define MAS2_X0X1         0x00000060u
#define MAS2_VLE          0x00000020u /* e200: the page holds VLE code */
#define MAS2_I            0x00000008u
#define MAS2_G            0x00000002u
#define MAS2_E            0x00000001u
#define MAS3_RPN          0xfffff000u
#define MAS3_U0U3         0x000003c0u
#define MAS3_UX           0x00000020u
#define MAS3_SX           0x00000010u
#define MAS3_UW           0x00000008u
#define MAS3_SW           0x00000004u
#define MAS3_UR           0x00000002u
#define MAS3_SR           0x00000001u
#define MAS4_TLBSELD      0x30000000u
#define MAS4_TIDSELD      0x00030000u
#define MAS4_TSIZED       0x00000f80u
#define MAS4_DEFAULTS     0x0000007fu /* X0D X1D WD ID MD GD ED */
#define MAS6_SPID_SHIFT   16
#define MAS6_SPID         0x3fff0000u
#define MAS6_SAS          0x00000001u
#define MAS7_RPN_HI       0x0000000fu /* physical address bits 35:32 */
/* MMUCSR0 flash invalidate [LNX reg_booke.h/mmu-book3e.h MMUCSR0_TLBnFI] */
#define MMUCSR0_TLB0FI    0x00000004u
#define MMUCSR0_TLB1FI    0x00000002u

/* ---- HID0 power management [LNX reg.h HID0_DOZE/NAP/SLEEP, e500] ------- */
#define HID0_DOZE  0x00800000u
#define HID0_NAP   0x00400000u
#define HID0_SLEEP 0x00200000u

#endif
