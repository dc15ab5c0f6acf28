/*
 * rsp/ax.h - building agent expressions: GDB's bytecode (GDB manual, "Agent
 * Expressions", "Bytecode Descriptions"; opcode numbers as
 * gdbsupport/ax.def fixes them), for the expressions pmuctl hands the
 * stub with its tracepoints and breakpoint conditions (measure/tracepoints.c).
 *
 * An expression is built into a fixed buffer; a write past its end marks
 * the expression bad (ax->overflow) rather than failing at each call.
 * Forward jumps are emitted with a placeholder and fixed at their label.
 */
#ifndef PMUCTL_AX_H
#define PMUCTL_AX_H

#include <stddef.h>
#include <stdint.h>

#define AX_MAX 512

enum ax_op {
    AX_ADD = 0x02, AX_SUB = 0x03, AX_MUL = 0x04, AX_LOG_NOT = 0x0e,
    AX_LESS_UNSIGNED = 0x15, AX_IF_GOTO = 0x20, AX_GOTO = 0x21,
    AX_CONST8 = 0x22, AX_CONST32 = 0x24, AX_CONST64 = 0x25, AX_REG = 0x26,
    AX_END = 0x27, AX_DUP = 0x28, AX_POP = 0x29, AX_ZERO_EXT = 0x2a,
    AX_SWAP = 0x2b, AX_GETV = 0x2c, AX_SETV = 0x2d, AX_TRACEV = 0x2e
};

struct ax {
    uint8_t code[AX_MAX];
    size_t len;
    int overflow;
};

void ax_init(struct ax *a);
/* An opcode without operands. */
void ax_op(struct ax *a, enum ax_op op);
/* Pushes v (the shortest const that holds it). */
void ax_const(struct ax *a, uint64_t v);
/* reg, getv, setv, tracev: an opcode with a 16-bit operand. */
void ax_op16(struct ax *a, enum ax_op op, unsigned n);
void ax_zero_ext(struct ax *a, unsigned bits);
/* A jump (goto, if_goto) to a place not yet known: returns the handle
 * ax_land takes there. */
size_t ax_jump(struct ax *a, enum ax_op op);
void ax_land(struct ax *a, size_t jump);
/* "LEN,HEX" as QTDP's and Z0's X takes it; 0, or -1 if it does not fit
 * (or the expression overflowed). */
int ax_format(const struct ax *a, char *out, size_t cap);

#endif
