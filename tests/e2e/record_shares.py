#!/usr/bin/env python3
"""The oracle of record.sh: each function's share (percent) of the
instructions QEMU executed between FROM and TO, over every execution of
the region, from QEMU's `-singlestep -d exec,nochain` log with the stub's
own pcs dropped (lib.sh qemu_program_log). The log is read by the
counting scripts' own readers, with their corrections (tests/vboard/
qemu_count.py for MIPS, tests/vboard/ppc/qemu_count_ppc.py for Power).
A pc is placed in the function whose symbol (nm -n, text) is the last at
or below it.

With --length, the shortest and longest bracket in instructions instead.

usage: record_shares.py [--length] mips|ppc LOG ELF NM OBJDUMP FROM_ADDR TO_ADDR
prints "FUNCTION PERCENT" lines, most first.
"""
import bisect
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "vboard"))
sys.path.insert(0, os.path.join(HERE, "..", "vboard", "ppc"))
import qemu_count  # noqa: E402
import qemu_count_ppc  # noqa: E402


def functions(elf, nm):
    out = subprocess.run([nm, "-n", elf], capture_output=True, text=True,
                         check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "Tt":
            syms.append((int(parts[0], 16) & 0xffffffff, parts[2]))
    return sorted(syms)


def main(argv):
    length = len(argv) > 1 and argv[1] == "--length"
    if length:
        argv = argv[:1] + argv[2:]
    if len(argv) != 8:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    arch, log, elf, nm, objdump = argv[1:6]
    start, stop = int(argv[6], 16), int(argv[7], 16)
    if arch == "mips":
        pcs = qemu_count.executed(log, qemu_count.branch_targets(elf, objdump))
    else:
        pcs = qemu_count_ppc.executed(log)
    runs = qemu_count.regions(pcs, start, stop)
    if not runs:
        print(f"{stop:08x} not reached after {start:08x}", file=sys.stderr)
        return 1
    if length:
        print(min(len(r) for r in runs), max(len(r) for r in runs))
        return 0
    syms = functions(elf, nm)
    addrs = [a for a, _ in syms]
    counts, total = {}, 0
    for run in runs:
        for pc in run:
            i = bisect.bisect_right(addrs, pc) - 1
            name = syms[i][1] if i >= 0 else "[unknown]"
            counts[name] = counts.get(name, 0) + 1
            total += 1
    for name, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{name} {100.0 * n / total:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
