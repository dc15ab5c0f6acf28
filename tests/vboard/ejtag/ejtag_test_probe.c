/*
 * ejtag_test_probe.c - what OpenOCD 0.12's mips_m4k relies on from the
 * EJTAG registers behind the TAP: ECR write/read semantics (Rocc, PrAcc,
 * EjtagBrk -> DM, PrRst with EJTAGBOOT), processor accesses served through
 * ADDRESS/DATA/CONTROL (legacy mips32_pracc_exec) and through ALL (fast
 * mips32_pracc_queue_exec, with the store shown one fetch late), FASTDATA,
 * and drseg (DCR, IBS, instruction breakpoints). Bit values are written out
 * from OpenOCD's src/target/mips_ejtag.h, not taken from our headers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ejtag_port.h"
#include "ejtag_test_jtag.h"

/* openocd v0.12.0 src/target/mips_ejtag.h */
#define ROCC     0x80000000u
#define PRNW     0x00080000u
#define PRACC    0x00040000u
#define PRRST    0x00010000u
#define PERRST   0x00100000u
#define PROBEN   0x00008000u
#define PROBTRAP 0x00004000u
#define JTAGBRK  0x00001000u
#define BRKST    0x00000008u
#define PSZ(v)   (((v) >> 29) & 3u)
#define IR_ADDRESS 0x08u
#define IR_DATA    0x09u
#define IR_CONTROL 0x0Au
#define IR_ALL     0x0Bu
#define IR_EJTAGBOOT 0x0Cu
#define IR_FASTDATA 0x0Eu
/* OpenOCD's standing control word for EJTAG >= 2.5 (mips_ejtag_init). */
#define CTRL (ROCC | PRACC | PROBEN | PROBTRAP)
/* mips32_pracc.h */
#define TEXT      0xFF200200u
#define PARAM_OUT 0xFF202000u
/* MIPS32 encodings used by OpenOCD's PrAcc code */
#define LUI_1_FF20 0x3C01FF20u /* lui $1, 0xff20 */
#define SW_2_2008  0xAC222008u /* sw $2, 0x2008($1) */
#define NOP        0x00000000u
#define DERET      0x4200001Fu

static struct cpu fake;

static int setup(void **state)
{
    memset(&fake, 0, sizeof fake);
    struct ejtag *ej = ejtag_new(&fake);
    *state = ej;
    if (!ej)
        return -1;
    jt_reset_to_idle(ej);
    return 0;
}

static int teardown(void **state)
{
    ejtag_free(*state);
    return 0;
}

static uint32_t ctrl_scan(struct ejtag *ej, uint32_t v)
{
    jt_ir(ej, IR_CONTROL);
    return jt_dr32(ej, v);
}

/* The poll sequence of mips_m4k_poll after a reset. */
static void attach(struct ejtag *ej)
{
    ctrl_scan(ej, CTRL);
    ctrl_scan(ej, CTRL & ~ROCC);
}

static void rocc_set_at_power_on_and_cleared_by_writing_0(void **state)
{
    struct ejtag *ej = *state;
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_true(v & ROCC);
    /* That write carried Rocc = 1 while Rocc was set: ignored. */
    assert_false(ejtag_probe_enabled(ej));
    v = ctrl_scan(ej, CTRL & ~ROCC);
    assert_true(v & ROCC);
    assert_false(v & PROBEN);
    /* The clearing write took effect. */
    v = ctrl_scan(ej, CTRL);
    assert_false(v & ROCC);
    assert_true(v & PROBEN);
    assert_true(v & PROBTRAP);
    assert_true(ejtag_probe_enabled(ej));
    assert_true(ejtag_probe_trap(ej));
    /* Writing Rocc = 1 now does not set it. */
    v = ctrl_scan(ej, CTRL);
    assert_false(v & ROCC);
}

/* mips_ejtag_enter_debug: write EjtagBrk, then the next capture must show
 * BRKST (DM); the CPU was interrupted exactly once. */
static void ejtagbrk_interrupts_cpu_and_next_capture_shows_dm(void **state)
{
    struct ejtag *ej = *state;
    attach(ej);
    uint32_t v = ctrl_scan(ej, CTRL | JTAGBRK);
    assert_false(v & BRKST);
    assert_int_equal(fake.debug_interrupts, 1);
    v = ctrl_scan(ej, CTRL);
    assert_true(v & BRKST);
    assert_false(v & JTAGBRK); /* cleared by the hardware */
    assert_int_equal(fake.debug_interrupts, 1);
    /* The fake CPU is in debug mode and has not fetched yet. */
    assert_true(ejtag_waiting_for_cpu(ej));
    uint32_t insn;
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    assert_false(ejtag_waiting_for_cpu(ej));
}

/* Legacy mode (mips32_pracc_exec): a pending fetch is seen in CONTROL and
 * ADDRESS, the probe puts the instruction in DATA and writes PrAcc = 0. */
static void pending_fetch_served_by_address_data_control(void **state)
{
    struct ejtag *ej = *state;
    uint32_t insn = 0;
    attach(ej);
    fake.dm = true;
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_PENDING);
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_true(v & PRACC);
    assert_false(v & PRNW);
    assert_int_equal(PSZ(v), 2); /* word */
    jt_ir(ej, IR_ADDRESS);
    assert_int_equal(jt_dr32(ej, 0), TEXT);
    jt_ir(ej, IR_DATA);
    jt_dr32(ej, LUI_1_FF20);
    /* Not yet completed: the CPU still waits. */
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_PENDING);
    ctrl_scan(ej, CTRL & ~PRACC);
    assert_true(ejtag_waiting_for_cpu(ej)); /* until its next access */
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_DONE);
    assert_int_equal(insn, LUI_1_FF20);
    assert_true(ejtag_waiting_for_cpu(ej)); /* collected, nothing posted */
    v = ctrl_scan(ej, CTRL);
    assert_false(v & PRACC);
    ejtag_dmseg_access(ej, TEXT + 4, 4, false, true, &insn);
    assert_false(ejtag_waiting_for_cpu(ej));
}

/* Writing PrAcc = 1 does not complete an access. */
static void writing_pracc_1_leaves_access_pending(void **state)
{
    struct ejtag *ej = *state;
    uint32_t insn;
    attach(ej);
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    ctrl_scan(ej, CTRL);
    ctrl_scan(ej, CTRL);
    assert_true(ctrl_scan(ej, CTRL) & PRACC);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_PENDING);
}

/* One 96-bit ALL scan: CONTROL bits 31:0, DATA 63:32, ADDRESS 95:64
 * (mips_ejtag_add_scan_96); returns the captured words. */
static void all_scan(struct ejtag *ej, uint32_t ctrl, uint32_t data,
                     uint32_t cap[3])
{
    uint32_t out[3] = { ctrl, data, 0 };
    jt_scan(ej, false, out, cap, 96);
}

/* Fast queued mode (mips32_pracc_queue_exec): for "sw $2; nop", the scans
 * see fetch 0, fetch 1, then the store of instruction 0, then fetch 2. The
 * CPU runs between scans as vboard's main loop lets it. */
static void store_shown_after_next_fetch_in_all_scans(void **state)
{
    struct ejtag *ej = *state;
    uint32_t cap[3], insn;
    attach(ej);
    fake.dm = true;
    jt_ir(ej, IR_ALL);

    /* F0 */
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_PENDING);
    all_scan(ej, CTRL & ~PRACC, SW_2_2008, cap);
    assert_true(cap[0] & PRACC);
    assert_false(cap[0] & PRNW);
    assert_int_equal(cap[2], TEXT);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_DONE);
    assert_int_equal(insn, SW_2_2008);
    /* The CPU executes the store: latched, the CPU does not wait. */
    uint32_t val = 0x12345678u;
    assert_int_equal(ejtag_dmseg_access(ej, PARAM_OUT + 8, 4, true, false,
                                        &val), EJTAG_DONE);
    /* F1 */
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 4, 4, false, true, &insn),
                     EJTAG_PENDING);
    all_scan(ej, CTRL & ~PRACC, NOP, cap);
    assert_true(cap[0] & PRACC);
    assert_false(cap[0] & PRNW);
    assert_int_equal(cap[2], TEXT + 4);
    /* S0 is visible at once, before the CPU runs again. */
    all_scan(ej, CTRL & ~PRACC, 0, cap);
    assert_true(cap[0] & PRACC);
    assert_true(cap[0] & PRNW);
    assert_int_equal(cap[2], PARAM_OUT + 8);
    assert_int_equal(cap[1], 0x12345678u);
    /* The CPU got its NOP and fetches on. */
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 4, 4, false, true, &insn),
                     EJTAG_DONE);
    assert_int_equal(insn, NOP);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 8, 4, false, true, &insn),
                     EJTAG_PENDING);
    all_scan(ej, CTRL, 0, cap); /* PrAcc = 1: just look */
    assert_false(cap[0] & PRNW);
    assert_int_equal(cap[2], TEXT + 8);
}

/* Legacy-mode walk to the point where a store is shown: the CPU fetches
 * and gets instruction 0, executes its store (latched, not waited for),
 * fetches instruction 1, and the probe serves that fetch. */
static void store_then_serve_next_fetch(struct ejtag *ej, uint32_t addr,
                                        unsigned size, uint32_t val)
{
    uint32_t insn;
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    ctrl_scan(ej, CTRL & ~PRACC);
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    assert_int_equal(ejtag_dmseg_access(ej, addr, size, true, false, &val),
                     EJTAG_DONE);
    ejtag_dmseg_access(ej, TEXT + 4, 4, false, true, &insn);
    ctrl_scan(ej, CTRL & ~PRACC); /* serve F1: the store appears */
}

/* While a lagged store is shown, the CPU's next fetch waits for it. */
static void fetch_waits_for_lagged_store(void **state)
{
    struct ejtag *ej = *state;
    uint32_t insn;
    attach(ej);
    store_then_serve_next_fetch(ej, PARAM_OUT, 4, 7);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 4, 4, false, true, &insn),
                     EJTAG_DONE);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 8, 4, false, true, &insn),
                     EJTAG_PENDING);
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_true(v & PRNW);
    jt_ir(ej, IR_DATA);
    assert_int_equal(jt_dr32(ej, 0), 7);
    ctrl_scan(ej, CTRL & ~PRACC);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 8, 4, false, true, &insn),
                     EJTAG_PENDING);
    v = ctrl_scan(ej, CTRL);
    assert_false(v & PRNW);
    jt_ir(ej, IR_ADDRESS);
    assert_int_equal(jt_dr32(ej, 0), TEXT + 8);
}

/* CPU-side helpers: a fetch the probe has served, collected by the CPU. */
static uint32_t cpu_fetch_done(struct ejtag *ej, uint32_t addr)
{
    uint32_t insn = 0xDEADBEEFu;
    assert_int_equal(ejtag_dmseg_access(ej, addr, 4, false, true, &insn),
                     EJTAG_DONE);
    return insn;
}

/* The probe's view of the visible access: PRnW and ADDRESS. */
static void expect_visible(struct ejtag *ej, bool store, uint32_t addr)
{
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_true(v & PRACC);
    assert_int_equal((v & PRNW) != 0, store);
    jt_ir(ej, IR_ADDRESS);
    assert_int_equal(jt_dr32(ej, 0), addr);
}

static void serve(struct ejtag *ej, uint32_t data)
{
    jt_ir(ej, IR_DATA);
    jt_dr32(ej, data);
    ctrl_scan(ej, CTRL & ~PRACC);
}

/* Three stores in consecutive instructions (read_regs' "sw $2..$31"): the
 * CPU never waits on them and the probe sees F0 F1 S0 F2 S1 F3 S2, each
 * store right after the fetch that follows it. */
static void consecutive_stores_keep_the_one_fetch_lag(void **state)
{
    struct ejtag *ej = *state;
    uint32_t insn, val;
    attach(ej);
    for (unsigned i = 0; i < 4; i++) {
        uint32_t pc = TEXT + 4 * i;
        assert_int_equal(ejtag_dmseg_access(ej, pc, 4, false, true, &insn),
                         EJTAG_PENDING);
        expect_visible(ej, false, pc);
        serve(ej, SW_2_2008 + 4 * i);
        if (i > 0) { /* the previous instruction's store shows now */
            expect_visible(ej, true, PARAM_OUT + 8 + 4 * (i - 1));
            jt_ir(ej, IR_DATA);
            assert_int_equal(jt_dr32(ej, 0), 100 + i - 1);
            ctrl_scan(ej, CTRL & ~PRACC);
        }
        assert_int_equal(cpu_fetch_done(ej, pc), SW_2_2008 + 4 * i);
        if (i < 3) {
            val = 100 + i;
            assert_int_equal(ejtag_dmseg_access(ej, PARAM_OUT + 8 + 4 * i, 4,
                                                true, false, &val),
                             EJTAG_DONE);
        }
    }
    assert_false(ctrl_scan(ej, CTRL) & PRACC);
}

/* vboard's CPU restarts a whole instruction when its load waits, fetch
 * included. The probe serves the fetch once; the restart gets the same
 * instruction without a second processor access. */
static void restarted_instruction_refetch_is_not_shown_again(void **state)
{
    struct ejtag *ej = *state;
    const uint32_t lw = 0x8D080000u; /* lw $8, 0($8) */
    uint32_t insn, word = 0;
    attach(ej);
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    serve(ej, lw);
    assert_int_equal(cpu_fetch_done(ej, TEXT), lw);
    assert_int_equal(ejtag_dmseg_access(ej, 0xFF200000u, 4, false, false,
                                        &word), EJTAG_PENDING);
    /* restart: fetch again, then the load again */
    assert_int_equal(cpu_fetch_done(ej, TEXT), lw);
    assert_int_equal(ejtag_dmseg_access(ej, 0xFF200000u, 4, false, false,
                                        &word), EJTAG_PENDING);
    expect_visible(ej, false, 0xFF200000u);
    serve(ej, 0x55AA55AAu);
    assert_int_equal(cpu_fetch_done(ej, TEXT), lw);
    assert_int_equal(ejtag_dmseg_access(ej, 0xFF200000u, 4, false, false,
                                        &word), EJTAG_DONE);
    assert_int_equal(word, 0x55AA55AAu);
    /* The next instruction's fetch is a new processor access. */
    assert_int_equal(ejtag_dmseg_access(ej, TEXT + 4, 4, false, true, &insn),
                     EJTAG_PENDING);
    expect_visible(ej, false, TEXT + 4);
}

/* A byte store travels in its big-endian byte lane with Psz = byte. */
static void byte_store_uses_its_lane(void **state)
{
    struct ejtag *ej = *state;
    attach(ej);
    store_then_serve_next_fetch(ej, PARAM_OUT + 1, 1, 0xAB);
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_int_equal(PSZ(v), 0);
    jt_ir(ej, IR_DATA);
    assert_int_equal(jt_dr32(ej, 0), 0x00AB0000u);
}

/* FASTDATA: a pending load from the fastdata area is answered by one
 * 33-bit scan with SPrAcc = 0 (mips_ejtag_fastdata_scan). */
static void fastdata_answers_pending_load(void **state)
{
    struct ejtag *ej = *state;
    uint32_t word = 0;
    attach(ej);
    assert_int_equal(ejtag_dmseg_access(ej, 0xFF200000u, 4, false, false,
                                        &word), EJTAG_PENDING);
    jt_ir(ej, IR_FASTDATA);
    uint32_t out[2] = { 0xCAFEF00Du << 1, 0xCAFEF00Du >> 31 }, in[2];
    jt_scan(ej, false, out, in, 33);
    assert_int_equal(in[0] & 1u, 1u); /* SPrAcc showed the pending access */
    assert_int_equal(ejtag_dmseg_access(ej, 0xFF200000u, 4, false, false,
                                        &word), EJTAG_DONE);
    assert_int_equal(word, 0xCAFEF00Du);
}

/* mips_m4k_assert_reset without SRST: IR EJTAGBOOT, then CONTROL with
 * PrRst|PerRst. The CPU is reset into debug mode, Rocc is set, and the probe
 * owns dmseg with the vector at 0xFF200200. */
static void prrst_with_ejtagboot_resets_into_debug_mode(void **state)
{
    struct ejtag *ej = *state;
    attach(ej);
    jt_ir(ej, IR_EJTAGBOOT);
    ctrl_scan(ej, CTRL | PRRST | PERRST);
    assert_int_equal(fake.resets, 1);
    assert_true(fake.last_debug_boot);
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_true(v & ROCC);
    assert_true(v & BRKST);
    assert_true(v & PROBEN);
    assert_true(v & PROBTRAP);
    /* The poll's Rocc-clearing write drops PrRst; no second reset. */
    ctrl_scan(ej, CTRL & ~ROCC);
    v = ctrl_scan(ej, CTRL);
    assert_false(v & (ROCC | PRRST));
    assert_int_equal(fake.resets, 1);
}

static void srst_resets_cpu_normally(void **state)
{
    struct ejtag *ej = *state;
    attach(ej);
    ejtag_reset_lines(ej, false, true);
    ejtag_reset_lines(ej, false, false);
    assert_int_equal(fake.resets, 1);
    assert_false(fake.last_debug_boot);
    assert_true(ctrl_scan(ej, CTRL) & ROCC);
    assert_false(ejtag_probe_enabled(ej));
}

/* drseg as mips32_configure_break_unit and mips32_enable_interrupts read
 * it: DCR.ENM (big-endian), IB, DB, IntE writable; IBS.BCN = 4. */
static void drseg_dcr_and_ibs(void **state)
{
    struct ejtag *ej = *state;
    uint32_t dcr = ejtag_drseg_read(ej, 0xFF300000u);
    assert_true(dcr & (1u << 29)); /* ENM */
    assert_true(dcr & (1u << 16)); /* IB */
    assert_true(dcr & (1u << 17)); /* DB */
    assert_true(dcr & (1u << 4));  /* IntE */
    assert_true(ejtag_interrupts_enabled(ej));
    ejtag_drseg_write(ej, 0xFF300000u, dcr & ~(1u << 4));
    assert_false(ejtag_drseg_read(ej, 0xFF300000u) & (1u << 4));
    assert_false(ejtag_interrupts_enabled(ej));
    assert_true(ejtag_drseg_read(ej, 0xFF300000u) & (1u << 29));
    assert_int_equal((ejtag_drseg_read(ej, 0xFF301000u) >> 24) & 0xFu, 4);
    assert_int_equal((ejtag_drseg_read(ej, 0xFF302000u) >> 24) & 0xFu, 0);
    assert_int_equal(ejtag_drseg_read(ej, 0xFF3FFFF0u), 0);
}

/* mips_m4k_set_breakpoint (hardware): IBAn = addr, IBMn = 0, IBASIDn = 0,
 * IBCn = 1 at 0xFF301100 + 0x100 n; a hit sets IBS.BS[n]; IBS written 0
 * clears it; IBCn = 0 disables. */
static void instruction_breakpoint_match(void **state)
{
    struct ejtag *ej = *state;
    const uint32_t iba1 = 0xFF301200u;
    ejtag_drseg_write(ej, iba1, 0x80001234u);
    ejtag_drseg_write(ej, iba1 + 0x08, 0);
    ejtag_drseg_write(ej, iba1 + 0x10, 0);
    assert_false(ejtag_ibreak_match(ej, 0x80001234u)); /* not enabled */
    ejtag_drseg_write(ej, iba1 + 0x18, 1);
    assert_int_equal(ejtag_drseg_read(ej, iba1), 0x80001234u);
    assert_int_equal(ejtag_drseg_read(ej, iba1 + 0x18), 1);
    assert_false(ejtag_ibreak_match(ej, 0x80001230u));
    assert_int_equal(ejtag_drseg_read(ej, 0xFF301000u) & 0x7FFFu, 0);
    assert_true(ejtag_ibreak_match(ej, 0x80001234u));
    assert_int_equal(ejtag_drseg_read(ej, 0xFF301000u) & 0x7FFFu, 1u << 1);
    ejtag_drseg_write(ej, 0xFF301000u, 0);
    assert_int_equal(ejtag_drseg_read(ej, 0xFF301000u) & 0x7FFFu, 0);
    /* IBM bits set are "don't care". */
    ejtag_drseg_write(ej, iba1 + 0x08, 0xFu);
    assert_true(ejtag_ibreak_match(ej, 0x8000123Cu));
    ejtag_drseg_write(ej, iba1 + 0x18, 0);
    assert_false(ejtag_ibreak_match(ej, 0x80001234u));
}

/* The probe serves DERET (0x4200001F). Without Debug.SSt the CPU runs on
 * and the probe may poll at once; with SSt (mips_m4k_single_step_core) the
 * CPU owes one execution step and the debug single-step exception, and the
 * probe's next scan must find it back in debug mode with a fetch pending
 * (MD00047 "Debug Single Step Exception"; OpenOCD enters debug without a
 * poll), so the port waits for the CPU until then. */
static void serve_deret(struct ejtag *ej)
{
    uint32_t insn = 0;
    fake.dm = true;
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    jt_ir(ej, IR_DATA);
    jt_dr32(ej, DERET);
    ctrl_scan(ej, CTRL & ~PRACC);
    assert_int_equal(ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn),
                     EJTAG_DONE);
    assert_int_equal(insn, DERET);
}

static void single_step_holds_probe_until_cpu_is_back(void **state)
{
    struct ejtag *ej = *state;
    uint32_t insn = 0;
    attach(ej);
    fake.sst = false;
    serve_deret(ej);
    fake.dm = false; /* the CPU executed DERET and runs */
    assert_false(ejtag_waiting_for_cpu(ej));

    fake.sst = true;
    serve_deret(ej);
    fake.dm = false; /* executed DERET; the stepped instruction is owed */
    assert_true(ejtag_waiting_for_cpu(ej));
    fake.dm = true;  /* debug single-step exception taken */
    assert_true(ejtag_waiting_for_cpu(ej)); /* vector fetch not posted yet */
    ejtag_dmseg_access(ej, TEXT, 4, false, true, &insn);
    assert_false(ejtag_waiting_for_cpu(ej));
    uint32_t v = ctrl_scan(ej, CTRL);
    assert_true(v & BRKST);
    assert_true(v & PRACC);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(rocc_set_at_power_on_and_cleared_by_writing_0),
        T(ejtagbrk_interrupts_cpu_and_next_capture_shows_dm),
        T(pending_fetch_served_by_address_data_control),
        T(writing_pracc_1_leaves_access_pending),
        T(store_shown_after_next_fetch_in_all_scans),
        T(fetch_waits_for_lagged_store),
        T(consecutive_stores_keep_the_one_fetch_lag),
        T(restarted_instruction_refetch_is_not_shown_again),
        T(byte_store_uses_its_lane),
        T(fastdata_answers_pending_load),
        T(prrst_with_ejtagboot_resets_into_debug_mode),
        T(srst_resets_cpu_normally),
        T(drseg_dcr_and_ibs),
        T(instruction_breakpoint_match),
        T(single_step_holds_probe_until_cpu_is_back),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
