/*
 * sample/data.h - the samples pmuctl record takes: decoding the stub's
 * buffer (pmustub/sample.h: per sample the interrupted pc, the return
 * address and the counter that overflowed, 32-bit words in target order),
 * and the data file (pmuctl.data) that pmuctl report reads.
 *
 * The file is text, one fact a line, so that it can be read and diffed:
 *   pmuctl.data 1
 *   event NAME / period N / core CORE / simulator NAME / elf PATH /
 *   build-id HEX / code-crc32 HEX / from LOC / to LOC / lost N / samples N
 *                                                 (any order, all optional,
 *                        but each event's period after its name)
 * build-id and code-crc32 are the recorded ELF's identity (elf/elfid.h),
 * for report to refuse another program's ELF. A record of several events
 * has an event and period line for each, in order.
 *   PC RA [E]              (hex, one sample a line; E, decimal: the index
 *                           of the sample's event, 0 when absent)
 */
#ifndef PMUCTL_SAMPLE_DATA_H
#define PMUCTL_SAMPLE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "elf/elfid.h"

/* Bytes of a sample in the stub's buffer (STUB_SAMPLE_WORDS words). */
#define SAMPLE_BYTES 12
/* Events one record samples at once (the stub's SAMPLE_COUNTERS). */
#define SAMPLE_EVENTS_MAX 4

struct sample {
    uint32_t pc, ra;
    unsigned event; /* index into sample_data.ev */
};

struct sample_event {
    char name[64];
    unsigned long period;
    unsigned counter; /* the stub's counter N, while recording */
};

struct sample_data {
    struct sample_event ev[SAMPLE_EVENTS_MAX];
    unsigned n_ev;
    char core[32];
    char simulator[32]; /* "" on a board */
    char elf[512];
    struct elf_id program;
    int has_program; /* older files do not say */
    char from[128], to[128]; /* "" when the whole run was sampled */
    unsigned long lost;      /* samples the stub had no room for */
    struct sample *s;
    size_t n, cap;
};

/* Appends the samples in len bytes of the stub's buffer (a multiple of
 * SAMPLE_BYTES), each to the event of its counter; 0, or -1 (out of
 * memory, a length that is no whole number of samples, or a counter no
 * event of d's is on). */
int sample_decode(struct sample_data *d, const uint8_t *buf, size_t len,
                  int big_endian);
/* One sample taken some other way (cmd/record_halt.c); 0 or -1. */
int sample_append(struct sample_data *d, struct sample s);
int sample_write(const struct sample_data *d, const char *path, char *err,
                 size_t errlen);
int sample_read(struct sample_data *d, const char *path, char *err,
                size_t errlen);
void sample_free(struct sample_data *d);
/* The samples of event e only, into one (its header d's, its only event
 * e): report's view of one event of a record of several. 0, or -1 out of
 * memory. sample_free frees it. */
int sample_select(const struct sample_data *d, unsigned e,
                  struct sample_data *one);

#endif
