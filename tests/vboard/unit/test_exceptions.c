/*
 * test_exceptions.c - CP0 and exception behaviour (MD00090 chapter 6, 9):
 * vectors under BEV/EXL/EBase, EPC/BD in delay slots, overflow leaves rd
 * unchanged, TLB refill for mapped segments, Status/Cause writable masks,
 * the timer interrupt on IP7 and eret.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "asm.h"

#define T0 8
#define T1 9

static void test_syscall_in_delay_slot(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, BEQ(0, 0, 4), SYSCALL);
    struct cpu *c = &b->cpu;
    cpu_run(c, 2);
    assert_int_equal((c->cause >> 2) & 31u, EXC_SYS);
    assert_true(c->cause & CAUSE_BD);
    assert_int_equal(c->epc, CODE);           /* the branch */
    assert_int_equal(c->pc, 0x80000180u);     /* EBase + 0x180 */
    assert_true(c->status & ST_EXL);
    assert_int_equal(c->ev[EV_EXC], 1);
}

static void test_bev_vector(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    b->cpu.status = ST_BEV;
    LOAD(b, SYSCALL);
    cpu_run(&b->cpu, 1);
    assert_int_equal(b->cpu.pc, 0xbfc00380u);
}

static void test_overflow_keeps_rd(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0x7fff), ORI(T0, T0, 0xffff), ADDIU(T1, 0, 5), ADDI(T1, T0, 1));
    struct cpu *c = &b->cpu;
    cpu_run(c, 4);
    assert_int_equal((c->cause >> 2) & 31u, EXC_OV);
    assert_int_equal(c->gpr[T1], 5);
    assert_int_equal(c->ev[EV_INSNS], 3); /* the excepting one did not complete */
}

static void test_address_error(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0x8000), LW(T1, 2, T0));
    struct cpu *c = &b->cpu;
    cpu_run(c, 2);
    assert_int_equal((c->cause >> 2) & 31u, EXC_ADEL);
    assert_int_equal(c->badvaddr, 0x80000002u);
}

static void test_tlb_refill_vectors(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0xc000), SW(T1, 16, T0));
    struct cpu *c = &b->cpu;
    cpu_run(c, 2);
    assert_int_equal((c->cause >> 2) & 31u, EXC_TLBS);
    assert_int_equal(c->pc, 0x80000000u); /* refill vector, EXL was 0 */
    assert_int_equal(c->badvaddr, 0xc0000010u);
    /* with EXL already set the general vector is used */
    b = fixture(PMU_CORE_34K);
    c = &b->cpu;
    c->status = ST_EXL;
    LOAD(b, LW(T1, 0x100, 0));
    cpu_run(c, 1);
    assert_int_equal((c->cause >> 2) & 31u, EXC_TLBL);
    assert_int_equal(c->pc, 0x80000180u);
    /* kuseg is unmapped while ERL=1 */
    b = fixture(PMU_CORE_34K);
    c = &b->cpu;
    c->status = ST_ERL;
    mem_poke(c, 0x80000100u, 4, 0xcafef00du);
    LOAD(b, LW(T1, 0x100, 0));
    cpu_run(c, 1);
    assert_int_equal(c->gpr[T1], 0xcafef00du);
}

static void test_status_cause_masks(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    cp0_write(c, 12, 0, 0xffffffffu);
    /* no CU1/FR (no FPU), no RE, MX, TS; bits 21, 17:16, 7:5 reserved */
    assert_int_equal(cp0_read(c, 12, 0), 0x1058ff1fu);
    cp0_write(c, 13, 0, 0xffffffffu);
    assert_int_equal(cp0_read(c, 13, 0) & ~0x0000fc00u, 0x08800300u);
    cp0_write(c, 15, 1, 0xffffffffu); /* EBase: bits 29:12 writable, 31:30 = 10 */
    assert_int_equal(cp0_read(c, 15, 1), 0xbffff000u);
    assert_int_equal(cp0_read(c, 15, 0), 0x00019500u);
    assert_int_equal(cp0_read(c, 16, 1) & 0x13u, 0x12u); /* PC=1, EP=1, FP=0 */
}

static void test_timer_interrupt(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    /* Compare = Count + 10: Count advances every second cycle */
    cp0_write(c, 9, 0, 0);
    cp0_write(c, 11, 0, 10);
    c->status = ST_IE | (0x80u << ST_IM_SHIFT);
    uint32_t loop[] = { BEQ(0, 0, -1), NOP };
    put_code(b, CODE, loop, 2);
    assert_int_equal(cpu_quiet_budget(c), 20);
    cpu_run(c, cpu_quiet_budget(c));
    cpu_update_timer(c);
    assert_true(cp0_read(c, 13, 0) & (CAUSE_TI | 1u << 15));
    assert_true(cpu_check_interrupts(c));
    assert_int_equal((c->cause >> 2) & 31u, EXC_INT);
    assert_int_equal(c->pc, 0x80000180u);
    /* writing Compare acknowledges it */
    cp0_write(c, 11, 0, 5);
    assert_false(cp0_read(c, 13, 0) & CAUSE_TI);
}

static void test_eret(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    c->status = ST_EXL;
    c->epc = CODE + 8;
    c->llbit = true;
    LOAD(b, ERET, ADDIU(T0, 0, 1), ADDIU(T1, 0, 1));
    cpu_run(c, 1);
    cpu_run(c, 1);
    assert_int_equal(c->gpr[T0], 0); /* no delay slot */
    assert_int_equal(c->gpr[T1], 1);
    assert_false(c->status & ST_EXL);
    assert_false(c->llbit);
}

/* A fetch fault: no instruction began, so none is uncounted; the vector
 * itself faulting again makes an exception loop that still progresses. */
static void test_fetch_fault_counts(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    struct cpu *c = &b->cpu;
    LOAD(b, LUI(T0, 0xb000), JR(T0), NOP);  /* kseg1 0xb0000000: nothing there */
    cpu_run(c, 4);
    assert_int_equal((c->cause >> 2) & 31u, EXC_IBE);
    assert_int_equal(c->epc, 0xb0000000u);
    assert_int_equal(c->ev[EV_INSNS], 3);
    assert_int_equal(c->ev[EV_EXC], 1);
}

static void test_softres(void **state)
{
    (void)state;
    struct malta_machine *b = fixture(PMU_CORE_34K);
    LOAD(b, LUI(T0, 0xbf00), ADDIU(T1, 0, 0x42), SW(T1, 0x500, T0));
    assert_int_equal(cpu_run(&b->cpu, 10), RUN_EVENT);
    assert_true(b->board.reset_requested);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syscall_in_delay_slot),
        cmocka_unit_test(test_bev_vector),
        cmocka_unit_test(test_overflow_keeps_rd),
        cmocka_unit_test(test_address_error),
        cmocka_unit_test(test_tlb_refill_vectors),
        cmocka_unit_test(test_status_cause_masks),
        cmocka_unit_test(test_timer_interrupt),
        cmocka_unit_test(test_eret),
        cmocka_unit_test(test_fetch_fault_counts),
        cmocka_unit_test(test_softres),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
