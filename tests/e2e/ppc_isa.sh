#!/usr/bin/env bash
# Every instruction of the Power stub (libpmustub.a) is one that both the
# e500v2 (QEMU's ppce500) and the e200z7 execute: integer Book E, no FPU,
# no SPE/EFPU, no VLE, no 64-bit or string instructions. GCC is asked for
# that (-mcpu=8548 -msoft-float, stub/board/ppce500/board.cmake); this
# reads what it gave, from the disassembly without aliases (-M raw).
# Usage: ppc_isa.sh LIBPMUSTUB.a
. "$(dirname "$0")/lib.sh"
LIB=$1
OUT=$E2E_TMP/objdump.out

powerpc-linux-gnu-objdump -d -M e500,raw "$LIB" >"$OUT"
check "the library disassembles" grep -q "isync" "$OUT"
check "no section is VLE (readelf flag v)" \
    bash -c "! powerpc-linux-gnu-readelf -SW '$LIB' | grep -E '^ +\[ *[0-9]+\] .* [A-Z]*v[A-Z]* '"
check "only instructions and SPRs both cores have" python3 - "$OUT" <<'PY'
import re, sys
# Book E integer instructions (Power ISA 2.06 Book E; the EREF), which the
# e500v2 and the e200z7 both implement, as objdump -M raw names them.
allowed = set("""
add addi addic addis subf subfe subfic neg mulli divwu and andc andi. andis.
or or. ori oris xor xori xoris extsb cntlzw srw rlwinm rlwinm. rlwimi
cmp cmpi cmpl cmpli b bl bc bclr bcctr bcctrl
lbz lbzu lbzx lhz lwz lwzu lwzx stb stbu stbx sth stw stwu stwx lmw stmw
mfcr mtcrf mfmsr mtmsr mfspr mtspr rfi rfci rfmci tw isync msync
icbi dcbst dcbf tlbwe tlbsx
isel mfpmr mtpmr
addc addic. addze and. slw stwux
adde addme subf. subfc subfze mullw mulhwu nor xor. srw. sraw srawi lbzux
lhzx stbux sthx
mcrf
""".split())
# isel: e500 and e200z7 (RM 3.9). mfpmr/mtpmr: e200z7 RM ch. 8; illegal on
# the e500v2, where the stub only reaches them through its probe (pmu.c).
# dcbf: Power ISA 2.06 Book II cache management, as dcbst and icbi (both
# cores run the QEMU and vboard tests with it), for memory.c's accesses
# around the caches. lmw/stmw: both (e200z7 RM 3.7). rfmci: both have the machine-check level.
# addc addic. addze and. slw stwux: Book I fixed-point instructions (the 64-bit
# counts' carries and shifts, pmu_regs.c; a frame's store), of the 32-bit Book E set
# both cores run (shared/reference/e200z7.md "ISA and compiler").
# adde ... sthx: the same set's carrying add/subtract, multiply, shifts and
# indexed loads/stores (Power ISA 2.06 Book I ch. 3), which GCC uses for the
# agent interpreter's 64-bit arithmetic (stub/core/trace/agent.c, tracepoints).
# mcrf: the condition register field move of Power ISA 2.06 Book I
# 2.5.1, category Base, so every Book E core has it (the e200z7's VLE has
# its twin e_mcrf, shared/reference/mpc5674f_vle.md); GCC uses it in
# monitor pmu set's code (stub/arch/common/pmu_select.c).
RFDI = "0x4c00004e"  # e200z7 only; IVOR15 leads there only on it (cores.c)
# tlbsx: both (e200z7 RM 10.5.3; e500 core RM), asked only on a core with
# VLE pages (vle_page.c), as are PID0 (48) and MAS6 (630), which both have.
# SPRs: both cores, Linux reg_booke.h numbers, except DSRR0/1 (574/575,
# the e200z7's debug level, reached as rfdi is) and MAS7 (944, ppce500's
# board code: 36-bit physical addresses).
sprs = {1, 8, 9, 22, 26, 27, 48, 58, 59, 62, 63, 272, 273, 274, 287, 304, 308,
        336, 340, 570, 571, 574, 575, 624, 625, 626, 627, 630, 944, 1008}
sprs |= set(range(400, 416)) | set(range(528, 532))
bad = set()
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    if len(f) < 3 or not re.match(r"^ *[0-9a-f]+:$", f[0]):
        continue
    op, _, args = f[2].partition(" ")
    if op == ".long":
        if args.strip() != RFDI:
            bad.add(f[2])
    elif op not in allowed:
        bad.add(op)
    elif op in ("mfspr", "mtspr"):
        spr = int(re.search(r"(?:^|,)(\d+)(?:,|$)", args.replace(" ", "")).group(1))
        if spr not in sprs:
            bad.add(f"{op} {spr}")
for b in sorted(bad):
    print("not allowed:", b)
sys.exit(1 if bad else 0)
PY
finish
