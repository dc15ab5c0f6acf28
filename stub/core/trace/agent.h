/*
 * agent.h - the agent-expression interpreter: GDB's bytecode (GDB manual,
 * "Agent Expressions"; opcode numbers as gdbsupport/ax.def fixes them) for
 * tracepoint conditions and actions, teval, and breakpoint conditions
 * evaluated on the target.
 *
 * Fixed sizes, no allocation: a stack of AGENT_STACK 64-bit values and at
 * most AGENT_STEPS executed opcodes per expression (a backward goto must
 * not hang the stub). Every fault ends the expression with an error code;
 * none reaches the program or the stub's own state.
 */
#ifndef PMUSTUB_AGENT_H
#define PMUSTUB_AGENT_H

#include "stub_internal.h"

#ifndef PMUSTUB_AGENT_STACK
#define PMUSTUB_AGENT_STACK 32
#endif
#ifndef PMUSTUB_AGENT_STEPS
#define PMUSTUB_AGENT_STEPS 4096
#endif

/* The bytecode's ref and reg read register and memory bytes as numbers
 * in target order (PMUSTUB_TARGET_BIG_ENDIAN, stub_internal.h). */

enum agent_error {
    AGENT_OK,
    AGENT_BAD_OPCODE,     /* not an opcode of the manual */
    AGENT_UNSUPPORTED,    /* floating point, printf */
    AGENT_TRUNCATED,      /* ran off the end, or an operand cut short */
    AGENT_BAD_JUMP,       /* goto / if_goto outside the expression */
    AGENT_STACK_OVERFLOW,
    AGENT_STACK_UNDERFLOW,
    AGENT_DIV_ZERO,
    AGENT_MEM_FAULT,      /* ref or trace of memory that cannot be read */
    AGENT_BAD_REGISTER,
    AGENT_BAD_VARIABLE,   /* getv/setv/tracev of an undefined variable */
    AGENT_TOO_LONG,       /* more than PMUSTUB_AGENT_STEPS opcodes */
    AGENT_BUFFER_FULL,    /* a trace opcode found the trace buffer full */
    AGENT_N_ERRORS
};

/* One short sentence per error, for tstatus ("terror"). */
const char *agent_error_text(enum agent_error e);

/* What an expression may reach beyond registers and memory (which it
 * reads through the port, fault-safe). */
struct agent_env {
    /* Trace state variables; return 0, or -1 if n is not defined. */
    int (*getv)(unsigned n, int64_t *v);
    int (*setv)(unsigned n, int64_t v);
    /* The trace opcodes' recording into the current frame; NULL when the
     * expression only computes (a condition): then they record nothing. */
    enum agent_error (*record_mem)(stub_addr_t addr, unsigned len);
    enum agent_error (*record_var)(unsigned n);
};

/* Runs code[0..len) to its "end"; *value is then the top of the stack (0
 * if the stack is empty). */
enum agent_error agent_eval(const struct agent_env *env, const uint8_t *code,
                            unsigned len, int64_t *value);

/* A target-order value of n bytes (1..8) as a number. */
uint64_t agent_from_target(const uint8_t *b, unsigned n);
/* v into n target-order bytes. */
void agent_to_target(uint8_t *b, uint64_t v, unsigned n);

#endif
