/*
 * target_order.c - numbers in target byte order (agent.h): registers and
 * memory as the bytecode's ref and reg read them, and the trace buffer's
 * fields as the frames hold them.
 */
#include "trace/agent.h"

/* Four target-order bytes as a number. */
static uint32_t word_from_target(const uint8_t *b)
{
    return PMUSTUB_TARGET_BIG_ENDIAN
               ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]
               : (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
}

uint64_t agent_from_target(const uint8_t *b, unsigned n)
{
    uint64_t v = 0;

    /* A register's 4 or 8 bytes (a tracepoint hit reads its counters
     * through here) in 32-bit halves: a 64-bit shift a byte at a time is
     * several instructions a byte on a 32-bit core. */
    if (n == 4)
        return word_from_target(b);
    if (n == 8)
        return PMUSTUB_TARGET_BIG_ENDIAN
                   ? (uint64_t)word_from_target(b) << 32 | word_from_target(b + 4)
                   : (uint64_t)word_from_target(b + 4) << 32 | word_from_target(b);
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | b[PMUSTUB_TARGET_BIG_ENDIAN ? i : n - 1 - i];
    return v;
}

void agent_to_target(uint8_t *b, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++, v >>= 8)
        b[PMUSTUB_TARGET_BIG_ENDIAN ? n - 1 - i : i] = (uint8_t)v;
}
