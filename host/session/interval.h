/*
 * session/interval.h - the stub's packets for pmuctl stat's intervals on
 * the target (pmustub/wire.h, stub/core/stat/interval.c): bind the
 * interval clock and the counts it copies, turn it off. Each returns a
 * pmuctl_exit status (0 ok) and leaves t->err set.
 */
#ifndef PMUCTL_SESSION_INTERVAL_H
#define PMUCTL_SESSION_INTERVAL_H

#include "session/target.h"

/* Counter n (its 32-bit count register cnt_reg), counting cycles, ends an
 * interval every period events; at each end the stub sends the 64-bit
 * count registers regs[0..nregs-1] (notification PMUSTUB_NOTIFY_INTERVAL).
 * *no_line: the stub said its board cannot send while the program runs. */
int target_interval_bind(struct target *t, unsigned n, int cnt_reg,
                         unsigned long period, const int *regs, int nregs,
                         int *no_line);
int target_interval_off(struct target *t);

#endif
