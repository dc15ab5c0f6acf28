#!/usr/bin/env python3
"""Writes a copy of a stub-linked firmware ELF whose boot stop (the
start-up code's first stop, `pmustub_boot_break`: a MIPS `break` or a
Power `trap`) is a no-op, so that the program runs to main with no
debugger: the stub is initialised but never entered (its Ctrl-C poll is
armed only by a debugger's continue), and every other byte, address and
symbol is the original's. vboard --count-events needs no stub; the tests
use this to count the very region that pmuctl brackets through the stub.

usage: no_boot_stop.py IN OUT ADDR_HEX NOP_WORD_HEX
(ELF32 big-endian; ADDR is the symbol's address, from nm.)
"""
import struct
import sys


def file_offset(data, addr):
    """The file offset of virtual address addr, from the section headers."""
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 2:
        raise SystemExit("not an ELF32 big-endian file")
    shoff, = struct.unpack_from(">I", data, 0x20)
    shentsize, shnum = struct.unpack_from(">HH", data, 0x2E)
    for i in range(shnum):
        _, sh_type, _, sh_addr, sh_offset, sh_size = struct.unpack_from(
            ">IIIIII", data, shoff + i * shentsize)
        if sh_type == 1 and sh_addr <= addr < sh_addr + sh_size:  # SHT_PROGBITS
            return sh_offset + addr - sh_addr
    raise SystemExit(f"no section holds {addr:#x}")


def main(argv):
    if len(argv) != 5:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    data = bytearray(open(argv[1], "rb").read())
    off = file_offset(data, int(argv[3], 16) & 0xffffffff)  # MIPS nm sign-extends
    struct.pack_into(">I", data, off, int(argv[4], 16))
    open(argv[2], "wb").write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
