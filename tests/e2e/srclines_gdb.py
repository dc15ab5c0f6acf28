#!/usr/bin/env python3
"""pmuctl's source locations against GDB's: for each ELF (the test
program built with -g at -O0 and -O2 for MIPS and Power), each location
of GDB's linespec forms (GDB manual, "Linespec Locations") given to
pmuctl measure --from must resolve to the addresses that
`gdb-multiarch -batch -ex 'break LOC'` sets its breakpoint at: one
address, or several as its refusal listing them all;
a line without code moves to the line GDB's breakpoint reports. The
address is read from the note pmuctl prints for --from equal to --to
("--from and --to are both 0x..."), before it connects (to no target).

usage: srclines_gdb.py PMUCTL SOURCE ELF...
"""
import os
import re
import subprocess
import sys

PMUCTL, SOURCE, ELFS = sys.argv[1], sys.argv[2], sys.argv[3:]
BASE = os.path.basename(SOURCE)

# The source's lines by their @NAME marks, and the line of fib's header
# (at -O0 its code is the prologue, which GDB's break skips).
marks = {}
for n, text in enumerate(open(SOURCE), 1):
    for m in re.finditer(r"@(\w+)", text):
        marks[m.group(1)] = n
    if text.startswith("__attribute__((noinline)) unsigned fib("):
        marks["fib_header"] = n

LOCS = ["fib", "twice", "main", "mix", BASE + ":fib", BASE + ":twice"]
LOCS += ["%s:%d" % (BASE, marks[k]) for k in
         ("mix", "fib_header", "fib_test", "twice_a", "blank", "twice_b",
          "loop", "from", "fib_call", "to")]


def gdb(elf, loc):
    """GDB's addresses for `break LOC` and the line it reports."""
    out = subprocess.run(["gdb-multiarch", "-q", "-nx", "-batch", "-ex",
                          "file " + elf, "-ex", "break " + loc, "-ex",
                          "info breakpoints"], capture_output=True, text=True,
                         timeout=120).stdout
    addrs = set()
    for line in out.splitlines():
        m = re.match(r"^\d+(\.\d+)?\s+.*?\b0x([0-9a-f]+) in ", line)
        if m:
            addrs.add(int(m.group(2), 16))
    m = re.search(r"^Breakpoint 1 at 0x[0-9a-f]+: file .*, line (\d+)\.$", out, re.M)
    return addrs, int(m.group(1)) if m else None, out


def pmuctl(elf, loc):
    """pmuctl's addresses for --from LOC, and the line it moved to."""
    p = subprocess.run([PMUCTL, "-t", "127.0.0.1:1", "measure", "--elf", elf,
                        "--from", loc, "--to", loc], capture_output=True,
                       text=True, timeout=60)
    err = p.stderr
    addrs = set()
    m = re.search(r"--from and --to are both 0x([0-9a-f]+):", err)
    if m:
        addrs.add(int(m.group(1), 16))
    m = re.search(r"--from \S+ has (\d+) addresses \((.*)\)", err)
    if m:
        addrs = {int(a, 16) for a in re.findall(r" at 0x([0-9a-f]+)", m.group(2))}
        assert len(addrs) == int(m.group(1)), err
    m = re.search(r"line \d+ has no code; taking line (\d+)", err)
    return addrs, int(m.group(1)) if m else None, err


passed = failed = 0
for elf in ELFS:
    name = os.path.basename(elf)
    for loc in LOCS:
        want, gline, gout = gdb(elf, loc)
        got, moved, perr = pmuctl(elf, loc)
        ok = want and got == want
        what = "%s: %s -> %s" % (name, loc, " ".join("0x%x" % a for a in sorted(got)))
        if loc.endswith(":%d" % marks["blank"]):
            # GDB reports the line it moved to; pmuctl must say it too.
            ok = ok and moved is not None and moved == gline
            what += " (moved to line %s, GDB's %s)" % (moved, gline)
        if ok:
            passed += 1
            print("ok - " + what)
        else:
            failed += 1
            print("FAIL - %s; GDB's: %s\n# gdb: %s\n# pmuctl: %s" % (
                what, " ".join("0x%x" % a for a in sorted(want)),
                gout.replace("\n", "\n#   "), perr.replace("\n", "\n#   ")))
    # Several addresses somewhere: the refusal is tested, not only the
    # single ones (the -O2 builds inline mix twice).
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
