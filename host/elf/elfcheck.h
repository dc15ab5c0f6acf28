/*
 * elf/elfcheck.h - is the ELF the program on the target? Its loaded code
 * (elfsym.h) is compared with the target's memory through qCRC, as GDB's
 * "compare-sections" does, before anything on the target is changed.
 * Nothing else of the target is read.
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

/* Asks the target for each code section's CRC, waiting up to wait_ms
 * for each answer (the target reads the whole section before it says
 * anything: through OpenOCD 0.12 on vboard, 46 KB took 25 s): an
 * elfcheck_result, or an rsp status (< 0). A program with no such section
 * is ELFCHECK_SAME. A section that differs or that the target cannot read
 * is named in err. */
int elfcheck_compare(struct rsp *r, const struct elf_section *sec, size_t n,
                     int wait_ms, char *err, size_t errlen);

/* Is an ELF for arch ("mips", "powerpc": elfsym_arch) a program for the
 * target whose description says tdesc_arch (its <architecture>, e.g.
 * "mips:isa32r2", "powerpc:e500") and whose pc is in pc_feature (e.g.
 * "org.gnu.gdb.mips.cpu")? 0 if it is or nothing tells; 1 and err if not. */
int elfcheck_arch(const char *arch, unsigned machine, const char *tdesc_arch,
                  const char *pc_feature, char *err, size_t errlen);

#endif
