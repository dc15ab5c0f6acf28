/*
 * exchange.h - cmocka helpers that play GDB's side of one exchange with the
 * stub running on the fake port, and check the framing of what comes back.
 */
#ifndef PMUSTUB_EXCHANGE_H
#define PMUSTUB_EXCHANGE_H

#include <stddef.h>
#include <stdint.h>

#include "fake_port.h"
#include "rsp_frames.h"

/* The stub's whole output so far, cut into units; returns the count. */
int out_units(struct rsp_unit **units);

/* The kinds of the output's units in order, e.g. "+$" or "-+$". */
const char *out_kinds(void);
/* Asserts that reply is an error reply "Enn". */
void assert_error_reply(const char *reply);
/* Sends each of n packets in an exchange; asserts each gets "Enn". */
void assert_errors(const char *const *pkts, size_t n);

/* Clears the I/O, sends payload framed as GDB would followed by the '+'
 * that acks the reply, serves until the input ends, and asserts that the
 * stub acked with '+' and sent exactly one well-formed packet. Returns the
 * reply payload, NUL-terminated, valid until the next call. */
const char *exchange(const char *payload);
const char *exchange_bin(const void *payload, size_t n, size_t *reply_len);

/* Runs "monitor <cmd>" (qRcmd) and returns its decoded output text ("" for
 * an OK reply), valid until the next call. */
const char *monitor(const char *cmd);

/* Sends a packet that must resume the program: asserts that stub_serve()
 * returns 1 after acking it, with nothing else sent. */
void expect_resume(const char *payload);

/* Lower-case hex of n bytes into dst (2n + 1 bytes); returns dst. */
char *to_hex(char *dst, const void *src, size_t n);
/* Asserts the fake's memory from addr equals n bytes of want. */
void assert_mem(uint32_t addr, const void *want, size_t n);
/* Asserts the fake's memory from addr holds its pristine pattern. */
void assert_mem_pristine(uint32_t addr, size_t n);

#endif
