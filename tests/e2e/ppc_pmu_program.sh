#!/usr/bin/env bash
# The Power stub with a program that uses the performance monitor and
# interrupts of its own, on vboard as CPU (docs/pmu.md, "How the stub stays
# out of the counts"):
# - ppc_program_irq.elf: five decrementer interrupts, handed to the
#   program's handler by the stub, inside a bracket from main to the
#   program's last wrteei. The handler runs marked, so it is counted: on
#   the e200z7 the multiply instructions of the bracket are exactly the
#   handler's (4 mullw a call, none elsewhere in the program: checked in the
#   disassembly), on both cores the instructions are at least 5 times the
#   handler's straight-line length.
# - ppc_self_pmu.elf: the program freezes, preloads PMC0 at 2^31 - 256,
#   chooses its event without CE, counts a loop across bit 31 and freezes
#   again; pmc0_64 at the next stop is the arithmetic count (2 a round and
#   the freezing mtpmr), and GDB shows the program's own PMLCa0 and PMGC0.
# Usage: ppc_pmu_program.sh VBOARD IRQ.elf SELF.elf CPU TOP_SRC_DIR
. "$(dirname "$0")/ppc_lib.sh"
VBOARD=$1 IRQ_ELF=$2 SELF_ELF=$3 CPU=$4 TOP=$5
OUT=$E2E_TMP/gdb.out
OBJDUMP=powerpc-linux-gnu-objdump

code_of() { # code_of EVENT-NAME: its code in the core's catalogue, or nothing
    awk -F, -v n="$1" '!/^#/ && $3 == n { print $1; exit }' "$TOP/target-xml/events/$CPU.csv"
}

# vboard serving $1 as CPU on $VPORT.
start_vboard() {
    VPORT=$(free_port)
    rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
    "$VBOARD" --cpu "$CPU" --no-reboot --kernel "$1" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    E2E_PIDS+=($!)
    for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done
}

# The handler's instructions from its entry to its blr, and its mullw.
HANDLER=$($OBJDUMP -d "$IRQ_ELF" | awk '/<pmustub_program_interrupt>:/ { on = 1; next }
    on && /^$/ { exit } on { print }')
HLEN=$(grep -cE '^\s+[0-9a-f]+:' <<<"$HANDLER")
HMUL=$(grep -cw mullw <<<"$HANDLER")
MAINMUL=$($OBJDUMP -d "$IRQ_ELF" | awk '/<main>:/ { on = 1; next } on && /^$/ { exit } on' | grep -cw mullw)
check "the handler has 4 mullw and main none" test "$HMUL" = 4 -a "$MAINMUL" = 0
WRTEEI0=$($OBJDUMP -d "$IRQ_ELF" | awk '/<main>:/ { on = 1 } on && /wrteei  *0/ { sub(":", "", $1); print $1; exit }')
ICODE=$(code_of instructions)
MCODE=$(code_of multiply_instructions)

start_vboard "$IRQ_ELF"
cmds=("file $IRQ_ELF" "set endian big" "target remote 127.0.0.1:$VPORT" "monitor ctrlc off"
      "break main" "continue" "set \$pmlca1 = $((ICODE << 16))")
[ -n "$MCODE" ] && cmds+=("set \$pmlca0 = $((MCODE << 16))")
cmds+=("set \$pmc0 = 0" "set \$pmc1 = 0" "break *0x$WRTEEI0" "continue"
       "printf \"MULS=%u INSNS=%u IRQS=%u\\n\", \$pmc0, \$pmc1, irqs" "delete" "continue")
gdb_batch "${cmds[@]}" >"$OUT"
INSNS=$(sed -n 's/^MULS=[0-9]* INSNS=\([0-9]*\) .*/\1/p' "$OUT")
if [ -n "$MCODE" ]; then
    check "$CPU: the bracket's multiply instructions are the handler's, 5 calls of 4" has "MULS=20 "
fi
check "$CPU: the bracket's instructions hold 5 handler runs of $HLEN (counted: ${INSNS:-none})" \
    test "${INSNS:-0}" -ge $((5 * HLEN))
# (A 6th tick may come between the stop and the program's wrteei 0: the
# time base runs on while the program is stopped.)
check "$CPU: the bracket held the program's 5 interrupts" has " IRQS=5"
check "$CPU: the program runs to its end" has "exited with code"

start_vboard "$SELF_ELF"
LOOPS=1000
gdb_batch "file $SELF_ELF" "set endian big" "target remote 127.0.0.1:$VPORT" \
    "set var self_pmu_loops = $LOOPS" "break self_pmu_done" "continue" \
    "printf \"PMC0_64=%lx PMLCA0=%x PMGC0=%x\\n\", \$pmc0_64, \$pmlca0, \$pmgc0" \
    "delete" "continue" >"$OUT"
WANT=$(printf %x $((0x7fffff00 + 2 * LOOPS + 1)))
check "$CPU: a count the program set up itself crosses bit 31 without CE: pmc0_64 = 0x$WANT" \
    has "PMC0_64=$WANT "
check "$CPU: GDB shows the program's own PMLCa0 (no CE, no FCM0) and PMGC0 (FAC)" \
    has "PMLCA0=20000 PMGC0=80000000"
check "$CPU: the program exits" has "exited normally"
finish
