#!/usr/bin/env bash
# End to end: vboard --count-events, the oracle that needs no debugger
# (docs/vboard.md, "--count-events"), on a known loop: pmuctl's firmware
# (host/firmware: region_begin..region_end brackets one call of work(100),
# whose data-dependent branches make each pass differ).
# Usage: count_events.sh mips|ppc VBOARD PMUCTL FIRMWARE.elf TOP_SRC_DIR CPU...
# The first CPU is also measured through the stub with pmuctl.
#
# vboard runs a copy of the ELF whose boot stop is a no-op
# (no_boot_stop.py): the stub-linked program then runs with no debugger,
# the stub is never entered. Checks, for passes 1 and 3 of
# region_begin..region_end and pass 2 of region_begin..region_begin:
# - the oracle: instructions, loads, stores, branches (and the other exact
#   instruction classes the core's catalogue has) equal QEMU's execution of
#   the same ELF (qemu_program_log: driven through the stub by GDB, the
#   stub's own pcs dropped, the Ctrl-C poll off), classified independently
#   of vboard (qemu_pass.py);
# - the definition: they equal what a breakpoint bracket of the same pass
#   measures through the stub (pmuctl measure --no-trace -r 1, uncalibrated:
#   the stub counts none of its own instructions, docs/pmu.md).
set -u
ISA=$1 VBOARD=$2 PMUCTL=$3 ELF=$4 TOP=$5
shift 5
CPUS=("$@")
if [ "$ISA" = ppc ]; then
    . "$TOP/tests/e2e/ppc_lib.sh"
    NM=powerpc-linux-gnu-nm OBJDUMP=powerpc-linux-gnu-objdump BOARD=ppce500
    NOP=60000000
else
    . "$TOP/tests/e2e/lib.sh"
    NM=mips-linux-gnu-nm OBJDUMP=mips-linux-gnu-objdump BOARD=malta
    NOP=00000000
fi
. "$TOP/tests/e2e/pmuctl_lib.sh"
OUT=$E2E_TMP/out

addr() { "$NM" "$ELF" | awk -v s="$1" '$3 == s { print substr($1, length($1) - 7) }'; }

# The catalogue names of instructions, loads, stores, branches per core.
events_of() {
    case $1 in
    r10k) echo instructions,graduated_loads,graduated_stores,decoded_branches ;;
    r12k) echo instructions,graduated_loads,graduated_stores,resolved_conditional_branches ;;
    e500v2) echo instructions,load_uops,store_uops,branches ;;
    *) echo instructions,loads,stores,branches ;;
    esac
}

main() {
FROM=$(addr region_begin) TO=$(addr region_end)
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(addr pmustub_boot_break)" "$NOP"
# QEMU: five rounds of the region (passes 1-5 of FROM..TO).
qemu_program_log "$ELF" "$(dirname "$ELF")/../$BOARD/libpmustub.a" "set var fw_rounds = 5"

# SPECS: "FROM TO N" of each pass checked; the first by symbols.
SPECS=("$FROM $TO 1" "$FROM $TO 3" "$FROM $FROM 2")
for p in "${SPECS[@]}"; do
    set -- $p
    python3 "$TOP/tests/vboard/qemu_pass.py" "$ISA" "$E2E_TMP/program.log" "$ELF" \
        "$OBJDUMP" "$1" "$2" "$3" >"$E2E_TMP/q-$1-$2-$3.json"
    check "QEMU ran pass $3 from $1 to $2" test -s "$E2E_TMP/q-$1-$2-$3.json"
done

for cpu in "${CPUS[@]}"; do
    for p in "${SPECS[@]}"; do
        set -- $p
        spec=0x$1:0x$2:$3
        [ "$p" = "${SPECS[0]}" ] && spec=region_begin:region_end
        "$VBOARD" --cpu "$cpu" --kernel "$E2E_TMP/plain.elf" --count-events "$spec" \
            </dev/null >/dev/null 2>"$E2E_TMP/v-$cpu-$1-$2-$3.out"
        rc=$?
        check "$cpu --count-events $spec: status 0, the pass's counts equal QEMU's" \
            test "$rc" = 0 -a "$(grep -c "pass $3 from" "$E2E_TMP/v-$cpu-$1-$2-$3.out")" = 1
        python3 "$TOP/tests/vboard/count_events_check.py" "$cpu" "$E2E_TMP/q-$1-$2-$3.json" \
            "$E2E_TMP/v-$cpu-$1-$2-$3.out"
        check "$cpu pass $3 from $1 to $2: = QEMU" test $? = 0
    done
    # Every pass above has the same instruction stream, so say that N picks
    # the pass by the caches: pass 1 is the first run of work()'s code
    # (cold lines: the timing model adds miss penalties), pass 3 runs it
    # from caches that already hold it, in fewer cycles.
    c1=$(awk '$1 == "cycles" { print $2 }' "$E2E_TMP/v-$cpu-$FROM-$TO-1.out")
    c3=$(awk '$1 == "cycles" { print $2 }' "$E2E_TMP/v-$cpu-$FROM-$TO-3.out")
    check "$cpu: N picks the pass: pass 1 ($c1 cycles, cold lines) > pass 3 ($c3)" \
        test "${c1:-0}" -gt "${c3:-0}"
done

# The same passes through the stub: breakpoints at FROM and TO, one
# bracket each: pass 1, pass 2, then one loop pass (below).
cpu=${CPUS[0]}
pm_pick_port VPORT
"$VBOARD" --cpu "$cpu" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting\|listening" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
sleep 0.3
M=("$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --no-trace -r 1
   -e "{$(events_of "$cpu")}")
"${M[@]}" --from region_begin --to region_end --json -o "$E2E_TMP/pm1.json" >"$OUT" 2>&1
check "$cpu: pmuctl bracket of pass 1 measured" test $? = 0
python3 "$TOP/tests/vboard/count_events_check.py" "$cpu" "$E2E_TMP/q-$FROM-$TO-1.json" \
    "$E2E_TMP/v-$cpu-$FROM-$TO-1.out" "$E2E_TMP/pm1.json"
check "$cpu: pass 1 through the stub (breakpoints) = --count-events = QEMU" test $? = 0
"${M[@]}" --from region_begin --to region_end --json -o "$E2E_TMP/pm2.json" >"$OUT" 2>&1
"$VBOARD" --cpu "$cpu" --kernel "$E2E_TMP/plain.elf" --count-events "0x$FROM:0x$TO:2" \
    </dev/null >/dev/null 2>"$E2E_TMP/v2.out"
python3 "$TOP/tests/vboard/qemu_pass.py" "$ISA" "$E2E_TMP/program.log" "$ELF" \
    "$OBJDUMP" "$FROM" "$TO" 2 >"$E2E_TMP/q2.json"
python3 "$TOP/tests/vboard/count_events_check.py" "$cpu" "$E2E_TMP/q2.json" \
    "$E2E_TMP/v2.out" "$E2E_TMP/pm2.json"
check "$cpu: pass 2 through the stub = --count-events pass 2 = QEMU" test $? = 0
# FROM = TO: the program stands at TO after pass 2, so the bracket runs
# from the 3rd arrival at FROM to the 4th: --count-events' FROM:FROM pass 3.
# pmuctl steps off FROM's breakpoint there; the step counts the program's
# instruction and none of the stub's.
"${M[@]}" --from region_begin --to region_begin --json -o "$E2E_TMP/pm3.json" >"$OUT" 2>&1
"$VBOARD" --cpu "$cpu" --kernel "$E2E_TMP/plain.elf" --count-events "0x$FROM:0x$FROM:3" \
    </dev/null >/dev/null 2>"$E2E_TMP/v3.out"
python3 "$TOP/tests/vboard/qemu_pass.py" "$ISA" "$E2E_TMP/program.log" "$ELF" \
    "$OBJDUMP" "$FROM" "$FROM" 3 >"$E2E_TMP/q3.json"
python3 "$TOP/tests/vboard/count_events_check.py" "$cpu" "$E2E_TMP/q3.json" \
    "$E2E_TMP/v3.out" "$E2E_TMP/pm3.json"
check "$cpu: one loop pass (FROM = TO) through the stub = --count-events = QEMU" test $? = 0
finish
}
main "$@"
