#!/usr/bin/env bash
# End to end: the real gdb-multiarch debugs the real Power stub firmware on
# QEMU's ppce500 board (e500v2), over the board's first 16550.
# Usage: ppc_gdb.sh FIRMWARE.elf TARGET.xml
. "$(dirname "$0")/ppc_lib.sh"
ELF=$1
XML=$2
OUT=$E2E_TMP/gdb.out

# Oracles, independent of the stub: symbol addresses from nm, and the exit
# code by arithmetic (demo.c: sum of i*i for i = 1..100, plus 3 + 1 + 2 + 4).
A() { ppc_sym_addr "$ELF" "$1"; }
BOOT=$(A pmustub_boot_break)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

# 1. Without the ELF GDB cannot know the byte order (docs/power.md): the
# description must still be taken, and with "set endian big" be right.
start_qemu_ppc "$ELF"
gdb_batch "set endian big" "target remote 127.0.0.1:$QEMU_PORT" \
    "show architecture" "printf \"PC=%x\\n\", \$pc" \
    "maint print xml-tdesc" "detach" >"$OUT"
check "no ELF: description taken, no warning about it" \
    bash -c "! grep -iE 'warning:.*(descr|architect|regist|xml)|rejected' '$OUT'"
check "no ELF: the description's architecture is used" has '(currently "powerpc:common")'
check "no ELF: pc is the start-up code's trap" grep -qx "PC=$BOOT" "$OUT"
check "GDB holds the description target.xml has (org.gnu.gdb.power.core)" \
    grep -q 'feature name="org.gnu.gdb.power.core"' "$OUT"
check "no performance monitor on QEMU's e500v2: no PMU feature in the description" \
    hasnt "org.pmustub.power.pmu"
check "GDB holds target.xml's registers with its numbers, and no others" \
    python3 - "$XML" "$OUT" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
built = {r.get("name"): r.get("regnum") for r in ET.parse(sys.argv[1]).iter("reg")}
held = dict(re.findall(r'<reg name="([^"]+)"[^>]* regnum="([0-9]+)"', open(sys.argv[2]).read()))
sys.exit(not (built == held and len(built) == 38))
PY
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

# 2. The main session, as a user runs it: the ELF first.
start_qemu_ppc "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "show architecture" "show endian" "info registers" \
    "info registers pmu" "printf \"FIRST pc=%x msr=%x\\n\", \$pc, \$msr" \
    "break sum_squares" "continue" \
    "printf \"AT_BREAK pc=%x\\n\", \$pc" \
    "tbreak *0x$(A br_taken)" "continue" "stepi" \
    "printf \"TAKEN pc=%x r4=%d\\n\", \$pc, \$r4" "stepi" \
    "printf \"UNTAKEN pc=%x\\n\", \$pc" "stepi" "stepi" \
    "printf \"BL pc=%x lr=%x\\n\", \$pc, \$lr" "stepi" "stepi" \
    "printf \"BLR pc=%x\\n\", \$pc" \
    "set var demo_scratch = 0xdeadbeef" \
    "printf \"SCRATCH=%x\\n\", *(unsigned *)&demo_scratch" \
    "set \$r20 = 0x1234abcd" "stepi" "printf \"R20=%x\\n\", \$r20" \
    "x/x 0x40000000" \
    "printf \"ALIVE sp=%x\\n\", \$sp" \
    "monitor pmu" "monitor help" \
    "set \$back = \$pc" "set var demo_scratch = 0x4c000064" \
    "set \$pc = &demo_scratch" "stepi" "printf \"RFI pc=%x\\n\", \$pc" \
    "set var demo_scratch = 0x44000002" "set \$pc = &demo_scratch" "stepi" \
    "printf \"SC pc=%x\\n\", \$pc" "set \$pc = \$back" \
    "delete" "continue" >"$OUT"

check "with the ELF: no warning about file, description or registers" \
    bash -c "! grep -qiE 'warning:.*(descr|architect|regist|xml)|not recognized|rejected' '$OUT'"
check "with the ELF: still the description's architecture" has '(currently "powerpc:common")'
check "with the ELF: big endian" has "(currently big endian)"
check "info registers shows the core set" \
    bash -c "for r in r0 r31 pc msr cr lr ctr xer; do grep -qE \"^\$r +0x\" '$OUT' || exit 1; done"
check "no FPU or SPE registers invented" bash -c "! grep -qE '^(f0|ev0h|acc|spefscr|fpscr) ' '$OUT'"
check "no performance monitor on QEMU's e500v2: no register group pmu" \
    has "Invalid register \`pmu'"
check "the first stop is the start-up trap, MSR[ME] as start.S set it" \
    grep -qx "FIRST pc=$BOOT msr=1000" "$OUT"
check "break at a function and continue hits it" has "Breakpoint 1, sum_squares"
check "the stop is inside sum_squares (nm's address and size)" \
    python3 - "$(grep -o 'AT_BREAK pc=[0-9a-f]*' "$OUT" | cut -d= -f2)" \
        $(powerpc-linux-gnu-nm -S "$ELF" | awk '$4 == "sum_squares" { print $1, $2 }') <<'PY'
import sys
pc, start, size = (int(x, 16) for x in sys.argv[1:4])
sys.exit(not start <= pc < start + size)
PY
check "stepi over a taken beq lands on its target, the addi skipped" \
    grep -qx "TAKEN pc=$(A br_taken_target) r4=1" "$OUT"
check "stepi over an untaken bne lands on the next instruction" \
    grep -qx "UNTAKEN pc=$(A br_untaken_next)" "$OUT"
check "stepi over bl lands in the callee with lr after the bl" \
    grep -qx "BL pc=$(A branch_leaf) lr=$(A br_call_return)" "$OUT"
check "stepi over blr returns after the bl" \
    grep -qx "BLR pc=$(A br_call_return)" "$OUT"
check "a memory write reads back" grep -qx "SCRATCH=deadbeef" "$OUT"
check "a register write reads back after a step" grep -qx "R20=1234abcd" "$OUT"
check "reading an unmapped address fails" has "Cannot access memory at address 0x40000000"
check "the session goes on after the failed read" grep -qE "^ALIVE sp=1[0-9a-f]{5}$" "$OUT"
check "monitor pmu answers in one plain line" \
    grep -qx "pmu: e500v2 (PVR 0x8021[0-9a-f]*): none: mfpmr is an illegal instruction here, this core has no performance monitor" "$OUT"
check "monitor help lists pmu and ctrlc" \
    bash -c "grep -q '^pmu - ' '$OUT' && grep -q '^ctrlc - ' '$OUT'"
SCRATCH_AT=$(A demo_scratch)
check "stepping an rfi is refused with an error, pc unchanged" \
    bash -c "grep -q 'Remote failure reply: E06' '$OUT' && grep -qx 'RFI pc=$SCRATCH_AT' '$OUT'"
check "stepping sc stops with SIGSYS after the sc" \
    bash -c "grep -q 'Program received signal SIGSYS' '$OUT' && grep -qx 'SC pc=$(printf %x $((0x$SCRATCH_AT + 4)))' '$OUT'"
check "the program runs to its end and GDB reports its exit code" \
    has "exited with code $EXIT_OCT]"
finish
