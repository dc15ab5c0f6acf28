#!/usr/bin/env bash
# mpc5674f_vle_boot.sh VBOARD mpc5674f_vle_boot.elf
# vboard's MPC5674F boots a VLE image (tests/firmware/ppc/
# mpc5674f_vle_boot.S): its RCHW 0x015A0000 asks for VLE, the BAM's TLB
# entries 1-3 are VLE pages and entry 4 is not (tlbre of each, printed V
# or B), the entry word runs as VLE, and its reset ends the run (status 0).
set -euo pipefail
vboard=$1 elf=$2
st=0
out=$(timeout 60 "$vboard" --machine mpc5674f --no-reboot --kernel "$elf" --serial stdio \
      </dev/null 2>&1) || st=$?
if [ "$st" = 0 ] && [ "$out" = "VLEVVVB" ]; then
    echo "ok: the VLE image printed '$out' (TLB 1-3 VLE, 4 Book E) and reset the chip"
else
    echo "FAIL: status $st, output '$out' (expected 'VLEVVVB', status 0)"
    exit 1
fi
