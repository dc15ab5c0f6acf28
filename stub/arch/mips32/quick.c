/*
 * quick.c - the native bracket's quick path on MIPS (pmustub/quick.h).
 *
 * The full path costs some 2,200 instructions a hit: the whole context
 * saved and restored, the counters frozen and thawed, the Ctrl-C
 * interrupt disarmed and armed, the breakpoint and tracepoint tables
 * searched, the step over the trap armed and ended. The quick path, in
 * vectors.S, sees a break (Cause.ExcCode 9) at one of the bracket's two
 * traps and does only what the bracket needs, with only the registers it
 * uses saved:
 *   - at FROM: the counters' values into Q_HW; the program goes on in
 *     FROM's slot;
 *   - at TO: each counter's count since FROM into the next entry of
 *     Q_BUF; the program goes on in TO's slot. When the entries fill
 *     Q_BUF, or the last is the bracket the program stops at, they go to
 *     the core in one call (mips_quick_fold: stub_quick_end), which adds
 *     them up as the full path would;
 *   - at a slot's break: the program goes on after the trap.
 * A slot holds the trap's instruction and a break, or, for a branch, the
 * branch retargeted, its delay slot and breaks (displaced.c's slots); a
 * jr/jalr is not retargeted: it goes from the slot to the program's
 * target itself. So each trap's instruction runs once, as itself, with
 * the counters running, and the traps stay in memory.
 *
 * No freeze is needed: the stub runs with Status.EXL = 1, and a counter
 * whose PerfCtl.EXL is clear does not count in exception mode (MD00090
 * "Performance Counter Control"; the R10000 has the same bit, R10000
 * User's Manual 14.20). A counter that counts EXL would count the quick
 * path, so a bracket with one takes the full path (mips_quick_set).
 *
 * Between FROM and TO the counts cannot have passed bit 31 unseen: the
 * overflow interrupt that folds them runs the full path, which first
 * hands the open bracket back to the core (mips_quick_retire). So at TO
 * the count since FROM is the 32-bit difference of the two readings.
 *
 * State and slots live in the stub's bss, which malta.ld links in kseg1:
 * read and fetched uncached, they move none of the program's cache lines.
 * A program in user mode cannot fetch from kseg1 (MD00090, "Virtual
 * Memory Segments"): its hits take the full path, whose steps run in place.
 */
#include <stddef.h>
#include "mips_port.h"
#include "pmu.h"
#include "quick_layout.h"
#include "quick_run.h"

#define PERFCTL_EXL (1u << 0)
#define FUNCT_JALR 9u
#define RS(i) (((i) >> 21) & 31)
#define RD(i) (((i) >> 11) & 31)

struct mips_quick {
    uint32_t on, from, to, from_link, armed, from_hits, snap, at;
    uint32_t hw[4];
    uint32_t slot[2][8], resume[16], regs[20];
    uint32_t t2, t3, rearm, to_link, end;
    struct quick_book book;
    struct quick_run run; /* C only */
};
#define AT(f, o) _Static_assert(offsetof(struct mips_quick, f) == o, #o)
AT(on, Q_ON); AT(from, Q_FROM); AT(to, Q_TO); AT(from_link, Q_FROM_LINK);
AT(armed, Q_ARMED); AT(from_hits, Q_FROM_HITS); AT(snap, Q_SNAP); AT(at, Q_AT);
AT(hw, Q_HW); AT(slot, Q_SLOT); AT(resume, Q_RESUME); AT(regs, Q_REGS);
AT(t2, Q_T2); AT(t3, Q_T3); AT(rearm, Q_REARM); AT(to_link, Q_TO_LINK);
AT(end, Q_END); AT(book.fill, Q_FILL); AT(book.fill_end, Q_FILL_END);
AT(book.buf, Q_BUF); AT(run, 4 * Q_WORDS);
#undef AT
_Static_assert(sizeof(((struct mips_quick *)0)->slot) == Q_SLOT_BYTES, "slots");
_Static_assert(Q_ENTRIES == QUICK_ENTRIES && Q_ENTRY_BYTES == 4 * QUICK_ENTRY_WORDS, "book");

struct mips_quick mips_quick;

/* vectors.S: entries into the unrolled reads of PerfCnt3..0 at FROM and
 * at TO, by the highest counter the bracket uses. */
extern const char mips_quick_snap_1[], mips_quick_snap_2[],
    mips_quick_snap_3[], mips_quick_snap_4[], mips_quick_end_1[],
    mips_quick_end_2[], mips_quick_end_3[], mips_quick_end_4[];
static const char *const snap_entry[4] = {
    mips_quick_snap_1, mips_quick_snap_2, mips_quick_snap_3, mips_quick_snap_4};
static const char *const end_entry[4] = {
    mips_quick_end_1, mips_quick_end_2, mips_quick_end_3, mips_quick_end_4};

static uint32_t addr(const void *p)
{
    return (uint32_t)(uintptr_t)p;
}

/* The slot half for the bracket's trap at pc (0: FROM, 1: TO), with its
 * words' resume addresses; its link's value into *link (0: none). 0 if
 * the instruction cannot run from it: eret (its target is EPC, the
 * stub's), and a jalr whose link is not $31 or is its own register (the
 * link goes in before the jump reads it). A jr/jalr runs in the slot as
 * it is: the register holds the program's target, where it goes
 * straight on, so its slot needs no break and no register of the moment
 * (the full path's steps keep the break, to end the step there). */
static int fill(unsigned half, uint32_t pc, uint32_t *link)
{
    struct mips_quick *q = &mips_quick;
    struct mips_slot_plan p;
    uint32_t insn, delay = 0, *resume = &q->resume[8 * half];
    enum mips_branch kind;

    if (!mips_original(pc, &insn))
        return 0;
    kind = mips_branch_of(insn);
    if (kind == MIPS_BRANCH_ERET ||
        (kind == MIPS_BRANCH_REG && (insn & 63) == FUNCT_JALR && RD(insn) &&
         (RD(insn) != 31 || RS(insn) == 31)) ||
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

void mips_quick_set(const struct stub_quick *sq)
{
    struct mips_quick *q = &mips_quick;

    q->on = q->armed = q->from_hits = 0;
    if (!sq || sq->n > STUB_QUICK_COUNTERS || addr(q) >> 29 != 5 ||
        !quick_run_set(&q->run, &q->book, sq, pmu_counters) ||
        !fill(0, sq->from, &q->from_link) || !fill(1, sq->to, &q->to_link))
        return;
    for (unsigned i = 0; i < q->run.n; i++)
        if (pmu_ctl(q->run.cnt[i]) & PERFCTL_EXL)
            return;
    q->from = sq->from == sq->to ? 1 : sq->from;
    q->to = sq->to;
    q->rearm = sq->from == sq->to; /* one point: each hit starts the next */
    q->snap = addr(snap_entry[q->run.top]);
    q->end = addr(end_entry[q->run.top]);
    q->on = 1;
}

/* vectors.S, when Q_BUF is due (EXL = 1, the registers a call may change
 * saved): the brackets into the core. Returns where the program goes on
 * (TO's slot, TO's link set as the instruction in place would set it), or
 * 0 for the full path, which reports the stop. */
uint32_t mips_quick_fold(void)
{
    struct mips_quick *q = &mips_quick;

    if (quick_run_fold(&q->run, &q->book))
        return 0;
    if (q->to_link)
        q->regs[Q_REG_RA] = q->to_link;
    return addr(q->slot[1]);
}

/* First thing on the full path, counters frozen: the recorded brackets,
 * the hits at FROM and an open bracket go to the core, and a pc inside a
 * slot (an interrupt or a fault there) becomes the program's own address,
 * as for displaced.c's steps. */
void mips_quick_retire(void)
{
    struct mips_quick *q = &mips_quick;
    const struct quick_run *r = &q->run;
    uint64_t start[STUB_QUICK_COUNTERS];
    uint32_t off = mips_ctx[CTX_PC] - addr(q->slot);

    if (!q->on)
        return;
    q->on = 0;
    /* never the last bracket: that one is folded at once */
    (void)quick_run_fold(&q->run, &q->book);
    for (unsigned i = 0; i < r->n; i++)
        start[i] = pmu_count64_from(r->cnt[i], q->hw[r->cnt[i]]);
    stub_quick_started(r->from_pc == r->to_pc ? 0 : q->from_hits, (int)q->armed,
                       start);
    q->armed = q->from_hits = 0;
    if (off < Q_SLOT_BYTES) {
        uint32_t at = q->resume[off / 4];
        mips_ctx[CTX_PC] = at ? at : off < Q_SLOT_BYTES / 2 ? r->from_pc : r->to_pc;
    }
}
