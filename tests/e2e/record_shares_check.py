#!/usr/bin/env python3
"""Each function's share of a record's samples (report --json) against the
oracle's (record_shares.py: "FUNCTION PERCENT" lines from QEMU's exec
log): the record is of EVENT every PERIOD with no sample lost and at least
MIN_SAMPLES samples, and no function is more than POINTS percentage points
from the oracle's share. Prints both shares of every function.

usage: record_shares_check.py ORACLE JSON EVENT PERIOD MIN_SAMPLES POINTS
"""
import json
import sys


def main(argv):
    if len(argv) != 7:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    oracle = {l.split()[0]: float(l.split()[1]) for l in open(argv[1])}
    rep = json.load(open(argv[2]))
    event, period, least, points = argv[3], int(argv[4]), int(argv[5]), float(argv[6])
    if rep["event"] != event or rep["period"] != period:
        print(f"# recorded {rep['event']}:{rep['period']}, not {event}:{period}")
        return 1
    if rep["samples"] < least or rep["lost"] != 0:
        print(f"# {rep['samples']} samples ({rep['lost']} lost), not {least} or more")
        return 1
    got = {f["name"]: f["percent"] for f in rep["functions"]}
    bad = 0
    for n in sorted(set(oracle) | set(got)):
        o, g = oracle.get(n, 0.0), got.get(n, 0.0)
        print(f"# {n}: QEMU {o:.2f}%, pmuctl {g:.2f}%")
        bad += abs(o - g) > points
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
