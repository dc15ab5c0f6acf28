/*
 * tdesc_text.c - see tdesc_text.h.
 */
#include "tdesc_text.h"

#include <assert.h>
#include <stddef.h>

#include "pmustub/tdesc.h"

const char *tdesc_text(const char *piece, const uint8_t (*rules)[2])
{
    static char text[1 << 16];
    const char *const pieces[2] = {piece, 0};
    struct tdesc_cursor c;
    size_t n = 0;
    int ch;

    for (tdesc_start(&c, pieces, rules); (ch = tdesc_peek(&c)) >= 0; tdesc_next(&c)) {
        assert(n + 1 < sizeof text);
        text[n++] = (char)ch;
    }
    text[n] = 0;
    return text;
}
