/*
 * sample/profile.c - see profile.h.
 *
 * A sample's stack is what the stub took: the interrupted pc and the
 * return address register (MIPS $31, Power LR). The return address names
 * the caller while the function has not called another since it was
 * entered (a leaf, or a function before its first call); after a call it
 * points into the function itself and adds no frame. So a stack is
 * "caller;function" or "function": never wrong, sometimes short. A
 * record with stack copies (--call-graph dwarf) has its stacks unwound
 * instead (sample/unwind.c), as deep as the copy and the CFI go.
 */
#include "sample/profile.h"

#include "sample/unwind.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define UNKNOWN "[unknown]"

static int add(struct profile_table *t, const char *key, const char *fn,
               const char *line)
{
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->r[i].key, key)) {
            t->r[i].samples++;
            return 0;
        }
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        struct profile_row *r = realloc(t->r, cap * sizeof *r);
        if (!r)
            return -1;
        t->r = r;
        t->cap = cap;
    }
    t->r[t->n].key = strdup(key);
    t->r[t->n].function = fn ? strdup(fn) : NULL;
    t->r[t->n].line = line ? strdup(line) : NULL;
    t->r[t->n].samples = 1;
    if (!t->r[t->n].key || (fn && !t->r[t->n].function) || (line && !t->r[t->n].line))
        return -1;
    t->n++;
    return 0;
}

static int by_samples(const void *a, const void *b)
{
    const struct profile_row *x = a, *y = b;
    if (x->samples != y->samples)
        return x->samples < y->samples ? 1 : -1;
    return strcmp(x->key, y->key);
}

/* A frame as the folded format wants it: no ';' (the separator) and no
 * blank (the count follows the last one). */
static void frame(char *out, size_t len, const char *name)
{
    size_t i;
    for (i = 0; name[i] && i + 1 < len; i++)
        out[i] = name[i] == ';' || name[i] == ' ' ? '_' : name[i];
    out[i] = 0;
}

static const char *fn_of(struct attrib *a, unsigned long addr, char *buf,
                         size_t len)
{
    const char *f = a ? attrib_function(a, addr) : NULL;
    if (f)
        return f;
    if (a)
        return UNKNOWN;
    snprintf(buf, len, "0x%08lx", addr);
    return buf;
}

/* SYMBOL+0xOFFSET of addr, as perf annotate and objdump name it. */
static void symbol_offset(struct attrib *a, unsigned long addr, char *out, size_t len)
{
    unsigned long off = 0;
    const char *f = a ? attrib_function_offset(a, addr, &off) : NULL;
    if (f)
        snprintf(out, len, "%s+0x%lx", f, off);
    else
        snprintf(out, len, "%s", a ? UNKNOWN : "");
}

/* The unwound stack of s, outermost first, into key: each caller's
 * function is the call's (the word before the return address). */
static void unwound_key(struct attrib *a, const struct sample *s, char *key,
                        size_t len)
{
    uint32_t pcs[UNWIND_MAX];
    int n = unwind_sample(a, s, pcs, UNWIND_MAX);
    size_t at = 0;

    key[0] = 0;
    for (int k = n - 1; k >= 0 && at + 1 < len; k--) {
        char b[16], f[256];
        frame(f, sizeof f, fn_of(a, k ? pcs[k] - 4 : pcs[k], b, sizeof b));
        at += (size_t)snprintf(key + at, len - at, "%s%s", k == n - 1 ? "" : ";", f);
    }
}

int profile_build(struct profile *p, const struct sample_data *d,
                  struct attrib *a)
{
    memset(p, 0, sizeof *p);
    p->d = d;
    for (size_t i = 0; i < d->n; i++) {
        static char key[UNWIND_MAX * 256];
        char fb[16], cb[16], f1[256], f2[256];
        const char *fn = fn_of(a, d->s[i].pc, fb, sizeof fb);
        /* The return address is the instruction after the call (MIPS:
         * after its delay slot); the call itself is the word before. */
        const char *caller = d->s[i].ra ? fn_of(a, d->s[i].ra - 4, cb, sizeof cb)
                                        : UNKNOWN;
        const char *file;
        int line, has_line = a && !attrib_line(a, d->s[i].pc, &file, &line);
        char where[300], sym[300], at[16];

        if (add(&p->functions, fn, NULL, NULL))
            return -1;
        snprintf(at, sizeof at, "0x%08x", (unsigned)d->s[i].pc);
        if (has_line)
            snprintf(where, sizeof where, "%s:%d", file, line);
        if (add(&p->lines, has_line ? where : at, fn, NULL))
            return -1;
        symbol_offset(a, d->s[i].pc, sym, sizeof sym);
        if (add(&p->addrs, at, sym, has_line ? where : NULL))
            return -1;
        frame(f1, sizeof f1, fn);
        if (d->stack_bytes) {
            unwound_key(a, &d->s[i], key, sizeof key);
        } else if (strcmp(caller, fn) && strcmp(caller, UNKNOWN)) {
            frame(f2, sizeof f2, caller);
            snprintf(key, sizeof key, "%s;%s", f2, f1);
        } else {
            snprintf(key, sizeof key, "%s", f1);
        }
        if (add(&p->stacks, key, NULL, NULL))
            return -1;
    }
    qsort(p->functions.r, p->functions.n, sizeof *p->functions.r, by_samples);
    qsort(p->lines.r, p->lines.n, sizeof *p->lines.r, by_samples);
    qsort(p->stacks.r, p->stacks.n, sizeof *p->stacks.r, by_samples);
    qsort(p->addrs.r, p->addrs.n, sizeof *p->addrs.r, by_samples);
    return 0;
}

static void table_free(struct profile_table *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->r[i].key);
        free(t->r[i].function);
        free(t->r[i].line);
    }
    free(t->r);
    memset(t, 0, sizeof *t);
}

void profile_free(struct profile *p)
{
    table_free(&p->functions);
    table_free(&p->lines);
    table_free(&p->stacks);
    table_free(&p->addrs);
}

static double percent(const struct profile *p, unsigned long n)
{
    return p->d->n ? 100.0 * (double)n / (double)p->d->n : 0.0;
}

void profile_print_table(FILE *f, const struct profile *p,
                         enum profile_sort sort)
{
    const struct sample_data *d = p->d;
    const struct profile_table *t = sort == PROFILE_BY_LINE   ? &p->lines
                                    : sort == PROFILE_BY_ADDR ? &p->addrs
                                                              : &p->functions;

    fprintf(f, "# Samples: %zu of event '%s', Event period: %lu\n", d->n,
            d->ev[0].name, d->ev[0].period);
    fprintf(f, "# Core: %s%s%s%s\n", d->core[0] ? d->core : "?",
            d->simulator[0] ? " (simulated by " : "", d->simulator,
            d->simulator[0] ? ", counts from its model; no skid)" : "");
    if (d->from[0])
        fprintf(f, "# Sampled between %s and %s\n", d->from, d->to);
    if (d->lost)
        fprintf(f, "# Lost: %lu samples (the stub's buffer was full)\n", d->lost);
    fprintf(f, "#\n");
    if (sort == PROFILE_BY_ADDR) {
        fprintf(f, "# Overhead  Samples  Address     Symbol+Offset  Source:Line\n");
        fprintf(f, "# ........  .......  ..........  .............  ...........\n#\n");
        for (size_t i = 0; i < t->n; i++)
            fprintf(f, "%9.2f%%  %7lu  %s  %s  %s\n", percent(p, t->r[i].samples),
                    t->r[i].samples, t->r[i].key, t->r[i].function,
                    t->r[i].line ? t->r[i].line : "?");
    } else if (sort == PROFILE_BY_LINE) {
        fprintf(f, "# Overhead  Samples  Source:Line  Symbol\n");
        fprintf(f, "# ........  .......  ...........  ......\n#\n");
        for (size_t i = 0; i < t->n; i++)
            fprintf(f, "%9.2f%%  %7lu  %s  %s\n", percent(p, t->r[i].samples),
                    t->r[i].samples, t->r[i].key, t->r[i].function);
    } else {
        fprintf(f, "# Overhead  Samples  Symbol\n");
        fprintf(f, "# ........  .......  ......\n#\n");
        for (size_t i = 0; i < t->n; i++)
            fprintf(f, "%9.2f%%  %7lu  %s\n", percent(p, t->r[i].samples),
                    t->r[i].samples, t->r[i].key);
    }
}

/* "file" and "line" of "FILE:LINE" into o. */
static void file_line(json_t *o, const char *where)
{
    const char *colon = strrchr(where, ':');
    json_object_set_new(o, "file", json_stringn(where, (size_t)(colon - where)));
    json_object_set_new(o, "line", json_integer(atoi(colon + 1)));
}

/* The addresses' rows: address, symbol+offset, file and line where known. */
static json_t *addr_rows(const struct profile *p)
{
    json_t *a = json_array();

    for (size_t i = 0; i < p->addrs.n; i++) {
        const struct profile_row *r = &p->addrs.r[i];
        json_t *o = json_object();
        json_object_set_new(o, "address", json_string(r->key));
        json_object_set_new(o, "symbol", json_string(r->function));
        if (r->line)
            file_line(o, r->line);
        json_object_set_new(o, "samples", json_integer((json_int_t)r->samples));
        json_object_set_new(o, "percent", json_real(percent(p, r->samples)));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *rows(const struct profile *p, const struct profile_table *t,
                    int lines)
{
    json_t *a = json_array();

    for (size_t i = 0; i < t->n; i++) {
        json_t *o = json_object();
        if (lines) {
            const char *colon = strrchr(t->r[i].key, ':');
            json_object_set_new(o, "function", json_string(t->r[i].function));
            if (colon && colon[1] != 0 && strncmp(t->r[i].key, "0x", 2)) {
                file_line(o, t->r[i].key);
            } else {
                json_object_set_new(o, "address", json_string(t->r[i].key));
            }
        } else {
            json_object_set_new(o, "name", json_string(t->r[i].key));
        }
        json_object_set_new(o, "samples", json_integer((json_int_t)t->r[i].samples));
        json_object_set_new(o, "percent", json_real(percent(p, t->r[i].samples)));
        json_array_append_new(a, o);
    }
    return a;
}

json_t *profile_json(const struct profile *p)
{
    const struct sample_data *d = p->d;
    json_t *o = json_object();

    json_object_set_new(o, "event", json_string(d->ev[0].name));
    json_object_set_new(o, "period", json_integer((json_int_t)d->ev[0].period));
    json_object_set_new(o, "samples", json_integer((json_int_t)d->n));
    json_object_set_new(o, "lost", json_integer((json_int_t)d->lost));
    json_object_set_new(o, "core", json_string(d->core));
    json_object_set_new(o, "simulated", json_boolean(d->simulator[0] != 0));
    json_object_set_new(o, "functions", rows(p, &p->functions, 0));
    json_object_set_new(o, "lines", rows(p, &p->lines, 1));
    json_object_set_new(o, "addresses", addr_rows(p));
    return o;
}

void profile_print_folded(FILE *f, const struct profile *p, const char *root)
{
    char r[256];

    frame(r, sizeof r, root ? root : "");
    for (size_t i = 0; i < p->stacks.n; i++)
        fprintf(f, "%s%s%s %lu\n", r, root ? ";" : "", p->stacks.r[i].key,
                p->stacks.r[i].samples);
}
