# pmuctl's unit tests (cmocka, ASan + UBSan), included from
# tests/unit/CMakeLists.txt with the stub's; they link pmuctl_core_san
# (host/CMakeLists.txt).
find_package(PkgConfig REQUIRED)
pkg_check_modules(PMUCTL_CMOCKA REQUIRED IMPORTED_TARGET cmocka)
foreach(t pmuctl_test_tdesc pmuctl_test_events pmuctl_test_stats
          pmuctl_test_report pmuctl_test_cli pmuctl_test_rsp
          pmuctl_test_openocd pmuctl_test_crc pmuctl_test_elfcheck
          pmuctl_test_simulator pmuctl_test_pmu_stub
          pmuctl_test_power pmuctl_test_proxy pmuctl_test_compare
          pmuctl_test_tdesc_cache)
  add_executable(${t} ${CMAKE_SOURCE_DIR}/tests/unit/${t}.c)
  target_link_libraries(${t} PRIVATE pmuctl_core_san PkgConfig::PMUCTL_CMOCKA)
  set_target_properties(${t} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                        ${CMAKE_CURRENT_BINARY_DIR})
  add_test(NAME pmuctl.${t} COMMAND ${t})
  # No description cache: the fake peers see the packets they always did.
  set_tests_properties(pmuctl.${t} PROPERTIES ENVIRONMENT PMUCTL_CACHE_DIR=)
endforeach()

# pmuctl's tracepoint expressions run by the stub's own interpreter
# (stub/core/trace/agent.c, compiled in; the fake registers are the test's).
add_executable(pmuctl_test_trace_exprs
  ${CMAKE_SOURCE_DIR}/tests/unit/pmuctl_test_trace_exprs.c
  ${CMAKE_SOURCE_DIR}/host/rsp/ax.c ${CMAKE_SOURCE_DIR}/host/rsp/trace_exprs.c
  ${CMAKE_SOURCE_DIR}/stub/core/trace/agent.c)
target_include_directories(pmuctl_test_trace_exprs PRIVATE
  ${CMAKE_SOURCE_DIR}/host ${CMAKE_SOURCE_DIR}/stub/core
  ${CMAKE_SOURCE_DIR}/stub/include)
target_compile_definitions(pmuctl_test_trace_exprs PRIVATE
  PMUSTUB_TARGET_BIG_ENDIAN=1)
target_compile_options(pmuctl_test_trace_exprs PRIVATE ${PMUSTUB_SAN_FLAGS})
target_link_options(pmuctl_test_trace_exprs PRIVATE ${PMUSTUB_SAN_FLAGS})
target_link_libraries(pmuctl_test_trace_exprs PRIVATE PkgConfig::PMUCTL_CMOCKA)
set_target_properties(pmuctl_test_trace_exprs PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                      ${CMAKE_CURRENT_BINARY_DIR})
add_test(NAME pmuctl.pmuctl_test_trace_exprs COMMAND pmuctl_test_trace_exprs)
