#!/usr/bin/env bash
# The one-core 34K "small" stub fits the budget docs/stub.md ("Footprint")
# and docs/linking.md promise: ROM 16,384 bytes without tracepoints and
# 24,576 with lean ones (trace-lean), RAM 2,048 bytes besides the trace
# buffer. The figures are tests/bench/footprint.sh's own (the stub's
# objects in the link map of a small program linked by the README's
# command), for its rows malta 34k-small.
# Usage: small_fits.sh TOP_SRC_DIR SCRATCH_DIR
set -u
top=$1 scratch=$2
rm -rf "$scratch"
out=$(cd "$top" && bash tests/bench/footprint.sh --only malta:34k-small "$scratch") || {
    echo "FAIL - footprint.sh did not build the rows"; echo "$out"; exit 1; }
echo "$out"
# row: board name features isa ROM RAM tracebuf libgcc
echo "$out" | awk '
    $1 == "malta" && $2 == "34k-small" {
        rom = $5; ram = $6 - $7; seen[$3] = 1
        limit = $3 == "none" ? 16384 : 24576
        ok = rom <= limit && ram <= 2048
        printf "%s - %s: ROM %d of %d bytes, RAM %d of 2048 (trace buffer apart)\n",
               ok ? "ok" : "FAIL", $3, rom, limit, ram
        if (!ok) bad = 1
    }
    END {
        if (!seen["none"] || !seen["trace-lean"]) { print "FAIL - a row is missing"; bad = 1 }
        exit bad
    }'
