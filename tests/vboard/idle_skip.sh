#!/usr/bin/env bash
# vboard's idle skip (docs/vboard.md, "Idle loops") changes no count: the
# firmware waits twice in a loop that only polls a quiet UART, until the
# timer and then a counter overflow interrupt end the waits; what it
# prints (counters, Count) and vboard's --stats totals must be the same
# with the skip on and with --no-idle-skip, which simulates every
# iteration. The skip must have let iterations pass (else the test would
# compare a run with itself), and none with --no-idle-skip.
# Usage: idle_skip.sh VBOARD FIRMWARE.elf [VBOARD OPTION...]
set -u
VBOARD=$1 ELF=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for mode in skip noskip; do
    flag=()
    [ "$mode" = noskip ] && flag=(--no-idle-skip)
    "$VBOARD" "$@" --no-reboot --stats "${flag[@]}" --kernel "$ELF" </dev/null \
        >"$tmp/$mode.out" 2>"$tmp/$mode.err" || { echo "FAIL - $mode: vboard status $?"; fail=1; }
    # "N instructions, M cycles (timing model)": the totals, not the speed
    sed -n 's/.*: \([0-9]* instructions, [0-9]* cycles\).*/\1/p' "$tmp/$mode.err" \
        >"$tmp/$mode.totals"
    sed -n 's/.*: \([0-9]*\) of the instructions passed in idle loops.*/\1/p' \
        "$tmp/$mode.err" >"$tmp/$mode.skipped"
done
cat "$tmp/skip.out"
cat "$tmp/skip.totals"
echo "let pass while sleeping: $(cat "$tmp/skip.skipped") (skip on), $(cat "$tmp/noskip.skipped") (off)"
check() {
    if "${@:2}"; then echo "ok - $1"; else echo "FAIL - $1"; fail=1; fi
}
check "the program ran to its report" grep -q "^count=" "$tmp/skip.out"
check "the program's counts are the same with the skip on and off" \
    cmp -s "$tmp/skip.out" "$tmp/noskip.out"
check "vboard's instruction and cycle totals are the same" \
    test -s "$tmp/skip.totals" -a "$(cat "$tmp/skip.totals")" = "$(cat "$tmp/noskip.totals")"
check "the skip let iterations pass" test "$(cat "$tmp/skip.skipped")" -gt 0
check "--no-idle-skip let none pass" test "$(cat "$tmp/noskip.skipped")" = 0
[ $fail = 0 ] || { diff "$tmp/skip.out" "$tmp/noskip.out"; cat "$tmp/skip.err" "$tmp/noskip.err"; }
exit $fail
