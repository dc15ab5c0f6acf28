/*
 * ejtag_test_tap.c - the TAP controller a probe relies on: every IEEE 1149.1
 * state transition, Capture-IR = 0b00001, IDCODE selected by
 * Test-Logic-Reset, BYPASS/ID echo the way OpenOCD's chain examination reads
 * it (openocd v0.12.0 src/jtag/core.c), and the IR persisting across scans.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ejtag_port.h"
#include "ejtag_tap.h"
#include "ejtag_test_jtag.h"

/* The transitions of IEEE 1149.1-2001 figure 6-1, written out as arcs
 * (from, TMS, to) independently of ejtag_tap.c's table. */
static const struct arc { enum tap_state from; int tms; enum tap_state to; }
arcs[] = {
    { TAP_RESET, 0, TAP_IDLE },           { TAP_RESET, 1, TAP_RESET },
    { TAP_IDLE, 0, TAP_IDLE },            { TAP_IDLE, 1, TAP_DRSELECT },
    { TAP_DRSELECT, 0, TAP_DRCAPTURE },   { TAP_DRSELECT, 1, TAP_IRSELECT },
    { TAP_DRCAPTURE, 0, TAP_DRSHIFT },    { TAP_DRCAPTURE, 1, TAP_DREXIT1 },
    { TAP_DRSHIFT, 0, TAP_DRSHIFT },      { TAP_DRSHIFT, 1, TAP_DREXIT1 },
    { TAP_DREXIT1, 0, TAP_DRPAUSE },      { TAP_DREXIT1, 1, TAP_DRUPDATE },
    { TAP_DRPAUSE, 0, TAP_DRPAUSE },      { TAP_DRPAUSE, 1, TAP_DREXIT2 },
    { TAP_DREXIT2, 0, TAP_DRSHIFT },      { TAP_DREXIT2, 1, TAP_DRUPDATE },
    { TAP_DRUPDATE, 0, TAP_IDLE },        { TAP_DRUPDATE, 1, TAP_DRSELECT },
    { TAP_IRSELECT, 0, TAP_IRCAPTURE },   { TAP_IRSELECT, 1, TAP_RESET },
    { TAP_IRCAPTURE, 0, TAP_IRSHIFT },    { TAP_IRCAPTURE, 1, TAP_IREXIT1 },
    { TAP_IRSHIFT, 0, TAP_IRSHIFT },      { TAP_IRSHIFT, 1, TAP_IREXIT1 },
    { TAP_IREXIT1, 0, TAP_IRPAUSE },      { TAP_IREXIT1, 1, TAP_IRUPDATE },
    { TAP_IRPAUSE, 0, TAP_IRPAUSE },      { TAP_IRPAUSE, 1, TAP_IREXIT2 },
    { TAP_IREXIT2, 0, TAP_IRSHIFT },      { TAP_IREXIT2, 1, TAP_IRUPDATE },
    { TAP_IRUPDATE, 0, TAP_IDLE },        { TAP_IRUPDATE, 1, TAP_DRSELECT },
};
#define NARCS (sizeof arcs / sizeof arcs[0])

static void nop_capture(void *ctx, uint32_t ir, struct tap_dr *dr)
{
    (void)ctx; (void)ir; (void)dr;
}

static void nop_update(void *ctx, uint32_t ir, const struct tap_dr *dr)
{
    (void)ctx; (void)ir; (void)dr;
}

static const struct tap_ops nop_ops = { NULL, NULL, nop_capture, nop_update };

static void clock_tap(struct tap *t, bool tms)
{
    tap_pins(t, false, tms, false);
    tap_pins(t, true, tms, false);
}

/* TMS path from Test-Logic-Reset to target, by breadth-first search over
 * the arcs; returns its length. */
static int path_to(enum tap_state target, int *tms)
{
    int prev_state[TAP_NSTATES], prev_tms[TAP_NSTATES];
    bool seen[TAP_NSTATES] = { false };
    enum tap_state queue[TAP_NSTATES];
    int head = 0, tail = 0;
    queue[tail++] = TAP_RESET;
    seen[TAP_RESET] = true;
    while (head < tail) {
        enum tap_state s = queue[head++];
        for (size_t i = 0; i < NARCS; i++) {
            if (arcs[i].from != s || seen[arcs[i].to])
                continue;
            seen[arcs[i].to] = true;
            prev_state[arcs[i].to] = (int)s;
            prev_tms[arcs[i].to] = arcs[i].tms;
            queue[tail++] = arcs[i].to;
        }
    }
    int rev[TAP_NSTATES], n = 0;
    for (enum tap_state s = target; s != TAP_RESET;
         s = (enum tap_state)prev_state[s])
        rev[n++] = prev_tms[s];
    for (int i = 0; i < n; i++)
        tms[i] = rev[n - 1 - i];
    return n;
}

static void every_transition(void **state)
{
    (void)state;
    assert_int_equal(NARCS, 2 * TAP_NSTATES);
    for (size_t i = 0; i < NARCS; i++) {
        struct tap t;
        int tms[TAP_NSTATES];
        tap_init(&t, 5, 1, 1, &nop_ops, NULL);
        int n = path_to(arcs[i].from, tms);
        for (int k = 0; k < n; k++)
            clock_tap(&t, tms[k]);
        assert_int_equal(t.state, arcs[i].from);
        clock_tap(&t, arcs[i].tms);
        if (t.state != arcs[i].to)
            fail_msg("%s --TMS=%d--> %s, expected %s",
                     tap_state_name(arcs[i].from), arcs[i].tms,
                     tap_state_name(t.state), tap_state_name(arcs[i].to));
    }
}

/* Five TMS=1 clocks reach Test-Logic-Reset from any state (1149.1 6.1). */
static void five_tms_ones_reset_from_anywhere(void **state)
{
    (void)state;
    for (enum tap_state s = 0; s < TAP_NSTATES; s++) {
        struct tap t;
        int tms[TAP_NSTATES];
        tap_init(&t, 5, 1, 1, &nop_ops, NULL);
        int n = path_to(s, tms);
        for (int k = 0; k < n; k++)
            clock_tap(&t, tms[k]);
        for (int k = 0; k < 5; k++)
            clock_tap(&t, true);
        assert_int_equal(t.state, TAP_RESET);
    }
}

/* Only rising edges act: repeating a level or a falling edge does nothing. */
static void acts_on_rising_edge_only(void **state)
{
    (void)state;
    struct tap t;
    tap_init(&t, 5, 1, 1, &nop_ops, NULL);
    tap_pins(&t, false, false, false);
    tap_pins(&t, false, false, false);
    assert_int_equal(t.state, TAP_RESET);
    tap_pins(&t, true, false, false);
    assert_int_equal(t.state, TAP_IDLE);
    tap_pins(&t, true, true, false);  /* TCK still high: no edge */
    tap_pins(&t, false, true, false); /* falling edge */
    assert_int_equal(t.state, TAP_IDLE);
}

static struct cpu fake;

static int setup(void **state)
{
    memset(&fake, 0, sizeof fake);
    *state = ejtag_new(&fake);
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    ejtag_free(*state);
    return 0;
}

/* IR scan of irlen+2 ones as OpenOCD's jtag_validate_ircapture does: the
 * capture value 0b00001, then the two ones shifted in come back. */
static void ir_capture_is_00001(void **state)
{
    struct ejtag *ej = *state;
    jt_reset_to_idle(ej);
    uint32_t out = 0x7F, in = 0;
    jt_scan(ej, true, &out, &in, 7);
    assert_int_equal(in, 0x61); /* 0b11_00001 */
}

static void idcode_selected_by_reset(void **state)
{
    struct ejtag *ej = *state;
    jt_ir(ej, 0x03); /* something else first */
    jt_reset_to_idle(ej);
    uint32_t id = jt_dr32(ej, 0);
    assert_int_equal(id, ejtag_idcode_value);
    assert_int_equal(id & 1u, 1u);                    /* 1149.1: bit 0 = 1 */
    assert_int_not_equal((id >> 1) & 0x7FFu, 0x029u); /* not PIC32 MTAP */
}

/* OpenOCD's chain examination: 21 x 32 ones after TLR; the first word is the
 * IDCODE, everything after it must be our own TDI coming back. */
static void dr_shift_echoes_after_idcode(void **state)
{
    struct ejtag *ej = *state;
    uint32_t out[21], in[21];
    for (int i = 0; i < 21; i++)
        out[i] = 0xFFFFFFFFu;
    jt_reset_to_idle(ej);
    jt_scan(ej, false, out, in, 21 * 32);
    assert_int_equal(in[0], ejtag_idcode_value);
    for (int i = 1; i < 21; i++)
        assert_int_equal(in[i], 0xFFFFFFFFu);
}

/* BYPASS is one bit, captured 0: a pattern comes back one bit late. */
static void bypass_delays_by_one_bit(void **state)
{
    struct ejtag *ej = *state;
    jt_reset_to_idle(ej);
    jt_ir(ej, 0x1F);
    uint32_t out = 0xA5C3u, in = 0;
    jt_scan(ej, false, &out, &in, 17);
    assert_int_equal(in, (0xA5C3u << 1) & 0x1FFFFu);
}

/* OpenOCD skips an IR scan when its cached IR already matches
 * (mips_ejtag_set_instr), so the instruction must survive DR scans. */
static void ir_persists_across_dr_scans(void **state)
{
    struct ejtag *ej = *state;
    jt_reset_to_idle(ej);
    jt_ir(ej, 0x03);
    assert_int_equal(jt_dr32(ej, 0), ejtag_impcode_value);
    assert_int_equal(jt_dr32(ej, 0xFFFFFFFFu), ejtag_impcode_value);
}

/* IMPCODE bit 16 (MIPS16, EJTAG Specification MD00047 "Implementation
 * Register") is set on a core with the MIPS16e ASE only: OpenOCD allows
 * breakpoints in MIPS16e code by it. */
static void impcode_says_mips16(void **state)
{
    struct ejtag *ej = *state;
    fake.mips16 = true;
    jt_reset_to_idle(ej);
    jt_ir(ej, 0x03);
    assert_int_equal(jt_dr32(ej, 0), ejtag_impcode_value | 1u << 16);
    fake.mips16 = false;
    assert_int_equal(jt_dr32(ej, 0), ejtag_impcode_value);
    assert_int_equal(ejtag_impcode_value & 1u << 16, 0);
}

/* TRST (remote_bitbang 't') resets the TAP: IDCODE is selected again. */
static void trst_selects_idcode(void **state)
{
    struct ejtag *ej = *state;
    jt_reset_to_idle(ej);
    jt_ir(ej, 0x03);
    ejtag_reset_lines(ej, true, false);
    ejtag_reset_lines(ej, false, false);
    jt_clock(ej, false, false); /* Test-Logic-Reset -> Idle */
    assert_int_equal(jt_dr32(ej, 0), ejtag_idcode_value);
    assert_int_equal(fake.resets, 0); /* TRST does not reset the CPU */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_transition),
        cmocka_unit_test(five_tms_ones_reset_from_anywhere),
        cmocka_unit_test(acts_on_rising_edge_only),
        cmocka_unit_test_setup_teardown(ir_capture_is_00001, setup, teardown),
        cmocka_unit_test_setup_teardown(idcode_selected_by_reset, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(dr_shift_echoes_after_idcode, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(bypass_delays_by_one_bit, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(ir_persists_across_dr_scans, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(impcode_says_mips16, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(trst_selects_idcode, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
