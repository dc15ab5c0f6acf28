# options.cmake - the stub's build options (PMUSTUB_*), each declared once
# here with its help and its check. Both projects include it: the top level
# (CMakeLists.txt), which hands every one of them to each stub build it
# makes (PMUSTUB_STUB_OPTIONS, pmustub_add_stub), and the stub's own
# (stub/CMakeLists.txt, which uses them), also configured by itself
# (tests/bench/footprint.sh, tests/options/). A value is checked where it
# is given, so a wrong one stops the configure that was given it.
# docs/linking.md ("Build options") and docs/stub.md ("Footprint") say
# what each trades; tests/layout/options_documented.py checks that every
# -DPMUSTUB_* they name is declared here, tests/options/ that each reaches
# the stub from the top level and that the combinations they name build.
# Needs the registry (target-xml/registry.cmake) for PMUSTUB_CORES.

set(PMUSTUB_STUB_OPTIONS "")

# pmustub_option(NAME ON|OFF "help"): an on/off option.
# pmustub_option(NAME DEFAULT "help" [MIN n] [MAX n] [MULTIPLE n] [OPTIONAL]):
# a whole number; OPTIONAL: empty is allowed too (the code's own default).
# A value that is none of these is an error, and every such value is
# named before the configure stops (SEND_ERROR).
function(pmustub_option name default help)
  cmake_parse_arguments(PARSE_ARGV 3 opt "OPTIONAL" "MIN;MAX;MULTIPLE" "")
  if(default STREQUAL "ON" OR default STREQUAL "OFF")
    option(${name} "${help}" ${default})
    string(TOUPPER "${${name}}" v)
    # CMake's if() takes any other word for a variable's name, i.e. OFF.
    if(NOT v MATCHES "^(ON|OFF|YES|NO|TRUE|FALSE|Y|N|1|0)$")
      message(SEND_ERROR "${name}=${${name}}: ON or OFF is wanted (${help})")
    endif()
  else()
    set(${name} "${default}" CACHE STRING "${help}")
    set(v "${${name}}")
    if(v STREQUAL "" AND opt_OPTIONAL)
      # the code's default
    elseif(NOT v MATCHES "^[0-9]+$")
      message(SEND_ERROR "${name}=${v}: a whole number is wanted (${help})")
    elseif((DEFINED opt_MIN AND v LESS opt_MIN) OR (DEFINED opt_MAX AND v GREATER opt_MAX))
      message(SEND_ERROR "${name}=${v}: out of range (${help})")
    elseif(DEFINED opt_MULTIPLE)
      math(EXPR rest "${v} % ${opt_MULTIPLE}")
      if(rest)
        message(SEND_ERROR "${name}=${v}: not a multiple of ${opt_MULTIPLE} (${help})")
      endif()
    endif()
  endif()
  set(PMUSTUB_STUB_OPTIONS ${PMUSTUB_STUB_OPTIONS} ${name} PARENT_SCOPE)
endfunction()

# Tracepoints and agent expressions (docs/tracepoints.md, "The build
# option"): on, as the demo firmware and the end-to-end tests use them.
pmustub_option(PMUSTUB_TRACEPOINTS ON
  "the stub serves tracepoints, trace state variables and agent expressions")
# The trace buffer: the definitions and the frames (docs/tracepoints.md,
# "Sizes"; stub/core/trace/trace_internal.h asserts the same).
pmustub_option(PMUSTUB_TRACE_BUFFER_BYTES 6912
  "the stub's trace buffer in bytes (a multiple of 4, at least 256)" MIN 256 MULTIPLE 4)
# With tracepoints, GDB's agent expressions (off: tracepoints collect
# registers and memory and serve the native bracket; about half the code).
pmustub_option(PMUSTUB_TRACE_AGENT ON
  "with tracepoints, the stub takes agent expressions")
# With tracepoints, the port's quick path for the native bracket (off: the
# same counts, more of the stub's time per bracket; a smaller stub).
pmustub_option(PMUSTUB_TRACE_QUICK ON
  "with tracepoints, the stub serves the native bracket from its vector")
# Sampling by the counters' overflow interrupt (docs/record.md) and its
# buffer, 12 bytes a sample (the pc, the return address, the counter).
pmustub_option(PMUSTUB_SAMPLING ON
  "the stub samples by the counters' overflow interrupt")
pmustub_option(PMUSTUB_SAMPLE_ENTRIES 128
  "samples the stub's buffer holds (at least 1)" MIN 1)
# pmuctl stat -I counted on the target (docs/stub.md, "Intervals on the
# target"): the interval clock's overflow copies the counts into a ring,
# sent by the UART's transmit interrupt while the program runs; off,
# pmuctl reads each interval by halting the program.
pmustub_option(PMUSTUB_STAT_INTERVALS ON
  "the stub times pmuctl stat's intervals on the target and sends them while the program runs")
# What the stub trades for size (docs/stub.md, "Footprint", says what a
# smaller figure gives up). PacketSize is three hex digits in qSupported
# (stub/core/stub_internal.h asserts the same).
pmustub_option(PMUSTUB_PACKET_SIZE 1024
  "the stub's PacketSize: 256 to 4095 bytes" MIN 256 MAX 4095)
pmustub_option(PMUSTUB_BREAKPOINTS 32
  "breakpoints the stub holds at once (at least 1)" MIN 1)
# The stack keeps the ABIs' alignment of the stack pointer (16 bytes on
# Power's, 8 on MIPS's); below the least depth measured (448 bytes,
# docs/stub.md, "Footprint") no build would run.
pmustub_option(PMUSTUB_STACK_BYTES 1024
  "the stub's stack in bytes (a multiple of 16, at least 448)" MIN 448 MULTIPLE 16)
# MIPS: an interrupt in a branch's delay slot (Ctrl-C, pmuctl stat's
# reads, the counters' overflow) resumes without running the branch again
# (stub/arch/mips32/delay_slot.c); off, each such interrupt adds the
# branch to the counts once more. Power has no delay slots.
pmustub_option(PMUSTUB_DELAY_SLOTS ON
  "MIPS: an interrupt in a delay slot resumes without running the branch again")
pmustub_option(PMUSTUB_PMU_SUMMARY ON
  "the stub's monitor pmu prints its summary of the core and its counters")
# The compressed instruction set where every core of the build has it
# (MIPS16e: stub/CMakeLists.txt).
pmustub_option(PMUSTUB_COMPRESSED ON
  "the stub's C code is in the cores' compressed ISA where all of them have it")
# The MPC5674F's eSCI clock, for the debug line's baud rate
# (docs/linking.md, "MPC5674F"; stub/board/mpc5674f/board.c says 30 MHz when it is empty).
pmustub_option(PMUSTUB_MPC5674F_ESCI_HZ ""
  "the MPC5674F's eSCI clock in Hz (empty: 30 MHz)" MIN 1 OPTIONAL)

# PMUSTUB_CORES: the stub's tables for only these cores (registry keys,
# target-xml/cores.toml; a list, ; or , between them): a stub for the chip
# a board has. Empty: every core.
set(PMUSTUB_CORES "" CACHE STRING
    "the cores to build the stub's tables for (registry keys; empty: all)")
string(REPLACE "," ";" _cores "${PMUSTUB_CORES}")
foreach(core ${_cores})
  if(NOT core IN_LIST PMUSTUB_REGISTRY_CORES)
    string(REPLACE ";" ", " _known "${PMUSTUB_REGISTRY_CORES}")
    message(SEND_ERROR "PMUSTUB_CORES=${PMUSTUB_CORES}: no core '${core}' in target-xml/cores.toml; "
                        "its cores are: ${_known}")
  endif()
endforeach()
list(APPEND PMUSTUB_STUB_OPTIONS PMUSTUB_CORES)

# pmustub_board_cores(BOARD CORES OUT): the cores of the list CORES that
# BOARD can meet (cores.toml [boards]); a board that meets none of them
# keeps every core it can meet (the demo and the tests need a stub per
# board).
function(pmustub_board_cores board cores out)
  string(REPLACE "," ";" cores "${cores}")
  set(built "")
  foreach(core ${cores})
    if(core IN_LIST PMUSTUB_BOARD_${board}_CORES)
      list(APPEND built ${core})
    endif()
  endforeach()
  if(NOT built)
    set(built ${PMUSTUB_BOARD_${board}_CORES})
  endif()
  set(${out} ${built} PARENT_SCOPE)
endfunction()
