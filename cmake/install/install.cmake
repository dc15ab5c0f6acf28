# install.cmake - what `cmake --install build [--prefix P]` puts where
# (docs/install.md), and the Debian package cpack makes of it
# (package.cmake). Included by the top-level CMakeLists.txt after every
# part is defined.
#   bin/pmuctl, bin/vboard
#   lib/pmustub/<board>/  libpmustub.a (start-up code included), its
#                         linker scripts, target.xml
#   include/pmustub/      the stub's public headers
#   lib/cmake/pmustub/    find_package(pmustub): pmustub::<board>
#   lib/pkgconfig/        pmustub-<board>.pc (and -<board>_vle)
#   share/pmustub/cmake/  the cross toolchain files, as examples
#   share/man/            pmuctl(1), vboard(1), pmustub(7) (man.cmake)
#   share/bash-completion/completions/pmuctl
# Paths under lib/ are fixed, not GNUInstallDirs' multiarch ones: the
# libraries are the target's, not the host's.

# The version the package and the .pc files carry: the source's commit
# (git describe at configure time), after 0.0.0 for dpkg's ordering.
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} describe --always
                OUTPUT_VARIABLE _describe OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE _rc ERROR_QUIET)
if(NOT _rc EQUAL 0 OR _describe STREQUAL "")
  set(_describe unknown)
endif()
set(PMUSTUB_VERSION 0.0.0+git${_describe})

install(TARGETS pmuctl vboard RUNTIME DESTINATION bin)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/stub/include/pmustub DESTINATION include)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/toolchain-mips-linux-gnu.cmake
              ${CMAKE_SOURCE_DIR}/cmake/toolchain-powerpc-linux-gnu.cmake
        DESTINATION share/pmustub/cmake)
install(FILES ${CMAKE_SOURCE_DIR}/host/completion/pmuctl.bash
        DESTINATION share/bash-completion/completions RENAME pmuctl)

set(_gen ${CMAKE_BINARY_DIR}/install)
set(PMUSTUB_CONFIG_BOARDS "")

# _pmustub_install_variant(NAME BOARD SCRIPT ASM_FLAGS): one imported
# target of the package and its .pc file.
function(_pmustub_install_variant name board script asm_flags)
  set(flags "${PMUSTUB_BOARD_FLAGS}")
  set(libs "${PMUSTUB_BOARD_LINK_LIBS}")
  string(APPEND PMUSTUB_CONFIG_BOARDS
         "_pmustub_board(${name} ${board} ${script} \"${flags}\" \"${libs}\" \"${asm_flags}\")\n")
  set(PMUSTUB_CONFIG_BOARDS "${PMUSTUB_CONFIG_BOARDS}" PARENT_SCOPE)
  set(cross ${PMUSTUB_BOARD_CROSS})
  list(JOIN flags " " flags)
  string(STRIP "${flags} ${asm_flags}" cflags)
  list(TRANSFORM libs PREPEND -l)
  list(JOIN libs " " libs)
  configure_file(${CMAKE_SOURCE_DIR}/cmake/install/pmustub.pc.in
                 ${_gen}/pmustub-${name}.pc @ONLY)
  install(FILES ${_gen}/pmustub-${name}.pc DESTINATION lib/pkgconfig)
endfunction()

# One board: its build's outputs and its variants.
function(_pmustub_install_board board)
  unset(PMUSTUB_BOARD_VLE_LDS)
  unset(PMUSTUB_BOARD_LINK_LIBS)
  include(${CMAKE_SOURCE_DIR}/stub/board/${board}/board.cmake)
  string(TOUPPER ${board} b)
  set(dir ${PMUSTUB_${b}_DIR})
  install(FILES ${dir}/libpmustub.a ${dir}/${PMUSTUB_BOARD_LDS} ${dir}/target.xml
          DESTINATION lib/pmustub/${board})
  _pmustub_install_variant(${board} ${board} ${PMUSTUB_BOARD_LDS} "")
  if(PMUSTUB_BOARD_VLE_LDS)
    install(FILES ${dir}/${PMUSTUB_BOARD_VLE_LDS} DESTINATION lib/pmustub/${board})
    # VLE code is assembly (GCC emits none): gas -mvle, as docs/linking.md.
    _pmustub_install_variant(${board}_vle ${board} ${PMUSTUB_BOARD_VLE_LDS} -Wa,-mvle)
  endif()
  set(PMUSTUB_CONFIG_BOARDS "${PMUSTUB_CONFIG_BOARDS}" PARENT_SCOPE)
endfunction()
foreach(board ${PMUSTUB_BOARDS})
  _pmustub_install_board(${board})
endforeach()

include(CMakePackageConfigHelpers)
configure_file(${CMAKE_SOURCE_DIR}/cmake/install/pmustubConfig.cmake.in
               ${_gen}/pmustubConfig.cmake @ONLY)
# Any version: the package has one release line, the source's commit.
write_basic_package_version_file(${_gen}/pmustubConfigVersion.cmake
  VERSION 0.0.0 COMPATIBILITY AnyNewerVersion ARCH_INDEPENDENT)
install(FILES ${_gen}/pmustubConfig.cmake ${_gen}/pmustubConfigVersion.cmake
        DESTINATION lib/cmake/pmustub)

include(${CMAKE_SOURCE_DIR}/cmake/install/man.cmake)
include(${CMAKE_SOURCE_DIR}/cmake/install/package.cmake)
