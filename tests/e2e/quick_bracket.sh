#!/usr/bin/env bash
# End to end: the native bracket's quick path (stub/arch/mips32/quick.c)
# with a branch under FROM or TO: a taken beq, a not-taken branch-likely
# (its delay slot nullified), bal and bltzal (links), jal, and jalr (a jump
# through a register, which the quick path leaves to the full path). For
# each pair, on vboard's 34K, 20 brackets through pmuctl with tracepoints:
# instructions and branches in every bracket equal vboard's own count of
# the same pass with no debugger (--count-events, the ELF's boot stop a
# no-op). Then GDB lets the program run to its end: exit code 42 says each
# of its 200 step_demo calls returned x + 71 (quick_main.c), so every
# branch run out of line went where, and linked what, it would in place.
# vboard's profile says which pairs the quick path served (its TO code
# ran) and that it left the jalr one to the full path.
# Usage: quick_bracket.sh PMUCTL VBOARD QUICK.elf TOP_SRC_DIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
N=20

sym() { sym_addr "$ELF" "$1"; }
# The address of step_demo's Kth branch of kind OP.
branch() {
    mips-linux-gnu-objdump -d "$ELF" --start-address=0x"$(sym step_demo)" \
        --stop-address=0x"$(sym step_sub)" |
        awk -v op="$1" '$3 == op { sub(":", "", $1); print $1; exit }'
}

# pair FROM_OP TO_OP QUICK(yes|no)
pair() {
    local from to want quick=$3 ran
    from=$(branch "$1") to=$(branch "$2")
    "$VBOARD" --cpu 34k --kernel "$E2E_TMP/plain.elf" --count-events "0x$from:0x$to:2" \
        </dev/null >/dev/null 2>"$E2E_TMP/ce"
    want=$(awk '$1 == "instructions" || $1 == "branches" { printf "%s=%s ", $1, $2 }' "$E2E_TMP/ce")
    pm_start_vboard "$ELF" --profile "$E2E_TMP/profile"
    "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from "0x$from" --to "0x$to" \
        -e instructions,branches -r $N --json -o "$E2E_TMP/pm.json" >"$E2E_TMP/pm.out" 2>&1
    check "$1..$2: pmuctl measured $N brackets" test $? = 0
    python3 - "$E2E_TMP/pm.json" "$want" "$1..$2" $N <<'PY'
import json, sys
pm = {e["event"]: e for e in json.load(open(sys.argv[1]))["events"]}
want = dict(w.split("=") for w in sys.argv[2].split())
bad = 0
for ev, n in want.items():
    e, n = pm[ev], int(n)
    print(f"# {sys.argv[3]} {ev}: mean/min/max {e['counter-value']}/{e['min']}/{e['max']},"
          f" vboard's own {n}")
    bad += not (e["iterations"] == int(sys.argv[4]) and
                e["counter-value"] == e["min"] == e["max"] == n)
sys.exit(1 if bad or len(want) != 2 else 0)
PY
    check "$1..$2: every bracket's instructions and branches = vboard's own count ($want)" \
        test $? = 0
    gdb_batch "file $ELF" "target remote 127.0.0.1:$VPORT" "continue" >"$E2E_TMP/end" 2>&1
    check "$1..$2: the program then ends with 42 (every step_demo call right)" \
        grep -q "exited with code 052" "$E2E_TMP/end"
    kill "$VBOARD_PID" 2>/dev/null
    wait "$VBOARD_PID" 2>/dev/null
    ran=$(awk -v a="0x$(sym mips_quick_fold_call)" 'tolower($1) == tolower(a) { print $2 }' \
          "$E2E_TMP/profile")
    if [ "$quick" = yes ]; then
        check "$1..$2: the quick path served the brackets" test "${ran:-0}" -gt 0
    else
        check "$1..$2: the quick path left them to the full path" test "${ran:-0}" = 0
    fi
}

main() {
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(sym pmustub_boot_break)" 00000000
pair beq bal yes
pair bnel jal yes
pair bal bltzal yes
pair jal jalr yes
finish
}
main "$@"
