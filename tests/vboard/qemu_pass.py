#!/usr/bin/env python3
"""The oracle of vboard --count-events: what QEMU executed in the N-th pass
from FROM to TO, from its `-singlestep -d exec,nochain` log, classified
from the ELF's instructions independently of vboard's decoder.

A pass is vboard's (vboard/common/pass.h): it starts when FROM is about to
execute and ends when TO is (TO not counted); while a pass runs FROM is
ignored; with FROM = TO the arrival that ends one pass starts the next.
The log's corrections are the existing oracles': qemu_count.py (MIPS: TB
chains stopped before running, nullified branch-likely slots) and
qemu_count_ppc.py (Power); the classes are pmu_oracle.py's (MIPS, by
mnemonic) and pmu_oracle_ppc.py's (Power, by instruction word and the next
pc for taken branches).

usage: qemu_pass.py mips|ppc LOG ELF OBJDUMP FROM_HEX TO_HEX N
Prints one JSON object: insns, loads, stores, branches, ... of pass N.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "ppc"))


def passes(pcs, start, stop):
    """(first, end) indices of each pass: pcs[first:end] ran, pcs[end] is TO."""
    out, first = [], None
    for i, pc in enumerate(pcs):
        if first is not None and pc == stop:
            out.append((first, i))
            first = None
        if first is None and pc == start:
            first = i
    return out


def mips_totals(log, elf, objdump, start, stop, n):
    import pmu_oracle
    import qemu_count
    pcs = qemu_count.executed(log, qemu_count.branch_targets(elf, objdump))
    runs = passes(pcs, start, stop)
    if len(runs) < n:
        return None
    a, b = runs[n - 1]
    return pmu_oracle.classify(pcs[a:b], qemu_count.disassemble(elf, objdump))


def ppc_totals(log, elf, objdump, start, stop, n):
    import pmu_oracle_ppc
    import qemu_count_ppc
    pcs = qemu_count_ppc.executed(log)
    runs = passes(pcs, start, stop)
    if len(runs) < n:
        return None
    a, b = runs[n - 1]
    table = pmu_oracle_ppc.words(elf, objdump)
    t = {"insns": b - a}
    for i in range(a, b):
        for k, v in pmu_oracle_ppc.classify(table[pcs[i]], pcs[i], pcs[i + 1]).items():
            t[k] = t.get(k, 0) + v
    return t


def main(argv):
    if len(argv) != 8 or argv[1] not in ("mips", "ppc"):
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    isa, log, elf, objdump = argv[1:5]
    start, stop, n = int(argv[5], 16) & 0xffffffff, int(argv[6], 16) & 0xffffffff, int(argv[7])
    f = mips_totals if isa == "mips" else ppc_totals
    t = f(log, elf, objdump, start, stop, n)
    if t is None:
        print(f"QEMU ran fewer than {n} passes from {start:08x} to {stop:08x}", file=sys.stderr)
        return 1
    print(json.dumps(t, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
