#!/usr/bin/env bash
# The mergesort blocksize experiment of the 34K performance note (seed 000,
# section 5.1, Table 6), done with pmuctl on vboard (34k): pmuctl measure
# --sweep writes each blocksize into the program's ms_blocksize and
# measures the region ms_begin..ms_end (host/firmware/ms_loop.S) over 3
# iterations, the events in groups sharing them; the results are printed
# as one table, and drawn (pmuctl plot) as the note's figures are:
# relative execution time and D-cache misses against blocksize, into
# OUTDIR/mergesort_34k.svg. pmuctl finds out itself that the counts are
# vboard's and says so; an event vboard does not model has no number
# (<not supported>), as in pmuctl's own reports.
# Usage: mergesort_table.sh PMUCTL VBOARD PMUCTL-MERGESORT.elf OUTDIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 OUTDIR=$4
. "$(dirname "$0")/demo_lib.sh"
demo_vboard "$VBOARD" 34k "$ELF"

# The note's pc_sweep -uicp: user mode, IPC, cache events (Table 6 rows).
EVENTS=cycles,instructions,all_stalls,alu_stalls,dcache_accesses,dcache_writebacks,dcache_misses,dcache_miss_stall_cycles,dcache_miss_cycles
mkdir -p "$OUTDIR"
"$PMUCTL" -t "127.0.0.1:$PORT" measure --elf "$ELF" --from ms_begin --to ms_end \
    -e "$EVENTS" -r 3 --json --sweep ms_blocksize=64,128,256,512,1024,2048 \
    -o "$OUTDIR/mergesort_34k.json" || exit 1

python3 - "$OUTDIR/mergesort_34k.json" <<'PY'
import json, sys
runs = {r["variables"]["ms_blocksize"]: r for r in json.load(open(sys.argv[1]))["results"]}
rows = [("Cycles", "cycles"), ("All instructions", "instructions"),
        ("All stalls", "all_stalls"), ("ALU stalls", "alu_stalls"),
        ("D-cache accesses", "dcache_accesses"), ("D-cache writebacks", "dcache_writebacks"),
        ("D-cache misses", "dcache_misses"), ("L1 D-$ miss stalls", "dcache_miss_stall_cycles"),
        ("D-$ miss pending", "dcache_miss_cycles")]
# counter-value is null for an event the simulator does not model
val = {bs: {e["event"]: e["counter-value"] for e in d["events"]} for bs, d in runs.items()}
how = {e["event"]: e.get("simulated") for e in next(iter(runs.values()))["events"]}
first = next(iter(runs.values()))
print(f"mergesort of 16384 words, blocksize sweep; {first['counts-from']}")
print(f"{first['groups']} event groups sharing {first['iterations']} iterations per blocksize "
      f"(measured with {first['method']}); means per sort\n")
print(f"{'Metric':<26}" + "".join(f"{bs:>17}" for bs in runs) + "  counted")
base = val[min(runs)]["cycles"]
print(f"{'Relative execution time':<26}" + "".join(f"{val[bs]['cycles'] / base:>17.2f}" for bs in runs))
cell = lambda v: f"{'<not supported>':>17}" if v is None else f"{v:>17,.0f}"
for label, ev in rows:
    print(f"{label:<26}" + "".join(cell(val[bs][ev]) for bs in runs) + f"  {how[ev] or ''}")
if first["simulator"]:
    print(f"\ncounted: exact, or from {first['simulator']}'s timing and cache model "
          "(docs/vboard.md); <not supported>: not modelled, no number.")
    print("D-$ miss pending: vboard's caches block, so a miss is pending exactly while it "
          "stalls: that one quantity is L1 D-$ miss stalls.")
PY
FIG="$OUTDIR/mergesort_34k.svg"
"$PMUCTL" plot "$OUTDIR/mergesort_34k.json" --relative cycles -e dcache_misses \
    -o "$FIG" || exit 1
echo "figure (the note's Figures 7 and 9: relative execution time, D-cache misses): $FIG"
