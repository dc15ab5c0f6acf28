/*
 * sample_points.c - sampling between two locations: the tracepoints
 * numbered FROM and TO get the roles SAMPLE_FROM and SAMPLE_TO, and their
 * hits (trace/trace_hit.c) arm and disarm the counter on the target, with
 * no exchange with the host. The hits run in the stub, counters frozen,
 * as any tracepoint's; they collect nothing.
 */
#include "sample/sample.h"
#include "trace/trace_internal.h"

void sample_unbind_points(void)
{
    struct tracepoint *t = 0;

    while ((t = trace_next_point(t)) != 0)
        t->native &= (uint8_t)~(SAMPLE_FROM | SAMPLE_TO);
}

unsigned sample_bind_points(uint32_t from, uint32_t to)
{
    struct tracepoint *tf, *tt;

    if (trace_running() || from == to)
        return 0x02;
    tf = trace_point_find(from);
    tt = trace_point_find(to);
    if (!tf || !tt)
        return 0x01;
    tf->native |= SAMPLE_FROM;
    tt->native |= SAMPLE_TO;
    return 0;
}
