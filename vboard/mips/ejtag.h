/*
 * ejtag.h - the contract between vboard's CPU (cpu.c, mem.c) and its EJTAG
 * probe port (ejtag.c: TAP, ECR, processor access, drseg; its pins face
 * OpenOCD's remote_bitbang through common/rbb.c and ejtag_rbb.c).
 *
 * Ownership: the CPU side implements the cpu_* hooks below; the EJTAG side
 * implements the ejtag_* functions. Neither reaches into the
 * other's structures.
 *
 * Debug-mode model (MIPS EJTAG spec MD00047; OpenOCD 0.12 mips32_pracc.c,
 * mips_ejtag.h - see ../../docs/vboard.md):
 *  - The CPU enters debug mode on SDBBP (Debug.DBp), on a hardware instruction
 *    breakpoint (Debug.DIB), after one instruction when Debug.SSt is set
 *    (Debug.DSS), or on a probe request (EjtagBrk -> Debug.DINT). Entry sets
 *    Debug.DM, DEPC, and jumps to 0xFF200200 when ejtag_probe_trap() is true
 *    (ECR.ProbTrap), else to 0xBFC00480.
 *  - In debug mode, CPU accesses to dmseg 0xFF200000..0xFF2FFFFF (fetches,
 *    loads and stores) go to ejtag_dmseg_access(); accesses to drseg
 *    0xFF300000..0xFF3FFFFF go to ejtag_drseg_read/write().
 *  - DERET leaves debug mode (no delay slot executed: OpenOCD sends DERET alone).
 *  - Performance counters do not count in debug mode (documented choice).
 */
#ifndef VBOARD_EJTAG_H
#define VBOARD_EJTAG_H

#include <stdbool.h>
#include <stdint.h>

struct cpu;
struct ejtag;

/* ---- implemented by the CPU side -------------------------------------- */

/* Probe asks for a debug interrupt (ECR.EjtagBrk): the CPU enters debug mode
 * with Debug.DINT at once (before executing another instruction), so that the
 * very next ECR capture already shows DM=1 (OpenOCD checks this). */
void cpu_debug_interrupt(struct cpu *c);
/* Debug.DM, for ECR bit 3 (BrkSt). */
bool cpu_in_debug_mode(const struct cpu *c);
/* Out of debug mode with Debug.SSt set: the CPU owes one execution step and
 * then re-enters debug mode (Debug.DSS) by itself. */
bool cpu_single_stepping(const struct cpu *c);
/* The core implements the MIPS16e ASE (IMPCODE bit 16, MIPS16). */
bool cpu_has_mips16(const struct cpu *c);
/* Processor reset (ECR.PrRst). If debug_boot (EJTAGBOOT was latched), the CPU
 * comes out of reset in debug mode as if by a debug interrupt. */
void cpu_reset(struct cpu *c, bool debug_boot);

/* ---- implemented by the EJTAG side -------------------------------------- */

struct ejtag *ejtag_new(struct cpu *c);
void ejtag_free(struct ejtag *ej);

enum ejtag_access { EJTAG_PENDING = 0, EJTAG_DONE = 1 };
/* A debug-mode access to dmseg. size is 1, 2 or 4; addr is the virtual
 * address. For a fetch or load, *data receives the value on EJTAG_DONE.
 * For a store, *data is the value. EJTAG_PENDING means the probe has not
 * served it yet: the CPU must leave all state unchanged and retry the same
 * access later (after the main loop has polled the probe socket). */
enum ejtag_access ejtag_dmseg_access(struct ejtag *ej, uint32_t addr,
                                     unsigned size, bool is_store,
                                     bool is_fetch, uint32_t *data);
/* drseg registers (DCR 0xFF300000, IBS 0xFF301000, IBAn/IBMn/IBASIDn/IBCn,
 * DBS/DBAn...). Unknown addresses read 0 and ignore writes. */
uint32_t ejtag_drseg_read(struct ejtag *ej, uint32_t addr);
void ejtag_drseg_write(struct ejtag *ej, uint32_t addr, uint32_t val);
/* Checked by the CPU before executing the instruction at pc outside debug
 * mode: true when an enabled instruction breakpoint matches (the EJTAG side
 * sets IBS.BS[n]; the CPU then enters debug mode with Debug.DIB). */
bool ejtag_ibreak_match(struct ejtag *ej, uint32_t pc);
/* ECR.ProbTrap: the debug exception vector is 0xFF200200 when true. */
bool ejtag_probe_trap(const struct ejtag *ej);
/* ECR.ProbEn: dmseg is served by the probe when true. */
bool ejtag_probe_enabled(const struct ejtag *ej);
/* DCR.IntE (added by the EJTAG side): false while the probe wants
 * interrupts held off outside debug mode. OpenOCD clears it around a single
 * step (mips_m4k_single_step_core -> mips32_enable_interrupts), so that
 * Debug.SSt steps the instruction at DEPC, not a pending interrupt. */
bool ejtag_interrupts_enabled(const struct ejtag *ej);

#endif
