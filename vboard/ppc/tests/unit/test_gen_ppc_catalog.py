#!/usr/bin/env python3
"""gen_ppc_catalog.py accepts the shipped Power catalogues and rejects
broken ones (codes wider than the EVENT field, bad vboard values, a wrong
header, repeated names).

usage: test_gen_ppc_catalog.py GEN_PPC_CATALOG.py EVENTS_DIR"""
import os
import subprocess
import sys
import tempfile

GEN, EVENTS = sys.argv[1], sys.argv[2]
HDR = "code,counters,name,type,vboard,description\n"
GOOD = HDR + "1,0 1 2 3,cycles,-,model,Cycles\n2,0 1 2 3,instructions,-,exact,Instructions\n"
CASES = {
    "code wider than 7 bits": ("7", GOOD + "200,0,wide,-,none,Wide\n"),
    "bad vboard value": ("8", GOOD + "3,0,x,-,maybe,X\n"),
    "old header": ("8", "code,counters,name,type,description\n1,0,cycles,-,Cycles\n"),
    "repeated name": ("8", GOOD + "3,0,cycles,-,none,Again\n"),
    "counter 4": ("8", GOOD + "3,4,x,-,none,X\n"),
}


def run(*args):
    return subprocess.run([sys.executable, GEN, *args], capture_output=True, text=True)


failures = 0
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out.h")
    shipped = [f"e200z7:8={os.path.join(EVENTS, 'e200z7.csv')}",
               f"e500v2:7={os.path.join(EVENTS, 'e500v2.csv')}"]
    r = run(out, *shipped)
    if r.returncode != 0:
        print("shipped catalogues rejected:", r.stderr)
        failures += 1
    good = os.path.join(tmp, "good.csv")
    with open(good, "w") as f:
        f.write(GOOD)
    if run(out, f"x:8={good}").returncode != 0:
        print("minimal good catalogue rejected")
        failures += 1
    for what, (bits, text) in CASES.items():
        path = os.path.join(tmp, "bad.csv")
        with open(path, "w") as f:
            f.write(text)
        r = run(out, f"x:{bits}={path}")
        if r.returncode != 1 or "gen_ppc_catalog.py:" not in r.stderr:
            print(f"{what}: not rejected (rc {r.returncode})")
            failures += 1
sys.exit(1 if failures else 0)
