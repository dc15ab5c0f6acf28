/*
 * test_mips16.c - the MIPS16e ASE (vboard/mips/mips16.c) where the
 * differential test against QEMU cannot look: which cores have it, what
 * the R10000/R12000 do instead, debug-mode entry and DERET (DEPC bit 0),
 * delay-slot rules, link values, and the I-cache model of a 32-bit
 * instruction across a line. Encodings from MD00076's format tables.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "asm.h"
#include "ejtag.h"

/* MIPS16e encodings (MD00076 "MIPS16e Instruction Formats") */
#define M16_LI(rx, imm)   (0x6800u | (rx) << 8 | (imm))          /* rx: 3-bit field */
#define M16_EXT_LI(rx, imm) \
    ((0xf000u | ((imm) >> 11 & 0x1fu) | ((imm) >> 5 & 0x3fu) << 5) << 16 | \
     (0x6800u | (rx) << 8 | ((imm) & 0x1fu)))
#define M16_JR(rx)        (0xe800u | (rx) << 8)                  /* jr rx */
#define M16_JALR(rx)      (0xe840u | (rx) << 8)                  /* jalr ra, rx */
#define M16_JALRC(rx)     (0xe8c0u | (rx) << 8)                  /* jalrc ra, rx */
#define M16_SDBBP         0xe801u
#define M16_BREAK         0xe805u
#define M16_NOP           0x6500u
#define M16_JAL_HI(t)     (0x1800u | ((t) >> 16 & 0x1fu) << 5 | ((t) >> 21 & 0x1fu))
#define M16_JAL_LO(t)     ((t) & 0xffffu)
#define JALX32(target)    (0x74000000u | ((target) >> 2 & 0x03ffffffu))
#define DERET             0x4200001fu

#define V0 2 /* 3-bit field 2 is $2 */
#define T0 8
#define RA 31

static void put16(struct malta_machine *b, uint32_t va, const uint16_t *h, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        mem_poke(&b->cpu, va + 2 * i, 2, h[i]);
}

#define LOAD16(b, va, ...) do { \
        const uint16_t code_[] = { __VA_ARGS__ }; \
        put16((b), (va), code_, sizeof(code_) / sizeof(code_[0])); \
    } while (0)

static unsigned exc_code(const struct cpu *c) { return (c->cause >> 2) & 0x1fu; }

/* Runs one MIPS32 instruction (ERET, DERET) from CODE + 0x100. */
static void run_word(struct malta_machine *b, uint32_t word)
{
    put_code(b, CODE + 0x100, &word, 1);
    b->cpu.pc = CODE + 0x100;
    b->cpu.npc = b->cpu.pc + 4;
    cpu_run(&b->cpu, 1);
}

static void test_which_cores(void **state)
{
    (void)state;
    const struct { enum pmu_core_id m; bool has; } t[] = {
        { PMU_CORE_34K, true }, { PMU_CORE_24K, true }, { PMU_CORE_74K, true },
        { PMU_CORE_R10K, false }, { PMU_CORE_R12K, false },
    };
    for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        struct malta_machine *b = fixture(t[i].m);
        assert_non_null(b);
        assert_int_equal(b->cpu.mips16, t[i].has);
        assert_int_equal((b->cpu.config1 >> 2) & 1u, t[i].has); /* Config1.CA */
    }
}

/* jr to an odd address: MIPS16e on the 34K; on the R10000/R12000 (MIPS IV)
 * the fetch of the misaligned target is an address error, EPC and
 * BadVAddr the target (MIPS IV ISA, JR). */
static void test_odd_jump_target(void **state)
{
    (void)state;
    enum pmu_core_id cores[] = { PMU_CORE_34K, PMU_CORE_R10K, PMU_CORE_R12K };
    for (unsigned i = 0; i < 3; i++) {
        struct malta_machine *b = fixture(cores[i]);
        struct cpu *c = &b->cpu;
        LOAD(b, LUI(T0, 0x8000), ORI(T0, T0, 0x1021), JR(T0), NOP);
        LOAD16(b, CODE + 0x20, M16_LI(V0, 0x5a));
        cpu_run(c, 5);
        if (cores[i] == PMU_CORE_34K) {
            assert_int_equal(c->gpr[2], 0x5a);
            assert_int_equal(c->pc, CODE + 0x23);
            assert_int_equal(c->ev[EV_INSNS], 5);
            assert_int_equal(c->ev[EV_MIPS16], 1);
        } else {
            assert_int_equal(exc_code(c), EXC_ADEL);
            assert_int_equal(c->epc, CODE + 0x21);
            assert_int_equal(c->badvaddr, CODE + 0x21);
            assert_int_equal(c->gpr[2], 0);
            assert_int_equal(c->ev[EV_INSNS], 4);
        }
    }
}

/* MIPS32 jalx: to MIPS16e (link = pc + 8, even) on the 34K; Reserved
 * Instruction on the R10000/R12000, where opcode 011101 is reserved. */
static void test_jalx32(void **state)
{
    (void)state;
    enum pmu_core_id cores[] = { PMU_CORE_34K, PMU_CORE_R10K, PMU_CORE_R12K };
    for (unsigned i = 0; i < 3; i++) {
        struct malta_machine *b = fixture(cores[i]);
        struct cpu *c = &b->cpu;
        LOAD(b, JALX32(CODE + 0x40), NOP);
        LOAD16(b, CODE + 0x40, M16_LI(V0, 7));
        uint32_t ra = c->gpr[RA]; /* the boot state's */
        cpu_run(c, 3);
        if (cores[i] == PMU_CORE_34K) {
            assert_int_equal(c->gpr[RA], CODE + 8);
            assert_int_equal(c->gpr[2], 7);
            assert_int_equal(c->pc, CODE + 0x43);
        } else {
            assert_int_equal(exc_code(c), EXC_RI);
            assert_int_equal(c->epc, CODE);
            assert_int_equal(c->gpr[RA], ra);
        }
    }
}

/* Links keep MIPS16e mode (bit 0): JAL pc + 6, JALR pc + 4 (after the
 * slot), JALRC pc + 2 (no slot); JR to an even address enters MIPS32. */
static void test_links(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    uint32_t t = (CODE + 0x40) >> 2;
    LOAD16(b, CODE, M16_JAL_HI(t), M16_JAL_LO(t), M16_NOP);
    LOAD16(b, CODE + 0x40, M16_JALRC(V0));
    LOAD16(b, CODE + 0x80, M16_JALR(V0), M16_NOP);
    c->pc = CODE + 1;
    c->gpr[2] = CODE + 0x81;
    cpu_run(c, 2); /* jal + slot */
    assert_int_equal(c->gpr[RA], CODE + 7);
    assert_int_equal(c->pc, CODE + 0x41);
    cpu_run(c, 1); /* jalrc */
    assert_int_equal(c->gpr[RA], CODE + 0x43);
    assert_int_equal(c->pc, CODE + 0x81);
    c->gpr[2] = CODE + 0xc0; /* even: MIPS32 after the slot */
    put_code(b, CODE + 0xc0, (const uint32_t[]){ ADDIU(T0, 0, 9) }, 1);
    cpu_run(c, 3); /* jalr, slot, addiu in MIPS32 */
    assert_int_equal(c->gpr[RA], CODE + 0x85);
    assert_int_equal(c->gpr[T0], 9);
    assert_int_equal(c->pc, CODE + 0xc4);
    assert_int_equal(c->ev[EV_JJAL], 1);
    assert_int_equal(c->ev[EV_BRANCH], 3);
}

/* An EXTENDed instruction or JAL in a delay slot, and a jump encoding
 * that MD00076 reserves (ry = 011): Reserved Instruction; in the slot with
 * Cause.BD and EPC = the 2-byte jump, bit 0 set. */
static void test_reserved_forms(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    uint32_t ext = M16_EXT_LI(V0, 0x1234);
    LOAD16(b, CODE, M16_JR(V0), (uint16_t)(ext >> 16), (uint16_t)ext);
    c->pc = CODE + 1;
    c->gpr[2] = CODE + 0x41;
    cpu_run(c, 2);
    assert_int_equal(exc_code(c), EXC_RI);
    assert_true(c->cause & CAUSE_BD);
    assert_int_equal(c->epc, CODE + 1);
    assert_int_equal(c->ev[EV_INSNS], 1);
    assert_int_equal(c->ev[EV_MIPS16], 1); /* the jr; not the faulting slot */

    b = fixture(PMU_CORE_34K);
    c = &b->cpu;
    LOAD16(b, CODE, 0xe860u); /* RR function 0, ry = 011 */
    c->pc = CODE + 1;
    cpu_run(c, 1);
    assert_int_equal(exc_code(c), EXC_RI);
    assert_false(c->cause & CAUSE_BD);
    assert_int_equal(c->epc, CODE + 1);
}

/* SDBBP in MIPS16e code: Debug.DBp, DEPC with bit 0 (the ISA mode), debug
 * vector in MIPS32; DERET returns to MIPS16e. In a jump's delay slot
 * DEPC names the jump and Debug.DBd is set (MD00047 "DEPC"). */
static void test_sdbbp_depc(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    LOAD16(b, CODE + 0x20, M16_SDBBP, M16_LI(V0, 3));
    c->pc = CODE + 0x21;
    cpu_run(c, 1);
    assert_true(c->debug & DBG_DM);
    assert_true(c->debug & DBG_DBP);
    assert_false(c->debug & DBG_DBD);
    assert_int_equal(c->depc, CODE + 0x21);
    assert_int_equal(c->pc, 0xbfc00480u);
    c->depc += 2; /* what a debugger does to step over it */
    run_word(b, DERET);
    assert_false(c->debug & DBG_DM);
    assert_int_equal(c->pc, CODE + 0x23);
    cpu_run(c, 1);
    assert_int_equal(c->gpr[2], 3);

    b = fixture(PMU_CORE_34K);
    c = &b->cpu;
    LOAD16(b, CODE, M16_JR(V0), M16_SDBBP);
    c->pc = CODE + 1;
    c->gpr[2] = CODE + 0x41;
    cpu_run(c, 2);
    assert_true(c->debug & DBG_DBD);
    assert_int_equal(c->depc, CODE + 1);
}

/* Debug.SSt after a MIPS16e instruction: DEPC is the next one, bit 0 set. */
static void test_single_step_depc(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    LOAD16(b, CODE, M16_LI(V0, 1), M16_LI(V0, 2));
    c->pc = CODE + 1;
    c->debug = DBG_SST;
    cpu_run(c, 1);
    assert_true(c->debug & DBG_DSS);
    assert_int_equal(c->depc, CODE + 3);
    assert_int_equal(c->gpr[2], 1);
}

/* EJTAG instruction breakpoints compare IBAn with the PC whose bit 0 is the
 * ISA mode (MD00047 IB_match, MIPS16 form): IBA0 = address | 1 stops at
 * the MIPS16e instruction there (Debug.DIB, DEPC odd), the even address
 * does not. */
static void test_ibreak_isa_bit(void **state)
{
    (void)state;
    const uint32_t iba0 = 0xff301100u; /* IBM0 +8, IBASID0 +0x10, IBC0 +0x18 */
    for (unsigned odd = 0; odd < 2; odd++) {
        struct malta_machine *b = fixture(PMU_CORE_34K);
        struct cpu *c = &b->cpu;
        c->ejtag = ejtag_new(c);
        assert_non_null(c->ejtag);
        c->slow_checks = true;
        ejtag_drseg_write(c->ejtag, iba0, CODE + 0x22 + odd);
        ejtag_drseg_write(c->ejtag, iba0 + 0x08, 0);
        ejtag_drseg_write(c->ejtag, iba0 + 0x18, 1); /* IBC0.BE */
        LOAD16(b, CODE + 0x20, M16_LI(V0, 1), M16_LI(V0, 2), M16_LI(V0, 3));
        c->pc = CODE + 0x21;
        cpu_run(c, 3);
        if (odd) {
            assert_true(c->debug & DBG_DM);
            assert_true(c->debug & DBG_DIB);
            assert_int_equal(c->depc, CODE + 0x23);
            assert_int_equal(c->gpr[2], 1);
        } else {
            assert_false(c->debug & DBG_DM);
            assert_int_equal(c->gpr[2], 3);
        }
        ejtag_free(c->ejtag);
        c->ejtag = NULL;
    }
}

/* BREAK in MIPS16e code: EPC bit 0; ERET to an odd EPC resumes MIPS16e. */
static void test_break_eret(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    LOAD16(b, CODE + 0x20, M16_BREAK, M16_LI(V0, 4));
    c->pc = CODE + 0x21;
    cpu_run(c, 1);
    assert_int_equal(exc_code(c), EXC_BP);
    assert_int_equal(c->epc, CODE + 0x21);
    assert_int_equal(c->pc & 1u, 0); /* the vector runs MIPS32 */
    c->epc += 2;
    run_word(b, ERET); /* it ends the slice */
    assert_int_equal(c->pc, CODE + 0x23);
    cpu_run(c, 1);
    assert_int_equal(c->gpr[2], 4);
    assert_int_equal(c->pc, CODE + 0x25);
    /* ERET with Status.ERL returns to ErrorEPC, whose bit 0 is the mode too */
    c->status |= ST_ERL;
    c->errorepc = CODE + 0x23;
    run_word(b, ERET);
    assert_int_equal(c->pc, CODE + 0x23);
    assert_false(c->status & ST_ERL);
}

/* A 32-bit instruction across an I-cache line touches both lines: two
 * accesses (two misses, cold), one instruction; the next line then hits. */
static void test_fetch_across_line(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    uint32_t ext = M16_EXT_LI(V0, 0xbeef);
    LOAD16(b, CODE + 0x1e, (uint16_t)(ext >> 16), (uint16_t)ext, M16_LI(V0, 1));
    c->pc = CODE + 0x1f;
    cpu_run(c, 1);
    assert_int_equal(c->gpr[2], 0xbeef);
    assert_int_equal(c->ev[EV_INSNS], 1);
    assert_int_equal(c->ev[EV_IC_ACCESS], 2);
    assert_int_equal(c->ev[EV_IC_MISS], 2);
    cpu_run(c, 1);
    assert_int_equal(c->gpr[2], 1);
    assert_int_equal(c->ev[EV_IC_ACCESS], 3);
    assert_int_equal(c->ev[EV_IC_MISS], 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_which_cores),
        cmocka_unit_test(test_odd_jump_target),
        cmocka_unit_test(test_jalx32),
        cmocka_unit_test(test_links),
        cmocka_unit_test(test_reserved_forms),
        cmocka_unit_test(test_sdbbp_depc),
        cmocka_unit_test(test_single_step_depc),
        cmocka_unit_test(test_ibreak_isa_bit),
        cmocka_unit_test(test_break_eret),
        cmocka_unit_test(test_fetch_across_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
