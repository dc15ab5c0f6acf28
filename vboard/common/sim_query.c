/*
 * sim_query.c - the simulator's own query on the host side of the serial
 * line (sim_query.h). Framing as GDB's remote protocol: $payload#cs, cs
 * the modulo-256 sum of the payload in two hex digits (GDB manual,
 * "Overview").
 */
#include "sim_query.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { IDLE, MATCHING, VERDICT };

static const char pattern[] = "$" SIM_QUERY_PACKET "#";
#define PATTERN_LEN (sizeof(pattern) - 1)

static unsigned checksum(const char *p)
{
    unsigned sum = 0;
    while (*p)
        sum += (unsigned char)*p++;
    return sum & 0xffu;
}

void sim_query_init(struct sim_query *q, const char *core)
{
    char payload[SIM_QUERY_ANSWER_MAX - 4];
    memset(q, 0, sizeof(*q));
    snprintf(payload, sizeof(payload), "name=vboard;cpu=%s", core);
    snprintf(q->answer, sizeof(q->answer), "$%s#%02x", payload, checksum(payload));
}

void sim_query_reset(struct sim_query *q)
{
    q->state = IDLE;
    q->matched = 0;
}

static unsigned put(uint8_t *out, unsigned at, const char *s)
{
    size_t n = strlen(s);
    memcpy(out + at, s, n);
    return at + (unsigned)n;
}

/* A whole query with its two checksum digits is in held: answer it. */
static void answer(struct sim_query *q, uint8_t *host, unsigned *nhost)
{
    char cs[3] = { (char)q->held[PATTERN_LEN], (char)q->held[PATTERN_LEN + 1], 0 };
    if (!isxdigit((unsigned char)cs[0]) || !isxdigit((unsigned char)cs[1]) ||
        strtoul(cs, NULL, 16) != checksum(SIM_QUERY_PACKET)) {
        *nhost = put(host, *nhost, "-"); /* garbled: the host sends it again */
        q->state = IDLE;
        return;
    }
    *nhost = put(host, *nhost, "+");
    *nhost = put(host, *nhost, q->answer);
    q->state = VERDICT;
}

unsigned sim_query_filter(struct sim_query *q, const uint8_t *in, unsigned n,
                          uint8_t *board, uint8_t *host, unsigned *nhost)
{
    unsigned nb = 0;
    *nhost = 0;
    for (unsigned i = 0; i < n; i++) {
        uint8_t c = in[i];
        if (q->state == VERDICT) {
            q->state = IDLE;
            if (c == '+')
                continue;
            if (c == '-') {
                *nhost = put(host, *nhost, q->answer);
                q->state = VERDICT;
                continue;
            }
        }
        if (q->state == MATCHING) {
            /* the pattern, then any two bytes but a '$' as its checksum */
            if (q->matched < PATTERN_LEN ? c == (uint8_t)pattern[q->matched]
                                         : c != '$') {
                q->held[q->matched++] = c;
                if (q->matched == PATTERN_LEN + 2)
                    answer(q, host, nhost);
                continue;
            }
            /* Another packet: what was held is the board's. */
            memcpy(board + nb, q->held, q->matched);
            nb += q->matched;
            q->state = IDLE;
        }
        if (c == '$') {
            q->state = MATCHING;
            q->held[0] = c;
            q->matched = 1;
            continue;
        }
        board[nb++] = c;
    }
    return nb;
}
