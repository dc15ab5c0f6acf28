# lib.sh - shared by the end-to-end scripts: free ports, starting QEMU's
# Malta with a firmware, and cleaning up whatever was started.
# Usage: . lib.sh; start_qemu ELF; ... "$QEMU_PORT" ...
# QEMU_CPU: Malta's -cpu, the registry's qemu_cpu of the core under test
# (target-xml/cores.toml, PMUSTUB_CORE_<core>_QEMU_CPU); unset, the 34Kf.
set -u
QEMU_CPU=${QEMU_CPU:-34Kf}

E2E_PIDS=()
E2E_TMP=$(mktemp -d)
# Each test starts with no description kept by an earlier pmuctl
# (host/session/tdesc_cache.c): what it sees on the line is its own.
export PMUCTL_CACHE_DIR=$E2E_TMP/pmuctl-cache
e2e_cleanup() {
    for p in "${E2E_PIDS[@]}"; do kill "$p" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$E2E_TMP"
}
trap e2e_cleanup EXIT

# Every GDB a test starts waits up to 30 s for a reply (GDB's default is
# 2 s, GDB manual "Remote Configuration", set remotetimeout): a test
# asserts that a thing happens, and on a loaded machine (ctest -j2 beside
# another suite) QEMU or vboard can take seconds to answer. How fast the
# stub answers is measured by tests/bench/, not asserted here.
GDB_WAIT=(-iex "set remotetimeout 30")

# A TCP port on 127.0.0.1 that was free a moment ago.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# Waits until something listens on 127.0.0.1:$1 (QEMU's server socket).
# Up to 60 s: a loaded machine (ctest -j2 with QEMU, vboard and OpenOCD
# running) was seen to take over 10 s to start QEMU.
wait_listen() {
    for _ in $(seq 600); do
        if python3 -c "import socket,sys; s=socket.socket(); s.settimeout(0.2); sys.exit(s.connect_ex(('127.0.0.1',$1)))" 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    echo "nothing listens on port $1" >&2
    return 1
}

# QEMU Malta ($QEMU_CPU) running $1, its first serial port (the stub's RSP line)
# served on $QEMU_PORT. -no-reboot: the board reset that 'k' performs ends QEMU;
# "start_qemu ELF --reboot" lets a reset reload the image and run it again
# (vRun). -nic none -vga none: their option ROMs are not on a minimal system.
start_qemu() {
    local noreboot=-no-reboot
    [ "${2:-}" = --reboot ] && noreboot=
    qemu_serving qemu-system-mips -M malta -cpu "$QEMU_CPU" -nographic -nic none -vga none \
        $noreboot -monitor none -kernel "$1"
}

# Runs the QEMU command line "$@" with its first serial port served on
# $QEMU_PORT, QEMU's pid in $QEMU_PID. QEMU waits for the debugger before
# the board runs. Probing the port with wait_listen would be taken as
# GDB's connection (QEMU's server serves one client), so we wait for QEMU's
# own message.
qemu_serving() {
    QEMU_PORT=$(free_port)
    # A log of an earlier QEMU would say "waiting" before this one starts.
    rm -f "$E2E_TMP/qemu.log"
    # nodelay=on: QEMU's socket otherwise holds the stub's small writes
    # back (Nagle; docs/linking.md says what that costs).
    "$@" -serial "tcp:127.0.0.1:$QEMU_PORT,server,nodelay=on" >"$E2E_TMP/qemu.log" 2>&1 &
    QEMU_PID=$!
    E2E_PIDS+=($QEMU_PID)
    wait_log "QEMU waiting for connection" "$E2E_TMP/qemu.log" QEMU
}

# Waits up to 60 s (as wait_listen) for the server whose log is $2 to say
# $1; if it does not, shows the log and fails. Usage: wait_log TEXT LOG NAME
wait_log() {
    for _ in $(seq 600); do
        grep -q "$1" "$2" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "$3 did not start:" >&2
    cat "$2" >&2
    return 1
}

# vboard ($1) as CPU $2 running $3 with its serial line served on
# $QEMU_PORT, as qemu_serving does for QEMU (so the same session
# functions drive both); -no-reboot as start_qemu's; more vboard options
# after $3.
start_vboard_serving() {
    QEMU_PORT=$(free_port)
    rm -f "$E2E_TMP/vboard.log" # as qemu_serving's
    "$1" --cpu "$2" --no-reboot --kernel "$3" "${@:4}" \
        --serial "tcp:127.0.0.1:$QEMU_PORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    QEMU_PID=$!
    E2E_PIDS+=($QEMU_PID)
    # vboard says when it listens; a probe connection would be taken as GDB.
    wait_log "waiting for a serial client" "$E2E_TMP/vboard.log" vboard
}

# Ctrl-C in GDB while the demo firmware spins (demo.c: demo_spin = 1): GDB
# gets SIGINT in its foreground "continue", as when a user presses Ctrl-C,
# and sends 0x03; then it runs PRINT (a printf of the stop), lets main end
# and quits. Output in $OUT; CTRLC_MS: milliseconds from the SIGINT to
# GDB's report of the stop (-1: none). BEFORE and AFTER replace the
# demo_spin settings for another program.
# Usage: ctrl_c_session ELF PRINT [BEFORE AFTER]
ctrl_c_session() {
    local gdb t0 requit= before=${3:-set var demo_spin = 1} after=${4:-set var demo_spin = 0}
    # No timeout(1) wrapper: it would pass the SIGINT on to its whole process
    # group as well, and GDB takes a second Ctrl-C as "target not responding".
    # stdbuf -oL: GDB's output to a file is otherwise block-buffered, and the
    # wait below reads it while GDB runs.
    stdbuf -oL gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch -ex "file $1" \
        -ex "target remote 127.0.0.1:$QEMU_PORT" \
        -ex "monitor ctrlc off" -ex "monitor ctrlc on" \
        -ex "$before" -ex "echo CONTINUING\\n" -ex "continue" \
        -ex "$2" -ex "$after" -ex "continue" >"$OUT" 2>&1 &
    gdb=$!
    E2E_PIDS+=($gdb)
    # Ctrl-C only once GDB is in the foreground "continue": a SIGINT before it
    # just quits the command at hand (a loaded machine can take seconds to get
    # there, so wait for GDB's mark just before it rather than a fixed time;
    # batch GDB does not print "Continuing.").
    for _ in $(seq 600); do grep -q "^CONTINUING" "$OUT" && break; sleep 0.1; done
    sleep 2 # main is spinning by now
    t0=$(date +%s%N)
    kill -INT "$gdb"
    CTRLC_MS=-1
    for _ in $(seq 6000); do
        if grep -q "^Program received signal SIGINT" "$OUT"; then
            CTRLC_MS=$((($(date +%s%N) - t0) / 1000000))
            break
        fi
        # GDB took the SIGINT before it was waiting for the target (seen
        # at a load average of 15: "Quit", then the program ran on): once
        # more, now that it waits; the time counts from this one.
        if grep -q "^Quit" "$OUT" && [ -z "${requit:-}" ]; then
            requit=1
            sleep 1
            t0=$(date +%s%N)
            kill -INT "$gdb"
        fi
        kill -0 "$gdb" 2>/dev/null || break
        sleep 0.01
    done
    echo "# Ctrl-C to GDB's stop report: $CTRLC_MS ms"
    for _ in $(seq 600); do kill -0 "$gdb" 2>/dev/null || break; sleep 0.1; done
}

# The machine and nm of the oracle below: QEMU's Malta as $QEMU_CPU, with no
# NIC or VGA (a minimal Debian has no option ROMs for them) (ppc_lib.sh
# gives Power's).
qemu_oracle_machine() { echo qemu-system-mips -M malta -cpu "$QEMU_CPU" -nic none -vga none; }
ORACLE_NM=mips-linux-gnu-nm

# The oracle for counts: runs ELF on QEMU ($QEMU_CPU) to its end, one instruction per
# translation block with every block logged, driven by GDB with the extra
# -ex commands given (e.g. "set var x = 2"), and writes to $E2E_TMP/program.log
# the log without the stub's own instructions (tests/e2e/drop_stub_pcs.py).
# Usage: qemu_program_log ELF LIBPMUSTUB.a [GDB-COMMAND...]
qemu_program_log() {
    local elf=$1 lib=$2 qport pid top
    shift 2
    top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    qport=$(free_port)
    rm -f "$E2E_TMP/qemu.log" # an earlier QEMU's "waiting" (qemu_serving's)
    # shellcheck disable=SC2046 # the machine's words, none with a blank
    $(qemu_oracle_machine) -nographic -no-reboot -monitor none \
        -singlestep -d exec,nochain -D "$E2E_TMP/exec.log" -kernel "$elf" \
        -serial "tcp:127.0.0.1:$qport,server,nodelay=on" >"$E2E_TMP/qemu.log" 2>&1 &
    pid=$!
    E2E_PIDS+=($pid)
    # A loaded machine can take many seconds to start QEMU: wait for it to
    # listen rather than a fixed time, and say so if it never does.
    for _ in $(seq 600); do grep -q "waiting for connection" "$E2E_TMP/qemu.log" && break; sleep 0.1; done
    grep -q "waiting for connection" "$E2E_TMP/qemu.log" ||
        echo "# qemu_program_log: QEMU did not listen within 60 s: $(cat "$E2E_TMP/qemu.log")" >&2
    # No Ctrl-C poll: its timer interrupts would land in the region, and one
    # on a delay slot re-runs the branch. QEMU logs every instruction, the
    # stub's too: on a loaded machine a reply can take longer than GDB's
    # 2 s, and GDB, having asked again, takes the late reply for the next
    # packet's ("Remote replied unexpectedly to 'vMustReplyEmpty'", seen
    # at a load average of 12). Hence a longer remote timeout.
    gdb_batch "file $elf" "set remotetimeout 60" "target remote 127.0.0.1:$qport" "monitor ctrlc off" \
        "$@" "continue" >"$E2E_TMP/qemu-gdb.out"
    grep -q "exited" "$E2E_TMP/qemu-gdb.out" ||
        { echo "# qemu_program_log: the program did not run to its end under GDB:"; \
          sed 's/^/#   /' "$E2E_TMP/qemu-gdb.out"; } >&2
    # After the exit the stub polls the line for a new GDB, one logged
    # instruction at a time: stop QEMU before reading its log.
    kill "$pid"; wait "$pid" 2>/dev/null
    python3 "$top/tests/e2e/drop_stub_pcs.py" "$E2E_TMP/exec.log" "$elf" \
        "$lib" "$ORACLE_NM" >"$E2E_TMP/program.log"
}

# What CPU's "instructions" event counts from FROM up to TO (hex addresses)
# of $E2E_TMP/program.log (qemu_program_log): QEMU's count, plus one per
# integer multiply/divide on the R10000 and R12000, whose graduated-
# instructions event counts them twice (seed 003 event 15; seed 001,
# R12000 event 15; vboard/mips/pmu_bind.c binds the same).
# Usage: oracle_instructions CPU ELF FROM TO
oracle_instructions() {
    local cpu=$1 elf=$2 from=$3 to=$4 count top
    top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    count=$(python3 "$top/tests/vboard/qemu_count.py" "$E2E_TMP/program.log" "$elf" \
            mips-linux-gnu-objdump "$from" "$to") || return 1
    case $cpu in
    r10k|r12k)
        count=$((count + $(python3 "$top/tests/vboard/qemu_count.py" "$E2E_TMP/program.log" \
            "$elf" mips-linux-gnu-objdump "$from" "$to" \
            mul,mult,multu,div,divu,madd,maddu,msub,msubu))) ;;
    esac
    echo "$count"
}

# QEMU's instructions of ELF from the one after the stub's start-up break
# (where the stub resumes the program) up to pmustub_exit's first: the
# raw log, stub and all, from FROM's first execution on (the session's
# start before it is the stub's, and qemu_count.py reads branch-likely
# slots of the whole log it is given); nothing of the stub runs in
# between (no Ctrl-C poll). pmuctl stat's oracle.
# Usage: oracle_whole_run ELF LIBPMUSTUB.a mips|ppc   ($ORACLE_NM: the family's nm)
oracle_whole_run() {
    local elf=$1 lib=$2 arch=$3 from to top
    top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    from=$($ORACLE_NM "$elf" | awk '$3 == "pmustub_boot_break" { print substr($1, length($1) - 7) }')
    from=$(printf '%08x' $((0x$from + 4)))
    to=$($ORACLE_NM "$elf" | awk '$3 == "pmustub_exit" { print substr($1, length($1) - 7) }')
    qemu_program_log "$elf" "$lib" >&2
    awk -v pc="$from" 'go || ($1 == "Trace" && index($0, pc "/")) { go = 1; print }' \
        "$E2E_TMP/exec.log" >"$E2E_TMP/run.log"
    if [ "$arch" = ppc ]; then
        python3 "$top/tests/vboard/ppc/qemu_count_ppc.py" "$E2E_TMP/run.log" "$from" "$to"
    else
        python3 "$top/tests/vboard/qemu_count.py" "$E2E_TMP/run.log" "$elf" \
            mips-linux-gnu-objdump "$from" "$to"
    fi
}

# oracle_whole_run's count into EXPECT, said, and checked to be one (a
# few million instructions).
# Usage: expect_whole_run ELF LIBPMUSTUB.a mips|ppc
expect_whole_run() {
    EXPECT=$(oracle_whole_run "$@")
    echo "# QEMU: $EXPECT instructions from the start-up break to pmustub_exit"
    check "QEMU's count is a number" test -n "$EXPECT" -a "${EXPECT:-0}" -gt 1000000
}

# gdb-multiarch in batch mode; arguments are -ex commands.
gdb_batch() {
    local args=()
    for c in "$@"; do args+=(-ex "$c"); done
    timeout 120 gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch "${args[@]}" 2>&1
}

# Address of symbol $2 in ELF $1, as lower-case hex without 0x (from nm,
# independent of the stub and of GDB).
sym_addr() {
    mips-linux-gnu-nm "$1" | awk -v s="$2" '$3 == s { print substr($1, length($1) - 7) }'
}

# sigint_after SEC PID: a user's Ctrl-C (SIGINT) to PID after SEC
# seconds, then waits for PID to end: SIGINT_RC its status, SIGINT_MS the
# milliseconds from the signal to its end.
sigint_after() {
    local t0
    sleep "$1"
    t0=$(date +%s%N)
    kill -INT "$2"
    wait "$2"
    SIGINT_RC=$?
    SIGINT_MS=$((($(date +%s%N) - t0) / 1000000))
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
