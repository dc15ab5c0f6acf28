/*
 * sample/pprof.c - see pprof.h. The encoder is ours, small: protocol
 * buffers' wire format (protobuf.dev, "Encoding": a field is a varint
 * key, field number << 3 | wire type, then a varint (type 0) or a
 * length and bytes (type 2); repeated scalars may be packed into one
 * length-delimited field), for the messages of google/pprof
 * proto/profile.proto:
 *   Profile  1 sample_type, 2 sample, 4 location, 5 function,
 *            6 string_table (entry 0 is ""), 11 period_type, 12 period
 *   ValueType 1 type, 2 unit (string table indices)
 *   Sample   1 location_id (packed, leaf first), 2 value (packed)
 *   Location 1 id, 3 address, 4 line
 *   Line     1 function_id, 2 line
 *   Function 1 id, 2 name, 3 system_name, 4 filename
 * gzipped with zlib, as pprof writes its files.
 *
 * A sample's stack is the one sample/profile.c folds: its pc, and the
 * caller (the call before the return address) when the return address
 * names another function.
 */
#include "sample/pprof.h"
#include "sample/unwind.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct buf {
    unsigned char *b;
    size_t n, cap;
    int oom;
};

static void put(struct buf *o, const void *p, size_t n)
{
    if (o->oom)
        return;
    if (o->n + n > o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 256;
        while (cap < o->n + n)
            cap *= 2;
        unsigned char *b = realloc(o->b, cap);
        if (!b) {
            o->oom = 1;
            return;
        }
        o->b = b;
        o->cap = cap;
    }
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

static void varint(struct buf *o, uint64_t v)
{
    unsigned char b[10];
    size_t n = 0;
    do {
        b[n] = v & 0x7f;
        v >>= 7;
        b[n++] |= v ? 0x80 : 0;
    } while (v);
    put(o, b, n);
}

static void field_int(struct buf *o, unsigned field, uint64_t v)
{
    varint(o, (uint64_t)field << 3);
    varint(o, v);
}

/* A length-delimited field: bytes, a string, a message, a packed list. */
static void field_bytes(struct buf *o, unsigned field, const void *p, size_t n)
{
    varint(o, (uint64_t)field << 3 | 2);
    varint(o, n);
    put(o, p, n);
}

static void field_msg(struct buf *o, unsigned field, struct buf *m)
{
    field_bytes(o, field, m->b, m->n);
    o->oom |= m->oom;
    m->n = 0;
}

/* The string table: index by text, appended as met. */
struct strings {
    char **s;
    size_t n, cap;
};

static uint64_t str_id(struct strings *t, const char *s)
{
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->s[i], s))
            return i;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        char **p = realloc(t->s, cap * sizeof *p);
        if (!p)
            return 0;
        t->s = p;
        t->cap = cap;
    }
    if (!(t->s[t->n] = strdup(s)))
        return 0;
    return t->n++;
}

/* A location per address met, a function per name. */
struct ids {
    uint32_t *addr;     /* location i + 1's address */
    char **fn;          /* function i + 1's name */
    size_t naddr, nfn;
};

static uint64_t id_of(void *arr, size_t *n, size_t size, const void *key,
                      int (*same)(const void *, const void *))
{
    char *a = *(char **)arr;
    for (size_t i = 0; i < *n; i++)
        if (same(a + i * size, key))
            return i + 1;
    a = realloc(a, (*n + 1) * size);
    if (!a)
        return 0;
    *(char **)arr = a;
    memcpy(a + *n * size, key, size);
    return ++*n;
}

static int same_addr(const void *x, const void *y)
{
    return *(const uint32_t *)x == *(const uint32_t *)y;
}

static int same_name(const void *x, const void *y)
{
    return !strcmp(*(char *const *)x, *(char *const *)y);
}

static const char *function_at(struct attrib *a, uint32_t addr)
{
    const char *f = a ? attrib_function(a, addr) : NULL;
    return f ? f : "[unknown]";
}

/* The stack of sample s as location ids, leaf first; its length. With a
 * stack copy, the unwound frames, each caller at its call (the word
 * before the return address). */
static int stack(struct ids *ids, struct attrib *a, const struct sample_data *d,
                 const struct sample *s, uint64_t loc[UNWIND_MAX])
{
    uint32_t caller = s->ra ? s->ra - 4 : 0, pcs[UNWIND_MAX];
    int n = 0;

    if (d->stack_bytes) {
        n = unwind_sample(a, s, pcs, UNWIND_MAX);
        for (int k = 0; k < n; k++) {
            uint32_t at = k ? pcs[k] - 4 : pcs[k];
            loc[k] = id_of(&ids->addr, &ids->naddr, sizeof *ids->addr, &at,
                           same_addr);
        }
        return n;
    }

    loc[n++] = id_of(&ids->addr, &ids->naddr, sizeof *ids->addr, &s->pc,
                     same_addr);
    /* The call is the word before the return address (MIPS: before its
     * delay slot's successor), as profile.c takes it. */
    if (a && caller && attrib_function(a, caller) &&
        strcmp(function_at(a, caller), function_at(a, s->pc)))
        loc[n++] = id_of(&ids->addr, &ids->naddr, sizeof *ids->addr, &caller,
                         same_addr);
    return n;
}

static void value_type(struct buf *o, unsigned field, struct strings *st,
                       const char *type, const char *unit, struct buf *m)
{
    field_int(m, 1, str_id(st, type));
    field_int(m, 2, str_id(st, unit));
    field_msg(o, field, m);
}

/* The whole Profile message into o. */
static void encode(const struct sample_data *d, struct attrib *a,
                   struct buf *o, struct strings *st, struct ids *ids)
{
    struct buf m = {0}, sub = {0}, packed = {0};
    const char *event[SAMPLE_EVENTS_MAX];
    unsigned long period[SAMPLE_EVENTS_MAX];
    unsigned nev = d->n_ev ? d->n_ev : 1;

    for (unsigned e = 0; e < nev; e++) {
        event[e] = d->ev[e].name[0] ? d->ev[e].name : "events";
        period[e] = d->ev[e].period ? d->ev[e].period : 1;
    }
    str_id(st, "");
    value_type(o, 1, st, "samples", "count", &m);
    /* A sample type per event: a sample's events are its own event's
     * period, 0 of the others (go tool pprof -sample_index=EVENT). */
    for (unsigned e = 0; e < nev; e++)
        value_type(o, 1, st, event[e], "count", &m);
    /* One Sample per recorded sample: pprof adds them up itself. */
    for (size_t i = 0; i < d->n; i++) {
        uint64_t loc[UNWIND_MAX];
        int n = stack(ids, a, d, &d->s[i], loc);
        for (int k = 0; k < n; k++) {
            varint(&packed, loc[k]);
            o->oom |= !loc[k]; /* id_of out of memory */
        }
        field_msg(&m, 1, &packed);
        varint(&packed, 1);
        for (unsigned e = 0; e < nev; e++)
            varint(&packed, d->s[i].event == e ? period[e] : 0);
        field_msg(&m, 2, &packed);
        field_msg(o, 2, &m);
    }
    for (size_t i = 0; i < ids->naddr; i++) {
        uint32_t addr = ids->addr[i];
        const char *file;
        int line = 0;
        field_int(&m, 1, i + 1);
        field_int(&m, 3, addr);
        if (a && attrib_function(a, addr)) {
            char *name = (char *)attrib_function(a, addr);
            field_int(&sub, 1, id_of(&ids->fn, &ids->nfn, sizeof *ids->fn,
                                     &name, same_name));
            if (!attrib_line(a, addr, &file, &line))
                field_int(&sub, 2, (uint64_t)line);
            field_msg(&m, 4, &sub);
        }
        field_msg(o, 4, &m);
    }
    for (size_t i = 0; i < ids->nfn; i++) {
        const char *file = "";
        int line;
        int at = 0;
        /* The function's file: that of the first location in it. */
        for (size_t k = 0; k < ids->naddr && !at; k++)
            if (!strcmp(function_at(a, ids->addr[k]), ids->fn[i]) &&
                !attrib_line(a, ids->addr[k], &file, &line))
                at = 1;
        field_int(&m, 1, i + 1);
        field_int(&m, 2, str_id(st, ids->fn[i]));
        field_int(&m, 3, str_id(st, ids->fn[i]));
        field_int(&m, 4, str_id(st, file));
        field_msg(o, 5, &m);
    }
    /* One period_type in the format: the first event's. */
    value_type(o, 11, st, event[0], "count", &m);
    field_int(o, 12, period[0]);
    for (size_t i = 0; i < st->n; i++)
        field_bytes(o, 6, st->s[i], strlen(st->s[i]));
    o->oom |= m.oom | sub.oom | packed.oom;
    free(m.b);
    free(sub.b);
    free(packed.b);
}

int pprof_write(const struct sample_data *d, struct attrib *a,
                const char *path, char *err, size_t errlen)
{
    struct buf o = {0};
    struct strings st = {0};
    struct ids ids = {0};
    gzFile f;
    int rc = -1;

    encode(d, a, &o, &st, &ids);
    if (o.oom) {
        snprintf(err, errlen, "out of memory");
    } else if (!(f = gzopen(path, "wb"))) {
        snprintf(err, errlen, "cannot write '%s'", path);
    } else {
        rc = (o.n && gzwrite(f, o.b, (unsigned)o.n) != (int)o.n) ? -1 : 0;
        if (gzclose(f) != Z_OK || rc) {
            snprintf(err, errlen, "cannot write '%s'", path);
            rc = -1;
        }
    }
    for (size_t i = 0; i < st.n; i++)
        free(st.s[i]);
    free(st.s);
    free(ids.addr);
    free(ids.fn);
    free(o.b);
    return rc;
}
