/*
 * port_bind.h - the Power port's half of the core's interface
 * (pmustub/target.h), bound when the stub is compiled: the core calls
 * these functions directly and takes these constants as they are
 * (PMUSTUB_PORT_BIND, stub/core/stub_internal.h). port.c's struct
 * stub_target is filled from the same names, so stub_port (through which
 * the board's I/O goes) says the same.
 */
#ifndef PMUSTUB_PPC_PORT_BIND_H
#define PMUSTUB_PPC_PORT_BIND_H

#include "pmustub/target.h"
#include "ppc_port.h" /* the port's functions, PPC_NREGS, pmu_registry.h */

/* port.c */
extern int ppc_expedite[];
stub_addr_t ppc_get_pc(void);
void ppc_set_pc(stub_addr_t pc);
int ppc_prepare_resume(enum stub_resume how);

#define STUB_T_nregs (PMU_REGNUM_LAST + 1u)
#define STUB_T_nregs_g ((unsigned)PPC_NREGS)
#define STUB_T_reg_size ppc_reg_size
#define STUB_T_reg_read ppc_reg_read
#define STUB_T_reg_write ppc_reg_write
#define STUB_T_expedite ppc_expedite
#define STUB_HAS_expedite 1
#define STUB_T_mem_read ppc_mem_read
#define STUB_T_mem_write ppc_mem_write
#define STUB_T_break_insn ppc_booke_trap
#define STUB_T_break_len 4u
/* se_illegal in VLE pages (vle.c): traps of two sizes. */
#define STUB_T_break_at ppc_break_at
#define STUB_HAS_break_at 1
#define STUB_T_get_pc ppc_get_pc
#define STUB_T_set_pc ppc_set_pc
#define STUB_T_prepare_resume ppc_prepare_resume
#define STUB_T_steps_out_of_line ppc_steps_out_of_line
#define STUB_HAS_steps_out_of_line 1
/* The native bracket's quick path (quick.c), with tracepoints. */
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
#define STUB_T_quick_set ppc_quick_offer
#define STUB_HAS_quick_set 1
#else
#define STUB_T_quick_set ((void (*)(const struct stub_quick *))0)
#define STUB_HAS_quick_set 0
#endif
/* LLVM's name of 32-bit big-endian Power (port.c says why nothing more). */
#define STUB_T_triple "powerpc"
#define STUB_HAS_triple 1
#define STUB_T_big_endian 1
#define STUB_T_monitor_cmds ppc_monitor_cmds
#define STUB_T_pmu (&ppc_pmu_ops)
#define STUB_HAS_pmu 1
#define STUB_T_tdesc_rules pmu_tdesc_rules

#endif
