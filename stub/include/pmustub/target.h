/*
 * target.h - the narrow interface between the portable stub core and one
 * architecture/board port (in the manner of Zephyr's gdbstub backends).
 *
 * The core knows the GDB Remote Serial Protocol; the port knows the machine.
 * The port fills in one struct stub_target and hands it to stub_init(). A
 * host-side fake port implements the same struct for the unit tests.
 *
 * Byte order: register and memory bytes cross this interface in target
 * order, exactly as GDB expects to see them in packets.
 */
#ifndef PMUSTUB_TARGET_H
#define PMUSTUB_TARGET_H

#include <stdint.h>

typedef uint32_t stub_addr_t;

struct stub_pmu_ops; /* pmustub/monitor_pmu.h */
struct stub_quick;   /* pmustub/quick.h */

/* Register access results. */
enum {
    STUB_REG_OK = 0,
    STUB_REG_UNAVAILABLE = -1, /* exists, but this core has no value: 'x' */
    STUB_REG_READONLY = -2,    /* exists, write refused */
};

/* Memory access results. */
enum { STUB_MEM_OK = 0, STUB_MEM_FAULT = -1 };

/* One resumption request, as the core decided it. */
enum stub_resume { STUB_CONTINUE, STUB_STEP };

struct stub_target {
    /* ---- character I/O (the debug serial line) ---- */
    int (*getc)(void);      /* blocking; returns 0..255 */
    int (*poll_getc)(void); /* non-blocking; -1 when nothing waits, NULL if unsupported */
    void (*putc)(int c);

    /* ---- registers: numbers are GDB's (the target description's regnum) ---- */
    unsigned nregs;   /* p/P accept 0..nregs-1 (where reg_size() != 0) */
    unsigned nregs_g; /* g/G carry 0..nregs_g-1 */
    unsigned (*reg_size)(unsigned regno); /* bytes; 0 = no such register */
    int (*reg_read)(unsigned regno, uint8_t *buf);
    int (*reg_write)(unsigned regno, const uint8_t *buf);
    /* Registers sent in every T stop reply, in this order (pc, sp ...);
     * terminated by a negative number. */
    const int *expedite;

    /* ---- memory (fault-safe: a bad address returns STUB_MEM_FAULT) ---- */
    int (*mem_read)(stub_addr_t addr, uint8_t *buf, unsigned len);
    /* Writes; the port does whatever cache/hazard sequence makes written
     * code visible to instruction fetch. */
    int (*mem_write)(stub_addr_t addr, const uint8_t *buf, unsigned len);

    /* ---- software breakpoints ---- */
    const uint8_t *break_insn; /* target-order bytes of the trap instruction */
    unsigned break_len;
    /* Optional, for an instruction set whose instructions differ in size
     * (Power VLE pages hold 16- and 32-bit instructions): the trap for a
     * breakpoint at addr, chosen from what is there. kind: the Z0 packet's
     * (GDB's guess at the size), or 0 for a trap of the stub's own (a
     * tracepoint). Returns the trap's length in bytes (at most 4) with
     * *insn its bytes, or 0 if no trap of that kind can go at addr.
     * NULL: break_insn and break_len everywhere, and kind must be
     * break_len. An architecture whose traps are all one size builds the
     * core with PMUSTUB_VARIABLE_TRAPS=0 (stub/sources.cmake), which
     * leaves this hook and the overlap check out of the core: there it
     * must be NULL. */
    unsigned (*break_at)(stub_addr_t addr, unsigned kind, const uint8_t **insn);

    /* ---- execution ---- */
    stub_addr_t (*get_pc)(void);
    void (*set_pc)(stub_addr_t pc);
    /* Arm (step) or not (continue) the single-step machinery before the core
     * returns to the program. Returns 0, or -1 if a step cannot be armed. */
    int (*prepare_resume)(enum stub_resume how);
    /* Optional: nonzero if prepare_resume(STUB_STEP) at pc runs the
     * instruction there out of line, the original of a trap of ours
     * included (stub_bp_original), so that a step over the trap leaves it
     * in memory and the program's code is not written at every hit.
     * NULL: the trap is lifted for the step and laid again after it. */
    int (*steps_out_of_line)(stub_addr_t pc);
    /* Optional: the native bracket's quick path (pmustub/quick.h). The
     * core calls it each time the program is about to resume, with the
     * bracket whose hits the port may serve on its own, or NULL for none.
     * The port declines (serves nothing) whatever it cannot serve. */
    void (*quick_set)(const struct stub_quick *q);
    /* 'k' and vRun: reset the board, which reloads the program's image and
     * starts it from its entry; never returns on real hardware. */
    void (*kill)(void);
    /* Two words of RAM that the board reset leaves as they are (outside the
     * image, not cached), or NULL if the board has none: vRun leaves a
     * marker there for stub_init() after the reset (stub.c). Without them
     * vRun is refused. */
    uint32_t *keep;

    /* ---- target description: NULL-terminated list of pieces that,
     * concatenated, make target.xml ---- */
    const char *const *target_xml;
    /* The rules of its compact form (pmustub/tdesc.h); NULL: none. */
    const uint8_t (*tdesc_rules)[2];

    /* ---- what the target is, for a client that asks rather than reads
     * the ELF (LLDB's qHostInfo and qProcessInfo) ---- */
    /* LLVM target triple, or just its architecture ("mips", "powerpc"),
     * which names the byte order too (mips / mipsel, powerpc /
     * powerpcle). NULL: the stub does not answer those queries. */
    const char *triple;
    int big_endian; /* as the port was compiled */

    /* ---- monitor commands of the port (may be NULL) ---- */
    const struct stub_monitor_cmd *monitor_cmds;
    /* ---- "monitor pmu": the port's half (pmustub/monitor_pmu.h), or
     * NULL for no such command ---- */
    const struct stub_pmu_ops *pmu;
};

/* The stub_target of a port that binds its half of this interface when the
 * stub is compiled (the port's port_bind.h, stub/core/stub_internal.h):
 * every field from the same STUB_T_<field> names the core takes, so that
 * stub_port and the bound calls cannot differ. The board's I/O (getc,
 * poll_getc, putc, kill, keep) and target_xml are set at start-up. */
#define STUB_TARGET_BOUND                                                  \
    {                                                                      \
        .nregs = STUB_T_nregs, .nregs_g = STUB_T_nregs_g,                  \
        .reg_size = STUB_T_reg_size, .reg_read = STUB_T_reg_read,          \
        .reg_write = STUB_T_reg_write, .expedite = STUB_T_expedite,        \
        .mem_read = STUB_T_mem_read, .mem_write = STUB_T_mem_write,        \
        .break_insn = STUB_T_break_insn, .break_len = STUB_T_break_len,    \
        .break_at = STUB_T_break_at, .get_pc = STUB_T_get_pc,              \
        .set_pc = STUB_T_set_pc, .prepare_resume = STUB_T_prepare_resume,  \
        .steps_out_of_line = STUB_T_steps_out_of_line,                     \
        .quick_set = STUB_T_quick_set, .triple = STUB_T_triple,            \
        .big_endian = STUB_T_big_endian,                                   \
        .monitor_cmds = STUB_T_monitor_cmds, .pmu = STUB_T_pmu,            \
        .tdesc_rules = STUB_T_tdesc_rules,                                 \
    }

/* Output sink for monitor commands: the core hex-encodes it into the reply. */
void stub_mon_puts(const char *s);
void stub_mon_putx(uint32_t v); /* 0x%08x */
void stub_mon_putu(uint32_t v); /* %u */

struct stub_monitor_cmd {
    const char *name; /* first word of the command */
    const char *help; /* one line */
    /* args: the rest of the line after the name and one space (may be "").
     * Returns 0, or -1 after printing a one-line error. */
    int (*run)(const char *args);
};

#endif
