#!/usr/bin/env bash
# End to end: pmuctl measure --sweep on vboard's 34K, through the stub, on
# tests/firmware/mips/sweep_loop.S, whose region reads sweep_n (4 bytes)
# and sweep_m (2 bytes) and makes that many loop trips: a pass is
# 4 + 3n + 3m instructions (the program's arithmetic, the oracle). The
# program's own values are 7 and 5, none of the swept ones, so a sweep
# that did not write the variable would count 40 every time.
# - sweep_n over 10, 100, 1000: each value's instructions per pass are the
#   arithmetic's, exactly; the JSON holds the three values beside their
#   events; the table and -x say the value too;
# - afterwards the program runs its own value again (40 a pass): the
#   variables are put back;
# - two sweeps make the product (2 x 2 points, each exact);
# - an unknown symbol, a value that does not fit and a sweep without
#   --elf are refused with status 2 before the target is touched;
# - pmuctl plot draws the sweep into an SVG whose text has the three
#   values on the x axis, 0 at the foot of each y axis and no number in
#   e-notation, and says the counts are simulated; plain results
#   draw bars; a missing gnuplot is told;
# - pmuctl compare of two values' runs exits 5, a run against itself 0.
# Usage: pmuctl_sweep.sh PMUCTL VBOARD SWEEP_LOOP.elf TOP_SRC_DIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
OUT=$E2E_TMP/out

pm() { "$PMUCTL" -t "127.0.0.1:$VPORT" "$@"; }
# instr FILE N [M]: the instructions of the result at sweep_n = N (and
# sweep_m = M) in a --sweep JSON file
instr() {
    python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = {"sweep_n": int(sys.argv[2])}
if len(sys.argv) > 3:
    want["sweep_m"] = int(sys.argv[3])
for r in d["results"]:
    if all(r["variables"].get(k) == v for k, v in want.items()):
        print(next(e["counter-value"] for e in r["events"] if e["event"] == "instructions"))
PY
}

main() {
pm_start_vboard "$ELF"

# Bad input: status 2 before any connection (to a port where nothing
# listens: a connection tried would be status 3).
pm_pick_port DEAD
for bad in "sweep_nope=1,2" "sweep_m=70000" "sweep_n=1,x" "main=1"; do
    "$PMUCTL" -t "127.0.0.1:$DEAD" measure --elf "$ELF" --from region_begin --to region_end --sweep "$bad" \
        >"$OUT" 2>&1
    check "--sweep $bad: refused with status 2" test $? = 2
    cat "$OUT"
done
pm measure --from region_begin --to region_end --sweep sweep_n=1 >"$OUT" 2>&1
rc=$?
check "--sweep without --elf: status 2, says --elf" eval 'test $rc = 2 && has "needs --elf"'

pm measure --elf "$ELF" --from region_begin --to region_end -e instructions,cycles \
    -r 4 --sweep sweep_n=10,100,1000 --json -o "$E2E_TMP/sweep.json" 2>"$E2E_TMP/err"
check "sweep over sweep_n = 10, 100, 1000: status 0" test $? = 0
cat "$E2E_TMP/err"
check "one progress line per value on stderr" \
    test "$(grep -c '^pmuctl: sweep [123]/3: sweep_n=' "$E2E_TMP/err")" = 3
for n in 10 100 1000; do
    want=$((4 + 3 * n + 3 * 5))
    check "sweep_n = $n: $want instructions a pass (4 + 3n + 3m, m = 5)" \
        test "$(instr "$E2E_TMP/sweep.json" $n)" = "$want"
done
check "the JSON holds the three values, in order, and the variable's size" \
    python3 -c 'import json,sys; d = json.load(open(sys.argv[1]))
assert [r["variables"]["sweep_n"] for r in d["results"]] == [10, 100, 1000]
assert d["sweep"][0]["variable"] == "sweep_n" and d["sweep"][0]["size"] == 4
assert d["sweep"][0]["values"] == [10, 100, 1000]' "$E2E_TMP/sweep.json"

pm measure --elf "$ELF" --from region_begin --to region_end -e instructions \
    -r 2 --no-progress >"$OUT" 2>&1
check "afterwards the program's own values again: 40 instructions (put back)" \
    grep -qE '^ +40 +instructions' "$OUT"

pm measure --elf "$ELF" --from region_begin --to region_end -e instructions \
    -r 2 --no-progress --sweep sweep_n=10,20 --sweep sweep_m=1,3 --json \
    -o "$E2E_TMP/product.json" >"$OUT" 2>&1
check "two sweeps: status 0" test $? = 0
for n in 10 20; do
    for m in 1 3; do
        want=$((4 + 3 * n + 3 * m))
        check "product: sweep_n = $n, sweep_m = $m (2 bytes): $want instructions" \
            test "$(instr "$E2E_TMP/product.json" $n $m)" = "$want"
    done
done

pm measure --elf "$ELF" --from region_begin --to region_end -e instructions \
    -r 2 --no-progress --sweep sweep_n=10,100 >"$OUT" 2>&1
check "the table names each value: sweep_n = 10, sweep_n = 100" \
    eval 'has "sweep_n = 10 (--sweep)" && has "sweep_n = 100 (--sweep)"'
check "the table: 49 and 319 instructions" \
    eval 'grep -qE "^ +49 +instructions" "$OUT" && grep -qE "^ +319 +instructions" "$OUT"'
pm measure --elf "$ELF" --from region_begin --to region_end -e instructions \
    -r 2 --no-progress --sweep sweep_n=10,100 -x , >"$OUT" 2>&1
check "-x: the value first on each line" \
    eval 'grep -qx "10,49,,instructions,0.00%,2,100.00,,,exact," "$OUT" && grep -qx "100,319,,instructions,0.00%,2,100.00,,,exact," "$OUT"'
cat "$OUT"

# compare: one value's run against another's, and against itself.
for n in 10 1000; do
    pm measure --elf "$ELF" --from region_begin --to region_end -e instructions,cycles \
        -r 4 --no-progress --sweep sweep_n=$n --json -o "$E2E_TMP/n$n.json" >/dev/null 2>&1
done
"$PMUCTL" compare "$E2E_TMP/n10.json" "$E2E_TMP/n1000.json" >"$OUT" 2>&1
check "compare sweep_n = 10 against 1000: status 5" test $? = 5
cat "$OUT"
"$PMUCTL" compare "$E2E_TMP/n10.json" "$E2E_TMP/n10.json" >"$OUT" 2>&1
check "compare a run against itself: status 0" test $? = 0
kill "$VBOARD_PID" 2>/dev/null
wait "$VBOARD_PID" 2>/dev/null

# plot: the sweep's lines; the SVG's text has the values and the source.
"$PMUCTL" plot "$E2E_TMP/sweep.json" -e instructions --metric IPC \
    -o "$E2E_TMP/sweep.svg" >"$OUT" 2>&1
check "plot of the sweep: status 0" test $? = 0
cat "$OUT"
check "the SVG's x axis shows 10, 100 and 1,000 and names sweep_n" \
    python3 -c 'import re,sys; s = open(sys.argv[1]).read()
texts = [re.sub("<[^>]*>", "", t).strip() for t in re.findall(r"<text[^>]*>(.*?)</text>", s, re.S)]
assert all(v in texts for v in ("10", "100", "1,000")), texts
assert "sweep_n" in texts, texts' "$E2E_TMP/sweep.svg"
check "the SVG: two panels whose y axes start at 0, no number in e-notation" \
    python3 -c 'import re,sys; s = open(sys.argv[1]).read()
texts = [re.sub("<[^>]*>", "", t).strip() for t in re.findall(r"<text[^>]*>(.*?)</text>", s, re.S)]
assert texts.count("0") == 2, texts
assert not [t for t in texts if re.search(r"[0-9][eE][-+]?[0-9]", t)], texts' "$E2E_TMP/sweep.svg"
check "the SVG says the counts are simulated, by vboard" \
    grep -q "counts simulated by vboard" "$E2E_TMP/sweep.svg"
check "the SVG names the event and its unit" \
    eval 'grep -q ">instructions<" "$E2E_TMP/sweep.svg" && grep -q "(events per iteration)" "$E2E_TMP/sweep.svg"'
"$PMUCTL" plot "$E2E_TMP/n10.json" "$E2E_TMP/n1000.json" -e instructions,cycles \
    -o "$E2E_TMP/bars.png" >"$OUT" 2>&1
rc=$?
check "plot of two single results: a PNG" \
    eval 'test $rc = 0 && head -c 8 "$E2E_TMP/bars.png" | od -c | grep -q "P   N   G"'
PMUCTL_GNUPLOT=no-such-gnuplot "$PMUCTL" plot "$E2E_TMP/sweep.json" \
    -o "$E2E_TMP/x.svg" >"$OUT" 2>&1
rc=$?
check "no gnuplot: status 1, says which package" \
    eval 'test $rc = 1 && has "gnuplot-nox"'
"$PMUCTL" plot "$E2E_TMP/sweep.json" -e no_such_event -o "$E2E_TMP/x.svg" >"$OUT" 2>&1
rc=$?
check "plot of an event no file has: status 2, names it" \
    eval 'test $rc = 2 && has "no_such_event"'
finish
}
main "$@"
