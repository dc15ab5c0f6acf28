/*
 * ppc_port.h - internal interface of the 32-bit Power Book E port.
 *
 * The files split into plain C that the host unit tests compile (cores.c,
 * registers.c, exceptions.c) and the parts that touch the machine.
 */
#ifndef PMUSTUB_PPC_PORT_H
#define PMUSTUB_PPC_PORT_H

#include <stdint.h>
#include "ctx_layout.h"
#include "pmustub/stub.h"

extern uint32_t ppc_ctx[CTX_WORDS];

/* ---- cores.c: the Book E core, from the board's generated core table ---- */
/* struct pmu_core, pmu_cores[], pmu_core_unknown and the register numbers,
 * generated from target-xml/cores.toml by gen_pmu.py: besides its PMU, a
 * Book E core's debug level (debug_apu) and the HID0 bits the stub sets
 * (hid0_set) are the registry's "booke" facts. */
#include "pmu_registry.h"
/* Never NULL: a PVR the table does not know gets Book E's own rules
 * (pmu_core_unknown: the debug interrupt critical-class, no HID0 bit). */
const struct pmu_core *ppc_core_lookup(uint32_t pvr);
extern const struct pmu_core *ppc_core;
/* Where the debug interrupt saves state: PPC_LEVEL_DEBUG (DSRR0/1, rfdi)
 * with the debug APU, else PPC_LEVEL_CRIT (CSRR0/1, rfci). */
#define PPC_DEBUG_LEVEL(core) ((core)->debug_apu ? PPC_LEVEL_DEBUG : PPC_LEVEL_CRIT)

/* ---- registers.c: GDB's numbers onto ppc_ctx ---- */
#define PPC_NREGS 70 /* r0-r31 0-31, (f0-f31 32-63 absent), pc..xer 64-69 */
unsigned ppc_reg_size(unsigned regno);
int ppc_reg_read(unsigned regno, uint8_t *buf);
int ppc_reg_write(unsigned regno, const uint8_t *buf);

/* ---- exceptions.c ---- */
/* The signal GDB sees for an interrupt (vector = IVOR number; esr = ESR,
 * read for the program interrupt). STUB_SIGINT marks the asynchronous
 * interrupts, which a program may own (pmustub/program.h). */
int ppc_stop_signal(unsigned vector, uint32_t esr);
/* rfi, rfci, rfdi, rfmci: the return-from-interrupt instructions. */
int ppc_is_return_insn(uint32_t insn);

/* ---- vle.c: VLE code (plain C) ---- */
extern const uint8_t ppc_booke_trap[4];
unsigned ppc_vle_insn_len(uint16_t hw); /* 2 or 4, from the first halfword */
int ppc_vle_is_return(uint16_t hw);     /* se_rfi, se_rfci, se_rfdi, se_rfmci */
/* The trap for a breakpoint at addr in a VLE page (vle) or a Book E one;
 * its length, 0 if kind (Z0's; 0: the stub's own) or addr does not fit. */
unsigned ppc_trap_for(int vle, stub_addr_t addr, unsigned kind,
                      const uint8_t **insn);
/* A program interrupt for an illegal VLE instruction (ESR[PIL|VLEMI]):
 * where the stub has a trap, one of its breakpoints. */
int ppc_vle_illegal_stop(unsigned vector, uint32_t esr);

/* ---- vle_page.c (target only) ---- */
int ppc_vle_page(stub_addr_t addr); /* the TLB entry for addr has MAS2[VLE] */
unsigned ppc_break_at(stub_addr_t addr, unsigned kind, const uint8_t **insn);

/* ---- vectors.S ---- */
void ppc_set_vectors(int debug_level);
int ppc_probe_read(uint32_t addr, unsigned size, uint32_t *out);
int ppc_probe_write(uint32_t addr, unsigned size, uint32_t val);
int ppc_probe_pmgc0(uint32_t *out);
int ppc_probe_trap(void);
extern uint32_t ppc_probe_msr;

/* ---- memory.c ---- */
int ppc_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len);
int ppc_mem_write(stub_addr_t addr, const uint8_t *buf, unsigned len);

/* ---- displaced.c: a step out of line ---- */
int ppc_steps_out_of_line(stub_addr_t pc); /* can the instruction at pc be? */
/* A slot's words (displaced.c's and the quick path's), and what its
 * instruction branches through; ppc_slot_fill writes the instruction at
 * pc into sl (a b/bc retargeted to PPC_W_TAKEN) and traps after it, and
 * says what the branch needs into *p. 0 if pc cannot be read. */
enum { PPC_W_INSN, PPC_W_FALL, PPC_W_TAKEN, PPC_SLOT_WORDS = 4 };
enum ppc_branch { PPC_NONE, PPC_TO_LR, PPC_TO_CTR, PPC_REL };
struct ppc_slot_plan {
    uint32_t target; /* PPC_REL: the taken target, from the encoding */
    uint8_t kind;    /* enum ppc_branch */
    uint8_t link;    /* a branch with LK: LR is pc + 4 after it */
};
int ppc_slot_fill(uint32_t *sl, uint32_t pc, struct ppc_slot_plan *p);
int ppc_displaced_arm(void);  /* pc into the slot; -1 if it cannot */
int ppc_displaced_end(void);  /* at every stop: pc, LR, CTR the program's; 1 if armed */

/* ---- step.c ---- */
int ppc_step_arm(void);  /* -1: the instruction at pc cannot be stepped */
int ppc_step_end(void);  /* disarms; 1 if a step was armed */
int ppc_stepping(void);  /* a step is armed */

/* ---- quick.c: the native bracket's quick path (pmustub/quick.h) ---- */
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
struct stub_quick;
void ppc_quick_offer(const struct stub_quick *q);
void ppc_quick_retire(void);
uint64_t ppc_pmu_count64_from(unsigned n, uint32_t hw); /* pmu_regs.c */
#else
#define ppc_quick_retire() ((void)0)
#endif

/* ---- interrupt.c ---- */
struct stub_board_rx_irq;
void ppc_interrupt_init(int (*poll)(void),
                        const struct stub_board_rx_irq *rx_irq);
void ppc_interrupt_arm(enum stub_resume how);
int ppc_interrupt_poll(unsigned vector, struct stub_stop *why);
void ppc_interrupt_stop(void);
int ppc_mon_ctrlc(const char *args);

/* ---- pmu.c: the hardware (target only) ---- */
extern int ppc_pmu_present; /* mfpmr works */
extern uint32_t ppc_pmu_pvr;
void ppc_pmu_detect(void);
void ppc_pmu_freeze(void); /* for the exit path, which is not a vector */
/* The PMR behind a supervisor PMU register's GDB number (PMU_REGISTERS). */
uint32_t ppc_pmr_read(unsigned regno);
void ppc_pmr_write(unsigned regno, uint32_t v);

/* ---- pmu_regs.c: the PMU registers GDB sees (plain C) ---- */
extern const struct pmu_core *ppc_pmu_core; /* NULL: nothing published */
extern unsigned ppc_pmu_counters;
extern int ppc_pmu_unmarked; /* the program cleared MSR[PMM] since GDB's resume */
void ppc_pmu_attach(const struct pmu_core *core);
void ppc_pmu_entry(void);        /* every entry, counters frozen */
void ppc_pmu_fold(void);         /* the overflow interrupt */
/* sample.c (PMUSTUB_SAMPLING): counter n's count, bit 31 set: 1 if it
 * samples (*count reloaded for the next period), 0 to fold it; whether
 * the program stops for the host to drain the buffer. */
#if PMUSTUB_SAMPLING
int ppc_sample_take(unsigned n, uint32_t *count);
int ppc_sample_stop(void);
#else
#define ppc_sample_take(n, count) ((void)(n), (void)(count), 0)
#define ppc_sample_stop() 0
#endif
void ppc_pmu_resume_value(void); /* PMLCa, MSR and PMGC0 for the return */
uint64_t ppc_pmu_count64(unsigned n);
void ppc_pmu_set_count64(unsigned n, uint64_t v);
unsigned ppc_pmu_reg_size(unsigned regno);
int ppc_pmu_reg_read(unsigned regno, uint8_t *buf);
int ppc_pmu_reg_write(unsigned regno, const uint8_t *buf);

/* ---- vectors.S: a program's interrupt handler, counted ---- */
/* fn(vector) with MSR[PMM] set and *pmgc0 in PMGC0 for the call only;
 * *pmgc0 is what the call left there. */
int ppc_call_counted(int (*fn)(uint32_t), uint32_t vector, uint32_t *pmgc0);
int ppc_pmu_program_interrupt(unsigned vector); /* pmu.c */

/* ---- pmu_mon.c ---- */
extern const struct stub_pmu_ops ppc_pmu_ops;
extern const struct stub_monitor_cmd ppc_monitor_cmds[];

#endif
