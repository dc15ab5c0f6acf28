/*
 * asm.h - a few MIPS32 encoders for the unit tests (MD00086 appendix A), and
 * a board fixture that runs hand-assembled code from kseg0 0x80001000.
 */
#ifndef VBOARD_TEST_ASM_H
#define VBOARD_TEST_ASM_H

#include <stdint.h>
#include <string.h>

#include "machine_malta.h"
#include "mem.h"

#define R_(fn, rs, rt, rd, sa) \
    ((uint32_t)(rs) << 21 | (uint32_t)(rt) << 16 | (uint32_t)(rd) << 11 | (uint32_t)(sa) << 6 | (fn))
#define I_(op, rs, rt, imm) \
    ((uint32_t)(op) << 26 | (uint32_t)(rs) << 21 | (uint32_t)(rt) << 16 | ((uint32_t)(imm) & 0xffffu))
#define ADDIU(rt, rs, imm) I_(0x09, rs, rt, imm)
#define ADDI(rt, rs, imm)  I_(0x08, rs, rt, imm)
#define LUI(rt, imm)       I_(0x0f, 0, rt, imm)
#define ORI(rt, rs, imm)   I_(0x0d, rs, rt, imm)
#define LW(rt, off, rs)    I_(0x23, rs, rt, off)
#define SW(rt, off, rs)    I_(0x2b, rs, rt, off)
#define LWL(rt, off, rs)   I_(0x22, rs, rt, off)
#define LWR(rt, off, rs)   I_(0x26, rs, rt, off)
#define LL(rt, off, rs)    I_(0x30, rs, rt, off)
#define SC(rt, off, rs)    I_(0x38, rs, rt, off)
#define BEQ(rs, rt, off)   I_(0x04, rs, rt, off)
#define BNE(rs, rt, off)   I_(0x05, rs, rt, off)
#define BEQL(rs, rt, off)  I_(0x14, rs, rt, off)
#define ADDU(rd, rs, rt)   R_(0x21, rs, rt, rd, 0)
#define ADD(rd, rs, rt)    R_(0x20, rs, rt, rd, 0)
#define SLL(rd, rt, sa)    R_(0x00, 0, rt, rd, sa)
#define SRA(rd, rt, sa)    R_(0x03, 0, rt, rd, sa)
#define ROTR(rd, rt, sa)   R_(0x02, 1, rt, rd, sa)
#define JR(rs)             R_(0x08, rs, 0, 0, 0)
#define JALR(rd, rs)       R_(0x09, rs, 0, rd, 0)
#define MULT(rs, rt)       R_(0x18, rs, rt, 0, 0)
#define DIV(rs, rt)        R_(0x1a, rs, rt, 0, 0)
#define MFHI(rd)           R_(0x10, 0, 0, rd, 0)
#define MFLO(rd)           R_(0x12, 0, 0, rd, 0)
#define TEQ(rs, rt)        R_(0x34, rs, rt, 0, 0)
#define SYSCALL            0x0000000cu
#define NOP                0u
#define CLZ(rd, rs)        (0x70000020u | (uint32_t)(rs) << 21 | (uint32_t)(rd) << 16 | (uint32_t)(rd) << 11)
#define MUL(rd, rs, rt)    (0x70000002u | (uint32_t)(rs) << 21 | (uint32_t)(rt) << 16 | (uint32_t)(rd) << 11)
#define EXT(rt, rs, pos, size) (0x7c000000u | (uint32_t)(rs) << 21 | (uint32_t)(rt) << 16 | (uint32_t)((size) - 1) << 11 | (uint32_t)(pos) << 6)
#define INS(rt, rs, pos, size) (0x7c000004u | (uint32_t)(rs) << 21 | (uint32_t)(rt) << 16 | (uint32_t)((pos) + (size) - 1) << 11 | (uint32_t)(pos) << 6)
#define SEB(rd, rt)        (0x7c000420u | (uint32_t)(rt) << 16 | (uint32_t)(rd) << 11)
#define WSBH(rd, rt)       (0x7c0000a0u | (uint32_t)(rt) << 16 | (uint32_t)(rd) << 11)
#define MTC0(rt, rd, sel)  (0x40800000u | (uint32_t)(rt) << 16 | (uint32_t)(rd) << 11 | (sel))
#define MFC0(rt, rd, sel)  (0x40000000u | (uint32_t)(rt) << 16 | (uint32_t)(rd) << 11 | (sel))
#define ERET               0x42000018u
#define EI(rt)             (0x41606020u | (uint32_t)(rt) << 16)
#define SDBBP              0x7000003fu

#define CODE 0x80001000u

/* A 2 MiB board in kernel mode (Status.BEV=0, ERL=0, EXL=0), PC = CODE. */
static inline struct malta_machine *fixture(enum pmu_core_id m)
{
    static struct malta_machine b;
    char err[128];
    malta_machine_free(&b);
    if (!malta_machine_init(&b, m, 2, err, sizeof(err)))
        return NULL;
    b.board.entry = CODE;
    malta_machine_reset(&b);
    b.cpu.status = 0;
    return &b;
}

static inline void put_code(struct malta_machine *b, uint32_t va, const uint32_t *w, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        mem_poke(&b->cpu, va + 4 * i, 4, w[i]);
}

#define LOAD(b, ...) do { \
        const uint32_t code_[] = { __VA_ARGS__ }; \
        put_code((b), CODE, code_, sizeof(code_) / sizeof(code_[0])); \
    } while (0)

#endif
