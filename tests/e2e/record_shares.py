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
With --addresses FUNCTION, each instruction of FUNCTION and its share of
the region's instructions ("ADDR PERCENT", ADDR in hex as report --sort
addr writes it): the oracle of the per-instruction view. On MIPS a delay
slot's instructions are its branch's, as the stub records them (EPC
names the branch when Cause.BD is set, docs/record.md "Skid").

usage: record_shares.py [--length | --addresses FUNCTION] mips|ppc LOG ELF NM OBJDUMP FROM_ADDR TO_ADDR
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


def delay_slots(elf, objdump):
    """The addresses that are a MIPS branch's or jump's delay slot."""
    return {a + 4 for a, (_, mn, _) in qemu_count.disassemble(elf, objdump).items()
            if (mn[0] in "bj" and mn not in ("break",))}


def addresses(runs, syms, function, slots):
    lo = next(a for a, n in syms if n == function)
    hi = min([a for a, _ in syms if a > lo] or [1 << 32])
    counts, total = {}, 0
    for run in runs:
        for pc in run:
            total += 1
            if lo <= pc < hi:
                at = pc - 4 if pc in slots else pc
                counts[at] = counts.get(at, 0) + 1
    for at, n in sorted(counts.items()):
        print(f"0x{at:08x} {100.0 * n / total:.2f}")


def main(argv):
    length = len(argv) > 1 and argv[1] == "--length"
    if length:
        argv = argv[:1] + argv[2:]
    function = None
    if len(argv) > 2 and argv[1] == "--addresses":
        function = argv[2]
        argv = argv[:1] + argv[3:]
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
    if function:
        addresses(runs, syms, function,
                  delay_slots(elf, objdump) if arch == "mips" else set())
        return 0
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
