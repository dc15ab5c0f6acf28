#!/usr/bin/env bash
# Installs, by Debian 12 package name, everything pmustub builds and tests with.
set -euo pipefail
pkgs=(
  build-essential cmake python3 pkg-config     # host build
  gcc-mips-linux-gnu binutils-mips-linux-gnu   # target (MIPS32 big-endian)
  gcc-powerpc-linux-gnu binutils-powerpc-linux-gnu # target (Power Book E)
  libcmocka-dev libexpat1-dev libelf-dev       # unit tests, XML, ELF symbols
  libjansson-dev                               # pmuctl compare, plot read JSON
  libdw-dev                                    # pmuctl report's lines, --sweep's DWARF types, --from FILE:LINE
  zlib1g-dev                                   # pmuctl report --pprof (gzip)
  golang-go                                    # go tool pprof reads report --pprof's file (test)
  gnuplot-nox                                  # pmuctl plot
  clang libclang-rt-14-dev                     # libFuzzer target
  gdb-multiarch qemu-system-mips openocd       # end-to-end tests
  gcc-powerpc-linux-gnu binutils-powerpc-linux-gnu qemu-system-ppc # Power
  lldb                                         # tests/e2e/lldb_session.sh
  man-db groff-base                            # pmuctl's man page (pmuctl.help_man)
  file                                         # cpack -G DEB's shlibdeps (install.deb)
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
