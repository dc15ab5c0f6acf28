# Source lists of the stub, shared by the target build (stub/CMakeLists.txt)
# and the host unit tests (tests/unit/), which compile the core on the host.
set(_S ${CMAKE_CURRENT_LIST_DIR})
set(PMUSTUB_INCLUDE_DIR ${_S}/include)
set(PMUSTUB_CORE_SOURCES
  ${_S}/core/stub.c ${_S}/core/rsp_io.c ${_S}/core/hex.c
  ${_S}/core/registers.c ${_S}/core/memory.c ${_S}/core/breakpoints.c
  ${_S}/core/query.c ${_S}/core/monitor.c)
set(PMUSTUB_MIPS32_SOURCES
  ${_S}/arch/mips32/vectors.S ${_S}/arch/mips32/port.c
  ${_S}/arch/mips32/registers.c ${_S}/arch/mips32/memory.c
  ${_S}/arch/mips32/step.c ${_S}/arch/mips32/fpu.c
  ${_S}/arch/mips32/pmu_mon.c ${_S}/arch/mips32/interrupt.c
  ${_S}/arch/mips32/pmu.c)
set(PMUSTUB_MALTA_SOURCES
  ${_S}/board/malta/start.S ${_S}/board/malta/uart16550.c
  ${_S}/board/malta/board.c)
get_filename_component(_T ${_S}/../target-xml ABSOLUTE)
set(PMUSTUB_MIPS_FEATURES
  ${_T}/mips/mips-cpu.xml ${_T}/mips/mips-cp0.xml ${_T}/mips/mips-fpu.xml)
