#!/usr/bin/env python3
"""Checks vboard --count-events output (stderr of vboard) against QEMU's
pass (qemu_pass.py's JSON) and, optionally, against a pmuctl measure
--json of the same pass through the stub.

Every event of the list below that the --cpu's catalogue has must equal
the oracle; instructions, loads, stores and branches (under the core's
names) must be among them. The oracle counts are what each core's event
means (docs/vboard.md, "Exact"): R10000/R12000 graduated instructions
count an integer multiply/divide twice, their graduated loads add pref
(and sync on the R10000); e500v2 load and store micro-ops count one per
register of lmw/stmw.

The pmuctl counts are taken as they are: the stub counts none of its own
instructions (docs/pmu.md), on MIPS and on Power.

usage: count_events_check.py CPU ORACLE.json VBOARD.out [PMUCTL.json]
"""
import json
import sys

MIPS = {
    "instructions": lambda t, cpu: t["insns"] + (t["muldiv"] if cpu in ("r10k", "r12k") else 0),
    "loads": lambda t, cpu: t["loads"],
    "stores": lambda t, cpu: t["stores"],
    "branches": lambda t, cpu: t["branches"],
    "graduated_loads": lambda t, cpu: t["loads"] + t["pref"] + (t["sync"] if cpu == "r10k" else 0),
    "graduated_stores": lambda t, cpu: t["stores"],
    "decoded_branches": lambda t, cpu: t["branches"],
    "resolved_conditional_branches": lambda t, cpu: t["cbranches"],
    "j_jal_instructions": lambda t, cpu: t["jjal"],
    "jr31_instructions": lambda t, cpu: t["jr31"],
    "muldiv_instructions": lambda t, cpu: t["muldiv"],
    "nops": lambda t, cpu: t["nops"],
    "sc_instructions": lambda t, cpu: t["sc"],
}
POWER = {
    "instructions": "insns", "branches": "branch", "branch_and_link": "link",
    "conditional_branches": "cond", "taken_branches": "taken",
    "taken_conditional_branches": "cond_taken", "loads": "load", "stores": "store",
    "multiply_instructions": "mul", "divide_instructions": "div",
    "return_from_interrupt": "rfi", "branches_finished": "branch",
    "taken_branches_finished": "taken", "load_uops": "load_uops",
    "store_uops": "store_uops", "stores_completed": "store",
}
# the four every core must show, by its catalogue's names
MUST = {"34k": ["instructions", "loads", "stores", "branches"],
        "24k": ["instructions", "loads", "stores", "branches"],
        "74k": ["instructions", "loads", "stores", "branches"],
        "r10k": ["instructions", "graduated_loads", "graduated_stores", "decoded_branches"],
        "r12k": ["instructions", "graduated_loads", "graduated_stores", "resolved_conditional_branches"],
        "e200z7": ["instructions", "loads", "stores", "branches"],
        "e500v2": ["instructions", "load_uops", "store_uops", "branches"]}


def vboard_counts(path):
    out, header = {}, False
    for line in open(path):
        if line.startswith("# vboard's own count (simulated)"):
            header = True
        elif header and not line.startswith("#"):
            name, _, value = line.strip().partition(" ")
            out[name] = None if value == "<not supported>" else int(value)
    if not header:
        raise SystemExit(f"no --count-events header in {path}")
    return out


def expected(cpu, t):
    want = {}
    for name, f in MIPS.items() if cpu not in ("e200z7", "e500v2") else POWER.items():
        want[name] = f(t, cpu) if callable(f) else t.get(f, 0)
    return want


def main(argv):
    if len(argv) not in (4, 5, 6):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    cpu, oracle = argv[1], json.load(open(argv[2]))
    got = vboard_counts(argv[3])
    want = expected(cpu, oracle)
    bad = []
    checked = [n for n in want if got.get(n) is not None]
    for n in checked:
        if got[n] != want[n]:
            bad.append(f"{n}: vboard {got[n]}, QEMU {want[n]}")
    missing = [n for n in MUST[cpu] if n not in checked]
    if missing:
        bad.append(f"not counted: {missing}")
    if len(argv) >= 5:
        pm = json.load(open(argv[4]))
        for e in pm["events"]:
            v = e["counter-value"]
            if got.get(e["event"]) != v:
                bad.append(f"{e['event']}: vboard {got.get(e['event'])}, pmuctl {v}")
        if not pm["events"]:
            bad.append("pmuctl measured nothing")
    print(f"{cpu}: " + ", ".join(f"{n} {got[n]}" for n in checked))
    for b in bad:
        print("  " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
