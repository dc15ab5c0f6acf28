/*
 * ppc_internal.h - what the parts of the Power interpreter call in each
 * other: interrupts and MSR changes (ppc_irq.c), timers (ppc_timer.c),
 * the slow memory paths (ppc_mem.c) and the system instructions
 * (ppc_sys.c). Not for the board or main loop (ppc_cpu.h is).
 */
#ifndef VBOARD_PPC_INTERNAL_H
#define VBOARD_PPC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ppc_cpu.h"

/* ---- ppc_irq.c ------------------------------------------------------------ */
/* Takes interrupt ivor now; the return address saved is return_pc. */
void ppc_take(struct ppc_cpu *c, unsigned ivor, uint32_t return_pc);
/* A synchronous interrupt caused by the instruction at c->pc, which does
 * not complete: ESR gets esr (for the interrupts that set it). */
void ppc_fault(struct ppc_cpu *c, unsigned ivor, uint32_t esr);
/* Data storage, data TLB error and alignment interrupts: DEAR = ea,
 * ESR[ST] for stores. */
void ppc_data_fault(struct ppc_cpu *c, unsigned ivor, uint32_t ea, bool store);
/* MSR write (mtmsr, wrtee, rfi...): counters, translations, idle state. */
void ppc_set_msr(struct ppc_cpu *c, uint32_t msr);
/* rfi (0), rfci (1), rfdi (2), rfmci (3). */
void ppc_return(struct ppc_cpu *c, unsigned kind);

/* ---- ppc_timer.c ------------------------------------------------------------ */
uint64_t ppc_tb_ticks(const struct ppc_cpu *c);
uint64_t ppc_tb_read(const struct ppc_cpu *c);
void ppc_tb_write(struct ppc_cpu *c, bool upper, uint32_t v);
uint32_t ppc_dec_read(const struct ppc_cpu *c);
void ppc_dec_write(struct ppc_cpu *c, uint32_t v);
/* The tick at which DEC next reaches 0, or UINT64_MAX. */
uint64_t ppc_dec_expiry(const struct ppc_cpu *c);

/* ---- ppc_mem.c ---------------------------------------------------------------- */
/* Loads/stores the fast paths (ppc_mem.h) do not serve: misaligned, page
 * crossing, uncached, devices, and translation misses or faults, which
 * raise their interrupt for the instruction at c->pc and return false. */
bool ppc_load_slow(struct ppc_cpu *c, uint32_t ea, unsigned size, uint32_t *v);
bool ppc_store_slow(struct ppc_cpu *c, uint32_t ea, unsigned size, uint32_t v);
/* Translates ea for a cache-management instruction (dcbf, dcbz...) as a
 * load or store would, raising the same faults; *pa on success. */
bool ppc_translate_data(struct ppc_cpu *c, uint32_t ea, bool store, uint64_t *pa);
/* The decoded page and RAM behind pc for execution; NULL after raising the
 * instruction TLB error, instruction storage or machine check interrupt. */
struct ppc_fetch {
    struct ppc_dinsn *code;
    const uint8_t *host;
    uint64_t pa;
    bool cached;
    bool vle;            /* a VLE page (e200z7 MAS2[VLE]) */
};
bool ppc_fetch_page(struct ppc_cpu *c, uint32_t pc, struct ppc_fetch *f);
/* The second halfword of the 32-bit VLE instruction at pc, the last
 * halfword of its page: false after raising the instruction TLB error or
 * instruction storage interrupt for the instruction (SRR0 = pc). */
bool ppc_fetch_half2(struct ppc_cpu *c, uint32_t pc, uint32_t *lo);
/* The Book E instruction word at pc as a fetch would see it, without a
 * fault or an event: false if pc does not translate to RAM for execution
 * or is in a VLE page. */
bool ppc_peek_insn(struct ppc_cpu *c, uint32_t pc, uint32_t *word);
/* A store touched RAM [pa, pa + size): decoded instructions there go. */
void ppc_code_written_slow(struct ppc_cpu *c, uint64_t pa, unsigned size);

/* ---- ppc_sys.c ------------------------------------------------------------- */
/* Executes the instruction word at c->pc that has no handler of its own.
 * Returns true if it completed (c->pc is then the next instruction),
 * false if it raised an interrupt. */
bool ppc_exec_sys(struct ppc_cpu *c, uint32_t insn);

/* ---- vle_exec.c ------------------------------------------------------------ */
enum vle_result {
    VLE_DONE,     /* completed; c->pc is the next instruction */
    VLE_CONTEXT,  /* completed and the MSR or MMU may have changed */
    VLE_BOOKE,    /* a Book E word (opcode 4 or 31) for the run loop */
    VLE_FAULT,    /* raised an interrupt */
};
/* Executes the VLE instruction at c->pc, in the fetched page f. */
enum vle_result ppc_exec_vle(struct ppc_cpu *c, const struct ppc_fetch *f, uint32_t *word);

#endif
