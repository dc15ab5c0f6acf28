#!/usr/bin/env bash
# Prints the stub's footprint in each board's linked demo firmware: text,
# rodata, data and bss contributed by libpmustub.a (core + arch port +
# board + target XML), read from the linker maps, so the demo's own code is
# not counted; the boards side by side, then each board's objects. What
# libgcc.a adds (the Power build's register save/restore helpers) is
# counted apart.
# Usage: footprint.sh [MAP...]  (default: build/target/{malta,ppce500}/pmustub-demo.map)
set -euo pipefail
if [ $# -eq 0 ]; then
    set -- build/target/malta/pmustub-demo.map build/target/ppce500/pmustub-demo.map
fi
python3 - "$@" <<'PY'
import os, re, sys
from collections import defaultdict

kinds = [("text", (".text",)), ("rodata", (".rodata",)),
         ("data", (".data", ".sdata")), ("bss", (".bss", ".sbss", "COMMON", ".scommon"))]
line_re = re.compile(r"^ (\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$")


def footprint(path):
    """Bytes per kind and per object of libpmustub.a, and libgcc.a's bytes."""
    total, per_obj, libgcc = defaultdict(int), defaultdict(int), 0
    pending = None
    in_memmap = False
    for line in open(path):
        if line.startswith("Linker script and memory map"):
            in_memmap = True
            continue
        if not in_memmap:
            continue
        # An input section name too long for its column stands alone on a line.
        m = re.match(r"^ (\.\S+|COMMON)\s*$", line)
        if m:
            pending = m.group(1)
            continue
        m = line_re.match(line.rstrip("\n"))
        if not m:
            pending = None
            continue
        name = m.group(1) or pending
        pending = None
        size, src = int(m.group(3), 16), m.group(4)
        if not name or size == 0:
            continue
        for kind, prefixes in kinds:
            if not name.startswith(prefixes):
                continue
            if "libpmustub.a(" in src:
                total[kind] += size
                per_obj[src.split("(")[1].rstrip(")")] += size
            elif "libgcc.a(" in src:
                libgcc += size
            break
    return total, per_obj, libgcc


maps = sys.argv[1:]
boards = [os.path.basename(os.path.dirname(os.path.abspath(m))) for m in maps]
results = [footprint(m) for m in maps]
print("stub footprint in the demo firmware (libpmustub.a only; alignment padding not counted)")
print("  %-7s" % "" + "".join(" %10s" % b for b in boards))
for kind, _ in kinds:
    print("  %-7s" % kind + "".join(" %10d" % r[0][kind] for r in results))
print("  %-7s" % "total" + "".join(" %10d" % sum(r[0].values()) for r in results)
      + "  bytes (target 16 KiB = 16384)")
for board, (total, per_obj, libgcc) in zip(boards, results):
    print("%s by object%s:" % (board, ", plus %d bytes of libgcc.a" % libgcc if libgcc else ""))
    for obj, n in sorted(per_obj.items(), key=lambda kv: -kv[1]):
        print("  %-24s %6d" % (obj, n))
PY
