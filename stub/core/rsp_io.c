/*
 * rsp_io.c - GDB Remote Serial Protocol framing: $payload#cs, '+'/'-'
 * acknowledgement with retransmission, and no-ack mode (GDB manual,
 * "Overview" and "Packet Acknowledgment").
 */
#include "stub_internal.h"

static int noack;
/* One byte read while waiting for an ack that belongs to the next packet. */
static int pushback = -1;

static int next_char(void)
{
    int c = pushback;
    if (c >= 0) {
        pushback = -1;
        return c;
    }
    return stub_t->getc();
}

void rsp_set_noack(void)
{
    noack = 1;
}

void rsp_end_session(void)
{
    noack = 0; /* no-ack mode lasts for one connection (GDB manual) */
}

int rsp_recv(char *buf, unsigned max)
{
    for (;;) {
        int c, n = 0, overflow = 0, hi, lo;
        uint8_t sum = 0;

        /* Everything before '$' is noise: stray acks, a 0x03 that came
         * after the program had already stopped. */
        do {
            if ((c = next_char()) < 0)
                return -1;
        } while (c != '$');

        while ((c = next_char()) != '#') {
            if (c < 0)
                return -1;
            if (c == '$') { /* a new start: the previous packet was cut */
                n = 0, sum = 0, overflow = 0;
                continue;
            }
            sum = (uint8_t)(sum + c);
            if ((unsigned)n < max)
                buf[n++] = (char)c;
            else
                overflow = 1;
        }
        if ((c = next_char()) < 0 || (hi = hex_nibble((char)c)) < 0 ||
            (c = next_char()) < 0 || (lo = hex_nibble((char)c)) < 0 ||
            (uint8_t)(hi << 4 | lo) != sum) {
            if (c < 0)
                return -1;
            if (c == '$') { /* a new start where the checksum should be */
                pushback = c;
                continue;
            }
            if (!noack)
                stub_t->putc('-'); /* ask for it again */
            continue;
        }
        if (!noack)
            stub_t->putc('+');
        if (overflow) {
            /* Intact but longer than the PacketSize we advertised. */
            rsp_send_str("E01");
            continue;
        }
        buf[n] = 0;
        return n;
    }
}

void rsp_send(const char *payload, unsigned len)
{
    for (;;) {
        uint8_t sum = 0;
        int c;

        stub_t->putc('$');
        for (unsigned i = 0; i < len; i++) {
            stub_t->putc((uint8_t)payload[i]);
            sum = (uint8_t)(sum + (uint8_t)payload[i]);
        }
        stub_t->putc('#');
        stub_t->putc(stub_hexdigits[sum >> 4]);
        stub_t->putc(stub_hexdigits[sum & 15]);
        if (noack)
            return;
        /* Wait for the verdict. A '$' means GDB went on without acking (it
         * gave up on us); keep that byte for rsp_recv. End of input too. */
        do {
            c = next_char();
        } while (c >= 0 && c != '+' && c != '-' && c != '$');
        if (c == '-')
            continue;
        if (c == '$')
            pushback = c;
        return;
    }
}

void rsp_send_str(const char *s)
{
    unsigned n = 0;
    while (s[n])
        n++;
    rsp_send(s, n);
}
