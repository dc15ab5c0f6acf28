/*
 * trace_area.c - the trace buffer, the one RAM area of the tracepoint
 * support (trace_internal.h): definitions taken from its start as GDB
 * sends them, records one after the other, a native bracket's binding
 * from its end (trace_state.high), and the frames in between, from the
 * definitions' end on. Nothing is freed but by QTinit, all at once, so
 * no record moves and a pointer to one holds until then (one replaced
 * or refused is left as free); the frames of an earlier run move up for
 * a definition sent after it.
 *
 * This file owns the buffer and the rest of the tracepoint support's state
 * (trace_state.h, which names the file that writes each part).
 *
 * A section of its own for the buffer, so that a linker map shows it
 * (tests/bench/footprint_map.py).
 */
#include "trace/trace_internal.h"

uint8_t trace_area[TRACE_AREA_BYTES]
    __attribute__((aligned(8), section(".bss.trace_buffer")));
uint8_t *trace_frames = trace_area;
struct trace_state trace_state;

/* The definitions end at end now, the frames after them; NULL if there
 * is no room. */
static uint8_t *grow(uint8_t *from, uint8_t *end)
{
    unsigned i = trace_state.used;

    if (end + trace_state.used + trace_state.high > trace_area + TRACE_AREA_BYTES)
        return 0;
    while (i-- > 0)
        end[i] = trace_frames[i];
    trace_frames = end;
    return from;
}

struct trace_rec *trace_define(unsigned kind, unsigned n)
{
    uint8_t *at = (uint8_t *)(((uintptr_t)trace_frames + 3) & ~(uintptr_t)3);
    struct trace_rec *r = (struct trace_rec *)grow(at, at + n);

    if (r) {
        r->kind = (uint8_t)kind;
        r->size = (trace_off)n;
    }
    return r;
}

uint8_t *trace_extend(struct trace_rec *rec, unsigned n)
{
    uint8_t *p = grow(trace_frames, trace_frames + n);

    if (p)
        rec->size = (trace_off)(rec->size + n);
    return p;
}

struct trace_rec *trace_next(const void *rec, unsigned kind)
{
    const struct trace_rec *r = rec;
    const uint8_t *p;

    for (;;) {
        p = r ? (const uint8_t *)r + ((r->size + 3u) & ~3u) : trace_area;
        if (p >= trace_frames)
            return 0;
        r = (const struct trace_rec *)p;
        if (r->kind == kind)
            return (struct trace_rec *)r;
    }
}

struct trace_rec *trace_find(unsigned kind, unsigned n)
{
    struct trace_rec *r = 0;

    while ((r = trace_next(r, kind)) != 0 && ((struct trace_numbered *)r)->number != n)
        ;
    return r;
}
