/*
 * monitor_putx.c - stub_mon_putx (pmustub/target.h), in a file of its own
 * because only the ports' "monitor pmu" summary prints a hexadecimal
 * number (an identification register): a stub built without the summary
 * (PMUSTUB_PMU_SUMMARY off) does not call it, and a link pulls an
 * archive's member in only where a symbol of it is wanted.
 */
#include "stub_internal.h"

void stub_mon_putx(uint32_t v)
{
    char s[11];
    s[0] = '0', s[1] = 'x'; /* not an initialiser: GCC makes that a memset */
    for (int i = 0; i < 8; i++)
        s[2 + i] = stub_hexdigits[(v >> (28 - 4 * i)) & 15];
    s[10] = 0;
    stub_mon_puts(s);
}
