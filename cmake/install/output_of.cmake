# cmake -DPROGRAM=P -DARG=A -DOUT=F -P output_of.cmake: F is what `P A`
# writes on its standard output (a build step that fails when P does).
execute_process(COMMAND ${PROGRAM} ${ARG} OUTPUT_FILE ${OUT}.tmp
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${ARG} exited ${rc}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
