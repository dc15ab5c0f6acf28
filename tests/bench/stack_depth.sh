#!/usr/bin/env bash
# The stub's stack depth, measured: how much of its stack (mips_stub_stack,
# ppc_stub_stack) a working session reached on vboard's 34K or e200z7. GDB paints the part of the
# stack below the stub's depth at the boot stop with a pattern (restore
# ... binary, M/X packets), then a GDB session (breakpoints, steps, every
# register, the monitor (pmu set/read/list too), qCRC, memory, and tracepoints where the stub has
# them) and pmuctl (info, read, measure with breakpoints, with the native
# bracket and with agent expressions, record where the stub samples, with
# and without --call-graph) run;
# a last GDB reads the stack back: its first byte no longer the pattern is
# the deepest any of them went. The depth includes every exception entry's
# frame (the stub runs with interrupts masked, so nothing nests on it).
# Usage: stack_depth.sh PMUCTL VBOARD FIRMWARE.elf STACK_BYTES
#   FIRMWARE: a pmuctl firmware (region_begin, region_end) linked with the
#   stub to measure; STACK_BYTES: its PMUSTUB_STACK_BYTES.
# Prints "deepest: N of STACK_BYTES bytes" (the painted part is all but
# its top PAINT_SPARE bytes, which the boot stop's session may use).
. "$(dirname "$0")/../e2e/lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 STACK=$4
PAINT_SPARE=${PAINT_SPARE:-320}
# MIPS (vboard's 34K) or Power (its e200z7), by the ELF's machine.
if readelf -h "$ELF" | grep -q PowerPC; then
    STACK_SYM=ppc_stub_stack CPU=e200z7 REG=r9
    sym_addr() { powerpc-linux-gnu-nm "$1" | awk -v s="$2" '$3 == s { print $1 }'; }
else
    STACK_SYM=mips_stub_stack CPU=34k REG=t0
fi
BASE=$(sym_addr "$ELF" $STACK_SYM)
[ -n "$BASE" ] || { echo "no $STACK_SYM in $ELF" >&2; exit 1; }
paint=$((STACK - PAINT_SPARE))
python3 -c "import sys; sys.stdout.buffer.write(b'\\xa5\\x5a\\xc3\\x3c' * ($paint // 4))" \
    >"$E2E_TMP/paint.bin"

VPORT=$(free_port)
"$VBOARD" --cpu $CPU --kernel "$ELF" --serial "tcp:127.0.0.1:$VPORT,server" \
    >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
wait_log "waiting\|listening" "$E2E_TMP/vboard.log" vboard
sleep 0.3

trace=$(nm "$ELF" | grep -qw trace_prepare_resume && echo 1 || true)
sample=$(nm "$ELF" | grep -qw sample_query && echo 1 || true)
{
    echo "set pagination off"
    echo "file $ELF"
    echo "target remote 127.0.0.1:$VPORT"
    echo "restore $E2E_TMP/paint.bin binary 0x$BASE"
    echo "break region_end"
    echo "continue"
    echo "stepi"
    echo "stepi"
    echo "next"
    echo "info registers"
    echo "info registers pmu"
    echo "maint print remote-registers"
    echo "monitor help"
    echo "monitor pmu"
    echo "monitor pmu freeze"
    echo "monitor pmu unfreeze"
    # set/read/list where the stub has them (PMUSTUB_PMU_SUMMARY); a
    # misspelt name takes the close-names search, the deepest path
    echo "monitor pmu set instructions:k cycles"
    echo "monitor pmu set instrctions"
    echo "monitor pmu read"
    echo "monitor pmu list"
    echo "x/64xw \$sp"
    echo "compare-sections"
    echo "set var \$pc = \$pc"
    echo "delete"
    if [ -n "$trace" ]; then
        echo "trace region_begin"
        echo "actions"
        echo "collect \$regs"
        echo "end"
        echo "trace region_end if \$$REG != 12345"
        echo "tstart"
        echo "break region_end"
        echo "continue"
        echo "continue"
        echo "tstop"
        echo "tfind 0"
        echo "info registers"
        echo "tfind none"
        echo "delete"
    fi
    echo "detach"
} >"$E2E_TMP/session.gdb"
timeout 300 gdb-multiarch -q -nx -batch -x "$E2E_TMP/session.gdb" >"$E2E_TMP/session.out" 2>&1 ||
    { cat "$E2E_TMP/session.out"; exit 1; }

pm() { timeout 300 "$PMUCTL" -t "127.0.0.1:$VPORT" "$@" >>"$E2E_TMP/pmuctl.out" 2>&1 ||
    { echo "pmuctl $* failed:"; tail -5 "$E2E_TMP/pmuctl.out"; exit 1; }; }
if [ -z "${GDB_ONLY:-}" ]; then
pm info
pm read
pm measure --elf "$ELF" --from region_begin --to region_end -e instructions,cycles -r 5 --no-trace
if [ -n "$trace" ]; then
    pm measure --elf "$ELF" --from region_begin --to region_end -e instructions -r 20
    pm measure --elf "$ELF" --from region_begin --to region_end -e instructions -r 20 --no-native
fi
if [ -n "$sample" ]; then
    pm record --elf "$ELF" -e cycles:1009 --samples 200 -o "$E2E_TMP/pmuctl.data"
    pm record --elf "$ELF" -e cycles:1009 --samples 200 --call-graph dwarf \
        -o "$E2E_TMP/pmuctl.data"
fi
fi

# The stack read back by plain m packets: GDB will not read memory once
# the program has ended (pmuctl record may run it to its end).
python3 - "$VPORT" "$BASE" "$STACK" "$E2E_TMP/stack.bin" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.settimeout(20)
def packet(p):
    s.sendall(b"$%s#%02x" % (p, sum(p) & 0xff))
    buf = b""
    while not (b"$" in buf and b"#" in buf[buf.index(b"$"):] and
               len(buf) >= buf.rindex(b"#") + 3):
        buf += s.recv(4096)
    s.sendall(b"+")
    return buf[buf.index(b"$") + 1:buf.rindex(b"#")]
# Stopped whether the program ran on (a Ctrl-C: its stop reply is
# drained) or had ended.
s.sendall(b"\x03")
s.settimeout(1)
try:
    while s.recv(4096):
        s.sendall(b"+")
except socket.timeout:
    pass
s.settimeout(20)
packet(b"qSupported")
base, size, out = int(sys.argv[2], 16), int(sys.argv[3]), b""
while len(out) < size:
    n = min(128, size - len(out))
    out += bytes.fromhex(packet(b"m%x,%x" % (base + len(out), n)).decode())
open(sys.argv[4], "wb").write(out)
PY
[ -n "${VERBOSE:-}" ] && cat "$E2E_TMP/session.out" "$E2E_TMP/pmuctl.out"
python3 - "$E2E_TMP/stack.bin" "$E2E_TMP/paint.bin" "$STACK" <<'PY'
import sys
stack, paint, size = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read(), int(sys.argv[3])
low = next((i for i in range(len(paint)) if stack[i] != paint[i]), len(paint))
if low == len(paint):
    print("deepest: at most %d of %d bytes (none of the painted part reached)" % (size - len(paint), size))
else:
    print("deepest: %d of %d bytes" % (size - low, size))
PY
