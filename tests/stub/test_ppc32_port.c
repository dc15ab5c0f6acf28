/*
 * test_ppc32_port.c - the plain-C part of the Power Book E port on the
 * host: the register table (GDB's org.gnu.gdb.power.core numbering), alone
 * and behind the stub core's g/p/P; the signal of each interrupt; the
 * return-from-interrupt instructions a step refuses; the core table; the
 * performance monitor registers (pmu_regs.c) over a fake PMU.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../../stub/arch/ppc32/booke.h"
#include "../../stub/arch/ppc32/ppc_port.h"
#include "exchange.h"
#include "tdesc_text.h"

/* GDB's numbers (GDB manual "PowerPC Features";
 * docs/hardware-facts.md, "GDB's Power register numbers"). */
enum { PC = 64, MSR = 65, CR = 66, LR = 67, CTR = 68, XER = 69 };

/* A context whose every word says where it is: 0x0a0b0c00 + slot. */
static void fill_ctx(void)
{
    for (unsigned i = 0; i < CTX_WORDS; i++)
        ppc_ctx[i] = 0x0a0b0c00u + i;
}

static void gprs_and_specials_are_4_bytes_fpu_numbers_absent(void **st)
{
    (void)st;
    for (unsigned r = 0; r < 32; r++)
        assert_int_equal(ppc_reg_size(r), 4);
    for (unsigned r = 32; r < 64; r++)
        assert_int_equal(ppc_reg_size(r), 0); /* f0-f31: no FPU */
    for (unsigned r = PC; r <= XER; r++)
        assert_int_equal(ppc_reg_size(r), 4);
    assert_int_equal(ppc_reg_size(XER + 1), 0);
    assert_int_equal(ppc_reg_size(255), 0);
    assert_int_equal(PPC_NREGS, XER + 1);
}

static void reads_are_big_endian_from_the_right_slot(void **st)
{
    static const struct {
        unsigned regno, slot;
    } map[] = {{0, 0},         {1, 1},          {31, 31},
               {PC, CTX_PC},   {MSR, CTX_MSR},  {CR, CTX_CR},
               {LR, CTX_LR},   {CTR, CTX_CTR},  {XER, CTX_XER}};
    uint8_t b[4];
    (void)st;
    fill_ctx();
    for (unsigned i = 0; i < sizeof map / sizeof *map; i++) {
        uint32_t v = 0x0a0b0c00u + map[i].slot;
        assert_int_equal(ppc_reg_read(map[i].regno, b), STUB_REG_OK);
        assert_int_equal(b[0], v >> 24);
        assert_int_equal(b[1], (v >> 16) & 0xff);
        assert_int_equal(b[2], (v >> 8) & 0xff);
        assert_int_equal(b[3], v & 0xff);
    }
    assert_int_equal(ppc_reg_read(40, b), STUB_REG_UNAVAILABLE);
}

static void writes_land_in_their_slot_only(void **st)
{
    static const uint8_t v[4] = {0x12, 0x34, 0xab, 0xcd};
    (void)st;
    fill_ctx();
    assert_int_equal(ppc_reg_write(MSR, v), STUB_REG_OK);
    for (unsigned i = 0; i < CTX_WORDS; i++)
        assert_int_equal(ppc_ctx[i],
                         i == CTX_MSR ? 0x1234abcdu : 0x0a0b0c00u + i);
    /* The program's SRR0/1, vector and level are no GDB register. */
    assert_int_equal(ppc_reg_write(XER + 1, v), STUB_REG_READONLY);
    assert_int_equal(ppc_reg_write(32, v), STUB_REG_READONLY);
}

/* The core with the port's table: what GDB gets in g and p. */
static int use_ppc_registers(void **state)
{
    static const int expedite[] = {PC, 1, LR, -1};
    (void)state;
    fake_reset();
    fake_target.nregs = PPC_NREGS;
    fake_target.nregs_g = PPC_NREGS;
    fake_target.reg_size = ppc_reg_size;
    fake_target.reg_read = ppc_reg_read;
    fake_target.reg_write = ppc_reg_write;
    fake_target.expedite = expedite;
    fill_ctx();
    return 0;
}

static void g_packs_r0_r31_then_pc_to_xer_without_gaps(void **st)
{
    char want[38 * 8 + 1], *w = want;
    (void)st;
    for (unsigned i = 0; i < 38; i++, w += 8)
        sprintf(w, "%08x", 0x0a0b0c00u + i); /* slots 0-37 in order */
    assert_string_equal(exchange("g"), want);
}

static void p_reads_pc_and_refuses_an_fpu_number(void **st)
{
    char want[9];
    (void)st;
    sprintf(want, "%08x", 0x0a0b0c00u + CTX_PC);
    assert_string_equal(exchange("p40"), want); /* 0x40 = 64 = pc */
    assert_error_reply(exchange("p20"));        /* f0 */
}

static void P_writes_lr(void **st)
{
    (void)st;
    assert_string_equal(exchange("P43=00100abc"), "OK");
    assert_int_equal(ppc_ctx[CTX_LR], 0x00100abcu);
}

static void stop_reply_expedites_pc_sp_lr(void **st)
{
    char want[64];
    (void)st;
    snprintf(want, sizeof want, "T0540:%08x;01:%08x;43:%08x;",
             0x0a0b0c00u + CTX_PC, 0x0a0b0c01u, 0x0a0b0c00u + CTX_LR);
    assert_string_equal(exchange("?"), want);
}

static void every_interrupt_has_its_signal(void **st)
{
    static const struct {
        unsigned vector;
        int signal;
    } want[] = {
        {0, STUB_SIGINT},   {1, STUB_SIGBUS},   {2, STUB_SIGSEGV},
        {3, STUB_SIGSEGV},  {4, STUB_SIGINT},   {5, STUB_SIGBUS},
        {7, STUB_SIGILL},   {8, STUB_SIGSYS},   {9, STUB_SIGILL},
        {10, STUB_SIGINT},  {11, STUB_SIGINT},  {12, STUB_SIGINT},
        {13, STUB_SIGSEGV}, {14, STUB_SIGSEGV}, {15, STUB_SIGTRAP},
        {32, STUB_SIGILL},  {33, STUB_SIGFPE},  {34, STUB_SIGFPE},
        {35, STUB_SIGINT},
    };
    (void)st;
    for (unsigned i = 0; i < sizeof want / sizeof *want; i++)
        assert_int_equal(ppc_stop_signal(want[i].vector, 0), want[i].signal);
    /* IVOR16-31 do not exist; a stray number still stops. */
    assert_int_equal(ppc_stop_signal(20, 0), STUB_SIGTRAP);
    assert_int_equal(ppc_stop_signal(1000, 0), STUB_SIGTRAP);
}

static void program_interrupt_signal_follows_esr(void **st)
{
    (void)st;
    assert_int_equal(ppc_stop_signal(6, ESR_PTR), STUB_SIGTRAP);
    assert_int_equal(ppc_stop_signal(6, ESR_PIL), STUB_SIGILL);
    assert_int_equal(ppc_stop_signal(6, ESR_PPR), STUB_SIGILL);
    assert_int_equal(ppc_stop_signal(6, ESR_PUO), STUB_SIGILL);
    assert_int_equal(ppc_stop_signal(6, ESR_FP), STUB_SIGFPE);
}

static void return_instructions_are_recognised(void **st)
{
    (void)st;
    /* Encodings as binutils assembles them (powerpc-linux-gnu-objdump). */
    assert_true(ppc_is_return_insn(0x4c000064)); /* rfi */
    assert_true(ppc_is_return_insn(0x4c000066)); /* rfci */
    assert_true(ppc_is_return_insn(0x4c00004e)); /* rfdi */
    assert_true(ppc_is_return_insn(0x4c00004c)); /* rfmci */
    assert_false(ppc_is_return_insn(0x44000002)); /* sc */
    assert_false(ppc_is_return_insn(0x4e800020)); /* blr */
    assert_false(ppc_is_return_insn(0x4c00012c)); /* isync */
    assert_false(ppc_is_return_insn(0x7d821008)); /* twge r2,r2 */
}

/* VLE (vle.c): vectors from binutils 2.40 (mpc5674f_vle.md section 1). */
static void vle_length_comes_from_the_first_halfword(void **st)
{
    static const struct {
        uint16_t hw;
        unsigned len;
    } v[] = {
        {0x0080, 2}, /* se_mflr r0 */       {0x1821, 4}, /* e_stwu r1,-16(r1) */
        {0xaf87, 2}, /* se_lhz r24,30(r7) */ {0x7062, 4}, /* e_lis r3,0x1234 */
        {0x707f, 4}, /* e_li r3,-1 */        {0x1864, 4}, /* e_addi r3,r4,0x300 */
        {0xe812, 2}, /* se_b */              {0xe9ff, 2}, /* se_bl */
        {0xe610, 2}, /* se_beq */            {0x79ff, 4}, /* e_bl */
        {0x7a20, 4}, /* e_bdnz */            {0x0000, 2}, /* se_illegal */
        {0x4400, 2}, /* se_nop */            {0x7c00, 4}, /* X form, OPCD 31 */
        {0x3000, 4}, /* e_lbz */             {0x5000, 4}, /* e_lwz */
    };
    (void)st;
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        assert_int_equal(ppc_vle_insn_len(v[i].hw), v[i].len);
}

static void vle_returns_are_the_four_se_rf(void **st)
{
    (void)st;
    assert_true(ppc_vle_is_return(0x0008));  /* se_rfi */
    assert_true(ppc_vle_is_return(0x0009));  /* se_rfci */
    assert_true(ppc_vle_is_return(0x000a));  /* se_rfdi */
    assert_true(ppc_vle_is_return(0x000b));  /* se_rfmci */
    assert_false(ppc_vle_is_return(0x0004)); /* se_blr */
    assert_false(ppc_vle_is_return(0x0006)); /* se_bctr */
    assert_false(ppc_vle_is_return(0x000f)); /* se_dnh */
    assert_false(ppc_vle_is_return(0x0000)); /* se_illegal */
}

static void vle_breakpoints_are_se_illegal_and_never_4_bytes(void **st)
{
    const uint8_t *insn;
    (void)st;
    /* GDB's kind 4 and kind 2, and the stub's own (0): one halfword. */
    for (unsigned kind = 0; kind <= 4; kind += 2) {
        assert_int_equal(ppc_trap_for(1, 0x01000002, kind, &insn), 2);
        assert_int_equal(insn[0], 0x00);
        assert_int_equal(insn[1], 0x00);
    }
    assert_int_equal(ppc_trap_for(1, 0x01000003, 2, &insn), 0);
    assert_int_equal(ppc_trap_for(1, 0x01000000, 8, &insn), 0);
    /* Book E pages: GDB's twge, kind 4 on a word only. */
    assert_int_equal(ppc_trap_for(0, 0x00100000, 4, &insn), 4);
    assert_memory_equal(insn, "\x7d\x82\x10\x08", 4);
    assert_int_equal(ppc_trap_for(0, 0x00100000, 0, &insn), 4);
    assert_int_equal(ppc_trap_for(0, 0x00100002, 4, &insn), 0);
    assert_int_equal(ppc_trap_for(0, 0x00100000, 2, &insn), 0);
}

static void only_an_illegal_vle_instruction_can_be_a_vle_breakpoint(void **st)
{
    (void)st;
    /* se_illegal: ESR = PIL | VLEMI = 0x08000020 (RM Table 7-19). */
    assert_true(ppc_vle_illegal_stop(6, 0x08000020));
    assert_false(ppc_vle_illegal_stop(6, ESR_PIL));          /* Book E */
    assert_false(ppc_vle_illegal_stop(6, ESR_PTR | ESR_VLEMI)); /* trap */
    assert_false(ppc_vle_illegal_stop(6, ESR_PPR | ESR_VLEMI));
    assert_false(ppc_vle_illegal_stop(3, 0x08000020));       /* not IVOR6 */
    /* Alone (no breakpoint there) it stays SIGILL. */
    assert_int_equal(ppc_stop_signal(6, 0x08000020), STUB_SIGILL);
}

static void cores_are_told_apart_by_pvr(void **st)
{
    const struct pmu_core *c;
    (void)st;
    /* QEMU 7.2's e500v2 reads PVR 0x80210022 (measured). */
    c = ppc_core_lookup(0x80210022);
    assert_string_equal(c->name, "e500v2");
    assert_int_equal(PPC_DEBUG_LEVEL(c), PPC_LEVEL_CRIT);
    assert_int_equal(c->hid0_set, 0);
    assert_false(c->vle); /* MAS2 0x20 is X1 there */
    /* e200z760n3: MANID 8, type 0x16, version 3 (RM Table 2-3). */
    c = ppc_core_lookup(0x81630000 | 0x1234);
    assert_string_equal(c->name, "e200z7");
    assert_int_equal(PPC_DEBUG_LEVEL(c), PPC_LEVEL_DEBUG);
    assert_true(c->hid0_set & HID0_DAPUEN);
    assert_true(c->hid0_set & HID0_TBEN);
    assert_true(c->vle);
    /* e500v1 (0x8020) is not in the table: Book E's own rules. */
    c = ppc_core_lookup(0x80200020);
    assert_string_equal(c->name, "Book E core");
    assert_int_equal(PPC_DEBUG_LEVEL(c), PPC_LEVEL_CRIT);
    assert_int_equal(c->hid0_set, 0);
}

/* ---- the performance monitor registers over a fake PMU ---- */

/* The fake PMU: one word per GDB number of a supervisor PMR. */
static uint32_t fake_pmr[PMU_REGNUM_LAST + 1];

uint32_t ppc_pmr_read(unsigned regno)
{
    return fake_pmr[regno];
}

void ppc_pmr_write(unsigned regno, uint32_t v)
{
    fake_pmr[regno] = v;
}

/* The registry's numbers (cores.toml family power). */
enum { PMGC0 = 80, PMLCA0 = 81, PMLCB0 = 85, PMC0 = 89, UPMGC0 = 93, UPMLCA0 = 94,
       UPMLCB0 = 98, UPMC0 = 102, PMC0_64 = 106, PMC3_64 = 109 };

static int use_e200z7_pmu(void **state)
{
    use_ppc_registers(state);
    fake_target.nregs = PMU_REGNUM_LAST + 1;
    memset(fake_pmr, 0, sizeof fake_pmr);
    ppc_ctx[CTX_PMGC0] = 0;
    ppc_pmu_attach(&pmu_cores[0]);
    return 0;
}

static void pmu_numbers_are_the_issues_and_absent_without_a_pmu(void **st)
{
    (void)st;
    assert_string_equal(pmu_cores[0].key, "e200z7");
    assert_int_equal(PMU_REGNUM_GLOBAL, PMGC0);
    assert_int_equal(PMU_REGNUM_RO_GLOBAL, UPMGC0);
    assert_int_equal(PMU_REGNUM_COUNT64(3), PMC3_64);
    for (unsigned r = PMGC0; r <= PMC3_64; r++)
        assert_int_equal(ppc_reg_size(r), r >= PMC0_64 ? 8 : 4);
    for (unsigned r = XER + 1; r < PMGC0; r++)
        assert_int_equal(ppc_reg_size(r), 0);
    ppc_pmu_attach(0); /* QEMU's e500v2: mfpmr illegal */
    for (unsigned r = PMGC0; r <= PMC3_64; r++)
        assert_int_equal(ppc_reg_size(r), 0);
    assert_error_reply(exchange("p50"));
}

/* A core with the PMU whose PVR the registry does not know: the same
 * registers, EVENT a plain number (no enum in its feature). */
static void an_unknown_core_gets_the_registers_with_raw_events(void **st)
{
    (void)st;
    ppc_pmu_attach(&pmu_core_unknown);
    for (unsigned r = PMGC0; r <= PMC3_64; r++)
        assert_int_equal(ppc_reg_size(r), r >= PMC0_64 ? 8 : 4);
    assert_int_equal(pmu_core_unknown.n_events, 0);
    assert_null(strstr(tdesc_text(pmu_core_unknown.xml_head, pmu_tdesc_rules), "<enum"));
    assert_non_null(strstr(tdesc_text(pmu_core_unknown.xml_head, pmu_tdesc_rules),
                           "<field name=\"EVENT\" start=\"16\" end=\"23\"/>"));
    assert_non_null(strstr(tdesc_text(pmu_cores[0].xml_head, pmu_tdesc_rules), "type=\"pmu_e200z7_event0\""));
}

static void upmr_writes_are_refused_and_change_nothing(void **st)
{
    uint32_t before[PMU_REGNUM_LAST + 1], ctx[CTX_WORDS];
    (void)st;
    fake_pmr[PMC0] = 7;
    memcpy(before, fake_pmr, sizeof before);
    memcpy(ctx, ppc_ctx, sizeof ctx);
    for (unsigned r = UPMGC0; r < PMC0_64; r++) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "P%x=00000001", r);
        assert_error_reply(exchange(cmd));
    }
    assert_memory_equal(before, fake_pmr, sizeof before);
    assert_memory_equal(ctx, ppc_ctx, sizeof ctx);
    /* ... and read as their supervisor registers do. */
    assert_string_equal(exchange("p66"), "00000007"); /* upmc0 */
}

static void pmlca_shows_the_programs_ce_while_the_stub_keeps_it_on(void **st)
{
    (void)st;
    assert_string_equal(exchange("P51=00020000"), "OK"); /* EVENT 2 */
    assert_int_equal(fake_pmr[PMLCA0], 0x0c020000u);      /* CE, FCM0 forced */
    assert_string_equal(exchange("p51"), "00020000");
    assert_string_equal(exchange("p5e"), "00020000"); /* upmlca0 */
    assert_string_equal(exchange("P51=04020000"), "OK");
    assert_string_equal(exchange("p51"), "04020000");
    assert_string_equal(exchange("P51=18020000"), "OK"); /* FCM1, FCM0 */
    assert_string_equal(exchange("p51"), "18020000");
}

/* The stub stays out of the counts: the program resumes marked with FCM0
 * on every counter, whatever GDB or the program wrote. */
static void resume_marks_the_program_and_forces_fcm0_and_ce(void **st)
{
    (void)st;
    ppc_ctx[CTX_MSR] = 0x1000; /* ME, as start.S enters main */
    fake_pmr[PMLCA0 + 2] = 0x00020000; /* the program's mtpmr, then a stop */
    ppc_pmu_entry();
    ppc_pmu_resume_value();
    assert_int_equal(ppc_ctx[CTX_MSR], 0x1000u | MSR_PMM);
    for (unsigned n = 0; n < 4; n++)
        assert_int_equal(fake_pmr[PMLCA0 + n] & 0x0c000000u, 0x0c000000u);
}

/* The e200z7 note's flow, run by the program between two stops: FAC, its
 * own PMLCa (no CE), the counter cleared, FAC off. GDB then shows the
 * program's values, not the stub's earlier copies, and the 64-bit count
 * starts again from the program's 0. */
static void what_the_program_writes_itself_is_its_own(void **st)
{
    (void)st;
    assert_string_equal(exchange("P51=04020000"), "OK");      /* CE: GDB's */
    assert_string_equal(exchange("P6a=0000000280000010"), "OK"); /* pmc0_64 */
    ppc_ctx[CTX_MSR] = 0x1000;
    ppc_pmu_resume_value();
    /* the program runs: mtpmr PMLCa0 = EVENT 2 only; PMC0 = 0; counts 5 */
    fake_pmr[PMLCA0] = 0x00020000;
    fake_pmr[PMC0] = 5;
    ppc_ctx[CTX_PMGC0] = 0; /* its own PMGC0: no PMIE */
    ppc_pmu_entry();
    assert_string_equal(exchange("p51"), "00020000"); /* no CE, no FCM0 */
    assert_string_equal(exchange("p50"), "00000000");
    assert_string_equal(exchange("p6a"), "0000000000000005");
    /* an untouched register keeps GDB's view */
    assert_string_equal(exchange("P52=04020000"), "OK");
    ppc_pmu_resume_value();
    ppc_pmu_entry();
    assert_string_equal(exchange("p52"), "04020000");
}

/* A program that clears MSR[PMM] itself stops counting (FCM0): monitor
 * pmu says so until GDB resumes it again. */
static void a_program_that_clears_pmm_is_told(void **st)
{
    (void)st;
    ppc_ctx[CTX_MSR] = 0x1000;
    ppc_pmu_entry(); /* the boot stop: never resumed yet, nothing to say */
    assert_int_equal(ppc_pmu_unmarked, 0);
    ppc_pmu_resume_value();
    ppc_ctx[CTX_MSR] = 0x1000; /* mtmsr with PMM clear, then a stop */
    ppc_pmu_entry();
    assert_int_equal(ppc_pmu_unmarked, 1);
    ppc_pmu_resume_value(); /* the overflow interrupt's quick resume */
    ppc_ctx[CTX_MSR] = 0x1000 | MSR_PMM;
    ppc_pmu_entry();
    assert_int_equal(ppc_pmu_unmarked, 1);
}

static void pmgc0_is_the_programs_and_resume_arms_pmie(void **st)
{
    (void)st;
    assert_string_equal(exchange("P50=00000100"), "OK"); /* TBEE */
    assert_int_equal(fake_pmr[PMGC0] & PMGC0_FAC, PMGC0_FAC); /* stays frozen */
    ppc_pmu_resume_value();
    assert_int_equal(ppc_ctx[CTX_PMGC0], PMGC0_PMIE | 0x100u);
    /* The next entry: the vector saved PMGC0 with PMIE cleared by the
     * interrupt; the program never set PMIE, nor sees it. */
    ppc_ctx[CTX_PMGC0] &= ~(uint32_t)PMGC0_PMIE;
    ppc_pmu_entry();
    assert_string_equal(exchange("p50"), "00000100");
    assert_string_equal(exchange("p5d"), "00000100"); /* upmgc0 */
    /* A program's own PMIE is shown though the interrupt cleared it. */
    assert_string_equal(exchange("P50=40000100"), "OK");
    fake_pmr[PMGC0] &= ~(uint32_t)PMGC0_PMIE;
    ppc_ctx[CTX_PMGC0] &= ~(uint32_t)PMGC0_PMIE;
    assert_string_equal(exchange("p50"), "40000100");
}

static void a_count_preloaded_at_2_32_minus_1_crosses_in_pmc0_64(void **st)
{
    (void)st;
    assert_string_equal(exchange("P6a=00000000ffffffff"), "OK");
    assert_int_equal(fake_pmr[PMC0], 0x7fffffffu); /* no overflowed value */
    assert_string_equal(exchange("p59"), "ffffffff");
    fake_pmr[PMC0] = 0x80000000u; /* one event: the MSB, the interrupt */
    ppc_pmu_fold();
    assert_int_equal(fake_pmr[PMC0], 0);
    assert_string_equal(exchange("p6a"), "0000000100000000");
    assert_string_equal(exchange("p59"), "00000000");
    fake_pmr[PMC0] = 5; /* the 32-bit count wrapped, the 64-bit one did not */
    assert_string_equal(exchange("p6a"), "0000000100000005");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gprs_and_specials_are_4_bytes_fpu_numbers_absent),
        cmocka_unit_test(reads_are_big_endian_from_the_right_slot),
        cmocka_unit_test(writes_land_in_their_slot_only),
        cmocka_unit_test_setup(g_packs_r0_r31_then_pc_to_xer_without_gaps,
                               use_ppc_registers),
        cmocka_unit_test_setup(p_reads_pc_and_refuses_an_fpu_number,
                               use_ppc_registers),
        cmocka_unit_test_setup(P_writes_lr, use_ppc_registers),
        cmocka_unit_test_setup(stop_reply_expedites_pc_sp_lr,
                               use_ppc_registers),
        cmocka_unit_test(every_interrupt_has_its_signal),
        cmocka_unit_test(program_interrupt_signal_follows_esr),
        cmocka_unit_test(return_instructions_are_recognised),
        cmocka_unit_test(cores_are_told_apart_by_pvr),
        cmocka_unit_test(vle_length_comes_from_the_first_halfword),
        cmocka_unit_test(vle_returns_are_the_four_se_rf),
        cmocka_unit_test(vle_breakpoints_are_se_illegal_and_never_4_bytes),
        cmocka_unit_test(only_an_illegal_vle_instruction_can_be_a_vle_breakpoint),
        cmocka_unit_test_setup(pmu_numbers_are_the_issues_and_absent_without_a_pmu,
                               use_e200z7_pmu),
        cmocka_unit_test_setup(an_unknown_core_gets_the_registers_with_raw_events,
                               use_e200z7_pmu),
        cmocka_unit_test_setup(upmr_writes_are_refused_and_change_nothing, use_e200z7_pmu),
        cmocka_unit_test_setup(pmlca_shows_the_programs_ce_while_the_stub_keeps_it_on,
                               use_e200z7_pmu),
        cmocka_unit_test_setup(pmgc0_is_the_programs_and_resume_arms_pmie, use_e200z7_pmu),
        cmocka_unit_test_setup(resume_marks_the_program_and_forces_fcm0_and_ce,
                               use_e200z7_pmu),
        cmocka_unit_test_setup(what_the_program_writes_itself_is_its_own, use_e200z7_pmu),
        cmocka_unit_test_setup(a_program_that_clears_pmm_is_told, use_e200z7_pmu),
        cmocka_unit_test_setup(a_count_preloaded_at_2_32_minus_1_crosses_in_pmc0_64,
                               use_e200z7_pmu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
