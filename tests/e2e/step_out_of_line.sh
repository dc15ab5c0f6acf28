#!/usr/bin/env bash
# End to end: the stub steps out of line (stub/arch/mips32/displaced.c).
# GDB steps through step_demo (step_branches.S: a taken beq, a not-taken
# branch-likely, bal, bltzal, jal, jalr, jr) one instruction at a time,
# through the stub on vboard's 34K and on QEMU's 34Kf; the oracle is QEMU's
# own gdbstub stepping the same ELF (its boot stop a no-op, no stub
# entered): the pc, v0, ra and t9 after every step are the same. Then
# target-evaluated breakpoints whose condition is false on every branch
# (the stub steps over its own trap at each, out of line) and the function's
# result at its end, x + 71 by arithmetic (x = 5).
# Usage: step_out_of_line.sh VBOARD PERTURB.elf TOP_SRC_DIR
set -u
VBOARD=$1 ELF=$2 TOP=$3
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
QEMU_CPU=${QEMU_CPU:-34Kf}
STEPS=28
OUT=$E2E_TMP/cond

steps() { # the GDB commands: to step_demo, then STEPS stepi with a line each
    local c=("break step_demo" "continue" "delete")
    for _ in $(seq $STEPS); do
        c+=("printf \"STEP pc=%08x v0=%d ra=%08x t9=%08x\\n\", \$pc, \$v0, \$ra, \$t9" "stepi")
    done
    printf '%s\n' "${c[@]}"
}
mapfile -t STEP_CMDS < <(steps)

main() {
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(sym_addr "$ELF" pmustub_boot_break)" 00000000

# The oracle: QEMU's gdbstub, no stub involved.
QP=$(free_port)
qemu-system-mips -M malta -cpu "$QEMU_CPU" -nographic -nic none -vga none -monitor none \
    -serial null -S -gdb "tcp:127.0.0.1:$QP" -kernel "$E2E_TMP/plain.elf" \
    >"$E2E_TMP/qemu-native.log" 2>&1 &
E2E_PIDS+=($!)
wait_listen "$QP"
gdb_batch "file $E2E_TMP/plain.elf" "target remote 127.0.0.1:$QP" "${STEP_CMDS[@]}" \
    "kill" | grep "^STEP " >"$E2E_TMP/oracle"
check "QEMU's gdbstub stepped $STEPS instructions of step_demo" \
    test "$(wc -l <"$E2E_TMP/oracle")" = $STEPS

# The same through the stub, on vboard and on QEMU.
pm_start_vboard "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "${STEP_CMDS[@]}" "kill" \
    | grep "^STEP " >"$E2E_TMP/vboard"
check "vboard, the stub's steps: every pc, v0, ra, t9 as QEMU's own gdbstub" \
    diff "$E2E_TMP/oracle" "$E2E_TMP/vboard"
start_qemu "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "${STEP_CMDS[@]}" "kill" \
    | grep "^STEP " >"$E2E_TMP/qemu"
check "QEMU, the stub's steps: every pc, v0, ra, t9 as QEMU's own gdbstub" \
    diff "$E2E_TMP/oracle" "$E2E_TMP/qemu"
diff "$E2E_TMP/oracle" "$E2E_TMP/vboard" | head -5

# Breakpoints the stub steps over itself: a false condition evaluated on
# the target at every branch of step_demo and step_sub.
BR=$(mips-linux-gnu-objdump -d "$ELF" --start-address=0x$(sym_addr "$ELF" step_demo) \
     --stop-address=0x$(sym_addr "$ELF" step_sub2) |
     awk '$3 ~ /^(beq|bnel|bal|bltzal|jal|jalr|jr)$/ { sub(":", "", $1); print $1 }')
END=$(mips-linux-gnu-objdump -d "$ELF" --start-address=0x$(sym_addr "$ELF" step_demo) \
      --stop-address=0x$(sym_addr "$ELF" step_sub) | awk '$3 == "jr" && $4 == "t8" { sub(":", "", $1); print $1 }')
CMDS=("set breakpoint condition-evaluation target" "break step_demo" "continue")
for a in $BR; do CMDS+=("break *0x$a if \$v0 == 999"); done
CMDS+=("break *0x$END" "continue" "printf \"END pc=%08x v0=%d\\n\", \$pc, \$v0" "kill")
pm_start_vboard "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "${CMDS[@]}" >"$E2E_TMP/cond"
check "$(echo $BR | wc -w) false target conditions on branches: the run reaches the end with v0 = 5 + 71" \
    grep -qx "END pc=$END v0=76" "$E2E_TMP/cond"
grep "^END" "$E2E_TMP/cond" || tail -5 "$E2E_TMP/cond"
finish
}
main "$@"
