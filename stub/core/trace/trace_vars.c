/*
 * trace_vars.c - trace state variables (GDB manual, "Trace State
 * Variables"): their table, QTDV, the upload qTfV/qTsV (the syntax
 * gdb/tracepoint.c parse_tsv_definition reads), and the world an agent
 * expression sees outside a frame: the variables, no recording.
 */
#include "trace/trace_internal.h"

static struct trace_var trace_vars[PMUSTUB_TRACE_VARS];

struct trace_var *trace_var_find(unsigned number)
{
    for (unsigned i = 0; i < PMUSTUB_TRACE_VARS; i++)
        if (trace_vars[i].number && trace_vars[i].number == number)
            return &trace_vars[i];
    return 0;
}

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

/* QTDV:N:VALUE:BUILTIN:NAME (value 64-bit hex, name hex-encoded). */
unsigned trace_var_define(const char *p, struct reply *r)
{
    uint32_t n, builtin;
    int64_t value;
    struct trace_var *v;
    unsigned i, len;

    (void)r;
    if (!hex_u32(p, &n, &p) || *p++ != ':' || !trace_hex_s64(p, &value, &p) ||
        *p++ != ':' || !hex_u32(p, &builtin, &p) || *p++ != ':' || !n ||
        n > 0xffff)
        return 0x01;
    for (len = 0; p[len]; len++)
        ;
    if (len % 2 || len / 2 > PMUSTUB_TRACE_VAR_NAME)
        return 0x01;
    if (!(v = trace_var_find(n))) {
        for (i = 0; i < PMUSTUB_TRACE_VARS && trace_vars[i].number; i++)
            ;
        if (i == PMUSTUB_TRACE_VARS)
            return 0x10;
        v = &trace_vars[i];
    }
    if (hex_decode(p, (uint8_t *)v->name, len / 2) < 0)
        return 0x01;
    v->number = (uint16_t)n;
    v->initial = v->value = value;
    v->builtin = builtin != 0;
    v->name_len = (uint8_t)(len / 2);
    return 0;
}

void trace_vars_reset(void)
{
    for (unsigned i = 0; i < PMUSTUB_TRACE_VARS; i++)
        trace_vars[i].value = trace_vars[i].initial;
}

void trace_vars_clear(void)
{
    for (unsigned i = 0; i < PMUSTUB_TRACE_VARS; i++)
        trace_vars[i].number = 0;
}

/* qTfV/qTsV's cursor: the next entry of the table. */
static unsigned var_cursor;

unsigned trace_var_upload_first(const char *p, struct reply *r)
{
    var_cursor = 0;
    return trace_var_upload_next(p, r);
}

unsigned trace_var_upload_next(const char *p, struct reply *r)
{
    (void)p;
    for (; var_cursor < PMUSTUB_TRACE_VARS; var_cursor++) {
        const struct trace_var *v = &trace_vars[var_cursor];
        if (!v->number)
            continue;
        reply_hex_u64(r, v->number);
        reply_str(r, ":");
        reply_hex_u64(r, (uint64_t)v->initial);
        reply_str(r, v->builtin ? ":1:" : ":0:");
        reply_hex_bytes(r, (const uint8_t *)v->name, v->name_len);
        var_cursor++;
        return TRACE_REPLIED;
    }
    reply_str(r, "l");
    return TRACE_REPLIED;
}
