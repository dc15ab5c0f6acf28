/* fw.h - what every Power differential-test firmware provides and may use.
 * The workloads shared with the MIPS firmware (mergesort.c, crc32.c,
 * matmul.c) use only setup/work/report and the fw_put* functions, which have
 * the same names on both. */
#ifndef VBOARD_PPC_FW_H
#define VBOARD_PPC_FW_H

#include <stdint.h>

/* SPR numbers, MSR/ESR/TCR/TSR/DBCR0/DBSR bits: the simulator's own table
 * of them (vboard/ppc/ppc_regs.h, with its sources), shared so that the
 * firmware and the machine cannot disagree on a number. */
#include "ppc_regs.h"

/* Provided by each workload (called by crt0.S). */
void setup(void);
void work(void);
void report(void);

/* fw_uart.c (tests/firmware/common/): polled output on the ppce500's
 * first 16550, CCSR + 0x4500 (QEMU 7.2 hw/ppc/e500.c
 * MPC8544_SERIAL0_REGS_OFFSET; registers one byte apart, serial_mm_init
 * with regshift 0), the CCSR mapped at FW_CCSR_VA by crt0.S. */
#define FW_CCSR_VA 0xe0000000u
#define FW_UART (FW_CCSR_VA + 0x4500u)
void fw_putc(char ch);
void fw_puts(const char *s);
void fw_hex(uint32_t v);
void fw_dec(uint32_t v);
void fw_kv(const char *key, uint32_t v); /* "key=0x........\n" */

/* The registers QEMU's ppce500 -kernel loader leaves, saved by crt0.S. */
enum { BOOT_R1, BOOT_R3, BOOT_R4, BOOT_R5, BOOT_R6, BOOT_R7, BOOT_R8,
       BOOT_R9, BOOT_MSR, BOOT_LR, BOOT_N };
extern uint32_t boot_regs[BOOT_N];

/* Interrupts (fw_vectors.S, fw_irq.c). Every IVOR points at a stub that
 * saves the interrupted context in a struct fw_frame on the stack and calls
 * the handler installed for it; what the handler leaves in the frame is
 * restored (pc/msr through SRR0/1, CSRR0/1 or DSRR0/1 as the class uses). */
struct fw_frame {
    uint32_t gpr[32];
    uint32_t cr, lr, ctr, xer;
    uint32_t pc, msr;     /* xSRR0, xSRR1 of the interrupt's class */
    uint32_t esr, dear;
    uint32_t ivor;        /* which IVOR was taken (0-15, 32-35) */
};
typedef void (*fw_handler)(struct fw_frame *f);
/* Installs h for IVOR n (0..15, 32..35); NULL restores the default, which
 * prints the interrupt and ends the run. */
void fw_set_handler(unsigned n, fw_handler h);
/* Whether the debug interrupt saves into DSRR0/1 (e200z7 with its debug APU)
 * or CSRR0/1 (e500v2; QEMU writes both). */
extern uint32_t fw_debug_uses_dsrr;

/* Reset the board through the GUTS RSTCR (ends the run with -no-reboot). */
void fw_exit(void) __attribute__((noreturn));

/* SPR access by number (the number must be a constant). */
#define MFSPR(n) ({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n)); v_; })
#define MTSPR(n, v) __asm__ volatile("mtspr %0, %1" : : "i"(n), "r"((uint32_t)(v)) : "memory")
#define MFMSR() ({ uint32_t v_; __asm__ volatile("mfmsr %0" : "=r"(v_)); v_; })
#define MTMSR(v) __asm__ volatile("mtmsr %0\n\tisync" : : "r"((uint32_t)(v)) : "memory")


/* Writes TLB1 entry esel: va -> 36-bit pa, size 4^tsize4 KiB (e500v2
 * encoding, which is also the e200's 5-bit TSIZE with its low bit 0),
 * MAS2 attribute bits wimge, MAS3 permission bits perm. */
void fw_tlb1_write(unsigned esel, uint32_t va, uint64_t pa, unsigned tsize4,
                   uint32_t wimge, uint32_t perm);

#endif
