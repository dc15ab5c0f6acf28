/*
 * trace_fixture.c - the tracepoint tests' start, end and pc
 * (trace_fixture.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h"
#include "trace_fixture.h"

int trace_setup(void **state)
{
    (void)state;
    fake_reset();
    assert_string_equal(exchange("QTinit"), "OK");
    return 0;
}

int trace_teardown(void **state)
{
    (void)state;
    assert_string_equal(exchange("QTinit"), "OK");
    bp_remove_all();
    assert_mem_pristine(TRACE_A, 4);
    return 0;
}

void trace_set_pc(uint32_t pc)
{
    uint8_t *b = fake.regs[FAKE_REG_PC];
    b[0] = (uint8_t)(pc >> 24), b[1] = (uint8_t)(pc >> 16);
    b[2] = (uint8_t)(pc >> 8), b[3] = (uint8_t)pc;
}
