#!/usr/bin/env bash
# End to end: record --call-graph dwarf on vboard, against the program's
# own structure. callchain_prog (tests/firmware/common/callchain_prog.c,
# -O2, no frame pointer) calls main -> chain_a -> chain_b -> chain_c ->
# chain_leaf, which loops; the oracle is its static call graph, the
# direct calls objdump finds in each function (jal/bal on MIPS, bl on
# Power), plus the board's startup code's call of main (start.S: _start
# calls main, through a register on MIPS).
#  - record writes a file with stacks ("pmuctl.data 2", the copy's bound);
#  - every folded stack is a path of that graph: no frame a call did not
#    make, at every depth;
#  - of the samples in chain_leaf, at least 95% unwind to
#    main;chain_a;chain_b;chain_c;chain_leaf;
#  - GDB's bt, stopped at the pc of a sample in chain_leaf, names the
#    same functions from main in;
#  - --call-graph with a bad size, or more than the stub copies, is refused.
# Usage: record_callgraph.sh PMUCTL VBOARD mips|ppc CPU ELF
. "$(dirname "$0")/lib.sh"
PMUCTL=$1 VBOARD=$2 ARCH=$3 CPU=$4 ELF=$5
if [ "$ARCH" = ppc ]; then CROSS=powerpc-linux-gnu; else CROSS=mips-linux-gnu; fi
OUT=$E2E_TMP/out DATA=$E2E_TMP/cg.data

start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" -e instructions:997 \
    --call-graph dwarf --samples 500 -o "$DATA" >"$OUT" 2>&1
rc=$?
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
cat "$OUT"
check "record --call-graph dwarf: status 0 ($rc)" test "$rc" -eq 0
check "the file keeps stacks: pmuctl.data 2, call-graph dwarf 256" \
    test "$(head -1 "$DATA")" = "pmuctl.data 2" -a \
         "$(grep -c '^call-graph dwarf 256$' "$DATA")" -eq 1
"$PMUCTL" report -i "$DATA" --folded >"$E2E_TMP/folded"
cat "$E2E_TMP/folded"
"$CROSS-objdump" -d "$ELF" >"$E2E_TMP/dis"
check "every stack is a path of the static call graph; chain_leaf's are whole" \
    python3 - "$E2E_TMP/dis" "$E2E_TMP/folded" <<'PY'
import re, sys
calls, fn = {}, None
for line in open(sys.argv[1]):
    m = re.match(r'^[0-9a-f]+ <([^>]+)>:$', line)
    if m:
        fn = m.group(1)
        calls.setdefault(fn, set())
        continue
    m = re.search(r'\t(jal|bal|bl|bla)\s+[0-9a-f]+ <([^+>]+)(\+0x[0-9a-f]+)?>', line)
    if fn and m and not m.group(3):
        calls[fn].add(m.group(2))
calls.setdefault('_start', set()).add('main')  # start.S: _start calls main
chain = ['main', 'chain_a', 'chain_b', 'chain_c', 'chain_leaf']
for f, g in zip(chain, chain[1:]):
    if g not in calls.get(f, ()):
        sys.exit(f'the oracle misses {f} -> {g}: {sorted(calls.get(f, ()))}')
total = leaf = whole = 0
for line in open(sys.argv[2]):
    stack, n = line.rsplit(' ', 1)
    frames, n = stack.split(';'), int(n)
    total += n
    for f, g in zip(frames, frames[1:]):
        if g not in calls.get(f, ()):
            sys.exit(f'{stack}: {f} makes no call of {g}')
    if frames[-1] == 'chain_leaf':
        leaf += n
        if 'main' in frames and frames[frames.index('main'):] == chain:
            whole += n
print(f'# {total} samples, {leaf} in chain_leaf, {whole} of them '
      f'main;chain_a;chain_b;chain_c;chain_leaf ({100.0 * whole / max(leaf, 1):.1f}%)')
sys.exit(0 if total == 500 and leaf >= 300 and whole >= 0.95 * leaf else 1)
PY

# One sample's stack against GDB's bt at the same pc, on a fresh board:
# the first sample in chain_leaf (nm's range), alone in a file of its own.
# GDB's bt stops at main (GDB manual, "Backtraces": backtrace past-main),
# so the frames above main are not compared.
python3 - "$DATA" "$ELF" "$CROSS-nm" "$E2E_TMP/one.data" <<'PY' >"$E2E_TMP/pc"
import re, subprocess, sys
syms = sorted((int(a, 16) & 0xffffffff, n) for a, t, n in  # MIPS nm: 64-bit
              (l.split() for l in subprocess.check_output(
                  [sys.argv[3], sys.argv[2]], text=True).splitlines()
               if len(l.split()) == 3) if t in 'tT')
lo = dict((n, a) for a, n in syms)['chain_leaf']
hi = min(a for a, n in syms if a > lo)
lines = open(sys.argv[1]).read().splitlines()
head = [l for l in lines if not re.match(r'^([0-9a-f]{8} [0-9a-f]{8}|stack )', l)]
i = next(k for k, l in enumerate(lines)
         if re.match(r'^[0-9a-f]{8} [0-9a-f]{8}$', l) and lo < int(l[:8], 16) < hi)
head = [re.sub(r'^samples .*', 'samples 1', l) for l in head]
open(sys.argv[4], 'w').write('\n'.join(head + lines[i:i + 2]) + '\n')
print(lines[i][:8])
PY
pc=$(cat "$E2E_TMP/pc")
ours=$("$PMUCTL" report -i "$E2E_TMP/one.data" --folded | awk '{print $1}')
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
gdb_batch "file $ELF" "target remote 127.0.0.1:$QEMU_PORT" "break *0x$pc" \
    continue bt "kill" >"$OUT"
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
gdbs=$(awk '/^#[0-9]/ { for (i = 1; i <= NF; i++) if ($i == "in") { print $(i + 1); next }
                        print $2 }' "$OUT" | tac | paste -sd';')
echo "# pc 0x$pc: ours $ours, GDB's bt $gdbs"
check "GDB's bt at 0x$pc names the sample's stack from main in" \
    test -n "$pc" -a "$(echo "$ours" | sed 's/^.*;main;/main;/')" = "$gdbs"

check "--call-graph dwarf,6 (no multiple of 4) is refused, status 2" \
    bash -c '"$0" -t 127.0.0.1:1 record --elf "$1" --call-graph dwarf,6 2>&1 | grep -q "multiple of 4"; test "${PIPESTATUS[0]}" -eq 2' "$PMUCTL" "$ELF"
start_vboard_serving "$VBOARD" "$CPU" "$ELF"
"$PMUCTL" -t "127.0.0.1:$QEMU_PORT" record --elf "$ELF" --call-graph dwarf,1024 \
    -o "$E2E_TMP/big.data" >"$OUT" 2>&1
rc=$?
kill "$QEMU_PID"; wait "$QEMU_PID" 2>/dev/null
cat "$OUT"
check "--call-graph dwarf,1024, more than the stub copies (512), is refused ($rc)" \
    eval 'test "$rc" -eq 2 && has "at most 512 bytes" && test ! -e "$E2E_TMP/big.data"'
finish
