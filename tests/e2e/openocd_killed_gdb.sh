#!/usr/bin/env bash
# End to end: a GDB straight to OpenOCD 0.12 (a configuration as its
# manual has a user write one, oo_stock_cfg: software breakpoints are
# SDBBPs written into the program) is killed (SIGKILL) while the program
# runs, with a breakpoint in MIPS32 code (slow_end: GDB's Z0 kind 4, a
# MIPS32 SDBBP) and one in a function built with -mips16 (m16: kind 2, a
# MIPS16e SDBBP; vboard's 34K runs MIPS16e, target-xml/cores.toml). OpenOCD
# cannot take them out of a running core, so both stay. Then, by MODE:
#  pmuctl: pmuctl measure --elf puts the ELF's instructions back, names
#    them, and measures inner..inner_next: one instruction a bracket
#    (arithmetic on the program);
#  proxy: a GDB through pmuctl proxy --elf with an ELF that is not the
#    program: the proxy says so, writes nothing and turns the GDB away;
#    then a GDB through pmuctl proxy --elf with the program's: the proxy
#    puts them back and says so before GDB's first packet; GDB reads the ELF's
#    instructions there, and from slow_end (returning to after_call, which
#    calls m16) a continue reaches the breakpoint at back, as a breakpoint.
# The program (oo_slow_prog) loops in slow for minutes, so the GDB is
# killed while the core runs and nothing reaches a breakpoint before the
# next client comes.
# Usage: openocd_killed_gdb.sh PMUCTL VBOARD TOP_SRC_DIR pmuctl|proxy
PMUCTL=$1 VBOARD=$2 TOP=$3 MODE=$4
. "$(dirname "$0")/openocd_lib.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
trap 'oo_cleanup; e2e_cleanup' EXIT

# held PORT: slow_end's word and m16's halfword as a GDB at PORT reads them
# from the target (nothing when it could not connect: GDB would read the
# ELF file instead; with no target there are no registers).
held() {
    gdb_batch "file $FW" "target remote 127.0.0.1:$1" 'printf "PC=%x\n", $pc' \
        "x/wx 0x$END" "x/hx 0x$M16" "detach" >"$OO_TMP/held" 2>&1
    grep -q "^PC=" "$OO_TMP/held" &&
        sed -n 's/^0x[0-9a-f]*[^:]*:[[:space:]]*0x\([0-9a-f]*\)$/\1/p' "$OO_TMP/held" |
        tr '\n' ' '
}

# elf_insn ADDR BYTES: the ELF's instruction there, as objdump prints it.
elf_insn() {
    mips-linux-gnu-objdump -d --start-address=0x$1 --stop-address=$((0x$1 + $2)) "$FW" |
        awk '/^ *[0-9a-f]+:/ { print $2 }'
}

main() {
OUT=$OO_TMP/out
FW=$OO_TMP/prog.elf
oo_slow_prog "$FW"
END=$(sym_addr "$FW" slow_end) M16=$(sym_addr "$FW" m16)
AFTER=$(sym_addr "$FW" after_call) BACK=$(sym_addr "$FW" back)
ELF_HELD="$(elf_insn "$END" 4) $(elf_insn "$M16" 2) "
oo_stock_serve "$FW"
# OpenOCD turns GDB away until it has examined the core ("attempted 'gdb'
# connection rejected", src/server/gdb_server.c, gdb_new_connection).
for _ in $(seq 30); do
    oo_gdb_idle "$OO_TMP/openocd.log"
    [ "$(held "$GDBP")" = "$ELF_HELD" ] && break
    sleep 1
done
oo_gdb_idle "$OO_TMP/openocd.log"
gdb-multiarch -q -nx -batch -ex "file $FW" -ex "set debug remote 1" \
    -ex "target remote $T" -ex "break *0x$END" -ex "break m16" -ex "continue" \
    </dev/null >"$OO_TMP/gdb1" 2>&1 &
G=$!
oo_track $G
sleep 8
kill -9 $G
wait $G 2>/dev/null
check "the killed GDB set slow_end's breakpoint as MIPS32 (Z0 kind 4)" \
    grep -q "Z0,$END,4" "$OO_TMP/gdb1"
# (GDB gives a MIPS16 address with its ISA bit: m16 + 1.)
check "... and m16's as MIPS16 (Z0 kind 2)" \
    grep -q "Z0,$(printf %x $((0x$M16 | 1))),2" "$OO_TMP/gdb1"
oo_gdb_idle "$OO_TMP/openocd.log"
LEFT=$(held "$GDBP")
echo "# slow_end, m16 after the SIGKILL: $LEFT (the ELF: $ELF_HELD)"
check "it left a MIPS32 SDBBP and a MIPS16e SDBBP in the program" \
    test "$LEFT" = "7000003f e801 "
oo_gdb_idle "$OO_TMP/openocd.log"
PUT="put back the ELF's instruction at 0x$END (MIPS32 SDBBP), 0x$M16 (MIPS16e SDBBP), where a session which did not end left it"
if [ "$MODE" = pmuctl ]; then
    "$PMUCTL" -t "$T" measure --elf "$FW" --from inner --to inner_next -e instructions \
        -r 2 -x , >"$OUT" 2>"$OO_TMP/err"
    RC=$?
    echo "# next session ($RC): $(cat "$OUT") $(cat "$OO_TMP/err")"
    check "pmuctl names what it put back" grep -qF "pmuctl: $PUT" "$OO_TMP/err"
    check "... and measures inner..inner_next: 1 instruction in each of 2 brackets" \
        test "$RC" = 0 -a "$(cat "$OUT")" = "1,,instructions,0.00%,2,100.00,,,exact,"
    oo_gdb_idle "$OO_TMP/openocd.log"
    NOW=$(held "$GDBP")
else
    # First an ELF that is not the program (slow's li $t0, 0 made li $t0, 1,
    # in the file): the proxy writes nothing and turns the GDB away.
    OTHER=$OO_TMP/other.elf
    cp "$FW" "$OTHER"
    python3 - "$OTHER" "$(sym_addr "$FW" slow)" <<'PY'
import subprocess, sys
path, addr = sys.argv[1], int(sys.argv[2], 16)
for line in subprocess.run(["mips-linux-gnu-readelf", "-SW", path], capture_output=True,
                           text=True).stdout.splitlines():
    f = line.replace("[ ", "[").split()
    if len(f) > 5 and f[1] == ".text":
        off = int(f[4], 16) + addr - int(f[3], 16)
with open(path, "r+b") as e:  # big-endian: the immediate's low byte is the 4th
    e.seek(off + 3)
    e.write(b"\x01")
PY
    pm_pick_port PP
    "$PMUCTL" -t "$T" proxy --elf "$OTHER" --listen "127.0.0.1:$PP" 2>"$OO_TMP/other.log" &
    OP=$!
    oo_track $OP
    for _ in $(seq 300); do grep -q "listening for GDB" "$OO_TMP/other.log" && break; sleep 0.1; done
    oo_gdb_idle "$OO_TMP/openocd.log"
    gdb_batch "file $FW" "target remote 127.0.0.1:$PP" 'printf "PC=%x\n", $pc' \
        >"$OO_TMP/other.gdb" 2>&1
    kill $OP
    wait $OP 2>/dev/null
    sed 's/^/# proxy --elf other.elf: /' "$OO_TMP/other.log"
    check "a proxy with an ELF that is not the program says so" \
        grep -q "other.elf is not the program on the target" "$OO_TMP/other.log"
    check "... and turns the GDB away" \
        bash -c "! grep -q '^PC=' '$OO_TMP/other.gdb' && grep -q 'closing the GDB connection' '$OO_TMP/other.log'"
    oo_gdb_idle "$OO_TMP/openocd.log"
    OTHER_HELD=$(held "$GDBP")
    check "... having written nothing: the SDBBPs are still there" \
        test "$OTHER_HELD" = "7000003f e801 " -a "$(grep -c "put back" "$OO_TMP/other.log")" = 0
    oo_gdb_idle "$OO_TMP/openocd.log"
    pm_pick_port PP
    "$PMUCTL" -t "$T" proxy --elf "$FW" --listen "127.0.0.1:$PP" 2>"$OO_TMP/proxy.log" &
    oo_track $!
    for _ in $(seq 300); do grep -q "listening for GDB" "$OO_TMP/proxy.log" && break; sleep 0.1; done
    oo_gdb_idle "$OO_TMP/openocd.log"
    gdb_batch "file $FW" "target remote 127.0.0.1:$PP" "x/wx 0x$END" "x/hx 0x$M16" \
        "set \$ra = 0x$AFTER" "set \$pc = 0x$END" "break *0x$BACK" "continue" \
        'printf "AT=%08x\n", $pc' "delete" "detach" >"$OUT" 2>&1
    sed 's/^/# proxy --elf prog.elf: /' "$OO_TMP/proxy.log"
    cat "$OUT"
    check "the proxy names what it put back" grep -qF "pmuctl: $PUT" "$OO_TMP/proxy.log"
    check "... before GDB's first packet (the line before 'GDB connected')" \
        test "$(($(grep -n -F "$PUT" "$OO_TMP/proxy.log" | cut -d: -f1) + 1))" = \
             "$(grep -n -F "GDB connected" "$OO_TMP/proxy.log" | cut -d: -f1)"
    NOW=$(sed -n 's/^0x[0-9a-f]*[^:]*:[[:space:]]*0x\([0-9a-f]*\)$/\1/p' "$OUT" | tr '\n' ' ')
    check "the continue from slow_end stopped at back's breakpoint" \
        grep -q "^Breakpoint 1, 0x$BACK" "$OUT"
    check "... there" grep -q "^AT=$BACK" "$OUT"
fi
echo "# slow_end, m16 now: $NOW"
check "the program's instructions are the ELF's again" test "$NOW" = "$ELF_HELD"
}
main
finish
