/*
 * sample/pprof.h - a record's samples in pprof's profile format (google/
 * pprof proto/profile.proto: a gzipped protocol buffer), which go tool
 * pprof and speedscope read: each sample's stack as locations (address,
 * function, source line through sample/attrib.h), and the values of each
 * sample: 1 sample, and per event of the record the events it stands for
 * (its period for the sample's own event, 0 for the others).
 */
#ifndef PMUCTL_SAMPLE_PPROF_H
#define PMUCTL_SAMPLE_PPROF_H

#include <stddef.h>

#include "sample/attrib.h"
#include "sample/data.h"

/* Writes d's samples to path (a: NULL for addresses only); 0, or -1 with
 * err set. */
int pprof_write(const struct sample_data *d, struct attrib *a,
                const char *path, char *err, size_t errlen);

#endif
