#!/usr/bin/env python3
"""A noisy serial line for pmuctl's end-to-end tests.

Opens a pseudo-terminal (the device pmuctl opens, set raw with termios)
and relays it to vboard's serial socket, flipping one random bit in a
fraction RATE of the bytes, each way, from two random streams seeded with
SEED (the same seed, the same faults at the same byte positions). When the
relay ends (SIGTERM, or either side closing) it writes to STATS one line:
"bytes_to_board flips_to_board bytes_to_host flips_to_host".

usage: noisy_relay.py PORT PTY_PATH_FILE STATS RATE SEED
"""
import os
import random
import select
import signal
import socket
import sys
import tty


class Noise:
    """One direction of the line: counts bytes and the bits it flips."""

    def __init__(self, rate, seed):
        self.rate, self.rng = rate, random.Random(seed)
        self.bytes = self.flips = 0

    def __call__(self, data):
        out = bytearray(data)
        for i in range(len(out)):
            if self.rng.random() < self.rate:
                out[i] ^= 1 << self.rng.randrange(8)
                self.flips += 1
        self.bytes += len(out)
        return bytes(out)


def main(argv):
    port, pty_file, stats = int(argv[1]), argv[2], argv[3]
    rate, seed = float(argv[4]), int(argv[5])
    to_board, to_host = Noise(rate, seed), Noise(rate, seed + 1)

    def write_stats(*_):
        with open(stats, "w") as f:
            f.write(f"{to_board.bytes} {to_board.flips} {to_host.bytes} {to_host.flips}\n")
        sys.exit(0)

    signal.signal(signal.SIGTERM, write_stats)
    master, slave = os.openpty()
    tty.setraw(master)
    with open(pty_file + ".tmp", "w") as f:
        f.write(os.ttyname(slave))
    os.rename(pty_file + ".tmp", pty_file)
    s = socket.create_connection(("127.0.0.1", port))
    while True:
        ready, _, _ = select.select([master, s], [], [], 120)
        if not ready:
            break
        if s in ready:
            d = s.recv(4096)
            if not d:
                break
            os.write(master, to_host(d))
        if master in ready:
            try:
                d = os.read(master, 4096)
            except OSError:  # no one has the pty open right now
                continue
            s.sendall(to_board(d))
    write_stats()


if __name__ == "__main__":
    main(sys.argv)
