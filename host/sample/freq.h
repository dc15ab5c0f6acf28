/*
 * sample/freq.h - record's -F FREQ: a sampling period from a rate. Only
 * for cycles, and only where the core's clock is known (the registry's
 * costs.mhz, or --mhz): then FREQ samples a second of the core's time is
 * one every MHz x 10^6 / FREQ cycles, as perf record -F asks for
 * (perf's own -F also adjusts the period as the rate changes; this is
 * the fixed period of that rate, docs/record.md).
 */
#ifndef PMUCTL_SAMPLE_FREQ_H
#define PMUCTL_SAMPLE_FREQ_H

#include <stddef.h>

/* The period of freq samples a second of event on a core of mhz MHz (0:
 * not known; core names it in the refusal). 0 with *period set, or -1
 * with err saying what is missing: the event is not cycles, no clock, or
 * a rate that gives no period of 1 to 2^31 - 1. */
int sample_period_from_freq(const char *event, const char *core, double mhz,
                            double freq, unsigned long *period, char *err,
                            size_t errlen);

#endif
