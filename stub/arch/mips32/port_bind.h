/*
 * port_bind.h - the MIPS32 port's half of the core's interface
 * (pmustub/target.h), bound when the stub is compiled: the core calls
 * these functions directly and takes these constants as they are
 * (PMUSTUB_PORT_BIND, stub/core/stub_internal.h). port.c's struct
 * stub_target is filled from the same names, so stub_port (through which
 * the board's I/O goes) says the same.
 */
#ifndef PMUSTUB_MIPS_PORT_BIND_H
#define PMUSTUB_MIPS_PORT_BIND_H

#include "pmustub/target.h"
#include "mips_port.h" /* the port's functions, CTX_WORDS */
#include "pmu_registry.h" /* PMU_REGNUM_LAST, pmu_tdesc_rules */

/* port.c */
extern int mips_expedite[];
extern const uint8_t mips_break_insn[4];
stub_addr_t mips_get_pc(void);
void mips_set_pc(stub_addr_t pc);
int mips_prepare_resume(enum stub_resume how);
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
struct stub_quick;
void mips_quick_offer(const struct stub_quick *q);
#endif

#define STUB_T_nregs (PMU_REGNUM_LAST + 1u)
#define STUB_T_nregs_g ((unsigned)CTX_WORDS)
#define STUB_T_reg_size mips_reg_size
#define STUB_T_reg_read mips_reg_read
#define STUB_T_reg_write mips_reg_write
#define STUB_T_expedite mips_expedite
#define STUB_HAS_expedite 1
#define STUB_T_mem_read mips_mem_read
#define STUB_T_mem_write mips_mem_write
/* Every trap is one word (PMUSTUB_VARIABLE_TRAPS=0, stub/sources.cmake). */
#define STUB_T_break_insn mips_break_insn
#define STUB_T_break_len 4u
#define STUB_T_break_at ((unsigned (*)(stub_addr_t, unsigned, const uint8_t **))0)
#define STUB_HAS_break_at 0
#define STUB_T_get_pc mips_get_pc
#define STUB_T_set_pc mips_set_pc
#define STUB_T_prepare_resume mips_prepare_resume
#define STUB_T_steps_out_of_line mips_steps_out_of_line
#define STUB_HAS_steps_out_of_line 1
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
#define STUB_T_quick_set mips_quick_offer
#define STUB_HAS_quick_set 1
#else
#define STUB_T_quick_set ((void (*)(const struct stub_quick *))0)
#define STUB_HAS_quick_set 0
#endif
/* LLVM's name of 32-bit big-endian MIPS (port.c says why nothing more). */
#define STUB_T_triple "mips"
#define STUB_HAS_triple 1
#define STUB_T_big_endian 1
#define STUB_T_monitor_cmds mips_monitor_cmds
#define STUB_T_pmu (&mips_pmu_ops)
#define STUB_HAS_pmu 1
#define STUB_T_tdesc_rules pmu_tdesc_rules

#endif
