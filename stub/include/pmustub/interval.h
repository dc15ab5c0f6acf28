/*
 * interval.h - pmuctl stat -I counted on the target: the port's half
 * (stub/core/stat/ is the core's; docs/pmuctl.md "stat", docs/stub.md
 * "Intervals on the target").
 *
 * The host binds one counter, counting cycles, as the interval clock: the
 * core preloads its 32-bit count with 2^31 - period, so that its top bit
 * (the overflow condition, as for sampling: pmustub/sample.h) comes after
 * period events. The port's overflow interrupt asks the core, counter by
 * counter; for the clock the core takes whole periods off the 32-bit
 * count (as many as have passed: an interrupt taken late ends several
 * intervals at once, which the copy says), and the port adds them to the
 * 64-bit count's extension, so that the 64-bit count stays exact and the
 * next overflow comes at the next period's end. Once
 * every counter is folded it calls stub_interval_snap, which copies the
 * 64-bit counts into a ring and starts sending them by the UART's
 * transmit interrupt (the board's struct stub_board_rx_irq tx_* fields).
 */
#ifndef PMUSTUB_INTERVAL_H
#define PMUSTUB_INTERVAL_H

#include <stdint.h>
#include "pmustub/board.h"

#if PMUSTUB_STAT_INTERVALS
/* The port's start: the board's line, if its transmit interrupt can send
 * while the program runs (tx_* set); else the host is refused. */
void stub_interval_line(const struct stub_board_rx_irq *rx);
/* Counter n's top bit is set in *count: if n is the interval clock, the
 * whole periods passed are taken off *count and their events returned
 * (the port adds them to the extension and writes *count back); else 0. */
uint32_t stub_interval_take(unsigned n, uint32_t *count);
/* After the fold of an overflow where the clock's came: the snapshot. */
void stub_interval_snap(void);
/* The UART's interrupt, claimed (rx_ctrlc): bytes out while THRE. */
void stub_interval_pump(void);
#else
#define stub_interval_line(rx) ((void)(rx))
#define stub_interval_take(n, count) ((void)(n), (void)(count), 0u)
#define stub_interval_snap() ((void)0)
#define stub_interval_pump() ((void)0)
#endif

#endif
