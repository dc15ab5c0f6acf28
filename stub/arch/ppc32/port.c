/*
 * port.c - the Power Book E port: start-up (vectors, core quirks), the
 * entry from vectors.S, resuming, and the struct stub_target the core
 * talks to.
 */
#include "booke.h"
#include "ppc_port.h"
#include "pmustub/board.h"
#include "power_target_xml.h"
#include "pmu_core.h"
#include "port_bind.h"
#include "pmustub/quick.h"

#define PROGRAM_VECTOR 6
#define PERFMON_VECTOR 35 /* IVOR35 (e200z7 RM 8.4; e200z7.md section 1) */

const struct pmu_core *ppc_core;

/* The start-up code's first stop, before main (board start.S). */
extern const uint32_t pmustub_boot_break[];

/*
 * QEMU ORs the kind of a program interrupt into SRR1 (0x00020000 trap,
 * 0x00040000 privileged, 0x00080000 illegal, 0x00100000 FP: target/ppc/
 * excp_helper.c, powerpc_excp_booke), where MSR[CE] and MSR[WE] live on
 * Book E; the cores save MSR as it was. The stub measures it once with a
 * trap of its own; where it shows, those bits of the saved MSR are taken
 * from the MSR the program last resumed with, so GDB sees, and the
 * program gets back, its own.
 */
#define PROGRAM_KIND_BITS 0x001e0000u
static int srr1_has_kind;
static uint32_t resumed_msr;

static void measure_program_srr1(void)
{
    uint32_t msr;

    __asm__ volatile("mfmsr %0" : "=r"(msr));
    (void)ppc_probe_trap();
    srr1_has_kind = (ppc_probe_msr & ~msr & PROGRAM_KIND_BITS) != 0;
    resumed_msr = msr;
}

stub_addr_t ppc_get_pc(void)
{
    return ppc_ctx[CTX_PC];
}

void ppc_set_pc(stub_addr_t pc)
{
    ppc_ctx[CTX_PC] = pc;
}

int ppc_prepare_resume(enum stub_resume how)
{
    /* The boot stop is a real trap, not one of GDB's: step over it, or
     * the program would stop there forever. */
    if (ppc_ctx[CTX_PC] == (uint32_t)pmustub_boot_break)
        ppc_ctx[CTX_PC] += 4;
    resumed_msr = ppc_ctx[CTX_MSR];
    ppc_pmu_unmarked = 0;
    /* A step runs the instruction out of line where it can (displaced.c),
     * so that stepping over a trap writes no code. */
    if (how == STUB_STEP && ppc_steps_out_of_line(ppc_ctx[CTX_PC]) && ppc_displaced_arm())
        return -1;
    if (how == STUB_STEP && ppc_step_arm())
        return -1;
    ppc_interrupt_arm(how);
    return 0;
}

/* Sent in every stop reply: pc, sp (r1), lr, then the counts (pmcN and
 * pmcN_64), so a host reads a bracket's counts with no extra round trip. */
int ppc_expedite[3 + 2 * PMU_MAX_COUNTERS + 1] = {64, 1, 67};

/* target.xml: the core features (generated; their last piece closes
 * <target>), with the PMU feature of this core put before that close. */
extern const char *const pmustub_power_target_xml[];
static const char *xml[PMUSTUB_POWER_TARGET_XML_PIECES + PMU_XML_PIECES + 1];

/* What the target is, for LLDB (qHostInfo, qProcessInfo): LLVM's name of
 * 32-bit big-endian Power and nothing more. A bare-metal program has no
 * vendor or OS, and LLDB 14 drops the ELF it was given if the stub names
 * one the ELF does not (measured on the MIPS port, whose triple has the
 * same form: "mips-unknown-none-elf" left the target with no image,
 * breakpoints unresolved; docs/stub.md, "LLDB"). Big-endian, as
 * break_insn's bytes and the registers' order say (Book E, as both cores
 * run the stub). */
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
    ppc_core = ppc_core_lookup(SPR_READ(SPR_PVR));
    if (ppc_core->hid0_set)
        SPR_WRITE(SPR_HID0, SPR_READ(SPR_HID0) | ppc_core->hid0_set);
    ppc_set_vectors(PPC_DEBUG_LEVEL(ppc_core));
    SPR_WRITE(SPR_DBCR0, DBCR0_IDM);
    measure_program_srr1();
    ppc_pmu_detect();
    pmu_describe(ppc_pmu_core, ppc_pmu_counters, pmustub_power_target_xml, xml,
                 ppc_expedite, 3);
    target.target_xml = xml;
    ppc_interrupt_init(io->poll_getc, io->rx_irq);
    stub_init(&target);
}

/* Called from vectors.S with the context saved, MSR = ME only. */
void ppc_trap(void)
{
    unsigned vector = ppc_ctx[CTX_VECTOR];
    /* ESR first: the stub's own probes may rewrite it. */
    uint32_t esr = vector == PROGRAM_VECTOR ? SPR_READ(SPR_ESR) : 0;
    struct stub_stop why = {ppc_stop_signal(vector, esr), 0, 0, 0};

    ppc_quick_retire(); /* its FROM reading is the count before the fold */
    ppc_pmu_entry(); /* the vector froze the counters: fold the counts */
    /* se_illegal where the stub put one: a breakpoint in VLE code. */
    if (ppc_vle_illegal_stop(vector, esr) && stub_bp_trap_at(ppc_ctx[CTX_PC]))
        why.signal = STUB_SIGTRAP;
    if (vector == PROGRAM_VECTOR && srr1_has_kind)
        ppc_ctx[CTX_MSR] = (ppc_ctx[CTX_MSR] & ~PROGRAM_KIND_BITS) |
                           (resumed_msr & PROGRAM_KIND_BITS);
    /* The overflow interrupt is the stub's (its 64-bit counts): folded,
     * straight back. Else no 0x03, or the program's own interrupt. */
    if (vector == PERFMON_VECTOR && ppc_pmu_core && ppc_sample_stop()) {
        why.signal = STUB_SIGTRAP; /* the sample buffer is full: drained */
        ppc_interrupt_stop();
    } else if ((vector == PERFMON_VECTOR && ppc_pmu_core) ||
               ppc_interrupt_poll(vector, &why)) {
#if PMUSTUB_TRACEPOINTS && PMUSTUB_TRACE_QUICK
        stub_quick_update();
#endif
        ppc_pmu_resume_value();
        return;
    }
    (void)ppc_displaced_end();
    (void)ppc_step_end();
    why.swbreak = why.signal == STUB_SIGTRAP && vector == PROGRAM_VECTOR;
    stub_stopped(&why);
    ppc_pmu_resume_value(); /* PMGC0 the return path writes last */
}

/* Start-up code calls this with main's return value. */
void pmustub_exit(int code)
{
    __asm__ volatile("mtmsr %0\n\tisync" : : "r"(MSR_ME)); /* as in ppc_trap */
    ppc_pmu_freeze();
    ppc_quick_retire(); /* brackets it measured count before the end */
    ppc_interrupt_stop();
    (void)ppc_displaced_end();
    (void)ppc_step_end();
    stub_exited(code);
    for (;;)
        target.kill();
}
