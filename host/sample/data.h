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
 * A record with stacks (record --call-graph dwarf) is "pmuctl.data 2":
 * a heading line "call-graph dwarf BYTES" (the copy's bound) and, after
 * each sample's line, "stack SP HEX" (the stack pointer and the bytes
 * copied from it up, in target order; none when the stub copied none).
 * Files without stacks stay "pmuctl.data 1", which any pmuctl reads; a
 * pmuctl that does not know 2 refuses it as no record file of its own.
 */
#ifndef PMUCTL_SAMPLE_DATA_H
#define PMUCTL_SAMPLE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "elf/elfid.h"

/* Bytes of a sample in the stub's buffer (STUB_SAMPLE_WORDS words), and
 * of the stack pointer and copy's length that precede a stack copy
 * (STUB_SAMPLE_STACK_WORDS). */
#define SAMPLE_BYTES 12
#define SAMPLE_STACK_HEAD 20
/* The largest stack copy pmuctl asks for. */
#define SAMPLE_STACK_MAX 4096
/* Events one record samples at once (the stub's SAMPLE_COUNTERS). */
#define SAMPLE_EVENTS_MAX 4

struct sample {
    uint32_t pc, ra;
    unsigned event; /* index into sample_data.ev */
    uint32_t sp;          /* with a stack copy: the stack pointer, */
    uint32_t stack_len;   /* the bytes copied from it up */
    uint8_t *stack;       /* (malloc'd, target order), NULL if none */
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
    unsigned long stack_bytes; /* --call-graph dwarf's copy; 0: no stacks */
    struct sample *s;
    size_t n, cap;
};

/* Bytes a sample takes in the stub's buffer as d binds it. */
size_t sample_record_bytes(const struct sample_data *d);
/* Appends the samples in len bytes of the stub's buffer (a multiple of
 * sample_record_bytes), each to the event of its counter; 0, or -1 (out
 * of memory, a length that is no whole number of samples, a counter no
 * event of d's is on, or a stack copy longer than its bound). */
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
