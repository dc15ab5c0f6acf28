#!/usr/bin/env python3
"""Checks vboard's performance counters against QEMU.

Runs firmware/pmu_oracle.c on QEMU 7.2 (single-step execution log) to learn
which instructions execute between pmu_start and pmu_stop in each pass, and
classifies them by mnemonic (objdump): loads, stores, branches, ... Then runs
the same ELF on vboard with --cpu 34k, r10k and r12k; the counts the firmware
reads from the counters must equal the classified QEMU counts. The event
meanings come from the seeds (34K: MD00548 Table 3, even/odd counters;
R10000/R12000: IRIX r10k_counters(5)), not from vboard's tables. Failed sc
count comes from the program itself (SC_FAILS iterations, one failing sc
each).

usage: pmu_oracle.py VBOARD ELF QEMU OBJDUMP NM
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu_count  # noqa: E402

SC_FAILS = 5
LOADS = {"lb", "lbu", "lh", "lhu", "lw", "lwl", "lwr", "ll"}
STORES = {"sb", "sh", "sw", "swl", "swr", "sc"}
MULDIV = {"mult", "multu", "div", "divu", "mul", "madd", "maddu", "msub", "msubu"}
NOPS = {"nop", "ssnop", "ehb"}
JUMPS = {"j", "jal", "jr", "jalr", "jr.hb", "jalr.hb"}


def classify(run, table):
    c = dict(insns=0, loads=0, stores=0, muldiv=0, nops=0, branches=0,
             cbranches=0, jjal=0, jr31=0, sc=0, pref=0, sync=0)
    for pc in run:
        _, op, args = table[pc]
        c["insns"] += 1
        c["loads"] += op in LOADS
        c["stores"] += op in STORES
        c["muldiv"] += op in MULDIV
        c["nops"] += op in NOPS
        cond = op.startswith("b") and op != "break"
        c["cbranches"] += cond
        c["branches"] += cond or op in JUMPS
        c["jjal"] += op in ("j", "jal")
        c["jr31"] += op in ("jr", "jr.hb") and args.strip() == "ra"
        c["sc"] += op == "sc"
        c["pref"] += op == "pref"
        c["sync"] += op == "sync"
    return c


def expected(cpu, counter, code, k):
    """What the seeds say counter `counter` counts with `code`."""
    if cpu == "34k":
        even = counter % 2 == 0
        table = {
            (1, True): k["insns"], (1, False): k["insns"],
            (15, True): k["loads"], (15, False): k["stores"],
            (17, True): k["nops"], (17, False): k["muldiv"],
            (2, True): k["branches"], (16, True): k["jjal"],
            (3, True): k["jr31"], (19, True): k["sc"], (19, False): SC_FAILS,
        }
        return table[(code, even)]
    graduated = k["insns"] + k["muldiv"]  # mul/div graduate as two
    if cpu == "r10k":
        perfex = code + 16 * counter
        table = {1: k["insns"], 15: graduated, 17: graduated, 6: k["branches"], 5: SC_FAILS,
                 18: k["loads"] + k["pref"] + k["sync"], 19: k["stores"],
                 20: k["sc"]}
        return table[perfex]
    table = {1: k["insns"], 2: k["loads"], 15: graduated, 18: k["loads"] + k["pref"],
             6: k["cbranches"],
             19: k["stores"], 20: k["sc"], 5: SC_FAILS}
    return table[code]


def main(argv):
    vboard, elf, qemu, objdump, nm = argv[1:6]
    syms = {}
    for line in subprocess.run([nm, elf], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0][-8:], 16)
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "qemu.log")
        # -nic none -vga none: a minimal Debian has no option ROMs for them.
        subprocess.run([qemu, "-M", "malta", "-cpu", "34Kf", "-nographic",
                        "-nic", "none", "-vga", "none", "-no-reboot", "-kernel", elf, "-singlestep", "-d",
                        "exec,nochain", "-D", log], stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=300, check=True)
        pcs = qemu_count.executed(log, qemu_count.branch_targets(elf, objdump))
    runs = qemu_count.regions(pcs, syms["pmu_start"], syms["pmu_stop"])
    table = qemu_count.disassemble(elf, objdump)
    classes = [classify(r, table) for r in runs]
    if len(classes) != 4 or any(c != classes[0] for c in classes):
        print(f"FAIL: expected 4 identical passes on QEMU, got {len(classes)}")
        return 1
    k = classes[0]
    print("QEMU oracle, per pass:", ", ".join(f"{n}={v}" for n, v in k.items()))
    failures = 0
    for cpu in ("34k", "r10k", "r12k"):
        out = subprocess.run([vboard, "--cpu", cpu, "--no-reboot", "--kernel", elf],
                             stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=120).stdout
        rows = re.findall(r"pass (\d+) counter (\d+) event (\d+) count (\d+)", out)
        if len(rows) != (16 if cpu == "34k" else 8):
            print(f"FAIL: {cpu}: firmware printed {len(rows)} counter lines")
            failures += 1
            continue
        for p, n, code, count in rows:
            want = expected(cpu, int(n), int(code), k)
            ok = int(count) == want
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {cpu} pass {p} counter {n} event {code}:"
                  f" vboard (simulated) {count}, QEMU-derived {want}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
