#!/usr/bin/env bash
# The Debian package installed on a new Debian 12 (../shared/tools/
# fresh-debian: a minbase root, nothing else installed), with apt taking
# the dependencies the package declares; there pmuctl, vboard, the man
# pages and the CMake package work, and a program built against the
# installed package counts on vboard as QEMU does (installed_firmware.sh,
# for malta and ppce500, run in the fresh root after the cross compilers
# and QEMU are installed).
# Takes minutes (apt downloads): run by hand, not by ctest.
# Usage: fresh_deb.sh BUILD_DIR [LOG]
set -eu
BUILD=$(readlink -f "$1")
TOP=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
(cd "$TMP" && cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$TMP/out") >/dev/null
cp "$TMP"/out/*.deb "$TMP/pmustub.deb"
mkdir "$TMP/shared" && cp "$TMP/pmustub.deb" "$TMP/shared/"
FRESH=$(cd "$TOP/.." && pwd)/shared/tools/fresh-debian
FRESH_SHARED=$TMP/shared "$FRESH" "$TOP" '
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq /shared/pmustub.deb man-db >/dev/null
echo "installed: $(dpkg -s pmustub | grep ^Version)"
pmuctl --version
vboard --help | head -1
pmuctl list --cpu 34k | head -3
man -w pmuctl vboard pmustub.7
apt-get install -y -qq cmake make pkgconf gcc-mips-linux-gnu gcc-powerpc-linux-gnu qemu-system-mips qemu-system-ppc gdb-multiarch python3 procps >/dev/null
bash tests/install/installed_firmware.sh /usr
bash tests/install/installed_firmware.sh /usr ppce500
' "${2:-/dev/stdout}"
