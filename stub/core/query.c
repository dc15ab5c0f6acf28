/*
 * query.c - q/Q packets: qSupported, qXfer:features:read, qAttached,
 * qRcmd (monitor.c), qCRC (memory.c), qPmustub.Pmu (monitor_pmu.c),
 * qPmustub.Tdesc (what identifies the description),
 * QStartNoAckMode, qOffsets, LLDB's qHostInfo and qProcessInfo, and the
 * tracepoint packets (trace.c, trace_frames.c). Anything else gets the
 * empty reply, which GDB reads as "not supported".
 */
#include "trace.h"
#include "sample/sample.h"
#include "stat/interval.h"
#include "pmustub/tdesc.h"
#include "pmustub/wire.h"

/* The target description is the concatenation of the port's pieces, each
 * in the compact form of pmustub/tdesc.h, which a cursor spells out. */
static void xml_seek(struct tdesc_cursor *c, uint32_t off)
{
    tdesc_start(c, stub_port->target_xml, stub_port->tdesc_rules);
    tdesc_skip(c, off);
}

/* qXfer:features:read:ANNEX:OFFSET,LENGTH (GDB manual, "General Query
 * Packets"): 'm' + data when more follows, 'l' + data at the end. */
static void xfer_features(const char *args, struct reply *r)
{
    const char *p;
    uint32_t off, n;
    struct tdesc_cursor cur;
    int c;

    if (!str_starts(args, "target.xml:", &p) || !stub_port->target_xml) {
        reply_error(r, 0x00); /* unknown annex */
        return;
    }
    if (!hex_u32(p, &off, &p) || *p != ',' || !hex_u32(p + 1, &n, &p) ||
        *p != 0) {
        reply_error(r, 0x00);
        return;
    }
    reply_str(r, "m");
    xml_seek(&cur, off);
    while (n && (c = tdesc_peek(&cur)) >= 0) {
        if (reply_binary(r, (char)c) < 0)
            break; /* reply full: the rest comes with the next request */
        tdesc_next(&cur);
        n--;
    }
    if (tdesc_peek(&cur) < 0)
        r->buf[0] = 'l';
}

/* PMUSTUB_Q_TDESC: "CRC,LEN" of the description as qXfer sends it, so that
 * a host that has read it before may keep it (pmustub/wire.h). Walked
 * once, at the first ask: the description is fixed from boot (the port
 * picks the core's feature before the first stop). */
static void tdesc_id(struct reply *r)
{
    static uint32_t crc, len;
    struct tdesc_cursor cur;
    unsigned digits = 1;
    int c;

    if (!len) {
        crc = 0xffffffffu;
        for (xml_seek(&cur, 0); (c = tdesc_peek(&cur)) >= 0; tdesc_next(&cur)) {
            uint8_t b = (uint8_t)c;
            crc = stub_crc32(crc, &b, 1);
            len++;
        }
    }
    while (digits < 8 && len >> (4 * digits))
        digits++;
    reply_hex_u32(r, crc, 8);
    reply_str(r, ",");
    reply_hex_u32(r, len, digits);
}

/* LLDB's qHostInfo and qProcessInfo (lldb/docs/resources/lldbgdbremote.md):
 * "key:value;" pairs. The triple is hex-encoded; it is what LLDB builds
 * the architecture from when the reply has one (cputype and cpusubtype
 * are Mach-O numbers, read only without a triple, so they are left out).
 * ptrsize is decimal in qHostInfo and hex in qProcessInfo: the same digit
 * for 4. The port says what it is (stub_target.triple, big_endian). */
static void target_info(struct reply *r)
{
    const char *t = STUB_T(triple);
    unsigned n = 0;

    while (t[n])
        n++;
    reply_str(r, "triple:");
    reply_hex_bytes(r, (const uint8_t *)t, n);
    reply_str(r, STUB_T(big_endian) ? ";endian:big" : ";endian:little");
    reply_str(r, ";ptrsize:");
    reply_hex_u32(r, sizeof(stub_addr_t), 1);
    reply_str(r, ";");
}

/* The queries only LLDB sends (GDB never does). */
static int lldb_query(const char *pkt, struct reply *r)
{
    const char *rest;

    if (!STUB_HAS(triple))
        return 0;
    if (str_starts(pkt, "qHostInfo", &rest) && !*rest) {
        target_info(r);
    } else if (str_starts(pkt, "qProcessInfo", &rest) && !*rest) {
        /* One program, which LLDB already calls process 1. */
        reply_str(r, "pid:1;");
        target_info(r);
    } else {
        return 0;
    }
    return 1;
}

int h_query(char *pkt, unsigned len, struct reply *r)
{
    const char *rest;

    if (str_starts(pkt, "qSupported", &rest)) {
        /* stub.c has started a new session (h_q). */
        reply_str(r, "PacketSize=");
        reply_hex_u32(r, STUB_PKT_MAX, 3);
        reply_str(r, ";qXfer:features:read+;QStartNoAckMode+;swbreak+"
                     TRACE_FEATURES);
        sample_features(r);
        reply_str(r, INTERVAL_FEATURES);
    } else if (str_starts(pkt, "qXfer:features:read:", &rest)) {
        xfer_features(rest, r);
    } else if (str_starts(pkt, "qAttached", &rest)) {
        reply_str(r, "1"); /* quitting GDB detaches rather than kills */
    } else if (str_starts(pkt, "qRcmd,", &rest)) {
        h_rcmd(pkt + (rest - pkt), len - (unsigned)(rest - pkt), r);
    } else if (str_starts(pkt, "qCRC:", &rest)) {
        mem_crc(rest, r);
    } else if (str_starts(pkt, PMUSTUB_Q_TDESC, &rest) && !*rest &&
               stub_port->target_xml) {
        tdesc_id(r);
    } else if (str_starts(pkt, PMUSTUB_Q_PMU, &rest) && !*rest) {
        stub_pmu_query(r);
    } else if (str_starts(pkt, "qOffsets", &rest) && !*rest) {
        /* The program runs where it is linked: nothing is relocated. LLDB
         * places the ELF's sections at their addresses on this reply
         * (GDB likewise, with nothing to move). */
        reply_str(r, "Text=0;Data=0;Bss=0");
    } else if (lldb_query(pkt, r) || sample_query(pkt, r)) {
        ;
    } else {
        (void)trace_query(pkt, r);
    }
    return KEEP_SERVING;
}

int h_set_query(char *pkt, unsigned len, struct reply *r)
{
    const char *rest;

    (void)len;
    if (str_starts(pkt, "QStartNoAckMode", &rest) && !*rest) {
        rsp_start_noack();
        r->len = 0;
        return REPLIED; /* replied already */
    }
    if (!sample_set_query(pkt, r) && !interval_set_query(pkt, r))
        (void)trace_set_query(pkt, r);
    return KEEP_SERVING;
}
