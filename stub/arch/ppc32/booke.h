/*
 * booke.h - 32-bit Power ISA Book E: the special-purpose registers and bits
 * the port uses, for C and assembly.
 *
 * SPR numbers: Linux arch/powerpc/include/asm/reg_booke.h (SPRN_*), checked
 * against the e200z7 Core Reference Manual Rev. 2, Figure 2-1 (the register
 * model with SPR numbers). Bit masks are given for the 32-bit register, MSB
 * = IBM bit 0 (bit 32 in the manuals' 64-bit numbering).
 */
#ifndef PMUSTUB_PPC_BOOKE_H
#define PMUSTUB_PPC_BOOKE_H

#define SPR_XER 1
#define SPR_LR 8
#define SPR_CTR 9
#define SPR_DEC 22
#define SPR_PID 48
#define SPR_SRR0 26
#define SPR_SRR1 27
#define SPR_CSRR0 58
#define SPR_CSRR1 59
#define SPR_DEAR 61
#define SPR_ESR 62
#define SPR_IVPR 63
#define SPR_SPRG0 272
#define SPR_SPRG1 273
#define SPR_SPRG2 274
#define SPR_PVR 287
#define SPR_DBSR 304
#define SPR_DBCR0 308
#define SPR_TSR 336
#define SPR_TCR 340
#define SPR_IVOR0 400 /* IVOR0-15 are SPRs 400-415 */
#define SPR_IVOR32 528 /* IVOR32-35 are SPRs 528-531 */
#define SPR_MCSRR0 570
#define SPR_MCSRR1 571
#define SPR_DSRR0 574
#define SPR_DSRR1 575
#define SPR_MAS0 624
#define SPR_MAS1 625
#define SPR_MAS2 626
#define SPR_MAS3 627
#define SPR_MAS6 630
#define SPR_MAS7 944
#define SPR_HID0 1008

/* MSR (reg_booke.h MSR_*; e200z7 RM 2.4.1). */
#define MSR_DE 0x00000200  /* debug interrupts enabled */
#define MSR_ME 0x00001000  /* machine check enabled */
#define MSR_PR 0x00004000  /* user mode */
#define MSR_EE 0x00008000  /* external, decrementer, FIT interrupts */
#define MSR_CE 0x00020000  /* critical input and watchdog interrupts */
#define MSR_WE 0x00040000  /* wait state (power management) */
#define MSR_PMM 0x00000004 /* performance monitor mark (e200z7 RM 2.4.1) */

/* ESR, what the program interrupt saw (e200z7 RM Table 2-6; reg_booke.h). */
#define ESR_PIL 0x08000000 /* illegal instruction */
#define ESR_PPR 0x04000000 /* privileged instruction */
#define ESR_PTR 0x02000000 /* trap */
#define ESR_FP 0x01000000  /* floating-point operation */
#define ESR_PUO 0x00040000 /* unimplemented operation */
#define ESR_VLEMI 0x00000020 /* the instruction was VLE (e200z7 RM Fig. 7-1) */

/* DBCR0 and DBSR share the event positions (e200z7 RM ch. 13; reg_booke.h
 * DBCR0_IDM, DBCR0_ICMP, DBSR_IC). */
#define DBCR0_IDM 0x40000000  /* internal debug mode: events interrupt */
#define DBCR0_ICMP 0x08000000 /* instruction complete event */
#define DBSR_IC 0x08000000

/* TCR / TSR (e200z7 RM Tables 2-8 and 2-9; reg_booke.h TCR_DIE, TSR_DIS). */
#define TCR_DIE 0x04000000 /* decrementer interrupt enable */
#define TSR_DIS 0x08000000 /* decrementer interrupt status, write 1 clears */

/* HID0 of the e200z7 (e200z7 RM Table 2-10; Linux reg.h HID0_DAPUEN 1<<8,
 * set for every e200 by Linux's __setup_cpu_e200). */
#define HID0_TBEN 0x00004000    /* time base (and decrementer) runs */
#define HID0_DCLREE 0x00001000  /* debug interrupt clears MSR[EE] */
#define HID0_DCLRCE 0x00000800  /* debug interrupt clears MSR[CE] */
#define HID0_CICLRDE 0x00000400 /* critical interrupt clears MSR[DE] */
#define HID0_MCCLRDE 0x00000200 /* machine check clears MSR[DE] */
#define HID0_DAPUEN 0x00000100  /* debug interrupt uses DSRR0/1 and rfdi */

/* PMGC0 and PMLCa (e200z7 RM 8.3.1 and 8.3.3; Linux reg_fsl_emb.h
 * PMGC0_FAC, PMGC0_PMIE, PMLCA_CE). PMR 400 is PMGC0 (RM Table 8-1). */
#define PMR_PMGC0 400
#define PMGC0_FAC 0x80000000  /* freeze all counters */
#define PMGC0_PMIE 0x40000000 /* performance-monitor interrupt enable */
#define PMLCA_CE 0x04000000   /* the counter's MSB is an enabled condition */
#define PMLCA_FCM1 0x10000000 /* freeze while MSR[PMM] = 1 (RM 8.3.3) */
#define PMLCA_FCM0 0x08000000 /* freeze while MSR[PMM] = 0 (RM 8.3.3) */

#ifndef __ASSEMBLER__
#include <stdint.h>

#define SPR_READ(n)                                                         \
    ({                                                                      \
        uint32_t v_;                                                        \
        __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n));               \
        v_;                                                                 \
    })
/* isync: a context-synchronising instruction after writes to the debug and
 * interrupt control registers (e200z7 RM 13: "isync after mtspr DBCR*"). */
#define SPR_WRITE(n, val)                                                   \
    __asm__ volatile("mtspr %0, %1\n\tisync" : : "i"(n), "r"(val) : "memory")
#endif

#endif
