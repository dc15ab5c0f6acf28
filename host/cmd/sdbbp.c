/*
 * cmd/sdbbp.c - see sdbbp.h.
 *
 * The encodings OpenOCD 0.12 writes for a software breakpoint
 * (src/target/mips_m4k.c, mips_m4k_set_breakpoint; the words in
 * src/target/mips32.h), by the breakpoint's kind as GDB sends it in Z0
 * (GDB's mips-tdep.c: 2 MIPS16e, 3 microMIPS 16-bit, 4 MIPS32, 5
 * microMIPS 32-bit):
 *   - MIPS32: SDBBP code 0, 0x7000003F (SPECIAL2, function 0x3F; MIPS32
 *     Instruction Set MD00086, "SDBBP"), a word at a word address;
 *   - MIPS16e: 0xE801, a halfword (MIPS16e ASE MD00076, "SDBBP": major
 *     opcode RR 11101, function 00001, code 0);
 *   - microMIPS: SDBBP16 0x46C0 (POOL16C), a halfword, and SDBBP32, the
 *     halfwords 0x0000 (POOL32A) then 0xDB7C (microMIPS32 MD00582,
 *     "SDBBP"), at any halfword address. OpenOCD writes the 32-bit one as
 *     a word with its halfwords swapped on one byte order (SWAP16 under
 *     ejtag_info->endianness), so both orders of the two halfwords are
 *     taken for it.
 * Only these, and only where the ELF has something else.
 */
#include "cmd/sdbbp.h"

#include <string.h>

#define MIPS32_SDBBP 0x7000003Fu
#define MIPS16E_SDBBP 0xE801u
#define MICROMIPS_SDBBP16 0x46C0u
#define MICROMIPS_SDBBP32_HI 0x0000u
#define MICROMIPS_SDBBP32_LO 0xDB7Cu

static unsigned half(const uint8_t *p, int be)
{
    return be ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
}

static uint32_t word(const uint8_t *p, int be)
{
    return be ? (uint32_t)half(p, 1) << 16 | half(p + 2, 1)
              : (uint32_t)half(p + 2, 0) << 16 | half(p, 0);
}

static int micromips32_at(const uint8_t *p, int be)
{
    unsigned a = half(p, be), b = half(p + 2, be);
    return (a == MICROMIPS_SDBBP32_HI && b == MICROMIPS_SDBBP32_LO) ||
           (a == MICROMIPS_SDBBP32_LO && b == MICROMIPS_SDBBP32_HI);
}

/* The SDBBP that starts at off in mem: its length (0: none). */
static unsigned sdbbp_at(const uint8_t *mem, size_t size, size_t off, int be,
                         const char **isa)
{
    const uint8_t *p = mem + off;
    size_t left = size - off;
    if (left >= 4 && !(off & 3) && word(p, be) == MIPS32_SDBBP) {
        *isa = "MIPS32";
        return 4;
    }
    if (left >= 4 && micromips32_at(p, be)) {
        *isa = "microMIPS";
        return 4;
    }
    if (left >= 2 && half(p, be) == MIPS16E_SDBBP) {
        *isa = "MIPS16e";
        return 2;
    }
    if (left >= 2 && half(p, be) == MICROMIPS_SDBBP16) {
        *isa = "microMIPS";
        return 2;
    }
    return 0;
}

int sdbbp_find(const uint8_t *elf, const uint8_t *mem, size_t size,
               int big_endian, struct sdbbp_fix *fix, int max)
{
    int n = 0;
    size_t end = 0; /* bytes before it are in a fix already */

    for (size_t off = 0; off < size; off += 2) {
        size_t len = size - off < 2 ? size - off : 2;
        size_t at = off;
        const char *isa = "";
        unsigned got;
        if (!memcmp(elf + off, mem + off, len))
            continue;
        if (off < end)
            continue; /* inside the last fix */
        got = len == 2 ? sdbbp_at(mem, size, off, big_endian, &isa) : 0;
        /* A microMIPS SDBBP32 whose first halfword the ELF has too. */
        if (!got && off >= 2 && off - 2 >= end && size - (off - 2) >= 4 &&
            micromips32_at(mem + off - 2, big_endian)) {
            at = off - 2;
            got = 4;
            isa = "microMIPS";
        }
        if (!got || n == max)
            return -1;
        fix[n++] = (struct sdbbp_fix){at, got, isa};
        end = at + got;
    }
    return n;
}
