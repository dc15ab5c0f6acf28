/*
 * test_ppc_vle.c - the e200z7's VLE pages as a program sees them, where
 * QEMU (which has no VLE) cannot be the oracle: the oracle is the e200z7
 * Reference Manual's rule for each case (mpc5674f_vle.md sections 1-3)
 * and arithmetic on the program's shape. The VLE code is hand-assembled
 * from powerpc-linux-gnu-as -mvle (the comments give the source and
 * offsets, as objdump printed them).
 *
 * VLE_EA (a 4 KiB VLE page, TLB1[1]) maps RAM at VLE_PA; the page after it
 * is Book E (TLB1[2]) or unmapped, as a test needs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "ppc_asm.h"
#include "ppc_internal.h"
#include "ppc_rig.h"

#define VLE_EA 0x80000000u
#define VLE_PA 0x30000u
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The run ended in interrupt ivor with this ESR and SRR0. */
static void expect_fault(struct rig *r, unsigned ivor, uint32_t esr, uint32_t srr0)
{
    rig_run(r, 10, RIG_VECTOR(ivor));
    assert_int_equal(r->c.pc, RIG_VECTOR(ivor));
    assert_int_equal(r->c.esr, esr);
    assert_int_equal(r->c.srr0, srr0);
    rig_free(r);
}

static void vle_rig(struct rig *r, const uint16_t *code, size_t n, uint32_t at)
{
    rig_init(r, "e200z7");
    rig_map(r, 1, VLE_EA, VLE_PA, true);
    rig_put_vle(r, VLE_PA + (at - VLE_EA), code, n);
    r->c.pc = at;
}

/* A counted loop of 16- and 32-bit instructions, ended by se_illegal: the
 * instruction count is 2 + 5 * N (se_illegal does not complete), the
 * branches N (N - 1 taken), and se_illegal is the program interrupt with
 * ESR = PIL | VLEMI = 0x08000020 and SRR0 = its own address. */
static void test_counted_loop_and_se_illegal(void **state)
{
    (void)state;
    static const uint16_t code[] = {
        0x7060u, 0x0007u, /* 0: e_li    r3,7 */
        0x4804u,          /* 4: se_li   r4,0 */
        0x2014u,          /* 6: se_addi r4,2 */
        0x1c84u, 0x0001u, /* 8: e_add16i r4,r4,1 */
        0x2403u,          /* c: se_subi r3,1 */
        0x2a03u,          /* e: se_cmpi r3,0 */
        0xe2fbu,          /* 10: se_bne  0x6 */
        0x0000u,          /* 12: se_illegal */
    };
    struct rig r;
    vle_rig(&r, code, N(code), VLE_EA);
    rig_run(&r, 100, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.esr, 0x08000020u);
    assert_int_equal(r.c.srr0, VLE_EA + 0x12);
    assert_int_equal(r.c.gpr[4], 7 * 3);
    assert_int_equal(r.c.gpr[3], 0);
    assert_int_equal(r.c.ev[PEV_INSNS], 2 + 5 * 7);
    assert_int_equal(r.c.ev[PEV_BRANCH], 7);
    assert_int_equal(r.c.ev[PEV_BRANCH_TAKEN], 6);
    assert_int_equal(r.c.ev[PEV_CBRANCH], 7);
    assert_int_equal(r.c.ev[PEV_ABANDONED], 1);
    rig_free(&r);
}

/* trap (7FE00008) keeps its Book E meaning in a VLE page: the program
 * interrupt with ESR[PTR], and ESR[VLEMI]; with DBCR0[IDM|TRAP] and
 * MSR[DE] the debug interrupt (CSRR0 = the trap while HID0[DAPUEN] = 0)
 * with DBSR[TRAP] and DBSR[VLES] (e200z7 RM sections 7.6.16, 13.2.4). */
static void test_trap(void **state)
{
    (void)state;
    static const uint16_t code[] = { 0x4803u, 0x7fe0u, 0x0008u }; /* se_li r3,0; trap */
    struct rig r;
    vle_rig(&r, code, N(code), VLE_EA);
    rig_run(&r, 10, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_PROGRAM));
    assert_int_equal(r.c.esr, ESR_PTR | ESR_VLEMI);
    assert_int_equal(r.c.srr0, VLE_EA + 2);
    rig_free(&r);

    vle_rig(&r, code, N(code), VLE_EA);
    r.c.dbcr0 = DBCR0_IDM | DBCR0_TRAP;
    rig_set_msr(&r, MSR_DE);
    rig_run(&r, 10, RIG_VECTOR(IVOR_DEBUG));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_DEBUG));
    assert_int_equal(r.c.csrr0, VLE_EA + 2);
    assert_int_equal(r.c.dbsr & (DBSR_TIE | DBSR_VLES), DBSR_TIE | DBSR_VLES);
    rig_free(&r);
}

/* Book E-only and reserved encodings in a VLE page: the illegal-
 * instruction program interrupt, ESR = PIL | VLEMI. */
static void test_illegal_in_vle_page(void **state)
{
    (void)state;
    static const uint16_t cases[][2] = {
        { 0x3c00u, 0x0000u }, /* Book E lis r0,0 (opcode 15: none in VLE) */
        { 0x1400u, 0x0000u }, /* opcode 5 */
        { 0x000cu, 0 },       /* se_rfgi (no hypervisor on the e200z7) */
        { 0x000fu, 0 },       /* se_dnh with no debugger probe */
        { 0x7c00u, 0x0848u }, /* e_sc 1 */
        { 0x0800u, 0 },       /* 16-bit opcode 2 */
        { 0xec00u, 0 },       /* 16-bit opcode 59 */
        { 0x1800u, 0x0000u }, /* e_lbzu r0,0(r0): update form with rA = 0 */
    };
    for (size_t k = 0; k < N(cases); k++) {
        struct rig r;
        vle_rig(&r, cases[k], 2, VLE_EA);
        expect_fault(&r, IVOR_PROGRAM, ESR_PIL | ESR_VLEMI, VLE_EA);
    }
}

/* Fetch faults (e200z7 RM Tables 7-15/7-16; VLE PEM 2.1.2): a 32-bit
 * instruction whose second half is in a Book E page is the ISI with
 * ESR[BO]; in an unmapped page the ITLB error with ESR[MIF] and SRR0 =
 * its first half; a halfword target in a Book E page the ISI with
 * ESR[MIF]; a VLE page with MAS2[E] the ISI with ESR[BO]. */
static void test_fetch_faults(void **state)
{
    (void)state;
    static const uint16_t e_li[] = { 0x7060u, 0x0003u }; /* e_li r3,3 */
    struct rig r;
    vle_rig(&r, e_li, 1, VLE_EA + 0xffe);
    rig_put_vle(&r, VLE_PA + 0x1000, e_li + 1, 1);
    rig_map(&r, 2, VLE_EA + 0x1000, VLE_PA + 0x1000, false);
    expect_fault(&r, IVOR_ISI, ESR_BO | ESR_VLEMI, VLE_EA + 0xffe);

    vle_rig(&r, e_li, 1, VLE_EA + 0xffe);
    expect_fault(&r, IVOR_ITLB, ESR_MIF | ESR_VLEMI, VLE_EA + 0xffe);

    /* ... and across into a VLE page it runs */
    vle_rig(&r, e_li, 1, VLE_EA + 0xffe);
    rig_put_vle(&r, VLE_PA + 0x1000, e_li + 1, 1);
    rig_map(&r, 2, VLE_EA + 0x1000, VLE_PA + 0x1000, true);
    rig_run(&r, 1, 0);
    assert_int_equal(r.c.gpr[3], 3);
    assert_int_equal(r.c.pc, VLE_EA + 0x1002);
    rig_free(&r);

    static const uint16_t jump[] = {
        0x7070u, 0xe000u, /* 0: e_lis   r3,32768 */
        0x7062u, 0xc002u, /* 4: e_or2i  r3,4098 */
        0x00b3u,          /* 8: se_mtctr r3 */
        0x0006u,          /* a: se_bctr */
    };
    vle_rig(&r, jump, N(jump), VLE_EA);
    rig_map(&r, 2, VLE_EA + 0x1000, VLE_PA + 0x1000, false);
    expect_fault(&r, IVOR_ISI, ESR_MIF, VLE_EA + 0x1002);

    vle_rig(&r, e_li, 2, VLE_EA);
    r.c.mmu.tlb1[1].mas2 |= MAS2_E;
    expect_fault(&r, IVOR_ISI, ESR_BO | ESR_VLEMI, VLE_EA);
}

/* DBCR0[IDM|ICMP] with MSR[DE]: a debug interrupt after each VLE
 * instruction, CSRR0 = the next one (halfword aligned, taken branches
 * included), DBSR[ICMP] and DBSR[VLES] (e200z7 RM section 13.2.6). */
static void test_icmp_step(void **state)
{
    (void)state;
    static const uint16_t code[] = {
        0x4813u,          /* 0: se_li   r3,1 */
        0x7080u, 0x0002u, /* 2: e_li    r4,2 */
        0xe802u,          /* 6: se_b    0xa */
        0x0000u,          /* 8: se_illegal */
        0x7800u, 0x0009u, /* a: e_bl    0x12 */
        0x4400u,          /* e: se_nop */
        0x0000u,          /* 10: se_illegal */
        0x0004u,          /* 12: se_blr */
    };
    static const uint32_t expect[] = { 0x2, 0x6, 0xa, 0x12, 0xe, 0x10 };
    struct rig r;
    vle_rig(&r, code, N(code), VLE_EA);
    r.c.dbcr0 = DBCR0_IDM | DBCR0_ICMP;
    for (size_t k = 0; k < N(expect); k++) {
        r.c.dbsr = 0;
        rig_set_msr(&r, MSR_DE);
        rig_run(&r, 1, 0);
        assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_DEBUG));
        assert_int_equal(r.c.csrr0, VLE_EA + expect[k]);
        assert_int_equal(r.c.dbsr, DBSR_IC | DBSR_VLES);
        r.c.pc = r.c.csrr0;
    }
    assert_int_equal(r.c.gpr[3], 1);
    assert_int_equal(r.c.gpr[4], 2);
    assert_int_equal(r.c.lr, VLE_EA + 0xe);
    rig_free(&r);
}

/* Book E and VLE pages side by side: tlbwe writes MAS2[VLE] and tlbre
 * reads it back; Book E code calls a VLE function (bctrl) that returns
 * with se_blr; rfi returns to a halfword in a VLE page (bit 30 kept). */
static void test_side_by_side(void **state)
{
    (void)state;
    static const uint16_t func[] = { 0x4875u, 0x0004u }; /* se_li r5,7; se_blr */
    struct rig r;
    rig_init(&r, "e200z7");
    rig_put_vle(&r, VLE_PA, func, N(func));
    struct ppc_mmu *m = &r.c.mmu;
    m->mas[0] = 1u << MAS0_TLBSEL_SHIFT | 3u << MAS0_ESEL_SHIFT;
    m->mas[1] = MAS1_VALID | 1u << 8;
    m->mas[2] = VLE_EA | MAS2_VLE;
    m->mas[3] = VLE_PA | 0x3fu;
    assert_true(ppc_mmu_tlbwe(m));
    m->mas[2] = 0;
    assert_true(ppc_mmu_tlbre(m));
    assert_int_equal(m->mas[2], VLE_EA | MAS2_VLE);

    const uint32_t booke[] = {
        i_lis(3, VLE_EA >> 16), i_mtspr(SPR_CTR, 3), 0x4e800421u /* bctrl */, i_b(0),
    };
    rig_put(&r, RIG_CODE, booke, N(booke));
    rig_run(&r, 10, RIG_CODE + 12);
    assert_int_equal(r.c.pc, RIG_CODE + 12);
    assert_int_equal(r.c.gpr[5], 7);

    r.c.srr0 = VLE_EA + 2; /* se_blr, back to RIG_CODE + 12 */
    r.c.srr1 = 0;
    r.c.gpr[5] = 0;
    const uint32_t rfi = i_rfi();
    rig_put(&r, RIG_CODE + 16, &rfi, 1);
    r.c.pc = RIG_CODE + 16;
    rig_run(&r, 2, 0);
    assert_int_equal(r.c.pc, RIG_CODE + 12);
    assert_int_equal(r.c.gpr[5], 0);
    assert_int_equal(r.c.ev[PEV_RFI], 1);
    rig_free(&r);
}

/* se_sc and e_sc: the system call interrupt, SRR0 = the next instruction
 * (2 or 4 bytes on), ESR[VLEMI]; se_rfi returns to the halfword in SRR0. */
static void test_system_call_and_return(void **state)
{
    (void)state;
    static const uint16_t se[] = { 0x4853u, 0x0002u, 0x0000u };            /* se_li r3,5; se_sc */
    static const uint16_t e[] = { 0x7060u, 0x0005u, 0x7c00u, 0x0048u, 0x0000u }; /* e_li; e_sc */
    static const uint16_t rfi[] = { 0x0008u };                              /* se_rfi */
    struct rig r;
    vle_rig(&r, se, N(se), VLE_EA);
    rig_run(&r, 10, RIG_VECTOR(IVOR_SYSCALL));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_SYSCALL));
    assert_int_equal(r.c.srr0, VLE_EA + 4);
    assert_int_equal(r.c.esr, ESR_VLEMI);
    assert_int_equal(r.c.gpr[3], 5);
    /* back with se_rfi from a VLE page: to the se_illegal at +4 */
    rig_put_vle(&r, VLE_PA + 0x100, rfi, 1);
    r.c.pc = VLE_EA + 0x100;
    expect_fault(&r, IVOR_PROGRAM, ESR_PIL | ESR_VLEMI, VLE_EA + 4);

    vle_rig(&r, e, N(e), VLE_EA);
    rig_run(&r, 10, RIG_VECTOR(IVOR_SYSCALL));
    assert_int_equal(r.c.srr0, VLE_EA + 8);
    rig_free(&r);
}

/* The multiple forms check alignment (alignment interrupt, ESR[VLEMI],
 * DEAR) and the save/restore register sets are supervisor-only (program
 * interrupt ESR[PPR] from user mode). */
static void test_multiple_forms(void **state)
{
    (void)state;
    static const uint16_t lmw[] = { 0x1bc1u, 0x0801u };  /* e_lmw r30,1(r1) */
    static const uint16_t lmv[] = { 0x1881u, 0x1000u };  /* e_lmvsrrw 0(r1) */
    struct rig r;
    vle_rig(&r, lmw, N(lmw), VLE_EA);
    r.c.gpr[1] = RIG_DATA;
    rig_run(&r, 3, RIG_VECTOR(IVOR_ALIGN));
    assert_int_equal(r.c.pc, RIG_VECTOR(IVOR_ALIGN));
    assert_int_equal(r.c.dear, RIG_DATA + 1);
    assert_int_equal(r.c.esr, ESR_VLEMI);
    rig_free(&r);

    vle_rig(&r, lmv, N(lmv), VLE_EA);
    r.c.gpr[1] = RIG_DATA;
    rig_set_msr(&r, MSR_PR);
    expect_fault(&r, IVOR_PROGRAM, ESR_PPR | ESR_VLEMI, VLE_EA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counted_loop_and_se_illegal),
        cmocka_unit_test(test_trap),
        cmocka_unit_test(test_illegal_in_vle_page),
        cmocka_unit_test(test_fetch_faults),
        cmocka_unit_test(test_icmp_step),
        cmocka_unit_test(test_side_by_side),
        cmocka_unit_test(test_system_call_and_return),
        cmocka_unit_test(test_multiple_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
