/*
 * cmd/repair.c - see repair.h.
 *
 * OpenOCD makes a software breakpoint (Z0) an SDBBP written into the
 * program (src/target/mips_m4k.c, mips_m4k_set_breakpoint, MIPS32_SDBBP),
 * and a client that dies while the core runs leaves it there: OpenOCD
 * 0.12 cannot take it out of a running core (docs/proxy.md, "Clients one
 * after another"). Only the MIPS32 encoding, SDBBP with code 0
 * (0x7000003F: SPECIAL2 function 0x3F, MIPS32 Instruction Set MD00086,
 * "SDBBP"), is repaired; a MIPS16e or microMIPS one stays a difference.
 */
#include "cmd/repair.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/exit_status.h"
#include "session/memory.h"

#define SDBBP 0x7000003Fu
#define MAX_REPAIRS 64 /* more SDBBPs than any session sets: another program */

static uint32_t word(const uint8_t *p, int big_endian)
{
    return big_endian
        ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
        : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

struct repairs {
    unsigned long addr[MAX_REPAIRS];
    const uint8_t *elf_word[MAX_REPAIRS];
    unsigned n;
};

/* Adds the words of s where the target (mem) has an SDBBP and the ELF
 * not; -1 for any other difference. */
static int find(const struct elf_section *s, const uint8_t *mem, int be,
                struct repairs *r)
{
    for (unsigned long w = 0; w < s->size; w += 4) {
        if (word(mem + w, be) == word(s->bytes + w, be))
            continue;
        if (word(mem + w, be) != SDBBP || r->n == MAX_REPAIRS)
            return -1;
        r->addr[r->n] = s->addr + w;
        r->elf_word[r->n++] = s->bytes + w;
    }
    return 0;
}

int cmd_repair_sdbbp(struct target *t, const struct elfsym *elf, int *repaired)
{
    static struct repairs r;
    int rc = 0, other = 0;

    *repaired = 0;
    r.n = 0;
    if (elf->machine != EM_MIPS)
        return 0;
    for (size_t i = 0; i < elf->nloaded && !rc && !other; i++) {
        const struct elf_section *s = &elf->loaded[i];
        uint8_t *mem;
        if (s->writable)
            continue;
        if ((s->addr | s->size) & 3)
            return 0; /* not whole words: not MIPS32 code */
        if (!(mem = malloc(s->size ? s->size : 1))) {
            snprintf(t->err, sizeof t->err, "out of memory");
            return PMUCTL_EXIT_TARGET;
        }
        rc = target_mem_read_bulk(t, s->addr, mem, s->size);
        other = !rc && find(s, mem, elf->big_endian, &r);
        free(mem);
    }
    if (rc || other || !r.n)
        return rc;
    fprintf(stderr, "pmuctl: put back the ELF's instruction at");
    for (unsigned i = 0; i < r.n; i++) {
        if ((rc = target_mem_write(t, r.addr[i], r.elf_word[i], 4)))
            return rc;
        fprintf(stderr, " 0x%08lx", r.addr[i]);
    }
    fprintf(stderr, ", where the program held an SDBBP (0x%08x) that a "
            "session which did not end left\n", SDBBP);
    *repaired = 1;
    return 0;
}
