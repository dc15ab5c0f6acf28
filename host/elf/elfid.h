/*
 * elf/elfid.h - which program an ELF is, kept in a record file
 * (sample/data.h), so that report can tell the ELF it is given from the
 * one that was recorded.
 */
#ifndef PMUCTL_ELFID_H
#define PMUCTL_ELFID_H

#include <stddef.h>
#include <stdint.h>

#include "elf/elfsym.h"

struct elf_id {
    /* The GNU build ID note (NT_GNU_BUILD_ID, ld --build-id) in hex; ""
     * where the ELF has none. */
    char build_id[2 * 64 + 1];
    /* The CRC-32 of the loaded code sections (e's), with their addresses
     * and sizes: code that differs by one byte or one address differs. */
    uint32_t code_crc;
};

/* path's identity, e its symbols and loaded code (elfsym_open). 0, or -1
 * and err. */
int elf_identity(const char *path, const struct elfsym *e, struct elf_id *id,
                 char *err, size_t errlen);

/* Are a and b one program? By build ID where both have one (it covers the
 * whole file), else by the code's CRC. */
int elf_id_same(const struct elf_id *a, const struct elf_id *b);

/* What elf_id_same compared a with b by, a's side: "build-id HEX" or
 * "code-crc32 HEX". */
void elf_id_format(const struct elf_id *a, const struct elf_id *b, char *out,
                   size_t len);

#endif
