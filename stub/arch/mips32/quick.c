/*
 * quick.c - the native bracket's quick path on MIPS (pmustub/quick.h).
 *
 * The full path costs some 2,200 instructions a hit: the whole context
 * saved and restored, the counters frozen and thawed, the Ctrl-C
 * interrupt disarmed and armed, the breakpoint and tracepoint tables
 * searched, the step over the trap armed and ended. The quick path, in
 * vectors.S, sees a break (Cause.ExcCode 9) at one of the bracket's two
 * traps and serves it with what the bracket needs:
 *   - at FROM (assembly only): the counters' values go to Q_HW and the
 *     program resumes in slot words 0-1 (the instruction under the trap,
 *     then a break);
 *   - at TO (mips_quick_to, in C, with the caller-saved registers saved):
 *     each counter's count since FROM to the core (stub_quick_end), and
 *     the program resumes in slot words 2-3;
 *   - at a slot's break: the program resumes after its trap.
 * So each trap's instruction runs once, as itself, with the counters
 * running, out of line as in displaced.c; and the traps stay in memory.
 *
 * No freeze is needed: the stub runs with Status.EXL = 1, and a counter
 * whose PerfCtl.EXL is clear does not count in exception mode (MD00090
 * "Performance Counter Control"; the R10000 has the same bit, R10000
 * User's Manual 14.20). A counter that counts EXL would count the quick
 * path, so a bracket with one takes the full path (quick_set).
 *
 * Between FROM and TO the counts cannot have passed bit 31 unseen: the
 * overflow interrupt that folds them runs the full path, which first
 * hands the open bracket back to the core (mips_quick_retire). So at TO
 * the count since FROM is the 32-bit difference of the two readings.
 *
 * State and slots live in the stub's bss, which malta.ld links in kseg1:
 * read and fetched uncached, they move none of the program's cache lines.
 * The program in user mode cannot fetch from kseg1 (MD00090, "Virtual
 * Memory Segments"): its hits take the full path, whose steps run in place.
 */
#include <stddef.h>
#include "mips_port.h"
#include "pmu.h"
#include "quick_layout.h"
#include "pmustub/quick.h"

#define PERFCTL_EXL (1u << 0)

struct mips_quick {
    uint32_t on, from, to, from_link, armed, from_hits, snap, at;
    uint32_t hw[4];
    uint32_t slot[2][8], resume[16], regs[20];
    /* C only: the traps' addresses, TO's link, each counter's PerfCnt */
    uint32_t from_pc, to_pc, to_link;
    unsigned n, top; /* top: the highest PerfCnt of the bracket */
    uint8_t cnt[STUB_QUICK_COUNTERS];
};
#define AT(f, o) _Static_assert(offsetof(struct mips_quick, f) == o, #o)
AT(on, Q_ON); AT(from, Q_FROM); AT(to, Q_TO); AT(from_link, Q_FROM_LINK);
AT(armed, Q_ARMED); AT(from_hits, Q_FROM_HITS); AT(snap, Q_SNAP); AT(at, Q_AT);
AT(hw, Q_HW); AT(slot, Q_SLOT); AT(resume, Q_RESUME); AT(regs, Q_REGS);
AT(from_pc, 4 * Q_WORDS);
_Static_assert(sizeof(((struct mips_quick *)0)->slot) == Q_SLOT_BYTES, "Q_SLOT_BYTES");
#undef AT

struct mips_quick mips_quick;

/* vectors.S: entries into the unrolled reads of PerfCnt3..0, one per
 * number of counters. */
extern const char mips_quick_snap_1[], mips_quick_snap_2[],
    mips_quick_snap_3[], mips_quick_snap_4[];
static const char *const snap_entry[4] = {
    mips_quick_snap_1, mips_quick_snap_2, mips_quick_snap_3, mips_quick_snap_4};

/* PerfCnt0..top now (the select is in the instruction, so unrolled as
 * vectors.S's reads at FROM are). */
static inline __attribute__((always_inline)) void read_counts(unsigned top,
                                                              uint32_t *now)
{
    switch (top) {
    case 3: now[3] = CP0_READ(25, 7); /* fall through */
    case 2: now[2] = CP0_READ(25, 5); /* fall through */
    case 1: now[1] = CP0_READ(25, 3); /* fall through */
    default: now[0] = CP0_READ(25, 1);
    }
}

/* The slot half for the bracket's trap at pc (0: FROM, 1: TO); its
 * link's value into *link (0: none). 0 if the instruction cannot run from
 * it: jr/jalr and eret need the registers of the moment (the full path's
 * steps, displaced.c, take them). */
static int fill(unsigned half, uint32_t pc, uint32_t *link)
{
    struct mips_quick *q = &mips_quick;
    struct mips_slot_plan p;
    uint32_t insn, delay = 0, *resume = &q->resume[8 * half];
    enum mips_branch kind;

    if (!mips_original(pc, &insn))
        return 0;
    kind = mips_branch_of(insn);
    if (kind == MIPS_BRANCH_REG || kind == MIPS_BRANCH_ERET ||
        (kind != MIPS_BRANCH_NONE && !mips_original(pc + 4, &delay)))
        return 0;
    mips_slot_fill(q->slot[half], pc, insn, delay, &p);
    for (unsigned w = 0; w < 8; w++)
        resume[w] = 0;
    if (p.branch) {
        resume[W_FALL] = pc + 8;
        resume[W_TAKEN] = p.target;
    } else {
        resume[1] = pc + 4;
    }
    *link = p.link ? pc + 8 : 0; /* jal, bltzal...: always $31 */
    return 1;
}

/* The counter behind a count register, or -1. */
static int counter_of(unsigned reg)
{
    for (unsigned n = 0; n < pmu_counters; n++)
        if (reg == PMU_REGNUM_COUNT(n) || reg == PMU_REGNUM_COUNT64(n))
            return (int)n;
    return -1;
}

void mips_quick_set(const struct stub_quick *sq)
{
    struct mips_quick *q = &mips_quick;

    q->on = q->armed = q->from_hits = 0;
    if (!sq || mips_step_armed() || !pmu_counters || sq->n > STUB_QUICK_COUNTERS ||
        (uint32_t)(uintptr_t)q >> 29 != 5 || !fill(0, sq->from, &q->from_link) ||
        !fill(1, sq->to, &q->to_link))
        return;
    for (unsigned i = 0; i < sq->n; i++) {
        int c = counter_of(sq->reg[i]);
        if (c < 0 || (pmu_ctl((unsigned)c) & PERFCTL_EXL))
            return;
        q->cnt[i] = (uint8_t)c;
    }
    q->n = sq->n;
    q->top = 0;
    for (unsigned i = 0; i < q->n; i++)
        q->top = q->cnt[i] > q->top ? q->cnt[i] : q->top;
    q->from_pc = sq->from;
    q->to_pc = sq->to;
    q->from = sq->from == sq->to ? 1 : sq->from;
    q->to = sq->to;
    q->snap = (uint32_t)(uintptr_t)snap_entry[q->top];
    q->on = 1;
}

/* After TO's hit: one point starts the next bracket at once (the
 * counters do not count at EXL = 1, so they still read as at the trap);
 * TO's instruction links as it would in place. Returns TO's slot. */
static uint32_t to_next(void)
{
    struct mips_quick *q = &mips_quick;

    if (q->from_pc == q->to_pc) {
        read_counts(q->top, q->hw);
        q->armed = 1;
    }
    if (q->to_link)
        q->regs[Q_REG_RA] = q->to_link;
    return (uint32_t)(uintptr_t)q->slot[1];
}

/* A break at TO in kernel mode, from vectors.S (EXL = 1, caller-saved
 * registers saved). Returns where the program goes on (TO's slot), or 0
 * for the full path. Nothing lives across the call to the core, so that
 * the compiler keeps no register of its own. */
uint32_t mips_quick_to(void)
{
    struct mips_quick *q = &mips_quick;
    uint32_t now[4];
    uint64_t c[STUB_QUICK_COUNTERS];

    if (q->armed) {
        q->armed = 0;
        read_counts(q->top, now);
        for (unsigned i = 0; i < q->n; i++)
            c[i] = (uint32_t)(now[q->cnt[i]] - q->hw[q->cnt[i]]);
        if (stub_quick_end(c))
            return 0;
    }
    return to_next();
}

/* First thing on the full path, counters frozen: an open bracket and the
 * hits at FROM go back to the core, and a pc inside a slot (an interrupt
 * or a fault there) becomes the program's own address, as for
 * displaced.c's steps. */
void mips_quick_retire(void)
{
    struct mips_quick *q = &mips_quick;
    uint64_t start[STUB_QUICK_COUNTERS];
    uint32_t off = mips_ctx[CTX_PC] - (uint32_t)(uintptr_t)q->slot;

    if (!q->on)
        return;
    q->on = 0;
    for (unsigned i = 0; i < q->n; i++)
        start[i] = pmu_count64_from(q->cnt[i], q->hw[q->cnt[i]]);
    stub_quick_started(q->from_pc == q->to_pc ? 0 : q->from_hits, (int)q->armed,
                       start);
    q->armed = q->from_hits = 0;
    if (off < Q_SLOT_BYTES) {
        uint32_t r = q->resume[off / 4];
        mips_ctx[CTX_PC] = r ? r : off < Q_SLOT_BYTES / 2 ? q->from_pc : q->to_pc;
    }
}
