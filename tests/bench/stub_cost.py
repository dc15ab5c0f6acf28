#!/usr/bin/env python3
"""The stub's instructions per event (a traced bracket, a sample), from two
vboard --profile runs that differ only in how many of those events they
had, n1 and n2: what every run costs once (the boot, the session's
packets) drops out of the difference. Shared by tests/bench/trace_cost.sh
and tests/bench/sample_cost.sh.

usage: stub_cost.py SYMS FILES PROFILE1 PROFILE2 N1 N2 LABEL UNIT PROGRAM_DIR
  SYMS: "ADDRESS NAME" of each function (nm -n), FILES: addr2line's
  "FILE:LINE" of each, in the same order; PROGRAM_DIR: a path part that
  marks the program's own sources. Prints LABEL: STUB stub instructions
  per UNIT (...), then the functions that cost the most.
"""
import bisect, sys
elf_syms, files, p1, p2 = sys.argv[1:5]
n1, n2, cpu = int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
unit, program_dir = sys.argv[8], sys.argv[9]
syms = [(int(a, 16) & 0xffffffff, name) for a, name in (l.split() for l in open(elf_syms))]
# Each function's part, by the source file its first address comes from:
# the program's own (under program_dir), the stub's core (stub/core), its
# port (stub/arch, stub/board), or other (libgcc's helpers: no source).
part = {}
for (a, name), f in zip(syms, open(files)):
    f = f.split(":")[0]
    part[a] = ("program" if program_dir in f else
                  "core" if "/stub/core/" in f else
                  "port" if "/stub/arch/" in f or "/stub/board/" in f else "other")
syms.sort()
addrs = [a for a, _ in syms]
# uart16550_getc is left out: it is the stub waiting for the host's next
# byte while the program is stopped for pmuctl, and how long that takes
# depends on the host, not on the stub.
waiting = {"uart16550_getc"}
name = dict(syms)
def func(pc):  # the function's address: static functions share names
    i = bisect.bisect_right(addrs, pc) - 1
    return addrs[i] if i >= 0 else -1
def load(path):
    by = {}
    for line in open(path):
        a, c = line.split()
        if a == "other":
            sys.exit("vboard's profile table overflowed")
        f = func(int(a, 16))
        by[f] = by.get(f, 0) + int(c)
    return by
a, b = load(p1), load(p2)
per = {f: (b.get(f, 0) - a.get(f, 0)) / (n2 - n1) for f in set(a) | set(b)
       if name.get(f) not in waiting}
sums = {}
for f, v in per.items():
    sums[part.get(f, "other")] = sums.get(part.get(f, "other"), 0) + v
stub = sum(v for p, v in sums.items() if p != "program")
print(f"{cpu}: {stub:.1f} stub instructions per {unit} (core {sums.get('core', 0):.1f}, "
      f"port {sums.get('port', 0):.1f}, other {sums.get('other', 0):.1f}; "
      f"{sums.get('program', 0):.1f} program instructions per {unit})")
for f, v in sorted(per.items(), key=lambda kv: -kv[1]):
    if part.get(f) != "program" and v >= 0.5:
        print(f"  {v:8.1f}  {part.get(f, 'other'):5}  {name.get(f, '?')}")
