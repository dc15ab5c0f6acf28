#!/usr/bin/env python3
"""vle_decode_oracle.py DUMP AS OBJDUMP

vboard's VLE decoder (vle_decode_dump, DUMP) against binutils 2.40's VLE
disassembler (the table powerpc-linux-gnu-as -mvle assembles from, as
objdump decodes a section with SHF_PPC_VLE) over the encoding space:
every 16-bit halfword, and for each 32-bit primary opcode but 4 (SPE: not
implemented on vboard) 4096 words (a fixed pseudo-random sample; opcode 31
only where binutils names a VLE instruction, e_*). A word binutils decodes
must be legal for vboard and one it does not must be illegal, but for the
differences the e200z7 has (vle_decode.c): se_rfgi and e_sc with LEV != 0
(no hypervisor), and invalid update/multiple forms (rA = 0, rA = rT, lmw
loading rA), which vboard makes illegal as its Book E decoder does.
"""
import random
import re
import subprocess
import sys
import tempfile

dump, asm, objdump = sys.argv[1:4]


def length(hw):
    return 4 if (hw & 0x9000) == 0x1000 else 2


words = [hw for hw in range(0x10000) if length(hw) == 2]
rnd = random.Random(5674)
for op in [5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31]:
    for _ in range(4096):
        words.append(op << 26 | rnd.getrandbits(26))

# Each 16-bit word is followed by two se_nop (4400): objdump prints a
# halfword it cannot decode as a .long of it and the next halfword, so the
# second se_nop keeps the words that follow at their own addresses.
at = {}
with tempfile.TemporaryDirectory() as d:
    with open(d + "/w.s", "w") as f:
        f.write('.section .text_vle,"axv"\n')
        pos = 0
        for w in words:
            at[pos] = w
            if w > 0xFFFF:
                f.write(".long 0x%08x\n" % w)
                pos += 4
            else:
                f.write(".short 0x%04x, 0x4400, 0x4400\n" % w)
                pos += 6
    subprocess.check_call([asm, "-mvle", "-o", d + "/w.o", d + "/w.s"])
    out = subprocess.check_output([objdump, "-dz", d + "/w.o"], text=True)

binu = {}
line_re = re.compile(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]{2} )+)\s*\t?(\S*)")
for line in out.splitlines():
    m = line_re.match(line)
    if m and int(m.group(1), 16) in at:
        binu[at[int(m.group(1), 16)]] = m.group(3)
mine = dict(
    (int(a, 16), c)
    for a, c in (l.split() for l in subprocess.run(
        [dump], input="\n".join("%x" % w for w in words), capture_output=True,
        text=True, check=True).stdout.splitlines()))


def exception(w, mnem):
    """The e200z7's differences from binutils' table (docstring)."""
    if mnem in ("se_rfgi", "e_sc"):
        return True
    op, rt, ra = w >> 26, (w >> 21) & 31, (w >> 16) & 31
    if w > 0xFFFF and op == 6 and not (w & 0x8000):
        xo = (w >> 8) & 0xFF
        if xo < 7 and (ra == 0 or (xo < 4 and ra == rt)):
            return True
        if xo == 8 and ra and ra >= rt:
            return True
    return False


bad = []
for w in words:
    mnem = binu.get(w)
    if mnem is None:
        bad.append("%x: no disassembly line" % w)
        continue
    legal_binu = not mnem.startswith(".") and mnem not in ("(bad)", "se_illegal")
    cls = mine[w]
    if w > 0xFFFF and w >> 26 == 31:
        if mnem.startswith("e_") and cls != "vle":
            bad.append("%08x: binutils %s, vboard %s" % (w, mnem, cls))
        if legal_binu and not mnem.startswith("e_") and cls != "booke":
            bad.append("%08x: binutils %s (Book E), vboard %s" % (w, mnem, cls))
        continue
    if legal_binu != (cls != "illegal") and not exception(w, mnem):
        bad.append("%x: binutils %s, vboard %s" % (w, mnem or "?", cls))

print("%d words compared (%d 16-bit), %d differences" % (len(words), 49152, len(bad)))
for b in bad[:40]:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
