/*
 * sample/attrib.h - where a sampled address is in the program: its
 * function (the ELF's symbol table) and its source line (the DWARF line
 * table), through elfutils' libdwfl, as perf report and eu-addr2line
 * find them.
 */
#ifndef PMUCTL_SAMPLE_ATTRIB_H
#define PMUCTL_SAMPLE_ATTRIB_H

#include <stddef.h>

struct attrib;

/* Opens the ELF; NULL with err set if it cannot be read. */
struct attrib *attrib_open(const char *elf, char *err, size_t errlen);
void attrib_close(struct attrib *a);
/* The function addr is in, or NULL (no symbol covers it). */
const char *attrib_function(struct attrib *a, unsigned long addr);
/* As attrib_function, with addr's offset from the symbol's start. */
const char *attrib_function_offset(struct attrib *a, unsigned long addr,
                                   unsigned long *offset);
/* The source file (its base name) and line of addr: 0, or -1 when the
 * program has no line for it (no -g, or code of no compilation unit). */
int attrib_line(struct attrib *a, unsigned long addr, const char **file,
                int *line);

#endif
