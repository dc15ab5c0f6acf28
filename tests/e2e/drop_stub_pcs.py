#!/usr/bin/env python3
"""Copies a QEMU -d exec log, leaving out the instructions of the stub
itself (every function defined in libpmustub.a). What is left is the
program's own execution: the oracle for counters that count only the
program. The stub can run in the middle of a region without a breakpoint
there, when its Ctrl-C poll timer fires.

usage: drop_stub_pcs.py LOG ELF LIBPMUSTUB.a NM > FILTERED_LOG
"""
import bisect
import re
import subprocess
import sys

TRACE = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")


def main(log, elf, lib, nm):
    names = set()
    for line in subprocess.run([nm, "--defined-only", lib], capture_output=True,
                               text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tT":
            names.add(parts[2])
    ranges = []
    for line in subprocess.run([nm, "-S", "--defined-only", elf], capture_output=True,
                               text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tT" and parts[3] in names:
            start = int(parts[0], 16) & 0xffffffff
            ranges.append((start, start + int(parts[1], 16)))
    # Assembly entry points have no size: the vector page is the stub's.
    for line in subprocess.run([nm, elf], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == "mips_ebase":
            base = int(parts[0], 16) & 0xffffffff
            ranges.append((base, base + 0x400))
    ranges.sort()
    starts = [a for a, _ in ranges]
    with open(log, errors="replace") as f:
        for line in f:
            m = TRACE.match(line)
            if m:
                pc = int(m.group(1), 16) & 0xffffffff
                i = bisect.bisect_right(starts, pc) - 1
                if i >= 0 and pc < ranges[i][1]:
                    continue
            sys.stdout.write(line)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(*sys.argv[1:])
