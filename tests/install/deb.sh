#!/usr/bin/env bash
# cpack -G DEB on the build tree: the package holds what `cmake --install`
# installs, under /usr, and declares the libraries pmuctl and vboard link.
# Checked with dpkg-deb (-c: the file list, -f: the control fields), and
# unpacked with dpkg-deb -x, where the packaged pmuctl runs.
# Usage: deb.sh BUILD_DIR
BUILD=$(readlink -f "$1")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0 PASSES=0
check() { # check NAME CONDITION-COMMAND...
    local name=$1; shift
    if "$@"; then PASSES=$((PASSES + 1)); echo "ok - $name"
    else FAILS=$((FAILS + 1)); echo "FAIL - $name"; fi
}
(cd "$TMP" && cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$TMP/out") >"$TMP/cpack.log" 2>&1
DEB=$(ls "$TMP"/out/*.deb 2>/dev/null | head -1)
check "cpack -G DEB makes a .deb" test -n "$DEB"
[ -n "$DEB" ] || { cat "$TMP/cpack.log"; exit 1; }
echo "# $(basename "$DEB"): $(stat -c %s "$DEB") bytes"
dpkg-deb -c "$DEB" | awk '{ print $6 }' | sed 's|^\./|/|' >"$TMP/files"
for f in /usr/bin/pmuctl /usr/bin/vboard \
    /usr/share/man/man1/pmuctl.1 /usr/share/man/man1/vboard.1 /usr/share/man/man7/pmustub.7 \
    /usr/share/bash-completion/completions/pmuctl \
    /usr/lib/cmake/pmustub/pmustubConfig.cmake /usr/lib/cmake/pmustub/pmustubConfigVersion.cmake \
    /usr/include/pmustub/program.h /usr/include/pmustub/stub.h \
    /usr/share/pmustub/cmake/toolchain-mips-linux-gnu.cmake; do
    check "the package has $f" grep -qx -- "$f" "$TMP/files"
done
for b in malta ppce500 mpc5674f; do
    check "the package has $b's libpmustub.a, $b.ld, target.xml and pmustub-$b.pc" \
        bash -c "grep -qx /usr/lib/pmustub/$b/libpmustub.a '$TMP/files' &&
                 grep -qx /usr/lib/pmustub/$b/$b.ld '$TMP/files' &&
                 grep -qx /usr/lib/pmustub/$b/target.xml '$TMP/files' &&
                 grep -qx /usr/lib/pkgconfig/pmustub-$b.pc '$TMP/files'"
done
check "nothing outside /usr" bash -c "! grep -v '^/usr' '$TMP/files'"
DEPENDS=$(dpkg-deb -f "$DEB" Depends)
echo "# Depends: $DEPENDS"
for lib in libc6 libexpat1 libelf1 libdw1 libjansson4; do
    check "Depends names $lib" grep -q "\\b$lib\\b" <<<"$DEPENDS"
done
check "Recommends gnuplot (pmuctl plot)" grep -q gnuplot <<<"$(dpkg-deb -f "$DEB" Recommends)"
dpkg-deb -x "$DEB" "$TMP/root"
check "the packaged pmuctl runs (--version)" \
    bash -c "'$TMP/root/usr/bin/pmuctl' --version | grep -q '^pmuctl (pmustub) '"
check "the packaged vboard runs (--help)" \
    bash -c "'$TMP/root/usr/bin/vboard' --help | grep -q '^usage: vboard'"
echo "$PASSES passed, $FAILS failed"
[ "$FAILS" = 0 ]
