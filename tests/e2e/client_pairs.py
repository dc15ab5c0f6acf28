#!/usr/bin/env python3
"""End to end: every ordered pair of clients and session ends.

A client (gdb-multiarch, Debian's lldb with "gdb-remote", pmuctl) ends
its session one way (detach, disconnect, kill, a cut connection: SIGKILL
of the client while the program runs or while it is stopped, the end of
a batch run), and the next client, of any kind, must work at its first
try: no retry, no timeout, no Ctrl-C first. Most ends leave the program
running, so the next client's first packet comes while it runs.

The sessions form one chain over one board that covers every triple
(client, end, next client) at least once (PART I/N: the I-th of N pieces
of the chain, each on a board of its own, so that ctest -j2 runs them
side by side). Each session checks its own start:
  - no protocol trouble (GDB: timeouts, "Packet instead of Ack",
    vMustReplyEmpty; LLDB: a failed handshake) and the PC read;
  - the word at sum_squares is the ELF's (objdump): no trap of an earlier
    session is left in the program (GDB's always-inserted breakpoint, or
    LLDB's, inserted when a session was cut);
  - the stop reply says whether the program was running when the client
    came (pmustub.entered, PMUSTUB_STOP_ENTERED), as the previous end left
    it: the premise that the connect-while-running path ran.
Oracles: nm and objdump for addresses and words; the premise from what
each end does by the GDB manual (detach resumes, kill resets the board).

Backend openocd-34k: no stub. vboard's 34K behind stock OpenOCD 0.12 over
remote_bitbang, configured as OpenOCD's manual has a user do it
(openocd_lib.sh, oo_stock_cfg), running the EJTAG loop firmware
(tests/firmware/mips/ejtag_loop.S). Clients: gdb-multiarch to OpenOCD,
gdb-multiarch through "pmuctl proxy" ("proxy"), LLDB 14's gdb-remote to
OpenOCD, and pmuctl measure (not killed: see OPENOCD_ENDS); their own
ends, and the proxy's: the proxy
killed under a running GDB ("proxy_killed"), GDB killed while the proxy
stays ("cut"). Each session does its work at its first try: the proxy's
GDB counts loop..after_tick in $perfcnt1 and pmuctl measures the same,
both equal to the count from the program (objdump: jal, its slot, tick's
body up to jr and its slot); LLDB stops twice at tick and the counter the
loop adds 1 to grows by 1 in between. The word at tick must be the ELF's
(stock OpenOCD's breakpoints are SDBBPs written over the code: none of an
earlier session may be left). OpenOCD halts the core whenever a client
comes, so there is no running/stopped premise to check. It takes one gdb
client at a time and notices a gone one at its next poll (docs/proxy.md,
"Sessions"): a client straight to OpenOCD starts once OpenOCD's log says
the previous one was dropped; the proxy waits by itself.

usage: client_pairs.py qemu-malta|vboard-e500v2|openocd-34k ELF PMUCTL VBOARD PART/N
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

TROUBLE = re.compile(r"Packet instead of Ack|Remote replied "
                     r"unexpectedly|[Tt]imed? ?out|Ignoring packet error|"
                     r"Remote connection closed|Connection refused|"
                     r"failed to get reply|Remote communication error")
# The ends each client has. LLDB's batch end is its kill: "lldb --batch"
# quits with the process attached, which sends k. pmuctl chooses its own
# end ("leave": a detach from a program it found running, else the
# connection closed); its cut needs counters to measure with (vboard;
# QEMU's 34Kf has none).
ENDS = {
    "gdb": ["detach", "disconnect", "kill", "cut", "batch"],
    "lldb": ["detach", "kill", "cut", "cut_stopped"],
    "pmuctl": ["leave", "cut"],
}
# Through OpenOCD (openocd-34k): GDB's ends; the proxy's GDB has them and
# the proxy's own; pmuctl's own end only. A pmuctl killed while measuring
# leaves its breakpoints in: OpenOCD 0.12 cannot remove them from a running
# core when the next client comes, and their SDBBPs stay in the code
# (docs/proxy.md, "Clients one after another"); every later session then
# stops at them (measured in these chains). The next pmuctl with --elf
# writes MIPS32 SDBBPs so left back (openocd_killed.sh), but a GDB, an
# LLDB or the proxy next would still stop at them: the cut stays out.
OPENOCD_ENDS = {
    "gdb": ["detach", "disconnect", "kill", "cut", "batch"],
    "lldb": ["detach", "kill", "cut", "cut_stopped"],
    "proxy": ["detach", "disconnect", "kill", "cut", "batch", "proxy_killed"],
    "pmuctl": ["leave"],
}
# Whether the program runs after an end (None: as the client found it).
RUNS_AFTER = {"detach": True, "disconnect": False, "kill": False, "cut": True,
              "batch": True, "cut_stopped": False, "leave": None,
              "proxy_killed": True}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def chain(triples, start):
    """A sequence of (client, end) whose neighbours cover every triple
    (client, end, next client); greedy, repeating a triple where a client
    has none left."""
    left, seq, cur = set(triples), [], start
    outgoing = lambda c: sum(1 for t in left if t[0] == c)
    while left:
        mine = sorted(t for t in left if t[0] == cur)
        if mine:
            t = max(mine, key=lambda t: outgoing(t[2]) - (t[2] == cur))
        else:
            nxt = max(sorted({t[0] for t in left}), key=outgoing)
            t = (cur, ENDS[cur][len(seq) % len(ENDS[cur])], nxt)
        left.discard(t)
        seq.append((t[0], t[1]))
        cur = t[2]
    seq.append((cur, ENDS[cur][0]))
    return seq


class Board:
    def __init__(self, kind, elf, vboard, tmp):
        self.kind, self.elf, self.tmp = kind, elf, tmp
        self.port = free_port()
        log = os.path.join(tmp, "board.log")
        serial = f"tcp:127.0.0.1:{self.port},server"
        # No -no-reboot / --no-reboot: a kill resets the board, which
        # reloads the ELF and stops at the start-up code again.
        if kind == "qemu-malta":
            cmd = ["qemu-system-mips", "-M", "malta", "-cpu", "34Kf",
                   "-nographic", "-nic", "none", "-vga", "none",
                   "-monitor", "none", "-kernel", elf,
                   "-serial", serial + ",nodelay=on"]
            ready = "waiting for connection"
        else:
            cmd = [vboard, "--cpu", "e500v2", "--kernel", elf,
                   "--serial", serial]
            ready = "waiting for a serial client"
        self.proc = subprocess.Popen(cmd, stdout=open(log, "w"),
                                     stderr=subprocess.STDOUT)
        # A probe connection would be taken for a client: wait for the log.
        for _ in range(600):
            if ready in open(log).read():
                return
            time.sleep(0.1)
        sys.exit(f"the board did not start: {open(log).read()}")

    def stop(self):
        self.proc.kill()
        self.proc.wait()


class OpenOCDBoard:
    """vboard's 34K on remote_bitbang behind stock OpenOCD 0.12; port is
    OpenOCD's gdb port."""
    def __init__(self, elf, vboard, tmp):
        self.kind, self.tmp = "openocd-34k", tmp
        self.procs = []
        rbb = free_port()
        self.start([vboard, "--kernel", elf, "--serial", "stdio",
                    "--remote-bitbang", str(rbb)], "vboard.log", rbb)
        cfg = os.path.join(tmp, "board.cfg")
        lib = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openocd_lib.sh")
        subprocess.run(["bash", "-c", '. "$0"; oo_stock_cfg "$1" "$2"', lib, cfg,
                        str(rbb)], check=True)
        self.port = free_port()
        self.log = self.start(["openocd", "-f", cfg, "-c",
                               f"gdb_port {self.port}; telnet_port disabled; "
                               "tcl_port disabled"], "openocd.log", self.port)

    def start(self, cmd, log, port):
        log = os.path.join(self.tmp, log)
        self.procs.append(subprocess.Popen(cmd, stdout=open(log, "w"),
                                           stderr=subprocess.STDOUT,
                                           stdin=subprocess.DEVNULL))
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return log
            except OSError:
                time.sleep(0.1)
        sys.exit(f"{cmd[0]} did not listen on {port}: {open(log).read()}")

    def idle(self):
        """Until OpenOCD has dropped every gdb client it accepted (10 s; as
        oo_gdb_idle in openocd_lib.sh)."""
        for _ in range(100):
            text = open(self.log, errors="replace").read()
            if text.count("accepting 'gdb' connection") == \
                    text.count("dropped 'gdb' connection"):
                return
            time.sleep(0.1)

    def stop(self):
        for p in reversed(self.procs):
            p.kill()
            p.wait()


class Pairs:
    def __init__(self, board, elf, pmuctl, tmp):
        self.board, self.elf, self.pmuctl, self.tmp = board, elf, pmuctl, tmp
        power = board.kind == "vboard-e500v2"
        tools = "powerpc-linux-gnu" if power else "mips-linux-gnu"
        self.arch = "powerpc" if power else "mips"
        self.openocd = board.kind == "openocd-34k"
        # The word no session may leave a trap on: where the GDBs put
        # their breakpoints.
        self.sum_name = "tick" if self.openocd else "sum_squares"
        self.sum = self.symbol(tools, self.sum_name)
        self.word = self.elf_word(tools, self.sum)
        if self.openocd:
            self.loop_count = self.known_count(tools)
            self.proxy = None
        self.fails = self.checks = 0
        self.cut_alive = False
        self.rc = None
        self.running = False  # the board stops at its start-up code
        self.n = 0

    def symbol(self, tools, name):
        out = subprocess.run([f"{tools}-nm", self.elf], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[2] == name:
                return int(f[0][-8:], 16)
        sys.exit(f"no {name} in {self.elf}")

    def elf_word(self, tools, addr):
        out = subprocess.run([f"{tools}-objdump", "-d", f"--start-address={addr:#x}",
                              f"--stop-address={addr + 4:#x}", self.elf],
                             capture_output=True, text=True, check=True).stdout
        m = re.search(r"^\s*[0-9a-f]+:\s+((?:[0-9a-f]{2} ?){4}|[0-9a-f]{8})\s", out, re.M)
        return m.group(1).replace(" ", "")

    def known_count(self, tools):
        """Instructions from loop to after_tick in ejtag_loop.S: loop's jal
        and its slot, then tick's up to its jr and the slot (objdump)."""
        loop, after = self.symbol(tools, "loop"), self.symbol(tools, "after_tick")
        out = subprocess.run([f"{tools}-objdump", "-d", f"--start-address={self.sum:#x}",
                              self.elf], capture_output=True, text=True, check=True).stdout
        body = re.findall(r"^\s*[0-9a-f]+:\s+[0-9a-f]{8}\s+(\S+)", out, re.M)
        return (after - loop) // 4 + body.index("jr") + 2

    def check(self, what, ok, out=""):
        self.checks += 1
        print(f"{'ok' if ok else 'FAIL'}: {what}")
        if not ok:
            self.fails += 1
            print("  ---- the session's output ----")
            for line in out.splitlines()[-40:]:
                print("  " + line[:200])

    def run(self, cmd, out_path, cut_marker=None, stdin_text=None, settle=1,
            marker_path=None, victim=None):
        """Runs a client; with cut_marker, SIGKILLs it (or the process
        victim) settle seconds after the marker shows in its output, or in
        marker_path (waited for up to 60 s: a deadline to fail, not a
        measure)."""
        marker_path = marker_path or out_path
        out = open(out_path, "w")
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL if stdin_text is None
                             else subprocess.PIPE)
        if cut_marker:
            for _ in range(600):
                if (os.path.exists(marker_path) and
                        re.search(cut_marker, open(marker_path, errors="replace").read(), re.M)
                        or p.poll() is not None):
                    break
                time.sleep(0.1)
            time.sleep(settle)  # the resume is on the line, the program runs
            self.cut_alive = p.poll() is None
            (victim or p).send_signal(signal.SIGKILL)
        try:
            p.wait(timeout=120)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        self.rc = p.returncode
        return open(out_path, errors="replace").read()

    def gdb(self, end, label, port=None, work=()):
        """GDB's session (to port: the board's unless given), the commands
        work after its first checks, then its end."""
        out_path = os.path.join(self.tmp, "gdb.out")
        ex = ["file " + self.elf, "set remotetimeout 10", "set debug remote 1",
              f"target remote 127.0.0.1:{port or self.board.port}", "set debug remote 0",
              'printf "PC=%x\\n", $pc',
              f'printf "W=%08x\\n", *(unsigned *){self.sum_name}']
        if self.openocd:
            # Breakpoints stay in while the session ends, but for a cut:
            # OpenOCD 0.12 forgets a breakpoint it cannot remove from a
            # running core when the next client comes, and leaves its
            # SDBBP in the code (docs/proxy.md, "Clients one after
            # another"), which no client after it can undo.
            ex += ["set breakpoint always-inserted on", *work]
            if end not in ("cut", "proxy_killed"):
                ex.append("break tick")
        else:
            ex += ["set var demo_spin = 1", "set breakpoint always-inserted on",
                   "break sum_squares"]
        marker = None
        if end in ("detach", "disconnect", "kill"):
            ex.append(end)
        elif end in ("cut", "proxy_killed"):
            ex += ["echo CONTINUING\\n", "continue"]
            marker = "^CONTINUING"
        cmd = ["stdbuf", "-oL", "gdb-multiarch", "-q", "-nx", "-batch"]
        for e in ex:
            cmd += ["-ex", e]
        out = self.run(cmd, out_path, marker,
                       victim=self.proxy if end == "proxy_killed" else None)
        # (After the proxy is killed, GDB says its connection closed.)
        self.check(f"{label}: no protocol trouble",
                   not TROUBLE.search(out.split("CONTINUING")[0]), out)
        self.check(f"{label}: reads the PC", re.search(r"^PC=[0-9a-f]+$", out, re.M), out)
        self.check(f"{label}: {self.sum_name} holds the ELF's word {self.word}",
                   re.search(rf"^W={self.word}$", out, re.M), out)
        if not self.openocd:
            # (OpenOCD halts the core whenever a client comes.)
            entered = re.search(r"Packet received: T02pmustub\.entered:;", out)
            self.check(f"{label}: found the program {'running' if self.running else 'stopped'}",
                       bool(entered) == self.running, out)
        if end in ("cut", "proxy_killed"):
            self.check(f"{label}: premise: GDB was in its continue when "
                       f"{'the proxy was' if end == 'proxy_killed' else 'it was'} cut",
                       self.cut_alive, out)
        if end == "batch":
            self.check(f"{label}: batch GDB detached at its end",
                       "(Remote target) detached]" in out, out)
        return out

    def proxy_gdb(self, end, label):
        """GDB through pmuctl proxy, started when none runs (the first
        session, and after one that killed it): it counts loop..after_tick
        in $perfcnt1 (event 1 on an odd counter of the 34K: instructions,
        MD00534), from a breakpoint at loop to one at after_tick."""
        if not self.proxy or self.proxy.poll() is not None:
            self.proxy_port = free_port()
            self.proxy_log = os.path.join(self.tmp, f"proxy{self.n}.log")
            self.proxy = subprocess.Popen(
                [self.pmuctl, "-t", f"127.0.0.1:{self.board.port}", "proxy",
                 "--listen", f"127.0.0.1:{self.proxy_port}"],
                stdout=subprocess.DEVNULL, stderr=open(self.proxy_log, "w"))
            for _ in range(100):
                if "listening for GDB" in open(self.proxy_log).read():
                    break
                time.sleep(0.1)
        work = ["break loop", "continue", "break after_tick", "set $perfctl1 = 0x2a",
                "set $perfcnt1 = 0", "continue", 'printf "AT=%x CNT=%u\\n", $pc, $perfcnt1',
                "delete"]
        out = self.gdb(end, label, self.proxy_port, work)
        after = self.symbol("mips-linux-gnu", "after_tick")
        self.check(f"{label}: $perfcnt1 counted loop..after_tick: {self.loop_count}",
                   re.search(rf"^AT={after:x} CNT={self.loop_count}$", out, re.M), out)
        log = open(self.proxy_log, errors="replace").read()
        self.check(f"{label}: the proxy reached OpenOCD", "closing the GDB connection"
                   not in log, out + "\n---- proxy ----\n" + log)

    def lldb(self, end, label):
        out_path = os.path.join(self.tmp, "lldb.out")
        pkts = os.path.join(self.tmp, "lldb.packets")
        if os.path.exists(pkts):
            os.unlink(pkts)
        cmds = [f"log enable -f {pkts} gdb-remote packets",
                f"target create --arch {self.arch} {self.elf}",
                f"gdb-remote 127.0.0.1:{self.board.port}", "register read pc",
                f"memory read -s 4 -f x -c 1 {self.sum:#x}"]
        if self.openocd:
            # Two stops at tick, counter read at each (it grows by one a
            # pass); the breakpoint deleted before the end (as GDB's, above).
            counter = self.symbol("mips-linux-gnu", "counter")
            read = f"memory read -s 4 -f u -c 1 {counter:#x}"
            cmds += [f"breakpoint set --address {self.sum:#x}", "continue", read,
                     "continue", read, "breakpoint delete --force"]
        else:
            cmds += ["memory write -s 4 &demo_spin 1", "breakpoint set --name sum_squares"]
        marker, stdin = None, None
        if end == "cut_stopped":
            # LLDB waits, stopped, for commands on a line that stays open.
            cmds.append("command source -s 1 /dev/stdin")
            # (Through OpenOCD, after the breakpoint is deleted.)
            stdin = ""
            marker = r"All breakpoints removed" if self.openocd else r"Breakpoint 1: where"
        elif end == "detach":
            cmds.append("process detach")
        elif end == "kill":
            cmds.append("process kill")
        elif end == "cut":
            # LLDB's output comes in blocks; its packet log says when the
            # resume has gone out.
            cmds.append("continue")
            marker = r"send packet: \$(vCont;c|c)#"
            if self.openocd:  # the third continue's
                marker = r"(%s[\s\S]*){3}" % marker
        # Batch mode: each command waits for the last (gdb-remote for the
        # stop); LLDB stops at the first command that fails.
        cmd = ["stdbuf", "-oL", "lldb", "--no-lldbinit", "--batch"]
        for c in cmds:
            cmd += ["-o", c]
        out = self.run(cmd, out_path, marker, stdin,
                       marker_path=pkts if end == "cut" else None)
        log = open(pkts, errors="replace").read() if os.path.exists(pkts) else ""
        self.check(f"{label}: connects at once", "Process 1 stopped" in out and
                   not TROUBLE.search(out), out)
        self.check(f"{label}: reads the PC", re.search(r"pc = 0x[0-9a-f]+", out), out)
        self.check(f"{label}: {self.sum_name} holds the ELF's word {self.word}",
                   re.search(rf"0x{self.sum:08x}: 0x{self.word}", out), out)
        if self.openocd:
            counts = [int(c) for c in re.findall(rf"^0x{counter:08x}: (\d+)$", out, re.M)]
            self.check(f"{label}: from a stop at tick to the next, counter grows by 1",
                       len(counts) == 2 and counts[1] == counts[0] + 1, out)
        else:
            self.check(f"{label}: found the program {'running' if self.running else 'stopped'}",
                       ("pmustub.entered:;" in log) == self.running, out)
        if end.startswith("cut"):
            self.check(f"{label}: premise: LLDB was still on when cut",
                       self.cut_alive, out)

    def pmuctl_session(self, end, label):
        out_path = os.path.join(self.tmp, "pmuctl.out")
        target = ["-t", f"127.0.0.1:{self.board.port}"]
        if end == "cut":
            # A measure that waits for sum_squares, which the spinning
            # program does not reach (demo_spin = 1, written by --sweep);
            # through OpenOCD, one of more brackets than 3 s take.
            args = (["--from", "loop", "--to", "after_tick", "-r", "100000"]
                    if self.openocd else
                    ["--from", "sum_squares", "--to", "branch_demo",
                     "--sweep", "demo_spin=1"])
            out = self.run([self.pmuctl] + target + [
                "measure", "--elf", self.elf, "-e", "instructions"] + args,
                out_path, r"^", settle=3)
            self.check(f"{label}: still measuring when cut", self.cut_alive, out)
            return
        if self.openocd:
            out = self.run([self.pmuctl] + target + [
                "measure", "--elf", self.elf, "--from", "loop", "--to", "after_tick",
                "-e", "instructions", "-r", "2", "-x", ","], out_path)
            self.check(f"{label}: measures loop..after_tick at once: {self.loop_count}",
                       self.rc == 0 and out.strip() ==
                       f"{self.loop_count},,instructions,0.00%,2,100.00,,,exact,", out)
            return
        out = self.run([self.pmuctl] + target + ["info"], out_path)
        if self.board.kind == "qemu-malta":
            # QEMU's 34Kf has no counters: pmuctl says so once it has
            # read the target's description.
            ok = "publishes no performance counters" in out
        else:
            ok = self.rc == 0 and re.search(r"^core: .*counters", out, re.M)
        self.check(f"{label}: connects at once and reads the target", ok, out)

    def session(self, client, end, before):
        self.n += 1
        label = f"#{self.n} {client} after {before}, ending with {end}"
        t0 = time.time()
        if self.openocd and client != "proxy":
            self.board.idle()
        run = {"pmuctl": "pmuctl_session", "proxy": "proxy_gdb"}.get(client, client)
        getattr(self, run)(end, label)
        print(f"# {label}: {time.time() - t0:.1f} s")
        after = RUNS_AFTER[end]
        if after is not None:
            self.running = after


def main(argv):
    kind, elf, pmuctl, vboard, part = argv[1:6]
    i, n = (int(x) for x in part.split("/"))
    if kind == "openocd-34k":
        ENDS.clear()
        ENDS.update(OPENOCD_ENDS)
    if not shutil.which("lldb"):
        sys.exit("lldb not found: install Debian package lldb (bash .ci/setup-debian.sh)")
    if kind == "qemu-malta":
        ENDS["pmuctl"] = ["leave"]
    clients = sorted(ENDS)
    triples = [(c, e, d) for c in clients for e in ENDS[c] for d in clients]
    seq = chain(triples, "gdb")
    # Piece i of n: its sessions, and the one after it (whose start is
    # the piece's last pair).
    size = (len(seq) - 1 + n - 1) // n
    piece = seq[(i - 1) * size:min(i * size + 1, len(seq))]
    # ctest's timeout ends us with SIGTERM: the board goes too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("terminated"))
    tmp = tempfile.mkdtemp()
    board = (OpenOCDBoard(elf, vboard, tmp) if kind == "openocd-34k"
             else Board(kind, elf, vboard, tmp))
    pairs = Pairs(board, elf, pmuctl, tmp)
    print(f"# {kind}: {len(triples)} triples (client, end, next client) in a chain of "
          f"{len(seq)} sessions; piece {i}/{n}: {len(piece)} sessions")
    t0 = time.time()
    try:
        before = "a fresh board"
        for client, end in piece:
            pairs.session(client, end, before)
            before = f"{client} {end}"
    finally:
        if getattr(pairs, "proxy", None):
            pairs.proxy.kill()
            pairs.proxy.wait()
        board.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"# {pairs.checks - pairs.fails}/{pairs.checks} checks passed, "
          f"{time.time() - t0:.0f} s")
    return 1 if pairs.fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
