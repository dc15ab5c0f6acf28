# registry.cmake - reads the registry of cores (target-xml/cores.toml) at
# configure time through gen_pmu.py and defines, from it:
#   PMUSTUB_REGISTRY_CORES      every core key
#   PMUSTUB_BOARDS              every board
#   PMUSTUB_BOARD_<board>_CORES the cores a board's stub can meet
#   PMUSTUB_CORE_<key>_FAMILY   a core's family
#   PMUSTUB_CORE_<key>_COUNTERS its number of counters
#   PMUSTUB_CORE_<key>_QEMU_CPU the QEMU -cpu that runs its firmware as the
#                               oracle for instruction counts
#   PMUSTUB_CORE_<key>_VBOARD_ID the id register (PRId, PVR) vboard shows
#   PMUSTUB_CORE_<key>_COMPRESSED_ISA the compressed instruction set the
#                               core runs besides its base one (mips16e),
#                               or empty
#   PMUSTUB_REGISTRY_INPUTS     the registry and every file it names
#   PMUSTUB_GEN_PMU             the generator, for build-time outputs
#   PMUSTUB_GEN_PMU_SOURCES     its modules: the loader (pmu_registry.py),
#                               one emitter per consumer (emit_*.py) and the
#                               stub's compact form (tdesc_compact.py, with
#                               the words it reads from pmustub/tdesc.h)
# Included by the top-level project and by the stub's cross build.
get_filename_component(_reg_dir ${CMAKE_CURRENT_LIST_DIR} ABSOLUTE)
set(PMUSTUB_REGISTRY ${_reg_dir}/cores.toml)
set(PMUSTUB_GEN_PMU ${_reg_dir}/gen_pmu.py)
set(PMUSTUB_GEN_PMU_SOURCES ${PMUSTUB_GEN_PMU} ${_reg_dir}/pmu_registry.py
    ${_reg_dir}/emit_cmake.py ${_reg_dir}/emit_host.py ${_reg_dir}/emit_stub.py
    ${_reg_dir}/feature_xml.py ${_reg_dir}/gen_target_xml.py
    ${_reg_dir}/tdesc_compact.py ${_reg_dir}/../stub/include/pmustub/tdesc.h)
set(_reg_out ${CMAKE_BINARY_DIR}/gen/cores.cmake)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/gen)
execute_process(
  COMMAND ${Python3_EXECUTABLE} ${PMUSTUB_GEN_PMU} cmake ${PMUSTUB_REGISTRY} ${_reg_out}
  RESULT_VARIABLE _reg_rc ERROR_VARIABLE _reg_err)
if(NOT _reg_rc EQUAL 0)
  message(FATAL_ERROR "target-xml/cores.toml: ${_reg_err}")
endif()
include(${_reg_out})
# A change to the registry or any file it names re-runs configure.
set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PMUSTUB_REGISTRY_INPUTS} ${PMUSTUB_GEN_PMU_SOURCES})
