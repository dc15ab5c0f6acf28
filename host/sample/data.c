/*
 * sample/data.c - see data.h.
 */
#include "sample/data.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t word(const uint8_t *p, int big_endian)
{
    return big_endian
        ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
        : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static int room(struct sample_data *d, size_t more)
{
    struct sample *s;
    size_t cap = d->cap ? d->cap : 1024;

    while (cap < d->n + more)
        cap *= 2;
    if (cap == d->cap)
        return 0;
    if (!(s = realloc(d->s, cap * sizeof *s)))
        return -1;
    d->s = s;
    d->cap = cap;
    return 0;
}

size_t sample_record_bytes(const struct sample_data *d)
{
    return d->stack_bytes ? SAMPLE_STACK_HEAD + d->stack_bytes : SAMPLE_BYTES;
}

/* The stack pointer and copy of the sample at buf into s. */
static int decode_stack(struct sample *s, const uint8_t *buf, size_t bound,
                        int big_endian)
{
    s->sp = word(buf + 12, big_endian);
    s->stack_len = word(buf + 16, big_endian);
    if (s->stack_len > bound || s->stack_len % 4)
        return -1;
    if (!s->stack_len)
        return 0;
    if (!(s->stack = malloc(s->stack_len)))
        return -1;
    memcpy(s->stack, buf + SAMPLE_STACK_HEAD, s->stack_len);
    return 0;
}

int sample_decode(struct sample_data *d, const uint8_t *buf, size_t len,
                  int big_endian)
{
    size_t size = sample_record_bytes(d), n = len / size;

    if (len % size || room(d, n))
        return -1;
    for (size_t i = 0; i < n; i++, buf += size) {
        uint32_t counter = word(buf + 8, big_endian);
        unsigned e = 0;
        while (e < d->n_ev && d->ev[e].counter != counter)
            e++;
        if (e == d->n_ev)
            return -1;
        memset(&d->s[d->n], 0, sizeof d->s[d->n]);
        d->s[d->n].pc = word(buf, big_endian);
        d->s[d->n].ra = word(buf + 4, big_endian);
        d->s[d->n].event = e;
        if (d->stack_bytes &&
            decode_stack(&d->s[d->n], buf, d->stack_bytes, big_endian))
            return -1;
        d->n++;
    }
    return 0;
}

int sample_append(struct sample_data *d, struct sample s)
{
    if (room(d, 1))
        return -1;
    d->s[d->n++] = s;
    return 0;
}

int sample_write(const struct sample_data *d, const char *path, char *err,
                 size_t errlen)
{
    FILE *f = fopen(path, "w");

    if (!f) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "pmuctl.data %d\n", d->stack_bytes ? 2 : 1);
    if (d->stack_bytes)
        fprintf(f, "call-graph dwarf %lu\n", d->stack_bytes);
    for (unsigned e = 0; e < d->n_ev; e++)
        fprintf(f, "event %s\nperiod %lu\n", d->ev[e].name, d->ev[e].period);
    fprintf(f, "core %s\n", d->core);
    if (d->simulator[0])
        fprintf(f, "simulator %s\n", d->simulator);
    if (d->elf[0])
        fprintf(f, "elf %s\n", d->elf);
    if (d->program.build_id[0])
        fprintf(f, "build-id %s\n", d->program.build_id);
    if (d->has_program)
        fprintf(f, "code-crc32 %08x\n", (unsigned)d->program.code_crc);
    if (d->from[0])
        fprintf(f, "from %s\nto %s\n", d->from, d->to);
    fprintf(f, "lost %lu\nsamples %zu\n", d->lost, d->n);
    for (size_t i = 0; i < d->n; i++) {
        fprintf(f, "%08x %08x", (unsigned)d->s[i].pc, (unsigned)d->s[i].ra);
        if (d->n_ev > 1)
            fprintf(f, " %u", d->s[i].event);
        fputc('\n', f);
        if (d->stack_bytes) {
            fprintf(f, "stack %08x ", (unsigned)d->s[i].sp);
            for (uint32_t k = 0; k < d->s[i].stack_len; k++)
                fprintf(f, "%02x", d->s[i].stack[k]);
            fputc('\n', f);
        }
    }
    if (fclose(f)) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* "key value" into a text field of its size. */
static int text(const char *line, const char *key, char *out, size_t len)
{
    size_t k = strlen(key), v;

    if (strncmp(line, key, k) || line[k] != ' ')
        return 0;
    line += k + 1;
    v = strcspn(line, "\n");
    if (v >= len)
        v = len - 1;
    memcpy(out, line, v);
    out[v] = 0;
    return 1;
}

/* "stack SP HEX" into the last sample; 0, or -1. */
static int read_stack(struct sample_data *d, const char *line)
{
    struct sample *s = d->n ? &d->s[d->n - 1] : NULL;
    unsigned sp;
    int at = 0;
    size_t hex;

    if (!s || s->stack || sscanf(line, "stack %8x %n", &sp, &at) != 1 || !at)
        return -1;
    line += at;
    hex = strcspn(line, "\n");
    if (hex % 8 || hex / 2 > d->stack_bytes)
        return -1;
    s->sp = sp;
    s->stack_len = (uint32_t)(hex / 2);
    if (hex && !(s->stack = malloc(hex / 2)))
        return -1;
    for (size_t k = 0; k < hex / 2; k++) {
        unsigned b;
        if (sscanf(line + 2 * k, "%2x", &b) != 1)
            return -1;
        s->stack[k] = (uint8_t)b;
    }
    return 0;
}

int sample_read(struct sample_data *d, const char *path, char *err,
                size_t errlen)
{
    static char line[2 * SAMPLE_STACK_MAX + 64];
    unsigned long lineno = 1;
    int bad = 0;
    FILE *f = fopen(path, "r");

    memset(d, 0, sizeof *d);
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    if (!fgets(line, sizeof line, f) || (strcmp(line, "pmuctl.data 1\n") &&
                                         strcmp(line, "pmuctl.data 2\n"))) {
        snprintf(err, errlen, "'%s' is not a pmuctl record file", path);
        fclose(f);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        unsigned pc, ra, e = 0;
        unsigned long period;
        char end;
        int k;
        lineno++;
        if (!strncmp(line, "event ", 6)) {
            /* A new event, or the name of one whose period came first. */
            if (!d->n_ev || d->ev[d->n_ev - 1].name[0]) {
                if (d->n_ev == SAMPLE_EVENTS_MAX)
                    goto bad_line;
                d->n_ev++;
            }
            text(line, "event", d->ev[d->n_ev - 1].name,
                 sizeof d->ev[d->n_ev - 1].name);
            continue;
        }
        if (sscanf(line, "period %lu%c", &period, &end) == 2) {
            if (!d->n_ev)
                d->n_ev = 1;
            d->ev[d->n_ev - 1].period = period;
            continue;
        }
        if (text(line, "core", d->core, sizeof d->core) ||
            text(line, "simulator", d->simulator, sizeof d->simulator) ||
            text(line, "elf", d->elf, sizeof d->elf) ||
            text(line, "build-id", d->program.build_id,
                 sizeof d->program.build_id) ||
            text(line, "from", d->from, sizeof d->from) ||
            text(line, "to", d->to, sizeof d->to) ||
            !strncmp(line, "samples ", 8))
            continue;
        if (sscanf(line, "code-crc32 %8x%c", &pc, &end) == 2 && end == '\n') {
            d->program.code_crc = pc;
            d->has_program = 1;
            continue;
        }
        if (sscanf(line, "lost %lu%c", &d->lost, &end) == 2)
            continue;
        if (sscanf(line, "call-graph dwarf %lu%c", &d->stack_bytes, &end) == 2 &&
            end == '\n' && d->stack_bytes <= SAMPLE_STACK_MAX)
            continue;
        if (!strncmp(line, "stack ", 6)) {
            if (read_stack(d, line))
                goto bad_line;
            continue;
        }
        k = sscanf(line, "%8x %8x%c%u%c", &pc, &ra, &end, &e, &end);
        if ((k == 3 || k == 5) && end == '\n' && (k == 3 || e < d->n_ev)) {
            if (room(d, 1)) {
                snprintf(err, errlen, "out of memory reading '%s'", path);
                bad = 1;
                break;
            }
            memset(&d->s[d->n], 0, sizeof d->s[d->n]);
            d->s[d->n].pc = pc;
            d->s[d->n].ra = ra;
            d->s[d->n++].event = e;
            continue;
        }
    bad_line:
        snprintf(err, errlen, "%s:%lu: not a line of a pmuctl record file",
                 path, lineno);
        bad = 1;
        break;
    }
    fclose(f);
    if (bad)
        sample_free(d);
    return bad ? -1 : 0;
}

int sample_select(const struct sample_data *d, unsigned e,
                  struct sample_data *one)
{
    *one = *d;
    one->ev[0] = d->ev[e];
    one->n_ev = 1;
    one->s = NULL;
    one->n = one->cap = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (d->s[i].event != e)
            continue;
        if (room(one, 1)) {
            sample_free(one);
            return -1;
        }
        one->s[one->n] = d->s[i];
        one->s[one->n].event = 0;
        if (d->s[i].stack_len) {
            if (!(one->s[one->n].stack = malloc(d->s[i].stack_len))) {
                sample_free(one);
                return -1;
            }
            memcpy(one->s[one->n].stack, d->s[i].stack, d->s[i].stack_len);
        }
        one->n++;
    }
    return 0;
}

void sample_free(struct sample_data *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->s[i].stack);
    free(d->s);
    d->s = NULL;
    d->n = d->cap = 0;
}
