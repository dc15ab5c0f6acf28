#!/usr/bin/env python3
"""The registers the stub's MIPS target description names, with their
numbers, and checks of what GDB made of them.

The oracle is the design, not the stub nor GDB: the core features from
target-xml/mips/*.xml (each <reg>'s regnum, or one more than the previous
register's), and the PMU registers of a core with N counters as docs/pmu.md
numbers them: perfctlK 72+2K, perfcntK 73+2K, perfcntK_64 80+K.

Usage:
  tdesc_regs.py TOP N names            "name regnum" lines
  tdesc_regs.py TOP N reads GDB_OUT    each register read: a "REG name=V"
                                       line with a value (the FPU's may be
                                       <unavailable> on a core without one)
  tdesc_regs.py TOP N map GDB_OUT      each register in GDB's
                                       "maint print remote-registers" with
                                       its remote number
Exit status 1 with one line per register that fails.
"""
import re
import sys
import xml.etree.ElementTree as ET

CORE_FEATURES = ("mips-cpu.xml", "mips-cp0.xml", "mips-fpu.xml")
FPU = re.compile(r"^(f\d+|fcsr|fir)$")


def expected(top, n):
    regs, nxt = [], 0
    for f in CORE_FEATURES:
        for r in ET.parse(f"{top}/target-xml/mips/{f}").getroot().iter("reg"):
            nxt = int(r.get("regnum", nxt))
            regs.append((r.get("name"), nxt))
            nxt += 1
    for k in range(n):
        regs += [(f"perfctl{k}", 72 + 2 * k), (f"perfcnt{k}", 73 + 2 * k),
                 (f"perfcnt{k}_64", 80 + k)]
    return regs


def check_reads(regs, out):
    values = dict(re.findall(r"^REG (\S+)=(.*)$", out, re.M))
    bad = []
    for name, _ in regs:
        v = values.get(name, "").strip()
        if not v or (v == "<unavailable>" and not FPU.match(name)):
            bad.append(f"{name}: read as '{v}'")
    return bad


def check_map(regs, out):
    """MIPS GDB keeps the remote registers as raw registers without names
    and shows them as pseudo registers whose "Rel" is the raw number."""
    rows = [l.split() for l in out.splitlines()]
    remote = {}  # remote number -> raw register number
    named = {}   # raw register number -> the name GDB shows
    for r in rows:
        if len(r) >= 8 and r[0] == "''" and r[1].isdigit() and r[6].isdigit():
            remote[int(r[6])] = int(r[1])
        elif len(r) >= 6 and r[0] != "''" and r[1].isdigit() and r[2].isdigit():
            named[int(r[2])] = r[0]
    bad = []
    for name, num in regs:
        raw = remote.get(num)
        shown = named.get(raw)
        if raw is None:
            bad.append(f"{name}: no register with remote number {num}")
        elif shown is None:
            bad.append(f"{name}: remote {num} (raw {raw}) has no name in GDB")
        elif shown != name and not re.match(r"^r\d+$", name):
            # GDB names r0..r31 by their ABI names (zero, at, v0 ...).
            bad.append(f"{name}: remote {num} is '{shown}' in GDB")
    return bad


def main():
    top, n, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    regs = expected(top, n)
    if mode == "names":
        for name, num in regs:
            print(name, num)
        return 0
    out = open(sys.argv[4], encoding="latin-1").read()
    bad = (check_reads if mode == "reads" else check_map)(regs, out)
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
