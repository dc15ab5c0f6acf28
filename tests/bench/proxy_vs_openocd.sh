#!/usr/bin/env bash
# Figures: what pmuctl proxy adds to a packet. One run, on
# vboard's EJTAG port (34K) with stock OpenOCD 0.12: the same packets sent
# N times straight to OpenOCD's gdb server and N times through the proxy,
# in alternating rounds (OpenOCD serves one gdb connection at a time):
#  - "p25" (the PC): passed through as it is;
#  - the PMU: perfcnt0 as "p49" through the proxy, against what the proxy
#    turns it into, "qRcmd,mips32 cp0 25 1", sent to OpenOCD directly.
# Prints microseconds per packet (median of the rounds' means) and the
# difference. No assertion: a shared machine's timings are figures only.
# Usage: proxy_vs_openocd.sh BUILD_DIR [N] [ROUNDS]
set -u
# Every pmuctl reads the target description, as the first of a series
# would: runs compared or subtracted here cost the same (no description
# kept between them, host/session/tdesc_cache.c).
export PMUCTL_CACHE_DIR=
BUILD=$(cd "$1" && pwd)
N=${2:-500}
ROUNDS=${3:-5}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
ELF=$BUILD/tests/firmware/mips/ejtag_loop.elf
TMP=$(mktemp -d)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$TMP"' EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
wait_for() { # wait_for FILE TEXT
    for _ in $(seq 100); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "not started: $(cat "$1")" >&2
    exit 1
}

RBB=$(free_port)
"$BUILD/bin/vboard" --kernel "$ELF" --serial stdio --remote-bitbang "$RBB" \
    >"$TMP/vboard.log" 2>&1 </dev/null &
PIDS+=($!)
sleep 0.5
OO=$(free_port)
openocd -c "set VBOARD_RBB_PORT $RBB" -f "$TOP/tests/vboard/openocd/vboard-34k.cfg" \
    -c "gdb_port $OO; telnet_port disabled; tcl_port disabled" >"$TMP/openocd.log" 2>&1 &
PIDS+=($!)
wait_for "$TMP/openocd.log" "Listening on port $OO for gdb"
PX=$(free_port)
"$BUILD/bin/pmuctl" -t "127.0.0.1:$OO" proxy --listen "127.0.0.1:$PX" 2>"$TMP/proxy.log" &
PIDS+=($!)
wait_for "$TMP/proxy.log" "listening for GDB"

python3 - "$OO" "$PX" "$N" "$ROUNDS" <<'PY'
import socket, statistics, sys, time

oo, px, n, rounds = (int(a) for a in sys.argv[1:])

def frame(p):
    return b"$" + p + b"#%02x" % (sum(p) & 0xff)

class Link:
    """A no-ack RSP client; the answer is the packet after any O output."""
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""
        self.ask(b"QStartNoAckMode", ack=True)
    def packet(self):
        while True:
            i = self.buf.find(b"$")
            j = self.buf.find(b"#", i)
            if i >= 0 and j >= 0 and len(self.buf) >= j + 3:
                p, self.buf = self.buf[i + 1:j], self.buf[j + 3:]
                return p
            self.buf += self.s.recv(65536)
    def ask(self, p, ack=False):
        self.s.sendall(frame(p))
        while True:
            r = self.packet()
            if ack:
                self.s.sendall(b"+")
            if not (r.startswith(b"O") and r != b"OK"):
                return r
    def close(self):
        self.s.close()

def per_packet_us(port, pkt):
    l = Link(port)
    l.ask(pkt)  # warm
    t = time.perf_counter()
    for _ in range(n):
        l.ask(pkt)
    dt = time.perf_counter() - t
    l.close()
    time.sleep(0.2)  # OpenOCD takes the next gdb connection
    return dt / n * 1e6

cp0 = b"qRcmd," + b"mips32 cp0 25 1".hex().encode()
rows = [("p25 (PC), passed through", b"p25", oo, b"p25", px),
        ("perfcnt0: p49 vs monitor mips32 cp0 25 1", cp0, oo, b"p49", px)]
print(f"# {n} packets a round, {rounds} rounds, median of the rounds' means")
print(f"{'packet':44} {'OpenOCD us':>11} {'proxy us':>9} {'added us':>9}")
for name, dpkt, dport, ppkt, pport in rows:
    d, p = [], []
    for _ in range(rounds):
        d.append(per_packet_us(dport, dpkt))
        p.append(per_packet_us(pport, ppkt))
    md, mp = statistics.median(d), statistics.median(p)
    print(f"{name:44} {md:11.1f} {mp:9.1f} {mp - md:9.1f}")
PY
