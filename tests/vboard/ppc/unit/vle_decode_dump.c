/*
 * vle_decode_dump.c - prints vboard's VLE decoding of instruction words
 * for vle_decode_oracle.py, which compares it with binutils' disassembly
 * of the same words. Reads hex words on stdin (a 16-bit instruction as
 * its halfword, a 32-bit one as its word), writes "WORD CLASS" lines:
 * CLASS is "illegal", "booke" (a Book E opcode 4/31 word, executed by the
 * Book E decoder) or "vle".
 */
#include <stdio.h>

#include "vle_decode.h"

int main(void)
{
    unsigned long w;
    while (scanf("%lx", &w) == 1) {
        struct vle_insn v;
        if (w > 0xffffu)
            vle_decode(&v, (uint32_t)(w >> 16), (uint32_t)w & 0xffffu);
        else
            vle_decode(&v, (uint32_t)w, 0);
        const char *cls = v.op == V_ILLEGAL ? "illegal" : v.op == V_BOOKE ? "booke" : "vle";
        printf("%lx %s\n", w, cls);
    }
    return 0;
}
