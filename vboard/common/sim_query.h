/*
 * sim_query.h - vboard says it is a simulator, to the host only. Its
 * serial port (the host side of the UART: TCP or stdio, not the emulated
 * 16550) answers one GDB remote packet of its own, qPmustub.Simulator,
 * with "name=vboard;cpu=CORE", and never passes that packet to the UART:
 * the program and the stub see exactly what they would see on a board,
 * where the stub answers an unknown q packet with the empty reply. pmuctl
 * asks it to label counts as simulated (host/session/simulator.c).
 *
 * Ack mode: the query is acked with '+' (or '-' for a bad checksum) and
 * its answer waits for the host's verdict: a '+' is swallowed, a '-'
 * gets the answer again, anything else (a host in no-ack mode going on
 * with its next packet) is passed through.
 */
#ifndef VBOARD_SIM_QUERY_H
#define VBOARD_SIM_QUERY_H

#include <stdint.h>
#include "pmustub/wire.h"

#define SIM_QUERY_PACKET PMUSTUB_Q_SIMULATOR
/* Bytes a filter may hold back: "$" + the packet + "#" + checksum. */
#define SIM_QUERY_HOLD (sizeof(SIM_QUERY_PACKET) + 3)
#define SIM_QUERY_ANSWER_MAX 80

struct sim_query {
    char answer[SIM_QUERY_ANSWER_MAX]; /* framed: "$name=...#cs" */
    int state;
    unsigned matched;                  /* bytes of "$qPmustub.Simulator#cs" seen */
    uint8_t held[SIM_QUERY_HOLD];
};

/* core: the --cpu personality ("34k"). */
void sim_query_init(struct sim_query *q, const char *core);
/* A new host connection: forget any half-seen packet. */
void sim_query_reset(struct sim_query *q);
/* Takes n bytes from the host: those meant for the board go to board
 * (room for n + SIM_QUERY_HOLD), the count returned; vboard's own answer
 * goes to host (room for 2 * SIM_QUERY_ANSWER_MAX), its length in *nhost. */
unsigned sim_query_filter(struct sim_query *q, const uint8_t *in, unsigned n,
                          uint8_t *board, uint8_t *host, unsigned *nhost);

#endif
