"""A minimal GDB remote-protocol client for the tests that talk to the
stub themselves (tdesc_served.py, vle_rsp.py): one packet at a time in
ack mode, as GDB sends them (GDB manual, "Overview" of the remote
protocol)."""
import socket


class Line:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=1)
        self.buf = b""

    def packet(self, payload):
        """Sends one packet (ack mode) and returns the reply's payload. Sent
        again when the stub's '+' has not come within a second, as GDB
        does: the board may still be starting when the first bytes reach
        its UART, and drop them. A reply that is only slow is waited for."""
        frame = b"$%s#%02x" % (payload, sum(payload) & 0xff)
        for _ in range(30):
            self.s.sendall(frame)
            if self.ack():
                return self.reply()
        raise SystemExit(f"no ack of {payload!r}")

    def ack(self):
        """True at the stub's '+', False at its '-' or after a second."""
        while True:
            i = next((i for i, c in enumerate(self.buf) if c in b"+-"), -1)
            if i >= 0:
                got, self.buf = self.buf[i:i + 1], self.buf[i + 1:]
                return got == b"+"
            try:
                self.fill()
            except socket.timeout:
                return False

    def fill(self):
        d = self.s.recv(4096)
        if not d:
            raise SystemExit("the stub closed the line")
        self.buf += d

    def reply(self):
        """The next packet from the stub, acked; up to 60 s."""
        for _ in range(60):
            start = self.buf.find(b"$")
            end = self.buf.find(b"#", start)
            if start >= 0 and end >= 0 and len(self.buf) >= end + 3:
                payload, self.buf = self.buf[start + 1:end], self.buf[end + 3:]
                self.s.sendall(b"+")
                return payload
            try:
                self.fill()
            except socket.timeout:
                pass
        raise SystemExit("no reply in 60 s")

    def monitor(self, cmd):
        """qRcmd: the output of 'O' packets and the final reply's."""
        out, r = b"", self.packet(b"qRcmd," + cmd.encode().hex().encode())
        while r.startswith(b"O") and r != b"OK":
            out += bytes.fromhex(r[1:].decode())
            r = self.reply()
        if r != b"OK":
            out += bytes.fromhex(r.decode())
        return out.decode()


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
