/*
 * elf/crc32.h - the CRC-32 of GDB's qCRC packet, computed on the host to check
 * a target's answer (elfcheck.c).
 */
#ifndef PMUCTL_CRC32_H
#define PMUCTL_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* GDB's qCRC:ADDR,LENGTH answer is this CRC of the LENGTH bytes at ADDR
 * with crc = 0xffffffff to start. Blocks chain: pass the result of one as
 * crc of the next. */
uint32_t gdb_crc32(uint32_t crc, const void *buf, size_t len);

#endif
