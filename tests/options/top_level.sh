#!/usr/bin/env bash
# Every build option reaches the stub builds from the top level, where the
# README tells users to give it (cmake -S . -B build -D...): the top-level
# project, configured in DIR with each option of cmake/options.cmake at a
# value other than its default, leaves none unused, and the configure of
# the malta and mpc5674f stub builds (target_<board>-configure) caches
# each value given; the MPC5674F's eSCI clock reaches its board's
# compile. First, configured with a wrong value for each option that has
# a check, the top level refuses every one of them by name.
# Usage: top_level.sh DIR
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=$1
fails=0
check() { # check NAME COMMAND...
    local name=$1
    shift
    if "$@"; then echo "ok - $name"; else echo "FAIL - $name"; fails=$((fails + 1)); fi
}

# A value other than the default, and a wrong one where there is a check,
# per option; an option declared without one here fails the test.
declare -A good=(
    [PMUSTUB_TRACEPOINTS]=OFF [PMUSTUB_TRACE_AGENT]=OFF [PMUSTUB_TRACE_QUICK]=OFF
    [PMUSTUB_SAMPLING]=OFF [PMUSTUB_STAT_INTERVALS]=OFF [PMUSTUB_PMU_SUMMARY]=OFF [PMUSTUB_COMPRESSED]=OFF [PMUSTUB_DELAY_SLOTS]=OFF
    [PMUSTUB_TRACE_BUFFER_BYTES]=4096 [PMUSTUB_SAMPLE_ENTRIES]=64
    [PMUSTUB_PACKET_SIZE]=512 [PMUSTUB_BREAKPOINTS]=8 [PMUSTUB_STACK_BYTES]=576
    [PMUSTUB_MPC5674F_ESCI_HZ]=40000000 [PMUSTUB_CORES]="34k;e200z7")
declare -A bad=(
    [PMUSTUB_SAMPLING]=maybe [PMUSTUB_STAT_INTERVALS]=2 [PMUSTUB_TRACE_BUFFER_BYTES]=6914
    [PMUSTUB_SAMPLE_ENTRIES]=0 [PMUSTUB_PACKET_SIZE]=4096 [PMUSTUB_BREAKPOINTS]=x
    [PMUSTUB_STACK_BYTES]=1000 [PMUSTUB_MPC5674F_ESCI_HZ]=30MHz
    [PMUSTUB_CORES]="34k;z80")
declared=$(sed -n -e 's/^pmustub_option(\(PMUSTUB_[A-Z0-9_]*\) .*/\1/p' \
    -e 's/^set(\(PMUSTUB_[A-Z0-9_]*\) .*CACHE.*/\1/p' "$top/cmake/options.cmake")
for o in $declared; do
    check "top_level.sh has a value other than the default for $o" test -n "${good[$o]:-}"
done

rm -rf "$dir"
args=()
for o in "${!bad[@]}"; do args+=("-D$o=${bad[$o]}"); done
cmake -S "$top" -B "$dir" "${args[@]}" >"$dir.bad.log" 2>&1 && status=0 || status=$?
check "the top level refuses wrong values" test "$status" -ne 0
for o in "${!bad[@]}"; do
    check "it names $o=${bad[$o]}" grep -qF "$o=${bad[$o]}:" "$dir.bad.log"
done

args=()
for o in $declared; do args+=("-D$o=${good[$o]}"); done
cmake -S "$top" -B "$dir" "${args[@]}" >"$dir.log" 2>&1 && status=0 || status=$?
check "the top level takes every option" test "$status" -eq 0
check "it leaves none unused" bash -c "! grep -q 'Manually-specified variables were not used' '$dir.log'"
cmake --build "$dir" --target target_malta-configure target_mpc5674f-configure \
    >>"$dir.log" 2>&1 && status=0 || status=$?
check "the stub builds configure" test "$status" -eq 0
for board in malta mpc5674f; do
    cache=$dir/target-build/$board/CMakeCache.txt
    for o in $declared; do
        got=$(sed -n "s/^$o:[A-Z]*=//p" "$cache")
        check "$board's stub build has $o=${good[$o]}" test "$got" = "${good[$o]}"
    done
done
check "the MPC5674F's board is compiled with its eSCI clock" \
    grep -rqF "MPC5674F_ESCI_HZ=${good[PMUSTUB_MPC5674F_ESCI_HZ]}u" "$dir/target-build/mpc5674f/CMakeFiles"
if [ "$fails" -ne 0 ]; then
    echo "$fails failed; the configures' output: $dir.bad.log, $dir.log"
    tail -30 "$dir.log"
    exit 1
fi
