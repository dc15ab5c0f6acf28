/*
 * tdesc_text.c - see tdesc_text.h.
 */
#include "tdesc_text.h"

#include <assert.h>
#include <string.h>

#include "pmustub/tdesc.h"

const char *tdesc_text(const char *piece)
{
    static char text[1 << 16];
    size_t n = 0;

    for (const unsigned char *p = (const unsigned char *)piece; *p; p++) {
        const char *w = stub_tdesc_text(*p);
        size_t len = w ? strlen(w) : 1;
        assert(n + len < sizeof text);
        memcpy(text + n, w ? w : (const char *)p, len);
        n += len;
    }
    text[n] = 0;
    return text;
}
