/*
 * stub_internal.h - shared by the core's files; not part of any interface.
 */
#ifndef PMUSTUB_STUB_INTERNAL_H
#define PMUSTUB_STUB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "pmustub/stub.h"

/* PacketSize we advertise: the most payload bytes we accept in one packet,
 * and the longest reply. The build option PMUSTUB_PACKET_SIZE (default
 * 1024, where every reply the core builds fits: g is 72 registers x 8 hex
 * digits on MIPS). Smaller, a g reply ends at the last whole register that
 * fits and GDB reads the rest with p (docs/stub.md, "Footprint"). */
#ifndef STUB_PKT_MAX
#define STUB_PKT_MAX 1024
#endif
_Static_assert(STUB_PKT_MAX >= 256 && STUB_PKT_MAX <= 0xfff,
               "PacketSize: 256 to 4095 bytes (three hex digits in qSupported)");
/* Bytes of the packet buffer before a packet of the full PacketSize: its
 * reply's room (stub.c, pkt_buf). */
#define STUB_REPLY_ROOM 32
/* Breakpoints GDB may have inserted at once (Z0): the build option
 * PMUSTUB_BREAKPOINTS (default 32; 12 bytes of RAM each). */
#ifndef STUB_MAX_BREAKPOINTS
#define STUB_MAX_BREAKPOINTS 32
#endif

/* The port the stub runs on (port_ref.c): set once, by stub_init;
 * every other file of the core only reads it. */
extern const struct stub_target *stub_port;

/* The port's half of the interface (pmustub/target.h) as the core reaches
 * it: STUB_T(field) and, for a part the port may lack, STUB_HAS(field).
 * Through stub_port, by default and in the host unit tests. A port built into
 * one stub has its functions and constants fixed when it is compiled, and
 * may say so in a header the build names (PMUSTUB_PORT_BIND,
 * stub/CMakeLists.txt): it then defines STUB_T_<field> for every field
 * but the board's I/O and the description's pieces (getc, poll_getc,
 * putc, kill, keep, target_xml: set at start-up, always through stub_port),
 * and STUB_HAS_<field> for pmu, triple, break_at, steps_out_of_line,
 * quick_set and expedite; the core calls the port's functions directly,
 * where through stub_port each call loads the pointer, the field and calls
 * through it (tests/bench/footprint.sh's link, one-core small builds:
 * 34K -202 bytes, -386 with lean tracepoints; e200z7 -504, -880). The
 * port's stub_target must hold the same values. */
#ifdef PMUSTUB_PORT_BIND
#include PMUSTUB_PORT_BIND
#define STUB_T(f) STUB_T_##f
#define STUB_HAS(f) STUB_HAS_##f
#else
#define STUB_T(f) (stub_port->f)
#define STUB_HAS(f) (stub_port->f != 0)
#endif

/* Register and memory bytes cross the port interface in target order.
 * Both ports are big-endian; the host unit tests' fake port is too (-D on
 * the host). */
#ifndef PMUSTUB_TARGET_BIG_ENDIAN
#define PMUSTUB_TARGET_BIG_ENDIAN (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#endif

/* ---- rsp_io.c: framing ---- */
/* Receives one packet's payload (unescaped only of framing; binary '}'
 * escapes are left for the handler) into area (size bytes, the packet and
 * its NUL at most size - room of them: the PacketSize, plus one), at a
 * place that spares the last reply where it can; *pkt says where. Returns
 * its length, or -1 at end of input. Sends '+' / '-' as the ack mode
 * requires. */
int rsp_recv(char *area, unsigned size, unsigned room, char **pkt);
/* Sends a payload of len bytes, waiting for '+' in ack mode. */
void rsp_send(const char *payload, unsigned len);
void rsp_send_str(const char *s);
void rsp_set_noack(int on);
int rsp_noack(void);
/* A packet has started a new session (stub.c, new_session): ack it if the
 * last session left no-ack mode on, and return to ack mode; right after a
 * QStartNoAckMode, the client's answer to the next reply decides. */
void rsp_new_session(void);
/* The port took a packet's '$' from the line while the program ran (struct
 * stub_stop.packet): the next rsp_recv starts with it. */
void rsp_packet_begun(void);
/* QStartNoAckMode: ack it whatever the mode, reply OK, then no-ack mode. */
void rsp_start_noack(void);

/* ---- hex.c ---- */
/* Does s start with prefix? If so, *rest points past it. */
int str_starts(const char *s, const char *prefix, const char **rest);
extern const char stub_hexdigits[16];
int hex_nibble(char c); /* -1 if not hex */
/* Parses hex digits up to a non-hex char; *end points at it. Returns the
 * number of digits consumed (0 = none or overflow past 32 bits). */
int hex_u32(const char *s, uint32_t *out, const char **end);
/* Decodes exactly 2*n hex digits into n bytes; -1 on a non-hex digit. */
int hex_decode(const char *s, uint8_t *out, unsigned n);
char *hex_encode(char *dst, const uint8_t *src, unsigned n);

/* ---- reply buffer shared by the handlers ---- */
struct reply {
    char *buf;
    unsigned len, cap;
};
void reply_str(struct reply *r, const char *s);
void reply_hex_bytes(struct reply *r, const uint8_t *b, unsigned n);
void reply_hex_u32(struct reply *r, uint32_t v, unsigned digits);
/* Appends c with RSP binary escaping; returns 0, or -1 if it did not fit. */
int reply_binary(struct reply *r, char c);
void reply_error(struct reply *r, unsigned code);
/* "OK" for e == 0, else the error reply "E" e. */
void reply_ok_or_error(struct reply *r, unsigned e);
/* A packet's field: hex digits then sep (0: the end of the packet), *p
 * moved past both; 0 if it is not there. */
int hex_field(const char **p, uint32_t *v, char sep);

/* ---- handlers ---- */
/* What a handler returns: a resume request (enum stub_resume, 0 or more),
 * or one of these: the reply is in r for stub_serve to send
 * (KEEP_SERVING), or the handler sent it itself (REPLIED). */
enum { KEEP_SERVING = -1, REPLIED = -2 };
typedef int (*stub_handler)(char *pkt, unsigned len, struct reply *r);
int h_regs_g(char *pkt, unsigned len, struct reply *r);
int h_regs_G(char *pkt, unsigned len, struct reply *r);
int h_reg_p(char *pkt, unsigned len, struct reply *r);
int h_reg_P(char *pkt, unsigned len, struct reply *r);
int h_mem_m(char *pkt, unsigned len, struct reply *r);
int h_mem_M(char *pkt, unsigned len, struct reply *r);
int h_mem_X(char *pkt, unsigned len, struct reply *r);
int h_break_Z(char *pkt, unsigned len, struct reply *r);
int h_break_z(char *pkt, unsigned len, struct reply *r);
int h_query(char *pkt, unsigned len, struct reply *r);
int h_set_query(char *pkt, unsigned len, struct reply *r);
/* qRcmd's hex argument, decoded in place. */
int h_rcmd(char *hex, unsigned len, struct reply *r);
/* "monitor pmu" (monitor_pmu.c), listed when the port has a pmu. */
extern const struct stub_monitor_cmd stub_pmu_monitor_cmds[];
/* qPmustub.Pmu (monitor_pmu.c): the PMU's id register and freeze state
 * as data for host tools; the empty reply when the port has no table. */
void stub_pmu_query(struct reply *r);
/* qCRC's arguments "ADDR,LENGTH" (memory.c). */
void mem_crc(const char *args, struct reply *r);
/* qCRC's CRC-32 (memory.c), also of the target description (query.c). */
uint32_t stub_crc32(uint32_t crc, const uint8_t *p, unsigned n);

/* ---- breakpoints.c ---- */
int bp_is_ours(stub_addr_t addr);
void bp_remove_all(void);

/* ---- registers.c: the T packet's register list ---- */
void reply_expedited(struct reply *r);

#endif
