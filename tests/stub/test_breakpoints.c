/*
 * test_breakpoints.c - Z0/z0 software breakpoints (GDB manual, "Packets":
 * z type,addr,kind): the trap goes in, the original comes back, failures
 * leave memory and the table as they were.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* bp_is_ours(), STUB_MAX_BREAKPOINTS */

#define A (FAKE_RAM_BASE + 0x100)

static const char *Zz(char letter, uint32_t addr)
{
    char pkt[32];
    snprintf(pkt, sizeof pkt, "%c0,%x,4", letter, addr);
    return exchange(pkt);
}

/* Each test starts with pristine memory and leaves no breakpoint behind,
 * so that the core's table (static) starts empty for the next one. */
static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (uint32_t a = FAKE_RAM_BASE; a < FAKE_RAM_BASE + FAKE_RAM_SIZE; a++)
        if (bp_is_ours(a))
            assert_string_equal(Zz('z', a), "OK");
    return 0;
}

static void Z0_writes_the_trap_and_z0_restores(void **st)
{
    (void)st;
    assert_string_equal(Zz('Z', A), "OK");
    assert_mem(A, fake_break_insn, 4);
    assert_mem_pristine(A - 4, 4);
    assert_mem_pristine(A + 4, 4);
    assert_true(bp_is_ours(A));
    assert_string_equal(Zz('z', A), "OK");
    assert_mem_pristine(A, 4);
    assert_false(bp_is_ours(A));
}

static void Z0_twice_keeps_the_original(void **st)
{
    (void)st;
    /* GDB re-inserts on every resume; the second Z0 must not save the
     * trap as the "original". */
    assert_string_equal(Zz('Z', A), "OK");
    assert_string_equal(Zz('Z', A), "OK");
    assert_string_equal(Zz('z', A), "OK");
    assert_mem_pristine(A, 4);
    assert_string_equal(Zz('z', A), "OK"); /* not there: still OK */
    assert_mem_pristine(A, 4);
}

static void Z0_where_the_write_does_not_stick_is_error(void **st)
{
    (void)st;
    /* ROM takes the write silently: the read-back catches it. */
    assert_error_reply(Zz('Z', FAKE_ROM_BASE + 8));
    assert_false(bp_is_ours(FAKE_ROM_BASE + 8));
    assert_mem_pristine(FAKE_ROM_BASE + 8, 4);
}

static void Z0_at_a_fault_is_error(void **st)
{
    (void)st;
    assert_error_reply(Zz('Z', 0x100));
    assert_false(bp_is_ours(0x100));
    assert_error_reply(Zz('Z', FAKE_RAM_BASE + FAKE_RAM_SIZE - 2));
    assert_mem_pristine(FAKE_RAM_BASE + FAKE_RAM_SIZE - 2, 2);
    fake.write_fault = 1;
    assert_error_reply(Zz('Z', A));
    assert_false(bp_is_ours(A));
    fake.write_fault = 0;
    assert_mem_pristine(A, 4);
}

static void table_full_is_error_and_a_free_slot_is_reused(void **st)
{
    (void)st;
    for (uint32_t i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        assert_string_equal(Zz('Z', A + 8 * i), "OK");
    assert_error_reply(Zz('Z', A + 8 * STUB_MAX_BREAKPOINTS));
    assert_mem_pristine(A + 8 * STUB_MAX_BREAKPOINTS, 4);
    assert_string_equal(Zz('z', A + 8 * 5), "OK");
    assert_string_equal(Zz('Z', A + 8 * STUB_MAX_BREAKPOINTS), "OK");
    for (uint32_t i = 0; i <= STUB_MAX_BREAKPOINTS; i++) {
        if (i == 5)
            continue;
        assert_mem(A + 8 * i, fake_break_insn, 4);
        assert_string_equal(Zz('z', A + 8 * i), "OK");
    }
    assert_mem_pristine(A, 8 * (STUB_MAX_BREAKPOINTS + 1));
}

static void overlapping_breakpoints_leave_memory_intact(void **st)
{
    (void)st;
    /* Whatever the stub answers to a Z0 that overlaps another, removing
     * both (in either order) must give the program its code back. */
    (void)Zz('Z', A);
    (void)Zz('Z', A + 2);
    assert_string_equal(Zz('z', A), "OK");
    assert_string_equal(Zz('z', A + 2), "OK");
    assert_mem_pristine(A - 4, 12);
    (void)Zz('Z', A + 2);
    (void)Zz('Z', A);
    assert_string_equal(Zz('z', A), "OK");
    assert_string_equal(Zz('z', A + 2), "OK");
    assert_mem_pristine(A - 4, 12);
}

static void other_types_get_the_empty_reply(void **st)
{
    static const char *const unsupported[] = {
        "Z1,80001100,4", "z1,80001100,4", "Z2,80001100,4", "Z3,80001100,4",
        "Z4,80001100,4", "z4,80001100,4", "Z", "z",
    };
    (void)st;
    for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
        assert_string_equal(exchange(unsupported[i]), "");
    assert_int_equal(fake.mem_writes, 0);
}

static void wrong_kind_and_bad_forms_are_errors(void **st)
{
    static const char *const bad[] = {
        "Z0,80001100,2", "Z0,80001100,8", "Z0,80001100,0", "z0,80001100,2",
        "Z0", "Z0,", "Z0,80001100", "Z0,80001100,", "Z0;80001100,4",
        "Z0,80001100;4", "Z0,80001100,4;X1,0", "Z0,,4", "Z0,xyz,4",
        "Z0,180001100,4", "Z0,80001100,100000004", "Z00,80001100,4",
        "z0", "z0,80001100",
    };
    (void)st;
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_int_equal(fake.mem_writes, 0);
}

/* ---- a port whose trap size depends on the place (target.h break_at):
 * 2 bytes in the upper half of RAM (as se_illegal in a Power VLE page),
 * the 4-byte trap below it ---- */
#define SHORT_FROM (FAKE_RAM_BASE + FAKE_RAM_SIZE / 2)
static const uint8_t short_trap[2] = {0x00, 0x00};

static unsigned sized_break_at(stub_addr_t addr, unsigned kind, const uint8_t **insn)
{
    if (addr >= SHORT_FROM) {
        *insn = short_trap;
        return addr % 2 == 0 && (kind == 0 || kind == 2 || kind == 4) ? 2 : 0;
    }
    *insn = fake_break_insn;
    return addr % 4 == 0 && (kind == 0 || kind == 4) ? 4 : 0;
}

static int setup_sized(void **state)
{
    setup(state);
    fake_target.break_at = sized_break_at;
    return 0;
}

static const char *Zk(char letter, uint32_t addr, unsigned kind)
{
    char pkt[32];
    snprintf(pkt, sizeof pkt, "%c0,%x,%x", letter, addr, kind);
    return exchange(pkt);
}

static void a_kind_4_breakpoint_on_a_short_trap_writes_2_bytes(void **st)
{
    const uint32_t b = SHORT_FROM + 0x20;
    uint8_t got[4];
    (void)st;
    /* GDB's kind 4 at a 16-bit instruction: the next one stays intact,
     * and a breakpoint on it is no overlap. */
    assert_string_equal(Zk('Z', b, 4), "OK");
    assert_mem(b, short_trap, 2);
    assert_mem_pristine(b + 2, 2);
    assert_string_equal(Zk('Z', b + 2, 2), "OK");
    assert_mem(b + 2, short_trap, 2);
    /* The original as the program has it, a 4-byte read over the trap. */
    assert_int_equal(stub_bp_original(b, got, 4), STUB_MEM_OK);
    assert_int_equal(got[0], fake_mem_pattern(b));
    assert_int_equal(got[1], fake_mem_pattern(b + 1));
    assert_int_equal(got[2], 0); /* the other trap, as memory has it */
    assert_true(stub_bp_trap_at(b));
    assert_string_equal(Zk('z', b, 4), "OK");
    assert_false(stub_bp_trap_at(b));
    assert_string_equal(Zk('z', b + 2, 2), "OK");
    assert_mem_pristine(b - 4, 12);
}

static void odd_addresses_and_other_kinds_are_refused_there(void **st)
{
    (void)st;
    assert_error_reply(Zk('Z', SHORT_FROM + 0x41, 2));
    assert_error_reply(Zk('Z', SHORT_FROM + 0x40, 8));
    assert_error_reply(Zk('Z', A + 2, 4));  /* 4-byte traps stay aligned */
    assert_error_reply(Zk('Z', A, 2));      /* and take kind 4 only */
    assert_int_equal(fake.mem_writes, 0);
    assert_string_equal(Zk('Z', A, 4), "OK"); /* the usual trap below */
    assert_mem(A, fake_break_insn, 4);
    assert_string_equal(Zk('z', A, 4), "OK");
    assert_mem_pristine(A, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
        T(Z0_writes_the_trap_and_z0_restores),
        T(Z0_twice_keeps_the_original),
        T(Z0_where_the_write_does_not_stick_is_error),
        T(Z0_at_a_fault_is_error),
        T(table_full_is_error_and_a_free_slot_is_reused),
        T(overlapping_breakpoints_leave_memory_intact),
        T(other_types_get_the_empty_reply),
        T(wrong_kind_and_bad_forms_are_errors),
#undef T
        cmocka_unit_test_setup_teardown(a_kind_4_breakpoint_on_a_short_trap_writes_2_bytes,
                                        setup_sized, teardown),
        cmocka_unit_test_setup_teardown(odd_addresses_and_other_kinds_are_refused_there,
                                        setup_sized, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
