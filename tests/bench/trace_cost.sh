#!/usr/bin/env bash
# The stub's instructions per traced bracket: pmuctl measures the region
# region_begin..region_end of its bench firmware (host/firmware) with
# tracepoints (its default) on vboard, N1 and then N2 iterations, each on
# a fresh board with --profile (every instruction address counted). The
# instructions the board ran outside the firmware's own functions (the
# stub, the board's start-up code, libgcc's helpers) in the first run are
# subtracted from the second's and divided by N2 - N1, so that what every
# run costs once (the boot, the session's packets) drops out. The same
# for the program's own instructions per iteration, a check that the
# difference holds brackets only. Then where the stub's instructions per
# bracket go, by function (the largest first).
# TRACE_COST_KEEP=DIR keeps the profiles (CPU.p1, CPU.p2) and the ELF's
# function addresses (CPU.syms) in DIR.
# Usage: trace_cost.sh BUILD_DIR [N1 [N2 [PMUCTL_OPTION...]]]
#   (defaults 1000 and 3000; e.g. --no-native for the agent-expression
#   path on a stub that offers the native bracket)
# Prints, per board (34k, e200z7):
#   CPU: STUB stub instructions per bracket (PROGRAM program instructions
#   per iteration), then "  COUNT  FUNCTION" lines
set -u
# Every pmuctl reads the target description, as the first of a series
# would: runs compared or subtracted here cost the same (no description
# kept between them, host/session/tdesc_cache.c).
export PMUCTL_CACHE_DIR=
BUILD=$(cd "$1" && pwd)
N1=${2:-1000}
N2=${3:-3000}
shift $(($# < 3 ? $# : 3))
PMUCTL=$BUILD/bin/pmuctl VBOARD=$BUILD/bin/vboard
TMP=$(mktemp -d)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; [ -n "${TRACE_COST_KEEP:-}" ] && cp "$TMP"/*.p? "$TMP"/*.syms "$TMP"/*.files "$TRACE_COST_KEEP"/; rm -rf "$TMP"' EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# profile CPU ELF N OUT: pmuctl measures N iterations on a fresh vboard
# --cpu CPU; vboard's profile goes to OUT.
profile() {
    local cpu=$1 elf=$2 n=$3 out=$4 port vb
    port=$(free_port)
    "$VBOARD" --cpu "$cpu" --no-reboot --kernel "$elf" --profile "$out" \
        --serial "tcp:127.0.0.1:$port,server" 2>"$TMP/vboard.err" &
    vb=$!
    PIDS+=($vb)
    for _ in $(seq 100); do
        python3 -c 'import socket,sys; s=socket.socket(); s.bind(("127.0.0.1",int(sys.argv[1])))' \
            "$port" 2>/dev/null || break
        sleep 0.1
    done
    if ! "$PMUCTL" -t "127.0.0.1:$port" measure --elf "$elf" --from region_begin \
        --to region_end -r "$n" -e instructions --no-progress "${EXTRA[@]}" \
        >"$TMP/pmuctl.out" 2>"$TMP/pmuctl.err"; then
        echo "pmuctl failed:" >&2
        cat "$TMP/pmuctl.err" >&2
        exit 1
    fi
    kill "$vb"
    wait "$vb" 2>/dev/null
}

measure() { # measure CPU ELF BINUTILS_PREFIX
    local cpu=$1 elf=$2
    "$3nm" -n --defined-only "$elf" | awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' >"$TMP/$cpu.syms"
    awk '{ print $1 }' "$TMP/$cpu.syms" | "$3addr2line" -e "$elf" >"$TMP/$cpu.files"
    profile "$cpu" "$elf" "$N1" "$TMP/$cpu.p1"
    profile "$cpu" "$elf" "$N2" "$TMP/$cpu.p2"
    python3 - "$TMP/$cpu.syms" "$TMP/$cpu.files" "$TMP/$cpu.p1" "$TMP/$cpu.p2" \
        "$N1" "$N2" "$cpu" <<'PY'
import bisect, sys
elf_syms, files, p1, p2 = sys.argv[1:5]
n1, n2, cpu = int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
syms = [(int(a, 16) & 0xffffffff, name) for a, name in (l.split() for l in open(elf_syms))]
# Each function's part, by the source file its first address comes from:
# the program's own (host/firmware), the stub's core (stub/core), its
# port (stub/arch, stub/board), or other (libgcc's helpers: no source).
part = {}
for (a, name), f in zip(syms, open(files)):
    f = f.split(":")[0]
    part[a] = ("program" if "/host/firmware/" in f else
                  "core" if "/stub/core/" in f else
                  "port" if "/stub/arch/" in f or "/stub/board/" in f else "other")
syms.sort()
addrs = [a for a, _ in syms]
# uart16550_getc is left out: it is the stub waiting for the host's next
# byte while the program is stopped for pmuctl, and how long that takes
# depends on the host, not on the stub.
waiting = {"uart16550_getc"}
name = dict(syms)
def func(pc):  # the function's address: static functions share names
    i = bisect.bisect_right(addrs, pc) - 1
    return addrs[i] if i >= 0 else -1
def load(path):
    by = {}
    for line in open(path):
        a, c = line.split()
        if a == "other":
            sys.exit("vboard's profile table overflowed")
        f = func(int(a, 16))
        by[f] = by.get(f, 0) + int(c)
    return by
a, b = load(p1), load(p2)
per = {f: (b.get(f, 0) - a.get(f, 0)) / (n2 - n1) for f in set(a) | set(b)
       if name.get(f) not in waiting}
sums = {}
for f, v in per.items():
    sums[part.get(f, "other")] = sums.get(part.get(f, "other"), 0) + v
stub = sum(v for p, v in sums.items() if p != "program")
print(f"{cpu}: {stub:.1f} stub instructions per bracket (core {sums.get('core', 0):.1f}, "
      f"port {sums.get('port', 0):.1f}, other {sums.get('other', 0):.1f}; "
      f"{sums.get('program', 0):.1f} program instructions per iteration)")
for f, v in sorted(per.items(), key=lambda kv: -kv[1]):
    if part.get(f) != "program" and v >= 0.5:
        print(f"  {v:8.1f}  {part.get(f, 'other'):5}  {name.get(f, '?')}")
PY
}

EXTRA=("$@")
measure 34k "$BUILD/target/pmuctl/pmuctl-bench.elf" mips-linux-gnu-
measure e200z7 "$BUILD/target/pmuctl/pmuctl-bench-ppce500.elf" powerpc-linux-gnu-
