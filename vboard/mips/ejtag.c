/*
 * ejtag.c - vboard's EJTAG probe port: the TAP's data registers, the EJTAG
 * Control Register, processor access and drseg, glued to the CPU through
 * ejtag.h. What OpenOCD 0.12 (target mips_m4k) expects is summarised in
 * /work/shared/reference/ejtag_openocd.md; bit positions are in
 * ejtag_regs.h with their sources.
 */
#include "ejtag.h"

#include "ejtag_drseg.h"
#include "ejtag_port.h"
#include "ejtag_pracc.h"
#include "ejtag_regs.h"
#include "ejtag_tap.h"

#include <stdlib.h>
#include "pmustub/wire.h"

/* IDCODE: pmustub/wire.h says what it is; pmuctl knows vboard by it. */
const uint32_t ejtag_idcode_value = VBOARD_EJTAG_IDCODE;
/* IMPCODE: EJTAG 3.1, DINT supported, 8-bit ASID, no DMA, MIPS32
 * (fields in ejtag_regs.h); MIPS16 is added on a core with the MIPS16e
 * ASE (cap_impcode). OpenOCD treats version 0 as EJTAG 2.0 with
 * different drseg addresses, so the version must be >= 1. */
const uint32_t ejtag_impcode_value =
    (EJTAG_IMP_VER_31 << EJTAG_IMP_VER_SHIFT) | EJTAG_IMP_DINT |
    EJTAG_IMP_ASID8 | EJTAG_IMP_NODMA;

/* The board is big-endian (DCR.ENM = 1, OpenOCD's -endian big). */
#define VBOARD_BIG_ENDIAN true

struct ejtag {
    struct cpu *cpu;
    struct tap tap;
    struct pracc pracc;
    struct drseg drseg;
    /* ECR state */
    bool rocc, prob_en, prob_trap, ejtag_brk, prrst, perrst;
    bool ejtag_boot;     /* EJTAGBOOT latched (until NORMALBOOT) */
    uint32_t data_reg;   /* DATA register: last value the probe wrote */
    uint32_t addr_reg;   /* ADDRESS register: last access address shown */
    bool trst, srst;     /* reset line levels, for edges */
    bool awaiting_cpu;   /* the CPU owes its next dmseg access */
};

/* ---- byte lanes ---------------------------------------------------------- */
/* A sub-word access uses the DATA lanes its address selects (big-endian:
 * byte 0 is bits 31:24). */
static unsigned lane_shift(uint32_t addr, unsigned size)
{
    unsigned off = addr & 3u & ~(size - 1u);
    return VBOARD_BIG_ENDIAN ? (4u - size - off) * 8u : off * 8u;
}

static uint32_t size_mask(unsigned size)
{
    return size >= 4 ? 0xFFFFFFFFu : (1u << (size * 8u)) - 1u;
}

static uint32_t to_lanes(uint32_t v, uint32_t addr, unsigned size)
{
    return (v & size_mask(size)) << lane_shift(addr, size);
}

static uint32_t from_lanes(uint32_t v, uint32_t addr, unsigned size)
{
    return (v >> lane_shift(addr, size)) & size_mask(size);
}

static unsigned psz(unsigned size)
{
    return size == 1 ? ECR_PSZ_BYTE : size == 2 ? ECR_PSZ_HALF : ECR_PSZ_WORD;
}

/* ---- resets ---------------------------------------------------------------- */
/* Processor reset (ECR.PrRst or SRST): MD00047 sets Rocc, and ProbEn,
 * ProbTrap and EjtagBrk take the EJTAGBOOT indication, so an EJTAGBOOT reset
 * comes up in debug mode with the probe serving dmseg at 0xFF200200. */
static void processor_reset(struct ejtag *ej)
{
    pracc_reset(&ej->pracc);
    drseg_reset(&ej->drseg, VBOARD_BIG_ENDIAN);
    ej->rocc = true;
    ej->prob_en = ej->prob_trap = ej->ejtag_boot;
    cpu_reset(ej->cpu, ej->ejtag_boot);
    ej->ejtag_brk = ej->ejtag_boot && !cpu_in_debug_mode(ej->cpu);
    ej->awaiting_cpu = true;
}

/* ---- data registers ------------------------------------------------------------ */

static const struct pracc_access *visible(const struct ejtag *ej)
{
    return ej->pracc.cur.valid ? &ej->pracc.cur : NULL;
}

static uint32_t ecr_read(const struct ejtag *ej)
{
    const struct pracc_access *a = visible(ej);
    uint32_t v = 0;
    if (ej->rocc)      v |= ECR_ROCC;
    if (ej->perrst)    v |= ECR_PERRST;
    if (ej->prrst)     v |= ECR_PRRST;
    if (ej->prob_en)   v |= ECR_PROBEN;
    if (ej->prob_trap) v |= ECR_PROBTRAP;
    if (ej->ejtag_brk) v |= ECR_EJTAGBRK;
    if (cpu_in_debug_mode(ej->cpu)) v |= ECR_DM;
    if (a) {
        v |= ECR_PRACC | ((uint32_t)psz(a->size) << ECR_PSZ_SHIFT);
        if (a->store)
            v |= ECR_PRNW;
    }
    return v;
}

static void complete_access(struct ejtag *ej)
{
    const struct pracc_access *a = visible(ej);
    if (!a)
        return;
    uint32_t answer = from_lanes(ej->data_reg, a->addr, a->size);
    if (pracc_complete(&ej->pracc, answer))
        ej->awaiting_cpu = true;
}

static void ecr_write(struct ejtag *ej, uint32_t v)
{
    /* MD00047 (as quoted by the IDT RC32438 manual, see the reference
     * section 3): while Rocc is 1 the ECR is not updated unless the write
     * clears Rocc; OpenOCD's poll relies on this (mips_m4k_poll writes
     * ejtag_ctrl & ~ROCC when it sees Rocc). */
    if (ej->rocc && (v & ECR_ROCC))
        return;
    ej->rocc = false;
    ej->prob_en = (v & ECR_PROBEN) != 0;
    ej->prob_trap = (v & ECR_PROBTRAP) != 0;
    ej->perrst = (v & ECR_PERRST) != 0;
    /* PrAcc: writing 0 completes the pending access, writing 1 does
     * nothing. */
    if (!(v & ECR_PRACC))
        complete_access(ej);
    /* EjtagBrk: request a debug interrupt; the hardware clears the bit when
     * the processor enters debug mode, which our CPU does at once so that
     * the very next capture shows DM (mips_ejtag_enter_debug checks). */
    if (v & ECR_EJTAGBRK) {
        if (!cpu_in_debug_mode(ej->cpu))
            cpu_debug_interrupt(ej->cpu);
        ej->ejtag_brk = !cpu_in_debug_mode(ej->cpu);
        ej->awaiting_cpu = true;
    }
    /* PrRst: reset the processor when it goes to 1 (it then stays 1, and
     * Rocc = 1, until the probe's Rocc-clearing write drops it). */
    bool prrst = (v & ECR_PRRST) != 0;
    bool rise = prrst && !ej->prrst;
    ej->prrst = prrst;
    if (rise)
        processor_reset(ej);
}

static void cap_bypass(struct ejtag *ej, struct tap_dr *dr)
{
    (void)ej;
    dr->len = 1; /* IEEE 1149.1 BYPASS captures 0 */
}

static void cap_idcode(struct ejtag *ej, struct tap_dr *dr)
{
    (void)ej;
    dr->len = 32;
    dr->w[0] = ejtag_idcode_value;
}

/* Bit 16 (MIPS16) says whether the core implements MIPS16e (EJTAG
 * Specification MD00047, "Implementation Register"), as a real 34K, 24K
 * or 74K with the ASE reports it. OpenOCD 0.12 reads it to allow
 * breakpoints in MIPS16e code (src/target/mips32.c,
 * mips32_read_config_regs: isa_imp MIPS32_MIPS16; mips_m4k.c,
 * mips_m4k_add_breakpoint refuses a kind 2 breakpoint without it). */
static void cap_impcode(struct ejtag *ej, struct tap_dr *dr)
{
    dr->len = 32;
    dr->w[0] = ejtag_impcode_value | (cpu_has_mips16(ej->cpu) ? EJTAG_IMP_MIPS16 : 0u);
}

static void cap_address(struct ejtag *ej, struct tap_dr *dr)
{
    const struct pracc_access *a = visible(ej);
    if (a)
        ej->addr_reg = a->addr;
    dr->len = 32;
    dr->w[0] = ej->addr_reg;
}

/* DATA shows a pending store's value, else what the probe last wrote. */
static uint32_t data_capture(const struct ejtag *ej)
{
    const struct pracc_access *a = visible(ej);
    if (a && a->store)
        return to_lanes(a->data, a->addr, a->size);
    return ej->data_reg;
}

static void cap_data(struct ejtag *ej, struct tap_dr *dr)
{
    dr->len = 32;
    dr->w[0] = data_capture(ej);
}

static void cap_control(struct ejtag *ej, struct tap_dr *dr)
{
    dr->len = 32;
    dr->w[0] = ecr_read(ej);
}

/* ALL: CONTROL in bits 31:0 (shifted first), DATA 63:32, ADDRESS 95:64
 * (openocd v0.12.0 mips_ejtag_add_scan_96). */
static void cap_all(struct ejtag *ej, struct tap_dr *dr)
{
    cap_address(ej, dr);
    dr->len = 96;
    dr->w[2] = ej->addr_reg;
    dr->w[1] = data_capture(ej);
    dr->w[0] = ecr_read(ej);
}

/* FASTDATA: bit 0 SPrAcc, bits 32:1 DATA. */
static void cap_fastdata(struct ejtag *ej, struct tap_dr *dr)
{
    dr->len = 33;
    tap_dr_set(dr, 0, 1, visible(ej) != NULL);
    tap_dr_set(dr, 1, 32, data_capture(ej));
}

static void upd_none(struct ejtag *ej, const struct tap_dr *dr)
{
    (void)ej;
    (void)dr;
}

static void upd_data(struct ejtag *ej, const struct tap_dr *dr)
{
    ej->data_reg = dr->w[0];
}

static void upd_control(struct ejtag *ej, const struct tap_dr *dr)
{
    ecr_write(ej, dr->w[0]);
}

/* ADDRESS is read-only; DATA is written before CONTROL so that the PrAcc
 * completion in the same scan hands the new instruction to the CPU. */
static void upd_all(struct ejtag *ej, const struct tap_dr *dr)
{
    ej->data_reg = dr->w[1];
    ecr_write(ej, dr->w[0]);
}

/* FASTDATA completes a pending access to the fastdata area when the probe
 * shifts in SPrAcc = 0 (MD00047 "Fastdata Register"; OpenOCD always shifts
 * 0, mips_ejtag_fastdata_scan). */
static void upd_fastdata(struct ejtag *ej, const struct tap_dr *dr)
{
    const struct pracc_access *a = visible(ej);
    if (tap_dr_get(dr, 0, 1) != 0 || !a ||
        a->addr - EJTAG_FASTDATA_AREA >= EJTAG_FASTDATA_SIZE)
        return;
    if (!a->store)
        ej->data_reg = tap_dr_get(dr, 1, 32);
    complete_access(ej);
}

/* The data register each instruction selects; anything else is BYPASS. */
static const struct dr_def {
    uint32_t ir;
    void (*capture)(struct ejtag *, struct tap_dr *);
    void (*update)(struct ejtag *, const struct tap_dr *);
} dr_table[] = {
    { EJTAG_IR_IDCODE,   cap_idcode,   upd_none },
    { EJTAG_IR_IMPCODE,  cap_impcode,  upd_none },
    { EJTAG_IR_ADDRESS,  cap_address,  upd_none },
    { EJTAG_IR_DATA,     cap_data,     upd_data },
    { EJTAG_IR_CONTROL,  cap_control,  upd_control },
    { EJTAG_IR_ALL,      cap_all,      upd_all },
    { EJTAG_IR_FASTDATA, cap_fastdata, upd_fastdata },
};

static const struct dr_def bypass_def = { EJTAG_IR_BYPASS, cap_bypass,
                                          upd_none };

static const struct dr_def *find_dr(uint32_t ir)
{
    for (size_t i = 0; i < sizeof dr_table / sizeof dr_table[0]; i++)
        if (dr_table[i].ir == ir)
            return &dr_table[i];
    return &bypass_def;
}

/* ---- TAP hooks ------------------------------------------------------------------ */

static void on_capture_dr(void *ctx, uint32_t ir, struct tap_dr *dr)
{
    find_dr(ir)->capture(ctx, dr);
}

static void on_update_dr(void *ctx, uint32_t ir, const struct tap_dr *dr)
{
    find_dr(ir)->update(ctx, dr);
}

/* EJTAGBOOT / NORMALBOOT take effect at Update-IR and select BYPASS-sized
 * data registers (MD00047; the reference section 3). */
static void on_update_ir(void *ctx, uint32_t ir)
{
    struct ejtag *ej = ctx;
    if (ir == EJTAG_IR_EJTAGBOOT)
        ej->ejtag_boot = true;
    else if (ir == EJTAG_IR_NORMALBOOT)
        ej->ejtag_boot = false;
}

static const struct tap_ops ejtag_tap_ops = {
    .reset = NULL,
    .update_ir = on_update_ir,
    .capture_dr = on_capture_dr,
    .update_dr = on_update_dr,
};

/* ---- ejtag.h --------------------------------------------------------------------- */

struct ejtag *ejtag_new(struct cpu *c)
{
    struct ejtag *ej = calloc(1, sizeof *ej);
    if (!ej)
        return NULL;
    ej->cpu = c;
    tap_init(&ej->tap, EJTAG_IR_LEN, EJTAG_IR_CAPTURE, EJTAG_IR_IDCODE,
             &ejtag_tap_ops, ej);
    pracc_reset(&ej->pracc);
    drseg_reset(&ej->drseg, VBOARD_BIG_ENDIAN);
    ej->rocc = true; /* power-on is a reset */
    return ej;
}

void ejtag_free(struct ejtag *ej)
{
    free(ej);
}

enum ejtag_access ejtag_dmseg_access(struct ejtag *ej, uint32_t addr,
                                     unsigned size, bool is_store,
                                     bool is_fetch, uint32_t *data)
{
    return pracc_cpu_access(&ej->pracc, addr, size, is_store, is_fetch, data);
}

uint32_t ejtag_drseg_read(struct ejtag *ej, uint32_t addr)
{
    return drseg_read(&ej->drseg, addr, ej->prob_en);
}

void ejtag_drseg_write(struct ejtag *ej, uint32_t addr, uint32_t val)
{
    drseg_write(&ej->drseg, addr, val);
}

bool ejtag_ibreak_match(struct ejtag *ej, uint32_t pc)
{
    return drseg_ibreak_match(&ej->drseg, pc);
}

bool ejtag_probe_trap(const struct ejtag *ej)
{
    return ej->prob_trap;
}

bool ejtag_probe_enabled(const struct ejtag *ej)
{
    return ej->prob_en;
}

bool ejtag_interrupts_enabled(const struct ejtag *ej)
{
    return ej->drseg.inte;
}

/* ---- ejtag_port.h ------------------------------------------------------------------- */

void ejtag_pins(struct ejtag *ej, bool tck, bool tms, bool tdi)
{
    tap_pins(&ej->tap, tck, tms, tdi);
}

bool ejtag_tdo(const struct ejtag *ej)
{
    return tap_tdo(&ej->tap);
}

void ejtag_reset_lines(struct ejtag *ej, bool trst, bool srst)
{
    if (trst && !ej->trst)
        tap_trst(&ej->tap);
    bool srst_rise = srst && !ej->srst;
    ej->trst = trst;
    ej->srst = srst;
    if (srst_rise)
        processor_reset(ej);
}

/* After the probe's DERET with Debug.SSt set, the CPU leaves debug mode,
 * runs one execution step and takes a Debug Single Step exception back into
 * debug mode, where it fetches from the debug vector. On a core that step
 * takes nanoseconds, so the probe's next access always finds the CPU in
 * debug mode again: MD00047, "Debug Single Step Exception" (as transcribed
 * in the IDT 79RC32438 User Reference Manual, chapter 20: the exception is
 * taken after the execution step, ahead of every other exception but
 * resets). OpenOCD relies on it: mips_m4k_single_step_core and
 * mips_m4k_step go from DERET straight into debug entry without a poll. So
 * while the step is owed the probe waits here as for any access the CPU
 * owes; only a DERET without SSt lets it in with the CPU running. */
bool ejtag_waiting_for_cpu(struct ejtag *ej)
{
    if (ej->awaiting_cpu &&
        (ej->pracc.cur.valid || !ej->prob_en ||
         (!cpu_in_debug_mode(ej->cpu) && !cpu_single_stepping(ej->cpu))))
        ej->awaiting_cpu = false; /* posted, or nothing will be posted */
    return ej->awaiting_cpu;
}

void ejtag_stop_waiting_for_cpu(struct ejtag *ej)
{
    ej->awaiting_cpu = false;
}
