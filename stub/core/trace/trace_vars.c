/*
 * trace_vars.c - trace state variables (GDB manual, "Trace State
 * Variables"): QTDV, each a record in the trace buffer (trace_area.c)
 * with its name, the upload qTfV/qTsV (the syntax gdb/tracepoint.c
 * parse_tsv_definition reads), and the world an agent expression sees
 * outside a frame: the variables, no recording.
 */
#include "trace/trace_internal.h"

#define next_var(v) ((struct trace_var *)trace_next(v, TREC_VAR))

#if PMUSTUB_TRACE_AGENT
int trace_getv(unsigned n, int64_t *v)
{
    struct trace_var *t = trace_var_find(n);
    if (!t)
        return -1;
    *v = t->value;
    return 0;
}

int trace_setv(unsigned n, int64_t v)
{
    struct trace_var *t = trace_var_find(n);
    if (!t)
        return -1;
    t->value = v;
    return 0;
}

const struct agent_env trace_live_env = {trace_getv, trace_setv, 0, 0};
#endif

/* QTDV:N:VALUE:BUILTIN:NAME (value 64-bit hex, name hex-encoded). A
 * number defined again is defined anew: in place when its record has
 * the size (GDB and pmuctl define each once after QTinit). */
unsigned trace_var_define(const char *p, struct reply *r)
{
    uint32_t n, builtin;
    int64_t value;
    struct trace_var *v;
    unsigned len, size;

    (void)r;
    if (trace_running())
        return 0x02;
    if (!hex_u32(p, &n, &p) || *p++ != ':' || !trace_hex_s64(p, &value, &p) ||
        *p++ != ':' || !hex_u32(p, &builtin, &p) || *p++ != ':' || !n ||
        n > 0xffff)
        return 0x01;
    for (len = 0; p[len]; len++)
        if (hex_nibble(p[len]) < 0)
            return 0x01;
    if (len % 2)
        return 0x01;
    size = (unsigned)offsetof(struct trace_var, name) + len / 2;
    if ((v = trace_var_find(n)) != 0 && v->h.size != size)
        v->h.kind = TREC_FREE;
    if ((!v || v->h.size != size) &&
        !(v = (struct trace_var *)trace_define(TREC_VAR, size)))
        return 0x10;
    (void)hex_decode(p, (uint8_t *)v->name, len / 2);
    v->number = (uint16_t)n;
    v->initial = v->value = value;
    v->h.flag = builtin != 0;
    return 0;
}

void trace_vars_reset(void)
{
    struct trace_var *v = 0;

    while ((v = next_var(v)) != 0)
        v->value = v->initial;
}

/* qTfV/qTsV: the cursor (trace_state.up.rec) is the variable last sent. */
unsigned trace_var_upload_first(const char *p, struct reply *r)
{
    trace_state.up.rec = 0;
    return trace_var_upload_next(p, r);
}

unsigned trace_var_upload_next(const char *p, struct reply *r)
{
    const struct trace_var *v = 0;

    (void)p;
    if (trace_state.up.rec <= (unsigned)(trace_frames - trace_area))
        v = next_var(trace_state.up.rec ? trace_area + trace_state.up.rec - 1 : 0);
    if (!v) {
        trace_state.up.rec = (trace_off)-1;
        reply_str(r, "l");
        return TRACE_REPLIED;
    }
    reply_hex_u64(r, v->number);
    reply_str(r, ":");
    reply_hex_u64(r, (uint64_t)v->initial);
    reply_str(r, v->h.flag ? ":1:" : ":0:");
    reply_hex_bytes(r, (const uint8_t *)v->name,
                    v->h.size - (unsigned)offsetof(struct trace_var, name));
    trace_state.up.rec = (trace_off)((const uint8_t *)v - trace_area + 1);
    return TRACE_REPLIED;
}
