/*
 * test_cpu.c - instruction decode and execution by class (MD00086), with
 * expected values worked out by hand from the instruction definitions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "asm.h"

#define T0 8
#define T1 9
#define T2 10
#define T3 11
#define RA 31

static struct cpu *run(struct malta_machine *b, uint64_t n)
{
    cpu_run(&b->cpu, n);
    return &b->cpu;
}

static void test_alu_and_shifts(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0x8000), ORI(T0, T0, 0x00f0), SRA(T1, T0, 4), ROTR(T2, T0, 8),
         ADDIU(T3, 0, -1), ADDU(T3, T3, T3), SLL(0, T0, 1));
    struct cpu *c = run(b, 7);
    assert_int_equal(c->gpr[T0], 0x800000f0u);
    assert_int_equal(c->gpr[T1], 0xf800000fu);
    assert_int_equal(c->gpr[T2], 0xf0800000u);
    assert_int_equal(c->gpr[T3], 0xfffffffeu);
    assert_int_equal(c->gpr[0], 0);
    assert_int_equal(c->pc, CODE + 28);
}

static void test_r2_bit_ops(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0x1234), ORI(T0, T0, 0x5678), CLZ(T1, T0), EXT(T2, T0, 4, 12),
         ADDIU(T3, 0, 0), INS(T3, T0, 8, 8), SEB(T1, T0), WSBH(T2, T0));
    struct cpu *c = run(b, 5);
    assert_int_equal(c->gpr[T1], 3);           /* clz(0x12345678) */
    assert_int_equal(c->gpr[T2], 0x567);       /* bits 15:4 */
    run(b, 3);
    assert_int_equal(c->gpr[T3], 0x7800);      /* low byte of rs into 15:8 */
    assert_int_equal(c->gpr[T1], 0x78);        /* seb */
    assert_int_equal(c->gpr[T2], 0x34127856u); /* wsbh */
}

static void test_branch_delay_slot(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    /* beq taken: the delay slot executes, the next one is skipped */
    LOAD(b, BEQ(0, 0, 2), ADDIU(T0, 0, 1), ADDIU(T1, 0, 1), ADDIU(T2, 0, 1));
    struct cpu *c = run(b, 3);
    assert_int_equal(c->gpr[T0], 1);
    assert_int_equal(c->gpr[T1], 0);
    assert_int_equal(c->gpr[T2], 1);
}

static void test_branch_likely_nullifies(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, ADDIU(T0, 0, 5), BEQL(T0, 0, 4), ADDIU(T1, 0, 1), ADDIU(T2, 0, 1));
    struct cpu *c = run(b, 3);
    assert_int_equal(c->gpr[T1], 0); /* not taken: slot nullified */
    assert_int_equal(c->gpr[T2], 1);
    assert_int_equal(c->ev[EV_INSNS], 3);
}

static void test_jalr_link(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0x8000), ORI(T0, T0, 0x1014), JALR(RA, T0), NOP, ADDIU(T1, 0, 1),
         ADDIU(T1, T1, 7));
    struct cpu *c = run(b, 5);
    assert_int_equal(c->gpr[RA], CODE + 16);
    assert_int_equal(c->gpr[T1], 7);
    assert_int_equal(c->ev[EV_JRXX], 1);
}

static void test_loads_stores_unaligned(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    mem_poke(&b->cpu, 0x80002000u, 4, 0x01020304u);
    mem_poke(&b->cpu, 0x80002004u, 4, 0x05060708u);
    LOAD(b, LUI(T0, 0x8000), ORI(T0, T0, 0x2000), LWL(T1, 1, T0), LWR(T1, 4, T0),
         SW(T1, 8, T0), LW(T2, 8, T0));
    struct cpu *c = run(b, 6);
    assert_int_equal(c->gpr[T1], 0x02030405u);
    assert_int_equal(c->gpr[T2], 0x02030405u);
    assert_int_equal(c->ev[EV_LOAD], 3);
    assert_int_equal(c->ev[EV_STORE], 1);
}

static void test_ll_sc(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0x8001), LL(T1, 0, T0), ADDIU(T1, T1, 1),
         SC(T1, 0, T0), ADDIU(T2, 0, 9), SC(T2, 0, T0));
    struct cpu *c = run(b, 6);
    uint32_t v;
    mem_peek(c, 0x80010000u, 4, &v);
    assert_int_equal(c->gpr[T1], 1);
    assert_int_equal(c->gpr[T2], 0);
    assert_int_equal(v, 1);
    assert_int_equal(c->ev[EV_SC], 2);
    assert_int_equal(c->ev[EV_SC_FAIL], 1);
}

static void test_mul_div(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, ADDIU(T0, 0, -7), ADDIU(T1, 0, 3), MULT(T0, T1), MFHI(T2), MFLO(T3),
         DIV(T0, T1), MUL(T0, T0, T1), MFHI(T1), MFLO(T2));
    struct cpu *c = run(b, 5);
    assert_int_equal(c->gpr[T2], 0xffffffffu);
    assert_int_equal(c->gpr[T3], (uint32_t)-21);
    run(b, 4);
    assert_int_equal(c->gpr[T0], (uint32_t)-21);
    assert_int_equal(c->gpr[T1], (uint32_t)-1); /* -7 % 3 */
    assert_int_equal(c->gpr[T2], (uint32_t)-2); /* -7 / 3 */
    assert_int_equal(c->ev[EV_MULDIV], 3);
}

static void test_cop1_unusable(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, 0x44094000u /* mfc1 t1, f0 */);
    struct cpu *c = run(b, 1);
    assert_int_equal((c->cause >> 2) & 31u, EXC_CPU);
    assert_int_equal((c->cause >> 28) & 3u, 1);
    assert_int_equal(c->config1 & 1u, 0); /* Config1.FP */
}

static void test_reserved_instruction(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, 0xfc000000u);
    struct cpu *c = run(b, 1);
    assert_int_equal((c->cause >> 2) & 31u, EXC_RI);
    assert_int_equal(c->epc, CODE);
    assert_int_equal(c->pc, 0x80000180u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alu_and_shifts),
        cmocka_unit_test(test_r2_bit_ops),
        cmocka_unit_test(test_branch_delay_slot),
        cmocka_unit_test(test_branch_likely_nullifies),
        cmocka_unit_test(test_jalr_link),
        cmocka_unit_test(test_loads_stores_unaligned),
        cmocka_unit_test(test_ll_sc),
        cmocka_unit_test(test_mul_div),
        cmocka_unit_test(test_cop1_unusable),
        cmocka_unit_test(test_reserved_instruction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
