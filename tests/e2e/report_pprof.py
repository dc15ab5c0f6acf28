#!/usr/bin/env python3
"""pmuctl report --pprof read by a real pprof reader (go tool pprof, Debian's
golang-go): a record file written by hand for the test program (45
samples: 30 in fib called from main, 10 in twice called from main, 5 in
main; period 997), addresses from nm and objdump of the ELF. pprof must
print each function's samples as written (flat and main's cumulative 45),
the events as samples x 997, the callers, and each sample's source line as
gdb-multiarch's "info line" gives it. Then the same samples as a record of
two events (fib's and main's instructions every 997, twice's a cache
event every 101): a sample type per event, each event's total its own
samples x its period, and the samples' total 45.

usage: report_pprof.py PMUCTL ELF TMPDIR
"""
import os
import re
import subprocess
import sys

PMUCTL, ELF, TMP = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(TMP, exist_ok=True)
ENV = dict(os.environ, HOME=TMP, GOCACHE=os.path.join(TMP, "gocache"))


def run(*cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          env=ENV).stdout


sym = {l.split()[2]: int(l.split()[0], 16) & 0xffffffff
       for l in run("mips-linux-gnu-nm", ELF).splitlines() if len(l.split()) == 3}
calls = {m.group(2): int(m.group(1), 16) + 8  # after the jal's delay slot
         for m in re.finditer(r"^\s*([0-9a-f]+):\s+\S+\s+jal\s+\S+ <(\w+)>",
                              run("mips-linux-gnu-objdump", "-d", ELF,
                                  "--disassemble=main"), re.M)}
pcs = {"fib": sym["fib"] + 8, "twice": sym["twice"] + 4, "main": sym["main"] + 4}
samples = [("fib", calls["fib"])] * 30 + [("twice", calls["twice"])] * 10 + \
          [("main", 0)] * 5
data = os.path.join(TMP, "rec.data")
with open(data, "w") as f:
    f.write("pmuctl.data 1\nevent instructions\nperiod 997\nsamples %d\n" % len(samples))
    for fn, ra in samples:
        f.write("%08x %08x\n" % (pcs[fn], ra))
prof = os.path.join(TMP, "rec.pb.gz")
p = subprocess.run([PMUCTL, "report", "-i", data, "--elf", ELF, "--pprof", prof],
                   capture_output=True, text=True)

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok - " + name)
    else:
        failed += 1
        print("FAIL - %s\n# %s" % (name, detail.replace("\n", "\n# ")))


check("report --pprof writes the file (status %d)" % p.returncode,
      p.returncode == 0 and os.path.getsize(prof) > 0, p.stderr)

top = run("go", "tool", "pprof", "-top", "-sample_index=samples", prof)
rows = {m.group(3): (int(m.group(1)), int(m.group(2)))
        for m in re.finditer(r"^\s*(\d+)\s+\S+%\s+\S+%\s+(\d+)\s+\S+%\s+(\w+)$", top, re.M)}
check("pprof -top: fib 30, twice 10, main 5 flat and 45 cumulative, of 45",
      rows == {"fib": (30, 30), "twice": (10, 10), "main": (5, 45)} and
      "of 45 total" in top, top)

ev = run("go", "tool", "pprof", "-top", "-sample_index=instructions", prof)
check("pprof -sample_index=instructions: 45 x 997 = %d events" % (45 * 997),
      "of %d total" % (45 * 997) in ev, ev)

traces = run("go", "tool", "pprof", "-traces", "-sample_index=samples", prof)
check("pprof -traces: fib and twice called from main",
      re.search(r"^\s+30\s+fib\n\s+main$", traces, re.M) is not None and
      re.search(r"^\s+10\s+twice\n\s+main$", traces, re.M) is not None, traces)

lines = run("go", "tool", "pprof", "-top", "-lines", "-sample_index=samples", prof)
for fn in ("fib", "main"):
    info = run("gdb-multiarch", "-q", "-nx", "-batch", "-ex", "file " + ELF,
               "-ex", "info line *0x%x" % pcs[fn])
    m = re.search(r'Line (\d+) of "([^"]+)"', info)
    want = "%s %s:%s" % (fn, os.path.basename(m.group(2)), m.group(1)) if m else "?"
    check("pprof -lines: %s's sample at GDB's line (%s)" % (fn, want),
          re.search(r"\s%s$" % re.escape(want), lines, re.M) is not None,
          lines + "\n" + info)

data2 = os.path.join(TMP, "rec2.data")
with open(data2, "w") as f:
    f.write("pmuctl.data 1\nevent instructions\nperiod 997\n"
            "event dcache_accesses\nperiod 101\nsamples %d\n" % len(samples))
    for fn, ra in samples:
        f.write("%08x %08x %d\n" % (pcs[fn], ra, fn == "twice"))
prof2 = os.path.join(TMP, "rec2.pb.gz")
p = subprocess.run([PMUCTL, "report", "-i", data2, "--elf", ELF, "--pprof", prof2],
                   capture_output=True, text=True)
check("two events: report --pprof writes the file (status %d)" % p.returncode,
      p.returncode == 0 and os.path.getsize(prof2) > 0, p.stderr)
for index, total in (("samples", 45), ("instructions", 35 * 997),
                     ("dcache_accesses", 10 * 101)):
    out = run("go", "tool", "pprof", "-top", "-sample_index=" + index, prof2)
    check("two events: -sample_index=%s totals %d" % (index, total),
          "of %d total" % total in out, out)
out = run("go", "tool", "pprof", "-top", "-sample_index=dcache_accesses", prof2)
rows = {m.group(3): (int(m.group(1)), int(m.group(2)))
        for m in re.finditer(r"^\s*(\d+)\s+\S+%\s+\S+%\s+(\d+)\s+\S+%\s+(\w+)$", out, re.M)}
check("two events: dcache_accesses all in twice (called from main)",
      rows.get("twice") == (1010, 1010) and set(rows) <= {"twice", "main"}, out)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
