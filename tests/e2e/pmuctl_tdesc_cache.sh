#!/usr/bin/env bash
# End to end: pmuctl keeps the target description it read
# (host/session/tdesc_cache.c) and reads it again only when it must, on
# vboard's 34K through a relay that records what pmuctl sends
# (feature_relay.py). A first `pmuctl read` reads the description
# (qXfer:features:read) and keeps one file named by its CRC and length,
# which are the file's own (GDB's CRC-32, computed here); a second reads
# none and prints the same counts; a kept file with one byte changed is
# not used (read again, and replaced); PMUCTL_CACHE_DIR empty: no cache,
# no qPmustub.Tdesc asked. (tdesc_served.py checks that the stub's
# qPmustub.Tdesc is the CRC and length of the text it serves.)
# Usage: pmuctl_tdesc_cache.sh PMUCTL VBOARD FIRMWARE.elf TOP_SRC_DIR
set -u
PMUCTL=$1 VBOARD=$2 ELF=$3 TOP=$4
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/pmuctl_lib.sh"
OUT=$E2E_TMP/out
CACHE=$E2E_TMP/cache

# read_through NAME: pmuctl read through a new relay; packets in NAME.log,
# output in NAME.out, status in RC.
read_through() { pm_relayed "$1" "$E2E_TMP/$1.out" "" read; }
xfers() { grep -o 'qXfer:features:read' "$E2E_TMP/$1.log" | wc -l; }
# The kept file's name says its own CRC and length (gdb_crc32.py), and it
# holds a whole XML document.
file_is_its_key() {
    test "$(basename "$1")" = "tdesc-$(python3 "$TOP/tests/e2e/gdb_crc32.py" "$1" |
        sed 's/,/-/').xml" && head -c 5 "$1" | grep -q '^<?xml' &&
        tail -c 20 "$1" | grep -q '</target>'
}

main() {
pm_start_vboard "$ELF"
export PMUCTL_CACHE_DIR=$CACHE
read_through cold
check "first read: status 0, the description read ($(xfers cold) qXfer packets)" \
    test "$RC" = 0 -a "$(xfers cold)" -gt 0
FILES=("$CACHE"/tdesc-*.xml)
check "... one description kept, named by its own CRC-32 and length" \
    eval 'test ${#FILES[@]} = 1 && file_is_its_key "${FILES[0]}"'
read_through warm
check "second read: status 0, no qXfer, qPmustub.Tdesc asked" \
    eval 'test "$RC" = 0 -a "$(xfers warm)" = 0 && grep -q "qPmustub.Tdesc" "$E2E_TMP/warm.log"'
check "... the same counts printed" cmp "$E2E_TMP/cold.out" "$E2E_TMP/warm.out"
printf 'X' | dd of="${FILES[0]}" bs=1 seek=40 conv=notrunc 2>/dev/null
read_through damaged
check "a kept file with a byte changed: read again, same counts" \
    eval 'test "$RC" = 0 -a "$(xfers damaged)" -gt 0 && cmp -s "$E2E_TMP/cold.out" "$E2E_TMP/damaged.out"'
check "... and kept again right" file_is_its_key "${FILES[0]}"
export PMUCTL_CACHE_DIR=
read_through off
check "PMUCTL_CACHE_DIR empty: the description read, qPmustub.Tdesc not asked" \
    eval 'test "$RC" = 0 -a "$(xfers off)" -gt 0 && ! grep -q "qPmustub.Tdesc" "$E2E_TMP/off.log"'
finish
}
main "$@"
