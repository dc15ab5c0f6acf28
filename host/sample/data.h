/*
 * sample/data.h - the samples pmuctl record takes: decoding the stub's
 * buffer (pmustub/sample.h: per sample the interrupted pc and the return
 * address, 32-bit words in target order), and the data file (pmuctl.data)
 * that pmuctl report reads.
 *
 * The file is text, one fact a line, so that it can be read and diffed:
 *   pmuctl.data 1
 *   event NAME / period N / core CORE / simulator NAME / elf PATH /
 *   build-id HEX / code-crc32 HEX / from LOC / to LOC / lost N / samples N
 *                                                 (any order, all optional)
 * build-id and code-crc32 are the recorded ELF's identity (elf/elfid.h),
 * for report to refuse another program's ELF.
 *   PC RA                                         (hex, one sample a line)
 */
#ifndef PMUCTL_SAMPLE_DATA_H
#define PMUCTL_SAMPLE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "elf/elfid.h"

struct sample {
    uint32_t pc, ra;
};

struct sample_data {
    char event[64];
    unsigned long period;
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
 * 8); 0, or -1 (out of memory, or a length that is no whole number of
 * samples). */
int sample_decode(struct sample_data *d, const uint8_t *buf, size_t len,
                  int big_endian);
/* One sample taken some other way (cmd/record_halt.c); 0 or -1. */
int sample_append(struct sample_data *d, struct sample s);
int sample_write(const struct sample_data *d, const char *path, char *err,
                 size_t errlen);
int sample_read(struct sample_data *d, const char *path, char *err,
                size_t errlen);
void sample_free(struct sample_data *d);

#endif
