/*
 * quick.c - the native bracket's quick path on Power Book E
 * (pmustub/quick.h), as on MIPS (stub/arch/mips32/quick.c). vectors.S
 * sees a program interrupt (IVOR6) at one of the bracket's two traps and
 * does only what the bracket needs, with r3-r6 and CR saved:
 *   - at FROM: the counters' values into Q_HW; the program goes on in
 *     FROM's slot;
 *   - at TO: each counter's count since FROM into the next entry of
 *     Q_BUF; the program goes on in TO's slot. When the entries fill
 *     Q_BUF, or the last is the bracket the program stops at, they go to
 *     the core in one call (ppc_quick_fold: stub_quick_end);
 *   - at a trap in a slot: LR and CTR the program's, as the instruction
 *     in place leaves them, and on after it.
 * A slot is displaced.c's (ppc_slot_fill): the instruction, a b/bc
 * retargeted into the slot, and traps. A bclr/bcctr goes through LR/CTR,
 * which hold the slot's taken trap from the hit to that trap and get
 * their values back there; a branch with LK writes the slot's address
 * into LR, which the trap replaces with the program's (pc + 4). So each
 * trap's instruction runs once, as itself (the same kind of branch, LK
 * included), with the counters running, and the traps stay in memory.
 *
 * Not counted: the program runs marked (MSR[PMM] = 1) with PMLCa[FCM0]
 * on every counter, and the interrupt clears MSR[PMM] (pmu_regs.c); the
 * vector freezes the rest with PMGC0[FAC] and the way out writes the
 * program's PMGC0 back last, as for the full path (vectors.S).
 *
 * Between FROM and TO a count cannot have passed bit 31 unseen: the
 * overflow interrupt (IVOR35) that folds it runs the full path, which
 * first hands the open bracket back (ppc_quick_retire). So at TO the
 * count since FROM is the 32-bit difference of the two readings.
 *
 * The state and the slots are in the stub's bss, which ppce500.ld puts on
 * the cache-inhibited megabyte: they move none of the program's cache
 * lines. VLE code takes the full path (displaced.c steps it in place:
 * its slot would be read as Book E), as do sc, tw/twi and the returns.
 */
#include <stddef.h>
#include "booke.h"
#include "ppc_port.h"
#include "quick_layout.h"
#include "quick_run.h"

struct ppc_quick_half {
    uint32_t slot[PPC_SLOT_WORDS], resume[PPC_SLOT_WORDS];
    uint32_t kind, saved, link, pad[5];
};
struct ppc_quick {
    struct ppc_quick_half half[2];
    uint32_t on, from, to, armed, from_hits, top, rearm, r6, msr;
    uint32_t hw[4], regs[11];
    struct quick_book book;
    struct quick_run run; /* C only */
};
#define AT(f, o) _Static_assert(offsetof(struct ppc_quick, f) == o, #o)
AT(half[0].resume, H_RESUME); AT(half[0].kind, H_KIND); AT(half[0].saved, H_SAVED);
AT(half[0].link, H_LINK); AT(half[1], H_BYTES);
AT(on, Q_ON); AT(from, Q_FROM); AT(to, Q_TO); AT(armed, Q_ARMED);
AT(from_hits, Q_FROM_HITS); AT(top, Q_TOP); AT(rearm, Q_REARM); AT(r6, Q_R6);
AT(msr, Q_MSR); AT(hw, Q_HW); AT(regs, Q_REGS); AT(book.fill, Q_FILL);
AT(book.fill_end, Q_FILL_END); AT(book.buf, Q_BUF); AT(run, 4 * Q_WORDS);
#undef AT
_Static_assert(sizeof(struct ppc_quick) == Q_BYTES, "Q_BYTES");
_Static_assert(Q_ENTRIES == QUICK_ENTRIES && Q_ENTRY_BYTES == 4 * QUICK_ENTRY_WORDS, "book");
_Static_assert(PPC_TO_LR == H_LR && PPC_TO_CTR == H_CTR && H_TAKEN == 4 * PPC_W_TAKEN,
               "kinds");

/* In vectors.S's bss, H_BYTES-aligned, beside the vectors' scratch. */
extern struct ppc_quick ppc_quick;

/* The half for the trap at pc; 0 if its instruction cannot run from a
 * slot (ppc_steps_out_of_line: VLE, sc, tw/twi, the returns). */
static int fill(struct ppc_quick_half *h, uint32_t pc)
{
    struct ppc_slot_plan p;

    if (!ppc_steps_out_of_line(pc) || !ppc_slot_fill(h->slot, pc, &p))
        return 0;
    h->kind = p.kind == PPC_REL ? H_NONE : p.kind;
    h->link = p.link ? pc + 4 : 0;
    h->resume[PPC_W_INSN] = h->resume[3] = 0;
    h->resume[PPC_W_FALL] = pc + 4;
    h->resume[PPC_W_TAKEN] = p.target; /* through LR/CTR: set at each hit */
    return 1;
}

/* The core's quick_set. Not while a step is armed: its stop takes the
 * full path, at whose end the core offers the bracket again. */
void ppc_quick_offer(const struct stub_quick *sq)
{
    struct ppc_quick *q = &ppc_quick;

    q->on = q->armed = q->from_hits = 0;
    if (!sq || ppc_stepping() || sq->n > STUB_QUICK_COUNTERS ||
        !quick_run_set(&q->run, &q->book, sq, ppc_pmu_counters) ||
        !fill(&q->half[0], sq->from) || !fill(&q->half[1], sq->to))
        return;
    q->top = q->run.top;
    q->from = sq->from == sq->to ? 1 : sq->from;
    q->to = sq->to;
    q->rearm = sq->from == sq->to; /* one point: each hit starts the next */
    q->on = 1;
}

/* vectors.S, when Q_BUF is due (MSR = ME, the registers a call may change
 * saved): the brackets into the core. 1: the program goes on in TO's
 * slot; 0: the full path, which reports the stop. */
int ppc_quick_fold(void)
{
    return !quick_run_fold(&ppc_quick.run, &ppc_quick.book);
}

/* First thing on the full path, counters frozen and not yet folded: the
 * recorded brackets, the hits at FROM and an open bracket go to the core,
 * and a pc inside a slot (an interrupt or a fault there) becomes the
 * program's own address, with LR and CTR as they were before it. */
void ppc_quick_retire(void)
{
    struct ppc_quick *q = &ppc_quick;
    const struct quick_run *r = &q->run;
    uint64_t start[STUB_QUICK_COUNTERS];
    uint32_t off = ppc_ctx[CTX_PC] - (uint32_t)(uintptr_t)q->half;

    if (!q->on)
        return;
    q->on = 0;
    /* never the last bracket: that one is folded at once */
    (void)quick_run_fold(&q->run, &q->book);
    for (unsigned i = 0; i < r->n; i++)
        start[i] = ppc_pmu_count64_from(r->cnt[i], q->hw[r->cnt[i]]);
    stub_quick_started(r->from_pc == r->to_pc ? 0 : q->from_hits, (int)q->armed,
                       start);
    q->armed = q->from_hits = 0;
    /* At a trap word (the instruction ran): as the trap would go on. */
    if (off < 2 * H_BYTES && off % H_BYTES < sizeof q->half[0].slot) {
        const struct ppc_quick_half *h = &q->half[off / H_BYTES];
        uint32_t at = h->resume[off % H_BYTES / 4];
        if (h->kind)
            ppc_ctx[h->kind == H_LR ? CTX_LR : CTX_CTR] = h->saved;
        if (at && h->link)
            ppc_ctx[CTX_LR] = h->link;
        ppc_ctx[CTX_PC] = at ? at : off < H_BYTES ? r->from_pc : r->to_pc;
    }
}
