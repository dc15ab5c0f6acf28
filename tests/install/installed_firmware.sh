#!/usr/bin/env bash
# A firmware project of a user's, built against an installed pmustub
# (PREFIX, from `cmake --install`) for BOARD (malta, the default, or
# ppce500): once with CMake (find_package(pmustub), pmustub::BOARD, the
# installed toolchain file of the board's cross compiler) and once with
# Make and pkg-config (pmustub-BOARD.pc), as docs/install.md writes them.
# Each ELF boots on QEMU (Malta 34Kf; ppce500 e500v2) and runs to its end
# (QEMU's exec log is the oracle: its count of one pass of
# region_begin..region_end); then the installed pmuctl counts the region
# on the installed vboard (the 34K; the e500v2: QEMU has no counters) and
# must print QEMU's count, every pass the same.
# Usage: installed_firmware.sh PREFIX [malta|ppce500]
BOARD=${2:-malta}
if [ "$BOARD" = ppce500 ]; then
    . "$(dirname "$0")/../e2e/ppc_lib.sh" # QEMU's oracle machine a ppce500
    CROSS=powerpc-linux-gnu CPU=e500v2
    board_sym() { ppc_sym_addr "$@"; }
    region_count() {
        python3 "$(dirname "$0")/../vboard/ppc/qemu_count_ppc.py" \
            "$E2E_TMP/program.log" "$2" "$3"
    }
else
    . "$(dirname "$0")/../e2e/lib.sh"
    CROSS=mips-linux-gnu CPU=34k
    board_sym() { sym_addr "$@"; }
    region_count() { oracle_instructions 34k "$@"; }
fi
. "$(dirname "$0")/../e2e/pmuctl_lib.sh"
PREFIX=$(readlink -f "$1")
PMUCTL=$PREFIX/bin/pmuctl VBOARD=$PREFIX/bin/vboard
LIB=$PREFIX/lib/pmustub/$BOARD/libpmustub.a
OUT=$E2E_TMP/out
SRC=$E2E_TMP/fw
mkdir -p "$SRC"

# The program: a region of a 16-pass loop, run `rounds` times; GDB
# lowers rounds for the oracle's run. sum is volatile: GCC sees that the
# markers do not read it and would otherwise move the loop out.
cat >"$SRC/main.c" <<'C'
volatile unsigned rounds = 1000000;
volatile unsigned sum;
void __attribute__((noinline)) region_begin(void) { __asm__ volatile(""); }
void __attribute__((noinline)) region_end(void) { __asm__ volatile(""); }
int main(void)
{
    for (unsigned r = 0; r < rounds; r++) {
        region_begin();
        for (unsigned i = 0; i < 16; i++)
            sum += i * r;
        region_end();
    }
    return (int)(sum & 0x7f);
}
C
cat >"$SRC/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(fw C)
find_package(pmustub REQUIRED)
add_executable(fw.elf main.c)
target_compile_options(fw.elf PRIVATE -O2 -g -Wall -Wextra -Werror)
target_link_libraries(fw.elf PRIVATE pmustub::@BOARD@)
CMAKE
# Make's built-in rule for fw.elf from main.c would name the output
# main; the rule is the user's own.
cat >"$SRC/Makefile" <<'MAKE'
CC = @CROSS@-gcc
CFLAGS = -O2 -g -Wall -Wextra -Werror $(shell pkg-config --cflags pmustub-@BOARD@)
LDLIBS = $(shell pkg-config --libs pmustub-@BOARD@)
fw.elf: main.c
	$(CC) $(CFLAGS) -o $@ main.c $(LDLIBS)
MAKE
sed -i "s/@BOARD@/$BOARD/; s/@CROSS@/$CROSS/" "$SRC/CMakeLists.txt" "$SRC/Makefile"

cmake -S "$SRC" -B "$E2E_TMP/cm" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/pmustub/cmake/toolchain-$CROSS.cmake" \
    >"$OUT" 2>&1 && cmake --build "$E2E_TMP/cm" >>"$OUT" 2>&1
check "CMake: find_package(pmustub) and pmustub::$BOARD build fw.elf" \
    test -s "$E2E_TMP/cm/fw.elf"
cat "$OUT" | tail -5
mkdir -p "$E2E_TMP/mk" && cp "$SRC/main.c" "$SRC/Makefile" "$E2E_TMP/mk/"
PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig make -C "$E2E_TMP/mk" >"$OUT" 2>&1
check "Make: pkg-config pmustub-$BOARD builds fw.elf" test -s "$E2E_TMP/mk/fw.elf"
cat "$OUT" | tail -5
# The installed script's ENTRY(_start) and the start-up code the
# library brings: the ELF's entry is the stub's _start.
for how in cm mk; do
    entry=$($CROSS-readelf -h "$E2E_TMP/$how/fw.elf" 2>/dev/null |
        awk '/Entry point/ { print substr($4, 3) }')
    check "$how: the entry point ($entry) is the stub's _start" \
        test -n "$entry" -a "$entry" = "$(board_sym "$E2E_TMP/$how/fw.elf" _start)"
done

for how in cm mk; do
    ELF=$E2E_TMP/$how/fw.elf
    [ -s "$ELF" ] || continue
    FROM=$(board_sym "$ELF" region_begin) TO=$(board_sym "$ELF" region_end)
    qemu_program_log "$ELF" "$LIB" "set var rounds = 2"
    check "$how: the program runs to its end on QEMU's $BOARD" \
        grep -q "exited with code" "$E2E_TMP/qemu-gdb.out"
    QEMU_COUNT=$(region_count "$ELF" "$FROM" "$TO")
    echo "# $how: QEMU: ${QEMU_COUNT:-none} instructions from region_begin to region_end"
    pm_start_vboard "$ELF" --cpu "$CPU"
    "$PMUCTL" -t "127.0.0.1:$VPORT" measure --elf "$ELF" --from region_begin \
        --to region_end -e instructions -r 5 -x , >"$OUT" 2>&1
    cat "$OUT"
    check "$how: the installed pmuctl counts QEMU's $QEMU_COUNT on vboard's $CPU in each of 5 passes" \
        grep -qx "$QEMU_COUNT,,instructions,0.00%,5,100.00,,,exact," "$OUT"
    kill "$VBOARD_PID" 2>/dev/null
done
finish
