#!/usr/bin/env bash
# End to end: pmuctl stat through OpenOCD 0.12 (a configuration as its
# manual has a user write one, oo_stock_cfg) with no stub on the target,
# on vboard's 34K: -I by halting, read and resume. The program: a loop of
# four instructions (addiu $s0; sw; b; nop) counting its passes in $s0,
# linked with -Ttext and the default linker script. The oracle is
# arithmetic on it: GDB stops the program at the loop's head and reads
# $s0; stat --duration 2 -I 100 counts and leaves it stopped; GDB reads
# $s0 and the pc again, and the instructions run are
# 4 x (passes begun) + the instructions of the last pass done.
#  - stat: status 0, ended by --duration, the program left stopped
#    (found stopped: a second GDB reads the same);
#  - -I: by halting (the run object says why: no stub), one record per
#    halt and the last, adding up exactly to the total;
#  - instructions = the loop's arithmetic, exactly;
#  - the table says how many halts there were and what they cost.
# Usage: stat_openocd.sh PMUCTL VBOARD
PMUCTL=$1 VBOARD=$2
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT

# state: "S0 PC" as a GDB straight to OpenOCD reads them.
state() {
    oo_gdb_idle "$OO_TMP/openocd.log"
    gdb_batch "file $FW" "target remote $T" "$@" 'printf "STATE %d %x\n", $s0, $pc' \
        "detach" | sed -n 's/^STATE //p'
}

main() {
OUT=$OO_TMP/out
FW=$OO_TMP/prog.elf
cat >"$OO_TMP/prog.S" <<'S'
    .set noreorder
    .text
    .globl __start
__start:
    move    $s0, $zero
    .globl loop
loop:
    addiu   $s0, $s0, 1
    sw      $s0, 0x40($sp)
    b       loop
    nop
S
mips-linux-gnu-gcc -march=34kc -mno-abicalls -fno-pic -nostdlib -static \
    -Wl,-Ttext=0x80100000 -o "$FW" "$OO_TMP/prog.S" || exit 1
LOOP=$(sym_addr "$FW" loop)
oo_stock_serve "$FW"
# OpenOCD turns GDB away until it has examined the core.
for _ in $(seq 30); do
    BEFORE=$(state "break *0x$LOOP" "continue" "delete")
    [ -n "$BEFORE" ] && break
    sleep 1
done
echo "# stopped at the loop's head: \$s0, pc = $BEFORE"
check "GDB stops the program at the loop's head" test "${BEFORE#* }" = "$LOOP"

oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" stat -e instructions,cycles --duration 2 -I 100 --json \
    -o "$OO_TMP/stat.json" >"$OUT" 2>&1
RC=$?
AFTER=$(state)
AGAIN=$(state)
echo "# stat: status $RC; then \$s0, pc = $AFTER ($AGAIN); $(tail -1 "$OO_TMP/stat.json")"
check "stat through OpenOCD: status 0 ($RC), the program left stopped" \
    test "$RC" = 0 -a -n "$AFTER" -a "$AFTER" = "$AGAIN"
check "-I by halting, records adding up, instructions = the loop's arithmetic" \
    python3 - "$OO_TMP/stat.json" "$BEFORE" "$AFTER" "$LOOP" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
s0, _ = sys.argv[2].split()
s1, pc1 = sys.argv[3].split()
s0, s1, pc1, loop = int(s0), int(s1), int(pc1, 16), int(sys.argv[4], 16)
run = [r for r in rows if "program" in r][-1]
assert run["program"] == "duration", run
assert run["intervals"] == "halts" and "OpenOCD" in run["intervals-why"], run
iv = [r for r in rows if "interval" in r]
tot = {r["event"]: int(r["counter-value"]) for r in rows
       if "event" in r and "interval" not in r}
for ev in ("instructions", "cycles"):
    lines = [r for r in iv if r["event"] == ev]
    assert len(lines) == run["halts"], (ev, len(lines), run["halts"])
    assert sum(int(r["counter-value"]) for r in lines) == tot[ev], ev
assert run["halts"] >= 3, run
# Instructions done since the head of the pass that set $s0 to s0 + 1:
# at the head (pc = loop) none of pass s1 + 1; elsewhere p of pass s1.
p = (pc1 - loop) // 4
assert 0 <= p < 4 and (pc1 - loop) % 4 == 0, hex(pc1)
want = 4 * (s1 - s0) + (p - 4 if p else 0)
print("# $s0 %d -> %d, pc 0x%x: %d instructions; counted %d; %d halts"
      % (s0, s1, pc1, want, tot["instructions"], run["halts"]))
assert tot["instructions"] == want, (tot["instructions"], want)
PY

# The table: the halts and their cost said.
oo_gdb_idle "$OO_TMP/openocd.log"
"$PMUCTL" -t "$T" stat -e instructions --duration 1 -I 100 >"$OUT" 2>&1
RC=$?
sed 's/^/#   /' "$OUT"
check "the table says the program was halted, how often and for how long, and why" \
    bash -c "[ $RC = 0 ] && grep -qE 'pmuctl halted the program [0-9]+ times \([0-9.]+ s in all\)' '$OUT' &&
             grep -q -- '-I read by halting the program: .*OpenOCD' '$OUT'"
}
main
finish
