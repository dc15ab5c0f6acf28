# target_firmware.cmake - pmustub_firmware(): the one way the host build
# cross-compiles a target program (test workloads, pmuctl's firmware, the
# e2e programs). The board's stub/board/<board>/board.cmake gives the cross
# compiler and the flags, so they are written once per board; the stub's
# own library is built by stub/CMakeLists.txt with the same flags.
#
#   pmustub_firmware(OUT <elf> BOARD <board> SOURCES <file>...
#                    [STUB]              link with the board's libpmustub.a
#                                        and its linker script (as the
#                                        README tells users to)
#                    [VLE]               with STUB: the sources are VLE code
#                                        (gas -mvle) and the script the
#                                        board's VLE one (README)
#                    [BUILD <name>]      that of the stub build <name>
#                                        (build/target/<name>/, e.g. the
#                                        one-core malta-34k); default BOARD
#                    [LDS <script>]      the linker script otherwise
#                    [OPT <level>]       -O<level>, default 2
#                    [FLAGS <flag>...]   more compiler/linker flags
#                    [DEPENDS <file>...] more inputs (headers, ...))
#
# Warnings are errors, as everywhere in the project; -g always (GDB reads
# the ELF; debug sections do not change the code).
function(pmustub_firmware)
  cmake_parse_arguments(PARSE_ARGV 0 fw "STUB;VLE" "OUT;BOARD;BUILD;LDS;OPT" "SOURCES;FLAGS;DEPENDS")
  if(NOT fw_OUT OR NOT fw_BOARD OR NOT fw_SOURCES)
    message(FATAL_ERROR "pmustub_firmware: OUT, BOARD and SOURCES are required")
  endif()
  include(${CMAKE_SOURCE_DIR}/stub/board/${fw_BOARD}/board.cmake)
  string(MAKE_C_IDENTIFIER "PMUSTUB_TOOL_${PMUSTUB_BOARD_CROSS}-gcc" cc) # tools.cmake
  if("${fw_OPT}" STREQUAL "")  # OPT 0 is a level, not "unset"
    set(fw_OPT 2)
  endif()
  set(link_libs ${PMUSTUB_BOARD_LINK_LIBS})
  list(TRANSFORM link_libs PREPEND -l)
  set(deps ${fw_SOURCES} ${fw_DEPENDS})
  if(NOT fw_BUILD)
    set(fw_BUILD ${fw_BOARD})
  endif()
  string(REPLACE "-" "_" build ${fw_BUILD})
  if(fw_STUB)
    string(TOUPPER ${build} b)
    set(dir ${PMUSTUB_${b}_DIR})
    set(lds ${PMUSTUB_BOARD_LDS})
    if(fw_VLE)
      set(lds ${PMUSTUB_BOARD_VLE_LDS})
      list(APPEND fw_FLAGS -Wa,-mvle)
    endif()
    set(ld -T ${dir}/${lds})
    set(stub -I${CMAKE_SOURCE_DIR}/stub/include)
    # The library and script as files, so that a new stub is linked in
    # (the target alone orders the build, it does not relink).
    set(lib ${dir}/libpmustub.a)
    list(APPEND deps target_${build} ${lib} ${dir}/${lds})
  elseif(fw_LDS)
    set(ld -T ${fw_LDS})
    list(APPEND deps ${fw_LDS})
  endif()
  get_filename_component(out_dir ${fw_OUT} DIRECTORY)
  get_filename_component(name ${fw_OUT} NAME)
  add_custom_command(
    OUTPUT ${fw_OUT}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${${cc}} ${PMUSTUB_BOARD_FLAGS} -O${fw_OPT} -g -Wall -Wextra -Werror
            -nostdlib -static ${stub} ${fw_FLAGS} ${ld} -o ${fw_OUT}
            ${fw_SOURCES} ${lib} ${link_libs}
    DEPENDS ${deps}
    COMMENT "Building ${fw_BOARD} firmware ${name}"
    VERBATIM)
endfunction()
