#!/usr/bin/env bash
# End to end: the MPC5674F board port (stub/board/mpc5674f) boots on
# vboard's mpc5674f machine (flash at 0, the BAM's TLB entries, the RCHW's
# entry word) and serves gdb-multiarch over eSCI_A: the e200z7's PMRs
# listed and decoded, a breakpoint, a step, a write and read of SRAM, the
# exit code; pmuctl measures a counted loop on it; an image without an
# RCHW is refused.
# Usage: mpc5674f_vboard.sh VBOARD PMUCTL DEMO.elf LOOP.elf
. "$(dirname "$0")/ppc_lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
VBOARD=$1 PMUCTL=$2 ELF=$3 LOOP=$4
OUT=$E2E_TMP/gdb.out

# Starts vboard's MPC5674F on ELF $1, serving its eSCI_A on a free port
# (VPORT).
start_chip() {
    pm_pick_port VPORT
    rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
    "$VBOARD" --machine mpc5674f --no-reboot --kernel "$1" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    E2E_PIDS+=($!)
    for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.05; done
}

main() {
# Oracles, independent of the stub: addresses from nm, the exit code by
# arithmetic (demo.c: sum of i*i for i = 1..100, plus 3 + 1 + 2 + 4), the
# e200z7's PMR names from its manual (e200z7 RM Table 8-1), the memory map
# from the chip's header (SRAM at 0x40000000).
SUM=$(ppc_sym_addr "$ELF" sum_squares)
STEP=$(printf "%x" $((0x$SUM + 4)))
SCRATCH=$(ppc_sym_addr "$ELF" demo_scratch)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')
check "the program's data is in SRAM (0x40000000..0x4003FFFF)" \
    test $((0x$SCRATCH >> 18)) -eq $((0x40000000 >> 18))
check "the program's code is in flash, after the RCHW" test $((0x$SUM)) -lt $((4 << 20))

start_chip "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "info registers pmu" \
    "set var \$pmlca1 = 0x00020000" "info registers pmlca1" \
    "break sum_squares" "continue" "printf \"AT=%x\\n\", \$pc" "stepi" \
    "printf \"STEPPED=%x\\n\", \$pc" "set var demo_scratch = 0x5674f00d" \
    "printf \"SCRATCH=%x\\n\", *(unsigned *)0x$SCRATCH" \
    "x/1xw 0x$SCRATCH" "monitor pmu" "delete" "continue" >"$OUT"

check "info registers pmu lists PMGC0, PMLCa0-3, PMLCb0-3 and PMC0-3" \
    python3 - "$OUT" <<'PY'
import re, sys
out = open(sys.argv[1]).read()
want = ["pmgc0"] + [f"{r}{n}" for n in range(4) for r in ("pmlca", "pmlcb", "pmc")]
missing = [r for r in want if not re.search(rf"^{r}\s+0x", out, re.M)]
sys.exit(0 if not missing else print("missing", missing) or 1)
PY
check "PMLCa is decoded into fields (EVENT)" grep -qE "^pmlca0 +0x[0-9a-f]+ +\[.*EVENT=" "$OUT"
check "PMGC0 is decoded into fields (TBSEL)" grep -qE "^pmgc0 +0x[0-9a-f]+ +\[.*TBSEL=" "$OUT"
# e200z7 RM Table 8-10: event 2 is instructions completed; EVENT is PMLCa
# bits 8-15 (<< 16).
check "PMLCa1 = 0x00020000 reads back decoded as EVENT=instructions" \
    grep -qE "^pmlca1 +0x20000 +\[ EVENT=instructions " "$OUT"
check "break at sum_squares (in flash) and continue hits it" grep -qx "AT=$SUM" "$OUT"
check "stepi moves one instruction" grep -qx "STEPPED=$STEP" "$OUT"
check "a write to SRAM through the stub reads back" grep -qx "SCRATCH=5674f00d" "$OUT"
check "monitor pmu names the e200z7" grep -q "Power e200z7" "$OUT"
check "the exit code is reported" has "exited with code $EXIT_OCT]"

# pmuctl on the counted loop: 3 + 2 * 100 instructions a pass
# (mpc5674f_loop.S), by arithmetic.
start_chip "$LOOP"
sleep 0.3
WANT=$((3 + 2 * 100))
"$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$LOOP" --from region_begin \
    --to region_end -e instructions -r 4 -x , >"$OUT" 2>&1
echo "# pmuctl: $(cat "$OUT")"
check "pmuctl counts the loop's $WANT instructions in 4 of 4 passes" \
    grep -qE "^$WANT,,instructions,0.00%,4,100.00,,,exact,$" "$OUT"

# An image the BAM would not boot: the same ELF with its RCHW zeroed.
powerpc-linux-gnu-objcopy --update-section .rchw=<(head -c 8 /dev/zero) "$ELF" \
    "$E2E_TMP/no_rchw.elf"
"$VBOARD" --machine mpc5674f --no-reboot --kernel "$E2E_TMP/no_rchw.elf" \
    --serial "tcp:127.0.0.1:$(free_port),server" >"$OUT" 2>&1 && st=0 || st=$?
check "an image without an RCHW is refused (status 1)" test "$st" -eq 1
check "... saying why" grep -q "no valid RCHW" "$OUT"
}
main
finish
