/*
 * mips_port.h - internal interface of the MIPS32 port.
 */
#ifndef PMUSTUB_MIPS_PORT_H
#define PMUSTUB_MIPS_PORT_H

#include <stdint.h>
#include "cp0.h"
#include "regs_layout.h"
#include "pmustub/stub.h"

extern uint32_t mips_ctx[CTX_WORDS];
extern uint32_t mips_probe_recover;

/* registers.c: GDB's numbers onto mips_ctx */
unsigned mips_reg_size(unsigned regno);
int mips_reg_read(unsigned regno, uint8_t *buf);
int mips_reg_write(unsigned regno, const uint8_t *buf);
/* memory.c */
int mips_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len);
int mips_mem_write(stub_addr_t addr, const uint8_t *buf, unsigned len);

int mips_probe_read(uint32_t addr, unsigned size, uint32_t *out);
int mips_probe_write(uint32_t addr, unsigned size, uint32_t val);
/* memory.c: the word at addr, read around the caches (a kseg0 address
 * through its kseg1 alias); 0, or -1 if the read faulted. */
int mips_peek_word(uint32_t addr, uint32_t *out);
/* step.c */
enum mips_branch {
    MIPS_BRANCH_NONE,
    MIPS_BRANCH_COND, /* 16-bit offset: b*, b*l, b*al(l), bc1f/t(l) */
    MIPS_BRANCH_JUMP, /* j, jal: 26-bit index in the pc's 256 MB region */
    MIPS_BRANCH_REG,  /* jr, jalr */
    MIPS_BRANCH_ERET, /* eret, deret: no delay slot, EPC's target */
};
enum mips_branch mips_branch_of(uint32_t insn);
/* The taken target of a COND or JUMP branch at pc. */
uint32_t mips_branch_target(uint32_t pc, uint32_t insn);
int mips_next_pcs(uint32_t pc, uint32_t insn, const uint32_t *ctx,
                  uint32_t next[2]);

/* displaced.c: a step out of line. Can the instruction at pc be? Arm
 * it, right after a yes for the pc (0); after an exception: was one under
 * way? (It is over, and the pc is the program's again.) */
int mips_steps_out_of_line(uint32_t pc);
/* The instruction at addr as the program has it (under a trap of ours:
 * the original); 0 if it cannot be read. */
int mips_original(uint32_t addr, uint32_t *insn);
int mips_displaced_arm(void);
/* A slot for the instruction insn at pc (delay: the word after it), in
 * words sl[0..MIPS_SLOT_WORDS-1] at their own address (uncached): it ends
 * in a trap at word 1 (no branch: pc + 4 next), W_FALL (pc + 8) or
 * W_TAKEN (the branch's target). *p: what the original does besides. */
enum { MIPS_SLOT_WORDS = 5, W_FALL = 2, W_TAKEN = 4 };
struct mips_slot_plan {
    uint32_t target;      /* a b/j's taken target (jr/jalr: 0) */
    uint8_t branch, link; /* link: the register it writes pc + 8 to, or 0 */
};
void mips_slot_fill(uint32_t *sl, uint32_t pc, uint32_t insn, uint32_t delay,
                    struct mips_slot_plan *p);
int mips_displaced_end(unsigned exc);
/* delay_slot.c: an interrupt in a delay slot (Cause.BD). Arm: 1 if the
 * delay slot will run out of line before the program goes on where the
 * branch sent it (the branch not run again); why and stop: the stop the
 * interrupt asked for, made after it. End, at the next exception: 0 if
 * none was under way (or it faulted: the fault is the program's, at the
 * branch), 1 to make the stop (*why), 2 to go straight back. */
#ifndef PMUSTUB_DELAY_SLOTS
#define PMUSTUB_DELAY_SLOTS 1
#endif
#if PMUSTUB_DELAY_SLOTS
int mips_delay_slot_arm(const struct stub_stop *why, int stop);
int mips_delay_slot_end(unsigned exc, struct stub_stop *why);
#else
#define mips_delay_slot_arm(why, stop) ((void)(why), 0)
#define mips_delay_slot_end(exc, why) ((void)(why), 0)
#endif
int mips_displaced_active(void);

/* quick.c: the native bracket's quick path (pmustub/quick.h), with
 * tracepoints and PMUSTUB_TRACE_QUICK only (stub/CMakeLists.txt defines
 * it with tracepoints); port.c offers it as stub_target.quick_set. */
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
struct stub_quick;
void mips_quick_set(const struct stub_quick *q);
void mips_quick_retire(void);
#else
#define mips_quick_retire() ((void)0)
#endif

/* sample.c (PMUSTUB_SAMPLING): counter n's count, bit 31 set: 1 if it
 * samples (*count reloaded for the next period), 0 to fold it; whether
 * the program stops for the host to drain the buffer. */
#if PMUSTUB_SAMPLING
int mips_sample_take(unsigned n, uint32_t *count);
int mips_sample_stop(void);
#else
#define mips_sample_take(n, count) ((void)(n), (void)(count), 0)
#define mips_sample_stop() 0
#endif

/* fpu.c */
extern int mips_has_fpu;
int mips_fpu_present(void);
MIPS_CODE32 void mips_fpu_save(void);
MIPS_CODE32 void mips_fpu_restore(void);

/* interrupt.c */
struct stub_board_rx_irq;
void mips_interrupt_init(int (*poll)(void),
                         const struct stub_board_rx_irq *rx_irq);
void mips_interrupt_arm(enum stub_resume how);
int mips_interrupt_poll(unsigned exc, struct stub_stop *why);
void mips_interrupt_off(void);
int mips_mon_ctrlc(const char *args);

/* pmu_mon.c */
extern const struct stub_pmu_ops mips_pmu_ops;
extern const struct stub_monitor_cmd mips_monitor_cmds[];

#endif
