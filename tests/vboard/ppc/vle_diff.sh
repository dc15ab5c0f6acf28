#!/usr/bin/env bash
# vle_diff.sh VBOARD BOOKE.elf VLE.elf READELF
# Differential test of vboard's VLE (e200z7): the same computation written
# in Book E (BOOKE.elf: tests/firmware/ppc/vle_forms_booke.S) and in VLE
# (VLE.elf: vle_forms_vle.S, every VLE instruction form, run from a page
# that vle_start.S maps with MAS2[VLE]) prints the same words:
# - QEMU 7.2's e500v2 running BOOKE.elf is the oracle (QEMU has no VLE);
# - vboard --cpu e200z7 running VLE.elf must print exactly that;
# - and so must vboard --cpu e200z7 running BOOKE.elf.
set -euo pipefail
vboard=$1 booke=$2 vle=$3 readelf=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# The VLE ELF really has VLE code (readelf's flag v, SHF_PPC_VLE), so that
# the comparison is not between two Book E runs.
"$readelf" -SW "$vle" | grep -q ' \.text_vle .* AXv ' ||
    { echo "FAIL: $vle has no VLE section"; exit 1; }

timeout 120 qemu-system-ppc -M ppce500 -cpu e500v2 -m 256 -nographic -nic none -vga none \
    -no-reboot -kernel "$booke" </dev/null >"$tmp/qemu.out" 2>"$tmp/qemu.err" || true
words=$(tr -d '\r' <"$tmp/qemu.out" | sed -n 's/^words=0x\([0-9a-f]*\)$/\1/p')
[ -n "$words" ] && [ "$(grep -c '^w=' "$tmp/qemu.out")" -eq $((0x$words)) ] ||
    { echo "FAIL: QEMU's output is not the words report"; cat "$tmp/qemu.out" "$tmp/qemu.err"; exit 1; }
echo "QEMU e500v2, Book E: $((0x$words)) words"

run() { # name elf
    timeout 120 "$vboard" --cpu e200z7 --no-reboot --kernel "$2" --serial stdio \
        </dev/null >"$tmp/$1.out" 2>"$tmp/$1.err" || true
    if cmp -s "$tmp/qemu.out" "$tmp/$1.out"; then
        echo "ok: vboard e200z7, $1: the same $((0x$words)) words"
    else
        echo "FAIL: vboard e200z7, $1 differs from QEMU (< qemu, > vboard; line 1 is the count)"
        diff "$tmp/qemu.out" "$tmp/$1.out" | head -20
        cat "$tmp/$1.err"
        fail=1
    fi
}
run vle "$vle"
run booke "$booke"
exit $fail
