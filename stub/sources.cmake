# Source lists of the stub, shared by the target build (stub/CMakeLists.txt)
# and the host unit tests (tests/stub/), which compile the core on the host.
set(_S ${CMAKE_CURRENT_LIST_DIR})
set(PMUSTUB_INCLUDE_DIR ${_S}/include)
# The core's own headers, by their folder: "stub_internal.h",
# "trace/agent.h".
set(PMUSTUB_CORE_INCLUDE_DIR ${_S}/core)
set(PMUSTUB_CORE_SOURCES
  ${_S}/core/stub.c ${_S}/core/port_ref.c ${_S}/core/rsp_io.c ${_S}/core/hex.c
  ${_S}/core/registers.c ${_S}/core/memory.c ${_S}/core/breakpoints.c
  ${_S}/core/query.c ${_S}/core/monitor.c ${_S}/core/monitor_out.c
  ${_S}/core/monitor_putx.c
  ${_S}/core/monitor_pmu.c
  ${_S}/core/tdesc.c)
# Tracepoints and trace state variables (the build option
# PMUSTUB_TRACEPOINTS; docs/tracepoints.md). Compiled with
# -DPMUSTUB_TRACEPOINTS=1, which also turns on the core's hooks.
set(PMUSTUB_TRACE_SOURCES
  ${_S}/core/trace/trace.c ${_S}/core/trace/trace_area.c ${_S}/core/trace/trace_vars.c
  ${_S}/core/trace/trace_hex.c ${_S}/core/trace/trace_frames.c
  ${_S}/core/trace/trace_hit.c ${_S}/core/trace/trace_native.c
  ${_S}/core/trace/agent_error.c ${_S}/core/trace/target_order.c)
# Agent expressions with them (the build option PMUSTUB_TRACE_AGENT, on by
# default; off, the stub is compiled with -DPMUSTUB_TRACE_AGENT=0): the
# bytecode of tracepoint conditions and actions, and breakpoint conditions.
set(PMUSTUB_TRACE_AGENT_SOURCES
  ${_S}/core/trace/agent.c ${_S}/core/trace/agent_cond.c)
# Sampling by the counters' overflow interrupt (the build option
# PMUSTUB_SAMPLING; docs/record.md): the buffer and its packets, and,
# with tracepoints, sampling between two of them.
set(PMUSTUB_SAMPLE_SOURCES ${_S}/core/sample/sample.c)
set(PMUSTUB_SAMPLE_TRACE_SOURCES ${_S}/core/trace/sample_points.c)
set(PMUSTUB_ARCH_mips32_SAMPLE_SOURCES ${_S}/arch/mips32/sample.c)
set(PMUSTUB_ARCH_ppc32_SAMPLE_SOURCES ${_S}/arch/ppc32/sample.c)
# pmuctl stat's intervals on the target (the build option
# PMUSTUB_STAT_INTERVALS; docs/stub.md "Intervals on the target").
set(PMUSTUB_INTERVAL_SOURCES ${_S}/core/stat/interval.c)
get_filename_component(_T ${_S}/../target-xml ABSOLUTE)

# Per architecture (a board's board.cmake names one): its sources, the
# target-description features with their <architecture>, and the C symbol
# of the generated description.
set(PMUSTUB_ARCH_mips32_SOURCES
  ${_S}/arch/mips32/vectors.S ${_S}/arch/mips32/cp0_access.c ${_S}/arch/mips32/port.c
  ${_S}/arch/mips32/registers.c ${_S}/arch/mips32/memory.c
  ${_S}/arch/mips32/step.c ${_S}/arch/mips32/displaced.c
  ${_S}/arch/mips32/delay_slot.c ${_S}/arch/mips32/fpu.c
  ${_S}/arch/mips32/pmu_mon.c ${_S}/arch/mips32/interrupt.c
  ${_S}/arch/common/pmu_core.c ${_S}/arch/common/pmu_event_name.c
  ${_S}/arch/common/pmu_select.c
  ${_S}/arch/common/rx_ctrlc.c
  ${_S}/arch/mips32/pmu.c ${_S}/arch/mips32/cp0_25.S)
# The quick path serves the native bracket, a tracepoint feature.
set(PMUSTUB_ARCH_mips32_TRACE_SOURCES ${_S}/arch/mips32/quick.c
  ${_S}/arch/common/quick_run.c)
set(PMUSTUB_ARCH_ppc32_TRACE_SOURCES ${_S}/arch/ppc32/quick.c
  ${_S}/arch/common/quick_run.c)
# The core's compile definitions an architecture asks for: MIPS traps
# (BREAK) are all one word, so the core leaves out the hook for traps of
# more than one size and its overlap check (target.h break_at).
set(PMUSTUB_ARCH_mips32_DEFINITIONS PMUSTUB_VARIABLE_TRAPS=0)
set(PMUSTUB_MIPS_FEATURES
  ${_T}/mips/mips-cpu.xml ${_T}/mips/mips-cp0.xml ${_T}/mips/mips-fpu.xml)
set(PMUSTUB_ARCH_mips32_FEATURES ${PMUSTUB_MIPS_FEATURES})
set(PMUSTUB_ARCH_mips32_XML_ARCH mips:isa32r2)
set(PMUSTUB_ARCH_mips32_XML_SYMBOL pmustub_mips_target_xml)

# The plain-C part of the Power port, which the host unit tests compile.
set(PMUSTUB_PPC32_PLAIN_SOURCES
  ${_S}/arch/ppc32/cores.c ${_S}/arch/ppc32/registers.c
  ${_S}/arch/ppc32/exceptions.c ${_S}/arch/ppc32/pmu_regs.c
  ${_S}/arch/ppc32/vle.c)
set(PMUSTUB_ARCH_ppc32_SOURCES ${PMUSTUB_PPC32_PLAIN_SOURCES}
  ${_S}/arch/ppc32/vectors.S ${_S}/arch/ppc32/port.c
  ${_S}/arch/ppc32/memory.c ${_S}/arch/ppc32/step.c ${_S}/arch/ppc32/displaced.c
  ${_S}/arch/ppc32/vle_page.c
  ${_S}/arch/ppc32/interrupt.c ${_S}/arch/ppc32/pmu.c ${_S}/arch/ppc32/pmr_access.c
  ${_S}/arch/ppc32/pmu_mon.c ${_S}/arch/common/pmu_core.c
  ${_S}/arch/common/pmu_event_name.c ${_S}/arch/common/pmu_select.c
  ${_S}/arch/common/rx_ctrlc.c)
set(PMUSTUB_ARCH_ppc32_FEATURES ${_T}/power/power-core.xml)
# Measured with gdb-multiarch 13.1 (docs/power.md): GDB takes the
# description as it is, big-endian once the ELF is loaded, and
# powerpc:common disassembles what both cores run (rfdi, mfpmr, isel),
# where powerpc:e500 does not know rfdi.
set(PMUSTUB_ARCH_ppc32_XML_ARCH powerpc:common)
set(PMUSTUB_ARCH_ppc32_XML_SYMBOL pmustub_power_target_xml)
