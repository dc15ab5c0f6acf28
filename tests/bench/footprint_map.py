#!/usr/bin/env python3
"""What libpmustub.a adds to a linked program, read from the linker's map
(-Wl,-Map): bytes of text, rodata, data and bss of its objects, and the
bytes of libgcc.a the link pulled in (the Power stub's register
save/restore helpers), counted apart; the trace buffer's bytes (in bss;
trace_area.c's section .bss.trace_buffer) told too. Alignment padding is not counted.

usage: footprint_map.py MAP            one line: text rodata data bss libgcc
                                       trace-buffer
       footprint_map.py --objects MAP  the same, then bytes per object
"""
import re
import sys
from collections import defaultdict

KINDS = [("text", (".text",)), ("rodata", (".rodata",)),
         ("data", (".data", ".sdata")), ("bss", (".bss", ".sbss", "COMMON", ".scommon"))]
LINE = re.compile(r"^ (\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$")


def footprint(path):
    """Bytes per kind and per object of libpmustub.a, libgcc.a's bytes and
    the trace buffer's."""
    total, per_obj, libgcc, tbuf = defaultdict(int), defaultdict(int), 0, 0
    pending, in_memmap = None, False
    for line in open(path):
        if line.startswith("Linker script and memory map"):
            in_memmap = True
            continue
        if not in_memmap:
            continue
        # An input section name too long for its column stands alone on a line.
        m = re.match(r"^ (\.\S+|COMMON)\s*$", line)
        if m:
            pending = m.group(1)
            continue
        m = LINE.match(line.rstrip("\n"))
        if not m:
            pending = None
            continue
        name = m.group(1) or pending
        pending = None
        size, src = int(m.group(3), 16), m.group(4)
        if not name or size == 0:
            continue
        for kind, prefixes in KINDS:
            if not name.startswith(prefixes):
                continue
            if "libpmustub.a(" in src:
                total[kind] += size
                if name == ".bss.trace_buffer":
                    tbuf = size
                per_obj[src.split("(")[1].rstrip(")")] += size
            elif "libgcc.a(" in src:
                libgcc += size
            break
    return total, per_obj, libgcc, tbuf


def main(argv):
    objects = "--objects" in argv
    paths = [a for a in argv[1:] if a != "--objects"]
    if len(paths) != 1:
        print(__doc__.split("usage:")[1].strip(), file=sys.stderr)
        return 2
    total, per_obj, libgcc, tbuf = footprint(paths[0])
    print(" ".join(str(total[k]) for k, _ in KINDS), libgcc, tbuf)
    if objects:
        for obj, n in sorted(per_obj.items(), key=lambda kv: -kv[1]):
            print("  %-24s %6d" % (obj, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
