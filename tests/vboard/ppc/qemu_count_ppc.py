#!/usr/bin/env python3
"""Counts the instructions QEMU executed between two addresses, from a log
made with `-singlestep -d exec,nochain -D LOG` (QEMU 7.2, ppce500).

With -singlestep every translation block holds one instruction, so each
"Trace" line is one instruction entered (one that faults included; a fetch
that faults makes no block and no line). A "Trace" line followed by
"Stopped execution of TB chain before ... [pc]" did not run (an interrupt
came first; it is traced again when it runs), so it is not counted. Power
has no delay slots, so nothing else needs correcting (compare the MIPS
tests/vboard/qemu_count.py).

usage: qemu_count_ppc.py LOG FROM_ADDR TO_ADDR
Counts from the first execution of FROM up to (not including) TO.
"""
import re
import sys

TRACE = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
STOPPED = re.compile(r"^Stopped execution of TB chain before 0x[0-9a-f]+ \[([0-9a-f]+)\]")


def executed(log):
    pcs = []
    with open(log, errors="replace") as f:
        for line in f:
            m = TRACE.match(line)
            if m:
                pcs.append(int(m.group(1), 16) & 0xffffffff)
                continue
            m = STOPPED.match(line)
            if m and pcs and pcs[-1] == int(m.group(1), 16) & 0xffffffff:
                pcs.pop()
    return pcs


def count(pcs, start, stop):
    n, counting = 0, False
    for pc in pcs:
        if not counting and pc == start:
            counting = True
        if counting and pc == stop:
            return n
        n += counting
    return None


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    start, stop = int(argv[2], 16), int(argv[3], 16)
    n = count(executed(argv[1]), start, stop)
    if n is None:
        print(f"{stop:08x} not reached after {start:08x}", file=sys.stderr)
        return 1
    print(n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
