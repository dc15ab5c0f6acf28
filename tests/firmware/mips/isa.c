/* isa.c - one result line per instruction class that GCC's -O2 code may
 * not reach: R2 bit operations, multiply-accumulate, ll/sc, branch-likely
 * nullification, rdhwr. Printed values are compared with QEMU's. */
#include "fw.h"

static uint32_t in[6] = { 0x12345678u, 0x80000001u, 0xfffffff0u, 0x0000ff00u,
                          7u, 0x7fffffffu };
static uint32_t out[48];
static uint32_t word;

#define OP1(asmop, i, x) __asm__ volatile(asmop " %0, %1" : "=r"(out[i]) : "r"(x))

void setup(void) {}

void work(void)
{
    uint32_t a = in[0], b = in[1], c = in[2], d = in[3];
    OP1("clz", 0, a); OP1("clz", 1, 0u); OP1("clo", 2, c); OP1("clo", 3, a);
    OP1("wsbh", 4, a); OP1("seb", 5, a | 0x80u); OP1("seh", 6, d | 0x8000u);
    __asm__ volatile("rotr %0, %1, 12" : "=r"(out[7]) : "r"(a));
    __asm__ volatile("rotrv %0, %1, %2" : "=r"(out[8]) : "r"(a), "r"(d));
    __asm__ volatile("ext %0, %1, 4, 12" : "=r"(out[9]) : "r"(a));
    out[10] = b;
    __asm__ volatile("ins %0, %1, 8, 8" : "+r"(out[10]) : "r"(a));
    out[11] = 1; out[12] = 2;
    __asm__ volatile("movn %0, %1, %2" : "+r"(out[11]) : "r"(a), "r"(d));
    __asm__ volatile("movz %0, %1, %2" : "+r"(out[12]) : "r"(a), "r"(d));
    __asm__ volatile("mult %2, %3\n\tmadd %2, %3\n\tmfhi %0\n\tmflo %1"
                     : "=r"(out[13]), "=r"(out[14]) : "r"(a), "r"(c) : "hi", "lo");
    __asm__ volatile("multu %2, %3\n\tmaddu %2, %3\n\tmfhi %0\n\tmflo %1"
                     : "=r"(out[15]), "=r"(out[16]) : "r"(a), "r"(c) : "hi", "lo");
    __asm__ volatile("mult %2, %3\n\tmsub %3, %3\n\tmfhi %0\n\tmflo %1"
                     : "=r"(out[17]), "=r"(out[18]) : "r"(a), "r"(b) : "hi", "lo");
    __asm__ volatile("multu %2, %3\n\tmsubu %3, %2\n\tmfhi %0\n\tmflo %1"
                     : "=r"(out[19]), "=r"(out[20]) : "r"(a), "r"(b) : "hi", "lo");
    __asm__ volatile("mul %0, %1, %2" : "=r"(out[21]) : "r"(a), "r"(c));
    __asm__ volatile("div $0, %2, %3\n\tmfhi %0\n\tmflo %1"
                     : "=r"(out[22]), "=r"(out[23]) : "r"(c), "r"(in[4]) : "hi", "lo");
    __asm__ volatile("divu $0, %2, %3\n\tmfhi %0\n\tmflo %1"
                     : "=r"(out[24]), "=r"(out[25]) : "r"(c), "r"(in[4]) : "hi", "lo");
    /* ll/sc: first sc succeeds, a second one without ll fails */
    word = 5;
    __asm__ volatile("ll %0, 0(%3)\n\taddiu %0, %0, 1\n\tsc %0, 0(%3)\n\t"
                     "move %1, %0\n\tli %2, 9\n\tsc %2, 0(%3)"
                     : "=&r"(out[26]), "=&r"(out[27]), "=&r"(out[28]) : "r"(&word) : "memory");
    out[29] = word;
    /* branch likely: the delay slot runs only when taken */
    out[30] = 0; out[31] = 0;
    __asm__ volatile(".set push\n\t.set noreorder\n\t"
                     "beql %2, $0, 1f\n\taddiu %0, %0, 1\n\taddiu %0, %0, 16\n1:\n\t"
                     "bnel %2, $0, 2f\n\taddiu %1, %1, 1\n\taddiu %1, %1, 16\n2:\n\t.set pop"
                     : "+r"(out[30]), "+r"(out[31]) : "r"(a));
    /* rdhwr SYNCI_Step and CCRes (kernel mode) */
    __asm__ volatile("rdhwr %0, $1" : "=r"(out[32]));
    __asm__ volatile("rdhwr %0, $3" : "=r"(out[33]));
    /* overflow-free add/sub, sltiu/slti edge, sra */
    __asm__ volatile("addi %0, %1, -1" : "=r"(out[34]) : "r"(in[5]));
    __asm__ volatile("srav %0, %1, %2" : "=r"(out[35]) : "r"(b), "r"(in[4]));
    __asm__ volatile("sltiu %0, %1, -1" : "=r"(out[36]) : "r"(c));
    /* unaligned word access with lwl/lwr and swl/swr */
    static uint8_t bytes[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
    __asm__ volatile("lwl %0, 1(%1)\n\tlwr %0, 4(%1)" : "=&r"(out[37]) : "r"(bytes) : "memory");
    __asm__ volatile("swl %0, 6(%1)\n\tswr %0, 9(%1)" : : "r"(a), "r"(bytes) : "memory");
    out[38] = (uint32_t)bytes[5] << 24 | (uint32_t)bytes[6] << 16 |
              (uint32_t)bytes[7] << 8 | bytes[8];
    out[39] = (uint32_t)bytes[9] << 24 | (uint32_t)bytes[10] << 16 | (uint32_t)bytes[11] << 8;
}

void report(void)
{
    fw_puts("isa\n");
    for (int i = 0; i < 40; i++) {
        fw_dec((uint32_t)i);
        fw_putc(' ');
        fw_hex(out[i]);
        fw_putc('\n');
    }
}
