# lib.sh - shared by the end-to-end scripts: free ports, starting QEMU's
# Malta with a firmware, and cleaning up whatever was started.
# Usage: . lib.sh; start_qemu ELF; ... "$QEMU_PORT" ...
set -u

E2E_PIDS=()
E2E_TMP=$(mktemp -d)
e2e_cleanup() {
    for p in "${E2E_PIDS[@]}"; do kill "$p" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$E2E_TMP"
}
trap e2e_cleanup EXIT

# A TCP port on 127.0.0.1 that was free a moment ago.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# Waits until something listens on 127.0.0.1:$1 (QEMU's server socket).
wait_listen() {
    for _ in $(seq 100); do
        if python3 -c "import socket,sys; s=socket.socket(); s.settimeout(0.2); sys.exit(s.connect_ex(('127.0.0.1',$1)))" 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    echo "nothing listens on port $1" >&2
    return 1
}

# QEMU Malta 34Kf running $1, its first serial port (the stub's RSP line)
# served on $QEMU_PORT. -no-reboot: the board reset that 'k' performs ends QEMU.
# Note: probing the port with wait_listen would be taken as GDB's connection
# (QEMU's server serves one client), so we wait for QEMU's own message.
start_qemu() {
    QEMU_PORT=$(free_port)
    qemu-system-mips -M malta -cpu 34Kf -nographic -nic none -vga none -no-reboot -monitor none \
        -kernel "$1" -serial "tcp:127.0.0.1:$QEMU_PORT,server" \
        >"$E2E_TMP/qemu.log" 2>&1 &
    E2E_PIDS+=($!)
    for _ in $(seq 100); do
        grep -q "QEMU waiting for connection" "$E2E_TMP/qemu.log" && return 0
        sleep 0.1
    done
    echo "QEMU did not start:" >&2
    cat "$E2E_TMP/qemu.log" >&2
    return 1
}

# The oracle for counts: runs ELF on QEMU to its end, one instruction per
# translation block with every block logged, driven by GDB with the extra
# -ex commands given (e.g. "set var x = 2"), and writes to $E2E_TMP/program.log
# the log without the stub's own instructions (tests/e2e/drop_stub_pcs.py).
# Usage: qemu_program_log ELF LIBPMUSTUB.a [GDB-COMMAND...]
qemu_program_log() {
    local elf=$1 lib=$2 qport pid top
    shift 2
    top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    qport=$(free_port)
    qemu-system-mips -M malta -cpu 34Kf -nographic -nic none -vga none -no-reboot -monitor none \
        -singlestep -d exec,nochain -D "$E2E_TMP/exec.log" -kernel "$elf" \
        -serial "tcp:127.0.0.1:$qport,server" >"$E2E_TMP/qemu.log" 2>&1 &
    pid=$!
    E2E_PIDS+=($pid)
    for _ in $(seq 100); do grep -q "waiting for connection" "$E2E_TMP/qemu.log" && break; sleep 0.1; done
    # No Ctrl-C poll: its timer interrupts would land in the region, and one
    # on a delay slot re-runs the branch.
    gdb_batch "file $elf" "target remote 127.0.0.1:$qport" "monitor ctrlc off" \
        "$@" "continue" >"$E2E_TMP/qemu-gdb.out"
    # After the exit the stub polls the line for a new GDB, one logged
    # instruction at a time: stop QEMU before reading its log.
    kill "$pid"; wait "$pid" 2>/dev/null
    python3 "$top/tests/e2e/drop_stub_pcs.py" "$E2E_TMP/exec.log" "$elf" \
        "$lib" mips-linux-gnu-nm >"$E2E_TMP/program.log"
}

# gdb-multiarch in batch mode; arguments are -ex commands.
gdb_batch() {
    local args=()
    for c in "$@"; do args+=(-ex "$c"); done
    timeout 120 gdb-multiarch -q -nx -batch "${args[@]}" 2>&1
}

# Address of symbol $2 in ELF $1, as lower-case hex without 0x (from nm,
# independent of the stub and of GDB).
sym_addr() {
    mips-linux-gnu-nm "$1" | awk -v s="$2" '$3 == s { print substr($1, length($1) - 7) }'
}

FAILS=0
PASSES=0
check() { # check NAME CONDITION-COMMAND...
    local name=$1; shift
    if "$@"; then PASSES=$((PASSES + 1)); echo "ok - $name"
    else FAILS=$((FAILS + 1)); echo "FAIL - $name"; fi
}
has() { grep -qF -- "$1" "$OUT"; }
hasnt() { ! grep -qiF -- "$1" "$OUT"; }
finish() {
    echo "$PASSES passed, $FAILS failed"
    if [ "$FAILS" -ne 0 ]; then
        echo "---- gdb output ----"; cat "$OUT"
        echo "---- qemu log ----"; cat "$E2E_TMP/qemu.log" 2>/dev/null
        exit 1
    fi
}
