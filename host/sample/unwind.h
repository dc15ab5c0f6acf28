/*
 * sample/unwind.h - a sample's call stack from its copy of the stack
 * (record --call-graph dwarf), unwound on the host with the program's
 * DWARF CFI (elfutils' libdw: dwarf_cfi_addrframe, dwarf_frame_cfa,
 * dwarf_frame_register), as perf's --call-graph dwarf unwinds the user
 * stack it copied.
 */
#ifndef PMUCTL_SAMPLE_UNWIND_H
#define PMUCTL_SAMPLE_UNWIND_H

#include <stdint.h>

#include "sample/attrib.h"
#include "sample/data.h"

/* The frames of s into pcs, innermost first: pcs[0] is the sampled pc,
 * each next a return address the CFI recovered from the registers the
 * sample holds (pc, return address, stack pointer) and the words of its
 * copy. It stops at the copy's end, at a return address outside the
 * program's code, at an unwind error and at max; a frame it did not
 * unwind is never given. The number of frames (1 at least). */
/* The deepest stack report gives. */
#define UNWIND_MAX 64

int unwind_sample(struct attrib *a, const struct sample *s, uint32_t *pcs,
                  int max);

#endif
