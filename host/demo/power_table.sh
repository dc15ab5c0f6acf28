#!/usr/bin/env bash
# The e200z7 note's efficiency view (seed 004, sections 4 and 5) done with
# pmuctl on vboard's e200z7: the note's events, 39 (cycles branch issue
# stalled: its "pipeline stalls"), 57 (data cache linefills) and 72
# (instruction cache linefills), with cycles and instructions, over the
# mergesort of pmuctl's Power firmware (host/firmware/ppc_ms_loop.S), each
# as a percentage of cycles as the note shows them. The counts are the
# simulator's and say so (pmuctl asks); an event vboard does not model has
# no number (<not supported>). The percentages are drawn as the note's
# chart, bars per event and blocksize, into OUTDIR/e200z7_percent_cycles.svg.
# Usage: power_table.sh PMUCTL VBOARD PMUCTL-MERGESORT-PPCE500.elf OUTDIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 OUTDIR=$4
. "$(dirname "$0")/demo_lib.sh"
demo_vboard "$VBOARD" e200z7 "$ELF"

# Addresses from nm, not --elf: the Power stub writes its PMU instructions
# over nops of its vectors at run time, so the check of --elf (qCRC of
# .text) would refuse the file (docs/pmuctl.md, "On Power").
addr() { powerpc-linux-gnu-nm "$ELF" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
for bs in 64 512 2048; do
    echo "pmuctl: e200z7, blocksize $bs ..." >&2
    "$PMUCTL" -t "127.0.0.1:$PORT" measure --from "$(addr "ms${bs}_begin")" \
        --to "$(addr "ms${bs}_end")" -e cycles,instructions,39,57,72 -r 4 \
        --json --no-progress -o "$TMP/blocksize $bs.json" || exit 1
done

python3 - "$TMP" <<'PY'
import json, sys
runs = {bs: json.load(open(f"{sys.argv[1]}/blocksize {bs}.json")) for bs in (64, 512, 2048)}
first = next(iter(runs.values()))
val = {bs: {e["event"]: e["counter-value"] for e in d["events"]} for bs, d in runs.items()}
how = {e["event"]: e.get("simulated") for e in first["events"]}
print(f"\nPower e200z7: mergesort of 16384 words; {first['counts-from']}")
print(f"events in {first['groups']} group(s), {first['iterations']} iterations per "
      "blocksize; means per sort (the stub counts none of its own: docs/pmu.md)\n")
print(f"{'Event':<34}" + "".join(f"{bs:>17}" for bs in runs) + "  counted")
rows = [("Cycles", "cycles"), ("Instructions", "instructions"),
        ("Pipeline stalls (39)", "branch_issue_stall_cycles"),
        ("Data cache linefills (57)", "dcache_linefills"),
        ("Instruction cache linefills (72)", "icache_linefills")]
cell = lambda v: f"{'<not supported>':>17}" if v is None else f"{v:>17,.0f}"
for label, ev in rows:
    print(f"{label:<34}" + "".join(cell(val[bs][ev]) for bs in runs) + f"  {how[ev] or ''}")
print("\nAs the note shows them, percent of cycles:")
for label, ev in rows[2:]:
    pct = [None if val[bs][ev] is None else 100 * val[bs][ev] / val[bs]["cycles"] for bs in runs]
    print(f"{label:<34}" + "".join(f"{'<not supported>':>17}" if p is None else f"{p:>16.2f}%"
                                   for p in pct))
print(f"{'IPC':<34}" + "".join(f"{val[bs]['instructions'] / val[bs]['cycles']:>17.3f}" for bs in runs))
if first["simulator"]:
    print(f"\ncounted: exact, or from {first['simulator']}'s timing and cache model "
          "(docs/vboard.md); <not supported>: not modelled, no number.")
PY
# The note's chart: each event in percent of cycles, a bar per blocksize
# (the files' names, "blocksize B", are the legend).
mkdir -p "$OUTDIR"
FIG="$OUTDIR/e200z7_percent_cycles.svg"
"$PMUCTL" plot "$TMP/blocksize 64.json" "$TMP/blocksize 512.json" \
    "$TMP/blocksize 2048.json" --percent-of cycles \
    -e branch_issue_stall_cycles,dcache_linefills,icache_linefills -o "$FIG" || exit 1
echo "figure (the note's percent-of-cycles chart): $FIG"
