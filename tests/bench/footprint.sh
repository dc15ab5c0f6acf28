#!/usr/bin/env bash
# Prints the stub's footprint in a linked firmware: text, rodata, data and
# bss contributed by libpmustub.a (core + MIPS port + Malta board + target
# XML), read from the linker map, so the demo's own code is not counted.
# Usage: footprint.sh [build/target/malta/pmustub-demo.map]
set -euo pipefail
MAP=${1:-build/target/malta/pmustub-demo.map}
python3 - "$MAP" <<'PY'
import re, sys
from collections import defaultdict

kinds = [("text", (".text",)), ("rodata", (".rodata",)),
         ("data", (".data", ".sdata")), ("bss", (".bss", ".sbss", "COMMON", ".scommon"))]
line_re = re.compile(r"^ (\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$")
total = defaultdict(int)
per_obj = defaultdict(int)
pending = None
in_memmap = False
for line in open(sys.argv[1]):
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
    if not name or "libpmustub.a(" not in src or size == 0:
        continue
    for kind, prefixes in kinds:
        if name.startswith(prefixes):
            total[kind] += size
            per_obj[src.split("(")[1].rstrip(")")] += size
            break
all_ = sum(total.values())
print("stub footprint in %s (libpmustub.a only; alignment padding not counted)" % sys.argv[1])
for kind, _ in kinds:
    print("  %-7s %6d bytes" % (kind, total[kind]))
print("  %-7s %6d bytes (%.1f KiB; target 16 KiB = 16384)" % ("total", all_, all_ / 1024))
print("by object:")
for obj, n in sorted(per_obj.items(), key=lambda kv: -kv[1]):
    print("  %-24s %6d" % (obj, n))
PY
