#!/usr/bin/env python3
"""A TCP relay between pmuctl and the stub that records what pmuctl sent
and can take one feature out of the stub's qSupported reply, so that a
test sees which packets pmuctl chose on a stub that offers the feature and
on one that does not.

Listens on 127.0.0.1:LISTEN for one client, connects it to
127.0.0.1:TARGET, and appends every byte the client sends to LOG. With
STRIP (e.g. ";qPmustub.Bracket+"), each stub packet holding it is sent on
without it, its checksum made again (GDB manual, "Overview": the modulo-256
sum of the payload). Prints "listening" once it listens; ends when either
side closes, or after 120 s with no client.

usage: feature_relay.py LISTEN TARGET LOG [STRIP]
"""
import select
import socket
import sys


def strip_packets(buf, strip):
    """Rewrites the complete packets at the front of buf; returns the bytes
    to send and what is left (a packet cut short)."""
    out = bytearray()
    while buf:
        start = buf.find(b"$")
        if start < 0:
            out += buf
            return bytes(out), b""
        out += buf[:start]
        end = buf.find(b"#", start)
        if end < 0 or len(buf) < end + 3:
            return bytes(out), buf[start:]
        payload = buf[start + 1:end]
        if strip and strip in payload:
            payload = payload.replace(strip, b"")
            out += b"$" + payload + b"#%02x" % (sum(payload) & 0xff)
        else:
            out += buf[start:end + 3]
        buf = buf[end + 3:]
    return bytes(out), b""


def main(argv):
    listen, target, log = int(argv[1]), int(argv[2]), argv[3]
    strip = argv[4].encode() if len(argv) > 4 else b""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", listen))
    server.listen(1)
    print("listening", flush=True)  # the test waits for this line
    server.settimeout(120)  # a client that never comes (pmuctl failed)
    client, _ = server.accept()
    stub = socket.create_connection(("127.0.0.1", target))
    pending = b""
    with open(log, "ab", buffering=0) as record:
        while True:
            ready, _, _ = select.select([client, stub], [], [])
            if client in ready:
                data = client.recv(65536)
                if not data:
                    return
                record.write(data)
                stub.sendall(data)
            if stub in ready:
                data = stub.recv(65536)
                if not data:
                    return
                out, pending = strip_packets(pending + data, strip)
                client.sendall(out)


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__.strip().splitlines()[-1])
    main(sys.argv)
