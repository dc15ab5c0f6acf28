/*
 * memory.c - m, M, X and qCRC. The port's accessors are fault-safe; here we
 * only parse, bound and validate, so that a bad packet changes nothing.
 * Bytes go through trace_view(): a trace frame's while GDB looks at one.
 */
#include "trace.h"

#define MEM_CHUNK 64

/* Parses "ADDR,LEN" at s; *end points past LEN. */
static int parse_addr_len(const char *s, stub_addr_t *addr, uint32_t *n,
                          const char **end)
{
    const char *p;

    if (!hex_u32(s, addr, &p) || *p != ',' || !hex_u32(p + 1, n, end))
        return -1;
    /* The range must not wrap around the address space. */
    if (*n && *addr + (*n - 1) < *addr)
        return -1;
    return 0;
}

int h_mem_m(char *pkt, unsigned len, struct reply *r)
{
    const struct trace_access *t = trace_view();
    stub_addr_t addr;
    uint32_t n;
    const char *end;
    uint8_t chunk[MEM_CHUNK];
    unsigned step = MEM_CHUNK;

    if (parse_addr_len(pkt + 1, &addr, &n, &end) || end != pkt + len) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    if (n > r->cap / 2)
        n = r->cap / 2; /* GDB accepts a shorter reply and asks again */
    while (n) {
        unsigned k = n < step ? n : step;
        if (t->mem_read(addr, chunk, k) != STUB_MEM_OK) {
            if (k > 1) {
                /* A port fails a whole access on any fault: narrow down
                 * to the first unreadable byte. */
                step = k / 2;
                continue;
            }
            if (r->len == 0)
                reply_error(r, 0x0e); /* nothing readable at addr */
            return KEEP_SERVING; /* else: the part before the fault */
        }
        reply_hex_bytes(r, chunk, k);
        addr += k;
        n -= k;
    }
    return KEEP_SERVING;
}

/* Shared tail of M and X once the data is decoded into buf. */
static void write_and_reply(stub_addr_t addr, const uint8_t *buf, uint32_t n,
                            struct reply *r)
{
    if (n && trace_view()->mem_write(addr, buf, n) != STUB_MEM_OK)
        reply_error(r, 0x0e);
    else
        reply_str(r, "OK");
}

int h_mem_M(char *pkt, unsigned len, struct reply *r)
{
    stub_addr_t addr;
    uint32_t n;
    const char *end;
    /* Decoded in place: byte i lands at or before digit 2i. */
    uint8_t *buf;

    if (parse_addr_len(pkt + 1, &addr, &n, &end) || *end != ':' ||
        (unsigned)(pkt + len - (end + 1)) != 2 * n ||
        hex_decode(end + 1, buf = (uint8_t *)pkt + (end + 1 - pkt), n) < 0) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    write_and_reply(addr, buf, n, r);
    return KEEP_SERVING;
}

int h_mem_X(char *pkt, unsigned len, struct reply *r)
{
    stub_addr_t addr;
    uint32_t n, got = 0;
    const char *end, *p, *stop = pkt + len;
    uint8_t *buf; /* unescaped in place: never ahead of the reading */

    if (parse_addr_len(pkt + 1, &addr, &n, &end) || *end != ':' ||
        n > len) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    buf = (uint8_t *)pkt + (end + 1 - pkt);
    /* Undo the binary escaping ('}' then the byte xor 0x20). */
    for (p = end + 1; p < stop && got < n; p++) {
        char c = *p;
        if (c == '}') {
            if (++p == stop)
                break;
            c = (char)(*p ^ 0x20);
        }
        buf[got++] = (uint8_t)c;
    }
    if (got != n || p != stop) {
        reply_error(r, 0x01);
        return KEEP_SERVING;
    }
    write_and_reply(addr, buf, n, r);
    return KEEP_SERVING;
}

/* GDB sends qCRC's address as BFD has the section's LMA, which is
 * sign-extended for MIPS ELF32 (qCRC:ffffffff80100000,3fe8, measured with
 * gdb-multiarch 13.1): up to eight more leading digits are accepted when
 * they are all 0 or all f, a 32-bit address widened. */
static const char *skip_widening(const char *s)
{
    unsigned n = 0, i;

    while (hex_nibble(s[n]) >= 0)
        n++;
    if (n <= 8 || n > 16)
        return s;
    for (i = 1; i < n - 8; i++)
        if (s[i] != s[0])
            return s;
    return s[0] == '0' || s[0] == 'f' || s[0] == 'F' ? s + n - 8 : s;
}

/* GDB's CRC-32: polynomial 0x04c11db7, most significant bit first, no
 * reflection, no final xor; GDB starts it at 0xffffffff. It is what
 * gdbserver's qCRC computes (gdbserver/server.cc crc32(), with libiberty's
 * xcrc32) and what compare-sections computes over the ELF's section
 * (gdb/remote.c). Bitwise: 8 shifts a byte cost less flash than a 1 KiB
 * table. */
uint32_t stub_crc32(uint32_t crc, const uint8_t *p, unsigned n)
{
    while (n--) {
        crc ^= (uint32_t)*p++ << 24;
        for (int b = 0; b < 8; b++)
            crc = crc & 0x80000000u ? crc << 1 ^ 0x04c11db7u : crc << 1;
    }
    return crc;
}

/* qCRC:ADDR,LENGTH (GDB manual, "General Query Packets"): "C" and the
 * CRC-32 in hex, or E on a memory fault anywhere in the range. */
void mem_crc(const char *args, struct reply *r)
{
    const struct trace_access *t = trace_view();
    stub_addr_t addr;
    uint32_t n, crc = 0xffffffffu;
    const char *end;
    uint8_t chunk[MEM_CHUNK];

    if (parse_addr_len(skip_widening(args), &addr, &n, &end) || *end) {
        reply_error(r, 0x01);
        return;
    }
    while (n) {
        unsigned k = n < MEM_CHUNK ? n : MEM_CHUNK;
        if (t->mem_read(addr, chunk, k) != STUB_MEM_OK) {
            reply_error(r, 0x0e);
            return;
        }
        crc = stub_crc32(crc, chunk, k);
        addr += k;
        n -= k;
    }
    reply_str(r, "C");
    reply_hex_u32(r, crc, 8);
}
