#!/usr/bin/env python3
"""The FROM and TO addresses of one of markers.c's pairs (tests/firmware/
common/markers.c), found by name in objdump's disassembly of its ELF, so
that a bracket sits on a given kind of instruction whatever the compiler
chose around it.

usage: marker_points.py ELF OBJDUMP PAIR
PAIR (MIPS / Power instructions under FROM and TO):
  markers     region_begin, region_end: the empty functions (jr ra / blr)
  statements  stmt_begin, stmt_end: their first instruction (lui / lis)
  branches    the conditional branch of branch_begin, branch_end
              (beqz / beqlr, taken in every other round)
  jumps       the tail call of jump_begin, jump_end (jr t9 / bctr)
  calls       main's call of region_begin (jal / bl), main's call
              through mk_fn (jalr / bctrl)
  loop        main's call through mk_fn, the branch that closes main's
              loop (bnez / bgt)
Prints "FROM TO", 8 hex digits each.
"""
import re
import subprocess
import sys

# Conditional branches of both (MIPS beq, bnez, bltz...; Power beq, bgt,
# beqlr, bdnz...); not b, bal, bl, blr, bctr.
COND = re.compile(r"^b(eq|ne|lez|gtz|ltz|gez|lt|gt|le|ge|dnz|dz)")


def functions(elf, objdump):
    """name -> [(address, mnemonic, operands)] in address order."""
    out = subprocess.run([objdump, "-d", elf], capture_output=True, text=True,
                         check=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(\S+)>:$", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        parts = line.split("\t")
        if cur is not None and len(parts) >= 3 and parts[0].strip().endswith(":"):
            # MIPS: mnemonic TAB operands; Power: mnemonic, blanks, operands
            insn = " ".join(parts[2:]).split(None, 1)
            cur.append((int(parts[0].strip()[:-1], 16), insn[0],
                        insn[1].strip() if len(insn) > 1 else ""))
    return funcs


def first(insns, pred, after=-1):
    for a, mn, ops in insns:
        if a > after and pred(mn, ops):
            return a
    sys.exit("no such instruction")


def main(argv):
    if len(argv) != 4:
        print(next(l for l in __doc__.splitlines() if l.startswith("usage")), file=sys.stderr)
        return 2
    f = functions(argv[1], argv[2])
    cond = lambda mn, ops: COND.match(mn) is not None
    jump = lambda mn, ops: (mn == "jr" and ops != "ra") or mn == "bctr"
    pcall = lambda mn, ops: mn in ("jalr", "bctrl")
    call_to = lambda name: lambda mn, ops: mn in ("jal", "bl") and f"<{name}>" in ops
    pair = argv[3]
    if pair == "markers":
        pts = f["region_begin"][0][0], f["region_end"][0][0]
    elif pair == "statements":
        pts = f["stmt_begin"][0][0], f["stmt_end"][0][0]
    elif pair == "branches":
        pts = first(f["branch_begin"], cond), first(f["branch_end"], cond)
    elif pair == "jumps":
        pts = first(f["jump_begin"], jump), first(f["jump_end"], jump)
    elif pair == "calls":
        pts = first(f["main"], call_to("region_begin")), first(f["main"], pcall)
    elif pair == "loop":
        pts = (first(f["main"], pcall),
               first(f["main"], cond, first(f["main"], call_to("region_end"))))
    else:
        print(f"no pair {pair}", file=sys.stderr)
        return 2
    print(f"{pts[0]:08x} {pts[1]:08x}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
