/*
 * sweep/sweep.c - parsing --sweep and walking the product of sweeps
 * (sweep/sweep.h).
 */
#include "sweep/sweep.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int name_ok(const char *s, size_t n)
{
    if (!n || n >= SWEEP_NAME || isdigit((unsigned char)s[0]))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '.' && s[i] != '$')
            return 0;
    return 1;
}

/* One value: [-]DECIMAL or [-]0xHEX; a leading 0 is decimal still (not
 * strtoull's octal, which would read 010 as 8). */
static int parse_value(const char *s, size_t n, struct sweep_value *v)
{
    char buf[32], *end;
    const char *p = buf;
    int base = 10;

    if (!n || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    v->negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (!isxdigit((unsigned char)*p))
        return -1;
    errno = 0;
    v->magnitude = strtoull(p, &end, base);
    if (*end || errno == ERANGE)
        return -1;
    if (v->magnitude == 0)
        v->negative = 0;
    snprintf(v->text, sizeof v->text, "%s%llu", v->negative ? "-" : "",
             (unsigned long long)v->magnitude);
    return 0;
}

int sweep_add(struct sweep *s, const char *arg, char *err, size_t errlen)
{
    const char *eq = strchr(arg, '='), *p;
    struct sweep_var *v;

    if (!eq || !name_ok(arg, (size_t)(eq - arg))) {
        snprintf(err, errlen, "--sweep wants VAR=V1,V2,... with VAR a "
                 "variable's name, not '%s'", arg);
        return -1;
    }
    if (s->n == SWEEP_MAX_VARS) {
        snprintf(err, errlen, "at most %d --sweep", SWEEP_MAX_VARS);
        return -1;
    }
    v = &s->var[s->n];
    memset(v, 0, sizeof *v);
    memcpy(v->name, arg, (size_t)(eq - arg));
    v->is_signed = -1;
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->var[i].name, v->name)) {
            snprintf(err, errlen, "--sweep %s given twice", v->name);
            return -1;
        }
    for (p = eq + 1;; ) {
        const char *c = strchr(p, ',');
        size_t n = c ? (size_t)(c - p) : strlen(p);
        if (v->n == SWEEP_MAX_VALUES) {
            snprintf(err, errlen, "--sweep %s: more than %d values", v->name,
                     SWEEP_MAX_VALUES);
            return -1;
        }
        if (parse_value(p, n, &v->v[v->n])) {
            snprintf(err, errlen, "--sweep %s: '%.*s' is not an integer "
                     "(decimal or 0x hex)", v->name, (int)(n < 40 ? n : 40), p);
            return -1;
        }
        v->n++;
        if (!c)
            break;
        p = c + 1;
    }
    s->n++;
    if (sweep_points(s) > SWEEP_MAX_POINTS) {
        snprintf(err, errlen, "the sweeps make %lu points; at most %d",
                 sweep_points(s), SWEEP_MAX_POINTS);
        s->n--;
        return -1;
    }
    return 0;
}

int sweep_set_type(struct sweep_var *v, unsigned long addr, unsigned size,
                   int is_signed, char *err, size_t errlen)
{
    uint64_t all, max_pos, max_neg;

    if (size != 1 && size != 2 && size != 4 && size != 8) {
        snprintf(err, errlen, "--sweep %s: the variable is %u bytes; pmuctl "
                 "writes integers of 1, 2, 4 or 8 bytes", v->name, size);
        return -1;
    }
    /* The largest magnitude each sign may have in size bytes. */
    all = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
    max_pos = is_signed == 1 ? all >> 1 : all;
    max_neg = is_signed == 0 ? 0 : (all >> 1) + 1;
    v->addr = addr;
    v->size = size;
    v->is_signed = is_signed;
    for (int i = 0; i < v->n; i++) {
        const struct sweep_value *x = &v->v[i];
        if (x->negative ? x->magnitude > max_neg : x->magnitude > max_pos) {
            snprintf(err, errlen, "--sweep %s: %s does not fit the variable "
                     "(%u bytes, %s)", v->name, x->text, size,
                     is_signed == 1 ? "signed" : is_signed == 0 ? "unsigned"
                                                : "no type in the ELF");
            return -1;
        }
    }
    return 0;
}

unsigned long sweep_points(const struct sweep *s)
{
    unsigned long n = 1;
    for (int i = 0; i < s->n; i++)
        n *= (unsigned long)s->var[i].n;
    return s->n ? n : 0;
}

void sweep_point(const struct sweep *s, unsigned long k, int idx[SWEEP_MAX_VARS])
{
    for (int i = s->n - 1; i >= 0; i--) {
        idx[i] = (int)(k % (unsigned long)s->var[i].n);
        k /= (unsigned long)s->var[i].n;
    }
}

void sweep_encode(const struct sweep_value *v, unsigned size, int big_endian,
                  uint8_t out[8])
{
    uint64_t raw = v->negative ? (uint64_t)0 - v->magnitude : v->magnitude;
    for (unsigned i = 0; i < size; i++) {
        uint8_t b = (uint8_t)(raw >> (8 * i));
        out[big_endian ? size - 1 - i : i] = b;
    }
}

void sweep_describe(const struct sweep *s, const int idx[SWEEP_MAX_VARS],
                    char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < s->n && at < len; i++) {
        int w = snprintf(out + at, len - at, "%s%s=%s", i ? ", " : "",
                         s->var[i].name, s->var[i].v[idx[i]].text);
        if (w < 0)
            break;
        at += (size_t)w;
    }
}
