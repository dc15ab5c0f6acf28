/*
 * fpu.c - the FPU registers, saved into the context only where Config1.FP
 * says an FPU exists. 32-bit FPRs (Status.FR = 0), as GDB's 32-bit MIPS
 * fpu feature describes them. FIR is CP1 control register 0, FCSR is 31
 * (MD00086 CFC1; Linux mipsregs.h).
 */
#include "mips_port.h"

int mips_has_fpu;

/* Debian's compiler defaults to -mfpxx, which forbids naming odd singles;
 * with FR = 0 they are simply the odd 32-bit halves, hence oddspreg. Each
 * goes straight between its FPR and the context (SWC1/LWC1, MD00086). */
#define FPR_SAVE(n) __asm__ volatile(".set push\n\t.set oddspreg\n\t"       \
    "swc1 $f" #n ", " #n "*4(%0)\n\t.set pop" : : "r"(f) : "memory")
#define FPR_LOAD(n) __asm__ volatile(".set push\n\t.set oddspreg\n\t"       \
    "lwc1 $f" #n ", " #n "*4(%0)\n\t.set pop" : : "r"(f) : "memory")
#define FPR_ALL(X) X(0); X(1); X(2); X(3); X(4); X(5); X(6); X(7); X(8); X(9); \
    X(10); X(11); X(12); X(13); X(14); X(15); X(16); X(17); X(18); X(19);     \
    X(20); X(21); X(22); X(23); X(24); X(25); X(26); X(27); X(28); X(29);     \
    X(30); X(31)

/* Config1.FP says an FPU is implemented. */
int mips_fpu_present(void)
{
    return (mips_cp0_config1() & CONF1_FP) != 0;
}

/* CP1 must be usable while the stub touches it, whatever the program's
 * Status.CU1; the saved Status is restored on the way out anyway. */
static void cu1_on(void)
{
    mips_cp0_set_status(mips_cp0_status() | ST_CU1);
}

MIPS_CODE32 void mips_fpu_save(void)
{
    if (!mips_has_fpu)
        return;
    uint32_t *f = &mips_ctx[CTX_F0];
    cu1_on();
    FPR_ALL(FPR_SAVE);
    __asm__ volatile("cfc1 %0, $31" : "=r"(mips_ctx[CTX_FCSR]));
    __asm__ volatile("cfc1 %0, $0" : "=r"(mips_ctx[CTX_FIR]));
}

MIPS_CODE32 void mips_fpu_restore(void)
{
    if (!mips_has_fpu)
        return;
    uint32_t *f = &mips_ctx[CTX_F0];
    cu1_on();
    FPR_ALL(FPR_LOAD);
    __asm__ volatile("ctc1 %0, $31" : : "r"(mips_ctx[CTX_FCSR]));
}
