#!/usr/bin/env python3
"""gen_catalog.py accepts the shipped catalogues and rejects broken ones."""
import os
import subprocess
import sys
import tempfile

GEN = sys.argv[1]
EVENTS = os.path.join(os.path.dirname(os.path.abspath(GEN)), "events")
HDR = "code,counters,name,type,description\n"
GOOD = HDR + "0,0 1,cycles,P,Cycles\n1,0 1,instructions,T,Instructions\n"
CASES = {
    "duplicate code/counter": GOOD + "1,1,other,T,Other\n",
    "bad name": GOOD + "2,0,Bad-Name,T,x\n",
    "bad type": GOOD + "2,0,ok,Q,x\n",
    "no instructions": HDR + "0,0,cycles,P,Cycles\n",
    "bad header": "code,name\n0,cycles\n",
}


def run(*args):
    return subprocess.run([sys.executable, GEN, *args], capture_output=True, text=True)


failures = 0
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out.h")
    shipped = [f"{c}={os.path.join(EVENTS, c + '.csv')}" for c in ("34k", "r10k", "r12k")]
    r = run(out, *shipped)
    if r.returncode != 0:
        print("shipped catalogues rejected:", r.stderr)
        failures += 1
    good = os.path.join(tmp, "good.csv")
    with open(good, "w") as f:
        f.write(GOOD)
    if run(out, f"x={good}").returncode != 0:
        print("minimal good catalogue rejected")
        failures += 1
    for what, text in CASES.items():
        path = os.path.join(tmp, "bad.csv")
        with open(path, "w") as f:
            f.write(text)
        r = run(out, f"x={path}")
        if r.returncode != 1 or "gen_catalog.py:" not in r.stderr:
            print(f"{what}: not rejected (rc {r.returncode})")
            failures += 1
sys.exit(1 if failures else 0)
