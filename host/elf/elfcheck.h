/*
 * elf/elfcheck.h - is the ELF the program on the target? Its loaded,
 * read-only sections (code, constants: elfsym.h) are compared with the
 * target's memory through qCRC, as GDB's "compare-sections -r" does,
 * before anything on the target is changed.
 */
#ifndef PMUCTL_ELFCHECK_H
#define PMUCTL_ELFCHECK_H

#include <stddef.h>

#include "elf/elfsym.h"
#include "rsp/rsp.h"

enum elfcheck_result {
    ELFCHECK_SAME = 0,
    ELFCHECK_DIFFERS = 1,    /* err names the section */
    ELFCHECK_UNANSWERED = 2  /* the target does not answer qCRC */
};

/* Asks the target for each section's CRC: an elfcheck_result, or an rsp
 * status (< 0). A program with no such section is ELFCHECK_SAME. Only the
 * sections that hold code decide (they are what a measurement runs and
 * where its breakpoints go); another read-only section that differs or
 * cannot be read (metadata such as .MIPS.abiflags or a note, which a
 * default linker script may place outside the target's memory) is told
 * in warn (the first one, and how many), which is empty otherwise. */
int elfcheck_compare(struct rsp *r, const struct elf_section *sec, size_t n,
                     char *err, size_t errlen, char *warn, size_t warnlen);

/* Is an ELF for arch ("mips", "powerpc": elfsym_arch) a program for the
 * target whose description says tdesc_arch (its <architecture>, e.g.
 * "mips:isa32r2", "powerpc:e500") and whose pc is in pc_feature (e.g.
 * "org.gnu.gdb.mips.cpu")? 0 if it is or nothing tells; 1 and err if not. */
int elfcheck_arch(const char *arch, unsigned machine, const char *tdesc_arch,
                  const char *pc_feature, char *err, size_t errlen);

#endif
