/*
 * tdesc_cursor_main.c - reads the arch's description pieces (the symbol
 * pmustub_mips_target_xml or pmustub_power_target_xml, SYMBOL at compile
 * time) through the stub's cursor (stub/core/tdesc.c) with the board's
 * rules, as qXfer:features:read does: all of it to stdout, then from
 * every offset pieces of several lengths, each checked against the
 * reading from the start. Exit status 1 at the first difference.
 */
#include <stdio.h>
#include <string.h>
#include "pmustub/tdesc.h"
#include "pmu_registry.h"

extern const char *const SYMBOL[];

static char text[65536];

int main(void)
{
    static const unsigned lengths[] = {1, 2, 3, 7, 509};
    struct tdesc_cursor c;
    size_t n = 0;
    int ch;

    tdesc_start(&c, SYMBOL, pmu_tdesc_rules);
    while ((ch = tdesc_peek(&c)) >= 0 && n < sizeof text) {
        text[n++] = (char)ch;
        tdesc_next(&c);
    }
    fwrite(text, 1, n, stdout);
    for (size_t off = 0; off <= n; off++) {
        for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++) {
            size_t i = 0;

            tdesc_start(&c, SYMBOL, pmu_tdesc_rules);
            tdesc_skip(&c, (uint32_t)off);
            for (; i < lengths[k] && (ch = tdesc_peek(&c)) >= 0; i++, tdesc_next(&c))
                if (off + i >= n || ch != (unsigned char)text[off + i]) {
                    fprintf(stderr, "offset %zu length %u: character %zu differs\n", off,
                            lengths[k], i);
                    return 1;
                }
            if (i != lengths[k] && off + i != n) {
                fprintf(stderr, "offset %zu length %u: ends after %zu\n", off, lengths[k], i);
                return 1;
            }
        }
    }
    return 0;
}
