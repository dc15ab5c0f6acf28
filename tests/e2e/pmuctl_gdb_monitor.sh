#!/usr/bin/env bash
# End to end: 'monitor pmuctl ...' in gdb-multiarch through pmuctl proxy
# in front of the stub on vboard's 34K or e200z7 (docs/proxy.md, "pmuctl
# inside GDB").
# Usage: pmuctl_gdb_monitor.sh PMUCTL VBOARD FIRMWARE.elf 34k|e200z7 TOP_SRC_DIR
# Oracle: QEMU's execution log of the same ELF for the instructions of
# region_begin..region_end (pm_region_count; on Power QEMU's e500v2,
# qemu_count_ppc.py as pmuctl_power_vboard.sh); nm for the addresses.
PMUCTL=$1 VBOARD=$2 ELF=$3 CPU=$4 TOP=$5
# ppc_lib.sh is lib.sh with QEMU's oracle machine a ppce500.
if [ "$CPU" = 34k ]; then . "$(dirname "$0")/lib.sh"; else . "$(dirname "$0")/ppc_lib.sh"; fi
. "$(dirname "$0")/pmuctl_lib.sh"
OUT=$E2E_TMP/out

main() {
if [ "$CPU" = 34k ]; then
    pm_region_count "$ELF"
    pm_start_vboard "$ELF"
else
    FROM=$(ppc_sym_addr "$ELF" region_begin)
    TO=$(ppc_sym_addr "$ELF" region_end)
    qemu_program_log "$ELF" "$(dirname "$ELF")/../ppce500/libpmustub.a" "set var fw_rounds = 2"
    QEMU_COUNT=$(python3 "$TOP/tests/vboard/ppc/qemu_count_ppc.py" "$E2E_TMP/program.log" "$FROM" "$TO")
    echo "# QEMU: $QEMU_COUNT instructions from region_begin to region_end"
    pm_start_vboard "$ELF" --cpu "$CPU"
fi
check "QEMU counted the region" test "${QEMU_COUNT:-0}" -gt 0
pm_pick_port PP
"$PMUCTL" -t "127.0.0.1:$VPORT" proxy --listen "127.0.0.1:$PP" 2>"$E2E_TMP/proxy.log" &
E2E_PIDS+=($!)
for _ in $(seq 100); do grep -q "listening for GDB" "$E2E_TMP/proxy.log" && break; sleep 0.1; done
check "the proxy starts in front of the stub: $CPU, its own registers" \
    grep -q "pmustub at 127.0.0.1:$VPORT, core $CPU: 4 counters (the stub's registers)" \
    "$E2E_TMP/proxy.log"

# The user's breakpoint at region_begin comes first; the measure runs from
# the boot stop; afterwards GDB is told to read the registers again, finds
# the program at region_end (TO), and the user's breakpoint stops the
# next pass at region_begin.
gdb_batch "file $ELF" "target remote 127.0.0.1:$PP" "break region_begin" \
    "echo @@HELP\\n" "monitor pmuctl help" \
    "echo @@INFO\\n" "monitor pmuctl info" \
    "echo @@MEASURE\\n" \
    "monitor pmuctl measure --elf $ELF --from region_begin --to region_end -e instructions -r 3 -x ," \
    "printf \"PC0=%x\\n\", \$pc" "echo @@FLUSH\\n" "maint flush register-cache" "printf \"PC=%x\\n\", \$pc" \
    "echo @@CONTINUE\\n" "continue" "printf \"PC2=%x\\n\", \$pc" \
    "echo @@PMU\\n" "info registers pmu" "echo @@END\\n" \
    "monitor pmuctl stat -e instructions --duration 1" "echo @@STATEND\\n" >"$OUT"
echo "# gdb:"; sed 's/^/#   /' "$OUT"
check "monitor pmuctl help lists info, read, measure, stat" \
    bash -c "sed -n '/@@HELP/,/@@INFO/p' '$OUT' | grep -q '^  info ' &&
             sed -n '/@@HELP/,/@@INFO/p' '$OUT' | grep -q '^  stat ' &&
             sed -n '/@@HELP/,/@@INFO/p' '$OUT' | grep -q '^  read ' &&
             sed -n '/@@HELP/,/@@INFO/p' '$OUT' | grep -q '^  measure '"
check "monitor pmuctl info: the $CPU's 4 counters" \
    bash -c "sed -n '/@@INFO/,/@@MEASURE/p' '$OUT' | grep -q '^core: $CPU, 4 counters'"
check "monitor pmuctl measure: QEMU's count ($QEMU_COUNT) in each of 3 iterations" \
    bash -c "sed -n '/@@MEASURE/,/@@FLUSH/p' '$OUT' | grep -qx '$QEMU_COUNT,,instructions,0.00%,3,100.00,,,exact,'"
check "measure says where the program stopped: region_end (0x$TO)" \
    bash -c "sed -n '/@@MEASURE/,/@@FLUSH/p' '$OUT' | grep -q 'stopped at pc 0x$TO'"
check "before it flushes its cache GDB still shows the stop it saw (not $TO): docs/proxy.md" \
    bash -c "grep -q '^PC0=' '$OUT' && ! grep -qx 'PC0=$TO' '$OUT'"
check "after flushing its cache GDB sees that stop (pc $TO)" grep -qx "PC=$TO" "$OUT"
check "the user's breakpoint set before still stops the program (Breakpoint 1 at region_begin, 0x$FROM)" \
    bash -c "sed -n '/@@CONTINUE/,/@@PMU/p' '$OUT' | grep -q '^Breakpoint 1, ' &&
             grep -qx 'PC2=$FROM' '$OUT'"
check "info registers pmu still lists the counters (4 or more registers)" \
    test "$(sed -n '/@@PMU/,/@@END/p' "$OUT" | grep -c ' 0x')" -ge 4
check "monitor pmuctl stat --duration 1: perf stat's table in GDB's console, and where the program stopped" \
    bash -c "sed -n '/@@END/,/@@STATEND/p' '$OUT' | grep -q 'Performance counter stats' &&
             sed -n '/@@END/,/@@STATEND/p' '$OUT' | grep -qE '^ +[0-9]+ +instructions' &&
             sed -n '/@@END/,/@@STATEND/p' '$OUT' | grep -q 'the program ran and is stopped at pc 0x'"
}
main
finish
