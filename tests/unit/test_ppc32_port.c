/*
 * test_ppc32_port.c - the plain-C part of the Power Book E port on the
 * host: the register table (GDB's org.gnu.gdb.power.core numbering), alone
 * and behind the stub core's g/p/P; the signal of each interrupt; the
 * return-from-interrupt instructions a step refuses; the core table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "../../stub/arch/ppc32/booke.h"
#include "../../stub/arch/ppc32/ppc_port.h"

/* GDB's numbers (GDB manual "PowerPC Features"; DESIGN.md). */
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

static void cores_are_told_apart_by_pvr(void **st)
{
    const struct ppc_core *c;
    (void)st;
    /* QEMU 7.2's e500v2 reads PVR 0x80210022 (measured). */
    c = ppc_core_lookup(0x80210022);
    assert_string_equal(c->name, "e500v2");
    assert_int_equal(c->debug_level, PPC_LEVEL_CRIT);
    assert_int_equal(c->hid0_set, 0);
    /* e200z760n3: MANID 8, type 0x16, version 3 (RM Table 2-3). */
    c = ppc_core_lookup(0x81630000 | 0x1234);
    assert_string_equal(c->name, "e200z7");
    assert_int_equal(c->debug_level, PPC_LEVEL_DEBUG);
    assert_true(c->hid0_set & HID0_DAPUEN);
    assert_true(c->hid0_set & HID0_TBEN);
    /* e500v1 (0x8020) is not in the table: Book E's own rules. */
    c = ppc_core_lookup(0x80200020);
    assert_int_equal(c->debug_level, PPC_LEVEL_CRIT);
    assert_int_equal(c->hid0_set, 0);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
