/*
 * tdesc.c - the words and parts of the compact target description
 * (pmustub/tdesc.h).
 */
#include "pmustub/tdesc.h"

#define TDESC_X_TEXT(name, text) text,
const char *const stub_tdesc_words[TDESC_N_WORDS] = {TDESC_WORDS(TDESC_X_TEXT)};

#define TDESC_P_TEXT(text) text,
const char *const stub_tdesc_parts[TDESC_N_PARTS] = {TDESC_PARTS(TDESC_P_TEXT)};

_Static_assert(TDESC_WORD + TDESC_N_WORDS <= 0x100, "a word's byte is one byte");
_Static_assert(TDESC_PART + TDESC_N_PARTS <= 0x20, "parts' bytes are below ' '");

const char *stub_tdesc_text(unsigned char b)
{
    if (b >= TDESC_WORD)
        return stub_tdesc_words[b - TDESC_WORD];
    if (b >= TDESC_PART && b < TDESC_PART + TDESC_N_PARTS)
        return stub_tdesc_parts[b - TDESC_PART];
    return 0;
}
