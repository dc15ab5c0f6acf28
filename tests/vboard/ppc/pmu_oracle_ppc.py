#!/usr/bin/env python3
"""The counters of vboard's e200z7 and e500v2 against QEMU's execution of
the same ELF (firmware/pmu.c).

QEMU 7.2 runs firmware/pmu.c on its ppce500 (e500v2) with an execution log
(-singlestep -d exec,nochain: one Trace line per instruction entered, see
qemu_count_ppc.py). The region the counters measure runs from after the
mtpmr at pmu_on (which on QEMU raises a program interrupt that the firmware
skips: those handler instructions are not part of the region) up to and
including the mtpmr at pmu_off. Each instruction executed there is
classified from its instruction word (objdump -d) and the next pc in the
log (taken branches), independently of vboard's decoder, and the totals
must equal what vboard's counters report for every event the firmware
programs ("pmu g<N> e<code>=<count>" lines), for both personalities.

usage: pmu_oracle_ppc.py VBOARD ELF OBJDUMP NM
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qemu_count_ppc import executed  # noqa: E402

LOADS_D = {32, 33, 34, 35, 40, 41, 42, 43}          # lwz lwzu lbz lbzu lhz lhzu lha lhau
STORES_D = {36, 37, 38, 39, 44, 45}                 # stw stwu stb stbu sth sthu
LOADS_X = {20, 23, 55, 87, 119, 279, 311, 343, 375, 534, 790}  # lwarx ... lhbrx
STORES_X = {150, 151, 183, 215, 247, 407, 439, 662, 918}       # stwcx. ... sthbrx


def classify(word, pc, next_pc):
    """The event totals one executed instruction adds (Power ISA Book I
    opcode maps)."""
    op, xo10, xo9 = word >> 26, (word >> 1) & 0x3ff, (word >> 1) & 0x1ff
    rt = (word >> 21) & 31
    e = {}
    is_branch = op in (16, 18) or (op == 19 and xo10 in (16, 528))
    if is_branch:
        e["branch"] = 1
        e["link"] = word & 1
        taken = next_pc != pc + 4
        e["taken"] = int(taken)
        if op != 18 and (rt & 0x14) != 0x14:
            e["cond"] = 1
            e["cond_taken"] = int(taken)
    if op in LOADS_D or (op == 31 and xo10 in LOADS_X):
        e["load"] = e["load_uops"] = 1
    if op == 46:  # lmw
        e["load"], e["load_uops"] = 1, 32 - rt
    if op in STORES_D or (op == 31 and xo10 in STORES_X):
        e["store"] = e["store_uops"] = 1
    if op == 47:  # stmw
        e["store"], e["store_uops"] = 1, 32 - rt
    if op == 7 or (op == 31 and xo9 in (11, 75, 235)):
        e["mul"] = 1
    if op == 31 and xo9 in (459, 491):
        e["div"] = 1
    if op == 19 and xo10 in (38, 39, 50, 51):
        e["rfi"] = 1
    return e


# catalogue code -> oracle total, per core (target-xml/events/*.csv)
CODES = {
    "e200z7": {2: "insns", 10: "branch", 11: "link", 12: "cond", 13: "taken",
               14: "cond_taken", 15: "load", 16: "store", 20: "mul", 21: "div",
               27: "rfi", 107: "none"},
    "e500v2": {2: "insns", 8: "branch", 9: "load_uops", 10: "store_uops",
               39: "store", 12: "branch", 13: "taken", 86: "none"},
}


def words(elf, objdump):
    out = subprocess.run([objdump, "-d", elf], capture_output=True, text=True,
                         check=True).stdout
    table = {}
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} ){3}[0-9a-f]{2})", line)
        if m:
            table[int(m.group(1), 16)] = int(m.group(2).replace(" ", ""), 16)
    return table


def symbol(elf, nm, name):
    out = subprocess.run([nm, elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return int(f[0], 16)
    raise SystemExit(f"no symbol {name} in {elf}")


def regions(pcs, on, off):
    """Each region: the pcs from the return to on+4 to off inclusive."""
    out, i = [], 0
    while True:
        try:
            i = pcs.index(on, i)
            start = pcs.index(on + 4, i)
            end = pcs.index(off, start)
        except ValueError:
            return out
        out.append(pcs[start:end + 2])  # one more: the pc after off
        i = end


def totals(region, table):
    t = {"insns": len(region) - 1, "none": 0}
    for pc, nxt in zip(region, region[1:]):
        for k, v in classify(table[pc], pc, nxt).items():
            t[k] = t.get(k, 0) + v
    return t


def main(argv):
    if len(argv) != 5:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    vboard, elf, objdump, nm = argv[1:]
    table = words(elf, objdump)
    on, off = symbol(elf, nm, "pmu_on"), symbol(elf, nm, "pmu_off")
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "exec.log")
        subprocess.run(["timeout", "300", "qemu-system-ppc", "-M", "ppce500", "-cpu", "e500v2",
                        "-m", "256", "-nographic", "-nic", "none", "-vga", "none",
                        "-no-reboot", "-singlestep", "-d", "exec,nochain", "-D", log,
                        "-kernel", elf], stdin=subprocess.DEVNULL, capture_output=True,
                       check=True)
        found = regions(executed(log), on, off)
    if not found or any(r != found[0] for r in found):
        print(f"FAIL: {len(found)} regions in QEMU's log, not all the same")
        return 1
    want = totals(found[0], table)
    failures = 0
    for core, codes in CODES.items():
        out = subprocess.run(["timeout", "300", vboard, "--cpu", core, "--no-reboot",
                              "--kernel", elf], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True).stdout
        got = re.findall(r"^pmu g(\d+) e(\d+)=(\d+)\r?$", out, re.M)
        if not got:
            print(f"FAIL: {core}: no counts printed")
            failures += 1
        for group, code, value in got:
            name = codes.get(int(code))
            expect = want.get(name, 0) if name else None
            ok = expect is not None and int(value) == expect
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {core} group {group} event {code:>3} "
                  f"({name}): vboard {value}, QEMU's execution {expect}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
