# cmake -DSRC=DIR -DOUT=FILE -P git_version.cmake: writes FILE, a header
# with PMUCTL_VERSION, the source tree's `git describe --always --dirty`
# ("unknown" outside a git checkout), only when that changed, so that a
# build recompiles the one file that prints it only after a commit.
execute_process(COMMAND git -C ${SRC} describe --always --dirty
                OUTPUT_VARIABLE v OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 0 OR v STREQUAL "")
  set(v unknown)
endif()
set(text "#define PMUCTL_VERSION \"${v}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
