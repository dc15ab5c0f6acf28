/*
 * trace_state.h - the state of the tracepoint support, private to trace/:
 * the trace buffer, where its frames start, and one struct of the rest
 * (the run's status, the bytes a native bracket binds at the buffer's
 * end, the frames' bytes and count, the definitions' upload cursor, and
 * trace_frames.c's own collection, selected frame and cap).
 * trace_area.c owns them (defines them); each field below names the file
 * that writes it, the others read it (those that say so are the writer's
 * alone). Nothing outside trace/ reaches them but through trace/'s
 * functions: tests/layout/object_cycles.py checks
 * that on the objects (MODULE_STATE), so no file of trace/ owns a part
 * that another needs and the files do not call each other in a circle
 * for it. Variables and not functions of trace_area.c, because a call for
 * each read costs code the small stub builds have no room for (measured:
 * 133 bytes on the one-core 34K with lean tracepoints, docs/stub.md).
 */
#ifndef PMUSTUB_TRACE_STATE_H
#define PMUSTUB_TRACE_STATE_H

#include <stdint.h>

/* The trace buffer (trace_area.c): the one RAM of the tracepoint support.
 * What GDB defines (tracepoints with their conditions and actions, trace
 * state variables, the texts of QTNotes, QTro's ranges) is taken from its
 * start as it is defined, as records one after the other; a native
 * bracket's binding from its end; the frames of a run get what is left
 * between them from QTStart. QTinit frees all of it. The default is the
 * 4,096 bytes of frames it had plus the 2,754 bytes that the fixed tables
 * of definitions took before (8 tracepoints, 512 bytes of conditions and
 * actions, 32 variables with names of 24, the bracket's 8 counters, the
 * QTNotes texts, 4 QTro ranges), rounded up to 256: the frames of the
 * same definitions have at least the room they had. */
#ifndef PMUSTUB_TRACE_BUFFER_BYTES
#define PMUSTUB_TRACE_BUFFER_BYTES 6912
#endif
_Static_assert(PMUSTUB_TRACE_BUFFER_BYTES % 4 == 0 &&
                   PMUSTUB_TRACE_BUFFER_BYTES >= 256,
               "the trace buffer: a multiple of 4 bytes, at least 256");
#define TRACE_AREA_BYTES ((unsigned)PMUSTUB_TRACE_BUFFER_BYTES)

/* An offset in the buffer. */
#if PMUSTUB_TRACE_BUFFER_BYTES <= 0xffff
typedef uint16_t trace_off;
#else
typedef uint32_t trace_off;
#endif

/* Aligned for the records' words (the compiler loads a word a byte at a
 * time where it cannot tell that it is aligned). */
extern uint8_t trace_area[TRACE_AREA_BYTES] __attribute__((aligned(8)));
/* The definitions' end, where the frames start: trace_area.c's (as a
 * definition takes bytes) and QTinit's (trace.c). A variable of its own,
 * in .data: its first value is trace_area, which the struct (in .bss)
 * could only have by taking all its bytes into ROM. */
extern uint8_t *trace_frames;

/* qTStatus's stop reasons, as GDB names them (gdb/tracepoint.c
 * stop_reason_names). */
enum trace_reason {
    TR_NOT_RUN, TR_STOP, TR_FULL, TR_DISCONNECTED, TR_PASSCOUNT, TR_ERROR,
    TR_UNKNOWN /* the program ended (no reason of GDB's says so) */
};

struct trace_status {
    uint8_t running, reason;
    uint8_t error;         /* enum agent_error of TR_ERROR */
    uint8_t ended;         /* TR_UNKNOWN: the program's exit status */
    uint32_t stopping_tp;  /* TR_PASSCOUNT, TR_ERROR */
};

/* One struct: one address for the code to load, whichever fields it
 * reaches. */
extern struct trace_state {
    /* The run (trace.c: QTStart, QTStop, the stops). */
    struct trace_status run;
    /* The definitions' upload cursor (qTfP/qTsP in trace.c, qTfV/qTsV in
     * trace_vars.c: GDB reads one list, then the other): the offset + 1
     * of the record (the tracepoint under way, the variable last sent; 0:
     * none yet, past trace_frames: the end), and within a tracepoint's
     * the offset + 1 of its next action in its bytes (0: its definition).
     * QTinit ends an upload under way. */
    struct trace_cursor {
        trace_off rec, at;
    } up;
    /* The bytes bound at the buffer's end (the native bracket's,
     * trace_native.c; QTinit's 0), 0 for none. */
    unsigned high;
    /* The frames' bytes and count (trace_frames.c). */
    unsigned used, nframes;
    /* trace_frames.c's own, which no other file reads: the frame being
     * collected (its tracepoint's number, whether its header is in, where
     * that header is), the frame GDB selected (cur > 0: its number + 1,
     * at cur_off in the frames), and QTBuffer:size's cap on the frames (0:
     * the whole buffer, so that the struct needs no first value and stays
     * in .bss). Here and not static in trace_frames.c so that its
     * functions reach these and the shared parts from one base address:
     * a second one in each function that uses both cost the tracepoint
     * objects 32 to 40 bytes on MIPS32 and 28 to 36 on Power (-Os, as
     * tests/bench/footprint.sh builds them). */
    struct trace_collecting {
        uint16_t tp;
        uint8_t open;
        unsigned start;
    } col;
    unsigned cur, cur_off, cap;
} trace_state;

/* Is a run under way (tstart until it stops)? What most of trace/ asks. */
static inline int trace_running(void)
{
    return trace_state.run.running;
}

#endif
