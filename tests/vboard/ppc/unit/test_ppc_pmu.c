/*
 * test_ppc_pmu.c - the Book E performance monitor of vboard's e200z7 and
 * e500v2 (e200z7.md sections 1-2): each freeze condition (FAC, FC, FCS,
 * FCU, FCM0, FCM1), the overflow condition with FCECE and with the
 * interrupt (PMIE cleared when taken, masked by MSR[EE]), the user copies
 * that cannot be written, supervisor PMRs from user mode, field widths,
 * and counts of a program checked by arithmetic on its loop.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "ppc_asm.h"
#include "ppc_rig.h"

#define EV(code) ((uint32_t)(code) << 16)
/* e200z7 events (RM Table 8-10) */
enum { Z_CYCLES = 1, Z_INSNS = 2, Z_BRANCHES = 10, Z_TAKEN = 13, Z_LOADS = 15, Z_STORES = 16 };
#define PMC(n) (PMRN_PMC0 + (n))
#define PMLCA(n) (PMRN_PMLCA0 + (n))
#define PMLCB(n) (PMRN_PMLCB0 + (n))

static uint64_t ev[PEV_COUNT];

static struct ppc_pmu fresh(const char *core)
{
    struct ppc_pmu m;
    memset(ev, 0, sizeof(ev));
    ppc_pmu_reset(&m, ppc_pmu_personality(core));
    ppc_pmu_sync(&m, ev, 0);
    return m;
}

static void mt(struct ppc_pmu *m, unsigned pmr, uint32_t v)
{
    assert_int_equal(ppc_pmu_mtpmr(m, pmr, false, v, ev), PMR_OK);
}

static uint32_t mf(struct ppc_pmu *m, unsigned pmr)
{
    uint32_t v = 0xdeadbeefu;
    assert_int_equal(ppc_pmu_mfpmr(m, pmr, false, ev, &v), PMR_OK);
    return v;
}

/* 100 instructions in the mode msr: how many PMC0 counted */
static uint32_t count_in_mode(uint32_t pmgc0, uint32_t pmlca, uint32_t msr)
{
    struct ppc_pmu m = fresh("e200z7");
    mt(&m, PMLCA(0), pmlca | EV(Z_INSNS));
    mt(&m, PMRN_PMGC0, pmgc0);
    ppc_pmu_sync(&m, ev, msr);
    ev[PEV_INSNS] += 100;
    ppc_pmu_sync(&m, ev, msr);
    return mf(&m, PMC(0));
}

static void test_freeze_conditions(void **state)
{
    (void)state;
    const uint32_t user = MSR_PR, marked = MSR_PMM;
    assert_int_equal(count_in_mode(0, 0, 0), 100);
    assert_int_equal(count_in_mode(PMGC0_FAC, 0, 0), 0);
    assert_int_equal(count_in_mode(0, PMLCA_FC, 0), 0);
    assert_int_equal(count_in_mode(0, PMLCA_FCS, 0), 0);
    assert_int_equal(count_in_mode(0, PMLCA_FCS, user), 100);
    assert_int_equal(count_in_mode(0, PMLCA_FCU, user), 0);
    assert_int_equal(count_in_mode(0, PMLCA_FCU, 0), 100);
    assert_int_equal(count_in_mode(0, PMLCA_FCM1, marked), 0);
    assert_int_equal(count_in_mode(0, PMLCA_FCM1, 0), 100);
    assert_int_equal(count_in_mode(0, PMLCA_FCM0, 0), 0);
    assert_int_equal(count_in_mode(0, PMLCA_FCM0, marked), 100);
}

/* Interrupts taken (event 103) ignore the mode filters (RM Table 8-10). */
static void test_unfiltered_event(void **state)
{
    (void)state;
    struct ppc_pmu m = fresh("e200z7");
    mt(&m, PMLCA(1), PMLCA_FCS | EV(103));
    ppc_pmu_sync(&m, ev, 0);
    ev[PEV_INTERRUPTS] += 3;
    assert_int_equal(mf(&m, PMC(1)), 3);
}

static void test_user_copies_read_only(void **state)
{
    (void)state;
    struct ppc_pmu m = fresh("e200z7");
    mt(&m, PMC(2), 1234);
    mt(&m, PMLCA(2), PMLCA_FC | EV(Z_LOADS));
    uint32_t v;
    /* readable in user and supervisor mode */
    assert_int_equal(ppc_pmu_mfpmr(&m, PMRN_USER_OF(PMC(2)), true, ev, &v), PMR_OK);
    assert_int_equal(v, 1234);
    assert_int_equal(ppc_pmu_mfpmr(&m, PMRN_USER_OF(PMLCA(2)), true, ev, &v), PMR_OK);
    assert_int_equal(v, PMLCA_FC | EV(Z_LOADS));
    /* never writable: illegal in either mode, nothing changes */
    const unsigned upmrs[] = { PMRN_USER_OF(PMC(0)), PMRN_USER_OF(PMLCA(0)),
                               PMRN_USER_OF(PMLCB(0)), PMRN_USER_OF(PMRN_PMGC0) };
    for (size_t i = 0; i < sizeof(upmrs) / sizeof(upmrs[0]); i++) {
        assert_int_equal(ppc_pmu_mtpmr(&m, upmrs[i], false, 7, ev), PMR_ILLEGAL);
        assert_int_equal(ppc_pmu_mtpmr(&m, upmrs[i], true, 7, ev), PMR_ILLEGAL);
    }
    assert_int_equal(mf(&m, PMC(2)), 1234);
    assert_int_equal(mf(&m, PMRN_PMGC0), 0);
}

static void test_privilege(void **state)
{
    (void)state;
    struct ppc_pmu m = fresh("e200z7");
    uint32_t v;
    const unsigned sup[] = { PMC(0), PMLCA(3), PMLCB(1), PMRN_PMGC0 };
    for (size_t i = 0; i < sizeof(sup) / sizeof(sup[0]); i++) {
        assert_int_equal(ppc_pmu_mfpmr(&m, sup[i], true, ev, &v), PMR_PRIVILEGED);
        assert_int_equal(ppc_pmu_mtpmr(&m, sup[i], true, 1, ev), PMR_PRIVILEGED);
    }
    /* numbers with no PMR: privileged from user mode when PMRN[5] is set,
     * else illegal (e200z7.md section 1) */
    assert_int_equal(ppc_pmu_mfpmr(&m, 20, true, ev, &v), PMR_PRIVILEGED);
    assert_int_equal(ppc_pmu_mfpmr(&m, 20, false, ev, &v), PMR_ILLEGAL);
    assert_int_equal(ppc_pmu_mfpmr(&m, 5, true, ev, &v), PMR_ILLEGAL);
    assert_int_equal(ppc_pmu_mtpmr(&m, 20, false, 1, ev), PMR_ILLEGAL);
}

static void test_field_widths(void **state)
{
    (void)state;
    struct ppc_pmu z = fresh("e200z7");
    mt(&z, PMLCA(0), 0xffffffffu);
    assert_int_equal(mf(&z, PMLCA(0)), 0xfcff7000u); /* 8-bit EVENT, PMP */
    mt(&z, PMLCB(1), 0xffffffffu);
    mt(&z, PMLCB(2), 0xffffffffu);
    assert_int_equal(mf(&z, PMLCB(1)) & 0x73fu, 0x73fu);  /* thresholds on PMC0/1 */
    assert_int_equal(mf(&z, PMLCB(2)) & 0x73fu, 0);       /* not on PMC2/3 */
    mt(&z, PMRN_PMGC0, 0xffffffffu);
    assert_int_equal(mf(&z, PMRN_PMGC0), 0xe0001900u);
    struct ppc_pmu v2 = fresh("e500v2");
    mt(&v2, PMLCA(0), 0xffffffffu);
    assert_int_equal(mf(&v2, PMLCA(0)), 0xfc7f0000u); /* 7-bit EVENT */
    for (unsigned n = 0; n < 4; n++) {
        mt(&v2, PMLCB(n), 0xffffffffu); /* thresholds on PMC0/1 only, no triggers */
        assert_int_equal(mf(&v2, PMLCB(n)), n < 2 ? 0x73fu : 0);
    }
}

/* An event vboard does not model leaves its counter as it is. */
static void test_unmodelled_event_unchanged(void **state)
{
    (void)state;
    struct ppc_pmu m = fresh("e200z7");
    mt(&m, PMC(3), 555);
    mt(&m, PMLCA(3), EV(29)); /* branch mispredictions: none */
    ppc_pmu_sync(&m, ev, 0);
    for (unsigned i = 0; i < PEV_COUNT; i++)
        ev[i] += 1000;
    assert_int_equal(mf(&m, PMC(3)), 555);
}

/* CE + FCECE: the condition (PMC0's MSB) freezes every counter. */
static void test_fcece(void **state)
{
    (void)state;
    struct ppc_pmu m = fresh("e200z7");
    mt(&m, PMLCA(0), PMLCA_CE | EV(Z_INSNS));
    mt(&m, PMLCA(1), EV(Z_INSNS));
    mt(&m, PMC(0), 0x7ffffff0u);
    mt(&m, PMRN_PMGC0, PMGC0_FCECE);
    assert_int_equal(ppc_pmu_events_to_condition(&m, ev), 0x10);
    ev[PEV_INSNS] += 0x10;
    assert_false(ppc_pmu_update(&m, ev)); /* no PMIE: no interrupt */
    assert_int_equal(mf(&m, PMRN_PMGC0), PMGC0_FCECE | PMGC0_FAC);
    ev[PEV_INSNS] += 50;
    assert_int_equal(mf(&m, PMC(0)), 0x80000000u);
    assert_int_equal(mf(&m, PMC(1)), 0x10);
}

/* ---- through the CPU ------------------------------------------------------ */

/* li r3,N; mtctr; loop: addi, lwz, stw, bdnz; counters run from the
 * mtpmr that clears FAC (not counted by them) to the one that sets it
 * (counted). */
static void test_loop_counts(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e200z7");
    const int n = 1000;
    const uint32_t prog[] = {
        i_mtpmr(PMRN_PMGC0, 0),      /* r0 = 0: unfreeze */
        i_li(3, n),
        i_mtspr(SPR_CTR, 3),
        i_addi(4, 4, 1),             /* loop */
        i_lwz(5, 0, 6),
        i_stw(5, 4, 6),
        i_bdnz(-12),
        i_mtpmr(PMRN_PMGC0, 7),      /* r7 = FAC: freeze */
        i_b(0),
    };
    rig_put(&r, RIG_CODE, prog, sizeof(prog) / sizeof(prog[0]));
    r.c.gpr[6] = RIG_DATA;
    r.c.gpr[7] = PMGC0_FAC;
    struct ppc_pmu *m = &r.c.pmu;
    assert_int_equal(ppc_pmu_mtpmr(m, PMRN_PMGC0, false, PMGC0_FAC, r.c.ev), PMR_OK);
    const uint32_t events[4] = { Z_INSNS, Z_BRANCHES, Z_LOADS, Z_STORES };
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(ppc_pmu_mtpmr(m, PMLCA(k), false, EV(events[k]), r.c.ev), PMR_OK);
    rig_run(&r, 100000, RIG_CODE + 8 * 4);
    uint32_t v[4];
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(ppc_pmu_mfpmr(m, PMC(k), false, r.c.ev, &v[k]), PMR_OK);
    assert_int_equal(v[0], 2 + 4 * n + 1);
    assert_int_equal(v[1], n);
    assert_int_equal(v[2], n);
    assert_int_equal(v[3], n);
    rig_free(&r);
}

/* PMC0 10 short of its MSB with CE and PMIE: the performance-monitor
 * interrupt (IVOR35) comes right after the 10th counted instruction, but
 * only with MSR[EE]; taking it clears PMGC0[PMIE]. */
static void test_overflow_interrupt(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e500v2");
    uint32_t prog[40];
    for (unsigned i = 0; i < 39; i++)
        prog[i] = i_nop();
    prog[20] = i_wrteei(1);
    prog[39] = i_b(0);
    rig_put(&r, RIG_CODE, prog, 40);
    struct ppc_pmu *m = &r.c.pmu;
    assert_int_equal(ppc_pmu_mtpmr(m, PMLCA(0), false, PMLCA_CE | EV(2), r.c.ev), PMR_OK);
    assert_int_equal(ppc_pmu_mtpmr(m, PMC(0), false, 0x80000000u - 10, r.c.ev), PMR_OK);
    assert_int_equal(ppc_pmu_mtpmr(m, PMRN_PMGC0, false, PMGC0_PMIE, r.c.ev), PMR_OK);
    /* EE = 0: the condition is met after 10 instructions but waits */
    rig_run(&r, 15, 0);
    assert_int_equal(r.c.pc, RIG_CODE + 15 * 4);
    rig_run(&r, 10, RIG_VECTOR(IVOR_PERFMON));
    /* taken right after wrteei 1 (the 21st instruction) */
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PERFMON));
    assert_int_equal(r.c.srr0, RIG_CODE + 21 * 4);
    uint32_t v;
    assert_int_equal(ppc_pmu_mfpmr(m, PMRN_PMGC0, false, r.c.ev, &v), PMR_OK);
    assert_int_equal(v & PMGC0_PMIE, 0);
    assert_int_equal(r.c.msr & MSR_EE, 0);
    rig_free(&r);
}

/* With EE already set the interrupt comes exactly at the condition. */
static void test_overflow_interrupt_exact(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e200z7");
    uint32_t prog[40];
    for (unsigned i = 0; i < 39; i++)
        prog[i] = i_nop();
    prog[39] = i_b(0);
    rig_put(&r, RIG_CODE, prog, 40);
    rig_set_msr(&r, MSR_EE);
    struct ppc_pmu *m = &r.c.pmu;
    assert_int_equal(ppc_pmu_mtpmr(m, PMLCA(2), false, PMLCA_CE | EV(Z_INSNS), r.c.ev), PMR_OK);
    assert_int_equal(ppc_pmu_mtpmr(m, PMC(2), false, 0x80000000u - 10, r.c.ev), PMR_OK);
    assert_int_equal(ppc_pmu_mtpmr(m, PMRN_PMGC0, false, PMGC0_PMIE, r.c.ev), PMR_OK);
    rig_run(&r, 30, RIG_VECTOR(IVOR_PERFMON));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PERFMON));
    assert_int_equal(r.c.srr0, RIG_CODE + 10 * 4);
    rig_free(&r);
}

/* mtpmr to a user copy and supervisor PMRs from user mode, as executed. */
static void test_pmr_instructions(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, "e200z7");
    const uint32_t prog[] = {
        i_mtpmr(PMRN_USER_OF(PMC(0)), 3),   /* illegal in any mode */
        i_b(0),
    };
    rig_put(&r, RIG_CODE, prog, 2);
    rig_run(&r, 5, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.esr, ESR_PIL);
    assert_int_equal(r.c.srr0, RIG_CODE);

    const uint32_t user[] = {
        i_mfpmr(3, PMRN_USER_OF(PMC(1))),   /* fine in user mode */
        i_mfpmr(4, PMC(1)),                 /* privileged */
        i_b(0),
    };
    rig_put(&r, RIG_CODE + 0x100, user, 3);
    r.c.pc = RIG_CODE + 0x100;
    rig_set_msr(&r, MSR_PR);
    rig_run(&r, 5, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.esr, ESR_PPR);
    assert_int_equal(r.c.srr0, RIG_CODE + 0x104);
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_freeze_conditions),
        cmocka_unit_test(test_unfiltered_event),
        cmocka_unit_test(test_user_copies_read_only),
        cmocka_unit_test(test_privilege),
        cmocka_unit_test(test_field_widths),
        cmocka_unit_test(test_unmodelled_event_unchanged),
        cmocka_unit_test(test_fcece),
        cmocka_unit_test(test_loop_counts),
        cmocka_unit_test(test_overflow_interrupt),
        cmocka_unit_test(test_overflow_interrupt_exact),
        cmocka_unit_test(test_pmr_instructions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
