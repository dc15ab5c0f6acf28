#!/usr/bin/env python3
"""GDB's qCRC CRC-32: MSB first, polynomial 0x04c11db7, from all ones, not
inverted at the end (gdb/remote.c, libiberty xcrc32); the stub computes it
for qCRC and qPmustub.Tdesc. As a command: prints "CRC,LEN" (hex, CRC
eight digits) of FILE, the form qPmustub.Tdesc answers.

usage: gdb_crc32.py FILE
"""
import sys


def gdb_crc32(data):
    crc = 0xffffffff
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04c11db7 if crc & 0x80000000 else crc << 1) & 0xffffffff
    return crc


if __name__ == "__main__":
    data = open(sys.argv[1], "rb").read()
    print(f"{gdb_crc32(data):08x},{len(data):x}")
