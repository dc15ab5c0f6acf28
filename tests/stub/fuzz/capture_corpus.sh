#!/usr/bin/env bash
# capture_corpus.sh FIRMWARE.elf CORPUS_DIR
# Records what the real gdb-multiarch sends to the real stub on QEMU's Malta
# board (GDB's "set remotelogfile") in a few sessions, and writes each as a
# seed for fuzz_stub: the raw bytes GDB put on the line (gdb_<name>) and the
# same packets one per line (gdb_<name>.lines, the fuzz target's framed
# mode). Run by hand when the protocol use changes; not a test.
set -eu
. "$(dirname "$0")/../../e2e/lib.sh"
ELF=$1 DIR=$2

session() { # NAME GDB-COMMANDS...
    local name=$1; shift
    start_qemu "$ELF"
    gdb_batch "set remotelogfile $E2E_TMP/$name.log" \
              "target remote 127.0.0.1:$QEMU_PORT" "$@" >/dev/null
    kill "${E2E_PIDS[@]}"; wait 2>/dev/null || true; E2E_PIDS=()
    python3 - "$E2E_TMP/$name.log" "$DIR/gdb_$name" <<'PY'
import re, sys
# gdb/serial.c serial_logchar: "w " lines are what GDB wrote, with \\, \n,
# \r, \t, \b, \f, \v and \xNN escapes; <...> marks events, not bytes.
ESC = {"\\": b"\\", "n": b"\n", "r": b"\r", "t": b"\t", "b": b"\b",
       "f": b"\f", "v": b"\v"}
out = b""
for line in open(sys.argv[1], encoding="latin1").read().split("\n"):
    if not line.startswith("w "):
        continue
    for m in re.finditer(r"\\x([0-9a-fA-F]{2})|\\(.)|<[^>]*>|(.)", line[2:]):
        if m.group(1):
            out += bytes([int(m.group(1), 16)])
        elif m.group(2):
            out += ESC.get(m.group(2), m.group(2).encode("latin1"))
        elif m.group(3):
            out += m.group(3).encode("latin1")
open(sys.argv[2], "wb").write(out)
pkts = re.findall(rb"\$([^#$]*)#[0-9a-fA-F]{2}", out)
open(sys.argv[2] + ".lines", "wb").write(b"\n" + b"\n".join(pkts))
PY
}

session describe "info registers" "p \$fir" "detach"
session break_step "file $ELF" "break sum_squares" "continue" "stepi" \
    "stepi" "x/4x \$sp" "info breakpoints" "detach"
session write_and_exit "file $ELF" "break sum_squares" "continue" \
    "set var *(unsigned *)&demo_scratch = 0xdeadbeef" \
    "set \$t0 = 0x1234abcd" "x/x 0" "monitor pmu" "monitor help" \
    "delete" "continue"
