#!/usr/bin/env bash
# End to end: pmuctl straight to the stub on vboard --cpu CPU counts the
# instructions of a region as QEMU executes them on the core's qemu_cpu.
# Usage: QEMU_CPU=QEMU-CPU pmuctl_cores.sh PMUCTL VBOARD FIRMWARE.elf CPU TOP_SRC_DIR
# CPU is a registry key and QEMU_CPU its qemu_cpu (target-xml/cores.toml;
# CMake passes both from the generated cores.cmake).
# Oracle: QEMU's execution log of the same ELF (lib.sh qemu_program_log and
# oracle_instructions), region_begin..region_end of host/firmware/bench_loop.S.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3 CPU=$4 TOP=$5
OUT=$E2E_TMP/out

# One function, read whole before it runs (see pmuctl_vboard.sh).
main() {
FROM=$(sym_addr "$ELF" region_begin)
TO=$(sym_addr "$ELF" region_end)
qemu_program_log "$ELF" "$(dirname "$ELF")/../malta/libpmustub.a" "set var fw_rounds = 2"
EXPECT=$(oracle_instructions "$CPU" "$ELF" "$FROM" "$TO")
echo "# QEMU $QEMU_CPU: region_begin..region_end counts $EXPECT on $CPU"

pm_pick_port VPORT
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu "$CPU" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 1200); do grep -q "waiting\|listening" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
sleep 0.3

"$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from region_begin --to region_end \
    -e instructions -r 3 -x , >"$OUT" 2>&1
echo "# pmuctl: $(cat "$OUT")"
check "$CPU: pmuctl measure -e instructions counts QEMU's $EXPECT in every iteration" \
    grep -qx "$EXPECT,,instructions,0.00%,3,100.00,,,exact," "$OUT"
finish
}
main "$@"
