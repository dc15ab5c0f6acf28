/*
 * tdesc.c - the words and parts of the compact target description
 * (pmustub/tdesc.h): their texts one after the other, each with its NUL,
 * and the length of each (a byte, where a table of pointers takes four),
 * whose sum up to an entry is where its text starts.
 */
#include <stdint.h>
#include "pmustub/tdesc.h"

#define TDESC_X_TEXT(name, text) text "\0"
#define TDESC_P_TEXT(text) text "\0"
static const char texts[] = TDESC_WORDS(TDESC_X_TEXT) TDESC_PARTS(TDESC_P_TEXT);

/* sizeof a literal counts its NUL. */
#define TDESC_X_LEN(name, text) sizeof(text),
#define TDESC_P_LEN(text) sizeof(text),
static const uint8_t lens[TDESC_N_WORDS + TDESC_N_PARTS] = {
    TDESC_WORDS(TDESC_X_LEN) TDESC_PARTS(TDESC_P_LEN)};

_Static_assert(TDESC_WORD + TDESC_N_WORDS <= 0x100, "a word's byte is one byte");
_Static_assert(TDESC_PART + TDESC_N_PARTS <= 0x20, "parts' bytes are below ' '");

const char *stub_tdesc_text(unsigned char b)
{
    unsigned i;
    const char *t = texts;

    if (b >= TDESC_WORD)
        i = b - TDESC_WORD;
    else if (b >= TDESC_PART && b < TDESC_PART + TDESC_N_PARTS)
        i = TDESC_N_WORDS + (b - TDESC_PART);
    else
        return 0;
    while (i--)
        t += lens[i];
    return t;
}
