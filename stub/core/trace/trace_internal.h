/*
 * trace_internal.h - shared by the files of trace/: the tracepoint table,
 * the trace state variables, the run's status and the frames.
 * Every size is fixed at build time (docs/tracepoints.md says how to set
 * them).
 */
#ifndef PMUSTUB_TRACE_INTERNAL_H
#define PMUSTUB_TRACE_INTERNAL_H

#include "breakpoints.h"
#include "trace/agent.h"
#include "trace.h"

#ifndef PMUSTUB_TRACE_POINTS
#define PMUSTUB_TRACE_POINTS 8
#endif
/* Conditions and actions of all tracepoints, in their stored form. */
#ifndef PMUSTUB_TRACE_ACTION_BYTES
#define PMUSTUB_TRACE_ACTION_BYTES 512
#endif
#ifndef PMUSTUB_TRACE_VARS
#define PMUSTUB_TRACE_VARS 32
#endif
#ifndef PMUSTUB_TRACE_VAR_NAME
#define PMUSTUB_TRACE_VAR_NAME 24
#endif
#ifndef PMUSTUB_TRACE_BUFFER_BYTES
#define PMUSTUB_TRACE_BUFFER_BYTES 4096
#endif
/* Read-only address ranges (QTro) that a frame reads from live memory. */
#ifndef PMUSTUB_TRACE_RO_RANGES
#define PMUSTUB_TRACE_RO_RANGES 4
#endif

/* The stored actions, one after the other in the action pool:
 *   'R' N MASK[N]            registers, bit r of MASK[r/8] = register r
 *   'M' BASE(2) OFF(4) LEN(2) memory at OFF (+ register BASE unless 0xffff)
 *   'X' LEN(2) CODE[LEN]     an agent expression run for its effects
 * Numbers big-endian. A condition is LEN(2) CODE[LEN]. */
#define ACTION_ABSOLUTE 0xffffu

struct tracepoint {
    uint32_t number, pass, hits, usage;
    stub_addr_t addr;
    uint16_t cond_off, cond_len; /* cond_len 0: none */
    uint16_t act_off, act_len;
    uint8_t enabled;
    uint8_t native; /* NATIVE_FROM | NATIVE_TO: a native bracket's (trace_native.h) */
};

struct trace_var {
    int64_t initial, value;
    uint16_t number; /* 0: free */
    uint8_t builtin, name_len;
    char name[PMUSTUB_TRACE_VAR_NAME];
};

/* qTStatus's stop reasons, as GDB names them (gdb/tracepoint.c
 * stop_reason_names). */
enum trace_reason {
    TR_NOT_RUN, TR_STOP, TR_FULL, TR_DISCONNECTED, TR_PASSCOUNT, TR_ERROR,
    TR_UNKNOWN /* the program ended (no reason of GDB's says so) */
};

/* QTNotes' texts, kept as sent (hex) and returned in qTStatus. */
#ifndef PMUSTUB_TRACE_NOTE_HEX
#define PMUSTUB_TRACE_NOTE_HEX 64
#endif

struct trace_status {
    uint8_t running, reason;
    uint8_t error;         /* enum agent_error of TR_ERROR */
    uint32_t stopping_tp;  /* TR_PASSCOUNT, TR_ERROR */
    uint8_t ended;         /* TR_UNKNOWN: the program's exit status */
    char user[PMUSTUB_TRACE_NOTE_HEX + 1], notes[PMUSTUB_TRACE_NOTE_HEX + 1];
};

extern struct tracepoint trace_points[PMUSTUB_TRACE_POINTS];
extern unsigned trace_npoints;
extern uint8_t trace_pool[PMUSTUB_TRACE_ACTION_BYTES];
extern struct trace_status trace_st;

/* A packet handler's (trace.c's table) answer: TRACE_REPLIED when it
 * wrote its reply, otherwise 0 for OK or an error code for E. Each gets
 * the packet after its name. */
#define TRACE_REPLIED 0x100u

/* trace_vars.c */
struct trace_var *trace_var_find(unsigned number);
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
/* QTStart: every variable back to its initial value. QTinit: none. */
void trace_vars_reset(void);
void trace_vars_clear(void);

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
void trace_frames_clear(void);
/* Runs t's actions into a new frame; AGENT_OK or why not. */
enum agent_error trace_collect(struct tracepoint *t);
/* Bytes in use, frames in the buffer, its size (QTBuffer:size). */
unsigned trace_buffer_used(void);
unsigned trace_frame_count(void);
extern unsigned trace_buffer_size;
/* A variable's value in the selected frame: 0 found, 1 not collected,
 * -1 no frame selected. */
int trace_frame_var(unsigned n, int64_t *v);
void trace_ro_clear(void);
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
