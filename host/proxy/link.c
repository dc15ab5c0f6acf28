/*
 * proxy/link.c - RSP frames relayed as they came (GDB manual, "Overview":
 * $payload#cs; binary data, '}' escapes and '*' runs pass untouched, so
 * the checksum stays the sender's), with each side's own ack mode: a
 * packet read is acked to its sender unless that side is in no-ack mode
 * ("Packet Acknowledgment"), and a packet written waits for its '+' on a
 * side that still acks.
 */
#include <string.h>

#include "proxy/link.h"
#include "rsp/rsp.h"

int link_buffered(const struct proxy_side *s)
{
    return s->conn->pos < s->conn->len;
}

int link_read(struct proxy_side *s, char *frame, size_t cap, size_t *len,
              int timeout_ms)
{
    for (;;) {
        int c = conn_getc(s->conn, timeout_ms);
        if (c < 0)
            return c;
        if (c == 0x03)
            return LINK_BREAK;
        if (c != '$')
            continue; /* acks, and noise between packets */
        size_t n = 0;
        unsigned sum = 0;
        frame[n++] = '$';
        while ((c = conn_getc(s->conn, timeout_ms)) >= 0 && c != '#' && n + 4 < cap) {
            frame[n++] = (char)c;
            sum += (unsigned)c;
        }
        if (c < 0)
            return c;
        if (c != '#')
            continue; /* longer than any packet: not one */
        frame[n++] = '#';
        for (int i = 0; i < 2; i++) {
            if ((c = conn_getc(s->conn, timeout_ms)) < 0)
                return c;
            frame[n++] = (char)c;
        }
        frame[n] = 0;
        int hi = rsp_hexval((unsigned char)frame[n - 2]),
            lo = rsp_hexval((unsigned char)frame[n - 1]);
        int ok = hi >= 0 && lo >= 0 && (unsigned)(hi << 4 | lo) == (sum & 0xff);
        if (!s->noack && (c = conn_write(s->conn, ok ? "+" : "-", 1)))
            return c;
        if (!ok)
            continue; /* sent again after our '-'; in no-ack mode, lost */
        *len = n;
        return LINK_PACKET;
    }
}

int link_write(struct proxy_side *s, const char *frame, size_t n, int timeout_ms)
{
    for (;;) {
        int c = conn_write(s->conn, frame, n);
        if (c || s->noack)
            return c;
        while ((c = conn_getc(s->conn, timeout_ms)) >= 0 && c != '+' && c != '-' &&
               c != '$' && c != 0x03)
            ;
        if (c == '$' || c == 0x03) {
            conn_ungetc(s->conn); /* its next packet: our '+' was lost */
            return CONN_OK;
        }
        if (c != '-')
            return c == '+' ? CONN_OK : c;
    }
}

size_t link_frame(const char *payload, size_t n, char *frame, size_t cap)
{
    static const char hexdig[] = "0123456789abcdef";
    size_t o = 0;
    unsigned sum = 0;

    if (cap < 5)
        return 0;
    frame[o++] = '$';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)payload[i];
        int esc = c == '$' || c == '#' || c == '}' || c == '*';
        if (o + 5 + (size_t)esc > cap)
            return 0;
        if (esc) {
            frame[o++] = '}';
            sum += '}';
            c ^= 0x20;
        }
        frame[o++] = (char)c;
        sum += c;
    }
    frame[o++] = '#';
    frame[o++] = hexdig[(sum >> 4) & 15];
    frame[o++] = hexdig[sum & 15];
    frame[o] = 0;
    return o;
}
