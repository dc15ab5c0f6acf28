/*
 * trace_internal.h - shared by the files of trace/: the records of the
 * trace buffer (tracepoints, trace state variables, texts) and the
 * functions of each file; the buffer and the run's state are
 * trace_state.h's (docs/tracepoints.md, "Sizes").
 */
#ifndef PMUSTUB_TRACE_INTERNAL_H
#define PMUSTUB_TRACE_INTERNAL_H

#include "breakpoints.h"
#include "trace/agent.h"
#include "trace.h"
#include "trace/trace_state.h"

/* A definition's record: its kind, a byte of its own, and its size in
 * bytes from the header (the next record starts at the next multiple of
 * 4). Records never move; one replaced is left as kind TREC_FREE until
 * QTinit. */
struct trace_rec {
    uint8_t kind, flag;
    trace_off size;
};
/* Tracepoints, variables and texts are found by the number after it. */
struct trace_numbered {
    struct trace_rec h;
    uint16_t number;
};
enum {
    TREC_FREE = 0,
    TREC_POINT = 'T', /* struct tracepoint */
    TREC_VAR = 'V',   /* struct trace_var */
    TREC_TEXT = 'N',  /* a QTNotes text: struct trace_numbered, number
                       * TEXT_USER or TEXT_NOTES, then its hex digits as
                       * sent, NUL-terminated */
    TREC_RO = 'R',    /* QTro's ranges: pairs of stub_addr_t [lo, hi) */
};
enum { TEXT_USER, TEXT_NOTES };

/* 64-bit values in records that are 4-aligned (two loads on a 32-bit
 * core either way). */
typedef int64_t trace_i64 __attribute__((aligned(4)));
typedef uint64_t trace_u64 __attribute__((aligned(4)));

/* The stored actions, after the tracepoint's header and its condition:
 *   'R' N MASK[N]            registers, bit r of MASK[r/8] = register r
 *   'M' BASE(2) OFF(4) LEN(2) memory at OFF (+ register BASE unless 0xffff)
 *   'X' LEN(2) CODE[LEN]     an agent expression run for its effects
 * Numbers big-endian. A condition is LEN(2) CODE[LEN]. */
#define ACTION_ABSOLUTE 0xffffu

struct tracepoint {
    struct trace_rec h; /* TREC_POINT; h.flag: enabled */
    uint16_t number; /* GDB's (frames keep 16 bits of it) */
    uint16_t act; /* where its actions start in its bytes: 0, or past its
                   * condition */
    uint8_t native; /* NATIVE_FROM | NATIVE_TO: a native bracket's (trace_native.h) */
    uint32_t pass, hits, usage;
    stub_addr_t addr;
};
/* Its condition (LEN(2) CODE) if act, then its actions, to h.size. */
#define TP_BYTES(t) ((uint8_t *)((t) + 1))
#define TP_END(t) ((uint8_t *)(t) + (t)->h.size)

struct trace_var {
    struct trace_rec h; /* TREC_VAR; h.flag: builtin */
    uint16_t number;
    trace_i64 initial, value;
    char name[]; /* to h.size */
};
_Static_assert(offsetof(struct tracepoint, number) ==
                       offsetof(struct trace_numbered, number) &&
                   offsetof(struct trace_var, number) ==
                       offsetof(struct trace_numbered, number),
               "trace_find reads the number of each kind at one place");

/* trace_area.c */
/* A record of kind and n bytes (header included) after the others, its
 * header filled; NULL when it does not fit beside the frames and the
 * bracket (the frames of an earlier run move up for it). */
struct trace_rec *trace_define(unsigned kind, unsigned n);
/* n more bytes at the end of rec, the last record; NULL if they do not
 * fit. */
uint8_t *trace_extend(struct trace_rec *rec, unsigned n);
/* The next record of kind after rec (from the first for NULL), in the
 * order they were defined; NULL after the last. */
struct trace_rec *trace_next(const void *rec, unsigned kind);
#define trace_next_point(t)                                                \
    ((struct tracepoint *)trace_next(t, TREC_POINT))
/* The first record of kind numbered n; NULL if none. */
struct trace_rec *trace_find(unsigned kind, unsigned n);
#define trace_point_find(n) ((struct tracepoint *)trace_find(TREC_POINT, n))

/* A packet handler's (trace.c's table) answer: TRACE_REPLIED when it
 * wrote its reply, otherwise 0 for OK or an error code for E. Each gets
 * the packet after its name. */
#define TRACE_REPLIED 0x100u

/* trace_vars.c */
#define trace_var_find(n) ((struct trace_var *)trace_find(TREC_VAR, n))
#if PMUSTUB_TRACE_AGENT
/* The bytecode's getv and setv: 0, or -1 for no such variable. */
int trace_getv(unsigned n, int64_t *v);
int trace_setv(unsigned n, int64_t v);
/* An expression's world outside a frame: the variables, no recording. */
extern const struct agent_env trace_live_env;
#endif
/* QTDV:N:VALUE:BUILTIN:NAME; 0 or an error code. */
unsigned trace_var_define(const char *p, struct reply *r);
/* qTfV (from the first variable) and qTsV: the next definition, "l"
 * after the last; TRACE_REPLIED. */
unsigned trace_var_upload_first(const char *p, struct reply *r);
unsigned trace_var_upload_next(const char *p, struct reply *r);
/* QTStart: every variable back to its initial value. */
void trace_vars_reset(void);

/* trace.c */
/* Stops the run for reason: the traps go, the frames stay. */
void trace_stop(enum trace_reason reason, uint32_t tp, enum agent_error e);

/* agent_cond.c: the last breakpoint condition that failed to evaluate
 * (enum agent_error, AGENT_OK for none) and its address; QTStart
 * forgets it. */
#if PMUSTUB_TRACE_AGENT
unsigned bp_cond_failed(stub_addr_t *addr);
void bp_cond_failed_clear(void);
#else
#define bp_cond_failed(addr) ((void)(addr), 0u)
#define bp_cond_failed_clear() ((void)0)
#endif

/* trace_frames.c */
/* The frames' bytes and count (trace_state.h): none, for QTStart and
 * QTinit. */
void trace_frames_clear(void);
/* Runs t's actions into a new frame; AGENT_OK or why not. */
enum agent_error trace_collect(struct tracepoint *t);
/* The frames' room: what the definitions leave, at most what
 * QTBuffer:size asked (qTStatus's tsize). */
unsigned trace_frame_room(void);
/* A variable's value in the selected frame: 0 found, 1 not collected,
 * -1 no frame selected. */
int trace_frame_var(unsigned n, int64_t *v);
/* The frames' packets (TRACE_REPLIED, 0 or an error code): QTFrame:,
 * qTBuffer:, QTBuffer: and QTro:. */
unsigned trace_frame_select(const char *p, struct reply *r);
unsigned trace_buffer_read(const char *p, struct reply *r);
unsigned trace_buffer_set(const char *p, struct reply *r);
unsigned trace_ro_set(const char *p, struct reply *r);

/* trace_hex.c: hex.c-style helpers shared by the trace packets. */
uint16_t trace_get16(const uint8_t *p);
uint32_t trace_get32(const uint8_t *p);
/* Parses up to 16 hex digits of a number GDB widened to 64 bits (a MIPS
 * address comes sign-extended); keeps the low 32 bits. 0 if none. */
int trace_hex_addr(const char *s, uint32_t *out, const char **end);
/* Parses up to 16 hex digits into a 64-bit value, with an optional '-'. */
int trace_hex_s64(const char *s, int64_t *out, const char **end);
void reply_hex_u64(struct reply *r, uint64_t v);

#endif
