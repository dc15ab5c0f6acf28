#!/usr/bin/env bash
# cli_test.sh VBOARD FIRMWARE_DIR - the command line of vboard's
# Power machine (--cpu e200z7|e500v2) does what the MIPS one does: one-line
# errors for bad arguments, a clear error for a non-PowerPC ELF (the
# host's /bin/true), --max-insns
# stopping with status 3, --count-insns by symbol, --stats, --list-events
# with how each event is counted, a board reset that runs the firmware
# again without --no-reboot, and the TCP serial backend waiting for its
# first client.
set -u
vboard=$1 fw=$2
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"; }
trap cleanup EXIT
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# expect_status WANT DESCRIPTION CMD... (stderr must be one line when WANT=2)
expect_status() {
    local want=$1 what=$2; shift 2
    "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" != "$want" ]; then bad "$what: status $got, want $want"; cat "$tmp/err"; return; fi
    if [ "$want" = 2 ] && [ "$(wc -l <"$tmp/err")" != 1 ]; then
        bad "$what: stderr is not one line"; cat "$tmp/err"; return
    fi
    ok "$what (status $got: $(head -1 "$tmp/err"))"
}

elf=$fw/crc32-O2.elf
expect_status 2 "unknown CPU names the Power ones" "$vboard" --cpu e300 --kernel "$elf"
grep -q "e200z7 or e500v2" "$tmp/err" || bad "unknown CPU: message"
expect_status 1 "--remote-bitbang refused on Power" "$vboard" --cpu e500v2 --remote-bitbang 4444 --kernel "$elf"
grep -q "no debug probe port" "$tmp/err" || bad "--remote-bitbang: message"
# --machine: a chip, with its own core; an ELF its BAM would not boot (no
# RCHW: this one is linked for the ppce500 board, at 1 MiB) is refused
expect_status 2 "unknown --machine" "$vboard" --machine mpc5675k --kernel "$elf"
expect_status 2 "--machine mpc5674f with another core" "$vboard" --machine mpc5674f \
    --cpu e500v2 --kernel "$elf"
grep -q "core is e200z7" "$tmp/err" || bad "--machine/--cpu: message"
expect_status 1 "--machine mpc5674f refuses an ELF without an RCHW" "$vboard" \
    --machine mpc5674f --kernel "$elf"
grep -q "no valid RCHW" "$tmp/err" || bad "--machine mpc5674f ELF: message"
expect_status 1 "host ELF refused" "$vboard" --cpu e500v2 --kernel /bin/true
grep -q "not a 32-bit big-endian PowerPC" "$tmp/err" || bad "host ELF: message"
expect_status 3 "--max-insns" "$vboard" --cpu e200z7 --no-reboot --max-insns 1000 --kernel "$fw/bench-O2.elf"
grep -q "after --max-insns 1000 simulated instructions" "$tmp/err" || bad "--max-insns: message"
expect_status 0 "--count-insns by symbol, --stats" "$vboard" --cpu e200z7 --no-reboot --stats \
    --count-insns work_begin:work_end --kernel "$elf"
grep -qE '^vboard \(simulated\): [0-9]+ instructions from 0x' "$tmp/err" || bad "--count-insns: no count"
grep -q "million simulated instructions per second" "$tmp/err" || bad "--stats: no line"

# --count-events (docs/vboard.md): pass 1 of work_begin..work_end counts
# the instructions --count-insns counts (checked against QEMU by
# diff_qemu.sh), on both cores; the program ends before pass 2: status 4.
want=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions from.*/\1/p' "$tmp/err")
for cpu in e200z7 e500v2; do
    expect_status 0 "--count-events $cpu" "$vboard" --cpu $cpu --kernel "$elf" \
        --count-events work_begin:work_end
    grep -qx "instructions $want" "$tmp/err" && grep -q "^# vboard's own count (simulated), --cpu $cpu, pass 1" "$tmp/err" \
        || bad "--count-events $cpu: instructions != --count-insns ($want)"
done
expect_status 4 "--count-events: the program ends before pass 2" "$vboard" --cpu e200z7 \
    --kernel "$elf" --count-events work_begin:work_end:2
grep -q "ended (board reset) after 1 of 2 passes" "$tmp/err" || bad "--count-events status 4: message"

for cpu in e200z7 e500v2; do
    "$vboard" --list-events --cpu $cpu >"$tmp/ev" 2>&1 || bad "--list-events $cpu: status"
    grep -q simulator "$tmp/ev" || bad "--list-events $cpu: not labelled as simulated"
done
"$vboard" --list-events --cpu e200z7 >"$tmp/ev"
grep -qE '^57 +0,1,2,3 +dcache_linefills +model ' "$tmp/ev" &&
    grep -qE '^2 +0,1,2,3 +instructions +exact ' "$tmp/ev" &&
    grep -qE '^29 +0,1,2,3 +branch_mispredictions +none ' "$tmp/ev" &&
    grep -qE '^158 +0,1 +crit_pending_threshold +none ' "$tmp/ev" &&
    ok "--list-events --cpu e200z7: exact, model, none, PMC0/1-only events" ||
    bad "--list-events e200z7"
"$vboard" --list-events --cpu e500v2 >"$tmp/ev"
grep -qE '^41 +0,1,2,3 +dcache_reloads +model ' "$tmp/ev" && ! grep -qE '^1[0-9]{2} ' "$tmp/ev" &&
    ok "--list-events --cpu e500v2: 7-bit event numbers" || bad "--list-events e500v2"

# RSTCR without --no-reboot: the board resets and the firmware runs again
"$vboard" --cpu e500v2 --max-insns 600000 --kernel "$elf" </dev/null >"$tmp/out" 2>&1
n=$(grep -c '^crc32' "$tmp/out")
[ "$n" -ge 2 ] && ok "reset runs the firmware again ($n runs)" || bad "reset: $n runs"

# TCP server mode: nothing runs before the first client connects
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
"$vboard" --cpu e200z7 --no-reboot --serial "tcp:127.0.0.1:$port,server" --kernel "$elf" \
    >"$tmp/tcp.out" 2>"$tmp/tcp.err" &
vp=$!; pids+=("$vp")
python3 - "$port" >"$tmp/tcp.got" <<'PY'
import socket, sys, time
for _ in range(100):
    try:
        s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)
        break
    except OSError:
        time.sleep(0.1)
data = b""
s.settimeout(10)
while b"check=" not in data:
    chunk = s.recv(4096)
    if not chunk:
        break
    data += chunk
sys.stdout.write(data.decode(errors="replace"))
PY
wait "$vp"
tr -d '\r' <"$tmp/tcp.got" | grep -q '^check=0xcbf43926' && ok "tcp server: firmware output" ||
    { bad "tcp server"; cat "$tmp/tcp.got" "$tmp/tcp.err"; }

[ "$fails" = 0 ] && echo "all passed" || echo "$fails failed"
exit $((fails != 0))
