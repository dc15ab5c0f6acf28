#!/usr/bin/env bash
# End to end: pmuctl's traced measurement through the stub's native
# bracket (QPmustub.Bracket, docs/tracepoints.md), and its fallback to
# agent expressions on a stub that does not offer it, on vboard's 34K.
# Usage: pmuctl_native.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
# Oracles: QEMU's execution log of the same ELF for the instructions of
# region_begin..region_end and of one pass of the loop; which packets
# pmuctl sent, as tests/e2e/feature_relay.py recorded them between pmuctl
# and the stub (the relay also takes "qPmustub.Bracket+" out of the
# stub's qSupported reply: a stub without the native bracket).
# STUB_AGENT=0 in the environment: the stub was built without agent
# expressions (-DPMUSTUB_TRACE_AGENT=OFF), so where the native bracket is
# not offered or not wanted pmuctl must measure with breakpoints instead,
# and the counts stay QEMU's.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
OUT=$E2E_TMP/out

# through NAME [STRIP] -- MEASURE-ARGS...: one pmuctl measure through a
# new relay; pmuctl's packets in $E2E_TMP/NAME.log, its output in $OUT,
# status in RC.
through() {
    local name=$1 strip=""; shift
    [ "$1" != -- ] && { strip=$1; shift; }
    shift
    pm_relayed "$name" "$OUT" "$strip" measure --elf "$ELF" "$@"
}

# json_is FILE N COUNT: N iterations, mean, min and max all COUNT, no
# spread, traced (by the method $METHOD, if set).
json_is() {
    python3 - "$@" "${METHOD:-tracepoints}" <<'PY'
import json, sys
d, n, q = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
e = d["events"][0]
assert d["method"] == sys.argv[4] and d["iterations"] == n, d
assert e["event"] == "instructions" and e["iterations"] == n, e
assert e["counter-value"] == e["min"] == e["max"] == q, e  # the mean
assert e["stderr"] == 0, e  # from the sum of squares: no spread
PY
}
native_used() { grep -q 'QPmustub\.Bracket:' "$E2E_TMP/$1.log" && ! grep -q 'QTDP:-' "$E2E_TMP/$1.log"; }
agent_used() { ! grep -q 'QPmustub\.Bracket' "$E2E_TMP/$1.log" && grep -q 'QTDP:-[0-9a-f]*:[0-9a-f]*:X' "$E2E_TMP/$1.log"; }

main() {
pm_region_count "$ELF"
BACK=$(python3 "$TOP/tests/vboard/qemu_count.py" "$E2E_TMP/program.log" "$ELF" \
       mips-linux-gnu-objdump "$TO" "$FROM")
echo "# QEMU: $BACK instructions from region_end to region_begin"

pm_pick_port VPORT
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting\|listening" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
sleep 0.3
# The Ctrl-C poll off ("monitor ctrlc off", from a bare RSP client that
# then hangs up, leaving the program at its boot stop): its timer
# interrupt can land on a branch's delay slot, and the core then runs the
# branch again on return: one instruction more in that bracket. It lands
# in the program the more often the less of the time the stub takes, so
# the native bracket meets it more (2 runs in 10 of 2000 brackets, 0 in 10
# before); this test is about the sums.
# The board starts running when the first client connects, and bytes
# that reach its UART before the stub reads them can be lost: the packet
# goes again every 2 s until the reply comes (it is idempotent).
python3 - "$VPORT" >"$OUT" 2>&1 <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.settimeout(2)
p = b"qRcmd," + b"ctrlc off".hex().encode()
reply, t0 = b"", time.time()
while b"#" not in reply[reply.find(b"$"):] and time.time() - t0 < 60:
    if b"$" not in reply:
        s.sendall(b"$" + p + b"#%02x" % (sum(p) & 0xff))
    try:
        reply += s.recv(4096)
    except socket.timeout:
        pass
s.sendall(b"+")
print(bytes.fromhex(reply.split(b"$")[1].split(b"#")[0].decode()).decode())
PY
check "the Ctrl-C poll is off" grep -q "ctrlc: off" "$OUT"

through native -- --from region_begin --to region_end -e instructions -r 500 \
    --json -o "$E2E_TMP/n.json"
check "native bracket: 500 iterations, mean, min and max QEMU's $QEMU_COUNT (status $RC)" \
    json_is "$E2E_TMP/n.json" 500 "$QEMU_COUNT"
check "... pmuctl bound the native bracket (QPmustub.Bracket) and sent no agent expression" \
    native_used native

through one -- --from region_begin --to region_begin -e instructions -r 3 -x ,
check "native bracket, --from = --to: one loop pass counts QEMU's $QEMU_COUNT + $BACK" \
    grep -qx "$((QEMU_COUNT + BACK)),,instructions,0.00%,3,100.00,,,exact," "$OUT"
check "... through the native bracket" native_used one

if [ "${STUB_AGENT:-1}" = 0 ]; then
# Without agent expressions: a stub that does not offer the native
# bracket offers no tracepoints pmuctl can use, and pmuctl brackets with
# breakpoints (its JSON's method says so); --no-native asks for agent
# expressions, which the stub refuses, and pmuctl says so and falls back.
METHOD=breakpoints
through stripped ';qPmustub.Bracket+' -- --from region_begin --to region_end \
    -e instructions -r 50 --json -o "$E2E_TMP/s.json"
check "a stub without qPmustub.Bracket+ or agent expressions: breakpoints, QEMU's $QEMU_COUNT (status $RC)" \
    json_is "$E2E_TMP/s.json" 50 "$QEMU_COUNT"
through noflag -- --from region_begin --to region_end -e instructions -r 50 \
    --no-native --json -o "$E2E_TMP/a.json"
check "--no-native on a stub without agent expressions: breakpoints, QEMU's count" \
    json_is "$E2E_TMP/a.json" 50 "$QEMU_COUNT"
check "... pmuctl said why it measures with breakpoints" \
    grep -q "refused a tracepoint's action (QTDP).*; measuring with breakpoints" "$OUT"
return
fi
through stripped ';qPmustub.Bracket+' -- --from region_begin --to region_end \
    -e instructions -r 200 --json -o "$E2E_TMP/s.json"
check "a stub without qPmustub.Bracket+: mean, min and max QEMU's $QEMU_COUNT (status $RC)" \
    json_is "$E2E_TMP/s.json" 200 "$QEMU_COUNT"
check "... through agent expressions (QTDP actions), no QPmustub.Bracket" agent_used stripped

through stripped1 ';qPmustub.Bracket+' -- --from region_begin --to region_begin \
    -e instructions -r 3 -x ,
check "a stub without it, --from = --to: QEMU's $QEMU_COUNT + $BACK, agent expressions" \
    eval 'grep -qx "$((QEMU_COUNT + BACK)),,instructions,0.00%,3,100.00,,,exact," "$OUT" && agent_used stripped1'

through noflag -- --from region_begin --to region_end -e instructions -r 200 \
    --no-native --json -o "$E2E_TMP/a.json"
check "--no-native: agent expressions on a stub that offers the native bracket, QEMU's count" \
    eval 'json_is "$E2E_TMP/a.json" 200 "$QEMU_COUNT" && agent_used noflag'
}

main
finish
