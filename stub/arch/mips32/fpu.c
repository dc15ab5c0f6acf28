/*
 * fpu.c - the FPU registers, saved into the context only where Config1.FP
 * says an FPU exists. 32-bit FPRs (Status.FR = 0), as GDB's 32-bit MIPS
 * fpu feature describes them. FIR is CP1 control register 0, FCSR is 31
 * (MD00086 CFC1; Linux mipsregs.h).
 */
#include "mips_port.h"

int mips_has_fpu;

/* Debian's compiler defaults to -mfpxx, which forbids naming odd singles;
 * with FR = 0 they are simply the odd 32-bit halves, hence oddspreg. */
#define FPR_SAVE(n) __asm__ volatile(".set push\n\t.set oddspreg\n\t"       \
    "mfc1 %0, $f" #n "\n\t.set pop" : "=r"(mips_ctx[CTX_F0 + n]))
#define FPR_LOAD(n) __asm__ volatile(".set push\n\t.set oddspreg\n\t"       \
    "mtc1 %0, $f" #n "\n\t.set pop" : : "r"(mips_ctx[CTX_F0 + n]))
#define FPR_ALL(X) X(0); X(1); X(2); X(3); X(4); X(5); X(6); X(7); X(8); X(9); \
    X(10); X(11); X(12); X(13); X(14); X(15); X(16); X(17); X(18); X(19);     \
    X(20); X(21); X(22); X(23); X(24); X(25); X(26); X(27); X(28); X(29);     \
    X(30); X(31)

/* CP1 must be usable while the stub touches it, whatever the program's
 * Status.CU1; the saved Status is restored on the way out anyway. */
static void cu1_on(void)
{
    CP0_WRITE(12, 0, CP0_READ(12, 0) | ST_CU1);
}

void mips_fpu_save(void)
{
    if (!mips_has_fpu)
        return;
    cu1_on();
    FPR_ALL(FPR_SAVE);
    __asm__ volatile("cfc1 %0, $31" : "=r"(mips_ctx[CTX_FCSR]));
    __asm__ volatile("cfc1 %0, $0" : "=r"(mips_ctx[CTX_FIR]));
}

void mips_fpu_restore(void)
{
    if (!mips_has_fpu)
        return;
    cu1_on();
    FPR_ALL(FPR_LOAD);
    __asm__ volatile("ctc1 %0, $31" : : "r"(mips_ctx[CTX_FCSR]));
}
