/*
 * hex.c - hex digits, prefixes and the reply buffer. No libc: the stub is
 * freestanding.
 */
#include "stub_internal.h"

const char stub_hexdigits[16] = "0123456789abcdef";

int str_starts(const char *s, const char *prefix, const char **rest)
{
    while (*prefix)
        if (*s++ != *prefix++)
            return 0;
    *rest = s;
    return 1;
}

int hex_nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int hex_u32(const char *s, uint32_t *out, const char **end)
{
    uint32_t v = 0;
    int n = 0, d;

    while ((d = hex_nibble(s[n])) >= 0) {
        if (v >> 28)
            return 0; /* would overflow 32 bits */
        v = (v << 4) | (uint32_t)d;
        n++;
    }
    *out = v;
    *end = s + n;
    return n;
}

int hex_decode(const char *s, uint8_t *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        int hi = hex_nibble(s[2 * i]), lo;
        if (hi < 0 || (lo = hex_nibble(s[2 * i + 1])) < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

char *hex_encode(char *dst, const uint8_t *src, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        *dst++ = stub_hexdigits[src[i] >> 4];
        *dst++ = stub_hexdigits[src[i] & 15];
    }
    return dst;
}

void reply_str(struct reply *r, const char *s)
{
    while (*s && r->len < r->cap)
        r->buf[r->len++] = *s++;
}

void reply_hex_bytes(struct reply *r, const uint8_t *b, unsigned n)
{
    if (r->len + 2 * n > r->cap)
        n = (r->cap - r->len) / 2;
    r->len = (unsigned)(hex_encode(r->buf + r->len, b, n) - r->buf);
}

void reply_hex_u32(struct reply *r, uint32_t v, unsigned digits)
{
    while (digits-- && r->len < r->cap)
        r->buf[r->len++] = stub_hexdigits[(v >> (4 * digits)) & 15];
}

int reply_binary(struct reply *r, char c)
{
    /* GDB manual, "Overview": '#', '$', '}' and '*' (run-length marker in
     * replies) are sent as '}' followed by the byte xor 0x20. */
    int esc = c == '#' || c == '$' || c == '}' || c == '*';
    if (r->len + 1u + (unsigned)esc > r->cap)
        return -1;
    if (esc) {
        r->buf[r->len++] = '}';
        c ^= 0x20;
    }
    r->buf[r->len++] = c;
    return 0;
}

void reply_error(struct reply *r, unsigned code)
{
    r->len = 0;
    reply_str(r, "E");
    reply_hex_u32(r, code, 2);
}

#if PMUSTUB_TRACEPOINTS || PMUSTUB_SAMPLING /* their packets' only */
void reply_ok_or_error(struct reply *r, unsigned e)
{
    if (e)
        reply_error(r, e);
    else
        reply_str(r, "OK");
}

int hex_field(const char **p, uint32_t *v, char sep)
{
    if (!hex_u32(*p, v, p) || **p != sep)
        return 0;
    if (sep)
        (*p)++;
    return 1;
}
#endif
