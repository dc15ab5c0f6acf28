/*
 * sample/unwind.c - see unwind.h. Each step is the DWARF standard's
 * virtual unwind (DWARF 4, 6.4 "Call Frame Information"): the frame's
 * CFA is its rule's expression over the registers known so far, each
 * register of the caller is its rule's location (a word of the copy) or
 * value, and the caller's pc is the return address column's value.
 * libdw gives every rule as a short DWARF expression (libdw.h,
 * dwarf_frame_cfa and dwarf_frame_register: DW_OP_bregx for the CFA,
 * DW_OP_call_frame_cfa plus an offset for a register saved on the
 * stack, ending in DW_OP_stack_value for a value); eval below takes the
 * operations those are made of and nothing else.
 */
#include "sample/unwind.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

/* DWARF register numbers kept: the return address column is 31 on MIPS,
 * 65 (LR) in GCC's Power CFI. */
#define NREGS 128

struct regs {
    uint32_t v[NREGS];
    unsigned char known[NREGS];
};

/* The word of the copy at addr; 0, or -1 outside the copy. */
static int stack_word(const struct sample *s, int big_endian, uint64_t addr,
                      uint32_t *w)
{
    const uint8_t *p;

    if (addr < s->sp || (addr & 3) || addr - s->sp + 4 > s->stack_len)
        return -1;
    p = s->stack + (addr - s->sp);
    *w = big_endian
        ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
        : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
    return 0;
}

/* A register's value for DW_OP_breg*: 0, or -1 if it is not known. */
static int reg_plus(const struct regs *r, uint64_t reg, uint64_t off,
                    uint64_t *out)
{
    if (reg >= NREGS || !r->known[reg])
        return -1;
    *out = r->v[reg] + off;
    return 0;
}

/* ops over r and the frame's cfa into *out, *is_value 1 if it is a value
 * (DW_OP_stack_value), 0 if an address; 0, or -1 for anything else. */
static int eval(const Dwarf_Op *ops, size_t n, const struct regs *r,
                uint64_t cfa, int *is_value, uint64_t *out)
{
    uint64_t st[4];
    int top = 0;

    *is_value = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t op = ops[i].atom;
        if (top == 4 || *is_value)
            return -1;
        if (op == DW_OP_call_frame_cfa) {
            st[top++] = cfa;
        } else if (op == DW_OP_bregx) {
            if (reg_plus(r, ops[i].number, ops[i].number2, &st[top++]))
                return -1;
        } else if (op >= DW_OP_breg0 && op <= DW_OP_breg31) {
            if (reg_plus(r, op - DW_OP_breg0, ops[i].number, &st[top++]))
                return -1;
        } else if (op >= DW_OP_lit0 && op <= DW_OP_lit31) {
            st[top++] = op - DW_OP_lit0;
        } else if (op == DW_OP_consts || op == DW_OP_constu) {
            st[top++] = ops[i].number;
        } else if (op == DW_OP_plus_uconst && top) {
            st[top - 1] += ops[i].number;
        } else if ((op == DW_OP_plus || op == DW_OP_minus) && top >= 2) {
            top--;
            st[top - 1] = op == DW_OP_plus ? st[top - 1] + st[top]
                                           : st[top - 1] - st[top];
        } else if (op == DW_OP_stack_value) {
            *is_value = 1;
        } else {
            return -1;
        }
    }
    if (top != 1)
        return -1;
    *out = st[0] & 0xffffffffu;
    return 0;
}

/* The caller's register reg in frame f, from r (this frame's) and the
 * copy: into *nr, or left unknown. */
static void caller_reg(Dwarf_Frame *f, int reg, const struct regs *r,
                       uint64_t cfa, const struct sample *s, int big_endian,
                       struct regs *nr)
{
    Dwarf_Op mem[3], *ops = NULL;
    size_t nops = 0;
    uint64_t v;
    uint32_t w;
    int is_value;

    nr->known[reg] = 0;
    if (dwarf_frame_register(f, reg, mem, &ops, &nops))
        return;
    if (!nops) { /* ops NULL: same value; else undefined */
        if (!ops && r->known[reg]) {
            nr->v[reg] = r->v[reg];
            nr->known[reg] = 1;
        }
        return;
    }
    if (eval(ops, nops, r, cfa, &is_value, &v))
        return;
    if (is_value) {
        nr->v[reg] = (uint32_t)v;
    } else if (!stack_word(s, big_endian, v, &w)) {
        nr->v[reg] = w;
    } else {
        return; /* beyond the copy */
    }
    nr->known[reg] = 1;
}

int unwind_sample(struct attrib *a, const struct sample *s, uint32_t *pcs,
                  int max)
{
    static struct regs r, nr;
    int sp_reg = 0, big_endian = 0, n = 0;
    Dwarf_CFI *cfi[2] = {NULL, NULL};
    int ncfi = a ? attrib_cfi(a, cfi, &sp_reg, &big_endian) : 0;
    uint32_t pc = s->pc;

    pcs[n++] = s->pc;
    memset(&r, 0, sizeof r);
    r.v[sp_reg] = s->sp;
    r.known[sp_reg] = 1;
    while (ncfi && n < max) {
        Dwarf_Frame *f;
        Dwarf_Op *ops;
        size_t nops;
        uint64_t cfa;
        int ra, is_value, ok;
        /* A caller's pc is a return address: the call is before it. */
        Dwarf_Addr at = n == 1 ? pc : pc - 1;
        if (dwarf_cfi_addrframe(cfi[0], at, &f) &&
            (ncfi < 2 || dwarf_cfi_addrframe(cfi[1], at, &f)))
            break;
        ra = dwarf_frame_info(f, NULL, NULL, NULL);
        ok = ra >= 0 && ra < NREGS && ra != sp_reg &&
             !dwarf_frame_cfa(f, &ops, &nops) && nops &&
             !eval(ops, nops, &r, 0, &is_value, &cfa) && !is_value;
        if (ok && n == 1) {
            r.v[ra] = s->ra; /* the interrupted frame's own return address */
            r.known[ra] = 1;
        }
        for (int reg = 0; ok && reg < NREGS; reg++)
            caller_reg(f, reg, &r, cfa, s, big_endian, &nr);
        free(f);
        /* The caller's stack pointer is the CFA (GCC's CFA on both ABIs:
         * the stack pointer before the call); a frame above the last. */
        if (!ok || !nr.known[ra] || cfa < r.v[sp_reg] ||
            (n > 1 && cfa == r.v[sp_reg]) || !attrib_in_code(a, nr.v[ra] - 1))
            break;
        nr.v[sp_reg] = (uint32_t)cfa;
        nr.known[sp_reg] = 1;
        pc = pcs[n++] = nr.v[ra];
        r = nr;
    }
    return n;
}
