/*
 * port.c - the MIPS32 port: exception entry from vectors.S, the mapping of
 * exceptions to the signals GDB expects, single-step (out of line,
 * displaced.c, or by temporary breakpoints), and the struct stub_target
 * the core talks to.
 */
#include "mips_port.h"
#include "pmustub/board.h"
#include "pmu.h"
#include "mips_target_xml.h"
#include "pmu_core.h"
#include "pmustub/quick.h"
#include "port_bind.h"

uint32_t mips_probe_recover;

/* The start-up code's first stop, before main (board start.S). */
extern const uint32_t pmustub_boot_break[];

/* "break 5", the instruction GDB itself uses for MIPS breakpoints
 * (gdb/mips-tdep.c mips_breakpoint_from_pc: big-endian 0x0005000d). */
const uint8_t mips_break_insn[4] = {0x00, 0x05, 0x00, 0x0d};

/* Signal for each Cause.ExcCode (MD00090 Table "Cause Register ExcCode
 * Field"; signals as Linux delivers them, arch/mips/kernel/traps.c). */
static const uint8_t exc_signal[32] = {
    [0] = STUB_SIGINT,             /* Int */
    [1] = STUB_SIGSEGV,            /* TLB modification */
    [2] = STUB_SIGSEGV,            /* TLBL: TLB refill/invalid, load/fetch */
    [3] = STUB_SIGSEGV,            /* TLBS */
    [4] = STUB_SIGBUS,             /* AdEL: address error, load/fetch */
    [5] = STUB_SIGBUS,             /* AdES */
    [6] = STUB_SIGBUS,             /* IBE: bus error, fetch */
    [7] = STUB_SIGBUS,             /* DBE: bus error, data */
    [8] = STUB_SIGSYS,             /* Sys */
    [9] = STUB_SIGTRAP,            /* Bp */
    [10] = STUB_SIGILL,            /* RI */
    [11] = STUB_SIGILL,            /* CpU */
    [12] = STUB_SIGFPE,            /* Ov: integer overflow */
    [13] = STUB_SIGTRAP,           /* Tr: see trap_signal() */
    [15] = STUB_SIGFPE,            /* FPE */
    [23] = STUB_SIGTRAP,           /* WATCH */
    [24] = STUB_SIGBUS,            /* MCheck */
};

/* GCC emits "teq $x,$0,7" for division by zero; Linux turns trap codes 6
 * (overflow) and 7 (divide by zero) into SIGFPE (traps.c do_trap_or_bp). */
static int trap_signal(uint32_t insn)
{
    unsigned code = (insn >> 6) & 0x3ff;
    return code == 6 || code == 7 ? STUB_SIGFPE : STUB_SIGTRAP;
}

/* Temporary single-step breakpoints: at most two (branch taken / not). */
static struct {
    uint32_t addr;
    uint8_t saved[4];
} step_bp[2];
static int step_bps;

static void step_remove(void)
{
    while (step_bps > 0) {
        step_bps--;
        (void)mips_mem_write(step_bp[step_bps].addr, step_bp[step_bps].saved, 4);
    }
}

static int step_insert(uint32_t addr)
{
    for (int i = 0; i < step_bps; i++)
        if (step_bp[i].addr == addr)
            return 0;
    if (mips_mem_read(addr, step_bp[step_bps].saved, 4) != STUB_MEM_OK ||
        mips_mem_write(addr, mips_break_insn, 4) != STUB_MEM_OK)
        return -1;
    step_bp[step_bps++].addr = addr;
    return 0;
}

#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
/* The core's quick_set (pmustub/quick.h). Not while a step is armed (out
 * of line or by temporary breakpoints): its stop takes the full path, at
 * whose end the core offers the bracket again. */
void mips_quick_offer(const struct stub_quick *q)
{
    int stepping = step_bps > 0 || mips_displaced_active();

    mips_quick_set(stepping ? 0 : q);
}
#endif

stub_addr_t mips_get_pc(void)
{
    return mips_ctx[CTX_PC];
}

void mips_set_pc(stub_addr_t pc)
{
    mips_ctx[CTX_PC] = pc;
}

int mips_prepare_resume(enum stub_resume how)
{
    uint32_t next[2], insn;
    int n;

    /* The boot stop is a real break instruction, not one of GDB's: step
     * over it, or the program would stop there forever. */
    if (mips_ctx[CTX_PC] == (uint32_t)pmustub_boot_break)
        mips_ctx[CTX_PC] += 4;
    mips_interrupt_arm(how);
    if (how == STUB_CONTINUE)
        return 0;
    if (mips_steps_out_of_line(mips_ctx[CTX_PC]))
        return mips_displaced_arm();
    if (mips_peek_word(mips_ctx[CTX_PC], &insn) ||
        (n = mips_next_pcs(mips_ctx[CTX_PC], insn, mips_ctx, next)) == 0)
        return -1;
    for (int i = 0; i < n; i++) {
        if (step_insert(next[i])) {
            step_remove();
            return -1;
        }
    }
    return 0;
}

/* Sent in every stop reply: what GDB needs first, then the counts, so a
 * host reads a bracket's counts with no extra round trip. */
int mips_expedite[4 + 2 * PMU_MAX_COUNTERS + 1] = {CTX_PC, 29 /* sp */,
                                                 30 /* fp */, 31 /* ra */};

/* target.xml: the core features (generated; their last piece closes
 * <target>), with the PMU feature of this core put before that close. */
extern const char *const pmustub_mips_target_xml[];
static const char *xml[PMUSTUB_MIPS_TARGET_XML_PIECES + PMU_XML_PIECES + 1];

/* What the target is, for LLDB (qHostInfo, qProcessInfo): LLVM's name of
 * 32-bit big-endian MIPS and nothing more. A bare-metal program has no
 * vendor or OS, and LLDB 14 drops the ELF it was given if the stub names
 * one the ELF does not (measured: "mips-unknown-none-elf" left the target
 * with no image, breakpoints unresolved). Big-endian, as mips_break_insn's
 * bytes and the registers' order say (Malta builds with -EB, board.cmake). */
#if __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
#error "this port is big-endian only"
#endif

/* The same values the core takes from port_bind.h. */
static struct stub_target target = STUB_TARGET_BOUND;

void stub_port_init(const struct stub_board_io *io)
{
    target.getc = io->getc;
    target.poll_getc = io->poll_getc;
    target.putc = io->putc;
    target.kill = io->reset;
    target.keep = io->keep;
    mips_has_fpu = mips_fpu_present();
    mips_interrupt_init(io->poll_getc, io->rx_irq);
    pmu_detect();
    pmu_describe(pmu_core, pmu_counters, pmustub_mips_target_xml, xml, mips_expedite, 4);
    target.target_xml = xml;
    stub_init(&target);
}

/* Called from vectors.S with the context saved and Status.EXL = 1. */
void mips_trap(void)
{
    uint32_t cause = mips_ctx[CTX_CAUSE], insn = 0;
    unsigned exc = CAUSE_EXCCODE(cause);
    struct stub_stop why = {exc_signal[exc], exc == 9, 0, 0};
    int stepping = step_bps > 0;

    pmu_freeze(); /* before anything else: the stub must not be counted */
    mips_quick_retire();
    int bd = mips_delay_slot_end(exc, &why);
    if (bd == 2) {
        pmu_unfreeze();
        return; /* the delay slot ran: on where the branch went */
    }
    if (!bd && mips_interrupt_poll(exc, &why)) {
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
        stub_quick_update();
#endif
        (void)mips_delay_slot_arm(&why, 0);
        pmu_unfreeze();
        return; /* the timer poll found no 0x03: straight back */
    }
    if (!bd && exc == 0 && mips_delay_slot_arm(&why, 1)) {
        pmu_unfreeze();
        return; /* the stop comes when the delay slot has run */
    }
    stepping |= mips_displaced_end(exc);
    step_remove();
    if (!why.signal)
        why.signal = STUB_SIGTRAP;
    if (exc == 13 && !mips_peek_word(mips_ctx[CTX_PC], &insn))
        why.signal = trap_signal(insn);
    if (stepping && exc == 9)
        why.swbreak = 0; /* the step ended: report a plain SIGTRAP */
    mips_fpu_save();
    stub_stopped(&why);
    mips_fpu_restore();
    pmu_unfreeze(); /* the last act before the return path's eret */
}

/* Start-up code calls this with main's return value. */
void pmustub_exit(int code)
{
    pmu_freeze();
    mips_quick_retire(); /* brackets it measured count before the end */
    mips_interrupt_off();
    stub_exited(code);
    for (;;)
        target.kill();
}
