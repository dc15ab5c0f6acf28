/*
 * tdesc.c - the words of the compact target description (pmustub/tdesc.h).
 */
#include "pmustub/tdesc.h"

#define TDESC_X_TEXT(name, text) text,
const char *const stub_tdesc_words[TDESC_N_WORDS] = {TDESC_WORDS(TDESC_X_TEXT)};
