#!/usr/bin/env python3
"""The arch's description pieces, written with the board's rules (gen_pmu.py
stub --core, as the stub's build does: rules inside runs' templates), read
through the stub's own cursor (stub/core/tdesc.c, compiled for the host)
from every offset in pieces of several lengths, as qXfer:features:read
reads them: the same text at every offset (tdesc_cursor_main.c checks),
and all of it is target.xml as gen_target_xml.py writes it in plain text.

usage: test_tdesc_cursor.py TOP_SRC_DIR CC
"""
import os
import subprocess
import sys
import tempfile

TOP, CC = sys.argv[1], sys.argv[2]
TX = os.path.join(TOP, "target-xml")
BUILDS = (("malta", "34k", "mips:isa32r2", "pmustub_mips_target_xml",
           ["mips/mips-cpu.xml", "mips/mips-cp0.xml", "mips/mips-fpu.xml"]),
          ("malta", "", "mips:isa32r2", "pmustub_mips_target_xml",
           ["mips/mips-cpu.xml", "mips/mips-cp0.xml", "mips/mips-fpu.xml"]),
          ("ppce500", "e200z7", "powerpc:common", "pmustub_power_target_xml",
           ["power/power-core.xml"]))

failures = []
with tempfile.TemporaryDirectory() as tmp:
    for board, cores, arch, symbol, feats in BUILDS:
        feats = [os.path.join(TX, f) for f in feats]
        name = f"{board} {cores or 'all cores'}"
        c, h, t, xml = (os.path.join(tmp, f) for f in ("pmu_registry.c", "pmu_registry.h",
                                                       "tdesc_table.h", "t.xml"))
        exe = os.path.join(tmp, "cursor")
        for cmd in ([sys.executable, os.path.join(TX, "gen_pmu.py"), "stub",
                     os.path.join(TX, "cores.toml"), board, c, h, cores, "--table", t, "--core", arch, symbol,
                     *feats],
                    [sys.executable, os.path.join(TX, "gen_target_xml.py"), "--arch", arch,
                     "--symbol", symbol, "--out-xml", xml, *feats],
                    [CC, "-std=c99", "-Wall", "-Wextra", "-Werror", "-O1", f"-DSYMBOL={symbol}",
                     "-I", os.path.join(TOP, "stub", "include"), "-I", tmp, "-o", exe,
                     os.path.join(TOP, "tests", "target-xml", "tdesc_cursor_main.c"),
                     os.path.join(TOP, "stub", "core", "tdesc.c"), c]):
            r = subprocess.run(cmd, capture_output=True)
            if r.returncode:
                failures.append(f"{name}: {' '.join(cmd[:3])}: {r.stderr.decode().strip()}")
                break
        else:
            r = subprocess.run([exe], capture_output=True)
            with open(xml, "rb") as f:
                want = f.read()
            if r.returncode:
                failures.append(f"{name}: {r.stderr.decode().strip()}")
            elif r.stdout != want:
                failures.append(f"{name}: the cursor reads {len(r.stdout)} bytes, not "
                                f"target.xml's {len(want)}")
            else:
                print(f"ok: {name}: {len(want)} bytes, every offset, lengths 1 2 3 7 509")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
