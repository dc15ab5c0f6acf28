/*
 * elf/elfcheck.c - the ELF's loaded code (elfsym.c) against the target's
 * memory (elfcheck.h), as GDB's compare-sections does for each section
 * (gdb/remote.c): qCRC:ADDR,LENGTH, whose answer is "C" and eight hex
 * digits of gdb_crc32 over that memory, "E NN" when it cannot be read,
 * or nothing when the target lacks qCRC (GDB manual, "General Query
 * Packets"). Only code is compared: a program changes its data as it runs
 * (measured: ejtag_loop.elf's .data differs from its file after one
 * pass), and metadata such as .MIPS.abiflags may lie where the target has
 * no memory (elfsym.h).
 */
#include "elf/elfcheck.h"

#include <stdio.h>
#include <stdlib.h>

#include <string.h>

/* The target's architecture in elfsym_arch's words, from its description:
 * <architecture> (BFD's names: "mips:...", "powerpc:...", "rs6000:..."),
 * else the feature of its pc (GDB's org.gnu.gdb.mips.* and
 * org.gnu.gdb.power.*, "Standard Target Features"). NULL if neither says. */
static const char *target_arch(const char *tdesc_arch, const char *pc_feature)
{
    if (tdesc_arch && !strncmp(tdesc_arch, "mips", 4))
        return "mips";
    if (tdesc_arch && (!strncmp(tdesc_arch, "powerpc", 7) ||
                       !strncmp(tdesc_arch, "rs6000", 6)))
        return "powerpc";
    if (pc_feature && !strncmp(pc_feature, "org.gnu.gdb.mips.", 17))
        return "mips";
    if (pc_feature && !strncmp(pc_feature, "org.gnu.gdb.power.", 18))
        return "powerpc";
    return NULL;
}

int elfcheck_arch(const char *arch, unsigned machine, const char *tdesc_arch,
                  const char *pc_feature, char *err, size_t errlen)
{
    const char *want = target_arch(tdesc_arch, pc_feature);
    if (!want || (arch && !strcmp(arch, want)))
        return 0;
    snprintf(err, errlen, "is %s ELF (e_machine %u), and the target is %s",
             arch ? (arch[0] == 'm' ? "a MIPS" : "a PowerPC") : "an ELF of another "
             "architecture", machine, want[0] == 'm' ? "MIPS" : "PowerPC");
    return 1;
}

int elfcheck_compare(struct rsp *r, const struct elf_section *sec, size_t n,
                     int wait_ms, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++) {
        const struct elf_section *s = &sec[i];
        char req[64], *end;
        /* Writable code is left out, as GDB's "compare-sections -r" leaves
         * out every writable section (GDB manual, compare-sections): the Power stub writes its PMU instructions
         * into its own .vectors at start-up (stub/arch/ppc32/pmu.c), and a
         * program may patch code it keeps in RAM. Such code is still a
         * place --from and --to may name. */
        if (s->writable)
            continue;
        snprintf(req, sizeof req, "qCRC:%lx,%lx", s->addr, s->size);
        int rc = rsp_send(r, req);
        if (!rc)
            rc = rsp_recv_answer(r, wait_ms);
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
