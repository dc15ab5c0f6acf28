/* fw_vectors.c - exception vectors for the test firmware: EBase = 0x80000000
 * and Status.BEV = 0 (MD00090 6.2.1), and a three-instruction stub at a
 * vector offset: "addiu k1, zero, id; j handler; nop". */
#include "fw.h"

void fw_install_vector(uint32_t offset, uint32_t id, void (*handler)(void))
{
    volatile uint32_t *v = (volatile uint32_t *)(0x80000000u + offset);
    uint32_t target = (uint32_t)(uintptr_t)handler;
    v[0] = 0x241b0000u | (id & 0xffffu);                /* addiu $k1, $zero, id */
    v[1] = 0x08000000u | ((target >> 2) & 0x03ffffffu); /* j handler */
    v[2] = 0;                                           /* nop */
}

/* mtc0/mfc0 are MIPS32 instructions: this function stays MIPS32 in
 * firmware built with -mips16 (GCC's nomips16 attribute). */
__attribute__((nomips16)) void fw_use_ebase_vectors(void)
{
    uint32_t st;
    __asm__ volatile("mtc0 %0, $15, 1" : : "r"(0x80000000u));
    __asm__ volatile("mfc0 %0, $12" : "=r"(st));
    st &= ~0x00400000u; /* BEV = 0 */
    __asm__ volatile("mtc0 %0, $12\n\tehb" : : "r"(st));
}
