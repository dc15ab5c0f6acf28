#!/usr/bin/env bash
# The mergesort blocksize experiment of the 34K performance note (seed 000,
# section 5.1, Table 6), done with pmuctl on vboard (34k): for each
# blocksize, the region msB_begin..msB_end (host/firmware/ms_loop.S) is
# measured over 3 iterations, the nine events taking turns in three groups,
# and the results are printed as one table, labelled as vboard's counts.
# Usage: mergesort_table.sh PMUCTL VBOARD PMUCTL-MERGESORT.elf
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3
TMP=$(mktemp -d)
VB=
trap '[ -n "$VB" ] && kill "$VB" 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$PORT,server" >"$TMP/vboard.log" 2>&1 &
VB=$!
sleep 0.5

# The note's pc_sweep -uicp: user mode, IPC, cache events (Table 6 rows).
EVENTS=cycles,instructions,all_stalls,alu_stalls,dcache_accesses,dcache_writebacks,dcache_misses,dcache_miss_stall_cycles,dcache_miss_cycles
for bs in 64 128 256 512 1024 2048; do
    echo "pmuctl: blocksize $bs ..." >&2
    "$PMUCTL" -t "127.0.0.1:$PORT" measure --elf "$ELF" --from "ms${bs}_begin" \
        --to "ms${bs}_end" -e "$EVENTS" -r 3 --vboard --json --no-progress \
        -o "$TMP/ms$bs.json" || exit 1
done

python3 - "$TMP" <<'PY'
import json, sys
runs = {bs: json.load(open(f"{sys.argv[1]}/ms{bs}.json")) for bs in (64, 128, 256, 512, 1024, 2048)}
rows = [("Cycles", "cycles"), ("All instructions", "instructions"),
        ("All stalls", "all_stalls"), ("ALU stalls", "alu_stalls"),
        ("D-cache accesses", "dcache_accesses"), ("D-cache writebacks", "dcache_writebacks"),
        ("D-cache misses", "dcache_misses"), ("L1 D-$ miss stalls", "dcache_miss_stall_cycles"),
        ("D-$ miss pending", "dcache_miss_cycles")]
val = {bs: {e["event"]: e["counter-value"] for e in d["events"]} for bs, d in runs.items()}
first = next(iter(runs.values()))
print(f"mergesort of 16384 words, blocksize sweep; {first['counts-from']}")
print(f"{first['groups']} event groups taking turns over {first['iterations']} iterations per blocksize; means per sort\n")
print(f"{'Metric':<26}" + "".join(f"{bs:>15}" for bs in runs))
base = val[64]["cycles"]
print(f"{'Relative execution time':<26}" + "".join(f"{val[bs]['cycles'] / base:>15.2f}" for bs in runs))
for label, ev in rows:
    print(f"{label:<26}" + "".join(f"{val[bs][ev]:>15,.0f}" for bs in runs))
PY
