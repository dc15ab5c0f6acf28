/*
 * test_ppc_cpu.c - what the differential tests against QEMU cannot check,
 * because QEMU 7.2 does it differently or not at all: what is not
 * implemented (SPE, floating point) raising the illegal-
 * instruction program interrupt, the MSR bits each interrupt class keeps
 * (Book III-E 7.5), the debug interrupt's save registers per core (CSRR0/1
 * on the e500v2; DSRR0/1 on the e200z7 with HID0[DAPUEN]), the trap debug
 * event, a decrementer that stops at 0 without TCR[ARE], TLB0 on the
 * e500v2 only, code written at run time, and doze.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "ppc_asm.h"
#include "ppc_internal.h"
#include "ppc_rig.h"

static void run_one(const char *cpu, uint32_t insn, uint32_t *esr, uint32_t *pc)
{
    struct rig r;
    rig_init(&r, cpu);
    rig_put(&r, RIG_CODE, &insn, 1);
    rig_run(&r, 3, RIG_VECTOR(IVOR_PROGRAM));
    *esr = r.c.esr;
    *pc = r.c.pc;
    rig_free(&r);
}

static void test_not_implemented_is_illegal(void **state)
{
    (void)state;
    const uint32_t insns[] = {
        0x10221a00u, /* evaddw r1,r2,r3 (SPE, primary opcode 4) */
        0xfc22182au, /* fadd f1,f2,f3 */
        0xc8010000u, /* lfd f0,0(r1) */
        0x7c6024aau, /* lswi r3,r0,4 */
        0x7c00039cu, /* dcblc (cache locking) */
    };
    const char *cpus[] = { "e200z7", "e500v2" };
    for (size_t k = 0; k < 2; k++)
        for (size_t i = 0; i < sizeof(insns) / sizeof(insns[0]); i++) {
            uint32_t esr, pc;
            run_one(cpus[k], insns[i], &esr, &pc);
            assert_int_equal(pc, RIG_VECTOR(IVOR_PROGRAM));
            assert_int_equal(esr, ESR_PIL);
        }
}

/* MAS2 0x20 is VLE on the e200 and X1 on the e500 (ignored). Book E code
 * in a VLE page is decoded as VLE, with no mode bit to catch it (VLE PEM
 * 1.1): "b ." (48000000) is se_li r0,0 then se_illegal, the illegal-
 * instruction program interrupt with ESR[VLEMI] at the second halfword. */
static void test_vle_page(void **state)
{
    (void)state;
    const char *cpus[] = { "e200z7", "e500v2" };
    for (size_t k = 0; k < 2; k++) {
        struct rig r;
        rig_init(&r, cpus[k]);
        r.c.mmu.tlb1[1] = (struct ppc_tlbe){ MAS1_VALID | 1u << 8, 0x40000000u | MAS2_VLE,
                                             RIG_DATA | 0x3fu, 0 };
        uint32_t spin = i_b(0);
        rig_put(&r, RIG_DATA, &spin, 1);
        r.c.pc = 0x40000000u;
        rig_run(&r, 3, RIG_VECTOR(IVOR_PROGRAM));
        if (k == 0) {
            assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
            assert_int_equal(r.c.esr, ESR_PIL | ESR_VLEMI);
            assert_int_equal(r.c.srr0, 0x40000002u);
        } else {
            assert_int_equal(r.c.pc, 0x40000000u);
        }
        rig_free(&r);
    }
}

/* Base class keeps CE, ME, DE; critical keeps ME; debug class CE and ME. */
static void test_interrupt_msr(void **state)
{
    (void)state;
    const uint32_t all = MSR_CE | MSR_ME | MSR_DE | MSR_EE | MSR_PR | MSR_PMM;
    struct rig r;
    rig_init(&r, "e500v2");
    rig_set_msr(&r, all);
    ppc_take(&r.c, IVOR_SYSCALL, 0x1234);
    assert_int_equal(r.c.msr, MSR_CE | MSR_ME | MSR_DE);
    assert_int_equal(r.c.srr1, all);
    assert_int_equal(r.c.srr0, 0x1234);
    rig_set_msr(&r, all);
    ppc_take(&r.c, IVOR_DEBUG, 0x5678); /* e500v2: critical class */
    assert_int_equal(r.c.msr, MSR_ME);
    assert_int_equal(r.c.csrr0, 0x5678);
    assert_int_equal(r.c.csrr1, all);
    ppc_return(&r.c, 1); /* rfci */
    assert_int_equal(r.c.msr, all);
    assert_int_equal(r.c.pc, 0x5678);
    rig_free(&r);

    rig_init(&r, "e200z7");
    rig_set_msr(&r, all);
    ppc_take(&r.c, IVOR_DEBUG, 0x100); /* DAPUEN clear: CSRR */
    assert_int_equal(r.c.csrr0, 0x100);
    r.c.hid0 = 0x00000100u; /* HID0[DAPUEN] */
    rig_set_msr(&r, all);
    ppc_take(&r.c, IVOR_DEBUG, 0x200);
    assert_int_equal(r.c.dsrr0, 0x200);
    assert_int_equal(r.c.dsrr1, all);
    assert_int_equal(r.c.csrr0, 0x100);
    assert_int_equal(r.c.msr, MSR_CE | MSR_ME);
    ppc_return(&r.c, 2); /* rfdi */
    assert_int_equal(r.c.pc, 0x200);
    assert_int_equal(r.c.msr, all);
    rig_free(&r);
}

/* tw with DBCR0[IDM|TRAP] and MSR[DE]: the debug interrupt, DBSR[TIE];
 * without MSR[DE] the event is recorded (TIE, IDE) and the program
 * interrupt comes as usual. */
static void test_trap_debug_event(void **state)
{
    (void)state;
    for (int de = 0; de < 2; de++) {
        struct rig r;
        rig_init(&r, "e500v2");
        uint32_t insn = i_tw(4, 1, 1);
        rig_put(&r, RIG_CODE, &insn, 1);
        r.c.dbcr0 = DBCR0_IDM | DBCR0_TRAP;
        rig_set_msr(&r, de ? MSR_DE : 0);
        rig_run(&r, 2, de ? RIG_VECTOR(IVOR_DEBUG) : RIG_VECTOR(IVOR_PROGRAM));
        assert_true(r.c.dbsr & DBSR_TIE);
        if (de) {
            assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_DEBUG));
            assert_int_equal(r.c.csrr0, RIG_CODE);
        } else {
            assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
            assert_int_equal(r.c.esr, ESR_PTR);
            assert_true(r.c.dbsr & DBSR_IDE);
        }
        rig_free(&r);
    }
}

/* DEC without TCR[ARE] stops at 0 after setting TSR[DIS]; with ARE it
 * reloads from DECAR (one tick per cycle on the e200z7). */
static void test_decrementer(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e200z7");
    uint32_t spin = i_b(0);
    rig_put(&r, RIG_CODE, &spin, 1);
    ppc_dec_write(&r.c, 100);
    rig_run(&r, 150, 0);
    assert_true(r.c.tsr & TSR_DIS);
    assert_int_equal(ppc_dec_read(&r.c), 0);
    r.c.tsr = 0;
    r.c.tcr = TCR_ARE;
    r.c.decar = 1000;
    ppc_dec_write(&r.c, 100);
    rig_run(&r, 150, 0);
    assert_true(r.c.tsr & TSR_DIS);
    assert_true(ppc_dec_read(&r.c) > 900 && ppc_dec_read(&r.c) <= 1000);
    rig_free(&r);
}

/* tlbwe with MAS0[TLBSEL] = 0: TLB0 on the e500v2, illegal on the e200z7
 * (no TLB0). */
static void test_tlb0(void **state)
{
    (void)state;
    const char *cpus[] = { "e200z7", "e500v2" };
    for (size_t k = 0; k < 2; k++) {
        struct rig r;
        rig_init(&r, cpus[k]);
        r.c.mmu.mas[0] = 2u << 16;              /* TLB0, way 2 */
        r.c.mmu.mas[1] = MAS1_VALID | 1u << 8;
        r.c.mmu.mas[2] = 0x70003000u;
        r.c.mmu.mas[3] = RIG_DATA | 0x3fu;
        const uint32_t prog[] = { i_tlbwe(), i_lis(3, 0x7000), i_lwz(4, 0x3000, 3), i_b(0) };
        rig_put(&r, RIG_CODE, prog, 4);
        r.ram[RIG_DATA + 3] = 0x5a;
        rig_run(&r, 10, RIG_VECTOR(IVOR_PROGRAM));
        if (k == 0) {
            assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
            assert_int_equal(r.c.esr, ESR_PIL);
        } else {
            assert_int_equal(r.c.pc, RIG_CODE + 12);
            assert_int_equal(r.c.gpr[4], 0x5a);
        }
        rig_free(&r);
    }
}

/* A store over a decoded instruction: the new one runs. */
static void test_code_written(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e500v2");
    const uint32_t prog[] = {
        i_li(3, 1),
        i_stw(5, 8, 6),   /* overwrite the li r3,2 below with r5 */
        i_li(3, 2),
        i_b(0),
    };
    rig_put(&r, RIG_CODE, prog, 4);
    r.c.gpr[5] = i_li(3, 7);
    r.c.gpr[6] = RIG_CODE;
    rig_run(&r, 1, 0);          /* li r3,1 decodes the page */
    rig_run(&r, 3, RIG_CODE + 12);
    assert_int_equal(r.c.gpr[3], 7);
    rig_free(&r);
}

/* MSR[WE] with HID0[DOZE]: the CPU waits until an interrupt. */
static void test_doze(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e500v2");
    r.c.hid0 = HID0_DOZE;
    r.c.gpr[3] = MSR_WE | MSR_EE;
    const uint32_t prog[] = { i_mtmsr(3), i_b(0) };
    rig_put(&r, RIG_CODE, prog, 2);
    assert_int_equal(ppc_cpu_run(&r.c, 10), PPC_RUN_IDLE);
    assert_int_equal(ppc_cpu_run(&r.c, 10), PPC_RUN_IDLE);
    assert_int_equal(r.c.pc, RIG_CODE + 4);
    r.c.tsr = TSR_DIS;
    r.c.tcr = TCR_DIE;
    assert_true(ppc_check_interrupts(&r.c));
    assert_false(r.c.waiting);
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_DEC));
    assert_int_equal(r.c.msr & MSR_WE, 0);
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_not_implemented_is_illegal),
        cmocka_unit_test(test_vle_page),
        cmocka_unit_test(test_interrupt_msr),
        cmocka_unit_test(test_trap_debug_event),
        cmocka_unit_test(test_decrementer),
        cmocka_unit_test(test_tlb0),
        cmocka_unit_test(test_code_written),
        cmocka_unit_test(test_doze),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
