#!/usr/bin/env bash
# cli_test.sh VBOARD FIRMWARE_DIR - what a user of vboard's command line
# relies on: one-line errors with status 2 for bad arguments, a clear error
# for a bad ELF, --max-insns stopping with status 3, --list-events, the
# stdio and TCP serial backends (QEMU-like server mode: wait for the first
# client, accept the next after a disconnect, ,nowait), and --baud pacing.
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
    if [ "$got" != "$want" ]; then bad "$what: status $got, want $want"; return; fi
    if [ "$want" = 2 ] && [ "$(wc -l <"$tmp/err")" != 1 ]; then
        bad "$what: stderr is not one line"; cat "$tmp/err"; return
    fi
    ok "$what (status $got: $(head -1 "$tmp/err"))"
}

expect_status 2 "unknown option" "$vboard" --bogus
expect_status 2 "unknown CPU" "$vboard" --cpu z80 --kernel "$fw/matmul-O2.elf"
expect_status 2 "missing --kernel" "$vboard"
expect_status 2 "bad --ram" "$vboard" --ram 0 --kernel "$fw/matmul-O2.elf"
expect_status 2 "bad --serial" "$vboard" --serial pty --kernel "$fw/matmul-O2.elf"
expect_status 2 "bad --count-insns symbol" "$vboard" --kernel "$fw/matmul-O2.elf" --count-insns nosuch:work_end
expect_status 1 "not an ELF" "$vboard" --kernel /etc/hostname
grep -q "not an ELF" "$tmp/err" || bad "not an ELF: message"
expect_status 1 "x86 ELF" "$vboard" --kernel /bin/true
grep -q "not a 32-bit big-endian MIPS ELF" "$tmp/err" || bad "x86 ELF: message"
expect_status 3 "--max-insns" "$vboard" --no-reboot --max-insns 1000 --kernel "$fw/matmul-O0.elf"
grep -q "simulated instructions" "$tmp/err" || bad "--max-insns: message"

# --profile FILE: one "0xADDRESS COUNT" line per address, in address order,
# whose counts add up to the instructions --stats counts (the CPU's own
# total, kept apart from the profile).
expect_status 0 "--profile" "$vboard" --no-reboot --stats --profile "$tmp/prof" \
    --kernel "$fw/matmul-O2.elf"
total=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions,.*/\1/p' "$tmp/err")
if python3 - "$tmp/prof" "${total:-0}" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
addrs = [int(a, 16) for a, _ in rows]
assert rows and all(a.startswith("0x") for a, _ in rows), rows[:3]
assert addrs == sorted(set(addrs)), "not in address order, or repeated"
assert sum(int(c) for _, c in rows) == int(sys.argv[2]) > 0, (sum(int(c) for _, c in rows), sys.argv[2])
PY
then ok "--profile: counts add up to --stats' $total instructions"
else bad "--profile: counts do not add up to --stats' ${total:-?} instructions"; fi

# --count-events FROM:TO[:N] (docs/vboard.md): bad arguments; the first
# pass of crc32's work: status 0, one line per catalogue name, and the
# instructions what --count-insns (the PMU-independent oracle that
# diff_qemu.sh checks against QEMU) counts over the same range; a pass the
# program never completes: status 4 (the board reset ends it) or 3.
k=$fw/crc32-O2.elf
expect_status 2 "--count-events without TO" "$vboard" --kernel "$k" --count-events work_begin
expect_status 2 "--count-events pass 0" "$vboard" --kernel "$k" --count-events work_begin:work_end:0
expect_status 2 "--count-events bad symbol" "$vboard" --kernel "$k" --count-events work_begin:nosuch
expect_status 2 "--count-events with --remote-bitbang" "$vboard" --kernel "$k" \
    --count-events work_begin:work_end --remote-bitbang 4444
expect_status 0 "--count-events work_begin:work_end" "$vboard" --kernel "$k" --count-events work_begin:work_end
cp "$tmp/err" "$tmp/ce"
"$vboard" --no-reboot --kernel "$k" --count-insns work_begin:work_end </dev/null >/dev/null 2>"$tmp/ci"
want=$(sed -n 's/^vboard (simulated): \([0-9]*\) instructions from.*/\1/p' "$tmp/ci")
"$vboard" --list-events --cpu 34k | awk 'NR > 4 { print $3 }' | sort -u >"$tmp/names"
grep -v '^#' "$tmp/ce" | awk '{ print $1 }' | sort >"$tmp/got"
[ -n "$want" ] && grep -qx "instructions $want" "$tmp/ce" \
    && grep -q "^# vboard's own count (simulated), --cpu 34k, pass 1 from work_begin" "$tmp/ce" \
    && cmp -s "$tmp/names" "$tmp/got" && grep -qx "alu_stalls <not supported>" "$tmp/ce" \
    && ok "--count-events: every catalogue name once, instructions = --count-insns ($want)" \
    || { bad "--count-events output"; cat "$tmp/ce"; }
expect_status 4 "--count-events: the program ends before pass 2" "$vboard" --kernel "$k" \
    --count-events work_begin:work_end:2
grep -q "ended (board reset) after 1 of 2 passes" "$tmp/err" || bad "--count-events status 4: message"
expect_status 3 "--count-events: --max-insns before pass 1 ends" "$vboard" --kernel "$k" \
    --count-events work_begin:work_end --max-insns 1000
grep -q "stopped by --max-insns after 0 of 1 passes" "$tmp/err" || bad "--count-events status 3: message"

"$vboard" --list-events --cpu r12k >"$tmp/ev" 2>&1
n=$(grep -cE '^[0-9]+ +0,1 ' "$tmp/ev")
[ "$n" = 32 ] && grep -qE '^15 +0,1 +instructions ' "$tmp/ev" && grep -q simulator "$tmp/ev" \
    && ok "--list-events --cpu r12k: 32 events on either counter" || bad "--list-events r12k ($n events)"

# stdio round trip
printf 'abc.' | "$vboard" --no-reboot --kernel "$fw/echo-O2.elf" >"$tmp/echo" 2>&1
tr -d '\r' <"$tmp/echo" | grep -q '^ABC$' && grep -q 'bye 4' "$tmp/echo" \
    && ok "stdio: input echoed" || { bad "stdio echo"; cat "$tmp/echo"; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 100); do python3 -c "import socket,sys; socket.create_connection(('127.0.0.1',$1),1).close()" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# TCP server mode: waits for the first client; the next client after a
# disconnect gets the rest of the session.
port=$(free_port)
"$vboard" --no-reboot --serial "tcp:127.0.0.1:$port,server" --kernel "$fw/echo-O2.elf" \
    >"$tmp/tcp.out" 2>"$tmp/tcp.err" &
vp=$!; pids+=("$vp")
python3 - "$port" >"$tmp/client" 2>&1 <<'PY'
import socket, sys, time
port = int(sys.argv[1])
def connect():
    for _ in range(100):
        try:
            return socket.create_connection(("127.0.0.1", port), 2)
        except OSError:
            time.sleep(0.1)
    raise SystemExit("cannot connect")
def read_until(s, text):
    buf = b""
    while text.encode() not in buf:
        chunk = s.recv(256)
        if not chunk:
            break
        buf += chunk
    return buf.decode(errors="replace")
s = connect()
print("first:", repr(read_until(s, "ready")))   # the board waited for us
s.sendall(b"hi")
print("echo1:", repr(read_until(s, "HI")))
s.close()
time.sleep(0.3)
s = connect()
s.sendall(b"ok.")
print("echo2:", repr(read_until(s, "bye")))
s.close()
PY
wait "$vp"; st=$?
grep -q "first: 'echo ready" "$tmp/client" && grep -q "echo1: 'HI'" "$tmp/client" \
    && grep -q "echo2: 'OK" "$tmp/client" && [ "$st" = 0 ] \
    && ok "tcp server: waited for the first client, second client continued the session" \
    || { bad "tcp server (status $st)"; cat "$tmp/client" "$tmp/tcp.err"; }

# ,nowait: runs with nobody connected
port=$(free_port)
timeout 20 "$vboard" --no-reboot --serial "tcp:127.0.0.1:$port,server,nowait" \
    --kernel "$fw/matmul-O2.elf" >/dev/null 2>&1
[ $? = 0 ] && ok "tcp nowait: ran to the end without a client" || bad "tcp nowait"

# --baud: 10 bits per byte; bootstate prints ~260 bytes: >= 2.6 s at 1000 baud
"$vboard" --no-reboot --kernel "$fw/bootstate-O2.elf" >"$tmp/fast" 2>/dev/null
bytes=$(wc -c <"$tmp/fast")
start=$(date +%s.%N)
"$vboard" --no-reboot --baud 1000 --kernel "$fw/bootstate-O2.elf" >"$tmp/slow" 2>/dev/null
end=$(date +%s.%N)
# awk, not bc: bc is not on a minimal Debian. The UART may buffer a few bytes ahead.
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
min=$(awk -v n="$bytes" 'BEGIN { printf "%.3f", (n - 16) * 10 / 1000 }')
if cmp -s "$tmp/fast" "$tmp/slow" && awk -v s="$secs" -v m="$min" 'BEGIN { exit !(s >= m) }'; then
    ok "--baud 1000: $bytes bytes took $(printf %.2f "$secs") s (>= $(printf %.2f "$min") s)"
else
    bad "--baud 1000: $bytes bytes in $secs s, want >= $min"
fi
exit $((fails > 0))
