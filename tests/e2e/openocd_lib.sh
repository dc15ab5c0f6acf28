# openocd_lib.sh - shared helpers for the OpenOCD end-to-end tests
# (openocd_tap.sh, openocd_vboard.sh); sourced, not run.
#
# Ports come from 47000-47999, starting at an offset from the PID so that
# parallel ctest runs rarely collide, skipping ports something listens on.

OO_PIDS=""
OO_TMP=$(mktemp -d /tmp/pmustub-openocd.XXXXXX)

oo_cleanup() {
    for p in $OO_PIDS; do
        kill "$p" 2>/dev/null
    done
    for p in $OO_PIDS; do
        wait "$p" 2>/dev/null
    done
    rm -rf "$OO_TMP"
}
trap oo_cleanup EXIT INT TERM

# Remember a background process to kill on exit.
oo_track() { OO_PIDS="$OO_PIDS $1"; }

oo_port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# oo_pick_port VAR: a free port in 47000-47999 not already picked.
OO_NEXT=$((47000 + $$ % 1000))
oo_pick_port() {
    local tries=0
    while [ $tries -lt 1000 ]; do
        local p=$OO_NEXT
        OO_NEXT=$((47000 + (OO_NEXT - 47000 + 1) % 1000))
        tries=$((tries + 1))
        if ! oo_port_busy "$p"; then
            eval "$1=$p"
            return 0
        fi
    done
    echo "no free port in 47000-47999" >&2
    return 1
}

# oo_wait_port PORT PID: until something listens on PORT (10 s), or PID dies.
oo_wait_port() {
    local i=0
    while [ $i -lt 100 ]; do
        oo_port_busy "$1" && return 0
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

# oo_start_server VAR LOG CMD...: start CMD with the placeholder @PORT
# replaced by a picked port, as a tracked background process, until it
# listens (another test may grab a port between our pick and our bind:
# then we pick again). Sets VAR to the port and OO_LAST_PID to the PID.
oo_start_server() {
    local var=$1 log=$2 try port pid
    shift 2
    for try in 1 2 3 4 5; do
        oo_pick_port port || return 1
        "${@//@PORT/$port}" >"$log" 2>&1 </dev/null &
        pid=$!
        oo_track $pid
        if oo_wait_port "$port" $pid && sleep 0.2 && kill -0 $pid 2>/dev/null; then
            eval "$var=$port"
            OO_LAST_PID=$pid
            return 0
        fi
        kill $pid 2>/dev/null
        wait $pid 2>/dev/null
    done
    echo "could not start: $*"
    cat "$log"
    return 1
}

# oo_gdb_idle LOG: until OpenOCD (logging to LOG) has dropped every gdb
# client it accepted (5 s). It takes one at a time and turns the next away
# until it has noticed the last one leave ("attempted 'gdb' connection
# rejected", openocd v0.12.0 src/server/server.c); pmuctl, like GDB, does
# not try again, so a test waits for that between two clients.
oo_gdb_idle() {
    local i=0
    while [ $i -lt 50 ]; do
        [ "$(grep -c "accepting 'gdb' connection" "$1")" = \
          "$(grep -c "dropped 'gdb' connection" "$1")" ] && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

OO_FAILS=0
# oo_expect FILE REGEX WHAT: check that FILE has a line matching REGEX.
oo_expect() {
    if grep -Eq -- "$2" "$1"; then
        echo "ok: $3"
    else
        echo "FAIL: $3 (no line matching /$2/ in $(basename "$1"))"
        OO_FAILS=$((OO_FAILS + 1))
    fi
}
# oo_reject FILE REGEX WHAT: check that no line of FILE matches REGEX.
oo_reject() {
    if grep -Eq -- "$2" "$1"; then
        echo "FAIL: $3:"
        grep -E -- "$2" "$1" | head -5
        OO_FAILS=$((OO_FAILS + 1))
    else
        echo "ok: $3"
    fi
}

# oo_finish LOG...: print the logs on failure; exit status.
oo_finish() {
    if [ $OO_FAILS -ne 0 ]; then
        for f in "$@"; do
            echo "===== $f"
            cat "$f"
        done
        echo "$OO_FAILS check(s) failed"
        exit 1
    fi
    echo "all checks passed"
    exit 0
}

# oo_qemu_exec_log ELF STOP: ELF on QEMU's Malta 34Kf under its
# own gdbstub, one instruction a block, logged to $OO_TMP/exec.log, until
# the third stop at STOP (hex address); then QEMU ends. Needs lib.sh.
oo_qemu_exec_log() {
    local gport qpid
    pm_pick_port gport
    qemu-system-mips -M malta -cpu 34Kf -nographic -nic none -vga none -no-reboot -monitor none \
        -singlestep -d exec,nochain -D "$OO_TMP/exec.log" -kernel "$1" \
        -gdb "tcp:127.0.0.1:$gport" -S >"$OO_TMP/qemu.log" 2>&1 &
    qpid=$!
    oo_track $qpid
    oo_wait_port "$gport" $qpid
    gdb_batch "file $1" "target remote 127.0.0.1:$gport" "break *0x$2" "continue" \
        "continue" "continue" >"$OO_TMP/qemu-gdb.out"
    kill $qpid; wait $qpid 2>/dev/null
}

# oo_qemu_count ELF FROM TO TOP_SRC_DIR: QEMU's count of instructions from
# the first FROM up to TO (hex addresses) in $OO_TMP/exec.log
# (tests/vboard/qemu_count.py).
oo_qemu_count() {
    python3 "$4/tests/vboard/qemu_count.py" "$OO_TMP/exec.log" "$1" \
        mips-linux-gnu-objdump "$2" "$3"
}

# oo_qemu_loop_count ELF TOP_SRC_DIR: QEMU's count of instructions from loop
# to after_tick of the EJTAG loop firmware into QEMU_COUNT (LOOP and AFTER:
# the two addresses). Needs lib.sh and pmuctl_lib.sh.
oo_qemu_loop_count() {
    LOOP=$(sym_addr "$1" loop)
    AFTER=$(sym_addr "$1" after_tick)
    oo_qemu_exec_log "$1" "$AFTER"
    QEMU_COUNT=$(oo_qemu_count "$1" "$LOOP" "$AFTER" "$2")
    echo "# QEMU: $QEMU_COUNT instructions from loop to after_tick"
}

# oo_stock_cfg FILE RBB_PORT: an OpenOCD configuration for vboard's 34K as
# OpenOCD's manual (0.12, "Debug Adapter Configuration": remote_bitbang;
# "TAP Declaration": jtag newtap; "CPU Configuration": target create)
# has a user write one for a board: no gdb_breakpoint_override, no
# adapter speed, no expected IDCODE, nothing of tests/vboard/openocd/.
# The host is 127.0.0.1, not localhost: a minimal Debian root has no
# /etc/hosts, and OpenOCD's getaddrinfo("localhost") then fails.
oo_stock_cfg() {
    cat >"$1" <<CFG
adapter driver remote_bitbang
remote_bitbang host 127.0.0.1
remote_bitbang port $2
jtag newtap board cpu -irlen 5
target create board.cpu mips_m4k -endian big -chain-position board.cpu
CFG
}

# oo_stock_serve ELF: vboard running ELF behind OpenOCD with oo_stock_cfg;
# sets RBB (vboard's remote_bitbang port), GDBP (OpenOCD's gdb port) and
# T (127.0.0.1:GDBP).
oo_stock_serve() {
    oo_start_server RBB "$OO_TMP/vboard.log" "$VBOARD" --kernel "$1" --serial stdio \
        --remote-bitbang @PORT || exit 1
    oo_stock_cfg "$OO_TMP/board.cfg" "$RBB"
    oo_start_server GDBP "$OO_TMP/openocd.log" openocd -f "$OO_TMP/board.cfg" \
        -c "gdb_port @PORT; telnet_port disabled; tcl_port disabled" || exit 1
    T="127.0.0.1:$GDBP"
}

# oo_slow_prog ELF: a program for vboard's 34K (openocd_killed*.sh), linked
# with -Ttext and the default linker script, that calls slow, whose loop
# (inner..inner_next, one instruction each way round) runs 2^32 times
# (10^10 instructions, minutes on vboard), then (after_call) m16, a
# function built with -mips16, then (back) again: a client can be killed
# while the core runs, and the next one comes before the program reaches
# a breakpoint.
oo_slow_prog() {
    cat >"$OO_TMP/prog.S" <<'S'
    .set noreorder
    .text
    .globl __start
__start:
    .globl loop
loop:
    jal     slow
    nop
    .globl after_call
after_call:
    jalx    m16
    nop
    .globl back
back:
    b       loop
    nop
    .globl slow
slow:
    li      $t0, 0
    .globl inner
inner:
    addiu   $t0, $t0, -1
    .globl inner_next
inner_next:
    bnez    $t0, inner
    nop
    .globl slow_end
slow_end:
    jr      $ra
    nop
S
    echo 'int m16(int x) { return x * 3 + 1; }' >"$OO_TMP/m16.c"
    mips-linux-gnu-gcc -march=34kc -mno-abicalls -fno-pic -O1 -mips16 -c \
        -o "$OO_TMP/m16.o" "$OO_TMP/m16.c" || exit 1
    mips-linux-gnu-gcc -march=34kc -mno-abicalls -fno-pic -nostdlib -static \
        -Wl,-Ttext=0x80100000 -o "$1" "$OO_TMP/prog.S" "$OO_TMP/m16.o" || exit 1
}
