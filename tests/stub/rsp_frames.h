/*
 * rsp_frames.h - GDB Remote Serial Protocol framing as GDB does it, for the
 * tests' side of the line: frame a payload with its checksum, and cut the
 * stub's output into acks and packets (GDB manual, "Overview").
 */
#ifndef PMUSTUB_RSP_FRAMES_H
#define PMUSTUB_RSP_FRAMES_H

#include <stddef.h>

#define RSP_UNIT_MAX 4096

/* The modulo-256 sum of the payload bytes. */
unsigned rsp_checksum(const void *payload, size_t n);
/* Writes "$payload#cs" to dst (room for n + 4 bytes); returns its length. */
size_t rsp_frame(char *dst, const void *payload, size_t n);

/* One thing the stub sent. */
struct rsp_unit {
    char kind;      /* '+', '-', '$' (a packet), or '?' (anything else) */
    int cs_ok;      /* '$': the checksum matched the payload */
    int complete;   /* '$': '#' and two checksum digits were present */
    size_t len;     /* '$': payload length (may exceed RSP_UNIT_MAX) */
    char payload[RSP_UNIT_MAX + 1]; /* NUL-terminated, cut at RSP_UNIT_MAX */
};

/* Splits out[0..n) into at most max units; returns how many were found. */
int rsp_split(const char *out, size_t n, struct rsp_unit *units, int max);

/* Undoes the binary escaping of a reply ('}' then byte ^ 0x20); returns
 * the decoded length, or -1 on a '}' at the end. */
long rsp_unescape(const char *s, size_t n, char *dst);

#endif
