#!/bin/bash
# openocd_tap.sh SERVER CFG - stock OpenOCD 0.12 finds and examines vboard's
# EJTAG TAP through remote_bitbang: chain interrogation (IDCODE after
# Test-Logic-Reset, BYPASS echo), IR capture check, IMPCODE (EJTAG 3.1), and
# a halt request shows DM at the next CONTROL capture. SERVER is
# vboard_ejtag_test_server (the TAP with a fake CPU, so no PrAcc code runs).
set -u
SERVER=$1
CFG=$2
. "$(dirname "$0")/openocd_lib.sh"

oo_start_server RBB "$OO_TMP/server.log" "$SERVER" @PORT || exit 1

LOG=$OO_TMP/openocd.log
timeout 60 openocd -d3 -l "$LOG" -c "set VBOARD_RBB_PORT $RBB" -f "$CFG" \
    -c "gdb_port disabled; telnet_port disabled; tcl_port disabled" \
    -c "init; halt 0; shutdown" >/dev/null 2>&1

oo_expect "$LOG" "tap/device found: 0x0340024f .*MIPS Technologies" \
    "IDCODE read after Test-Logic-Reset"
oo_reject "$LOG" "Unexpected idcode|IR capture error|JTAG scan chain interrogation failed|tap/device does not match" \
    "chain interrogation and IR capture check are clean"
oo_expect "$LOG" "EJTAG: Version 3.1 Detected" "IMPCODE gives EJTAG 3.1"
oo_expect "$LOG" "features: ASID_8 noDMA MIPS32" "IMPCODE features"
oo_expect "$LOG" "mips_ejtag_enter_debug\(\): ejtag_ctrl: 0x[0-9a-f]*[89a-f]\$" \
    "CONTROL capture after EjtagBrk shows DM (bit 3)"
oo_reject "$LOG" "Failed to enter Debug Mode" "halt request accepted"
oo_finish "$LOG" "$OO_TMP/server.log"
