/*
 * rsp_frames.c - see rsp_frames.h. Written from the GDB manual's
 * description of the framing, independently of the stub's rsp_io.c, so that
 * the tests do not check the stub against itself.
 */
#include "rsp_frames.h"

#include <string.h>

static const char hexdig[] = "0123456789abcdef";

static int nibble(char c)
{
    const char *p = c ? strchr(hexdig, c | 0x20) : NULL;
    return p ? (int)(p - hexdig) : -1;
}

unsigned rsp_checksum(const void *payload, size_t n)
{
    const unsigned char *p = payload;
    unsigned sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += p[i];
    return sum & 0xff;
}

size_t rsp_frame(char *dst, const void *payload, size_t n)
{
    unsigned cs = rsp_checksum(payload, n);
    dst[0] = '$';
    memcpy(dst + 1, payload, n);
    dst[n + 1] = '#';
    dst[n + 2] = hexdig[cs >> 4];
    dst[n + 3] = hexdig[cs & 15];
    return n + 4;
}

int rsp_split(const char *out, size_t n, struct rsp_unit *units, int max)
{
    int count = 0;
    size_t i = 0;

    while (i < n && count < max) {
        struct rsp_unit *u = &units[count++];
        memset(u, 0, sizeof *u);
        u->kind = out[i] == '+' || out[i] == '-' || out[i] == '$' ? out[i]
                                                                   : '?';
        if (u->kind != '$') {
            i++;
            continue;
        }
        for (i++; i < n && out[i] != '#'; i++) {
            if (u->len < RSP_UNIT_MAX)
                u->payload[u->len] = out[i];
            u->len++;
        }
        u->payload[u->len < RSP_UNIT_MAX ? u->len : RSP_UNIT_MAX] = 0;
        if (i + 2 < n) {
            int hi = nibble(out[i + 1]), lo = nibble(out[i + 2]);
            u->complete = 1;
            u->cs_ok = hi >= 0 && lo >= 0 &&
                       (unsigned)(hi << 4 | lo) ==
                           rsp_checksum(out + (i - u->len), u->len);
            i += 3;
        } else {
            i = n;
        }
    }
    return count;
}

long rsp_unescape(const char *s, size_t n, char *dst)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '}') {
            if (++i == n)
                return -1;
            dst[o++] = (char)(s[i] ^ 0x20);
        } else {
            dst[o++] = s[i];
        }
    }
    return (long)o;
}
