#!/usr/bin/env bash
# One stub build as a user makes it, linked into a program by the README's
# command: the stub's CMake project (stub/) configured in DIR for BOARD
# with the -D options given, as the top level configures each stub build
# (CMakeLists.txt, pmustub_add_stub), its library built, and the README's
# link command for BOARD run, with this build's paths,
# on tests/bench/footprint_prog.c (DIR/prog.elf). Fails when the configure
# leaves an option unused, or the build or the link fails or the link
# says anything (the README's command links without a word). The
# configure's and build's output are in DIR.log.
# Usage: stub_link.sh BOARD DIR [-DPMUSTUB_...=VALUE]... [-- LINK_FLAG...]
#   (LINK_FLAGs go to the link, e.g. -Wl,-Map=FILE)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
board=$1 dir=$2
shift 2
options=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    options+=("$1")
    shift
done
[ $# -gt 0 ] && shift
link_flags=("$@")

# board_var NAME BOARD: set(NAME value) of the board's board.cmake, or of
# the board.cmake it includes (mpc5674f takes ppce500's toolchain).
board_var() {
    local f=$top/stub/board/$2/board.cmake v parent
    [ -f "$f" ] || { echo "no board $2 (stub/board/)" >&2; return 1; }
    v=$(sed -n "s/^set($1 \\(.*\\))\$/\\1/p" "$f")
    parent=$(sed -n 's|^include(${CMAKE_CURRENT_LIST_DIR}/\.\./\([a-z0-9]*\)/board\.cmake)$|\1|p' "$f")
    if [ -z "$v" ] && [ -n "$parent" ]; then
        board_var "$1" "$parent"
    else
        echo "$v"
    fi
}
toolchain=$(board_var PMUSTUB_BOARD_TOOLCHAIN "$board")
cross=$(board_var PMUSTUB_BOARD_CROSS "$board")
# The README's command for this board (the first that links its library).
cmd=$(grep -E "^$cross-gcc .*build/target/$board/libpmustub\\.a" "$top/README.md" | head -1)
[ -n "$cmd" ] || { echo "README.md shows no $cross-gcc link command for $board" >&2; exit 1; }

# A folder configured before keeps its cached values: only this build's
# options count.
mkdir -p "$dir"
rm -f "$dir/CMakeCache.txt"
log=$dir.log
if ! cmake -S "$top/stub" -B "$dir" -DCMAKE_BUILD_TYPE=MinSizeRel \
    -DCMAKE_TOOLCHAIN_FILE="$top/cmake/$toolchain" -DPMUSTUB_BOARD="$board" \
    -DPMUSTUB_OUT_DIR="$dir/out" -DPMUSTUB_TOP="$top" "${options[@]}" >"$log" 2>&1; then
    tail -20 "$log" >&2
    echo "FAIL - configure: $board ${options[*]}" >&2
    exit 1
fi
if grep -q "Manually-specified variables were not used" "$log"; then
    sed -n '/Manually-specified/,/^$/p' "$log" >&2
    echo "FAIL - the stub's project does not know an option given" >&2
    exit 1
fi
if ! cmake --build "$dir" -j2 --target pmustub >>"$log" 2>&1; then
    grep -E "error|Error" "$log" | head -20 >&2
    echo "FAIL - build: $board ${options[*]}" >&2
    exit 1
fi
link=${cmd//build\/target\/$board/$dir/out}
link=${link//prog.c/$top/tests/bench/footprint_prog.c}
link=${link//-o prog.elf/-o $dir/prog.elf ${link_flags[*]}}
rm -f "$dir/prog.elf"
if ! out=$(eval "$link" 2>&1) || [ -n "$out" ] || [ ! -s "$dir/prog.elf" ]; then
    printf '%s\n' "$link" "$out" >&2
    echo "FAIL - the README's link command: $board ${options[*]}" >&2
    exit 1
fi
