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
struct Dwarf_CFI_s; /* elfutils libdw.h's Dwarf_CFI */

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
/* The program's call frame information into cfi: its .debug_frame (GCC's
 * with -g, for the program's code) and its .eh_frame (libgcc's), where it
 * has them, the first first; its DWARF number of the stack pointer (MIPS
 * $29, Power r1) and its byte order. The number of CFIs, 0 when it has
 * none or is of another architecture. Kept with a. */
int attrib_cfi(struct attrib *a, struct Dwarf_CFI_s *cfi[2], int *sp_reg,
               int *big_endian);
/* Nonzero if addr is in one of the program's code sections. */
int attrib_in_code(struct attrib *a, unsigned long addr);

#endif
