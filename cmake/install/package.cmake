# package.cmake - `cpack -G DEB --config build/CPackConfig.cmake` (or, in
# build/, `cpack -G DEB`): a Debian package of what install.cmake installs,
# under /usr. dpkg-shlibdeps finds the shared libraries pmuctl and vboard
# link (libc6, libexpat1, libelf1, libdw1, libjansson4); the tools they run
# or that users link with are named by hand: gnuplot for pmuctl plot
# (pmuctl(1): without it plot exits 1), the cross compilers, GDB, QEMU and
# OpenOCD that docs/install.md uses with them.
set(CPACK_PACKAGE_NAME pmustub)
set(CPACK_PACKAGE_VERSION ${PMUSTUB_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "GDB stub and host helper that make a CPU's PMU visible from GDB")
set(CPACK_PACKAGE_DESCRIPTION
    "pmuctl programs, reads and measures a MIPS or Power core's performance\n"
    "counters through GDB's remote protocol; vboard is a virtual Malta- and\n"
    "ppce500-compatible board with counters; libpmustub.a for each board is\n"
    "the stub firmware links with (find_package(pmustub), pkg-config).")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "pmustub maintainers <pmustub@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gnuplot-nox | gnuplot, bash-completion")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
    "gcc-mips-linux-gnu, gcc-powerpc-linux-gnu, gdb-multiarch, qemu-system-mips, qemu-system-ppc, openocd, pkgconf, cmake")
# cpack packs what the build made and builds nothing (as cmake --install):
# otherwise it would run the whole build first, the stubs' ExternalProject
# steps always, under tests/install's install.deb while other tests use
# the tree.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
include(CPack)
