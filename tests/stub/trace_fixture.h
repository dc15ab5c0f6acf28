/*
 * trace_fixture.h - what the tracepoint tests (test_trace.c,
 * test_trace_area.c) share: each test starts and ends with QTinit and no
 * breakpoint, the program's memory at TRACE_A as it was; the pc set as
 * the port would have it at a stop.
 */
#ifndef PMUSTUB_TEST_TRACE_FIXTURE_H
#define PMUSTUB_TEST_TRACE_FIXTURE_H

#include <stdint.h>

/* Where the tests put their tracepoints. */
#define TRACE_A (FAKE_RAM_BASE + 0x200)

int trace_setup(void **state);
int trace_teardown(void **state);
void trace_set_pc(uint32_t pc);

#endif
