#!/usr/bin/env python3
"""Counts the instructions QEMU executed between two addresses, from a log
made with `-singlestep -d exec,nochain -D LOG` (QEMU 7.2, MIPS).

With -singlestep every translation block holds one instruction, so each
"Trace" line is one instruction entered, with two corrections measured on
QEMU 7.2 (see docs/vboard.md):
  - "Stopped execution of TB chain before ... [pc]" follows a Trace line
    whose block did not run (it is traced again when it does): not counted;
  - the delay slot of a branch-likely that was not taken is entered and then
    skipped (hflags MIPS_HFLAG_BL = 0x1800 within mask 0x3800): it is not an
    executed instruction. It is recognised by the next pc being slot+4 while
    the branch target (decoded from the ELF with objdump) is elsewhere.

usage: qemu_count.py [--each] LOG ELF OBJDUMP FROM_ADDR TO_ADDR [MNEMONIC,...]
Counts from the first execution of FROM up to (not including) TO; with a
list of mnemonics, only the executed instructions that objdump names so.
With --each, one line per execution of FROM..TO, in order.
"""
import re
import subprocess
import sys

TRACE = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/([0-9a-f]+)/")
STOPPED = re.compile(r"^Stopped execution of TB chain before 0x[0-9a-f]+ \[([0-9a-f]+)\]")


def disassemble(elf, objdump):
    """address -> (word, mnemonic, operands) for every instruction."""
    out = subprocess.run([objdump, "-d", elf], capture_output=True, text=True,
                         check=True).stdout
    table = {}
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+([0-9a-f]{8})\s+(\S+)\s*(.*)$", line)
        if m:
            table[int(m.group(1), 16)] = (int(m.group(2), 16), m.group(3), m.group(4))
    return table


def branch_targets(elf, objdump):
    """address -> target of each PC-relative branch (branch-likely included)."""
    targets = {}
    for addr, (w, _, _) in disassemble(elf, objdump).items():
        off = w & 0xffff
        if off & 0x8000:
            off -= 0x10000
        targets[addr] = (addr + 4 + (off << 2)) & 0xffffffff
    return targets


def executed(log, targets):
    """The pcs QEMU executed, in order, with the two corrections above."""
    pcs = []  # (pc, hflags) of blocks that ran
    with open(log, errors="replace") as f:
        for line in f:
            m = TRACE.match(line)
            if m:
                pcs.append((int(m.group(1), 16) & 0xffffffff, int(m.group(2), 16)))
                continue
            m = STOPPED.match(line)
            if m and pcs and pcs[-1][0] == int(m.group(1), 16) & 0xffffffff:
                pcs.pop()
    out = []
    for i, (pc, hflags) in enumerate(pcs):
        if (hflags & 0x3800) == 0x1800 and i + 1 < len(pcs):
            target = targets.get(pc - 4)
            if target is None or target == pc + 4:
                raise ValueError(f"ambiguous branch-likely slot at {pc:08x}")
            if pcs[i + 1][0] == pc + 4:
                continue  # nullified slot: not executed
        out.append(pc)
    return out


def regions(pcs, start, stop):
    """Each run of executed pcs from an execution of start up to stop."""
    runs, cur = [], None
    for pc in pcs:
        if cur is None and pc == start:
            cur = []
        if cur is not None and pc == stop:
            runs.append(cur)
            cur = None
        if cur is not None:
            cur.append(pc)
    return runs


def main(argv):
    each = len(argv) > 1 and argv[1] == "--each"
    if each:
        argv = argv[:1] + argv[2:]
    if len(argv) not in (6, 7):
        print(next(l for l in __doc__.splitlines() if l.startswith("usage")), file=sys.stderr)
        return 2
    log, elf, objdump = argv[1], argv[2], argv[3]
    start, stop = int(argv[4], 16), int(argv[5], 16)
    only = set(argv[6].split(",")) if len(argv) == 7 else None
    try:
        runs = regions(executed(log, branch_targets(elf, objdump)), start, stop)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    if not runs:
        print(f"{stop:08x} not reached after {start:08x}", file=sys.stderr)
        return 1
    table = disassemble(elf, objdump) if only is not None else None
    for run in runs if each else runs[:1]:
        if table is not None:
            print(sum(1 for pc in run if pc in table and table[pc][1] in only))
        else:
            print(len(run))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
