/*
 * fake_port.h - a host-side port for the stub core (struct stub_target),
 * used by the unit tests and the fuzz target.
 *
 * Input is a script of bytes; getc returns -1 at its end, which makes
 * stub_serve() return 0. Output is captured. The register file mirrors GDB's
 * fixed MIPS numbering (docs/hardware-facts.md, "GDB's MIPS register
 * numbers": r0-31 = 0-31, status 32, lo 33, hi 34, badvaddr 35, cause 36,
 * pc 37, f0-31 = 38-69, fcsr 70, fir 71), plus one
 * p/P-only register after the g set and one hole. Memory is a RAM window,
 * a ROM window that ignores writes, and faults everywhere else. kill()
 * only counts (a test plays the reset that follows with stub_init()), and
 * the keep words are plain memory.
 */
#ifndef PMUSTUB_FAKE_PORT_H
#define PMUSTUB_FAKE_PORT_H

#include <stddef.h>
#include <stdint.h>
#include "pmustub/stub.h"

enum {
    FAKE_REG_SP = 29,
    FAKE_REG_FP = 30,
    FAKE_REG_BADVADDR = 35, /* read-only, as on the MIPS port */
    FAKE_REG_PC = 37,
    FAKE_REG_F0 = 38,       /* unavailable (a core without an FPU) */
    FAKE_REG_FIR = 71,      /* unavailable */
    FAKE_NREGS_G = 72,      /* g/G carry 0..71 */
    FAKE_REG_PERFCTL0 = 72, /* p/P only, like the PMU registers */
    FAKE_REG_HOLE = 73,     /* in range, but reg_size() is 0 */
    FAKE_NREGS = 74,
    FAKE_REG_BYTES = 4,
};

#define FAKE_RAM_BASE 0x80001000u
#define FAKE_RAM_SIZE 0x1000u
#define FAKE_ROM_BASE 0xbfc00000u
#define FAKE_ROM_SIZE 0x100u
#define FAKE_IN_MAX (1u << 16)
#define FAKE_OUT_MAX (1u << 18)

/* The trap instruction: MIPS "break 5" big-endian, as GDB uses
 * (gdb/mips-tdep.c, mips_breakpoint_from_pc). */
extern const uint8_t fake_break_insn[4];

/* The I/O buffers come first: fake_reset() clears from regs on. */
struct fake_port {
    unsigned char in[FAKE_IN_MAX];
    size_t in_len, in_pos;
    char out[FAKE_OUT_MAX];
    size_t out_len;
    int out_overflow; /* the stub wrote more than FAKE_OUT_MAX bytes */

    uint8_t regs[FAKE_NREGS][FAKE_REG_BYTES];
    uint8_t ram[FAKE_RAM_SIZE];
    uint8_t rom[FAKE_ROM_SIZE];

    unsigned reg_reads, reg_writes, mem_reads, mem_writes;
    unsigned set_pc_calls, prepare_calls, kill_calls;
    enum stub_resume prepare_how; /* what the last prepare_resume asked */
    int prepare_fail;             /* make prepare_resume return -1 */
    int write_fault;              /* make every mem_write fault */
    uint32_t keep[2];             /* stub_target.keep: what a reset keeps */
};

extern struct fake_port fake;
/* Not const, so that a test can swap a hook or the XML pieces. */
extern struct stub_target fake_target;
extern const struct stub_monitor_cmd fake_monitor_cmds[];
extern const int fake_expedite[];

/* Pristine fake (registers and memory filled with the patterns below,
 * no input, no output, counters zero, the generated MIPS target XML) and
 * stub_init(&fake_target). The core's own state is not reset. */
void fake_reset(void);
/* Forgets input and output only. */
void fake_clear_io(void);

uint8_t fake_reg_pattern(unsigned regno, unsigned byte);
uint8_t fake_mem_pattern(uint32_t addr);
/* The fake's memory byte at addr, or -1 outside RAM and ROM. */
int fake_mem_byte(uint32_t addr);
uint32_t fake_pc(void);

/* Appends raw bytes to the input script. */
void fake_input(const void *bytes, size_t n);
void fake_input_str(const char *s);
/* Appends "$payload#cs" with the right checksum. */
void fake_input_packet(const void *payload, size_t n);
void fake_input_packet_str(const char *payload);

#endif
