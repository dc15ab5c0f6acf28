#!/usr/bin/env python3
"""The stub debugging VLE code on vboard's e200z7, through the remote
protocol as GDB would speak it (Debian's GDB cannot load a VLE ELF):
breakpoints on a 16-bit and a 32-bit VLE instruction, GDB's kind 4 at a
16-bit instruction leaving the next one intact, single steps through
16/32-bit instructions, a taken se_beq, a not-taken se_bne, se_bl, e_bl and
se_blr, a step off a breakpoint, and the program's own se_illegal, which
stays SIGILL. Program: tests/firmware/ppc/vle_stub_loop.S (its labels: nm).
Oracles: the encodings (objdump of the same ELF) and the ISA's branch
rules (VLE PEM Table 2-2: LR = CIA+2 after se_bl, CIA+4 after e_bl).
Each check prints ok/FAIL; exit status 1 if any failed.

usage: vle_rsp.py PORT ELF
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rsp_line import Line  # noqa: E402

PORT, ELF = int(sys.argv[1]), sys.argv[2]
PC, LR, R3 = 0x40, 0x43, 3  # GDB's numbers (org.gnu.gdb.power.core)
failed = 0


def check(what, ok, got=""):
    global failed
    print(("ok - " if ok else "FAIL - ") + what + ("" if ok else f" (got {got})"))
    failed += not ok


def symbols():
    out = subprocess.run(["powerpc-linux-gnu-nm", ELF], capture_output=True,
                         text=True, check=True).stdout
    return {f[2]: int(f[0], 16) for f in (l.split() for l in out.splitlines())
            if len(f) == 3}


S = symbols()
line = Line(PORT)


def reg(n):
    return int(line.packet(b"p%x" % n), 16)


def mem(addr, n):
    return line.packet(b"m%x,%x" % (addr, n)).decode()


def z(letter, addr, kind):
    return line.packet(b"%s0,%x,%x" % (letter, addr, kind)).decode()


def resume(cmd):
    """c or s; the stop reply."""
    return line.packet(cmd).decode()


first = line.packet(b"?").decode()
check("the first stop is the start-up code's trap", first.startswith("T05"), first)
steps, v32 = S["vle_steps"], S["vle_32"]
orig = mem(steps, 6)
check("vle_steps holds se_li r3,1 then e_add16i r3,r3,2 (4813 1c630002)",
      orig == "48131c630002", orig)

# GDB's kind 4 at a 16-bit instruction: one halfword of se_illegal, the
# next instruction (a 32-bit one) untouched.
check("Z0 kind 4 on the 16-bit se_li", z(b"Z", steps, 4) == "OK")
got = mem(steps, 6)
check("only its halfword is se_illegal, the next instruction intact",
      got == "00001c630002", got)
stop = resume(b"c")
check("continue stops there with SIGTRAP, swbreak",
      stop.startswith("T05") and "swbreak" in stop, stop)
check("pc is the 16-bit instruction", reg(PC) == steps, hex(reg(PC)))
check("z0 puts it back", z(b"z", steps, 4) == "OK" and mem(steps, 6) == orig)

# A 32-bit instruction at a halfword (not word) address, kind 2 this time.
check("Z0 kind 2 on the 32-bit e_add16i at a halfword address",
      z(b"Z", v32, 2) == "OK")
got = mem(v32, 4)
check("se_illegal on its first halfword, its second kept", got == "00000002", got)
stop = resume(b"c")
check("stops at the 32-bit instruction with SIGTRAP",
      stop.startswith("T05") and reg(PC) == v32, stop)
check("r3 = 1: the 16-bit instruction before it ran once", reg(R3) == 1, reg(R3))

# Stepping off the breakpoint as GDB does: out, step, in again.
check("z0 before the step", z(b"z", v32, 2) == "OK")
stop = resume(b"s")
check("the step runs the 32-bit instruction: pc + 4, r3 = 3",
      stop.startswith("T05") and reg(PC) == v32 + 4 and reg(R3) == 3,
      f"{stop} pc={reg(PC):#x} r3={reg(R3)}")
check("the breakpoint goes back in", z(b"Z", v32, 4) == "OK")
check("and out again, the code intact", z(b"z", v32, 4) == "OK" and
      mem(steps, 6) == orig)

# Steps: se_cmpi (16), se_beq taken, se_bne not taken, se_bl, se_blr,
# e_bl, se_blr.
leaf = S["vle_leaf"]
for what, want_pc, want_lr in [
        ("se_cmpi (16-bit) to se_beq", S["vle_beq"], None),
        ("se_beq taken over se_li to se_bne", S["vle_bne"], None),
        ("se_bne not taken, to the next halfword", S["vle_call16"], None),
        ("se_bl to vle_leaf, LR = CIA + 2", leaf, S["vle_call16"] + 2),
        ("se_addi in the leaf", leaf + 2, None),
        ("se_blr back after the se_bl", S["vle_call32"], None),
        ("e_bl to vle_leaf, LR = CIA + 4", leaf, S["vle_call32"] + 4),
        ("se_addi", leaf + 2, None),
        ("se_blr back after the e_bl", S["vle_after"], None)]:
    stop = resume(b"s")
    pc, lr = reg(PC), reg(LR)
    check("stepi: " + what, stop.startswith("T05") and pc == want_pc and
          (want_lr is None or lr == want_lr), f"{stop} pc={pc:#x} lr={lr:#x}")
check("r3 = 5 after two calls of the leaf", reg(R3) == 5, reg(R3))

# A breakpoint in the loop, hit again on the next pass: the stub's
# se_illegal, not the program's, is what stops it.
four = S["region_begin"] + 8  # se_addi r3,3 (after e_li, se_mtctr, se_li)
check("Z0 in the counted loop", z(b"Z", four, 4) == "OK")
for i in range(3):
    if i:
        z(b"z", four, 4)
        resume(b"s")
        z(b"Z", four, 4)
    stop = resume(b"c")
    check(f"hit {i + 1}: SIGTRAP at the loop's se_addi, r3 = {3 * i}",
          stop.startswith("T05") and reg(PC) == four and reg(R3) == 3 * i,
          f"{stop} pc={reg(PC):#x} r3={reg(R3)}")
check("z0", z(b"z", four, 4) == "OK")

# The program's own se_illegal (written with M, no breakpoint of the
# stub's there): an illegal instruction, SIGILL, as on Book E pages.
end = S["region_end"]
check("M writes se_illegal at region_end",
      line.packet(b"M%x,2:0000" % end) == b"OK")
stop = resume(b"c")
check("the program's own se_illegal is SIGILL (T04) at its address",
      stop.startswith("T04") and reg(PC) == end, f"{stop} pc={reg(PC):#x}")
sys.exit(1 if failed else 0)
