/*
 * idle.h - finding a CPU that only waits for its serial line, so that the
 * main loop can sleep on the sockets instead of simulating the wait
 * (docs/vboard.md, "Idle loops").
 *
 * A loop qualifies when its iterations are identical: from one point of
 * it the same state (general registers, the PC and what goes with it)
 * comes back, no instruction of it stores, takes an exception or reads
 * anything that changes with time (timers, counters, system registers: the
 * machine's may_loop says which instructions are allowed), and every
 * device read of it is a read of the console's status that finds the line
 * quiet (common/uart.h, quiet_reads). Then nothing but the host (a byte,
 * a probe) or a timed event (a timer, a counter interrupt: the machine's
 * quiet budget) can make the next iteration differ from the last, and
 * whole iterations can be added to the event totals at once: every count
 * derived from them (cycles, Count, the time base, the decrementer, the
 * counters) is what running them one by one gives.
 *
 * The cache model needs one iteration to settle: with true LRU (cache.h)
 * an iteration leaves each set holding the lines it touched, in the order
 * it last touched them, above the older ones; from then on every iteration
 * hits and misses alike and leaves the same order. So the loop is run
 * three times: to find it, to settle, to measure; the second and third
 * must add the same to every total.
 */
#ifndef VBOARD_IDLE_H
#define VBOARD_IDLE_H

#include <stdbool.h>
#include <stdint.h>

#include "machine.h"
#include "uart.h"

#define VB_IDLE_MAX_PERIOD 256u /* instructions an iteration may have */
#define VB_IDLE_STATE_WORDS 40u /* the state compared at the loop's head */
#define VB_IDLE_MAX_EV 64u      /* event totals a machine keeps, at most */

/* One machine's CPU as the search sees it. */
struct vb_idle_cpu {
    void *cpu;
    uint64_t *ev;        /* the event totals (cpu->ev) */
    unsigned n_ev;
    struct vb_bus *bus;  /* the CPU's bus: watched while the loop is run */
    struct uart *line;   /* the console whose status the loop may read */
    /* The instruction at the PC may be part of an idle loop: it changes
     * registers only and reads nothing that changes with time. */
    bool (*may_loop)(void *cpu);
    /* Runs one instruction with the ordinary interpreter; false if it
     * ended in anything but the next instruction (an exception, a stop). */
    bool (*step)(void *cpu);
    /* The loop's state into out (VB_IDLE_STATE_WORDS words, the PC
     * first). */
    void (*state)(const void *cpu, uint32_t *out);
    /* Timing-model cycles of the totals delta (instructions + stalls +
     * idle). */
    uint64_t (*cycles)(const uint64_t *delta);
};

/* What an iteration adds. */
struct vb_idle_loop {
    uint64_t delta[VB_IDLE_MAX_EV]; /* to each event total */
    uint64_t insns, cycles;         /* instructions, timing-model cycles */
    uint64_t sum;                   /* all totals together */
};

/* Runs up to `budget` instructions (all of them real: they count as run)
 * looking for an idle loop; true with *lp filled when the CPU is at the
 * head of one. Otherwise the CPU is wherever the instructions run left it. */
bool vb_idle_find(const struct vb_idle_cpu *k, uint64_t budget, struct vb_idle_loop *lp);
/* Whole iterations of lp that may pass before a timed event needs the
 * main loop, `quiet` being the machine's quiet budget (0: nothing
 * pending). No total grows by more than lp->sum an iteration, and each
 * instruction adds at least one cycle, so stopping an iteration short of
 * the bound leaves the event to the ordinary run. */
uint64_t vb_idle_room(const struct vb_idle_loop *lp, uint64_t quiet);
/* Adds n iterations of lp to the totals ev. */
void vb_idle_advance(uint64_t *ev, unsigned n_ev, const struct vb_idle_loop *lp, uint64_t n);

#endif
