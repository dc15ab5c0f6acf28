#!/usr/bin/env bash
# End to end: pmuctl compare on results pmuctl measured on vboard's 34K
# (the bench firmware, tracepoints). Two runs of the same region, each on
# a fresh board: nothing moved, status 0; a run against itself: 0; the
# region against one whole loop pass (--from = --to: 3 instructions more,
# 0.2%): below the default 1% threshold, status 0; with --threshold 0.1,
# status 5, instructions "moved", and the change in percent is the
# arithmetic of the two files' own means. --json says the same. The
# other way round, 3 fewer: improved (fewer instructions are better: the
# registry's worse way for them is increase), status 0; --fail-on any or
# decrease: 5.
# Usage: pmuctl_compare.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
OUT=$E2E_TMP/out

# run NAME TO: 50 brackets region_begin..TO on a fresh vboard into NAME.json
run() {
    pm_start_vboard "$ELF"
    "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from region_begin --to "$2" \
        -e instructions,cycles -r 50 --no-progress --json -o "$E2E_TMP/$1.json" \
        >"$E2E_TMP/$1.out" 2>&1
    check "measured $1 (region_begin..$2)" test $? = 0
    kill "$VBOARD_PID" 2>/dev/null
    wait "$VBOARD_PID" 2>/dev/null
}
mean() { # mean FILE EVENT
    python3 -c 'import json,sys; print(next(e["counter-value"] for e in json.load(open(sys.argv[1]))["events"] if e["event"] == sys.argv[2]))' "$1" "$2"
}

main() {
run a region_end
run b region_end
run pass region_begin
"$PMUCTL" compare "$E2E_TMP/a.json" "$E2E_TMP/b.json" >"$E2E_TMP/ab" 2>&1
check "two runs of the same region: status 0" test $? = 0
cat "$E2E_TMP/ab"
"$PMUCTL" compare "$E2E_TMP/a.json" "$E2E_TMP/a.json" >/dev/null 2>&1
check "a run against itself: status 0" test $? = 0
"$PMUCTL" compare "$E2E_TMP/a.json" "$E2E_TMP/pass.json" >"$E2E_TMP/ap" 2>&1
RC=$? # (check's own first lines would reset $?)
check "the region against a whole loop pass: below the default 1%, status 0" \
    eval 'test $RC = 0 && grep -q "instructions  *below threshold" "$E2E_TMP/ap"'
"$PMUCTL" compare --threshold 0.1 "$E2E_TMP/a.json" "$E2E_TMP/pass.json" >"$E2E_TMP/ap" 2>&1
check "... with --threshold 0.1: status 5" test $? = 5
cat "$E2E_TMP/ap"
want=$(python3 -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print("%+.2f%%" % (100 * (b - a) / a))' \
       "$(mean "$E2E_TMP/a.json" instructions)" "$(mean "$E2E_TMP/pass.json" instructions)")
check "... instructions moved by $want (the files' means)" \
    grep -qE "^ +[0-9.]+ +[0-9.]+ +\\$want +0\\.00%  instructions +moved$" "$E2E_TMP/ap"
"$PMUCTL" compare "$E2E_TMP/a.json" "$E2E_TMP/pass.json" --threshold 0.1 --json \
    >"$E2E_TMP/ap.json" 2>&1
check "... --json: status 5, \"moved\": true, instructions' verdict moved" \
    python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); assert d["moved"] is True; assert next(e for e in d["events"] if e["event"] == "instructions")["verdict"] == "moved"' \
    "$E2E_TMP/ap.json"
"$PMUCTL" compare --threshold 5 --threshold instructions=0.1 "$E2E_TMP/a.json" \
    "$E2E_TMP/pass.json" >"$E2E_TMP/ap" 2>&1
RC=$?
check "... --threshold instructions=0.1 beside a global 5: status 5, instructions moved" \
    eval 'test $RC = 5 && grep -qE "instructions +moved$" "$E2E_TMP/ap"'
# The other way: the pass as base, the region as new, 3 instructions
# fewer. Fewer instructions are better (the registry's worse way for
# instructions is increase): improved, status 0; --fail-on any or
# decrease: 5.
"$PMUCTL" compare --threshold 0.1 "$E2E_TMP/pass.json" "$E2E_TMP/a.json" >"$E2E_TMP/pa" 2>&1
RC=$?
check "3 instructions fewer with --threshold 0.1: improved, status 0" \
    eval 'test $RC = 0 && grep -qE "instructions +improved$" "$E2E_TMP/pa"'
cat "$E2E_TMP/pa"
for way in any decrease; do
    "$PMUCTL" compare --threshold 0.1 --fail-on $way "$E2E_TMP/pass.json" "$E2E_TMP/a.json" \
        >"$E2E_TMP/pa" 2>&1
    RC=$?
    check "... --fail-on $way: status 5, instructions moved" \
        eval 'test $RC = 5 && grep -qE "instructions +moved$" "$E2E_TMP/pa"'
done
"$PMUCTL" compare --threshold 0.1 --fail-on any "$E2E_TMP/a.json" "$E2E_TMP/pass.json" >/dev/null 2>&1
check "... --fail-on any, the 3 more: status 5 too" test $? = 5
"$PMUCTL" compare --fail-on up "$E2E_TMP/a.json" "$E2E_TMP/pass.json" >"$E2E_TMP/pa" 2>&1
RC=$?
check "--fail-on up: status 2, the words it takes named" \
    eval 'test $RC = 2 && grep -q "increase, decrease or any" "$E2E_TMP/pa"'
finish
}
main "$@"
