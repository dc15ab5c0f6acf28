#!/usr/bin/env python3
"""The target description the stub serves (qXfer:features:read, read in
short chunks at every offset as GDB does) is exactly the text the
generator makes from the registry: the board's core features
(target.xml, written by gen_target_xml.py in plain text) with the core's
PMU feature (feature_xml.feature_pieces, the same function that made the
stub's pieces before they were stored in the compact form) put before
</target>. And "monitor pmu" names each event of the core's catalogue
(target-xml/events/CPU.csv) on the counters that can count it as the
catalogue does, with the event's code written into the counter's control
register (P): the stub reads those names from its stored description.
And qPmustub.Tdesc, what pmuctl keeps descriptions by, answers the
CRC-32 (GDB's qCRC, computed here) and length of that text.
The firmware runs on vboard as CPU, which has all of the core's counters.
STUB_SUMMARY=0 in the environment: the stub was built without the
summary of "monitor pmu" (-DPMUSTUB_PMU_SUMMARY=OFF), which then names no
event and says where GDB shows them instead.

usage: tdesc_served.py VBOARD FIRMWARE.elf TARGET.xml CPU TOP_SRC_DIR [CHUNK]
Exit status 1 with a diff when they differ.
"""
import difflib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

VBOARD, ELF, ARCH_XML, CPU, TOP = sys.argv[1:6]
CHUNK = int(sys.argv[6]) if len(sys.argv) > 6 else 0x3fb  # pmuctl's and GDB's size
# vboard's machine for a chip's board (--machine), else the board --cpu picks
MACHINE = ["--machine", sys.argv[7]] if len(sys.argv) > 7 else []
SUMMARY = os.environ.get("STUB_SUMMARY", "1") != "0"
NO_SUMMARY = "pmu: built without its summary: print GDB's registers of group pmu\n"
sys.path.insert(0, os.path.join(TOP, "target-xml"))
from feature_xml import feature_pieces  # noqa: E402
from pmu_registry import control_fields, event_field, load, regnum_of  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gdb_crc32 import gdb_crc32  # noqa: E402
from rsp_line import Line, unescape  # noqa: E402


def expected():
    reg, _ = load(os.path.join(TOP, "target-xml", "cores.toml"))
    core = next(c for c in reg["cores"] if c["key"] == CPU)
    fam = reg["families"][core["family"]]
    head, pieces, tail = feature_pieces(fam, core["key"], core["counters"],
                                        core["field_list"], core["event_list"])
    arch = open(ARCH_XML).read()
    assert arch.endswith("</target>")
    return arch[:-len("</target>")] + head + "".join(pieces) + tail + "</target>"


def served(line):
    text, off = b"", 0
    while True:
        r = line.packet(b"qXfer:features:read:target.xml:%x,%x" % (off, CHUNK))
        if r[:1] not in (b"m", b"l"):
            raise SystemExit(f"qXfer at {off:#x}: {r!r}")
        data = unescape(r[1:])
        text += data
        off += len(data)
        if r[:1] == b"l":
            break
        if not data:
            raise SystemExit(f"qXfer at {off:#x}: 'm' with no data")
    return text.decode("ascii")


def misnamed_events(line):
    """Each catalogue event on the first and the last counter that count
    it (where the counters' event tables differ, 34K even/odd, R10000,
    these are of both kinds), written into the counter's control
    register: what monitor pmu says it is, where that is not the
    catalogue's name."""
    reg, _ = load(os.path.join(TOP, "target-xml", "cores.toml"))
    core = next(c for c in reg["cores"] if c["key"] == CPU)
    fam = reg["families"][core["family"]]
    ctl = next(r for r in fam["registers"] if r["role"] == "control" and not r.get("readonly"))
    shift, mask = event_field(control_fields(fam, core))
    wrong = []
    for code, counters, name, *_ in core["event_list"]:
        for n in sorted({counters[0], counters[-1]}):  # both kinds where counters differ
            r = line.packet(b"P%x=%08x" % (regnum_of(ctl, n), (code & mask) << shift))
            if r != b"OK":
                raise SystemExit(f"P of {ctl['name'].format(n=n)}: {r!r}")
            said = re.search(rf"counter {n}: event {code} (\S+?),", line.monitor("pmu"))
            if not said or said.group(1) != name:
                wrong.append(f"counter {n} event {code}: {said and said.group(1)!r}, not {name!r}")
    return wrong


with tempfile.TemporaryDirectory() as tmp:
    log = os.path.join(tmp, "vboard.log")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    vb = subprocess.Popen([VBOARD, *MACHINE, "--cpu", CPU, "--no-reboot", "--kernel", ELF,
                           "--serial", f"tcp:127.0.0.1:{port},server"],
                          stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        for _ in range(600):  # vboard says when it listens (a probe would be the client)
            if "waiting for a serial client" in open(log).read():
                break
            time.sleep(0.1)
        line = Line(port)
        got = served(line)
        tdesc_id = line.packet(b"qPmustub.Tdesc").decode()
        if SUMMARY:
            wrong = misnamed_events(line)
        else:
            said = line.monitor("pmu")
            wrong = [] if said == NO_SUMMARY else [f"monitor pmu said {said!r}, not {NO_SUMMARY!r}"]
        line.packet(b"D")
    finally:
        vb.kill()
        vb.wait()

want = expected()
if got != want:
    sys.stdout.writelines(difflib.unified_diff(
        want.replace(">", ">\n").splitlines(True), got.replace(">", ">\n").splitlines(True),
        "generator", "served"))
    sys.exit(f"FAIL: {CPU}: the served description differs from the generator's "
             f"({len(got)} bytes served, {len(want)} expected)")
want_id = f"{gdb_crc32(want.encode()):08x},{len(want):x}"
if tdesc_id != want_id:
    sys.exit(f"FAIL: {CPU}: qPmustub.Tdesc says {tdesc_id!r}, the text's CRC and length "
             f"are {want_id}")
if wrong:
    sys.exit(f"FAIL: {CPU}: monitor pmu names {len(wrong)} events otherwise than the "
             "catalogue:\n  " + "\n  ".join(wrong[:20]))
print(f"ok: {CPU}: {len(got)} bytes served, the generator's text, read in {CHUNK}-byte chunks; "
      f"qPmustub.Tdesc {tdesc_id}, its CRC and length; "
      + ("monitor pmu names every event of the catalogue on its counters" if SUMMARY
         else "monitor pmu, built without its summary, points at GDB's registers"))
