/*
 * tdesc_text.h - a piece of the stub's target description (the compact
 * form of pmustub/tdesc.h) as the text GDB reads, for tests that look
 * into a piece.
 */
#ifndef PMUSTUB_TEST_TDESC_TEXT_H
#define PMUSTUB_TEST_TDESC_TEXT_H

#include <stdint.h>

/* The text of piece (rules: the board's, pmu_tdesc_rules, or NULL), in a
 * buffer the next call reuses. */
const char *tdesc_text(const char *piece, const uint8_t (*rules)[2]);

#endif
