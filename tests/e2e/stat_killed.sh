#!/usr/bin/env bash
# End to end: a pmuctl killed (SIGKILL) in stat -I timed on the target,
# and the GDB that comes next. record_long (it runs on for minutes) on
# vboard:
#  - pmuctl stat -I 10 --mhz 10 sends its records while the program runs;
#    it is killed after some have come, so the stub's run is still on,
#    with no QPmustub.Interval:off;
#  - a GDB that connects next gets in at its first try, finds a stopped
#    program (a PC), and `monitor pmu` says the run was on until its
#    session began, with at least as many intervals as pmuctl received;
#  - the GDB after that: `monitor pmu` says "off", nothing left over.
# Usage: stat_killed.sh PMUCTL VBOARD mips|ppc CPU LONG_ELF
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 ELF=$5
OUT=$E2E_TMP/out

main() {
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat -e instructions,cycles -I 10 --mhz 10 \
    --json -o "$E2E_TMP/stat.json" >"$E2E_TMP/stat.out" 2>&1 &
PM=$!
E2E_PIDS+=($PM)
# Until five records have come (the line at vboard's pace: well under a
# second; the bound is for a hang).
for _ in $(seq 1200); do
    [ "$(grep -c '"event" : "cycles"' "$E2E_TMP/stat.json" 2>/dev/null)" -ge 5 ] && break
    sleep 0.1
done
kill -9 $PM
wait $PM 2>/dev/null
GOT=$(grep -c '"interval".*"event" : "cycles"' "$E2E_TMP/stat.json")
echo "# pmuctl received $GOT records before the SIGKILL"
check "pmuctl received records of the run on the target" test "$GOT" -ge 5

gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" 'printf "PC=%x\n", $pc' \
    "monitor pmu" "detach" >"$OUT"
sed 's/^/#   /' "$OUT"
LEFT=$(sed -n 's/.*pmuctl stat -I: off; a run was on until this session began (\([0-9]*\) intervals).*/\1/p' "$OUT")
check "the next GDB gets in and finds a stopped program" grep -q '^PC=[0-9a-f]' "$OUT"
check "monitor pmu says the killed client's run was on until this session (${LEFT:-none} >= $GOT intervals)" \
    test -n "$LEFT" -a "${LEFT:-0}" -ge "$GOT"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "monitor pmu" "detach" >"$OUT"
check "the GDB after it: monitor pmu says stat -I is off, nothing left over" \
    bash -c "grep -q '^  pmuctl stat -I: off\$' '$OUT' && ! grep -q 'a run was on' '$OUT'"
finish
}
main "$@"
