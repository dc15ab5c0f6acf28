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

usage: qemu_count_ppc.py [--each] LOG FROM_ADDR TO_ADDR
Counts from the first execution of FROM up to (not including) TO; with
--each, one line per execution of FROM..TO, in order (as the MIPS one).
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


def counts(pcs, start, stop):
    """The length of each FROM..TO, in order (a FROM again before TO
    starts it anew)."""
    runs, n = [], None
    for pc in pcs:
        if n is not None and pc == stop:
            runs.append(n)
            n = None
        if pc == start:
            n = 0
        if n is not None:
            n += 1
    return runs


def main(argv):
    each = len(argv) > 1 and argv[1] == "--each"
    if each:
        argv = argv[:1] + argv[2:]
    if len(argv) != 4:
        print(next(l for l in __doc__.splitlines() if l.startswith("usage")), file=sys.stderr)
        return 2
    start, stop = int(argv[2], 16), int(argv[3], 16)
    runs = counts(executed(argv[1]), start, stop)
    if not runs:
        print(f"{stop:08x} not reached after {start:08x}", file=sys.stderr)
        return 1
    for n in runs if each else runs[:1]:
        print(n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
