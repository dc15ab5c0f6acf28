#!/usr/bin/env bash
# End to end: pmuctl stat -I drawn by pmuctl plot, on vboard.
#  - stat -I 10 --mhz 100 of phases_prog (tests/firmware/common/phases_prog.c:
#    a compute loop, a walk a cache line at a time through 256 KiB, then
#    random branches) with --json and --trace-json. The intervals are the
#    target's time (10 ms = 1,000,000 cycles, timed by the stub), so there
#    are some 98 of them however fast or busy the host is;
#  - --trace-json is JSON with exactly one counter track per event, its
#    timestamps increasing;
#  - plot of the JSON lines as SVG (and of the -x lines as PNG): the data
#    gnuplot is given (a PMUCTL_GNUPLOT wrapper keeps the script) are the
#    intervals' counts, and the IPC series has three levels in three time
#    spans, the walk's the lowest, with the most D-cache misses per
#    instruction, the compute loop's with none; the SVG's title says
#    what ran and that vboard simulated the counts, and no number is in
#    e-notation.
# Usage: stat_plot.sh PMUCTL VBOARD CPU ELF [DIR]; DIR gets the figures
# and the JSON lines (docs/img/phases_34k.svg is drawn from these).
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 CPU=$3 ELF=$4 KEEP=$5
EVENTS=instructions,cycles,dcache_misses
OUT=$E2E_TMP/out

main() {
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e $EVENTS -I 10 --mhz 100 --json \
    -o "$E2E_TMP/stat.json" --trace-json "$E2E_TMP/trace.json" >"$E2E_TMP/out" 2>&1
RC=$?
sed 's/^/#   /' "$E2E_TMP/out"
echo "# stat: status $RC; $(grep -c interval "$E2E_TMP/stat.json") interval lines"
check "stat -I 10 --mhz 100 ends with the program, status 0 ($RC)" test "$RC" -eq 0
check "--trace-json: JSON, one counter track per event, timestamps increasing" \
    python3 - "$E2E_TMP/trace.json" "$EVENTS" <<'PY'
import json, sys
tr = json.load(open(sys.argv[1]))
pts = [e for e in tr["traceEvents"] if e["ph"] == "C"]
events = sys.argv[2].split(",")
tracks = {(e["pid"], e["name"], tuple(e["args"])) for e in pts}
assert sorted(t[1] for t in tracks) == sorted(events), tracks
assert all(t[2] == (t[1],) for t in tracks), tracks
for ev in events:
    ts = [e["ts"] for e in pts if e["name"] == ev]
    assert len(ts) >= 6 and all(a < b for a, b in zip(ts, ts[1:])), (ev, ts)
PY

# gnuplot through a wrapper that keeps the script pmuctl wrote.
cat >"$E2E_TMP/gp" <<GP
#!/bin/sh
cp "\$1" "$E2E_TMP/script.\$\$.gp" && exec gnuplot "\$1"
GP
chmod +x "$E2E_TMP/gp"
PMUCTL_GNUPLOT=$E2E_TMP/gp "$PMUCTL" plot "$E2E_TMP/stat.json" \
    -e instructions,dcache_misses --metric IPC -o "$E2E_TMP/phases.svg" >"$E2E_TMP/p.out" 2>&1
RC=$?
cat "$E2E_TMP/p.out"
check "plot of the JSON lines: status 0 ($RC), an SVG" \
    bash -c "[ $RC -eq 0 ] && grep -q '<svg' '$E2E_TMP/phases.svg'"
check "the plotted data are the intervals; IPC has three levels in three spans" \
    python3 - "$E2E_TMP/stat.json" "$E2E_TMP"/script.*.gp <<'PY'
import json, re, sys, statistics as st
rows = [json.loads(l) for l in open(sys.argv[1])]
iv = {}
for r in rows:
    if "interval" in r:
        iv.setdefault(r["interval"], {})[r["event"]] = float(r["counter-value"])
times = sorted(iv)
script = open(sys.argv[2]).read()
blocks = {m.group(1): [tuple(map(float, l.split())) for l in m.group(2).strip().splitlines()]
          for m in re.finditer(r"^\$(d\d+_0_0) << EOD\n(.*?)^EOD$", script, re.M | re.S)}
# Quantities in their order: -e instructions,dcache_misses, then --metric IPC.
ins, dcm, ipc = blocks["d0_0_0"], blocks["d1_0_0"], blocks["d2_0_0"]
assert [t for t, _ in ins] == times, (ins[:3], times[:3])
assert [v for _, v in ins] == [iv[t]["instructions"] for t in times]
assert [v for _, v in dcm] == [iv[t]["dcache_misses"] for t in times]
ipc = [(t, v) for t, v in ipc if v == v]  # NaN: an interval of 0 cycles
for (t, v) in ipc:
    assert abs(v - iv[t]["instructions"] / iv[t]["cycles"]) < 1e-9, (t, v)
# Spans of like IPC (within 15 % of the span's first interval); an
# interval where one phase ends and the next begins is a span of its own
# and is dropped, as is the last (partial) interval.
spans = []
for t, v in ipc[:-1]:
    if spans and abs(v - spans[-1][0][1]) <= 0.15 * spans[-1][0][1]:
        spans[-1].append((t, v))
    else:
        spans.append([(t, v)])
spans = [s for s in spans if len(s) >= 2]
levels = [st.median(v for _, v in s) for s in spans]
print("# IPC spans:", [(round(s[0][0], 3), round(s[-1][0], 3), round(l, 3))
                       for s, l in zip(spans, levels)])
assert len(spans) == 3, levels
assert all(abs(a - b) > 0.25 * max(a, b) for a, b in zip(levels, levels[1:])), levels
assert levels[1] == min(levels), levels
mpki = [1000 * sum(iv[t]["dcache_misses"] for t, _ in s) /
        sum(iv[t]["instructions"] for t, _ in s) for s in spans]
print("# D-cache misses per 1000 instructions per span:", mpki)
assert mpki[0] < 1 < mpki[2] < mpki[1], mpki
PY
check "the SVG's title says what ran and that vboard simulated the counts, its x axis the target's time; no e-notation" \
    bash -c "grep -q 'stat -I: the program to its exit (status 0), core $CPU' '$E2E_TMP/phases.svg' &&
             grep -q 'simulated by vboard' '$E2E_TMP/phases.svg' &&
             grep -q '>target time since the resume' '$E2E_TMP/phases.svg' &&
             ! grep -E '>[^<]*[0-9]e[+-]?[0-9]' '$E2E_TMP/phases.svg'"

# The same counts as -x , lines, drawn as a PNG.
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$ELF" -e $EVENTS -I 10 --mhz 100 -x , \
    -o "$E2E_TMP/stat.csv" >"$E2E_TMP/out.x" 2>&1
RC=$?
"$PMUCTL" plot "$E2E_TMP/stat.csv" -o "$E2E_TMP/phases.png" >"$E2E_TMP/p.out" 2>&1
RC2=$?
cat "$E2E_TMP/p.out"
check "stat -x , then plot to PNG: status 0 ($RC, $RC2), a PNG" \
    bash -c "[ $RC -eq 0 ] && [ $RC2 -eq 0 ] && head -c 8 '$E2E_TMP/phases.png' | grep -q PNG"
[ -n "$KEEP" ] && cp "$E2E_TMP/phases.svg" "$E2E_TMP/phases.png" "$E2E_TMP/stat.json" "$KEEP"/
finish
}
main "$@"
