/*
 * wire.h - the names on the line that the stub, pmuctl and vboard share:
 * the remote-protocol packets of pmustub's own (GDB manual, "General Query
 * Packets": qCompany.Operation), and the IDs vboard shows a debugger. One
 * header for every side, so that no layer spells another's string.
 */
#ifndef PMUSTUB_WIRE_H
#define PMUSTUB_WIRE_H

/* The PMU's identity and freeze state: "id=HHHHHHHH;frozen=0|1"
 * (stub/core/monitor_pmu.c). */
#define PMUSTUB_Q_PMU "qPmustub.Pmu"
/* A simulator's own answer, "name=vboard;cpu=CORE": vboard's UART answers
 * it before the stub sees it (vboard/common/sim_query.h). */
#define PMUSTUB_Q_SIMULATOR "qPmustub.Simulator"
/* The native bracket (stub/core/trace/trace_native.h): the qSupported feature
 * that offers it and the packet that binds it. */
#define PMUSTUB_FEATURE_BRACKET "qPmustub.Bracket+"
/* What identifies the target description the stub serves: "CRC,LEN" (hex),
 * the CRC-32 of qCRC (GDB's crc32, from 0xffffffff) of target.xml's text and
 * its length; a host that has read that text before may keep it
 * (host/session/tdesc_cache.c). */
#define PMUSTUB_Q_TDESC "qPmustub.Tdesc"
#define PMUSTUB_Q_BRACKET "QPmustub.Bracket:"
/* Sampling by the counters' overflow (stub/core/sample/sample.c): the
 * qSupported feature, the buffer's whereabouts and fill, the binding of
 * counters and their periods, and the buffer emptied after a drain. */
#define PMUSTUB_FEATURE_SAMPLE "qPmustub.Sample2+"
/* What stubs offered whose samples were two words (pc, ra) with no
 * counter's number: pmuctl names it when it refuses them. */
#define PMUSTUB_FEATURE_SAMPLE_OLD "qPmustub.Sample+"
/* "qPmustub.SampleStack=HEX": the stub copies up to HEX bytes of the
 * program's stack into each sample when the binding asks (QPmustub.Sample's
 * @BYTES; pmuctl record --call-graph dwarf). The samples of a binding
 * without it are as PMUSTUB_FEATURE_SAMPLE's. */
#define PMUSTUB_FEATURE_SAMPLE_STACK "qPmustub.SampleStack"
#define PMUSTUB_Q_SAMPLE "qPmustub.Sample"
#define PMUSTUB_Q_SAMPLE_SET "QPmustub.Sample:"
#define PMUSTUB_Q_SAMPLE_RESET "QPmustub.SampleReset"
/* pmuctl stat -I counted on the target (stub/core/stat/interval.c): the
 * qSupported feature, the binding of the interval clock, and the
 * notification (GDB manual, "Notification Packets") that carries each
 * interval's counts while the program runs. */
#define PMUSTUB_FEATURE_INTERVAL "qPmustub.Interval+"
#define PMUSTUB_Q_INTERVAL_SET "QPmustub.Interval:"
#define PMUSTUB_NOTIFY_INTERVAL "Pmustub.Interval"

/* A key of the stop reply (GDB manual, "Stop Reply Packets": GDB and LLDB
 * skip a name they do not know; it starts with a letter that is no hex
 * digit, so that GDB does not take it for a register number), given with
 * an empty value while the stop is the one a client's first packet made:
 * the program was running when the packet came (stub/core/stub.c). pmuctl
 * then detaches at its end, so that the program runs on. */
#define PMUSTUB_STOP_ENTERED "pmustub.entered"

/* vboard's EJTAG TAP IDCODE: version 0, part 0x3400 (vboard's own number,
 * not a real part), manufacturer 0x127 = JEP106 bank 3 (two continuation
 * codes) id 0x27, "MIPS Technologies" (openocd v0.12.0
 * src/helper/jep106.inc [2][0x27 - 1]), bit 0 = 1 as IEEE 1149.1
 * requires. Not Microchip's 0x029, which would send OpenOCD down its PIC32
 * path (mips_m4k.c). pmuctl knows vboard behind OpenOCD by it. */
#define VBOARD_EJTAG_IDCODE ((0x0u << 28) | (0x3400u << 12) | (0x127u << 1) | 1u)

#endif
