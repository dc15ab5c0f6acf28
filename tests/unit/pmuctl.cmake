# pmuctl's unit tests (cmocka, ASan + UBSan), included from host/CMakeLists.txt.
find_package(PkgConfig REQUIRED)
pkg_check_modules(PMUCTL_CMOCKA REQUIRED IMPORTED_TARGET cmocka)
foreach(t pmuctl_test_tdesc pmuctl_test_events pmuctl_test_stats
          pmuctl_test_report pmuctl_test_cli pmuctl_test_rsp
          pmuctl_test_openocd pmuctl_test_crc pmuctl_test_elfcheck
          pmuctl_test_simulator pmuctl_test_pmu_stub
          pmuctl_test_power pmuctl_test_proxy)
  add_executable(${t} ${CMAKE_SOURCE_DIR}/tests/unit/${t}.c)
  target_link_libraries(${t} PRIVATE pmuctl_core_san PkgConfig::PMUCTL_CMOCKA)
  set_target_properties(${t} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                        ${CMAKE_CURRENT_BINARY_DIR})
  add_test(NAME pmuctl.${t} COMMAND ${t})
endforeach()
