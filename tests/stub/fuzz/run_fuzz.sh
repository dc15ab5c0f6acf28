#!/bin/sh
# run_fuzz.sh FUZZER SEED_CORPUS DICT WORK_DIR RUNS
# A short, reproducible libFuzzer run: new inputs go to WORK_DIR (the seed
# corpus in the source tree is only read), crash artifacts too. libFuzzer
# exits non-zero on any finding.
set -eu
fuzzer=$1 seeds=$2 dict=$3 work=$4 runs=$5
rm -rf "$work"
mkdir -p "$work/corpus"
exec "$fuzzer" -runs="$runs" -seed=1 -max_len=2048 -timeout=10 -dict="$dict" \
    -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$seeds"
