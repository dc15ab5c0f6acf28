/*
 * vle_exec.c - executes one VLE instruction (vle_decode.h) for the run
 * loop (ppc_exec.c), which has already counted it, modelled its fetch and
 * made the per-instruction checks; it executes the Book E words of a VLE
 * page (opcodes 4 and 31) itself, with its own handlers.
 *
 * Semantics: VLE PEM Rev.0 chapter 3, which defines each VLE instruction
 * with the Book E operations (so the CR, XER and branch-condition helpers
 * are shared: ppc_alu.h). Where VLE differs from Book E:
 * - branch targets are halfword aligned (CIA + EXTS(BD || 0)), and the
 *   16-bit se_bl, se_blrl and se_bctrl link CIA + 2 (VLE PEM Table 2-2);
 *   se_blr/se_bctr[l] keep bit 30 of LR/CTR (e200z7 RM section 3.3);
 * - 16-bit compares, se_btsti and the 16-bit record forms write CR0;
 * - e_add16i, e_addi and se_addi add (rA), never (rA|0); the D and D8
 *   loads and stores use (rA|0), the SD4 ones rX itself.
 * Event totals as the Book E instructions count them (ppc_events.h): one
 * instruction whatever its length, branches by kind, loads and stores by
 * instruction and by register moved.
 */
#include "ppc_alu.h"
#include "ppc_mem.h"
#include "vle_decode.h"

static enum vle_result fault(struct ppc_cpu *c, unsigned ivor, uint32_t esr)
{
    ppc_fault(c, ivor, esr);
    return VLE_FAULT;
}

static uint32_t half(uint32_t v, unsigned flags)
{
    return (flags & VF_UNSIGNED) ? v & 0xffffu : (uint32_t)(int32_t)(int16_t)v;
}

static void compare(struct ppc_cpu *c, unsigned crf, uint32_t a, uint32_t b, unsigned flags)
{
    if (flags & VF_HALF) {
        a = half(a, flags);
        b = half(b, flags);
    }
    bool lt = (flags & VF_UNSIGNED) ? a < b : (int32_t)a < (int32_t)b;
    bool gt = (flags & VF_UNSIGNED) ? a > b : (int32_t)a > (int32_t)b;
    set_crf(c, crf, cmp_field(c, lt, gt));
}

/* lmw/stmw and the e_{l,st}mv*rw forms: word aligned or the alignment
 * interrupt, as lmw/stmw in Book E (ppc_exec.c). */
static bool aligned(struct ppc_cpu *c, uint32_t ea, bool store)
{
    if (ea & 3u) {
        ppc_data_fault(c, IVOR_ALIGN, ea, store);
        return false;
    }
    return true;
}

/* The registers e_lmv*rw/e_stmv*rw move, in order (Power ISA 2.06 Book
 * VLE "Load/Store Multiple Volatile"): GPRs r0 and r3-r12; CR, LR, CTR,
 * XER; or one pair of save/restore registers (supervisor only). */
static unsigned volatile_set(struct ppc_cpu *c, unsigned set, uint32_t **regs)
{
    static const uint8_t gprs[11] = { 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
    switch (set) {
    case 0:
        for (unsigned k = 0; k < 11; k++)
            regs[k] = &c->gpr[gprs[k]];
        return 11;
    case 1:
        regs[0] = &c->cr; regs[1] = &c->lr; regs[2] = &c->ctr; regs[3] = &c->xer;
        return 4;
    case 4: regs[0] = &c->srr0; regs[1] = &c->srr1; return 2;
    case 5: regs[0] = &c->csrr0; regs[1] = &c->csrr1; return 2;
    case 6: regs[0] = &c->dsrr0; regs[1] = &c->dsrr1; return 2;
    default: regs[0] = &c->mcsrr0; regs[1] = &c->mcsrr1; return 2;
    }
}

static enum vle_result multiple(struct ppc_cpu *c, const struct vle_insn *v, bool store)
{
    uint32_t *regs[32];
    unsigned n;
    if (v->op == V_LMW || v->op == V_STMW) {
        n = 32u - v->rd;
        for (unsigned k = 0; k < n; k++)
            regs[k] = &c->gpr[v->rd + k];
    } else {
        if (v->rd >= 4 && (c->msr & MSR_PR))
            return fault(c, IVOR_PROGRAM, ESR_PPR);
        n = volatile_set(c, v->rd, regs);
    }
    uint32_t ea = c->gpr[v->ra] + v->imm;
    if (!aligned(c, ea, store))
        return VLE_FAULT;
    for (unsigned k = 0; k < n; k++, ea += 4) {
        if (store) {
            if (!ppc_store(c, ea, 4, *regs[k]))
                return VLE_FAULT;
        } else {
            uint32_t val;
            if (!ppc_load(c, ea, 4, &val))
                return VLE_FAULT;
            *regs[k] = regs[k] == &c->xer ? val & (XER_SO | XER_OV | XER_CA | XER_BC) : val;
        }
    }
    c->ev[store ? PEV_STORE : PEV_LOAD]++;
    c->ev[store ? PEV_STORE_UOPS : PEV_LOAD_UOPS] += n;
    return VLE_DONE;
}

static enum vle_result memory(struct ppc_cpu *c, const struct vle_insn *v)
{
    uint32_t *r = c->gpr, ea = r[v->ra] + v->imm;
    if (v->op == V_STORE) {
        if (!ppc_store(c, ea, v->rb, r[v->rd]))
            return VLE_FAULT;
        c->ev[PEV_STORE]++;
        c->ev[PEV_STORE_UOPS]++;
    } else {
        uint32_t val;
        if (!ppc_load(c, ea, v->rb, &val))
            return VLE_FAULT;
        r[v->rd] = (v->flags & VF_SIGNED) ? (uint32_t)(int32_t)(int16_t)val : val;
        c->ev[PEV_LOAD]++;
        c->ev[PEV_LOAD_UOPS]++;
    }
    if (v->flags & VF_UPDATE)
        r[v->ra] = ea;
    return VLE_DONE;
}

/* The instructions that compute rd from ra and rb or an immediate. */
static void alu(struct ppc_cpu *c, const struct vle_insn *v)
{
    uint32_t *r = c->gpr, a = r[v->ra], b = r[v->rb], i = v->imm, res;
    unsigned rc = (v->flags & VF_RC) ? DF_RC : 0;
    switch (v->op) {
    case V_MR: res = a; break;
    case V_NOT: res = ~a; break;
    case V_NEG: res = -a; break;
    case V_EXTZB: res = a & 0xffu; break;
    case V_EXTSB: res = (uint32_t)(int32_t)(int8_t)a; break;
    case V_EXTZH: res = a & 0xffffu; break;
    case V_EXTSH: res = (uint32_t)(int32_t)(int16_t)a; break;
    case V_ADD: res = a + b; break;
    case V_SUBF: res = b - a; break;
    case V_MULLW: c->ev[PEV_MUL]++; res = a * b; break;
    case V_AND: res = a & b; break;
    case V_ANDC: res = a & ~b; break;
    case V_OR: res = a | b; break;
    case V_SLW: res = (b & 0x20u) ? 0 : a << (b & 31u); break;
    case V_SRW: res = (b & 0x20u) ? 0 : a >> (b & 31u); break;
    case V_SRAW: res = sra(c, a, b & 0x3fu); break;
    case V_RLW: res = rotl(a, b); break;
    case V_ADDI: res = add3(c, a, i, 0, (v->flags & VF_CA) != 0, 0); break;
    case V_SUBFIC: res = add3(c, ~a, i, 1, true, 0); break;
    case V_MULLI: c->ev[PEV_MUL]++; res = a * i; break;
    case V_ANDI: res = a & i; break;
    case V_ORI: res = a | i; break;
    case V_XORI: res = a ^ i; break;
    case V_SLWI: res = a << i; break;
    case V_SRWI: res = a >> i; break;
    case V_SRAWI: res = sra(c, a, i); break;
    case V_RLWI: res = rotl(a, i); break;
    case V_LI: res = i; break;
    case V_RLWINM: res = rotl(a, v->rb) & i; break;
    default: /* V_RLWIMI */ res = (rotl(a, v->rb) & i) | (r[v->rd] & ~i); break;
    }
    r[v->rd] = res;
    if (rc)
        set_cr0(c, res);
}

enum vle_result ppc_exec_vle(struct ppc_cpu *c, const struct ppc_fetch *f, uint32_t *word)
{
    uint32_t pc = c->pc, off = pc & 0xfffu;
    uint32_t hi = ppc_be_get(f->host + off, 2), lo = 0;
    if (vle_length(hi) == 4) {
        if (off == 0xffeu) {
            if (!ppc_fetch_half2(c, pc, &lo))
                return VLE_FAULT;
        } else {
            lo = ppc_be_get(f->host + off + 2, 2);
        }
    }
    struct vle_insn v;
    vle_decode(&v, hi, lo);
    uint32_t next = pc + v.len;
    bool lk = (v.flags & VF_LK) != 0;
    switch (v.op) {
    case V_ILLEGAL:
        return fault(c, IVOR_PROGRAM, ESR_PIL);
    case V_BOOKE:
        *word = v.imm;
        return VLE_BOOKE;
    case V_ISYNC:
        break;
    case V_SC: /* SRR0 is the next instruction, as for sc (Book III-E 7.5.10) */
        c->ev[PEV_SC_TRAP]++;
        c->esr = ESR_VLEMI;
        ppc_take(c, IVOR_SYSCALL, next);
        return VLE_FAULT;
    case V_RFI:
        if (c->msr & MSR_PR)
            return fault(c, IVOR_PROGRAM, ESR_PPR);
        ppc_return(c, v.imm);
        return VLE_CONTEXT;
    case V_BLR: {
        uint32_t target = (v.rd ? c->ctr : c->lr) & ~1u;
        branch_events(c, 0x14u, true, lk);
        if (lk)
            c->lr = next;
        c->pc = target;
        return VLE_DONE;
    }
    case V_B:
        branch_events(c, 0x14u, true, lk);
        if (lk)
            c->lr = next;
        c->pc = pc + v.imm;
        return VLE_DONE;
    case V_BC: {
        bool taken = bc_taken(c, v.rd, v.ra, true);
        branch_events(c, v.rd, taken, lk);
        if (lk)
            c->lr = next;
        c->pc = taken ? pc + v.imm : next;
        return VLE_DONE;
    }
    case V_MFLR: c->gpr[v.rd] = c->lr; break;
    case V_MTLR: c->lr = c->gpr[v.rd]; break;
    case V_MFCTR: c->gpr[v.rd] = c->ctr; break;
    case V_MTCTR: c->ctr = c->gpr[v.rd]; break;
    case V_BTSTI: /* CR0 = 0b00 || (bit ? GT : EQ) || SO [VLE PEM "se_btsti"] */
        set_crf(c, 0, (((c->gpr[v.ra] >> (31 - v.imm)) & 1u) ? CR_GT : CR_EQ) | c->xer >> 31);
        break;
    case V_CMP: compare(c, v.rd, c->gpr[v.ra], c->gpr[v.rb], v.flags); break;
    case V_CMPI: compare(c, v.rd, c->gpr[v.ra], v.imm, v.flags); break;
    case V_LOAD: case V_STORE: {
        enum vle_result res = memory(c, &v);
        if (res != VLE_DONE)
            return res;
        break;
    }
    case V_LMW: case V_LMV: case V_STMW: case V_STMV: {
        enum vle_result res = multiple(c, &v, v.op == V_STMW || v.op == V_STMV);
        if (res != VLE_DONE)
            return res;
        break;
    }
    case V_CROP: {
        uint32_t bit = 0x80000000u >> v.rd;
        bool b = crop(v.imm, cr_bit(c, v.ra), cr_bit(c, v.rb));
        c->cr = b ? c->cr | bit : c->cr & ~bit;
        break;
    }
    case V_MCRF: set_crf(c, v.rd, (c->cr >> (28 - 4 * v.ra)) & 0xfu); break;
    default: alu(c, &v); break;
    }
    c->pc = next;
    return VLE_DONE;
}
