#!/usr/bin/env python3
"""The target description the stub serves (qXfer:features:read, read in
short chunks at every offset as GDB does) is exactly the text the
generator makes from the registry: the board's core features
(target.xml, written by gen_target_xml.py in plain text) with the core's
PMU feature (feature_xml.feature_pieces, the same function that made the
stub's pieces before they were stored in the compact form) put before
</target>. The firmware runs on vboard as CPU, which has all of the
core's counters.

usage: tdesc_served.py VBOARD FIRMWARE.elf TARGET.xml CPU TOP_SRC_DIR [CHUNK]
Exit status 1 with a diff when they differ.
"""
import difflib
import os
import socket
import subprocess
import sys
import tempfile
import time

VBOARD, ELF, ARCH_XML, CPU, TOP = sys.argv[1:6]
CHUNK = int(sys.argv[6]) if len(sys.argv) > 6 else 0x3fb  # pmuctl's and GDB's size
sys.path.insert(0, os.path.join(TOP, "target-xml"))
from feature_xml import feature_pieces  # noqa: E402
from pmu_registry import load  # noqa: E402


def expected():
    reg, _ = load(os.path.join(TOP, "target-xml", "cores.toml"))
    core = next(c for c in reg["cores"] if c["key"] == CPU)
    fam = reg["families"][core["family"]]
    head, pieces, tail = feature_pieces(fam, core["key"], core["counters"],
                                        core["field_list"], core["event_list"])
    arch = open(ARCH_XML).read()
    assert arch.endswith("</target>")
    return arch[:-len("</target>")] + head + "".join(pieces) + tail + "</target>"


def packet(s, payload):
    """Sends one packet (ack mode) and returns the reply's payload. Sent
    again after a second of silence, as GDB does: the board may still be
    starting when the first bytes reach its UART, and drop them."""
    frame = b"$%s#%02x" % (payload, sum(payload) & 0xff)
    s.sendall(frame)
    buf, tries = b"", 0
    while True:
        try:
            d = s.recv(4096)
        except socket.timeout:
            tries += 1
            if tries > 30:
                raise SystemExit(f"no reply to {payload!r}")
            s.sendall(frame)
            continue
        if not d:
            raise SystemExit("the stub closed the line")
        buf += d
        start = buf.find(b"$")
        end = buf.find(b"#", start)
        if start >= 0 and end >= 0 and len(buf) >= end + 3:
            s.sendall(b"+")
            return buf[start + 1:end]


def unescape(data):
    out, i = bytearray(), 0
    while i < len(data):
        if data[i] == 0x7d:
            out.append(data[i + 1] ^ 0x20)
            i += 2
        else:
            out.append(data[i])
            i += 1
    return bytes(out)


def served(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=1)
    text, off = b"", 0
    while True:
        r = packet(s, b"qXfer:features:read:target.xml:%x,%x" % (off, CHUNK))
        if r[:1] not in (b"m", b"l"):
            raise SystemExit(f"qXfer at {off:#x}: {r!r}")
        data = unescape(r[1:])
        text += data
        off += len(data)
        if r[:1] == b"l":
            break
        if not data:
            raise SystemExit(f"qXfer at {off:#x}: 'm' with no data")
    packet(s, b"D")
    s.close()
    return text.decode("ascii")


with tempfile.TemporaryDirectory() as tmp:
    log = os.path.join(tmp, "vboard.log")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    vb = subprocess.Popen([VBOARD, "--cpu", CPU, "--no-reboot", "--kernel", ELF,
                           "--serial", f"tcp:127.0.0.1:{port},server"],
                          stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        for _ in range(600):  # vboard says when it listens (a probe would be the client)
            if "waiting for a serial client" in open(log).read():
                break
            time.sleep(0.1)
        got = served(port)
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
print(f"ok: {CPU}: {len(got)} bytes served, the generator's text, read in {CHUNK}-byte chunks")
