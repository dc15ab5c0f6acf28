#!/usr/bin/env python3
"""gen_catalog.py accepts the shipped catalogues and rejects broken ones."""
import os
import subprocess
import sys
import tempfile

GEN = sys.argv[1]
EVENTS = os.path.join(os.path.dirname(os.path.abspath(GEN)), "events")
HDR = "code,counters,name,type,vboard,description\n"
GOOD = HDR + "0,0 1,cycles,P,model,Cycles\n1,0 1,instructions,T,exact,Instructions\n"
CASES = {
    "duplicate code/counter": GOOD + "1,1,other,T,none,Other\n",
    "bad name": GOOD + "2,0,Bad-Name,T,none,x\n",
    "bad type": GOOD + "2,0,ok,Q,none,x\n",
    "bad vboard value": GOOD + "2,0,ok,T,modelled,x\n",
    "no vboard column": "code,counters,name,type,description\n0,0,cycles,P,Cycles\n"
                        "1,0,instructions,T,Instructions\n",
    "one name, two vboard values": GOOD + "2,0,twice,T,exact,x\n3,1,twice,T,none,x\n",
    "no instructions": HDR + "0,0,cycles,P,model,Cycles\n",
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
    # The column reaches the C table: cycles is modelled, instructions exact.
    text = open(out).read()
    for want in ('"cycles", \'P\', -1, PMU_VBOARD_MODEL,',
                 '"instructions", \'T\', -1, PMU_VBOARD_EXACT,'):
        if want not in text:
            print(f"generated header lacks {want}")
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
