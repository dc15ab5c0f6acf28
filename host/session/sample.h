/*
 * session/sample.h - the stub's sampling packets (pmustub/wire.h,
 * stub/core/sample/sample.c): bind counters and periods, read where the
 * buffer is and how full, read it, empty it, turn sampling off. Each
 * returns a pmuctl_exit status (0 ok) and leaves t->err set.
 */
#ifndef PMUCTL_SESSION_SAMPLE_H
#define PMUCTL_SESSION_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "sample/data.h"
#include "session/target.h"

struct sample_status {
    unsigned long addr, size, fill, lost;
    int armed;
};

/* Each of d's events samples on its counter (through the counter's 32-bit
 * count register) every its period: now (from_tp 0) or between hits at
 * tracepoints from_tp and to_tp, defined beforehand (session/trace.h);
 * with d's stack_bytes, each sample copies that much of the stack. */
int target_sample_bind(struct target *t, const struct sample_data *d,
                       unsigned from_tp, unsigned to_tp);
int target_sample_off(struct target *t);
int target_sample_status(struct target *t, struct sample_status *st);
/* The fill samples of the buffer (record_bytes each:
 * sample_record_bytes) into out, in bulk (m packets of up to 256 bytes). */
int target_sample_read(struct target *t, const struct sample_status *st,
                       size_t record_bytes, uint8_t *out);
int target_sample_reset(struct target *t);

#endif
