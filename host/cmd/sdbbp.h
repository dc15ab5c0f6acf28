/*
 * cmd/sdbbp.h - where a killed session's SDBBPs sit in a MIPS program's
 * code: the target's bytes against the ELF's (cmd/repair.c puts them
 * back).
 */
#ifndef PMUCTL_CMD_SDBBP_H
#define PMUCTL_CMD_SDBBP_H

#include <stddef.h>
#include <stdint.h>

struct sdbbp_fix {
    size_t off;      /* from the section's start */
    unsigned len;    /* 2 or 4 bytes */
    const char *isa; /* "MIPS32", "MIPS16e", "microMIPS" */
};

/* The SDBBPs in mem where elf differs, at most max of them, in order;
 * -1 if any byte differs that is not part of an SDBBP. big_endian: the
 * target's byte order (the ELF's). */
int sdbbp_find(const uint8_t *elf, const uint8_t *mem, size_t size,
               int big_endian, struct sdbbp_fix *fix, int max);

#endif
