/*
 * trace_hex.c - numbers in the tracepoint packets and in the stored
 * actions: big-endian fields, and hex wider than hex.c's 32 bits (GDB
 * sends 64-bit values and sign-extended MIPS addresses, and reads
 * numbers without leading zeros).
 */
#include "trace/trace_internal.h"

/* ---- fields of the stored actions ---- */

uint16_t trace_get16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

uint32_t trace_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* ---- hex in packets ---- */

/* Up to 16 digits; the value wraps past 64 bits, so more is refused. */
static int hex_u64(const char *s, uint64_t *out, const char **end)
{
    int n = 0, d;
    uint64_t v = 0;

    while ((d = hex_nibble(s[n])) >= 0 && n < 17)
        v = v << 4 | (unsigned)d, n++;
    *end = s + n;
    *out = v;
    return n <= 16 ? n : 0;
}

int trace_hex_addr(const char *s, uint32_t *out, const char **end)
{
    uint64_t v;
    int n = hex_u64(s, &v, end);
    /* A 32-bit address, maybe sign-extended (BFD's MIPS ELF32 addresses
     * are, measured in qCRC: memory.c). */
    if (!n || (v >> 32 != 0 && v >> 31 != 0x1ffffffffull))
        return 0;
    *out = (uint32_t)v;
    return n;
}

int trace_hex_s64(const char *s, int64_t *out, const char **end)
{
    uint64_t v;
    int neg = *s == '-', n = hex_u64(s + neg, &v, end);
    *out = neg ? -(int64_t)v : (int64_t)v;
    return n;
}

/* Without leading zeros, in 32-bit halves (a 64-bit shift by a variable
 * count is a libgcc call on a 32-bit core). */
static unsigned digits32(uint32_t v)
{
    unsigned d = 1;
    while (d < 8 && v >> (4 * d))
        d++;
    return d;
}

void reply_hex_u64(struct reply *r, uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    if (hi) {
        reply_hex_u32(r, hi, digits32(hi));
        reply_hex_u32(r, lo, 8);
    } else {
        reply_hex_u32(r, lo, digits32(lo));
    }
}
