#!/bin/bash
# openocd_vboard.sh VBOARD CFG FIRMWARE - stock OpenOCD 0.12 (mips_m4k) and
# gdb-multiarch debug the firmware running on vboard through its EJTAG TAP.
#
# FIRMWARE is ejtag_loop.elf (tests/firmware/mips/ejtag_loop.S): a loop
# calling tick(), which adds 1 to `counter`. The oracles are the program's
# own arithmetic and the MIPS32 architecture, not earlier tool output:
#  - halt stops the CPU, `reg pc` reads a PC inside the program;
#  - a word written with mww reads back with mdw, and halfword and byte
#    writes land where big-endian addressing puts them;
#  - CP0 25 sel 0 (34K PerfCtl0) reads back what was written, reserved
#    bits 30 and 15:12 cleared and M (bit 31, "another counter follows")
#    set, per the 34K PerfCtl layout (docs/pmu.md, "Registers");
#  - a hardware breakpoint at tick is hit, and hit again after one more
#    resume with counter exactly one higher;
#  - a single step from tick (whose first instruction is not a branch)
#    stops at tick + 4, and one from after_tick ("b loop" and its delay
#    slot) stops at loop;
#  - a software (SDBBP) breakpoint at after_tick is hit;
#  - gdb-multiarch on OpenOCD's gdb port breaks at tick, continues to it
#    again (counter + 1), and reads $sp = stack_top as set by _start
#    (gdb's breakpoints are hardware ones: see vboard-34k.cfg);
#  - reset halt (EJTAGBOOT + ECR.PrRst) stops at the ELF entry.
# The OpenOCD part runs twice: in OpenOCD's default (legacy) processor-access
# mode and in its fast queued mode. The second run leaves the core halted, so
# the gdb part also checks that a new OpenOCD takes over a halted core.
set -u
VBOARD=$1
CFG=$2
FW=$3
. "$(dirname "$0")/openocd_lib.sh"

sym() { mips-linux-gnu-nm "$FW" | awk -v s="$1" '$3 == s { print "0x" substr($1, length($1) - 7) }'; }
TICK=$(sym tick); AFTER=$(sym after_tick); COUNTER=$(sym counter)
SCRATCH=$(sym scratch); STACK_TOP=$(sym stack_top); ENTRY=$(sym _start)
LOOP=$(sym loop)
for v in TICK AFTER COUNTER SCRATCH STACK_TOP ENTRY LOOP; do
    [ -n "${!v}" ] || { echo "symbol for $v not found in $FW"; exit 1; }
done
hex8() { printf '%08x' $(($1)); }

VLOG=$OO_TMP/vboard.log
oo_start_server RBB "$VLOG" "$VBOARD" --kernel "$FW" --serial stdio \
    --remote-bitbang @PORT || exit 1

# ---- part 1: OpenOCD commands, in both processor-access modes ------------
# openocd_commands LOG MODE: MODE "legacy" is OpenOCD's default
# (mips32_pracc_exec, one DR scan per step of each access); "fast" sets
# "mips32 scan_delay 10" (mips32_pracc_queue_exec: one queue of ALL scans,
# which relies on the store of instruction i showing after fetch i+1).
# OpenOCD 0.12 prints a command's result only when it is the last one of a
# -c argument, hence one -c per command whose output is checked.
openocd_commands() {
    local mode_cmd="echo {legacy mode}" end_cmd="resume"
    if [ "$2" = fast ]; then
        mode_cmd="mips32 scan_delay 10"
        end_cmd="echo {left halted}" # the gdb part starts from a halted core
    fi
    timeout 120 openocd -l "$1" -c "set VBOARD_RBB_PORT $RBB" -f "$CFG" \
        -c "gdb_port disabled; telnet_port disabled; tcl_port disabled" \
        -c "init" -c "$mode_cmd" \
        -c "echo {@@ halt}; halt" -c "echo {@@ regpc}" -c "reg pc" \
        -c "echo {@@ mww}; mww $SCRATCH 0xcafef00d" -c "mdw $SCRATCH" \
        -c "echo {@@ mwh}; mwh $((SCRATCH + 2)) 0xbeef" -c "mdw $SCRATCH" \
        -c "echo {@@ mwb}; mwb $((SCRATCH + 1)) 0x5a" -c "mdh $SCRATCH" \
        -c "echo {@@ cp0}; mips32 cp0 25 0 0x4000f02f" -c "mips32 cp0 25 0" \
        -c "echo {@@ hw1}; bp $TICK 4 hw; resume; wait_halt 5000" \
        -c "reg pc" -c "mdw $COUNTER" \
        -c "echo {@@ hw2}; resume; wait_halt 5000" -c "reg pc" \
        -c "mdw $COUNTER" \
        -c "echo {@@ step}; rbp $TICK; step" -c "reg pc" \
        -c "echo {@@ sw}; bp $AFTER 4; resume; wait_halt 5000" -c "reg pc" \
        -c "echo {@@ stepb}; rbp $AFTER; step" -c "reg pc" \
        -c "echo {@@ reset}; reset halt" -c "reg pc" \
        -c "echo {@@ end}; $end_cmd; shutdown" >/dev/null 2>&1
}

# section LOG NAME: the lines of LOG after "@@ NAME" up to the next "@@".
section() { awk -v m="@@ $2" '$0 == m { on = 1; next } /^@@ / { on = 0 } on' "$1"; }
in_section() {
    if section "$LOG" "$1" | grep -Eq -- "$2"; then echo "ok: $MODE: $3"; else
        echo "FAIL: $MODE: $3 (no /$2/ after @@ $1)"
        OO_FAILS=$((OO_FAILS + 1))
    fi
}
counter_in() { section "$LOG" "$1" | grep -Ei "^$COUNTER: " | awk '{ print $2 }'; }

LOGS=""
for MODE in legacy fast; do
    LOG=$OO_TMP/openocd-$MODE.log
    LOGS="$LOGS $LOG"
    openocd_commands "$LOG" $MODE
    in_section halt "halted in MIPS32 mode due to debug-request" "halt"
    in_section regpc "^pc \(/32\): 0x8010" "reg pc reads a PC inside the program"
    in_section mww "^$SCRATCH: cafef00d" "mww then mdw reads the word back"
    in_section mwh "^$SCRATCH: cafebeef" "mwh writes the low halfword (big-endian)"
    in_section mwb "^$SCRATCH: ca5a" "mwb writes byte 1, mdh reads halfword 0"
    in_section cp0 "cp0 reg 25, select 0: 8000002f" "CP0 25/0 reads back masked"
    in_section hw1 "halted .*due to breakpoint" "hardware breakpoint hit"
    in_section hw1 "^pc \(/32\): $TICK" "hardware breakpoint stops at tick"
    in_section hw2 "^pc \(/32\): $TICK" "hardware breakpoint hit again"
    C1=$(counter_in hw1); C2=$(counter_in hw2)
    if [ -n "$C1" ] && [ -n "$C2" ] && [ $((0x$C2)) -eq $((0x$C1 + 1)) ]; then
        echo "ok: $MODE: one loop iteration between two hits ($C1 -> $C2)"
    else
        echo "FAIL: $MODE: counter between hits: '$C1' -> '$C2', expected +1"
        OO_FAILS=$((OO_FAILS + 1))
    fi
    in_section step "^pc \(/32\): 0x$(hex8 $((TICK + 4)))" "single step moves to tick+4"
    # OpenOCD 0.12 names an SDBBP halt "target-not-halted" (it only reads
    # IBS/DBS for the reason), so the PC is the oracle.
    in_section sw "halted in MIPS32 mode .*pc: $AFTER" "software breakpoint hit"
    in_section sw "^pc \(/32\): $AFTER" "software breakpoint stops at after_tick"
    # A step at a branch runs its delay slot too and stops at the target.
    in_section stepb "^pc \(/32\): $LOOP" "single step over 'b loop' stops at loop"
    # vboard resets like QEMU's Malta with -kernel: back through the boot
    # code to the ELF entry, where EJTAGBOOT holds it in debug mode.
    in_section reset "^pc \(/32\): $ENTRY" "reset halt stops at the ELF entry"
    oo_reject "$LOG" "Error|Failed" "$MODE: no OpenOCD errors"
done

# ---- part 2: gdb-multiarch through OpenOCD's gdb server ------------------
LOG2=$OO_TMP/openocd-gdb.log
GLOG=$OO_TMP/gdb.log
# OpenOCD stays up when it cannot bind its gdb port, so a taken port shows
# in its log; pick another then.
GDB_UP=no
for try in 1 2 3 4 5; do
    oo_pick_port GDBP || break
    openocd -l "$LOG2" -c "set VBOARD_RBB_PORT $RBB" -f "$CFG" \
        -c "gdb_port $GDBP; telnet_port disabled; tcl_port disabled" \
        >/dev/null 2>&1 &
    OPID=$!
    oo_track $OPID
    if oo_wait_port "$GDBP" $OPID && sleep 0.2 &&
        ! grep -q "couldn't bind gdb" "$LOG2"; then
        GDB_UP=yes
        break
    fi
    kill $OPID 2>/dev/null
    wait $OPID 2>/dev/null
done
if [ $GDB_UP = yes ]; then
    timeout 120 gdb-multiarch -nx "${GDB_WAIT[@]}" -batch "$FW" \
        -ex "set confirm off" \
        -ex "target extended-remote 127.0.0.1:$GDBP" \
        -ex "break tick" -ex "continue" \
        -ex "printf \"PC1=%08x\\n\", \$pc" \
        -ex "printf \"C1=%d\\n\", *(int *)&counter" \
        -ex "continue" \
        -ex "printf \"PC2=%08x\\n\", \$pc" \
        -ex "printf \"C2=%d\\n\", *(int *)&counter" \
        -ex "printf \"SP=%08x\\n\", \$sp" \
        -ex "info registers" \
        -ex "delete" -ex "monitor resume" -ex "monitor shutdown" \
        >"$GLOG" 2>&1
else
    echo "OpenOCD did not open its gdb port" >"$GLOG"
fi
oo_expect "$GLOG" "^PC1=$(hex8 "$TICK")" "gdb: breakpoint at tick"
oo_expect "$GLOG" "^PC2=$(hex8 "$TICK")" "gdb: continue to tick again"
G1=$(sed -n 's/^C1=//p' "$GLOG"); G2=$(sed -n 's/^C2=//p' "$GLOG")
if [ -n "$G1" ] && [ -n "$G2" ] && [ "$G2" -eq $((G1 + 1)) ]; then
    echo "ok: gdb: one iteration between the two stops ($G1 -> $G2)"
else
    echo "FAIL: gdb: counter '$G1' -> '$G2', expected +1"
    OO_FAILS=$((OO_FAILS + 1))
fi
oo_expect "$GLOG" "^SP=$(hex8 "$STACK_TOP")" "gdb: \$sp is stack_top (set by _start)"
oo_expect "$GLOG" "cause +pc\$" "gdb: info registers lists pc"
oo_finish $LOGS "$LOG2" "$GLOG" "$VLOG"
