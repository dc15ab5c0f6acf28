/*
 * elfcheck.c - the ELF's read-only loaded sections (elfsym.c) against the
 * target's memory (elfcheck.h). GDB's compare-sections (gdb/remote.c) takes every
 * SEC_LOAD section and sends qCRC:ADDR,LENGTH, whose answer is "C" and
 * eight hex digits of gdb_crc32 over that memory, "E NN" when it cannot be
 * read, or nothing when the target lacks qCRC (GDB manual, "General Query
 * Packets"). Only read-only sections are compared (compare-sections -r):
 * a program changes its data as it runs (measured: ejtag_loop.elf's .data
 * differs from its file after one pass).
 */
#include "elfcheck.h"

#include <stdio.h>
#include <stdlib.h>

int elfcheck_compare(struct rsp *r, const struct elf_section *sec, size_t n,
                     char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++) {
        const struct elf_section *s = &sec[i];
        char req[64], *end;
        snprintf(req, sizeof req, "qCRC:%lx,%lx", s->addr, s->size);
        int rc = rsp_request(r, req);
        if (rc)
            return rc;
        if (!r->reply[0]) {
            snprintf(err, errlen, "the target does not answer qCRC");
            return ELFCHECK_UNANSWERED;
        }
        unsigned long crc = r->reply[0] == 'C' ? strtoul(r->reply + 1, &end, 16) : 0;
        if (r->reply[0] != 'C' || *end || end == r->reply + 1) {
            snprintf(err, errlen, "section %s (0x%08lx, %lu bytes) is not "
                     "readable on the target (qCRC answered '%.20s')", s->name,
                     s->addr, s->size, r->reply);
            return ELFCHECK_DIFFERS;
        }
        if ((uint32_t)crc != s->crc) {
            snprintf(err, errlen, "section %s (0x%08lx, %lu bytes) differs: "
                     "CRC 0x%08lx on the target, 0x%08x in the file", s->name,
                     s->addr, s->size, crc, (unsigned)s->crc);
            return ELFCHECK_DIFFERS;
        }
    }
    return ELFCHECK_SAME;
}
