# man.cmake - the man pages, each written from one source and built with
# the programs (target man_pages, in ALL):
#   pmuctl.1  pmuctl --man, from the commands' own tables (host/cli_help.c)
#   vboard.1  vboard --help, turned into roff by help_to_man.py
#   pmustub.7 docs/man/pmustub.7, written as roff
# tests/install/man_pages.py checks that each lists what its program's
# --help lists, and that groff renders them without a warning.
set(_man ${CMAKE_BINARY_DIR}/man)
add_custom_command(
  OUTPUT ${_man}/pmuctl.1
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_man}
  COMMAND ${CMAKE_COMMAND} -E env --unset=PMUCTL_TARGET
          ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:pmuctl> -DARG=--man
          -DOUT=${_man}/pmuctl.1 -P ${CMAKE_SOURCE_DIR}/cmake/install/output_of.cmake
  DEPENDS pmuctl ${CMAKE_SOURCE_DIR}/cmake/install/output_of.cmake
  COMMENT "Writing pmuctl.1 from pmuctl --man")
add_custom_command(
  OUTPUT ${_man}/vboard.1
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_man}
  COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/cmake/install/help_to_man.py
          $<TARGET_FILE:vboard> ${PMUSTUB_VERSION} ${_man}/vboard.1
  DEPENDS vboard ${CMAKE_SOURCE_DIR}/cmake/install/help_to_man.py
  COMMENT "Writing vboard.1 from vboard --help")
add_custom_target(man_pages ALL DEPENDS ${_man}/pmuctl.1 ${_man}/vboard.1)
install(FILES ${_man}/pmuctl.1 ${_man}/vboard.1 DESTINATION share/man/man1)
install(FILES ${CMAKE_SOURCE_DIR}/docs/man/pmustub.7 DESTINATION share/man/man7)
