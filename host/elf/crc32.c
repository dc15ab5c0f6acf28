/*
 * elf/crc32.c - GDB's qCRC checksum. GDB computes it with libiberty's xcrc32
 * (libiberty/crc32.c: "used by the gdb remote protocol for the qCRC
 * command ... Width 32, Poly 0x04c11db7, Init parameter, typically
 * 0xffffffff, RefIn false, RefOut false, XorOut 0") and gdb/remote.c's
 * compare-sections passes 0xffffffff; OpenOCD's gdb server answers qCRC
 * with the same CRC (src/target/image.c, image_calculate_checksum). So:
 * MSB first, nothing reflected, no final XOR. The catalogue of
 * parametrised CRCs (RevEng) lists these parameters as CRC-32/MPEG-2,
 * check value ("123456789") 0x0376e6e7 (tests/pmuctl/pmuctl_test_crc.c).
 */
#include "elf/crc32.h"

#define POLY 0x04c11db7u

/* The CRC of each byte value shifted into the top of the register. */
static uint32_t table[256];

static void make_table(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i << 24;
        for (int k = 0; k < 8; k++)
            c = (c & 0x80000000u) ? (c << 1) ^ POLY : c << 1;
        table[i] = c;
    }
}

uint32_t gdb_crc32(uint32_t crc, const void *buf, size_t len)
{
    const unsigned char *p = buf;
    if (!table[1])
        make_table();
    while (len--)
        crc = (crc << 8) ^ table[((crc >> 24) ^ *p++) & 0xffu];
    return crc;
}
