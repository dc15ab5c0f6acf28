#!/usr/bin/env bash
# End to end: the stub debugging VLE code on vboard's e200z7, the program
# (tests/firmware/ppc/vle_stub_loop.S) linked with the board's VLE script:
# ppce500_vle.ld on the ppce500 board (--cpu e200z7, the default), or
# mpc5674f_vle.ld on the MPC5674F chip (BOARD mpc5674f: --machine
# mpc5674f, booted through the BAM's state from flash, the VLE code on a
# flash megabyte start.S cuts out of the BAM's Book E flash entry).
#  - vle_rsp.py: breakpoints on 16- and 32-bit VLE instructions (kind 2
#    and GDB's kind 4), steps through VLE branches and calls, the
#    program's own se_illegal a SIGILL;
#  - pmuctl measure of region_begin..region_end with tracepoints (the
#    native bracket) and with breakpoints (--no-trace), and of one whole
#    pass of the outer loop (region_begin round to itself: + se_subi,
#    se_cmpi, se_bne), which steps off the marker's trap; pmuctl record
#    between the same markers, attributed to the bracket's source lines
#    (the loop's two with 95 % or more);
#  - mpc5674f: the pages start.S cut the BAM's flash entry into still map
#    its 16 MiB (reads through the stub), and no more.
# Oracles: arithmetic (a pass is 3 + 2 * 100 = 203 instructions, 100 of
# them branches: vle_stub_loop.S) and vboard's own count with no debugger
# (--count-events on the same ELF, its boot stop a no-op).
# Usage: vle_vboard.sh VBOARD PMUCTL VLE_LOOP.elf TOP_SRC_DIR [ppce500|mpc5674f]
. "$(dirname "$0")/ppc_lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
VBOARD=$1 PMUCTL=$2 ELF=$3 TOP=$4 BOARD=${5:-ppce500}
OUT=$E2E_TMP/out
WANT=203 BRANCHES=100

# The machine, and where the board's VLE script puts VLE code
# (stub/board/<board>/vle_sections.ld).
case $BOARD in
ppce500) MACHINE=(--cpu e200z7) VLE_AT=01000000 ;;
mpc5674f) MACHINE=(--machine mpc5674f) VLE_AT=00100000 ;;
*) echo "FAIL - vle_vboard.sh knows no board $BOARD"; exit 1 ;;
esac
check "the loop's code is VLE (readelf flag v) at 0x$VLE_AT" \
    bash -c "powerpc-linux-gnu-readelf -SW '$ELF' | grep -qE '\\.text_vle +PROGBITS +$VLE_AT .* AXv '"
python3 "$TOP/tests/vboard/no_boot_stop.py" "$ELF" "$E2E_TMP/plain.elf" \
    "$(ppc_sym_addr "$ELF" pmustub_boot_break)" 60000000
"$VBOARD" "${MACHINE[@]}" --kernel "$E2E_TMP/plain.elf" --count-events \
    "0x$(ppc_sym_addr "$ELF" region_begin):0x$(ppc_sym_addr "$ELF" region_end):3" \
    </dev/null >/dev/null 2>"$OUT"
check "vboard's own count of pass 3, no debugger: $WANT instructions, $BRANCHES branches" \
    bash -c "grep -qx 'instructions $WANT' '$OUT' && grep -qx 'branches $BRANCHES' '$OUT'"

# start_vboard: the board's e200z7 running ELF, its line at VPORT.
start_vboard() {
    pm_pick_port VPORT
    rm -f "$E2E_TMP/vboard.log"
    "$VBOARD" "${MACHINE[@]}" --no-reboot --kernel "$ELF" \
        --serial "tcp:127.0.0.1:$VPORT,server" >"$E2E_TMP/vboard.log" 2>&1 </dev/null &
    E2E_PIDS+=($!)
    wait_log "waiting for a serial client" "$E2E_TMP/vboard.log" vboard
}

start_vboard
python3 "$TOP/tests/e2e/vle_rsp.py" "$VPORT" "$ELF" >"$OUT" 2>&1
cat "$OUT"
check "breakpoints and steps in VLE code (vle_rsp.py)" \
    bash -c "grep -q '^ok' '$OUT' && ! grep -qv '^ok' '$OUT'"

if [ "$BOARD" = mpc5674f ]; then
    # start.S cut the BAM's 16 MiB flash entry into pages (FLASH_SPLIT):
    # every piece still answers the stub's reads, the first word is the
    # RCHW (start.S: 0x005A0000), flash the ELF does not fill is erased
    # (0xFF) and beyond flash vboard's bus reads 0 (docs/vboard.md), and
    # past the 16 MiB no entry maps, so the read is refused (E).
    start_vboard
    python3 - "$VPORT" "$TOP/tests/e2e" >"$OUT" 2>&1 <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from rsp_line import Line  # noqa: E402
line = Line(int(sys.argv[1]))
line.packet(b"?")
for addr, want in [(0x0, "005a0000"), (0x200000, "ffffffff"), (0x3ffffc, "ffffffff"),
                   (0x400000, "00000000"), (0x800000, "00000000"), (0xfffffc, "00000000")]:
    got = line.packet(b"m%x,4" % addr).decode()
    print(("ok" if got == want else "FAIL") + f" {addr:#x}: {got}")
got = line.packet(b"m1000000,4").decode()
print(("ok" if got.startswith("E") else "FAIL") + f" 0x1000000: {got}")
PY
    cat "$OUT"
    check "the BAM's flash entry, split, still maps 16 MiB (and no more)" \
        bash -c "test \$(grep -c '^ok' '$OUT') -eq 7 && ! grep -qv '^ok' '$OUT'"
fi

start_vboard
T=127.0.0.1:$VPORT
M=("$PMUCTL" -t "$T" measure --elf "$ELF" --from region_begin --to region_end)
"${M[@]}" -e instructions,branches -r 4 -x , >"$OUT" 2>&1
cat "$OUT"
check "tracepoints: $WANT instructions, $BRANCHES branches in 4 of 4" \
    bash -c "grep -qx '$WANT,,instructions,0.00%,4,100.00,,,exact,' '$OUT' && grep -qx '$BRANCHES,,branches,0.00%,4,100.00,,,exact,' '$OUT'"
"${M[@]}" --no-trace -e instructions -r 3 --calibrate -x , >"$OUT" 2>&1
cat "$OUT"
check "breakpoints (--no-trace; the empty bracket 0, so raw = calibrated): $WANT in 3 of 3" \
    grep -qx "$WANT,,instructions,0.00%,3,100.00,,,exact,$WANT" "$OUT"
# One pass of the outer loop, FROM = TO: each bracket steps off the
# breakpoint (or the tracepoint's trap) on the 32-bit e_li, in place.
for how in "" --no-trace; do
    "$PMUCTL" -t "$T" measure $how --elf "$ELF" --from region_begin --to region_begin \
        -e instructions -r 3 -x , >"$OUT" 2>&1
    cat "$OUT"
    check "from region_begin round to it again ${how:-(tracepoints)}: $WANT + 3 in 3 of 3" \
        grep -qx "$((WANT + 3)),,instructions,0.00%,3,100.00,,,exact," "$OUT"
done
"$PMUCTL" -t "$T" record --elf "$ELF" --from region_begin --to region_end \
    -e instructions:101 --samples 200 -o "$E2E_TMP/rec.data" >"$OUT" 2>&1
"$PMUCTL" report -i "$E2E_TMP/rec.data" --sort line >"$OUT" 2>&1
cat "$OUT"
# The samples are a draw of the bracket's 203 instructions (the phase runs
# on from one bracket to the next, docs/record.md): of 200, about 197 on
# the loop's two lines and 3 (1.5 %) on the three set-up instructions'.
check "record: every sample in the bracket, 95 % or more on the loop's se_addi and e_bdnz lines" \
    python3 - "$OUT" "$TOP/tests/firmware/ppc/vle_stub_loop.S" <<'PY'
import re, sys
src = open(sys.argv[2]).read().splitlines()
loop = {i + 1 for i, l in enumerate(src) if re.match(r"4:  se_addi|    e_bdnz  4b", l)}
start = next(i + 1 for i, l in enumerate(src) if l.startswith("region_begin:"))
bracket = set(range(start + 1, max(loop) + 1))
rows = [(int(m[1]), int(m[2])) for m in re.finditer(r"^ +[\d.]+% +(\d+) +vle_stub_loop\.S:(\d+)", open(sys.argv[1]).read(), re.M)]
in_loop = sum(n for n, l in rows if l in loop)
ok = sum(n for n, _ in rows) == 200 and {l for _, l in rows} <= bracket and in_loop >= 190
sys.exit(0 if ok else print(rows, loop, bracket) or 1)
PY
finish
