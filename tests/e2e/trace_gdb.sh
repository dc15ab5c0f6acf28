#!/usr/bin/env bash
# End to end, the stub's half: gdb-multiarch's own tracepoint
# commands (trace, actions, collect, teval, tvariable, tstart, tstop,
# tstatus, tfind, tdump) and target-evaluated breakpoint conditions, on the
# real stub firmware on vboard --cpu 34k.
# Usage: QEMU_CPU=34Kf trace_gdb.sh VBOARD FIRMWARE.elf TOP_SRC_DIR
# FIRMWARE is pmuctl's bench firmware (host/firmware): bench_loop runs
# region_begin..region_end (one call of work(100), whose branches depend on
# data that changes every round) fw_rounds times, with the rounds left in
# $s0. Oracles: QEMU's execution log of the same ELF (every bracket's
# instruction count, lib.sh qemu_program_log), and arithmetic on the loop.
. "$(dirname "$0")/lib.sh"
VBOARD=$1 ELF=$2 TOP=$3
OUT=$E2E_TMP/gdb.out
ROUNDS=3

FROM=$(sym_addr "$ELF" region_begin)
TO=$(sym_addr "$ELF" region_end)
# Where main goes on after bench_loop returns: jal + 8.
JAL=$(mips-linux-gnu-objdump -d "$ELF" | awk '/jal.*<bench_loop>/ { sub(":", "", $1); print $1; exit }')
AFTER=$(printf "%x" $((0x$JAL + 8)))
ICODE=$(awk -F, '$3 == "instructions" { print $1 }' "$TOP/target-xml/events/34k.csv")
# perfctl1: instructions, in user and kernel mode (EVENT << 5 | U | K).
ICTL=$(printf "0x%x" $(( (ICODE << 5) | 0x8 | 0x2 )))

# QEMU: each bracket region_begin..region_end, and each gap between them.
qemu_program_log "$ELF" "$(dirname "$ELF")/../malta/libpmustub.a" "set var fw_rounds = $ROUNDS"
count_each() {
    python3 "$TOP/tests/vboard/qemu_count.py" --each "$E2E_TMP/program.log" "$ELF" \
        mips-linux-gnu-objdump "$1" "$2" | tr '\n' ' '
}
read -ra IN <<<"$(count_each "$FROM" "$TO")"
read -ra GAP <<<"$(count_each "$TO" "$FROM")"
echo "# QEMU $QEMU_CPU: region_begin..region_end executes ${IN[*]}; region_end..region_begin ${GAP[*]}"

start_vboard() {
    VPORT=$(free_port)
    rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
    "$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    E2E_PIDS+=($!)
    for _ in $(seq 100); do
        python3 -c "import socket,sys; s=socket.socket(); sys.exit(s.connect_ex(('127.0.0.1',$VPORT)))" 2>/dev/null && break
        sleep 0.1
    done
    sleep 0.2
}

# GDB's actions are read from its script, so each session is a file.
session() { # session NAME: runs $E2E_TMP/NAME.gdb, output in $OUT
    timeout 120 gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch -x "$E2E_TMP/$1.gdb" >"$OUT" 2>&1
    cp "$OUT" "$E2E_TMP/$1.out"
}

# ---- 1: frames at two tracepoints, a variable counting hits ----
start_vboard
cat >"$E2E_TMP/frames.gdb" <<EOF
file $ELF
target remote 127.0.0.1:$VPORT
monitor ctrlc off
set var fw_rounds = $ROUNDS
set \$perfctl1 = $ICTL
tvariable \$hits = 0
trace *0x$FROM
actions
collect \$perfcnt1, \$sp
end
trace *0x$TO
actions
collect \$perfcnt1, \$sp
teval \$hits = \$hits + 1
end
break *0x$AFTER
tstart
continue
tstop
tstatus
printf "HITS=%d\n", \$hits
tfind start
while (\$trace_frame != -1)
  printf "FRAME %d %x %u\n", \$trace_frame, \$pc, \$perfcnt1
  tfind
end
tfind 1
tdump
tfind none
printf "LIVE=%u\n", \$perfcnt1
delete
continue
EOF
session frames
mapfile -t FR < <(sed -n 's/^FRAME //p' "$OUT")
check "$((2 * ROUNDS)) frames, at region_begin and region_end in turn" \
    test "$(printf '%s\n' "${FR[@]}" | awk '{ printf "%s ", $2 }')" = \
         "$(for ((k = 0; k < ROUNDS; k++)); do printf "%s %s " "$FROM" "$TO"; done)"
for ((k = 0; k < ROUNDS; k++)); do
    read -r _ _ a <<<"${FR[2 * k]:-x x 0}"
    read -r _ _ b <<<"${FR[2 * k + 1]:-x x 0}"
    check "round $k: the frames' perfcnt1 differ by QEMU's ${IN[k]:-?} instructions of the bracket" \
        test "$((b - a))" = "${IN[k]:-none}"
    if ((k + 1 < ROUNDS)); then
        read -r _ _ c <<<"${FR[2 * k + 2]:-x x 0}"
        check "round $k: collecting adds nothing: region_end to the next region_begin counts QEMU's ${GAP[k]:-?}" \
            test "$((c - b))" = "${GAP[k]:-none}"
    fi
done
check "teval of a trace state variable counts the $ROUNDS hits" has "HITS=$ROUNDS"
check "tstatus: stopped by tstop, $((2 * ROUNDS)) frames" \
    bash -c "grep -q 'Trace stopped by a tstop command' '$OUT' && grep -q 'Collected $((2 * ROUNDS)) trace frames' '$OUT'"
check "tdump shows what frame 1 collected" has "Data collected at tracepoint 2, trace frame 1:"
check "the frame's registers are the frame's, not the live ones" \
    test "$(sed -n 's/^LIVE=//p' "$OUT")" != "$(echo "${FR[1]:-}" | awk '{ print $3 }')"
check "the program still runs to its end" has "exited with code"

# ---- 2: a full trace buffer stops the run ----
# 64 bytes: frames of 6 + 7 ($perfcnt1) + 7 ($sp) bytes, three fit.
start_vboard
sed -e "s/127.0.0.1:[0-9]*/127.0.0.1:$VPORT/" -e "s/fw_rounds = $ROUNDS/fw_rounds = 5/" \
    -e 's/^tstart$/set trace-buffer-size 64\ntstart/' -e 's/^tstop$//' \
    "$E2E_TMP/frames.gdb" >"$E2E_TMP/full.gdb"
session full
check "a full buffer stops the run, and tstatus says so" has "Trace stopped because the buffer was full."
check "... with the 3 frames that fit" has "Collected 3 trace frames."
check "... and the program goes on to its breakpoint" has "Breakpoint 3, "
check "... and to its end" has "exited with code"

# ---- 3: breakpoint conditions evaluated by the stub ----
start_vboard
cat >"$E2E_TMP/cond.gdb" <<EOF
file $ELF
target remote 127.0.0.1:$VPORT
monitor ctrlc off
set var fw_rounds = 4
set breakpoint condition-evaluation target
break *0x$FROM if \$s0 == 2
set debug remote 1
continue
set debug remote 0
printf "S0=%d\n", \$s0
delete
break *0x$FROM if 100 / (\$s0 - 1) == 0
continue
printf "DIVZERO_S0=%d\n", \$s0
tstatus
delete
continue
EOF
session cond
check "the condition went to the stub as bytecode (Z0 with a condition list)" \
    grep -qE "Sending packet: \\\$Z0,$FROM,4;X[0-9a-f]+," "$OUT"
check "a target-evaluated condition stops only when true (\$s0 == 2)" has "S0=2"
check "... with exactly one stop reply" \
    test "$(sed -n '/^\[remote\] Sending packet: \$vCont;c/,/set debug remote 0/p' "$OUT" | grep -c 'Packet received: T05')" = 1
# s0 = 2, then 1: 100 / (1 - 1) in the stub.
check "division by zero in a condition stops there (\$s0 = 1) instead of crashing" has "DIVZERO_S0=1"
check "... and tstatus names the error" has "breakpoint condition at 0x$FROM: division by zero"
check "the program still runs to its end" has "exited with code"

# ---- 4: Ctrl-C during a trace run: two tracepoints (hit far more often
# than the stub's Ctrl-C poll comes due) and a condition the stub
# evaluates. Three Ctrl-Cs in one session, each after GDB's mark that it
# is about to continue.
start_vboard
{
    echo "file $ELF"
    echo "target remote 127.0.0.1:$VPORT"
    echo "set var fw_rounds = 1000000"
    echo "set breakpoint condition-evaluation target"
    echo "tvariable \$hits = 0"
    echo "trace *0x$FROM"
    echo "trace *0x$TO"
    echo "actions"
    echo "teval \$hits = \$hits + 1"
    echo "end"
    echo "tstart"
    echo "break *0x$AFTER if \$s0 == 12345"
    for k in 1 2 3; do
        echo "echo CONTINUING$k\\n"
        echo "continue"
        echo "echo STOPPED$k\\n"
    done
    echo "tstatus"
    echo "delete"
    echo "tstop"
    echo "kill"
} >"$E2E_TMP/intr.gdb"
stdbuf -oL gdb-multiarch -q -nx "${GDB_WAIT[@]}" -batch -x "$E2E_TMP/intr.gdb" >"$OUT" 2>&1 &
G=$!
E2E_PIDS+=($G)
LAT=""
for k in 1 2 3; do
    for _ in $(seq 600); do grep -q "^CONTINUING$k" "$OUT" && break; sleep 0.1; done
    sleep 1
    T0=$(date +%s%N)
    kill -INT $G
    for _ in $(seq 1500); do grep -q "^STOPPED$k" "$OUT" && break; sleep 0.02; done
    LAT="$LAT $(( ($(date +%s%N) - T0) / 1000000 ))ms"
done
for _ in $(seq 300); do kill -0 $G 2>/dev/null || break; sleep 0.1; done
cp "$OUT" "$E2E_TMP/intr.out"
echo "# Ctrl-C to GDB's stop, three times:$LAT"
check "Ctrl-C stops a trace run of two tracepoints and a target condition, 3 times in 3" \
    test "$(grep -c "Program received signal SIGINT" "$OUT")" = 3 \
         -a "$(grep -c "^STOPPED" "$OUT")" = 3
check "... and the run goes on after each (tstatus: running)" \
    has "Trace is running on the target."

# ---- 5: trace notes, tsave, and a program that ends during a run ----
start_vboard
{
    echo "file $ELF"
    echo "target extended-remote 127.0.0.1:$VPORT"
    echo "set var fw_rounds = 2"
    echo "set trace-user tester"
    echo "set trace-notes measuring work"
    echo "trace *0x$FROM"
    echo "actions"
    echo "collect \$perfcnt1"
    echo "end"
    echo "tstart first run"
    echo "break *0x$TO"
    echo "continue"
    echo "tstop done here"
    echo "tstatus"
    echo "tsave $E2E_TMP/saved.tf"
    echo "delete 2"
    echo "tstart"
    echo "continue"
    echo "tstatus"
} >"$E2E_TMP/notes.gdb"
session notes
check "tstart and tstop with notes: no 'does not support trace notes'" \
    test "$(grep -ci "not support trace notes" "$OUT")" = 0
check "tstatus shows the trace user and tstart's notes" \
    bash -c "grep -q 'Trace user is tester' '$OUT' && grep -q 'Trace notes: first run' '$OUT'"
check "tsave writes the run: its status and its tracepoint" \
    bash -c "grep -q '^status 0;tstop:' '$E2E_TMP/saved.tf' && grep -q '^tp T1:$FROM:E' '$E2E_TMP/saved.tf'"
# GDB prints the exit code in octal.
CODE=$(printf "0x%02x" "$((8#$(sed -n 's/.*exited with code \([0-7]*\)\]$/\1/p' "$OUT" | head -1)))")
check "a program that ends during a run (extended-remote): tstatus says the run ended with it ($CODE)" \
    bash -c "sed -n '/exited with code/,\$p' '$OUT' | grep -q 'Trace stopped for an unknown reason' && grep -q 'Trace notes: the program ended (status $CODE)' '$OUT'"
finish
