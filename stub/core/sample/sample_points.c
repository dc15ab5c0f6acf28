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
    for (unsigned i = 0; i < trace_npoints; i++)
        trace_points[i].native &= (uint8_t)~(SAMPLE_FROM | SAMPLE_TO);
}

unsigned sample_bind_points(uint32_t from, uint32_t to)
{
    struct tracepoint *tf = 0, *tt = 0;

    if (trace_st.running || from == to)
        return 0x02;
    for (unsigned i = 0; i < trace_npoints; i++) {
        if (trace_points[i].number == from)
            tf = &trace_points[i];
        if (trace_points[i].number == to)
            tt = &trace_points[i];
    }
    if (!tf || !tt)
        return 0x01;
    tf->native |= SAMPLE_FROM;
    tt->native |= SAMPLE_TO;
    return 0;
}
