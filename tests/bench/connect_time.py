#!/usr/bin/env python3
"""How long `pmuctl read` takes to print its first count over a paced
serial line, and how many bytes it reads before then: vboard runs the
firmware as CPU with its UART paced at BAUD (--baud, 10 bits a byte), a
relay between pmuctl and vboard counts the bytes each way, and the time
runs from pmuctl's start to its first line with a count.

usage: connect_time.py PMUCTL VBOARD FIRMWARE.elf CPU [BAUD] [RUNS]
BAUD 0: the line unpaced, for what the rest of the connection costs.
Each run twice: with no description kept (an empty PMUCTL_CACHE_DIR of
its own) and with it kept (the cache a run before left,
host/session/tdesc_cache.c). Prints one line per run and the medians.
"""
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

PMUCTL, VBOARD, ELF, CPU = sys.argv[1:5]
BAUD = int(sys.argv[5]) if len(sys.argv) > 5 else 115200
RUNS = int(sys.argv[6]) if len(sys.argv) > 6 else 3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay(threading.Thread):
    """Accepts one client on a port and joins it to vboard's, counting
    bytes from the target (stub -> host) and to it."""

    def __init__(self, target_port):
        super().__init__(daemon=True)
        self.port = free_port()
        self.target_port = target_port
        self.from_target = self.to_target = 0
        self.srv = socket.socket()
        self.srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.srv.bind(("127.0.0.1", self.port))
        self.srv.listen(1)

    def pump(self, a, b, count):
        try:
            while True:
                d = a.recv(65536)
                if not d:
                    break
                count(len(d))
                b.sendall(d)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def run(self):
        c, _ = self.srv.accept()
        t = socket.create_connection(("127.0.0.1", self.target_port))
        for s in (c, t):
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        up = threading.Thread(target=self.pump, args=(c, t, self.add_to), daemon=True)
        up.start()
        self.pump(t, c, self.add_from)

    def add_to(self, n):
        self.to_target += n

    def add_from(self, n):
        self.from_target += n


def one_run(tmp, cache):
    log = os.path.join(tmp, "vboard.log")
    vport = free_port()
    pace = ["--baud", str(BAUD)] if BAUD else []
    vb = subprocess.Popen([VBOARD, "--cpu", CPU, *pace, "--kernel", ELF,
                           "--serial", f"tcp:127.0.0.1:{vport},server"],
                          stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        for _ in range(600):
            if "waiting for a serial client" in open(log).read():
                break
            time.sleep(0.1)
        relay = Relay(vport)
        relay.start()
        t0 = time.monotonic()
        # stdbuf: pmuctl's stdout to a pipe is block-buffered; each line as printed.
        pm = subprocess.Popen(["stdbuf", "-oL", PMUCTL, "-t", f"127.0.0.1:{relay.port}", "read"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=dict(os.environ, PMUCTL_CACHE_DIR=cache))
        first, at_first = None, None
        for line in pm.stdout:
            # A count line: "COUNT EVENT counterN" (docs/pmuctl.md); EVENT
            # "(reserved code)" for a code the catalogue does not name.
            if first is None and re.match(r"\s*[\d,]+\s.*\scounter\d+$", line):
                first, at_first = time.monotonic() - t0, relay.from_target
        rest = pm.wait(timeout=60)
        if rest != 0 or first is None:
            raise SystemExit(f"pmuctl read: status {rest}, {pm.stderr.read()}")
        return first, at_first, relay.from_target, relay.to_target
    finally:
        vb.kill()
        vb.wait()


with tempfile.TemporaryDirectory() as tmp:
    for kept in (False, True):
        what = "description kept" if kept else "no description kept"
        runs = []
        for i in range(RUNS):
            cache = os.path.join(tmp, "kept" if kept else f"cold{i}")
            if kept and i == 0:
                one_run(tmp, cache)  # leaves the description in the cache
            first, at_first, read_total, sent = one_run(tmp, cache)
            runs.append(first)
            print(f"{what}, run {i + 1}: first count after {first:.3f} s; {at_first} bytes "
                  f"read by then ({read_total} in all, {sent} sent)")
        print(f"{CPU} at {BAUD} baud, {what}: median {statistics.median(runs):.3f} s "
              "to the first count")
