/*
 * cp0.h - MIPS32 Release 2 coprocessor 0 access and the bits the port uses.
 *
 * Sources: MIPS32 Architecture for Programmers Vol. III (MD00090), "CP0
 * Registers"; cross-checked against Linux arch/mips/include/asm/mipsregs.h.
 */
#ifndef PMUSTUB_MIPS_CP0_H
#define PMUSTUB_MIPS_CP0_H

#include <stdint.h>

/* A function that reaches coprocessor 0 or 1, or a cache, by inline
 * assembly is MIPS32 code even where the stub is built as MIPS16e (a stub
 * for cores with that ASE, stub/CMakeLists.txt): MIPS16e has no
 * MFC0/MTC0/CACHE/SYNC/RDHWR (MD00076, "MIPS16e instruction set"), and GCC
 * neither inlines such a function into MIPS16e code nor the reverse. */
#define MIPS_CODE32 __attribute__((nomips16))

#define CP0_READ(reg, sel)                                                  \
    ({                                                                      \
        uint32_t v_;                                                        \
        __asm__ volatile("mfc0 %0, $" #reg ", " #sel : "=r"(v_));           \
        v_;                                                                 \
    })
/* ehb clears the execution hazard a following mfc0/instruction would see
 * (MD00090 "CP0 Hazards"; the 34K note, section 4.1, does the same). */
#define CP0_WRITE(reg, sel, val)                                            \
    __asm__ volatile("mtc0 %0, $" #reg ", " #sel "\n\tehb" : : "r"(val)     \
                     : "memory")

/* PMUSTUB_CTRLC_POLL: GDB's Ctrl-C by polling from the CP0 timer is
 * built in (the default, interrupt.c); a board whose debug UART always has
 * its receive interrupt (board.cmake PMUSTUB_BOARD_CTRLC rx_irq: Malta)
 * builds without it, and never polls (nor reads Compare). */
#ifndef PMUSTUB_CTRLC_POLL
#define PMUSTUB_CTRLC_POLL 1
#endif

/* cp0_access.c: the registers read and written outside the fast paths. */
MIPS_CODE32 uint32_t mips_cp0_count(void);
MIPS_CODE32 uint32_t mips_cp0_compare(void);
MIPS_CODE32 void mips_cp0_set_compare(uint32_t v);
MIPS_CODE32 uint32_t mips_cp0_status(void);
MIPS_CODE32 void mips_cp0_set_status(uint32_t v);
MIPS_CODE32 uint32_t mips_cp0_intctl(void);
MIPS_CODE32 uint32_t mips_cp0_cause(void);
MIPS_CODE32 uint32_t mips_cp0_prid(void);
MIPS_CODE32 uint32_t mips_cp0_config1(void);
/* PerfCtl n (select 2n) and PerfCnt n (2n + 1), sel 0..7 (cp0_25.S). */
uint32_t mips_cp0_25_read(unsigned sel);
void mips_cp0_25_write(unsigned sel, uint32_t v);
/* SYNC: stores done before what follows (MD00086 SYNC), e.g. an
 * instruction written to memory before it is fetched. */
MIPS_CODE32 void mips_sync(void);

/* Status (12,0): mipsregs.h ST0_IE 1<<0, ST0_EXL 1<<1, ST0_ERL 1<<2,
 * ST0_CU1 1<<29. */
#define ST_EXL (1u << 1)
#define ST_ERL (1u << 2)
#define ST_CU1 (1u << 29)

/* Status.IM7 (bit 15) unmasks interrupt line 7; MD00090 Status IM7..2. */
#define ST_IE (1u << 0)
#define ST_IM_ALL (0xffu << 8)

/* Cause (13,0): ExcCode is bits 6:2 (mipsregs.h CAUSEF_EXCCODE 31<<2);
 * TI (bit 30) = timer interrupt pending, Release 2 (mipsregs.h CAUSEF_TI). */
#define CAUSE_TI (1u << 30)
#define CAUSE_EXCCODE(c) (((c) >> 2) & 31)

/* Config1 (16,1): FP bit 0 = FPU implemented, PC bit 4 = performance
 * counters implemented (MD00090 Config1; mipsregs.h MIPS_CONF1_FP 1<<0,
 * MIPS_CONF1_PC 1<<4). */
#define CONF1_FP (1u << 0)
#define CONF1_PC (1u << 4)

#endif
