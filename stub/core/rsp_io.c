/*
 * rsp_io.c - GDB Remote Serial Protocol framing: $payload#cs, '+'/'-'
 * acknowledgement with retransmission, and no-ack mode (GDB manual,
 * "Overview" and "Packet Acknowledgment").
 *
 * A noisy line never wedges the stub: whatever came before a '$' is
 * skipped, a '$' restarts a packet wherever it comes, a bad checksum gets
 * '-' (in ack mode) and the next good packet is served; a '-' gets the last
 * reply again, whether it comes while the stub waits for the reply's ack or
 * after the stub gave up waiting (a noise '$' ends that wait).
 *
 * Which mode a client speaks is not always what the stub last agreed: the
 * line has no connection event, and clients negotiate in two orders
 * (docs/stub.md, "Sessions"). GDB sends qSupported first, in ack mode, and
 * QStartNoAckMode after it; LLDB sends QStartNoAckMode first and qSupported
 * right after it, in no-ack mode (measured with LLDB 14).
 */
#include "stub_internal.h"

static int noack;
/* QStartNoAckMode was the last packet (noack_asked) or the one before the
 * packet being served (after_noack_ask). */
static int noack_asked, after_noack_ask;
/* The next reply's ack tells the client's mode: '+' or '-' ack mode, the
 * '$' of its next packet no-ack mode. */
static int mode_by_verdict;
/* One byte read while waiting for an ack that belongs to the next packet. */
static int pushback = -1;
/* The reply a '-' asks for again; NULL once a new packet has come, or
 * has overwritten it (the packet and its reply share a buffer). */
static const char *last_reply;
static unsigned last_len;

static int next_char(void)
{
    int c = pushback;
    if (c >= 0) {
        pushback = -1;
        return c;
    }
    return stub_port->getc();
}

void rsp_set_noack(int on)
{
    noack = on;
}

int rsp_noack(void)
{
    return noack;
}

void rsp_new_session(void)
{
    /* The packet that starts a session came in ack mode (GDB negotiates
     * no-ack only after qSupported) and GDB waits for its '+', which
     * rsp_recv did not send if the last session left no-ack mode on. */
    if (noack)
        stub_port->putc('+');
    noack = 0;
    /* Right after a QStartNoAckMode, qSupported is LLDB's second packet,
     * in no-ack mode; or the first of a GDB after a session that ended
     * as it turned no-ack on, in ack mode. The same bytes so far: the
     * client's answer to the reply decides. (The '+' above does LLDB no
     * harm: it drops a '+' where a packet should be, as GDB does.) */
    mode_by_verdict = after_noack_ask;
}

void rsp_packet_begun(void)
{
    pushback = '$';
}

void rsp_start_noack(void)
{
    /* Every client asks in ack mode (this is the packet that ends it). In
     * no-ack mode the asker is a new client after one that left no-ack
     * mode on (LLDB after GDB's "disconnect"), and waits for its '+'. */
    if (noack)
        stub_port->putc('+');
    noack = 0;
    rsp_send_str("OK");
    noack = 1; /* only after the client has acked our OK */
    noack_asked = 1;
}

/* Where a packet's bytes go in the shared buffer (stub.c): after the last
 * reply while they fit, so that a '-' can still have it (the client's
 * answer to a reply that came garbled may cross a new packet of its own);
 * moved down to the reply room when a long packet needs the space, which
 * ends the last reply's keeping. */
struct landing {
    char *area, *at;
    unsigned room, end; /* end: the packet's bytes stop at area + end */
};

static void land_start(struct landing *l)
{
    unsigned from = l->room;
    if (last_reply == l->area && last_len > from)
        from = last_len;
    l->at = l->area + from;
}

/* Room for byte n of the packet: moves the bytes so far down if needed;
 * 0 when the packet is longer than PacketSize. */
static int land_fits(struct landing *l, unsigned n)
{
    char *low = l->area + l->room;
    if (l->at + n < l->area + l->end)
        return 1;
    if (l->at == low)
        return 0;
    last_reply = 0; /* overwritten from here on */
    for (unsigned i = 0; i < n; i++)
        low[i] = l->at[i];
    l->at = low;
    return 1;
}

int rsp_recv(char *area, unsigned size, unsigned room, char **pkt)
{
    struct landing l = {area, area, room, size - 1};

    for (;;) {
        int c, n = 0, overflow = 0, hi, lo;
        uint8_t sum = 0;

        /* Everything before '$' is noise: stray acks, a 0x03 that came
         * after the program had already stopped. Except a '-': GDB did not
         * get our last reply, and the wait for its ack is over. */
        do {
            if ((c = next_char()) < 0)
                return -1;
            if (c == '-' && !noack && last_reply)
                rsp_send(last_reply, last_len);
        } while (c != '$');

        land_start(&l);
        while ((c = next_char()) != '#') {
            if (c < 0)
                return -1;
            if (c == '$') { /* a new start: the previous packet was cut */
                n = 0, sum = 0, overflow = 0;
                continue;
            }
            sum = (uint8_t)(sum + c);
            if (!overflow && land_fits(&l, (unsigned)n))
                l.at[n++] = (char)c;
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
                stub_port->putc('-'); /* ask for it again */
            continue;
        }
        if (!noack)
            stub_port->putc('+');
        last_reply = 0;
        after_noack_ask = noack_asked;
        noack_asked = 0;
        if (overflow) {
            /* Intact but longer than the PacketSize we advertised. */
            rsp_send_str("E01");
            continue;
        }
        l.at[n] = 0;
        *pkt = l.at;
        return n;
    }
}

void rsp_send(const char *payload, unsigned len)
{
    last_reply = payload;
    last_len = len;
    for (;;) {
        uint8_t sum = 0;
        int c;

        stub_port->putc('$');
        for (unsigned i = 0; i < len; i++) {
            stub_port->putc((uint8_t)payload[i]);
            sum = (uint8_t)(sum + (uint8_t)payload[i]);
        }
        stub_port->putc('#');
        stub_port->putc(stub_hexdigits[sum >> 4]);
        stub_port->putc(stub_hexdigits[sum & 15]);
        if (noack)
            return;
        /* Wait for the verdict. A '$' means GDB went on without acking (it
         * gave up on us, or the ack was lost); keep that byte for rsp_recv.
         * End of input too. */
        do {
            c = next_char();
        } while (c >= 0 && c != '+' && c != '-' && c != '$');
        if (c == '-')
            continue;
        if (c == '$') {
            pushback = c;
            /* No ack, and the client had asked for no-ack mode. */
            noack = mode_by_verdict;
        }
        mode_by_verdict = 0;
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
