#!/usr/bin/env bash
# End to end: events chosen by name inside GDB ("monitor pmu set", "read",
# "list") on vboard's 34K, counted between two breakpoints.
# Usage: gdb_pmu_select.sh VBOARD FIRMWARE.elf TOP_SRC_DIR
# Oracles: QEMU's execution log of the same ELF on the 34Kf (the region's
# instructions; the program runs in kernel mode, so instructions:k counts
# all of them), the catalogue (target-xml/events/34k.csv) for the names
# and their counters, the GDB manual's register commands for the values
# set leaves in $perfctlN.
. "$(dirname "$0")/lib.sh"
VBOARD=$1 ELF=$2 TOP=$3
OUT=$E2E_TMP/gdb.out
CSV=$TOP/target-xml/events/34k.csv

# The region: sum_squares up to the instruction after main's call returns
# (as vboard_pmu.sh).
FROM=$(sym_addr "$ELF" sum_squares)
JAL=$(mips-linux-gnu-objdump -d "$ELF" | awk '/jal.*<sum_squares>/ { sub(":", "", $1); print $1; exit }')
TO=$(printf "%x" $((0x$JAL + 8)))
qemu_program_log "$ELF" "$(dirname "$ELF")/libpmustub.a"
EXPECT=$(oracle_instructions 34k "$ELF" "$FROM" "$TO")

# From the catalogue: instructions' code; the first event only odd
# counters count (a second event after it needs counter 3); its number.
read -r ICODE ODD ODDCODE NEVENTS < <(python3 - "$CSV" <<'PY'
import csv, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")))
ins = next(r["code"] for r in rows if r["name"] == "instructions")
odd = next(r for r in rows if r["counters"].split() == ["1", "3"])
print(ins, odd["name"], odd["code"], len({r["name"] for r in rows}))
PY
)

VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log"
"$VBOARD" --cpu 34k --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
wait_listen "$VPORT"

gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "monitor ctrlc off" \
    "monitor pmu list" \
    "echo BAD1\n" "monitor pmu set instrutions:k" \
    "echo BAD2\n" "monitor pmu set instructions:k,q" \
    "echo BAD3\n" "monitor pmu set $ODD $ODD $ODD" \
    "printf \"UNCHANGED=%x %x %x %x\\n\", \$perfctl0, \$perfctl1, \$perfctl2, \$perfctl3" \
    "break *0x$FROM" "continue" \
    "echo SET\n" "monitor pmu set instructions:k $ODD cycles:u,k,exl" \
    "printf \"CTL=%x %x %x %x\\n\", \$perfctl0, \$perfctl1, \$perfctl2, \$perfctl3" \
    "break *0x$TO" "continue" \
    "echo READ\n" "monitor pmu read" \
    "printf \"GDB=%u\\n\", \$perfcnt0_64" \
    "source $TOP/gdb/pmustub.py" "printf \"FN=%u\\n\", \$pmu(\"instructions\")" \
    "printf \"FN2=%u\\n\", \$pmu(\"loads\")" \
    "delete" "continue" >"$OUT"

check "premise: QEMU's log counts the region ($EXPECT instructions)" test "${EXPECT:-0}" -gt 100
check "monitor pmu read counts instructions:k as QEMU executes ($EXPECT)" \
    grep -qxF "  counter 0: instructions:k $EXPECT" "$OUT"
check "... and GDB's \$perfcnt0_64 says the same" has "GDB=$EXPECT"
check "... and so does \$pmu(\"instructions\") (gdb/pmustub.py)" has "FN=$EXPECT"
check "\$pmu of an event no counter counts: an error naming what they count" \
    grep -q "\$pmu: no counter is set to 'loads' (perfctl0 instructions, perfctl1 $ODD" "$OUT"
check "set put instructions in counter 0's EVENT with K only; $ODD ($ODDCODE) on counter 1 with U and K; cycles on counter 2 with EXL, K, U; counter 3 off" \
    has "CTL=$(printf %x $(( 0x80000000 | ICODE << 5 | 0x2 ))) $(printf %x $(( 0x80000000 | ODDCODE << 5 | 0xa ))) $(printf %x $(( 0x80000000 | 0xb ))) 0"
check "read names each counter's event and modes" \
    grep -qE "^  counter 1: $ODD:u,k [0-9]+\$" "$OUT"
check "read says a counter set counts nothing is off" grep -qE '^  counter 3: off 0$' "$OUT"
check "a misspelt event: a clear message naming the close name, nothing changed" \
    has "pmu: 'instrutions' is no event of the 34K; close names: instructions; nothing changed"
check "an unknown mode: the modes the core has" \
    has "pmu: unknown mode 'q' (modes: u,s,k,exl, each once); nothing changed"
check "an event on more counters than it has: refused" \
    has "pmu: '$ODD': every counter that can count it is taken by an event before it; nothing changed"
check "... and none of the refusals changed a control (all counters still at reset, M set on 0-2)" \
    has "UNCHANGED=80000000 80000000 80000000 0"
NLISTED=$(sed -n '/^pmu: the 34K.s events on counter/,/^BAD1/p' "$OUT" | grep -v '^pmu:\|^BAD1' |
          grep -oE '[a-z0-9_]+ [0-9]+' | awk '{ print $1 }' | sort -u | wc -l)
check "list shows every event of the catalogue ($NEVENTS names; listed $NLISTED)" test "$NLISTED" = "$NEVENTS"
check "list has one block for the even counters and one for the odd" \
    test "$(grep -cE "^pmu: the 34K's events on counter (0, 2|1, 3) \(name code\):$" "$OUT")" = 2
check "the program still runs to its end" has "exited with code"
finish
