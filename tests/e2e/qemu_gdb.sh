#!/usr/bin/env bash
# End to end: the real gdb-multiarch debugs the real stub firmware running on
# QEMU's Malta board, over the board's first serial port.
# Usage: [QEMU_CPU=24Kf|34Kf|74Kf] [EXPECT_STUB_ISA=mips16e] qemu_gdb.sh FIRMWARE.elf
# EXPECT_STUB_ISA=mips16e: the stub's C code must be MIPS16e (a one-core
# build for a core with the ASE) and its vectors MIPS32, the program's too.
. "$(dirname "$0")/lib.sh"
ELF=$1
OUT=$E2E_TMP/gdb.out

if [ "${EXPECT_STUB_ISA:-}" = mips16e ]; then
    mips-linux-gnu-readelf -Ws "$ELF" >"$E2E_TMP/syms"
    # st_other MIPS16 (0xf0) marks a MIPS16 function (readelf: [MIPS16]).
    check "the stub's packet loop is MIPS16e" \
        grep -qE " stub_serve$" <(grep -F "[MIPS16]" "$E2E_TMP/syms")
    check "the stub's exception entry is MIPS32" \
        bash -c "grep -E ' mips_ebase$' '$E2E_TMP/syms' | grep -qvF '[MIPS16]'"
    check "the program is MIPS32" \
        bash -c "grep -E ' sum_squares$' '$E2E_TMP/syms' | grep -qvF '[MIPS16]'"
fi

# Oracles, independent of the stub: symbol addresses from nm, and the exit
# code by arithmetic (demo.c: sum of i*i for i = 1..100, plus 3 + 1 + 2 + 4).
TAKEN=$(sym_addr "$ELF" br_taken)
TAKEN_TARGET=$(sym_addr "$ELF" br_taken_target)
UNTAKEN=$(sym_addr "$ELF" br_untaken)
UNTAKEN_NEXT=$(sym_addr "$ELF" br_untaken_next)
EXIT_OCT=$(python3 -c 'print("0%o" % ((sum(i * i for i in range(1, 101)) + 3 + 1 + 2 + 4) & 0xff))')

start_qemu "$ELF"

# 1. Without the ELF: GDB must accept the stub's target description.
gdb_batch "target remote 127.0.0.1:$QEMU_PORT" "info registers" \
          "info registers pmu" "maint print remote-registers" \
          "printf \"FIR=%x\\n\", \$fir" "detach" >"$OUT"
check "description accepted (no 'Architecture rejected')" hasnt "rejected"
check "no warning about the description or registers" \
    bash -c "! grep -iE 'warning:.*(descr|architect|regist|xml)' '$OUT'"
check "info registers shows the core set" \
    grep -qE "status +lo +hi +badvaddr +cause +pc" "$OUT"
check "no PMU on QEMU's $QEMU_CPU: no register group pmu" has "Invalid register \`pmu'"
check "no PMU on QEMU's $QEMU_CPU: no perfctl/perfcnt register published" hasnt "perfc"
check "$QEMU_CPU has an FPU: fir is read, not unavailable" grep -qE "^FIR=[0-9a-f]+$" "$OUT"

# QEMU's server serves one client at a time; the detach above left the
# program running from its first stop, so start again for the main session.
kill "${E2E_PIDS[@]}"; wait 2>/dev/null; E2E_PIDS=()
start_qemu "$ELF"

gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" \
    "break sum_squares" "continue" \
    "printf \"AT_BREAK pc=%x\\n\", \$pc" \
    "tbreak *0x$TAKEN" "continue" "stepi" \
    "printf \"TAKEN pc=%x v0=%d\\n\", \$pc, \$v0" \
    "printf \"AT_UNTAKEN pc=%x\\n\", \$pc" "stepi" \
    "printf \"UNTAKEN pc=%x v0=%d\\n\", \$pc, \$v0" \
    "set var *(unsigned *)&demo_scratch = 0xdeadbeef" \
    "printf \"SCRATCH=%x\\n\", *(unsigned *)&demo_scratch" \
    "set \$t0 = 0x1234abcd" "printf \"T0=%x\\n\", \$t0" \
    "x/x 0" \
    "printf \"ALIVE sp=%x\\n\", \$sp" \
    "monitor pmu" \
    "monitor help" \
    "delete" "continue" >"$OUT"

SUM_SQUARES=$(sym_addr "$ELF" sum_squares)
check "break at a function and continue hits it" has "Breakpoint 1, "
check "the stop is inside sum_squares" \
    grep -qE "^AT_BREAK pc=${SUM_SQUARES:0:6}" "$OUT"
check "stepi over a taken branch lands on its target, delay slot run" \
    has "TAKEN pc=$TAKEN_TARGET v0=1"
check "(the demo puts the untaken branch right at the taken one's target)" \
    has "AT_UNTAKEN pc=$UNTAKEN"
check "stepi over an untaken branch lands after its delay slot" \
    has "UNTAKEN pc=$UNTAKEN_NEXT v0=3"
check "a memory write reads back" has "SCRATCH=deadbeef"
check "a register write reads back" has "T0=1234abcd"
check "reading an unmapped address fails" has "Cannot access memory at address 0x0"
check "the session goes on after the failed read" grep -qE "^ALIVE sp=8" "$OUT"
check "monitor pmu answers in one plain line" \
    has "pmu: none: Config1.PC = 0, this core implements no performance counters"
check "monitor help lists pmu" has "pmu - "
check "the program runs to its end and GDB reports its exit code" \
    has "exited with code $EXIT_OCT]"
finish
