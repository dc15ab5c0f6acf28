/*
 * elfcheck.h - is the ELF the program on the target? Its loaded,
 * read-only sections (code, constants: elfsym.h) are compared with the
 * target's memory through qCRC, as GDB's "compare-sections -r" does,
 * before anything on the target is changed.
 */
#ifndef PMUCTL_ELFCHECK_H
#define PMUCTL_ELFCHECK_H

#include <stddef.h>

#include "elfsym.h"
#include "rsp.h"

enum elfcheck_result {
    ELFCHECK_SAME = 0,
    ELFCHECK_DIFFERS = 1,    /* err names the section */
    ELFCHECK_UNANSWERED = 2  /* the target does not answer qCRC */
};

/* Asks the target for each section's CRC: an elfcheck_result, or an rsp
 * status (< 0). A program with no such section is ELFCHECK_SAME. */
int elfcheck_compare(struct rsp *r, const struct elf_section *sec, size_t n,
                     char *err, size_t errlen);

#endif
