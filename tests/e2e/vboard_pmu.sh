#!/usr/bin/env bash
# End to end: the counters of a vboard core as GDB registers.
# Usage: QEMU_CPU=QEMU-CPU vboard_pmu.sh VBOARD FIRMWARE.elf CPU COUNTERS TOP_SRC_DIR
# STUB_SUMMARY=0 in the environment: the stub was built without the
# summary of "monitor pmu" (-DPMUSTUB_PMU_SUMMARY=OFF).
# CPU is a registry key (target-xml/cores.toml), COUNTERS its number of
# counters and QEMU_CPU its qemu_cpu, as the registry says (CMake passes
# them from the generated cores.cmake).
# Oracles: the number of counters and the field layout from the manuals
# (the registry, target-xml/mips/perfctl-fields.csv), event codes from the
# catalogue, the register numbering from the design (tests/e2e/tdesc_regs.py),
# and instruction counts from QEMU's execution log of the same ELF on QEMU_CPU.
. "$(dirname "$0")/lib.sh"
VBOARD=$1 ELF=$2 CPU=$3 N=$4 TOP=$5
OUT=$E2E_TMP/gdb.out

# Code and counter of the event named "instructions" in the catalogue ('#'
# lines are comments, target-xml/gen_pmu.py read_csv); the
# bits a PerfCtl keeps, from the field layout (M, bit 31, reads 1 when
# another counter follows, on the cores that have it).
read -r ICODE ICTR < <(python3 - "$TOP/target-xml/events/$CPU.csv" <<'PY'
import csv, sys
for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")):
    if r["name"] == "instructions":
        print(r["code"], r["counters"].split()[0]); break
PY
)
kept_bits() { # kept_bits COUNTER
    python3 - "$TOP/target-xml/mips/perfctl-fields.csv" "$CPU" "$1" "$N" <<'PY'
import csv, sys
path, core, n, total = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
mask = 0
for r in csv.DictReader(l for l in open(path) if not l.startswith("#")):
    if r["core"] != core:
        continue
    bits = ((1 << (int(r["end"]) - int(r["start"]) + 1)) - 1) << int(r["start"])
    if r["field"] == "M":   # read-only: set where another counter follows
        bits = bits if n + 1 < total else 0
    mask |= bits
print("%x" % mask)
PY
}

# Region: from sum_squares' first instruction up to the instruction after
# main's call to it returns (jal + 8). Then a one-instruction bracket at
# branch_demo, whose first instruction is straight-line code.
FROM=$(sym_addr "$ELF" sum_squares)
JAL=$(mips-linux-gnu-objdump -d "$ELF" | awk '/jal.*<sum_squares>/ { sub(":", "", $1); print $1; exit }')
TO=$(printf "%x" $((0x$JAL + 8)))
# The crossing is taken before sum_squares' second instruction: that must
# not be a delay slot (an interrupted delay slot makes its branch run again,
# and count again, as the architecture specifies).
FIRST=$(mips-linux-gnu-objdump -d --start-address=0x$FROM --stop-address=$((0x$FROM + 4)) "$ELF" | awk -F'\t' '/^ *[0-9a-f]+:/ { print $3 }')
ONE_FROM=$(sym_addr "$ELF" branch_demo)
ONE_TO=$(printf "%x" $((0x$ONE_FROM + 4)))

# QEMU's count for the region: the same ELF, run to its end under GDB with
# no breakpoint; what the core's "instructions" event counts of it.
qemu_program_log "$ELF" "$(dirname "$ELF")/libpmustub.a"
QEMU_COUNT=$(python3 "$TOP/tests/vboard/qemu_count.py" "$E2E_TMP/program.log" "$ELF" \
             mips-linux-gnu-objdump "$FROM" "$TO")
EXPECT=$(oracle_instructions "$CPU" "$ELF" "$FROM" "$TO")

VPORT=$(free_port)
rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
"$VBOARD" --cpu "$CPU" --no-reboot --kernel "$ELF" \
    --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
E2E_PIDS+=($!)
for _ in $(seq 100); do python3 -c "import socket,sys; s=socket.socket(); sys.exit(s.connect_ex(('127.0.0.1',$VPORT)))" 2>/dev/null && break; sleep 0.1; done 2>/dev/null
sleep 0.2

# Instruction counting, user and kernel mode: EVENT << 5 | U | K. On the
# 34K on counter 1, leaving the even counters to "exceptions" (below).
[ "$CPU" = 34k ] && ICTR=1
ICTL=$(printf "0x%x" $(( (ICODE << 5) | 0x8 | 0x2 )))
# No Ctrl-C poll here either: deterministic counts (see the QEMU run).
cmds=("file $ELF" "target remote 127.0.0.1:$VPORT" "monitor ctrlc off" "info registers pmu")
# Every register the description names: read, and in GDB's remote map.
cmds+=("maint print remote-registers")
while read -r name _; do
    cmds+=("echo REG $name=" "output \$$name" "echo \n")
done < <(python3 "$TOP/tests/e2e/tdesc_regs.py" "$TOP" "$N" names)
for ((i = 0; i < N; i++)); do
    cmds+=("set \$perfctl$i = 0xffffffff" "printf \"KEPT$i=%x\\n\", \$perfctl$i")
done
# Every other counter: cycles (code 0 on every counter) in kernel mode.
for ((i = 0; i < N; i++)); do cmds+=("set \$perfctl$i = 0x2"); done
cmds+=("set \$perfctl$ICTR = $ICTL")
if [ "$CPU" = 34k ]; then
    # The stub's own break exceptions: "exceptions" (an even-counter event)
    # without EXL on counter 0 and with EXL on counter 2; instructions with
    # EXL on counter 3, beside the exact count on counter 1.
    EXC=$(awk -F, '$3 == "exceptions" { print $1 }' "$TOP/target-xml/events/34k.csv")
    cmds+=("set \$perfctl0 = $(( (EXC << 5) | 0xa ))"
           "set \$perfctl2 = $(( (EXC << 5) | 0xb ))"
           "set \$perfctl3 = $(( (ICODE << 5) | 0xb ))")
fi
for ((i = 0; i < N; i++)); do cmds+=("p \$perfctl$i"); done
cmds+=("info registers perfctl$N"
       "break *0x$FROM" "continue" "monitor pmu reset"
       # 64-bit counts: one below 2^32, so the region's first instruction
       # carries the count past 2^32 through the stub's overflow interrupt.
       "set \$perfcnt${ICTR}_64 = 0xffffffff"
       "set debug remote 1" "break *0x$TO" "continue" "set debug remote 0"
       "printf \"WHOLE=%u\\n\", \$perfcnt${ICTR}_64 - 0xffffffff"
       "printf \"WIDE=%lx LOW=%x\\n\", \$perfcnt${ICTR}_64, \$perfcnt$ICTR"
       "printf \"LAST=%u %u %u %u\\n\", \$perfcnt0, \$perfcnt1, \$perfcnt2, \$perfcnt$((N - 1))"
       "break *0x$ONE_FROM" "continue" "set \$perfcnt$ICTR = 0"
       "break *0x$ONE_TO" "continue"
       "printf \"ONE=%u\\n\", \$perfcnt$ICTR"
       # At br_taken now: a step runs the branch and its delay slot.
       "monitor pmu freeze" "stepi" "printf \"FROZEN=%u\\n\", \$perfcnt$ICTR"
       "monitor pmu" "monitor pmu unfreeze" "stepi"
       "printf \"THAWED=%u\\n\", \$perfcnt$ICTR"
       "monitor pmu help" "monitor pmu sideways"
       "printf \"BEFORE_P=%x\\n\", \$perfctl0"
       "maint packet P$(printf %x $((72 + 2 * N)))=00000000"
       "printf \"AFTER_P=%x\\n\", \$perfctl0"
       "delete" "continue")
gdb_batch "${cmds[@]}" >"$OUT"

NREGS=$(python3 "$TOP/tests/e2e/tdesc_regs.py" "$TOP" "$N" names | wc -l)
check "$CPU: each of the $NREGS registers the description names reads (the FPU's may be unavailable)" \
    python3 "$TOP/tests/e2e/tdesc_regs.py" "$TOP" "$N" reads "$OUT"
check "$CPU: each is in GDB's remote register map with its number" \
    python3 "$TOP/tests/e2e/tdesc_regs.py" "$TOP" "$N" map "$OUT"
check "premise: sum_squares does not start with a branch ($FIRST)" \
    bash -c "! [[ '$FIRST' =~ ^(b|j) ]]"
check "$CPU: info registers pmu lists exactly perfctl0..$((N-1)), perfcnt0..$((N-1)), perfcnt0_64..$((N-1))_64" \
    test "$(grep -oE '^perf(ctl|cnt)[0-9]+(_64)?' "$OUT" | sort | tr '\n' ' ')" = \
         "$( { for ((i = 0; i < N; i++)); do echo perfcnt$i; echo perfcnt${i}_64; echo perfctl$i; done; } | sort | tr '\n' ' ')"
for ((i = 0; i < N; i++)); do
    check "$CPU: perfctl$i written with all ones keeps exactly the manual's bits" \
        has "KEPT$i=$(kept_bits $i)"
done
check "$CPU: perfctl$ICTR decodes EVENT=instructions with K and U" \
    grep -qE '^\$[0-9]+ = \[ K U EVENT=instructions' "$OUT"
check "$CPU: every perfctl decodes its fields with an event name" \
    test "$(grep -cE '^\$[0-9]+ = \[.*EVENT=[a-z]' "$OUT")" -eq "$N"
check "$CPU: a counter the core lacks is no register" \
    has "Invalid register \`perfctl$N'"
check "$CPU: the sum_squares call counts $EXPECT: QEMU's $QEMU_CPU executes $QEMU_COUNT" \
    has "WHOLE=$EXPECT"
WIDE=$(printf "%x" $((0xffffffff + EXPECT)))
check "$CPU: the 64-bit count crosses 2^32 exactly (0x$WIDE)" has "WIDE=$WIDE "
check "$CPU: the 32-bit register shows its low half" has "LOW=$(printf "%x" $((0x$WIDE & 0xffffffff)))"
check "$CPU: a bracket from A to the next instruction counts 1 instruction" has "ONE=1"
if [ "$CPU" = 34k ]; then
    # Oracle for the stops: the resume packets GDB sent in that bracket
    # (stepping off the breakpoint at FROM, then continuing to TO).
    STOPS=$(grep -cE 'Sending packet: \$vCont;[cs]' "$OUT")
    read -r EXC_UK _ EXC_EXL INSN_EXL < <(sed -n 's/^LAST=//p' "$OUT")
    check "34k: exceptions counted in U/K leave out the stub's breaks (0)" test "$EXC_UK" = 0
    # ... and the one overflow interrupt of the count crossing 2^32.
    check "34k: with EXL set they count every stub entry ($STOPS stops + 1 overflow, counted $EXC_EXL)" \
        test "$EXC_EXL" = "$((STOPS + 1))"
    check "34k: instructions with EXL set include the stub's entry/exit paths" \
        test "$INSN_EXL" -gt "$EXPECT"
    echo "# 34k: with EXL counting, $(( (INSN_EXL - EXPECT) / STOPS )) instructions of the stub per stop on counter 3"
fi
check "$CPU: monitor pmu freeze keeps the counters still over a step" has "FROZEN=1"
check "$CPU: monitor pmu freeze says they stay frozen" \
    has "pmu: counters stay frozen when the program resumes"
check "$CPU: after unfreeze a step over a branch counts it and its delay slot" has "THAWED=3"
if [ "${STUB_SUMMARY:-1}" = 0 ]; then
    # Built without the summary (-DPMUSTUB_PMU_SUMMARY=OFF): "monitor pmu"
    # and its help say where the counters are shown instead.
    check "$CPU: monitor pmu, built without its summary, points at GDB's pmu registers" \
        test "$(grep -c "pmu: built without its summary: print GDB's registers of group pmu" "$OUT")" -ge 2
else
    check "$CPU: monitor pmu says they stay frozen" has "on resume they stay frozen"
    check "$CPU: monitor pmu help lists the subcommands" has "monitor pmu reset: set every count to 0"
fi
USAGE="[set EVENT[:MODES] ...|read|list|freeze|unfreeze|reset|help]"
[ "${STUB_SUMMARY:-1}" = 0 ] && USAGE="[freeze|unfreeze|reset|help]"
check "$CPU: a wrong argument gets a one-line error saying what is accepted" \
    has "pmu: unknown argument; usage: monitor pmu $USAGE"
check "$CPU: P to a register the core lacks gets an E reply" \
    grep -qE 'received: "E[0-9a-f]{2}"' "$OUT"
check "$CPU: ... and changes nothing" \
    test "$(sed -n 's/^BEFORE_P=//p' "$OUT")" = "$(sed -n 's/^AFTER_P=//p' "$OUT")"
check "$CPU: stop replies expedite every counter" \
    grep -qE "received: T05.*;$(for ((i = 0; i < N; i++)); do printf '%x:[0-9a-f]{8};%x:[0-9a-f]{16};.*' $((73 + 2 * i)) $((80 + i)); done)" "$OUT"
check "$CPU: the program still runs to its end" has "exited with code"
finish
