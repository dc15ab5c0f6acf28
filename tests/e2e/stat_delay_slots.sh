#!/usr/bin/env bash
# End to end: interrupts in a branch's delay slot do not run the branch
# twice (stub/arch/mips32/delay_slot.c). delay_loop.c runs a loop of three
# instructions, one a delay slot, N times: its instructions are C + 3N.
# QEMU's execution of the N = 1000 and N = 2000 builds gives C (and checks
# that the count is C + 3N); pmuctl stat -I 10 of the N = 40,000,000 build
# on vboard halts the program some tens of times (a third of them, give
# or take, in the delay slot; 62 on this project's 2-core machine, so at
# least 5 on a host up to twelve times faster) and must count C + 3N
# exactly.
# Usage: stat_delay_slots.sh PMUCTL VBOARD CPU LIBPMUSTUB.a ELF_1000 ELF_2000 ELF_BIG N_BIG
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 CPU=$3 LIB=$4 E1=$5 E2=$6 EBIG=$7 NBIG=$8
OUT=$E2E_TMP/out

main() {
Q1=$(oracle_whole_run "$E1" "$LIB" mips) Q2=$(oracle_whole_run "$E2" "$LIB" mips)
C=$((Q1 - 3 * 1000))
echo "# QEMU: $Q1 instructions at N = 1000, $Q2 at N = 2000: C = $C"
check "QEMU counts C + 3N at both N" test "$Q2" -eq $((C + 3 * 2000))
check "the three builds have the same code" test \
    "$(mips-linux-gnu-objdump -d "$E1" | tail -n +3 | md5sum)" = \
    "$(mips-linux-gnu-objdump -d "$EBIG" | tail -n +3 | md5sum)"
WANT=$((C + 3 * NBIG))
start_vboard_serving "$VBOARD" "$CPU" "$EBIG"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" stat --elf "$EBIG" -e instructions -I 10 \
    --json -o "$E2E_TMP/s.json" >"$OUT" 2>&1
RC=$?
RUN=$(tail -1 "$E2E_TMP/s.json")
GOT=$(python3 -c 'import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print([r for r in rows if r.get("event") == "instructions" and "interval" not in r][0]["counter-value"])' \
    "$E2E_TMP/s.json" 2>/dev/null)
HALTS=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["halts"])' "$RUN" 2>/dev/null)
echo "# pmuctl stat -I 10: status $RC, $GOT instructions (C + 3N = $WANT), $HALTS halts"
check "stat ends with the program (status $RC)" test "$RC" -eq 0
check "the program was halted at least 5 times ($HALTS)" test "${HALTS:-0}" -ge 5
check "the count is exactly C + 3N ($GOT = $WANT)" test "$GOT" = "$WANT"
finish
}
main "$@"
