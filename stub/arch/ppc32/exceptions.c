/*
 * exceptions.c - what each Book E interrupt means to GDB. Plain C (host
 * unit tests).
 *
 * Interrupts by IVOR number (Power ISA Book E "Interrupt Definitions";
 * e200z7 RM Figure 2-1 lists IVOR0-15 and 32-35); signals as Linux
 * delivers them for the same interrupts (arch/powerpc/kernel/traps.c and
 * mm/fault.c: alignment SIGBUS, storage and TLB errors SIGSEGV, machine
 * check SIGBUS, SPE/EFPU data and round SIGFPE). A unit that is not
 * available (FPU, auxiliary processor, SPE), which Linux would turn on or
 * emulate, is SIGILL: the program ran an instruction the core will not run
 * for it.
 */
#include "booke.h"
#include "ppc_port.h"

#define PROGRAM_VECTOR 6

static const uint8_t vector_signal[36] = {
    [0] = STUB_SIGINT,   /* critical input */
    [1] = STUB_SIGBUS,   /* machine check */
    [2] = STUB_SIGSEGV,  /* data storage */
    [3] = STUB_SIGSEGV,  /* instruction storage */
    [4] = STUB_SIGINT,   /* external input */
    [5] = STUB_SIGBUS,   /* alignment */
    [6] = STUB_SIGILL,   /* program: see ESR below */
    [7] = STUB_SIGILL,   /* floating-point unavailable */
    [8] = STUB_SIGSYS,   /* system call */
    [9] = STUB_SIGILL,   /* auxiliary processor unavailable */
    [10] = STUB_SIGINT,  /* decrementer */
    [11] = STUB_SIGINT,  /* fixed-interval timer */
    [12] = STUB_SIGINT,  /* watchdog */
    [13] = STUB_SIGSEGV, /* data TLB error */
    [14] = STUB_SIGSEGV, /* instruction TLB error */
    [15] = STUB_SIGTRAP, /* debug */
    [32] = STUB_SIGILL,  /* SPE/EFPU unavailable */
    [33] = STUB_SIGFPE,  /* EFPU data */
    [34] = STUB_SIGFPE,  /* EFPU round */
    [35] = STUB_SIGINT,  /* performance monitor */
};

int ppc_stop_signal(unsigned vector, uint32_t esr)
{
    if (vector == PROGRAM_VECTOR) {
        /* ESR says which program exception (e200z7 RM Table 2-6); illegal,
         * privileged and unimplemented are SIGILL. */
        if (esr & ESR_PTR)
            return STUB_SIGTRAP;
        if (esr & ESR_FP)
            return STUB_SIGFPE;
        return STUB_SIGILL;
    }
    if (vector >= sizeof vector_signal || !vector_signal[vector])
        return STUB_SIGTRAP; /* no such interrupt: still a stop */
    return vector_signal[vector];
}

/* XL-form, primary opcode 19: rfi XO 50, rfci 51, rfdi 39, rfmci 38
 * (binutils opcodes/ppc-opc.c; rfi = 0x4c000064). */
int ppc_is_return_insn(uint32_t insn)
{
    static const uint8_t xo[] = {50, 51, 39, 38};

    for (unsigned i = 0; i < sizeof xo; i++)
        if (insn == (0x4c000000u | (uint32_t)xo[i] << 1))
            return 1;
    return 0;
}
