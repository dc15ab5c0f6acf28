/*
 * cmd/repair.c - see repair.h.
 *
 * OpenOCD makes a software breakpoint (Z0) an SDBBP written into the
 * program (src/target/mips_m4k.c, mips_m4k_set_breakpoint), and a client
 * that dies while the core runs leaves it there: OpenOCD 0.12 cannot take
 * it out of a running core (docs/proxy.md, "Clients one after another").
 * The MIPS32, MIPS16e and microMIPS encodings are repaired (cmd/sdbbp.c).
 */
#include "cmd/repair.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/exit_status.h"
#include "cmd/sdbbp.h"
#include "session/memory.h"

#define MAX_REPAIRS 64 /* more SDBBPs than any session sets: another program */

struct repair {
    unsigned long addr;
    const uint8_t *elf_bytes;
    struct sdbbp_fix fix;
};

int cmd_repair_sdbbp(struct target *t, const struct elfsym *elf, int *repaired)
{
    static struct repair r[MAX_REPAIRS];
    struct sdbbp_fix fix[MAX_REPAIRS];
    int rc = 0, other = 0;
    unsigned n = 0;

    *repaired = 0;
    if (elf->machine != EM_MIPS)
        return 0;
    for (size_t i = 0; i < elf->nloaded && !rc && !other; i++) {
        const struct elf_section *s = &elf->loaded[i];
        uint8_t *mem;
        int got;
        if (s->writable)
            continue;
        if ((s->addr | s->size) & 1)
            return 0; /* not whole halfwords: not MIPS code */
        if (!(mem = malloc(s->size ? s->size : 1))) {
            snprintf(t->err, sizeof t->err, "out of memory");
            return PMUCTL_EXIT_TARGET;
        }
        rc = target_mem_read_bulk(t, s->addr, mem, s->size);
        got = rc ? 0 : sdbbp_find(s->bytes, mem, s->size, elf->big_endian, fix,
                                  (int)(MAX_REPAIRS - n));
        other = got < 0;
        for (int k = 0; k < got; k++)
            r[n++] = (struct repair){s->addr + fix[k].off, s->bytes + fix[k].off, fix[k]};
        free(mem);
    }
    if (rc || other || !n)
        return rc;
    fprintf(stderr, "pmuctl: put back the ELF's instruction at");
    for (unsigned i = 0; i < n; i++) {
        if ((rc = target_mem_write(t, r[i].addr, r[i].elf_bytes, r[i].fix.len)))
            return rc;
        fprintf(stderr, "%s 0x%08lx (%s SDBBP)", i ? "," : "", r[i].addr, r[i].fix.isa);
    }
    fprintf(stderr, ", where a session which did not end left it\n");
    *repaired = 1;
    return 0;
}
