# tools.cmake - every outside program the build and the tests run, with the
# Debian 12 package that provides it. .ci/setup-debian.sh installs all of
# them; this file makes a machine without one say so instead of quietly
# running fewer tests.
#
# - Build tools: configure stops with one message naming every missing
#   package (nothing can be built or tested without them).
# - Test tools: one ctest entry per program (tool.<program>) checks that it
#   is on PATH and, if not, fails with a line naming the package. Every test
#   that runs the program requires it as a fixture (pmustub_test_needs), so
#   ctest reports those tests as "Not Run" failures: a green suite means
#   every test ran.

# program=package
set(PMUSTUB_BUILD_TOOLS
    mips-linux-gnu-gcc=gcc-mips-linux-gnu
    mips-linux-gnu-objdump=binutils-mips-linux-gnu
    mips-linux-gnu-nm=binutils-mips-linux-gnu
    powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu
    powerpc-linux-gnu-objdump=binutils-powerpc-linux-gnu
    powerpc-linux-gnu-nm=binutils-powerpc-linux-gnu
    powerpc-linux-gnu-readelf=binutils-powerpc-linux-gnu
    powerpc-linux-gnu-as=binutils-powerpc-linux-gnu
    clang=clang)
set(PMUSTUB_TEST_TOOLS
    qemu-system-mips=qemu-system-mips
    qemu-system-ppc=qemu-system-ppc
    gdb-multiarch=gdb-multiarch
    openocd=openocd
    gnuplot=gnuplot-nox
    go=golang-go)

function(_pmustub_tool_split entry prog_var pkg_var)
  string(REPLACE "=" ";" _pair "${entry}")
  list(GET _pair 0 _prog)
  list(GET _pair 1 _pkg)
  set(${prog_var} ${_prog} PARENT_SCOPE)
  set(${pkg_var} ${_pkg} PARENT_SCOPE)
endfunction()

set(_missing "")
foreach(entry ${PMUSTUB_BUILD_TOOLS})
  _pmustub_tool_split(${entry} prog pkg)
  string(MAKE_C_IDENTIFIER "PMUSTUB_TOOL_${prog}" var)
  find_program(${var} ${prog})
  if(NOT ${var})
    list(APPEND _missing "${prog} (Debian package ${pkg})")
  endif()
endforeach()
if(_missing)
  list(JOIN _missing ", " _list)
  message(FATAL_ERROR "missing build tools: ${_list}. "
          "Run: bash .ci/setup-debian.sh (as root)")
endif()

set(_missing "")
foreach(entry ${PMUSTUB_TEST_TOOLS})
  _pmustub_tool_split(${entry} prog pkg)
  find_program(_found_${prog} ${prog})
  if(NOT _found_${prog})
    list(APPEND _missing "${prog} (Debian package ${pkg})")
  endif()
  add_test(NAME tool.${prog}
           COMMAND sh -c "command -v ${prog} >/dev/null 2>&1 || { echo \"${prog} not found: install Debian package ${pkg} (bash .ci/setup-debian.sh)\"; exit 1; }")
  set_tests_properties(tool.${prog} PROPERTIES FIXTURES_SETUP tool.${prog})
endforeach()
if(_missing)
  list(JOIN _missing ", " _list)
  message(WARNING "missing test tools: ${_list}; the tests that need them "
          "will fail. Run: bash .ci/setup-debian.sh (as root)")
endif()

# pmustub_test_needs(TEST PROGRAM...): TEST runs PROGRAM (one of
# PMUSTUB_TEST_TOOLS) and fails as "Not Run" when it is missing.
function(pmustub_test_needs test)
  foreach(prog ${ARGN})
    set(_known FALSE)
    foreach(entry ${PMUSTUB_TEST_TOOLS})
      _pmustub_tool_split(${entry} p pkg)
      if(p STREQUAL prog)
        set(_known TRUE)
      endif()
    endforeach()
    if(NOT _known)
      message(FATAL_ERROR "pmustub_test_needs: ${prog} is not in PMUSTUB_TEST_TOOLS")
    endif()
    set_property(TEST ${test} APPEND PROPERTY FIXTURES_REQUIRED tool.${prog})
  endforeach()
endfunction()
