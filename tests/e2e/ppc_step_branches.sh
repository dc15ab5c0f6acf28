#!/usr/bin/env bash
# Single steps through every kind of Book E branch (ppc_step_branches.S),
# through the stub, which runs each instruction out of line
# (stub/arch/ppc32/displaced.c): after every stepi the pc is the label the
# program's own control flow reaches, and LR and CTR are what the
# instructions make them (bl and bctrl link to the next instruction, bdnz
# counts CTR down, bclr and bcctr leave LR and CTR), on QEMU's e500v2 and
# on vboard's e200z7 and e500v2.
# Usage: ppc_step_branches.sh STEP.elf VBOARD
. "$(dirname "$0")/ppc_lib.sh"
ELF=$1 VBOARD=$2
OUT=$E2E_TMP/gdb.out
a() { printf "%x" "0x$(ppc_sym_addr "$ELF" "$1")"; }

# The pcs after steps 1..15 from st_0, and what LR and CTR must hold then.
WANT=(st_1 st_2 st_fn st_3 st_5 st_6 st_8 st_9 st_9 st_10 st_10b st_11a st_11 st_12 st_14)
cmds=("file $ELF" "set endian big" "target remote 127.0.0.1:PORT" "break *0x$(a st_0)" "continue")
for _ in "${WANT[@]}"; do
    cmds+=("stepi" "printf \"STEP pc=%x lr=%x ctr=%x\\n\", \$pc, \$lr, \$ctr")
done
cmds+=("delete" "continue")

run() { # run BOARD: the session on 127.0.0.1:$PORT
    local c=("${cmds[@]}")
    c[2]="target remote 127.0.0.1:$PORT"
    gdb_batch "${c[@]}" >"$OUT"
    python3 - "$OUT" "$1" "$(a st_3)" "$(a st_11n)" "$(a st_12)" \
        $(for w in "${WANT[@]}"; do a "$w"; echo; done) <<'PY'
import re, sys
out, board, st3, st11n, st12, *want = sys.argv[1:]
steps = re.findall(r"^STEP pc=(\w+) lr=(\w+) ctr=(\w+)$", open(out).read(), re.M)
ok = [s[0] for s in steps] == want
# LR after the bl (step 3) and after the blr back (step 4); after bctrl (14)
ok &= steps[2][1] == st3 and steps[3][1] == st3 and steps[13][1] == st11n
# CTR: 2 after mtctr, 1 and 0 after the two bdnz, st_12 after mtctr/bctrl
ok &= steps[1][2] == "2" and steps[8][2] == "1" and steps[9][2] == "0"
ok &= steps[12][2] == st12 and steps[13][2] == st12
if not ok:
    print(board, steps, want)
sys.exit(0 if ok else 1)
PY
}

start_qemu_ppc "$ELF"
PORT=$QEMU_PORT
check "QEMU e500v2: pc, LR and CTR after each of 15 steps through b, bl, ba, blr, beq, bne, bdnz, bctrl" run QEMU
check "QEMU e500v2: the program then runs to its end" has "exited normally"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null

for cpu in e200z7 e500v2; do
    PORT=$(free_port)
    rm -f "$E2E_TMP/vboard.log" # a restart must not find the last run's "waiting"
    "$VBOARD" --cpu "$cpu" --no-reboot --kernel "$ELF" \
        --serial "tcp:127.0.0.1:$PORT,server" >"$E2E_TMP/vboard.log" 2>&1 &
    E2E_PIDS+=($!)
    for _ in $(seq 1200); do grep -q "waiting for a serial client" "$E2E_TMP/vboard.log" && break; sleep 0.1; done
    check "vboard $cpu: pc, LR and CTR after each of 15 steps" run "vboard $cpu"
    check "vboard $cpu: the program then runs to its end" has "exited normally"
done
finish
