/*
 * sample/freq.c - see freq.h.
 */
#include "sample/freq.h"

#include <stdio.h>
#include <string.h>

int sample_period_from_freq(const char *event, const char *core, double mhz,
                            double freq, unsigned long *period, char *err,
                            size_t errlen)
{
    double p;

    /* EVENT[:MODES]: the name before its modes. */
    if (strcspn(event, ":") != 6 || strncmp(event, "cycles", 6)) {
        snprintf(err, errlen, "-F sets a period from the core's clock, which "
                 "gives a rate of cycles only: for %s give EVENT:PERIOD", event);
        return -1;
    }
    if (!(mhz > 0)) {
        snprintf(err, errlen, "-F needs the core's clock to turn %g samples a "
                 "second into a period of cycles, and the registry has none "
                 "for the %s: give --mhz MHZ, or cycles:PERIOD", freq, core);
        return -1;
    }
    p = mhz * 1e6 / freq + 0.5; /* rounded by the conversion below */
    if (p < 1 || p >= 2147483648.0) {
        snprintf(err, errlen, "-F %g at %g MHz is a period of %.0f cycles: the "
                 "stub takes 1 to 2^31 - 1", freq, mhz, p - 0.5);
        return -1;
    }
    *period = (unsigned long)p;
    return 0;
}
